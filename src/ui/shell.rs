//! The pieces of the page and what they share: the lesson state and its effects on the outside
//! world (`start`), and each top-level piece (`piece`). Both ways of mounting the page use them:
//! `App` all at once, `prerendered::take_over` piece by piece over the static page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::anchors::scroll_to_anchor;
use super::canvas::provide_viewport_epoch;
use super::classroom::{follow_theme_and_presenter, teacher_tools};
use super::context::Lesson;
use super::controls::Controls;
use super::course::MENU_ID;
use super::dom::{SET_STATE_EVENT, STATE_EVENT};
use super::header::Header;
use super::net::this_page;
use super::notices::NoticeBanner;
use super::static_links::{go_to_language, keep_hidden_list, keep_query_in_links};
use crate::i18n::{Key, Translate};
use crate::lesson::chapters::Page;
use crate::lesson::tools::{PageRequest, ToolsCommand};
use crate::lesson::{from_query, to_query, Lang, Notice, Parsed};

/// What the pieces of the page share besides the lesson (which is in the context).
#[derive(Clone, Copy)]
pub struct Shell {
    /// What the link had to correct, until dismissed.
    pub notices: RwSignal<Vec<Notice>>,
    /// The lesson step the link opened at (0: none).
    pub step: usize,
    /// Which page of the course this is, and its language (the state's language at the start:
    /// the page's first script has already gone to the page of the link's language).
    pub page: Page,
    pub page_lang: Lang,
}

/// The lesson state and what keeps the outside world in step with it (the URL, `<html lang>`,
/// the theme); provides the `Lesson` context. Called once, by whatever mounts the page.
pub fn start(opening: Parsed, page: Page) -> Shell {
    let page_lang = opening.params.lang;
    let params = RwSignal::new(opening.params);
    let lesson = Lesson::new(params);
    provide_context(lesson);
    // Which page of the course this is, for the links a panel writes (`lesson::chapters::anchor_href`).
    provide_context(page);
    let epoch = provide_viewport_epoch();
    follow_theme_and_presenter(lesson, epoch);

    // The URL follows the state with replaceState: dragging a slider must not add hundreds of
    // history entries or scroll the page, and the hash (a panel anchor) is kept.
    // The address keeps its folder when the language changes on screen (a new path would change
    // what the page's relative names mean); its `lang=` then names the other language, and a
    // reload goes to that language's page before its first paint (index.html's first script).
    Effect::new(move |_| {
        let mut query = format!("?{}", to_query(&lesson.params.get()));
        let location = window().location();
        let search = location.search().unwrap_or_default();
        // The labs' own values and which labs are open stay, whether or not the tools that
        // keep them have arrived (a lab far down the page, a page come back to).
        let labs = crate::lesson::labs::lab_pairs(&search);
        if !labs.is_empty() {
            query.push('&');
            query.push_str(&labs);
        }
        if search == query {
            return;
        }
        super::dom::replace_query(&query);
        // The teacher's tools, if loaded, keep a mirror of the state (src/ui/teacher).
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&wasm_bindgen::JsValue::from_str(&query));
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(STATE_EVENT, &init) {
            let _ = window().dispatch_event(&event);
        }
    });
    // …and change it through the page: the state stays in one place. An export in the tools
    // asks on the same channel for the panel's canvases at its resolution (ui/export_tools.rs).
    let requests = window_event_listener_untyped(SET_STATE_EVENT, move |event| {
        if let Some(detail) = event
            .dyn_ref::<web_sys::CustomEvent>()
            .and_then(|e| e.detail().as_string())
        {
            match PageRequest::decode(&detail) {
                PageRequest::Redraw { scale, panel } => {
                    super::export_tools::redraw_for_export(scale, panel, epoch)
                }
                // Only a change: a lesson step whose state is the page's already (a step link
                // opened at its own values) re-renders nothing.
                PageRequest::State(query) => {
                    let asked = from_query(&query).params;
                    if lesson.params.with_untracked(|p| *p != asked) {
                        lesson.params.set(asked);
                    }
                }
            }
        }
    });
    on_cleanup(move || requests.remove());
    // A link into lesson mode (a step, a plan, a list of steps): the teacher's tools take it
    // from here.
    let into_lesson = opening.params.step > 0
        || opening.params.plan.is_some()
        || !opening.params.steps.is_empty();
    if into_lesson && cfg!(not(feature = "ssr")) {
        teacher_tools(&ToolsCommand::Open);
    } else if cfg!(not(feature = "ssr")) {
        // The static page marks a link with a lesson step as in lesson mode from its first
        // paint (src/bin/prerender.rs: `step_script`); a link the state does not take into
        // lesson mode (a step it corrected away) shows the page as it is.
        if let Some(root) = document().document_element() {
            let _ = root.remove_attribute("data-lesson-panel");
            let _ = root.remove_attribute("data-mask");
        }
    }

    // Two effects: the links follow every change of the state, the hidden list only a change of
    // what the link hides (it reads the teacher memo, not the values a slider moves).
    Effect::new(move |_| lesson.params.with(keep_query_in_links));
    Effect::new(move |_| keep_hidden_list(lesson));
    // A link within the page that the page could not follow by itself (a lab not drawn yet, in
    // the course's menu), and the menu closes once one of its links is followed.
    let hash_changes = window_event_listener_untyped("hashchange", |_| {
        if let Some(menu) = document()
            .get_element_by_id(MENU_ID)
            .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = menu.hide_popover();
        }
        scroll_to_anchor(0);
    });
    on_cleanup(move || hash_changes.remove());

    // Each language has its own pages: another language (the teacher's tools may ask for one)
    // is the other language's page of the same place.
    Effect::new(move |_| {
        let lang = lesson.lang.get();
        if lang != page_lang && cfg!(not(feature = "ssr")) {
            go_to_language(lang, this_page(), &lesson.params.get_untracked());
        }
    });

    // <html lang> follows the choice, so screen readers and fonts pick the right language; the
    // stylesheet's label on a locked control (`--locked`) is in it too, once a control is
    // locked. Each is written only when it changes: a change on <html> restyles the whole page
    // (on a phone some 40 ms before the first chart, when the prerendered page already says it).
    // (A memo: the effect must not run at every slider step.)
    let any_locked = Memo::new(move |_| lesson.params.with(|p| !p.locked.is_empty()));
    Effect::new(move |_| {
        let lang = lesson.lang.get();
        let any_locked = any_locked.get();
        let Some(root) = document().document_element() else {
            return;
        };
        if root.get_attribute("lang").as_deref() != Some(lang.html_tag()) {
            let _ = root.set_attribute("lang", lang.html_tag());
        }
        if let (true, Some(root)) = (any_locked, root.dyn_ref::<web_sys::HtmlElement>()) {
            let style = web_sys::HtmlElement::style(root);
            let label = format!("\"{}\"", lang.t(Key::Locked));
            if style.get_property_value("--locked").ok().as_deref() != Some(label.as_str()) {
                let _ = style.set_property("--locked", &label);
            }
        }
    });

    // The browser tests' way to reach the panic path as a bug would, in the build that ships
    // (no second build with a test feature): only a script already running in the page can send
    // this event, and such a script could stop the page anyway. A link cannot.
    window_event_listener_untyped("pe-test-panic", |_| {
        panic!("deliberate test panic (the pe-test-panic event)")
    });

    Shell {
        notices: RwSignal::new(opening.notices),
        step: opening.params.step,
        page,
        page_lang,
    }
}

/// Shows the panel a `#anchor` names, or a lesson step's, once it is on the page (the teacher's
/// tools show the step again when the lesson has arrived).
pub fn open_at_link_target(shell: Shell) {
    request_animation_frame(move || request_animation_frame(move || scroll_to_anchor(shell.step)));
}

/// Shows the panel a `#anchor` names again, once every piece is live (a live piece above it may
/// have another height than its static copy). Not a lesson step's panel: by then the teacher's
/// tools may have shown the step's own place (a lab inside the panel), which this would undo.
pub fn open_at_anchor_again() {
    request_animation_frame(move || request_animation_frame(move || scroll_to_anchor(0)));
}

/// The page's top-level pieces besides the panels, in page order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Header,
    Notices,
    Controls,
}

impl Piece {
    pub const ALL: [Piece; 3] = [Piece::Header, Piece::Notices, Piece::Controls];

    /// The piece's root element, for finding its static copy in the prerendered page.
    pub fn selector(self) -> &'static str {
        match self {
            Piece::Header => "header.app-header",
            Piece::Notices => "section.notice",
            Piece::Controls => "aside.controls",
        }
    }
}

/// The view of `piece`. One function for both ways of mounting, so each piece's code is in the
/// wasm once.
pub fn piece(piece: Piece, shell: Shell) -> AnyView {
    match piece {
        Piece::Header => view! { <Header /> }.into_any(),
        Piece::Notices => view! { <NoticeBanner notices=shell.notices /> }.into_any(),
        Piece::Controls => view! { <Controls /> }.into_any(),
    }
}
