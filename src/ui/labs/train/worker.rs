//! The training lab's channel to its worker (src/bin/trainer.rs): starts it, tells it what to
//! do (`WorkerCommand`) and turns its snapshots (`Snapshot`) into one signal per run and one for
//! the worker. Both message types are `lesson::labs::train`'s, shared with the worker.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::lesson::labs::train::{RunSnapshot, Snapshot, TrainSettings, WorkerCommand};

/// The worker as a whole: whether its runs are going, its speed (steps a second of each run),
/// and, if it failed, why.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorkerState {
    pub running: bool,
    pub rate: f64,
    pub error: Option<String>,
}

/// The lab's worker: what it last reported of each run (A, B) and of itself.
#[derive(Clone, Copy)]
pub struct TrainWorker {
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    pub runs: [RwSignal<RunSnapshot>; 2],
    pub state: RwSignal<WorkerState>,
}

impl TrainWorker {
    /// Starts the worker; every change of `settings` is a new pair of runs, paused at step 0
    /// (the worker is outside the page's state), and after each input anywhere on the page (its
    /// sliders) the worker rests for 250 ms, so that a slider being dragged has the processor.
    pub fn start(settings: RwSignal<TrainSettings>) -> TrainWorker {
        let runs = [(); 2].map(|_| RwSignal::new(RunSnapshot::default()));
        let state = RwSignal::new(WorkerState::default());
        let worker = TrainWorker {
            worker: StoredValue::new_local(spawn(runs, state)),
            runs,
            state,
        };
        Effect::new(move |_| {
            settings.track();
            worker.reset(settings);
        });
        let input = window_event_listener(leptos::ev::input, move |_| {
            if state.with_untracked(|s| s.running) {
                worker.tell(&WorkerCommand::Yield);
            }
        });
        on_cleanup(move || input.remove());
        worker
    }

    pub fn tell(self, command: &WorkerCommand) {
        self.worker.with_value(|worker| {
            if let Some(worker) = worker {
                let _ = worker.post_message(&command.encode().into());
            }
        })
    }

    /// Two new runs with the settings as they are.
    pub fn reset(self, settings: RwSignal<TrainSettings>) {
        self.tell(&WorkerCommand::Reset(settings.get_untracked()));
    }

    pub fn running(self) -> bool {
        self.state.with(|s| s.running)
    }

    /// Both runs have taken all their steps.
    pub fn all_finished(self) -> bool {
        self.runs.iter().all(|r| r.with(|r| r.finished))
    }
}

/// The query of the page's own files (`?<version>`), as the tools' script was loaded with it, so
/// the worker's files are the same build's.
fn version() -> String {
    document()
        .query_selector("script[src*=\"teacher.js?\"]")
        .ok()
        .flatten()
        .and_then(|script| script.get_attribute("src"))
        .and_then(|src| src.split_once('?').map(|(_, v)| format!("?{v}")))
        .unwrap_or_default()
}

/// The worker (assets/train-worker.js, which loads src/bin/trainer.rs); its snapshots go to
/// `runs` and `state`, and a worker that fails to load or panics says so in `state`.
fn spawn(runs: [RwSignal<RunSnapshot>; 2], state: RwSignal<WorkerState>) -> Option<web_sys::Worker> {
    let worker = web_sys::Worker::new(&crate::ui::net::site_file(&format!(
        "train-worker.js{}",
        version()
    )))
    .ok()?;
    let message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            let Some(numbers) = data.dyn_ref::<js_sys::Float64Array>() else {
                // The loader's own message, `{ error }`: its wasm did not load. Anything else
                // is no message of the worker's, and is ignored.
                let error = js_sys::Reflect::get(&data, &"error".into()).ok();
                if let Some(error) = error.and_then(|e| e.as_string()) {
                    state.update(|s| s.error = Some(error));
                }
                return;
            };
            let Some(snapshot) = Snapshot::decode(&numbers.to_vec()) else {
                return;
            };
            state.update(|s| {
                s.running = snapshot.running;
                s.rate = snapshot.rate;
            });
            for (run, view) in runs.iter().zip(snapshot.runs) {
                run.set(view);
            }
        });
    worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
    message.forget();
    let error = Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
        ev.prevent_default();
        state.update(|s| s.error = Some(ev.message()));
    });
    worker.set_onerror(Some(error.as_ref().unchecked_ref()));
    error.forget();
    Some(worker)
}
