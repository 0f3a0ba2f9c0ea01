//! Canvas plumbing shared by every panel: HiDPI sizing, redraw at most once per animation
//! frame, and the plotters backend set-up.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
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
        let backend = CanvasBackend::with_canvas_object(self.element.clone())?;
        Some(Canvas2d { backend, context }.into_drawing_area())
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

/// plotters' canvas backend, measuring text with the canvas itself. plotters' own measure for
/// the web appends a `<span style=…>` to the page for every label: the page's content security
/// policy refuses the inline style (a console error each time, and sizes measured in the page's
/// font instead of the label's, so labels overlapped in presenter view), and each measure is a
/// layout of the whole page.
pub struct Canvas2d {
    backend: CanvasBackend,
    context: CanvasRenderingContext2d,
}

impl DrawingBackend for Canvas2d {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.backend.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend
            .draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.backend.draw_text(text, style, pos)
    }

    /// The text's width as the canvas measures it in the font `draw_text` sets, and its height
    /// as one line of that font (1.2 × its size, as a browser lays out a line of it).
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        // The font string plotters-canvas's draw_text sets, so the measure is of the drawn text.
        self.context.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str(),
        ));
        let width = self
            .context
            .measure_text(text)
            .map_or(0.0, |metrics| metrics.width());
        Ok((width.ceil() as u32, (1.2 * style.size()).ceil() as u32))
    }
}

/// How far beyond the viewport a canvas counts as on screen, above and below, as a share of the
/// viewport's height: it draws just before it scrolls into view.
const ON_SCREEN_MARGIN: f64 = 0.5;

/// Every watched canvas with its on-screen flag.
type Watched = Rc<RefCell<Vec<(Element, RwSignal<bool>)>>>;

thread_local! {
    /// The one observer of every canvas, and what it watches.
    static ON_SCREEN: RefCell<Option<(web_sys::IntersectionObserver, Watched)>> =
        const { RefCell::new(None) };
    /// Canvases inside this element draw even when off screen (an export of that panel).
    static DRAW_WITHIN: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// Keeps `on_screen` true while `element` is within [`ON_SCREEN_MARGIN`] of the viewport.
fn watch_on_screen(element: Element, on_screen: RwSignal<bool>) {
    ON_SCREEN.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            let watched: Watched = Rc::default();
            let seen = watched.clone();
            let callback =
                Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    for entry in entries.iter() {
                        let entry: web_sys::IntersectionObserverEntry = entry.unchecked_into();
                        let target = entry.target();
                        if let Some((_, flag)) = seen
                            .borrow()
                            .iter()
                            .find(|(e, flag)| *e == target && !flag.is_disposed())
                        {
                            flag.set(entry.is_intersecting());
                        }
                    }
                });
            let options = web_sys::IntersectionObserverInit::new();
            let percent = ON_SCREEN_MARGIN * 100.0;
            options.set_root_margin(&format!("{percent}% 0px {percent}% 0px"));
            let observer = web_sys::IntersectionObserver::new_with_options(
                callback.as_ref().unchecked_ref(),
                &options,
            );
            // The observer lives as long as the page.
            callback.forget();
            match observer {
                Ok(observer) => *slot = Some((observer, watched)),
                // No observer (a very old browser): every canvas counts as on screen.
                Err(_) => {
                    on_screen.set(true);
                    return;
                }
            }
        }
        if let Some((observer, watched)) = slot.as_ref() {
            let mut watched = watched.borrow_mut();
            // The canvases of a page left inside the app: their flags went with their owner.
            watched.retain(|(canvas, flag)| {
                let stays = !flag.is_disposed();
                if !stays {
                    observer.unobserve(canvas);
                }
                stays
            });
            watched.push((element.clone(), on_screen));
            observer.observe(&element);
        }
    });
    // On screen as it arrives (a link's first screen): it draws now, not a frame and a task
    // later when the observer first reports (on a phone some 50–100 ms before the first chart).
    if near_screen(&element) {
        on_screen.set(true);
    }
}

/// Whether `element` is shown and within [`ON_SCREEN_MARGIN`] of the viewport, as the observer
/// would find it.
fn near_screen(element: &Element) -> bool {
    let rect = element.get_bounding_client_rect();
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    rect.width() > 0.0
        && rect.height() > 0.0
        && rect.bottom() > -height * ON_SCREEN_MARGIN
        && rect.top() < height * (1.0 + ON_SCREEN_MARGIN)
}

/// Makes the canvases inside `panel` draw although they are off screen (`None`: only those on
/// screen again); the caller then bumps the epoch.
pub fn draw_off_screen_within(panel: Option<Element>) {
    DRAW_WITHIN.with(|within| *within.borrow_mut() = panel);
}

fn drawn_off_screen(canvas: &Element) -> bool {
    DRAW_WITHIN.with(|within| {
        within
            .borrow()
            .as_ref()
            .is_some_and(|panel| panel.contains(Some(canvas)))
    })
}

/// Redraws a canvas whenever `input` changes or the viewport resizes, at most once per
/// animation frame, and as early as that allows; but only while the canvas is on screen or
/// about to be. A canvas away from the screen reads nothing, so the memos it alone depends on do
/// not run; it draws the latest input when it comes back.
///
/// A change that arrives when the canvas has not drawn since the last frame is drawn at once
/// (in the effect, right after the input event), so its pixels make the very next frame. Changes
/// that arrive after that, within the same frame (a fast drag), are coalesced into one drawing
/// at the next animation frame, which always uses the latest input.
///
/// `input` runs inside a reactive effect, so it should read memos (already computed results),
/// not compute. Returns whether the canvas is near the screen (`classroom::LabSlot` reads it).
pub fn redraw_on_frame<T: 'static>(
    canvas: NodeRef<html::Canvas>,
    input: impl Fn() -> T + 'static,
    draw: impl Fn(HtmlCanvasElement, &T) + 'static,
) -> Signal<bool> {
    // Only these two small closures depend on T; the scheduling below is compiled once for
    // every canvas of the app (it was once per panel type, a large share of the wasm).
    let latest: Rc<RefCell<Option<T>>> = Rc::new(RefCell::new(None));
    let store = {
        let latest = latest.clone();
        Box::new(move || *latest.borrow_mut() = Some(input())) as Box<dyn Fn()>
    };
    let paint = Box::new(move |element: HtmlCanvasElement| {
        if let Some(value) = latest.borrow().as_ref() {
            draw(element, value);
        }
    }) as Box<dyn Fn(HtmlCanvasElement)>;
    schedule_redraws(canvas, store, paint)
}

/// The type-free half of [`redraw_on_frame`]: an effect that stores the input and asks for a
/// drawing.
fn schedule_redraws(
    canvas: NodeRef<html::Canvas>,
    store: Box<dyn Fn()>,
    paint: Box<dyn Fn(HtmlCanvasElement)>,
) -> Signal<bool> {
    let epoch = use_context::<ViewportEpoch>();
    let scheduler = Rc::new(FrameScheduler {
        drew_this_frame: Cell::new(false),
        dirty: Cell::new(false),
        paint,
        canvas,
    });
    let on_screen = RwSignal::new(false);
    canvas.on_load(move |element| watch_on_screen(element.into(), on_screen));
    Effect::new(move |_| {
        if let Some(ViewportEpoch(epoch)) = epoch {
            epoch.track();
        }
        let forced = canvas
            .get_untracked()
            .is_some_and(|element| drawn_off_screen(&element));
        if !on_screen.get() && !forced {
            return;
        }
        store();
        FrameScheduler::request(&scheduler);
    });
    on_screen.into()
}

/// The state behind [`redraw_on_frame`]: whether this frame has drawn, and what draws.
struct FrameScheduler {
    drew_this_frame: Cell<bool>,
    dirty: Cell<bool>,
    /// Draws the latest input on the canvas.
    paint: Box<dyn Fn(HtmlCanvasElement)>,
    canvas: NodeRef<html::Canvas>,
}

impl FrameScheduler {
    fn request(this: &Rc<Self>) {
        if this.drew_this_frame.get() {
            this.dirty.set(true);
            return;
        }
        this.draw_now();
        this.drew_this_frame.set(true);
        let this = this.clone();
        request_animation_frame(move || this.next_frame());
    }

    fn next_frame(self: Rc<Self>) {
        self.drew_this_frame.set(false);
        if self.dirty.replace(false) {
            FrameScheduler::request(&self);
        }
    }

    fn draw_now(&self) {
        // A frame asked for before the page was left inside the app comes after its canvas is
        // gone, and its owner with it: nothing to draw.
        let Some(Some(element)) = self.canvas.try_get_untracked() else {
            return;
        };
        // A canvas with no box (`display: none`: presenter view's lesson mode shows the step's
        // panel alone) has nothing to be fitted to; it draws once it is shown again, when the
        // observer reports it on screen.
        if element.get_client_rects().length() == 0 {
            return;
        }
        let start = now();
        let id = element.get_attribute("data-testid").unwrap_or_default();
        (self.paint)(element);
        note_draw_for_benchmark(&id, start);
    }
}

/// When a benchmark has put an array at `window.__peDrawLog`, appends the time each canvas
/// finished drawing, so frame latency can be measured in the page. Without that array (always,
/// outside benchmarks) this is one property look-up.
fn note_draw_for_benchmark(canvas: &str, start: f64) {
    let Ok(log) = js_sys::Reflect::get(&window(), &"__peDrawLog".into()) else {
        return;
    };
    if let Some(log) = log.dyn_ref::<js_sys::Array>() {
        let end = now();
        log.push(&end.into());
        if let Ok(costs) = js_sys::Reflect::get(&window(), &"__peDrawCosts".into())
            && let Some(costs) = costs.dyn_ref::<js_sys::Array>()
        {
            costs.push(&format!("{canvas} {:.2}", end - start).into());
        }
    }
}

/// Milliseconds from `performance.now()`.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

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
