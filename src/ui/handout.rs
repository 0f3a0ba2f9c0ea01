//! A lesson plan's printed handout (`lesson::handout`): a page of its own, written by the
//! prerender from `assets/lesson.txt`, with no script and its own print stylesheet
//! (`style/handout.css`). The worksheet has each question with room for the prediction and no
//! answer; the answer key adds each answer; the teacher's guide has the plan, its timings, the
//! teacher's notes and the answers.

use leptos::prelude::*;

use crate::i18n::page_words::{self as words, Words};
use crate::i18n::{panel_title, Key, Translate};
use crate::lesson::handout::HandoutKind;
use crate::lesson::playlist::PlanId;
use crate::lesson::steps::{LessonPlan, NoteKind};
use crate::lesson::Lang;

/// The whole page of plan `plan`'s handout of `kind` in `lang`, as HTML; `None` if the lesson
/// has no such plan. `root` is the way up to the site's root (`../`, `../../`).
pub fn handout_page(
    lesson: &LessonPlan,
    plan: PlanId,
    kind: HandoutKind,
    lang: Lang,
    root: &str,
) -> Option<String> {
    let text = lesson.plan(plan)?;
    let title = format!(
        "{} · {}",
        lang.pick(kind_title(kind)),
        text.titles[lang.index()]
    );
    let body = handout(lesson, plan, kind, lang).to_html();
    Some(printed_page(lang, &title, root, &body))
}

/// A printed page of its own, as HTML: `body` under the title `title`, with the handouts'
/// stylesheet and no script. `root` is the way up to the site's root (`../`, `../../`).
pub fn printed_page(lang: Lang, title: &str, root: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"{root}handout.css\"></head>\
         <body>{body}</body></html>\n",
        lang.html_tag(),
        escape(title),
    )
}

/// `text` safe inside HTML text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn kind_title(kind: HandoutKind) -> Words {
    match kind {
        HandoutKind::Worksheet => words::HANDOUT_WORKSHEET_TITLE,
        HandoutKind::AnswerKey => words::HANDOUT_ANSWERS_TITLE,
        HandoutKind::Guide => words::HANDOUT_GUIDE_TITLE,
    }
}

/// The handout's body: its header (and the guide's timings) and one section per question.
fn handout(lesson: &LessonPlan, plan: PlanId, kind: HandoutKind, lang: Lang) -> impl IntoView {
    let text = lesson.plan(plan).cloned().unwrap_or_default();
    let t = move |key: Key| lang.t(key).to_string();
    let minutes = lesson.plan_minutes(&text);
    let steps = text.steps.clone();
    // The guide's timings: each step's minutes and the time from the start of class.
    let mut elapsed = 0;
    let timings: Vec<_> = steps
        .iter()
        .enumerate()
        .map(|(at, &step)| {
            let step_minutes = u32::from(lesson.minutes(step).unwrap_or(0));
            let from = elapsed;
            elapsed += step_minutes;
            let panel = lesson
                .panel(step)
                .map(|p| lang.t(panel_title(p)).to_string())
                .unwrap_or_default();
            view! {
                <tr>
                    <td>{at + 1}</td>
                    <td>{step}</td>
                    <td>{panel}</td>
                    <td>{step_minutes}</td>
                    <td>{format!("{from}–{elapsed}")}</td>
                </tr>
            }
        })
        .collect();
    let questions: Vec<_> = steps
        .iter()
        .enumerate()
        .map(|(at, &step)| {
            let panel = lesson
                .panel(step)
                .map(|p| lang.t(panel_title(p)).to_string())
                .unwrap_or_default();
            let heading = lang.pick(words::HANDOUT_QUESTION).replace("{n}", &(at + 1).to_string());
            let place = lang.pick(words::HANDOUT_WHERE)
                .replace("{step}", &step.to_string())
                .replace("{panel}", &panel);
            let answer = view! {
                <div class="answer" data-part="answer">
                    <h3>{lang.pick(words::HANDOUT_ANSWER_LABEL)}</h3>
                    <p>{lesson.reveal(step, lang).to_string()}</p>
                </div>
            };
            let notes = NoteKind::ALL
                .into_iter()
                .map(|kind| {
                    let label = t(match kind {
                        NoteKind::Misconception => Key::NoteMisconception,
                        NoteKind::Point => Key::NotePoint,
                        NoteKind::Ask => Key::NoteAsk,
                    });
                    view! { <p><strong>{label}</strong>{lesson.note(step, lang, kind).to_string()}</p> }
                })
                .collect_view();
            let minutes = lesson
                .minutes(step)
                .map(|m| t(Key::NoteMinutes).replace("{m}", &m.to_string()));
            // What the clicker does beyond reveal and move on: a step that trains starts its
            // run on the first Page Down and shows the answer when the run ends.
            let clicker = lesson
                .run(step)
                .map(|_| view! { <p class="clicker">{lang.pick(words::HANDOUT_CLICKER_RUN)}</p> });
            view! {
                <section class="question" data-step=step>
                    <h2>{heading}</h2>
                    <p class="ask">{lesson.question(step, lang).to_string()}" "<span class="where">{place}</span></p>
                    {(kind == HandoutKind::Worksheet).then(|| view! {
                        <div class="write" data-part="write">
                            <p>{lang.pick(words::HANDOUT_PREDICTION)}</p>
                        </div>
                    })}
                    {(kind == HandoutKind::Guide).then(|| view! {
                        <div class="notes" data-part="notes">
                            <p class="minutes">{minutes}</p>
                            {clicker}
                            {notes}
                        </div>
                    })}
                    {(kind != HandoutKind::Worksheet).then_some(answer)}
                </section>
            }
        })
        .collect();
    view! {
        <header>
            <p class="site">{lang.pick(words::HANDOUT_SITE)}</p>
            <h1>
                <span class="kind">{lang.pick(kind_title(kind))}</span>
                {text.titles[lang.index()].clone()}
            </h1>
            <p class="aim">{text.aims[lang.index()].clone()}</p>
            <p class="length">
                {t(Key::PlanLength)
                    .replace("{steps}", &steps.len().to_string())
                    .replace("{minutes}", &minutes.to_string())}
            </p>
            {(kind == HandoutKind::Worksheet).then(|| view! {
                <p class="name">{lang.pick(words::HANDOUT_NAME)}</p>
            })}
            <p class="screen-only">{lang.pick(words::HANDOUT_PRINT_HINT)}</p>
        </header>
        {(kind == HandoutKind::Guide).then(|| view! {
            <p class="clicker">{lang.pick(words::HANDOUT_CLICKER_ONLY)}</p>
            <table class="timings">
                <caption>{lang.pick(words::HANDOUT_TIMINGS)}</caption>
                <thead>
                    <tr>
                        <th>{lang.pick(words::HANDOUT_COLUMN_QUESTION)}</th>
                        <th>{lang.pick(words::HANDOUT_COLUMN_STEP)}</th>
                        <th>{lang.pick(words::HANDOUT_COLUMN_PANEL)}</th>
                        <th>{lang.pick(words::HANDOUT_COLUMN_MINUTES)}</th>
                        <th>{lang.pick(words::HANDOUT_COLUMN_CLOCK)}</th>
                    </tr>
                </thead>
                <tbody>{timings}</tbody>
            </table>
        })}
        <main>{questions}</main>
    }
}
