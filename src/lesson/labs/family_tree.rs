//! The family tree of position schemes (in the ALiBi panel, heading the family's labs; its view
//! `ui::labs::family_tree`). A table, with no values of its own in the URL.

use super::prelude::*;

const TITLE: [&str; 2] = ["The family tree of position schemes", "位置编码方案的家谱"];

const TEXT: [&str; 2] = [
    "Every scheme on this page answers one question: where does the position enter the model? Absolute schemes add a vector for each position to the input, once. Relative schemes leave the input alone and act where a query meets a key, on the offset between them: added to the score as a learned vector, a learned number or a fixed line, or as a rotation of the query and the key. And a decoder can go without any (NoPE). The groups are read from the formulas; the last column names one model of each, not the only one. Follow a row's link to try the scheme.",
    "本页的每一种方案都在回答同一个问题：位置从哪里进入模型？绝对方案在输入处给每个位置加一个向量，只加一次。相对方案不改动输入，而是在查询与键相遇、计算分数时，依据两者之间的偏移量起作用：或把一个可学习的向量、一个可学习的数、一条固定的直线加到分数上，或旋转查询和键。解码器甚至可以一种都不用（NoPE）。分组依据的是公式；最后一列只举出采用该方案的一个模型，并非仅此一个。点击每行的链接即可试用该方案。",
];

pub const LAB: Lab = Lab::new("lab-family-tree", PanelId::Alibi, TITLE, TEXT);
