//! Rotary position embedding (RoPE): rotate queries and keys instead of adding a vector.
//!
//! # Formula
//! With θ_i = base^(−2i/d), each pair (x_a, x_b) of a vector at position m becomes
//!
//! ```text
//! x_a' = x_a cos(mθ_i) − x_b sin(mθ_i)
//! x_b' = x_a sin(mθ_i) + x_b cos(mθ_i)
//! ```
//!
//! Rotating q by mθ and k by nθ leaves q'·k' depending on m − n only, since rotations compose
//! and preserve angles: R(mθ)q · R(nθ)k = q · R((n − m)θ)k.
//!
//! The two layouts pair different dimensions: *interleaved* pairs (2i, 2i+1) as in RoFormer and
//! GPT-J; *half-split* pairs (i, i + d/2) as GPT-NeoX and LLaMA's `rotate_half` do.

use super::similarity::dot;
use super::sinusoidal::{omega, Layout};

/// The dimensions rotated together as pair `i` of a width-`d` vector (d even).
///
/// ```
/// use pe_explorer::encoding::{rope_pair, Layout};
/// assert_eq!(rope_pair(1, 8, Layout::Interleaved), (2, 3));
/// assert_eq!(rope_pair(1, 8, Layout::SplitHalves), (1, 5));
/// ```
pub fn rope_pair(i: usize, d: usize, layout: Layout) -> (usize, usize) {
    match layout {
        Layout::Interleaved => (2 * i, 2 * i + 1),
        Layout::SplitHalves => (i, i + d / 2),
    }
}

/// Rotates `x` (even length d) as RoPE does for position `m`, into `out`.
///
/// # Formula
/// For each pair i: `(x_a, x_b) ↦ (x_a cos mθ_i − x_b sin mθ_i, x_a sin mθ_i + x_b cos mθ_i)`,
/// `θ_i = base^(−2i/d)`. A trailing odd dimension is copied unrotated.
///
/// ```
/// use pe_explorer::encoding::{rope_rotate, Layout};
/// let mut out = [0.0; 2];
/// rope_rotate(&[1.0, 0.0], 1.0, 10_000.0, Layout::Interleaved, &mut out);
/// assert!((out[0] - 1f64.cos()).abs() < 1e-15 && (out[1] - 1f64.sin()).abs() < 1e-15);
/// ```
pub fn rope_rotate(x: &[f64], m: f64, base: f64, layout: Layout, out: &mut [f64]) {
    let d = x.len();
    out.copy_from_slice(x);
    for i in 0..d / 2 {
        let (a, b) = rope_pair(i, d, layout);
        let (s, c) = (m * omega(i, d, base)).sin_cos();
        out[a] = x[a] * c - x[b] * s;
        out[b] = x[a] * s + x[b] * c;
    }
}

/// The attention score between a query at position m and a key at position n under RoPE.
///
/// # Formula
/// `score(m, n) = RoPE(q, m) · RoPE(k, n)`, which equals `Σ_i` of pair i's
/// `(q_a k_a + q_b k_b) cos((m−n)θ_i) + (q_b k_a − q_a k_b) sin((m−n)θ_i)`, a function of m − n.
///
/// ```
/// use pe_explorer::encoding::{rope_score, Layout};
/// let (q, k) = ([0.3, -1.2, 0.5, 0.9], [1.1, 0.4, -0.7, 0.2]);
/// let a = rope_score(&q, &k, 5.0, 2.0, 10_000.0, Layout::Interleaved);
/// let b = rope_score(&q, &k, 105.0, 102.0, 10_000.0, Layout::Interleaved);
/// assert!((a - b).abs() < 1e-12);
/// ```
pub fn rope_score(q: &[f64], k: &[f64], m: f64, n: f64, base: f64, layout: Layout) -> f64 {
    let mut q_rot = vec![0.0; q.len()];
    let mut k_rot = vec![0.0; k.len()];
    rope_rotate(q, m, base, layout, &mut q_rot);
    rope_rotate(k, n, base, layout, &mut k_rot);
    dot(&q_rot, &k_rot)
}

/// One RoPE pair read as one complex number, z = x_a + i·x_b: turning the pair by mθ is
/// multiplying z by e^{imθ} (RoFormer, §3.4.1 eq. (33)), and the pair's part of the score is the
/// real part of q_m·conj(k_n) (eq. (35)). The three ways of computing it, each on its own:
/// `[rotation, turned, offset]` with
/// - rotation: the 2×2 rotation matrices, R(mθ)q · R(nθ)k;
/// - turned: Re((q·e^{imθ})·conj(k·e^{inθ})), each vector turned by its own position;
/// - offset: Re(q·conj(k)·e^{i(m−n)θ}), where only the offset m − n appears.
///
/// They agree to rounding (about 1e-15 for unit-sized vectors). The conjugate and the real part
/// matter: "q_m·k_n = (q·k)·e^{iθ(n−m)}" without them (as one of the source texts writes it)
/// is not the score.
///
/// ```
/// use pe_explorer::encoding::rope::rope_pair_forms;
/// let [rotation, turned, offset] = rope_pair_forms([0.3, -1.2], [1.1, 0.4], 0.5, 7.0, 3.0);
/// assert!((rotation - turned).abs() < 1e-14 && (rotation - offset).abs() < 1e-14);
/// ```
pub fn rope_pair_forms(q: [f64; 2], k: [f64; 2], theta: f64, m: f64, n: f64) -> [f64; 3] {
    use super::complex::Complex;
    let rotate = |[a, b]: [f64; 2], angle: f64| {
        let (s, c) = angle.sin_cos();
        [a * c - b * s, a * s + b * c]
    };
    let ([qa, qb], [ka, kb]) = (rotate(q, m * theta), rotate(k, n * theta));
    let rotation = qa * ka + qb * kb;
    let (zq, zk) = (Complex::new(q[0], q[1]), Complex::new(k[0], k[1]));
    let turned = (zq * Complex::cis(m * theta) * (zk * Complex::cis(n * theta)).conj()).re;
    let offset = (zq * zk.conj() * Complex::cis((m - n) * theta)).re;
    [rotation, turned, offset]
}

/// The seed of the demo query and key.
pub const ROPE_SEED: u64 = 0x0_0209_E5ED;

/// A fixed query and key of width `d` for the RoPE demonstration, entries from N(0, 1).
///
/// ```
/// let (q, k) = pe_explorer::encoding::rope_demo_vectors(8);
/// assert_eq!((q.len(), k.len()), (8, 8));
/// assert_eq!(q, pe_explorer::encoding::rope_demo_vectors(8).0);
/// ```
pub fn rope_demo_vectors(d: usize) -> (Vec<f64>, Vec<f64>) {
    let mut table = super::seeded::normal_table(2, d, 1.0, ROPE_SEED);
    let k = table.split_off(d);
    (table, k)
}

/// Pair i of a query at m and a key at n, before and after RoPE's rotations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RopePlane {
    pub q: [f64; 2],
    pub k: [f64; 2],
    pub q_rotated: [f64; 2],
    pub k_rotated: [f64; 2],
    /// θ_i of the pair.
    pub theta: f64,
}

/// The 2-D picture of pair `i` of RoPE: q's pair turned by m·θ_i, k's by n·θ_i.
///
/// ```
/// use pe_explorer::encoding::{rope_plane, Layout};
/// let p = rope_plane(&[1.0, 0.0], &[0.0, 1.0], 2.0, 1.0, 0, 10_000.0, Layout::Interleaved);
/// assert_eq!(p.theta, 1.0);
/// assert!((p.q_rotated[0] - 2f64.cos()).abs() < 1e-15);
/// ```
pub fn rope_plane(
    q: &[f64],
    k: &[f64],
    m: f64,
    n: f64,
    i: usize,
    base: f64,
    layout: Layout,
) -> RopePlane {
    let d = q.len();
    let (a, b) = rope_pair(i, d, layout);
    let theta = omega(i, d, base);
    let turn = |v: [f64; 2], angle: f64| {
        let (s, c) = angle.sin_cos();
        [v[0] * c - v[1] * s, v[0] * s + v[1] * c]
    };
    let (q, k) = ([q[a], q[b]], [k[a], k[b]]);
    RopePlane {
        q,
        k,
        q_rotated: turn(q, m * theta),
        k_rotated: turn(k, n * theta),
        theta,
    }
}

/// The score of a query and key that point the same way, q = k = (1, 1, …, 1), at distance
/// `offset`, divided by its value d at distance 0: the curve the RoPE panel draws.
///
/// # Formula
/// `decay(δ) = (2/d) · Σ_{i < d/2} cos(δ·θ_i)`, θ_i = base^(−2i/d). For q = k each pair adds
/// `|q_pair|² · cos(δθ_i)` (the sine terms cancel), so with every pair of length² 2 the score is
/// `2·Σ_i cos(δθ_i)`, d at δ = 0. The fast pairs' cosines soon cancel, so this score falls with
/// distance. It is not the average over directions: for a query and key drawn independently at
/// random the score averages 0 at every distance (tests/corrections_charts.rs).
///
/// ```
/// use pe_explorer::encoding::{rope_decay, rope_score, Layout};
/// assert_eq!(rope_decay(0.0, 64, 10_000.0), 1.0);
/// assert!(rope_decay(200.0, 64, 10_000.0) < 0.5);
/// let ones = [1.0; 8];
/// let score = rope_score(&ones, &ones, 7.0, 2.0, 10_000.0, Layout::Interleaved);
/// assert!((score / 8.0 - rope_decay(5.0, 8, 10_000.0)).abs() < 1e-12);
/// ```
pub fn rope_decay(offset: f64, d: usize, base: f64) -> f64 {
    let pairs = d / 2;
    if pairs == 0 {
        return 1.0;
    }
    let sum: f64 = (0..pairs).map(|i| (offset * omega(i, d, base)).cos()).sum();
    sum / pairs as f64
}

/// RoFormer's "relative upper bound" at distance `offset` (Su et al. 2021, *RoFormer*, §3.4.3,
/// eq. 37 and Figure 2): the part of its bound on |score| that depends on the distance.
///
/// # Formula
/// Read pair i of q and of k as complex numbers and let `h_i = q_i · conj(k_i)` (h_{d/2} = 0)
/// and `S_j = Σ_{i<j} e^{i·δ·θ_i}` (S_0 = 0), θ_i = base^(−2i/d). Then the score is
/// `Re Σ_i h_i e^{iδθ_i}`, and by Abel summation
/// `|Σ_i h_i e^{iδθ_i}| ≤ (max_i |h_{i+1} − h_i|) · Σ_{j=1}^{d/2} |S_j|`. This returns
///
/// ```text
/// bound(δ) = (1/(d/2)) · Σ_{j=1}^{d/2} |S_j|
/// ```
///
/// which the paper shows falling with δ for base 10 000. At δ = 0, |S_j| = j, so it is
/// (d/2 + 1)/2. It bounds the size of the score for any q and k, not its average.
///
/// ```
/// use pe_explorer::encoding::rope_relative_bound;
/// assert_eq!(rope_relative_bound(0.0, 8, 10_000.0), 2.5); // (1 + 2 + 3 + 4) / 4
/// assert_eq!(rope_relative_bound(0.0, 128, 10_000.0), 32.5);
/// assert!(rope_relative_bound(100.0, 128, 10_000.0) < 0.5 * 32.5);
/// ```
pub fn rope_relative_bound(offset: f64, d: usize, base: f64) -> f64 {
    let pairs = d / 2;
    if pairs == 0 {
        return 0.0;
    }
    // S_j as a running sum: S_{j+1} = S_j + e^{iδθ_j}.
    let (mut re, mut im, mut total) = (0.0f64, 0.0f64, 0.0f64);
    for i in 0..pairs {
        let (s, c) = (offset * omega(i, d, base)).sin_cos();
        re += c;
        im += s;
        total += re.hypot(im);
    }
    total / pairs as f64
}
