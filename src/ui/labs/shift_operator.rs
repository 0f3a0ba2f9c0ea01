//! Lab (in the dot-product panel): why waves, the shift and every mixing by offset (issue 18,
//! item 4; seed 002, "频率、滤波器与本征模"). The shift S on N positions, a wave and a random
//! vector under it, and a mixing whose weights depend on the offset alone, as a filter of
//! frequencies (`encoding::shift_operator::shift_report`).

use leptos::prelude::*;

use crate::encoding::omega;
use crate::encoding::shift_operator::{shift_report, ShiftReport};
use crate::lesson::lab_query::{read_shift, shift_pairs, ShiftSettings, SHIFT_N_MAX, SHIFT_PREFIX};
use crate::render::basis_fit::error_text;
use crate::render::shift_operator::bar_marks;
use crate::ui::context::use_lesson;

use super::parts::{term_text, LabSlider, LinkProblems, Sliders, SvgChart, Track};

pub const TITLE: [&str; 2] = [
    "Why waves: the shift, and every mixing by offset",
    "为什么是波：平移，以及只看偏移量的混合",
];

pub const TEXT: [&str; 2] = [
    "The dot product above depends on the offset k alone. Here is why waves are the natural coordinates for anything that looks only at offsets. Put N positions on a circle and let the shift S move every entry one place later (the last wraps round to the front). A wave e^(2πi·f·t/N) comes back from S as itself times one number, e^(−2πi·f/N): it is an eigenvector of the shift. A random vector does not: no number λ brings Sx close to λx. Now mix the positions with weights that depend only on the offset t − s: a matrix A with A_ts = h[(t − s) mod N], for a kernel h that is a window, a decay with distance like ALiBi's penalty, or random weights such as training might leave. ⟦shift-why|Such an A commutes with S (AS = SA), so it has the same eigenvectors: it returns each wave times one number H(f), the kernel's discrete Fourier transform (the second chart), which scales the wave by |H(f)| and shifts its phase by arg H(f). It filters frequencies and never makes a new one; a frequency where H(f) = 0 is removed.⟧",
    "上面的点积只取决于偏移量 k。这里说明为什么对只看偏移量的运算来说，波是最自然的坐标。把 N 个位置排成一个圈，让平移算子 S 把每个分量往后移一位（最后一个绕回最前面）。波 e^(2πi·f·t/N) 经过 S 之后，变成它自己乘以一个数 e^(−2πi·f/N)：它是平移算子的本征向量。随机向量则不是：没有哪个数 λ 能让 Sx 接近 λx。现在用只取决于偏移量 t − s 的权重来混合各个位置：矩阵 A 满足 A_ts = h[(t − s) mod N]，核 h 可以是窗口，可以像 ALiBi 的惩罚那样随距离衰减，也可以是训练后可能留下的那种随机权重。⟦shift-why|这样的 A 与 S 可交换（AS = SA），所以它们有相同的本征向量：A 作用于每个波，只是把它乘以一个数 H(f)；H(f) 是核的离散傅里叶变换（第二张图），它把波的幅度乘以 |H(f)|，把相位加上 arg H(f)。它只过滤频率，从不产生新的频率；H(f) = 0 的频率会被去掉。⟧",
];

const LIMITS: [&str; 2] = [
    "Two limits the usual telling of this argument passes over. The encoding's own waves close on an N-position circle only when ω_i·N is a multiple of 2π, which it almost never is: on the circle they are eigenvectors only approximately (the residual of the page's pair i is printed), exactly only on a sequence without end. And softmax attention's weights depend on what is at each position, not only on the offset: for a given sentence its matrix does not commute with the shift (printed for random content). What this lab shows holds for the part of a score that depends on position alone.",
    "这个论证的常见讲法略过了两个限制。位置编码自己的波只有在 ω_i·N 是 2π 的整数倍时才能在 N 个位置的圈上首尾相接，而这几乎从不成立：在圈上它们只是近似的本征向量（上面给出本页第 i 对的残差），只有在无限长的序列上才严格成立。另外，softmax 注意力的权重取决于每个位置上的内容，而不只是偏移量：对一个给定的句子，它的矩阵与平移算子不可交换（上面给出随机内容下的值）。本实验的结论只适用于分数中仅取决于位置的那一部分。",
];

/// The lab's other words, per language.
struct Words {
    n: &'static str,
    f: &'static str,
    f2: &'static str,
    kernel: &'static str,
    kernels: [&'static str; 3],
    width: &'static str,
    slope: &'static str,
    seed: &'static str,
    eigenvalue: &'static str,
    wave_residual: &'static str,
    random_residual: &'static str,
    encoding_residual: &'static str,
    circulant: &'static str,
    content: &'static str,
    response: &'static str,
    through: &'static str,
    frequencies: &'static str,
    mirrors: [&'static str; 2],
    none: &'static str,
    kernel_chart: &'static str,
    response_chart: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        n: "positions on the circle N",
        f: "frequency f of the wave",
        f2: "frequency f2 of the second wave",
        kernel: "kernel h of the mixing A",
        kernels: [
            "window: the mean of the positions within w",
            "decay with distance, e^(−slope·distance)",
            "random weights",
        ],
        width: "window half-width w",
        slope: "slope",
        seed: "seed",
        eigenvalue: "S on the wave of frequency f: λ, and e^(−2πi·f/N)",
        wave_residual: "‖Sv − λv‖ / ‖v‖ for that wave",
        random_residual: "‖Sx − λx‖ / ‖x‖ for a random vector, best λ",
        encoding_residual: "the same for the page's pair i on this circle, ω_i = ",
        circulant: "‖AS − SA‖ for the mixing by offset",
        content: "‖AS − SA‖ for softmax attention over random content",
        response: "H(f): the gain |H(f)| and the phase arg H(f)",
        through: "largest |(Av)_t − H(f)·v_t|",
        frequencies: "frequencies in A·(wave f + wave f2)",
        mirrors: [" (mirrors N − f: ", ")"],
        none: "none: H removes both",
        kernel_chart: "The kernel h[d]: the weight a position gives the one d places before it",
        response_chart: "|H(f)|, the frequency response; f and f2 in orange",
    },
    Words {
        n: "圈上的位置数 N",
        f: "波的频率 f",
        f2: "第二个波的频率 f2",
        kernel: "混合 A 的核 h",
        kernels: [
            "窗口：距离 w 以内各位置的平均",
            "随距离衰减，e^(−斜率·距离)",
            "随机权重",
        ],
        width: "窗口半宽 w",
        slope: "斜率",
        seed: "随机种子",
        eigenvalue: "S 作用于频率为 f 的波：λ，以及 e^(−2πi·f/N)",
        wave_residual: "这个波的 ‖Sv − λv‖ / ‖v‖",
        random_residual: "随机向量的 ‖Sx − λx‖ / ‖x‖（取最佳 λ）",
        encoding_residual: "本页第 i 对的波在这个圈上的同一残差，ω_i = ",
        circulant: "只看偏移量的混合的 ‖AS − SA‖",
        content: "随机内容上的 softmax 注意力的 ‖AS − SA‖",
        response: "H(f)：增益 |H(f)| 和相位 arg H(f)",
        through: "最大的 |(Av)_t − H(f)·v_t|",
        frequencies: "A·(波 f + 波 f2) 中的频率",
        mirrors: ["（镜像 N − f：", "）"],
        none: "没有：H 把两者都去掉了",
        kernel_chart: "核 h[d]：一个位置给它前面第 d 个位置的权重",
        response_chart: "|H(f)|，频率响应；f 和 f2 为橙色",
    },
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
    let language = move || lesson.lang.get().index();
    let words = move || &WORDS[language()];
    let label = move |pick: fn(&Words) -> &'static str| Signal::derive(move || pick(words()));

    let (settings, link_problems) = super::linked_settings(SHIFT_PREFIX, read_shift, shift_pairs);

    // The page's pair i, whose wave the lab puts on the circle.
    let encoding_omega = Memo::new(move |_| params.with(|p| omega(p.pair, p.d_model, p.base)));
    let report = Memo::new(move |_| {
        let s = settings.get();
        shift_report(s.n, s.f, s.f2, s.kernel(), encoding_omega.get())
    });
    // The bounds that follow N.
    let sliders = Sliders::fixed_by(settings, |mut s| {
        s.f = s.f.min(s.n - 1);
        s.f2 = s.f2.min(s.n - 1);
        s.width = s.width.min(s.n / 2);
        s
    });
    let n_less_one = Signal::derive(move || settings.with(|s| s.n - 1) as f64);
    let kind = move || settings.with(|s| s.kernel);
    let text = move |make: fn(&ShiftReport, &ShiftSettings, &Words) -> String| {
        Signal::derive(move || report.with(|r| settings.with(|s| make(r, s, words()))))
    };

    view! {
        <h3 id="lab-shift-operator" data-testid="shift-operator-title">{move || TITLE[language()]}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="shift-operator-link-problems" />
        <div class="lab-controls">
            <LabSlider label=label(|w| w.n) testid="shift-operator-n" min=4.0 max=SHIFT_N_MAX as f64 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.n as f64) set=sliders.set(|s, v| s.n = v as usize) />
            <LabSlider label=label(|w| w.f) testid="shift-operator-f" min=0.0 max=n_less_one step=1.0 track=Track::Linear
                value=sliders.get(|s| s.f as f64) set=sliders.set(|s, v| s.f = v as usize) />
            <LabSlider label=label(|w| w.f2) testid="shift-operator-f2" min=0.0 max=n_less_one step=1.0 track=Track::Linear
                value=sliders.get(|s| s.f2 as f64) set=sliders.set(|s, v| s.f2 = v as usize) />
            <label class="lab-slider">
                <span>{label(|w| w.kernel)}</span>
                <select
                    data-testid="shift-operator-kernel"
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                            settings.update(|s| s.kernel = i.min(2));
                        }
                    }
                    prop:value=move || kind().to_string()
                >
                    {(0..3)
                        .map(|i| view! { <option value=i.to_string() selected=move || kind() == i>{move || words().kernels[i]}</option> })
                        .collect_view()}
                </select>
            </label>
            <Show when=move || kind() == 0>
                <LabSlider label=label(|w| w.width) testid="shift-operator-width" min=0.0 max=Signal::derive(move || settings.with(|s| s.n / 2) as f64) step=1.0 track=Track::Linear
                    value=sliders.get(|s| s.width as f64) set=sliders.set(|s, v| s.width = v as usize) />
            </Show>
            <Show when=move || kind() == 1>
                <LabSlider label=label(|w| w.slope) testid="shift-operator-slope" min=0.0 max=4.0 step=0.05 track=Track::Linear
                    value=sliders.get(|s| s.slope) set=sliders.set(|s, v| s.slope = v) />
            </Show>
            <Show when=move || kind() == 2>
                <LabSlider label=label(|w| w.seed) testid="shift-operator-seed" min=1.0 max=999.0 step=1.0 track=Track::Linear
                    value=sliders.get(|s| s.seed as f64) set=sliders.set(|s, v| s.seed = v as u64) />
            </Show>
        </div>
        <dl class="numbers">
            <dt>{label(|w| w.eigenvalue)}</dt>
            <dd data-testid="shift-operator-eigenvalue">{text(|r, s, _| {
                let angle = -std::f64::consts::TAU * s.f as f64 / s.n as f64;
                format!("{}; {}", complex_text(r.wave_lambda.re, r.wave_lambda.im), complex_text(angle.cos(), angle.sin()))
            })}</dd>
            <dt>{label(|w| w.wave_residual)}</dt>
            <dd data-testid="shift-operator-wave-residual">{text(|r, _, _| error_text(r.wave_residual))}</dd>
            <dt>{label(|w| w.random_residual)}</dt>
            <dd data-testid="shift-operator-random-residual">{text(|r, _, _| error_text(r.random_residual))}</dd>
            <dt>{move || format!("{}{:.6}", words().encoding_residual, encoding_omega.get())}</dt>
            <dd data-testid="shift-operator-encoding-residual">{text(|r, _, _| error_text(r.encoding_residual))}</dd>
            <dt>{label(|w| w.circulant)}</dt>
            <dd data-testid="shift-operator-circulant">{text(|r, _, _| error_text(r.circulant_commutator))}</dd>
            <dt>{label(|w| w.content)}</dt>
            <dd data-testid="shift-operator-content">{text(|r, _, _| error_text(r.content_commutator))}</dd>
            <dt>{label(|w| w.response)}</dt>
            <dd data-testid="shift-operator-response">{text(|r, s, _| {
                let h = r.response[s.f];
                // A phase that is 0 to rounding prints as 0, not −0.000000.
                let phase = if h.arg().abs() < 5e-7 { 0.0 } else { h.arg() };
                format!("{:.6}, {phase:.6}", h.abs())
            })}</dd>
            <dt>{label(|w| w.through)}</dt>
            <dd data-testid="shift-operator-through">{text(|r, _, _| error_text(r.wave_through_mixing))}</dd>
            <dt>{label(|w| w.frequencies)}</dt>
            <dd data-testid="shift-operator-frequencies" data-readout="shift-frequencies">{text(|r, s, w| {
                let list = |k: Vec<usize>| k.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
                let (main, mirrors): (Vec<usize>, Vec<usize>) = r.frequencies_out.iter().partition(|&&k| 2 * k <= s.n);
                match (main.is_empty(), mirrors.is_empty()) {
                    (true, true) => w.none.to_string(),
                    (_, true) => format!("f = {}", list(main)),
                    _ => format!("f = {}{}{}{}", list(main), w.mirrors[0], list(mirrors.into_iter().rev().collect()), w.mirrors[1]),
                }
            })}</dd>
        </dl>
        <figure class="lab-chart">
            <figcaption>{label(|w| w.kernel_chart)}</figcaption>
            <SvgChart testid="shift-operator-kernel-chart" marks=Signal::derive(move || report.with(|r| bar_marks(&r.kernel, &[], "d"))) />
        </figure>
        <figure class="lab-chart">
            <figcaption>{label(|w| w.response_chart)}</figcaption>
            <SvgChart testid="shift-operator-response-chart" marks=Signal::derive(move || {
                let chosen = settings.with(|s| [s.f, s.f2]);
                report.with(|r| bar_marks(&r.response.iter().map(|h| h.abs()).collect::<Vec<_>>(), &chosen, "f"))
            }) />
        </figure>
        <p>{move || LIMITS[language()]}</p>
    }
}
