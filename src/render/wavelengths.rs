//! The context-extension lab's charts as marks (`svg_plot::Mark`): each pair's wavelength
//! trained and scaled, and the aligned score against distance for every method.

use std::f64::consts::TAU;

use super::svg_plot::{Frame, Mark};

fn frame(x: (f64, f64), y: (f64, f64)) -> Frame {
    Frame::chart(x, y)
}
use crate::encoding::rope_scaling::{
    aligned_score_block_mean, angles_seen_and_needed, Extension, Frequencies, Method,
};

/// A line colour per method (Okabe and Ito's palette, told apart in the common colour-vision
/// deficiencies), in `Method::ALL`'s order.
pub const COLOURS: [&str; 7] = [
    "#999999", "#0072B2", "#009E73", "#56B4E9", "#D55E00", "#CC79A7", "#E69F00",
];

/// The index of `method` in `Method::ALL` (its colour's, its name's).
pub fn method_index(method: Method) -> usize {
    Method::ALL.iter().position(|m| *m == method).unwrap_or(0)
}

/// "10ⁿ" with the exponent in superscript digits.
///
/// ```
/// assert_eq!(pe_explorer::render::wavelengths::power_of_ten(12), "10¹²");
/// ```
pub fn power_of_ten(exponent: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exponent
        .to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect();
    format!("10{digits}")
}

/// Each pair's wavelength 2π/θ_i on a log10 scale, trained (`plain`) and scaled (`scaled`, in
/// the chosen method's colour), with the lengths L₀ and L as dashed lines.
pub fn wavelength_marks(lab: &Extension, plain: &Frequencies, scaled: &Frequencies) -> Vec<Mark> {
    let log_wavelength = |theta: &f64| (TAU / theta).log10();
    let pairs = plain.inv_freq.len().max(2);
    let top = plain
        .inv_freq
        .iter()
        .chain(&scaled.inv_freq)
        .map(log_wavelength)
        .fold((lab.target as f64).log10(), f64::max)
        .ceil();
    let frame = frame((0.0, (pairs - 1) as f64), (0.0, top));
    let mut marks = Vec::new();
    for decade in 0..=top as usize {
        marks.push(frame.across(decade as f64, "grid"));
        marks.push(frame.y_label(decade as f64, power_of_ten(decade)));
    }
    for (name, length) in [("L₀", lab.trained), ("L", lab.target)] {
        let y = (length as f64).log10();
        marks.push(frame.across(y, "limit"));
        marks.push(Mark::Text {
            at: (frame.width - frame.right - 2.0, frame.py(y) - 3.0),
            end: true,
            text: format!("{name} = {length}"),
        });
    }
    let series = |f: &Frequencies| {
        frame.path(
            f.inv_freq
                .iter()
                .enumerate()
                .map(|(i, t)| (i as f64, log_wavelength(t))),
        )
    };
    marks.push(Mark::Path {
        d: series(plain),
        class: "trained",
        colour: "",
        width: 2.0,
    });
    marks.push(Mark::Path {
        d: series(scaled),
        class: "scaled",
        colour: COLOURS[method_index(lab.method)],
        width: 2.5,
    });
    marks.push(frame.x_label(0.0, false, "i = 0".into()));
    marks.push(frame.x_label((pairs - 1) as f64, true, format!("i = {}", pairs - 1)));
    marks
}

/// For each pair, the share of a turn the model saw in training (grey bar from 0) and, where the
/// target asks for more, the angles it never saw (red bar above it), on 0 … 1 turn.
pub fn angle_marks(lab: &Extension, plain: &Frequencies, scaled: &Frequencies) -> Vec<Mark> {
    let shares = angles_seen_and_needed(lab.trained, lab.target, &plain.inv_freq, &scaled.inv_freq);
    let pairs = shares.len().max(1);
    let frame = frame((0.0, pairs as f64), (0.0, 1.0));
    let mut marks = vec![
        frame.across(0.0, "grid"),
        frame.y_label(0.0, "0".into()),
        frame.across(1.0, "grid"),
        frame.y_label(1.0, "2π".into()),
    ];
    let width = frame.px(1.0) - frame.px(0.0);
    for (i, (seen, needed)) in shares.into_iter().enumerate() {
        let x = frame.px(i as f64) + width * 0.1;
        marks.push(Mark::Bar {
            at: (x, frame.py(seen)),
            size: (width * 0.8, frame.py(0.0) - frame.py(seen)),
            class: "seen",
        });
        if needed > seen + 1e-12 {
            marks.push(Mark::Bar {
                at: (x, frame.py(needed)),
                size: (width * 0.8, frame.py(seen) - frame.py(needed)),
                class: "unseen",
            });
        }
    }
    marks.push(frame.x_label(0.0, false, "i = 0".into()));
    marks.push(frame.x_label(pairs as f64, true, format!("i = {}", pairs - 1)));
    marks
}

/// How many stretches of distance the score chart averages over.
pub const SCORE_POINTS: usize = 240;

/// The aligned score (`aligned_score_block_mean`) against distance 0 … L for every method the
/// settings offer, each point the exact mean over its stretch of whole distances; the chosen
/// method's line thick; L₀ dashed.
pub fn score_marks(lab: &Extension) -> Vec<Mark> {
    let target = lab.target.max(SCORE_POINTS);
    let curves: Vec<(Method, Vec<(f64, f64)>)> = lab
        .methods()
        .map(|method| {
            let f = lab.frequencies(method);
            let points = (0..SCORE_POINTS)
                .map(|k| {
                    // In u64: k·L overflows a 32-bit usize (WebAssembly) for L past 2^24.
                    let bound =
                        |k: usize| (k as u64 * target as u64 / SCORE_POINTS as u64) as usize;
                    let (lo, hi) = (bound(k), bound(k + 1));
                    let score = aligned_score_block_mean(&f.inv_freq, f.attention_factor, lo, hi);
                    ((lo + hi) as f64 / 2.0, score)
                })
                .collect();
            (method, points)
        })
        .collect();
    let (low, high) = curves
        .iter()
        .flat_map(|(_, points)| points.iter().map(|p| p.1))
        .fold((0.0f64, 1.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let frame = frame((0.0, target as f64), (low, high * 1.05));
    let mut marks = vec![
        frame.across(0.0, "grid"),
        frame.y_label(0.0, "0".into()),
        frame.across(1.0, "grid"),
        frame.y_label(1.0, "1".into()),
        frame.upright(lab.trained as f64, "limit"),
        Mark::Text {
            at: (frame.px(lab.trained as f64) + 3.0, frame.top + 10.0),
            end: false,
            text: format!("L₀ = {}", lab.trained),
        },
    ];
    // The chosen method last, so it is drawn on top.
    let (chosen, others): (Vec<_>, Vec<_>) =
        curves.into_iter().partition(|(m, _)| *m == lab.method);
    for (method, points) in others.into_iter().chain(chosen) {
        marks.push(Mark::Path {
            d: frame.path(points),
            class: "curve",
            colour: COLOURS[method_index(method)],
            width: if method == lab.method { 2.5 } else { 1.0 },
        });
    }
    marks.push(frame.x_label(0.0, false, "0".into()));
    marks.push(frame.x_label(target as f64, true, format!("L = {target}")));
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::rope_config::read_config;
    use crate::encoding::rope_scaling::PRESETS;

    #[test]
    fn every_method_gets_one_curve_and_the_chosen_one_is_drawn_last_and_thick() {
        let lab = Extension::from_config(&read_config(PRESETS[2].config).unwrap().config);
        let marks = score_marks(&lab);
        let paths: Vec<_> = marks
            .iter()
            .filter_map(|m| match m {
                Mark::Path { colour, width, .. } => Some((*colour, *width)),
                _ => None,
            })
            .collect();
        assert_eq!(paths.len(), 6);
        assert_eq!(
            paths.last(),
            Some(&(COLOURS[method_index(Method::Llama3)], 2.5))
        );
        assert!(paths[..5].iter().all(|(_, w)| *w == 1.0));
    }

    #[test]
    fn the_wavelength_chart_reaches_above_the_longest_wavelength_and_the_target() {
        let lab = Extension::from_config(&read_config(PRESETS[0].config).unwrap().config);
        let (plain, scaled) = (lab.frequencies(Method::Direct), lab.frequencies(Method::Pi));
        let marks = wavelength_marks(&lab, &plain, &scaled);
        // Llama 2: slowest λ = 2π·10000^(126/128) ≈ 54 410, ×4 under PI ≈ 217 640: decades 10⁰ … 10⁶.
        let labels: Vec<_> = marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { text, .. }
                    if text.starts_with("10") && text.len() > 2 && !text.contains(' ') =>
                {
                    Some(text.clone())
                }
                _ => None,
            })
            .collect();
        assert_eq!(labels.first().map(String::as_str), Some("10⁰"));
        assert_eq!(labels.last().map(String::as_str), Some("10⁶"));
    }
}
