//! The top component: owns the lesson state, keeps it in the URL, lays out controls and panels.

use leptos::prelude::*;

use super::add_concat::AddConcatPanel;
use super::canvas::provide_viewport_epoch;
use super::controls::Controls;
use super::heatmap::HeatmapPanel;
use super::notices::NoticeBanner;
use super::pe_vector::PeVectorPanel;
use super::rotation::RotationPanel;
use super::waves::WavesPanel;
use crate::i18n::{Key, Lang};
use crate::lesson::{from_query, to_query, Params};

/// The lesson state shared with every panel. A `Copy` handle to one signal: panels read it and
/// the controls write it, so there is exactly one source of truth for what the URL says.
#[derive(Clone, Copy)]
pub struct Lesson {
    pub params: RwSignal<Params>,
    pub lang: RwSignal<Lang>,
}

/// Reads the lesson context; every panel is rendered under [`App`], which provides it.
pub fn use_lesson() -> Lesson {
    expect_context::<Lesson>()
}

#[component]
pub fn App() -> impl IntoView {
    let search = window().location().search().unwrap_or_default();
    let parsed = from_query(&search);
    let lesson = Lesson {
        params: RwSignal::new(parsed.params),
        lang: RwSignal::new(Lang::En),
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

    let t = move |key: Key| lesson.lang.get().t(key);
    view! {
        <header class="app-header">
            <h1 data-testid="app-title">{move || t(Key::AppName)}</h1>
            <p class="tagline">{move || t(Key::Tagline)}</p>
        </header>
        <NoticeBanner notices=notices />
        <div class="layout">
            <Controls />
            <main class="panels" id="panels">
                <PeVectorPanel />
                <HeatmapPanel />
                <WavesPanel />
                <RotationPanel />
                <AddConcatPanel />
            </main>
        </div>
    }
}
