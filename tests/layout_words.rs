//! Words follow the layout: a text never points at another part of the page by where it sits
//! ("the chart above", "下面的数字"), because where it sits changes with the reader's width (a
//! phone stacks what a wide screen puts side by side), with presenter view and in an embed. Texts
//! name what they mean instead ("this section's chart", the button's own label). Up and down
//! inside a picture (the patch below a patch in an image) are the picture's, not the page's, and
//! pass, as do "below 1", "above the maximum" and other comparisons.

mod common;
use common::{read, string_literals};
use pe_explorer::i18n::{Key, Translate};
use pe_explorer::lesson::{Lang, PanelId};

fn rust_files_under(folder: &str, into: &mut Vec<String>) {
    for entry in std::fs::read_dir(format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"))).unwrap() {
        let name = format!("{folder}/{}", entry.unwrap().file_name().to_string_lossy());
        if name.ends_with(".rs") {
            into.push(name);
        } else if !name.contains('.') {
            rust_files_under(&name, into);
        }
    }
}

/// Every text a reader sees, with its place: both languages of the interface table, the lesson,
/// the course and the glossary, and the string literals of the views and the labs.
fn page_texts() -> Vec<(String, String)> {
    let mut texts: Vec<(String, String)> = Vec::new();
    for &key in Key::ALL {
        for lang in [Lang::En, Lang::Zh] {
            texts.push((format!("{key:?} ({lang:?})"), lang.t(key).to_string()));
        }
    }
    for file in [
        "assets/lesson.txt",
        "assets/course.txt",
        "assets/glossary.txt",
    ] {
        for (i, line) in read(file).lines().enumerate() {
            if line.starts_with("en ") || line.starts_with("zh ") {
                texts.push((format!("{file} line {}", i + 1), line.to_string()));
            }
        }
    }
    let mut sources = Vec::new();
    rust_files_under("src/ui", &mut sources);
    rust_files_under("src/lesson/labs", &mut sources);
    sources.sort();
    for path in sources {
        for (i, line) in read(&path).lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for literal in string_literals(line) {
                texts.push((format!("{path} line {}", i + 1), literal));
            }
        }
    }
    texts
}

/// Where `text` points at the page by position, with a few words of context.
fn layout_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // `{name}` placeholders of a format string are code, not words.
    let mut lower = String::with_capacity(text.len());
    let mut in_placeholder = false;
    for c in text.to_lowercase().chars() {
        match c {
            '{' => in_placeholder = true,
            '}' => in_placeholder = false,
            _ if !in_placeholder => lower.push(c),
            _ => {}
        }
    }
    // English: "above" / "below" / "beneath" / "underneath" that end a phrase ("the table
    // above", "(below)", "the numbers below compare") or lead to a part of the page ("below the
    // chart"), and "under the chart".
    const NOUNS: &[&str] = &[
        "chart",
        "charts",
        "picture",
        "table",
        "figure",
        "figures",
        "ladder",
        "heatmap",
        "numbers",
        "number",
        "boxes",
        "box",
        "button",
        "methods",
        "sliders",
        "slider",
        "bars",
        "read-out",
        "read-outs",
        "model",
        "sentence",
        "formula",
        "list",
        "text",
        "panel",
        "lab",
        "note",
    ];
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    for (n, word) in words.iter().enumerate() {
        let previous = n.checked_sub(1).map(|p| words[p]);
        let next = words.get(n + 1).copied();
        let after_next = words.get(n + 2).copied();
        let layout = match *word {
            "above" | "below" | "beneath" | "underneath" => {
                previous.is_some_and(|p| NOUNS.contains(&p))
                    || (next == Some("the") && after_next.is_some_and(|w| NOUNS.contains(&w)))
                    || next.is_none_or(|w| matches!(w, "shows" | "prints" | "gives"))
            }
            "under" => next == Some("the") && after_next.is_some_and(|w| NOUNS.contains(&w)),
            _ => false,
        };
        if layout {
            let from = n.saturating_sub(3);
            found.push(words[from..(n + 3).min(words.len())].join(" "));
        }
    }
    // Two pictures named by side ("Left: …. Right: …", "the left chart"), which a phone stacks.
    for side in ["left:", "right:"] {
        if lower.starts_with(side) || lower.contains(&format!(". {side}")) {
            found.push(side.to_string());
        }
    }
    for side in ["the left chart", "the right chart", "the chart on the"] {
        if lower.contains(side) {
            found.push(side.to_string());
        }
    }
    // 图块 is an image's patch, not a picture of the page.
    let patches = text.replace("图块", "块");
    for side in [
        "左：",
        "右：",
        "左图",
        "右图",
        "左边的图",
        "右边的图",
        "左侧的图",
        "右侧的图",
    ] {
        if patches.contains(side) {
            found.push(side.to_string());
        }
    }
    // A parenthesis that only says "(below)" or "(above)".
    for marker in ["(below)", "(above)", "(see below)", "(see above)"] {
        if lower.contains(marker) {
            found.push(marker.to_string());
        }
    }
    // Chinese: 上面的 / 下面的 / 上方的 / 下方的 …, 下文 / 上文, 上表 / 下表 / 上图 / 下图,
    // 图下方 / 图上方, except for a picture's own up and down (下方的图块, 正下方) and "on it"
    // (它上面的).
    const CHINESE: &[&str] = &[
        "上面的",
        "下面的",
        "上方的",
        "下方的",
        "下面这",
        "上面这",
        "下文",
        "上文",
        "上表",
        "下表",
        "上图",
        "下图",
        "图下方",
        "图上方",
        "见下",
        "见上",
        "下方列出",
        "下面每",
    ];
    const CHINESE_PICTURE: &[&str] = &["下方的图块", "正下方的", "它上面的", "上下文", "更多上文"];
    let mut masked = text.to_string();
    for allowed in CHINESE_PICTURE {
        masked = masked.replace(allowed, "·");
    }
    for word in CHINESE {
        if let Some(at) = masked.find(word) {
            let context: String = masked[at..].chars().take(12).collect();
            found.push(context);
        }
    }
    found
}

#[test]
fn no_text_points_at_the_page_by_position() {
    let texts = page_texts();
    assert!(texts.len() > 1_000, "only {} texts found", texts.len());
    let problems: Vec<String> = texts
        .iter()
        .flat_map(|(place, text)| {
            layout_words(text)
                .into_iter()
                .map(move |words| format!("{place}: …{words}…"))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "texts that say where something sits instead of naming it:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_layout_check_finds_positions_and_passes_comparisons_and_pictures() {
    for bad in [
        "The numbers below compare the same k.",
        "Tick the box above and watch.",
        "unless you compare it (below): then",
        "use the button under the picture, to move pos",
        "the chart below shows it",
        "下面的数字比较从 pos 出发的 k。",
        "见上图。",
        "用图下方的按钮",
        "Left: T5's matrix. Right: Shaw's.",
        "the left chart shows",
        "左：T5 的矩阵。右：Shaw 的。",
    ] {
        assert!(!layout_words(bad).is_empty(), "not flagged: {bad}");
    }
    for good in [
        "The fraction pos/length stays below 1.",
        "is below the minimum",
        "is above the maximum",
        "a pair below L₀ finishes a turn",
        "the patch below scores exactly as the one on the right",
        "this section's chart shows it",
        "正下方的图块与它相隔整整一行",
        "它上面的准确率",
        "以支持更长的上下文",
    ] {
        assert!(
            layout_words(good).is_empty(),
            "flagged: {good}: {:?}",
            layout_words(good)
        );
    }
}

/// The titles a text can name a part of the page by, with the panel each belongs to: every
/// panel's title and every lab's, in both languages.
fn titles() -> Vec<(String, PanelId)> {
    use pe_explorer::i18n::panel_title;
    use pe_explorer::lesson::labs::LabId;
    let mut titles = Vec::new();
    for panel in PanelId::ALL {
        for lang in [Lang::En, Lang::Zh] {
            titles.push((lang.t(panel_title(panel)).to_string(), panel));
        }
    }
    for &lab in LabId::ALL {
        for title in lab.title() {
            titles.push((title.to_string(), lab.panel()));
        }
    }
    titles
}

/// What `text` quotes: the insides of "…" and “…”.
fn quotes(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (open, close) in [('"', '"'), ('“', '”')] {
        let mut rest = text;
        while let Some(start) = rest.find(open) {
            let after = &rest[start + open.len_utf8()..];
            let Some(end) = after.find(close) else { break };
            found.push(after[..end].to_string());
            rest = &after[end + close.len_utf8()..];
        }
    }
    found
}

/// A check-yourself question sends the student to a section or lab by its title: the one it
/// names is on the question's own chapter page, so the student can do what it asks there (a
/// quoted title is the whole title or the part before its colon, as the texts shorten lab titles).
#[test]
fn every_section_or_lab_a_chapter_names_is_on_its_page() {
    use pe_explorer::lesson::course::{parse_course, COURSE_TEXT};
    let chapters = parse_course(COURSE_TEXT).unwrap();
    let titles = titles();
    let mut named = 0;
    let mut problems = Vec::new();
    for chapter in &chapters {
        let texts = chapter.points.iter().chain(
            chapter
                .questions
                .iter()
                .flat_map(|q| [&q.question, &q.answer]),
        );
        for text in texts.flatten() {
            for quote in quotes(text) {
                let panels: Vec<PanelId> = titles
                    .iter()
                    .filter(|(title, _)| {
                        title == &quote
                            || title
                                .strip_prefix(quote.as_str())
                                .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('：'))
                    })
                    .map(|(_, panel)| *panel)
                    .collect();
                if panels.is_empty() {
                    continue;
                }
                named += 1;
                if !panels.iter().any(|p| chapter.panels.contains(p)) {
                    problems.push(format!(
                        "chapter {}: \"{quote}\" is on another page",
                        chapter.id
                    ));
                }
            }
        }
    }
    assert!(
        named >= 20,
        "only {named} titles named: the check found too little"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
