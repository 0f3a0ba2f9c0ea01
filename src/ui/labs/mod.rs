//! Labs: parts of panels that the tools' wasm draws (src/bin/teacher.rs, the same wasm as the
//! teacher's tools), so that the page every student opens carries only an empty slot for each
//! (`<div class="lab" data-lab="…">` in the panel) and the call that asks for it when the panel
//! first comes near the screen (`ui::classroom::ask_for_lab`). A lab reads the
//! tools' mirror of the lesson state, so it follows the page's controls; it changes the state, if
//! it does, by asking the page (`pe-set-state`), as the tools do. docs/architecture.md, "Labs".

pub mod numbering;
pub mod rope_complex;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::Lesson;

/// Draws lab `name` into its slot, once (a second ask finds the slot filled and does nothing).
pub fn mount(name: &str, lesson: Lesson) {
    let lab: fn() -> AnyView = match name {
        "rope-complex" => || view! { <rope_complex::RopeComplexLab /> }.into_any(),
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
