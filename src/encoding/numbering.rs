//! Why not just number the positions? Three position signals for the word at position `pos` of a
//! sequence of `length` positions, compared with what a word vector's entries look like:
//! - the raw index, pos: grows without bound, so at long lengths it swamps entries of size about 1;
//! - the fraction, pos/length: bounded, but the same position gets a different code in sequences
//!   of different lengths, and the step between neighbours, 1/length, changes with the length;
//! - the sinusoidal vector PE(pos): every entry in [−1, 1], its norm √(d_model/2) at every
//!   position, and the distance between neighbours the same everywhere and for every length:
//!   ‖PE(pos + 1) − PE(pos)‖² = Σ_i 2 − 2·cos ω_i (each pair turns by ω_i; a chord of the unit
//!   circle is 2·sin(ω_i/2)).

use super::omega;

/// What one position signal looks like at one position, entry by entry (a word vector's entries
/// are of size about 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SignalAt {
    /// The largest entry, in absolute value, at `pos`.
    pub at_pos: f64,
    /// The largest entry, in absolute value, at any position 0 … length − 1.
    pub largest: f64,
    /// The distance between the signals of pos and pos + 1 (Euclidean).
    pub step: f64,
    /// The largest entry at `pos` in a sequence twice as long: the raw index and the sinusoid do
    /// not change; the fraction halves.
    pub twice_as_long: f64,
}

/// The raw index as the signal: pos itself.
///
/// ```
/// use pe_explorer::encoding::numbering::raw_index;
/// let at = raw_index(10, 2048);
/// assert_eq!((at.at_pos, at.largest, at.step, at.twice_as_long), (10.0, 2047.0, 1.0, 10.0));
/// ```
pub fn raw_index(pos: usize, length: usize) -> SignalAt {
    SignalAt {
        at_pos: pos as f64,
        largest: length.saturating_sub(1) as f64,
        step: 1.0,
        twice_as_long: pos as f64,
    }
}

/// The fraction pos/length as the signal.
///
/// ```
/// use pe_explorer::encoding::numbering::fraction;
/// let at = fraction(3, 10);
/// assert_eq!((at.at_pos, at.step, at.twice_as_long), (0.3, 0.1, 0.15));
/// ```
pub fn fraction(pos: usize, length: usize) -> SignalAt {
    let n = length.max(1) as f64;
    SignalAt {
        at_pos: pos as f64 / n,
        largest: length.saturating_sub(1) as f64 / n,
        step: 1.0 / n,
        twice_as_long: pos as f64 / (2.0 * n),
    }
}

/// The sinusoidal vector as the signal (interleaved layout; d_model even, as the lesson's is):
/// its largest entry at pos; the largest anywhere, 1 (PE(0) holds cos 0 = 1); and its step
/// ‖PE(pos + 1) − PE(pos)‖ = √(Σ_i 2 − 2·cos ω_i), the same for every pos and every length.
///
/// ```
/// use pe_explorer::encoding::numbering::sinusoidal;
/// let at = sinusoidal(10, 128, 10_000.0);
/// assert_eq!((at.largest, at.twice_as_long), (1.0, at.at_pos));
/// assert!((at.step - sinusoidal(1000, 128, 10_000.0).step).abs() < 1e-12);
/// ```
pub fn sinusoidal(pos: usize, d_model: usize, base: f64) -> SignalAt {
    let t = pos as f64;
    let (mut at_pos, mut step2) = (0.0f64, 0.0);
    for i in 0..d_model / 2 {
        let w = omega(i, d_model, base);
        let (sin, cos) = (t * w).sin_cos();
        at_pos = at_pos.max(sin.abs()).max(cos.abs());
        step2 += 2.0 - 2.0 * w.cos();
    }
    SignalAt {
        at_pos,
        largest: 1.0,
        step: step2.sqrt(),
        twice_as_long: at_pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{pe_vector, Layout};

    #[test]
    fn the_sinusoids_step_is_the_distance_between_neighbouring_encodings_everywhere() {
        for (d_model, pos) in [(2, 0), (16, 7), (128, 10), (512, 2000)] {
            let (mut a, mut b) = (vec![0.0; d_model], vec![0.0; d_model]);
            pe_vector(pos as f64, 10_000.0, Layout::Interleaved, &mut a);
            pe_vector(pos as f64 + 1.0, 10_000.0, Layout::Interleaved, &mut b);
            let distance = a
                .iter()
                .zip(&b)
                .map(|(a, b)| (a - b).powi(2))
                .sum::<f64>()
                .sqrt();
            let at = sinusoidal(pos, d_model, 10_000.0);
            assert!(
                (at.step - distance).abs() < 1e-9,
                "d_model {d_model}, pos {pos}"
            );
            let largest = a.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            assert!((at.at_pos - largest).abs() < 1e-12);
        }
    }

    #[test]
    fn the_raw_index_outgrows_a_word_vector_and_the_fraction_changes_with_the_length() {
        assert!(raw_index(2047, 2048).at_pos > 1000.0);
        assert_eq!(fraction(5, 10).at_pos, 0.5);
        assert_eq!(fraction(5, 100).at_pos, 0.05);
        assert_ne!(fraction(5, 10).step, fraction(5, 100).step);
    }
}
