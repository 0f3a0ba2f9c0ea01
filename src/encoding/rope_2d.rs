//! RoPE for images: a grid of patches, each with a row and a column, and
//! three ways to turn the pair (row, column) into RoPE's angles.
//!
//! - **Axial 2-D RoPE**, as Qwen2-VL's vision encoder computes it (Hugging Face transformers,
//!   `models/qwen2_vl/modeling_qwen2_vl.py`: `VisionRotaryEmbedding(head_dim // 2)` gives d/4
//!   frequencies θ_j = b^(−2j/(d/2)); `rot_pos_emb` looks them up at the patch's row and at its
//!   column and concatenates the two): pairs 0 … d/4 − 1 turn with the row, pairs d/4 … d/2 − 1
//!   with the column, each half with the same d/4 frequencies.
//! - **Sectioned (multimodal) RoPE**, as Qwen2-VL's language model computes it
//!   (`apply_multimodal_rotary_pos_emb`: the usual d/2 frequencies θ_i = b^(−2i/d), split by
//!   `mrope_section` [t, h, w] into consecutive runs; run 0 turns with the time index, run 1 with
//!   the row, run 2 with the column). Every patch of one image has the same time index, so the
//!   time pairs tell no two patches apart.
//! - **Flattened**: the grid read row by row as one sequence, position = row · columns + column,
//!   and the usual 1-D RoPE.
//!
//! In every case pair i of a query at patch P and a key at patch K turns by (angle_i(P) −
//! angle_i(K)), a difference of the patches' coordinates alone, so the score depends only on
//! the offset K − P (`tests::the_score_depends_only_on_the_offset`). The rotation pairs the
//! dimensions (i, i + d/2), as `rotate_half` does in that code.

use super::rope::rope_pair;
use super::Layout;

/// How a patch's coordinates become RoPE's angles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GridScheme {
    /// Half of the pairs with the row, half with the column (d a multiple of 4).
    Axial,
    /// Runs of `time`, `height` and `width` pairs (the rest of d/2 after time and height goes
    /// to width); every patch of the image has time index 0.
    Sections { time: usize, height: usize },
    /// Row by row into one sequence of positions.
    Flattened,
}

/// A patch of the grid: its row and column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Patch {
    pub row: f64,
    pub column: f64,
}

/// How pair i's angle follows a patch's coordinates: angle_i = row·a_i + column·b_i, for each of
/// the d/2 pairs of a head of width `d` (even), base `base`, in a grid `columns` wide.
///
/// # Formula
/// Axial: pair i < d/4 has (a, b) = (θ_i, 0), pair i ≥ d/4 has (0, θ_(i − d/4)), θ_j = b^(−4j/d).
/// Sections: θ_i = b^(−2i/d); (0, 0) for i < t (an image's time index is 0), (θ_i, 0) for
/// t ≤ i < t + h, (0, θ_i) after. Flattened: (columns·θ_i, θ_i), position row·columns + column.
///
/// ```
/// use pe_explorer::encoding::rope_2d::{pair_weights, GridScheme};
/// // d = 8: pairs 0, 1 turn with the row (θ = 1, 0.01), pairs 2, 3 with the column.
/// let w = pair_weights(GridScheme::Axial, 8, 10_000.0, 4);
/// assert_eq!(w, vec![(1.0, 0.0), (0.01, 0.0), (0.0, 1.0), (0.0, 0.01)]);
/// assert_eq!(pair_weights(GridScheme::Flattened, 8, 10_000.0, 4)[0], (4.0, 1.0));
/// ```
pub fn pair_weights(scheme: GridScheme, d: usize, base: f64, columns: usize) -> Vec<(f64, f64)> {
    let pairs = d / 2;
    let theta = |i: usize| base.powf(-2.0 * i as f64 / d as f64);
    (0..pairs)
        .map(|i| match scheme {
            GridScheme::Axial => {
                let half = pairs / 2;
                if i < half {
                    (base.powf(-4.0 * i as f64 / d as f64), 0.0)
                } else {
                    (0.0, base.powf(-4.0 * (i - half) as f64 / d as f64))
                }
            }
            GridScheme::Sections { time, height } => {
                if i < time {
                    (0.0, 0.0)
                } else if i < time + height {
                    (theta(i), 0.0)
                } else {
                    (0.0, theta(i))
                }
            }
            GridScheme::Flattened => (columns as f64 * theta(i), theta(i)),
        })
        .collect()
}

/// Pair i's angle for a patch: row·a_i + column·b_i (`pair_weights`).
///
/// ```
/// use pe_explorer::encoding::rope_2d::{pair_angle, GridScheme, Patch};
/// let p = Patch { row: 2.0, column: 5.0 };
/// assert_eq!(pair_angle(GridScheme::Axial, 0, 8, 10_000.0, 4, p), 2.0);
/// assert_eq!(pair_angle(GridScheme::Axial, 2, 8, 10_000.0, 4, p), 5.0);
/// assert_eq!(pair_angle(GridScheme::Flattened, 0, 8, 10_000.0, 4, p), 13.0);
/// ```
pub fn pair_angle(
    scheme: GridScheme,
    i: usize,
    d: usize,
    base: f64,
    columns: usize,
    patch: Patch,
) -> f64 {
    let (a, b) = pair_weights(scheme, d, base, columns)[i];
    patch.row * a + patch.column * b
}

/// Rotates `x` (even length d) for `patch`, pair i by `pair_angle(…, i, …)`, pairs (i, i + d/2).
pub fn rotate_patch(
    x: &[f64],
    scheme: GridScheme,
    base: f64,
    columns: usize,
    patch: Patch,
    out: &mut [f64],
) {
    let d = x.len();
    out.copy_from_slice(x);
    for (i, (wr, wc)) in pair_weights(scheme, d, base, columns)
        .into_iter()
        .enumerate()
    {
        let (a, b) = rope_pair(i, d, Layout::SplitHalves);
        let (s, c) = (patch.row * wr + patch.column * wc).sin_cos();
        out[a] = x[a] * c - x[b] * s;
        out[b] = x[a] * s + x[b] * c;
    }
}

/// The score of query `q` at patch `at_q` and key `k` at patch `at_k`: the dot product of their
/// rotations (`rotate_patch`).
pub fn patch_score(
    q: &[f64],
    k: &[f64],
    scheme: GridScheme,
    base: f64,
    columns: usize,
    at_q: Patch,
    at_k: Patch,
) -> f64 {
    let mut q_out = vec![0.0; q.len()];
    let mut k_out = vec![0.0; k.len()];
    rotate_patch(q, scheme, base, columns, at_q, &mut q_out);
    rotate_patch(k, scheme, base, columns, at_k, &mut k_out);
    q_out.iter().zip(&k_out).map(|(a, b)| a * b).sum()
}

/// The score of an aligned query and key (q = k, every pair (1, 0)) from patch `query` to every
/// patch of a `rows` × `columns` grid, row-major, divided by d/2 so that it is 1 at the query
/// itself: `(1/(d/2)) Σ_i cos(angle_i(query) − angle_i(key))`.
pub fn aligned_score_map(
    scheme: GridScheme,
    d: usize,
    base: f64,
    rows: usize,
    columns: usize,
    query: Patch,
) -> Vec<f64> {
    let weights = pair_weights(scheme, d, base, columns);
    let pairs = weights.len();
    let mut map = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        for column in 0..columns {
            // Pair i of the key turns by angle_i(key) − angle_i(query), a function of the offset.
            let (dr, dc) = (row as f64 - query.row, column as f64 - query.column);
            let sum: f64 = weights.iter().map(|(a, b)| (dr * a + dc * b).cos()).sum();
            map.push(if pairs == 0 { 1.0 } else { sum / pairs as f64 });
        }
    }
    map
}

/// How many pairs turn with the row and with the column (and with neither, for an image under
/// the sectioned scheme); the flattened scheme counts every pair for both.
pub fn pairs_by_axis(scheme: GridScheme, d: usize) -> (usize, usize, usize) {
    let pairs = d / 2;
    match scheme {
        GridScheme::Axial => (pairs / 2, pairs - pairs / 2, 0),
        GridScheme::Sections { time, height } => {
            let time = time.min(pairs);
            let height = height.min(pairs - time);
            (height, pairs - time - height, time)
        }
        GridScheme::Flattened => (pairs, pairs, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::seeded::SeededRng;

    fn random_vector(d: usize, rng: &mut SeededRng) -> Vec<f64> {
        (0..d).map(|_| 2.0 * rng.next_unit() - 1.0).collect()
    }

    const SCHEMES: [GridScheme; 4] = [
        GridScheme::Axial,
        GridScheme::Sections {
            time: 16,
            height: 24,
        },
        GridScheme::Sections { time: 4, height: 0 },
        GridScheme::Flattened,
    ];

    #[test]
    fn the_score_depends_only_on_the_offset() {
        // A property test: random q, k, patches and shifts; moving both patches by the same
        // offset changes the score by rounding only.
        let mut rng = SeededRng::new(20);
        for scheme in SCHEMES {
            for _ in 0..200 {
                let d = 128;
                let (q, k) = (random_vector(d, &mut rng), random_vector(d, &mut rng));
                let mut coordinate = || (rng.next_unit() * 32.0).floor();
                let (p, r) = (
                    Patch {
                        row: coordinate(),
                        column: coordinate(),
                    },
                    Patch {
                        row: coordinate(),
                        column: coordinate(),
                    },
                );
                let (dr, dc) = (coordinate() - 16.0, coordinate() - 16.0);
                let moved = |x: Patch| Patch {
                    row: x.row + dr,
                    column: x.column + dc,
                };
                let a = patch_score(&q, &k, scheme, 10_000.0, 32, p, r);
                let b = patch_score(&q, &k, scheme, 10_000.0, 32, moved(p), moved(r));
                assert!((a - b).abs() < 1e-12, "{scheme:?}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn axial_is_two_one_dimensional_ropes_side_by_side() {
        // With q = k aligned, the axial map at offset (Δr, Δc) is the mean of the 1-D RoPE decay
        // of a d/2 head at Δr and at Δc (the two halves use the same d/4 frequencies).
        let (d, base) = (64, 10_000.0);
        let map = aligned_score_map(
            GridScheme::Axial,
            d,
            base,
            6,
            7,
            Patch {
                row: 0.0,
                column: 0.0,
            },
        );
        for row in 0..6 {
            for column in 0..7 {
                let expected = 0.5
                    * (crate::encoding::rope::rope_decay(row as f64, d / 2, base)
                        + crate::encoding::rope::rope_decay(column as f64, d / 2, base));
                assert!((map[row * 7 + column] - expected).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn sections_follow_the_reference_codes_split_of_cos_and_sin() {
        // The reference builds cos over the whole head (emb = cat(freqs, freqs)), splits it by
        // mrope_section * 2 and takes chunk c from index c % 3 (t, h, w). Rebuilt here from
        // that description, the angle of each of the d dimensions must match ours.
        let (d, base) = (128, 1_000_000.0_f64);
        let sections = [16usize, 24, 24];
        let patch = Patch {
            row: 3.0,
            column: 11.0,
        };
        let positions = [0.0, patch.row, patch.column]; // t, h, w
        let doubled: Vec<usize> = sections.iter().chain(sections.iter()).copied().collect();
        let mut dimension = 0;
        for (c, size) in doubled.iter().enumerate() {
            for _ in 0..*size {
                let frequency = dimension % (d / 2);
                let theta = 1.0 / base.powf((2 * frequency) as f64 / d as f64);
                let reference = positions[c % 3] * theta;
                let ours = pair_angle(
                    GridScheme::Sections {
                        time: 16,
                        height: 24,
                    },
                    frequency,
                    d,
                    base,
                    32,
                    patch,
                );
                assert!((reference - ours).abs() < 1e-12 * reference.abs().max(1.0));
                dimension += 1;
            }
        }
        assert_eq!(dimension, d);
    }

    #[test]
    fn flattening_puts_the_patch_below_a_whole_row_away() {
        let (d, base, columns) = (64, 10_000.0, 8);
        let origin = Patch {
            row: 2.0,
            column: 3.0,
        };
        let below = Patch {
            row: 3.0,
            column: 3.0,
        };
        let angle = |p| pair_angle(GridScheme::Flattened, 0, d, base, columns, p);
        assert_eq!(angle(below) - angle(origin), columns as f64);
        // The last patch of a row and the first of the next are neighbours in the sequence.
        let end = Patch {
            row: 2.0,
            column: 7.0,
        };
        let next = Patch {
            row: 3.0,
            column: 0.0,
        };
        assert_eq!(angle(next) - angle(end), 1.0);
    }

    #[test]
    fn time_pairs_do_not_tell_patches_apart() {
        // All pairs in the time run: every patch of the image scores 1.
        let map = aligned_score_map(
            GridScheme::Sections {
                time: 32,
                height: 0,
            },
            64,
            10_000.0,
            4,
            4,
            Patch {
                row: 1.0,
                column: 2.0,
            },
        );
        assert!(map.iter().all(|s| (s - 1.0).abs() < 1e-15));
        assert_eq!(
            pairs_by_axis(
                GridScheme::Sections {
                    time: 16,
                    height: 24
                },
                128
            ),
            (24, 24, 16)
        );
    }
}
