//! Lab (in the extrapolation panel): sinusoids as a basis, and a learned table that cannot
//! extrapolate. A linear model fits a target over the
//! positions 0 … N − 1 (N: the page's trained length) from pos alone, from the first m
//! sinusoidal pairs, and as a learned table, and is drawn on to 2N − 1 (`encoding::basis_fit`).

use leptos::prelude::*;

use crate::encoding::basis_fit::{fit_over_positions, Features, Fit, TargetChoice};
use crate::lesson::labs::basis_fit::{BasisSettings, BASIS_PAIRS_MAX, PAIRS, TARGET};
use crate::render::fits::{fit_marks, COLOURS};
use crate::render::numbers::error_text;
use crate::ui::context::{tr, use_lesson};

use super::parts::{LabFigure, LabSlider, SliderRow, SvgChart, Track};
use super::Linked;

const LEGEND: [[&str; 2]; 4] = [
    ["target", "目标曲线"],
    ["straight line: 1, pos", "直线：1, pos"],
    ["sinusoids: 1 and m pairs", "正弦特征：1 和 m 对"],
    ["learned table: N rows", "可学习位置表：N 行"],
];
const COLUMNS: [[&str; 2]; 3] = [
    ["features", "特征"],
    ["RMS error, 0 … N − 1", "均方根误差，0 … N − 1"],
    ["RMS error, N … 2N − 1", "均方根误差，N … 2N − 1"],
];
/// Around the error inside the fitted range.
const INSIDE: [[&str; 2]; 2] = [[" (", "（范围内 "], [" inside)", "）"]];
#[component]
pub fn BasisFitLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let lang = move || lesson.lang.get();
    let lab = Linked::<BasisSettings>::from_link();
    let settings = lab.settings;

    // The page's values the fits depend on; a slider elsewhere on the page recomputes nothing.
    let page = Memo::new(move |_| params.with(|p| (p.d_model, p.base, p.n_train)));
    let most_pairs = move || page.with(|(d_model, ..)| (d_model / 2).min(BASIS_PAIRS_MAX));
    let pairs = move || settings.with(|s| s.pairs).min(most_pairs());
    let fits = Memo::new(move |_| {
        let (d_model, base, fitted) = page.get();
        let target = settings.with(|s| s.target).target(d_model, base, fitted);
        let sinusoidal = Features::Sinusoidal {
            pairs: pairs(),
            d_model,
            base,
        };
        let fit = |features| fit_over_positions(target, features, fitted, 2 * fitted);
        (
            target,
            [
                fit(Features::Line),
                fit(sinusoidal),
                fit(Features::Table { rows: fitted }),
            ],
        )
    });
    let target_name = move |choice: TargetChoice| {
        let lang = lang();
        match choice {
            TargetChoice::OwnWaves => match TargetChoice::own_pairs(page.with(|p| p.0)) {
                (_, 0) => lang.pick(["the encoding's own wave: pair 0 (d_model = 2 has one pair)", "编码自己的波：第 0 对（d_model = 2 只有一对）"]).to_string(),
                (_, j) => format!("{}{j}{}", lang.pick(["the encoding's own waves: pairs 0 and ", "编码自己的波：第 0 对和第 "]), lang.pick(["", " 对"])),
            },
            TargetChoice::Square => lang.pick(["square wave, period 16", "方波，周期 16"]).to_string(),
            TargetChoice::Chirp => lang.pick(["chirp: period 12, falling to 6 at N", "啁啾：周期从 12 降到 N 处的 6"]).to_string(),
        }
    };
    let target = lab.choice(&TARGET);
    let table_past = move || {
        fits.with(|(_, [.., table])| {
            let fitted = table.predictions.len() / 2;
            let past = &table.predictions[fitted..];
            let low = past.iter().copied().fold(f64::INFINITY, f64::min);
            let high = past.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if low == high {
                format!("{}{low:.6}", lang().pick(["all equal to ", "全部等于 "]))
            } else {
                format!("{}{low:.6} … {high:.6}", lang().pick(["from ", "从 "]))
            }
        })
    };
    let row = move |index: usize| {
        let error = move |pick: fn(&Fit) -> f64| {
            Signal::derive(move || fits.with(|(_, f)| error_text(pick(&f[index]))))
        };
        view! {
            <tr data-testid=format!("basis-fit-row-{index}")>
                <th scope="row">{tr(LEGEND[index + 1])}</th>
                <td>{error(|f| f.rms_fitted)}</td>
                <td>{error(|f| f.rms_beyond)}</td>
            </tr>
        }
    };

    view! {
        <div class="lab-controls">
            <label class="lab-slider">
                <span>{tr(["target", "目标曲线"])}</span>
                <select
                    data-testid="basis-fit-target"
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                            target.set.run(i);
                        }
                    }
                    prop:value=move || target.value.get().to_string()
                >
                    {TargetChoice::ALL
                        .into_iter()
                        .enumerate()
                        .map(|(i, t)| view! { <option value=i.to_string() selected=move || target.value.get() == i>{move || target_name(t)}</option> })
                        .collect_view()}
                </select>
            </label>
            // The value shown is the one fitted: at most d_model/2 pairs.
            <LabSlider label=["sinusoidal pairs m", "正弦特征的维度对的个数 m"] testid="basis-fit-pairs"
                row=SliderRow { value: Signal::derive(move || pairs() as f64), ..lab.slider(&PAIRS) }
                track=Track::Linear step=1.0 up_to=Signal::derive(move || most_pairs() as f64) />
        </div>
        <LabFigure caption=["The target and the three fits, fitted on 0 … N − 1", "目标曲线和三种拟合，在 0 … N − 1 上拟合"] note=[
            "The target is dotted; N is dashed. A fit that strays beyond ±2.5 is drawn along the edge; the lab's table prints how far it went.",
            "目标曲线是点线；N 是虚线。拟合曲线超出 ±2.5 时沿边缘画出，偏离了多远见本实验的表。",
        ]>
            <SvgChart testid="basis-fit-chart" marks=Signal::derive(move || {
                fits.with(|(target, f)| fit_marks(*target, f, page.with(|p| p.2)))
            }) />
            <ul class="lab-legend">
                {(0..4)
                    .map(|i| {
                        let colour = if i == 0 { "currentColor" } else { COLOURS[i - 1] };
                        view! {
                            <li>
                                <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                                    <line x1="0" y1="3" x2="20" y2="3" stroke=colour stroke-width="3" stroke-dasharray=if i == 0 { "2 3" } else { "none" } />
                                </svg>
                                {tr(LEGEND[i])}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </LabFigure>
        <table class="numbers-table" data-testid="basis-fit-table">
            <thead>
                <tr>
                    {COLUMNS.map(|c| view! { <th scope="col">{tr(c)}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>{(0..3).map(row).collect_view()}</tbody>
        </table>
        <dl class="numbers">
            <dt>{tr(["the sinusoids' RMS error past N", "正弦特征在 N 之后的均方根误差"])}</dt>
            <dd data-testid="basis-fit-sinusoids-past">{Signal::derive(move || fits.with(|(_, [_, sinusoids, _])| {
                let lang = lang();
                format!("{}{}{}{}", error_text(sinusoids.rms_beyond), lang.pick(INSIDE[0]), error_text(sinusoids.rms_fitted), lang.pick(INSIDE[1]))
            }))}</dd>
            <dt>{tr(["the sinusoids' largest weight |c_j|", "正弦特征的最大权重 |c_j|"])}</dt>
            <dd data-testid="basis-fit-largest-weight">{Signal::derive(move || fits.with(|(_, [_, sinusoids, _])| {
                error_text(sinusoids.coefficients.iter().fold(0.0, |a: f64, c| a.max(c.abs())))
            }))}</dd>
            <dt>{tr(["the learned table's predictions past N", "可学习位置表在 N 之后的预测"])}</dt>
            <dd data-testid="basis-fit-table-past">{Signal::derive(table_past)}</dd>
        </dl>
        <p data-answer="basis-why">{tr([
            "A common claim is that sinusoidal features let a model extrapolate periodic functions. That holds for the periods the encoding has: the target made of the encoding's own waves is fitted exactly once m includes their pairs, and the fit goes on following it past N, provided there are more fitted positions than features (with fewer, many weightings pass through every fitted point, and the one least squares picks can leave the target past N). A periodic target the encoding lacks, such as the square wave of period 16, is only approximated, and past N the fit stops following it. It can stray far: when some of the waves look nearly alike over N positions (slow pairs, or neighbouring pairs whose rates are close), least squares can weight them heavily with opposite signs, and those weights cancel inside the range but not past it (the read-out \"the sinusoids' largest weight |c_j|\" prints the largest). The lab fits by least squares with a tiny ridge, λ = 10⁻⁹, which picks one answer among nearly equal ones: how far the fit strays past N depends on λ, that it strays does not. Choose the square wave, raise m and watch the error past N. The learned table fits every target exactly inside and, past N, predicts the same value at every position: it has nothing to say about positions it never saw.",
            "常有人说，正弦特征让模型能够外推周期函数。对编码本身含有的周期，这话成立：目标若由编码自己的波组成，只要 m 覆盖了这些维度对，就能精确拟合，过了 N 拟合曲线也仍然贴着目标走，前提是拟合用的位置多于特征（位置更少时，有许多组权重都能让曲线穿过每个拟合点，最小二乘选中的那一组过了 N 可能偏离目标）。编码没有的周期，比如周期为 16 的方波，只能近似；过了 N，拟合就不再跟随它，而且可能偏得很远：如果有些波在 N 个位置内几乎分辨不出（低频维度对，或转速相近的相邻维度对），最小二乘可能给它们很大且符号相反的权重，这些权重在范围内相互抵消，过了 N 就抵消不了（读数“正弦特征的最大权重 |c_j|”给出最大的权重）。本实验用带极小岭正则项（λ = 10⁻⁹）的最小二乘来拟合，它在几乎一样好的多组权重中选定一组：过了 N 偏离多远取决于 λ，会不会偏离则与 λ 无关。选方波，增大 m，看 N 之后的误差。可学习位置表在范围内能精确拟合任何目标；过了 N，它在每个位置都预测同一个值：对从未见过的位置，它给不出任何信息。",
        ])}</p>
    }
}
