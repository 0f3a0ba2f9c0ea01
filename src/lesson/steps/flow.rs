//! Where a lesson is in its plan or list of steps, and the step it goes to next.

use super::*;

/// Where lesson mode has been: the state before it started (restored when it ends) and each
/// visited step's state as it was left (restored on coming back to it, so Previous then Next
/// keeps a live tweak). Pure: the page keeps one, and the host tests drive it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonFlow {
    before_lesson: Option<Params>,
    /// Per step (index step − 1): the state it was left in and whether it was revealed.
    left: Vec<Option<(Params, bool)>>,
}

impl LessonFlow {
    /// The state and the revealed flag on moving from `current` (revealed or not) to step `to`
    /// (0 leaves lesson mode). Leaving restores the state lesson mode was entered from (the
    /// defaults, when a link opened lesson mode), with the classroom's settings kept as they are
    /// and the lesson's plan or list of steps dropped (a reload does not start it again).
    pub fn go(
        &mut self,
        plan: &LessonPlan,
        current: Params,
        revealed: bool,
        to: usize,
    ) -> (Params, bool) {
        let to = to.min(plan.len());
        if current.step == 0 {
            if to == 0 {
                return (current, false);
            }
            self.before_lesson = Some(current);
            self.left.clear();
        } else {
            self.remember(current, revealed);
        }
        if to == 0 {
            let restored = self.before_lesson.take().unwrap_or_default();
            let classroom = lesson_base(Params { step: 0, ..current });
            self.left.clear();
            let params = Params {
                lang: classroom.lang,
                presenter: classroom.presenter,
                theme: classroom.theme,
                hidden: classroom.hidden,
                locked: classroom.locked,
                hidden_panels: classroom.hidden_panels,
                step: 0,
                plan: None,
                steps: Default::default(),
                ..restored
            };
            return (params, false);
        }
        match self.left.get(to - 1).copied().flatten() {
            Some((left, revealed)) => (
                Params {
                    lang: current.lang,
                    presenter: current.presenter,
                    theme: current.theme,
                    ..left
                },
                revealed,
            ),
            None => (plan.before(to, current), false),
        }
    }

    /// The flow as text, to carry it to another page (a step in another chapter): one line per
    /// state kept, `before <query>` and `left <step> <revealed 0|1> <query>`.
    ///
    /// ```
    /// use pe_explorer::lesson::steps::{LessonFlow, LessonPlan};
    /// let flow = LessonFlow::default();
    /// assert_eq!(LessonFlow::from_text(&flow.to_text()), Some(flow));
    /// ```
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        if let Some(before) = &self.before_lesson {
            text.push_str(&format!("before ?{}\n", crate::lesson::to_query(before)));
        }
        for (n, left) in self.left.iter().enumerate() {
            if let Some((params, revealed)) = left {
                text.push_str(&format!(
                    "left {} {} ?{}\n",
                    n + 1,
                    u8::from(*revealed),
                    crate::lesson::to_query(params)
                ));
            }
        }
        text
    }

    /// The flow [`LessonFlow::to_text`] wrote; `None` for any other text (a stale or edited
    /// copy is dropped rather than trusted in part).
    pub fn from_text(text: &str) -> Option<LessonFlow> {
        let mut flow = LessonFlow::default();
        for line in text.lines() {
            let mut words = line.split(' ');
            match (words.next()?, words.next(), words.next(), words.next()) {
                ("before", Some(query), None, None) => {
                    flow.before_lesson = Some(crate::lesson::from_query(query).params);
                }
                ("left", Some(step), Some(revealed), Some(query)) => {
                    let step: usize = step.parse().ok().filter(|s| (1..=STEP_COUNT).contains(s))?;
                    let revealed = match revealed {
                        "0" => false,
                        "1" => true,
                        _ => return None,
                    };
                    if flow.left.len() < step {
                        flow.left.resize(step, None);
                    }
                    flow.left[step - 1] = Some((crate::lesson::from_query(query).params, revealed));
                }
                _ => return None,
            }
        }
        Some(flow)
    }

    /// Step `current.step` back in its before state, its answer hidden again.
    pub fn reset(&mut self, plan: &LessonPlan, current: Params) -> (Params, bool) {
        if let Some(slot) = current
            .step
            .checked_sub(1)
            .and_then(|n| self.left.get_mut(n))
        {
            *slot = None;
        }
        (plan.before(current.step, current), false)
    }

    fn remember(&mut self, current: Params, revealed: bool) {
        let Some(n) = current.step.checked_sub(1) else {
            return;
        };
        if self.left.len() <= n {
            self.left.resize(n + 1, None);
        }
        self.left[n] = Some((current, revealed));
    }
}
