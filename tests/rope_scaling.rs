//! RoPE context extension: the config reader and `rope_scaling::frequencies` against
//! independent NumPy values (`tests/data/rope_scaling.json`, from `make_reference.py`), every bad
//! config a user pastes by mistake, with its message, `examples/rope_freqs.rs`'s output and exit status,
//! and random JSON that must never make the reader panic. The configs engineers debug
//! most against transformers 5's formulas (`tests/data/rope_transformers.json`, values written out
//! with how they were computed), through the core and through `rope_freqs`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pe_explorer::encoding::rope_config::{read_config, ConfigError, Note, TYPES};
use pe_explorer::encoding::rope_scaling::{frequencies, softmax_scale_factor, Scaling};
use proptest::prelude::*;
use serde_json::{json, Value};

fn reference_cases() -> Vec<Value> {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rope_scaling.json"
    ));
    let text = std::fs::read_to_string(path).expect("rope_scaling.json");
    serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn floats(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn assert_close(name: &str, got: f64, want: f64) {
    let relative = (got - want).abs() / want.abs();
    assert!(
        relative <= 1e-9,
        "{name}: {got} against {want} (relative {relative:e})"
    );
}

#[test]
fn every_type_matches_numpy_to_1e_9_relative() {
    let cases = reference_cases();
    assert_eq!(cases.len(), 15);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let read =
            read_config(&case["config"].to_string()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let seq_len = case["seq_len"].as_u64().map(|n| n as usize);
        let got = frequencies(&read.config, seq_len);
        let want = floats(&case["inv_freq"]);
        assert_eq!(got.inv_freq.len(), want.len(), "{name}: pairs");
        for (i, (g, w)) in got.inv_freq.iter().zip(&want).enumerate() {
            assert_close(&format!("{name}, pair {i}"), *g, *w);
        }
        assert_close(
            &format!("{name}, attention factor"),
            got.attention_factor,
            case["attention_factor"].as_f64().unwrap(),
        );
    }
}

#[test]
fn the_reference_cases_cover_every_type_and_what_changes_the_numbers() {
    // A guard on the data itself: a case list that lost a type would pass the test above.
    let cases = reference_cases();
    let kinds: Vec<String> = cases
        .iter()
        .map(|c| {
            let scaling = c["config"]
                .get("rope_scaling")
                .or(c["config"].get("rope_parameters"));
            scaling
                .and_then(|s| s.get("rope_type").or(s.get("type")))
                .and_then(Value::as_str)
                .unwrap_or("default")
                .to_string()
        })
        .collect();
    for kind in [
        "default", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope",
    ] {
        assert!(kinds.iter().any(|k| k == kind), "no {kind} case");
    }
    // Partial rotary, dynamic past its length and LongRoPE's long factors change the numbers.
    let by_name = |name: &str| cases.iter().find(|c| c["name"] == name).unwrap();
    assert_eq!(
        by_name("partial neox")["inv_freq"]
            .as_array()
            .unwrap()
            .len(),
        12
    );
    assert_ne!(
        by_name("dynamic at 3x")["inv_freq"],
        by_name("default")["inv_freq"]
    );
    assert_ne!(
        by_name("longrope long")["inv_freq"],
        by_name("longrope short")["inv_freq"]
    );
}

/// Every bad configuration the reader must refuse, with its message: those a user pastes by
/// mistake (empty, not JSON, missing factor, factor 0.5, YaRN without factor, a long_factor of the wrong length,
/// an unknown type) and the others the reader checks.
fn bad_configs() -> Vec<(String, &'static str)> {
    let llama = |scaling: Value| {
        json!({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
               "rope_theta": 10000.0, "rope_scaling": scaling})
        .to_string()
    };
    vec![
        ("".into(), "The config is empty: paste a config.json or its rope fields."),
        ("  \n".into(), "The config is empty: paste a config.json or its rope fields."),
        ("{\"rope_theta\": 10000,".into(), "Not JSON: the text stops making sense at line 1, column 21."),
        ("[1, 2]".into(), "the config must be a JSON object ({ … })."),
        (llama(json!({"type": "linear"})), "rope_scaling.factor is missing."),
        (llama(json!({"type": "linear", "factor": 0})), "rope_scaling.factor is 0; it must be from 0.0001 to 10000."),
        (llama(json!({"type": "yarn"})), "rope_scaling.factor is missing."),
        (llama(json!({"type": "yarn", "factor": "4"})), "rope_scaling.factor must be a number."),
        (llama(json!({"type": "longrope", "factor": 2.0, "short_factor": vec![1.0; 64], "long_factor": vec![1.0; 3]})),
            "rope_scaling.long_factor has 3 numbers; the rotary dimension needs 64, one per pair."),
        (llama(json!({"type": "longrope", "factor": 2.0, "short_factor": vec![1.0; 64], "long_factor": "x"})),
            "rope_scaling.long_factor must be a list of numbers."),
        (llama(json!({"type": "magic", "factor": 2.0})),
            "Unknown rope_scaling type \"magic\": known types are default, linear, ntk, dynamic, yarn, llama3, longrope."),
        (llama(json!({"factor": 2.0})), "rope_scaling.rope_type is missing."),
        (llama(json!(3)), "rope_scaling must be a JSON object ({ … })."),
        // LongRoPE's attention factor √(1 + ln s / ln L₀) divides by ln 1 = 0 (found by the
        // near-valid configs property: transformers raises ZeroDivisionError).
        (llama(json!({"type": "longrope", "factor": 4.0, "short_factor": vec![1.0; 64], "long_factor": vec![1.0; 64],
                      "original_max_position_embeddings": 1})),
            "rope_scaling.original_max_position_embeddings is 1; it must be greater than 1."),
        // A multiplier whose square overflows would make every score infinite (found by the
        // charts property: attention_factor 1e300 drew NaN grid lines).
        (llama(json!({"type": "yarn", "factor": 4.0, "attention_factor": 1e300})),
            "rope_scaling.attention_factor is 1e300; it must be greater than 0 and at most 100."),
        (llama(json!({"type": "yarn", "factor": 4.0, "mscale": 1e300})),
            "rope_scaling.mscale is 1e300; it must be from 0 to 100."),
        (json!({"num_attention_heads": 32, "max_position_embeddings": 4096}).to_string(), "head_dim (or hidden_size) is missing."),
        (json!({"head_dim": 128}).to_string(), "max_position_embeddings is missing."),
        (json!({"head_dim": 128, "max_position_embeddings": 4096.5}).to_string(), "max_position_embeddings must be a whole number."),
        (json!({"head_dim": 128, "max_position_embeddings": 0}).to_string(), "max_position_embeddings is 0; it must be a whole number from 1 to 2147483648."),
        (json!({"head_dim": 128, "max_position_embeddings": 4096, "rope_theta": 1}).to_string(), "rope_theta is 1; it must be greater than 1 and at most 1e12."),
        (json!({"head_dim": 128, "max_position_embeddings": 4096, "partial_rotary_factor": 1.5}).to_string(),
            "partial_rotary_factor is 1.5; it must be greater than 0 and at most 1."),
        (json!({"head_dim": 6, "max_position_embeddings": 4096, "partial_rotary_factor": 0.5}).to_string(),
            "head_dim × partial_rotary_factor is 3; it must be even, at least 2 and at most 8192 (head_dim × partial_rotary_factor, the rotary dimension)."),
        (json!({"head_dim": 2, "max_position_embeddings": 4096, "rope_scaling": {"type": "dynamic", "factor": 2.0}}).to_string(),
            "head_dim × partial_rotary_factor is 2; it must be even, at least 4 and at most 8192 (head_dim × partial_rotary_factor, the rotary dimension)."),
        (json!({"head_dim": 1_000_000, "max_position_embeddings": 4096}).to_string(),
            "head_dim × partial_rotary_factor is 1000000; it must be even, at least 2 and at most 8192 (head_dim × partial_rotary_factor, the rotary dimension)."),
    ]
}

#[test]
fn every_bad_config_names_its_field() {
    let cases = bad_configs();
    for (text, message) in &cases {
        match read_config(text) {
            Ok(read) => panic!("{text}: read as {:?}", read.config),
            Err(error) => {
                assert_eq!(error.to_string(), *message, "{text}");
                // Every message has its Chinese, which names the same field.
                let chinese = error.message(true);
                assert!(
                    chinese
                        .chars()
                        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{chinese}"
                );
                if let ConfigError::Missing { field } | ConfigError::WrongType { field, .. } =
                    &error
                {
                    assert!(chinese.contains(field.as_str()), "{chinese}");
                }
            }
        }
    }
}

#[test]
fn what_the_reader_assumes_is_said() {
    let read = read_config(r#"{"head_dim": 64, "max_position_embeddings": 2048}"#).unwrap();
    assert_eq!(read.config.rope_theta, 10000.0);
    assert_eq!(read.notes, vec![Note::DefaultBase]);
    let qwen2_vl = r#"{"head_dim": 128, "max_position_embeddings": 32768, "rope_theta": 1000000.0,
        "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}}"#;
    assert_eq!(
        read_config(qwen2_vl).unwrap().notes,
        vec![Note::MropeAsDefault {
            sections: Some(vec![16, 24, 24])
        }]
    );
}

/// A multimodal model's config keeps its language model under `text_config` (shaped here as
/// Gemma 3's is, the numbers the test's own): that model is read, and a note says where from, in
/// the strict reader and in the lab's paste box alike; the top level's own head width wins when it
/// has one.
#[test]
fn a_nested_text_config_is_read_and_said() {
    use pe_explorer::encoding::rope_config::read_rope_fields;
    let gemma = r#"{"model_type": "gemma3", "vision_config": {"hidden_size": 1152},
        "text_config": {"hidden_size": 2560, "num_attention_heads": 8, "head_dim": 256,
            "max_position_embeddings": 131072, "rope_theta": 1000000.0,
            "rope_scaling": {"rope_type": "linear", "factor": 8.0}}}"#;
    for read in [
        read_config(gemma).unwrap(),
        read_rope_fields(gemma, 64, 1000).unwrap(),
    ] {
        assert_eq!(read.config.head_dim, 256);
        assert_eq!(read.config.rope_theta, 1.0e6);
        assert_eq!(read.config.max_position_embeddings, 131_072);
        assert_eq!(read.config.scaling, Scaling::Linear { factor: 8.0 });
        // Linear scaling does not say how long the model was trained: the assumption is said;
        // so are the fields Gemma 3's text configuration class fills in (26 layers, the sliding
        // ones with base 10 000).
        assert_eq!(
            read.notes,
            vec![
                Note::TextConfig,
                Note::TrainedLengthAssumed {
                    original: None,
                    max: 131_072
                },
                Note::LayerKinds {
                    kinds: 2,
                    shown: "full_attention".into()
                },
                Note::ClassDefaults {
                    class: "gemma3_text".into(),
                    filled: vec![
                        "num_hidden_layers = 26".into(),
                        "rope_local_base_freq = 10000".into()
                    ]
                }
            ]
        );
        assert_eq!(
            read.layers[0].layers.len() + read.layers[1].layers.len(),
            26
        );
        assert!(read.notes[0]
            .message(false)
            .starts_with("Read from text_config"));
        assert!(read.notes[0]
            .message(true)
            .starts_with("从 text_config 读取"));
    }
    // A nested config that lacks a field is refused by its full name.
    let error = read_config(
        r#"{"text_config": {"num_attention_heads": 8, "max_position_embeddings": 4096}}"#,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        read_config(r#"{"num_attention_heads": 8, "max_position_embeddings": 4096}"#)
            .unwrap_err()
            .to_string()
            .replace("head_dim", "text_config.head_dim")
    );
    // A top level with its own head width is the language model, text_config or not.
    let flat =
        r#"{"head_dim": 128, "max_position_embeddings": 4096, "text_config": {"head_dim": 64}}"#;
    assert_eq!(read_config(flat).unwrap().config.head_dim, 128);
}

/// YaRN's betas as leniently as transformers reads them (`get("beta_fast") or 32`, and only a
/// warning when beta_fast < beta_slow), with the same numbers: d 128, base 10 000, ×4 from 4 096.
/// The references are NumPy's, from transformers' `_compute_yarn_parameters` written out
/// (pairs 0, 20, 30, 40, 63).
#[test]
fn yarn_betas_are_read_as_transformers_reads_them() {
    let yarn = |betas: &str| {
        read_config(&format!(
            r#"{{"head_dim": 128, "max_position_embeddings": 16384, "rope_theta": 10000.0,
                "rope_scaling": {{"rope_type": "yarn", "factor": 4.0,
                "original_max_position_embeddings": 4096{betas}}}}}"#
        ))
        .unwrap()
    };
    let pairs = |read: &pe_explorer::encoding::rope_config::Read| {
        let inv_freq = frequencies(&read.config, None).inv_freq;
        [0, 20, 30, 40, 63].map(|i| inv_freq[i])
    };
    // Equal betas (Kimi-K2 ships 1 and 1): read, no note.
    let equal = yarn(r#", "beta_fast": 1.0, "beta_slow": 1.0"#);
    assert!(equal.notes.is_empty());
    for (got, want) in pairs(&equal).into_iter().zip([
        1.0,
        0.056234132519034905,
        0.01333521432163324,
        0.003162277660168379,
        2.8869549617236455e-05,
    ]) {
        assert_close("equal betas", got, want);
    }
    // beta_fast below beta_slow: transformers' warning, and its numbers.
    let below = yarn(r#", "beta_fast": 1.0, "beta_slow": 2.0"#);
    assert_eq!(
        below.notes,
        vec![Note::BetaFastBelowSlow {
            beta_fast: 1.0,
            beta_slow: 2.0
        }]
    );
    assert!(below.notes[0]
        .message(false)
        .starts_with("Warning, as transformers gives it"));
    for (got, want) in pairs(&below).into_iter().zip([
        0.25,
        0.014058533129758726,
        0.00333380358040831,
        0.0007905694150420947,
        0.00011547819846894582,
    ]) {
        assert_close("beta_fast below beta_slow", got, want);
    }
    // A 0 is the default, said so.
    let zero = yarn(r#", "beta_fast": 0, "beta_slow": 0"#);
    assert_eq!(pairs(&zero), pairs(&yarn("")));
    assert_eq!(zero.notes.len(), 2);
    assert!(zero.notes[0]
        .message(false)
        .starts_with("rope_scaling.beta_fast is 0: read as 32"));
}

#[test]
fn the_labs_paste_box_takes_just_the_rope_fields_and_says_what_it_assumed() {
    use pe_explorer::encoding::rope_config::read_rope_fields;
    // A whole config reads exactly as the strict reader reads it.
    for case in reference_cases() {
        let text = case["config"].to_string();
        assert_eq!(
            read_rope_fields(&text, 64, 1000),
            read_config(&text),
            "{}",
            case["name"]
        );
    }
    // Only rope fields: the size comes from what the lab shows, and a note says so.
    let read = read_rope_fields(
        r#"{"rope_theta": 1000000.0, "rope_scaling": {"type": "yarn", "factor": 4.0}}"#,
        96,
        4096,
    )
    .unwrap();
    assert_eq!(
        (
            read.config.rotary_dim(),
            read.config.max_position_embeddings
        ),
        (96, 4096)
    );
    assert_eq!(
        read.notes.iter().map(|n| n.message(false)).collect::<Vec<_>>(),
        ["The config gives neither the head size nor max_position_embeddings: using the current head_dim 96 and max_position_embeddings 4096."]
    );
    assert!(read.notes[0].message(true).contains("head_dim 96"));
    // Every bad config is still refused with the same message.
    for (text, message) in bad_configs() {
        let error = read_rope_fields(&text, 128, 4096).err();
        if let Some(error) = error {
            assert_eq!(error.to_string(), message, "{text}");
        } else {
            // Only the configs that lacked the model's size become readable.
            assert!(
                message.contains("head_dim (or hidden_size) is missing")
                    || message.contains("max_position_embeddings is missing"),
                "{text}"
            );
        }
    }
}

/// The example's binary, which `cargo test` builds beside the tests (target/<profile>/examples).
fn rope_freqs_binary() -> PathBuf {
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let binary = deps
        .parent()
        .unwrap()
        .join("examples")
        .join(format!("rope_freqs{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} not built (cargo test builds the examples)",
        binary.display()
    );
    binary
}

/// `rope_freqs` run with `args` and `config` on its standard input.
fn rope_freqs_on_stdin(config: &str, args: &[&str]) -> std::process::Output {
    let mut child = Command::new(rope_freqs_binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(config.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_example_prints_full_precision_json_and_fails_on_a_bad_config() {
    let dir = std::env::temp_dir().join(format!("rope_freqs_test_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = reference_cases();
    let dynamic = cases.iter().find(|c| c["name"] == "dynamic at 3x").unwrap();
    let good = dir.join("good.json");
    std::fs::write(&good, dynamic["config"].to_string()).unwrap();
    // Nothing on standard input, so that a run without --config never waits for it.
    let run = |args: &[&str]| {
        Command::new(rope_freqs_binary())
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };

    let out = run(&["--config", good.to_str().unwrap(), "--seq-len", "12288"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    // It is JSON …
    let json: Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(json["inv_freq"].as_array().map(Vec::len), Some(64));
    // … and in full precision: every printed number reads back (with Rust's exact parser;
    // serde_json's default one may land 1 ulp away) as exactly the core's.
    let list = printed
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .unwrap()
        .0;
    let read_back: Vec<f64> = list.split(',').map(|x| x.trim().parse().unwrap()).collect();
    let read = read_config(&dynamic["config"].to_string()).unwrap();
    let core = frequencies(&read.config, Some(12288));
    assert_eq!(read_back, core.inv_freq);
    assert_eq!(json["attention_factor"].as_f64(), Some(1.0));
    assert!(json.get("softmax_scale_factor").is_none());
    for (g, w) in core.inv_freq.iter().zip(floats(&dynamic["inv_freq"])) {
        assert_close("example", *g, w);
    }

    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"head_dim": 128, "max_position_embeddings": 4096, "rope_scaling": {"type": "yarn"}}"#,
    )
    .unwrap();
    let out = run(&["--config", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rope_scaling.factor is missing."));
    assert!(
        !run(&["--config", dir.join("absent.json").to_str().unwrap()])
            .status
            .success()
    );
    assert!(
        !run(&["--config", good.to_str().unwrap(), "--seq-len", "-3"])
            .status
            .success()
    );
    // Nothing on standard input and no file: an empty config, refused.
    assert!(!run(&[]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_example_has_help_and_reads_a_config_from_standard_input() {
    for flag in ["--help", "-h"] {
        let out = Command::new(rope_freqs_binary())
            .arg(flag)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(out.status.success(), "{flag} exits 0");
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.starts_with("usage: rope_freqs"), "{help}");
        assert!(
            help.contains("--seq-len") && help.contains("standard input"),
            "{help}"
        );
    }
    let cases = reference_cases();
    let dynamic = cases.iter().find(|c| c["name"] == "dynamic at 3x").unwrap();
    let config = dynamic["config"].to_string();
    let dir = std::env::temp_dir().join(format!("rope_freqs_stdin_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.json");
    std::fs::write(&file, &config).unwrap();
    let from_file = Command::new(rope_freqs_binary())
        .args(["--config", file.to_str().unwrap(), "--seq-len", "12288"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    for args in [
        &["--seq-len", "12288"][..],
        &["--config", "-", "--seq-len", "12288"][..],
    ] {
        let out = rope_freqs_on_stdin(&config, args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The same output but for the file's name (null on standard input).
        let parsed = |bytes: &[u8]| -> serde_json::Value { serde_json::from_slice(bytes).unwrap() };
        let (mut piped, mut filed) = (parsed(&out.stdout), parsed(&from_file.stdout));
        assert_eq!(piped["config"], serde_json::Value::Null);
        assert_eq!(filed["config"], file.to_str().unwrap());
        piped["config"] = serde_json::Value::Null;
        filed["config"] = serde_json::Value::Null;
        assert_eq!(piped, filed, "{args:?}: the same numbers as from the file");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A model whose layers differ prints one entry per kind of layer, `--layer` picks one layer (by
/// number or type) and prints its own numbers, and a layer the model does not have is refused
/// with the range it has. Gemma 3's shape: 62 layers, every sixth full (base 10⁶, linear ×8), the
/// rest sliding (base 10⁴); Llama 4's: every fourth layer without RoPE.
#[test]
fn rope_freqs_prints_each_kind_of_layer_and_one_with_layer() {
    let run = |config: &str, args: &[&str]| rope_freqs_on_stdin(config, args);
    let gemma = json!({"text_config": {"head_dim": 128, "num_hidden_layers": 62,
        "max_position_embeddings": 131072, "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0,
        "sliding_window_pattern": 6, "rope_scaling": {"rope_type": "linear", "factor": 8.0}}})
    .to_string();
    let out = run(&gemma, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let kinds = json["layers"].as_array().unwrap();
    assert_eq!(kinds.len(), 2);
    assert_eq!(
        (kinds[0]["kind"].as_str(), kinds[0]["count"].as_u64()),
        (Some("sliding_attention"), Some(52))
    );
    assert_eq!(
        (kinds[1]["kind"].as_str(), kinds[1]["count"].as_u64()),
        (Some("full_attention"), Some(10))
    );
    let second = |json: &Value| floats(&json["inv_freq"])[1];
    assert_close(
        "sliding, pair 1",
        second(&kinds[0]),
        1e4f64.powf(-2.0 / 128.0),
    );
    assert_close(
        "full, pair 1",
        second(&kinds[1]),
        1e6f64.powf(-2.0 / 128.0) / 8.0,
    );
    for (which, want) in [
        ("5", 1e6f64.powf(-2.0 / 128.0) / 8.0),
        ("full_attention", 1e6f64.powf(-2.0 / 128.0) / 8.0),
        ("0", 1e4f64.powf(-2.0 / 128.0)),
    ] {
        let out = run(&gemma, &["--layer", which]);
        assert!(out.status.success(), "{which}");
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_close(&format!("--layer {which}"), second(&json), want);
    }
    let out = run(&gemma, &["--layer", "62"]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains("layers 0 to 61") && message.contains("sliding_attention"),
        "{message}"
    );
    // The warning that the layers differ goes to standard error, as every note does.
    assert!(
        String::from_utf8_lossy(&run(&gemma, &[]).stderr).contains("rotate in 2 different ways")
    );
    let llama4 = json!({"model_type": "llama4_text", "head_dim": 128, "num_hidden_layers": 48,
        "max_position_embeddings": 131072, "rope_theta": 500000.0})
    .to_string();
    let json: Value = serde_json::from_slice(&run(&llama4, &["--layer", "3"]).stdout).unwrap();
    assert_eq!(json["rope"], json!(false));
    assert_eq!(json["query_temperature"]["floor_scale"], json!(8192.0));
    let json: Value = serde_json::from_slice(&run(&llama4, &["--layer", "2"]).stdout).unwrap();
    assert_close(
        "llama 4 layer 2, pair 1",
        second(&json),
        5e5f64.powf(-2.0 / 128.0),
    );
}

/// Random JSON built from the keys the reader looks at, with values of every kind.
fn rope_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        prop_oneof![
            Just(0.0),
            Just(1.0),
            Just(2.0),
            Just(1e300),
            Just(-1.0),
            Just(0.5)
        ]
        .prop_map(Value::from),
        "[a-z_]{0,12}".prop_map(Value::from),
        // Every type the reader knows, and one it reads with a note.
        prop_oneof![prop::sample::select(TYPES.to_vec()), Just("mrope")].prop_map(Value::from),
        // The names per-layer configs use.
        prop_oneof![
            Just("full_attention"),
            Just("sliding_attention"),
            Just("llama4_text")
        ]
        .prop_map(Value::from),
    ];
    let keys = prop_oneof![
        Just("rope_theta"),
        Just("head_dim"),
        Just("hidden_size"),
        Just("num_attention_heads"),
        Just("max_position_embeddings"),
        Just("partial_rotary_factor"),
        Just("original_max_position_embeddings"),
        Just("rope_scaling"),
        Just("rope_parameters"),
        Just("type"),
        Just("rope_type"),
        Just("factor"),
        Just("beta_fast"),
        Just("beta_slow"),
        Just("attention_factor"),
        Just("low_freq_factor"),
        Just("high_freq_factor"),
        Just("short_factor"),
        Just("long_factor"),
        Just("mscale"),
        Just("mscale_all_dim"),
        Just("truncate"),
        Just("rotary_pct"),
        Just("layer_types"),
        Just("no_rope_layers"),
        Just("no_rope_layer_interval"),
        Just("rope_local_base_freq"),
        Just("num_hidden_layers"),
        Just("sliding_window_pattern"),
        Just("model_type"),
        Just("full_attention"),
        Just("sliding_attention"),
        Just("attn_temperature_tuning"),
        Just("floor_scale"),
        Just("attn_scale"),
        Just("mrope_section"),
        Just("text_config"),
    ];
    leaf.prop_recursive(4, 64, 12, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..70).prop_map(Value::Array),
            prop::collection::vec((keys.clone(), inner), 0..12).prop_map(|pairs| Value::Object(
                pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

/// A model's fields with sensible sizes and a `rope_scaling` of random keys and values: most are
/// refused, enough are accepted to reach every type's arithmetic.
fn near_valid_config() -> impl Strategy<Value = Value> {
    let number = prop_oneof![
        (1.0f64..64.0).prop_map(Value::from),
        prop_oneof![Just(0.5), Just(1.0), Just(4.0), Just(8192.0), Just(1e300)]
            .prop_map(Value::from),
        (1u64..1 << 20).prop_map(Value::from),
    ];
    let factors = prop_oneof![
        prop::collection::vec(0.5f64..40.0, 1..3).prop_map(|v| json!(v)),
        prop::collection::vec(0.5f64..40.0, 32..33).prop_map(|v| json!(v)),
        prop::collection::vec(0.5f64..40.0, 64..65).prop_map(|v| json!(v)),
    ];
    let kind = prop::sample::select(TYPES.to_vec());
    let extra_keys = prop::sample::subsequence(
        vec![
            "factor",
            "beta_fast",
            "beta_slow",
            "attention_factor",
            "low_freq_factor",
            "high_freq_factor",
            "original_max_position_embeddings",
            "mscale",
            "mscale_all_dim",
        ],
        0..=9,
    );
    (
        prop_oneof![Just(64u64), Just(128), Just(80), Just(96), Just(2), Just(4)],
        prop_oneof![Just(1.0f64), Just(0.25), Just(0.5)],
        1u64..1 << 24,
        prop_oneof![(1.01f64..1e7).prop_map(Some), Just(None)],
        prop_oneof![Just(None), (1u64..1 << 20).prop_map(Some)],
        kind,
        extra_keys,
        prop::collection::vec(number, 9),
        (factors.clone(), factors, any::<bool>()),
    )
        .prop_map(
            |(head, share, max, base, original, kind, keys, values, (short, long, truncate))| {
                let mut scaling = serde_json::Map::new();
                scaling.insert("rope_type".into(), json!(kind));
                for (key, value) in keys.into_iter().zip(values) {
                    scaling.insert(key.into(), value);
                }
                scaling.insert("short_factor".into(), short);
                scaling.insert("long_factor".into(), long);
                scaling.insert("truncate".into(), json!(truncate));
                let mut config = json!({"head_dim": head, "partial_rotary_factor": share,
                                    "max_position_embeddings": max, "rope_scaling": scaling});
                if let Some(base) = base {
                    config["rope_theta"] = json!(base);
                }
                if let Some(original) = original {
                    config["original_max_position_embeddings"] = json!(original);
                }
                config
            },
        )
}

/// A config the reader accepted gives one finite, positive frequency per pair and a finite,
/// positive attention factor at `seq_len`.
fn accepted_configs_give_finite_numbers(
    value: &Value,
    seq_len: Option<usize>,
) -> Result<(), TestCaseError> {
    let Ok(read) = read_config(&value.to_string()) else {
        return Ok(());
    };
    // Every kind of layer that rotates, as well as the one the charts show.
    for config in
        std::iter::once(&read.config).chain(read.layers.iter().filter_map(|k| k.rope.as_ref()))
    {
        let f = frequencies(config, seq_len);
        prop_assert_eq!(f.inv_freq.len(), config.rotary_dim() / 2);
        prop_assert!(
            f.inv_freq.iter().all(|x| x.is_finite() && *x > 0.0),
            "{:?} {:?}",
            value,
            f
        );
        prop_assert!(
            f.attention_factor.is_finite() && f.attention_factor > 0.0,
            "{:?} {:?}",
            value,
            f
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(4096) })]

    /// Near-valid configurations: the same, with most of them reaching the arithmetic.
    #[test]
    fn near_valid_configs_never_panic_and_accepted_ones_give_finite_numbers(
        value in near_valid_config(),
        seq_len in prop_oneof![Just(None), (1usize..1 << 31).prop_map(Some)],
    ) {
        accepted_configs_give_finite_numbers(&value, seq_len)?;
    }

    /// Whatever is pasted, the reader answers with a config or a message, never a panic; and a
    /// config it accepts gives finite, positive frequencies at any length.
    #[test]
    fn random_json_never_panics_and_accepted_configs_give_finite_numbers(
        value in rope_json(),
        seq_len in prop_oneof![Just(None), (1usize..1 << 31).prop_map(Some)],
    ) {
        accepted_configs_give_finite_numbers(&value, seq_len)?;
    }

    /// Any text at all, JSON or not.
    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        let _ = read_config(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(64) })]

    /// What the lab draws from any accepted config (its start, every method, the three charts)
    /// is made of finite numbers: no NaN or infinity reaches a path or a label.
    #[test]
    fn the_labs_charts_of_any_accepted_config_are_finite(value in near_valid_config()) {
        use pe_explorer::encoding::rope_scaling::{Extension, Method};
        use pe_explorer::render::wavelengths::{angle_marks, score_marks, wavelength_marks};
        use pe_explorer::render::svg_plot::Mark;
        if let Ok(read) = read_config(&value.to_string()) {
            let lab = Extension::from_config(&read.config);
            let plain = lab.frequencies(Method::Direct);
            let scaled = lab.frequencies(lab.method);
            let mut marks = wavelength_marks(&lab, &plain, &scaled);
            marks.extend(angle_marks(&lab, &plain, &scaled));
            marks.extend(score_marks(&lab));
            for mark in &marks {
                let finite = match mark {
                    Mark::Line { from, to, .. } => [from.0, from.1, to.0, to.1].iter().all(|x| x.is_finite()),
                    Mark::Bar { at, size, .. } => [at.0, at.1, size.0, size.1].iter().all(|x| x.is_finite()),
                    Mark::Text { at, .. } => at.0.is_finite() && at.1.is_finite(),
                    Mark::Path { d, .. } | Mark::Area { d, .. } => !d.contains("NaN") && !d.contains("inf"),
                };
                prop_assert!(finite, "{:?} in {}", mark, value);
            }
        }
    }
}

/// One of the configurations engineers debug, the length it is asked at, and what transformers gives
/// (`tests/data/rope_transformers.json`, whose `about` says how the values were computed).
struct Case {
    name: String,
    /// The config.json fields, as pasted.
    config: String,
    seq_len: Option<usize>,
    inv_freq: Vec<f64>,
    attention_factor: f64,
    /// DeepSeek's separate softmax factor, m(s, mscale_all_dim)².
    softmax_scale_factor: Option<f64>,
}

fn transformers_cases() -> Vec<Case> {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rope_transformers.json"
    ));
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    data["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            name: c["name"].as_str().unwrap().to_string(),
            config: c["config"].to_string(),
            seq_len: c["seq_len"].as_u64().map(|n| n as usize),
            inv_freq: floats(&c["inv_freq"]),
            attention_factor: c["attention_factor"].as_f64().unwrap(),
            softmax_scale_factor: c["softmax_scale_factor"].as_f64(),
        })
        .collect()
}

/// The configurations engineers debug: every inverse frequency and the attention factor (and DeepSeek's
/// softmax factor) within 1e-9 relative of transformers 5's formulas.
#[test]
fn the_configs_engineers_debug_match_transformers_to_1e_9_relative() {
    let cases = transformers_cases();
    assert_eq!(cases.len(), 13);
    for case in &cases {
        let read = read_config(&case.config).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let got = frequencies(&read.config, case.seq_len);
        assert_eq!(
            got.inv_freq.len(),
            case.inv_freq.len(),
            "{}: pairs",
            case.name
        );
        for (i, (g, w)) in got.inv_freq.iter().zip(&case.inv_freq).enumerate() {
            assert_close(&format!("{}, pair {i}", case.name), *g, *w);
        }
        assert_close(
            &format!("{}, attention factor", case.name),
            got.attention_factor,
            case.attention_factor,
        );
        match (
            softmax_scale_factor(&read.config),
            case.softmax_scale_factor,
        ) {
            (Some(g), Some(w)) => assert_close(&format!("{}, softmax", case.name), g, w),
            (g, w) => assert_eq!(g, w, "{}: softmax factor", case.name),
        }
    }
}

#[test]
fn rope_freqs_prints_transformers_numbers_for_the_configs_engineers_debug() {
    let dir = std::env::temp_dir().join(format!("rope_freqs_40_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, case) in transformers_cases().iter().enumerate() {
        let path = dir.join(format!("{n}.json"));
        std::fs::write(&path, &case.config).unwrap();
        let mut command = Command::new(rope_freqs_binary());
        command.args(["--config", path.to_str().unwrap()]);
        if let Some(n) = case.seq_len {
            command.args(["--seq-len", &n.to_string()]);
        }
        let out = command.output().unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            case.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let printed = floats(&json["inv_freq"]);
        assert_eq!(printed.len(), case.inv_freq.len(), "{}", case.name);
        for (i, (g, w)) in printed.iter().zip(&case.inv_freq).enumerate() {
            assert_close(&format!("rope_freqs {}, pair {i}", case.name), *g, *w);
        }
        assert_close(
            &format!("rope_freqs {}, attention factor", case.name),
            json["attention_factor"].as_f64().unwrap(),
            case.attention_factor,
        );
        assert_eq!(
            json.get("softmax_scale_factor")
                .map(|v| v.as_f64().unwrap().to_bits()),
            case.softmax_scale_factor.map(|w| {
                let g = json["softmax_scale_factor"].as_f64().unwrap();
                assert_close(&format!("rope_freqs {}, softmax", case.name), g, w);
                g.to_bits()
            }),
            "{}",
            case.name
        );
        // What the numbers are of, and at which length they were computed.
        let read = read_config(&case.config).unwrap();
        assert_eq!(
            json["rope_type"],
            json!(read.config.scaling.label()),
            "{}",
            case.name
        );
        assert_eq!(
            json["rotary_dim"],
            json!(case.inv_freq.len() * 2),
            "{}",
            case.name
        );
        assert_eq!(
            json["training_length"],
            json!(read.config.training_length()),
            "{}",
            case.name
        );
        assert_eq!(json["seq_len"], json!(case.seq_len), "{}", case.name);
        if let Scaling::LongRope(_) = read.config.scaling {
            let long = case
                .seq_len
                .is_some_and(|n| n > read.config.training_length());
            assert_eq!(
                json["longrope_factors"],
                json!(if long { "long" } else { "short" }),
                "{}",
                case.name
            );
        }
        // `type: su` is read as longrope, and says so.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr.contains("type su is read as longrope"),
            case.name == "type su",
            "{}: {stderr}",
            case.name
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// DeepSeek's rotated width and softmax factor, as transformers reads them.
#[test]
fn deepseek_rotates_qk_rope_head_dim_and_scales_its_softmax_apart() {
    let cases = transformers_cases();
    let v3 = read_config(&cases[1].config).unwrap().config;
    assert_eq!(v3.rotary_dim(), 64, "qk_rope_head_dim, not 7168 / 128 = 56");
    assert_eq!(frequencies(&v3, None).attention_factor, 1.0);
    let lite = read_config(&cases[2].config).unwrap().config;
    assert_eq!(
        lite.rotary_dim(),
        64,
        "qk_rope_head_dim, not 2048 / 16 = 128"
    );
    // The same YaRN without DeepSeek's attention scales nothing apart.
    let plain = cases[1].config.replace("\"qk_rope_head_dim\":64,", "");
    assert_ne!(plain, cases[1].config);
    assert_eq!(
        softmax_scale_factor(&read_config(&plain).unwrap().config),
        None
    );
}

#[test]
fn longrope_takes_the_long_factors_only_past_the_original_length() {
    let phi3 = read_config(&transformers_cases()[6].config).unwrap().config;
    let at = |n: Option<usize>| frequencies(&phi3, n).inv_freq;
    assert_eq!(at(Some(4096)), at(None), "4096 and no length: short");
    assert_ne!(at(Some(4097)), at(Some(4096)), "4097: long");
    // Its attention factor depends on the configuration only, not on the length.
    assert_eq!(
        frequencies(&phi3, Some(4096)).attention_factor,
        frequencies(&phi3, Some(1 << 20)).attention_factor
    );
}

#[test]
fn valid_json_the_reader_cannot_use_says_what_it_is() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let error = read_config(&deep).unwrap_err();
    assert!(matches!(error, ConfigError::TooDeep { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("JSON nested too deep to read"),
        "{error}"
    );
    let huge = r#"{"head_dim": 128, "max_position_embeddings": 4096, "rope_theta": 1e400}"#;
    let error = read_config(huge).unwrap_err();
    assert_eq!(
        error.to_string(),
        "The number at line 1, column 70 is out of range (above 1.8e308)."
    );
    // More than 1 MiB is refused before it is parsed, with its size.
    let big = format!("{{\"pad\": \"{}\"}}", "x".repeat(5 << 20));
    let error = read_config(&big).unwrap_err();
    assert_eq!(error, ConfigError::TooLarge { bytes: big.len() });
    assert!(
        error
            .to_string()
            .starts_with(&format!("The paste is {} bytes (5.2 MB)", big.len())),
        "{error}"
    );
    for error in [
        read_config(&deep).unwrap_err(),
        read_config(huge).unwrap_err(),
        read_config(&big).unwrap_err(),
    ] {
        assert!(!error.to_string().contains("Not JSON"));
        assert!(error
            .message(true)
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)));
    }
}

#[test]
fn the_assumed_size_note_names_only_what_was_missing() {
    let pasted =
        |text: &str| pe_explorer::encoding::rope_config::read_rope_fields(text, 128, 4096).unwrap();
    let note = |text: &str| pasted(text).notes[0].message(false);
    assert_eq!(
        note(r#"{"head_dim": 64, "rope_theta": 10000.0}"#),
        "The config gives no max_position_embeddings: using the current 4096."
    );
    assert_eq!(
        note(r#"{"max_position_embeddings": 2048, "rope_theta": 10000.0}"#),
        "The config gives no head size (head_dim, hidden_size): using the current head_dim 128."
    );
    // DeepSeek's qk_rope_head_dim is a head size.
    let deepseek = pasted(r#"{"qk_rope_head_dim": 64, "max_position_embeddings": 2048}"#);
    assert_eq!(deepseek.config.rotary_dim(), 64);
}
