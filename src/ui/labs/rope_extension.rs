//! Lab (in the RoPE panel, after the complex-number lab): longer than trained, RoPE context
//! extension. A model (a preset or a pasted config.json, read by
//! `encoding::rope_config`), a method (`encoding::rope_scaling::Method`) and lengths; each pair's
//! wavelength before and after, what the scaling did to the fastest and slowest pairs, and the
//! score of an aligned query and key against distance for every method.

use leptos::prelude::*;

use crate::encoding::rope_config::{
    differing_readings, model_name, read_rope_fields, read_rope_fields_as, reading_summary, ConfigError,
    LayerKind, Note, Read, Transformers,
};
use crate::encoding::rope_scaling::{
    angles_seen_and_needed, digit_base_range, pair_fates, softmax_scale_factor, Extension, Method,
    PairFate, PRESETS,
};
use crate::lesson::labs::Choice;
use crate::lesson::labs::rope_extension::{
    ComparedSource, RopeExtensionSettings, BASE, BETA_FAST, BETA_SLOW, FACTOR, HIGH, LOW, TARGET,
    TRAINED,
};
use crate::render::wavelengths::{
    angle_marks, method_colour, score_marks, wavelength_marks,
};
use crate::ui::context::{tr, use_lesson};

use super::parts::{LabFigure, short, CsvExport, LabSlider, SvgChart, Track};
use super::Linked;

mod compare;

use compare::RopeCompare;

/// The name of `method`, `[English, 中文]`.
fn method_label(method: Method) -> [&'static str; 2] {
    match method {
        Method::Direct => ["none (direct extrapolation)", "不缩放（直接外推）"],
        Method::Pi => ["position interpolation (PI, linear)", "位置插值（PI，linear）"],
        Method::Ntk => ["NTK-aware (static)", "NTK 感知（静态）"],
        Method::Dynamic => ["dynamic NTK", "动态 NTK"],
        Method::Yarn => ["YaRN", "YaRN"],
        Method::Llama3 => ["Llama 3.1 (llama3)", "Llama 3.1（llama3）"],
        Method::LongRope => ["LongRoPE (the config's factors)", "LongRoPE（配置中的因子）"],
    }
}

const WAVELENGTH_CAPTION: [&str; 2] = ["Pair i on the horizontal axis, wavelength 2π/θ_i in positions on a log scale; the dashed lines are L₀ and L. A pair below L₀ finishes at least one turn within the training length.", "横轴是第 i 对，纵轴是波长 2π/θ_i（以位置计，对数刻度）；两条虚线分别是 L₀ 和 L。波长在 L₀ 以下的维度对，在训练长度之内至少转满一圈。"];
const DIGITS_TEXT: [&str; 2] = ["Another way to read the same numbers: RoPE writes a position like a number in base β = b^(2/d). Pair i turns one radian every β^i positions (a whole turn every 2π·β^i), as digit i of a base-β number steps up once every β^i counts (here the digits are angles, not whole numbers). Position interpolation slows every digit s times, the fastest too, which is why neighbours become harder to tell apart. NTK-aware scaling keeps the fastest digit and enlarges the base to β·s^(2/(d−2)), so the slowest digit covers s times more positions: more positions fit in the same digits. YaRN and Llama 3.1 change the digits unevenly, so the ratio of neighbouring digits is no longer one number (the read-out gives its range).", "同样的数还有另一种读法：RoPE 把位置写成一个 β 进制数，β = b^(2/d)。第 i 对每 β^i 个位置转过 1 弧度（每 2π·β^i 个位置转一圈），就像 β 进制数的第 i 位每数 β^i 下加 1（只是这里的“数位”是角度，不是整数）。位置插值让每一位都变慢为原来的 1/s，最快的那一位也不例外，所以相邻位置更难区分。NTK 感知缩放让最快的一位保持不变，把进制增大到 β·s^(2/(d−2))，于是最慢的一位覆盖的位置变为原来的 s 倍：同样的位数能表示更多位置。YaRN 和 Llama 3.1 对各位的改变并不均匀，相邻两位之比不再是同一个数（读数给出它的范围）。"];
const ANGLE_CAPTION: [&str; 2] = ["For each pair, the share of a full turn its angle covered within L₀ (min(L₀·θ_i, 2π)), and what the target length L asks for with the method's frequencies (min(L·θ'_i, 2π)). Fast pairs turn fully within L₀ and have seen every angle; the red part of a slow pair is angles the model never met in training.", "每个维度对有两个量：它在 L₀ 之内转过的角度占一整圈的比例（min(L₀·θ_i, 2π)），以及目标长度 L 在所选方法的频率下要转到的比例（min(L·θ'_i, 2π)）。高频维度对在 L₀ 之内就转满一圈，所有角度都见过；低频维度对的红色部分，是模型在训练中从未遇到过的角度。"];
const SCORE_CAPTION: [&str; 2] = ["The query and key are equal and spread evenly over the pairs, so the score is attention_factor²·mean_i cos(distance·θ_i) (without DeepSeek's softmax factor). Each point is the mean over its stretch of whole distances (computed exactly), so wiggles whose period is much shorter than a stretch are damped rather than aliased (averaging reduces aliasing; it does not rule it out); the dashed line is L₀. The thick line is the method chosen.", "查询与键相同，且均匀分布在各维度对上，因此分数为 attention_factor²·mean_i cos(距离·θ_i)（不含 DeepSeek 的 softmax 因子）。每个点是它所在那一段整数距离上的平均值（精确计算），周期比一段距离短得多的起伏因此被压低，而不是混叠成虚假的慢波（求平均能减弱混叠，但不能完全排除）；虚线是 L₀。粗线是所选方法。"];
const NOT_IN_URL: [&str; 2] = ["A pasted config is not kept in the page's link (it may be long, and private) unless you compare it (\"Compare two models\"): then the link holds the lab's settings of it (base, rotary dimension, lengths, each method's settings), not the file; a preset is, with the model, method and lengths chosen.", "页面链接不保存粘贴的配置（它可能很长，也可能不宜公开），除非用它做比较（见“比较两个模型”）：此时链接只保存实验对它的设置（底数、旋转维度、长度和各方法的设置），不保存文件本身。选用预设时，链接会保存所选的模型、方法和长度。"];
/// The read-outs' bracket, "(trained 1, ÷ 4)": its opening with "trained", its separator
/// and its end.
const WAS: [&str; 2] = [" (trained ", "（训练时 "];
const SEPARATOR: [&str; 2] = [", ", "，"];
const CLOSE: [&str; 2] = [")", "）"];
#[component]
pub fn RopeExtensionLab() -> impl IntoView {
    let lesson = use_lesson();
    let lang = move || lesson.lang.get();
    let linked = Linked::<RopeExtensionSettings>::from_link();
    let settings = linked.settings;
    // Read apart, so that each read-out follows what it shows.
    let setup = Memo::new(move |_| settings.with(|s| s.lab.clone()));
    // Which preset (PRESETS.len() for a pasted config), and the model's declared length.
    let chosen = Memo::new(move |_| settings.with(|s| s.preset));
    let declared = Memo::new(move |_| settings.with(|s| s.declared));
    // Read from the box only when asked: a 5 MB paste copied into a signal on every input, and
    // back into the box, held the page for seconds.
    let paste_box = NodeRef::<leptos::html::Textarea>::new();
    let outcome: RwSignal<Option<Result<Vec<Note>, ConfigError>>> = RwSignal::new(None);
    // A pasted model's kinds of layer where they differ, and which of them the charts show.
    let kinds: RwSignal<Vec<LayerKind>> = RwSignal::new(Vec::new());
    // The paste as transformers 5 reads it, and every older release line that reads it otherwise.
    type Readings = (Read, Vec<(Transformers, Result<Read, ConfigError>)>);
    let readings: RwSignal<Option<Readings>> = RwSignal::new(None);
    let shown_kind = RwSignal::new(0usize);
    // What the paste calls its model (`_name_or_path` or `model_type`), for the CSV to name it.
    let paste_name: RwSignal<Option<String>> = RwSignal::new(None);
    // A pasted type that does not record its trained length (linear, ntk) asks for it; the answer
    // given, once given.
    let asks_trained = move || {
        outcome.with(|o| {
            matches!(o, Some(Ok(notes)) if notes.iter().any(|n| matches!(n, Note::TrainedLengthAssumed { .. })))
        })
    };
    let trained_given: RwSignal<Option<usize>> = RwSignal::new(None);
    let trained_box = NodeRef::<leptos::html::Input>::new();
    // The settings a paste gave (or the kind of layer picked from it), to tell when a slider has
    // moved the lab away from them and to go back.
    let pasted: RwSignal<Option<RopeExtensionSettings>> = RwSignal::new(None);
    let moved = Memo::new(move |_| {
        pasted.with(|p| p.as_ref().is_some_and(|p| settings.with(|s| s.lab != p.lab)))
    });
    let (shown_text, show_text) = (tr(["shown", "当前显示"]), tr(["show", "显示"]));
    let no_rope_text = tr(["no RoPE: these layers see no position", "没有 RoPE：这些层看不到位置"]);
    let scaled_text = tr([", queries scaled by position", "，查询按位置缩放"]);
    // After a refused paste the read-outs are still the previous model's, and say so, until
    // another model is chosen.
    let stale = RwSignal::new(false);
    Effect::new(move |_| {
        chosen.with(|_| ());
        stale.set(false);
    });

    // The lab's model's name: a preset's, the paste's, or a config a comparison's link gave.
    let a_name = Signal::derive(move || {
        let lang = lang();
        match PRESETS.get(chosen.get()) {
            Some(preset) => preset.name.to_string(),
            None if pasted.with(Option::is_none) => lang.pick(["config from the link", "来自链接的配置"]).to_string(),
            None if moved.get() => lang.pick(["pasted config, changed", "粘贴的配置（已改动）"]).to_string(),
            None => lang.pick(["pasted config", "粘贴的配置"]).to_string(),
        }
    });
    let a_source = Signal::derive(move || match chosen.get() {
        i if i < PRESETS.len() => ComparedSource::Preset(i),
        _ => ComparedSource::Pasted,
    });
    // The paste as every other release line reads it, for a comparison: the kind of layer the
    // charts show, and the trained length the reader gave or the lab assumed where the type
    // records none (so that only the release line differs).
    let other_readings = Signal::derive(move || {
        if chosen.get() != PRESETS.len() {
            return Vec::new();
        }
        let shown = kinds.with(|k| k.get(shown_kind.get()).map(|k| k.name.clone()));
        let carry_trained = asks_trained();
        readings.with(|r| r.as_ref().map(|(_, others)| others.iter()
            .filter_map(|(rules, other)| other.as_ref().ok().map(|o| {
                let config = shown.as_ref()
                    .and_then(|name| o.layers.iter().find(|k| &k.name == name))
                    .and_then(|k| k.rope.clone())
                    .unwrap_or_else(|| o.config.clone());
                (*rules, Extension::from_config(&config), carry_trained)
            }))
            .collect()).unwrap_or_default())
    });

    // Another model in the lab (a preset, a paste, a kind of layer, back to the paste): the model
    // pinned beside it stays.
    let show_model = move |next: RopeExtensionSettings| {
        settings.update(|s| {
            let compare = s.compare.take();
            *s = RopeExtensionSettings { compare, ..next };
        })
    };

    // Everything drawn is computed once per change of the settings.
    let computed = Memo::new(move |_| {
        setup.with(|lab| {
            let plain = lab.frequencies(Method::Direct);
            let current = lab.frequencies(lab.method);
            let fates = pair_fates(&plain.inv_freq, &current.inv_freq, lab.factor);
            (plain, current, fates)
        })
    });

    let chosen_method = move || setup.with(|l| l.method);

    view! {
        <div class="lab-controls">
            <label class="lab-slider">
                <span>{tr(["Model", "模型"])}</span>
                <select
                    data-testid="rope-extension-model"
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>()
                            && i < PRESETS.len() {
                                pasted.set(None);
                                show_model(RopeExtensionSettings::preset(i));
                                stale.set(false);
                            }
                    }
                    prop:value=move || chosen.get().to_string()
                >
                    {PRESETS
                        .iter()
                        .enumerate()
                        .map(|(i, p)| view! { <option value=i.to_string()>{p.name}</option> })
                        .collect_view()}
                    <option value=PRESETS.len().to_string() disabled=move || chosen.get() != PRESETS.len()>
                        {move || a_name.get()}
                    </option>
                </select>
            </label>
            <label class="lab-slider">
                <span>{tr(["Method", "方法"])}</span>
                <select
                    data-testid="rope-extension-method"
                    on:change=move |ev| {
                        if let Some(m) = Method::from_name(&event_target_value(&ev)) {
                            linked.update(|s| s.lab.method = m);
                        }
                    }
                    prop:value=move || chosen_method().name()
                >
                    {move || {
                        setup.with(|lab| lab.methods().collect::<Vec<_>>())
                            .into_iter()
                            .map(|m| {
                                view! { <option value=m.name() selected=move || chosen_method() == m>{tr(method_label(m))}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <LabSlider label=["Trained length L₀", "训练长度 L₀"] testid="rope-extension-trained" row=linked.slider(&TRAINED)
                track=Track::Log2 step=0.25 />
            <LabSlider label=["Target length L", "目标长度 L"] testid="rope-extension-target" row=linked.slider(&TARGET)
                track=Track::Log2 step=0.25 />
            <LabSlider label=["Scale factor s", "缩放因子 s"] testid="rope-extension-factor" row=linked.slider(&FACTOR)
                track=Track::Linear step=0.25 />
            <button type="button" data-testid="rope-extension-factor-from-lengths"
                on:click=move |_| linked.update(|s| s.lab.factor = FACTOR.clamp(s.lab.target as f64 / s.lab.trained as f64))>
                {tr(["s = L / L₀", "s = L / L₀"])}
            </button>
            <LabSlider label=["Base b", "底数 b"] testid="rope-extension-base" row=linked.slider(&BASE)
                track=Track::Log10 step=0.05 />
            <Show when=move || setup.with(|l| l.method == Method::Yarn)>
                <LabSlider label=["YaRN β_fast (the upper threshold, in turns within L₀)", "YaRN β_fast（上阈值，单位是在 L₀ 内转的圈数）"] testid="rope-extension-beta-fast" row=linked.slider(&BETA_FAST)
                    track=Track::Linear step=1.0 />
                <LabSlider label=["YaRN β_slow (the lower threshold, in turns within L₀)", "YaRN β_slow（下阈值，单位是在 L₀ 内转的圈数）"] testid="rope-extension-beta-slow" row=linked.slider(&BETA_SLOW)
                    track=Track::Linear step=0.25
                    up_to=Signal::derive(move || setup.with(|l| l.beta_fast - 0.25)) />
            </Show>
            <Show when=move || setup.with(|l| l.method == Method::Llama3)>
                <LabSlider label=["Llama 3.1 low_freq_factor", "Llama 3.1 low_freq_factor"] testid="rope-extension-low" row=linked.slider(&LOW)
                    track=Track::Linear step=0.25
                    up_to=Signal::derive(move || setup.with(|l| l.high_freq_factor - 0.25)) />
                <LabSlider label=["Llama 3.1 high_freq_factor", "Llama 3.1 high_freq_factor"] testid="rope-extension-high" row=linked.slider(&HIGH)
                    track=Track::Linear step=0.25 />
            </Show>
        </div>
        <Show when=move || moved.get()>
            <p class="note" role="status" data-testid="rope-extension-moved">
                {tr(["Changed since the paste: the lab's figures are no longer the pasted config's. ", "粘贴之后已有改动：本实验的数字不再是粘贴的配置的。"])}
                <button type="button" data-testid="rope-extension-back"
                    on:click=move |_| if let Some(back) = pasted.get_untracked() { show_model(back) }>
                    {tr(["Back to the pasted config", "回到粘贴的配置"])}
                </button>
            </p>
        </Show>
        <Show when=move || stale.get()>
            <p class="note" role="status" data-testid="rope-extension-stale">{move || {
                let lang = lang();
                let before = lang.pick(["the config pasted before", "之前粘贴的配置"]);
                let name = PRESETS.get(chosen.get()).map_or(before, |p| p.name);
                format!("{}{name}{}", lang.pick(["Not read: the lab's figures are still those of ", "未能读取：本实验的数字仍来自"]), lang.pick([".", "。"]))
            }}</p>
        </Show>
        <dl class="numbers" data-testid="rope-extension-readout" data-stale=move || stale.get().then_some("")>
            <dt>{tr(["rotary dimension d (pairs)", "旋转维度 d（括号内为维度对的个数）"])}</dt>
            <dd data-testid="rope-extension-rotary">{Signal::derive(move || setup.with(|l| format!("{} ({})", l.rotary_dim, l.rotary_dim / 2)))}</dd>
            <dt>{tr(["context the config declares (max_position_embeddings)", "配置声明的上下文长度（max_position_embeddings）"])}</dt>
            <dd data-testid="rope-extension-declared">{Signal::derive(move || short(declared.get() as f64))}</dd>
            <dt>{tr(["s · L₀", "s · L₀"])}</dt>
            <dd data-testid="rope-extension-stretched">{Signal::derive(move || setup.with(|l| short((l.factor * l.trained as f64).round())))}</dd>
            <dt>{tr(["fastest pair: angle from p to p + 1, rad", "频率最高的维度对：从 p 到 p + 1 转过的角度（弧度）"])}</dt>
            <dd data-testid="rope-extension-fastest">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let (was, now) = (plain.inv_freq[0], current.inv_freq[0]);
                let lang = lang();
                format!("{}{}{}{}÷ {}{}", short(now), lang.pick(WAS), short(was), lang.pick(SEPARATOR), short(was / now), lang.pick(CLOSE))
            }))}</dd>
            <dt>{tr(["slowest pair: wavelength, positions", "频率最低的维度对：波长（以位置计）"])}</dt>
            <dd data-testid="rope-extension-slowest">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let last = plain.inv_freq.len() - 1;
                let wavelength = |t: f64| std::f64::consts::TAU / t;
                let (was, now) = (wavelength(plain.inv_freq[last]), wavelength(current.inv_freq[last]));
                let lang = lang();
                format!("{}{}{}{}× {}{}", short(now), lang.pick(WAS), short(was), lang.pick(SEPARATOR), short(now / was), lang.pick(CLOSE))
            }))}</dd>
            <dt>{tr(["attention_factor (logits × its square)", "attention_factor（logits 乘以它的平方）"])}</dt>
            <dd data-testid="rope-extension-attention">{Signal::derive(move || computed.with(|(_, current, _)| short(current.attention_factor)))}</dd>
            {move || setup.with(|l| softmax_scale_factor(&l.config(l.method))).map(|factor| view! {
                <dt>{tr(["DeepSeek's softmax factor (mscale_all_dim)", "DeepSeek 的 softmax 因子（mscale_all_dim）"])}</dt>
                <dd data-testid="rope-extension-softmax">{short(factor)}</dd>
            })}
            <dt>{tr(["pairs kept / divided by s / in between", "维度对：不变 / 除以 s / 介于两者之间"])}</dt>
            <dd data-testid="rope-extension-fates">{Signal::derive(move || computed.with(|(_, _, fates)| {
                let count = |fate: PairFate| fates.iter().filter(|f| **f == fate).count();
                format!("{} / {} / {}", count(PairFate::Kept), count(PairFate::Interpolated), count(PairFate::Changed))
            }))}</dd>
            <dt>{tr(["pairs asked for angles never seen in training", "要用到训练中未见过角度的维度对"])}</dt>
            <dd data-testid="rope-extension-unseen">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let (trained, target) = setup.with(|l| (l.trained, l.target));
                let unseen = angles_seen_and_needed(trained, target, &plain.inv_freq, &current.inv_freq)
                    .iter()
                    .filter(|(seen, needed)| needed > &(seen + 1e-12))
                    .count();
                format!("{unseen} / {}", plain.inv_freq.len())
            }))}</dd>
            <dt>{tr(["digit base β = θ_i/θ_(i+1) (b^(2/d) when only the base sets the frequencies)", "进制 β = θ_i/θ_(i+1)（频率只由底数决定时为 b^(2/d)）"])}</dt>
            <dd data-testid="rope-extension-digits">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let range = |(low, high): (f64, f64)| {
                    if (high - low).abs() <= 1e-9 * high { short(low) } else { format!("{} … {}", short(low), short(high)) }
                };
                let lang = lang();
                format!("{}{}{}{}", range(digit_base_range(&current.inv_freq)), lang.pick(WAS), range(digit_base_range(&plain.inv_freq)), lang.pick(CLOSE))
            }))}</dd>
            <dt>{tr(["pairs that finish a turn within L₀", "在 L₀ 之内转满一圈的维度对"])}</dt>
            <dd data-testid="rope-extension-turning">{Signal::derive(move || computed.with(|(plain, _, _)| {
                let trained = setup.with(|l| l.trained) as f64;
                let turning = plain.inv_freq.iter().filter(|t| std::f64::consts::TAU / **t <= trained).count();
                format!("{turning} / {}", plain.inv_freq.len())
            }))}</dd>
        </dl>
        {move || {
            let versions = match setup.with(|l| l.method) {
                Method::Yarn => Some([
                    "transformers versions differ here; the lab follows 5.x: s is the config's factor (4.51 used max_position_embeddings / original), truncate is read (from 4.57), a top-level original_max_position_embeddings wins.",
                    "transformers 各版本在这里做法不一，本实验以 5.x 为准：s 取配置中的 rope_scaling.factor（4.51 用的是 max_position_embeddings / 原始长度）；读取 rope_scaling.truncate（4.57 起）；顶层的 original_max_position_embeddings 优先。",
                ]),
                Method::LongRope => Some([
                    "transformers versions differ here; the lab follows 5.x: long factors only past L₀ (4096 short, 4097 long), short when loaded without a length (4.x: long); s is rope_scaling.factor when given (4.x with a top-level original length: max / original).",
                    "transformers 各版本在这里做法不一，本实验以 5.x 为准：长度超过 L₀ 才用长因子（4096 用短因子，4097 用长因子），加载时不给长度则用短因子（4.x 用长因子）；配置给出 rope_scaling.factor 时 s 就取它（4.x 在顶层给出原始长度时取 max / 原始长度）。",
                ]),
                _ => None,
            };
            versions.map(|text| view! { <p class="note" data-testid="rope-extension-versions">{tr(text)}</p> })
        }}
        <p class="note">{tr([
            "Where the factors act: attention_factor multiplies cos and sin, so every logit by attention_factor². YaRN's paper divides the logits by a temperature t, softmax(qᵀk / (t·√d)); transformers sets attention_factor = √(1/t) = 0.1·ln s + 1 unless the config gives it. DeepSeek-V2/V3 (qk_rope_head_dim) also multiply the softmax scale 1/√(qk_head_dim) by (0.1·mscale_all_dim·ln s + 1)², shown apart. LongRoPE's is √(1 + ln s / ln L₀) (1 if s ≤ 1) unless given; the target only picks its short or long factors.",
            "各因子作用在哪里：attention_factor 乘在 cos 和 sin 上，因此 logits 全都乘以 attention_factor²。YaRN 论文把 logits 除以温度系数 t，即 softmax(qᵀk / (t·√d))；配置没有给出 attention_factor 时，transformers 取 attention_factor = √(1/t) = 0.1·ln s + 1。DeepSeek-V2/V3（有 qk_rope_head_dim）还把 softmax 的缩放因子 1/√(qk_head_dim) 乘以 (0.1·mscale_all_dim·ln s + 1)²，这一项单独列出。LongRoPE 的 attention_factor 在配置没有给出时为 √(1 + ln s / ln L₀)（s ≤ 1 时为 1）；目标长度只决定用短因子还是长因子。",
        ])}</p>
        <Show when=move || !stale.get() fallback=move || view! {
            <p class="note" data-testid="rope-extension-csv-refused">{tr(["Nothing to download: the last paste was not read.", "没有可下载的数据：最近一次粘贴未能读取。"])}</p>
        }>
        <CsvExport testid="rope-extension-csv" file=Signal::derive(move || setup.with(|l| format!(
            "rope-extension_{}_{}_trained{}_target{}.csv",
            PRESETS.get(chosen.get()).map_or("pasted", |p| p.name).replace(|c: char| !c.is_ascii_alphanumeric() && c != '.', "-"),
            l.method.name(), l.trained, l.target
        ))) rows=Callback::new(move |_| computed.with_untracked(|(plain, current, _)| {
            // What the numbers are of, as comment lines a CSV reader skips (`comment="#"`).
            let mut csv = setup.with_untracked(|l| {
                let model = match PRESETS.get(chosen.get_untracked()) {
                    Some(preset) => format!("preset {}", preset.name),
                    None => {
                        let kind = kinds.with_untracked(|k| k.get(shown_kind.get_untracked()).map(|k| format!(", its {} layers", k.name)));
                        let name = paste_name.get_untracked().map(|n| format!(" ({n})")).unwrap_or_default();
                        format!("pasted config{name}{}{}", kind.unwrap_or_default(), if moved.get_untracked() { ", changed since the paste" } else { "" })
                    }
                };
                let mut head = format!(
                    "# model: {model}\n# method: {}, factor {}, rotary_dim {}, rope_theta {}, trained length L0 {}, target length L {}, max_position_embeddings {}\n",
                    l.method.name(), l.factor, l.rotary_dim, l.base, l.trained, l.target, declared.get_untracked()
                );
                // The choices the length makes, as rope_freqs' JSON names them.
                match l.method {
                    Method::LongRope => head.push_str(&format!(
                        "# longrope_factors: {} (the long ones only past L0)\n",
                        if l.target > l.trained { "long" } else { "short" }
                    )),
                    Method::Dynamic => head.push_str(&format!("# dynamic_length: {} (dynamic NTK's base for this length)\n", l.target.max(l.trained))),
                    _ => {}
                }
                if chosen.get_untracked() == PRESETS.len()
                    && let Some(Ok(notes)) = outcome.get_untracked()
                {
                    for note in &notes {
                        head.push_str(&format!("# note: {}\n", note.message(false)));
                    }
                    if let Some(trained) = trained_given.get_untracked() {
                        head.push_str(&format!("# trained length L0 {trained}, as the reader gave it\n"));
                    }
                    // The same file and length give the CLI's numbers (transformers 5's reading),
                    // unless the paste lacked what a config.json has (the lab assumed it).
                    let assumed = notes.iter().any(|n| matches!(n, Note::Assumed { .. }));
                    if !moved.get_untracked() && !assumed {
                        let layer = kinds.with_untracked(|k| k.get(shown_kind.get_untracked()).and_then(|k| k.layers.first().copied()));
                        head.push_str(&format!(
                            "# the same numbers as: rope_freqs --transformers 5 --seq-len {}{} < config.json\n",
                            l.target,
                            layer.map(|n| format!(" --layer {n}")).unwrap_or_default()
                        ));
                    }
                }
                head
            });
            // Every number in full (Rust's shortest text that reads back as the same double).
            csv.push_str("pair,inv_freq,scaled_inv_freq,attention_factor\n");
            for (i, (was, now)) in plain.inv_freq.iter().zip(&current.inv_freq).enumerate() {
                csv.push_str(&format!("{i},{was:?},{now:?},{:?}\n", current.attention_factor));
            }
            csv
        })) />
        </Show>
        <LabFigure caption=["Each pair's wavelength, trained (grey) and scaled (colour)", "每个维度对的波长：训练时（灰色）与缩放后（彩色）"] note=WAVELENGTH_CAPTION>
            <SvgChart testid="rope-extension-wavelengths" marks=Signal::derive(move || {
                computed.with(|(plain, current, _)| setup.with(|lab| wavelength_marks(lab, plain, current)))
            }) />
        </LabFigure>
        <p data-answer="pi-why">{tr(DIGITS_TEXT)}</p>
        <LabFigure caption=["Angles seen in training (grey) and asked for but never seen (red)", "训练中见过的角度（灰色）与要用到却从未见过的角度（红色）"] note=ANGLE_CAPTION>
            <SvgChart testid="rope-extension-angles" marks=Signal::derive(move || {
                computed.with(|(plain, current, _)| setup.with(|lab| angle_marks(lab, plain, current)))
            }) />
        </LabFigure>
        <LabFigure caption=["Score of an aligned query and key against distance, every method", "方向一致的查询与键：各方法下分数随距离的变化"] note=SCORE_CAPTION>
            <SvgChart testid="rope-extension-scores" marks=Signal::derive(move || setup.with(score_marks)) />
            <ul class="lab-legend">
                {move || {
                    setup.with(|lab| lab.methods().collect::<Vec<_>>())
                        .into_iter()
                        .map(|m| {
                            view! {
                                <li>
                                    <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                                        <line x1="0" y1="3" x2="20" y2="3" stroke=method_colour(m) stroke-width="3" />
                                    </svg>
                                    {tr(method_label(m))}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </LabFigure>
        <details class="lab-paste">
            <summary>{tr(["Paste a config.json (or its rope fields)", "粘贴 config.json（或其中与 rope 有关的字段）"])}</summary>
            <textarea
                data-testid="rope-extension-config"
                rows="6"
                spellcheck="false"
                node_ref=paste_box
            ></textarea>
            <button type="button" data-testid="rope-extension-read"
                on:click=move |_| {
                    // Just the rope fields will do: the model's size comes from the lab's settings.
                    let (head_dim, trained) = setup.with_untracked(|l| (l.rotary_dim, l.trained));
                    let text = paste_box.get_untracked().map(|area| area.value()).unwrap_or_default();
                    let read = read_rope_fields(&text, head_dim, trained);
                    outcome.set(Some(read.clone().map(|r| r.notes)));
                    trained_given.set(None);
                    readings.set(read.as_ref().ok().map(|read| {
                        let others = differing_readings(read, |rules| read_rope_fields_as(&text, head_dim, trained, rules));
                        (read.clone(), others)
                    }));
                    paste_name.set(read.is_ok().then(|| model_name(&text)).flatten());
                    match read {
                        Ok(read) => {
                            shown_kind.set(read.layers.iter().position(|k| k.rope.as_ref() == Some(&read.config)).unwrap_or(0));
                            kinds.set(read.layers.clone());
                            let mut lab = Extension::from_config(&read.config);
                            // Where the config names a trained length its type does not read.
                            if let Some(Note::TrainedLengthAssumed { original: Some(original), .. }) =
                                read.notes.iter().find(|n| matches!(n, Note::TrainedLengthAssumed { .. }))
                            {
                                lab.trained = TRAINED.clamp(*original as f64) as usize;
                            }
                            let read_settings = RopeExtensionSettings {
                                preset: PRESETS.len(),
                                lab,
                                declared: read.config.max_position_embeddings,
                                compare: None,
                            };
                            pasted.set(Some(read_settings.clone()));
                            show_model(read_settings);
                            stale.set(false);
                        }
                        Err(_) => {
                            kinds.set(Vec::new());
                            stale.set(true);
                        }
                    }
                }>
                {tr(["Read it", "读取"])}
            </button>
            <p role="status" data-testid="rope-extension-config-status">
                {move || {
                    let chinese = lang() == crate::lesson::Lang::Zh;
                    match outcome.get() {
                        None => String::new(),
                        Some(Ok(notes)) => std::iter::once(lang().pick(["Read. ", "解析成功。"]).trim_end().to_string())
                            .chain(notes.iter().map(|note| note.message(chinese)))
                            .collect::<Vec<_>>()
                            .join(if chinese { "" } else { " " }),
                        Some(Err(error)) => error.message(chinese),
                    }
                }}
            </p>
            <Show when=move || asks_trained() && chosen.get() == PRESETS.len()>
                <p class="lab-ask" data-testid="rope-extension-ask-trained">
                    <label>
                        {tr(["How long was this model trained (L₀, in tokens, from its model card)? ", "这个模型训练时的长度是多少（L₀，以词元计，见模型说明）？"])}
                        <input type="number" inputmode="numeric" min=TRAINED.min max=TRAINED.max step="1"
                            data-testid="rope-extension-ask-trained-value" node_ref=trained_box
                            prop:value=move || setup.with(|l| l.trained.to_string()) />
                    </label>
                    <button type="button" data-testid="rope-extension-ask-trained-use"
                        on:click=move |_| {
                            let Some(value) = trained_box.get_untracked().and_then(|b| b.value().trim().parse::<f64>().ok()) else { return };
                            let trained = TRAINED.clamp(value) as usize;
                            trained_given.set(Some(trained));
                            // The answer belongs to the paste: the lab has not moved away from it.
                            pasted.update(|p| if let Some(p) = p { p.lab.trained = trained });
                            settings.update(|s| s.lab.trained = trained);
                        }>
                        {tr(["Use it", "采用"])}
                    </button>
                    {move || trained_given.get().map(|t| {
                        let lang = lang();
                        format!("{}{t}{}", lang.pick([" L₀ = ", " L₀ = "]), lang.pick([", as given here.", "，按这里给出的值。"]))
                    })}
                </p>
            </Show>
            <Show when=move || chosen.get() == PRESETS.len() && readings.with(|r| r.as_ref().is_some_and(|(_, others)| !others.is_empty()))>
                <p data-testid="rope-extension-readings-intro">{tr(["Older transformers read this config differently (the charts follow transformers 5):", "旧版 transformers 对这个配置的读法不同（图按 transformers 5 绘制）："])}</p>
                <ul data-testid="rope-extension-readings">
                    {move || {
                        let chinese = lang() == crate::lesson::Lang::Zh;
                        readings.with(|r| r.as_ref().map(|(read, others)| others.iter()
                            .map(|(rules, other)| view! { <li>{reading_summary(*rules, other, read, chinese)}</li> })
                            .collect_view()))
                    }}
                </ul>
            </Show>
            <Show when=move || kinds.with(|k| !k.is_empty()) && chosen.get() == PRESETS.len()>
                <table class="numbers-table" tabindex="0" data-testid="rope-extension-layers">
                    <caption>{tr(["The model's kinds of layer", "模型中的各类层"])}</caption>
                    <thead><tr>
                        <th scope="col">{tr(["layer type", "层类型"])}</th>
                        <th scope="col">{tr(["layers", "层数"])}</th>
                        <th scope="col">{tr(["base θ", "底数 θ"])}</th>
                        <th scope="col">{tr(["scaling", "缩放"])}</th>
                        <th scope="col">{tr(["rotary dim", "旋转维度"])}</th>
                        <th scope="col">{tr(["charts", "图"])}</th>
                    </tr></thead>
                    <tbody>
                        {move || kinds.get().into_iter().enumerate().map(|(i, kind)| {
                            let count = kind.layers.len();
                            let cells = match &kind.rope {
                                Some(rope) => {
                                    let rope = rope.clone();
                                    let show = rope.clone();
                                    view! {
                                        <td>{rope.rope_theta}</td>
                                        <td>{rope.scaling.label()}</td>
                                        <td>{rope.rotary_dim()}</td>
                                        <td>
                                            <button type="button" data-testid=format!("rope-extension-layer-{i}")
                                                aria-pressed=move || (shown_kind.get() == i).to_string()
                                                on:click=move |_| {
                                                    shown_kind.set(i);
                                                    let kind = RopeExtensionSettings {
                                                        preset: PRESETS.len(),
                                                        lab: Extension::from_config(&show),
                                                        declared: show.max_position_embeddings,
                                                        compare: None,
                                                    };
                                                    pasted.set(Some(kind.clone()));
                                                    show_model(kind);
                                                }>
                                                {move || if shown_kind.get() == i { shown_text() } else { show_text() }}
                                            </button>
                                        </td>
                                    }.into_any()
                                }
                                None => {
                                    let temperature = kind.temperature.map(|t| format!(" (log(1 + ⌊(p+1)/{}⌋)·{} + 1)", t.floor_scale, t.attn_scale)).unwrap_or_default();
                                    view! {
                                        <td colspan="4">
                                            {no_rope_text}
                                            {kind.temperature.is_some().then_some(scaled_text)}
                                            {temperature}
                                        </td>
                                    }.into_any()
                                }
                            };
                            view! { <tr><th scope="row">{kind.name.clone()}</th><td>{count}</td>{cells}</tr> }
                        }).collect_view()}
                    </tbody>
                </table>
            </Show>
            <p class="note">{tr(NOT_IN_URL)}</p>
        </details>
        <RopeCompare linked=linked setup=setup a_name=a_name a_source=a_source readings=other_readings />
    }
}
