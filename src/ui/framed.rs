//! An embedded page inside a slide: the keys a slide uses go to the slide around it.
//!
//! A click inside an `<iframe>` gives the frame the keyboard, so a clicker's Page Down would
//! scroll or move the embed instead of turning the slide. In a frame shaped like a slide (the
//! stylesheet's [`SLIDE_FRAME`] query, where the page is laid out as one), a slide's key pressed
//! in the frame, other than on a control that uses it, is posted to the framing page (the command
//! in reveal.js's postMessage API, `lesson::embed::slide_command`), and the keyboard is handed
//! back to that page, so the next presses reach the slide software itself, whatever it is. A
//! click that lands on no control (a chart, a title) and selects no text hands the keyboard back
//! at once. In any other frame (a course page, a phone) the embed scrolls, and keeps its keys.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::dom::takes_text;
use crate::lesson::embed::{slide_command, slide_message, KeyTarget};

/// The frames an embedded page is a slide in: as wide as 3 : 2 or wider, and tall enough to read
/// (the query of the slide layout in `style/main.css`).
pub const SLIDE_FRAME: &str = "(min-aspect-ratio: 3/2) and (min-height: 400px)";

/// From now on, when this page is framed by another as a slide, the slide's keys and the
/// keyboard go to the framing page.
pub fn give_slide_keys_to_the_frame() {
    let Some(parent) = framing_window() else {
        return;
    };
    let keys_parent = parent.clone();
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if event.alt_key()
            || event.ctrl_key()
            || event.meta_key()
            || event.is_composing()
            || event.default_prevented()
            || !shaped_like_a_slide()
        {
            return;
        }
        let key = event.key();
        // As in lesson mode: "b" is typed in a text field, "." in a number box too.
        let target = if takes_text(&event, key == ".") {
            KeyTarget::TextBox
        } else if in_a_control(event.target()) {
            KeyTarget::Control
        } else {
            KeyTarget::Page
        };
        let Some(command) = slide_command(&key, event.shift_key(), target) else {
            return;
        };
        // The frame neither scrolls nor moves a slider with it.
        event.prevent_default();
        let _ = keys_parent.post_message(&slide_message(command, &key).into(), "*");
        let _ = keys_parent.focus();
    });
    let clicks = window_event_listener(leptos::ev::pointerup, move |event| {
        let selected = window()
            .get_selection()
            .ok()
            .flatten()
            .is_some_and(|selection| !selection.is_collapsed());
        if shaped_like_a_slide() && !selected && !in_a_control(event.target()) {
            let _ = parent.focus();
        }
    });
    // They last as long as the page (a handle removes its listener only when asked).
    let _ = (keys, clicks);
}

/// Whether the frame is now shaped like a slide (a frame can be resized).
fn shaped_like_a_slide() -> bool {
    window()
        .match_media(SLIDE_FRAME)
        .ok()
        .flatten()
        .is_some_and(|query| query.matches())
}

/// The window that frames this page, if one does.
fn framing_window() -> Option<web_sys::Window> {
    let own = window();
    let parent = own.parent().ok().flatten()?;
    (!wasm_bindgen::JsValue::from(parent.clone()).eq(&wasm_bindgen::JsValue::from(own)))
        .then_some(parent)
}

/// Whether a key press or a click landed in a control or its label: a control keeps its own
/// keys, and the focus a click gave it.
fn in_a_control(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| {
            e.closest(
                "input, select, textarea, button, summary, a, label, [tabindex], [contenteditable]",
            )
            .ok()
            .flatten()
        })
        .is_some()
}
