//! Panel: pair i (dimensions 2i and 2i+1, or i and d_model/2 + i in the split layout) on the
//! unit circle, cosine across and sine up so that it turns counter-clockwise as RoPE's pairs do;
//! moving by k rotates PE(pos) onto PE(pos + k).

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;

use super::canvas::{
    canvas_height, redraw_on_frame, themed_mesh, SizedCanvas, ThemeColors, CANVAS_WIDTH,
};
use super::context::{tr, use_lesson};
use super::math::{by_layout, Formula, Math};
use super::panel::Panel;

use crate::encoding::{pair_arc, pair_dimensions, pair_rotation, Layout, PairRotation};
use crate::i18n::{Key, Translate};
use crate::lesson::{Field, Lang, PanelId};

/// One circle's drawing: the rotation and where it starts.
#[derive(Clone, Copy, PartialEq)]
struct CircleView {
    pos: usize,
    k: usize,
    layout: Layout,
    rotation: PairRotation,
}

#[component]
pub fn RotationPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let main = Memo::new(move |_| {
        let p = params.get();
        CircleView {
            pos: p.pos,
            k: p.k,
            layout: p.layout,
            rotation: pair_rotation(p.pos as f64, p.k as f64, p.pair, p.d_model, p.base),
        }
    });
    let elsewhere = Memo::new(move |_| {
        let p = params.get();
        let other = p.comparison_pos();
        CircleView {
            pos: other,
            k: p.k,
            layout: p.layout,
            rotation: pair_rotation(other as f64, p.k as f64, p.pair, p.d_model, p.base),
        }
    });
    let dims = Memo::new(move |_| {
        let p = params.get();
        pair_dimensions(p.pair, p.d_model, p.layout)
    });

    let big = NodeRef::<html::Canvas>::new();
    let small = NodeRef::<html::Canvas>::new();
    for (canvas, view) in [(big, main), (small, elsewhere)] {
        redraw_on_frame(
            canvas,
            move || view.get(),
            |element, view| {
                if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                    draw_circle(&sized, view);
                }
            },
        );
    }

    // Play: advance pos one step per tick, wrapping, so the two points circle together.
    let playing = RwSignal::new(false);
    let timer = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(handle) = timer.get_value() {
            handle.clear();
        }
        timer.set_value(None);
        playing.set(false);
    };
    let toggle = move |_| {
        if playing.get_untracked() {
            stop();
            return;
        }
        let handle = set_interval_with_handle(
            move || {
                params.update(|p| {
                    let next = if p.pos + p.k + 1 < p.length {
                        p.pos + 1
                    } else {
                        0
                    };
                    *p = p.with(Field::Pos, next as f64);
                })
            },
            std::time::Duration::from_millis(150),
        );
        if let Ok(handle) = handle {
            timer.set_value(Some(handle));
            playing.set(true);
        }
    };
    on_cleanup(stop);

    let t = move |key: Key| lesson.lang.get().t(key);
    // The formula names the pair's dimensions, which the layout decides.
    let formula = by_layout(Math::Rotation, Math::RotationSplit);
    let number = |v: f64| format!("{v:+.6}");
    let matrix = move || {
        let m = main.get().rotation.matrix;
        let [a, b, c, d] = [m[0][0], m[0][1], m[1][0], m[1][1]].map(number);
        view! {
            <math display="block" class="formula numbers" data-testid="rotation-matrix">
                <mrow>
                    <msub><mi>"M"</mi><mi>"k"</mi></msub><mo>"="</mo><mo>"["</mo>
                    <mtable>
                        <mtr><mtd><mn>{a}</mn></mtd><mtd><mn>{b}</mn></mtd></mtr>
                        <mtr><mtd><mn>{c}</mn></mtd><mtd><mn>{d}</mn></mtd></mtr>
                    </mtable>
                    <mo>"]"</mo>
                </mrow>
            </math>
        }
    };
    let pair_text = move |v: [f64; 2]| format!("({}, {})", number(v[0]), number(v[1]));
    let error_text = move |r: PairRotation| {
        if r.error == 0.0 {
            "0".to_string()
        } else {
            format!("{:.1e}", r.error)
        }
    };
    view! {
        <Panel id=PanelId::Rotation>
            // The formula, the matrix and the angle's label say that the turn depends on k
            // alone: lesson step 8 asks exactly that, so it masks them until Reveal.
            <div data-readout="rotation-formula">
                <Formula markup=formula />
            </div>
            <div class="rotation-grid">
                <canvas node_ref=big width=CANVAS_WIDTH height=canvas_height(1.0) data-testid="canvas-rotation" role="img" aria-label=tr(Key::RotationTitle)></canvas>
                <div class="rotation-numbers">
                    <p class="dims">
                        {Signal::derive(move || {
                            let (sine, cosine) = dims.get();
                            let cosine = cosine.map_or("—".to_string(), |c| c.to_string());
                            match lesson.lang.get() {
                                Lang::En => format!("each pair printed here is the point (cos, sin) = (dim {cosine}, dim {sine})"),
                                Lang::Zh => format!("本节显示的每一对都是点（余弦，正弦）=（第 {cosine} 维，第 {sine} 维）"),
                            }
                        })}
                    </p>
                    <div data-readout="rotation-formula">{matrix}</div>
                    <dl>
                        <div data-readout="rotation-formula">
                            <dt>{tr(Key::AngleLabel)}</dt>
                            <dd data-testid="rotation-angle">{Signal::derive(move || {
                                let angle = main.get().rotation.angle;
                                match lesson.lang.get() {
                                    Lang::En => format!("{angle:.6} rad"),
                                    Lang::Zh => format!("{angle:.6} 弧度"),
                                }
                            })}</dd>
                        </div>
                        <dt>{Signal::derive(move || format!("PE(pos = {})", main.get().pos))}</dt>
                        <dd>{Signal::derive(move || pair_text(main.get().rotation.at_pos))}</dd>
                        <dt>"M_k · PE(pos)"</dt>
                        <dd data-testid="rotation-rotated">{Signal::derive(move || pair_text(main.get().rotation.rotated))}</dd>
                        <dt>{Signal::derive(move || format!("PE(pos + k = {})", main.get().pos + main.get().k))}</dt>
                        <dd data-testid="rotation-target">{Signal::derive(move || pair_text(main.get().rotation.at_pos_k))}</dd>
                        <dt>{tr(Key::ErrorLabel)}</dt>
                        <dd data-testid="rotation-error">{Signal::derive(move || error_text(main.get().rotation))}</dd>
                    </dl>
                    <button type="button" data-testid="rotation-play" aria-pressed=move || playing.get().to_string() on:click=toggle>
                        {Signal::derive(move || t(if playing.get() { Key::Pause } else { Key::Play }).to_string())}
                    </button>
                </div>
                <figure class="elsewhere" data-readout="rotation-elsewhere">
                    <canvas node_ref=small width=CANVAS_WIDTH height=canvas_height(1.0) data-testid="canvas-rotation-elsewhere" role="img" aria-label=tr(Key::RotationElsewhere)></canvas>
                    <figcaption>
                        {Signal::derive(move || {
                            let v = elsewhere.get();
                            let lang = lesson.lang.get();
                            format!(
                                "{}{}pos = {}{}pos + k = {}{}{} {}",
                                t(Key::RotationElsewhere), lang.colon(), v.pos, lang.comma(), v.pos + v.k, lang.semicolon(),
                                t(Key::ErrorLabel), error_text(v.rotation)
                            )
                        })}
                    </figcaption>
                </figure>
            </div>
        </Panel>
    }
}

fn draw_circle(canvas: &SizedCanvas, view: &CircleView) -> Option<()> {
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let font = canvas.label_font(&colors);
    // Five labels a side where they fit, three where the type is large beside a small circle
    // (presenter view's second circle): a label such as "-0.5" needs about three times the
    // type's size of room.
    let side = f64::from(canvas.width.min(canvas.height)) - canvas.font_px(56.0);
    let labels = if side >= 12.0 * canvas.font_px(12.0) {
        5
    } else {
        3
    };
    let mut chart = ChartBuilder::on(&area)
        .margin(canvas.font_px(6.0) as i32)
        // Equal label areas on both axes keep the plotting area square, so the circle is round.
        .x_label_area_size(canvas.font_px(44.0) as i32)
        .y_label_area_size(canvas.font_px(44.0) as i32)
        .build_cartesian_2d(-1.25f64..1.25f64, -1.25f64..1.25f64)
        .ok()?;
    themed_mesh(
        chart
            .configure_mesh()
            .x_labels(labels)
            .y_labels(labels)
            .x_desc(match view.layout {
                Layout::Interleaved => "cos: PE(·, 2i+1)",
                Layout::SplitHalves => "cos: PE(·, d_model/2+i)",
            })
            .y_desc(match view.layout {
                Layout::Interleaved => "sin: PE(·, 2i)",
                Layout::SplitHalves => "sin: PE(·, i)",
            }),
        &font,
        &colors,
    )
    .draw()
    .ok()?;
    let thin = canvas.font_px(1.2) as u32;
    let thick = canvas.font_px(3.0) as u32;
    let circle = pair_arc(0.0, std::f64::consts::TAU, 128);
    chart
        .draw_series(LineSeries::new(
            circle.iter().map(|p| (p[0], p[1])),
            colors.grid.stroke_width(thin),
        ))
        .ok()?;
    // The arc of angle k·ω_i from PE(pos) to PE(pos + k); a sweep of many turns is drawn as its
    // last turn, since the points only see the angle modulo 2π.
    let r = view.rotation;
    let start = view.pos as f64 * r.omega;
    let sweep = r.angle.min(std::f64::consts::TAU);
    let arc = pair_arc(start + r.angle - sweep, sweep, 96);
    let inner: Vec<(f64, f64)> = arc.iter().map(|p| (0.82 * p[0], 0.82 * p[1])).collect();
    chart
        .draw_series(LineSeries::new(inner, colors.second.stroke_width(thick)))
        .ok()?;
    // With k = 0 (or a whole number of turns) both points, and so their labels, coincide: the
    // second label then goes under the first.
    let apart = (r.at_pos[0] - r.at_pos_k[0]).hypot(r.at_pos[1] - r.at_pos_k[1]) > 0.5;
    for (n, (point, color, label)) in [
        (r.at_pos, colors.text, format!("pos {}", view.pos)),
        (
            r.at_pos_k,
            colors.second,
            format!("pos + k {}", view.pos + view.k),
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let (x, y) = (point[0], point[1]);
        chart
            .draw_series([PathElement::new(
                vec![(0.0, 0.0), (x, y)],
                color.stroke_width(thin),
            )])
            .ok()?;
        chart
            .draw_series([Circle::new(
                (x, y),
                canvas.font_px(5.0) as i32,
                color.filled(),
            )])
            .ok()?;
        // Inside the circle, so labels never leave a small canvas.
        let below = if n == 1 && !apart { 0.2 } else { 0.0 };
        let anchor = (x * 0.5 - 0.25, y * 0.5 + 0.12 - below);
        chart
            .draw_series([Text::new(label, anchor, font.clone())])
            .ok()?;
    }
    area.present().ok()
}
