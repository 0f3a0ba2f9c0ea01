//! The training-step lab (in the extrapolation panel, after the basis lab; its view
//! `ui::labs::training_step`): one training step, fixed against learned.

use super::prelude::*;

choice! {
    /// The training-step lab's read-out layer.
    pub enum OutputLayer {
        /// A matrix of its own.
        Separate = "separate",
        /// The word table, transposed (weight tying).
        Tied = "tied",
    }
}

lab_settings! {
    /// The training-step lab's settings: the sentence's length, the learning rate, and whether the
    /// read-out shares the word table or has its own.
    pub struct TrainingSettings {
        pub length: usize = 4,
        pub lr: f64 = 0.5,
        pub output: OutputLayer = OutputLayer::Separate,
    }
}

/// The tiny model's learned table has this many rows (and the sentence at most as many tokens);
/// its words, dimensions and seed are fixed, so every setting shows the same model.
pub const TRAINING_ROWS: usize = 8;
pub const TRAINING_VOCAB: usize = 8;
pub const TRAINING_DIM: usize = 4;
pub const TRAINING_SEED: u64 = 7;

pub const OUTPUT: LabName<TrainingSettings> = lab_name!("ts_output", OutputLayer, output);
pub const LENGTH: LabNumber<TrainingSettings> = lab_number!(whole "ts_length", 1.0, TRAINING_ROWS as f64, length);
pub const LR: LabNumber<TrainingSettings> = lab_number!(real "ts_lr", 0.05, 2.0, lr);

impl LabSettings for TrainingSettings {
    const VALUES: LabValues<Self> = LabValues::new("ts_", &[OUTPUT], &[LENGTH, LR]);
}

const TITLE: [&str; 2] = [
    "One training step: what moves, what cannot",
    "单步训练：什么会变，什么变不了",
];

const TEXT: [&str; 2] = [
    "A learned position table is learned the way the word table is: by gradient descent. Here a tiny model (8 words, 4 dimensions, a learned table of 8 rows) reads one sentence of L tokens and takes one step of plain gradient descent on its cross-entropy, each parameter moving by −learning rate × its gradient. The gradient is written by hand and checked against finite differences. ⟦training-why|A row that the sentence never looks up enters no computation, so its gradient is exactly 0 and it does not move: the learned table's rows for positions L and later keep their initial random values, and so do the rows of words not in the sentence.⟧ The sinusoidal encoding has nothing to move: it is computed from the formula, not stored as a parameter. One exception shows when the read-out shares the word table (weight tying): every word's row is then also a row of the output layer and gets a gradient through the softmax. ⟦training-why|With AdamW's weight decay, every parameter also shrinks a little at each step, used or not: unused rows then drift towards 0, but still learn nothing from the data.⟧",
    "可学习位置表和嵌入表一样，靠梯度下降学习。这里有一个很小的模型（8 个词，4 维，可学习位置表 8 行）：读入一个含 L 个词元的句子，对交叉熵损失做一步普通的梯度下降，每个参数移动 −学习率 × 自身的梯度。梯度是手工推导的，并用有限差分做了检验。⟦training-why|句子没有查到的行不参与任何计算，梯度恰好为 0，因此不会移动：可学习位置表中位置 L 及以后的行保持初始的随机值，不在句子中的词对应的行也一样。⟧正弦位置编码则没有什么可动的：它由公式算出，并不作为参数存储。有一个例外：当输出层与嵌入表共享权重（权重共享）时，每个词的行同时也是输出层的一行，会通过 softmax 得到梯度。⟦training-why|若使用 AdamW 的权重衰减，每个参数每一步都会缩小一点，无论用没用到：没用到的行会慢慢趋向 0，但仍然没有从数据中学到任何东西。⟧",
];

pub const LAB: Lab = Lab::new("lab-training-step", PanelId::Extrapolation, TITLE, TEXT);
