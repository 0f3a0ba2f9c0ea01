//! Shipped `config.json` files (tests/data/configs/, sources in docs/sources.md, "Shipped
//! configs") read as each release line of transformers reads them, against float64 references
//! computed from transformers' rules by `tests/data/make_config_reference.py` (written from those
//! rules, not from this crate; `make test` also checks that the committed references are what the
//! script computes).

use std::path::Path;

use pe_explorer::encoding::rope_config::{read_config_as, Transformers};
use pe_explorer::encoding::rope_scaling::frequencies;
use serde_json::Value;

fn data(name: &str) -> String {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn close(what: &str, got: f64, want: f64) {
    let scale = want.abs().max(1e-300);
    assert!(
        ((got - want) / scale).abs() <= 1e-12,
        "{what}: got {got:e}, transformers' rules give {want:e}"
    );
}

/// Every kind of layer of every shipped config, under every release line: the same layers, the
/// same inverse frequencies and attention factor to 1e-12 relative, and an error exactly where that
/// line of transformers stops.
#[test]
fn shipped_configs_match_transformers_rules_under_every_release_line() {
    let reference: Value = serde_json::from_str(&data("real_configs.json")).unwrap();
    let cases = reference["cases"].as_array().unwrap();
    assert!(cases.len() >= 20, "at least 20 shipped configs");
    let mut differing = 0;
    for case in cases {
        let file = case["file"].as_str().unwrap();
        let text = data(&format!("configs/{file}"));
        for rules in Transformers::ALL {
            let want = &case["by"][rules.code()];
            let what = format!("{file} by {}", rules.label(false));
            let got = read_config_as(&text, rules);
            if want["stops"] == Value::Bool(true) {
                assert!(got.is_err(), "{what}: transformers stops, we read {got:?}");
                continue;
            }
            let read = got.unwrap_or_else(|e| panic!("{what}: {e}"));
            let kinds = want["kinds"].as_array().unwrap();
            // One kind: every layer alike, `read.config`; several: `read.layers` in order.
            let rotations: Vec<(String, Vec<usize>, Option<_>)> = if read.layers.is_empty() {
                assert_eq!(kinds.len(), 1, "{what}: kinds of layer");
                vec![("all".into(), Vec::new(), Some(read.config.clone()))]
            } else {
                read.layers
                    .iter()
                    .map(|k| (k.name.clone(), k.layers.clone(), k.rope.clone()))
                    .collect()
            };
            assert_eq!(rotations.len(), kinds.len(), "{what}: kinds of layer");
            for ((name, layers, rope), want) in rotations.iter().zip(kinds) {
                if name != "all" {
                    assert_eq!(name, want["kind"].as_str().unwrap(), "{what}: kind");
                    let want_layers: Vec<usize> = want["layers"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| n.as_u64().unwrap() as usize)
                        .collect();
                    assert_eq!(layers, &want_layers, "{what}: {name}'s layers");
                }
                match (rope, want["rope"].as_bool().unwrap()) {
                    (None, false) => {}
                    (Some(config), true) => {
                        let got = frequencies(config, None);
                        let inv: Vec<f64> = want["inv_freq"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x.as_f64().unwrap())
                            .collect();
                        assert_eq!(got.inv_freq.len(), inv.len(), "{what}: {name}'s pairs");
                        for (i, (g, w)) in got.inv_freq.iter().zip(&inv).enumerate() {
                            close(&format!("{what}: {name}, pair {i}"), *g, *w);
                        }
                        close(
                            &format!("{what}: {name}, attention factor"),
                            got.attention_factor,
                            want["attention_factor"].as_f64().unwrap(),
                        );
                    }
                    (got, _) => panic!("{what}: {name} rotates: {}", got.is_some()),
                }
            }
            if rules != Transformers::V5 && case["by"][rules.code()] != case["by"]["5"] {
                differing += 1;
            }
        }
    }
    // The lines differ on real files: Qwen's model-card YaRN block (no scaling at all before 4.56)
    // and the configs transformers 5 saved with rope_parameters (transformers 4 reads no base).
    assert!(
        differing >= 4,
        "{differing} readings differ from transformers 5's"
    );
}

/// Qwen2.5's model card tells users to add YaRN ×4 over 32 768 tokens to a config that says
/// max_position_embeddings 32 768: transformers 4.51 to 4.55 took the factor from those
/// lengths, 32 768 / 32 768 = 1, and scaled nothing; 4.56 and 5 use 4 and warn.
#[test]
fn qwens_model_card_yarn_scaled_nothing_before_transformers_4_56() {
    let text = data("configs/qwen2_5_7b_instruct_with_model_card_yarn.json");
    let old = read_config_as(&text, Transformers::V4_55).unwrap();
    let plain =
        read_config_as(&data("configs/qwen2_5_7b_instruct.json"), Transformers::V5).unwrap();
    let (old, plain) = (
        frequencies(&old.config, None),
        frequencies(&plain.config, None),
    );
    assert_eq!(old.attention_factor, 1.0);
    for (i, (o, p)) in old.inv_freq.iter().zip(&plain.inv_freq).enumerate() {
        close(&format!("pair {i}, unscaled"), *o, *p);
    }
    let new = read_config_as(&text, Transformers::V5).unwrap();
    assert_ne!(frequencies(&new.config, None).inv_freq, plain.inv_freq);
    close(
        "attention factor",
        frequencies(&new.config, None).attention_factor,
        0.1 * 4f64.ln() + 1.0,
    );
    assert_eq!(
        read_config_as(&text, Transformers::V4_57).unwrap().config,
        new.config
    );
}

fn rope_freqs(args: &[&str]) -> std::process::Output {
    let deps = std::env::current_exe().unwrap();
    let binary = deps
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("examples")
        .join(format!("rope_freqs{}", std::env::consts::EXE_SUFFIX));
    assert!(binary.exists(), "{} not built", binary.display());
    std::process::Command::new(binary)
        .args(args)
        .output()
        .unwrap()
}

/// `rope_freqs` says which transformers it computed as, computes as the one asked for, and lists
/// every other release line that computes the file differently with that line's numbers; a
/// version it does not know is refused by name.
#[test]
fn rope_freqs_names_its_transformers_and_lists_the_lines_that_differ() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/configs/qwen2_5_7b_instruct_with_model_card_yarn.json"
    );
    let json = |args: &[&str]| -> Value {
        let out = rope_freqs(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let by5 = json(&["--config", path]);
    assert_eq!(by5["transformers"], "5");
    // What the numbers are of: the file and the model it names.
    assert_eq!(by5["config"], path);
    assert_eq!(by5["model"], "qwen2");
    let others = by5["other_transformers"].as_array().unwrap();
    assert_eq!(others.len(), 1, "{others:?}");
    assert_eq!(others[0]["transformers"], "4.55");
    assert_eq!(others[0]["attention_factor"], 1.0);
    assert_eq!(others[0]["rope_type"], "yarn ×1");
    let by455 = json(&["--config", path, "--transformers", "4.55"]);
    assert_eq!(by455["transformers"], "4.55");
    assert_eq!(by455["inv_freq"], others[0]["inv_freq"]);
    assert!(by455["notes"][0]
        .as_str()
        .unwrap()
        .contains("does not use the factor 4"));
    assert_eq!(
        json(&["--config", path, "--transformers", "4"])["transformers"],
        "4.57"
    );
    // A layer the model does not have is refused by its number (Qwen2.5 7B has 28).
    assert!(rope_freqs(&["--config", path, "--layer", "27"])
        .status
        .success());
    let missing = rope_freqs(&["--config", path, "--layer", "28"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("layers 0 to 27"));
    let bad = rope_freqs(&["--config", path, "--transformers", "4.4"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--transformers must be"));
}

/// A link carries a model as `rope_fields_json`: every kind of layer of every shipped config, and
/// every preset under every method the lab offers, reads back to the same rotation.
#[test]
fn a_rotation_written_as_its_rope_fields_reads_back_the_same() {
    use pe_explorer::encoding::rope_config::{read_config, rope_fields_json};
    use pe_explorer::encoding::rope_scaling::{Extension, PRESETS};
    let reference: Value = serde_json::from_str(&data("real_configs.json")).unwrap();
    let mut rotations = Vec::new();
    for case in reference["cases"].as_array().unwrap() {
        let file = case["file"].as_str().unwrap();
        let Ok(read) = read_config(&data(&format!("configs/{file}"))) else {
            continue;
        };
        rotations.push((file.to_string(), read.config.clone()));
        for kind in &read.layers {
            if let Some(rope) = &kind.rope {
                rotations.push((format!("{file}, {}", kind.name), rope.clone()));
            }
        }
    }
    for preset in PRESETS {
        let lab = Extension::from_config(&read_config(preset.config).unwrap().config);
        for method in lab.methods() {
            rotations.push((format!("{} {method:?}", preset.name), lab.config(method)));
        }
    }
    assert!(rotations.len() > 60, "{} rotations", rotations.len());
    for (what, config) in rotations {
        let json = rope_fields_json(&config);
        let back = read_config(&json).unwrap_or_else(|e| panic!("{what}: {json} is refused: {e}"));
        assert_eq!(back.config, config, "{what}: {json}");
    }
}

/// One answer for one file: for every shipped config (every kind of layer), the context-extension
/// lab's numbers at its target length L are the ones `rope_freqs --seq-len L` computes, the line
/// the lab's CSV prints.
#[test]
fn the_lab_computes_what_rope_freqs_prints_at_the_same_length() {
    use pe_explorer::encoding::rope_config::read_config;
    use pe_explorer::encoding::rope_scaling::Extension;
    let reference: Value = serde_json::from_str(&data("real_configs.json")).unwrap();
    let mut checked = 0;
    for case in reference["cases"].as_array().unwrap() {
        let file = case["file"].as_str().unwrap();
        let Ok(read) = read_config(&data(&format!("configs/{file}"))) else {
            continue;
        };
        let rotations = std::iter::once(read.config.clone())
            .chain(read.layers.iter().filter_map(|k| k.rope.clone()));
        for config in rotations {
            let lab = Extension::from_config(&config);
            for target in [lab.target, lab.trained, lab.trained + 1] {
                let lab = Extension {
                    target,
                    ..lab.clone()
                };
                assert_eq!(
                    lab.frequencies(lab.method),
                    frequencies(&config, Some(target)),
                    "{file} at {target}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked}");
}
