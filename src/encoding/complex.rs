//! Complex numbers, as much of them as the lesson needs: a RoPE pair is one (RoFormer, §3.4.1),
//! and the shift operator's eigenvectors are waves e^{iωt} (`shift_operator`). Four operations do
//! not need a crate.

use std::ops::{Add, Mul, Sub};

/// A complex number, with only the operations the lesson needs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

impl Complex {
    pub const fn new(re: f64, im: f64) -> Self {
        Complex { re, im }
    }

    /// e^{iθ} = cos θ + i·sin θ (Euler).
    pub fn cis(theta: f64) -> Self {
        let (sin, cos) = theta.sin_cos();
        Complex::new(cos, sin)
    }

    /// The complex conjugate re − i·im.
    pub fn conj(self) -> Self {
        Complex::new(self.re, -self.im)
    }

    /// |z| = √(re² + im²).
    pub fn abs(self) -> f64 {
        self.re.hypot(self.im)
    }

    /// arg z = atan2(im, re), in (−π, π].
    pub fn arg(self) -> f64 {
        self.im.atan2(self.re)
    }
}

impl Add for Complex {
    type Output = Complex;
    fn add(self, other: Complex) -> Complex {
        Complex::new(self.re + other.re, self.im + other.im)
    }
}

impl Sub for Complex {
    type Output = Complex;
    fn sub(self, other: Complex) -> Complex {
        Complex::new(self.re - other.re, self.im - other.im)
    }
}

impl Mul for Complex {
    type Output = Complex;
    /// (a + ib)(c + id) = (ac − bd) + i(ad + bc).
    fn mul(self, other: Complex) -> Complex {
        Complex::new(
            self.re * other.re - self.im * other.im,
            self.re * other.im + self.im * other.re,
        )
    }
}

impl Mul<f64> for Complex {
    type Output = Complex;
    fn mul(self, scale: f64) -> Complex {
        Complex::new(self.re * scale, self.im * scale)
    }
}
