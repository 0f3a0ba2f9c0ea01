//! Sharing with the class: the student link (the view on screen without the teacher's
//! presenter view, theme and lesson step), a button that copies it, its QR code, and a builder
//! for the controls and panels that link hides or locks. A modal dialog, opened by the page's
//! "Share with the class" button.

use leptos::html;
use leptos::prelude::*;

use crate::i18n::{field_label, panel_title, Key, Translate};
use crate::lesson::chapters::{chapter_of, Page};
use crate::lesson::embed::{Embed, FRAME_SIZES};
use crate::lesson::panels::PanelSet;
use crate::lesson::params::FieldSet;
use crate::lesson::query::student_query;
use crate::lesson::{to_query, Field, PanelId, Params, Theme};
use crate::ui::net::language_page;

use super::lesson::Classroom;
use super::plans::HandoutLinks;
use crate::lesson::playlist::PlanId;
use crate::qr::qr_svg;
use crate::ui::clipboard::copy_to_clipboard;
use crate::ui::context::{tr, use_lesson};

/// What a teacher link hides and locks, as the builder sets it.
type Gates = (FieldSet, FieldSet, PanelSet);

/// The address of this page with `query`.
fn page_link(query: &str) -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}?{query}")
}

/// The QR code of `link` as an image address (empty if the link is too long for one).
fn qr_image(link: &str) -> String {
    if link.is_empty() {
        return String::new();
    }
    qr_svg(link)
        .and_then(|svg| window().btoa(&svg).ok())
        .map(|b64| format!("data:image/svg+xml;base64,{b64}"))
        .unwrap_or_default()
}

/// The share dialog, shown while `open`.
#[component]
pub fn ShareDialog(
    /// Whether the dialog is shown; its close button and Escape set it false.
    open: RwSignal<bool>,
    /// Lesson mode, for the links to its current step and plan.
    classroom: Classroom,
) -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let status = RwSignal::new(None::<Key>);
    // The builder's choices start as the page's own (a teacher link's, if any).
    let gates = RwSignal::new(params.with_untracked(|p| (p.hidden, p.locked, p.hidden_panels)));
    // Whether students may run lesson mode themselves; if not (the default), their link hides
    // lesson mode and with it the share button, so no one runs ahead to a Reveal.
    let self_study = RwSignal::new(false);
    // Only while the dialog is open: a closed one would make a QR code at every step of a
    // slider in lesson mode.
    let link = Memo::new(move |_| {
        // Read again each time the dialog opens: the labs keep their values in the address.
        if !open.get() {
            return String::new();
        }
        let (hidden, locked, hidden_panels) = gates.get();
        let hidden = if self_study.get() {
            hidden.without(Field::Step)
        } else {
            hidden.with(Field::Step)
        };
        let labs = crate::ui::labs::lab_pairs_in_address();
        let query = student_query(&Params {
            hidden,
            locked,
            hidden_panels,
            ..params.get()
        });
        page_link(&if labs.is_empty() {
            query
        } else {
            format!("{query}&{labs}")
        })
    });
    let dialog = NodeRef::<html::Dialog>::new();
    super::modal_while(dialog, open, move || status.set(None));
    view! {
        <dialog
            class="share-dialog"
            data-testid="share-dialog"
            aria-labelledby="share-title"
            node_ref=dialog
            on:close=move |_| open.set(false)
        >
            <h2 id="share-title">{tr(Key::ShareTitle)}</h2>
            <label>
                {tr(Key::StudentLink)}
                <input type="text" readonly data-testid="student-link" prop:value=move || link.get() />
            </label>
            <CopyButton text=link label=Key::Share done=Key::Copied status testid="share" />
            <img class="qr" data-testid="qr" alt=tr(Key::QrAlt) src=move || qr_image(&link.get()) />
            <label class="self-study">
                <input type="checkbox" data-testid="self-study" bind:checked=self_study />
                " "
                {tr(Key::SelfStudy)}
            </label>
            <Builder gates />
            <Show when=move || open.get()>
                <EmbedCode />
                <PlanHandouts classroom />
            </Show>
            <button type="button" data-testid="share-close" on:click=move |_| open.set(false)>
                {tr(Key::Close)}
            </button>
        </dialog>
    }
}

/// The hide/lock builder: a checkbox per control (hide, lock) and per panel (hide), for the
/// student link only (the teacher's own page keeps its controls).
#[component]
fn Builder(gates: RwSignal<Gates>) -> impl IntoView {
    // The lesson step is the self-study box's (above).
    let controls = Field::ALL
        .into_iter()
        .filter(|f| FieldSet::can_hold(*f) && *f != Field::Step);
    view! {
        <fieldset class="builder" data-testid="link-builder">
            <legend>{tr(Key::BuilderTitle)}</legend>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{tr(Key::BuilderWhat)}</th>
                        <th scope="col">{tr(Key::BuilderHide)}</th>
                        <th scope="col">{tr(Key::BuilderLock)}</th>
                    </tr>
                </thead>
                <tbody>
                    {controls
                        .map(|field| {
                            let hide = GateBox::Hide(field);
                            let lock = GateBox::Lock(field);
                            view! {
                                <tr>
                                    <th scope="row">{field.symbol()}" "{tr(field_label(field))}</th>
                                    <td><Check gates which=hide /></td>
                                    <td><Check gates which=lock /></td>
                                </tr>
                            }
                        })
                        .collect_view()}
                    {PanelId::ALL
                        .map(|panel| {
                            view! {
                                <tr>
                                    <th scope="row">{tr(panel_title(panel))}</th>
                                    <td><Check gates which=GateBox::Panel(panel) /></td>
                                    <td></td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </fieldset>
    }
}

/// One checkbox of the builder.
#[derive(Clone, Copy)]
enum GateBox {
    Hide(Field),
    Lock(Field),
    Panel(PanelId),
}

impl GateBox {
    fn is_set(self, (hidden, locked, panels): Gates) -> bool {
        match self {
            GateBox::Hide(f) => hidden.contains(f),
            GateBox::Lock(f) => locked.contains(f),
            GateBox::Panel(p) => panels.contains(p),
        }
    }

    /// `gates` with this box set to `on`.
    fn set(self, (hidden, locked, panels): Gates, on: bool) -> Gates {
        let fields = |set: FieldSet, f: Field| {
            if on {
                set.with(f)
            } else {
                set.without(f)
            }
        };
        match self {
            GateBox::Hide(f) => (fields(hidden, f), locked, panels),
            GateBox::Lock(f) => (hidden, fields(locked, f), panels),
            GateBox::Panel(p) => (
                hidden,
                locked,
                if on {
                    panels.with(p)
                } else {
                    panels.without(p)
                },
            ),
        }
    }

    fn testid(self) -> String {
        match self {
            GateBox::Hide(f) => format!("hide-{}", f.symbol()),
            GateBox::Lock(f) => format!("lock-{}", f.symbol()),
            GateBox::Panel(p) => format!("hide-{}", p.anchor()),
        }
    }
}

#[component]
fn Check(gates: RwSignal<Gates>, which: GateBox) -> impl IntoView {
    let lang = use_lesson().lang;
    // "Hide d_model", "Lock pos", "Hide Lesson title": the column and the row in one name.
    let label = move || {
        let lang = lang.get();
        let (verb, what) = match which {
            GateBox::Hide(f) => (Key::BuilderHide, f.symbol()),
            GateBox::Lock(f) => (Key::BuilderLock, f.symbol()),
            GateBox::Panel(p) => (Key::BuilderHide, lang.t(panel_title(p))),
        };
        format!("{} {what}", lang.t(verb))
    };
    view! {
        <input
            type="checkbox"
            data-testid=which.testid()
            aria-label=label
            prop:checked=move || which.is_set(gates.get())
            on:change=move |ev| {
                let on = event_target_checked(&ev);
                gates.update(|g| *g = which.set(*g, on));
            }
        />
    }
}

/// The panel nearest the top of the screen (the one being read), else the page's first: what
/// the embed code offers first.
fn panel_in_view() -> Option<PanelId> {
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let on_page: Vec<(PanelId, web_sys::DomRect)> = PanelId::ALL
        .into_iter()
        .filter_map(|p| {
            Some((
                p,
                document()
                    .get_element_by_id(p.anchor())?
                    .get_bounding_client_rect(),
            ))
        })
        .filter(|(_, r)| r.height() > 0.0)
        .collect();
    on_page
        .iter()
        .find(|(_, r)| r.bottom() > 0.25 * height)
        .or(on_page.first())
        .map(|(p, _)| *p)
}

/// The `<iframe>` code that embeds one panel or lab (`embed=`) with the page's values, for a
/// slide or a course page; the panel being read is offered first.
#[component]
fn EmbedCode() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let chosen = RwSignal::new(Embed::Panel(panel_in_view().unwrap_or(PanelId::WordOrder)));
    let status = RwSignal::new(None::<Key>);
    let size = RwSignal::new(FRAME_SIZES[0]);
    let size_label = move |(width, height): (u32, u32)| -> String {
        let key = if width * 9 == height * 16 {
            Key::EmbedSizeSlide
        } else {
            Key::EmbedSizePage
        };
        lesson
            .lang
            .get()
            .t(key)
            .replace("{w}", &width.to_string())
            .replace("{h}", &height.to_string())
    };
    let title = move |embed: Embed| -> String {
        let lang = lesson.lang.get();
        match embed {
            Embed::Panel(panel) => lang.t(panel_title(panel)).to_string(),
            Embed::Lab(lab) => lang.pick(lab.lab().title).to_string(),
        }
    };
    let code = Memo::new(move |_| {
        let embed = chosen.get();
        let current = params.get_untracked();
        let page = Page::Chapter(chapter_of(embed.panel()));
        let query = to_query(&Params {
            embed: Some(embed),
            step: 0,
            plan: None,
            steps: Default::default(),
            presenter: false,
            theme: Theme::Auto,
            ..current
        });
        let src = format!("{}?{query}", language_page(current.lang, page));
        // Narrower than its width, the frame keeps its shape (and so its layout).
        let (width, height) = size.get();
        format!(
            "<iframe src=\"{}\" title=\"{}\" width=\"{width}\" height=\"{height}\" style=\"border: 0; max-width: 100%; height: auto; aspect-ratio: {width} / {height};\" loading=\"lazy\"></iframe>",
            src.replace('&', "&amp;"),
            title(embed).replace('&', "&amp;").replace('"', "&quot;"),
        )
    });
    view! {
        <fieldset class="embed-code" data-testid="embed-code-box">
            <legend>{tr(Key::EmbedCodeTitle)}</legend>
            <label>
                {tr(Key::EmbedWhich)}
                <select
                    data-testid="embed-which"
                    prop:value=move || chosen.get().anchor()
                    on:change=move |ev| {
                        if let Some(embed) = Embed::from_anchor(&event_target_value(&ev)) {
                            chosen.set(embed);
                        }
                    }
                >
                    {Embed::all()
                        .map(|embed| {
                            let indent = if matches!(embed, Embed::Lab(_)) { "\u{a0}\u{a0}" } else { "" };
                            view! {
                                <option value=embed.anchor() selected=move || chosen.get() == embed>
                                    {indent}{move || title(embed)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                {tr(Key::EmbedSize)}
                <select
                    data-testid="embed-size"
                    on:change=move |ev| {
                        if let Some(&chosen) = event_target_value(&ev)
                            .parse::<usize>()
                            .ok()
                            .and_then(|at| FRAME_SIZES.get(at))
                        {
                            size.set(chosen);
                        }
                    }
                >
                    {FRAME_SIZES
                        .iter()
                        .enumerate()
                        .map(|(at, &frame)| {
                            view! {
                                <option value=at.to_string() selected=move || size.get() == frame>
                                    {move || size_label(frame)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                {tr(Key::EmbedCodeLabel)}
                <textarea readonly rows="4" data-testid="embed-code" prop:value=move || code.get()></textarea>
            </label>
            <CopyButton text=code label=Key::EmbedCopy done=Key::CodeCopied status testid="embed-copy" />
            <p class="note">{tr(Key::EmbedNote)}</p>
        </fieldset>
    }
}

/// Each lesson plan's printed handouts (worksheet, answer key, teacher's guide), by the plan's
/// title once the lesson has arrived.
#[component]
fn PlanHandouts(classroom: Classroom) -> impl IntoView {
    let lang = use_lesson().lang;
    classroom.fetch();
    view! {
        <fieldset class="plan-handouts" data-testid="share-handouts">
            <legend>{tr(Key::HandoutsTitle)}</legend>
            <ul>
                {PlanId::ALL
                    .into_iter()
                    .map(|plan| {
                        view! {
                            <li>
                                <strong>{move || classroom.plan_title(plan, lang.get())}</strong>
                                " "
                                <HandoutLinks plan />
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </fieldset>
    }
}

/// A button that copies `text` to the clipboard, and beside it what became of that (`done`, or
/// why not) in `status`, announced to screen readers.
#[component]
fn CopyButton(
    text: Memo<String>,
    label: Key,
    done: Key,
    status: RwSignal<Option<Key>>,
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lesson().lang;
    view! {
        <p>
            <button
                type="button"
                data-testid=testid
                on:click=move |_| copy_to_clipboard(&text.get_untracked(), status, done)
            >
                {tr(label)}
            </button>
            " "
            <span role="status" data-testid=format!("{testid}-status")>
                {Signal::derive(move || status.get().map(|key| lang.get().t(key)))}
            </span>
        </p>
    }
}
