//! Lab (in the ALiBi panel, after the relative biases): no position encoding at all, and what
//! the causal mask alone tells a query (`encoding::nope`).

use leptos::prelude::*;

use crate::encoding::nope::{causal_step, last_told_apart, start_token_share};
use crate::lesson::labs::nope::{NopeSettings, DIGITS, LENGTH, MASK};
use crate::lesson::labs::Choice;
use crate::render::curves::curves;

use super::parts::{LabFigure, short, CsvExport, LabChoice, LabSlider, SvgChart, Track};
use super::Linked;
use crate::ui::context::tr;

const MASKS: [[&str; 2]; 2] = [
    ["causal mask (a decoder)", "因果掩码（解码器）"],
    ["no mask (an encoder)", "无掩码（编码器）"],
];

const ORANGE: &str = "#D55E00";
const GREY: &str = "#777777";

#[component]
pub fn NopeLab() -> impl IntoView {
    let lab = Linked::<NopeSettings>::from_link();
    let settings = lab.settings;
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
    let chosen = move || settings.with(|s| s.mask.index());
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
                s.mask.name(),
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
        <div class="lab-controls">
            <LabChoice label=["mask", "掩码"] testid="nope-mask" choices=&MASKS row=lab.choice(&MASK) />
            <LabSlider label=["length L", "长度 L"] testid="nope-length" row=lab.slider(&LENGTH)
                track=Track::Log2 step=0.25 />
            <LabSlider label=["resolution ε = 10^(−digits): digits", "分辨率 ε = 10^(−位数)：位数"]
                testid="nope-digits" row=lab.slider(&DIGITS) track=Track::Linear step=0.25 />
        </div>
        <dl class="numbers" data-testid="nope-readout">
            <dt>{tr([
                "output at the first and the last position",
                "第一个和最后一个位置的输出",
            ])}</dt>
            <dd data-testid="nope-ends">{move || shares(&|v| format!("{} … {}", short(v[0]), short(v[v.len() - 1])))}</dd>
            <dt>{tr([
                "distinct outputs among the L positions",
                "L 个位置中不同输出的个数",
            ])}</dt>
            <dd data-testid="nope-distinct">{move || shares(&|v| {
                let distinct = 1 + v.windows(2).filter(|w| (w[0] - w[1]).abs() >= 1e-15).count();
                format!("{distinct} / {}", v.len())
            })}</dd>
            <dt>{tr([
                "with the mask: the last position still a step ≥ ε from the next",
                "有掩码时：与下一个位置仍相差至少 ε 的最后一个位置",
            ])}</dt>
            // Lesson step 23 asks for it: masked until Reveal.
            <dd data-testid="nope-last" data-readout="nope-last">{move || format!("p = {} (ε = {})", last_told_apart(resolution()), short(resolution()))}</dd>
        </dl>
        <LabFigure caption=[
                "The head's output at each position p (the start token's share of attention)",
                "这个头在每个位置 p 的输出（起始词元分到的注意力）",
            ] note=[
                "Thick: the chosen mask; thin grey: the other. With the causal mask the curve is 1/(p + 1); without it, it is flat at 1/L: every position gets the same output.",
                "粗线是所选的掩码，细灰线是另一种。有因果掩码时曲线是 1/(p + 1)；没有掩码时是 1/L 处的一条水平线：每个位置的输出都一样。",
            ]>
            <SvgChart testid="nope-output" marks=output_chart />
        </LabFigure>
        <LabFigure caption=[
                "With the mask: the step from p to p + 1, and the resolution ε",
                "有掩码时：从 p 到 p + 1 的步长，以及分辨率 ε",
            ] note=[
                "Log scale. The step 1/((p + 1)(p + 2)) falls about as 1/p²; the grey line is ε and the dashed line the last position whose step is still at least ε, about 1/√ε.",
                "对数刻度。步长 1/((p + 1)(p + 2)) 大约按 1/p² 下降；灰线是 ε，虚线是步长仍不小于 ε 的最后一个位置，约为 1/√ε。",
            ] answer="nope-why">
            // Masked in lesson step 23: its dashed line is the answer.
            <div data-readout="nope-steps"><SvgChart testid="nope-steps" marks=step_chart /></div>
        </LabFigure>
        <CsvExport testid="nope-csv" file=file rows=rows />
    }
}
