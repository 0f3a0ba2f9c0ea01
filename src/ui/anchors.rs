//! Where a link opens the page: the panel or heading its `#anchor` names, a lesson step's panel,
//! or what an embedded page embeds; a lab's heading is drawn by the tools first.

use leptos::prelude::*;

use crate::lesson::labs::LabId;
use crate::lesson::steps::STEP_PANELS;
use crate::lesson::tools::ToolsCommand;

/// A link to `#panel` was opened: the browser looked for the anchor before the app had drawn
/// it, so scroll there once the panels exist. A link to a lesson step without an anchor opens
/// at the step's panel; an embedded page at what it embeds.
pub fn scroll_to_anchor(step: usize) {
    let hash = window().location().hash().unwrap_or_default();
    let step_panel = step
        .checked_sub(1)
        .and_then(|n| STEP_PANELS.get(n))
        .map(|panel| panel.anchor());
    // An embedded lab is drawn and opened like a link to it (`embed=`, index.html).
    let embedded = document()
        .document_element()
        .and_then(|root| root.get_attribute("data-embed"));
    let Some(id) = hash
        .strip_prefix('#')
        .filter(|id| !id.is_empty())
        .or(embedded.as_deref())
        .or(step_panel)
    else {
        return;
    };
    show_anchor(id);
}

/// Shows the element `id` names: a panel or a heading scrolled into view, a lab drawn and
/// unfolded by the tools first.
pub fn show_anchor(id: &str) {
    if let Some(lab) = LabId::from_anchor(id) {
        // A lab's heading: the tools draw and unfold the lab, then scroll to it (`labs::open`).
        super::classroom::teacher_tools(&ToolsCommand::OpenLab(lab));
    } else if let Some(target) = document().get_element_by_id(id) {
        target.scroll_into_view();
    }
}
