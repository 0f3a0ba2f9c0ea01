//! The build-time prerender (trunk's post-build hook, scripts/post_build.py): renders the app
//! with its default state to HTML, natively, with the same components as the page, and puts it in
//! the staged `index.html`. The page's text is then on screen before the wasm has arrived; when
//! it has, `main.rs` mounts the live app in its place in one task (no frame shows both).
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
    let page = with_prerendered(&page, &app)
        .unwrap_or_else(|| panic!("prerender: {} has no <body>", path.display()));
    std::fs::write(&path, &page)
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", path.display()));
    println!(
        "prerender: {} bytes of the app's HTML written into {}",
        app.len(),
        path.display()
    );
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
