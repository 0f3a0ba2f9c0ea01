//! The pieces of the page and what they share: the lesson state and its effects on the outside
//! world (`start`), and each top-level piece (`piece`). Both ways of mounting the page use them:
//! `App` all at once, `prerendered::take_over` piece by piece over the static page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::canvas::provide_viewport_epoch;
use super::classroom::{follow_theme_and_presenter, teacher_tools, ClassroomTools};
use super::context::{tr, use_lesson, Gate, Lesson};
use super::controls::Controls;
use super::net::with_chinese;
use super::notices::NoticeBanner;
use crate::i18n::{panel_title, Key, Translate};
use crate::lesson::steps::STEP_PANELS;
use crate::lesson::{from_query, to_query, Field, Lang, Notice, PanelId, Parsed};

/// A link to `#panel` was opened: the browser looked for the anchor before the app had drawn
/// it, so scroll there once the panels exist. A link to a lesson step without an anchor opens
/// at the step's panel.
fn scroll_to_anchor(step: usize) {
    let hash = window().location().hash().unwrap_or_default();
    let step_panel = step
        .checked_sub(1)
        .and_then(|n| STEP_PANELS.get(n))
        .map(|panel| panel.anchor());
    let Some(id) = hash
        .strip_prefix('#')
        .filter(|id| !id.is_empty())
        .or(step_panel)
    else {
        return;
    };
    if let Some(target) = document().get_element_by_id(id) {
        target.scroll_into_view();
    } else if id.starts_with("lab-") {
        // A lab's heading: the tools draw the lab, then scroll to it (`labs::open`).
        super::classroom::teacher_tools(&format!("open {id}"));
    }
}

/// What the pieces of the page share besides the lesson (which is in the context).
#[derive(Clone, Copy)]
pub struct Shell {
    /// What the link had to correct, until dismissed.
    pub notices: RwSignal<Vec<Notice>>,
    /// The lesson step the link opened at (0: none).
    pub step: usize,
}

/// The lesson state and what keeps the outside world in step with it (the URL, `<html lang>`,
/// the theme); provides the `Lesson` context. Called once, by whatever mounts the page.
pub fn start(opening: Parsed) -> Shell {
    let params = RwSignal::new(opening.params);
    let lesson = Lesson::new(params);
    provide_context(lesson);
    let epoch = provide_viewport_epoch();
    follow_theme_and_presenter(lesson, epoch);

    // The URL follows the state with replaceState: dragging a slider must not add hundreds of
    // history entries or scroll the page, and the hash (a panel anchor) is kept.
    // The address keeps its folder when the language changes on screen (a new path would change
    // what the page's relative names mean); its `lang=` then names the other language, and a
    // reload goes to that language's page before its first paint (index.html's first script).
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
        // The teacher's tools, if loaded, keep a mirror of the state (src/ui/teacher).
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&wasm_bindgen::JsValue::from_str(&query));
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict("pe-state", &init) {
            let _ = window().dispatch_event(&event);
        }
    });
    // …and change it through the page: the state stays in one place. An export in the tools
    // asks on the same channel for the panel's canvases at its resolution (`export <scale>
    // <panel>`: ui/export_tools.rs).
    let requests = window_event_listener_untyped("pe-set-state", move |event| {
        if let Some(detail) = event
            .dyn_ref::<web_sys::CustomEvent>()
            .and_then(|e| e.detail().as_string())
        {
            match detail.strip_prefix("export ") {
                Some(export) => super::export_tools::redraw_for_export(export, epoch),
                None => lesson.params.set(from_query(&detail).params),
            }
        }
    });
    on_cleanup(move || requests.remove());
    // A link into lesson mode: the teacher's tools take it from here.
    if opening.params.step > 0 && cfg!(not(feature = "ssr")) {
        teacher_tools("open");
    }

    // <html lang> follows the choice, so screen readers and fonts pick the right language; the
    // stylesheet's label on a locked control (`--locked`) is in it too.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let lang = lesson.lang.get();
            let _ = root.set_attribute("lang", lang.html_tag());
            if let Some(root) = root.dyn_ref::<web_sys::HtmlElement>() {
                let label = format!("\"{}\"", lang.t(Key::Locked));
                let _ = web_sys::HtmlElement::style(root).set_property("--locked", &label);
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
    Contents,
}

impl Piece {
    pub const ALL: [Piece; 4] = [
        Piece::Header,
        Piece::Notices,
        Piece::Controls,
        Piece::Contents,
    ];

    /// The piece's root element, for finding its static copy in the prerendered page.
    pub fn selector(self) -> &'static str {
        match self {
            Piece::Header => "header.app-header",
            Piece::Notices => "section.notice",
            Piece::Controls => "aside.controls",
            Piece::Contents => "nav.toc",
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
        Piece::Contents => view! { <Contents /> }.into_any(),
    }
}

/// The title, the classroom tools and the language switch.
#[component]
pub fn Header() -> impl IntoView {
    let lesson = use_lesson();
    let lang_gate = Gate::of(Field::Lang);
    let set_lang = move |lang: Lang| {
        // Chinese is switched to once its texts are there (the first time, after a download).
        with_chinese(move |loaded| {
            if loaded || lang == Lang::En {
                lesson.params.update(|p| p.lang = lang);
            }
        })
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
                hidden=lang_gate.hidden()
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

/// The table of contents: a link to every panel, and under its panel every lab (from the first
/// paint: the titles are constants of `ui::labs`, whose views come with the teacher's tools).
/// Following a lab's link asks the tools to draw it and go there (`open <anchor>`): until its
/// panel has been near the screen the lab's heading does not exist.
#[component]
pub fn Contents() -> impl IntoView {
    use super::labs::{CONTENTS, LAB_WORD};
    let lesson = use_lesson();
    let language = move || usize::from(lesson.lang.get() == Lang::Zh);
    view! {
        <nav class="toc" aria-labelledby="toc-title" data-testid="toc">
            <h2 id="toc-title">{tr(Key::Contents)}</h2>
            <ol>
                {PanelId::ALL
                    .into_iter()
                    .map(|panel| {
                        let labs = CONTENTS
                            .iter()
                            .find(|(anchor, _)| *anchor == panel.anchor())
                            .map(|(_, labs)| *labs)
                            .unwrap_or_default();
                        view! {
                            <li hidden=move || lesson.panel_hidden(panel)>
                                <a href=format!("#{}", panel.anchor())>{tr(panel_title(panel))}</a>
                                {(!labs.is_empty()).then(|| view! {
                                    <ol class="toc-labs">
                                        {labs
                                            .iter()
                                            .map(|lab| view! {
                                                <li>
                                                    <a
                                                        href=format!("#{}", lab.anchor)
                                                        on:click=move |_| teacher_tools(&format!("open {}", lab.anchor))
                                                    >
                                                        {move || LAB_WORD[language()]}
                                                        {move || lab.title[language()]}
                                                    </a>
                                                </li>
                                            })
                                            .collect_view()}
                                    </ol>
                                })}
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </nav>
    }
}
