//! How each kind of value is read from a link and written back: the readers the fields' entries
//! ([`Field::param`]) name.

use super::*;

/// Reads one parameter's text into `params`; `Some` says why it was not used as given.
pub(super) fn read_param(field: Field, text: &str, params: &mut Params) -> Option<Reason> {
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

/// Reads `hide=` or `lock=` into `set`: field names (symbols or their aliases) separated by
/// commas, or `none`. Names that are not a control's are dropped, with one notice for the whole
/// value.
pub(super) fn read_field_set(text: &str, set: &mut FieldSet) -> Option<Reason> {
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
pub(super) fn read_embed(text: &str, params: &mut Params) -> Option<Reason> {
    params.embed = Embed::from_anchor(text);
    (params.embed.is_none() && !text.trim().eq_ignore_ascii_case("none"))
        .then_some(Reason::Malformed)
}

/// Reads `lesson=`: a plan's id (`PlanId::code`).
pub(super) fn read_plan(text: &str, params: &mut Params) -> Option<Reason> {
    params.plan = PlanId::from_code(text);
    (params.plan.is_none() && !text.trim().eq_ignore_ascii_case("none"))
        .then_some(Reason::Malformed)
}

/// Reads `steps=`: lesson steps separated by commas, each once. What is not a step (a word, 0,
/// a number past the last step, a repeat) is dropped, with one notice for the whole value.
pub(super) fn read_steps(text: &str, params: &mut Params) -> Option<Reason> {
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
pub(super) fn read_hidden(text: &str, params: &mut Params) -> Option<Reason> {
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
    names_for(field).collect::<Vec<_>>().join(", ")
}

/// The names `hide=` (`field` = `Field::Hide`) or `lock=` accepts, in the order `valid_names`
/// lists them.
pub fn names_for(field: Field) -> impl Iterator<Item = &'static str> {
    let controls = Field::ALL
        .into_iter()
        .filter(|f| FieldSet::can_hold(*f))
        .map(Field::symbol);
    let panels = PanelId::ALL
        .into_iter()
        .filter(move |_| field == Field::Hide)
        .map(PanelId::anchor);
    controls.chain(panels)
}

/// Reads a whole-number field: the number to use (before dependent clamping) and why it differs
/// from the text, if it does. `None` means "use the default".
pub(super) fn read_count(
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

pub(super) fn read_layout(text: &str, params: &mut Params) -> Option<Reason> {
    let layout = match text.trim().to_ascii_lowercase().as_str() {
        "interleaved" => Some(Layout::Interleaved),
        "split" => Some(Layout::SplitHalves),
        _ => None,
    };
    set_word(&mut params.layout, layout)
}

pub(super) fn read_lang(text: &str, params: &mut Params) -> Option<Reason> {
    set_word(&mut params.lang, Lang::from_tag(text.trim()))
}

pub(super) fn read_theme(text: &str, params: &mut Params) -> Option<Reason> {
    set_word(&mut params.theme, Theme::from_code(text))
}

pub(super) fn write_dims(params: &Params) -> String {
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
pub(super) fn field_list(set: FieldSet) -> String {
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
pub(super) fn read_float(
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

pub(super) fn read_switch(text: &str) -> Option<bool> {
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
pub(super) fn read_words(text: &str, params: &mut Params) -> Option<Reason> {
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

pub(super) fn read_dims(text: &str, params: &mut Params) -> Option<Reason> {
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

pub(super) fn shorten(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_LIMIT).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}
