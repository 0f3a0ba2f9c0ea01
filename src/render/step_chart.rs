//! Step charts as marks (`svg_plot::Mark`): the table index each relative position reads (T5's
//! bucket, Shaw's clipped offset) against the offset.

use super::bars::label;
use super::svg_plot::{Frame, Mark};

/// The table index each relative position reads, as step lines over offsets −`reach` …
/// `reach`: one line per `(indices, colour)`, indices given for offsets −reach … reach in order.
/// `limits` are drawn as dashed uprights (± max_distance, ± k).
pub fn index_steps(reach: i64, lines: &[(Vec<usize>, &'static str)], limits: &[i64]) -> Vec<Mark> {
    let top = lines
        .iter()
        .flat_map(|(indices, _)| indices.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let frame = Frame::chart((-reach as f64, reach as f64), (0.0, top));
    let mut marks = vec![
        frame.across(0.0, "grid"),
        frame.y_label(0.0, "0".into()),
        frame.across(top, "grid"),
        frame.y_label(top, label(top)),
        frame.upright(0.0, "grid"),
        frame.x_label(-reach as f64, false, format!("{}", -reach)),
        frame.x_label(0.0, false, "0".into()),
        frame.x_label(reach as f64, true, format!("{reach}")),
    ];
    for limit in limits {
        if limit.abs() <= reach {
            marks.push(frame.upright(*limit as f64, "limit"));
        }
    }
    for (indices, colour) in lines {
        // Only the corners of the steps: an offset range of thousands stays a short path.
        let mut points = Vec::new();
        let mut last: Option<usize> = None;
        for (n, index) in indices.iter().enumerate() {
            let offset = n as f64 - reach as f64;
            if let Some(previous) = last {
                if previous != *index {
                    points.push((offset - 0.5, previous as f64));
                    points.push((offset - 0.5, *index as f64));
                }
            } else {
                points.push((offset, *index as f64));
            }
            last = Some(*index);
        }
        if let Some(previous) = last {
            points.push((reach as f64, previous as f64));
        }
        marks.push(Mark::Path {
            d: frame.path(points),
            class: "scaled",
            colour,
            width: 2.5,
        });
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg_plot::finite;

    #[test]
    fn index_steps_keep_only_the_corners() {
        // 0 for negative offsets, 1 from 0 on: one step, four points.
        let indices: Vec<usize> = (-100..=100).map(|o| usize::from(o >= 0)).collect();
        let marks = index_steps(100, &[(indices, "#000")], &[50]);
        let path = marks
            .iter()
            .find_map(|m| match m {
                Mark::Path { d, .. } => Some(d.clone()),
                _ => None,
            })
            .unwrap();
        assert_eq!(path.matches('L').count(), 3);
        assert!(marks
            .iter()
            .any(|m| matches!(m, Mark::Line { class: "limit", .. })));
    }

    #[test]
    fn a_single_offset_and_4096_offsets_stay_finite() {
        assert!(finite(&index_steps(0, &[(vec![0], "#000")], &[0])));
        assert!(finite(&index_steps(
            4096,
            &[((0..8193).map(|i| i / 100).collect(), "#000")],
            &[-2048, 2048]
        )));
    }
}
