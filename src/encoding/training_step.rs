//! One gradient step of a tiny model, to see which numbers training changes.
//!
//! The model is as small as the point allows. A sentence of L tokens w_t with targets y_t;
//! the input at position t is x_t = √d·E\[w_t\] + p_t, where E is the word table (V × d) and p_t
//! is either the sinusoidal PE(t), computed and not a parameter, or row t of a learned position
//! table P (R × d); a linear read-out gives logits z_t = W·x_t + b (W is V × d, or E itself when
//! the output shares the word table: weight tying); the loss is the mean cross-entropy
//! ℓ = (1/L)·Σ_t −log softmax(z_t)\[y_t\].
//!
//! The gradient, written by hand (the chain rule through these three lines):
//! g_t = (softmax(z_t) − onehot(y_t)) / L;  ∂ℓ/∂W = Σ_t g_t·x_tᵀ;  ∂ℓ/∂b = Σ_t g_t;
//! ∂ℓ/∂x_t = Wᵀ·g_t;  ∂ℓ/∂E\[w\] = √d·Σ_{t: w_t = w} ∂ℓ/∂x_t (plus Σ_t g_t·x_tᵀ when tied);
//! ∂ℓ/∂P\[t\] = ∂ℓ/∂x_t for t < L. A row of E or P that the sentence never looks up enters no
//! x_t, so its gradient is exactly 0 (unless the read-out is E itself: tied, every word's row
//! gets a gradient through the softmax). Checked against central finite differences for every
//! parameter in the tests below.

use super::seeded::SeededRng;
use super::sinusoidal::{pe_matrix_exact, Layout};

/// Where the position signal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionSignal {
    /// PE(t), computed from the formula (base 10 000): a buffer, not a parameter.
    Sinusoidal,
    /// Row t of the learned table P.
    Learned,
}

/// The tiny model's parameters, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct TinyModel {
    pub vocab: usize,
    pub d: usize,
    pub rows: usize,
    /// The word table E, vocab × d.
    pub words: Vec<f64>,
    /// The learned position table P, rows × d (unused with `PositionSignal::Sinusoidal`).
    pub positions: Vec<f64>,
    /// The read-out W, vocab × d (unused when tied), and its bias b.
    pub readout: Vec<f64>,
    pub bias: Vec<f64>,
}

/// One sentence: its tokens and, per position, the token the model should predict.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    pub tokens: Vec<usize>,
    pub targets: Vec<usize>,
}

/// The gradient of the loss for every parameter, in `TinyModel`'s shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct Gradient {
    pub words: Vec<f64>,
    pub positions: Vec<f64>,
    pub readout: Vec<f64>,
    pub bias: Vec<f64>,
}

impl TinyModel {
    /// Seeded tables: E, P and W drawn uniformly with variance 1/d (the scale of the page's
    /// N(0, 1/d) tables), b = 0.
    pub fn seeded(vocab: usize, d: usize, rows: usize, seed: u64) -> Self {
        let mut rng = SeededRng::new(seed);
        // Uniform on [−a, a] with a = √(3/d): variance a²/3 = 1/d.
        let a = (3.0 / d.max(1) as f64).sqrt();
        let mut draw = |n: usize| (0..n).map(|_| a * (2.0 * rng.next_unit() - 1.0)).collect();
        TinyModel {
            vocab,
            d,
            rows,
            words: draw(vocab * d),
            positions: draw(rows * d),
            readout: draw(vocab * d),
            bias: vec![0.0; vocab],
        }
    }

    /// A seeded sentence of `length` tokens (at most `rows`), each target the next token.
    pub fn sentence(&self, length: usize, seed: u64) -> Sentence {
        let mut rng = SeededRng::new(seed ^ 0x5eed);
        let length = length.clamp(1, self.rows.max(1));
        let pick = |rng: &mut SeededRng| {
            ((rng.next_unit() * self.vocab as f64) as usize).min(self.vocab - 1)
        };
        let tokens: Vec<usize> = (0..=length).map(|_| pick(&mut rng)).collect();
        Sentence {
            targets: tokens[1..].to_vec(),
            tokens: tokens[..length].to_vec(),
        }
    }

    /// The inputs x_t = √d·E\[w_t\] + p_t, L × d.
    fn inputs(&self, sentence: &Sentence, signal: PositionSignal) -> Vec<f64> {
        let d = self.d;
        let length = sentence.tokens.len();
        let scale = (d as f64).sqrt();
        let signals = match signal {
            // PE(t) for t < L, interleaved, base 10 000: computed, not a parameter.
            PositionSignal::Sinusoidal => pe_matrix_exact(length, d, 10_000.0, Layout::Interleaved),
            PositionSignal::Learned => self.positions[..length * d].to_vec(),
        };
        let mut x = signals;
        for (row, &w) in x.chunks_exact_mut(d).zip(&sentence.tokens) {
            for (j, value) in row.iter_mut().enumerate() {
                *value += scale * self.words[w * d + j];
            }
        }
        x
    }

    /// The read-out matrix: W, or E when tied.
    fn output(&self, tied: bool) -> &[f64] {
        if tied {
            &self.words
        } else {
            &self.readout
        }
    }

    /// Per position, softmax(z_t) (L × vocab).
    fn probabilities(&self, x: &[f64], tied: bool) -> Vec<f64> {
        let (d, v) = (self.d, self.vocab);
        let w = self.output(tied);
        let mut p = Vec::with_capacity(x.len() / d * v);
        for row in x.chunks_exact(d) {
            let z: Vec<f64> = (0..v)
                .map(|k| self.bias[k] + (0..d).map(|j| w[k * d + j] * row[j]).sum::<f64>())
                .collect();
            let top = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = z.iter().map(|z| (z - top).exp()).collect();
            let sum: f64 = e.iter().sum();
            p.extend(e.iter().map(|e| e / sum));
        }
        p
    }

    /// The mean cross-entropy ℓ.
    pub fn loss(&self, sentence: &Sentence, signal: PositionSignal, tied: bool) -> f64 {
        let x = self.inputs(sentence, signal);
        let p = self.probabilities(&x, tied);
        let v = self.vocab;
        let length = sentence.tokens.len() as f64;
        sentence
            .targets
            .iter()
            .enumerate()
            .map(|(t, &y)| -p[t * v + y].ln())
            .sum::<f64>()
            / length
    }

    /// ∂ℓ/∂θ for every parameter (the formulas in the module's documentation).
    pub fn gradient(&self, sentence: &Sentence, signal: PositionSignal, tied: bool) -> Gradient {
        let (d, v) = (self.d, self.vocab);
        let x = self.inputs(sentence, signal);
        let p = self.probabilities(&x, tied);
        let length = sentence.tokens.len();
        let scale = (d as f64).sqrt();
        let w = self.output(tied);
        let mut g = Gradient {
            words: vec![0.0; self.words.len()],
            positions: vec![0.0; self.positions.len()],
            readout: vec![0.0; self.readout.len()],
            bias: vec![0.0; v],
        };
        for t in 0..length {
            let row = &x[t * d..(t + 1) * d];
            let dz: Vec<f64> = (0..v)
                .map(|k| {
                    let target = if k == sentence.targets[t] { 1.0 } else { 0.0 };
                    (p[t * v + k] - target) / length as f64
                })
                .collect();
            let output_gradient = if tied { &mut g.words } else { &mut g.readout };
            for k in 0..v {
                g.bias[k] += dz[k];
                for j in 0..d {
                    output_gradient[k * d + j] += dz[k] * row[j];
                }
            }
            let dx: Vec<f64> = (0..d)
                .map(|j| (0..v).map(|k| w[k * d + j] * dz[k]).sum())
                .collect();
            let word = sentence.tokens[t];
            for (j, dx_j) in dx.iter().enumerate() {
                g.words[word * d + j] += scale * dx_j;
                if signal == PositionSignal::Learned {
                    g.positions[t * d + j] += dx_j;
                }
            }
        }
        g
    }

    /// One step of plain gradient descent, θ − lr·∂ℓ/∂θ (no weight decay, so a parameter with a
    /// zero gradient keeps its value exactly).
    pub fn step(&self, gradient: &Gradient, lr: f64) -> TinyModel {
        let apply = |theta: &[f64], g: &[f64]| -> Vec<f64> {
            theta.iter().zip(g).map(|(t, g)| t - lr * g).collect()
        };
        TinyModel {
            words: apply(&self.words, &gradient.words),
            positions: apply(&self.positions, &gradient.positions),
            readout: apply(&self.readout, &gradient.readout),
            bias: apply(&self.bias, &gradient.bias),
            vocab: self.vocab,
            d: self.d,
            rows: self.rows,
        }
    }
}

/// Per row of a row-major table with rows of `d`, the largest |after − before|.
///
/// ```
/// use pe_explorer::encoding::training_step::row_changes;
/// assert_eq!(row_changes(&[1.0, 2.0, 3.0, 4.0], &[1.0, 2.5, 3.0, 4.0], 2), vec![0.5, 0.0]);
/// ```
pub fn row_changes(before: &[f64], after: &[f64], d: usize) -> Vec<f64> {
    before
        .chunks_exact(d.max(1))
        .zip(after.chunks_exact(d.max(1)))
        .map(|(b, a)| {
            b.iter()
                .zip(a)
                .map(|(b, a)| (a - b).abs())
                .fold(0.0, f64::max)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Central differences (ℓ(θ + h) − ℓ(θ − h)) / 2h against the hand-written gradient, for
    /// every entry of every parameter, both position signals, tied and not.
    #[test]
    fn the_gradient_matches_finite_differences_for_every_parameter() {
        let h = 1e-6;
        for signal in [PositionSignal::Sinusoidal, PositionSignal::Learned] {
            for tied in [false, true] {
                let model = TinyModel::seeded(6, 4, 5, 11);
                let sentence = model.sentence(3, 2);
                let g = model.gradient(&sentence, signal, tied);
                type Field = fn(&mut TinyModel) -> &mut Vec<f64>;
                let fields: [(Field, &Vec<f64>); 4] = [
                    (|m| &mut m.words, &g.words),
                    (|m| &mut m.positions, &g.positions),
                    (|m| &mut m.readout, &g.readout),
                    (|m| &mut m.bias, &g.bias),
                ];
                for (field, analytic) in fields {
                    for (i, &expected) in analytic.iter().enumerate() {
                        let mut plus = model.clone();
                        field(&mut plus)[i] += h;
                        let mut minus = model.clone();
                        field(&mut minus)[i] -= h;
                        let numeric = (plus.loss(&sentence, signal, tied)
                            - minus.loss(&sentence, signal, tied))
                            / (2.0 * h);
                        let error = (numeric - expected).abs();
                        assert!(
                            error <= 1e-6 * numeric.abs().max(1e-3),
                            "{signal:?} tied={tied} entry {i}: {numeric} against {expected}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn rows_the_sentence_never_looks_up_get_no_gradient_unless_the_output_is_tied() {
        let model = TinyModel::seeded(8, 4, 6, 3);
        let sentence = model.sentence(3, 9);
        let g = model.gradient(&sentence, PositionSignal::Learned, false);
        let after = model.step(&g, 0.5);
        let positions = row_changes(&model.positions, &after.positions, 4);
        assert!(
            positions[..3].iter().all(|c| *c > 0.0) && positions[3..].iter().all(|c| *c == 0.0)
        );
        let words = row_changes(&model.words, &after.words, 4);
        for (w, change) in words.iter().enumerate() {
            assert_eq!(*change > 0.0, sentence.tokens.contains(&w), "word {w}");
        }
        // Tied: every word's row is also a row of the read-out, so every one moves.
        let tied = model.step(
            &model.gradient(&sentence, PositionSignal::Learned, true),
            0.5,
        );
        assert!(row_changes(&model.words, &tied.words, 4)
            .iter()
            .all(|c| *c > 0.0));
        // The sinusoidal signal has no table: its model's P gets nothing at all.
        let g = model.gradient(&sentence, PositionSignal::Sinusoidal, false);
        assert!(g.positions.iter().all(|g| *g == 0.0));
    }

    #[test]
    fn a_small_step_lowers_the_loss() {
        let model = TinyModel::seeded(6, 4, 5, 1);
        let sentence = model.sentence(4, 1);
        for signal in [PositionSignal::Sinusoidal, PositionSignal::Learned] {
            let before = model.loss(&sentence, signal, false);
            let after = model
                .step(&model.gradient(&sentence, signal, false), 0.1)
                .loss(&sentence, signal, false);
            assert!(after < before, "{signal:?}: {before} -> {after}");
        }
    }
}
