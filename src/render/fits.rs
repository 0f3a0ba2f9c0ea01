//! The basis lab's chart as marks (`svg_plot::Mark`): the target over positions 0 … 2N − 1 and
//! the fits of a straight line, of the sinusoidal features and of a learned table, with the end
//! of the fitted range N dashed.

use super::svg_plot::{Frame, Mark};
use crate::encoding::basis_fit::{target_value, Fit, Target};

/// The fits' colours, in the order line, sinusoids, table (Okabe and Ito's palette, told apart
/// in the common colour-vision deficiencies); the target is drawn in the text's muted colour.
pub const COLOURS: [&str; 3] = ["#E69F00", "#0072B2", "#D55E00"];

/// How far up and down the chart shows: a fit that strays further is drawn along the edge (the
/// table under the chart prints how far it went).
pub const Y_LIMIT: f64 = 2.5;

/// Each fit in `fits` (line, sinusoids, table, in `COLOURS`),
/// over the fits' positions, values beyond ±`Y_LIMIT` drawn at the edge, and the target on top
/// (muted, dotted).
///
/// ```
/// use pe_explorer::encoding::basis_fit::{fit_over_positions, Features, Target};
/// use pe_explorer::render::{fits::fit_marks, svg_plot::Mark};
/// let target = Target::Square { period: 16.0 };
/// let fit = fit_over_positions(target, Features::Line, 32, 64);
/// let marks = fit_marks(target, [&fit], 32);
/// let paths = marks.iter().filter(|m| matches!(m, Mark::Path { .. })).count();
/// assert_eq!(paths, 2); // the target and one fit
/// ```
pub fn fit_marks<'a>(
    target: Target,
    fits: impl IntoIterator<Item = &'a Fit>,
    fitted: usize,
) -> Vec<Mark> {
    let fits: Vec<&Fit> = fits.into_iter().collect();
    let shown = fits
        .iter()
        .map(|f| f.predictions.len())
        .max()
        .unwrap_or(2 * fitted)
        .max(2);
    let last = (shown - 1) as f64;
    let frame = Frame::chart((0.0, last), (-Y_LIMIT, Y_LIMIT));
    let clamp = |y: f64| {
        if y.is_finite() {
            y.clamp(-Y_LIMIT, Y_LIMIT)
        } else {
            Y_LIMIT
        }
    };
    let mut marks = Vec::new();
    for y in [-1.0, 0.0, 1.0] {
        marks.push(frame.across(y, "grid"));
        marks.push(frame.y_label(y, format!("{y}")));
    }
    marks.push(frame.upright(fitted as f64, "limit"));
    for (fit, colour) in fits.iter().zip(COLOURS) {
        marks.push(Mark::Path {
            d: frame.path(
                fit.predictions
                    .iter()
                    .enumerate()
                    .map(|(t, y)| (t as f64, clamp(*y))),
            ),
            class: "scaled",
            colour,
            width: 2.0,
        });
    }
    // The target last, on top: a fit that matches it (the table inside N) would hide it.
    marks.push(Mark::Path {
        d: frame.path((0..shown).map(|t| (t as f64, target_value(target, t as f64)))),
        class: "trained",
        colour: "currentColor",
        width: 2.0,
    });
    marks.push(frame.x_label(0.0, false, "0".into()));
    marks.push(frame.x_label(fitted as f64, true, format!("N = {fitted}")));
    marks.push(frame.x_label(last, true, format!("{}", shown - 1)));
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::basis_fit::{fit_over_positions, Features};

    #[test]
    fn a_fit_that_strays_is_drawn_along_the_edge_not_off_the_chart() {
        // Eight pairs of d_model 16 over 64 positions: past N the fit reaches tens (basis_fit's
        // tests), far beyond the chart.
        let target = Target::Square { period: 16.0 };
        let fit = fit_over_positions(
            target,
            Features::Sinusoidal {
                pairs: 8,
                d_model: 16,
                base: 1e4,
            },
            64,
            128,
        );
        assert!(fit.predictions.iter().any(|p| p.abs() > 10.0));
        let frame = Frame::chart((0.0, 127.0), (-Y_LIMIT, Y_LIMIT));
        for mark in fit_marks(target, [&fit], 64) {
            if let Mark::Path { d, .. } = mark {
                for number in d.split(['M', 'L', ' ']).filter(|s| !s.is_empty()) {
                    let v: f64 = number.parse().unwrap();
                    assert!((0.0..=frame.width.max(frame.height)).contains(&v), "{v}");
                }
            }
        }
    }
}
