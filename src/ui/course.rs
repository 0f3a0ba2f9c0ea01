//! The course's static parts: the contents of every chapter with its panels and labs,
//! a chapter's key points, its check-yourself questions and its previous / next links, and the
//! glossary, with each chapter's first use of a term linked to its definition.
//!
//! They are written into each page by the build-time prerender, once, in the page's language
//! (`assets/course.txt`, `assets/glossary.txt`, the lesson's questions from `assets/lesson.txt`)
//! and never replaced: the live app takes over only the pieces a link's values change (the
//! header, the controls, the panels; `prerendered.rs`). So the page's wasm carries none of this
//! text, and in the browser these functions render nothing.

use leptos::prelude::*;

use crate::lesson::chapters::Page;
use crate::lesson::Lang;
#[cfg(not(feature = "ssr"))]
use wasm_bindgen::JsCast;

/// The id of the course's menu (a popover every page carries; the header's button and the
/// phone's floating button open it).
pub const MENU_ID: &str = "course-menu";

pub use crate::lesson::chapters::{anchor_href, page_href};

#[cfg(not(feature = "ssr"))]
mod parts {
    use super::*;

    // In the browser the static parts are already on the page (or, on the rare page mounted
    // afresh, left out): nothing to render.
    pub fn menu(_: Page, _: Lang) -> impl IntoView {}
    pub fn home(_: Lang) -> impl IntoView {}
    pub fn glossary(_: Lang) -> impl IntoView {}
    pub fn summary(_: Lang) -> impl IntoView {}
    pub fn chapter_opening(_: Page, _: Lang) -> impl IntoView {}
    pub fn chapter_end(_: Page, _: Lang) -> impl IntoView {}

    /// The terms the explanation of the panel or lab `anchor` links on this page, as the
    /// prerender wrote them (`<meta name="pe-course" data-terms>`: the wasm carries no glossary).
    pub fn panel_terms(_: Page, _: Lang, anchor: &str) -> Vec<(String, String)> {
        let terms = document()
            .query_selector(&format!(
                "meta[name=\"{}\"]",
                crate::lesson::chapters::COURSE_META
            ))
            .ok()
            .flatten()
            .and_then(|meta| meta.get_attribute("data-terms"))
            .unwrap_or_default();
        super::terms_of(&terms, anchor)
    }
}

/// The entries for `anchor` in a page's `data-terms` (`parts::page_terms` writes them):
/// (term id, words).
///
/// ```
/// use pe_explorer::ui::course::terms_of;
/// let terms = "vector:d-model=d_model|sinusoid=sinusoids;heatmap:heatmap=heatmap";
/// assert_eq!(terms_of(terms, "vector"), vec![
///     ("d-model".to_string(), "d_model".to_string()),
///     ("sinusoid".to_string(), "sinusoids".to_string()),
/// ]);
/// assert!(terms_of(terms, "waves").is_empty());
/// ```
pub fn terms_of(terms: &str, anchor: &str) -> Vec<(String, String)> {
    terms
        .split(';')
        .filter_map(|panel| panel.split_once(':'))
        .filter(|(at, _)| *at == anchor)
        .flat_map(|(_, entries)| entries.split('|'))
        .filter_map(|entry| entry.split_once('='))
        .map(|(id, words)| (id.to_owned(), words.to_owned()))
        .collect()
}

/// The id of the glossary's search box.
pub const GLOSSARY_SEARCH_ID: &str = "glossary-filter";

thread_local! {
    /// The search box's listener, kept while its page is shown (a new visit replaces it).
    #[cfg(not(feature = "ssr"))]
    static GLOSSARY_LISTENER: std::cell::RefCell<Option<wasm_bindgen::closure::Closure<dyn Fn()>>> =
        const { std::cell::RefCell::new(None) };
}

/// Makes the glossary page's search box work once the app is live (the prerendered page holds
/// it disabled: a reader without JavaScript has the index and the browser's own find): each key
/// press keeps only the terms whose name, other names or definition contain every word typed,
/// and says how many. Plain listeners on the static page, as the box is the page's only live
/// part.
#[cfg(not(feature = "ssr"))]
pub fn wire_glossary_search(lang: Lang) {
    use crate::i18n::{Key, Translate};
    let Some(input) = document()
        .get_element_by_id(GLOSSARY_SEARCH_ID)
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let typed = input.clone();
    let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
        let (shown, words) = filter_glossary(&typed.value());
        if let Some(output) = document()
            .query_selector(".glossary-search output")
            .ok()
            .flatten()
        {
            let said = (words > 0).then(|| {
                lang.t(Key::GlossaryShown)
                    .replace("{n}", &shown.to_string())
            });
            output.set_text_content(said.as_deref());
        }
    });
    let _ = input.add_event_listener_with_callback("input", listener.as_ref().unchecked_ref());
    input.set_disabled(false);
    GLOSSARY_LISTENER.with(|slot| *slot.borrow_mut() = Some(listener));
}

/// The server has no search box to wire.
#[cfg(feature = "ssr")]
pub fn wire_glossary_search(_: Lang) {}

/// Hides every term of the page's glossary that does not contain each word of `query` (case
/// aside) in its name or definition, and the index while a word is typed; gives (terms shown,
/// words typed).
#[cfg(not(feature = "ssr"))]
fn filter_glossary(query: &str) -> (usize, usize) {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut shown = 0;
    // While searching, the terms found come right after the box, not after the whole index.
    if let Some(index) = document()
        .query_selector(".glossary-index")
        .ok()
        .flatten()
        .and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok())
    {
        index.set_hidden(!words.is_empty());
    }
    let names = super::dom::found(document().query_selector_all("dl.glossary > dt"))
        .filter_map(|node| node.dyn_into::<web_sys::HtmlElement>().ok());
    for name in names {
        let definition = name
            .next_element_sibling()
            .and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok());
        let text = format!(
            "{} {}",
            name.text_content().unwrap_or_default(),
            definition
                .as_ref()
                .and_then(|d| d.text_content())
                .unwrap_or_default()
        )
        .to_lowercase();
        let keep = words.iter().all(|word| text.contains(word.as_str()));
        shown += usize::from(keep);
        name.set_hidden(!keep);
        if let Some(definition) = definition {
            definition.set_hidden(!keep);
        }
    }
    (shown, words.len())
}

/// `text` with each of `terms` (term id, words: `panel_terms`) made, at its first place in the
/// text after the one before, a button showing the term's definition (the popover `def-<id>`
/// the chapter's opening holds). Words not found (another state's text) are left as text.
///
/// A part written `⟦name|words⟧` states a lesson step's answer: it becomes
/// `<span data-answer="name">`, which lesson mode hides until Reveal (`assets/lesson.txt` names
/// it in the step's `mask` line; `answer_parts` reads the marks).
pub fn with_term_buttons(text: &str, terms: &[(String, String)]) -> Vec<AnyView> {
    let (plain, marks) = answer_parts(text);
    // Each term at its first place after the one before, in the text without its marks.
    let mut found = Vec::new();
    let mut from = 0;
    // The same places the prerender chose: never inside a longer word (`whole_term_end`).
    for (id, words) in terms {
        let whole = plain[from..].match_indices(words.as_str()).find(|(at, _)| {
            let start = from + at;
            crate::lesson::course::whole_term_end(&plain, start, start + words.len())
                == Some(start + words.len())
        });
        if let Some((at, _)) = whole {
            found.push((from + at, from + at + words.len(), id.as_str()));
            from += at + words.len();
        }
    }
    // The text in runs, each outside or inside one mark; a term stays a button within its run.
    let mut runs = Vec::new();
    let mut at = 0;
    for (start, end, name) in &marks {
        runs.push((at, *start, None));
        runs.push((*start, *end, Some(*name)));
        at = *end;
    }
    runs.push((at, plain.len(), None));
    runs.into_iter()
        .filter(|(start, end, _)| start < end)
        .map(|(start, end, name)| {
            let mut parts = Vec::new();
            let mut at = start;
            for (term_start, term_end, id) in &found {
                if *term_start >= at && *term_end <= end {
                    // No empty text between two terms: the server writes one as a space.
                    if *term_start > at {
                        parts.push(plain[at..*term_start].to_owned().into_any());
                    }
                    parts.push(term_button(id, &plain[*term_start..*term_end]).into_any());
                    at = *term_end;
                }
            }
            if at < end {
                parts.push(plain[at..end].to_owned().into_any());
            }
            match name {
                Some(name) => view! { <span data-answer=name>{parts}</span> }.into_any(),
                None => parts.into_any(),
            }
        })
        .collect()
}

/// `text` without its answer marks (`⟦name|words⟧` becomes `words`), and where each marked part
/// is in it, with its name.
///
/// ```
/// use pe_explorer::ui::course::answer_parts;
/// let (plain, marks) = answer_parts("Look. ⟦why|It is 0.⟧ Then move on.");
/// assert_eq!(plain, "Look. It is 0. Then move on.");
/// assert_eq!(marks, vec![(6, 14, "why")]);
/// assert_eq!(answer_parts("no marks").1, vec![]);
/// ```
pub fn answer_parts(text: &str) -> (String, Vec<(usize, usize, &str)>) {
    let mut plain = String::with_capacity(text.len());
    let mut marks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('⟦') {
        let Some((name, after)) = rest[open + '⟦'.len_utf8()..].split_once('|') else {
            break;
        };
        let Some(close) = after.find('⟧') else {
            break;
        };
        plain.push_str(&rest[..open]);
        let start = plain.len();
        plain.push_str(&after[..close]);
        marks.push((start, plain.len(), name));
        rest = &after[close + '⟧'.len_utf8()..];
    }
    plain.push_str(rest);
    (plain, marks)
}

/// The button that shows term `id`'s definition (the popover `def-<id>`), on `words`.
fn term_button(id: &str, words: &str) -> impl IntoView {
    view! {
        <button type="button" class="term" popovertarget=format!("def-{id}")>
            {words.to_owned()}
        </button>
    }
}

#[cfg(feature = "ssr")]
mod parts {
    use std::collections::HashSet;
    use std::sync::OnceLock;

    use super::*;
    use crate::i18n::page_words::{self as words, Words};
    use crate::i18n::{panel_text, panel_title, Key, Translate};
    use crate::lesson::chapters::CHAPTERS;
    use crate::lesson::course::{
        glossary_index, parse_course, parse_glossary, whole_term_end, Chapter, SheetMath, Term,
    };
    use crate::lesson::course::{COURSE_TEXT, GLOSSARY_TEXT};
    use crate::lesson::labs::{LabId, LAB_WORD};
    use crate::lesson::steps::{LessonPlan, STEP_PANELS};

    /// The lesson as written, for the check-yourself questions its steps ask.
    const LESSON_TEXT: &str = include_str!("../../assets/lesson.txt");

    fn chapters() -> &'static [Chapter] {
        static CHAPTERS_READ: OnceLock<Vec<Chapter>> = OnceLock::new();
        CHAPTERS_READ.get_or_init(|| {
            parse_course(COURSE_TEXT).unwrap_or_else(|e| panic!("assets/course.txt {e}"))
        })
    }

    fn terms() -> &'static [Term] {
        static TERMS: OnceLock<Vec<Term>> = OnceLock::new();
        TERMS.get_or_init(|| {
            parse_glossary(GLOSSARY_TEXT).unwrap_or_else(|e| panic!("assets/glossary.txt {e}"))
        })
    }

    fn lesson() -> &'static LessonPlan {
        static LESSON: OnceLock<LessonPlan> = OnceLock::new();
        LESSON.get_or_init(|| {
            LessonPlan::parse(LESSON_TEXT).unwrap_or_else(|e| panic!("assets/lesson.txt: {e:?}"))
        })
    }

    fn slot(lang: Lang) -> usize {
        lang.index()
    }

    /// A chapter's title as the contents and the previous / next links write it: its number
    /// and its title.
    fn numbered_title(n: usize, lang: Lang) -> String {
        format!("{}. {}", n + 1, chapters()[n].title[slot(lang)])
    }

    /// The course's contents: every chapter, under it its panels, under each panel its labs.
    /// Each entry links to its place in its chapter's page, keeping the link's values
    /// (`data-keep-query`: `shell.rs` writes them in).
    fn contents(from: Page, lang: Lang) -> impl IntoView {
        let l = slot(lang);
        view! {
            <ol class="course-contents">
                {CHAPTERS
                    .iter()
                    .enumerate()
                    .map(|(n, chapter)| {
                        let to = Page::Chapter(n);
                        let current = (from == to).then_some("page");
                        view! {
                            <li data-chapter=chapter.id>
                                <a href=page_href(from, to, "") data-keep-query="" aria-current=current>
                                    {chapters()[n].title[l].clone()}
                                </a>
                                <ol class="toc-panels">
                                    {chapter
                                        .panels
                                        .iter()
                                        .map(|panel| {
                                            let labs: Vec<_> = LabId::under(*panel).map(LabId::lab).collect();
                                            view! {
                                                <li data-toc-panel=panel.anchor() data-hide-as=panel.anchor()>
                                                    <a href=page_href(from, to, panel.anchor()) data-keep-query="">
                                                        {lang.t(panel_title(*panel))}
                                                    </a>
                                                    {(!labs.is_empty()).then(|| view! {
                                                        <ol class="toc-labs">
                                                            {labs
                                                                .iter()
                                                                .map(|lab| view! {
                                                                    <li>
                                                                        <a href=page_href(from, to, lab.anchor) data-keep-query="">
                                                                            {LAB_WORD[l]}{lab.title[l]}
                                                                        </a>
                                                                    </li>
                                                                })
                                                                .collect_view()}
                                                        </ol>
                                                    })}
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ol>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
            <p class="toc-glossary">
                <a href=page_href(from, Page::Summary, "") data-keep-query="">{summary_title(lang)}</a>
                " · "
                <a href=page_href(from, Page::Glossary, "") data-keep-query="">
                    {lang.pick(words::GLOSSARY)}
                </a>
            </p>
        }
    }

    /// The course's menu, a popover on every page but the contents, and the button that opens
    /// it, always within reach and over no text: a bar across the bottom of the pages without
    /// controls (on a chapter the button in the controls' bar opens it instead:
    /// `controls::Controls`).
    pub fn menu(page: Page, lang: Lang) -> impl IntoView {
        (page != Page::Home).then(|| {
            view! {
                <nav class="toc course-menu" id=MENU_ID popover="auto" aria-labelledby="course-menu-title">
                    <h2 id="course-menu-title">
                        <a href=page_href(page, Page::Home, "") data-keep-query="">{lang.t(Key::Contents)}</a>
                    </h2>
                    {contents(page, lang)}
                </nav>
                <button type="button" class="menu-button" class:on-chapter=matches!(page, Page::Chapter(_)) popovertarget=MENU_ID>
                    <span aria-hidden="true">"☰ "</span>{lang.t(Key::Contents)}
                </button>
            }
        })
    }

    /// The contents page: the course's chapters with their panels and labs, and the glossary.
    pub fn home(lang: Lang) -> impl IntoView {
        view! {
            <main class="course-home" id="panels">
                {for_teachers(lang)}
                <nav class="toc" aria-labelledby="toc-title">
                    <h2 id="toc-title">{lang.pick(words::COURSE_CONTENTS)}</h2>
                    <p class="note">{lang.pick(words::COURSE_INTRO)}</p>
                    {contents(Page::Home, lang)}
                </nav>
            </main>
        }
    }

    /// What a teacher gets, on the contents page: the lesson plans with their minutes, each a
    /// link into lesson mode and to its printed handouts, how lesson mode and presenter view
    /// differ, and where the student link and the embed code are.
    fn for_teachers(lang: Lang) -> impl IntoView {
        use crate::lesson::handout::{handout_path, HandoutKind};
        use crate::lesson::playlist::PlanId;
        let lesson = lesson();
        let plans = PlanId::ALL
            .into_iter()
            .filter_map(|id| {
                let plan = lesson.plan(id)?;
                let minutes = lesson.plan_minutes(plan);
                let steps = plan.steps.len();
                // The handouts, named from the contents page's own folder (`print/` beside it in
                // either language).
                let handout = move |kind: HandoutKind, key: Key| {
                    let path = handout_path(lang, id, kind);
                    let path = path.strip_prefix("zh/").unwrap_or(&path).to_owned();
                    view! { <a href=path>{lang.t(key)}</a> }
                };
                Some(view! {
                    <li>
                        // A full load of the plan's first step (masked from its first paint:
                        // index.html), as a plan's link from anywhere opens.
                        <a href=format!("?lesson={}", id.code()) data-page-load="">
                            {plan.titles[slot(lang)].clone()}
                        </a>
                        {lang.pick([
                            format!(" · {steps} steps, about {minutes} min · "),
                            format!(" · {steps} 步，约 {minutes} 分钟 · "),
                        ])}
                        {handout(HandoutKind::Worksheet, Key::HandoutWorksheet)}
                        " · "
                        {handout(HandoutKind::AnswerKey, Key::HandoutAnswers)}
                        " · "
                        {handout(HandoutKind::Guide, Key::HandoutGuide)}
                    </li>
                })
            })
            .collect_view();
        view! {
            // Hidden with lesson mode by a student link (`hide=step`).
            <section class="for-teachers" aria-labelledby="for-teachers-title" data-hide-as="step">
                <h2 id="for-teachers-title">{lang.pick(["For teachers", "给教师"])}</h2>
                <p>
                    {lang.pick([
                        "Lesson mode asks the class one question at a time and reveals the answer on the page: Page Down on a clicker reveals, then moves on. Presenter view only makes the type and charts large for a projector; use both in class. Each plan below starts lesson mode at its first step, with its printed handouts:",
                        "课堂模式一次问全班一个问题，再在页面上揭晓答案：按翻页笔的 Page Down 先揭晓，再进入下一步。演示模式只是为投影仪放大文字和图表；上课时两者一起用。每份教案都从第一步开始课堂模式，并附有打印材料：",
                    ])}
                </p>
                <ul class="plans">{plans}</ul>
                <p>
                    {lang.pick([
                        format!("“{}” at the top of every page gives a link for students that hides or locks the controls you choose, its QR code, and the code to embed one section or lab in a slide.", lang.t(Key::ShareTitle)),
                        format!("每页顶部的“{}”可以生成给学生的链接（可隐藏或锁定你选择的控件）及其二维码，还能生成把单独一节或一个实验嵌入幻灯片的代码。", lang.t(Key::ShareTitle)),
                    ])}
                </p>
            </section>
        }
    }

    /// The glossary page: every term, its other names and its definition; `#term-<id>` links
    /// to one.
    pub fn glossary(lang: Lang) -> impl IntoView {
        let l = slot(lang);
        let index = glossary_index(terms(), l);
        view! {
            <main class="glossary-page" id="panels">
                <h2>{lang.pick(words::GLOSSARY)}</h2>
                <div role="search" class="glossary-search">
                    <label for=GLOSSARY_SEARCH_ID>{lang.pick(words::GLOSSARY_FIND)}</label>
                    <input type="search" id=GLOSSARY_SEARCH_ID disabled autocomplete="off" />
                    <output for=GLOSSARY_SEARCH_ID aria-live="polite"></output>
                </div>
                <nav class="glossary-index" aria-labelledby="glossary-index-title">
                    <h3 id="glossary-index-title">{lang.pick(words::GLOSSARY_INDEX)}</h3>
                    <ol>
                        {index
                            .into_iter()
                            .map(|(letter, group)| view! {
                                <li>
                                    <span class="letter">{letter.to_string()}</span>
                                    {group
                                        .into_iter()
                                        .map(|term| view! {
                                            <a href=format!("#term-{}", term.id)>{term.names[l][0].clone()}</a>
                                        })
                                        .collect_view()}
                                </li>
                            })
                            .collect_view()}
                    </ol>
                </nav>
                <dl class="glossary">
                    {terms()
                        .iter()
                        .map(|term| {
                            let others = term.names[l][1..].join(lang.pick(words::LIST_SEPARATOR));
                            view! {
                                <dt id=format!("term-{}", term.id)>
                                    {term.names[l][0].clone()}
                                    {(!others.is_empty()).then(|| view! {
                                        <span class="also">" (" {others} ")"</span>
                                    })}
                                </dt>
                                <dd>{term.definition[l].clone()}</dd>
                            }
                        })
                        .collect_view()}
                </dl>
            </main>
        }
    }

    /// The exam summary's name.
    fn summary_title(lang: Lang) -> &'static str {
        lang.pick(["Exam summary", "考前速览"])
    }

    /// The exam summary: each chapter's sheet, its formulas as textbooks write them, each with
    /// what it says, at most one phone screen a chapter (`assets/course.txt`, `formula` lines).
    /// Printed, a chapter a page; each sheet's own page prints it alone ([`sheet_page`]).
    pub fn summary(lang: Lang) -> impl IntoView {
        let sheets = CHAPTERS
            .iter()
            .enumerate()
            .map(|(n, chapter)| {
                let id = format!("sheet-{}", chapter.id);
                view! {
                    <section class="sheet" id=id.clone() aria-labelledby=format!("{id}-title")>
                        <h3 id=format!("{id}-title")>{numbered_title(n, lang)}</h3>
                        {sheet_formulas(n, lang)}
                        <p class="note">
                            <a href=page_href(Page::Summary, Page::Chapter(n), "") data-keep-query="">
                                {lang.pick(["The chapter", "阅读本章"])}
                            </a>
                            " · "
                            <a href=format!("../print/{}", sheet_file(n))>
                                {lang.pick(["Print this chapter", "打印本章"])}
                            </a>
                        </p>
                    </section>
                }
            })
            .collect_view();
        view! {
            <main class="glossary-page summary-page" id="panels">
                <h2>{summary_title(lang)}</h2>
                <p class="note">
                    {lang.pick([
                        "Each chapter's formulas as textbooks write them, with what each says: one phone screen a chapter. Printed, each chapter takes a page.",
                        "每章的公式按教科书的写法列出，并说明每个公式的含义：每章不超过手机的一屏。打印时每章各占一页。",
                    ])}
                </p>
                {sheets}
            </main>
        }
    }

    /// Chapter `n`'s sheet: its formulas, each with its note.
    fn sheet_formulas(n: usize, lang: Lang) -> impl IntoView {
        let l = slot(lang);
        let formulas = chapters()[n]
            .sheet
            .iter()
            .map(|item| {
                view! {
                    <li>
                        <div class="formula equations" inner_html=sheet_markup(&item.formula)></div>
                        <p>{item.note[l].clone()}</p>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="sheet-formulas">{formulas}</ol> }
    }

    /// The file of chapter `n`'s printed sheet in its language's `print/` folder.
    pub fn sheet_file(n: usize) -> String {
        format!("sheet-{}.html", CHAPTERS[n].id)
    }

    /// Chapter `n`'s exam sheet as a page of its own, to print alone, as the handouts are
    /// ([`printed_page`](super::super::handout::printed_page)); `root` is the way up to the
    /// site's root.
    pub fn sheet_page(n: usize, lang: Lang, root: &str) -> String {
        let title = format!("{} · {}", summary_title(lang), numbered_title(n, lang));
        let body = view! {
            <header>
                <p class="site">{lang.pick(words::HANDOUT_SITE)}</p>
                <h1>
                    <span class="kind">{summary_title(lang)}</span>
                    {numbered_title(n, lang)}
                </h1>
            </header>
            {sheet_formulas(n, lang)}
        }
        .to_html();
        super::super::handout::printed_page(lang, &title, root, &body)
    }

    /// A sheet formula's markup: written equations each in its own line box (`.eq`, as
    /// `ui::math` writes the panels' formulas), or a panel's formula by its name.
    fn sheet_markup(formula: &SheetMath) -> String {
        use super::super::math::Math;
        use crate::lesson::course::PanelFormula;
        match formula {
            SheetMath::Panels(named) => match named {
                PanelFormula::Rotation => Math::Rotation,
                PanelFormula::Combine => Math::CombineScaled,
            }
            .markup()
            .to_owned(),
            SheetMath::Written(equations) => equations
                .iter()
                .map(|e| {
                    format!(
                        r#"<span class="eq">{}</span>"#,
                        e.replace("<math>", r#"<math display="block">"#)
                    )
                })
                .collect(),
        }
    }

    /// Where in `text` the first term not yet linked in this chapter starts: its byte range
    /// and the term. A name matches as a whole term only (`whole_term_end`: never inside a
    /// longer word), case-insensitively for a lowercase English name. The longest name wins at
    /// a place.
    fn first_term(
        text: &str,
        lang: Lang,
        linked: &HashSet<&str>,
    ) -> Option<(usize, usize, &'static Term)> {
        let l = slot(lang);
        let lower = text.to_lowercase();
        // `to_lowercase` keeps byte offsets for the texts here (ASCII case only changes).
        let haystack = if lower.len() == text.len() {
            &lower
        } else {
            text
        };
        let mut best: Option<(usize, usize, &'static Term)> = None;
        for term in terms().iter().filter(|t| !linked.contains(t.id.as_str())) {
            for name in &term.names[l] {
                let (hay, needle) = if lang == Lang::En && name.chars().all(|c| !c.is_uppercase()) {
                    (haystack, name.to_lowercase())
                } else {
                    (text, name.clone())
                };
                let found = hay.match_indices(needle.as_str()).find_map(|(at, _)| {
                    let end = whole_term_end(text, at, at + needle.len())?;
                    (!inside_longer_name(text, at, end, lang)).then_some((at, end))
                });
                if let Some((at, end)) = found {
                    let better = best
                        .is_none_or(|(b_at, b_end, _)| at < b_at || (at == b_at && end > b_end));
                    if better {
                        best = Some((at, end, term));
                    }
                }
            }
        }
        best
    }

    /// Whether `text[start..end]`, a Chinese term's name, is part of a longer glossary name
    /// written there (位置编码 inside 旋转位置编码): Chinese has no spaces, so the glossary's own
    /// names are the words it is checked against. English words end at spaces.
    fn inside_longer_name(text: &str, start: usize, end: usize, lang: Lang) -> bool {
        if lang != Lang::Zh {
            return false;
        }
        let l = slot(lang);
        terms().iter().flat_map(|t| &t.names[l]).any(|name| {
            name.len() > end - start
                && (end.saturating_sub(name.len())..=start).any(|s| {
                    text.is_char_boundary(s)
                        && text[s..].starts_with(name.as_str())
                        && s + name.len() >= end
                })
        })
    }

    /// A term's definition, shown in place by its buttons (a popover: a tap on a phone), linking
    /// to the glossary.
    fn definition(term: &Term, page: Page, lang: Lang) -> impl IntoView {
        let l = slot(lang);
        view! {
            <span class="term-def" popover="auto" id=format!("def-{}", term.id) role="note">
                <strong>{term.names[l][0].clone()}</strong>
                {lang.pick(words::TERM_COLON)}
                {term.definition[l].clone()}" "
                <a href=page_href(page, Page::Glossary, &format!("term-{}", term.id)) data-keep-query="">
                    {lang.pick(words::GLOSSARY)}" →"
                </a>
            </span>
        }
    }

    /// The terms each panel's and lab's explanation links on a chapter's page, in page order
    /// (each panel, then the labs folded under it): the first use in the chapter of each term
    /// its key points have not linked, as (the panel's or lab's anchor, term, the words as the
    /// explanation writes them). A panel's explanation is the one the default state shows
    /// (`i18n::panel_text`), a lab's its text (`lesson::labs::LABS`).
    fn term_links(page: Page, lang: Lang) -> Vec<(&'static str, &'static Term, String)> {
        let Page::Chapter(n) = page else {
            return Vec::new();
        };
        let mut linked = linked_in_points(&chapters()[n], lang);
        let mut links = Vec::new();
        for &panel in page.panels() {
            let labs = LabId::under(panel)
                .map(LabId::lab)
                .map(|lab| (lab.anchor, lab.text[slot(lang)]));
            let texts = std::iter::once((panel.anchor(), lang.t(panel_text(panel)))).chain(labs);
            for (anchor, text) in texts {
                // The words as the page shows them: not inside an answer mark's name.
                let (plain, _) = super::answer_parts(text);
                let mut rest = plain.as_str();
                // The page puts a term's button on the first whole-term place of its words
                // (`with_term_buttons`); a term whose first such place is inside a longer name
                // is not linked in this text.
                let mut passed = linked.clone();
                while let Some((at, end, term)) = first_term(rest, lang, &passed) {
                    passed.insert(term.id.as_str());
                    let words = &rest[at..end];
                    let earlier = rest[..at].match_indices(words).any(|(s, _)| {
                        whole_term_end(rest, s, s + words.len()) == Some(s + words.len())
                    });
                    if earlier {
                        continue;
                    }
                    linked.insert(term.id.as_str());
                    links.push((anchor, term, words.to_owned()));
                    rest = &rest[end..];
                }
            }
        }
        links
    }

    /// The terms the explanation of the panel or lab `anchor` links on `page` (`term_links`):
    /// (term id, the words), in the order the text uses them.
    pub fn panel_terms(page: Page, lang: Lang, anchor: &str) -> Vec<(String, String)> {
        term_links(page, lang)
            .into_iter()
            .filter(|(at, _, _)| *at == anchor)
            .map(|(_, term, words)| (term.id.clone(), words))
            .collect()
    }

    /// Every panel's and lab's linked terms on `page`, as the page carries them for its live
    /// panels and labs (`<meta name="pe-course" data-terms>`, read by `panel_terms` in the browser):
    /// `anchor:id=words|id=words`, anchors separated by `;`.
    pub fn page_terms(page: Page, lang: Lang) -> String {
        let mut by_anchor: Vec<(&str, Vec<String>)> = Vec::new();
        for (anchor, term, words) in term_links(page, lang) {
            let entry = format!("{}={words}", term.id);
            match by_anchor.last_mut() {
                Some((last, entries)) if *last == anchor => entries.push(entry),
                _ => by_anchor.push((anchor, vec![entry])),
            }
        }
        by_anchor
            .iter()
            .map(|(anchor, entries)| format!("{anchor}:{}", entries.join("|")))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// `text` with the first use in this chapter of each glossary term made a button that shows
    /// the term's definition in place (a popover: a tap on a phone), the definition linking
    /// to the glossary. `linked` holds the terms already linked in the chapter.
    fn with_terms(
        text: &str,
        page: Page,
        lang: Lang,
        linked: &mut HashSet<&'static str>,
    ) -> Vec<AnyView> {
        let mut parts = Vec::new();
        let mut rest = text;
        while let Some((at, end, term)) = first_term(rest, lang, linked) {
            linked.insert(term.id.as_str());
            parts.push(rest[..at].to_owned().into_any());
            parts.push(
                view! {
                    {super::term_button(&term.id, &rest[at..end])}
                    {definition(term, page, lang)}
                }
                .into_any(),
            );
            rest = &rest[end..];
        }
        parts.push(rest.to_owned().into_any());
        parts
    }

    /// A chapter's opening: its number, title and key points.
    pub fn chapter_opening(page: Page, lang: Lang) -> impl IntoView {
        let Page::Chapter(n) = page else {
            return None;
        };
        let l = slot(lang);
        let chapter = &chapters()[n];
        let mut linked = HashSet::new();
        let mut points = Vec::new();
        for point in &chapter.points {
            let text = with_terms(&point[l], page, lang, &mut linked);
            points.push(view! { <li>{text}</li> });
        }
        Some(view! {
            // A header, not a labelled section: a chapter of one panel shares its title with it,
            // and two regions of one name would confuse a screen reader's list of landmarks.
            <header class="chapter-opening">
                <p class="chapter-number">
                    {lang.pick(words::CHAPTER_OF)
                        .replace("{n}", &(n + 1).to_string())
                        .replace("{count}", &CHAPTERS.len().to_string())}
                </p>
                <h2 id="chapter-title" class="chapter-title">{chapter.title[l].clone()}</h2>
                <h3>{lang.pick(words::KEY_POINTS)}</h3>
                <ul class="key-points">{points}</ul>
                // The definitions the panels' and labs' explanations show (`panel_terms`): here,
                // in the part of the page the live app never replaces.
                <div class="term-defs">
                    {term_links(page, lang)
                        .into_iter()
                        .map(|(_, term, _)| definition(term, page, lang))
                        .collect::<Vec<_>>()}
                </div>
            </header>
        })
    }

    /// The terms a chapter's key points link, so its questions link only terms first used there.
    fn linked_in_points(chapter: &Chapter, lang: Lang) -> HashSet<&'static str> {
        let mut linked = HashSet::new();
        for point in &chapter.points {
            let mut rest = point[slot(lang)].as_str();
            while let Some((_, end, term)) = first_term(rest, lang, &linked) {
                linked.insert(term.id.as_str());
                rest = &rest[end..];
            }
        }
        linked
    }

    /// A chapter's end: its check-yourself questions (its lesson steps', then its own), each
    /// answer hidden until asked for, and the links to the previous and next chapters.
    pub fn chapter_end(page: Page, lang: Lang) -> impl IntoView {
        let Page::Chapter(n) = page else {
            return None;
        };
        let l = slot(lang);
        let chapter = &chapters()[n];
        let mut linked = linked_in_points(chapter, lang);
        linked.extend(
            term_links(page, lang)
                .iter()
                .map(|(_, term, _)| term.id.as_str()),
        );
        let panels = CHAPTERS[n].panels;
        let steps = (1..=STEP_PANELS.len()).filter(|step| panels.contains(&STEP_PANELS[step - 1]));
        let mut questions = Vec::new();
        for step in steps {
            let question = with_terms(lesson().question(step, lang), page, lang, &mut linked);
            let answer = with_terms(lesson().reveal(step, lang), page, lang, &mut linked);
            let set_up = lang
                .pick(words::SET_UP_STEP)
                .replace("{n}", &step.to_string());
            questions.push(view! {
                <li class="check-question" data-step=step>
                    <p>{question}</p>
                    <p class="note">
                        // The step's own state, in lesson mode (the teacher's tools).
                        <a href=format!("?step={step}") data-keep-query="" data-step=step>{set_up}</a>
                    </p>
                    <details>
                        <summary>{lang.pick(words::SHOW_ANSWER)}</summary>
                        <p>{answer}</p>
                    </details>
                </li>
            }.into_any());
        }
        for question in &chapter.questions {
            let asked = with_terms(&question.question[l], page, lang, &mut linked);
            let answer = with_terms(&question.answer[l], page, lang, &mut linked);
            questions.push(
                view! {
                    <li class="check-question">
                        <p>{asked}</p>
                        <details>
                            <summary>{lang.pick(words::SHOW_ANSWER)}</summary>
                            <p>{answer}</p>
                        </details>
                    </li>
                }
                .into_any(),
            );
        }
        let neighbour = |to: Option<usize>, rel: &'static str, words: Words| {
            to.filter(|m| *m < CHAPTERS.len()).map(|m| view! {
                <a class=rel rel=rel href=page_href(page, Page::Chapter(m), "") data-keep-query="">
                    <span class="note">{lang.pick(words)}</span>
                    <span>{numbered_title(m, lang)}</span>
                </a>
            })
        };
        Some(view! {
            <section class="check-yourself" aria-labelledby="check-title">
                <h2 id="check-title">{lang.pick(words::CHECK_YOURSELF)}</h2>
                <p class="note">{lang.pick(words::CHECK_YOURSELF_INTRO)}</p>
                <ol>{questions}</ol>
                <p>
                    <a href=page_href(page, Page::Summary, &format!("sheet-{}", chapter.id)) data-keep-query="">
                        {summary_title(lang)}" →"
                    </a>
                </p>
            </section>
            <nav class="chapter-nav" aria-label=lang.pick(words::CHAPTER_NAVIGATION)>
                {neighbour(n.checked_sub(1), "prev", words::PREVIOUS_CHAPTER)}
                <a class="up" href=page_href(page, Page::Home, "") data-keep-query="">{lang.t(Key::Contents)}</a>
                {neighbour(Some(n + 1), "next", words::NEXT_CHAPTER)}
            </nav>
        })
    }
}

pub use parts::*;
