//! Lab (in the embedding panel, after the model's path): one matrix in three places, weight
//! tying (issue 18, item 8; seed 003, §5). The parameters of an encoder–decoder transformer
//! with each way of sharing its vocabulary matrices (`encoding::model_shapes`).

use leptos::prelude::*;

use crate::encoding::model_shapes::{parameters, ModelSize, Tying, TRANSFORMER_BASE};
use crate::lesson::lab_query::{read_weight_tying, weight_tying_pairs, WEIGHT_TYING_PREFIX};
use crate::ui::context::use_lesson;

use super::parts::{in_language, term_text, LabChoice, LabSlider, LinkProblems, Sliders, Track};

pub const TITLE: [&str; 2] = [
    "One matrix in three places: weight tying",
    "一个矩阵用在三处：权重共享",
];

pub const TEXT: [&str; 2] = [
    "An encoder–decoder transformer has three matrices the size of its vocabulary: the encoder's embedding table, the decoder's embedding table, and the output layer that turns the decoder's last vectors into a score for every token. All three are V × d_model (PyTorch's nn.Linear(d_model, V) stores its weight as [V, d_model], the embedding's shape), so they can be one matrix. The encoder and decoder can share their tables when both languages use one vocabulary; the decoder's output layer can reuse its input table; or all three can be one, as in the original transformer (§3.4: \"we share the same weight matrix between the two embedding layers and the pre-softmax linear transformation\"). Press and Wolf (2017), whom the paper cites for it, found that tying reduces translation models to less than half their size without harming them. Sharing changes only these matrices: the layers keep every parameter. Move V and d_model: the table counts each way.",
    "编码器–解码器 Transformer 有三个与词表一样大的矩阵：编码器的嵌入表、解码器的嵌入表，以及把解码器最后输出的向量变成每个词元分数的输出层。三者都是 V × d_model（PyTorch 的 nn.Linear(d_model, V) 把权重存为 [V, d_model]，正是嵌入表的形状），所以可以合用同一个矩阵。两种语言使用同一个词表时，编码器和解码器可以共享嵌入表；解码器的输出层可以复用它的输入嵌入表；也可以三者合一，原始 Transformer 就是这样做的（§3.4：“我们在两个嵌入层和 softmax 之前的线性映射之间共享同一个权重矩阵”）。该论文在此引用的 Press 和 Wolf（2017）发现，权重共享能把翻译模型缩小到原来的一半以下而不损害效果。共享只改变这几个矩阵：各层的参数一个不少。移动 V 和 d_model，表中列出每种方式的参数量。",
];

const SCALE_NOTE: [&str; 2] = [
    "A reading of √d_model, not the paper's (it gives no reason for the factor): when the table is also the output layer, its entries are kept small (the authors' code draws them from N(0, 1/d_model), rows of length about 1), so that the first scores over the vocabulary are small. A row that small would be drowned by PE, whose length is √(d_model/2); multiplied by √d_model it has length about √d_model, as loud as PE. An untied input table could simply start larger; a tied one cannot, and the factor does it instead.",
    "关于 √d_model 的一种解读（论文没有说明这个因子的理由）：当嵌入表同时也是输出层时，它的分量要保持很小（作者的代码从 N(0, 1/d_model) 中采样，每行长度约为 1），这样训练开始时输出层给词表中各词的分数才小。这么小的行会被长度为 √(d_model/2) 的位置编码淹没；乘以 √d_model 之后长度约为 √d_model，与位置编码相当。不共享的输入嵌入表可以直接初始化得大一些；共享的不行，于是改由这个因子来做。",
];

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

/// The lab's other words, per language.
struct Words {
    tying: &'static str,
    vocab: &'static str,
    d_model: &'static str,
    saved: &'static str,
    paper: fn(f64, f64, f64) -> String,
    code: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        tying: "sharing",
        vocab: "vocabulary size V",
        d_model:
            "d_model (this lab's; d_ff = 4·d_model, N = 6 layers a side, as in the base model)",
        saved: "saved by the chosen sharing, against none",
        paper: |tied, untied, fitted| {
            format!("Check against the paper: with V = 37 000 and d_model = 512 this count gives {tied:.1} M with one matrix and {untied:.1} M with three; the paper's Table 3 says 65 M for the base model. Its rows (other N, d_model and d_ff) all fit one shared matrix, as here, of about 41 000 rows ({fitted:.1} M for the base model): its text says the vocabulary has \"about 37000\" tokens, and it does not say what its count includes.")
        },
        code: "The chosen sharing in PyTorch:",
    },
    Words {
        tying: "共享方式",
        vocab: "词表大小 V",
        d_model: "d_model（本实验自己的；d_ff = 4·d_model，每边 N = 6 层，同基础模型）",
        saved: "所选共享方式比不共享节省",
        paper: |tied, untied, fitted| {
            format!("与论文核对：取 V = 37000、d_model = 512，这里的计数在一个矩阵时为 {tied:.1} M，三个矩阵时为 {untied:.1} M；论文表 3 给出基础模型为 65 M。表 3 的各行（N、d_model 和 d_ff 取不同的值）都与一个约 41000 行的共享矩阵相符（与这里一样只有一个矩阵；基础模型为 {fitted:.1} M）：论文正文说词表有“约 37000”个词元，也没有说明它的计数包括哪些参数。")
        },
        code: "所选共享方式的 PyTorch 写法：",
    },
];

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
    let language = move || lesson.lang.get().index();
    let words = move || &WORDS[language()];
    let word = move |pick: fn(&Words) -> &'static str| Signal::derive(move || pick(words()));

    let (settings, link_problems) =
        super::linked_settings(WEIGHT_TYING_PREFIX, read_weight_tying, weight_tying_pairs);
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
    let chosen = move || Tying::ALL[settings.with(|s| s.tying).min(3)];
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
    let paper_check = (
        base(37_000, Tying::ThreeWay),
        base(37_000, Tying::Untied),
        base(41_000, Tying::ThreeWay),
    );
    let sliders = Sliders::of(settings);

    view! {
        <h3 id="lab-weight-tying" data-testid="weight-tying-title">{in_language(TITLE)}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="weight-tying-link-problems" />
        <div class="lab-controls">
            <LabChoice label=word(|w| w.tying) testid="weight-tying-choice" choices=&CHOICES
                value=Signal::derive(move || settings.with(|s| s.tying)) set=Callback::new(move |i| settings.update(|s| s.tying = i)) />
            <LabSlider label=word(|w| w.vocab) testid="weight-tying-vocab" min=3.0 max=256_000f64.log10() step=0.01 track=Track::Log10
                value=sliders.get(|s| s.vocab) set=Callback::new(move |v: f64| settings.update(|s| s.vocab = v.round().clamp(1_000.0, 256_000.0))) />
            <LabSlider label=word(|w| w.d_model) testid="weight-tying-d" min=6.0 max=13.0 step=0.5 track=Track::Log2
                value=sliders.get(|s| s.d_model) set=Callback::new(move |v: f64| settings.update(|s| s.d_model = v.clamp(64.0, 8_192.0))) />
        </div>
        // The counts answer lesson step 3: masked until Reveal.
        <table class="numbers-table" data-testid="weight-tying-table" data-readout="tying-counts">
            <thead>
                <tr>
                    {(0..5).map(|c| view! { <th scope="col">{in_language(COLUMNS[c])}</th> }).collect_view()}
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
                                <th scope="row">{in_language(CHOICES[i])}</th>
                                <td>{tying.matrices()}</td>
                                <td data-testid=format!("weight-tying-embeddings-{i}")>{move || in_millions(count().embeddings)}</td>
                                <td data-testid=format!("weight-tying-total-{i}")>{move || in_millions(count().total())}</td>
                                <td data-testid=format!("weight-tying-share-{i}")>{move || format!("{:.0} %", 100.0 * count().embedding_share())}</td>
                            </tr>
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
        <dl class="numbers">
            <dt>{word(|w| w.saved)}</dt>
            <dd data-testid="weight-tying-saved" data-readout="tying-counts">{move || {
                let s = size.get();
                let saved = 3 - chosen().matrices();
                format!("{} M = {saved} × {} × {}", in_millions(saved * s.vocab * s.d_model), s.vocab, s.d_model)
            }}</dd>
        </dl>
        <p class="note" data-testid="weight-tying-paper" data-readout="tying-counts">{move || (words().paper)(paper_check.0, paper_check.1, paper_check.2)}</p>
        <p class="note" data-testid="weight-tying-scale">{in_language(SCALE_NOTE)}</p>
        <p>{word(|w| w.code)}</p>
        <pre class="lab-code" data-testid="weight-tying-code">{move || {
            let s = size.get();
            code_lines(chosen(), s.vocab, s.d_model)
        }}</pre>
    }
}
