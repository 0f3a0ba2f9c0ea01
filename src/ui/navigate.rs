//! Moving between the course's pages inside the app: a link to another chapter, the contents,
//! the glossary, the browser's back and forward buttons, and lesson mode's step on another
//! chapter change the page without loading it.
//!
//! Every page is prerendered once per language (src/bin/prerender.rs) and stays exactly that
//! for a first visit, a page opened directly and a reader without JavaScript. Once the app is
//! live, a visit to another page of the same language fetches that page's prerendered HTML
//! (once per visit of the site: it is kept), puts its static parts in place of the current
//! page's and takes over its panels and controls in the state in memory (`prerendered::
//! enter_page`), as the first load took over the first page. The lesson state, `hide=`/`lock=`,
//! lesson mode and its step, the teacher's tools and the language live on in memory: nothing
//! is read from the new page but its static text. Lesson mode's `<html>` attributes (its mask
//! among them) stay on `<html>` throughout, so a chapter's panels arrive masked from their
//! first frame.
//!
//! A change of language is still a visit to the other language's page (`static_links::go_to_language`):
//! its text is prerendered in that language.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

use super::context::Lesson;
use super::course::MENU_ID;
use super::net::{download, language_page, page_language, page_path, this_page};
use super::prerendered::{enter_page, PRERENDERED_ID};
use crate::lesson::chapters::{Page, COURSE_META};
use crate::lesson::tools::ToolsCommand;
use crate::lesson::{Field, Lang};

pub use super::dom::GO_EVENT;

thread_local! {
    /// The pages fetched so far, by path from the site's root: each is fetched once per visit
    /// of the site (a language has ten pages: a list is enough).
    static FETCHED: RefCell<Vec<(String, Rc<str>)>> = RefCell::default();
    /// The newest visit's number: a visit overtaken by a newer one (a second key press while
    /// a chapter arrives) is dropped when its page arrives.
    static NEWEST: Cell<u32> = const { Cell::new(0) };
    /// The page on screen (`<html data-page>` names the page being gone to, from the moment a
    /// visit starts, so that lesson mode knows where its step will be).
    static SHOWN: Cell<Option<Page>> = const { Cell::new(None) };
    /// The page's lesson state.
    static LESSON: Cell<Option<Lesson>> = const { Cell::new(None) };
    /// Where a reloaded page was scrolled to, restored once its pieces are live.
    static RELOADED_AT: Cell<Option<f64>> = const { Cell::new(None) };
    /// Lesson mode's step before its latest move (0 outside lesson mode): when a move takes
    /// the lesson to another chapter, the step the chapter being left showed.
    static STEP_BEFORE: Cell<usize> = const { Cell::new(0) };
}

/// A visit to a page of the course in the page's language.
#[derive(Clone, Debug, PartialEq)]
struct Visit {
    page: Page,
    /// The anchor to show (without its `#`), or "".
    hash: String,
    /// A lesson step the link opens (a check-yourself question's), or 0: lesson mode goes there.
    step: usize,
}

/// How a visit came about, for the history.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// A link or lesson mode: a new history entry.
    Push,
    /// The back or forward button: the entry is there; its scroll position is restored.
    Pop,
}

/// Follows the course's links inside the app from now on: one listener for clicks on links,
/// one for the history's back and forward, one for lesson mode's moves (`GO_EVENT`). Called once
/// the page is live over its prerendered copy (not for an embedded part, whose links open the
/// full course).
pub fn follow_course_links(shown: Page, lesson: Lesson) {
    SHOWN.with(|s| s.set(Some(shown)));
    LESSON.with(|l| l.set(Some(lesson)));
    super::prerendered::with_app_owner(|| {
        let step = Memo::new(move |_| lesson.params.with(|p| p.step));
        Effect::new(move |before: Option<usize>| {
            STEP_BEFORE.with(|b| b.set(before.unwrap_or(0)));
            step.get()
        });
    });
    // The page's icon is named from its folder (`./favicon…`): named absolutely, it is the
    // same file from every page's address (the browser looks it up again when the address
    // changes).
    if let Ok(icons) = document().query_selector_all("link[rel~=\"icon\"]") {
        for n in 0..icons.length() {
            if let Some(icon) = icons
                .item(n)
                .and_then(|i| i.dyn_into::<web_sys::HtmlLinkElement>().ok())
            {
                let _ = icon.set_attribute("href", &icon.href());
            }
        }
    }
    // The app restores scroll positions itself (the panels arrive after the history moves):
    // each entry keeps where it was scrolled to when it was left, a reload's too.
    if let Ok(history) = window().history() {
        let _ = history.set_scroll_restoration(web_sys::ScrollRestoration::Manual);
        let location = window().location();
        let plain = location.hash().unwrap_or_default().is_empty()
            && lesson.params.with_untracked(|p| p.step == 0);
        RELOADED_AT.with(|at| at.set(saved_scroll().filter(|_| plain)));
    }
    // Every piece of a page live (`prerendered::mark_ready` says so with `pe-ready`).
    let ready = wasm_bindgen::closure::Closure::<dyn Fn()>::new(page_ready);
    let _ = window().add_event_listener_with_callback("pe-ready", ready.as_ref().unchecked_ref());
    ready.forget();
    let leaving = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
        if let Ok(history) = window().history() {
            let _ =
                history.replace_state(&JsValue::from_f64(window().scroll_y().unwrap_or(0.0)), "");
        }
    });
    let _ = window().add_event_listener_with_callback("pagehide", leaving.as_ref().unchecked_ref());
    leaving.forget();
    let click = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MouseEvent)>::new(on_click);
    let _ = document().add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    // The listeners live as long as the page.
    click.forget();
    let pop = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
        let href = window().location().href().unwrap_or_default();
        match visit_to(&href) {
            Some(visit) => go(visit, Arrival::Pop),
            // An entry outside what the app shows (another language's page): load it.
            None => {
                let _ = window().location().reload();
            }
        }
    });
    let _ = window().add_event_listener_with_callback("popstate", pop.as_ref().unchecked_ref());
    pop.forget();
    let asked = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::CustomEvent)>::new(
        |event: web_sys::CustomEvent| {
            let Some(address) = event.detail().as_string() else {
                return;
            };
            match visit_to(&address) {
                Some(visit) => go(visit, Arrival::Push),
                None => {
                    let _ = window().location().assign(&address);
                }
            }
        },
    );
    let _ = window().add_event_listener_with_callback(GO_EVENT, asked.as_ref().unchecked_ref());
    asked.forget();
}

/// A click on a link to a page of the course in this language is a visit inside the app; any
/// other click (a new tab, a download, another site, the other language) is the browser's.
fn on_click(event: web_sys::MouseEvent) {
    if event.default_prevented()
        || event.button() != 0
        || event.ctrl_key()
        || event.meta_key()
        || event.shift_key()
        || event.alt_key()
    {
        return;
    }
    let Some(link) = event
        .target()
        .and_then(|target| target.dyn_into::<Element>().ok())
        .and_then(|element| element.closest("a[href]").ok().flatten())
        .and_then(|link| link.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return;
    };
    // (`data-page-load`: a plan's link on the contents page, which changes more of the lesson
    // state than a visit inside the app carries.)
    if link.has_attribute("download")
        || link.has_attribute("data-page-load")
        || !matches!(link.target().as_str(), "" | "_self")
    {
        return;
    }
    if let Some(visit) = visit_to(&link.href()) {
        event.prevent_default();
        go(visit, Arrival::Push);
    }
}

/// The visit `address` (absolute) stands for, if it is a page of the course in the page's
/// language on this site: `…/rope/#rope`, `…/zh/glossary/`, `…/?step=5`.
fn visit_to(address: &str) -> Option<Visit> {
    let url = web_sys::Url::new(address).ok()?;
    let site = web_sys::Url::new(&super::net::site_file("")).ok()?;
    if url.origin() != site.origin() {
        return None;
    }
    let path = url.pathname();
    let rest = path.strip_prefix(&site.pathname())?;
    let rest = rest.strip_suffix("index.html").unwrap_or(rest);
    let (lang, folder) = match rest.strip_prefix("zh/") {
        Some(folder) => (Lang::Zh, folder),
        None if rest == "zh" => (Lang::Zh, ""),
        None => (Lang::En, rest),
    };
    let folder = folder.strip_suffix('/').unwrap_or(folder);
    let page = Page::from_folder(folder);
    // Another language's page is prerendered in that language: the browser loads it.
    if page.folder() != folder || lang != page_language() {
        return None;
    }
    let query = url.search();
    let step = crate::lesson::from_query(&query).params.step;
    let hash = url.hash();
    let hash = hash.strip_prefix('#').unwrap_or(&hash);
    let hash = js_sys::decode_uri_component(hash)
        .ok()
        .and_then(|h| h.as_string())
        .unwrap_or_else(|| hash.to_owned());
    Some(Visit { page, hash, step })
}

/// Makes `visit`: at once on this page, else once the page's text is here. A link to a lesson
/// step is lesson mode's move to that step, which goes to its chapter itself (`GO_EVENT`).
fn go(visit: Visit, arrival: Arrival) {
    let lesson = LESSON.with(Cell::get);
    if visit.step > 0
        && arrival == Arrival::Push
        && lesson.is_some_and(|lesson| !lesson.hidden(Field::Step))
    {
        close_menu();
        super::classroom::teacher_tools(&ToolsCommand::Step(visit.step));
        return;
    }
    // Back or forward in lesson mode: the entry's page with the step it showed when it was
    // left (`push_entry`), which lesson mode takes once `<html data-page>` names that page
    // (below), so it moves to the step without a visit of its own.
    let step_now = lesson.map_or(0, |lesson| lesson.params.with_untracked(|p| p.step));
    let step_back =
        (arrival == Arrival::Pop && step_now > 0 && visit.step > 0 && visit.step != step_now)
            .then_some(visit.step);
    let number = NEWEST.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    });
    close_menu();
    let shown = SHOWN.with(Cell::get).unwrap_or_else(this_page);
    let root = document().document_element();
    if visit.page == shown {
        // A visit overtaken on its way back here: this page stays, ready as it is.
        if let Some(root) = &root {
            let _ = root.set_attribute("data-page", shown.folder());
            if !root.has_attribute("data-ready") && !super::prerendered::pieces_waiting() {
                let _ = root.set_attribute("data-ready", "");
            }
        }
        if arrival == Arrival::Push {
            push_entry(&visit);
        }
        if let Some(step) = step_back {
            super::classroom::teacher_tools(&ToolsCommand::Step(step));
        }
        arrive(&visit, arrival, false);
        return;
    }
    // From now on the page is on its way: lesson mode knows where its step will be, and the
    // browser tests (and lesson mode) wait for `data-ready` again.
    if let Some(root) = &root {
        let _ = root.set_attribute("data-page", visit.page.folder());
        let _ = root.remove_attribute("data-ready");
    }
    if let Some(step) = step_back {
        super::classroom::teacher_tools(&ToolsCommand::Step(step));
    }
    // The page's text, by its path from the site's root: the key it is kept under too.
    let path = page_path(page_language(), visit.page);
    let cached = fetched(&path);
    let fallback = address_of(&visit);
    let swap = move |html: Rc<str>| {
        if NEWEST.with(Cell::get) == number {
            show_page(&visit, &html, arrival);
        }
    };
    match cached {
        // A task later, as a fetch would: lesson mode's move has put its attributes on
        // `<html>` by then, so the chapter arrives masked.
        Some(html) => {
            set_timeout(move || swap(html), std::time::Duration::ZERO);
        }
        None => fetch(
            &path,
            Box::new(move |html| match html {
                Some(html) => swap(html),
                // No text to swap in (offline with no copy): the browser's own visit.
                None if NEWEST.with(Cell::get) == number => {
                    let _ = window().location().assign(&fallback);
                }
                None => {}
            }),
        ),
    }
}

/// The page at `path` (from the site's root) if it has been fetched.
fn fetched(path: &str) -> Option<Rc<str>> {
    FETCHED.with(|pages| {
        pages
            .borrow()
            .iter()
            .find(|(at, _)| at == path)
            .map(|(_, html)| html.clone())
    })
}

/// Fetches the page at `path` (from the site's root), keeps it, and hands it to `done` (`None`
/// if no prerendered page came).
fn fetch(path: &str, done: Box<dyn Fn(Option<Rc<str>>)>) {
    let kept_as = path.to_owned();
    download(
        path,
        Rc::new(move |result| {
            let html = result
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .filter(|html| html.contains(PRERENDERED_ID))
                .map(Rc::<str>::from);
            if let Some(html) = &html {
                FETCHED.with(|pages| {
                    let mut pages = pages.borrow_mut();
                    if !pages.iter().any(|(at, _)| *at == kept_as) {
                        pages.push((kept_as.clone(), html.clone()));
                    }
                });
            }
            done(html);
        }),
    );
}

/// In lesson mode, the next chapter's text is fetched once the page is live, so that Page Down
/// into it swaps at once (the plans walk the chapters in the course's order).
fn fetch_next_chapter() {
    let in_lesson = LESSON
        .with(Cell::get)
        .is_some_and(|lesson| lesson.params.with_untracked(|p| p.step > 0));
    let Some(Page::Chapter(n)) = SHOWN.with(Cell::get).filter(|_| in_lesson) else {
        return;
    };
    if n + 1 >= crate::lesson::chapters::CHAPTERS.len() {
        return;
    }
    let path = page_path(page_language(), Page::Chapter(n + 1));
    if fetched(&path).is_none() {
        fetch(&path, Box::new(|_| {}));
    }
}

/// The address of `visit` with the state's query (the labs' values kept).
fn address_of(visit: &Visit) -> String {
    let search = window().location().search().unwrap_or_default();
    let hash = if visit.hash.is_empty() {
        String::new()
    } else {
        format!("#{}", visit.hash)
    };
    format!(
        "{}{search}{hash}",
        language_page(page_language(), visit.page)
    )
}

/// A new history entry for `visit`, the current one remembering where it was scrolled to and,
/// in lesson mode, the step its page showed (lesson mode may already be at the next chapter's).
fn push_entry(visit: &Visit) {
    let Ok(history) = window().history() else {
        return;
    };
    // (Read before the current entry's address is given its own step.)
    let next = address_of(visit);
    let scrolled = JsValue::from_f64(window().scroll_y().unwrap_or(0.0));
    let shown = SHOWN.with(Cell::get).unwrap_or_else(this_page);
    let on_shown = |step: usize| {
        crate::lesson::chapters::chapter_of_step(step).map(Page::Chapter) == Some(shown)
    };
    let step_now = LESSON
        .with(Cell::get)
        .map_or(0, |lesson| lesson.params.with_untracked(|p| p.step));
    let step_left = [step_now, STEP_BEFORE.with(Cell::get)]
        .into_iter()
        .find(|&step| step > 0 && on_shown(step));
    let left_address = step_left.and_then(|step| {
        let url = web_sys::Url::new(&window().location().href().ok()?).ok()?;
        url.search_params().set("step", &step.to_string());
        Some(url.href())
    });
    let _ = match left_address {
        Some(address) if step_now > 0 => {
            history.replace_state_with_url(&scrolled, "", Some(&address))
        }
        _ => history.replace_state(&scrolled, ""),
    };
    let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&next));
}

/// Puts the page `html` (its prerendered text) on screen for `visit`.
fn show_page(visit: &Visit, html: &str, arrival: Arrival) {
    let Some(live) = document().get_element_by_id(PRERENDERED_ID) else {
        return;
    };
    let Ok(parser) = web_sys::DomParser::new() else {
        return;
    };
    let Ok(parsed) = parser.parse_from_string(html, web_sys::SupportedType::TextHtml) else {
        return;
    };
    let (Some(new_root), Some(root), Some(arrived)) = (
        parsed.document_element(),
        document().document_element(),
        parsed.get_element_by_id(PRERENDERED_ID),
    ) else {
        return;
    };
    if arrival == Arrival::Push {
        push_entry(visit);
    } else {
        // The entry keeps the state as it is now, not as it was when the entry was made.
        let search = window().location().search().unwrap_or_default();
        let state_query = LESSON
            .with(Cell::get)
            .map(|lesson| crate::lesson::to_query(&lesson.params.get_untracked()))
            .unwrap_or_default();
        let labs = crate::lesson::labs::lab_pairs(&search);
        let query = match (state_query.is_empty(), labs.is_empty()) {
            (true, true) => String::new(),
            (false, true) => format!("?{state_query}"),
            (true, false) => format!("?{labs}"),
            (false, false) => format!("?{state_query}&{labs}"),
        };
        super::dom::replace_query(&query);
    }
    // What the page's scripts and the live panels read: which page and the way up to the site's
    // root on `<html>`, the page's glossary terms in the course's `<meta>`.
    for name in ["data-page", "data-root"] {
        let _ = match new_root.get_attribute(name) {
            Some(value) => root.set_attribute(name, &value),
            None => root.remove_attribute(name),
        };
    }
    let course = format!("meta[name=\"{COURSE_META}\"]");
    if let (Ok(Some(live)), Ok(Some(arrived))) = (
        document().query_selector(&course),
        parsed.query_selector(&course),
    ) {
        let _ = live.set_attribute(
            "data-terms",
            &arrived.get_attribute("data-terms").unwrap_or_default(),
        );
    }
    if let Some(title) = parsed.query_selector("title").ok().flatten() {
        document().set_title(&title.text_content().unwrap_or_default());
    }
    // The live header and notices stay; everything else is the new page's.
    let stays = |element: &Element| {
        element
            .matches("header.app-header, section.notice")
            .unwrap_or(false)
    };
    let children = live.children();
    let leaving: Vec<Element> = (0..children.length())
        .filter_map(|n| children.item(n))
        .filter(|child| !stays(child))
        .collect();
    super::prerendered::leave_page();
    for child in leaving {
        child.remove();
    }
    let arriving = arrived.children();
    let arriving: Vec<Element> = (0..arriving.length())
        .filter_map(|n| arriving.item(n))
        .filter(|child| !stays(child) && child.tag_name() != "SCRIPT")
        .collect();
    for child in arriving {
        if let Ok(node) = document().import_node_with_deep(&child, true) {
            let _ = live.append_child(&node);
        }
    }
    SHOWN.with(|s| s.set(Some(visit.page)));
    enter_page(visit.page);
    arrive(visit, arrival, true);
}

/// Shows what `visit` is for on the page now on screen: its anchor, the lesson step's panel
/// (lesson mode), the place the reader left (back and forward), else the top. A page that has
/// just arrived takes the focus at its start (not in lesson mode, where the keys are the
/// lesson's wherever the focus is), as a page load would, without scrolling.
fn arrive(visit: &Visit, arrival: Arrival, arrived: bool) {
    let lesson_panel = document()
        .document_element()
        .and_then(|root| root.get_attribute("data-lesson-panel"));
    if let Some(start) = document()
        .get_element_by_id("panels")
        .filter(|_| arrived && lesson_panel.is_none())
        .and_then(|main| main.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = start.set_attribute("tabindex", "-1");
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = start.focus_with_options(&options);
    }
    let target = Some(visit.hash.clone())
        .filter(|h| !h.is_empty())
        .or(lesson_panel);
    match target {
        Some(id) => {
            super::anchors::show_anchor(&id);
            // Once every piece is live a piece above may have another height than its copy.
            super::prerendered::show_when_ready(id);
        }
        None => {
            let at = (arrival == Arrival::Pop)
                .then(saved_scroll)
                .flatten()
                .unwrap_or(0.0);
            window().scroll_to_with_x_and_y(0.0, at);
        }
    }
}

/// Where the history's current entry was scrolled to when it was left (`push_entry`, and
/// `pagehide` for a reload).
fn saved_scroll() -> Option<f64> {
    window().history().ok()?.state().ok()?.as_f64()
}

/// Every piece of the page is live (`pe-ready`, from `prerendered::mark_ready`): a reloaded page goes back to
/// where it was scrolled (the app restores scroll positions itself), and in lesson mode the next
/// chapter's text is fetched.
fn page_ready() {
    if let Some(at) = RELOADED_AT.with(Cell::take) {
        window().scroll_to_with_x_and_y(0.0, at);
    }
    fetch_next_chapter();
}

/// The course's menu closes once one of its links is followed.
fn close_menu() {
    if let Some(menu) = document()
        .get_element_by_id(MENU_ID)
        .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = menu.hide_popover();
    }
}
