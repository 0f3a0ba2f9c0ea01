//! Lab (in the ALiBi panel, after the family tree): relative positions added to the score,
//! Shaw et al.'s clipped offsets and T5's buckets. The table index every
//! offset reads under each (`encoding::relative_bias`), T5's bias matrix for seeded per-bucket
//! values, and Shaw's clipped offset over the same matrix.

use leptos::prelude::*;

use crate::encoding::relative_bias::{shaw_index, t5_bias_matrix, t5_bucket};
use crate::encoding::seeded::SeededRng;
use crate::lesson::labs::Choice;
use crate::lesson::labs::relative_bias::{
    RelativeBiasSettings, BUCKETS, K, LENGTH, MAX_DISTANCE, VARIANT,
};
use crate::render::heat::heat_chart;
use crate::render::step_chart::index_steps;

use super::parts::{LabFigure, CsvExport, LabChoice, LabSlider, SliderRow, SvgChart, Track};
use super::Linked;
use crate::ui::context::tr;

const VARIANTS: [[&str; 2]; 2] = [
    ["bidirectional (T5's encoder)", "双向（T5 的编码器）"],
    ["causal (T5's decoder)", "因果（T5 的解码器）"],
];

const ORANGE: &str = "#D55E00";
const BLUE: &str = "#0072B2";

/// The seed of T5's per-bucket values drawn here (stand-ins for learned ones).
const BUCKET_SEED: u64 = 2020;

/// T5's per-bucket values: seeded N(0, 1) stand-ins for the learned scalars.
fn bucket_values(buckets: usize) -> Vec<f64> {
    let mut rng = SeededRng::new(BUCKET_SEED);
    (0..buckets).map(|_| rng.next_normal(0.0, 1.0)).collect()
}

/// The offsets the index chart spans: past both limits, at least ±16, at most ±4096.
fn reach(s: &RelativeBiasSettings) -> i64 {
    (2 * s.max_distance.max(s.k) as i64).clamp(16, 4096)
}

/// T5's bucket of `offset` under the settings (they are fixed by `fix`, so it exists).
fn bucket(s: &RelativeBiasSettings, offset: i64) -> usize {
    t5_bucket(offset, s.variant.bidirectional(), s.buckets, s.max_distance).unwrap_or(0)
}

/// The shortest distance that reads the last bucket of the side of keys before the query.
fn last_bucket_from(s: &RelativeBiasSettings) -> usize {
    let last = bucket(s, -(s.max_distance as i64) * 4);
    (0..=s.max_distance)
        .find(|n| bucket(s, -(*n as i64)) == last)
        .unwrap_or(s.max_distance)
}

#[component]
pub fn RelativeBiasLab() -> impl IntoView {
    let lab = Linked::<RelativeBiasSettings>::from_link();
    let settings = lab.settings;
    // The offset looked up is the reader's own, not in the link.
    let probe = RwSignal::new(-200.0f64);

    // The offsets' indices do not depend on the matrices' length: that slider redraws the matrices only.
    let index_settings =
        Memo::new(move |_| settings.with(|s| RelativeBiasSettings { length: 0, ..*s }));
    let indices = Memo::new(move |_| {
        index_settings.with(|s| {
            let reach = reach(s);
            let t5: Vec<usize> = (-reach..=reach).map(|o| bucket(s, o)).collect();
            let shaw: Vec<usize> = (-reach..=reach).map(|o| shaw_index(o, s.k)).collect();
            (reach, t5, shaw)
        })
    });
    let index_chart = Signal::derive(move || {
        indices.with(|(reach, t5, shaw)| {
            let (max, k) = settings.with(|s| (s.max_distance as i64, s.k as i64));
            index_steps(
                *reach,
                &[(shaw.clone(), BLUE), (t5.clone(), ORANGE)],
                &[-max, max, -k, k],
            )
        })
    });
    // T5's bias matrix for seeded bucket values, and Shaw's clipped offset for every (query, key).
    let matrices = Memo::new(move |_| {
        settings.with(|s| {
            let n = s.length;
            let bias = t5_bias_matrix(
                n,
                s.variant.bidirectional(),
                s.buckets,
                s.max_distance,
                &bucket_values(s.buckets),
            )
            .unwrap_or_default();
            let shaw: Vec<f64> = (0..n * n)
                .map(|c| shaw_index((c % n) as i64 - (c / n) as i64, s.k) as f64 - s.k as f64)
                .collect();
            (bias, shaw)
        })
    });
    let bias_chart = Signal::derive(move || {
        let n = settings.with(|s| s.length);
        matrices.with(|(bias, _)| {
            let range = bias.iter().fold(1e-9f64, |m, v| m.max(v.abs()));
            heat_chart(bias, n, n, (-range, range), format!("T5, L = {n}"), None)
        })
    });
    let shaw_chart = Signal::derive(move || {
        let (n, k) = settings.with(|s| (s.length, s.k as f64));
        matrices.with(|(_, shaw)| {
            heat_chart(shaw, n, n, (-k, k), "Shaw: clip(j − i, −k, k)".into(), None)
        })
    });

    let readout = move |which: usize| {
        Signal::derive(move || {
            settings.with(|s| match which {
                0 => format!("0 … {}", s.exact() - 1),
                1 => format!(
                    "{} (≥ {})",
                    bucket(s, -(s.max_distance as i64) * 8),
                    last_bucket_from(s)
                ),
                2 => format!("{}", 2 * s.k + 1),
                _ => {
                    let offset = probe.get() as i64;
                    format!(
                        "T5 {} · Shaw {}",
                        bucket(s, offset),
                        shaw_index(offset, s.k)
                    )
                }
            })
        })
    };
    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "relative-bias_{}_buckets{}_max{}_k{}.csv",
                s.variant.name(),
                s.buckets,
                s.max_distance,
                s.k
            )
        })
    });
    let rows = Callback::new(move |_| {
        indices.with(|(reach, t5, shaw)| {
            let mut csv = String::from("offset,t5_bucket,shaw_index\n");
            for (n, (b, i)) in t5.iter().zip(shaw).enumerate() {
                csv.push_str(&format!("{},{b},{i}\n", n as i64 - reach));
            }
            csv
        })
    });

    view! {
        <div class="lab-controls">
            <LabChoice label=["T5 variant", "T5 变体"] testid="relative-bias-variant" choices=&VARIANTS
                row=lab.choice(&VARIANT) />
            <LabSlider label=["T5 num_buckets", "T5 num_buckets（桶数）"] testid="relative-bias-buckets"
                row=lab.slider(&BUCKETS) track=Track::Linear step=2.0 />
            <LabSlider label=["T5 max_distance", "T5 max_distance（最大距离）"] testid="relative-bias-max"
                row=lab.slider(&MAX_DISTANCE) track=Track::Log2 step=0.25 />
            <LabSlider label=["Shaw's k", "Shaw 的 k"] testid="relative-bias-k" row=lab.slider(&K)
                track=Track::Linear step=1.0 />
            <LabSlider label=["length L of the matrices", "矩阵的长度 L"] testid="relative-bias-length"
                row=lab.slider(&LENGTH) track=Track::Linear step=1.0 />
            <LabSlider label=["an offset j − i to look up", "要查的偏移量 j − i"] testid="relative-bias-offset"
                row=SliderRow::local(probe, -2048.0, 2048.0, true) track=Track::Linear step=1.0 />
        </div>
        <dl class="numbers" data-testid="relative-bias-readout">
            <dt>{tr([
                "T5: distances with a bucket of their own",
                "T5：各自独占一个桶的距离",
            ])}</dt>
            <dd data-testid="relative-bias-exact">{readout(0)}</dd>
            <dt>{tr([
                "T5: the last bucket before the query (shared from this distance on)",
                "T5：查询之前的最后一个桶（从这个距离起共用）",
            ])}</dt>
            // Lesson step 22 asks for it: masked until Reveal.
            <dd data-testid="relative-bias-last" data-readout="t5-last">{readout(1)}</dd>
            <dt>{tr([
                "Shaw: vectors learned (2k + 1)",
                "Shaw：学习的向量个数（2k + 1）",
            ])}</dt>
            <dd data-testid="relative-bias-shaw-count">{readout(2)}</dd>
            <dt>{tr([
                "the offset's T5 bucket and Shaw index",
                "该偏移量的 T5 桶与 Shaw 索引",
            ])}</dt>
            <dd data-testid="relative-bias-probe" data-readout="t5-probe">{readout(3)}</dd>
        </dl>
        <LabFigure caption=[
                "The table index each offset j − i reads",
                "每个偏移量 j − i 读取的表索引",
            ] note=[
                "Offsets on the horizontal axis (keys before the query on the left); the dashed lines are ±max_distance and ±k. T5's steps widen with the distance; its last step begins at or before max_distance (the read-out \"T5: the last bucket before the query\" gives where) and goes on for ever. Shaw's line is flat beyond ±k.",
                "横轴是偏移量（查询之前的键在左边）；虚线是 ±max_distance 和 ±k。T5 的台阶随距离变宽；最后一级在 max_distance 处或更早就开始了（读数“T5：查询之前的最后一个桶”给出位置），并一直延续下去。Shaw 的线在 ±k 之外是平的。",
            ] answer="t5-why">
            // Masked with the read-outs above in lesson step 22: the chart shows where the last step starts.
            <div data-readout="t5-indices"><SvgChart testid="relative-bias-indices" marks=index_chart /></div>
            <ul class="lab-legend">
                <li><svg class="swatch" viewBox="0 0 20 6" aria-hidden="true"><line x1="0" y1="3" x2="20" y2="3" stroke=ORANGE stroke-width="3" /></svg>{tr([
                    "T5 bucket",
                    "T5 的桶",
                ])}</li>
                <li><svg class="swatch" viewBox="0 0 20 6" aria-hidden="true"><line x1="0" y1="3" x2="20" y2="3" stroke=BLUE stroke-width="3" /></svg>{tr([
                    "Shaw index clip(j − i, −k, k) + k",
                    "Shaw 的索引 clip(j − i, −k, k) + k",
                ])}</li>
            </ul>
        </LabFigure>
        <LabFigure caption=[
                "What each query (row) adds for each key (column)",
                "每个查询（行）对每个键（列）加上的值",
            ] note=[
                "The matrix \"T5, L = …\": T5's bias matrix, one seeded value per bucket standing in for the learned ones; every diagonal (one offset) has one colour, and away from the diagonal the bands widen, as the buckets do. The matrix \"Shaw: clip(j − i, −k, k)\": Shaw's clipped offset j − i, from −k (blue) to k (red); beyond k the colour is constant. In the causal variant every key after the query reads bucket 0 (the mask hides those keys anyway).",
                "矩阵“T5, L = …”：T5 的偏置矩阵，每个桶用一个固定种子的随机值代替学到的值；每条对角线（同一个偏移量）是同一种颜色，离对角线越远，色带越宽，正如桶越来越宽。矩阵“Shaw: clip(j − i, −k, k)”：Shaw 截断后的偏移量 j − i，从 −k（蓝）到 k（红）；超过 k 后颜色不变。在因果变体中，查询之后的每个键都读桶 0（这些键本来就被掩码遮住了）。",
            ]>
            <div class="heat-pair">
                <SvgChart testid="relative-bias-t5-matrix" marks=bias_chart heat=true />
                <SvgChart testid="relative-bias-shaw-matrix" marks=shaw_chart heat=true />
            </div>
        </LabFigure>
        <CsvExport testid="relative-bias-csv" file=file rows=rows />
    }
}
