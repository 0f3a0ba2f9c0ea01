//! Sharing with the class: the student link (the view on screen without the teacher's
//! presenter view, theme and lesson step), a button that copies it, its QR code, and a builder
//! for the controls and panels that link hides or locks. A modal dialog, opened by the page's
//! "Share with the class" button.

use leptos::html;
use leptos::prelude::*;

use crate::i18n::{field_label, panel_title, Key, Translate};
use crate::lesson::panels::PanelSet;
use crate::lesson::params::FieldSet;
use crate::lesson::query::student_query;
use crate::lesson::{Field, PanelId, Params};
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
pub fn ShareDialog(open: RwSignal<bool>) -> impl IntoView {
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
            <p>
                <button
                    type="button"
                    data-testid="share"
                    on:click=move |_| copy_to_clipboard(&link.get_untracked(), status, Key::Copied)
                >
                    {tr(Key::Share)}
                </button>
                " "
                <span role="status" data-testid="share-status">
                    {Signal::derive(move || status.get().map(|key| lesson.lang.get().t(key)))}
                </span>
            </p>
            <img class="qr" data-testid="qr" alt=tr(Key::QrAlt) src=move || qr_image(&link.get()) />
            <label class="self-study">
                <input type="checkbox" data-testid="self-study" bind:checked=self_study />
                " "
                {tr(Key::SelfStudy)}
            </label>
            <Builder gates />
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
