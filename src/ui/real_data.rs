//! Panel: the position and word tables of a trained model (all-MiniLM-L6-v2) beside the formula.
//!
//! The tables (430 KB) are not part of the app: they are fetched from the page's own origin the
//! first time this panel scrolls into view, so the first load and the bundle budget are
//! unaffected, and a failed download leaves every other panel working.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::app::{pick, tr, use_lesson};
use super::canvas::{now, paint_cells, redraw_on_frame, SizedCanvas, SERIES_COLORS};
use super::chart::{draw_line_chart, draw_square_matrix, LineChart, Series, Ticks};
use super::controls::ChoiceSelect;
use super::parts::{flag, live, Figure, Legend, LiveText, Note, Reading};
use crate::encoding::{
    cosine_after_adding, cosine_matrix, cosine_similarity, dot_product_curve,
    dot_product_matrix_sampled, fill_pe_matrix, mean_offset_cosines, pe_matrix_exact, pe_vector,
    Layout, PeScratch, RealTable, ShiftMapFit, TableError, MINILM_POSITIONS, MINILM_POSITION_FILE,
    MINILM_TOKENS, MINILM_WIDTH, MINILM_WORD_FILE,
};
use crate::i18n::{Key, Lang};
use crate::lesson::{Field, Params};
use crate::render::colormap::DivergingMap;
use crate::render::numbers::scientific;

/// Every 4th position in the similarity matrices: 128 × 128 cells, 3 M multiply-adds each.
const MATRIX_STRIDE: usize = 4;
/// The offset curve runs to half the table, where every offset still has 256 pairs to average.
const MAX_OFFSET: usize = 255;
/// Largest shift fitted: 512 − 64 = 448 pairs for 384 unknowns per dimension. Much further and
/// any table fits almost exactly, which would teach the wrong lesson.
const FIT_MAX_K: usize = 64;
/// Milliseconds of fitting per animation frame, leaving the rest of the frame for drawing.
const FIT_BUDGET_MS: f64 = 6.0;
/// The three word pairs compared: (first, second) slots of `Params::words`.
const WORD_PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

/// Why the tables are not there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum LoadError {
    Network,
    Http(u16),
    Damaged(TableError),
}

impl LoadError {
    fn describe(self, lang: Lang) -> String {
        match self {
            LoadError::Network => lang.t(Key::RealNetwork).to_string(),
            LoadError::Http(status) => lang
                .t(Key::RealHttp)
                .replace("{status}", &usize::from(status).to_string()),
            LoadError::Damaged(TableError::WrongLength { expected, got }) => lang
                .t(Key::RealWrongLength)
                .replace("{expected}", &expected.to_string())
                .replace("{got}", &got.to_string()),
            LoadError::Damaged(TableError::NotFinite { index }) => lang
                .t(Key::RealNotFinite)
                .replace("{index}", &index.to_string()),
        }
    }
}

/// The trained tables and what is drawn from them alone (computed once, at load).
struct RealModel {
    positions: RealTable,
    words: RealTable,
    kilobytes: usize,
    pictures: Arc<Pictures>,
    offsets: Vec<(f64, f64)>,
}

/// What the heatmap and similarity canvases draw of one table; one type for both tables, so
/// the four canvases share one compiled drawing routine.
struct Pictures {
    /// The table as f32, and its largest |value| (the colour scale).
    image: Vec<f32>,
    largest: f32,
    /// Cosine similarities of every `MATRIX_STRIDE`-th position.
    cosines: Vec<f32>,
}

impl Pictures {
    fn of(table: &[f64]) -> Pictures {
        let image: Vec<f32> = table.iter().map(|&v| v as f32).collect();
        let picks = sampled_positions();
        let mut cosines = vec![0.0; picks.len() * picks.len()];
        cosine_matrix(table, MINILM_WIDTH, &picks, &mut cosines);
        Pictures {
            largest: crate::render::heatmap::max_abs(&image),
            image,
            cosines,
        }
    }
}

#[derive(Clone)]
enum Tables {
    /// Not yet scrolled into view.
    Waiting,
    Loading,
    Failed(LoadError),
    Ready(Arc<RealModel>),
}

impl Tables {
    fn ready(&self) -> Option<Arc<RealModel>> {
        match self {
            Tables::Ready(model) => Some(model.clone()),
            _ => None,
        }
    }
}

/// The sinusoidal side at the same shape, for the lesson's base and layout: only what is drawn.
/// The exact f64 table (196 608 sines and cosines) is made by the shift fit when it starts, not
/// on every base change; the read-outs compute the two rows they need.
struct Sinusoidal {
    base: f64,
    layout: Layout,
    pictures: Arc<Pictures>,
    offsets: Vec<(f64, f64)>,
}

impl Sinusoidal {
    fn row(&self, position: usize) -> Vec<f64> {
        let mut row = vec![0.0; MINILM_WIDTH];
        pe_vector(position as f64, self.base, self.layout, &mut row);
        row
    }
}

fn sampled_positions() -> Vec<usize> {
    (0..MINILM_POSITIONS).step_by(MATRIX_STRIDE).collect()
}

fn model_from_bytes(positions: &[u8], words: &[u8]) -> Result<RealModel, TableError> {
    let positions = RealTable::from_f16_le(positions, MINILM_POSITIONS, MINILM_WIDTH)?;
    let words = RealTable::from_f16_le(words, MINILM_TOKENS.len(), MINILM_WIDTH)?;
    let offsets = mean_offset_cosines(
        positions.values(),
        MINILM_POSITIONS,
        MINILM_WIDTH,
        MAX_OFFSET,
    )
    .into_iter()
    .enumerate()
    .map(|(k, c)| (k as f64, c))
    .collect();
    Ok(RealModel {
        kilobytes: ((positions.values().len() + words.values().len()) * 2 + 512) / 1024,
        pictures: Arc::new(Pictures::of(positions.values())),
        positions,
        words,
        offsets,
    })
}

fn sinusoidal(base: f64, layout: Layout) -> Sinusoidal {
    // The fast f32 fill for the picture, and the similarity matrix from the offset curve: the
    // sinusoidal cosine depends only on the offset (the dot-product lesson), so 128 × 128
    // cells cost a look-up each instead of a 384-wide product.
    let mut image = vec![0.0f32; MINILM_POSITIONS * MINILM_WIDTH];
    fill_pe_matrix(
        MINILM_POSITIONS,
        MINILM_WIDTH,
        base,
        layout,
        &mut PeScratch::default(),
        &mut image,
    );
    let mut curve = vec![0.0; MINILM_POSITIONS];
    dot_product_curve(MINILM_WIDTH, base, &mut curve);
    // Every sinusoidal row has norm √(d/2), so the cosine is the dot product over d/2.
    let half = (MINILM_WIDTH / 2) as f64;
    curve.iter_mut().for_each(|c| *c /= half);
    let side = sampled_positions().len();
    let mut cosines = vec![0.0f32; side * side];
    dot_product_matrix_sampled(&curve, side, MATRIX_STRIDE, &mut cosines);
    Sinusoidal {
        base,
        layout,
        pictures: Arc::new(Pictures {
            image,
            largest: 1.0,
            cosines,
        }),
        offsets: curve[..=MAX_OFFSET]
            .iter()
            .enumerate()
            .map(|(k, c)| (k as f64, *c))
            .collect(),
    }
}

/// What one download ended with.
pub(super) type Download = Result<Vec<u8>, LoadError>;

/// Downloads a same-origin file and hands its bytes (or why not) to `done`. A plain
/// XMLHttpRequest with one callback: no promise executor in the bundle (the lesson texts come
/// the same way).
pub(super) fn download(path: &str, done: Rc<dyn Fn(Download)>) {
    let Ok(request) = web_sys::XmlHttpRequest::new() else {
        done(Err(LoadError::Network));
        return;
    };
    request.set_response_type(web_sys::XmlHttpRequestResponseType::Arraybuffer);
    let finished = {
        let request = request.clone();
        let done = done.clone();
        // `loadend` follows success, failure and abort alike, exactly once.
        Closure::<dyn FnMut()>::new(move || {
            done(match request.status().unwrap_or(0) {
                200 => request
                    .response()
                    .map(|body| js_sys::Uint8Array::new(&body).to_vec())
                    .map_err(|_| LoadError::Network),
                // No status: the request never reached a server (offline, blocked, aborted).
                0 => Err(LoadError::Network),
                status => Err(LoadError::Http(status)),
            })
        })
    };
    request.set_onloadend(Some(finished.as_ref().unchecked_ref()));
    // Called once per download, and a download happens once per page: a small, bounded leak.
    finished.forget();
    if request
        .open("GET", path)
        .and_then(|()| request.send())
        .is_err()
    {
        done(Err(LoadError::Network));
    }
}

/// Downloads both tables (side by side) and decodes them.
fn load(tables: RwSignal<Tables>) {
    tables.set(Tables::Loading);
    let parts: Rc<RefCell<[Option<Download>; 2]>> = Rc::default();
    for (slot, path) in [MINILM_POSITION_FILE, MINILM_WORD_FILE]
        .into_iter()
        .enumerate()
    {
        let parts = parts.clone();
        // Relative paths: the page's own origin and sub-path.
        download(
            path,
            Rc::new(move |result| {
                let mut parts = parts.borrow_mut();
                parts[slot] = Some(result);
                let [Some(positions), Some(words)] = &*parts else {
                    return;
                };
                let loaded = match (positions, words) {
                    (Ok(positions), Ok(words)) => model_from_bytes(positions, words)
                        .map(|model| Tables::Ready(Arc::new(model)))
                        .unwrap_or_else(|e| Tables::Failed(LoadError::Damaged(e))),
                    (Err(e), _) | (_, Err(e)) => Tables::Failed(*e),
                };
                tables.set(loaded);
            }),
        );
    }
}

/// Starts [`load`] the first time `section` is on screen.
fn load_when_shown(section: NodeRef<html::Section>, tables: RwSignal<Tables>) {
    Effect::new(move |observing: Option<bool>| {
        if observing == Some(true) {
            return true;
        }
        let Some(element) = section.get() else {
            return false;
        };
        let callback = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
            move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
                let shown = entries.iter().any(|entry| {
                    entry
                        .dyn_into::<web_sys::IntersectionObserverEntry>()
                        .is_ok_and(|e| e.is_intersecting())
                });
                if shown && matches!(tables.get_untracked(), Tables::Waiting) {
                    observer.disconnect();
                    load(tables);
                }
            },
        );
        if let Ok(observer) = web_sys::IntersectionObserver::new(callback.as_ref().unchecked_ref())
        {
            observer.observe(&element);
        }
        // The observer calls this for as long as the page lives; it is made once.
        callback.forget();
        true
    });
}

/// The shift fit, spread over animation frames so a slider never waits for it.
struct FitRunner {
    learned: ShiftMapFit,
    sinusoidal: ShiftMapFit,
    /// The exact sinusoidal table, made when its fit starts.
    sinusoidal_table: Vec<f64>,
    /// What each fit in progress is for: the learned one only restarts when k moves.
    learned_for: Option<usize>,
    sinusoidal_for: Option<(f64, Layout, usize)>,
    wanted: Option<FitInput>,
    /// The request at the previous frame. A fit restarts only once the request has held still
    /// for a frame, so a slider drag does not restart (and re-copy) it on every frame.
    previous: Option<FitInput>,
    running: bool,
}

#[derive(Clone)]
struct FitInput {
    model: Arc<RealModel>,
    base: f64,
    layout: Layout,
    k: usize,
}

impl FitInput {
    fn same(&self, other: &FitInput) -> bool {
        Arc::ptr_eq(&self.model, &other.model)
            && (self.base, self.layout, self.k) == (other.base, other.layout, other.k)
    }
}

/// The fit's state for the read-out: progress until both errors are known.
#[derive(Clone, Copy, PartialEq)]
struct FitResult {
    progress: f64,
    learned: Option<f64>,
    sinusoidal: Option<f64>,
}

fn fit_frame(runner: Rc<RefCell<FitRunner>>, result: RwSignal<FitResult>) {
    let start = now();
    {
        let mut run = runner.borrow_mut();
        let Some(wanted) = run.wanted.clone() else {
            run.running = false;
            return;
        };
        let settled = run.previous.as_ref().is_some_and(|p| p.same(&wanted));
        run.previous = Some(wanted.clone());
        let learned_stale = run.learned_for != Some(wanted.k);
        let sinusoidal_key = (wanted.base, wanted.layout, wanted.k);
        let sinusoidal_stale = run.sinusoidal_for != Some(sinusoidal_key);
        let size = (MINILM_POSITIONS, MINILM_WIDTH, wanted.k);
        if (learned_stale || sinusoidal_stale) && !settled {
            result.set(FitResult {
                progress: 0.0,
                learned: None,
                sinusoidal: None,
            });
        } else {
            if learned_stale {
                run.learned
                    .reset(wanted.model.positions.values(), size.0, size.1, size.2);
                run.learned_for = Some(wanted.k);
            }
            if sinusoidal_stale {
                let run = &mut *run;
                run.sinusoidal_table = pe_matrix_exact(size.0, size.1, wanted.base, wanted.layout);
                run.sinusoidal
                    .reset(&run.sinusoidal_table, size.0, size.1, size.2);
                run.sinusoidal_for = Some(sinusoidal_key);
            }
            while now() - start < FIT_BUDGET_MS {
                let run = &mut *run;
                let fit = if run.learned.relative_error().is_none() {
                    &mut run.learned
                } else {
                    &mut run.sinusoidal
                };
                if fit.step(2)
                    && fit.relative_error().is_some()
                    && run.sinusoidal.relative_error().is_some()
                {
                    break;
                }
            }
            result.set(FitResult {
                progress: (run.learned.progress() + run.sinusoidal.progress()) / 2.0,
                learned: run.learned.relative_error(),
                sinusoidal: run.sinusoidal.relative_error(),
            });
            if run.sinusoidal.relative_error().is_some() && run.learned.relative_error().is_some() {
                run.running = false;
                return;
            }
        }
    }
    request_animation_frame(move || fit_frame(runner, result));
}

/// The k the fit uses: the lesson's k within 1..=FIT_MAX_K.
fn fitted_shift(k: usize) -> usize {
    k.clamp(1, FIT_MAX_K)
}

fn three_decimals(value: f64) -> String {
    format!("{value:.3}")
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
    let inputs = pick(&[Field::Pos, Field::K, Field::Words]);
    let shape = pick(&[Field::Base, Field::Layout]);
    // Only once the tables are here: before that the panel draws nothing, and a base drag
    // elsewhere in the page costs nothing here.
    let sinusoidal_side = Memo::new(move |_| {
        model().is_some().then(|| {
            let Params { base, layout, .. } = shape.get();
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
                if learned {
                    model().map(|m| ByAddress(m.0.pictures.clone()))
                } else {
                    sinusoidal_side
                        .get()
                        .map(|s| ByAddress(s.0.pictures.clone()))
                }
            },
            move |element, pictures| {
                let (Some(pictures), Some(sized)) = (pictures, SizedCanvas::fit(element, 1.0))
                else {
                    return;
                };
                if heatmap {
                    paint_table(&sized, &pictures.0.image, pictures.0.largest);
                } else {
                    draw_square_matrix(&sized, &pictures.0.cosines, side, 1.0, &[]);
                }
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
                                color: SERIES_COLORS[0],
                                dots: false,
                            },
                            Series {
                                points: &model.0.offsets,
                                color: SERIES_COLORS[1],
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
        let Params { base, layout, .. } = shape.get();
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
    let fit_value = move |pick: fn(&FitResult) -> Option<f64>| -> LiveText {
        Box::new(move || {
            let result = fit_result.get();
            match pick(&result) {
                Some(error) => scientific(error, 2),
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
        let Params { pos, k, .. } = inputs.get();
        let last = MINILM_POSITIONS - 1;
        (pos.min(last), (pos + k).min(last))
    };
    // Each cell computes its own few 384-wide cosines (microseconds): no table of results to
    // keep in step.
    // One closure type for every cell and one for every row label, so each is compiled once.
    // Each cell reads only what it shows: the fixed pairs do not follow pos and k, the learned
    // and word-only cells do not follow the base, and only the sinusoidal cells build its rows.
    let cell = move |kind: Cell| -> LiveText {
        Box::new(move || {
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
    let label = move |pair: Option<(usize, usize)>, fixed: &'static str| -> LiveText {
        Box::new(move || match pair {
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
        <section class="panel" id="real-data" node_ref=section data-testid="panel-real-data" data-state=state aria-labelledby="real-data-title">
            <h2 id="real-data-title">{tr(Key::RealTitle)}</h2>
            <p>{tr(Key::RealText)}</p>
            <p class="note">{tr(Key::RealCredit)}</p>
            <p data-testid="real-status" role="status" class:notice=flag(Box::new(move || state() == "failed"))>{live(Box::new(status))}</p>
            <h3>{tr(Key::RealSidesTitle)}</h3>
            <div class="pair-of-canvases">
                <Figure node_ref=learned_heatmap testid="canvas-real-learned" caption=Key::RealLearnedHeatmap />
                <Figure node_ref=sinusoidal_heatmap testid="canvas-real-sinusoidal" caption=Key::RealSinusoidalHeatmap />
            </div>
            <p class="note">{tr(Key::RealColourScale)}</p>
            <div class="pair-of-canvases">
                <Figure node_ref=learned_cosines testid="canvas-real-learned-cosines" caption=Key::RealLearnedCosine />
                <Figure node_ref=sinusoidal_cosines testid="canvas-real-sinusoidal-cosines" caption=Key::RealSinusoidalCosine />
            </div>
            <Figure node_ref=offsets_canvas testid="canvas-real-offsets" caption=Key::RealOffsetCurve />
            <Legend keys=&[Key::SinusoidalName, Key::RealLearnedLegend] />
            <p class="note" data-testid="real-positions">{live(Box::new(positions_note))}</p>
            <table class="numbers-table">
                <HeaderRow keys=&[Key::RealPairColumn, Key::RealLearnedColumn, Key::SinusoidalName] />
                <tbody>
                    {position_row("cos(PE(10), PE(11))", "real-near", Some((10, 11)))}
                    {position_row("cos(PE(10), PE(100))", "real-far", Some((10, 100)))}
                    {position_row("cos(PE(p), PE(q))", "real-current", None)}
                </tbody>
            </table>
            <p>{tr(Key::RealAlike)}</p>
            <p>{tr(Key::RealFitText)}</p>
            <dl class="numbers">
                <Reading label=Key::RealFitShift testid="real-fit-k" value=Box::new(move || fit_k().to_string()) />
                <Reading label=Key::RealFitLearned testid="real-fit-learned" value=fit_value(|r| r.learned) />
                <Reading label=Key::RealFitSinusoidal testid="real-fit-sinusoidal" value=fit_value(|r| r.sinusoidal) />
            </dl>
            <Note testid="real-fit-note" text=Box::new(fit_note) />
            <h3>{tr(Key::RealWordsTitle)}</h3>
            <p>{tr(Key::RealWordsText)}</p>
            <div class="panel-controls">
                // Three pickers, each a plain fn pair (the shared select takes no closures).
                <ChoiceSelect testid="real-word-0".to_string() field=Field::Words label=Key::RealWordA choices=&MINILM_TOKENS
                    read=|p| p.words[0] write=|p, v| { p.words[0] = v; *p = p.clamped() } />
                <ChoiceSelect testid="real-word-1".to_string() field=Field::Words label=Key::RealWordB choices=&MINILM_TOKENS
                    read=|p| p.words[1] write=|p, v| { p.words[1] = v; *p = p.clamped() } />
                <ChoiceSelect testid="real-word-2".to_string() field=Field::Words label=Key::RealWordC choices=&MINILM_TOKENS
                    read=|p| p.words[2] write=|p, v| { p.words[2] = v; *p = p.clamped() } />
            </div>
            <table class="numbers-table" data-testid="real-words">
                <HeaderRow keys=&[Key::RealWordPair, Key::RealWordsAlone, Key::RealWithLearned, Key::RealWithSinusoidal, Key::RealWithScaled] />
                <tbody>{word_rows}</tbody>
            </table>
        </section>
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
pub fn NumberRow(label: LiveText, testid: &'static str, cells: Vec<LiveText>) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{live(label)}</th>
            {cells
                .into_iter()
                .enumerate()
                .map(|(column, value)| view! { <td data-testid=format!("{testid}-{column}")>{live(value)}</td> })
                .collect_view()}
        </tr>
    }
}

/// A table's column headings.
#[component]
pub fn HeaderRow(keys: &'static [Key]) -> impl IntoView {
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

/// A whole table as an image filling the canvas, coloured against ±`largest`.
fn paint_table(canvas: &SizedCanvas, image: &[f32], largest: f32) {
    let Some(context) = canvas.context() else {
        return;
    };
    let (width, height) = (canvas.width as f64, canvas.height as f64);
    context.clear_rect(0.0, 0.0, width, height);
    let _ = paint_cells(
        &context,
        image,
        (MINILM_POSITIONS, MINILM_WIDTH),
        largest.max(f32::MIN_POSITIVE),
        &DivergingMap::cool_warm(),
        (0.0, 0.0, width, height),
    );
}
