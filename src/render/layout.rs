//! Pixel geometry shared by drawing and pointer handling, so that what is under the cursor is
//! computed by the same numbers that drew it.

/// The rectangle of a canvas where the data is drawn, in CSS pixels from the canvas's top left.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlotRect {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
}

impl PlotRect {
    /// The rectangle covered by pixel ranges, as a plotting area reports them.
    ///
    /// ```
    /// use pe_explorer::render::layout::PlotRect;
    /// let r = PlotRect::from_pixel_ranges(10..110, 5..55);
    /// assert_eq!((r.left, r.top, r.width, r.height), (10.0, 5.0, 100.0, 50.0));
    /// ```
    pub fn from_pixel_ranges(xs: std::ops::Range<i32>, ys: std::ops::Range<i32>) -> PlotRect {
        PlotRect {
            left: xs.start as f64,
            top: ys.start as f64,
            width: (xs.end - xs.start) as f64,
            height: (ys.end - ys.start) as f64,
        }
    }

    /// The cell (row, column) of a `rows × cols` grid drawn over the rectangle at point (x, y),
    /// or `None` outside it. Rows run top to bottom.
    ///
    /// ```
    /// use pe_explorer::render::layout::PlotRect;
    /// let r = PlotRect { left: 10.0, top: 0.0, width: 100.0, height: 50.0 };
    /// assert_eq!(r.cell_at(10.0, 0.0, 5, 10), Some((0, 0)));
    /// assert_eq!(r.cell_at(109.9, 49.9, 5, 10), Some((4, 9)));
    /// assert_eq!(r.cell_at(9.0, 10.0, 5, 10), None);
    /// ```
    pub fn cell_at(&self, x: f64, y: f64, rows: usize, cols: usize) -> Option<(usize, usize)> {
        let (u, v) = ((x - self.left) / self.width, (y - self.top) / self.height);
        if !(0.0..1.0).contains(&u) || !(0.0..1.0).contains(&v) || rows == 0 || cols == 0 {
            return None;
        }
        let row = ((v * rows as f64) as usize).min(rows - 1);
        let col = ((u * cols as f64) as usize).min(cols - 1);
        Some((row, col))
    }

    /// The centre of row `row` of `rows`, as a y coordinate.
    pub fn row_center(&self, row: usize, rows: usize) -> f64 {
        self.top + (row as f64 + 0.5) * self.height / rows.max(1) as f64
    }

    /// The centre of column `col` of `cols`, as an x coordinate.
    pub fn col_center(&self, col: usize, cols: usize) -> f64 {
        self.left + (col as f64 + 0.5) * self.width / cols.max(1) as f64
    }

    /// The x coordinate of `value` on a linear axis from `min` (left edge) to `max` (right edge).
    ///
    /// ```
    /// use pe_explorer::render::layout::PlotRect;
    /// let r = PlotRect { left: 10.0, top: 0.0, width: 100.0, height: 50.0 };
    /// assert_eq!(r.x_of(5.0, 0.0, 10.0), 60.0);
    /// ```
    pub fn x_of(&self, value: f64, min: f64, max: f64) -> f64 {
        self.left + (value - min) / (max - min) * self.width
    }

    /// The y coordinate of `value` on a linear axis from `min` (bottom edge) to `max` (top edge).
    ///
    /// ```
    /// use pe_explorer::render::layout::PlotRect;
    /// let r = PlotRect { left: 0.0, top: 20.0, width: 100.0, height: 50.0 };
    /// assert_eq!(r.y_of(1.0, -1.0, 1.0), 20.0);
    /// assert_eq!(r.y_of(-1.0, -1.0, 1.0), 70.0);
    /// ```
    pub fn y_of(&self, value: f64, min: f64, max: f64) -> f64 {
        self.top + (max - value) / (max - min) * self.height
    }

    /// The same rectangle in another unit (e.g. device pixels → CSS pixels with 1/dpr).
    pub fn scaled(&self, factor: f64) -> PlotRect {
        PlotRect {
            left: self.left * factor,
            top: self.top * factor,
            width: self.width * factor,
            height: self.height * factor,
        }
    }
}

/// Round, readable tick positions for an axis from 0 to `max` (inclusive), at most `count`+1.
///
/// ```
/// assert_eq!(pe_explorer::render::layout::integer_ticks(100, 5), vec![0, 20, 40, 60, 80, 100]);
/// assert_eq!(pe_explorer::render::layout::integer_ticks(7, 5), vec![0, 2, 4, 6]);
/// ```
pub fn integer_ticks(max: usize, count: usize) -> Vec<usize> {
    let raw = (max as f64 / count.max(1) as f64).max(1.0);
    let magnitude = 10f64.powi(raw.log10().floor() as i32);
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude)
        .round()
        .max(1.0) as usize;
    (0..=max).step_by(step).collect()
}

/// The most positions the waves chart draws at once: beyond it the fast waves would fill the
/// chart as a solid block, so a long sequence is shown through a window around pos.
pub const WAVE_WINDOW: usize = 128;

/// The first and last position the waves chart shows: all of `0..length` when they fit in
/// [`WAVE_WINDOW`], else a window of that many positions centred on `pos`, moved to stay inside.
///
/// ```
/// use pe_explorer::render::layout::wave_window;
/// assert_eq!(wave_window(100, 50), (0, 99));
/// assert_eq!(wave_window(2048, 1000), (936, 1063));
/// assert_eq!(wave_window(2048, 3), (0, 127));
/// assert_eq!(wave_window(2048, 2047), (1920, 2047));
/// assert_eq!(wave_window(1, 0), (0, 0));
/// ```
pub fn wave_window(length: usize, pos: usize) -> (usize, usize) {
    if length <= WAVE_WINDOW {
        return (0, length.saturating_sub(1));
    }
    let first = pos
        .saturating_sub(WAVE_WINDOW / 2)
        .min(length - WAVE_WINDOW);
    (first, first + WAVE_WINDOW - 1)
}
