//! The shell every panel shares: its section (with the anchor the table of contents and lesson
//! mode point to), its heading and explanation, the panel's own content, and the export row.

use leptos::html;
use leptos::prelude::*;

use super::context::tr;
use super::export_tools::{describe_charts, ExportRow};
use crate::i18n::{panel_text, panel_title};
use crate::lesson::PanelId;

/// One panel of the page. `state` (optional) is shown as `data-state` (the real-data panel's
/// download state); `node_ref` (optional) gives the panel its section element.
#[component]
pub fn Panel(
    id: PanelId,
    #[prop(optional)] node_ref: Option<NodeRef<html::Section>>,
    #[prop(optional, into)] state: Option<Signal<&'static str>>,
    children: Children,
) -> impl IntoView {
    let anchor = id.anchor();
    let title_id = format!("{anchor}-title");
    let heading_id = title_id.clone();
    let section = node_ref.unwrap_or_default();
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
            aria-labelledby=title_id.clone()
        >
            <h2 id=heading_id>{tr(panel_title(id))}</h2>
            <p>{tr(panel_text(id))}</p>
            {children()}
            <ExportRow panel=id section=section />
        </section>
    }
}
