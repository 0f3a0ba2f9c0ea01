//! Panel: chosen dimensions as waves over the positions, with markers at pos and pos + k.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{
    canvas_height, css_color, redraw_on_frame, series_color, SizedCanvas, ThemeColors,
    CANVAS_WIDTH, SERIES,
};
use super::chart::{draw_line_chart, LineChart, Series, Ticks};
use super::context::{tr, use_lesson, Restriction};
use super::math::{Formula, Math};
use super::panel::Panel;
use super::parts::Note;

use crate::encoding::{dimension_role, omega, pair_dimensions, pe_column, wavelength, Layout};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::params::{WaveDims, MAX_EXTRA_DIMS};
use crate::lesson::{Field, PanelId};
use crate::render::layout::wave_window;
use crate::render::layout::PlotRect;
use crate::render::numbers::positions_text;

/// One wave: a dimension and its values at every position.
#[derive(Clone, PartialEq)]
struct Wave {
    dim: usize,
    pair: usize,
    is_sine: bool,
    omega: f64,
    wavelength: f64,
    values: Vec<f64>,
}

/// What the curves depend on; moving pos or k only moves the markers.
#[derive(Clone, Copy, PartialEq)]
struct WaveInputs {
    length: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    dims: WaveDims,
    pair: usize,
}

/// The dimensions drawn: pair i first (it follows the i slider), then the extras.
fn shown_dimensions(inputs: &WaveInputs) -> Vec<usize> {
    let (sine, cosine) = pair_dimensions(inputs.pair, inputs.d_model, inputs.layout);
    let mut dims = vec![sine];
    dims.extend(cosine);
    for d in inputs.dims.extra(inputs.d_model) {
        if !dims.contains(&d) && d < inputs.d_model {
            dims.push(d);
        }
    }
    dims
}

#[component]
pub fn WavesPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| {
        let p = params.get();
        WaveInputs {
            length: p.length,
            d_model: p.d_model,
            base: p.base,
            layout: p.layout,
            dims: p.dims,
            pair: p.pair,
        }
    });
    let waves = Memo::new(move |_| {
        let inputs = inputs.get();
        shown_dimensions(&inputs)
            .into_iter()
            .map(|dim| {
                let (pair, is_sine) = dimension_role(dim, inputs.d_model, inputs.layout);
                let mut values = vec![0.0; inputs.length];
                pe_column(dim, inputs.d_model, inputs.base, inputs.layout, &mut values);
                Wave {
                    dim,
                    pair,
                    is_sine,
                    omega: omega(pair, inputs.d_model, inputs.base),
                    wavelength: wavelength(pair, inputs.d_model, inputs.base),
                    values,
                }
            })
            .collect::<Vec<_>>()
    });
    // What the waves note reads: a slider move of pos, k or i leaves it alone.
    let range = Memo::new(move |_| params.with(|p| (p.d_model, p.base)));
    let marks = Memo::new(move |_| {
        let p = params.get();
        (p.pos, p.pos + p.k)
    });

    // Curves and axes on one layer, redrawn when the curves change; the pos and pos + k markers
    // on a layer above, redrawn when pos or k move.
    let canvas = NodeRef::<html::Canvas>::new();
    let overlay = NodeRef::<html::Canvas>::new();
    let device_rect = RwSignal::new(PlotRect::default());
    // A long sequence is drawn through a window around pos (which then moves it).
    let window = Memo::new(move |_| params.with(|p| wave_window(p.length, p.pos)));
    redraw_on_frame(
        canvas,
        move || (waves.get(), window.get(), lesson.lang.get()),
        move |element, (waves, window, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, ASPECT)
                && let Some(rect) = draw_waves(&sized, waves, *window, *lang)
            {
                device_rect.set(rect);
            }
        },
    );
    redraw_on_frame(
        overlay,
        move || (waves.get(), marks.get(), window.get(), device_rect.get()),
        |element, (waves, marks, window, rect)| {
            if let Some(sized) = SizedCanvas::fit(element, ASPECT) {
                draw_markers(&sized, waves, *marks, *window, rect);
            }
        },
    );

    let extra = move || params.get().dims.extra(params.get().d_model);
    let remove = move |dim: usize| {
        params.update(|p| {
            let kept: Vec<usize> = p
                .dims
                .extra(p.d_model)
                .into_iter()
                .filter(|d| *d != dim)
                .collect();
            p.dims = WaveDims::custom(&kept);
        })
    };
    let new_dim = RwSignal::new(String::new());
    // Why the last dimension typed was not added.
    let refused = RwSignal::new(None::<Key>);
    let add = move || {
        let p = params.get_untracked();
        let shown = shown_dimensions(&inputs.get_untracked());
        let mut dims = p.dims.extra(p.d_model);
        let why = match new_dim.get_untracked().trim().parse::<usize>() {
            Err(_) => Some(Key::DimNotNumber),
            Ok(dim) if dim >= p.d_model => Some(Key::DimTooLarge),
            Ok(dim) if shown.contains(&dim) => Some(Key::DimShown),
            Ok(_) if dims.len() >= MAX_EXTRA_DIMS => Some(Key::DimsFull),
            Ok(dim) => {
                dims.push(dim);
                params.update(|p| p.dims = WaveDims::custom(&dims));
                new_dim.set(String::new());
                None
            }
        };
        refused.set(why);
    };
    let legend = move || {
        let lang = lesson.lang.get();
        let (pos, pos_k) = marks.get();
        waves
            .get()
            .into_iter()
            .enumerate()
            .map(|(n, w)| {
                let kind = lang.t(if w.is_sine { Key::Sine } else { Key::Cosine });
                let at = |p: usize| w.values.get(p).copied().unwrap_or(f64::NAN);
                // The stylesheet's series-n classes carry the series colours (a style attribute would
                // break the strict CSP in the prerendered page).
                let swatch = format!("swatch series-{}", n % SERIES);
                view! {
                    <li data-testid=format!("wave-{}", w.dim)>
                        <span class=swatch></span>
                        // The first line says what ω means; the others follow it.
                        {match lang {
                            Lang::En => format!(
                                "dim {} ({kind}, i = {}): {} = {:.4}, {} = {:.1}; pos {pos}: {:+.3}, pos + k {pos_k}: {:+.3}",
                                w.dim, w.pair, if n == 0 { lang.t(Key::OmegaNamed) } else { "ω" }, w.omega,
                                lang.t(Key::Wavelength), w.wavelength, at(pos), at(pos_k)
                            ),
                            Lang::Zh => format!(
                                "第 {} 维（{kind}，i = {}）：{} = {:.4}，{} = {:.1}；pos {pos} 处为 {:+.3}，pos + k {pos_k} 处为 {:+.3}",
                                w.dim, w.pair, if n == 0 { lang.t(Key::OmegaNamed) } else { "ω" }, w.omega,
                                lang.t(Key::Wavelength), w.wavelength, at(pos), at(pos_k)
                            ),
                        }}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <Panel id=PanelId::Waves>
            <Formula markup=Math::Wavelength />
            <div class="chart-box">
                <div class="canvas-stack">
                    <canvas node_ref=canvas width=CANVAS_WIDTH height=canvas_height(ASPECT) data-testid="canvas-waves" role="img" aria-label=tr(Key::WavesTitle)></canvas>
                    <canvas node_ref=overlay width=CANVAS_WIDTH height=canvas_height(ASPECT) data-testid="canvas-waves-marks" class="overlay" aria-hidden="true"></canvas>
                </div>
            </div>
            <ul class="legend">{legend}</ul>
            // The text's range in numbers, for the d_model and base on screen.
            <Note testid="waves-range" text=move || {
                let (d_model, base) = range.get();
                let last = d_model / 2 - 1;
                let lang = lesson.lang.get();
                if last == 0 {
                    lang.t(Key::WavesOnePair).to_string()
                } else {
                    lang.t(Key::WavesRange)
                        .replace("{last}", &last.to_string())
                        .replace("{lambda}", &positions_text(wavelength(last, d_model, base)))
                }
            } />
            <fieldset class="chips" hidden=Restriction::of(Field::Dims).hidden() data-hide-as=Restriction::of(Field::Dims).hide_as() disabled=Restriction::of(Field::Dims).disabled() title=Restriction::of(Field::Dims).title() aria-label=tr(Key::DimsLabel)>
                <span class="chips-label">{tr(Key::DimsLabel)}</span>
                {move || {
                    extra()
                        .into_iter()
                        .map(|dim| {
                            view! {
                                <button
                                    type="button"
                                    class="chip"
                                    data-testid=format!("remove-dim-{dim}")
                                    on:click=move |_| { remove(dim); }
                                >
                                    // The name starts with the visible text ("dim 5"), then says what the button does.
                                    {move || match lesson.lang.get() {
                                        Lang::En => format!("dim {dim} "),
                                        Lang::Zh => format!("第 {dim} 维 "),
                                    }}
                                    <span aria-hidden="true">"×"</span>
                                    <span class="visually-hidden">{tr(Key::RemoveDimension)}</span>
                                </button>
                            }
                        })
                        .collect_view()
                }}
                <label class="visually-hidden" for="add-dim">{tr(Key::DimsLabel)}</label>
                <input
                    id="add-dim"
                    type="number"
                    min="0"
                    max=move || (params.get().d_model - 1).to_string()
                    inputmode="numeric"
                    data-testid="add-dim-input"
                    prop:value=move || new_dim.get()
                    on:input=move |ev| new_dim.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { add() }
                />
                <button type="button" data-testid="add-dim" on:click=move |_| { add(); }>
                    {tr(Key::AddDimension)}
                </button>
                <small class="held" role="status" data-testid="add-dim-status">
                    {Signal::derive(move || refused.get().map_or(String::new(), |key| {
                        lesson.lang.get().t(key).replace("{d}", &(params.get().d_model - 1).to_string())
                    }))}
                </small>
            </fieldset>
        </Panel>
    }
}

/// Height over width of the waves canvas.
const ASPECT: f64 = 0.5;
/// The value axis, a little beyond [−1, 1] so the crests are not cut.
const Y_RANGE: (f64, f64) = (-1.15, 1.15);

/// Curves and axes; returns the plotting rectangle in device pixels for the marker layer.
/// Each wave is its continuous curve, sin(ω·x) or cos(ω·x) sampled every two device pixels,
/// with a dot at every whole position (the only places a token can be) when the dots fit:
/// joining the whole positions alone would draw the fast waves as zigzags.
fn draw_waves(
    canvas: &SizedCanvas,
    waves: &[Wave],
    (first, last): (usize, usize),
    lang: Lang,
) -> Option<PlotRect> {
    let (start, end) = (first as f64, x_end(first, last));
    let samples = (canvas.width / 2).max(2) as usize;
    let curves: Vec<Vec<(f64, f64)>> = waves
        .iter()
        .map(|w| {
            (0..=samples)
                .map(|s| {
                    let x = start + (end - start) * s as f64 / samples as f64;
                    let angle = w.omega * x;
                    (x, if w.is_sine { angle.sin() } else { angle.cos() })
                })
                .collect()
        })
        .collect();
    let whole: Vec<Vec<(f64, f64)>> = waves
        .iter()
        .map(|w| {
            (first..=last)
                .filter_map(|p| Some((p as f64, *w.values.get(p)?)))
                .collect()
        })
        .collect();
    fn as_series(sets: &[Vec<(f64, f64)>], dots: bool) -> Vec<Series<'_>> {
        sets.iter()
            .enumerate()
            .map(|(n, points)| Series {
                points,
                color: series_color(n),
                dots,
            })
            .collect()
    }
    let length = waves.first().map_or(1, |w| w.values.len());
    let x_desc = if last + 1 - first < length {
        lang.t(Key::AxisPositionWindow)
            .replace("{a}", &first.to_string())
            .replace("{b}", &last.to_string())
            .replace("{n}", &(length - 1).to_string())
    } else {
        lang.t(Key::AxisPosition).to_string()
    };
    draw_line_chart(
        canvas,
        &LineChart {
            x: start..end,
            y: Y_RANGE.0..Y_RANGE.1,
            x_desc: &x_desc,
            y_desc: lang.t(Key::AxisPeValue),
            series: &as_series(&curves, false),
            dotted: &as_series(&whole, true),
            x_ticks: Ticks::Whole,
            x_labels: 8,
            no_x_grid: true,
            y_label_space: 52.0,
            ..Default::default()
        },
    )
}

/// The right end of the position axis (one past `first` at least, so a one-position sequence
/// has an axis).
fn x_end(first: usize, last: usize) -> f64 {
    last.max(first + 1) as f64
}

/// Dashed lines at pos and pos + k, and a dot where each wave crosses them.
fn draw_markers(
    canvas: &SizedCanvas,
    waves: &[Wave],
    (pos, pos_k): (usize, usize),
    (first, last): (usize, usize),
    rect: &PlotRect,
) -> Option<()> {
    let context = canvas.context()?;
    context.clear_rect(0.0, 0.0, canvas.width as f64, canvas.height as f64);
    if waves.is_empty() || rect.width <= 0.0 {
        return Some(());
    }
    let colors = ThemeColors::current();
    let (start, end) = (first as f64, x_end(first, last));
    let dash = js_sys::Array::of2(&canvas.font_px(5.0).into(), &canvas.font_px(4.0).into());
    for (marker, color) in [(pos, colors.text), (pos_k, colors.second)] {
        // Outside the window: the legend still prints its values.
        if !(first..=last).contains(&marker) {
            continue;
        }
        let x = rect.x_of(marker as f64, start, end);
        context.set_line_width(canvas.font_px(1.6));
        context.set_stroke_style_str(&css_color(color));
        context.set_line_dash(&dash).ok()?;
        context.begin_path();
        context.move_to(x, rect.top);
        context.line_to(x, rect.top + rect.height);
        context.stroke();
        context.set_line_dash(&js_sys::Array::new()).ok()?;
        for (n, wave) in waves.iter().enumerate() {
            if let Some(v) = wave.values.get(marker) {
                let y = rect.y_of(*v, Y_RANGE.0, Y_RANGE.1);
                context.set_fill_style_str(&css_color(series_color(n)));
                context.begin_path();
                context
                    .arc(x, y, canvas.font_px(3.5), 0.0, std::f64::consts::TAU)
                    .ok()?;
                context.fill();
            }
        }
    }
    Some(())
}
