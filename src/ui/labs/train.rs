//! Lab (in the extrapolation panel, after the training step): train a tiny transformer yourself
//! (issue 21). A worker (src/bin/trainer.rs) trains the same task with two position schemes on
//! the same batches; the lab draws its snapshots: the loss and accuracy curves, the position
//! table and its similarity, one sequence's attention, and accuracy by position up to twice the
//! training length (`encoding::tiny_training`).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::encoding::tiny_training::{check_rows, share, Check, Health, CHECKS_HEADER};
use crate::lesson::lab_query::{
    read_train, train_pairs, TrainSettings, TRAIN_PREFIX, TRAIN_SCHEMES, TRAIN_TASKS,
};
use crate::render::family::{curves, heat_chart, Curve};
use crate::ui::context::use_lesson;

use super::parts::{
    in_language, term_text, CsvExport, LabChoice, LabSlider, LinkProblems, Sliders, SvgChart, Track,
};

pub const TITLE: [&str; 2] = [
    "Train it yourself: a tiny transformer learns positions",
    "亲手训练：一个很小的 Transformer 学习位置",
];

pub const TEXT: [&str; 2] = [
    "Every other part of this page shows encodings someone chose or someone else trained. Here you train one. The model is tiny: a vector for each of 8 tokens plus the position signal, one attention layer of one or two heads, and a read-out, trained with Adam on cross-entropy. The tasks need position in different ways: copying the token k places back needs the offset (relative), the token at position j needs the absolute position, reversing needs both, and counting how often token 0 occurs needs no order at all (the control). Copying and the token at j use a decoder's causal mask; reversing and counting see the whole sequence. Two position schemes train side by side on the same random sequences, in a worker of their own, so the page stays responsive; both are checked every 10 steps on 64 held-out sequences, drawn from a seed of their own (at the shortest lengths a few of them may also turn up in training). A link holds every setting, so a class that opens the teacher's link trains the same run, number for number.",
    "本页其他部分展示的位置编码，都是别人选定或别人训练好的；这里由你亲手训练一个。模型很小：8 个词元各一个向量，加上位置信息，一个含一或两个注意力头的注意力层，再加一个输出层，用 Adam 以交叉熵为损失训练。这些任务对位置的需求各不相同：复制往回第 k 个词元需要偏移量（相对位置），输出位置 j 上的词元需要绝对位置，倒序两者都需要，而数出词元 0 出现了几次完全不需要顺序（对照组）。复制和输出位置 j 的词元使用解码器的因果掩码；倒序和计数能看到整个序列。两种位置编码方案在相同的随机序列上并排训练，放在单独的后台线程（worker）中运行，页面因此保持流畅；每 10 步在 64 个留出序列上检验一次，这些序列由单独的种子生成（在最短的长度下，其中少数也可能在训练中出现）。链接保存了所有设置，全班打开老师的链接，训练出的就是同一次运行，每个数都一样。",
];

const TASKS: [[&str; 2]; 4] = [
    ["copy the token k places back", "复制往回第 k 个词元"],
    ["output the token at position j", "输出位置 j 上的词元"],
    ["reverse the sequence", "把序列倒过来"],
    ["count how often token 0 occurs", "数出词元 0 出现了几次"],
];

const SCHEMES: [[&str; 2]; 5] = [
    ["no position encoding", "无位置编码"],
    ["learned table", "可学习位置表"],
    ["sinusoids", "正弦位置编码"],
    ["RoPE", "RoPE"],
    ["ALiBi", "ALiBi"],
];

/// Each scheme's colour, from the Okabe–Ito hues the page's charts use (`ui::canvas`).
const COLOURS: [&str; 5] = ["#777777", "#0072B2", "#009E73", "#D55E00", "#CC79A7"];

const HEADS: [[&str; 2]; 2] = [["head 1", "头 1"], ["head 2", "头 2"]];

const PACES: [[&str; 2]; 2] = [
    ["full speed", "全速"],
    [
        "slowly, to watch (about 30 steps a second)",
        "慢速，便于观察（每秒约 30 步）",
    ],
];

/// What the lab measured at its defaults, in Chromium and on a host (README, docs/sources.md):
/// lesson steps 15 and 16 ask for it, so it is masked until Reveal.
const MEASURED: [&str; 2] = [
    "Measured at the defaults (copy the token 2 back, 12 tokens, width 16, 2 heads, learning rate 0.01, seed 1, 300 steps). Reaching 95 % on the held-out sequences: RoPE 80 · learned 150 · sinusoids 190; ALiBi and no position encoding never do (0.38 and 0.37 at step 300). Accuracy past the training length, positions 12 to 23: RoPE 1.000 · learned 0.184 · sinusoids 0.456; ALiBi 0.314, no position encoding 0.263 (guessing one of 8 tokens gets 0.125). In Chromium on a two-core test machine the worker trains each scheme about 200 steps a second at these sizes (the two in turn, resting half the time so that the page stays quick).",
    "在默认设置下测得（复制往回第 2 个词元，12 个词元，模型维度 16，2 个头，学习率 0.01，种子 1，300 步）。在留出序列上达到 95% 的步数：RoPE 80 · 可学习位置表 150 · 正弦位置编码 190；ALiBi 和无位置编码始终达不到（第 300 步时为 0.38 和 0.37）。超出训练长度（位置 12 到 23）的准确率：RoPE 1.000 · 可学习位置表 0.184 · 正弦位置编码 0.456；ALiBi 0.314，无位置编码 0.263（在 8 个词元中随便猜一个是 0.125）。在双核测试机上的 Chromium 中，按这些大小，后台线程每种方案每秒约训练 200 步（两种方案轮流训练，并有一半时间休息，让页面保持流畅）。",
];

/// One run as its worker's last snapshot gave it.
#[derive(Clone, Debug, Default, PartialEq)]
struct RunView {
    /// The scheme this run trains (an index of `SCHEMES`): the snapshot's own, since the lab's
    /// settings may already name the next run's.
    scheme: usize,
    step: usize,
    planned: usize,
    finished: bool,
    learned_at: Option<usize>,
    health: Health,
    checks: Vec<Check>,
    width: usize,
    rows: Vec<f64>,
    similarity: Vec<f64>,
    heads: usize,
    attention: Vec<f64>,
    tokens: Vec<usize>,
    /// Per position of the sequences of twice the length: (scored, right); measured when the
    /// run is not running.
    counts: Option<Vec<(usize, usize)>>,
}

/// The worker as a whole: whether its runs are going, its speed (steps a second of each run),
/// and, if it failed, why.
#[derive(Clone, Debug, Default, PartialEq)]
struct WorkerState {
    running: bool,
    rate: f64,
    error: Option<String>,
}

impl RunView {
    /// One run of a snapshot (src/bin/trainer.rs, `run_snapshot`).
    fn read(snapshot: &JsValue) -> Option<RunView> {
        let get = |key: &str| js_sys::Reflect::get(snapshot, &key.into()).unwrap_or_default();
        let number = |key: &str| get(key).as_f64().unwrap_or(0.0);
        let numbers = |key: &str| {
            get(key)
                .dyn_into::<js_sys::Float64Array>()
                .map(|a| a.to_vec())
                .ok()
        };
        let checks = numbers("checks")?;
        let pairs = |values: Vec<f64>| {
            values
                .chunks(2)
                .map(|c| (c[0] as usize, c[1] as usize))
                .collect()
        };
        Some(RunView {
            scheme: (number("scheme") as usize).min(SCHEMES.len() - 1),
            step: number("step") as usize,
            planned: number("planned") as usize,
            finished: get("finished").is_truthy(),
            learned_at: (number("learnedAt") >= 0.0).then(|| number("learnedAt") as usize),
            health: get("health")
                .as_string()
                .and_then(|name| Health::from_name(&name))
                .unwrap_or_default(),
            checks: checks
                .chunks(3)
                .map(|c| Check {
                    step: c[0] as usize,
                    loss: c[1],
                    accuracy: c[2],
                })
                .collect(),
            width: number("width") as usize,
            rows: numbers("rows").unwrap_or_default(),
            similarity: numbers("similarity").unwrap_or_default(),
            heads: number("heads") as usize,
            attention: numbers("attention").unwrap_or_default(),
            tokens: numbers("tokens")
                .unwrap_or_default()
                .iter()
                .map(|&t| t as usize)
                .collect(),
            counts: numbers("counts").map(pairs),
        })
    }

    fn accuracy(&self) -> Option<f64> {
        self.checks.last().map(|c| c.accuracy)
    }
}

/// A finished run's results, kept per scheme for the table and chart of all schemes trained with
/// the same task and sizes.
#[derive(Clone, Debug, PartialEq)]
struct Finished {
    scheme: usize,
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

/// The query of the page's own files (`?<version>`), as the tools' script was loaded with it, so
/// the worker's files are the same build's.
fn version() -> String {
    document()
        .query_selector("script[src*=\"teacher.js?\"]")
        .ok()
        .flatten()
        .and_then(|script| script.get_attribute("src"))
        .and_then(|src| src.split_once('?').map(|(_, v)| format!("?{v}")))
        .unwrap_or_default()
}

/// The worker that trains both runs (src/bin/trainer.rs), started when the lab is first drawn;
/// its snapshots go to `runs` and `state`, and a worker that fails says so in `state`.
fn start_worker(
    runs: [RwSignal<RunView>; 2],
    state: RwSignal<WorkerState>,
) -> Option<web_sys::Worker> {
    let worker = web_sys::Worker::new(&crate::ui::net::site_file(&format!(
        "train-worker.js{}",
        version()
    )))
    .ok()?;
    let message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            let get = |key: &str| js_sys::Reflect::get(&data, &key.into()).unwrap_or_default();
            if let Some(error) = get("error").as_string() {
                state.update(|s| s.error = Some(error));
                return;
            }
            state.update(|s| {
                s.running = get("running").is_truthy();
                s.rate = get("rate").as_f64().unwrap_or(0.0);
            });
            let snapshots = js_sys::Array::from(&get("runs"));
            for (run, snapshot) in runs.iter().zip(snapshots.iter()) {
                if let Some(view) = RunView::read(&snapshot) {
                    run.set(view);
                }
            }
        });
    worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
    message.forget();
    let error = Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
        ev.prevent_default();
        state.update(|s| s.error = Some(ev.message()));
    });
    worker.set_onerror(Some(error.as_ref().unchecked_ref()));
    error.forget();
    Some(worker)
}

#[component]
pub fn TrainLab() -> impl IntoView {
    let lang = use_lesson().lang;
    let (settings, link_problems) = super::linked_settings(TRAIN_PREFIX, read_train, train_pairs);
    let runs = [
        RwSignal::new(RunView::default()),
        RwSignal::new(RunView::default()),
    ];
    let state = RwSignal::new(WorkerState::default());
    let worker = StoredValue::new_local(start_worker(runs, state));
    let tell = move |command: &str| {
        worker.with_value(|worker| {
            if let Some(worker) = worker {
                let _ = worker.post_message(&command.into());
            }
        })
    };
    let reset = move || tell(&format!("reset {}", settings.with_untracked(train_pairs)));
    // A new setting is a new run, paused at step 0 (the worker is outside the page's state).
    Effect::new(move |_| {
        settings.with(|_| ());
        reset();
    });

    // The page's own controls come first: after each input anywhere on the page (its sliders),
    // the worker rests for 250 ms, so that a slider being dragged has the processor.
    let input = window_event_listener(leptos::ev::input, move |_| {
        if state.with_untracked(|s| s.running) {
            tell("yield");
        }
    });
    on_cleanup(move || input.remove());

    // Finished runs of the same task and sizes, one per scheme.
    let finished: RwSignal<Vec<Finished>> = RwSignal::new(Vec::new());
    let context = Memo::new(move |_| {
        let mut s = settings.get();
        s.schemes = [0, 0];
        train_pairs(&s)
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
                all.sort_by_key(|f| f.scheme);
            });
        });
    }

    let zh = move || lang.get().index();
    let scheme_name = move |which: usize| SCHEMES[settings.with(|s| s.schemes[which])][zh()];
    let running = move || state.with(|s| s.running);
    let all_finished = move || runs.iter().all(|r| r.with(|r| r.finished));
    let length = move || settings.with(|s| s.length);
    let sliders = Sliders::fixed_by(settings, TrainSettings::fixed);
    let chosen_head = RwSignal::new(0usize);
    // Full speed, or slowly enough to watch the table form (the worker's `watch`).
    let pace = RwSignal::new(0usize);

    let colour = move |which: usize| COLOURS[settings.with(|s| s.schemes[which])];
    let check_curves = move |pick: fn(&Check) -> (f64, f64), width: [f64; 2]| -> Vec<Curve> {
        (0..2)
            .map(|i| {
                let points = runs[i].with(|r| r.checks.iter().map(pick).collect());
                (points, colour(i), width[i])
            })
            .collect()
    };
    // Run A thicker, so that two runs of one scheme (one colour) still show as two.
    let loss_chart = Signal::derive(move || {
        curves(
            &check_curves(|c| (c.step as f64, c.loss), [4.0, 2.0]),
            &[],
            ["step", "步数"][zh()],
            true,
        )
    });
    let accuracy_chart = Signal::derive(move || {
        let reached: Vec<f64> = runs
            .iter()
            .filter_map(|r| r.with(|r| r.learned_at.map(|s| s as f64)))
            .collect();
        curves(
            &check_curves(|c| (c.step as f64, c.accuracy), [4.0, 2.0]),
            &reached,
            ["step", "步数"][zh()],
            false,
        )
    });

    // A heatmap's title: the run, its scheme and what is drawn (short: it sits under a 260-wide
    // chart).
    let heat_title = move |which: usize, what: String| {
        let zh = zh();
        format!(
            "{}{} · {what}",
            [["A: ", "方案 A："], ["B: ", "方案 B："]][which][zh],
            SCHEMES[settings.with(|s| s.schemes[which])][zh]
        )
    };
    let table_chart = move |which: usize| {
        // Memos, these three: a snapshot that leaves a picture as it was (the sinusoids' table
        // and its similarity) redraws nothing.
        Signal::from(Memo::new(move |_| {
            let title = heat_title(which, ["table", "位置表"][zh()].into());
            runs[which].with(|r| {
                let rows = 2 * length();
                if r.width == 0 || r.rows.len() != rows * r.width {
                    return Vec::new();
                }
                let top = r.rows.iter().fold(1e-12f64, |m, v| m.max(v.abs()));
                heat_chart(&r.rows, rows, r.width, (-top, top), title, None)
            })
        }))
    };
    let similarity_chart = move |which: usize| {
        Signal::from(Memo::new(move |_| {
            let title = heat_title(which, ["similarity", "相似度"][zh()].into());
            runs[which].with(|r| {
                let rows = 2 * length();
                if r.similarity.len() != rows * rows {
                    return Vec::new();
                }
                heat_chart(&r.similarity, rows, rows, (-1.0, 1.0), title, None)
            })
        }))
    };
    let attention_chart = move |which: usize| {
        Signal::from(Memo::new(move |_| {
            runs[which].with(|r| {
                let l = r.tokens.len();
                let head = chosen_head.get().min(r.heads.saturating_sub(1));
                if l == 0 || r.attention.len() != r.heads * l * l {
                    return Vec::new();
                }
                let title = heat_title(which, format!("{} {}", ["head", "头"][zh()], head + 1));
                let map = &r.attention[head * l * l..(head + 1) * l * l];
                heat_chart(map, l, l, (0.0, 1.0), title, None)
            })
        }))
    };
    let by_position_chart = Signal::derive(move || {
        let lines: Vec<Curve> = finished.with(|all| {
            all.iter()
                .map(|f| {
                    let points = (0..f.counts.len())
                        .filter(|&t| f.counts[t].0 > 0)
                        .map(|t| (t as f64, share(&f.counts, t..t + 1)))
                        .collect();
                    (points, COLOURS[f.scheme], 3.0)
                })
                .collect()
        });
        curves(
            &lines,
            &[length() as f64 - 0.5],
            ["position", "位置"][zh()],
            false,
        )
    });

    let progress_text = move || {
        // Both runs step in turn, so the slower's step is where the pair is.
        let (step, planned) =
            runs[0].with(|a| runs[1].with(|b| (a.step.min(b.step), a.planned.max(b.planned))));
        let rate = state.with(|s| s.rate);
        // What is left at this speed, when it is more than a few seconds (the largest sizes train
        // a few steps a second).
        let left = (rate > 0.0 && step < planned).then(|| (planned - step) as f64 / rate);
        let zh = zh() == 1;
        let left = match (left, zh) {
            (Some(s), false) if s >= 120.0 => format!(" · about {:.0} min left", s / 60.0),
            (Some(s), true) if s >= 120.0 => format!(" · 约剩 {:.0} 分钟", s / 60.0),
            (Some(s), false) if s >= 5.0 => format!(" · about {s:.0} s left"),
            (Some(s), true) if s >= 5.0 => format!(" · 约剩 {s:.0} 秒"),
            _ => String::new(),
        };
        if zh {
            format!("第 {step} / {planned} 步 · 每种方案每秒 {rate:.0} 步{left}")
        } else {
            format!("step {step} of {planned} · {rate:.0} steps/s for each scheme{left}")
        }
    };
    let health = move |which: usize| {
        let zh = zh() == 1;
        if let Some(error) = state.with(|s| s.error.clone()) {
            // No run to name (a worker that never loaded sent none): the chosen scheme.
            let name = scheme_name(which);
            return Some(if zh {
                format!("{name}：训练用的后台线程停止了（{error}）。请重新加载页面。")
            } else {
                format!(
                    "{name}: the training worker stopped ({error}). Reload the page to try again."
                )
            });
        }
        runs[which].with(|r| {
            // The run's own scheme: the settings may already name the next run's.
            let name = SCHEMES[r.scheme][usize::from(zh)];
            let text = match (r.health, zh) {
                (Health::Diverged, false) => format!("{name}: loss is NaN: learning rate too high. The run stopped at step {}; lower the learning rate.", r.step),
                (Health::Diverged, true) => format!("{name}：损失变成了 NaN：学习率太高。运行停在第 {} 步；请调低学习率。", r.step),
                (Health::Rising, false) => format!("{name}: the loss is more than twice where it started: learning rate too high, each step overshoots."),
                (Health::Rising, true) => format!("{name}：损失已是开始时的两倍多：学习率太高，每一步都走过了头。"),
                (Health::Frozen, false) => "Learning rate 0: Adam moves each weight by the learning rate times m̂/(√v̂ + ε), so nothing moves and the loss stays where it started.".to_string(),
                (Health::Frozen, true) => "学习率为 0：Adam 每一步把权重移动学习率 × m̂/(√v̂ + ε)，所以什么都不会变，损失停在起点。".to_string(),
                (Health::Training, _) => return None,
            };
            Some(text)
        })
    };
    let readout = move |which: usize, read: fn(&RunView, usize, bool) -> String| {
        move || {
            let (l, zh) = (length(), zh() == 1);
            runs[which].with(|r| read(r, l, zh))
        }
    };
    let reached = |r: &RunView, _: usize, zh: bool| match (r.learned_at, r.finished, zh) {
        (Some(step), _, _) => step.to_string(),
        (None, true, false) => format!("never ({} steps)", r.step),
        (None, true, true) => format!("未达到（{} 步）", r.step),
        (None, false, false) => "not yet".into(),
        (None, false, true) => "还没有".into(),
    };
    let accuracy_now = |r: &RunView, _: usize, _: bool| {
        r.accuracy()
            .map(|a| format!("{a:.3}"))
            .unwrap_or_else(|| "—".into())
    };
    let beyond = |r: &RunView, l: usize, zh: bool| match &r.counts {
        Some(counts) if r.step > 0 => format!("{:.3}", share(counts, l..2 * l)),
        _ if zh => "暂停或训练结束时测量".into(),
        _ => "measured when paused or finished".into(),
    };

    let file = Signal::derive(move || {
        settings.with(|s| {
            format!(
                "training_{}_{}_{}_seed{}.csv",
                TRAIN_TASKS[s.task],
                TRAIN_SCHEMES[s.schemes[0]],
                TRAIN_SCHEMES[s.schemes[1]],
                s.seed
            )
        })
    });
    let rows = Callback::new(move |_| {
        let mut csv = String::from(CHECKS_HEADER);
        for run in runs {
            run.with_untracked(|r| csv.push_str(&check_rows(TRAIN_SCHEMES[r.scheme], &r.checks)));
        }
        csv.push_str("\nscheme,position,scored,right\n");
        finished.with_untracked(|all| {
            for f in all {
                for (t, (scored, right)) in f.counts.iter().enumerate() {
                    csv.push_str(&format!(
                        "{},{t},{scored},{right}\n",
                        TRAIN_SCHEMES[f.scheme]
                    ));
                }
            }
        });
        csv
    });

    let per_run = move |which: usize| {
        view! {
            <div class="train-run" data-testid=format!("train-run-{which}")>
                <h4><Swatch colour=Signal::derive(move || colour(which)) />{move || [["A: ", "方案 A："], ["B: ", "方案 B："]][which][zh()]}{move || scheme_name(which)}</h4>
                <Show when=move || health(which).is_some()>
                    <p class="notice" role="status" data-testid=format!("train-health-{which}")>{move || health(which)}</p>
                </Show>
                <dl class="numbers">
                    <dt>{in_language(["held-out accuracy now", "当前留出序列上的准确率"])}</dt>
                    <dd data-testid=format!("train-accuracy-{which}")>{readout(which, accuracy_now)}</dd>
                    <dt>{in_language(["95 % first reached at step", "首次达到 95% 的步数"])}</dt>
                    <dd data-testid=format!("train-reached-{which}")>{readout(which, reached)}</dd>
                    <dt>{in_language([
                        "accuracy past the training length (positions L … 2L − 1)",
                        "超出训练长度的准确率（位置 L … 2L − 1）",
                    ])}</dt>
                    <dd data-testid=format!("train-beyond-{which}")>{readout(which, beyond)}</dd>
                </dl>
            </div>
        }
    };
    let table_pair = move |which: usize| {
        view! {
            <Show
                when=move || settings.with(|s| matches!(s.schemes[which], 1 | 2))
                fallback=move || view! {
                    <p class="note">{move || {
                        let why = match settings.with(|s| s.schemes[which]) {
                            3 => ["RoPE turns the queries and keys by their positions", "RoPE 按位置旋转查询和键"],
                            4 => ["ALiBi adds its penalty to the scores", "ALiBi 把惩罚加在分数上"],
                            _ => ["this model has no position signal at all", "这个模型完全没有位置信息"],
                        };
                        let zh = zh();
                        format!("{}{}{}", ["A: ", "方案 A：", "B: ", "方案 B："][2 * which + zh], why[zh], [": nothing is added to the input, so there is no position table to draw.", "：输入上什么都没有加，所以没有位置表可画。"][zh])
                    }}</p>
                }
            >
                <div class="heat-pair">
                    <SvgChart testid=["train-table-0", "train-table-1"][which] marks=table_chart(which) heat=true />
                    <SvgChart testid=["train-similarity-0", "train-similarity-1"][which] marks=similarity_chart(which) heat=true />
                </div>
            </Show>
        }
    };

    view! {
        <h3 id="lab-train" data-testid="train-title">{in_language(TITLE)}</h3>
        <p>{term_text(TEXT)}</p>
        <LinkProblems problems=link_problems testid="train-link-problems" />
        <div class="lab-controls">
            <LabChoice label=in_language(["task", "任务"]) testid="train-task" choices=&TASKS
                value=Signal::derive(move || settings.with(|s| s.task))
                set=Callback::new(move |i| settings.update(|s| s.task = i)) />
            <LabSlider label=in_language(["k or j", "k 或 j"]) testid="train-k" min=0.0
                max=Signal::derive(move || (length() - 1) as f64) step=1.0 track=Track::Linear
                value=sliders.get(|s| s.offset as f64) set=sliders.set(|s, v| s.offset = v as usize) />
            <LabChoice label=in_language(["scheme A", "方案 A"]) testid="train-scheme-a" choices=&SCHEMES
                value=Signal::derive(move || settings.with(|s| s.schemes[0]))
                set=Callback::new(move |i| settings.update(|s| s.schemes[0] = i)) />
            <LabChoice label=in_language(["scheme B", "方案 B"]) testid="train-scheme-b" choices=&SCHEMES
                value=Signal::derive(move || settings.with(|s| s.schemes[1]))
                set=Callback::new(move |i| settings.update(|s| s.schemes[1] = i)) />
            <LabSlider label=in_language(["training length L", "训练长度 L"]) testid="train-length" min=4.0 max=32.0 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.length as f64) set=sliders.set(|s, v| s.length = v as usize) />
            <LabSlider label=in_language(["model width d_model", "模型维度 d_model"]) testid="train-d" min=2.0 max=6.0 step=1.0 track=Track::Log2
                value=sliders.get(|s| s.d_model as f64) set=sliders.set(|s, v| s.d_model = v as usize) />
            <LabSlider label=in_language(["heads", "头数"]) testid="train-heads" min=1.0 max=2.0 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.heads as f64) set=sliders.set(|s, v| s.heads = v as usize) />
            <LabSlider label=in_language(["learning rate", "学习率"]) testid="train-lr" min=-4.0 max=2.0 step=0.25 track=Track::Log10
                value=sliders.get(|s| s.lr) set=sliders.set(|s, v| s.lr = v) />
            <LabSlider label=in_language(["steps", "步数"]) testid="train-steps" min=10.0 max=5000.0 step=10.0 track=Track::Linear
                value=sliders.get(|s| s.steps as f64) set=sliders.set(|s, v| s.steps = (v as usize).clamp(10, 5000)) />
            <LabSlider label=in_language(["seed", "种子"]) testid="train-seed" min=0.0 max=99.0 step=1.0 track=Track::Linear
                value=sliders.get(|s| s.seed as f64) set=sliders.set(|s, v| s.seed = v as u64) />
        </div>
        <div class="lab-controls">
            <LabChoice label=in_language(["pace", "速度"]) testid="train-pace" choices=&PACES
                value=Signal::derive(move || pace.get())
                set=Callback::new(move |i| pace.set(i)) />
        </div>
        <p class="lab-buttons">
            <button type="button" data-testid="train-go" on:click=move |_| {
                if running() {
                    tell("pause");
                } else {
                    if all_finished() {
                        reset();
                    }
                    tell(["start", "watch"][pace.get_untracked()]);
                }
            }>
                {move || match (running(), all_finished(), zh() == 1) {
                    (true, _, false) => "Pause",
                    (true, _, true) => "暂停",
                    (false, true, false) => "Train again",
                    (false, true, true) => "重新训练",
                    (false, false, false) => "Train",
                    (false, false, true) => "训练",
                }}
            </button>
            <button type="button" data-testid="train-step" disabled=running on:click=move |_| tell("step")>
                {in_language(["One step", "单步训练"])}
            </button>
            <button type="button" data-testid="train-reset" on:click=move |_| reset()>
                {in_language(["Reset", "重置"])}
            </button>
        </p>
        <p class="train-progress">
            <progress data-testid="train-progress" aria-label=in_language(["training progress", "训练进度"])
                max=move || runs[0].with(|r| r.planned.max(1)).to_string()
                value=move || runs.iter().map(|r| r.with(|r| r.step)).min().unwrap_or(0).to_string() />
            <span data-testid="train-progress-text">{progress_text}</span>
        </p>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Training loss (log scale), the mean over each 10 steps; thick: scheme A, thin: scheme B",
                "训练损失（对数刻度），每 10 步的平均值；粗线：方案 A，细线：方案 B",
            ])}</figcaption>
            <SvgChart testid="train-loss" marks=loss_chart />
        </figure>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Accuracy on the 64 held-out sequences, checked every 10 steps; a dashed line where a run first reached 95 %",
                "64 个留出序列上的准确率，每 10 步检验一次；虚线处是某次运行首次达到 95%",
            ])}</figcaption>
            <SvgChart testid="train-accuracy" marks=accuracy_chart />
        </figure>
        <div class="train-runs">{per_run(0)}{per_run(1)}</div>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "The position signal added to the input at positions 0 … 2L − 1 (rows; columns: dimensions), and the cosine similarity of every two positions",
                "在位置 0 … 2L − 1 加到输入上的位置信息（行；列为维度），以及每两个位置之间的余弦相似度",
            ])}</figcaption>
            {table_pair(0)}
            {table_pair(1)}
            <p class="note" data-answer="train-rows">{in_language([
                "A learned table's rows from L on are never looked up in training, so they keep their random start values (tiny, as GPT-2's table starts: a normal distribution with standard deviation 0.01): pale rows, and no bands in their similarity. The sinusoids are a formula: nothing in them is trained, and their bands are there from step 0. Watch whether bands form along the learned table's diagonal as it trains.",
                "训练时从来查不到可学习位置表中位置 L 及以后的行，所以它们保持随机的初始值（很小，与 GPT-2 位置表的初始化相同：标准差为 0.01 的正态分布）：颜色很浅，相似度图中也没有条带。正弦位置编码是公式，没有任何需要训练的部分，它的条带从第 0 步起就在。请观察训练过程中，可学习位置表的对角线上是否形成条带。",
            ])}</p>
        </figure>
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Attention weights of one head on the first held-out sequence (rows: queries, columns: keys)",
                "一个头在第一个留出序列上的注意力权重（行：查询，列：键）",
            ])}</figcaption>
            <div class="lab-controls">
                <LabChoice label=in_language(["head", "头"]) testid="train-head" choices=&HEADS
                    value=Signal::derive(move || chosen_head.get())
                    set=Callback::new(move |i| chosen_head.set(i)) />
            </div>
            <div class="heat-pair">
                <SvgChart testid="train-attention-0" marks=attention_chart(0) heat=true />
                <SvgChart testid="train-attention-1" marks=attention_chart(1) heat=true />
            </div>
        </figure>
        // Masked in lesson step 16 (its answer), where runs finished at step 15 would still be listed.
        <div data-readout="train-positions">
        <figure class="lab-chart">
            <figcaption>{in_language([
                "Accuracy by position on 64 sequences of twice the training length, for each scheme trained to the end with this task and these sizes; the dashed line is the end of the training length",
                "各位置的准确率，在 64 个长度为训练长度两倍的序列上测得，列出按当前任务和大小训练完成的每种方案；虚线是训练长度的终点",
            ])}</figcaption>
            <SvgChart testid="train-by-position" marks=by_position_chart />
            <p class="legend">
                {move || finished.with(|all| {
                    all.iter()
                        .map(|f| {
                            let scheme = f.scheme;
                            view! { <span><Swatch colour=Signal::derive(move || COLOURS[scheme]) />{move || SCHEMES[scheme][zh()]}</span> }
                        })
                        .collect_view()
                })}
            </p>
            <p class="note">{in_language([
                "Train a run to the end, then change scheme B and train again: each scheme keeps its row here until the task or a size changes. For reversing and counting, a longer sequence changes every answer, so their accuracy falls even at the first positions.",
                "把一次运行训练完，再换方案 B 重新训练：每种方案的这一行会一直保留，直到任务或某个大小改变。对倒序和计数来说，序列变长会改变每一个答案，所以即使在最前面的位置，准确率也会下降。",
            ])}</p>
        </figure>
        <table class="numbers-table train-finished" data-testid="train-table">
            <thead>
                <tr>
                    <th>{in_language(["scheme", "方案"])}</th>
                    <th>{in_language(["95 % at step", "达到 95% 的步数"])}</th>
                    <th>{in_language(["positions 0 … L − 1", "位置 0 … L − 1"])}</th>
                    <th>{in_language(["positions L … 2L − 1", "位置 L … 2L − 1"])}</th>
                </tr>
            </thead>
            <tbody>
                {move || {
                    let (l, zh) = (length(), zh());
                    finished.with(|all| {
                        all.iter()
                            .map(|f| {
                                let reached = f.learned_at.map(|s| s.to_string()).unwrap_or_else(|| ["never", "未达到"][zh].into());
                                view! {
                                    <tr>
                                        <th>{SCHEMES[f.scheme][zh]}</th>
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
        <p class="note" data-readout="train-measured" data-testid="train-measured">{in_language(MEASURED)}</p>
        <CsvExport testid="train-csv" file=file rows=rows />
    }
}
