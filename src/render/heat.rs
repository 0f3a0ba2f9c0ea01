//! Heatmaps as marks (`svg_plot::Mark`): a square matrix (a bias matrix, a score over an
//! image's patches, a position table and its similarity), one filled path per colour level.

use super::bars::label;
use super::colormap::DivergingMap;
use super::svg_plot::Mark;

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
/// use pe_explorer::render::{heat::heatmap_marks, svg_plot::Mark};
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
/// use pe_explorer::render::heat::heat_cell;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg_plot::finite;

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
    fn a_flat_map_and_a_single_cell_stay_finite() {
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
    }
}
