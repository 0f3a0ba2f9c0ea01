//! The parameter controls: one labelled range slider per number, a select for the layout.

use leptos::prelude::*;

use super::context::{tr, use_lesson, Lesson, Restriction};
use super::finger::FingerTrack;

use crate::encoding::{Layout, DEMO_SENTENCES};
use crate::i18n::{field_label, Key, Translate};
use crate::lesson::embed::Embed;
use crate::lesson::labs::LabId;
use crate::lesson::params::{
    base_from_slider, base_to_slider, count_from_log_slider, AMPLITUDE_MAX, BASE_MAX, BASE_MIN,
    D_MODEL_MAX, D_MODEL_MIN, LENGTH_MAX, LENGTH_MIN,
};
use crate::lesson::query::{apply_query, Kind};
use crate::lesson::{Field, PanelId, Params};

/// The sidebar's controls: the URL table's first fields, d_model to layout, in its order.
const GLOBAL_CONTROLS: &[Field] = Field::ALL.split_at(Field::Layout as usize + 1).0;

#[component]
pub fn Controls() -> impl IntoView {
    // On a phone the bar starts folded to one line (the stylesheet folds it before the app
    // runs); the button unfolds it. `toggled` is a change from that starting state.
    let toggled = RwSignal::new(false);
    let open = move || toggled.get() == narrow_screen();
    let lang = use_lesson().lang;
    view! {
        <aside class="controls" class:toggled=move || toggled.get() aria-labelledby="controls-title">
            <div class="controls-head">
                <h2 id="controls-title">{tr(Key::Controls)}</h2>
                // The course's menu opens from this bar, which stays in view (the sidebar; on a
                // phone, the bar at the top), not from a button floating over the text
                // (style/main.css).
                <button type="button" class="fold menu-in-bar" popovertarget=super::course::MENU_ID>
                    <span aria-hidden="true">"☰ "</span>
                    {tr(Key::Contents)}
                </button>
                <button
                    type="button"
                    class="fold"
                    data-testid="controls-toggle"
                    aria-controls="control-list"
                    aria-expanded=move || open().to_string()
                    on:click=move |_| { toggled.update(|o| *o = !*o); }
                >
                    // Both words, the stylesheet showing the one for this width and state: the
                    // prerendered page (the wide one) then says what a phone's live page says.
                    <span class="when-open">{move || lang.get().t(Key::Hide)}</span>
                    <span class="when-folded">{move || lang.get().t(Key::Show)}</span>
                </button>
            </div>
            <div id="control-list" class="control-list">
                {GLOBAL_CONTROLS.iter().map(|field| field_control(*field, None)).collect_view()}
            </div>
        </aside>
    }
}

/// Whether the screen is a phone's (the stylesheet's narrow layout), where the controls start
/// folded. The prerendered page is the wide one.
pub fn narrow_screen() -> bool {
    !cfg!(feature = "ssr")
        && window()
            .match_media("(max-width: 760px)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches())
}

/// The few sidebar controls panel `panel` is about, in the order of the URL table: on a phone
/// the panel carries them inline (its own controls it always carries).
pub fn panel_controls(panel: PanelId) -> &'static [Field] {
    use Field::*;
    match panel {
        PanelId::WordOrder | PanelId::Saturation | PanelId::Extrapolation | PanelId::Alibi => &[],
        PanelId::Embedding | PanelId::AddConcat => &[DModel],
        PanelId::Vector => &[Pos, Pair],
        PanelId::Heatmap | PanelId::Waves | PanelId::Rotation => &[Pos, K, Pair],
        PanelId::Frequencies => &[Pair, Base],
        PanelId::DotProduct | PanelId::RealData => &[Pos, K],
        PanelId::Rope => &[Pair],
    }
}

/// The page's values a lab follows, when it is embedded alone (`embed=lab-numbering`): its
/// panel's controls and the parameter column are not shown, so these come with it. A lab with
/// controls of its own, or none to move, has none here.
pub fn embedded_lab_controls(lab: LabId) -> &'static [Field] {
    use Field::*;
    match lab {
        LabId::Numbering => &[Pos, Length, DModel, Base],
        LabId::TextsCode => &[DModel, Length, Base, Layout],
        LabId::RopeComplex => &[RopeM, RopeN, Pair, Base],
        LabId::ModelPath
        | LabId::WeightTying
        | LabId::ShiftOperator
        | LabId::BasisFit
        | LabId::TrainingStep
        | LabId::Train
        | LabId::RopeExtension
        | LabId::Xpos
        | LabId::Rope2d
        | LabId::FamilyTree
        | LabId::RelativeBias
        | LabId::Nope => &[],
    }
}

/// Above the lab a page embeds alone, in the lab's panel: the controls of the page's values it
/// follows ([`embedded_lab_controls`]; the stylesheet keeps them beside the lab). Nothing on any
/// other page.
#[component]
pub fn EmbeddedLabControls(
    /// The panel this copy of the controls sits in.
    panel: PanelId,
) -> impl IntoView {
    let embed = use_lesson().params.with_untracked(|p| p.embed);
    let lab = embed.and_then(|e| match e {
        Embed::Lab(lab) if lab.panel() == panel => Some(lab),
        Embed::Lab(_) | Embed::Panel(_) => None,
    });
    lab.map(|lab| {
        let anchor = lab.anchor();
        let fields = embedded_lab_controls(lab);
        (!fields.is_empty()).then(|| {
            view! {
                <div class="inline-controls embed-controls" data-testid=format!("embedded-controls-{anchor}")>
                    {fields.iter().map(|field| scoped_field_control(*field, format!("-{anchor}"))).collect_view()}
                </div>
            }
        })
    })
}

/// The few global controls panel `panel` is about, inline, for a phone (the stylesheet shows
/// them on narrow screens only): bound to the same state as the global ones, so they always
/// agree. On every page, the prerendered one too, so the live page takes over the static one on
/// a phone without anything moving.
#[component]
pub fn InlineControls(
    /// The panel whose controls these are.
    panel: PanelId,
) -> impl IntoView {
    let fields = panel_controls(panel);
    (!fields.is_empty()).then(|| {
        view! {
            <div class="inline-controls" data-testid=format!("inline-controls-{}", panel.anchor())>
                {fields.iter().map(|field| field_control(*field, Some(panel))).collect_view()}
            </div>
        }
    })
}

/// Where a slider's track runs (min, max), its step, where its thumb is, what a move sets, and
/// what its number box shows (`None`: the thumb's value).
type SliderParts = (
    f64,
    Signal<f64>,
    f64,
    Signal<f64>,
    Callback<f64>,
    Option<Signal<String>>,
);

/// The control of one global field: in the global list (`panel` None) or inline in a panel; and
/// the amplitude's, which the panels that offer it place (ids scoped by `panel` as the inline
/// controls' are).
pub fn field_control(field: Field, panel: Option<PanelId>) -> AnyView {
    scoped_field_control(
        field,
        panel.map_or(String::new(), |p| format!("-{}", p.anchor())),
    )
}

/// [`field_control`] with its ids and test ids ending in `scope` (`-rope`, `-lab-xpos`).
pub fn scoped_field_control(field: Field, scope: String) -> AnyView {
    let lesson = use_lesson();
    let params = lesson.params;
    let count =
        move |read: fn(&Params) -> usize| Signal::derive(move || read(&params.get()) as f64);
    let set = move |value: f64| lesson.set(field, value);
    let (min, max, step, value, on_value, read_out): SliderParts = match field {
        // d_model and length move over log2 of their value: each doubling gets the same room.
        Field::DModel | Field::Length => {
            let (unit, low, high, read): (usize, usize, usize, fn(&Params) -> usize) =
                if field == Field::DModel {
                    (2, D_MODEL_MIN, D_MODEL_MAX, |p| p.d_model)
                } else {
                    (1, LENGTH_MIN, LENGTH_MAX, |p| p.length)
                };
            (
                log2(low),
                Signal::stored(log2(high)),
                1.0 / 64.0,
                Signal::derive(move || log2(read(&params.get()))),
                Callback::new(move |v| {
                    let now = read(&params.get_untracked());
                    set(count_from_log_slider(v, now, unit, low, high) as f64)
                }),
                Some(Signal::derive(move || read(&params.get()).to_string())),
            )
        }
        Field::Pos => (
            0.0,
            count(|p| p.length - 1),
            1.0,
            count(|p| p.pos),
            Callback::new(set),
            None,
        ),
        Field::K => (
            0.0,
            count(Params::k_max),
            1.0,
            count(|p| p.k),
            Callback::new(set),
            None,
        ),
        // RoPE's query and key positions, as the lab embedded alone moves them.
        Field::RopeM | Field::RopeN => (
            0.0,
            count(|p| p.length - 1),
            1.0,
            if field == Field::RopeM {
                count(|p| p.rope_m)
            } else {
                count(|p| p.rope_n)
            },
            Callback::new(set),
            None,
        ),
        Field::Pair => (
            0.0,
            count(|p| p.pairs() - 1),
            1.0,
            count(|p| p.pair),
            Callback::new(set),
            None,
        ),
        // The base moves over log10(base), rounded to three significant digits.
        Field::Base => (
            base_to_slider(BASE_MIN),
            Signal::stored(base_to_slider(BASE_MAX)),
            0.01,
            Signal::derive(move || base_to_slider(params.get().base)),
            Callback::new(move |v| set(base_from_slider(v))),
            Some(Signal::derive(move || format!("{}", params.get().base))),
        ),
        // Two panels offer it (add versus concatenate, saturation); both move the one amplitude.
        Field::Amplitude => (
            0.0,
            Signal::stored(AMPLITUDE_MAX),
            0.05,
            Signal::derive(move || params.get().amplitude),
            Callback::new(set),
            None,
        ),
        Field::Layout => return view! { <LayoutSelect scope /> }.into_any(),
        // No global control: these are a panel's own choices, or the link's and the lesson's.
        Field::Dims
        | Field::Sentence
        | Field::Token
        | Field::Scale
        | Field::UnitInit
        | Field::Projections
        | Field::Lang
        | Field::OrderPair
        | Field::OrderPe
        | Field::NTrain
        | Field::Heads
        | Field::Head
        | Field::Words
        | Field::Step
        | Field::Lesson
        | Field::Steps
        | Field::Presenter
        | Field::Theme
        | Field::Hide
        | Field::Lock
        | Field::Embed => return ().into_any(),
    };
    view! { <Slider field scope min max step value on_value read_out /> }.into_any()
}

/// log2 through log10, which the page already carries (log2 would add its own 0.35 KB).
fn log2(n: usize) -> f64 {
    (n as f64).log10() / std::f64::consts::LOG10_2
}

/// One range slider with its label and live read-out. The accessible name is the label, which
/// starts with the lesson's symbol (d_model, pos, …) so tests and screen readers find it.
#[component]
fn Slider(
    field: Field,
    min: f64,
    max: Signal<f64>,
    step: f64,
    value: Signal<f64>,
    #[prop(into)] on_value: Callback<f64>,
    /// What the read-out shows; by default the value itself.
    #[prop(optional_no_strip)]
    read_out: Option<Signal<String>>,
    /// `-anchor` for a panel's inline copy (its ids and test ids), empty for the global one.
    #[prop(optional)]
    scope: String,
) -> impl IntoView {
    let lesson = use_lesson();
    let lang = lesson.lang;
    let symbol = field.symbol();
    let id = format!("ctl-{symbol}{scope}");
    let read_out = read_out.unwrap_or_else(|| Signal::derive(move || value.get().to_string()));
    let restriction = Restriction::of(field);
    // Pair i's label names its dimensions, (2i, 2i+1) or (i, d_model/2 + i): the layout's.
    let params = lesson.params;
    let held = Memo::new(move |_| lesson.chosen.with(|w| w.held(field)));
    // Why the last typed value was not used as typed.
    let typed = RwSignal::new(None::<String>);
    let note = Signal::derive(move || {
        let lang = lang.get();
        match (typed.get(), held.get()) {
            (Some(corrected), _) => corrected,
            (None, Some(wish)) => lang.t(Key::HeldValue).replace("{v}", &wish.to_string()),
            (None, None) => String::new(),
        }
    });
    let split = (field == Field::Pair)
        .then(|| Memo::new(move |_| params.with(|p| p.layout == Layout::SplitHalves)));
    let label = move || {
        if split.is_some_and(|s| s.get()) {
            Key::PairLabelSplit
        } else {
            field_label(field)
        }
    };
    // Moved into the finger's wrapper, which takes its input as children.
    let (range_id, range_testid) = (id.clone(), format!("slider-{symbol}{scope}"));
    view! {
        <div class="control" hidden=restriction.hidden() data-hide-as=restriction.hide_as()>
            <label for=id.clone() id=format!("{id}-label")>
                // No symbol (an empty span) for a field the formulas do not name.
                <span class="symbol">{field.formula_symbol()}</span>
                " "
                <span class="meaning">{move || lang.get().t(label())}</span>
            </label>
            <div class="control-row">
                // A finger drags it a step per few pixels (ui/finger.rs).
                <FingerTrack min=min max=max step=step on_value=move |v: f64| {
                    typed.set(None);
                    on_value.run(v);
                }>
                // min, max and step come before value: a browser clamps value to the range it
                // knows when value is set.
                <input
                    type="range"
                    id=range_id
                    disabled=restriction.disabled()
                    title=restriction.title()
                    data-testid=range_testid
                    min=min
                    max=move || max.get()
                    step=step
                    // The attribute gives the prerendered page its thumb; the property moves it.
                    value=value.get_untracked()
                    prop:value=move || value.get()
                    aria-valuetext=move || read_out.get()
                    on:input=move |ev| {
                        let v = event_target::<web_sys::HtmlInputElement>(&ev).value_as_number();
                        if v.is_finite() {
                            typed.set(None);
                            on_value.run(v);
                        }
                    }
                />
                </FingerTrack>
                // The read-out is a number box: type an exact value.
                <input
                    type="number"
                    class="exact"
                    disabled=restriction.disabled()
                    data-testid=format!("value-{symbol}{scope}")
                    aria-labelledby=format!("{id}-label")
                    step="any"
                    value=read_out.get_untracked()
                    prop:value=move || read_out.get()
                    on:change=move |ev| typed.set(type_value(lesson, field, &event_target_value(&ev)))
                />
            </div>
            // What the control holds back (a value another control pushed down) or what a typed
            // value became.
            <small class="held" role="status" data-testid=format!("held-{symbol}{scope}") hidden=move || note.with(String::is_empty)>
                {note}
            </small>
        </div>
    }
}

/// Takes a value typed into `field`'s number box as the URL's value would be taken (over the
/// current state: the same corrections), and says what was used instead when it was corrected
/// (`"301 → 302"`).
fn type_value(lesson: Lesson, field: Field, text: &str) -> Option<String> {
    let query = format!(
        "{}={}",
        field.symbol(),
        js_sys::encode_uri_component(text.trim())
    );
    let parsed = apply_query(lesson.params.get_untracked(), &query);
    let value = match field.param().kind {
        Kind::Count { get, .. } => get(&parsed.params) as f64,
        Kind::Decimal { get, .. } => get(&parsed.params),
        Kind::Switch { .. } | Kind::Text { .. } => return None,
    };
    lesson.set(field, value);
    let notice = parsed.notices.into_iter().next()?;
    Some(format!("{} → {}", notice.given, notice.used))
}

/// The layout select. The RoPE panel carries a second one; `name` keeps their ids apart.
/// `texts` are its label and its two options' texts (interleaved, split): by default the
/// sinusoidal table's; the RoPE panel names the dimension pairs it rotates instead.
#[component]
pub fn LayoutSelect(
    #[prop(default = "layout")] name: &'static str,
    #[prop(default = [Key::LayoutLabel, Key::LayoutInterleaved, Key::LayoutSplit])] texts: [Key; 3],
    /// `-anchor` for a panel's inline copy, as [`Slider`]'s.
    #[prop(optional)]
    scope: String,
) -> impl IntoView {
    let lesson = use_lesson();
    let id = format!("ctl-{name}{scope}");
    let restriction = Restriction::of(Field::Layout);
    view! {
        <div class="control" hidden=restriction.hidden() data-hide-as=restriction.hide_as()>
            <label for=id.clone()>
                <span class="meaning">{tr(texts[0])}</span>
            </label>
            <select
                id=id
                disabled=restriction.disabled()
                title=restriction.title()
                data-testid=format!("select-{name}{scope}")
                on:change=move |ev| {
                    let layout = match event_target_value(&ev).as_str() {
                        "interleaved" => Layout::Interleaved,
                        "split" => Layout::SplitHalves,
                        _ => return,
                    };
                    lesson.params.update(|p| p.layout = layout);
                }
            >
                <option
                    value="interleaved"
                    selected=move || lesson.params.get().layout == Layout::Interleaved
                >
                    {tr(texts[1])}
                </option>
                <option
                    value="split"
                    selected=move || lesson.params.get().layout == Layout::SplitHalves
                >
                    {tr(texts[2])}
                </option>
            </select>
        </div>
    }
}

/// A slider for a whole-number field that a panel carries itself (n_train, m, n, heads, head).
/// The field's value is read through `read`; its upper bound may follow other fields.
#[component]
pub fn PanelSlider(
    /// The field it moves (its label, its id, a teacher link's `hide=` and `lock=`).
    field: Field,
    /// The smallest value.
    min: usize,
    /// The largest value, which may follow other fields.
    #[prop(into)]
    max: Signal<f64>,
    /// Reads the field's value from the state.
    read: fn(&Params) -> usize,
) -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    view! {
        <Slider
            field=field
            min=min as f64
            max=max
            step=1.0
            value=Signal::derive(move || read(&params.get()) as f64)
            on_value=move |v: f64| lesson.set(field, v)
        />
    }
}

/// The demo-sentence select; the embedding and add-versus-concatenate panels both carry one,
/// moving the one `sentence` of the lesson.
#[component]
pub fn SentenceSelect(
    /// The select's `data-testid` (each panel's copy has its own).
    testid: &'static str,
) -> impl IntoView {
    view! {
        <ChoiceSelect
            testid=testid.to_string()
            field=Field::Sentence
            label=Key::SentenceLabel
            choices=&DEMO_SENTENCES
            read=|p| p.sentence_shown()
            write=|p, v| *p = p.with(Field::Sentence, v as f64)
        />
    }
}

/// A labelled select over fixed texts, reading and writing one number of the lesson. Every
/// such select is this one compiled component (the sentence and the real-data word pickers).
#[component]
pub fn ChoiceSelect(
    /// The select's `data-testid`.
    testid: String,
    /// The field it sets, for a teacher link's `hide=` and `lock=`.
    field: Field,
    /// What is chosen.
    label: Key,
    /// The options' texts, in the order of their numbers.
    choices: &'static [&'static str],
    /// Reads the chosen number from the state.
    read: fn(&Params) -> usize,
    /// Writes a newly chosen number into the state.
    write: fn(&mut Params, usize),
) -> impl IntoView {
    let params = use_lesson().params;
    let restriction = Restriction::of(field);
    view! {
        <label hidden=restriction.hidden() data-hide-as=restriction.hide_as()>
            {tr(label)}
            <select
                data-testid=testid
                disabled=restriction.disabled()
                title=restriction.title()
                on:change=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<usize>() {
                        params.update(|p| write(p, v));
                    }
                }
                prop:value=move || read(&params.get()).to_string()
            >
                {choices
                    .iter()
                    .enumerate()
                    .map(|(n, s)| view! { <option value=n.to_string()>{*s}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// A checkbox for one switch of the lesson (a `switch(..)` entry of the URL table), labelled
/// with the field's label and gated by a teacher link's `hide=` and `lock=`.
#[component]
pub fn SwitchBox(
    /// The switch it sets (its label, a teacher link's `hide=` and `lock=`).
    field: Field,
    /// The checkbox's `data-testid`.
    testid: &'static str,
    /// Reads the switch from the state.
    read: fn(&Params) -> bool,
) -> impl IntoView {
    let params = use_lesson().params;
    let restriction = Restriction::of(field);
    view! {
        <label hidden=restriction.hidden() data-hide-as=restriction.hide_as() class="check">
            <input
                type="checkbox"
                data-testid=testid
                disabled=restriction.disabled()
                title=restriction.title()
                checked=read(&params.get_untracked())
                prop:checked=move || read(&params.get())
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    params.update(|p| *p = p.with(field, if on { 1.0 } else { 0.0 }));
                }
            />
            {tr(field_label(field))}
        </label>
    }
}
