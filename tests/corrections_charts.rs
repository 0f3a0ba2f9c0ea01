//! The facts the dot-product, RoPE and extrapolation panels state, checked on the core
//! against computations written out independently here.

use pe_explorer::encoding::seeded::normal_table;
use pe_explorer::encoding::{
    dot, dot_product_at_offset, dot_product_curve, extrapolation, pe_vector, rope_decay,
    rope_relative_bound, rope_score, Layout,
};
use pe_explorer::i18n::Lang;
use pe_explorer::lesson::steps::LessonPlan;
use pe_explorer::lesson::Params;

const BASE: f64 = 10_000.0;

/// θ_i = base^(−2i/d), written out here rather than taken from the core.
fn theta(i: usize, d: usize, base: f64) -> f64 {
    1.0 / base.powf(2.0 * i as f64 / d as f64)
}

/// A complex number as (re, im).
type Complex = (f64, f64);

fn mul(a: Complex, b: Complex) -> Complex {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

fn abs(a: Complex) -> f64 {
    (a.0 * a.0 + a.1 * a.1).sqrt()
}

/// Pair i of `x` as a complex number, in the given layout: (x_2i, x_2i+1) or (x_i, x_i+d/2).
fn pair(x: &[f64], i: usize, layout: Layout) -> Complex {
    let d = x.len();
    match layout {
        Layout::Interleaved => (x[2 * i], x[2 * i + 1]),
        Layout::SplitHalves => (x[i], x[i + d / 2]),
    }
}

/// S_j = Σ_{i<j} e^{iδθ_i}, each summed afresh (no running sum).
fn s_j(j: usize, offset: f64, d: usize, base: f64) -> Complex {
    (0..j).fold((0.0, 0.0), |acc, i| {
        let angle = offset * theta(i, d, base);
        (acc.0 + angle.cos(), acc.1 + angle.sin())
    })
}

/// RoFormer's relative upper bound, (1/(d/2))·Σ_{j=1}^{d/2} |S_j|, directly from its definition.
fn relative_bound_direct(offset: f64, d: usize, base: f64) -> f64 {
    let pairs = d / 2;
    (1..=pairs)
        .map(|j| abs(s_j(j, offset, d, base)))
        .sum::<f64>()
        / pairs as f64
}

#[test]
fn the_relative_bound_is_roformers_sum_of_partial_sums() {
    for d in [2, 8, 64, 128] {
        for base in [BASE, 500.0] {
            for offset in [0.0, 1.0, 3.5, 10.0, 100.0, 1000.0] {
                let (core, direct) = (
                    rope_relative_bound(offset, d, base),
                    relative_bound_direct(offset, d, base),
                );
                assert!(
                    (core - direct).abs() <= 1e-9 * direct.max(1.0),
                    "d = {d}, base = {base}, δ = {offset}: {core} vs {direct}"
                );
            }
        }
        // At distance 0 every e^{iδθ} is 1, so |S_j| = j and the bound is (d/2 + 1)/2.
        assert_eq!(rope_relative_bound(0.0, d, BASE), (d / 2 + 1) as f64 / 2.0);
    }
    // It falls with the distance for base 10 000 (RoFormer, Figure 2: d = 128).
    let at =
        |offset: f64| rope_relative_bound(offset, 128, BASE) / rope_relative_bound(0.0, 128, BASE);
    assert!(
        at(10.0) < 0.7 && at(100.0) < 0.4 && at(250.0) < 0.3,
        "{} {} {}",
        at(10.0),
        at(100.0),
        at(250.0)
    );
}

#[test]
fn the_bound_holds_for_random_queries_and_keys_in_both_layouts() {
    for d in [8, 64] {
        let table = normal_table(40, d, 1.0, 17);
        for layout in [Layout::Interleaved, Layout::SplitHalves] {
            for (q, k) in table
                .chunks(d)
                .step_by(2)
                .zip(table.chunks(d).skip(1).step_by(2))
            {
                // h_i = q_i · conj(k_i), and h_{d/2} = 0.
                let mut h: Vec<Complex> = (0..d / 2)
                    .map(|i| {
                        let (qi, ki) = (pair(q, i, layout), pair(k, i, layout));
                        mul(qi, (ki.0, -ki.1))
                    })
                    .collect();
                h.push((0.0, 0.0));
                let steepest = h
                    .windows(2)
                    .map(|w| abs((w[1].0 - w[0].0, w[1].1 - w[0].1)))
                    .fold(0.0, f64::max);
                for (m, n) in [
                    (5.0, 2.0),
                    (2.0, 5.0),
                    (40.0, 0.0),
                    (300.0, 7.0),
                    (1000.0, 1900.0),
                ] {
                    let offset: f64 = m - n;
                    let score = rope_score(q, k, m, n, BASE, layout);
                    // RoFormer eq. 35: the score is Re Σ_i h_i e^{i(m−n)θ_i}.
                    let sum = (0..d / 2).fold((0.0, 0.0), |acc, i| {
                        let angle = offset * theta(i, d, BASE);
                        let term = mul(h[i], (angle.cos(), angle.sin()));
                        (acc.0 + term.0, acc.1 + term.1)
                    });
                    assert!((score - sum.0).abs() < 1e-9, "eq. 35: {score} vs {}", sum.0);
                    // Eq. 37: |Σ| ≤ max_i |h_{i+1} − h_i| · Σ_j |S_j|.
                    let bound = steepest * rope_relative_bound(offset, d, BASE) * (d / 2) as f64;
                    assert!(
                        abs(sum) <= bound + 1e-9,
                        "d = {d}, δ = {offset}: |{sum:?}| > {bound}"
                    );
                    assert!(score.abs() <= bound + 1e-9);
                }
            }
        }
    }
}

#[test]
fn the_decay_curve_is_the_score_of_a_query_and_key_that_point_the_same_way() {
    for d in [8, 64, 128] {
        let ones = vec![1.0; d];
        for layout in [Layout::Interleaved, Layout::SplitHalves] {
            for (m, n) in [
                (0.0, 0.0),
                (7.0, 2.0),
                (2.0, 7.0),
                (100.0, 3.0),
                (2047.0, 0.0),
            ] {
                let score = rope_score(&ones, &ones, m, n, BASE, layout);
                let curve = rope_decay(f64::abs(m - n), d, BASE);
                assert!(
                    (score / d as f64 - curve).abs() < 1e-9,
                    "d = {d}, ({m}, {n})"
                );
            }
        }
    }
}

#[test]
fn independent_random_queries_and_keys_score_zero_on_average_at_every_distance() {
    const D: usize = 64;
    const SAMPLES: usize = 2000;
    let table = normal_table(2 * SAMPLES, D, 1.0, 2021);
    let (queries, keys) = table.split_at(SAMPLES * D);
    let mean = |offset: f64, same: bool| {
        queries
            .chunks(D)
            .zip(keys.chunks(D))
            .map(|(q, k)| {
                let k = if same { q } else { k };
                rope_score(q, k, offset, 0.0, BASE, Layout::Interleaved)
            })
            .sum::<f64>()
            / SAMPLES as f64
    };
    for offset in [0.0, 1.0, 5.0, 50.0, 500.0] {
        // Independent q and k: each score has mean 0 and standard deviation √D = 8, so the
        // mean of 2000 is within 5 standard errors (5 · 8/√2000 ≈ 0.9) of 0.
        let unrelated = mean(offset, false);
        assert!(unrelated.abs() < 1.0, "δ = {offset}: mean {unrelated}");
        // q = k: the mean is D · rope_decay (each pair adds |q_pair|² cos(δθ_i), E|q_pair|² = 2),
        // the curve the panel draws; its standard error is below 0.3.
        let same = mean(offset, true);
        let expected = D as f64 * rope_decay(offset, D, BASE);
        assert!(
            (same - expected).abs() < 1.5,
            "δ = {offset}: {same} vs {expected}"
        );
    }
    // The q = k mean does fall with distance, far from 0 at first.
    assert!(mean(0.0, true) > 60.0 && mean(500.0, true) < 0.6 * mean(0.0, true));
}

#[test]
fn the_dot_product_is_symmetric_and_its_chart_reaches_below_minus_0_7_at_d_model_8() {
    for (d, base) in [(8, BASE), (128, BASE), (64, 500.0)] {
        for k in [1.0, 3.0, 17.0, 300.0] {
            assert!(
                (dot_product_at_offset(-k, d, base) - dot_product_at_offset(k, d, base)).abs()
                    < 1e-12
            );
        }
        let at = |pos: usize| {
            let mut v = vec![0.0; d];
            pe_vector(pos as f64, base, Layout::Interleaved, &mut v);
            v
        };
        assert_eq!(dot(&at(10), &at(13)), dot(&at(13), &at(10)));
    }
    // The curve the panel draws at d_model = 8 over 2048 positions, divided by d_model/2: its
    // least value, computed here term by term, is about −0.734 (at offset 1599), and the core's
    // curve agrees.
    let direct = |offset: usize| {
        (0..4)
            .map(|i| (offset as f64 * theta(i, 8, BASE)).cos())
            .sum::<f64>()
            / 4.0
    };
    let (at, least) = (0..2048)
        .map(|o| (o, direct(o)))
        .fold(
            (0, f64::INFINITY),
            |best, (o, v)| if v < best.1 { (o, v) } else { best },
        );
    assert_eq!(at, 1599);
    assert!((least + 0.7338).abs() < 1e-3, "{least}");
    let mut curve = vec![0.0; 2048];
    dot_product_curve(8, BASE, &mut curve);
    let core_least = curve.iter().map(|v| v / 4.0).fold(f64::INFINITY, f64::min);
    assert!((core_least - least).abs() < 1e-9, "{core_least} vs {least}");
}

#[test]
fn step_12_asks_for_the_position_the_extrapolation_panel_shows() {
    let file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/lesson.txt"))
        .expect("assets/lesson.txt");
    let texts = LessonPlan::parse(&file).expect("the lesson reads");
    let p = texts.before(12, Params::default());
    let shown = extrapolation(p.n_train, p.d_model, p.base, p.layout, None)
        .beyond
        .expect("the panel asks the table for a position past its end")
        .pos;
    assert_eq!((p.n_train, shown), (64, 96));
    for lang in [Lang::En, Lang::Zh] {
        let (question, answer) = (texts.question(12, lang), texts.reveal(12, lang));
        assert!(
            question.contains(&format!("{shown}")),
            "{lang:?}: {question}"
        );
        assert!(
            answer.contains(&format!("PE({shown})")),
            "{lang:?}: {answer}"
        );
        assert!(
            !question.contains("100") && !answer.contains("100"),
            "{lang:?}"
        );
    }
}
