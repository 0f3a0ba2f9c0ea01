//! Lab (in the RoPE panel, after the complex-number lab): longer than trained, RoPE context
//! extension (issue 19). A model (a preset or a pasted config.json, read by
//! `encoding::rope_config`), a method (`encoding::rope_scaling::Method`) and lengths; each pair's
//! wavelength before and after, what the scaling did to the fastest and slowest pairs, and the
//! score of an aligned query and key against distance for every method.

use leptos::prelude::*;

use crate::encoding::rope_config::{read_config, read_rope_fields, ConfigError, Note};
use crate::encoding::rope_scaling::{
    angles_seen_and_needed, digit_base_range, pair_fates, softmax_scale_factor, Extension, Method,
    PairFate, PRESETS,
};
use crate::lesson::lab_query::{
    read_rope_extension, rope_extension_pairs, LabProblem, RopeExtensionLink, ROPE_EXTENSION_PREFIX,
};
use crate::render::rope_extension::{
    angle_marks, method_index, score_marks, wavelength_marks, COLOURS,
};
use crate::ui::context::use_lesson;

use super::parts::{
    short, term_text, CsvExport, LabSlider, LinkProblems, Sliders, SvgChart, Track,
};

pub const TITLE: [&str; 2] = [
    "Longer than trained: stretching RoPE",
    "比训练时更长：拉伸 RoPE",
];

pub const TEXT: [&str; 2] = [
    "A model trained on sequences of L₀ positions has only seen the angles its pairs reach within L₀. Past L₀ the slow pairs, whose wavelength is longer than L₀, turn to angles it never saw, one reason why simply feeding a longer text (direct extrapolation) goes wrong (Chen et al. 2023 warn that it may give catastrophically high attention scores). The methods below change the frequencies θ_i before the model reads a longer text. ⟦pi-why|Position interpolation (PI) divides every θ_i by the factor s, so the angles stay within the trained range, but neighbouring positions crowd together: the fastest pair's step from p to p + 1 shrinks s times.⟧ NTK-aware scaling raises the base instead: the slowest pair is divided by s, the fastest keeps exactly its frequency (θ_0 = 1 at any base). ⟦yarn-why|YaRN and Llama 3 sort the pairs by wavelength: pairs that turn many times within L₀ are left alone, pairs that turn at most about once (their thresholds are the sliders below) are interpolated, a ramp joins the two;⟧ YaRN also sharpens attention with a temperature t, dividing the logits by t (by default t = 1 at s = 1 and below 1 past it). Choose a model, a method and the lengths.",
    "模型在长度为 L₀ 的序列上训练，只见过各维度对在 L₀ 之内转到的角度。超过 L₀ 后，波长比 L₀ 还长的低频维度对会转到模型从未见过的角度。直接输入更长的文本（直接外推）会出问题，这是原因之一（Chen 等人 2023 年指出，注意力分数可能因此高到灾难性的程度）。下面这些方法都在模型读入更长的文本之前修改频率 θ_i。⟦pi-why|位置插值（PI）把每个 θ_i 都除以因子 s，角度就不会超出训练时的范围，但相邻位置会挤在一起：频率最高的维度对从 p 到 p + 1 转过的角度缩小为原来的 1/s。⟧NTK 感知缩放则是增大底数：频率最低的维度对的频率除以 s，频率最高的维度对的频率分毫不变（无论底数多大，θ_0 都是 1）。⟦yarn-why|YaRN 和 Llama 3 按波长给维度对分类：在 L₀ 之内转很多圈的维度对不动，最多转一圈左右的做插值（两个阈值就是下面的滑块），两者之间用一段斜坡过渡；⟧YaRN 还用温度系数 t 让注意力更集中，即把 logits 除以 t（默认 s = 1 时 t = 1，s 大于 1 时 t 小于 1）。请选择模型、方法和长度。",
];

/// Where each factor is applied, under transformers' names (docs/sources.md, "RoPE scaling").
const FACTORS: [&str; 2] = [
    "Where the factors act: attention_factor multiplies cos and sin, so every logit by attention_factor². YaRN's paper divides the logits by a temperature t, softmax(qᵀk / (t·√d)); transformers sets attention_factor = √(1/t) = 0.1·ln s + 1 unless the config gives it. DeepSeek-V2/V3 (qk_rope_head_dim) also multiply the softmax scale 1/√(qk_head_dim) by (0.1·mscale_all_dim·ln s + 1)², shown apart. LongRoPE's is √(1 + ln s / ln L₀) (1 if s ≤ 1) unless given; the target only picks its short or long factors.",
    "各因子作用在哪里：attention_factor 乘在 cos 和 sin 上，因此 logits 全都乘以 attention_factor²。YaRN 论文把 logits 除以温度系数 t，即 softmax(qᵀk / (t·√d))；配置没有给出 attention_factor 时，transformers 取 attention_factor = √(1/t) = 0.1·ln s + 1。DeepSeek-V2/V3（有 qk_rope_head_dim）还把 softmax 的缩放因子 1/√(qk_head_dim) 乘以 (0.1·mscale_all_dim·ln s + 1)²，这一项单独列出。LongRoPE 的 attention_factor 在配置没有给出时为 √(1 + ln s / ln L₀)（s ≤ 1 时为 1）；目标长度只决定用短因子还是长因子。",
];

/// Where versions of transformers differ for the method shown: the lab follows the newest (5.x).
const VERSIONS_YARN: [&str; 2] = [
    "transformers versions differ here; the lab follows 5.x: s is the config's factor (4.51 used max_position_embeddings / original), truncate is read (from 4.57), a top-level original_max_position_embeddings wins.",
    "transformers 各版本在这里做法不一，本实验以 5.x 为准：s 取配置中的 rope_scaling.factor（4.51 用的是 max_position_embeddings / 原始长度）；读取 rope_scaling.truncate（4.57 起）；顶层的 original_max_position_embeddings 优先。",
];

const VERSIONS_LONGROPE: [&str; 2] = [
    "transformers versions differ here; the lab follows 5.x: long factors only past L₀ (4096 short, 4097 long), short when loaded without a length (4.x: long); s is rope_scaling.factor when given (4.x with a top-level original length: max / original).",
    "transformers 各版本在这里做法不一，本实验以 5.x 为准：长度超过 L₀ 才用长因子（4096 用短因子，4097 用长因子），加载时不给长度则用短因子（4.x 用长因子）；配置给出 rope_scaling.factor 时 s 就取它（4.x 在顶层给出原始长度时取 max / 原始长度）。",
];

/// Each method's name, per language, in `Method::ALL`'s order.
const METHODS: [[&str; 7]; 2] = [
    [
        "none (direct extrapolation)",
        "position interpolation (PI, linear)",
        "NTK-aware (static)",
        "dynamic NTK",
        "YaRN",
        "Llama 3",
        "LongRoPE (the config's factors)",
    ],
    [
        "不缩放（直接外推）",
        "位置插值（PI，linear）",
        "NTK 感知（静态）",
        "动态 NTK",
        "YaRN",
        "Llama 3",
        "LongRoPE（配置中的因子）",
    ],
];

/// Labels of the controls and read-outs, per language.
struct Words {
    model: &'static str,
    pasted: &'static str,
    method: &'static str,
    trained: &'static str,
    target: &'static str,
    factor: &'static str,
    factor_from_lengths: &'static str,
    base: &'static str,
    beta_fast: &'static str,
    beta_slow: &'static str,
    low: &'static str,
    high: &'static str,
    rotary: &'static str,
    declared: &'static str,
    fastest: &'static str,
    slowest: &'static str,
    attention: &'static str,
    softmax: &'static str,
    /// After a refused paste, before the name of what the read-outs still show.
    stale: &'static str,
    fates: &'static str,
    turning: &'static str,
    wavelengths: &'static str,
    wavelength_caption: &'static str,
    digits: &'static str,
    digits_text: &'static str,
    angles: &'static str,
    angle_caption: &'static str,
    unseen: &'static str,
    scores: &'static str,
    score_caption: &'static str,
    paste: &'static str,
    read: &'static str,
    read_ok: &'static str,
    not_in_url: &'static str,
    /// The read-outs' bracket, "(trained 1, ÷ 4)": its opening with "trained", its separator
    /// and its end.
    was: &'static str,
    separator: &'static str,
    close: &'static str,
    /// s·L₀, against the context the config declares.
    stretched: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        model: "Model",
        pasted: "pasted config",
        method: "Method",
        trained: "Trained length L₀",
        target: "Target length L",
        factor: "Scale factor s",
        factor_from_lengths: "s = L / L₀",
        base: "Base b",
        beta_fast: "YaRN β_fast (turns in L₀ above which a pair is kept)",
        beta_slow: "YaRN β_slow (turns in L₀ below which a pair is interpolated)",
        low: "Llama 3 low_freq_factor",
        high: "Llama 3 high_freq_factor",
        rotary: "rotary dimension d (pairs)",
        declared: "context the config declares (max_position_embeddings)",
        fastest: "fastest pair: angle from p to p + 1, rad",
        slowest: "slowest pair: wavelength, positions",
        attention: "attention_factor (logits × its square)",
        softmax: "DeepSeek's softmax factor (mscale_all_dim)",
        stale: "Not read: the figures below are still those of ",
        fates: "pairs kept / divided by s / in between",
        turning: "pairs that finish a turn within L₀",
        wavelengths: "Each pair's wavelength, trained (grey) and scaled (colour)",
        wavelength_caption: "Pair i on the horizontal axis, wavelength 2π/θ_i in positions on a log scale; the dashed lines are L₀ and L. A pair below L₀ finishes at least one turn within the training length.",
        digits: "digit base β = θ_i/θ_(i+1) (b^(2/d) when only the base sets the frequencies)",
        digits_text: "Another way to read the same numbers: RoPE writes a position like a number in base β = b^(2/d). Pair i turns one radian every β^i positions (a whole turn every 2π·β^i), as digit i of a base-β number steps up once every β^i counts (here the digits are angles, not whole numbers). Position interpolation slows every digit s times, the fastest too, which is why neighbours become harder to tell apart. NTK-aware scaling keeps the fastest digit and enlarges the base to β·s^(2/(d−2)), so the slowest digit covers s times more positions: more positions fit in the same digits. YaRN and Llama 3 change the digits unevenly, so the ratio of neighbouring digits is no longer one number (the read-out gives its range).",
        angles: "Angles seen in training (grey) and asked for but never seen (red)",
        angle_caption: "For each pair, the share of a full turn its angle covered within L₀ (min(L₀·θ_i, 2π)), and what the target length L asks for with the method's frequencies (min(L·θ'_i, 2π)). Fast pairs turn fully within L₀ and have seen every angle; the red part of a slow pair is angles the model never met in training.",
        unseen: "pairs asked for angles never seen in training",
        scores: "Score of an aligned query and key against distance, every method",
        score_caption: "The query and key are equal and spread evenly over the pairs, so the score is attention_factor²·mean_i cos(distance·θ_i) (without DeepSeek's softmax factor). Each point is the mean over its stretch of whole distances (computed exactly), so fast wiggles average out instead of aliasing; the dashed line is L₀. The thick line is the method chosen.",
        paste: "Paste a config.json (or its rope fields)",
        read: "Read it",
        read_ok: "Read. ",
        not_in_url: "A pasted config is not kept in the page's link (it may be long, and private); a preset with the model, method and lengths above is.",
        was: " (trained ",
        separator: ", ",
        close: ")",
        stretched: "s · L₀",
    },
    Words {
        model: "模型",
        pasted: "粘贴的配置",
        method: "方法",
        trained: "训练长度 L₀",
        target: "目标长度 L",
        factor: "缩放因子 s",
        factor_from_lengths: "s = L / L₀",
        base: "底数 b",
        beta_fast: "YaRN β_fast（维度对在 L₀ 内转的圈数高于它，就保持不变）",
        beta_slow: "YaRN β_slow（维度对在 L₀ 内转的圈数低于它，就做插值）",
        low: "Llama 3 low_freq_factor",
        high: "Llama 3 high_freq_factor",
        rotary: "旋转维度 d（维度对的个数）",
        declared: "配置声明的上下文长度（max_position_embeddings）",
        fastest: "频率最高的维度对：从 p 到 p + 1 转过的角度（弧度）",
        slowest: "频率最低的维度对：波长（以位置计）",
        attention: "attention_factor（logits 乘以它的平方）",
        softmax: "DeepSeek 的 softmax 因子（mscale_all_dim）",
        stale: "未能读取：下面的数字仍来自",
        fates: "维度对：不变 / 除以 s / 介于两者之间",
        turning: "在 L₀ 之内转满一圈的维度对",
        wavelengths: "每个维度对的波长：训练时（灰色）与缩放后（彩色）",
        wavelength_caption: "横轴是第 i 对，纵轴是波长 2π/θ_i（以位置计，对数刻度）；两条虚线分别是 L₀ 和 L。波长在 L₀ 以下的维度对，在训练长度之内至少转满一圈。",
        digits: "进制 β = θ_i/θ_(i+1)（频率只由底数决定时为 b^(2/d)）",
        digits_text: "同样的数还有另一种读法：RoPE 把位置写成一个 β 进制数，β = b^(2/d)。第 i 对每 β^i 个位置转过 1 弧度（每 2π·β^i 个位置转一圈），就像 β 进制数的第 i 位每数 β^i 下加 1（只是这里的“数位”是角度，不是整数）。位置插值让每一位都变慢为原来的 1/s，最快的那一位也不例外，所以相邻位置更难区分。NTK 感知缩放让最快的一位保持不变，把进制增大到 β·s^(2/(d−2))，于是最慢的一位覆盖的位置变为原来的 s 倍：同样的位数能表示更多位置。YaRN 和 Llama 3 对各位的改变并不均匀，相邻两位之比不再是同一个数（读数给出它的范围）。",
        angles: "训练中见过的角度（灰色）与要用到却从未见过的角度（红色）",
        angle_caption: "每个维度对有两个量：它在 L₀ 之内转过的角度占一整圈的比例（min(L₀·θ_i, 2π)），以及目标长度 L 在所选方法的频率下要转到的比例（min(L·θ'_i, 2π)）。高频维度对在 L₀ 之内就转满一圈，所有角度都见过；低频维度对的红色部分，是模型在训练中从未遇到过的角度。",
        unseen: "要用到训练中未见过角度的维度对",
        scores: "方向一致的查询与键：各方法下分数随距离的变化",
        score_caption: "查询与键相同，且均匀分布在各维度对上，因此分数为 attention_factor²·mean_i cos(距离·θ_i)（不含 DeepSeek 的 softmax 因子）。每个点是它所在那一段整数距离上的平均值（精确计算），快速的起伏因此被平均掉，不会产生混叠；虚线是 L₀。粗线是所选方法。",
        paste: "粘贴 config.json（或其中与 rope 有关的字段）",
        read: "读取",
        read_ok: "解析成功。",
        not_in_url: "页面链接不保存粘贴的配置（它可能很长，也可能不宜公开）；预设则会连同上面的模型、方法和长度一起保存在链接中。",
        was: "（训练时 ",
        separator: "，",
        close: "）",
        stretched: "s · L₀",
    },
];

#[component]
pub fn RopeExtensionLab() -> impl IntoView {
    let lesson = use_lesson();
    let language = move || lesson.lang.get().index();
    let words = move || &WORDS[language()];

    let start = read_config(PRESETS[0].config).map(|r| r.config).ok();
    let setup = RwSignal::new(
        start
            .as_ref()
            .map(Extension::from_config)
            .expect("the presets read"),
    );
    let declared = RwSignal::new(start.map(|c| c.max_position_embeddings).unwrap_or(0));
    // Which preset (PRESETS.len() for a pasted config).
    let chosen = RwSignal::new(0usize);
    // Read from the box only when asked: a 5 MB paste copied into a signal on every input, and
    // back into the box, held the page for seconds.
    let paste_box = NodeRef::<leptos::html::Textarea>::new();
    let outcome: RwSignal<Option<Result<Vec<Note>, ConfigError>>> = RwSignal::new(None);
    // After a refused paste the read-outs are still the previous model's, and say so.
    let stale = RwSignal::new(false);

    let choose = move |config: &crate::encoding::rope_scaling::RopeConfig| {
        setup.set(Extension::from_config(config));
        declared.set(config.max_position_embeddings);
        stale.set(false);
    };

    // The link's own values for the lab (rx_…), if it has any; what could not be used is said.
    let link_problems: RwSignal<Vec<LabProblem>> = RwSignal::new(Vec::new());
    // A link's or a lesson step's values: the preset they start from, then theirs.
    let apply = move |link: &RopeExtensionLink| {
        if let Ok(read) = read_config(PRESETS[link.preset].config) {
            declared.set(read.config.max_position_embeddings);
        }
        chosen.set(link.preset);
        setup.set(link.lab.clone());
        stale.set(false);
    };
    let from_link = read_rope_extension(&super::opened_query());
    if let Some(link) = &from_link {
        apply(link);
        link_problems.set(link.problems.clone());
    }
    // Lesson mode's steps about this lab set its values too (`LessonPlan::lab_query`), and
    // give back what it showed when the lesson leaves it.
    let by_lesson = super::follow_lesson_steps(
        read_rope_extension,
        move |link| apply(&link),
        move || {
            (
                chosen.get_untracked(),
                setup.get_untracked(),
                declared.get_untracked(),
            )
        },
        move |(preset, lab, max)| {
            chosen.set(preset);
            setup.set(lab);
            declared.set(max);
        },
    );
    // The address keeps the lab's values beside the page's once the lab is used (or came in the
    // link); a pasted config is not in it, so its values leave the address.
    let address_pairs = move || {
        (chosen.get_untracked() < PRESETS.len()).then(|| {
            form_urlencoded::Serializer::new(String::new())
                .extend_pairs(
                    setup.with_untracked(|lab| rope_extension_pairs(chosen.get_untracked(), lab)),
                )
                .finish()
        })
    };
    super::keep_in_address(
        ROPE_EXTENSION_PREFIX,
        from_link.is_some(),
        address_pairs,
        move || {
            setup.with(|_| ());
            chosen.get();
        },
        by_lesson,
    );

    // Everything drawn is computed once per change of the settings.
    let computed = Memo::new(move |_| {
        setup.with(|lab| {
            let plain = lab.frequencies(Method::Direct);
            let current = lab.frequencies(lab.method);
            let fates = pair_fates(&plain.inv_freq, &current.inv_freq, lab.factor);
            (plain, current, fates)
        })
    });
    let sliders = Sliders::of(setup);
    let label = move |pick: fn(&Words) -> &'static str| Signal::derive(move || pick(words()));

    let chosen_method = move || method_index(setup.with(|l| l.method));

    view! {
        <h3 id="lab-rope-extension" data-testid="rope-extension-title">{Signal::derive(move || TITLE[language()])}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="rope-extension-link-problems" />
        <div class="lab-controls">
            <label class="lab-slider">
                <span>{label(|w| w.model)}</span>
                <select
                    data-testid="rope-extension-model"
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>()
                            && let Some(Ok(read)) = PRESETS.get(i).map(|p| read_config(p.config)) {
                                chosen.set(i);
                                choose(&read.config);
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
                        {label(|w| w.pasted)}
                    </option>
                </select>
            </label>
            <label class="lab-slider">
                <span>{label(|w| w.method)}</span>
                <select
                    data-testid="rope-extension-method"
                    on:change=move |ev| {
                        if let Some(m) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| Method::ALL.get(i)) {
                            setup.update(|lab| lab.method = *m);
                        }
                    }
                    prop:value=move || chosen_method().to_string()
                >
                    {move || {
                        let lang = language();
                        setup.with(|lab| lab.methods().collect::<Vec<_>>())
                            .into_iter()
                            .map(|m| {
                                let i = method_index(m);
                                view! { <option value=i.to_string() selected=move || chosen_method() == i>{METHODS[lang][i]}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <LabSlider label=label(|w| w.trained) testid="rope-extension-trained" min=8.0 max=20.0 step=0.25 track=Track::Log2
                value=sliders.get(|l| l.trained as f64) set=sliders.set(|l, v| l.trained = v as usize) />
            <LabSlider label=label(|w| w.target) testid="rope-extension-target" min=8.0 max=21.0 step=0.25 track=Track::Log2
                value=sliders.get(|l| l.target as f64) set=sliders.set(|l, v| l.target = v as usize) />
            <LabSlider label=label(|w| w.factor) testid="rope-extension-factor" min=1.0 max=64.0 track=Track::Linear step=0.25
                value=sliders.get(|l| l.factor) set=sliders.set(|l, v| l.factor = v) />
            <button type="button" data-testid="rope-extension-factor-from-lengths"
                on:click=move |_| setup.update(|l| l.factor = (l.target as f64 / l.trained as f64).max(1.0))>
                {label(|w| w.factor_from_lengths)}
            </button>
            <LabSlider label=label(|w| w.base) testid="rope-extension-base" min=2.0 max=8.0 step=0.05 track=Track::Log10
                value=sliders.get(|l| l.base) set=sliders.set(|l, v| l.base = v.max(2.0)) />
            <Show when=move || setup.with(|l| l.method == Method::Yarn)>
                <LabSlider label=label(|w| w.beta_fast) testid="rope-extension-beta-fast" min=2.0 max=128.0 track=Track::Linear step=1.0
                    value=sliders.get(|l| l.beta_fast) set=sliders.set(|l, v| l.beta_fast = v.max(l.beta_slow + 0.25)) />
                <LabSlider label=label(|w| w.beta_slow) testid="rope-extension-beta-slow" min=0.25 max=8.0 track=Track::Linear step=0.25
                    value=sliders.get(|l| l.beta_slow) set=sliders.set(|l, v| l.beta_slow = v.min(l.beta_fast - 0.25)) />
            </Show>
            <Show when=move || setup.with(|l| l.method == Method::Llama3)>
                <LabSlider label=label(|w| w.low) testid="rope-extension-low" min=0.5 max=4.0 track=Track::Linear step=0.25
                    value=sliders.get(|l| l.low_freq_factor) set=sliders.set(|l, v| l.low_freq_factor = v.min(l.high_freq_factor - 0.25)) />
                <LabSlider label=label(|w| w.high) testid="rope-extension-high" min=1.0 max=16.0 track=Track::Linear step=0.25
                    value=sliders.get(|l| l.high_freq_factor) set=sliders.set(|l, v| l.high_freq_factor = v.max(l.low_freq_factor + 0.25)) />
            </Show>
        </div>
        <Show when=move || stale.get()>
            <p class="note" role="status" data-testid="rope-extension-stale">{move || {
                let before = ["the config pasted before", "之前粘贴的配置"][language()];
                let name = PRESETS.get(chosen.get()).map_or(before, |p| p.name);
                format!("{}{name}{}", words().stale, if language() == 1 { "。" } else { "." })
            }}</p>
        </Show>
        <dl class="numbers" data-testid="rope-extension-readout" data-stale=move || stale.get().then_some("")>
            <dt>{label(|w| w.rotary)}</dt>
            <dd data-testid="rope-extension-rotary">{Signal::derive(move || setup.with(|l| format!("{} ({})", l.rotary_dim, l.rotary_dim / 2)))}</dd>
            <dt>{label(|w| w.declared)}</dt>
            <dd data-testid="rope-extension-declared">{Signal::derive(move || short(declared.get() as f64))}</dd>
            <dt>{label(|w| w.stretched)}</dt>
            <dd data-testid="rope-extension-stretched">{Signal::derive(move || setup.with(|l| short((l.factor * l.trained as f64).round())))}</dd>
            <dt>{label(|w| w.fastest)}</dt>
            <dd data-testid="rope-extension-fastest">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let (was, now) = (plain.inv_freq[0], current.inv_freq[0]);
                let w = words();
                format!("{}{}{}{}÷ {}{}", short(now), w.was, short(was), w.separator, short(was / now), w.close)
            }))}</dd>
            <dt>{label(|w| w.slowest)}</dt>
            <dd data-testid="rope-extension-slowest">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let last = plain.inv_freq.len() - 1;
                let wavelength = |t: f64| std::f64::consts::TAU / t;
                let (was, now) = (wavelength(plain.inv_freq[last]), wavelength(current.inv_freq[last]));
                let w = words();
                format!("{}{}{}{}× {}{}", short(now), w.was, short(was), w.separator, short(now / was), w.close)
            }))}</dd>
            <dt>{label(|w| w.attention)}</dt>
            <dd data-testid="rope-extension-attention">{Signal::derive(move || computed.with(|(_, current, _)| short(current.attention_factor)))}</dd>
            {move || setup.with(|l| softmax_scale_factor(&l.config(l.method))).map(|factor| view! {
                <dt>{label(|w| w.softmax)}</dt>
                <dd data-testid="rope-extension-softmax">{short(factor)}</dd>
            })}
            <dt>{label(|w| w.fates)}</dt>
            <dd data-testid="rope-extension-fates">{Signal::derive(move || computed.with(|(_, _, fates)| {
                let count = |fate: PairFate| fates.iter().filter(|f| **f == fate).count();
                format!("{} / {} / {}", count(PairFate::Kept), count(PairFate::Interpolated), count(PairFate::Changed))
            }))}</dd>
            <dt>{label(|w| w.unseen)}</dt>
            <dd data-testid="rope-extension-unseen">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let (trained, target) = setup.with(|l| (l.trained, l.target));
                let unseen = angles_seen_and_needed(trained, target, &plain.inv_freq, &current.inv_freq)
                    .iter()
                    .filter(|(seen, needed)| needed > &(seen + 1e-12))
                    .count();
                format!("{unseen} / {}", plain.inv_freq.len())
            }))}</dd>
            <dt>{label(|w| w.digits)}</dt>
            <dd data-testid="rope-extension-digits">{Signal::derive(move || computed.with(|(plain, current, _)| {
                let range = |(low, high): (f64, f64)| {
                    if (high - low).abs() <= 1e-9 * high { short(low) } else { format!("{} … {}", short(low), short(high)) }
                };
                let w = words();
                format!("{}{}{}{}", range(digit_base_range(&current.inv_freq)), w.was, range(digit_base_range(&plain.inv_freq)), w.close)
            }))}</dd>
            <dt>{label(|w| w.turning)}</dt>
            <dd data-testid="rope-extension-turning">{Signal::derive(move || computed.with(|(plain, _, _)| {
                let trained = setup.with(|l| l.trained) as f64;
                let turning = plain.inv_freq.iter().filter(|t| std::f64::consts::TAU / **t <= trained).count();
                format!("{turning} / {}", plain.inv_freq.len())
            }))}</dd>
        </dl>
        {move || {
            let versions = match setup.with(|l| l.method) {
                Method::Yarn => Some(VERSIONS_YARN),
                Method::LongRope => Some(VERSIONS_LONGROPE),
                _ => None,
            };
            versions.map(|text| view! { <p class="note" data-testid="rope-extension-versions">{text[language()]}</p> })
        }}
        <p class="note">{Signal::derive(move || FACTORS[language()])}</p>
        <CsvExport testid="rope-extension-csv" file=Signal::derive(move || setup.with(|l| format!(
            "rope-extension_{}_trained{}_target{}.csv",
            crate::lesson::lab_query::METHOD_NAMES[method_index(l.method)], l.trained, l.target
        ))) rows=Callback::new(move |_| computed.with_untracked(|(plain, current, _)| {
            // Every number in full (Rust's shortest text that reads back as the same double).
            let mut csv = String::from("pair,inv_freq,scaled_inv_freq,attention_factor\n");
            for (i, (was, now)) in plain.inv_freq.iter().zip(&current.inv_freq).enumerate() {
                csv.push_str(&format!("{i},{was:?},{now:?},{:?}\n", current.attention_factor));
            }
            csv
        })) />
        <figure class="lab-chart">
            <figcaption>{label(|w| w.wavelengths)}</figcaption>
            <SvgChart testid="rope-extension-wavelengths" marks=Signal::derive(move || {
                computed.with(|(plain, current, _)| setup.with(|lab| wavelength_marks(lab, plain, current)))
            }) />
            <p class="note">{label(|w| w.wavelength_caption)}</p>
        </figure>
        <p data-answer="pi-why">{label(|w| w.digits_text)}</p>
        <figure class="lab-chart">
            <figcaption>{label(|w| w.angles)}</figcaption>
            <SvgChart testid="rope-extension-angles" marks=Signal::derive(move || {
                computed.with(|(plain, current, _)| setup.with(|lab| angle_marks(lab, plain, current)))
            }) />
            <p class="note">{label(|w| w.angle_caption)}</p>
        </figure>
        <figure class="lab-chart">
            <figcaption>{label(|w| w.scores)}</figcaption>
            <SvgChart testid="rope-extension-scores" marks=Signal::derive(move || setup.with(score_marks)) />
            <ul class="lab-legend">
                {move || {
                    let lang = language();
                    setup.with(|lab| lab.methods().collect::<Vec<_>>())
                        .into_iter()
                        .map(|m| {
                            let i = method_index(m);
                            view! {
                                <li>
                                    <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                                        <line x1="0" y1="3" x2="20" y2="3" stroke=COLOURS[i] stroke-width="3" />
                                    </svg>
                                    {METHODS[lang][i]}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <p class="note">{label(|w| w.score_caption)}</p>
        </figure>
        <details class="lab-paste">
            <summary>{label(|w| w.paste)}</summary>
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
                    match read {
                        Ok(read) => {
                            chosen.set(PRESETS.len());
                            choose(&read.config);
                        }
                        Err(_) => stale.set(true),
                    }
                }>
                {label(|w| w.read)}
            </button>
            <p role="status" data-testid="rope-extension-config-status">
                {move || {
                    let chinese = language() == 1;
                    match outcome.get() {
                        None => String::new(),
                        Some(Ok(notes)) => std::iter::once(words().read_ok.trim_end().to_string())
                            .chain(notes.iter().map(|note| note.message(chinese)))
                            .collect::<Vec<_>>()
                            .join(if chinese { "" } else { " " }),
                        Some(Err(error)) => error.message(chinese),
                    }
                }}
            </p>
            <p class="note">{label(|w| w.not_in_url)}</p>
        </details>
    }
}
