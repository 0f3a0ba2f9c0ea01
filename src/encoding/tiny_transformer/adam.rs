//! Adam (Kingma and Ba 2015), the optimiser of the tiny transformer's runs.

use super::TinyWeights;

/// Adam's state: the moments of every parameter and the step count.
#[derive(Clone, Debug)]
pub struct Adam {
    pub lr: f64,
    m: TinyWeights,
    v: TinyWeights,
    /// β₁ᵗ and β₂ᵗ, kept as running products (the same multiplications on every platform).
    beta_powers: (f64, f64),
}

impl Adam {
    pub const BETA1: f64 = 0.9;
    pub const BETA2: f64 = 0.999;
    pub const EPSILON: f64 = 1e-8;

    pub fn new(weights: &TinyWeights, lr: f64) -> Self {
        Adam {
            lr,
            m: weights.zeros_like(),
            v: weights.zeros_like(),
            beta_powers: (1.0, 1.0),
        }
    }

    /// One update of `weights` by `grad` (Kingma and Ba 2015, Algorithm 1).
    pub fn update(&mut self, weights: &mut TinyWeights, grad: &mut TinyWeights) {
        self.beta_powers = (
            self.beta_powers.0 * Self::BETA1,
            self.beta_powers.1 * Self::BETA2,
        );
        let (c1, c2) = (1.0 - self.beta_powers.0, 1.0 - self.beta_powers.1);
        for (((w, g), m), v) in weights
            .parts_mut()
            .into_iter()
            .zip(grad.parts_mut())
            .zip(self.m.parts_mut())
            .zip(self.v.parts_mut())
        {
            for i in 0..w.len() {
                m[i] = Self::BETA1 * m[i] + (1.0 - Self::BETA1) * g[i];
                v[i] = Self::BETA2 * v[i] + (1.0 - Self::BETA2) * g[i] * g[i];
                w[i] -= self.lr * (m[i] / c1) / ((v[i] / c2).sqrt() + Self::EPSILON);
            }
        }
    }
}
