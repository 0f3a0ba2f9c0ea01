//! One line chart for the panels that plot curves: a single compiled drawing routine keeps each
//! new panel's share of the wasm bundle small (plotters' generic code is instantiated once).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::canvas::{themed_mesh, SizedCanvas, ThemeColors};
use crate::render::layout::PlotRect;

/// One curve: its points and colour; `dots` marks every point (for short, discrete series).
pub struct Series<'a> {
    pub points: &'a [(f64, f64)],
    pub color: RGBColor,
    pub dots: bool,
}

/// How an axis writes its tick values.
#[derive(Clone, Copy, Default, PartialEq)]
pub enum Ticks {
    /// Up to three decimals, trailing zeros dropped.
    #[default]
    Plain,
    /// Whole numbers.
    Whole,
    /// The axis holds log10(v); ticks show v, rounded.
    Power10,
}

/// What a chart shows. Axis titles come translated from the caller. Every chart of the app that
/// has axes is drawn by [`draw_line_chart`] from one of these: plotters' generic chart code is
/// then compiled once for the whole app (docs/bundle.md).
#[derive(Default)]
pub struct LineChart<'a> {
    pub x: std::ops::Range<f64>,
    pub y: std::ops::Range<f64>,
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    pub series: &'a [Series<'a>],
    /// Series drawn as dots only, over `series` (values at whole positions over a continuous
    /// curve). A dot's radius shrinks so that neighbours stay apart.
    pub dotted: &'a [Series<'a>],
    /// Vertical guide lines (dashed), e.g. a training length.
    pub guides: &'a [f64],
    /// A horizontal dashed line in the second colour, with its label.
    pub level: Option<(f64, &'a str)>,
    /// Highlighted points, drawn last in the theme's second colour.
    pub marks: &'a [(f64, f64)],
    /// A label written beside the first mark (e.g. "i = 2"), in the theme's second colour.
    pub mark_label: Option<&'a str>,
    pub x_ticks: Ticks,
    pub y_ticks: Ticks,
    /// How many tick labels each axis aims for (0: 6 on x, 5 on y; `usize::MAX` on x: none).
    pub x_labels: usize,
    pub y_labels: usize,
    /// No vertical grid lines (for bars, and curves over positions).
    pub no_x_grid: bool,
    /// Room for the y tick labels in CSS pixels (0: 44).
    pub y_label_space: f64,
}

/// Draws `chart` over the whole canvas in the house style, and returns the plotting rectangle
/// in device pixels, for what the caller draws on top (bars, markers, labels).
pub fn draw_line_chart(canvas: &SizedCanvas, chart: &LineChart) -> Option<PlotRect> {
    let colors = ThemeColors::current();
    let area = canvas.drawing_area()?;
    let font = canvas.label_font(&colors);
    let or = |value: f64, fallback: f64| if value > 0.0 { value } else { fallback };
    let mut plot = ChartBuilder::on(&area)
        .margin(canvas.font_px(8.0) as i32)
        // Room for half of the last x tick's label ("2000"), centred on the axis's end.
        .margin_right(canvas.font_px(18.0) as i32)
        .x_label_area_size(canvas.font_px(36.0) as i32)
        .y_label_area_size(canvas.font_px(or(chart.y_label_space, 44.0)) as i32)
        .build_cartesian_2d(chart.x.clone(), chart.y.clone())
        .ok()?;
    let format = |ticks: Ticks, v: f64| match ticks {
        Ticks::Whole => format!("{}", v.round() as i64),
        Ticks::Power10 => format!("{}", 10f64.powf(v).round() as i64),
        Ticks::Plain => {
            let text = format!("{v:.3}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    let x_format = |v: &f64| format(chart.x_ticks, *v);
    let y_format = |v: &f64| format(chart.y_ticks, *v);
    let count = |n: usize, fallback: usize| match n {
        0 => fallback,
        usize::MAX => 0,
        n => n,
    };
    let mut mesh = plot.configure_mesh();
    mesh.x_labels(count(chart.x_labels, 6))
        .y_labels(count(chart.y_labels, 5))
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .x_desc(chart.x_desc)
        .y_desc(chart.y_desc);
    if chart.no_x_grid {
        mesh.disable_x_mesh();
    }
    themed_mesh(&mut mesh, &font, &colors).draw().ok()?;
    let stroke = canvas.font_px(1.8) as u32;
    let dashed = |from: (f64, f64), to: (f64, f64), color: RGBColor| {
        DashedLineSeries::new(
            [from, to],
            canvas.font_px(5.0) as u32,
            canvas.font_px(4.0) as u32,
            color.stroke_width(stroke.max(1)),
        )
    };
    for &x in chart.guides {
        plot.draw_series(dashed((x, chart.y.start), (x, chart.y.end), colors.text))
            .ok()?;
    }
    if let Some((y, label)) = chart.level {
        plot.draw_series(dashed((chart.x.start, y), (chart.x.end, y), colors.second))
            .ok()?;
        // Inside the plot even when the level lies outside its range.
        let span = chart.y.end - chart.y.start;
        let above = (y + 0.03 * span)
            .min(chart.y.end - 0.1 * span)
            .max(chart.y.start + 0.03 * span);
        let at = chart.x.start + 0.02 * (chart.x.end - chart.x.start);
        area.draw_text(label, &font, plot.backend_coord(&(at, above)))
            .ok()?;
    }
    let radius = canvas.font_px(3.0) as i32;
    for series in chart.series {
        plot.draw_series(LineSeries::new(
            series.points.iter().copied(),
            series.color.stroke_width(stroke),
        ))
        .ok()?;
        if series.dots {
            plot.draw_series(
                series
                    .points
                    .iter()
                    .map(|p| Circle::new(*p, radius, series.color.filled())),
            )
            .ok()?;
        }
    }
    let width = plot.plotting_area().get_pixel_range().0.len() as f64;
    for series in chart.dotted {
        let gap = width / series.points.len().max(1) as f64;
        let radius = canvas.font_px(2.5).min(gap * 0.3);
        if radius >= 1.0 {
            plot.draw_series(
                series
                    .points
                    .iter()
                    .map(|p| Circle::new(*p, radius as i32, series.color.filled())),
            )
            .ok()?;
        }
    }
    plot.draw_series(
        chart
            .marks
            .iter()
            .map(|p| Circle::new(*p, canvas.font_px(5.0) as i32, colors.second.filled())),
    )
    .ok()?;
    if let (Some(label), Some(&(x, y))) = (chart.mark_label, chart.marks.first()) {
        // Beside the mark, towards the middle of the plot (left of it in the right half, below it
        // in the upper half), so that the label stays inside the plot.
        let right_half = x > chart.x.start + 0.5 * (chart.x.end - chart.x.start);
        let upper_half = y > chart.y.start + 0.5 * (chart.y.end - chart.y.start);
        let anchor = Pos::new(
            if right_half { HPos::Right } else { HPos::Left },
            if upper_half { VPos::Top } else { VPos::Bottom },
        );
        let (px, py) = plot.backend_coord(&(x, y));
        let gap = canvas.font_px(7.0) as i32;
        let at = (
            if right_half { px - gap } else { px + gap },
            if upper_half { py + gap } else { py - gap },
        );
        area.draw_text(label, &font.font.color(&colors.second).pos(anchor), at)
            .ok()?;
    }
    let (xs, ys) = plot.plotting_area().get_pixel_range();
    area.present().ok()?;
    Some(PlotRect::from_pixel_ranges(xs, ys))
}

/// A y range that fits `values`: from the least to the greatest, widened at each end by `pad`
/// times that span (by `pad` itself when they are all equal); 0..1 when none is finite.
pub fn fitted_range(values: impl IntoIterator<Item = f64>, pad: f64) -> std::ops::Range<f64> {
    let (low, high) = values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if low > high {
        return 0.0..1.0;
    }
    let margin = if high > low {
        pad * (high - low)
    } else {
        pad.max(1e-9)
    };
    (low - margin)..(high + margin)
}

/// A matrix as a heatmap with its axes and a colour bar: rows run over `0..rows` top to bottom,
/// columns over `0..cols`; a square matrix of positions is drawn square.
pub struct MatrixChart<'a> {
    pub values: &'a [f32],
    pub rows: usize,
    pub cols: usize,
    /// The value drawn at full colour (±scale); beyond it the colour saturates.
    pub scale: f32,
    /// Dashed guide lines at these fractions of the side (both directions).
    pub guides: &'a [f64],
    /// The positions (or dimensions) the last row and the last column stand for.
    pub last: (usize, usize),
    /// What the columns and the rows are.
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    /// The values are never negative (attention weights): the colour bar runs from 0 up.
    pub non_negative: bool,
    /// The names of the rows and the columns (the words of a sentence), written at each one
    /// instead of the first and last index; empty for indices.
    pub names: &'a [&'a str],
}

/// Paints a [`MatrixChart`]: the square of cells (values divided by `scale` through the
/// diverging map), the first and last position at its ends, the axis titles, and a colour bar
/// with its scale on the right.
pub fn draw_square_matrix(canvas: &SizedCanvas, chart: &MatrixChart) -> Option<()> {
    let context = canvas.context()?;
    let (width, height) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, width, height);
    let (left, top, side, tall) = matrix_rect(canvas, chart.rows == chart.cols);
    let map = crate::render::colormap::DivergingMap::cool_warm();
    super::canvas::paint_cells(
        &context,
        chart.values,
        (chart.rows, chart.cols),
        chart.scale,
        &map,
        (left, top, side, tall),
    )?;
    let colors = ThemeColors::current();
    let text = super::canvas::css_color(colors.text);
    context.set_stroke_style_str(&text);
    context.set_line_width(canvas.font_px(1.5));
    context
        .set_line_dash(&js_sys::Array::of2(
            &canvas.font_px(5.0).into(),
            &canvas.font_px(4.0).into(),
        ))
        .ok()?;
    context.begin_path();
    for fraction in chart.guides {
        let at = fraction * side;
        context.move_to(left + at, top);
        context.line_to(left + at, top + tall);
        context.move_to(left, top + fraction * tall);
        context.line_to(left + side, top + fraction * tall);
    }
    context.stroke();
    context.set_line_dash(&js_sys::Array::new()).ok()?;

    let f = canvas.font_px(12.0);
    let bar = (left + side + 0.8 * f, top, tall);
    if chart.non_negative {
        colour_bar_from_zero(canvas, bar, chart.scale)?;
    } else {
        colour_bar(canvas, bar, chart.scale)?;
    }
    let context = canvas.label_context(&colors)?;
    let label = |words: &str, x: f64, y: f64, align: &str, baseline: &str| {
        context.set_text_align(align);
        context.set_text_baseline(baseline);
        let _ = context.fill_text(words, x, y);
    };
    // Columns: their names, or the first and last index, under the matrix, then the title.
    let below = top + tall + 0.3 * f;
    if chart.names.is_empty() {
        label("0", left, below, "left", "top");
        label(
            &chart.last.1.to_string(),
            left + side,
            below,
            "right",
            "top",
        );
    } else {
        let (column, row) = (side / chart.cols as f64, tall / chart.rows as f64);
        for (at, name) in chart.names.iter().enumerate() {
            let at = at as f64 + 0.5;
            label(name, left + at * column, below, "center", "top");
            label(name, left - 0.3 * f, top + at * row, "right", "middle");
        }
    }
    label(
        chart.x_desc,
        left + side / 2.0,
        below + 1.3 * f,
        "center",
        "top",
    );
    // Rows: the first and last left of it (or their names, above), the title turned along it.
    if chart.names.is_empty() {
        label("0", left - 0.3 * f, top, "right", "top");
        label(
            &chart.last.0.to_string(),
            left - 0.3 * f,
            top + tall,
            "right",
            "bottom",
        );
    }
    // Beside the row labels: the names, or the last index (as wide as any), so the title never
    // runs into them.
    let last_row = chart.last.0.to_string();
    let last_row = [last_row.as_str()];
    let row_labels: &[&str] = if chart.names.is_empty() {
        &last_row
    } else {
        chart.names
    };
    let widest = row_labels
        .iter()
        .filter_map(|name| context.measure_text(name).ok())
        .map(|metrics| metrics.width())
        .fold(0.0, f64::max);
    context.save();
    context
        .translate(left - 0.4 * f - widest, top + tall / 2.0)
        .ok()?;
    context.rotate(-std::f64::consts::FRAC_PI_2).ok()?;
    label(chart.y_desc, 0.0, 0.0, "center", "bottom");
    context.restore();
    Some(())
}

/// The colour bar of a heatmap drawn through the diverging map: its colours from +`scale` (top)
/// to −`scale` (bottom) in a column at (`left`, `top`), `height` tall, with those values and 0
/// written to its right.
pub fn colour_bar(canvas: &SizedCanvas, place: (f64, f64, f64), scale: f32) -> Option<()> {
    let scale = format_scale(scale as f64);
    bar_with_labels(
        canvas,
        place,
        -1.0,
        &[
            (format!("+{scale}"), 0.0, "top"),
            ("0".into(), 0.5, "middle"),
            (format!("−{scale}"), 1.0, "bottom"),
        ],
    )
}

/// The colour bar of values that are never negative (attention weights): the diverging map's
/// upper half, from `scale` (top) to 0 (bottom), with those values written to its right.
pub fn colour_bar_from_zero(
    canvas: &SizedCanvas,
    place: (f64, f64, f64),
    scale: f32,
) -> Option<()> {
    bar_with_labels(
        canvas,
        place,
        0.0,
        &[
            (format_scale(scale as f64), 0.0, "top"),
            ("0".into(), 1.0, "bottom"),
        ],
    )
}

/// A colour bar from the map's top (+1) down to `bottom` (−1 or 0, as a share of the scale),
/// with each label written to its right at its share of the height from the top, on the
/// baseline given.
fn bar_with_labels(
    canvas: &SizedCanvas,
    (left, top, height): (f64, f64, f64),
    bottom: f32,
    labels: &[(String, f64, &str)],
) -> Option<()> {
    let context = canvas.context()?;
    let f = canvas.font_px(12.0);
    let levels: Vec<f32> = (0..64)
        .map(|l| 1.0 - (1.0 - bottom) * l as f32 / 63.0)
        .collect();
    let map = crate::render::colormap::DivergingMap::cool_warm();
    super::canvas::paint_cells(
        &context,
        &levels,
        (64, 1),
        1.0,
        &map,
        (left, top, 0.8 * f, height),
    )?;
    let colors = ThemeColors::current();
    context.set_stroke_style_str(&super::canvas::css_color(colors.text));
    context.set_line_width(canvas.font_px(1.0));
    context.stroke_rect(left, top, 0.8 * f, height);
    let context = canvas.label_context(&colors)?;
    context.set_text_align("left");
    let x = left + 1.2 * f;
    for (text, at, baseline) in labels {
        context.set_text_baseline(baseline);
        context.fill_text(text, x, top + at * height).ok()?;
    }
    Some(())
}

/// A colour bar's end value: up to three significant decimals, no trailing zeros.
fn format_scale(v: f64) -> String {
    let text = format!("{:.3}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if v >= 100.0 {
        format!("{}", v.round())
    } else {
        text.to_string()
    }
}

/// Where [`draw_square_matrix`] puts the matrix: (left, top, width, height) in device pixels,
/// leaving room for the axis labels (left and below) and the colour bar (right); a square one
/// is centred.
fn matrix_rect(canvas: &SizedCanvas, square: bool) -> (f64, f64, f64, f64) {
    let (width, height) = (canvas.width as f64, canvas.height as f64);
    let f = canvas.font_px(12.0);
    let (room_left, room_right, room_top, room_bottom) = (3.6 * f, 6.0 * f, 0.6 * f, 3.0 * f);
    let wide = (width - room_left - room_right).max(1.0);
    let tall = (height - room_top - room_bottom).max(1.0);
    if square {
        let side = wide.min(tall);
        (room_left + (wide - side) / 2.0, room_top, side, side)
    } else {
        (room_left, room_top, wide, tall)
    }
}

/// Greys out the cells above the diagonal of a square matrix drawn by [`draw_square_matrix`]: keys a
/// causal model may not look at.
pub fn shade_upper_triangle(canvas: &SizedCanvas, n: usize) -> Option<()> {
    let context = canvas.context()?;
    let (left, top, side, _) = matrix_rect(canvas, true);
    let cell = side / n.max(1) as f64;
    context.set_fill_style_str("rgba(128, 128, 128, 0.55)");
    context.begin_path();
    // The staircase along the diagonal: cell (r, c) is masked when c > r.
    context.move_to(left + cell, top);
    for r in 0..n {
        context.line_to(left + (r + 1) as f64 * cell, top + r as f64 * cell);
        context.line_to(left + (r + 1) as f64 * cell, top + (r + 1) as f64 * cell);
    }
    context.line_to(left + side, top);
    context.close_path();
    context.fill();
    Some(())
}
