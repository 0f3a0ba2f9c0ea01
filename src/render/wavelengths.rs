//! The context-extension lab's charts as marks (`svg_plot::Mark`): each pair's wavelength
//! trained and scaled, and the aligned score against distance for every method; and two
//! models compared pair by pair and over distance.

use std::f64::consts::TAU;

use super::svg_plot::{Frame, Mark};

fn frame(x: (f64, f64), y: (f64, f64)) -> Frame {
    Frame::chart(x, y)
}
use crate::encoding::rope_scaling::{
    aligned_score_block_mean, angles_seen_and_needed, Extension, Frequencies, Method,
};

/// The line colour of `method` (Okabe and Ito's palette, told apart in the common colour-vision
/// deficiencies).
pub fn method_colour(method: Method) -> &'static str {
    match method {
        Method::Direct => "#999999",
        Method::Pi => "#0072B2",
        Method::Ntk => "#009E73",
        Method::Dynamic => "#56B4E9",
        Method::Yarn => "#D55E00",
        Method::Llama3 => "#CC79A7",
        Method::LongRope => "#E69F00",
    }
}

/// "10ⁿ" with the exponent in superscript digits.
///
/// ```
/// assert_eq!(pe_explorer::render::wavelengths::power_of_ten(12), "10¹²");
/// ```
pub fn power_of_ten(exponent: usize) -> String {
    signed_power_of_ten(exponent as i64)
}

/// "10ⁿ" for any whole n, a negative one with a superscript minus.
///
/// ```
/// assert_eq!(pe_explorer::render::wavelengths::signed_power_of_ten(-1), "10⁻¹");
/// ```
pub fn signed_power_of_ten(exponent: i64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exponent
        .unsigned_abs()
        .to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect();
    let sign = if exponent < 0 { "⁻" } else { "" };
    format!("10{sign}{digits}")
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
        colour: method_colour(lab.method),
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

/// The aligned score of `f` at `SCORE_POINTS` stretches of 0 … `end`, each the exact mean over its
/// whole distances (`aligned_score_block_mean`), at the stretch's middle.
fn score_points(f: &Frequencies, end: usize) -> Vec<(f64, f64)> {
    (0..SCORE_POINTS)
        .map(|k| {
            // In u64: k·L overflows a 32-bit usize (WebAssembly) for L past 2^24.
            let bound = |k: usize| (k as u64 * end as u64 / SCORE_POINTS as u64) as usize;
            let (lo, hi) = (bound(k), bound(k + 1));
            let score = aligned_score_block_mean(&f.inv_freq, f.attention_factor, lo, hi);
            ((lo + hi) as f64 / 2.0, score)
        })
        .collect()
}

/// A score chart's frame over 0 … `end`, tall enough for every curve (and 0 and 1), with its
/// grid lines at 0 and 1.
fn score_frame<'a>(
    curves: impl Iterator<Item = &'a Vec<(f64, f64)>>,
    end: usize,
) -> (Frame, Vec<Mark>) {
    let (low, high) = curves
        .flatten()
        .map(|p| p.1)
        .fold((0.0f64, 1.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let frame = frame((0.0, end as f64), (low, high * 1.05));
    let marks = vec![
        frame.across(0.0, "grid"),
        frame.y_label(0.0, "0".into()),
        frame.across(1.0, "grid"),
        frame.y_label(1.0, "1".into()),
    ];
    (frame, marks)
}

/// The aligned score (`aligned_score_block_mean`) against distance 0 … L for every method the
/// settings offer, each point the exact mean over its stretch of whole distances; the chosen
/// method's line thick; L₀ dashed.
pub fn score_marks(lab: &Extension) -> Vec<Mark> {
    let target = lab.target.max(SCORE_POINTS);
    let curves: Vec<(Method, Vec<(f64, f64)>)> = lab
        .methods()
        .map(|method| (method, score_points(&lab.frequencies(method), target)))
        .collect();
    let (frame, mut marks) = score_frame(curves.iter().map(|(_, points)| points), target);
    marks.push(frame.upright(lab.trained as f64, "limit"));
    marks.push(Mark::Text {
        at: (frame.px(lab.trained as f64) + 3.0, frame.top + 10.0),
        end: false,
        text: format!("L₀ = {}", lab.trained),
    });
    // The chosen method last, so it is drawn on top.
    let (chosen, others): (Vec<_>, Vec<_>) =
        curves.into_iter().partition(|(m, _)| *m == lab.method);
    for (method, points) in others.into_iter().chain(chosen) {
        marks.push(Mark::Path {
            d: frame.path(points),
            class: "curve",
            colour: method_colour(method),
            width: if method == lab.method { 2.5 } else { 1.0 },
        });
    }
    marks.push(frame.x_label(0.0, false, "0".into()));
    marks.push(frame.x_label(target as f64, true, format!("L = {target}")));
    marks
}

/// The colours of two compared models, A and B (B's lines also dashed, class `compare-b`).
pub const COMPARED: [&str; 2] = ["#0072B2", "#D55E00"];

/// Where a per-pair chart of two models marks the pairs whose frequencies differ: a short bar
/// under each such pair, along the bottom of the plot.
fn differing_pairs(frame: &Frame, differs: &[bool]) -> Vec<Mark> {
    let width = (frame.px(1.0) - frame.px(0.0)).abs().max(1.0);
    differs
        .iter()
        .enumerate()
        .filter(|(_, d)| **d)
        .map(|(i, _)| Mark::Bar {
            at: (
                frame.px(i as f64) - width / 2.0,
                frame.height - frame.bottom - 5.0,
            ),
            size: (width, 5.0),
            class: "differs",
        })
        .collect()
}

/// Two models' per-pair values on one chart, pair i across: A solid, B dashed, on a log10 scale
/// (with its decades labelled) or linear from 0 to 1 turn (`log` false, for shares of a turn);
/// `limits` are dashed horizontal lines with their labels (lengths on a log scale); the pairs
/// whose frequencies differ (`differs`) are marked along the bottom.
pub fn compared_pair_marks(
    values: [&[f64]; 2],
    log: bool,
    differs: &[bool],
    limits: &[(String, f64)],
) -> Vec<Mark> {
    let pairs = values[0].len().max(values[1].len()).max(2);
    let y = |v: f64| if log { v.max(1e-300).log10() } else { v };
    let shown = values.iter().flat_map(|v| v.iter()).map(|v| y(*v));
    let (low, high) = if log {
        let (lo, hi) = shown
            .chain(limits.iter().map(|(_, v)| y(*v)))
            .fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        // A value a rounding away from a decade (a divisor of 0.999…) does not open another.
        let (lo, hi) = ((lo + 1e-9).floor(), (hi - 1e-9).ceil());
        (lo, hi.max(lo + 1.0))
    } else {
        (0.0, 1.0)
    };
    let frame = frame((0.0, (pairs - 1) as f64), (low, high));
    let mut marks = Vec::new();
    if log {
        for decade in low as i64..=high as i64 {
            marks.push(frame.across(decade as f64, "grid"));
            marks.push(frame.y_label(decade as f64, signed_power_of_ten(decade)));
        }
    } else {
        for (v, label) in [(0.0, "0"), (1.0, "2π")] {
            marks.push(frame.across(v, "grid"));
            marks.push(frame.y_label(v, label.into()));
        }
    }
    for (k, (name, length)) in limits.iter().enumerate() {
        let at = y(*length);
        marks.push(frame.across(at, "limit"));
        // Side by side from the right: lines close together (a log scale) keep their labels apart.
        marks.push(Mark::Text {
            at: (
                frame.width - frame.right - 2.0 - 120.0 * k as f64,
                frame.py(at) - 3.0,
            ),
            end: true,
            text: name.clone(),
        });
    }
    for (side, series) in values.iter().enumerate() {
        marks.push(Mark::Path {
            d: frame.path(series.iter().enumerate().map(|(i, v)| (i as f64, y(*v)))),
            class: if side == 0 { "compare-a" } else { "compare-b" },
            colour: COMPARED[side],
            width: 2.5,
        });
    }
    marks.extend(differing_pairs(&frame, differs));
    marks.push(frame.x_label(0.0, false, "i = 0".into()));
    marks.push(frame.x_label((pairs - 1) as f64, true, format!("i = {}", pairs - 1)));
    marks
}

/// The aligned score against distance (`aligned_score_block_mean`, `SCORE_POINTS` exact block
/// means) of two models, each with its own method, frequencies at its own target, over 0 … the
/// longer target; A solid, B dashed, each L₀ as a dashed upright line.
pub fn compared_score_marks(a: &Extension, b: &Extension) -> Vec<Mark> {
    // Past both targets and both L₀ lines.
    let end = a
        .target
        .max(b.target)
        .max(a.trained)
        .max(b.trained)
        .max(SCORE_POINTS);
    let curves: Vec<Vec<(f64, f64)>> = [a, b]
        .iter()
        .map(|lab| score_points(&lab.frequencies(lab.method), end))
        .collect();
    let (frame, mut marks) = score_frame(curves.iter(), end);
    let same_trained = a.trained == b.trained;
    for (side, lab) in [a, b].iter().enumerate() {
        if side == 1 && same_trained {
            break;
        }
        marks.push(frame.upright(lab.trained as f64, "limit"));
        let name = if same_trained {
            "L₀"
        } else {
            ["L₀(A)", "L₀(B)"][side]
        };
        marks.push(Mark::Text {
            at: (
                frame.px(lab.trained as f64) + 3.0,
                frame.top + 10.0 + 12.0 * side as f64,
            ),
            end: false,
            text: format!("{name} = {}", lab.trained),
        });
    }
    for (side, points) in curves.into_iter().enumerate() {
        marks.push(Mark::Path {
            d: frame.path(points),
            class: if side == 0 { "compare-a" } else { "compare-b" },
            colour: COMPARED[side],
            width: 2.5,
        });
    }
    marks.push(frame.x_label(0.0, false, "0".into()));
    marks.push(frame.x_label(end as f64, true, format!("{end}")));
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
        assert_eq!(paths.last(), Some(&(method_colour(Method::Llama3), 2.5)));
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

    #[test]
    fn a_comparison_marks_each_differing_pair_once_and_stays_finite_at_the_extremes() {
        let lab = Extension::from_config(&read_config(PRESETS[0].config).unwrap().config);
        let mut b = lab.clone();
        b.method = Method::Yarn;
        b.factor = 64.0;
        b.target = 2_097_152;
        let (fa, fb) = (lab.frequencies(lab.method), b.frequencies(b.method));
        let d = crate::encoding::rope_scaling::pair_differences(&fa.inv_freq, &fb.inv_freq);
        let marks = compared_pair_marks(
            [&fa.inv_freq, &fb.inv_freq],
            true,
            &d.differs,
            &[("L".into(), 2e6)],
        );
        let marked = marks
            .iter()
            .filter(|m| {
                matches!(
                    m,
                    Mark::Bar {
                        class: "differs",
                        ..
                    }
                )
            })
            .count();
        assert_eq!(marked, d.differs.iter().filter(|x| **x).count());
        assert!(
            marked > 0 && marked < 64,
            "YaRN keeps the fast pairs: {marked}"
        );
        assert!(crate::render::svg_plot::finite(&marks));
        let scores = compared_score_marks(&lab, &b);
        assert!(crate::render::svg_plot::finite(&scores));
        let dashed = scores
            .iter()
            .filter(|m| {
                matches!(
                    m,
                    Mark::Path {
                        class: "compare-b",
                        ..
                    }
                )
            })
            .count();
        assert_eq!(dashed, 1);
    }
}
