//! The complex-number lab (in the RoPE panel; its view `ui::labs::rope_complex`): one RoPE pair
//! read as complex numbers. No values of its own in the URL: it follows the page's m, n and i.

use super::prelude::*;

const TITLE: [&str; 2] = ["The same pair as complex numbers", "用复数看同一对维度"];

const TEXT: [&str; 2] = [
    "Read pair i of the query, the two dimensions RoPE turns together, as one complex number q (the first dimension is the real part, the second the imaginary part), and the key's pair as k. Turning a pair by the angle mθ_i is multiplying it by e^(imθ_i), and the pair's part of the score is the real part of q_m times the conjugate of k_n. The conjugate and the real part matter: e^(imθ_i)·e^(−inθ_i) leaves only e^(i(m−n)θ_i), so the positions enter through m − n alone. (A formula often quoted writes the product as (q·k)·e^(iθk); without the conjugate and the real part that is not the score.) The lab's three read-outs are this pair's part of the score computed three ways: with the 2×2 rotation matrices, with each vector turned by its own position, and with the offset alone. Move the sliders m and n, or the pair i: they stay equal to rounding.",
    "把查询向量的第 i 对维度（RoPE 一起旋转的两个维度）看成一个复数 q：第一个维度是实部，第二个是虚部；键向量的这一对看成 k。把一对维度旋转 mθ_i 角，就是乘以 e^(imθ_i)；这一对在分数中的贡献，是 q_m 乘以 k_n 的共轭之后取实部。共轭和取实部都不能少：e^(imθ_i)·e^(−inθ_i) 只剩下 e^(i(m−n)θ_i)，所以位置只通过 m − n 起作用。（常被引用的一种写法把乘积写成 (q·k)·e^(iθk)；少了共轭和取实部，那就不是注意力分数。）本实验的三个读数用三种方法计算这一对维度在分数中的贡献：用 2×2 旋转矩阵；把两个向量各自按位置旋转；只用偏移量。移动滑块 m、n 或第 i 对，三个读数始终相等（只差舍入误差）。",
];

pub const LAB: Lab = Lab::new("lab-rope-complex", PanelId::Rope, TITLE, TEXT);
