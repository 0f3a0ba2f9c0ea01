//! Is there one linear map that moves every position by k? For the sinusoidal table there is
//! (a rotation per dimension pair), so the fit error is zero up to rounding; for a learned table
//! the best map leaves an error, which is what this file measures.
//!
//! The least-squares fit costs about 4·m·d·(2d) flops for m position pairs and width d
//! (≈ 300 M at 512 × 384), far more than one frame, so it is a resumable job: each
//! [`ShiftMapFit::step`] does a few columns, and a caller can spread the work over frames.

use super::similarity::dot;

/// The relative error of the best linear map from each position to the one `k` later.
///
/// # Formula
/// With X = rows 0..n−k and Y = rows k..n of the `n × d` table,
/// `error(k) = min over d×d matrices M of ‖Y − X·M‖_F / ‖Y‖_F = ‖(I − Q·Qᵀ)·Y‖_F / ‖Y‖_F`,
/// where Q is an orthonormal basis of X's columns (Householder QR, stable even when X is
/// numerically rank-deficient, as the slow sinusoidal columns make it). If there are no more
/// pairs than dimensions (n − k ≤ d), any table fits exactly and the error is 0.
///
/// ```
/// use pe_explorer::encoding::{pe_matrix_exact, shift_map_error, Layout};
/// let table = pe_matrix_exact(64, 8, 10_000.0, Layout::Interleaved);
/// assert!(shift_map_error(&table, 64, 8, 3) < 1e-12);
/// ```
pub fn shift_map_error(table: &[f64], rows: usize, cols: usize, k: usize) -> f64 {
    let mut fit = ShiftMapFit::new();
    fit.reset(table, rows, cols, k);
    while !fit.step(16) {}
    fit.relative_error().unwrap_or(0.0)
}

/// The fit of [`shift_map_error`] as a job that can be paused between columns. Its buffers are
/// kept across [`ShiftMapFit::reset`], so restarting for a new k does not allocate.
#[derive(Clone, Debug, Default)]
pub struct ShiftMapFit {
    /// Pairs (rows of X and Y).
    pairs: usize,
    width: usize,
    /// [X | Y], column-major: column c is `work[c·pairs..(c + 1)·pairs]`.
    work: Vec<f64>,
    /// The Householder vector of the column being eliminated.
    reflector: Vec<f64>,
    /// Columns of X eliminated so far.
    done: usize,
    target_norm_squared: f64,
}

impl ShiftMapFit {
    pub fn new() -> ShiftMapFit {
        ShiftMapFit::default()
    }

    /// Starts the fit for shift `k` on a row-major `rows × cols` table.
    ///
    /// # Panics
    /// If `table.len() != rows · cols`.
    pub fn reset(&mut self, table: &[f64], rows: usize, cols: usize, k: usize) {
        assert_eq!(table.len(), rows * cols, "table size");
        let pairs = rows.saturating_sub(k);
        self.pairs = pairs;
        self.width = cols;
        self.done = 0;
        self.work.clear();
        self.work.resize(2 * cols * pairs, 0.0);
        for p in 0..pairs {
            for c in 0..cols {
                self.work[c * pairs + p] = table[p * cols + c];
                self.work[(cols + c) * pairs + p] = table[(p + k) * cols + c];
            }
        }
        let targets = &self.work[cols * pairs..];
        self.target_norm_squared = dot(targets, targets);
    }

    /// Columns of X to eliminate in all: d, or fewer when there are fewer pairs than that.
    pub fn total_steps(&self) -> usize {
        self.width.min(self.pairs)
    }

    /// Fraction of the work done, 0 to 1.
    pub fn progress(&self) -> f64 {
        match self.total_steps() {
            0 => 1.0,
            total => self.done as f64 / total as f64,
        }
    }

    /// Eliminates up to `columns` more columns; true when the fit is complete.
    pub fn step(&mut self, columns: usize) -> bool {
        let m = self.pairs;
        for _ in 0..columns {
            let j = self.done;
            if j >= self.total_steps() {
                break;
            }
            // Householder reflection H = I − 2·v·vᵀ/(vᵀv) that maps column j (rows j..m) onto
            // a multiple of e_j; applied to every later column of [X | Y].
            let (head, tail) = self.work.split_at_mut((j + 1) * m);
            let column = &head[j * m + j..(j + 1) * m];
            let norm = dot(column, column).sqrt();
            self.done += 1;
            if norm == 0.0 {
                continue;
            }
            let alpha = if column[0] > 0.0 { -norm } else { norm };
            self.reflector.clear();
            self.reflector.extend_from_slice(column);
            self.reflector[0] -= alpha;
            let v_squared = dot(&self.reflector, &self.reflector);
            if v_squared == 0.0 {
                continue;
            }
            for later in tail.chunks_exact_mut(m) {
                let part = &mut later[j..];
                let factor = 2.0 * dot(&self.reflector, part) / v_squared;
                for (x, v) in part.iter_mut().zip(&self.reflector) {
                    *x -= factor * v;
                }
            }
        }
        self.done >= self.total_steps()
    }

    /// The relative fit error, once [`ShiftMapFit::step`] has returned true.
    pub fn relative_error(&self) -> Option<f64> {
        if self.done < self.total_steps() {
            return None;
        }
        if self.target_norm_squared == 0.0 {
            return Some(0.0);
        }
        // After the reflections, rows 0..r of each Y column are its coordinates in X's column
        // space; the rest is the part no linear map can reach.
        let m = self.pairs;
        let reached = self.total_steps();
        let residual: f64 = self.work[self.width * m..]
            .chunks_exact(m.max(1))
            .map(|column| dot(&column[reached..], &column[reached..]))
            .sum();
        Some((residual / self.target_norm_squared).sqrt())
    }
}

/// The held-out relative error of a ridge-regularised shift map: how well a map fitted on some
/// positions moves the others, the honest measure of "one map for every position" (the
/// in-sample `shift_map_error` has 384 unknowns per output for about 500 pairs, and falls to 0 as
/// the pairs run out).
///
/// # Formula
/// The n = rows − k pairs (x_t, y_t) = (row t, row t + k) are cut into `blocks` runs of
/// consecutive t (sizes ⌈n/B⌉ first, then ⌊n/B⌋, as NumPy's `array_split`). For each run b,
/// M_b = (X_{−b}ᵀX_{−b} + λI)⁻¹ X_{−b}ᵀY_{−b} is fitted on the other runs, and
/// `error = sqrt(Σ_b ‖Y_b − X_b·M_b‖²_F / ‖Y‖²_F)`: K-fold cross-validation of ridge regression,
/// CV = (1/N)·Σ_i L(y_i, f̂^(−κ(i))(x_i)) (Hastie, Tibshirani and Friedman, *The Elements of
/// Statistical Learning*, ch. 7) with the squared error pooled and taken relative to ‖Y‖². Runs
/// of consecutive positions keep a held-out position's neighbours out of the fit too.
/// The normal equations are solved by Cholesky (λ > 0 makes them positive definite).
///
/// ```
/// use pe_explorer::encoding::{pe_matrix_exact, Layout};
/// use pe_explorer::encoding::shift_map::held_out_shift_error;
/// // The sinusoidal table's shift is one rotation per pair: held-out positions follow it too.
/// let table = pe_matrix_exact(128, 8, 10_000.0, Layout::Interleaved);
/// assert!(held_out_shift_error(&table, 128, 8, 3, 5, 1e-9) < 1e-6);
/// ```
pub fn held_out_shift_error(
    table: &[f64],
    rows: usize,
    cols: usize,
    k: usize,
    blocks: usize,
    ridge: f64,
) -> f64 {
    let n = rows.saturating_sub(k);
    let blocks = blocks.clamp(1, n.max(1));
    if n == 0 || cols == 0 || blocks < 2 {
        return 0.0;
    }
    let row = |t: usize| &table[t * cols..(t + 1) * cols];
    // Σ x xᵀ and Σ x yᵀ over the pairs in `range`, added with `sign` into `gram` and `cross`.
    let accumulate =
        |gram: &mut [f64], cross: &mut [f64], range: std::ops::Range<usize>, sign: f64| {
            for t in range {
                let (x, y) = (row(t), row(t + k));
                for i in 0..cols {
                    let xi = sign * x[i];
                    let (g, c) = (
                        &mut gram[i * cols..(i + 1) * cols],
                        &mut cross[i * cols..(i + 1) * cols],
                    );
                    for j in 0..cols {
                        g[j] += xi * x[j];
                        c[j] += xi * y[j];
                    }
                }
            }
        };
    let mut all_gram = vec![0.0; cols * cols];
    let mut all_cross = vec![0.0; cols * cols];
    accumulate(&mut all_gram, &mut all_cross, 0..n, 1.0);
    let target: f64 = (0..n).map(|t| dot(row(t + k), row(t + k))).sum();
    if target == 0.0 {
        return 0.0;
    }
    let (size, extra) = (n / blocks, n % blocks);
    let mut start = 0;
    let mut residual = 0.0;
    for b in 0..blocks {
        let run = start..start + size + usize::from(b < extra);
        start = run.end;
        let mut gram = all_gram.clone();
        let mut cross = all_cross.clone();
        accumulate(&mut gram, &mut cross, run.clone(), -1.0);
        for i in 0..cols {
            gram[i * cols + i] += ridge;
        }
        let Some(map) = cholesky_solve(&mut gram, &mut cross, cols) else {
            return f64::NAN;
        };
        for t in run {
            let (x, y) = (row(t), row(t + k));
            for j in 0..cols {
                let moved: f64 = (0..cols).map(|i| x[i] * map[i * cols + j]).sum();
                residual += (y[j] - moved).powi(2);
            }
        }
    }
    (residual / target).sqrt()
}

/// Solves A·M = C for M (d × d, row-major, returned in `c`) with A symmetric positive definite,
/// by A = L·Lᵀ (Cholesky, overwriting `a`) and two triangular solves; `None` if A is not
/// positive definite.
fn cholesky_solve<'a>(a: &mut [f64], c: &'a mut [f64], d: usize) -> Option<&'a [f64]> {
    for j in 0..d {
        let mut diagonal = a[j * d + j];
        for p in 0..j {
            diagonal -= a[j * d + p] * a[j * d + p];
        }
        if diagonal <= 0.0 || !diagonal.is_finite() {
            return None;
        }
        let diagonal = diagonal.sqrt();
        a[j * d + j] = diagonal;
        for i in j + 1..d {
            let mut value = a[i * d + j];
            for p in 0..j {
                value -= a[i * d + p] * a[j * d + p];
            }
            a[i * d + j] = value / diagonal;
        }
    }
    // L·Z = C, row by row from the top; then Lᵀ·M = Z from the bottom.
    for i in 0..d {
        for p in 0..i {
            let l = a[i * d + p];
            for j in 0..d {
                c[i * d + j] -= l * c[p * d + j];
            }
        }
        let l = a[i * d + i];
        c[i * d..(i + 1) * d].iter_mut().for_each(|v| *v /= l);
    }
    for i in (0..d).rev() {
        for p in i + 1..d {
            let l = a[p * d + i];
            for j in 0..d {
                c[i * d + j] -= l * c[p * d + j];
            }
        }
        let l = a[i * d + i];
        c[i * d..(i + 1) * d].iter_mut().for_each(|v| *v /= l);
    }
    Some(c)
}

/// The mean cosine similarity of positions `offset` apart, for offsets 0..=`max_offset`.
///
/// # Formula
/// `out[k] = mean over p in 0..rows−k of cos(row(p), row(p + k))`. For the sinusoidal table this
/// is `Σ_i cos(ω_i·k) / (d/2)` at every p; a learned table only has it on average.
///
/// ```
/// use pe_explorer::encoding::mean_offset_cosines;
/// let table = [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]; // rows e1, e2, e1
/// assert_eq!(mean_offset_cosines(&table, 3, 2, 2), vec![1.0, 0.0, 1.0]);
/// ```
pub fn mean_offset_cosines(table: &[f64], rows: usize, cols: usize, max_offset: usize) -> Vec<f64> {
    assert_eq!(table.len(), rows * cols, "table size");
    // Unit rows once, so each cosine is one dot product.
    let mut unit = table.to_vec();
    for row in unit.chunks_exact_mut(cols.max(1)) {
        let norm = dot(row, row).sqrt();
        if norm > 0.0 {
            row.iter_mut().for_each(|x| *x /= norm);
        }
    }
    let row = |p: usize| &unit[p * cols..(p + 1) * cols];
    (0..=max_offset.min(rows.saturating_sub(1)))
        .map(|k| {
            let count = rows - k;
            (0..count).map(|p| dot(row(p), row(p + k))).sum::<f64>() / count as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{pe_matrix_exact, Layout};

    #[test]
    fn stepping_in_small_slices_gives_the_same_error_as_one_run() {
        let table: Vec<f64> = (0..40 * 6).map(|i| ((i * 37 % 101) as f64).sin()).collect();
        let whole = shift_map_error(&table, 40, 6, 2);
        let mut fit = ShiftMapFit::new();
        fit.reset(&table, 40, 6, 2);
        let mut calls = 0;
        while !fit.step(1) {
            calls += 1;
            assert!(fit.relative_error().is_none(), "no answer before the end");
        }
        assert_eq!(calls, 5);
        assert_eq!(fit.relative_error(), Some(whole));
        assert!(whole > 0.05, "a scrambled table has no shift map: {whole}");
    }

    #[test]
    fn the_sinusoidal_table_has_an_exact_shift_map_in_both_layouts() {
        for layout in [Layout::Interleaved, Layout::SplitHalves] {
            let table = pe_matrix_exact(200, 32, 10_000.0, layout);
            for k in [1, 7, 50] {
                let error = shift_map_error(&table, 200, 32, k);
                assert!(error < 1e-12, "k = {k}: {error}");
            }
        }
    }

    #[test]
    fn fewer_pairs_than_dimensions_fit_exactly() {
        let table: Vec<f64> = (0..10 * 8).map(|i| ((i * 13 % 17) as f64) - 8.0).collect();
        assert!(shift_map_error(&table, 10, 8, 3) < 1e-12);
    }
}
