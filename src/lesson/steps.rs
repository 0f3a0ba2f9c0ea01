//! Lesson mode: the lesson as an ordered list of steps. Each step asks the class to predict
//! something about one panel before the page shows it: it arrives in its *before* state (the
//! parameters that set up the question, the read-outs that would answer it masked), and Reveal
//! moves it to its *after* state (the change the question asked about applied, the read-outs
//! shown, the answer's text).
//!
//! The whole lesson, its parameters and its texts in both languages, is a text file,
//! `assets/lesson.txt`, fetched when lesson mode starts: the page every student opens does not
//! carry it in its bundle, and a teacher can change the lesson without touching the code.
//!
//! The order follows the source texts (and the page): why order matters, the input path, the
//! formula and its pictures, relative position, adding to the word vector, what lies beyond the
//! training length, the encodings that came after, and a real model.

use super::labs::{LabId, LAB_ANCHOR_PREFIX};
use super::lang::Lang;
use super::panels::PanelId;
use super::params::{Params, STEP_COUNT};
use super::playlist::PlanId;
use super::query::apply_query;

mod flow;

pub use flow::LessonFlow;

/// Where the page finds the lesson, relative to itself (so sub-path hosting works).
pub const LESSON_TEXT_FILE: &str = "lesson.txt";

/// Each step's panel, in step order: the one list of it (`assets/lesson.txt` names a step's lab,
/// which must be on this panel, not the panel again). The page itself has it, without the lesson
/// file: a link to a step opens at its panel from the start, before the teacher's tools have
/// loaded the lesson (so what the reader sees first is what the step is about, and it does not
/// move when the tools arrive).
pub const STEP_PANELS: [PanelId; STEP_COUNT] = [
    PanelId::WordOrder,
    PanelId::Embedding,
    PanelId::Embedding,
    PanelId::Vector,
    PanelId::Heatmap,
    PanelId::Waves,
    PanelId::Frequencies,
    PanelId::Rotation,
    PanelId::DotProduct,
    PanelId::DotProduct,
    PanelId::AddConcat,
    PanelId::Extrapolation,
    PanelId::Extrapolation,
    PanelId::Extrapolation,
    PanelId::Extrapolation,
    PanelId::Extrapolation,
    PanelId::Rope,
    PanelId::Rope,
    PanelId::Rope,
    PanelId::Rope,
    PanelId::Alibi,
    PanelId::Alibi,
    PanelId::Alibi,
    PanelId::RealData,
];

/// Why `assets/lesson.txt` could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonTextError {
    /// This line (1-based) is not one of the forms [`LessonPlan::parse`] reads, names a step
    /// that does not exist or a lab that is not on the step's panel, or gives parameters that a
    /// link would have to correct.
    Line(usize),
    /// This step lacks its before state, or a question, answer or reveal text in one
    /// of the languages, or has some of its teacher notes but not all.
    Incomplete(usize),
    /// This step's payoff names a read-out that its mask line does not.
    Payoff(usize),
    /// This plan lacks its steps, a title or an aim, or a step's minutes, or takes longer than
    /// [`PLAN_MINUTES_MAX`].
    Plan(String),
}

/// One step: where it looks, what it sets up, what Reveal changes, and what it says.
#[derive(Clone, Debug, Default, PartialEq)]
struct StepPlan {
    /// Query strings (`d_model=128&i=0`): the before state over the defaults, and what Reveal
    /// applies over what is on screen.
    before: Option<String>,
    after: String,
    /// The read-outs (`data-readout` names) hidden until Reveal.
    masks: Vec<String>,
    /// The read-outs hidden before and after Reveal: a later step's answer (`N hold`).
    holds: Vec<String>,
    /// The masked read-outs and charts that show the answer, brought on screen together after
    /// Reveal (`N payoff`); empty for all of the masked ones.
    payoff: Vec<String>,
    /// The lab (`src/ui/labs`) whose values the step's queries also set (`rx_…`: the
    /// `lesson::labs` keys), and whose read-out holds the answer.
    lab: Option<LabId>,
    /// Whether the answer is the result of a run of the lab (the training lab's Train): the
    /// clicker's first Page Down starts it, and Reveal waits for it to finish.
    runs_lab: bool,
    /// Per language (en, zh): the question, the reveal text, the answer as the panel prints it
    /// once revealed (which the reveal text quotes), and the short reveal (written on its own
    /// line of the file), which presenter view projects in place of the whole reveal text.
    texts: [[Option<String>; 4]; 2],
    /// Per language: the answer's words and numbers, each as the page prints it, none of them on
    /// screen before Reveal and all of them after (the tests check both).
    words: [Vec<String>; 2],
    /// Its time in class, in whole minutes (predict, discuss, reveal).
    minutes: Option<u8>,
    /// Per language, the teacher's notes ([`NoteKind`]), shown when the teacher asks for them.
    notes: [[Option<String>; 3]; 2],
}

/// One of a step's teacher notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// The wrong idea the step targets.
    Misconception,
    /// What to point at on screen.
    Point,
    /// What to ask after Reveal.
    Ask,
}

impl NoteKind {
    /// Every kind, in the order the notes show them.
    pub const ALL: [NoteKind; 3] = [NoteKind::Misconception, NoteKind::Point, NoteKind::Ask];

    /// The word the lesson file writes it with.
    pub fn word(self) -> &'static str {
        match self {
            NoteKind::Misconception => "misconception",
            NoteKind::Point => "point",
            NoteKind::Ask => "ask",
        }
    }
}

/// A lesson plan: a class's worth of steps, in order, with its title and aim per language.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanText {
    /// Its name in a link (`lesson=sinusoidal`).
    pub id: String,
    pub steps: Vec<usize>,
    /// Per language (en, zh): the title and the one-line aim.
    pub titles: [String; 2],
    pub aims: [String; 2],
}

/// The longest a plan may take, in minutes: one class.
pub const PLAN_MINUTES_MAX: u32 = 45;

/// The lesson: every step's panel, before and after states, masks, texts, minutes and notes,
/// and the plans over them.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonPlan {
    steps: Vec<StepPlan>,
    plans: Vec<PlanText>,
}

/// The state a lesson step starts from: the defaults, with what belongs to the classroom rather
/// than to the lesson kept (language, presenter view, theme, a teacher link's hidden controls and
/// panels and its locked controls, the plan or list of steps walked). So a step shows the same
/// numbers whatever was on screen before it.
///
/// ```
/// use pe_explorer::lesson::{steps::lesson_base, Lang, Params};
/// let p = Params { d_model: 64, lang: Lang::Zh, presenter: true, ..Params::default() };
/// let base = lesson_base(p);
/// assert_eq!((base.d_model, base.lang, base.presenter), (128, Lang::Zh, true));
/// ```
pub fn lesson_base(params: Params) -> Params {
    Params {
        lang: params.lang,
        step: params.step,
        presenter: params.presenter,
        theme: params.theme,
        hidden: params.hidden,
        locked: params.locked,
        hidden_panels: params.hidden_panels,
        plan: params.plan,
        steps: params.steps,
        ..Params::default()
    }
}

impl LessonPlan {
    /// Reads `assets/lesson.txt`. `#` comments and blank lines are ignored; every other line is
    /// one of
    ///
    /// - `4 before d_model=128&i=0`: the before state, as a query over [`lesson_base`];
    /// - `4 after i=8`: what Reveal applies (optional);
    /// - `4 lab basis-fit`: the lab, on the step's panel ([`STEP_PANELS`]), whose values the
    ///   step's queries also set and whose read-out holds the answer (optional);
    /// - `4 run`: after the lab line, the answer is the result of a run of that lab (optional);
    /// - `4 mask wavelength other`: read-outs hidden until Reveal (optional);
    /// - `4 payoff wavelength`: those of them that show the answer, on screen together after
    ///   Reveal (optional, after the mask line; all that Reveal unmasks without it);
    /// - `en 4 ? text`, `en 4 ! text`: the question and the reveal text (`en` or `zh`);
    /// - `en 4 = 19.9`: the answer as the panel prints it after Reveal;
    /// - `en 4 short text`: the reveal in a sentence, for the projected slide;
    /// - `en 4 words 19.9 | one full wave`: the answer's words and numbers, separated by `|`;
    /// - `4 minutes 2`: the step's time in class (optional);
    /// - `en 4 misconception text`, `en 4 point text`, `en 4 ask text`: the teacher's notes
    ///   (optional, all or none);
    /// - `plan tour steps 1,2,3`, `plan tour en title text`, `plan tour en aim text`: a lesson
    ///   plan (its steps in order, and per language a title and an aim).
    ///
    /// Every one of the [`STEP_COUNT`] steps needs its before state, all eight texts
    /// and its words in both languages; parameters must read without a correction. A plan needs
    /// its steps (each once), titles and aims; a step it takes needs its minutes, and the sum is
    /// at most [`PLAN_MINUTES_MAX`].
    ///
    /// ```
    /// use pe_explorer::lesson::{steps::LessonPlan, Lang, PanelId};
    /// let file = "1 before i=0\n1 after i=8\nen 1 ? Q\nen 1 ! A 19.9\nen 1 = 19.9\n\
    ///             en 1 short A\nen 1 words 19.9\nzh 1 ? 问\nzh 1 ! 答 19.9\nzh 1 = 19.9\n\
    ///             zh 1 short 答\nzh 1 words 19.9 | 答\n";
    /// let plan = LessonPlan::parse_steps(file, 1).unwrap();
    /// assert_eq!(plan.panel(1), Some(PanelId::WordOrder));
    /// assert_eq!((plan.panel(0), plan.panel(2)), (None, None));
    /// assert_eq!(plan.question(1, Lang::Zh), "问");
    /// assert_eq!(plan.words(1, Lang::Zh), ["19.9", "答"]);
    /// assert!(LessonPlan::parse_steps("1 panel waves", 1).is_err());
    /// assert!(LessonPlan::parse_steps("1 lab xpos", 1).is_err());
    /// ```
    pub fn parse(file: &str) -> Result<LessonPlan, LessonTextError> {
        Self::parse_steps(file, STEP_COUNT)
    }

    /// [`parse`](Self::parse) for a lesson of the first `count` steps (at most [`STEP_COUNT`]).
    pub fn parse_steps(file: &str, count: usize) -> Result<LessonPlan, LessonTextError> {
        let mut steps = vec![StepPlan::default(); count.min(STEP_COUNT)];
        let mut plans: Vec<PlanText> = Vec::new();
        for (number, line) in file.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let read = match line.strip_prefix("plan ") {
                Some(rest) => read_plan_line(rest, count, &mut plans),
                None => read_line(line, &mut steps),
            };
            read.ok_or(LessonTextError::Line(number + 1))?;
        }
        for (n, step) in steps.iter().enumerate() {
            let complete = step.before.is_some()
                && step.texts.iter().flatten().all(Option::is_some)
                && step.words.iter().all(|words| !words.is_empty());
            let notes = step.notes.iter().flatten().filter(|n| n.is_some()).count();
            if !complete || !(notes == 0 || notes == 6) {
                return Err(LessonTextError::Incomplete(n + 1));
            }
            // What shows the answer is something Reveal unmasks (in whatever order the lines come).
            if step.payoff.iter().any(|name| !step.masks.contains(name)) {
                return Err(LessonTextError::Payoff(n + 1));
            }
        }
        for plan in &plans {
            let minutes: Option<u32> = plan
                .steps
                .iter()
                .map(|&s| steps[s - 1].minutes.map(u32::from))
                .sum();
            let texts = plan.titles.iter().chain(&plan.aims).all(|t| !t.is_empty());
            if plan.steps.is_empty() || !texts || minutes.is_none_or(|m| m > PLAN_MINUTES_MAX) {
                return Err(LessonTextError::Plan(plan.id.clone()));
            }
        }
        Ok(LessonPlan { steps, plans })
    }

    /// Step `step`'s time in class, in minutes, if the lesson gives it.
    pub fn minutes(&self, step: usize) -> Option<u8> {
        self.step(step).and_then(|s| s.minutes)
    }

    /// Step `step`'s teacher note of `kind` in `lang` ("" if the lesson has none).
    pub fn note(&self, step: usize, lang: Lang, kind: NoteKind) -> &str {
        let slot = NoteKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
        self.step(step)
            .and_then(|s| s.notes[lang.index()][slot].as_deref())
            .unwrap_or("")
    }

    /// The lesson plans, in the file's order.
    pub fn plans(&self) -> &[PlanText] {
        &self.plans
    }

    /// A plan's length: its steps' minutes summed.
    pub fn plan_minutes(&self, plan: &PlanText) -> u32 {
        plan.steps
            .iter()
            .filter_map(|&s| self.minutes(s))
            .map(u32::from)
            .sum()
    }

    /// How many steps the lesson has.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    fn step(&self, step: usize) -> Option<&StepPlan> {
        step.checked_sub(1).and_then(|n| self.steps.get(n))
    }

    /// Plan `id`'s steps, titles and aims, if the file has it.
    pub fn plan(&self, id: PlanId) -> Option<&PlanText> {
        self.plans.iter().find(|p| p.id == id.code())
    }

    /// The steps lesson mode walks in the state `params`, in order: its own list
    /// (`steps=17,18,12`), else its plan's (`lesson=rope`), else every step; without the
    /// steps whose panel the link hides (`hide=`), which the class could not see
    /// (`tests/lesson_mode.rs::the_walked_steps_follow_the_link_and_skip_hidden_panels`).
    pub fn sequence(&self, params: &Params) -> Vec<usize> {
        let chosen = if !params.steps.is_empty() {
            params.steps.steps()
        } else if let Some(plan) = params.plan.and_then(|id| self.plan(id)) {
            plan.steps.clone()
        } else {
            (1..=self.len()).collect()
        };
        chosen
            .into_iter()
            .filter(|&s| {
                s <= self.len()
                    && self
                        .panel(s)
                        .is_none_or(|panel| !params.hidden_panels.contains(panel))
            })
            .collect()
    }

    /// The panel of step `step` (1-based).
    pub fn panel(&self, step: usize) -> Option<PanelId> {
        self.step(step)?;
        STEP_PANELS.get(step.checked_sub(1)?).copied()
    }

    /// Step `step`'s before state: [`lesson_base`] of `from`, its before parameters, the step.
    pub fn before(&self, step: usize, from: Params) -> Params {
        let base = lesson_base(Params { step, ..from });
        match self.step(step).and_then(|s| s.before.as_deref()) {
            Some(query) => apply_query(base, query).params,
            None => base,
        }
    }

    /// `current` with step `step`'s Reveal applied.
    pub fn after(&self, step: usize, current: Params) -> Params {
        match self.step(step) {
            Some(s) => apply_query(current, &s.after).params,
            None => current,
        }
    }

    /// The lab whose read-out holds step `step`'s answer, if any.
    pub fn lab(&self, step: usize) -> Option<LabId> {
        self.step(step).and_then(|s| s.lab)
    }

    /// The lab whose run step `step`'s answer is the result of (`N run`): Page Down starts it
    /// and the reveal waits for it.
    pub fn run(&self, step: usize) -> Option<LabId> {
        self.step(step).filter(|s| s.runs_lab).and_then(|s| s.lab)
    }

    /// What step `step` asks of its lab: its before query, followed by its after query once
    /// revealed (a lab reads the last value of each key); `None` for a step without a lab.
    pub fn lab_query(&self, step: usize, revealed: bool) -> Option<String> {
        let s = self.step(step)?;
        s.lab.as_ref()?;
        let before = s.before.clone().unwrap_or_default();
        Some(if revealed {
            format!("{before}&{}", s.after)
        } else {
            before
        })
    }

    /// The read-outs step `step` hides until Reveal: its own answer's (`N mask`), then a later
    /// step's (`N hold`).
    pub fn masks(&self, step: usize) -> Vec<String> {
        self.step(step)
            .map(|s| s.masks.iter().chain(&s.holds).cloned().collect())
            .unwrap_or_default()
    }

    /// The read-outs and charts that show step `step`'s answer once revealed: its `payoff` line,
    /// or without one every name it masks.
    pub fn payoff(&self, step: usize) -> Vec<String> {
        self.step(step)
            .map(|s| {
                if s.payoff.is_empty() {
                    s.masks.clone()
                } else {
                    s.payoff.clone()
                }
            })
            .unwrap_or_default()
    }

    /// The read-outs step `step` still hides once revealed: a later step's answer, which its
    /// run or after state would show (`N hold`).
    pub fn held(&self, step: usize) -> &[String] {
        self.step(step).map_or(&[], |s| s.holds.as_slice())
    }

    /// The question of step `step`.
    pub fn question(&self, step: usize, lang: Lang) -> &str {
        self.text(step, lang, 0)
    }

    /// The text Reveal shows.
    pub fn reveal(&self, step: usize, lang: Lang) -> &str {
        self.text(step, lang, 1)
    }

    /// The answer as the panel prints it after Reveal (the reveal text quotes it).
    pub fn answer(&self, step: usize, lang: Lang) -> &str {
        self.text(step, lang, 2)
    }

    /// The short reveal, a sentence: what presenter view projects after Reveal, where the whole reveal
    /// text would cover the evidence (the teacher reads that in the notes window).
    pub fn short_reveal(&self, step: usize, lang: Lang) -> &str {
        self.text(step, lang, 3)
    }

    /// The answer's words and numbers in `lang`: off the screen before Reveal, on it after.
    pub fn words(&self, step: usize, lang: Lang) -> &[String] {
        self.step(step)
            .map_or(&[], |s| s.words[lang.index()].as_slice())
    }

    fn text(&self, step: usize, lang: Lang, kind: usize) -> &str {
        let lang = lang.index();
        self.step(step)
            .and_then(|s| s.texts[lang][kind].as_deref())
            .unwrap_or("")
    }
}

/// Reads one line of the lesson into `steps`; `None` if it is not a line the file may have.
fn read_line(line: &str, steps: &mut [StepPlan]) -> Option<()> {
    let mut parts = line.splitn(4, ' ');
    let first = parts.next()?;
    let lang = match first {
        "en" => Some(0),
        "zh" => Some(1),
        _ => None,
    };
    let step = match lang {
        Some(_) => parts.next()?,
        None => first,
    };
    let slot = step.parse::<usize>().ok()?.checked_sub(1)?;
    let step = steps.get_mut(slot)?;
    let panel = STEP_PANELS[slot];
    let kind = parts.next()?;
    let rest = match lang {
        Some(_) => parts.next()?,
        None => line.splitn(3, ' ').nth(2).unwrap_or(""),
    }
    .trim();
    match (lang, kind) {
        (None, "minutes") => {
            step.minutes = Some(rest.parse::<u8>().ok().filter(|m| (1..=15).contains(m))?);
        }
        (Some(lang), "misconception" | "point" | "ask") if !rest.is_empty() => {
            let slot = NoteKind::ALL.iter().position(|k| k.word() == kind)?;
            step.notes[lang][slot] = Some(rest.to_string());
        }
        (Some(lang), "words") => {
            let words: Vec<String> = rest.split('|').map(|w| w.trim().to_string()).collect();
            if words.iter().any(String::is_empty) {
                return None;
            }
            step.words[lang] = words;
        }
        (Some(lang), "?" | "!" | "=" | "short") if !rest.is_empty() => {
            let kind = ["?", "!", "=", "short"].iter().position(|k| *k == kind)?;
            step.texts[lang][kind] = Some(rest.to_string());
        }
        (None, "before" | "after") => {
            if !apply_query(Params::default(), rest).notices.is_empty() {
                return None;
            }
            // A lab's values must be ones its link reader takes as they are.
            if super::labs::some_lab_value_unusable(rest) {
                return None;
            }
            if kind == "before" {
                step.before = Some(rest.to_string());
            } else {
                step.after = rest.to_string();
            }
        }
        (None, "lab") => {
            let lab = LabId::from_anchor(&format!("{LAB_ANCHOR_PREFIX}{rest}"))?;
            if lab.panel() != panel {
                return None;
            }
            step.lab = Some(lab);
        }
        // `N run`: after the step's `lab` line, whose lab it runs.
        (None, "run") if rest.is_empty() && step.lab.is_some() => {
            step.runs_lab = true;
        }
        (None, "mask" | "hold" | "payoff") => {
            let valid = |n: &str| {
                n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            };
            let names: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            if !names.iter().all(|n| valid(n)) {
                return None;
            }
            if kind == "payoff" {
                step.payoff = names;
            } else if kind == "mask" {
                step.masks = names;
            } else {
                step.holds = names;
            }
        }
        _ => return None,
    }
    Some(())
}

/// Reads one `plan` line (without its `plan `) into `plans`; `None` if it is not one.
fn read_plan_line(line: &str, count: usize, plans: &mut Vec<PlanText>) -> Option<()> {
    let (id, rest) = line.split_once(' ')?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return None;
    }
    let at = match plans.iter().position(|p| p.id == id) {
        Some(at) => at,
        None => {
            plans.push(PlanText {
                id: id.to_string(),
                ..PlanText::default()
            });
            plans.len() - 1
        }
    };
    let plan = &mut plans[at];
    if let Some(list) = rest.strip_prefix("steps ") {
        let steps: Vec<usize> = list
            .split(',')
            .map(|s| {
                s.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|s| (1..=count).contains(s))
            })
            .collect::<Option<_>>()?;
        let unique = steps.iter().collect::<std::collections::HashSet<_>>().len() == steps.len();
        if !unique {
            return None;
        }
        plan.steps = steps;
        return Some(());
    }
    let mut words = rest.splitn(3, ' ');
    let lang = match words.next()? {
        "en" => 0,
        "zh" => 1,
        _ => return None,
    };
    let (kind, text) = (words.next()?, words.next()?.trim());
    if text.is_empty() {
        return None;
    }
    match kind {
        "title" => plan.titles[lang] = text.to_string(),
        "aim" => plan.aims[lang] = text.to_string(),
        _ => return None,
    }
    Some(())
}

/// Whether a link into lesson mode names only the step and the classroom's settings (a
/// hand-written `?step=5`): it then opens in the step's before state. A link copied from the
/// page carries what was on screen and opens as it is.
///
/// ```
/// use pe_explorer::lesson::{from_query, steps::is_bare_step_link};
/// assert!(is_bare_step_link(&from_query("step=5&lang=zh&presenter=1").params));
/// assert!(!is_bare_step_link(&from_query("step=5&base=100").params));
/// assert!(!is_bare_step_link(&from_query("base=100").params));
/// ```
pub fn is_bare_step_link(params: &Params) -> bool {
    params.step > 0 && lesson_base(*params) == *params
}

#[cfg(test)]
mod flow_tests {
    use super::*;

    #[test]
    fn a_flow_carried_to_another_page_is_the_same_flow() {
        let plan = LessonPlan::parse(include_str!("../../assets/lesson.txt")).expect("the lesson");
        let mut flow = LessonFlow::default();
        let start = Params {
            d_model: 64,
            base: 1000.0,
            ..Params::default()
        };
        let (one, _) = flow.go(&plan, start, false, 1);
        let (two, _) = flow.go(&plan, one, true, 2);
        let (_, _) = flow.go(&plan, two, false, 5);
        let carried = LessonFlow::from_text(&flow.to_text()).expect("it reads back");
        assert_eq!(carried, flow);
        // Leaving from the carried flow restores the teacher's values.
        let mut carried = carried;
        let (left, _) = carried.go(&plan, plan.before(5, start), false, 0);
        assert_eq!((left.d_model, left.base, left.step), (64, 1000.0, 0));
        assert_eq!(LessonFlow::from_text("left 99 0 ?"), None);
        assert_eq!(LessonFlow::from_text("nonsense"), None);
    }
}
