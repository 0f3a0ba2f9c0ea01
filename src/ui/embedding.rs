//! Panel: the input path of one token: table row → × √d_model → + PE(pos) → first layer.

use leptos::html;
use leptos::prelude::*;

use super::canvas::{css_color, paint_cells, redraw_on_frame, SizedCanvas, ThemeColors};
use super::classroom::LabSlot;
use super::context::{tr, use_lesson, Restriction};
use super::controls::SentenceSelect;
use super::panel::Panel;
use super::parts::{Figure, Reading};
use crate::encoding::{
    embedding_scale, input_path, tokenize, EmbeddingTable, InputPath, Layout, DEMO_SENTENCES,
    VOCABULARY,
};
use crate::i18n::{Key, Translate};
use crate::lesson::{Field, Lang, PanelId, Params};
use crate::render::colormap::DivergingMap;
use crate::render::heatmap::max_abs;

/// Columns drawn of the table and the strips: the first dimensions, where PE changes fastest.
const SHOWN_DIMS: usize = 64;

#[derive(PartialEq)]
struct Lookup {
    words: Vec<&'static str>,
    /// Position of the chosen token in its sentence.
    pos: usize,
    id: usize,
    scale: f64,
    path: InputPath,
}

/// What the lookup reads from the lesson state (the table itself follows d_model alone).
#[derive(Clone, Copy, PartialEq)]
struct LookupInputs {
    sentence: usize,
    token: usize,
    scale_on: bool,
    base: f64,
    layout: Layout,
}

#[component]
pub fn EmbeddingPanel() -> impl IntoView {
    let lesson = use_lesson();
    let params = lesson.params;
    let d_model = Memo::new(move |_| params.with(|p| p.d_model));
    let init = Memo::new(move |_| params.with(Params::embedding_init));
    let table = Memo::new(move |_| {
        std::sync::Arc::new(EmbeddingTable::seeded_with(d_model.get(), init.get()))
    });
    let inputs = Memo::new(move |_| {
        params.with(|p| LookupInputs {
            sentence: p.sentence_shown(),
            token: p.token,
            scale_on: p.scale_embedding,
            base: p.base,
            layout: p.layout,
        })
    });
    let lookup = Memo::new(move |_| {
        let LookupInputs {
            sentence,
            token,
            scale_on,
            base,
            layout,
        } = inputs.get();
        let table = table.get();
        let sentence_text = DEMO_SENTENCES[sentence];
        let ids = tokenize(sentence_text).unwrap_or_default();
        let id = ids.get(token).copied().unwrap_or(0);
        let scale = if scale_on {
            embedding_scale(table.d_model())
        } else {
            1.0
        };
        std::sync::Arc::new(Lookup {
            words: ids.iter().map(|&i| VOCABULARY[i]).collect(),
            pos: token,
            id,
            scale,
            path: input_path(&table, id, token, scale, base, layout),
        })
    });

    let table_canvas = NodeRef::<html::Canvas>::new();
    let path_canvas = NodeRef::<html::Canvas>::new();
    // The panel is near the screen once this canvas is: time for the labs its link opened.
    let labs_near = redraw_on_frame(
        table_canvas,
        move || (table.get(), lookup.get().id, lesson.lang.get()),
        |element, (table, id, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                draw_table(&sized, table, *id, *lang);
            }
        },
    );
    redraw_on_frame(
        path_canvas,
        move || (lookup.get(), lesson.lang.get()),
        move |element, (lookup, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.3) {
                draw_path(&sized, &lookup.path, *lang);
            }
        },
    );

    let set = move |field: Field, value: f64| params.update(|p| *p = p.with(field, value));
    let first = |values: &[f64]| {
        values
            .iter()
            .take(4)
            .map(|v| format!("{v:.6}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let row_of = move |pick: fn(&InputPath) -> &Vec<f64>| {
        Signal::derive(move || lookup.with(|l| first(pick(&l.path))))
    };
    view! {
        <Panel id=PanelId::Embedding>
            <div class="panel-controls">
                <SentenceSelect testid="select-embed-sentence" />
            </div>
            <fieldset class="chips" hidden=Restriction::of(Field::Token).hidden() data-hide-as=Restriction::of(Field::Token).hide_as() disabled=Restriction::of(Field::Token).disabled() title=Restriction::of(Field::Token).title() aria-label=tr(Key::EmbedToken)>
                {move || {
                    let chosen = params.get().token;
                    let colon = lesson.lang.get().colon();
                    lookup
                        .get()
                        .words
                        .iter()
                        .enumerate()
                        .map(|(n, word)| {
                            view! {
                                <button
                                    type="button"
                                    class="chip"
                                    data-testid=format!("embed-token-{n}")
                                    aria-pressed=(n == chosen).to_string()
                                    on:click=move |_| { set(Field::Token, n as f64); }
                                >
                                    {format!("{n}{colon}{word}")}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </fieldset>
            <Figure node_ref=table_canvas aspect=0.5 testid="canvas-embed-table" caption=Key::EmbedTable />
            <Figure node_ref=path_canvas aspect=0.3 testid="canvas-embed-path" caption=Key::EmbedStrips />
            <dl class="numbers">
                <Reading label=Key::EmbedId testid="embed-id" value={Signal::derive(move || lookup.with(|l| format!("{} (pos {})", l.id, l.pos)))} />
                <Reading label=Key::EmbedScaleValue testid="embed-scale" value={Signal::derive(move || format!("{:.6}", lookup.with(|l| l.scale)))} />
                <Reading label=Key::EmbedRow testid="embed-row" value=row_of(|p| &p.embedding) />
                <Reading label=Key::EmbedScaled testid="embed-scaled" value=row_of(|p| &p.scaled) />
                <Reading label=Key::EmbedPosition testid="embed-pe" value=row_of(|p| &p.position) />
                <Reading label=Key::EmbedInput testid="embed-input" value=row_of(|p| &p.input) />
            </dl>
            <LabSlot panel=PanelId::Embedding near=labs_near />
        </Panel>
    }
}

/// The table's first columns, one row per vocabulary word, with the looked-up row outlined.
fn draw_table(canvas: &SizedCanvas, table: &EmbeddingTable, id: usize, lang: Lang) -> Option<()> {
    let context = canvas.context()?;
    let (w, h) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, w, h);
    let cols = table.d_model().min(SHOWN_DIMS);
    let rows = VOCABULARY.len();
    let values: Vec<f32> = (0..rows)
        .flat_map(|r| table.row(r)[..cols].iter().map(|v| *v as f32))
        .collect();
    let scale = max_abs(&values);
    let label_width = canvas.font_px(64.0);
    let f = canvas.font_px(12.0);
    // Room at the right for the colour bar, below for the axis title.
    let (left, width) = (label_width, w - label_width - 6.5 * f);
    let h = h - 1.8 * f;
    paint_cells(
        &context,
        &values,
        (rows, cols),
        scale,
        &DivergingMap::cool_warm(),
        (left, 0.0, width, h),
    )?;
    super::chart::colour_bar(canvas, (left + width + 0.8 * f, 0.0, h), scale)?;
    let axis = canvas.label_context(&ThemeColors::current())?;
    axis.set_text_baseline("top");
    axis.fill_text(
        &lang
            .t(Key::AxisFirstDimensions)
            .replace("{n}", &cols.to_string()),
        left,
        h + 0.3 * f,
    )
    .ok()?;
    let colors = ThemeColors::current();
    let row_height = h / rows as f64;
    let top = id as f64 * row_height;
    context.set_stroke_style_str(&css_color(colors.second));
    context.set_line_width(canvas.font_px(2.5));
    context.stroke_rect(left, top, width, row_height);
    context.set_fill_style_str(&css_color(colors.text));
    context.set_font(&format!("{}px sans-serif", canvas.font_px(13.0)));
    context.set_text_align("right");
    context.set_text_baseline("middle");
    // Within the chart, and never a panic on a chart too small for the label (`clamp` panics
    // when its bounds cross).
    let y = (top + row_height / 2.0)
        .min(h - canvas.font_px(8.0))
        .max(canvas.font_px(8.0));
    context
        .fill_text(
            &format!("{} →", VOCABULARY[id]),
            left - canvas.font_px(4.0),
            y,
        )
        .ok()
}

/// Four strips, top to bottom: E\[id\], scale·E\[id\], PE(pos), their sum; one colour scale for all.
fn draw_path(canvas: &SizedCanvas, path: &InputPath, lang: Lang) -> Option<()> {
    let context = canvas.context()?;
    let (w, h) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, w, h);
    let cols = path.input.len().min(SHOWN_DIMS);
    let values: Vec<f32> = [&path.embedding, &path.scaled, &path.position, &path.input]
        .iter()
        .flat_map(|v| v[..cols].iter().map(|x| *x as f32))
        .collect();
    let scale = max_abs(&values);
    let f = canvas.font_px(12.0);
    // The strips' names at the left (s is the scale the switch applies: √d_model or 1), the
    // colour bar at the right, the axis title below.
    let label_width = 7.0 * f;
    let (width, h) = (w - label_width - 6.5 * f, h - 1.8 * f);
    paint_cells(
        &context,
        &values,
        (4, cols),
        scale,
        &DivergingMap::cool_warm(),
        (label_width, 0.0, width, h),
    )?;
    super::chart::colour_bar(canvas, (label_width + width + 0.8 * f, 0.0, h), scale)?;
    let labels = canvas.label_context(&ThemeColors::current())?;
    labels.set_text_baseline("middle");
    for (n, name) in ["E[id]", "s·E[id]", "PE(pos)", "s·E[id] + PE(pos)"]
        .iter()
        .enumerate()
    {
        labels
            .fill_text(name, 0.2 * f, (n as f64 + 0.5) * h / 4.0)
            .ok()?;
    }
    labels.set_text_baseline("top");
    labels
        .fill_text(
            &lang
                .t(Key::AxisFirstDimensions)
                .replace("{n}", &cols.to_string()),
            label_width,
            h + 0.3 * f,
        )
        .ok()
}
