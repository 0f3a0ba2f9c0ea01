//! RoPE past its training length: the inverse frequencies θ_i and the attention
//! (temperature) factor of every `rope_scaling` type that Hugging Face transformers' model
//! configurations use, computed as its `modeling_rope_utils.py` computes them (read there; the
//! versions and what differs between them are in docs/sources.md, "RoPE scaling"), in f64.
//!
//! Notation, for every type: d is the rotary dimension (`RopeConfig::rotary_dim`), pair i =
//! 0 … d/2 − 1, b the base (`rope_theta`), s the scale factor, L₀ the length the model was
//! trained on, and the unscaled inverse frequency is
//!     θ_i = b^(−2i/d)    (RoFormer, Su et al. 2021, §3.2.2),
//! whose wavelength, the positions per full turn of pair i, is λ_i = 2π/θ_i.
//!
//! Every function here is total on the configurations `rope_config::read_config` accepts
//! (factor ≥ 1, base > 1, an even rotary dimension of at least 2, ≥ 4 for the NTK types, factor
//! lists of d/2 positive numbers): the results are finite and positive.

use std::f64::consts::PI;

/// The settings of one model's rotary embedding, as its configuration gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct RopeConfig {
    /// The base b (`rope_theta`).
    pub rope_theta: f64,
    /// Each head's rotary width before `partial_rotary_factor`: DeepSeek's `qk_rope_head_dim`,
    /// else `head_dim`, else `hidden_size / num_attention_heads`.
    pub head_dim: usize,
    /// The share of each head that rotates (`partial_rotary_factor`; GPT-NeoX's `rotary_pct`).
    pub partial_rotary_factor: f64,
    /// `max_position_embeddings`: the context the configuration declares.
    pub max_position_embeddings: usize,
    /// The pre-training length L₀ of the `llama3`, `yarn` and `longrope` types: a top-level
    /// `original_max_position_embeddings` (Phi-3) when given, else the one in `rope_scaling`;
    /// `None` means `max_position_embeddings` (transformers 5's `standardize_rope_params`).
    pub original_max_position_embeddings: Option<usize>,
    /// DeepSeek's attention (the configuration names `qk_rope_head_dim`): besides the rope's
    /// attention factor, it multiplies its softmax scale by `yarn_mscale(s, mscale_all_dim)²`.
    pub scales_softmax: bool,
    pub scaling: Scaling,
}

impl RopeConfig {
    /// The rotary dimension d = ⌊head_dim · partial_rotary_factor⌋ (Python's `int()`, as
    /// transformers computes it); the first d entries of each head rotate, the rest pass as they are.
    pub fn rotary_dim(&self) -> usize {
        (self.head_dim as f64 * self.partial_rotary_factor) as usize
    }

    /// The length the model was trained on, L₀: `original_max_position_embeddings` for the
    /// types that read one (`llama3`, `yarn`, `longrope`) when given, otherwise
    /// `max_position_embeddings`.
    pub fn training_length(&self) -> usize {
        match &self.scaling {
            Scaling::Llama3(_) | Scaling::Yarn(_) | Scaling::LongRope(_) => self
                .original_max_position_embeddings
                .unwrap_or(self.max_position_embeddings),
            _ => self.max_position_embeddings,
        }
    }
}

/// A `rope_scaling` type with its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Scaling {
    /// No scaling: θ_i = b^(−2i/d).
    Default,
    /// `linear`, position interpolation (Chen et al. 2023, "Extending Context Window of Large
    /// Language Models via Positional Interpolation"): θ_i / s, i.e. position m read as m/s.
    Linear { factor: f64 },
    /// `ntk`, static NTK-aware scaling (bloc97, 2023): the base raised to b·s^(d/(d−2)), so the
    /// slowest pair is divided by exactly s and the fastest almost unchanged.
    Ntk { factor: f64 },
    /// `dynamic` NTK (emozilla, 2023): the NTK base for the current length L ≥ L₀,
    /// b·(s·L/L₀ − (s − 1))^(d/(d−2)); unchanged up to L₀.
    Dynamic { factor: f64 },
    /// `yarn` (Peng et al. 2023, "YaRN: Efficient Context Window Extension of Large Language
    /// Models", §3.2–3.4).
    Yarn(Yarn),
    /// `llama3` (Llama 3.1's scaling, Meta's reference code `apply_scaled_rope`).
    Llama3(Llama3),
    /// `longrope` (Ding et al. 2024, "LongRoPE"; Phi-3's configurations): one searched factor per pair.
    LongRope(LongRope),
}

impl Scaling {
    /// The `rope_type` a configuration names it by, with its factor where it has one:
    /// `linear ×8`, `default`.
    ///
    /// ```
    /// use pe_explorer::encoding::rope_scaling::Scaling;
    /// assert_eq!(Scaling::Linear { factor: 8.0 }.label(), "linear ×8");
    /// assert_eq!(Scaling::Default.label(), "default");
    /// ```
    pub fn label(&self) -> String {
        let (name, factor) = match self {
            Scaling::Default => ("default", None),
            Scaling::Linear { factor } => ("linear", Some(*factor)),
            Scaling::Ntk { factor } => ("ntk", Some(*factor)),
            Scaling::Dynamic { factor } => ("dynamic", Some(*factor)),
            Scaling::Yarn(yarn) => ("yarn", Some(yarn.factor)),
            Scaling::Llama3(llama3) => ("llama3", Some(llama3.factor)),
            Scaling::LongRope(longrope) => ("longrope", longrope.factor),
        };
        match factor {
            Some(factor) => format!("{name} ×{factor}"),
            None => name.to_string(),
        }
    }
}

/// YaRN's settings (`rope_scaling` keys of the same names).
#[derive(Clone, Debug, PartialEq)]
pub struct Yarn {
    pub factor: f64,
    /// Pairs that turn at least β_fast times within L₀ keep their frequency (default 32).
    pub beta_fast: f64,
    /// Pairs that turn at most β_slow times within L₀ are interpolated (default 1).
    pub beta_slow: f64,
    /// The factor applied to cos and sin, when given.
    pub attention_factor: Option<f64>,
    /// DeepSeek's variant of the default attention factor (used when both are given and
    /// non-zero, Python's `if mscale and mscale_all_dim`).
    pub mscale: Option<f64>,
    pub mscale_all_dim: Option<f64>,
    /// Whether the ramp's ends are rounded outwards to whole pairs (default true; gpt-oss sets false).
    pub truncate: bool,
}

impl Yarn {
    /// YaRN with the paper's defaults for everything but the factor.
    pub fn with_factor(factor: f64) -> Self {
        Yarn {
            factor,
            beta_fast: 32.0,
            beta_slow: 1.0,
            attention_factor: None,
            mscale: None,
            mscale_all_dim: None,
            truncate: true,
        }
    }
}

/// Llama 3.1's settings (`rope_scaling` keys of the same names; its
/// `original_max_position_embeddings` is `RopeConfig`'s).
#[derive(Clone, Debug, PartialEq)]
pub struct Llama3 {
    pub factor: f64,
    pub low_freq_factor: f64,
    pub high_freq_factor: f64,
}

/// LongRoPE's settings: one divisor per pair for short and for long inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct LongRope {
    pub short_factor: Vec<f64>,
    pub long_factor: Vec<f64>,
    /// `rope_scaling.factor`; without it, s = max_position_embeddings / L₀.
    pub factor: Option<f64>,
    pub attention_factor: Option<f64>,
}

/// What a configuration does at one length: the inverse frequencies of its d/2 pairs and the
/// factor its cos and sin are multiplied by (so every attention logit by its square).
#[derive(Clone, Debug, PartialEq)]
pub struct Frequencies {
    pub inv_freq: Vec<f64>,
    pub attention_factor: f64,
}

/// θ_i = 1 / b^(2i/d) for i = 0 … ⌈d/2⌉ − 1 (transformers' `_compute_default_rope_parameters`).
///
/// ```
/// use pe_explorer::encoding::rope_scaling::unscaled_inv_freq;
/// assert_eq!(unscaled_inv_freq(10000.0, 4), vec![1.0, 0.01]);
/// ```
pub fn unscaled_inv_freq(base: f64, dim: usize) -> Vec<f64> {
    (0..dim)
        .step_by(2)
        .map(|j| 1.0 / base.powf(j as f64 / dim as f64))
        .collect()
}

/// The inverse frequencies and attention factor of `config` for a sequence of `seq_len`
/// positions, as transformers 5 computes them (only the dynamic type and LongRoPE depend on the
/// length: `None` is the model as loaded, which the dynamic type reads as
/// `max_position_embeddings` and LongRoPE as short).
///
/// With L₀ = `RopeConfig::training_length`:
/// - `default`: θ_i, factor 1.
/// - `linear`: θ_i / s, factor 1.
/// - `ntk`: θ'_i = b'^(−2i/d) with b' = b·s^(d/(d−2)), factor 1.
/// - `dynamic`: the same with b' = b·(s·L/L₀ − (s − 1))^(d/(d−2)), L = max(seq_len, L₀),
///   L₀ = `max_position_embeddings`; factor 1.
/// - `yarn`: with c(r) = d·ln(L₀/(2πr)) / (2·ln b) the pair that turns r times in L₀, the ramp
///   runs from low = ⌊c(β_fast)⌋ (≥ 0) to high = ⌈c(β_slow)⌉ (≤ d − 1) (no rounding when
///   `truncate` is false; high + 0.001 if they meet); ρ_i = clamp((i − low)/(high − low), 0, 1);
///   θ'_i = θ_i·(1 − ρ_i) + (θ_i/s)·ρ_i: pairs below low keep θ_i, pairs above high are
///   divided by s. Factor: `attention_factor` as given, else DeepSeek's
///   m(s, mscale)/m(s, mscale_all_dim) when both are given and non-zero, else m(s, 1), with
///   m(s, k) = 0.1·k·ln s + 1 (1 when s ≤ 1, `yarn_mscale`).
/// - `llama3`: with λ_i = 2π/θ_i, λ_low = L₀/low_freq_factor and λ_high = L₀/high_freq_factor:
///   λ_i > λ_low → θ_i/s; λ_i < λ_high → θ_i; between, with σ = (L₀/λ_i − low_freq_factor) /
///   (high_freq_factor − low_freq_factor), (1 − σ)·θ_i/s + σ·θ_i. Factor 1.
/// - `longrope`: θ'_i = 1/(f_i·b^(2i/d)) with f the long factors when seq_len > L₀ (strictly)
///   and the short ones otherwise (and without a length); s = `rope_scaling.factor` when given,
///   else `max_position_embeddings`/L₀. Factor: as given, else √(1 + ln s / ln L₀) (1 when s ≤ 1).
///
/// ```
/// use pe_explorer::encoding::rope_scaling::{frequencies, RopeConfig, Scaling};
/// let llama2 = RopeConfig {
///     rope_theta: 10000.0, head_dim: 128, partial_rotary_factor: 1.0,
///     max_position_embeddings: 4096, original_max_position_embeddings: None,
///     scales_softmax: false, scaling: Scaling::Linear { factor: 4.0 },
/// };
/// let scaled = frequencies(&llama2, None);
/// assert_eq!(scaled.inv_freq.len(), 64);
/// assert_eq!(scaled.inv_freq[0], 0.25); // the fastest pair turns a quarter as far per position
/// ```
pub fn frequencies(config: &RopeConfig, seq_len: Option<usize>) -> Frequencies {
    let dim = config.rotary_dim();
    let base = config.rope_theta;
    let unscaled = || unscaled_inv_freq(base, dim);
    let ntk_exponent = dim as f64 / (dim as f64 - 2.0);
    let plain = |inv_freq: Vec<f64>| Frequencies {
        inv_freq,
        attention_factor: 1.0,
    };
    match &config.scaling {
        Scaling::Default => plain(unscaled()),
        Scaling::Linear { factor } => plain(unscaled().into_iter().map(|t| t / factor).collect()),
        Scaling::Ntk { factor } => plain(unscaled_inv_freq(base * factor.powf(ntk_exponent), dim)),
        Scaling::Dynamic { factor } => {
            let trained = config.max_position_embeddings as f64;
            let length = seq_len.map_or(trained, |n| (n as f64).max(trained));
            let grown = base * (factor * length / trained - (factor - 1.0)).powf(ntk_exponent);
            plain(unscaled_inv_freq(grown, dim))
        }
        Scaling::Yarn(yarn) => yarn_frequencies(config, yarn),
        Scaling::Llama3(llama3) => plain(llama3_inv_freq(
            &unscaled(),
            llama3,
            config.training_length(),
        )),
        Scaling::LongRope(longrope) => {
            let trained = config.training_length();
            let factor = longrope
                .factor
                .unwrap_or(config.max_position_embeddings as f64 / trained as f64);
            let divisors = if seq_len.is_some_and(|n| n > trained) {
                &longrope.long_factor
            } else {
                &longrope.short_factor
            };
            let inv_freq = (0..dim)
                .step_by(2)
                .zip(divisors)
                .map(|(j, f)| 1.0 / (f * base.powf(j as f64 / dim as f64)))
                .collect();
            let attention_factor = longrope.attention_factor.unwrap_or(if factor <= 1.0 {
                1.0
            } else {
                (1.0 + factor.ln() / (trained as f64).ln()).sqrt()
            });
            Frequencies {
                inv_freq,
                attention_factor,
            }
        }
    }
}

/// YaRN's m(s, k) = 0.1·k·ln s + 1, 1 when s ≤ 1 (transformers' `get_mscale`, DeepSeek's
/// `yarn_get_mscale`): k = 1 gives the paper's √(1/t), the factor cos and sin are multiplied by.
///
/// ```
/// use pe_explorer::encoding::rope_scaling::yarn_mscale;
/// assert_eq!(yarn_mscale(1.0, 0.707), 1.0);
/// assert!((yarn_mscale(40.0, 1.0) - (0.1 * 40f64.ln() + 1.0)).abs() < 1e-15);
/// ```
pub fn yarn_mscale(scale: f64, mscale: f64) -> f64 {
    if scale <= 1.0 {
        1.0
    } else {
        0.1 * mscale * scale.ln() + 1.0
    }
}

/// The factor a model multiplies its softmax scale by apart from the rope: DeepSeek-V2/V3's
/// attention (`RopeConfig::scales_softmax`) multiplies 1/√(qk_head_dim) by
/// m(s, mscale_all_dim)² when YaRN's `mscale_all_dim` is given and non-zero; `None` for every
/// other model, whose logits only the rope's attention factor scales.
///
/// ```
/// use pe_explorer::encoding::rope_config::read_config;
/// use pe_explorer::encoding::rope_scaling::softmax_scale_factor;
/// let v3 = read_config(r#"{"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64,
///     "max_position_embeddings": 163840, "rope_theta": 10000, "rope_scaling": {"type": "yarn",
///     "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096}}"#).unwrap();
/// let m = 0.1 * 40f64.ln() + 1.0;
/// assert!((softmax_scale_factor(&v3.config).unwrap() - m * m).abs() < 1e-15);
/// ```
pub fn softmax_scale_factor(config: &RopeConfig) -> Option<f64> {
    match &config.scaling {
        Scaling::Yarn(yarn) if config.scales_softmax => yarn
            .mscale_all_dim
            .filter(|m| *m != 0.0)
            .map(|m| yarn_mscale(yarn.factor, m).powi(2)),
        _ => None,
    }
}

/// The pair index (fractional) that turns `turns` times over `length` positions:
/// c(r) = d·ln(L/(2πr)) / (2·ln b), from λ_i = 2π·b^(2i/d) = L/r (YaRN §3.2, its `find_correction_dim`).
pub fn pair_turning(turns: f64, dim: usize, base: f64, length: f64) -> f64 {
    dim as f64 * (length / (turns * 2.0 * PI)).ln() / (2.0 * base.ln())
}

/// YaRN's ramp ends (low, high) over pair indices, as `frequencies` documents them.
pub fn yarn_ramp(yarn: &Yarn, dim: usize, base: f64, trained: usize) -> (f64, f64) {
    let mut low = pair_turning(yarn.beta_fast, dim, base, trained as f64);
    let mut high = pair_turning(yarn.beta_slow, dim, base, trained as f64);
    if yarn.truncate {
        low = low.floor();
        high = high.ceil();
    }
    (low.max(0.0), high.min(dim as f64 - 1.0))
}

fn yarn_frequencies(config: &RopeConfig, yarn: &Yarn) -> Frequencies {
    let dim = config.rotary_dim();
    let base = config.rope_theta;
    let factor = yarn.factor;
    let attention_factor =
        yarn.attention_factor
            .unwrap_or(match (yarn.mscale, yarn.mscale_all_dim) {
                (Some(m), Some(all)) if m != 0.0 && all != 0.0 => {
                    yarn_mscale(factor, m) / yarn_mscale(factor, all)
                }
                _ => yarn_mscale(factor, 1.0),
            });
    let (low, mut high) = yarn_ramp(yarn, dim, base, config.training_length());
    if low == high {
        high += 0.001;
    }
    let inv_freq = unscaled_inv_freq(base, dim)
        .into_iter()
        .enumerate()
        .map(|(i, theta)| {
            let ramp = ((i as f64 - low) / (high - low)).clamp(0.0, 1.0);
            let kept = 1.0 - ramp;
            theta / factor * (1.0 - kept) + theta * kept
        })
        .collect();
    Frequencies {
        inv_freq,
        attention_factor,
    }
}

fn llama3_inv_freq(unscaled: &[f64], llama3: &Llama3, trained: usize) -> Vec<f64> {
    let trained = trained as f64;
    let low_wavelength = trained / llama3.low_freq_factor;
    let high_wavelength = trained / llama3.high_freq_factor;
    unscaled
        .iter()
        .map(|&theta| {
            let wavelength = 2.0 * PI / theta;
            if wavelength > low_wavelength {
                theta / llama3.factor
            } else if wavelength < high_wavelength
                || llama3.high_freq_factor <= llama3.low_freq_factor
            {
                // (With high ≤ low the blend is empty; only a wavelength exactly on its edge would
                // reach it, where transformers divides 0 by 0.)
                theta
            } else {
                let smooth = (trained / wavelength - llama3.low_freq_factor)
                    / (llama3.high_freq_factor - llama3.low_freq_factor);
                (1.0 - smooth) * theta / llama3.factor + smooth * theta
            }
        })
        .collect()
}

/// The score of a query and key that are equal and spread evenly over the pairs, `distance`
/// positions apart: a²·(2/d)·Σ_i cos(distance·θ_i), 1 at distance 0 without a temperature
/// (RoFormer §3.4.3 bounds the same sum; `a` is the attention factor, which multiplies both cos
/// and sin, so the logit by a²).
///
/// ```
/// use pe_explorer::encoding::rope_scaling::aligned_score;
/// assert_eq!(aligned_score(&[1.0, 0.5], 1.0, 0.0), 1.0);
/// assert!((aligned_score(&[1.0, 0.5], 1.0, 2.0) - ((2.0f64).cos() + 1f64.cos()) / 2.0).abs() < 1e-15);
/// ```
pub fn aligned_score(inv_freq: &[f64], attention_factor: f64, distance: f64) -> f64 {
    let sum: f64 = inv_freq.iter().map(|t| (distance * t).cos()).sum();
    attention_factor * attention_factor * sum / inv_freq.len() as f64
}

/// The mean of `aligned_score` over the whole distances lo, lo + 1, …, hi − 1 (hi > lo), exactly:
/// Σ_{Δ=lo}^{hi−1} cos(Δθ) = cos((hi + lo − 1)θ/2)·sin((hi − lo)θ/2) / sin(θ/2) (the Dirichlet
/// kernel's sum), so a chart of 200 points over 100 000 distances shows what every distance does
/// rather than an aliased sample of them.
///
/// ```
/// use pe_explorer::encoding::rope_scaling::{aligned_score, aligned_score_block_mean};
/// let f = [1.0, 0.3, 0.01];
/// let brute: f64 = (10..50).map(|d| aligned_score(&f, 1.2, d as f64)).sum::<f64>() / 40.0;
/// assert!((aligned_score_block_mean(&f, 1.2, 10, 50) - brute).abs() < 1e-12);
/// ```
pub fn aligned_score_block_mean(
    inv_freq: &[f64],
    attention_factor: f64,
    lo: usize,
    hi: usize,
) -> f64 {
    let count = hi.saturating_sub(lo).max(1) as f64;
    let (lo, hi) = (lo as f64, hi.max(lo + 1) as f64);
    let sum: f64 = inv_freq
        .iter()
        .map(|&theta| {
            // The same sum as a product (no cancellation when θ is tiny): cos((hi + lo − 1)θ/2) ·
            // sin((hi − lo)θ/2) / sin(θ/2), which tends to the count as θ → 0.
            let half = (theta / 2.0).sin();
            let middle = ((hi + lo - 1.0) * theta / 2.0).cos();
            if half == 0.0 {
                count * middle
            } else {
                middle * ((hi - lo) * theta / 2.0).sin() / half
            }
        })
        .sum();
    attention_factor * attention_factor * sum / (count * inv_freq.len() as f64)
}

/// For each pair, the share of a full turn of angles the model saw in training,
/// min(L₀·θ_i/2π, 1), and the share the target length asks for, min(L·θ'_i/2π, 1): a pair
/// that turned fully within L₀ has seen every angle; a slower one has seen only [0, L₀·θ_i].
///
/// ```
/// use pe_explorer::encoding::rope_scaling::angles_seen_and_needed;
/// let tau = std::f64::consts::TAU;
/// // One pair turning a quarter turn in training, asked for half a turn; a fast one, all of it.
/// let shares = angles_seen_and_needed(100, 200, &[tau / 400.0, 1.0], &[tau / 400.0, 1.0]);
/// assert!((shares[0].0 - 0.25).abs() < 1e-15 && (shares[0].1 - 0.5).abs() < 1e-15);
/// assert_eq!(shares[1], (1.0, 1.0));
/// ```
pub fn angles_seen_and_needed(
    trained: usize,
    target: usize,
    unscaled: &[f64],
    scaled: &[f64],
) -> Vec<(f64, f64)> {
    let turns = |length: usize, theta: f64| (length as f64 * theta / (2.0 * PI)).min(1.0);
    unscaled
        .iter()
        .zip(scaled)
        .map(|(t, s)| (turns(trained, *t), turns(target, *s)))
        .collect()
}

/// The smallest and largest ratio θ_i/θ_{i+1} of neighbouring pairs' frequencies: the "digit
/// base" β = b^(2/d) when only the base sets the frequencies (every ratio equal), a range when a
/// method treats pairs unevenly. (1, 1) for fewer than two pairs.
///
/// ```
/// use pe_explorer::encoding::rope_scaling::{digit_base_range, unscaled_inv_freq};
/// let (low, high) = digit_base_range(&unscaled_inv_freq(10000.0, 8));
/// assert!((low - 10.0).abs() < 1e-12 && (high - 10.0).abs() < 1e-12); // 10000^(2/8) = 10
/// ```
pub fn digit_base_range(inv_freq: &[f64]) -> (f64, f64) {
    inv_freq
        .windows(2)
        .map(|w| w[0] / w[1])
        .fold(None, |range: Option<(f64, f64)>, r| {
            Some(range.map_or((r, r), |(lo, hi)| (lo.min(r), hi.max(r))))
        })
        .unwrap_or((1.0, 1.0))
}

/// How a scaling treated pair i: its frequency divided by θ_i/θ'_i.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairFate {
    /// Divided by 1 (to 1e-9): left as trained.
    Kept,
    /// Divided by the factor s (to 1e-9): interpolated.
    Interpolated,
    /// Anything else: between (YaRN's ramp, Llama 3's smooth band, NTK's graded change).
    Changed,
}

/// Each pair's fate under a scaling with factor `factor` (`scaled` against `unscaled`).
pub fn pair_fates(unscaled: &[f64], scaled: &[f64], factor: f64) -> Vec<PairFate> {
    unscaled
        .iter()
        .zip(scaled)
        .map(|(t, s)| {
            let divisor = t / s;
            if (divisor - 1.0).abs() <= 1e-9 {
                PairFate::Kept
            } else if (divisor - factor).abs() <= 1e-9 * factor {
                PairFate::Interpolated
            } else {
                PairFate::Changed
            }
        })
        .collect()
}

/// Whether two results differ by more than rounding: relatively by more than 1e-9.
pub fn differ(a: f64, b: f64) -> bool {
    (a - b).abs() > 1e-9 * a.abs().max(b.abs())
}

/// Each pair's divisor θ_i / θ'_i: how many times slower the scaling made it turn (1 where the
/// pair is kept, s where it is interpolated).
///
/// ```
/// use pe_explorer::encoding::rope_scaling::divisors;
/// assert_eq!(divisors(&[1.0, 0.01], &[1.0, 0.0025]), vec![1.0, 4.0]);
/// ```
pub fn divisors(unscaled: &[f64], scaled: &[f64]) -> Vec<f64> {
    unscaled.iter().zip(scaled).map(|(t, s)| t / s).collect()
}

/// Two rotations side by side, pair i against pair i (of the pairs both have).
#[derive(Clone, Debug, PartialEq)]
pub struct PairDifferences {
    /// Whether pair i's frequencies differ (`differ`).
    pub differs: Vec<bool>,
    /// The largest ratio of the two frequencies (the larger over the smaller) and its pair; `None`
    /// where no pair differs.
    pub largest: Option<(usize, f64)>,
}

/// Where two rotations' inverse frequencies `a` and `b` differ, pair by pair.
///
/// ```
/// use pe_explorer::encoding::rope_scaling::pair_differences;
/// let d = pair_differences(&[1.0, 0.01, 0.001], &[1.0, 0.04]);
/// assert_eq!(d.differs, vec![false, true]);
/// assert_eq!(d.largest, Some((1, 4.0)));
/// ```
pub fn pair_differences(a: &[f64], b: &[f64]) -> PairDifferences {
    let differs: Vec<bool> = a.iter().zip(b).map(|(x, y)| differ(*x, *y)).collect();
    let largest = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(i, _)| differs[*i])
        .map(|(i, (x, y))| (i, x.max(*y) / x.min(*y)))
        .fold(None, |best: Option<(usize, f64)>, (i, r)| match best {
            Some((_, top)) if top >= r => best,
            _ => Some((i, r)),
        });
    PairDifferences { differs, largest }
}

/// One model's numbers for a side-by-side comparison, at its target length with its own method.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// θ_i / θ'_i per pair (`divisors`).
    pub divisors: Vec<f64>,
    /// 2π / θ'_i per pair: the positions of one turn after scaling.
    pub wavelengths: Vec<f64>,
    /// The share of a turn pair i is asked for at L but never reached within L₀: needed − seen
    /// from `angles_seen_and_needed`, 0 where nothing is unseen.
    pub unseen: Vec<f64>,
    /// θ'_i per pair.
    pub inv_freq: Vec<f64>,
    pub attention_factor: f64,
    /// DeepSeek's softmax factor (`softmax_scale_factor`), where the model has one.
    pub softmax: Option<f64>,
}

/// The context-extension lab's methods, each a `rope_scaling` type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// No scaling: the model simply reads positions past L₀ (direct extrapolation).
    Direct,
    /// Position interpolation (`linear`).
    Pi,
    /// Static NTK-aware scaling (`ntk`).
    Ntk,
    /// Dynamic NTK at the target length (`dynamic`).
    Dynamic,
    Yarn,
    Llama3,
    /// Only with a configuration's own per-pair factors.
    LongRope,
}

impl Method {
    pub const ALL: [Method; 7] = [
        Method::Direct,
        Method::Pi,
        Method::Ntk,
        Method::Dynamic,
        Method::Yarn,
        Method::Llama3,
        Method::LongRope,
    ];
}

/// What the lab's controls describe: one model's rotary dimension and base, the length it was
/// trained on (L₀), the length asked for (L), and the settings of every method; the fields a
/// pasted configuration gives that no control shows (YaRN's `attention_factor`, `mscale`,
/// `mscale_all_dim`, `truncate`, LongRoPE's factors) ride along, so the configuration's own
/// method computes exactly what the configuration does.
#[derive(Clone, Debug, PartialEq)]
pub struct Extension {
    pub rotary_dim: usize,
    pub base: f64,
    pub trained: usize,
    pub target: usize,
    pub method: Method,
    /// The scale factor s of PI, NTK, dynamic NTK, YaRN and Llama 3.
    pub factor: f64,
    pub beta_fast: f64,
    pub beta_slow: f64,
    pub low_freq_factor: f64,
    pub high_freq_factor: f64,
    /// YaRN's settings from a configuration (the presets have none: `None`, `None`, `None`, true).
    pub yarn_attention_factor: Option<f64>,
    pub mscale: Option<f64>,
    pub mscale_all_dim: Option<f64>,
    pub truncate: bool,
    /// DeepSeek's attention, which scales its softmax apart from the rope (`RopeConfig::scales_softmax`).
    pub scales_softmax: bool,
    /// A LongRoPE configuration's settings, with its factor s fixed when it was read
    /// (`rope_scaling.factor`, or its max_position_embeddings / L₀): the target slider only
    /// chooses between the short and long factors.
    pub longrope: Option<LongRope>,
}

impl Extension {
    /// The lab's starting point for a configuration: its base, rotary dimension, training
    /// length and method with their settings; the target is the context it declares
    /// (`max_position_embeddings`, or s·L₀ when larger), or 4·L₀ for a model without scaling.
    pub fn from_config(config: &RopeConfig) -> Self {
        let trained = config.training_length();
        let mut lab = Extension {
            rotary_dim: config.rotary_dim(),
            base: config.rope_theta,
            trained,
            target: trained.saturating_mul(4),
            method: Method::Direct,
            factor: 4.0,
            beta_fast: 32.0,
            beta_slow: 1.0,
            low_freq_factor: 1.0,
            high_freq_factor: 4.0,
            yarn_attention_factor: None,
            mscale: None,
            mscale_all_dim: None,
            truncate: true,
            scales_softmax: config.scales_softmax,
            longrope: None,
        };
        let declared = |factor: f64| {
            config
                .max_position_embeddings
                .max((factor * trained as f64).round() as usize)
        };
        match &config.scaling {
            Scaling::Default => {}
            Scaling::Linear { factor } | Scaling::Ntk { factor } | Scaling::Dynamic { factor } => {
                lab.method = match config.scaling {
                    Scaling::Linear { .. } => Method::Pi,
                    Scaling::Ntk { .. } => Method::Ntk,
                    _ => Method::Dynamic,
                };
                lab.factor = *factor;
                lab.target = declared(*factor);
            }
            Scaling::Yarn(yarn) => {
                lab.method = Method::Yarn;
                lab.factor = yarn.factor;
                lab.beta_fast = yarn.beta_fast;
                lab.beta_slow = yarn.beta_slow;
                lab.yarn_attention_factor = yarn.attention_factor;
                lab.mscale = yarn.mscale;
                lab.mscale_all_dim = yarn.mscale_all_dim;
                lab.truncate = yarn.truncate;
                lab.target = declared(yarn.factor);
            }
            Scaling::Llama3(llama3) => {
                lab.method = Method::Llama3;
                lab.factor = llama3.factor;
                lab.low_freq_factor = llama3.low_freq_factor;
                lab.high_freq_factor = llama3.high_freq_factor;
                lab.target = declared(llama3.factor);
            }
            Scaling::LongRope(longrope) => {
                lab.method = Method::LongRope;
                let factor = longrope
                    .factor
                    .unwrap_or(config.max_position_embeddings as f64 / trained as f64);
                lab.longrope = Some(LongRope {
                    factor: Some(factor),
                    ..longrope.clone()
                });
                lab.factor = factor.max(1.0);
                lab.target = declared(factor).max(trained + 1);
            }
        }
        if lab.target <= trained {
            lab.target = trained.saturating_mul(4);
        }
        lab
    }

    /// The configuration `method` makes of these settings (L₀ as `max_position_embeddings`, or
    /// as the original length where the type reads one).
    pub fn config(&self, method: Method) -> RopeConfig {
        let scaling = match method {
            Method::Direct => Scaling::Default,
            Method::Pi => Scaling::Linear {
                factor: self.factor,
            },
            Method::Ntk => Scaling::Ntk {
                factor: self.factor,
            },
            Method::Dynamic => Scaling::Dynamic {
                factor: self.factor,
            },
            Method::Yarn => Scaling::Yarn(Yarn {
                factor: self.factor,
                beta_fast: self.beta_fast,
                beta_slow: self.beta_slow,
                attention_factor: self.yarn_attention_factor,
                mscale: self.mscale,
                mscale_all_dim: self.mscale_all_dim,
                truncate: self.truncate,
            }),
            Method::Llama3 => Scaling::Llama3(Llama3 {
                factor: self.factor,
                low_freq_factor: self.low_freq_factor,
                // The two bands must not meet (the blend divides by their difference).
                high_freq_factor: self.high_freq_factor.max(self.low_freq_factor + 1e-3),
            }),
            Method::LongRope => match &self.longrope {
                Some(longrope) => Scaling::LongRope(longrope.clone()),
                None => Scaling::Default,
            },
        };
        let original = matches!(
            scaling,
            Scaling::Yarn(_) | Scaling::Llama3(_) | Scaling::LongRope(_)
        );
        RopeConfig {
            rope_theta: self.base,
            head_dim: self.rotary_dim,
            partial_rotary_factor: 1.0,
            max_position_embeddings: self.trained,
            original_max_position_embeddings: original.then_some(self.trained),
            scales_softmax: self.scales_softmax,
            scaling,
        }
    }

    /// `method`'s frequencies at the target length.
    pub fn frequencies(&self, method: Method) -> Frequencies {
        frequencies(&self.config(method), Some(self.target))
    }

    /// The settings' own method at their target, as a comparison draws it (`Profile`).
    pub fn profile(&self) -> Profile {
        let plain = self.frequencies(Method::Direct);
        let scaled = self.frequencies(self.method);
        let unseen =
            angles_seen_and_needed(self.trained, self.target, &plain.inv_freq, &scaled.inv_freq)
                .into_iter()
                .map(|(seen, needed)| (needed - seen).max(0.0))
                .collect();
        Profile {
            divisors: divisors(&plain.inv_freq, &scaled.inv_freq),
            wavelengths: scaled.inv_freq.iter().map(|t| 2.0 * PI / t).collect(),
            unseen,
            attention_factor: scaled.attention_factor,
            softmax: softmax_scale_factor(&self.config(self.method)),
            inv_freq: scaled.inv_freq,
        }
    }

    /// The methods these settings offer (LongRoPE only with a configuration's factors).
    pub fn methods(&self) -> impl Iterator<Item = Method> + '_ {
        Method::ALL
            .into_iter()
            .filter(|m| *m != Method::LongRope || self.longrope.is_some())
    }
}

mod presets;

pub use presets::{Preset, PRESETS};

#[cfg(test)]
mod tests;
