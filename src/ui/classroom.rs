//! The classroom tools: lesson mode (a bar that walks the class through the lesson step by
//! step), presenter view, the colour theme and the share button.
//!
//! Built with plain DOM calls and one delegated event handler instead of `view!` markup: under
//! the 250 KB bundle budget, the `view!` version of these two dozen elements cost 12 KB gzipped
//! (each element, attribute closure and handler is its own compiled type); this costs a fraction
//! of that. The state still lives in the lesson's one `Params` signal and the URL.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue, UnwrapThrowExt};
use web_sys::Element;

use super::app::{pick, use_lesson};
use super::canvas::restyle_canvases;
use super::dom::{child, found};
use super::real_data::download;
use super::{export_tools, heatmap};
use crate::i18n::Key;
use crate::lesson::params::FieldSet;
use crate::lesson::steps::{enter_step, LessonTexts, LESSON_TEXT_FILE, STEPS};
use crate::lesson::{Field, Params, Theme};

/// Canvas type and lines in presenter view, relative to the normal view.
const PRESENTER_TYPE_ZOOM: f64 = 1.5;

const THEMES: [(Theme, Key); 3] = [
    (Theme::Auto, Key::ThemeAuto),
    (Theme::Light, Key::ThemeLight),
    (Theme::Dark, Key::ThemeDark),
];

/// Scrolls the panel of lesson step `step` (1-based) into view.
pub fn show_step_panel(step: usize) {
    let Some(panel) = step.checked_sub(1).and_then(|n| STEPS.get(n)) else {
        return;
    };
    if let Some(element) = document().get_element_by_id(panel.panel) {
        element.scroll_into_view();
    }
}

/// The elements whose text or state follows the lesson.
struct Parts {
    lesson_toggle: Element,
    presenter_toggle: Element,
    theme_label: Element,
    theme_options: Vec<Element>,
    theme_select: web_sys::HtmlSelectElement,
    share: Element,
    share_status: Element,
    bar: Element,
    step_title: Element,
    prompt: Element,
    reveal: Element,
    keys: Element,
    reveal_button: Element,
    previous: Element,
    next: Element,
    exit: Element,
}

fn build(tools: &Element) -> Parts {
    let button = |parent: &Element, action: &str, testid: &str| {
        child(
            parent,
            "button",
            &[
                ("type", "button"),
                ("data-action", action),
                ("data-testid", testid),
            ],
        )
    };
    let lesson_toggle = button(tools, "lesson", "lesson-toggle");
    let presenter_toggle = button(tools, "presenter", "presenter-toggle");
    let _ = presenter_toggle.set_attribute("data-field", Field::Presenter.symbol());
    let label = child(tools, "label", &[]);
    let theme_label = child(&label, "span", &[]);
    let select = child(
        &label,
        "select",
        &[
            ("data-testid", "select-theme"),
            ("data-action", "theme"),
            ("data-field", Field::Theme.symbol()),
        ],
    );
    let theme_options = THEMES
        .iter()
        .map(|(theme, _)| child(&select, "option", &[("value", theme.code())]))
        .collect();
    let share = button(tools, "share", "share");
    let share_status = child(
        tools,
        "span",
        &[
            ("class", "share-status"),
            ("role", "status"),
            ("data-testid", "share-status"),
        ],
    );

    let body = document().body().expect_throw("a page body");
    let bar = child(
        &body,
        "aside",
        &[
            ("class", "lesson-bar"),
            ("data-testid", "lesson-bar"),
            ("aria-labelledby", "lesson-step"),
            ("hidden", ""),
        ],
    );
    let text = child(&bar, "div", &[("class", "lesson-text")]);
    let step_title = child(
        &text,
        "h2",
        &[("id", "lesson-step"), ("data-testid", "lesson-step")],
    );
    let prompt = child(
        &text,
        "p",
        &[("data-testid", "lesson-prompt"), ("aria-live", "polite")],
    );
    let reveal = child(
        &text,
        "p",
        &[("data-testid", "lesson-reveal"), ("aria-live", "polite")],
    );
    let keys = child(&text, "p", &[("class", "lesson-keys")]);
    let buttons = child(&bar, "div", &[("class", "lesson-buttons")]);
    let reveal_button = button(&buttons, "reveal", "lesson-reveal-button");
    let [previous, next, exit] = [
        ("previous", "lesson-previous"),
        ("next", "lesson-next"),
        ("exit", "lesson-exit"),
    ]
    .map(|(action, testid)| button(&buttons, action, testid));
    // A teacher link's `lock=step` keeps the class on its step; `hide=step` hides the way out.
    for step_control in [&lesson_toggle, &previous, &next, &exit] {
        let _ = step_control.set_attribute("data-field", Field::Step.symbol());
    }
    Parts {
        lesson_toggle,
        presenter_toggle,
        theme_label,
        theme_options,
        theme_select: select.unchecked_into(),
        share,
        share_status,
        bar,
        step_title,
        prompt,
        reveal,
        keys,
        reveal_button,
        previous,
        next,
        exit,
    }
}

/// Whether a key press belongs to a form control (a slider's arrows move the slider).
fn typed_into_control(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Installs the tools into `tools` (the header's slot) and the lesson bar at the end of the page.
/// Call once, after the app is mounted.
pub fn install(tools: Element, redraw: WriteSignal<u32>) {
    let lesson = use_lesson();
    let params = lesson.params;
    let parts = Rc::new(build(&tools));
    let revealed = RwSignal::new(false);
    // The questions and answers, fetched the first time lesson mode is on; `arrived` flips when
    // the download ends, so the bar redraws with them (or with why not).
    let texts: Rc<RefCell<Option<Result<LessonTexts, ()>>>> = Rc::default();
    let arrived = RwSignal::new(false);
    let requested = Cell::new(false);

    let go = move |n: usize| {
        params.update(|p| *p = enter_step(*p, n));
        revealed.set(false);
        // After the panels have redrawn for the preset, so the scroll lands on the final layout.
        request_animation_frame(move || show_step_panel(n));
    };
    // A copy's outcome is written straight into the status line next to its button: the share
    // button's in the header, "copy as code"'s under the heatmap.
    let lang = lesson.lang;
    let report = move |status: &Element, key: Key| {
        let status = status.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            status.set_text_content(Some(lang.get_untracked().t(key)))
        })
    };
    let share_status = &parts.share_status;
    let (copied, not_copied) = (
        report(share_status, Key::Copied),
        report(share_status, Key::CopyFailed),
    );
    let exports = Rc::new(export_tools::add_buttons());
    let code_status = exports.status.as_ref().unwrap_or(share_status);
    let (code_copied, code_not_copied) = (
        report(code_status, Key::CodeCopied),
        report(code_status, Key::CopyFailed),
    );
    let select = parts.theme_select.clone();
    // One handler for every click, change and key press of the tools: one compiled closure.
    let handler = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let (step, step_locked) =
            params.with_untracked(|p| (p.step, p.locked.contains(Field::Step)));
        if event.type_() == "keydown" {
            let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if step == 0
                || step_locked
                || key.alt_key()
                || key.ctrl_key()
                || key.meta_key()
                || typed_into_control(&event)
            {
                return;
            }
            let next = match key.key().as_str() {
                "ArrowRight" | "PageDown" => (step < STEPS.len()).then_some(step + 1),
                "ArrowLeft" | "PageUp" => (step > 1).then_some(step - 1),
                _ => return,
            };
            // Page keys would also scroll the page away from the step's panel.
            event.prevent_default();
            if let Some(n) = next {
                go(n);
            }
            return;
        }
        let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
        let action = target
            .as_ref()
            .and_then(|e| e.closest("[data-action]").ok().flatten())
            .and_then(|e| e.get_attribute("data-action"));
        match (event.type_().as_str(), action.as_deref()) {
            // The heatmap's data table opened (`toggle` does not bubble: heard while capturing).
            ("toggle", _) => {
                heatmap::refresh_data_table(&params.get_untracked());
            }
            ("change", Some("theme")) => {
                let theme = Theme::from_code(&select.value()).unwrap_or_default();
                params.update(|p| p.theme = theme);
            }
            ("click", Some("lesson")) => go(if step == 0 { 1 } else { 0 }),
            ("click", Some("presenter")) => params.update(|p| p.presenter = !p.presenter),
            ("click", Some("share")) => {
                let href = window().location().href().unwrap_or_default();
                let _ = window()
                    .navigator()
                    .clipboard()
                    .write_text(&href)
                    .then2(&copied, &not_copied);
            }
            ("click", Some("reveal")) => revealed.set(true),
            ("click", Some("previous")) if step > 1 => go(step - 1),
            ("click", Some("next")) if step < STEPS.len() => go(step + 1),
            ("click", Some("exit")) => go(0),
            ("click", Some(export)) => {
                let panel = target.and_then(|e| e.closest("section.panel").ok().flatten());
                if let Some(panel) = panel {
                    let copy = |code: &str| {
                        let clipboard = window().navigator().clipboard();
                        let _ = clipboard
                            .write_text(code)
                            .then2(&code_copied, &code_not_copied);
                    };
                    export_tools::run(export, panel, params.get_untracked(), redraw, copy);
                }
            }
            _ => {}
        }
    });
    for (target, kind) in [
        (tools.unchecked_ref::<web_sys::EventTarget>(), "click"),
        (tools.unchecked_ref(), "change"),
        (parts.bar.unchecked_ref(), "click"),
        (
            document()
                .get_element_by_id("panels")
                .unwrap_or(tools.clone())
                .unchecked_ref(),
            "click",
        ),
        (window().unchecked_ref(), "keydown"),
    ] {
        let _ = target.add_event_listener_with_callback(kind, handler.as_ref().unchecked_ref());
    }
    let _ = window().add_event_listener_with_callback_and_bool(
        "toggle",
        handler.as_ref().unchecked_ref(),
        true,
    );
    // The tools live as long as the page.
    handler.forget();

    // Only what the tools show (a memo of the type every panel uses: no new generic code).
    let state = pick(&[
        Field::Step,
        Field::Presenter,
        Field::Theme,
        Field::Lang,
        Field::Hide,
        Field::Lock,
    ]);
    let last_look = Cell::new(None);
    Effect::new(move |_| {
        let Params {
            step,
            presenter,
            theme,
            lang,
            hidden,
            locked,
            ..
        } = state.get();
        let t = |key| lang.t(key);
        let set_text = |element: &Element, text: &str| element.set_text_content(Some(text));
        let set_flag = |element: &Element, name: &str, on: bool| {
            let _ = element.toggle_attribute_with_force(name, on);
        };
        let p = &parts;
        set_text(&p.lesson_toggle, t(Key::LessonMode));
        let _ = p
            .lesson_toggle
            .set_attribute("aria-pressed", if step > 0 { "true" } else { "false" });
        set_text(&p.presenter_toggle, t(Key::PresenterLabel));
        let _ = p
            .presenter_toggle
            .set_attribute("aria-pressed", if presenter { "true" } else { "false" });
        set_text(&p.theme_label, t(Key::ThemeLabel));
        for (option, (_, key)) in p.theme_options.iter().zip(THEMES) {
            set_text(option, t(key));
        }
        p.theme_select.set_value(theme.code());
        set_text(&p.share, t(Key::Share));
        // A status in the old language would be wrong; the next copy writes a new one.
        set_text(&p.share_status, "");

        // A teacher link's hidden and locked controls. Every control names its field in
        // `data-field`; the whole control (label, slider and read-out) is hidden, and a locked
        // one says why it is disabled. (Before the lesson bar's buttons, which add their own
        // reasons to be disabled.)
        for field in Field::ALL.into_iter().filter(|f| FieldSet::can_hold(*f)) {
            let selector = format!("[data-field~=\"{}\"]", field.symbol());
            for control in found(document().query_selector_all(&selector)) {
                let around = |selector| control.closest(selector).ok().flatten();
                let whole = around(".control")
                    .or_else(|| around("label, .control-row"))
                    .unwrap_or_else(|| control.clone());
                set_flag(&whole, "hidden", hidden.contains(field));
                set_flag(&control, "disabled", locked.contains(field));
                let _ = if locked.contains(field) {
                    control.set_attribute("title", t(Key::Locked))
                } else {
                    control.remove_attribute("title")
                };
            }
        }

        set_flag(&p.bar, "hidden", step == 0);
        arrived.track();
        if step > 0 && !requested.replace(true) {
            let texts = texts.clone();
            download(
                LESSON_TEXT_FILE,
                Rc::new(move |file| {
                    let parsed = file.ok().and_then(|bytes| {
                        LessonTexts::parse(&String::from_utf8_lossy(&bytes), STEPS.len()).ok()
                    });
                    *texts.borrow_mut() = Some(parsed.ok_or(()));
                    arrived.set(true);
                }),
            );
        }
        if step > 0 {
            let counter = t(Key::LessonStep)
                .replace("{n}", &step.to_string())
                .replace("{total}", &STEPS.len().to_string());
            set_text(&p.step_title, &counter);
            let texts = texts.borrow();
            let (question, answer) = match &*texts {
                Some(Ok(texts)) => (texts.question(step, lang), texts.answer(step, lang)),
                Some(Err(())) => (t(Key::LessonFailed), ""),
                None => (t(Key::LessonLoading), ""),
            };
            set_text(&p.prompt, question);
            set_text(&p.reveal, answer);
        }
        set_flag(&p.reveal, "hidden", !revealed.get());
        set_text(&p.keys, t(Key::LessonKeys));
        set_text(&p.reveal_button, t(Key::LessonReveal));
        set_flag(&p.reveal_button, "disabled", revealed.get());
        set_text(&p.previous, t(Key::LessonPrevious));
        let step_locked = locked.contains(Field::Step);
        set_flag(&p.previous, "disabled", step <= 1 || step_locked);
        set_text(&p.next, t(Key::LessonNext));
        set_flag(&p.next, "disabled", step >= STEPS.len() || step_locked);
        set_text(&p.exit, t(Key::LessonExit));
        for group in &exports.groups {
            let _ = group.set_attribute("aria-label", t(Key::Export));
            // Its status line, in the old language.
            if let Some(status) = group.last_element_child() {
                set_text(&status, "");
            }
        }
        if let (Some(numpy), Some(pytorch)) = (&exports.copy_numpy, &exports.copy_pytorch) {
            set_text(numpy, t(Key::CopyNumpy));
            set_text(pytorch, t(Key::CopyPytorch));
        }
        // <html data-theme> and <html data-presenter> follow the lesson (the stylesheet keys its
        // colours and sizes on them), and the canvases redraw in the new look when it changed.
        let Some(root) = document().document_element() else {
            return;
        };
        let previous = last_look.replace(Some((theme, presenter)));
        if previous == Some((theme, presenter)) {
            return;
        }
        let _ = match theme {
            Theme::Auto => root.remove_attribute("data-theme"),
            chosen => root.set_attribute("data-theme", chosen.code()),
        };
        let _ = root.toggle_attribute_with_force("data-presenter", presenter);
        restyle_canvases(if presenter { PRESENTER_TYPE_ZOOM } else { 1.0 });
        // The first drawing already used this look.
        if previous.is_some() {
            redraw.update(|e| *e = e.wrapping_add(1));
        }
    });
}
