//! The labs' own URL values (docs/architecture.md, "Labs"). The page's URL table (`query`) is
//! compiled into the page every student loads, so a lab keeps its values under its own prefix
//! (`rx_` for the context-extension lab), which the page's reader ignores: the lab reads them
//! from the link as it was opened and writes them back beside the page's values.
//!
//! A lab's values: one row per number in a declarative table (`ROPE_EXTENSION`), with its key, its
//! range and where it lives, and the few named values (the model, the method) beside it.

use crate::encoding::basis_fit::TargetChoice;
use crate::encoding::rope_config::read_config;
use crate::encoding::rope_scaling::{Extension, Method, PRESETS};
use crate::encoding::shift_operator::Kernel;
use crate::encoding::tiny_transformer::{PositionScheme, Task, TinyConfig};

/// The context-extension lab's prefix.
pub const ROPE_EXTENSION_PREFIX: &str = "rx_";

/// The labs unfolded in a chapter (`labs=xpos,rope-2d`: `ui::labs::LabFold`), whatever their
/// own values: a lab a link opened stays open.
pub const OPEN_LABS_KEY: &str = "labs";

/// The names of the labs `labs=` unfolds (by their anchor without `lab-`), as the link gives
/// them; a name no lab has is ignored where it is used.
///
/// ```
/// use pe_explorer::lesson::lab_query::open_labs_in;
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

/// Every lab's prefix: the pairs a shared link carries beside the page's.
pub const LAB_PREFIXES: [&str; 12] = [
    OPEN_LABS_KEY,
    ROPE_EXTENSION_PREFIX,
    BASIS_FIT_PREFIX,
    SHIFT_PREFIX,
    TRAINING_STEP_PREFIX,
    MODEL_PATH_PREFIX,
    WEIGHT_TYING_PREFIX,
    RELATIVE_BIAS_PREFIX,
    NOPE_PREFIX,
    XPOS_PREFIX,
    ROPE_2D_PREFIX,
    TRAIN_PREFIX,
];

/// Whether some lab's reader could not take `query`'s values as they are (it clamped, kept or
/// fixed one): a lesson step's values must be ones their lab takes. A lab with URL values has
/// its reader here, as its prefix in `LAB_PREFIXES`.
pub fn some_lab_value_unusable(query: &str) -> bool {
    fn unusable<T>(link: Option<LabLink<T>>) -> bool {
        link.is_some_and(|l| !l.problems.is_empty())
    }
    read_rope_extension(query).is_some_and(|l| !l.problems.is_empty())
        || unusable(read_basis_fit(query))
        || unusable(read_shift(query))
        || unusable(read_training_step(query))
        || unusable(read_model_path(query))
        || unusable(read_weight_tying(query))
        || unusable(read_relative_bias(query))
        || unusable(read_nope(query))
        || unusable(read_xpos(query))
        || unusable(read_rope_2d(query))
        || unusable(read_train(query))
}

/// The labs' pairs of `query`, in order, as a query string (empty if none).
///
/// ```
/// use pe_explorer::lesson::lab_query::lab_pairs;
/// assert_eq!(lab_pairs("?k=6&rx_s=2&lang=en&rx_model=1"), "rx_s=2&rx_model=1");
/// ```
pub fn lab_pairs(query: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if LAB_PREFIXES.iter().any(|p| k.starts_with(p)) {
            out.append_pair(&k, &v);
        }
    }
    out.finish()
}

/// One number of a lab in the URL: its key, the range it may take, and where it lives in the
/// lab's settings `T`.
pub struct LabNumber<T> {
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    /// Whole numbers only (lengths).
    pub whole: bool,
    pub get: fn(&T) -> f64,
    pub set: fn(&mut T, f64),
}

/// The context-extension lab's numbers, as its sliders offer them.
pub const ROPE_EXTENSION: [LabNumber<Extension>; 8] = [
    LabNumber {
        key: "rx_trained",
        min: 256.0,
        max: 1_048_576.0,
        whole: true,
        get: |l| l.trained as f64,
        set: |l, v| l.trained = v as usize,
    },
    LabNumber {
        key: "rx_target",
        min: 256.0,
        max: 2_097_152.0,
        whole: true,
        get: |l| l.target as f64,
        set: |l, v| l.target = v as usize,
    },
    LabNumber {
        key: "rx_s",
        min: 1.0,
        max: 64.0,
        whole: false,
        get: |l| l.factor,
        set: |l, v| l.factor = v,
    },
    LabNumber {
        key: "rx_base",
        min: 100.0,
        max: 1e8,
        whole: false,
        get: |l| l.base,
        set: |l, v| l.base = v,
    },
    LabNumber {
        key: "rx_beta_fast",
        min: 2.0,
        max: 128.0,
        whole: false,
        get: |l| l.beta_fast,
        set: |l, v| l.beta_fast = v,
    },
    LabNumber {
        key: "rx_beta_slow",
        min: 0.25,
        max: 8.0,
        whole: false,
        get: |l| l.beta_slow,
        set: |l, v| l.beta_slow = v,
    },
    LabNumber {
        key: "rx_low",
        min: 0.5,
        max: 4.0,
        whole: false,
        get: |l| l.low_freq_factor,
        set: |l, v| l.low_freq_factor = v,
    },
    LabNumber {
        key: "rx_high",
        min: 1.0,
        max: 16.0,
        whole: false,
        get: |l| l.high_freq_factor,
        set: |l, v| l.high_freq_factor = v,
    },
];

/// The methods' names in the URL, in `Method::ALL`'s order (LongRoPE needs a pasted config's
/// factors, which the URL does not hold).
pub const METHOD_NAMES: [&str; 7] = ["none", "pi", "ntk", "dynamic", "yarn", "llama3", "longrope"];

/// What a link asked for that the lab could not use as given.
#[derive(Clone, Debug, PartialEq)]
pub struct LabProblem {
    pub key: String,
    pub given: String,
    /// What is used instead, as the URL would write it.
    pub used: String,
}

impl LabProblem {
    pub fn message(&self, chinese: bool) -> String {
        let LabProblem { key, given, used } = self;
        if chinese {
            format!("链接中的 {key}={given} 无法使用；改用 {used}。")
        } else {
            format!("The link's {key}={given} cannot be used; using {used}.")
        }
    }
}

/// The context-extension lab's state in a link: which preset, and the settings.
#[derive(Clone, Debug, PartialEq)]
pub struct RopeExtensionLink {
    pub preset: usize,
    pub lab: Extension,
    pub problems: Vec<LabProblem>,
}

/// The lab's values written as URL pairs (every value, so a link reproduces the view even if
/// a preset's numbers change).
///
/// ```
/// use pe_explorer::encoding::{rope_config::read_config, rope_scaling::{Extension, PRESETS}};
/// use pe_explorer::lesson::lab_query::rope_extension_pairs;
/// let lab = Extension::from_config(&read_config(PRESETS[0].config).unwrap().config);
/// let pairs = rope_extension_pairs(0, &lab);
/// assert_eq!(pairs[0], ("rx_model", "0".to_string()));
/// assert_eq!(pairs[1], ("rx_method", "none".to_string()));
/// assert_eq!(pairs[2], ("rx_trained", "4096".to_string()));
/// ```
pub fn rope_extension_pairs(preset: usize, lab: &Extension) -> Vec<(&'static str, String)> {
    let method = Method::ALL
        .iter()
        .position(|m| *m == lab.method)
        .unwrap_or(0);
    let mut pairs = vec![
        ("rx_model", preset.to_string()),
        ("rx_method", METHOD_NAMES[method].to_string()),
    ];
    pairs.extend(
        ROPE_EXTENSION
            .iter()
            .map(|n| (n.key, format!("{}", (n.get)(lab)))),
    );
    pairs
}

/// Reads the lab's values from a query string; `None` when it has none of them. Values out of
/// range are clamped, unreadable ones keep the preset's, and each is reported.
pub fn read_rope_extension(query: &str) -> Option<RopeExtensionLink> {
    let pairs = prefixed_pairs(query, ROPE_EXTENSION_PREFIX)?;
    let mut problems = Vec::new();
    let value = |key: &str| last_value(&pairs, key);
    let preset = match value("rx_model") {
        None => 0,
        Some(text) => match text.parse::<usize>() {
            Ok(i) if i < PRESETS.len() => i,
            _ => {
                problems.push(LabProblem {
                    key: "rx_model".into(),
                    given: shorten(text),
                    used: "0".into(),
                });
                0
            }
        },
    };
    let config = read_config(PRESETS[preset].config).ok()?.config;
    let mut lab = Extension::from_config(&config);
    if let Some(text) = value("rx_method") {
        match METHOD_NAMES
            .iter()
            .position(|n| *n == text)
            .map(|i| Method::ALL[i])
        {
            Some(method) if lab.methods().any(|m| m == method) => lab.method = method,
            _ => problems.push(LabProblem {
                key: "rx_method".into(),
                given: shorten(text),
                used: METHOD_NAMES[Method::ALL
                    .iter()
                    .position(|m| *m == lab.method)
                    .unwrap_or(0)]
                .into(),
            }),
        }
    }
    read_numbers(&value, &ROPE_EXTENSION, &mut lab, &mut problems);
    // The two pairs of settings that must not cross, as the sliders keep them.
    if lab.beta_fast <= lab.beta_slow {
        lab.beta_fast = (lab.beta_slow + 0.25).min(128.0);
        lab.beta_slow = lab.beta_slow.min(lab.beta_fast - 0.25);
        problems.push(LabProblem {
            key: "rx_beta_fast".into(),
            given: "≤ rx_beta_slow".into(),
            used: format!("{}", lab.beta_fast),
        });
    }
    if lab.high_freq_factor <= lab.low_freq_factor {
        lab.high_freq_factor = (lab.low_freq_factor + 0.25).min(16.0);
        lab.low_freq_factor = lab.low_freq_factor.min(lab.high_freq_factor - 0.25);
        problems.push(LabProblem {
            key: "rx_high".into(),
            given: "≤ rx_low".into(),
            used: format!("{}", lab.high_freq_factor),
        });
    }
    Some(RopeExtensionLink {
        preset,
        lab,
        problems,
    })
}

/// The pairs of `query` under `prefix`; `None` when there are none.
fn prefixed_pairs(query: &str, prefix: &str) -> Option<Vec<(String, String)>> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k.starts_with(prefix))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    (!pairs.is_empty()).then_some(pairs)
}

/// The last value given for `key` (a link that repeats a key means its last one, as the page's
/// reader does).
fn last_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Reads a lab's numbers from its pairs (`value`) into `state`: out of range clamped, whole
/// numbers rounded, unreadable ones left as they are; each such value reported.
fn read_numbers<'a, T>(
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
            Some(v) => {
                let v = if number.whole { v.round() } else { v };
                v.clamp(number.min, number.max)
            }
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

/// A lab's settings as a link gave them, and what it could not use.
#[derive(Clone, Debug, PartialEq)]
pub struct LabLink<T> {
    pub settings: T,
    pub problems: Vec<LabProblem>,
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
    /// As `read`, then `fix` applied for the rules between the numbers (a patch inside the
    /// grid, an even width); each number it changed is reported too.
    pub fn read_fixed(&self, query: &str, fix: fn(T) -> T) -> Option<LabLink<T>>
    where
        T: Clone,
    {
        let mut link = self.read(query)?;
        let fixed = fix(link.settings.clone());
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

/// The basis lab's prefix (issue 18, items 2 and 3: `ui::labs::basis_fit`).
pub const BASIS_FIT_PREFIX: &str = "bf_";

/// The basis lab's settings: the target and how many sinusoidal pairs the model may use (the
/// fitted length is the page's trained length, `n_train`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BasisSettings {
    pub target: TargetChoice,
    pub pairs: usize,
}

impl Default for BasisSettings {
    fn default() -> Self {
        BasisSettings {
            target: TargetChoice::Square,
            pairs: 8,
        }
    }
}

/// The most sinusoidal pairs the basis lab fits with (fewer when d_model/2 is smaller): 65
/// columns keep the least squares under a millisecond at the page's longest trained length.
pub const BASIS_PAIRS_MAX: usize = 32;

/// The targets' names in the URL, in `TargetChoice::ALL`'s order.
pub const TARGET_NAMES: [&str; 3] = ["waves", "square", "chirp"];

/// The basis lab's numbers.
pub const BASIS_FIT: [LabNumber<BasisSettings>; 1] = [LabNumber {
    key: "bf_pairs",
    min: 0.0,
    max: BASIS_PAIRS_MAX as f64,
    whole: true,
    get: |b| b.pairs as f64,
    set: |b, v| b.pairs = v as usize,
}];

/// The basis lab's values in the URL.
pub const BASIS_FIT_VALUES: LabValues<BasisSettings> = LabValues {
    prefix: BASIS_FIT_PREFIX,
    names: &[LabName {
        key: "bf_target",
        names: &TARGET_NAMES,
        get: |s| {
            TargetChoice::ALL
                .iter()
                .position(|t| *t == s.target)
                .unwrap_or(0)
        },
        set: |s, i| s.target = TargetChoice::ALL[i],
    }],
    numbers: &BASIS_FIT,
};

/// The basis lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{basis_fit_pairs, BasisSettings};
/// assert_eq!(basis_fit_pairs(&BasisSettings::default()), "bf_target=square&bf_pairs=8");
/// ```
pub fn basis_fit_pairs(settings: &BasisSettings) -> String {
    BASIS_FIT_VALUES.pairs(settings)
}

/// Reads the basis lab's values from a query string; `None` when it has none. A value it
/// cannot use is replaced (the default target, the pairs clamped) and reported.
///
/// ```
/// use pe_explorer::encoding::basis_fit::TargetChoice;
/// use pe_explorer::lesson::lab_query::read_basis_fit;
/// let link = read_basis_fit("?k=6&bf_target=waves&bf_pairs=99").unwrap();
/// assert_eq!((link.settings.target, link.settings.pairs), (TargetChoice::OwnWaves, 32));
/// assert_eq!(link.problems[0].message(false), "The link's bf_pairs=99 cannot be used; using 32.");
/// ```
pub fn read_basis_fit(query: &str) -> Option<LabLink<BasisSettings>> {
    BASIS_FIT_VALUES.read(query)
}

/// The shift lab's prefix (issue 18, item 4: `ui::labs::shift_operator`).
pub const SHIFT_PREFIX: &str = "so_";

/// The shift lab's settings: the circle's length N, the two waves' frequencies, and the kernel
/// (its kind and each kind's own setting).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShiftSettings {
    pub n: usize,
    pub f: usize,
    pub f2: usize,
    /// 0 window, 1 decay, 2 random (`KERNEL_NAMES`).
    pub kernel: usize,
    pub width: usize,
    pub slope: f64,
    pub seed: u64,
}

impl Default for ShiftSettings {
    fn default() -> Self {
        ShiftSettings {
            n: 16,
            f: 3,
            f2: 5,
            kernel: 0,
            width: 2,
            slope: 0.5,
            seed: 1,
        }
    }
}

impl ShiftSettings {
    /// The kernel these settings describe.
    pub fn kernel(&self) -> Kernel {
        match self.kernel {
            1 => Kernel::Decay { slope: self.slope },
            2 => Kernel::Random { seed: self.seed },
            _ => Kernel::Window {
                half_width: self.width.min(self.n / 2),
            },
        }
    }
}

/// The kernels' names in the URL, in `ShiftSettings::kernel`'s order.
pub const KERNEL_NAMES: [&str; 3] = ["window", "decay", "random"];

/// The longest circle the shift lab offers: its matrices are N × N, drawn and multiplied on
/// every change.
pub const SHIFT_N_MAX: usize = 64;

/// The shift lab's numbers. The frequencies and the window are bounded by N (checked after).
pub const SHIFT: [LabNumber<ShiftSettings>; 6] = [
    LabNumber {
        key: "so_n",
        min: 4.0,
        max: SHIFT_N_MAX as f64,
        whole: true,
        get: |s| s.n as f64,
        set: |s, v| s.n = v as usize,
    },
    LabNumber {
        key: "so_f",
        min: 0.0,
        max: (SHIFT_N_MAX - 1) as f64,
        whole: true,
        get: |s| s.f as f64,
        set: |s, v| s.f = v as usize,
    },
    LabNumber {
        key: "so_f2",
        min: 0.0,
        max: (SHIFT_N_MAX - 1) as f64,
        whole: true,
        get: |s| s.f2 as f64,
        set: |s, v| s.f2 = v as usize,
    },
    LabNumber {
        key: "so_width",
        min: 0.0,
        max: (SHIFT_N_MAX / 2) as f64,
        whole: true,
        get: |s| s.width as f64,
        set: |s, v| s.width = v as usize,
    },
    LabNumber {
        key: "so_slope",
        min: 0.0,
        max: 4.0,
        whole: false,
        get: |s| s.slope,
        set: |s, v| s.slope = v,
    },
    LabNumber {
        key: "so_seed",
        min: 1.0,
        max: 999.0,
        whole: true,
        get: |s| s.seed as f64,
        set: |s, v| s.seed = v as u64,
    },
];

/// The shift lab's values in the URL.
pub const SHIFT_VALUES: LabValues<ShiftSettings> = LabValues {
    prefix: SHIFT_PREFIX,
    names: &[LabName {
        key: "so_kernel",
        names: &KERNEL_NAMES,
        get: |s| s.kernel,
        set: |s, i| s.kernel = i,
    }],
    numbers: &SHIFT,
};

/// The shift lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{shift_pairs, ShiftSettings};
/// assert_eq!(
///     shift_pairs(&ShiftSettings::default()),
///     "so_kernel=window&so_n=16&so_f=3&so_f2=5&so_width=2&so_slope=0.5&so_seed=1"
/// );
/// ```
pub fn shift_pairs(settings: &ShiftSettings) -> String {
    SHIFT_VALUES.pairs(settings)
}

/// Reads the shift lab's values from a query string; `None` when it has none. Out of range
/// values are clamped (a frequency to N − 1, the window to N/2), unknown ones replaced, and each
/// reported.
///
/// ```
/// use pe_explorer::lesson::lab_query::read_shift;
/// let link = read_shift("so_n=8&so_f=12&so_kernel=box").unwrap();
/// assert_eq!((link.settings.n, link.settings.f, link.settings.kernel), (8, 7, 0));
/// let messages: Vec<String> = link.problems.iter().map(|p| p.message(false)).collect();
/// assert_eq!(messages, [
///     "The link's so_kernel=box cannot be used; using window.",
///     "The link's so_f=12 cannot be used; using 7.",
/// ]);
/// ```
pub fn read_shift(query: &str) -> Option<LabLink<ShiftSettings>> {
    let LabLink {
        mut settings,
        mut problems,
    } = SHIFT_VALUES.read(query)?;
    let pairs = prefixed_pairs(query, SHIFT_PREFIX)?;
    let value = |key: &str| last_value(&pairs, key);
    // The bounds that depend on N.
    let n = settings.n;
    for (key, field, most) in [
        ("so_f", &mut settings.f, n - 1),
        ("so_f2", &mut settings.f2, n - 1),
        ("so_width", &mut settings.width, n / 2),
    ] {
        if *field > most {
            *field = most;
            // A default the link did not give is adjusted without a word.
            if let Some(given) = value(key) {
                problems.push(LabProblem {
                    key: key.into(),
                    given: shorten(given),
                    used: most.to_string(),
                });
            }
        }
    }
    Some(LabLink { settings, problems })
}

/// The training-step lab's prefix (issue 18, item 7: `ui::labs::training_step`).
pub const TRAINING_STEP_PREFIX: &str = "ts_";

/// The training-step lab's settings: the sentence's length, the learning rate, and whether the
/// read-out shares the word table (1) or has its own (0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingSettings {
    pub length: usize,
    pub lr: f64,
    pub tied: usize,
}

impl Default for TrainingSettings {
    fn default() -> Self {
        TrainingSettings {
            length: 4,
            lr: 0.5,
            tied: 0,
        }
    }
}

/// The tiny model's learned table has this many rows (and the sentence at most as many tokens);
/// its words, dimensions and seed are fixed, so every setting shows the same model.
pub const TRAINING_ROWS: usize = 8;
pub const TRAINING_VOCAB: usize = 8;
pub const TRAINING_DIM: usize = 4;
pub const TRAINING_SEED: u64 = 7;

/// The training-step lab's values in the URL.
pub const TRAINING_STEP_VALUES: LabValues<TrainingSettings> = LabValues {
    prefix: TRAINING_STEP_PREFIX,
    names: &[LabName {
        key: "ts_output",
        names: &["separate", "tied"],
        get: |s| s.tied,
        set: |s, i| s.tied = i,
    }],
    numbers: &[
        LabNumber {
            key: "ts_length",
            min: 1.0,
            max: TRAINING_ROWS as f64,
            whole: true,
            get: |s| s.length as f64,
            set: |s, v| s.length = v as usize,
        },
        LabNumber {
            key: "ts_lr",
            min: 0.05,
            max: 2.0,
            whole: false,
            get: |s| s.lr,
            set: |s, v| s.lr = v,
        },
    ],
};

/// The training-step lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{training_step_pairs, TrainingSettings};
/// assert_eq!(training_step_pairs(&TrainingSettings::default()), "ts_output=separate&ts_length=4&ts_lr=0.5");
/// ```
pub fn training_step_pairs(settings: &TrainingSettings) -> String {
    TRAINING_STEP_VALUES.pairs(settings)
}

/// Reads the training-step lab's values from a query string (`None` when it has none).
///
/// ```
/// use pe_explorer::lesson::lab_query::read_training_step;
/// let link = read_training_step("ts_length=20&ts_output=tied").unwrap();
/// assert_eq!((link.settings.length, link.settings.tied), (8, 1));
/// assert_eq!(link.problems[0].message(false), "The link's ts_length=20 cannot be used; using 8.");
/// ```
pub fn read_training_step(query: &str) -> Option<LabLink<TrainingSettings>> {
    TRAINING_STEP_VALUES.read(query)
}

/// The model-path lab's prefix (issue 18, item 6: `ui::labs::model_path`).
pub const MODEL_PATH_PREFIX: &str = "md_";

/// The model-path lab's settings: which kind of model the diagram draws (0 encoder–decoder,
/// 1 decoder-only) and how many sequences a batch holds (its length and width are the page's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelPathSettings {
    pub kind: usize,
    pub batch: usize,
}

impl Default for ModelPathSettings {
    fn default() -> Self {
        ModelPathSettings { kind: 0, batch: 2 }
    }
}

/// The largest batch the model-path lab offers.
pub const MODEL_BATCH_MAX: usize = 64;

/// The model-path lab's values in the URL.
pub const MODEL_PATH_VALUES: LabValues<ModelPathSettings> = LabValues {
    prefix: MODEL_PATH_PREFIX,
    names: &[LabName {
        key: "md_model",
        names: &["encoder-decoder", "decoder-only"],
        get: |s| s.kind,
        set: |s, i| s.kind = i,
    }],
    numbers: &[LabNumber {
        key: "md_batch",
        min: 1.0,
        max: MODEL_BATCH_MAX as f64,
        whole: true,
        get: |s| s.batch as f64,
        set: |s, v| s.batch = v as usize,
    }],
};

/// The model-path lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{model_path_pairs, ModelPathSettings};
/// assert_eq!(model_path_pairs(&ModelPathSettings::default()), "md_model=encoder-decoder&md_batch=2");
/// ```
pub fn model_path_pairs(settings: &ModelPathSettings) -> String {
    MODEL_PATH_VALUES.pairs(settings)
}

/// Reads the model-path lab's values from a query string (`None` when it has none).
///
/// ```
/// use pe_explorer::lesson::lab_query::read_model_path;
/// let link = read_model_path("md_model=decoder-only&md_batch=500").unwrap();
/// assert_eq!((link.settings.kind, link.settings.batch), (1, 64));
/// assert_eq!(link.problems[0].message(false), "The link's md_batch=500 cannot be used; using 64.");
/// ```
pub fn read_model_path(query: &str) -> Option<LabLink<ModelPathSettings>> {
    MODEL_PATH_VALUES.read(query)
}

/// The weight-tying lab's prefix (issue 18, item 8: `ui::labs::weight_tying`).
pub const WEIGHT_TYING_PREFIX: &str = "wt_";

/// The weight-tying lab's settings: which matrices share one weight (`Tying::ALL`'s index),
/// the vocabulary size and the lab's own d_model (real models are wider than the page's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TyingSettings {
    pub tying: usize,
    pub vocab: f64,
    pub d_model: f64,
}

impl Default for TyingSettings {
    /// The original transformer: one shared matrix, about 37 000 tokens, d_model 512.
    fn default() -> Self {
        TyingSettings {
            tying: 3,
            vocab: 37_000.0,
            d_model: 512.0,
        }
    }
}

/// The weight-tying lab's values in the URL.
pub const WEIGHT_TYING_VALUES: LabValues<TyingSettings> = LabValues {
    prefix: WEIGHT_TYING_PREFIX,
    names: &[LabName {
        key: "wt_tying",
        names: &["untied", "encoder-decoder", "decoder-output", "three-way"],
        get: |s| s.tying,
        set: |s, i| s.tying = i,
    }],
    numbers: &[
        LabNumber {
            key: "wt_vocab",
            min: 1_000.0,
            max: 256_000.0,
            whole: true,
            get: |s| s.vocab,
            set: |s, v| s.vocab = v,
        },
        LabNumber {
            key: "wt_d",
            min: 64.0,
            max: 8_192.0,
            whole: true,
            get: |s| s.d_model,
            set: |s, v| s.d_model = v,
        },
    ],
};

/// The weight-tying lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{weight_tying_pairs, TyingSettings};
/// assert_eq!(weight_tying_pairs(&TyingSettings::default()), "wt_tying=three-way&wt_vocab=37000&wt_d=512");
/// ```
pub fn weight_tying_pairs(settings: &TyingSettings) -> String {
    WEIGHT_TYING_VALUES.pairs(settings)
}

/// Reads the weight-tying lab's values from a query string (`None` when it has none).
///
/// ```
/// use pe_explorer::lesson::lab_query::read_weight_tying;
/// let link = read_weight_tying("wt_tying=twice&wt_vocab=50257").unwrap();
/// assert_eq!((link.settings.tying, link.settings.vocab), (3, 50257.0));
/// assert_eq!(link.problems[0].message(false), "The link's wt_tying=twice cannot be used; using three-way.");
/// ```
pub fn read_weight_tying(query: &str) -> Option<LabLink<TyingSettings>> {
    WEIGHT_TYING_VALUES.read(query)
}

/// The relative-bias lab's prefix (issue 20, item 2: `ui::labs::relative_bias`).
pub const RELATIVE_BIAS_PREFIX: &str = "rb_";

/// The relative-bias lab's settings: T5's variant (0 bidirectional, the encoder; 1 causal, the
/// decoder), its `num_buckets` and `max_distance`, Shaw's clipping k, and the length of the
/// bias matrix drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RelativeBiasSettings {
    pub causal: usize,
    pub buckets: usize,
    pub max_distance: usize,
    pub k: usize,
    pub length: usize,
}

impl Default for RelativeBiasSettings {
    fn default() -> Self {
        RelativeBiasSettings {
            causal: 0,
            buckets: crate::encoding::relative_bias::T5_NUM_BUCKETS,
            max_distance: crate::encoding::relative_bias::T5_MAX_DISTANCE,
            k: 4,
            length: 48,
        }
    }
}

impl RelativeBiasSettings {
    /// The distances T5 gives a bucket each: half of a half's buckets (num_buckets/4 for the
    /// encoder, num_buckets/2 for the decoder).
    pub fn exact(&self) -> usize {
        if self.causal == 1 {
            self.buckets / 2
        } else {
            self.buckets / 4
        }
    }

    /// The settings T5's formula accepts: an even bucket count, and max_distance beyond the
    /// exact distances (`t5_bucket` refuses the rest).
    pub fn fixed(mut self) -> Self {
        self.buckets = (self.buckets / 2 * 2).max(RELATIVE_BUCKETS_MIN);
        self.max_distance = self.max_distance.max(self.exact() + 1);
        self
    }
}

/// The fewest buckets T5's encoder variant can split (two halves of two).
pub const RELATIVE_BUCKETS_MIN: usize = 4;

/// The relative-bias lab's values in the URL.
pub const RELATIVE_BIAS_VALUES: LabValues<RelativeBiasSettings> = LabValues {
    prefix: RELATIVE_BIAS_PREFIX,
    names: &[LabName {
        key: "rb_variant",
        names: &["bidirectional", "causal"],
        get: |s| s.causal,
        set: |s, i| s.causal = i,
    }],
    numbers: &[
        LabNumber {
            key: "rb_buckets",
            min: RELATIVE_BUCKETS_MIN as f64,
            max: 128.0,
            whole: true,
            get: |s| s.buckets as f64,
            set: |s, v| s.buckets = v as usize,
        },
        LabNumber {
            key: "rb_max",
            min: 2.0,
            max: 2048.0,
            whole: true,
            get: |s| s.max_distance as f64,
            set: |s, v| s.max_distance = v as usize,
        },
        LabNumber {
            key: "rb_k",
            min: 1.0,
            max: 64.0,
            whole: true,
            get: |s| s.k as f64,
            set: |s, v| s.k = v as usize,
        },
        LabNumber {
            key: "rb_length",
            min: 4.0,
            max: 64.0,
            whole: true,
            get: |s| s.length as f64,
            set: |s, v| s.length = v as usize,
        },
    ],
};

/// The relative-bias lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{relative_bias_pairs, RelativeBiasSettings};
/// assert_eq!(relative_bias_pairs(&RelativeBiasSettings::default()), "rb_variant=bidirectional&rb_buckets=32&rb_max=128&rb_k=4&rb_length=48");
/// ```
pub fn relative_bias_pairs(settings: &RelativeBiasSettings) -> String {
    RELATIVE_BIAS_VALUES.pairs(settings)
}

/// Reads the relative-bias lab's values from a query string (`None` when it has none); an odd
/// bucket count or a max_distance inside the exact range is fixed and reported.
///
/// ```
/// use pe_explorer::lesson::lab_query::read_relative_bias;
/// let link = read_relative_bias("rb_buckets=33&rb_max=3").unwrap();
/// assert_eq!((link.settings.buckets, link.settings.max_distance), (32, 9));
/// assert_eq!(link.problems.len(), 2);
/// ```
pub fn read_relative_bias(query: &str) -> Option<LabLink<RelativeBiasSettings>> {
    RELATIVE_BIAS_VALUES.read_fixed(query, RelativeBiasSettings::fixed)
}

/// The NoPE lab's prefix (issue 20, item 3: `ui::labs::nope`).
pub const NOPE_PREFIX: &str = "np_";

/// The NoPE lab's settings: the mask (0 causal, 1 none), the sequence's length, and the
/// resolution ε = 10^(−digits) below which two outputs count as equal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NopeSettings {
    pub unmasked: usize,
    pub length: usize,
    pub digits: f64,
}

impl Default for NopeSettings {
    fn default() -> Self {
        NopeSettings {
            unmasked: 0,
            length: 64,
            digits: 3.0,
        }
    }
}

/// The NoPE lab's values in the URL.
pub const NOPE_VALUES: LabValues<NopeSettings> = LabValues {
    prefix: NOPE_PREFIX,
    names: &[LabName {
        key: "np_mask",
        names: &["causal", "none"],
        get: |s| s.unmasked,
        set: |s, i| s.unmasked = i,
    }],
    numbers: &[
        LabNumber {
            key: "np_length",
            min: 2.0,
            max: 1024.0,
            whole: true,
            get: |s| s.length as f64,
            set: |s, v| s.length = v as usize,
        },
        LabNumber {
            key: "np_digits",
            min: 1.0,
            max: 8.0,
            whole: false,
            get: |s| s.digits,
            set: |s, v| s.digits = v,
        },
    ],
};

/// The NoPE lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{nope_pairs, NopeSettings};
/// assert_eq!(nope_pairs(&NopeSettings::default()), "np_mask=causal&np_length=64&np_digits=3");
/// ```
pub fn nope_pairs(settings: &NopeSettings) -> String {
    NOPE_VALUES.pairs(settings)
}

/// Reads the NoPE lab's values from a query string (`None` when it has none).
///
/// ```
/// use pe_explorer::lesson::lab_query::read_nope;
/// let link = read_nope("np_mask=sideways&np_length=5000").unwrap();
/// assert_eq!((link.settings.unmasked, link.settings.length), (0, 1024));
/// assert_eq!(link.problems.len(), 2);
/// ```
pub fn read_nope(query: &str) -> Option<LabLink<NopeSettings>> {
    NOPE_VALUES.read(query)
}

/// The xPos lab's prefix (issue 20, item 4: `ui::labs::xpos`).
pub const XPOS_PREFIX: &str = "xp_";

/// The xPos lab's settings: the query and key (0 aligned, every pair (1, 0); 1 seeded random),
/// the head's width d, the scale base B, the longest distance drawn and the distance whose
/// per-pair factors are shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct XposSettings {
    pub random: usize,
    pub d: usize,
    pub scale_base: f64,
    pub reach: usize,
    pub distance: usize,
}

impl Default for XposSettings {
    fn default() -> Self {
        XposSettings {
            random: 0,
            d: 64,
            scale_base: crate::encoding::xpos::XPOS_SCALE_BASE,
            reach: 1024,
            distance: 256,
        }
    }
}

impl XposSettings {
    /// An even width, and a chosen distance within the drawn range.
    pub fn fixed(mut self) -> Self {
        self.d = (self.d / 2 * 2).max(2);
        self.distance = self.distance.min(self.reach);
        self
    }
}

/// The xPos lab's values in the URL.
pub const XPOS_VALUES: LabValues<XposSettings> = LabValues {
    prefix: XPOS_PREFIX,
    names: &[LabName {
        key: "xp_vectors",
        names: &["aligned", "random"],
        get: |s| s.random,
        set: |s, i| s.random = i,
    }],
    numbers: &[
        LabNumber {
            key: "xp_d",
            min: 2.0,
            max: 256.0,
            whole: true,
            get: |s| s.d as f64,
            set: |s, v| s.d = v as usize,
        },
        LabNumber {
            key: "xp_scale",
            min: 16.0,
            max: 8192.0,
            whole: true,
            get: |s| s.scale_base,
            set: |s, v| s.scale_base = v,
        },
        LabNumber {
            key: "xp_reach",
            min: 16.0,
            max: 8192.0,
            whole: true,
            get: |s| s.reach as f64,
            set: |s, v| s.reach = v as usize,
        },
        LabNumber {
            key: "xp_distance",
            min: 0.0,
            max: 8192.0,
            whole: true,
            get: |s| s.distance as f64,
            set: |s, v| s.distance = v as usize,
        },
    ],
};

/// The xPos lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{xpos_pairs, XposSettings};
/// assert_eq!(xpos_pairs(&XposSettings::default()), "xp_vectors=aligned&xp_d=64&xp_scale=512&xp_reach=1024&xp_distance=256");
/// ```
pub fn xpos_pairs(settings: &XposSettings) -> String {
    XPOS_VALUES.pairs(settings)
}

/// Reads the xPos lab's values from a query string (`None` when it has none); an odd width is
/// made even, and each such fix reported.
///
/// ```
/// use pe_explorer::lesson::lab_query::read_xpos;
/// let link = read_xpos("xp_d=33&xp_reach=100&xp_distance=500").unwrap();
/// assert_eq!((link.settings.d, link.settings.distance), (32, 100));
/// assert_eq!(link.problems.len(), 2);
/// ```
pub fn read_xpos(query: &str) -> Option<LabLink<XposSettings>> {
    XPOS_VALUES.read_fixed(query, XposSettings::fixed)
}

/// The image-RoPE lab's prefix (issue 20, item 5: `ui::labs::rope_2d`).
pub const ROPE_2D_PREFIX: &str = "r2_";

/// The image-RoPE lab's settings: the scheme (`GRID_SCHEMES`' index), the grid, the query
/// patch, the head's width d (a multiple of 4), the base, and the sectioned scheme's time and
/// height runs in pairs (width takes the rest of d/2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rope2dSettings {
    pub scheme: usize,
    pub rows: usize,
    pub columns: usize,
    pub row: usize,
    pub column: usize,
    pub d: usize,
    pub base: f64,
    pub time: usize,
    pub height: usize,
}

/// The image-RoPE lab's schemes as a link names them.
pub const GRID_SCHEMES: [&str; 3] = ["axial", "sections", "flattened"];

impl Default for Rope2dSettings {
    fn default() -> Self {
        Rope2dSettings {
            scheme: 0,
            rows: 12,
            columns: 12,
            row: 5,
            column: 5,
            d: 128,
            base: 10_000.0,
            time: 16,
            height: 24,
        }
    }
}

impl Rope2dSettings {
    /// A width that is a multiple of 4, a query patch inside the grid, and runs that fit d/2.
    pub fn fixed(mut self) -> Self {
        self.d = (self.d / 4 * 4).max(4);
        self.row = self.row.min(self.rows.max(1) - 1);
        self.column = self.column.min(self.columns.max(1) - 1);
        self.time = self.time.min(self.d / 2);
        self.height = self.height.min(self.d / 2 - self.time);
        self
    }

    /// The scheme as the core takes it.
    pub fn grid_scheme(&self) -> crate::encoding::rope_2d::GridScheme {
        use crate::encoding::rope_2d::GridScheme;
        match self.scheme {
            1 => GridScheme::Sections {
                time: self.time,
                height: self.height,
            },
            2 => GridScheme::Flattened,
            _ => GridScheme::Axial,
        }
    }
}

/// The image-RoPE lab's values in the URL.
pub const ROPE_2D_VALUES: LabValues<Rope2dSettings> = LabValues {
    prefix: ROPE_2D_PREFIX,
    names: &[LabName {
        key: "r2_scheme",
        names: &GRID_SCHEMES,
        get: |s| s.scheme,
        set: |s, i| s.scheme = i,
    }],
    numbers: &[
        LabNumber {
            key: "r2_rows",
            min: 1.0,
            max: 32.0,
            whole: true,
            get: |s| s.rows as f64,
            set: |s, v| s.rows = v as usize,
        },
        LabNumber {
            key: "r2_columns",
            min: 1.0,
            max: 32.0,
            whole: true,
            get: |s| s.columns as f64,
            set: |s, v| s.columns = v as usize,
        },
        LabNumber {
            key: "r2_row",
            min: 0.0,
            max: 31.0,
            whole: true,
            get: |s| s.row as f64,
            set: |s, v| s.row = v as usize,
        },
        LabNumber {
            key: "r2_column",
            min: 0.0,
            max: 31.0,
            whole: true,
            get: |s| s.column as f64,
            set: |s, v| s.column = v as usize,
        },
        LabNumber {
            key: "r2_d",
            min: 4.0,
            max: 256.0,
            whole: true,
            get: |s| s.d as f64,
            set: |s, v| s.d = v as usize,
        },
        LabNumber {
            key: "r2_base",
            min: 10.0,
            max: 10_000_000.0,
            whole: false,
            get: |s| s.base,
            set: |s, v| s.base = v,
        },
        LabNumber {
            key: "r2_time",
            min: 0.0,
            max: 128.0,
            whole: true,
            get: |s| s.time as f64,
            set: |s, v| s.time = v as usize,
        },
        LabNumber {
            key: "r2_height",
            min: 0.0,
            max: 128.0,
            whole: true,
            get: |s| s.height as f64,
            set: |s, v| s.height = v as usize,
        },
    ],
};

/// The image-RoPE lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{rope_2d_pairs, Rope2dSettings};
/// assert_eq!(rope_2d_pairs(&Rope2dSettings::default()), "r2_scheme=axial&r2_rows=12&r2_columns=12&r2_row=5&r2_column=5&r2_d=128&r2_base=10000&r2_time=16&r2_height=24");
/// ```
pub fn rope_2d_pairs(settings: &Rope2dSettings) -> String {
    ROPE_2D_VALUES.pairs(settings)
}

/// Reads the image-RoPE lab's values from a query string (`None` when it has none); the query
/// patch is kept inside the grid and the runs inside d/2.
///
/// ```
/// use pe_explorer::lesson::lab_query::read_rope_2d;
/// let link = read_rope_2d("r2_rows=4&r2_row=9&r2_d=30").unwrap();
/// assert_eq!((link.settings.row, link.settings.d), (3, 28));
/// assert_eq!(link.problems[0].message(false), "The link's r2_row=9 cannot be used; using 3.");
/// ```
pub fn read_rope_2d(query: &str) -> Option<LabLink<Rope2dSettings>> {
    ROPE_2D_VALUES.read_fixed(query, Rope2dSettings::fixed)
}

/// `query` without the pairs under `prefix`.
///
/// ```
/// use pe_explorer::lesson::lab_query::without_prefix;
/// assert_eq!(without_prefix("?k=6&rx_s=2&lang=en", "rx_"), "k=6&lang=en");
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

/// The training lab's prefix (issue 21: `ui::labs::train`, trained by `src/bin/trainer.rs`).
pub const TRAIN_PREFIX: &str = "tr_";

/// The training lab's tasks in the URL, in `TrainSettings::task`'s order.
pub const TRAIN_TASKS: [&str; 4] = ["copy-back", "token-at", "reverse", "count"];
/// The position schemes in the URL, in `PositionScheme::ALL`'s order.
pub const TRAIN_SCHEMES: [&str; 5] = ["none", "learned", "sinusoidal", "rope", "alibi"];

/// The training lab's settings: the task (an index of `TRAIN_TASKS`) and its k or j, the two
/// schemes trained side by side, the model's sizes, Adam's learning rate, the steps and the seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainSettings {
    pub task: usize,
    /// k for copying k back, j for the token at j.
    pub offset: usize,
    pub schemes: [usize; 2],
    pub length: usize,
    pub d_model: usize,
    pub heads: usize,
    pub lr: f64,
    pub steps: usize,
    pub seed: u64,
}

impl Default for TrainSettings {
    /// Copy 2 back with a learned table against RoPE, at `TinyConfig::lab_default`'s sizes,
    /// lr 0.01, 300 steps, seed 1: the README's measured run.
    fn default() -> Self {
        TrainSettings {
            task: 0,
            offset: 2,
            schemes: [1, 3],
            length: 12,
            d_model: 16,
            heads: 2,
            lr: 0.01,
            steps: 300,
            seed: 1,
        }
    }
}

impl TrainSettings {
    /// The rules between the numbers: k or j inside the sequence, and a width that splits into
    /// the heads with an even width each (RoPE turns pairs).
    pub fn fixed(mut self) -> Self {
        self.offset = self.offset.min(self.length - 1);
        let unit = 2 * self.heads;
        self.d_model = (self.d_model / unit * unit).max(unit);
        self
    }

    pub fn task(&self) -> Task {
        match self.task {
            0 => Task::CopyBack(self.offset),
            1 => Task::TokenAt(self.offset),
            2 => Task::Reverse,
            _ => Task::Count,
        }
    }

    /// The model trained with scheme `which` (0 or 1): 8 tokens, a table of twice the length
    /// (so the views can ask for twice the training length), the causal mask except where the
    /// task needs the whole sequence (`TinyConfig::lab_default`'s rule).
    pub fn config(&self, which: usize) -> TinyConfig {
        let scheme = PositionScheme::ALL[self.schemes[which.min(1)].min(4)];
        TinyConfig {
            length: self.length,
            table_rows: 2 * self.length,
            d_model: self.d_model,
            heads: self.heads,
            ..TinyConfig::lab_default(scheme, self.task())
        }
    }
}

/// The longest training sequence the lab offers (its views ask for twice it).
pub const TRAIN_LENGTH_MAX: usize = 32;

const fn scheme_name(key: &'static str, which: usize) -> LabName<TrainSettings> {
    LabName {
        key,
        names: &TRAIN_SCHEMES,
        get: [
            |s: &TrainSettings| s.schemes[0],
            |s: &TrainSettings| s.schemes[1],
        ][which],
        set: [
            |s: &mut TrainSettings, i| s.schemes[0] = i,
            |s: &mut TrainSettings, i| s.schemes[1] = i,
        ][which],
    }
}

/// The training lab's values in the URL: what a shared link needs to train the same run.
pub const TRAIN_VALUES: LabValues<TrainSettings> = LabValues {
    prefix: TRAIN_PREFIX,
    names: &[
        LabName {
            key: "tr_task",
            names: &TRAIN_TASKS,
            get: |s| s.task,
            set: |s, i| s.task = i,
        },
        scheme_name("tr_a", 0),
        scheme_name("tr_b", 1),
    ],
    numbers: &[
        LabNumber {
            key: "tr_k",
            min: 0.0,
            max: (TRAIN_LENGTH_MAX - 1) as f64,
            whole: true,
            get: |s| s.offset as f64,
            set: |s, v| s.offset = v as usize,
        },
        LabNumber {
            key: "tr_length",
            min: 4.0,
            max: TRAIN_LENGTH_MAX as f64,
            whole: true,
            get: |s| s.length as f64,
            set: |s, v| s.length = v as usize,
        },
        LabNumber {
            key: "tr_d",
            min: 4.0,
            max: 64.0,
            whole: true,
            get: |s| s.d_model as f64,
            set: |s, v| s.d_model = v as usize,
        },
        LabNumber {
            key: "tr_heads",
            min: 1.0,
            max: 2.0,
            whole: true,
            get: |s| s.heads as f64,
            set: |s, v| s.heads = v as usize,
        },
        // 0 is allowed (the lab says the weights never move); the slider stops at 100.
        LabNumber {
            key: "tr_lr",
            min: 0.0,
            max: 1000.0,
            whole: false,
            get: |s| s.lr,
            set: |s, v| s.lr = v,
        },
        LabNumber {
            key: "tr_steps",
            min: 10.0,
            max: 5000.0,
            whole: true,
            get: |s| s.steps as f64,
            set: |s, v| s.steps = v as usize,
        },
        LabNumber {
            key: "tr_seed",
            min: 0.0,
            max: 1e9,
            whole: true,
            get: |s| s.seed as f64,
            set: |s, v| s.seed = v as u64,
        },
    ],
};

/// The training lab's values as URL pairs.
///
/// ```
/// use pe_explorer::lesson::lab_query::{train_pairs, TrainSettings};
/// assert_eq!(
///     train_pairs(&TrainSettings::default()),
///     "tr_task=copy-back&tr_a=learned&tr_b=rope&tr_k=2&tr_length=12&tr_d=16&tr_heads=2\
///      &tr_lr=0.01&tr_steps=300&tr_seed=1"
/// );
/// ```
pub fn train_pairs(settings: &TrainSettings) -> String {
    TRAIN_VALUES.pairs(settings)
}

/// Reads the training lab's values from a query string (`None` when it has none), with the
/// rules between them applied (`TrainSettings::fixed`).
///
/// ```
/// use pe_explorer::lesson::lab_query::read_train;
/// let link = read_train("tr_a=transformer&tr_length=100&tr_d=15&tr_k=40&tr_lr=-1").unwrap();
/// let s = link.settings;
/// assert_eq!((s.schemes[0], s.length, s.d_model, s.offset, s.lr), (1, 32, 12, 31, 0.0));
/// assert_eq!(link.problems.len(), 5);
/// ```
pub fn read_train(query: &str) -> Option<LabLink<TrainSettings>> {
    TRAIN_VALUES.read_fixed(query, TrainSettings::fixed)
}

/// A given value as a message quotes it: at most 24 characters.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(24).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_reads_back_what_the_lab_wrote() {
        let mut lab = Extension::from_config(&read_config(PRESETS[3].config).unwrap().config);
        lab.method = Method::Ntk;
        lab.factor = 6.5;
        lab.target = 1 << 19;
        let query = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(rope_extension_pairs(3, &lab))
            .finish();
        let link = read_rope_extension(&format!("?k=6&{query}")).unwrap();
        assert_eq!(link.preset, 3);
        assert_eq!(link.lab, lab);
        assert!(link.problems.is_empty());
        assert_eq!(read_rope_extension("?k=6&lang=en"), None);
    }

    #[test]
    fn bad_values_are_clamped_or_kept_and_each_is_reported() {
        let link = read_rope_extension(
            "rx_model=9&rx_method=magic&rx_trained=abc&rx_s=1e9&rx_target=1000.4",
        )
        .unwrap();
        assert_eq!(link.preset, 0);
        assert_eq!(link.lab.method, Method::Direct);
        assert_eq!(link.lab.trained, 4096);
        assert_eq!(link.lab.factor, 64.0);
        assert_eq!(link.lab.target, 1000);
        let keys: Vec<&str> = link.problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(
            keys,
            ["rx_model", "rx_method", "rx_trained", "rx_target", "rx_s"]
        );
        assert_eq!(
            link.problems[4].message(false),
            "The link's rx_s=1e9 cannot be used; using 64."
        );
        // LongRoPE needs a config's factors, which a link does not carry.
        let link = read_rope_extension("rx_method=longrope").unwrap();
        assert_eq!(link.lab.method, Method::Direct);
        assert_eq!(link.problems.len(), 1);
        // Crossed β values are uncrossed.
        let link = read_rope_extension("rx_method=yarn&rx_beta_fast=2&rx_beta_slow=8").unwrap();
        assert!(link.lab.beta_fast > link.lab.beta_slow);
    }
}
