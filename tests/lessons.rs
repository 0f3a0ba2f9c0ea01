//! The claims the lesson makes with the toy models, checked on the core.

use pe_explorer::encoding::{
    add_cost, alibi_bias, concat_cost, dot_product_curve, embedding_scale, max_abs_difference,
    mean_attention_entropy, mean_pool, pe_vector, position_share, projected_score_terms,
    score_terms, sentence_inputs, tokenize, AlibiMask, EmbeddingInit, EmbeddingTable, Layout,
    LearnedTable, Projections, ToyAttention,
};

const D: usize = 64;
const BASE: f64 = 10_000.0;

fn pooled(sentence: &str, pe_amplitude: f64) -> (Vec<f64>, Vec<f64>) {
    let table = EmbeddingTable::seeded(D);
    let tokens = tokenize(sentence).unwrap();
    let x = sentence_inputs(&tokens, &table, embedding_scale(D), pe_amplitude, BASE);
    let out = ToyAttention::seeded(D).forward(&x);
    (mean_pool(&out.outputs, D), out.outputs)
}

#[test]
fn without_position_word_order_is_invisible_exactly() {
    for (a, b) in [("dog bites man", "man bites dog"), ("狗咬人", "人咬狗")] {
        let (pooled_a, rows_a) = pooled(a, 0.0);
        let (pooled_b, rows_b) = pooled(b, 0.0);
        assert_eq!(max_abs_difference(&pooled_a, &pooled_b), 0.0, "{a} / {b}");
        // The per-token outputs are the same rows, permuted (first and last swapped).
        assert_eq!(&rows_a[..D], &rows_b[2 * D..]);
        assert_eq!(&rows_a[D..2 * D], &rows_b[D..2 * D]);
    }
}

#[test]
fn with_position_word_order_changes_the_output() {
    let (pooled_a, _) = pooled("dog bites man", 1.0);
    let (pooled_b, _) = pooled("man bites dog", 1.0);
    assert!(max_abs_difference(&pooled_a, &pooled_b) > 1e-3);
}

#[test]
fn attention_collapses_as_pe_amplitude_grows() {
    let table = EmbeddingTable::seeded(D);
    let tokens = tokenize("the cat sat on the mat").unwrap();
    let attention = ToyAttention::seeded(D);
    let entropy = |amplitude: f64| {
        let x = sentence_inputs(&tokens, &table, embedding_scale(D), amplitude, BASE);
        mean_attention_entropy(&attention.forward(&x).weights, tokens.len())
    };
    let uniform = (tokens.len() as f64).ln();
    let (small, large) = (entropy(0.0), entropy(50.0));
    assert!(small <= uniform + 1e-12);
    assert!(
        large < 0.2 * small,
        "entropy {small} -> {large}: attention should saturate"
    );
}

#[test]
fn adding_keeps_the_width_concatenating_doubles_the_projection() {
    assert_eq!(add_cost(512).width, 512);
    assert_eq!(
        concat_cost(512, 512).projection_parameters,
        2 * add_cost(512).projection_parameters
    );
}

#[test]
fn four_score_terms_sum_to_the_score() {
    let table = EmbeddingTable::seeded(D);
    let x = sentence_inputs(&[2, 3], &table, embedding_scale(D), 0.0, BASE);
    let p = sentence_inputs(&[2, 3], &EmbeddingTable::seeded(D), 0.0, 1.0, BASE);
    let (xi, xj, pi, pj) = (&x[..D], &x[D..], &p[..D], &p[D..]);
    let sum: Vec<f64> = xi.iter().zip(pi).map(|(a, b)| a + b).collect();
    let sum_j: Vec<f64> = xj.iter().zip(pj).map(|(a, b)| a + b).collect();
    let whole: f64 = sum.iter().zip(&sum_j).map(|(a, b)| a * b).sum();
    assert!((score_terms(xi, pi, xj, pj).total() - whole).abs() < 1e-9);
}

#[test]
fn position_share_shows_which_part_dominates() {
    let table = EmbeddingTable::seeded(D);
    let word = table.row(2);
    let raw: Vec<f64> = word.to_vec();
    let scaled: Vec<f64> = word.iter().map(|v| v * embedding_scale(D)).collect();
    let pe = sentence_inputs(&[0], &table, 0.0, 1.0, BASE);
    // Unscaled rows (length ≈ 1) are drowned by PE (length √(d/2) ≈ 5.7); √d scaling evens it.
    assert!(position_share(&raw, &pe) > 0.9);
    let balanced = position_share(&scaled, &pe);
    assert!((0.2..0.8).contains(&balanced), "{balanced}");
}

#[test]
fn with_an_n01_table_the_scaled_word_drowns_the_position() {
    // PyTorch's nn.Embedding default N(0, 1) times √512: entries of typical size √512 ≈ 22.6.
    let d = 512;
    let table = EmbeddingTable::seeded_with(d, EmbeddingInit::Unit);
    let scaled: Vec<f64> = table
        .row(2)
        .iter()
        .map(|v| v * embedding_scale(d))
        .collect();
    let rms = (scaled.iter().map(|v| v * v).sum::<f64>() / d as f64).sqrt();
    assert!((rms - 512f64.sqrt()).abs() < 2.0, "rms {rms}");
    let pe = sentence_inputs(&[0], &table, 0.0, 1.0, BASE);
    assert!(position_share(&scaled, &pe) < 0.01);
    // The same seed with N(0, 1/d_model) is balanced (the test above, at d = 512).
    let small = EmbeddingTable::seeded_with(d, EmbeddingInit::Small);
    let balanced: Vec<f64> = small
        .row(2)
        .iter()
        .map(|v| v * embedding_scale(d))
        .collect();
    assert!((0.2..0.8).contains(&position_share(&balanced, &pe)));
}

fn encoding(pos: usize) -> Vec<f64> {
    let mut v = vec![0.0; D];
    pe_vector(pos as f64, BASE, Layout::Interleaved, &mut v);
    v
}

#[test]
fn the_position_term_depends_on_the_offset_alone_only_without_projections() {
    // Σ_i cos(ω_i·k) with ω_i = base^(−2i/d), written out here rather than taken from the core.
    let by_offset = |k: f64| -> f64 {
        (0..D / 2)
            .map(|i| (k * BASE.powf(-2.0 * i as f64 / D as f64)).cos())
            .sum()
    };
    let w = Projections::seeded(D);
    let none = vec![0.0; D];
    let mut projected = Vec::new();
    for shift in [0, 10, 20, 40] {
        let (m, n) = (5 + shift, 3 + shift);
        let plain = score_terms(&none, &encoding(m), &none, &encoding(n)).position_position;
        assert!(
            (plain - by_offset(2.0)).abs() < 1e-9,
            "shift {shift}: {plain}"
        );
        let through = projected_score_terms(&w, &none, &encoding(m), &none, &encoding(n));
        projected.push(through.position_position);
    }
    let spread = projected.iter().cloned().fold(f64::MIN, f64::max)
        - projected.iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        spread > 0.05,
        "p_m W_Q·p_n W_K at the same offset: {projected:?}"
    );
}

#[test]
fn the_demo_projections_keep_a_vectors_length_on_average() {
    // Entries N(0, 1/d_k): E|vW|² = |v|². Averaged over 40 positions' encodings.
    for d in [16, 128, 512] {
        let w = Projections::seeded(d);
        let ratio: f64 = (0..40)
            .map(|pos| {
                let mut v = vec![0.0; d];
                pe_vector(pos as f64, BASE, Layout::Interleaved, &mut v);
                let q: f64 = w.query(&v).iter().map(|x| x * x).sum();
                q / v.iter().map(|x| x * x).sum::<f64>()
            })
            .sum::<f64>()
            / 40.0;
        assert!((0.6..1.6).contains(&ratio), "d {d}: {ratio}");
    }
}

#[test]
fn dot_product_decays_from_its_peak_at_offset_zero() {
    let mut curve = vec![0.0; 200];
    dot_product_curve(128, BASE, &mut curve);
    assert_eq!(curve[0], 64.0);
    assert!(curve[1..].iter().all(|v| *v < curve[0]));
    assert!(curve[50] < curve[1]);
}

#[test]
fn learned_table_has_no_vector_past_its_end() {
    let table = LearnedTable::gpt2_init(64, 16);
    let err = table.row(64).unwrap_err();
    assert_eq!(
        err.to_string(),
        "position 64 has no learned vector: the table has rows 0..64"
    );
    let (last, clamped) = table.row_clamped(100);
    assert!(clamped);
    assert_eq!(last, table.row(63).unwrap());
}

#[test]
fn alibi_symmetric_bias_penalises_both_directions() {
    let mut bias = vec![0.0; 9];
    alibi_bias(0.25, 3, AlibiMask::Symmetric, &mut bias);
    assert_eq!(
        bias,
        vec![0.0, -0.25, -0.5, -0.25, 0.0, -0.25, -0.5, -0.25, 0.0]
    );
}

#[test]
fn saturation_curve_falls_from_word_driven_to_collapsed_within_the_slider_range() {
    let amplitudes: Vec<f64> = (0..=80).map(|a| a as f64 / 10.0).collect();
    let h = pe_explorer::encoding::attention_saturation(
        "the cat sat on the mat",
        32,
        BASE,
        &amplitudes,
    )
    .unwrap();
    let uniform = 6f64.ln();
    assert!(h.iter().all(|v| (0.0..=uniform + 1e-12).contains(v)));
    assert!(
        h[80] < 0.5 * h[0],
        "entropy {} at a = 0, {} at a = 8",
        h[0],
        h[80]
    );
}

/// The frequency panel's text states the last pair's wavelength with numbers from the core.
#[test]
fn the_stated_longest_wavelengths_are_the_cores() {
    use pe_explorer::encoding::{frequency_count, wavelength};
    use pe_explorer::i18n::{Key, Translate};
    use pe_explorer::lesson::Lang;
    let last = |d: usize| wavelength(frequency_count(d) - 1, d, BASE);
    assert!(
        (last(128) - 54_400.0).abs() < 50.0,
        "d_model 128: {}",
        last(128)
    );
    assert!(
        (last(16) - 19_900.0).abs() < 50.0,
        "d_model 16: {}",
        last(16)
    );
    assert!((2.0 * std::f64::consts::PI * BASE - 62_832.0).abs() < 1.0);
    // The Chinese page does not group digits (docs/glossary.md).
    for (lang, stated) in [
        (
            Lang::En,
            ["(d_model−2)/d_model", "54 400", "19 900", "62 832"],
        ),
        (Lang::Zh, ["(d_model−2)/d_model", "54400", "19900", "62832"]),
    ] {
        let text = lang.t(Key::FrequencyText);
        for stated in stated {
            assert!(text.contains(stated), "{lang:?}: {stated} missing");
        }
    }
}

/// The rotation panel reports the paper's hypothesis as a hypothesis (Vaswani et al. 2017,
/// §3.5: "we hypothesized it would allow the model to easily learn to attend by relative
/// positions"), not as what a trained model does.
#[test]
fn the_rotation_text_hedges_as_the_paper_did() {
    use pe_explorer::i18n::{Key, Translate};
    use pe_explorer::lesson::Lang;
    let (en, zh) = (Lang::En.t(Key::RotationText), Lang::Zh.t(Key::RotationText));
    assert!(en.contains("hypothesized") && !en.contains("That is why the model can learn"));
    assert!(zh.contains("假设") && !zh.contains("这就是模型只需学一次"));
}

/// The ALiBi text's rule for head counts that are not powers of two is the core's (the ALiBi
/// paper's reference code, ofirpress/attention_with_linear_biases, `get_slopes`): at 12 heads
/// the slopes do not fall in order, as the text says, and at 8 they fall in equal ratios.
#[test]
fn alibi_slopes_fall_in_order_only_for_powers_of_two() {
    use pe_explorer::encoding::alibi_slopes;
    use pe_explorer::i18n::{Key, Translate};
    use pe_explorer::lesson::Lang;
    let falling = |s: &[f64]| s.windows(2).all(|w| w[1] < w[0]);
    assert!(falling(&alibi_slopes(8)));
    let twelve = alibi_slopes(12);
    assert!(!falling(&twelve));
    assert!(
        (twelve[8] - 0.5f64.sqrt()).abs() < 1e-15,
        "the 9th of 12 heads is 2^(-1/2)"
    );
    for n in [1, 2, 4, 8, 16, 32] {
        let s = alibi_slopes(n);
        let ratio = 2f64.powf(-8.0 / n as f64);
        assert!(
            s.windows(2).all(|w| (w[1] / w[0] - ratio).abs() < 1e-12),
            "n = {n}"
        );
    }
    assert!(Lang::En.t(Key::AlibiText).contains("power of two"));
    assert!(Lang::Zh.t(Key::AlibiText).contains("2 的幂"));
}

/// The extrapolation panel names the concept, and does not promise that a sinusoidal model
/// extrapolates (Vaswani et al. 2017, §3.5: "may allow the model to extrapolate"; Press et al.
/// 2022, abstract: current methods "do not allow for efficient extrapolation"); its random table
/// has GPT-2's initial position-table spread (openai/gpt-2 `src/model.py`: `wpe` stddev 0.01).
#[test]
fn the_extrapolation_text_names_the_concept_and_its_limit() {
    use pe_explorer::encoding::GPT2_INIT_STD;
    use pe_explorer::i18n::{Key, Translate};
    use pe_explorer::lesson::Lang;
    assert_eq!(GPT2_INIT_STD, 0.01);
    let (en, zh) = (Lang::En.t(Key::ExtrapText), Lang::Zh.t(Key::ExtrapText));
    assert!(
        en.contains("extrapolation") && en.contains("Press et al.") && en.contains("N(0, 0.01²)")
    );
    assert!(zh.contains("外推") && zh.contains("Press") && zh.contains("N(0, 0.01²)"));
    assert!(!en.contains("0.02") && !zh.contains("0.02"));
}
