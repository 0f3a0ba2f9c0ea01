//! Times the fast PE matrix fill at one size and prints the median in milliseconds, for the
//! side-by-side comparison with numpy (scripts/compare_numpy.py runs this).
//!
//! `cargo run --release --example fill_timing -- [length] [d_model] [repeats]`

use std::time::Instant;

use pe_explorer::encoding::{fill_pe_matrix, Layout, PeScratch};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let mut next = |default: usize| args.next().and_then(Result::ok).unwrap_or(default);
    let (length, d_model, repeats) = (next(2048), next(1024), next(50).max(1));
    let mut out = vec![0.0f32; length * d_model];
    let mut scratch = PeScratch::default();
    let mut times = Vec::with_capacity(repeats);
    // One warm-up run so page faults of the fresh buffer are not timed.
    fill_pe_matrix(
        length,
        d_model,
        10_000.0,
        Layout::Interleaved,
        &mut scratch,
        &mut out,
    );
    for _ in 0..repeats {
        let start = Instant::now();
        fill_pe_matrix(
            length,
            d_model,
            10_000.0,
            Layout::Interleaved,
            &mut scratch,
            &mut out,
        );
        times.push(start.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(&out);
    }
    times.sort_by(f64::total_cmp);
    println!("{:.4}", times[times.len() / 2]);
}
