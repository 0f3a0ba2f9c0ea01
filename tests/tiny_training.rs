//! The training lab's default run, recorded: tests/data/tiny_training_default.csv
//! holds every check of both runs (learned table and RoPE, copy 2 back, seed 1) with the loss
//! and accuracy at full precision, as the lab's CSV writes them. This host test trains them
//! again and compares every number bit for bit; the browser test (train.test.mjs) downloads the
//! lab's CSV after training in its workers and compares it with the same file, so the host and
//! the browser's wasm give the same run. `PE_RECORD=1 cargo test --test tiny_training` rewrites
//! the file.

use pe_explorer::encoding::tiny_training::{check_rows, Training, CHECKS_HEADER};
use pe_explorer::lesson::labs::train::TrainSettings;
use pe_explorer::lesson::labs::Choice;

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/tiny_training_default.csv"
);

/// The checks' section of the lab's CSV (src/ui/labs/train/mod.rs, `rows`), trained as the worker trains.
fn checks_csv(settings: &TrainSettings) -> String {
    let mut csv = String::from(CHECKS_HEADER);
    for which in 0..2 {
        let mut run = Training::new(
            settings.config(which),
            settings.lr,
            settings.seed,
            settings.steps,
        );
        run.train_to_end();
        csv.push_str(&check_rows(settings.schemes[which].name(), &run.checks));
    }
    csv
}

#[test]
fn the_default_run_gives_the_recorded_numbers_bit_for_bit() {
    let csv = checks_csv(&TrainSettings::default());
    if std::env::var_os("PE_RECORD").is_some() {
        std::fs::write(FILE, &csv).unwrap();
    }
    let recorded = std::fs::read_to_string(FILE).expect("tests/data/tiny_training_default.csv");
    assert_eq!(csv, recorded);
    // 2 runs × 30 checks, and the run really learned.
    assert_eq!(csv.lines().count(), 61);
    assert!(csv
        .lines()
        .any(|l| l.starts_with("rope,300,") && l.ends_with(",1")));
}
