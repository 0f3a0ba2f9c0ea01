//! Relative position is linear: moving by k rotates every pair by k·ω_i.
//!
//! # Formula
//! A pair is taken as the point (cos, sin) = (PE(pos, 2i+1), PE(pos, 2i)), so that it turns
//! counter-clockwise as pos grows and M_k has the sign pattern of RoPE's blocks (RoFormer §3.2).
//! From the angle-addition identities, with β = k·ω_i:
//!
//! ```text
//! [PE(pos+k, 2i+1)]   [ cos β  −sin β ] [PE(pos, 2i+1)]
//! [PE(pos+k, 2i)  ] = [ sin β   cos β ] [PE(pos, 2i)  ]
//! ```
//!
//! In the paper's order, sine first, the same turn has the transpose
//! [[cos β, sin β], [−sin β, cos β]]: swapping the coordinates mirrors the plane.
//! The matrix M_k depends on k and i only, never on pos: that is why a model can learn "three
//! words back" once and use it everywhere.

use super::sinusoidal::{frequency_count, omega, pair_dimensions, pe_vector, Layout};

/// A 2×2 matrix, row-major: `[[a, b], [c, d]]`.
pub type Matrix2 = [[f64; 2]; 2];

/// The rotation that takes pair i of PE(pos) to pair i of PE(pos + k), acting on (cos, sin).
///
/// # Formula
/// `M_k = [[cos kω, −sin kω], [sin kω, cos kω]]`, a counter-clockwise turn by kω
///
/// ```
/// use pe_explorer::encoding::rotation_matrix;
/// let m = rotation_matrix(3.0, 1.0);
/// assert!((m[0][0] - (-0.9899924966004454)).abs() < 1e-15);
/// assert!((m[0][1] - (-0.1411200080598672)).abs() < 1e-15);
/// ```
pub fn rotation_matrix(k: f64, omega: f64) -> Matrix2 {
    let (s, c) = (k * omega).sin_cos();
    [[c, -s], [s, c]]
}

/// `M · [cos, sin]` for one pair.
///
/// ```
/// use pe_explorer::encoding::{rotate_pair, rotation_matrix};
/// let [c, s] = rotate_pair(&rotation_matrix(1.0, 1.0), [1.0, 0.0]);
/// assert!((s - 1f64.sin()).abs() < 1e-15 && (c - 1f64.cos()).abs() < 1e-15);
/// ```
pub fn rotate_pair(m: &Matrix2, v: [f64; 2]) -> [f64; 2] {
    [
        m[0][0] * v[0] + m[0][1] * v[1],
        m[1][0] * v[0] + m[1][1] * v[1],
    ]
}

/// Applies the block-diagonal rotation diag(M_k(ω_0), M_k(ω_1), …) to a whole PE vector.
///
/// # Formula
/// `out = M_k · pe`, pair by pair (pairs located by `layout`); a lone final sine (odd d_model)
/// has no partner and is moved with `sin(a+β) = sin a cos β + cos a sin β`, which needs the cosine
/// the vector lacks, so it is left out: `out` keeps NaN there to make that visible.
///
/// ```
/// use pe_explorer::encoding::{pe_vector, shift_by_rotation, Layout};
/// let (mut at10, mut at13, mut rotated) = ([0.0; 8], [0.0; 8], [0.0; 8]);
/// pe_vector(10.0, 10_000.0, Layout::Interleaved, &mut at10);
/// pe_vector(13.0, 10_000.0, Layout::Interleaved, &mut at13);
/// shift_by_rotation(&at10, 3.0, 10_000.0, Layout::Interleaved, &mut rotated);
/// assert!(rotated.iter().zip(&at13).all(|(a, b)| (a - b).abs() < 1e-12));
/// ```
pub fn shift_by_rotation(pe: &[f64], k: f64, base: f64, layout: Layout, out: &mut [f64]) {
    let d_model = pe.len();
    for i in 0..frequency_count(d_model) {
        let (sine, cosine) = pair_dimensions(i, d_model, layout);
        match cosine {
            Some(cosine) => {
                let m = rotation_matrix(k, omega(i, d_model, base));
                let [c, s] = rotate_pair(&m, [pe[cosine], pe[sine]]);
                out[sine] = s;
                out[cosine] = c;
            }
            None => out[sine] = f64::NAN,
        }
    }
}

/// Everything the rotation panel shows for one pair, computed once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairRotation {
    /// ω_i of the pair.
    pub omega: f64,
    /// The rotation angle β = k·ω_i.
    pub angle: f64,
    /// M_k.
    pub matrix: Matrix2,
    /// (cos, sin) = (PE(pos, 2i+1), PE(pos, 2i)).
    pub at_pos: [f64; 2],
    /// M_k · PE(pos).
    pub rotated: [f64; 2],
    /// (PE(pos+k, 2i+1), PE(pos+k, 2i)) from the formula.
    pub at_pos_k: [f64; 2],
    /// max |M_k·PE(pos) − PE(pos+k)| over the two entries.
    pub error: f64,
}

/// The rotation of pair `i` from `pos` to `pos + k`, with the error that shows the identity holds.
///
/// ```
/// use pe_explorer::encoding::pair_rotation;
/// let r = pair_rotation(10.0, 3.0, 0, 16, 10_000.0);
/// assert!(r.error < 1e-15);
/// assert_eq!(r.angle, 3.0);
/// ```
pub fn pair_rotation(pos: f64, k: f64, i: usize, d_model: usize, base: f64) -> PairRotation {
    let w = omega(i, d_model, base);
    let matrix = rotation_matrix(k, w);
    let (s0, c0) = (pos * w).sin_cos();
    let (s1, c1) = ((pos + k) * w).sin_cos();
    let rotated = rotate_pair(&matrix, [c0, s0]);
    let error = (rotated[0] - c1).abs().max((rotated[1] - s1).abs());
    PairRotation {
        omega: w,
        angle: k * w,
        matrix,
        at_pos: [c0, s0],
        rotated,
        at_pos_k: [c1, s1],
        error,
    }
}

/// The largest error of `M_k·PE(pos) − PE(pos+k)` over all complete pairs of the vector.
///
/// # Formula
/// `max over i, j of |(M_k·PE(pos))_j − PE(pos+k)_j|`
///
/// ```
/// use pe_explorer::encoding::{rotation_error, Layout};
/// assert!(rotation_error(10.0, 3.0, 128, 10_000.0, Layout::Interleaved) < 1e-12);
/// ```
pub fn rotation_error(pos: f64, k: f64, d_model: usize, base: f64, layout: Layout) -> f64 {
    let mut at_pos = vec![0.0; d_model];
    let mut at_pos_k = vec![0.0; d_model];
    let mut rotated = vec![0.0; d_model];
    pe_vector(pos, base, layout, &mut at_pos);
    pe_vector(pos + k, base, layout, &mut at_pos_k);
    shift_by_rotation(&at_pos, k, base, layout, &mut rotated);
    rotated
        .iter()
        .zip(&at_pos_k)
        .filter(|(r, _)| !r.is_nan())
        .map(|(r, e)| (r - e).abs())
        .fold(0.0, f64::max)
}

/// Points along the unit circle as the rotation panel draws a pair, `(cos θ, sin θ)`, for θ going
/// from `start` through `start + sweep` in `steps` equal steps (steps + 1 points). With
/// `start = pos·ω_i` and `sweep = k·ω_i` this is the arc from PE(pos) to PE(pos+k).
///
/// ```
/// use pe_explorer::encoding::pair_arc;
/// let arc = pair_arc(0.0, std::f64::consts::FRAC_PI_2, 2);
/// assert_eq!(arc.len(), 3);
/// assert!(arc[2][0].abs() < 1e-15 && (arc[2][1] - 1.0).abs() < 1e-15);
/// ```
pub fn pair_arc(start: f64, sweep: f64, steps: usize) -> Vec<[f64; 2]> {
    let steps = steps.max(1);
    (0..=steps)
        .map(|s| {
            let (sin, cos) = (start + sweep * s as f64 / steps as f64).sin_cos();
            [cos, sin]
        })
        .collect()
}
