//! Lab (in the dot-product panel): why waves, the shift and every mixing by offset.
//! The shift S on N positions, a wave and a random vector under it, and a mixing whose weights
//! depend on the offset alone, as a filter of frequencies (`encoding::shift_operator::shift_report`).

use leptos::prelude::*;

use crate::encoding::omega;
use crate::encoding::shift_operator::{shift_report, ShiftReport};
use crate::lesson::labs::shift_operator::{
    KernelKind, ShiftSettings, F, F2, KERNEL, N, SEED, SLOPE, WIDTH,
};
use crate::lesson::Lang;
use crate::render::numbers::error_text;
use crate::render::bars::bar_marks;
use crate::ui::context::{tr, use_lesson};

use super::parts::{LabFigure, LabChoice, LabSlider, SvgChart, Track};
use super::Linked;

const KERNELS: [[&str; 2]; 3] = [
    ["window: the mean of the positions within w", "窗口：距离 w 以内各位置的平均"],
    ["decay with distance, e^(−slope·distance)", "随距离衰减，e^(−斜率·距离)"],
    ["random weights", "随机权重"],
];
const MIRRORS: [[&str; 2]; 2] = [
    [" (mirrors N − f: ", "（镜像 N − f："],
    [")", "）"],
];
/// A complex number as "a ± bi", six decimals.
fn complex_text(re: f64, im: f64) -> String {
    let sign = if im < 0.0 { '−' } else { '+' };
    format!("{re:.6} {sign} {:.6}i", im.abs())
}

#[component]
pub fn ShiftOperatorLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let lang = lesson.lang;
    let lab = Linked::<ShiftSettings>::from_link();
    let settings = lab.settings;

    // The page's pair i, whose wave the lab puts on the circle.
    let encoding_omega = Memo::new(move |_| params.with(|p| omega(p.pair, p.d_model, p.base)));
    let report = Memo::new(move |_| {
        let s = settings.get();
        shift_report(s.n, s.f, s.f2, s.kernel(), encoding_omega.get())
    });
    // The bounds that follow N (`ShiftSettings::fix` keeps the values inside them).
    let n_less_one = Signal::derive(move || settings.with(|s| s.n - 1) as f64);
    let kind = move || settings.with(|s| s.kind);
    let text = move |make: fn(&ShiftReport, &ShiftSettings, Lang) -> String| {
        Signal::derive(move || report.with(|r| settings.with(|s| make(r, s, lang.get()))))
    };

    view! {
        <div class="lab-controls">
            <LabSlider label=["positions on the circle N", "圈上的位置数 N"] testid="shift-operator-n" row=lab.slider(&N) track=Track::Linear step=1.0 />
            <LabSlider label=["frequency f of the wave", "波的频率 f"] testid="shift-operator-f" row=lab.slider(&F) track=Track::Linear step=1.0
                up_to=n_less_one />
            <LabSlider label=["frequency f2 of the second wave", "第二个波的频率 f2"] testid="shift-operator-f2" row=lab.slider(&F2) track=Track::Linear step=1.0
                up_to=n_less_one />
            <LabChoice label=["kernel h of the mixing A", "混合 A 的核 h"] testid="shift-operator-kernel" choices=&KERNELS row=lab.choice(&KERNEL) />
            <Show when=move || kind() == KernelKind::Window>
                <LabSlider label=["window half-width w", "窗口半宽 w"] testid="shift-operator-width" row=lab.slider(&WIDTH) track=Track::Linear
                    step=1.0 up_to=Signal::derive(move || settings.with(|s| s.n / 2) as f64) />
            </Show>
            <Show when=move || kind() == KernelKind::Decay>
                <LabSlider label=["slope", "斜率"] testid="shift-operator-slope" row=lab.slider(&SLOPE) track=Track::Linear
                    step=0.05 />
            </Show>
            <Show when=move || kind() == KernelKind::Random>
                <LabSlider label=["seed", "随机种子"] testid="shift-operator-seed" row=lab.slider(&SEED) track=Track::Linear
                    step=1.0 />
            </Show>
        </div>
        <dl class="numbers">
            <dt>{tr(["S on the wave of frequency f: λ, and e^(−2πi·f/N)", "S 作用于频率为 f 的波：λ，以及 e^(−2πi·f/N)"])}</dt>
            <dd data-testid="shift-operator-eigenvalue">{text(|r, s, _| {
                let angle = -std::f64::consts::TAU * s.f as f64 / s.n as f64;
                format!("{}; {}", complex_text(r.wave_lambda.re, r.wave_lambda.im), complex_text(angle.cos(), angle.sin()))
            })}</dd>
            <dt>{tr(["‖Sv − λv‖ / ‖v‖ for that wave", "这个波的 ‖Sv − λv‖ / ‖v‖"])}</dt>
            <dd data-testid="shift-operator-wave-residual">{text(|r, _, _| error_text(r.wave_residual))}</dd>
            <dt>{tr(["‖Sx − λx‖ / ‖x‖ for a random vector, best λ", "随机向量的 ‖Sx − λx‖ / ‖x‖（取最佳 λ）"])}</dt>
            <dd data-testid="shift-operator-random-residual">{text(|r, _, _| error_text(r.random_residual))}</dd>
            <dt>{move || format!("{}{:.6}", lang.get().pick(["the same for the page's pair i on this circle, ω_i = ", "本页第 i 对的波在这个圈上的同一残差，ω_i = "]), encoding_omega.get())}</dt>
            <dd data-testid="shift-operator-encoding-residual">{text(|r, _, _| error_text(r.encoding_residual))}</dd>
            // Lesson step 10 masks these until Reveal: that the mixing commutes with the shift
            // and passes every wave through, scaled, is its answer.
            <div data-readout="shift-eigen">
                <dt>{tr(["‖AS − SA‖ for the mixing by offset", "只看偏移量的混合的 ‖AS − SA‖"])}</dt>
                <dd data-testid="shift-operator-circulant">{text(|r, _, _| error_text(r.circulant_commutator))}</dd>
            </div>
            <dt>{tr(["‖AS − SA‖ for softmax attention over random content", "随机内容上的 softmax 注意力的 ‖AS − SA‖"])}</dt>
            <dd data-testid="shift-operator-content">{text(|r, _, _| error_text(r.content_commutator))}</dd>
            <div data-readout="shift-eigen">
                <dt>{tr(["H(f): the gain |H(f)| and the phase arg H(f)", "H(f)：增益 |H(f)| 和相位 arg H(f)"])}</dt>
                <dd data-testid="shift-operator-response">{text(|r, s, _| {
                    let h = r.response[s.f];
                    // A phase that is 0 to rounding prints as 0, not −0.000000.
                    let phase = if h.arg().abs() < 5e-7 { 0.0 } else { h.arg() };
                    format!("{:.6}, {phase:.6}", h.abs())
                })}</dd>
                <dt>{tr(["largest |(Av)_t − H(f)·v_t|", "最大的 |(Av)_t − H(f)·v_t|"])}</dt>
                <dd data-testid="shift-operator-through">{text(|r, _, _| error_text(r.wave_through_mixing))}</dd>
            </div>
            <dt>{tr(["frequencies in A·(wave f + wave f2)", "A·(波 f + 波 f2) 中的频率"])}</dt>
            <dd data-testid="shift-operator-frequencies" data-readout="shift-frequencies">{text(|r, s, lang| {
                let list = |k: Vec<usize>| k.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
                let (main, mirrors): (Vec<usize>, Vec<usize>) = r.frequencies_out.iter().partition(|&&k| 2 * k <= s.n);
                match (main.is_empty(), mirrors.is_empty()) {
                    (true, true) => lang.pick(["none: H removes both", "没有：H 把两者都去掉了"]).to_string(),
                    (_, true) => format!("f = {}", list(main)),
                    _ => format!("f = {}{}{}{}", list(main), lang.pick(MIRRORS[0]), list(mirrors.into_iter().rev().collect()), lang.pick(MIRRORS[1])),
                }
            })}</dd>
        </dl>
        <LabFigure caption=["The kernel h[d]: the weight a position gives the one d places before it", "核 h[d]：一个位置给它前面第 d 个位置的权重"]>
            <SvgChart testid="shift-operator-kernel-chart" marks=Signal::derive(move || report.with(|r| bar_marks(&r.kernel, &[], "d"))) />
        </LabFigure>
        <div data-readout="shift-eigen">
            <LabFigure caption=["|H(f)|, the frequency response; f and f2 in orange", "|H(f)|，频率响应；f 和 f2 为橙色"]>
                <SvgChart testid="shift-operator-response-chart" marks=Signal::derive(move || {
                    let chosen = settings.with(|s| [s.f, s.f2]);
                    report.with(|r| bar_marks(&r.response.iter().map(|h| h.abs()).collect::<Vec<_>>(), &chosen, "f"))
                }) />
            </LabFigure>
        </div>
        <p>{tr([
            "Two limits the usual telling of this argument passes over. The encoding's own waves close on an N-position circle only when ω_i·N is a multiple of 2π, which it almost never is: on the circle they are eigenvectors only approximately (the residual of the page's pair i is printed), exactly only on a sequence without end. And softmax attention's weights depend on what is at each position, not only on the offset: for a given sentence its matrix does not commute with the shift (printed for random content). What this lab shows holds for the part of a score that depends on position alone.",
            "这个论证的常见讲法略过了两个限制。位置编码自己的波只有在 ω_i·N 是 2π 的整数倍时才能在 N 个位置的圈上首尾相接，而这几乎从不成立：在圈上它们只是近似的本征向量（本实验的读数给出本页第 i 对的残差），只有在无限长的序列上才严格成立。另外，softmax 注意力的权重取决于每个位置上的内容，而不只是偏移量：对一个给定的句子，它的矩阵与平移算子不可交换（本实验的读数给出随机内容下的值）。本实验的结论只适用于分数中仅取决于位置的那一部分。",
        ])}</p>
    }
}
