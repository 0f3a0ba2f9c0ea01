//! The labs' own URL values (docs/architecture.md, "Labs"). The page's URL table (`query`) is
//! compiled into the page every student loads, so a lab keeps its values under its own prefix
//! (`rx_` for the context-extension lab), which the page's reader ignores: the lab reads them
//! from the link as it was opened and writes them back beside the page's values.
//!
//! A lab's values: one row per number in a declarative table (`ROPE_EXTENSION`), with its key, its
//! range and where it lives, and the few named values (the model, the method) beside it.

use crate::encoding::rope_config::read_config;
use crate::encoding::rope_scaling::{Extension, Method, PRESETS};

/// The context-extension lab's prefix.
pub const ROPE_EXTENSION_PREFIX: &str = "rx_";

/// Every lab's prefix: the pairs a shared link carries beside the page's.
pub const LAB_PREFIXES: [&str; 1] = [ROPE_EXTENSION_PREFIX];

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

/// One number of a lab in the URL: its key, the range it may take, and where it lives.
pub struct LabNumber {
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    /// Whole numbers only (lengths).
    pub whole: bool,
    pub get: fn(&Extension) -> f64,
    pub set: fn(&mut Extension, f64),
}

/// The context-extension lab's numbers, as its sliders offer them.
pub const ROPE_EXTENSION: [LabNumber; 8] = [
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
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| k.starts_with(ROPE_EXTENSION_PREFIX))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let mut problems = Vec::new();
    let value = |key: &str| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
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
    for number in &ROPE_EXTENSION {
        let Some(text) = value(number.key) else {
            continue;
        };
        let parsed = crate::lesson::decimal::parse_decimal(text).filter(|v| v.is_finite());
        let used = match parsed {
            Some(v) => {
                let v = if number.whole { v.round() } else { v };
                v.clamp(number.min, number.max)
            }
            None => (number.get)(&lab),
        };
        if parsed != Some(used) {
            problems.push(LabProblem {
                key: number.key.into(),
                given: shorten(text),
                used: format!("{used}"),
            });
        }
        (number.set)(&mut lab, used);
    }
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
