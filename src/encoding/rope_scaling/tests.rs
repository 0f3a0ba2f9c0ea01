use super::*;

fn config(scaling: Scaling) -> RopeConfig {
    RopeConfig {
        rope_theta: 10000.0,
        head_dim: 128,
        partial_rotary_factor: 1.0,
        max_position_embeddings: 4096,
        original_max_position_embeddings: None,
        scales_softmax: false,
        scaling,
    }
}

#[test]
fn every_preset_reads_and_llama_3_1_declares_128k_with_factor_8() {
    for preset in &PRESETS {
        let read = crate::encoding::rope_config::read_config(preset.config)
            .unwrap_or_else(|e| panic!("{}: {e}", preset.name));
        assert!(read.notes.is_empty(), "{}", preset.name);
    }
    let llama = crate::encoding::rope_config::read_config(PRESETS[2].config)
        .unwrap()
        .config;
    assert_eq!(llama.max_position_embeddings, 131072);
    assert_eq!(llama.training_length(), 8192);
    // The factor is not the ratio of the two lengths (8, not 16).
    assert!(matches!(llama.scaling, Scaling::Llama3(Llama3 { factor, .. }) if factor == 8.0));
    let neox = crate::encoding::rope_config::read_config(PRESETS[4].config)
        .unwrap()
        .config;
    assert_eq!(neox.rotary_dim(), 24);
}

#[test]
fn the_lab_starts_each_preset_at_its_own_method_and_declared_context() {
    let lab = |i: usize| {
        Extension::from_config(
            &crate::encoding::rope_config::read_config(PRESETS[i].config)
                .unwrap()
                .config,
        )
    };
    let llama2 = lab(0);
    assert_eq!(
        (llama2.method, llama2.trained, llama2.target),
        (Method::Direct, 4096, 16384)
    );
    let llama31 = lab(2);
    assert_eq!(
        (
            llama31.method,
            llama31.trained,
            llama31.target,
            llama31.factor
        ),
        (Method::Llama3, 8192, 131072, 8.0)
    );
    let qwen = lab(3);
    assert_eq!(
        (qwen.method, qwen.trained, qwen.target),
        (Method::Yarn, 32768, 131072)
    );
    // Under PI the fastest pair's step between neighbours is the original divided by s.
    let plain = llama2.frequencies(Method::Direct).inv_freq[0];
    let pi = llama2.frequencies(Method::Pi).inv_freq[0];
    assert!((pi * llama2.factor - plain).abs() < 1e-15);
    assert_eq!(llama2.methods().count(), 6);
}

#[test]
fn ntk_enlarges_the_digit_base_by_s_to_the_2_over_d_minus_2_and_pi_keeps_it() {
    let lab = Extension::from_config(
        &crate::encoding::rope_config::read_config(PRESETS[0].config)
            .unwrap()
            .config,
    );
    let beta = digit_base_range(&lab.frequencies(Method::Direct).inv_freq);
    let ntk = digit_base_range(&lab.frequencies(Method::Ntk).inv_freq);
    let pi = digit_base_range(&lab.frequencies(Method::Pi).inv_freq);
    let expected = 10000f64.powf(2.0 / 128.0) * lab.factor.powf(2.0 / 126.0);
    assert!((ntk.0 / expected - 1.0).abs() < 1e-12 && (ntk.1 / expected - 1.0).abs() < 1e-12);
    assert!((pi.0 / beta.0 - 1.0).abs() < 1e-12 && (pi.1 / beta.1 - 1.0).abs() < 1e-12);
    let yarn = digit_base_range(&lab.frequencies(Method::Yarn).inv_freq);
    assert!(
        yarn.1 / yarn.0 > 1.01,
        "YaRN's ramp makes the ratio vary: {yarn:?}"
    );
}

#[test]
fn static_ntk_divides_the_slowest_pair_by_exactly_the_factor_and_keeps_the_fastest() {
    // b' = b·s^(d/(d−2)) makes θ'_{d/2−1} = b'^(−(d−2)/d) = θ_{d/2−1}/s (the NTK-aware
    // derivation), while θ'_0 = 1 = θ_0.
    let plain = frequencies(&config(Scaling::Default), None).inv_freq;
    let ntk = frequencies(&config(Scaling::Ntk { factor: 8.0 }), None).inv_freq;
    assert_eq!(ntk[0], 1.0);
    assert!((ntk[63] * 8.0 / plain[63] - 1.0).abs() < 1e-12);
}

#[test]
fn dynamic_ntk_is_unchanged_up_to_the_training_length_and_static_ntk_at_factor_times_it() {
    let dynamic = config(Scaling::Dynamic { factor: 4.0 });
    let plain = frequencies(&config(Scaling::Default), None);
    assert_eq!(frequencies(&dynamic, Some(100)), plain);
    assert_eq!(frequencies(&dynamic, Some(4096)), plain);
    // At L = s·L₀: s·s − (s − 1) = s² − s + 1, not s (the dynamic type grows faster than
    // the static one at the same length; checked against the formula, not a shortcut).
    let at = frequencies(&dynamic, Some(4 * 4096)).inv_freq;
    let grown = 10000.0 * (13.0f64).powf(128.0 / 126.0);
    assert!((at[63] / grown.powf(-126.0 / 128.0) - 1.0).abs() < 1e-12);
}

#[test]
fn yarn_keeps_the_fastest_pairs_and_divides_the_slowest_by_the_factor() {
    let yarn = config(Scaling::Yarn(Yarn::with_factor(4.0)));
    let plain = frequencies(&config(Scaling::Default), None).inv_freq;
    let scaled = frequencies(&yarn, None);
    let (low, high) = yarn_ramp(&Yarn::with_factor(4.0), 128, 10000.0, 4096);
    assert!(low > 0.0 && high < 63.0, "{low} {high}");
    for (i, (theta, scaled)) in plain.iter().zip(&scaled.inv_freq).enumerate() {
        let ratio = theta / scaled;
        if (i as f64) <= low {
            assert_eq!(ratio, 1.0, "pair {i}");
        } else if (i as f64) >= high {
            assert!((ratio - 4.0).abs() < 1e-12, "pair {i}");
        } else {
            assert!(ratio > 1.0 && ratio < 4.0, "pair {i}");
        }
    }
    let factor = frequencies(&yarn, None).attention_factor;
    assert!((factor - (0.1 * 4f64.ln() + 1.0)).abs() < 1e-15);
}

#[test]
fn llama3_leaves_short_wavelengths_alone_and_divides_long_ones() {
    let llama3 = Llama3 {
        factor: 8.0,
        low_freq_factor: 1.0,
        high_freq_factor: 4.0,
    };
    let plain = unscaled_inv_freq(500000.0, 128);
    let scaled = llama3_inv_freq(&plain, &llama3, 8192);
    for (theta, scaled) in plain.iter().zip(&scaled) {
        let wavelength = 2.0 * PI / theta;
        if wavelength < 2048.0 {
            assert_eq!(scaled, theta);
        } else if wavelength > 8192.0 {
            assert_eq!(*scaled, theta / 8.0);
        } else {
            assert!(scaled < theta && *scaled > theta / 8.0);
        }
    }
}

/// A comparison's picture of one model: position interpolation ×4 at L = 4·L₀ divides every pair
/// by 4, stretches every wavelength 4 times and asks for no angle it did not see; the same model
/// unscaled at 4·L₀ asks the slow pairs for angles past L₀'s, the fast ones for none.
#[test]
fn a_profile_divides_stretches_and_counts_unseen_angles() {
    let mut lab = Extension::from_config(&RopeConfig {
        rope_theta: 10000.0,
        head_dim: 64,
        partial_rotary_factor: 1.0,
        max_position_embeddings: 4096,
        original_max_position_embeddings: None,
        scales_softmax: false,
        scaling: Scaling::Default,
    });
    lab.target = 4 * 4096;
    lab.factor = 4.0;
    lab.method = Method::Pi;
    let pi = lab.profile();
    for i in 0..32 {
        let theta = 10000f64.powf(-2.0 * i as f64 / 64.0);
        assert!((pi.divisors[i] - 4.0).abs() < 1e-12);
        assert!(
            (pi.wavelengths[i] - 4.0 * std::f64::consts::TAU / theta).abs()
                <= 1e-9 * pi.wavelengths[i]
        );
        assert_eq!(pi.unseen[i], 0.0, "pair {i}");
    }
    lab.method = Method::Direct;
    let direct = lab.profile();
    assert!(direct.divisors.iter().all(|d| *d == 1.0));
    // Pair i has turned fully within L₀ when 2π/θ_i ≤ 4096: nothing unseen; the slowest has not.
    assert_eq!(direct.unseen[0], 0.0);
    let slowest = 10000f64.powf(-62.0 / 64.0);
    let want = ((4.0 * 4096.0 * slowest).min(std::f64::consts::TAU) - 4096.0 * slowest)
        / std::f64::consts::TAU;
    assert!(
        (direct.unseen[31] - want).abs() < 1e-12,
        "{} against {want}",
        direct.unseen[31]
    );
}
