use super::*;

fn small(scheme: PositionScheme, causal: bool, task: Task) -> TinyConfig {
    TinyConfig {
        vocab: 5,
        length: 5,
        table_rows: 6,
        d_model: 8,
        heads: 2,
        causal,
        scheme,
        task,
    }
}

#[test]
fn every_parameters_gradient_matches_finite_differences() {
    for scheme in PositionScheme::ALL {
        for causal in [true, false] {
            for task in [Task::CopyBack(1), Task::Count, Task::Reverse] {
                let config = small(scheme, causal, task);
                let mut rng = SeededRng::new(3);
                let examples: Vec<Example> =
                    (0..3).map(|_| example(&config, 5, &mut rng)).collect();
                let weights = TinyWeights::seeded(&config, 11);
                let (mut grad, loss) = gradient(&config, &weights, &examples);
                assert!((loss - evaluate(&config, &weights, &examples).0).abs() < 1e-12);
                let h = 1e-5;
                let mut checked = 0;
                for part in 0..7 {
                    let len = grad.parts_mut()[part].len();
                    for i in 0..len {
                        let at = |delta: f64| {
                            let mut w = weights.clone();
                            w.parts_mut()[part][i] += delta;
                            evaluate(&config, &w, &examples).0
                        };
                        let numeric = (at(h) - at(-h)) / (2.0 * h);
                        let analytic = grad.parts_mut()[part][i];
                        assert!(
                            (numeric - analytic).abs() <= 1e-4 * numeric.abs().max(analytic.abs()) + 1e-9,
                            "{scheme:?} causal {causal} {task:?}: part {part}[{i}] {analytic} against {numeric}"
                        );
                        checked += 1;
                    }
                }
                // 5·8 + 4·64 + 7·8 = 352 parameters, and the table's 6·8 when it is learned.
                assert!(checked >= 352);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_bit_for_bit() {
    let config = small(PositionScheme::Rope, true, Task::CopyBack(2));
    let (mut a, mut b) = (Run::new(config, 0.01, 8, 42), Run::new(config, 0.01, 8, 42));
    for _ in 0..20 {
        assert_eq!(a.step().to_bits(), b.step().to_bits());
    }
    assert_eq!(a.weights, b.weights);
    let mut c = Run::new(config, 0.01, 8, 43);
    c.step();
    assert_ne!(c.weights, a.weights);
}

/// 300 steps of Adam (lr 0.01, batches of 16, seed 1), then the loss and accuracy on 64
/// held-out sequences (seed 99) of the training length, and the accuracy on 64 of twice it.
fn trained(scheme: PositionScheme, task: Task) -> (f64, f64, f64) {
    let config = TinyConfig::lab_default(scheme, task);
    let mut run = Run::new(config, 0.01, 16, 1);
    for _ in 0..300 {
        run.step();
    }
    let mut rng = SeededRng::new(99);
    let test: Vec<Example> = (0..64).map(|_| example(&config, 12, &mut rng)).collect();
    let (loss, scored, right) = evaluate(&config, &run.weights, &test);
    let long: Vec<Example> = (0..64).map(|_| example(&config, 24, &mut rng)).collect();
    let beyond = accuracy_by_position(&config, &run.weights, &long)[12..]
        .iter()
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    (
        loss,
        right as f64 / scored as f64,
        beyond.1 as f64 / beyond.0.max(1) as f64,
    )
}

// Measured on this machine (x86-64, 2026-11-26): the margins allow for another libm's last
// digits, not for a different outcome.

#[test]
fn copying_two_back_needs_a_relative_signal_and_only_rope_carries_it_past_the_table() {
    let (loss, accuracy, beyond) = trained(PositionScheme::Rope, Task::CopyBack(2));
    assert!(
        loss < 0.01 && accuracy > 0.99 && beyond > 0.99,
        "{loss} {accuracy} {beyond}"
    );
    // Without position the model can only guess from the tokens' frequencies: 0.369.
    let (loss, accuracy, _) = trained(PositionScheme::None, Task::CopyBack(2));
    assert!(
        (loss - 1.514).abs() < 0.05 && (accuracy - 0.369).abs() < 0.05,
        "{loss} {accuracy}"
    );
    // The learned table learns it, but its rows past 12 hold their random start values.
    let (_, accuracy, beyond) = trained(PositionScheme::Learned, Task::CopyBack(2));
    assert!(accuracy > 0.99 && beyond < 0.5, "{accuracy} {beyond}");
}

#[test]
fn the_token_at_position_3_needs_an_absolute_signal() {
    let (loss, accuracy, _) = trained(PositionScheme::Sinusoidal, Task::TokenAt(3));
    assert!(loss < 0.01 && accuracy > 0.99, "{loss} {accuracy}");
    let (loss, accuracy, _) = trained(PositionScheme::Rope, Task::TokenAt(3));
    assert!(
        (loss - 1.773).abs() < 0.05 && (accuracy - 0.332).abs() < 0.05,
        "{loss} {accuracy}"
    );
}

#[test]
fn reversing_is_learned_with_a_table_and_not_without_position() {
    let (loss, accuracy, _) = trained(PositionScheme::Learned, Task::Reverse);
    assert!(loss < 0.01 && accuracy > 0.99, "{loss} {accuracy}");
    let (loss, accuracy, _) = trained(PositionScheme::None, Task::Reverse);
    assert!(
        (loss - 1.752).abs() < 0.05 && (accuracy - 0.297).abs() < 0.05,
        "{loss} {accuracy}"
    );
}

#[test]
fn counting_a_token_is_learned_without_any_position_signal() {
    let (loss, accuracy, _) = trained(PositionScheme::None, Task::Count);
    assert!(
        (loss - 0.075).abs() < 0.02 && (accuracy - 0.983).abs() < 0.02,
        "{loss} {accuracy}"
    );
}

#[test]
fn the_learned_rows_past_the_training_length_keep_their_start_values() {
    let config = TinyConfig::lab_default(PositionScheme::Learned, Task::CopyBack(2));
    let start = TinyWeights::seeded(&config, 1);
    let mut run = Run::new(config, 0.01, 16, 1);
    for _ in 0..50 {
        run.step();
    }
    let d = config.d_model;
    // Rows 0 … 11 saw positions; 12 … 23 never did: no gradient, so Adam never moves them.
    assert_ne!(run.weights.table[..12 * d], start.table[..12 * d]);
    assert_eq!(run.weights.table[12 * d..], start.table[12 * d..]);
}

#[test]
fn adams_first_step_moves_each_parameter_by_the_learning_rate_against_its_gradient() {
    // m̂₁ = g and v̂₁ = g², so the first step is lr·g/(|g| + ε): lr·sign(g) to within ε/|g|.
    let config = small(PositionScheme::Sinusoidal, true, Task::CopyBack(1));
    let mut weights = TinyWeights::seeded(&config, 5);
    let before = weights.clone();
    let mut rng = SeededRng::new(8);
    let examples: Vec<Example> = (0..2).map(|_| example(&config, 5, &mut rng)).collect();
    let (mut grad, _) = gradient(&config, &weights, &examples);
    let signs = grad.clone();
    Adam::new(&weights, 0.05).update(&mut weights, &mut grad);
    let (mut w, mut b, mut g) = (weights, before, signs);
    for ((w, b), g) in w
        .parts_mut()
        .into_iter()
        .zip(b.parts_mut())
        .zip(g.parts_mut())
    {
        for i in 0..w.len() {
            let expected = if g[i].abs() > 1e-6 {
                -0.05 * g[i].signum()
            } else {
                w[i] - b[i]
            };
            assert!(
                (w[i] - b[i] - expected).abs() < 1e-3 * 0.05,
                "{} against {expected}",
                w[i] - b[i]
            );
        }
    }
}

#[test]
fn a_zero_learning_rate_changes_nothing_and_a_huge_one_is_caught() {
    let config = TinyConfig::lab_default(PositionScheme::Learned, Task::CopyBack(2));
    let mut still = Run::new(config, 0.0, 8, 3);
    let start = still.weights.clone();
    for _ in 0..5 {
        assert!(still.step().is_finite());
    }
    assert_eq!(still.weights, start);
    // Adam's steps are about lr each, so lr = 1e200 overflows the logits at once.
    let mut wild = Run::new(config, 1e200, 8, 3);
    let mut losses = Vec::new();
    for _ in 0..5 {
        losses.push(wild.step());
    }
    assert!(wild.diverged, "{losses:?}");
    assert!(losses.last().unwrap().is_nan());
    assert!(wild
        .weights
        .parts_mut()
        .iter()
        .all(|p| p.iter().all(|v| v.is_finite())));
}

#[test]
fn the_learned_table_forms_bands_along_the_diagonal_as_it_trains() {
    // Untrained, neighbouring rows of the table are unrelated (random N(0, 1) rows); after
    // training on copying one back, neighbours are more alike than positions far apart.
    let config = TinyConfig::lab_default(PositionScheme::Learned, Task::CopyBack(1));
    let mut run = Run::new(config, 0.01, 16, 1);
    let band = |run: &Run| {
        let sim = position_similarity(&run.config, &run.weights, 12);
        let near: f64 = (0..11).map(|t| sim[t * 12 + t + 1]).sum::<f64>() / 11.0;
        let far: f64 = (0..6).map(|t| sim[t * 12 + t + 6]).sum::<f64>() / 6.0;
        (near, far)
    };
    let (near, far) = band(&run);
    assert!((near - far).abs() < 0.3, "{near} {far}");
    for _ in 0..300 {
        run.step();
    }
    let (near, far) = band(&run);
    assert!(near > far + 0.1, "{near} {far}");
    // The attention map: rows sum to 1 over the keys the mask lets through.
    let tokens = [1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4];
    let map = attention_map(&run.config, &run.weights, &tokens);
    for t in 0..12 {
        let row: f64 = map[t * 12..(t + 1) * 12].iter().sum();
        assert!((row - 1.0).abs() < 1e-12 && map[t * 12 + 11] == 0.0 || t == 11);
    }
}
