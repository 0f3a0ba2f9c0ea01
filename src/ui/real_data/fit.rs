//! The shift fit of the real-data panel (is PE(p + k) a linear map of PE(p)?), run a few
//! milliseconds per animation frame so that no slider waits for it.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;

use super::super::canvas::now;
use crate::encoding::{pe_matrix_exact, Layout, ShiftMapFit, MINILM_POSITIONS, MINILM_WIDTH};
use crate::render::real_model::RealModel;

/// Largest shift fitted: 512 − 64 = 448 pairs for 384 unknowns per dimension. Much further and
/// any table fits almost exactly, which would teach the wrong lesson.
const FIT_MAX_K: usize = 64;
/// Milliseconds of fitting per animation frame, leaving the rest of the frame for drawing.
const FIT_BUDGET_MS: f64 = 6.0;

/// The shift fit, spread over animation frames so a slider never waits for it.
pub struct FitRunner {
    pub learned: ShiftMapFit,
    pub sinusoidal: ShiftMapFit,
    /// The exact sinusoidal table, made when its fit starts.
    pub sinusoidal_table: Vec<f64>,
    /// What each fit in progress is for: the learned one only restarts when k moves.
    pub learned_for: Option<usize>,
    pub sinusoidal_for: Option<(f64, Layout, usize)>,
    pub wanted: Option<FitInput>,
    /// The request at the previous frame. A fit restarts only once the request has held still
    /// for a frame, so a slider drag does not restart (and re-copy) it on every frame.
    pub previous: Option<FitInput>,
    pub running: bool,
}

#[derive(Clone)]
pub struct FitInput {
    pub model: Arc<RealModel>,
    pub base: f64,
    pub layout: Layout,
    pub k: usize,
}

impl FitInput {
    fn same(&self, other: &FitInput) -> bool {
        Arc::ptr_eq(&self.model, &other.model)
            && (self.base, self.layout, self.k) == (other.base, other.layout, other.k)
    }
}

/// The fit's state for the read-out: progress until both errors are known.
#[derive(Clone, Copy, PartialEq)]
pub struct FitResult {
    pub progress: f64,
    pub learned: Option<f64>,
    pub sinusoidal: Option<f64>,
}

pub fn fit_frame(runner: Rc<RefCell<FitRunner>>, result: RwSignal<FitResult>) {
    let start = now();
    // The panel was left (another chapter): its fit stops with it.
    if result.is_disposed() {
        runner.borrow_mut().running = false;
        return;
    }
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
pub fn fitted_shift(k: usize) -> usize {
    k.clamp(1, FIT_MAX_K)
}
