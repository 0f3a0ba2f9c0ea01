//! The lesson's formulas, typeset with MathML (rendered by the browser itself: no math library,
//! no font download).

use leptos::prelude::*;

/// PE(pos, 2i) = sin(pos·ω_i), PE(pos, 2i+1) = cos(pos·ω_i), ω_i = base^(−2i/d_model).
#[component]
pub fn PeFormula() -> impl IntoView {
    view! {
        <math display="block" class="formula">
            <mtable>
                <mtr><mtd>
                    <mrow>
                        <mi>"PE"</mi><mo>"("</mo><mi>"pos"</mi><mo>","</mo><mn>"2"</mn><mi>"i"</mi><mo>")"</mo>
                        <mo>"="</mo><mi>"sin"</mi><mo>"("</mo><mi>"pos"</mi><mo>"·"</mo>
                        <msub><mi>"ω"</mi><mi>"i"</mi></msub><mo>")"</mo>
                        <mspace width="1em"></mspace>
                        <mi>"PE"</mi><mo>"("</mo><mi>"pos"</mi><mo>","</mo><mn>"2"</mn><mi>"i"</mi><mo>"+"</mo><mn>"1"</mn><mo>")"</mo>
                        <mo>"="</mo><mi>"cos"</mi><mo>"("</mo><mi>"pos"</mi><mo>"·"</mo>
                        <msub><mi>"ω"</mi><mi>"i"</mi></msub><mo>")"</mo>
                    </mrow>
                </mtd></mtr>
                <mtr><mtd>
                    <mrow>
                        <msub><mi>"ω"</mi><mi>"i"</mi></msub><mo>"="</mo>
                        <msup>
                            <mi>"base"</mi>
                            <mrow><mo>"−"</mo><mn>"2"</mn><mi>"i"</mi><mo>"/"</mo><msub><mi>"d"</mi><mi>"model"</mi></msub></mrow>
                        </msup>
                    </mrow>
                </mtd></mtr>
            </mtable>
        </math>
    }
}

/// λ_i = 2π / ω_i = 2π · base^(2i/d_model).
#[component]
pub fn WavelengthFormula() -> impl IntoView {
    view! {
        <math display="block" class="formula">
            <mrow>
                <msub><mi>"λ"</mi><mi>"i"</mi></msub><mo>"="</mo>
                <mfrac><mrow><mn>"2"</mn><mi>"π"</mi></mrow><msub><mi>"ω"</mi><mi>"i"</mi></msub></mfrac>
                <mo>"="</mo><mn>"2"</mn><mi>"π"</mi><mo>"·"</mo>
                <msup>
                    <mi>"base"</mi>
                    <mrow><mn>"2"</mn><mi>"i"</mi><mo>"/"</mo><msub><mi>"d"</mi><mi>"model"</mi></msub></mrow>
                </msup>
            </mrow>
        </math>
    }
}

/// [PE(pos+k, 2i); PE(pos+k, 2i+1)] = M_k · [PE(pos, 2i); PE(pos, 2i+1)].
#[component]
pub fn RotationFormula() -> impl IntoView {
    let column = |shifted: bool| {
        let pos = move || {
            if shifted {
                view! { <mrow><mi>"pos"</mi><mo>"+"</mo><mi>"k"</mi></mrow> }.into_any()
            } else {
                view! { <mi>"pos"</mi> }.into_any()
            }
        };
        view! {
            <mrow>
                <mo>"["</mo>
                <mtable>
                    <mtr><mtd><mrow><mi>"PE"</mi><mo>"("</mo>{pos()}<mo>","</mo><mn>"2"</mn><mi>"i"</mi><mo>")"</mo></mrow></mtd></mtr>
                    <mtr><mtd><mrow><mi>"PE"</mi><mo>"("</mo>{pos()}<mo>","</mo><mn>"2"</mn><mi>"i"</mi><mo>"+"</mo><mn>"1"</mn><mo>")"</mo></mrow></mtd></mtr>
                </mtable>
                <mo>"]"</mo>
            </mrow>
        }
    };
    view! {
        <math display="block" class="formula">
            <mrow>
                {column(true)}
                <mo>"="</mo>
                <mrow>
                    <mo>"["</mo>
                    <mtable>
                        <mtr>
                            <mtd><mrow><mi>"cos"</mi><mi>"k"</mi><msub><mi>"ω"</mi><mi>"i"</mi></msub></mrow></mtd>
                            <mtd><mrow><mi>"sin"</mi><mi>"k"</mi><msub><mi>"ω"</mi><mi>"i"</mi></msub></mrow></mtd>
                        </mtr>
                        <mtr>
                            <mtd><mrow><mo>"−"</mo><mi>"sin"</mi><mi>"k"</mi><msub><mi>"ω"</mi><mi>"i"</mi></msub></mrow></mtd>
                            <mtd><mrow><mi>"cos"</mi><mi>"k"</mi><msub><mi>"ω"</mi><mi>"i"</mi></msub></mrow></mtd>
                        </mtr>
                    </mtable>
                    <mo>"]"</mo>
                </mrow>
                {column(false)}
            </mrow>
        </math>
    }
}

/// Add: z = s·x + a·PE(pos); concatenate: z = [s·x ; a·PE(pos)]; and the four-term score.
#[component]
pub fn CombineFormula() -> impl IntoView {
    view! {
        <math display="block" class="formula">
            <mtable>
                <mtr><mtd>
                    <mrow>
                        <msub><mi>"z"</mi><mtext>"add"</mtext></msub><mo>"="</mo>
                        <msqrt><msub><mi>"d"</mi><mi>"model"</mi></msub></msqrt><mo>"·"</mo><mi>"x"</mi>
                        <mo>"+"</mo><mi>"a"</mi><mo>"·"</mo><mi>"PE"</mi><mo>"("</mo><mi>"pos"</mi><mo>")"</mo>
                        <mspace width="1.5em"></mspace>
                        <msub><mi>"z"</mi><mtext>"concat"</mtext></msub><mo>"="</mo>
                        <mo>"["</mo><msqrt><msub><mi>"d"</mi><mi>"model"</mi></msub></msqrt><mo>"·"</mo><mi>"x"</mi>
                        <mo>";"</mo><mi>"a"</mi><mo>"·"</mo><mi>"PE"</mi><mo>"("</mo><mi>"pos"</mi><mo>")"</mo><mo>"]"</mo>
                    </mrow>
                </mtd></mtr>
                <mtr><mtd>
                    <mrow>
                        <mo>"("</mo><msub><mi>"x"</mi><mi>"m"</mi></msub><mo>"+"</mo><msub><mi>"p"</mi><mi>"m"</mi></msub><mo>")"</mo>
                        <mo>"·"</mo>
                        <mo>"("</mo><msub><mi>"x"</mi><mi>"n"</mi></msub><mo>"+"</mo><msub><mi>"p"</mi><mi>"n"</mi></msub><mo>")"</mo>
                        <mo>"="</mo>
                        <msub><mi>"x"</mi><mi>"m"</mi></msub><mo>"·"</mo><msub><mi>"x"</mi><mi>"n"</mi></msub><mo>"+"</mo>
                        <msub><mi>"x"</mi><mi>"m"</mi></msub><mo>"·"</mo><msub><mi>"p"</mi><mi>"n"</mi></msub><mo>"+"</mo>
                        <msub><mi>"p"</mi><mi>"m"</mi></msub><mo>"·"</mo><msub><mi>"x"</mi><mi>"n"</mi></msub><mo>"+"</mo>
                        <msub><mi>"p"</mi><mi>"m"</mi></msub><mo>"·"</mo><msub><mi>"p"</mi><mi>"n"</mi></msub>
                    </mrow>
                </mtd></mtr>
            </mtable>
        </math>
    }
}
