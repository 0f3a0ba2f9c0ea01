//! The training lab (in the extrapolation panel, after the training step; its view
//! `ui::labs::train`, its worker `src/bin/trainer.rs`): train a tiny transformer yourself.
//! Its settings here, and the messages its view and its worker exchange in `protocol`.

mod protocol;

pub use protocol::{RunSnapshot, Snapshot, WorkerCommand};

use super::prelude::*;
use crate::encoding::tiny_transformer::{PositionScheme, Task, TinyConfig};

choice! {
    /// The training lab's task (the core's `Task`, without its k or j, which is the settings').
    pub enum TrainTask {
        /// Copy the token k places back.
        CopyBack = "copy-back",
        /// Output the token at position j.
        TokenAt = "token-at",
        /// Reverse the sequence.
        Reverse = "reverse",
        /// Count how often token 0 occurs.
        Count = "count",
    }
}

impl Choice for PositionScheme {
    const ALL: &'static [Self] = &PositionScheme::ALL;
    const NAMES: &'static [&'static str] = &["none", "learned", "sinusoidal", "rope", "alibi"];
}

lab_settings! {
    /// The training lab's settings: the task and its k or j, the two
    /// schemes trained side by side, the model's sizes, Adam's learning rate, the steps and the seed.
    pub struct TrainSettings {
        pub task: TrainTask = TrainTask::CopyBack,
        /// k for copying k back, j for the token at j.
        pub offset: usize = 2,
        pub schemes: [PositionScheme; 2] = [PositionScheme::Learned, PositionScheme::Rope],
        pub length: usize = 12,
        pub d_model: usize = 16,
        pub heads: usize = 2,
        pub lr: f64 = 0.01,
        pub steps: usize = 300,
        pub seed: u64 = 1,
    }
}

impl TrainSettings {
    pub fn task(&self) -> Task {
        match self.task {
            TrainTask::CopyBack => Task::CopyBack(self.offset),
            TrainTask::TokenAt => Task::TokenAt(self.offset),
            TrainTask::Reverse => Task::Reverse,
            TrainTask::Count => Task::Count,
        }
    }

    /// The model trained with scheme `which` (0 or 1): 8 tokens, a table of twice the length
    /// (so the views can ask for twice the training length), the causal mask except where the
    /// task needs the whole sequence (`TinyConfig::lab_default`'s rule).
    pub fn config(&self, which: usize) -> TinyConfig {
        let scheme = self.schemes[which.min(1)];
        TinyConfig {
            length: self.length,
            table_rows: 2 * self.length,
            d_model: self.d_model,
            heads: self.heads,
            ..TinyConfig::lab_default(scheme, self.task())
        }
    }
}

/// The longest training sequence the lab offers (its views ask for twice it).
pub const TRAIN_LENGTH_MAX: usize = 32;

pub const TASK: LabName<TrainSettings> = lab_name!("tr_task", TrainTask, task);
pub const SCHEME_A: LabName<TrainSettings> = lab_name!("tr_a", PositionScheme, schemes[0]);
pub const SCHEME_B: LabName<TrainSettings> = lab_name!("tr_b", PositionScheme, schemes[1]);
/// Inside the sequence (`fix`).
pub const OFFSET: LabNumber<TrainSettings> = lab_number!(whole "tr_k", 0.0, (TRAIN_LENGTH_MAX - 1) as f64, offset);
pub const LENGTH: LabNumber<TrainSettings> = lab_number!(whole "tr_length", 4.0, TRAIN_LENGTH_MAX as f64, length);
pub const D_MODEL: LabNumber<TrainSettings> = lab_number!(whole "tr_d", 4.0, 64.0, d_model);
pub const HEADS: LabNumber<TrainSettings> = lab_number!(whole "tr_heads", 1.0, 2.0, heads);
/// 0 is allowed in a link (the lab says the weights never move); the slider offers 10⁻⁴ … 100.
pub const LR: LabNumber<TrainSettings> = LabNumber {
    slider: (1e-4, 100.0),
    ..lab_number!(real "tr_lr", 0.0, 1000.0, lr)
};
pub const STEPS: LabNumber<TrainSettings> = lab_number!(whole "tr_steps", 10.0, 5000.0, steps);
/// Any seed in a link; the slider offers the first hundred.
pub const SEED: LabNumber<TrainSettings> = LabNumber {
    slider: (0.0, 99.0),
    ..lab_number!(whole "tr_seed", 0.0, 1e9, seed)
};

impl LabSettings for TrainSettings {
    const VALUES: LabValues<Self> = LabValues::new("tr_", &[TASK, SCHEME_A, SCHEME_B], &[OFFSET, LENGTH, D_MODEL, HEADS, LR, STEPS, SEED]);

    /// The rules between the numbers: k or j inside the sequence, and a width that splits into
    /// the heads with an even width each (RoPE turns pairs).
    fn fix(&mut self) {
        self.offset = self.offset.min(self.length - 1);
        let unit = 2 * self.heads;
        self.d_model = (self.d_model / unit * unit).max(unit);
    }
}

const TITLE: [&str; 2] = [
    "Train it yourself: a tiny transformer learns positions",
    "亲手训练：一个很小的 Transformer 学习位置",
];

const TEXT: [&str; 2] = [
    "Every other part of this page shows encodings someone chose or someone else trained. Here you train one. The model is tiny: a vector for each of 8 tokens plus the position signal, one attention layer of one or two heads, and a read-out, trained with Adam on cross-entropy. The tasks need position in different ways: copying the token k places back needs the offset (relative), the token at position j needs the absolute position, reversing needs both, and counting how often token 0 occurs needs no order at all (the control). Copying and the token at j use a decoder's causal mask; reversing and counting see the whole sequence. Two position schemes train side by side on the same random sequences, in a worker of their own, so the page stays responsive; both are checked every 10 steps on 64 held-out sequences, drawn from a seed of their own (at the shortest lengths a few of them may also turn up in training). A link holds every setting, so a class that opens the teacher's link trains the same run, number for number.",
    "本页其他部分展示的位置编码，都是别人选定或别人训练好的；这里由你亲手训练一个。模型很小：8 个词元各一个向量，加上位置信息，一个含一或两个注意力头的注意力层，再加一个输出层，用 Adam 以交叉熵为损失训练。这些任务对位置的需求各不相同：复制往回第 k 个词元需要偏移量（相对位置），输出位置 j 上的词元需要绝对位置，倒序两者都需要，而数出词元 0 出现了几次完全不需要顺序（对照组）。复制和输出位置 j 的词元使用解码器的因果掩码；倒序和计数能看到整个序列。两种位置编码方案在相同的随机序列上并排训练，放在单独的后台线程（worker）中运行，页面因此保持流畅；每 10 步在 64 个留出序列上检验一次，这些序列由单独的种子生成（在最短的长度下，其中少数也可能在训练中出现）。链接保存了所有设置，全班打开老师的链接，训练出的就是同一次运行，每个数都一样。",
];

pub const LAB: Lab = Lab::new("lab-train", PanelId::Extrapolation, TITLE, TEXT);
