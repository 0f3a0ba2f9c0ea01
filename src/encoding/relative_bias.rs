//! Relative positions added to the score: T5's bucketed relative positions and
//! Shaw et al.'s clipped relative positions. Both index a small learned table by the offset
//! between key and query instead of giving each position a vector.
//!
//! T5 (Raffel et al. 2020, *Exploring the Limits of Transfer Learning with a Unified Text-to-Text
//! Transformer*, §2.1, describes one learned scalar per bucket of offsets, added to the logit) as
//! its reference code computes it: Mesh TensorFlow's `_relative_position_bucket`, carried over as
//! is into Hugging Face transformers' `T5Attention._relative_position_bucket` (read there):
//! - the relative position is key − query;
//! - bidirectional (the encoder): half of the buckets for keys after the query (offset
//!   num_buckets/2), half for the others, on |key − query|; causal (the decoder): keys after the
//!   query count as 0, the others by query − key;
//! - of each half's B buckets, the first B/2 hold one distance each (0, 1, …), the rest
//!   logarithmically wider ranges up to max_distance: bucket = B/2 + ⌊ln(n/(B/2)) /
//!   ln(max_distance/(B/2)) · (B − B/2)⌋, at most B − 1, so every distance from max_distance on
//!   shares the last bucket; rounded down as it is, the last bucket starts before max_distance
//!   (at 91 for T5's encoder with 32 buckets and 128, at 113 for its decoder).
//!
//! The logarithm is taken in 32-bit floats, as the reference code does (`float()` in PyTorch,
//! `tf.float32` in Mesh TensorFlow): a distance whose bucket boundary falls within rounding of a
//! whole number lands where the models' own code puts it.

/// T5's defaults (and every released T5's configuration): 32 buckets, distances up to 128.
pub const T5_NUM_BUCKETS: usize = 32;
pub const T5_MAX_DISTANCE: usize = 128;

/// T5's bucket of the relative position `key − query`, for an encoder (`bidirectional`) or a
/// decoder. `num_buckets` must give each half at least two buckets and `max_distance` must exceed
/// the exact range; other values give `None`.
///
/// ```
/// use pe_explorer::encoding::relative_bias::t5_bucket;
/// // Encoder, 32 buckets up to 128: distances 0–7 exact, then wider; keys after the query from 16.
/// assert_eq!(t5_bucket(-3, true, 32, 128), Some(3));
/// assert_eq!(t5_bucket(3, true, 32, 128), Some(19));
/// assert_eq!(t5_bucket(-16, true, 32, 128), Some(10));
/// assert_eq!(t5_bucket(-1000, true, 32, 128), Some(15));
/// // Decoder: a key after the query is distance 0.
/// assert_eq!(t5_bucket(5, false, 32, 128), Some(0));
/// ```
pub fn t5_bucket(
    relative_position: i64,
    bidirectional: bool,
    num_buckets: usize,
    max_distance: usize,
) -> Option<usize> {
    let (buckets, offset, distance) = if bidirectional {
        let half = num_buckets / 2;
        let after = if relative_position > 0 { half } else { 0 };
        (half, after, relative_position.unsigned_abs())
    } else {
        (num_buckets, 0, (-relative_position.min(0)) as u64)
    };
    let max_exact = buckets / 2;
    if max_exact < 1 || max_distance <= max_exact {
        return None;
    }
    if distance < max_exact as u64 {
        return Some(offset + distance as usize);
    }
    // In f32 as the reference code: ln(n / max_exact) / ln(max_distance / max_exact) · (B − B/2),
    // the second logarithm a double rounded to f32 (a Python float meeting a float32 tensor).
    let spread = ((max_distance as f64 / max_exact as f64).ln()) as f32;
    let steps = (distance as f32 / max_exact as f32).ln() / spread * (buckets - max_exact) as f32;
    let large = max_exact + steps as usize;
    Some(offset + large.min(buckets - 1))
}

/// The bias T5 adds to the score of query i and key j, for `length` positions: row-major
/// `length × length`, entry (i, j) = `values[t5_bucket(j − i)]` (one learned scalar per bucket and
/// head; here one head). `None` where `t5_bucket` refuses the settings or `values` is not one
/// value per bucket.
pub fn t5_bias_matrix(
    length: usize,
    bidirectional: bool,
    num_buckets: usize,
    max_distance: usize,
    values: &[f64],
) -> Option<Vec<f64>> {
    if values.len() != num_buckets {
        return None;
    }
    let mut matrix = Vec::with_capacity(length * length);
    for i in 0..length {
        for j in 0..length {
            let bucket = t5_bucket(
                j as i64 - i as i64,
                bidirectional,
                num_buckets,
                max_distance,
            )?;
            matrix.push(values[bucket]);
        }
    }
    Some(matrix)
}

/// Shaw et al.'s clipped relative position: the index of the learned relative embedding for key
/// j seen from query i, clip(j − i, −k, k) + k, in 0 … 2k (Shaw, Uszkoreit, Vaswani 2018,
/// *Self-Attention with Relative Position Representations*, §3.2: the relative position is
/// clipped to at most k in absolute value, so 2k + 1 relative representations are learned).
///
/// ```
/// use pe_explorer::encoding::relative_bias::shaw_index;
/// assert_eq!([-9, -2, 0, 3, 40].map(|offset| shaw_index(offset, 4)), [0, 2, 4, 7, 8]);
/// ```
pub fn shaw_index(relative_position: i64, k: usize) -> usize {
    let k = k as i64;
    (relative_position.clamp(-k, k) + k) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_distance_from_max_distance_on_shares_the_last_bucket() {
        for bidirectional in [true, false] {
            let last = if bidirectional { 15 } else { 31 };
            for distance in [128, 129, 500, 10_000] {
                assert_eq!(t5_bucket(-distance, bidirectional, 32, 128), Some(last));
            }
            assert!(t5_bucket(-127, bidirectional, 32, 128).unwrap() <= last);
        }
    }

    /// The glossary and the family tree: T5's last bucket starts at 91 (encoder) or 113
    /// (decoder) with its 32 buckets and max_distance 128, not at 128. By the formula:
    /// 8 + 8·ln(n/8)/ln 16 ≥ 15 from n = 8·16^(7/8) = 90.5, 16 + 16·ln(n/16)/ln 8 ≥ 31 from
    /// n = 16·8^(15/16) = 112.3.
    #[test]
    fn t5s_last_bucket_starts_before_max_distance() {
        for (bidirectional, first, last) in [(true, 91, 15), (false, 113, 31)] {
            assert_eq!(
                t5_bucket(-(first - 1), bidirectional, 32, 128),
                Some(last - 1)
            );
            assert_eq!(t5_bucket(-first, bidirectional, 32, 128), Some(last));
        }
    }

    #[test]
    fn buckets_never_decrease_with_distance_and_stay_in_range() {
        for (num_buckets, max_distance) in [(32, 128), (20, 50), (8, 1000), (64, 64)] {
            for bidirectional in [true, false] {
                let mut previous = 0;
                for distance in 0..3000i64 {
                    let bucket =
                        t5_bucket(-distance, bidirectional, num_buckets, max_distance).unwrap();
                    assert!(bucket >= previous && bucket < num_buckets);
                    previous = bucket;
                }
            }
        }
    }

    #[test]
    fn settings_without_an_exact_range_are_refused() {
        assert_eq!(t5_bucket(0, true, 2, 128), None);
        assert_eq!(t5_bucket(0, true, 32, 8), None);
        assert_eq!(t5_bias_matrix(4, true, 32, 128, &[0.0; 31]), None);
    }

    #[test]
    fn the_bias_matrix_depends_on_the_offset_alone() {
        let values: Vec<f64> = (0..32).map(|b| b as f64 * 0.1 - 1.0).collect();
        let length = 40;
        let matrix = t5_bias_matrix(length, true, 32, 128, &values).unwrap();
        for i in 1..length {
            for j in 1..length {
                assert_eq!(matrix[i * length + j], matrix[(i - 1) * length + j - 1]);
            }
        }
    }
}
