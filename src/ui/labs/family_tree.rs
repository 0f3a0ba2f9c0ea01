//! Lab (in the ALiBi panel, heading the family's labs): the family tree of position schemes.
//! One row per scheme: where the position enters, what is learned for it,
//! what happens past the training length, one model that uses it, and where the page shows it.
//! Every fact is cited in docs/sources.md.

use leptos::prelude::*;

use crate::lesson::labs::LabId;
use crate::ui::context::{tr, use_lesson};

use super::parts::CsvExport;

const COLUMNS: [[&str; 2]; 6] = [
    ["scheme", "方案"],
    ["where the position enters", "位置从哪里进入"],
    ["what is learned for it", "需要学习什么"],
    ["past the training length", "超过训练长度时"],
    ["one model that uses it", "采用它的一个模型"],
    ["try it", "试一试"],
];

/// One scheme: its group, name, the four facts per language, and the anchor it links to.
struct Scheme {
    group: [&'static str; 2],
    name: [&'static str; 2],
    enters: [&'static str; 2],
    learned: [&'static str; 2],
    beyond: [&'static str; 2],
    model: [&'static str; 2],
    /// Where the page shows it; `None` for a scheme no panel or lab draws.
    anchor: Option<&'static str>,
}

const ABSOLUTE: [&str; 2] = ["absolute, in the input", "绝对：在输入处"];
const ADDED: [&str; 2] = ["relative, added to the score", "相对：加到分数上"];
const ROTATED: [&str; 2] = ["relative, by rotation", "相对：通过旋转"];
const NONE: [&str; 2] = ["none", "无"];
const NOTHING: [&str; 2] = ["nothing (a formula)", "无（一个公式）"];

const SCHEMES: [Scheme; 10] = [
    Scheme {
        group: ABSOLUTE,
        name: [
            "sinusoidal (Vaswani et al. 2017)",
            "正弦位置编码：Vaswani 等（2017）",
        ],
        enters: [
            "added to the word vectors",
            "加到词向量上",
        ],
        learned: NOTHING,
        beyond: [
            "defined at every position; the authors hoped it \"may allow the model to extrapolate\"",
            "在任何位置都有定义；作者希望它“可能让模型外推”",
        ],
        model: [
            "the original Transformer",
            "原始 Transformer",
        ],
        anchor: Some("heatmap"),
    },
    Scheme {
        group: ABSOLUTE,
        name: [
            "learned table",
            "可学习位置表",
        ],
        enters: [
            "added to the word vectors",
            "加到词向量上",
        ],
        learned: [
            "one vector per position",
            "每个位置一个向量",
        ],
        beyond: [
            "no row for a position past the table",
            "超出表长的位置没有对应的行",
        ],
        model: ["GPT-2, BERT", "GPT-2、BERT"],
        anchor: Some("extrapolation"),
    },
    Scheme {
        group: ADDED,
        name: [
            "Shaw et al. 2018",
            "Shaw 等（2018）",
        ],
        enters: [
            "the score (added to the key) and the value",
            "分数（加到键上）和值",
        ],
        learned: [
            "2k + 1 vectors, for the offsets −k … k",
            "2k + 1 个向量，对应偏移量 −k … k",
        ],
        beyond: [
            "offsets past ±k share the end vectors",
            "超过 ±k 的偏移量共用两端的向量",
        ],
        model: [
            "the paper's translation models",
            "论文中的翻译模型",
        ],
        anchor: Some("lab-relative-bias"),
    },
    Scheme {
        group: ADDED,
        name: [
            "Transformer-XL (Dai et al. 2019)",
            "Transformer-XL：Dai 等（2019）",
        ],
        enters: [
            "the score: a sinusoid of the offset, projected, and two global vectors",
            "分数：按正弦公式编码的偏移量经过投影，再加两个全局向量",
        ],
        learned: [
            "the projection W_R and the vectors u, v",
            "投影 W_R 与向量 u、v",
        ],
        beyond: [
            "the sinusoid is defined at every offset",
            "正弦公式在任何偏移量处都有定义",
        ],
        model: ["Transformer-XL", "Transformer-XL"],
        // The relative-bias lab draws Shaw's and T5's terms, not Transformer-XL's u, v and W_R.
        anchor: None,
    },
    Scheme {
        group: ADDED,
        name: [
            "T5 buckets (Raffel et al. 2020)",
            "T5 分桶：Raffel 等（2020）",
        ],
        enters: [
            "the score: one number per bucket of offsets",
            "分数：每个偏移量桶一个数",
        ],
        learned: [
            "num_buckets numbers per head",
            "每个头 num_buckets 个数",
        ],
        beyond: [
            "the farthest distances share the last bucket (in T5's encoder from 91, before max_distance = 128)",
            "最远的距离共用最后一个桶（T5 编码器中从 91 起，早于 max_distance = 128）",
        ],
        model: ["T5", "T5"],
        anchor: Some("lab-relative-bias"),
    },
    Scheme {
        group: ADDED,
        name: [
            "ALiBi (Press et al. 2022)",
            "ALiBi：Press 等（2022）",
        ],
        enters: [
            "the score: −slope × distance",
            "分数：−斜率 × 距离",
        ],
        learned: [
            "nothing (fixed slopes per head)",
            "无（每个头固定的斜率）",
        ],
        beyond: [
            "the line goes on; the paper's title: \"Train Short, Test Long\"",
            "直线继续延伸；论文标题即《Train Short, Test Long》",
        ],
        model: ["BLOOM", "BLOOM"],
        anchor: Some("alibi"),
    },
    Scheme {
        group: ROTATED,
        name: [
            "RoPE (Su et al. 2021)",
            "RoPE：Su 等（2021）",
        ],
        enters: [
            "the query and the key, rotated in every layer",
            "查询和键，每一层都旋转",
        ],
        learned: NOTHING,
        beyond: [
            "slow pairs reach angles never seen in training; scaling methods stretch them",
            "低频维度对会转到训练中没见过的角度；各种缩放方法拉伸的就是它们",
        ],
        model: ["Llama", "Llama"],
        anchor: Some("lab-rope-extension"),
    },
    Scheme {
        group: ROTATED,
        name: [
            "xPos (Sun et al. 2022)",
            "xPos：Sun 等（2022）",
        ],
        enters: [
            "the query and the key, rotated and scaled",
            "查询和键，旋转并缩放",
        ],
        learned: NOTHING,
        beyond: [
            "a decay per pair, designed for longer texts (\"A Length-Extrapolatable Transformer\")",
            "每一对都带衰减，专为更长的文本设计（《A Length-Extrapolatable Transformer》）",
        ],
        model: [
            "the paper's LeX Transformer",
            "论文中的 LeX Transformer",
        ],
        anchor: Some("lab-xpos"),
    },
    Scheme {
        group: ROTATED,
        name: [
            "2-D RoPE, M-RoPE (images)",
            "二维 RoPE、M-RoPE（图像）",
        ],
        enters: [
            "the query and the key, rotated by row and by column",
            "查询和键，按行和按列旋转",
        ],
        learned: NOTHING,
        beyond: [
            "as RoPE, on each axis",
            "每个方向上都与 RoPE 相同",
        ],
        model: ["Qwen2-VL", "Qwen2-VL"],
        anchor: Some("lab-rope-2d"),
    },
    Scheme {
        group: NONE,
        name: ["NoPE", "NoPE"],
        enters: [
            "nowhere: the causal mask alone",
            "哪里都不进入：只靠因果掩码",
        ],
        learned: [
            "nothing",
            "无",
        ],
        beyond: [
            "nothing to run out of; Kazemnejad et al. 2023 found it generalised to longer inputs best in their experiments",
            "没有什么会用尽；Kazemnejad 等（2023）在实验中发现，它对更长输入的泛化最好",
        ],
        model: [
            "Llama 4, in one layer of four (its configuration's default)",
            "Llama 4，每四层中有一层（其配置的默认值）",
        ],
        anchor: Some("lab-nope"),
    },
];

/// A CSV field: quoted, its quotes doubled (RFC 4180).
fn field(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[component]
pub fn FamilyTreeLab() -> impl IntoView {
    let lesson = use_lesson();
    let labs = super::labs_state();
    let rows = Callback::new(move |_| {
        let lang = lesson.lang.get_untracked();
        let mut csv = [
            COLUMNS[0],
            ["group", "分组"],
            COLUMNS[1],
            COLUMNS[2],
            COLUMNS[3],
            COLUMNS[4],
        ]
        .map(|c| field(lang.pick(c)))
        .join(",");
        csv.push('\n');
        for s in &SCHEMES {
            let cells =
                [s.name, s.group, s.enters, s.learned, s.beyond, s.model].map(|c| field(lang.pick(c)));
            csv.push_str(&cells.join(","));
            csv.push('\n');
        }
        csv
    });
    view! {
        <table class="numbers-table family-tree" data-testid="family-tree-table">
                <thead>
                    <tr>{COLUMNS.iter().map(|c| view! { <th scope="col">{tr(*c)}</th> }).collect_view()}</tr>
                </thead>
                {[ABSOLUTE, ADDED, ROTATED, NONE]
                    .into_iter()
                    .map(|group| view! {
                        <tbody>
                            <tr class="family-group"><th scope="rowgroup" colspan="6">{tr(group)}</th></tr>
                            {SCHEMES
                                .iter()
                                .filter(|s| s.group == group)
                                .map(|s| view! {
                                    <tr>
                                        <th scope="row">{tr(s.name)}</th>
                                        // On a phone each row is a card, each cell under its column's name.
                                        <td data-label=tr(COLUMNS[1])>{tr(s.enters)}</td>
                                        <td data-label=tr(COLUMNS[2])>{tr(s.learned)}</td>
                                        <td data-label=tr(COLUMNS[3])>{tr(s.beyond)}</td>
                                        <td data-label=tr(COLUMNS[4])>{tr(s.model)}</td>
                                        <td>
                                            {match s.anchor {
                                                Some(anchor) => view! {
                                                    <a href=super::course_href(anchor, lesson) on:click=move |_| {
                                                        if let Some(lab) = LabId::from_anchor(anchor) {
                                                            super::draw_lab(lab, labs);
                                                        }
                                                    }>
                                                        {tr(["show", "查看"])}
                                                    </a>
                                                }
                                                .into_any(),
                                                None => tr(["not drawn on this page", "本页未演示"]).into_any(),
                                            }}
                                        </td>
                                    </tr>
                                })
                                .collect_view()}
                        </tbody>
                    })
                    .collect_view()}
            </table>
        <CsvExport testid="family-tree-csv" file=Signal::derive(|| "position-schemes.csv".to_string()) rows=rows />
    }
}
