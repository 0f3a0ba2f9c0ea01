//! The downloads and "copy as code" snippets say the same numbers as `pe_csv`: the JSON holds the
//! CSV's values, and the NumPy snippet, run by a real NumPy, rebuilds the matrix.

use pe_explorer::encoding::Layout;
use pe_explorer::export::{numpy_snippet, pe_matrix_csv, pe_matrix_json, pytorch_snippet};

const CASES: [(usize, usize, f64, Layout); 4] = [
    (50, 16, 10_000.0, Layout::Interleaved),
    (50, 16, 10_000.0, Layout::SplitHalves),
    (33, 10, 31_622.777, Layout::Interleaved),
    (7, 6, 10.0, Layout::SplitHalves),
];

fn csv_rows(length: usize, d_model: usize, base: f64, layout: Layout) -> Vec<Vec<f64>> {
    let mut csv = Vec::new();
    pe_matrix_csv(length, d_model, base, layout, &mut csv).unwrap();
    String::from_utf8(csv)
        .unwrap()
        .lines()
        .map(|line| line.split(',').map(|v| v.parse().unwrap()).collect())
        .collect()
}

#[test]
fn the_json_download_holds_the_csv_values_and_its_parameters() {
    for (length, d_model, base, layout) in CASES {
        let json: serde_json::Value =
            serde_json::from_str(&pe_matrix_json(length, d_model, base, layout)).unwrap();
        assert_eq!(json["d_model"], d_model);
        assert_eq!(json["length"], length);
        assert_eq!(json["base"].as_f64(), Some(base));
        let values: Vec<Vec<f64>> = serde_json::from_value(json["values"].clone()).unwrap();
        assert_eq!(
            values,
            csv_rows(length, d_model, base, layout),
            "{layout:?}"
        );
    }
}

/// Runs the snippet with the machine's NumPy (`make test` installs it) and compares every value
/// with the CSV to 1e-9 (the CSV keeps 10 decimals).
#[test]
fn the_numpy_snippet_rebuilds_the_matrix() {
    for (length, d_model, base, layout) in CASES {
        let program = format!(
            "{}\nimport sys\nnp.savetxt(sys.stdout, pe, delimiter=',', fmt='%.17g')\n",
            numpy_snippet(length, d_model, base, layout)
        );
        let output = std::process::Command::new("python3")
            .args(["-c", &program])
            .output()
            .expect("python3 runs (scripts/setup.sh test installs NumPy)");
        assert!(
            output.status.success(),
            "snippet failed:\n{program}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let rows: Vec<Vec<f64>> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| line.split(',').map(|v| v.parse().unwrap()).collect())
            .collect();
        let expected = csv_rows(length, d_model, base, layout);
        assert_eq!(rows.len(), expected.len());
        for (got, want) in rows.iter().zip(&expected) {
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 1e-9, "{layout:?} d={d_model}: {g} vs {w}");
            }
        }
    }
}

#[test]
fn the_pytorch_snippet_is_the_numpy_one_in_torch_calls() {
    let code = pytorch_snippet(100, 128, 10_000.0, Layout::Interleaved);
    assert!(code.starts_with("import torch\n"));
    assert!(!code.contains("np."), "{code}");
    for call in [
        "torch.arange",
        "torch.zeros",
        "torch.sin",
        "torch.cos",
        "dtype=torch.float64",
    ] {
        assert!(code.contains(call), "{call} missing:\n{code}");
    }
    assert!(code.contains("length, d_model, base = 100, 128, 10000.0"));
}

/// Runs a Python program and returns its standard output (`make test` installs NumPy).
fn python(program: &str, stdin: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("python3")
        .args(["-c", program])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (scripts/setup.sh test installs NumPy)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "python failed:\n{program}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The texts' modules (the basis lab's neighbour in the PE vector panel): their table's lines,
/// run by NumPy in float64, rebuild the page's table to 1e-9; the same lines in float32, as
/// PyTorch runs them by default, differ from it by up to about 1e-7 × max_len, as the lab says
/// (and by a measurable amount: the float32 note is not vacuous); the PyTorch modules parse as
/// Python and compute with the same lines in torch calls.
#[test]
fn the_texts_modules_build_the_pages_table() {
    use pe_explorer::export::{numpy_twin, pytorch_modules, table_lines, Library};
    let cases = [
        (128, 100, 10_000.0, Layout::Interleaved),
        (128, 100, 10_000.0, Layout::SplitHalves),
        (128, 2048, 10_000.0, Layout::Interleaved),
        (1024, 256, 10_000.0, Layout::SplitHalves),
        (2, 2048, 10.0, Layout::SplitHalves),
        (512, 512, 1e6, Layout::Interleaved),
        (64, 1, 31_622.777, Layout::Interleaved),
    ];
    for (d_model, max_len, base, layout) in cases {
        let expected = csv_rows(max_len, d_model, base, layout);
        for (float, bound) in [
            ("np.float64", 1e-9),
            ("np.float32", 1e-7 * max_len as f64 + 1e-6),
        ] {
            let program = format!(
                "{}import sys\nnp.savetxt(sys.stdout, pe, delimiter=',', fmt='%.17g')\n",
                numpy_twin(d_model, max_len, base, layout).replace("np.float64", float)
            );
            let worst = python(&program, "")
                .lines()
                .zip(&expected)
                .flat_map(|(line, want)| {
                    line.split(',')
                        .map(|v| v.parse::<f64>().unwrap())
                        .zip(want.clone())
                        .map(|(g, w)| (g - w).abs())
                        .collect::<Vec<_>>()
                })
                .fold(0.0, f64::max);
            assert!(
                worst <= bound,
                "{float}, d={d_model}, max_len={max_len}, base={base}: {worst} > {bound}"
            );
            // Pair 0's ω = 1 is exact in float32, so with one pair only sin's rounding shows.
            if float == "np.float32" && max_len >= 100 && d_model >= 16 {
                assert!(
                    worst >= 1e-8 * max_len as f64,
                    "d={d_model}, max_len={max_len}, base={base}: {worst}"
                );
            }
        }
        let torch = pytorch_modules(d_model, max_len, base, layout);
        python("import ast, sys\nast.parse(sys.stdin.read())\n", &torch);
        assert!(!torch.contains("np."), "{torch}");
        // The module computes with the twin's lines in torch calls: the same arithmetic.
        let (numpy_lines, torch_lines) = (
            table_lines(Library::NumPy, layout),
            table_lines(Library::Torch, layout),
        );
        assert!(numpy_twin(d_model, max_len, base, layout).ends_with(&numpy_lines));
        for (n, t) in numpy_lines.lines().zip(torch_lines.lines()) {
            let in_torch = n
                .replace("np.float64", "torch.float")
                .replace(
                    "np.zeros((max_len, d_model))",
                    "torch.zeros(max_len, d_model)",
                )
                .replace("np.", "torch.");
            assert_eq!(in_torch, t);
            assert!(torch.contains(&format!("        {t}\n")), "{t}");
        }
    }
}
