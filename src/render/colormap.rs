//! A perceptually uniform, colour-blind-safe diverging colour map for values in [−1, 1].
//!
//! Moreland's "cool to warm" map (K. Moreland, *Diverging Color Maps for Scientific
//! Visualization*, 2009): blue through a light neutral to red, interpolated in his Msh space (a
//! polar form of CIELAB) so that lightness changes evenly on each side and the two sides are
//! mirror images in lightness. Blue–red stays distinguishable for the common red–green colour
//! deficiencies, and the lightness ramp alone still shows the sign's magnitude in greyscale.

use std::f64::consts::PI;

/// Entries in the look-up table; 256 steps are finer than the eye resolves on a ramp.
pub const LUT_SIZE: usize = 256;

/// The cool end, sRGB (59, 76, 192).
const COOL: [u8; 3] = [59, 76, 192];
/// The warm end, sRGB (180, 4, 38).
const WARM: [u8; 3] = [180, 4, 38];

/// A 256-entry RGB table from −1 (index 0) to +1 (index 255).
#[derive(Clone, Debug, PartialEq)]
pub struct DivergingMap {
    lut: Vec<[u8; 3]>,
}

impl Default for DivergingMap {
    fn default() -> Self {
        Self::cool_warm()
    }
}

impl DivergingMap {
    /// Moreland's cool-to-warm map.
    ///
    /// ```
    /// use pe_explorer::render::colormap::DivergingMap;
    /// let map = DivergingMap::cool_warm();
    /// assert_eq!(map.color(-1.0), [59, 76, 192]);
    /// assert_eq!(map.color(1.0), [180, 4, 38]);
    /// ```
    pub fn cool_warm() -> Self {
        let (cool, warm) = (srgb_to_msh(COOL), srgb_to_msh(WARM));
        let lut = (0..LUT_SIZE)
            .map(|i| {
                msh_to_srgb(interpolate_msh(
                    cool,
                    warm,
                    i as f64 / (LUT_SIZE - 1) as f64,
                ))
            })
            .collect();
        DivergingMap { lut }
    }

    /// The colour of a value; values outside [−1, 1] take the end colours, NaN the middle.
    pub fn color(&self, value: f32) -> [u8; 3] {
        self.lut[self.index(value)]
    }

    /// The table index of a value.
    pub fn index(&self, value: f32) -> usize {
        if value.is_nan() {
            return LUT_SIZE / 2;
        }
        let t = (value.clamp(-1.0, 1.0) + 1.0) * 0.5 * (LUT_SIZE - 1) as f32;
        t.round() as usize
    }

    /// The whole table, from −1 to +1.
    pub fn table(&self) -> &[[u8; 3]] {
        &self.lut
    }
}

/// (M, s, h): magnitude, saturation (angle from the lightness axis), hue.
type Msh = [f64; 3];

/// Interpolates from `a` (t = 0) to `b` (t = 1) through an unsaturated middle, as Moreland
/// prescribes when both ends are saturated and their hues are far apart.
fn interpolate_msh(a: Msh, b: Msh, t: f64) -> Msh {
    let mid_m = a[0].max(b[0]).max(88.0);
    let (mut a, mut b, mut t) = (a, b, t);
    if t < 0.5 {
        b = [mid_m, 0.0, 0.0];
        t *= 2.0;
    } else {
        a = [mid_m, 0.0, 0.0];
        t = 2.0 * t - 1.0;
    }
    // The unsaturated end takes the hue of the saturated one, spun so the hue does not jump.
    if a[1] < 0.05 && b[1] > 0.05 {
        a[2] = adjust_hue(b, a[0]);
    } else if b[1] < 0.05 && a[1] > 0.05 {
        b[2] = adjust_hue(a, b[0]);
    }
    [
        (1.0 - t) * a[0] + t * b[0],
        (1.0 - t) * a[1] + t * b[1],
        (1.0 - t) * a[2] + t * b[2],
    ]
}

fn adjust_hue(saturated: Msh, unsaturated_m: f64) -> f64 {
    let [m, s, h] = saturated;
    if m >= unsaturated_m {
        return h;
    }
    let spin = s * (unsaturated_m * unsaturated_m - m * m).sqrt() / (m * s.sin());
    if h > -PI / 3.0 {
        h + spin
    } else {
        h - spin
    }
}

// D65 white point.
const WHITE: [f64; 3] = [0.950_47, 1.0, 1.088_83];

fn srgb_to_linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f64) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

fn lab_f(t: f64) -> f64 {
    if t > 0.008_856 {
        t.cbrt()
    } else {
        7.787 * t + 16.0 / 116.0
    }
}

fn lab_f_inv(t: f64) -> f64 {
    if t > 0.206_893 {
        t * t * t
    } else {
        (t - 16.0 / 116.0) / 7.787
    }
}

fn srgb_to_msh(rgb: [u8; 3]) -> Msh {
    let [r, g, b] = rgb.map(srgb_to_linear);
    let xyz = [
        0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b,
        0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b,
        0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b,
    ];
    let f = [
        lab_f(xyz[0] / WHITE[0]),
        lab_f(xyz[1] / WHITE[1]),
        lab_f(xyz[2] / WHITE[2]),
    ];
    let (l, a, b) = (
        116.0 * f[1] - 16.0,
        500.0 * (f[0] - f[1]),
        200.0 * (f[1] - f[2]),
    );
    let m = (l * l + a * a + b * b).sqrt();
    [m, (l / m).acos(), b.atan2(a)]
}

fn msh_to_lab(msh: Msh) -> [f64; 3] {
    let [m, s, h] = msh;
    [m * s.cos(), m * s.sin() * h.cos(), m * s.sin() * h.sin()]
}

fn msh_to_srgb(msh: Msh) -> [u8; 3] {
    let [l, a, b] = msh_to_lab(msh);
    let fy = (l + 16.0) / 116.0;
    let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
    let [x, y, z] = [
        WHITE[0] * lab_f_inv(fx),
        WHITE[1] * lab_f_inv(fy),
        WHITE[2] * lab_f_inv(fz),
    ];
    let r = 3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z;
    let g = -0.969_266_0 * x + 1.876_010_8 * y + 0.041_556_0 * z;
    let bl = 0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z;
    [linear_to_srgb(r), linear_to_srgb(g), linear_to_srgb(bl)]
}

/// CIELAB lightness L* of an sRGB colour (for tests and the contrast of marker colours).
pub fn lightness(rgb: [u8; 3]) -> f64 {
    let [m, s, _] = srgb_to_msh(rgb);
    m * s.cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lightness_rises_to_the_middle_and_falls_after() {
        let map = DivergingMap::cool_warm();
        let l: Vec<f64> = map.table().iter().map(|c| lightness(*c)).collect();
        let mid = LUT_SIZE / 2;
        // Monotone within rounding to 8-bit colour.
        assert!(l[..mid].windows(2).all(|w| w[1] >= w[0] - 0.6), "cool half");
        assert!(l[mid..].windows(2).all(|w| w[1] <= w[0] + 0.6), "warm half");
        assert!(l[mid - 1] > 80.0, "the middle is light: {}", l[mid - 1]);
    }

    #[test]
    fn the_two_halves_mirror_each_other_in_lightness() {
        let map = DivergingMap::cool_warm();
        let l: Vec<f64> = map.table().iter().map(|c| lightness(*c)).collect();
        for i in 0..LUT_SIZE / 2 {
            let (a, b) = (l[i], l[LUT_SIZE - 1 - i]);
            assert!((a - b).abs() < 6.0, "step {i}: {a} vs {b}");
        }
    }

    #[test]
    fn values_map_to_the_expected_ends_and_middle() {
        let map = DivergingMap::cool_warm();
        assert_eq!(map.index(-1.0), 0);
        assert_eq!(map.index(1.0), LUT_SIZE - 1);
        assert_eq!(map.index(-7.0), 0);
        assert_eq!(map.index(f32::NAN), LUT_SIZE / 2);
        assert_eq!(map.color(-1.0), COOL);
        assert_eq!(map.color(1.0), WARM);
    }
}
