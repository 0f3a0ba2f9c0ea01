//! The sinusoidal positional encoding of "Attention Is All You Need".
//!
//! # Formula
//! For position `pos`, pair index `i` and model width `d_model`:
//!
//! ```text
//! ω_i          = base^(−2i / d_model)
//! PE(pos, 2i)   = sin(pos · ω_i)
//! PE(pos, 2i+1) = cos(pos · ω_i)
//! ```
//!
//! Small i turns fast (ω_0 = 1, wavelength 2π); large i turns slowly (wavelength up to 2π·base).

use std::f64::consts::TAU;

/// Where the sine and cosine of each pair sit in the vector.
///
/// Figures online disagree because both are in use: the paper interleaves (sin, cos, sin, cos…),
/// tensor2tensor and many plots put all sines first and all cosines after. The values are the
/// same set; only their order differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Dimension 2i is sin(pos·ω_i), 2i+1 is cos(pos·ω_i) (the paper's layout).
    #[default]
    Interleaved,
    /// Dimensions 0..⌈d/2⌉ are the sines, the rest the cosines, in order of i.
    SplitHalves,
}

/// Number of frequencies for a width: one per pair, plus one for a lone final sine when d_model
/// is odd.
pub fn frequency_count(d_model: usize) -> usize {
    d_model.div_ceil(2)
}

/// The angular frequency of pair `i`.
///
/// # Formula
/// `ω_i = base^(−2i / d_model)`
///
/// ```
/// use pe_explorer::encoding::omega;
/// assert_eq!(omega(0, 128, 10_000.0), 1.0);
/// assert!((omega(32, 128, 10_000.0) - 0.01).abs() < 1e-15);
/// ```
pub fn omega(i: usize, d_model: usize, base: f64) -> f64 {
    base.powf(-((2 * i) as f64) / d_model as f64)
}

/// The wavelength of pair `i`: how many positions one full turn of its (sin, cos) point takes.
///
/// # Formula
/// `λ_i = 2π / ω_i = 2π · base^(2i / d_model)`, from 2π (i = 0) towards 2π·base.
///
/// ```
/// use pe_explorer::encoding::wavelength;
/// assert!((wavelength(0, 512, 10_000.0) - std::f64::consts::TAU).abs() < 1e-12);
/// ```
pub fn wavelength(i: usize, d_model: usize, base: f64) -> f64 {
    TAU / omega(i, d_model, base)
}

/// Which pair a dimension belongs to, and whether it holds the sine (`true`) or the cosine.
///
/// ```
/// use pe_explorer::encoding::{dimension_role, Layout};
/// assert_eq!(dimension_role(5, 8, Layout::Interleaved), (2, false));
/// assert_eq!(dimension_role(5, 8, Layout::SplitHalves), (1, false));
/// ```
pub fn dimension_role(dim: usize, d_model: usize, layout: Layout) -> (usize, bool) {
    match layout {
        Layout::Interleaved => (dim / 2, dim.is_multiple_of(2)),
        Layout::SplitHalves => {
            let sines = frequency_count(d_model);
            if dim < sines {
                (dim, true)
            } else {
                (dim - sines, false)
            }
        }
    }
}

/// The dimensions that hold pair `i`'s (sine, cosine). For odd d_model the last pair has no
/// cosine; its second entry is then `None`.
///
/// ```
/// use pe_explorer::encoding::{pair_dimensions, Layout};
/// assert_eq!(pair_dimensions(2, 8, Layout::Interleaved), (4, Some(5)));
/// assert_eq!(pair_dimensions(2, 8, Layout::SplitHalves), (2, Some(6)));
/// ```
pub fn pair_dimensions(i: usize, d_model: usize, layout: Layout) -> (usize, Option<usize>) {
    let (sine, cosine) = match layout {
        Layout::Interleaved => (2 * i, 2 * i + 1),
        Layout::SplitHalves => (i, frequency_count(d_model) + i),
    };
    (sine, (cosine < d_model).then_some(cosine))
}

/// One value of the encoding.
///
/// # Formula
/// `PE(pos, dim)` = `sin(pos·ω_i)` if `dim` holds pair i's sine, `cos(pos·ω_i)` if its cosine.
///
/// ```
/// use pe_explorer::encoding::{pe_value, Layout};
/// // PE(1, 0) = sin(1)
/// assert!((pe_value(1.0, 0, 4, 10_000.0, Layout::Interleaved) - 0.841470985).abs() < 1e-9);
/// ```
pub fn pe_value(pos: f64, dim: usize, d_model: usize, base: f64, layout: Layout) -> f64 {
    let (i, is_sine) = dimension_role(dim, d_model, layout);
    let angle = pos * omega(i, d_model, base);
    if is_sine {
        angle.sin()
    } else {
        angle.cos()
    }
}

/// The encoding of one position, written into `out` (its length is d_model).
///
/// # Formula
/// `out[dim] = PE(pos, dim)` for every dim, in f64 from the formula (the reference path).
///
/// ```
/// use pe_explorer::encoding::{pe_vector, Layout};
/// let mut v = [0.0; 4];
/// pe_vector(0.0, 10_000.0, Layout::Interleaved, &mut v);
/// assert_eq!(v, [0.0, 1.0, 0.0, 1.0]);
/// ```
pub fn pe_vector(pos: f64, base: f64, layout: Layout, out: &mut [f64]) {
    let d_model = out.len();
    for i in 0..frequency_count(d_model) {
        let (s, c) = (pos * omega(i, d_model, base)).sin_cos();
        let (sine, cosine) = pair_dimensions(i, d_model, layout);
        out[sine] = s;
        if let Some(cosine) = cosine {
            out[cosine] = c;
        }
    }
}

/// How many consecutive positions the fast fill advances by rotation before it re-anchors on
/// an exact sin/cos. The rotation recurrence loses about one ulp of f64 per step, so 32 steps
/// keep the error near 1e-14, far inside f32's 6e-8 rounding.
pub const REANCHOR_EVERY: usize = 32;

/// The full `length × d_model` matrix, row-major (row = position), into `out`.
///
/// # Formula
/// `out[pos·d_model + dim] = PE(pos, dim)` for `pos` in `0..length`.
///
/// Computed with the lesson's own identity: PE(pos+1) restricted to pair i is PE(pos) rotated by
/// ω_i, i.e. `s' = s·cos ω + c·sin ω`, `c' = c·cos ω − s·sin ω`, in f64, re-anchored every
/// [`REANCHOR_EVERY`] rows with an exact `sin_cos`. That replaces 2 transcendental calls per
/// value with 4 multiplies and 2 adds per pair, which is what makes a 2048 × 1024 fill take a
/// few milliseconds. Stored as f32 because that is what is drawn, and it halves memory.
///
/// `scratch` holds the per-pair recurrence state; it is reused so that a redraw allocates
/// nothing once it has grown to the largest d_model seen.
///
/// # Panics
/// If `out.len() != length * d_model`.
///
/// ```
/// use pe_explorer::encoding::{fill_pe_matrix, Layout, PeScratch};
/// let mut m = vec![0.0f32; 8 * 4];
/// fill_pe_matrix(8, 4, 10_000.0, Layout::Interleaved, &mut PeScratch::default(), &mut m);
/// assert!((m[4] - 0.841470985).abs() < 1e-7); // PE(1, 0) = sin(1)
/// ```
pub fn fill_pe_matrix(
    length: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    scratch: &mut PeScratch,
    out: &mut [f32],
) {
    fill_pe_rows(length, 1, d_model, base, layout, scratch, out);
}

/// Every `stride`-th row of the matrix: `rows` rows for positions 0, stride, 2·stride, …
///
/// # Formula
/// `out[r·d_model + dim] = PE(r·stride, dim)`; the recurrence steps by the rotation of angle
/// `stride·ω_i`. A heatmap taller than the screen has pixels uses this to compute only the rows
/// it can show.
///
/// # Panics
/// If `out.len() != rows * d_model` or `stride == 0`.
///
/// ```
/// use pe_explorer::encoding::{fill_pe_rows, Layout, PeScratch};
/// let mut m = vec![0.0f32; 2 * 2];
/// fill_pe_rows(2, 3, 2, 10_000.0, Layout::Interleaved, &mut PeScratch::default(), &mut m);
/// assert!((m[2] - 3f32.sin()).abs() < 1e-7); // row 1 is PE(3)
/// ```
pub fn fill_pe_rows(
    rows: usize,
    stride: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    scratch: &mut PeScratch,
    out: &mut [f32],
) {
    assert_eq!(out.len(), rows * d_model, "matrix buffer size");
    assert!(stride > 0, "stride must be positive");
    let n = frequency_count(d_model);
    scratch.prepare(n, d_model, base, stride as f64);
    let PeScratch {
        omega,
        step_cos,
        step_sin,
        sin,
        cos,
    } = scratch;
    for (row_index, row) in out.chunks_exact_mut(d_model.max(1)).enumerate() {
        if row_index % REANCHOR_EVERY == 0 {
            let pos = (row_index * stride) as f64;
            for f in 0..n {
                (sin[f], cos[f]) = (pos * omega[f]).sin_cos();
            }
        } else {
            for f in 0..n {
                let (s, c) = (sin[f], cos[f]);
                sin[f] = s * step_cos[f] + c * step_sin[f];
                cos[f] = c * step_cos[f] - s * step_sin[f];
            }
        }
        write_row(row, &sin[..n], &cos[..n], layout);
    }
}

/// The heatmap's rows when there are more positions than pixel rows: row r is the mean of PE
/// over the block of `stride` positions r·stride, …, r·stride + stride − 1, so that a fast
/// wave averages out (to about 0) instead of being sampled into a false pattern (aliasing).
///
/// # Formula
/// The mean of a wave over a block is the wave at the block's centre, shrunk:
/// `(1/s) Σ_{j=0}^{s−1} e^{iω(p+j)} = e^{iω(p + (s−1)/2)} · D_s(ω)`, with the Dirichlet kernel
/// `D_s(ω) = sin(sω/2) / (s·sin(ω/2))` (1 where sin(ω/2) = 0 within rounding). Real and imaginary
/// parts give the cosine and the sine. Computed from [`fill_pe_rows`]' samples by turning each
/// pair by ω(s − 1)/2 and scaling it by D_s(ω). A lone final sine (odd d_model) keeps its sample.
///
/// # Panics
/// As [`fill_pe_rows`].
///
/// ```
/// use pe_explorer::encoding::{fill_pe_block_means, pe_vector, Layout, PeScratch};
/// // Two rows of blocks of 3 positions, d_model = 4: row 1 is the mean of PE(3), PE(4), PE(5).
/// let mut m = vec![0.0f32; 2 * 4];
/// fill_pe_block_means(2, 3, 4, 10_000.0, Layout::Interleaved, &mut PeScratch::default(), &mut m);
/// let mut mean = [0.0; 4];
/// for p in 3..6 {
///     let mut v = [0.0; 4];
///     pe_vector(p as f64, 10_000.0, Layout::Interleaved, &mut v);
///     for d in 0..4 { mean[d] += v[d] / 3.0; }
/// }
/// for d in 0..4 { assert!((m[4 + d] as f64 - mean[d]).abs() < 1e-6, "dim {d}"); }
/// ```
pub fn fill_pe_block_means(
    rows: usize,
    stride: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    scratch: &mut PeScratch,
    out: &mut [f32],
) {
    fill_pe_rows(rows, stride, d_model, base, layout, scratch, out);
    if stride == 1 {
        return;
    }
    let s = stride as f64;
    for i in 0..frequency_count(d_model) {
        let (sine, Some(cosine)) = pair_dimensions(i, d_model, layout) else {
            continue;
        };
        let w = omega(i, d_model, base);
        let half = (w / 2.0).sin();
        let shrink = if half.abs() < 1e-12 {
            1.0
        } else {
            (s * w / 2.0).sin() / (s * half)
        };
        let (turn_sin, turn_cos) = (w * (s - 1.0) / 2.0).sin_cos();
        for row in out.chunks_exact_mut(d_model) {
            let (sn, cs) = (row[sine] as f64, row[cosine] as f64);
            row[sine] = (shrink * (sn * turn_cos + cs * turn_sin)) as f32;
            row[cosine] = (shrink * (cs * turn_cos - sn * turn_sin)) as f32;
        }
    }
}

/// Writes one row from per-pair sines and cosines; a lone final sine (odd d_model) has no cosine.
fn write_row(row: &mut [f32], sin: &[f64], cos: &[f64], layout: Layout) {
    let d_model = row.len();
    match layout {
        Layout::Interleaved => {
            let (pairs, rest) = row.split_at_mut(d_model - d_model % 2);
            for ((slot, s), c) in pairs.chunks_exact_mut(2).zip(sin).zip(cos) {
                slot[0] = *s as f32;
                slot[1] = *c as f32;
            }
            if let Some(last) = rest.first_mut() {
                *last = sin[sin.len() - 1] as f32;
            }
        }
        Layout::SplitHalves => {
            let (sines, cosines) = row.split_at_mut(sin.len());
            for (slot, s) in sines.iter_mut().zip(sin) {
                *slot = *s as f32;
            }
            for (slot, c) in cosines.iter_mut().zip(cos) {
                *slot = *c as f32;
            }
        }
    }
}

/// Reusable per-frequency state for [`fill_pe_matrix`].
#[derive(Clone, Debug, Default)]
pub struct PeScratch {
    omega: Vec<f64>,
    step_cos: Vec<f64>,
    step_sin: Vec<f64>,
    sin: Vec<f64>,
    cos: Vec<f64>,
}

impl PeScratch {
    fn prepare(&mut self, n: usize, d_model: usize, base: f64, stride: f64) {
        for v in [
            &mut self.omega,
            &mut self.step_cos,
            &mut self.step_sin,
            &mut self.sin,
            &mut self.cos,
        ] {
            v.resize(n, 0.0);
        }
        for f in 0..n {
            self.omega[f] = omega(f, d_model, base);
            (self.step_sin[f], self.step_cos[f]) = (stride * self.omega[f]).sin_cos();
        }
    }
}

/// One column of the matrix: dimension `dim` at positions 0, 1, …, `out.len() − 1` (a wave).
///
/// # Formula
/// `out[pos] = PE(pos, dim)`
///
/// ```
/// use pe_explorer::encoding::{pe_column, Layout};
/// let mut wave = [0.0; 3];
/// pe_column(1, 4, 10_000.0, Layout::Interleaved, &mut wave);
/// assert_eq!(wave[0], 1.0); // cos(0)
/// assert!((wave[2] - 2f64.cos()).abs() < 1e-15);
/// ```
pub fn pe_column(dim: usize, d_model: usize, base: f64, layout: Layout, out: &mut [f64]) {
    let (i, is_sine) = dimension_role(dim, d_model, layout);
    let w = omega(i, d_model, base);
    for (pos, slot) in out.iter_mut().enumerate() {
        let angle = pos as f64 * w;
        *slot = if is_sine { angle.sin() } else { angle.cos() };
    }
}

/// The same matrix computed value by value from the formula in f64; the reference the fast path
/// is tested against, and what CSV export uses.
pub fn pe_matrix_exact(length: usize, d_model: usize, base: f64, layout: Layout) -> Vec<f64> {
    let mut out = vec![0.0; length * d_model];
    for (pos, row) in out.chunks_exact_mut(d_model.max(1)).enumerate() {
        pe_vector(pos as f64, base, layout, row);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_fill_stays_within_1e5_of_the_f64_formula_at_the_largest_size() {
        let (length, d_model, base) = (2048, 1024, 10_000.0);
        let mut fast = vec![0.0f32; length * d_model];
        let mut scratch = PeScratch::default();
        fill_pe_matrix(
            length,
            d_model,
            base,
            Layout::Interleaved,
            &mut scratch,
            &mut fast,
        );
        let mut row = vec![0.0; d_model];
        let mut worst = 0.0f64;
        for pos in 0..length {
            pe_vector(pos as f64, base, Layout::Interleaved, &mut row);
            for dim in 0..d_model {
                worst = worst.max((fast[pos * d_model + dim] as f64 - row[dim]).abs());
            }
        }
        assert!(worst <= 1e-5, "max error {worst}");
        // f32 rounding alone is 6e-8; the recurrence must add almost nothing.
        assert!(worst < 1e-7, "max error {worst}");
    }

    #[test]
    fn fast_fill_matches_exact_for_both_layouts_and_odd_width() {
        for layout in [Layout::Interleaved, Layout::SplitHalves] {
            for d_model in [1, 2, 3, 7, 16] {
                let length = 70;
                let mut fast = vec![0.0f32; length * d_model];
                fill_pe_matrix(
                    length,
                    d_model,
                    100.0,
                    layout,
                    &mut PeScratch::default(),
                    &mut fast,
                );
                let exact = pe_matrix_exact(length, d_model, 100.0, layout);
                for (f, e) in fast.iter().zip(&exact) {
                    assert!((*f as f64 - e).abs() < 1e-6, "{layout:?} d={d_model}");
                }
            }
        }
    }

    #[test]
    fn strided_rows_match_the_formula() {
        let (rows, stride, d) = (100, 7, 64);
        let mut m = vec![0.0f32; rows * d];
        fill_pe_rows(
            rows,
            stride,
            d,
            10_000.0,
            Layout::SplitHalves,
            &mut PeScratch::default(),
            &mut m,
        );
        let mut v = vec![0.0; d];
        for r in 0..rows {
            pe_vector((r * stride) as f64, 10_000.0, Layout::SplitHalves, &mut v);
            for dim in 0..d {
                assert!((m[r * d + dim] as f64 - v[dim]).abs() < 1e-6);
            }
        }
    }

    #[test]
    fn odd_width_ends_with_a_sine() {
        let mut v = [0.0; 5];
        pe_vector(3.0, 10_000.0, Layout::Interleaved, &mut v);
        assert_eq!(v[4], (3.0 * omega(2, 5, 10_000.0)).sin());
        assert_eq!(pair_dimensions(2, 5, Layout::Interleaved), (4, None));
        assert_eq!(pair_dimensions(2, 5, Layout::SplitHalves), (2, None));
    }

    #[test]
    fn wavelengths_span_two_pi_to_two_pi_times_base() {
        let d = 512;
        assert!((wavelength(0, d, 10_000.0) - TAU).abs() < 1e-12);
        let last = wavelength(d / 2 - 1, d, 10_000.0);
        assert!(last < TAU * 10_000.0 && last > TAU * 9_000.0);
    }
}
