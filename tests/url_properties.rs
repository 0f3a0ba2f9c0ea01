//! The URL parser against hostile input: it never panics, always yields a valid state, says
//! what it corrected, and a valid state survives the trip through the URL unchanged.

use pe_explorer::encoding::Layout;
use pe_explorer::encoding::DEMO_SENTENCES;
use pe_explorer::i18n::Lang;
use pe_explorer::lesson::embed::Embed;
use pe_explorer::lesson::panels::PanelSet;
use pe_explorer::lesson::params::{
    sentence_length, FieldSet, WaveDims, AMPLITUDE_MAX, BASE_MAX, BASE_MIN, MAX_EXTRA_DIMS,
};
use pe_explorer::lesson::playlist::{PlanId, StepList};
use pe_explorer::lesson::query::Kind;
use pe_explorer::lesson::{from_query, to_query, Field, PanelId, Params, Theme};
use proptest::prelude::*;

/// Cases per property; `PE_URL_CASES` raises it (the hardening suite runs 100 000).
fn cases() -> u32 {
    std::env::var("PE_URL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4096)
}

fn valid_params() -> impl Strategy<Value = Params> {
    let lesson = (
        1usize..=512,
        1usize..=2048,
        any::<u64>(),
        any::<u64>(),
        any::<u64>(),
        BASE_MIN..=BASE_MAX,
        any::<bool>(),
    );
    let panels = (
        prop_oneof![
            Just(WaveDims::Auto),
            prop::collection::vec(0usize..1024, 0..=MAX_EXTRA_DIMS)
                .prop_map(|d| WaveDims::custom(&d)),
        ],
        0..DEMO_SENTENCES.len(),
        any::<u64>(),
        any::<bool>(),
        0.0..=AMPLITUDE_MAX,
        any::<bool>(),
    );
    // Teacher links: any fields hidden and locked (clamped() drops what cannot be).
    let teacher = (any::<u32>(), any::<u32>());
    (lesson, panels, teacher).prop_map(
        |(
            (half, length, pos, k, pair, base, split),
            (dims, sentence, token, scale, amplitude, zh),
            (hidden, locked),
        )| {
            let pos = (pos % length as u64) as usize;
            let k = (k % (length - pos) as u64) as usize;
            Params {
                d_model: 2 * half,
                length,
                pos,
                k,
                pair: (pair % half as u64) as usize,
                base,
                layout: if split {
                    Layout::SplitHalves
                } else {
                    Layout::Interleaved
                },
                dims,
                sentence: Some(sentence),
                token: (token % sentence_length(sentence) as u64) as usize,
                scale_embedding: scale,
                unit_init: scale ^ split,
                amplitude,
                projections: zh ^ split,
                lang: if zh { Lang::Zh } else { Lang::En },
                order_pair: Some(sentence % 2),
                order_pe: scale ^ zh,
                n_train: 4 + (token % 253) as usize,
                rope_m: pos % 2048,
                rope_n: k % 2048,
                heads: 1 + (pair % 32) as usize,
                head: 1 + (token % 32) as usize,
                words: [pos % 57, k % 57, pair as usize % 57],
                step: pos % 13,
                plan: PlanId::ALL.get(k % 5).copied(),
                embed: Embed::all().nth(pos % 40),
                // Any list of steps (what is not a step, 0 or past 24, is dropped).
                steps: StepList::new(
                    &[pos % 30, k % 30, (pair % 30) as usize][..(token % 4) as usize],
                ),
                presenter: split ^ scale,
                theme: [Theme::Auto, Theme::Light, Theme::Dark][k % 3],
                hidden: field_set(hidden),
                locked: field_set(locked),
                // Panels hidden by the same bits, shifted: any set of the 14.
                hidden_panels: PanelId::ALL
                    .into_iter()
                    .enumerate()
                    .filter(|(n, _)| (hidden ^ locked) >> n & 1 == 1)
                    .fold(PanelSet::default(), |set, (_, panel)| set.with(panel)),
            }
            .clamped()
        },
    )
}

/// The fields whose bits are set in `mask` (bit n: `Field::ALL[n]`).
fn field_set(mask: u32) -> FieldSet {
    Field::ALL
        .into_iter()
        .enumerate()
        .filter(|(n, _)| mask >> n & 1 == 1)
        .fold(FieldSet::default(), |set, (_, field)| set.with(field))
}

/// The names in a comma-separated list of controls, each alias spelled as the URL writes it,
/// sorted and without repeats. Written out here, apart from the parser, so that a change to the
/// aliases the parser accepts shows up as a failure.
fn canonical_field_names(list: &str) -> Vec<String> {
    const ALIASES: [(&str, &str); 5] = [
        ("d", "d_model"),
        ("len", "length"),
        ("pair", "i"),
        ("token", "t"),
        ("amplitude", "amp"),
    ];
    let mut names: Vec<String> = list
        .split(',')
        .filter(|name| !name.is_empty())
        .map(|name| {
            ALIASES
                .iter()
                .find(|(alias, _)| *alias == name)
                .map_or(name, |(_, symbol)| symbol)
                .to_string()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Values a mangled link could carry.
fn hostile_value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| v.to_string()),
        Just("NaN".to_string()),
        Just("-inf".to_string()),
        Just("1e99999".to_string()),
        Just("%".to_string()),
        Just("%E4%BD%8D".to_string()),
        Just("auto".to_string()),
        Just("1,2,3,4,5,6".to_string()),
        Just("3,,x,9999".to_string()),
        Just("zh-CN".to_string()),
        Just("ZH".to_string()),
        Just("King,QUEEN,apple".to_string()),
        Just("我,王,人".to_string()),
        Just("king,,".to_string()),
        Just("dark".to_string()),
        Just("Light".to_string()),
        Just("base,layout".to_string()),
        Just("rope".to_string()),
        Just("lab-xpos".to_string()),
        Just(" Tour ".to_string()),
        Just("17,18,12,17,0,25".to_string()),
        Just("d_model,,x,hide,lock,pos".to_string()),
        Just("none".to_string()),
        Just("NONE,k".to_string()),
        Just("d".to_string()),
        Just("pos,d,pair,token,amplitude,d_model".to_string()),
        "[0-9eE+.%-]{0,30}",
        ".{0,40}",
        "[0-9]{300,400}",
    ]
}

/// Key–value pairs as a query string (`k=v&…`, as a mangled link carries them, unescaped).
fn query_of(pairs: Vec<(&'static str, String)>) -> String {
    pairs
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

fn hostile_query() -> impl Strategy<Value = String> {
    // Every name and alias the app reads (from its own table, so a new parameter is fuzzed
    // without a line here), an unknown key and an empty one.
    let keys: Vec<&'static str> = Field::ALL
        .into_iter()
        .flat_map(|field| {
            std::iter::once(field.symbol()).chain(field.param().aliases.iter().copied())
        })
        .chain(["x", ""])
        .collect();
    let key = prop::sample::select(keys);
    prop::collection::vec((key, hostile_value()), 0..12).prop_map(query_of)
}

/// A hostile link gives a valid state, and every notice says what it used and quotes at most 25
/// characters of what it was given.
fn gives_a_valid_state(query: &str) -> Result<(), TestCaseError> {
    let parsed = from_query(query);
    prop_assert!(parsed.params.is_valid(), "{query} -> {:?}", parsed.params);
    for notice in &parsed.notices {
        prop_assert!(!notice.used.is_empty());
        prop_assert!(notice.given.chars().count() <= 25);
    }
    Ok(())
}

/// Writing the corrected state back and reading it again changes nothing further.
fn correction_is_stable(query: &str) -> Result<(), TestCaseError> {
    let once = from_query(query).params;
    let twice = from_query(&to_query(&once));
    prop_assert_eq!(twice.params, once);
    prop_assert!(twice.notices.is_empty());
    Ok(())
}

/// If the link named a field with a text that is not exactly what we write back, a notice says
/// so (unknown keys aside).
fn every_change_is_reported(query: &str) -> Result<(), TestCaseError> {
    let parsed = from_query(query);
    let written = to_query(&parsed.params);
    let written: Vec<(String, String)> = form_urlencoded::parse(written.as_bytes())
        .into_owned()
        .collect();
    let named: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    for (key, value) in named {
        let canonical = match key.as_str() {
            "len" => "length",
            other => other,
        };
        if let Some((_, used)) = written.iter().find(|(k, _)| k == canonical) {
            // White space and empty list items carry no meaning.
            let squeezed: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            let squeezed = if canonical == "lang" {
                // Browser tags are accepted as they are: zh-CN means zh.
                Lang::from_tag(&squeezed).map_or(squeezed, |l| l.code().to_string())
            } else if canonical == "hide" || canonical == "lock" {
                // A set of controls: order, repeats and a name's alias carry no meaning.
                let given = canonical_field_names(&squeezed);
                if given.is_empty() {
                    "none".to_string()
                } else if given == canonical_field_names(used) {
                    used.clone()
                } else {
                    squeezed
                }
            } else if canonical == "dims" {
                let items: Vec<&str> = squeezed.split(',').filter(|i| !i.is_empty()).collect();
                if items.is_empty() {
                    "none".to_string()
                } else {
                    items.join(",")
                }
            } else if is_switch(canonical) {
                // A switch's words for on and off, in any case, mean 1 and 0.
                match squeezed.to_ascii_lowercase().as_str() {
                    "true" | "on" | "yes" => "1".to_string(),
                    "false" | "off" | "no" => "0".to_string(),
                    _ => squeezed,
                }
            } else {
                squeezed
            };
            let same = squeezed.eq_ignore_ascii_case(used)
                || value.trim().parse::<f64>().ok() == used.parse::<f64>().ok()
                    && value.trim().parse::<f64>().is_ok();
            if !same {
                prop_assert!(
                    parsed.notices.iter().any(|n| n.field.symbol() == canonical),
                    "{key}={value} became {used} silently"
                );
            }
        }
    }
    Ok(())
}

/// Whether the link's `key` names an on/off parameter.
fn is_switch(key: &str) -> bool {
    Field::from_key(key).is_some_and(|field| matches!(field.param().kind, Kind::Switch { .. }))
}

/// Links proptest once shrank a failure to, kept as cases of their own (the properties keep no
/// failure file): each holds every property of a hostile link.
const PAST_FAILURES: [&str; 3] = ["dims=,", "dims=NaN", "scale=nO"];

#[test]
fn past_failures_hold_every_property_of_a_hostile_link() {
    for query in PAST_FAILURES {
        gives_a_valid_state(query).unwrap();
        correction_is_stable(query).unwrap();
        every_change_is_reported(query).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(cases()) })]

    #[test]
    fn hostile_query_strings_never_panic_and_give_a_valid_state(query in hostile_query()) {
        gives_a_valid_state(&query)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let query = String::from_utf8_lossy(&bytes);
        prop_assert!(from_query(&query).params.is_valid());
    }

    #[test]
    fn valid_state_round_trips_through_the_url(params in valid_params()) {
        let parsed = from_query(&to_query(&params));
        prop_assert_eq!(parsed.params, params);
        prop_assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    }

    #[test]
    fn a_corrected_state_is_stable(query in hostile_query()) {
        correction_is_stable(&query)?;
    }

    #[test]
    fn every_changed_field_is_reported(query in hostile_query()) {
        every_change_is_reported(&query)?;
    }
}

/// A mangled link's values for the family's labs: every key of theirs, hostile values.
fn hostile_lab_query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("rb_variant"),
        Just("rb_buckets"),
        Just("rb_max"),
        Just("rb_k"),
        Just("rb_length"),
        Just("np_mask"),
        Just("np_length"),
        Just("np_digits"),
        Just("xp_vectors"),
        Just("xp_d"),
        Just("xp_scale"),
        Just("xp_reach"),
        Just("xp_distance"),
        Just("r2_scheme"),
        Just("r2_rows"),
        Just("r2_columns"),
        Just("r2_row"),
        Just("r2_column"),
        Just("r2_d"),
        Just("r2_base"),
        Just("r2_time"),
        Just("r2_height"),
    ];
    prop::collection::vec((key, hostile_value()), 0..14).prop_map(query_of)
}

/// A hostile link for the training lab: any of its keys, any value.
fn hostile_train_query() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("tr_task"),
        Just("tr_a"),
        Just("tr_b"),
        Just("tr_k"),
        Just("tr_length"),
        Just("tr_d"),
        Just("tr_heads"),
        Just("tr_lr"),
        Just("tr_steps"),
        Just("tr_seed"),
    ];
    prop::collection::vec((key, hostile_value()), 0..12).prop_map(query_of)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(cases() / 10) })]

    /// Whatever a link carries, the labs read settings their cores accept, and drawing from them
    /// neither panics nor yields a non-finite number.
    #[test]
    fn the_family_labs_read_any_link_into_settings_their_cores_take(query in hostile_lab_query()) {
        use pe_explorer::encoding::nope::{last_told_apart, start_token_share};
        use pe_explorer::encoding::relative_bias::{t5_bias_matrix, t5_bucket};
        use pe_explorer::encoding::rope_2d::{aligned_score_map, Patch};
        use pe_explorer::encoding::xpos::xpos_zeta;
        use pe_explorer::lesson::labs::{nope::{Mask, NopeSettings}, relative_bias::RelativeBiasSettings, rope_2d::Rope2dSettings, xpos::XposSettings, LabSettings};
        if let Some(link) = RelativeBiasSettings::read(&query) {
            let s = link.settings;
            prop_assert!(t5_bucket(-5000, s.variant.bidirectional(), s.buckets, s.max_distance).is_some(), "{query}: {s:?}");
            prop_assert!(t5_bias_matrix(s.length, s.variant.bidirectional(), s.buckets, s.max_distance, &vec![0.0; s.buckets]).is_some());
            prop_assert!((1..=64).contains(&s.k) && (4..=64).contains(&s.length));
        }
        if let Some(link) = NopeSettings::read(&query) {
            let s = link.settings;
            prop_assert!((2..=1024).contains(&s.length) && s.digits.is_finite());
            prop_assert!(start_token_share(s.length, s.mask == Mask::Causal).iter().all(|v| v.is_finite()));
            let _ = last_told_apart(10f64.powf(-s.digits));
        }
        if let Some(link) = XposSettings::read(&query) {
            let s = link.settings;
            prop_assert!(s.d % 2 == 0 && s.d >= 2 && s.distance <= s.reach, "{query}: {s:?}");
            prop_assert!(xpos_zeta(s.d / 2 - 1, s.d).is_finite() && s.scale_base >= 16.0);
        }
        if let Some(link) = Rope2dSettings::read(&query) {
            let s = link.settings;
            prop_assert!(s.d % 4 == 0 && s.row < s.rows && s.column < s.columns, "{query}: {s:?}");
            prop_assert!(s.time + s.height <= s.d / 2);
            let map = aligned_score_map(s.grid_scheme(), s.d, s.base, s.rows, s.columns, Patch { row: s.row as f64, column: s.column as f64 });
            prop_assert!(map.len() == s.rows * s.columns && map.iter().all(|v| v.is_finite()));
        }
    }

    /// Whatever a link carries, the training lab's worker gets sizes the model takes (a width
    /// that splits into the heads in even parts, k or j inside the sequence, a learning rate it
    /// can step with), and the model's first pass over a sequence of twice the length is finite.
    #[test]
    fn the_training_lab_reads_any_link_into_a_run_the_model_takes(query in hostile_train_query()) {
        use pe_explorer::encoding::seeded::SeededRng;
        use pe_explorer::encoding::tiny_transformer::{evaluate, example, TinyWeights};
        use pe_explorer::lesson::labs::{train::TrainSettings, LabSettings};
        let Some(link) = TrainSettings::read(&query) else { return Ok(()) };
        let s = link.settings;
        prop_assert!((4..=32).contains(&s.length) && s.offset < s.length, "{query}: {s:?}");
        prop_assert!((1..=2).contains(&s.heads) && s.d_model % (2 * s.heads) == 0 && s.d_model <= 64);
        prop_assert!(s.lr.is_finite() && s.lr >= 0.0 && (10..=5000).contains(&s.steps));
        for which in 0..2 {
            let config = s.config(which);
            let weights = TinyWeights::seeded(&config, s.seed);
            let long = example(&config, 2 * s.length, &mut SeededRng::new(s.seed));
            let (loss, _, _) = evaluate(&config, &weights, &[long]);
            prop_assert!(loss.is_finite(), "{query}: {s:?}");
        }
    }
}
