//! The classroom tools in the page's header: lesson mode, presenter view, the colour theme and
//! sharing with the class. Presenter view and the theme are the page's own (state in the URL);
//! lesson mode's bar and the share dialog are the teacher's tools (src/ui/teacher), a wasm of
//! their own that `teacher_tools` loads the first time a teacher asks for them.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use super::canvas::{restyle_canvases, ViewportEpoch};
use super::context::{tr, use_lesson, Gate, Lesson};
use crate::i18n::Key;
use crate::lesson::{Field, Theme};

/// Canvas type and lines in presenter view, relative to the normal view.
const PRESENTER_TYPE_ZOOM: f64 = 1.5;

/// The teacher's tools (src/bin/teacher.rs), as trunk names them, relative to the page.
const TEACHER_JS: &str = "teacher.js";
const TEACHER_WASM: &str = "teacher_bg.wasm";

const THEMES: [(Theme, Key); 3] = [
    (Theme::Auto, Key::ThemeAuto),
    (Theme::Light, Key::ThemeLight),
    (Theme::Dark, Key::ThemeDark),
];

thread_local! {
    /// Commands that wait for the teacher's tools to arrive.
    static WAITING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    static LOADING: Cell<bool> = const { Cell::new(false) };
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The teacher's tools' start: the global their glue script declares (`let wasm_bindgen`,
    /// which is not a property of `window`), given `{ module_or_path: <their wasm> }`.
    #[wasm_bindgen(js_name = wasm_bindgen)]
    fn start_teacher_tools(options: &js_sys::Object) -> js_sys::Promise;
}

/// Gives the teacher's tools `command` (`lesson`, `leave`, `open`, `share`: src/ui/teacher),
/// loading them first if they are not there yet.
pub fn teacher_tools(command: &'static str) {
    if run_teacher_command(command) {
        return;
    }
    WAITING.with(|w| w.borrow_mut().push(command));
    if LOADING.with(|l| l.replace(true)) {
        return;
    }
    // The same version as this page's own files (its glue's hashed name), so a cached copy of an
    // older site is never used with this one.
    let version = document()
        .query_selector("link[rel=modulepreload]")
        .ok()
        .flatten()
        .and_then(|link| link.get_attribute("href"))
        .and_then(|href| Some(href.rsplit('-').next()?.trim_end_matches(".js").to_string()))
        .unwrap_or_default();
    let Ok(script) = document().create_element("script") else {
        return;
    };
    let started = Closure::<dyn FnMut(JsValue)>::new(|_| {
        for command in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
            run_teacher_command(command);
        }
    });
    let options = js_sys::Object::new();
    let wasm = JsValue::from_str(&format!("{TEACHER_WASM}?{version}"));
    let _ = js_sys::Reflect::set(&options, &"module_or_path".into(), &wasm);
    let on_load = Closure::<dyn Fn()>::new(move || {
        let _ = start_teacher_tools(&options).then(&started);
    });
    script
        .unchecked_ref::<web_sys::HtmlScriptElement>()
        .set_onload(Some(on_load.as_ref().unchecked_ref()));
    // Both run once, when the tools arrive: a bounded leak.
    on_load.forget();
    let _ = script.set_attribute("src", &format!("{TEACHER_JS}?{version}"));
    if let Some(head) = document().head() {
        let _ = head.append_child(&script);
    }
}

/// Runs `command` if the teacher's tools are there (their global `peTeacher`).
fn run_teacher_command(command: &str) -> bool {
    let Some(run) = js_sys::Reflect::get(&window(), &"peTeacher".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    let _ = run.call1(&JsValue::NULL, &JsValue::from_str(command));
    true
}

/// The header's tools: lesson mode, presenter view, theme and share.
#[component]
pub fn ClassroomTools() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    // What the tools show, as one memo: a slider move re-runs none of their attributes.
    let shown = Memo::new(move |_| params.with(|p| (p.step, p.presenter, p.theme)));
    let step = move || shown.get().0;
    let step_gate = Gate::of(Field::Step);
    let presenter_gate = Gate::of(Field::Presenter);
    let theme_gate = Gate::of(Field::Theme);
    view! {
        <div class="classroom-tools">
            <button
                type="button"
                data-testid="lesson-toggle"
                aria-pressed=move || (step() > 0).to_string()
                hidden=step_gate.hidden()
                disabled=step_gate.disabled()
                title=step_gate.title()
                on:click=move |_| teacher_tools(if step() == 0 { "lesson" } else { "leave" })
            >
                {tr(Key::LessonMode)}
            </button>
            <button
                type="button"
                data-testid="presenter-toggle"
                aria-pressed=move || shown.get().1.to_string()
                hidden=presenter_gate.hidden()
                disabled=presenter_gate.disabled()
                title=presenter_gate.title()
                on:click=move |_| params.update(|p| p.presenter = !p.presenter)
            >
                {tr(Key::PresenterLabel)}
            </button>
            <label hidden=theme_gate.hidden()>
                <span>{tr(Key::ThemeLabel)}</span>
                <select
                    data-testid="select-theme"
                    disabled=theme_gate.disabled()
                    title=theme_gate.title()
                    prop:value=move || shown.get().2.code()
                    on:change=move |ev| {
                        let theme = Theme::from_code(&event_target_value(&ev)).unwrap_or_default();
                        params.update(|p| p.theme = theme);
                    }
                >
                    {THEMES
                        .into_iter()
                        .map(|(theme, key)| view! { <option value=theme.code()>{tr(key)}</option> })
                        .collect_view()}
                </select>
            </label>
            <button type="button" data-testid="share-open" on:click=move |_| teacher_tools("share")>
                {tr(Key::ShareTitle)}
            </button>
        </div>
    }
}

/// `<html data-theme>` and `<html data-presenter>` follow the lesson (the stylesheet keys its
/// colours and sizes on them), and the canvases redraw in the new look when it changed.
pub fn follow_theme_and_presenter(lesson: Lesson, epoch: ViewportEpoch) {
    Effect::new(move |previous: Option<(Theme, bool)>| {
        let look = lesson.params.with(|p| (p.theme, p.presenter));
        if previous == Some(look) {
            return look;
        }
        let (theme, presenter) = look;
        if let Some(root) = document().document_element() {
            let _ = match theme {
                Theme::Auto => root.remove_attribute("data-theme"),
                chosen => root.set_attribute("data-theme", chosen.code()),
            };
            let _ = root.toggle_attribute_with_force("data-presenter", presenter);
        }
        restyle_canvases(if presenter { PRESENTER_TYPE_ZOOM } else { 1.0 });
        // The first drawing already uses this look.
        if previous.is_some() {
            epoch.bump();
        }
        look
    });
}
