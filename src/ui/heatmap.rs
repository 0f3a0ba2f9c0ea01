//! Panel: the PE matrix as a heatmap (positions down, dimensions across), painted as block means
//! of its pixels (`canvas::paint_cells`) under plotters' axes, with its colour bar, hover read-out
//! and click-to-select.

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

use super::canvas::{
    canvas_height, css_color, paint_cells, redraw_on_frame, SizedCanvas, ThemeColors, CANVAS_WIDTH,
};
use super::context::{tr, use_lesson};
use super::math::{by_layout, Formula, Math};
use super::panel::Panel;
use super::parts::Note;
use crate::encoding::{
    dimension_role, fill_pe_block_means, omega, pair_dimensions, pe_value, Layout, PeScratch,
};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::{Field, PanelId};
use crate::render::colormap::DivergingMap;
use crate::render::heatmap::{cells_per_pixel, row_sampling, table_window, MAX_IMAGE_ROWS};
use crate::render::layout::PlotRect;

/// Height over width of the heatmap canvas.
const ASPECT: f64 = 0.8;

/// What the matrix depends on. pos, k and i only move markers, so they are not here.
#[derive(Clone, Copy, PartialEq)]
struct MatrixInputs {
    length: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
}

/// The matrix and its fill state, reused across redraws so a new d_model reallocates at most
/// once per growth and a moved pos allocates nothing.
#[derive(Default)]
struct MatrixBuffer {
    values: Vec<f32>,
    scratch: PeScratch,
}

/// What the markers show.
#[derive(Clone, Copy, PartialEq)]
struct Markers {
    pos: usize,
    pos_k: usize,
    columns: (usize, Option<usize>),
}

#[component]
pub fn HeatmapPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| {
        let p = params.get();
        MatrixInputs {
            length: p.length,
            d_model: p.d_model,
            base: p.base,
            layout: p.layout,
        }
    });
    let buffer = StoredValue::new(MatrixBuffer::default());
    // The memo's value is a version number; the matrix itself lives in `buffer`, filled in place.
    let version = Memo::new(move |previous: Option<&u64>| {
        let MatrixInputs {
            length,
            d_model,
            base,
            layout,
        } = inputs.get();
        let (rows, stride) = row_sampling(length, MAX_IMAGE_ROWS);
        buffer.update_value(|b| {
            b.values.resize(rows * d_model, 0.0);
            fill_pe_block_means(
                rows,
                stride,
                d_model,
                base,
                layout,
                &mut b.scratch,
                &mut b.values,
            );
        });
        previous.map_or(1, |v| v + 1)
    });
    let markers = Memo::new(move |_| {
        let p = params.get();
        Markers {
            pos: p.pos,
            pos_k: p.pos + p.k,
            columns: pair_dimensions(p.pair, p.d_model, p.layout),
        }
    });

    // The plot rectangle in CSS pixels, for pointer handling, and in device pixels, for the
    // marker layer; both set by the drawing that placed it.
    let plot_rect = StoredValue::new(PlotRect::default());
    let device_rect = RwSignal::new(PlotRect::default());
    let hover = RwSignal::new(None::<(usize, usize)>);
    let canvas = NodeRef::<html::Canvas>::new();
    let marks = NodeRef::<html::Canvas>::new();
    // Two layers: the matrix with its axes redraws only when the matrix or the language changes;
    // moving pos, k or i redraws only the thin marker layer above it.
    redraw_on_frame(
        canvas,
        move || (version.get(), inputs.get(), lesson.lang.get()),
        move |element, (_, inputs, lang)| {
            let Some(sized) = SizedCanvas::fit(element, ASPECT) else {
                return;
            };
            buffer.with_value(|b| {
                if let Some(rect) = draw_heatmap(&sized, &b.values, inputs, *lang) {
                    let css = rect.scaled(1.0 / sized.scale);
                    plot_rect.set_value(css);
                    expose_plot_rect(&sized.element, &css);
                    device_rect.set(rect);
                }
            });
        },
    );
    // The marker layer redraws after every drawing of the matrix (which sets `device_rect`).
    redraw_on_frame(
        marks,
        move || (markers.get(), inputs.get(), device_rect.get()),
        move |element, (markers, inputs, rect)| {
            if let Some(sized) = SizedCanvas::fit(element, ASPECT) {
                draw_markers(&sized, markers, inputs, rect);
            }
        },
    );

    let cell_under = move |x: f64, y: f64| {
        let MatrixInputs {
            length, d_model, ..
        } = inputs.get_untracked();
        plot_rect.get_value().cell_at(x, y, length, d_model)
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        hover.set(cell_under(ev.offset_x() as f64, ev.offset_y() as f64));
    };
    // The cell last tapped or clicked: its value stays in the read-out, and the button under the
    // picture moves pos and i to it.
    let picked = RwSignal::new(None::<(usize, usize)>);
    let move_to = move |(pos, dim): (usize, usize)| {
        params.update(|p| {
            let (pair, _) = dimension_role(dim, p.d_model, p.layout);
            *p = p
                .with(Field::Pos, pos as f64)
                .with(Field::Pair, pair as f64);
        });
    };
    // A tap only reads (a finger cannot hover, and a reading must not move the lesson); a click
    // reads and moves.
    let touch = StoredValue::new(false);
    let on_click = move |ev: web_sys::MouseEvent| {
        if let Some(cell) = cell_under(ev.offset_x() as f64, ev.offset_y() as f64) {
            picked.set(Some(cell));
            if !touch.get_value() {
                move_to(cell);
            }
        }
    };
    let change = move || {
        let p = params.get();
        let lang = lesson.lang.get();
        let within = |angle: f64| significant(2.0 * (angle / 2.0).sin(), 3);
        let mut text = lang
            .t(Key::HeatmapChangeFirst)
            .replace("{change}", &within(1.0));
        let last = p.pairs() - 1;
        if last > 0 {
            let angle = omega(last, p.d_model, p.base);
            text += &lang
                .t(Key::HeatmapChangeLast)
                .replace("{i}", &last.to_string())
                .replace("{angle}", &significant(angle, 3))
                .replace("{change}", &within(angle));
        }
        text + if lang == Lang::Zh { "。" } else { "." }
    };
    let readout = move || {
        let lang = lesson.lang.get();
        let Some((pos, dim)) = hover.get().or(picked.get()) else {
            return lang.t(Key::HeatmapReadoutEmpty).to_string();
        };
        let p = params.get();
        if pos >= p.length || dim >= p.d_model {
            return lang.t(Key::HeatmapReadoutEmpty).to_string();
        }
        let (pair, is_sine) = dimension_role(dim, p.d_model, p.layout);
        let value = pe_value(pos as f64, dim, p.d_model, p.base, p.layout);
        let kind = lang.t(if is_sine { Key::Sine } else { Key::Cosine });
        match lang {
            Lang::En => format!("pos = {pos}, dim = {dim} ({kind}, i = {pair}): {value:.6}"),
            Lang::Zh => format!("pos = {pos}，第 {dim} 维（{kind}，i = {pair}）：{value:.6}"),
        }
    };

    let t = move |key: Key| lesson.lang.get().t(key);
    let table_open = RwSignal::new(false);
    // Where the sines and cosines stand is the layout's: the formula and the explanation follow
    // it (a memo of its own, so moving pos or k leaves them be).
    let split = Memo::new(move |_| params.with(|p| p.layout == Layout::SplitHalves));
    let one_pair = Memo::new(move |_| params.with(|p| p.d_model == 2));
    let formula = by_layout(Math::Pe, Math::PeSplit);
    let text = move || {
        if one_pair.get() {
            Key::HeatmapTextOnePair
        } else if split.get() {
            Key::HeatmapTextSplit
        } else {
            Key::HeatmapText
        }
    };
    view! {
        <Panel id=PanelId::Heatmap text=text>
            <Formula markup=formula />
            <div class="chart-box">
                <div class="canvas-stack" data-readout="heatmap-picture">
                    <canvas
                        node_ref=canvas width=CANVAS_WIDTH height=canvas_height(ASPECT)
                        data-testid="canvas-heatmap"
                        class="interactive"
                        role="img"
                        aria-label=tr(Key::HeatmapTitle)
                        on:pointermove=on_move
                        on:pointerdown=move |ev| {
                            touch.set_value(ev.pointer_type() == "touch");
                            on_move(ev);
                        }
                        on:pointerleave=move |_| hover.set(None)
                        on:click=on_click
                    ></canvas>
                    <canvas node_ref=marks width=CANVAS_WIDTH height=canvas_height(ASPECT) data-testid="canvas-heatmap-marks" class="overlay" aria-hidden="true"></canvas>
                </div>
            </div>
            <output class="readout" data-testid="heatmap-readout" aria-live="polite">{readout}</output>
            <button
                type="button"
                data-testid="heatmap-move"
                disabled=move || picked.get().is_none()
                on:click=move |_| picked.get_untracked().map(move_to).unwrap_or_default()
            >
                {tr(Key::HeatmapMoveHere)}
            </button>
            <p data-testid="heatmap-change" data-readout="heatmap-change">{Signal::derive(change)}</p>
            // How many positions × dimensions one pixel of the picture averages, as drawn.
            <Note testid="heatmap-sampled" text=move || {
                let (rect, MatrixInputs { length, d_model, .. }) = (device_rect.get(), inputs.get());
                let (rows, stride) = row_sampling(length, MAX_IMAGE_ROWS);
                if rect.width <= 0.0 {
                    return String::new(); // not drawn yet
                }
                match (stride * cells_per_pixel(rows, rect.height), cells_per_pixel(d_model, rect.width)) {
                    (1, 1) => String::new(),
                    (positions, dims) => t(Key::HeatmapSampled)
                        .replace("{p}", &positions.to_string())
                        .replace("{d}", &dims.to_string()),
                }
            } />
            <details on:toggle=move |ev| {
                table_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
            }>
                <summary data-testid="heatmap-table-toggle">{tr(Key::HeatmapTable)}</summary>
                <Show when=move || table_open.get()>
                    <DataTable />
                </Show>
            </details>
        </Panel>
    }
}

/// The heatmap's text alternative: a window of the PE matrix (16 positions from pos, 8
/// dimensions from pair i's sine) with position and dimension headers and a caption naming the
/// window. Built only while its disclosure is open.
#[component]
fn DataTable() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let window = Memo::new(move |_| {
        params.with(|p| {
            let (first_dim, _) = pair_dimensions(p.pair, p.d_model, p.layout);
            let (rows, columns) = table_window(p.length, p.d_model, p.pos, first_dim);
            TableWindow {
                rows,
                columns,
                length: p.length,
                d_model: p.d_model,
                base: p.base,
                layout: p.layout,
            }
        })
    });
    let caption = move || {
        let w = window.get();
        let range = |r: &std::ops::Range<usize>| format!("{}–{}", r.start, r.end - 1);
        lesson
            .lang
            .get()
            .t(Key::HeatmapTableCaption)
            .replace("{rows}", &range(&w.rows))
            .replace("{length}", &w.length.to_string())
            .replace("{dims}", &range(&w.columns))
            .replace("{d_model}", &w.d_model.to_string())
    };
    view! {
        <table class="numbers-table" tabindex="0" data-testid="heatmap-table">
            <caption>{caption}</caption>
            <thead>
                <tr>
                    <th scope="col">{move || match lesson.lang.get() {
                        Lang::En => "pos \\ dim",
                        Lang::Zh => "pos \\ 维",
                    }}</th>
                    {move || window.get().columns.map(|dim| view! { <th scope="col">{dim}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>
                {move || {
                    let w = window.get();
                    w.rows
                        .clone()
                        .map(|pos| {
                            let cells = w
                                .columns
                                .clone()
                                .map(|dim| {
                                    let value = pe_value(pos as f64, dim, w.d_model, w.base, w.layout);
                                    view! { <td>{format!("{value:.4}")}</td> }
                                })
                                .collect_view();
                            view! { <tr><th scope="row">{pos}</th>{cells}</tr> }
                        })
                        .collect_view()
                }}
            </tbody>
        </table>
    }
}

/// The part of the matrix the data table shows, and what its values depend on.
#[derive(Clone, PartialEq)]
struct TableWindow {
    rows: std::ops::Range<usize>,
    columns: std::ops::Range<usize>,
    length: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
}

/// Puts the plot rectangle on the canvas as data attributes, so tests can aim at a cell with the
/// same numbers the drawing used.
fn expose_plot_rect(element: &HtmlCanvasElement, rect: &PlotRect) {
    for (name, value) in [
        ("data-plot-left", rect.left),
        ("data-plot-top", rect.top),
        ("data-plot-width", rect.width),
        ("data-plot-height", rect.height),
    ] {
        let _ = element.set_attribute(name, &format!("{value:.3}"));
    }
}

fn draw_heatmap(
    canvas: &SizedCanvas,
    values: &[f32],
    inputs: &MatrixInputs,
    lang: Lang,
) -> Option<PlotRect> {
    let (length, d_model) = (inputs.length, inputs.d_model);
    let (rows, stride) = row_sampling(length, MAX_IMAGE_ROWS);
    if values.len() != rows * d_model {
        return None;
    }
    let map = DivergingMap::cool_warm();
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let bar_width = canvas.font_px(64.0) as u32;
    let (main, _) = area.split_horizontally(canvas.width.saturating_sub(bar_width));
    let font = canvas.label_font(&colors);
    let mut chart = ChartBuilder::on(&main)
        .margin(canvas.font_px(8.0) as i32)
        .x_label_area_size(canvas.font_px(36.0) as i32)
        .y_label_area_size(canvas.font_px(56.0) as i32)
        // Positions run down the page, as rows of a table do.
        .build_cartesian_2d(0f64..d_model as f64, length as f64..0f64)
        .ok()?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(6)
        .y_labels(6)
        .x_label_formatter(&|v| format!("{}", v.round() as i64))
        .y_label_formatter(&|v| format!("{}", v.round() as i64))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .x_desc(lang.t(Key::AxisDimension))
        .y_desc(lang.t(Key::AxisPosition))
        .axis_style(colors.text)
        .draw()
        .ok()?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let rect = PlotRect::from_pixel_ranges(xs, ys);
    // Sampled rows cover rows·stride positions, a little past the end: clip to the plot.
    let context = canvas.context()?;
    context.save();
    context.begin_path();
    context.rect(rect.left, rect.top, rect.width, rect.height);
    context.clip();
    let covered = (rows * stride) as f64 / length as f64;
    // More cells than pixels (1024 dimensions in 500 pixels): each pixel shows its block's mean.
    paint_cells(
        &context,
        values,
        (rows, d_model),
        1.0,
        &map,
        (rect.left, rect.top, rect.width, rect.height * covered),
    );
    context.restore();

    area.present().ok()?;
    super::chart::colour_bar(
        canvas,
        (
            canvas.width.saturating_sub(bar_width) as f64 + canvas.font_px(6.0),
            rect.top,
            rect.height,
        ),
        1.0,
    )?;
    Some(rect)
}

/// The marker layer: rows pos and pos + k, columns of pair i. A light halo under a dark line
/// keeps them visible on blue, white and red alike.
fn draw_markers(
    canvas: &SizedCanvas,
    markers: &Markers,
    inputs: &MatrixInputs,
    rect: &PlotRect,
) -> Option<()> {
    let context = canvas.context()?;
    context.clear_rect(0.0, 0.0, canvas.width as f64, canvas.height as f64);
    if rect.width <= 0.0 {
        return Some(());
    }
    let colors = ThemeColors::current();
    let (rows, cols) = (inputs.length as f64, inputs.d_model as f64);
    let (cell_w, cell_h) = (rect.width / cols, rect.height / rows);
    let row = |pos: usize| {
        (
            rect.left,
            rect.top + pos as f64 * cell_h,
            rect.width,
            cell_h,
        )
    };
    let column = |dim: usize| {
        (
            rect.left + dim as f64 * cell_w,
            rect.top,
            cell_w,
            rect.height,
        )
    };
    let mut outlines = vec![
        (row(markers.pos), RGBColor(0, 0, 0)),
        (row(markers.pos_k), colors.second),
    ];
    outlines.push((column(markers.columns.0), colors.accent));
    if let Some(cosine) = markers.columns.1 {
        outlines.push((column(cosine), colors.accent));
    }
    for ((x, y, w, h), color) in outlines {
        for (width, style) in [(4.0, "#ffffff".to_string()), (2.0, css_color(color))] {
            context.set_line_width(canvas.font_px(width));
            context.set_stroke_style_str(&style);
            context.stroke_rect(x, y, w, h);
        }
    }
    Some(())
}

/// `x` (positive) with `digits` significant digits, in plain decimals (0.000115, not 1.15e-4).
fn significant(x: f64, digits: i32) -> String {
    let decimals = (digits - 1 - x.abs().log10().floor() as i32).max(0) as usize;
    format!("{x:.decimals$}")
}
