//! The teacher's tools: lesson mode's bar (`lesson`) and sharing with the class (`share`: the
//! student link, its QR code, the hide/lock builder). They are a wasm of their own
//! (src/bin/teacher.rs), which the page loads the first time a teacher asks for one of them
//! (`ui::classroom::teacher_tools`): the page every student opens does not carry them
//! (docs/bundle.md).
//!
//! The page owns the lesson state. These tools keep a mirror of it, which the page updates after
//! every change (a `pe-state` event with the state's query string), and they change it by asking
//! the page (`pe-set-state`, with the new query string), never directly. The page starts them with
//! a command (`lesson::tools::ToolsCommand`), through the global `peTeacher(command)` they
//! install: start or leave lesson mode, take over a link opened at a lesson step, share, export a
//! panel's files (`export`), draw a panel's labs into its slot or open one lab (src/ui/labs).

pub mod export;
pub mod lesson;
pub mod notes_window;
pub mod plans;
pub mod scroll;
pub mod share;

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use self::lesson::{Classroom, LessonBar};
use self::plans::PlanPicker;
use self::share::ShareDialog;
use crate::lesson::tools::ToolsCommand;
use crate::lesson::{from_query, Lang, Params};
use crate::ui::context::Lesson;
use crate::ui::labs::LabsState;
use crate::ui::net::with_chinese;

pub use crate::ui::dom::{send, set_page_state, SET_STATE_EVENT, STATE_EVENT};

/// Keeps `dialog` shown as a modal (the page behind it inert) while `open`, closed otherwise;
/// `on_open` runs each time it opens.
pub fn modal_while(
    dialog: NodeRef<leptos::html::Dialog>,
    open: RwSignal<bool>,
    on_open: impl Fn() + 'static,
) {
    Effect::new(move |_| {
        if let Some(dialog) = dialog.get() {
            if open.get() && !dialog.open() {
                on_open();
                let _ = dialog.show_modal();
            } else if !open.get() && dialog.open() {
                dialog.close();
            }
        }
    });
}

/// What runs one of the page's commands.
type Command = Box<dyn Fn(&str)>;

/// The page's commands to the tools (`peTeacher`): what runs them once the tools are mounted,
/// and until then the commands given, waiting in order.
#[derive(Default)]
struct Inbox {
    run: RefCell<Option<Command>>,
    waiting: RefCell<Vec<String>>,
}

/// The tools' entry point (src/bin/teacher.rs): installs `peTeacher` at once (commands wait
/// until the tools are mounted) and mounts them once the page's language can be shown.
pub fn start() {
    let inbox = Rc::new(Inbox::default());
    let command = Closure::<dyn Fn(String)>::new({
        let inbox = Rc::clone(&inbox);
        move |command: String| {
            let ran = inbox
                .run
                .borrow()
                .as_ref()
                .map(|run| run(&command))
                .is_some();
            if !ran {
                inbox.waiting.borrow_mut().push(command);
            }
        }
    });
    let _ = js_sys::Reflect::set(&window(), &"peTeacher".into(), command.as_ref());
    // It lives as long as the page.
    command.forget();
    let opening = from_query(&window().location().search().unwrap_or_default()).params;
    with_stylesheet(move || {
        if opening.lang == Lang::Zh {
            with_chinese(move |_| mount(opening, inbox));
        } else {
            mount(opening, inbox);
        }
    });
}

/// The tools' stylesheet (style/teacher.css, copied next to the page), which the page's own
/// does not carry.
const STYLESHEET: &str = "teacher.css";

/// Runs `then` once the tools' stylesheet has loaded (or failed to: the tools still work,
/// unstyled), so that the lesson bar never shows without its styles.
fn with_stylesheet(then: impl FnOnce() + 'static) {
    let (Ok(link), Some(head)) = (document().create_element("link"), document().head()) else {
        then();
        return;
    };
    // The version of the page's own files, as the page gives it to the tools' script.
    let version = document()
        .query_selector("script[src*=\"teacher.js?\"]")
        .ok()
        .flatten()
        .and_then(|script| script.get_attribute("src"))
        .and_then(|src| Some(src.split_once('?')?.1.to_string()))
        .unwrap_or_default();
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute(
        "href",
        &crate::ui::net::site_file(&format!("{STYLESHEET}?{version}")),
    );
    let done = Closure::once_into_js(then);
    let _ = link.add_event_listener_with_callback("load", done.unchecked_ref());
    let _ = link.add_event_listener_with_callback("error", done.unchecked_ref());
    let _ = head.append_child(&link);
}

fn mount(opening: Params, inbox: Rc<Inbox>) {
    // mount_to_body keeps the tools mounted for the page's life.
    leptos::mount::mount_to_body(move || {
        let params = RwSignal::new(opening);
        let lesson = Lesson::new(params);
        provide_context(lesson);
        // The labs' roots get it as context (`labs::mount`); lesson mode holds it.
        let labs = LabsState::for_this_page(lesson);
        // The mirror follows the page.
        let mirror = window_event_listener_untyped(STATE_EVENT, move |event| {
            if let Some(query) = event
                .dyn_ref::<web_sys::CustomEvent>()
                .and_then(|e| e.detail().as_string())
            {
                let next = from_query(&query).params;
                if next.lang == Lang::Zh && next.lang != params.get_untracked().lang {
                    with_chinese(move |_| params.set(next));
                } else {
                    params.set(next);
                }
            }
        });
        on_cleanup(move || mirror.remove());
        let classroom = Classroom::new(lesson, labs);
        let sharing = RwSignal::new(false);
        let run = move |command: &str| match ToolsCommand::decode(command) {
            Some(ToolsCommand::Lesson) => classroom.pick(),
            Some(ToolsCommand::Leave) => classroom.go(0),
            Some(ToolsCommand::Open) => classroom.open_link(),
            Some(ToolsCommand::Share) => sharing.set(true),
            Some(ToolsCommand::Export(format, panel)) => {
                export::run(format, panel, params.get_untracked())
            }
            Some(ToolsCommand::Labs(panel)) => crate::ui::labs::mount(panel, labs),
            Some(ToolsCommand::OpenLab(lab)) => crate::ui::labs::open(lab, labs),
            Some(ToolsCommand::Step(n)) => classroom.go(n),
            None => {}
        };
        // The commands that waited run in the next task, not in the one that mounts the bar: on
        // a phone each is a long task of its own (a lesson step link's first step). Commands
        // given meanwhile wait behind them, in order.
        set_timeout(
            move || {
                let waiting = std::mem::take(&mut *inbox.waiting.borrow_mut());
                for command in waiting {
                    run(&command);
                }
                *inbox.run.borrow_mut() = Some(Box::new(run));
            },
            std::time::Duration::ZERO,
        );
        // The plan picker and the share dialog are built the first time they open, not with the
        // bar: a lesson step link's first task is then the bar alone.
        let picked = Memo::new(move |was: Option<&bool>| {
            was.copied().unwrap_or(false) || classroom.picker.get()
        });
        let shared =
            Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(false) || sharing.get());
        view! {
            <LessonBar classroom />
            <Show when=move || picked.get()>
                <PlanPicker classroom />
            </Show>
            <Show when=move || shared.get()>
                <ShareDialog open=sharing classroom />
            </Show>
        }
    });
}
