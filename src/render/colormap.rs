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
    lut: &'static [[u8; 3]; LUT_SIZE],
}

/// Moreland's cool-to-warm map as [`moreland_cool_warm`] computes it, written out: the panels
/// take a map on every drawing, and a table costs neither the time nor (in the wasm bundle) the
/// code of the colour-space conversions. `the_written_table_is_morelands_map` checks every entry.
#[rustfmt::skip]
const COOL_WARM: [[u8; 3]; LUT_SIZE] = [
    [59, 76, 192], [60, 78, 194], [61, 80, 195], [62, 81, 197], [64, 83, 198], [65, 85, 200], [66, 86, 201], [67, 88, 203],
    [68, 90, 204], [69, 92, 206], [71, 93, 207], [72, 95, 209], [73, 97, 210], [74, 99, 211], [75, 100, 213], [77, 102, 214],
    [78, 104, 215], [79, 105, 217], [80, 107, 218], [82, 109, 219], [83, 110, 221], [84, 112, 222], [85, 114, 223], [87, 115, 224],
    [88, 117, 225], [89, 119, 226], [90, 120, 228], [92, 122, 229], [93, 124, 230], [94, 125, 231], [95, 127, 232], [97, 128, 233],
    [98, 130, 234], [99, 132, 235], [101, 133, 236], [102, 135, 237], [103, 136, 238], [105, 138, 239], [106, 139, 239], [107, 141, 240],
    [109, 142, 241], [110, 144, 242], [111, 145, 243], [113, 147, 243], [114, 148, 244], [115, 150, 245], [117, 151, 246], [118, 153, 246],
    [119, 154, 247], [121, 156, 248], [122, 157, 248], [123, 159, 249], [125, 160, 249], [126, 161, 250], [128, 163, 250], [129, 164, 251],
    [130, 166, 251], [132, 167, 252], [133, 168, 252], [135, 170, 252], [136, 171, 253], [137, 172, 253], [139, 173, 253], [140, 175, 254],
    [141, 176, 254], [143, 177, 254], [144, 178, 254], [146, 180, 254], [147, 181, 255], [148, 182, 255], [150, 183, 255], [151, 184, 255],
    [152, 185, 255], [154, 187, 255], [155, 188, 255], [157, 189, 255], [158, 190, 255], [159, 191, 255], [161, 192, 255], [162, 193, 255],
    [163, 194, 254], [165, 195, 254], [166, 196, 254], [168, 197, 254], [169, 198, 254], [170, 199, 253], [172, 200, 253], [173, 201, 253],
    [174, 201, 252], [176, 202, 252], [177, 203, 252], [178, 204, 251], [179, 205, 251], [181, 206, 250], [182, 206, 250], [183, 207, 249],
    [185, 208, 249], [186, 209, 248], [187, 209, 248], [188, 210, 247], [190, 211, 246], [191, 211, 246], [192, 212, 245], [193, 212, 244],
    [195, 213, 244], [196, 214, 243], [197, 214, 242], [198, 215, 241], [200, 215, 241], [201, 216, 240], [202, 216, 239], [203, 216, 238],
    [204, 217, 237], [205, 217, 236], [206, 218, 235], [208, 218, 234], [209, 218, 233], [210, 219, 232], [211, 219, 231], [212, 219, 230],
    [213, 219, 229], [214, 220, 228], [215, 220, 227], [216, 220, 226], [217, 220, 225], [218, 220, 224], [219, 221, 222], [220, 221, 221],
    [221, 220, 220], [222, 220, 219], [223, 220, 217], [225, 219, 216], [226, 218, 214], [227, 218, 213], [228, 217, 211], [229, 217, 210],
    [229, 216, 209], [230, 216, 207], [231, 215, 206], [232, 214, 204], [233, 214, 203], [234, 213, 201], [235, 212, 200], [235, 211, 198],
    [236, 211, 197], [237, 210, 195], [238, 209, 194], [238, 208, 192], [239, 207, 191], [239, 206, 189], [240, 206, 188], [241, 205, 186],
    [241, 204, 184], [242, 203, 183], [242, 202, 181], [243, 201, 180], [243, 200, 178], [244, 199, 177], [244, 198, 175], [244, 197, 174],
    [245, 196, 172], [245, 195, 170], [245, 193, 169], [246, 192, 167], [246, 191, 166], [246, 190, 164], [246, 189, 162], [247, 188, 161],
    [247, 186, 159], [247, 185, 158], [247, 184, 156], [247, 183, 155], [247, 181, 153], [247, 180, 151], [247, 179, 150], [247, 178, 148],
    [247, 176, 147], [247, 175, 145], [247, 173, 144], [247, 172, 142], [247, 171, 140], [247, 169, 139], [247, 168, 137], [247, 166, 136],
    [246, 165, 134], [246, 163, 133], [246, 162, 131], [246, 160, 129], [245, 159, 128], [245, 157, 126], [245, 156, 125], [244, 154, 123],
    [244, 153, 122], [244, 151, 120], [243, 149, 119], [243, 148, 117], [242, 146, 116], [242, 144, 114], [241, 143, 113], [241, 141, 111],
    [240, 139, 110], [240, 138, 108], [239, 136, 107], [239, 134, 105], [238, 133, 104], [237, 131, 102], [237, 129, 101], [236, 127, 99],
    [235, 125, 98], [234, 124, 96], [234, 122, 95], [233, 120, 93], [232, 118, 92], [231, 116, 90], [230, 114, 89], [229, 112, 88],
    [229, 111, 86], [228, 109, 85], [227, 107, 83], [226, 105, 82], [225, 103, 81], [224, 101, 79], [223, 99, 78], [222, 97, 77],
    [221, 95, 75], [220, 93, 74], [219, 91, 73], [218, 89, 71], [216, 86, 70], [215, 84, 69], [214, 82, 67], [213, 80, 66],
    [212, 78, 65], [211, 76, 64], [209, 73, 62], [208, 71, 61], [207, 69, 60], [206, 67, 59], [204, 64, 57], [203, 62, 56],
    [202, 59, 55], [200, 57, 54], [199, 54, 52], [198, 52, 51], [196, 49, 50], [195, 46, 49], [193, 43, 48], [192, 40, 47],
    [191, 37, 46], [189, 34, 44], [188, 30, 43], [186, 26, 42], [185, 22, 41], [183, 17, 40], [182, 11, 39], [180, 4, 38]
];

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
        DivergingMap { lut: &COOL_WARM }
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
        self.lut
    }
}

/// Computes Moreland's cool-to-warm table: `LUT_SIZE` steps from [`COOL`] to [`WARM`],
/// interpolated in Msh space. [`DivergingMap::cool_warm`] uses the same table written out.
pub fn moreland_cool_warm() -> Vec<[u8; 3]> {
    let (cool, warm) = (srgb_to_msh(COOL), srgb_to_msh(WARM));
    (0..LUT_SIZE)
        .map(|i| {
            msh_to_srgb(interpolate_msh(
                cool,
                warm,
                i as f64 / (LUT_SIZE - 1) as f64,
            ))
        })
        .collect()
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

/// A CSS hex colour, `#rrggbb` or its short form `#rgb` (each digit doubled: a stylesheet
/// minifier writes `#ffffff` as `#fff`); `None` for anything else.
///
/// ```
/// use pe_explorer::render::colormap::parse_hex_color;
/// assert_eq!(parse_hex_color("#1e1e1e"), Some([30, 30, 30]));
/// assert_eq!(parse_hex_color("#fff"), Some([255, 255, 255]));
/// assert_eq!(parse_hex_color("#b0b"), Some([0xbb, 0, 0xbb]));
/// assert_eq!(parse_hex_color("white"), None);
/// assert_eq!(parse_hex_color("#ffff"), None);
/// ```
pub fn parse_hex_color(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |at: usize| u8::from_str_radix(&hex[at..=at], 16).ok();
    match hex.len() {
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        6 => {
            let byte = |at: usize| Some(digit(at)? * 16 + digit(at + 1)?);
            Some([byte(0)?, byte(2)?, byte(4)?])
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_table_is_morelands_map() {
        let computed = moreland_cool_warm();
        for (i, (written, computed)) in COOL_WARM.iter().zip(&computed).enumerate() {
            assert_eq!(written, computed, "entry {i}");
        }
        assert_eq!(computed.len(), LUT_SIZE);
    }

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
