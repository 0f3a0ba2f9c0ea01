//! Small view pieces that many panels repeat. Each is a component with concrete prop types, so
//! it is compiled once and every use is a call (the same markup written inline in each panel
//! was compiled again for each, a large share of the wasm bundle).

use leptos::html;
use leptos::prelude::*;

use super::app::tr;
use crate::i18n::Key;

/// A text that follows the lesson state; boxed so that every one shares one compiled renderer.
pub type LiveText = Box<dyn Fn() -> String + Send + Sync>;

/// A canvas with its caption; the caption is also the canvas's accessible name.
#[component]
pub fn Figure(
    node_ref: NodeRef<html::Canvas>,
    testid: &'static str,
    caption: Key,
) -> impl IntoView {
    view! {
        <figure>
            <canvas node_ref=node_ref data-testid=testid role="img" aria-label=tr(caption)></canvas>
            <figcaption>{tr(caption)}</figcaption>
        </figure>
    }
}

/// One labelled number of a panel's read-out list (`<dl class="numbers">`).
#[component]
pub fn Reading(label: Key, testid: &'static str, value: LiveText) -> impl IntoView {
    view! {
        <dt>{tr(label)}</dt>
        <dd data-testid=testid>{live(value)}</dd>
    }
}

/// A reading whose label is a formula, the same in every language.
#[component]
pub fn SymbolReading(label: &'static str, testid: &'static str, value: LiveText) -> impl IntoView {
    view! {
        <dt>{label}</dt>
        <dd data-testid=testid>{live(value)}</dd>
    }
}

/// A live text for a view: `{live(Box::new(move || format!(…)))}`. Every one is the same closure
/// type, so the text-node renderer is compiled once.
pub fn live(text: LiveText) -> impl Fn() -> String + Send + Sync + 'static {
    move || text()
}

/// A number that follows the lesson state (a slider's bounds and value), boxed like [`live`].
pub fn number(
    value: Box<dyn Fn() -> f64 + Send + Sync>,
) -> impl Fn() -> f64 + Send + Sync + 'static {
    move || value()
}

/// A click handler; boxed so that every button's handler shares one compiled event binding.
pub fn on_click(handler: Box<dyn Fn()>) -> impl FnMut(web_sys::MouseEvent) + 'static {
    move |_| handler()
}

/// A `change` or `input` handler, boxed for the same reason as [`on_click`].
pub fn on_event(handler: Box<dyn Fn(web_sys::Event)>) -> impl FnMut(web_sys::Event) + 'static {
    move |event| handler(event)
}

/// A yes/no that follows the lesson state (`hidden`, `prop:checked`, `class:…`); boxed like
/// [`live`] so that every such attribute shares one compiled renderer.
pub fn flag(
    value: Box<dyn Fn() -> bool + Send + Sync>,
) -> impl Fn() -> bool + Send + Sync + 'static {
    move || value()
}

/// The key under a chart: entry n names what is drawn in `SERIES_COLORS[n]` (the
/// `swatch series-n` classes carry the same colours).
#[component]
pub fn Legend(keys: &'static [Key]) -> impl IntoView {
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
pub fn Note(testid: &'static str, text: LiveText) -> impl IntoView {
    let text = std::sync::Arc::new(text);
    let shown = text.clone();
    view! {
        <p class="note" data-testid=testid hidden=flag(Box::new(move || shown().is_empty()))>{live(Box::new(move || text()))}</p>
    }
}
