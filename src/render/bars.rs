//! Bar charts as marks (`svg_plot::Mark`): one bar per value (a kernel's weights over the offsets
//! d, its frequency response |H(f)|, each pair's factor, how far each row moved), and the
//! charts' short tick labels.

use super::svg_plot::{Frame, Mark};

/// A y label: two significant figures, trailing zeros dropped (short enough for the phone's
/// larger tick text).
///
/// ```
/// use pe_explorer::render::bars::label;
/// assert_eq!([0.2, 1.0, 0.015384, -0.97, 12.4].map(label), ["0.2", "1", "0.015", "-0.97", "12"]);
/// ```
pub fn label(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return "0".into();
    }
    let decimals = (1 - x.abs().log10().floor() as i32).max(0) as usize;
    let text = format!("{x:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// One bar per value, from 0 up or down, on a scale that always includes 0; the bars at
/// `chosen` in the class `bar-chosen`, the others `bar`. `name` labels the first and last bar
/// ("d = 0" … "d = 15").
///
/// ```
/// use pe_explorer::render::{bars::bar_marks, svg_plot::Mark};
/// let marks = bar_marks(&[0.5, -0.25, 0.0, 0.25], &[1], "d");
/// let bars: Vec<&str> = marks.iter().filter_map(|m| match m { Mark::Bar { class, .. } => Some(*class), _ => None }).collect();
/// assert_eq!(bars, ["bar", "bar-chosen", "bar", "bar"]);
/// ```
pub fn bar_marks(values: &[f64], chosen: &[usize], name: &str) -> Vec<Mark> {
    let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
    let low = values.iter().copied().map(finite).fold(0.0, f64::min);
    let mut high = values.iter().copied().map(finite).fold(0.0, f64::max);
    if high - low < 1e-12 {
        high = low + 1.0;
    }
    let count = values.len().max(1);
    let frame = Frame::chart((0.0, count as f64), (low, high));
    let mut marks = vec![
        frame.across(0.0, "grid"),
        frame.y_label(0.0, "0".into()),
        frame.across(high, "grid"),
        frame.y_label(high, label(high)),
    ];
    if low < 0.0 {
        marks.push(frame.across(low, "grid"));
        marks.push(frame.y_label(low, label(low)));
    }
    let width = frame.px(1.0) - frame.px(0.0);
    for (i, v) in values.iter().copied().map(finite).enumerate() {
        let (top, bottom) = (frame.py(v.max(0.0)), frame.py(v.min(0.0)));
        marks.push(Mark::Bar {
            at: (frame.px(i as f64) + width * 0.15, top),
            size: (width * 0.7, bottom - top),
            class: if chosen.contains(&i) {
                "bar-chosen"
            } else {
                "bar"
            },
        });
    }
    marks.push(frame.x_label(0.5, false, format!("{name} = 0")));
    marks.push(frame.x_label(count as f64, true, format!("{name} = {}", count - 1)));
    marks
}
