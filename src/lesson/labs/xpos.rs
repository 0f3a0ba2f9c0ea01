//! The xPos lab (in the RoPE panel, after the context-extension lab; its view `ui::labs::xpos`):
//! RoPE with a decay per pair.

use super::prelude::*;
use crate::encoding::xpos::XPOS_SCALE_BASE;

choice! {
    /// The xPos lab's query and key.
    pub enum XposVectors {
        /// Every pair (1, 0): the score is the decay alone.
        Aligned = "aligned",
        /// Seeded random vectors: the decay times RoPE's turning score.
        Random = "random",
    }
}

lab_settings! {
    /// The xPos lab's settings: the query and key,
    /// the head's width d, the scale base B, the longest distance drawn and the distance whose
    /// per-pair factors are shown.
    pub struct XposSettings {
        pub vectors: XposVectors = XposVectors::Aligned,
        pub d: usize = 64,
        pub scale_base: f64 = XPOS_SCALE_BASE,
        pub reach: usize = 1024,
        pub distance: usize = 256,
    }
}

pub const VECTORS: LabName<XposSettings> = lab_name!("xp_vectors", XposVectors, vectors);
pub const D: LabNumber<XposSettings> = lab_number!(whole "xp_d", 2.0, 256.0, d);
pub const SCALE: LabNumber<XposSettings> = lab_number!(rounded "xp_scale", 16.0, 8192.0, scale_base);
pub const REACH: LabNumber<XposSettings> = lab_number!(whole "xp_reach", 16.0, 8192.0, reach);
/// At most the reach (`fix`).
pub const DISTANCE: LabNumber<XposSettings> = lab_number!(whole "xp_distance", 0.0, 8192.0, distance);

impl LabSettings for XposSettings {
    const VALUES: LabValues<Self> = LabValues::new("xp_", &[VECTORS], &[D, SCALE, REACH, DISTANCE]);

    /// An even width, and a chosen distance within the drawn range.
    fn fix(&mut self) {
        self.d = (self.d / 2 * 2).max(2);
        self.distance = self.distance.min(self.reach);
    }
}

const TITLE: [&str; 2] = [
    "xPos: RoPE with a decay per pair",
    "xPos：每个维度对带衰减的 RoPE",
];

const TEXT: [&str; 2] = [
    "xPos (Sun et al. 2022, \"A Length-Extrapolatable Transformer\") keeps RoPE's rotation and adds a scale: pair i of the query at position m is multiplied by ζ_i^(m/B) and of the key at position n by ζ_i^(−n/B), with ζ_i = (2i + 0.4·d)/(1.4·d) (about 0.29 for the fastest pair, rising to 1 − 2/(1.4·d) for the slowest: 0.99 at d = 128) and B the scale base (512 in the authors' code). In the score the two scales meet as ζ_i^((m − n)/B): a function of the offset alone, so the relative property of RoPE is kept, and it shrinks as a key lies further back, fastest for the fast pairs. The chart compares the score of an aligned query and key (every pair (1, 0)) against the distance m − n under RoPE and under xPos; the bars show each pair's factor at the chosen distance. Choose seeded random vectors to see the relative property checked: the score at (m, n) and at (m + 1000, n + 1000) agree.",
    "Sun 等（2022）在《A Length-Extrapolatable Transformer》中提出的 xPos 保留 RoPE 的旋转，再加一个缩放：位置 m 处查询的第 i 对乘以 ζ_i^(m/B)，位置 n 处键的第 i 对乘以 ζ_i^(−n/B)，其中 ζ_i = (2i + 0.4·d)/(1.4·d)（频率最高的维度对约为 0.29，向频率最低的维度对增大到 1 − 2/(1.4·d)：d = 128 时为 0.99），B 是缩放底数（作者代码中为 512）。在分数中两个缩放相乘，合成 ζ_i^((m − n)/B)：只与偏移量有关，所以 RoPE 的相对性质得以保留；键离查询越远（越往回），它就越小，高频维度对缩小得最快。图中比较方向一致的查询与键（每一对都是 (1, 0)）在 RoPE 和 xPos 下的分数随距离 m − n 的变化；柱形给出所选距离处每一对的因子。选“固定种子的随机向量”，可以看到对相对性质的检验：(m, n) 与 (m + 1000, n + 1000) 处的分数相同。",
];

pub const LAB: Lab = Lab::new("lab-xpos", PanelId::Rope, TITLE, TEXT);
