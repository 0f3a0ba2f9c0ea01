//! The glossary terms the live panels and labs link (issue 37): what the prerender writes into a
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
