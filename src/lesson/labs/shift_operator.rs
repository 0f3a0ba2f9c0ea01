//! The shift lab (in the dot-product panel; its view `ui::labs::shift_operator`): why waves, the
//! shift and every mixing by offset.

use super::values::{last_value, prefixed_pairs, shorten};
use super::prelude::*;
use crate::encoding::shift_operator::Kernel;

choice! {
    /// The kind of the shift lab's mixing by offset; each kind's own setting is in the lab's
    /// settings.
    pub enum KernelKind {
        /// The mean of the 2·width + 1 positions around each.
        Window = "window",
        /// Weights e^(−slope·distance), normalised to sum 1.
        Decay = "decay",
        /// Seeded values in [−1, 1): a kernel as training might leave it.
        Random = "random",
    }
}

lab_settings! {
    /// The shift lab's settings: the circle's length N, the two waves' frequencies, and the kernel
    /// (its kind and each kind's own setting).
    pub struct ShiftSettings {
        pub n: usize = 16,
        pub f: usize = 3,
        pub f2: usize = 5,
        pub kind: KernelKind = KernelKind::Window,
        pub width: usize = 2,
        pub slope: f64 = 0.5,
        pub seed: u64 = 1,
    }
}

impl ShiftSettings {
    /// The kernel these settings describe.
    pub fn kernel(&self) -> Kernel {
        match self.kind {
            KernelKind::Decay => Kernel::Decay { slope: self.slope },
            KernelKind::Random => Kernel::Random { seed: self.seed },
            KernelKind::Window => Kernel::Window {
                half_width: self.width.min(self.n / 2),
            },
        }
    }

    /// The bounds that depend on N: each frequency at most N − 1, the window at most N/2, as
    /// (key, the setting, its bound).
    fn bounded_by_n(&mut self) -> [(&'static str, &mut usize, usize); 3] {
        let n = self.n;
        [
            ("so_f", &mut self.f, n - 1),
            ("so_f2", &mut self.f2, n - 1),
            ("so_width", &mut self.width, n / 2),
        ]
    }
}

/// The longest circle the shift lab offers: its matrices are N × N, drawn and multiplied on
/// every change.
pub const SHIFT_N_MAX: usize = 64;

pub const KERNEL: LabName<ShiftSettings> = lab_name!("so_kernel", KernelKind, kind);
pub const N: LabNumber<ShiftSettings> = lab_number!(whole "so_n", 4.0, SHIFT_N_MAX as f64, n);
/// The frequencies and the window are bounded by N too (`fix`).
pub const F: LabNumber<ShiftSettings> = lab_number!(whole "so_f", 0.0, (SHIFT_N_MAX - 1) as f64, f);
pub const F2: LabNumber<ShiftSettings> = lab_number!(whole "so_f2", 0.0, (SHIFT_N_MAX - 1) as f64, f2);
pub const WIDTH: LabNumber<ShiftSettings> = lab_number!(whole "so_width", 0.0, (SHIFT_N_MAX / 2) as f64, width);
pub const SLOPE: LabNumber<ShiftSettings> = lab_number!(real "so_slope", 0.0, 4.0, slope);
pub const SEED: LabNumber<ShiftSettings> = lab_number!(whole "so_seed", 1.0, 999.0, seed);

impl LabSettings for ShiftSettings {
    const VALUES: LabValues<Self> = LabValues::new("so_", &[KERNEL], &[N, F, F2, WIDTH, SLOPE, SEED]);

    fn fix(&mut self) {
        for (_, field, most) in self.bounded_by_n() {
            *field = (*field).min(most);
        }
    }

    /// As the table reads them, then the bounds that depend on N; a default the link did not
    /// give is adjusted without a word.
    fn read(query: &str) -> Option<LabLink<Self>> {
        let LabLink {
            mut settings,
            mut problems,
        } = Self::VALUES.read(query)?;
        let pairs = prefixed_pairs(query, Self::VALUES.prefix)?;
        for (key, field, most) in settings.bounded_by_n() {
            if *field > most {
                *field = most;
                if let Some(given) = last_value(&pairs, key) {
                    problems.push(LabProblem {
                        key: key.into(),
                        given: shorten(given),
                        used: most.to_string(),
                    });
                }
            }
        }
        Some(LabLink { settings, problems })
    }
}

const TITLE: [&str; 2] = [
    "Why waves: the shift, and every mixing by offset",
    "为什么是波：平移，以及只看偏移量的混合",
];

const TEXT: [&str; 2] = [
    "The dot product of this section depends on the offset k alone. Here is why waves are the natural coordinates for anything that looks only at offsets. Put N positions on a circle and let the shift S move every entry one place later (the last wraps round to the front). A wave e^(2πi·f·t/N) comes back from S as itself times one number, e^(−2πi·f/N): it is an eigenvector of the shift. A random vector does not: no number λ brings Sx close to λx. Now mix the positions with weights that depend only on the offset t − s: a matrix A with A_ts = h[(t − s) mod N], for a kernel h that is a window, a decay with distance like ALiBi's penalty, or random weights such as training might leave. ⟦shift-why|Such an A commutes with S (AS = SA), so it has the same eigenvectors: it returns each wave times one number H(f), the kernel's discrete Fourier transform (the second chart), which scales the wave by |H(f)| and shifts its phase by arg H(f). It filters frequencies and never makes a new one; a frequency where H(f) = 0 is removed.⟧",
    "本节的点积只取决于偏移量 k。这里说明为什么对只看偏移量的运算来说，波是最自然的坐标。把 N 个位置排成一个圈，让平移算子 S 把每个分量往后移一位（最后一个绕回最前面）。波 e^(2πi·f·t/N) 经过 S 之后，变成它自己乘以一个数 e^(−2πi·f/N)：它是平移算子的本征向量（即特征向量）。随机向量则不是：没有哪个数 λ 能让 Sx 接近 λx。现在用只取决于偏移量 t − s 的权重来混合各个位置：矩阵 A 满足 A_ts = h[(t − s) mod N]，核 h 可以是窗口，可以像 ALiBi 的惩罚那样随距离衰减，也可以是训练后可能留下的那种随机权重。⟦shift-why|这样的 A 与 S 可交换（AS = SA），所以它们有相同的本征向量：A 作用于每个波，只是把它乘以一个数 H(f)；H(f) 是核的离散傅里叶变换（第二张图），它把波的幅度乘以 |H(f)|，把相位加上 arg H(f)。它只过滤频率，从不产生新的频率；H(f) = 0 的频率会被去掉。⟧",
];

pub const LAB: Lab = Lab::new("lab-shift-operator", PanelId::DotProduct, TITLE, TEXT);
