//! A training run as the training lab shows it: steps of `tiny_transformer::Run`,
//! its loss and held-out accuracy every `CHECK_EVERY` steps, the first check where that accuracy
//! reached 95 %, and what the views draw. The worker (src/bin/trainer.rs) drives one per scheme;
//! examples/tiny_training.rs prints the README's figures from the same code.

use super::seeded::SeededRng;
use super::tiny_transformer::{
    accuracy_by_position, attention_map, evaluate, example, position_rows, position_similarity,
    Example, Run, TinyConfig,
};

/// Batches of 16 sequences.
pub const BATCH: usize = 16;
/// The loss and the held-out accuracy are recorded every 10 steps.
pub const CHECK_EVERY: usize = 10;
/// 64 held-out sequences of the training length (and 64 of twice it), drawn from this seed,
/// never trained on.
pub const HELD_OUT: usize = 64;
pub const HELD_OUT_SEED: u64 = 99;
/// "Learned" means 95 % of the held-out positions right.
pub const LEARNED_AT: f64 = 0.95;

/// One check: after `step` steps, the mean training loss of the steps since the last check and
/// the accuracy on the held-out sequences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Check {
    pub step: usize,
    pub loss: f64,
    pub accuracy: f64,
}

/// What the loss says about the learning rate, for the panel to name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Health {
    #[default]
    Training,
    /// Learning rate 0: Adam's step is lr · m̂/(√v̂ + ε) = 0, the weights never move.
    Frozen,
    /// The loss or the weights stopped being finite (`Run::diverged`).
    Diverged,
    /// The last check's loss is more than twice the loss before the first step: the steps
    /// overshoot. (Adam moves a weight by about the learning rate per step, so within the lab's
    /// range of rates the weights stay finite and the loss does not become NaN; it rises.)
    Rising,
}

impl Health {
    /// Every health, in the order the snapshots number them.
    pub const ALL: [Health; 4] = [
        Health::Training,
        Health::Frozen,
        Health::Diverged,
        Health::Rising,
    ];

    /// Its place among the healths: how the worker's snapshots carry it
    /// (`lesson::labs::train::Snapshot`).
    pub fn index(self) -> usize {
        Self::ALL.iter().position(|h| *h == self).unwrap_or(0)
    }

    /// The health at `index` (`None` past the last).
    pub fn from_index(index: usize) -> Option<Health> {
        Self::ALL.get(index).copied()
    }
}

/// A run with its record.
#[derive(Clone, Debug)]
pub struct Training {
    pub run: Run,
    /// Steps to take in all.
    pub planned: usize,
    pub checks: Vec<Check>,
    /// The first check whose held-out accuracy reached `LEARNED_AT`.
    pub learned_at: Option<usize>,
    held_out: Vec<Example>,
    twice: Vec<Example>,
    /// The training losses since the last check: their sum and count.
    since_check: (f64, usize),
    /// The first batch's loss, before any step: where training started.
    start_loss: Option<f64>,
}

impl Training {
    /// A run of `planned` steps of Adam at `lr`, batches of `BATCH`, everything from `seed`; the
    /// held-out sequences from `HELD_OUT_SEED` (the same for every scheme and seed).
    pub fn new(config: TinyConfig, lr: f64, seed: u64, planned: usize) -> Self {
        let mut rng = SeededRng::new(HELD_OUT_SEED);
        let held_out = (0..HELD_OUT)
            .map(|_| example(&config, config.length, &mut rng))
            .collect();
        let twice = (0..HELD_OUT)
            .map(|_| example(&config, 2 * config.length, &mut rng))
            .collect();
        Training {
            run: Run::new(config, lr, BATCH, seed),
            planned,
            checks: Vec::new(),
            learned_at: None,
            held_out,
            twice,
            since_check: (0.0, 0),
            start_loss: None,
        }
    }

    /// Takes every step left (the lab's worker takes them in slices instead).
    pub fn train_to_end(&mut self) {
        while !self.finished() {
            self.step();
        }
    }

    /// The steps taken, all planned ones or up to a divergence.
    pub fn finished(&self) -> bool {
        self.run.diverged || self.run.steps >= self.planned
    }

    /// One step, and a check every `CHECK_EVERY` steps; nothing once finished.
    pub fn step(&mut self) {
        if self.finished() {
            return;
        }
        let loss = self.run.step();
        if self.run.diverged {
            self.checks.push(Check {
                step: self.run.steps + 1,
                loss: f64::NAN,
                accuracy: f64::NAN,
            });
            return;
        }
        self.start_loss.get_or_insert(loss);
        self.since_check = (self.since_check.0 + loss, self.since_check.1 + 1);
        if self.run.steps.is_multiple_of(CHECK_EVERY) || self.run.steps == self.planned {
            let accuracy = self.held_out_accuracy();
            self.checks.push(Check {
                step: self.run.steps,
                loss: self.since_check.0 / self.since_check.1 as f64,
                accuracy,
            });
            self.since_check = (0.0, 0);
            if self.learned_at.is_none() && accuracy >= LEARNED_AT {
                self.learned_at = Some(self.run.steps);
            }
        }
    }

    /// The share of the held-out sequences' scored positions the model gets right.
    pub fn held_out_accuracy(&self) -> f64 {
        let (_, scored, right) = evaluate(&self.run.config, &self.run.weights, &self.held_out);
        right as f64 / scored.max(1) as f64
    }

    pub fn health(&self) -> Health {
        let rising = self
            .start_loss
            .zip(self.checks.last())
            .is_some_and(|(start, last)| last.loss > 2.0 * start);
        if self.run.diverged {
            Health::Diverged
        } else if self.run.adam.lr == 0.0 {
            Health::Frozen
        } else if rising {
            Health::Rising
        } else {
            Health::Training
        }
    }

    /// Per position 0 … 2L − 1 of the held-out sequences of twice the training length: how
    /// many were scored and how many the model got right (`share` turns them into accuracy).
    pub fn position_counts(&self) -> Vec<(usize, usize)> {
        accuracy_by_position(&self.run.config, &self.run.weights, &self.twice)
    }

    /// The attention map (heads × L × L) of the first held-out sequence, and its tokens.
    pub fn attention(&self) -> (Vec<f64>, Vec<usize>) {
        let tokens = self.held_out[0].tokens.clone();
        (
            attention_map(&self.run.config, &self.run.weights, &tokens),
            tokens,
        )
    }

    /// The position signal at positions 0 … 2L − 1 (rows × d_model) and the rows' cosine
    /// similarity (rows × rows): the learned table's rows from L on were never trained.
    pub fn position_table(&self) -> (Vec<f64>, Vec<f64>) {
        let rows = 2 * self.run.config.length;
        (
            position_rows(&self.run.config, &self.run.weights, rows),
            position_similarity(&self.run.config, &self.run.weights, rows),
        )
    }
}

/// The header of `check_rows`.
pub const CHECKS_HEADER: &str = "scheme,step,loss,held_out_accuracy\n";

/// `checks` as CSV rows `scheme,step,loss,held_out_accuracy`, each number at full precision (the
/// shortest text that reads back as the same f64): the training lab's download, and what
/// tests/data/tiny_training_default.csv records.
pub fn check_rows(scheme: &str, checks: &[Check]) -> String {
    checks
        .iter()
        .map(|c| format!("{scheme},{},{},{}\n", c.step, c.loss, c.accuracy))
        .collect()
}

/// The share right over positions `range` of `counts` (`Training::position_counts`); `NaN`
/// where none was scored.
pub fn share(counts: &[(usize, usize)], range: std::ops::Range<usize>) -> f64 {
    let (scored, right) = counts[range.start.min(counts.len())..range.end.min(counts.len())]
        .iter()
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    if scored == 0 {
        f64::NAN
    } else {
        right as f64 / scored as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::tiny_transformer::{PositionScheme, Task};

    fn trained(lr: f64, steps: usize) -> Training {
        let config = TinyConfig::lab_default(PositionScheme::Learned, Task::CopyBack(2));
        let mut training = Training::new(config, lr, 1, steps);
        training.train_to_end();
        training
    }

    #[test]
    fn a_run_checks_every_ten_steps_and_records_when_it_reached_95_percent() {
        let training = trained(0.01, 300);
        let steps: Vec<usize> = training.checks.iter().map(|c| c.step).collect();
        assert_eq!(steps, (1..=30).map(|i| 10 * i).collect::<Vec<_>>());
        let at = training.learned_at.unwrap();
        let first = training
            .checks
            .iter()
            .find(|c| c.accuracy >= LEARNED_AT)
            .unwrap();
        assert_eq!(first.step, at);
        assert_eq!(training.health(), Health::Training);
        // Past the end nothing moves.
        let mut more = training.clone();
        more.step();
        assert_eq!(more.run.steps, 300);
    }

    #[test]
    fn the_learning_rate_is_named_when_it_stops_training() {
        assert_eq!(trained(0.0, 20).health(), Health::Frozen);
        assert_eq!(trained(1.0, 100).health(), Health::Rising);
        assert_eq!(trained(1000.0, 100).health(), Health::Rising);
        let mut wild = Training::new(
            TinyConfig::lab_default(PositionScheme::Rope, Task::CopyBack(2)),
            1e200,
            1,
            50,
        );
        wild.train_to_end();
        assert_eq!(wild.health(), Health::Diverged);
        assert!(wild.checks.last().unwrap().loss.is_nan());
    }

    #[test]
    fn every_health_reads_back_from_its_place() {
        for health in Health::ALL {
            assert_eq!(Health::from_index(health.index()), Some(health));
        }
        assert_eq!(Health::from_index(Health::ALL.len()), None);
    }

    #[test]
    fn shares_over_a_range_count_only_scored_positions() {
        let counts = [(0, 0), (4, 1), (4, 3), (0, 0)];
        assert_eq!(share(&counts, 0..4), 0.5);
        assert!(share(&counts, 3..4).is_nan());
        assert!(share(&counts, 5..9).is_nan());
    }
}
