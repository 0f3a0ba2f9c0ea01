//! The NoPE lab (in the ALiBi panel, after the relative biases; its view `ui::labs::nope`): no
//! position encoding, and what the causal mask alone tells a query.

use super::prelude::*;

choice! {
    /// The NoPE lab's mask.
    pub enum Mask {
        /// A decoder's: query p sees keys 0 … p.
        Causal = "causal",
        /// An encoder's: every query sees every key.
        Unmasked = "none",
    }
}

lab_settings! {
    /// The NoPE lab's settings: the mask, the sequence's length, and the resolution
    /// ε = 10^(−digits) below which two outputs count as equal.
    pub struct NopeSettings {
        pub mask: Mask = Mask::Causal,
        pub length: usize = 64,
        pub digits: f64 = 3.0,
    }
}

pub const MASK: LabName<NopeSettings> = lab_name!("np_mask", Mask, mask);
pub const LENGTH: LabNumber<NopeSettings> = lab_number!(whole "np_length", 2.0, 1024.0, length);
pub const DIGITS: LabNumber<NopeSettings> = lab_number!(real "np_digits", 1.0, 8.0, digits);

impl LabSettings for NopeSettings {
    const VALUES: LabValues<Self> = LabValues::new("np_", &[MASK], &[LENGTH, DIGITS]);
}

const TITLE: [&str; 2] = [
    "No position encoding (NoPE): the causal mask counts",
    "没有位置编码（NoPE）：因果掩码自己就能计数",
];

const TEXT: [&str; 2] = [
    "Take away every position signal. Without a mask, attention gives each word the same output wherever it stands (the first chapter's section \"Without position, word order is invisible\" shows this): the model sees a bag of words. A decoder's causal mask changes that, because query p sees only keys 0 … p. Take the simplest head: all scores equal, so each query spreads its attention evenly over the keys it sees, and a start token whose value is 1 where every other token's is 0. Its output at position p is 1/(p + 1): a different number at every position, with no position signal anywhere. This is the idea behind Kazemnejad et al.'s argument (2023) that a decoder without position encoding can still recover absolute positions; Haviv et al. (2022) found that causal language models trained without position encodings are competitive with ones that have them. ⟦nope-why|The signal fades: positions p and p + 1 differ by 1/((p + 1)(p + 2)), so once that is smaller than the resolution ε the model can rely on (rounding, noise), neighbours look the same.⟧ Switch the mask off and on, and move ε.",
    "去掉一切位置信息。没有掩码时，一个词无论处在哪个位置，注意力给它的输出都相同（第一章的“没有位置，就分不出词序”一节展示了这一点）：模型看到的只是一个词袋。解码器的因果掩码改变了这一点，因为查询 p 只能看到键 0 … p。取最简单的一个头：所有分数相等，于是每个查询把注意力平均分给它能看到的键；再取一个起始词元，它的值为 1，其他词元的值都为 0。这个头在位置 p 的输出是 1/(p + 1)：每个位置的值各不相同，而整个模型里没有任何位置信息。这正是 Kazemnejad 等（2023）论证“没有位置编码的解码器仍能恢复绝对位置”的思路；Haviv 等（2022）发现，不用位置编码训练的因果语言模型，与用了位置编码的模型效果相当。⟦nope-why|这个信号会逐渐减弱：位置 p 与 p + 1 相差 1/((p + 1)(p + 2))，一旦它小于模型能依赖的分辨率 ε（舍入误差、噪声），相邻位置看起来就一样了。⟧试着开关掩码，并调节 ε。",
];

pub const LAB: Lab = Lab::new("lab-nope", PanelId::Alibi, TITLE, TEXT);
