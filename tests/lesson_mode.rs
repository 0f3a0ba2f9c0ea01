//! Lesson mode: the lesson (assets/lesson.txt) walks the page in order, every step has its
//! question, reveal text and answer in both languages, its before and after states are valid
//! links, the numbers the texts quote are the core's, and moving through the lesson keeps and
//! restores what it should (`LessonFlow`).

use pe_explorer::encoding::{dot_product_at_offset, wavelength};
use pe_explorer::i18n::Lang;
use pe_explorer::lesson::labs::LabId;
use pe_explorer::lesson::params::STEP_COUNT;
use pe_explorer::lesson::steps::{lesson_base, LessonFlow, LessonPlan, LessonTextError};
use pe_explorer::lesson::{from_query, to_query, Params, Theme};

fn file() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/lesson.txt"))
        .expect("assets/lesson.txt")
}

fn plan() -> LessonPlan {
    LessonPlan::parse(&file()).expect("the lesson reads")
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn every_step_has_its_texts_in_both_languages_and_the_reveal_quotes_the_answer() {
    let plan = plan();
    assert_eq!(plan.len(), STEP_COUNT);
    for step in 1..=plan.len() {
        for lang in [Lang::En, Lang::Zh] {
            let (q, r, a) = (
                plan.question(step, lang),
                plan.reveal(step, lang),
                plan.answer(step, lang),
            );
            assert!(
                !q.is_empty() && !r.is_empty() && !a.is_empty(),
                "step {step} {lang:?}"
            );
            assert_eq!(
                has_cjk(q) && has_cjk(r),
                lang == Lang::Zh,
                "step {step} {lang:?}: wrong language"
            );
            assert!(
                r.contains(a),
                "step {step} {lang:?}: the reveal text does not quote {a:?}"
            );
            assert!(
                !q.contains(a),
                "step {step} {lang:?}: the question gives {a:?} away"
            );
        }
        assert!(
            plan.question(step, Lang::En).starts_with("Predict:"),
            "step {step}"
        );
        assert!(
            plan.question(step, Lang::Zh).starts_with("先猜一猜"),
            "step {step}"
        );
    }
}

#[test]
fn a_missing_or_unknown_line_is_an_error_not_a_blank() {
    let file = file();
    let without = |prefix: &str| -> String {
        file.lines()
            .filter(|l| !l.starts_with(prefix))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    for prefix in ["zh 7 !", "en 3 =", "4 before", "en 11 short", "zh 9 words"] {
        let step = prefix
            .split(' ')
            .find_map(|w| w.parse::<usize>().ok())
            .unwrap();
        assert_eq!(
            LessonPlan::parse(&without(prefix)),
            Err(LessonTextError::Incomplete(step)),
            "{prefix}"
        );
    }
    for bad in [
        "fr 1 ? Q",
        "en 13 ? Q",
        "en 1 * Q",
        "en 1 ?  ",
        // A step's panel is `STEP_PANELS`'s; the file names only its lab, which must be there.
        "1 panel word-order",
        "1 lab xpos",
        "3 lab xpos",
        "1 before d_model=7",
        "1 after base=banana",
        "1 mask Bad_Name",
        "1 lab Bad_Name",
        "1 before rx_s=abc",
        "1 after rx_method=longrope",
        "1 colour red",
        "en 1 words a |  | b",
        "1 minutes 0",
        "1 minutes many",
        "en 1 hint text",
        "en 1 short ",
        "1 payoff Bad_Name",
        "plan tour steps 1,1",
        "plan tour steps 1,99",
        "plan Tour steps 1",
        "plan tour fr title x",
        "plan tour en colour red",
    ] {
        assert_eq!(
            LessonPlan::parse_steps(&format!("# c\n\n{bad}"), 12),
            Err(LessonTextError::Line(3)),
            "{bad}"
        );
    }
}

#[test]
fn every_step_lists_its_answers_words_and_the_question_gives_none_of_them() {
    let plan = plan();
    for step in 1..=plan.len() {
        for lang in [Lang::En, Lang::Zh] {
            let words = plan.words(step, lang);
            assert!(!words.is_empty(), "step {step} {lang:?}");
            for word in words {
                assert!(
                    !plan.question(step, lang).contains(word.as_str()),
                    "step {step} {lang:?}: the question gives {word:?} away"
                );
            }
        }
    }
}

/// Every name a step masks is hidden by a rule of the page's stylesheet, which a step link's
/// page has from its first paint (a read-out or chart,
/// `data-readout`, or a sentence, `data-answer`) and marks something in the sources: a name
/// without a rule would leave its answer on screen, one without a mark would hide nothing.
#[test]
fn every_masked_name_has_its_rule_and_its_place_in_the_page() {
    let root = env!("CARGO_MANIFEST_DIR");
    let css = std::fs::read_to_string(format!("{root}/style/main.css")).expect("main.css");
    let mut sources = String::new();
    let mut folders = vec![std::path::PathBuf::from(format!("{root}/src"))];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                sources.push_str(&std::fs::read_to_string(&path).expect("a source"));
            }
        }
    }
    let plan = plan();
    for step in 1..=plan.len() {
        for name in plan.masks(step) {
            let readout = format!(":root[data-mask~=\"{name}\"] [data-readout=\"{name}\"]");
            let answer = format!(":root[data-mask~=\"{name}\"] [data-answer=\"{name}\"]");
            let in_css = css.contains(&readout) || css.contains(&answer);
            assert!(
                in_css,
                "step {step}: no rule for {name:?} in style/main.css"
            );
            let marked = [
                format!("data-readout=\"{name}\""),
                format!("data-answer=\"{name}\""),
                // A lab's figure whose note is the answer (`labs::parts::LabFigure`).
                format!(" answer=\"{name}\""),
                format!("⟦{name}|"),
                // A read-out that only some rows carry: `(row == 1).then_some("numbering-twice")`.
                format!("then_some(\"{name}\")"),
            ]
            .iter()
            .any(|mark| sources.contains(mark.as_str()))
                || (name.starts_with("misconception-")
                    && sources.contains("data-answer=format!(\"misconception-{anchor}\")"));
            assert!(marked, "step {step}: nothing in src/ is marked {name:?}");
        }
    }
}

/// Every step has its time in class and its teacher notes in both languages; the plans a
/// teacher picks from are there, each a class long at most, and the tour takes every step.
#[test]
fn every_step_has_minutes_and_notes_and_every_plan_fits_one_class() {
    use pe_explorer::lesson::steps::{NoteKind, PLAN_MINUTES_MAX};
    let plan = plan();
    for step in 1..=plan.len() {
        assert!(plan.minutes(step).is_some(), "step {step}: minutes");
        for lang in [Lang::En, Lang::Zh] {
            for kind in NoteKind::ALL {
                let note = plan.note(step, lang, kind);
                assert!(!note.is_empty(), "step {step} {lang:?} {kind:?}");
                assert_eq!(
                    has_cjk(note),
                    lang == Lang::Zh,
                    "step {step} {lang:?} {kind:?}: language"
                );
            }
        }
    }
    // The plans a link can name (`lesson=rope`) are the file's, in its order.
    let ids: Vec<&str> = plan.plans().iter().map(|p| p.id.as_str()).collect();
    let codes: Vec<&str> = pe_explorer::lesson::playlist::PlanId::ALL
        .iter()
        .map(|id| id.code())
        .collect();
    assert_eq!(ids, codes);
    for p in plan.plans() {
        let minutes = plan.plan_minutes(p);
        assert!(minutes <= PLAN_MINUTES_MAX, "{}: {minutes} minutes", p.id);
        assert!(
            p.steps.windows(2).all(|w| w[0] < w[1]),
            "{}: steps in the lesson's order",
            p.id
        );
        assert!(
            has_cjk(&p.titles[1]) && !has_cjk(&p.titles[0]),
            "{}: titles",
            p.id
        );
    }
    let tour = &plan.plans()[3];
    assert_eq!(tour.steps, (1..=STEP_COUNT).collect::<Vec<_>>());
    // A plan longer than a class, or a step's notes in part, is refused.
    let file = file();
    let long = file.replace("\n1 minutes 2\n", "\n1 minutes 15\n");
    assert_eq!(
        LessonPlan::parse(&long),
        Err(LessonTextError::Plan("tour".to_string()))
    );
    let partial: String = file
        .lines()
        .filter(|l| !l.starts_with("zh 7 ask "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        LessonPlan::parse(&partial),
        Err(LessonTextError::Incomplete(7))
    );
}

#[test]
fn steps_follow_the_page_order() {
    let plan = plan();
    let positions: Vec<usize> = (1..=plan.len())
        .map(|s| plan.panel(s).unwrap().page_index())
        .collect();
    // In the page's order; a panel with a lab may have several steps in a row.
    assert!(positions.windows(2).all(|w| w[0] <= w[1]), "{positions:?}");
}

#[test]
fn before_and_after_states_are_valid_and_survive_the_url() {
    let plan = plan();
    let teacher = Params {
        d_model: 64,
        base: 1000.0,
        pos: 90,
        length: 100,
        k: 9,
        lang: Lang::Zh,
        presenter: true,
        ..Params::default()
    };
    for step in 1..=plan.len() {
        let before = plan.before(step, teacher);
        assert!(before.is_valid());
        assert_eq!(before.step, step);
        // The classroom's settings are kept; the lesson's are the step's, whatever came before.
        assert_eq!((before.lang, before.presenter), (Lang::Zh, true));
        assert_eq!(
            Params {
                lang: Lang::En,
                presenter: false,
                ..before
            },
            plan.before(step, Params::default())
        );
        let after = plan.after(step, before);
        assert!(after.is_valid());
        for state in [before, after] {
            assert_eq!(from_query(&to_query(&state)).params, state);
        }
    }
}

#[test]
fn the_projected_short_reveal_quotes_the_answer_and_fits_two_slide_lines() {
    // Presenter view projects the short reveal in slide type (32 px on 1920 px, the buttons
    // beside its first line): two lines hold about 150 Latin characters or 85 Chinese ones. It
    // runs to a second line where it must, as a slide's title does.
    let plan = plan();
    for step in 1..=plan.len() {
        for (lang, most) in [(Lang::En, 130), (Lang::Zh, 70)] {
            let short = plan.short_reveal(step, lang);
            let answer = plan.answer(step, lang);
            assert!(
                short.contains(answer),
                "step {step} {lang:?}: {short:?} does not quote {answer:?}"
            );
            assert_eq!(has_cjk(short), lang == Lang::Zh, "step {step} {lang:?}");
            assert!(
                short.chars().count() <= most,
                "step {step} {lang:?}: {} characters",
                short.chars().count()
            );
            assert!(
                short.len() <= plan.reveal(step, lang).len(),
                "step {step} {lang:?}"
            );
        }
    }
}

#[test]
fn a_payoff_names_only_what_its_step_masks() {
    let step = |lines: &str| {
        format!(
            "1 before i=0\n{lines}en 1 ? Q\nen 1 ! A 19.9\nen 1 = 19.9\n\
             en 1 short A 19.9\nen 1 words 19.9\nzh 1 ? 问\nzh 1 ! 答 19.9\nzh 1 = 19.9\n\
             zh 1 short 答 19.9\nzh 1 words 19.9\n"
        )
    };
    let read = |lines: &str| LessonPlan::parse_steps(&step(lines), 1).map(|plan| plan.payoff(1));
    // Named among the masks, in either order of the lines.
    assert_eq!(
        read("1 mask wavelength other\n1 payoff other\n"),
        Ok(vec!["other".to_string()])
    );
    assert_eq!(
        read("1 payoff other\n1 mask wavelength other\n"),
        Ok(vec!["other".to_string()])
    );
    assert_eq!(
        read("1 mask wavelength\n1 payoff other\n"),
        Err(LessonTextError::Payoff(1))
    );
    // Without a payoff line, all that Reveal unmasks.
    assert_eq!(
        read("1 mask wavelength other\n"),
        Ok(vec!["wavelength".to_string(), "other".to_string()])
    );
    let plan = plan();
    assert_eq!(plan.payoff(15), ["train-measured"]);
    assert_eq!(plan.payoff(12), ["extrap-learned"]);
}

#[test]
fn the_texts_quote_the_cores_numbers() {
    let plan = plan();
    let reveal = |step| plan.reveal(step, Lang::En);
    // Step 6: one wave of pair 8 at d_model 128.
    assert!(reveal(6).contains(&format!("{:.1}", wavelength(8, 128, 10_000.0))));
    // Step 7: the longest wavelength at base 10 000 and at base 100 (d_model 128).
    let before = plan.before(7, Params::default());
    let after = plan.after(7, before);
    assert_eq!(
        (before.pair, before.base, after.base),
        (63, 10_000.0, 100.0)
    );
    assert!(plan.question(7, Lang::En).contains(&format!(
        "{:.0} 400",
        wavelength(63, 128, 10_000.0) / 1000.0
    )));
    assert_eq!(
        plan.answer(7, Lang::En),
        format!(
            "λ (positions per full turn) = {:.3}",
            wavelength(63, 128, 100.0)
        )
    );
    // Step 9: the dot product at k = 3 and at k = 6.
    let before = plan.before(9, Params::default());
    assert_eq!((before.k, plan.after(9, before).k), (3, 6));
    assert!(plan
        .question(9, Lang::En)
        .contains(&format!("{:.2}", dot_product_at_offset(3.0, 128, 10_000.0))));
    assert_eq!(
        plan.answer(9, Lang::En),
        format!("{:.9}", dot_product_at_offset(6.0, 128, 10_000.0))
    );
    // Step 5: pair 0 changes by up to 2·sin(1/2) from one row to the next.
    assert_eq!(
        plan.answer(5, Lang::En),
        format!("{:.3}", 2.0 * 0.5f64.sin())
    );
    // Step 21: head 8 of 8 has slope 2^(−8).
    assert!(reveal(21).contains("2^(−8) = 1/256"));
    assert_eq!(plan.answer(21, Lang::En), format!("{:.6}", 2f64.powi(-8)));
}

#[test]
fn the_lab_steps_answers_are_the_context_extension_labs_numbers() {
    use pe_explorer::encoding::rope_scaling::{pair_fates, Method, PairFate};
    use pe_explorer::lesson::labs::{rope_extension::RopeExtensionSettings, LabSettings};
    let plan = plan();
    let lab_at = |step: usize, revealed: bool| {
        assert_eq!(
            plan.lab(step).map(LabId::anchor),
            Some("lab-rope-extension")
        );
        RopeExtensionSettings::read(&plan.lab_query(step, revealed).unwrap())
            .unwrap()
            .settings
            .lab
    };
    // Step 18: PI with s = 4 on Llama 2 7B turns the fastest pair a quarter as far.
    let (before, after) = (lab_at(18, false), lab_at(18, true));
    assert_eq!(
        (before.method, after.method, after.factor, after.target),
        (Method::Direct, Method::Pi, 4.0, 16384)
    );
    let (plain, scaled) = (
        after.frequencies(Method::Direct).inv_freq[0],
        after.frequencies(Method::Pi).inv_freq[0],
    );
    assert_eq!(plain, 1.0);
    let printed = format!("{:.4} (trained {plain}, ÷ {})", scaled, plain / scaled);
    assert_eq!(plan.answer(18, Lang::En), printed);
    assert!(plan.reveal(18, Lang::En).contains(&printed));
    // Step 19: YaRN ×4 on Qwen2.5 7B keeps 24 pairs, divides 24 by 4, ramps 16.
    let (before, after) = (lab_at(19, false), lab_at(19, true));
    assert_eq!(
        (before.method, after.method),
        (Method::Direct, Method::Yarn)
    );
    let fates = pair_fates(
        &after.frequencies(Method::Direct).inv_freq,
        &after.frequencies(Method::Yarn).inv_freq,
        after.factor,
    );
    let count = |fate| fates.iter().filter(|f| **f == fate).count();
    let printed = format!(
        "{} / {} / {}",
        count(PairFate::Kept),
        count(PairFate::Interpolated),
        count(PairFate::Changed)
    );
    assert_eq!(printed, "24 / 24 / 16");
    assert_eq!(plan.answer(19, Lang::En), printed);
    assert_eq!(plan.answer(19, Lang::Zh), printed);
    // Steps without a lab ask nothing of the labs.
    assert_eq!(plan.lab_query(17, true), None);
}

#[test]
fn the_basis_steps_answer_is_the_fit_the_lab_prints() {
    use pe_explorer::encoding::basis_fit::{fit_over_positions, Features, TargetChoice};
    use pe_explorer::lesson::labs::{basis_fit::BasisSettings, LabSettings};
    use pe_explorer::render::numbers::error_text;
    let plan = plan();
    assert_eq!(plan.lab(13).map(LabId::anchor), Some("lab-basis-fit"));
    let settings = |revealed| {
        BasisSettings::read(&plan.lab_query(13, revealed).unwrap())
            .unwrap()
            .settings
    };
    let (before, after) = (settings(false), settings(true));
    assert_eq!(before.target, TargetChoice::Square);
    assert_eq!((before.pairs, after.pairs), (8, 16));
    // The page's values the lab fits with: the step's before state.
    let page = plan.before(13, Params::default());
    let fit = |pairs| {
        let features = Features::Sinusoidal {
            pairs,
            d_model: page.d_model,
            base: page.base,
        };
        let target = TargetChoice::Square.target(page.d_model, page.base, page.n_train);
        fit_over_positions(target, features, page.n_train, 2 * page.n_train)
    };
    let (few, many) = (fit(8), fit(16));
    // The question quotes the numbers before, the answer those after, as the lab prints them.
    let question = plan.question(13, Lang::En);
    assert!(question.contains(&format!(
        "is {}, against {} inside",
        error_text(few.rms_beyond),
        error_text(few.rms_fitted)
    )));
    assert_eq!(
        plan.answer(13, Lang::En),
        format!(
            "{} ({} inside)",
            error_text(many.rms_beyond),
            error_text(many.rms_fitted)
        )
    );
    assert_eq!(
        plan.answer(13, Lang::Zh),
        format!(
            "{}（范围内 {}）",
            error_text(many.rms_beyond),
            error_text(many.rms_fitted)
        )
    );
    // The reveal's largest weights, 0.7 and 229.
    let largest = |fit: &pe_explorer::encoding::basis_fit::Fit| {
        fit.coefficients.iter().fold(0.0f64, |a, c| a.max(c.abs()))
    };
    let reveal = plan.reveal(13, Lang::En);
    assert!(
        reveal.contains(&format!(
            "from {:.1} to {:.0}",
            largest(&few),
            largest(&many)
        )),
        "{reveal}"
    );
}

#[test]
fn leaving_lesson_mode_restores_the_teachers_parameters() {
    let plan = plan();
    let mut flow = LessonFlow::default();
    let teacher = from_query("d_model=64&base=1000&amp=2").params;
    let (mut p, revealed) = flow.go(&plan, teacher, false, 1);
    assert_eq!((p.step, revealed), (1, false));
    for step in 2..=11 {
        (p, _) = flow.go(&plan, p, false, step);
    }
    // Step 11 sets the amplitude; a presenter view switched on during the lesson stays on.
    assert_eq!(plan.after(11, p).amplitude, 8.0);
    p = Params {
        presenter: true,
        theme: Theme::Dark,
        ..plan.after(11, p)
    };
    let (left, revealed) = flow.go(&plan, p, true, 0);
    assert!(!revealed);
    assert_eq!(
        left,
        Params {
            presenter: true,
            theme: Theme::Dark,
            ..teacher
        }
    );
    // A lesson opened by a link has no earlier state: leaving gives the defaults.
    let mut flow = LessonFlow::default();
    let linked = from_query("step=7&k=9&lang=zh").params;
    let (left, _) = flow.go(&plan, linked, false, 0);
    assert_eq!(left, from_query("lang=zh").params);
}

#[test]
fn previous_then_next_keeps_a_live_tweak_and_reset_drops_it() {
    let plan = plan();
    let mut flow = LessonFlow::default();
    let (p, _) = flow.go(&plan, Params::default(), false, 8);
    let tweaked = Params { pos: 40, ..p };
    let (p, _) = flow.go(&plan, tweaked, true, 7);
    assert_eq!(p, plan.before(7, Params::default()));
    let (back, revealed) = flow.go(&plan, p, false, 8);
    assert_eq!((back, revealed), (tweaked, true));
    let (reset, revealed) = flow.reset(&plan, back);
    assert_eq!((reset, revealed), (plan.before(8, back), false));
    // Reset forgets the tweak for good.
    let (p, _) = flow.go(&plan, reset, false, 9);
    let (back, _) = flow.go(&plan, p, false, 8);
    assert_eq!(back, plan.before(8, back));
}

#[test]
fn a_step_starts_from_the_defaults_not_from_what_was_on_screen() {
    let plan = plan();
    let p = from_query("d_model=64&base=1000&lang=zh&hide=base").params;
    let step = plan.before(6, p);
    assert_eq!(lesson_base(p).d_model, 128);
    assert_eq!((step.d_model, step.base, step.pair), (128, 10_000.0, 0));
    assert_eq!((step.lang, step.hidden), (p.lang, p.hidden));
}

#[test]
fn the_shift_steps_answer_is_the_frequencies_the_lab_prints() {
    use pe_explorer::encoding::shift_operator::shift_report;
    use pe_explorer::lesson::labs::{shift_operator::ShiftSettings, LabSettings};
    let plan = plan();
    assert_eq!(plan.lab(10).map(LabId::anchor), Some("lab-shift-operator"));
    assert_eq!(
        plan.masks(10),
        ["shift-frequencies", "shift-eigen", "shift-why"]
    );
    assert_eq!(plan.payoff(10), ["shift-frequencies"]);
    let s = ShiftSettings::read(&plan.lab_query(10, false).unwrap())
        .unwrap()
        .settings;
    let report = shift_report(s.n, s.f, s.f2, s.kernel(), 1.0);
    // A window of five over 16 positions keeps both frequencies (H(3), H(5) ≠ 0) and their
    // mirrors 13 and 11; the lab prints the first half as the answer.
    assert_eq!((s.n, s.f, s.f2, s.width), (16, 3, 5, 2));
    assert_eq!(report.frequencies_out, [3, 5, 11, 13]);
    assert_eq!(plan.answer(10, Lang::En), "f = 3, 5");
    assert_eq!(plan.answer(10, Lang::Zh), "f = 3, 5");
    assert!(report.circulant_commutator < 1e-12 && report.content_commutator > 0.1);
}

#[test]
fn the_training_steps_answer_is_the_unseen_rows_change() {
    use pe_explorer::encoding::training_step::{row_changes, PositionSignal, TinyModel};
    use pe_explorer::lesson::labs::{
        training_step::OutputLayer, training_step::TrainingSettings, training_step::TRAINING_DIM,
        training_step::TRAINING_ROWS, training_step::TRAINING_SEED, training_step::TRAINING_VOCAB,
        LabSettings,
    };
    let plan = plan();
    assert_eq!(plan.lab(14).map(LabId::anchor), Some("lab-training-step"));
    assert_eq!(
        plan.masks(14),
        ["training-unseen", "training-words", "training-why"]
    );
    assert_eq!(plan.payoff(14), ["training-unseen"]);
    let s = TrainingSettings::read(&plan.lab_query(14, false).unwrap())
        .unwrap()
        .settings;
    assert_eq!((s.length, s.output), (4, OutputLayer::Separate));
    // The lab's model (ui::labs::training_step).
    let model = TinyModel::seeded(TRAINING_VOCAB, TRAINING_DIM, TRAINING_ROWS, TRAINING_SEED);
    let sentence = model.sentence(s.length, TRAINING_SEED);
    let after = model.step(
        &model.gradient(&sentence, PositionSignal::Learned, false),
        s.lr,
    );
    let changes = row_changes(&model.positions, &after.positions, TRAINING_DIM);
    assert!(changes[..4].iter().all(|c| *c > 0.0));
    assert!(changes[4..].iter().all(|c| *c == 0.0));
    assert_eq!(plan.answer(14, Lang::En), "0 (exactly)");
    assert_eq!(plan.answer(14, Lang::Zh), "0（精确为零）");
}

#[test]
fn the_tying_steps_answer_is_the_matrices_sharing_saves() {
    use pe_explorer::encoding::model_shapes::{parameters, ModelSize, Tying, TRANSFORMER_BASE};
    use pe_explorer::lesson::labs::{weight_tying::TyingSettings, LabSettings};
    let plan = plan();
    assert_eq!(plan.lab(3).map(LabId::anchor), Some("lab-weight-tying"));
    assert_eq!(plan.masks(3), ["tying-counts"]);
    let s = TyingSettings::read(&plan.lab_query(3, false).unwrap())
        .unwrap()
        .settings;
    assert_eq!(s.tying, Tying::ThreeWay);
    // The lab's model (ui::labs::weight_tying): the base model's layers at the step's V, d_model.
    let size = ModelSize {
        vocab: s.vocab as u64,
        d_model: s.d_model as u64,
        d_ff: 4 * s.d_model as u64,
        layers: TRANSFORMER_BASE.layers,
    };
    assert_eq!(size, TRANSFORMER_BASE);
    let (tied, untied) = (
        parameters(size, Tying::ThreeWay),
        parameters(size, Tying::Untied),
    );
    let millions = |n: u64| format!("{:.1} M", n as f64 / 1e6);
    let saved = untied.total() - tied.total();
    assert_eq!(saved, 2 * 37_000 * 512);
    for lang in [Lang::En, Lang::Zh] {
        // As the lab's table writes it, in both languages (docs/glossary.md: no space).
        let percent = |share: f64| format!("{share:.0}%");
        assert_eq!(
            plan.answer(3, lang),
            format!("{} = 2 × 37000 × 512", millions(saved))
        );
        assert!(plan.question(3, lang).contains(&millions(tied.layers)));
        let reveal = plan.reveal(3, lang);
        for quoted in [
            millions(untied.total()),
            millions(tied.total()),
            millions(tied.embeddings),
            percent(100.0 * untied.embedding_share()),
            percent(100.0 * tied.embedding_share()),
        ] {
            assert!(reveal.contains(&quoted), "{lang:?}: {quoted} in {reveal}");
        }
    }
}

#[test]
fn the_numbering_steps_answer_is_the_fraction_at_twice_the_length() {
    use pe_explorer::encoding::numbering::fraction;
    let plan = plan();
    assert_eq!(plan.lab(4).map(LabId::anchor), Some("lab-numbering"));
    assert_eq!(plan.masks(4), ["numbering-twice", "numbering-why"]);
    let p = plan.before(4, Params::default());
    let code = fraction(p.pos, p.length);
    assert_eq!((p.pos, p.length), (10, 100));
    assert!(plan
        .question(4, Lang::En)
        .contains(&format!("{:.4}", code.at_pos)));
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(plan.answer(4, lang), format!("{:.4}", code.twice_as_long));
    }
}

/// A score as the labs print it (`ui::labs::parts::short`): four decimals.
fn four(x: f64) -> String {
    format!("{x:.4}")
}

#[test]
fn the_image_rope_steps_answer_is_the_score_to_the_patch_below() {
    use pe_explorer::encoding::rope_2d::{aligned_score_map, GridScheme, Patch};
    use pe_explorer::lesson::labs::{rope_2d::Rope2dSettings, LabSettings};
    let plan = plan();
    assert_eq!(plan.lab(20).map(LabId::anchor), Some("lab-rope-2d"));
    assert_eq!(
        plan.masks(20),
        ["rope-2d-below", "rope-2d-maps", "rope-2d-why"]
    );
    let s = Rope2dSettings::read(&plan.lab_query(20, false).unwrap())
        .unwrap()
        .settings;
    let query = Patch {
        row: s.row as f64,
        column: s.column as f64,
    };
    let map = |scheme| aligned_score_map(scheme, s.d, s.base, s.rows, s.columns, query);
    let (axial, flattened) = (map(GridScheme::Axial), map(GridScheme::Flattened));
    let at = |map: &[f64], row: usize, column: usize| map[row * s.columns + column];
    // The question quotes the patch on the right; the answer is the patch below.
    let right = format!(
        "{} · {}",
        four(at(&axial, s.row, s.column + 1)),
        four(at(&flattened, s.row, s.column + 1))
    );
    let below = format!(
        "{} · {}",
        four(at(&axial, s.row + 1, s.column)),
        four(at(&flattened, s.row + 1, s.column))
    );
    assert_eq!(right, "0.9831 · 0.9702");
    for lang in [Lang::En, Lang::Zh] {
        assert!(
            plan.question(20, lang).contains("0.9831")
                && plan.question(20, lang).contains("0.9702")
        );
        assert_eq!(plan.answer(20, lang), below);
    }
}

#[test]
fn the_t5_steps_answer_is_where_the_last_bucket_starts() {
    use pe_explorer::encoding::relative_bias::t5_bucket;
    use pe_explorer::lesson::labs::{relative_bias::RelativeBiasSettings, LabSettings};
    let plan = plan();
    assert_eq!(plan.lab(22).map(LabId::anchor), Some("lab-relative-bias"));
    assert_eq!(
        plan.masks(22),
        ["t5-last", "t5-probe", "t5-indices", "t5-why"]
    );
    let s = RelativeBiasSettings::read(&plan.lab_query(22, false).unwrap())
        .unwrap()
        .settings;
    let bucket =
        |n: i64| t5_bucket(-n, s.variant.bidirectional(), s.buckets, s.max_distance).unwrap();
    let last = bucket(100_000);
    let from = (0..).find(|n| bucket(*n) == last).unwrap();
    assert_eq!((last, from), (15, 91));
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(plan.answer(22, lang), format!("{last} (≥ {from})"));
    }
}

#[test]
fn the_nope_steps_answer_is_the_last_position_told_apart() {
    use pe_explorer::encoding::nope::{causal_step, last_told_apart};
    use pe_explorer::lesson::labs::{nope::NopeSettings, LabSettings};
    let plan = plan();
    assert_eq!(plan.lab(23).map(LabId::anchor), Some("lab-nope"));
    assert_eq!(plan.masks(23), ["nope-last", "nope-steps", "nope-why"]);
    let s = NopeSettings::read(&plan.lab_query(23, false).unwrap())
        .unwrap()
        .settings;
    let epsilon = 10f64.powf(-s.digits);
    let p = last_told_apart(epsilon);
    assert!(causal_step(p) >= epsilon && causal_step(p + 1) < epsilon);
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(plan.answer(23, lang), format!("p = {p} (ε = {epsilon:.4})"));
        assert!(plan.reveal(23, lang).contains(&format!(
            "{} · {} = {}",
            p + 1,
            p + 2,
            (p + 1) * (p + 2)
        )));
    }
}

#[test]
fn the_training_steps_answers_are_the_runs_the_lab_trains() {
    use pe_explorer::encoding::tiny_training::{share, Training};
    use pe_explorer::lesson::labs::{train::TrainSettings, LabSettings};
    let plan = plan();
    for step in [15, 16] {
        assert_eq!(plan.lab(step).map(LabId::anchor), Some("lab-train"));
    }
    // Their answers are the lab's run: the clicker's Page Down starts it, Reveal waits for it.
    for step in [15, 16] {
        assert_eq!(plan.run(step).map(LabId::anchor), Some("lab-train"));
    }
    // Step 16's answer is the runs' accuracy past the length: step 15 holds it through its
    // reveal (the run it trains shows it), and step 16 hides it until its own.
    assert_eq!(
        plan.masks(15),
        ["train-measured", "train-positions", "train-beyond"]
    );
    assert_eq!(plan.held(15), ["train-positions", "train-beyond"]);
    assert_eq!(
        plan.masks(16),
        [
            "train-measured",
            "train-positions",
            "train-beyond",
            "train-rows",
            "training-why"
        ]
    );
    assert!(plan.held(16).is_empty());
    assert_eq!(plan.run(14), None, "a step without a run reveals at once");
    let s = TrainSettings::read(&plan.lab_query(15, false).unwrap())
        .unwrap()
        .settings;
    assert_eq!(
        TrainSettings::read(&plan.lab_query(16, false).unwrap())
            .unwrap()
            .settings,
        s
    );
    // Scheme A is the learned table, B RoPE: trained as the lab's workers train them.
    let trained = |which: usize| {
        let mut run = Training::new(s.config(which), s.lr, s.seed, s.steps);
        run.train_to_end();
        let counts = run.position_counts();
        (
            run.learned_at.unwrap(),
            share(&counts, s.length..2 * s.length),
        )
    };
    let (learned, rope) = (trained(0), trained(1));
    for (lang, name) in [(Lang::En, "learned"), (Lang::Zh, "可学习位置表")] {
        assert_eq!(
            plan.answer(15, lang),
            format!("RoPE {} · {name} {}", rope.0, learned.0)
        );
        assert_eq!(
            plan.answer(16, lang),
            format!("RoPE {:.3} · {name} {:.3}", rope.1, learned.1)
        );
    }
}

/// What lesson mode walks: a teacher's list before a plan, a plan before every step, never a
/// step whose panel the link hides; a bad list is corrected with a notice and keeps what it can.
#[test]
fn the_walked_steps_follow_the_link_and_skip_hidden_panels() {
    use pe_explorer::lesson::from_query;
    use pe_explorer::lesson::playlist::{next_step, PlanId};
    let plan = plan();
    let walked = |query: &str| plan.sequence(&from_query(query).params);
    for id in PlanId::ALL {
        let steps = &plan.plan(id).unwrap().steps;
        assert_eq!(&walked(&format!("lesson={}", id.code())), steps, "{id:?}");
    }
    assert_eq!(walked("steps=17,18,12"), [17, 18, 12]);
    assert_eq!(walked("lesson=rope&steps=3,1"), [3, 1]);
    assert_eq!(walked("").len(), STEP_COUNT);
    // Steps 2 and 3 are on the embedding panel: a link that hides it skips them.
    let hidden = walked("lesson=sinusoidal&hide=embedding");
    assert_eq!(&hidden[..3], [1, 4, 5]);
    assert_eq!(next_step(&hidden, 1), Some(4));
    // A bad list: what is a step is kept, in order, and a notice says what was used.
    let parsed = from_query("steps=17,x,99,17,12");
    assert_eq!(parsed.params.steps.steps(), [17, 12]);
    assert_eq!(parsed.notices.len(), 1);
    assert_eq!(parsed.notices[0].used, "17,12");
    let parsed = from_query("lesson=ropes");
    assert_eq!((parsed.params.plan, parsed.notices.len()), (None, 1));
    // Both survive the link's round trip, and entering a step keeps them with hide= and lock=.
    let opened = from_query("lesson=rope&hide=alibi&lock=d_model").params;
    let at = plan.before(12, opened);
    assert_eq!(
        (at.plan, at.hidden_panels, at.locked),
        (opened.plan, opened.hidden_panels, opened.locked)
    );
    assert_eq!(from_query(&pe_explorer::lesson::to_query(&at)).params, at);
}
