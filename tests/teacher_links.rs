//! Teacher links: `hide=` and `lock=` name the controls students do not see or cannot change.
//! They travel in the URL like every other part of the lesson, survive the round trip, and a
//! name that is not a control's is dropped with a notice instead of failing the link.

use pe_explorer::i18n::{field_label, notice_text, Key, Lang, Translate};
use pe_explorer::lesson::{from_query, to_query, Field, PanelId, Params, Reason};

#[test]
fn hide_and_lock_name_the_fields_of_the_link() {
    let parsed = from_query("hide=base,layout&lock=d_model");
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    let p = parsed.params;
    assert!(p.hidden.contains(Field::Base) && p.hidden.contains(Field::Layout));
    assert!(!p.hidden.contains(Field::DModel));
    assert!(p.locked.contains(Field::DModel));
    assert_eq!(p.locked.fields().collect::<Vec<_>>(), [Field::DModel]);
}

#[test]
fn the_written_url_keeps_hide_and_lock() {
    let p = from_query("hide=layout,base&lock=d_model,step").params;
    let query = to_query(&p);
    assert!(
        query.ends_with("&hide=base%2Clayout&lock=d_model%2Cstep"),
        "{query}"
    );
    assert_eq!(from_query(&query).params, p);
}

#[test]
fn links_without_hide_or_lock_do_not_mention_them() {
    // Every earlier link stays as it was: empty sets are not written.
    let query = to_query(&Params::default());
    assert!(
        !query.contains("hide") && !query.contains("lock"),
        "{query}"
    );
    assert_eq!(from_query("hide=none&lock=").params, Params::default());
}

#[test]
fn aliases_and_spaces_name_the_same_fields() {
    let p = from_query("hide=%20d%20,len,pair&lock=token,amplitude").params;
    assert_eq!(
        p.hidden.fields().collect::<Vec<_>>(),
        [Field::DModel, Field::Length, Field::Pair]
    );
    assert_eq!(
        p.locked.fields().collect::<Vec<_>>(),
        [Field::Token, Field::Amplitude]
    );
}

#[test]
fn unknown_names_are_dropped_with_a_notice_and_the_rest_kept() {
    let parsed = from_query("hide=base,colour,hide&lock=lock");
    assert_eq!(
        parsed.params.hidden.fields().collect::<Vec<_>>(),
        [Field::Base]
    );
    assert!(parsed.params.locked.is_empty());
    let hide = parsed
        .notices
        .iter()
        .find(|n| n.field == Field::Hide)
        .unwrap();
    assert_eq!(hide.reason, Reason::Malformed);
    assert_eq!(hide.used, "base");
    // The notice lists the names hide= takes, controls and panels, in the reader's language.
    let text = notice_text(Lang::En, hide);
    assert!(
        text.starts_with(
            "hide=base,colour,hide is not a valid value; using base; valid names: d_model, length,"
        ),
        "{text}"
    );
    assert!(text.ends_with("word-order, embedding, vector, heatmap, waves, frequencies, rotation, dot-product, add-concat, saturation, extrapolation, rope, alibi, real-data"), "{text}");
    assert!(notice_text(Lang::Zh, hide).contains("；可用的名称：d_model, length,"));
    let lock = parsed
        .notices
        .iter()
        .find(|n| n.field == Field::Lock)
        .unwrap();
    assert_eq!(lock.used, "none");
    // lock= takes controls only; "none" is said in the reader's language too.
    let text = notice_text(Lang::Zh, lock);
    assert!(
        text.contains("改用 none（无）") && !text.contains("word-order"),
        "{text}"
    );
}

#[test]
fn hide_takes_panel_anchors_and_a_link_keeps_them() {
    let parsed = from_query("hide=rope,base,real-data");
    assert!(parsed.notices.is_empty());
    let p = parsed.params;
    assert_eq!(p.hidden.fields().collect::<Vec<_>>(), [Field::Base]);
    assert_eq!(
        p.hidden_panels.panels().collect::<Vec<_>>(),
        [PanelId::Rope, PanelId::RealData]
    );
    assert_eq!(to_query(&p), "lang=en&hide=base%2Crope%2Creal-data");
    assert_eq!(from_query(&to_query(&p)).params, p);
}

#[test]
fn every_control_can_be_hidden_and_locked_but_not_the_lists_themselves() {
    let names: Vec<&str> = Field::ALL.iter().map(|f| f.symbol()).collect();
    let p = from_query(&format!("hide={0}&lock={0}", names.join(","))).params;
    for field in Field::ALL {
        // The lists themselves, lesson mode's choice of steps and what a page embeds have no
        // control to hide or lock.
        let holds = !matches!(
            field,
            Field::Hide | Field::Lock | Field::Lesson | Field::Steps | Field::Embed
        );
        assert_eq!(p.hidden.contains(field), holds, "{field:?}");
        assert_eq!(p.locked.contains(field), holds, "{field:?}");
    }
    assert!(p.is_valid());
}

#[test]
fn the_lists_have_labels_in_both_languages() {
    for (field, key) in [
        (Field::Hide, Key::HiddenControls),
        (Field::Lock, Key::LockedControls),
    ] {
        assert_eq!(field_label(field), key);
        assert_ne!(Lang::En.t(key), Lang::Zh.t(key));
    }
}
