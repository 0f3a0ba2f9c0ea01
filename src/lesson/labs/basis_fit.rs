//! The basis lab (in the extrapolation panel; its view `ui::labs::basis_fit`): sinusoids as a
//! basis, and a learned table that cannot extrapolate.

use super::prelude::*;
use crate::encoding::basis_fit::TargetChoice;

lab_settings! {
    /// The basis lab's settings: the target and how many sinusoidal pairs the model may use (the
    /// fitted length is the page's trained length, `n_train`).
    pub struct BasisSettings {
        pub target: TargetChoice = TargetChoice::Square,
        pub pairs: usize = 8,
    }
}

/// The most sinusoidal pairs the basis lab fits with (fewer when d_model/2 is smaller): 65
/// columns keep the least squares under a millisecond at the page's longest trained length.
pub const BASIS_PAIRS_MAX: usize = 32;

impl Choice for TargetChoice {
    const ALL: &'static [Self] = &TargetChoice::ALL;
    const NAMES: &'static [&'static str] = &["waves", "square", "chirp"];
}

pub const TARGET: LabName<BasisSettings> = lab_name!("bf_target", TargetChoice, target);

pub const PAIRS: LabNumber<BasisSettings> = lab_number!(whole "bf_pairs", 0.0, BASIS_PAIRS_MAX as f64, pairs);

impl LabSettings for BasisSettings {
    const VALUES: LabValues<Self> = LabValues::new("bf_", &[TARGET], &[PAIRS]);
}

const TITLE: [&str; 2] = [
    "Sinusoids as a basis: what a straight-line model can draw",
    "以正弦函数为基：只会加权求和的线性模型能画出什么",
];

const TEXT: [&str; 2] = [
    "A linear model can only add up its inputs with fixed weights. Give it pos alone (with a constant) and all it can draw over the positions is a straight line. Give it the first m pairs of the sinusoidal encoding, sin(ω_i·pos) and cos(ω_i·pos), and it can draw any weighted sum of those waves. Each model is fitted by least squares to the target over positions 0 … N − 1 (N is the page's \"training length\") and then drawn on to 2N − 1, past what it was fitted on. The third model is a learned table: one free value per position up to N, and past N its last row reused: a real model has no row there (in GPT-2's or BERT's code such a position is an index error), so reusing the last row is this lab's choice, as it is the extrapolation panel's.",
    "线性模型只能把输入按固定权重相加。只给它 pos（再加一个常数），它在各个位置上能画出的只有一条直线。给它正弦位置编码的前 m 对特征 sin(ω_i·pos) 和 cos(ω_i·pos)，它就能画出这些波的任意加权和。每个模型都在位置 0 … N − 1 上用最小二乘拟合目标曲线（N 即本页的“训练长度”），然后一直画到 2N − 1，越过拟合所用的范围。第三个模型是可学习位置表：到 N 为止每个位置一个自由值，超过 N 就复用最后一行：真实模型在那里没有任何一行（在 GPT-2 或 BERT 的代码里，这样的位置会引发索引错误），所以复用最后一行是本实验的做法，“超出训练长度之后”一节也是这样做的。",
];

pub const LAB: Lab = Lab::new("lab-basis-fit", PanelId::Extrapolation, TITLE, TEXT);
