//! Numbers as the page's texts write them.

/// A count of positions as the texts write it: one decimal below 100, whole from 100 on, grouped
/// in threes with a space from 10 000 on ("54 400"), as the prose writes large counts.
///
/// ```
/// use pe_explorer::render::numbers::positions_text;
/// assert_eq!(positions_text(6.283), "6.3");
/// assert_eq!(positions_text(584.7), "585");
/// assert_eq!(positions_text(54_400.2), "54 400");
/// ```
pub fn positions_text(value: f64) -> String {
    if value < 100.0 {
        return format!("{value:.1}");
    }
    let whole = format!("{:.0}", value.round());
    if whole.len() <= 4 {
        return whole;
    }
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (n, digit) in whole.chars().enumerate() {
        if n > 0 && (whole.len() - n) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    grouped
}

/// An error as the table prints it: three significant figures, whole from 100 up, and small
/// ones in e-notation (a fit exact to rounding shows its 1e-11, not a 0 that hides it).
///
/// ```
/// use pe_explorer::render::numbers::error_text;
/// assert_eq!([405.766, 1.3702, 0.38312, 2.56e-11, 0.0].map(error_text), ["406", "1.37", "0.383", "2.6e-11", "0"]);
/// ```
pub fn error_text(x: f64) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    if x == 0.0 {
        "0".into()
    } else if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 1e-3 {
        let decimals = (2 - x.log10().floor() as i32).max(0) as usize;
        format!("{x:.decimals$}")
    } else {
        format!("{x:.1e}")
    }
}

#[cfg(test)]
mod tests {
    use super::positions_text;

    #[test]
    fn positions_are_grouped_in_threes_from_ten_thousand() {
        assert_eq!(positions_text(99.94), "99.9");
        assert_eq!(positions_text(9_999.0), "9999");
        assert_eq!(positions_text(10_000.0), "10 000");
        assert_eq!(positions_text(6_115_312.4), "6 115 312");
    }
}
