//! The course: the page's panels grouped into short chapters in the order of the source texts,
//! each with its key points and its check-yourself questions, and the glossary of the terms the
//! page uses, all in both languages.
//!
//! Like the lesson (`steps.rs`), the course is text a teacher can edit without touching code:
//! `assets/course.txt` and `assets/glossary.txt`, whose formats their own header comments
//! describe. They are read at build time (the prerender writes them into each chapter's page), so
//! the page's wasm does not carry them.

use super::panels::{PanelId, PanelSet};

/// The course's chapters as written (`assets/course.txt`).
pub const COURSE_TEXT: &str = include_str!("../../assets/course.txt");

/// The glossary as written (`assets/glossary.txt`).
pub const GLOSSARY_TEXT: &str = include_str!("../../assets/glossary.txt");

/// A text in both languages: English, then Chinese.
pub type Both = [String; 2];

/// One question a student can check themselves with, and its answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Question {
    pub question: Both,
    pub answer: Both,
}

/// One chapter: its id (its page's address), title, panels in page order, key points,
/// questions and exam sheet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chapter {
    pub id: String,
    pub title: Both,
    pub panels: Vec<PanelId>,
    pub points: Vec<Both>,
    pub questions: Vec<Question>,
    pub sheet: Vec<SheetFormula>,
}

/// One formula of a chapter's exam sheet and what it says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SheetFormula {
    pub formula: SheetMath,
    pub note: Both,
}

/// A sheet's formula: MathML written in the course text, its equations apart (each one or more
/// `<math>` pieces a line may break between), or one the panels show, by name.
#[derive(Clone, Debug, PartialEq)]
pub enum SheetMath {
    Written(Vec<String>),
    Panels(PanelFormula),
}

/// The panels' formulas a sheet may show as they are (`formula math:<name>`; `ui::math`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelFormula {
    /// One pair's rotation by k·ω_i, in the interleaved layout.
    Rotation,
    /// z_add and z_concat with the factor √d_model.
    Combine,
}

impl PanelFormula {
    pub const ALL: [PanelFormula; 2] = [PanelFormula::Rotation, PanelFormula::Combine];

    /// Its name in a `formula math:<name>` line.
    pub fn name(self) -> &'static str {
        match self {
            PanelFormula::Rotation => "rotation",
            PanelFormula::Combine => "combine",
        }
    }
}

impl Default for SheetMath {
    fn default() -> Self {
        SheetMath::Written(Vec::new())
    }
}

/// The MathML elements a sheet's written formula may use (the page inserts it as markup).
const MATHML_ELEMENTS: [&str; 18] = [
    "math",
    "mi",
    "mn",
    "mo",
    "mtext",
    "mrow",
    "msub",
    "msup",
    "msubsup",
    "mfrac",
    "msqrt",
    "munder",
    "mover",
    "munderover",
    "mtable",
    "mtr",
    "mtd",
    "mspace",
];

/// A `formula` line's text as a [`SheetMath`]: `math:<name>`, or equations apart by ` | `,
/// each one or more `<math>…</math>` pieces, with as many closing tags as opening ones.
///
/// ```
/// use pe_explorer::lesson::course::{sheet_math, PanelFormula, SheetMath};
/// assert_eq!(sheet_math("math:rotation"), Some(SheetMath::Panels(PanelFormula::Rotation)));
/// let written = sheet_math("<math><mi>a</mi></math> <math><mo>=</mo></math> | <math><mn>1</mn></math>");
/// assert!(matches!(written, Some(SheetMath::Written(e)) if e.len() == 2));
/// assert_eq!(sheet_math("<math><mi>a</math>"), None);
/// assert_eq!(sheet_math("<math><script>x</script></math>"), None);
/// assert_eq!(sheet_math("math:nothing"), None);
/// ```
pub fn sheet_math(text: &str) -> Option<SheetMath> {
    if let Some(name) = text.strip_prefix("math:") {
        return PanelFormula::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .map(SheetMath::Panels);
    }
    let balanced = |equation: &str| {
        let opened = equation.matches('<').count() - equation.matches("</").count();
        let self_closed = equation.matches("/>").count();
        equation.starts_with("<math>")
            && equation.ends_with("</math>")
            && opened == equation.matches("</").count() + self_closed
    };
    let equations: Vec<String> = text
        .split(" | ")
        .map(str::trim)
        .map(str::to_owned)
        .collect();
    // MathML and nothing else: every tag one of the elements the sheets use.
    let mathml_only = |equation: &str| {
        equation.split('<').skip(1).all(|tag| {
            let name = tag.trim_start_matches('/');
            let end = name.find([' ', '>', '/']).unwrap_or(name.len());
            MATHML_ELEMENTS.contains(&&name[..end])
        })
    };
    equations
        .iter()
        .all(|e| balanced(e) && mathml_only(e))
        .then_some(SheetMath::Written(equations))
}

/// One glossary entry: its id (its anchor on the glossary page), its names (the first is the
/// term as written; the others are forms the texts also use) and its definition.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Term {
    pub id: String,
    pub names: [Vec<String>; 2],
    pub definition: Both,
    /// The Chinese name's pinyin without tones, which the Chinese index sorts by.
    pub pinyin: String,
}

impl Term {
    /// What the glossary's index sorts the term by in `lang` (0 English, 1 Chinese): the English
    /// name in lower case, or the Chinese name's pinyin.
    pub fn index_key(&self, lang: usize) -> String {
        if lang == 1 {
            self.pinyin.clone()
        } else {
            self.names[0][0].to_lowercase()
        }
    }
}

/// The glossary's index in `lang` (0 English, 1 Chinese): the terms sorted by [`Term::index_key`]
/// and grouped by its first letter, A to Z, after the names that start with no letter (`2-D
/// RoPE`), grouped under `#`.
///
/// ```
/// use pe_explorer::lesson::course::{glossary_index, parse_glossary};
/// let terms = parse_glossary(
///     "term key\nen name key\nen def k.\nzh name 键\nzh pinyin jian\nzh def k。\n\
///      term batch\nen name batch\nen def b.\nzh name 批\nzh pinyin pi\nzh def b。\n\
///      term bias\nen name bias\nen def b.\nzh name 偏置\nzh pinyin pian zhi\nzh def b。",
/// )
/// .unwrap();
/// let english: Vec<(char, Vec<&str>)> = glossary_index(&terms, 0)
///     .into_iter()
///     .map(|(letter, terms)| (letter, terms.iter().map(|t| t.id.as_str()).collect()))
///     .collect();
/// assert_eq!(english, vec![('B', vec!["batch", "bias"]), ('K', vec!["key"])]);
/// let chinese: Vec<(char, Vec<&str>)> = glossary_index(&terms, 1)
///     .into_iter()
///     .map(|(letter, terms)| (letter, terms.iter().map(|t| t.id.as_str()).collect()))
///     .collect();
/// assert_eq!(chinese, vec![('J', vec!["key"]), ('P', vec!["batch", "bias"])]);
/// ```
pub fn glossary_index(terms: &[Term], lang: usize) -> Vec<(char, Vec<&Term>)> {
    let letter_of = |key: &str| {
        key.chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .map_or('#', |c| c.to_ascii_uppercase())
    };
    let mut sorted: Vec<(char, String, &Term)> = terms
        .iter()
        .map(|t| {
            let key = t.index_key(lang);
            (letter_of(&key), key, t)
        })
        .collect();
    sorted.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut groups: Vec<(char, Vec<&Term>)> = Vec::new();
    for (letter, _, term) in sorted {
        match groups.last_mut() {
            Some((last, group)) if *last == letter => group.push(term),
            _ => groups.push((letter, vec![term])),
        }
    }
    groups
}

/// Why a course or glossary text could not be read: the line (1-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseTextError {
    pub line: usize,
    pub problem: &'static str,
}

impl std::fmt::Display for CourseTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

fn slot(lang: &str) -> Option<usize> {
    match lang {
        "en" => Some(0),
        "zh" => Some(1),
        _ => None,
    }
}

/// The text's lines that say something, with their 1-based numbers, each as its first word and
/// the rest: comments (`#`) and blank lines skipped.
fn meaningful_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(n, line)| {
            let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
            (n, head, rest.trim())
        })
}

/// An `en` or `zh` line's language slot, its kind (`title`, `point`, `def`, …) and its text.
fn language_line<'a>(
    head: &str,
    rest: &'a str,
    line: usize,
) -> Result<(usize, &'a str, &'a str), CourseTextError> {
    let error = |problem| CourseTextError { line, problem };
    let lang = slot(head).ok_or_else(|| error("a line starts with its kind, en or zh"))?;
    let (kind, text) = rest.split_once(' ').unwrap_or((rest, ""));
    let text = text.trim();
    if text.is_empty() {
        return Err(error("a line without its text"));
    }
    Ok((lang, kind, text))
}

/// Fills `pair[lang]` once, from a line.
fn set_once(pair: &mut Both, lang: usize, text: &str, line: usize) -> Result<(), CourseTextError> {
    if !pair[lang].is_empty() {
        return Err(CourseTextError {
            line,
            problem: "said twice",
        });
    }
    pair[lang] = text.to_owned();
    Ok(())
}

/// Reads `assets/course.txt`: chapters, each `chapter <id>`, then per language its `title`, its
/// `point`s and its `question`/`answer` pairs, and one `panels` line. Every panel of the page is
/// in exactly one chapter, in page order; each chapter has 3 to 5 points, the same in both
/// languages, and every question has its answer in both.
pub fn parse_course(text: &str) -> Result<Vec<Chapter>, CourseTextError> {
    let mut chapters: Vec<Chapter> = Vec::new();
    // How many points and questions each language has given in the current chapter.
    let mut counts = [[0usize; 2]; 2];
    let mut answered = [0usize; 2];
    for (line, head, rest) in meaningful_lines(text) {
        let error = |problem| CourseTextError { line, problem };
        if head == "chapter" {
            if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                return Err(error("a chapter's id is lowercase letters and dashes"));
            }
            chapters.push(Chapter {
                id: rest.to_owned(),
                ..Chapter::default()
            });
            counts = [[0; 2]; 2];
            answered = [0; 2];
            continue;
        }
        let chapter = chapters
            .last_mut()
            .ok_or_else(|| error("text before the first chapter"))?;
        if head == "formula" {
            let formula =
                sheet_math(rest).ok_or_else(|| error("a formula is math:<name> or MathML"))?;
            chapter.sheet.push(SheetFormula {
                formula,
                note: Both::default(),
            });
            continue;
        }
        if head == "panels" {
            for anchor in rest.split_whitespace() {
                chapter.panels.push(
                    PanelSet::panel(anchor).ok_or_else(|| error("no panel has this anchor"))?,
                );
            }
            continue;
        }
        let (lang, kind, text) = language_line(head, rest, line)?;
        match kind {
            "title" => set_once(&mut chapter.title, lang, text, line)?,
            "point" => {
                let n = counts[lang][0];
                if chapter.points.len() <= n {
                    chapter.points.push(Both::default());
                }
                chapter.points[n][lang] = text.to_owned();
                counts[lang][0] += 1;
            }
            "question" => {
                let n = counts[lang][1];
                if answered[lang] != n {
                    return Err(error("a question before the previous one's answer"));
                }
                if chapter.questions.len() <= n {
                    chapter.questions.push(Question::default());
                }
                chapter.questions[n].question[lang] = text.to_owned();
                counts[lang][1] += 1;
            }
            "answer" => {
                let n = answered[lang];
                if counts[lang][1] != n + 1 {
                    return Err(error("an answer without its question"));
                }
                chapter.questions[n].answer[lang] = text.to_owned();
                answered[lang] += 1;
            }
            "note" => {
                let formula = chapter
                    .sheet
                    .last_mut()
                    .ok_or_else(|| error("a note before its formula"))?;
                set_once(&mut formula.note, lang, text, line)?;
            }
            _ => {
                return Err(error(
                    "an en or zh line is a title, point, question, answer or note",
                ))
            }
        }
    }
    check_course(&chapters)?;
    Ok(chapters)
}

/// The rules every chapter keeps (see [`parse_course`]); the error names no line, so 0.
fn check_course(chapters: &[Chapter]) -> Result<(), CourseTextError> {
    let error = |problem| Err(CourseTextError { line: 0, problem });
    let in_order: Vec<PanelId> = chapters.iter().flat_map(|c| c.panels.clone()).collect();
    if in_order != PanelId::ALL {
        return error("the chapters' panels are not every panel once, in page order");
    }
    for chapter in chapters {
        let complete = |pair: &Both| pair.iter().all(|t| !t.is_empty());
        if !complete(&chapter.title) {
            return error("a chapter without its title in both languages");
        }
        if !(3..=5).contains(&chapter.points.len()) || !chapter.points.iter().all(complete) {
            return error("a chapter has 3 to 5 key points, each in both languages");
        }
        if !chapter
            .questions
            .iter()
            .all(|q| complete(&q.question) && complete(&q.answer))
        {
            return error("a question without its answer, or not in both languages");
        }
        if !(3..=5).contains(&chapter.sheet.len())
            || !chapter.sheet.iter().all(|f| complete(&f.note))
        {
            return error(
                "an exam sheet has 3 to 5 formulas, each with its note in both languages",
            );
        }
    }
    let mut ids: Vec<&str> = chapters.iter().map(|c| c.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != chapters.len() {
        return error("two chapters share an id");
    }
    Ok(())
}

/// Reads `assets/glossary.txt`: entries, each `term <id>`, then per language its `name`, any
/// `also` forms and its `def`, and the Chinese name's `pinyin`.
pub fn parse_glossary(text: &str) -> Result<Vec<Term>, CourseTextError> {
    let mut terms: Vec<Term> = Vec::new();
    for (line, head, rest) in meaningful_lines(text) {
        let error = |problem| CourseTextError { line, problem };
        if head == "term" {
            if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                return Err(error("a term's id is letters, digits and dashes"));
            }
            terms.push(Term {
                id: rest.to_owned(),
                ..Term::default()
            });
            continue;
        }
        let term = terms
            .last_mut()
            .ok_or_else(|| error("text before the first term"))?;
        let (lang, kind, text) = language_line(head, rest, line)?;
        match kind {
            "name" if term.names[lang].is_empty() => term.names[lang].push(text.to_owned()),
            "also" if !term.names[lang].is_empty() => term.names[lang].push(text.to_owned()),
            "def" => set_once(&mut term.definition, lang, text, line)?,
            "pinyin"
                if lang == 1
                    && term.pinyin.is_empty()
                    && text.chars().all(|c| c.is_ascii_lowercase() || c == ' ') =>
            {
                term.pinyin = text.to_owned()
            }
            "pinyin" => {
                return Err(error(
                    "a Chinese name's pinyin, once: lowercase letters and spaces, no tones",
                ))
            }
            _ => return Err(error("a name first, then its also forms and its def")),
        }
    }
    for term in &terms {
        if term.names.iter().any(Vec::is_empty) || term.definition.iter().any(String::is_empty) {
            return Err(CourseTextError {
                line: 0,
                problem: "a term without its name or definition in both languages",
            });
        }
        if term.pinyin.is_empty() {
            return Err(CourseTextError {
                line: 0,
                problem: "a term without the pinyin of its Chinese name",
            });
        }
    }
    Ok(terms)
}

/// Where a glossary name found at `start..end` of `text` ends as a whole term, or `None` when it
/// is part of a longer word there (a link would teach that word the term's meaning: 差值 is not
/// 值, "keyboard" not "key").
///
/// - A name in Latin letters (either language's text) must start and end a word; an English
///   plural ending, "s" or "es", ends the term with it ("values" links as "value").
/// - A one-character Chinese name (值, 键, 头 …) must stand alone: each neighbour is not a Han
///   character, or is one of the joiners 和 与 及 或 ("键和值"). Chinese has no spaces, so a
///   longer name's own characters are its only boundary; it matches anywhere.
///
/// ```
/// use pe_explorer::lesson::course::whole_term_end;
/// assert_eq!(whole_term_end("the values here", 4, 9), Some(10));
/// assert_eq!(whole_term_end("evaluate", 1, 6), None);
/// assert_eq!(whole_term_end("键和值。", 6, 9), Some(9));
/// assert_eq!(whole_term_end("差值为 0", 3, 6), None);
/// assert_eq!(whole_term_end("位置编码", 0, 12), Some(12));
/// ```
pub fn whole_term_end(text: &str, start: usize, end: usize) -> Option<usize> {
    let name = &text[start..end];
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let han = |c: Option<char>| c.is_some_and(is_han);
    if name.is_ascii() {
        // `is_alphanumeric` holds for Han characters too, so "RoPE的" would not end a word:
        // only Latin letters and digits continue a Latin name.
        let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if latin(before) {
            return None;
        }
        let rest = &text[end..];
        return [0, 1, 2].into_iter().find_map(|suffix| {
            let ending = match suffix {
                0 => "",
                1 => "s",
                _ => "es",
            };
            let next = rest.strip_prefix(ending)?.chars().next();
            (!latin(next)).then_some(end + ending.len())
        });
    }
    let mut chars = name.chars();
    if let (Some(only), None) = (chars.next(), chars.next())
        && is_han(only)
    {
        let free = |c: Option<char>| !han(c) || c.is_some_and(|c| "和与及或".contains(c));
        return (free(before) && free(after)).then_some(end);
    }
    Some(end)
}

/// Whether `c` is a Han (CJK unified) ideograph.
fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_reads_and_keeps_every_panel_once_in_page_order() {
        let chapters = parse_course(COURSE_TEXT).unwrap_or_else(|e| panic!("course.txt {e}"));
        assert!(chapters.len() >= 6, "a course of chapters");
        // The code's list of chapters (their pages, their panels) is the text's.
        let code: Vec<(&str, &[PanelId])> = super::super::chapters::CHAPTERS
            .iter()
            .map(|c| (c.id, c.panels))
            .collect();
        let text: Vec<(&str, &[PanelId])> = chapters
            .iter()
            .map(|c| (c.id.as_str(), c.panels.as_slice()))
            .collect();
        assert_eq!(
            code, text,
            "lesson::chapters::CHAPTERS and assets/course.txt differ"
        );
        for chapter in &chapters {
            assert!(
                chapter.panels.len() <= 4,
                "{}: a chapter short enough for a phone",
                chapter.id
            );
        }
    }

    #[test]
    fn the_glossary_reads_and_names_the_terms_the_course_needs() {
        let terms = parse_glossary(GLOSSARY_TEXT).unwrap_or_else(|e| panic!("glossary.txt {e}"));
        // The terms the course must define, by their English names.
        for wanted in [
            "token",
            "embedding table",
            "d_model",
            "logits",
            "softmax temperature",
            "causal mask",
            "bucket",
            "held-out sequence",
            "seed",
            "aliasing",
            "eigenvector",
            "discrete Fourier transform",
            "interpolation",
            "extrapolation",
            "NTK",
            "YaRN",
            "fine-tuning",
        ] {
            assert!(
                terms.iter().any(|t| t.names[0]
                    .iter()
                    .any(|n| n.to_lowercase().contains(&wanted.to_lowercase()))),
                "the glossary lacks {wanted:?}"
            );
        }
        let mut ids: Vec<&str> = terms.iter().map(|t| t.id.as_str()).collect();
        ids.sort_unstable();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "two terms share an id");
    }

    #[test]
    fn bad_course_texts_are_refused_with_their_line() {
        let refused = |text: &str| parse_course(text).unwrap_err();
        assert_eq!(refused("en title x").line, 1);
        assert_eq!(refused("chapter a\npanels nowhere").line, 2);
        assert_eq!(refused("chapter a\nen answer before any question").line, 2);
        assert_eq!(refused("chapter a\nfr title x").line, 2);
        assert_eq!(refused("chapter a\nen title x\nen title y").line, 3);
        // Well formed but not every panel: refused as a whole.
        assert_eq!(refused("chapter a\npanels rope").line, 0);
    }

    #[test]
    fn bad_glossary_texts_are_refused_with_their_line() {
        let refused = |text: &str| parse_glossary(text).unwrap_err();
        assert_eq!(refused("en name x").line, 1);
        assert_eq!(refused("term a\nen also before the name").line, 2);
        assert_eq!(refused("term a\nen name x\nen def y").line, 0);
        let whole = "term a\nen name x\nen def y\nzh name 甲\nzh def 乙\nzh pinyin jia";
        assert!(parse_glossary(whole).is_ok());
        // The pinyin: required, once, lowercase letters without tones, for the Chinese name.
        assert_eq!(
            refused("term a\nen name x\nen def y\nzh name 甲\nzh def 乙").line,
            0
        );
        assert_eq!(refused(&format!("{whole}\nzh pinyin jia")).line, 7);
        assert_eq!(
            refused("term a\nen name x\nzh name 甲\nzh pinyin jiǎ").line,
            4
        );
        assert_eq!(refused("term a\nen name x\nen pinyin x").line, 3);
    }
}
