//! Lab (in the RoPE panel, after the context-extension lab): xPos, RoPE with a decay per pair
//! (issue 20, item 4; `encoding::xpos`).

use leptos::prelude::*;

use crate::encoding::seeded::SeededRng;
use crate::encoding::xpos::{self, xpos_pair_factor, xpos_score, xpos_zeta};
use crate::encoding::Layout;
use crate::lesson::lab_query::{read_xpos, xpos_pairs, XposSettings, XPOS_PREFIX};
use crate::render::family::curves;
use crate::render::shift_operator::bar_marks;

use super::parts::{
    in_language, short, term_text, CsvExport, LabChoice, LabSlider, LinkProblems, Sliders,
    SvgChart, Track,
};

pub const TITLE: [&str; 2] = [
    "xPos: RoPE with a decay per pair",
    "xPos：每个维度对带衰减的 RoPE",
];

pub const TEXT: [&str; 2] = [
    "xPos (Sun et al. 2022, \"A Length-Extrapolatable Transformer\") keeps RoPE's rotation and adds a scale: pair i of the query at position m is multiplied by ζ_i^(m/B) and of the key at position n by ζ_i^(−n/B), with ζ_i = (2i + 0.4·d)/(1.4·d) (about 0.29 for the fastest pair, rising to 1 − 2/(1.4·d) for the slowest: 0.99 at d = 128) and B the scale base (512 in the authors' code). In the score the two scales meet as ζ_i^((m − n)/B): a function of the offset alone, so the relative property of RoPE is kept, and it shrinks as a key lies further back, fastest for the fast pairs. The chart compares the score of an aligned query and key (every pair (1, 0)) against the distance m − n under RoPE and under xPos; the bars show each pair's factor at the chosen distance. Choose seeded random vectors to see the relative property checked: the score at (m, n) and at (m + 1000, n + 1000) agree.",
    "xPos（Sun 等人 2022，《A Length-Extrapolatable Transformer》）保留 RoPE 的旋转，再加一个缩放：位置 m 处查询的第 i 对乘以 ζ_i^(m/B)，位置 n 处键的第 i 对乘以 ζ_i^(−n/B)，其中 ζ_i = (2i + 0.4·d)/(1.4·d)（频率最高的维度对约为 0.29，向频率最低的维度对增大到 1 − 2/(1.4·d)：d = 128 时为 0.99），B 是缩放底数（作者代码中为 512）。在分数中两个缩放相乘，合成 ζ_i^((m − n)/B)：只与偏移量有关，所以 RoPE 的相对性质得以保留；键越靠前，它就越小，高频维度对缩小得最快。图中比较方向一致的查询与键（每一对都是 (1, 0)）在 RoPE 和 xPos 下的分数随距离 m − n 的变化；柱形给出所选距离处每一对的因子。选“固定种子的随机向量”，可以看到对相对性质的检验：(m, n) 与 (m + 1000, n + 1000) 处的分数相同。",
];

const VECTORS: [[&str; 2]; 2] = [
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
    if s.random == 1 {
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
    let scale = if s.random == 1 { 1.0 } else { 2.0 / s.d as f64 };
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
    let (settings, link_problems) = super::linked_settings(XPOS_PREFIX, read_xpos, xpos_pairs);
    // Every write goes through `fixed()`: the sliders (`Sliders::fixed_by`), the link and lesson readers.
    let sliders = Sliders::fixed_by(settings, XposSettings::fixed);
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
                ["aligned", "random"][s.random],
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
        <h3 id="lab-xpos" data-testid="xpos-title">{in_language(TITLE)}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="xpos-link-problems" />
        <div class="lab-controls">
            <LabChoice label=in_language([
                "query and key",
                "查询与键",
            ]) testid="xpos-vectors" choices=&VECTORS
                value=Signal::derive(move || settings.with(|s| s.random))
                set=Callback::new(move |i| settings.update(|s| s.random = i)) />
            <LabSlider label=in_language([
                "head width d",
                "每个头的维度 d",
            ]) testid="xpos-d" min=2.0 max=256.0 step=2.0 track=Track::Linear
                value=sliders.get(|s| s.d as f64) set=sliders.set(|s, v| s.d = v as usize) />
            <LabSlider label=in_language([
                "scale base B",
                "缩放底数 B",
            ]) testid="xpos-scale" min=4.0 max=13.0 step=0.25 track=Track::Log2
                value=sliders.get(|s| s.scale_base) set=sliders.set(|s, v| s.scale_base = v.clamp(16.0, 8192.0)) />
            <LabSlider label=in_language([
                "distances drawn, up to",
                "画出的距离，最大到",
            ]) testid="xpos-reach" min=4.0 max=13.0 step=0.25 track=Track::Log2
                value=sliders.get(|s| s.reach as f64) set=sliders.set(|s, v| s.reach = (v as usize).clamp(16, 8192)) />
            <LabSlider label=in_language([
                "distance m − n for the bars",
                "柱形所取的距离 m − n",
            ]) testid="xpos-distance" min=0.0
                max=Signal::derive(move || settings.with(|s| s.reach as f64)) step=1.0 track=Track::Linear
                value=sliders.get(|s| s.distance as f64) set=sliders.set(|s, v| s.distance = v as usize) />
        </div>
        <dl class="numbers" data-testid="xpos-readout">
            <dt>{in_language([
                "ζ of the fastest and the slowest pair",
                "频率最高与最低的维度对的 ζ",
            ])}</dt>
            <dd data-testid="xpos-zeta">{move || settings.with(|s| format!("{} … {}", short(xpos_zeta(0, s.d)), short(xpos_zeta(s.d / 2 - 1, s.d))))}</dd>
            <dt>{in_language([
                "at the chosen distance, the fastest pair's factor ζ_0^((m−n)/B)",
                "所选距离处，频率最高的维度对的因子 ζ_0^((m−n)/B)",
            ])}</dt>
            <dd data-testid="xpos-fastest">{move || settings.with(|s| short(xpos_pair_factor(0, s.d, s.distance as f64, s.scale_base)))}</dd>
            <dt>{in_language([
                "xPos score at (m, 0) and at (m + 1000, 1000)",
                "xPos 分数：(m, 0) 处与 (m + 1000, 1000) 处",
            ])}</dt>
            <dd data-testid="xpos-shifted">{shifted}</dd>
        </dl>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Score against the distance m − n: RoPE (blue) and xPos (orange)",
                "分数随距离 m − n 的变化：RoPE（蓝）与 xPos（橙）",
            ])}</figcaption>
            <SvgChart testid="xpos-scores" marks=score_chart />
            <p class="note">{in_language([
                "Each point is the mean over its stretch of whole distances; with aligned vectors the score is divided by d/2, so it starts at 1. xPos's curve is RoPE's with every pair's wave shrunk by its factor: the fast pairs' wiggles die out first. The dashed line is the distance of the bars below.",
                "每个点是它那一段整数距离上的平均值；向量方向一致时，分数除以 d/2，所以从 1 开始。xPos 的曲线就是把 RoPE 每一对的波按各自的因子缩小：高频维度对的起伏最先消失。虚线是下方柱形所取的距离。",
            ])}</p>
        </figure>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Each pair's factor ζ_i^((m−n)/B) at the chosen distance",
                "所选距离处每一对的因子 ζ_i^((m−n)/B)",
            ])}</figcaption>
            <SvgChart testid="xpos-factors" marks=factor_chart />
            <p class="note">{in_language([
                "Pair i on the horizontal axis, fastest on the left. At distance 0 every factor is 1; a key further back shrinks the fast pairs most.",
                "横轴是第 i 对，频率最高的在左边。距离为 0 时每个因子都是 1；键越靠前，高频维度对缩小得越多。",
            ])}</p>
        </figure>
        <CsvExport testid="xpos-csv" file=file rows=rows />
    }
}
