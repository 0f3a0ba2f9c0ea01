//! The top component: owns the lesson state, keeps it in the URL, lays out the header, the
//! controls and the panels.

use leptos::prelude::*;

use super::canvas::provide_viewport_epoch;
use super::classroom::{follow_theme_and_presenter, show_step_panel, ClassroomTools, LessonBar};
use super::context::{tr, Gate, Lesson};
use super::controls::Controls;
use super::notices::NoticeBanner;
use super::panels::render;
use crate::i18n::{panel_title, Key};
use crate::lesson::{from_query, to_query, Field, Lang, PanelId};

/// The browser's preferred language, if it is one we have.
fn browser_language() -> Option<Lang> {
    let navigator = window().navigator();
    let preferred = navigator.languages();
    preferred
        .iter()
        .filter_map(|tag| tag.as_string())
        .chain(navigator.language())
        .find_map(|tag| Lang::from_tag(&tag))
}

/// A link to `#panel` was opened: the browser looked for the anchor before the app had drawn
/// it, so scroll there once the panels exist.
fn scroll_to_anchor() {
    let hash = window().location().hash().unwrap_or_default();
    let Some(id) = hash.strip_prefix('#').filter(|id| !id.is_empty()) else {
        return;
    };
    if let Some(target) = document().get_element_by_id(id) {
        target.scroll_into_view();
    }
}

#[component]
pub fn App() -> impl IntoView {
    let search = window().location().search().unwrap_or_default();
    let mut parsed = from_query(&search);
    if !parsed.lang_given {
        parsed.params.lang = browser_language().unwrap_or_default();
    }
    let params = RwSignal::new(parsed.params);
    let lesson = Lesson::new(params);
    provide_context(lesson);
    let epoch = provide_viewport_epoch();
    let notices = RwSignal::new(parsed.notices);
    follow_theme_and_presenter(lesson, epoch);

    // The URL follows the state with replaceState: dragging a slider must not add hundreds of
    // history entries or scroll the page, and the hash (a panel anchor) is kept.
    Effect::new(move |_| {
        let query = format!("?{}", to_query(&lesson.params.get()));
        let location = window().location();
        if location.search().ok().as_deref() == Some(query.as_str()) {
            return;
        }
        let hash = location.hash().unwrap_or_default();
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{query}{hash}")),
            );
        }
    });

    // <html lang> follows the choice, so screen readers and fonts pick the right language.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lesson.lang.get().html_tag());
        }
    });

    #[cfg(feature = "test-hooks")]
    if crate::lesson::query::wants_test_panic(&search) {
        // After the first frame, so the panic hits a running app, as a real bug would.
        request_animation_frame(|| {
            panic!("deliberate test panic (test-hooks build, ?test_panic=1)")
        });
    }

    // A link into lesson mode opens at its step's panel, unless it names a panel itself. Two
    // frames later: the lesson bar, shown by then, changes the layout (on a phone the controls
    // stop being sticky).
    let opening_step = params.get_untracked().step;
    request_animation_frame(move || {
        request_animation_frame(move || {
            if window().location().hash().unwrap_or_default().len() > 1 {
                scroll_to_anchor();
            } else {
                show_step_panel(opening_step);
            }
        })
    });

    let revealed = RwSignal::new(false);
    let lang_gate = Gate::of(Field::Lang);
    let set_lang = move |lang: Lang| params.update(|p| p.lang = lang);
    let lang_is = move |lang: Lang| move || (lesson.lang.get() == lang).to_string();
    view! {
        <header class="app-header">
            <div class="title">
                <h1 data-testid="app-title">{tr(Key::AppName)}</h1>
                <p class="tagline">{tr(Key::Tagline)}</p>
            </div>
            <ClassroomTools revealed=revealed />
            // Each language is named in itself, as language pickers do.
            <fieldset
                class="lang-toggle"
                aria-label=tr(Key::LanguageLabel)
                hidden=lang_gate.hidden()
                disabled=lang_gate.disabled()
                title=lang_gate.title()
            >
                <button
                    type="button"
                    lang="en"
                    data-testid="lang-en"
                    aria-pressed=lang_is(Lang::En)
                    on:click=move |_| set_lang(Lang::En)
                >
                    "English"
                </button>
                <button
                    type="button"
                    lang="zh-CN"
                    data-testid="lang-zh"
                    aria-pressed=lang_is(Lang::Zh)
                    on:click=move |_| set_lang(Lang::Zh)
                >
                    "中文"
                </button>
            </fieldset>
        </header>
        <NoticeBanner notices=notices />
        <div class="layout">
            <Controls />
            <main class="panels" id="panels">
                <nav class="toc" aria-labelledby="toc-title" data-testid="toc">
                    <h2 id="toc-title">{tr(Key::Contents)}</h2>
                    <ol>
                        {PanelId::ALL
                            .into_iter()
                            .map(|panel| {
                                view! { <li><a href=format!("#{}", panel.anchor())>{tr(panel_title(panel))}</a></li> }
                            })
                            .collect_view()}
                    </ol>
                </nav>
                {PanelId::ALL.into_iter().map(render).collect_view()}
            </main>
        </div>
        <LessonBar revealed=revealed />
    }
}
