//! Lab (in the RoPE panel): one RoPE pair read as complex numbers (issue 18, item 5). Pair i of
//! the query is one complex number q, the key's k; turning by mθ_i is multiplying by e^{imθ_i}
//! (RoFormer, Su et al., §3.4.1 eq. (33)), and the pair's part of the score is
//! Re(q_m·conj(k_n)) = Re(q·conj(k)·e^{i(m−n)θ_i}) (eq. (35)), printed beside the 2×2 rotation
//! form: three computations of one number (`encoding::rope::rope_pair_forms`).

use super::parts::term_text;
use leptos::prelude::*;

use crate::encoding::rope::rope_pair_forms;
use crate::encoding::{rope_demo_vectors, rope_plane};
use crate::ui::context::use_lesson;

pub const TITLE: [&str; 2] = ["The same pair as complex numbers", "用复数看同一对维度"];

pub const TEXT: [&str; 2] = [
    "Read pair i of the query, the two dimensions RoPE turns together, as one complex number q (the first dimension is the real part, the second the imaginary part), and the key's pair as k. Turning a pair by the angle mθ_i is multiplying it by e^(imθ_i), and the pair's part of the score is the real part of q_m times the conjugate of k_n. The conjugate and the real part matter: e^(imθ_i)·e^(−inθ_i) leaves only e^(i(m−n)θ_i), so the positions enter through m − n alone. (A formula often quoted writes the product as (q·k)·e^(iθk); without the conjugate and the real part that is not the score.) The three numbers below are this pair's part of the score computed three ways: with the 2×2 rotation matrices, with each vector turned by its own position, and with the offset alone. Move m and n above, or the pair i: they stay equal to rounding.",
    "把查询向量的第 i 对维度（RoPE 一起旋转的两个维度）看成一个复数 q：第一个维度是实部，第二个是虚部；键向量的这一对看成 k。把一对维度旋转 mθ_i 角，就是乘以 e^(imθ_i)；这一对在分数中的贡献，是 q_m 乘以 k_n 的共轭之后取实部。共轭和取实部都不能少：e^(imθ_i)·e^(−inθ_i) 只剩下 e^(i(m−n)θ_i)，所以位置只通过 m − n 起作用。（常被引用的一种写法把乘积写成 (q·k)·e^(iθk)；少了共轭和取实部，那就不是注意力分数。）下面三个数用三种方法计算这一对维度在分数中的贡献：用 2×2 旋转矩阵；把两个向量各自按位置旋转；只用偏移量。移动上面的 m、n 或第 i 对，三个数始终相等（只差舍入误差）。",
];

#[component]
pub fn RopeComplexLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let language = move || lesson.lang.get().index();
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
        <h3 id="lab-rope-complex" data-testid="rope-complex-title">{move || TITLE[language()]}</h3>
        <p data-testid="rope-complex-text">{term_text(TEXT)}</p>
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
