//! Deterministic pseudo-random numbers for the lesson's toy tables and weights.
//!
//! Hand-written rather than taken from `rand`/`rand_distr` on purpose: those crates do not
//! promise that a seed gives the same values across versions, and teachers quote the numbers
//! the app shows. SplitMix64 and Box–Muller are fixed algorithms, so a seed's values never move.

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state stepped by the golden-ratio constant.
#[derive(Clone, Debug)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        SeededRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1], never 0 so that ln() below is finite.
    pub fn next_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    /// A draw from N(mean, std²) by the Box–Muller transform.
    ///
    /// # Formula
    /// `mean + std · √(−2 ln u₁) · cos(2π u₂)`
    pub fn next_normal(&mut self, mean: f64, std: f64) -> f64 {
        let (u1, u2) = (self.next_unit(), self.next_unit());
        mean + std * (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

/// A `rows × cols` table of N(0, std²) draws, row-major, from `seed`.
pub fn normal_table(rows: usize, cols: usize, std: f64, seed: u64) -> Vec<f64> {
    let mut rng = SeededRng::new(seed);
    (0..rows * cols)
        .map(|_| rng.next_normal(0.0, std))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_gives_the_same_values_forever() {
        // Pinned: changing these values changes numbers teachers may have quoted.
        let mut rng = SeededRng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn normal_draws_have_the_requested_moments() {
        let v = normal_table(1, 100_000, 0.02, 7);
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / v.len() as f64;
        assert!(mean.abs() < 5e-4, "mean {mean}");
        assert!((var.sqrt() - 0.02).abs() < 5e-4, "std {}", var.sqrt());
    }
}
