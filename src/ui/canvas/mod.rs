//! Canvas plumbing shared by every panel: HiDPI sizing (here), plotters' backend (`backend`),
//! which canvases are on screen (`on_screen`), redrawing at most once per animation frame
//! (`schedule`), the theme's colours (`theme`) and matrices painted as pixels (`cells`).

mod backend;
mod cells;
mod on_screen;
mod schedule;
mod theme;

pub use backend::Canvas2d;
pub use cells::paint_cells;
pub use on_screen::draw_off_screen_within;
pub use schedule::{now, redraw_on_frame};
pub use theme::{css_color, series_color, themed_mesh, ThemeColors, SERIES};

use std::cell::Cell;

use leptos::prelude::*;
use plotters::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

/// Bumped on window resize (which includes zoom and devicePixelRatio changes), so every canvas
/// redraws: setting a canvas's width clears it. Also bumped when the drawings' look changes
/// (theme, presenter view) and around an export (which draws at another resolution).
#[derive(Clone, Copy)]
pub struct ViewportEpoch(pub RwSignal<u32>);

impl ViewportEpoch {
    /// Makes every canvas redraw.
    pub fn bump(self) {
        self.0.update(|e| *e = e.wrapping_add(1));
    }
}

thread_local! {
    /// Presenter view's extra factor on every canvas's type and line widths (1 otherwise).
    static TYPE_ZOOM: Cell<f64> = const { Cell::new(1.0) };
    /// While a PNG is exported: the resolution every canvas draws at instead of the screen's.
    static EXPORT_SCALE: Cell<Option<f64>> = const { Cell::new(None) };
}

/// Makes every canvas redraw when `element` (the panels' column) changes width without the
/// window resizing: presenter view's lesson mode lays the step's panel across the whole screen
/// once the lesson has arrived, and a canvas fitted to the narrower column would be stretched.
pub fn refit_when_resized(element: &Element, epoch: ViewportEpoch) {
    let width = Cell::new(None::<f64>);
    let measured = element.clone();
    let follow = Closure::<dyn Fn()>::new(move || {
        let now = measured.get_bounding_client_rect().width().round();
        // The first report is the width the canvases were fitted to.
        if width.replace(Some(now)).is_some_and(|before| before != now) {
            epoch.bump();
        }
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(follow.as_ref().unchecked_ref()) {
        observer.observe(element);
    }
    // The column lives as long as the page.
    follow.forget();
}

/// Installs the resize listener once, at the top of the app, and shares the epoch by context.
pub fn provide_viewport_epoch() -> ViewportEpoch {
    let epoch = ViewportEpoch(RwSignal::new(0u32));
    provide_context(epoch);
    // The build-time prerender has no window to listen to.
    if cfg!(feature = "ssr") {
        return epoch;
    }
    let handle = window_event_listener(leptos::ev::resize, move |_| epoch.bump());
    on_cleanup(move || handle.remove());
    // A switch between light and dark changes the canvas colours too.
    if let Ok(Some(query)) = window().match_media("(prefers-color-scheme: dark)") {
        let on_change = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            ThemeColors::invalidate();
            epoch.bump();
        });
        query.set_onchange(Some(on_change.as_ref().unchecked_ref()));
        // The listener lives as long as the page (the app is never unmounted).
        on_change.forget();
    }
    epoch
}

/// Sets presenter view's factor on canvas type and lines, and forgets the cached theme colours;
/// the caller then bumps the epoch so every canvas redraws.
pub fn restyle_canvases(type_zoom: f64) {
    TYPE_ZOOM.with(|zoom| zoom.set(type_zoom));
    ThemeColors::invalidate();
}

/// The device pixel ratio, at least 1 and at most 4 (a cap so a zoomed-in phone cannot ask for
/// a 64-megapixel backing store).
pub fn device_pixel_ratio() -> f64 {
    EXPORT_SCALE
        .with(Cell::get)
        .unwrap_or_else(|| window().device_pixel_ratio().clamp(1.0, 4.0))
}

/// Makes every canvas draw at `scale` device pixels per CSS pixel (an export), or at the
/// screen's again (`None`); the caller bumps the epoch so they redraw.
pub fn set_export_scale(scale: Option<f64>) {
    EXPORT_SCALE.with(|s| s.set(scale));
}

/// The `width` attribute every chart canvas has in its markup; `height` is
/// [`canvas_height`] of the aspect its drawing will have. CSS sizes a canvas's box by the ratio of
/// the two, so the box has its final shape before the first drawing and in the prerendered page:
/// nothing below it moves when it draws.
pub const CANVAS_WIDTH: u32 = 1000;

/// The markup `height` of a canvas whose drawing has `aspect` (height / width), the value its
/// draw function passes to [`SizedCanvas::fit`].
pub fn canvas_height(aspect: f64) -> u32 {
    (aspect * CANVAS_WIDTH as f64).round() as u32
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
        // Called as a web_sys method: leptos's ElementExt also has a `style`.
        let style = web_sys::HtmlElement::style(&element);
        // Its shape, for the stylesheet: presenter view's lesson mode caps a canvas's width so
        // that its height fits the screen.
        // (A stack of canvases drawn over each other is capped as one: `.canvas-stack`.) Set
        // once: a canvas keeps its shape, and a slider's redraw should not restyle the page.
        // Set before the width is measured: the cap it sets is the width drawn at, so the first
        // drawing is not stretched to a box that the shape then widens.
        let shape = (f64::from(canvas_height(aspect)) / f64::from(CANVAS_WIDTH)).to_string();
        if style.get_property_value("--aspect").ok().as_deref() != Some(shape.as_str()) {
            if let Some(stack) = element
                .parent_element()
                .filter(|parent| parent.class_name().split(' ').any(|c| c == "canvas-stack"))
                .and_then(|parent| parent.dyn_into::<web_sys::HtmlElement>().ok())
            {
                stack.style().set_property("--aspect", &shape).ok()?;
            }
            style.set_property("--aspect", &shape).ok()?;
        }
        // The laid-out width as it is (a fraction of a pixel included), and the height the markup's
        // `width`/`height` gave the canvas before its first drawing (`canvas_height`): the drawn
        // canvas keeps the static page's box to the pixel's fraction.
        let css_width = element.get_bounding_client_rect().width().max(1.0);
        let css_height = css_width * f64::from(canvas_height(aspect)) / f64::from(CANVAS_WIDTH);
        let width = (css_width * scale).round() as u32;
        let height = (css_height * scale).round() as u32;
        style
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
        Self::context_of(&self.element)
    }

    /// The 2-D context of any canvas (an off-screen one, say).
    pub fn context_of(element: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
        element
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()
    }

    /// A plotters drawing area over the whole canvas, cleared to transparent.
    pub fn drawing_area(&self) -> Option<DrawingArea<Canvas2d, plotters::coord::Shift>> {
        let context = self.context()?;
        context.clear_rect(0.0, 0.0, self.width as f64, self.height as f64);
        Some(Canvas2d::new(&self.element, context)?.into_drawing_area())
    }

    /// The label font of every chart: 12 CSS px in the theme's text colour.
    pub fn label_font(&self, colors: &ThemeColors) -> TextStyle<'static> {
        ("sans-serif", self.font_px(12.0))
            .into_font()
            .color(&colors.text)
    }

    /// The 2-D context set up to write labels as [`Self::label_font`] does, for text drawn
    /// without plotters (a plotters text call per chart is its own compiled code).
    pub fn label_context(&self, colors: &ThemeColors) -> Option<CanvasRenderingContext2d> {
        let context = self.context()?;
        context.set_font(&format!("{}px sans-serif", self.font_px(12.0)));
        context.set_fill_style_str(&css_color(colors.text));
        Some(context)
    }

    /// A font size or line width given in CSS pixels, scaled to device pixels (and enlarged in
    /// presenter view).
    pub fn font_px(&self, css_px: f64) -> f64 {
        css_px * self.scale * TYPE_ZOOM.with(Cell::get)
    }
}
