//! The core against independent reference values computed with numpy from the published
//! formulas, committed in `tests/data/` (see its README; `python3 tests/data/make_reference.py`
//! regenerates them). Tolerances: 1e-6 for f64 paths, 1e-5 for the f32 drawing buffer, 1e-12 for
//! the ALiBi slopes.

use std::path::Path;

use pe_explorer::encoding::{
    alibi_slopes, fill_pe_matrix, pair_rotation, pe_vector, rope_rotate, rope_score, Layout,
    PeScratch,
};
use pe_explorer::lesson::params::BASE_DEFAULT;
use serde_json::Value;

/// The committed reference values, inside the repository.
fn reference_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(reference_dir().join(name)).expect(name);
    serde_json::from_str(&text).expect(name)
}

fn floats(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v.as_f64().expect("number"))
        .collect()
}

/// (length, d_model, rows) of every `sinusoidal_len{L}_d{D}_base10000.csv`.
fn sinusoidal_references() -> Vec<(usize, usize, Vec<Vec<f64>>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(reference_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(rest) = name.strip_prefix("sinusoidal_len") else {
            continue;
        };
        let rest = rest
            .strip_suffix("_base10000.csv")
            .expect("base 10000 files");
        let (length, d_model) = rest.split_once("_d").unwrap();
        let text = std::fs::read_to_string(reference_dir().join(&name)).unwrap();
        let rows: Vec<Vec<f64>> = text
            .lines()
            .map(|line| line.split(',').map(|v| v.parse().unwrap()).collect())
            .collect();
        found.push((length.parse().unwrap(), d_model.parse().unwrap(), rows));
    }
    assert!(found.len() >= 3, "expected the three sinusoidal references");
    found
}

#[test]
fn sinusoidal_vectors_match_the_reference_at_every_size() {
    for (length, d_model, rows) in sinusoidal_references() {
        assert_eq!(rows.len(), length);
        let mut v = vec![0.0; d_model];
        for (pos, expected) in rows.iter().enumerate() {
            pe_vector(pos as f64, BASE_DEFAULT, Layout::Interleaved, &mut v);
            for (dim, (got, want)) in v.iter().zip(expected).enumerate() {
                // The CSVs carry 9 decimals.
                assert!(
                    (got - want).abs() < 1e-6,
                    "len {length} d {d_model}: PE({pos}, {dim}) = {got}, reference {want}"
                );
            }
        }
    }
}

#[test]
fn fast_matrix_fill_matches_the_reference_at_every_size() {
    for (length, d_model, rows) in sinusoidal_references() {
        let mut m = vec![0.0f32; length * d_model];
        fill_pe_matrix(
            length,
            d_model,
            BASE_DEFAULT,
            Layout::Interleaved,
            &mut PeScratch::default(),
            &mut m,
        );
        for (pos, expected) in rows.iter().enumerate() {
            for (dim, want) in expected.iter().enumerate() {
                let got = m[pos * d_model + dim] as f64;
                assert!((got - want).abs() < 1e-5, "PE({pos}, {dim})");
            }
        }
    }
}

#[test]
fn rotation_matrices_and_shifted_pairs_match_the_reference() {
    let cases = read_json("rotation.json");
    let mut checked = 0;
    for case in cases.as_array().unwrap() {
        let d_model = case["d_model"].as_u64().unwrap() as usize;
        let pos = case["pos"].as_f64().unwrap();
        let k = case["k"].as_f64().unwrap();
        for pair in case["pairs"].as_array().unwrap() {
            let i = pair["i"].as_u64().unwrap() as usize;
            let r = pair_rotation(pos, k, i, d_model, BASE_DEFAULT);
            let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
            assert!(
                close(r.angle, pair["beta"].as_f64().unwrap()),
                "beta, pair {i}"
            );
            for row in 0..2 {
                let want = floats(&pair["matrix"][row]);
                assert!(close(r.matrix[row][0], want[0]) && close(r.matrix[row][1], want[1]));
            }
            let (at_pos, at_pos_k) = (floats(&pair["pe_pos"]), floats(&pair["pe_pos_k"]));
            assert!(close(r.at_pos[0], at_pos[0]) && close(r.at_pos[1], at_pos[1]));
            assert!(close(r.at_pos_k[0], at_pos_k[0]) && close(r.at_pos_k[1], at_pos_k[1]));
            // The lesson itself: M_k · PE(pos) is PE(pos + k).
            assert!(close(r.rotated[0], at_pos_k[0]) && close(r.rotated[1], at_pos_k[1]));
            assert!(r.error < 1e-12, "rotation error {}", r.error);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn rope_rotations_and_scores_match_the_reference() {
    let cases = read_json("rope_interleaved.json");
    for case in cases.as_array().unwrap() {
        let (q, k) = (floats(&case["q"]), floats(&case["k"]));
        let (m, n) = (case["m"].as_f64().unwrap(), case["n"].as_f64().unwrap());
        let mut q_rot = vec![0.0; q.len()];
        let mut k_rot = vec![0.0; k.len()];
        rope_rotate(&q, m, BASE_DEFAULT, Layout::Interleaved, &mut q_rot);
        rope_rotate(&k, n, BASE_DEFAULT, Layout::Interleaved, &mut k_rot);
        for (got, want) in q_rot.iter().zip(floats(&case["q_rot"])) {
            assert!((got - want).abs() < 1e-6, "q_rot at m = {m}");
        }
        for (got, want) in k_rot.iter().zip(floats(&case["k_rot"])) {
            assert!((got - want).abs() < 1e-6, "k_rot at n = {n}");
        }
        let score = rope_score(&q, &k, m, n, BASE_DEFAULT, Layout::Interleaved);
        assert!(
            (score - case["dot"].as_f64().unwrap()).abs() < 1e-6,
            "dot at ({m}, {n})"
        );
    }
}

#[test]
fn alibi_slopes_match_the_reference_for_every_head_count() {
    let reference = read_json("alibi_slopes.json");
    let counts = reference.as_object().unwrap();
    assert!(!counts.is_empty());
    for (heads, slopes) in counts {
        let got = alibi_slopes(heads.parse().unwrap());
        let want = floats(slopes);
        assert_eq!(got.len(), want.len(), "{heads} heads");
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-12, "{heads} heads: {g} vs {w}");
        }
    }
}

#[test]
fn circulant_mixings_match_numpys_fft_and_commutator() {
    use pe_explorer::encoding::shift_operator::{
        circulant, frequency_response, kernel, shift_commutator_norm, Kernel,
    };
    let data = read_json("shift_operator.json");
    let n = data["n"].as_u64().unwrap() as usize;
    for case in data["kernels"].as_array().unwrap() {
        let kind = match case["kernel"].as_str().unwrap() {
            "window2" => Kernel::Window { half_width: 2 },
            "decay0.5" => Kernel::Decay { slope: 0.5 },
            other => panic!("unknown kernel {other}"),
        };
        let h = kernel(kind, n);
        for (ours, numpy) in h.iter().zip(floats(&case["h"])) {
            assert!((ours - numpy).abs() < 1e-15, "{kind:?}: h");
        }
        let response = frequency_response(&h);
        let (re, im) = (floats(&case["response_re"]), floats(&case["response_im"]));
        for (f, z) in response.iter().enumerate() {
            assert!(
                (z.re - re[f]).abs() < 1e-12 && (z.im - im[f]).abs() < 1e-12,
                "{kind:?}: H({f}) = {z:?}, numpy {} {}",
                re[f],
                im[f]
            );
        }
        let commutator = shift_commutator_norm(&circulant(&h), n);
        assert!(commutator < 1e-12 && case["commutator"].as_f64().unwrap() < 1e-12);
    }
    // A matrix that is not circulant: the same norm as numpy's ‖AS − SA‖ with S = roll(I, 1).
    let matrix = floats(&data["random_matrix"]);
    let numpy = data["random_commutator"].as_f64().unwrap();
    assert!((shift_commutator_norm(&matrix, n) - numpy).abs() < 1e-12 * numpy);
}

#[test]
fn a_rope_pair_scores_the_same_in_its_three_forms_as_numpys_complex_numbers() {
    use pe_explorer::encoding::rope::rope_pair_forms;
    for case in read_json("rope_complex.json").as_array().unwrap() {
        let (q, k) = (floats(&case["q"]), floats(&case["k"]));
        let [theta, m, n, numpy] =
            ["theta", "m", "n", "score"].map(|key| case[key].as_f64().unwrap());
        for (form, score) in ["rotation", "turned", "offset"].iter().zip(rope_pair_forms(
            [q[0], q[1]],
            [k[0], k[1]],
            theta,
            m,
            n,
        )) {
            assert!(
                (score - numpy).abs() < 1e-12,
                "{form}: {score} against {numpy}"
            );
        }
    }
}

#[test]
fn ridge_fits_over_positions_match_numpys_least_squares() {
    use pe_explorer::encoding::basis_fit::{fit_over_positions, Features, Target};
    for case in read_json("basis_fit.json").as_array().unwrap() {
        let target = match case["target"].as_str().unwrap() {
            "square16" => Target::Square { period: 16.0 },
            "chirp12" => Target::Chirp {
                period: 12.0,
                span: 64.0,
            },
            other => panic!("unknown target {other}"),
        };
        let pairs = case["pairs"].as_u64().unwrap() as usize;
        let features = Features::Sinusoidal {
            pairs,
            d_model: 16,
            base: 10_000.0,
        };
        let fit = fit_over_positions(target, features, 64, 128);
        let numpy = floats(&case["predictions"]);
        assert_eq!(fit.predictions.len(), numpy.len());
        // QR here, SVD in numpy: equal to rounding times the stacked system's condition (about
        // 3e5 for the eight-pair case, whose predictions reach tens past the range).
        for (t, (ours, theirs)) in fit.predictions.iter().zip(&numpy).enumerate() {
            let tolerance = 1e-8 * theirs.abs().max(1.0);
            assert!(
                (ours - theirs).abs() < tolerance,
                "{target:?}, {pairs} pairs, t = {t}: {ours} against {theirs}"
            );
        }
    }
}

#[test]
fn t5_buckets_match_the_published_formula_for_both_variants() {
    use pe_explorer::encoding::relative_bias::t5_bucket;
    for case in read_json("t5_buckets.json").as_array().unwrap() {
        let num_buckets = case["num_buckets"].as_u64().unwrap() as usize;
        let max_distance = case["max_distance"].as_u64().unwrap() as usize;
        let bidirectional = case["bidirectional"].as_bool().unwrap();
        let first = case["first"].as_i64().unwrap();
        for (n, expected) in case["buckets"].as_array().unwrap().iter().enumerate() {
            let relative = first + n as i64;
            assert_eq!(
                t5_bucket(relative, bidirectional, num_buckets, max_distance),
                Some(expected.as_u64().unwrap() as usize),
                "{num_buckets} buckets, max distance {max_distance}, bidirectional {bidirectional}, key − query = {relative}"
            );
        }
    }
}

#[test]
fn rope_2d_scores_match_qwen2_vls_construction_for_every_scheme() {
    use pe_explorer::encoding::rope_2d::{patch_score, GridScheme, Patch};
    for case in read_json("rope_2d.json").as_array().unwrap() {
        let numbers = |key: &str| -> Vec<f64> {
            case[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect()
        };
        let (q, k, scores) = (numbers("q"), numbers("k"), numbers("scores"));
        let base = case["base"].as_f64().unwrap();
        let columns = case["columns"].as_u64().unwrap() as usize;
        let scheme = match case["scheme"].as_str().unwrap() {
            "axial" => GridScheme::Axial,
            "flattened" => GridScheme::Flattened,
            _ => {
                let s = case["sections"].as_array().unwrap();
                GridScheme::Sections {
                    time: s[0].as_u64().unwrap() as usize,
                    height: s[1].as_u64().unwrap() as usize,
                }
            }
        };
        let patch = |v: &serde_json::Value| Patch {
            row: v[0].as_f64().unwrap(),
            column: v[1].as_f64().unwrap(),
        };
        for (pair, expected) in case["pairs"].as_array().unwrap().iter().zip(&scores) {
            let ours = patch_score(
                &q,
                &k,
                scheme,
                base,
                columns,
                patch(&pair[0]),
                patch(&pair[1]),
            );
            assert!(
                (ours - expected).abs() < 1e-9,
                "{scheme:?} {pair}: {ours} against {expected}"
            );
        }
    }
}
