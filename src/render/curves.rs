//! Curves as marks (`svg_plot::Mark`): values against a distance, a position or a training
//! step, on a linear or a log scale.

use super::bars::label;
use super::svg_plot::{Frame, Mark};

/// A curve: its points, its colour and its width.
pub type Curve = (Vec<(f64, f64)>, &'static str, f64);

/// Curves against x (each `(points, colour, width)`), on a y range that holds them all and 0,
/// with `marks_at` drawn as dashed uprights and the x axis labelled by `x_name`.
pub fn curves(lines: &[Curve], marks_at: &[f64], x_name: &str, log_y: bool) -> Vec<Mark> {
    let all = || lines.iter().flat_map(|(points, _, _)| points.iter());
    let x_high = all().map(|p| p.0).fold(1.0, f64::max);
    let x_low = all().map(|p| p.0).fold(x_high, f64::min).min(0.0);
    let y = |v: f64| if log_y { v.max(1e-300).log10() } else { v };
    let mut low = all()
        .map(|p| y(p.1))
        .filter(|v| v.is_finite())
        .fold(f64::INFINITY, f64::min);
    let mut high = all()
        .map(|p| y(p.1))
        .filter(|v| v.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    if log_y {
        // Whole decades at the ends, so that their labels are exact.
        low = low.floor();
        high = high.ceil();
    } else {
        low = low.min(0.0);
        high = high.max(0.0);
    }
    if !low.is_finite() {
        low = 0.0;
    }
    if !high.is_finite() || high - low <= 1e-12 {
        high = low + 1.0;
    }
    let frame = Frame::chart((x_low, x_high), (low, high));
    let tick = |v: f64| {
        if log_y && v < -3.0 {
            format!("1e{}", v.round() as i64)
        } else if log_y {
            label(10f64.powf(v.round()))
        } else {
            label(v)
        }
    };
    let mut marks = vec![
        frame.across(low, "grid"),
        frame.y_label(low, tick(low)),
        frame.across(high, "grid"),
        frame.y_label(high, tick(high)),
        frame.x_label(x_low, false, format!("{x_name} = {}", label(x_low))),
        frame.x_label(x_high, true, format!("{x_name} = {}", label(x_high))),
    ];
    if !log_y && low < 0.0 && high > 0.0 {
        marks.push(frame.across(0.0, "grid"));
        marks.push(frame.y_label(0.0, "0".into()));
    }
    for x in marks_at {
        if *x >= x_low && *x <= x_high {
            marks.push(frame.upright(*x, "limit"));
        }
    }
    for (points, colour, width) in lines {
        marks.push(Mark::Path {
            d: frame.path(points.iter().map(|(x, v)| (*x, y(*v)))),
            class: "scaled",
            colour,
            width: *width,
        });
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg_plot::finite;

    #[test]
    fn one_point_and_constant_curves_and_a_short_log_axis_stay_finite() {
        assert!(finite(&curves(
            &[(vec![(0.0, 0.5)], "#000", 1.0)],
            &[0.0],
            "p",
            true
        )));
        assert!(finite(&curves(
            &[(vec![(0.0, 1.0), (5.0, 1.0)], "#000", 1.0)],
            &[],
            "p",
            false
        )));
        assert!(finite(&curves(
            &[(vec![(0.0, 0.3), (1.0, 0.2)], "#000", 1.0)],
            &[0.5],
            "p",
            true
        )));
        assert!(finite(&curves(&[], &[], "p", false)));
    }
}
