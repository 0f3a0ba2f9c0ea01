//! The page's sentences hold for every setting its controls allow (issue 41): each test names
//! the sentence it protects and checks it against numbers computed here, independently of the
//! page's own read-outs where a formula allows.

use std::f64::consts::PI;

use pe_explorer::encoding::xpos::xpos_zeta;
use pe_explorer::encoding::{
    cosine_similarity, dot_product_curve, pe_vector, rope_score, wavelength, EmbeddingTable,
    Layout, VOCABULARY,
};
use pe_explorer::render::numbers::positions_text;

/// Even widths from 2 to 1024: every small one and then every power of two with its neighbours.
fn widths() -> Vec<usize> {
    let mut widths: Vec<usize> = (2..=64).step_by(2).collect();
    for power in 7..=10 {
        let d = 1usize << power;
        widths.extend([d - 2, d]);
    }
    widths
}

const BASES: [f64; 5] = [10.0, 100.0, 500.0, 10_000.0, 1.0e6];

/// Dot-product panel: "It is highest at offset 0, where every pair adds cos 0 = 1, and no other
/// whole offset reaches that value" — at every width, d_model = 2 included.
#[test]
fn the_dot_product_curve_peaks_only_at_offset_zero_for_every_width() {
    let mut curve = vec![0.0; 2048];
    for d_model in widths() {
        for base in BASES {
            dot_product_curve(d_model, base, &mut curve);
            let peak = (d_model / 2) as f64;
            assert!((curve[0] - peak).abs() < 1e-9);
            for (offset, value) in curve.iter().enumerate().skip(1) {
                assert!(
                    *value < peak - 1e-12,
                    "d_model {d_model}, base {base}: offset {offset} reaches the peak ({value})"
                );
            }
        }
    }
}

/// Dot-product and RoPE panels: with one pair the curve is cos(m − n) itself, "a wave that keeps
/// coming back close to its peak" (it does not fall off).
#[test]
fn with_one_pair_the_curve_is_the_cosine_of_the_offset() {
    let mut curve = vec![0.0; 2048];
    dot_product_curve(2, 10_000.0, &mut curve);
    for (offset, value) in curve.iter().enumerate() {
        assert!((value - (offset as f64).cos()).abs() < 1e-9);
    }
    // 44 and 710 positions on, the wave is back within 1e-3 and 1e-8 of its peak.
    assert!(curve[44] > 0.999 && curve[710] > 1.0 - 1e-8);
}

/// Waves panel: the note gives the last pair's wavelength for the controls on screen; the issue's
/// figures for d_model = 128 (585 positions at base 100, about 60 at base 10) come out of it.
#[test]
fn the_waves_note_gives_the_last_pairs_wavelength() {
    let written = |base: f64| positions_text(wavelength(63, 128, base));
    assert_eq!(written(100.0), "585");
    assert_eq!(written(10.0), "60.6");
    // 2π·base^((d − 2)/d), computed here from the formula.
    let expected = 2.0 * PI * 10_000f64.powf(126.0 / 128.0);
    assert_eq!(written(10_000.0), positions_text(expected));
    assert_eq!(written(10_000.0), "54 410");
}

/// Add-or-concatenate panel: "For a row of independent random numbers … and any fixed position
/// vector, the cosine is typically about ±1/√d_model". Measured on the page's own seeded rows at
/// the widths the note names, against 200 positions.
#[test]
fn random_rows_are_nearly_orthogonal_to_every_position_vector() {
    for d_model in [64usize, 128, 512] {
        let table = EmbeddingTable::seeded(d_model);
        let mut position = vec![0.0; d_model];
        let (mut sum_sq, mut count) = (0.0, 0.0);
        for pos in 0..200 {
            pe_vector(pos as f64, 10_000.0, Layout::Interleaved, &mut position);
            for id in 0..VOCABULARY.len() {
                let c = cosine_similarity(table.row(id), &position);
                sum_sq += c * c;
                count += 1.0;
            }
        }
        let rms = (sum_sq / count).sqrt();
        let predicted = 1.0 / (d_model as f64).sqrt();
        assert!(
            (rms / predicted - 1.0).abs() < 0.3,
            "d_model {d_model}: RMS cosine {rms:.4} against 1/√d_model {predicted:.4}"
        );
    }
}

/// RoPE panel's misconception: on a circle of N positions the last and the first are neighbours,
/// but RoPE scores them as N − 1 apart, not as 1 apart, for every N the length allows.
#[test]
fn rope_does_not_see_the_ends_of_a_circle_as_neighbours() {
    // Fixed, unremarkable query and key: pair i of each at its own angle.
    let d = 16;
    let q: Vec<f64> = (0..d).map(|j| ((j * 7 + 3) as f64).sin()).collect();
    let k: Vec<f64> = (0..d).map(|j| ((j * 5 + 1) as f64).cos()).collect();
    for n in 2..=2048usize {
        let around = rope_score(&q, &k, 0.0, (n - 1) as f64, 10_000.0, Layout::Interleaved);
        let neighbours = rope_score(&q, &k, 1.0, 0.0, 10_000.0, Layout::Interleaved);
        assert!(
            (around - neighbours).abs() > 1e-6,
            "N = {n}: the wrap-around pair scores as neighbours"
        );
    }
}

/// xPos lab: ζ of the slowest pair is 1 − 2/(1.4·d), "0.99 at d = 128".
#[test]
fn xpos_slowest_pair_factor_is_0_99_at_d_128() {
    let zeta = xpos_zeta(63, 128);
    assert!((zeta - (1.0 - 2.0 / 179.2)).abs() < 1e-12);
    assert_eq!(format!("{zeta:.2}"), "0.99");
}
