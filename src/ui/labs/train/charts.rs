//! The training lab's charts, from its runs' snapshots: the loss and accuracy curves, each run's
//! position table, its similarity and one sequence's attention as heatmaps, and accuracy by
//! position for every scheme trained to the end. Each a signal of marks (`render::curves`,
//! `render::heat`), recomputed only when what it draws changed.

use leptos::prelude::*;

use crate::encoding::tiny_training::{share, Check};
use crate::lesson::labs::train::{RunSnapshot, TrainSettings};
use crate::lesson::Lang;
use crate::render::curves::{curves, Curve};
use crate::render::heat::heat_chart;
use crate::render::svg_plot::Mark;

use super::{scheme_colour, scheme_label, Finished, RUN_NAMES};

/// What the charts read: the lab's settings, its runs and the page's language.
#[derive(Clone, Copy)]
pub struct Charts {
    pub settings: RwSignal<TrainSettings>,
    pub runs: [RwSignal<RunSnapshot>; 2],
    pub lang: Memo<Lang>,
}

impl Charts {
    fn length(self) -> usize {
        self.settings.with(|s| s.length)
    }

    /// Run `which`'s colour: its scheme's.
    pub fn colour(self, which: usize) -> &'static str {
        scheme_colour(self.settings.with(|s| s.schemes[which]))
    }

    /// Both runs' checks as curves; run A thicker, so that two runs of one scheme (one colour)
    /// still show as two.
    fn check_curves(self, pick: fn(&Check) -> (f64, f64)) -> Vec<Curve> {
        (0..2)
            .map(|i| {
                let points = self.runs[i].with(|r| r.checks.iter().map(pick).collect());
                (points, self.colour(i), [4.0, 2.0][i])
            })
            .collect()
    }

    /// The training loss (log scale), the mean over each 10 steps.
    pub fn loss(self) -> Signal<Vec<Mark>> {
        Signal::derive(move || {
            let step = self.lang.get().pick(["step", "步数"]);
            curves(&self.check_curves(|c| (c.step as f64, c.loss)), &[], step, true)
        })
    }

    /// The held-out accuracy, a dashed line where a run first reached 95 %.
    pub fn accuracy(self) -> Signal<Vec<Mark>> {
        Signal::derive(move || {
            let reached: Vec<f64> = self
                .runs
                .iter()
                .filter_map(|r| r.with(|r| r.learned_at.map(|s| s as f64)))
                .collect();
            let step = self.lang.get().pick(["step", "步数"]);
            curves(
                &self.check_curves(|c| (c.step as f64, c.accuracy)),
                &reached,
                step,
                false,
            )
        })
    }

    /// A heatmap's title: the run, its scheme and what is drawn (short: it sits under a
    /// 260-wide chart).
    fn heat_title(self, which: usize, what: &str) -> String {
        let lang = self.lang.get();
        let scheme = scheme_label(self.settings.with(|s| s.schemes[which]));
        format!("{}{} · {what}", lang.pick(RUN_NAMES[which]), lang.pick(scheme))
    }

    /// Run `which`'s position table at positions 0 … 2L − 1. A memo, as the two below: a
    /// snapshot that leaves a picture as it was (the sinusoids' table and its similarity)
    /// redraws nothing.
    pub fn table(self, which: usize) -> Signal<Vec<Mark>> {
        Signal::from(Memo::new(move |_| {
            let title = self.heat_title(which, self.lang.get().pick(["table", "位置表"]));
            self.runs[which].with(|r| {
                let rows = 2 * self.length();
                if r.width == 0 || r.rows.len() != rows * r.width {
                    return Vec::new();
                }
                let top = r.rows.iter().fold(1e-12f64, |m, v| m.max(v.abs()));
                heat_chart(&r.rows, rows, r.width, (-top, top), title, None)
            })
        }))
    }

    /// The cosine similarity of every two rows of run `which`'s table.
    pub fn similarity(self, which: usize) -> Signal<Vec<Mark>> {
        Signal::from(Memo::new(move |_| {
            let title = self.heat_title(which, self.lang.get().pick(["similarity", "相似度"]));
            self.runs[which].with(|r| {
                let rows = 2 * self.length();
                if r.similarity.len() != rows * rows {
                    return Vec::new();
                }
                heat_chart(&r.similarity, rows, rows, (-1.0, 1.0), title, None)
            })
        }))
    }

    /// Head `head`'s attention in run `which` on the first held-out sequence.
    pub fn attention(self, which: usize, head: RwSignal<usize>) -> Signal<Vec<Mark>> {
        Signal::from(Memo::new(move |_| {
            self.runs[which].with(|r| {
                let l = r.tokens.len();
                let head = head.get().min(r.heads.saturating_sub(1));
                if l == 0 || r.attention.len() != r.heads * l * l {
                    return Vec::new();
                }
                let name = self.lang.get().pick(["head", "头"]);
                let title = self.heat_title(which, &format!("{name} {}", head + 1));
                let map = &r.attention[head * l * l..(head + 1) * l * l];
                heat_chart(map, l, l, (0.0, 1.0), title, None)
            })
        }))
    }

    /// Accuracy by position on sequences of twice the length, one curve per scheme trained to
    /// the end; the dashed line is the end of the training length.
    pub fn by_position(self, finished: RwSignal<Vec<Finished>>) -> Signal<Vec<Mark>> {
        Signal::derive(move || {
            let lines: Vec<Curve> = finished.with(|all| {
                all.iter()
                    .map(|f| {
                        let points = (0..f.counts.len())
                            .filter(|&t| f.counts[t].0 > 0)
                            .map(|t| (t as f64, share(&f.counts, t..t + 1)))
                            .collect();
                        (points, scheme_colour(f.scheme), 3.0)
                    })
                    .collect()
            });
            let position = self.lang.get().pick(["position", "位置"]);
            curves(&lines, &[self.length() as f64 - 0.5], position, false)
        })
    }
}
