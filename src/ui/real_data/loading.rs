//! Loading the real model's tables: fetched the first time the panel scrolls into view, decoded
//! once, with a message for every way the download can fail.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::super::net::{download, Download, FetchError};
use crate::encoding::{TableError, MINILM_POSITION_FILE, MINILM_WORD_FILE};
use crate::i18n::{Key, Lang, Translate};
use crate::render::real_model::{model_from_bytes, RealModel};

/// Why the tables are not there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LoadError {
    Fetch(FetchError),
    Damaged(TableError),
}

impl LoadError {
    pub fn describe(self, lang: Lang) -> String {
        match self {
            LoadError::Fetch(FetchError::Network) => lang.t(Key::RealNetwork).to_string(),
            LoadError::Fetch(FetchError::Http(status)) => lang
                .t(Key::RealHttp)
                .replace("{status}", &usize::from(status).to_string()),
            LoadError::Damaged(TableError::WrongLength { expected, got }) => lang
                .t(Key::RealWrongLength)
                .replace("{expected}", &expected.to_string())
                .replace("{got}", &got.to_string()),
            LoadError::Damaged(TableError::NotFinite { index }) => lang
                .t(Key::RealNotFinite)
                .replace("{index}", &index.to_string()),
        }
    }
}

#[derive(Clone)]
pub enum Tables {
    /// Not yet scrolled into view.
    Waiting,
    Loading,
    Failed(LoadError),
    Ready(Arc<RealModel>),
}

impl Tables {
    pub fn ready(&self) -> Option<Arc<RealModel>> {
        match self {
            Tables::Ready(model) => Some(model.clone()),
            _ => None,
        }
    }
}

/// Downloads both tables (side by side) and decodes them.
fn load(tables: RwSignal<Tables>) {
    tables.set(Tables::Loading);
    let parts: Rc<RefCell<[Option<Download>; 2]>> = Rc::default();
    for (slot, path) in [MINILM_POSITION_FILE, MINILM_WORD_FILE]
        .into_iter()
        .enumerate()
    {
        let parts = parts.clone();
        // Relative paths: the page's own origin and sub-path.
        download(
            path,
            Rc::new(move |result| {
                let mut parts = parts.borrow_mut();
                parts[slot] = Some(result);
                let [Some(positions), Some(words)] = &*parts else {
                    return;
                };
                let loaded = match (positions, words) {
                    (Ok(positions), Ok(words)) => model_from_bytes(positions, words)
                        .map(|model| Tables::Ready(Arc::new(model)))
                        .unwrap_or_else(|e| Tables::Failed(LoadError::Damaged(e))),
                    (Err(e), _) | (_, Err(e)) => Tables::Failed(LoadError::Fetch(*e)),
                };
                tables.set(loaded);
            }),
        );
    }
}

/// Starts [`load`] the first time `section` is on screen.
pub fn load_when_shown(section: NodeRef<html::Section>, tables: RwSignal<Tables>) {
    Effect::new(move |observing: Option<bool>| {
        if observing == Some(true) {
            return true;
        }
        let Some(element) = section.get() else {
            return false;
        };
        let callback = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
            move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
                let shown = entries.iter().any(|entry| {
                    entry
                        .dyn_into::<web_sys::IntersectionObserverEntry>()
                        .is_ok_and(|e| e.is_intersecting())
                });
                // `None`: the panel was left (another chapter) before the observer spoke.
                if shown && matches!(tables.try_get_untracked(), Some(Tables::Waiting)) {
                    observer.disconnect();
                    load(tables);
                }
            },
        );
        if let Ok(observer) = web_sys::IntersectionObserver::new(callback.as_ref().unchecked_ref())
        {
            observer.observe(&element);
        }
        // The observer calls this for as long as the page lives; it is made once.
        callback.forget();
        true
    });
}
