//! The messages the training lab's view and its worker exchange: one type each way, written and
//! read here, so that the two wasms cannot disagree.

use super::TrainSettings;
use crate::encoding::tiny_training::{Check, Health, Training};
use crate::encoding::tiny_transformer::PositionScheme;
use crate::lesson::labs::{Choice, LabSettings};

/// What the lab tells its worker.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerCommand {
    /// Two new runs with these settings, paused at step 0.
    Reset(TrainSettings),
    /// Train at full speed (resting half the time).
    Start,
    /// Train one step of each run every 30 ms, to watch.
    Watch,
    Pause,
    /// One step of each run, then paused.
    Step,
    /// No step for the next 250 ms: the page's sliders are being moved.
    Yield,
}

impl WorkerCommand {
    /// The command as a message: `reset <the settings' URL pairs>`, `start`, `watch`, …
    pub fn encode(&self) -> String {
        match self {
            WorkerCommand::Reset(settings) => format!("reset {}", settings.pairs()),
            WorkerCommand::Start => "start".into(),
            WorkerCommand::Watch => "watch".into(),
            WorkerCommand::Pause => "pause".into(),
            WorkerCommand::Step => "step".into(),
            WorkerCommand::Yield => "yield".into(),
        }
    }

    /// The command a message gives (`None` for one no command writes). The settings are read
    /// as a link's are, so values a link could not give are fixed the same way.
    pub fn decode(text: &str) -> Option<WorkerCommand> {
        let (verb, query) = text.split_once(' ').unwrap_or((text, ""));
        Some(match (verb, query) {
            ("reset", query) => WorkerCommand::Reset(
                TrainSettings::read(query)
                    .map(|link| link.settings)
                    .unwrap_or_default(),
            ),
            ("start", "") => WorkerCommand::Start,
            ("watch", "") => WorkerCommand::Watch,
            ("pause", "") => WorkerCommand::Pause,
            ("step", "") => WorkerCommand::Step,
            ("yield", "") => WorkerCommand::Yield,
            _ => return None,
        })
    }
}

/// One run as the worker reports it and the lab draws it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunSnapshot {
    /// The scheme this run trains: the run's own, since the lab's settings may already name the
    /// next run's.
    pub scheme: PositionScheme,
    pub step: usize,
    pub planned: usize,
    pub finished: bool,
    pub learned_at: Option<usize>,
    pub health: Health,
    pub checks: Vec<Check>,
    /// The position table's width and its rows (`Training::position_table`), and their cosine
    /// similarity.
    pub width: usize,
    pub rows: Vec<f64>,
    pub similarity: Vec<f64>,
    /// One held-out sequence's attention, every head's, and its tokens (`Training::attention`).
    pub heads: usize,
    pub attention: Vec<f64>,
    pub tokens: Vec<usize>,
    /// Per position of the sequences of twice the length: (scored, right); measured only when
    /// the runs are not running (paused, stepped or finished).
    pub counts: Option<Vec<(usize, usize)>>,
}

impl RunSnapshot {
    /// `training` as the lab draws it; accuracy by position only when not `running`.
    pub fn of(training: &Training, running: bool) -> RunSnapshot {
        let config = &training.run.config;
        let (rows, similarity) = training.position_table();
        let (attention, tokens) = training.attention();
        RunSnapshot {
            scheme: config.scheme,
            step: training.run.steps,
            planned: training.planned,
            finished: training.finished(),
            learned_at: training.learned_at,
            health: training.health(),
            checks: training.checks.clone(),
            width: config.d_model,
            rows,
            similarity,
            heads: config.heads,
            attention,
            tokens,
            counts: (!running).then(|| training.position_counts()),
        }
    }

    /// The last check's held-out accuracy.
    pub fn accuracy(&self) -> Option<f64> {
        self.checks.last().map(|c| c.accuracy)
    }

    fn write(&self, out: &mut Vec<f64>) {
        let whole = |values: &[usize]| values.iter().map(|&v| v as f64).collect::<Vec<_>>();
        out.extend([
            self.scheme.index() as f64,
            self.step as f64,
            self.planned as f64,
            f64::from(u8::from(self.finished)),
            self.learned_at.map_or(-1.0, |s| s as f64),
            self.health.index() as f64,
            self.width as f64,
            self.heads as f64,
        ]);
        let checks: Vec<f64> = self
            .checks
            .iter()
            .flat_map(|c| [c.step as f64, c.loss, c.accuracy])
            .collect();
        for list in [&checks, &self.rows, &self.similarity, &self.attention] {
            write_list(out, list);
        }
        write_list(out, &whole(&self.tokens));
        match &self.counts {
            Some(counts) => {
                let flat: Vec<f64> = counts
                    .iter()
                    .flat_map(|&(scored, right)| [scored as f64, right as f64])
                    .collect();
                write_list(out, &flat);
            }
            None => out.push(-1.0),
        }
    }

    /// The run `numbers` hold next; `None` if they are not one `write` wrote (counts and
    /// indices whole, flags 0 or 1, the checks in threes and the counts in pairs).
    fn read(numbers: &mut Numbers) -> Option<RunSnapshot> {
        let mut next_whole = || numbers.next().and_then(whole);
        let (scheme, step, planned) = (next_whole()?, next_whole()?, next_whole()?);
        let finished = match numbers.next()? {
            0.0 => false,
            1.0 => true,
            _ => return None,
        };
        let learned_at = match numbers.next()? {
            -1.0 => None,
            at => Some(whole(at)?),
        };
        let health = Health::from_index(numbers.next().and_then(whole)?)?;
        let (width, heads) = (numbers.next().and_then(whole)?, numbers.next().and_then(whole)?);
        let checks = numbers.list()?;
        if checks.len() % 3 != 0 {
            return None;
        }
        let scheme = *PositionScheme::ALL.get(scheme)?;
        let checks = checks
            .chunks_exact(3)
            .map(|c| {
                Some(Check {
                    step: whole(c[0])?,
                    loss: c[1],
                    accuracy: c[2],
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let (rows, similarity, attention) = (
            numbers.list()?.to_vec(),
            numbers.list()?.to_vec(),
            numbers.list()?.to_vec(),
        );
        let tokens = numbers.list()?.iter().map(|&t| whole(t)).collect::<Option<_>>()?;
        let counts = match numbers.optional_list()? {
            Some(flat) if flat.len() % 2 == 0 => Some(
                flat.chunks_exact(2)
                    .map(|c| Some((whole(c[0])?, whole(c[1])?)))
                    .collect::<Option<Vec<_>>>()?,
            ),
            Some(_) => return None,
            None => None,
        };
        Some(RunSnapshot {
            scheme,
            step,
            planned,
            finished,
            learned_at,
            health,
            checks,
            width,
            rows,
            similarity,
            heads,
            attention,
            tokens,
            counts,
        })
    }
}

/// A count or an index as a snapshot carries it: a whole number from 0 to 2⁵³ (beyond, an f64
/// no longer holds every whole number).
fn whole(value: f64) -> Option<usize> {
    ((0.0..=9_007_199_254_740_992.0).contains(&value) && value.fract() == 0.0)
        .then_some(value as usize)
}

/// What the worker reports: whether its runs are going, its speed (steps a second of each run),
/// and both runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub running: bool,
    pub rate: f64,
    pub runs: Vec<RunSnapshot>,
}

impl Snapshot {
    /// The snapshot as one list of numbers, the message the worker posts (a `Float64Array`:
    /// copied once, no object to build or read field by field). Lists are written after their
    /// length.
    pub fn encode(&self) -> Vec<f64> {
        let mut out = vec![
            f64::from(u8::from(self.running)),
            self.rate,
            self.runs.len() as f64,
        ];
        for run in &self.runs {
            run.write(&mut out);
        }
        out
    }

    /// The snapshot `numbers` hold; `None` if they are not one `encode` wrote.
    pub fn decode(numbers: &[f64]) -> Option<Snapshot> {
        let mut numbers = Numbers(numbers);
        let running = match numbers.next()? {
            0.0 => false,
            1.0 => true,
            _ => return None,
        };
        let rate = numbers.next()?;
        let count = numbers.next().and_then(whole).filter(|&c| c <= 2)?;
        let runs = (0..count)
            .map(|_| RunSnapshot::read(&mut numbers))
            .collect::<Option<Vec<_>>>()?;
        numbers.0.is_empty().then_some(Snapshot {
            running,
            rate,
            runs,
        })
    }
}

fn write_list(out: &mut Vec<f64>, list: &[f64]) {
    out.push(list.len() as f64);
    out.extend_from_slice(list);
}

/// The numbers of a snapshot not read yet.
struct Numbers<'a>(&'a [f64]);

impl<'a> Numbers<'a> {
    fn next(&mut self) -> Option<f64> {
        let (first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(*first)
    }

    /// A list written after its length.
    fn list(&mut self) -> Option<&'a [f64]> {
        let length = self.next()?;
        if !(0.0..=self.0.len() as f64).contains(&length) || length.fract() != 0.0 {
            return None;
        }
        let (list, rest) = self.0.split_at(length as usize);
        self.0 = rest;
        Some(list)
    }

    /// A list, or nothing (a length of −1).
    fn optional_list(&mut self) -> Option<Option<&'a [f64]>> {
        if self.0.first() == Some(&-1.0) {
            self.0 = &self.0[1..];
            return Some(None);
        }
        self.list().map(Some)
    }
}
