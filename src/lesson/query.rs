//! The only place that knows the query-string names: `Params` ⇄ `?d_model=…&length=…`.
//!
//! Every parameter is one entry of [`PARAMS`]: its name, the other names a link may use, and
//! its kind (with bounds, and how it is read from and written to the state). Parsing, notices,
//! `to_query`, the names a teacher link's `hide=`/`lock=` accept, and the controls' `with`
//! setter all follow from that table; the defaults are `Params::default()`, and the controls'
//! labels are `i18n::field_label`.
//!
//! Reading never fails and never panics. Unknown keys are ignored; each known key that had to be
//! changed yields one [`Notice`] naming the field, what was given and what is used instead.

use super::decimal::parse_decimal;
use super::lang::Lang;
use super::panels::{Embed, PanelId, PanelSet};
use super::params::{
    nearest_valid_d_model, round_to_hundredths, round_to_thousandths, Field, FieldSet, Params,
    Theme, WaveDims, MAX_EXTRA_DIMS,
};
use super::params::{
    AMPLITUDE_MAX, BASE_MAX, BASE_MIN, D_MODEL_MAX, D_MODEL_MIN, HEADS_MAX, LENGTH_MAX, LENGTH_MIN,
    N_TRAIN_MAX, N_TRAIN_MIN, ROPE_POS_MAX, STEP_COUNT,
};
use super::playlist::{PlanId, StepList};
use crate::encoding::{Layout, MINILM_TOKENS};

/// At most this many characters of a rejected value are echoed back in a notice, so that a
/// mangled link cannot fill the screen.
const ECHO_LIMIT: usize = 24;

/// Why a value from the URL was not used as given.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Not a number (or not a known word, for `layout`).
    Malformed,
    /// A number where a whole number is needed.
    NotWhole,
    /// d_model must be even.
    Odd,
    /// Below the field's minimum.
    TooSmall,
    /// Above the field's maximum.
    TooLarge,
    /// pos, k or i exceeded what another field allows (pos < length, pos + k < length,
    /// i < d_model / 2).
    BeyondDependent,
    /// More decimals than the field keeps (base: 3, amplitude: 2).
    Rounded,
    /// The key appeared more than once; the last one wins, as in `URLSearchParams.get` order
    /// reversed, so the value a person appended to a link is the one used.
    Repeated,
}

/// One correction made while reading the URL, for the dismissible notice in the UI.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub field: Field,
    pub reason: Reason,
    /// What the URL said, shortened to at most `ECHO_LIMIT` characters.
    pub given: String,
    /// What the app uses instead, formatted as it will appear in the URL.
    pub used: String,
}

impl std::fmt::Display for Notice {
    /// The English wording; the UI translates through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.reason {
            Reason::Malformed => "is not a valid value",
            Reason::NotWhole => "is not a whole number",
            Reason::Odd => "is odd",
            Reason::TooSmall => "is below the minimum",
            Reason::TooLarge => "is above the maximum",
            Reason::BeyondDependent => "is out of range for the other settings",
            Reason::Rounded => "has more decimals than kept",
            Reason::Repeated => "was given more than once",
        };
        write!(
            f,
            "{}={} {}; using {}",
            self.field.symbol(),
            self.given,
            why,
            self.used
        )
    }
}

/// The state read from a URL, and what had to be corrected to get it.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub params: Params,
    pub notices: Vec<Notice>,
    /// Whether the URL chose a language; if not, the app follows the browser's.
    pub lang_given: bool,
}

/// How one parameter is read from the URL and written back.
#[derive(Clone, Copy)]
pub enum Kind {
    /// A whole number in `min..=max` (bounds that depend on other fields, such as pos < length,
    /// are applied by `Params::clamped`).
    Count {
        min: usize,
        max: usize,
        get: fn(&Params) -> usize,
        set: fn(&mut Params, usize),
    },
    /// A decimal in `min..=max`, kept to the resolution `round` gives.
    Decimal {
        min: f64,
        max: f64,
        round: fn(f64) -> f64,
        get: fn(&Params) -> f64,
        set: fn(&mut Params, f64),
    },
    /// On or off: written `1` / `0`, read also as true/false, on/off, yes/no.
    Switch {
        get: fn(&Params) -> bool,
        set: fn(&mut Params, bool),
    },
    /// A word or a list, with its own reader (which sets the field when it can) and writer.
    Text {
        read: fn(&str, &mut Params) -> Option<Reason>,
        write: fn(&Params) -> String,
    },
}

/// One URL parameter.
#[derive(Clone, Copy)]
pub struct Param {
    pub field: Field,
    /// The name written in links, and the lesson's symbol in the controls.
    pub name: &'static str,
    /// Other names a hand-written link may use.
    pub aliases: &'static [&'static str],
    pub kind: Kind,
}

/// Every parameter, in the order of [`Field::ALL`] (a test checks it), which is the order a
/// link lists them in.
pub const PARAMS: [Param; 31] = [
    count(
        Field::DModel,
        "d_model",
        &["d"],
        D_MODEL_MIN,
        D_MODEL_MAX,
        |p| p.d_model,
        |p, v| p.d_model = v,
    ),
    count(
        Field::Length,
        "length",
        &["len"],
        LENGTH_MIN,
        LENGTH_MAX,
        |p| p.length,
        |p, v| p.length = v,
    ),
    count(
        Field::Pos,
        "pos",
        &[],
        0,
        LENGTH_MAX,
        |p| p.pos,
        |p, v| p.pos = v,
    ),
    count(Field::K, "k", &[], 0, LENGTH_MAX, |p| p.k, |p, v| p.k = v),
    count(
        Field::Pair,
        "i",
        &["pair"],
        0,
        D_MODEL_MAX,
        |p| p.pair,
        |p, v| p.pair = v,
    ),
    Param {
        field: Field::Base,
        name: "base",
        aliases: &[],
        kind: Kind::Decimal {
            min: BASE_MIN,
            max: BASE_MAX,
            round: round_to_thousandths,
            get: |p| p.base,
            set: |p, v| p.base = v,
        },
    },
    text(Field::Layout, "layout", &[], read_layout, |p| {
        match p.layout {
            Layout::Interleaved => "interleaved",
            Layout::SplitHalves => "split",
        }
        .to_string()
    }),
    text(Field::Dims, "dims", &[], read_dims, write_dims),
    count(
        Field::Sentence,
        "sentence",
        &[],
        0,
        LENGTH_MAX,
        |p| p.sentence,
        |p, v| p.sentence = v,
    ),
    count(
        Field::Token,
        "t",
        &["token"],
        0,
        LENGTH_MAX,
        |p| p.token,
        |p, v| p.token = v,
    ),
    switch(
        Field::Scale,
        "scale",
        |p| p.scale_embedding,
        |p, on| p.scale_embedding = on,
    ),
    switch(
        Field::UnitInit,
        "unit_init",
        |p| p.unit_init,
        |p, on| p.unit_init = on,
    ),
    Param {
        field: Field::Amplitude,
        name: "amp",
        aliases: &["amplitude"],
        kind: Kind::Decimal {
            min: 0.0,
            max: AMPLITUDE_MAX,
            round: round_to_hundredths,
            get: |p| p.amplitude,
            set: |p, v| p.amplitude = v,
        },
    },
    switch(
        Field::Projections,
        "proj",
        |p| p.projections,
        |p, on| p.projections = on,
    ),
    text(Field::Lang, "lang", &[], read_lang, |p| {
        p.lang.code().to_string()
    }),
    count(
        Field::OrderPair,
        "order",
        &[],
        0,
        LENGTH_MAX,
        Params::order_pair_shown,
        |p, v| p.order_pair = Some(v),
    ),
    switch(
        Field::OrderPe,
        "order_pe",
        |p| p.order_pe,
        |p, on| p.order_pe = on,
    ),
    count(
        Field::NTrain,
        "n_train",
        &[],
        N_TRAIN_MIN,
        N_TRAIN_MAX,
        |p| p.n_train,
        |p, v| p.n_train = v,
    ),
    count(
        Field::RopeM,
        "m",
        &[],
        0,
        ROPE_POS_MAX,
        |p| p.rope_m,
        |p, v| p.rope_m = v,
    ),
    count(
        Field::RopeN,
        "n",
        &[],
        0,
        ROPE_POS_MAX,
        |p| p.rope_n,
        |p, v| p.rope_n = v,
    ),
    count(
        Field::Heads,
        "heads",
        &[],
        1,
        HEADS_MAX,
        |p| p.heads,
        |p, v| p.heads = v,
    ),
    // The head's upper bound is `heads`; clamped() applies it.
    count(
        Field::Head,
        "head",
        &[],
        1,
        HEADS_MAX,
        |p| p.head,
        |p, v| p.head = v,
    ),
    text(Field::Words, "words", &[], read_words, |p| {
        p.words
            .map(|w| MINILM_TOKENS[w.min(MINILM_TOKENS.len() - 1)])
            .join(",")
    }),
    count(
        Field::Step,
        "step",
        &[],
        0,
        STEP_COUNT,
        |p| p.step,
        |p, v| p.step = v,
    ),
    text(Field::Lesson, "lesson", &["plan"], read_plan, |p| {
        p.plan.map_or("none", PlanId::code).to_string()
    }),
    text(Field::Steps, "steps", &[], read_steps, |p| {
        if p.steps.is_empty() {
            "none".to_string()
        } else {
            p.steps.to_text()
        }
    }),
    switch(
        Field::Presenter,
        "presenter",
        |p| p.presenter,
        |p, on| p.presenter = on,
    ),
    text(Field::Theme, "theme", &[], read_theme, |p| {
        p.theme.code().to_string()
    }),
    text(Field::Hide, "hide", &[], read_hidden, |p| {
        let names: Vec<&str> = (p.hidden.fields().map(Field::symbol))
            .chain(p.hidden_panels.panels().map(PanelId::anchor))
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(",")
        }
    }),
    text(
        Field::Lock,
        "lock",
        &[],
        |text, p| read_field_set(text, &mut p.locked),
        |p| field_list(p.locked),
    ),
    text(Field::Embed, "embed", &[], read_embed, |p| {
        p.embed.map_or("none", Embed::anchor).to_string()
    }),
];

/// A [`Kind::Count`] entry.
#[allow(clippy::too_many_arguments)]
const fn count(
    field: Field,
    name: &'static str,
    aliases: &'static [&'static str],
    min: usize,
    max: usize,
    get: fn(&Params) -> usize,
    set: fn(&mut Params, usize),
) -> Param {
    Param {
        field,
        name,
        aliases,
        kind: Kind::Count { min, max, get, set },
    }
}

/// A [`Kind::Switch`] entry.
const fn switch(
    field: Field,
    name: &'static str,
    get: fn(&Params) -> bool,
    set: fn(&mut Params, bool),
) -> Param {
    Param {
        field,
        name,
        aliases: &[],
        kind: Kind::Switch { get, set },
    }
}

/// A [`Kind::Text`] entry.
const fn text(
    field: Field,
    name: &'static str,
    aliases: &'static [&'static str],
    read: fn(&str, &mut Params) -> Option<Reason>,
    write: fn(&Params) -> String,
) -> Param {
    Param {
        field,
        name,
        aliases,
        kind: Kind::Text { read, write },
    }
}

impl Field {
    /// The field's entry in [`PARAMS`].
    pub fn param(self) -> &'static Param {
        &PARAMS[self as usize]
    }

    /// The symbol used in the lesson's formulas, in the UI and as the query-string key.
    pub fn symbol(self) -> &'static str {
        self.param().name
    }

    /// The field a URL key (a name or an alias) stands for.
    pub fn from_key(key: &str) -> Option<Field> {
        PARAMS
            .iter()
            .find(|p| p.name == key || p.aliases.contains(&key))
            .map(|p| p.field)
    }
}

impl Params {
    /// Sets one numeric field from a control and returns the nearest valid state. Switches take
    /// 0 for off; fields that are words or lists are not set this way.
    ///
    /// The slider for `base` works on log10(base); it passes the base itself here.
    ///
    /// ```
    /// use pe_explorer::lesson::{Field, Params};
    /// let p = Params::default().with(Field::Length, 5.0);
    /// assert_eq!((p.length, p.pos, p.k), (5, 4, 0));
    /// ```
    pub fn with(self, field: Field, value: f64) -> Params {
        let mut next = self;
        match field.param().kind {
            Kind::Count { set, .. } => {
                let count = if value.is_nan() || value <= 0.0 {
                    0
                } else if value >= usize::MAX as f64 {
                    usize::MAX
                } else {
                    value.round() as usize
                };
                set(&mut next, count);
            }
            Kind::Decimal { set, .. } => set(&mut next, value),
            Kind::Switch { set, .. } => set(&mut next, value != 0.0),
            Kind::Text { .. } => {}
        }
        next.clamped()
    }
}

/// The fields whose upper bound follows another field (pos and m, n by length; k by pos and
/// length; i by d_model; head by heads), in the order their bounds depend on each other.
const BOUNDED: [Field; 6] = [
    Field::Pos,
    Field::K,
    Field::Pair,
    Field::RopeM,
    Field::RopeN,
    Field::Head,
];

/// What the reader last chose for each bounded field, so that a value another control pushed
/// down comes back when that control lets it: k = 3, pos moved to the end (k becomes 0) and back
/// gives k = 3 again. Each wish is kept with the value shown after it; once the field is changed
/// some other way (a link, a lesson step), the wish is forgotten.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wishes([Option<(usize, usize)>; 6]);

impl Wishes {
    /// The state after the control of `moved` took `state.with(moved, value)`: every other
    /// bounded field goes back up towards its wish, as far as its bound now allows.
    ///
    /// ```
    /// use pe_explorer::lesson::{query::Wishes, Field, Params};
    /// let mut wishes = Wishes::default();
    /// let p = wishes.set(Params::default(), Field::K, 3.0);
    /// let p = wishes.set(p, Field::Pos, 99.0);
    /// assert_eq!((p.pos, p.k, wishes.held(Field::K)), (99, 0, Some(3)));
    /// let p = wishes.set(p, Field::Pos, 10.0);
    /// assert_eq!((p.k, wishes.held(Field::K)), (3, None));
    /// ```
    pub fn set(&mut self, state: Params, moved: Field, value: f64) -> Params {
        let mut next = state.with(moved, value);
        for (slot, field) in self.0.iter_mut().zip(BOUNDED) {
            let Kind::Count { get, .. } = field.param().kind else {
                continue;
            };
            let wish = match *slot {
                _ if field == moved => get(&next),
                Some((wish, shown)) if shown == get(&state) => wish,
                _ => get(&state),
            };
            next = next.with(field, wish as f64);
            *slot = Some((wish, get(&next)));
        }
        next
    }

    /// The value chosen for `field` when its bound now holds it lower: what the control says
    /// it will go back to.
    pub fn held(&self, field: Field) -> Option<usize> {
        let at = BOUNDED.iter().position(|f| *f == field)?;
        self.0[at].and_then(|(wish, shown)| (wish != shown).then_some(wish))
    }
}

/// Reads one parameter's text into `params`; `Some` says why it was not used as given.
fn read_param(field: Field, text: &str, params: &mut Params) -> Option<Reason> {
    match field.param().kind {
        Kind::Count { min, max, set, .. } => {
            let (reason, n) = read_count(field, (min, max), text);
            if let Some(n) = n {
                set(params, n);
            }
            reason
        }
        Kind::Decimal {
            min,
            max,
            round,
            set,
            ..
        } => {
            let (reason, value) = read_float(text, (min, max), round);
            if let Some(value) = value {
                set(params, value);
            }
            reason
        }
        Kind::Switch { set, .. } => {
            let on = read_switch(text);
            if let Some(on) = on {
                set(params, on);
            }
            on.is_none().then_some(Reason::Malformed)
        }
        Kind::Text { read, .. } => read(text, params),
    }
}

/// The value of `field` as it appears in the URL.
pub fn field_value(params: &Params, field: Field) -> String {
    match field.param().kind {
        Kind::Count { get, .. } => get(params).to_string(),
        // Shortest text that reads back as the same f64.
        Kind::Decimal { get, .. } => format!("{}", get(params)),
        Kind::Switch { get, .. } => if get(params) { "1" } else { "0" }.to_string(),
        Kind::Text { write, .. } => write(params),
    }
}

/// Reads the lesson state from a query string (with or without the leading `?`).
///
/// ```
/// use pe_explorer::lesson::query::from_query;
/// let parsed = from_query("?d_model=7&pos=NaN&k=1e99");
/// assert_eq!(parsed.params.d_model, 8);
/// assert_eq!(parsed.notices[0].to_string(), "d_model=7 is odd; using 8");
/// ```
pub fn from_query(query: &str) -> Parsed {
    apply_query(Params::default(), query)
}

/// `base` with the values a query string gives (with or without the leading `?`), and what had
/// to be corrected. A link is this over the defaults; a lesson step's before and after states
/// (`assets/lesson.txt`) are this over the state they start from.
///
/// ```
/// use pe_explorer::lesson::{query::apply_query, Params};
/// let base = Params { d_model: 64, ..Params::default() };
/// let parsed = apply_query(base, "k=6");
/// assert_eq!((parsed.params.d_model, parsed.params.k), (64, 6));
/// ```
pub fn apply_query(base: Params, query: &str) -> Parsed {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut raw: Vec<(Field, String)> = Vec::new();
    let mut notices = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let Some(field) = Field::from_key(&key) else {
            continue;
        };
        if let Some(slot) = raw.iter_mut().find(|(f, _)| *f == field) {
            notices.push(Notice {
                field,
                reason: Reason::Repeated,
                given: shorten(&slot.1),
                used: String::new(),
            });
            slot.1 = value.into_owned();
        } else {
            raw.push((field, value.into_owned()));
        }
    }

    let mut wanted = base;
    // Why each value given was not used as given (before dependent clamping).
    let asked: Vec<(Field, &str, Option<Reason>)> = raw
        .iter()
        .map(|(field, text)| (*field, text.as_str(), read_param(*field, text, &mut wanted)))
        .collect();

    let params = wanted.clamped();
    for (field, text, reason) in asked {
        let reason = reason.or_else(|| {
            (field_value(&wanted, field) != field_value(&params, field))
                .then_some(Reason::BeyondDependent)
        });
        if let Some(reason) = reason {
            notices.push(Notice {
                field,
                reason,
                given: shorten(text),
                used: field_value(&params, field),
            });
        }
    }
    for notice in &mut notices {
        if notice.reason == Reason::Repeated {
            notice.used = field_value(&params, notice.field);
        }
    }
    let lang_given = raw.iter().any(|(f, _)| *f == Field::Lang);
    Parsed {
        params,
        notices,
        lang_given,
    }
}

/// Writes the lesson state as a short query string, without the leading `?`: only the values
/// that differ from the defaults, and always the language (a link without it follows the
/// reader's browser).
///
/// ```
/// use pe_explorer::lesson::{query::to_query, Params};
/// assert_eq!(to_query(&Params::default()), "lang=en");
/// let p = Params { d_model: 64, pos: 12, ..Params::default() };
/// assert_eq!(to_query(&p), "d_model=64&pos=12&lang=en");
/// ```
pub fn to_query(params: &Params) -> String {
    // The language is always written, so a value that follows it (the word-order pair) is
    // implied by it.
    let implied = Params {
        lang: params.lang,
        ..Params::default()
    };
    let mut out = form_urlencoded::Serializer::new(String::new());
    for field in Field::ALL {
        let value = field_value(params, field);
        if field == Field::Lang || value != field_value(&implied, field) {
            out.append_pair(field.symbol(), &value);
        }
    }
    out.finish()
}

/// The link a class opens: the view on screen (language, hidden and locked controls kept),
/// without the teacher's presenter view, theme and lesson step.
///
/// ```
/// use pe_explorer::lesson::{query::student_query, Params, Theme};
/// let teacher = Params { k: 6, step: 7, presenter: true, theme: Theme::Dark, ..Params::default() };
/// assert_eq!(student_query(&teacher), "k=6&lang=en");
/// ```
pub fn student_query(params: &Params) -> String {
    to_query(&Params {
        step: 0,
        presenter: false,
        theme: Theme::Auto,
        ..*params
    })
}

/// Reads `hide=` or `lock=` into `set`: field names (symbols or their aliases) separated by
/// commas, or `none`. Names that are not a control's are dropped, with one notice for the whole
/// value.
fn read_field_set(text: &str, set: &mut FieldSet) -> Option<Reason> {
    *set = FieldSet::default();
    if text.trim().eq_ignore_ascii_case("none") {
        return None;
    }
    let mut reason = None;
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match Field::from_key(name).filter(|f| FieldSet::can_hold(*f)) {
            Some(field) => *set = set.with(field),
            None => reason = Some(Reason::Malformed),
        }
    }
    reason
}

/// Reads `embed=`: a panel's or a lab's anchor.
fn read_embed(text: &str, params: &mut Params) -> Option<Reason> {
    params.embed = Embed::from_anchor(text);
    (params.embed.is_none() && !text.trim().eq_ignore_ascii_case("none"))
        .then_some(Reason::Malformed)
}

/// Reads `lesson=`: a plan's id (`PlanId::code`).
fn read_plan(text: &str, params: &mut Params) -> Option<Reason> {
    params.plan = PlanId::from_code(text);
    (params.plan.is_none() && !text.trim().eq_ignore_ascii_case("none"))
        .then_some(Reason::Malformed)
}

/// Reads `steps=`: lesson steps separated by commas, each once. What is not a step (a word, 0,
/// a number past the last step, a repeat) is dropped, with one notice for the whole value.
fn read_steps(text: &str, params: &mut Params) -> Option<Reason> {
    if text.trim().eq_ignore_ascii_case("none") {
        params.steps = StepList::default();
        return None;
    }
    let given: Vec<Option<usize>> = text
        .split(',')
        .map(|s| s.trim().parse::<usize>().ok())
        .collect();
    let numbers: Vec<usize> = given.iter().flatten().copied().collect();
    params.steps = StepList::new(&numbers);
    if given.iter().any(Option::is_none) {
        Some(Reason::Malformed)
    } else if numbers.iter().any(|&n| n > STEP_COUNT) {
        Some(Reason::TooLarge)
    } else if numbers.contains(&0) {
        Some(Reason::TooSmall)
    } else if params.steps.steps().len() < numbers.len() {
        Some(Reason::Repeated)
    } else {
        None
    }
}

/// Reads `hide=`: controls (as `read_field_set`) and panels, by their anchors.
fn read_hidden(text: &str, params: &mut Params) -> Option<Reason> {
    params.hidden_panels = PanelSet::default();
    let mut controls = Vec::new();
    for name in text.split(',').map(str::trim) {
        match PanelSet::panel(name) {
            Some(panel) => params.hidden_panels = params.hidden_panels.with(panel),
            None => controls.push(name),
        }
    }
    read_field_set(&controls.join(","), &mut params.hidden)
}

/// The names `hide=` and `lock=` accept: every control's, then (for `hide=`) every panel's
/// anchor, for the notice that says a name was not one of them.
pub fn valid_names(field: Field) -> String {
    let controls = Field::ALL
        .into_iter()
        .filter(|f| FieldSet::can_hold(*f))
        .map(Field::symbol);
    let panels = PanelId::ALL
        .into_iter()
        .filter(|_| field == Field::Hide)
        .map(PanelId::anchor);
    controls.chain(panels).collect::<Vec<_>>().join(", ")
}

/// Reads a whole-number field: the number to use (before dependent clamping) and why it differs
/// from the text, if it does. `None` means "use the default".
fn read_count(
    field: Field,
    (min, max): (usize, usize),
    text: &str,
) -> (Option<Reason>, Option<usize>) {
    let Some(number) = parse_decimal(text.trim()) else {
        return (Some(Reason::Malformed), None);
    };
    if number.is_nan() {
        return (Some(Reason::Malformed), None);
    }
    if number < min as f64 {
        return (Some(Reason::TooSmall), Some(min));
    }
    if number > max as f64 {
        return (Some(Reason::TooLarge), Some(max));
    }
    let whole = number.round() as usize;
    if number.fract() != 0.0 {
        let whole = if field == Field::DModel {
            nearest_valid_d_model(whole)
        } else {
            whole
        };
        return (Some(Reason::NotWhole), Some(whole));
    }
    if field == Field::DModel && whole % 2 == 1 {
        return (Some(Reason::Odd), Some(nearest_valid_d_model(whole)));
    }
    (None, Some(whole))
}

/// Puts a word's meaning in `slot`; a word that names nothing is malformed (the slot keeps its
/// default).
fn set_word<T>(slot: &mut T, meaning: Option<T>) -> Option<Reason> {
    match meaning {
        Some(value) => {
            *slot = value;
            None
        }
        None => Some(Reason::Malformed),
    }
}

fn read_layout(text: &str, params: &mut Params) -> Option<Reason> {
    let layout = match text.trim().to_ascii_lowercase().as_str() {
        "interleaved" => Some(Layout::Interleaved),
        "split" => Some(Layout::SplitHalves),
        _ => None,
    };
    set_word(&mut params.layout, layout)
}

fn read_lang(text: &str, params: &mut Params) -> Option<Reason> {
    set_word(&mut params.lang, Lang::from_tag(text.trim()))
}

fn read_theme(text: &str, params: &mut Params) -> Option<Reason> {
    set_word(&mut params.theme, Theme::from_code(text))
}

fn write_dims(params: &Params) -> String {
    match params.dims {
        WaveDims::Auto => "auto".to_string(),
        WaveDims::Custom { len: 0, .. } => "none".to_string(),
        custom => custom
            .extra(params.d_model)
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// A set of fields as the URL writes it: their symbols, comma-separated, or `none`.
fn field_list(set: FieldSet) -> String {
    if set.is_empty() {
        return "none".to_string();
    }
    set.fields()
        .map(Field::symbol)
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a real-valued field; in range, the value is rounded to the field's resolution by
/// `round` (and the notice says so when that changed it).
fn read_float(
    text: &str,
    (min, max): (f64, f64),
    round: fn(f64) -> f64,
) -> (Option<Reason>, Option<f64>) {
    match parse_decimal(text.trim()) {
        Some(v) if v.is_nan() => (Some(Reason::Malformed), None),
        Some(v) if v < min => (Some(Reason::TooSmall), Some(min)),
        Some(v) if v > max => (Some(Reason::TooLarge), Some(max)),
        Some(v) => {
            let kept = round(v);
            ((kept != v).then_some(Reason::Rounded), Some(kept))
        }
        None => (Some(Reason::Malformed), None),
    }
}

fn read_switch(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "on" | "yes" => Some(true),
        "0" | "false" | "off" | "no" => Some(false),
        _ => None,
    }
}

/// `auto`, `none`, or up to `MAX_EXTRA_DIMS` comma-separated dimensions. Entries that
/// are not whole numbers are dropped with a notice; range is checked against d_model later.
/// Reads `words=king,queen,apple`: three tokens of the shipped vocabulary, any case. A word
/// that is not there, or a list of another length, keeps the defaults where it does not fit.
fn read_words(text: &str, params: &mut Params) -> Option<Reason> {
    let mut words = Params::default().words;
    let given: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut reason = (given.len() != 3).then_some(Reason::Malformed);
    for (slot, word) in words.iter_mut().zip(&given) {
        let lower = word.to_ascii_lowercase();
        match MINILM_TOKENS.iter().position(|t| *t == lower) {
            Some(row) => *slot = row,
            None => reason = Some(Reason::Malformed),
        }
    }
    params.words = words;
    reason
}

fn read_dims(text: &str, params: &mut Params) -> Option<Reason> {
    let (reason, dims) = dims_from_text(text);
    params.dims = dims;
    reason
}

fn dims_from_text(text: &str) -> (Option<Reason>, WaveDims) {
    let text = text.trim();
    if text.eq_ignore_ascii_case("auto") {
        return (None, WaveDims::Auto);
    }
    if text.eq_ignore_ascii_case("none") {
        return (None, WaveDims::custom(&[]));
    }
    let mut dims = Vec::new();
    let mut reason = None;
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match item.parse::<usize>() {
            Ok(d) if d <= D_MODEL_MAX => dims.push(d),
            Ok(_) => reason = Some(Reason::TooLarge),
            Err(_) => reason = Some(Reason::Malformed),
        }
    }
    if dims.is_empty() && reason.is_some() {
        // Nothing usable: the default, not an empty list.
        return (reason, WaveDims::Auto);
    }
    let custom = WaveDims::custom(&dims);
    let kept = custom.extra(D_MODEL_MAX).len();
    if kept < dims.len() {
        // Distinct values, without sorting (the list has at most a few entries).
        let distinct = dims
            .iter()
            .enumerate()
            .filter(|(at, d)| !dims[..*at].contains(d))
            .count();
        let why = if distinct > MAX_EXTRA_DIMS {
            Reason::TooLarge
        } else {
            Reason::Repeated
        };
        reason = reason.or(Some(why));
    }
    (reason, custom)
}

fn shorten(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_LIMIT).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(query: &str) -> Vec<(Field, Reason, String)> {
        from_query(query)
            .notices
            .into_iter()
            .map(|n| (n.field, n.reason, n.used))
            .collect()
    }

    #[test]
    fn the_table_lists_every_field_in_order_with_unique_names() {
        for (n, field) in Field::ALL.into_iter().enumerate() {
            // `Field::param` and `FieldSet` use the variant's position: the orders agree.
            assert_eq!(field as usize, n);
            assert_eq!(PARAMS[n].field, field);
            assert_eq!(Field::from_key(field.symbol()), Some(field));
            for alias in PARAMS[n].aliases {
                assert_eq!(Field::from_key(alias), Some(field));
            }
        }
    }

    #[test]
    fn links_carry_only_what_differs_from_the_defaults() {
        assert_eq!(to_query(&Params::default()), "lang=en");
        let step7 = Params {
            k: 6,
            step: 7,
            ..Params::default()
        };
        assert_eq!(to_query(&step7), "k=6&lang=en&step=7");
        assert_eq!(from_query(&to_query(&step7)).params, step7);
    }

    #[test]
    fn empty_query_gives_defaults_without_notices() {
        assert_eq!(from_query("").params, Params::default());
        assert!(from_query("?").notices.is_empty());
    }

    #[test]
    fn words_are_read_by_name_in_any_case_and_unknown_ones_are_named() {
        let parsed = from_query("words=Queen,prince,%E7%8E%8B");
        assert_eq!(parsed.params.words, [11, 12, 54]);
        assert!(parsed.notices.is_empty());
        assert_eq!(
            reasons("words=king,zebra,banana"),
            vec![(Field::Words, Reason::Malformed, "king,queen,banana".into())]
        );
        assert_eq!(
            reasons("words=king"),
            vec![(Field::Words, Reason::Malformed, "king,queen,apple".into())]
        );
    }

    #[test]
    fn default_round_trips_without_notices() {
        let parsed = from_query(&to_query(&Params::default()));
        assert_eq!(parsed.params, Params::default());
        assert!(parsed.notices.is_empty());
    }

    #[test]
    fn hostile_values_from_the_issue_are_clamped_and_named() {
        let parsed = from_query("?d_model=-3&pos=NaN&k=1e99");
        assert!(parsed.params.is_valid());
        assert_eq!(parsed.params.d_model, 2);
        assert_eq!(parsed.params.pos, 10);
        assert_eq!(parsed.params.k, 89);
        let fields: Vec<Field> = parsed.notices.iter().map(|n| n.field).collect();
        assert_eq!(fields, vec![Field::DModel, Field::Pos, Field::K]);
        assert_eq!(
            parsed.notices[0].to_string(),
            "d_model=-3 is below the minimum; using 2"
        );
        assert_eq!(
            parsed.notices[1].to_string(),
            "pos=NaN is not a valid value; using 10"
        );
    }

    #[test]
    fn odd_d_model_is_named_with_its_replacement() {
        assert_eq!(
            from_query("d_model=7").notices[0].to_string(),
            "d_model=7 is odd; using 8"
        );
    }

    #[test]
    fn dependent_fields_report_the_final_value() {
        assert_eq!(
            reasons("length=20&pos=50&i=99&d_model=8"),
            vec![
                (Field::Pos, Reason::BeyondDependent, "19".into()),
                (Field::Pair, Reason::BeyondDependent, "3".into()),
            ]
        );
        // k is clamped silently only when it was not in the URL.
        assert_eq!(from_query("length=20&pos=50").params.k, 0);
    }

    #[test]
    fn unknown_keys_are_ignored() {
        let parsed = from_query("utm_source=chat&foo&=&&&d_model=64");
        assert_eq!(parsed.params.d_model, 64);
        assert!(parsed.notices.is_empty());
    }

    #[test]
    fn repeated_key_uses_the_last_and_says_so() {
        let parsed = from_query("pos=3&pos=4");
        assert_eq!(parsed.params.pos, 4);
        assert_eq!(parsed.notices.len(), 1);
        assert_eq!(parsed.notices[0].reason, Reason::Repeated);
        assert_eq!(parsed.notices[0].used, "4");
    }

    #[test]
    fn percent_encoding_and_plus_are_decoded() {
        let parsed = from_query("d_model=%36%34&layout=%20split+");
        assert_eq!(parsed.params.d_model, 64);
        assert_eq!(parsed.params.layout, Layout::SplitHalves);
        assert!(parsed.notices.is_empty());
    }

    #[test]
    fn fractional_counts_are_rounded_with_a_notice() {
        assert_eq!(
            reasons("pos=2.6&d_model=63.2"),
            vec![
                (Field::Pos, Reason::NotWhole, "3".into()),
                (Field::DModel, Reason::NotWhole, "64".into()),
            ]
        );
    }

    #[test]
    fn base_out_of_range_and_infinite_are_clamped() {
        assert_eq!(from_query("base=1").params.base, BASE_MIN);
        assert_eq!(from_query("base=inf").params.base, BASE_MAX);
        assert_eq!(from_query("base=-inf").params.base, BASE_MIN);
        assert_eq!(from_query("base=nan").params.base, 10_000.0);
        assert_eq!(from_query("base=12345.5").params.base, 12_345.5);
    }

    #[test]
    fn long_values_are_shortened_in_notices() {
        let long = "9".repeat(5000);
        let parsed = from_query(&format!("pos={long}"));
        assert!(parsed.notices[0].given.chars().count() <= ECHO_LIMIT + 1);
    }
}
