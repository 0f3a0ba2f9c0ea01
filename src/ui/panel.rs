//! The shell every panel shares: its section (with the anchor the table of contents and lesson
//! mode point to), its heading and explanation, the panel's own content, and the export row.

use leptos::html;
use leptos::prelude::*;

use super::context::{tr, use_lesson};
use super::controls::{EmbeddedLabControls, InlineControls};
use super::course::{panel_terms, with_term_buttons};
use super::export_tools::{describe_charts, ExportRow};
use super::parts::PageText;
use crate::i18n::{panel_misconception, panel_text, panel_title, Key, Translate};
use crate::lesson::chapters::Page;
use crate::lesson::PanelId;

/// One panel of the page. `state` (optional) is shown as `data-state` (the real-data panel's
/// download state); `node_ref` (optional) gives the panel its section element; `text`
/// (optional) is the explanation when it follows the state (the vector and heatmap panels' text
/// depends on the layout), by default the fixed `panel_text(id)`. It stays the paragraph right
/// after the heading, so it is still what describes the panel's charts (`describe_charts`).
#[component]
pub fn Panel(
    /// Which panel: its anchor, title, explanation and place in the course.
    id: PanelId,
    /// The panel's section element, for a panel that watches it.
    #[prop(optional)]
    node_ref: Option<NodeRef<html::Section>>,
    /// Shown as `data-state` (the real-data panel's download state).
    #[prop(optional, into)]
    state: Option<Signal<&'static str>>,
    /// The explanation when it follows the state; by default the fixed `panel_text(id)`.
    #[prop(optional, into)]
    text: Option<Signal<Key>>,
    /// The panel's controls, charts and read-outs, under its heading and explanation.
    children: Children,
) -> impl IntoView {
    let lesson = use_lesson();
    let lang = lesson.lang;
    let explanation = text.unwrap_or_else(|| Signal::stored(panel_text(id)));
    let anchor = id.anchor();
    let title_id = format!("{anchor}-title");
    let heading_id = title_id.clone();
    let section = node_ref.unwrap_or_default();
    // The glossary terms the chapter first uses here, each a button showing its definition.
    let course_page = use_context::<Page>().unwrap_or_default();
    let terms = panel_terms(course_page, lang.get_untracked(), anchor);
    // Once on the page, each chart is described by the panel's explanation and read-outs.
    Effect::new(move |_| {
        if let Some(element) = section.get() {
            describe_charts(&element);
        }
    });
    view! {
        <section
            class="panel"
            id=anchor
            node_ref=section
            data-testid=format!("panel-{anchor}")
            data-state=move || state.map(|s| s.get())
            hidden=move || lesson.panel_hidden(id)
            data-hide-as=anchor
            aria-labelledby=title_id.clone()
        >
            <h2 id=heading_id>{tr(panel_title(id))}</h2>
            <p>
                {move || with_term_buttons(lang.get().t(explanation.get()), &terms)}
            </p>
            <InlineControls panel=id />
            <EmbeddedLabControls panel=id />
            {children()}
            {panel_misconception(id).map(|text| view! {
                <p
                    class="misconception"
                    data-testid=format!("misconception-{anchor}")
                    data-answer=format!("misconception-{anchor}")
                >
                    <strong>{tr(Key::MisconceptionLabel)}</strong>" "<PageText key=text />
                </p>
            })}
            <ExportRow panel=id />
        </section>
    }
}
