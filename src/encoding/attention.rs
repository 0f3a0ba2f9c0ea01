//! A one-head toy self-attention, just enough to show why position must be added.
//!
//! # Formula
//! `Q = XW_Q, K = XW_K, V = XW_V, A = softmax(QKᵀ/√d), out = AV`, then mean pooling over
//! tokens. Without position, permuting the tokens permutes the rows of `out` and leaves the
//! pooled vector unchanged: attention alone cannot tell "dog bites man" from "man bites dog".
//!
//! Every sum over tokens is taken in sorted order of its terms, so that a permutation of the
//! input changes no rounding and the pooled difference is *exactly* 0, as the lesson claims,
//! rather than a distracting 1e-17.

use super::seeded::normal_table;

/// The seed of the toy weights.
pub const ATTENTION_SEED: u64 = 0xA77E_0001;

/// Seeded projection weights of one attention head.
#[derive(Clone, Debug, PartialEq)]
pub struct ToyAttention {
    d: usize,
    w_q: Vec<f64>,
    w_k: Vec<f64>,
    w_v: Vec<f64>,
}

/// What one forward pass produces.
#[derive(Clone, Debug, PartialEq)]
pub struct AttentionOutput {
    /// Number of tokens n.
    pub tokens: usize,
    /// n × n attention weights, row = query.
    pub weights: Vec<f64>,
    /// n × d outputs, row = token.
    pub outputs: Vec<f64>,
}

impl ToyAttention {
    /// Weights from N(0, 1/d) so scores stay of order 1.
    pub fn seeded(d: usize) -> Self {
        let std = 1.0 / (d.max(1) as f64).sqrt();
        ToyAttention {
            d,
            w_q: normal_table(d, d, std, ATTENTION_SEED),
            w_k: normal_table(d, d, std, ATTENTION_SEED + 1),
            w_v: normal_table(d, d, std, ATTENTION_SEED + 2),
        }
    }

    pub fn d(&self) -> usize {
        self.d
    }

    /// Self-attention over `x`, n rows of width d (row-major).
    ///
    /// ```
    /// use pe_explorer::encoding::ToyAttention;
    /// let att = ToyAttention::seeded(4);
    /// let out = att.forward(&[1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    /// let row_sum: f64 = out.weights[..2].iter().sum();
    /// assert!((row_sum - 1.0).abs() < 1e-12);
    /// ```
    pub fn forward(&self, x: &[f64]) -> AttentionOutput {
        let d = self.d;
        let n = x.len() / d;
        let project = |w: &[f64]| -> Vec<f64> {
            let mut out = vec![0.0; n * d];
            for t in 0..n {
                for c in 0..d {
                    out[t * d + c] = (0..d).map(|r| x[t * d + r] * w[r * d + c]).sum();
                }
            }
            out
        };
        let (q, k, v) = (project(&self.w_q), project(&self.w_k), project(&self.w_v));
        let scale = 1.0 / (d as f64).sqrt();
        let mut weights = vec![0.0; n * n];
        let mut terms = vec![0.0; n];
        for t in 0..n {
            let row = &mut weights[t * n..(t + 1) * n];
            for (s, slot) in row.iter_mut().enumerate() {
                *slot = scale * (0..d).map(|c| q[t * d + c] * k[s * d + c]).sum::<f64>();
            }
            softmax_in_place(row, &mut terms);
        }
        let mut outputs = vec![0.0; n * d];
        for t in 0..n {
            for c in 0..d {
                for s in 0..n {
                    terms[s] = weights[t * n + s] * v[s * d + c];
                }
                outputs[t * d + c] = sorted_sum(&mut terms);
            }
        }
        AttentionOutput {
            tokens: n,
            weights,
            outputs,
        }
    }
}

/// Softmax of a row, with the row's maximum subtracted first so exp never overflows.
///
/// # Formula
/// `softmax(z)_j = exp(z_j − max z) / Σ_l exp(z_l − max z)`
pub fn softmax_in_place(row: &mut [f64], scratch: &mut Vec<f64>) {
    let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    scratch.clear();
    for z in row.iter_mut() {
        *z = (*z - max).exp();
        scratch.push(*z);
    }
    let total = sorted_sum(scratch);
    for z in row.iter_mut() {
        *z /= total;
    }
}

/// A sum whose result does not depend on the order of the terms (sorts them in place first).
///
/// The terms are one per token of a demo sentence, or at most 48 ALiBi keys, so an insertion
/// sort: the standard library's sort is a large share of the wasm for nothing at this size (docs/bundle.md).
fn sorted_sum(terms: &mut [f64]) -> f64 {
    for i in 1..terms.len() {
        let mut j = i;
        while j > 0 && terms[j - 1].total_cmp(&terms[j]).is_gt() {
            terms.swap(j - 1, j);
            j -= 1;
        }
    }
    terms.iter().sum()
}

/// The mean of the n output rows: one vector for the whole sentence.
///
/// ```
/// let pooled = pe_explorer::encoding::mean_pool(&[1.0, 2.0, 3.0, 4.0], 2);
/// assert_eq!(pooled, vec![2.0, 3.0]);
/// ```
pub fn mean_pool(outputs: &[f64], d: usize) -> Vec<f64> {
    let n = outputs.len() / d.max(1);
    let mut column = vec![0.0; n];
    (0..d)
        .map(|c| {
            for t in 0..n {
                column[t] = outputs[t * d + c];
            }
            sorted_sum(&mut column) / n as f64
        })
        .collect()
}

/// The Shannon entropy of one attention row, in nats.
///
/// # Formula
/// `H = −Σ_j a_j ln a_j`; ln n when attention is uniform over n tokens, 0 when it all goes to one.
///
/// ```
/// let h = pe_explorer::encoding::attention_entropy(&[0.5, 0.5]);
/// assert!((h - 2f64.ln()).abs() < 1e-15);
/// ```
pub fn attention_entropy(row: &[f64]) -> f64 {
    -row.iter()
        .filter(|a| **a > 0.0)
        .map(|a| a * a.ln())
        .sum::<f64>()
}

/// The mean entropy over all rows of an n × n weight matrix.
pub fn mean_attention_entropy(weights: &[f64], n: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    weights.chunks_exact(n).map(attention_entropy).sum::<f64>() / n as f64
}

/// `x = embeddings + amplitude · pe`, row by row: the input the toy attention sees.
pub fn with_position(embeddings: &[f64], pe: &[f64], amplitude: f64) -> Vec<f64> {
    embeddings
        .iter()
        .zip(pe)
        .map(|(x, p)| x + amplitude * p)
        .collect()
}

/// The input rows of a sentence: each token's embedding, times `embedding_scale`, plus
/// `pe_amplitude` times the sinusoidal encoding of its position (0, 1, 2, …).
///
/// # Formula
/// `x_t = s · E[token_t] + a · PE(t)`
///
/// ```
/// use pe_explorer::encoding::{sentence_inputs, EmbeddingTable};
/// let table = EmbeddingTable::seeded(8);
/// let x = sentence_inputs(&[2, 3], &table, 1.0, 0.0, 10_000.0);
/// assert_eq!(&x[..8], table.row(2));
/// ```
pub fn sentence_inputs(
    tokens: &[usize],
    table: &super::embedding::EmbeddingTable,
    embedding_scale: f64,
    pe_amplitude: f64,
    base: f64,
) -> Vec<f64> {
    let d = table.d_model();
    let mut x = vec![0.0; tokens.len() * d];
    let mut pe = vec![0.0; d];
    for (t, (row, token)) in x.chunks_exact_mut(d.max(1)).zip(tokens).enumerate() {
        super::sinusoidal::pe_vector(
            t as f64,
            base,
            super::sinusoidal::Layout::Interleaved,
            &mut pe,
        );
        for ((slot, e), p) in row.iter_mut().zip(table.row(*token)).zip(&pe) {
            *slot = embedding_scale * e + pe_amplitude * p;
        }
    }
    x
}

/// The largest absolute difference between two vectors of equal length.
///
/// ```
/// assert_eq!(pe_explorer::encoding::max_abs_difference(&[1.0, 2.0], &[1.5, 2.0]), 0.5);
/// ```
pub fn max_abs_difference(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

/// The word-order demonstration: two sentences with the same words in a different order, through
/// the same toy attention, with or without positional encoding.
#[derive(Clone, Debug, PartialEq)]
pub struct WordOrder {
    /// The tokens of each sentence.
    pub tokens: [Vec<usize>; 2],
    /// n × d per-token outputs of each sentence.
    pub outputs: [Vec<f64>; 2],
    /// The mean-pooled vector of each sentence.
    pub pooled: [Vec<f64>; 2],
    /// max |pooled_a − pooled_b|: exactly 0 without position.
    pub difference: f64,
    /// Whether every output row of one sentence appears, bit for bit, among the rows of the other
    /// (the outputs are a permuted copy).
    pub rows_permuted: bool,
}

/// Runs both sentences through [`ToyAttention`] with inputs `√d·E[token] + a·PE(t)`.
///
/// ```
/// use pe_explorer::encoding::word_order;
/// let without = word_order("dog bites man", "man bites dog", 32, 0.0, 10_000.0).unwrap();
/// assert_eq!(without.difference, 0.0);
/// assert!(without.rows_permuted);
/// let with = word_order("dog bites man", "man bites dog", 32, 1.0, 10_000.0).unwrap();
/// assert!(with.difference > 0.0);
/// ```
pub fn word_order(
    first: &str,
    second: &str,
    d: usize,
    pe_amplitude: f64,
    base: f64,
) -> Result<WordOrder, super::embedding::UnknownWord> {
    let table = super::embedding::EmbeddingTable::seeded(d);
    let attention = ToyAttention::seeded(d);
    let scale = super::embedding::embedding_scale(d);
    let run = |sentence: &str| -> Result<(Vec<usize>, Vec<f64>), super::embedding::UnknownWord> {
        let tokens = super::embedding::tokenize(sentence)?;
        let x = sentence_inputs(&tokens, &table, scale, pe_amplitude, base);
        Ok((tokens, attention.forward(&x).outputs))
    };
    let (tokens_a, out_a) = run(first)?;
    let (tokens_b, out_b) = run(second)?;
    let (pooled_a, pooled_b) = (mean_pool(&out_a, d), mean_pool(&out_b, d));
    let rows_permuted = out_a.len() == out_b.len()
        && out_a
            .chunks_exact(d.max(1))
            .all(|row| out_b.chunks_exact(d.max(1)).any(|other| other == row));
    Ok(WordOrder {
        difference: max_abs_difference(&pooled_a, &pooled_b),
        tokens: [tokens_a, tokens_b],
        outputs: [out_a, out_b],
        pooled: [pooled_a, pooled_b],
        rows_permuted,
    })
}

/// Sentence pairs that differ only in word order, for the word-order panel.
pub const WORD_ORDER_PAIRS: &[(&str, &str)] =
    &[("dog bites man", "man bites dog"), ("狗咬人", "人咬狗")];

/// The saturation demonstration: how the toy attention's mean row entropy falls as the PE
/// amplitude grows, for one sentence.
///
/// # Formula
/// For each amplitude a: `X = √d·E + a·PE`, `A = softmax(XW_Q (XW_K)ᵀ / √d)`,
/// `H(a) = (1/n) Σ_rows −Σ_j A_ij ln A_ij`. Small a: the words decide where attention goes; large
/// a: the position terms dominate the scores and every row collapses onto one position.
///
/// ```
/// use pe_explorer::encoding::attention_saturation;
/// let h = attention_saturation("the cat sat on the mat", 32, 10_000.0, &[0.0, 8.0]).unwrap();
/// assert!(h[1] < h[0]);
/// ```
pub fn attention_saturation(
    sentence: &str,
    d: usize,
    base: f64,
    amplitudes: &[f64],
) -> Result<Vec<f64>, super::embedding::UnknownWord> {
    let tokens = super::embedding::tokenize(sentence)?;
    let table = super::embedding::EmbeddingTable::seeded(d);
    let attention = ToyAttention::seeded(d);
    let scale = super::embedding::embedding_scale(d);
    Ok(amplitudes
        .iter()
        .map(|a| {
            let x = sentence_inputs(&tokens, &table, scale, *a, base);
            mean_attention_entropy(&attention.forward(&x).weights, tokens.len())
        })
        .collect())
}

/// The n × n attention weights of the toy head for one sentence at one PE amplitude.
pub fn attention_weights(
    sentence: &str,
    d: usize,
    base: f64,
    amplitude: f64,
) -> Result<AttentionOutput, super::embedding::UnknownWord> {
    let tokens = super::embedding::tokenize(sentence)?;
    let table = super::embedding::EmbeddingTable::seeded(d);
    let x = sentence_inputs(
        &tokens,
        &table,
        super::embedding::embedding_scale(d),
        amplitude,
        base,
    );
    Ok(ToyAttention::seeded(d).forward(&x))
}
