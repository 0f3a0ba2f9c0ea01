//! The top of the app: reading the link, mounting the page, and the page's layout: the header,
//! the notices, the controls, the contents, the panels and the lesson bar.

use leptos::html;
use leptos::prelude::*;

use super::net::with_chinese;
use super::panels::render;
use super::prerendered::{append_panels_in_turn, take_over, PRERENDERED_ID};
use super::shell::{piece, start, Piece};
use crate::i18n::page::{install, ATTRIBUTE};
use crate::lesson::{from_query, Lang, PanelId, Params, Parsed};

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

/// The state the page opens with: the link's, in the language it names or else the browser's.
fn opening_state() -> Parsed {
    let mut parsed = from_query(&window().location().search().unwrap_or_default());
    if !parsed.lang_given {
        parsed.params.lang = browser_language().unwrap_or_default();
    }
    parsed
}

/// Starts the app over the prerendered page (src/bin/prerender.rs). The app is mounted afresh,
/// not hydrated. A link with the prerendered (default) state keeps the static page and replaces
/// it piece by piece (`prerendered.rs`); any other link opens straight in its own state: the
/// static page goes, and `App` is mounted in its place.
pub fn mount() {
    read_page_texts();
    let mut opening = opening_state();
    if opening.params.lang == Lang::Zh {
        // The Chinese texts first (the wasm does not carry them); English if they cannot come.
        with_chinese(move |loaded| {
            if !loaded {
                opening.params.lang = Lang::En;
            }
            mount_in(opening);
        });
    } else {
        mount_in(opening);
    }
}

/// Keeps the English texts the prerendered page carries (`i18n/page.rs`), before the page is
/// replaced or removed.
fn read_page_texts() {
    use wasm_bindgen::JsCast;
    let Ok(elements) = document().query_selector_all(&format!("#{PRERENDERED_ID} [{ATTRIBUTE}]"))
    else {
        return;
    };
    for n in 0..elements.length() {
        let Some(element) = elements
            .item(n)
            .and_then(|e| e.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let index = element
            .get_attribute(ATTRIBUTE)
            .and_then(|a| a.parse().ok());
        if let (Some(index), Some(text)) = (index, element.text_content()) {
            install(index, text);
        }
    }
    // The default page's formulas, likewise (`ui/math.rs`).
    #[cfg(target_arch = "wasm32")]
    for element in super::dom::found(document().query_selector_all(&format!(
        "#{PRERENDERED_ID} [{}]",
        super::math::MATH_ATTRIBUTE
    ))) {
        if let Some(index) = element
            .get_attribute(super::math::MATH_ATTRIBUTE)
            .and_then(|a| a.parse().ok())
        {
            super::math::install_math(index, element.inner_html());
        }
    }
}

/// [`mount`], once the opening language's texts are there.
fn mount_in(opening: Parsed) {
    let page = document().get_element_by_id(PRERENDERED_ID);
    match page {
        Some(page) if opening.params == Params::default() => take_over(page, opening),
        page => {
            if let Some(page) = page {
                page.remove();
            }
            leptos::mount::mount_to_body(move || view! { <App opening /> });
        }
    }
}

/// The whole page, in the state `opening`. The prerender renders all of it; in the browser the
/// panels are appended after the rest, one task each (`prerendered::append_panels_in_turn`), so
/// no task blocks a phone for long.
#[component]
pub fn App(opening: Parsed) -> impl IntoView {
    let shell = start(opening);
    let in_browser = cfg!(not(feature = "ssr"));
    let panels = NodeRef::<html::Main>::new();
    if in_browser {
        let owner = Owner::current().unwrap_or_default();
        panels.on_load(move |main| append_panels_in_turn(main.into(), owner, shell));
    }
    view! {
        {piece(Piece::Header, shell)}
        {piece(Piece::Notices, shell)}
        <div class="layout">
            {piece(Piece::Controls, shell)}
            <main class="panels" id="panels" node_ref=panels>
                {piece(Piece::Contents, shell)}
                {(!in_browser).then(|| PanelId::ALL.into_iter().map(render).collect_view())}
            </main>
        </div>
    }
}
