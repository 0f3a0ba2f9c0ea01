//! Property tests of the lesson's identities, for random sizes, positions, offsets and bases.

use pe_explorer::encoding::{
    dot, dot_product_matrix, fill_pe_matrix, pe_vector, rope_score, rotation_error,
    shift_by_rotation, Layout, PeScratch,
};
use proptest::prelude::*;

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Interleaved), Just(Layout::SplitHalves)]
}

fn base() -> impl Strategy<Value = f64> {
    (1.0f64..6.0).prop_map(|e| 10f64.powf(e))
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(512) })]

    #[test]
    fn shift_by_k_is_a_rotation(
        half in 1usize..=512,
        pos in 0.0f64..2048.0,
        k in 0.0f64..2048.0,
        base in base(),
        layout in layout(),
    ) {
        let d_model = 2 * half;
        prop_assert!(rotation_error(pos.floor(), k.floor(), d_model, base, layout) < 1e-9);
    }

    #[test]
    fn rotation_matrix_does_not_depend_on_pos(
        half in 1usize..=64,
        pos_a in 0usize..2048,
        pos_b in 0usize..2048,
        k in 0usize..256,
        base in base(),
    ) {
        // Rotating PE(a) and PE(b) by the same M_k lands on PE(a+k) and PE(b+k).
        let d = 2 * half;
        for pos in [pos_a, pos_b] {
            let (mut at, mut want, mut got) = (vec![0.0; d], vec![0.0; d], vec![0.0; d]);
            pe_vector(pos as f64, base, Layout::Interleaved, &mut at);
            pe_vector((pos + k) as f64, base, Layout::Interleaved, &mut want);
            shift_by_rotation(&at, k as f64, base, Layout::Interleaved, &mut got);
            for (g, w) in got.iter().zip(&want) {
                prop_assert!((g - w).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn dot_product_depends_only_on_offset(
        half in 1usize..=256,
        m in 0usize..2048,
        n in 0usize..2048,
        shift in 0usize..2048,
        base in base(),
    ) {
        let d = 2 * half;
        let vec_at = |p: usize| {
            let mut v = vec![0.0; d];
            pe_vector(p as f64, base, Layout::Interleaved, &mut v);
            v
        };
        let here = dot(&vec_at(m), &vec_at(n));
        let there = dot(&vec_at(m + shift), &vec_at(n + shift));
        prop_assert!((here - there).abs() < 1e-9 * d as f64, "{here} vs {there}");
        let formula: f64 = (0..half)
            .map(|i| (pe_explorer::encoding::omega(i, d, base) * (m as f64 - n as f64)).cos())
            .sum();
        prop_assert!((here - formula).abs() < 1e-9 * d as f64);
    }

    #[test]
    fn dot_product_matrix_equals_direct_dot_products(
        half in 1usize..=32,
        length in 1usize..=40,
        base in base(),
        odd in any::<bool>(),
    ) {
        let d = 2 * half - usize::from(odd);
        let mut fast = vec![0.0f32; length * length];
        dot_product_matrix(length, d, base, &mut fast);
        let (mut a, mut b) = (vec![0.0; d], vec![0.0; d]);
        for m in 0..length {
            pe_vector(m as f64, base, Layout::Interleaved, &mut a);
            for n in 0..length {
                pe_vector(n as f64, base, Layout::Interleaved, &mut b);
                prop_assert!((fast[m * length + n] as f64 - dot(&a, &b)).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn rope_scores_depend_only_on_offset(
        half in 1usize..=64,
        m in 0usize..4096,
        n in 0usize..4096,
        shift in 0usize..4096,
        layout in layout(),
        base in base(),
        seed in any::<u64>(),
    ) {
        let d = 2 * half;
        let mut rng = pe_explorer::encoding::seeded::SeededRng::new(seed);
        let q: Vec<f64> = (0..d).map(|_| rng.next_normal(0.0, 1.0)).collect();
        let k: Vec<f64> = (0..d).map(|_| rng.next_normal(0.0, 1.0)).collect();
        let here = rope_score(&q, &k, m as f64, n as f64, base, layout);
        let there = rope_score(&q, &k, (m + shift) as f64, (n + shift) as f64, base, layout);
        prop_assert!((here - there).abs() < 1e-9 * d as f64, "{here} vs {there}");
    }

    #[test]
    fn values_stay_in_the_unit_interval(
        d_model in 1usize..=300,
        length in 1usize..=300,
        base in base(),
        layout in layout(),
    ) {
        let mut m = vec![0.0f32; length * d_model];
        fill_pe_matrix(length, d_model, base, layout, &mut PeScratch::default(), &mut m);
        prop_assert!(m.iter().all(|v| (-1.0..=1.0).contains(v)));
    }

    #[test]
    fn split_layout_is_a_permutation_of_interleaved(
        d_model in 1usize..=200,
        pos in 0usize..2048,
        base in base(),
    ) {
        let (mut inter, mut split) = (vec![0.0; d_model], vec![0.0; d_model]);
        pe_vector(pos as f64, base, Layout::Interleaved, &mut inter);
        pe_vector(pos as f64, base, Layout::SplitHalves, &mut split);
        // The same values: sines in order then cosines in order, i.e. the even then the odd
        // dimensions of the interleaved vector.
        let reordered: Vec<f64> = inter.iter().step_by(2).chain(inter.iter().skip(1).step_by(2)).copied().collect();
        prop_assert_eq!(split, reordered);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(2048) })]

    /// The URL's number reader is exact for every short decimal the app writes, and close to
    /// Rust's own parser for everything else.
    #[test]
    fn decimal_reader_matches_str_parse(
        whole in 0u64..10_000_000,
        thousandths in 0u64..1000,
        any in proptest::num::f64::NORMAL,
    ) {
        use pe_explorer::lesson::decimal::parse_decimal;
        let short = format!("{whole}.{thousandths:03}");
        prop_assert_eq!(parse_decimal(&short), short.parse::<f64>().ok(), "{}", short);
        for text in [format!("{any}"), format!("{any:e}"), format!("{any:.3e}")] {
            let ours = parse_decimal(&text).unwrap();
            let rust: f64 = text.parse().unwrap();
            prop_assert!(((ours - rust) / rust).abs() < 1e-14, "{}: {} vs {}", text, ours, rust);
        }
    }

    /// Every value a clamped state holds survives the trip through the URL exactly.
    #[test]
    fn rounded_base_and_amplitude_read_back_exactly(base in 10.0f64..1e6, amp in 0.0f64..8.0) {
        use pe_explorer::lesson::decimal::parse_decimal;
        use pe_explorer::lesson::params::{round_to_hundredths, round_to_thousandths};
        for kept in [round_to_thousandths(base), round_to_hundredths(amp)] {
            prop_assert_eq!(parse_decimal(&format!("{kept}")), Some(kept));
        }
    }

    /// ALiBi with equal content scores: each step back multiplies the weight by e^(−slope).
    #[test]
    fn alibi_row_decays_geometrically(slope in 0.001f64..1.0, query in 1usize..60) {
        let row = pe_explorer::encoding::alibi_attention_row(slope, &vec![0.0; query + 1]);
        prop_assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        for j in 0..query {
            prop_assert!((row[j] / row[j + 1] - (-slope).exp()).abs() < 1e-12);
        }
    }

    /// The cosine matrix over picked rows equals cosine_similarity of those rows.
    #[test]
    fn cosine_matrix_equals_pairwise_cosines(rows in 2usize..20, width in 1usize..12, seed in 0u64..1000) {
        use pe_explorer::encoding::{cosine_matrix, cosine_similarity};
        let table = pe_explorer::encoding::seeded::normal_table(rows, width, 1.0, seed);
        let picks: Vec<usize> = (0..rows).step_by(2).collect();
        let mut m = vec![0.0f32; picks.len() * picks.len()];
        cosine_matrix(&table, width, &picks, &mut m);
        for (r, &a) in picks.iter().enumerate() {
            for (c, &b) in picks.iter().enumerate() {
                let want = cosine_similarity(&table[a * width..(a + 1) * width], &table[b * width..(b + 1) * width]);
                prop_assert!((m[r * picks.len() + c] as f64 - want).abs() < 1e-6);
            }
        }
    }
}

/// Past its end a clamping learned table repeats its last row: neighbours are identical (cosine
/// exactly 1), while the formula's neighbour similarity is the same at every position.
#[test]
fn learned_rows_repeat_past_the_table_while_the_formula_does_not() {
    use pe_explorer::encoding::{neighbour_cosines, pe_matrix_exact, LearnedTable};
    let (n_train, d) = (64, 128);
    let learned = LearnedTable::gpt2_init(n_train, d).clamped_rows(2 * n_train);
    let curve = neighbour_cosines(&learned, d);
    assert!(curve[n_train - 1..].iter().all(|c| *c == 1.0));
    assert!(curve[..n_train - 1].iter().all(|c| *c < 0.5));
    let sinusoidal = neighbour_cosines(
        &pe_matrix_exact(2 * n_train, d, 10_000.0, Layout::Interleaved),
        d,
    );
    let first = sinusoidal[0];
    assert!(sinusoidal.iter().all(|c| (c - first).abs() < 1e-12));
}
