//! The printed handouts of a lesson plan: for each plan and language a worksheet (the questions,
//! room to write a prediction, no answers), an answer key and a teacher's guide (the plan, its
//! timings, the notes and the answers). The prerender writes each as a page of its own
//! (`print/rope-worksheet.html`, `zh/print/rope-worksheet.html`) from `assets/lesson.txt`;
//! the plan picker and the share dialog link to them.

use super::lang::Lang;
use super::playlist::PlanId;

/// One kind of handout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandoutKind {
    /// The questions, with the numbers the class will see and room to write; no answers.
    Worksheet,
    /// Each question with its answer.
    AnswerKey,
    /// The plan, its timings, each step's notes and answer.
    Guide,
}

impl HandoutKind {
    pub const ALL: [HandoutKind; 3] = [
        HandoutKind::Worksheet,
        HandoutKind::AnswerKey,
        HandoutKind::Guide,
    ];

    /// Its name in the file's name.
    pub fn code(self) -> &'static str {
        match self {
            HandoutKind::Worksheet => "worksheet",
            HandoutKind::AnswerKey => "answers",
            HandoutKind::Guide => "guide",
        }
    }
}

/// The handout's file, from the site's root.
///
/// ```
/// use pe_explorer::lesson::{handout::{handout_path, HandoutKind}, playlist::PlanId, Lang};
/// assert_eq!(handout_path(Lang::En, PlanId::Rope, HandoutKind::Worksheet), "print/rope-worksheet.html");
/// assert_eq!(handout_path(Lang::Zh, PlanId::Tour, HandoutKind::Guide), "zh/print/tour-guide.html");
/// ```
pub fn handout_path(lang: Lang, plan: PlanId, kind: HandoutKind) -> String {
    let language = match lang {
        Lang::En => "",
        Lang::Zh => "zh/",
    };
    format!("{language}print/{}-{}.html", plan.code(), kind.code())
}
