//! Numbers as text, for read-outs and exports.

/// `value` in scientific notation with `digits` digits after the point, as
/// `format!("{value:.digits$e}")` writes it (`1.235e-7`), but built on the fixed-point formatter
/// that the wasm holds anyway: the standard library's exponent formatter would be a second one
/// for the four places that print this way (its cost: docs/bundle.md).
///
/// Exact (the same text as the standard library's) for |value| < 10^(digits + 1), which covers
/// every error and difference the app prints. Above that the mantissa is divided out before it
/// is rounded, so a value halfway between two last digits may round the other way.
///
/// ```
/// use pe_explorer::render::numbers::scientific;
/// assert_eq!(scientific(1.2246467991473532e-16, 9), "1.224646799e-16");
/// assert_eq!(scientific(-0.0625, 2), "-6.25e-2");
/// assert_eq!(scientific(9.9996, 3), "1.000e1");
/// assert_eq!(scientific(0.0, 1), "0.0e0");
/// assert_eq!(scientific(123456.0, 2), "1.23e5");
/// ```
pub fn scientific(value: f64, digits: usize) -> String {
    if !value.is_finite() {
        return format!("{value}"); // "inf", "-inf", "NaN"
    }
    if value == 0.0 {
        return format!("{value:.digits$}e0"); // "-0.00e0" keeps its sign, as std's does
    }
    let magnitude = value.abs();
    // log10 can be one off near a power of ten, and rounding can carry into a new digit
    // (9.9996 → 10.000): the count of significant digits tells which way to correct. Three
    // corrections are the most either needs; the bound keeps a loop from ever spinning.
    let mut exponent = magnitude.log10().floor() as i32;
    let mut mantissa = String::new();
    for _ in 0..4 {
        let places = digits as i32 - exponent;
        let fixed = if places >= 0 {
            format!("{magnitude:.*}", places as usize)
        } else {
            format!("{:.digits$}", magnitude / 10f64.powi(exponent))
        };
        mantissa = fixed
            .bytes()
            .filter(u8::is_ascii_digit)
            .skip_while(|&d| d == b'0')
            .map(char::from)
            .collect();
        let wanted = digits + 1;
        if mantissa.len() == wanted {
            break;
        }
        exponent += if mantissa.len() > wanted { 1 } else { -1 };
    }
    mantissa.truncate(digits + 1);
    let (first, rest) = mantissa.split_at(1.min(mantissa.len()));
    let sign = if value < 0.0 { "-" } else { "" };
    let point = if digits > 0 { "." } else { "" };
    format!("{sign}{first}{point}{rest}e{exponent}")
}

#[cfg(test)]
mod tests {
    use super::scientific;
    use proptest::prelude::*;

    #[test]
    fn powers_of_ten_and_carries_get_the_right_exponent() {
        for (value, digits) in [
            (1e-300, 3),
            (1e-16, 1),
            (0.001, 2),
            (0.1, 0),
            (1.0, 4),
            (10.0, 2),
            (99.95, 2),
            (0.0999999, 3),
            (5e-324, 2),
            (f64::MIN_POSITIVE, 5),
        ] {
            assert_eq!(
                scientific(value, digits),
                format!("{value:.digits$e}"),
                "{value}"
            );
        }
    }

    proptest! {
        #[test]
        fn the_same_text_as_the_standard_library_below_ten_to_the_digits(
            mantissa in -10.0f64..10.0,
            exponent in -320i32..=3,
            digits in 0usize..=12,
        ) {
            let value = mantissa * 10f64.powi(exponent);
            prop_assume!(value.abs() < 10f64.powi(digits as i32 + 1));
            prop_assert_eq!(scientific(value, digits), format!("{value:.digits$e}"));
        }

        #[test]
        fn large_values_differ_at_most_in_the_last_digit(value in 1e4f64..1e300, digits in 0usize..=3) {
            let ours = scientific(value, digits);
            let theirs = format!("{value:.digits$e}");
            let parse = |s: &str| s.parse::<f64>().unwrap();
            let unit = 10f64.powi(theirs.split('e').nth(1).unwrap().parse::<i32>().unwrap() - digits as i32);
            prop_assert!((parse(&ours) - parse(&theirs)).abs() <= unit * 1.000001, "{ours} vs {theirs}");
        }
    }
}
