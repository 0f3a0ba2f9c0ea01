//! The architecture docs name code that exists: every file path, module path (`lesson::labs::LABS`),
//! `Type::item` and identifier written in backticks in them is found in the repository, so a
//! rename or a removal that leaves a recipe pointing at nothing fails here, not in the hands of
//! the next person who follows it.

mod common;

use std::fs;
use std::path::Path;

/// The docs whose references are checked: the map and recipes, and the internals they point to.
const DOCS: [&str; 2] = ["docs/architecture.md", "docs/internals.md"];

/// The crate's top-level modules: a backticked path starting with one is a module path.
const MODULES: [&str; 7] = ["encoding", "lesson", "render", "i18n", "ui", "export", "qr"];

/// Where a relative file name in the docs may live, besides the repository's root.
const FOLDERS: [&str; 4] = ["", "src/", "tests/browser/", "style/"];

/// The extensions of the repository's own files (a backticked name with another one, or none,
/// is a site address or a URL, not a file to look for).
const EXTENSIONS: [&str; 12] = [
    ".rs", ".mjs", ".js", ".md", ".txt", ".css", ".toml", ".sh", ".py", ".html", ".json", ".bin",
];

/// The text of every source file of the repository (not its build output or installed
/// packages), for identifiers the docs name without a file.
fn corpus() -> String {
    fn walk(dir: &Path, out: &mut String) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            // (Not this file: its examples of stale names would be found in it.)
            if name.starts_with('.')
                || [
                    "node_modules",
                    "target",
                    "dist",
                    "tools",
                    "doc_references.rs",
                ]
                .contains(&name.as_str())
            {
                continue;
            }
            if path.is_dir() {
                walk(&path, out);
            } else if EXTENSIONS.iter().any(|e| name.ends_with(e))
                && !name.ends_with(".bin")
                && let Ok(text) = fs::read_to_string(&path)
            {
                out.push_str(&text);
                out.push('\n');
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = String::new();
    for dir in [
        "src", "tests", "scripts", "assets", "style", "examples", "benches",
    ] {
        walk(&root.join(dir), &mut out);
    }
    for file in ["index.html", "Trunk.toml", "Makefile", "Cargo.toml"] {
        out.push_str(&fs::read_to_string(root.join(file)).unwrap_or_default());
    }
    out
}

/// Whether `word` occurs in `text` as a whole identifier (not inside a longer one).
fn has_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The backticked spans of a Markdown text, outside fenced code blocks.
fn spans(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            out.push(inside.to_string());
        }
        // An odd number of backticks: the last span is unclosed on this line (`parts` ran out).
    }
    out
}

/// The file a module path's leading segments name (`lesson::labs` → `src/lesson/labs/mod.rs`),
/// with how many segments it took; the rest are items inside it.
fn module_file(segments: &[&str]) -> Option<(String, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    (1..=segments.len()).rev().find_map(|n| {
        let dir = segments[..n].join("/");
        [format!("src/{dir}.rs"), format!("src/{dir}/mod.rs")]
            .into_iter()
            .find(|file| root.join(file).is_file())
            .map(|file| (file, n))
    })
}

/// What is wrong with one backticked reference, if it names code that is not there.
fn problem(span: &str, corpus: &str) -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let span = span.trim().trim_end_matches("()");
    let identifier = |s: &str| {
        s.chars().any(|c| c.is_ascii_alphanumeric())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '!')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    // A file, perhaps with an item: `ui/net.rs::with_chinese`.
    if span.contains('/') && !span.contains(char::is_whitespace) {
        let (file, item) = span
            .split_once("::")
            .map_or((span, None), |(f, i)| (f, Some(i)));
        let checked = EXTENSIONS.iter().any(|e| file.ends_with(e))
            || (file.ends_with('/')
                && [
                    "src/",
                    "tests/",
                    "assets/",
                    "docs/",
                    "style/",
                    "scripts/",
                    "examples/",
                ]
                .iter()
                .any(|top| file.starts_with(top)));
        if !checked || file.contains(['<', '?', '*', '…', '{']) || file.starts_with("zh/") {
            return None;
        }
        let Some(found) = FOLDERS
            .iter()
            .map(|f| root.join(format!("{f}{file}")))
            .find(|p| p.exists())
        else {
            return Some(format!("no file `{file}`"));
        };
        if let Some(item) = item.filter(|i| identifier(i)) {
            let text = fs::read_to_string(&found).unwrap_or_default();
            if !has_word(&text, item.trim_end_matches('!')) {
                return Some(format!("`{file}` has no `{item}`"));
            }
        }
        return None;
    }
    let segments: Vec<&str> = span.trim_start_matches("crate::").split("::").collect();
    if segments.len() > 1 && segments.iter().all(|s| identifier(s)) {
        // A module path: `lesson::labs::LABS`.
        if MODULES.contains(&segments[0]) {
            let Some((file, taken)) = module_file(&segments) else {
                return Some(format!("no module file for `{span}`"));
            };
            let text = common::read(&file);
            return segments[taken..]
                .iter()
                .find(|item| !has_word(&text, item.trim_end_matches('!')))
                .map(|item| format!("`{file}` has no `{item}` (from `{span}`)"));
        }
        // `Type::item`: the type declared somewhere, the item named somewhere.
        if segments[0].starts_with(|c: char| c.is_ascii_uppercase()) {
            let declared = ["struct", "enum", "trait", "type", "union"]
                .iter()
                .any(|kind| has_word(corpus, &format!("{kind} {}", segments[0])));
            if !declared {
                return Some(format!("no type `{}` (from `{span}`)", segments[0]));
            }
            return segments[1..]
                .iter()
                .find(|item| !has_word(corpus, item))
                .map(|item| format!("no `{item}` anywhere (from `{span}`)"));
        }
        return None;
    }
    // One identifier that is code (snake_case with an underscore, CamelCase, or a macro).
    if identifier(span) {
        let name = span.trim_end_matches('!');
        let code_like = name.contains('_')
            || span.ends_with('!')
            || (name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().skip(1).any(|c| c.is_ascii_lowercase())
                && name.chars().skip(1).any(|c| c.is_ascii_uppercase()));
        if code_like {
            let found = if span.ends_with('!') {
                has_word(corpus, &format!("macro_rules! {name}"))
            } else {
                has_word(corpus, name)
            };
            if !found {
                return Some(format!("no `{span}` anywhere"));
            }
        }
    }
    None
}

#[test]
fn every_file_module_type_and_identifier_the_architecture_docs_name_exists() {
    let corpus = corpus();
    let mut problems = Vec::new();
    let mut checked = 0;
    for doc in DOCS {
        for span in spans(&common::read(doc)) {
            checked += 1;
            if let Some(problem) = problem(&span, &corpus) {
                problems.push(format!("{doc}: {problem}"));
            }
        }
    }
    assert!(
        checked > 200,
        "only {checked} references read: the docs moved?"
    );
    assert!(
        problems.is_empty(),
        "{} stale references:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_reference_check_fails_on_what_is_not_there() {
    let corpus = corpus();
    for stale in [
        "src/bin/qr_worker.rs",
        "lesson::labs::NO_SUCH_LIST",
        "Params::no_such_method",
        "ask_for_lab",
        "no_such_macro!",
        "ui/net.rs::no_such_function",
    ] {
        assert!(problem(stale, &corpus).is_some(), "`{stale}` passed");
    }
    for present in [
        "src/lesson/params.rs",
        "lesson::labs::LABS",
        "Params::clamped",
        "redraw_on_frame",
        "labs!",
        "ui/net.rs::with_chinese",
    ] {
        assert_eq!(problem(present, &corpus), None, "`{present}`");
    }
}
