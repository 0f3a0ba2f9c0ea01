//! The top component: owns the lesson state, keeps it in the URL, lays out controls and panels.

use leptos::prelude::*;

use super::add_concat::AddConcatPanel;
use super::canvas::provide_viewport_epoch;
use super::controls::Controls;
use super::dot_product::DotProductPanel;
use super::frequencies::FrequenciesPanel;
use super::heatmap::HeatmapPanel;
use super::notices::NoticeBanner;
use super::pe_vector::PeVectorPanel;
use super::rotation::RotationPanel;
use super::saturation::SaturationPanel;
use super::waves::WavesPanel;
use super::word_order::WordOrderPanel;
use crate::i18n::{Key, Lang};
use crate::lesson::{from_query, to_query, Params};

/// The lesson state shared with every panel. A `Copy` handle to one signal: panels read it and
/// the controls write it, so there is exactly one source of truth for what the URL says.
#[derive(Clone, Copy)]
pub struct Lesson {
    pub params: RwSignal<Params>,
    /// `params.lang`, as its own memo so that text re-renders only when the language changes.
    pub lang: Memo<Lang>,
}

/// Reads the lesson context; every panel is rendered under [`App`], which provides it.
pub fn use_lesson() -> Lesson {
    expect_context::<Lesson>()
}

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

#[component]
pub fn App() -> impl IntoView {
    let search = window().location().search().unwrap_or_default();
    let mut parsed = from_query(&search);
    if !parsed.lang_given {
        parsed.params.lang = browser_language().unwrap_or_default();
    }
    let params = RwSignal::new(parsed.params);
    let lesson = Lesson {
        params,
        lang: Memo::new(move |_| params.get().lang),
    };
    provide_context(lesson);
    provide_viewport_epoch();
    let notices = RwSignal::new(parsed.notices);

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

    #[cfg(feature = "test-hooks")]
    if crate::lesson::query::wants_test_panic(&search) {
        // After the first frame, so the panic hits a running app, as a real bug would.
        request_animation_frame(|| {
            panic!("deliberate test panic (test-hooks build, ?test_panic=1)")
        });
    }

    // <html lang> follows the choice, so screen readers and fonts pick the right language.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lesson.lang.get().html_tag());
        }
    });

    let t = move |key: Key| lesson.lang.get().t(key);
    let set_lang = move |lang: Lang| params.update(|p| p.lang = lang);
    view! {
        <header class="app-header">
            <div class="title">
                <h1 data-testid="app-title">{move || t(Key::AppName)}</h1>
                <p class="tagline">{move || t(Key::Tagline)}</p>
            </div>
            // Each language is named in itself, as language pickers do.
            <div class="lang-toggle" role="group" aria-label=move || t(Key::LanguageLabel)>
                <button
                    type="button"
                    lang="en"
                    data-testid="lang-en"
                    aria-pressed=move || (lesson.lang.get() == Lang::En).to_string()
                    on:click=move |_| set_lang(Lang::En)
                >
                    "English"
                </button>
                <button
                    type="button"
                    lang="zh-CN"
                    data-testid="lang-zh"
                    aria-pressed=move || (lesson.lang.get() == Lang::Zh).to_string()
                    on:click=move |_| set_lang(Lang::Zh)
                >
                    "中文"
                </button>
            </div>
        </header>
        <NoticeBanner notices=notices />
        <div class="layout">
            <Controls />
            <main class="panels" id="panels">
                <WordOrderPanel />
                <PeVectorPanel />
                <HeatmapPanel />
                <WavesPanel />
                <FrequenciesPanel />
                <RotationPanel />
                <DotProductPanel />
                <AddConcatPanel />
                <SaturationPanel />
            </main>
        </div>
    }
}
