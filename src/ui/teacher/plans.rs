//! Lesson mode's start: the plan picker (each plan's title, steps, minutes, aim and printed
//! handouts, and where the lesson was left) and the handouts' links, which the share dialog
//! shows too.

use leptos::prelude::*;

use super::lesson::Classroom;
use crate::i18n::{Key, Translate};
use crate::lesson::handout::{handout_path, HandoutKind};
use crate::lesson::playlist::PlanId;
use crate::ui::context::{tr, use_lesson};

/// Lesson mode's start: the lesson plans (title, steps, minutes, aim, printed handouts), and
/// where the lesson was left, if it was. A modal dialog; Escape closes it.
#[component]
pub fn PlanPicker(
    /// Lesson mode, which a chosen plan starts.
    classroom: Classroom,
) -> impl IntoView {
    let lang = use_lesson().lang;
    let open = classroom.picker;
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    super::modal_while(dialog, open, || ());
    // Read when the picker opens: lesson mode may have been left since.
    let left = Memo::new(move |_| open.get().then(|| classroom.left_at()).flatten());
    let plans = move || classroom.plans();
    let choose = move |plan: Option<PlanId>| {
        open.set(false);
        classroom.start(plan);
    };
    view! {
        <dialog
            class="plan-picker"
            data-testid="plan-picker"
            aria-labelledby="plan-picker-title"
            node_ref=dialog
            on:close=move |_| open.set(false)
        >
            <h2 id="plan-picker-title">{tr(Key::PickerTitle)}</h2>
            {move || {
                left.get()
                    .map(|left| {
                        let at = lang
                            .get()
                            .t(Key::PickerResume)
                            .replace("{n}", &left.step.to_string());
                        view! {
                            <p>
                                <button
                                    type="button"
                                    data-testid="plan-resume"
                                    on:click=move |_| {
                                        open.set(false);
                                        classroom.resume();
                                    }
                                >
                                    {at}
                                </button>
                            </p>
                        }
                    })
            }}
            <ul class="plans">
                // Rebuilt when the language changes (or the lesson arrives): four short cards.
                {move || {
                    let (l, lang) = (lang.get().index(), lang.get());
                    plans()
                        .into_iter()
                        .map(|(id, text, steps, minutes)| {
                            let length = lang
                                .t(Key::PlanLength)
                                .replace("{steps}", &steps.to_string())
                                .replace("{minutes}", &minutes.to_string());
                            view! {
                                <li data-testid=format!("plan-{}", id.code())>
                                    <h3>{text.titles[l].clone()}</h3>
                                    <p class="plan-length">{length}</p>
                                    <p class="plan-aim">{text.aims[l].clone()}</p>
                                    <p class="plan-actions">
                                        <button
                                            type="button"
                                            data-testid=format!("plan-start-{}", id.code())
                                            on:click=move |_| choose(Some(id))
                                        >
                                            {tr(Key::PickerStart)}
                                        </button>
                                        " "
                                        <HandoutLinks plan=id />
                                    </p>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <button type="button" data-testid="plan-picker-close" on:click=move |_| open.set(false)>
                {tr(Key::Close)}
            </button>
        </dialog>
    }
}

/// Links to plan `plan`'s printed handouts in the page's language: worksheet, answer key,
/// teacher's guide.
#[component]
pub fn HandoutLinks(
    /// The plan whose handouts these are.
    plan: PlanId,
) -> impl IntoView {
    let lang = use_lesson().lang;
    let link = move |kind: HandoutKind, key: Key| {
        view! {
            <a
                href=move || crate::ui::net::site_file(&handout_path(lang.get(), plan, kind))
                target="_blank"
                data-testid=format!("handout-{}-{}", plan.code(), kind.code())
            >
                {tr(key)}
            </a>
        }
    };
    view! {
        <span class="handouts">
            {tr(Key::HandoutsLabel)}
            {link(HandoutKind::Worksheet, Key::HandoutWorksheet)}
            " · "
            {link(HandoutKind::AnswerKey, Key::HandoutAnswers)}
            " · "
            {link(HandoutKind::Guide, Key::HandoutGuide)}
        </span>
    }
}
