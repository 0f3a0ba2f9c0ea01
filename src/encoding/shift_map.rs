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
