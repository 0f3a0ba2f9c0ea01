//! The lesson's formulas, typeset with MathML (rendered by the browser itself: no math library,
//! no font download).
//!
//! The formulas are fixed markup, so they are `&'static str` constants inserted as HTML: the
//! type of [`Formula`]'s `markup` makes anything built at run time (and so anything derived from
//! input) impossible to pass. Writing them as `view!` trees instead would compile each formula's
//! markup into the wasm (docs/bundle.md); as strings they cost their bytes.
//!
use leptos::prelude::*;

use super::context::use_lesson;
use crate::encoding::Layout;

/// Every formula of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Math {
    Pe,
    PeSplit,
    Wavelength,
    Rotation,
    RotationSplit,
    CombineScaled,
    CombineUnscaled,
    Score,
    ProjectedScore,
    Pool,
    Rope,
    RopeSplit,
    Dot,
}

impl Math {
    /// Its markup.
    pub fn markup(self) -> &'static str {
        match self {
            Math::Pe => PE_FORMULA,
            Math::PeSplit => PE_SPLIT_FORMULA,
            Math::Wavelength => WAVELENGTH_FORMULA,
            Math::Rotation => ROTATION_FORMULA,
            Math::RotationSplit => ROTATION_SPLIT_FORMULA,
            Math::CombineScaled => COMBINE_SCALED_FORMULA,
            Math::CombineUnscaled => COMBINE_UNSCALED_FORMULA,
            Math::Score => SCORE_FORMULA,
            Math::ProjectedScore => PROJECTED_SCORE_FORMULA,
            Math::Pool => POOL_FORMULA,
            Math::Rope => ROPE_FORMULA,
            Math::RopeSplit => ROPE_SPLIT_FORMULA,
            Math::Dot => DOT_FORMULA,
        }
    }
}

/// A display formula, or one of two chosen by the state
/// (`markup=Signal::derive(move || if … { A } else { B })`).
#[component]
pub fn Formula(
    /// The formula shown.
    #[prop(into)]
    markup: Signal<Math>,
) -> impl IntoView {
    // Focusable: on a narrow screen a wide formula scrolls inside its box, by keyboard too.
    view! {
        <div
            class="formula equations"
            tabindex="0"
            inner_html=move || markup.get().markup()
        ></div>
    }
}

/// The interleaved or the split form of a formula, following the layout (a memo of its own, so
/// moving any other control leaves the formula be).
pub fn by_layout(interleaved: Math, split: Math) -> Signal<Math> {
    let params = use_lesson().params;
    let layout = Memo::new(move |_| params.with(|p| p.layout));
    Signal::derive(move || match layout.get() {
        Layout::Interleaved => interleaved,
        Layout::SplitHalves => split,
    })
}

/// PE(pos, 2i) = sin(pos·ω_i), PE(pos, 2i+1) = cos(pos·ω_i), ω_i = base^(−2i/d_model).
const PE_FORMULA: &str = r#"<span class="eq"><math display="block"><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo><mo>=</mo><mi>sin</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo></math></span><span class="eq"><math display="block"><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo><mo>=</mo><mi>cos</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo></math></span><span class="eq"><math display="block"><msub><mi>ω</mi><mi>i</mi></msub><mo>=</mo><msup><mi>base</mi><mrow><mo>−</mo><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mi>model</mi></msub></mrow></msup></math></span>"#;

/// The split layout: PE(pos, i) = sin(pos·ω_i), PE(pos, d_model/2 + i) = cos(pos·ω_i), the same
/// ω_i, for i = 0, …, d_model/2 − 1.
const PE_SPLIT_FORMULA: &str = r#"<span class="eq"><math display="block"><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mi>i</mi><mo>)</mo><mo>=</mo><mi>sin</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo></math></span><span class="eq"><math display="block"><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>+</mo><mi>i</mi><mo>)</mo><mo>=</mo><mi>cos</mi><mo>(</mo><mi>pos</mi><mo>·</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>)</mo></math></span><span class="eq"><math display="block"><msub><mi>ω</mi><mi>i</mi></msub><mo>=</mo><msup><mi>base</mi><mrow><mo>−</mo><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mi>model</mi></msub></mrow></msup><mo>,</mo></math> <math display="block"><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>−</mo><mn>1</mn></math></span>"#;

/// λ_i = 2π / ω_i = 2π · base^(2i/d_model).
const WAVELENGTH_FORMULA: &str = r#"<math display="block"><mrow><msub><mi>λ</mi><mi>i</mi></msub><mo>=</mo><mfrac><mrow><mn>2</mn><mi>π</mi></mrow><msub><mi>ω</mi><mi>i</mi></msub></mfrac><mo>=</mo><mn>2</mn><mi>π</mi><mo>·</mo><msup><mi>base</mi><mrow><mn>2</mn><mi>i</mi><mo>/</mo><msub><mi>d</mi><mi>model</mi></msub></mrow></msup></mrow></math>"#;

/// [PE(pos+k, 2i+1); PE(pos+k, 2i)] = M_k · [PE(pos, 2i+1); PE(pos, 2i)]: the pair as (cos, sin),
/// which turns counter-clockwise as RoPE's pairs do; the product's dot written after the matrix,
/// so that the vector can start a line of its own on a narrow screen.
const ROTATION_FORMULA: &str = r#"<span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo></mrow></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mo>·</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mn>2</mn><mi>i</mi><mo>)</mo></mrow></mtd></mtr></mtable></mrow></math></span>"#;

/// The same rotation in the split layout, where pair i is dimensions i and d_model/2 + i.
const ROTATION_SPLIT_FORMULA: &str = r#"<span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>+</mo><mi>i</mi><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mrow><mi>pos</mi><mo>+</mo><mi>k</mi></mrow><mo>,</mo><mi>i</mi><mo>)</mo></mrow></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>k</mi><msub><mi>ω</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mo>·</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>+</mo><mi>i</mi><mo>)</mo></mrow></mtd></mtr><mtr><mtd><mrow><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>,</mo><mi>i</mi><mo>)</mo></mrow></mtd></mtr></mtable></mrow></math></span>"#;

/// Add: z = √d_model·x + a·PE(pos); concatenate: z = [√d_model·x ; a·PE(pos)], written as a
/// column (the two parts one above the other).
const COMBINE_SCALED_FORMULA: &str = r#"<span class="eq"><math display="block"><msub><mi>z</mi><mtext>add</mtext></msub><mo>=</mo><msqrt><msub><mi>d</mi><mi>model</mi></msub></msqrt><mo>·</mo><mi>x</mi><mo>+</mo><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo></math></span><span class="eq"><math display="block"><msub><mi>z</mi><mtext>concat</mtext></msub><mo>=</mo><mrow><mtable class="bracketed"><mtr><mtd><msqrt><msub><mi>d</mi><mi>model</mi></msub></msqrt><mo>·</mo><mi>x</mi></mtd></mtr><mtr><mtd><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo></mtd></mtr></mtable></mrow></math></span>"#;

/// The same without the factor √d_model.
const COMBINE_UNSCALED_FORMULA: &str = r#"<span class="eq"><math display="block"><msub><mi>z</mi><mtext>add</mtext></msub><mo>=</mo><mi>x</mi><mo>+</mo><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo></math></span><span class="eq"><math display="block"><msub><mi>z</mi><mtext>concat</mtext></msub><mo>=</mo><mrow><mtable class="bracketed"><mtr><mtd><mi>x</mi></mtd></mtr><mtr><mtd><mi>a</mi><mo>·</mo><mi>PE</mi><mo>(</mo><mi>pos</mi><mo>)</mo></mtd></mtr></mtable></mrow></math></span>"#;

/// (x_m + p_m)·(x_n + p_n) split into its four terms.
const SCORE_FORMULA: &str = r#"<span class="eq"><math display="block"><mo>(</mo><msub><mi>x</mi><mi>m</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>)</mo><mo>·</mo><mo>(</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>n</mi></msub><mo>)</mo><mo>=</mo></math> <math display="block"><msub><mi>x</mi><mi>m</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>x</mi><mi>m</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub><mo>+</mo></math> <math display="block"><msub><mi>p</mi><mi>m</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub></math></span>"#;

/// (x_m + p_m)W_Q·(x_n + p_n)W_K split into its four terms.
const PROJECTED_SCORE_FORMULA: &str = r#"<span class="eq"><math display="block"><mo>(</mo><msub><mi>x</mi><mi>m</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><mo>)</mo><msub><mi>W</mi><mi>Q</mi></msub><mo>·</mo><mo>(</mo><msub><mi>x</mi><mi>n</mi></msub><mo>+</mo><msub><mi>p</mi><mi>n</mi></msub><mo>)</mo><msub><mi>W</mi><mi>K</mi></msub><mo>=</mo></math> <math display="block"><msub><mi>x</mi><mi>m</mi></msub><msub><mi>W</mi><mi>Q</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><msub><mi>W</mi><mi>K</mi></msub><mo>+</mo><msub><mi>x</mi><mi>m</mi></msub><msub><mi>W</mi><mi>Q</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub><msub><mi>W</mi><mi>K</mi></msub><mo>+</mo></math> <math display="block"><msub><mi>p</mi><mi>m</mi></msub><msub><mi>W</mi><mi>Q</mi></msub><mo>·</mo><msub><mi>x</mi><mi>n</mi></msub><msub><mi>W</mi><mi>K</mi></msub><mo>+</mo><msub><mi>p</mi><mi>m</mi></msub><msub><mi>W</mi><mi>Q</mi></msub><mo>·</mo><msub><mi>p</mi><mi>n</mi></msub><msub><mi>W</mi><mi>K</mi></msub></math></span>"#;

/// pool(X) = (1/n) Σ_t softmax(QKᵀ/√d)V_t, X = √d·E + a·PE.
const POOL_FORMULA: &str = r#"<span class="eq"><math display="block"><mi>pool</mi><mo>(</mo><mi>X</mi><mo>)</mo><mo>=</mo></math> <math display="block"><mfrac><mn>1</mn><mi>n</mi></mfrac><munderover><mo>∑</mo><mrow><mi>t</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mrow><mi>softmax</mi><mo>(</mo><mfrac><mrow><mi>Q</mi><msup><mi>K</mi><mi>⊤</mi></msup></mrow><msqrt><mi>d</mi></msqrt></mfrac><mo>)</mo><mi>V</mi></mrow><mi>t</mi></msub><mo>,</mo></math></span><span class="eq"><math display="block"><mi>X</mi><mo>=</mo><msqrt><mi>d</mi></msqrt><mi>E</mi><mo>+</mo><mi>a</mi><mo>·</mo><mi>PE</mi></math></span>"#;

/// RoPE, pairs (2i, 2i+1): [q'_2i; q'_2i+1] = [[cos mθ_i, −sin mθ_i], [sin mθ_i, cos mθ_i]] ·
/// [q_2i; q_2i+1], the key likewise with n, θ_i = base^(−2i/d), i = 0, …, d/2 − 1.
const ROPE_FORMULA: &str = r#"<span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><msub><mrow><mi>q</mi><mo>′</mo></mrow><mrow><mn>2</mn><mi>i</mi></mrow></msub></mtd></mtr><mtr><mtd><msub><mrow><mi>q</mi><mo>′</mo></mrow><mrow><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn></mrow></msub></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mrow><mtable class="bracketed"><mtr><mtd><msub><mi>q</mi><mrow><mn>2</mn><mi>i</mi></mrow></msub></mtd></mtr><mtr><mtd><msub><mi>q</mi><mrow><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn></mrow></msub></mtd></mtr></mtable></mrow></math></span><span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><msub><mrow><mi>k</mi><mo>′</mo></mrow><mrow><mn>2</mn><mi>i</mi></mrow></msub></mtd></mtr><mtr><mtd><msub><mrow><mi>k</mi><mo>′</mo></mrow><mrow><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn></mrow></msub></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mrow><mtable class="bracketed"><mtr><mtd><msub><mi>k</mi><mrow><mn>2</mn><mi>i</mi></mrow></msub></mtd></mtr><mtr><mtd><msub><mi>k</mi><mrow><mn>2</mn><mi>i</mi><mo>+</mo><mn>1</mn></mrow></msub></mtd></mtr></mtable></mrow></math></span><span class="eq"><math display="block"><msub><mi>θ</mi><mi>i</mi></msub><mo>=</mo><msup><mi>base</mi><mrow><mo>−</mo><mn>2</mn><mi>i</mi><mo>/</mo><mi>d</mi></mrow></msup><mo>,</mo></math> <math display="block"><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>d</mi><mo>/</mo><mn>2</mn><mo>−</mo><mn>1</mn></math></span>"#;

/// RoPE, pairs (i, i + d/2): the same rotation of [q_i; q_i+d/2] by mθ_i (the key's by nθ_i).
const ROPE_SPLIT_FORMULA: &str = r#"<span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><msub><mrow><mi>q</mi><mo>′</mo></mrow><mi>i</mi></msub></mtd></mtr><mtr><mtd><msub><mrow><mi>q</mi><mo>′</mo></mrow><mrow><mi>i</mi><mo>+</mo><mi>d</mi><mo>/</mo><mn>2</mn></mrow></msub></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>m</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mrow><mtable class="bracketed"><mtr><mtd><msub><mi>q</mi><mi>i</mi></msub></mtd></mtr><mtr><mtd><msub><mi>q</mi><mrow><mi>i</mi><mo>+</mo><mi>d</mi><mo>/</mo><mn>2</mn></mrow></msub></mtd></mtr></mtable></mrow></math></span><span class="eq"><math display="block"><mrow><mtable class="bracketed"><mtr><mtd><msub><mrow><mi>k</mi><mo>′</mo></mrow><mi>i</mi></msub></mtd></mtr><mtr><mtd><msub><mrow><mi>k</mi><mo>′</mo></mrow><mrow><mi>i</mi><mo>+</mo><mi>d</mi><mo>/</mo><mn>2</mn></mrow></msub></mtd></mtr></mtable></mrow><mo>=</mo></math> <math display="block"><mrow><mtable class="bracketed"><mtr><mtd><mrow><mi>cos</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mo>−</mo><mi>sin</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr><mtr><mtd><mrow><mi>sin</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd><mtd><mrow><mi>cos</mi><mi>n</mi><msub><mi>θ</mi><mi>i</mi></msub></mrow></mtd></mtr></mtable></mrow><mrow><mtable class="bracketed"><mtr><mtd><msub><mi>k</mi><mi>i</mi></msub></mtd></mtr><mtr><mtd><msub><mi>k</mi><mrow><mi>i</mi><mo>+</mo><mi>d</mi><mo>/</mo><mn>2</mn></mrow></msub></mtd></mtr></mtable></mrow></math></span><span class="eq"><math display="block"><msub><mi>θ</mi><mi>i</mi></msub><mo>=</mo><msup><mi>base</mi><mrow><mo>−</mo><mn>2</mn><mi>i</mi><mo>/</mo><mi>d</mi></mrow></msup><mo>,</mo></math> <math display="block"><mi>i</mi><mo>=</mo><mn>0</mn><mo>,</mo><mo>…</mo><mo>,</mo><mi>d</mi><mo>/</mo><mn>2</mn><mo>−</mo><mn>1</mn></math></span>"#;

/// PE(m)·PE(n) = Σ_i cos(ω_i (m − n)).
const DOT_FORMULA: &str = r#"<span class="eq"><math display="block"><mi>PE</mi><mo>(</mo><mi>m</mi><mo>)</mo><mo>·</mo><mi>PE</mi><mo>(</mo><mi>n</mi><mo>)</mo><mo>=</mo></math> <math display="block"><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>0</mn></mrow><mrow><msub><mi>d</mi><mi>model</mi></msub><mo>/</mo><mn>2</mn><mo>−</mo><mn>1</mn></mrow></munderover><mi>cos</mi><mo>(</mo><msub><mi>ω</mi><mi>i</mi></msub><mo>(</mo><mi>m</mi><mo>−</mo><mi>n</mi><mo>)</mo><mo>)</mo></math></span>"#;
