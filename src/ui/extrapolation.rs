//! Panel: what a learned table does past its training length, beside the formula that has no end.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{canvas_height, redraw_on_frame, series_color, SizedCanvas, CANVAS_WIDTH};
use super::chart::{draw_line_chart, draw_square_matrix, LineChart, MatrixChart, Series, Ticks};
use super::classroom::LabSlot;
use super::context::{tr, use_lesson};
use super::controls::PanelSlider;
use super::panel::Panel;
use super::parts::{Figure, Legend, Reading};
use crate::encoding::{extrapolation, Extrapolation};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::params::N_TRAIN_MAX;
use crate::lesson::{Field, PanelId};

/// min..max of the y values of `points`, formatted for the read-out.
fn spread(points: &[(f64, f64)]) -> String {
    let (low, high) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        });
    if points.is_empty() {
        "–".to_string()
    } else if high - low < 5e-13 {
        format!("{low:.12}")
    } else {
        format!("{low:.6} … {high:.6}")
    }
}

#[component]
pub fn ExtrapolationPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| params.with(|p| (p.n_train, p.d_model, p.base, p.layout)));
    let data = Memo::new(move |previous: Option<&std::sync::Arc<Extrapolation>>| {
        let (n_train, d_model, base, layout) = inputs.get();
        // Shared, not cloned, with the three canvases that draw it.
        std::sync::Arc::new(extrapolation(
            n_train,
            d_model,
            base,
            layout,
            previous.map(|p| &**p),
        ))
    });

    let sinusoidal_canvas = NodeRef::<html::Canvas>::new();
    let learned_canvas = NodeRef::<html::Canvas>::new();
    let curve_canvas = NodeRef::<html::Canvas>::new();
    // The panel's top is near the screen once one of these is: time for its labs (not the curve
    // lower down, which a phone scrolled to the panel's top does not draw).
    let labs_near =
        [(sinusoidal_canvas, false), (learned_canvas, true)].map(|(canvas, learned)| {
            redraw_on_frame(
                canvas,
                move || (data.get(), lesson.lang.get()),
                move |element, (data, lang)| {
                    if let Some(sized) = SizedCanvas::fit(element, 1.0) {
                        let matrix = if learned {
                            &data.learned_matrix
                        } else {
                            &data.sinusoidal_matrix
                        };
                        let n = data.side;
                        // The axes are labelled with positions: a sampled matrix's last row is
                        // position (n − 1)·stride, not n − 1.
                        let last = (n - 1) * data.stride;
                        draw_square_matrix(
                            &sized,
                            &MatrixChart {
                                values: matrix,
                                rows: n,
                                cols: n,
                                scale: 1.0,
                                guides: &[0.5],
                                last: (last, last),
                                x_desc: lang.t(Key::AxisPositionN),
                                y_desc: lang.t(Key::AxisPositionM),
                                non_negative: false,
                                names: &[],
                            },
                        );
                    }
                },
            )
        });
    redraw_on_frame(
        curve_canvas,
        move || (data.get(), lesson.lang.get()),
        |element, (data, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                draw_line_chart(
                    &sized,
                    &LineChart {
                        x: 0.0..data.shown as f64,
                        y: -0.25..1.05,
                        x_desc: lang.t(Key::AxisPosition),
                        y_desc: "cos",
                        series: &[
                            Series {
                                points: &data.sinusoidal_neighbours,
                                color: series_color(0),
                                dots: false,
                            },
                            Series {
                                points: &data.learned_neighbours,
                                color: series_color(1),
                                dots: false,
                            },
                        ],
                        guides: &[data.n_train as f64],
                        marks: &[],
                        x_ticks: Ticks::Whole,
                        ..Default::default()
                    },
                );
            }
        },
    );

    let learned_beyond = move || data.with(|d| spread(&d.learned_neighbours[d.n_train - 1..]));
    let missing = move || {
        let lang = lesson.lang.get();
        let beyond = data.with(|d| d.beyond)?;
        // Each language's colon: a full-width one in Chinese (docs/glossary.md).
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        Some(format!(
            "{}{colon}{}",
            lang.t(Key::ExtrapMissing)
                .replace("{pos}", &beyond.pos.to_string()),
            lang.t(Key::ExtrapMissingAnswer)
                .replace("{last}", &(beyond.max_len - 1).to_string())
        ))
    };
    view! {
        <Panel id=PanelId::Extrapolation>
            <div class="panel-controls">
                <PanelSlider field=Field::NTrain min=crate::lesson::params::N_TRAIN_MIN max=N_TRAIN_MAX as f64 read=|p| p.n_train />
            </div>
            <div class="pair-of-canvases">
                <Figure node_ref=sinusoidal_canvas aspect=1.0 testid="canvas-extrap-sinusoidal" caption=Key::ExtrapSinusoidal />
                <div data-readout="extrap-table">
                    <Figure node_ref=learned_canvas aspect=1.0 testid="canvas-extrap-learned" caption=Key::ExtrapLearned />
                </div>
            </div>
            <p class="note">{Signal::derive(move || {
                let lang = lesson.lang.get();
                data.with(|d| {
                    let shown = lang.t(Key::ExtrapShown).replace("{last}", &(d.shown - 1).to_string());
                    if d.stride == 1 {
                        return shown;
                    }
                    let sampled = lang
                        .t(Key::ExtrapSampled)
                        .replace("{stride}", &d.stride.to_string())
                        .replace("{pick}", &((d.side - 1) * d.stride).to_string());
                    format!("{shown}{sampled}")
                })
            })}</p>
            <div data-readout="extrap-learned">
                <canvas node_ref=curve_canvas width=CANVAS_WIDTH height=canvas_height(0.5) data-testid="canvas-extrap-neighbours" role="img" aria-label=tr(Key::ExtrapNeighbour)></canvas>
                <Legend keys=&[Key::SinusoidalName, Key::ExtrapLearnedLegend] />
            </div>
            <dl class="numbers">
                <Reading label=Key::ExtrapSinusoidalRange testid="extrap-sinusoidal" value={Signal::derive(move || data.with(|d| spread(&d.sinusoidal_neighbours)))} />
            </dl>
            <dl class="numbers" data-readout="extrap-learned">
                <Reading label=Key::ExtrapLearnedBeyond testid="extrap-learned" value=learned_beyond />
            </dl>
            <p data-testid="extrap-missing" data-readout="extrap-learned">{Signal::derive(move || missing().unwrap_or_default())}</p>
            <LabSlot panel=PanelId::Extrapolation near=Signal::derive(move || labs_near.iter().any(|near| near.get())) />
        </Panel>
    }
}
