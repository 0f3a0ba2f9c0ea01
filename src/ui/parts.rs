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
        <dd data-testid=testid>{move || value()}</dd>
    }
}

/// A reading whose label is a formula, the same in every language.
#[component]
pub fn SymbolReading(label: &'static str, testid: &'static str, value: LiveText) -> impl IntoView {
    view! {
        <dt>{label}</dt>
        <dd data-testid=testid>{move || value()}</dd>
    }
}

/// A live text for a view: `{live(Box::new(move || format!(…)))}`. Every one is the same closure
/// type, so the text-node renderer is compiled once.
pub fn live(text: LiveText) -> impl Fn() -> String + Send + Sync + 'static {
    move || text()
}

/// The key under a chart of two curves: `first` names the one drawn in `SERIES_COLORS[0]`,
/// `second` the one in `SERIES_COLORS[1]` (the `swatch series-n` classes carry the same colours).
#[component]
pub fn Legend(first: Key, second: Key) -> impl IntoView {
    view! {
        <ul class="legend inline">
            <li><span class="swatch series-0"></span>{tr(first)}</li>
            <li><span class="swatch series-1"></span>{tr(second)}</li>
        </ul>
    }
}
