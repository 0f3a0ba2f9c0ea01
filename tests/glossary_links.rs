//! The glossary terms the live panels and labs link: what the prerender writes into a
//! page (`<meta name="pe-course" data-terms>`) reads back as what it decided, for every page and language (a term's
//! words holding one of the separators would not), and the words are where the live text will
//! look for them: in the panel's explanation, or the lab's. Run with
//! `--no-default-features --features ssr` (the decision is made by the prerender).
#![cfg(feature = "ssr")]

use pe_explorer::i18n::{panel_text, Lang, Translate};
use pe_explorer::lesson::chapters::Page;
use pe_explorer::lesson::labs::{LabId, LABS};
use pe_explorer::ui::course::{page_terms, panel_terms, terms_of};

#[test]
fn every_labs_text_names_one_lab() {
    let texts: Vec<_> = LABS.iter().map(|lab| lab.text).collect();
    for (n, text) in texts.iter().enumerate() {
        assert!(
            !texts[n + 1..].contains(text),
            "two labs share the text {:?}",
            text[0]
        );
    }
}

#[test]
fn every_pages_terms_read_back_and_are_in_the_text_they_link() {
    let mut linked = 0;
    for lang in [Lang::En, Lang::Zh] {
        for page in Page::all() {
            let written = page_terms(page, lang);
            for &panel in page.panels() {
                let labs = LabId::under(panel)
                    .map(LabId::lab)
                    .map(|lab| (lab.anchor, lab.text[lang.index()]));
                for (anchor, text) in
                    std::iter::once((panel.anchor(), lang.t(panel_text(panel)))).chain(labs)
                {
                    let decided = panel_terms(page, lang, anchor);
                    assert_eq!(
                        terms_of(&written, anchor),
                        decided,
                        "{page:?} {lang:?} {anchor}"
                    );
                    // In order, each after the one before, as `with_term_buttons` finds them.
                    let mut rest = text;
                    for (id, words) in &decided {
                        let at = rest.find(words.as_str()).unwrap_or_else(|| {
                            panic!("{page:?} {lang:?} {anchor}: {id} ({words}) not in its text")
                        });
                        rest = &rest[at + words.len()..];
                        linked += 1;
                    }
                }
            }
        }
    }
    // Most of the glossary is met first in a panel's or a lab's explanation.
    assert!(linked > 60, "{linked} terms linked in panels and labs");
}

/// Every page in both languages, as the prerender writes it: each term button's words are a whole
/// term in the sentence around them, never part of a longer word (a link on 差值 would teach it
/// the meaning of 值, "value: the vector a token contributes"). Checked on the characters next
/// to each button, independently of how the page chose them: a Latin term has no letter or digit
/// beside it, a one-character Chinese term no Han character beside it but the joiners 和 与 及 或.
#[test]
fn no_term_is_linked_inside_a_longer_word_on_any_page() {
    use std::sync::Arc;

    use hydration_context::SsrSharedContext;
    use leptos::prelude::*;
    use pe_explorer::lesson::{from_query, to_query, Params};
    use pe_explorer::ui::App;

    let han = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    let glossary =
        pe_explorer::lesson::course::parse_glossary(pe_explorer::lesson::course::GLOSSARY_TEXT)
            .expect("the glossary reads");
    let zh_names: Vec<String> = glossary
        .iter()
        .flat_map(|term| term.names[1].clone())
        .collect();
    let mut buttons = 0;
    for lang in [Lang::En, Lang::Zh] {
        for page in Page::all() {
            let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
            let opening = from_query(&to_query(&Params {
                lang,
                ..Params::default()
            }));
            let html = owner.with(|| view! { <App opening page /> }.to_html());
            // Leptos marks text boundaries with comments; they are not text.
            let html = html.replace("<!>", "").replace("<!---->", "");
            for (tag_end, _) in html.match_indices(r#" class="term">"#) {
                let at = html[..tag_end]
                    .rfind("<button")
                    .expect("a term is a button");
                let inner = tag_end + r#" class="term">"#.len();
                let close = inner + html[inner..].find("</button>").expect("the button closes");
                let words = &html[inner..close];
                let before = html[..at].chars().next_back();
                let after = html[close + "</button>".len()..].chars().next();
                let beside = [before, after];
                if words.is_ascii() {
                    assert!(
                        !beside.iter().flatten().any(|c| c.is_ascii_alphanumeric()),
                        "{page:?} {lang:?}: {words:?} inside a word ({before:?} … {after:?})"
                    );
                } else if let Some(name) = zh_names.iter().find(|name| {
                    name.len() > words.len()
                        && name.match_indices(words).any(|(o, _)| {
                            html[..at].ends_with(&name[..o])
                                && html[close + "</button>".len()..]
                                    .starts_with(&name[o + words.len()..])
                        })
                }) {
                    panic!("{page:?} {lang:?}: {words:?} linked inside the longer term {name:?}");
                } else if words.chars().count() == 1 {
                    assert!(
                        beside
                            .iter()
                            .flatten()
                            .all(|&c| !han(c) || "和与及或".contains(c)),
                        "{page:?} {lang:?}: {words:?} inside a word ({before:?} … {after:?})"
                    );
                }
                buttons += 1;
            }
        }
    }
    assert!(buttons > 200, "{buttons} term buttons on the pages");
}
