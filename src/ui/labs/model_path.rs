//! Lab (in the embedding panel): where the position signal enters the model.
//! The input path of an encoder–decoder or a decoder-only transformer, box by box,
//! with the shapes the page's length and d_model and the lab's batch give
//! (`encoding::model_shapes`); each box links to the panel that shows it.

use leptos::prelude::*;

use crate::encoding::model_shapes::{input_shapes, shape_text, InputShapes, TRANSFORMER_BASE};
use crate::lesson::labs::model_path::{ModelKind, ModelPathSettings, BATCH, MODEL};
use crate::ui::context::{tr, use_lesson};

use super::parts::{short, LabChoice, LabSlider, Track};
use super::Linked;

/// One box of the diagram: its name and note per language, the shape it prints, the panels it
/// links to (anchor, link text per language), and whether it is where position enters.
struct Stage {
    name: [&'static str; 2],
    note: [&'static str; 2],
    shape: fn(&InputShapes) -> String,
    links: &'static [(&'static str, [&'static str; 2])],
    position: bool,
}

const NO_LINKS: &[(&str, [&str; 2])] = &[];
const WHY_ORDER: &[(&str, [&str; 2])] = &[(
    "word-order",
    ["why order must be added", "为什么必须加入顺序"],
)];
const SEQUENCES: [&str; 2] = ["B sequences of L tokens", "B 个序列，每个 L 个词元"];

fn ids(s: &InputShapes) -> String {
    shape_text(&s.ids)
}
fn lookup(s: &InputShapes) -> String {
    format!("{} → {}", shape_text(&s.table), shape_text(&s.vectors))
}
fn vectors(s: &InputShapes) -> String {
    shape_text(&s.vectors)
}
fn encoding(s: &InputShapes) -> String {
    format!(
        "{} + {} → {}",
        shape_text(&s.vectors),
        shape_text(&s.encoding),
        shape_text(&s.vectors)
    )
}
fn logits(s: &InputShapes) -> String {
    shape_text(&s.logits)
}

const EMBEDDING: Stage = Stage {
    name: [
        "embedding table: the row of each token id",
        "嵌入表：按词元编号取出一行",
    ],
    note: [
        "[V, d_model], one row per id; V = 37 000 here, about the original transformer's vocabulary",
        "[V, d_model]，每个编号一行；这里 V = 37000，约为原始 Transformer 的词表大小",
    ],
    shape: lookup,
    links: &[("embedding", ["the input path", "输入路径"])],
    position: false,
};
const SCALE: Stage = Stage {
    name: ["× √d_model", "× √d_model"],
    note: [
        "as in the original transformer (§3.4); not every model scales",
        "原始 Transformer 的做法（§3.4）；并非每个模型都这样缩放",
    ],
    shape: vectors,
    links: &[("add-concat", ["why √d_model", "为什么乘 √d_model"])],
    position: false,
};
const ADD_ENCODING: Stage = Stage {
    name: ["+ PE: the position enters here", "+ PE：位置从这里进入"],
    note: [
        "one table [L, d_model], added to every sequence of the batch; a learned table is added here too",
        "一张 [L, d_model] 的表，加到这批数据的每个序列上；可学习位置表也加在这里",
    ],
    shape: encoding,
    links: &[
        ("heatmap", ["the table", "整张表"]),
        ("extrapolation", ["learned tables", "可学习位置表"]),
    ],
    position: true,
};
const DROPOUT: Stage = Stage {
    name: ["dropout", "dropout"],
    note: [
        "on the sum, P_drop = 0.1 in the base model (§5.4)",
        "作用于两者之和，基础模型中 P_drop = 0.1（§5.4）",
    ],
    shape: vectors,
    links: NO_LINKS,
    position: false,
};
const ATTENTION_LINKS: &[(&str, [&str; 2])] = &[
    (
        "dot-product",
        ["what attention sees of PE", "注意力能从 PE 中看到什么"],
    ),
    (
        "rope",
        ["RoPE: rotates q and k here", "RoPE：在这里旋转 q 和 k"],
    ),
    (
        "alibi",
        ["ALiBi: adds to the scores here", "ALiBi：在这里加到分数上"],
    ),
];
const OUTPUT: Stage = Stage {
    name: [
        "linear to the vocabulary, then softmax",
        "线性层映射到词表，再做 softmax",
    ],
    note: [
        "its weight may be the embedding table itself (weight tying: the lab \"One matrix in three places\")",
        "它的权重可以直接用嵌入表本身（权重共享，见实验“一个矩阵用在三处”）",
    ],
    shape: logits,
    links: NO_LINKS,
    position: false,
};

const ENCODER: [Stage; 6] = [
    Stage {
        name: ["source token ids", "源序列的词元编号"],
        note: SEQUENCES,
        shape: ids,
        links: WHY_ORDER,
        position: false,
    },
    EMBEDDING,
    SCALE,
    ADD_ENCODING,
    DROPOUT,
    Stage {
        name: [
            "N encoder layers: self-attention and feed-forward",
            "N 个编码器层：自注意力和前馈网络",
        ],
        note: [
            "every position attends to every other; the shape stays",
            "每个位置关注所有位置；形状不变",
        ],
        shape: vectors,
        links: ATTENTION_LINKS,
        position: false,
    },
];

const DECODER: [Stage; 7] = [
    Stage {
        name: [
            "target token ids, shifted right",
            "目标序列的词元编号，右移一位",
        ],
        note: [
            "here L tokens too (the two lengths may differ)",
            "这里也是 L 个词元（两边长度可以不同）",
        ],
        shape: ids,
        links: NO_LINKS,
        position: false,
    },
    EMBEDDING,
    SCALE,
    ADD_ENCODING,
    DROPOUT,
    Stage {
        name: [
            "N decoder layers: masked self-attention, attention to the encoder, feed-forward",
            "N 个解码器层：带掩码的自注意力、对编码器输出的注意力、前馈网络",
        ],
        note: [
            "a position attends only to itself and earlier ones",
            "每个位置只关注自己和之前的位置",
        ],
        shape: vectors,
        links: ATTENTION_LINKS,
        position: false,
    },
    OUTPUT,
];

const DECODER_ONLY: [Stage; 7] = [
    Stage {
        name: ["token ids", "词元编号"],
        note: SEQUENCES,
        shape: ids,
        links: WHY_ORDER,
        position: false,
    },
    EMBEDDING,
    SCALE,
    ADD_ENCODING,
    DROPOUT,
    Stage {
        name: [
            "N decoder layers: masked self-attention and feed-forward",
            "N 个解码器层：带掩码的自注意力和前馈网络",
        ],
        note: [
            "no encoder to attend to; a position attends only to itself and earlier ones",
            "没有编码器可供关注；每个位置只关注自己和之前的位置",
        ],
        shape: vectors,
        links: ATTENTION_LINKS,
        position: false,
    },
    OUTPUT,
];

/// The kinds of model the diagram draws, `[English, 中文]`.
const KINDS: [[&str; 2]; 2] = [
    ["encoder–decoder", "编码器–解码器"],
    ["decoder-only", "仅解码器"],
];

const ENCODER_LABEL: [&str; 2] = ["encoder", "编码器"];
const DECODER_LABEL: [&str; 2] = ["decoder", "解码器"];
/// One column of boxes.
fn column(
    stages: &'static [Stage],
    side: &'static str,
    shapes: Memo<InputShapes>,
) -> impl IntoView {
    let lesson = use_lesson();
    view! {
        <ol class="model-path" data-testid=format!("model-path-{side}")>
            {stages
                .iter()
                .enumerate()
                .map(|(n, stage)| view! {
                    <li class="model-box" class:position=stage.position data-testid=format!("model-box-{side}-{n}")>
                        <strong>{tr(stage.name)}</strong>
                        <code data-testid=format!("model-shape-{side}-{n}")>{move || (stage.shape)(&shapes.get())}</code>
                        <small>{tr(stage.note)}</small>
                        {stage
                            .links
                            .iter()
                            .map(|(anchor, text)| view! {
                                <a href=super::course_href(anchor, lesson)>{tr(*text)}</a>
                            })
                            .collect_view()}
                    </li>
                })
                .collect_view()}
        </ol>
    }
}

#[component]
pub fn ModelPathLab() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let lab = Linked::<ModelPathSettings>::from_link();
    let settings = lab.settings;
    let shapes = Memo::new(move |_| {
        let batch = settings.with(|s| s.batch);
        let vocab = TRANSFORMER_BASE.vocab as usize;
        params.with(|p| input_shapes(batch, p.length, p.d_model, vocab))
    });
    let kind = move || settings.with(|s| s.kind);
    let count = |shape: &[usize]| short(shape.iter().product::<usize>() as f64);

    view! {
        <div class="lab-controls">
            <LabChoice label=["model", "模型"] testid="model-path-kind" choices=&KINDS row=lab.choice(&MODEL) />
            <LabSlider label=["batch size B", "批大小 B"] testid="model-path-batch" row=lab.slider(&BATCH) track=Track::Linear step=1.0 />
        </div>
        <dl class="numbers">
            <dt>{tr(["numbers in the encoding table [L, d_model]", "位置编码表 [L, d_model] 中数的个数"])}</dt>
            <dd data-testid="model-path-encoding-count">{move || count(&shapes.get().encoding)}</dd>
            <dt>{tr(["numbers in the batch's sum [B, L, d_model]", "这批数据相加之和 [B, L, d_model] 中数的个数"])}</dt>
            <dd data-testid="model-path-sum-count">{move || count(&shapes.get().vectors)}</dd>
        </dl>
        <div class="model-columns">
            <Show
                when=move || kind() == ModelKind::EncoderDecoder
                fallback=move || column(&DECODER_ONLY, "decoder-only", shapes)
            >
                <section aria-label=tr(ENCODER_LABEL)>
                    <h4>{tr(ENCODER_LABEL)}</h4>
                    {column(&ENCODER, "encoder", shapes)}
                </section>
                <section aria-label=tr(DECODER_LABEL)>
                    <h4>{tr(DECODER_LABEL)}</h4>
                    {column(&DECODER, "decoder", shapes)}
                </section>
            </Show>
        </div>
    }
}
