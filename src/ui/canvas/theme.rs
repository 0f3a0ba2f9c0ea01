//! The theme's colours for drawing, read from the stylesheet.

use std::cell::Cell;

use leptos::prelude::*;
use plotters::prelude::*;

use super::Canvas2d;

/// How many series colours the theme has (`--series-0` … `--series-5` in the stylesheet).
pub const SERIES: usize = 6;

/// The colour of series `n` (modulo [`SERIES`]) in the current theme: the Okabe–Ito hues,
/// chosen to stay distinct under the common colour vision deficiencies, darkened on light and
/// lightened on dark so that each stands out from the panel (tests/palette.rs).
pub fn series_color(n: usize) -> RGBColor {
    ThemeColors::current().series[n % SERIES]
}

/// The colours of the current theme, read from CSS custom properties so canvases match the page
/// in light, dark and presenter themes.
#[derive(Clone, Copy, Debug)]
pub struct ThemeColors {
    pub text: RGBColor,
    pub grid: RGBColor,
    pub accent: RGBColor,
    pub second: RGBColor,
    pub series: [RGBColor; SERIES],
}

thread_local! {
    static THEME_CACHE: Cell<Option<ThemeColors>> = const { Cell::new(None) };
}

impl ThemeColors {
    /// The theme's colours, read from the stylesheet once and cached: `getComputedStyle` on
    /// every drawing would cost more than the drawing. [`ThemeColors::invalidate`] forgets them
    /// when the theme changes.
    pub fn current() -> ThemeColors {
        THEME_CACHE.with(|cache| {
            cache.get().unwrap_or_else(|| {
                let colors = Self::read();
                cache.set(Some(colors));
                colors
            })
        })
    }

    /// Forget the cached colours (the colour scheme or theme changed).
    pub fn invalidate() {
        THEME_CACHE.with(|cache| cache.set(None));
    }

    fn read() -> ThemeColors {
        // Okabe–Ito, the light theme's.
        let fallback = ThemeColors {
            text: RGBColor(30, 30, 30),
            grid: RGBColor(200, 200, 200),
            accent: RGBColor(0, 114, 178),
            second: RGBColor(213, 94, 0),
            series: [
                RGBColor(0, 114, 178),
                RGBColor(213, 94, 0),
                RGBColor(0, 138, 100),
                RGBColor(192, 105, 154),
                RGBColor(168, 117, 0),
                RGBColor(47, 138, 196),
            ],
        };
        let Some(root) = document().document_element() else {
            return fallback;
        };
        let Ok(Some(style)) = window().get_computed_style(&root) else {
            return fallback;
        };
        let read = |name: &str, default: RGBColor| {
            style
                .get_property_value(name)
                .ok()
                .and_then(|v| crate::render::colormap::parse_hex_color(v.trim()))
                .map(|[r, g, b]| RGBColor(r, g, b))
                .unwrap_or(default)
        };
        ThemeColors {
            text: read("--fg", fallback.text),
            grid: read("--grid", fallback.grid),
            accent: read("--accent", fallback.accent),
            second: read("--second", fallback.second),
            series: std::array::from_fn(|n| read(&format!("--series-{n}"), fallback.series[n])),
        }
    }
}

/// Gives a chart's mesh the house style: label fonts, light grid, no minor lines, axes in the
/// text colour. Panels add their own label counts, formatters and axis titles.
pub fn themed_mesh<'m, 'a, 'b, X, Y>(
    mesh: &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, Canvas2d>,
    font: &TextStyle<'b>,
    colors: &ThemeColors,
) -> &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, Canvas2d>
where
    X: plotters::coord::ranged1d::Ranged<ValueType = f64>
        + plotters::coord::ranged1d::ValueFormatter<f64>,
    Y: plotters::coord::ranged1d::Ranged<ValueType = f64>
        + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    mesh.label_style(font.clone())
        .axis_desc_style(font.clone())
        .bold_line_style(colors.grid)
        .light_line_style(TRANSPARENT)
        .axis_style(colors.text)
}

/// A colour as CSS `#rrggbb`.
pub fn css_color(color: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", color.0, color.1, color.2)
}
