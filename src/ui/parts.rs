//! Small view pieces that many panels repeat: a captioned chart, a read-out line, a legend, a note.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{canvas_height, CANVAS_WIDTH};
use super::context::tr;
use crate::i18n::{Key, Translate};

/// A canvas with its caption; the caption is also the canvas's accessible name. `aspect` (height
/// / width) is the shape its drawing gives it (see [`CANVAS_WIDTH`]).
#[component]
pub fn Figure(
    /// The canvas, for the panel's drawing effect.
    node_ref: NodeRef<html::Canvas>,
    /// The drawing's height over its width.
    aspect: f64,
    /// The canvas's `data-testid`.
    testid: &'static str,
    /// The caption under the canvas, also its accessible name.
    caption: Key,
) -> impl IntoView {
    view! {
        <figure>
            <canvas node_ref=node_ref width=CANVAS_WIDTH height=canvas_height(aspect) data-testid=testid role="img" aria-label=tr(caption)></canvas>
            <figcaption>{tr(caption)}</figcaption>
        </figure>
    }
}

/// A fixed text of the page in its own element, in the language on screen.
#[component]
pub fn PageText(
    /// The text.
    key: Key,
) -> impl IntoView {
    // A part that states a lesson step's answer (`⟦name|…⟧`) is its own span, which lesson
    // mode hides until Reveal.
    let lang = super::context::use_lesson().lang;
    view! { <span>{move || super::course::with_term_buttons(lang.get().t(key), &[])}</span> }
}

/// One labelled number of a panel's read-out list (`<dl class="numbers">`).
#[component]
pub fn Reading(
    /// What the number is.
    label: Key,
    /// The number's `data-testid`.
    testid: &'static str,
    /// The number, as printed.
    #[prop(into)]
    value: Signal<String>,
) -> impl IntoView {
    view! {
        <dt>{tr(label)}</dt>
        <dd data-testid=testid>{value}</dd>
    }
}

/// A reading whose label is a formula, the same in every language.
#[component]
pub fn SymbolReading(
    /// The formula that names the number.
    label: &'static str,
    /// The number's `data-testid`.
    testid: &'static str,
    /// The number, as printed.
    #[prop(into)]
    value: Signal<String>,
) -> impl IntoView {
    view! {
        <dt>{label}</dt>
        <dd data-testid=testid>{value}</dd>
    }
}

/// The key under a chart: entry n names what is drawn in `series_color(n)` (the
/// `swatch series-n` classes carry the same colours).
#[component]
pub fn Legend(
    /// What each colour of the chart draws, in the series' order.
    keys: &'static [Key],
) -> impl IntoView {
    view! {
        <ul class="legend inline">
            {keys
                .iter()
                .enumerate()
                .map(|(n, key)| view! { <li><span class=format!("swatch series-{n}")></span>{tr(*key)}</li> })
                .collect_view()}
        </ul>
    }
}

/// A note that shows only when it has something to say (its text is not empty).
#[component]
pub fn Note(
    /// The note's `data-testid`.
    testid: &'static str,
    /// The note; empty hides it.
    #[prop(into)]
    text: Signal<String>,
) -> impl IntoView {
    view! {
        <p class="note" data-testid=testid hidden=move || text.with(String::is_empty)>{text}</p>
    }
}
