//! The weight-tying lab (in the embedding panel, after the model's path; its view
//! `ui::labs::weight_tying`): one matrix in three places.

use super::prelude::*;
use crate::encoding::model_shapes::Tying;

impl Choice for Tying {
    const ALL: &'static [Self] = &Tying::ALL;
    const NAMES: &'static [&'static str] =
        &["untied", "encoder-decoder", "decoder-output", "three-way"];
}

lab_settings! {
    /// The weight-tying lab's settings: which matrices share one weight,
    /// the vocabulary size and the lab's own d_model (real models are wider than the page's).
    pub struct TyingSettings {
        pub tying: Tying = Tying::ThreeWay,
        pub vocab: f64 = 37_000.0,
        pub d_model: f64 = 512.0,
    }
}

pub const TYING: LabName<TyingSettings> = lab_name!("wt_tying", Tying, tying);
pub const VOCAB: LabNumber<TyingSettings> =
    lab_number!(rounded "wt_vocab", 1_000.0, 256_000.0, vocab);
pub const D_MODEL: LabNumber<TyingSettings> = lab_number!(rounded "wt_d", 64.0, 8_192.0, d_model);

impl LabSettings for TyingSettings {
    const VALUES: LabValues<Self> = LabValues::new("wt_", &[TYING], &[VOCAB, D_MODEL]);
}

const TITLE: [&str; 2] = [
    "One matrix in three places: weight tying",
    "一个矩阵用在三处：权重共享",
];

const TEXT: [&str; 2] = [
    "An encoder–decoder transformer has three matrices the size of its vocabulary: the encoder's embedding table, the decoder's embedding table, and the output layer that turns the decoder's last vectors into a score for every token. All three are V × d_model (PyTorch's nn.Linear(d_model, V) stores its weight as [V, d_model], the embedding's shape), so they can be one matrix. The encoder and decoder can share their tables when both languages use one vocabulary; the decoder's output layer can reuse its input table; or all three can be one, as in the original transformer (§3.4: \"we share the same weight matrix between the two embedding layers and the pre-softmax linear transformation\"). Press and Wolf (2017), whom the paper cites for it, found that tying reduces translation models to less than half their size without harming them. Sharing changes only these matrices: the layers keep every parameter. Move V and d_model: the table counts each way.",
    "编码器–解码器 Transformer 有三个行数等于词表大小的矩阵：编码器的嵌入表、解码器的嵌入表，以及把解码器最后输出的向量变成每个词元分数的输出层。三者都是 V × d_model（PyTorch 的 nn.Linear(d_model, V) 把权重存为 [V, d_model]，正是嵌入表的形状），所以可以合用同一个矩阵。两种语言使用同一个词表时，编码器和解码器可以共享嵌入表；解码器的输出层可以复用它的输入嵌入表；也可以三者合一，原始 Transformer 就是这样做的（§3.4：“我们在两个嵌入层和 softmax 之前的线性映射之间共享同一个权重矩阵”）。该论文在此引用的 Press 和 Wolf（2017）发现，权重共享能把翻译模型缩小到原来的一半以下而不损害效果。共享只改变这几个矩阵：各层的参数一个不少。移动 V 和 d_model，表中列出每种方式的参数量。",
];

pub const LAB: Lab = Lab::new("lab-weight-tying", PanelId::Embedding, TITLE, TEXT);
