//! A tiny transformer that learns positions: token embedding plus a
//! position signal (none, a learned table, the sinusoids, RoPE or ALiBi), one attention layer of
//! one or more heads (causal mask optional) with a residual connection, a linear read-out,
//! cross-entropy and Adam. Plain Rust over flat `Vec<f64>`s; gradients written by hand and
//! checked against finite differences for every parameter (`tests`).
//!
//! # Forward pass, for one sequence of L tokens
//! ```text
//! x_t   = E[tok_t] + p_t                  p_t: P[t] (learned), PE(t) (sinusoidal), else 0
//! q_t   = R_t W_q x_t,  k_t = R_t W_k x_t  R_t: RoPE's rotation by t within each head, else I
//! v_t   = W_v x_t
//! s_tu  = q_t,h · k_u,h / √d_h − m_h·|t − u|   (ALiBi's slope m_h, else 0), u ≤ t if causal
//! a_tu  = softmax_u(s_tu)
//! o_t,h = Σ_u a_tu v_u,h,   z_t = x_t + W_o o_t,   logits_t = U z_t
//! loss  = mean over the target positions of −log softmax(logits_t)[target_t]
//! ```
//! Adam (Kingma and Ba 2015, Algorithm 1): m ← β₁m + (1 − β₁)g, v ← β₂v + (1 − β₂)g²,
//! θ ← θ − lr · m̂ / (√v̂ + ε), with m̂ = m/(1 − β₁ᵗ), v̂ = v/(1 − β₂ᵗ).

use super::alibi::alibi_slopes;
use super::learned::GPT2_INIT_STD;
use super::seeded::SeededRng;

// The transcendental functions from the `libm` crate (a port of musl's), not `f64::exp` and
// friends: those call the platform's library (glibc on a Linux host, compiler-builtins' in
// wasm), whose last bits may differ, and a training run compounds any difference. With one
// implementation everywhere, a seed gives the same run bit for bit on a host and in the
// browser's worker (tests/browser/train.test.mjs compares them).
fn exp(x: f64) -> f64 {
    libm::exp(x)
}

fn ln(x: f64) -> f64 {
    libm::log(x)
}

fn sin_cos(x: f64) -> (f64, f64) {
    libm::sincos(x)
}

/// ω_i = 10000^(−2i/d): the sinusoids' and RoPE's frequency of pair i (`sinusoidal::omega`,
/// through `libm`'s pow).
fn omega(i: usize, d: usize) -> f64 {
    libm::pow(10_000.0, -((2 * i) as f64) / d as f64)
}

/// A normal draw, `mean + std · √(−2 ln u₁) · cos(2π u₂)` (Box–Muller, as
/// `SeededRng::next_normal`, through `libm`).
fn normal(rng: &mut SeededRng, std: f64) -> f64 {
    let (u1, u2) = (rng.next_unit(), rng.next_unit());
    std * (-2.0 * ln(u1)).sqrt() * libm::cos(std::f64::consts::TAU * u2)
}

/// How the position enters the tiny model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PositionScheme {
    /// No position signal at all (NoPE).
    #[default]
    None,
    /// A learned table, one row per position, added to the input.
    Learned,
    /// The fixed sinusoids (base 10 000, interleaved), added to the input.
    Sinusoidal,
    /// Queries and keys rotated by their position, within each head.
    Rope,
    /// −slope · distance added to every score, one slope per head.
    Alibi,
}

impl PositionScheme {
    pub const ALL: [PositionScheme; 5] = [
        PositionScheme::None,
        PositionScheme::Learned,
        PositionScheme::Sinusoidal,
        PositionScheme::Rope,
        PositionScheme::Alibi,
    ];
}

/// What the model is asked to output at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The token `k` places back (needs relative position).
    CopyBack(usize),
    /// The token at absolute position `j` (needs absolute position).
    TokenAt(usize),
    /// The sequence reversed: at t, the token at L − 1 − t (needs both).
    Reverse,
    /// How many of the sequence's tokens are token 0 (order-free: the control). Scored where
    /// the whole sequence is visible: every position without the causal mask, the last with it.
    Count,
}

/// The tiny model's sizes and settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TinyConfig {
    /// Input tokens 0 … vocab − 1.
    pub vocab: usize,
    /// Training sequence length.
    pub length: usize,
    /// The learned table's rows (at least `length`; positions past it read zeros).
    pub table_rows: usize,
    pub d_model: usize,
    pub heads: usize,
    pub causal: bool,
    pub scheme: PositionScheme,
    pub task: Task,
}

impl TinyConfig {
    /// Output classes: every token, and every count 0 … length for the counting task.
    pub fn classes(&self) -> usize {
        self.vocab.max(self.table_rows + 1)
    }

    /// The lab's default sizes: 8 tokens, length 12 (a table of 24 rows, so that twice the
    /// length can be asked), width 16, two heads; the causal mask except where the task needs the
    /// whole sequence (reversing, counting).
    pub fn lab_default(scheme: PositionScheme, task: Task) -> Self {
        TinyConfig {
            vocab: 8,
            length: 12,
            table_rows: 24,
            d_model: 16,
            heads: 2,
            causal: !matches!(task, Task::Reverse | Task::Count),
            scheme,
            task,
        }
    }

    fn head_dim(&self) -> usize {
        self.d_model / self.heads.max(1)
    }
}

/// The parameters, one flat vector per matrix (row-major; y = W x reads row i for y_i).
#[derive(Clone, Debug, PartialEq)]
pub struct TinyWeights {
    /// vocab × d_model.
    pub embed: Vec<f64>,
    /// table_rows × d_model (empty unless the scheme is `Learned`).
    pub table: Vec<f64>,
    /// d_model × d_model each.
    pub wq: Vec<f64>,
    pub wk: Vec<f64>,
    pub wv: Vec<f64>,
    pub wo: Vec<f64>,
    /// classes × d_model.
    pub unembed: Vec<f64>,
}

impl TinyWeights {
    /// Seeded starting weights: the word table N(0, 1), the position table N(0, 0.01²) as GPT-2
    /// starts its `wpe` (`learned::GPT2_INIT_STD`), the matrices N(0, 1/d_model). A position table
    /// started as large as the word table stays dominated by its random start: measured with
    /// N(0, 1), copying one back is learned but neighbouring rows end no more alike than distant
    /// ones; from N(0, 0.01²) their cosine similarity ends near 0.8 (`tests`).
    pub fn seeded(config: &TinyConfig, seed: u64) -> Self {
        let mut rng = SeededRng::new(seed);
        let d = config.d_model;
        let mut draw = |n: usize, std: f64| (0..n).map(|_| normal(&mut rng, std)).collect();
        let matrix_std = 1.0 / (d as f64).sqrt();
        TinyWeights {
            embed: draw(config.vocab * d, 1.0),
            table: if config.scheme == PositionScheme::Learned {
                draw(config.table_rows * d, GPT2_INIT_STD)
            } else {
                Vec::new()
            },
            wq: draw(d * d, matrix_std),
            wk: draw(d * d, matrix_std),
            wv: draw(d * d, matrix_std),
            wo: draw(d * d, matrix_std),
            unembed: draw(config.classes() * d, matrix_std),
        }
    }

    /// Every parameter vector, in a fixed order (for Adam and the gradient check).
    pub fn parts_mut(&mut self) -> [&mut Vec<f64>; 7] {
        [
            &mut self.embed,
            &mut self.table,
            &mut self.wq,
            &mut self.wk,
            &mut self.wv,
            &mut self.wo,
            &mut self.unembed,
        ]
    }

    /// Weights of the same shapes, all zero (a gradient's accumulator).
    pub fn zeros_like(&self) -> Self {
        let zero = |v: &Vec<f64>| vec![0.0; v.len()];
        TinyWeights {
            embed: zero(&self.embed),
            table: zero(&self.table),
            wq: zero(&self.wq),
            wk: zero(&self.wk),
            wv: zero(&self.wv),
            wo: zero(&self.wo),
            unembed: zero(&self.unembed),
        }
    }
}

/// One example: its tokens and, per position, the class to output (`None`: not scored).
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    pub tokens: Vec<usize>,
    pub targets: Vec<Option<usize>>,
}

/// A random sequence of `length` tokens and the task's targets. A position is scored only where
/// the answer is visible to it (with the causal mask: a token not after it).
pub fn example(config: &TinyConfig, length: usize, rng: &mut SeededRng) -> Example {
    let tokens: Vec<usize> = (0..length)
        .map(|_| (rng.next_u64() % config.vocab as u64) as usize)
        .collect();
    let last = config.classes() - 1;
    let targets = (0..length)
        .map(|t| match config.task {
            Task::CopyBack(k) => t.checked_sub(k).map(|s| tokens[s]),
            Task::TokenAt(j) => (j < length && (t >= j || !config.causal)).then(|| tokens[j]),
            Task::Reverse => {
                let s = length - 1 - t;
                (s <= t || !config.causal).then(|| tokens[s])
            }
            Task::Count => (!config.causal || t + 1 == length)
                .then(|| tokens.iter().filter(|&&w| w == 0).count().min(last)),
        })
        .collect();
    Example { tokens, targets }
}

/// What the forward pass keeps for the backward pass.
struct Trace {
    length: usize,
    x: Vec<f64>,
    q: Vec<f64>,
    k: Vec<f64>,
    v: Vec<f64>,
    /// heads × L × L, zero where masked.
    attention: Vec<f64>,
    o: Vec<f64>,
    z: Vec<f64>,
    /// L × classes, softmax of the logits.
    probabilities: Vec<f64>,
}

/// y = W x for a `rows` × `cols` matrix.
fn mat_vec(w: &[f64], x: &[f64], rows: usize, out: &mut [f64]) {
    let cols = x.len();
    for (i, y) in out.iter_mut().enumerate().take(rows) {
        *y = w[i * cols..(i + 1) * cols]
            .iter()
            .zip(x)
            .map(|(a, b)| a * b)
            .sum();
    }
}

/// Rotates each head's pairs (2i, 2i + 1) of `x` by `angle`·θ_i, θ_i = 10000^(−2i/d_h);
/// `sign` −1 rotates back (the transpose, for the backward pass).
fn rotate_heads(x: &mut [f64], head_dim: usize, position: f64, sign: f64) {
    for head in x.chunks_mut(head_dim) {
        for i in 0..head_dim / 2 {
            let (s, c) = sin_cos(sign * position * omega(i, head_dim));
            let (a, b) = (head[2 * i], head[2 * i + 1]);
            head[2 * i] = a * c - b * s;
            head[2 * i + 1] = a * s + b * c;
        }
    }
}

/// The position signal added to the input at position t (zeros for RoPE, ALiBi and none).
fn input_position(config: &TinyConfig, weights: &TinyWeights, t: usize, out: &mut [f64]) {
    let d = config.d_model;
    out.iter_mut().for_each(|v| *v = 0.0);
    match config.scheme {
        PositionScheme::Learned if t < config.table_rows => {
            out.copy_from_slice(&weights.table[t * d..(t + 1) * d]);
        }
        PositionScheme::Sinusoidal => {
            for i in 0..d / 2 {
                let (s, c) = sin_cos(t as f64 * omega(i, d));
                out[2 * i] = s;
                out[2 * i + 1] = c;
            }
        }
        _ => {}
    }
}

fn forward(config: &TinyConfig, weights: &TinyWeights, tokens: &[usize]) -> Trace {
    let (length, d, heads, dh, classes) = (
        tokens.len(),
        config.d_model,
        config.heads,
        config.head_dim(),
        config.classes(),
    );
    let mut x = vec![0.0; length * d];
    let mut position = vec![0.0; d];
    for (t, &token) in tokens.iter().enumerate() {
        input_position(config, weights, t, &mut position);
        for c in 0..d {
            x[t * d + c] = weights.embed[token * d + c] + position[c];
        }
    }
    let (mut q, mut k, mut v) = (
        vec![0.0; length * d],
        vec![0.0; length * d],
        vec![0.0; length * d],
    );
    for t in 0..length {
        let xt = &x[t * d..(t + 1) * d];
        mat_vec(&weights.wq, xt, d, &mut q[t * d..(t + 1) * d]);
        mat_vec(&weights.wk, xt, d, &mut k[t * d..(t + 1) * d]);
        mat_vec(&weights.wv, xt, d, &mut v[t * d..(t + 1) * d]);
        if config.scheme == PositionScheme::Rope {
            rotate_heads(&mut q[t * d..(t + 1) * d], dh, t as f64, 1.0);
            rotate_heads(&mut k[t * d..(t + 1) * d], dh, t as f64, 1.0);
        }
    }
    let slopes = if config.scheme == PositionScheme::Alibi {
        alibi_slopes(heads)
    } else {
        vec![0.0; heads]
    };
    let scale = 1.0 / (dh as f64).sqrt();
    let mut attention = vec![0.0; heads * length * length];
    let mut o = vec![0.0; length * d];
    for h in 0..heads {
        for t in 0..length {
            let seen = if config.causal { t + 1 } else { length };
            let row = &mut attention[(h * length + t) * length..(h * length + t + 1) * length];
            for (u, score) in row.iter_mut().enumerate().take(seen) {
                let dot: f64 = (0..dh)
                    .map(|c| q[t * d + h * dh + c] * k[u * d + h * dh + c])
                    .sum();
                *score = dot * scale - slopes[h] * (t as f64 - u as f64).abs();
            }
            let max = row[..seen]
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let total: f64 = row[..seen]
                .iter_mut()
                .map(|s| {
                    *s = exp(*s - max);
                    *s
                })
                .sum();
            row[..seen].iter_mut().for_each(|s| *s /= total);
            for u in 0..seen {
                for c in 0..dh {
                    o[t * d + h * dh + c] += row[u] * v[u * d + h * dh + c];
                }
            }
        }
    }
    let mut z = x.clone();
    let mut projected = vec![0.0; d];
    let mut probabilities = vec![0.0; length * classes];
    for t in 0..length {
        mat_vec(&weights.wo, &o[t * d..(t + 1) * d], d, &mut projected);
        for c in 0..d {
            z[t * d + c] += projected[c];
        }
        let logits = &mut probabilities[t * classes..(t + 1) * classes];
        mat_vec(&weights.unembed, &z[t * d..(t + 1) * d], classes, logits);
        let max = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = logits
            .iter_mut()
            .map(|s| {
                *s = exp(*s - max);
                *s
            })
            .sum();
        logits.iter_mut().for_each(|s| *s /= total);
    }
    Trace {
        length,
        x,
        q,
        k,
        v,
        attention,
        o,
        z,
        probabilities,
    }
}

/// The mean cross-entropy over the scored positions of `examples`, their count, and how many
/// of them the model's most likely class gets right.
pub fn evaluate(
    config: &TinyConfig,
    weights: &TinyWeights,
    examples: &[Example],
) -> (f64, usize, usize) {
    let classes = config.classes();
    let (mut loss, mut scored, mut right) = (0.0, 0, 0);
    for example in examples {
        let trace = forward(config, weights, &example.tokens);
        for (t, target) in example.targets.iter().enumerate() {
            let Some(target) = *target else { continue };
            let p = &trace.probabilities[t * classes..(t + 1) * classes];
            loss -= ln(p[target].max(f64::MIN_POSITIVE));
            scored += 1;
            let best = (0..classes)
                .max_by(|a, b| p[*a].total_cmp(&p[*b]))
                .unwrap_or(0);
            right += usize::from(best == target);
        }
    }
    (
        if scored == 0 {
            0.0
        } else {
            loss / scored as f64
        },
        scored,
        right,
    )
}

/// The attention weights of one sequence, heads × L × L (row t: query t's weights over the keys;
/// zero where the causal mask hides a key): what the panel draws as the attention map.
pub fn attention_map(config: &TinyConfig, weights: &TinyWeights, tokens: &[usize]) -> Vec<f64> {
    forward(config, weights, tokens).attention
}

/// The position signal the model adds at positions 0 … rows − 1, row by row (rows × d_model):
/// the learned table, the sinusoids, or zeros for the schemes that add nothing at the input.
pub fn position_rows(config: &TinyConfig, weights: &TinyWeights, rows: usize) -> Vec<f64> {
    let d = config.d_model;
    let mut out = vec![0.0; rows * d];
    for t in 0..rows {
        input_position(config, weights, t, &mut out[t * d..(t + 1) * d]);
    }
    out
}

/// The cosine similarity of every pair of those rows (rows × rows; 0 for a zero row): bands along
/// the diagonal when neighbouring positions have similar vectors.
pub fn position_similarity(config: &TinyConfig, weights: &TinyWeights, rows: usize) -> Vec<f64> {
    let d = config.d_model;
    let table = position_rows(config, weights, rows);
    let norm = |t: usize| {
        table[t * d..(t + 1) * d]
            .iter()
            .map(|v| v * v)
            .sum::<f64>()
            .sqrt()
    };
    let norms: Vec<f64> = (0..rows).map(norm).collect();
    let mut out = vec![0.0; rows * rows];
    for a in 0..rows {
        for b in 0..rows {
            let dot: f64 = (0..d).map(|c| table[a * d + c] * table[b * d + c]).sum();
            let scale = norms[a] * norms[b];
            out[a * rows + b] = if scale > 0.0 { dot / scale } else { 0.0 };
        }
    }
    out
}

/// Per position of `examples` (which may be longer than the training length): how many were
/// scored and how many the model got right.
pub fn accuracy_by_position(
    config: &TinyConfig,
    weights: &TinyWeights,
    examples: &[Example],
) -> Vec<(usize, usize)> {
    let classes = config.classes();
    let longest = examples.iter().map(|e| e.tokens.len()).max().unwrap_or(0);
    let mut counts = vec![(0, 0); longest];
    for example in examples {
        let trace = forward(config, weights, &example.tokens);
        for (t, target) in example.targets.iter().enumerate() {
            let Some(target) = *target else { continue };
            let p = &trace.probabilities[t * classes..(t + 1) * classes];
            let best = (0..classes)
                .max_by(|a, b| p[*a].total_cmp(&p[*b]))
                .unwrap_or(0);
            counts[t].0 += 1;
            counts[t].1 += usize::from(best == target);
        }
    }
    counts
}

/// The gradient of the mean cross-entropy over every scored position of `examples`, and that loss.
pub fn gradient(
    config: &TinyConfig,
    weights: &TinyWeights,
    examples: &[Example],
) -> (TinyWeights, f64) {
    let (d, heads, dh, classes) = (
        config.d_model,
        config.heads,
        config.head_dim(),
        config.classes(),
    );
    let mut grad = weights.zeros_like();
    let scored: usize = examples
        .iter()
        .map(|e| e.targets.iter().flatten().count())
        .sum();
    if scored == 0 {
        return (grad, 0.0);
    }
    let per = 1.0 / scored as f64;
    let scale = 1.0 / (dh as f64).sqrt();
    let mut loss = 0.0;
    for example in examples {
        let trace = forward(config, weights, &example.tokens);
        let length = trace.length;
        // dz from the read-out: (p − onehot) / scored, through U.
        let mut dz = vec![0.0; length * d];
        for (t, target) in example.targets.iter().enumerate() {
            let Some(target) = *target else { continue };
            let p = &trace.probabilities[t * classes..(t + 1) * classes];
            loss -= ln(p[target].max(f64::MIN_POSITIVE)) * per;
            for (class, probability) in p.iter().enumerate() {
                let dlogit = (probability - f64::from(u8::from(class == target))) * per;
                for c in 0..d {
                    grad.unembed[class * d + c] += dlogit * trace.z[t * d + c];
                    dz[t * d + c] += dlogit * weights.unembed[class * d + c];
                }
            }
        }
        // z = x + W_o o: the residual, W_o and o.
        let mut dx = dz.clone();
        let mut d_o = vec![0.0; length * d];
        for t in 0..length {
            for i in 0..d {
                let g = dz[t * d + i];
                for j in 0..d {
                    grad.wo[i * d + j] += g * trace.o[t * d + j];
                    d_o[t * d + j] += g * weights.wo[i * d + j];
                }
            }
        }
        // Attention, head by head: o_t = Σ_u a_tu v_u; softmax; s_tu = q_t·k_u·scale + bias.
        let (mut dq, mut dk, mut dv) = (
            vec![0.0; length * d],
            vec![0.0; length * d],
            vec![0.0; length * d],
        );
        for h in 0..heads {
            for t in 0..length {
                let seen = if config.causal { t + 1 } else { length };
                let a =
                    &trace.attention[(h * length + t) * length..(h * length + t) * length + seen];
                let mut da = vec![0.0; seen];
                for u in 0..seen {
                    for c in 0..dh {
                        let g = d_o[t * d + h * dh + c];
                        da[u] += g * trace.v[u * d + h * dh + c];
                        dv[u * d + h * dh + c] += a[u] * g;
                    }
                }
                let mean: f64 = a.iter().zip(&da).map(|(p, g)| p * g).sum();
                for u in 0..seen {
                    let ds = a[u] * (da[u] - mean) * scale;
                    for c in 0..dh {
                        dq[t * d + h * dh + c] += ds * trace.k[u * d + h * dh + c];
                        dk[u * d + h * dh + c] += ds * trace.q[t * d + h * dh + c];
                    }
                }
            }
        }
        // Back through RoPE (the transpose: the rotation by −t) and the projections.
        for t in 0..length {
            if config.scheme == PositionScheme::Rope {
                rotate_heads(&mut dq[t * d..(t + 1) * d], dh, t as f64, -1.0);
                rotate_heads(&mut dk[t * d..(t + 1) * d], dh, t as f64, -1.0);
            }
            for (w, g, dw) in [
                (&weights.wq, &dq, &mut grad.wq),
                (&weights.wk, &dk, &mut grad.wk),
                (&weights.wv, &dv, &mut grad.wv),
            ] {
                for i in 0..d {
                    let gi = g[t * d + i];
                    for j in 0..d {
                        dw[i * d + j] += gi * trace.x[t * d + j];
                        dx[t * d + j] += gi * w[i * d + j];
                    }
                }
            }
        }
        // x_t = E[tok_t] + P[t].
        for (t, &token) in example.tokens.iter().enumerate() {
            for c in 0..d {
                grad.embed[token * d + c] += dx[t * d + c];
                if config.scheme == PositionScheme::Learned && t < config.table_rows {
                    grad.table[t * d + c] += dx[t * d + c];
                }
            }
        }
    }
    (grad, loss)
}

/// A training run: the model, its optimiser and the data's random numbers, all from one seed,
/// so the same seed gives the same numbers bit for bit.
#[derive(Clone, Debug)]
pub struct Run {
    pub config: TinyConfig,
    pub weights: TinyWeights,
    pub adam: Adam,
    data: SeededRng,
    pub steps: usize,
    pub batch: usize,
    /// The loss or the weights stopped being finite: the run stopped there.
    pub diverged: bool,
}

impl Run {
    pub fn new(config: TinyConfig, lr: f64, batch: usize, seed: u64) -> Self {
        let weights = TinyWeights::seeded(&config, seed);
        let adam = Adam::new(&weights, lr);
        Run {
            config,
            weights,
            adam,
            data: SeededRng::new(seed ^ 0x5EED_DA7A),
            steps: 0,
            batch,
            diverged: false,
        }
    }

    /// One step on a fresh batch; returns the batch's loss before the step. A loss that is not
    /// finite (the learning rate too high: the weights overflowed) leaves the weights as they were
    /// and sets `diverged`, which the panel names; no step is taken after it.
    pub fn step(&mut self) -> f64 {
        if self.diverged {
            return f64::NAN;
        }
        let examples: Vec<Example> = (0..self.batch)
            .map(|_| example(&self.config, self.config.length, &mut self.data))
            .collect();
        let (mut grad, loss) = gradient(&self.config, &self.weights, &examples);
        let before = self.weights.clone();
        self.adam.update(&mut self.weights, &mut grad);
        let finite = |w: &mut TinyWeights| {
            w.parts_mut()
                .iter()
                .all(|p| p.iter().all(|v| v.is_finite()))
        };
        if !loss.is_finite() || !finite(&mut self.weights) {
            self.weights = before;
            self.diverged = true;
            return f64::NAN;
        }
        self.steps += 1;
        loss
    }
}

mod adam;

pub use adam::Adam;

#[cfg(test)]
mod tests;
