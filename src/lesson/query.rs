//! The only place that knows the query-string names: `Params` ⇄ `?d_model=…&length=…`.
//!
//! Reading never fails and never panics. Unknown keys are ignored; each known key that had to be
//! changed yields one [`Notice`] naming the field, what was given and what is used instead.

use super::params::{
    nearest_valid_d_model, round_to_hundredths, round_to_thousandths, Field, Params, WaveDims,
    MAX_EXTRA_DIMS,
};
use super::params::{FieldSet, Theme};
use super::params::{
    AMPLITUDE_MAX, BASE_MAX, BASE_MIN, D_MODEL_MAX, D_MODEL_MIN, HEADS_MAX, LENGTH_MAX, LENGTH_MIN,
    N_TRAIN_MAX, N_TRAIN_MIN, ROPE_POS_MAX,
};
use super::steps::STEPS;
use crate::encoding::{Layout, MINILM_TOKENS};
use crate::i18n::Lang;

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

/// Reads the lesson state from a query string (with or without the leading `?`).
///
/// ```
/// use pe_explorer::lesson::query::from_query;
/// let parsed = from_query("?d_model=7&pos=NaN&k=1e99");
/// assert_eq!(parsed.params.d_model, 8);
/// assert_eq!(parsed.notices[0].to_string(), "d_model=7 is odd; using 8");
/// ```
pub fn from_query(query: &str) -> Parsed {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut raw: Vec<(Field, String)> = Vec::new();
    let mut notices = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let Some(field) = field_for_key(&key) else {
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

    let defaults = Params::default();
    let mut wanted = defaults;
    // The value each field asked for before dependent clamping, to detect BeyondDependent.
    let mut asked: Vec<(Field, String, Option<Reason>)> = Vec::new();
    for (field, text) in &raw {
        let reason = match field {
            Field::Layout => {
                let layout = read_layout(text);
                wanted.layout = layout.unwrap_or(defaults.layout);
                layout.is_none().then_some(Reason::Malformed)
            }
            Field::Base => {
                let (reason, base) = read_float(text, (BASE_MIN, BASE_MAX), round_to_thousandths);
                wanted.base = base.unwrap_or(defaults.base);
                reason
            }
            Field::Amplitude => {
                let (reason, amplitude) =
                    read_float(text, (0.0, AMPLITUDE_MAX), round_to_hundredths);
                wanted.amplitude = amplitude.unwrap_or(defaults.amplitude);
                reason
            }
            Field::Scale | Field::OrderPe | Field::Presenter => {
                let on = read_switch(text);
                let slot = match field {
                    Field::Scale => &mut wanted.scale_embedding,
                    Field::OrderPe => &mut wanted.order_pe,
                    _ => &mut wanted.presenter,
                };
                *slot = on.unwrap_or(*slot);
                on.is_none().then_some(Reason::Malformed)
            }
            Field::Lang => {
                let lang = Lang::from_tag(text.trim());
                wanted.lang = lang.unwrap_or(defaults.lang);
                lang.is_none().then_some(Reason::Malformed)
            }
            Field::Theme => {
                let theme = Theme::from_code(text);
                wanted.theme = theme.unwrap_or(defaults.theme);
                theme.is_none().then_some(Reason::Malformed)
            }
            Field::Words => {
                let (reason, words) = read_words(text);
                wanted.words = words;
                reason
            }
            Field::Dims => {
                let (reason, dims) = read_dims(text);
                wanted.dims = dims;
                reason
            }
            Field::Hide | Field::Lock => {
                let (reason, set) = read_field_set(text);
                let slot = match field {
                    Field::Hide => &mut wanted.hidden,
                    _ => &mut wanted.locked,
                };
                *slot = set;
                reason
            }
            count => {
                let (reason, n) = read_count(*count, text);
                let slot = match count {
                    Field::DModel => &mut wanted.d_model,
                    Field::Length => &mut wanted.length,
                    Field::Pos => &mut wanted.pos,
                    Field::K => &mut wanted.k,
                    Field::Sentence => &mut wanted.sentence,
                    Field::Token => &mut wanted.token,
                    Field::OrderPair => &mut wanted.order_pair,
                    Field::NTrain => &mut wanted.n_train,
                    Field::RopeM => &mut wanted.rope_m,
                    Field::RopeN => &mut wanted.rope_n,
                    Field::Heads => &mut wanted.heads,
                    Field::Head => &mut wanted.head,
                    Field::Step => &mut wanted.step,
                    _ => &mut wanted.pair,
                };
                *slot = n.unwrap_or(*slot);
                reason
            }
        };
        asked.push((*field, text.clone(), reason));
    }

    let mut params = wanted.clamped();
    // A link into lesson mode opens with its step's parameters, except those it gives itself
    // (a hand-written `?step=5` shows step 5's base; a copied link keeps what was on screen).
    if let Some(step) = params.step.checked_sub(1).and_then(|n| STEPS.get(n)) {
        for &(field, value) in step.preset {
            if !raw.iter().any(|(given, _)| *given == field) {
                params = params.with(field, value);
            }
        }
    }
    for (field, text, reason) in asked {
        let reason = reason.or_else(|| {
            (field_value(&wanted, field) != field_value(&params, field))
                .then_some(Reason::BeyondDependent)
        });
        if let Some(reason) = reason {
            notices.push(Notice {
                field,
                reason,
                given: shorten(&text),
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

/// Whether the URL asks for the deliberate test panic (`test_panic=1`). Only builds with the
/// `test-hooks` feature have this; release builds ignore the key like any unknown one.
#[cfg(feature = "test-hooks")]
pub fn wants_test_panic(query: &str) -> bool {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes()).any(|(k, v)| k == "test_panic" && v == "1")
}

/// Writes the full lesson state as a query string, without the leading `?`.
///
/// Every field is written, defaults included, so a shared link means the same thing even if a
/// later version changes the defaults; but `hide` and `lock` only when they name something
/// (they are empty unless a teacher wrote them, in any version).
///
/// ```
/// use pe_explorer::lesson::{query::to_query, Params};
/// assert_eq!(
///     to_query(&Params::default()),
///     "d_model=128&length=100&pos=10&k=3&i=2&base=10000&layout=interleaved\
///      &dims=auto&sentence=0&t=1&scale=1&amp=1&lang=en&order=0&order_pe=0\
///      &n_train=64&m=5&n=2&heads=8&head=1&words=king%2Cqueen%2Capple\
///      &step=0&presenter=0&theme=auto"
/// );
/// ```
pub fn to_query(params: &Params) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for field in Field::ALL {
        let empty = match field {
            Field::Hide => params.hidden.is_empty(),
            Field::Lock => params.locked.is_empty(),
            _ => false,
        };
        if !empty {
            out.append_pair(field.symbol(), &field_value(params, field));
        }
    }
    out.finish()
}

fn field_for_key(key: &str) -> Option<Field> {
    match key {
        "d_model" | "d" => Some(Field::DModel),
        "length" | "len" => Some(Field::Length),
        "pos" => Some(Field::Pos),
        "k" => Some(Field::K),
        "i" | "pair" => Some(Field::Pair),
        "base" => Some(Field::Base),
        "layout" => Some(Field::Layout),
        "dims" => Some(Field::Dims),
        "sentence" => Some(Field::Sentence),
        "t" | "token" => Some(Field::Token),
        "scale" => Some(Field::Scale),
        "amp" | "amplitude" => Some(Field::Amplitude),
        "lang" => Some(Field::Lang),
        "order" => Some(Field::OrderPair),
        "order_pe" => Some(Field::OrderPe),
        "n_train" => Some(Field::NTrain),
        "m" => Some(Field::RopeM),
        "n" => Some(Field::RopeN),
        "heads" => Some(Field::Heads),
        "head" => Some(Field::Head),
        "words" => Some(Field::Words),
        "step" => Some(Field::Step),
        "presenter" => Some(Field::Presenter),
        "theme" => Some(Field::Theme),
        "hide" => Some(Field::Hide),
        "lock" => Some(Field::Lock),
        _ => None,
    }
}

/// The value of `field` as it appears in the URL.
fn field_value(params: &Params, field: Field) -> String {
    match field {
        Field::DModel => params.d_model.to_string(),
        Field::Length => params.length.to_string(),
        Field::Pos => params.pos.to_string(),
        Field::K => params.k.to_string(),
        Field::Pair => params.pair.to_string(),
        // Shortest text that reads back as the same f64.
        Field::Base => format!("{}", params.base),
        Field::Layout => match params.layout {
            Layout::Interleaved => "interleaved",
            Layout::SplitHalves => "split",
        }
        .to_string(),
        Field::Dims => match params.dims {
            WaveDims::Auto => "auto".to_string(),
            WaveDims::Custom { len: 0, .. } => "none".to_string(),
            custom => custom
                .extra(params.d_model)
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(","),
        },
        Field::Sentence => params.sentence.to_string(),
        Field::Token => params.token.to_string(),
        Field::Scale => if params.scale_embedding { "1" } else { "0" }.to_string(),
        Field::Amplitude => format!("{}", params.amplitude),
        Field::Lang => params.lang.code().to_string(),
        Field::OrderPair => params.order_pair.to_string(),
        Field::OrderPe => if params.order_pe { "1" } else { "0" }.to_string(),
        Field::NTrain => params.n_train.to_string(),
        Field::RopeM => params.rope_m.to_string(),
        Field::RopeN => params.rope_n.to_string(),
        Field::Heads => params.heads.to_string(),
        Field::Head => params.head.to_string(),
        Field::Words => params
            .words
            .map(|w| MINILM_TOKENS[w.min(MINILM_TOKENS.len() - 1)])
            .join(","),
        Field::Step => params.step.to_string(),
        Field::Presenter => if params.presenter { "1" } else { "0" }.to_string(),
        Field::Theme => params.theme.code().to_string(),
        Field::Hide => field_list(params.hidden),
        Field::Lock => field_list(params.locked),
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

/// Reads `hide=` or `lock=`: field names (symbols or their aliases) separated by commas, or
/// `none`. Names that are not a control's are dropped, with one notice for the whole value.
fn read_field_set(text: &str) -> (Option<Reason>, FieldSet) {
    let mut set = FieldSet::default();
    let mut reason = None;
    if text.trim().eq_ignore_ascii_case("none") {
        return (None, set);
    }
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match field_for_key(name).filter(|f| FieldSet::can_hold(*f)) {
            Some(field) => set = set.with(field),
            None => reason = Some(Reason::Malformed),
        }
    }
    (reason, set)
}

/// Reads a whole-number field: the number to use (before dependent clamping) and why it differs
/// from the text, if it does. `None` means "use the default".
fn read_count(field: Field, text: &str) -> (Option<Reason>, Option<usize>) {
    let Some(number) = parse_decimal(text.trim()) else {
        return (Some(Reason::Malformed), None);
    };
    if number.is_nan() {
        return (Some(Reason::Malformed), None);
    }
    let (min, max) = match field {
        Field::DModel => (D_MODEL_MIN, D_MODEL_MAX),
        Field::Length => (LENGTH_MIN, LENGTH_MAX),
        Field::NTrain => (N_TRAIN_MIN, N_TRAIN_MAX),
        Field::RopeM | Field::RopeN => (0, ROPE_POS_MAX),
        Field::Heads => (1, HEADS_MAX),
        // The head's upper bound is `heads`; clamped() applies it.
        Field::Head => (1, HEADS_MAX),
        Field::Step => (0, STEPS.len()),
        // Upper bounds of pos, k and i depend on the other fields; clamped() applies them.
        _ => (0, LENGTH_MAX.max(D_MODEL_MAX)),
    };
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

fn read_layout(text: &str) -> Option<Layout> {
    match text.trim().to_ascii_lowercase().as_str() {
        "interleaved" => Some(Layout::Interleaved),
        "split" => Some(Layout::SplitHalves),
        _ => None,
    }
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

/// Reads a decimal number as Rust's `str::parse::<f64>` does (sign, digits, optional fraction,
/// optional exponent; `inf`, `infinity`, `nan` in any case), without its 10 KB table of powers
/// of five, which was 4 % of the wasm bundle.
///
/// Correctly rounded when the digits fit 2^53 and the decimal exponent is within ±22, which
/// covers every number the app writes (whole numbers and short decimals); otherwise within a
/// relative 1e-14, plenty for values that are then clamped.
///
/// ```
/// use pe_explorer::lesson::query::parse_decimal;
/// assert_eq!(parse_decimal("31622.777"), Some(31622.777));
/// assert_eq!(parse_decimal("-1.5e3"), Some(-1500.0));
/// assert_eq!(parse_decimal(".5"), Some(0.5));
/// assert_eq!(parse_decimal("1e99999"), Some(f64::INFINITY));
/// assert!(parse_decimal("NaN").unwrap().is_nan());
/// assert_eq!(parse_decimal("1e"), None);
/// assert_eq!(parse_decimal("0x10"), None);
/// ```
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |v: f64| if negative { -v } else { v };
    if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if rest.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    let bytes = rest.as_bytes();
    let mut at = 0;
    // Up to 19 significant digits exactly; later digits only scale the number.
    let (mut digits, mut kept, mut scale) = (0u64, 0u32, 0i64);
    let mut seen_digit = false;
    let mut in_fraction = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'0'..=b'9' => {
                seen_digit = true;
                if kept < 19 {
                    digits = digits * 10 + u64::from(byte - b'0');
                    if digits > 0 {
                        kept += 1;
                    }
                    scale -= i64::from(in_fraction);
                } else if !in_fraction {
                    scale += 1;
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            _ => break,
        }
        at += 1;
    }
    if !seen_digit {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let exponent_negative = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let start = at;
        let mut exponent = 0i64;
        while let Some(byte @ b'0'..=b'9') = bytes.get(at) {
            exponent = (exponent * 10 + i64::from(byte - b'0')).min(1_000_000);
            at += 1;
        }
        if at == start {
            return None;
        }
        scale += if exponent_negative {
            -exponent
        } else {
            exponent
        };
    }
    if at != bytes.len() {
        return None;
    }
    Some(signed(scale_by_power_of_ten(digits, scale)))
}

/// `digits · 10^scale` in f64.
fn scale_by_power_of_ten(digits: u64, scale: i64) -> f64 {
    const EXACT_POWERS: usize = 23; // 10^0 ..= 10^22 are exact in f64
    if digits == 0 {
        return 0.0;
    }
    let power = |n: i64| 10f64.powi(n as i32);
    if digits <= 1 << 53 && scale.unsigned_abs() < EXACT_POWERS as u64 {
        // Both operands exact: one IEEE operation, correctly rounded.
        return if scale >= 0 {
            digits as f64 * power(scale)
        } else {
            digits as f64 / power(-scale)
        };
    }
    if scale > 400 {
        return f64::INFINITY;
    }
    if scale < -400 {
        return 0.0;
    }
    // Two steps keep the intermediate inside f64's range near its ends.
    let half = scale / 2;
    digits as f64 * power(half) * power(scale - half)
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
fn read_words(text: &str) -> (Option<Reason>, [usize; 3]) {
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
    (reason, words)
}

fn read_dims(text: &str) -> (Option<Reason>, WaveDims) {
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
        // Distinct values, without sorting (the list is short; a sort costs 3 KB of wasm).
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
