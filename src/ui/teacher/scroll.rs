//! Lesson mode's moves on the page: a step's panel, its lab and its answer brought on screen
//! below the lesson bar, and what a key press is about (a control typed into, a dialog open).

use leptos::leptos_dom::helpers::WindowListenerHandle;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lesson::labs::LabId;
use crate::lesson::PanelId;
use crate::ui::labs::LabsState;

/// Scrolls `panel` (then its `lab`, if the step is about one) into view once every panel of the
/// page is there (`<html data-ready>`; a link's page appends them one by one), trying again
/// every 50 ms at most `tries` times, as long as lesson mode is still at the step (`at_step`).
pub fn show_panel_when_ready(
    panel: Option<PanelId>,
    lab: Option<LabId>,
    labs: LabsState,
    tries: u32,
    at_step: impl Fn() -> bool + Copy + 'static,
) {
    if !at_step() {
        return;
    }
    let ready = document()
        .document_element()
        .is_some_and(|root| root.has_attribute("data-ready"));
    if ready {
        request_animation_frame(move || {
            show_panel(panel);
            show_lab_when_drawn(lab, labs, 300, at_step);
        });
    } else if tries > 0 {
        set_timeout(
            move || show_panel_when_ready(panel, lab, labs, tries - 1, at_step),
            std::time::Duration::from_millis(50),
        );
    }
}

/// Scrolls a step's lab into view once the tools have drawn it (`LabsState::unfold_for_lesson` draws
/// and unfolds it), trying every 50 ms at most `tries`
/// times: a question about a lab at the bottom of a long panel is asked with the lab on screen.
/// Not once lesson mode has moved on (`at_step`): a lab it unfolded after leaving would stay
/// open, and in the teacher's link.
pub fn show_lab_when_drawn(
    lab: Option<LabId>,
    labs: LabsState,
    tries: u32,
    at_step: impl Fn() -> bool + Copy + 'static,
) {
    let Some(lab) = lab else {
        return;
    };
    if !at_step() {
        return;
    }
    // A lab is folded under its panel, and built, once opened (`labs::LabBody`).
    labs.unfold_for_lesson(lab);
    let title = document().get_element_by_id(lab.anchor());
    match title {
        Some(title) => title.scroll_into_view(),
        None if tries > 0 => set_timeout(
            move || show_lab_when_drawn(Some(lab), labs, tries - 1, at_step),
            std::time::Duration::from_millis(50),
        ),
        None => {}
    }
}

/// What the lesson bar leaves of the screen, top and bottom: what is below it in presenter view
/// (the bar at the top), what is above it elsewhere (the bar at the bottom).
fn free_band() -> (f64, f64) {
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let presenter = document()
        .document_element()
        .is_some_and(|root| root.has_attribute("data-presenter"));
    let bar = document()
        .query_selector(".lesson-bar")
        .ok()
        .flatten()
        .map(|bar| bar.get_bounding_client_rect())
        .filter(|bar| bar.height() > 0.0);
    match bar {
        Some(bar) if presenter => (bar.bottom().clamp(0.0, height), height),
        Some(bar) => (0.0, bar.top().clamp(0.0, height)),
        None => (0.0, height),
    }
}

/// The element of `section` that prints `answer`: the smallest shown one that holds all of it.
fn answer_holder(section: &web_sys::Element, answer: &str) -> Option<web_sys::HtmlElement> {
    let all = section.query_selector_all("*").ok()?;
    (0..all.length())
        .filter_map(|n| all.item(n)?.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| e.get_client_rects().length() > 0)
        .filter_map(|e| {
            let text = e.inner_text();
            text.contains(answer).then_some((text.len(), e))
        })
        .min_by_key(|(length, _)| *length)
        .map(|(_, e)| e)
}

/// Scrolls so that `holder` (the answer) and the read-outs and charts of `section` that show it
/// (`payoff`, `data-readout` names) are all in the free band of the screen, with the sentences of
/// those names that state it (`data-answer`) where they fit too; where even the read-outs do not
/// fit, the answer at the band's bottom, with as much above it as fits. Whether the page moved.
fn show_payoff(
    section: &web_sys::Element,
    holder: &web_sys::HtmlElement,
    payoff: &[String],
) -> bool {
    let shown = |list: web_sys::NodeList| {
        (0..list.length())
            .filter_map(|n| list.item(n)?.dyn_into::<web_sys::Element>().ok())
            .filter(|e| e.get_client_rects().length() > 0)
            .collect::<Vec<_>>()
    };
    let answer_box = holder.get_bounding_client_rect();
    // The top and bottom of the answer together with the payoff's elements `selector` finds.
    let extent = |selector: &str| {
        payoff
            .iter()
            .filter_map(|name| {
                section
                    .query_selector_all(&selector.replace("{}", name))
                    .ok()
            })
            .flat_map(shown)
            .map(|e| e.get_bounding_client_rect())
            .fold(
                (answer_box.top(), answer_box.bottom()),
                |(top, bottom), r| (top.min(r.top()), bottom.max(r.bottom())),
            )
    };
    let (top, bottom) = free_band();
    let fitting = [
        extent("[data-readout=\"{}\"], [data-answer=\"{}\"]"),
        extent("[data-readout=\"{}\"]"),
    ]
    .into_iter()
    .find(|(first, last)| last - first <= bottom - top);
    let by = match fitting {
        Some((first, _)) if first < top => first - top,
        Some((_, last)) => (last - bottom).max(0.0),
        // The answer at the bottom of the band: the chart above it stays in view with it.
        None => answer_box.bottom() - bottom,
    };
    if by.abs() < 1.0 {
        return false;
    }
    let before = window().scroll_y().unwrap_or(0.0);
    window().scroll_by_with_x_and_y(0.0, by);
    // At the page's end a scroll asked for may not happen: that is rest too.
    (window().scroll_y().unwrap_or(0.0) - before).abs() >= 1.0
}

/// Frames in a row without a scroll after which the payoff is taken to stay where it is.
const PAYOFF_CALM_FRAMES: u32 = 10;
/// At most this many frames of looking after Reveal (two seconds at 60 frames a second).
const PAYOFF_FRAMES: u32 = 120;

/// A Reveal's watch over its payoff, frame by frame.
struct PayoffWatch {
    panel: Option<PanelId>,
    answer: String,
    payoff: Vec<String>,
    /// The answer's element, once found (found again if the page replaces it).
    holder: Option<web_sys::HtmlElement>,
    frames_left: u32,
    calm: u32,
    /// Set when the teacher scrolls, taps or clicks: the page is theirs from then on.
    taken: std::rc::Rc<std::cell::Cell<bool>>,
    listeners: Vec<WindowListenerHandle>,
}

/// Marks `<html data-payoff-shown>` once a Reveal's watch has ended (for the browser tests, which
/// wait for it), or takes the mark away when a new watch starts or the step was left.
fn mark_payoff_shown(shown: bool) {
    if let Some(root) = document().document_element() {
        let _ = if shown {
            root.set_attribute("data-payoff-shown", "")
        } else {
            root.remove_attribute("data-payoff-shown")
        };
    }
}

/// Brings the payoff on screen after Reveal ([`show_payoff`]) and keeps it there while the page
/// settles (the panel redrawn in its after state, a fit finishing, the bar changed): each frame
/// until nothing has moved for [`PAYOFF_CALM_FRAMES`] frames, for at most [`PAYOFF_FRAMES`],
/// while `still_here`, and never against the teacher's own scrolling.
pub fn show_payoff_when_settled(
    panel: Option<PanelId>,
    answer: String,
    payoff: Vec<String>,
    still_here: impl Fn() -> bool + Copy + 'static,
) {
    mark_payoff_shown(false);
    let taken = std::rc::Rc::new(std::cell::Cell::new(false));
    let take = {
        let taken = taken.clone();
        move || taken.set(true)
    };
    let listeners = vec![
        window_event_listener(leptos::ev::wheel, {
            let take = take.clone();
            move |_| take()
        }),
        window_event_listener(leptos::ev::touchstart, {
            let take = take.clone();
            move |_| take()
        }),
        window_event_listener(leptos::ev::pointerdown, move |_| take()),
    ];
    let watch = PayoffWatch {
        panel,
        answer,
        payoff,
        holder: None,
        frames_left: PAYOFF_FRAMES,
        calm: 0,
        taken,
        listeners,
    };
    watch_payoff(watch, still_here);
}

/// Ends a watch: its listeners removed, and the mark set if the step is still shown.
fn end_watch(watch: PayoffWatch, shown: bool) {
    for listener in watch.listeners {
        listener.remove();
    }
    mark_payoff_shown(shown);
}

fn watch_payoff(mut watch: PayoffWatch, still_here: impl Fn() -> bool + Copy + 'static) {
    request_animation_frame(move || {
        if !still_here() {
            return end_watch(watch, false);
        }
        let section = watch
            .panel
            .and_then(|p| document().get_element_by_id(p.anchor()));
        let Some(section) = section.filter(|_| !watch.taken.get()) else {
            return end_watch(watch, true);
        };
        if !watch.holder.as_ref().is_some_and(|h| h.is_connected()) {
            watch.holder = answer_holder(&section, &watch.answer);
        }
        // Not yet on the page (an after state still arriving) is not rest.
        let at_rest = watch
            .holder
            .as_ref()
            .is_some_and(|holder| !show_payoff(&section, holder, &watch.payoff));
        watch.calm = if at_rest { watch.calm + 1 } else { 0 };
        if watch.calm >= PAYOFF_CALM_FRAMES || watch.frames_left == 0 {
            return end_watch(watch, true);
        }
        watch.frames_left -= 1;
        watch_payoff(watch, still_here);
    });
}

/// How much of the top of the screen the lesson bar covers once the page is scrolled: its height
/// in presenter view, which keeps it at the top; nothing elsewhere (it is at the bottom).
pub fn bar_height() -> f64 {
    let presenter = document()
        .document_element()
        .is_some_and(|root| root.has_attribute("data-presenter"));
    document()
        .query_selector(".lesson-bar")
        .ok()
        .flatten()
        .filter(|_| presenter)
        .map_or(0.0, |bar| bar.get_bounding_client_rect().height())
}

/// Scrolls `panel` into view: its top just below the lesson bar where the bar is at the top
/// (measured now, as the question it has just been given has made it).
pub fn show_panel(panel: Option<PanelId>) {
    let Some(element) = panel.and_then(|p| document().get_element_by_id(p.anchor())) else {
        return;
    };
    let covered = bar_height();
    if covered > 0.0 {
        let top = element.get_bounding_client_rect().top();
        let scrolled = window().scroll_y().unwrap_or(0.0);
        window().scroll_to_with_x_and_y(0.0, scrolled + top - covered - 8.0);
    } else {
        element.scroll_into_view();
    }
}

/// Whether a dialog, a popover (a term's definition, the course's menu) is open: Escape closes
/// it before it leaves lesson mode.
pub fn something_open() -> bool {
    document()
        .query_selector("dialog[open], :popover-open")
        .ok()
        .flatten()
        .is_some()
}

/// Whether a key press belongs to a form control whose arrows move it.
pub fn typed_into_control(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Keeps `--lesson-bar-height` on `<html>` at the lesson bar's height: in presenter view the bar
/// is at the top of the screen, and a panel scrolled into view must start below it (the
/// stylesheet's `scroll-padding-top`).
pub fn keep_bar_height(bar: NodeRef<leptos::html::Aside>) {
    Effect::new(move |_| {
        let Some(element) = bar.get() else {
            return;
        };
        let measured = element.clone();
        let follow = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            let height = measured.get_bounding_client_rect().height();
            if let Some(root) = document()
                .document_element()
                .and_then(|root| root.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = root
                    .style()
                    .set_property("--lesson-bar-height", &format!("{height}px"));
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(follow.as_ref().unchecked_ref()) {
            observer.observe(&element);
        }
        // The bar lives as long as the page.
        follow.forget();
    });
}
