//! The Chinese text keeps to one glossary, `docs/glossary.md`: no zh string of the page and no
//! `zh` line of `assets/lesson.txt` may use a rendering the glossary rejects (its last column:
//! terms in backticks, separated by `、`, or `—` for none).

mod common;
use common::{read, string_literals};
use pe_explorer::i18n::{Key, Lang, Translate};

/// One row of the glossary table.
struct Row {
    english: String,
    chinese: String,
    rejected: Vec<String>,
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

/// The string literals of a line of Rust that hold Chinese (a lab writes a text's two languages
/// side by side, `["English", "中文"]`), or the whole line if it has no complete literal.
fn chinese_literals(line: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let (mut inside, mut escaped, mut current) = (false, false, String::new());
    for c in line.chars() {
        match (inside, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => {
                inside = false;
                literals.push(std::mem::take(&mut current));
                continue;
            }
            (false, _, '"') => {
                inside = true;
                continue;
            }
            _ => {}
        }
        if inside {
            current.push(c);
        }
    }
    let chinese: Vec<String> = literals.into_iter().filter(|l| has_cjk(l)).collect();
    if chinese.is_empty() {
        vec![line.to_string()]
    } else {
        chinese
    }
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// `text` as the page shows it: a part that states a lesson step's answer is written
/// `⟦name|words⟧` (`ui::course::answer_parts`), and only `words` is on the page.
fn without_answer_marks(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('⟦') {
        shown.push_str(&rest[..open]);
        let mark = &rest[open + '⟦'.len_utf8()..];
        rest = mark.split_once('|').map_or(mark, |(_, words)| words);
    }
    shown.push_str(rest);
    shown.replace('⟧', "")
}

/// Every Chinese text the app shows: each key's zh string, and each `zh` line of the lesson
/// file, labelled for the failure message (answer marks taken out, as the page does).
fn chinese_texts() -> Vec<(String, String)> {
    let mut texts = chinese_sources();
    for (_, text) in &mut texts {
        *text = without_answer_marks(text);
    }
    texts
}

/// [`chinese_texts`] as written.
fn chinese_sources() -> Vec<(String, String)> {
    let mut texts: Vec<(String, String)> = Key::ALL
        .iter()
        .map(|&key| (format!("{key:?}"), Lang::Zh.t(key).to_string()))
        .collect();
    // The lesson, the course's chapters and the glossary: every `zh` line of each file.
    for file in [
        "assets/lesson.txt",
        "assets/course.txt",
        "assets/glossary.txt",
    ] {
        let zh_lines: Vec<(String, String)> = read(file)
            .lines()
            .enumerate()
            // A term's pinyin is the Chinese index's sort key, not Chinese text.
            .filter(|(_, line)| line.starts_with("zh ") && !line.starts_with("zh pinyin "))
            .map(|(i, line)| (format!("{file} line {}", i + 1), line.to_string()))
            .collect();
        assert!(!zh_lines.is_empty(), "{file} has no zh lines");
        texts.extend(zh_lines);
    }
    // The labs keep their texts in their own files (`[English, 中文]` constants), and the config
    // reader and the labs' link reader their messages: every line of those with Chinese in it.
    // Every file under the labs' two folders (a lab's settings and words, its view).
    fn files_under(folder: &str, into: &mut Vec<String>) {
        for entry in std::fs::read_dir(format!("{}/{folder}", env!("CARGO_MANIFEST_DIR"))).unwrap()
        {
            let name = format!("{folder}/{}", entry.unwrap().file_name().to_string_lossy());
            if name.ends_with(".rs") {
                into.push(name);
            } else {
                files_under(&name, into);
            }
        }
    }
    let mut sources = Vec::new();
    files_under("src/ui/labs", &mut sources);
    files_under("src/lesson/labs", &mut sources);
    sources.sort();
    sources.push("src/encoding/rope_config.rs".to_string());
    // The words only the build writes, and the exam summary's.
    sources.push("src/i18n/page_words.rs".to_string());
    sources.push("src/ui/course.rs".to_string());
    let mut lab_lines = 0;
    for path in sources {
        for (i, line) in read(&path).lines().enumerate() {
            if has_cjk(line) && !line.trim_start().starts_with("//") {
                lab_lines += 1;
                for text in chinese_literals(line) {
                    texts.push((format!("{path} line {}", i + 1), text));
                }
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
    // Renderings a review found wrong must stay rejected.
    for required in [
        "query·key",
        "学习表",
        "一架波长",
        "多响",
        "耳语",
        "闪烁",
        "词序是看不见的",
        // the settled terms of docs/glossary.md
        "布局",
        "头的宽度",
        "面板",
        "固定编码",
        "快的维度对",
        "维度对数",
        "课程中的",
        "配色",
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

/// ASCII words that may stand in Chinese text as they are: names and symbols that Chinese ML
/// texts, too, write in Latin letters.
/// - notation: the page's variables and functions (`pos`, `PE`, `sin`, `cos`, `arg`, `clip`)
///   and units (`KB`, `rad`, `NaN`);
/// - methods, models and libraries known by their Latin names (RoPE, ALiBi, xPos, YaRN, GPT,
///   BERT, PyTorch, …), file formats and the web (CSV, JSON, URL, QR, Chromium), and the
///   `device` of PyTorch's `.to(device)`;
/// - terms Chinese ML writing keeps in Latin letters (softmax, logits, dropout);
/// - a config's values as `transformers` writes them (`linear`, `default`, `true`, …), and
///   `none`, a value of the page's link shown beside its Chinese;
/// - authors cited as 作者 等（年份）, and the keys of a keyboard (Page Up, Esc).
///
/// Beside the list, by its shape: a token with a digit, `_` or `.` in it (`d_model`, `GPT-2`,
/// `W_Q`, `nn.Embedding`) is code or a model's name; a token of one or two letters is notation
/// (`i`, `AS`, `Sx`, `E[id]`); a token written right before `(` is a function (`min(`,
/// `Sublayer(`). `base` and `length` pass only inside a formula (next to `=`, `^`, `·`, `/`,
/// `(`): in prose they are 底数 and 长度. Not read at all: code in backticks or ASCII double
/// quotes, a title in 《》, an all-Latin quotation in “” (a sentence the page shows in English),
/// and an English gloss in full-width parentheses right after the Chinese term, as 词元（token）.
const ASCII_ALLOWED: &[&str] = &[
    // notation and units
    "pos",
    "PE",
    "sin",
    "cos",
    "ln",
    "exp",
    "max",
    "min",
    "mod",
    "arg",
    "clip",
    "softmax",
    "KB",
    "rad",
    "RMS",
    // the translation benchmark's score (Vaswani et al., Table 3), which Chinese writing keeps
    "BLEU",
    "NaN",
    // methods, models, libraries, formats
    "Transformer",
    "RoPE",
    "ALiBi",
    "NoPE",
    "xPos",
    "YaRN",
    "NTK",
    "PI",
    "GPT",
    "BERT",
    "MiniLM",
    "RoFormer",
    "LongRoPE",
    "M-RoPE",
    "Transformer-XL",
    "LeX",
    "Llama",
    // Code Llama, a model's name
    "Code",
    "Qwen",
    "Mistral",
    "DeepSeek",
    "LayerNorm",
    "AdamW",
    "Adam",
    "Hugging",
    "Face",
    "PyTorch",
    "NumPy",
    "transformers",
    "sentence-transformers",
    "CSV",
    "PNG",
    "SVG",
    "JSON",
    "URL",
    "QR",
    "JavaScript",
    "WebAssembly",
    "Chromium",
    "device",
    // kept in Latin letters by Chinese ML texts
    "logits",
    "logit",
    "dropout",
    "token",
    // a config's values, and a value of the page's link
    "none",
    "linear",
    "dynamic",
    "yarn",
    "llama3",
    "mrope",
    "longrope",
    "default",
    "rope",
    "true",
    "false",
    // authors
    "Vaswani",
    "Press",
    "Wolf",
    "Shaw",
    "Raffel",
    "Dai",
    "Sun",
    "Chen",
    "Peng",
    "Haviv",
    "Kazemnejad",
    // keys
    "Page",
    "Up",
    "Down",
    "Esc",
    "Ctrl",
];

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Full-width punctuation of Chinese prose: an ASCII mark next to it is as wrong as next to a
/// character.
fn is_chinese_mark(c: char) -> bool {
    "，。：；（）、？！“”‘’《》".contains(c)
}

/// The text with what is not prose taken out: `{name}` placeholders and code spans (in
/// backticks or ASCII double quotes) become `0`, an English gloss in full-width parentheses
/// right after a Chinese character becomes `（）`.
fn prose_of(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let close = match c {
            '{' => Some('}'),
            '`' => Some('`'),
            '"' => Some('"'),
            _ => None,
        };
        if let Some(close) = close
            && let Some(end) = chars[i + 1..].iter().position(|&d| d == close)
        {
            out.push('0');
            i += end + 2;
            continue;
        }
        if matches!(c, '《' | '“') {
            let close = if c == '《' { '》' } else { '”' };
            if let Some(end) = chars[i + 1..].iter().position(|&d| d == close) {
                let inside = &chars[i + 1..i + 1 + end];
                if c == '《' || !inside.iter().copied().any(is_cjk) {
                    out.extend([c, '0', close]);
                    i += end + 2;
                    continue;
                }
            }
        }
        if c == '（'
            && out.last().copied().is_some_and(is_cjk)
            && let Some(end) = chars[i + 1..].iter().position(|&d| d == '）')
        {
            let inside = &chars[i + 1..i + 1 + end];
            if inside.iter().any(char::is_ascii_alphabetic)
                && inside
                    .iter()
                    .all(|d| d.is_ascii_alphabetic() || matches!(d, ' ' | '-'))
            {
                out.extend(['（', '）']);
                i += end + 2;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The ASCII words of a prose text, with where each starts: runs of letters, digits and `_`,
/// joined across a `.`, `-` or `'` between two of them (`nn.Embedding`, `GPT-2`).
fn ascii_words(chars: &[char]) -> Vec<(usize, String)> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut words = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !word(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len()
            && (word(chars[i])
                || (matches!(chars[i], '.' | '-' | '\'')
                    && i + 1 < chars.len()
                    && word(chars[i + 1])
                    && i > start))
        {
            i += 1;
        }
        words.push((start, chars[start..i].iter().collect()));
    }
    words
}

/// Where the ASCII parenthesis opened at `open` closes (the text's end if it does not).
fn closing(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (j, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return j,
            ')' => depth -= 1,
            _ => {}
        }
    }
    chars.len()
}

/// Where the ASCII parenthesis closed at `close` opened, if it did.
fn opening(chars: &[char], close: usize) -> Option<usize> {
    let mut depth = 0;
    for j in (0..=close).rev() {
        match chars[j] {
            ')' => depth += 1,
            '(' if depth == 1 => return Some(j),
            '(' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The next character after `i` that is not a space, and the one before.
fn neighbours(chars: &[char], start: usize, end: usize) -> (Option<char>, Option<char>) {
    let before = chars[..start].iter().rev().find(|c| **c != ' ').copied();
    let after = chars[end..].iter().find(|c| **c != ' ').copied();
    (before, after)
}

/// Where a Chinese text breaks the page's style (docs/glossary.md, "Beyond the table"):
/// English words outside the allow-list, ASCII punctuation in Chinese prose, numbers not in the
/// Chinese convention, and the terms a substring cannot rule out (bare 偏移, bare 正弦).
fn style_problems(text: &str) -> Vec<String> {
    let chars = prose_of(text);
    if !chars.iter().copied().any(is_cjk) {
        return Vec::new();
    }
    let mut problems = Vec::new();
    let at = |i: usize| -> String {
        let from = i.saturating_sub(8);
        let to = (i + 8).min(chars.len());
        chars[from..to].iter().collect()
    };
    for (start, word) in ascii_words(&chars) {
        let letters = word.chars().filter(char::is_ascii_alphabetic).count();
        let call = chars.get(start + word.chars().count()) == Some(&'(');
        if letters <= 2
            || call
            || word
                .chars()
                .any(|c| c.is_ascii_digit() || matches!(c, '_' | '.'))
            || ASCII_ALLOWED.contains(&word.as_str())
        {
            continue;
        }
        if let Some(chinese) = match word.as_str() {
            "base" => Some("底数"),
            "length" => Some("长度"),
            _ => None,
        } {
            let (before, after) = neighbours(&chars, start, start + word.len());
            let formula = |c: Option<char>| c.is_some_and(|c| "=^·()×/".contains(c));
            if formula(before) || formula(after) {
                continue;
            }
            problems.push(format!(
                "`{word}` in prose, write {chinese}: …{}…",
                at(start)
            ));
            continue;
        }
        problems.push(format!("English word `{word}`: …{}…", at(start)));
    }
    for (i, &c) in chars.iter().enumerate() {
        let previous = i.checked_sub(1).map(|j| chars[j]);
        let next = chars[i + 1..].iter().find(|c| **c != ' ').copied();
        let chinese = |c: Option<char>| c.is_some_and(|c| is_cjk(c) || is_chinese_mark(c));
        let ascii_mark = match c {
            ',' | ':' | ';' | '?' | '!' => chinese(previous) || chinese(next),
            '.' => chinese(previous),
            // A parenthesis of a formula follows a symbol (`cos(`, `e^(`, `·(`); one that holds
            // Chinese otherwise, or follows a character, is prose and full-width.
            '(' => {
                let formula = previous
                    .is_some_and(|p| p.is_ascii_alphanumeric() || "^·×/+−*(_'′".contains(p));
                let end = closing(&chars, i);
                !formula
                    && (previous.is_some_and(is_cjk) || chars[i..end].iter().copied().any(is_cjk))
            }
            ')' => previous.is_some_and(is_cjk) && opening(&chars, i).is_none(),
            _ => false,
        };
        if ascii_mark {
            problems.push(format!("ASCII `{c}` in Chinese prose: …{}…", at(i)));
        }
        if c == '%' && previous == Some(' ') {
            problems.push(format!("a space before %: …{}…", at(i)));
        }
        // Digits grouped by a space (37 000): the Chinese page writes 37000.
        if c == ' '
            && previous.is_some_and(|p| p.is_ascii_digit())
            && chars.len() >= i + 4
            && chars[i + 1..i + 4].iter().all(char::is_ascii_digit)
            && chars.get(i + 4).is_none_or(|d| !d.is_ascii_digit())
        {
            problems.push(format!("digits grouped by a space: …{}…", at(i)));
        }
        // Full-width quotes sit against the Chinese around them, without spaces.
        let cjk_at = |j: Option<usize>| j.and_then(|j| chars.get(j)).is_some_and(|c| is_cjk(*c));
        if (c == '“' && previous == Some(' ') && cjk_at(i.checked_sub(2)))
            || (c == '”' && chars.get(i + 1) == Some(&' ') && cjk_at(Some(i + 2)))
        {
            problems.push(format!("a space beside a full-width quote: …{}…", at(i)));
        }
        let rest: String = chars[i..chars.len().min(i + 12)].iter().collect();
        // One citation form: 作者 等（年份）, A 和 B（年份）.
        if rest.starts_with("等人") {
            problems.push(format!(
                "等人 in a citation, write 作者 等（年份）: …{}…",
                at(i)
            ));
        }
        if rest.starts_with("等 ")
            && rest.chars().skip(2).take(4).all(|d| d.is_ascii_digit())
            && rest.chars().count() >= 6
        {
            problems.push(format!(
                "a bare year after 等, write 等（年份）: …{}…",
                at(i)
            ));
        }
        if rest.starts_with("偏移") && !rest.starts_with("偏移量") {
            problems.push(format!("bare 偏移, write 偏移量: …{}…", at(i)));
        }
        if rest.starts_with("正弦") && text != "正弦" {
            let after = &rest["正弦".len()..];
            let function = [
                "位置编码",
                "函数",
                "值",
                "波",
                "特征",
                "公式",
                "和余弦",
                "与余弦",
                "、余弦",
            ]
            .iter()
            .any(|w| after.starts_with(w))
                || after.contains("余弦");
            if !function {
                problems.push(format!(
                    "bare 正弦 (the encoding is 正弦位置编码): …{}…",
                    at(i)
                ));
            }
        }
    }
    problems
}

#[test]
fn no_chinese_text_has_english_words_ascii_punctuation_or_mixed_number_formats() {
    let mut violations = Vec::new();
    for (place, text) in chinese_texts() {
        // A lab's line is Rust: read only its string literals that hold Chinese.
        let pieces = if place.starts_with("src/") {
            string_literals(&text)
                .into_iter()
                .filter(|s| s.chars().any(is_cjk))
                .collect()
        } else if place.starts_with("assets/") {
            // `zh 3 ? text` (the lesson) or `zh point text` (the course, the glossary): the
            // language, the step and the kind are not prose.
            let words = if place.starts_with("assets/lesson.txt") {
                4
            } else {
                3
            };
            vec![text
                .splitn(words, ' ')
                .last()
                .unwrap_or_default()
                .to_string()]
        } else {
            vec![text]
        };
        for piece in pieces {
            for problem in style_problems(&piece) {
                violations.push(format!("{place}: {problem}"));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "Chinese text breaks the style of docs/glossary.md ({}):\n{}",
        violations.len(),
        violations.join("\n")
    );
}

#[test]
fn the_style_check_fails_on_bad_samples_and_passes_good_ones() {
    for bad in [
        "换一个起点: pos = 60",
        "训练到 step = 0 时",
        "位置 position = 23",
        "第 dim 126 维",
        "保留 3 位 digits",
        "在 worker 里训练",
        "占 56 %",
        "词表大小 37 000",
        "偏移 k",
        "底数 base 越大",
        "正弦（Vaswani 等人）",
        "Vaswani 等人（2017）提出",
        "（Chen 等 2023）",
        "读取 “the cat sat on the mat”",
        "“Attention Is All You Need” 中提出",
        "（d_model = 2 只有一对)",
        "(d_model = 2 只有一对)",
        "长度 length 翻倍",
        "两者相加,再投影",
    ] {
        assert!(!style_problems(bad).is_empty(), "passed but is bad: {bad}");
    }
    for good in [
        "换一个起点：pos = 60",
        "PE(pos) 的第 i 对，偏移量 k = 3",
        "词表大小 37000，占 97%",
        "底数 base = 10000 时，波长 2π·base^(2i/d_model)",
        "正弦位置编码（Vaswani 等（2017））；正弦函数和余弦函数，Press 和 Wolf（2017）",
        "词元（token）在 GPT-2、RoPE 和 nn.Embedding 里",
        "配置中的 `rope_type` 为 \"yarn\"",
        "共 {total} 步，第 {n} 步",
        "cos(距离·θ_i)，e^(−斜率·距离)，pos/length，‖AS − SA‖，clip(j − i)",
        "《A Length-Extrapolatable Transformer》；读取“the cat sat on the mat”，在“设置”中",
    ] {
        let problems = style_problems(good);
        assert!(
            problems.is_empty(),
            "rejected but is good: {good}: {problems:?}"
        );
    }
}
