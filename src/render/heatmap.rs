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

/// The `p`-th percentile (0 ≤ p ≤ 100) of the magnitudes |value|, NaN values left out; 0 when
/// there is none.
///
/// # Formula
/// NumPy's default, `np.percentile(np.abs(x), p)` (`method="linear"`, Hyndman and Fan's
/// definition 7): with the n magnitudes sorted, a_0 ≤ a_1 ≤ … ≤ a_(n−1), and h = (n − 1)·p/100,
///
/// `P = a_⌊h⌋ + (h − ⌊h⌋)·(a_(⌊h⌋+1) − a_⌊h⌋)`,
///
/// so p = 0 is the smallest magnitude, p = 100 the largest, p = 50 the median. The two order
/// statistics are found by selection (expected linear time), not by sorting the whole table.
///
/// ```
/// use pe_explorer::render::heatmap::abs_percentile;
/// // |x| sorted: 1, 2, 3, 4; h = 3·0.5 = 1.5 → 2 + 0.5·(3 − 2).
/// assert_eq!(abs_percentile(&[-4.0, 1.0, 3.0, -2.0], 50.0), 2.5);
/// assert_eq!(abs_percentile(&[-4.0, 1.0, 3.0, -2.0], 100.0), 4.0);
/// assert_eq!(abs_percentile(&[-4.0, 1.0, 3.0, -2.0], 0.0), 1.0);
/// // h = 3·0.99 = 2.97 → 3 + 0.97·(4 − 3).
/// assert!((abs_percentile(&[-4.0, 1.0, 3.0, -2.0], 99.0) - 3.97).abs() < 1e-6);
/// assert_eq!(abs_percentile(&[], 99.0), 0.0);
/// ```
pub fn abs_percentile(values: &[f32], p: f64) -> f32 {
    let mut magnitudes: Vec<f32> = values
        .iter()
        .filter(|v| !v.is_nan())
        .map(|v| v.abs())
        .collect();
    let n = magnitudes.len();
    if n == 0 {
        return 0.0;
    }
    let h = (n - 1) as f64 * p.clamp(0.0, 100.0) / 100.0;
    let below = (h.floor() as usize).min(n - 1);
    let low = select_smallest(&mut magnitudes, below);
    if below + 1 >= n {
        return low;
    }
    // After the selection every entry past `below` is ≥ a_below; the least of them is a_(below+1).
    let high = magnitudes[below + 1..]
        .iter()
        .fold(f32::INFINITY, |m, &v| m.min(v));
    let fraction = h - below as f64;
    (low as f64 + fraction * (high as f64 - low as f64)) as f32
}

/// The `k`-th smallest entry (from 0) of `items`, which is reordered so that nothing before
/// index `k` is larger and nothing after it smaller. A quickselect with a three-way partition, so
/// a table with many equal entries (a sinusoidal table's exact ±1 and 0) costs no more than
/// distinct ones; written out rather than `select_nth_unstable`, whose code the wasm would carry.
///
/// # Panics
/// If `k >= items.len()`.
fn select_smallest(items: &mut [f32], k: usize) -> f32 {
    assert!(
        k < items.len(),
        "select_smallest: k = {k} of {}",
        items.len()
    );
    // The answer stays inside items[lo..hi].
    let (mut lo, mut hi) = (0, items.len());
    loop {
        if hi - lo == 1 {
            return items[lo];
        }
        let (a, b, c) = (items[lo], items[lo + (hi - lo) / 2], items[hi - 1]);
        // The median of the three, a pivot that is one of the entries.
        let pivot = a.max(b).min(a.min(b).max(c));
        // items[lo..lt] < pivot, items[lt..i] == pivot, items[gt..hi] > pivot.
        let (mut lt, mut i, mut gt) = (lo, lo, hi);
        while i < gt {
            if items[i] < pivot {
                items.swap(lt, i);
                lt += 1;
                i += 1;
            } else if items[i] > pivot {
                gt -= 1;
                items.swap(i, gt);
            } else {
                i += 1;
            }
        }
        if k < lt {
            hi = lt;
        } else if k >= gt {
            lo = gt;
        } else {
            return pivot;
        }
    }
}

/// The percentile a heatmap with outliers is coloured against: [`ClippedScale::robust`].
pub const ROBUST_PERCENTILE: f64 = 99.0;

/// A colour scale and what it leaves out: ±`limit` spans the colour map, and the `clipped`
/// values beyond it take the end colours (the map clamps). A caption prints these numbers, so a
/// reader knows both the scale and how much of the picture it saturates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClippedScale {
    /// The magnitude drawn in the end colours.
    pub limit: f32,
    /// How many values have |value| > limit.
    pub clipped: usize,
    /// How many values there are.
    pub total: usize,
    /// The largest |value|, and the index of its first occurrence.
    pub largest: f32,
    pub largest_at: usize,
}

impl ClippedScale {
    /// The scale at the [`ROBUST_PERCENTILE`]th percentile of |value| ([`abs_percentile`]): a few
    /// outliers are clipped instead of washing every other value out to the map's grey middle.
    ///
    /// ```
    /// use pe_explorer::render::heatmap::ClippedScale;
    /// // 199 values of magnitude ≤ 0.1 and one outlier of 5.
    /// let mut values: Vec<f32> = (0..199).map(|i| (i as f32 / 1990.0) * if i % 2 == 0 { 1.0 } else { -1.0 }).collect();
    /// values.push(5.0);
    /// let scale = ClippedScale::robust(&values);
    /// assert!(scale.limit < 0.1);
    /// assert_eq!((scale.clipped, scale.total, scale.largest, scale.largest_at), (2, 200, 5.0, 199));
    /// ```
    pub fn robust(values: &[f32]) -> ClippedScale {
        ClippedScale::fixed(values, abs_percentile(values, ROBUST_PERCENTILE))
    }

    /// The scale at a given `limit` (such as 1 for sines and cosines), with its counts.
    ///
    /// ```
    /// use pe_explorer::render::heatmap::ClippedScale;
    /// let scale = ClippedScale::fixed(&[0.5, -1.0, 0.25], 1.0);
    /// assert_eq!((scale.clipped, scale.largest, scale.largest_at), (0, 1.0, 1));
    /// ```
    pub fn fixed(values: &[f32], limit: f32) -> ClippedScale {
        let (mut largest, mut largest_at, mut clipped) = (0.0f32, 0, 0);
        for (index, value) in values.iter().enumerate() {
            let magnitude = value.abs();
            if magnitude > limit {
                clipped += 1;
            }
            if magnitude > largest {
                largest = magnitude;
                largest_at = index;
            }
        }
        ClippedScale {
            limit,
            clipped,
            total: values.len(),
            largest,
            largest_at,
        }
    }
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

/// How many neighbouring cells one pixel must stand for when `cells` cells are drawn into
/// `pixels` pixels: ⌈cells / pixels⌉, at least 1.
///
/// ```
/// use pe_explorer::render::heatmap::cells_per_pixel;
/// assert_eq!(cells_per_pixel(1024, 500.0), 3);
/// assert_eq!(cells_per_pixel(64, 500.0), 1);
/// assert_eq!(cells_per_pixel(10, 0.0), 10);
/// ```
pub fn cells_per_pixel(cells: usize, pixels: f64) -> usize {
    let pixels = pixels.floor().max(1.0) as usize;
    cells.div_ceil(pixels).max(1)
}

/// Shrinks a row-major `rows × cols` matrix to block means, so a picture with fewer pixels than
/// cells shows each pixel's average rather than one cell it happened to land on (decimating fine
/// stripes makes moiré a student reads as structure). Output cell (r, c) is the mean of the
/// cells in rows r·br .. (r+1)·br and columns c·bc .. (c+1)·bc; blocks at the bottom and right
/// edges hold fewer cells and average those. Returns the output's (rows, cols),
/// (⌈rows/br⌉, ⌈cols/bc⌉), written to `out`; (0, 0) and nothing if `values` is not
/// `rows × cols`.
///
/// ```
/// use pe_explorer::render::heatmap::block_means;
/// let mut out = Vec::new();
/// // Stripes 1, −1 across five columns, averaged in pairs: 0, 0 and the lone last 1.
/// let shape = block_means(&[1.0, -1.0, 1.0, -1.0, 1.0], (1, 5), (1, 2), &mut out);
/// assert_eq!((shape, out), ((1, 3), vec![0.0, 0.0, 1.0]));
/// ```
pub fn block_means(
    values: &[f32],
    (rows, cols): (usize, usize),
    (row_block, col_block): (usize, usize),
    out: &mut Vec<f32>,
) -> (usize, usize) {
    let (row_block, col_block) = (row_block.max(1), col_block.max(1));
    let shape = (rows.div_ceil(row_block), cols.div_ceil(col_block));
    out.clear();
    if values.len() != rows * cols {
        return (0, 0);
    }
    out.resize(shape.0 * shape.1, 0.0);
    for (n, mean) in out.iter_mut().enumerate() {
        let (r, c) = (n / shape.1, n % shape.1);
        let (mut sum, mut cells) = (0.0f64, 0usize);
        for y in r * row_block..((r + 1) * row_block).min(rows) {
            for x in c * col_block..((c + 1) * col_block).min(cols) {
                sum += values[y * cols + x] as f64;
                cells += 1;
            }
        }
        *mean = (sum / cells as f64) as f32;
    }
    shape
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

#[cfg(test)]
mod tests {
    #[test]
    fn block_means_equal_each_blocks_mean_cell_by_cell() {
        // 7 × 10 with blocks 3 × 4: partial blocks at the bottom (1 row) and right (2 columns).
        let (rows, cols, br, bc) = (7, 10, 3, 4);
        let values: Vec<f32> = (0..rows * cols)
            .map(|n| ((n * 37 % 23) as f32 - 11.0) / 7.0)
            .collect();
        let mut out = Vec::new();
        let shape = super::block_means(&values, (rows, cols), (br, bc), &mut out);
        assert_eq!(shape, (3, 3));
        for r in 0..shape.0 {
            for c in 0..shape.1 {
                let cells: Vec<f64> = (r * br..((r + 1) * br).min(rows))
                    .flat_map(|y| (c * bc..((c + 1) * bc).min(cols)).map(move |x| (y, x)))
                    .map(|(y, x)| values[y * cols + x] as f64)
                    .collect();
                let mean = cells.iter().sum::<f64>() / cells.len() as f64;
                assert!(
                    (out[r * shape.1 + c] as f64 - mean).abs() < 1e-6,
                    "({r}, {c})"
                );
            }
        }
        // Blocks of one leave the matrix as it is; an empty matrix gives an empty picture.
        assert_eq!(
            super::block_means(&values, (rows, cols), (1, 1), &mut out),
            (rows, cols)
        );
        assert_eq!(out, values);
        assert_eq!(super::block_means(&[], (0, 0), (2, 2), &mut out), (0, 0));
    }

    use super::*;

    /// The definition as written: sort everything, then interpolate (independent of the
    /// selection that `abs_percentile` uses).
    fn by_sorting(values: &[f32], p: f64) -> f64 {
        let mut sorted: Vec<f64> = values.iter().map(|v| f64::from(v.abs())).collect();
        sorted.sort_by(f64::total_cmp);
        let h = (sorted.len() - 1) as f64 * p / 100.0;
        let (i, fraction) = (h.floor() as usize, h - h.floor());
        match sorted.get(i + 1) {
            Some(next) => sorted[i] + fraction * (next - sorted[i]),
            None => sorted[i],
        }
    }

    /// A small deterministic generator (64-bit LCG), so the cases are the same on every run.
    fn numbers(seed: u64, n: usize, distinct: u32) -> Vec<f32> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let bits = (state >> 33) as u32;
                // `distinct` levels, both signs: many ties when it is small.
                let level = (bits % distinct) as f32 - (distinct / 2) as f32;
                level / 7.0
            })
            .collect()
    }

    #[test]
    fn the_percentile_matches_sorting_and_interpolating() {
        for (seed, n, distinct) in [
            (1, 1, 10),
            (2, 2, 10),
            (3, 7, 3),
            (4, 100, 1000),
            (5, 1000, 5),
            (6, 4097, 100_000),
            (7, 20_000, 2),
        ] {
            let values = numbers(seed, n, distinct);
            for p in [0.0, 1.0, 25.0, 50.0, 90.0, 99.0, 99.9, 100.0] {
                let expected = by_sorting(&values, p);
                let got = f64::from(abs_percentile(&values, p));
                assert!(
                    (got - expected).abs() <= 1e-6 * expected.max(1.0),
                    "n = {n}, {distinct} levels, p = {p}: {got} vs {expected}"
                );
            }
        }
    }

    #[test]
    fn numpy_examples() {
        // np.percentile(np.abs([3, -1, 4, -1, 5, -9, 2, 6]), q) for q = 99, 50, 10.
        let x = [3.0, -1.0, 4.0, -1.0, 5.0, -9.0, 2.0, 6.0];
        assert!((abs_percentile(&x, 99.0) - 8.79).abs() < 1e-5);
        assert!((abs_percentile(&x, 50.0) - 3.5).abs() < 1e-6);
        assert!((abs_percentile(&x, 10.0) - 1.0).abs() < 1e-6);
        // NaN is left out; an all-equal table is its own percentile.
        assert_eq!(abs_percentile(&[f32::NAN, 2.0, -2.0], 99.0), 2.0);
        assert_eq!(abs_percentile(&[0.5; 1000], 99.0), 0.5);
    }

    #[test]
    fn the_robust_scale_clips_about_one_percent_and_the_fixed_one_counts_beyond_it() {
        let values = numbers(11, 10_000, 1_000_000);
        let scale = ClippedScale::robust(&values);
        // Distinct values: exactly those above the interpolated 99th percentile, ⌈0.01·(n − 1)⌉.
        assert!((99..=100).contains(&scale.clipped), "{}", scale.clipped);
        assert_eq!(scale.total, 10_000);
        assert_eq!(scale.largest, max_abs(&values));
        assert_eq!(values[scale.largest_at].abs(), scale.largest);
        let sines = [1.0, -1.0, 0.0, 0.5];
        assert_eq!(ClippedScale::fixed(&sines, 1.0).clipped, 0);
        assert_eq!(ClippedScale::fixed(&sines, 0.5).clipped, 2);
    }
}
