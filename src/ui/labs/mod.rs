//! Labs: parts of panels that the tools' wasm draws (src/bin/teacher.rs, the same wasm as the
//! teacher's tools), so that the page every student opens carries only each lab's fold (its
//! title, `ui::classroom::LabSlot`) and the call that asks for the labs when one is wanted (a
//! fold opened, or a lab the link opened coming near the screen). A lab reads the
//! tools' mirror of the lesson state, so it follows the page's controls; it changes the state, if
//! it does, by asking the page (`pe-set-state`), as the tools do. docs/internals.md, "Labs".

pub mod parts;

use std::sync::Arc;

use leptos::context::Provider;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lesson::labs::{
    lab_pairs, open_labs_in, without_prefix, LabId, LabName, LabNumber, LabProblem, LabSettings,
    OPEN_LABS_KEY,
};
use crate::lesson::PanelId;

use self::parts::{term_text, LinkProblems};
use super::context::{tr, Lesson};

/// The labs' views: one line a lab, `Id => module::View,`, which declares its module; a lab of
/// `lesson::labs::LABS` without its line here is a compile error (`lab_view`'s match).
macro_rules! lab_views {
    ($($id:ident => $module:ident :: $view:ident,)*) => {
        $(pub mod $module;)*

        /// Lab `id`'s own view (under its heading and explanation, which `LabBody` writes).
        fn lab_view(id: LabId) -> AnyView {
            match id {
                $(LabId::$id => $module::$view().into_any(),)*
            }
        }
    };
}

lab_views! {
    ModelPath => model_path::ModelPathLab,
    WeightTying => weight_tying::WeightTyingLab,
    Numbering => numbering::NumberingLab,
    TextsCode => texts_code::TextsCodeLab,
    ShiftOperator => shift_operator::ShiftOperatorLab,
    BasisFit => basis_fit::BasisFitLab,
    TrainingStep => training_step::TrainingStepLab,
    Train => train::TrainLab,
    RopeComplex => rope_complex::RopeComplexLab,
    RopeExtension => rope_extension::RopeExtensionLab,
    Xpos => xpos::XposLab,
    Rope2d => rope_2d::Rope2dLab,
    FamilyTree => family_tree::FamilyTreeLab,
    RelativeBias => relative_bias::RelativeBiasLab,
    Nope => nope::NopeLab,
}

/// What the tools' labs share, provided as context to each lab's root (`mount`): the tools'
/// mirror of the lesson state, the link as it was opened, which labs are unfolded, lesson mode's
/// request to them and the runs they offer.
/// The tools make one when they start (`LabsState::for_this_page`), which lives as long as the
/// page; `LabsState::new` makes one for a given link (the labs it mounts still write the one
/// address of the page).
#[derive(Clone, Copy)]
pub struct LabsState {
    /// The tools' mirror of the page's lesson state, which the labs follow.
    lesson: Lesson,
    /// The query of the link as it was opened, which each lab reads its settings from.
    opened: StoredValue<String>,
    /// The labs unfolded (by name: their anchor without `lab-`).
    open: RwSignal<Vec<String>>,
    /// The labs lesson mode unfolded, folded again when it ends.
    lesson_unfolded: StoredValue<Vec<String>>,
    /// Whether the open labs are kept in the address yet (the first fold starts that).
    open_kept: StoredValue<bool>,
    /// Lesson mode's request to the labs: the current step's lab values, if it has a lab.
    lesson_request: RwSignal<Option<String>>,
    /// The runs the drawn labs offer.
    runs: RwSignal<Vec<LabRun>>,
}

impl LabsState {
    /// The labs' state for a page opened with the query `opened` (its labs unfolded as `labs=`
    /// says), following `lesson`.
    pub fn new(opened: String, lesson: Lesson) -> Self {
        LabsState {
            lesson,
            open: RwSignal::new(open_labs_in(&opened)),
            opened: StoredValue::new(opened),
            lesson_unfolded: StoredValue::new(Vec::new()),
            open_kept: StoredValue::new(false),
            lesson_request: RwSignal::new(None),
            runs: RwSignal::new(Vec::new()),
        }
    }

    /// The state for this page, opened with `opened_query`.
    pub fn for_this_page(lesson: Lesson) -> Self {
        Self::new(opened_query(), lesson)
    }

    /// Unfolds lab `id` (a link is about to show it); whether it was folded.
    pub fn unfold(self, id: LabId) -> bool {
        let name = id.link_name();
        let folded = !self
            .open
            .with_untracked(|open| open.iter().any(|n| n == name));
        if folded {
            self.open.update(|open| open.push(name.to_owned()));
        }
        folded
    }

    /// Draws and unfolds lab `id` for a lesson step, to be folded again when lesson mode ends
    /// (`fold_lesson_labs`): what the lesson opened is not the teacher's to keep in the link. Its
    /// panel's labs are drawn into its folds now.
    pub fn unfold_for_lesson(self, id: LabId) {
        mount(id.lab().panel, self);
        if self.unfold(id) {
            self.lesson_unfolded
                .update_value(|labs| labs.push(id.link_name().to_owned()));
        }
    }

    /// Folds again the labs lesson mode unfolded (it has ended).
    pub fn fold_lesson_labs(self) {
        let unfolded = self
            .lesson_unfolded
            .try_update_value(std::mem::take)
            .unwrap_or_default();
        if !unfolded.is_empty() {
            self.open
                .update(|open| open.retain(|n| !unfolded.contains(n)));
        }
    }

    /// Lesson mode asks the labs for a step's values (`None`: the step has no lab). A lab mounted
    /// later finds the request waiting.
    pub fn follow_lesson(self, query: Option<String>) {
        self.lesson_request.set(query);
    }

    /// The run lab `lab` offers, if it is drawn (followed inside an effect).
    pub fn run_of(self, lab: LabId) -> Option<LabRun> {
        self.runs
            .with(|all| all.iter().find(|r| r.lab == lab).cloned())
    }
}

/// The labs' state of the lab being built (`mount` provides it to each lab's root).
fn labs_state() -> LabsState {
    // Not `expect_context`: its message formats the type's name with `{:?}`, which brings
    // `str`'s escaping tables into the wasm.
    use_context().expect("the labs' state")
}

/// Keeps the open labs in the address (`labs=`) from the first fold on, whenever the list
/// changes (a link or lesson mode may unfold a lab before this first runs) and after each of the
/// page's own rewrites, which drop it. Under an owner of its own: it outlives the folds, which
/// leave with their chapter.
fn keep_open_labs_in_link(labs: LabsState) {
    if labs
        .open_kept
        .try_update_value(|kept| std::mem::replace(kept, true))
        == Some(true)
    {
        return;
    }
    // (`new_root` makes itself the current owner: the fold's is set again after.)
    let fold = Owner::current();
    let owner = Owner::new_root(None);
    owner.with(|| {
        let open = labs.open;
        let write = move || {
            let pairs = open.with(|open| {
                (!open.is_empty()).then(|| format!("{OPEN_LABS_KEY}={}", open.join(",")))
            });
            write_lab_pairs(OPEN_LABS_KEY, pairs.as_deref());
        };
        let again = write;
        Effect::new(move |_| write());
        // It lives as long as the page.
        window_event_listener_untyped(super::dom::STATE_EVENT, move |_| again());
    });
    std::mem::forget(owner);
    if let Some(fold) = fold {
        fold.set();
    }
}

/// What a lab's link could not use, for its fold to say (`LinkProblems`): `parts::Linked`
/// writes it.
#[derive(Clone, Copy)]
pub struct LinkProblemsOf(pub RwSignal<Vec<LabProblem>>);

/// The inside of a lab's fold, which the page draws under its panel (`classroom::LabSlot`)
/// folded until the reader opens it, so a chapter stays a few phone screens tall and a lab
/// nobody opens is never built. An opened lab is named in the address (`labs=`) and opens with
/// the link. Opened, it shows the lab's heading and explanation, what its link could not use,
/// and the lab. `fold` is the page's `<details>`: its `open` and the list of open labs follow
/// each other (the reader's taps one way, a lesson step or a link to the lab the other).
#[component]
fn LabBody(id: LabId, fold: web_sys::Element) -> impl IntoView {
    let lab = id.lab();
    let name = id.link_name();
    // The one list every fold shares; it lives as long as the page.
    let labs = labs_state();
    let open = labs.open;
    keep_open_labs_in_link(labs);
    let listed = move || open.with_untracked(|open| open.iter().any(|n| n == name));
    let follow_fold = {
        let fold = fold.clone();
        move || {
            let now = fold.has_attribute("open");
            if now != listed() {
                open.update(|open| {
                    open.retain(|n| n != name);
                    if now {
                        open.push(name.to_owned());
                    }
                });
            }
        }
    };
    // The fold as the reader left it while the tools were on their way (opened, or closed
    // again), before the list moves it.
    follow_fold();
    let is_open = move || open.with(|open| open.iter().any(|n| n == name));
    Effect::new({
        let fold = fold.clone();
        move |_| {
            let open = is_open();
            if open != fold.has_attribute("open") {
                let _ = if open {
                    fold.set_attribute("open", "")
                } else {
                    fold.remove_attribute("open")
                };
            }
        }
    });
    let on_toggle = wasm_bindgen::closure::Closure::<dyn Fn()>::new(follow_fold);
    let _ = fold.add_event_listener_with_callback("toggle", on_toggle.as_ref().unchecked_ref());
    // It lives as long as the fold (this chapter's copy of the page).
    on_toggle.forget();
    // The lab is built the first time it is opened, and then kept (closing only hides it): a
    // folded lab costs the page nothing.
    let built =
        Memo::new(move |before: Option<&bool>| before.copied().unwrap_or(false) || is_open());
    let problems = LinkProblemsOf(RwSignal::new(Vec::new()));
    view! {
        <Show when=move || built.get()>
            <h3 id=lab.anchor data-testid=format!("{name}-title")>{tr(lab.title)}</h3>
            <p data-testid=format!("{name}-text")>{term_text(id)}</p>
            <LinkProblems problems=problems.0 testid=format!("{name}-link-problems") />
            <Provider value=problems>{lab_view(id)}</Provider>
        </Show>
    }
}

/// Draws the labs of `panel` into the page's folds for them, once for each copy of the chapter
/// (a second ask finds them filled and does nothing).
pub fn mount(panel: PanelId, labs: LabsState) {
    let Some(slot) = find_slot(panel) else {
        return;
    };
    for id in LabId::under(panel) {
        let name = id.link_name();
        let Some(body) = slot
            .query_selector(&format!("[data-lab-body=\"{name}\"]"))
            .ok()
            .flatten()
            .filter(|body| !body.has_attribute("data-drawn"))
            .and_then(|body| body.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            continue;
        };
        let Some(fold) = body.parent_element() else {
            continue;
        };
        let _ = body.set_attribute("data-drawn", "");
        // Its own root, with the tools' mirror of the lesson and the labs' state as context. It
        // lives as long as the page: a chapter left inside the app takes the fold away, not the
        // labs' state (the open labs, their values), which the next visit's fold shows again.
        leptos::mount::mount_to(body, move || {
            provide_context(labs.lesson);
            provide_context(labs);
            view! { <LabBody id fold /> }
        })
        .forget();
    }
}

/// The slot of `panel`'s labs (`classroom::LabSlot`), with their folds, on the static page from
/// its first paint.
fn find_slot(panel: PanelId) -> Option<web_sys::Element> {
    document()
        .query_selector(&format!("[data-lab=\"{}\"]", panel.anchor()))
        .ok()
        .flatten()
}

/// Runs `then` once every piece of the page is live (`<html data-ready>`): until then a panel
/// or the table of contents may still be the prerendered copy, which the page is about to
/// replace. Looks again every 50 ms, for at most 10 s (the page is ready within a few tasks of
/// starting).
fn when_page_ready(then: impl FnOnce() + 'static) {
    fn look(then: Box<dyn FnOnce()>, tries: u32) {
        let ready = document()
            .document_element()
            .is_some_and(|root| root.has_attribute("data-ready"));
        if ready {
            then();
        } else if tries > 0 {
            set_timeout(
                move || look(then, tries - 1),
                std::time::Duration::from_millis(50),
            );
        }
    }
    look(Box::new(then), 200);
}

/// Draws lab `id` (a link to its heading, which the page could not find) and scrolls to it,
/// once the page is live.
pub fn open(id: LabId, labs: LabsState) {
    when_page_ready(move || {
        mount(id.lab().panel, labs);
        let _ = labs.unfold(id);
        // Once the fold has opened.
        request_animation_frame(move || {
            if let Some(heading) = document().get_element_by_id(id.anchor()) {
                heading.scroll_into_view();
            }
        });
    });
}

/// Draws the labs of lab `id`'s panel into their folds, if they are not drawn yet (a link to it is about to be followed), and
/// unfolds it if it is on this page (a link to another chapter's lab goes there, which unfolds
/// it).
pub fn draw_lab(id: LabId, labs: LabsState) {
    mount(id.lab().panel, labs);
    if find_slot(id.lab().panel).is_some() {
        let _ = labs.unfold(id);
    }
}

/// Where a link to `anchor` (a panel's or a lab's) goes from this page, in the state's values
/// (`lesson::chapters::anchor_href`).
pub fn course_href(anchor: &'static str, lesson: Lesson) -> impl Fn() -> String + Copy {
    move || {
        crate::lesson::chapters::anchor_href(anchor, super::net::this_page(), &lesson.params.get())
    }
}

/// Where a lab's run stands, for a lesson step whose answer is its result
/// (`LessonPlan::run`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Not started, or paused.
    Waiting,
    /// Running: at `step` of `of`.
    Running { step: usize, of: usize },
    /// Every step taken: the result is on screen.
    Finished,
}

/// A lab that runs (the training lab's Train): what starts its run, and where the run stands
/// (read inside an effect, it is followed).
#[derive(Clone)]
pub struct LabRun {
    pub lab: LabId,
    pub start: Arc<dyn Fn() + Send + Sync>,
    pub state: Arc<dyn Fn() -> RunState + Send + Sync>,
}

/// Offers a drawn lab's run to lesson mode, for as long as the lab is drawn.
pub fn offer_run(run: LabRun) {
    let lab = run.lab;
    let runs = labs_state().runs;
    runs.update(|all| {
        all.retain(|r| r.lab != lab);
        all.push(run);
    });
    on_cleanup(move || runs.update(|all| all.retain(|r| r.lab != lab)));
}

/// The query of the link as it was opened (the navigation's own address), before the page
/// rewrote it: the page's URL table drops the labs' keys, so a lab reads its own from here.
fn opened_query() -> String {
    let entry = window()
        .performance()
        .map(|p| p.get_entries_by_type("navigation").get(0))
        .and_then(|e| js_sys::Reflect::get(&e, &"name".into()).ok())
        .and_then(|name| name.as_string())
        .unwrap_or_default();
    entry
        .split_once('?')
        .map(|(_, q)| q.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// Writes a lab's pairs (under `prefix`) into the address beside the page's, or removes them
/// (`None`), with replaceState as the page does (no history entries, the anchor kept).
fn write_lab_pairs(prefix: &str, pairs: Option<&str>) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let mut query = without_prefix(&search, prefix);
    if let Some(pairs) = pairs.filter(|p| !p.is_empty()) {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(pairs);
    }
    if !query.is_empty() {
        query.insert(0, '?');
    }
    super::dom::replace_query(&query);
}

/// Follows lesson mode for a lab: a step that asks it (`asks` reads the step's query) sets its
/// values (`apply`); what the lab showed before the first such step (`save`) comes back
/// (`restore`) once the lesson no longer asks it, at another step or when lesson mode is left,
/// as the page's own parameters do. Returns the flag `keep_in_address` reads: a change the
/// lesson made is the lesson's, and does not put the lab's values in the teacher's address.
fn follow_lesson_steps<L: 'static, S: 'static>(
    asks: fn(&str) -> Option<L>,
    apply: impl Fn(L) + 'static,
    save: impl Fn() -> S + 'static,
    restore: impl Fn(S) + 'static,
) -> StoredValue<bool> {
    let request = labs_state().lesson_request;
    let saved = StoredValue::new_local(None::<S>);
    let by_lesson = StoredValue::new(false);
    Effect::new(move |_| match request.get().as_deref().and_then(asks) {
        Some(step) => {
            if saved.with_value(Option::is_none) {
                saved.set_value(Some(save()));
            }
            by_lesson.set_value(true);
            apply(step);
        }
        None => {
            if let Some(before) = saved.try_update_value(Option::take).flatten() {
                by_lesson.set_value(true);
                restore(before);
            }
        }
    });
    by_lesson
}

/// Keeps a lab's values (`pairs`, under `prefix`) in the address beside the page's: from the
/// lab's first change on (`track` reads what it changes; not a change lesson mode made, flagged
/// in `by_lesson`), or from the start when the link came with them, and again after each of the
/// page's own rewrites (`pe-state`), which drop them.
fn keep_in_address(
    prefix: &'static str,
    from_link: bool,
    pairs: impl Fn() -> Option<String> + Copy + 'static,
    track: impl Fn() + 'static,
    by_lesson: StoredValue<bool>,
) {
    let in_address = StoredValue::new(from_link);
    Effect::new(move |first: Option<()>| {
        track();
        if by_lesson.get_value() {
            by_lesson.set_value(false);
        } else if first.is_some() {
            in_address.set_value(true);
        }
        if in_address.get_value() {
            write_lab_pairs(prefix, pairs().as_deref());
        }
    });
    let rewritten = window_event_listener_untyped(super::dom::STATE_EVENT, move |_| {
        if in_address.get_value() {
            write_lab_pairs(prefix, pairs().as_deref());
        }
    });
    on_cleanup(move || rewritten.remove());
}

/// A lab's settings as links and lesson mode set them: read from the link as opened (what it
/// could not use goes to its fold, `LinkProblemsOf`), replaced by each lesson step that asks this
/// lab, kept in the address under its prefix (`keep_in_address`), and written by its sliders and
/// choices through their rows (`slider`, `choice`): each write clamped to the row's range, then
/// the settings' rules applied (`LabSettings::fix`), as a link's reading does.
pub struct Linked<S: 'static> {
    pub settings: RwSignal<S>,
}

impl<S: 'static> Clone for Linked<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: 'static> Copy for Linked<S> {}

impl<S: LabSettings> Linked<S> {
    /// The lab's settings from the link as it was opened (the defaults if it has none of them).
    pub fn from_link() -> Self {
        let from_link = labs_state().opened.with_value(|query| S::read(query));
        let linked = from_link.is_some();
        let (settings, problems) = from_link
            .map(|link| (link.settings, link.problems))
            .unwrap_or_default();
        if let Some(LinkProblemsOf(shown)) = use_context() {
            shown.set(problems);
        }
        let settings = RwSignal::new(settings);
        let by_lesson = follow_lesson_steps(
            S::read,
            // Only a change: the same values again (a reveal's, the next step's) keep what
            // the lab holds, a training run among it.
            move |link| {
                if settings.with_untracked(|now| *now != link.settings) {
                    settings.set(link.settings);
                }
            },
            move || settings.get_untracked(),
            move |before| settings.set(before),
        );
        keep_in_address(
            S::VALUES.prefix,
            linked,
            move || Some(settings.with_untracked(S::pairs)),
            move || settings.track(),
            by_lesson,
        );
        Linked { settings }
    }

    /// Reads the settings.
    pub fn with<R>(self, read: impl FnOnce(&S) -> R) -> R {
        self.settings.with(read)
    }

    /// Changes the settings, then applies their rules.
    pub fn update(self, change: impl FnOnce(&mut S)) {
        self.settings.update(|s| {
            change(s);
            s.fix();
        });
    }

    /// The slider of `number`: its value, and its write (clamped to the row's range).
    pub fn slider(self, number: &'static LabNumber<S>) -> parts::SliderRow {
        parts::SliderRow {
            value: Signal::derive(move || self.settings.with(number.get)),
            set: Callback::new(move |v: f64| self.update(|s| (number.set)(s, number.clamp(v)))),
            range: number.slider,
        }
    }

    /// The choice of `name`: the chosen index, and its write.
    pub fn choice(self, name: &'static LabName<S>) -> parts::ChoiceRow {
        parts::ChoiceRow {
            value: Signal::derive(move || self.settings.with(name.get)),
            set: Callback::new(move |i: usize| {
                self.update(|s| (name.set)(s, i.min(name.names.len() - 1)))
            }),
        }
    }
}

/// The labs' pairs now in the address, for a shared link (`ui::teacher::share`).
pub fn lab_pairs_in_address() -> String {
    lab_pairs(&window().location().search().unwrap_or_default())
}
