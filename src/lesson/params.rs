//! The lesson's parameters and their limits.
//!
//! `Params` is always valid: every constructor and setter clamps. Invalid input never becomes a
//! state; it becomes the nearest valid state plus a [`Notice`](super::Notice) saying what changed.

use super::embed::Embed;
use super::lang::Lang;
use super::panels::PanelSet;
use super::playlist::{PlanId, StepList};
use crate::encoding::{
    tokenize, EmbeddingInit, Layout, DEMO_SENTENCES, MINILM_TOKENS, WORD_ORDER_PAIRS,
};

/// Number of tokens of demo sentence `index` (at least 1).
pub fn sentence_length(index: usize) -> usize {
    DEMO_SENTENCES
        .get(index)
        .and_then(|s| tokenize(s).ok())
        .map_or(1, |t| t.len().max(1))
}

/// Smallest model width the lesson allows: one (sin, cos) pair.
pub const D_MODEL_MIN: usize = 2;
/// Largest model width; 1024 × 2048 f32 values (8 MiB) is the largest matrix a phone must hold.
pub const D_MODEL_MAX: usize = 1024;
/// Fewest positions in the sequence.
pub const LENGTH_MIN: usize = 1;
/// Most positions in the sequence.
pub const LENGTH_MAX: usize = 2048;
/// Smallest base of the frequency ladder ω_i = base^(−2i/d_model).
pub const BASE_MIN: f64 = 10.0;
/// Largest base (RoPE models with long contexts use bases near 1e6).
pub const BASE_MAX: f64 = 1.0e6;
/// The base of the original Transformer paper.
pub const BASE_DEFAULT: f64 = 10_000.0;

/// `Field` and `Field::ALL` from one list of variants, so the order links write the fields in is
/// written once (`FieldSet`'s bits and the sidebar's split follow it).
macro_rules! fields {
    ($($(#[$doc:meta])* $id:ident,)*) => {
        /// One parameter of the lesson; used to name what a notice corrected and what a teacher
        /// hides. Its entry (link name, aliases, kind) is [`Field::param`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Field {
            $($(#[$doc])* $id,)*
        }

        impl Field {
            /// Every field, in the order the controls show them and the URL lists them.
            pub const ALL: [Field; [$(stringify!($id),)*].len()] = [$(Field::$id,)*];
        }
    };
}

fields! {
    DModel,
    Length,
    Pos,
    K,
    Pair,
    Base,
    Layout,
    /// Extra dimensions drawn as waves besides pair i.
    Dims,
    /// The demo sentence of the add-versus-concatenate panel.
    Sentence,
    /// The token of that sentence whose vectors are shown.
    Token,
    /// Whether embeddings are multiplied by √d_model before PE is added.
    Scale,
    /// Whether the demo word table starts from N(0, 1) (PyTorch's default) rather than
    /// N(0, 1/d_model) (tensor2tensor's).
    UnitInit,
    /// The factor PE is multiplied by before it is added.
    Amplitude,
    /// Whether the add-versus-concatenate panel's score goes through projections W_Q, W_K.
    Projections,
    /// The interface language (`lang=en` / `lang=zh`).
    Lang,
    /// Which sentence pair the word-order panel compares.
    OrderPair,
    /// Whether the word-order panel adds positional encoding.
    OrderPe,
    /// The training length of the extrapolation panel's learned table.
    NTrain,
    /// RoPE: the query's position m.
    RopeM,
    /// RoPE: the key's position n.
    RopeN,
    /// ALiBi: the number of attention heads.
    Heads,
    /// ALiBi: the head shown (1-based, as in the slope formula).
    Head,
    /// The three real words compared by the real-data panel (rows of `MINILM_TOKENS`).
    Words,
    /// Lesson mode: the step shown (1-based; 0 = lesson mode off).
    Step,
    /// Lesson mode: the lesson plan walked (`lesson=rope`).
    Lesson,
    /// Lesson mode: a teacher's own list of steps (`steps=17,18,12`), before any plan.
    Steps,
    /// Presenter view: large type and thick lines for a projector.
    Presenter,
    /// Light, dark, or following the system (`prefers-color-scheme`).
    Theme,
    /// A teacher link's controls that students do not see (`hide=base,layout`).
    Hide,
    /// A teacher link's controls that students see but cannot change (`lock=d_model`).
    Lock,
    /// The one panel or lab an embedded page shows (`embed=rope`).
    Embed,
}

/// A set of fields, as a teacher link's `hide=` and `lock=` name them: one bit per field.
///
/// ```
/// use pe_explorer::lesson::{params::FieldSet, Field};
/// let set = FieldSet::default().with(Field::Base).with(Field::Layout);
/// assert!(set.contains(Field::Base) && !set.contains(Field::DModel));
/// assert_eq!(set.fields().collect::<Vec<_>>(), [Field::Base, Field::Layout]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FieldSet(u64);

// One bit per field: a new field past the 64th needs a wider set.
const _: () = assert!(Field::ALL.len() <= 64);

impl FieldSet {
    fn bit(field: Field) -> u64 {
        1 << field as u64
    }

    pub fn with(self, field: Field) -> FieldSet {
        FieldSet(self.0 | Self::bit(field))
    }

    pub fn without(self, field: Field) -> FieldSet {
        FieldSet(self.0 & !Self::bit(field))
    }

    pub fn contains(self, field: Field) -> bool {
        self.0 & Self::bit(field) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The fields in the set, in the order of [`Field::ALL`].
    pub fn fields(self) -> impl Iterator<Item = Field> {
        Field::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    /// Whether a teacher link can name `field`: everything with a control, so not `hide` and
    /// `lock` themselves, nor lesson mode's choice of steps, nor what a page embeds.
    pub fn can_hold(field: Field) -> bool {
        !matches!(
            field,
            Field::Hide | Field::Lock | Field::Lesson | Field::Steps | Field::Embed
        )
    }

    /// The set without the fields it cannot hold.
    fn valid(self) -> FieldSet {
        self.fields()
            .filter(|f| Self::can_hold(*f))
            .fold(FieldSet::default(), FieldSet::with)
    }
}

/// The state of the lesson: everything a shared link must restore.
///
/// Invariants (kept by [`Params::clamped`]):
/// - `d_model` is even and in `D_MODEL_MIN..=D_MODEL_MAX`;
/// - `length` is in `LENGTH_MIN..=LENGTH_MAX`;
/// - `pos < length` and `pos + k < length`, so PE(pos + k) is a row of the drawn matrix;
/// - `pair < d_model / 2`, so (2·pair, 2·pair + 1) are dimensions of the model;
/// - `base` is finite and in `BASE_MIN..=BASE_MAX`;
/// - every extra wave dimension is below d_model;
/// - `sentence` names one of [`DEMO_SENTENCES`] and `token` one of its tokens;
/// - `amplitude` is finite and in `0..=AMPLITUDE_MAX`;
/// - `n_train` is in `N_TRAIN_MIN..=N_TRAIN_MAX`, `rope_m` and `rope_n` below `length`;
/// - `heads` is in `1..=HEADS_MAX` and `head` in `1..=heads`;
/// - every entry of `words` is a row of [`MINILM_TOKENS`];
/// - `step` is at most the number of lesson steps;
/// - `hidden` and `locked` hold only fields with controls ([`FieldSet::can_hold`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    pub d_model: usize,
    pub length: usize,
    pub pos: usize,
    pub k: usize,
    pub pair: usize,
    pub base: f64,
    pub layout: Layout,
    pub dims: WaveDims,
    /// The demo sentence as chosen; `None` (never chosen, or the page language's own) follows
    /// the language: [`Params::sentence_shown`].
    pub sentence: Option<usize>,
    pub token: usize,
    pub scale_embedding: bool,
    pub unit_init: bool,
    pub amplitude: f64,
    pub projections: bool,
    /// Kept with the lesson so a shared link opens in the language it was made in.
    pub lang: Lang,
    /// The word-order panel's sentence pair as chosen; `None` (never chosen, or the page
    /// language's own pair) follows the language: [`Params::order_pair_shown`].
    pub order_pair: Option<usize>,
    pub order_pe: bool,
    pub n_train: usize,
    pub rope_m: usize,
    pub rope_n: usize,
    pub heads: usize,
    pub head: usize,
    /// Rows of [`MINILM_TOKENS`] for the real-data panel's word comparison.
    pub words: [usize; 3],
    /// Lesson mode's step, 1-based; 0 when lesson mode is off.
    pub step: usize,
    /// The lesson plan lesson mode walks, if one was chosen.
    pub plan: Option<PlanId>,
    /// A teacher's own list of steps; when not empty, lesson mode walks it instead of a plan.
    pub steps: StepList,
    pub presenter: bool,
    pub theme: Theme,
    /// Controls a teacher link hides from students, and controls it shows but locks.
    pub hidden: FieldSet,
    pub locked: FieldSet,
    /// Panels a teacher link hides (`hide=` names them by anchor, beside controls).
    pub hidden_panels: PanelSet,
    /// The one panel or lab the page shows when it is embedded in another (`embed=rope`).
    pub embed: Option<Embed>,
}

/// The colour theme: the system's choice unless the URL or the header picks one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    /// The value in the URL and in `<html data-theme>`.
    pub fn code(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_code(code: &str) -> Option<Theme> {
        [Theme::Auto, Theme::Light, Theme::Dark]
            .into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(code.trim()))
    }
}

pub use super::playlist::STEP_COUNT;

/// Training lengths the extrapolation panel offers; it shows positions up to twice this.
pub const N_TRAIN_MIN: usize = 4;
pub const N_TRAIN_MAX: usize = 256;
/// The largest RoPE position m or n.
pub const ROPE_POS_MAX: usize = 2047;
/// The most ALiBi heads (the paper's models use 8 to 32).
pub const HEADS_MAX: usize = 32;

/// The largest PE amplitude the add-versus-concatenate slider offers: enough to show position
/// drowning meaning.
pub const AMPLITUDE_MAX: f64 = 8.0;

/// The most extra dimensions the waves panel draws beside pair i; more curves stop being legible.
pub const MAX_EXTRA_DIMS: usize = 4;

/// The extra dimensions of the waves panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveDims {
    /// The sine of the fastest pair (dimension 0) and of the slowest pair: the two extremes of
    /// the frequency ladder, whatever d_model is.
    Auto,
    /// Dimensions the user picked, in the order picked.
    Custom {
        len: u8,
        dims: [u16; MAX_EXTRA_DIMS],
    },
}

impl WaveDims {
    /// A custom list from dimensions (duplicates and the overflow past `MAX_EXTRA_DIMS` dropped).
    pub fn custom(list: &[usize]) -> WaveDims {
        let mut dims = [0u16; MAX_EXTRA_DIMS];
        let mut len = 0;
        for &d in list {
            let d = d.min(u16::MAX as usize) as u16;
            if len < MAX_EXTRA_DIMS && !dims[..len].contains(&d) {
                dims[len] = d;
                len += 1;
            }
        }
        WaveDims::Custom {
            len: len as u8,
            dims,
        }
    }

    /// The extra dimensions for a width.
    ///
    /// ```
    /// use pe_explorer::lesson::params::WaveDims;
    /// assert_eq!(WaveDims::Auto.extra(128), vec![0, 126]);
    /// assert_eq!(WaveDims::custom(&[5, 9]).extra(128), vec![5, 9]);
    /// ```
    pub fn extra(&self, d_model: usize) -> Vec<usize> {
        match self {
            WaveDims::Auto => {
                let slowest_sine = d_model.saturating_sub(2);
                if slowest_sine == 0 {
                    vec![0]
                } else {
                    vec![0, slowest_sine]
                }
            }
            WaveDims::Custom { len, dims } => {
                dims[..*len as usize].iter().map(|d| *d as usize).collect()
            }
        }
    }

    /// The same list without dimensions at or beyond `d_model`.
    fn within(self, d_model: usize) -> WaveDims {
        match self {
            WaveDims::Auto => WaveDims::Auto,
            custom => {
                let kept: Vec<usize> = custom
                    .extra(d_model)
                    .into_iter()
                    .filter(|d| *d < d_model)
                    .collect();
                WaveDims::custom(&kept)
            }
        }
    }
}

impl Default for Params {
    /// d_model 128 and 100 positions fit a projector legibly; pos 10, k 3 are the worked example
    /// of the source texts (position 13 is position 10 rotated by 3); pair 2 turns slowly enough
    /// that the rotation is easy to follow.
    fn default() -> Self {
        Params {
            d_model: 128,
            length: 100,
            pos: 10,
            k: 3,
            pair: 2,
            base: BASE_DEFAULT,
            layout: Layout::Interleaved,
            dims: WaveDims::Auto,
            sentence: None,
            token: 1,
            scale_embedding: true,
            // tensor2tensor's initialisation, the one √d_model was made for.
            unit_init: false,
            amplitude: 1.0,
            // Off first: the score as the texts write it, then the projections a real head adds.
            projections: false,
            lang: Lang::En,
            order_pair: None,
            // Off first: the panel opens on the surprise (a difference of exactly 0).
            order_pe: false,
            // A short training length, so the page shows what lies beyond it.
            n_train: 64,
            // The worked example of the RoPE doc test: offset 3.
            rope_m: 5,
            rope_n: 2,
            // The ALiBi paper's 8 heads; head 1 has the steepest slope, 1/2.
            heads: 8,
            head: 1,
            // king, queen, apple: the texts' example of meaning in a vector.
            words: [10, 11, 14],
            step: 0,
            presenter: false,
            theme: Theme::Auto,
            hidden: FieldSet::default(),
            locked: FieldSet::default(),
            hidden_panels: PanelSet::default(),
            plan: None,
            steps: StepList::default(),
            embed: None,
        }
    }
}

impl Params {
    /// The sentence pair of a language in [`WORD_ORDER_PAIRS`]: a Chinese page opens on
    /// 狗咬人 / 人咬狗, an English one on "dog bites man".
    fn order_pair_of(lang: Lang) -> usize {
        match lang {
            Lang::En => 0,
            Lang::Zh => 1,
        }
    }

    /// The demo sentence of a language in [`DEMO_SENTENCES`]: a Chinese page opens on 狗咬人,
    /// an English one on "dog bites man" (the same three words in each).
    fn sentence_of(lang: Lang) -> usize {
        match lang {
            Lang::En => 0,
            Lang::Zh => 2,
        }
    }

    /// The demo sentence on screen: the one chosen, else the language's. A link writes it only
    /// when it is not the language's (`query::to_query`).
    ///
    /// ```
    /// use pe_explorer::encoding::DEMO_SENTENCES;
    /// use pe_explorer::lesson::{Lang, Params};
    /// let zh = Params { lang: Lang::Zh, ..Params::default() };
    /// assert_eq!(DEMO_SENTENCES[zh.sentence_shown()], "狗咬人");
    /// assert_eq!(DEMO_SENTENCES[Params::default().sentence_shown()], "dog bites man");
    /// let chosen = Params { sentence: Some(4), ..zh }.clamped();
    /// assert_eq!(DEMO_SENTENCES[chosen.sentence_shown()], "the cat sat on the mat");
    /// ```
    pub fn sentence_shown(&self) -> usize {
        self.sentence
            .unwrap_or_else(|| Self::sentence_of(self.lang))
    }

    /// The word-order panel's sentence pair on screen: the one chosen, else the language's.
    /// A link writes it only when it is not the language's (`query::to_query`), so a link
    /// that names a pair keeps it in either language.
    pub fn order_pair_shown(&self) -> usize {
        self.order_pair
            .unwrap_or_else(|| Self::order_pair_of(self.lang))
    }

    /// How the demo word table is drawn (`unit_init`).
    pub fn embedding_init(&self) -> EmbeddingInit {
        if self.unit_init {
            EmbeddingInit::Unit
        } else {
            EmbeddingInit::Small
        }
    }

    /// The nearest valid state to `self`, fixing fields in dependency order
    /// (d_model and length first, then what they bound).
    ///
    /// ```
    /// use pe_explorer::lesson::Params;
    /// let p = Params { d_model: 7, length: 20, pos: 50, k: 9, pair: 99, ..Params::default() };
    /// let c = p.clamped();
    /// assert_eq!((c.d_model, c.pos, c.k, c.pair), (8, 19, 0, 3));
    /// ```
    pub fn clamped(self) -> Params {
        let d_model = nearest_valid_d_model(self.d_model);
        let length = self.length.clamp(LENGTH_MIN, LENGTH_MAX);
        let pos = self.pos.min(length - 1);
        let k = self.k.min(length - 1 - pos);
        let pair = self.pair.min(d_model / 2 - 1);
        let base = if self.base.is_nan() {
            BASE_DEFAULT
        } else {
            round_to_thousandths(self.base.clamp(BASE_MIN, BASE_MAX))
        };
        let sentence = self
            .sentence
            .map(|s| s.min(DEMO_SENTENCES.len() - 1))
            .filter(|&s| s != Self::sentence_of(self.lang));
        let shown = sentence.unwrap_or_else(|| Self::sentence_of(self.lang));
        let token = self.token.min(sentence_length(shown) - 1);
        let amplitude = if self.amplitude.is_nan() {
            1.0
        } else {
            round_to_hundredths(self.amplitude.clamp(0.0, AMPLITUDE_MAX))
        };
        let heads = self.heads.clamp(1, HEADS_MAX);
        Params {
            d_model,
            length,
            pos,
            k,
            pair,
            base,
            layout: self.layout,
            dims: self.dims.within(d_model),
            sentence,
            token,
            scale_embedding: self.scale_embedding,
            unit_init: self.unit_init,
            amplitude,
            projections: self.projections,
            lang: self.lang,
            order_pair: self
                .order_pair
                .map(|pair| pair.min(WORD_ORDER_PAIRS.len() - 1))
                .filter(|&pair| pair != Self::order_pair_of(self.lang)),
            order_pe: self.order_pe,
            n_train: self.n_train.clamp(N_TRAIN_MIN, N_TRAIN_MAX),
            rope_m: self.rope_m.min(length - 1),
            rope_n: self.rope_n.min(length - 1),
            heads,
            head: self.head.clamp(1, heads),
            words: self.words.map(|w| w.min(MINILM_TOKENS.len() - 1)),
            step: self.step.min(STEP_COUNT),
            plan: self.plan,
            steps: self.steps,
            presenter: self.presenter,
            theme: self.theme,
            hidden: self.hidden.valid(),
            locked: self.locked.valid(),
            hidden_panels: self.hidden_panels,
            embed: self.embed,
        }
    }

    /// Whether every invariant holds.
    pub fn is_valid(&self) -> bool {
        *self == self.clamped()
    }

    /// Number of (sin, cos) pairs: the range of the pair index i is `0..pairs()`.
    pub fn pairs(&self) -> usize {
        self.d_model / 2
    }

    /// The largest k for the current pos.
    pub fn k_max(&self) -> usize {
        self.length - 1 - self.pos
    }

    /// A second starting position for the rotation panel's "same k from elsewhere" view: half
    /// the sequence further on, wrapped so that it and its partner pos + k stay inside.
    ///
    /// ```
    /// use pe_explorer::lesson::Params;
    /// let p = Params::default();
    /// assert_eq!(p.comparison_pos(), 60);
    /// ```
    pub fn comparison_pos(&self) -> usize {
        let room = self.length - self.k; // positions q with q + k < length
        (self.pos + self.length / 2) % room
    }
}

/// `value` to three decimals: the base's resolution. Short decimals are what the URL carries, and
/// they read back as exactly the same f64 (see `decimal::parse_decimal`).
///
/// ```
/// assert_eq!(pe_explorer::lesson::params::round_to_thousandths(31622.776601683792), 31622.777);
/// ```
pub fn round_to_thousandths(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// `value` to two decimals: the amplitude's resolution.
pub fn round_to_hundredths(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// Rounds to the nearest even width in range; ties (odd numbers) go up, since the lesson's formula
/// needs a cosine partner for every sine.
pub fn nearest_valid_d_model(d: usize) -> usize {
    let even = d.saturating_add(d % 2);
    even.clamp(D_MODEL_MIN, D_MODEL_MAX)
}

/// The base slider moves over log10(base); this turns a slider position into a base rounded to
/// three significant digits, so the URL and read-out show 10000 rather than 9999.999999999998.
///
/// ```
/// use pe_explorer::lesson::params::base_from_slider;
/// assert_eq!(base_from_slider(4.0), 10_000.0);
/// assert_eq!(base_from_slider(4.1), 12_600.0);
/// assert_eq!(base_from_slider(1.0), 10.0);
/// assert_eq!(base_from_slider(1.01), 10.2);
/// ```
pub fn base_from_slider(log10_base: f64) -> f64 {
    let raw = 10f64.powf(log10_base);
    if !raw.is_finite() || raw <= 0.0 {
        return BASE_DEFAULT;
    }
    // Dividing by a power of ten (not multiplying by its inexact reciprocal) keeps 10.2 exact.
    let exponent = raw.log10().floor() as i32 - 2;
    let rounded = if exponent >= 0 {
        let magnitude = 10f64.powi(exponent);
        (raw / magnitude).round() * magnitude
    } else {
        let magnitude = 10f64.powi(-exponent);
        (raw * magnitude).round() / magnitude
    };
    rounded.clamp(BASE_MIN, BASE_MAX)
}

/// The slider position for a base: log10(base).
pub fn base_to_slider(base: f64) -> f64 {
    base.log10()
}

/// The d_model and length sliders move over log2 of their value, so every doubling gets the same
/// room on the track (2 to 64 would otherwise share its first 6 %). This turns a slider position
/// into a count: 2^position rounded to a multiple of `unit` (2 for d_model, 1 for length) within
/// `min..=max`. A small step that rounds back to `current` moves one unit in its direction, so a
/// keyboard arrow always changes the value.
///
/// ```
/// use pe_explorer::lesson::params::count_from_log_slider;
/// assert_eq!(count_from_log_slider(7.0, 64, 2, 2, 1024), 128);
/// assert_eq!(count_from_log_slider(6.0 + 1.0 / 64.0, 64, 2, 2, 1024), 66);
/// assert_eq!(count_from_log_slider(1.0 + 1.0 / 64.0, 2, 2, 2, 1024), 4);
/// assert_eq!(count_from_log_slider(3.0 - 1.0 / 64.0, 8, 1, 1, 2048), 7);
/// assert_eq!(count_from_log_slider(11.0, 2048, 1, 1, 2048), 2048);
/// assert_eq!(count_from_log_slider(66f64.log2(), 66, 2, 2, 1024), 66);
/// ```
pub fn count_from_log_slider(
    position: f64,
    current: usize,
    unit: usize,
    min: usize,
    max: usize,
) -> usize {
    let target = position.exp2();
    let rounded = ((target / unit as f64).round() as usize).saturating_mul(unit);
    let off = target - current as f64;
    let moved = if rounded != current || off.abs() < 1e-6 {
        rounded
    } else if off > 0.0 {
        current.saturating_add(unit)
    } else {
        current.saturating_sub(unit)
    };
    moved.max(min).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid() {
        assert!(Params::default().is_valid());
    }

    #[test]
    fn odd_d_model_rounds_up_to_even() {
        assert_eq!(nearest_valid_d_model(7), 8);
        assert_eq!(nearest_valid_d_model(1), 2);
        assert_eq!(nearest_valid_d_model(1025), 1024);
        assert_eq!(nearest_valid_d_model(usize::MAX), 1024);
    }

    #[test]
    fn shrinking_length_pulls_pos_and_k_inside() {
        let p = Params::default().with(Field::Length, 5.0);
        assert_eq!((p.length, p.pos, p.k), (5, 4, 0));
        assert!(p.is_valid());
    }

    #[test]
    fn shrinking_d_model_pulls_pair_inside() {
        let p = Params {
            pair: 60,
            ..Params::default()
        }
        .with(Field::DModel, 16.0);
        assert_eq!(p.pair, 7);
    }

    #[test]
    fn setter_treats_nan_and_negative_as_zero_then_clamps() {
        let p = Params::default().with(Field::DModel, f64::NAN);
        assert_eq!(p.d_model, D_MODEL_MIN);
        let p = Params::default().with(Field::Base, f64::NAN);
        assert_eq!(p.base, BASE_DEFAULT);
        let p = Params::default().with(Field::Base, f64::INFINITY);
        assert_eq!(p.base, BASE_MAX);
    }
}
