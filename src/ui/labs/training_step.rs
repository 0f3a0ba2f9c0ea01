//! Lab (in the extrapolation panel, after the basis lab): one training step, fixed against
//! learned. A tiny model takes one step of gradient descent
//! on one sentence; which rows of the word table and of a learned position table moved, and
//! that the sinusoidal encoding, not being a parameter, did not (`encoding::training_step`).

use leptos::prelude::*;

use crate::encoding::training_step::{row_changes, PositionSignal, TinyModel};
use crate::lesson::labs::training_step::{
    OutputLayer,
    TrainingSettings, LENGTH, LR, OUTPUT, TRAINING_DIM as DIM, TRAINING_ROWS, TRAINING_SEED as SEED,
    TRAINING_VOCAB as VOCAB,
};
use crate::render::numbers::error_text;
use crate::render::bars::bar_marks;
use crate::ui::context::{tr, use_lesson};

use super::parts::{LabChoice, LabSlider, SvgChart, Track};
use super::Linked;

/// The read-out's two choices, `[English, 中文]`.
const OUTPUTS: [[&str; 2]; 2] = [
    ["its own matrix", "独立的矩阵"],
    ["the word table (tied)", "嵌入表（权重共享）"],
];

/// What one step did, for the lab to print.
#[derive(Clone, PartialEq)]
struct StepOutcome {
    tokens: Vec<usize>,
    losses: [(f64, f64); 2],
    position_rows: Vec<f64>,
    word_rows: Vec<f64>,
}

#[component]
pub fn TrainingStepLab() -> impl IntoView {
    let lesson = use_lesson();
    let lang = lesson.lang;
    let lab = Linked::<TrainingSettings>::from_link();
    let settings = lab.settings;
    let outcome = Memo::new(move |_| {
        let s = settings.get();
        let tied = s.output == OutputLayer::Tied;
        let model = TinyModel::seeded(VOCAB, DIM, TRAINING_ROWS, SEED);
        let sentence = model.sentence(s.length, SEED);
        let losses = [PositionSignal::Sinusoidal, PositionSignal::Learned].map(|signal| {
            let after = model.step(&model.gradient(&sentence, signal, tied), s.lr);
            (
                model.loss(&sentence, signal, tied),
                after.loss(&sentence, signal, tied),
            )
        });
        let learned = model.step(
            &model.gradient(&sentence, PositionSignal::Learned, tied),
            s.lr,
        );
        StepOutcome {
            position_rows: row_changes(&model.positions, &learned.positions, DIM),
            word_rows: row_changes(&model.words, &learned.words, DIM),
            tokens: sentence.tokens,
            losses,
        }
    });
    // The largest change among the rows `pick` chooses; `None` when it chooses none.
    let largest = |changes: &[f64], pick: &dyn Fn(usize) -> bool| {
        changes
            .iter()
            .enumerate()
            .filter(|(row, _)| pick(*row))
            .map(|(_, c)| *c)
            .reduce(f64::max)
    };
    let change_text = move |change: Option<f64>| match change {
        None => lang.get().pick(["none: the sentence uses them all", "没有：句子全部用到了"]).to_string(),
        Some(0.0) => format!("0{}", lang.get().pick([" (exactly)", "（精确为零）"])),
        Some(change) => error_text(change),
    };

    view! {
        <div class="lab-controls">
            <LabSlider label=["sentence length L", "句子长度 L"] testid="training-step-length" row=lab.slider(&LENGTH) track=Track::Linear
                step=1.0 />
            <LabSlider label=["learning rate", "学习率"] testid="training-step-lr" row=lab.slider(&LR) track=Track::Linear step=0.05 />
            <LabChoice label=["read-out", "输出层"] testid="training-step-output" choices=&OUTPUTS row=lab.choice(&OUTPUT) />
        </div>
        <dl class="numbers">
            <dt>{tr(["the sentence (word ids)", "句子（词的编号）"])}</dt>
            <dd data-testid="training-step-sentence">{move || outcome.with(|o| o.tokens.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))}</dd>
            <dt>{tr(["loss before → after the step: sinusoidal / learned", "这一步前 → 后的损失：正弦位置编码 / 可学习位置表"])}</dt>
            <dd data-testid="training-step-loss">{move || outcome.with(|o| {
                o.losses.iter().map(|(a, b)| format!("{a:.4} → {b:.4}")).collect::<Vec<_>>().join(" / ")
            })}</dd>
            <dt>{tr(["change of the sinusoidal encoding", "正弦位置编码的变化"])}</dt>
            <dd data-testid="training-step-sinusoidal">{tr(["0: computed, not a parameter", "0（由公式算出，不是参数）"])}</dd>
            <dt>{tr(["learned table, rows 0 … L − 1: largest change", "可学习位置表第 0 … L − 1 行：最大变化"])}</dt>
            <dd data-testid="training-step-seen">{move || outcome.with(|o| change_text(largest(&o.position_rows, &|row| row < o.tokens.len())))}</dd>
            <dt>{tr(["learned table, rows L … 7 (positions not in the sentence): largest change", "可学习位置表第 L … 7 行（句子中没有的位置）：最大变化"])}</dt>
            <dd data-testid="training-step-unseen" data-readout="training-unseen">{move || outcome.with(|o| change_text(largest(&o.position_rows, &|row| row >= o.tokens.len())))}</dd>
            <dt>{tr(["word table, words not in the sentence: largest change", "嵌入表中不在句子里的词：最大变化"])}</dt>
            <dd data-testid="training-step-other-words" data-readout="training-unseen">{move || outcome.with(|o| change_text(largest(&o.word_rows, &|w| !o.tokens.contains(&w))))}</dd>
        </dl>
        <figure class="lab-chart" data-readout="training-unseen">
            <figcaption>{tr(["How far each row of the learned position table moved; the sentence's positions in orange", "可学习位置表每一行移动了多远；句子用到的位置为橙色"])}</figcaption>
            <SvgChart testid="training-step-table-chart" marks=Signal::derive(move || outcome.with(|o| {
                let used: Vec<usize> = (0..o.tokens.len()).collect();
                bar_marks(&o.position_rows, &used, "pos")
            })) />
        </figure>
        <figure class="lab-chart" data-readout="training-words">
            <figcaption>{tr(["How far each word's row moved; the sentence's words in orange", "每个词的行移动了多远；句子中的词为橙色"])}</figcaption>
            <SvgChart testid="training-step-words-chart" marks=Signal::derive(move || outcome.with(|o| bar_marks(&o.word_rows, &o.tokens, "word"))) />
        </figure>
    }
}
