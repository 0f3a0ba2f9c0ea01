//! The export buttons and the page's half of an export: every panel's pictures as one PNG at
//! twice the screen's resolution or as one SVG, and the PE matrix of the lesson as CSV, as
//! JSON, or as NumPy / PyTorch code that rebuilds it. The other half, which makes the files, is
//! in the teacher's tools (src/ui/teacher/export.rs), loaded on the first export.

use leptos::prelude::*;
use web_sys::Element;

use super::canvas::{draw_off_screen_within, set_export_scale, ViewportEpoch};
use super::classroom::teacher_tools;
use super::context::{tr, use_lesson};
use super::dom::found;
use crate::i18n::{Key, Translate};
use crate::lesson::tools::{ExportFormat, ToolsCommand};
use crate::lesson::PanelId;

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

/// The export buttons at the end of a panel. Each hands the teacher's tools (loaded on the first
/// export: src/ui/teacher/export.rs) the command `export <code> <panel>`; they make the file
/// with the panel's title, legend and parameters, and write what happened (an SVG that could not
/// be made, code copied) into the row's status line (`role=status`).
#[component]
pub fn ExportRow(
    /// The panel whose pictures and numbers the buttons export.
    panel: PanelId,
) -> impl IntoView {
    let lang = use_lesson().lang;
    let anchor = panel.anchor();
    // Pictures everywhere; under the heatmap also the matrix and code that rebuilds it.
    let exports: &[ExportFormat] = if panel == PanelId::Heatmap {
        &ExportFormat::MATRIX
    } else {
        &ExportFormat::PICTURES
    };
    view! {
        <div class="export-tools" role="group" aria-label=tr(Key::Export)>
            {exports
                .iter()
                .map(|&format| {
                    // Fourteen "PNG" buttons: each is described by its panel's title, so a
                    // screen reader going from button to button hears whose pictures it saves.
                    view! {
                        <button
                            type="button"
                            data-testid=format!("export-{}-{anchor}", format.code())
                            aria-describedby=format!("{anchor}-title")
                            on:click=move |_| teacher_tools(&ToolsCommand::Export(format, panel))
                        >
                            // The format's name (the same in every language), or what is copied.
                            {move || match format {
                                ExportFormat::Numpy => lang.get().t(Key::CopyNumpy),
                                ExportFormat::Pytorch => lang.get().t(Key::CopyPytorch),
                                ExportFormat::Svg => "SVG",
                                ExportFormat::Csv => "CSV",
                                ExportFormat::Json => "JSON",
                                ExportFormat::Png => "PNG",
                            }}
                        </button>
                    }
                })
                .collect_view()}
            <span class="share-status" role="status" data-testid=format!("export-status-{anchor}")></span>
        </div>
    }
}

/// What the teacher's tools ask while they export `panel` (`PageRequest::Redraw`): draw the
/// panel's canvases again, off screen ones too, at `scale` device pixels per CSS pixel (2 for a
/// PNG, 1 for an SVG's recording); `0` puts every canvas back as it was.
pub fn redraw_for_export(scale: u8, panel: PanelId, epoch: ViewportEpoch) {
    let panel = document().get_element_by_id(panel.anchor());
    if scale > 0 {
        set_export_scale(Some(scale as f64));
        draw_off_screen_within(panel);
        epoch.bump();
    } else {
        set_export_scale(None);
        epoch.bump();
        request_animation_frame(|| draw_off_screen_within(None));
    }
}
