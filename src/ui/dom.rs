//! Plain DOM helpers for the passes over a panel that work on what it rendered (describing its
//! charts, stacking its canvases for an export), and the messages between the page and the
//! teacher's tools and labs, and what a key press lands on.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, NodeList};

/// The elements a `querySelectorAll` found (it finds elements only); none if the browser
/// rejected the selector.
pub fn found(list: Result<NodeList, JsValue>) -> impl Iterator<Item = Element> {
    let list = list.ok();
    let length = list.as_ref().map_or(0, NodeList::length);
    (0..length)
        .filter_map(move |n| list.as_ref()?.get(n))
        .map(JsCast::unchecked_into)
}

/// Offers `body` as a download named `name` of the media type `media` (`text/csv;charset=utf-8`):
/// the teacher's exports and the labs' CSV files both use it. Through a `Blob`'s address, not a
/// `data:` one: a full-size matrix is megabytes, which a `data:` address would have to carry
/// escaped (seconds of work, and more than a browser takes in an address). The address is given
/// back a minute later, long after the browser has read the file.
pub fn download(name: &str, media: &str, body: &str) {
    let Some((window, link)) = web_sys::window().and_then(|w| {
        let link = w.document()?.create_element("a").ok()?;
        Some((w, link))
    }) else {
        return;
    };
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(media);
    let parts = js_sys::Array::of1(&JsValue::from_str(body));
    let Ok(address) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob))
    else {
        return;
    };
    let _ = link.set_attribute("href", &address);
    let _ = link.set_attribute("download", name);
    link.unchecked_into::<web_sys::HtmlElement>().click();
    let give_back = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&address);
    });
    let _ = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(give_back.unchecked_ref(), 60_000);
}

/// The event the page sends after every change of its state (detail: the query string), which
/// the teacher's tools and the labs follow.
pub const STATE_EVENT: &str = "pe-state";
/// The event the teacher's tools and the labs send to change the page's state (detail: the new
/// query string): the page owns the state.
pub const SET_STATE_EVENT: &str = "pe-set-state";
/// The event lesson mode sends to move the page to another page of the course inside the app
/// (detail: the page's address; `ui::navigate`).
pub const GO_EVENT: &str = "pe-go";

/// Asks the page to take `params` as its state.
pub fn set_page_state(params: &crate::lesson::Params) {
    send(SET_STATE_EVENT, &crate::lesson::to_query(params));
}

/// Dispatches `name` on the window with `detail`.
pub fn send(name: &str, detail: &str) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&JsValue::from_str(detail));
    if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = leptos::prelude::window().dispatch_event(&event);
    }
}

/// Puts `query` (`?…`, or empty for none) in the address with replaceState, the path and the
/// anchor kept, unless it is there already: no history entry, no scroll (the page's state and
/// the labs' values follow every change this way).
pub fn replace_query(query: &str) {
    let location = leptos::prelude::window().location();
    if location.search().unwrap_or_default() == query {
        return;
    }
    let hash = location.hash().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    if let Ok(history) = leptos::prelude::window().history() {
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{path}{query}{hash}")),
        );
    }
}

/// Whether a key press types a character into the element that has the focus: a text field or
/// a text area (and, with `numbers`, a number box, where "." is typed).
pub fn takes_text(event: &web_sys::KeyboardEvent, numbers: bool) -> bool {
    let Some(element) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    match element.tag_name().as_str() {
        "TEXTAREA" => true,
        "INPUT" => {
            let kind = element.get_attribute("type").unwrap_or_default();
            match kind.as_str() {
                "number" => numbers,
                "range" | "checkbox" | "radio" | "button" | "submit" | "reset" | "color" => false,
                _ => true,
            }
        }
        _ => element.has_attribute("contenteditable"),
    }
}
