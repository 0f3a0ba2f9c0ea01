use super::*;

fn reasons(query: &str) -> Vec<(Field, Reason, String)> {
    from_query(query)
        .notices
        .into_iter()
        .map(|n| (n.field, n.reason, n.used))
        .collect()
}

#[test]
fn every_field_has_its_own_names() {
    for (n, field) in Field::ALL.into_iter().enumerate() {
        // `FieldSet` gives each field the bit of its variant's position.
        assert_eq!(field as usize, n);
        // No name or alias stands for two fields.
        assert_eq!(Field::from_key(field.symbol()), Some(field));
        for alias in field.param().aliases {
            assert_eq!(Field::from_key(alias), Some(field));
        }
    }
}

#[test]
fn links_carry_only_what_differs_from_the_defaults() {
    assert_eq!(to_query(&Params::default()), "lang=en");
    let step7 = Params {
        k: 6,
        step: 7,
        ..Params::default()
    };
    assert_eq!(to_query(&step7), "k=6&lang=en&step=7");
    assert_eq!(from_query(&to_query(&step7)).params, step7);
}

#[test]
fn empty_query_gives_defaults_without_notices() {
    assert_eq!(from_query("").params, Params::default());
    assert!(from_query("?").notices.is_empty());
}

#[test]
fn words_are_read_by_name_in_any_case_and_unknown_ones_are_named() {
    let parsed = from_query("words=Queen,prince,%E7%8E%8B");
    assert_eq!(parsed.params.words, [11, 12, 54]);
    assert!(parsed.notices.is_empty());
    assert_eq!(
        reasons("words=king,zebra,banana"),
        vec![(Field::Words, Reason::Malformed, "king,queen,banana".into())]
    );
    assert_eq!(
        reasons("words=king"),
        vec![(Field::Words, Reason::Malformed, "king,queen,apple".into())]
    );
}

#[test]
fn default_round_trips_without_notices() {
    let parsed = from_query(&to_query(&Params::default()));
    assert_eq!(parsed.params, Params::default());
    assert!(parsed.notices.is_empty());
}

#[test]
fn hostile_values_a_review_tried_are_clamped_and_named() {
    let parsed = from_query("?d_model=-3&pos=NaN&k=1e99");
    assert!(parsed.params.is_valid());
    assert_eq!(parsed.params.d_model, 2);
    assert_eq!(parsed.params.pos, 10);
    assert_eq!(parsed.params.k, 89);
    let fields: Vec<Field> = parsed.notices.iter().map(|n| n.field).collect();
    assert_eq!(fields, vec![Field::DModel, Field::Pos, Field::K]);
    assert_eq!(
        parsed.notices[0].to_string(),
        "d_model=-3 is below the minimum; using 2"
    );
    assert_eq!(
        parsed.notices[1].to_string(),
        "pos=NaN is not a valid value; using 10"
    );
}

#[test]
fn odd_d_model_is_named_with_its_replacement() {
    assert_eq!(
        from_query("d_model=7").notices[0].to_string(),
        "d_model=7 is odd; using 8"
    );
}

#[test]
fn dependent_fields_report_the_final_value() {
    assert_eq!(
        reasons("length=20&pos=50&i=99&d_model=8"),
        vec![
            (Field::Pos, Reason::BeyondDependent, "19".into()),
            (Field::Pair, Reason::BeyondDependent, "3".into()),
        ]
    );
    // k is clamped silently only when it was not in the URL.
    assert_eq!(from_query("length=20&pos=50").params.k, 0);
}

#[test]
fn unknown_keys_are_ignored() {
    let parsed = from_query("utm_source=chat&foo&=&&&d_model=64");
    assert_eq!(parsed.params.d_model, 64);
    assert!(parsed.notices.is_empty());
}

#[test]
fn repeated_key_uses_the_last_and_says_so() {
    let parsed = from_query("pos=3&pos=4");
    assert_eq!(parsed.params.pos, 4);
    assert_eq!(parsed.notices.len(), 1);
    assert_eq!(parsed.notices[0].reason, Reason::Repeated);
    assert_eq!(parsed.notices[0].used, "4");
}

#[test]
fn percent_encoding_and_plus_are_decoded() {
    let parsed = from_query("d_model=%36%34&layout=%20split+");
    assert_eq!(parsed.params.d_model, 64);
    assert_eq!(parsed.params.layout, Layout::SplitHalves);
    assert!(parsed.notices.is_empty());
}

#[test]
fn fractional_counts_are_rounded_with_a_notice() {
    assert_eq!(
        reasons("pos=2.6&d_model=63.2"),
        vec![
            (Field::Pos, Reason::NotWhole, "3".into()),
            (Field::DModel, Reason::NotWhole, "64".into()),
        ]
    );
}

#[test]
fn base_out_of_range_and_infinite_are_clamped() {
    assert_eq!(from_query("base=1").params.base, BASE_MIN);
    assert_eq!(from_query("base=inf").params.base, BASE_MAX);
    assert_eq!(from_query("base=-inf").params.base, BASE_MIN);
    assert_eq!(from_query("base=nan").params.base, 10_000.0);
    assert_eq!(from_query("base=12345.5").params.base, 12_345.5);
}

#[test]
fn long_values_are_shortened_in_notices() {
    let long = "9".repeat(5000);
    let parsed = from_query(&format!("pos={long}"));
    assert!(parsed.notices[0].given.chars().count() <= ECHO_LIMIT + 1);
}
