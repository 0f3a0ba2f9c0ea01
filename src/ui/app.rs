//! The top component: owns the lesson state, keeps it in the URL, lays out controls and panels.

use leptos::prelude::*;

use super::add_concat::AddConcatPanel;
use super::alibi::AlibiPanel;
use super::canvas::provide_viewport_epoch;
use super::controls::Controls;
use super::dot_product::DotProductPanel;
use super::embedding::EmbeddingPanel;
use super::extrapolation::ExtrapolationPanel;
use super::frequencies::FrequenciesPanel;
use super::heatmap::HeatmapPanel;
use super::notices::NoticeBanner;
use super::parts::{live, on_click};
use super::pe_vector::PeVectorPanel;
use super::real_data::RealDataPanel;
use super::rope::RopePanel;
use super::rotation::RotationPanel;
use super::saturation::SaturationPanel;
use super::waves::WavesPanel;
use super::word_order::WordOrderPanel;
use crate::i18n::{Key, Lang};
use crate::lesson::{from_query, to_query, Field, Params};

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

/// The panels' anchors and titles, in the order of the page (the table of contents).
pub const LESSON_ORDER: [(&str, Key); 14] = [
    ("word-order", Key::OrderTitle),
    ("embedding", Key::EmbedTitle),
    ("vector", Key::VectorTitle),
    ("heatmap", Key::HeatmapTitle),
    ("waves", Key::WavesTitle),
    ("frequencies", Key::FrequencyTitle),
    ("rotation", Key::RotationTitle),
    ("dot-product", Key::DotTitle),
    ("add-concat", Key::CombineTitle),
    ("saturation", Key::SaturationTitle),
    ("extrapolation", Key::ExtrapTitle),
    ("rope", Key::RopeTitle),
    ("alibi", Key::AlibiTitle),
    ("real-data", Key::RealTitle),
];

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
    let lesson = Lesson {
        params,
        lang: Memo::new(move |_| params.get().lang),
    };
    provide_context(lesson);
    let redraw = provide_viewport_epoch();
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

    // Once the page exists: the classroom tools fill their slot (plain DOM, see classroom.rs),
    // and a link into lesson mode opens at its step's panel, unless it names a panel itself.
    let opening_step = lesson.params.get_untracked().step;
    let owner = Owner::current();
    request_animation_frame(move || {
        if let (Some(owner), Some(slot)) = (owner, document().get_element_by_id("classroom-tools"))
        {
            owner.with(|| super::classroom::install(slot, redraw));
        }
        // One frame later: the tools' first effect has shown the lesson bar by then, which
        // changes the layout (on a phone the controls stop being sticky).
        request_animation_frame(move || {
            if window().location().hash().unwrap_or_default().len() > 1 {
                scroll_to_anchor();
            } else {
                super::classroom::show_step_panel(opening_step);
            }
        });
    });

    // <html lang> follows the choice, so screen readers and fonts pick the right language.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lesson.lang.get().html_tag());
        }
    });

    let set_lang = move |lang: Lang| params.update(|p| p.lang = lang);
    view! {
        <header class="app-header">
            <div class="title">
                <h1 data-testid="app-title">{tr(Key::AppName)}</h1>
                <p class="tagline">{tr(Key::Tagline)}</p>
            </div>
            // Each language is named in itself, as language pickers do.
            <div class="classroom-tools" id="classroom-tools"></div>
            <fieldset class="lang-toggle" data-field=Field::Lang.symbol() aria-label=tr(Key::LanguageLabel)>
                <button
                    type="button"
                    lang="en"
                    data-testid="lang-en"
                    aria-pressed=live(Box::new(move || (lesson.lang.get() == Lang::En).to_string()))
                    on:click=on_click(Box::new(move || { set_lang(Lang::En); }))
                >
                    "English"
                </button>
                <button
                    type="button"
                    lang="zh-CN"
                    data-testid="lang-zh"
                    aria-pressed=live(Box::new(move || (lesson.lang.get() == Lang::Zh).to_string()))
                    on:click=on_click(Box::new(move || { set_lang(Lang::Zh); }))
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
                        {LESSON_ORDER
                            .iter()
                            .map(|(id, key)| view! { <li><a href=format!("#{id}")>{tr(*key)}</a></li> })
                            .collect_view()}
                    </ol>
                </nav>
                // The order of the source texts: why order matters, the input path, the formula
                // and its pictures, its relative-position property, how it meets the word
                // vector, and what came after it; last, the same questions asked of a real model.
                <WordOrderPanel />
                <EmbeddingPanel />
                <PeVectorPanel />
                <HeatmapPanel />
                <WavesPanel />
                <FrequenciesPanel />
                <RotationPanel />
                <DotProductPanel />
                <AddConcatPanel />
                <SaturationPanel />
                <ExtrapolationPanel />
                <RopePanel />
                <AlibiPanel />
                <RealDataPanel />
            </main>
        </div>
    }
}

/// A memo of only these fields of the lesson state (see [`Params::only`]): it changes exactly
/// when one of them does. One closure type for every panel, so the memo code is compiled once.
pub fn pick(fields: &'static [crate::lesson::Field]) -> Memo<Params> {
    let params = use_lesson().params;
    Memo::new(move |_| params.get().only(fields))
}

/// The text of `key` in the lesson's language, as a reactive value for a view or an attribute.
///
/// Every call returns the same closure type, so the view code that renders translated text is
/// compiled once, not once per string (3.5 KB of the gzipped bundle when introduced).
pub fn tr(key: Key) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lesson().lang;
    move || lang.get().t(key)
}
