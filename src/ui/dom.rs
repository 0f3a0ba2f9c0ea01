//! Plain DOM helpers for what is built outside leptos's views: the classroom tools, the export
//! buttons, the heatmap's data table, and the passes over the page that mark charts and controls.

use leptos::prelude::document;
use wasm_bindgen::{JsCast, JsValue, UnwrapThrowExt};
use web_sys::{Element, NodeList};

/// A new `tag` element at the end of `parent`, with attributes.
pub fn child(parent: &Element, tag: &str, attributes: &[(&str, &str)]) -> Element {
    let element = document()
        .create_element(tag)
        .expect_throw("a valid tag name");
    for (name, value) in attributes {
        let _ = element.set_attribute(name, value);
    }
    let _ = parent.append_child(&element);
    element
}

/// The elements a `querySelectorAll` found (it finds elements only); none if the browser
/// rejected the selector.
pub fn found(list: Result<NodeList, JsValue>) -> impl Iterator<Item = Element> {
    let list = list.ok();
    let length = list.as_ref().map_or(0, NodeList::length);
    (0..length)
        .filter_map(move |n| list.as_ref()?.get(n))
        .map(JsCast::unchecked_into)
}
