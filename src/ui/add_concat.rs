//! Panel: adding versus concatenating a word's embedding and its position's encoding.

use leptos::html;
use leptos::prelude::*;

use crate::lesson::chapters::{anchor_href, Page};
use wasm_bindgen::Clamped;
use web_sys::ImageData;

use super::canvas::{
    canvas_height, css_color, redraw_on_frame, series_color, SizedCanvas, ThemeColors, CANVAS_WIDTH,
};
use super::chart::{draw_line_chart, LineChart};
use super::context::{tr, use_lesson, Restriction};
use super::controls::SentenceSelect;
use super::controls::{field_control, SwitchBox};
use super::math::{Formula, Math};
use super::panel::Panel;
use super::parts::{Legend, PageText};
use crate::encoding::{
    add_cost, add_vectors, concat_cost, concat_vectors, cosine_similarity, embedding_scale,
    pe_vector, position_share, projected_score_terms, score_terms, sentence_inputs, tokenize,
    CombineCost, EmbeddingTable, Layout, Projections, ScoreTerms, DEMO_SENTENCES, VOCABULARY,
};
use crate::i18n::{Key, Lang, Translate};
use crate::lesson::{Field, PanelId, Params};
use crate::render::colormap::DivergingMap;
use crate::render::heatmap::{fill_rgba, max_abs};

/// What the panel reads from the lesson state.
#[derive(Clone, Copy, PartialEq)]
struct CombineInputs {
    d_model: usize,
    base: f64,
    sentence: usize,
    token: usize,
    scale_embedding: bool,
    amplitude: f64,
    projections: bool,
}

/// How far the shift table moves the pair: positions (m + s, n + s) for each s.
const SHIFTS: [usize; 4] = [0, 10, 20, 40];

/// One row of the shift table: the same two words at positions (m, n), moved together.
#[derive(Clone, PartialEq)]
struct ShiftRow {
    shift: usize,
    m: usize,
    n: usize,
    terms: ScoreTerms,
}

/// Everything the panel shows, computed from the core in one memo.
#[derive(Clone, PartialEq)]
struct CombineView {
    words: Vec<&'static str>,
    token: usize,
    embedding: Vec<f64>,
    position: Vec<f64>,
    sum: Vec<f64>,
    concat: Vec<f64>,
    share: f64,
    /// cos(x, p): the cross term 2x·p that the share leaves out, relative to the two norms.
    cross_cosine: f64,
    /// The score of the chosen token (as query) with every token of the sentence (as key).
    terms: Vec<ScoreTerms>,
    /// The chosen token (query) and its neighbour (key) at every shift of [`SHIFTS`].
    shifted: Vec<ShiftRow>,
    /// The key's index in the sentence.
    key: usize,
    add: CombineCost,
    concat_cost: CombineCost,
}

#[component]
pub fn AddConcatPanel() -> impl IntoView {
    let lesson = use_lesson();
    let course_page = use_context::<Page>().unwrap_or_default();
    let params = lesson.params;
    let d_model = Memo::new(move |_| params.with(|p| p.d_model));
    let init = Memo::new(move |_| params.with(Params::embedding_init));
    // The table depends on d_model and its initialisation only: moving the amplitude must not
    // redraw 43 × d normals.
    let table = Memo::new(move |_| EmbeddingTable::seeded_with(d_model.get(), init.get()));
    // Drawn only while the box is ticked: 2 × d_model × 64 normals.
    let projections = Memo::new(move |_| {
        params
            .with(|p| p.projections)
            .then(|| Projections::seeded(d_model.get()))
    });
    // Only what this panel shows: moving pos, k or i must not recompute it.
    let inputs = Memo::new(move |_| {
        params.with(|p| CombineInputs {
            d_model: p.d_model,
            base: p.base,
            sentence: p.sentence_shown(),
            token: p.token,
            scale_embedding: p.scale_embedding,
            amplitude: p.amplitude,
            projections: p.projections,
        })
    });
    let view_data = Memo::new(move |_| {
        let CombineInputs {
            d_model: d,
            base,
            sentence,
            token,
            scale_embedding,
            amplitude,
            ..
        } = inputs.get();
        let scale = if scale_embedding {
            embedding_scale(d)
        } else {
            1.0
        };
        table.with(|table| {
            projections.with(|w| {
                combine_view(
                    table,
                    w.as_ref(),
                    CombineSettings {
                        d,
                        base,
                        sentence,
                        token,
                        scale,
                        amplitude,
                    },
                )
            })
        })
    });
    let strips = NodeRef::<html::Canvas>::new();
    let scores = NodeRef::<html::Canvas>::new();
    redraw_on_frame(
        strips,
        move || (view_data.get(), lesson.lang.get()),
        |element, (v, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.32) {
                draw_strips(&sized, v, *lang);
            }
        },
    );
    redraw_on_frame(
        scores,
        move || (view_data.get(), lesson.lang.get()),
        |element, (v, lang)| {
            if let Some(sized) = SizedCanvas::fit(element, 0.4) {
                draw_scores(&sized, v, *lang);
            }
        },
    );

    let t = move |key: Key| lesson.lang.get().t(key);
    let set = move |field: Field, value: f64| params.update(|p| *p = p.with(field, value));
    let verdict = move || {
        let share = view_data.get().share;
        t(if share > 0.8 {
            Key::ShareDrownsMeaning
        } else if share < 0.2 {
            Key::ShareDrownsPosition
        } else {
            Key::ShareBalanced
        })
    };
    view! {
        <Panel id=PanelId::AddConcat>
            <Formula markup=Signal::derive(move || {
                if params.with(|p| p.scale_embedding) { Math::CombineScaled } else { Math::CombineUnscaled }
            }) />
            <div class="panel-controls">
                <SentenceSelect testid="select-sentence" />
                <label hidden=Restriction::of(Field::Token).hidden() data-hide-as=Restriction::of(Field::Token).hide_as()>
                    {tr(Key::TokenLabel)}
                    <select
                        data-testid="select-token"
                        disabled=Restriction::of(Field::Token).disabled() title=Restriction::of(Field::Token).title()
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<usize>() {
                                set(Field::Token, v as f64);
                            }
                        }
                        prop:value=move || params.get().token.to_string()
                    >
                        {move || {
                            let colon = lesson.lang.get().colon();
                            view_data
                                .get()
                                .words
                                .into_iter()
                                .enumerate()
                                .map(|(n, w)| view! { <option value=n.to_string()>{format!("{n}{colon}{w}")}</option> })
                                .collect_view()
                        }}
                    </select>
                </label>
                <SwitchBox field=Field::Scale testid="toggle-scale" read=|p| p.scale_embedding />
                <SwitchBox field=Field::UnitInit testid="toggle-unit-init" read=|p| p.unit_init />
                {field_control(Field::Amplitude, None)}
            </div>
            <div class="chart-box">
                <canvas node_ref=strips width=CANVAS_WIDTH height=canvas_height(0.32) data-testid="canvas-add-concat" role="img" aria-label=tr(Key::CombineTitle)></canvas>
            </div>
            <table class="costs" data-testid="combine-costs">
                <thead>
                    <tr><td></td><th>{tr(Key::WidthLabel)}</th><th>{tr(Key::ProjectionLabel)}</th></tr>
                </thead>
                <tbody>
                    <tr>
                        <th scope="row">{tr(Key::RowSum)}</th>
                        <td data-testid="add-width">{Signal::derive(move || view_data.get().add.width.to_string())}</td>
                        <td data-testid="add-params">{Signal::derive(move || view_data.get().add.projection_parameters.to_string())}</td>
                    </tr>
                    <tr>
                        <th scope="row">{tr(Key::RowConcat)}</th>
                        <td data-testid="concat-width">{Signal::derive(move || view_data.get().concat_cost.width.to_string())}</td>
                        <td data-testid="concat-params">{Signal::derive(move || view_data.get().concat_cost.projection_parameters.to_string())}</td>
                    </tr>
                </tbody>
            </table>
            <p data-testid="position-share">
                {tr(Key::ShareLabel)}
                <strong>{Signal::derive(move || format!("{:.0}%", 100.0 * view_data.get().share))}</strong>
                " — " {Signal::derive(move || verdict().to_string())}
            </p>
            <p data-testid="cross-cosine">
                {tr(Key::CrossCosine)}
                <strong>{Signal::derive(move || format!("{:.3}", view_data.get().cross_cosine))}</strong>
            </p>
            <p class="note" data-testid="cross-note"><PageText key=Key::CrossNote /></p>
            <p class="note" data-testid="scale-reason"><PageText key=Key::ScaleReason /></p>
            <h3>{tr(Key::ScoreTitle)}</h3>
            <SwitchBox field=Field::Projections testid="toggle-projections" read=|p| p.projections />
            <Formula markup=Signal::derive(move || {
                if params.with(|p| p.projections) { Math::ProjectedScore } else { Math::Score }
            }) />
            <canvas node_ref=scores width=CANVAS_WIDTH height=canvas_height(0.4) data-testid="canvas-score-terms" role="img" aria-label=tr(Key::ScoreTitle)></canvas>
            <Legend keys=&[Key::TermCc, Key::TermCp, Key::TermPc, Key::TermPp] />
            <h3>{tr(Key::ShiftTitle)}</h3>
            <p data-testid="shift-pair">
                {Signal::derive(move || {
                    view_data.with(|v| {
                        let colon = lesson.lang.get().colon();
                        format!(
                            "{}{colon}{} · {}{colon}{} · m − n = {}",
                            t(Key::ShiftQuery),
                            v.words[v.token],
                            t(Key::ShiftKey),
                            v.words[v.key],
                            v.token as i64 - v.key as i64,
                        )
                    })
                })}
            </p>
            <div class="shift-table" tabindex="0" role="group" aria-label=tr(Key::ShiftTitle)>
                <table class="costs" data-testid="shift-terms">
                    <thead>
                        <tr>
                            // The formula's symbols: narrow enough for a phone, the same in
                            // every language (the sentence below names p·p in words).
                            <th>"s"</th>
                            <th>"(m, n)"</th>
                            <th>"x·x"</th>
                            <th>"x·p"</th>
                            <th>"p·x"</th>
                            <th>"p·p"</th>
                        </tr>
                    </thead>
                    <tbody>
                        // A fixed set of rows: only their numbers follow the state.
                        {SHIFTS
                            .iter()
                            .enumerate()
                            .map(|(r, &shift)| {
                                let row = move || view_data.with(|v| v.shifted[r].clone());
                                let cell = move |term: fn(&ScoreTerms) -> f64| {
                                    let x = move || term(&row().terms);
                                    view! {
                                        <td data-value=move || x().to_string()>
                                            {Signal::derive(move || format!("{:.2}", x()))}
                                        </td>
                                    }
                                };
                                view! {
                                    <tr data-testid=format!("shift-row-{shift}")>
                                        <th scope="row">{shift}</th>
                                        <td>{Signal::derive(move || { let row = row(); format!("({}, {})", row.m, row.n) })}</td>
                                        {cell(|t| t.content_content)}
                                        {cell(|t| t.content_position)}
                                        {cell(|t| t.position_content)}
                                        {cell(|t| t.position_position)}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
            <p data-testid="shift-verdict">
                <span hidden=move || !params.with(|p| p.projections)>
                    <PageText key=Key::ShiftDiffers />" "<a href=move || anchor_href("rope", course_page, &lesson.params.get())>{tr(Key::RopeTitle)}</a>"."
                </span>
                <span hidden=move || params.with(|p| p.projections)><PageText key=Key::ShiftSame /></span>
            </p>
        </Panel>
    }
}

/// The panel's numbers besides the table and the projections.
struct CombineSettings {
    d: usize,
    base: f64,
    sentence: usize,
    token: usize,
    /// The factor the word vector is multiplied by: √d_model or 1.
    scale: f64,
    amplitude: f64,
}

/// Computes everything the panel shows from the core; the score goes through `projections`
/// when there are some.
fn combine_view(
    table: &EmbeddingTable,
    projections: Option<&Projections>,
    settings: CombineSettings,
) -> CombineView {
    let CombineSettings {
        d,
        base,
        sentence,
        token,
        scale,
        amplitude,
    } = settings;
    let ids = tokenize(DEMO_SENTENCES[sentence]).unwrap_or_default();
    let x = sentence_inputs(&ids, table, scale, 0.0, base);
    let pe = sentence_inputs(&ids, table, 0.0, amplitude, base);
    let row = |m: &[f64], t: usize| m[t * d..(t + 1) * d].to_vec();
    let token = token.min(ids.len().saturating_sub(1));
    let (embedding, position) = (row(&x, token), row(&pe, token));
    let mut sum = vec![0.0; d];
    add_vectors(&embedding, &position, &mut sum);
    let mut concat = vec![0.0; 2 * d];
    concat_vectors(&embedding, &position, &mut concat);
    let split = |x_m: &[f64], p_m: &[f64], x_n: &[f64], p_n: &[f64]| match projections {
        Some(w) => projected_score_terms(w, x_m, p_m, x_n, p_n),
        None => score_terms(x_m, p_m, x_n, p_n),
    };
    let terms = (0..ids.len())
        .map(|u| split(&embedding, &position, &row(&x, u), &row(&pe, u)))
        .collect();
    // The key is the word before the query (after it, for the first word).
    let key = if token > 0 {
        token - 1
    } else {
        1.min(ids.len().saturating_sub(1))
    };
    let key_word = row(&x, key);
    let encoding_at = |pos: usize| {
        let mut p = vec![0.0; d];
        pe_vector(pos as f64, base, Layout::Interleaved, &mut p);
        p.iter_mut().for_each(|v| *v *= amplitude);
        p
    };
    let shifted = SHIFTS
        .iter()
        .map(|&shift| {
            let (m, n) = (token + shift, key + shift);
            ShiftRow {
                shift,
                m,
                n,
                terms: split(&embedding, &encoding_at(m), &key_word, &encoding_at(n)),
            }
        })
        .collect();
    CombineView {
        words: ids.iter().map(|id| VOCABULARY[*id]).collect(),
        token,
        key,
        share: position_share(&embedding, &position),
        cross_cosine: cosine_similarity(&embedding, &position),
        embedding,
        position,
        sum,
        concat,
        terms,
        shifted,
        add: add_cost(d),
        concat_cost: concat_cost(d, d),
    }
}

/// Four strips (embedding, PE, sum: d cells; concatenation: 2d cells), one colour per value,
/// on a shared scale so their magnitudes compare.
fn draw_strips(canvas: &SizedCanvas, v: &CombineView, lang: Lang) -> Option<()> {
    let colors = ThemeColors::current();
    let d = v.embedding.len();
    let rows: [(&[f64], Key); 4] = [
        (&v.embedding, Key::RowEmbedding),
        (&v.position, Key::RowPosition),
        (&v.sum, Key::RowSum),
        (&v.concat, Key::RowConcat),
    ];
    let all: Vec<f32> = rows
        .iter()
        .flat_map(|(r, _)| r.iter().map(|x| *x as f32))
        .collect();
    let scale = max_abs(&all).max(1e-9);
    let map = DivergingMap::cool_warm();
    let width = 2 * d;
    let mut pixels = vec![0.0f32; width * rows.len()];
    for (n, (row, _)) in rows.iter().enumerate() {
        for (slot, x) in pixels[n * width..].iter_mut().zip(row.iter()) {
            *slot = *x as f32;
        }
    }
    let mut rgba = Vec::new();
    fill_rgba(&pixels, scale, &map, &mut rgba);
    // Cells past a strip's width stay transparent.
    for (n, (row, _)) in rows.iter().enumerate() {
        for px in row.len()..width {
            rgba[(n * width + px) * 4 + 3] = 0;
        }
    }
    let image = document().create_element("canvas").ok()?;
    let image: web_sys::HtmlCanvasElement = wasm_bindgen::JsCast::dyn_into(image).ok()?;
    image.set_width(width as u32);
    image.set_height(rows.len() as u32);
    let data = ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&rgba),
        width as u32,
        rows.len() as u32,
    )
    .ok()?;
    SizedCanvas::context_of(&image)?
        .put_image_data(&data, 0.0, 0.0)
        .ok()?;

    let context = canvas.label_context(&colors)?;
    context.clear_rect(0.0, 0.0, canvas.width as f64, canvas.height as f64);
    context.set_image_smoothing_enabled(false);
    context.set_text_baseline("middle");
    let label_width = canvas.font_px(150.0);
    let f = canvas.font_px(12.0);
    // Room at the right for the colour bar, below for the axis title.
    let strip_width = canvas.width as f64 - label_width - 7.0 * f;
    let strips_height = canvas.height as f64 - 1.6 * f;
    let row_height = strips_height / rows.len() as f64;
    for (n, (row, key)) in rows.iter().enumerate() {
        let y = n as f64 * row_height + row_height * 0.2;
        let w = strip_width * row.len() as f64 / width as f64;
        context
            .draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
                &image,
                0.0,
                n as f64,
                row.len() as f64,
                1.0,
                label_width,
                y,
                w,
                row_height * 0.6,
            )
            .ok()?;
        let label = format!("{} ({})", lang.t(*key), row.len());
        context
            .fill_text(&label, canvas.font_px(2.0), y + row_height * 0.3)
            .ok()?;
    }
    context.set_text_baseline("top");
    context
        .fill_text(
            lang.t(Key::AxisDimension),
            label_width,
            strips_height + 0.2 * f,
        )
        .ok()?;
    super::chart::colour_bar(
        canvas,
        (
            label_width + strip_width + f,
            row_height * 0.2,
            strips_height - row_height * 0.4,
        ),
        scale,
    )
}

/// Grouped bars: for each key token, the four terms of its score with the chosen query token.
fn draw_scores(canvas: &SizedCanvas, v: &CombineView, lang: Lang) -> Option<()> {
    let colors = ThemeColors::current();
    let n = v.terms.len().max(1);
    let values: Vec<[f64; 4]> = v
        .terms
        .iter()
        .map(|t| {
            [
                t.content_content,
                t.content_position,
                t.position_content,
                t.position_position,
            ]
        })
        .collect();
    let (lo, hi) = values
        .iter()
        .flatten()
        .fold((0.0f64, 0.0f64), |(lo, hi), x| (lo.min(*x), hi.max(*x)));
    let pad = 0.1 * (hi - lo).max(1e-9);
    let (bottom, top) = (lo - pad, hi + pad);
    let rect = draw_line_chart(
        canvas,
        &LineChart {
            x: 0.0..n as f64,
            y: bottom..top,
            x_desc: lang.t(Key::AxisKeyWord),
            y_desc: lang.t(Key::AxisScore),
            x_labels: usize::MAX,
            no_x_grid: true,
            ..Default::default()
        },
    )?;
    let context = canvas.label_context(&colors)?;
    // One label under each group of four bars, below the axis where bars never reach (tick
    // labels would skip some words).
    context.set_text_align("center");
    context.set_text_baseline("top");
    let below = rect.top + rect.height + canvas.font_px(6.0);
    for (u, word) in v.words.iter().enumerate() {
        let x = rect.x_of(u as f64 + 0.5, 0.0, n as f64);
        context.fill_text(word, x, below).ok()?;
    }
    let zero = rect.y_of(0.0, bottom, top);
    for (u, terms) in values.iter().enumerate() {
        for (j, value) in terms.iter().enumerate() {
            let x0 = rect.x_of(u as f64 + 0.1 + 0.2 * j as f64, 0.0, n as f64);
            let x1 = rect.x_of(u as f64 + 0.28 + 0.2 * j as f64, 0.0, n as f64);
            let y = rect.y_of(*value, bottom, top);
            // The chosen token's own bars at full strength, the others a little lighter.
            context.set_global_alpha(if u == v.token { 1.0 } else { 0.75 });
            context.set_fill_style_str(&css_color(series_color(j)));
            context.fill_rect(x0, y.min(zero), (x1 - x0).max(1.0), (y - zero).abs());
        }
    }
    context.set_global_alpha(1.0);
    Some(())
}
