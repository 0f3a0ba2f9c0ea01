//! `embed=<panel or lab>`: every panel and lab can be embedded, each has its rule in the page's
//! stylesheet (which shows only it), and the link reads and writes it.

use pe_explorer::lesson::embed::{slide_command, slide_message, Embed, KeyTarget, FRAME_SIZES};
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

/// reveal.js's keyboard bindings (js/controllers/keyboard.js, 6.0.2), key by key, as the
/// command a key pressed on the page itself must send to the slide around an embed (the arrows
/// as in a deck of one row of slides, reveal.js's linear mode).
const REVEAL_BINDINGS: [(&str, bool, &str); 14] = [
    ("PageDown", false, "next"),
    ("n", false, "next"),
    ("PageUp", false, "prev"),
    ("p", false, "prev"),
    (" ", false, "next"),
    (" ", true, "prev"),
    ("ArrowRight", false, "next"),
    ("ArrowLeft", false, "prev"),
    ("ArrowDown", false, "next"),
    ("ArrowUp", false, "prev"),
    ("b", false, "togglePause"),
    ("B", false, "togglePause"),
    (".", false, "togglePause"),
    ("N", false, "next"),
];

#[test]
fn a_key_on_the_embedded_page_itself_does_what_it_does_on_the_slide() {
    for (key, shift, method) in REVEAL_BINDINGS {
        assert_eq!(
            slide_command(key, shift, KeyTarget::Page),
            Some(method),
            "{key:?}"
        );
    }
    for key in ["Enter", "Tab", "Escape", "a", "1", "Home", "F5"] {
        assert_eq!(slide_command(key, false, KeyTarget::Page), None, "{key:?}");
    }
}

#[test]
fn a_control_keeps_its_own_keys_and_gives_the_clickers_to_the_slide() {
    // A slider's arrows, a button's Space, a list's letters stay with the control.
    for key in [
        " ",
        "ArrowRight",
        "ArrowLeft",
        "ArrowUp",
        "ArrowDown",
        "n",
        "p",
    ] {
        assert_eq!(
            slide_command(key, false, KeyTarget::Control),
            None,
            "{key:?}"
        );
        assert_eq!(
            slide_command(key, false, KeyTarget::TextBox),
            None,
            "{key:?}"
        );
    }
    // A clicker's keys (PageDown, PageUp, its blank button's B or ".") reach the slide from a
    // control; in a box that is typed into only the page keys do, since B and "." are typed.
    for (key, method) in [
        ("PageDown", "next"),
        ("PageUp", "prev"),
        ("b", "togglePause"),
        (".", "togglePause"),
    ] {
        assert_eq!(
            slide_command(key, false, KeyTarget::Control),
            Some(method),
            "{key:?}"
        );
    }
    assert_eq!(
        slide_command("PageDown", false, KeyTarget::TextBox),
        Some("next")
    );
    assert_eq!(
        slide_command("PageUp", false, KeyTarget::TextBox),
        Some("prev")
    );
    assert_eq!(slide_command("b", false, KeyTarget::TextBox), None);
    assert_eq!(slide_command(".", false, KeyTarget::TextBox), None);
}

#[test]
fn the_message_is_what_reveal_js_postmessage_api_reads() {
    // reveal.js takes a string that starts with "{" and ends with "}", parses it, and calls
    // Reveal[method](...args).
    let message = slide_message("next", "PageDown");
    assert!(message.starts_with('{') && message.ends_with('}'));
    assert!(message.contains(r#""method":"next""#));
    assert!(message.contains(r#""args":[]"#));
    assert!(message.contains(r#""namespace":"pe-explorer""#));
    assert!(slide_message("next", " ").contains(r#""key":"Space""#));
    // Nothing pressed can break the string.
    assert!(slide_message("next", "\"}").contains(r#""key":"""#));
}

#[test]
fn the_frame_sizes_start_with_a_16_by_9_slide() {
    assert_eq!(FRAME_SIZES[0], (960, 540));
    let slides = FRAME_SIZES.iter().filter(|(w, h)| w * 9 == h * 16).count();
    assert!(slides >= 3, "{FRAME_SIZES:?}");
    // Each slide size is laid out as a slide: the stylesheet's query is the one the page's
    // keys follow (ui/framed.rs), and every slide size meets it.
    let query = "(min-aspect-ratio: 3/2) and (min-height: 400px)";
    assert!(STYLESHEET.contains(&format!("@media {query} {{")));
    assert!(include_str!("../src/ui/framed.rs").contains(&format!("\"{query}\"")));
    for (w, h) in FRAME_SIZES.iter().filter(|(w, h)| w * 9 == h * 16) {
        assert!(2 * w >= 3 * h && *h >= 400, "{w} × {h}");
    }
}
