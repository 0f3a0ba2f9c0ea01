//! The pieces the labs share: a slider with its value printed, an SVG chart drawn from marks,
//! and how a read-out prints a number.

use leptos::prelude::*;

use crate::lesson::chapters::Page;
use crate::lesson::lab_query::LabProblem;
use crate::lesson::Lang;
use crate::render::family::{HEAT_HEIGHT, HEAT_WIDTH};
use crate::render::svg_plot::{Mark, HEIGHT, WIDTH};
use crate::ui::context::use_lesson;
use crate::ui::course::{panel_terms, with_term_buttons};
use crate::ui::dom::download;

/// A lab's text in the page's language, from its `[English, 中文]` pair. One signal type for
/// every such text: each costs the tools' wasm a small closure, not a view of its own.
pub fn in_language(text: [&'static str; 2]) -> Signal<&'static str> {
    let lang = use_lesson().lang;
    Signal::derive(move || text[lang.get().index()])
}

/// A lab's explanation `text` (its `[English, 中文]` pair, the one its `CONTENTS` entry names)
/// in the page's language, with the glossary terms the chapter first uses there
/// (`course::panel_terms`, found by the lab's heading) made buttons that show their definitions.
pub fn term_text(text: [&'static str; 2]) -> impl IntoView {
    let lang = use_lesson().lang;
    let page = use_context::<Page>().unwrap_or_default();
    let anchor = super::CONTENTS
        .iter()
        .flat_map(|(_, labs)| labs.iter())
        .find(|lab| lab.text == text)
        .map_or("", |lab| lab.anchor);
    let terms = panel_terms(page, lang.get_untracked(), anchor);
    move || with_term_buttons(text[lang.get().index()], &terms)
}

/// A number as the read-outs print it: four significant figures, or whole positions whole.
pub fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e12 {
        format!("{x:.0}")
    } else if x.abs() >= 1e5 || x.abs() < 1e-3 {
        format!("{x:.3e}")
    } else {
        format!("{x:.4}")
    }
}

/// A lab's settings as its sliders read and write them: `get` gives one number as a slider's
/// value, `set` writes a slider's new value and then applies the rules between the numbers (a
/// lab's `fixed`), so that every write keeps the settings valid, as the link readers do.
pub struct Sliders<T: 'static> {
    settings: RwSignal<T>,
    fix: Option<fn(T) -> T>,
}

impl<T: 'static> Clone for Sliders<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Sliders<T> {}

impl<T: Clone + Send + Sync + 'static> Sliders<T> {
    /// Settings whose numbers do not constrain each other.
    pub fn of(settings: RwSignal<T>) -> Self {
        Sliders {
            settings,
            fix: None,
        }
    }

    /// Settings with rules between their numbers, applied after every write.
    pub fn fixed_by(settings: RwSignal<T>, fix: fn(T) -> T) -> Self {
        Sliders {
            settings,
            fix: Some(fix),
        }
    }

    pub fn get(self, read: fn(&T) -> f64) -> Signal<f64> {
        let settings = self.settings;
        Signal::derive(move || settings.with(read))
    }

    pub fn set(self, change: fn(&mut T, f64)) -> Callback<f64> {
        Callback::new(move |v: f64| {
            self.settings.update(|s| {
                change(s, v);
                if let Some(fix) = self.fix {
                    *s = fix(s.clone());
                }
            })
        })
    }
}

/// How a slider's track maps to its value: lengths double and bases grow tenfold at an even
/// pace along the track.
#[derive(Clone, Copy, PartialEq)]
pub enum Track {
    Linear,
    /// The track is log2 of the value (whole values).
    Log2,
    /// The track is log10 of the value.
    Log10,
}

/// One slider of the lab, its value printed beside it; `min`, `max` and `step` are on the track.
#[component]
pub fn LabSlider(
    label: Signal<&'static str>,
    testid: &'static str,
    min: f64,
    /// Reactive: a lab's range may follow the page's settings (at most d_model/2 pairs).
    #[prop(into)]
    max: Signal<f64>,
    step: f64,
    track: Track,
    value: Signal<f64>,
    set: Callback<f64>,
) -> impl IntoView {
    let position = move || {
        let v = value.get();
        match track {
            Track::Linear => v,
            Track::Log2 => v.log2(),
            Track::Log10 => v.log10(),
        }
    };
    view! {
        <label class="lab-slider">
            <span>{label}</span>
            <input
                type="range"
                data-testid=testid
                min=min
                max=max
                step=step
                prop:value=move || position().to_string()
                aria-valuetext=move || short(value.get())
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<f64>() {
                        set.run(match track {
                            Track::Linear => p,
                            Track::Log2 => 2f64.powf(p).round(),
                            Track::Log10 => 10f64.powf(p),
                        });
                    }
                }
            />
            <output data-testid=format!("{testid}-value")>{Signal::derive(move || short(value.get()))}</output>
        </label>
    }
}

/// One choice of the lab, its options named `[English, 中文]`; `value` is the chosen option's
/// index, and `set` receives the new one (always an index of `choices`).
#[component]
pub fn LabChoice(
    label: Signal<&'static str>,
    testid: &'static str,
    choices: &'static [[&'static str; 2]],
    value: Signal<usize>,
    set: Callback<usize>,
) -> impl IntoView {
    view! {
        <label class="lab-slider">
            <span>{label}</span>
            <select
                data-testid=testid
                on:change=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        set.run(i.min(choices.len() - 1));
                    }
                }
                prop:value=move || value.get().to_string()
            >
                {choices
                    .iter()
                    .enumerate()
                    .map(|(i, name)| view! {
                        <option value=i.to_string() selected=move || value.get() == i>{in_language(*name)}</option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// An SVG chart drawn from its marks (`render::svg_plot::Mark`), recomputed as `marks` changes;
/// a `heat` chart is a heatmap's (`render::family::heat_chart`), narrower. `pick`, if given,
/// receives the `viewBox` point a click or tap lands on.
#[component]
pub fn SvgChart(
    marks: Signal<Vec<Mark>>,
    testid: &'static str,
    #[prop(optional)] heat: bool,
    #[prop(optional)] pick: Option<Callback<(f64, f64)>>,
) -> impl IntoView {
    let (width, height) = if heat {
        (HEAT_WIDTH, HEAT_HEIGHT)
    } else {
        (WIDTH, HEIGHT)
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(pick) = pick else { return };
        let Some(svg) = ev
            .current_target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        else {
            return;
        };
        let box_ = svg.get_bounding_client_rect();
        if box_.width() > 0.0 && box_.height() > 0.0 {
            pick.run((
                (ev.client_x() as f64 - box_.left()) / box_.width() * width,
                (ev.client_y() as f64 - box_.top()) / box_.height() * height,
            ));
        }
    };
    let mark = |mark: Mark| {
        match mark {
        Mark::Line { from, to, class } => {
            view! { <line class=class x1=from.0 y1=from.1 x2=to.0 y2=to.1 /> }.into_any()
        }
        Mark::Text { at, end, text } => view! {
            <text class="tick" x=at.0 y=at.1 text-anchor=if end { "end" } else { "start" }>{text}</text>
        }
        .into_any(),
        Mark::Bar { at, size, class } => {
            view! { <rect class=class x=at.0 y=at.1 width=size.0 height=size.1 /> }.into_any()
        }
        Mark::Area { d, fill } => view! { <path class="area" d=d fill=fill /> }.into_any(),
        Mark::Path { d, class, colour, width } => view! {
            // Presentation attributes, not `style`: the page's CSP allows no inline styles.
            <path class=class d=d stroke=colour stroke-width=width />
        }
        .into_any(),
    }
    };
    view! {
        <svg
            viewBox=format!("0 0 {width} {height}")
            class=heat.then_some("heat")
            class:pickable=pick.is_some()
            role="img"
            data-testid=testid
            on:click=on_click
        >
            {move || marks.get().into_iter().map(mark).collect_view()}
        </svg>
    }
}

/// What a link asked of a lab that it could not use, and what it used instead; nothing when
/// the link's values were all usable.
#[component]
pub fn LinkProblems(problems: RwSignal<Vec<LabProblem>>, testid: &'static str) -> impl IntoView {
    let lang = use_lesson().lang;
    view! {
        <Show when=move || problems.with(|p| !p.is_empty())>
            <p class="notice" role="status" data-testid=testid>
                {move || {
                    let chinese = lang.get() == Lang::Zh;
                    problems.with(|p| {
                        p.iter()
                            .map(|p| p.message(chinese))
                            .collect::<Vec<_>>()
                            .join(if chinese { "" } else { " " })
                    })
                }}
            </p>
        </Show>
    }
}

/// A lab's numbers as a CSV file: `file` names the download, `rows` writes it when clicked
/// (the settings it depends on in its name, as the panels' exports do).
#[component]
pub fn CsvExport(
    testid: &'static str,
    file: Signal<String>,
    rows: Callback<(), String>,
) -> impl IntoView {
    view! {
        <p class="lab-export">
            <button type="button" data-testid=testid
                on:click=move |_| download(
                    &file.get_untracked(),
                    "data:text/csv;charset=utf-8,",
                    &rows.run(()),
                )>
                {in_language(["Download the numbers (CSV)", "下载数据（CSV）"])}
            </button>
        </p>
    }
}
