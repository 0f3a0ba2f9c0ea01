//! Lesson mode: the bar at the bottom of the page that walks the class through the lesson
//! (`assets/lesson.txt`, read by `lesson::steps`), step by step, each asked before it is
//! answered. Part of the teacher's tools (`super`): the page sends its state here and takes the
//! steps' states back.

use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;

use super::notes_window::{self, NotesKey, NotesView};
use super::scroll::{
    keep_bar_height, show_lab_when_drawn, show_panel, show_panel_when_ready,
    show_payoff_when_settled, something_open, typed_into_control,
};
use super::set_page_state;
use crate::i18n::{Key, Translate};
use crate::lesson::chapters::{chapter_of, Page};
use crate::lesson::params::STEP_COUNT;
use crate::lesson::playlist::{next_step, previous_step, PlanId, StepList};
use crate::lesson::steps::{
    is_bare_step_link, LessonFlow, LessonPlan, NoteKind, PlanText, LESSON_TEXT_FILE,
};
use crate::lesson::{Field, Params};
use crate::ui::context::{tr, use_lesson, Lesson, Restriction};
use crate::ui::dom::takes_text;
use crate::ui::dom::GO_EVENT;
use crate::ui::labs::LabsState;
use crate::ui::net::{download, language_page, this_page};

/// The session storage key of where lesson mode was last left (`Classroom::resume`): the step
/// and the plan or list walked, as a query (`step=8&lesson=rope`).
const LEFT_AT: &str = "pe-lesson-left-at";

/// Lesson mode beside the URL's state: the lesson once fetched (`assets/lesson.txt`), whether
/// this step's answer is shown, and where the lesson has been (`LessonFlow`).
#[derive(Clone, Copy)]
pub struct Classroom {
    lesson: Lesson,
    /// The labs' state, which a step about a lab asks (the tools' labs share it).
    labs: LabsState,
    plan: RwSignal<Plan>,
    /// Whether the step's answer is shown (its after state applied, its read-outs unmasked).
    pub revealed: RwSignal<bool>,
    /// Whether the plan picker is open (lesson mode's start).
    pub picker: RwSignal<bool>,
    flow: StoredValue<LessonFlow>,
    /// What to do once the lesson has arrived.
    waiting: StoredValue<Option<Arrival>>,
    /// The clicker's presses while the lesson was on its way (true: forward), applied in order
    /// once it is here: no key press is lost.
    pressed: StoredValue<Vec<bool>>,
    /// A step whose answer is its lab's run (`LessonPlan::run`) waits for the run before it
    /// reveals: this step's run, once asked for.
    pub awaiting_run: RwSignal<bool>,
}

/// The lesson: not asked for yet, on its way, here, or not to be had.
#[derive(Clone)]
enum Plan {
    Idle,
    Loading,
    Ready(Arc<LessonPlan>),
    Failed,
}

/// A move that waits for the lesson.
#[derive(Clone, Copy)]
enum Arrival {
    /// To this step (the header's button, a key).
    Step(usize),
    /// Into the step a link opened at: a bare `?step=5` gets the step's before state; a plan's
    /// link without a step (`?lesson=rope`) starts at the plan's first step.
    Link,
    /// The plan picker.
    Pick,
}

impl Classroom {
    /// Lesson mode for the page's lesson state `lesson`, asking the labs of `labs`.
    pub fn new(lesson: Lesson, labs: LabsState) -> Classroom {
        let classroom = Classroom {
            lesson,
            labs,
            plan: RwSignal::new(Plan::Idle),
            revealed: RwSignal::new(false),
            picker: RwSignal::new(false),
            flow: StoredValue::new(LessonFlow::default()),
            waiting: StoredValue::new(None),
            pressed: StoredValue::new(Vec::new()),
            awaiting_run: RwSignal::new(false),
        };
        classroom.follow_runs();
        classroom
    }

    /// While a step waits for its lab's run: starts the run once the lab is drawn (unless it
    /// is running or done), and reveals when it has finished. A run is never restarted or
    /// thrown away here: the lab keeps it when the lesson moves on with the same values.
    fn follow_runs(self) {
        let started = StoredValue::new(false);
        Effect::new(move |_| {
            if !self.awaiting_run.get() {
                started.set_value(false);
                return;
            }
            let step = self.lesson.params.with_untracked(|p| p.step);
            let Some(lab) = self.ready().and_then(|plan| plan.run(step)) else {
                self.awaiting_run.set(false);
                return;
            };
            // Not drawn yet: the lab offers its run once it is.
            let Some(run) = self.labs.run_of(lab) else {
                return;
            };
            match (run.state)() {
                crate::ui::labs::RunState::Finished => {
                    self.awaiting_run.set(false);
                    self.reveal();
                }
                crate::ui::labs::RunState::Waiting if !started.get_value() => {
                    started.set_value(true);
                    (run.start)();
                }
                _ => {}
            }
        });
    }

    /// Where this step's run stands, if the step waits for one and its lab is drawn.
    pub fn run_state(self) -> Option<crate::ui::labs::RunState> {
        let step = self.lesson.params.with(|p| p.step);
        let lab = self.plan.with(|plan| match plan {
            Plan::Ready(plan) => plan.run(step),
            _ => None,
        })?;
        self.labs.run_of(lab).map(|run| (run.state)())
    }

    /// Whether this step's answer is the result of its lab's run.
    pub fn step_runs(self) -> bool {
        let step = self.lesson.params.with(|p| p.step);
        self.plan
            .with(|plan| matches!(plan, Plan::Ready(plan) if plan.run(step).is_some()))
    }

    /// Reveal, or for a step whose answer is its lab's run, the run first: Reveal follows when
    /// it has finished (at once if it already has). Asked again while waiting (the bar's
    /// button), it reveals at once.
    pub fn reveal_or_run(self) {
        let step = self.lesson.params.with_untracked(|p| p.step);
        let runs = self.ready().and_then(|plan| plan.run(step)).is_some();
        if runs && !self.awaiting_run.get_untracked() {
            self.awaiting_run.set(true);
        } else {
            self.awaiting_run.set(false);
            self.reveal();
        }
    }

    fn ready(self) -> Option<Arc<LessonPlan>> {
        match self.plan.get_untracked() {
            Plan::Ready(plan) => Some(plan),
            _ => None,
        }
    }

    /// Takes over a page opened at a lesson step (its link): a bare `?step=5` gets the step's
    /// before state once the lesson is here.
    pub fn open_link(self) {
        self.waiting.set_value(Some(Arrival::Link));
        self.load();
    }

    /// Opens the plan picker, once the lesson (whose plans it lists) is here.
    pub fn pick(self) {
        match self.ready() {
            Some(_) => self.picker.set(true),
            None => {
                self.waiting.set_value(Some(Arrival::Pick));
                self.load();
            }
        }
    }

    /// Where lesson mode was left in this browser tab (kept in session storage so another
    /// chapter's page knows it): the step, with the plan or list it was walking.
    pub fn left_at(self) -> Option<Params> {
        let query = window()
            .session_storage()
            .ok()
            .flatten()
            .and_then(|storage| storage.get_item(LEFT_AT).ok().flatten())?;
        let left = crate::lesson::from_query(&query).params;
        (left.step > 0).then_some(left)
    }

    /// Starts lesson mode where it was left, with the plan it was walking.
    pub fn resume(self) {
        if let Some(left) = self.left_at() {
            self.lesson.params.update(|p| {
                p.plan = left.plan;
                p.steps = left.steps;
            });
            self.go(left.step);
        }
    }

    /// Starts lesson mode at the first step of plan `plan` (every step, if `None`).
    pub fn start(self, plan: Option<PlanId>) {
        self.lesson.params.update(|p| {
            p.plan = plan;
            p.steps = StepList::default();
        });
        if let Some(first) = self.sequence().first() {
            self.go(*first);
        }
    }

    /// The steps lesson mode walks now (`LessonPlan::sequence`); empty until the lesson is here.
    pub fn sequence(self) -> Vec<usize> {
        match self.ready() {
            Some(plan) => self.lesson.params.with_untracked(|p| plan.sequence(p)),
            None => Vec::new(),
        }
    }

    /// The clicker's forward key (Page Down) or its back key: forward reveals the step, then
    /// moves on; back goes to the previous step. While the lesson is on its way (a step link
    /// just opened) the press waits for it.
    pub fn press(self, forward: bool) {
        if matches!(self.plan.get_untracked(), Plan::Idle | Plan::Loading) {
            self.pressed.update_value(|pressed| pressed.push(forward));
            return;
        }
        // Back, like slide software's fragments: a revealed step is first taken back to its
        // question (its before state), then the lesson goes to the previous step.
        let revealed = self.revealed.get_untracked();
        // While the step waits for its run: forward keeps waiting (the run is never thrown
        // away by a key), back stops waiting (the run goes on in its lab).
        if self.awaiting_run.get_untracked() {
            if !forward {
                self.awaiting_run.set(false);
            }
            return;
        }
        match (forward, revealed) {
            (true, false) => self.reveal_or_run(),
            (true, true) => self.next(),
            (false, true) => self.reset(),
            (false, false) => self.previous(),
        }
    }

    /// The next step of the sequence, if there is one.
    pub fn next(self) {
        let step = self.lesson.params.with_untracked(|p| p.step);
        if let Some(next) = next_step(&self.sequence(), step) {
            self.go(next);
        }
    }

    /// The previous step of the sequence, if there is one.
    pub fn previous(self) {
        let step = self.lesson.params.with_untracked(|p| p.step);
        if let Some(previous) = previous_step(&self.sequence(), step) {
            self.go(previous);
        }
    }

    /// Moves lesson mode to step `n` (0 leaves it, restoring what was on screen before it).
    pub fn go(self, n: usize) {
        self.awaiting_run.set(false);
        let current = self.lesson.params.get_untracked();
        if n == 0
            && current.step > 0
            && let Some(storage) = window().session_storage().ok().flatten()
        {
            let left = Params {
                step: current.step,
                plan: current.plan,
                steps: current.steps,
                ..Params::default()
            };
            let _ = storage.set_item(LEFT_AT, &crate::lesson::to_query(&left));
        }
        match self.ready() {
            Some(plan) => self.go_with(&plan, n),
            None if n == 0 => {
                self.waiting.set_value(None);
                let current = self.lesson.params.get_untracked();
                self.show(Params { step: 0, ..current }, false);
            }
            None => {
                self.waiting.set_value(Some(Arrival::Step(n)));
                self.load();
            }
        }
    }

    fn go_with(self, plan: &LessonPlan, n: usize) {
        let current = self.lesson.params.get_untracked();
        let revealed = self.revealed.get_untracked();
        let (next, revealed) = self
            .flow
            .try_update_value(|flow| flow.go(plan, current, revealed, n))
            .unwrap_or((current, false));
        let panel = plan.panel(next.step);
        if let Some(elsewhere) = panel.filter(|p| Page::Chapter(chapter_of(*p)) != this_page()) {
            // The step's panel is in another chapter: the page goes there inside the app (the
            // step's state, its mask among it, already in place), and the panel is shown once
            // that chapter's panels are live.
            self.show(next, revealed);
            let chapter = Page::Chapter(chapter_of(elsewhere));
            super::send(GO_EVENT, &language_page(next.lang, chapter));
            let lab = plan.lab(next.step);
            let params = self.lesson.params;
            let at_step = move || params.with_untracked(|p| p.step) == next.step;
            show_panel_when_ready(panel, lab, self.labs, 200, at_step);
            return;
        }
        self.show(next, revealed);
        let lab = plan.lab(next.step);
        // Once the panels have redrawn for the new state.
        let params = self.lesson.params;
        let at_step = move || params.with_untracked(|p| p.step) == next.step;
        request_animation_frame(move || {
            show_panel(panel);
            show_lab_when_drawn(lab, self.labs, 100, at_step);
        });
    }

    /// Puts `params` on the page (which owns the state: the mirror here follows its answer)
    /// and shows or hides the answer.
    fn show(self, params: Params, revealed: bool) {
        self.revealed.set(revealed);
        self.lesson.params.set(params);
        set_page_state(&params);
        // A step about a lab sets the lab's values too (they are not the page's).
        let lab = self
            .ready()
            .and_then(|plan| plan.lab_query(params.step, revealed));
        self.labs.follow_lesson(lab);
        if params.step == 0 {
            self.labs.fold_lesson_labs();
        }
    }

    /// Reveal: the step's after state and its answer, brought on screen.
    pub fn reveal(self) {
        if let Some(plan) = self.ready() {
            let current = self.lesson.params.get_untracked();
            self.show(plan.after(current.step, current), true);
            let (panel, answer) = (
                plan.panel(current.step),
                plan.answer(current.step, current.lang).to_string(),
            );
            let payoff = plan.payoff(current.step);
            let (params, revealed) = (self.lesson.params, self.revealed);
            // Not once the lesson has moved on (a quick second Page Down): the next step's panel
            // is on screen by then.
            let still_here = move || {
                params.with_untracked(|p| p.step) == current.step && revealed.get_untracked()
            };
            // Once the panel has redrawn in the after state and the bar shows the reveal, and
            // while the page settles.
            show_payoff_when_settled(panel, answer, payoff, still_here);
        }
    }

    /// The step back in its before state, its answer hidden again.
    pub fn reset(self) {
        self.awaiting_run.set(false);
        if let Some(plan) = self.ready() {
            let current = self.lesson.params.get_untracked();
            let (next, revealed) = self
                .flow
                .try_update_value(|flow| flow.reset(&plan, current))
                .unwrap_or((current, false));
            self.show(next, revealed);
        }
    }

    /// Fetches the lesson, once (the share dialog lists its plans).
    pub fn fetch(self) {
        self.load();
    }

    /// Plan `plan`'s title in `lang` ("" until the lesson has arrived).
    /// The lesson's plans once it is fetched, each with its text, its steps and its minutes
    /// (reactive: empty until then).
    pub fn plans(self) -> Vec<(PlanId, PlanText, usize, u32)> {
        self.plan.with(|plan| match plan {
            Plan::Ready(plan) => PlanId::ALL
                .into_iter()
                .filter_map(|id| {
                    let text = plan.plan(id)?;
                    Some((id, text.clone(), text.steps.len(), plan.plan_minutes(text)))
                })
                .collect(),
            _ => Vec::new(),
        })
    }

    pub fn plan_title(self, plan: PlanId, lang: crate::lesson::Lang) -> String {
        self.plan.with(|lesson| match lesson {
            Plan::Ready(lesson) => lesson
                .plan(plan)
                .map_or_else(String::new, |p| p.titles[lang.index()].clone()),
            _ => String::new(),
        })
    }

    /// Fetches the lesson, once, and makes the move that waited for it.
    fn load(self) {
        if !matches!(self.plan.get_untracked(), Plan::Idle) {
            return;
        }
        self.plan.set(Plan::Loading);
        download(
            LESSON_TEXT_FILE,
            Rc::new(move |file| {
                let parsed = file
                    .ok()
                    .and_then(|bytes| LessonPlan::parse(&String::from_utf8_lossy(&bytes)).ok());
                let waiting = self.waiting.try_update_value(Option::take).flatten();
                let Some(plan) = parsed.map(Arc::new) else {
                    self.plan.set(Plan::Failed);
                    // The bar says so.
                    if let Some(Arrival::Step(n)) = waiting {
                        let current = self.lesson.params.get_untracked();
                        self.show(Params { step: n, ..current }, false);
                    }
                    return;
                };
                self.plan.set(Plan::Ready(plan.clone()));
                match waiting {
                    Some(Arrival::Step(n)) => self.go_with(&plan, n),
                    Some(Arrival::Pick) => self.picker.set(true),
                    Some(Arrival::Link) if self.lesson.params.with_untracked(|p| p.step) == 0 => {
                        // A plan's or a list's link: its first step.
                        if let Some(first) = self.sequence().first() {
                            self.go_with(&plan, *first);
                        }
                    }
                    Some(Arrival::Link) => {
                        let opened = self.lesson.params.get_untracked();
                        if is_bare_step_link(&opened) {
                            self.show(plan.before(opened.step, opened), false);
                        }
                        let lab = plan.lab(opened.step);
                        let params = self.lesson.params;
                        let at_step = move || params.with_untracked(|p| p.step) == opened.step;
                        show_panel_when_ready(
                            plan.panel(opened.step),
                            lab,
                            self.labs,
                            200,
                            at_step,
                        );
                    }
                    None => {}
                }
                for forward in self
                    .pressed
                    .try_update_value(std::mem::take)
                    .unwrap_or_default()
                {
                    self.press(forward);
                }
            }),
        );
    }

    /// The step's panel (its anchor) and the read-outs it masks now, for `<html>`'s attributes.
    fn on_screen(self) -> Option<(&'static str, String)> {
        let step = self.lesson.params.with(|p| p.step);
        self.plan.with(|plan| match plan {
            Plan::Ready(plan) if step > 0 => {
                let masks = if self.revealed.get() {
                    plan.held(step).join(" ")
                } else {
                    plan.masks(step).join(" ")
                };
                Some((plan.panel(step)?.anchor(), masks))
            }
            _ => None,
        })
    }
}

/// `<html data-lesson-panel data-mask data-revealed>` follow lesson mode: the stylesheet marks
/// the step's panel (and in presenter view shows it alone), hides the read-outs that would give
/// the answer away, and highlights the panel when the answer is revealed. On `<html>` rather
/// than on each panel, so a panel appended later is masked from its first frame.
fn follow_lesson_step(classroom: Classroom) {
    Effect::new(move |_| {
        // Until the lesson is here its step's attributes stay as the page set them (a step
        // link's page is masked from its first paint: src/bin/prerender.rs).
        let settled = classroom
            .plan
            .with(|plan| matches!(plan, Plan::Ready(_) | Plan::Failed));
        let Some(root) = document().document_element().filter(|_| settled) else {
            return;
        };
        let shown = classroom.on_screen();
        let set = |name: &str, value: Option<&str>| {
            let _ = match value {
                Some(value) => root.set_attribute(name, value),
                None => root.remove_attribute(name),
            };
        };
        set("data-lesson-panel", shown.as_ref().map(|(panel, _)| *panel));
        set(
            "data-mask",
            shown
                .as_ref()
                .map(|(_, masks)| masks.as_str())
                .filter(|m| !m.is_empty()),
        );
        set(
            "data-revealed",
            (shown.is_some() && classroom.revealed.get()).then_some(""),
        );
    });
}

/// The bar at the bottom of the page in lesson mode: the step, its question, the answer after
/// Reveal, and the way on. Clicker keys (Page Up / Page Down) step through the lesson wherever
/// the focus is (Page Up first takes a revealed step back to its question), B or "." blanks the
/// screen, Escape leaves it; the arrows do too, except on a form control, whose arrows move it.
#[component]
pub fn LessonBar(
    /// Lesson mode: its step, its answer, its moves.
    classroom: Classroom,
) -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let step = Memo::new(move |_| params.with(|p| p.step));
    let revealed = classroom.revealed;
    let step_locked = move || lesson.locked(Field::Step);
    let step_locked_now = move || {
        lesson
            .params
            .with_untracked(|p| p.locked.contains(Field::Step))
    };
    let step_gate = Restriction::of(Field::Step);
    // The steps walked (a plan's, a list's, every one; without hidden panels') and where the
    // step is among them: what the counter and the Previous and Next buttons follow.
    let walked = Memo::new(move |_| {
        let choice = params.with(|p| (p.plan, p.steps, p.hidden_panels));
        classroom.plan.with(|plan| match plan {
            Plan::Ready(plan) => plan.sequence(&Params {
                plan: choice.0,
                steps: choice.1,
                hidden_panels: choice.2,
                ..Params::default()
            }),
            _ => (1..=STEP_COUNT).collect(),
        })
    });
    let has_next = move || walked.with(|w| next_step(w, step.get()).is_some());
    let has_previous = move || walked.with(|w| previous_step(w, step.get()).is_some());
    follow_lesson_step(classroom);

    // The screen blanked to black (B or ".", as slide software does), until any key or a click.
    let blank = RwSignal::new(false);
    // The teacher's notes for the step, when asked for (N or the button): in a window of their
    // own for the lecturer's screen (`notes_window`), kept in step below; on the page only when
    // the browser refuses that window, and then with a word on how to allow it.
    let notes_open = RwSignal::new(false);
    let notes_inline = RwSignal::new(false);
    let on_notes_key = move |key: NotesKey| match key {
        NotesKey::Forward | NotesKey::Back => {
            if blank.get_untracked() {
                blank.set(false);
            } else if step.get_untracked() != 0 && !step_locked_now() {
                classroom.press(key == NotesKey::Forward);
            }
        }
        NotesKey::Blank => blank.update(|blank| *blank = !*blank),
        NotesKey::Close => {
            notes_window::close();
            notes_open.set(false);
        }
    };
    let toggle_notes = move || {
        if notes_inline.get_untracked() {
            notes_inline.set(false);
        } else if notes_window::is_open() {
            notes_window::close();
            notes_open.set(false);
        } else if notes_window::open(on_notes_key) {
            notes_open.set(true);
        } else {
            notes_inline.set(true);
        }
    };
    let notes_shown = move || notes_open.get() || notes_inline.get();
    // The notes window does not outlive the page that drives it.
    let page_hidden = window_event_listener(leptos::ev::pagehide, |_| notes_window::close());
    on_cleanup(move || page_hidden.remove());
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        let step = step.get_untracked();
        if step == 0 || event.alt_key() || event.ctrl_key() || event.meta_key() {
            return;
        }
        if blank.get_untracked() {
            // Any key brings the screen back, and does nothing else.
            event.prevent_default();
            blank.set(false);
            return;
        }
        let key = event.key();
        // Escape first closes what is open: the share dialog, a definition, the course's menu
        // (the browser closes those), then the teacher's notes; only an Escape with nothing open
        // leaves lesson mode.
        if key == "Escape" && something_open() {
            return;
        }
        if key == "Escape" && (notes_inline.get_untracked() || notes_window::is_open()) {
            event.prevent_default();
            notes_inline.set(false);
            notes_window::close();
            notes_open.set(false);
            return;
        }
        let arrows = !typed_into_control(&event);
        let forward = key == "PageDown" || (key == "ArrowRight" && arrows);
        let back = key == "PageUp" || (key == "ArrowLeft" && arrows);
        // B and "." blank the screen from any focus (a clicker's blank button sends one of them),
        // except where the character is typed: "b" in a text field, "." in a number box too.
        let blank_key = match key.as_str() {
            "b" | "B" => !takes_text(&event, false),
            "." => !takes_text(&event, true),
            _ => false,
        };
        if arrows && matches!(key.as_str(), "n" | "N") {
            toggle_notes();
            return;
        }
        if !(forward || back || blank_key || key == "Escape") {
            return;
        }
        // Page keys would also move a focused slider or scroll the page to a later answer.
        event.prevent_default();
        if blank_key {
            blank.set(true);
            return;
        }
        // A student's link that locks the step: the keys neither reveal nor move.
        if step_locked_now() {
            return;
        }
        if forward || back {
            classroom.press(forward);
        } else if key == "Escape" {
            classroom.go(0);
        }
    });
    on_cleanup(move || keys.remove());
    // Leaving lesson mode ends the blank too.
    Effect::new(move |_| {
        if step.get() == 0 {
            blank.set(false);
        }
    });

    // The step's place in what is walked ("Step 3 of 11" in a plan of 11 steps).
    let counter = move || {
        let (at, total) = walked.with(|w| {
            let step = step.get();
            (
                w.iter().position(|&s| s == step).map_or(step, |at| at + 1),
                w.len(),
            )
        });
        lesson
            .lang
            .get()
            .t(Key::LessonStep)
            .replace("{n}", &at.to_string())
            .replace("{total}", &total.to_string())
    };
    let text = move |says: BarText| {
        let step = step.get();
        let lang = lesson.lang.get();
        classroom.plan.with(|plan| match (plan, says) {
            (Plan::Ready(plan), BarText::Question) => plan.question(step, lang).to_string(),
            (Plan::Ready(plan), BarText::Reveal) => plan.reveal(step, lang).to_string(),
            (Plan::Ready(plan), BarText::Short) => plan.short_reveal(step, lang).to_string(),
            (Plan::Failed, BarText::Question) => lang.t(Key::LessonFailed).to_string(),
            (Plan::Idle | Plan::Loading, BarText::Question) => {
                lang.t(Key::LessonLoading).to_string()
            }
            _ => String::new(),
        })
    };
    // What the notes window shows, kept in step with the page while it is open.
    let notes_view = move || {
        let lang = lesson.lang.get();
        let step = step.get();
        let t = |key| lang.t(key).to_string();
        let labels = NotesView {
            lang: lang.code(),
            title: t(Key::NotesWindowTitle),
            step: if step == 0 {
                t(Key::NotesEnded)
            } else {
                counter()
            },
            question_title: t(Key::NotesQuestion),
            question: String::new(),
            answer_title: t(Key::NotesAnswer),
            answer: String::new(),
            state: String::new(),
            notes_title: t(Key::LessonNotes),
            misconception_title: t(Key::NoteMisconception),
            misconception: String::new(),
            point_title: t(Key::NotePoint),
            point: String::new(),
            ask_title: t(Key::NoteAsk),
            ask: String::new(),
            next_title: t(Key::NotesNext),
            next: String::new(),
            back: t(Key::NotesBack),
            forward: t(Key::NotesForward),
            keys: t(Key::NotesKeys),
        };
        if step == 0 {
            return labels;
        }
        let next = walked.with(|w| next_step(w, step));
        classroom.plan.with(|plan| match plan {
            Plan::Ready(plan) => NotesView {
                question: plan.question(step, lang).to_string(),
                answer: plan.reveal(step, lang).to_string(),
                state: t(if revealed.get() {
                    Key::NotesShown
                } else {
                    Key::NotesHidden
                }),
                misconception: plan.note(step, lang, NoteKind::Misconception).to_string(),
                point: plan.note(step, lang, NoteKind::Point).to_string(),
                ask: plan.note(step, lang, NoteKind::Ask).to_string(),
                next: next.map_or_else(
                    || t(Key::NotesLast),
                    |next| plan.question(next, lang).to_string(),
                ),
                ..labels
            },
            _ => NotesView {
                question: text(BarText::Question),
                ..labels
            },
        })
    };
    Effect::new(move |_| {
        if notes_open.get() {
            notes_window::show(&notes_view());
        }
    });
    // The clock: the time since lesson mode started and on this step, against the plan's
    // minutes; once a second while the window is open, which also notices it being closed.
    let lesson_started = StoredValue::new(None::<f64>);
    let step_started = StoredValue::new(0.0);
    Effect::new(move |_| {
        let now = js_sys::Date::now();
        if step.get() == 0 {
            lesson_started.set_value(None);
        } else if lesson_started.get_value().is_none() {
            lesson_started.set_value(Some(now));
        }
        step_started.set_value(now);
    });
    let clock_line = move || {
        let now = js_sys::Date::now();
        let seconds = |since: f64| ((now - since) / 1000.0).max(0.0) as u64;
        let step = step.get_untracked();
        let lang = lesson.lang.get_untracked();
        let (planned, minutes) = classroom.plan.with_untracked(|plan| match plan {
            Plan::Ready(plan) => (
                walked.with_untracked(|w| {
                    w.iter()
                        .filter_map(|&s| plan.minutes(s))
                        .map(u32::from)
                        .sum::<u32>()
                }),
                plan.minutes(step).unwrap_or(0),
            ),
            _ => (0, 0),
        });
        lang.t(Key::NotesClock)
            .replace(
                "{elapsed}",
                &notes_window::clock(seconds(lesson_started.get_value().unwrap_or(now))),
            )
            .replace("{planned}", &planned.to_string())
            .replace(
                "{step}",
                &notes_window::clock(seconds(step_started.get_value())),
            )
            .replace("{m}", &minutes.to_string())
    };
    Effect::new(move |_| {
        if !notes_open.get() {
            return;
        }
        notes_window::show_clock(&clock_line());
        let ticks = set_interval_with_handle(
            move || {
                if notes_window::is_open() {
                    notes_window::show_clock(&clock_line());
                } else {
                    notes_open.set(false);
                }
            },
            std::time::Duration::from_secs(1),
        );
        if let Ok(ticks) = ticks {
            on_cleanup(move || ticks.clear());
        }
    });
    let bar = NodeRef::<leptos::html::Aside>::new();
    keep_bar_height(bar);
    view! {
        <aside
            node_ref=bar
            class="lesson-bar"
            data-testid="lesson-bar"
            aria-labelledby="lesson-step"
            hidden=move || step.get() == 0
        >
            <div class="lesson-text">
                // First, so that the question flows beside the buttons (presenter view floats
                // them in the bar's corner) and a phone shows them on top.
                <div class="lesson-buttons">
                    // A student's link that locks the step shows no Reveal: the class sees the
                    // answer when the teacher does.
                    <button
                        type="button"
                        data-testid="lesson-reveal-button"
                        hidden=step_locked
                        disabled=move || revealed.get()
                        on:click=move |_| classroom.reveal_or_run()
                    >
                        {move || {
                            let to_run = classroom.step_runs()
                                && !classroom.awaiting_run.get()
                                && classroom.run_state() != Some(crate::ui::labs::RunState::Finished);
                            let key = if to_run {
                                Key::LessonRunReveal
                            } else {
                                Key::LessonReveal
                            };
                            lesson.lang.get().t(key).to_string()
                        }}
                    </button>
                    <button
                        type="button"
                        data-testid="lesson-notes-button"
                        aria-pressed=move || notes_shown().to_string()
                        on:click=move |_| toggle_notes()
                    >
                        {tr(Key::LessonNotes)}
                    </button>
                    <button type="button" data-testid="lesson-reset" on:click=move |_| classroom.reset()>
                        {tr(Key::LessonReset)}
                    </button>
                    <button
                        type="button"
                        data-testid="lesson-previous"
                        hidden=step_gate.hidden()
                        title=step_gate.title()
                        disabled=move || !has_previous() || step_locked()
                        on:click=move |_| classroom.previous()
                    >
                        {tr(Key::LessonPrevious)}
                    </button>
                    <button
                        type="button"
                        data-testid="lesson-next"
                        hidden=step_gate.hidden()
                        title=step_gate.title()
                        disabled=move || !has_next() || step_locked()
                        on:click=move |_| classroom.next()
                    >
                        {tr(Key::LessonNext)}
                    </button>
                    <button
                        type="button"
                        data-testid="lesson-exit"
                        hidden=step_gate.hidden()
                        title=step_gate.title()
                        disabled=step_gate.disabled()
                        on:click=move |_| classroom.go(0)
                    >
                        {tr(Key::LessonExit)}
                    </button>
                </div>
                <h2 id="lesson-step" data-testid="lesson-step">{counter}</h2>
                <p data-testid="lesson-prompt" aria-live="polite">{Signal::derive(move || text(BarText::Question))}</p>
                <Show when=move || classroom.awaiting_run.get()>
                    <p data-testid="lesson-run" role="status">
                        {move || {
                            let lang = lesson.lang.get();
                            match classroom.run_state() {
                                Some(crate::ui::labs::RunState::Running { step, of }) => lang
                                    .t(Key::LessonRunning)
                                    .replace("{n}", &step.to_string())
                                    .replace("{total}", &of.to_string()),
                                _ => lang.t(Key::LessonRunStarting).to_string(),
                            }
                        }}
                    </p>
                </Show>
                <p data-testid="lesson-reveal" aria-live="polite" hidden=move || !revealed.get()>
                    {Signal::derive(move || text(BarText::Reveal))}
                </p>
                // Presenter view projects the short reveal instead, so the evidence keeps the
                // screen (style/teacher.css shows one of the two, each a live region).
                <p data-testid="lesson-short" class="lesson-short" aria-live="polite" hidden=move || !revealed.get()>
                    {Signal::derive(move || text(BarText::Short))}
                </p>
                <p class="lesson-keys">{tr(Key::LessonKeys)}</p>
                <Show when=move || notes_inline.get()>
                    <p class="note" role="status" data-testid="lesson-notes-blocked">{tr(Key::NotesBlocked)}</p>
                    <TeacherNotes classroom step />
                </Show>
            </div>
        </aside>
        <div
            class="lesson-blank"
            data-testid="lesson-blank"
            hidden=move || !blank.get()
            on:click=move |_| blank.set(false)
        ></div>
    }
}

/// A text of the step's that the lesson bar shows: its question, its reveal text, or its short
/// reveal.
#[derive(Clone, Copy)]
enum BarText {
    Question,
    Reveal,
    Short,
}

/// The step's teacher notes (`assets/lesson.txt`): the misconception it targets, what to point
/// at, what to ask next, and its time in class.
#[component]
fn TeacherNotes(classroom: Classroom, step: Memo<usize>) -> impl IntoView {
    let lang = use_lesson().lang;
    let note = move |kind: NoteKind| {
        let (step, lang) = (step.get(), lang.get());
        classroom.plan.with(|plan| match plan {
            Plan::Ready(plan) => plan.note(step, lang, kind).to_string(),
            _ => String::new(),
        })
    };
    let minutes = move || {
        let (step, lang) = (step.get(), lang.get());
        classroom.plan.with(|plan| match plan {
            Plan::Ready(plan) => plan.minutes(step).map_or(String::new(), |m| {
                lang.t(Key::NoteMinutes).replace("{m}", &m.to_string())
            }),
            _ => String::new(),
        })
    };
    view! {
        <section class="lesson-notes" data-testid="lesson-notes" aria-label=tr(Key::LessonNotes)>
            <p><strong>{tr(Key::NoteMisconception)}</strong>{move || note(NoteKind::Misconception)}</p>
            <p><strong>{tr(Key::NotePoint)}</strong>{move || note(NoteKind::Point)}</p>
            <p><strong>{tr(Key::NoteAsk)}</strong>{move || note(NoteKind::Ask)}</p>
            <p class="lesson-minutes">{minutes}</p>
        </section>
    }
}
