//! Export: every panel's pictures as one PNG at twice the screen's resolution or as one SVG,
//! and the PE matrix of the lesson as CSV, as JSON, or as NumPy / PyTorch code that rebuilds it.
//!
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement};

use super::canvas::{draw_off_screen_within, set_export_scale, ViewportEpoch};
use super::clipboard::copy_to_clipboard;
use super::context::{tr, use_lesson};
use super::dom::found;
use crate::export::{numpy_snippet, pe_matrix_csv, pe_matrix_json, pytorch_snippet};
use crate::i18n::{Key, Translate};
use crate::lesson::{PanelId, Params};

/// Resolution of an exported PNG, in device pixels per CSS pixel.
const EXPORT_SCALE: f64 = 2.0;

/// The printed text of a panel that says what its charts show: the explanation under the title,
/// then the read-outs (numbers, legends and result lines, which follow every change). A browser
/// without `:has` (before Firefox 121, Safari 15.4) rejects the whole selector, and its charts
/// keep their names only.
const CHART_TEXTS: &str =
    "h2 + p, .numbers, .readout, .legend, .rotation-numbers, .costs, p:has(> strong)";

/// Gives every chart of `panel` a text alternative beyond its name: the canvases are described
/// (`aria-describedby`) by the panel's [`CHART_TEXTS`], so a screen reader reads the same
/// summary and current numbers that a sighted reader sees beside the drawing. Run once, when
/// the panel is on the page (which elements are read-outs is fixed; their text follows).
pub fn describe_charts(panel: &Element) {
    let id = panel.id();
    let mut ids = String::new();
    for (n, text) in found(panel.query_selector_all(CHART_TEXTS)).enumerate() {
        let text_id = format!("{id}-text-{n}");
        text.set_id(&text_id);
        ids = ids + &text_id + " ";
    }
    for chart in found(panel.query_selector_all("canvas[role=img]")) {
        let _ = chart.set_attribute("aria-describedby", ids.trim_end());
    }
}

/// What an export button saves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Export {
    Png,
    Svg,
    Csv,
    Json,
    Numpy,
    Pytorch,
}

impl Export {
    fn code(self) -> &'static str {
        match self {
            Export::Png => "png",
            Export::Svg => "svg",
            Export::Csv => "csv",
            Export::Json => "json",
            Export::Numpy => "numpy",
            Export::Pytorch => "pytorch",
        }
    }

    /// The button's text: the format's name (the same in every language), or what is copied.
    fn label(self) -> Result<&'static str, Key> {
        match self {
            Export::Png => Ok("PNG"),
            Export::Svg => Ok("SVG"),
            Export::Csv => Ok("CSV"),
            Export::Json => Ok("JSON"),
            Export::Numpy => Err(Key::CopyNumpy),
            Export::Pytorch => Err(Key::CopyPytorch),
        }
    }
}

/// The export buttons at the end of a panel: PNG and SVG of its pictures everywhere; under the
/// heatmap also the matrix as CSV and JSON, and code that rebuilds it. The row ends with a
/// status line (`role=status`): why an SVG export failed, whether "copy as code" worked.
#[component]
pub fn ExportRow(panel: PanelId, section: NodeRef<leptos::html::Section>) -> impl IntoView {
    let lesson = use_lesson();
    let epoch = expect_context::<ViewportEpoch>();
    // What the last export or copy said, as a key: shown in whatever language is chosen.
    let status = RwSignal::new(None::<Key>);
    let anchor = panel.anchor();
    let exports: &[Export] = if panel == PanelId::Heatmap {
        &[
            Export::Png,
            Export::Svg,
            Export::Csv,
            Export::Json,
            Export::Numpy,
            Export::Pytorch,
        ]
    } else {
        &[Export::Png, Export::Svg]
    };
    let run = move |export: Export| {
        let Some(section) = section.get_untracked() else {
            return;
        };
        let section: Element = section.into();
        let params = lesson.params.get_untracked();
        let Params {
            length,
            d_model,
            base,
            layout,
            ..
        } = params;
        match export {
            Export::Png => save_png(section, epoch),
            Export::Svg => {
                status.set(None);
                record_svg(section, epoch, status);
            }
            Export::Csv => {
                let mut csv = Vec::new();
                if pe_matrix_csv(length, d_model, base, layout, &mut csv).is_ok() {
                    let csv = String::from_utf8_lossy(&csv);
                    save("pe-matrix.csv", "data:text/csv;charset=utf-8,", &csv);
                }
            }
            Export::Json => save(
                "pe-matrix.json",
                "data:application/json;charset=utf-8,",
                &pe_matrix_json(length, d_model, base, layout),
            ),
            Export::Numpy => copy_to_clipboard(
                &numpy_snippet(length, d_model, base, layout),
                status,
                Key::CodeCopied,
            ),
            Export::Pytorch => copy_to_clipboard(
                &pytorch_snippet(length, d_model, base, layout),
                status,
                Key::CodeCopied,
            ),
        }
    };
    view! {
        <div class="export-tools" role="group" aria-label=tr(Key::Export)>
            {exports
                .iter()
                .map(|&export| {
                    // Fourteen "PNG" buttons: each is described by its panel's title, so a
                    // screen reader going from button to button hears whose pictures it saves.
                    view! {
                        <button
                            type="button"
                            data-testid=format!("export-{}-{anchor}", export.code())
                            aria-describedby=format!("{anchor}-title")
                            on:click=move |_| run(export)
                        >
                            {Signal::derive(move || export.label().unwrap_or_else(|key| lesson.lang.get().t(key)))}
                        </button>
                    }
                })
                .collect_view()}
            <span class="share-status" role="status" data-testid=format!("export-status-{anchor}")>
                {Signal::derive(move || status.get().map(|key| lesson.lang.get().t(key)))}
            </span>
        </div>
    }
}

/// Every canvas redraws at twice the resolution, the panel's are combined and saved, then all
/// redraw as before (two frames: the redraw, then the capture).
fn save_png(panel: Element, epoch: ViewportEpoch) {
    set_export_scale(Some(EXPORT_SCALE));
    draw_off_screen_within(Some(panel.clone()));
    epoch.bump();
    request_animation_frame(move || {
        request_animation_frame(move || {
            save_panel_png(&panel);
            // Back at the screen's resolution, off-screen canvases of the panel included.
            set_export_scale(None);
            epoch.bump();
            request_animation_frame(|| draw_off_screen_within(None));
        })
    });
}

/// The script that turns a panel's drawing into SVG (assets/svg.js), loaded on first use: most
/// visitors never export, and its code stays out of their download until they do.
const SVG_SCRIPT: &str = "svg.js";

/// Saves the panel's canvases as one SVG. svg.js records their next drawing (the same code that
/// draws the screen, through a stand-in 2-D context) and offers the file; `redraw` makes them
/// draw, into the recording and then on screen again.
fn record_svg(panel: Element, epoch: ViewportEpoch, status: RwSignal<Option<Key>>) {
    // Called at once when svg.js is there, else when its loading ends: loaded, or not (offline
    // before the service worker kept it), which the panel's status line then says; the failed
    // script goes, and the next click tries again.
    let record = move |script: Option<Element>| {
        let record = js_sys::Reflect::get(&window(), &"peSvg".into()).ok();
        let record = record
            .as_ref()
            .and_then(|r| r.dyn_ref::<js_sys::Function>());
        status.set(record.is_none().then_some(Key::SvgFailed));
        match record {
            Some(record) => {
                // svg.js asks twice: to draw into its recording (off screen too), then for the
                // screen again.
                let recording = std::cell::Cell::new(true);
                let within = panel.clone();
                let redraw = Closure::<dyn Fn()>::new(move || {
                    draw_off_screen_within(recording.replace(false).then(|| within.clone()));
                    epoch.bump();
                });
                let _ = record.call2(&JsValue::NULL, &panel, &redraw.into_js_value());
            }
            None => {
                if let Some(script) = script {
                    script.remove();
                }
            }
        }
    };
    let loaded = js_sys::Reflect::has(&window(), &"peSvg".into()).unwrap_or(false);
    if loaded {
        record(None);
        return;
    }
    let Some(body) = document().body() else {
        return;
    };
    // Loading starts after this task, so the listeners added next hear its end.
    let Ok(script) = document().create_element("script") else {
        return;
    };
    let _ = script.set_attribute("src", SVG_SCRIPT);
    let _ = body.append_child(&script);
    let loading = script.clone();
    let on_done = Closure::once_into_js(move || record(Some(loading)));
    let _ = script.add_event_listener_with_callback("load", on_done.unchecked_ref());
    let _ = script.add_event_listener_with_callback("error", on_done.unchecked_ref());
}

/// Offers `body` as a download named `name`, through a `data:` address (`prefix` names its type).
fn save(name: &str, prefix: &str, body: &str) {
    let href = format!("{prefix}{}", js_sys::encode_uri_component(body));
    download_link(name, &href);
}

fn download_link(name: &str, href: &str) {
    let Ok(link) = document().create_element("a") else {
        return;
    };
    let _ = link.set_attribute("href", href);
    let _ = link.set_attribute("download", name);
    link.unchecked_into::<web_sys::HtmlElement>().click();
}

/// The panel's canvases stacked top to bottom on the panel's background (marker layers over
/// the canvas beneath them), saved as `pe-explorer-<panel>.png`.
fn save_panel_png(panel: &Element) -> Option<()> {
    let mut placed = Vec::new();
    let (mut width, mut height, mut top) = (0u32, 0u32, 0u32);
    for canvas in found(panel.query_selector_all("canvas")) {
        let canvas: HtmlCanvasElement = canvas.unchecked_into();
        if !canvas.class_name().contains("overlay") {
            top = height;
            height += canvas.height();
        }
        width = width.max(canvas.width());
        placed.push((canvas, top));
    }
    if width == 0 || height == 0 {
        return None;
    }
    let sheet: HtmlCanvasElement = document().create_element("canvas").ok()?.dyn_into().ok()?;
    sheet.set_width(width);
    sheet.set_height(height);
    let context = super::canvas::SizedCanvas::context_of(&sheet)?;
    // Drawings are transparent: paint what is behind them on the page.
    let background = window()
        .get_computed_style(panel)
        .ok()??
        .get_property_value("background-color")
        .ok()?;
    context.set_fill_style_str(&background);
    context.fill_rect(0.0, 0.0, width as f64, height as f64);
    for (canvas, top) in &placed {
        context
            .draw_image_with_html_canvas_element(canvas, 0.0, *top as f64)
            .ok()?;
    }
    download_link(
        &format!("pe-explorer-{}.png", panel.id()),
        &sheet.to_data_url().ok()?,
    );
    Some(())
}
