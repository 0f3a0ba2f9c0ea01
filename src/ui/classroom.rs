//! The classroom tools in the page's header: lesson mode, presenter view, the colour theme and
//! sharing with the class. Presenter view and the theme are the page's own (state in the URL);
//! lesson mode's bar and the share dialog are the teacher's tools (src/ui/teacher), a wasm of
//! their own that `teacher_tools` loads the first time a teacher asks for them.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::canvas::{restyle_canvases, ViewportEpoch};
use super::context::{tr, use_lesson, Lesson, Restriction};
use crate::i18n::Key;
use crate::lesson::labs::{open_labs_in, LabId, LAB_WORD};
use crate::lesson::tools::ToolsCommand;
use crate::lesson::{Field, PanelId, Theme};

/// Canvas type and lines in presenter view, relative to the normal view.
const PRESENTER_TYPE_ZOOM: f64 = 2.0;

const THEMES: [(Theme, Key); 3] = [
    (Theme::Auto, Key::ThemeAuto),
    (Theme::Light, Key::ThemeLight),
    (Theme::Dark, Key::ThemeDark),
];

/// Gives the teacher's tools `command` (src/ui/teacher; `Labs` and `OpenLab`: src/ui/labs),
/// through the page's loader (`peTools`, in Trunk.toml's start script), which loads them first if
/// they are not there yet.
pub fn teacher_tools(command: &ToolsCommand) {
    if let Ok(tools) = js_sys::Reflect::get(&window(), &"peTools".into())
        && let Some(tools) = tools.dyn_ref::<js_sys::Function>()
    {
        let _ = tools.call1(&JsValue::NULL, &JsValue::from_str(&command.encode()));
    }
}

/// A panel's labs, each folded under it: the page draws the folds (a lab's title and what a tap
/// does, from the first paint and in the prerendered copy), the tools' wasm what is inside them
/// (src/ui/labs). The tools are asked for them only when a lab is wanted: when the reader opens
/// a fold, or when a lab the link opened (`labs=`, `embed=lab-…`) comes `near` the screen (one of
/// the panel's canvases is about to draw: `canvas::redraw_on_frame`'s signal). Reading, scrolling
/// and following a `#section` link cost a phone nothing of the tools. docs/internals.md,
/// "Labs".
#[component]
pub fn LabSlot(
    /// The panel whose labs these are.
    panel: PanelId,
    /// Whether the panel is about to draw: a lab the link opened is asked for then.
    #[prop(into)]
    near: Signal<bool>,
) -> impl IntoView {
    let lesson = use_lesson();
    // The labs the link opened (the tools open them; until they come, their folds are open and
    // say that the lab is on its way: style/main.css).
    let embedded = lesson.params.with_untracked(|p| match p.embed {
        Some(crate::lesson::embed::Embed::Lab(lab)) => Some(lab),
        _ => None,
    });
    let opened_by_link = if cfg!(feature = "ssr") {
        Vec::new()
    } else {
        open_labs_in(&window().location().search().unwrap_or_default())
    };
    let opened = move |id: LabId| {
        embedded == Some(id) || opened_by_link.iter().any(|name| id.link_name() == name)
    };
    let any_opened = LabId::under(panel).any(&opened);
    let asked = StoredValue::new(false);
    // Asked once, unless the tools could not be loaded (the loader marks `<html>`): then a
    // reader's next opening tries again.
    let failed = || {
        document()
            .document_element()
            .is_some_and(|root| root.has_attribute("data-tools-failed"))
    };
    let ask = move || {
        if !asked.get_value() || failed() {
            asked.set_value(true);
            teacher_tools(&ToolsCommand::Labs(panel));
        }
    };
    if any_opened {
        Effect::new(move |_| {
            if near.get() {
                ask();
            }
        });
    }
    let lang = lesson.lang;
    view! {
        <div class="lab" data-lab=panel.anchor()>
            {LabId::under(panel)
                .map(|id| {
                    let name = id.link_name();
                    let is_open = RwSignal::new(opened(id));
                    let on_toggle = move |event: leptos::ev::Event| {
                        let now = event
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                            .is_some_and(|details| details.has_attribute("open"));
                        // (A fold built open fires a toggle too: only a reader's opening asks.)
                        let was = is_open.get_untracked();
                        is_open.set(now);
                        if now && !was {
                            ask();
                        }
                    };
                    view! {
                        <details
                            class="lab-fold"
                            data-lab-fold=name
                            data-embedded=(embedded == Some(id)).then_some("")
                            open=opened(id)
                            on:toggle=on_toggle
                        >
                            <summary data-testid=format!("{name}-fold")>
                                <span class="lab-fold-title">{tr(LAB_WORD)}{tr(id.title())}</span>
                                <span class="lab-fold-action">
                                    {move || lang.get().pick(if is_open.get() { ["close", "收起"] } else { ["open", "展开"] })}
                                </span>
                            </summary>
                            <div
                                class="lab-body"
                                data-lab-body=name
                                data-loading=move || lang.get().pick(["Loading the lab…", "正在载入实验……"])
                                data-failed=move || {
                                    lang.get()
                                        .pick([
                                            "The lab could not be loaded. Check the connection, then close this and open it again.",
                                            "实验未能载入。请检查网络连接，然后收起再展开这里重试。",
                                        ])
                                }
                            ></div>
                        </details>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The header's tools: lesson mode, presenter view, theme and share.
#[component]
pub fn ClassroomTools() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    // What the tools show, as one memo: a slider move re-runs none of their attributes.
    let shown = Memo::new(move |_| params.with(|p| (p.step, p.presenter, p.theme)));
    let step = move || shown.get().0;
    let step_gate = Restriction::of(Field::Step);
    let presenter_gate = Restriction::of(Field::Presenter);
    let theme_gate = Restriction::of(Field::Theme);
    view! {
        <div class="classroom-tools">
            <button
                type="button"
                data-testid="lesson-toggle"
                aria-pressed=move || (step() > 0).to_string()
                hidden=step_gate.hidden() data-hide-as=step_gate.hide_as()
                disabled=step_gate.disabled()
                title=step_gate.title()
                on:click=move |_| teacher_tools(&if step() == 0 { ToolsCommand::Lesson } else { ToolsCommand::Leave })
            >
                {tr(Key::LessonMode)}
            </button>
            <button
                type="button"
                data-testid="presenter-toggle"
                aria-pressed=move || shown.get().1.to_string()
                hidden=presenter_gate.hidden() data-hide-as=presenter_gate.hide_as()
                disabled=presenter_gate.disabled()
                title=presenter_gate.title()
                on:click=move |_| params.update(|p| p.presenter = !p.presenter)
            >
                {tr(Key::PresenterLabel)}
            </button>
            <label hidden=theme_gate.hidden() data-hide-as=theme_gate.hide_as()>
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
            // Sharing is a teacher's tool too: a student's link without lesson mode has neither.
            <button
                type="button"
                data-testid="share-open"
                hidden=step_gate.hidden() data-hide-as=step_gate.hide_as()
                on:click=move |_| teacher_tools(&ToolsCommand::Share)
            >
                {tr(Key::ShareTitle)}
            </button>
        </div>
    }
}

/// `<html data-theme>` and `<html data-presenter>` follow the lesson (the stylesheet keys its
/// colours and sizes on them), and the canvases redraw in the new look when it changed.
pub fn follow_theme_and_presenter(lesson: Lesson, epoch: ViewportEpoch) {
    Effect::new(move |previous: Option<(Theme, bool, bool)>| {
        // Presenter view's lesson mode lays a panel out at the whole width: its canvases are
        // fitted again too.
        let look = lesson
            .params
            .with(|p| (p.theme, p.presenter, p.presenter && p.step > 0));
        if previous == Some(look) {
            return look;
        }
        let (theme, presenter, _) = look;
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
