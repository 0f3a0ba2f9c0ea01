//! Labs: parts of panels that the tools' wasm draws (src/bin/teacher.rs, the same wasm as the
//! teacher's tools), so that the page every student opens carries only an empty slot for each
//! (`<div class="lab" data-lab="…">` in the panel) and the call that asks for it when the panel
//! first comes near the screen (`ui::classroom::ask_for_lab`). A lab reads the
//! tools' mirror of the lesson state, so it follows the page's controls; it changes the state, if
//! it does, by asking the page (`pe-set-state`), as the tools do. docs/architecture.md, "Labs".

pub mod basis_fit;
pub mod family_tree;
pub mod model_path;
pub mod nope;
pub mod numbering;
pub mod parts;
pub mod relative_bias;
pub mod rope_2d;
pub mod rope_complex;
pub mod rope_extension;
pub mod shift_operator;
pub mod texts_code;
pub mod train;
pub mod training_step;
pub mod weight_tying;
pub mod xpos;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lesson::lab_query::{
    lab_pairs, open_labs_in, without_prefix, LabLink, LabProblem, OPEN_LABS_KEY,
};

use super::context::{use_lesson, Lesson};

thread_local! {
    /// The labs unfolded (by name: their anchor without `lab-`), from the link as opened.
    static OPEN_LABS: ArcRwSignal<Vec<String>> = ArcRwSignal::new(open_labs_in(&opened_query()));
    /// The labs lesson mode unfolded, folded again when it ends.
    static LESSON_UNFOLDED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Whether the open labs are kept in the address yet (the first fold starts that).
    static OPEN_LABS_KEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Unfolds the lab whose heading is `anchor` (a link is about to show it); whether it was folded.
pub fn unfold(anchor: &str) -> bool {
    let name = anchor.trim_start_matches("lab-");
    OPEN_LABS.with(|open| {
        let folded = !open.with_untracked(|open| open.iter().any(|n| n == name));
        if folded {
            open.update(|open| open.push(name.to_owned()));
        }
        folded
    })
}

/// Unfolds a lab for a lesson step, to be folded again when lesson mode ends
/// (`fold_lesson_labs`): what the lesson opened is not the teacher's to keep in the link.
pub fn unfold_for_lesson(anchor: &str) {
    if unfold(anchor) {
        LESSON_UNFOLDED.with(|labs| {
            labs.borrow_mut()
                .push(anchor.trim_start_matches("lab-").to_owned())
        });
    }
}

/// Folds again the labs lesson mode unfolded (it has ended).
pub fn fold_lesson_labs() {
    let unfolded = LESSON_UNFOLDED.with(|labs| std::mem::take(&mut *labs.borrow_mut()));
    if !unfolded.is_empty() {
        OPEN_LABS.with(|open| open.update(|open| open.retain(|n| !unfolded.contains(n))));
    }
}

/// A lab folded under its panel until the reader opens it, so a chapter stays a few phone screens
/// tall (issue 37) and a lab nobody opens is never built; an opened lab is named in the address
/// (`labs=`) and opens with the link.
#[component]
fn LabFold(anchor: &'static str, title: [&'static str; 2], children: ChildrenFn) -> impl IntoView {
    let lang = use_lesson().lang;
    let language = move || lang.get().index();
    let name = anchor.trim_start_matches("lab-");
    // Copy handles on the one list every fold shares; they live as long as the lab (the page).
    let open = RwSignal::from(OPEN_LABS.with(Clone::clone));
    if !OPEN_LABS_KEPT.with(|kept| kept.replace(true)) {
        // Written whenever the list changes (a link or lesson mode may unfold a lab before this
        // first runs), and again after each of the page's own rewrites, which drop it.
        let write = move || {
            let pairs = open.with(|open| {
                (!open.is_empty()).then(|| format!("{OPEN_LABS_KEY}={}", open.join(",")))
            });
            write_lab_pairs(OPEN_LABS_KEY, pairs.as_deref());
        };
        Effect::new(move |_| write());
        let rewritten = window_event_listener_untyped("pe-state", move |_| write());
        on_cleanup(move || rewritten.remove());
    }
    let is_open = move || open.with(|open| open.iter().any(|n| n == name));
    // The lab is built the first time it is opened, and then kept (closing only hides it): a
    // folded lab costs the page nothing.
    let built =
        Memo::new(move |before: Option<&bool>| before.copied().unwrap_or(false) || is_open());
    let on_toggle = move |event: leptos::ev::Event| {
        let now = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|details| details.has_attribute("open"));
        if now != open.with_untracked(|open| open.iter().any(|n| n == name)) {
            open.update(|open| {
                open.retain(|n| n != name);
                if now {
                    open.push(name.to_owned());
                }
            });
        }
    };
    view! {
        <details class="lab-fold" prop:open=is_open on:toggle=on_toggle>
            <summary data-testid=format!("{name}-fold")>
                <span class="lab-fold-title">{move || LAB_WORD[language()]}{move || title[language()]}</span>
                <span class="lab-fold-action">
                    {move || [["open", "展开"], ["close", "收起"]][usize::from(is_open())][language()]}
                </span>
            </summary>
            <Show when=move || built.get()>{children()}</Show>
        </details>
    }
}

/// Draws lab `name` into its slot, once (a second ask finds the slot filled and does nothing).
/// Each lab is folded under its panel (`LabFold`).
pub fn mount(name: &str, lesson: Lesson) {
    let lab: fn() -> AnyView = match name {
        // The RoPE panel's slot holds all of its labs: a slot costs the page's bytes, a lab does not.
        "rope-complex" => || {
            view! {
                <LabFold anchor="lab-rope-complex" title=rope_complex::TITLE><rope_complex::RopeComplexLab /></LabFold>
                <LabFold anchor="lab-rope-extension" title=rope_extension::TITLE><rope_extension::RopeExtensionLab /></LabFold>
                <LabFold anchor="lab-xpos" title=xpos::TITLE><xpos::XposLab /></LabFold>
                <LabFold anchor="lab-rope-2d" title=rope_2d::TITLE><rope_2d::Rope2dLab /></LabFold>
            }
            .into_any()
        },
        "family" => || {
            view! {
                <LabFold anchor="lab-family-tree" title=family_tree::TITLE><family_tree::FamilyTreeLab /></LabFold>
                <LabFold anchor="lab-relative-bias" title=relative_bias::TITLE><relative_bias::RelativeBiasLab /></LabFold>
                <LabFold anchor="lab-nope" title=nope::TITLE><nope::NopeLab /></LabFold>
            }
            .into_any()
        },
        "numbering" => || {
            view! {
                <LabFold anchor="lab-numbering" title=numbering::TITLE><numbering::NumberingLab /></LabFold>
                <LabFold anchor="lab-texts-code" title=texts_code::TITLE><texts_code::TextsCodeLab /></LabFold>
            }
            .into_any()
        },
        "basis-fit" => || {
            view! {
                <LabFold anchor="lab-basis-fit" title=basis_fit::TITLE><basis_fit::BasisFitLab /></LabFold>
                <LabFold anchor="lab-training-step" title=training_step::TITLE><training_step::TrainingStepLab /></LabFold>
                <LabFold anchor="lab-train" title=train::TITLE><train::TrainLab /></LabFold>
            }
            .into_any()
        },
        "shift-operator" => || {
            view! {
                <LabFold anchor="lab-shift-operator" title=shift_operator::TITLE><shift_operator::ShiftOperatorLab /></LabFold>
            }
            .into_any()
        },
        "model" => || {
            view! {
                <LabFold anchor="lab-model-path" title=model_path::TITLE><model_path::ModelPathLab /></LabFold>
                <LabFold anchor="lab-weight-tying" title=weight_tying::TITLE><weight_tying::WeightTyingLab /></LabFold>
            }
            .into_any()
        },
        _ => return,
    };
    let Some(slot) = find_slot(name)
        .filter(|slot| slot.child_element_count() == 0)
        .and_then(|slot| slot.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // Its own root, with the tools' mirror of the lesson as context; it lives as long as the page.
    leptos::mount::mount_to(slot, move || {
        provide_context(lesson);
        lab()
    })
    .forget();
}

/// Lab `name`'s slot, in its panel's view (`<div class="lab" data-lab="…">`), on the static
/// page from its first paint, its folded labs' height kept for them (style/main.css), so that
/// nothing moves when they arrive.
fn find_slot(name: &str) -> Option<web_sys::Element> {
    document()
        .query_selector(&format!("[data-lab=\"{name}\"]"))
        .ok()
        .flatten()
}

/// A lab as the table of contents lists it: its anchor (its heading's id), its title per
/// language, and the slot it is drawn in. The page's own contents read [`CONTENTS`] (constants
/// only: none of the labs' code comes with it), so every lab is listed from the first paint.
pub struct ContentsEntry {
    pub anchor: &'static str,
    pub title: [&'static str; 2],
    /// The lab's explanation, whose glossary terms the chapter links (`course::panel_terms`).
    pub text: [&'static str; 2],
    pub slot: &'static str,
}

const fn entry(
    anchor: &'static str,
    title: [&'static str; 2],
    text: [&'static str; 2],
    slot: &'static str,
) -> ContentsEntry {
    ContentsEntry {
        anchor,
        title,
        text,
        slot,
    }
}

/// The labs under each panel's entry in the table of contents, by the panel's anchor.
pub const CONTENTS: [(&str, &[ContentsEntry]); 6] = [
    (
        "embedding",
        &[
            entry(
                "lab-model-path",
                model_path::TITLE,
                model_path::TEXT,
                "model",
            ),
            entry(
                "lab-weight-tying",
                weight_tying::TITLE,
                weight_tying::TEXT,
                "model",
            ),
        ],
    ),
    (
        "vector",
        &[
            entry(
                "lab-numbering",
                numbering::TITLE,
                numbering::TEXT,
                "numbering",
            ),
            entry(
                "lab-texts-code",
                texts_code::TITLE,
                texts_code::TEXT,
                "numbering",
            ),
        ],
    ),
    (
        "dot-product",
        &[entry(
            "lab-shift-operator",
            shift_operator::TITLE,
            shift_operator::TEXT,
            "shift-operator",
        )],
    ),
    (
        "extrapolation",
        &[
            entry(
                "lab-basis-fit",
                basis_fit::TITLE,
                basis_fit::TEXT,
                "basis-fit",
            ),
            entry(
                "lab-training-step",
                training_step::TITLE,
                training_step::TEXT,
                "basis-fit",
            ),
            entry("lab-train", train::TITLE, train::TEXT, "basis-fit"),
        ],
    ),
    (
        "rope",
        &[
            entry(
                "lab-rope-complex",
                rope_complex::TITLE,
                rope_complex::TEXT,
                "rope-complex",
            ),
            entry(
                "lab-rope-extension",
                rope_extension::TITLE,
                rope_extension::TEXT,
                "rope-complex",
            ),
            entry("lab-xpos", xpos::TITLE, xpos::TEXT, "rope-complex"),
            entry("lab-rope-2d", rope_2d::TITLE, rope_2d::TEXT, "rope-complex"),
        ],
    ),
    (
        "alibi",
        &[
            entry(
                "lab-family-tree",
                family_tree::TITLE,
                family_tree::TEXT,
                "family",
            ),
            entry(
                "lab-relative-bias",
                relative_bias::TITLE,
                relative_bias::TEXT,
                "family",
            ),
            entry("lab-nope", nope::TITLE, nope::TEXT, "family"),
        ],
    ),
];

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

/// Draws the lab whose heading is `anchor` (a link to `#lab-…`, which the page could not find)
/// and scrolls to it, once the page is live.
pub fn open(anchor: &str, lesson: Lesson) {
    let Some(lab) = CONTENTS
        .iter()
        .flat_map(|(_, labs)| labs.iter())
        .find(|lab| lab.anchor == anchor)
    else {
        return;
    };
    when_page_ready(move || {
        mount(lab.slot, lesson);
        let _ = unfold(lab.anchor);
        // Once the fold has opened.
        request_animation_frame(move || {
            if let Some(heading) = document().get_element_by_id(lab.anchor) {
                heading.scroll_into_view();
            }
        });
    });
}

/// Draws the slot of the lab whose heading is `anchor`, if it is not drawn yet (a link to it
/// is about to be followed); an anchor that is not a lab's does nothing.
pub fn draw_lab(anchor: &str, lesson: Lesson) {
    if let Some(lab) = CONTENTS
        .iter()
        .flat_map(|(_, labs)| labs.iter())
        .find(|lab| lab.anchor == anchor)
    {
        mount(lab.slot, lesson);
        // Only a lab of this page (a link to another chapter's lab goes there, which unfolds it).
        if find_slot(lab.slot).is_some() {
            let _ = unfold(lab.anchor);
        }
    }
}

/// Where a link to `anchor` (a panel's or a lab's) goes from this page, in the state's values
/// (`lesson::chapters::anchor_href`).
pub fn course_href(anchor: &'static str, lesson: Lesson) -> impl Fn() -> String + Copy {
    move || {
        crate::lesson::chapters::anchor_href(anchor, super::net::this_page(), &lesson.params.get())
    }
}

/// What the table of contents puts before a lab's title.
pub const LAB_WORD: [&str; 2] = ["Lab: ", "实验："];

thread_local! {
    /// Lesson mode's request to the labs: the current step's lab values, if it has a lab.
    static LESSON_REQUEST: ArcRwSignal<Option<String>> = ArcRwSignal::new(None);
}

/// Lesson mode asks the labs for a step's values (`None`: the step has no lab). A lab mounted
/// later finds the request waiting.
pub fn follow_lesson(query: Option<String>) {
    LESSON_REQUEST.with(|request| request.set(query));
}

/// What lesson mode asks of the labs, for a lab to follow.
pub fn lesson_request() -> ArcRwSignal<Option<String>> {
    LESSON_REQUEST.with(Clone::clone)
}

/// The query of the link as it was opened (the navigation's own address), before the page
/// rewrote it: the page's URL table drops the labs' keys, so a lab reads its own from here.
pub fn opened_query() -> String {
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
pub fn write_lab_pairs(prefix: &str, pairs: Option<&str>) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let mut query = without_prefix(&search, prefix);
    if let Some(pairs) = pairs.filter(|p| !p.is_empty()) {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(pairs);
    }
    let wanted = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    if wanted == search {
        return;
    }
    let hash = location.hash().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{wanted}{hash}")),
        );
    }
}

/// Follows lesson mode for a lab: a step that asks it (`asks` reads the step's query) sets its
/// values (`apply`); what the lab showed before the first such step (`save`) comes back
/// (`restore`) once the lesson no longer asks it, at another step or when lesson mode is left,
/// as the page's own parameters do. Returns the flag `keep_in_address` reads: a change the
/// lesson made is the lesson's, and does not put the lab's values in the teacher's address.
pub fn follow_lesson_steps<L: 'static, S: 'static>(
    asks: fn(&str) -> Option<L>,
    apply: impl Fn(L) + 'static,
    save: impl Fn() -> S + 'static,
    restore: impl Fn(S) + 'static,
) -> StoredValue<bool> {
    let request = lesson_request();
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
pub fn keep_in_address(
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
    let rewritten = window_event_listener_untyped("pe-state", move |_| {
        if in_address.get_value() {
            write_lab_pairs(prefix, pairs().as_deref());
        }
    });
    on_cleanup(move || rewritten.remove());
}

/// A lab's settings as links and lesson mode set them: read from the link as opened (what it
/// could not use in the second signal, for `parts::LinkProblems`), replaced by each lesson step
/// that asks this lab, and kept in the address under `prefix` (`keep_in_address`).
pub fn linked_settings<T>(
    prefix: &'static str,
    read: fn(&str) -> Option<LabLink<T>>,
    pairs: fn(&T) -> String,
) -> (RwSignal<T>, RwSignal<Vec<LabProblem>>)
where
    T: Default + Clone + Send + Sync + 'static,
{
    let from_link = read(&opened_query());
    let linked = from_link.is_some();
    let (settings, problems) = from_link
        .map(|link| (link.settings, link.problems))
        .unwrap_or_default();
    let (settings, problems) = (RwSignal::new(settings), RwSignal::new(problems));
    let by_lesson = follow_lesson_steps(
        read,
        move |link| settings.set(link.settings),
        move || settings.get_untracked(),
        move |before| settings.set(before),
    );
    keep_in_address(
        prefix,
        linked,
        move || Some(settings.with_untracked(pairs)),
        move || settings.with(|_| ()),
        by_lesson,
    );
    (settings, problems)
}

/// The labs' pairs now in the address, for a shared link (`ui::teacher::share`).
pub fn lab_pairs_in_address() -> String {
    lab_pairs(&window().location().search().unwrap_or_default())
}
