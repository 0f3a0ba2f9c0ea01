//! The pieces the labs share: a slider with its value printed, an SVG chart drawn from marks,
//! and how a read-out prints a number.

use leptos::prelude::*;

use crate::lesson::chapters::Page;
use crate::lesson::labs::{LabId, LabProblem};
use crate::lesson::Lang;
use crate::render::heat::{HEAT_HEIGHT, HEAT_WIDTH};
use crate::render::svg_plot::{Mark, HEIGHT, WIDTH};
use crate::ui::context::{tr, use_lesson};
use crate::ui::course::{panel_terms, with_term_buttons};
use crate::ui::dom::download;
use crate::ui::finger::FingerTrack;

/// Lab `id`'s explanation in the page's language, with the glossary terms the chapter first uses
/// there (`course::panel_terms`) made buttons that show their definitions.
pub fn term_text(id: LabId) -> impl IntoView {
    let lang = use_lesson().lang;
    let page = use_context::<Page>().unwrap_or_default();
    let text = id.lab().text;
    let terms = panel_terms(page, lang.get_untracked(), id.anchor());
    move || with_term_buttons(lang.get().pick(text), &terms)
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

/// A slider's value, its write, and the range of values it offers: a lab's row
/// (`labs::Linked::slider`), or a value of the lab's own that no link holds (`SliderRow::local`).
#[derive(Clone, Copy)]
pub struct SliderRow {
    pub value: Signal<f64>,
    pub set: Callback<f64>,
    pub range: (f64, f64),
}

impl SliderRow {
    /// A slider over `signal`, offering `from ..= to` (whole values if `whole`).
    pub fn local(signal: RwSignal<f64>, from: f64, to: f64, whole: bool) -> SliderRow {
        SliderRow {
            value: signal.into(),
            set: Callback::new(move |v: f64| {
                let v = if whole { v.round() } else { v };
                signal.set(v.clamp(from, to));
            }),
            range: (from, to),
        }
    }
}

/// A choice's chosen index and its write: a lab's named value (`labs::Linked::choice`), or a
/// choice of the view's own (`ChoiceRow::local`).
#[derive(Clone, Copy)]
pub struct ChoiceRow {
    pub value: Signal<usize>,
    pub set: Callback<usize>,
}

impl ChoiceRow {
    pub fn local(signal: RwSignal<usize>) -> ChoiceRow {
        ChoiceRow {
            value: signal.into(),
            set: Callback::new(move |i| signal.set(i)),
        }
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

impl Track {
    /// The track's position of `value`.
    fn position(self, value: f64) -> f64 {
        match self {
            Track::Linear => value,
            Track::Log2 => value.log2(),
            Track::Log10 => value.log10(),
        }
    }

    /// The value at the track's position `p`.
    fn value(self, p: f64) -> f64 {
        match self {
            Track::Linear => p,
            Track::Log2 => 2f64.powf(p).round(),
            Track::Log10 => 10f64.powf(p),
        }
    }
}

/// One slider of the lab, its value printed beside it: its range is its row's, mapped onto the
/// track (`step` is on the track), up to `up_to` where the lab's other values bound it (a patch
/// inside the grid); every move is written through the row (clamped, then the lab's rules).
#[component]
pub fn LabSlider(
    /// What the slider sets, `[English, 中文]`.
    label: [&'static str; 2],
    /// The slider's `data-testid`; its printed value's is `{testid}-value`.
    testid: &'static str,
    /// The value's row of the lab's settings: its value, its write, its range.
    row: SliderRow,
    /// How the range is laid along the track (linear, or by powers of 2 or 10).
    track: Track,
    /// The slider's step, on the track.
    step: f64,
    /// The largest value the lab's other values allow now, if they bound this one.
    #[prop(optional, into)]
    up_to: Option<Signal<f64>>,
) -> impl IntoView {
    let SliderRow { value, set, range } = row;
    let max = move || {
        let top = up_to.map_or(range.1, |up_to| up_to.get().min(range.1));
        track.position(top)
    };
    view! {
        <label class="lab-slider">
            <span>{tr(label)}</span>
            <FingerTrack
                min=track.position(range.0)
                max=Signal::derive(max)
                step=step
                on_value=move |p: f64| set.run(track.value(p))
            >
            <input
                type="range"
                data-testid=testid
                min=track.position(range.0)
                max=max
                step=step
                prop:value=move || track.position(value.get()).to_string()
                aria-valuetext=move || short(value.get())
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<f64>() {
                        set.run(track.value(p));
                    }
                }
            />
            </FingerTrack>
            <output data-testid=format!("{testid}-value")>{Signal::derive(move || short(value.get()))}</output>
        </label>
    }
}

/// One choice of the lab, its options named `[English, 中文]`; `row` holds the chosen option's
/// index and receives the new one (always an index of `choices`).
#[component]
pub fn LabChoice(
    /// What is chosen, `[English, 中文]`.
    label: [&'static str; 2],
    /// The select's `data-testid`.
    testid: &'static str,
    /// The options' names, `[English, 中文]`, in the order of their indices.
    choices: &'static [[&'static str; 2]],
    /// The choice's row of the lab's settings: the chosen index and its write.
    row: ChoiceRow,
) -> impl IntoView {
    let ChoiceRow { value, set } = row;
    view! {
        <label class="lab-slider">
            <span>{tr(label)}</span>
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
                        <option value=i.to_string() selected=move || value.get() == i>{tr(*name)}</option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// An SVG chart drawn from its marks (`render::svg_plot::Mark`), recomputed as `marks` changes;
/// a `heat` chart is a heatmap's (`render::heat::heat_chart`), narrower. `pick`, if given,
/// receives the `viewBox` point a click or tap lands on.
#[component]
pub fn SvgChart(
    /// What the chart draws.
    marks: Signal<Vec<Mark>>,
    /// The chart's `data-testid`.
    testid: &'static str,
    /// A heatmap's chart, drawn narrower.
    #[prop(optional)]
    heat: bool,
    /// Receives the `viewBox` point a click or tap lands on.
    #[prop(optional)]
    pick: Option<Callback<(f64, f64)>>,
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
pub fn LinkProblems(
    /// What the link asked that the lab could not use.
    problems: RwSignal<Vec<LabProblem>>,
    /// The paragraph's `data-testid`.
    testid: String,
) -> impl IntoView {
    let lang = use_lesson().lang;
    view! {
        <Show when=move || problems.with(|p| !p.is_empty())>
            <p class="notice" role="status" data-testid=testid.clone()>
                {move || {
                    let lang = lang.get();
                    problems.with(|p| {
                        p.iter()
                            .map(|p| p.message(lang))
                            .collect::<Vec<_>>()
                            .join(if lang == Lang::Zh { "" } else { " " })
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
    /// The button's `data-testid`.
    testid: &'static str,
    /// The download's file name.
    file: Signal<String>,
    /// Writes the file's text when the button is clicked.
    rows: Callback<(), String>,
) -> impl IntoView {
    view! {
        <p class="lab-export">
            <button type="button" data-testid=testid
                on:click=move |_| download(
                    &file.get_untracked(),
                    "text/csv;charset=utf-8",
                    &rows.run(()),
                )>
                {tr(["Download the numbers (CSV)", "下载数据（CSV）"])}
            </button>
        </p>
    }
}

/// A lab's chart or picture (`children`) under its caption, with its note below it, if it has
/// one; `answer` marks the note as a lesson step's answer (`data-answer`, hidden until Reveal).
#[component]
pub fn LabFigure(
    /// The caption above the picture, `[English, 中文]`.
    caption: [&'static str; 2],
    /// The note below the picture, `[English, 中文]`.
    #[prop(optional)]
    note: Option<[&'static str; 2]>,
    /// The lesson step answer the note states (`data-answer`): hidden until Reveal.
    #[prop(optional)]
    answer: Option<&'static str>,
    /// The chart or picture.
    children: Children,
) -> impl IntoView {
    view! {
        <figure class="lab-chart">
            <figcaption>{tr(caption)}</figcaption>
            {children()}
            {note.map(|note| view! { <p class="note" data-answer=answer>{tr(note)}</p> })}
        </figure>
    }
}
