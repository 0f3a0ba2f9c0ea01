//! Adding versus concatenating a word's embedding and its position's encoding.
//!
//! # Formula
//! Add: `z = x + p` (width d_model). Concatenate: `z = [x; p]` (width d_model + d_pe).
//! Adding keeps every later matrix d_model wide; concatenating keeps the two apart at the
//! cost of a wider first projection.

use super::similarity::dot;

/// `out = content + position`, element-wise.
///
/// ```
/// let mut z = [0.0; 2];
/// pe_explorer::encoding::add_vectors(&[1.0, 2.0], &[0.5, -1.0], &mut z);
/// assert_eq!(z, [1.5, 1.0]);
/// ```
pub fn add_vectors(content: &[f64], position: &[f64], out: &mut [f64]) {
    for ((o, x), p) in out.iter_mut().zip(content).zip(position) {
        *o = x + p;
    }
}

/// `out = [content; position]`; `out.len()` must be the sum of both lengths.
///
/// ```
/// let mut z = [0.0; 3];
/// pe_explorer::encoding::concat_vectors(&[1.0, 2.0], &[9.0], &mut z);
/// assert_eq!(z, [1.0, 2.0, 9.0]);
/// ```
pub fn concat_vectors(content: &[f64], position: &[f64], out: &mut [f64]) {
    let (head, tail) = out.split_at_mut(content.len());
    head.copy_from_slice(content);
    tail.copy_from_slice(position);
}

/// How alike two words stay once each has its position added: the real-data lesson's
/// measure of whether position drowns meaning.
///
/// # Formula
/// `cos(s·a + p_a, s·b + p_b)` for word vectors a, b, position vectors p_a, p_b and a word
/// scale s (1, or √d_model as the original transformer multiplies embeddings by).
///
/// ```
/// use pe_explorer::encoding::cosine_after_adding;
/// // Orthogonal words given the same large position become nearly the same vector.
/// let c = cosine_after_adding((&[1.0, 0.0], &[10.0, 10.0]), (&[0.0, 1.0], &[10.0, 10.0]), 1.0);
/// assert!((c - 0.995).abs() < 1e-3);
/// ```
pub fn cosine_after_adding(
    (word_a, position_a): (&[f64], &[f64]),
    (word_b, position_b): (&[f64], &[f64]),
    word_scale: f64,
) -> f64 {
    let input = |word: &[f64], position: &[f64]| -> Vec<f64> {
        word.iter()
            .zip(position)
            .map(|(w, p)| word_scale * w + p)
            .collect()
    };
    super::similarity::cosine_similarity(&input(word_a, position_a), &input(word_b, position_b))
}

/// Width and first-projection size of each way of combining.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombineCost {
    /// Width of the combined vector.
    pub width: usize,
    /// Weights of the next `width × d_model` projection (e.g. W_Q), without bias.
    pub projection_parameters: usize,
}

/// The cost of adding: width d_model, projection d_model × d_model.
///
/// ```
/// use pe_explorer::encoding::add_cost;
/// assert_eq!(add_cost(512).projection_parameters, 262_144);
/// ```
pub fn add_cost(d_model: usize) -> CombineCost {
    CombineCost {
        width: d_model,
        projection_parameters: d_model * d_model,
    }
}

/// The cost of concatenating a d_pe-wide encoding: width d_model + d_pe, projection
/// (d_model + d_pe) × d_model.
///
/// ```
/// use pe_explorer::encoding::concat_cost;
/// assert_eq!(concat_cost(512, 512).width, 1024);
/// assert_eq!(concat_cost(512, 512).projection_parameters, 524_288);
/// ```
pub fn concat_cost(d_model: usize, d_pe: usize) -> CombineCost {
    CombineCost {
        width: d_model + d_pe,
        projection_parameters: (d_model + d_pe) * d_model,
    }
}

/// The four parts of a query·key score when both sides are word + position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreTerms {
    /// x_i · x_j: what the words are.
    pub content_content: f64,
    /// x_i · p_j: this word, that position.
    pub content_position: f64,
    /// p_i · x_j: this position, that word.
    pub position_content: f64,
    /// p_i · p_j: where the two are, which for sinusoidal PE depends on i − j only.
    pub position_position: f64,
}

impl ScoreTerms {
    pub fn total(&self) -> f64 {
        self.content_content
            + self.content_position
            + self.position_content
            + self.position_position
    }
}

/// Splits `(x_i + p_i)·(x_j + p_j)` into its four terms.
///
/// # Formula
/// `(x_i + p_i)·(x_j + p_j) = x_i·x_j + x_i·p_j + p_i·x_j + p_i·p_j`
///
/// ```
/// use pe_explorer::encoding::score_terms;
/// let t = score_terms(&[1.0, 0.0], &[0.0, 1.0], &[1.0, 1.0], &[2.0, 0.0]);
/// assert_eq!(t.total(), (1.0 + 0.0) * (1.0 + 2.0) + (0.0 + 1.0) * (1.0 + 0.0));
/// ```
pub fn score_terms(x_i: &[f64], p_i: &[f64], x_j: &[f64], p_j: &[f64]) -> ScoreTerms {
    ScoreTerms {
        content_content: dot(x_i, x_j),
        content_position: dot(x_i, p_j),
        position_content: dot(p_i, x_j),
        position_position: dot(p_i, p_j),
    }
}

/// How much of the summed vector's energy comes from position, in [0, 1].
///
/// # Formula
/// `|p|² / (|x|² + |p|²)`: near 0 the position is drowned by the word, near 1 the word is
/// drowned by the position.
///
/// ```
/// assert_eq!(pe_explorer::encoding::position_share(&[3.0, 0.0], &[0.0, 4.0]), 16.0 / 25.0);
/// ```
pub fn position_share(content: &[f64], position: &[f64]) -> f64 {
    let (x, p) = (dot(content, content), dot(position, position));
    if x + p == 0.0 {
        0.0
    } else {
        p / (x + p)
    }
}
