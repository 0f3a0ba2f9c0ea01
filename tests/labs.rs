//! The list of labs (`lesson::labs::LABS`): every lab's files are in it, every list
//! that names labs comes from it, and each lab's table of values is one a link can carry.

use pe_explorer::lesson::labs::{self, LabId, LABS};
use pe_explorer::lesson::Lang;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of `labs!` (src/lesson/labs/mod.rs) as (id, module).
fn listed_modules() -> Vec<(String, String)> {
    read("src/lesson/labs/mod.rs")
        .lines()
        .filter_map(|line| {
            let (id, rest) = line.trim_start().split_once(": ")?;
            let (module, settings) = rest.split_once(", ")?;
            let plain = |s: &str| s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let settings_ok = settings
                .strip_suffix(';')
                .is_some_and(|s| s == "()" || s.split("::").all(plain));
            (line.starts_with("    ") && plain(id) && plain(module) && settings_ok)
                .then(|| (id.to_string(), module.to_string()))
        })
        .collect()
}

/// The `.rs` files and folders directly in `folder`, without `skip` (a file and the folder of its
/// parts, `rope_extension.rs` and `rope_extension/`, count once).
fn entries(folder: &str, skip: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(format!("{ROOT}/{folder}"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .filter(|name| !skip.contains(&name.as_str()))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_lab_file_is_in_the_list_and_every_listed_lab_has_its_files() {
    let listed = listed_modules();
    assert_eq!(listed.len(), LABS.len(), "{listed:?}");
    for ((id, _), lab) in listed.iter().zip(LabId::ALL) {
        assert_eq!(id, &format!("{lab:?}"));
    }
    let mut modules: Vec<String> = listed.into_iter().map(|(_, m)| m).collect();
    modules.sort();
    assert_eq!(
        entries("src/lesson/labs", &["mod", "values"]),
        modules,
        "src/lesson/labs"
    );
    assert_eq!(
        entries("src/ui/labs", &["mod", "parts"]),
        modules,
        "src/ui/labs"
    );
    // Each view is in `lab_views!`, under its id.
    let views = read("src/ui/labs/mod.rs");
    for module in &modules {
        assert!(
            views.contains(&format!(" => {module}::")),
            "{module} has no line in lab_views!"
        );
    }
}

/// Every lab's table (the list's own, so a new lab is checked without a line here): every key
/// under its prefix, each once; each slider inside its number's range; the defaults written and
/// read back as they are.
#[test]
fn each_labs_table_writes_and_reads_its_defaults() {
    assert_eq!(labs::table_problems(), []);
}

// What each lab's reader makes of a link: its defaults written, and a link it cannot take as given
// (clamped, kept or fixed, each reported).

#[test]
fn the_basis_fit_lab_reads_and_writes_its_link() {
    use pe_explorer::encoding::basis_fit::TargetChoice;
    use pe_explorer::lesson::labs::{basis_fit::BasisSettings, LabSettings};
    assert_eq!(
        BasisSettings::default().pairs(),
        "bf_target=square&bf_pairs=8"
    );
    let link = BasisSettings::read("?k=6&bf_target=waves&bf_pairs=99").unwrap();
    assert_eq!(
        (link.settings.target, link.settings.pairs),
        (TargetChoice::OwnWaves, 32)
    );
    assert_eq!(
        link.problems[0].message(Lang::En),
        "The link's bf_pairs=99 cannot be used; using 32."
    );
}

#[test]
fn the_model_path_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::model_path::{ModelKind, ModelPathSettings};
    use pe_explorer::lesson::labs::LabSettings;
    assert_eq!(
        ModelPathSettings::default().pairs(),
        "md_model=encoder-decoder&md_batch=2"
    );
    let link = ModelPathSettings::read("md_model=decoder-only&md_batch=500").unwrap();
    assert_eq!(
        (link.settings.kind, link.settings.batch),
        (ModelKind::DecoderOnly, 64)
    );
    assert_eq!(
        link.problems[0].message(Lang::En),
        "The link's md_batch=500 cannot be used; using 64."
    );
}

#[test]
fn the_nope_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::{
        nope::{Mask, NopeSettings},
        LabSettings,
    };
    assert_eq!(
        NopeSettings::default().pairs(),
        "np_mask=causal&np_length=64&np_digits=3"
    );
    let link = NopeSettings::read("np_mask=sideways&np_length=5000").unwrap();
    assert_eq!(
        (link.settings.mask, link.settings.length),
        (Mask::Causal, 1024)
    );
    assert_eq!(link.problems.len(), 2);
}

#[test]
fn the_relative_bias_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::{relative_bias::RelativeBiasSettings, LabSettings};
    assert_eq!(
        RelativeBiasSettings::default().pairs(),
        "rb_variant=bidirectional&rb_buckets=32&rb_max=128&rb_k=4&rb_length=48"
    );
    // An odd bucket count or a max_distance inside the exact range is fixed and reported.
    let link = RelativeBiasSettings::read("rb_buckets=33&rb_max=3").unwrap();
    assert_eq!((link.settings.buckets, link.settings.max_distance), (32, 9));
    assert_eq!(link.problems.len(), 2);
}

#[test]
fn the_rope_2d_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::{rope_2d::Rope2dSettings, LabSettings};
    assert_eq!(Rope2dSettings::default().pairs(), "r2_scheme=axial&r2_rows=12&r2_columns=12&r2_row=5&r2_column=5&r2_d=128&r2_base=10000&r2_time=16&r2_height=24");
    // The query patch is kept inside the grid and the runs inside d/2.
    let link = Rope2dSettings::read("r2_rows=4&r2_row=9&r2_d=30").unwrap();
    assert_eq!((link.settings.row, link.settings.d), (3, 28));
    assert_eq!(
        link.problems[0].message(Lang::En),
        "The link's r2_row=9 cannot be used; using 3."
    );
}

#[test]
fn the_rope_extension_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::{rope_extension::RopeExtensionSettings, LabSettings};
    let pairs = RopeExtensionSettings::default().pairs();
    assert!(
        pairs.starts_with("rx_model=0&rx_method=none&rx_trained=4096"),
        "{pairs}"
    );
}

#[test]
fn the_shift_operator_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::shift_operator::{KernelKind, ShiftSettings};
    use pe_explorer::lesson::labs::LabSettings;
    assert_eq!(
        ShiftSettings::default().pairs(),
        "so_kernel=window&so_n=16&so_f=3&so_f2=5&so_width=2&so_slope=0.5&so_seed=1"
    );
    // Out of range values are clamped (a frequency to N − 1, the window to N/2), unknown ones
    // replaced, and each reported.
    let link = ShiftSettings::read("so_n=8&so_f=12&so_kernel=box").unwrap();
    assert_eq!(
        (link.settings.n, link.settings.f, link.settings.kind),
        (8, 7, KernelKind::Window)
    );
    let messages: Vec<String> = link.problems.iter().map(|p| p.message(Lang::En)).collect();
    assert_eq!(
        messages,
        [
            "The link's so_kernel=box cannot be used; using window.",
            "The link's so_f=12 cannot be used; using 7.",
        ]
    );
}

#[test]
fn the_train_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::train::{TrainSettings, WorkerCommand};
    for command in [
        WorkerCommand::Reset(TrainSettings {
            seed: 7,
            ..Default::default()
        }),
        WorkerCommand::Yield,
    ] {
        assert_eq!(WorkerCommand::decode(&command.encode()), Some(command));
    }
    assert_eq!(WorkerCommand::decode("fly"), None);
}

#[test]
fn the_training_step_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::training_step::{OutputLayer, TrainingSettings};
    use pe_explorer::lesson::labs::LabSettings;
    assert_eq!(
        TrainingSettings::default().pairs(),
        "ts_output=separate&ts_length=4&ts_lr=0.5"
    );
    let link = TrainingSettings::read("ts_length=20&ts_output=tied").unwrap();
    assert_eq!(
        (link.settings.length, link.settings.output),
        (8, OutputLayer::Tied)
    );
    assert_eq!(
        link.problems[0].message(Lang::En),
        "The link's ts_length=20 cannot be used; using 8."
    );
}

#[test]
fn the_weight_tying_lab_reads_and_writes_its_link() {
    use pe_explorer::encoding::model_shapes::Tying;
    use pe_explorer::lesson::labs::{weight_tying::TyingSettings, LabSettings};
    assert_eq!(
        TyingSettings::default().pairs(),
        "wt_tying=three-way&wt_vocab=37000&wt_d=512"
    );
    let link = TyingSettings::read("wt_tying=twice&wt_vocab=50257").unwrap();
    assert_eq!(
        (link.settings.tying, link.settings.vocab),
        (Tying::ThreeWay, 50257.0)
    );
    assert_eq!(
        link.problems[0].message(Lang::En),
        "The link's wt_tying=twice cannot be used; using three-way."
    );
}

#[test]
fn the_xpos_lab_reads_and_writes_its_link() {
    use pe_explorer::lesson::labs::{xpos::XposSettings, LabSettings};
    assert_eq!(
        XposSettings::default().pairs(),
        "xp_vectors=aligned&xp_d=64&xp_scale=512&xp_reach=1024&xp_distance=256"
    );
    // An odd width is made even, and each such fix reported.
    let link = XposSettings::read("xp_d=33&xp_reach=100&xp_distance=500").unwrap();
    assert_eq!((link.settings.d, link.settings.distance), (32, 100));
    assert_eq!(link.problems.len(), 2);
}

/// The context-extension lab's link: its model and method read apart from its numbers.
mod rope_extension {
    use pe_explorer::encoding::rope_scaling::{Extension, Method};
    use pe_explorer::lesson::Lang;

    fn settings_of(lab: Extension) -> String {
        pe_explorer::lesson::labs::rope_extension::settings_json(&lab)
    }

    fn urlencode(text: &str) -> String {
        form_urlencoded::byte_serialize(text.as_bytes()).collect()
    }
    use pe_explorer::lesson::labs::rope_extension::RopeExtensionSettings;
    use pe_explorer::lesson::labs::LabSettings;

    /// Mistral 7B v0.1 declares 32 768 positions but was trained on 8 192: the lab's L₀ is the
    /// trained length, and the declared one is shown as the config has it.
    #[test]
    fn a_preset_trained_shorter_than_it_declares_keeps_both() {
        let mistral = pe_explorer::encoding::rope_scaling::PRESETS
            .iter()
            .position(|p| p.name.starts_with("Mistral"))
            .unwrap();
        let settings = RopeExtensionSettings::preset(mistral);
        assert_eq!(settings.declared, 32_768);
        assert_eq!(settings.lab.trained, 8_192);
        assert_eq!(settings.lab.target, 4 * 8_192);
        let link = RopeExtensionSettings::read(&format!("?{}", settings.pairs())).unwrap();
        assert_eq!(link.settings, settings);
    }

    #[test]
    fn a_link_reads_back_what_the_lab_wrote() {
        let mut settings = RopeExtensionSettings::preset(3);
        settings.lab.method = Method::Ntk;
        settings.lab.factor = 6.5;
        settings.lab.target = 1 << 19;
        let link = RopeExtensionSettings::read(&format!("?k=6&{}", settings.pairs())).unwrap();
        assert_eq!(link.settings.preset, 3);
        assert_eq!(link.settings, settings);
        assert!(link.problems.is_empty());
        assert_eq!(RopeExtensionSettings::read("?k=6&lang=en"), None);
    }

    #[test]
    fn bad_values_are_clamped_or_kept_and_each_is_reported() {
        let link = RopeExtensionSettings::read(
            "rx_model=9&rx_method=magic&rx_trained=abc&rx_s=1e9&rx_target=1000.4",
        )
        .unwrap();
        let lab = &link.settings.lab;
        assert_eq!(link.settings.preset, 0);
        assert_eq!(lab.method, Method::Direct);
        assert_eq!(lab.trained, 4096);
        assert_eq!(lab.factor, 64.0);
        assert_eq!(lab.target, 1000);
        let keys: Vec<&str> = link.problems.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(
            keys,
            ["rx_model", "rx_method", "rx_trained", "rx_target", "rx_s"]
        );
        assert_eq!(
            link.problems[4].message(Lang::En),
            "The link's rx_s=1e9 cannot be used; using 64."
        );
        // LongRoPE needs a config's factors, which a link does not carry.
        let link = RopeExtensionSettings::read("rx_method=longrope").unwrap();
        assert_eq!(link.settings.lab.method, Method::Direct);
        assert_eq!(link.problems.len(), 1);
        // Crossed β values are uncrossed.
        let link =
            RopeExtensionSettings::read("rx_method=yarn&rx_beta_fast=2&rx_beta_slow=8").unwrap();
        assert!(link.settings.lab.beta_fast > link.settings.lab.beta_slow);
    }

    /// A comparison's link holds both models' settings exactly, pasted ones too, so the colleague
    /// who opens it sees the same lab: every field of A and of B (a paste's values beyond the
    /// sliders, its settings of the methods not chosen), where B came from, A's declared length.
    #[test]
    fn a_comparisons_link_reproduces_both_models() {
        use pe_explorer::encoding::rope_config::{read_config, Transformers};
        use pe_explorer::lesson::labs::rope_extension::{Compared, ComparedSource};
        let deepseek = read_config(
            r#"{"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64,
                "max_position_embeddings": 163840, "rope_theta": 10000,
                "rope_scaling": {"type": "yarn", "factor": 40, "beta_fast": 1, "beta_slow": 1,
                  "mscale": 1.0, "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096}}"#,
        )
        .unwrap()
        .config;
        let phi = read_config(
            r#"{"head_dim": 8, "max_position_embeddings": 131072, "original_max_position_embeddings": 4096,
                "rope_theta": 1e9,
                "rope_scaling": {"type": "longrope", "short_factor": [1, 1.5, 2, 3], "long_factor": [1, 2, 8, 16]}}"#,
        )
        .unwrap()
        .config;
        // A: the paste switched to no scaling, at a target past the slider's end; B: LongRoPE
        // switched to YaRN, its base past the slider's end.
        let mut a = Extension::from_config(&deepseek);
        a.method = Method::Direct;
        a.target = 10_485_760;
        let mut b = Extension::from_config(&phi);
        b.method = Method::Yarn;
        let pasted_a = RopeExtensionSettings {
            preset: pe_explorer::encoding::rope_scaling::PRESETS.len(),
            lab: a,
            declared: 163840,
            compare: Some(Compared {
                source: ComparedSource::Reading(Transformers::V4_55),
                lab: b,
            }),
        };
        let mut preset_a = RopeExtensionSettings::preset(2);
        preset_a.compare = pasted_a.compare.clone();
        preset_a.compare.as_mut().unwrap().source = ComparedSource::Pasted;
        for settings in [pasted_a, preset_a] {
            let link = RopeExtensionSettings::read(&format!("?{}", settings.pairs())).unwrap();
            assert!(link.problems.is_empty(), "{:?}", link.problems);
            assert_eq!(link.settings, settings);
        }
        // Without a comparison a paste stays out of the link.
        let mut alone = RopeExtensionSettings::preset(0);
        alone.preset = pe_explorer::encoding::rope_scaling::PRESETS.len();
        assert_eq!(alone.pairs(), "");
        // A model the link cannot read is reported, and nothing is compared.
        let link = RopeExtensionSettings::read("rx_model=1&rx_vs=%7Bnot+json").unwrap();
        assert_eq!(link.settings.compare, None);
        assert_eq!(link.problems.len(), 1);
        assert_eq!(link.problems[0].key, "rx_vs");
        // Settings the lab cannot compute (an odd rotary dimension) are refused the same way, and
        // an unknown source is said.
        let mut odd = settings_of(RopeExtensionSettings::preset(0).lab);
        odd = odd.replacen("\"d\":128", "\"d\":127", 1);
        let link = RopeExtensionSettings::read(&format!(
            "rx_model=1&rx_vs={}&rx_vs_from=magic",
            urlencode(&odd)
        ))
        .unwrap();
        assert_eq!(link.settings.compare, None);
        let good = settings_of(RopeExtensionSettings::preset(0).lab);
        let link = RopeExtensionSettings::read(&format!(
            "rx_model=1&rx_vs={}&rx_vs_from=magic",
            urlencode(&good)
        ))
        .unwrap();
        assert_eq!(
            link.settings.compare.map(|c| c.source),
            Some(ComparedSource::Pasted)
        );
        assert_eq!(link.problems.len(), 1);
        assert_eq!(link.problems[0].key, "rx_vs_from");
    }
}

/// The training lab's worker messages.
mod train {
    use pe_explorer::encoding::tiny_training::Training;
    use pe_explorer::lesson::labs::train::{RunSnapshot, Snapshot, TrainSettings};

    fn run(seed: u64, steps: usize) -> Training {
        let settings = TrainSettings {
            seed,
            steps,
            ..Default::default()
        };
        let mut training = Training::new(settings.config(0), settings.lr, seed, steps);
        while !training.finished() {
            training.step();
        }
        training
    }

    #[test]
    fn a_snapshot_reads_back_as_the_worker_wrote_it() {
        let training = run(3, 20);
        for running in [false, true] {
            let snapshot = Snapshot {
                running,
                rate: 187.5,
                runs: vec![RunSnapshot::of(&training, running), RunSnapshot::default()],
            };
            assert_eq!(snapshot.runs[0].counts.is_some(), !running);
            assert!(!snapshot.runs[0].checks.is_empty());
            assert_eq!(Snapshot::decode(&snapshot.encode()), Some(snapshot));
        }
    }

    #[test]
    fn numbers_no_snapshot_wrote_are_refused_not_read() {
        let snapshot = Snapshot {
            running: false,
            rate: 0.0,
            runs: vec![RunSnapshot::of(&run(1, 10), false)],
        };
        let numbers = snapshot.encode();
        // Cut short anywhere, or with a number too many, or a list longer than what follows.
        for end in 0..numbers.len() {
            assert_eq!(Snapshot::decode(&numbers[..end]), None, "cut at {end}");
        }
        let mut longer = numbers.clone();
        longer.push(0.0);
        assert_eq!(Snapshot::decode(&longer), None);
        assert_eq!(
            Snapshot::decode(&[0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 1e12]),
            None
        );
        assert_eq!(Snapshot::decode(&[0.0, 0.0, 3.0]), None);
        // A count, a flag or an index that is not one: each refused.
        let at = |i: usize, value: f64| {
            let mut changed = numbers.clone();
            changed[i] = value;
            Snapshot::decode(&changed)
        };
        assert_eq!(at(0, 0.5), None, "running neither 0 nor 1");
        assert_eq!(at(2, 1.5), None, "a run count of 1.5");
        assert_eq!(at(3, f64::INFINITY), None, "an infinite scheme");
        assert_eq!(at(4, 2.5), None, "a fractional step");
        assert_eq!(at(6, 2.0), None, "finished neither 0 nor 1");
        assert_eq!(at(8, 9.0), None, "no such health");
        assert_eq!(at(3, 9.0), None, "no such scheme");
    }
}
