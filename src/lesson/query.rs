//! The only place that knows the query-string names: `Params` ⇄ `?d_model=…&length=…`.
//!
//! Every parameter is one entry of [`Field::param`]: its name, the other names a link may use, and
//! its kind (with bounds, and how it is read from and written to the state). Parsing, notices,
//! `to_query`, the names a teacher link's `hide=`/`lock=` accept, and the controls' `with`
//! setter all follow from that table; the defaults are `Params::default()`, and the controls'
//! labels are `i18n::field_label`.
//!
//! Reading never fails and never panics. Unknown keys are ignored; each known key that had to be
//! changed yields one [`Notice`] naming the field, what was given and what is used instead.

use super::decimal::parse_decimal;
use super::embed::Embed;
use super::lang::Lang;
use super::panels::{PanelId, PanelSet};
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

mod read;

use read::{
    field_list, read_dims, read_embed, read_field_set, read_hidden, read_lang, read_layout,
    read_param, read_plan, read_steps, read_theme, read_words, shorten, write_dims,
};
pub use read::{field_value, names_for, valid_names};

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
    /// The name written in links, and the lesson's symbol in the controls.
    pub name: &'static str,
    /// Other names a hand-written link may use.
    pub aliases: &'static [&'static str],
    pub kind: Kind,
}

/// The fields whose link name is a word, not a symbol of the formulas: the symbol the formulas
/// write instead ([L, d_model], a·PE, N_train), or none.
const WORD_NAMED: [(Field, &str); 6] = [
    (Field::Length, "L"),
    (Field::Amplitude, "a"),
    (Field::NTrain, "N_train"),
    (Field::Layout, ""),
    (Field::Heads, ""),
    (Field::Head, ""),
];

impl Field {
    /// The field's entry: its name in links, the other names a link may use, and its kind. An
    /// exhaustive match, so the compiler asks for a new field's entry and no list of entries is
    /// tied to [`Field::ALL`] by position.
    pub fn param(self) -> &'static Param {
        match self {
            Field::DModel => {
                &const {
                    count(
                        "d_model",
                        &["d"],
                        D_MODEL_MIN,
                        D_MODEL_MAX,
                        |p| p.d_model,
                        |p, v| p.d_model = v,
                    )
                }
            }
            Field::Length => {
                &const {
                    count(
                        "length",
                        &["len"],
                        LENGTH_MIN,
                        LENGTH_MAX,
                        |p| p.length,
                        |p, v| p.length = v,
                    )
                }
            }
            Field::Pos => &const { count("pos", &[], 0, LENGTH_MAX, |p| p.pos, |p, v| p.pos = v) },
            Field::K => &const { count("k", &[], 0, LENGTH_MAX, |p| p.k, |p, v| p.k = v) },
            Field::Pair => {
                &const {
                    count(
                        "i",
                        &["pair"],
                        0,
                        D_MODEL_MAX,
                        |p| p.pair,
                        |p, v| p.pair = v,
                    )
                }
            }
            Field::Base => {
                &const {
                    Param {
                        name: "base",
                        aliases: &[],
                        kind: Kind::Decimal {
                            min: BASE_MIN,
                            max: BASE_MAX,
                            round: round_to_thousandths,
                            get: |p| p.base,
                            set: |p, v| p.base = v,
                        },
                    }
                }
            }
            Field::Layout => {
                &const {
                    text("layout", &[], read_layout, |p| {
                        match p.layout {
                            Layout::Interleaved => "interleaved",
                            Layout::SplitHalves => "split",
                        }
                        .to_string()
                    })
                }
            }
            Field::Dims => &const { text("dims", &[], read_dims, write_dims) },
            Field::Sentence => {
                &const {
                    count(
                        "sentence",
                        &[],
                        0,
                        LENGTH_MAX,
                        Params::sentence_shown,
                        |p, v| p.sentence = Some(v),
                    )
                }
            }
            Field::Token => {
                &const {
                    count(
                        "t",
                        &["token"],
                        0,
                        LENGTH_MAX,
                        |p| p.token,
                        |p, v| p.token = v,
                    )
                }
            }
            Field::Scale => {
                &const {
                    switch(
                        "scale",
                        |p| p.scale_embedding,
                        |p, on| p.scale_embedding = on,
                    )
                }
            }
            Field::UnitInit => {
                &const { switch("unit_init", |p| p.unit_init, |p, on| p.unit_init = on) }
            }
            Field::Amplitude => {
                &const {
                    Param {
                        name: "amp",
                        aliases: &["amplitude"],
                        kind: Kind::Decimal {
                            min: 0.0,
                            max: AMPLITUDE_MAX,
                            round: round_to_hundredths,
                            get: |p| p.amplitude,
                            set: |p, v| p.amplitude = v,
                        },
                    }
                }
            }
            Field::Projections => {
                &const { switch("proj", |p| p.projections, |p, on| p.projections = on) }
            }
            Field::Lang => &const { text("lang", &[], read_lang, |p| p.lang.code().to_string()) },
            Field::OrderPair => {
                &const {
                    count(
                        "order",
                        &[],
                        0,
                        LENGTH_MAX,
                        Params::order_pair_shown,
                        |p, v| p.order_pair = Some(v),
                    )
                }
            }
            Field::OrderPe => {
                &const { switch("order_pe", |p| p.order_pe, |p, on| p.order_pe = on) }
            }
            Field::NTrain => {
                &const {
                    count(
                        "n_train",
                        &[],
                        N_TRAIN_MIN,
                        N_TRAIN_MAX,
                        |p| p.n_train,
                        |p, v| p.n_train = v,
                    )
                }
            }
            Field::RopeM => {
                &const { count("m", &[], 0, ROPE_POS_MAX, |p| p.rope_m, |p, v| p.rope_m = v) }
            }
            Field::RopeN => {
                &const { count("n", &[], 0, ROPE_POS_MAX, |p| p.rope_n, |p, v| p.rope_n = v) }
            }
            Field::Heads => {
                &const { count("heads", &[], 1, HEADS_MAX, |p| p.heads, |p, v| p.heads = v) }
            }
            // The head's upper bound is `heads`; clamped() applies it.
            Field::Head => {
                &const { count("head", &[], 1, HEADS_MAX, |p| p.head, |p, v| p.head = v) }
            }
            Field::Words => {
                &const {
                    text("words", &[], read_words, |p| {
                        p.words
                            .map(|w| MINILM_TOKENS[w.min(MINILM_TOKENS.len() - 1)])
                            .join(",")
                    })
                }
            }
            Field::Step => {
                &const { count("step", &[], 0, STEP_COUNT, |p| p.step, |p, v| p.step = v) }
            }
            Field::Lesson => {
                &const {
                    text("lesson", &["plan"], read_plan, |p| {
                        p.plan.map_or("none", PlanId::code).to_string()
                    })
                }
            }
            Field::Steps => {
                &const {
                    text("steps", &[], read_steps, |p| {
                        if p.steps.is_empty() {
                            "none".to_string()
                        } else {
                            p.steps.to_text()
                        }
                    })
                }
            }
            Field::Presenter => {
                &const { switch("presenter", |p| p.presenter, |p, on| p.presenter = on) }
            }
            Field::Theme => {
                &const { text("theme", &[], read_theme, |p| p.theme.code().to_string()) }
            }
            Field::Hide => {
                &const {
                    text("hide", &[], read_hidden, |p| {
                        let names: Vec<&str> = (p.hidden.fields().map(Field::symbol))
                            .chain(p.hidden_panels.panels().map(PanelId::anchor))
                            .collect();
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(",")
                        }
                    })
                }
            }
            Field::Lock => {
                &const {
                    text(
                        "lock",
                        &[],
                        |text, p| read_field_set(text, &mut p.locked),
                        |p| field_list(p.locked),
                    )
                }
            }
            Field::Embed => {
                &const {
                    text("embed", &[], read_embed, |p| {
                        p.embed.map_or("none", Embed::anchor).to_string()
                    })
                }
            }
        }
    }
}
/// A [`Kind::Count`] entry.
#[allow(clippy::too_many_arguments)]
const fn count(
    name: &'static str,
    aliases: &'static [&'static str],
    min: usize,
    max: usize,
    get: fn(&Params) -> usize,
    set: fn(&mut Params, usize),
) -> Param {
    Param {
        name,
        aliases,
        kind: Kind::Count { min, max, get, set },
    }
}

/// A [`Kind::Switch`] entry.
const fn switch(name: &'static str, get: fn(&Params) -> bool, set: fn(&mut Params, bool)) -> Param {
    Param {
        name,
        aliases: &[],
        kind: Kind::Switch { get, set },
    }
}

/// A [`Kind::Text`] entry.
const fn text(
    name: &'static str,
    aliases: &'static [&'static str],
    read: fn(&str, &mut Params) -> Option<Reason>,
    write: fn(&Params) -> String,
) -> Param {
    Param {
        name,
        aliases,
        kind: Kind::Text { read, write },
    }
}

impl Field {
    /// The field's name in links (the query-string key), which is also the symbol the lesson's
    /// formulas write for most fields ([`Field::formula_symbol`]).
    pub fn symbol(self) -> &'static str {
        self.param().name
    }

    /// The symbol the lesson's formulas and texts write for the field, shown before its
    /// control's words: its link name, but for the fields whose link name is a word
    /// ([`WORD_NAMED`]; empty for a field no formula names).
    ///
    /// ```
    /// use pe_explorer::lesson::Field;
    /// assert_eq!(Field::Length.formula_symbol(), "L");
    /// assert_eq!(Field::Pos.formula_symbol(), "pos");
    /// assert_eq!(Field::Layout.formula_symbol(), "");
    /// ```
    pub fn formula_symbol(self) -> &'static str {
        WORD_NAMED
            .iter()
            .find(|(field, _)| *field == self)
            .map_or(self.symbol(), |(_, symbol)| symbol)
    }

    /// The field a URL key (a name or an alias) stands for.
    pub fn from_key(key: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| {
            let param = field.param();
            param.name == key || param.aliases.contains(&key)
        })
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
/// gives k = 3 again. Each chosen value (a wish, in the code) is kept with the value shown after
/// it; once the field is changed some other way (a link, a lesson step), it is forgotten.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ChosenValues([Option<(usize, usize)>; BOUNDED.len()]);

impl ChosenValues {
    /// The state after the control of `moved` took `state.with(moved, value)`: every other
    /// bounded field goes back up towards its wish, as far as its bound now allows.
    ///
    /// ```
    /// use pe_explorer::lesson::{query::ChosenValues, Field, Params};
    /// let mut chosen = ChosenValues::default();
    /// let p = chosen.set(Params::default(), Field::K, 3.0);
    /// let p = chosen.set(p, Field::Pos, 99.0);
    /// assert_eq!((p.pos, p.k, chosen.held(Field::K)), (99, 0, Some(3)));
    /// let p = chosen.set(p, Field::Pos, 10.0);
    /// assert_eq!((p.k, chosen.held(Field::K)), (3, None));
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

#[cfg(test)]
mod tests;
