//! The lesson's formulas, typeset with MathML (rendered by the browser itself: no math library,
//! no font download).
//!
//! The formulas are fixed markup, so they are `&'static str` constants inserted as HTML: the
//! type of [`Formula`]'s `markup` makes anything built at run time (and so anything derived from
//! input) impossible to pass. Writing them as `view!` trees instead would compile each formula's
//! markup into the wasm (docs/bundle.md); as strings they cost their bytes.

use leptos::prelude::*;

/// A display formula from one of the constants below.
#[component]
pub fn Formula(markup: &'static str) -> impl IntoView {
    view! { <div class="formula" inner_html=markup></div> }
}

/// PE(pos, 2i) = sin(pos·ω_i), PE(pos, 2i+1) = cos(pos·ω_i), ω_i = base^(−2i/d_model).
pub const PE_FORMULA: &str = r#"<math display="block"><mtable><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo><mo>=</mo><mi>sin</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo><mspace width="1em"></mspace><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo><mo>=</mo><mi>cos</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><msub><mi>ω</mi><mi>i</mi></msub><mo>=</mo><msup><mi>base</mi><mrow><mo>−</mo><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mi>model</mi></msub></mrow></msup></mrow></mtd></mtr></mtable></math>"#;

/// λ_i = 2π / ω_i = 2π · base^(2i/d_model).
pub const WAVELENGTH_FORMULA: &str = r#"<math display="block"><mrow><msub><mi>λ</mi><mi>i</mi></msub><mo>=</mo><mfrac><mrow><mn>2</mn><mi>π</mi></mrow><msub><mi>ω</mi><mi>i</mi></msub></mfrac><mo>=</mo><mn>2</mn><mi>π</mi><mo>·</mo><msup><mi>base</mi><mrow><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mi>model</mi></msub></mrow></msup></mrow></math>"#;

/// [PE(pos+k, 2i); PE(pos+k, 2i+1)] = M_k · [PE(pos, 2i); PE(pos, 2i+1)].
pub const ROTATION_FORMULA: &str = r#"<math display="block"><mrow><mrow><mo>[</mo><mtable><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo></mrow></mtd></mtr></mtable><mo>]</mo></mrow><mo>=</mo><mrow><mo>[</mo><mtable><mtr><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mo>−</mo><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable><mo>]</mo></mrow><mrow><mo>[</mo><mtable><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo></mrow></mtd></mtr></mtable><mo>]</mo></mrow></mrow></math>"#;

/// Add: z = √d_model·x + a·PE(pos); concatenate: z = [√d_model·x ; a·PE(pos)]; and the four-term score.
pub const COMBINE_FORMULA: &str = r#"<math display="block"><mtable><mtr><mtd><mrow><msub><mi>z</mi><mtext>add</mtext></msub><mo>=</mo><msqrt><msub><mi>d</mi><mi>model</mi></msub></msqrt><mo>·</mo><mi>x</mi><mo>+</mo><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo><mspace width="1.5em"></mspace><msub><mi>z</mi><mtext>concat</mtext></msub><mo>=</mo><mo>[</mo><msqrt><msub><mi>d</mi><mi>model</mi></msub></msqrt><mo>·</mo><mi>x</mi><mo>;</mo><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo><mo>]</mo></mrow></mtd></mtr><mtr><mtd><mrow><mo>(</mo><msub><mi>x</mi><mi>m</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>)</mo><mo>·</mo><mo>(</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>n</mi></msub><mo>)</mo><mo>=</mo><msub><mi>x</mi><mi>m</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>x</mi><mi>m</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub></mrow></mtd></mtr></mtable></math>"#;

/// pool(X) = (1/n) Σ_t softmax(QKᵀ/√d)V_t, X = √d·E + a·PE.
pub const POOL_FORMULA: &str = r#"<math display="block"><mrow><mi>pool</mi><mo>(</mo><mi>X</mi><mo>)</mo><mo>=</mo><mfrac><mn>1</mn><mi>n</mi></mfrac><munderover><mo>∑</mo><mrow><mi>t</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mrow><mi>softmax</mi><mo>(</mo><mfrac><mrow><mi>Q</mi><msup><mi>K</mi><mi>⊤</mi></msup></mrow><msqrt><mi>d</mi></msqrt></mfrac><mo>)</mo><mi>V</mi></mrow><mi>t</mi></msub><mo>,</mo><mspace width="1em"></mspace><mi>X</mi><mo>=</mo><msqrt><mi>d</mi></msqrt><mi>E</mi><mo>+</mo><mi>a</mi><mo>·</mo><mi>PE</mi></mrow></math>"#;

/// PE(m)·PE(n) = Σ_i cos(ω_i (m − n)).
pub const DOT_FORMULA: &str = r#"<math display="block"><mrow><mi>PE</mi><mo>(</mo><mi>m</mi><mo>)</mo><mo>·</mo><mi>PE</mi><mo>(</mo><mi>n</mi><mo>)</mo><mo>=</mo><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>−</mo><mn>1</mn></mrow></munderover><mi>cos</mi><mo>(</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>(</mo><mi>m</mi><mo>−</mo><mi>n</mi><mo>)</mo><mo>)</mo></mrow></math>"#;
