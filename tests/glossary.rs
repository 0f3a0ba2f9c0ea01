//! The Chinese text keeps to one glossary, `docs/glossary.md`: no zh string of the page and no
//! `zh` line of `assets/lesson.txt` may use a rendering the glossary rejects (its last column:
//! terms in backticks, separated by `、`, or `—` for none).

use pe_explorer::i18n::{Key, Lang, Translate};

/// One row of the glossary table.
struct Row {
    english: String,
    chinese: String,
    rejected: Vec<String>,
}

fn read(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The rows of the table in `docs/glossary.md`, header and separator skipped. Panics on a row
/// that is not four cells, or on a rejected cell holding anything but backticked terms, `、`
/// and `—` (a term written without backticks would otherwise be silently ignored).
fn glossary() -> Vec<Row> {
    let mut rows = Vec::new();
    for (number, line) in read("docs/glossary.md").lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let separator = cells
            .iter()
            .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')));
        if separator || cells[0] == "English term" {
            continue;
        }
        assert_eq!(
            cells.len(),
            4,
            "docs/glossary.md line {}: a row has four cells: {line}",
            number + 1
        );
        let pieces: Vec<&str> = cells[3].split('`').collect();
        assert!(
            pieces.len() % 2 == 1,
            "docs/glossary.md line {}: unbalanced backticks",
            number + 1
        );
        let outside: String = pieces.iter().step_by(2).copied().collect();
        assert!(
            outside.chars().all(|c| matches!(c, '、' | ' ' | '—')),
            "docs/glossary.md line {}: rejected terms go in backticks, separated by 、: {:?}",
            number + 1,
            cells[3]
        );
        let rejected: Vec<String> = pieces
            .iter()
            .skip(1)
            .step_by(2)
            .map(|t| t.to_string())
            .collect();
        assert!(
            rejected.iter().all(|t| !t.trim().is_empty()),
            "docs/glossary.md line {}: an empty rejected term",
            number + 1
        );
        rows.push(Row {
            english: cells[0].to_string(),
            chinese: cells[1].to_string(),
            rejected,
        });
    }
    rows
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// Every Chinese text the app shows: each key's zh string, and each `zh` line of the lesson
/// file, labelled for the failure message.
fn chinese_texts() -> Vec<(String, String)> {
    let mut texts: Vec<(String, String)> = Key::ALL
        .iter()
        .map(|&key| (format!("{key:?}"), Lang::Zh.t(key).to_string()))
        .collect();
    let lesson = read("assets/lesson.txt");
    let zh_lines: Vec<(String, String)> = lesson
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with("zh "))
        .map(|(i, line)| {
            (
                format!("assets/lesson.txt line {}", i + 1),
                line.to_string(),
            )
        })
        .collect();
    assert!(!zh_lines.is_empty(), "assets/lesson.txt has no zh lines");
    texts.extend(zh_lines);
    // The labs keep their texts in their own files (`[English, 中文]` constants), and the config
    // reader and the labs' link reader their messages: every line of those with Chinese in it.
    let mut sources: Vec<String> =
        std::fs::read_dir(format!("{}/src/ui/labs", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
            .map(|e| format!("src/ui/labs/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
    sources.sort();
    sources.extend([
        "src/encoding/rope_config.rs".to_string(),
        "src/lesson/lab_query.rs".to_string(),
    ]);
    let mut lab_lines = 0;
    for path in sources {
        for (i, line) in read(&path).lines().enumerate() {
            if has_cjk(line) && !line.trim_start().starts_with("//") {
                lab_lines += 1;
                texts.push((format!("{path} line {}", i + 1), line.to_string()));
            }
        }
    }
    assert!(
        lab_lines >= 20,
        "the labs' Chinese texts were not found ({lab_lines} lines)"
    );
    texts
}

#[test]
fn no_chinese_text_uses_a_term_the_glossary_rejects() {
    let rejected: Vec<(String, String)> = glossary()
        .into_iter()
        .flat_map(|row| {
            let english = row.english;
            row.rejected
                .into_iter()
                .map(move |term| (term, english.clone()))
        })
        .collect();
    assert!(!rejected.is_empty());
    let mut violations = Vec::new();
    for (place, text) in chinese_texts() {
        for (term, english) in &rejected {
            if text.contains(term.as_str()) {
                violations.push(format!(
                    "{place}: uses `{term}` (rejected for \"{english}\")"
                ));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "Chinese text uses terms that docs/glossary.md rejects:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_glossary_parses_and_gives_a_chinese_term_for_every_row() {
    let rows = glossary();
    assert!(
        rows.len() >= 20,
        "docs/glossary.md: only {} rows parsed",
        rows.len()
    );
    for row in &rows {
        assert!(!row.english.is_empty(), "a row without an English term");
        assert!(!row.chinese.is_empty(), "{}: no Chinese term", row.english);
    }
    let with_chinese = rows.iter().filter(|r| has_cjk(&r.chinese)).count();
    assert!(
        with_chinese >= 20,
        "only {with_chinese} rows have a Chinese term"
    );
    let rejected: Vec<&str> = rows
        .iter()
        .flat_map(|r| r.rejected.iter().map(String::as_str))
        .collect();
    assert!(
        rejected.len() >= 20,
        "only {} rejected terms",
        rejected.len()
    );
    // The renderings the issue names must stay rejected.
    for required in [
        "query·key",
        "学习表",
        "一架波长",
        "多响",
        "耳语",
        "闪烁",
        "词序是看不见的",
    ] {
        assert!(
            rejected.contains(&required),
            "docs/glossary.md no longer rejects `{required}`"
        );
    }
}

#[test]
fn no_chosen_chinese_term_is_itself_rejected() {
    let rows = glossary();
    for row in &rows {
        for other in &rows {
            for term in &other.rejected {
                assert!(
                    !row.chinese.contains(term.as_str()),
                    "docs/glossary.md: the term for \"{}\" ({}) contains `{term}`, rejected for \"{}\"",
                    row.english,
                    row.chinese,
                    other.english
                );
            }
        }
    }
}
