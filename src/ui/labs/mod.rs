//! Labs: parts of panels that the tools' wasm draws (src/bin/teacher.rs, the same wasm as the
//! teacher's tools), so that the page every student opens carries only an empty slot for each
//! (`<div class="lab" data-lab="…">` in the panel) and the call that asks for it when the panel
//! first comes near the screen (`ui::classroom::ask_for_lab`). A lab reads the
//! tools' mirror of the lesson state, so it follows the page's controls; it changes the state, if
//! it does, by asking the page (`pe-set-state`), as the tools do. docs/architecture.md, "Labs".

pub mod numbering;
pub mod rope_complex;
pub mod rope_extension;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lesson::lab_query::{lab_pairs, without_prefix};

use super::context::Lesson;

/// Draws lab `name` into its slot, once (a second ask finds the slot filled and does nothing).
pub fn mount(name: &str, lesson: Lesson) {
    let lab: fn() -> AnyView = match name {
        // The RoPE panel's slot holds both of its labs: a slot costs the page's bytes, a lab does not.
        "rope-complex" => || {
            view! {
                <rope_complex::RopeComplexLab />
                <rope_extension::RopeExtensionLab />
            }
            .into_any()
        },
        "numbering" => || view! { <numbering::NumberingLab /> }.into_any(),
        _ => return,
    };
    let Some(slot) = document()
        .query_selector(&format!("[data-lab=\"{name}\"]"))
        .ok()
        .flatten()
        .filter(|slot| slot.child_element_count() == 0)
        .and_then(|slot| slot.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // Its own root, with the tools' mirror of the lesson as context; it lives as long as the page.
    leptos::mount::mount_to(slot, move || {
        provide_context(lesson);
        lab()
    })
    .forget();
}

thread_local! {
    /// Lesson mode's request to the labs: the current step's lab values, if it has a lab.
    static LESSON_REQUEST: ArcRwSignal<Option<String>> = ArcRwSignal::new(None);
}

/// Lesson mode asks the labs for a step's values (`None`: the step has no lab). A lab mounted
/// later finds the request waiting.
pub fn follow_lesson(query: Option<String>) {
    LESSON_REQUEST.with(|request| request.set(query));
}

/// What lesson mode asks of the labs, for a lab to follow.
pub fn lesson_request() -> ArcRwSignal<Option<String>> {
    LESSON_REQUEST.with(Clone::clone)
}

/// The query of the link as it was opened (the navigation's own address), before the page
/// rewrote it: the page's URL table drops the labs' keys, so a lab reads its own from here.
pub fn opened_query() -> String {
    let entry = window()
        .performance()
        .map(|p| p.get_entries_by_type("navigation").get(0))
        .and_then(|e| js_sys::Reflect::get(&e, &"name".into()).ok())
        .and_then(|name| name.as_string())
        .unwrap_or_default();
    entry
        .split_once('?')
        .map(|(_, q)| q.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// Writes a lab's pairs (under `prefix`) into the address beside the page's, or removes them
/// (`None`), with replaceState as the page does (no history entries, the anchor kept).
pub fn write_lab_pairs(prefix: &str, pairs: Option<&str>) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let mut query = without_prefix(&search, prefix);
    if let Some(pairs) = pairs.filter(|p| !p.is_empty()) {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(pairs);
    }
    let wanted = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    if wanted == search {
        return;
    }
    let hash = location.hash().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{wanted}{hash}")),
        );
    }
}

/// The labs' pairs now in the address, for a shared link (`ui::teacher::share`).
pub fn lab_pairs_in_address() -> String {
    lab_pairs(&window().location().search().unwrap_or_default())
}
