//! The Chinese texts, outside the page's wasm.
//!
//! The `strings!` table holds both languages, and every native build (the tests, the prerender)
//! compiles both. The page's wasm compiles only the English: the Chinese texts (a third of the
//! strings' bytes, and growing with every lesson) would be downloaded by every student, most of
//! whom read one language. The prerender writes them to [`CHINESE_FILE`], one text per line in
//! the order of [`Key::ALL`], and the page loads that file the first time it needs Chinese
//! (a `lang=zh` link, a Chinese browser, the language button). docs/bundle.md has the saving.
//!
//! The file starts with the table's fingerprint (a hash of its key names): a file from another
//! version of the table is refused rather than read into the wrong keys, and the page asks for
//! `zh.txt?<fingerprint>` so that no cache hands it an old one.

use super::Key;

/// The file the Chinese texts are written to, next to `index.html`.
pub const CHINESE_FILE: &str = "zh.txt";

/// FNV-1a (64 bit) over the key names, each followed by a 0 byte.
const fn fingerprint_of(names: &[&str]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut n = 0;
    while n < names.len() {
        let bytes = names[n].as_bytes();
        let mut b = 0;
        while b <= bytes.len() {
            let byte = if b < bytes.len() { bytes[b] } else { 0 };
            hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
            b += 1;
        }
        n += 1;
    }
    hash
}

/// The fingerprint of the current table: changes when a key is added, removed or moved.
pub const FINGERPRINT: u64 = fingerprint_of(Key::NAMES);

/// The address the page loads the texts from.
pub fn file_address() -> String {
    format!("{CHINESE_FILE}?{FINGERPRINT:016x}")
}

/// Why a Chinese file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChineseFileError {
    /// Written for another version of the table.
    OtherVersion,
    /// Not as many texts as keys.
    WrongCount,
}

/// The file's text: the fingerprint on the first line, then each key's text, with `\` and line
/// breaks escaped as `\\` and `\n`.
#[cfg(not(target_arch = "wasm32"))]
pub fn file_text() -> String {
    let mut text = format!("{FINGERPRINT:016x}\n");
    for key in Key::ALL {
        text.push_str(&key.zh().replace('\\', "\\\\").replace('\n', "\\n"));
        text.push('\n');
    }
    text
}

/// The texts of a file written by `file_text` (native builds only), in the order of [`Key::ALL`].
///
/// ```
/// use pe_explorer::i18n::chinese::{file_text, parse, ChineseFileError};
/// let texts = parse(&file_text()).unwrap();
/// assert_eq!(texts[0], "位置编码探索器");
/// assert_eq!(parse("0000000000000000\n"), Err(ChineseFileError::OtherVersion));
/// ```
pub fn parse(text: &str) -> Result<Vec<String>, ChineseFileError> {
    let mut lines = text.lines();
    let header = format!("{FINGERPRINT:016x}");
    if lines.next() != Some(header.as_str()) {
        return Err(ChineseFileError::OtherVersion);
    }
    let texts: Vec<String> = lines.map(unescape).collect();
    if texts.len() == Key::ALL.len() {
        Ok(texts)
    } else {
        Err(ChineseFileError::WrongCount)
    }
}

/// Undoes the escapes of `file_text` (native builds only).
fn unescape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(target_arch = "wasm32")]
mod installed {
    use std::cell::OnceCell;

    thread_local! {
        /// The loaded texts, kept for the page's life (a few tens of KB).
        static TEXTS: OnceCell<Vec<&'static str>> = const { OnceCell::new() };
    }

    /// Keeps `texts` as the page's Chinese (the first call wins).
    pub fn install(texts: Vec<String>) {
        let texts = texts
            .into_iter()
            .map(|t| &*Box::leak(t.into_boxed_str()))
            .collect();
        TEXTS.with(|cell| {
            let _ = cell.set(texts);
        });
    }

    pub fn is_installed() -> bool {
        TEXTS.with(|cell| cell.get().is_some())
    }

    pub fn text(index: usize) -> Option<&'static str> {
        TEXTS.with(|cell| cell.get().and_then(|texts| texts.get(index).copied()))
    }
}

#[cfg(target_arch = "wasm32")]
pub use installed::{install, is_installed};

/// Natively the texts are compiled in: always installed.
#[cfg(not(target_arch = "wasm32"))]
pub fn is_installed() -> bool {
    true
}

/// Natively the texts are compiled in: nothing to keep.
#[cfg(not(target_arch = "wasm32"))]
pub fn install(_texts: Vec<String>) {}

/// The Chinese text of `key` in the page's wasm: from the loaded file, or the English until it
/// has been loaded (the page loads it before showing Chinese).
#[cfg(target_arch = "wasm32")]
pub(super) fn text(key: Key) -> &'static str {
    installed::text(key as usize).unwrap_or_else(|| key.en())
}
