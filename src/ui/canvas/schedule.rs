//! Redrawing a canvas at most once per animation frame, and only near the screen.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::on_screen::{drawn_off_screen, watch_on_screen};
use super::ViewportEpoch;

/// Redraws a canvas whenever `input` changes or the viewport resizes, at most once per
/// animation frame, and as early as that allows; but only while the canvas is on screen or
/// about to be. A canvas away from the screen reads nothing, so the memos it alone depends on do
/// not run; it draws the latest input when it comes back.
///
/// A change that arrives when the canvas has not drawn since the last frame is drawn at once
/// (in the effect, right after the input event), so its pixels make the very next frame. Changes
/// that arrive after that, within the same frame (a fast drag), are coalesced into one drawing
/// at the next animation frame, which always uses the latest input.
///
/// `input` runs inside a reactive effect, so it should read memos (already computed results),
/// not compute. Returns whether the canvas is near the screen (`classroom::LabSlot` reads it).
pub fn redraw_on_frame<T: 'static>(
    canvas: NodeRef<html::Canvas>,
    input: impl Fn() -> T + 'static,
    draw: impl Fn(HtmlCanvasElement, &T) + 'static,
) -> Signal<bool> {
    // Only these two small closures depend on T; the scheduling below is compiled once for
    // every canvas of the app (it was once per panel type, a large share of the wasm).
    let latest: Rc<RefCell<Option<T>>> = Rc::new(RefCell::new(None));
    let store = {
        let latest = latest.clone();
        Box::new(move || *latest.borrow_mut() = Some(input())) as Box<dyn Fn()>
    };
    let paint = Box::new(move |element: HtmlCanvasElement| {
        if let Some(value) = latest.borrow().as_ref() {
            draw(element, value);
        }
    }) as Box<dyn Fn(HtmlCanvasElement)>;
    schedule_redraws(canvas, store, paint)
}

/// The type-free half of [`redraw_on_frame`]: an effect that stores the input and asks for a
/// drawing.
fn schedule_redraws(
    canvas: NodeRef<html::Canvas>,
    store: Box<dyn Fn()>,
    paint: Box<dyn Fn(HtmlCanvasElement)>,
) -> Signal<bool> {
    let epoch = use_context::<ViewportEpoch>();
    let scheduler = Rc::new(FrameScheduler {
        drew_this_frame: Cell::new(false),
        dirty: Cell::new(false),
        paint,
        canvas,
    });
    let on_screen = RwSignal::new(false);
    canvas.on_load(move |element| watch_on_screen(element.into(), on_screen));
    Effect::new(move |_| {
        if let Some(ViewportEpoch(epoch)) = epoch {
            epoch.track();
        }
        let forced = canvas
            .get_untracked()
            .is_some_and(|element| drawn_off_screen(&element));
        if !on_screen.get() && !forced {
            return;
        }
        store();
        FrameScheduler::request(&scheduler);
    });
    on_screen.into()
}

/// The state behind [`redraw_on_frame`]: whether this frame has drawn, and what draws.
struct FrameScheduler {
    drew_this_frame: Cell<bool>,
    dirty: Cell<bool>,
    /// Draws the latest input on the canvas.
    paint: Box<dyn Fn(HtmlCanvasElement)>,
    canvas: NodeRef<html::Canvas>,
}

impl FrameScheduler {
    fn request(this: &Rc<Self>) {
        if this.drew_this_frame.get() {
            this.dirty.set(true);
            return;
        }
        this.draw_now();
        this.drew_this_frame.set(true);
        let this = this.clone();
        request_animation_frame(move || this.next_frame());
    }

    fn next_frame(self: Rc<Self>) {
        self.drew_this_frame.set(false);
        if self.dirty.replace(false) {
            FrameScheduler::request(&self);
        }
    }

    fn draw_now(&self) {
        // A frame asked for before the page was left inside the app comes after its canvas is
        // gone, and its owner with it: nothing to draw.
        let Some(Some(element)) = self.canvas.try_get_untracked() else {
            return;
        };
        // A canvas with no box (`display: none`: presenter view's lesson mode shows the step's
        // panel alone) has nothing to be fitted to; it draws once it is shown again, when the
        // observer reports it on screen.
        if element.get_client_rects().length() == 0 {
            return;
        }
        let start = now();
        let id = element.get_attribute("data-testid").unwrap_or_default();
        (self.paint)(element);
        note_draw_for_benchmark(&id, start);
    }
}

/// When a benchmark has put an array at `window.__peDrawLog`, appends the time each canvas
/// finished drawing, so frame latency can be measured in the page. Without that array (always,
/// outside benchmarks) this is one property look-up.
fn note_draw_for_benchmark(canvas: &str, start: f64) {
    let Ok(log) = js_sys::Reflect::get(&window(), &"__peDrawLog".into()) else {
        return;
    };
    if let Some(log) = log.dyn_ref::<js_sys::Array>() {
        let end = now();
        log.push(&end.into());
        if let Ok(costs) = js_sys::Reflect::get(&window(), &"__peDrawCosts".into())
            && let Some(costs) = costs.dyn_ref::<js_sys::Array>()
        {
            costs.push(&format!("{canvas} {:.2}", end - start).into());
        }
    }
}

/// Milliseconds from `performance.now()`.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}
