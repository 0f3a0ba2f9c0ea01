//! `embed=<panel or lab>`: every panel and lab can be embedded, each has its rule in the page's
//! stylesheet (which shows only it), and the link reads and writes it.

use pe_explorer::lesson::embed::Embed;
use pe_explorer::lesson::labs::LABS;
use pe_explorer::lesson::{from_query, to_query, Field, PanelId};

const STYLESHEET: &str = include_str!("../style/main.css");

#[test]
fn every_panel_and_lab_can_be_embedded_and_has_its_rules() {
    let all: Vec<Embed> = Embed::all().collect();
    assert_eq!(all.len(), PanelId::ALL.len() + LABS.len());
    for embed in all {
        let anchor = embed.anchor();
        assert_eq!(Embed::from_anchor(anchor), Some(embed));
        // Its panel shown: by its own name, or for a lab by its panel's (the page's first script
        // sets `data-embed-panel` from the prerendered `data-lab-panels`, written from `LABS`).
        let panel = embed.panel().anchor();
        let shown = match embed {
            Embed::Panel(_) => format!(":root[data-embed=\"{anchor}\"] #{panel}"),
            Embed::Lab(_) => format!(":root[data-embed-panel=\"{panel}\"] #{panel}"),
        };
        assert!(
            STYLESHEET.contains(&shown),
            "style/main.css lacks `{shown}`"
        );
        // A lab: the rest of its panel hidden, but for its fold (`LabSlot` marks the embedded
        // lab's fold `data-embedded`) and the page's controls it follows.
        if matches!(embed, Embed::Lab(_)) {
            let rest = ":root[data-embed^=\"lab-\"] .panels > .panel *:not(:has([data-embedded]), [data-embedded], [data-embedded] *, .embed-controls, .embed-controls *)";
            assert!(STYLESHEET.contains(rest), "style/main.css lacks `{rest}`");
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
