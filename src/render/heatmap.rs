//! Matrix → RGBA pixels, one pixel per cell, for `ImageData` and `putImageData`: one pass over
//! the values instead of thousands of drawn rectangles.

use super::colormap::DivergingMap;

/// Writes the colours of `values / scale` into `rgba` (4 bytes per value, alpha 255), growing it
/// if needed and never shrinking it, so a redraw at the same size allocates nothing.
///
/// ```
/// use pe_explorer::render::{colormap::DivergingMap, heatmap::fill_rgba};
/// let mut rgba = Vec::new();
/// fill_rgba(&[-1.0, 1.0], 1.0, &DivergingMap::cool_warm(), &mut rgba);
/// assert_eq!(rgba, vec![59, 76, 192, 255, 180, 4, 38, 255]);
/// ```
pub fn fill_rgba(values: &[f32], scale: f32, map: &DivergingMap, rgba: &mut Vec<u8>) {
    rgba.resize(values.len() * 4, 0);
    let inverse = if scale > 0.0 { 1.0 / scale } else { 1.0 };
    let table = map.table();
    for (pixel, value) in rgba.chunks_exact_mut(4).zip(values) {
        let [r, g, b] = table[map.index(value * inverse)];
        pixel.copy_from_slice(&[r, g, b, 255]);
    }
}

/// The largest |value|, for scaling matrices whose range is not [−1, 1] (dot products).
///
/// ```
/// assert_eq!(pe_explorer::render::heatmap::max_abs(&[0.5, -3.0, 2.0]), 3.0);
/// ```
pub fn max_abs(values: &[f32]) -> f32 {
    values.iter().fold(0.0, |m, v| m.max(v.abs()))
}

/// At most this many matrix rows are coloured per heatmap: more than a plot has pixel rows
/// even on a projector, and it keeps the largest matrix's redraw well inside a frame budget.
pub const MAX_IMAGE_ROWS: usize = 512;

/// How to sample `length` positions into at most `max_rows` image rows: `(rows, stride)` with
/// row r showing position r·stride.
///
/// ```
/// use pe_explorer::render::heatmap::row_sampling;
/// assert_eq!(row_sampling(100, 512), (100, 1));
/// assert_eq!(row_sampling(2048, 512), (512, 4));
/// assert_eq!(row_sampling(1000, 512), (500, 2));
/// assert_eq!(row_sampling(513, 512), (257, 2));
/// ```
pub fn row_sampling(length: usize, max_rows: usize) -> (usize, usize) {
    let stride = length.div_ceil(max_rows.max(1)).max(1);
    (length.div_ceil(stride), stride)
}

/// Rows (positions) and columns (dimensions) of the heatmap's data table, a text alternative a
/// screen reader can walk cell by cell. A whole matrix (up to 2048 × 1024 values) would be no
/// table to read, so it is a window on it that follows the lesson's focus.
pub const TABLE_ROWS: usize = 16;
pub const TABLE_COLUMNS: usize = 8;

/// The data table's window: positions from `pos` and dimensions from `first_dim` (the sine of
/// pair i), moved back where the matrix ends so the window stays full when the matrix allows.
///
/// ```
/// use pe_explorer::render::heatmap::table_window;
/// assert_eq!(table_window(100, 128, 10, 4), (10..26, 4..12));
/// // At the end of the matrix the window keeps its size.
/// assert_eq!(table_window(100, 128, 95, 126), (84..100, 120..128));
/// // A matrix smaller than the window is shown whole.
/// assert_eq!(table_window(5, 4, 3, 2), (0..5, 0..4));
/// ```
pub fn table_window(
    length: usize,
    d_model: usize,
    pos: usize,
    first_dim: usize,
) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    let window = |start: usize, size: usize, total: usize| {
        let start = start.min(total.saturating_sub(size));
        start..(start + size).min(total)
    };
    (
        window(pos, TABLE_ROWS, length),
        window(first_dim, TABLE_COLUMNS, d_model),
    )
}
