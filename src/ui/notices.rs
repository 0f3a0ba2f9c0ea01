//! The dismissible banner that says what was corrected in the URL.

use leptos::prelude::*;

use super::context::{tr, use_lesson};

use crate::i18n::{notice_text, Key};
use crate::lesson::Notice;

#[component]
pub fn NoticeBanner(
    /// What a link asked that the page could not use; the banner's close empties it.
    notices: RwSignal<Vec<Notice>>,
) -> impl IntoView {
    let lesson = use_lesson();
    view! {
        <section class="notice" role="status" data-testid="notice" hidden=move || notices.with(Vec::is_empty)>
                <p>{tr(Key::NoticeTitle)}</p>
                <ul>
                    {move || {
                        let lang = lesson.lang.get();
                        notices
                            .get()
                            .iter()
                            .map(|n| view! { <li>{notice_text(lang, n)}</li> })
                            .collect_view()
                    }}
                </ul>
                <button
                    type="button"
                    data-testid="notice-dismiss"
                    on:click=move |_| { notices.set(Vec::new()); }
                >
                    {tr(Key::Dismiss)}
                </button>
        </section>
    }
}
