//! Dot products between position vectors depend only on the offset between the positions.
//!
//! # Formula
//! For even d_model, by cos(a)cos(b) + sin(a)sin(b) = cos(a − b):
//!
//! ```text
//! PE(m) · PE(n) = Σ_i [sin(mω_i) sin(nω_i) + cos(mω_i) cos(nω_i)] = Σ_i cos(ω_i · (m − n))
//! ```
//!
//! so the m × n matrix of dot products is constant along its diagonals.

use super::sinusoidal::{frequency_count, omega, REANCHOR_EVERY};

/// The dot product of two positions that are `offset` apart, for even d_model.
///
/// # Formula
/// `Σ_{i < d_model/2} cos(ω_i · offset)`; at offset 0 it is d_model/2 (each pair is a unit vector).
///
/// ```
/// use pe_explorer::encoding::dot_product_at_offset;
/// assert_eq!(dot_product_at_offset(0.0, 128, 10_000.0), 64.0);
/// ```
pub fn dot_product_at_offset(offset: f64, d_model: usize, base: f64) -> f64 {
    (0..d_model / 2)
        .map(|i| (omega(i, d_model, base) * offset).cos())
        .sum()
}

/// The curve of the dot product against the offset 0, 1, …, `out.len() − 1`, for even d_model.
///
/// # Formula
/// `out[δ] = Σ_{i < d_model/2} cos(ω_i·δ)`
///
/// ```
/// use pe_explorer::encoding::dot_product_curve;
/// let mut curve = [0.0; 3];
/// dot_product_curve(4, 10_000.0, &mut curve);
/// assert!((curve[1] - (1f64.cos() + 0.01f64.cos())).abs() < 1e-12);
/// ```
pub fn dot_product_curve(d_model: usize, base: f64, out: &mut [f64]) {
    out.fill(0.0);
    // cos(ω·δ) for consecutive δ by rotating (cos, sin) by ω each step, re-anchored on an exact
    // sin_cos every REANCHOR_EVERY steps: the same identity as the matrix fill, and what keeps a
    // 2048-offset curve at d_model 1024 from costing a million libm calls.
    for i in 0..d_model / 2 {
        let w = omega(i, d_model, base);
        let (step_sin, step_cos) = w.sin_cos();
        let (mut s, mut c) = (0.0f64, 1.0f64);
        for (offset, slot) in out.iter_mut().enumerate() {
            if offset % REANCHOR_EVERY == 0 {
                (s, c) = (offset as f64 * w).sin_cos();
            }
            *slot += c;
            (s, c) = (s * step_cos + c * step_sin, c * step_cos - s * step_sin);
        }
    }
}

/// The `length × length` matrix of PE(m)·PE(n), row-major.
///
/// # Formula
/// `out[m·length + n] = Σ_i cos(ω_i·(m − n))`, plus, when d_model is odd, the lone final sine's
/// term `sin(mω)·sin(nω)`, the one part that does not depend on the offset alone.
///
/// Built from the offset curve (length·d_model work) rather than length²·d_model dot products,
/// which is what lets the 2048 × 2048 matrix redraw within a frame.
///
/// ```
/// use pe_explorer::encoding::dot_product_matrix;
/// let mut m = vec![0.0f32; 9];
/// dot_product_matrix(3, 4, 10_000.0, &mut m);
/// assert_eq!(m[0], 2.0);
/// assert_eq!(m[1], m[5]); // (0,1) and (1,2): same offset
/// ```
pub fn dot_product_matrix(length: usize, d_model: usize, base: f64, out: &mut [f32]) {
    assert_eq!(out.len(), length * length, "matrix buffer size");
    let mut curve = vec![0.0; length];
    dot_product_curve(d_model, base, &mut curve);
    let lone_sine = (d_model % 2 == 1).then(|| omega(frequency_count(d_model) - 1, d_model, base));
    for m in 0..length {
        for n in 0..length {
            let mut dot = curve[m.abs_diff(n)];
            if let Some(w) = lone_sine {
                dot += (m as f64 * w).sin() * (n as f64 * w).sin();
            }
            out[m * length + n] = dot as f32;
        }
    }
}

/// Every `stride`-th row and column of the dot-product matrix of an even-width encoding, read
/// from its offset curve.
///
/// # Formula
/// `out[r·rows + c] = curve[|r − c|·stride]`, where `curve[δ] = Σ_i cos(ω_i·δ)` (see
/// [`dot_product_curve`]); `curve` must reach offset `(rows − 1)·stride`.
///
/// ```
/// use pe_explorer::encoding::{dot_product_curve, dot_product_matrix_sampled};
/// let mut curve = [0.0; 5];
/// dot_product_curve(4, 10_000.0, &mut curve);
/// let mut m = [0.0f32; 9];
/// dot_product_matrix_sampled(&curve, 3, 2, &mut m);
/// assert_eq!(m[1], curve[2] as f32); // rows 0 and 1 are positions 0 and 2
/// ```
pub fn dot_product_matrix_sampled(curve: &[f64], rows: usize, stride: usize, out: &mut [f32]) {
    assert_eq!(out.len(), rows * rows, "matrix buffer size");
    for r in 0..rows {
        for c in 0..rows {
            out[r * rows + c] = curve[r.abs_diff(c) * stride] as f32;
        }
    }
}

/// The dot-product matrix of an even-width encoding when there are more positions than pixel
/// rows: cell (r, c) is the mean of PE(m)·PE(n) over the block of `stride` × `stride` position
/// pairs m = r·stride + j, n = c·stride + l (j, l < stride), so that a fast oscillation averages
/// out instead of being sampled into a false pattern.
///
/// # Formula
/// PE(m)·PE(n) = curve[|m − n|] (see [`dot_product_curve`]), and over a block the offset
/// m − n = Δ·stride + t, Δ = r − c, takes each t in −(s − 1)…s − 1 for s − |t| of the s² pairs:
/// `out[r·rows + c] = Σ_t (s − |t|)/s² · curve[|Δ·s + t|]`, a triangle-weighted mean of the curve
/// around Δ·s. Only the rows distinct offsets Δ are computed. `curve` must reach offset
/// `rows·stride − 1`.
///
/// ```
/// use pe_explorer::encoding::{dot_product_curve, dot_product_matrix_block_means};
/// let (rows, s) = (3, 4);
/// let mut curve = vec![0.0; rows * s];
/// dot_product_curve(8, 10_000.0, &mut curve);
/// let mut m = vec![0.0f32; rows * rows];
/// dot_product_matrix_block_means(&curve, rows, s, &mut m);
/// // Cell (2, 0) by brute force: every pair of positions in blocks 2 and 0.
/// let mut mean = 0.0;
/// for j in 0..s {
///     for l in 0..s {
///         mean += curve[(2 * s + j).abs_diff(l)] / (s * s) as f64;
///     }
/// }
/// assert!((m[2 * rows] as f64 - mean).abs() < 1e-6);
/// assert_eq!(m[2 * rows], m[2]); // symmetric
/// ```
pub fn dot_product_matrix_block_means(curve: &[f64], rows: usize, stride: usize, out: &mut [f32]) {
    assert_eq!(out.len(), rows * rows, "matrix buffer size");
    let s = stride as i64;
    let by_offset: Vec<f32> = (0..rows as i64)
        .map(|delta| {
            ((1 - s..s)
                .map(|t| (s - t.abs()) as f64 * curve[(delta * s + t).unsigned_abs() as usize])
                .sum::<f64>()
                / (s * s) as f64) as f32
        })
        .collect();
    for r in 0..rows {
        for c in 0..rows {
            out[r * rows + c] = by_offset[r.abs_diff(c)];
        }
    }
}

/// The plain dot product of two vectors.
///
/// ```
/// assert_eq!(pe_explorer::encoding::dot(&[1.0, 2.0], &[3.0, 4.0]), 11.0);
/// ```
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The cosine of the angle between two vectors; 0 when either is zero.
///
/// # Formula
/// `cos(a, b) = a·b / (|a| |b|)`
///
/// ```
/// assert!((pe_explorer::encoding::cosine_similarity(&[1.0, 0.0], &[1.0, 1.0]) - 0.5f64.sqrt()).abs() < 1e-15);
/// ```
pub fn cosine_similarity(a: &[f64], b: &[f64]) -> f64 {
    let norms = dot(a, a).sqrt() * dot(b, b).sqrt();
    if norms == 0.0 {
        0.0
    } else {
        dot(a, b) / norms
    }
}

/// Cosine similarities between rows of a row-major table, at the positions `picks`.
///
/// # Formula
/// `out[r·n + c] = cos(row(picks[r]), row(picks[c]))`, n = `picks.len()`. The norms are
/// computed once per picked row, so the cost is n²·width multiply-adds.
///
/// ```
/// use pe_explorer::encoding::cosine_matrix;
/// let table = [1.0, 0.0, 0.0, 2.0, 3.0, 3.0]; // three rows of width 2
/// let mut m = vec![0.0f32; 4];
/// cosine_matrix(&table, 2, &[0, 2], &mut m);
/// assert_eq!(m[0], 1.0);
/// assert!((m[1] - 0.5f32.sqrt()).abs() < 1e-7);
/// ```
pub fn cosine_matrix(table: &[f64], width: usize, picks: &[usize], out: &mut [f32]) {
    let n = picks.len();
    assert_eq!(out.len(), n * n, "matrix buffer size");
    let row = |p: usize| &table[p * width..(p + 1) * width];
    let norms: Vec<f64> = picks.iter().map(|&p| dot(row(p), row(p)).sqrt()).collect();
    for r in 0..n {
        for c in r..n {
            let denominator = norms[r] * norms[c];
            let value = if denominator == 0.0 {
                0.0
            } else {
                dot(row(picks[r]), row(picks[c])) / denominator
            };
            out[r * n + c] = value as f32;
            out[c * n + r] = value as f32;
        }
    }
}

/// The cosine of each row with the one before it: `out[p − 1] = cos(row(p), row(p − 1))` for
/// p = 1..rows. A table whose rows are all distinct but alike in spacing gives a flat curve; a
/// table that repeats a row gives exactly 1 there.
///
/// ```
/// use pe_explorer::encoding::neighbour_cosines;
/// let table = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0];
/// assert_eq!(neighbour_cosines(&table, 2), vec![0.0, 1.0]);
/// ```
pub fn neighbour_cosines(table: &[f64], width: usize) -> Vec<f64> {
    let rows: Vec<&[f64]> = table.chunks_exact(width.max(1)).collect();
    rows.windows(2)
        .map(|pair| cosine_similarity(pair[1], pair[0]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_curve_matches_the_formula_at_the_largest_size() {
        let mut curve = vec![0.0; 2048];
        dot_product_curve(1024, 10_000.0, &mut curve);
        for (offset, value) in curve.iter().enumerate() {
            let exact = dot_product_at_offset(offset as f64, 1024, 10_000.0);
            assert!(
                (value - exact).abs() < 1e-9,
                "offset {offset}: {value} vs {exact}"
            );
        }
    }
}
