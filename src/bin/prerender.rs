//! The build-time prerender (trunk's post-build hook, scripts/post_build.py): renders the app
//! with its default state to HTML, natively, with the same components as the page, and puts it in
//! the staged `index.html`. The page's text is then on screen before the wasm has arrived; when
//! it has, `main.rs` mounts the live app in its place in one task (no frame shows both). It also
//! writes the Chinese texts to `zh.txt` (src/i18n/chinese.rs).
//!
//! Usage: `prerender <staging dir>` (or `TRUNK_STAGING_DIR`), built with
//! `--no-default-features --features ssr`.

use std::sync::Arc;

use hydration_context::SsrSharedContext;
use leptos::prelude::*;
use pe_explorer::lesson::steps::STEP_PANELS;
use pe_explorer::lesson::{from_query, Lang};
use pe_explorer::ui::{App, PRERENDERED_ID};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("TRUNK_STAGING_DIR").ok())
        .unwrap_or_else(|| "dist".to_owned());
    let dir = std::path::Path::new(&dir);
    let path = dir.join("index.html");
    let template = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("prerender: cannot read {}: {e}", path.display()));

    // One page per language, each prerendered in its own language, so a Chinese link shows
    // Chinese from its first paint: index.html and zh/index.html.
    for lang in [Lang::En, Lang::Zh] {
        let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
        let query = format!("lang={}", lang.code());
        let app = owner.with(|| view! { <App opening=from_query(&query) /> }.to_html());
        let app = without_test_ids(&app);
        let page = with_prerendered(&template, &app)
            .unwrap_or_else(|| panic!("prerender: {} has no <body>", path.display()));
        let page = in_folder(&page, lang);
        let folder = dir.join(language_folder(lang));
        std::fs::create_dir_all(&folder)
            .unwrap_or_else(|e| panic!("prerender: cannot make {}: {e}", folder.display()));
        let file = folder.join("index.html");
        std::fs::write(&file, &page)
            .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", file.display()));
        println!(
            "prerender: {} bytes of the app's HTML written into {}",
            app.len(),
            file.display()
        );
    }
    // The Chinese texts, which the page's wasm does not carry (src/i18n/chinese.rs).
    let chinese = dir.join(pe_explorer::i18n::chinese::CHINESE_FILE);
    std::fs::write(&chinese, pe_explorer::i18n::chinese::file_text())
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", chinese.display()));
}

/// The folder of a language's page, below the site's root: the root itself for English.
fn language_folder(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "",
        Lang::Zh => "zh",
    }
}

/// `page` (trunk's page, whose files are named from the site's root as `./file`) as the page
/// of `lang`'s folder: `<html lang>` in that language, and every file named from one folder
/// down, the way up written in `data-root` too (the page's scripts and wasm name the site's
/// other files through it: `ui::net::site_file`, the loader's `peTools`).
fn in_folder(page: &str, lang: Lang) -> String {
    let root = match language_folder(lang) {
        "" => "",
        _ => "../",
    };
    // The whole start tag, whatever trunk's minifier left of index.html's `<html lang="en">`.
    let start = page
        .find("<html")
        .expect("prerender: the page has no <html>");
    let end = start
        + page[start..]
            .find('>')
            .expect("prerender: <html> is not closed")
        + 1;
    let page = format!(
        "{}<html lang=\"{}\" data-root=\"{root}\">{}",
        &page[..start],
        lang.html_tag(),
        &page[end..]
    );
    if root.is_empty() {
        return page;
    }
    // Only the head names files; the prerendered body links within the page (`#rope`). A name
    // starts after a quote, a backtick (the minified loader) or `=` (an unquoted attribute).
    let body = page.find("<body").unwrap_or(page.len());
    let mut head = page[..body].to_owned();
    for before in ["\"", "'", "`", "="] {
        head = head.replace(&format!("{before}./"), &format!("{before}{root}"));
    }
    format!("{head}{}", &page[body..])
}

/// `html` without its `data-testid` attributes: the tests find the live page's elements by
/// them, and the static copy, replaced before anyone can use it, need not carry them
/// (1.3 KB of the initial load; docs/bundle.md).
fn without_test_ids(html: &str) -> String {
    const ATTRIBUTE: &str = r#" data-testid=""#;
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(ATTRIBUTE) {
        out.push_str(&rest[..at]);
        let value = &rest[at + ATTRIBUTE.len()..];
        rest = value.find('"').map_or("", |end| &value[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// `page` with `app` as the first thing in its body, inside the element `main.rs` replaces
/// (a page already prerendered has its old copy replaced: `trunk serve` rebuilds in place).
fn with_prerendered(page: &str, app: &str) -> Option<String> {
    // `inert`: a click or a key on the static copy would be lost when the app replaces it.
    let open = format!(r#"<div id="{PRERENDERED_ID}" inert>"#);
    // The element the head's `<link rel="expect" blocking="render">` waits for.
    let close = r#"<span id="prerendered-end"></span></div><!--prerendered-->"#;
    let page = match (page.find(&open), page.find(close)) {
        (Some(start), Some(end)) => format!("{}{}", &page[..start], &page[end + close.len()..]),
        _ => page.to_owned(),
    };
    let body = page.find("<body")?;
    let body_end = body + page[body..].find('>')? + 1;
    Some(format!(
        "{}{open}{app}{}{close}{}",
        &page[..body_end],
        step_script(),
        &page[body_end..]
    ))
}

/// A script at the end of the static page, run before its first paint: a link to a lesson step
/// (`?step=9`, no anchor) opens at the step's panel (`lesson::steps::STEP_PANELS`), so what the
/// reader sees first is what the step is about, not the top of the page until the wasm and then
/// the teacher's tools arrive (they show the same panel: nothing moves then).
fn step_script() -> String {
    let panels: Vec<String> = STEP_PANELS
        .iter()
        .map(|panel| format!("\"{}\"", panel.anchor()))
        .collect();
    format!(
        "<script>(() => {{ const panels = [{}]; \
         const step = Number(new URLSearchParams(location.search).get(\"step\")); \
         if (!location.hash && step >= 1 && step <= panels.length) \
         document.getElementById(panels[step - 1])?.scrollIntoView(); }})();</script>",
        panels.join(",")
    )
}
