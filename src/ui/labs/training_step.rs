//! Lab (in the extrapolation panel, after the basis lab): one training step, fixed against
//! learned (issue 18, item 7; seed 001, §14.4). A tiny model takes one step of gradient descent
//! on one sentence; which rows of the word table and of a learned position table moved, and
//! that the sinusoidal encoding, not being a parameter, did not (`encoding::training_step`).

use leptos::prelude::*;

use crate::encoding::training_step::{row_changes, PositionSignal, TinyModel};
use crate::lesson::lab_query::{
    read_training_step, training_step_pairs, TRAINING_DIM as DIM, TRAINING_ROWS,
    TRAINING_SEED as SEED, TRAINING_STEP_PREFIX, TRAINING_VOCAB as VOCAB,
};
use crate::render::basis_fit::error_text;
use crate::render::shift_operator::bar_marks;
use crate::ui::context::use_lesson;

use super::parts::{term_text, LabChoice, LabSlider, LinkProblems, Sliders, SvgChart, Track};

pub const TITLE: [&str; 2] = [
    "One training step: what moves, what cannot",
    "单步训练：什么会变，什么变不了",
];

pub const TEXT: [&str; 2] = [
    "A learned position table is learned the way the word table is: by gradient descent. Here a tiny model (8 words, 4 dimensions, a learned table of 8 rows) reads one sentence of L tokens and takes one step of plain gradient descent on its cross-entropy, each parameter moving by −learning rate × its gradient. The gradient is written by hand and checked against finite differences. ⟦training-why|A row that the sentence never looks up enters no computation, so its gradient is exactly 0 and it does not move: the learned table's rows for positions L and later keep their initial random values, and so do the rows of words not in the sentence.⟧ The sinusoidal encoding has nothing to move: it is computed from the formula, not stored as a parameter. One exception shows when the read-out shares the word table (weight tying): every word's row is then also a row of the output layer and gets a gradient through the softmax. With AdamW's weight decay, every parameter also shrinks a little at each step, used or not: unused rows then drift towards 0, but still learn nothing from the data.",
    "可学习位置表和嵌入表一样，靠梯度下降学习。这里有一个很小的模型（8 个词，4 维，可学习位置表 8 行）：读入一个含 L 个词元的句子，对交叉熵损失做一步普通的梯度下降，每个参数移动 −学习率 × 自身的梯度。梯度是手工推导的，并用有限差分做了检验。⟦training-why|句子没有查到的行不参与任何计算，梯度恰好为 0，因此不会移动：可学习位置表中位置 L 及以后的行保持初始的随机值，不在句子中的词对应的行也一样。⟧正弦位置编码则没有什么可动的：它由公式算出，并不作为参数存储。有一个例外：当输出层与嵌入表共享权重（权重共享）时，每个词的行同时也是输出层的一行，会通过 softmax 得到梯度。若使用 AdamW 的权重衰减，每个参数每一步都会缩小一点，无论用没用到：没用到的行会慢慢趋向 0，但仍然没有从数据中学到任何东西。",
];

/// The read-out's two choices, `[English, 中文]`.
const OUTPUTS: [[&str; 2]; 2] = [
    ["its own matrix", "独立的矩阵"],
    ["the word table (tied)", "嵌入表（权重共享）"],
];

/// The lab's other words, per language.
struct Words {
    length: &'static str,
    lr: &'static str,
    output: &'static str,
    sentence: &'static str,
    loss: &'static str,
    sinusoidal: &'static str,
    sinusoidal_value: &'static str,
    unseen: &'static str,
    seen: &'static str,
    other_words: &'static str,
    exactly: &'static str,
    none: &'static str,
    table_chart: &'static str,
    words_chart: &'static str,
}

const WORDS: [Words; 2] = [
    Words {
        length: "sentence length L",
        lr: "learning rate",
        output: "read-out",
        sentence: "the sentence (word ids)",
        loss: "loss before → after the step: sinusoidal / learned",
        sinusoidal: "change of the sinusoidal encoding",
        sinusoidal_value: "0: computed, not a parameter",
        unseen: "learned table, rows L … 7 (positions not in the sentence): largest change",
        seen: "learned table, rows 0 … L − 1: largest change",
        other_words: "word table, words not in the sentence: largest change",
        exactly: " (exactly)",
        none: "none: the sentence uses them all",
        table_chart: "How far each row of the learned position table moved; the sentence's positions in orange",
        words_chart: "How far each word's row moved; the sentence's words in orange",
    },
    Words {
        length: "句子长度 L",
        lr: "学习率",
        output: "输出层",
        sentence: "句子（词的编号）",
        loss: "这一步前 → 后的损失：正弦位置编码 / 可学习位置表",
        sinusoidal: "正弦位置编码的变化",
        sinusoidal_value: "0：由公式算出，不是参数",
        unseen: "可学习位置表第 L … 7 行（句子中没有的位置）：最大变化",
        seen: "可学习位置表第 0 … L − 1 行：最大变化",
        other_words: "嵌入表中不在句子里的词：最大变化",
        exactly: "（精确为零）",
        none: "没有：句子全部用到了",
        table_chart: "可学习位置表每一行移动了多远；句子用到的位置为橙色",
        words_chart: "每个词的行移动了多远；句子中的词为橙色",
    },
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
    let language = move || lesson.lang.get().index();
    let words = move || &WORDS[language()];
    let label = move |pick: fn(&Words) -> &'static str| Signal::derive(move || pick(words()));

    let (settings, link_problems) = super::linked_settings(
        TRAINING_STEP_PREFIX,
        read_training_step,
        training_step_pairs,
    );
    let outcome = Memo::new(move |_| {
        let s = settings.get();
        let tied = s.tied == 1;
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
        None => words().none.to_string(),
        Some(0.0) => format!("0{}", words().exactly),
        Some(change) => error_text(change),
    };
    let sliders = Sliders::of(settings);
    let output = move || settings.with(|s| s.tied);

    view! {
        <h3 id="lab-training-step" data-testid="training-step-title">{move || TITLE[language()]}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="training-step-link-problems" />
        <div class="lab-controls">
            <LabSlider label=label(|w| w.length) testid="training-step-length" min=1.0 max=TRAINING_ROWS as f64 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.length as f64) set=Callback::new(move |v: f64| settings.update(|s| s.length = v as usize)) />
            <LabSlider label=label(|w| w.lr) testid="training-step-lr" min=0.05 max=2.0 step=0.05 track=Track::Linear
                value=sliders.get(|s| s.lr) set=Callback::new(move |v: f64| settings.update(|s| s.lr = v)) />
            <LabChoice label=label(|w| w.output) testid="training-step-output" choices=&OUTPUTS
                value=Signal::derive(output) set=Callback::new(move |i| settings.update(|s| s.tied = i)) />
        </div>
        <dl class="numbers">
            <dt>{label(|w| w.sentence)}</dt>
            <dd data-testid="training-step-sentence">{move || outcome.with(|o| o.tokens.iter().map(usize::to_string).collect::<Vec<_>>().join(" "))}</dd>
            <dt>{label(|w| w.loss)}</dt>
            <dd data-testid="training-step-loss">{move || outcome.with(|o| {
                o.losses.iter().map(|(a, b)| format!("{a:.4} → {b:.4}")).collect::<Vec<_>>().join(" / ")
            })}</dd>
            <dt>{label(|w| w.sinusoidal)}</dt>
            <dd data-testid="training-step-sinusoidal">{label(|w| w.sinusoidal_value)}</dd>
            <dt>{label(|w| w.seen)}</dt>
            <dd data-testid="training-step-seen">{move || outcome.with(|o| change_text(largest(&o.position_rows, &|row| row < o.tokens.len())))}</dd>
            <dt>{label(|w| w.unseen)}</dt>
            <dd data-testid="training-step-unseen" data-readout="training-unseen">{move || outcome.with(|o| change_text(largest(&o.position_rows, &|row| row >= o.tokens.len())))}</dd>
            <dt>{label(|w| w.other_words)}</dt>
            <dd data-testid="training-step-other-words" data-readout="training-unseen">{move || outcome.with(|o| change_text(largest(&o.word_rows, &|w| !o.tokens.contains(&w))))}</dd>
        </dl>
        <figure class="lab-chart" data-readout="training-unseen">
            <figcaption>{label(|w| w.table_chart)}</figcaption>
            <SvgChart testid="training-step-table-chart" marks=Signal::derive(move || outcome.with(|o| {
                let used: Vec<usize> = (0..o.tokens.len()).collect();
                bar_marks(&o.position_rows, &used, "pos")
            })) />
        </figure>
        <figure class="lab-chart" data-readout="training-unseen">
            <figcaption>{label(|w| w.words_chart)}</figcaption>
            <SvgChart testid="training-step-words-chart" marks=Signal::derive(move || outcome.with(|o| bar_marks(&o.word_rows, &o.tokens, "word"))) />
        </figure>
    }
}
