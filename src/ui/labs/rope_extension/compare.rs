//! The context-extension lab's comparison: the lab's model (A) beside a pinned one (B), two
//! configs or one config as two release lines of transformers read it; pair by pair (each pair's
//! divisor, its wavelength, the angles never seen) and over distance (the aligned score), with
//! every pair and number that differs marked. It lives in the link, so a colleague opens the same.

use leptos::prelude::*;

use crate::encoding::rope_config::Transformers;
use crate::encoding::rope_scaling::{
    differ, pair_differences, Extension, PairDifferences, Profile, PRESETS,
};
use crate::lesson::labs::rope_extension::{Compared, ComparedSource, RopeExtensionSettings};
use crate::lesson::Lang;
use crate::render::svg_plot::Mark;
use crate::render::wavelengths::{compared_pair_marks, compared_score_marks, COMPARED};
use crate::ui::context::{tr, use_lesson};

use super::super::parts::{short, LabFigure, SvgChart};
use super::super::Linked;

/// What a comparison's charts are drawn from: A's settings and profile, B's (pinned) settings
/// and profile, and where their pairs' frequencies differ.
type Draw = fn(&Extension, &Profile, &Extension, &Profile, &PairDifferences) -> Vec<Mark>;

/// The comparison's charts: caption, test id, and the marks (one view for the four of them).
type Chart = ([&'static str; 2], &'static str, Draw);

const CHARTS: [Chart; 4] = [
    (
        ["Each pair's divisor θ_i / θ'_i (1: kept; s: interpolated), A and B", "A 与 B 各维度对的除数 θ_i / θ'_i（1 表示不变，s 表示除以 s）"],
        "rope-extension-compare-divisors",
        |_, pa, _, pb, d| compared_pair_marks([&pa.divisors, &pb.divisors], true, &d.differs, &[]),
    ),
    (
        ["Each pair's wavelength after scaling, A and B, with their lengths", "A 与 B 缩放后各维度对的波长，并标出各自的 L₀ 和 L"],
        "rope-extension-compare-wavelengths",
        |a, pa, b, pb, d| compared_pair_marks([&pa.wavelengths, &pb.wavelengths], true, &d.differs, &lengths(a, b)),
    ),
    (
        ["Share of a turn each pair is asked for at L but never reached within L₀, A and B", "A 与 B 各维度对在 L 处要转到、在 L₀ 之内却从未转到的角度（占一整圈的比例）"],
        "rope-extension-compare-unseen",
        |_, pa, _, pb, d| compared_pair_marks([&pa.unseen, &pb.unseen], false, &d.differs, &[]),
    ),
    (
        ["Score of an aligned query and key against distance, A and B (each with its own method and frequencies)", "A 与 B（各用自己的方法和频率）：方向一致的查询与键的分数随距离的变化"],
        "rope-extension-compare-scores",
        |a, _, b, _, _| compared_score_marks(a, b),
    ),
];

/// The memos a comparison reads: A's settings and profile, B with its profile, their differences.
#[derive(Clone, Copy)]
struct Parts {
    setup: Memo<Extension>,
    profile_a: Memo<Option<Profile>>,
    pinned: Memo<Option<(Compared, Profile)>>,
    differences: Memo<Option<PairDifferences>>,
}

impl Parts {
    /// `read` of everything a chart or the table draws from, or nothing when not comparing.
    fn with<T>(
        self,
        read: impl FnOnce(&Extension, &Profile, &Compared, &Profile, &PairDifferences) -> Vec<T>,
    ) -> Vec<T> {
        self.setup.with(|a| {
            self.profile_a.with(|pa| {
                self.pinned.with(|b| {
                    self.differences.with(|d| match (pa, b, d) {
                        (Some(pa), Some((b, pb)), Some(d)) => read(a, pa, b, pb, d),
                        _ => Vec::new(),
                    })
                })
            })
        })
    }
}

/// A compared model's name.
fn source_name(source: ComparedSource, lang: Lang) -> String {
    match source {
        ComparedSource::Preset(i) => PRESETS.get(i).map_or("?", |p| p.name).to_string(),
        ComparedSource::Pasted => lang.pick(["pasted config", "粘贴的配置"]).to_string(),
        ComparedSource::Reading(rules) => {
            let chinese = lang == Lang::Zh;
            let line = rules.label(chinese);
            if chinese {
                format!("粘贴的配置，按 {line} 读取")
            } else {
                format!("pasted config, as {line} reads it")
            }
        }
    }
}

/// A row of the comparison's table: its name, A's text and B's (`None`: A's is about both), whether
/// they differ.
type Row = ([&'static str; 2], String, Option<String>, bool);

/// The lab's model (`linked`'s settings, read through `setup`, the lab's memo of them) beside the
/// pinned one. `a_name` names the lab's model and `a_source` its source if pinned; `readings` are
/// the pasted config as each other release line of transformers reads it (empty unless the lab
/// shows a paste those lines read differently), each with whether it takes the lab's trained
/// length (one the config does not record).
#[component]
pub fn RopeCompare(
    /// The lab's settings, as links and lesson mode set them.
    linked: Linked<RopeExtensionSettings>,
    /// The lab's model, as the lab computes it from its settings.
    setup: Memo<Extension>,
    /// The name of the lab's model.
    a_name: Signal<String>,
    /// Where the lab's model comes from, if it is pinned for the comparison.
    a_source: Signal<ComparedSource>,
    /// The pasted config as each other release line reads it, each with whether it takes the lab's trained length.
    readings: Signal<Vec<(Transformers, Extension, bool)>>,
) -> impl IntoView {
    let lesson = use_lesson();
    let lang = move || lesson.lang.get();
    let settings = linked.settings;
    // B with its profile, computed again only when B changes: a move of A's sliders keeps it
    // (the previous value is handed back, not cloned).
    let pinned = Memo::new_owning(move |before: Option<Option<(Compared, Profile)>>| {
        settings.with(|s| match (before, &s.compare) {
            (Some(Some((b, profile))), Some(now)) if b == *now => (Some((b, profile)), false),
            (Some(None), None) => (None, false),
            (_, now) => (now.as_ref().map(|b| (b.clone(), b.lab.profile())), true),
        })
    });
    let comparing = move || pinned.with(Option::is_some);
    let profile_a = Memo::new(move |_| comparing().then(|| setup.with(Extension::profile)));
    let differences = Memo::new(move |_| {
        profile_a.with(|a| {
            pinned.with(|b| match (a, b) {
                (Some(a), Some((_, b))) => Some(pair_differences(&a.inv_freq, &b.inv_freq)),
                _ => None,
            })
        })
    });
    let parts = Parts { setup, profile_a, pinned, differences };
    let rows = move || -> Vec<Row> {
        let lang = lang();
        parts.with(|a, sa, b, sb, d| {
            let b_lab = &b.lab;
            let label = |lab: &Extension| lab.config(lab.method).scaling.label();
            let dims = |lab: &Extension| format!("{} ({})", lab.rotary_dim, lab.rotary_dim / 2);
            let softmax = |s: Option<f64>| s.map_or("—".to_string(), short);
            let PairDifferences { differs, largest } = d;
            let common = differs.len();
            let differing = differs.iter().filter(|d| **d).count();
            let of = lang.pick([" of ", " / "]);
            let mut rows: Vec<Row> = vec![
                (["model", "模型"], a_name.get(), Some(source_name(b.source, lang)), false),
                (["scaling", "缩放"], label(a), Some(label(b_lab)), label(a) != label(b_lab)),
                (["base θ", "底数 θ"], short(a.base), Some(short(b_lab.base)), differ(a.base, b_lab.base)),
                (["rotary dimension d (pairs)", "旋转维度 d（括号内为维度对的个数）"], dims(a), Some(dims(b_lab)), a.rotary_dim != b_lab.rotary_dim),
                (["trained length L₀", "训练长度 L₀"], a.trained.to_string(), Some(b_lab.trained.to_string()), a.trained != b_lab.trained),
                (["target length L", "目标长度 L"], a.target.to_string(), Some(b_lab.target.to_string()), a.target != b_lab.target),
                (["attention_factor", "attention_factor"], short(sa.attention_factor), Some(short(sb.attention_factor)), differ(sa.attention_factor, sb.attention_factor)),
            ];
            if sa.softmax.is_some() || sb.softmax.is_some() {
                let differs = match (sa.softmax, sb.softmax) {
                    (Some(x), Some(y)) => differ(x, y),
                    _ => true,
                };
                rows.push((["DeepSeek's softmax factor", "DeepSeek 的 softmax 因子"], softmax(sa.softmax), Some(softmax(sb.softmax)), differs));
            }
            // Pair i against pair i: where the rotary dimensions differ, over the pairs both have.
            let over = if a.rotary_dim != b_lab.rotary_dim {
                lang.pick([" (pair by pair, of the pairs both have)", "（逐对比较两者都有的维度对）"])
            } else {
                ""
            };
            let compared = format!("{differing}{of}{common}{over}");
            let largest = match largest {
                Some((i, ratio)) => match lang {
                    Lang::Zh => format!("{}（第 {i} 对）", short(*ratio)),
                    _ => format!("{} at pair {i}", short(*ratio)),
                },
                None => "1".into(),
            };
            rows.push((["pairs whose frequency differs", "频率不同的维度对"], compared, None, differing > 0));
            rows.push((["largest ratio of a pair's frequencies (larger over smaller)", "同一维度对在 A、B 中的频率之比的最大值（大者除以小者）"], largest, None, differing > 0));
            rows
        })
    };
    let pin = move |_| {
        let source = a_source.get_untracked();
        linked.update(|s| {
            s.compare = Some(Compared {
                source,
                lab: s.lab.clone(),
            })
        });
    };
    view! {
        <section class="lab-compare" data-testid="rope-extension-compare" data-comparing=move || comparing().then_some("")>
            <p><strong>{tr(["Compare two models", "比较两个模型"])}</strong></p>
            <p>{tr([
                "Pin the model as it is set now as B, then choose or paste another (A, the lab's current model): the table and the charts show both, the table marks each difference and the three charts by pair mark every pair whose frequency differs, and the link keeps both. For a paste that an older transformers reads otherwise, compare it with that reading. The link of a comparison holds both models' settings (base, rotary dimension, lengths and each method's settings, none of the rest of a pasted file).",
                "先把当前设置的模型固定为 B，再选择或粘贴另一个模型（A，即本实验当前的模型），表格和图会同时给出两者：表中标出每一处不同，按维度对绘制的三幅图标出频率不同的维度对，链接也会保存两者。如果旧版 transformers 对粘贴的配置读法不同，还可以与旧版的读法比较。比较的链接保存两个模型的设置（底数、旋转维度、长度和各方法的设置，不含粘贴文件的其余部分）。",
            ])}</p>
            <div class="lab-controls">
                <button type="button" data-testid="rope-extension-pin" on:click=pin>
                    {tr(["Pin this model as B", "把当前模型固定为 B"])}
                </button>
                {move || readings.get().into_iter().map(|(rules, lab, carry_trained)| {
                    let testid = format!("rope-extension-compare-{}", rules.code());
                    view! {
                        <button type="button" data-testid=testid
                            on:click=move |_| {
                                let lab = lab.clone();
                                linked.update(|s| {
                                    let mut lab = lab;
                                    // At the lab's length (and its L₀ where the config records none).
                                    lab.target = s.lab.target;
                                    if carry_trained {
                                        lab.trained = s.lab.trained;
                                    }
                                    s.compare = Some(Compared { source: ComparedSource::Reading(rules), lab });
                                });
                            }>
                            {move || {
                                let chinese = lang() == Lang::Zh;
                                if chinese {
                                    format!("与 {} 的读法比较", rules.label(true))
                                } else {
                                    format!("Compare with {}'s reading", rules.label(false))
                                }
                            }}
                        </button>
                    }
                }).collect_view()}
                <Show when=comparing>
                    <button type="button" data-testid="rope-extension-unpin" on:click=move |_| linked.update(|s| s.compare = None)>
                        {tr(["Stop comparing", "停止比较"])}
                    </button>
                </Show>
            </div>
            <Show when=comparing>
                <table class="numbers-table" tabindex="0" data-testid="rope-extension-compare-table">
                    <caption>{tr(["A (the lab's current model) and B (pinned); ≠ marks what differs", "A（本实验当前的模型）与 B（固定的模型）；≠ 标出不同之处"])}</caption>
                    <thead><tr>
                        <th scope="col"></th>
                        <th scope="col">"A"</th>
                        <th scope="col">"B"</th>
                        <th scope="col"><span class="visually-hidden">{tr(["differs", "是否不同"])}</span></th>
                    </tr></thead>
                    <tbody>
                        {move || rows().into_iter().map(|(name, a, b, differs)| view! {
                            <tr data-differs=differs.then_some("") class:differs=differs>
                                <th scope="row">{tr(name)}</th>
                                {match b {
                                    Some(b) => view! { <td>{a}</td><td>{b}</td> }.into_any(),
                                    None => view! { <td colspan="2" class="both">{a}</td> }.into_any(),
                                }}
                                <td>{differs.then(|| view! {
                                    <span aria-hidden="true">"≠"</span>
                                    <span class="visually-hidden">{tr(["differs", "不同"])}</span>
                                })}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
                <ul class="lab-legend">
                    <li>
                        <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                            <line x1="0" y1="3" x2="20" y2="3" stroke=COMPARED[0] stroke-width="3" />
                        </svg>
                        "A"
                    </li>
                    <li>
                        <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                            <line x1="0" y1="3" x2="20" y2="3" stroke=COMPARED[1] stroke-width="3" stroke-dasharray="5 3" />
                        </svg>
                        "B"
                    </li>
                    <li>
                        <svg class="swatch" viewBox="0 0 20 6" aria-hidden="true">
                            <rect class="differs" x="0" y="0" width="20" height="6" />
                        </svg>
                        {tr(["a pair whose frequencies differ", "频率不同的维度对"])}
                    </li>
                </ul>
                {CHARTS.iter().map(|(caption, testid, draw)| view! {
                    <LabFigure caption=*caption>
                        <SvgChart testid=*testid marks=Signal::derive(move || parts.with(|a, pa, b, pb, d| draw(a, pa, &b.lab, pb, d))) />
                    </LabFigure>
                }).collect_view()}
            </Show>
        </section>
    }
}

/// The lengths the wavelength chart draws: L₀ and L of each model, once where the two agree.
fn lengths(a: &Extension, b: &Extension) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for (name, x, y) in [("L₀", a.trained, b.trained), ("L", a.target, b.target)] {
        if x == y {
            out.push((format!("{name} = {x}"), x as f64));
        } else {
            out.push((format!("{name}(A) = {x}"), x as f64));
            out.push((format!("{name}(B) = {y}"), y as f64));
        }
    }
    out
}
