//! A slider a finger can set to every value: on a touch screen (the stylesheet's
//! `pointer: coarse`) the range input takes no touches itself; its wrapper turns a finger's
//! sideways movement into steps from the value the drag started at, at most one step per
//! `render::finger::FINGER_PX` pixels. A tap leaves the value alone, an upward or downward swipe
//! scrolls the page (`touch-action: pan-y`), and a mouse, a pen or the keyboard use the input as
//! it is.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, PointerEvent};

use crate::render::finger::dragged_value;

/// A finger's drag: its pointer, where it started and the slider's value then.
#[derive(Clone, Copy)]
struct Drag {
    pointer: i32,
    x: f64,
    value: f64,
}

/// The wrapper and its range input, for a pointer event on the wrapper.
fn track_of(event: &PointerEvent) -> Option<(Element, HtmlInputElement)> {
    let wrapper: Element = event.current_target()?.dyn_into().ok()?;
    let input = wrapper.query_selector("input[type=range]").ok()??;
    Some((wrapper, input.dyn_into().ok()?))
}

/// Wraps one range input (`children`) from `min` to `max` by `step`; a finger's drag gives
/// `on_value` each new value, as the input's `input` event would.
#[component]
pub fn FingerTrack(
    /// The input's `min`.
    min: f64,
    /// The input's `max`, which may follow other values.
    #[prop(into)]
    max: Signal<f64>,
    /// The input's `step`.
    step: f64,
    /// Receives each value the finger gives.
    #[prop(into)]
    on_value: Callback<f64>,
    /// The input the track lies over.
    children: Children,
) -> impl IntoView {
    let drag = StoredValue::new(None::<Drag>);
    view! {
        <span
            class="finger-track"
            on:pointerdown=move |event: PointerEvent| {
                if event.pointer_type() != "touch" {
                    return;
                }
                let Some((wrapper, input)) = track_of(&event) else { return };
                if input.disabled() {
                    return;
                }
                let _ = wrapper.set_pointer_capture(event.pointer_id());
                drag.set_value(Some(Drag {
                    pointer: event.pointer_id(),
                    x: event.client_x() as f64,
                    value: input.value_as_number(),
                }));
            }
            on:pointermove=move |event: PointerEvent| {
                let Some(start) = drag.get_value().filter(|d| d.pointer == event.pointer_id()) else {
                    return;
                };
                let Some((_, input)) = track_of(&event) else { return };
                let moved = event.client_x() as f64 - start.x;
                let width = input.get_bounding_client_rect().width();
                let value = dragged_value(start.value, moved, width, min, max.get_untracked(), step);
                if value != input.value_as_number() {
                    on_value.run(value);
                }
            }
            on:pointerup=move |_| drag.set_value(None)
            on:pointercancel=move |_| drag.set_value(None)
        >
            {children()}
        </span>
    }
}
