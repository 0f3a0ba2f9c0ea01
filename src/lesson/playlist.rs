//! Which lesson steps a class walks, in which order: one of the lesson plans (`lesson=rope`) or
//! a teacher's own list (`steps=17,18,12`), else every step. Both are part of `Params`, so they
//! are `Copy` and small: a plan by its id, a list as bytes.

/// How many steps lesson mode has (`steps::STEPS` is an array of this length, so the two agree
/// at compile time; defined here, with the lists of steps, so that neither the state nor this
/// module imports the lesson's script).
pub const STEP_COUNT: usize = 24;

/// A lesson plan of `assets/lesson.txt`, by the id its `plan` lines and its link use. The file
/// holds each plan's steps, titles and aims; a test checks that its plans are these, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlanId {
    /// Sinusoidal position encoding and why it works.
    Sinusoidal,
    /// From rotation to RoPE and long context.
    Rope,
    /// The family of schemes and training a model.
    Family,
    /// All the steps.
    Tour,
}

impl PlanId {
    /// Every plan, in the lesson file's order (the picker's).
    pub const ALL: [PlanId; 4] = [
        PlanId::Sinusoidal,
        PlanId::Rope,
        PlanId::Family,
        PlanId::Tour,
    ];

    /// The id in the lesson file and in a link (`lesson=rope`).
    pub fn code(self) -> &'static str {
        match self {
            PlanId::Sinusoidal => "sinusoidal",
            PlanId::Rope => "rope",
            PlanId::Family => "family",
            PlanId::Tour => "tour",
        }
    }

    /// The plan a link names (ASCII case and spaces around ignored).
    ///
    /// ```
    /// use pe_explorer::lesson::playlist::PlanId;
    /// assert_eq!(PlanId::from_code(" RoPE "), Some(PlanId::Rope));
    /// assert_eq!(PlanId::from_code("ropes"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<PlanId> {
        Self::ALL
            .into_iter()
            .find(|p| p.code().eq_ignore_ascii_case(code.trim()))
    }
}

/// A teacher's own list of steps (`steps=17,18,12`): each a step of the lesson, each once, in
/// the order given. Empty means none was given.
///
/// ```
/// use pe_explorer::lesson::playlist::StepList;
/// let list = StepList::new(&[17, 18, 12, 18, 0, 99]);
/// assert_eq!(list.steps(), [17, 18, 12]);
/// assert!(StepList::default().is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepList {
    len: u8,
    steps: [u8; STEP_COUNT],
}

// A step number fits a byte.
const _: () = assert!(STEP_COUNT <= u8::MAX as usize);

impl StepList {
    /// The list of `steps` that are lesson steps (1 to `STEP_COUNT`), repeats dropped.
    pub fn new(steps: &[usize]) -> StepList {
        let mut list = StepList::default();
        for &step in steps {
            if (1..=STEP_COUNT).contains(&step) && !list.steps().contains(&step) {
                list.steps[usize::from(list.len)] = step as u8;
                list.len += 1;
            }
        }
        list
    }

    /// The steps, in order.
    pub fn steps(&self) -> Vec<usize> {
        self.steps[..usize::from(self.len)]
            .iter()
            .map(|&s| usize::from(s))
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// As a link writes it: `17,18,12`.
    pub fn to_text(&self) -> String {
        let steps: Vec<String> = self.steps().iter().map(usize::to_string).collect();
        steps.join(",")
    }
}

/// The step after `step` in `sequence`: the next entry if `step` is in it, else the first entry
/// after it in number (a link opened at a step outside the list joins the list there).
///
/// ```
/// use pe_explorer::lesson::playlist::{next_step, previous_step};
/// let plan = [17, 18, 12];
/// assert_eq!(next_step(&plan, 17), Some(18));
/// assert_eq!(next_step(&plan, 12), None);
/// assert_eq!(next_step(&plan, 0), Some(17));
/// assert_eq!(next_step(&plan, 13), Some(17));
/// assert_eq!(previous_step(&plan, 12), Some(18));
/// assert_eq!(previous_step(&plan, 17), None);
/// assert_eq!(previous_step(&plan, 13), Some(12));
/// ```
pub fn next_step(sequence: &[usize], step: usize) -> Option<usize> {
    match sequence.iter().position(|&s| s == step) {
        Some(at) => sequence.get(at + 1).copied(),
        None if step == 0 => sequence.first().copied(),
        None => sequence.iter().copied().find(|&s| s > step),
    }
}

/// The step before `step` in `sequence`: the previous entry if `step` is in it, else the last
/// entry before it in number.
pub fn previous_step(sequence: &[usize], step: usize) -> Option<usize> {
    match sequence.iter().position(|&s| s == step) {
        Some(at) => at.checked_sub(1).map(|at| sequence[at]),
        None => sequence.iter().rev().copied().find(|&s| s < step),
    }
}
