//! The teacher's notes in a window of their own, for the lecturer's screen while the projector
//! shows the page (as slide software's presenter view does): the step, its question and its
//! answer, the notes, the next step's question and a clock against the plan's minutes.
//!
//! The window is a same-origin pop-up that the page writes itself (there is no page of its own to
//! load, so it opens at once and works offline); the page keeps it in step and its keys drive the
//! lesson as the page's own do. Nothing of it is drawn on the projected page.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, KeyboardEvent, Window};

/// The window's name: a second open finds the first instead of opening another.
const WINDOW_NAME: &str = "pe-notes";
/// A lecturer's laptop beside the projector: room for the notes at a readable size.
const WINDOW_FEATURES: &str = "popup,width=760,height=760";

/// Its body: the places the page fills (`NotesView`), each found by its id, as
/// (parent's index in this list or `None` for the body, tag, id, class).
const BODY: [(Option<usize>, &str, &str, &str); 23] = [
    (None, "main", "notes", ""),
    (Some(0), "p", "clock", "clock"),
    (Some(0), "h1", "step", ""),
    (Some(0), "h2", "question-title", ""),
    (Some(0), "p", "question", ""),
    (Some(0), "h2", "answer-title", ""),
    (Some(0), "div", "answer-box", "answer"),
    (Some(6), "p", "answer", ""),
    (Some(6), "p", "state", "state"),
    (Some(0), "h2", "notes-title", ""),
    (Some(0), "p", "misconception-line", ""),
    (Some(10), "strong", "misconception-title", ""),
    (Some(10), "span", "misconception", ""),
    (Some(0), "p", "point-line", ""),
    (Some(13), "strong", "point-title", ""),
    (Some(13), "span", "point", ""),
    (Some(0), "p", "ask-line", ""),
    (Some(16), "strong", "ask-title", ""),
    (Some(16), "span", "ask", ""),
    (Some(0), "h2", "next-title", ""),
    (Some(0), "p", "next", ""),
    (Some(0), "nav", "buttons", ""),
    (Some(0), "p", "keys", "keys"),
];

/// What the window shows, every text already in the lesson's language.
#[derive(Clone, Debug, PartialEq)]
pub struct NotesView {
    /// The language's tag, for the window's `<html lang>`.
    pub lang: &'static str,
    pub title: String,
    /// "Step 3 of 11", or that lesson mode has ended on the page.
    pub step: String,
    pub question_title: String,
    pub question: String,
    pub answer_title: String,
    pub answer: String,
    /// Whether the class sees the answer yet.
    pub state: String,
    pub notes_title: String,
    pub misconception_title: String,
    pub misconception: String,
    pub point_title: String,
    pub point: String,
    pub ask_title: String,
    pub ask: String,
    pub next_title: String,
    pub next: String,
    pub back: String,
    pub forward: String,
    pub keys: String,
}

/// A key pressed (or a button clicked) in the notes window, for the lesson to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotesKey {
    Forward,
    Back,
    Blank,
    /// Escape: the lecturer is done with the notes.
    Close,
}

thread_local! {
    /// The open window, with the listeners that live as long as it.
    static OPEN: RefCell<Option<OpenWindow>> = const { RefCell::new(None) };
}

struct OpenWindow {
    window: Window,
    _keys: Closure<dyn Fn(KeyboardEvent)>,
    _back: Closure<dyn Fn()>,
    _forward: Closure<dyn Fn()>,
}

/// Opens the notes window (or finds it already open) and sends its keys and buttons to `on_key`.
/// False when the browser refused to open it (a pop-up blocker).
pub fn open(on_key: impl Fn(NotesKey) + Clone + 'static) -> bool {
    if let Some(window) = open_window() {
        let _ = window.focus();
        return true;
    }
    let Ok(Some(window)) = leptos::prelude::window().open_with_url_and_target_and_features(
        "",
        WINDOW_NAME,
        WINDOW_FEATURES,
    ) else {
        return false;
    };
    let Some(document) = window.document() else {
        return false;
    };
    // Its styles come from the site (`style/notes.css`): the window inherits the page's
    // Content-Security-Policy, which allows no inline style.
    let styles = web_sys::Url::new_with_base(
        &crate::ui::net::site_file("notes.css"),
        &leptos::prelude::window()
            .location()
            .href()
            .unwrap_or_default(),
    )
    .map(|url| url.href())
    .unwrap_or_default();
    if let (Ok(Some(head)), Ok(link)) = (
        document.query_selector("head"),
        document.create_element("link"),
    ) {
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", &styles);
        if let Ok(Some(old)) = head.query_selector("link") {
            old.remove();
        }
        let _ = head.append_child(&link);
    }
    build_body(&document);
    let keys = {
        let on_key = on_key.clone();
        Closure::<dyn Fn(KeyboardEvent)>::new(move |event: KeyboardEvent| {
            if event.alt_key() || event.ctrl_key() || event.meta_key() {
                return;
            }
            let key = match event.key().as_str() {
                "PageDown" | "ArrowRight" | " " => NotesKey::Forward,
                "PageUp" | "ArrowLeft" => NotesKey::Back,
                "b" | "B" | "." => NotesKey::Blank,
                "Escape" => NotesKey::Close,
                _ => return,
            };
            event.prevent_default();
            on_key(key);
        })
    };
    let _ = window.add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref());
    let button = |id: &str, key: NotesKey| {
        let on_key = on_key.clone();
        let click = Closure::<dyn Fn()>::new(move || on_key(key));
        if let Some(button) = document.get_element_by_id(id) {
            let _ =
                button.add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
        }
        click
    };
    let back = button("back", NotesKey::Back);
    let forward = button("forward", NotesKey::Forward);
    let _ = window.focus();
    OPEN.with(|open| {
        *open.borrow_mut() = Some(OpenWindow {
            window,
            _keys: keys,
            _back: back,
            _forward: forward,
        })
    });
    true
}

/// Builds the window's body (`BODY`, then the two buttons in its `nav`), element by element.
fn build_body(document: &Document) {
    let Some(body) = document.body() else {
        return;
    };
    // A window left open by an earlier visit of the page is written afresh.
    while let Some(child) = body.first_child() {
        let _ = body.remove_child(&child);
    }
    let mut made: Vec<web_sys::Element> = Vec::with_capacity(BODY.len());
    for (parent, tag, id, class) in BODY {
        let Ok(element) = document.create_element(tag) else {
            return;
        };
        element.set_id(id);
        if !class.is_empty() {
            element.set_class_name(class);
        }
        let _ = match parent {
            Some(at) => made[at].append_child(&element),
            None => body.append_child(&element),
        };
        made.push(element);
    }
    let _ = made[0].set_attribute("data-testid", "notes-window");
    let _ = made[1].set_attribute("role", "timer");
    for id in ["back", "forward"] {
        if let Ok(button) = document.create_element("button") {
            button.set_id(id);
            let _ = button.set_attribute("type", "button");
            let _ = made[21].append_child(&button);
        }
    }
}

/// The notes window, if it is open (the lecturer may have closed it).
fn open_window() -> Option<Window> {
    OPEN.with(|open| {
        let mut open = open.borrow_mut();
        match open.as_ref() {
            Some(notes) if !notes.window.closed().unwrap_or(true) => Some(notes.window.clone()),
            _ => {
                *open = None;
                None
            }
        }
    })
}

/// Whether the notes window is open.
pub fn is_open() -> bool {
    open_window().is_some()
}

/// Closes the notes window, if it is open.
pub fn close() {
    if let Some(window) = open_window() {
        let _ = window.close();
    }
    OPEN.with(|open| open.borrow_mut().take());
}

/// Writes `view` into the notes window, if it is open.
pub fn show(view: &NotesView) {
    let Some(document) = open_window().and_then(|w| w.document()) else {
        return;
    };
    document.set_title(&view.title);
    let fields: [(&str, &str); 18] = [
        ("step", &view.step),
        ("question-title", &view.question_title),
        ("question", &view.question),
        ("answer-title", &view.answer_title),
        ("answer", &view.answer),
        ("state", &view.state),
        ("notes-title", &view.notes_title),
        ("misconception-title", &view.misconception_title),
        ("misconception", &view.misconception),
        ("point-title", &view.point_title),
        ("point", &view.point),
        ("ask-title", &view.ask_title),
        ("ask", &view.ask),
        ("next-title", &view.next_title),
        ("next", &view.next),
        ("back", &view.back),
        ("forward", &view.forward),
        ("keys", &view.keys),
    ];
    for (id, text) in fields {
        set_text(&document, id, text);
    }
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", view.lang);
    }
}

/// Writes the clock's line into the notes window, if it is open.
pub fn show_clock(text: &str) {
    if let Some(document) = open_window().and_then(|w| w.document()) {
        set_text(&document, "clock", text);
    }
}

fn set_text(document: &Document, id: &str, text: &str) {
    if let Some(element) = document.get_element_by_id(id)
        && element.text_content().as_deref() != Some(text)
    {
        element.set_text_content(Some(text));
    }
}

/// "m:ss" (or "h:mm:ss") for a duration in whole seconds.
///
/// ```
/// use pe_explorer::ui::teacher::notes_window::clock;
/// assert_eq!(clock(0), "0:00");
/// assert_eq!(clock(754), "12:34");
/// assert_eq!(clock(3725), "1:02:05");
/// ```
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
