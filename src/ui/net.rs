//! Downloads of the page's own files (the real model's tables, the lesson's texts), fetched
//! when first needed rather than with the page.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::{document, window};
use wasm_bindgen::prelude::*;

/// Why a download failed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FetchError {
    /// No answer: offline, blocked or aborted.
    Network,
    /// The server answered with this status.
    Http(u16),
}

/// What one download ended with.
pub type Download = Result<Vec<u8>, FetchError>;

/// The address of the site's file `path` (`lesson.txt`, `assets/minilm/…`): the pages are in
/// folders of their own (`zh/`) and rewrite their address as the state changes, so a file is
/// named from the site's root, which the page's first script writes into `<html data-site>`
/// before anything else runs (index.html).
pub fn site_file(path: &str) -> String {
    let site = document()
        .document_element()
        .and_then(|html| html.get_attribute("data-site"))
        .unwrap_or_default();
    format!("{site}{path}")
}

/// Which page of the course this is (`<html data-page>`, written by the prerender).
pub fn this_page() -> crate::lesson::chapters::Page {
    document()
        .document_element()
        .and_then(|html| html.get_attribute("data-page"))
        .map_or(crate::lesson::chapters::Page::Home, |folder| {
            crate::lesson::chapters::Page::from_folder(&folder)
        })
}

/// The language of the page on screen (`<html lang>`: the page was prerendered in it, and a
/// change of language loads the other language's page; index.html is English, zh/index.html
/// Chinese: src/bin/prerender.rs).
pub fn page_language() -> crate::lesson::Lang {
    document()
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|tag| crate::lesson::Lang::from_tag(&tag))
        .unwrap_or_default()
}

/// The path of `page` of the course in `lang` from the site's root (`zh/rope/`; "" for the
/// English contents).
pub fn page_path(lang: crate::lesson::Lang, page: crate::lesson::chapters::Page) -> String {
    let language = match lang {
        crate::lesson::Lang::En => "",
        crate::lesson::Lang::Zh => "zh/",
    };
    let folder = match page.folder() {
        "" => String::new(),
        folder => format!("{folder}/"),
    };
    format!("{language}{folder}")
}

/// The address of `page` of the course in `lang` (`…/zh/rope/`), without a query.
pub fn language_page(lang: crate::lesson::Lang, page: crate::lesson::chapters::Page) -> String {
    site_file(&page_path(lang, page))
}

/// Downloads a same-origin file of the site (`path` from its root: [`site_file`]) and hands its bytes (or why not) to `done`. A plain
/// XMLHttpRequest with one callback: no promise executor in the bundle (the lesson texts come
/// the same way).
pub fn download(path: &str, done: Rc<dyn Fn(Download)>) {
    let Ok(request) = web_sys::XmlHttpRequest::new() else {
        done(Err(FetchError::Network));
        return;
    };
    request.set_response_type(web_sys::XmlHttpRequestResponseType::Arraybuffer);
    let finished = {
        let request = request.clone();
        let done = done.clone();
        // `loadend` follows success, failure and abort alike, exactly once.
        Closure::<dyn FnMut()>::new(move || {
            done(match request.status().unwrap_or(0) {
                200 => request
                    .response()
                    .map(|body| js_sys::Uint8Array::new(&body).to_vec())
                    .map_err(|_| FetchError::Network),
                // No status: the request never reached a server (offline, blocked, aborted).
                0 => Err(FetchError::Network),
                status => Err(FetchError::Http(status)),
            })
        })
    };
    request.set_onloadend(Some(finished.as_ref().unchecked_ref()));
    // Called once per download, and a download happens once per page: a small, bounded leak.
    finished.forget();
    if request
        .open("GET", &site_file(path))
        .and_then(|()| request.send())
        .is_err()
    {
        done(Err(FetchError::Network));
    }
}

/// Where on `window` the Chinese texts' file, once fetched, waits for the page's other wasm.
const CHINESE_TEXT: &str = "peChineseText";

/// Makes sure the Chinese texts are there (`i18n::chinese`: the wasm does not carry them),
/// downloading them the first time, then calls `done` with whether they are.
pub fn with_chinese(done: impl FnOnce(bool) + 'static) {
    use crate::i18n::chinese;
    if chinese::is_installed() {
        done(true);
        return;
    }
    // The other wasm of the page (the page's or the teacher's tools) may have fetched the file
    // already: it leaves the text on `window`, so the file is fetched once per page.
    if let Some(text) = js_sys::Reflect::get(&window(), &CHINESE_TEXT.into())
        .ok()
        .and_then(|text| text.as_string())
        && let Ok(texts) = chinese::parse(&text)
    {
        chinese::install(texts);
        done(true);
        return;
    }
    let done = Cell::new(Some(done));
    download(
        &chinese::file_address(),
        Rc::new(move |result: Download| {
            // The same decoding as the lesson's texts; a damaged file fails the parse.
            let text = result
                .ok()
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
            let texts = text.as_deref().and_then(|text| chinese::parse(text).ok());
            let loaded = texts.map(chinese::install).is_some();
            if loaded && let Some(text) = &text {
                let _ =
                    js_sys::Reflect::set(&window(), &CHINESE_TEXT.into(), &JsValue::from_str(text));
            }
            if !loaded {
                leptos::logging::warn!(
                    "PE Explorer: the Chinese texts could not be loaded; showing English"
                );
            }
            if let Some(done) = done.take() {
                done(loaded);
            }
        }),
    );
}
