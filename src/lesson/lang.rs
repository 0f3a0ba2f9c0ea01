//! The interface language: part of the lesson state, so a shared link opens in the language it
//! was made in. Its strings live in `i18n`, which builds on this module.

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

    /// The slot of this language in a pair of texts written `[english, chinese]`.
    ///
    /// ```
    /// use pe_explorer::lesson::Lang;
    /// assert_eq!(["a", "甲"][Lang::Zh.index()], "甲");
    /// ```
    pub fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Zh => 1,
        }
    }

    /// This language's text of a pair written `[english, chinese]`: how every text given in
    /// both languages is read (the labs' words, the lesson's).
    ///
    /// ```
    /// use pe_explorer::lesson::Lang;
    /// assert_eq!(Lang::Zh.pick(["a", "甲"]), "甲");
    /// ```
    pub fn pick<T>(self, pair: [T; 2]) -> T {
        let [english, chinese] = pair;
        match self {
            Lang::En => english,
            Lang::Zh => chinese,
        }
    }

    /// The BCP 47 tag for `<html lang>`.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The colon after a label in a read-out built from pieces: full-width in Chinese prose.
    pub fn colon(self) -> &'static str {
        match self {
            Lang::En => ": ",
            Lang::Zh => "：",
        }
    }

    /// The comma between two equations in a line of prose (`pos = 60，pos + k = 63`): full-width
    /// in Chinese.
    pub fn comma(self) -> &'static str {
        match self {
            Lang::En => ", ",
            Lang::Zh => "，",
        }
    }

    /// The semicolon between two read-outs in one line: full-width in Chinese prose.
    pub fn semicolon(self) -> &'static str {
        match self {
            Lang::En => "; ",
            Lang::Zh => "；",
        }
    }

    /// Reads `en`, `zh`, or a browser tag such as `zh-CN`, `zh-Hans-SG`, `en-GB`.
    ///
    /// ```
    /// use pe_explorer::lesson::Lang;
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
}
