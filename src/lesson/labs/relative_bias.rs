//! The relative-bias lab (in the ALiBi panel, after the family tree; its view
//! `ui::labs::relative_bias`): Shaw et al.'s clipped offsets and T5's buckets.

use super::prelude::*;
use crate::encoding::relative_bias::{T5_MAX_DISTANCE, T5_NUM_BUCKETS};

choice! {
    /// Which of T5's two bucketings the relative-bias lab draws.
    pub enum T5Variant {
        /// The encoder's: offsets on both sides, half of the buckets each.
        Bidirectional = "bidirectional",
        /// The decoder's: only the keys before the query.
        Causal = "causal",
    }
}

impl T5Variant {
    /// Whether T5's bucket function takes offsets on both sides (its `bidirectional`).
    pub fn bidirectional(self) -> bool {
        self == T5Variant::Bidirectional
    }
}

lab_settings! {
    /// The relative-bias lab's settings: T5's variant, its `num_buckets` and `max_distance`, Shaw's clipping k, and the length of the
    /// bias matrix drawn.
    pub struct RelativeBiasSettings {
        pub variant: T5Variant = T5Variant::Bidirectional,
        pub buckets: usize = T5_NUM_BUCKETS,
        pub max_distance: usize = T5_MAX_DISTANCE,
        pub k: usize = 4,
        pub length: usize = 48,
    }
}

impl RelativeBiasSettings {
    /// The distances T5 gives a bucket each: half of a half's buckets (num_buckets/4 for the
    /// encoder, num_buckets/2 for the decoder).
    pub fn exact(&self) -> usize {
        match self.variant {
            T5Variant::Causal => self.buckets / 2,
            T5Variant::Bidirectional => self.buckets / 4,
        }
    }
}

/// The fewest buckets T5's encoder variant can split (two halves of two).
pub const RELATIVE_BUCKETS_MIN: usize = 4;

pub const VARIANT: LabName<RelativeBiasSettings> = lab_name!("rb_variant", T5Variant, variant);
pub const BUCKETS: LabNumber<RelativeBiasSettings> = lab_number!(whole "rb_buckets", RELATIVE_BUCKETS_MIN as f64, 128.0, buckets);
pub const MAX_DISTANCE: LabNumber<RelativeBiasSettings> = lab_number!(whole "rb_max", 2.0, 2048.0, max_distance);
pub const K: LabNumber<RelativeBiasSettings> = lab_number!(whole "rb_k", 1.0, 64.0, k);
pub const LENGTH: LabNumber<RelativeBiasSettings> = lab_number!(whole "rb_length", 4.0, 64.0, length);

impl LabSettings for RelativeBiasSettings {
    const VALUES: LabValues<Self> = LabValues::new("rb_", &[VARIANT], &[BUCKETS, MAX_DISTANCE, K, LENGTH]);

    /// The settings T5's formula accepts: an even bucket count, and max_distance beyond the
    /// exact distances (`t5_bucket` refuses the rest).
    fn fix(&mut self) {
        self.buckets = (self.buckets / 2 * 2).max(RELATIVE_BUCKETS_MIN);
        self.max_distance = self.max_distance.max(self.exact() + 1);
    }
}

const TITLE: [&str; 2] = [
    "Relative positions in the score: Shaw's clipping and T5's buckets",
    "把相对位置加到分数上：Shaw 的截断与 T5 的分桶",
];

const TEXT: [&str; 2] = [
    "These schemes give no vector to a position. They learn something for each offset j − i between the key j and the query i, and use it where the query meets the key. Shaw et al. (2018) learn vectors for the offsets −k … k: the one for clip(j − i, −k, k) is added to the key inside the score (and to the value); every key more than k away on one side shares the vector at the end, so 2k + 1 vectors serve every length. T5 (Raffel et al. 2020) learns one number per bucket of offsets and per head, added to the score before the softmax. ⟦t5-why|The nearest distances get a bucket each, then the buckets grow logarithmically wider, and the last bucket takes every distance from a point at or before max_distance on (from 91 in T5's encoder, with 32 buckets and max_distance 128).⟧ T5's encoder sees keys on both sides, so half of its buckets go to keys after the query; its decoder sees only keys before the query and uses all of them there. Neither table runs out at a longer text: an offset past the limit reads the last entry. Move the sliders and read the chart: the index each offset reads, T5's in orange, Shaw's in blue.",
    "这些方案不给位置分配向量，而是为键 j 与查询 i 之间的每个偏移量 j − i 学习一个量，在计算查询与键的分数时使用。Shaw 等（2018）为偏移量 −k … k 各学习一个向量：clip(j − i, −k, k) 对应的向量在分数里加到键上（也加到值上）；某一侧距离超过 k 的所有键共用最末端的那个向量，所以 2k + 1 个向量适用于任何长度。Raffel 等（2020）的 T5 为每个偏移量桶、每个头学习一个数，在 softmax 之前加到分数上。⟦t5-why|最近的几个距离各占一个桶，之后的桶按对数越来越宽；最后一个桶从 max_distance 或更近的某个距离开始，包揽此后的所有距离（T5 编码器用 32 个桶、max_distance 为 128 时，从 91 开始）。⟧T5 的编码器能看到两侧的键，所以一半的桶留给查询之后的键；解码器只能看到查询之前的键，所有桶都用在那一侧。文本再长，这两张表也不会不够用：超出界限的偏移量读取最后一项。拖动滑块，看图中每个偏移量读取的索引：T5 为橙色，Shaw 为蓝色。",
];

pub const LAB: Lab = Lab::new("lab-relative-bias", PanelId::Alibi, TITLE, TEXT);
