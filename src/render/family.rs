//! The charts of the position-scheme family's labs (issue 20) as marks (`svg_plot::Mark`):
//! square heatmaps (a bias matrix, a score over an image's patches), step charts of the
//! table index each offset reads (T5's bucket, Shaw's clipped offset), and curves against
//! distance or position.

use super::colormap::DivergingMap;
use super::shift_operator::label;
use super::svg_plot::{Frame, Mark};

/// The colours a heatmap quantises to, from −1 to 1: an odd count, so that 0 has its own.
const LEVELS: usize = 21;

/// A level's fill, from Moreland's cool-to-warm map.
fn level_fill(level: usize) -> String {
    let value = level as f32 / (LEVELS - 1) as f32 * 2.0 - 1.0;
    let [r, g, b] = DivergingMap::cool_warm().color(value);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A square heatmap of `values` (row-major, `rows` × `columns`) on −`range` … `range`, its
/// top-left corner at `corner` and its longer side `side` units; `title` under it and the cell
/// `chosen` (row, column), if any, outlined. Cells of one colour share one path, so a 64 × 64
/// matrix is at most `LEVELS` paths, not 4 096 elements.
///
/// ```
/// use pe_explorer::render::{family::heatmap_marks, svg_plot::Mark};
/// let marks = heatmap_marks(&[1.0, -1.0, 0.0, 1.0], 2, 2, 1.0, (0.0, 0.0), 100.0, "m".into(), None);
/// let fills = marks.iter().filter(|m| matches!(m, Mark::Area { .. })).count();
/// assert_eq!(fills, 3); // −1, 0 and 1
/// ```
#[allow(clippy::too_many_arguments)]
pub fn heatmap_marks(
    values: &[f64],
    rows: usize,
    columns: usize,
    range: f64,
    corner: (f64, f64),
    side: f64,
    title: String,
    chosen: Option<(usize, usize)>,
) -> Vec<Mark> {
    let (rows, columns) = (rows.max(1), columns.max(1));
    let cell = side / rows.max(columns) as f64;
    let range = if range > 0.0 && range.is_finite() {
        range
    } else {
        1.0
    };
    let mut paths = vec![String::new(); LEVELS];
    for (i, v) in values.iter().enumerate().take(rows * columns) {
        let t = if v.is_finite() {
            (v / range).clamp(-1.0, 1.0)
        } else {
            0.0
        };
        let level = ((t + 1.0) / 2.0 * (LEVELS - 1) as f64).round() as usize;
        let (r, c) = (i / columns, i % columns);
        // A cell a hair wider than its pitch, so that no seam shows between neighbours.
        paths[level].push_str(&format!(
            "M{:.2} {:.2}h{w:.2}v{w:.2}h-{w:.2}z",
            corner.0 + c as f64 * cell,
            corner.1 + r as f64 * cell,
            w = cell + 0.3,
        ));
    }
    let mut marks: Vec<Mark> = paths
        .into_iter()
        .enumerate()
        .filter(|(_, d)| !d.is_empty())
        .map(|(level, d)| Mark::Area {
            d,
            fill: level_fill(level),
        })
        .collect();
    if let Some((r, c)) = chosen.filter(|(r, c)| *r < rows && *c < columns) {
        let (x, y) = (corner.0 + c as f64 * cell, corner.1 + r as f64 * cell);
        marks.push(Mark::Path {
            d: format!("M{x:.2} {y:.2}h{cell:.2}v{cell:.2}h-{cell:.2}z"),
            class: "outline",
            colour: "#000000",
            width: 2.0,
        });
    }
    marks.push(Mark::Text {
        at: (corner.0, corner.1 + rows as f64 * cell + 14.0),
        end: false,
        text: title,
    });
    marks
}

/// A heatmap chart's `viewBox`: the square, its title, and the colour scale under it.
pub const HEAT_WIDTH: f64 = 260.0;
pub const HEAT_HEIGHT: f64 = 312.0;

/// One heatmap chart (`HEAT_WIDTH` × `HEAT_HEIGHT`): the square of `values` coloured from `low`
/// (blue) to `high` (red), its title under it, then the colour scale with its ends labelled.
/// Its own chart, so that two sit side by side on a wide screen and one above the other on a
/// phone.
pub fn heat_chart(
    values: &[f64],
    rows: usize,
    columns: usize,
    (low, high): (f64, f64),
    title: String,
    chosen: Option<(usize, usize)>,
) -> Vec<Mark> {
    let (middle, half) = ((low + high) / 2.0, (high - low) / 2.0);
    let centred: Vec<f64> = values.iter().map(|v| v - middle).collect();
    let side = HEAT_WIDTH - 8.0;
    let mut marks = heatmap_marks(
        &centred,
        rows,
        columns,
        half,
        (4.0, 4.0),
        side,
        title,
        chosen,
    );
    // The colour scale: the levels in a strip, the ends labelled under it.
    let (top, step) = (side + 26.0, side / LEVELS as f64);
    for level in 0..LEVELS {
        marks.push(Mark::Area {
            d: format!(
                "M{:.2} {top:.2}h{:.2}v10h-{:.2}z",
                4.0 + level as f64 * step,
                step + 0.3,
                step + 0.3
            ),
            fill: level_fill(level),
        });
    }
    marks.push(Mark::Text {
        at: (4.0, top + 24.0),
        end: false,
        text: label(low),
    });
    marks.push(Mark::Text {
        at: (4.0 + side, top + 24.0),
        end: true,
        text: label(high),
    });
    marks
}

/// The cell (row, column) of a `heat_chart` of `rows` × `columns` under the `viewBox` point
/// `at`, if it is on the square.
///
/// ```
/// use pe_explorer::render::family::heat_cell;
/// assert_eq!(heat_cell((5.0, 5.0), 4, 4), Some((0, 0)));
/// assert_eq!(heat_cell((255.0, 130.0), 4, 4), Some((2, 3)));
/// assert_eq!(heat_cell((130.0, 290.0), 4, 4), None); // the colour scale
/// ```
pub fn heat_cell(at: (f64, f64), rows: usize, columns: usize) -> Option<(usize, usize)> {
    let side = HEAT_WIDTH - 8.0;
    let cell = side / rows.max(columns).max(1) as f64;
    let (x, y) = (at.0 - 4.0, at.1 - 4.0);
    if x < 0.0 || y < 0.0 {
        return None;
    }
    let (row, column) = ((y / cell) as usize, (x / cell) as usize);
    (row < rows && column < columns).then_some((row, column))
}

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

    #[test]
    fn a_heatmap_has_one_path_per_colour_and_every_cell_in_one() {
        let values: Vec<f64> = (0..64 * 64).map(|i| ((i % 7) as f64 - 3.0) / 3.0).collect();
        let marks = heatmap_marks(
            &values,
            64,
            64,
            1.0,
            (0.0, 0.0),
            200.0,
            "t".into(),
            Some((3, 4)),
        );
        let cells: usize = marks
            .iter()
            .map(|m| match m {
                Mark::Area { d, .. } => d.matches('M').count(),
                _ => 0,
            })
            .sum();
        assert_eq!(cells, 64 * 64);
        assert!(
            marks
                .iter()
                .filter(|m| matches!(m, Mark::Area { .. }))
                .count()
                <= LEVELS
        );
        assert!(marks.iter().any(|m| matches!(
            m,
            Mark::Path {
                class: "outline",
                ..
            }
        )));
    }

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

    fn finite(marks: &[Mark]) -> bool {
        marks.iter().all(|m| match m {
            Mark::Line { from, to, .. } => {
                [from.0, from.1, to.0, to.1].iter().all(|x| x.is_finite())
            }
            Mark::Bar { at, size, .. } => {
                [at.0, at.1, size.0, size.1].iter().all(|x| x.is_finite())
            }
            Mark::Text { at, .. } => at.0.is_finite() && at.1.is_finite(),
            Mark::Path { d, .. } | Mark::Area { d, .. } => !d.contains("NaN") && !d.contains("inf"),
        })
    }

    #[test]
    fn charts_stay_finite_at_the_extremes() {
        // A flat map (every value equal), a single cell, one-point and constant curves, a log
        // axis over a decade's fraction, offsets from a single one to ±4096.
        assert!(finite(&heat_chart(
            &[0.5; 9],
            3,
            3,
            (0.5, 0.5),
            "flat".into(),
            Some((1, 1))
        )));
        assert!(finite(&heat_chart(
            &[1.0],
            1,
            1,
            (0.0, 1.0),
            "one".into(),
            Some((0, 0))
        )));
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
        assert!(finite(&index_steps(0, &[(vec![0], "#000")], &[0])));
        assert!(finite(&index_steps(
            4096,
            &[((0..8193).map(|i| i / 100).collect(), "#000")],
            &[-2048, 2048]
        )));
    }
}
