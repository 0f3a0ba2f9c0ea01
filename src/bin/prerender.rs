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
use pe_explorer::lesson::from_query;
use pe_explorer::ui::{App, PRERENDERED_ID};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("TRUNK_STAGING_DIR").ok())
        .unwrap_or_else(|| "dist".to_owned());
    let path = std::path::Path::new(&dir).join("index.html");
    let page = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("prerender: cannot read {}: {e}", path.display()));

    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let app = owner.with(|| view! { <App opening=from_query("") /> }.to_html());
    // The English the page's wasm reads from this page must be on it, word for word.
    let missing = pe_explorer::i18n::page::page_mismatches(&app);
    assert!(
        missing.is_empty(),
        "prerender: these #[page] texts are not on the default page as written: {missing:?}"
    );
    // So must the formulas it reads from the page (src/ui/math.rs).
    let missing = pe_explorer::ui::math::math_mismatches(&app);
    assert!(
        missing.is_empty(),
        "prerender: these formulas are not on the default page as written: {missing:?}"
    );
    let app = without_test_ids(&app);
    let page = with_prerendered(&page, &app)
        .unwrap_or_else(|| panic!("prerender: {} has no <body>", path.display()));
    std::fs::write(&path, &page)
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", path.display()));
    println!(
        "prerender: {} bytes of the app's HTML written into {}",
        app.len(),
        path.display()
    );
    // The Chinese texts, which the page's wasm does not carry (src/i18n/chinese.rs).
    let chinese = std::path::Path::new(&dir).join(pe_explorer::i18n::chinese::CHINESE_FILE);
    std::fs::write(&chinese, pe_explorer::i18n::chinese::file_text())
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", chinese.display()));
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
        "{}{open}{app}{close}{}",
        &page[..body_end],
        &page[body_end..]
    ))
}
