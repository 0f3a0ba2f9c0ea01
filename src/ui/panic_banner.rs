//! Never a dead page: when the app panics, a banner says so in the current language and offers a
//! reload that keeps the view (the whole state is in the URL).
//!
//! Everything here is plain DOM calls. After a panic the wasm instance has trapped and the
//! reactive system may be half-way through an update, so the banner must not go through leptos
//! and its reload control must not call back into wasm: it is a link to the current address.

use wasm_bindgen::JsCast;

use crate::i18n::{Key, Lang, Translate};

/// Installs the panic hook: the panic message goes to the console (for developers), and the
/// banner goes on the page (for everyone else).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show();
    }));
}

/// The language the page is showing: the app keeps `<html lang>` up to date.
fn page_language(document: &web_sys::Document) -> Lang {
    document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default()
}

fn show() -> Option<()> {
    let window = web_sys::window()?;
    let document = window.document()?;
    if document.get_element_by_id("panic-banner").is_some() {
        return Some(());
    }
    let lang = page_language(&document);
    let location = window.location();
    // Without the hash: a link to the same URL and fragment would only scroll, not reload.
    let address = format!("{}{}", location.pathname().ok()?, location.search().ok()?);

    let banner = document.create_element("div").ok()?;
    banner.set_id("panic-banner");
    banner.set_class_name("panic-banner");
    banner.set_attribute("role", "alert").ok()?;
    banner.set_attribute("data-testid", "panic-banner").ok()?;
    let message = document.create_element("p").ok()?;
    message.set_text_content(Some(lang.t(Key::PanicMessage)));
    let reload = document
        .create_element("a")
        .ok()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()?;
    reload.set_class_name("button");
    reload.set_attribute("href", &address).ok()?;
    reload.set_attribute("data-testid", "panic-reload").ok()?;
    reload.set_text_content(Some(lang.t(Key::Reload)));
    banner.append_child(&message).ok()?;
    banner.append_child(&reload).ok()?;
    let body = document.body()?;
    body.insert_before(&banner, body.first_child().as_ref())
        .ok()?;
    let _ = reload.focus();
    Some(())
}
