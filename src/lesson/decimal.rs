//! Decimal numbers from the URL, read without the standard library's float parser (see
//! `docs/bundle.md`: its tables of powers were a large share of the wasm download).

/// Reads a decimal number as Rust's `str::parse::<f64>` does (sign, digits, optional fraction,
/// optional exponent; `inf`, `infinity`, `nan` in any case), without its table of powers
/// of five (docs/bundle.md).
///
/// Correctly rounded when the digits fit 2^53 and the decimal exponent is within ±22, which
/// covers every number the app writes (whole numbers and short decimals); otherwise within a
/// relative 1e-14, plenty for values that are then clamped.
///
/// ```
/// use pe_explorer::lesson::decimal::parse_decimal;
/// assert_eq!(parse_decimal("31622.777"), Some(31622.777));
/// assert_eq!(parse_decimal("-1.5e3"), Some(-1500.0));
/// assert_eq!(parse_decimal(".5"), Some(0.5));
/// assert_eq!(parse_decimal("1e99999"), Some(f64::INFINITY));
/// assert!(parse_decimal("NaN").unwrap().is_nan());
/// assert_eq!(parse_decimal("1e"), None);
/// assert_eq!(parse_decimal("0x10"), None);
/// ```
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |v: f64| if negative { -v } else { v };
    if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if rest.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    let bytes = rest.as_bytes();
    let mut at = 0;
    // Up to 19 significant digits exactly; later digits only scale the number.
    let (mut digits, mut kept, mut scale) = (0u64, 0u32, 0i64);
    let mut seen_digit = false;
    let mut in_fraction = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'0'..=b'9' => {
                seen_digit = true;
                if kept < 19 {
                    digits = digits * 10 + u64::from(byte - b'0');
                    if digits > 0 {
                        kept += 1;
                    }
                    scale -= i64::from(in_fraction);
                } else if !in_fraction {
                    scale += 1;
                }
            }
            b'.' if !in_fraction => in_fraction = true,
            _ => break,
        }
        at += 1;
    }
    if !seen_digit {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let exponent_negative = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let start = at;
        let mut exponent = 0i64;
        while let Some(byte @ b'0'..=b'9') = bytes.get(at) {
            exponent = (exponent * 10 + i64::from(byte - b'0')).min(1_000_000);
            at += 1;
        }
        if at == start {
            return None;
        }
        scale += if exponent_negative {
            -exponent
        } else {
            exponent
        };
    }
    if at != bytes.len() {
        return None;
    }
    Some(signed(scale_by_power_of_ten(digits, scale)))
}

/// `digits · 10^scale` in f64.
fn scale_by_power_of_ten(digits: u64, scale: i64) -> f64 {
    const EXACT_POWERS: usize = 23; // 10^0 ..= 10^22 are exact in f64
    if digits == 0 {
        return 0.0;
    }
    let power = |n: i64| 10f64.powi(n as i32);
    if digits <= 1 << 53 && scale.unsigned_abs() < EXACT_POWERS as u64 {
        // Both operands exact: one IEEE operation, correctly rounded.
        return if scale >= 0 {
            digits as f64 * power(scale)
        } else {
            digits as f64 / power(-scale)
        };
    }
    if scale > 400 {
        return f64::INFINITY;
    }
    if scale < -400 {
        return 0.0;
    }
    // Two steps keep the intermediate inside f64's range near its ends.
    let half = scale / 2;
    digits as f64 * power(half) * power(scale - half)
}
