//! Panel: the PE amplitude against the toy attention's entropy. Too small and position is
//! ignored; too large and attention collapses onto single positions.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{canvas_height, redraw_on_frame, series_color, SizedCanvas, CANVAS_WIDTH};
use super::chart::{draw_line_chart, LineChart, Series};
use super::context::{tr, use_lesson};
use super::controls::field_control;
use super::panel::Panel;
use super::parts::PageText;
use crate::encoding::{attention_saturation, attention_weights, mean_attention_entropy};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::params::AMPLITUDE_MAX;
use crate::lesson::{Field, PanelId};

/// The sentence and width of the demonstration (six tokens, a toy width).
const SENTENCE: &str = "the cat sat on the mat";
const TOY_WIDTH: usize = 32;
/// Amplitudes sampled for the curve: 0 to AMPLITUDE_MAX in steps of 0.1.
const CURVE_STEPS: usize = 80;

#[component]
pub fn SaturationPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let base = Memo::new(move |_| params.with(|p| p.base));
    let amplitude = Memo::new(move |_| params.with(|p| p.amplitude));
    let curve = Memo::new(move |_| {
        let amplitudes: Vec<f64> = (0..=CURVE_STEPS)
            .map(|s| AMPLITUDE_MAX * s as f64 / CURVE_STEPS as f64)
            .collect();
        let entropy =
            attention_saturation(SENTENCE, TOY_WIDTH, base.get(), &amplitudes).unwrap_or_default();
        amplitudes
            .into_iter()
            .zip(entropy)
            .collect::<Vec<(f64, f64)>>()
    });
    let weights = Memo::new(move |_| {
        attention_weights(SENTENCE, TOY_WIDTH, base.get(), amplitude.get())
            .map(|out| (out.tokens, out.weights))
            .unwrap_or_default()
    });
    // The entropy at the current amplitude comes from the weights already computed for the
    // picture, not from a second forward pass.
    let entropy_now = Memo::new(move |_| weights.with(|(n, w)| mean_attention_entropy(w, *n)));

    let curve_canvas = NodeRef::<html::Canvas>::new();
    let weights_canvas = NodeRef::<html::Canvas>::new();
    redraw_on_frame(
        curve_canvas,
        move || {
            (
                curve.get(),
                amplitude.get(),
                entropy_now.get(),
                lesson.lang.get(),
            )
        },
        |element, (curve, a, h, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.75) {
                draw_curve(&sized, curve, (*a, *h), *lang);
            }
        },
    );
    // The sentence's words name the picture's rows and columns: split once, not at every drawing.
    let words: Vec<&'static str> = SENTENCE.split_whitespace().collect();
    let uniform = (words.len() as f64).ln();
    redraw_on_frame(
        weights_canvas,
        move || (weights.get(), lesson.lang.get()),
        move |element, ((n, w), lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.75) {
                draw_weights(&sized, *n, w, &words, *lang);
            }
        },
    );

    view! {
        <Panel id=PanelId::Saturation>
            {field_control(Field::Amplitude, Some(PanelId::Saturation))}
            <div class="pair-of-canvases">
                <canvas node_ref=curve_canvas width=CANVAS_WIDTH height=canvas_height(0.75) data-testid="canvas-saturation" role="img" aria-label=tr(Key::SaturationTitle)></canvas>
                <canvas node_ref=weights_canvas width=CANVAS_WIDTH height=canvas_height(0.75) data-testid="canvas-saturation-weights" role="img" aria-label=tr(Key::SaturationWeights)></canvas>
            </div>
            <p>
                {tr(Key::SaturationEntropy)} {move || lesson.lang.get().colon()}
                <strong data-testid="saturation-entropy">{Signal::derive(move || format!("{:.4}", entropy_now.get()))}</strong>
                {Signal::derive(move || match lesson.lang.get() {
                    Lang::En => format!(" (ln 6 = {uniform:.4})"),
                    Lang::Zh => format!("（ln 6 = {uniform:.4}）"),
                })}
            </p>
            // What the toy leaves out: the normalisation most real models apply before attention.
            <p class="note" data-testid="saturation-caveat"><PageText key=Key::SaturationCaveat /></p>
        </Panel>
    }
}

fn draw_curve(
    canvas: &SizedCanvas,
    curve: &[(f64, f64)],
    now: (f64, f64),
    lang: Lang,
) -> Option<()> {
    let top = curve.iter().map(|p| p.1).fold(0.0, f64::max).max(0.1) * 1.1;
    draw_line_chart(
        canvas,
        &LineChart {
            x: 0.0..AMPLITUDE_MAX,
            y: 0.0..top,
            x_desc: lang.t(Key::AmplitudeLabel),
            y_desc: lang.t(Key::SaturationEntropy),
            series: &[Series {
                points: curve,
                color: series_color(0),
                dots: false,
            }],
            guides: &[],
            marks: &[now],
            ..Default::default()
        },
    )
    .map(|_| ())
}

/// The attention weights, row = query word, column = key word, each named by its word; white
/// is 0, red is 1, and the colour bar runs from 0 to 1 (a weight is never negative).
fn draw_weights(
    canvas: &SizedCanvas,
    n: usize,
    weights: &[f64],
    words: &[&str],
    lang: Lang,
) -> Option<()> {
    let values: Vec<f32> = weights.iter().map(|w| *w as f32).collect();
    let last = n.max(1) - 1;
    super::chart::draw_square_matrix(
        canvas,
        &super::chart::MatrixChart {
            values: &values,
            rows: n,
            cols: n,
            scale: 1.0,
            guides: &[],
            last: (last, last),
            x_desc: lang.t(Key::AxisKeyWord),
            y_desc: lang.t(Key::AxisQueryWord),
            non_negative: true,
            names: words,
        },
    )
}
