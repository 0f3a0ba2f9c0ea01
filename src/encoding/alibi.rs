//! ALiBi: no position vector at all; each head subtracts a penalty growing with distance.
//!
//! # Formula
//! `score(i, j) = q_i·k_j − m_h · |i − j|`, with head slopes m_h a geometric sequence starting
//! at 2^(−8/n) for n heads (n a power of two).

/// Head slopes for `heads` heads, by the rule of the ALiBi paper's reference code.
///
/// # Formula
/// For n a power of two: `m_h = 2^(−8h/n)`, h = 1..=n. Otherwise, with p the largest power of
/// two below n: the p slopes for p heads, followed by every other slope for 2p heads
/// (the 1st, 3rd, …) until there are n.
///
/// ```
/// use pe_explorer::encoding::alibi_slopes;
/// assert_eq!(alibi_slopes(8)[0], 0.5);
/// assert!((alibi_slopes(12)[8] - 0.5f64.sqrt()).abs() < 1e-15);
/// ```
pub fn alibi_slopes(heads: usize) -> Vec<f64> {
    if heads == 0 {
        return Vec::new();
    }
    let power_of_two_slopes = |n: usize| -> Vec<f64> {
        let start = 2f64.powf(-8.0 / n as f64);
        (1..=n).map(|h| start.powi(h as i32)).collect()
    };
    if heads.is_power_of_two() {
        return power_of_two_slopes(heads);
    }
    let below = 1usize << heads.ilog2();
    let mut slopes = power_of_two_slopes(below);
    slopes.extend(
        power_of_two_slopes(2 * below)
            .into_iter()
            .step_by(2)
            .take(heads - below),
    );
    slopes
}

/// The causal attention weights of query `query` over keys `0..=query`, with ALiBi's bias added
/// to the given content scores.
///
/// # Formula
/// `w_j = softmax_j(s_j − slope·(query − j))`, j ≤ query. With equal content scores, each step
/// back multiplies the weight by `e^(−slope)`.
///
/// ```
/// use pe_explorer::encoding::alibi_attention_row;
/// let w = alibi_attention_row(0.5, &[0.0; 4]);
/// assert!((w[2] / w[3] - (-0.5f64).exp()).abs() < 1e-15);
/// assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-15);
/// ```
pub fn alibi_attention_row(slope: f64, scores: &[f64]) -> Vec<f64> {
    let Some(query) = scores.len().checked_sub(1) else {
        return Vec::new();
    };
    let mut row: Vec<f64> = scores
        .iter()
        .enumerate()
        .map(|(j, s)| s - slope * (query - j) as f64)
        .collect();
    super::attention::softmax_in_place(&mut row, &mut Vec::new());
    row
}

/// How much less weight a key one step further back gets, with equal content scores.
///
/// # Formula
/// `w_(j−1) / w_j = e^(−slope)`
///
/// ```
/// assert_eq!(pe_explorer::encoding::alibi_step_ratio(0.5), (-0.5f64).exp());
/// ```
pub fn alibi_step_ratio(slope: f64) -> f64 {
    (-slope).exp()
}

/// Whether a query may look at later keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlibiMask {
    /// Decoder style: keys after the query are masked (−∞), earlier ones penalised by distance.
    Causal,
    /// Encoder style: both directions penalised by |i − j|.
    Symmetric,
}

/// The `length × length` bias matrix for one head, row-major (row = query i, column = key j).
///
/// # Formula
/// `bias(i, j) = −slope · |i − j|`; with [`AlibiMask::Causal`], `−∞` where j > i.
///
/// ```
/// use pe_explorer::encoding::{alibi_bias, AlibiMask};
/// let mut b = vec![0.0; 9];
/// alibi_bias(0.5, 3, AlibiMask::Causal, &mut b);
/// assert_eq!(&b[6..9], &[-1.0, -0.5, 0.0]);
/// assert_eq!(b[1], f64::NEG_INFINITY);
/// ```
pub fn alibi_bias(slope: f64, length: usize, mask: AlibiMask, out: &mut [f64]) {
    assert_eq!(out.len(), length * length, "matrix buffer size");
    for i in 0..length {
        for j in 0..length {
            out[i * length + j] = if mask == AlibiMask::Causal && j > i {
                f64::NEG_INFINITY
            } else {
                -slope * i.abs_diff(j) as f64
            };
        }
    }
}
