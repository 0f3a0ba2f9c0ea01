//! Lab (in the extrapolation panel, after the training step): train a tiny transformer yourself.
//! A worker (src/bin/trainer.rs; its channel `worker`) trains the same task with two
//! position schemes on the same batches; the lab draws its snapshots (`charts`): the loss and
//! accuracy curves, the position table and its similarity, one sequence's attention, and
//! accuracy by position up to twice the training length (`encoding::tiny_training`).

mod charts;
mod worker;

use leptos::prelude::*;

use crate::encoding::tiny_training::{check_rows, share, Health, CHECKS_HEADER};
use crate::encoding::tiny_transformer::PositionScheme;
use crate::lesson::labs::train::{
    RunSnapshot, TrainSettings, TrainTask, WorkerCommand, D_MODEL, HEADS, LENGTH, LR, OFFSET,
    SCHEME_A, SCHEME_B, SEED, STEPS, TASK,
};
use crate::lesson::labs::Choice;
use crate::lesson::Lang;
use crate::ui::context::{tr, use_lesson};

use self::charts::Charts;
use self::worker::TrainWorker;
use super::parts::{LabFigure, ChoiceRow, CsvExport, LabChoice, LabSlider, SvgChart, Track};
use super::Linked;

/// A task's label.
const fn task_label(task: TrainTask) -> [&'static str; 2] {
    match task {
        TrainTask::CopyBack => ["copy the token k places back", "复制往回第 k 个词元"],
        TrainTask::TokenAt => ["output the token at position j", "输出位置 j 上的词元"],
        TrainTask::Reverse => ["reverse the sequence", "把序列倒过来"],
        TrainTask::Count => ["count how often token 0 occurs", "数出词元 0 出现了几次"],
    }
}

/// A scheme's label.
const fn scheme_label(scheme: PositionScheme) -> [&'static str; 2] {
    match scheme {
        PositionScheme::None => ["no position encoding", "无位置编码"],
        PositionScheme::Learned => ["learned table", "可学习位置表"],
        PositionScheme::Sinusoidal => ["sinusoids", "正弦位置编码"],
        PositionScheme::Rope => ["RoPE", "RoPE"],
        PositionScheme::Alibi => ["ALiBi", "ALiBi"],
    }
}

/// Every task's label, in the order a select lists them.
const TASK_LABELS: [[&str; 2]; 4] = {
    let mut labels = [[""; 2]; 4];
    let mut i = 0;
    while i < labels.len() {
        labels[i] = task_label(<TrainTask as Choice>::ALL[i]);
        i += 1;
    }
    labels
};

/// Every scheme's label, in the order a select lists them.
const SCHEME_LABELS: [[&str; 2]; 5] = {
    let mut labels = [[""; 2]; 5];
    let mut i = 0;
    while i < labels.len() {
        labels[i] = scheme_label(PositionScheme::ALL[i]);
        i += 1;
    }
    labels
};

/// A scheme's colour, from the Okabe–Ito hues the page's charts use (`ui::canvas`).
fn scheme_colour(scheme: PositionScheme) -> &'static str {
    match scheme {
        PositionScheme::None => "#777777",
        PositionScheme::Learned => "#0072B2",
        PositionScheme::Sinusoidal => "#009E73",
        PositionScheme::Rope => "#D55E00",
        PositionScheme::Alibi => "#CC79A7",
    }
}

const HEAD_NAMES: [[&str; 2]; 2] = [["head 1", "头 1"], ["head 2", "头 2"]];

const PACES: [[&str; 2]; 2] = [
    ["full speed", "全速"],
    [
        "slowly, to watch (about 30 steps a second)",
        "慢速，便于观察（每秒约 30 步）",
    ],
];

/// The runs' names before their schemes'.
const RUN_NAMES: [[&str; 2]; 2] = [["A: ", "方案 A："], ["B: ", "方案 B："]];

/// A finished run's results, kept per scheme for the table and chart of all schemes trained with
/// the same task and sizes.
#[derive(Clone, Debug, PartialEq)]
struct Finished {
    scheme: PositionScheme,
    learned_at: Option<usize>,
    counts: Vec<(usize, usize)>,
}

/// A scheme's colour, as a small square before its name (the charts' legend).
#[component]
fn Swatch(colour: Signal<&'static str>) -> impl IntoView {
    view! {
        <svg class="swatch" viewBox="0 0 10 10" aria-hidden="true">
            <rect width="10" height="10" fill=colour />
        </svg>
    }
}

/// Finished runs of the same task and sizes as the settings, one per scheme: a run that
/// finishes takes its scheme's place; a new task or size empties the list.
fn finished_runs(settings: RwSignal<TrainSettings>, runs: [RwSignal<RunSnapshot>; 2]) -> RwSignal<Vec<Finished>> {
    let finished: RwSignal<Vec<Finished>> = RwSignal::new(Vec::new());
    let context = Memo::new(move |_| {
        let mut s = settings.get();
        s.schemes = [PositionScheme::None; 2];
        s
    });
    Effect::new(move |_| {
        context.with(|_| ());
        finished.set(Vec::new());
    });
    for run in runs {
        Effect::new(move |_| {
            let done = run.with(|view| match (&view.counts, view.finished) {
                (Some(counts), true) => Some((view.scheme, view.learned_at, counts.clone())),
                _ => None,
            });
            let Some((scheme, learned_at, counts)) = done else {
                return;
            };
            finished.update(|all| {
                all.retain(|f| f.scheme != scheme);
                all.push(Finished {
                    scheme,
                    learned_at,
                    counts,
                });
                all.sort_by_key(|f| f.scheme.index());
            });
        });
    }
    finished
}

/// The progress line: the step both runs have reached, the speed, and the time left when it is
/// more than a few seconds (the largest sizes train a few steps a second).
fn progress_text(lang: Lang, step: usize, planned: usize, rate: f64) -> String {
    let left = (rate > 0.0 && step < planned).then(|| (planned - step) as f64 / rate);
    let left = match left {
        Some(s) if s >= 120.0 => lang.pick([
            format!(" · about {:.0} min left", s / 60.0),
            format!(" · 约剩 {:.0} 分钟", s / 60.0),
        ]),
        Some(s) if s >= 5.0 => lang.pick([format!(" · about {s:.0} s left"), format!(" · 约剩 {s:.0} 秒")]),
        _ => String::new(),
    };
    lang.pick([
        format!("step {step} of {planned} · {rate:.0} steps/s for each scheme{left}"),
        format!("第 {step} / {planned} 步 · 每种方案每秒 {rate:.0} 步{left}"),
    ])
}

/// What a run's health says, if it is not training normally (`name` is its scheme's).
fn health_text(lang: Lang, name: &str, health: Health, step: usize) -> Option<String> {
    Some(match health {
        Health::Diverged => lang.pick([
            format!("{name}: loss is NaN: learning rate too high. The run stopped at step {step}; lower the learning rate."),
            format!("{name}：损失变成了 NaN，说明学习率太高。运行停在第 {step} 步；请调低学习率。"),
        ]),
        Health::Rising => lang.pick([
            format!("{name}: the loss is more than twice where it started: learning rate too high, each step overshoots."),
            format!("{name}：损失已是开始时的两倍多：学习率太高，每一步都走过了头。"),
        ]),
        Health::Frozen => lang.pick([
            "Learning rate 0: Adam moves each weight by the learning rate times m̂/(√v̂ + ε), so nothing moves and the loss stays where it started.",
            "学习率为 0：Adam 每一步把权重移动学习率 × m̂/(√v̂ + ε)，所以什么都不会变，损失停在起点。",
        ]).to_string(),
        Health::Training => return None,
    })
}

/// A worker that stopped, said under run `name`'s scheme.
fn stopped_text(lang: Lang, name: &str, error: &str) -> String {
    lang.pick([
        format!("{name}: the training worker stopped ({error}). Reload the page to try again."),
        format!("{name}：训练用的后台线程停止了（{error}）。请重新加载页面。"),
    ])
}

/// The step at which a run first reached 95 %, or why there is none.
fn reached_text(lang: Lang, r: &RunSnapshot) -> String {
    match (r.learned_at, r.finished) {
        (Some(step), _) => step.to_string(),
        (None, true) => lang.pick([format!("never ({} steps)", r.step), format!("未达到（{} 步）", r.step)]),
        (None, false) => lang.pick(["not yet", "还没有"]).into(),
    }
}

/// A run's accuracy past the training length L, measured when it is not running.
fn beyond_text(lang: Lang, r: &RunSnapshot, l: usize) -> String {
    match &r.counts {
        Some(counts) if r.step > 0 => format!("{:.3}", share(counts, l..2 * l)),
        _ => lang.pick(["measured when paused or finished", "暂停或训练结束时测量"]).into(),
    }
}

#[component]
pub fn TrainLab() -> impl IntoView {
    let lang = use_lesson().lang;
    let lab = Linked::<TrainSettings>::from_link();
    let settings = lab.settings;
    let worker = TrainWorker::start(settings);
    let TrainWorker { runs, state, .. } = worker;
    let finished = finished_runs(settings, runs);
    let charts = Charts {
        settings,
        runs,
        lang,
    };

    let scheme_name = move |which: usize| lang.get().pick(scheme_label(settings.with(|s| s.schemes[which])));
    let length = move || settings.with(|s| s.length);
    let chosen_head = RwSignal::new(0usize);
    // Full speed, or slowly enough to watch the table form (the worker's `watch`).
    let pace = RwSignal::new(0usize);

    // Lesson mode's steps about this lab wait for its run (`LessonPlan::run`): Page Down starts
    // it at full speed, unless it is running or has finished with these settings.
    super::offer_run(super::LabRun {
        lab: crate::lesson::labs::LabId::Train,
        start: std::sync::Arc::new(move || {
            if !worker.running() && !worker.all_finished() {
                worker.tell(&WorkerCommand::Start);
            }
        }),
        state: std::sync::Arc::new(move || {
            let (step, of) = runs[0]
                .try_with(|a| runs[1].try_with(|b| (a.step.min(b.step), a.planned.max(b.planned))))
                .flatten()
                .unwrap_or((0, 0));
            let running = state.try_with(|s| s.running).unwrap_or(false);
            let finished = runs.iter().all(|r| r.try_with(|r| r.finished).unwrap_or(false));
            match (running, finished) {
                (true, _) => super::RunState::Running { step, of },
                (false, true) => super::RunState::Finished,
                (false, false) => super::RunState::Waiting,
            }
        }),
    });

    let progress = move || {
        // Both runs step in turn, so the slower's step is where the pair is.
        let (step, planned) =
            runs[0].with(|a| runs[1].with(|b| (a.step.min(b.step), a.planned.max(b.planned))));
        progress_text(lang.get(), step, planned, state.with(|s| s.rate))
    };
    let health = move |which: usize| {
        let lang = lang.get();
        if let Some(error) = state.with(|s| s.error.clone()) {
            // No run to name (a worker that never loaded sent none): the chosen scheme.
            return Some(stopped_text(lang, scheme_name(which), &error));
        }
        // The run's own scheme: the settings may already name the next run's.
        runs[which].with(|r| health_text(lang, lang.pick(scheme_label(r.scheme)), r.health, r.step))
    };
    let readout = move |which: usize, read: fn(Lang, &RunSnapshot, usize) -> String| {
        move || runs[which].with(|r| read(lang.get(), r, length()))
    };
    let accuracy_now = |_: Lang, r: &RunSnapshot, _: usize| {
        r.accuracy()
            .map(|a| format!("{a:.3}"))
            .unwrap_or_else(|| "—".into())
    };

    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "training_{}_{}_{}_seed{}.csv",
                s.task.name(),
                s.schemes[0].name(),
                s.schemes[1].name(),
                s.seed
            )
        })
    });
    let rows = Callback::new(move |_| {
        let mut csv = String::from(CHECKS_HEADER);
        for run in runs {
            run.with_untracked(|r| csv.push_str(&check_rows(r.scheme.name(), &r.checks)));
        }
        csv.push_str("\nscheme,position,scored,right\n");
        finished.with_untracked(|all| {
            for f in all {
                for (t, (scored, right)) in f.counts.iter().enumerate() {
                    csv.push_str(&format!(
                        "{},{t},{scored},{right}\n",
                        f.scheme.name()
                    ));
                }
            }
        });
        csv
    });

    let per_run = move |which: usize| {
        view! {
            <div class="train-run" data-testid=format!("train-run-{which}")>
                <h4><Swatch colour=Signal::derive(move || charts.colour(which)) />{tr(RUN_NAMES[which])}{move || scheme_name(which)}</h4>
                <Show when=move || health(which).is_some()>
                    <p class="notice" role="status" data-testid=format!("train-health-{which}")>{move || health(which)}</p>
                </Show>
                <dl class="numbers">
                    <dt>{tr(["held-out accuracy now", "当前留出序列上的准确率"])}</dt>
                    <dd data-testid=format!("train-accuracy-{which}")>{readout(which, accuracy_now)}</dd>
                    <dt>{tr(["95 % first reached at step", "首次达到 95% 的步数"])}</dt>
                    <dd data-testid=format!("train-reached-{which}")>{readout(which, |lang, r, _| reached_text(lang, r))}</dd>
                    // Masked in lesson step 16 (its answer), and held through step 15's reveal.
                    <div data-readout="train-beyond">
                        <dt>{tr([
                            "accuracy past the training length (positions L … 2L − 1)",
                            "超出训练长度的准确率（位置 L … 2L − 1）",
                        ])}</dt>
                        <dd data-testid=format!("train-beyond-{which}")>{readout(which, beyond_text)}</dd>
                    </div>
                </dl>
            </div>
        }
    };
    let table_pair = move |which: usize| {
        view! {
            <Show
                when=move || settings.with(|s| matches!(s.schemes[which], PositionScheme::Learned | PositionScheme::Sinusoidal))
                fallback=move || view! {
                    <p class="note">{move || {
                        let why = match settings.with(|s| s.schemes[which]) {
                            PositionScheme::Rope => ["RoPE turns the queries and keys by their positions", "RoPE 按位置旋转查询和键"],
                            PositionScheme::Alibi => ["ALiBi adds its penalty to the scores", "ALiBi 把惩罚加在分数上"],
                            // (A learned or sinusoidal model draws its table instead of this note.)
                            PositionScheme::None | PositionScheme::Learned | PositionScheme::Sinusoidal => ["this model has no position signal at all", "这个模型完全没有位置信息"],
                        };
                        let lang = lang.get();
                        format!("{}{}{}", lang.pick(RUN_NAMES[which]), lang.pick(why), lang.pick([": nothing is added to the input, so there is no position table to draw.", "：输入上什么都没有加，所以没有位置表可画。"]))
                    }}</p>
                }
            >
                <div class="heat-pair">
                    <SvgChart testid=["train-table-0", "train-table-1"][which] marks=charts.table(which) heat=true />
                    <SvgChart testid=["train-similarity-0", "train-similarity-1"][which] marks=charts.similarity(which) heat=true />
                </div>
            </Show>
        }
    };

    view! {
        <div class="lab-controls">
            <LabChoice label=["task", "任务"] testid="train-task" choices=&TASK_LABELS row=lab.choice(&TASK) />
            <LabSlider label=["k or j", "k 或 j"] testid="train-k" row=lab.slider(&OFFSET) track=Track::Linear step=1.0
                up_to=Signal::derive(move || (length() - 1) as f64) />
            <LabChoice label=["scheme A", "方案 A"] testid="train-scheme-a" choices=&SCHEME_LABELS row=lab.choice(&SCHEME_A) />
            <LabChoice label=["scheme B", "方案 B"] testid="train-scheme-b" choices=&SCHEME_LABELS row=lab.choice(&SCHEME_B) />
            <LabSlider label=["training length L", "训练长度 L"] testid="train-length" row=lab.slider(&LENGTH)
                track=Track::Linear step=1.0 />
            <LabSlider label=["model width d_model", "模型维度 d_model"] testid="train-d" row=lab.slider(&D_MODEL)
                track=Track::Log2 step=1.0 />
            <LabSlider label=["heads", "头数"] testid="train-heads" row=lab.slider(&HEADS) track=Track::Linear step=1.0 />
            <LabSlider label=["learning rate", "学习率"] testid="train-lr" row=lab.slider(&LR) track=Track::Log10 step=0.25 />
            <LabSlider label=["steps", "步数"] testid="train-steps" row=lab.slider(&STEPS) track=Track::Linear step=10.0 />
            <LabSlider label=["seed", "种子"] testid="train-seed" row=lab.slider(&SEED) track=Track::Linear step=1.0 />
        </div>
        <div class="lab-controls">
            <LabChoice label=["pace", "速度"] testid="train-pace" choices=&PACES row=ChoiceRow::local(pace) />
        </div>
        <p class="lab-buttons">
            <button type="button" data-testid="train-go" on:click=move |_| {
                if worker.running() {
                    worker.tell(&WorkerCommand::Pause);
                } else {
                    if worker.all_finished() {
                        worker.reset(settings);
                    }
                    worker.tell(&[WorkerCommand::Start, WorkerCommand::Watch][pace.get_untracked()]);
                }
            }>
                {move || lang.get().pick(match (worker.running(), worker.all_finished()) {
                    (true, _) => ["Pause", "暂停"],
                    (false, true) => ["Train again", "重新训练"],
                    (false, false) => ["Train", "训练"],
                })}
            </button>
            <button type="button" data-testid="train-step" disabled=move || worker.running()
                on:click=move |_| worker.tell(&WorkerCommand::Step)>
                {tr(["One step", "单步训练"])}
            </button>
            <button type="button" data-testid="train-reset" on:click=move |_| worker.reset(settings)>
                {tr(["Reset", "重置"])}
            </button>
        </p>
        <p class="train-progress">
            <progress data-testid="train-progress" aria-label=tr(["training progress", "训练进度"])
                max=move || runs[0].with(|r| r.planned.max(1)).to_string()
                value=move || runs.iter().map(|r| r.with(|r| r.step)).min().unwrap_or(0).to_string() />
            <span data-testid="train-progress-text">{progress}</span>
        </p>
        <LabFigure caption=[
                "Training loss (log scale), the mean over each 10 steps; thick: scheme A, thin: scheme B",
                "训练损失（对数刻度），每 10 步的平均值；粗线：方案 A，细线：方案 B",
            ]>
            <SvgChart testid="train-loss" marks=charts.loss() />
        </LabFigure>
        <LabFigure caption=[
                "Accuracy on the 64 held-out sequences, checked every 10 steps; a dashed line where a run first reached 95 %",
                "64 个留出序列上的准确率，每 10 步检验一次；虚线处是某次运行首次达到 95%",
            ]>
            <SvgChart testid="train-accuracy" marks=charts.accuracy() />
        </LabFigure>
        <div class="train-runs">{per_run(0)}{per_run(1)}</div>
        <LabFigure caption=[
                "The position signal added to the input at positions 0 … 2L − 1 (rows; columns: dimensions), and the cosine similarity of every two positions",
                "在位置 0 … 2L − 1 加到输入上的位置信息（行；列为维度），以及每两个位置之间的余弦相似度",
            ] note=[
                "A learned table's rows from L on are never looked up in training, so they keep their random start values (tiny, as GPT-2's table starts: a normal distribution with standard deviation 0.01): pale rows, and no bands in their similarity. The sinusoids are a formula: nothing in them is trained, and their bands are there from step 0. Watch whether bands form along the learned table's diagonal as it trains.",
                "训练时从来查不到可学习位置表中位置 L 及以后的行，所以它们保持随机的初始值（很小，与 GPT-2 位置表的初始化相同：标准差为 0.01 的正态分布）：颜色很浅，相似度图中也没有条带。正弦位置编码是公式，没有任何需要训练的部分，它的条带从第 0 步起就在。请观察训练过程中，可学习位置表的对角线上是否形成条带。",
            ] answer="train-rows">
            {table_pair(0)}
            {table_pair(1)}
        </LabFigure>
        <LabFigure caption=[
                "Attention weights of one head on the first held-out sequence (rows: queries, columns: keys)",
                "一个头在第一个留出序列上的注意力权重（行：查询，列：键）",
            ]>
            <div class="lab-controls">
                <LabChoice label=["head", "头"] testid="train-head" choices=&HEAD_NAMES row=ChoiceRow::local(chosen_head) />
            </div>
            <div class="heat-pair">
                <SvgChart testid="train-attention-0" marks=charts.attention(0, chosen_head) heat=true />
                <SvgChart testid="train-attention-1" marks=charts.attention(1, chosen_head) heat=true />
            </div>
        </LabFigure>
        // Masked in lesson step 16 (its answer), and held through step 15's reveal: the runs
        // finished there are listed.
        <div data-readout="train-positions">
        <LabFigure caption=[
                "Accuracy by position on 64 sequences of twice the training length, for each scheme trained to the end with this task and these sizes; the dashed line is the end of the training length",
                "各位置的准确率，在 64 个长度为训练长度两倍的序列上测得，列出按当前任务和大小训练完成的每种方案；虚线是训练长度的终点",
            ] note=[
                "Train a run to the end, then change scheme B and train again: each scheme keeps its row here until the task or a size changes. For reversing and counting, a longer sequence changes every answer, so their accuracy falls even at the first positions.",
                "把一次运行训练完，再换方案 B 重新训练：每种方案的这一行会一直保留，直到任务或某个大小改变。对倒序和计数来说，序列变长会改变每一个答案，所以即使在最前面的位置，准确率也会下降。",
            ]>
            <SvgChart testid="train-by-position" marks=charts.by_position(finished) />
            <p class="legend">
                {move || finished.with(|all| {
                    all.iter()
                        .map(|f| {
                            let scheme = f.scheme;
                            view! { <span><Swatch colour=Signal::derive(move || scheme_colour(scheme)) />{tr(scheme_label(scheme))}</span> }
                        })
                        .collect_view()
                })}
            </p>
        </LabFigure>
        <table class="numbers-table train-finished" data-testid="train-table">
            <thead>
                <tr>
                    <th>{tr(["scheme", "方案"])}</th>
                    <th>{tr(["95 % at step", "达到 95% 的步数"])}</th>
                    <th>{tr(["positions 0 … L − 1", "位置 0 … L − 1"])}</th>
                    <th>{tr(["positions L … 2L − 1", "位置 L … 2L − 1"])}</th>
                </tr>
            </thead>
            <tbody>
                {move || {
                    let (l, lang) = (length(), lang.get());
                    finished.with(|all| {
                        all.iter()
                            .map(|f| {
                                let reached = f.learned_at.map(|s| s.to_string()).unwrap_or_else(|| lang.pick(["never", "未达到"]).into());
                                view! {
                                    <tr>
                                        <th>{lang.pick(scheme_label(f.scheme))}</th>
                                        <td>{reached}</td>
                                        <td>{format!("{:.3}", share(&f.counts, 0..l))}</td>
                                        <td>{format!("{:.3}", share(&f.counts, l..2 * l))}</td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    })
                }}
            </tbody>
        </table>
        </div>
        <p class="note" data-readout="train-measured" data-testid="train-measured">{tr([
            "Measured at the defaults (copy the token 2 back, 12 tokens, width 16, 2 heads, learning rate 0.01, seed 1, 300 steps). Reaching 95 % on the held-out sequences: RoPE 80 · learned 150 · sinusoids 190; ALiBi and no position encoding never do (0.38 and 0.37 at step 300). Accuracy past the training length, positions 12 to 23: RoPE 1.000 · learned 0.184 · sinusoids 0.456; ALiBi 0.314, no position encoding 0.263 (guessing one of 8 tokens gets 0.125). In Chromium on a two-core test machine the worker trains each scheme about 200 steps a second at these sizes (the two in turn, resting half the time so that the page stays quick).",
            "在默认设置下测得（复制往回第 2 个词元，12 个词元，模型维度 16，2 个头，学习率 0.01，种子 1，300 步）。在留出序列上达到 95% 的步数：RoPE 80 · 可学习位置表 150 · 正弦位置编码 190；ALiBi 和无位置编码始终达不到（第 300 步时为 0.38 和 0.37）。超出训练长度（位置 12 到 23）的准确率：RoPE 1.000 · 可学习位置表 0.184 · 正弦位置编码 0.456；ALiBi 0.314，无位置编码 0.263（在 8 个词元中随便猜一个是 0.125）。在双核测试机上的 Chromium 中，按这些大小，后台线程每种方案每秒约训练 200 步（两种方案轮流训练，并有一半时间休息，让页面保持流畅）。",
        ])}</p>
        <CsvExport testid="train-csv" file=file rows=rows />
    }
}
