//! Lesson mode asks before it tells: for every step of `assets/lesson.txt`, the answer its reveal
//! text quotes and the answer's words and numbers are nowhere in the step's panel in the before
//! state (with the step's masked read-outs and sentences taken out, as the stylesheet hides
//! them), and are in the panel (or the reveal text) in the after state.
//! The panels are rendered by the same components as the page, natively (Leptos's `ssr`
//! feature, as the prerender renders them). Run with `--no-default-features --features ssr`.

use std::sync::Arc;

use hydration_context::SsrSharedContext;
use leptos::prelude::*;
use pe_explorer::i18n::Lang;
use pe_explorer::lesson::chapters::{chapter_of, Page};
use pe_explorer::lesson::steps::LessonPlan;
use pe_explorer::lesson::{from_query, to_query, PanelId, Params};
use pe_explorer::ui::App;

fn plan() -> LessonPlan {
    let file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/lesson.txt"))
        .expect("assets/lesson.txt");
    LessonPlan::parse(&file).expect("the lesson reads")
}

/// The HTML of `panel`'s chapter page in state `params` (lesson mode off: the masks are applied
/// below).
fn page(params: Params, panel: PanelId) -> String {
    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let opening = from_query(&to_query(&Params { step: 0, ..params }));
    assert_eq!(opening.params, Params { step: 0, ..params });
    let page = Page::Chapter(chapter_of(panel));
    owner.with(|| view! { <App opening page /> }.to_html())
}

/// The end of the element whose start tag begins at `start`: the matching close tag of its name.
fn element_end(html: &str, start: usize) -> usize {
    let name: String = html[start + 1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let (open, close) = (format!("<{name}"), format!("</{name}>"));
    let mut depth = 0;
    let mut at = start;
    loop {
        let next_open = html[at + 1..].find(&open).map(|i| i + at + 1);
        let next_close = html[at + 1..]
            .find(&close)
            .map(|i| i + at + 1)
            .expect("closed");
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                at = o;
            }
            _ if depth == 0 => return next_close + close.len(),
            _ => {
                depth -= 1;
                at = next_close;
            }
        }
    }
}

/// The text of `panel`'s section in `html`, without the elements whose `data-readout` is one of
/// `masks`.
fn panel_text(html: &str, panel: PanelId, masks: &[String]) -> String {
    let start = html
        .find(&format!("<section id=\"{}\"", panel.anchor()))
        .unwrap_or_else(|| panic!("{panel:?} is on the page"));
    let mut section = html[start..element_end(html, start)].to_string();
    for mask in masks {
        for attribute in [
            format!("data-readout=\"{mask}\""),
            format!("data-answer=\"{mask}\""),
        ] {
            while let Some(at) = section.find(&attribute) {
                let tag = section[..at].rfind('<').expect("in a tag");
                let end = element_end(&section, tag);
                section.replace_range(tag..end, "");
            }
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in section.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_answer_is_hidden_before_reveal_and_shown_after_it_in_both_languages() {
    let plan = plan();
    for step in 1..=plan.len() {
        let panel = plan.panel(step).unwrap();
        // A lab's read-out is drawn by the tools' wasm, not by the page rendered here: the
        // browser test walks those steps (tests/browser/lesson-flow.test.mjs) and
        // tests/lesson_mode.rs recomputes their answers with the core.
        if plan.lab(step).is_some() {
            continue;
        }
        for lang in [Lang::En, Lang::Zh] {
            let from = Params {
                lang,
                ..Params::default()
            };
            let before = plan.before(step, from);
            let after = plan.after(step, before);
            let answer = plan.answer(step, lang);
            let shown = panel_text(&page(before, panel), panel, &plan.masks(step));
            assert!(
                !shown.contains(answer),
                "step {step} {lang:?}: {answer:?} is on screen before Reveal:\n{shown}"
            );
            // Nor any of the answer's words and numbers: a sentence of the panel's own text
            // that states the answer is masked too.
            for word in plan.words(step, lang) {
                assert!(
                    !shown.contains(word.as_str()),
                    "step {step} {lang:?}: {word:?} is on screen before Reveal:\n{shown}"
                );
            }
            // The real model's tables arrive over the network in the browser (the browser tests
            // check its answer there); every other panel computes its numbers itself.
            if panel != PanelId::RealData {
                let shown = panel_text(&page(after, panel), panel, plan.held(step));
                assert!(
                    shown.contains(answer),
                    "step {step} {lang:?}: {answer:?} is not on screen after Reveal:\n{shown}"
                );
                // Each word is in the panel or in the reveal text the lesson bar shows.
                let told = format!("{shown} {}", plan.reveal(step, lang));
                for word in plan.words(step, lang) {
                    assert!(
                        told.contains(word.as_str()),
                        "step {step} {lang:?}: {word:?} is not on screen after Reveal:\n{told}"
                    );
                }
            }
        }
    }
}
