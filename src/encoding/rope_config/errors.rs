//! What is wrong with a configuration, and its message in both languages.

use super::{
    Transformers, LARGEST, LARGEST_BASE, LARGEST_FACTOR, LARGEST_LAYERS, LARGEST_MULTIPLIER,
    LARGEST_ROTARY_DIM, LARGEST_TEXT, TYPES,
};

/// What is wrong with a configuration; `field` is the key's path (`rope_scaling.factor`).
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    /// Nothing but white space.
    Empty,
    /// Longer than `LARGEST_TEXT` bytes (not parsed).
    TooLarge {
        bytes: usize,
    },
    /// Not JSON; where the parser stopped.
    NotJson {
        line: usize,
        column: usize,
    },
    /// JSON nested deeper than the parser goes (128 levels); where it stopped.
    TooDeep {
        line: usize,
        column: usize,
    },
    /// A JSON number too large for a double (such as 1e400); where it stopped.
    NumberTooLarge {
        line: usize,
        column: usize,
    },
    /// The configuration, or `rope_scaling`, is not a JSON object.
    NotObject {
        field: String,
    },
    Missing {
        field: String,
    },
    /// Present with the wrong kind of value.
    WrongType {
        field: String,
        expected: Expected,
    },
    /// A number outside what the field allows.
    OutOfRange {
        field: String,
        value: f64,
        rule: Rule,
    },
    WrongLength {
        field: String,
        expected: usize,
        got: usize,
    },
    UnknownType {
        name: String,
    },
    /// A factor transformers 4 needs as a number and 5 computes from the lengths.
    NullBefore5 {
        field: String,
        rules: Transformers,
    },
    /// A per-layer list longer than `LARGEST_LAYERS`.
    TooManyLayers {
        field: String,
        got: usize,
    },
}

/// The kind of value a field needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Expected {
    Number,
    WholeNumber,
    Text,
    TrueOrFalse,
    ListOfNumbers,
    ListOfText,
}

/// The range a number must lie in.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// From 1 to `LARGEST_FACTOR` (a scale factor).
    Factor,
    /// Above 1, at most `LARGEST_BASE` (a base).
    Base,
    /// > 0.
    Positive,
    /// In (0, 1].
    Share,
    /// Above 0, at most `LARGEST_MULTIPLIER` (a factor on the logits).
    Multiplier,
    /// From 0 to `LARGEST_MULTIPLIER` (0 means "not given", as Python's truthiness reads it).
    MultiplierOrZero,
    /// A whole number from 1 to `LARGEST`.
    Count,
    /// At most the head's width (a rotated width).
    AtMostHead(usize),
    /// Larger than the named field's value.
    Above(String),
    /// The rotary dimension head_dim × partial_rotary_factor must be even, at least the value
    /// and at most `LARGEST_ROTARY_DIM`.
    EvenRotaryDim(usize),
}

/// A pasted number as a message shows it: as written for ordinary sizes, in e-notation when it
/// is huge or tiny (`1e300`, not three hundred digits).
fn readable(value: f64) -> String {
    if value != 0.0 && !(1e-4..1e9).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(false))
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    /// The message, in English or Chinese.
    pub fn message(&self, chinese: bool) -> String {
        let expected = |e: &Expected| match (e, chinese) {
            (Expected::Number, false) => "a number",
            (Expected::Number, true) => "数字",
            (Expected::WholeNumber, false) => "a whole number",
            (Expected::WholeNumber, true) => "整数",
            (Expected::Text, false) => "a string",
            (Expected::Text, true) => "字符串",
            (Expected::TrueOrFalse, false) => "true or false",
            (Expected::TrueOrFalse, true) => "true 或 false",
            (Expected::ListOfNumbers, false) => "a list of numbers",
            (Expected::ListOfNumbers, true) => "数字列表",
            (Expected::ListOfText, false) => "a list of strings",
            (Expected::ListOfText, true) => "字符串列表",
        };
        match (self, chinese) {
            (ConfigError::Empty, false) => "The config is empty: paste a config.json or its rope fields.".into(),
            (ConfigError::Empty, true) => "配置为空：请粘贴 config.json 或其中与 rope 有关的字段。".into(),
            (ConfigError::TooLarge { bytes }, false) => format!("The paste is {bytes} bytes ({:.1} MB); at most {LARGEST_TEXT} are read.", *bytes as f64 / 1e6),
            (ConfigError::TooLarge { bytes }, true) => format!("粘贴的内容有 {bytes} 字节（{:.1} MB）；最多读取 {LARGEST_TEXT} 字节。", *bytes as f64 / 1e6),
            (ConfigError::TooDeep { line, column }, false) => format!("JSON nested too deep to read (over 128 levels): stopped at line {line}, column {column}."),
            (ConfigError::TooDeep { line, column }, true) => format!("JSON 嵌套过深（超过 128 层），无法读取：停在第 {line} 行第 {column} 列。"),
            (ConfigError::NumberTooLarge { line, column }, false) => format!("The number at line {line}, column {column} is out of range (above 1.8e308)."),
            (ConfigError::NumberTooLarge { line, column }, true) => format!("第 {line} 行第 {column} 列处的数字超出范围（大于 1.8e308）。"),
            (ConfigError::NotJson { line, column }, false) => format!("Not JSON: the text stops making sense at line {line}, column {column}."),
            (ConfigError::NotJson { line, column }, true) => format!("不是 JSON：从第 {line} 行第 {column} 列起无法解析。"),
            (ConfigError::NotObject { field }, false) => format!("{field} must be a JSON object ({{ … }})."),
            (ConfigError::NotObject { field }, true) => format!("{field} 必须是 JSON 对象（{{ … }}）。"),
            (ConfigError::Missing { field }, false) => format!("{field} is missing."),
            (ConfigError::Missing { field }, true) => format!("缺少 {field}。"),
            (ConfigError::WrongType { field, expected: e }, false) => format!("{field} must be {}.", expected(e)),
            (ConfigError::WrongType { field, expected: e }, true) => format!("{field} 必须是{}。", expected(e)),
            (ConfigError::OutOfRange { field, value, rule }, false) => format!(
                "{field} is {}; it must be {}.",
                readable(*value),
                match rule {
                    Rule::Factor => format!("from {} to {LARGEST_FACTOR}", 1.0 / LARGEST_FACTOR),
                    Rule::Base => format!("greater than 1 and at most {LARGEST_BASE:e}"),
                    Rule::Positive => "greater than 0".to_string(),
                    Rule::Multiplier => format!("greater than 0 and at most {LARGEST_MULTIPLIER}"),
                    Rule::MultiplierOrZero => format!("from 0 to {LARGEST_MULTIPLIER}"),
                    Rule::Share => "greater than 0 and at most 1".to_string(),
                    Rule::Count => format!("a whole number from 1 to {LARGEST}"),
                    Rule::AtMostHead(width) => format!("at most the head's width, {width}"),
                    Rule::Above(other) => format!("greater than {other}"),
                    Rule::EvenRotaryDim(least) => format!("even, at least {least} and at most {LARGEST_ROTARY_DIM} (head_dim × partial_rotary_factor, the rotary dimension)"),
                }
            ),
            (ConfigError::OutOfRange { field, value, rule }, true) => format!(
                "{field} 为 {}，但必须{}。",
                readable(*value),
                match rule {
                    Rule::Factor => format!("在 {} 到 {LARGEST_FACTOR} 之间", 1.0 / LARGEST_FACTOR),
                    Rule::Base => format!("大于 1 且不超过 {LARGEST_BASE:e}"),
                    Rule::Positive => "大于 0".to_string(),
                    Rule::Multiplier => format!("大于 0 且不超过 {LARGEST_MULTIPLIER}"),
                    Rule::MultiplierOrZero => format!("在 0 到 {LARGEST_MULTIPLIER} 之间"),
                    Rule::Share => "大于 0 且不超过 1".to_string(),
                    Rule::Count => format!("是 1 到 {LARGEST} 之间的整数"),
                    Rule::AtMostHead(width) => format!("不超过每个头的维度 {width}"),
                    Rule::Above(other) => format!("大于 {other}"),
                    Rule::EvenRotaryDim(least) => format!("是不小于 {least}、不大于 {LARGEST_ROTARY_DIM} 的偶数（即旋转维度 head_dim × partial_rotary_factor）"),
                }
            ),
            (ConfigError::WrongLength { field, expected, got }, false) => format!("{field} has {got} numbers; the rotary dimension needs {expected}, one per pair."),
            (ConfigError::WrongLength { field, expected, got }, true) => format!("{field} 有 {got} 个数，而旋转维度需要 {expected} 个，每个维度对一个。"),
            (ConfigError::UnknownType { name }, false) => format!("Unknown rope_scaling type \"{name}\": known types are {}.", TYPES.join(", ")),
            (ConfigError::NullBefore5 { field, rules }, false) => format!("{field} is missing or null: {} stops on this config with an error (it needs the number; transformers 5 takes max_position_embeddings / original_max_position_embeddings).", rules.label(false)),
            (ConfigError::NullBefore5 { field, rules }, true) => format!("{field} 缺失或为 null：{} 读取这个配置时会报错停止（它要求这里是一个数；transformers 5 则取 max_position_embeddings / original_max_position_embeddings）。", rules.label(true)),
            (ConfigError::TooManyLayers { field, got }, false) => format!("{field} lists {got} layers; at most {LARGEST_LAYERS} are read."),
            (ConfigError::TooManyLayers { field, got }, true) => format!("{field} 列出了 {got} 层；最多读取 {LARGEST_LAYERS} 层。"),
            (ConfigError::UnknownType { name }, true) => format!("未知的 rope_scaling 类型“{name}”：已知类型为 {}。", TYPES.join("、")),
        }
    }
}
