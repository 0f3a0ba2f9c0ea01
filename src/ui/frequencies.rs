//! Panel: the ladder of wavelengths, one per pair, on a log axis from 2π to 2π·base. Pair i sits
//! at x = i, so the axis's tick values are pair indices; the chosen pair is marked, labelled
//! "i = …" and joined to the axis by a dashed line.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{canvas_height, redraw_on_frame, series_color, SizedCanvas, CANVAS_WIDTH};
use super::chart::{draw_line_chart, LineChart, Series, Ticks};
use super::context::{tr, use_lesson};
use super::math::{Formula, Math};
use super::panel::Panel;
use crate::encoding::{omega, wavelength};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::params::BASE_DEFAULT;
use crate::lesson::PanelId;

/// The wavelength of every pair, and what the markers need.
#[derive(Clone, PartialEq)]
struct Ladder {
    wavelengths: Vec<f64>,
    /// The ladder at the paper's base, drawn beside this one when the base is another: a change
    /// of base then moves the line against it, on the same axis (empty at the paper's base).
    reference: Vec<f64>,
    pair: usize,
    length: usize,
    base: f64,
}

#[component]
pub fn FrequenciesPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| params.with(|p| (p.d_model, p.base)));
    let wavelengths = Memo::new(move |_| {
        let (d, base) = inputs.get();
        (0..d / 2)
            .map(|i| wavelength(i, d, base))
            .collect::<Vec<f64>>()
    });
    let reference = Memo::new(move |_| {
        let (d, base) = inputs.get();
        if base == BASE_DEFAULT {
            return Vec::new();
        }
        (0..d / 2)
            .map(|i| wavelength(i, d, BASE_DEFAULT))
            .collect::<Vec<f64>>()
    });
    let ladder = Memo::new(move |_| {
        let p = params.get();
        Ladder {
            wavelengths: wavelengths.get(),
            reference: reference.get(),
            pair: p.pair,
            length: p.length,
            base: p.base,
        }
    });
    let canvas = NodeRef::<html::Canvas>::new();
    redraw_on_frame(
        canvas,
        move || (ladder.get(), lesson.lang.get()),
        |element, (ladder, lang)| {
            // The canvas's words, also on the element (canvas text is not in the DOM): for tests.
            let _ = element.set_attribute("data-length-label", &length_label(*lang, ladder.length));
            let _ = element.set_attribute("data-mark-label", &pair_label(ladder.pair));
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                draw_ladder(&sized, ladder, *lang);
            }
        },
    );

    let t = move |key: Key| lesson.lang.get().t(key);
    let current = move || {
        let p = params.get();
        let lang = lesson.lang.get();
        format!(
            "i = {}: {} = {:.6}, {} = {:.3}",
            p.pair,
            lang.t(Key::OmegaNamed),
            omega(p.pair, p.d_model, p.base),
            lang.t(Key::LambdaNamed),
            wavelength(p.pair, p.d_model, p.base)
        )
    };
    let unfinished = move || {
        let l = ladder.get();
        let slow = l
            .wavelengths
            .iter()
            .filter(|w| **w > l.length as f64)
            .count();
        t(Key::FrequencySlowPairs)
            .replace("{slow}", &slow.to_string())
            .replace("{pairs}", &l.wavelengths.len().to_string())
            .replace("{length}", &l.length.to_string())
    };
    view! {
        <Panel id=PanelId::Frequencies>
            <Formula markup=Math::Wavelength />
            <div class="chart-box">
                <canvas node_ref=canvas width=CANVAS_WIDTH height=canvas_height(0.5) data-testid="canvas-frequencies" role="img" aria-label=tr(Key::FrequencyTitle)></canvas>
            </div>
            <p class="readout" data-testid="frequency-current">{current}</p>
            <p data-testid="frequency-slow">{unfinished}</p>
            <p data-testid="frequency-reference" hidden=move || reference.with(Vec::is_empty)>
                {tr(Key::FrequencyReference)}
            </p>
        </Panel>
    }
}

/// The label of the dashed sequence-length line, in the page's language.
fn length_label(lang: Lang, length: usize) -> String {
    lang.t(Key::FrequencyLengthLine)
        .replace("{length}", &length.to_string())
}

/// The label of the chosen pair's marker.
fn pair_label(pair: usize) -> String {
    format!("i = {pair}")
}

fn draw_ladder(canvas: &SizedCanvas, ladder: &Ladder, lang: Lang) -> Option<()> {
    let pairs = ladder.wavelengths.len().max(1);
    // Room for the paper's ladder too, so a smaller base lowers the line on an axis that stays.
    let top = std::f64::consts::TAU * ladder.base.max(BASE_DEFAULT) * 1.5;
    // Pair i at x = i: a tick labelled 2 is pair 2.
    let rungs = |wavelengths: &[f64]| -> Vec<(f64, f64)> {
        wavelengths
            .iter()
            .enumerate()
            .map(|(i, w)| (i as f64, w.log10()))
            .collect()
    };
    let points = rungs(&ladder.wavelengths);
    let reference = rungs(&ladder.reference);
    let current = points.get(ladder.pair).copied();
    let length_label = length_label(lang, ladder.length);
    let mark_label = pair_label(ladder.pair);
    let guide = current.map(|(x, _)| x);
    // The y axis is log10(λ) on a plain axis, labelled with λ itself: plotters' log coordinates
    // would compile a second copy of its whole chart code.
    draw_line_chart(
        canvas,
        &LineChart {
            x: -0.5..pairs as f64 - 0.5,
            y: 4f64.log10()..top.log10(),
            x_desc: lang.t(Key::AxisPair),
            y_desc: lang.t(Key::Wavelength),
            series: &[
                Series {
                    points: &reference,
                    color: series_color(2),
                    dots: false,
                },
                Series {
                    points: &points,
                    color: series_color(0),
                    dots: false,
                },
            ],
            // The sequence length: pairs above this line never finish a turn inside the sequence.
            level: Some(((ladder.length as f64).log10(), &length_label)),
            // The chosen pair: a dashed line down to its place on the axis, the mark, its label.
            guides: guide.as_slice(),
            marks: current.as_slice(),
            mark_label: current.map(|_| mark_label.as_str()),
            x_ticks: Ticks::Whole,
            // At most one tick per pair, so that every tick is a whole pair index.
            x_labels: pairs.min(6),
            y_ticks: Ticks::Power10,
            y_labels: 6,
            y_label_space: 56.0,
            ..Default::default()
        },
    )
    .map(|_| ())
}
