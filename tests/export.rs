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
