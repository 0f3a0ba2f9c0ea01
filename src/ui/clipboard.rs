//! The clipboard, for the page's copy buttons (copy as code) and the teacher's tools (copy the
//! student link).

use leptos::prelude::*;

use crate::i18n::Key;

/// Puts `text` on the clipboard and says in `status` whether it worked (`done` when it did).
pub fn copy_to_clipboard(text: &str, status: RwSignal<Option<Key>>, done: Key) {
    let promise = window().navigator().clipboard().write_text(text);
    leptos::task::spawn_local(async move {
        let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set(Some(if copied { done } else { Key::CopyFailed }));
    });
}
