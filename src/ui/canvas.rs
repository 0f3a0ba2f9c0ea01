//! Canvas plumbing shared by every panel: HiDPI sizing, redraw at most once per animation
//! frame, and the plotters backend set-up.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Bumped on window resize (which includes zoom and devicePixelRatio changes), so every canvas
/// redraws: setting a canvas's width clears it.
#[derive(Clone, Copy)]
pub struct ViewportEpoch(pub ReadSignal<u32>);

/// Installs the resize listener once, at the top of the app, and shares the epoch by context.
pub fn provide_viewport_epoch() {
    let (epoch, set_epoch) = signal(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| {
        set_epoch.update(|e| *e = e.wrapping_add(1))
    });
    on_cleanup(move || handle.remove());
    provide_context(ViewportEpoch(epoch));
}

/// The device pixel ratio, at least 1 and at most 4 (a cap so a zoomed-in phone cannot ask for
/// a 64-megapixel backing store).
pub fn device_pixel_ratio() -> f64 {
    window().device_pixel_ratio().clamp(1.0, 4.0)
}

/// A canvas sized for crisp drawing: its backing store is its CSS size × devicePixelRatio.
pub struct SizedCanvas {
    pub element: HtmlCanvasElement,
    /// Backing-store size in device pixels.
    pub width: u32,
    pub height: u32,
    /// Device pixels per CSS pixel; multiply font sizes and line widths by this.
    pub scale: f64,
}

impl SizedCanvas {
    /// Sizes `element` from its CSS box; height follows `aspect` (height / width) of the laid
    /// out width so panels keep their shape from a phone to a projector.
    pub fn fit(element: HtmlCanvasElement, aspect: f64) -> Option<SizedCanvas> {
        let scale = device_pixel_ratio();
        let css_width = element.client_width().max(1) as f64;
        let css_height = (css_width * aspect).round();
        let width = (css_width * scale).round() as u32;
        let height = (css_height * scale).round() as u32;
        // Called as a web_sys method: leptos's ElementExt also has a `style`.
        web_sys::HtmlElement::style(&element)
            .set_property("height", &format!("{css_height}px"))
            .ok()?;
        if element.width() != width || element.height() != height {
            element.set_width(width);
            element.set_height(height);
        }
        Some(SizedCanvas {
            element,
            width,
            height,
            scale,
        })
    }

    /// The 2-D context, for pixel-buffer work beneath plotters' drawing.
    pub fn context(&self) -> Option<CanvasRenderingContext2d> {
        self.element
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()
    }

    /// A plotters drawing area over the whole canvas, cleared to transparent.
    pub fn drawing_area(&self) -> Option<DrawingArea<CanvasBackend, plotters::coord::Shift>> {
        let context = self.context()?;
        context.clear_rect(0.0, 0.0, self.width as f64, self.height as f64);
        let backend = CanvasBackend::with_canvas_object(self.element.clone())?;
        Some(backend.into_drawing_area())
    }

    /// A font size given in CSS pixels, scaled to device pixels.
    pub fn font_px(&self, css_px: f64) -> f64 {
        css_px * self.scale
    }
}

/// Redraws a canvas whenever `input` changes or the viewport resizes, at most once per
/// animation frame: several signal changes in one frame (a fast drag) cost one drawing, and the
/// drawing always uses the latest input.
///
/// `input` runs inside a reactive effect, so it should read memos (already computed results),
/// not compute; `draw` runs in the animation frame.
pub fn redraw_on_frame<T: 'static>(
    canvas: NodeRef<html::Canvas>,
    input: impl Fn() -> T + 'static,
    draw: impl Fn(HtmlCanvasElement, &T) + 'static,
) {
    let epoch = use_context::<ViewportEpoch>();
    let latest: Rc<RefCell<Option<T>>> = Rc::new(RefCell::new(None));
    let pending = Rc::new(Cell::new(false));
    let draw = Rc::new(draw);
    Effect::new(move |_| {
        if let Some(ViewportEpoch(epoch)) = epoch {
            epoch.track();
        }
        *latest.borrow_mut() = Some(input());
        if pending.replace(true) {
            return;
        }
        let (latest, pending, draw) = (latest.clone(), pending.clone(), draw.clone());
        request_animation_frame(move || {
            pending.set(false);
            let Some(element) = canvas.get_untracked() else {
                return;
            };
            if let Some(value) = latest.borrow().as_ref() {
                draw(element, value);
            }
        });
    });
}

/// The colours of the current theme, read from CSS custom properties so canvases match the page
/// in light, dark and presenter themes.
#[derive(Clone, Copy, Debug)]
pub struct ThemeColors {
    pub text: RGBColor,
    pub grid: RGBColor,
    pub accent: RGBColor,
    pub second: RGBColor,
}

impl ThemeColors {
    pub fn read() -> ThemeColors {
        let fallback = ThemeColors {
            text: RGBColor(30, 30, 30),
            grid: RGBColor(200, 200, 200),
            accent: RGBColor(0, 114, 178),
            second: RGBColor(213, 94, 0),
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
                .and_then(|v| parse_hex_color(v.trim()))
                .unwrap_or(default)
        };
        ThemeColors {
            text: read("--fg", fallback.text),
            grid: read("--grid", fallback.grid),
            accent: read("--accent", fallback.accent),
            second: read("--second", fallback.second),
        }
    }
}

/// Parses `#rrggbb`.
fn parse_hex_color(text: &str) -> Option<RGBColor> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let byte = |at: usize| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok();
    Some(RGBColor(byte(0)?, byte(2)?, byte(4)?))
}
