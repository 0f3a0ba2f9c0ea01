//! The context-extension lab (in the RoPE panel, after the complex-number lab; its view
//! `ui::labs::rope_extension`): longer than trained, RoPE context extension.

use super::values::{last_value, prefixed_pairs, read_numbers, shorten};
use super::prelude::*;
use crate::encoding::rope_config::{read_config, rope_fields_json, Transformers};
use crate::encoding::rope_scaling::{Extension, Method, PRESETS};

/// The context-extension lab's state: which model (a preset, or `PRESETS.len()` for a pasted
/// config), the settings, the model's declared length, and the model it is compared with.
#[derive(Clone, Debug, PartialEq)]
pub struct RopeExtensionSettings {
    pub preset: usize,
    pub lab: Extension,
    /// The config's `max_position_embeddings`.
    pub declared: usize,
    /// The model pinned beside it (B), if any.
    pub compare: Option<Compared>,
}

/// A model pinned for comparison: where it came from, and its settings (its own method).
#[derive(Clone, Debug, PartialEq)]
pub struct Compared {
    pub source: ComparedSource,
    pub lab: Extension,
}

/// Where a pinned model came from, to name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComparedSource {
    /// A preset (as its sliders were set when pinned).
    Preset(usize),
    /// A pasted config (as set when pinned).
    Pasted,
    /// The pasted config as a release line of transformers reads it.
    Reading(Transformers),
}

impl ComparedSource {
    /// Its code in the link (`rx_vs_from`): the preset's number, `pasted`, or `transformers-`
    /// and the line's code.
    pub fn code(self) -> String {
        match self {
            ComparedSource::Preset(i) => i.to_string(),
            ComparedSource::Pasted => "pasted".into(),
            ComparedSource::Reading(rules) => format!("transformers-{}", rules.code()),
        }
    }

    /// The source a code names (`code`'s inverse).
    ///
    /// ```
    /// use pe_explorer::encoding::rope_config::Transformers;
    /// use pe_explorer::lesson::labs::rope_extension::ComparedSource;
    /// for source in [ComparedSource::Preset(2), ComparedSource::Pasted, ComparedSource::Reading(Transformers::V4_55)] {
    ///     assert_eq!(ComparedSource::parse(&source.code()), Some(source));
    /// }
    /// assert_eq!(ComparedSource::parse("99"), None);
    /// ```
    pub fn parse(code: &str) -> Option<ComparedSource> {
        if code == "pasted" {
            return Some(ComparedSource::Pasted);
        }
        if let Some(line) = code.strip_prefix("transformers-") {
            return Transformers::parse(line).map(ComparedSource::Reading);
        }
        code.parse::<usize>()
            .ok()
            .filter(|i| *i < PRESETS.len())
            .map(ComparedSource::Preset)
    }
}

/// A model's settings as a comparison's link holds them (`rx_cfg`, `rx_vs`): every field of
/// `Extension`, exactly, since a pasted model's values may lie outside the sliders' ranges (a
/// 10-million-token target, a base of 10⁹) and its other methods keep the paste's settings.
pub fn settings_json(lab: &Extension) -> String {
    let number = |x: f64| format!("{x:?}");
    let given = |x: Option<f64>| x.map_or("null".to_string(), number);
    let list = |xs: &[f64]| xs.iter().map(|x| number(*x)).collect::<Vec<_>>().join(",");
    let longrope = match &lab.longrope {
        None => "null".to_string(),
        Some(l) => format!(
            r#"{{"short":[{}],"long":[{}],"factor":{},"attention_factor":{}}}"#,
            list(&l.short_factor),
            list(&l.long_factor),
            given(l.factor),
            given(l.attention_factor)
        ),
    };
    format!(
        r#"{{"d":{},"base":{},"trained":{},"target":{},"method":"{}","factor":{},"beta_fast":{},"beta_slow":{},"low":{},"high":{},"attention_factor":{},"mscale":{},"mscale_all_dim":{},"truncate":{},"softmax":{},"longrope":{}}}"#,
        lab.rotary_dim,
        number(lab.base),
        lab.trained,
        lab.target,
        lab.method.name(),
        number(lab.factor),
        number(lab.beta_fast),
        number(lab.beta_slow),
        number(lab.low_freq_factor),
        number(lab.high_freq_factor),
        given(lab.yarn_attention_factor),
        given(lab.mscale),
        given(lab.mscale_all_dim),
        lab.truncate,
        lab.scales_softmax,
        longrope
    )
}

/// `settings_json`'s inverse: the settings, or `None` for a text that is not such JSON or holds
/// settings the lab cannot compute (valid exactly when every method they offer makes a
/// configuration `read_config` accepts, and both lengths are whole numbers from 1 to
/// `rope_config::LARGEST`).
///
/// ```
/// use pe_explorer::encoding::rope_scaling::{Extension, PRESETS};
/// use pe_explorer::encoding::rope_config::read_config;
/// use pe_explorer::lesson::labs::rope_extension::{settings_from_json, settings_json};
/// let lab = Extension::from_config(&read_config(PRESETS[3].config).unwrap().config);
/// assert_eq!(settings_from_json(&settings_json(&lab)), Some(lab));
/// assert_eq!(settings_from_json(r#"{"d": 3}"#), None);
/// ```
pub fn settings_from_json(text: &str) -> Option<Extension> {
    use serde_json::Value;
    let value: Value = serde_json::from_str(text).ok()?;
    let number = |v: &Value, key: &str| v.get(key)?.as_f64().filter(|x| x.is_finite());
    let given = |v: &Value, key: &str| match v.get(key) {
        None | Some(Value::Null) => Some(None),
        Some(x) => x.as_f64().filter(|x| x.is_finite()).map(Some),
    };
    let whole = |key: &str| {
        value
            .get(key)?
            .as_u64()
            .filter(|n| (1..=crate::encoding::rope_config::LARGEST).contains(n))
            .map(|n| n as usize)
    };
    let list = |v: &Value, key: &str| -> Option<Vec<f64>> {
        v.get(key)?
            .as_array()?
            .iter()
            .map(|x| x.as_f64().filter(|x| x.is_finite()))
            .collect()
    };
    let method = value.get("method")?.as_str()?;
    let method = Method::from_name(method)?;
    let longrope = match value.get("longrope") {
        None | Some(Value::Null) => None,
        Some(l) => Some(crate::encoding::rope_scaling::LongRope {
            short_factor: list(l, "short")?,
            long_factor: list(l, "long")?,
            factor: given(l, "factor")?,
            attention_factor: given(l, "attention_factor")?,
        }),
    };
    let lab = Extension {
        rotary_dim: whole("d")?,
        base: number(&value, "base")?,
        trained: whole("trained")?,
        target: whole("target")?,
        method,
        factor: number(&value, "factor")?,
        beta_fast: number(&value, "beta_fast")?,
        beta_slow: number(&value, "beta_slow")?,
        low_freq_factor: number(&value, "low")?,
        high_freq_factor: number(&value, "high")?,
        yarn_attention_factor: given(&value, "attention_factor")?,
        mscale: given(&value, "mscale")?,
        mscale_all_dim: given(&value, "mscale_all_dim")?,
        truncate: value.get("truncate")?.as_bool()?,
        scales_softmax: value.get("softmax")?.as_bool()?,
        longrope,
    };
    let computable = lab.methods().any(|m| m == lab.method)
        && lab
            .methods()
            .all(|m| read_config(&rope_fields_json(&lab.config(m))).is_ok());
    computable.then_some(lab)
}

/// A model's settings from the link (`key`: `settings_json`); where the text does not read, a
/// problem saying `used` instead.
fn linked_model(
    pairs: &[(String, String)],
    key: &str,
    used: String,
    problems: &mut Vec<LabProblem>,
) -> Option<Extension> {
    let text = last_value(pairs, key)?;
    let lab = settings_from_json(text);
    if lab.is_none() {
        problems.push(LabProblem {
            key: key.into(),
            given: shorten(text),
            used,
        });
    }
    lab
}

impl RopeExtensionSettings {
    /// Preset `preset`'s model with its own settings.
    pub fn preset(preset: usize) -> RopeExtensionSettings {
        let config = read_config(PRESETS[preset].config)
            .expect("the presets read")
            .config;
        let mut lab = Extension::from_config(&config);
        if let Some(trained) = PRESETS[preset].trained {
            lab.trained = trained;
            lab.target = trained.saturating_mul(4);
        }
        RopeExtensionSettings {
            preset,
            lab,
            declared: config.max_position_embeddings,
            compare: None,
        }
    }

    /// Whether the model is a pasted config (whose values a link cannot hold).
    pub fn pasted(&self) -> bool {
        self.preset >= PRESETS.len()
    }
}

impl Default for RopeExtensionSettings {
    fn default() -> Self {
        RopeExtensionSettings::preset(0)
    }
}

/// The methods' names in the URL (LongRoPE needs a pasted config's factors, which the URL does
/// not hold).
impl Choice for Method {
    const ALL: &'static [Self] = &Method::ALL;
    const NAMES: &'static [&'static str] =
        &["none", "pi", "ntk", "dynamic", "yarn", "llama3", "longrope"];
}

type Number = LabNumber<RopeExtensionSettings>;

pub const TRAINED: Number = lab_number!(whole "rx_trained", 256.0, 1_048_576.0, lab.trained);
pub const TARGET: Number = lab_number!(whole "rx_target", 256.0, 2_097_152.0, lab.target);
pub const FACTOR: Number = lab_number!(real "rx_s", 1.0, 64.0, lab.factor);
pub const BASE: Number = lab_number!(real "rx_base", 100.0, 1e8, lab.base);
/// YaRN's two thresholds, fast above slow (`fix`).
pub const BETA_FAST: Number = lab_number!(real "rx_beta_fast", 2.0, 128.0, lab.beta_fast);
pub const BETA_SLOW: Number = lab_number!(real "rx_beta_slow", 0.25, 8.0, lab.beta_slow);
/// Llama 3's two factors, high above low (`fix`).
pub const LOW: Number = lab_number!(real "rx_low", 0.5, 4.0, lab.low_freq_factor);
pub const HIGH: Number = lab_number!(real "rx_high", 1.0, 16.0, lab.high_freq_factor);

impl LabSettings for RopeExtensionSettings {
    /// The numbers; the model and the method are read and written apart (`read`, `pairs`),
    /// since the numbers start from the model's.
    const VALUES: LabValues<Self> = LabValues::new("rx_", &[], &[TRAINED, TARGET, FACTOR, BASE, BETA_FAST, BETA_SLOW, LOW, HIGH]);

    /// The two pairs of settings that must not cross: β_fast above β_slow, the high factor above
    /// the low one.
    fn fix(&mut self) {
        let lab = &mut self.lab;
        if lab.beta_fast <= lab.beta_slow {
            lab.beta_fast = (lab.beta_slow + 0.25).min(128.0);
            lab.beta_slow = lab.beta_slow.min(lab.beta_fast - 0.25);
        }
        if lab.high_freq_factor <= lab.low_freq_factor {
            lab.high_freq_factor = (lab.low_freq_factor + 0.25).min(16.0);
            lab.low_freq_factor = lab.low_freq_factor.min(lab.high_freq_factor - 0.25);
        }
    }

    /// The preset (`rx_model`), its method (`rx_method`), then the numbers over the preset's;
    /// values out of range are clamped, unreadable ones keep the preset's, and each is reported.
    fn read(query: &str) -> Option<LabLink<Self>> {
        let pairs = prefixed_pairs(query, Self::VALUES.prefix)?;
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
        let mut settings = RopeExtensionSettings::preset(preset);
        // A pasted model, which a comparison's link holds as its settings.
        if let Some(lab) = linked_model(&pairs, "rx_cfg", format!("rx_model={preset}"), &mut problems) {
            let declared = match value("rx_declared").map(|d| (d, d.parse::<usize>())) {
                Some((_, Ok(declared))) => declared,
                Some((text, Err(_))) => {
                    problems.push(LabProblem {
                        key: "rx_declared".into(),
                        given: shorten(text),
                        used: lab.trained.to_string(),
                    });
                    lab.trained
                }
                None => lab.trained,
            };
            settings = RopeExtensionSettings {
                preset: PRESETS.len(),
                lab,
                declared,
                compare: None,
            };
        }
        settings.compare = linked_model(&pairs, "rx_vs", "rx_vs=".into(), &mut problems).map(|lab| {
            let source = match value("rx_vs_from") {
                None => ComparedSource::Pasted,
                Some(text) => ComparedSource::parse(text).unwrap_or_else(|| {
                    problems.push(LabProblem {
                        key: "rx_vs_from".into(),
                        given: shorten(text),
                        used: ComparedSource::Pasted.code(),
                    });
                    ComparedSource::Pasted
                }),
            };
            Compared { source, lab }
        });
        if let Some(text) = value("rx_method") {
            let lab = &mut settings.lab;
            match Method::from_name(text) {
                Some(method) if lab.methods().any(|m| m == method) => lab.method = method,
                _ => problems.push(LabProblem {
                    key: "rx_method".into(),
                    given: shorten(text),
                    used: lab.method.name().into(),
                }),
            }
        }
        read_numbers(&value, Self::VALUES.numbers, &mut settings, &mut problems);
        // A pasted model's settings are the paste's, kept as they are (Kimi-K2's β_fast = β_slow).
        if settings.pasted() {
            return Some(LabLink { settings, problems });
        }
        let mut fixed = settings.clone();
        fixed.fix();
        for (key, number) in [("rx_beta_fast", &BETA_FAST), ("rx_high", &HIGH)] {
            if (number.get)(&fixed) != (number.get)(&settings) {
                let below = if key == "rx_high" { "rx_low" } else { "rx_beta_slow" };
                problems.push(LabProblem {
                    key: key.into(),
                    given: format!("≤ {below}"),
                    used: format!("{}", (number.get)(&fixed)),
                });
            }
        }
        Some(LabLink {
            settings: fixed,
            problems,
        })
    }

    /// Every value (so a link reproduces the view even if a preset's numbers change): the
    /// model, the method, then the numbers. A pasted config only in a comparison, as its settings
    /// (`rx_cfg`: `settings_json`, with its declared length), and the model compared with the
    /// same way (`rx_vs`, `rx_vs_from`).
    fn pairs(&self) -> String {
        if self.pasted() && self.compare.is_none() {
            return String::new();
        }
        let mut out = form_urlencoded::Serializer::new(String::new());
        if self.pasted() {
            out.append_pair("rx_cfg", &settings_json(&self.lab));
            out.append_pair("rx_declared", &self.declared.to_string());
        } else {
            out.append_pair("rx_model", &self.preset.to_string());
            out.append_pair("rx_method", self.lab.method.name());
            for number in Self::VALUES.numbers {
                out.append_pair(number.key, &format!("{}", (number.get)(self)));
            }
        }
        if let Some(compared) = &self.compare {
            out.append_pair("rx_vs", &settings_json(&compared.lab));
            out.append_pair("rx_vs_from", &compared.source.code());
        }
        out.finish()
    }
}

const TITLE: [&str; 2] = [
    "Longer than trained: stretching RoPE",
    "比训练时更长：拉伸 RoPE",
];

const TEXT: [&str; 2] = [
    "A model trained on sequences of L₀ positions has only seen the angles its pairs reach within L₀. Past L₀ the slow pairs, whose wavelength is longer than L₀, turn to angles it never saw, one reason why simply feeding a longer text (direct extrapolation) goes wrong (Chen et al. 2023 warn that it may give catastrophically high attention scores). The lab's methods change the frequencies θ_i before the model reads a longer text. ⟦pi-why|Position interpolation (PI) divides every θ_i by the factor s, so the angles stay within the trained range, but neighbouring positions crowd together: the fastest pair's step from p to p + 1 shrinks s times.⟧ ⟦ntk-why|NTK-aware scaling raises the base instead: the slowest pair is divided by s, the fastest keeps exactly its frequency (θ_0 = 1 at any base). It is called NTK-aware because its author drew on neural tangent kernel theory, by which networks learn high frequencies poorly, so the fast pairs should be disturbed least.⟧ Raising the base is also a design choice: Llama 3 was pre-trained with base 500 000, and Code Llama raised Llama 2's 10 000 to 10⁶ when it fine-tuned the model on long sequences. ⟦yarn-why|YaRN and Llama 3.1 sort the pairs by wavelength: pairs that turn more than a set number of times within L₀ are left alone, pairs that turn at most about once (their thresholds are sliders of this lab) are interpolated, a ramp joins the two;⟧ YaRN also sharpens attention with a temperature t, dividing the logits by t (by default t = 1 at s = 1 and below 1 past it). Angles are not the only thing a longer text changes: at the same scores, more keys share the softmax's weights, so each gets less and attention thins out. YaRN's temperature sharpens it back (the paper fitted √(1/t) = 0.1·ln s + 1 to perplexity), and Llama 4 multiplies the queries of its layers without RoPE by 1 + 0.1·ln(1 + ⌊(p + 1)/8192⌋) at position p. LongRoPE (Ding et al. 2024) searches a factor for each pair instead; the lab reads its factors from a config. The ramp drawn here is the one YaRN's reference code and transformers compute, so the one a config.json gets: linear over the pair index, its ends rounded outward to whole pair indices. The paper's equation ramps linearly over the number of turns within L₀ instead, which gives the pairs on the ramp other frequencies (Llama 2 7B ×4: pair 30 keeps 0.712 of its frequency here, 0.436 by the paper's equation). Choose a model, a method and the lengths.",
    "模型在长度为 L₀ 的序列上训练，只见过各维度对在 L₀ 之内转到的角度。超过 L₀ 后，波长比 L₀ 还长的低频维度对会转到模型从未见过的角度。直接输入更长的文本（直接外推）会出问题，这是原因之一（Chen 等（2023）指出，注意力分数可能因此高到灾难性的程度）。本实验的这些方法都在模型读入更长的文本之前修改频率 θ_i。⟦pi-why|位置插值（PI）把每个 θ_i 都除以因子 s，角度就不会超出训练时的范围，但相邻位置会挤在一起：频率最高的维度对从 p 到 p + 1 转过的角度缩小为原来的 1/s。⟧⟦ntk-why|NTK 感知缩放则是增大底数：频率最低的维度对的频率除以 s，频率最高的维度对的频率分毫不变（无论底数多大，θ_0 都是 1）。它之所以叫“NTK 感知”，是因为作者借鉴了神经正切核（NTK）理论：神经网络很难学好高频信息，所以高频维度对应当尽量少动。⟧增大底数也是一种设计选择：Llama 3 预训练时就用底数 500000；Code Llama 在长序列上微调 Llama 2 时，把底数从 10000 提高到 10⁶。⟦yarn-why|YaRN 和 Llama 3.1 按波长给维度对分类：在 L₀ 之内转得多于某个圈数的维度对不动，最多转一圈左右的做插值（两个阈值就是本实验的滑块），两者之间用一段斜坡过渡；⟧YaRN 还用温度系数 t 让注意力更集中，即把 logits 除以 t（默认 s = 1 时 t = 1，s 大于 1 时 t 小于 1）。文本变长，改变的不只是角度：分数不变时，更多的键分享 softmax 的权重，每个键分到的就更少，注意力随之被摊薄。YaRN 的温度系数把它重新变尖锐（论文按困惑度拟合出 √(1/t) = 0.1·ln s + 1）；Llama 4 则把不用 RoPE 的那些层在位置 p 的查询乘以 1 + 0.1·ln(1 + ⌊(p + 1)/8192⌋)。Ding 等（2024）的 LongRoPE 则为每个维度对分别搜索一个因子；本实验从配置中读取这些因子。这里画的斜坡与 YaRN 参考代码和 transformers 库的计算一致，也就是用 config.json 配置时模型实际用到的斜坡：按维度对的序号线性变化，两端向外取整到整数序号。论文中的公式则按在 L₀ 内转的圈数线性变化，斜坡上的维度对因此得到不同的频率（Llama 2 7B ×4：第 30 对在这里保留原频率的 0.712，按论文公式是 0.436）。请选择模型、方法和长度。",
];

pub const LAB: Lab = Lab::new("lab-rope-extension", PanelId::Rope, TITLE, TEXT);
