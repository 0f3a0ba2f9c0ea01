//! Panel: PE(m)·PE(n) for all pairs of positions (constant along diagonals) and against the
//! offset m − n, negative offsets included: the curve is symmetric, PE(m)·PE(n) = PE(n)·PE(m),
//! so the dot product tells the distance between two positions, not which comes first.

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;

use super::canvas::{
    canvas_height, paint_cells, redraw_on_frame, series_color, SizedCanvas, ThemeColors,
    CANVAS_WIDTH,
};
use super::chart::{draw_line_chart, fitted_range, LineChart, Series, Ticks};
use super::classroom::LabSlot;
use super::context::{tr, use_lesson};
use super::math::{Formula, Math};
use super::panel::Panel;
use super::parts::{Note, PageText};
use crate::encoding::{
    dot, dot_product_at_offset, dot_product_curve, dot_product_matrix_block_means, pe_vector,
    Layout,
};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::PanelId;
use crate::render::colormap::DivergingMap;
use crate::render::heatmap::row_sampling;
use crate::render::layout::PlotRect;

/// The matrix is drawn at most this many rows and columns: a plot has no more pixels than that,
/// and the cost grows with the square.
const MAX_MATRIX_ROWS: usize = 256;

/// The offset curve and the sampled matrix, both normalised by d_model/2 (the value at offset 0).
#[derive(Clone, PartialEq)]
struct DotData {
    /// Offsets 0, 1, …, length − 1; the chart draws it mirrored over the negative offsets too.
    curve: Vec<f64>,
    /// The least and the greatest value of `curve` (so of the whole symmetric chart).
    low: f64,
    high: f64,
    matrix: Vec<f32>,
    rows: usize,
    stride: usize,
}

/// Room above and below the curve, as a share of its span.
const Y_PAD: f64 = 0.05;

/// The curve chart's y range: its values with a little room, and always 0 (the eye reads the
/// fall of the dot product against zero).
fn y_range(data: &DotData) -> std::ops::Range<f64> {
    fitted_range([data.low, data.high, 0.0], Y_PAD)
}

/// What the printed numbers read from the lesson state.
#[derive(Clone, Copy, PartialEq)]
struct NumberInputs {
    pos: usize,
    k: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
}

#[component]
pub fn DotProductPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| params.with(|p| (p.d_model, p.base, p.length)));
    let data = Memo::new(move |_| {
        let (d, base, length) = inputs.get();
        // The curve as far as the matrix's last block reaches (past the sequence when its
        // length is not a whole number of blocks); the chart shows it up to the length.
        let (rows, stride) = row_sampling(length, MAX_MATRIX_ROWS);
        let mut curve = vec![0.0; (rows * stride).max(length)];
        dot_product_curve(d, base, &mut curve);
        let peak = (d / 2).max(1) as f64;
        curve.iter_mut().for_each(|v| *v /= peak);
        let mut matrix = vec![0.0f32; rows * rows];
        dot_product_matrix_block_means(&curve, rows, stride, &mut matrix);
        curve.truncate(length);
        let (low, high) = curve
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(*v), hi.max(*v))
            });
        DotData {
            curve,
            low,
            high,
            matrix,
            rows,
            stride,
        }
    });
    let offset = Memo::new(move |_| params.with(|p| p.k));

    let matrix_canvas = NodeRef::<html::Canvas>::new();
    let curve_canvas = NodeRef::<html::Canvas>::new();
    // The panel is near the screen once this canvas is: time for the labs its link opened.
    let labs_near = redraw_on_frame(
        matrix_canvas,
        move || (data.get(), lesson.lang.get()),
        move |element, (data, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                draw_matrix(&sized, data, *lang);
            }
        },
    );
    redraw_on_frame(
        curve_canvas,
        move || (data.get(), offset.get(), lesson.lang.get()),
        |element, (data, k, lang)| {
            // What the chart shows, on the canvas (for tests, and the curious): its y range and
            // the curve's least value, which the range must hold. Set when drawn, so a canvas
            // off screen still reads nothing.
            let range = y_range(data);
            for (name, value) in [
                ("data-y-min", range.start),
                ("data-y-max", range.end),
                ("data-min", data.low),
            ] {
                let _ = element.set_attribute(name, &value.to_string());
            }
            if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                draw_curve(&sized, data, *k, *lang);
            }
        },
    );

    // The lesson's claim in numbers: the same k from two starting positions, and the formula.
    let number_inputs = Memo::new(move |_| {
        params.with(|p| NumberInputs {
            pos: p.pos,
            k: p.k,
            d_model: p.d_model,
            base: p.base,
            layout: p.layout,
        })
    });
    let numbers = Memo::new(move |_| {
        let NumberInputs {
            pos,
            k,
            d_model,
            base,
            layout,
        } = number_inputs.get();
        let at = |pos: usize| {
            let mut v = vec![0.0; d_model];
            pe_vector(pos as f64, base, layout, &mut v);
            v
        };
        let (here, there) = (at(pos), at(pos + k));
        (
            dot(&here, &there),
            dot(&at(0), &at(k)),
            dot_product_at_offset(k as f64, d_model, base),
            // The same two positions the other way round: offset −k instead of +k.
            dot(&there, &here),
        )
    });
    let t = move |key: Key| lesson.lang.get().t(key);
    let p = move || params.get();
    view! {
        <Panel id=PanelId::DotProduct>
            <Formula markup=Math::Dot />
            <div class="pair-of-canvases">
                <canvas node_ref=matrix_canvas width=CANVAS_WIDTH height=canvas_height(1.0) data-testid="canvas-dot-matrix" role="img" aria-label=tr(Key::DotTitle)></canvas>
                // The curve over every offset answers lesson step 9 (masked until Reveal).
                <div data-readout="dot-curve">
                    <canvas node_ref=curve_canvas width=CANVAS_WIDTH height=canvas_height(1.0) data-testid="canvas-dot-curve" role="img" aria-label=tr(Key::AxisOffset)></canvas>
                </div>
            </div>
            // The read-outs right under the charts they read: a slide shows both at once.
            <dl class="numbers">
                <dt>{Signal::derive(move || format!("PE({})·PE({})", p().pos, p().pos + p().k))}</dt>
                <dd data-testid="dot-at-pos">{Signal::derive(move || format!("{:.9}", numbers.get().0))}</dd>
                <dt>{Signal::derive(move || format!("PE({})·PE({})", p().pos + p().k, p().pos))}</dt>
                <dd data-testid="dot-reversed">{Signal::derive(move || format!("{:.9}", numbers.get().3))}</dd>
                <dt>{Signal::derive(move || format!("PE(0)·PE({})", p().k))}</dt>
                <dd data-testid="dot-at-zero">{Signal::derive(move || format!("{:.9}", numbers.get().1))}</dd>
                <dt>{Signal::derive(move || format!("Σ cos(ω_i·{})", p().k))}</dt>
                <dd data-testid="dot-formula">{Signal::derive(move || format!("{:.9}", numbers.get().2))}</dd>
                // The same number on the curve's scale.
                <dt>{tr(Key::DotScaled)}</dt>
                <dd data-testid="dot-scaled">{Signal::derive(move || format!("{:.6}", numbers.get().2 / (p().d_model as f64 / 2.0)))}</dd>
            </dl>
            <p data-testid="dot-symmetric"><PageText key=Key::DotSymmetric /></p>
            <p class="note" data-testid="dot-orthogonal"><PageText key=Key::DotOrthogonal /></p>
            <Note testid="dot-sampled" text=move || {
                let stride = data.with(|d| d.stride);
                if stride > 1 { t(Key::DotSampled).replace("{}", &stride.to_string()) } else { String::new() }
            } />
            <LabSlot panel=PanelId::DotProduct near=labs_near />
        </Panel>
    }
}

fn draw_matrix(canvas: &SizedCanvas, data: &DotData, lang: Lang) -> Option<()> {
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let font = canvas.label_font(&colors);
    let extent = (data.rows * data.stride) as f64;
    let mut chart = ChartBuilder::on(&area)
        .margin(canvas.font_px(8.0) as i32)
        // Room for the colour bar and its scale.
        .margin_right(canvas.font_px(66.0) as i32)
        .x_label_area_size(canvas.font_px(36.0) as i32)
        .y_label_area_size(canvas.font_px(50.0) as i32)
        .build_cartesian_2d(0f64..extent, extent..0f64)
        .ok()?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(5)
        .y_labels(5)
        .x_label_formatter(&|v| format!("{}", v.round() as i64))
        .y_label_formatter(&|v| format!("{}", v.round() as i64))
        .x_desc(lang.t(Key::AxisPositionN))
        .y_desc(lang.t(Key::AxisPositionM))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .axis_style(colors.text)
        .draw()
        .ok()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let rect = PlotRect::from_pixel_ranges(xs, ys);
    area.present().ok()?;
    paint_cells(
        &canvas.context()?,
        &data.matrix,
        (data.rows, data.rows),
        1.0,
        &DivergingMap::cool_warm(),
        (rect.left, rect.top, rect.width, rect.height),
    )?;
    // The cells are the dot product ÷ (d_model/2), as the curve's axis says: ±1 at the ends.
    super::chart::colour_bar(
        canvas,
        (
            rect.left + rect.width + canvas.font_px(10.0),
            rect.top,
            rect.height,
        ),
        1.0,
    )
}

/// The curve over the offsets −(length − 1) … length − 1: the value at −δ is the value at δ, since
/// PE(m)·PE(n) = PE(n)·PE(m). Marks at +k and −k.
fn draw_curve(canvas: &SizedCanvas, data: &DotData, k: usize, lang: Lang) -> Option<()> {
    let last = (data.curve.len().max(2) - 1) as f64;
    let negative = data
        .curve
        .iter()
        .enumerate()
        .skip(1)
        .rev()
        .map(|(o, v)| (-(o as f64), *v));
    let positive = data.curve.iter().enumerate().map(|(o, v)| (o as f64, *v));
    let points: Vec<(f64, f64)> = negative.chain(positive).collect();
    let marks: Vec<(f64, f64)> = data
        .curve
        .get(k)
        .map(|v| vec![(k as f64, *v), (-(k as f64), *v)])
        .unwrap_or_default();
    draw_line_chart(
        canvas,
        &LineChart {
            x: -last..last,
            y: y_range(data),
            x_desc: lang.t(Key::AxisOffset),
            y_desc: lang.t(Key::AxisDotScaled),
            series: &[Series {
                points: &points,
                color: series_color(0),
                dots: false,
            }],
            guides: &[],
            marks: &marks,
            x_ticks: Ticks::Whole,
            y_label_space: 56.0,
            ..Default::default()
        },
    )
    .map(|_| ())
}
