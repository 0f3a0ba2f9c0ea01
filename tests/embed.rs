//! `embed=<panel or lab>`: every panel and lab can be embedded, each has its rule in the page's
//! stylesheet (which shows only it), and the link reads and writes it.

use pe_explorer::lesson::panels::{Embed, LAB_PANELS};
use pe_explorer::lesson::{from_query, to_query, Field, PanelId};

const STYLESHEET: &str = include_str!("../style/main.css");

#[test]
fn every_panel_and_lab_can_be_embedded_and_has_its_rules() {
    let all: Vec<Embed> = Embed::all().collect();
    assert_eq!(all.len(), PanelId::ALL.len() + LAB_PANELS.len());
    for embed in all {
        let anchor = embed.anchor();
        assert_eq!(Embed::from_anchor(anchor), Some(embed));
        // Its panel shown.
        let shown = format!(":root[data-embed=\"{anchor}\"] #{}", embed.panel().anchor());
        assert!(
            STYLESHEET.contains(&shown),
            "style/main.css lacks `{shown}`"
        );
        // A lab: the rest of its panel hidden.
        if matches!(embed, Embed::Lab(_)) {
            let rest = format!(
                "{shown} *:not(:has(#{anchor}), .lab-fold:has(#{anchor}), .lab-fold:has(#{anchor}) *, .embed-controls, .embed-controls *)"
            );
            assert!(STYLESHEET.contains(&rest), "style/main.css lacks `{rest}`");
        }
        let parsed = from_query(&format!("embed={anchor}"));
        assert_eq!(
            (parsed.params.embed, parsed.notices.len()),
            (Some(embed), 0)
        );
        assert!(to_query(&parsed.params).contains(&format!("embed={anchor}")));
    }
}

#[test]
fn an_unknown_part_is_a_notice_and_the_whole_page() {
    let parsed = from_query("embed=nowhere");
    assert_eq!(parsed.params.embed, None);
    assert_eq!(parsed.notices.len(), 1);
    assert_eq!(parsed.notices[0].field, Field::Embed);
}
