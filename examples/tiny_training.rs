//! Measures the tiny transformer (`encoding::tiny_training`, issue 21) at the lab's default
//! sizes (`TinyConfig::lab_default`, lr 0.01, seed 1), as the lab trains it: for each task and
//! position scheme, the step where the held-out accuracy first reached 95 % (checked every 10
//! steps), the loss and accuracy after the given steps (default 300, the lab's default), the
//! accuracy within and past the training length, and steps per second (native, one thread).
//! `cargo run --release --example tiny_training -- 300`.
use pe_explorer::encoding::tiny_training::{share, Training};
use pe_explorer::encoding::tiny_transformer::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let steps: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    for task in [
        Task::CopyBack(2),
        Task::TokenAt(3),
        Task::Reverse,
        Task::Count,
    ] {
        for scheme in PositionScheme::ALL {
            let config = TinyConfig::lab_default(scheme, task);
            let mut training = Training::new(config, 0.01, 1, steps);
            let start = std::time::Instant::now();
            training.train_to_end();
            let seconds = start.elapsed().as_secs_f64();
            let counts = training.position_counts();
            let last = training.checks.last().copied();
            println!(
                "{task:?} {scheme:?}: 95 % at {:?}; last check {:?}; within 0..12 {:.3}, beyond 12..24 {:.3}; {:.0} steps/s",
                training.learned_at,
                last,
                share(&counts, 0..12),
                share(&counts, 12..24),
                steps as f64 / seconds
            );
        }
    }
}
