//! Measures the tiny transformer (`encoding::tiny_transformer`, issue 21) at the lab's default
//! sizes: for each task and position scheme, the steps to 95 % on 64 held-out sequences, the loss
//! and accuracy after the given steps (default 1000), the accuracy within and past the training
//! length, and steps per second (native, one thread). `cargo run --release --example
//! tiny_training -- 300`.
use pe_explorer::encoding::seeded::SeededRng;
use pe_explorer::encoding::tiny_transformer::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let steps: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    for task in [
        Task::CopyBack(2),
        Task::TokenAt(3),
        Task::Reverse,
        Task::Count,
    ] {
        for scheme in PositionScheme::ALL {
            let config = TinyConfig::lab_default(scheme, task);
            let mut run = Run::new(config, 0.01, 16, 1);
            let mut rng = SeededRng::new(99);
            let test: Vec<Example> = (0..64).map(|_| example(&config, 12, &mut rng)).collect();
            let mut reached = None;
            let t0 = std::time::Instant::now();
            for s in 1..=steps {
                run.step();
                if reached.is_none() && s % 25 == 0 {
                    let (_, n, r) = evaluate(&config, &run.weights, &test);
                    if r as f64 >= 0.95 * n as f64 {
                        reached = Some(s);
                    }
                }
            }
            let el = t0.elapsed().as_secs_f64();
            let long: Vec<Example> = (0..64).map(|_| example(&config, 24, &mut rng)).collect();
            let by = accuracy_by_position(&config, &run.weights, &long);
            let part = |r: std::ops::Range<usize>| {
                let (n, k) = by[r].iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
                if n == 0 {
                    f64::NAN
                } else {
                    k as f64 / n as f64
                }
            };
            println!(
                "   within 0..12 {:.3}  beyond 12..24 {:.3}",
                part(0..12),
                part(12..24)
            );
            let (loss, n, r) = evaluate(&config, &run.weights, &test);
            println!("{task:?} {scheme:?}: loss {loss:.3} acc {:.3} reached95 {reached:?} ({:.0} steps/s)", r as f64 / n as f64, steps as f64 / el);
        }
    }
}
