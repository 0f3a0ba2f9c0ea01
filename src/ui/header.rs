//! The page's header: the title, the classroom tools and the language switch.

use leptos::prelude::*;

use super::classroom::ClassroomTools;
use super::context::{tr, use_lesson, Restriction};
use super::net::this_page;
use super::static_links::go_to_language;
use crate::i18n::Key;
use crate::lesson::{Field, Lang};

/// The title, the classroom tools and the language switch.
#[component]
pub fn Header() -> impl IntoView {
    let lesson = use_lesson();
    let lang_gate = Restriction::of(Field::Lang);
    // Each language has its own pages (their text is prerendered in it); the page on screen
    // may have changed inside the app since the header was built.
    let set_lang = move |lang: Lang| {
        if lang != lesson.lang.get_untracked() {
            go_to_language(lang, this_page(), &lesson.params.get_untracked());
        }
    };
    let lang_is = move |lang: Lang| move || (lesson.lang.get() == lang).to_string();
    view! {
        <header class="app-header">
            <div class="title">
                <h1 data-testid="app-title">{tr(Key::AppName)}</h1>
                <p class="tagline"><super::parts::PageText key=Key::Tagline /></p>
            </div>
            <ClassroomTools />
            // Each language is named in itself, as language pickers do.
            <fieldset
                class="lang-toggle"
                aria-label=tr(Key::LanguageLabel)
                hidden=lang_gate.hidden() data-hide-as=lang_gate.hide_as()
                disabled=lang_gate.disabled()
                title=lang_gate.title()
            >
                {[(Lang::En, "English"), (Lang::Zh, "中文")]
                    .into_iter()
                    .map(|(lang, name)| {
                        view! {
                            <button
                                type="button"
                                lang=lang.html_tag()
                                data-testid=format!("lang-{}", lang.code())
                                aria-pressed=lang_is(lang)
                                on:click=move |_| set_lang(lang)
                            >
                                {name}
                            </button>
                        }
                    })
                    .collect_view()}
            </fieldset>
        </header>
    }
}
