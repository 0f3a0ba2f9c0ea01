//! Panel: the position and word tables of a trained model (all-MiniLM-L6-v2) beside the formula.
//!
//! The tables are not part of the app: they are fetched from the page's own origin the first
//! time this panel scrolls into view (`loading`), so a failed download leaves every other panel
//! working. The shift fit runs over frames (`fit`); the pictures are made by the pure
//! `render::real_model`.

mod fit;
mod loading;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;

use self::fit::{fit_frame, fitted_shift, FitInput, FitResult, FitRunner};
use self::loading::{load_when_shown, Tables};
use super::canvas::{redraw_on_frame, series_color, SizedCanvas};
use super::chart::{draw_line_chart, draw_square_matrix, LineChart, MatrixChart, Series, Ticks};
use super::context::{tr, use_lesson};
use super::controls::ChoiceSelect;
use super::panel::Panel;
use super::parts::{Figure, Legend, Note, PageText, Reading};
use crate::encoding::real_data::MINILM_SHIFT_HELD_OUT;
use crate::encoding::{
    cosine_after_adding, cosine_similarity, ShiftMapFit, MINILM_POSITIONS, MINILM_TOKENS,
    MINILM_WIDTH,
};
use crate::i18n::{Key, Translate};
use crate::lesson::{Field, PanelId};
use crate::render::heatmap::ClippedScale;
use crate::render::real_model::{sampled_positions, sinusoidal, MAX_OFFSET};

/// The three word pairs compared: (first, second) slots of `Params::words`.
const WORD_PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

fn three_decimals(value: f64) -> String {
    format!("{value:.3}")
}

/// What the fit and the word comparison read from the lesson state.
#[derive(Clone, Copy, PartialEq)]
struct FitInputs {
    pos: usize,
    k: usize,
    words: [usize; 3],
}

#[component]
pub fn RealDataPanel() -> impl IntoView {
    let lesson = use_lesson();
    let tables = RwSignal::new(Tables::Waiting);
    let section = NodeRef::<html::Section>::new();
    load_when_shown(section, tables);

    // Not a memo: the load state changes two or three times in a page's life.
    let model = move || tables.with(Tables::ready).map(ByAddress);
    // The fit's k, p and q, and the words compared.
    let params = lesson.params;
    let inputs = Memo::new(move |_| {
        params.with(|p| FitInputs {
            pos: p.pos,
            k: p.k,
            words: p.words,
        })
    });
    let shape = Memo::new(move |_| params.with(|p| (p.base, p.layout)));
    // Only once the tables are here: before that the panel draws nothing, and a base drag
    // elsewhere in the page costs nothing here.
    let sinusoidal_side = Memo::new(move |_| {
        model().is_some().then(|| {
            let (base, layout) = shape.get();
            ByAddress(Arc::new(sinusoidal(base, layout)))
        })
    });

    let learned_heatmap = NodeRef::<html::Canvas>::new();
    let sinusoidal_heatmap = NodeRef::<html::Canvas>::new();
    let learned_cosines = NodeRef::<html::Canvas>::new();
    let sinusoidal_cosines = NodeRef::<html::Canvas>::new();
    let offsets_canvas = NodeRef::<html::Canvas>::new();
    let side = sampled_positions().len();
    for (canvas, learned, heatmap) in [
        (learned_heatmap, true, true),
        (sinusoidal_heatmap, false, true),
        (learned_cosines, true, false),
        (sinusoidal_cosines, false, false),
    ] {
        redraw_on_frame(
            canvas,
            // Each canvas follows only its own table: a base drag leaves the learned ones be.
            move || {
                let pictures = if learned {
                    model().map(|m| ByAddress(m.0.pictures.clone()))
                } else {
                    sinusoidal_side
                        .get()
                        .map(|s| ByAddress(s.0.pictures.clone()))
                };
                (pictures, lesson.lang.get())
            },
            move |element, (pictures, lang)| {
                let (Some(pictures), Some(sized)) = (pictures, SizedCanvas::fit(element, 1.0))
                else {
                    return;
                };
                let picture = &pictures.0;
                let chart = if heatmap {
                    // The table itself: positions down, dimensions across.
                    MatrixChart {
                        values: &picture.image,
                        rows: MINILM_POSITIONS,
                        cols: MINILM_WIDTH,
                        scale: picture.scale.limit.max(f32::MIN_POSITIVE),
                        guides: &[],
                        last: (MINILM_POSITIONS - 1, MINILM_WIDTH - 1),
                        x_desc: lang.t(Key::AxisDimension),
                        y_desc: lang.t(Key::AxisPositionPlain),
                        non_negative: false,
                        names: &[],
                    }
                } else {
                    let last = (side - 1) * crate::render::real_model::MATRIX_STRIDE;
                    MatrixChart {
                        values: &picture.cosines,
                        rows: side,
                        cols: side,
                        scale: 1.0,
                        guides: &[],
                        last: (last, last),
                        x_desc: lang.t(Key::AxisPositionN),
                        y_desc: lang.t(Key::AxisPositionM),
                        non_negative: false,
                        names: &[],
                    }
                };
                draw_square_matrix(&sized, &chart);
            },
        );
    }
    redraw_on_frame(
        offsets_canvas,
        move || (model(), sinusoidal_side.get(), lesson.lang.get()),
        |element, (model, sinusoidal, lang)| {
            let (Some(model), Some(sinusoidal)) = (model, sinusoidal) else {
                return;
            };
            if let Some(sized) = SizedCanvas::fit(element, 0.5) {
                draw_line_chart(
                    &sized,
                    &LineChart {
                        x: 0.0..MAX_OFFSET as f64,
                        y: -0.25..1.05,
                        x_desc: lang.t(Key::AxisShift),
                        y_desc: "cos",
                        series: &[
                            Series {
                                points: &sinusoidal.0.offsets,
                                color: series_color(0),
                                dots: false,
                            },
                            Series {
                                points: &model.0.offsets,
                                color: series_color(1),
                                dots: false,
                            },
                        ],
                        guides: &[],
                        marks: &[],
                        x_ticks: Ticks::Whole,
                        ..Default::default()
                    },
                );
            }
        },
    );

    // The shift fit follows k (within 1..=64), the tables and the sinusoidal side.
    let fit_result = RwSignal::new(FitResult {
        progress: 0.0,
        learned: None,
        sinusoidal: None,
    });
    // A closure, not a memo: the effect below compares what it asks for with the fit running.
    let fit_k = move || fitted_shift(inputs.get().k);
    let runner = Rc::new(RefCell::new(FitRunner {
        learned: ShiftMapFit::new(),
        sinusoidal: ShiftMapFit::new(),
        sinusoidal_table: Vec::new(),
        learned_for: None,
        sinusoidal_for: None,
        wanted: None,
        previous: None,
        running: false,
    }));
    Effect::new(move |_| {
        let Some(model) = model() else {
            return;
        };
        let (base, layout) = shape.get();
        let wanted = FitInput {
            model: model.0,
            base,
            layout,
            k: fit_k(),
        };
        let mut run = runner.borrow_mut();
        // pos and the words share the memo k comes from: when both fits are already for this
        // request, a pos move costs this comparison and nothing else.
        let done_for = |run: &FitRunner| {
            run.learned_for == Some(wanted.k)
                && run.sinusoidal_for == Some((wanted.base, wanted.layout, wanted.k))
        };
        if !run.running && done_for(&run) {
            return;
        }
        run.wanted = Some(wanted);
        if !run.running {
            run.running = true;
            let runner = runner.clone();
            request_animation_frame(move || fit_frame(runner, fit_result));
        }
    });
    let fit_value = move |pick: fn(&FitResult) -> Option<f64>| {
        Signal::derive(move || {
            let result = fit_result.get();
            match pick(&result) {
                Some(error) => format!("{error:.2e}"),
                None => lesson.lang.get().t(Key::RealFitting).replace(
                    "{percent}",
                    &((result.progress * 100.0) as usize).to_string(),
                ),
            }
        })
    };
    let fit_note = move || {
        let k = inputs.get().k;
        let used = fitted_shift(k);
        if k == used {
            return String::new();
        }
        lesson
            .lang
            .get()
            .t(Key::RealFitClamped)
            .replace("{k}", &k.to_string())
            .replace("{used}", &used.to_string())
    };

    // p and q: the lesson's pos and pos + k, inside the table.
    let positions = move || {
        let FitInputs { pos, k, .. } = inputs.get();
        let last = MINILM_POSITIONS - 1;
        (pos.min(last), (pos + k).min(last))
    };
    // Each cell computes its own few 384-wide cosines (microseconds): no table of results to
    // keep in step.
    // Each cell reads only what it shows: the fixed pairs do not follow pos and k, the learned
    // and word-only cells do not follow the base, and only the sinusoidal cells build its rows.
    let cell = move |kind: Cell| {
        Signal::derive(move || {
            let sinusoidal_rows = |p: usize, q: usize| {
                sinusoidal_side.with(|s| s.as_ref().map(|s| (s.0.row(p), s.0.row(q))))
            };
            let value = model().and_then(|m| match kind {
                Cell::Positions(pair, learned) => {
                    let (p, q) = pair.unwrap_or_else(positions);
                    if learned {
                        Some(cosine_similarity(
                            m.0.positions.row(p),
                            m.0.positions.row(q),
                        ))
                    } else {
                        sinusoidal_rows(p, q).map(|(a, b)| cosine_similarity(&a, &b))
                    }
                }
                Cell::Words(pair, column) => {
                    let words = inputs.get().words;
                    let (a, b) = (m.0.words.row(words[pair.0]), m.0.words.row(words[pair.1]));
                    if column == 0 {
                        return Some(cosine_similarity(a, b));
                    }
                    let (p, q) = positions();
                    if column == 1 {
                        let (at_p, at_q) = (m.0.positions.row(p), m.0.positions.row(q));
                        return Some(cosine_after_adding((a, at_p), (b, at_q), 1.0));
                    }
                    let scale = if column == 2 {
                        1.0
                    } else {
                        (MINILM_WIDTH as f64).sqrt()
                    };
                    sinusoidal_rows(p, q)
                        .map(|(at_p, at_q)| cosine_after_adding((a, &at_p), (b, &at_q), scale))
                }
            });
            value.map_or_else(|| "–".to_string(), three_decimals)
        })
    };
    let label = move |pair: Option<(usize, usize)>, fixed: &'static str| {
        Signal::derive(move || match pair {
            Some((a, b)) => {
                let words = inputs.get().words;
                format!("{} / {}", MINILM_TOKENS[words[a]], MINILM_TOKENS[words[b]])
            }
            None => fixed.to_string(),
        })
    };
    let position_row = move |text: &'static str,
                             testid: &'static str,
                             pair: Option<(usize, usize)>| {
        view! {
            <NumberRow
                label=label(None, text)
                testid=testid
                cells=vec![cell(Cell::Positions(pair, true)), cell(Cell::Positions(pair, false))]
            />
        }
    };
    let word_rows = WORD_PAIRS
        .iter()
        .enumerate()
        .map(|(row, &pair)| {
            view! {
                <NumberRow
                    label=label(Some(pair), "")
                    testid=WORD_ROW_IDS[row]
                    cells=(0..4).map(|c| cell(Cell::Words(pair, c))).collect()
                />
            }
        })
        .collect_view();

    let status = move || {
        let lang = lesson.lang.get();
        tables.with(|t| match t {
            Tables::Waiting => lang.t(Key::RealWaiting).to_string(),
            Tables::Loading => lang.t(Key::RealLoading).to_string(),
            Tables::Failed(error) => lang
                .t(Key::RealFailed)
                .replace("{reason}", &error.describe(lang)),
            Tables::Ready(model) => lang
                .t(Key::RealReady)
                .replace("{kb}", &model.kilobytes.to_string()),
        })
    };
    let state = move || {
        tables.with(|t| match t {
            Tables::Waiting => "waiting",
            Tables::Loading => "loading",
            Tables::Failed(_) => "failed",
            Tables::Ready(_) => "ready",
        })
    };
    // The learned table's colour scale, with the numbers computed from it once it is here.
    let colour_scale = move || {
        let lang = lesson.lang.get();
        match model() {
            Some(m) => colour_scale_text(lang.t(Key::RealColourScale), &m.0.pictures.scale),
            None => lang.t(Key::RealColourScaleWaiting).to_string(),
        }
    };
    let positions_note = move || {
        let (p, q) = positions();
        lesson
            .lang
            .get()
            .t(Key::RealPositions)
            .replace("{p}", &p.to_string())
            .replace("{q}", &q.to_string())
    };

    view! {
        <Panel id=PanelId::RealData node_ref=section state=state>
            <p class="note"><PageText key=Key::RealCredit /></p>
            <p class="note" data-testid="real-caveat"><PageText key=Key::RealRawTables /></p>
            <p data-testid="real-status" role="status" class:notice=move || state() == "failed">{status}</p>
            <h3>{tr(Key::RealSidesTitle)}</h3>
            <div class="pair-of-canvases">
                <Figure node_ref=learned_heatmap aspect=1.0 testid="canvas-real-learned" caption=Key::RealLearnedHeatmap />
                <Figure node_ref=sinusoidal_heatmap aspect=1.0 testid="canvas-real-sinusoidal" caption=Key::RealSinusoidalHeatmap />
            </div>
            <p
                class="note colour-scale"
                data-testid="real-colour-scale"
                data-limit=move || model().map(|m| f64::from(m.0.pictures.scale.limit).to_string())
            >
                <span>{colour_scale}</span>
            </p>
            <div class="pair-of-canvases">
                <Figure node_ref=learned_cosines aspect=1.0 testid="canvas-real-learned-cosines" caption=Key::RealLearnedCosine />
                <Figure node_ref=sinusoidal_cosines aspect=1.0 testid="canvas-real-sinusoidal-cosines" caption=Key::RealSinusoidalCosine />
            </div>
            <Figure node_ref=offsets_canvas aspect=0.5 testid="canvas-real-offsets" caption=Key::RealOffsetCurve />
            <Legend keys=&[Key::SinusoidalName, Key::RealLearnedLegend] />
            <p class="note" data-testid="real-positions">{positions_note}</p>
            <table class="numbers-table" tabindex="0">
                <HeaderRow keys=&[Key::RealPairColumn, Key::RealLearnedColumn, Key::SinusoidalName] />
                <tbody>
                    {position_row("cos(PE(10), PE(11))", "real-near", Some((10, 11)))}
                    {position_row("cos(PE(10), PE(100))", "real-far", Some((10, 100)))}
                    {position_row("cos(PE(p), PE(q))", "real-current", None)}
                </tbody>
            </table>
            <p><PageText key=Key::RealAlike /></p>
            <p><PageText key=Key::RealFitText /></p>
            <dl class="numbers" data-readout="real-fit">
                <Reading label=Key::RealFitShift testid="real-fit-k" value={Signal::derive(move || fit_k().to_string())} />
                <Reading label=Key::RealFitLearned testid="real-fit-learned" value=fit_value(|r| r.learned) />
                <Reading label=Key::RealFitHeldOut testid="real-fit-held-out" value={Signal::derive(move || format!("{:.2e}", MINILM_SHIFT_HELD_OUT[fit_k() - 1]))} />
                <Reading label=Key::RealFitSinusoidal testid="real-fit-sinusoidal" value=fit_value(|r| r.sinusoidal) />
            </dl>
            <Note testid="real-fit-note" text=fit_note />
            <h3>{tr(Key::RealWordsTitle)}</h3>
            <p><PageText key=Key::RealWordsText /></p>
            <div class="panel-controls">
                // Three pickers, each a plain fn pair (the shared select takes no closures).
                <ChoiceSelect testid="real-word-0".to_string() field=Field::Words label=Key::RealWordA choices=&MINILM_TOKENS
                    read=|p| p.words[0] write=|p, v| { p.words[0] = v; *p = p.clamped() } />
                <ChoiceSelect testid="real-word-1".to_string() field=Field::Words label=Key::RealWordB choices=&MINILM_TOKENS
                    read=|p| p.words[1] write=|p, v| { p.words[1] = v; *p = p.clamped() } />
                <ChoiceSelect testid="real-word-2".to_string() field=Field::Words label=Key::RealWordC choices=&MINILM_TOKENS
                    read=|p| p.words[2] write=|p, v| { p.words[2] = v; *p = p.clamped() } />
            </div>
            <table class="numbers-table" tabindex="0" data-testid="real-words">
                <HeaderRow keys=&[Key::RealWordPair, Key::RealWordsAlone, Key::RealWithLearned, Key::RealWithSinusoidal, Key::RealWithScaled] />
                <tbody>{word_rows}</tbody>
            </table>
        </Panel>
    }
}

/// What a table cell shows: the cosine of two positions (fixed, or p and q when `None`) in the
/// learned or the sinusoidal table; or column c of the word table for a pair of word slots.
#[derive(Clone, Copy)]
enum Cell {
    Positions(Option<(usize, usize)>, bool),
    Words((usize, usize), usize),
}

/// Test ids of the word table's rows; cell c of row r is `real-sim-r-c`.
const WORD_ROW_IDS: [&str; 3] = ["real-sim-0", "real-sim-1", "real-sim-2"];

/// A table row: a heading cell, then one number per cell (test ids `{testid}-{column}`).
#[component]
pub fn NumberRow(
    /// The row's heading cell.
    label: Signal<String>,
    /// The row's cells' `data-testid` prefix.
    testid: &'static str,
    /// The numbers, one a cell.
    cells: Vec<Signal<String>>,
) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{label}</th>
            {cells
                .into_iter()
                .enumerate()
                .map(|(column, value)| view! { <td data-testid=format!("{testid}-{column}")>{value}</td> })
                .collect_view()}
        </tr>
    }
}

/// A table's column headings.
#[component]
pub fn HeaderRow(
    /// The columns' headings.
    keys: &'static [Key],
) -> impl IntoView {
    view! {
        <thead>
            <tr>{keys.iter().map(|&key| view! { <th scope="col">{tr(key)}</th> }).collect_view()}</tr>
        </thead>
    }
}

/// A memo value compared by address: a new table is a new value, without comparing 200 000
/// numbers each time a memo asks whether it changed.
struct ByAddress<T>(Arc<T>);

impl<T> Clone for ByAddress<T> {
    fn clone(&self) -> Self {
        ByAddress(self.0.clone())
    }
}

impl<T> PartialEq for ByAddress<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The colour note's `template` with the learned table's scale filled in: the limit, how many
/// cells are beyond it and what share of the table they are, and the largest |value| and its
/// position.
fn colour_scale_text(template: &str, scale: &ClippedScale) -> String {
    let share = 100.0 * scale.clipped as f64 / scale.total.max(1) as f64;
    template
        .replace("{limit}", &format!("{:.3}", f64::from(scale.limit)))
        .replace("{clipped}", &scale.clipped.to_string())
        .replace("{share}", &format!("{share:.1}%"))
        .replace("{largest}", &format!("{:.2}", f64::from(scale.largest)))
        .replace("{row}", &(scale.largest_at / MINILM_WIDTH).to_string())
}
