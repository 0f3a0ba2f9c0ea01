//! A linear model fitting a curve over positions, from different position features.
//!
//! The model is y(t) ≈ Σ_j c_j·x_j(t) over positions t = 0 … fitted − 1, with the coefficients c
//! chosen by least squares, and then evaluated past the fitted range. The features x_j(t):
//! - `Line`: 1 and t, all a straight line can use;
//! - `Sinusoidal`: 1 and the first m pairs sin(ω_i·t), cos(ω_i·t) of the encoding,
//!   ω_i = base^(−2i/d_model);
//! - `Table`: one free value per position up to `rows`, the last row reused after it (a learned
//!   position table, as the source text describes its extrapolation).
//!
//! What the fits show, and what the lesson says about the source text's claim that sinusoids
//! "extrapolate a periodic function": a periodic target built from the encoding's own
//! frequencies is fitted exactly and continues exactly past the fitted range; a target whose
//! period the encoding does not have (a square wave of period 16 against ω_i = 10000^(−2i/16)) is
//! only approximated inside, and the slow pairs that helped there (over a short range they act
//! like t, t², …) drift outside, far from the target (the tests measure both). The table
//! predicts one constant past its last row.
//!
//! Least squares with a tiny ridge, min ‖Xc − y‖² + λ‖c‖² with λ = `RIDGE`: the slow pairs'
//! columns are nearly equal to each other and to the constant over a short range, and the ridge
//! makes the one solution well defined (computed by Householder QR of [X; √λ·I], Golub and Van
//! Loan, *Matrix Computations*, 4th ed., §5.2 and §5.3; numpy's `lstsq` of the same stacked
//! system gives the same numbers, tests/reference.rs).

/// The ridge λ of every fit: small enough to leave a well-posed fit unchanged to 1e-9, large
/// enough to pick one solution when columns are (nearly) dependent.
pub const RIDGE: f64 = 1e-9;

/// The curve over positions that the model is asked to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// +1 for the first half of each period, −1 for the second.
    Square { period: f64 },
    /// sin(2πt/first) + ½·sin(2πt/second).
    TwoPeriods { first: f64, second: f64 },
    /// sin(φ(t)) with a frequency that rises steadily: φ(t) = 2πt/period·(1 + t/(2·span)), so the
    /// local period falls from `period` at t = 0 to half of it at t = span. Not periodic.
    Chirp { period: f64, span: f64 },
}

/// The lesson's three targets, as the basis lab offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetChoice {
    /// Two of the encoding's own waves: pairs 0 and j = min(2, d_model/2 − 1) (`own_pairs`).
    OwnWaves,
    /// A square wave of period 16, which no pair of the encoding has.
    Square,
    /// A chirp from period 12 at t = 0 to 6 at the end of the fitted range.
    Chirp,
}

impl TargetChoice {
    pub const ALL: [TargetChoice; 3] = [
        TargetChoice::OwnWaves,
        TargetChoice::Square,
        TargetChoice::Chirp,
    ];

    /// The encoding's pairs that `OwnWaves` is made of: 0 and min(2, d_model/2 − 1) (the same
    /// pair twice when d_model = 2 has only one).
    pub fn own_pairs(d_model: usize) -> (usize, usize) {
        (0, (d_model / 2).saturating_sub(1).min(2))
    }

    /// The target for an encoding of `d_model` and `base`, fitted over `fitted` positions:
    /// `OwnWaves` is sin(ω_0·t) + ½·sin(ω_j·t), periods 2π/ω of the encoding's own pairs.
    ///
    /// ```
    /// use pe_explorer::encoding::basis_fit::{Target, TargetChoice};
    /// let Target::TwoPeriods { first, .. } = TargetChoice::OwnWaves.target(128, 1e4, 64) else { panic!() };
    /// assert_eq!(first, std::f64::consts::TAU); // ω_0 = 1
    /// ```
    pub fn target(self, d_model: usize, base: f64, fitted: usize) -> Target {
        use std::f64::consts::TAU;
        match self {
            TargetChoice::OwnWaves => {
                let (first, second) = Self::own_pairs(d_model);
                Target::TwoPeriods {
                    first: TAU / super::omega(first, d_model, base),
                    second: TAU / super::omega(second, d_model, base),
                }
            }
            TargetChoice::Square => Target::Square { period: 16.0 },
            TargetChoice::Chirp => Target::Chirp {
                period: 12.0,
                span: fitted.max(1) as f64,
            },
        }
    }
}

/// The target's value at position t.
///
/// ```
/// use pe_explorer::encoding::basis_fit::{target_value, Target};
/// let square = Target::Square { period: 4.0 };
/// assert_eq!([0.0, 1.0, 2.0, 3.0, 4.0].map(|t| target_value(square, t)), [1.0, 1.0, -1.0, -1.0, 1.0]);
/// ```
pub fn target_value(target: Target, t: f64) -> f64 {
    use std::f64::consts::TAU;
    match target {
        Target::Square { period } => {
            if t.rem_euclid(period) < period / 2.0 {
                1.0
            } else {
                -1.0
            }
        }
        Target::TwoPeriods { first, second } => {
            (TAU * t / first).sin() + 0.5 * (TAU * t / second).sin()
        }
        Target::Chirp { period, span } => (TAU * t / period * (1.0 + t / (2.0 * span))).sin(),
    }
}

/// The position features the linear model may combine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Features {
    /// 1 and t.
    Line,
    /// 1, then sin(ω_i·t), cos(ω_i·t) for the first `pairs` pairs, ω_i = base^(−2i/d_model).
    Sinusoidal {
        pairs: usize,
        d_model: usize,
        base: f64,
    },
    /// One indicator per row: row min(t, rows − 1) is 1, the others 0.
    Table { rows: usize },
}

impl Features {
    /// How many features (columns) there are.
    pub fn count(self) -> usize {
        match self {
            Features::Line => 2,
            Features::Sinusoidal { pairs, .. } => 1 + 2 * pairs,
            Features::Table { rows } => rows.max(1),
        }
    }

    /// The features at position t, written to `row` (its length is `self.count()`).
    ///
    /// ```
    /// use pe_explorer::encoding::basis_fit::Features;
    /// let mut row = [0.0; 3];
    /// Features::Table { rows: 3 }.write(7, &mut row);
    /// assert_eq!(row, [0.0, 0.0, 1.0]);
    /// ```
    pub fn write(self, t: usize, row: &mut [f64]) {
        row.iter_mut().for_each(|x| *x = 0.0);
        match self {
            Features::Line => {
                row[0] = 1.0;
                row[1] = t as f64;
            }
            Features::Sinusoidal {
                pairs,
                d_model,
                base,
            } => {
                row[0] = 1.0;
                for i in 0..pairs {
                    let omega = super::omega(i, d_model, base);
                    let (sin, cos) = (omega * t as f64).sin_cos();
                    row[1 + 2 * i] = sin;
                    row[2 + 2 * i] = cos;
                }
            }
            Features::Table { rows } => row[t.min(rows.max(1) - 1)] = 1.0,
        }
    }
}

/// Least squares with a ridge: the c minimising ‖Xc − y‖² + λ‖c‖², X row-major `rows × cols`.
/// By Householder QR of the stacked matrix [X; √λ·I] against [y; 0]: Q R = stacked, then R c =
/// (Qᵀ [y; 0]) solved from the bottom row up. With λ > 0 the stacked matrix has full column rank,
/// so the solution is unique.
///
/// ```
/// use pe_explorer::encoding::basis_fit::ridge_least_squares;
/// // y = 2 + 3t through three points: recovered to rounding with a tiny ridge.
/// let x = [1.0, 0.0, 1.0, 1.0, 1.0, 2.0];
/// let c = ridge_least_squares(&x, 3, 2, &[2.0, 5.0, 8.0], 1e-12);
/// assert!((c[0] - 2.0).abs() < 1e-9 && (c[1] - 3.0).abs() < 1e-9);
/// ```
pub fn ridge_least_squares(x: &[f64], rows: usize, cols: usize, y: &[f64], ridge: f64) -> Vec<f64> {
    if cols == 0 || x.len() != rows * cols || y.len() != rows {
        return vec![0.0; cols];
    }
    // The stacked system, column-major for the reflections: a[j] is column j.
    let root = ridge.max(0.0).sqrt();
    let mut a: Vec<Vec<f64>> = (0..cols)
        .map(|j| {
            let mut column: Vec<f64> = (0..rows).map(|r| x[r * cols + j]).collect();
            column.extend((0..cols).map(|k| if k == j { root } else { 0.0 }));
            column
        })
        .collect();
    let mut b: Vec<f64> = y
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0.0, cols))
        .collect();
    for j in 0..cols {
        // The reflection H = I − 2vvᵀ/(vᵀv) that zeroes column j below its diagonal.
        let norm = a[j][j..].iter().map(|v| v * v).sum::<f64>().sqrt();
        if norm == 0.0 {
            continue;
        }
        let alpha = if a[j][j] > 0.0 { -norm } else { norm };
        let mut v = a[j][j..].to_vec();
        v[0] -= alpha;
        let vv: f64 = v.iter().map(|v| v * v).sum();
        if vv == 0.0 {
            continue;
        }
        let reflect = |column: &mut [f64]| {
            let dot: f64 = column[j..].iter().zip(&v).map(|(c, v)| c * v).sum();
            let scale = 2.0 * dot / vv;
            column[j..]
                .iter_mut()
                .zip(&v)
                .for_each(|(c, v)| *c -= scale * v);
        };
        for column in a.iter_mut().skip(j) {
            reflect(column);
        }
        reflect(&mut b);
    }
    // R c = (Qᵀ b)[..cols], R upper triangular: back substitution.
    let mut c = vec![0.0; cols];
    for j in (0..cols).rev() {
        let known: f64 = (j + 1..cols).map(|k| a[k][j] * c[k]).sum();
        c[j] = if a[j][j] == 0.0 {
            0.0
        } else {
            (b[j] - known) / a[j][j]
        };
    }
    c
}

/// A fit and how well it does inside and past the fitted range.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub coefficients: Vec<f64>,
    /// The model's value at every shown position 0 … shown − 1.
    pub predictions: Vec<f64>,
    /// Root mean square error over the fitted positions 0 … fitted − 1.
    pub rms_fitted: f64,
    /// Root mean square error over the positions past them, fitted … shown − 1 (0 if none).
    pub rms_beyond: f64,
}

/// Fits `target` with `features` over positions 0 … fitted − 1 (ridge `RIDGE`) and evaluates the
/// model over 0 … shown − 1.
///
/// ```
/// use pe_explorer::encoding::basis_fit::{fit_over_positions, Features, Target};
/// // A learned table: exact where it has rows, then its last row's value for ever.
/// let fit = fit_over_positions(Target::Square { period: 8.0 }, Features::Table { rows: 16 }, 16, 32);
/// assert!(fit.rms_fitted < 1e-6);
/// assert!(fit.predictions[16..].iter().all(|p| (p - fit.predictions[15]).abs() < 1e-12));
/// ```
pub fn fit_over_positions(target: Target, features: Features, fitted: usize, shown: usize) -> Fit {
    fit_with_ridge(target, features, fitted, shown, RIDGE)
}

/// `fit_over_positions` with the ridge λ given: how far an ill-posed fit strays past N depends on
/// λ (the lesson says so, and `tests/teaching_claims.rs` measures it).
pub fn fit_with_ridge(
    target: Target,
    features: Features,
    fitted: usize,
    shown: usize,
    ridge: f64,
) -> Fit {
    let cols = features.count();
    let design = |range: std::ops::Range<usize>| {
        let mut x = vec![0.0; range.len() * cols];
        for (row, t) in x.chunks_exact_mut(cols).zip(range) {
            features.write(t, row);
        }
        x
    };
    let y: Vec<f64> = (0..fitted)
        .map(|t| target_value(target, t as f64))
        .collect();
    let coefficients = match features {
        // Its columns are indicators of disjoint sets of positions, so XᵀX is diagonal (row j's
        // count n_j) and the ridge solution is c_j = Σ_{t in row j} y_t / (n_j + λ): the same
        // numbers as the QR below, in O(fitted) instead of O(fitted·rows²) (a 256-row table
        // took about 70 ms that way, more than a frame).
        Features::Table { rows } => {
            let mut sums = vec![0.0; cols];
            let mut counts = vec![0.0; cols];
            for (t, y) in y.iter().enumerate() {
                let j = t.min(rows.max(1) - 1);
                sums[j] += y;
                counts[j] += 1.0;
            }
            sums.iter()
                .zip(&counts)
                .map(|(s, n)| s / (n + ridge))
                .collect()
        }
        _ => ridge_least_squares(&design(0..fitted), fitted, cols, &y, ridge),
    };
    let shown_x = design(0..shown.max(fitted));
    let predictions: Vec<f64> = shown_x
        .chunks_exact(cols)
        .map(|row| row.iter().zip(&coefficients).map(|(x, c)| x * c).sum())
        .collect();
    let rms = |range: std::ops::Range<usize>| {
        if range.is_empty() {
            return 0.0;
        }
        let n = range.len() as f64;
        (range
            .map(|t| (predictions[t] - target_value(target, t as f64)).powi(2))
            .sum::<f64>()
            / n)
            .sqrt()
    };
    Fit {
        rms_fitted: rms(0..fitted),
        rms_beyond: rms(fitted..predictions.len()),
        coefficients,
        predictions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoding(pairs: usize) -> Features {
        Features::Sinusoidal {
            pairs,
            d_model: 16,
            base: 10_000.0,
        }
    }

    #[test]
    fn a_target_made_of_the_encodings_own_waves_is_fitted_and_continued_exactly() {
        // Periods 2π/ω_0 and 2π/ω_2 of d_model 16: the encoding's pairs 0 and 2.
        let (w0, w2) = (1.0, 10_000f64.powf(-4.0 / 16.0));
        let target = Target::TwoPeriods {
            first: std::f64::consts::TAU / w0,
            second: std::f64::consts::TAU / w2,
        };
        let fit = fit_over_positions(target, encoding(4), 64, 256);
        assert!(
            fit.rms_fitted < 1e-6 && fit.rms_beyond < 1e-6,
            "{} {}",
            fit.rms_fitted,
            fit.rms_beyond
        );
        // A straight line cannot follow it anywhere.
        let line = fit_over_positions(target, Features::Line, 64, 256);
        assert!(line.rms_fitted > 0.5 && line.rms_beyond > 0.5);
    }

    #[test]
    fn a_period_the_encoding_lacks_is_approximated_inside_and_lost_outside() {
        let target = Target::Square { period: 16.0 };
        let few = fit_over_positions(target, encoding(2), 64, 128);
        let many = fit_over_positions(target, encoding(8), 64, 128);
        // More pairs fit better inside the range (0.83 against 0.96 at λ = 1e-9) …
        assert!(
            many.rms_fitted < few.rms_fitted,
            "{} {}",
            many.rms_fitted,
            few.rms_fitted
        );
        // … and past it the slow pairs, which acted like t, t², … inside, drift far from the
        // target (47 at λ = 1e-9; 1.6e4 at 1e-14 and 1e6 without a ridge, numpy): the drift's size
        // depends on the ridge, its presence does not.
        assert!(
            many.rms_beyond > 20.0 * many.rms_fitted && many.rms_beyond > 10.0,
            "{}",
            many.rms_beyond
        );
    }

    #[test]
    fn a_learned_table_repeats_its_last_row_past_its_length() {
        let target = Target::TwoPeriods {
            first: 10.0,
            second: 27.0,
        };
        let fit = fit_over_positions(target, Features::Table { rows: 32 }, 32, 96);
        assert!(fit.rms_fitted < 1e-6);
        let last = fit.predictions[31];
        assert!((last - target_value(target, 31.0)).abs() < 1e-6);
        assert!(fit.predictions[32..].iter().all(|p| *p == last));
        // The target keeps moving, so the error past the table is the target's spread around it.
        assert!(fit.rms_beyond > 0.5);
    }

    #[test]
    fn the_tables_direct_solution_is_the_least_squares_one() {
        // Fewer rows than positions, so the last row collects several: the case where the
        // direct formula's counts matter.
        let target = Target::Chirp {
            period: 12.0,
            span: 40.0,
        };
        let (rows, fitted) = (24, 40);
        let features = Features::Table { rows };
        let x: Vec<f64> = (0..fitted)
            .flat_map(|t| {
                let mut row = vec![0.0; rows];
                features.write(t, &mut row);
                row
            })
            .collect();
        let y: Vec<f64> = (0..fitted)
            .map(|t| target_value(target, t as f64))
            .collect();
        let by_qr = ridge_least_squares(&x, fitted, rows, &y, RIDGE);
        let direct = fit_over_positions(target, features, fitted, 2 * fitted).coefficients;
        for (a, b) in by_qr.iter().zip(&direct) {
            assert!((a - b).abs() < 1e-12, "{a} {b}");
        }
    }

    #[test]
    fn the_ridge_changes_a_well_posed_fit_by_less_than_1e_9() {
        let target = Target::Chirp {
            period: 12.0,
            span: 64.0,
        };
        let x: Vec<f64> = (0..64)
            .flat_map(|t| {
                let mut row = [0.0; 5];
                encoding(2).write(t, &mut row);
                row
            })
            .collect();
        let y: Vec<f64> = (0..64).map(|t| target_value(target, t as f64)).collect();
        let plain = ridge_least_squares(&x, 64, 5, &y, 0.0);
        let ridged = ridge_least_squares(&x, 64, 5, &y, RIDGE);
        for (a, b) in plain.iter().zip(&ridged) {
            assert!((a - b).abs() < 1e-9, "{a} {b}");
        }
    }
}
