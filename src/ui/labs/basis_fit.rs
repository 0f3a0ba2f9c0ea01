//! Lab (in the extrapolation panel): sinusoids as a basis, and a learned table that cannot
//! extrapolate (issue 18, items 2 and 3; seed 002). A linear model fits a target over the
//! positions 0 … N − 1 (N: the page's trained length) from pos alone, from the first m
//! sinusoidal pairs, and as a learned table, and is drawn on to 2N − 1 (`encoding::basis_fit`).

use leptos::prelude::*;

use crate::encoding::basis_fit::{fit_over_positions, Features, Fit, TargetChoice};
use crate::lesson::lab_query::{
    basis_fit_pairs, read_basis_fit, BASIS_FIT_PREFIX, BASIS_PAIRS_MAX,
};
use crate::render::basis_fit::{error_text, fit_marks, COLOURS};
use crate::ui::context::use_lesson;

use super::parts::{term_text, LabSlider, LinkProblems, SvgChart, Track};

pub const TITLE: [&str; 2] = [
    "Sinusoids as a basis: what a straight-line model can draw",
    "以正弦函数为基：只会加权求和的线性模型能画出什么",
];

pub const TEXT: [&str; 2] = [
    "A linear model can only add up its inputs with fixed weights. Give it pos alone (with a constant) and all it can draw over the positions is a straight line. Give it the first m pairs of the sinusoidal encoding, sin(ω_i·pos) and cos(ω_i·pos), and it can draw any weighted sum of those waves. Below, each model is fitted by least squares to the target over positions 0 … N − 1 (N is the trained length set above) and then drawn on to 2N − 1, past what it was fitted on. The third model is a learned table: one free value per position up to N, and past N its last row reused, a common way to run a learned table past its length (the extrapolation panel shows the same).",
    "线性模型只能把输入按固定权重相加。只给它 pos（再加一个常数），它在各个位置上能画出的只有一条直线。给它正弦位置编码的前 m 对特征 sin(ω_i·pos) 和 cos(ω_i·pos)，它就能画出这些波的任意加权和。下面每个模型都在位置 0 … N − 1 上用最小二乘拟合目标曲线（N 是上面设置的训练长度），然后一直画到 2N − 1，越过拟合所用的范围。第三个模型是可学习位置表：到 N 为止每个位置一个自由值，超过 N 就复用最后一行，这是可学习位置表越过训练长度时的一种常见做法（“超出训练长度之后”一节也是这样做的）。",
];

const FINDINGS: [&str; 2] = [
    "A common claim is that sinusoidal features let a model extrapolate periodic functions. That holds for the periods the encoding has: the target made of the encoding's own waves is fitted exactly once m includes their pairs, and the fit goes on following it past N, provided there are more fitted positions than features (with fewer, many weightings pass through every fitted point, and the one least squares picks can leave the target past N). A periodic target the encoding lacks, such as the square wave of period 16, is only approximated, and past N the fit stops following it. It can stray far: when some of the waves look nearly alike over N positions (slow pairs, or neighbouring pairs whose rates are close), least squares can weight them heavily with opposite signs, and those weights cancel inside the range but not past it (the largest weight is printed above). Choose the square wave, raise m and watch the error past N. The learned table fits every target exactly inside and, past N, predicts the same value at every position: it has nothing to say about positions it never saw.",
    "常有人说，正弦特征让模型能够外推周期函数。对编码本身含有的周期，这话成立：目标若由编码自己的波组成，只要 m 覆盖了这些维度对，就能精确拟合，过了 N 拟合曲线也仍然贴着目标走，前提是拟合用的位置多于特征（位置更少时，有许多组权重都能让曲线穿过每个拟合点，最小二乘选中的那一组过了 N 可能偏离目标）。编码没有的周期，比如周期为 16 的方波，只能近似；过了 N，拟合就不再跟随它，而且可能偏得很远：如果有些波在 N 个位置内几乎分辨不出（低频维度对，或转速相近的相邻维度对），最小二乘可能给它们很大且符号相反的权重，这些权重在范围内相互抵消，过了 N 就抵消不了（上面给出最大的权重）。选方波，增大 m，看 N 之后的误差。可学习位置表在范围内能精确拟合任何目标；过了 N，它在每个位置都预测同一个值：对从未见过的位置，它给不出任何信息。",
];

/// The lab's other words, per language.
struct Words {
    target: &'static str,
    own_waves: &'static str,
    own_wave: &'static str,
    square: &'static str,
    chirp: &'static str,
    pairs: &'static str,
    chart: &'static str,
    caption: &'static str,
    legend: [&'static str; 4],
    columns: [&'static str; 3],
    table_past: &'static str,
    sinusoids_past: &'static str,
    inside: [&'static str; 2],
    largest_weight: &'static str,
    all_equal: &'static str,
    not_equal: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        target: "target",
        own_waves: "the encoding's own waves: pairs 0 and ",
        own_wave: "the encoding's own wave: pair 0 (d_model = 2 has one pair)",
        square: "square wave, period 16",
        chirp: "chirp: period 12, falling to 6 at N",
        pairs: "sinusoidal pairs m",
        chart: "The target and the three fits, fitted on 0 … N − 1",
        caption: "The target is dotted; N is dashed. A fit that strays beyond ±2.5 is drawn along the edge; the table below prints how far it went.",
        legend: ["target", "straight line: 1, pos", "sinusoids: 1 and m pairs", "learned table: N rows"],
        columns: ["features", "RMS error, 0 … N − 1", "RMS error, N … 2N − 1"],
        table_past: "the learned table's predictions past N",
        sinusoids_past: "the sinusoids' RMS error past N",
        inside: [" (", " inside)"],
        largest_weight: "the sinusoids' largest weight |c_j|",
        all_equal: "all equal to ",
        not_equal: "from ",
    },
    Words {
        target: "目标曲线",
        own_waves: "编码自己的波：第 0 对和第 ",
        own_wave: "编码自己的波：第 0 对（d_model = 2 只有一对）",
        square: "方波，周期 16",
        chirp: "啁啾：周期从 12 降到 N 处的 6",
        pairs: "正弦特征的维度对个数 m",
        chart: "目标曲线和三种拟合，在 0 … N − 1 上拟合",
        caption: "目标曲线是点线；N 是虚线。拟合曲线超出 ±2.5 时沿边缘画出，偏离了多远见下表。",
        legend: ["目标曲线", "直线：1, pos", "正弦特征：1 和 m 对", "可学习位置表：N 行"],
        columns: ["特征", "均方根误差，0 … N − 1", "均方根误差，N … 2N − 1"],
        table_past: "可学习位置表在 N 之后的预测",
        sinusoids_past: "正弦特征在 N 之后的均方根误差",
        inside: ["（范围内 ", "）"],
        largest_weight: "正弦特征的最大权重 |c_j|",
        all_equal: "全部等于 ",
        not_equal: "从 ",
    },
];

#[component]
pub fn BasisFitLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let language = move || lesson.lang.get().index();
    let words = move || &WORDS[language()];
    let label = move |pick: fn(&Words) -> &'static str| Signal::derive(move || pick(words()));

    let (settings, link_problems) =
        super::linked_settings(BASIS_FIT_PREFIX, read_basis_fit, basis_fit_pairs);

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
        let w = words();
        match choice {
            TargetChoice::OwnWaves => match TargetChoice::own_pairs(page.with(|p| p.0)) {
                (_, 0) => w.own_wave.to_string(),
                (_, j) => format!(
                    "{}{j}{}",
                    w.own_waves,
                    if language() == 1 { " 对" } else { "" }
                ),
            },
            TargetChoice::Square => w.square.to_string(),
            TargetChoice::Chirp => w.chirp.to_string(),
        }
    };
    let chosen = move || {
        let target = settings.with(|s| s.target);
        TargetChoice::ALL
            .iter()
            .position(|t| *t == target)
            .unwrap_or(0)
    };
    let table_past = move || {
        fits.with(|(_, [.., table])| {
            let fitted = table.predictions.len() / 2;
            let past = &table.predictions[fitted..];
            let low = past.iter().copied().fold(f64::INFINITY, f64::min);
            let high = past.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let w = words();
            if low == high {
                format!("{}{low:.6}", w.all_equal)
            } else {
                format!("{}{low:.6} … {high:.6}", w.not_equal)
            }
        })
    };
    let row = move |index: usize| {
        let error = move |pick: fn(&Fit) -> f64| {
            Signal::derive(move || fits.with(|(_, f)| error_text(pick(&f[index]))))
        };
        view! {
            <tr data-testid=format!("basis-fit-row-{index}")>
                <th scope="row">{move || words().legend[index + 1]}</th>
                <td>{error(|f| f.rms_fitted)}</td>
                <td>{error(|f| f.rms_beyond)}</td>
            </tr>
        }
    };

    view! {
        <h3 id="lab-basis-fit" data-testid="basis-fit-title">{move || TITLE[language()]}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="basis-fit-link-problems" />
        <div class="lab-controls">
            <label class="lab-slider">
                <span>{label(|w| w.target)}</span>
                <select
                    data-testid="basis-fit-target"
                    on:change=move |ev| {
                        if let Some(t) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| TargetChoice::ALL.get(i)) {
                            settings.update(|s| s.target = *t);
                        }
                    }
                    prop:value=move || chosen().to_string()
                >
                    {TargetChoice::ALL
                        .into_iter()
                        .enumerate()
                        .map(|(i, t)| view! { <option value=i.to_string() selected=move || chosen() == i>{move || target_name(t)}</option> })
                        .collect_view()}
                </select>
            </label>
            <LabSlider label=label(|w| w.pairs) testid="basis-fit-pairs" min=0.0 max=Signal::derive(move || most_pairs() as f64) step=1.0 track=Track::Linear
                value=Signal::derive(move || pairs() as f64) set=Callback::new(move |v: f64| settings.update(|s| s.pairs = v as usize)) />
        </div>
        <figure class="lab-chart">
            <figcaption>{label(|w| w.chart)}</figcaption>
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
                                {move || words().legend[i]}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p class="note">{label(|w| w.caption)}</p>
        </figure>
        <table class="numbers-table" data-testid="basis-fit-table">
            <thead>
                <tr>
                    {(0..3).map(|c| view! { <th scope="col">{move || words().columns[c]}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>{(0..3).map(row).collect_view()}</tbody>
        </table>
        <dl class="numbers">
            <dt>{label(|w| w.sinusoids_past)}</dt>
            <dd data-testid="basis-fit-sinusoids-past">{Signal::derive(move || fits.with(|(_, [_, sinusoids, _])| {
                let w = words();
                format!("{}{}{}{}", error_text(sinusoids.rms_beyond), w.inside[0], error_text(sinusoids.rms_fitted), w.inside[1])
            }))}</dd>
            <dt>{label(|w| w.largest_weight)}</dt>
            <dd data-testid="basis-fit-largest-weight">{Signal::derive(move || fits.with(|(_, [_, sinusoids, _])| {
                error_text(sinusoids.coefficients.iter().fold(0.0, |a: f64, c| a.max(c.abs())))
            }))}</dd>
            <dt>{label(|w| w.table_past)}</dt>
            <dd data-testid="basis-fit-table-past">{Signal::derive(table_past)}</dd>
        </dl>
        <p data-answer="basis-why">{move || FINDINGS[language()]}</p>
    }
}
