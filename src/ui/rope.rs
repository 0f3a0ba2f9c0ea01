//! Panel: RoPE turns q and k instead of adding a vector; the score depends on m − n only. Its
//! distance chart shows the score of a query and key that point the same way (q = k), and
//! RoFormer's upper bound on |score|: neither is the average score, which is 0 at every
//! distance for independent random q and k.

use leptos::html;
use leptos::prelude::*;

use crate::lesson::chapters::{anchor_href, Page};

use super::canvas::{css_color, redraw_on_frame, series_color, SizedCanvas, ThemeColors};
use super::chart::{draw_line_chart, fitted_range, LineChart, Series, Ticks};
use super::classroom::LabSlot;
use super::context::{tr, use_lesson, Restriction};
use super::controls::{LayoutSelect, PanelSlider};
use super::math::{by_layout, Formula, Math};
use super::panel::Panel;
use super::parts::{Figure, Legend, PageText, Reading, SymbolReading};
use crate::encoding::{
    rope_decay, rope_demo_vectors, rope_pair, rope_plane, rope_relative_bound, rope_score, Layout,
    RopePlane,
};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::{Field, PanelId};

/// The width of the pairing diagram: enough to show the pattern of either layout.
const DIAGRAM_WIDTH: usize = 16;
/// Samples of the decay curve.
const DECAY_POINTS: usize = 256;
/// Room above and below the distance chart's curves, as a share of their span.
const Y_PAD: f64 = 0.05;

/// The distance chart's two curves, each divided by its value at distance 0: the score of
/// q = k = (1, …, 1) (`rope_decay`) and RoFormer's relative upper bound
/// (`rope_relative_bound`).
#[derive(PartialEq)]
struct DecayCurves {
    same: Vec<(f64, f64)>,
    bound: Vec<(f64, f64)>,
}

/// The numbers and the plane of the current m, n, pair.
#[derive(Clone, Copy, PartialEq)]
struct RopeView {
    plane: RopePlane,
    score: f64,
    /// The same offset started from 0: q at m − n, k at 0.
    score_from_origin: f64,
    distance: usize,
    /// The decay curve at that distance (the marked point).
    decay: f64,
}

/// What the rotation plane and the score read from the lesson state.
#[derive(Clone, Copy, PartialEq)]
struct PlaneInputs {
    m: usize,
    n: usize,
    pair: usize,
    base: f64,
    layout: Layout,
}

#[component]
pub fn RopePanel() -> impl IntoView {
    let lesson = use_lesson();
    let course_page = use_context::<Page>().unwrap_or_default();
    let params = lesson.params;
    let vectors = Memo::new(move |_| rope_demo_vectors(params.get().d_model));
    let view_inputs = Memo::new(move |_| {
        params.with(|p| PlaneInputs {
            m: p.rope_m,
            n: p.rope_n,
            pair: p.pair,
            base: p.base,
            layout: p.layout,
        })
    });
    let current = Memo::new(move |_| {
        let PlaneInputs {
            m,
            n,
            pair,
            base,
            layout,
        } = view_inputs.get();
        vectors.with(|(q, k)| {
            let (m_f, n_f) = (m as f64, n as f64);
            RopeView {
                plane: rope_plane(q, k, m_f, n_f, pair, base, layout),
                score: rope_score(q, k, m_f, n_f, base, layout),
                score_from_origin: rope_score(q, k, m_f - n_f, 0.0, base, layout),
                distance: m.abs_diff(n),
                decay: rope_decay(m.abs_diff(n) as f64, q.len(), base),
            }
        })
    });
    let decay_inputs = Memo::new(move |_| params.with(|p| (p.d_model, p.base, p.length)));
    let decay = Memo::new(move |_| {
        let (d, base, length) = decay_inputs.get();
        let reach = length.max(64);
        // At most DECAY_POINTS samples: each costs d/2 cosines, and a curve needs no more.
        let step = reach.div_ceil(DECAY_POINTS);
        let at_zero = rope_relative_bound(0.0, d, base);
        let sample = |f: &dyn Fn(f64) -> f64| {
            (0..=reach)
                .step_by(step)
                .map(|delta| (delta as f64, f(delta as f64)))
                .collect::<Vec<_>>()
        };
        std::sync::Arc::new(DecayCurves {
            same: sample(&|delta| rope_decay(delta, d, base)),
            bound: sample(&|delta| rope_relative_bound(delta, d, base) / at_zero),
        })
    });
    let formula = by_layout(Math::Rope, Math::RopeSplit);
    let diagram = Memo::new(move |_| params.with(|p| (p.layout, p.pair)));

    let plane_canvas = NodeRef::<html::Canvas>::new();
    let decay_canvas = NodeRef::<html::Canvas>::new();
    let diagram_canvas = NodeRef::<html::Canvas>::new();
    // The panel is near the screen once this canvas is: time for the labs its link opened.
    let labs_near = redraw_on_frame(
        plane_canvas,
        move || (current.get().plane, diagram.get(), lesson.lang.get()),
        move |element, (plane, (layout, pair), lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                draw_plane(&sized, plane, *layout, *pair, *lang);
            }
        },
    );
    redraw_on_frame(
        decay_canvas,
        move || (decay.get(), current.get(), lesson.lang.get()),
        |element, (decay, now, lang)| {
            let reach = decay.same.last().map_or(1.0, |p| p.0);
            let mark = [(now.distance as f64, now.decay)];
            let marks: &[(f64, f64)] = if mark[0].0 <= reach { &mark } else { &[] };
            // The y range fits what is drawn (both curves, the mark) and always holds 0.
            let range = fitted_range(
                decay
                    .same
                    .iter()
                    .chain(&decay.bound)
                    .chain(marks)
                    .map(|p| p.1)
                    .chain([0.0]),
                Y_PAD,
            );
            let _ = element.set_attribute("data-y-min", &range.start.to_string());
            let _ = element.set_attribute("data-y-max", &range.end.to_string());
            if let Some(sized) = SizedCanvas::fit(element, 0.75) {
                draw_line_chart(
                    &sized,
                    &LineChart {
                        x: 0.0..reach,
                        y: range,
                        x_desc: lang.t(Key::AxisDistance),
                        y_desc: lang.t(Key::AxisRelativeToZero),
                        series: &[
                            Series {
                                points: &decay.same,
                                color: series_color(0),
                                dots: false,
                            },
                            Series {
                                points: &decay.bound,
                                color: series_color(1),
                                dots: false,
                            },
                        ],
                        guides: &[],
                        marks,
                        x_ticks: Ticks::Whole,
                        y_label_space: 56.0,
                        ..Default::default()
                    },
                );
            }
        },
    );
    redraw_on_frame(
        diagram_canvas,
        move || diagram.get(),
        |element, &(layout, pair)| {
            if let Some(sized) = SizedCanvas::fit(element, PAIRING_ASPECT) {
                draw_pairing(&sized, layout, pair);
            }
        },
    );

    let shift = move |dm: i64, dn: i64| {
        let p = params.get_untracked();
        lesson.set(Field::RopeM, (p.rope_m as i64 + dm) as f64);
        lesson.set(Field::RopeN, (p.rope_n as i64 + dn) as f64);
    };
    // m and n are positions of the sequence: the sliders end at its last one.
    let last_pos = Signal::derive(move || params.with(|p| p.length - 1) as f64);
    view! {
        <Panel id=PanelId::Rope>
            <Formula markup=formula />
            <p data-testid="rope-projections" data-answer="rope-why">
                <PageText key=Key::RopeAfterProjections />" "<a href=move || anchor_href("add-concat", course_page, &lesson.params.get())>{tr(Key::CombineTitle)}</a>
            </p>
            <div class="panel-controls">
                <PanelSlider field=Field::RopeM min=0 max=last_pos read=|p| p.rope_m />
                <PanelSlider field=Field::RopeN min=0 max=last_pos read=|p| p.rope_n />
                // Moves m and n: a teacher link's lock on either disables it.
                <button
                    type="button"
                    data-testid="rope-together"
                    disabled=move || lesson.locked(Field::RopeM) || lesson.locked(Field::RopeN)
                    on:click=move |_| shift(1, 1)
                >
                    {tr(Key::RopeTogether)}
                </button>
                <button
                    type="button"
                    data-testid="rope-apart"
                    disabled=Restriction::of(Field::RopeN).disabled()
                    on:click=move |_| shift(0, 1)
                >
                    {tr(Key::RopeApart)}
                </button>
            </div>
            <dl class="numbers">
                <dt>{Signal::derive(move || {
                    let p = params.get();
                    lesson.lang.get().t(Key::RopeScore)
                        .replace("{m}", &p.rope_m.to_string())
                        .replace("{n}", &p.rope_n.to_string())
                })}</dt>
                <dd data-testid="rope-score">{Signal::derive(move || format!("{:.12}", current.get().score))}</dd>
                // The same score from 0, and its name, which says what to compare: it answers
                // lesson step 17, which masks both until Reveal.
                <div data-readout="rope-origin">
                    <dt>{tr(Key::RopeScoreOrigin)}</dt>
                    <dd data-testid="rope-score-origin">
                        {Signal::derive(move || format!("{:.12}", current.get().score_from_origin))}
                    </dd>
                </div>
                <Reading label=Key::RopeOnCurve testid="rope-on-curve" value={Signal::derive(move || format!("{:.6}", current.get().decay))} />
                <SymbolReading label="m − n" testid="rope-offset" value={Signal::derive(move || { let p = params.get(); (p.rope_m as i64 - p.rope_n as i64).to_string() })} />
            </dl>
            <div class="pair-of-canvases">
                <Figure node_ref=plane_canvas aspect=1.0 testid="canvas-rope-plane" caption=Key::RopePlane />
                <Figure node_ref=decay_canvas aspect=0.75 testid="canvas-rope-decay" caption=Key::RopeDecay />
            </div>
            <Legend keys=&[Key::RopeLegendSame, Key::RopeLegendBound] />
            <p class="note" data-testid="rope-bound-note"><PageText key=Key::RopeBoundNote /></p>
            <LabSlot panel=PanelId::Rope near=labs_near />
            <LayoutSelect
                name="rope-layout"
                texts=[Key::RopePairsLabel, Key::RopePairsInterleaved, Key::RopePairsSplit]
            />
            <Figure node_ref=diagram_canvas aspect=PAIRING_ASPECT testid="canvas-rope-pairs" caption=Key::RopeDiagram />
        </Panel>
    }
}

/// The pair's plane: unit-scaled axes, named by the pair's dimensions (the layout's), q and k
/// before (dashed) and after (solid) rotation.
fn draw_plane(
    canvas: &SizedCanvas,
    plane: &RopePlane,
    layout: Layout,
    pair: usize,
    lang: Lang,
) -> Option<()> {
    let context = canvas.context()?;
    let (w, h) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, w, h);
    let colors = ThemeColors::current();
    let reach = [plane.q, plane.k]
        .iter()
        .map(|v| v[0].hypot(v[1]))
        .fold(1e-9, f64::max);
    let (cx, cy, radius) = (w / 2.0, h / 2.0, w.min(h) * 0.42);
    let to_screen = |v: [f64; 2]| (cx + v[0] / reach * radius, cy - v[1] / reach * radius);
    context.set_line_width(canvas.font_px(1.0));
    context.set_stroke_style_str(&css_color(colors.grid));
    context.begin_path();
    context.move_to(cx - radius * 1.1, cy);
    context.line_to(cx + radius * 1.1, cy);
    context.move_to(cx, cy - radius * 1.1);
    context.line_to(cx, cy + radius * 1.1);
    context.stroke();
    // Which pair this is: its dimensions at the axes' ends.
    let (first, second) = match layout {
        Layout::Interleaved => ("2i", "2i+1"),
        Layout::SplitHalves => ("i", "i+d/2"),
    };
    let axes = canvas.label_context(&colors)?;
    axes.set_text_align("right");
    axes.set_text_baseline("bottom");
    let dimension = |which: &str| match lang {
        Lang::En => format!("dim {which}"),
        Lang::Zh => format!("第 {which} 维"),
    };
    axes.fill_text(
        &dimension(first),
        cx + radius * 1.1,
        cy - canvas.font_px(3.0),
    )
    .ok()?;
    axes.set_text_align("left");
    axes.set_text_baseline("top");
    axes.fill_text(
        &dimension(second),
        cx + canvas.font_px(4.0),
        cy - radius * 1.1,
    )
    .ok()?;
    axes.fill_text(
        &format!("i = {pair}"),
        canvas.font_px(4.0),
        canvas.font_px(4.0),
    )
    .ok()?;
    axes.set_text_baseline("alphabetic");
    context.set_font(&format!("{}px sans-serif", canvas.font_px(14.0)));
    // The vectors before rotation are labelled above their tips, after it below: at m = 0 (or
    // n = 0) a vector and its rotation coincide, and so would their labels.
    let arrows = [
        (plane.q, series_color(0), true, "q"),
        (plane.k, series_color(1), true, "k"),
        (plane.q_rotated, series_color(0), false, "R(mθ)q"),
        (plane.k_rotated, series_color(1), false, "R(nθ)k"),
    ];
    for (vector, color, dashed, label) in arrows {
        let color = css_color(color);
        let (x, y) = to_screen(vector);
        let dash = if dashed { canvas.font_px(5.0) } else { 0.0 };
        context
            .set_line_dash(&js_sys::Array::of2(&dash.into(), &dash.into()))
            .ok()?;
        context.set_stroke_style_str(&color);
        context.set_fill_style_str(&color);
        context.set_line_width(canvas.font_px(if dashed { 1.5 } else { 2.5 }));
        context.begin_path();
        context.move_to(cx, cy);
        context.line_to(x, y);
        context.stroke();
        context.begin_path();
        context
            .arc(x, y, canvas.font_px(4.0), 0.0, std::f64::consts::TAU)
            .ok()?;
        context.fill();
        // Right of the tip, or left of it where the text would leave the canvas.
        let width = context.measure_text(label).ok()?.width();
        let gap = canvas.font_px(6.0);
        let left = if x + gap + width > w {
            x - gap - width
        } else {
            x + gap
        };
        let top = if dashed {
            y - gap
        } else {
            y + gap + canvas.font_px(12.0)
        };
        context.fill_text(label, left, top).ok()?;
    }
    context.set_line_dash(&js_sys::Array::new()).ok()
}

/// The pairing diagram's height over its width: room for the boxes and, above them, arcs that
/// rise to the top, so the strip has no empty band above short arcs.
const PAIRING_ASPECT: f64 = 0.15;

/// Sixteen dimension boxes; an arc joins each pair that rotates together, rising over the whole
/// height above the boxes whatever its span (adjacent pairs' arcs would otherwise stay low under
/// an empty band); pair `pair` is drawn in the accent colour when it is one of the eight shown.
fn draw_pairing(canvas: &SizedCanvas, layout: Layout, pair: usize) -> Option<()> {
    let context = canvas.context()?;
    let (w, h) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, w, h);
    let colors = ThemeColors::current();
    let cell = w / DIAGRAM_WIDTH as f64;
    let box_top = h * 0.62;
    let box_size = (cell * 0.8).min(h * 0.34);
    context.set_font(&format!("{}px sans-serif", canvas.font_px(12.0)));
    context.set_text_align("center");
    for dim in 0..DIAGRAM_WIDTH {
        let x = cell * (dim as f64 + 0.5);
        context.set_stroke_style_str(&css_color(colors.text));
        context.set_line_width(canvas.font_px(1.0));
        context.stroke_rect(x - box_size / 2.0, box_top, box_size, box_size);
        context.set_fill_style_str(&css_color(colors.text));
        context
            .fill_text(&dim.to_string(), x, box_top + box_size * 0.7)
            .ok()?;
    }
    for i in 0..DIAGRAM_WIDTH / 2 {
        let (a, b) = rope_pair(i, DIAGRAM_WIDTH, layout);
        let (xa, xb) = (cell * (a as f64 + 0.5), cell * (b as f64 + 0.5));
        let chosen = i == pair;
        let color = if chosen {
            colors.second
        } else {
            series_color(i % 3)
        };
        context.set_stroke_style_str(&css_color(color));
        context.set_line_width(canvas.font_px(if chosen { 3.0 } else { 1.5 }));
        // A cubic Bézier's peak is 3/4 of its control points' height.
        let rise = (box_top - canvas.font_px(4.0)) * 4.0 / 3.0;
        context.begin_path();
        context.move_to(xa, box_top);
        context.bezier_curve_to(xa, box_top - rise, xb, box_top - rise, xb, box_top);
        context.stroke();
    }
    Some(())
}
