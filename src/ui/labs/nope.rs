//! Lab (in the ALiBi panel, after the relative biases): no position encoding at all, and what
//! the causal mask alone tells a query (issue 20, item 3; `encoding::nope`).

use leptos::prelude::*;

use crate::encoding::nope::{causal_step, last_told_apart, start_token_share};
use crate::lesson::lab_query::{nope_pairs, read_nope, NOPE_PREFIX};
use crate::render::family::curves;

use super::parts::{
    in_language, short, term_text, CsvExport, LabChoice, LabSlider, LinkProblems, Sliders,
    SvgChart, Track,
};

pub const TITLE: [&str; 2] = [
    "No position encoding (NoPE): the causal mask counts",
    "没有位置编码（NoPE）：因果掩码自己就能计数",
];

pub const TEXT: [&str; 2] = [
    "Take away every position signal. Without a mask, attention gives each word the same output wherever it stands (the word-order panel at the top of the page shows this): the model sees a bag of words. A decoder's causal mask changes that, because query p sees only keys 0 … p. Take the simplest head: all scores equal, so each query spreads its attention evenly over the keys it sees, and a start token whose value is 1 where every other token's is 0. Its output at position p is 1/(p + 1): a different number at every position, with no position signal anywhere. This is the idea behind Kazemnejad et al.'s argument (2023) that a decoder without position encoding can still recover absolute positions; Haviv et al. (2022) found that causal language models trained without position encodings are competitive with ones that have them. ⟦nope-why|The signal fades: positions p and p + 1 differ by 1/((p + 1)(p + 2)), so once that is smaller than the resolution ε the model can rely on (rounding, noise), neighbours look the same.⟧ Switch the mask off and on, and move ε.",
    "去掉一切位置信息。没有掩码时，一个词无论处在哪个位置，注意力给它的输出都相同（页面顶部的“词序”一节展示了这一点）：模型看到的只是一个词袋。解码器的因果掩码改变了这一点，因为查询 p 只能看到键 0 … p。取最简单的一个头：所有分数相等，于是每个查询把注意力平均分给它能看到的键；再取一个起始词元，它的值为 1，其他词元的值都为 0。这个头在位置 p 的输出是 1/(p + 1)：每个位置的值各不相同，而整个模型里没有任何位置信息。这正是 Kazemnejad 等人（2023）论证“没有位置编码的解码器仍能恢复绝对位置”的思路；Haviv 等人（2022）发现，不用位置编码训练的因果语言模型，与用了位置编码的模型效果相当。⟦nope-why|这个信号会逐渐减弱：位置 p 与 p + 1 相差 1/((p + 1)(p + 2))，一旦它小于模型能依赖的分辨率 ε（舍入误差、噪声），相邻位置看起来就一样了。⟧试着开关掩码，并调节 ε。",
];

const MASKS: [[&str; 2]; 2] = [
    ["causal mask (a decoder)", "因果掩码（解码器）"],
    ["no mask (an encoder)", "无掩码（编码器）"],
];

const ORANGE: &str = "#D55E00";
const GREY: &str = "#777777";

#[component]
pub fn NopeLab() -> impl IntoView {
    let (settings, link_problems) = super::linked_settings(NOPE_PREFIX, read_nope, nope_pairs);
    let sliders = Sliders::of(settings);
    let resolution = move || settings.with(|s| 10f64.powf(-s.digits));
    // Both masks' outputs, computed when the length changes (O(L²) softmax work), not when the
    // mask or ε does: [causal, none].
    let length = Memo::new(move |_| settings.with(|s| s.length));
    let both = Memo::new(move |_| {
        let length = length.get();
        [
            start_token_share(length, true),
            start_token_share(length, false),
        ]
    });
    let chosen = move || settings.with(|s| s.unmasked.min(1));
    let shares = move |read: &dyn Fn(&[f64]) -> String| both.with(|b| read(&b[chosen()]));

    let output_chart = Signal::derive(move || {
        let chosen = chosen();
        both.with(|b| {
            let points = |values: &[f64]| -> Vec<(f64, f64)> {
                values
                    .iter()
                    .enumerate()
                    .map(|(p, v)| (p as f64, *v))
                    .collect()
            };
            // The other setting, thin and grey, for comparison.
            let (points, other) = (points(&b[chosen]), points(&b[1 - chosen]));
            curves(
                &[(other, GREY, 1.5), (points, ORANGE, 3.0)],
                &[],
                "p",
                false,
            )
        })
    });
    let step_chart = Signal::derive(move || {
        let length = settings.with(|s| s.length);
        let steps: Vec<(f64, f64)> = (0..length.saturating_sub(1))
            .map(|p| (p as f64, causal_step(p)))
            .collect();
        let epsilon = resolution();
        let flat = vec![(0.0, epsilon), (length.saturating_sub(2) as f64, epsilon)];
        let last = last_told_apart(epsilon) as f64;
        curves(
            &[(flat, GREY, 1.5), (steps, ORANGE, 3.0)],
            &[last],
            "p",
            true,
        )
    });
    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "nope_{}_length{}.csv",
                ["causal", "none"][s.unmasked],
                s.length
            )
        })
    });
    let rows = Callback::new(move |_| {
        shares(&|values| {
            let mut csv = String::from("position,start_token_share,step_to_next\n");
            for (p, v) in values.iter().enumerate() {
                let step = values
                    .get(p + 1)
                    .map(|next| short(v - next))
                    .unwrap_or_default();
                csv.push_str(&format!("{p},{v},{step}\n"));
            }
            csv
        })
    });

    view! {
        <h3 id="lab-nope" data-testid="nope-title">{in_language(TITLE)}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="nope-link-problems" />
        <div class="lab-controls">
            <LabChoice label=in_language([
                "mask",
                "掩码",
            ]) testid="nope-mask" choices=&MASKS
                value=Signal::derive(move || settings.with(|s| s.unmasked))
                set=Callback::new(move |i| settings.update(|s| s.unmasked = i)) />
            <LabSlider label=in_language([
                "length L",
                "长度 L",
            ]) testid="nope-length" min=1.0 max=10.0 step=0.25 track=Track::Log2
                value=sliders.get(|s| s.length as f64) set=Callback::new(move |v: f64| settings.update(|s| s.length = (v as usize).clamp(2, 1024))) />
            <LabSlider label=in_language([
                "resolution ε = 10^(−digits): digits",
                "分辨率 ε = 10^(−位数)：位数",
            ]) testid="nope-digits"
                min=1.0 max=8.0 step=0.25 track=Track::Linear
                value=sliders.get(|s| s.digits) set=Callback::new(move |v: f64| settings.update(|s| s.digits = v.clamp(1.0, 8.0))) />
        </div>
        <dl class="numbers" data-testid="nope-readout">
            <dt>{in_language([
                "output at the first and the last position",
                "第一个和最后一个位置的输出",
            ])}</dt>
            <dd data-testid="nope-ends">{move || shares(&|v| format!("{} … {}", short(v[0]), short(v[v.len() - 1])))}</dd>
            <dt>{in_language([
                "distinct outputs among the L positions",
                "L 个位置中不同输出的个数",
            ])}</dt>
            <dd data-testid="nope-distinct">{move || shares(&|v| {
                let distinct = 1 + v.windows(2).filter(|w| (w[0] - w[1]).abs() >= 1e-15).count();
                format!("{distinct} / {}", v.len())
            })}</dd>
            <dt>{in_language([
                "with the mask: the last position still a step ≥ ε from the next",
                "有掩码时：与下一个位置仍相差至少 ε 的最后一个位置",
            ])}</dt>
            // Lesson step 23 asks for it: masked until Reveal.
            <dd data-testid="nope-last" data-readout="nope-last">{move || format!("p = {} (ε = {})", last_told_apart(resolution()), short(resolution()))}</dd>
        </dl>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "The head's output at each position p (the start token's share of attention)",
                "这个头在每个位置 p 的输出（起始词元分到的注意力）",
            ])}</figcaption>
            <SvgChart testid="nope-output" marks=output_chart />
            <p class="note">{in_language([
                "Thick: the chosen mask; thin grey: the other. With the causal mask the curve is 1/(p + 1); without it, it is flat at 1/L: every position gets the same output.",
                "粗线是所选的掩码，细灰线是另一种。有因果掩码时曲线是 1/(p + 1)；没有掩码时是 1/L 处的一条水平线：每个位置的输出都一样。",
            ])}</p>
        </figure>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "With the mask: the step from p to p + 1, and the resolution ε",
                "有掩码时：从 p 到 p + 1 的步长，以及分辨率 ε",
            ])}</figcaption>
            // Masked in lesson step 23: its dashed line is the answer.
            <div data-readout="nope-steps"><SvgChart testid="nope-steps" marks=step_chart /></div>
            <p class="note" data-answer="nope-why">{in_language([
                "Log scale. The step 1/((p + 1)(p + 2)) falls about as 1/p²; the grey line is ε and the dashed line the last position whose step is still at least ε, about 1/√ε.",
                "对数刻度。步长 1/((p + 1)(p + 2)) 大约按 1/p² 下降；灰线是 ε，虚线是步长仍不小于 ε 的最后一个位置，约为 1/√ε。",
            ])}</p>
        </figure>
        <CsvExport testid="nope-csv" file=file rows=rows />
    }
}
