//! A matrix painted as pixels, one cell per entry.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::SizedCanvas;

/// Paints a `rows × cols` matrix into the rectangle `(x, y, w, h)` of `context`, one cell per
/// entry, coloured by `map` after dividing by `scale`. With more cells than pixels each pixel
/// shows its block's mean ([`block_means`](crate::render::heatmap::block_means)).
/// For small matrices: it builds an off-screen image each call.
pub fn paint_cells(
    context: &CanvasRenderingContext2d,
    values: &[f32],
    (rows, cols): (usize, usize),
    scale: f32,
    map: &crate::render::colormap::DivergingMap,
    (x, y, w, h): (f64, f64, f64, f64),
) -> Option<()> {
    use crate::render::heatmap::{block_means, cells_per_pixel, fill_rgba};
    if rows == 0 || cols == 0 || values.len() != rows * cols {
        return None;
    }
    let blocks = (cells_per_pixel(rows, h), cells_per_pixel(cols, w));
    let mut means = Vec::new();
    let (image_rows, image_cols) = block_means(values, (rows, cols), blocks, &mut means);
    let mut rgba = Vec::new();
    fill_rgba(&means, scale, map, &mut rgba);
    let image: HtmlCanvasElement = document().create_element("canvas").ok()?.dyn_into().ok()?;
    image.set_width(image_cols as u32);
    image.set_height(image_rows as u32);
    let data = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        wasm_bindgen::Clamped(&rgba),
        image_cols as u32,
        image_rows as u32,
    )
    .ok()?;
    SizedCanvas::context_of(&image)?
        .put_image_data(&data, 0.0, 0.0)
        .ok()?;
    // Whole blocks reach a little past the last row and column: clip to the rectangle.
    context.save();
    context.begin_path();
    context.rect(x, y, w, h);
    context.clip();
    context.set_image_smoothing_enabled(false);
    let drawn = context.draw_image_with_html_canvas_element_and_dw_and_dh(
        &image,
        x,
        y,
        w * (image_cols * blocks.1) as f64 / cols as f64,
        h * (image_rows * blocks.0) as f64 / rows as f64,
    );
    context.restore();
    drawn.ok()
}
