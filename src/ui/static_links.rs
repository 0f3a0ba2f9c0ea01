//! The course's static parts follow the state: their links carry its values and the contents
//! leave out what a teacher link hides; a change of language is a visit to the other language's
//! page with the same values.

use super::context::Lesson;
use super::dom::found;
use super::net::language_page;
use crate::lesson::chapters::Page;
use crate::lesson::{to_query, Field, Lang, PanelId, Params};
use leptos::prelude::*;

/// The query of `params` as a link to another page of the course writes it: every value but
/// the lesson step (a chapter's link opens the chapter, not lesson mode), or `step` if given.
fn query_for_link(params: &Params, step: usize) -> String {
    let query = to_query(&Params { step, ..*params });
    if query.is_empty() {
        query
    } else {
        format!("?{query}")
    }
}

/// The course's static links (`course.rs`, `data-keep-query`) carry the state's values, so a
/// teacher's values, hidden panels and locks go with the class from chapter to chapter; a
/// check-yourself question's link (`data-step`) opens its lesson step with them.
pub fn keep_query_in_links(params: &Params) {
    for link in found(document().query_selector_all("a[data-keep-query]")) {
        let href = link.get_attribute("href").unwrap_or_default();
        let (address, hash) = href.split_at(href.find('#').unwrap_or(href.len()));
        let path = address.split('?').next().unwrap_or_default();
        let step = link
            .get_attribute("data-step")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let query = query_for_link(params, step);
        // `?…` alone would drop the page's path: a link within the page names it as `./`.
        let path = if path.is_empty() && !query.is_empty() {
            "./"
        } else {
            path
        };
        let _ = link.set_attribute("href", &format!("{path}{query}{hash}"));
    }
}

/// The course's static parts follow the state: their links carry its values, the contents
/// leave out the hidden panels. For each page visited inside the app; from the start, two
/// effects do the same after each change (a student link's restrictions go with every link from
/// its first page).
pub fn follow_state_in_static_links(lesson: Lesson) {
    lesson.params.with(keep_query_in_links);
    keep_hidden_list(lesson);
}

/// Keeps `<html data-hide>`, the names of what the link hides, in step with the state: the
/// page's rules hide each control, header tool, panel and contents entry whose `data-hide-as`
/// it names (src/bin/prerender.rs: `hidden_style`). The page's first script writes it from the
/// address before the first paint (index.html), so that neither the prerendered copy of a page
/// nor the one a visit swaps in shows, or makes room for, anything hidden; the live views hide
/// the same with `hidden`.
pub fn keep_hidden_list(lesson: Lesson) {
    let controls = Field::ALL
        .into_iter()
        .filter(|field| lesson.hidden(*field))
        .map(Field::symbol);
    let panels = PanelId::ALL
        .into_iter()
        .filter(|panel| lesson.panel_hidden(*panel))
        .map(PanelId::anchor);
    let names = controls.chain(panels).collect::<Vec<_>>().join(" ");
    let Some(root) = document().document_element() else {
        return;
    };
    if names.is_empty() {
        let _ = root.remove_attribute("data-hide");
    } else if root.get_attribute("data-hide").as_deref() != Some(names.as_str()) {
        let _ = root.set_attribute("data-hide", &names);
    }
}

/// Goes to the page of `lang` for the same place of the course, in the state `params`.
pub fn go_to_language(lang: Lang, page: Page, params: &Params) {
    let mut query = query_for_link(&Params { lang, ..*params }, params.step);
    // The labs' values and which labs are open go along (the page's own values are the state's).
    let location = window().location();
    let labs = crate::lesson::labs::lab_pairs(&location.search().unwrap_or_default());
    if !labs.is_empty() {
        query.push(if query.is_empty() { '?' } else { '&' });
        query.push_str(&labs);
    }
    let hash = location.hash().unwrap_or_default();
    let _ = location.assign(&format!("{}{query}{hash}", language_page(lang, page)));
}
