//! The top of the app: reading the link, mounting the page, and the page's layout: the header,
//! the notices, the controls, the contents, the panels and the lesson bar.

use leptos::html;
use leptos::prelude::*;

use super::course;
use super::net::{page_language, this_page, with_chinese};
use super::panels::render;
use super::prerendered::{append_panels_in_turn, take_over, PRERENDERED_ID};
use super::shell::{piece, start, Piece};
use crate::lesson::chapters::Page;
use crate::lesson::{from_query, Lang, Parsed};

/// The state the page opens with: the link's, in the language it names or else the page's.
/// (A link naming the other language, or the root page in a browser that prefers Chinese, has
/// already gone to that language's page: index.html's first script.)
fn opening_state() -> Parsed {
    let mut parsed = from_query(&window().location().search().unwrap_or_default());
    if !parsed.lang_given {
        parsed.params.lang = page_language();
    }
    parsed
}

/// Starts the app over the prerendered page (src/bin/prerender.rs). The app is mounted afresh,
/// not hydrated: the page of the link's language keeps its static copy, which the app replaces
/// piece by piece in the link's state (`prerendered.rs`), so the text the link's values do not
/// change stays on screen from the first paint. Only a page in another language than the state
/// (its first script could not redirect) is removed and `App` mounted in its place.
pub fn mount() {
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

/// [`mount`], once the opening language's texts are there.
fn mount_in(opening: Parsed) {
    let static_page = document().get_element_by_id(PRERENDERED_ID);
    let page = this_page();
    let embedded = document()
        .document_element()
        .is_some_and(|root| root.has_attribute("data-embed"));
    if embedded {
        super::framed::give_slide_keys_to_the_frame();
    }
    match static_page {
        Some(static_page) if opening.params.lang == page_language() => {
            let lesson = take_over(static_page, opening, page);
            // From now on the course's pages are visited inside the app; an embedded part's
            // links open the whole course.
            if let Some(lesson) = lesson.filter(|_| !embedded) {
                super::navigate::follow_course_links(page, lesson);
            }
        }
        static_page => {
            if let Some(static_page) = static_page {
                static_page.remove();
            }
            leptos::mount::mount_to_body(move || view! { <App opening page /> });
        }
    }
}

/// The whole of `page`, in the state `opening`. The prerender renders all of it; in the browser
/// a chapter's panels are appended after the rest, one task each
/// (`prerendered::append_panels_in_turn`), so no task blocks a phone for long, and the course's
/// static parts (`course.rs`), which only the prerender writes, are left out.
#[component]
pub fn App(
    /// The state the link opened with, and what it could not use.
    opening: Parsed,
    /// Which page of the course this is.
    page: Page,
) -> impl IntoView {
    let lang = opening.params.lang;
    let shell = start(opening, page);
    let in_browser = cfg!(not(feature = "ssr"));
    let panels = NodeRef::<html::Main>::new();
    if in_browser {
        let owner = Owner::current().unwrap_or_default();
        let epoch = use_context::<super::canvas::ViewportEpoch>();
        panels.on_load(move |main| {
            if let Some(epoch) = epoch {
                super::canvas::refit_when_resized(&main, epoch);
            }
            append_panels_in_turn(main.into(), owner, shell)
        });
    }
    let body = match page {
        Page::Chapter(_) => view! {
            <div class="layout">
                {piece(Piece::Controls, shell)}
                <main class="panels" id="panels" node_ref=panels>
                    {course::chapter_opening(page, lang)}
                    {(!in_browser).then(|| page.panels().iter().copied().map(render).collect_view())}
                    {course::chapter_end(page, lang)}
                </main>
            </div>
        }
        .into_any(),
        Page::Home => course::home(lang).into_any(),
        Page::Summary => course::summary(lang).into_any(),
        Page::Glossary => course::glossary(lang).into_any(),
    };
    view! {
        {piece(Piece::Header, shell)}
        {piece(Piece::Notices, shell)}
        {body}
        {course::menu(page, lang)}
    }
}
