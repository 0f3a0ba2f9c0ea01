//! Every colour a chart draws a series in stands out from what it is drawn on: WCAG's contrast
//! ratio of at least 3:1 (the level for graphical objects, WCAG 2.1 success criterion 1.4.11)
//! against the panel and the page background, in every theme the stylesheet defines.
//!
//! The palette is the stylesheet's custom properties (`--series-0` … `--series-5`, `--accent`,
//! `--second`), which the canvases read (`ui::canvas::ThemeColors`); this test reads them from
//! `style/main.css` itself.

const CSS: &str = include_str!("../style/main.css");

/// The declarations `--name: #rrggbb` of the first rule whose selector is exactly `selector`.
fn block(selector: &str) -> Vec<(String, String)> {
    let start = CSS
        .find(&format!("{selector} {{"))
        .unwrap_or_else(|| panic!("no rule {selector}"));
    let body = &CSS[start + selector.len() + 2..];
    let body = &body[..body.find('}').expect("rule closed")];
    body.split(';')
        .filter_map(|d| {
            let (name, value) = d.split_once(':')?;
            let (name, value) = (name.trim(), value.trim());
            (name.starts_with("--") && value.starts_with('#'))
                .then(|| (name.to_string(), value.to_string()))
        })
        .collect()
}

fn get<'a>(declarations: &'a [(String, String)], name: &str) -> Option<&'a str> {
    declarations
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// WCAG 2.1 relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let channel = |at: usize| {
        let c = u8::from_str_radix(&hex[at..at + 2], 16).expect("hex colour") as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// WCAG 2.1 contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn contrast_follows_the_wcag_definition() {
    assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
    assert!((contrast("#777777", "#777777") - 1.0).abs() < 1e-12);
    // A published pair: #767676 on white is 4.54:1.
    assert!((contrast("#767676", "#ffffff") - 4.54).abs() < 0.01);
}

#[test]
fn every_series_colour_stands_out_in_every_theme() {
    let light = block(":root");
    let dark = block(":root[data-theme=\"dark\"]");
    // Presenter view keeps the theme's palette on pure white or pure black.
    let themes = [
        ("light", &light, vec!["--panel", "--bg"], vec![]),
        ("dark", &dark, vec!["--panel", "--bg"], vec![]),
        ("presenter light", &light, vec![], vec!["#ffffff"]),
        ("presenter dark", &dark, vec![], vec!["#000000"]),
    ];
    let mut checked = 0;
    for (theme, palette, backgrounds, fixed) in themes {
        let mut behind: Vec<&str> = backgrounds
            .iter()
            .map(|name| get(palette, name).unwrap_or_else(|| panic!("{theme}: {name}")))
            .collect();
        behind.extend(fixed);
        let colours = (0..6)
            .map(|n| format!("--series-{n}"))
            .chain(["--accent".to_string(), "--second".to_string()]);
        for name in colours {
            let colour = get(palette, &name).unwrap_or_else(|| panic!("{theme}: {name}"));
            for background in &behind {
                let ratio = contrast(colour, background);
                assert!(
                    ratio >= 3.0,
                    "{theme}: {name} {colour} on {background} is {ratio:.2}:1"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8 * 6);
}

#[test]
fn the_dark_theme_follows_the_system_with_the_same_palette() {
    // The system's dark mode and the header's dark theme are one palette.
    let picked = block(":root[data-theme=\"dark\"]");
    let start = CSS
        .find(":root:not([data-theme=\"light\"]) {")
        .expect("the system's dark rule");
    let body = &CSS[start..];
    let body = &body[..body.find('}').expect("rule closed")];
    for (name, value) in &picked {
        assert!(
            body.contains(&format!("{name}: {value};")),
            "the system's dark theme has {name}: {value}"
        );
    }
}
