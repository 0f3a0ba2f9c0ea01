//! No position encoding at all (NoPE). Without a causal mask, attention with
//! no position signal gives every position the same output for the same set of words (the
//! word-order panel's result). With the mask, query p sees keys 0 … p only, and that alone
//! tells positions apart: a head that spreads its attention evenly (all scores equal) over a
//! sequence that starts with a start token, whose value is 1 where every other token's is 0,
//! outputs exactly 1/(p + 1) at position p. The construction is the one behind Kazemnejad et
//! al. 2023's argument that a NoPE decoder can recover absolute positions (*The Impact of
//! Positional Encoding on Length Generalization in Transformers*, Theorem 1, "absolute
//! encoding"; docs/sources.md).
//!
//! The signal fades: neighbours p and p + 1 differ by 1/((p + 1)(p + 2)), so with a resolution
//! ε (rounding, noise) positions can be told apart only up to about 1/√ε.

use super::attention::softmax_in_place;

/// The output at every position of the even head: row p of softmax(scores) · v, all scores
/// equal, over keys 0 … p (`causal`) or all `length` keys, v = (1, 0, 0, …) (the start token).
/// Computed by the softmax itself, not by the formula it should give.
///
/// ```
/// use pe_explorer::encoding::nope::start_token_share;
/// assert_eq!(start_token_share(4, true), vec![1.0, 0.5, 1.0 / 3.0, 0.25]);
/// assert_eq!(start_token_share(4, false), vec![0.25; 4]);
/// ```
pub fn start_token_share(length: usize, causal: bool) -> Vec<f64> {
    let mut scratch = Vec::new();
    (0..length)
        .map(|p| {
            let seen = if causal { p + 1 } else { length };
            let mut row = vec![0.0; seen];
            softmax_in_place(&mut row, &mut scratch);
            // v is 1 for the start token (key 0) and 0 for every other key.
            row[0]
        })
        .collect()
}

/// The step between positions p and p + 1 of the causal signal: 1/(p + 1) − 1/(p + 2) =
/// 1/((p + 1)(p + 2)).
pub fn causal_step(p: usize) -> f64 {
    let p = p as f64;
    1.0 / ((p + 1.0) * (p + 2.0))
}

/// The last position p whose step to p + 1 is still at least `resolution` (ε > 0): the largest
/// p with (p + 1)(p + 2) ≤ 1/ε, about 1/√ε. Positions after it are closer to their neighbour
/// than ε.
///
/// ```
/// use pe_explorer::encoding::nope::{causal_step, last_told_apart};
/// let p = last_told_apart(1e-4);
/// assert!(causal_step(p) >= 1e-4 && causal_step(p + 1) < 1e-4);
/// assert_eq!(p, 98); // 99 · 100 = 9900 ≤ 10⁴ < 100 · 101
/// ```
pub fn last_told_apart(resolution: f64) -> usize {
    let limit = 1.0 / resolution.max(f64::MIN_POSITIVE);
    // Start from the root and correct by the exact test (rounding near the boundary).
    let mut p = ((limit.sqrt() - 1.5).max(0.0)).floor() as usize;
    while causal_step(p + 1) >= resolution {
        p += 1;
    }
    while p > 0 && causal_step(p) < resolution {
        p -= 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_the_mask_position_p_reads_one_over_p_plus_one() {
        for (p, share) in start_token_share(500, true).iter().enumerate() {
            assert!((share - 1.0 / (p as f64 + 1.0)).abs() < 1e-15, "p = {p}");
        }
    }

    #[test]
    fn without_the_mask_every_position_reads_the_same() {
        let shares = start_token_share(37, false);
        assert!(shares.iter().all(|s| (s - 1.0 / 37.0).abs() < 1e-15));
    }

    #[test]
    fn neighbours_differ_by_the_step() {
        let shares = start_token_share(200, true);
        for p in 0..199 {
            assert!((shares[p] - shares[p + 1] - causal_step(p)).abs() < 1e-15);
        }
    }

    #[test]
    fn the_last_position_told_apart_is_where_the_step_falls_below_resolution() {
        for exponent in 1..=12 {
            let resolution = 10f64.powi(-exponent);
            let p = last_told_apart(resolution);
            assert!(causal_step(p) >= resolution || p == 0);
            assert!(causal_step(p + 1) < resolution);
        }
        // 44 · 45 = 1980 ≤ 2048 < 45 · 46.
        assert_eq!(last_told_apart(1.0 / 2048.0), 43);
    }
}
