//! A model's `config.json` (or just its rope fields) read into `rope_scaling::RopeConfig`, with
//! a message naming the field for everything it cannot use. The same reader
//! serves `examples/rope_freqs.rs` and the context-extension lab.
//!
//! Keys, as Hugging Face transformers reads them (docs/sources.md, "RoPE scaling"):
//! - `rope_scaling` (transformers 5 writes `rope_parameters`; `rope_scaling` wins when both are
//!   there) with its type under `rope_type` or the older `type`; `null` or absent means no
//!   scaling, and so does a dict with no type that holds only `rope_theta` or
//!   `partial_rotary_factor`; `"su"` (Phi-3's first configurations) is read as `longrope`, with
//!   a note;
//! - `rope_theta` inside that dict, else the top-level one (GPT-NeoX: `rotary_emb_base`), as
//!   transformers 5's `setdefault` has it; absent, the Llama configuration's default 10 000 is
//!   used and a note says so;
//! - DeepSeek's `qk_rope_head_dim` (its configuration sets `head_dim` to it), else `head_dim`,
//!   else `hidden_size` / `num_attention_heads` (integer division);
//! - `partial_rotary_factor` (GPT-NeoX: `rotary_pct`) at the top, else GPT-J's `rotary_dim` (the
//!   rotated width itself), else in the dict, default 1;
//! - `max_position_embeddings`; for `llama3`, `yarn` and `longrope` the pre-training length from
//!   a top-level `original_max_position_embeddings` (Phi-3), else the dict's, else
//!   `max_position_embeddings` (transformers 5's `standardize_rope_params`).
//!
//! Where versions of transformers differ, `read_config` follows the newest (5.x; docs/sources.md,
//! "RoPE scaling") and `read_config_as` the release line asked for (`Transformers`: 4.51–4.55,
//! 4.56–4.57, 5); `differing_readings` finds the lines that compute a file otherwise. What transformers accepts with a warning is accepted with its warning as a
//! note (a factor below 1, equal betas, Llama 3's frequency factors out of order, a YaRN factor
//! off the lengths); checks are stricter only where the numbers would mean nothing: a list of
//! the wrong length or an unknown type is refused.

use serde_json::{Map, Value};

use super::rope_scaling::{Llama3, LongRope, RopeConfig, Scaling, Yarn};

mod errors;
mod layers;

pub use errors::{ConfigError, Expected, Rule};
pub use layers::{LayerKind, QueryTemperature, LARGEST_LAYERS};

/// The `rope_scaling` types this reader knows, as a configuration names them.
pub const TYPES: [&str; 7] = [
    "default", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope",
];

/// Largest length or width accepted: far beyond any model's (2 147 483 648), and a `usize` on
/// 32-bit WebAssembly too.
pub const LARGEST: u64 = 1 << 31;

/// Largest scale factor accepted (released models use up to 64): with the largest length and
/// base every power of the NTK types stays finite.
pub const LARGEST_FACTOR: f64 = 1e4;

/// Largest logit multiplier accepted (`attention_factor`, `mscale`, `mscale_all_dim`; released
/// models use about 0.7 to 1.5): its square, which scales every score, stays a plain number.
pub const LARGEST_MULTIPLIER: f64 = 100.0;

/// Largest base accepted (released models use up to 10⁸ or so).
pub const LARGEST_BASE: f64 = 1e12;

/// Largest paste read, in bytes (1 MiB; a config.json with LongRoPE's lists is about 10 KB): a
/// larger one is refused before it is parsed, so a stray paste cannot hold the page.
pub const LARGEST_TEXT: usize = 1 << 20;

/// Largest rotary dimension accepted (released models use up to 256): every chart and read-out
/// is computed per pair, so this keeps a pasted config from freezing the page.
pub const LARGEST_ROTARY_DIM: usize = 8192;

/// A configuration that was read, and what the reader assumed on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The rotation the charts show: the model's only one, or, where layers differ, that of its
    /// full-attention layers (else its first kind that rotates).
    pub config: RopeConfig,
    pub notes: Vec<Note>,
    /// Each kind of layer, in the order its first layer comes, where the layers of the model do
    /// not all handle position alike (Gemma 3's sliding layers, Llama 4's layers without RoPE);
    /// empty where every layer rotates as `config`.
    pub layers: Vec<LayerKind>,
    /// Whose rules it was read by.
    pub rules: Transformers,
}

/// Something the reader assumed, for the reader of the page to know.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// No `rope_theta`: 10 000 used.
    DefaultBase,
    /// `mrope` (Qwen2-VL) is read as `default`, as transformers does: its sections split the
    /// pairs between time, height and width, and each pair's frequency is the default one.
    MropeAsDefault { sections: Option<Vec<usize>> },
    /// mrope's sections do not add up to the pairs of the rotary dimension: transformers' split
    /// of cos and sin would fail on them.
    MropeSectionsDoNotAddUp { sum: usize, pairs: usize },
    /// A YaRN `factor` of null: transformers 5 warns ("must be a float >= 1, got None") and takes
    /// max_position_embeddings / original_max_position_embeddings.
    FactorFromLengths { factor: f64 },
    /// YaRN's factor differs from max_position_embeddings / original_max_position_embeddings
    /// (and that ratio is not 1): transformers 5 warns and uses the factor.
    YarnFactorMismatch { factor: f64, implicit: f64 },
    /// Llama 3's original_max_position_embeddings is not below max_position_embeddings:
    /// transformers 5 warns and goes on.
    Llama3OriginalNotBelowMax { original: usize, max: usize },
    /// LongRoPE without a `factor`: transformers 5 warns that it is taken from the two lengths
    /// and asks for the factor to be written out.
    LongRopeFactorFromLengths,
    /// Llama 3's high_freq_factor is not above its low_freq_factor: transformers 5 warns; no
    /// pair is blended, each keeps its frequency or is divided by the factor.
    HighNotAboveLow {
        high_freq_factor: f64,
        low_freq_factor: f64,
    },
    /// A scale factor below 1: transformers 5 warns ("must be a float >= 1") and computes with
    /// it, which raises the frequencies instead of lowering them.
    FactorBelowOne { factor: f64 },
    /// Linear and static NTK scaling do not record how long the model was trained: the trained
    /// length L₀ is the config's `original_max_position_embeddings` where it has one (which
    /// transformers does not read for these types), else an assumption, max_position_embeddings.
    TrainedLengthAssumed { original: Option<usize>, max: usize },
    /// The static `ntk` type, which transformers 4.57 and 5 no longer have.
    NtkNotInTransformers,
    /// Layers without RoPE (Llama 4's `no_rope_layers`): how many of how many.
    NoRopeLayers { count: usize, of: usize },
    /// The layers differ in their rotation (layer types with their own base or scaling); the
    /// charts show the kind named.
    LayerKinds { kinds: usize, shown: String },
    /// `"type": "su"` read as `longrope`: transformers 4 renamed it so for Phi-3; transformers 5
    /// no longer loads it.
    SuAsLongrope,
    /// A YaRN `beta_fast` or `beta_slow` of 0 was read as its default, as transformers reads
    /// it (`get("beta_fast") or 32`).
    ZeroBeta { field: String, used: f64 },
    /// YaRN's `beta_fast` is below its `beta_slow`: transformers warns and goes on.
    BetaFastBelowSlow { beta_fast: f64, beta_slow: f64 },
    /// The top level has no head width of its own and keeps its language model under
    /// `text_config` (a multimodal model's configuration): that is what was read, as
    /// transformers' `get_text_config()` hands it to the language model.
    TextConfig,
    /// Fields the configuration leaves out, filled in as its class defaults them.
    ClassDefaults { class: String, filled: Vec<String> },
    /// transformers 4 reads no `rope_parameters`: rope_theta and rope_scaling only.
    RopeParametersUnread { rules: Transformers },
    /// A factor on the queries by position (Ministral 3's `llama_4_scaling_beta`), which the
    /// charts leave out.
    QueryScaling {
        field: String,
        beta: f64,
        length: usize,
    },
    /// `rope_interleave` (DeepSeek-V3's class, true by default there): the weights keep pair i
    /// as dimensions (2i, 2i + 1), which transformers reorders before rotating.
    InterleavedPairs { by_default: bool },
    /// `count` layers of a `layer_types` name this reader does not model, shown with the main
    /// rotation.
    UnknownLayerType { name: String, count: usize },
    /// transformers 4 replaced the given factor by the ratio of the lengths.
    FactorReplacedByLengths {
        given: f64,
        used: f64,
        rules: Transformers,
    },
    /// Only rope fields were given (`read_rope_fields`): the model's head width or its length
    /// came from what the reader was told to assume.
    Assumed {
        head_dim: Option<usize>,
        max_position_embeddings: Option<usize>,
    },
}

impl Note {
    pub fn message(&self, chinese: bool) -> String {
        let assumed = |head_dim: &Option<usize>, length: &Option<usize>, chinese: bool| {
            match (head_dim, length, chinese) {
                (Some(d), Some(l), false) => format!("The config gives neither the head size nor max_position_embeddings: using the current head_dim {d} and max_position_embeddings {l}."),
                (Some(d), Some(l), true) => format!("配置既没有给出每个头的维度，也没有给出 max_position_embeddings：沿用当前的 head_dim {d} 和 max_position_embeddings {l}。"),
                (Some(d), None, false) => format!("The config gives no head size (head_dim, hidden_size): using the current head_dim {d}."),
                (Some(d), None, true) => format!("配置没有给出每个头的维度（head_dim、hidden_size）：沿用当前的 head_dim {d}。"),
                (None, Some(l), false) => format!("The config gives no max_position_embeddings: using the current {l}."),
                (None, Some(l), true) => format!("配置没有给出 max_position_embeddings：沿用当前值 {l}。"),
                (None, None, _) => String::new(),
            }
        };
        match (self, chinese) {
            (Note::Assumed { head_dim, max_position_embeddings }, chinese) => {
                assumed(head_dim, max_position_embeddings, chinese)
            }
            (Note::ZeroBeta { field, used }, false) => format!("{field} is 0: read as {used}, as transformers reads it (a 0 counts as not given)."),
            (Note::ZeroBeta { field, used }, true) => format!("{field} 为 0：按 {used} 读取，与 transformers 相同（0 视同未给出）。"),
            (Note::BetaFastBelowSlow { beta_fast, beta_slow }, false) => format!("Warning, as transformers gives it: beta_fast ({beta_fast}) should be greater than beta_slow ({beta_slow}); the ramp is computed as given."),
            (Note::BetaFastBelowSlow { beta_fast, beta_slow }, true) => format!("警告（与 transformers 相同）：beta_fast（{beta_fast}）应大于 beta_slow（{beta_slow}）；斜坡按所给的值计算。"),
            (Note::QueryScaling { field, beta, length }, false) => format!("{field} = {beta}: transformers (Ministral 3, Mistral 4) also multiplies each query at position p by 1 + {beta}·ln(1 + ⌊p / {length}⌋): 1 below position {length}, {:.4} from {length}, {:.4} from {}. The charts show the rotation only; this factor is not in them.", 1.0 + beta * 2f64.ln(), 1.0 + beta * 9f64.ln(), 8 * length),
            (Note::QueryScaling { field, beta, length }, true) => format!("{field} = {beta}：transformers（Ministral 3、Mistral 4）还把位置 p 处的每个查询乘以 1 + {beta}·ln(1 + ⌊p / {length}⌋)：位置 {length} 之前为 1，从 {length} 起为 {:.4}，从 {} 起为 {:.4}。图中只显示旋转，不含这个因子。", 1.0 + beta * 2f64.ln(), 8 * length, 1.0 + beta * 9f64.ln()),
            (Note::ClassDefaults { class, filled }, false) => format!("The config leaves out {}: read as transformers' {class} configuration class fills them in.", filled.join(", ")),
            (Note::ClassDefaults { class, filled }, true) => format!("配置省略了 {}：按 transformers 中 {class} 配置类的默认值补上。", filled.join("、")),
            (Note::RopeParametersUnread { rules }, false) => format!("{} reads no rope_parameters (transformers 5 introduced it): it uses rope_theta and rope_scaling only, so the rotation here is the plain one unless rope_scaling is given.", rules.label(false)),
            (Note::RopeParametersUnread { rules }, true) => format!("{} 不读取 rope_parameters（这是 transformers 5 引入的字段）：它只用 rope_theta 和 rope_scaling，所以除非给出了 rope_scaling，这里的旋转就是不缩放的原始旋转。", rules.label(true)),
            (Note::FactorReplacedByLengths { given, used, rules }, false) => format!("{} does not use the factor {given}: it takes max_position_embeddings / original_max_position_embeddings = {used} instead.", rules.label(false)),
            (Note::FactorReplacedByLengths { given, used, rules }, true) => format!("{} 不使用 rope_scaling 中的 factor（{given}）：它改用 max_position_embeddings / original_max_position_embeddings = {used}。", rules.label(true)),
            (Note::InterleavedPairs { by_default }, false) => format!("rope_interleave{}: the weights keep pair i as dimensions 2i and 2i + 1 of the rotated part, and transformers reorders them to i and i + d/2 before it rotates (DeepSeek-V3's apply_rotary_pos_emb_interleave). Which dimensions form a pair changes, not their frequencies: every number here holds either way.", if *by_default { " is true by default for this class (DeepseekV3Config)" } else { " is true" }),
            (Note::InterleavedPairs { by_default }, true) => format!("rope_interleave{}：权重把第 i 对存为旋转部分的第 2i 和第 2i + 1 维，transformers 在旋转之前把它们重排为第 i 和第 i + d/2 维（DeepSeek-V3 的 apply_rotary_pos_emb_interleave）。改变的是哪两维组成一对，不是它们的频率：这里的所有数值在两种排列方式下都一样。", if *by_default { " 在这个配置类中默认为 true（DeepseekV3Config）" } else { " 为 true" }),
            (Note::UnknownLayerType { name, count }, false) => format!("layer_types names {count} layer{} {name}, a type this reader does not model: they are counted and drawn with the model's main rotation. Check the model's code for them: such a layer may rotate otherwise, or not at all.", if *count == 1 { "" } else { "s" }),
            (Note::UnknownLayerType { name, count }, true) => format!("layer_types 中有 {count} 层的类型是 {name}，本页不认识这种类型：这些层按模型的主旋转计入层数并绘图。请查看模型代码中这些层的做法：这样的层可能用别的方式旋转，也可能根本不旋转。"),
            (Note::TextConfig, false) => "Read from text_config: the config keeps its language model there (a multimodal model), and every field below is that model's.".into(),
            (Note::TextConfig, true) => "从 text_config 读取：这个配置把语言模型放在 text_config 下（多模态模型），下面的每个字段都来自那个语言模型。".into(),
            (Note::DefaultBase, false) => "rope_theta is not given: using 10000, the default of transformers' Llama configuration.".into(),
            (Note::DefaultBase, true) => "未给出 rope_theta：使用 transformers 中 Llama 配置的默认值 10000。".into(),
            (Note::SuAsLongrope, false) => "rope_scaling type su is read as longrope, as transformers 4 did (5.x no longer loads it).".into(),
            (Note::SuAsLongrope, true) => "rope_scaling 的类型 su 按 longrope 读取，与 transformers 4 的做法相同（5.x 已不再加载这一类型）。".into(),
            (Note::MropeAsDefault { sections }, false) => format!("rope_scaling type mrope (Qwen2-VL) is read as default, as transformers does: its sections{} assign pairs to time, height and width, and every pair keeps its default frequency. For text the three positions are equal, so the charts hold for it; an image's pairs turn with its rows and columns (the image-RoPE lab).", sections.as_ref().map(|s| format!(" ({} pairs)", s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" + "))).unwrap_or_default()),
            (Note::MropeAsDefault { sections }, true) => format!("rope_scaling 的类型 mrope（Qwen2-VL）按 default 读取，与 transformers 的做法相同：它的分段{}把各维度对分给时间、高度和宽度，每个维度对的频率都保持默认值。文本的三个位置相同，所以这些图对文本成立；图像的维度对随行和列转动（见图像 RoPE 实验）。", sections.as_ref().map(|s| format!("（{} 个维度对）", s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" + "))).unwrap_or_default()),
            (Note::MropeSectionsDoNotAddUp { sum, pairs }, false) => format!("Warning: mrope_section adds up to {sum} pairs, but the rotary dimension has {pairs}; transformers' split of cos and sin by these sections would fail."),
            (Note::MropeSectionsDoNotAddUp { sum, pairs }, true) => format!("警告：mrope_section 加起来是 {sum} 个维度对，而旋转维度有 {pairs} 个；transformers 按这些分段切分 cos 和 sin 时会出错。"),
            (Note::FactorFromLengths { factor }, false) => format!("Warning, as transformers 5 gives it: factor is null (it must be a number ≥ 1); YaRN's factor is taken as max_position_embeddings / original_max_position_embeddings = {factor}, as transformers 5 computes it."),
            (Note::FactorFromLengths { factor }, true) => format!("警告（与 transformers 5 相同）：factor 为 null（应为不小于 1 的数）；YaRN 的因子按 max_position_embeddings / original_max_position_embeddings = {factor} 计算，与 transformers 5 相同。"),
            (Note::YarnFactorMismatch { factor, implicit }, false) => format!("Warning, as transformers 5 gives it: the factor ({factor}) differs from max_position_embeddings / original_max_position_embeddings ({implicit}); the factor is used."),
            (Note::YarnFactorMismatch { factor, implicit }, true) => format!("警告（与 transformers 5 相同）：factor（{factor}）与 max_position_embeddings / original_max_position_embeddings（{implicit}）不一致；计算用的是 factor。"),
            (Note::Llama3OriginalNotBelowMax { original, max }, false) => format!("Warning, as transformers 5 gives it: original_max_position_embeddings ({original}) should be less than max_position_embeddings ({max})."),
            (Note::Llama3OriginalNotBelowMax { original, max }, true) => format!("警告（与 transformers 5 相同）：original_max_position_embeddings（{original}）应小于 max_position_embeddings（{max}）。"),
            (Note::HighNotAboveLow { high_freq_factor, low_freq_factor }, false) => format!("Warning, as transformers 5 gives it: high_freq_factor ({high_freq_factor}) should be greater than low_freq_factor ({low_freq_factor}). No pair is blended: a pair whose wavelength is above original_max_position_embeddings / low_freq_factor has its frequency divided by the factor (its wavelength multiplied by it), the others keep theirs."),
            (Note::HighNotAboveLow { high_freq_factor, low_freq_factor }, true) => format!("警告（与 transformers 5 相同）：high_freq_factor（{high_freq_factor}）应大于 low_freq_factor（{low_freq_factor}）。没有维度对被混合：波长大于 original_max_position_embeddings / low_freq_factor 的维度对，频率除以因子（波长乘以因子），其余保持原频率。"),
            (Note::TrainedLengthAssumed { original: Some(original), .. }, false) => format!("This scaling type does not record how long the model was trained: the lab takes original_max_position_embeddings ({original}) as L₀, the trained length (transformers does not read it for this type; the frequencies do not depend on it)."),
            (Note::TrainedLengthAssumed { original: Some(original), .. }, true) => format!("这种缩放类型不记录模型训练时的长度：实验取 original_max_position_embeddings（{original}）作为训练长度 L₀（transformers 对这种类型不读取它；频率与它无关）。"),
            (Note::TrainedLengthAssumed { original: None, max }, false) => format!("This scaling type does not record how long the model was trained: L₀, the trained length, is assumed to be max_position_embeddings ({max}), which is likely the extended length. Set L₀ to the length the model card gives."),
            (Note::TrainedLengthAssumed { original: None, max }, true) => format!("这种缩放类型不记录模型训练时的长度：这里假定训练长度 L₀ 为 max_position_embeddings（{max}），而它很可能是扩展后的长度。请把 L₀ 设为模型说明中给出的长度。"),
            (Note::FactorBelowOne { factor }, false) => format!("Warning, as transformers 5 gives it: the factor should be at least 1, got {factor}. It is used as given: below 1 it raises the frequencies, so the context the pairs cover shrinks instead of growing."),
            (Note::FactorBelowOne { factor }, true) => format!("警告（与 transformers 5 相同）：因子应不小于 1，这里是 {factor}。按给出的值计算：小于 1 的因子会提高频率，各维度对覆盖的上下文因此变短而不是变长。"),
            (Note::LongRopeFactorFromLengths, false) => "Warning, as transformers 5 gives it: LongRoPE has no factor, so it is taken as max_position_embeddings / original_max_position_embeddings; transformers asks for the factor to be written in rope_scaling.".into(),
            (Note::LongRopeFactorFromLengths, true) => "警告（与 transformers 5 相同）：LongRoPE 没有 factor，因此取 max_position_embeddings / original_max_position_embeddings；transformers 建议把这个因子写进 rope_scaling。".into(),
            (Note::NtkNotInTransformers, false) => "Warning: transformers 5 has no rope type ntk (it warns that it has no validation for it, and has no function to compute it); shown here is the static NTK of earlier versions, base · s^(d/(d−2)).".into(),
            (Note::NtkNotInTransformers, true) => "警告：transformers 5 没有 ntk 这一 rope 类型（它会警告缺少对应的校验，也没有计算它的函数）；这里显示的是早期版本的静态 NTK：base · s^(d/(d−2))。".into(),
            (Note::NoRopeLayers { count, of }, false) => format!("{count} of the {of} layers have no RoPE (no_rope_layers): they see no position at all. The charts show the layers that rotate; every kind is listed."),
            (Note::NoRopeLayers { count, of }, true) => format!("{of} 层中有 {count} 层没有 RoPE（no_rope_layers）：它们完全看不到位置。图中显示的是会旋转的层；每一类层都单独列出。"),
            (Note::LayerKinds { kinds, shown }, false) => format!("The layers rotate in {kinds} different ways (layer_types): the charts first show the {shown} layers; every kind is listed with its own numbers."),
            (Note::LayerKinds { kinds, shown }, true) => format!("这些层的旋转方式有 {kinds} 种（layer_types）：图中先显示 {shown} 层；每一类层都单独列出各自的数值。"),
        }
    }
}

/// One JSON object and the path it was found at, for messages.
struct Fields<'a> {
    map: &'a Map<String, Value>,
    path: &'a str,
}

impl<'a> Fields<'a> {
    fn name(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The value under the first of `keys` present and not null, with its field name.
    fn get(&self, keys: &[&str]) -> Option<(&'a Value, String)> {
        keys.iter().find_map(|key| {
            self.map
                .get(*key)
                .filter(|v| !v.is_null())
                .map(|v| (v, self.name(key)))
        })
    }

    fn number(&self, keys: &[&str]) -> Result<Option<(f64, String)>, ConfigError> {
        match self.get(keys) {
            None => Ok(None),
            Some((value, field)) => match value.as_f64() {
                Some(number) => Ok(Some((number, field))),
                None => Err(ConfigError::WrongType {
                    field,
                    expected: Expected::Number,
                }),
            },
        }
    }

    fn number_where(&self, keys: &[&str], rule: Rule) -> Result<Option<f64>, ConfigError> {
        let Some((value, field)) = self.number(keys)? else {
            return Ok(None);
        };
        let ok = match &rule {
            Rule::Factor => (1.0 / LARGEST_FACTOR..=LARGEST_FACTOR).contains(&value),
            Rule::Base => value > 1.0 && value <= LARGEST_BASE,
            Rule::Positive => value > 0.0,
            Rule::Multiplier => value > 0.0 && value <= LARGEST_MULTIPLIER,
            Rule::MultiplierOrZero => (0.0..=LARGEST_MULTIPLIER).contains(&value),
            Rule::Share => value > 0.0 && value <= 1.0,
            Rule::Count | Rule::Above(_) | Rule::EvenRotaryDim(_) | Rule::AtMostHead(_) => true,
        } && value.is_finite();
        if ok {
            Ok(Some(value))
        } else {
            Err(ConfigError::OutOfRange { field, value, rule })
        }
    }

    fn required(&self, key: &str, rule: Rule) -> Result<f64, ConfigError> {
        self.number_where(&[key], rule)?
            .ok_or_else(|| ConfigError::Missing {
                field: self.name(key),
            })
    }

    /// A whole number from 1 to `LARGEST` (8192.0 is accepted as 8192).
    fn count(&self, keys: &[&str]) -> Result<Option<usize>, ConfigError> {
        let Some((value, field)) = self.number(keys)? else {
            return Ok(None);
        };
        if value.fract() != 0.0 {
            return Err(ConfigError::WrongType {
                field,
                expected: Expected::WholeNumber,
            });
        }
        if !(1.0..=LARGEST as f64).contains(&value) {
            return Err(ConfigError::OutOfRange {
                field,
                value,
                rule: Rule::Count,
            });
        }
        Ok(Some(value as usize))
    }

    fn required_count(&self, key: &str) -> Result<usize, ConfigError> {
        self.count(&[key])?.ok_or_else(|| ConfigError::Missing {
            field: self.name(key),
        })
    }

    fn factors(&self, key: &str, pairs: usize) -> Result<Vec<f64>, ConfigError> {
        let (value, field) = self.get(&[key]).ok_or_else(|| ConfigError::Missing {
            field: self.name(key),
        })?;
        let list = value
            .as_array()
            .and_then(|items| {
                items
                    .iter()
                    .map(Value::as_f64)
                    .collect::<Option<Vec<f64>>>()
            })
            .ok_or(ConfigError::WrongType {
                field: field.clone(),
                expected: Expected::ListOfNumbers,
            })?;
        if list.len() != pairs {
            return Err(ConfigError::WrongLength {
                field,
                expected: pairs,
                got: list.len(),
            });
        }
        if let Some(&bad) = list.iter().find(|f| !(**f > 0.0 && f.is_finite())) {
            return Err(ConfigError::OutOfRange {
                field,
                value: bad,
                rule: Rule::Positive,
            });
        }
        Ok(list)
    }
}

/// Reads a configuration (see the module's notes for the keys).
///
/// ```
/// use pe_explorer::encoding::rope_config::read_config;
/// let read = read_config(r#"{"hidden_size": 4096, "num_attention_heads": 32,
///     "max_position_embeddings": 4096, "rope_theta": 10000.0,
///     "rope_scaling": {"type": "linear", "factor": 0}}"#);
/// assert_eq!(read.unwrap_err().to_string(),
///     "rope_scaling.factor is 0; it must be from 0.0001 to 10000.");
/// ```
pub fn read_config(text: &str) -> Result<Read, ConfigError> {
    read_config_as(text, Transformers::V5)
}

/// Reads a configuration as the given release line of transformers reads it (see `Transformers`).
///
/// ```
/// use pe_explorer::encoding::rope_config::{read_config_as, Transformers};
/// use pe_explorer::encoding::rope_scaling::Scaling;
/// // Qwen2.5's model card: YaRN ×4 over 32 768 tokens, pasted into a config that says 32 768.
/// let qwen = r#"{"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
///     "rope_theta": 1000000.0, "rope_scaling": {"factor": 4.0,
///     "original_max_position_embeddings": 32768, "type": "yarn"}}"#;
/// let factor = |rules| match read_config_as(qwen, rules).unwrap().config.scaling {
///     Scaling::Yarn(yarn) => yarn.factor,
///     _ => unreachable!(),
/// };
/// assert_eq!(factor(Transformers::V5), 4.0);
/// assert_eq!(factor(Transformers::V4_57), 4.0);
/// assert_eq!(factor(Transformers::V4_55), 1.0); // 32 768 / 32 768: no scaling at all
/// ```
pub fn read_config_as(text: &str, rules: Transformers) -> Result<Read, ConfigError> {
    let value = parse(text)?;
    let (model, path) = match language_model(&value) {
        Some(nested) => (nested, TEXT_CONFIG),
        None => (&value, ""),
    };
    let (model, defaults) = with_class_defaults(model, &value);
    let mut read = layers::read_model(&model, path, rules)?;
    read.notes.extend(defaults);
    Ok(read)
}

/// Fields a model's configuration class fills in when `config.json` leaves them out, for the
/// classes whose shipped files do (Gemma 3's multimodal configs give only a few text fields):
/// `gemma3_text`'s defaults as transformers' `Gemma3TextConfig` sets them (docs/sources.md).
const CLASS_DEFAULTS: [(&str, &[(&str, f64)]); 1] = [(
    "gemma3_text",
    &[
        ("head_dim", 256.0),
        ("num_attention_heads", 8.0),
        ("num_hidden_layers", 26.0),
        ("max_position_embeddings", 131_072.0),
        ("rope_theta", 1_000_000.0),
        ("rope_local_base_freq", 10_000.0),
    ],
)];

/// `model` with its class's defaults (`CLASS_DEFAULTS`) filled in where absent, and a note
/// naming them; its class is its `model_type`, or for a `text_config` without one, the outer
/// configuration's (`gemma3` holds `gemma3_text`).
fn with_class_defaults(model: &Value, outer: &Value) -> (Value, Option<Note>) {
    let mut model = model.clone();
    let Some(map) = model.as_object_mut() else {
        return (model, None);
    };
    let own = map.get("model_type").and_then(Value::as_str);
    let outer_type = outer.get("model_type").and_then(Value::as_str);
    let class = match (own, outer_type) {
        (Some(own), _) => own.to_string(),
        (None, Some(outer)) => format!("{outer}_text"),
        _ => return (model, None),
    };
    let Some((_, defaults)) = CLASS_DEFAULTS.iter().find(|(name, _)| *name == class) else {
        return (model, None);
    };
    let mut filled = Vec::new();
    for (key, value) in defaults.iter() {
        if !given(map, key) {
            map.insert((*key).to_string(), (*value).into());
            filled.push(format!("{key} = {value}"));
        }
    }
    let note = (!filled.is_empty()).then(|| Note::ClassDefaults {
        class: class.clone(),
        filled,
    });
    (model, note)
}

/// The release lines of transformers whose RoPE rules differ (docs/sources.md, "transformers 4
/// and 5"). Every line computes the frequencies of each type with the same formulas; they differ in
/// which fields they read:
///
/// - `V4_55`: YaRN's factor is max_position_embeddings / rope_scaling's
///   original_max_position_embeddings whenever that is given, whatever `factor` says;
/// - `V4_55` and `V4_57`: no `rope_parameters` (only `rope_theta` and `rope_scaling`); YaRN's
///   trained length only from `rope_scaling`, its factor must be a number; LongRoPE's trained
///   length only from the top level, where it also replaces the factor by
///   max_position_embeddings / original_max_position_embeddings;
/// - `V5`: as the module's notes say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Transformers {
    /// 4.51 to 4.55, which take YaRN's factor from the lengths (fixed in 4.56; 4.51 is the
    /// earliest release this rule was seen in, docs/sources.md: earlier 4.x releases are not
    /// modelled).
    V4_55,
    /// 4.56 and 4.57, the last 4.x releases.
    V4_57,
    /// 5.x.
    #[default]
    V5,
}

impl Transformers {
    pub const ALL: [Transformers; 3] = [Transformers::V4_55, Transformers::V4_57, Transformers::V5];

    /// How the command line and the link write it.
    pub fn code(self) -> &'static str {
        match self {
            Transformers::V4_55 => "4.55",
            Transformers::V4_57 => "4.57",
            Transformers::V5 => "5",
        }
    }

    /// `4.51` … `4.55`, `4`, `4.56`, `4.57` and `5` (`code` writes the last of each line).
    pub fn parse(text: &str) -> Option<Transformers> {
        match text.trim() {
            "4.51" | "4.52" | "4.53" | "4.54" | "4.55" => Some(Transformers::V4_55),
            "4" | "4.56" | "4.57" => Some(Transformers::V4_57),
            "5" => Some(Transformers::V5),
            _ => None,
        }
    }

    /// Its name on the page.
    pub fn label(self, chinese: bool) -> &'static str {
        match (self, chinese) {
            (Transformers::V4_55, _) => "transformers 4.51–4.55",
            (Transformers::V4_57, _) => "transformers 4.56–4.57",
            (Transformers::V5, _) => "transformers 5",
        }
    }

    fn reads_rope_parameters(self) -> bool {
        self == Transformers::V5
    }
}

/// Where a multimodal configuration keeps its language model.
const TEXT_CONFIG: &str = "text_config";

/// The language model's part of a configuration: `text_config` when the top level has no head
/// width of its own (`head_dim`, `hidden_size`, `qk_rope_head_dim`) and holds that object, as
/// composite configurations do (transformers' `get_text_config()` returns it); `None` for a
/// configuration that is its language model.
fn language_model(value: &Value) -> Option<&Value> {
    let map = value.as_object()?;
    if has_head_width(map) {
        return None;
    }
    map.get(TEXT_CONFIG).filter(|nested| nested.is_object())
}

/// Whether `key` is given (present and not null).
fn given(map: &Map<String, Value>, key: &str) -> bool {
    map.get(key).is_some_and(|v| !v.is_null())
}

/// Whether the configuration says how wide a head is, one way or another.
fn has_head_width(map: &Map<String, Value>) -> bool {
    ["head_dim", "hidden_size", "qk_rope_head_dim"]
        .iter()
        .any(|key| given(map, key))
}

/// The text as JSON, or why it is not.
fn parse(text: &str) -> Result<Value, ConfigError> {
    if text.len() > LARGEST_TEXT {
        return Err(ConfigError::TooLarge { bytes: text.len() });
    }
    if text.trim().is_empty() {
        return Err(ConfigError::Empty);
    }
    serde_json::from_str(text).map_err(|e| {
        let (line, column) = (e.line(), e.column());
        // serde_json names these two only in its message (its `Category` calls both syntax).
        let message = e.to_string();
        if message.starts_with("recursion limit exceeded") {
            ConfigError::TooDeep { line, column }
        } else if message.starts_with("number out of range") {
            ConfigError::NumberTooLarge { line, column }
        } else {
            ConfigError::NotJson { line, column }
        }
    })
}

/// What one kind of layer reads differently from the configuration as it stands (the default:
/// nothing).
#[derive(Default)]
struct Overrides<'a> {
    /// Whose rules.
    rules: Transformers,
    /// The dict read instead of `rope_scaling` / `rope_parameters`, with its path; `Some(None)`:
    /// none (no scaling).
    scaling: Option<Option<(&'a Map<String, Value>, String)>>,
    /// The base where the dict gives none (Gemma 3's `rope_local_base_freq`).
    base: Option<f64>,
}

/// One rotation of parsed JSON, found at `path` (empty: the top level; anywhere else, a note
/// says where it was read from), as `over` says; `layers` empty.
fn read_value(value: &Value, path: &str, over: Overrides) -> Result<Read, ConfigError> {
    let map = value.as_object().ok_or_else(|| ConfigError::NotObject {
        field: if path.is_empty() {
            "the config".into()
        } else {
            path.into()
        },
    })?;
    let top = Fields { map, path };
    let mut notes = if path.is_empty() {
        Vec::new()
    } else {
        vec![Note::TextConfig]
    };

    // transformers 5 keeps the scaling (and the base) under `rope_parameters`; 4 never reads it.
    let rules = over.rules;
    let scaling_keys: &[&str] = if rules.reads_rope_parameters() {
        &["rope_scaling", "rope_parameters"]
    } else {
        if given(map, "rope_parameters") {
            notes.push(Note::RopeParametersUnread { rules });
        }
        &["rope_scaling"]
    };
    let scaling_map = match over.scaling {
        Some(given) => given,
        None => match top.get(scaling_keys) {
            None => None,
            Some((value, field)) => Some((
                value.as_object().ok_or(ConfigError::NotObject {
                    field: field.clone(),
                })?,
                field,
            )),
        },
    };
    let scaling_fields = scaling_map.as_ref().map(|(map, path)| Fields { map, path });

    // transformers 5 sets the dict's own rope_theta by default over the top-level one.
    let base = match scaling_fields
        .as_ref()
        .filter(|_| rules.reads_rope_parameters())
        .map(|f| f.number_where(&["rope_theta"], Rule::Base))
        .transpose()?
        .flatten()
    {
        Some(base) => base,
        None => match over.base {
            Some(base) => base,
            None => match top.number_where(&["rope_theta", "rotary_emb_base"], Rule::Base)? {
                Some(base) => base,
                None => {
                    notes.push(Note::DefaultBase);
                    10000.0
                }
            },
        },
    };
    // DeepSeek-V2/V3's configurations set head_dim = qk_rope_head_dim (their other head widths
    // do not rotate).
    let deepseek = top.count(&["qk_rope_head_dim"])?;
    let head_dim = match deepseek.or(top.count(&["head_dim"])?) {
        Some(width) => width,
        None => {
            let hidden = top.count(&["hidden_size"])?;
            let heads = top.count(&["num_attention_heads"])?;
            match (hidden, heads) {
                (Some(hidden), Some(heads)) => hidden / heads,
                (None, _) => {
                    return Err(ConfigError::Missing {
                        field: format!("{} (or hidden_size)", top.name("head_dim")),
                    })
                }
                (_, None) => {
                    return Err(ConfigError::Missing {
                        field: top.name("num_attention_heads"),
                    })
                }
            }
        }
    };
    // GPT-J's (and CodeGen's) `rotary_dim`: how many dimensions of each head rotate.
    let rotary_share = match top.count(&["rotary_dim"])? {
        Some(rotated) if rotated > head_dim => {
            return Err(ConfigError::OutOfRange {
                field: top.name("rotary_dim"),
                value: rotated as f64,
                rule: Rule::AtMostHead(head_dim),
            })
        }
        rotated => rotated.map(|r| r as f64 / head_dim as f64),
    };
    let partial_rotary_factor =
        match top.number_where(&["partial_rotary_factor", "rotary_pct"], Rule::Share)? {
            Some(share) => share,
            None => match rotary_share {
                Some(share) => share,
                None => scaling_fields
                    .as_ref()
                    .filter(|_| rules.reads_rope_parameters())
                    .map(|f| f.number_where(&["partial_rotary_factor"], Rule::Share))
                    .transpose()?
                    .flatten()
                    .unwrap_or(1.0),
            },
        };
    let max_position_embeddings = top.required_count("max_position_embeddings")?;
    let top_original = top.count(&["original_max_position_embeddings"])?;

    let mut config = RopeConfig {
        rope_theta: base,
        head_dim,
        partial_rotary_factor,
        max_position_embeddings,
        original_max_position_embeddings: None,
        scales_softmax: deepseek.is_some(),
        scaling: Scaling::Default,
    };
    // Which dimensions pair up, not how fast they turn: named, not computed.
    let interleave = top
        .get(&["rope_interleave"])
        .map(|(flag, _)| flag.as_bool());
    let deepseek_v3 = top.map.get("model_type").and_then(Value::as_str) == Some("deepseek_v3");
    match interleave {
        Some(Some(true)) => notes.push(Note::InterleavedPairs { by_default: false }),
        None if deepseek_v3 => notes.push(Note::InterleavedPairs { by_default: true }),
        _ => {}
    }
    let dim = config.rotary_dim();
    let type_name = match &scaling_fields {
        None => "default".to_string(),
        Some(fields) => match fields.get(&["rope_type", "type"]) {
            // transformers 5's rope_parameters may hold just the base: no scaling.
            None if fields
                .map
                .keys()
                .all(|k| k == "rope_theta" || k == "partial_rotary_factor") =>
            {
                "default".to_string()
            }
            None => {
                return Err(ConfigError::Missing {
                    field: fields.name("rope_type"),
                })
            }
            Some((value, field)) => value
                .as_str()
                .ok_or(ConfigError::WrongType {
                    field,
                    expected: Expected::Text,
                })?
                .to_string(),
        },
    };
    let type_name = if type_name == "su" {
        notes.push(Note::SuAsLongrope);
        "longrope".to_string()
    } else {
        type_name
    };
    let least_dim = if matches!(type_name.as_str(), "ntk" | "dynamic") {
        4
    } else {
        2
    };
    if dim < least_dim || dim % 2 == 1 || dim > LARGEST_ROTARY_DIM {
        return Err(ConfigError::OutOfRange {
            field: "head_dim × partial_rotary_factor".into(),
            value: head_dim as f64 * partial_rotary_factor,
            rule: Rule::EvenRotaryDim(least_dim),
        });
    }
    let Some(fields) = scaling_fields else {
        return Ok(Read {
            config,
            notes,
            layers: Vec::new(),
            rules,
        });
    };
    let dict_original = fields.count(&["original_max_position_embeddings"])?;
    config.original_max_position_embeddings = match (type_name.as_str(), rules) {
        ("yarn" | "llama3" | "longrope", Transformers::V5) => top_original.or(dict_original),
        // transformers 4: YaRN and Llama 3 read rope_scaling's, LongRoPE the top level's.
        ("yarn" | "llama3", _) => dict_original,
        ("longrope", _) => top_original,
        _ => None,
    };
    let factor = || fields.required("factor", Rule::Factor);
    config.scaling = match type_name.as_str() {
        "default" => Scaling::Default,
        "mrope" => {
            let sections = match fields.get(&["mrope_section"]) {
                None => None,
                Some((value, field)) => Some(
                    value
                        .as_array()
                        .and_then(|items| {
                            items
                                .iter()
                                .map(|n| n.as_u64().map(|n| n as usize))
                                .collect::<Option<Vec<usize>>>()
                        })
                        .ok_or(ConfigError::WrongType {
                            field,
                            expected: Expected::ListOfNumbers,
                        })?,
                ),
            };
            if let Some(sum) = sections.as_ref().map(|s| s.iter().sum::<usize>())
                && sum != dim / 2
            {
                notes.push(Note::MropeSectionsDoNotAddUp {
                    sum,
                    pairs: dim / 2,
                });
            }
            notes.push(Note::MropeAsDefault { sections });
            Scaling::Default
        }
        "linear" | "ntk" => {
            let original = match top_original {
                Some(original) => Some(original),
                None => fields.count(&["original_max_position_embeddings"])?,
            };
            notes.push(Note::TrainedLengthAssumed {
                original,
                max: config.max_position_embeddings,
            });
            let factor = factor()?;
            if type_name == "ntk" {
                notes.push(Note::NtkNotInTransformers);
                Scaling::Ntk { factor }
            } else {
                Scaling::Linear { factor }
            }
        }
        "dynamic" => Scaling::Dynamic { factor: factor()? },
        "yarn" => {
            // transformers reads `get("beta_fast") or 32` (and `or 1`): absent, null or 0 is
            // the default.
            let mut beta = |key: &str, default: f64| -> Result<f64, ConfigError> {
                if fields
                    .number(&[key])?
                    .is_some_and(|(value, _)| value == 0.0)
                {
                    notes.push(Note::ZeroBeta {
                        field: fields.name(key),
                        used: default,
                    });
                    return Ok(default);
                }
                Ok(fields
                    .number_where(&[key], Rule::Positive)?
                    .unwrap_or(default))
            };
            let beta_fast = beta("beta_fast", 32.0)?;
            let beta_slow = beta("beta_slow", 1.0)?;
            // transformers only warns, and computes the ramp as it stands.
            if beta_fast < beta_slow {
                notes.push(Note::BetaFastBelowSlow {
                    beta_fast,
                    beta_slow,
                });
            }
            let truncate = match fields.get(&["truncate"]) {
                None => true,
                Some((value, field)) => value.as_bool().ok_or(ConfigError::WrongType {
                    field,
                    expected: Expected::TrueOrFalse,
                })?,
            };
            let trained = config
                .original_max_position_embeddings
                .unwrap_or(config.max_position_embeddings);
            let implicit = config.max_position_embeddings as f64 / trained as f64;
            // A factor written as null is taken from the lengths; an absent one is missing, as
            // transformers 5 has it (its validation requires the key).
            let null_factor = fields.map.get("factor").is_some_and(Value::is_null);
            if null_factor && rules != Transformers::V5 {
                return Err(ConfigError::NullBefore5 {
                    field: fields.name("factor"),
                    rules,
                });
            }
            let factor = if rules == Transformers::V4_55 && dict_original.is_some() {
                if !(1.0 / LARGEST_FACTOR..=LARGEST_FACTOR).contains(&implicit) {
                    return Err(ConfigError::OutOfRange {
                        field: "max_position_embeddings / original_max_position_embeddings".into(),
                        value: implicit,
                        rule: Rule::Factor,
                    });
                }
                let given = factor()?;
                if given != implicit {
                    notes.push(Note::FactorReplacedByLengths {
                        given,
                        used: implicit,
                        rules,
                    });
                }
                implicit
            } else if null_factor {
                if !(1.0..=LARGEST_FACTOR).contains(&implicit) {
                    return Err(ConfigError::OutOfRange {
                        field: "max_position_embeddings / original_max_position_embeddings".into(),
                        value: implicit,
                        rule: Rule::Factor,
                    });
                }
                notes.push(Note::FactorFromLengths { factor: implicit });
                implicit
            } else {
                let factor = factor()?;
                if factor != implicit && implicit != 1.0 {
                    notes.push(Note::YarnFactorMismatch { factor, implicit });
                }
                factor
            };
            Scaling::Yarn(Yarn {
                factor,
                beta_fast,
                beta_slow,
                attention_factor: fields.number_where(&["attention_factor"], Rule::Multiplier)?,
                mscale: fields.number_where(&["mscale"], Rule::MultiplierOrZero)?,
                mscale_all_dim: fields.number_where(&["mscale_all_dim"], Rule::MultiplierOrZero)?,
                truncate,
            })
        }
        "llama3" => {
            // transformers 4's validation requires rope_scaling's own length.
            if rules != Transformers::V5 && dict_original.is_none() {
                return Err(ConfigError::Missing {
                    field: fields.name("original_max_position_embeddings"),
                });
            }
            let low_freq_factor = fields.required("low_freq_factor", Rule::Positive)?;
            let high_freq_factor = fields.required("high_freq_factor", Rule::Positive)?;
            // transformers only warns (Llama 4 ships both at 1): the band that blends the two
            // frequencies is then empty.
            if high_freq_factor <= low_freq_factor {
                notes.push(Note::HighNotAboveLow {
                    high_freq_factor,
                    low_freq_factor,
                });
            }
            let original = config
                .original_max_position_embeddings
                .unwrap_or(config.max_position_embeddings);
            if original >= config.max_position_embeddings {
                notes.push(Note::Llama3OriginalNotBelowMax {
                    original,
                    max: config.max_position_embeddings,
                });
            }
            Scaling::Llama3(Llama3 {
                factor: factor()?,
                low_freq_factor,
                high_freq_factor,
            })
        }
        "longrope" => {
            let mut longrope = LongRope {
                short_factor: fields.factors("short_factor", dim / 2)?,
                long_factor: fields.factors("long_factor", dim / 2)?,
                factor: fields.number_where(&["factor"], Rule::Factor)?,
                attention_factor: fields.number_where(&["attention_factor"], Rule::Multiplier)?,
            };
            // transformers 4: a top-level original_max_position_embeddings replaces the factor
            // by the ratio of the lengths; without one the factor must be given (it compares
            // it with 1) unless the attention factor is.
            if rules != Transformers::V5 {
                match top_original {
                    Some(original) => {
                        let used = config.max_position_embeddings as f64 / original as f64;
                        if let Some(given) = longrope.factor.filter(|given| *given != used) {
                            notes.push(Note::FactorReplacedByLengths { given, used, rules });
                        }
                        longrope.factor = Some(used);
                    }
                    None if longrope.factor.is_none() && longrope.attention_factor.is_none() => {
                        return Err(ConfigError::NullBefore5 {
                            field: fields.name("factor"),
                            rules,
                        });
                    }
                    None => {}
                }
            }
            // Without an attention_factor transformers computes √(1 + ln s / ln L₀) for s > 1:
            // a training length of 1 divides by ln 1 = 0 (Python raises ZeroDivisionError).
            let trained = config
                .original_max_position_embeddings
                .unwrap_or(config.max_position_embeddings);
            let factor = longrope
                .factor
                .unwrap_or(config.max_position_embeddings as f64 / trained as f64);
            if longrope.factor.is_none() {
                notes.push(Note::LongRopeFactorFromLengths);
            }
            let longrope = longrope;
            if longrope.attention_factor.is_none() && factor > 1.0 && trained < 2 {
                let field = match (top_original, config.original_max_position_embeddings) {
                    (Some(_), _) => "original_max_position_embeddings".to_owned(),
                    (None, Some(_)) => fields.name("original_max_position_embeddings"),
                    (None, None) => "max_position_embeddings".to_owned(),
                };
                return Err(ConfigError::OutOfRange {
                    field,
                    value: trained as f64,
                    rule: Rule::Above("1".into()),
                });
            }
            Scaling::LongRope(longrope)
        }
        other => {
            return Err(ConfigError::UnknownType {
                name: other.chars().take(40).collect(),
            })
        }
    };
    let factor = match &config.scaling {
        Scaling::Default => None,
        Scaling::Linear { factor } | Scaling::Ntk { factor } | Scaling::Dynamic { factor } => {
            Some(*factor)
        }
        Scaling::Yarn(yarn) => Some(yarn.factor),
        Scaling::Llama3(llama3) => Some(llama3.factor),
        Scaling::LongRope(longrope) => longrope.factor,
    };
    if let Some(factor) = factor.filter(|f| *f < 1.0) {
        notes.push(Note::FactorBelowOne { factor });
    }
    // Ministral 3 / Mistral 4: a query scaling by position, beside the rotation.
    if let Some(beta) = fields
        .number_where(&["llama_4_scaling_beta"], Rule::MultiplierOrZero)?
        .filter(|beta| *beta > 0.0)
    {
        notes.push(Note::QueryScaling {
            field: fields.name("llama_4_scaling_beta"),
            beta,
            length: dict_original.unwrap_or(config.max_position_embeddings),
        });
    }
    Ok(Read {
        config,
        notes,
        layers: Vec::new(),
        rules,
    })
}

/// Reads a configuration that may hold only its rope fields (the lab's paste box): where it gives
/// neither `head_dim` nor `hidden_size`, `head_dim` is taken as given here, and where it has no
/// `max_position_embeddings`, that too; a note says which. A full config reads as `read_config`.
///
/// ```
/// use pe_explorer::encoding::rope_config::{read_rope_fields, Note};
/// let read = read_rope_fields(r#"{"rope_theta": 500000.0}"#, 128, 8192).unwrap();
/// assert_eq!((read.config.head_dim, read.config.max_position_embeddings), (128, 8192));
/// assert_eq!(read.notes[0], Note::Assumed { head_dim: Some(128), max_position_embeddings: Some(8192) });
/// ```
pub fn read_rope_fields(
    text: &str,
    head_dim: usize,
    max_position_embeddings: usize,
) -> Result<Read, ConfigError> {
    read_rope_fields_as(text, head_dim, max_position_embeddings, Transformers::V5)
}

/// `read_rope_fields` by the rules of one release line of transformers.
pub fn read_rope_fields_as(
    text: &str,
    head_dim: usize,
    max_position_embeddings: usize,
    rules: Transformers,
) -> Result<Read, ConfigError> {
    let parsed = parse(text)?;
    let (model, path) = match language_model(&parsed) {
        Some(nested) => (nested, TEXT_CONFIG),
        None => (&parsed, ""),
    };
    let (mut value, defaults) = with_class_defaults(model, &parsed);
    let mut note = None;
    if let Some(map) = value.as_object_mut() {
        let head = (!has_head_width(map)).then_some(head_dim);
        let length = (!given(map, "max_position_embeddings")).then_some(max_position_embeddings);
        if let Some(d) = head {
            map.insert("head_dim".into(), d.into());
        }
        if let Some(l) = length {
            map.insert("max_position_embeddings".into(), l.into());
        }
        note = (head.is_some() || length.is_some()).then_some(Note::Assumed {
            head_dim: head,
            max_position_embeddings: length,
        });
    }
    // (Not an object: `read_value` says so.)
    let mut read = layers::read_model(&value, path, rules)?;
    read.notes.extend(defaults);
    read.notes.extend(note);
    Ok(read)
}

/// `examples/rope_freqs.rs`'s output: `{"inv_freq": [...], "attention_factor": x}`, every number
/// printed in full (the shortest text that reads back as the same f64), and
/// `"softmax_scale_factor": y` after them for a model that scales its softmax apart from the
/// rope (DeepSeek's `mscale_all_dim`, `rope_scaling::softmax_scale_factor`).
///
/// ```
/// use pe_explorer::encoding::{rope_config::frequencies_json, rope_scaling::Frequencies};
/// let f = Frequencies { inv_freq: vec![1.0, 0.1], attention_factor: 1.0 };
/// assert_eq!(frequencies_json(&f, None), r#"{"inv_freq": [1.0,0.1], "attention_factor": 1.0}"#);
/// assert_eq!(frequencies_json(&f, Some(2.5)),
///     r#"{"inv_freq": [1.0,0.1], "attention_factor": 1.0, "softmax_scale_factor": 2.5}"#);
/// ```
pub fn frequencies_json(
    frequencies: &super::rope_scaling::Frequencies,
    softmax_scale_factor: Option<f64>,
) -> String {
    let list: Vec<String> = frequencies
        .inv_freq
        .iter()
        .map(|&x| json_number(x))
        .collect();
    let softmax = softmax_scale_factor
        .map(|y| format!(", \"softmax_scale_factor\": {}", json_number(y)))
        .unwrap_or_default();
    format!(
        "{{\"inv_freq\": [{}], \"attention_factor\": {}{softmax}}}",
        list.join(","),
        json_number(frequencies.attention_factor)
    )
}

/// `frequencies_json` followed by what the numbers are of and what was assumed: `rope_type` (with
/// its factor: `Scaling::label`), `rotary_dim`, `rope_theta`, `max_position_embeddings`,
/// `training_length` (L₀), and the length they were computed at, `seq_len` (null: as the model
/// is loaded), with what it chose: `longrope_factors` (`short` or `long`), `dynamic_length`.
///
/// ```
/// use pe_explorer::encoding::rope_config::{described_json, read_config};
/// let read = read_config(r#"{"head_dim": 4, "max_position_embeddings": 64}"#).unwrap();
/// assert_eq!(described_json(&read.config, None),
///     r#"{"inv_freq": [1.0,0.01], "attention_factor": 1.0, "rope_type": "default", "rotary_dim": 4, "rope_theta": 10000.0, "max_position_embeddings": 64, "training_length": 64, "seq_len": null}"#);
/// ```
pub fn described_json(config: &RopeConfig, seq_len: Option<usize>) -> String {
    let body = frequencies_json(
        &super::rope_scaling::frequencies(config, seq_len),
        super::rope_scaling::softmax_scale_factor(config),
    );
    let text = |t: &str| serde_json::to_string(t).unwrap_or_else(|_| "\"\"".into());
    let trained = config.training_length();
    let choice = match &config.scaling {
        Scaling::LongRope(_) => format!(
            ", \"longrope_factors\": \"{}\"",
            if seq_len.is_some_and(|n| n > trained) {
                "long"
            } else {
                "short"
            }
        ),
        Scaling::Dynamic { .. } => format!(
            ", \"dynamic_length\": {}",
            seq_len.map_or(config.max_position_embeddings, |n| n
                .max(config.max_position_embeddings))
        ),
        _ => String::new(),
    };
    format!(
        "{}, \"rope_type\": {}, \"rotary_dim\": {}, \"rope_theta\": {}, \"max_position_embeddings\": {}, \"training_length\": {trained}, \"seq_len\": {}{choice}}}",
        &body[..body.len() - 1],
        text(&config.scaling.label()),
        config.rotary_dim(),
        json_number(config.rope_theta),
        config.max_position_embeddings,
        seq_len.map_or("null".to_string(), |n| n.to_string()),
    )
}

/// The other release lines of transformers that read the same configuration differently from
/// `read` (`read_as` reads it by a line's rules): each with its own reading, or the error it stops
/// with. Readings differ when any kind of layer gets other frequencies or another attention
/// factor as the model is loaded.
pub fn differing_readings(
    read: &Read,
    read_as: impl Fn(Transformers) -> Result<Read, ConfigError>,
) -> Vec<(Transformers, Result<Read, ConfigError>)> {
    Transformers::ALL
        .into_iter()
        .filter(|rules| *rules != read.rules)
        .map(|rules| (rules, read_as(rules)))
        .filter(|(_, other)| match other {
            Err(_) => true,
            Ok(other) => rotations(other) != rotations(read),
        })
        .collect()
}

/// One line saying how another release line reads the configuration, for the lab: its scaling
/// and attention factor and how far its inverse frequencies stray from `against`'s (the largest
/// ratio, either way, over every pair of every kind of layer), then the notes it made that
/// `against` did not (why it differs); or the error it stops with.
///
/// ```
/// use pe_explorer::encoding::rope_config::{differing_readings, read_config, read_config_as, reading_summary};
/// let qwen = r#"{"head_dim": 128, "max_position_embeddings": 32768, "rope_theta": 1000000.0,
///     "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}}"#;
/// let read = read_config(qwen).unwrap();
/// let others = differing_readings(&read, |r| read_config_as(qwen, r));
/// assert_eq!(reading_summary(others[0].0, &others[0].1, &read, false),
///     "transformers 4.51–4.55: yarn ×1, attention factor 1.0000; its inverse frequencies differ from transformers 5's by up to a factor of 4.00. \
///      transformers 4.51–4.55 does not use the factor 4: it takes max_position_embeddings / \
///      original_max_position_embeddings = 1 instead.");
/// ```
pub fn reading_summary(
    rules: Transformers,
    other: &Result<Read, ConfigError>,
    against: &Read,
    chinese: bool,
) -> String {
    let (name, theirs_name) = (rules.label(chinese), against.rules.label(chinese));
    let other = match other {
        // This error names the line and says that it stops.
        Err(error @ ConfigError::NullBefore5 { .. }) => return error.message(chinese),
        Err(error) if chinese => return format!("{name} 读取时报错停止。{}", error.message(true)),
        Err(error) => return format!("{name} stops with an error. {}", error.message(false)),
        Ok(other) => other,
    };
    let (mine, theirs) = (rotations(other), rotations(against));
    let stray = if mine.len() == theirs.len() {
        mine.iter()
            .zip(&theirs)
            .filter_map(|(a, b)| a.as_ref().zip(b.as_ref()))
            .flat_map(|(a, b)| a.inv_freq.iter().zip(&b.inv_freq))
            .map(|(a, b)| (a / b).max(b / a))
            .fold(1.0, f64::max)
    } else {
        f64::NAN
    };
    let factor = super::rope_scaling::frequencies(&other.config, None).attention_factor;
    let ratio = format!("{stray:.2}");
    let scaling = other.config.scaling.label();
    // Why: what that line noted and this one did not.
    let why: String = other
        .notes
        .iter()
        .filter(|note| !against.notes.contains(note))
        .map(|note| {
            format!(
                "{}{}",
                if chinese { "" } else { " " },
                note.message(chinese)
            )
        })
        .collect();
    let said = match (chinese, stray.is_nan()) {
        (false, false) => format!("{name}: {scaling}, attention factor {factor:.4}; its inverse frequencies differ from {theirs_name}'s by up to a factor of {ratio}."),
        (true, false) => format!("{name}：{scaling}，注意力因子 {factor:.4}；它与 {theirs_name} 的逆频率之比（大比小）最大为 {ratio}。"),
        (false, true) => format!("{name}: {scaling}, attention factor {factor:.4}; it groups the layers differently from {theirs_name}."),
        (true, true) => format!("{name}：{scaling}，注意力因子 {factor:.4}；它对层的分类与 {theirs_name} 不同。"),
    };
    said + &why
}

/// Each rotation a reading holds, as the model is loaded (`None` for layers without RoPE).
fn rotations(read: &Read) -> Vec<Option<super::rope_scaling::Frequencies>> {
    let of = |config: &RopeConfig| super::rope_scaling::frequencies(config, None);
    if read.layers.is_empty() {
        vec![Some(of(&read.config))]
    } else {
        read.layers
            .iter()
            .map(|kind| kind.rope.as_ref().map(of))
            .collect()
    }
}

/// The command line's JSON (`described_json` or `layers_json`) with what it was read by and what
/// it assumed added: `"transformers"` (`Transformers::code`), `"notes"` (each note's message,
/// transformers' warnings among them), and `"other_transformers"`: for each release line that
/// reads the configuration differently, its `code` and either its numbers (the same JSON) or the
/// `"error"` it stops with.
pub fn reading_json(
    body: &str,
    read: &Read,
    others: &[(Transformers, Result<String, ConfigError>)],
) -> String {
    let text = |t: &str| serde_json::to_string(t).unwrap_or_else(|_| "\"\"".into());
    let notes: Vec<String> = read.notes.iter().map(|n| text(&n.message(false))).collect();
    let others: Vec<String> = others
        .iter()
        .map(|(rules, other)| match other {
            Ok(json) => format!("{{\"transformers\": \"{}\", {}", rules.code(), &json[1..]),
            Err(error) => format!(
                "{{\"transformers\": \"{}\", \"error\": {}}}",
                rules.code(),
                text(&error.message(false))
            ),
        })
        .collect();
    format!(
        "{}, \"transformers\": \"{}\", \"notes\": [{}], \"other_transformers\": [{}]}}",
        &body[..body.len() - 1],
        read.rules.code(),
        notes.join(", "),
        others.join(", ")
    )
}

/// `examples/rope_freqs.rs`'s output for a model whose layers differ: `{"layers": [...]}` with
/// one entry per kind of layer, in order: its `kind` (the layer type), `count`, `layers`
/// (counted from 0), then `described_json`'s fields for a kind that rotates, or `"rope":
/// false` (and Llama 4's `"query_temperature"`) for one that does not.
///
/// ```
/// use pe_explorer::encoding::rope_config::{layers_json, read_config};
/// let read = read_config(r#"{"head_dim": 4, "max_position_embeddings": 64, "num_hidden_layers": 2,
///     "no_rope_layers": [1, 0], "attn_temperature_tuning": false}"#).unwrap();
/// assert_eq!(layers_json(&read.layers, None),
///     r#"{"layers": [{"kind": "chunked_attention", "count": 1, "layers": [0], "inv_freq": [1.0,0.01], "attention_factor": 1.0, "rope_type": "default", "rotary_dim": 4, "rope_theta": 10000.0, "max_position_embeddings": 64, "training_length": 64, "seq_len": null}, {"kind": "full_attention", "count": 1, "layers": [1], "rope": false}]}"#);
/// ```
pub fn layers_json(kinds: &[LayerKind], seq_len: Option<usize>) -> String {
    let entries: Vec<String> = kinds.iter().map(|kind| kind_json(kind, seq_len)).collect();
    format!("{{\"layers\": [{}]}}", entries.join(", "))
}

/// One kind's entry of `layers_json`.
pub fn kind_json(kind: &LayerKind, seq_len: Option<usize>) -> String {
    let name = serde_json::to_string(&kind.name).unwrap_or_else(|_| "\"\"".into());
    let layers: Vec<String> = kind.layers.iter().map(|l| l.to_string()).collect();
    let head = format!(
        "\"kind\": {name}, \"count\": {}, \"layers\": [{}]",
        kind.layers.len(),
        layers.join(",")
    );
    match &kind.rope {
        Some(config) => {
            let body = described_json(config, seq_len);
            format!("{{{head}, {}", &body[1..])
        }
        None => {
            let temperature = kind
                .temperature
                .map(|t| {
                    format!(
                        ", \"query_temperature\": {{\"floor_scale\": {}, \"attn_scale\": {}}}",
                        json_number(t.floor_scale),
                        json_number(t.attn_scale)
                    )
                })
                .unwrap_or_default();
            format!("{{{head}, \"rope\": false{temperature}}}")
        }
    }
}

/// A number as JSON, in full (the shortest text that reads back as the same f64).
fn json_number(x: f64) -> String {
    serde_json::to_string(&x).unwrap_or_else(|_| "null".into())
}

/// A config.json holding `config`'s rotation and nothing else: `rope_theta`, the head width
/// (`qk_rope_head_dim` for a model that scales its softmax apart from the rope, as DeepSeek's
/// do, else `head_dim`), `partial_rotary_factor` when not 1, `max_position_embeddings`, and
/// `rope_scaling` with every field its type reads (L₀ as its `original_max_position_embeddings`
/// where the type reads one). `read_config` reads it back to `config`: the lab checks a model's
/// settings from a link this way, by the reader's own rules.
///
/// ```
/// use pe_explorer::encoding::rope_config::{read_config, rope_fields_json};
/// let read = read_config(r#"{"head_dim": 128, "max_position_embeddings": 32768,
///     "rope_scaling": {"rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 32768}}"#).unwrap();
/// let json = rope_fields_json(&read.config);
/// assert_eq!(read_config(&json).unwrap().config, read.config);
/// ```
pub fn rope_fields_json(config: &RopeConfig) -> String {
    // Written out by hand: serde_json's serializer for a `Value` would add about 5 KB to the
    // tools' wasm (docs/bundle.md), and every value here is a number, a list or a known name.
    let mut top = vec![format!(
        "\"rope_theta\": {}",
        json_number(config.rope_theta)
    )];
    let width = if config.scales_softmax {
        "qk_rope_head_dim"
    } else {
        "head_dim"
    };
    top.push(format!("\"{width}\": {}", config.head_dim));
    if config.partial_rotary_factor != 1.0 {
        top.push(format!(
            "\"partial_rotary_factor\": {}",
            json_number(config.partial_rotary_factor)
        ));
    }
    top.push(format!(
        "\"max_position_embeddings\": {}",
        config.max_position_embeddings
    ));
    let mut scaling: Vec<String> = Vec::new();
    let mut put = |key: &str, value: String| scaling.push(format!("\"{key}\": {value}"));
    let list = |xs: &[f64]| {
        let items: Vec<String> = xs.iter().map(|&x| json_number(x)).collect();
        format!("[{}]", items.join(", "))
    };
    match &config.scaling {
        Scaling::Default => {}
        Scaling::Linear { factor } | Scaling::Ntk { factor } | Scaling::Dynamic { factor } => {
            let name = match config.scaling {
                Scaling::Linear { .. } => "linear",
                Scaling::Ntk { .. } => "ntk",
                _ => "dynamic",
            };
            put("rope_type", format!("\"{name}\""));
            put("factor", json_number(*factor));
        }
        Scaling::Yarn(yarn) => {
            put("rope_type", "\"yarn\"".into());
            put("factor", json_number(yarn.factor));
            put("beta_fast", json_number(yarn.beta_fast));
            put("beta_slow", json_number(yarn.beta_slow));
            for (key, value) in [
                ("attention_factor", yarn.attention_factor),
                ("mscale", yarn.mscale),
                ("mscale_all_dim", yarn.mscale_all_dim),
            ] {
                if let Some(value) = value {
                    put(key, json_number(value));
                }
            }
            if !yarn.truncate {
                put("truncate", "false".into());
            }
        }
        Scaling::Llama3(llama3) => {
            put("rope_type", "\"llama3\"".into());
            put("factor", json_number(llama3.factor));
            put("low_freq_factor", json_number(llama3.low_freq_factor));
            put("high_freq_factor", json_number(llama3.high_freq_factor));
        }
        Scaling::LongRope(longrope) => {
            put("rope_type", "\"longrope\"".into());
            put("short_factor", list(&longrope.short_factor));
            put("long_factor", list(&longrope.long_factor));
            for (key, value) in [
                ("factor", longrope.factor),
                ("attention_factor", longrope.attention_factor),
            ] {
                if let Some(value) = value {
                    put(key, json_number(value));
                }
            }
        }
    }
    if let (Some(original), Scaling::Yarn(_) | Scaling::Llama3(_) | Scaling::LongRope(_)) =
        (config.original_max_position_embeddings, &config.scaling)
    {
        put("original_max_position_embeddings", original.to_string());
    }
    if !scaling.is_empty() {
        top.push(format!("\"rope_scaling\": {{{}}}", scaling.join(", ")));
    }
    format!("{{{}}}", top.join(", "))
}

/// What a config.json calls its model, for an export to name it: `_name_or_path` (the repository
/// name transformers writes when it saves a model), else `model_type`, at the top or in
/// `text_config`; `None` for a text that names neither (or is not JSON).
///
/// ```
/// use pe_explorer::encoding::rope_config::model_name;
/// assert_eq!(model_name(r#"{"_name_or_path": "Qwen/Qwen2.5-7B", "model_type": "qwen2"}"#).as_deref(), Some("Qwen/Qwen2.5-7B"));
/// assert_eq!(model_name(r#"{"text_config": {"model_type": "gemma3_text"}}"#).as_deref(), Some("gemma3_text"));
/// assert_eq!(model_name(r#"{"head_dim": 64}"#), None);
/// ```
pub fn model_name(text: &str) -> Option<String> {
    let value: Value = serde_json::from_str(text).ok()?;
    let named = |v: &Value, key: &str| {
        v.get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let levels = [Some(&value), value.get("text_config")];
    ["_name_or_path", "model_type"]
        .iter()
        .find_map(|key| levels.iter().flatten().find_map(|v| named(v, key)))
}
