//! Export: every panel's pictures as one PNG at twice the screen's resolution, and the PE
//! matrix of the lesson as CSV, as JSON, or as NumPy / PyTorch code that rebuilds it.
//!
//! Plain DOM like the other classroom tools (see classroom.rs): the buttons are added to each
//! panel once, and the one delegated handler there calls [`run`].

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

use super::canvas::set_export_scale;
use crate::export::{numpy_snippet, pe_matrix_csv, pe_matrix_json, pytorch_snippet};
use crate::lesson::Params;

/// Resolution of an exported PNG, in device pixels per CSS pixel.
const EXPORT_SCALE: f64 = 2.0;

/// The export buttons' groups (to label in the lesson's language) and the heatmap's copy
/// buttons and status line.
pub struct ExportParts {
    pub groups: Vec<Element>,
    pub copy_numpy: Option<Element>,
    pub copy_pytorch: Option<Element>,
    pub status: Option<Element>,
}

/// Adds an export group to the end of every panel: PNG everywhere; the heatmap also offers the
/// matrix as CSV, JSON and code.
pub fn add_buttons(child: impl Fn(&Element, &str, &[(&str, &str)]) -> Element) -> ExportParts {
    let mut parts = ExportParts {
        groups: Vec::new(),
        copy_numpy: None,
        copy_pytorch: None,
        status: None,
    };
    let Ok(panels) = document().query_selector_all("section.panel") else {
        return parts;
    };
    for n in 0..panels.length() {
        let Some(panel) = panels.item(n).and_then(|p| p.dyn_into::<Element>().ok()) else {
            continue;
        };
        let id = panel.id();
        let group = child(
            &panel,
            "div",
            &[("class", "export-tools"), ("role", "group")],
        );
        let button = |action: &str, label: &str| {
            let testid = format!("export-{action}-{id}");
            let button = child(
                &group,
                "button",
                &[
                    ("type", "button"),
                    ("data-action", action),
                    ("data-testid", &testid),
                ],
            );
            button.set_text_content(Some(label));
            button
        };
        button("png", "PNG");
        if id == "heatmap" {
            button("csv", "CSV");
            button("json", "JSON");
            parts.copy_numpy = Some(button("numpy", ""));
            parts.copy_pytorch = Some(button("pytorch", ""));
            parts.status = Some(child(
                &group,
                "span",
                &[
                    ("class", "share-status"),
                    ("role", "status"),
                    ("data-testid", "export-status"),
                ],
            ));
        }
        parts.groups.push(group);
    }
    parts
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
    let canvases = panel.query_selector_all("canvas").ok()?;
    let mut placed = Vec::new();
    let (mut width, mut height, mut top) = (0u32, 0u32, 0u32);
    for n in 0..canvases.length() {
        let canvas: HtmlCanvasElement = canvases.item(n)?.dyn_into().ok()?;
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
