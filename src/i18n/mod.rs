//! Every user-visible string, in English and 简体中文, in one typed table.
//!
//! A small table instead of `leptos_i18n`: the strings are few, the notices need structured
//! arguments that we format ourselves, and a `match` over an enum makes a missing translation a
//! compile error rather than a runtime fallback. The `strings!` macro requires both languages
//! for every key; `tests::every_key_has_both_languages` also rejects empty or untranslated text.

use crate::lesson::{Field, Notice, Reason};

/// The interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// The value in the URL (`lang=en` / `lang=zh`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The BCP 47 tag for `<html lang>`.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// Reads `en`, `zh`, or a browser tag such as `zh-CN`, `zh-Hans-SG`, `en-GB`.
    ///
    /// ```
    /// use pe_explorer::i18n::Lang;
    /// assert_eq!(Lang::from_tag("zh-TW"), Some(Lang::Zh));
    /// assert_eq!(Lang::from_tag("fr"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The string for `key` in this language.
    pub fn t(self, key: Key) -> &'static str {
        match self {
            Lang::En => key.en(),
            Lang::Zh => key.zh(),
        }
    }
}

macro_rules! strings {
    ($($key:ident => $en:expr, $zh:expr;)*) => {
        /// A user-visible string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key { $($key),* }

        impl Key {
            /// Every key, for the completeness test.
            pub const ALL: &'static [Key] = &[$(Key::$key),*];

            fn en(self) -> &'static str {
                match self { $(Key::$key => $en),* }
            }

            fn zh(self) -> &'static str {
                match self { $(Key::$key => $zh),* }
            }
        }
    };
}

strings! {
    AppName => "PE Explorer", "位置编码探索器";
    Tagline => "How a transformer knows where each word is: positional encodings, live.",
               "Transformer 如何知道每个词在哪里：可交互的位置编码。";
    Controls => "Parameters", "参数";
    DModelLabel => "model width", "模型维度";
    LengthLabel => "sequence length", "序列长度";
    PosLabel => "position", "位置";
    KLabel => "offset", "偏移量";
    PairLabel => "dimension pair (2i, 2i+1)", "维度对 (2i, 2i+1)";
    BaseLabel => "frequency base", "频率底数";
    LayoutLabel => "layout", "排列方式";
    LayoutInterleaved => "interleaved (sin, cos, sin, cos…)", "交错（sin, cos, sin, cos…）";
    LayoutSplit => "split halves (all sin, then all cos)", "分半（先全部 sin，再全部 cos）";
    NoticeTitle => "Some values in the link were corrected:", "链接中的部分参数已被修正：";
    Dismiss => "Dismiss", "关闭";
    VectorTitle => "The encoding of one position", "单个位置的编码向量";
    VectorText => "Each bar is one dimension of PE(pos). Even dimensions hold sines, odd ones cosines; the left pairs turn fast as pos changes, the right ones slowly. Move pos and watch the left end change first.",
                  "每根柱子是 PE(pos) 的一个维度。偶数维是正弦，奇数维是余弦；随着 pos 变化，左侧的维度对转得快，右侧的转得慢。拖动 pos，先变化的是左端。";
    AxisDimension => "dimension", "维度";
    AxisValue => "value", "数值";
    ReasonMalformed => "is not a valid value", "不是有效的值";
    ReasonNotWhole => "is not a whole number", "不是整数";
    ReasonOdd => "is odd", "是奇数";
    ReasonTooSmall => "is below the minimum", "低于最小值";
    ReasonTooLarge => "is above the maximum", "超过最大值";
    ReasonBeyond => "is out of range for the other settings", "超出了其他参数允许的范围";
    ReasonRepeated => "was given more than once", "出现了不止一次";
    Using => "using", "改用";
    NoScript => "PE Explorer needs JavaScript and WebAssembly.", "位置编码探索器需要 JavaScript 和 WebAssembly。";
}

/// The label of a parameter's control.
pub fn field_label(field: Field) -> Key {
    match field {
        Field::DModel => Key::DModelLabel,
        Field::Length => Key::LengthLabel,
        Field::Pos => Key::PosLabel,
        Field::K => Key::KLabel,
        Field::Pair => Key::PairLabel,
        Field::Base => Key::BaseLabel,
        Field::Layout => Key::LayoutLabel,
    }
}

/// A URL notice in the chosen language, e.g. "d_model=7 is odd; using 8".
///
/// ```
/// use pe_explorer::{i18n::{notice_text, Lang}, lesson::from_query};
/// let n = &from_query("d_model=7").notices[0];
/// assert_eq!(notice_text(Lang::En, n), "d_model=7 is odd; using 8");
/// assert_eq!(notice_text(Lang::Zh, n), "d_model=7 是奇数；改用 8");
/// ```
pub fn notice_text(lang: Lang, notice: &Notice) -> String {
    let why = match notice.reason {
        Reason::Malformed => Key::ReasonMalformed,
        Reason::NotWhole => Key::ReasonNotWhole,
        Reason::Odd => Key::ReasonOdd,
        Reason::TooSmall => Key::ReasonTooSmall,
        Reason::TooLarge => Key::ReasonTooLarge,
        Reason::BeyondDependent => Key::ReasonBeyond,
        Reason::Repeated => Key::ReasonRepeated,
    };
    let (space, semicolon) = match lang {
        Lang::En => (" ", "; "),
        Lang::Zh => (" ", "；"),
    };
    format!(
        "{}={}{space}{}{semicolon}{} {}",
        notice.field.symbol(),
        notice.given,
        lang.t(why),
        lang.t(Key::Using),
        notice.used
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_both_languages() {
        for key in Key::ALL {
            let (en, zh) = (key.en(), key.zh());
            assert!(!en.trim().is_empty(), "{key:?} has no English text");
            assert!(!zh.trim().is_empty(), "{key:?} has no Chinese text");
            let has_cjk = zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(
                has_cjk,
                "{key:?}: the Chinese text has no Chinese characters"
            );
        }
    }

    #[test]
    fn english_notice_matches_the_core_wording() {
        for query in ["d_model=7", "pos=NaN", "k=1e99", "pos=1&pos=2", "length=0"] {
            for n in crate::lesson::from_query(query).notices {
                assert_eq!(notice_text(Lang::En, &n), n.to_string());
            }
        }
    }
}
