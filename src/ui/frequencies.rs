//! Panel: the ladder of wavelengths, one per pair, on a log axis from 2π to 2π·base.

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;

use super::app::{tr, use_lesson};
use super::canvas::{redraw_on_frame, themed_mesh, SizedCanvas, ThemeColors, SERIES_COLORS};
use super::math::{Formula, WAVELENGTH_FORMULA};
use crate::encoding::{omega, wavelength};
use crate::i18n::{Key, Lang};
use crate::lesson::{Field, Params};

/// The wavelength of every pair, and what the markers need.
#[derive(Clone, PartialEq)]
struct Ladder {
    wavelengths: Vec<f64>,
    pair: usize,
    length: usize,
    base: f64,
}

#[component]
pub fn FrequenciesPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let inputs = Memo::new(move |_| params.get().only(&[Field::DModel, Field::Base]));
    let wavelengths = Memo::new(move |_| {
        let Params {
            d_model: d, base, ..
        } = inputs.get();
        (0..d / 2)
            .map(|i| wavelength(i, d, base))
            .collect::<Vec<f64>>()
    });
    let ladder = Memo::new(move |_| {
        let p = params.get();
        Ladder {
            wavelengths: wavelengths.get(),
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
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                draw_ladder(&sized, ladder, *lang);
            }
        },
    );

    let t = move |key: Key| lesson.lang.get().t(key);
    let current = move || {
        let p = params.get();
        format!(
            "i = {}: ω = {:.6}, λ = {:.3}",
            p.pair,
            omega(p.pair, p.d_model, p.base),
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
        <section class="panel" id="frequencies" data-testid="panel-frequencies" aria-labelledby="frequencies-title">
            <h2 id="frequencies-title">{tr(Key::FrequencyTitle)}</h2>
            <p>{tr(Key::FrequencyText)}</p>
            <Formula markup=WAVELENGTH_FORMULA />
            <canvas node_ref=canvas data-testid="canvas-frequencies" role="img" aria-label=tr(Key::FrequencyTitle)></canvas>
            <p class="readout" data-testid="frequency-current">{current}</p>
            <p data-testid="frequency-slow">{unfinished}</p>
        </section>
    }
}

fn draw_ladder(canvas: &SizedCanvas, ladder: &Ladder, lang: Lang) -> Option<()> {
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let font = canvas.label_font(&colors);
    let pairs = ladder.wavelengths.len().max(1);
    let top = std::f64::consts::TAU * ladder.base * 1.5;
    let mut chart = ChartBuilder::on(&area)
        .margin(canvas.font_px(8.0) as i32)
        .x_label_area_size(canvas.font_px(34.0) as i32)
        .y_label_area_size(canvas.font_px(56.0) as i32)
        // The y axis is log10(λ) on a plain f64 axis, labelled with λ itself: plotters' log
        // coordinates would compile a second copy of its whole chart code (7 KB of the bundle).
        .build_cartesian_2d(0f64..pairs as f64, 4f64.log10()..top.log10())
        .ok()?;
    themed_mesh(
        chart
            .configure_mesh()
            .x_labels(6)
            .y_labels(6)
            .x_label_formatter(&|v| format!("{}", v.round() as i64))
            .y_label_formatter(&|v| format!("{:.0}", 10f64.powf(*v)))
            .x_desc(lang.t(Key::AxisPair))
            .y_desc(lang.t(Key::Wavelength)),
        &font,
        &colors,
    )
    .draw()
    .ok()?;
    let stroke = canvas.font_px(2.0) as u32;
    // The sequence length: pairs above this line never finish a turn inside the sequence.
    let length = (ladder.length as f64).log10();
    chart
        .draw_series(DashedLineSeries::new(
            [(0.0, length), (pairs as f64, length)],
            canvas.font_px(6.0) as u32,
            canvas.font_px(4.0) as u32,
            colors.second.stroke_width(stroke),
        ))
        .ok()?;
    chart
        .draw_series([Text::new(
            format!("length = {}", ladder.length),
            (pairs as f64 * 0.02, length + 0.1),
            font.clone(),
        )])
        .ok()?;
    chart
        .draw_series(LineSeries::new(
            ladder
                .wavelengths
                .iter()
                .enumerate()
                .map(|(i, w)| (i as f64 + 0.5, w.log10())),
            SERIES_COLORS[0].stroke_width(stroke),
        ))
        .ok()?;
    if let Some(w) = ladder.wavelengths.get(ladder.pair) {
        chart
            .draw_series([Circle::new(
                (ladder.pair as f64 + 0.5, w.log10()),
                canvas.font_px(6.0) as i32,
                colors.second.filled(),
            )])
            .ok()?;
    }
    area.present().ok()
}
