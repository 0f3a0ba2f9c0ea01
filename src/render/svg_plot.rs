//! A chart's geometry for SVG: data coordinates to the pixels of a `viewBox`, and a polyline's
//! path. The labs draw their charts as SVG (scalable on a projector, text selectable, no canvas
//! scheduler needed for a part drawn once per change).

/// A plot area inside a `viewBox` of `width` × `height`, with margins for the axes' labels,
/// showing data from `x.0` to `x.1` across and `y.0` (bottom) to `y.1` (top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

/// The labs' charts' size in `viewBox` units: wide and short, to sit in a column on a projector
/// and still read on a phone (the text is 12 units: about 7 px at 375 px wide).
pub const WIDTH: f64 = 640.0;
pub const HEIGHT: f64 = 250.0;

impl Frame {
    /// A lab chart's frame (`WIDTH` × `HEIGHT`, room for the labels left and below) showing
    /// `x` across and `y` up.
    pub fn chart(x: (f64, f64), y: (f64, f64)) -> Frame {
        Frame {
            width: WIDTH,
            height: HEIGHT,
            left: 56.0,
            right: 12.0,
            top: 12.0,
            bottom: 30.0,
            x,
            y,
        }
    }
    /// The horizontal pixel of data value `x` (linear; an empty range maps to the left edge).
    pub fn px(&self, x: f64) -> f64 {
        let span = self.x.1 - self.x.0;
        let t = if span > 0.0 {
            (x - self.x.0) / span
        } else {
            0.0
        };
        self.left + t * (self.width - self.left - self.right)
    }

    /// The vertical pixel of data value `y` (up is larger).
    pub fn py(&self, y: f64) -> f64 {
        let span = self.y.1 - self.y.0;
        let t = if span > 0.0 {
            (y - self.y.0) / span
        } else {
            0.0
        };
        self.height - self.bottom - t * (self.height - self.top - self.bottom)
    }

    /// An SVG path through the points, in order (`M x y L x y …`, one decimal).
    ///
    /// ```
    /// use pe_explorer::render::svg_plot::Frame;
    /// let f = Frame { width: 100.0, height: 50.0, left: 0.0, right: 0.0, top: 0.0, bottom: 0.0,
    ///                 x: (0.0, 10.0), y: (0.0, 1.0) };
    /// assert_eq!(f.path([(0.0, 0.0), (10.0, 1.0)]), "M0.0 50.0L100.0 0.0");
    /// ```
    pub fn path(&self, points: impl IntoIterator<Item = (f64, f64)>) -> String {
        let mut out = String::new();
        for (i, (x, y)) in points.into_iter().enumerate() {
            let command = if i == 0 { 'M' } else { 'L' };
            out.push_str(&format!("{command}{:.1} {:.1}", self.px(x), self.py(y)));
        }
        out
    }
}

/// One mark of an SVG chart, as data: the charts are computed here (natively testable) and
/// drawn by one small view (`ui::labs::rope_extension::SvgChart`), so each new chart adds a
/// function, not a view's worth of code.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight line of CSS class `class` (`grid`, `limit`).
    Line {
        from: (f64, f64),
        to: (f64, f64),
        class: &'static str,
    },
    /// A label; `end` anchors it at its right end.
    Text {
        at: (f64, f64),
        end: bool,
        text: String,
    },
    /// A filled rectangle of class `class` (its corner at `at`, `size` wide and high).
    Bar {
        at: (f64, f64),
        size: (f64, f64),
        class: &'static str,
    },
    /// A filled shape (a heatmap's cells of one colour) in colour `fill`.
    Area { d: String, fill: String },
    /// A path of class `class` in colour `colour`, `width` px wide.
    Path {
        d: String,
        class: &'static str,
        colour: &'static str,
        width: f64,
    },
}

impl Frame {
    /// A horizontal line across the plot at data height `y`.
    pub fn across(&self, y: f64, class: &'static str) -> Mark {
        Mark::Line {
            from: (self.left, self.py(y)),
            to: (self.width - self.right, self.py(y)),
            class,
        }
    }

    /// A vertical line through the plot at data value `x`.
    pub fn upright(&self, x: f64, class: &'static str) -> Mark {
        Mark::Line {
            from: (self.px(x), self.top),
            to: (self.px(x), self.height - self.bottom),
            class,
        }
    }

    /// The label of data height `y`, left of the plot.
    pub fn y_label(&self, y: f64, text: String) -> Mark {
        Mark::Text {
            at: (self.left - 4.0, self.py(y) + 4.0),
            end: true,
            text,
        }
    }

    /// The label of data value `x`, under the plot (`end`: its right end at x).
    pub fn x_label(&self, x: f64, end: bool, text: String) -> Mark {
        Mark::Text {
            at: (self.px(x), self.height - 8.0),
            end,
            text,
        }
    }
}

/// Whether every coordinate of `marks` is a finite number (a chart at a setting's extreme).
#[cfg(test)]
pub(crate) fn finite(marks: &[Mark]) -> bool {
    marks.iter().all(|m| match m {
        Mark::Line { from, to, .. } => [from.0, from.1, to.0, to.1].iter().all(|x| x.is_finite()),
        Mark::Bar { at, size, .. } => [at.0, at.1, size.0, size.1].iter().all(|x| x.is_finite()),
        Mark::Text { at, .. } => at.0.is_finite() && at.1.is_finite(),
        Mark::Path { d, .. } | Mark::Area { d, .. } => !d.contains("NaN") && !d.contains("inf"),
    })
}
