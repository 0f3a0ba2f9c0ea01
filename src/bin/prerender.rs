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
use pe_explorer::lesson::chapters::{chapter_of, chapter_of_step, Page, CHAPTERS, COURSE_META};
use pe_explorer::lesson::handout::{handout_path, HandoutKind};
use pe_explorer::lesson::labs::{lab_prefixes, LabId, LABS};
use pe_explorer::lesson::playlist::PlanId;
use pe_explorer::lesson::query::field_value;
use pe_explorer::lesson::steps::{LessonPlan, NoteKind, STEP_PANELS};
use pe_explorer::lesson::{from_query, Field, Lang, PanelId, Params};
use pe_explorer::ui::handout::handout_page;
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

    // Every page of the course (the contents, each chapter, the glossary) once per language,
    // each prerendered in its own language, so a Chinese link shows Chinese from its first
    // paint: index.html, rope/index.html, zh/index.html, zh/rope/index.html, ….
    let mut pages = Vec::new();
    let mut chapter_canvases = vec![Vec::new(); CHAPTERS.len()];
    for lang in [Lang::En, Lang::Zh] {
        for page in Page::all() {
            let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
            let query = format!("lang={}", lang.code());
            let app = owner.with(|| view! { <App opening=from_query(&query) page /> }.to_html());
            if let (Lang::En, Page::Chapter(n)) = (lang, page) {
                chapter_canvases[n] = canvas_ids(&app);
            }
            let app = without_test_ids(&app);
            let html = with_prerendered(&template, &app)
                .unwrap_or_else(|| panic!("prerender: {} has no <body>", path.display()));
            let html = in_folder(&html, lang, page);
            let folder = page_folder(lang, page);
            let dir = dir.join(&folder);
            std::fs::create_dir_all(&dir)
                .unwrap_or_else(|e| panic!("prerender: cannot make {}: {e}", dir.display()));
            let file = dir.join("index.html");
            std::fs::write(&file, &html)
                .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", file.display()));
            println!(
                "prerender: {} bytes of the app's HTML written into {}",
                app.len(),
                file.display()
            );
            pages.push(if folder.is_empty() {
                "./".to_owned()
            } else {
                folder
            });
        }
    }
    // Each lesson plan's printed handouts, in both languages (src/ui/handout.rs).
    let lesson = LessonPlan::parse(include_str!("../../assets/lesson.txt"))
        .unwrap_or_else(|e| panic!("prerender: assets/lesson.txt: {e:?}"));
    for lang in [Lang::En, Lang::Zh] {
        for plan in PlanId::ALL {
            for kind in HandoutKind::ALL {
                let path = handout_path(lang, plan, kind);
                let root = "../".repeat(path.matches('/').count());
                let owner = Owner::new_root(None);
                let html = owner
                    .with(|| handout_page(&lesson, plan, kind, lang, &root))
                    .unwrap_or_else(|| panic!("prerender: the lesson has no plan {plan:?}"));
                let file = dir.join(&path);
                if let Some(folder) = file.parent() {
                    std::fs::create_dir_all(folder).unwrap_or_else(|e| {
                        panic!("prerender: cannot make {}: {e}", folder.display())
                    });
                }
                std::fs::write(&file, html)
                    .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", file.display()));
            }
        }
    }
    // Each chapter's exam sheet to print alone, beside the handouts (the summary page links them).
    for lang in [Lang::En, Lang::Zh] {
        let folder = dir.join(page_folder(lang, Page::Home)).join("print");
        std::fs::create_dir_all(&folder)
            .unwrap_or_else(|e| panic!("prerender: cannot make {}: {e}", folder.display()));
        let root = "../".repeat(usize::from(lang == Lang::Zh) + 1);
        for n in 0..pe_explorer::lesson::chapters::CHAPTERS.len() {
            let owner = Owner::new_root(None);
            let html = owner.with(|| pe_explorer::ui::course::sheet_page(n, lang, &root));
            let file = folder.join(pe_explorer::ui::course::sheet_file(n));
            std::fs::write(&file, html)
                .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", file.display()));
        }
    }
    // The service worker keeps every page for offline visits (assets/sw.js: `const PAGES`).
    let worker = dir.join("sw.js");
    if let Ok(text) = std::fs::read_to_string(&worker) {
        let list: Vec<String> = pages.iter().map(|p| format!("'{p}'")).collect();
        let text = with_pages_listed(&text, &list.join(", ")).unwrap_or_else(|| {
            panic!(
                "prerender: {} has no `const PAGES = [...]`",
                worker.display()
            )
        });
        std::fs::write(&worker, text)
            .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", worker.display()));
    }
    // The app's declarations for the browser tests, which read them instead of copying them.
    let manifest_file = dir.join(MANIFEST_FILE);
    std::fs::write(&manifest_file, manifest(&lesson, &chapter_canvases))
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", manifest_file.display()));
    // The Chinese texts, which the page's wasm does not carry (src/i18n/chinese.rs).
    let chinese = dir.join(pe_explorer::i18n::chinese::CHINESE_FILE);
    std::fs::write(&chinese, pe_explorer::i18n::chinese::file_text())
        .unwrap_or_else(|e| panic!("prerender: cannot write {}: {e}", chinese.display()));
}

/// The manifest's file in the built site: what the browser tests know of the app
/// (tests/browser/harness.mjs reads it), beside the pages it describes.
const MANIFEST_FILE: &str = "app-manifest.json";

/// The app's declarations as JSON, so that no browser test keeps its own copy of a Rust list:
///
/// - `params`: the URL's parameters in the order links write them (`Field::ALL`), each with the
///   value a link leaves out (`Params::default()` as `to_query` spells it; none for `lang`,
///   which every link writes);
/// - `labPrefixes`: the open labs' key and each lab's prefix for its own values;
/// - `labs`: each lab's name in `labs=`, its heading's anchor and its panel;
/// - `chapters`: each chapter's folder, its panels and the test ids of the canvases its page
///   renders (`canvases`, read from the prerendered chapter);
/// - `steps`: each lesson step's panel (`STEP_PANELS`), chapter, and from `assets/lesson.txt` as
///   `LessonPlan` reads it its lab, whether its answer is a run's, its minutes and its texts in
///   both languages (question, reveal, answer, short reveal, words, the teacher's notes);
/// - `plans`: each lesson plan's id, steps, title and aim.
fn manifest(lesson: &LessonPlan, canvases: &[Vec<String>]) -> String {
    use serde_json::json;
    let defaults = Params::default();
    let params: Vec<_> = Field::ALL
        .iter()
        .map(|&field| {
            json!({
                "name": field.symbol(),
                "default": (field != Field::Lang).then(|| field_value(&defaults, field)),
            })
        })
        .collect();
    let labs: Vec<_> = LabId::ALL
        .iter()
        .map(|lab| {
            json!({
                "name": lab.link_name(),
                "anchor": lab.anchor(),
                "panel": lab.panel().anchor(),
            })
        })
        .collect();
    let chapters: Vec<_> = CHAPTERS
        .iter()
        .zip(canvases)
        .map(|(chapter, canvases)| {
            json!({
                "id": chapter.id,
                "panels": chapter.panels.iter().map(|p| p.anchor()).collect::<Vec<_>>(),
                "canvases": canvases,
            })
        })
        .collect();
    // A text of the lesson in both languages, as `{ "en": …, "zh": … }`.
    let both = |text: &dyn Fn(Lang) -> serde_json::Value| json!({ "en": text(Lang::En), "zh": text(Lang::Zh) });
    let steps: Vec<_> = STEP_PANELS
        .iter()
        .enumerate()
        .map(|(n, panel)| {
            let step = n + 1;
            json!({
                "panel": panel.anchor(),
                "chapter": chapter_of_step(step).map(|c| CHAPTERS[c].id),
                "lab": lesson.lab(step).map(LabId::link_name),
                "run": lesson.run(step).is_some(),
                "minutes": lesson.minutes(step),
                "question": both(&|lang| lesson.question(step, lang).into()),
                "reveal": both(&|lang| lesson.reveal(step, lang).into()),
                "answer": both(&|lang| lesson.answer(step, lang).into()),
                "short": both(&|lang| lesson.short_reveal(step, lang).into()),
                "words": both(&|lang| lesson.words(step, lang).into()),
                "notes": both(&|lang| {
                    NoteKind::ALL
                        .iter()
                        .map(|&kind| (kind.word().to_owned(), lesson.note(step, lang, kind).into()))
                        .collect::<serde_json::Map<_, _>>()
                        .into()
                }),
            })
        })
        .collect();
    let plans: Vec<_> = lesson
        .plans()
        .iter()
        .map(|plan| {
            json!({
                "id": plan.id,
                "steps": plan.steps,
                "title": { "en": plan.titles[0], "zh": plan.titles[1] },
                "aim": { "en": plan.aims[0], "zh": plan.aims[1] },
            })
        })
        .collect();
    let manifest = json!({
        "params": params,
        "labPrefixes": lab_prefixes().collect::<Vec<_>>(),
        "labs": labs,
        "chapters": chapters,
        "steps": steps,
        "plans": plans,
    });
    serde_json::to_string_pretty(&manifest).expect("plain JSON values")
}

/// The test ids of the canvases in `html`, in page order (`data-testid="canvas-…"`).
fn canvas_ids(html: &str) -> Vec<String> {
    const ATTRIBUTE: &str = r#"data-testid=""#;
    html.split(ATTRIBUTE)
        .skip(1)
        .filter_map(|rest| Some(&rest[..rest.find('"')?]))
        .filter(|id| id.starts_with("canvas-"))
        .map(str::to_owned)
        .collect()
}

/// The folder of `page` in `lang`, below the site's root (`zh/rope/`; "" for the English
/// contents, the site's root itself).
fn page_folder(lang: Lang, page: Page) -> String {
    let language = match lang {
        Lang::En => "",
        Lang::Zh => "zh/",
    };
    match page.folder() {
        "" => language.to_owned(),
        folder => format!("{language}{folder}/"),
    }
}

/// `text` (assets/sw.js) with its list of pages replaced by `pages`.
fn with_pages_listed(text: &str, pages: &str) -> Option<String> {
    const START: &str = "const PAGES = [";
    let start = text.find(START)? + START.len();
    let end = start + text[start..].find("];")?;
    Some(format!("{}{pages}{}", &text[..start], &text[end..]))
}

/// What the page's first script needs to send an old link to its chapter's page (index.html):
/// the chapters' folders, the chapter of each panel's and lab's anchor, and of each lesson step,
/// and each lab's panel.
fn link_targets() -> String {
    let folders: Vec<&str> = CHAPTERS.iter().map(|c| c.id).collect();
    let mut anchors: Vec<String> = PanelId::ALL
        .iter()
        .map(|p| format!("{}:{}", p.anchor(), chapter_of(*p)))
        .collect();
    anchors.extend(
        LABS.iter()
            .map(|lab| format!("{}:{}", lab.anchor, chapter_of(lab.panel))),
    );
    let steps: Vec<String> = (1..=STEP_PANELS.len())
        .map(|step| chapter_of_step(step).unwrap_or(0).to_string())
        .collect();
    // The panel of each lab, for an embedded lab's page (`embed=lab-xpos` shows the RoPE panel).
    let lab_panels: Vec<String> = LABS
        .iter()
        .map(|lab| format!("{}:{}", lab.anchor, lab.panel.anchor()))
        .collect();
    // The panel of each step, and the steps of each plan: a link to a plan (`lesson=rope`) or a
    // list (`steps=9,5`) without a step opens at its first step whose panel the link does not
    // hide, as the tools will (`LessonPlan::sequence`).
    let step_panels: Vec<&str> = STEP_PANELS.iter().map(|panel| panel.anchor()).collect();
    let lesson = LessonPlan::parse(include_str!("../../assets/lesson.txt"))
        .unwrap_or_else(|e| panic!("prerender: assets/lesson.txt: {e:?}"));
    let plans: Vec<String> = PlanId::ALL
        .iter()
        .filter_map(|&id| {
            let steps: Vec<String> = lesson
                .plan(id)?
                .steps
                .iter()
                .map(usize::to_string)
                .collect();
            Some(format!("{}:{}", id.code(), steps.join(",")))
        })
        .collect();
    format!(
        r#" data-chapters="{}" data-where="{}" data-steps="{}" data-lab-panels="{}" data-step-panels="{}" data-plans="{}""#,
        folders.join(" "),
        anchors.join(" "),
        steps.join(" "),
        lab_panels.join(" "),
        step_panels.join(" "),
        plans.join(" ")
    )
}

/// `html` (trunk's page, whose files are named from the site's root as `./file`) as `page` in
/// `lang`'s folder: `<html lang>` in that language, `data-page` naming the page, and every file
/// named from its folder, the way up written in `data-root` too (the page's scripts and wasm
/// name the site's other files through it: `ui::net::site_file`, the loader's `peTools`); a
/// Chinese page also preloads its texts.
fn in_folder(html: &str, lang: Lang, page: Page) -> String {
    let root = "../".repeat(page.depth(lang == Lang::Zh));
    let page_name = page.folder();
    // The glossary terms the live panels link (ui::course::panel_terms).
    let terms = pe_explorer::ui::course::page_terms(page, lang)
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    let page = html;
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
        "{}<html lang=\"{}\" data-root=\"{root}\" data-page=\"{page_name}\">{}",
        &page[..start],
        lang.html_tag(),
        &page[end..]
    );
    // The course's map and the page's terms, after the charset (which must be within the first
    // 1 024 bytes, so not behind them on `<html>`). A Chinese page's texts for its wasm
    // (`i18n::chinese`) are preloaded there too, before the loader's script starts the wasm's
    // fetch: they are fetched with the page and first, where the wasm, once started, asked for
    // them and waited a round trip before drawing in Chinese; the wasm's own request for the same
    // address takes this one.
    let charset = page
        .find("<meta charset")
        .expect("prerender: the page has no <meta charset>");
    let after = charset + page[charset..].find('>').expect("prerender: <meta charset") + 1;
    let texts = if lang == Lang::Zh {
        format!(
            r#"<link rel="preload" href="{root}{}" as="fetch" crossorigin>"#,
            pe_explorer::i18n::chinese::file_address()
        )
    } else {
        String::new()
    };
    let page = format!(
        "{}<meta name=\"{COURSE_META}\" content=\"\" data-terms=\"{terms}\"{}>{}{texts}{}",
        &page[..after],
        link_targets(),
        hidden_style(),
        &page[after..]
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

/// The rules that hide what a teacher's link hides (`hide=`) from the first paint: the page's
/// first script names the link's `hide=` list in `<html data-hide>` (index.html), the page keeps
/// it in step with its state (`ui::shell`), and each control, header tool, panel and contents
/// entry a name hides carries `data-hide-as="<name>"`. A `<style>` of the page's own (the
/// Content-Security-Policy names it by its hash, scripts/csp.py), written from the names `hide=`
/// accepts.
fn hidden_style() -> String {
    // A control's aliases (`hide=amplitude` for `amp`) hide it too.
    let selectors: Vec<String> = pe_explorer::lesson::query::names_for(Field::Hide)
        .flat_map(|name| {
            let aliases = Field::from_key(name).map_or(&[][..], |field| field.param().aliases);
            std::iter::once(name)
                .chain(aliases.iter().copied())
                .map(move |given| format!("[data-hide~=\"{given}\"] [data-hide-as=\"{name}\"]"))
        })
        .collect();
    format!(
        "<style>{}{{display:none!important}}</style>",
        selectors.join(",")
    )
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
/// (`?step=9`, or a plan's or a list's first step: the first script's `<html data-open-step>`,
/// index.html) is in lesson mode from its first paint, its panel marked and what the step masks
/// until Reveal masked (`<html data-lesson-panel data-mask>`, the rules in style/main.css), as
/// the teacher's tools will mark it once they have arrived; without an anchor it opens at the
/// step's panel (`lesson::steps::STEP_PANELS`), so what the reader sees first is what the step
/// is about, and nothing moves when the tools arrive. (A link the state does not take into
/// lesson mode has both attributes taken away by the page: `shell::start`.) The scroll waits
/// for the first frame: asked for while the page is still being parsed, it forced a layout of
/// the whole page inside the parse (≈100 ms on a throttled phone, as one long task after the
/// first paint), and the frame lays the page out anyway.
fn step_script() -> String {
    let lesson = LessonPlan::parse(include_str!("../../assets/lesson.txt"))
        .unwrap_or_else(|e| panic!("prerender: assets/lesson.txt: {e:?}"));
    let masks: Vec<String> = (1..=STEP_PANELS.len())
        .map(|step| format!("\"{}\"", lesson.masks(step).join(" ")))
        .collect();
    format!(
        "<script>(() => {{ const masks = [{}]; const root = document.documentElement; \
         const step = Number(root.dataset.openStep); \
         const panel = (document.querySelector('meta[name=\"pe-course\"]')?.dataset.stepPanels ?? \"\").split(\" \")[step - 1]; \
         if (!panel) return; \
         root.setAttribute(\"data-lesson-panel\", panel); \
         if (masks[step - 1]) root.setAttribute(\"data-mask\", masks[step - 1]); \
         if (!location.hash) requestAnimationFrame(() => document.getElementById(panel)?.scrollIntoView()); }})();</script>",
        masks.join(",")
    )
}
