//! Beyond the training length: a learned position table beside the sinusoidal formula, over
//! twice the training length (the extrapolation panel's data).

use super::learned::{BeyondTable, LearnedTable};
use super::similarity::{cosine_matrix, neighbour_cosines};
use super::sinusoidal::{pe_matrix_exact, Layout};

/// At most this many sampled positions per side of a similarity matrix (cost n²·d_model).
const MAX_MATRIX_SIDE: usize = 64;

/// What the extrapolation panel shows: a learned table (GPT-2's initialisation, rows past
/// `n_train` clamped to the last) and the sinusoidal formula over positions `0..2·n_train`,
/// as sampled cosine-similarity matrices and as the neighbour cosine cos(PE(p), PE(p − 1)).
#[derive(PartialEq)]
pub struct Extrapolation {
    pub n_train: usize,
    pub d_model: usize,
    /// Positions shown: 0..2·n_train.
    pub shown: usize,
    /// Side of the sampled similarity matrices.
    pub side: usize,
    /// Positions from one sampled row (and column) to the next: row r is position r·stride.
    pub stride: usize,
    pub sinusoidal_matrix: Vec<f32>,
    pub learned_matrix: Vec<f32>,
    /// cos(PE(p), PE(p − 1)) for p = 1..shown, both tables.
    pub sinusoidal_neighbours: Vec<(f64, f64)>,
    pub learned_neighbours: Vec<(f64, f64)>,
    /// The table's answer when asked for a position half a training length past its end.
    pub beyond: Option<BeyondTable>,
}

/// Builds [`Extrapolation`]; the learned side is taken from `previous` when n_train and d_model
/// are the same (a base or layout move does not touch the random table, and recomputing it
/// gives the same numbers: tested).
///
/// ```
/// use pe_explorer::encoding::{extrapolation, Layout};
/// let e = extrapolation(8, 16, 10_000.0, Layout::Interleaved, None);
/// assert_eq!((e.shown, e.learned_neighbours.len()), (16, 15));
/// // Past n_train the learned rows repeat the last one: neighbour cosine exactly 1.
/// assert!((e.learned_neighbours[14].1 - 1.0).abs() < 1e-12);
/// ```
pub fn extrapolation(
    n_train: usize,
    d_model: usize,
    base: f64,
    layout: Layout,
    previous: Option<&Extrapolation>,
) -> Extrapolation {
    let shown = 2 * n_train;
    let stride = shown.div_ceil(MAX_MATRIX_SIDE);
    let picks: Vec<usize> = (0..shown).step_by(stride).collect();
    let side = picks.len();
    let curve = |table: &[f64]| -> Vec<(f64, f64)> {
        neighbour_cosines(table, d_model)
            .into_iter()
            .enumerate()
            .map(|(p, c)| ((p + 1) as f64, c))
            .collect()
    };
    let sinusoidal = pe_matrix_exact(shown, d_model, base, layout);
    let mut sinusoidal_matrix = vec![0.0; side * side];
    cosine_matrix(&sinusoidal, d_model, &picks, &mut sinusoidal_matrix);
    let (learned_matrix, learned_neighbours, beyond) = match previous {
        Some(p) if (p.n_train, p.d_model) == (n_train, d_model) => (
            p.learned_matrix.clone(),
            p.learned_neighbours.clone(),
            p.beyond,
        ),
        _ => {
            let table = LearnedTable::gpt2_init(n_train, d_model);
            let learned = table.clamped_rows(shown);
            let mut matrix = vec![0.0; side * side];
            cosine_matrix(&learned, d_model, &picks, &mut matrix);
            (
                matrix,
                curve(&learned),
                table.row(n_train + n_train / 2).err(),
            )
        }
    };
    Extrapolation {
        n_train,
        d_model,
        shown,
        side,
        stride,
        sinusoidal_neighbours: curve(&sinusoidal),
        learned_neighbours,
        beyond,
        sinusoidal_matrix,
        learned_matrix,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reusing_the_learned_side_gives_what_recomputing_gives() {
        let first = extrapolation(64, 128, 10_000.0, Layout::Interleaved, None);
        // A base or layout move keeps the random table: reused, and the same as made anew.
        let moved = extrapolation(64, 128, 500.0, Layout::SplitHalves, Some(&first));
        assert!(moved == extrapolation(64, 128, 500.0, Layout::SplitHalves, None));
        assert!(moved.sinusoidal_matrix != first.sinusoidal_matrix);
        // A new n_train or d_model is a new table: made anew, not taken from `previous`.
        for (n_train, d_model) in [(32, 128), (64, 64)] {
            let changed = extrapolation(n_train, d_model, 500.0, Layout::SplitHalves, Some(&first));
            assert!(changed == extrapolation(n_train, d_model, 500.0, Layout::SplitHalves, None));
        }
    }
}
