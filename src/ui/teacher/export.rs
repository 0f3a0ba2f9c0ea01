//! Exports, the half that makes the files (the page keeps the buttons: `ui::export_tools`). A
//! panel's pictures become one PNG at twice the screen's resolution or one SVG, each headed by
//! the panel's title, the parameters its pictures depend on and its legend, and named after
//! those parameters; the heatmap's matrix becomes CSV, JSON or NumPy / PyTorch code. Here rather
//! than in the page: students who never export never download this code (docs/bundle.md).
//!
//! The pictures are put together by `assets/export.js` (loaded on the first picture export),
//! which asks the page to draw the panel again at the export's resolution (`PageRequest::Redraw`
//! on the page's `pe-set-state` channel: `ui::export_tools::redraw_for_export`).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use super::send;
use crate::export::{numpy_snippet, pe_matrix_csv, pe_matrix_json, pytorch_snippet};
use crate::i18n::{Key, Translate};
use crate::lesson::query::field_value;
use crate::lesson::tools::{ExportFormat, PageRequest};
use crate::lesson::{Field, PanelId, Params};
use crate::ui::dom::download;

/// The script that puts a panel's pictures together, relative to the page.
const EXPORT_SCRIPT: &str = "export.js";

/// The parameters panel `panel`'s pictures depend on, in the URL's order.
fn fields(panel: PanelId) -> &'static [Field] {
    use Field::*;
    match panel {
        PanelId::WordOrder => &[Base, OrderPair, OrderPe],
        PanelId::Embedding => &[DModel, Sentence, Token, Scale, UnitInit],
        PanelId::Vector => &[DModel, Pos, Pair, Base, Layout],
        PanelId::Heatmap => &[DModel, Length, Pos, K, Pair, Base, Layout],
        PanelId::Waves => &[DModel, Length, Pos, K, Pair, Base, Layout, Dims],
        PanelId::Frequencies => &[DModel, Length, Pair, Base],
        PanelId::Rotation => &[DModel, Length, Pos, K, Pair, Base, Layout],
        PanelId::DotProduct => &[DModel, Length, Pos, K, Base],
        PanelId::AddConcat => &[DModel, Sentence, Scale, UnitInit, Amplitude, Projections],
        PanelId::Saturation => &[Base, Amplitude],
        PanelId::Extrapolation => &[DModel, Base, Layout, NTrain],
        PanelId::Rope => &[DModel, Length, Pair, Base, Layout, RopeM, RopeN],
        PanelId::Alibi => &[Length, Pos, Heads, Head],
        PanelId::RealData => &[Pos, K, Base, Layout, Words],
    }
}

/// The line printed under an exported picture's title: `d_model = 128 · length = 100 · …`.
///
/// ```
/// use pe_explorer::lesson::{PanelId, Params};
/// use pe_explorer::ui::teacher::export::parameters;
/// assert_eq!(parameters(PanelId::Alibi, &Params::default()), "length = 100 · pos = 10 · heads = 8 · head = 1");
/// ```
pub fn parameters(panel: PanelId, params: &Params) -> String {
    fields(panel)
        .iter()
        .map(|f| format!("{} = {}", f.symbol(), field_value(params, *f)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// An exported file's name, without its extension: the panel and its parameters, in characters
/// every file system takes.
///
/// ```
/// use pe_explorer::lesson::{PanelId, Params};
/// use pe_explorer::ui::teacher::export::file_name;
/// assert_eq!(file_name(PanelId::Alibi, &Params::default()), "pe-explorer-alibi-length100-pos10-heads8-head1");
/// ```
pub fn file_name(panel: PanelId, params: &Params) -> String {
    let mut name = format!("pe-explorer-{}", panel.anchor());
    for field in fields(panel) {
        let value: String = field_value(params, *field)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '+'
                }
            })
            .collect();
        name = name + "-" + field.symbol() + &value;
    }
    name
}

/// Makes `panel`'s file in `format` (an export button's `ToolsCommand::Export`).
pub fn run(format: ExportFormat, panel: PanelId, params: Params) {
    let (length, d_model, base, layout) =
        (params.length, params.d_model, params.base, params.layout);
    let status = move |key: Option<Key>| {
        let selector = format!("[data-testid=\"export-status-{}\"]", panel.anchor());
        if let Ok(Some(line)) = document().query_selector(&selector) {
            line.set_text_content(key.map(|k| params.lang.t(k)));
        }
    };
    match format {
        ExportFormat::Png | ExportFormat::Svg => pictures(format, panel, &params, status),
        ExportFormat::Csv => {
            let mut csv = Vec::new();
            if pe_matrix_csv(length, d_model, base, layout, &mut csv).is_ok() {
                let csv = String::from_utf8_lossy(&csv);
                download("pe-matrix.csv", "text/csv;charset=utf-8", &csv);
            }
        }
        ExportFormat::Json => download(
            "pe-matrix.json",
            "application/json;charset=utf-8",
            &pe_matrix_json(length, d_model, base, layout),
        ),
        ExportFormat::Numpy | ExportFormat::Pytorch => {
            let code = if format == ExportFormat::Numpy {
                numpy_snippet(length, d_model, base, layout)
            } else {
                pytorch_snippet(length, d_model, base, layout)
            };
            let promise = window().navigator().clipboard().write_text(&code);
            leptos::task::spawn_local(async move {
                let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                status(Some(if copied {
                    Key::CodeCopied
                } else {
                    Key::CopyFailed
                }));
            });
        }
    }
}

use leptos::prelude::{document, window};

/// Hands the panel to export.js (loading it first): `peExport(panel, kind, parameters, name,
/// redraw)`, where `redraw(scale)` asks the page to draw the panel's canvases at `scale` (0: as
/// before). If the script cannot be fetched (offline before the service worker kept it), the
/// panel's status line says so; the failed script goes, and the next click tries again.
fn pictures(
    kind: ExportFormat,
    panel: PanelId,
    params: &Params,
    status: impl Fn(Option<Key>) + 'static,
) {
    let details = (parameters(panel, params), file_name(panel, params));
    let anchor = panel.anchor();
    let export = move |script: Option<web_sys::Element>| {
        let export = js_sys::Reflect::get(&window(), &"peExport".into()).ok();
        let export = export
            .as_ref()
            .and_then(|f| f.dyn_ref::<js_sys::Function>());
        status(export.is_none().then_some(Key::SvgFailed));
        let (Some(export), Some(section)) = (export, document().get_element_by_id(anchor)) else {
            if let Some(script) = script {
                script.remove();
            }
            return;
        };
        let redraw = Closure::<dyn Fn(u8)>::new(move |scale: u8| {
            let request = PageRequest::Redraw { scale, panel };
            send(super::SET_STATE_EVENT, &request.encode());
        });
        let arguments = js_sys::Array::of5(
            &section,
            &JsValue::from_str(kind.code()),
            &JsValue::from_str(&details.0),
            &JsValue::from_str(&details.1),
            &redraw.into_js_value(),
        );
        let _ = export.apply(&JsValue::NULL, &arguments);
    };
    if js_sys::Reflect::has(&window(), &"peExport".into()).unwrap_or(false) {
        export(None);
        return;
    }
    let (Ok(script), Some(body)) = (document().create_element("script"), document().body()) else {
        return;
    };
    let _ = script.set_attribute("src", &crate::ui::net::site_file(EXPORT_SCRIPT));
    let _ = body.append_child(&script);
    let loading = script.clone();
    // Loading starts after this task, so the listeners added next hear its end.
    let on_done = Closure::once_into_js(move || export(Some(loading)));
    let _ = script.add_event_listener_with_callback("load", on_done.unchecked_ref());
    let _ = script.add_event_listener_with_callback("error", on_done.unchecked_ref());
}
