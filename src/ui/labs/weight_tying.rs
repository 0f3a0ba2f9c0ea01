//! Lab (in the embedding panel, after the model's path): one matrix in three places, weight
//! tying. The parameters of an encoder–decoder transformer
//! with each way of sharing its vocabulary matrices (`encoding::model_shapes`).

use leptos::prelude::*;

use crate::encoding::model_shapes::{parameters, ModelSize, Tying, TRANSFORMER_BASE};
use crate::lesson::labs::weight_tying::{TyingSettings, D_MODEL, TYING, VOCAB};
use crate::lesson::Lang;
use crate::ui::context::{tr, use_lesson};

use super::parts::{LabChoice, LabSlider, Track};
use super::Linked;

/// The ways of sharing as the select and the table name them, `[English, 中文]`, in
/// `Tying::ALL`'s order.
const CHOICES: [[&str; 2]; 4] = [
    ["none", "不共享"],
    ["encoder + decoder tables", "编码器与解码器嵌入表"],
    ["decoder table + output", "解码器嵌入表与输出层"],
    ["all three", "三者共享"],
];

/// The table's column headings, `[English, 中文]`.
const COLUMNS: [[&str; 2]; 5] = [
    ["sharing", "共享方式"],
    ["matrices", "矩阵数"],
    ["their parameters (M)", "这些矩阵的参数（M）"],
    ["whole model (M)", "整个模型（M）"],
    ["their share", "所占比例"],
];

/// The check against the paper, with this lab's counts for one shared matrix of 37 000 rows
/// (`tied`), three (`untied`) and one of 41 000 rows (`fitted`), in M.
fn paper_check(lang: Lang, tied: f64, untied: f64, fitted: f64) -> String {
    match lang {
        Lang::En => format!("Check against the paper: with V = 37 000 and d_model = 512 this count gives {tied:.1} M with one matrix and {untied:.1} M with three; the paper's Table 3 says 65 M for the base model. Its rows (C), each changing one of N, d_model and d_ff, all fit one shared matrix, as here, of about 41 000 rows ({fitted:.1} M for the base model); its \"big\" row (d_model 1024 and d_ff 4096: 213 M) fits one of about 35 800 rows instead. Its text says the vocabulary has \"about 37000\" tokens, and it does not say what its counts include."),
        Lang::Zh => format!("与论文核对：取 V = 37000、d_model = 512，这里的计数在一个矩阵时为 {tied:.1} M，三个矩阵时为 {untied:.1} M；论文表 3 给出基础模型为 65 M。表 3 中 C 组的各行（每行只改变 N、d_model、d_ff 之一）都与一个约 41000 行的共享矩阵相符（与这里一样只有一个矩阵；基础模型为 {fitted:.1} M）；而它的“big”行（d_model 1024、d_ff 4096：213 M）相符的是约 35800 行的矩阵。论文正文说词表有“约 37000”个词元，但没有说明这些计数包括哪些参数。"),
    }
}

/// The chosen sharing as PyTorch lines (one shared `nn.Embedding`, assigned where it is shared).
fn code_lines(tying: Tying, vocab: u64, d_model: u64) -> String {
    let embedding = format!("nn.Embedding({vocab}, {d_model})");
    let output = format!("nn.Linear({d_model}, {vocab}, bias=False)");
    match tying {
        Tying::Untied => format!(
            "encoder_embedding = {embedding}\ndecoder_embedding = {embedding}\noutput = {output}"
        ),
        Tying::EncoderDecoder => format!(
            "shared = {embedding}\nencoder_embedding = decoder_embedding = shared\noutput = {output}"
        ),
        Tying::DecoderInputOutput => format!(
            "encoder_embedding = {embedding}\ndecoder_embedding = {embedding}\noutput = {output}\noutput.weight = decoder_embedding.weight  # both [{vocab}, {d_model}]"
        ),
        Tying::ThreeWay => format!(
            "shared = {embedding}\nencoder_embedding = decoder_embedding = shared\noutput = {output}\noutput.weight = shared.weight  # both [{vocab}, {d_model}]"
        ),
    }
}

/// In millions, one decimal: "63.1".
fn in_millions(count: u64) -> String {
    format!("{:.1}", count as f64 / 1e6)
}

#[component]
pub fn WeightTyingLab() -> impl IntoView {
    let lesson = use_lesson();
    let lab = Linked::<TyingSettings>::from_link();
    let settings = lab.settings;
    let size = Memo::new(move |_| {
        settings.with(|s| {
            let d_model = s.d_model as u64;
            ModelSize {
                vocab: s.vocab as u64,
                d_model,
                d_ff: 4 * d_model,
                layers: TRANSFORMER_BASE.layers,
            }
        })
    });
    let chosen = move || settings.with(|s| s.tying);
    let base = |vocab, tying| {
        parameters(
            ModelSize {
                vocab,
                ..TRANSFORMER_BASE
            },
            tying,
        )
        .total() as f64
            / 1e6
    };
    let (tied, untied, fitted) = (
        base(37_000, Tying::ThreeWay),
        base(37_000, Tying::Untied),
        base(41_000, Tying::ThreeWay),
    );

    view! {
        <div class="lab-controls">
            <LabChoice label=["sharing", "共享方式"] testid="weight-tying-choice" choices=&CHOICES row=lab.choice(&TYING) />
            <LabSlider label=["vocabulary size V", "词表大小 V"] testid="weight-tying-vocab" row=lab.slider(&VOCAB) track=Track::Log10
                step=0.01 />
            <LabSlider label=["d_model (this lab's; d_ff = 4·d_model, N = 6 layers a side, as in the base model)", "d_model（本实验自己的；d_ff = 4·d_model，每边 N = 6 层，同基础模型）"] testid="weight-tying-d" row=lab.slider(&D_MODEL) track=Track::Log2
                step=0.5 />
        </div>
        // The counts answer lesson step 3: masked until Reveal.
        <table class="numbers-table" data-testid="weight-tying-table" data-readout="tying-counts">
            <thead>
                <tr>
                    {(0..5).map(|c| view! { <th scope="col">{tr(COLUMNS[c])}</th> }).collect_view()}
                </tr>
            </thead>
            <tbody>
                {Tying::ALL
                    .into_iter()
                    .enumerate()
                    .map(|(i, tying)| {
                        let count = move || parameters(size.get(), tying);
                        view! {
                            <tr data-testid=format!("weight-tying-row-{i}") class:chosen=move || chosen() == tying>
                                <th scope="row">{tr(CHOICES[i])}</th>
                                <td>{tying.matrices()}</td>
                                <td data-testid=format!("weight-tying-embeddings-{i}")>{move || in_millions(count().embeddings)}</td>
                                <td data-testid=format!("weight-tying-total-{i}")>{move || in_millions(count().total())}</td>
                                <td data-testid=format!("weight-tying-share-{i}")>{move || format!("{:.0}%", 100.0 * count().embedding_share())}</td>
                            </tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
        <dl class="numbers">
            <dt>{tr(["saved by the chosen sharing, against none", "所选共享方式比不共享节省"])}</dt>
            <dd data-testid="weight-tying-saved" data-readout="tying-counts">{move || {
                let s = size.get();
                let saved = 3 - chosen().matrices();
                format!("{} M = {saved} × {} × {}", in_millions(saved * s.vocab * s.d_model), s.vocab, s.d_model)
            }}</dd>
        </dl>
        <p class="note" data-testid="weight-tying-paper" data-readout="tying-counts">{move || paper_check(lesson.lang.get(), tied, untied, fitted)}</p>
        <p class="note" data-testid="weight-tying-scale">{tr([
            "A reading of √d_model, not the paper's (it gives no reason for the factor): when the table is also the output layer, its entries are kept small (the authors' code draws them from N(0, 1/d_model), rows of length about 1), so that the first scores over the vocabulary are small. A row that small would be drowned by PE, whose length is √(d_model/2); multiplied by √d_model it has length about √d_model, as loud as PE. An untied input table could simply start larger; a tied one cannot, and the factor does it instead.",
            "关于 √d_model 的一种解读（论文没有说明这个因子的理由）：当嵌入表同时也是输出层时，它的分量要保持很小（作者的代码从 N(0, 1/d_model) 中采样，每行长度约为 1），这样训练开始时输出层给词表中各词的分数才小。这么小的行会被长度为 √(d_model/2) 的位置编码淹没；乘以 √d_model 之后长度约为 √d_model，与位置编码相当。不共享的输入嵌入表可以直接初始化得大一些；共享的不行，于是改由这个因子来做。",
        ])}</p>
        <p>{tr(["The chosen sharing in PyTorch:", "所选共享方式的 PyTorch 写法："])}</p>
        <pre class="lab-code" data-testid="weight-tying-code">{move || {
            let s = size.get();
            code_lines(chosen(), s.vocab, s.d_model)
        }}</pre>
    }
}
