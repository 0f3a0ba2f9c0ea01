//! Models whose layers do not all rotate alike, and transformers 5's warnings, as the reader
//! gives them: every kind of layer with its own numbers (written out here from the formulas,
//! not from the reader), and every warning transformers logs shown as a note.

use pe_explorer::encoding::rope_config::{read_config, read_rope_fields, Note, QueryTemperature};
use pe_explorer::encoding::rope_scaling::{frequencies, Scaling};
use serde_json::{json, Value};

fn close(got: f64, want: f64) -> bool {
    (got - want).abs() <= 1e-12 * want.abs()
}

/// θ_i = base^(−2i/d), i = 0 … d/2 − 1, divided by `factor`.
fn plain(base: f64, dim: usize, factor: f64) -> Vec<f64> {
    (0..dim / 2)
        .map(|i| base.powf(-2.0 * i as f64 / dim as f64) / factor)
        .collect()
}

fn assert_frequencies(name: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{name}: pairs");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(close(*g, *w), "{name}, pair {i}: {g} against {w}");
    }
}

/// Gemma 3 27B's text model as its config.json shapes it (62 layers, head_dim 128), in the three
/// ways configs write it: transformers 4's `rope_local_base_freq` with `sliding_window_pattern`,
/// an explicit `layer_types`, and transformers 5's `rope_parameters` keyed by layer type.
fn gemma_3_text(extra: Value) -> String {
    let mut text = json!({"model_type": "gemma3_text", "head_dim": 128, "hidden_size": 5376,
        "num_attention_heads": 32, "num_hidden_layers": 62, "max_position_embeddings": 131072,
        "rope_theta": 1000000.0});
    text.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    json!({"model_type": "gemma3", "text_config": text}).to_string()
}

#[test]
fn gemma_3s_sliding_layers_rotate_with_their_own_base_and_no_scaling() {
    let pattern: Vec<&str> = (0..62)
        .map(|i| {
            if (i + 1) % 6 == 0 {
                "full_attention"
            } else {
                "sliding_attention"
            }
        })
        .collect();
    let linear = json!({"rope_type": "linear", "factor": 8.0});
    for (how, extra) in [
        (
            "rope_local_base_freq",
            json!({"rope_local_base_freq": 10000.0, "sliding_window_pattern": 6, "rope_scaling": linear}),
        ),
        (
            "layer_types",
            json!({"rope_local_base_freq": 10000.0, "layer_types": pattern, "rope_scaling": linear}),
        ),
        (
            "rope_parameters by layer type",
            json!({"layer_types": pattern, "rope_parameters": {
                "full_attention": {"rope_type": "linear", "factor": 8.0},
                "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0}}}),
        ),
    ] {
        let read = read_config(&gemma_3_text(extra)).unwrap_or_else(|e| panic!("{how}: {e}"));
        assert_eq!(read.layers.len(), 2, "{how}");
        let (sliding, full) = (&read.layers[0], &read.layers[1]);
        assert_eq!(sliding.name, "sliding_attention", "{how}");
        assert_eq!(full.name, "full_attention", "{how}");
        assert_eq!(sliding.layers.len(), 52, "{how}");
        assert_eq!(
            full.layers,
            (1..=10).map(|k| 6 * k - 1).collect::<Vec<_>>(),
            "{how}"
        );
        let sliding_rope = sliding.rope.as_ref().unwrap();
        assert_eq!(sliding_rope.scaling, Scaling::Default, "{how}");
        assert_frequencies(
            how,
            &frequencies(sliding_rope, None).inv_freq,
            &plain(1e4, 128, 1.0),
        );
        assert_frequencies(
            how,
            &frequencies(full.rope.as_ref().unwrap(), None).inv_freq,
            &plain(1e6, 128, 8.0),
        );
        // The charts show the full-attention layers, and say so.
        assert_eq!(&read.config, full.rope.as_ref().unwrap(), "{how}");
        assert!(read.notes.contains(&Note::LayerKinds {
            kinds: 2,
            shown: "full_attention".into()
        }));
        assert!(read.notes.contains(&Note::TextConfig), "{how}");
        // The lab's paste box reads the same kinds.
        let pasted = read_rope_fields(
            &gemma_3_text(json!({"rope_local_base_freq": 10000.0,
            "sliding_window_pattern": 6, "rope_scaling": linear})),
            64,
            4096,
        )
        .unwrap();
        assert_eq!(pasted.layers.len(), 2);
    }
}

/// Llama 4 Scout's text model as its config.json shapes it: 48 layers, `no_rope_layers` empty (so
/// every fourth layer has no RoPE), Llama 3 scaling ×16 from 8 192 with both frequency factors
/// at 1, which transformers accepts with a warning.
#[test]
fn llama_4_leaves_rope_out_of_every_fourth_layer_and_tunes_their_temperature() {
    let scout = json!({"model_type": "llama4_text", "head_dim": 128, "hidden_size": 5120,
        "num_attention_heads": 40, "num_hidden_layers": 48, "max_position_embeddings": 10485760,
        "rope_theta": 500000.0, "no_rope_layers": [], "attn_temperature_tuning": true,
        "floor_scale": 8192, "attn_scale": 0.1,
        "rope_scaling": {"rope_type": "llama3", "factor": 16.0, "low_freq_factor": 1.0,
            "high_freq_factor": 1.0, "original_max_position_embeddings": 8192}});
    let read = read_config(&scout.to_string()).unwrap();
    assert_eq!(read.layers.len(), 2);
    let (rope, nope) = (&read.layers[0], &read.layers[1]);
    assert_eq!(rope.name, "chunked_attention");
    assert_eq!(rope.layers.len(), 36);
    assert_eq!(nope.name, "full_attention");
    assert_eq!(nope.layers, (1..=12).map(|k| 4 * k - 1).collect::<Vec<_>>());
    assert_eq!(nope.rope, None);
    assert_eq!(
        nope.temperature,
        Some(QueryTemperature {
            floor_scale: 8192.0,
            attn_scale: 0.1
        })
    );
    assert_eq!(rope.temperature, None);
    assert!(read
        .notes
        .contains(&Note::NoRopeLayers { count: 12, of: 48 }));
    assert!(read.notes.contains(&Note::HighNotAboveLow {
        high_freq_factor: 1.0,
        low_freq_factor: 1.0
    }));
    // With low = high = 1 no pair is blended: a wavelength above 8 192 is divided by 16.
    let want: Vec<f64> = plain(5e5, 128, 1.0)
        .into_iter()
        .map(|t| {
            if 2.0 * std::f64::consts::PI / t > 8192.0 {
                t / 16.0
            } else {
                t
            }
        })
        .collect();
    assert_frequencies("scout", &frequencies(&read.config, None).inv_freq, &want);
    // An explicit list is read as written (1: RoPE, 0: none).
    let mut listed = scout.clone();
    listed["no_rope_layers"] = json!([1, 0, 1, 1]);
    listed["num_hidden_layers"] = json!(4);
    let read = read_config(&listed.to_string()).unwrap();
    assert_eq!(read.layers[1].layers, vec![1]);
    assert_eq!(read.layers[0].layers, vec![0, 2, 3]);
    // The query factor log(1 + ⌊(p + 1)/8192⌋)·0.1 + 1: 1 up to position 8 190.
    assert_eq!(nope.temperature.unwrap().at(8190), 1.0);
    assert!(close(
        nope.temperature.unwrap().at(3 * 8192 - 1),
        1.0 + 0.1 * 4f64.ln()
    ));
}

/// Layer types that share one rotation (Qwen2's sliding layers) are one kind: nothing changes.
#[test]
fn layer_types_that_rotate_alike_are_one_kind() {
    let qwen = json!({"head_dim": 128, "max_position_embeddings": 32768, "rope_theta": 1e6,
        "num_hidden_layers": 4, "layer_types": ["full_attention", "sliding_attention",
        "full_attention", "sliding_attention"]});
    let read = read_config(&qwen.to_string()).unwrap();
    assert!(read.layers.is_empty());
    assert!(read.notes.is_empty(), "{:?}", read.notes);
}

/// The warnings transformers 5 logs while reading RoPE parameters, shown as notes with the same
/// values computed as transformers computes them.
#[test]
fn transformers_warnings_are_notes_and_its_leniency_is_kept() {
    let model = |scaling: Value, max: usize| {
        json!({"head_dim": 128, "max_position_embeddings": max, "rope_theta": 10000.0,
            "rope_scaling": scaling})
        .to_string()
    };
    // YaRN's factor null: taken from the lengths.
    let read = read_config(&model(
        json!({"rope_type": "yarn", "factor": null, "original_max_position_embeddings": 4096}),
        32768,
    ))
    .unwrap();
    assert!(matches!(read.config.scaling, Scaling::Yarn(ref y) if y.factor == 8.0));
    assert_eq!(read.notes, vec![Note::FactorFromLengths { factor: 8.0 }]);
    // A factor that disagrees with the lengths is used, with the warning.
    let read = read_config(&model(
        json!({"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}),
        32768,
    ))
    .unwrap();
    assert!(matches!(read.config.scaling, Scaling::Yarn(ref y) if y.factor == 4.0));
    assert_eq!(
        read.notes,
        vec![Note::YarnFactorMismatch {
            factor: 4.0,
            implicit: 8.0
        }]
    );
    // Qwen2.5's model-card block on a 32 768 config: the ratio is 1, no warning.
    let read = read_config(&model(
        json!({"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}),
        32768,
    ))
    .unwrap();
    assert!(read.notes.is_empty());
    // Llama 3's original length at the declared one.
    let read = read_config(&model(
        json!({"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
            "original_max_position_embeddings": 8192}),
        8192,
    ))
    .unwrap();
    assert_eq!(
        read.notes,
        vec![Note::Llama3OriginalNotBelowMax {
            original: 8192,
            max: 8192
        }]
    );
    // High below low: accepted; nothing is blended, nothing is NaN.
    let read = read_config(&model(
        json!({"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 4.0, "high_freq_factor": 1.0,
            "original_max_position_embeddings": 8192}),
        131072,
    ))
    .unwrap();
    assert!(frequencies(&read.config, None)
        .inv_freq
        .iter()
        .all(|t| t.is_finite()));
    // The static ntk type, which transformers 5 does not have; like linear scaling it does not
    // record the trained length, which is taken from original_max_position_embeddings if given.
    let read = read_config(&model(json!({"type": "ntk", "factor": 2.0}), 4096)).unwrap();
    assert_eq!(
        read.notes,
        vec![
            Note::TrainedLengthAssumed {
                original: None,
                max: 4096
            },
            Note::NtkNotInTransformers
        ]
    );
    let read = read_config(&model(
        json!({"type": "linear", "factor": 4.0, "original_max_position_embeddings": 8192}),
        32768,
    ))
    .unwrap();
    assert_eq!(
        read.notes,
        vec![Note::TrainedLengthAssumed {
            original: Some(8192),
            max: 32768
        }]
    );
    // mrope's sections, named; a split that does not add up is a warning.
    let read = read_config(&model(
        json!({"type": "mrope", "mrope_section": [16, 24, 24]}),
        32768,
    ))
    .unwrap();
    assert_eq!(
        read.notes,
        vec![Note::MropeAsDefault {
            sections: Some(vec![16, 24, 24])
        }]
    );
    assert!(read.notes[0].message(false).contains("16 + 24 + 24 pairs"));
    let read = read_config(&model(
        json!({"type": "mrope", "mrope_section": [16, 24]}),
        32768,
    ))
    .unwrap();
    assert_eq!(
        read.notes[0],
        Note::MropeSectionsDoNotAddUp { sum: 40, pairs: 64 }
    );
    // A factor below 1 is computed as given (the frequencies rise), with transformers' warning.
    let read = read_config(&model(json!({"rope_type": "linear", "factor": 0.5}), 4096)).unwrap();
    assert!(read.notes.contains(&Note::FactorBelowOne { factor: 0.5 }));
    assert_frequencies(
        "factor 0.5",
        &frequencies(&read.config, None).inv_freq,
        &plain(1e4, 128, 0.5),
    );
    // Every note reads in both languages.
    for note in &read.notes {
        assert!(!note.message(false).is_empty() && !note.message(true).is_empty());
    }
}

/// GPT-J (and CodeGen) give the rotated width of a head as `rotary_dim`: 64 of its 256 rotate,
/// with θ_i = 10000^(−2i/64); a width above the head's is refused by name.
#[test]
fn gpt_js_rotary_dim_is_the_rotated_width() {
    let gptj = r#"{"n_embd": 4096, "hidden_size": 4096, "num_attention_heads": 16, "rotary_dim": 64,
        "max_position_embeddings": 2048}"#;
    let read = read_config(gptj).unwrap();
    assert_eq!(read.config.rotary_dim(), 64);
    let inv_freq = pe_explorer::encoding::rope_scaling::frequencies(&read.config, None).inv_freq;
    assert_eq!(inv_freq.len(), 32);
    for (i, got) in inv_freq.iter().enumerate() {
        let want = 1.0 / 10000f64.powf(2.0 * i as f64 / 64.0);
        assert!(
            (got - want).abs() <= 1e-15 * want,
            "pair {i}: {got} against {want}"
        );
    }
    let wide =
        read_config(r#"{"head_dim": 64, "rotary_dim": 128, "max_position_embeddings": 2048}"#);
    assert_eq!(
        wide.unwrap_err().to_string(),
        "rotary_dim is 128; it must be at most the head's width, 64."
    );
}

/// Ministral 3's `llama_4_scaling_beta` multiplies the queries by position, beside the rotation:
/// the reader names it and its factor, and says the charts leave it out (1 + 0.1·ln 2 = 1.0693 from
/// the original length, 1 + 0.1·ln 9 = 1.2197 from eight times it).
#[test]
fn a_query_scaling_the_charts_leave_out_is_named() {
    let ministral = r#"{"head_dim": 128, "max_position_embeddings": 262144, "rope_parameters": {
        "rope_type": "yarn", "rope_theta": 1000000.0, "factor": 16.0,
        "original_max_position_embeddings": 16384, "llama_4_scaling_beta": 0.1}}"#;
    let read = read_config(ministral).unwrap();
    let note = read
        .notes
        .iter()
        .find(|n| matches!(n, Note::QueryScaling { .. }))
        .expect("the query scaling is named");
    assert_eq!(
        note.message(false),
        "rope_parameters.llama_4_scaling_beta = 0.1: transformers (Ministral 3, Mistral 4) also multiplies each query at position p by 1 + 0.1·ln(1 + ⌊p / 16384⌋): 1 below position 16384, 1.0693 from 16384, 1.2197 from 131072. The charts show the rotation only; this factor is not in them."
    );
    assert!(note.message(true).contains("图中只显示旋转，不含这个因子"));
    // A beta of 0 scales nothing: nothing to say.
    let zero = ministral.replace("0.1}", "0}");
    assert!(!read_config(&zero)
        .unwrap()
        .notes
        .iter()
        .any(|n| matches!(n, Note::QueryScaling { .. })));
}

/// A `layer_types` name we do not model (Qwen3-Next's `linear_attention`) is named with its
/// count and what is shown instead, whether or not the other layers differ among themselves.
#[test]
fn a_layer_type_we_do_not_model_is_named_never_silently_replaced() {
    let types: Vec<&str> = (0..48)
        .map(|i| {
            if (i + 1) % 4 == 0 {
                "full_attention"
            } else {
                "linear_attention"
            }
        })
        .collect();
    let config = json!({"head_dim": 256, "max_position_embeddings": 262144, "rope_theta": 1e7,
        "num_hidden_layers": 48, "layer_types": types, "partial_rotary_factor": 0.25});
    let read = read_config(&config.to_string()).unwrap();
    assert!(
        read.notes.contains(&Note::UnknownLayerType {
            name: "linear_attention".into(),
            count: 36
        }),
        "{:?}",
        read.notes
    );
    assert_eq!(read.config.rotary_dim(), 64);
    let message = read
        .notes
        .iter()
        .find(|n| matches!(n, Note::UnknownLayerType { .. }))
        .unwrap()
        .message(false);
    assert!(
        message.contains("36 layers linear_attention") && message.contains("main rotation"),
        "{message}"
    );
    // Known types only: no such note.
    let gemma = read_config(&gemma_3_text(json!({}))).unwrap();
    assert!(!gemma
        .notes
        .iter()
        .any(|n| matches!(n, Note::UnknownLayerType { .. })));
}

/// DeepSeek-V3's class pairs dimensions (2i, 2i + 1) by default (`rope_interleave`), GLM-5.1's
/// config says so: named, with the frequencies unchanged.
#[test]
fn interleaved_pairs_are_named_and_change_no_frequency() {
    let base = json!({"qk_rope_head_dim": 64, "hidden_size": 7168, "num_attention_heads": 128,
        "max_position_embeddings": 4096, "rope_theta": 10000});
    let mut v3 = base.clone();
    v3["model_type"] = json!("deepseek_v3");
    let mut told = base.clone();
    told["rope_interleave"] = json!(true);
    let mut off = v3.clone();
    off["rope_interleave"] = json!(false);
    let plain_read = read_config(&base.to_string()).unwrap();
    for (config, note) in [
        (v3, Some(Note::InterleavedPairs { by_default: true })),
        (told, Some(Note::InterleavedPairs { by_default: false })),
        (off, None),
    ] {
        let read = read_config(&config.to_string()).unwrap();
        let named = read
            .notes
            .iter()
            .find(|n| matches!(n, Note::InterleavedPairs { .. }))
            .cloned();
        assert_eq!(named, note, "{config}");
        assert_eq!(
            frequencies(&read.config, None),
            frequencies(&plain_read.config, None)
        );
    }
}
