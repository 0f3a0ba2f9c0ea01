//! Lab (in the RoPE panel): one RoPE pair read as complex numbers. Pair i of
//! the query is one complex number q, the key's k; turning by mθ_i is multiplying by e^{imθ_i}
//! (RoFormer, Su et al., §3.4.1 eq. (33)), and the pair's part of the score is
//! Re(q_m·conj(k_n)) = Re(q·conj(k)·e^{i(m−n)θ_i}) (eq. (35)), printed beside the 2×2 rotation
//! form: three computations of one number (`encoding::rope::rope_pair_forms`).

use leptos::prelude::*;

use crate::encoding::rope::rope_pair_forms;
use crate::encoding::{rope_demo_vectors, rope_plane};
use crate::ui::context::use_lesson;

#[component]
pub fn RopeComplexLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    // Pair i's part of the score, in its three forms, for the panel's query and key.
    // Only what the pair's score depends on: moving pos, k or the length recomputes nothing.
    let inputs = Memo::new(move |_| {
        params.with(|p| (p.d_model, p.rope_m, p.rope_n, p.pair, p.base, p.layout))
    });
    let forms = Memo::new(move |_| {
        let (d_model, m, n, pair, base, layout) = inputs.get();
        let (q, k) = rope_demo_vectors(d_model);
        let (m, n) = (m as f64, n as f64);
        let plane = rope_plane(&q, &k, m, n, pair, base, layout);
        rope_pair_forms(plane.q, plane.k, plane.theta, m, n)
    });
    let number = move |form: usize| move || format!("{:.15}", forms.get()[form]);
    view! {
        <div class="formula" tabindex="0">
            <math display="block">
                <mrow>
                    <mi>"Re"</mi><mo>"("</mo><msub><mi>"q"</mi><mi>"m"</mi></msub><mo>"·"</mo>
                    <mover><msub><mi>"k"</mi><mi>"n"</mi></msub><mo>"¯"</mo></mover><mo>")"</mo>
                    <mo>"="</mo>
                    <mi>"Re"</mi><mo>"("</mo><mi>"q"</mi><mo>"·"</mo><mover><mi>"k"</mi><mo>"¯"</mo></mover><mo>"·"</mo>
                    <msup>
                        <mi>"e"</mi>
                        <mrow><mi>"i"</mi><mo>"("</mo><mi>"m"</mi><mo>"−"</mo><mi>"n"</mi><mo>")"</mo><msub><mi>"θ"</mi><mi>"i"</mi></msub></mrow>
                    </msup>
                    <mo>")"</mo>
                </mrow>
            </math>
        </div>
        <dl class="numbers">
            <dt>"R(mθ_i)q · R(nθ_i)k"</dt>
            <dd data-testid="rope-pair-rotation">{number(0)}</dd>
            <dt>"Re(q·e^(imθ_i) · conj(k·e^(inθ_i)))"</dt>
            <dd data-testid="rope-pair-turned">{number(1)}</dd>
            <dt>"Re(q·conj(k)·e^(i(m−n)θ_i))"</dt>
            <dd data-testid="rope-pair-offset">{number(2)}</dd>
        </dl>
    }
}
