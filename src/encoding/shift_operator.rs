//! The shift operator and the operators that commute with it: why waves are the natural modes of
//! anything that looks only at relative positions.
//!
//! On a sequence of N positions taken as a circle, the shift S moves every entry one place
//! later. Its eigenvectors are the discrete Fourier waves v_f(t) = e^{2πi·f·t/N}: S v_f =
//! e^{−2πi·f/N} v_f. A linear mixing whose weight from position s to position t depends on the
//! offset t − s alone is a circulant matrix A_{t,s} = h[(t − s) mod N]; it commutes with S, so it
//! has the same eigenvectors: it maps a wave of frequency f to the same wave times H(f), the
//! discrete Fourier transform of its kernel h (scaled by |H(f)| and phase-shifted by arg H(f)). It
//! filters frequencies; it never turns one frequency into another.
//!
//! Two limits the source text passes over, which the lesson states:
//! - the sinusoidal encoding's angular frequencies ω_i = base^(−2i/d_model) are Fourier
//!   frequencies of an N-position circle only when ω_i·N is a multiple of 2π, which it almost
//!   never is: its waves are eigenvectors of the shift on an unbounded sequence (every t ≥ 1),
//!   and only approximately on a finite circle (`shift_eigen_fit` measures how far);
//! - softmax attention's weights depend on the content at each position, not only on t − s: for
//!   a given sentence its matrix is not circulant and does not commute with S
//!   (`content_attention`). The statement holds for the position-only part of a score.
//!
//! Sources: the discrete Fourier transform and the circulant diagonalisation theorem (Gray,
//! "Toeplitz and Circulant Matrices: A Review", 2006, §3.1: every circulant matrix has the
//! eigenvectors y_f = N^(−1/2)·(1, e^{−2πif/N}, …) and the eigenvalues Σ_k c_k e^{−2πifk/N}).

use super::complex::Complex;
use super::seeded::SeededRng;

/// The cyclic shift S on a sequence of N positions: (S x)_t = x_{(t − 1) mod N}. Every entry
/// moves one place later; the last wraps round to the front.
///
/// ```
/// use pe_explorer::encoding::shift_operator::shift;
/// assert_eq!(shift(&[1, 2, 3, 4]), vec![4, 1, 2, 3]);
/// ```
pub fn shift<T: Copy>(x: &[T]) -> Vec<T> {
    match x.split_last() {
        Some((last, rest)) => std::iter::once(*last).chain(rest.iter().copied()).collect(),
        None => Vec::new(),
    }
}

/// The wave of angular frequency ω over N positions: w_t = e^{iωt}, t = 0 … N − 1. With
/// ω = 2πf/N for a whole f it is the discrete Fourier wave of frequency f.
pub fn wave(omega: f64, n: usize) -> Vec<Complex> {
    (0..n).map(|t| Complex::cis(omega * t as f64)).collect()
}

/// How close x is to an eigenvector of the shift: the eigenvalue that fits best,
/// λ = ⟨x, Sx⟩ / ⟨x, x⟩ with ⟨a, b⟩ = Σ_t conj(a_t)·b_t (least squares), and the relative
/// residual ‖Sx − λx‖ / ‖x‖, which is 0 for an eigenvector. For a Fourier wave of frequency f,
/// λ = e^{−2πif/N} and the residual is 0 to rounding; for a wave whose ω·N is not a multiple of
/// 2π it is at most |e^{iωN} − 1|/√N (λ = e^{−iω} misses only at the entry that wraps; the best
/// λ trades a little of that against the others), for a random vector about 1.
///
/// ```
/// use pe_explorer::encoding::shift_operator::{shift_eigen_fit, wave};
/// let n = 16;
/// let (lambda, residual) = shift_eigen_fit(&wave(2.0 * std::f64::consts::PI * 3.0 / n as f64, n));
/// let expected = -2.0 * std::f64::consts::PI * 3.0 / n as f64;
/// assert!(residual < 1e-14 && (lambda.arg() - expected).abs() < 1e-14);
/// ```
pub fn shift_eigen_fit(x: &[Complex]) -> (Complex, f64) {
    let shifted = shift(x);
    let inner = |a: &[Complex], b: &[Complex]| {
        a.iter()
            .zip(b)
            .fold(Complex::default(), |sum, (a, b)| sum + a.conj() * *b)
    };
    let norm2 = inner(x, x).re;
    if norm2 == 0.0 {
        return (Complex::default(), 0.0);
    }
    let lambda = inner(x, &shifted) * (1.0 / norm2);
    let residual = shifted
        .iter()
        .zip(x)
        .map(|(s, x)| (*s - lambda * *x).abs().powi(2))
        .sum::<f64>()
        .sqrt();
    (lambda, residual / norm2.sqrt())
}

/// The kernels of a relative-position mixing the lesson offers: h\[d\] is the weight a position
/// gives to the one d places before it (d = (t − s) mod N).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kernel {
    /// The mean over the positions within `half_width` on either side (circular distance).
    Window { half_width: usize },
    /// Weights e^{−slope·dist(d)} normalised to sum 1, dist the circular distance: the weights a
    /// softmax gives to scores lowered by slope·|t − s|, as ALiBi lowers them (Press et al. 2022,
    /// §3; ALiBi in a decoder also masks the later positions, which this symmetric kernel keeps).
    Decay { slope: f64 },
    /// Seeded values in [−1, 1): a kernel as training might leave it.
    Random { seed: u64 },
}

/// The kernel h[0 … N − 1] of `kind` over N positions.
///
/// ```
/// use pe_explorer::encoding::shift_operator::{kernel, Kernel};
/// let h = kernel(Kernel::Window { half_width: 1 }, 6);
/// let third = 1.0 / 3.0;
/// assert_eq!(h, vec![third, third, 0.0, 0.0, 0.0, third]);
/// ```
pub fn kernel(kind: Kernel, n: usize) -> Vec<f64> {
    let distance = |d: usize| d.min(n - d);
    let mut h: Vec<f64> = match kind {
        Kernel::Window { half_width } => (0..n)
            .map(|d| if distance(d) <= half_width { 1.0 } else { 0.0 })
            .collect(),
        Kernel::Decay { slope } => (0..n)
            .map(|d| (-slope * distance(d) as f64).exp())
            .collect(),
        Kernel::Random { seed } => {
            let mut rng = SeededRng::new(seed);
            return (0..n).map(|_| 2.0 * rng.next_unit() - 1.0).collect();
        }
    };
    let sum: f64 = h.iter().sum();
    if sum > 0.0 {
        h.iter_mut().for_each(|w| *w /= sum);
    }
    h
}

/// The circulant matrix of kernel h, row-major N × N: A_{t,s} = h[(t − s) mod N].
pub fn circulant(h: &[f64]) -> Vec<f64> {
    let n = h.len();
    (0..n * n).map(|at| h[(at / n + n - at % n) % n]).collect()
}

/// A·x for a row-major N × N real matrix A and a complex vector x.
pub fn mat_vec(a: &[f64], x: &[Complex]) -> Vec<Complex> {
    a.chunks_exact(x.len().max(1))
        .map(|row| {
            row.iter()
                .zip(x)
                .fold(Complex::default(), |sum, (a, x)| sum + *x * *a)
        })
        .collect()
}

/// ‖AS − SA‖_F for a row-major N × N matrix A: 0 exactly when A commutes with the shift, which
/// is when A is circulant. (AS)_{t,s} = A_{t,(s+1) mod N} and (SA)_{t,s} = A_{(t−1) mod N,s}.
///
/// ```
/// use pe_explorer::encoding::shift_operator::{circulant, shift_commutator_norm};
/// assert_eq!(shift_commutator_norm(&circulant(&[0.5, 0.25, 0.0, 0.25]), 4), 0.0);
/// assert!(shift_commutator_norm(&[1.0, 0.0, 0.0, 0.0], 2) > 1.0);
/// ```
pub fn shift_commutator_norm(a: &[f64], n: usize) -> f64 {
    if a.len() != n * n {
        return f64::NAN;
    }
    let at = |t: usize, s: usize| a[t * n + s];
    let mut sum = 0.0;
    for t in 0..n {
        for s in 0..n {
            let difference = at(t, (s + 1) % n) - at((t + n - 1) % n, s);
            sum += difference * difference;
        }
    }
    sum.sqrt()
}

/// The discrete Fourier transform X(f) = Σ_t x_t·e^{−2πi·f·t/N}, f = 0 … N − 1 (the direct sum,
/// N² terms: the lesson's N is at most a few hundred).
pub fn dft(x: &[f64]) -> Vec<Complex> {
    let n = x.len();
    (0..n)
        .map(|f| {
            x.iter()
                .enumerate()
                .fold(Complex::default(), |sum, (t, x)| {
                    // f·t mod N keeps the angle small, so its sine and cosine stay exact for long N.
                    let turn = ((f * t) % n) as f64 / n as f64;
                    sum + Complex::cis(-2.0 * std::f64::consts::PI * turn) * *x
                })
        })
        .collect()
}

/// The frequency response of kernel h: H(f) = Σ_d h\[d\]·e^{−2πi·f·d/N}, its DFT. The circulant
/// matrix of h maps the Fourier wave v_f to H(f)·v_f, and a real wave cos(2πft/N + φ) to
/// |H(f)|·cos(2πft/N + φ + arg H(f)).
pub fn frequency_response(h: &[f64]) -> Vec<Complex> {
    dft(h)
}

/// For contrast, a mixing that depends on content: the softmax attention weights of a toy head
/// over N positions whose content vectors (dimension `dim`) are seeded at random,
/// A_{t,s} = softmax_s(c_t·c_s / √dim). Its rows follow what is at each position, not the offset,
/// so it does not commute with the shift.
pub fn content_attention(n: usize, dim: usize, seed: u64) -> Vec<f64> {
    let mut rng = SeededRng::new(seed);
    let content: Vec<f64> = (0..n * dim).map(|_| rng.next_normal(0.0, 1.0)).collect();
    let scale = 1.0 / (dim.max(1) as f64).sqrt();
    let mut weights = vec![0.0; n * n];
    for t in 0..n {
        let row = &mut weights[t * n..(t + 1) * n];
        for (s, w) in row.iter_mut().enumerate() {
            let dot: f64 = (0..dim)
                .map(|j| content[t * dim + j] * content[s * dim + j])
                .sum();
            *w = dot * scale;
        }
        let max = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        row.iter_mut().for_each(|w| *w = (*w - max).exp());
        let sum: f64 = row.iter().sum();
        row.iter_mut().for_each(|w| *w /= sum);
    }
    weights
}

/// Everything the shift lab prints, for N positions, Fourier waves of
/// frequencies f and f2, a kernel, and one wave of the encoding (angular frequency `encoding_omega`).
#[derive(Clone, Debug, PartialEq)]
pub struct ShiftReport {
    /// The eigenvalue fitted for the Fourier wave v_f, e^{−2πif/N}, and its relative residual
    /// ‖Sv − λv‖/‖v‖ (0 to rounding).
    pub wave_lambda: Complex,
    pub wave_residual: f64,
    /// The relative residual of a seeded random vector: no λ brings Sx near λx.
    pub random_residual: f64,
    /// The relative residual of the encoding's wave e^{iωt} on the N-position circle: at most
    /// |e^{iωN} − 1|/√N, small only when ω·N is close to a multiple of 2π.
    pub encoding_residual: f64,
    /// The kernel h\[d\] and its frequency response H(f).
    pub kernel: Vec<f64>,
    pub response: Vec<Complex>,
    /// ‖AS − SA‖_F for the circulant A of the kernel (0 to rounding), and for softmax attention
    /// over seeded random content, whose weights follow the content (`content_attention`).
    pub circulant_commutator: f64,
    pub content_commutator: f64,
    /// max_t |(A·v_f)_t − H(f)·(v_f)_t|: A returns the wave times H(f), to rounding.
    pub wave_through_mixing: f64,
    /// The frequencies present in A·(cos(2πft/N) + cos(2πf2·t/N)): the DFT bins above 1e-9·N (a
    /// unit wave's bin is N/2, or N at f = 0; a real wave of frequency f shows at f and at its
    /// mirror N − f).
    pub frequencies_out: Vec<usize>,
}

/// The shift lab's numbers (`ShiftReport`); f and f2 are taken mod N, N ≥ 2.
///
/// ```
/// use pe_explorer::encoding::shift_operator::{shift_report, Kernel};
/// let report = shift_report(16, 3, 5, Kernel::Window { half_width: 2 }, 1.0);
/// assert!(report.wave_residual < 1e-14 && report.circulant_commutator < 1e-14);
/// assert!(report.random_residual > 0.5 && report.content_commutator > 0.1);
/// assert_eq!(report.frequencies_out, vec![3, 5, 11, 13]);
/// ```
pub fn shift_report(
    n: usize,
    f: usize,
    f2: usize,
    kind: Kernel,
    encoding_omega: f64,
) -> ShiftReport {
    use std::f64::consts::TAU;
    let n = n.max(2);
    let (f, f2) = (f % n, f2 % n);
    let omega = |f: usize| TAU * f as f64 / n as f64;
    let v = wave(omega(f), n);
    let (wave_lambda, wave_residual) = shift_eigen_fit(&v);
    let mut rng = SeededRng::new(7);
    let random: Vec<Complex> = (0..n)
        .map(|_| Complex {
            re: 2.0 * rng.next_unit() - 1.0,
            im: 2.0 * rng.next_unit() - 1.0,
        })
        .collect();
    let h = kernel(kind, n);
    let response = frequency_response(&h);
    let a = circulant(&h);
    let through = mat_vec(&a, &v);
    let wave_through_mixing = through
        .iter()
        .zip(&v)
        .map(|(out, v)| (*out - response[f] * *v).abs())
        .fold(0.0, f64::max);
    let two_waves: Vec<Complex> = (0..n)
        .map(|t| Complex {
            re: (omega(f) * t as f64).cos() + (omega(f2) * t as f64).cos(),
            im: 0.0,
        })
        .collect();
    let out: Vec<f64> = mat_vec(&a, &two_waves).iter().map(|z| z.re).collect();
    let spectrum: Vec<f64> = dft(&out).iter().map(|z| z.abs()).collect();
    ShiftReport {
        wave_lambda,
        wave_residual,
        random_residual: shift_eigen_fit(&random).1,
        encoding_residual: shift_eigen_fit(&wave(encoding_omega, n)).1,
        circulant_commutator: shift_commutator_norm(&a, n),
        content_commutator: shift_commutator_norm(&content_attention(n, 8, 7), n),
        wave_through_mixing,
        frequencies_out: (0..n).filter(|&k| spectrum[k] > 1e-9 * n as f64).collect(),
        kernel: h,
        response,
    }
}

#[cfg(test)]
mod tests {
    use std::f64::consts::PI;

    use super::*;

    const N: usize = 16;
    const KERNELS: [Kernel; 3] = [
        Kernel::Window { half_width: 2 },
        Kernel::Decay { slope: 0.5 },
        Kernel::Random { seed: 7 },
    ];

    #[test]
    fn every_fourier_wave_is_an_eigenvector_of_the_shift_with_eigenvalue_e_to_the_minus_i_omega() {
        for f in 0..N {
            let omega = 2.0 * PI * f as f64 / N as f64;
            let (lambda, residual) = shift_eigen_fit(&wave(omega, N));
            assert!(residual < 1e-13, "f = {f}: {residual}");
            let expected = Complex::cis(-omega);
            assert!((lambda - expected).abs() < 1e-13, "f = {f}: {lambda:?}");
        }
    }

    #[test]
    fn a_wave_that_does_not_close_on_the_circle_misses_only_at_the_wrap() {
        // The sinusoidal encoding's pair 1 at d_model 16: ω = 10000^(−2/16), ωN not a multiple of 2π.
        let omega = 10_000f64.powf(-2.0 / 16.0);
        let (_, residual) = shift_eigen_fit(&wave(omega, N));
        let wrap =
            (Complex::cis(omega * N as f64) - Complex::new(1.0, 0.0)).abs() / (N as f64).sqrt();
        // Least squares may trade a little of the wrap's error against the other entries.
        assert!(
            residual <= wrap + 1e-12 && residual > 0.5 * wrap,
            "{residual} against {wrap}"
        );
        // A random vector is no eigenvector at all.
        let mut rng = SeededRng::new(3);
        let random: Vec<Complex> = (0..N)
            .map(|_| Complex::new(rng.next_normal(0.0, 1.0), 0.0))
            .collect();
        assert!(shift_eigen_fit(&random).1 > 0.5);
    }

    #[test]
    fn circulant_mixings_commute_with_the_shift_and_content_attention_does_not() {
        for kind in KERNELS {
            let a = circulant(&kernel(kind, N));
            assert!(shift_commutator_norm(&a, N) < 1e-12, "{kind:?}");
        }
        assert!(shift_commutator_norm(&content_attention(N, 4, 11), N) >= 0.1);
    }

    #[test]
    fn a_circulant_mixing_scales_each_fourier_wave_by_its_frequency_response() {
        for kind in KERNELS {
            let h = kernel(kind, N);
            let (a, response) = (circulant(&h), frequency_response(&h));
            for (f, gain) in response.iter().enumerate() {
                let v = wave(2.0 * PI * f as f64 / N as f64, N);
                for (out, v) in mat_vec(&a, &v).iter().zip(&v) {
                    assert!((*out - *gain * *v).abs() < 1e-12, "{kind:?}, f = {f}");
                }
            }
        }
    }

    #[test]
    fn a_real_wave_comes_out_the_same_frequency_scaled_and_shifted() {
        let h = kernel(Kernel::Random { seed: 5 }, N);
        let (a, response) = (circulant(&h), frequency_response(&h));
        let f = 3;
        let omega = 2.0 * PI * f as f64 / N as f64;
        let input: Vec<Complex> = (0..N)
            .map(|t| Complex::new((omega * t as f64).cos(), 0.0))
            .collect();
        let (gain, phase) = (response[f].abs(), response[f].arg());
        for (t, out) in mat_vec(&a, &input).iter().enumerate() {
            let expected = gain * (omega * t as f64 + phase).cos();
            assert!(
                (out.re - expected).abs() < 1e-12 && out.im.abs() < 1e-15,
                "t = {t}"
            );
        }
    }

    #[test]
    fn a_sum_of_two_waves_keeps_its_two_frequencies_and_gains_no_other() {
        let a = circulant(&kernel(Kernel::Decay { slope: 0.3 }, N));
        let (f1, f2) = (2, 5);
        let wave_at = |f: usize, t: usize| (2.0 * PI * (f * t) as f64 / N as f64).cos();
        let input: Vec<Complex> = (0..N)
            .map(|t| Complex::new(wave_at(f1, t) + 0.5 * wave_at(f2, t), 0.0))
            .collect();
        let output: Vec<f64> = mat_vec(&a, &input).iter().map(|z| z.re).collect();
        for (f, x) in dft(&output).iter().enumerate() {
            let present = [f1, f2, N - f1, N - f2].contains(&f);
            assert_eq!(x.abs() > 1e-9, present, "f = {f}: |X| = {}", x.abs());
        }
    }

    #[test]
    fn kernels_are_weights_over_offsets() {
        let window = kernel(Kernel::Window { half_width: 2 }, N);
        assert_eq!(window.iter().filter(|w| **w > 0.0).count(), 5);
        // Wider than the circle: every offset once, not twice.
        let all = kernel(Kernel::Window { half_width: 100 }, 4);
        assert_eq!(all, vec![0.25; 4]);
        let decay = kernel(Kernel::Decay { slope: 0.5 }, N);
        assert!((decay.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        assert!((decay[1] / decay[0] - (-0.5f64).exp()).abs() < 1e-15);
        assert_eq!(decay[1], decay[N - 1], "symmetric in the offset");
        assert_eq!(
            kernel(Kernel::Random { seed: 9 }, N),
            kernel(Kernel::Random { seed: 9 }, N)
        );
    }

    #[test]
    fn a_mixing_by_offset_never_adds_a_frequency_and_drops_only_those_it_zeroes() {
        // Every kernel the lab offers, every pair of frequencies on a 12-position circle: what
        // comes out is among f, f2 and their mirrors, and each is there unless H zeroes it.
        let n = 12;
        let kinds = [
            Kernel::Window { half_width: 1 },
            Kernel::Decay { slope: 0.7 },
            Kernel::Random { seed: 3 },
        ];
        for kind in kinds {
            for f in 0..n {
                for f2 in 0..n {
                    let report = shift_report(n, f, f2, kind, 1.0);
                    let allowed = [f, f2, (n - f) % n, (n - f2) % n];
                    assert!(
                        report.frequencies_out.iter().all(|k| allowed.contains(k)),
                        "{kind:?} {f} {f2}"
                    );
                    if f != f2 && (f + f2) % n != 0 && report.response[f].abs() > 1e-6 {
                        assert!(report.frequencies_out.contains(&f), "{kind:?} {f} {f2}");
                    }
                    assert!(
                        report.circulant_commutator < 1e-12 && report.wave_through_mixing < 1e-12
                    );
                }
            }
        }
        // The window of 3 over 12 positions zeroes f = 4 (1 + 2·cos(2π/3) = 0): it leaves.
        let report = shift_report(n, 4, 1, Kernel::Window { half_width: 1 }, 1.0);
        assert!(report.response[4].abs() < 1e-15);
        assert_eq!(report.frequencies_out, vec![1, 11]);
    }
}
