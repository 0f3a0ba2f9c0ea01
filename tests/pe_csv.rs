//! The `pe_csv` example: its output agrees with the reference CSVs committed in `tests/data/`
//! (see its README), and bad arguments get a usage message and a non-zero exit.

use std::path::Path;
use std::process::{Command, Output};

/// A plain `cargo test` builds examples next to the test binaries: target/<profile>/examples/.
/// (`cargo test --test pe_csv` alone does not: run `cargo build --example pe_csv` first.)
fn pe_csv(args: &[&str]) -> Output {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap();
    let bin = profile_dir.join("examples").join("pe_csv");
    assert!(
        bin.is_file(),
        "{} not built (run a plain `cargo test`, or `cargo build --example pe_csv` first)",
        bin.display()
    );
    Command::new(bin).args(args).output().unwrap()
}

/// A reference file from `tests/data/`, inside the repository.
fn reference(name: &str) -> String {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn pe_csv_agrees_with_the_reference_csvs() {
    for (length, d_model) in [(8, 4), (50, 16), (64, 512)] {
        let out = pe_csv(&[
            "--d-model",
            &d_model.to_string(),
            "--len",
            &length.to_string(),
        ]);
        assert!(out.status.success());
        let ours = String::from_utf8(out.stdout).unwrap();
        let theirs = reference(&format!("sinusoidal_len{length}_d{d_model}_base10000.csv"));
        let (ours, theirs): (Vec<_>, Vec<_>) = (ours.lines().collect(), theirs.lines().collect());
        assert_eq!(ours.len(), length);
        assert_eq!(theirs.len(), length);
        for (a, b) in ours.iter().zip(&theirs) {
            let a: Vec<f64> = a.split(',').map(|v| v.parse().unwrap()).collect();
            let b: Vec<f64> = b.split(',').map(|v| v.parse().unwrap()).collect();
            assert_eq!(a.len(), d_model);
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() < 1e-8, "{x} vs {y}");
            }
        }
    }
}

#[test]
fn pe_csv_prints_at_least_seven_significant_digits() {
    let out = pe_csv(&["--d-model", "512", "--len", "3", "--base", "1000000"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for value in text.lines().flat_map(|l| l.split(',')) {
        if value == "0" {
            continue;
        }
        let digits: String = value
            .split(['e', 'E'])
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_digit())
            .collect();
        let significant = digits.trim_start_matches('0');
        assert!(
            significant.len() >= 7,
            "{value} has {} significant digits",
            significant.len()
        );
    }
}

#[test]
fn pe_csv_split_layout_puts_sines_first() {
    let out = pe_csv(&["--d-model", "4", "--len", "2", "--layout", "split"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().nth(1).unwrap(),
        "0.8414709848,0.0099998333,0.5403023059,0.9999500004"
    );
}

#[test]
fn pe_csv_rejects_bad_arguments_with_usage() {
    for args in [
        &[][..],
        &["--d-model", "16"][..],
        &["--d-model", "0", "--len", "5"][..],
        &["--d-model", "abc", "--len", "5"][..],
        &["--d-model", "4", "--len", "5000"][..],
        &["--d-model", "4", "--len", "5", "--base", "nan"][..],
        &["--d-model", "4", "--len", "5", "--layout", "diagonal"][..],
        &["--d-model", "4", "--len", "5", "--frobnicate"][..],
        &["--d-model"][..],
    ] {
        let out = pe_csv(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("usage: pe_csv"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed a matrix");
    }
}
