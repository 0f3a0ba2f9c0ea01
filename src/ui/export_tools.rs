//! Export: every panel's pictures as one PNG at twice the screen's resolution or as one SVG,
//! and the PE matrix of the lesson as CSV, as JSON, or as NumPy / PyTorch code that rebuilds it.
//!
//! Plain DOM like the other classroom tools (see classroom.rs): the buttons are added to each
//! panel once, and the one delegated handler there calls [`run`].

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement};

use super::canvas::set_export_scale;
use super::dom::{child, found};
use crate::export::{numpy_snippet, pe_matrix_csv, pe_matrix_json, pytorch_snippet};
use crate::i18n::Key;
use crate::lesson::Params;

/// Resolution of an exported PNG, in device pixels per CSS pixel.
const EXPORT_SCALE: f64 = 2.0;

/// The export buttons' groups (to label in the lesson's language; each ends with its status
/// line) and the heatmap's copy buttons and status line.
pub struct ExportParts {
    pub groups: Vec<Element>,
    pub copy_numpy: Option<Element>,
    pub copy_pytorch: Option<Element>,
    pub status: Option<Element>,
}

/// Adds an export group to the end of every panel: PNG everywhere; the heatmap also offers the
/// matrix as CSV, JSON and code.
pub fn add_buttons() -> ExportParts {
    let mut parts = ExportParts {
        groups: Vec::new(),
        copy_numpy: None,
        copy_pytorch: None,
        status: None,
    };
    for panel in found(document().query_selector_all("section.panel")) {
        let id = panel.id();
        describe_charts(&panel, &id);
        let group = child(
            &panel,
            "div",
            &[("class", "export-tools"), ("role", "group")],
        );
        // Fourteen "PNG" buttons: each is described by its panel's title, so a screen reader
        // going from button to button hears whose pictures it saves.
        let title = panel.get_attribute("aria-labelledby").unwrap_or_default();
        let button = |action: &str, label: &str| {
            let testid = format!("export-{action}-{id}");
            let button = child(
                &group,
                "button",
                &[
                    ("type", "button"),
                    ("data-action", action),
                    ("data-testid", &testid),
                    ("aria-describedby", &title),
                ],
            );
            button.set_text_content(Some(label));
            button
        };
        button("png", "PNG");
        button("svg", "SVG");
        if id == "heatmap" {
            button("csv", "CSV");
            button("json", "JSON");
            parts.copy_numpy = Some(button("numpy", ""));
            parts.copy_pytorch = Some(button("pytorch", ""));
        }
        // Every group ends with its status line: what went wrong with an SVG export, and under
        // the heatmap whether "copy as code" worked.
        let status = child(
            &group,
            "span",
            &[
                ("class", "share-status"),
                ("role", "status"),
                ("data-testid", &format!("export-status-{id}")),
            ],
        );
        if id == "heatmap" {
            parts.status = Some(status);
        }
        parts.groups.push(group);
    }
    parts
}

/// The printed text of a panel that says what its charts show: the explanation under the title,
/// then the read-outs (numbers, legends and result lines, which follow every change). A browser
/// without `:has` (before Firefox 121, Safari 15.4) rejects the whole selector, and its charts
/// keep their names only.
const CHART_TEXTS: &str =
    "h2 + p, .numbers, .readout, .legend, .rotation-numbers, .costs, p:has(> strong)";

/// Gives every chart of `panel` a text alternative beyond its name: the canvases are described
/// (`aria-describedby`) by the panel's [`CHART_TEXTS`], so a screen reader reads the same
/// summary and current numbers that a sighted reader sees beside the drawing.
fn describe_charts(panel: &Element, id: &str) {
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

/// Carries out an export `action` started in `panel`; code goes to the clipboard through
/// `copy`, which reports in the heatmap's status line.
pub fn run(
    action: &str,
    panel: Element,
    params: Params,
    redraw: WriteSignal<u32>,
    copy: impl Fn(&str),
) {
    let Params {
        length,
        d_model,
        base,
        layout,
        ..
    } = params;
    match action {
        "png" => {
            // Every canvas redraws at twice the resolution, the panel's are combined and saved,
            // then all redraw as before (two frames: the redraw, then the capture).
            set_export_scale(Some(EXPORT_SCALE));
            redraw.update(|e| *e = e.wrapping_add(1));
            request_animation_frame(move || {
                request_animation_frame(move || {
                    save_panel_png(&panel);
                    set_export_scale(None);
                    redraw.update(|e| *e = e.wrapping_add(1));
                })
            });
        }
        "svg" => record_svg(panel, redraw, params.lang.t(Key::SvgFailed)),
        "csv" => {
            let mut csv = Vec::new();
            if pe_matrix_csv(length, d_model, base, layout, &mut csv).is_ok() {
                let csv = String::from_utf8_lossy(&csv);
                save("pe-matrix.csv", "data:text/csv;charset=utf-8,", &csv);
            }
        }
        "json" => {
            let json = pe_matrix_json(length, d_model, base, layout);
            save(
                "pe-matrix.json",
                "data:application/json;charset=utf-8,",
                &json,
            );
        }
        "numpy" => copy(&numpy_snippet(length, d_model, base, layout)),
        "pytorch" => copy(&pytorch_snippet(length, d_model, base, layout)),
        _ => {}
    }
}

/// The script that turns a panel's drawing into SVG (assets/svg.js), loaded on first use: most
/// visitors never export, and its code stays out of their download until they do.
const SVG_SCRIPT: &str = "svg.js";

/// Saves the panel's canvases as one SVG. svg.js records their next drawing (the same code that
/// draws the screen, through a stand-in 2-D context) and offers the file; `redraw` makes them
/// draw, into the recording and then on screen again.
fn record_svg(panel: Element, redraw: WriteSignal<u32>, failed: &'static str) {
    // Called at once when svg.js is there, else when its loading ends: loaded, or not (offline
    // before the service worker kept it), which the panel's status line then says; the failed
    // script goes, and the next click tries again.
    let record = move |script: Option<Element>| {
        let status = panel
            .query_selector(".export-tools > [role=status]")
            .ok()
            .flatten();
        let record = js_sys::Reflect::get(&window(), &"peSvg".into()).ok();
        let record = record
            .as_ref()
            .and_then(|r| r.dyn_ref::<js_sys::Function>());
        if let Some(status) = &status {
            status.set_text_content(record.is_none().then_some(failed));
        }
        match record {
            Some(record) => {
                let redraw =
                    Closure::<dyn Fn()>::new(move || redraw.update(|e| *e = e.wrapping_add(1)));
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
    let script = child(&body, "script", &[("src", SVG_SCRIPT)]);
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
