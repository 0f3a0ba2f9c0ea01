//! Which canvases are on screen or about to be: one observer for all of them.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// How far beyond the viewport a canvas counts as on screen, above and below, as a share of the
/// viewport's height: it draws just before it scrolls into view.
const ON_SCREEN_MARGIN: f64 = 0.5;

/// Every watched canvas with its on-screen flag.
type Watched = Rc<RefCell<Vec<(Element, RwSignal<bool>)>>>;

thread_local! {
    /// The one observer of every canvas, and what it watches.
    static ON_SCREEN: RefCell<Option<(web_sys::IntersectionObserver, Watched)>> =
        const { RefCell::new(None) };
    /// Canvases inside this element draw even when off screen (an export of that panel).
    static DRAW_WITHIN: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// Keeps `on_screen` true while `element` is within [`ON_SCREEN_MARGIN`] of the viewport.
pub(super) fn watch_on_screen(element: Element, on_screen: RwSignal<bool>) {
    ON_SCREEN.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            let watched: Watched = Rc::default();
            let seen = watched.clone();
            let callback =
                Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    for entry in entries.iter() {
                        let entry: web_sys::IntersectionObserverEntry = entry.unchecked_into();
                        let target = entry.target();
                        if let Some((_, flag)) = seen
                            .borrow()
                            .iter()
                            .find(|(e, flag)| *e == target && !flag.is_disposed())
                        {
                            flag.set(entry.is_intersecting());
                        }
                    }
                });
            let options = web_sys::IntersectionObserverInit::new();
            let percent = ON_SCREEN_MARGIN * 100.0;
            options.set_root_margin(&format!("{percent}% 0px {percent}% 0px"));
            let observer = web_sys::IntersectionObserver::new_with_options(
                callback.as_ref().unchecked_ref(),
                &options,
            );
            // The observer lives as long as the page.
            callback.forget();
            match observer {
                Ok(observer) => *slot = Some((observer, watched)),
                // No observer (a very old browser): every canvas counts as on screen.
                Err(_) => {
                    on_screen.set(true);
                    return;
                }
            }
        }
        if let Some((observer, watched)) = slot.as_ref() {
            let mut watched = watched.borrow_mut();
            // The canvases of a page left inside the app: their flags went with their owner.
            watched.retain(|(canvas, flag)| {
                let stays = !flag.is_disposed();
                if !stays {
                    observer.unobserve(canvas);
                }
                stays
            });
            watched.push((element.clone(), on_screen));
            observer.observe(&element);
        }
    });
    // On screen as it arrives (a link's first screen): it draws now, not a frame and a task
    // later when the observer first reports (on a phone some 50–100 ms before the first chart).
    if near_screen(&element) {
        on_screen.set(true);
    }
}

/// Whether `element` is shown and within [`ON_SCREEN_MARGIN`] of the viewport, as the observer
/// would find it.
fn near_screen(element: &Element) -> bool {
    let rect = element.get_bounding_client_rect();
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    rect.width() > 0.0
        && rect.height() > 0.0
        && rect.bottom() > -height * ON_SCREEN_MARGIN
        && rect.top() < height * (1.0 + ON_SCREEN_MARGIN)
}

/// Makes the canvases inside `panel` draw although they are off screen (`None`: only those on
/// screen again); the caller then bumps the epoch.
pub fn draw_off_screen_within(panel: Option<Element>) {
    DRAW_WITHIN.with(|within| *within.borrow_mut() = panel);
}

pub(super) fn drawn_off_screen(canvas: &Element) -> bool {
    DRAW_WITHIN.with(|within| {
        within
            .borrow()
            .as_ref()
            .is_some_and(|panel| panel.contains(Some(canvas)))
    })
}
