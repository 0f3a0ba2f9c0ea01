//! The model-path lab (in the embedding panel; its view `ui::labs::model_path`): where the
//! position signal enters the model.

use super::prelude::*;

choice! {
    /// The kind of model the model-path lab draws.
    pub enum ModelKind {
        /// The original transformer's encoder and decoder.
        EncoderDecoder = "encoder-decoder",
        /// A decoder alone, as GPT's.
        DecoderOnly = "decoder-only",
    }
}

lab_settings! {
/// The model-path lab's settings: which kind of model the diagram draws and how many sequences a batch holds (its length and width are the page's).
pub struct ModelPathSettings {
    pub kind: ModelKind = ModelKind::EncoderDecoder,
    pub batch: usize = 2,
}
}

/// The largest batch the model-path lab offers.
pub const MODEL_BATCH_MAX: usize = 64;

pub const MODEL: LabName<ModelPathSettings> = lab_name!("md_model", ModelKind, kind);
pub const BATCH: LabNumber<ModelPathSettings> = lab_number!(whole "md_batch", 1.0, MODEL_BATCH_MAX as f64, batch);

impl LabSettings for ModelPathSettings {
    const VALUES: LabValues<Self> = LabValues::new("md_", &[MODEL], &[BATCH]);
}

const TITLE: [&str; 2] = [
    "Where the position enters the model",
    "位置信息从哪里进入模型",
];

const TEXT: [&str; 2] = [
    "This lab's boxes follow one batch of B sequences of L tokens into the model: their shapes use the page's length and d_model and this lab's batch size. The position signal of this page enters once, at the bottom: one table PE of shape [L, d_model] is added to the scaled word vectors of every sequence in the batch (it has no batch dimension: position p gets the same vector in every sequence), and the sum, after dropout, is all the first layer sees. A learned position table enters at the same place. RoPE and ALiBi enter elsewhere: inside every attention layer, RoPE rotates the queries and keys and ALiBi adds its bias to the scores, and nothing is added at the bottom. Each box links to the panel that shows it.",
    "本实验的方框跟着一批数据（B 个序列，每个序列 L 个词元）走进模型：各处的形状由本页的序列长度、d_model 和本实验的批大小决定。本页讲的位置编码只在最底部进入一次：一张形状为 [L, d_model] 的位置编码表 PE 加到这批数据中每个序列缩放后的词向量上（它没有批维度：每个序列的位置 p 都得到同一个向量），两者之和经过 dropout，就是第一层看到的全部输入。可学习位置表也从这里进入。RoPE 和 ALiBi 从别处进入：在每个注意力层内部，RoPE 旋转查询和键，ALiBi 把偏置加到注意力分数上，底部什么也不加。每个方框都链接到讲解它的那一节。",
];

pub const LAB: Lab = Lab::new("lab-model-path", PanelId::Embedding, TITLE, TEXT);
