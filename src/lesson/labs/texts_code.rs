//! The texts' code (in the PE vector panel, after the numbering lab; its view
//! `ui::labs::texts_code`): the usual PyTorch code with the page's numbers. No values of its own
//! in the URL.

use super::prelude::*;

const TITLE: [&str; 2] = [
    "The usual PyTorch code, with this page's numbers",
    "常见的 PyTorch 实现，填入本页的数值",
];

const TEXT: [&str; 2] = [
    "Tutorials commonly write the encoding as PyTorch modules like these two. Here they are written out again with this page's d_model, length (as max_len) and base, in the layout chosen on the page, so the table they build is the one the heatmap shows. The fixed module computes its table once and stores it with register_buffer: a buffer is part of the module's state, saved in its state_dict and moved with it by .to(device), but it is not a parameter, so model.parameters() does not list it and no optimiser changes it. The learned module is an nn.Embedding of max_len rows: its table is a parameter, trained with the rest of the model, and it has no row for a position at or past max_len, so a longer input is an error, not an extrapolation. Both apply dropout to the sum of the word vectors and the encoding, as Vaswani et al. (2017) do (§5.4). PyTorch computes in float32 by default, so its table differs from this page's float64 numbers by up to about 1e-7 × max_len. The NumPy lines compute the same table in float64: run, they give the page's numbers to within 1e-9.",
    "教程里常把位置编码写成像本实验这样的两个 PyTorch 模块。这里用本页的 d_model、序列长度（作为 max_len）和底数，按本页选定的排列方式重新写出这些代码，所以它们构造的表就是热力图显示的那张表。正弦位置编码模块只算一次表，并用 register_buffer 保存：缓冲区是模块状态的一部分，会保存在 state_dict 中，也会随 .to(device) 一起移动，但它不是参数，所以 model.parameters() 不包含它，任何优化器都不会改变它。可学习的模块是一个有 max_len 行的 nn.Embedding：它的表是参数，与模型的其余部分一起训练；对于大于或等于 max_len 的位置，它没有对应的行，所以更长的输入会报错，而不是外推。两个模块都对词向量与位置编码之和做 dropout，与 Vaswani 等（2017）§5.4 的做法相同。PyTorch 默认用 float32 计算，所以它的表与本页的 float64 数值最多相差约 1e-7 × max_len。NumPy 代码用 float64 计算同一张表，运行后得到的数值与本页相差不超过 1e-9。",
];

pub const LAB: Lab = Lab::new("lab-texts-code", PanelId::Vector, TITLE, TEXT);
