//! The training lab's worker (the lab is src/ui/labs/train): a wasm of its own,
//! built by index.html's second `data-type="worker"` link and started by
//! assets/train-worker.js when the lab is first drawn. It trains the lab's two runs (scheme A and
//! scheme B, `encoding::tiny_training::Training`) step by step in turn, in slices of about 12 ms
//! with 12 ms of rest after each, so that a command (pause, a new run) is read between slices,
//! and posts a snapshot of both at most every 200 ms. One worker, resting half the time: on this
//! two-core test machine two workers at full speed left the page's main thread a third of the
//! processor, and one at full speed still doubled the time a slider's input event took (11 → 23
//! ms; the browser's own threads need the other core too). And it steps aside for 250 ms after
//! each input on the page (`yield`, sent by the lab), so that a slider being dragged has the
//! processor to itself. tests/browser/bench-ui.mjs measures the page's sliders while the runs
//! train.
//!
//! Its messages are `lesson::labs::train`'s, shared with the lab: a `WorkerCommand` in (two new
//! runs, start, watch, pause, one step, yield), a `Snapshot` out (a `Float64Array`).

// The same allocator as the page's wasm (src/main.rs).
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    use js_sys::{Float64Array, Reflect};
    use pe_explorer::encoding::tiny_training::Training;
    use pe_explorer::lesson::labs::train::{RunSnapshot, Snapshot, WorkerCommand};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::DedicatedWorkerGlobalScope;

    /// How long one slice of steps may take, the rest after it, and how often a running pair of
    /// runs reports.
    const SLICE_MS: f64 = 12.0;
    const REST_MS: i32 = 12;
    const SNAPSHOT_MS: f64 = 200.0;
    const WATCH_MS: i32 = 30;
    const YIELD_MS: f64 = 250.0;

    #[derive(Default)]
    struct State {
        /// Scheme A's run and scheme B's.
        runs: Vec<Training>,
        running: bool,
        /// A slice is scheduled (so `start` twice does not run two loops).
        scheduled: bool,
        /// One step of each run a slice, 30 ms apart, a snapshot after each: slow enough to watch.
        watch: bool,
        last_snapshot: f64,
        /// No step before this time (`yield`).
        quiet_until: f64,
        /// When this stretch of running began, and the step it began at: steps/s.
        since: (f64, usize),
        rate: f64,
    }

    impl State {
        fn finished(&self) -> bool {
            self.runs.iter().all(Training::finished)
        }

        fn steps(&self) -> usize {
            self.runs.iter().map(|t| t.run.steps).min().unwrap_or(0)
        }

        /// One step of each run that has steps left.
        fn step(&mut self) {
            self.runs.iter_mut().for_each(Training::step);
        }
    }

    thread_local! {
        static STATE: RefCell<State> = RefCell::new(State::default());
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn now() -> f64 {
        scope().performance().map(|p| p.now()).unwrap_or(0.0)
    }

    pub fn start() {
        console_error_panic_hook::set_once();
        let command = Closure::<dyn Fn(String)>::new(command);
        let _ = Reflect::set(&js_sys::global(), &"peTrain".into(), command.as_ref());
        command.forget();
    }

    fn command(text: String) {
        let Some(command) = WorkerCommand::decode(&text) else {
            return;
        };
        match command {
            WorkerCommand::Reset(settings) => {
                let runs = (0..2)
                    .map(|which| {
                        Training::new(
                            settings.config(which),
                            settings.lr,
                            settings.seed,
                            settings.steps,
                        )
                    })
                    .collect();
                STATE.with_borrow_mut(|s| {
                    s.runs = runs;
                    s.running = false;
                    s.rate = 0.0;
                });
            }
            WorkerCommand::Start | WorkerCommand::Watch => {
                let go = STATE.with_borrow_mut(|s| {
                    s.watch = command == WorkerCommand::Watch;
                    s.running = !s.finished();
                    s.since = (now(), s.steps());
                    let go = s.running && !s.scheduled;
                    s.scheduled |= go;
                    go
                });
                if go {
                    schedule();
                }
            }
            WorkerCommand::Pause => STATE.with_borrow_mut(|s| s.running = false),
            WorkerCommand::Yield => {
                STATE.with_borrow_mut(|s| s.quiet_until = now() + YIELD_MS);
                return;
            }
            WorkerCommand::Step => STATE.with_borrow_mut(|s| {
                s.running = false;
                s.step();
            }),
        }
        post();
    }

    /// The next slice, after the commands waiting in the worker's queue and a rest (30 ms when
    /// watching).
    fn schedule() {
        let slice = Closure::once_into_js(slice);
        let delay = STATE.with_borrow(|s| if s.watch { WATCH_MS } else { REST_MS });
        let _ = scope()
            .set_timeout_with_callback_and_timeout_and_arguments_0(slice.unchecked_ref(), delay);
    }

    fn slice() {
        let start = now();
        let (again, report) = STATE.with_borrow_mut(|s| {
            s.scheduled = false;
            if !s.running {
                return (false, false);
            }
            if start < s.quiet_until {
                s.scheduled = true;
                return (true, false);
            }
            while !s.finished() && now() - start < SLICE_MS {
                s.step();
                if s.watch {
                    break;
                }
            }
            let elapsed = now() - s.since.0;
            if elapsed > 0.0 {
                s.rate = (s.steps() - s.since.1) as f64 * 1000.0 / elapsed;
            }
            let finished = s.finished();
            s.running = !finished;
            s.scheduled = !finished;
            let report = finished || s.watch || now() - s.last_snapshot >= SNAPSHOT_MS;
            (!finished, report)
        });
        if report {
            post();
        }
        if again {
            schedule();
        }
    }

    /// Both runs as the lab draws them (accuracy by position, on 64 sequences of twice the
    /// length, only while the runs are not running: when paused, stepped or finished).
    fn post() {
        let snapshot = STATE.with_borrow_mut(|s| {
            s.last_snapshot = now();
            Snapshot {
                running: s.running,
                rate: s.rate,
                runs: s
                    .runs
                    .iter()
                    .map(|t| RunSnapshot::of(t, s.running))
                    .collect(),
            }
        });
        let _ = scope().post_message(&Float64Array::from(&snapshot.encode()[..]));
    }
}
