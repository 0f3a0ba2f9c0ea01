//! Taking over the prerendered page (src/bin/prerender.rs) in the browser.
//!
//! The page arrives with the app in its default state already rendered as static HTML, in the
//! link's language (index.html, zh/index.html), so its text is on screen before the wasm. The app
//! replaces the static page piece by piece, in place, one task each (the header, the controls,
//! the contents, the notices, and every panel), those on screen first, each built in the link's
//! state: the text a teacher's values do not change stays on screen, what they change updates in
//! place. The static page is never moved (which would make the browser restyle and lay out all
//! of it again), no task blocks a phone for long, and at the default state nothing moves on
//! screen: each piece and its static copy have the same boxes (a browser test compares them) and
//! each swap happens within one task.
//!
//! Another page of the course, followed inside the app (`navigate.rs`), is taken over the same
//! way: its static text in place of the old page's, then its controls and panels, each built in
//! the state in memory (`enter_page`), under an owner of their own that is disposed of when the
//! reader moves on (`leave_page`).
//!
//! A page in another language than the link's state (its first script could not redirect) cannot
//! use the static copies: it is removed, the app mounted without its panels, and the panels
//! appended one task each, in page order, so nothing already on screen moves.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::time::Duration;

use leptos::prelude::*;
use leptos::tachys::view::{Mountable, Render};
use web_sys::Element;

use super::context::Lesson;
use super::course::wire_glossary_search;
use super::panels::render;
use super::shell::{open_at_anchor_again, open_at_link_target, piece, start, Piece, Shell};
use crate::lesson::chapters::Page;
use crate::lesson::{Params, Parsed};

/// The id of the element that holds the prerendered page. It stays on the page (`display:
/// contents`: it takes no part in the layout) around the live pieces that replace its content.
pub const PRERENDERED_ID: &str = "prerendered";

/// What builds a live piece of the page.
type PieceView = Box<dyn FnOnce() -> AnyView>;

/// Where a live piece goes.
enum Place {
    /// In place of its static copy, which it replaces.
    Over(Element),
    /// At the end of this element (a link in another state than the prerendered one: the panels
    /// are appended in page order, so nothing above them moves).
    AtEnd(Element),
}

/// A live piece of the page waiting for its turn.
struct Waiting {
    place: Place,
    view: PieceView,
    /// Whether it belongs to the page of the course on screen (its controls and panels, which
    /// leave with it) rather than to the app (the header, the notices).
    of_page: bool,
}

/// The live pieces of the page of the course on screen, and their owner.
struct PageOwner {
    owner: Owner,
    mounted: Vec<<AnyView as Render>::State>,
}

thread_local! {
    /// The pieces waiting for their turn, in the order they will take it.
    static WAITING: RefCell<VecDeque<Waiting>> = RefCell::default();
    /// The owner of the pieces mounted in turn (it lives as long as the page).
    static APP_OWNER: RefCell<Option<Owner>> = RefCell::default();
    /// The page of the course on screen: its pieces' owner (a child of the app's) and views.
    static PAGE_OWNER: RefCell<Option<PageOwner>> = RefCell::default();
    /// What to show once every piece is live: the link's target, when its panel was not there
    /// from the start.
    static OPEN_WHEN_READY: RefCell<Option<Shell>> = RefCell::default();
    /// The anchor to show again once every piece of a page visited inside the app is live.
    static ANCHOR_WHEN_READY: RefCell<Option<String>> = RefCell::default();
    /// What the pieces share besides the lesson (a page visited inside the app builds its
    /// controls with it).
    static SHELL: Cell<Option<Shell>> = const { Cell::new(None) };
}

/// Takes over the static page `page`, the course's page `course_page`, with the app in state
/// `opening`.
pub fn take_over(page: Element, opening: Parsed, course_page: Page) -> Option<Lesson> {
    let default_state = opening.params
        == Params {
            lang: opening.params.lang,
            ..Params::default()
        };
    // What `mount_to` would do first: effects and resources run on wasm-bindgen's executor.
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    let lesson = owner.with(|| {
        let shell = start(opening, course_page);
        SHELL.with(|slot| slot.set(Some(shell)));
        let app_pieces = [Piece::Header, Piece::Notices].map(|p| {
            let view: PieceView = Box::new(move || piece(p, shell));
            (
                page.query_selector(p.selector()).ok().flatten(),
                view,
                false,
            )
        });
        let waiting: Vec<Waiting> = app_pieces
            .into_iter()
            .chain(page_pieces(course_page, shell))
            .filter_map(|(copy, view, of_page)| {
                Some(Waiting {
                    place: Place::Over(copy?),
                    view,
                    of_page,
                })
            })
            .collect();
        // Each copy stays inert until replaced (a click there would be lost); the live pieces
        // around it take input.
        for piece in &waiting {
            if let Place::Over(copy) = &piece.place {
                let _ = copy.set_attribute("inert", "");
            }
        }
        let _ = page.remove_attribute("inert");
        WAITING.with(|queue| queue.borrow_mut().extend(waiting));
        // The static copies are already where the link points. In another state than the
        // prerendered one a live piece above the target may be taller or shorter than its copy
        // (a notice, a hidden panel), so the target is shown again once every piece is live.
        open_at_link_target(shell);
        if !default_state {
            OPEN_WHEN_READY.with(|slot| *slot.borrow_mut() = Some(shell));
        }
        use_context::<super::context::Lesson>()
    });
    PAGE_OWNER.with(|slot| {
        *slot.borrow_mut() = Some(PageOwner {
            owner: owner.child(),
            mounted: Vec::new(),
        })
    });
    APP_OWNER.with(|slot| *slot.borrow_mut() = Some(owner));
    // One task later: the page has had a frame, and the reader has seen it.
    set_timeout(order_turns_and_start, Duration::ZERO);
    lesson
}

/// The live pieces of the page of the course `page` (its controls and its panels), each with its
/// static copy on the page if it has one.
fn page_pieces(
    page: Page,
    shell: Shell,
) -> impl Iterator<Item = (Option<Element>, PieceView, bool)> {
    let controls: PieceView = Box::new(move || piece(Piece::Controls, shell));
    let controls = (
        document()
            .query_selector(Piece::Controls.selector())
            .ok()
            .flatten(),
        controls,
        true,
    );
    let panels = page.panels().iter().map(|&panel| {
        let view: PieceView = Box::new(move || render(panel));
        (document().get_element_by_id(panel.anchor()), view, true)
    });
    // The glossary's search box works from the page's first turn.
    if page == Page::Glossary {
        wire_glossary_search(shell.page_lang);
    }
    std::iter::once(controls).chain(panels)
}

/// Runs `f` under the app's owner (what it creates lives as long as the app), if the app has
/// taken over its page.
pub fn with_app_owner<T>(f: impl FnOnce() -> T) -> Option<T> {
    let owner = APP_OWNER.with(|app| app.borrow().clone())?;
    Some(owner.with(f))
}

/// Takes over the static text of `page`, just put on screen by a visit inside the app
/// (`navigate.rs`): its controls and panels, each in place of its static copy, one task each,
/// those on screen first, in the state in memory, under a new owner that knows the page.
pub fn enter_page(page: Page) {
    let Some(shell) = SHELL.with(Cell::get) else {
        return;
    };
    let owner = APP_OWNER.with(|app| app.borrow().as_ref().map(Owner::child));
    let Some(owner) = owner else {
        return;
    };
    // The links a panel writes are relative to the page it is on.
    owner.with(|| provide_context(page));
    let waiting: Vec<Waiting> = page_pieces(page, shell)
        .filter_map(|(copy, view, of_page)| {
            let copy = copy?;
            let _ = copy.set_attribute("inert", "");
            Some(Waiting {
                place: Place::Over(copy),
                view,
                of_page,
            })
        })
        .collect();
    if let Some(copy) = document().get_element_by_id(PRERENDERED_ID) {
        let _ = copy.remove_attribute("inert");
    }
    PAGE_OWNER.with(|slot| {
        *slot.borrow_mut() = Some(PageOwner {
            owner,
            mounted: Vec::new(),
        })
    });
    WAITING.with(|queue| queue.borrow_mut().extend(waiting));
    if let Some(lesson) = APP_OWNER.with(|app| {
        app.borrow()
            .as_ref()
            .and_then(|owner| owner.with(use_context::<Lesson>))
    }) {
        super::static_links::follow_state_in_static_links(lesson);
    }
    set_timeout(order_turns_and_start, Duration::ZERO);
}

/// The page of the course on screen is left: its live pieces are taken off the page and their
/// owner disposed of (effects, observers, listeners), and its pieces still waiting are dropped.
pub fn leave_page() {
    WAITING.with(|queue| queue.borrow_mut().retain(|piece| !piece.of_page));
    if let Some(PageOwner { owner, mut mounted }) = PAGE_OWNER.with(|slot| slot.borrow_mut().take())
    {
        for view in &mut mounted {
            view.unmount();
        }
        drop(mounted);
        owner.cleanup();
    }
}

/// Whether pieces of the page are still waiting for their turn.
pub fn pieces_waiting() -> bool {
    WAITING.with(|queue| !queue.borrow().is_empty())
}

/// Shows the element `id` again once every piece of the page is live.
pub fn show_when_ready(id: String) {
    ANCHOR_WHEN_READY.with(|slot| *slot.borrow_mut() = Some(id));
}

/// Appends every panel to `panels`, one task each in page order, owned by `owner`; then shows
/// the link's target. For a page mounted afresh (`App` in the browser).
pub fn append_panels_in_turn(panels: Element, owner: Owner, shell: Shell) {
    let waiting = shell.page.panels().iter().map(|&panel| {
        let view: PieceView = Box::new(move || render(panel));
        Waiting {
            place: Place::AtEnd(panels.clone()),
            view,
            of_page: false,
        }
    });
    WAITING.with(|queue| queue.borrow_mut().extend(waiting));
    APP_OWNER.with(|slot| *slot.borrow_mut() = Some(owner));
    OPEN_WHEN_READY.with(|slot| *slot.borrow_mut() = Some(shell));
    set_timeout(order_turns_and_start, Duration::ZERO);
}

/// Mounts `view` at `place` in this task (replacing a static copy there), owned by the current
/// owner, and gives back what unmounts it.
fn mount_at(place: Place, view: PieceView) -> Option<<AnyView as Render>::State> {
    let mut mounted = view().build();
    match place {
        Place::Over(copy) => {
            let parent = copy.parent_element()?;
            mounted.mount(&parent, Some(copy.as_ref()));
            copy.remove();
        }
        Place::AtEnd(parent) => mounted.mount(&parent, None),
    }
    Some(mounted)
}

/// Puts the pieces the reader sees first (the panels among them before the bars above them, so
/// a chart on screen is drawn a few tasks sooner: the static bars look the same meanwhile), then
/// the rest in page order, and starts their turns.
fn order_turns_and_start() {
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        // Pieces appended at the end keep their order (page order): they count as unseen.
        let (seen, unseen): (Vec<_>, Vec<_>) =
            waiting.drain(..).partition(|piece| match &piece.place {
                Place::Over(copy) => {
                    let rect = copy.get_bounding_client_rect();
                    rect.bottom() > 0.0 && rect.top() < height
                }
                Place::AtEnd(_) => false,
            });
        let (panels, bars): (Vec<_>, Vec<_>) = seen.into_iter().partition(|piece| {
            matches!(&piece.place, Place::Over(copy) if copy.class_name().split_whitespace().any(|c| c == "panel"))
        });
        waiting.extend(panels);
        waiting.extend(bars);
        waiting.extend(unseen);
    });
    next_turn();
}

/// Mounts the next piece, then yields to the browser (input, a frame) before the one after.
fn next_turn() {
    let Some(Waiting {
        place,
        view,
        of_page,
    }) = WAITING.with(|waiting| waiting.borrow_mut().pop_front())
    else {
        mark_ready();
        return;
    };
    if of_page {
        let owner = PAGE_OWNER.with(|slot| slot.borrow().as_ref().map(|p| p.owner.clone()));
        if let Some(mounted) = owner.and_then(|owner| owner.with(|| mount_at(place, view))) {
            PAGE_OWNER.with(|slot| {
                if let Some(page) = slot.borrow_mut().as_mut() {
                    page.mounted.push(mounted);
                }
            });
        }
    } else {
        let owner = APP_OWNER.with(|slot| slot.borrow().clone());
        if let Some(mounted) = owner.and_then(|owner| owner.with(|| mount_at(place, view))) {
            // The header and the notices live as long as the page.
            std::mem::forget(mounted);
        }
    }
    set_timeout(next_turn, Duration::ZERO);
}

/// Every piece is live: `<html data-ready>` says so (the browser tests wait for it), so does a
/// `pe-ready` event (index.html registers the offline copy then), and a link whose panels were
/// appended now shows its target.
fn mark_ready() {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-ready", "");
    }
    if let Ok(event) = web_sys::Event::new("pe-ready") {
        let _ = window().dispatch_event(&event);
    }
    if OPEN_WHEN_READY
        .with(|slot| slot.borrow_mut().take())
        .is_some()
    {
        open_at_anchor_again();
    }
    if let Some(id) = ANCHOR_WHEN_READY.with(|slot| slot.borrow_mut().take()) {
        request_animation_frame(move || super::anchors::show_anchor(&id));
    }
}
