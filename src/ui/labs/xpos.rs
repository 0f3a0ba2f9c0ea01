//! Lab (in the RoPE panel, after the context-extension lab): xPos, RoPE with a decay per pair
//! (`encoding::xpos`).

use leptos::prelude::*;

use crate::encoding::seeded::SeededRng;
use crate::encoding::xpos::{self, xpos_pair_factor, xpos_score, xpos_zeta};
use crate::encoding::Layout;
use crate::lesson::labs::xpos::{XposSettings, XposVectors, D, DISTANCE, REACH, SCALE, VECTORS};
use crate::lesson::labs::Choice;
use crate::render::curves::curves;
use crate::render::bars::bar_marks;

use super::parts::{LabFigure, short, CsvExport, LabChoice, LabSlider, SvgChart, Track};
use super::Linked;
use crate::ui::context::tr;

const VECTORS_SHOWN: [[&str; 2]; 2] = [
    [
        "aligned (every pair (1, 0))",
        "方向一致（每一对都是 (1, 0)）",
    ],
    ["seeded random", "固定种子的随机向量"],
];

const ORANGE: &str = "#D55E00";
const BLUE: &str = "#0072B2";
const BASE: f64 = 10_000.0;

/// The query and key the lab scores: aligned ones, or seeded random ones.
fn vectors(s: &XposSettings) -> (Vec<f64>, Vec<f64>) {
    if s.vectors == XposVectors::Random {
        let mut rng = SeededRng::new(2212);
        let mut draw = || {
            (0..s.d)
                .map(|_| rng.next_normal(0.0, 1.0))
                .collect::<Vec<f64>>()
        };
        (draw(), draw())
    } else {
        let ones: Vec<f64> = (0..s.d)
            .map(|c| if c < s.d / 2 { 1.0 } else { 0.0 })
            .collect();
        (ones.clone(), ones)
    }
}

/// The score against distance δ = m − n for δ in 0 … reach (at most 400 points, each the mean
/// over its stretch of whole distances), per scheme: (RoPE, xPos), divided by d/2 for the
/// aligned vectors. The query sits at m = δ, the key at n = 0.
fn score_curves(s: &XposSettings) -> [Vec<(f64, f64)>; 2] {
    let points = s.reach.min(400);
    let stretch = s.reach as f64 / points as f64;
    let (q, k) = vectors(s);
    let every = xpos::score_curves(&q, &k, BASE, s.scale_base, Layout::SplitHalves, s.reach);
    // Aligned vectors: divided by d/2, so that both curves start at 1.
    let scale = match s.vectors {
        XposVectors::Random => 1.0,
        XposVectors::Aligned => 2.0 / s.d as f64,
    };
    let mut rope = Vec::with_capacity(points + 1);
    let mut xpos = Vec::with_capacity(points + 1);
    // Stretches of whole distances: [0, 1) on its own, then about `stretch` distances each, the
    // last ending at `reach`; each point is its stretch's mean.
    let mut from = 0usize;
    for p in 1..=points + 1 {
        if from > s.reach {
            break;
        }
        let to = if p == 1 {
            1
        } else {
            ((p as f64 - 1.0) * stretch).round() as usize + 1
        }
        .clamp(from + 1, s.reach + 1);
        let count = (to - from) as f64;
        let (r, x) = every[from..to]
            .iter()
            .fold((0.0, 0.0), |(r, x), (a, b)| (r + a, x + b));
        rope.push((from as f64, scale * r / count));
        xpos.push((from as f64, scale * x / count));
        from = to;
    }
    [rope, xpos]
}

#[component]
pub fn XposLab() -> impl IntoView {
    let lab = Linked::<XposSettings>::from_link();
    let settings = lab.settings;
    // The curves depend on neither the bars' distance nor anything else the curves do not show:
    // moving the distance slider redraws the bars and the dashed line only.
    let curve_settings = Memo::new(move |_| settings.with(|s| XposSettings { distance: 0, ..*s }));
    let computed = Memo::new(move |_| curve_settings.with(score_curves));
    let score_chart = Signal::derive(move || {
        let distance = settings.with(|s| s.distance as f64);
        computed.with(|[rope, xpos]| {
            curves(
                &[(rope.clone(), BLUE, 1.5), (xpos.clone(), ORANGE, 3.0)],
                &[distance],
                "m − n",
                false,
            )
        })
    });
    let factor_chart = Signal::derive(move || {
        settings.with(|s| {
            let factors: Vec<f64> = (0..s.d / 2)
                .map(|i| xpos_pair_factor(i, s.d, s.distance as f64, s.scale_base))
                .collect();
            bar_marks(&factors, &[], "i")
        })
    });
    // The relative property, checked on the page's numbers: the same offset at two places.
    let shifted = Signal::derive(move || {
        settings.with(|s| {
            let (q, k) = vectors(s);
            let m = s.distance as f64;
            let here = xpos_score(&q, &k, m, 0.0, BASE, s.scale_base, Layout::SplitHalves);
            let there = xpos_score(
                &q,
                &k,
                m + 1000.0,
                1000.0,
                BASE,
                s.scale_base,
                Layout::SplitHalves,
            );
            format!(
                "{} · {} (|Δ| = {:.1e})",
                short(here),
                short(there),
                (here - there).abs()
            )
        })
    });
    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "xpos_{}_d{}_B{}.csv",
                s.vectors.name(),
                s.d,
                s.scale_base
            )
        })
    });
    let rows = Callback::new(move |_| {
        computed.with(|[rope, xpos]| {
            let mut csv = String::from("distance,rope_score,xpos_score\n");
            for ((delta, r), (_, x)) in rope.iter().zip(xpos) {
                csv.push_str(&format!("{delta},{r},{x}\n"));
            }
            csv
        })
    });

    view! {
        <div class="lab-controls">
            <LabChoice label=["query and key", "查询与键"] testid="xpos-vectors" choices=&VECTORS_SHOWN
                row=lab.choice(&VECTORS) />
            <LabSlider label=["head width d", "每个头的维度 d"] testid="xpos-d" row=lab.slider(&D)
                track=Track::Linear step=2.0 />
            <LabSlider label=["scale base B", "缩放底数 B"] testid="xpos-scale" row=lab.slider(&SCALE)
                track=Track::Log2 step=0.25 />
            <LabSlider label=["distances drawn, up to", "画出的距离，最大到"] testid="xpos-reach"
                row=lab.slider(&REACH) track=Track::Log2 step=0.25 />
            <LabSlider label=["distance m − n for the bars", "柱形所取的距离 m − n"] testid="xpos-distance"
                row=lab.slider(&DISTANCE) track=Track::Linear step=1.0
                up_to=Signal::derive(move || settings.with(|s| s.reach as f64)) />
        </div>
        <dl class="numbers" data-testid="xpos-readout">
            <dt>{tr([
                "ζ of the fastest and the slowest pair",
                "频率最高与最低的维度对的 ζ",
            ])}</dt>
            <dd data-testid="xpos-zeta">{move || settings.with(|s| format!("{} … {}", short(xpos_zeta(0, s.d)), short(xpos_zeta(s.d / 2 - 1, s.d))))}</dd>
            <dt>{tr([
                "at the chosen distance, the fastest pair's factor ζ_0^((m−n)/B)",
                "所选距离处，频率最高的维度对的因子 ζ_0^((m−n)/B)",
            ])}</dt>
            <dd data-testid="xpos-fastest">{move || settings.with(|s| short(xpos_pair_factor(0, s.d, s.distance as f64, s.scale_base)))}</dd>
            <dt>{tr([
                "xPos score at (m, 0) and at (m + 1000, 1000)",
                "xPos 分数：(m, 0) 处与 (m + 1000, 1000) 处",
            ])}</dt>
            <dd data-testid="xpos-shifted">{shifted}</dd>
        </dl>
        <LabFigure caption=[
                "Score against the distance m − n: RoPE (blue) and xPos (orange)",
                "分数随距离 m − n 的变化：RoPE（蓝）与 xPos（橙）",
            ] note=[
                "Each point is the mean over its stretch of whole distances; with aligned vectors the score is divided by d/2, so it starts at 1. xPos's curve is RoPE's with every pair's wave shrunk by its factor: the fast pairs' wiggles die out first. The dashed line is the distance the bar chart uses (\"distance m − n for the bars\").",
                "每个点是它那一段整数距离上的平均值；向量方向一致时，分数除以 d/2，所以从 1 开始。xPos 的曲线就是把 RoPE 每一对的波按各自的因子缩小：高频维度对的起伏最先消失。虚线是柱形图所取的距离（“柱形所取的距离 m − n”）。",
            ]>
            <SvgChart testid="xpos-scores" marks=score_chart />
        </LabFigure>
        <LabFigure caption=[
                "Each pair's factor ζ_i^((m−n)/B) at the chosen distance",
                "所选距离处每一对的因子 ζ_i^((m−n)/B)",
            ] note=[
                "Pair i on the horizontal axis, fastest on the left. At distance 0 every factor is 1; the further back the key, the more the fast pairs shrink.",
                "横轴是第 i 对，频率最高的在左边。距离为 0 时每个因子都是 1；键在查询之前越远，高频维度对缩小得越多。",
            ]>
            <SvgChart testid="xpos-factors" marks=factor_chart />
        </LabFigure>
        <CsvExport testid="xpos-csv" file=file rows=rows />
    }
}
