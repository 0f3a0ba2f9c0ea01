//! A lab's values in a link, declared once as a table ([`LabValues`]): reading a link into the
//! lab's settings (clamping, keeping or fixing what it cannot use, and saying so) and writing the
//! settings back as URL pairs follow from it, and so do the lab's sliders (`ui::labs::parts`).

use crate::lesson::lang::Lang;

/// The labs unfolded in a chapter (`labs=xpos,rope-2d`: `ui::classroom::LabSlot`), whatever their
/// own values: a lab a link opened stays open.
pub const OPEN_LABS_KEY: &str = "labs";

/// The names of the labs `labs=` unfolds (by their anchor without `lab-`), as the link gives
/// them; a name no lab has is ignored where it is used.
///
/// ```
/// use pe_explorer::lesson::labs::open_labs_in;
/// assert_eq!(open_labs_in("?pos=3&labs=xpos,rope-2d"), ["xpos", "rope-2d"]);
/// assert!(open_labs_in("labs=").is_empty());
/// ```
pub fn open_labs_in(query: &str) -> Vec<String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k == OPEN_LABS_KEY)
        .flat_map(|(_, v)| {
            v.split(',')
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The labs' pairs of `query`, in order, as a query string (empty if none).
///
/// ```
/// use pe_explorer::lesson::labs::lab_pairs;
/// assert_eq!(lab_pairs("?k=6&rx_s=2&lang=en&rx_model=1"), "rx_s=2&rx_model=1");
/// ```
pub fn lab_pairs(query: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if super::lab_prefixes().any(|p| k.starts_with(p)) {
            out.append_pair(&k, &v);
        }
    }
    out.finish()
}

/// `query` without the pairs under `prefix`.
///
/// ```
/// use pe_explorer::lesson::labs::without_prefix;
/// assert_eq!(without_prefix("?k=6&np_length=9&lang=en", "np_"), "k=6&lang=en");
/// ```
pub fn without_prefix(query: &str, prefix: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if !k.starts_with(prefix) {
            out.append_pair(&k, &v);
        }
    }
    out.finish()
}

/// One number of a lab: its key in the URL, the range it may take, whether it is whole, where it
/// lives in the lab's settings `T`, and the part of the range its slider offers (all of it unless
/// the table narrows it: a link may ask for a learning rate of 0, the slider starts at 10⁻⁴).
pub struct LabNumber<T> {
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    /// Whole numbers only (lengths).
    pub whole: bool,
    pub get: fn(&T) -> f64,
    pub set: fn(&mut T, f64),
    /// The slider's range, inside `min ..= max`.
    pub slider: (f64, f64),
}

impl<T> Clone for LabNumber<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for LabNumber<T> {}

impl<T> LabNumber<T> {
    /// `value` as this number takes it: rounded if whole, then within its range.
    ///
    /// ```
    /// use pe_explorer::lesson::labs::LabNumber;
    /// struct Settings {
    ///     x: usize,
    /// }
    /// let n: LabNumber<Settings> = pe_explorer::lab_number!(whole "x", 1.0, 8.0, x);
    /// assert_eq!((n.clamp(3.6), n.clamp(99.0), n.clamp(-1.0)), (4.0, 8.0, 1.0));
    /// ```
    pub fn clamp(&self, value: f64) -> f64 {
        let value = if self.whole { value.round() } else { value };
        value.clamp(self.min, self.max)
    }
}

/// A lab's named value in the URL (the basis lab's target, the shift lab's kernel): its key,
/// its names in the URL, and where it lives in the lab's settings `T` (as an index into them).
pub struct LabName<T> {
    pub key: &'static str,
    pub names: &'static [&'static str],
    pub get: fn(&T) -> usize,
    pub set: fn(&mut T, usize),
}

/// A lab's values in the URL, declared once: its prefix, its named values and its numbers, in
/// the order a link writes them. Writing and reading follow from the table.
pub struct LabValues<T: 'static> {
    pub prefix: &'static str,
    pub names: &'static [LabName<T>],
    pub numbers: &'static [LabNumber<T>],
}

/// What a link asked for that the lab could not use as given.
#[derive(Clone, Debug, PartialEq)]
pub struct LabProblem {
    pub key: String,
    pub given: String,
    /// What is used instead, as the URL would write it.
    pub used: String,
}

impl LabProblem {
    /// What the reader is told, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let LabProblem { key, given, used } = self;
        match lang {
            Lang::Zh => format!("链接中的 {key}={given} 无法使用；改用 {used}。"),
            Lang::En => format!("The link's {key}={given} cannot be used; using {used}."),
        }
    }
}

/// A lab's settings as a link gave them, and what it could not use.
#[derive(Clone, Debug, PartialEq)]
pub struct LabLink<T> {
    pub settings: T,
    pub problems: Vec<LabProblem>,
}

/// A lab's settings: their table in the URL, the rules between their numbers, and (from these)
/// how a link is read and written. A lab whose reading needs more than the table (the
/// context-extension lab's model and method) overrides `read` and `pairs`.
pub trait LabSettings: Clone + Default + PartialEq + Send + Sync + 'static {
    /// Its values in the URL.
    const VALUES: LabValues<Self>;

    /// The rules between the numbers (a patch inside the grid, an even width), applied after a
    /// link is read and after every slider's write. None by default.
    fn fix(&mut self) {}

    /// The settings `query` gives, over the defaults; `None` when it has none of the lab's keys.
    /// An unknown name keeps the default's, numbers are clamped or kept, `fix` applied, and
    /// each value changed is reported.
    fn read(query: &str) -> Option<LabLink<Self>> {
        Self::VALUES.read_fixed(query, Self::fix)
    }

    /// The settings as URL pairs: the named values, then every number.
    fn pairs(&self) -> String {
        Self::VALUES.pairs(self)
    }
}

/// What the list of labs needs of a lab's values: its prefix, if it has values in the URL,
/// whether a query's values are ones it takes as they are, and whether its table is one a link
/// can carry. `()` for a lab without values.
pub trait LinkedValues {
    const PREFIX: Option<&'static str>;
    fn unusable(query: &str) -> bool;
    fn table_problem() -> Option<String>;
}

impl<S: LabSettings + std::fmt::Debug> LinkedValues for S {
    const PREFIX: Option<&'static str> = Some(S::VALUES.prefix);

    fn unusable(query: &str) -> bool {
        S::read(query).is_some_and(|link| !link.problems.is_empty())
    }

    /// What is wrong with the table, if anything: every key under the prefix, each once; each
    /// slider inside its number's range; the defaults inside theirs, written and read back as
    /// they are; a link without the lab's keys read as none.
    fn table_problem() -> Option<String> {
        let LabValues {
            prefix,
            names,
            numbers,
        } = S::VALUES;
        let keys: Vec<&str> = names
            .iter()
            .map(|n| n.key)
            .chain(numbers.iter().map(|n| n.key))
            .collect();
        for (n, key) in keys.iter().enumerate() {
            if !key.starts_with(prefix) || keys[n + 1..].contains(key) {
                return Some(format!("{key}: outside {prefix}, or twice"));
            }
        }
        for number in numbers {
            let (from, to) = number.slider;
            if !(number.min <= from && from < to && to <= number.max) {
                return Some(format!("{}: its slider leaves its range", number.key));
            }
            let default = (number.get)(&S::default());
            if number.clamp(default) != default {
                return Some(format!(
                    "{}: its default {default} is not one it takes",
                    number.key
                ));
            }
        }
        let written = S::default().pairs();
        match S::read(&written) {
            Some(link) if link.settings == S::default() && link.problems.is_empty() => {}
            other => return Some(format!("{written} reads as {other:?}")),
        }
        S::read("?k=3&lang=en").map(|link| format!("a link without its keys reads as {link:?}"))
    }
}

impl LinkedValues for () {
    const PREFIX: Option<&'static str> = None;

    fn unusable(_: &str) -> bool {
        false
    }

    fn table_problem() -> Option<String> {
        None
    }
}

impl<T> LabValues<T> {
    pub const fn new(
        prefix: &'static str,
        names: &'static [LabName<T>],
        numbers: &'static [LabNumber<T>],
    ) -> Self {
        LabValues {
            prefix,
            names,
            numbers,
        }
    }
}

impl<T: Default> LabValues<T> {
    /// `settings` as URL pairs: the named values, then every number.
    pub fn pairs(&self, settings: &T) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        for name in self.names {
            out.append_pair(
                name.key,
                name.names[(name.get)(settings).min(name.names.len() - 1)],
            );
        }
        for number in self.numbers {
            out.append_pair(number.key, &format!("{}", (number.get)(settings)));
        }
        out.finish()
    }

    /// The settings `query` gives, over the defaults; `None` when it has none of the lab's
    /// keys. An unknown name keeps the default's, numbers are clamped or kept (`read_numbers`),
    /// and each such value is reported.
    pub fn read(&self, query: &str) -> Option<LabLink<T>> {
        let pairs = prefixed_pairs(query, self.prefix)?;
        let value = |key: &str| last_value(&pairs, key);
        let mut settings = T::default();
        let mut problems = Vec::new();
        for name in self.names {
            let Some(text) = value(name.key) else {
                continue;
            };
            match name.names.iter().position(|n| *n == text) {
                Some(i) => (name.set)(&mut settings, i),
                None => problems.push(LabProblem {
                    key: name.key.into(),
                    given: shorten(text),
                    used: name.names[(name.get)(&settings)].into(),
                }),
            }
        }
        read_numbers(&value, self.numbers, &mut settings, &mut problems);
        Some(LabLink { settings, problems })
    }

    /// As `read`, then `fix` applied for the rules between the numbers; each number it changed
    /// is reported too.
    pub fn read_fixed(&self, query: &str, fix: fn(&mut T)) -> Option<LabLink<T>>
    where
        T: Clone,
    {
        let mut link = self.read(query)?;
        let mut fixed = link.settings.clone();
        fix(&mut fixed);
        for number in self.numbers {
            let (was, now) = ((number.get)(&link.settings), (number.get)(&fixed));
            if was != now {
                link.problems.push(LabProblem {
                    key: number.key.into(),
                    given: format!("{was}"),
                    used: format!("{now}"),
                });
            }
        }
        link.settings = fixed;
        Some(link)
    }
}

/// The pairs of `query` under `prefix`; `None` when there are none.
pub(super) fn prefixed_pairs(query: &str, prefix: &str) -> Option<Vec<(String, String)>> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k.starts_with(prefix))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    (!pairs.is_empty()).then_some(pairs)
}

/// The last value given for `key` (a link that repeats a key means its last one, as the page's
/// reader does).
pub(super) fn last_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Reads a lab's numbers from its pairs (`value`) into `state`: out of range clamped, whole
/// numbers rounded, unreadable ones left as they are; each such value reported.
pub(super) fn read_numbers<'a, T>(
    value: &impl Fn(&str) -> Option<&'a str>,
    table: &[LabNumber<T>],
    state: &mut T,
    problems: &mut Vec<LabProblem>,
) {
    for number in table {
        let Some(text) = value(number.key) else {
            continue;
        };
        let parsed = crate::lesson::decimal::parse_decimal(text).filter(|v| v.is_finite());
        let used = match parsed {
            Some(v) => number.clamp(v),
            None => (number.get)(state),
        };
        if parsed != Some(used) {
            problems.push(LabProblem {
                key: number.key.into(),
                given: shorten(text),
                used: format!("{used}"),
            });
        }
        (number.set)(state, used);
    }
}

/// A link's value as a problem quotes it: at most 24 characters.
pub(super) fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(24).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// A lab's settings: the struct (small values, `Copy`) and its defaults, one line a field
/// (`name: type = default,`, doc comments above it as usual).
///
/// ```
/// pe_explorer::lab_settings! {
///     /// A lab's settings.
///     pub struct Example {
///         /// A length.
///         pub length: usize = 64,
///         pub digits: f64 = 3.0,
///     }
/// }
/// assert_eq!(Example::default(), Example { length: 64, digits: 3.0 });
/// ```
#[macro_export]
macro_rules! lab_settings {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $($(#[$field_attr:meta])* pub $field:ident: $type:ty = $default:expr,)*
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name {
            $($(#[$field_attr])* pub $field: $type,)*
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default,)* }
            }
        }
    };
}

/// A number of a lab's settings as its table writes it: `lab_number!(whole "np_length", 2.0, 1024.0,
/// length)` (a whole number in an integer field), `lab_number!(real "np_digits", 1.0, 8.0, digits)`
/// (any value in an `f64` field), `lab_number!(rounded "wt_vocab", …)` (a whole number in an `f64`
/// field). A narrower slider: `LabNumber { slider: (from, to), ..lab_number!(…) }`.
#[macro_export]
macro_rules! lab_number {
    (whole $key:literal, $min:expr, $max:expr, $($field:tt)+) => {
        $crate::lab_number!(@make $key, $min, $max, true, |s| s.$($field)+ as f64, |s, v| s.$($field)+ = v as _, ($min, $max))
    };
    (real $key:literal, $min:expr, $max:expr, $($field:tt)+) => {
        $crate::lab_number!(@make $key, $min, $max, false, |s| s.$($field)+, |s, v| s.$($field)+ = v, ($min, $max))
    };
    (rounded $key:literal, $min:expr, $max:expr, $($field:tt)+) => {
        $crate::lab_number!(@make $key, $min, $max, true, |s| s.$($field)+, |s, v| s.$($field)+ = v, ($min, $max))
    };
    (@make $key:literal, $min:expr, $max:expr, $whole:expr, $get:expr, $set:expr, $slider:expr) => {
        $crate::lesson::labs::LabNumber {
            key: $key,
            min: $min,
            max: $max,
            whole: $whole,
            get: $get,
            set: $set,
            slider: $slider,
        }
    };
}

/// A lab's choice among named options (the NoPE lab's mask, the training lab's task): a type
/// whose options are listed once, each with its name in a link. The settings hold the option
/// itself; only the link's table ([`LabName`]) and a select's options see its position.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every option, in the order a link's names and a select's options list them.
    const ALL: &'static [Self];
    /// Each option's name in a link, in the order of [`Choice::ALL`].
    const NAMES: &'static [&'static str];

    /// Its position in [`Choice::ALL`].
    fn index(self) -> usize {
        Self::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    /// The option at `index` in [`Choice::ALL`] (the last for an index past it).
    fn at(index: usize) -> Self {
        Self::ALL[index.min(Self::ALL.len() - 1)]
    }

    /// Its name in a link.
    fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// The option a link's `name` names, if any.
    fn from_name(name: &str) -> Option<Self> {
        let index = Self::NAMES.iter().position(|n| *n == name)?;
        Self::ALL.get(index).copied()
    }
}

/// A lab's [`Choice`] declared as an enum, each option with its name in a link:
/// `choice! { pub enum Mask { Causal = "causal", Unmasked = "none", } }`. (An enum of the core
/// implements the trait by hand, its `ALL` its own list.)
#[macro_export]
macro_rules! choice {
    ($(#[$attr:meta])* pub enum $name:ident { $($(#[$doc:meta])* $option:ident = $key:literal,)* }) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$doc])* $option,)*
        }

        impl $crate::lesson::labs::Choice for $name {
            const ALL: &'static [Self] = &[$($name::$option,)*];
            const NAMES: &'static [&'static str] = &[$($key,)*];

            // The variants are declared in the order of `ALL`.
            fn index(self) -> usize {
                self as usize
            }
        }
    };
}

/// A named value of a lab's settings, a [`Choice`] of type `$choice` in `$field`:
/// `lab_name!("np_mask", Mask, mask)`.
#[macro_export]
macro_rules! lab_name {
    ($key:literal, $choice:ty, $($field:tt)+) => {{
        use $crate::lesson::labs::Choice;
        // Checked as the constant is evaluated: a name for every option.
        assert!(<$choice as Choice>::ALL.len() == <$choice as Choice>::NAMES.len());
        $crate::lesson::labs::LabName {
            key: $key,
            names: <$choice as Choice>::NAMES,
            get: |s| Choice::index(s.$($field)+),
            set: |s, i| s.$($field)+ = <$choice as Choice>::at(i),
        }
    }};
}
