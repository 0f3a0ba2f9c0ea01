//! The page's sentences hold for every setting its controls allow: each test names
//! the sentence it protects and checks it against numbers computed here, independently of the
//! page's own read-outs where a formula allows.

use std::f64::consts::PI;

use pe_explorer::encoding::xpos::xpos_zeta;
use pe_explorer::encoding::{
    cosine_similarity, dot_product_curve, pe_vector, rope_score, wavelength, EmbeddingTable,
    Layout, VOCABULARY,
};
use pe_explorer::render::numbers::positions_text;

/// Even widths from 2 to 1024: every small one and then every power of two with its neighbours.
fn widths() -> Vec<usize> {
    let mut widths: Vec<usize> = (2..=64).step_by(2).collect();
    for power in 7..=10 {
        let d = 1usize << power;
        widths.extend([d - 2, d]);
    }
    widths
}

const BASES: [f64; 5] = [10.0, 100.0, 500.0, 10_000.0, 1.0e6];

/// Dot-product panel: "It is highest at offset 0, where every pair adds cos 0 = 1, and no other
/// whole offset reaches that value" — at every width, d_model = 2 included.
#[test]
fn the_dot_product_curve_peaks_only_at_offset_zero_for_every_width() {
    let mut curve = vec![0.0; 2048];
    for d_model in widths() {
        for base in BASES {
            dot_product_curve(d_model, base, &mut curve);
            let peak = (d_model / 2) as f64;
            assert!((curve[0] - peak).abs() < 1e-9);
            for (offset, value) in curve.iter().enumerate().skip(1) {
                assert!(
                    *value < peak - 1e-12,
                    "d_model {d_model}, base {base}: offset {offset} reaches the peak ({value})"
                );
            }
        }
    }
}

/// Dot-product and RoPE panels: with one pair the curve is cos(m − n) itself, "a wave that keeps
/// coming back close to its peak" (it does not fall off).
#[test]
fn with_one_pair_the_curve_is_the_cosine_of_the_offset() {
    let mut curve = vec![0.0; 2048];
    dot_product_curve(2, 10_000.0, &mut curve);
    for (offset, value) in curve.iter().enumerate() {
        assert!((value - (offset as f64).cos()).abs() < 1e-9);
    }
    // 44 and 710 positions on, the wave is back within 1e-3 and 1e-8 of its peak.
    assert!(curve[44] > 0.999 && curve[710] > 1.0 - 1e-8);
}

/// Waves panel: the note gives the last pair's wavelength for the controls on screen; the
/// figures for d_model = 128 (585 positions at base 100, about 60 at base 10) come out of it.
#[test]
fn the_waves_note_gives_the_last_pairs_wavelength() {
    let written = |base: f64| positions_text(wavelength(63, 128, base));
    assert_eq!(written(100.0), "585");
    assert_eq!(written(10.0), "60.6");
    // 2π·base^((d − 2)/d), computed here from the formula.
    let expected = 2.0 * PI * 10_000f64.powf(126.0 / 128.0);
    assert_eq!(written(10_000.0), positions_text(expected));
    assert_eq!(written(10_000.0), "54 410");
}

/// Add-or-concatenate panel: "For a row of independent random numbers … and any fixed position
/// vector, the cosine is typically about ±1/√d_model". Measured on the page's own seeded rows at
/// the widths the note names, against 200 positions.
#[test]
fn random_rows_are_nearly_orthogonal_to_every_position_vector() {
    for d_model in [64usize, 128, 512] {
        let table = EmbeddingTable::seeded(d_model);
        let mut position = vec![0.0; d_model];
        let (mut sum_sq, mut count) = (0.0, 0.0);
        for pos in 0..200 {
            pe_vector(pos as f64, 10_000.0, Layout::Interleaved, &mut position);
            for id in 0..VOCABULARY.len() {
                let c = cosine_similarity(table.row(id), &position);
                sum_sq += c * c;
                count += 1.0;
            }
        }
        let rms = (sum_sq / count).sqrt();
        let predicted = 1.0 / (d_model as f64).sqrt();
        assert!(
            (rms / predicted - 1.0).abs() < 0.3,
            "d_model {d_model}: RMS cosine {rms:.4} against 1/√d_model {predicted:.4}"
        );
    }
}

/// RoPE panel's misconception: on a circle of N positions the last and the first are neighbours,
/// but RoPE scores them as N − 1 apart, not as 1 apart, for every N the length allows.
#[test]
fn rope_does_not_see_the_ends_of_a_circle_as_neighbours() {
    // Fixed, unremarkable query and key: pair i of each at its own angle.
    let d = 16;
    let q: Vec<f64> = (0..d).map(|j| ((j * 7 + 3) as f64).sin()).collect();
    let k: Vec<f64> = (0..d).map(|j| ((j * 5 + 1) as f64).cos()).collect();
    for n in 2..=2048usize {
        let around = rope_score(&q, &k, 0.0, (n - 1) as f64, 10_000.0, Layout::Interleaved);
        let neighbours = rope_score(&q, &k, 1.0, 0.0, 10_000.0, Layout::Interleaved);
        assert!(
            (around - neighbours).abs() > 1e-6,
            "N = {n}: the wrap-around pair scores as neighbours"
        );
    }
}

/// xPos lab: ζ of the slowest pair is 1 − 2/(1.4·d), "0.99 at d = 128".
#[test]
fn xpos_slowest_pair_factor_is_0_99_at_d_128() {
    let zeta = xpos_zeta(63, 128);
    assert!((zeta - (1.0 - 2.0 / 179.2)).abs() < 1e-12);
    assert_eq!(format!("{zeta:.2}"), "0.99");
}

/// Lesson step 13 and the basis lab: the square wave's fit with m = 16 pairs strays to 406 past N
/// (0.383 inside) with the lab's ridge λ = 10⁻⁹, and "how far it strays depends on λ": a smaller
/// ridge gives a far larger error past N, the same error inside.
#[test]
fn the_square_waves_blow_up_past_n_is_the_ridges_and_grows_as_it_shrinks() {
    use pe_explorer::encoding::basis_fit::{fit_with_ridge, Features, Target, RIDGE};
    let fit = |pairs, ridge| {
        let features = Features::Sinusoidal {
            pairs,
            d_model: 128,
            base: 10_000.0,
        };
        fit_with_ridge(Target::Square { period: 16.0 }, features, 64, 128, ridge)
    };
    let largest = |c: &[f64]| c.iter().fold(0.0f64, |a, c| a.max(c.abs()));
    let lab = fit(16, RIDGE);
    // NumPy, lstsq of [X; √λ·I] against [y; 0]: 405.76622, 0.38345, largest weight 229.01137.
    assert_eq!(
        format!(
            "{:.0} {:.3} {:.0}",
            lab.rms_beyond,
            lab.rms_fitted,
            largest(&lab.coefficients)
        ),
        "406 0.383 229"
    );
    let eight = fit(8, RIDGE);
    assert_eq!(
        format!("{:.2} {:.3}", eight.rms_beyond, eight.rms_fitted),
        "1.37 0.420"
    );
    // NumPy at λ = 10⁻¹²: 342 650 past N, 0.377 inside: the same fit inside, 800 times the error past N.
    let smaller = fit(16, 1e-12);
    assert!(
        (smaller.rms_beyond / 342_650.38 - 1.0).abs() < 1e-3,
        "{}",
        smaller.rms_beyond
    );
    assert!((smaller.rms_fitted - lab.rms_fitted).abs() < 0.01);
    // "Far larger" holds at every ridge from 10⁻⁶ to 10⁻¹⁴, and the error past N grows as λ shrinks.
    let mut before = 0.0;
    for ridge in [1e-6, 1e-8, 1e-9, 1e-10, 1e-12, 1e-14] {
        let beyond = fit(16, ridge).rms_beyond;
        assert!(
            beyond > 10.0 * eight.rms_beyond && beyond > before,
            "λ = {ridge:e}: {beyond}"
        );
        before = beyond;
    }
}

/// Lesson step 16: RoPE copies 2 back past the training length "because offset 2 is an angle every
/// pair saw in training", while a rule over an offset longer than the training length "would meet
/// the slow pairs at angles they never saw (of each head's 4 pairs, 3 at offset 16)": the training
/// lab's model (width 16, two heads of 8, base 10 000, length 12, the causal mask: offsets 0 … 11).
#[test]
fn rope_copies_2_back_on_seen_angles_and_a_long_offset_meets_unseen_ones() {
    use pe_explorer::encoding::rope_scaling::unscaled_inv_freq;
    use pe_explorer::encoding::tiny_transformer::{PositionScheme, Task, TinyConfig};
    let config = TinyConfig::lab_default(PositionScheme::Rope, Task::CopyBack(2));
    let head = config.d_model / config.heads;
    let theta = unscaled_inv_freq(10_000.0, head);
    assert_eq!(theta.len(), 4);
    let longest_trained = (config.length - 1) as f64;
    // The angles a pair saw over offsets 0 … L − 1: all of a turn if it finished one, else [0, (L − 1)θ].
    let seen = |theta: f64, offset: f64| {
        longest_trained * theta >= 2.0 * PI || offset * theta <= longest_trained * theta + 1e-12
    };
    assert!(
        theta.iter().all(|&t| seen(t, 2.0)),
        "offset 2 at an unseen angle"
    );
    let unseen_at_16 = theta.iter().filter(|&&t| !seen(t, 16.0)).count();
    assert_eq!(unseen_at_16, 3);
}

/// Extrapolation panel and lesson step 19: YaRN also "works without" fine-tuning, turned on by "a
/// rope_scaling entry in config.json": the entry Qwen2.5's documentation gives, added to Qwen2.5
/// 7B's configuration, is all it takes to get step 19's answer (24 pairs kept, 24 divided by 4,
/// 16 between) and YaRN's attention factor 0.1·ln 4 + 1, with no weight involved.
#[test]
fn yarn_is_turned_on_by_the_documented_config_entry_alone() {
    use pe_explorer::encoding::rope_config::read_config;
    use pe_explorer::encoding::rope_scaling::{
        frequencies, pair_fates, unscaled_inv_freq, PairFate,
    };
    let read = read_config(
        r#"{"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
            "rope_theta": 1000000.0,
            "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}}"#,
    )
    .expect("the documented entry reads");
    let scaled = frequencies(&read.config, None);
    let unscaled = unscaled_inv_freq(1.0e6, 128);
    let fates = pair_fates(&unscaled, &scaled.inv_freq, 4.0);
    let count = |fate| fates.iter().filter(|&&f| f == fate).count();
    assert_eq!(
        [
            count(PairFate::Kept),
            count(PairFate::Interpolated),
            count(PairFate::Changed)
        ],
        [24, 24, 16]
    );
    assert!((scaled.attention_factor - (0.1 * 4f64.ln() + 1.0)).abs() < 1e-12);
}

/// RoPE panel, course and glossary: θ_i = base^(−2i/d) with d the rotated width of one head, "so
/// [Llama 2 7B's] θ₁ = 0.866 (not 0.9955, which d = 4 096 would give)": the context-extension
/// lab's reading of Llama 2 7B's configuration gives the first, d_model the second, and the texts
/// print the numbers computed here.
#[test]
fn ropes_angles_follow_the_heads_width_not_d_model() {
    use pe_explorer::encoding::rope_config::read_config;
    use pe_explorer::encoding::rope_scaling::{frequencies, unscaled_inv_freq};
    let read = read_config(
        r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
            "rope_theta": 10000.0}"#,
    )
    .expect("Llama 2 7B's configuration reads");
    let per_head = frequencies(&read.config, None).inv_freq;
    assert_eq!(per_head.len(), 64);
    let by_head = format!("{:.3}", per_head[1]);
    let by_d_model = format!("{:.4}", unscaled_inv_freq(10_000.0, 4096)[1]);
    assert_eq!((by_head.as_str(), by_d_model.as_str()), ("0.866", "0.9955"));
    use pe_explorer::i18n::{Key, Lang, Translate};
    for lang in [Lang::En, Lang::Zh] {
        let panel = lang.t(Key::RopeText);
        assert!(
            panel.contains(&format!("θ₁ = {by_head}")) && panel.contains(&by_d_model),
            "{panel}"
        );
    }
    let course = include_str!("../assets/course.txt");
    assert_eq!(course.matches(&format!("θ₁ = {by_head}")).count(), 2);
}

/// Real-data panel and course: MiniLM's position vectors have "norm 0.47 on average, against 1.2
/// for its words": the means of the rows the page ships, computed here from the f16 files.
#[test]
fn minilms_position_vectors_average_norm_0_47_against_1_2_for_its_words() {
    use pe_explorer::encoding::real_data::{RealTable, MINILM_POSITIONS, MINILM_WIDTH};
    let mean_norm = |bytes: &[u8], rows: usize| {
        let table =
            RealTable::from_f16_le(bytes, rows, MINILM_WIDTH).expect("the shipped table reads");
        (0..rows)
            .map(|r| table.row(r).iter().map(|x| x * x).sum::<f64>().sqrt())
            .sum::<f64>()
            / rows as f64
    };
    let positions = include_bytes!("../assets/minilm/position_embeddings_512x384_f16le.bin");
    let words = include_bytes!("../assets/minilm/word_embeddings_f16le.bin");
    // NumPy over the same files: 0.47410 and 1.17629.
    let claim = format!(
        "norm {:.2} on average, against {:.1} for its words",
        mean_norm(positions, MINILM_POSITIONS),
        mean_norm(words, words.len() / (2 * MINILM_WIDTH))
    );
    assert_eq!(claim, "norm 0.47 on average, against 1.2 for its words");
    assert!(include_str!("../assets/course.txt").contains(&claim));
}

/// Context-extension lab: its YaRN ramp is the reference code's (linear over the pair index,
/// widened to whole pairs), and "Llama 2 7B ×4: pair 30 keeps 0.712 of its frequency here, 0.436
/// by the paper's equation" (γ(r) = (r − β_slow)/(β_fast − β_slow) over r = L₀/λ, clamped to 0 … 1).
#[test]
fn the_labs_yarn_ramp_is_the_codes_and_differs_from_the_papers_equation_on_the_ramp() {
    use pe_explorer::encoding::rope_config::read_config;
    use pe_explorer::encoding::rope_scaling::{frequencies, unscaled_inv_freq};
    let read = read_config(
        r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 16384,
            "rope_theta": 10000.0,
            "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}}"#,
    )
    .expect("Llama 2 7B with YaRN ×4 reads");
    let scaled = frequencies(&read.config, None).inv_freq;
    let trained = unscaled_inv_freq(10_000.0, 128);
    let papers = |theta: f64| {
        let turns = 4096.0 * theta / (2.0 * PI);
        let gamma = ((turns - 1.0) / 31.0).clamp(0.0, 1.0);
        gamma + (1.0 - gamma) / 4.0
    };
    // NumPy: 0.711538 (the code's ramp from pair 20 to 46) and 0.436126.
    assert_eq!(
        format!("{:.3} {:.3}", scaled[30] / trained[30], papers(trained[30])),
        "0.712 0.436"
    );
    let widest = trained
        .iter()
        .zip(&scaled)
        .map(|(t, s)| (s / t - papers(*t)).abs())
        .fold(0.0, f64::max);
    assert!((widest - 0.2754).abs() < 1e-3, "{widest}");
}

/// Real-data panel and lesson step 24: the learned table's best shift map "misses 8.88e-2 of the
/// pairs it was fitted to, and about 30 % of positions held out of its fit" (k = 3): the page's
/// held-out figures (`MINILM_SHIFT_HELD_OUT`, computed once with NumPy) are what the core's
/// cross-validation gives, and held out is far worse than in sample at every k checked.
#[test]
fn minilms_shift_map_misses_far_more_of_held_out_positions_than_of_its_fitted_pairs() {
    use pe_explorer::encoding::real_data::{
        RealTable, MINILM_POSITIONS, MINILM_SHIFT_HELD_OUT, MINILM_WIDTH,
    };
    use pe_explorer::encoding::shift_map::held_out_shift_error;
    use pe_explorer::encoding::shift_map_error;
    let bytes = include_bytes!("../assets/minilm/position_embeddings_512x384_f16le.bin");
    let table = RealTable::from_f16_le(bytes, MINILM_POSITIONS, MINILM_WIDTH)
        .expect("the shipped table reads");
    for k in [3, 64] {
        let held_out =
            held_out_shift_error(table.values(), MINILM_POSITIONS, MINILM_WIDTH, k, 5, 0.1);
        assert!(
            (held_out - MINILM_SHIFT_HELD_OUT[k - 1]).abs() < 1e-5,
            "k = {k}: {held_out}"
        );
        let in_sample = shift_map_error(table.values(), MINILM_POSITIONS, MINILM_WIDTH, k);
        assert!(
            held_out > 3.0 * in_sample,
            "k = {k}: {held_out} against {in_sample}"
        );
    }
    let at_3 = MINILM_SHIFT_HELD_OUT[2];
    assert_eq!(format!("{:.2e} {:.0}", at_3, at_3 * 100.0), "3.01e-1 30");
    assert_eq!(
        format!(
            "{:.2e}",
            shift_map_error(table.values(), MINILM_POSITIONS, MINILM_WIDTH, 3)
        ),
        "8.88e-2"
    );
}

/// The relative-bias lab says T5's last bucket takes every distance "from a point at or before
/// max_distance", and its chart note that the last step "begins at or before max_distance": over
/// the lab's bucket counts and a spread of its max_distance values, in both variants, the first
/// distance in the last bucket is never past max_distance, and for 32 buckets and 128 in the
/// encoder it is 91, the number the text gives.
#[test]
fn t5s_last_bucket_starts_at_or_before_max_distance_for_every_setting() {
    use pe_explorer::encoding::relative_bias::t5_bucket;
    let first_in_last = |bidirectional: bool, buckets: usize, max_distance: usize| {
        let last = if bidirectional {
            buckets / 2 - 1
        } else {
            buckets - 1
        };
        (0..=max_distance as i64 + 1)
            .find(|&d| t5_bucket(-d, bidirectional, buckets, max_distance) == Some(last))
    };
    let distances: Vec<usize> = (2..=64)
        .chain((65..=2048).step_by(37))
        .chain([2048])
        .collect();
    let mut checked = 0;
    for buckets in 4..=128 {
        for &max_distance in &distances {
            for bidirectional in [true, false] {
                if t5_bucket(-1, bidirectional, buckets, max_distance).is_none() {
                    continue;
                }
                let first = first_in_last(bidirectional, buckets, max_distance);
                assert!(
                    first.is_some_and(|d| d <= max_distance as i64),
                    "{buckets} buckets, max_distance {max_distance}, bidirectional {bidirectional}: last bucket from {first:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} settings checked");
    assert_eq!(first_in_last(true, 32, 128), Some(91));
    assert_eq!(first_in_last(false, 32, 128), Some(113));
}
