//! Panel: ALiBi's per-head slopes, the bias matrix of one head, and its effect on a row.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{redraw_on_frame, series_color, SizedCanvas};
use super::chart::{
    draw_line_chart, draw_square_matrix, shade_upper_triangle, LineChart, MatrixChart, Series,
    Ticks,
};
use super::classroom::LabSlot;
use super::context::use_lesson;
use super::controls::PanelSlider;
use super::panel::Panel;
use super::parts::{Figure, Legend, Reading};
use crate::encoding::{alibi_attention_row, alibi_bias, alibi_slopes, alibi_step_ratio, AlibiMask};
use crate::i18n::{Key, Translate};
use crate::lesson::params::HEADS_MAX;
use crate::lesson::{Field, PanelId};

/// The bias matrix and the attention row show at most this many positions: enough to see the
/// ramp, few enough that each cell stays visible.
const SHOWN_MAX: usize = 48;

#[derive(PartialEq)]
struct AlibiView {
    slopes: Vec<(f64, f64)>,
    slope: f64,
    head: usize,
    /// Positions in the bias matrix.
    shown: usize,
    /// The bias of each (query, key); masked cells are 0 (drawn under grey).
    bias: Vec<f32>,
    /// The largest |bias| of the steepest head: the colour bar's end, the same for every head.
    deepest: f32,
    /// The query's weights over keys 0..=query, with and without the bias.
    with_bias: Vec<(f64, f64)>,
    without_bias: Vec<(f64, f64)>,
}

fn alibi_view(heads: usize, head: usize, length: usize, pos: usize) -> AlibiView {
    let slopes = alibi_slopes(heads);
    let slope = slopes[head - 1];
    let shown = length.min(SHOWN_MAX);
    let mut bias = vec![0.0; shown * shown];
    alibi_bias(slope, shown, AlibiMask::Causal, &mut bias);
    // One colour scale for every head, the steepest head's: switching heads changes the
    // picture (a gentle head's penalties are pale), not only the numbers on the colour bar.
    let steepest = slopes.iter().copied().fold(slope, f64::max);
    let deepest = (steepest * (shown.max(2) - 1) as f64) as f32;
    let bias = bias
        .iter()
        .map(|b| if b.is_finite() { *b as f32 } else { 0.0 })
        .collect();
    let query = pos.min(shown - 1);
    let points = |weights: Vec<f64>| -> Vec<(f64, f64)> {
        weights
            .into_iter()
            .enumerate()
            .map(|(j, w)| (j as f64, w))
            .collect()
    };
    // Equal content scores: what remains is the bias alone.
    let content = vec![0.0; query + 1];
    AlibiView {
        slopes: slopes
            .iter()
            .enumerate()
            .map(|(h, s)| ((h + 1) as f64, *s))
            .collect(),
        slope,
        head,
        shown,
        bias,
        deepest,
        with_bias: points(alibi_attention_row(slope, &content)),
        without_bias: points(alibi_attention_row(0.0, &content)),
    }
}

#[component]
pub fn AlibiPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    // The slopes and the bias matrix do not depend on pos: they come from a view at query 0 that
    // a pos move leaves alone, so only the attention row redraws when pos moves.
    let view_at = move |with_pos: bool| {
        let inputs = Memo::new(move |_| {
            params.with(|p| (p.heads, p.head, p.length, if with_pos { p.pos } else { 0 }))
        });
        Memo::new(move |_| {
            let (heads, head, length, pos) = inputs.get();
            std::sync::Arc::new(alibi_view(heads, head, length, pos))
        })
    };
    let matrices = view_at(false);
    let data = view_at(true);

    let slopes_canvas = NodeRef::<html::Canvas>::new();
    let bias_canvas = NodeRef::<html::Canvas>::new();
    let row_canvas = NodeRef::<html::Canvas>::new();
    // The panel is near the screen once this canvas is: time for the labs its link opened.
    let labs_near = redraw_on_frame(
        slopes_canvas,
        move || (matrices.get(), lesson.lang.get()),
        move |element, (data, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.75) {
                // The largest slope, wherever it is: for a head count that is not a power of two
                // the slopes are not in falling order (the 9th of 12 is 2^(−1/2) > 1/2).
                let top = data
                    .slopes
                    .iter()
                    .map(|s| s.1)
                    .fold(0.0, f64::max)
                    .max(1e-9);
                let mark = [(data.head as f64, data.slope)];
                draw_line_chart(
                    &sized,
                    &LineChart {
                        x: 0.5..data.slopes.len() as f64 + 0.5,
                        y: 0.0..top * 1.1,
                        x_desc: lang.t(Key::AxisHead),
                        y_desc: lang.t(Key::AxisSlope),
                        series: &[Series {
                            points: &data.slopes,
                            color: series_color(0),
                            dots: true,
                        }],
                        guides: &[],
                        marks: &mark,
                        x_ticks: Ticks::Whole,
                        ..Default::default()
                    },
                );
            }
        },
    );
    redraw_on_frame(
        bias_canvas,
        move || (matrices.get(), lesson.lang.get()),
        |element, (data, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                let n = data.shown;
                draw_square_matrix(
                    &sized,
                    &MatrixChart {
                        values: &data.bias,
                        rows: n,
                        cols: n,
                        scale: data.deepest.max(f32::MIN_POSITIVE),
                        guides: &[],
                        last: (n - 1, n - 1),
                        x_desc: lang.t(Key::AxisKey),
                        y_desc: lang.t(Key::AxisQuery),
                        non_negative: false,
                        names: &[],
                    },
                );
                shade_upper_triangle(&sized, data.shown);
            }
        },
    );
    redraw_on_frame(
        row_canvas,
        move || (data.get(), lesson.lang.get()),
        |element, (data, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                let top = data.with_bias.iter().map(|p| p.1).fold(0.0, f64::max);
                draw_line_chart(
                    &sized,
                    &LineChart {
                        x: 0.0..data.with_bias.len().max(2) as f64 - 1.0,
                        y: 0.0..top * 1.1,
                        x_desc: lang.t(Key::AxisKey),
                        y_desc: lang.t(Key::AxisWeight),
                        series: &[
                            Series {
                                points: &data.without_bias,
                                color: series_color(0),
                                dots: true,
                            },
                            Series {
                                points: &data.with_bias,
                                color: series_color(1),
                                dots: true,
                            },
                        ],
                        guides: &[],
                        marks: &[],
                        x_ticks: Ticks::Whole,
                        ..Default::default()
                    },
                );
            }
        },
    );

    // The lesson's claim in numbers: one step back multiplies the weight by e^(−slope).
    let step_ratio = move || {
        data.with(|d| {
            let w = &d.with_bias;
            match w.len() {
                0 | 1 => "–".to_string(),
                n => format!("{:.6}", w[n - 2].1 / w[n - 1].1),
            }
        })
    };
    view! {
        <Panel id=PanelId::Alibi>
            <div class="panel-controls">
                <PanelSlider field=Field::Heads min=1 max=HEADS_MAX as f64 read=|p| p.heads />
                <PanelSlider field=Field::Head min=1 max=Signal::derive(move || params.get().heads as f64) read=|p| p.head />
            </div>
            <dl class="numbers">
                <Reading label=Key::AxisSlope testid="alibi-slope" value={Signal::derive(move || format!("{:.6}", data.with(|d| d.slope)))} />
                <Reading label=Key::AlibiExpected testid="alibi-expected" value={Signal::derive(move || format!("{:.6}", alibi_step_ratio(data.with(|d| d.slope))))} />
                <Reading label=Key::AlibiStep testid="alibi-ratio" value=step_ratio />
            </dl>
            <div class="pair-of-canvases">
                <div data-readout="alibi-slopes">
                    <Figure node_ref=slopes_canvas aspect=0.75 testid="canvas-alibi-slopes" caption=Key::AlibiSlopes />
                </div>
                <Figure node_ref=bias_canvas aspect=1.0 testid="canvas-alibi-bias" caption=Key::AlibiBias />
            </div>
            <Figure node_ref=row_canvas aspect=0.5 testid="canvas-alibi-row" caption=Key::AlibiRow />
            <Legend keys=&[Key::AlibiWithout, Key::AlibiWith] />
            <LabSlot panel=PanelId::Alibi near=labs_near />
        </Panel>
    }
}
