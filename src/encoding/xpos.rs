//! xPos (Sun et al. 2022, *A Length-Extrapolatable Transformer*, arXiv:2212.10554): RoPE with
//! an exponential scale per pair, as the authors' code implements it (microsoft/torchscale,
//! `torchscale/component/xpos_relative_position.py`, class `XPOS`).
//!
//! # Formula
//! Pair i of d dimensions gets `ζ_i = (2i + γ·d) / ((1 + γ)·d)` with γ = 0.4, so ζ_i runs from
//! γ/(1 + γ) ≈ 0.29 (pair 0) to 1 − 2/((1 + γ)·d) (the last pair). The query at position m is
//! rotated by RoPE and its pair i multiplied by `ζ_i^(m/B)`; the key at position n is rotated
//! and multiplied by `ζ_i^(−n/B)` (B, the code's `scale_base`, 512 by default). Pair i's part of
//! the score is RoPE's times `ζ_i^((m − n)/B)`: a function of m − n alone, as RoPE's is, and
//! for a key before the query (m > n) smaller the further back it is, fastest for the fast pairs.

use super::rope::{rope_pair, rope_rotate};
use super::Layout;

/// γ in ζ_i (torchscale: `(arange(0, d, 2) + 0.4 * d) / (1.4 * d)`).
pub const XPOS_GAMMA: f64 = 0.4;

/// The code's default `scale_base`, B.
pub const XPOS_SCALE_BASE: f64 = 512.0;

/// ζ_i = (2i + γ·d) / ((1 + γ)·d) for pair i of a width-`d` head.
///
/// ```
/// use pe_explorer::encoding::xpos::xpos_zeta;
/// assert!((xpos_zeta(0, 128) - 0.4 / 1.4).abs() < 1e-15);
/// assert!((xpos_zeta(63, 128) - 177.2 / 179.2).abs() < 1e-15); // 1 − 2/(1.4·128)
/// ```
pub fn xpos_zeta(i: usize, d: usize) -> f64 {
    let d = d.max(1) as f64;
    (2.0 * i as f64 + XPOS_GAMMA * d) / ((1.0 + XPOS_GAMMA) * d)
}

/// The factor xPos puts on pair i's part of the score at offset m − n: ζ_i^((m − n)/B).
pub fn xpos_pair_factor(i: usize, d: usize, offset: f64, scale_base: f64) -> f64 {
    xpos_zeta(i, d).powf(offset / scale_base)
}

/// Transforms `x` (even length d) as xPos does at position `position`, into `out`: RoPE's
/// rotation, then pair i times ζ_i^(±position/B) (`+` for a query, `−` for a key).
pub fn xpos_transform(
    x: &[f64],
    position: f64,
    query: bool,
    base: f64,
    scale_base: f64,
    layout: Layout,
    out: &mut [f64],
) {
    rope_rotate(x, position, base, layout, out);
    let d = x.len();
    let sign = if query { 1.0 } else { -1.0 };
    for i in 0..d / 2 {
        let scale = xpos_zeta(i, d).powf(sign * position / scale_base);
        let (a, b) = rope_pair(i, d, layout);
        out[a] *= scale;
        out[b] *= scale;
    }
}

/// The score of a query `q` at position m and a key `k` at position n under xPos: the dot
/// product of their transforms (`xpos_transform`).
///
/// ```
/// use pe_explorer::encoding::{xpos::xpos_score, Layout};
/// let (q, k) = ([0.3, -1.2, 0.5, 0.9], [1.1, 0.4, -0.7, 0.2]);
/// let a = xpos_score(&q, &k, 15.0, 12.0, 10_000.0, 512.0, Layout::Interleaved);
/// let b = xpos_score(&q, &k, 5.0, 2.0, 10_000.0, 512.0, Layout::Interleaved);
/// assert!((a - b).abs() < 1e-12);
/// ```
pub fn xpos_score(
    q: &[f64],
    k: &[f64],
    m: f64,
    n: f64,
    base: f64,
    scale_base: f64,
    layout: Layout,
) -> f64 {
    let mut q_out = vec![0.0; q.len()];
    let mut k_out = vec![0.0; k.len()];
    xpos_transform(q, m, true, base, scale_base, layout, &mut q_out);
    xpos_transform(k, n, false, base, scale_base, layout, &mut k_out);
    q_out.iter().zip(&k_out).map(|(a, b)| a * b).sum()
}

/// xPos's score against distance for q = k = all ones, divided by d/2 (RoPE's is `rope_decay`):
/// `(1/(d/2)) Σ_i ζ_i^(δ/B) cos(δθ_i)`, δ = m − n.
///
/// ```
/// use pe_explorer::encoding::xpos::xpos_decay;
/// assert_eq!(xpos_decay(0.0, 64, 10_000.0, 512.0), 1.0);
/// // One pair (θ_0 = 1): ζ_0^(δ/B)·cos δ, ζ_0 = 0.4/1.4.
/// let one_pair = (0.4f64 / 1.4).powf(100.0 / 512.0) * 100f64.cos();
/// assert!((xpos_decay(100.0, 2, 10_000.0, 512.0) - one_pair).abs() < 1e-12);
/// ```
pub fn xpos_decay(offset: f64, d: usize, base: f64, scale_base: f64) -> f64 {
    let pairs = d / 2;
    if pairs == 0 {
        return 1.0;
    }
    let sum: f64 = (0..pairs)
        .map(|i| {
            let theta = base.powf(-2.0 * i as f64 / d as f64);
            xpos_pair_factor(i, d, offset, scale_base) * (offset * theta).cos()
        })
        .sum();
    sum / pairs as f64
}

/// RoPE's and xPos's score of query `q` at position δ and key `k` at position 0, for every whole
/// distance δ = 0 … `reach`, in one pass: `(rope_score(q, k, δ, 0), xpos_score(q, k, δ, 0))`.
///
/// # Formula
/// Pair i (dimensions a, b of `layout`) contributes `A_i cos δθ_i + B_i sin δθ_i` to RoPE's
/// score, with A_i = q_a k_a + q_b k_b and B_i = q_a k_b − q_b k_a (the query turned by δθ_i, the
/// key not at all), and that times ζ_i^(δ/B) to xPos's. Each pair's e^{iδθ_i} and ζ_i^(δ/B) are
/// stepped from δ to δ + 1 by one multiplication (by e^{iθ_i} and by ζ_i^(1/B)) instead of a
/// cosine and a power per distance, so 8 192 distances of a 256-wide head redraw within a frame;
/// the rounding this accumulates stays below 1e-10 over 10 000 steps
/// (`tests::stepped_curves_match_the_formulas`).
pub fn score_curves(
    q: &[f64],
    k: &[f64],
    base: f64,
    scale_base: f64,
    layout: Layout,
    reach: usize,
) -> Vec<(f64, f64)> {
    let d = q.len();
    let mut curves = vec![(0.0, 0.0); reach + 1];
    for i in 0..d / 2 {
        let (a, b) = rope_pair(i, d, layout);
        let (along, across) = (q[a] * k[a] + q[b] * k[b], q[a] * k[b] - q[b] * k[a]);
        let (step_sin, step_cos) = base.powf(-2.0 * i as f64 / d as f64).sin_cos();
        let shrink = xpos_zeta(i, d).powf(1.0 / scale_base);
        let (mut cos, mut sin, mut factor) = (1.0f64, 0.0f64, 1.0f64);
        for point in curves.iter_mut() {
            let rope = along * cos + across * sin;
            point.0 += rope;
            point.1 += factor * rope;
            (cos, sin) = (
                cos * step_cos - sin * step_sin,
                sin * step_cos + cos * step_sin,
            );
            factor *= shrink;
        }
    }
    curves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::rope::rope_score;
    use crate::encoding::seeded::SeededRng;

    fn random_vector(d: usize, seed: u64) -> Vec<f64> {
        let mut rng = SeededRng::new(seed);
        (0..d).map(|_| 2.0 * rng.next_unit() - 1.0).collect()
    }

    /// ζ as the authors' code builds it, written out: (arange(0, d, 2) + 0.4·d) / (1.4·d).
    #[test]
    fn zeta_is_the_codes() {
        for d in [2usize, 8, 64, 128] {
            for (i, two_i) in (0..d).step_by(2).enumerate() {
                let code = (two_i as f64 + 0.4 * d as f64) / (1.4 * d as f64);
                assert!((xpos_zeta(i, d) - code).abs() < 1e-15);
            }
        }
    }

    /// Moving query and key by the same amount leaves the score (translation invariance), for
    /// random vectors, both layouts and several widths and scale bases.
    #[test]
    fn the_score_depends_only_on_the_offset() {
        for (d, seed) in [(2usize, 1u64), (8, 2), (64, 3), (128, 4)] {
            let (q, k) = (random_vector(d, seed), random_vector(d, seed + 100));
            for layout in [Layout::Interleaved, Layout::SplitHalves] {
                for scale_base in [64.0, 512.0, 4096.0] {
                    let at =
                        |m: f64, n: f64| xpos_score(&q, &k, m, n, 10_000.0, scale_base, layout);
                    for shift in [1.0, 37.0, 1000.0] {
                        let (a, b) = (at(20.0, 7.0), at(20.0 + shift, 7.0 + shift));
                        assert!(
                            (a - b).abs() <= 1e-9 * a.abs().max(1.0),
                            "{d} {shift}: {a} {b}"
                        );
                    }
                }
            }
        }
    }

    /// Pair by pair, xPos's score is RoPE's times ζ_i^((m − n)/B): with one pair (d = 2) the
    /// whole score is.
    #[test]
    fn one_pair_scores_ropes_times_its_factor() {
        let (q, k) = ([0.3, -1.2], [1.1, 0.4]);
        for (m, n) in [(5.0, 2.0), (700.0, 100.0), (3.0, 9.0)] {
            let rope = rope_score(&q, &k, m, n, 10_000.0, Layout::Interleaved);
            let xpos = xpos_score(&q, &k, m, n, 10_000.0, 512.0, Layout::Interleaved);
            let factor = xpos_pair_factor(0, 2, m - n, 512.0);
            assert!((xpos - rope * factor).abs() < 1e-12, "{m} {n}");
        }
    }

    /// For keys before the query, every factor is below 1 and falls with the distance.
    #[test]
    fn the_factor_falls_with_distance_for_earlier_keys() {
        for i in 0..64 {
            let near = xpos_pair_factor(i, 128, 10.0, 512.0);
            let far = xpos_pair_factor(i, 128, 1000.0, 512.0);
            assert!(far < near && near < 1.0, "{i}");
        }
    }

    #[test]
    fn stepped_curves_match_the_formulas() {
        for (d, reach) in [(2, 100), (64, 10_000), (256, 8_192)] {
            let (q, k) = (random_vector(d, 3), random_vector(d, 4));
            for layout in [Layout::Interleaved, Layout::SplitHalves] {
                let curves = score_curves(&q, &k, 10_000.0, 512.0, layout, reach);
                for delta in [0, 1, 7, 99, reach / 2, reach] {
                    let m = delta as f64;
                    let (rope, xpos) = curves[delta];
                    let size = q.iter().chain(&k).map(|v| v.abs()).sum::<f64>();
                    assert!(
                        (rope - rope_score(&q, &k, m, 0.0, 10_000.0, layout)).abs() < 1e-10 * size,
                        "d {d}, δ {delta}"
                    );
                    assert!(
                        (xpos - xpos_score(&q, &k, m, 0.0, 10_000.0, 512.0, layout)).abs()
                            < 1e-10 * size,
                        "d {d}, δ {delta}"
                    );
                }
            }
        }
        // Aligned vectors give the decay curves.
        let ones: Vec<f64> = (0..64)
            .map(|c| if c % 2 == 0 { 1.0 } else { 0.0 })
            .collect();
        let curves = score_curves(&ones, &ones, 10_000.0, 512.0, Layout::Interleaved, 300);
        assert!((curves[300].1 / 32.0 - xpos_decay(300.0, 64, 10_000.0, 512.0)).abs() < 1e-12);
    }
}
