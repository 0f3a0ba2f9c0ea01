//! The shipped tables of all-MiniLM-L6-v2 (`assets/minilm/`) decode to the model's numbers: the
//! similarities the real-data lesson quotes, from the bytes the app will download.

use pe_explorer::encoding::{cosine_similarity, f16_to_f64, RealTable, TableError};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/minilm");

fn read(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{DIR}/{name}: {e}"))
}

/// The word list of meta.json, in row order.
fn tokens() -> Vec<String> {
    let meta: serde_json::Value = serde_json::from_slice(&read("meta.json")).unwrap();
    meta["word_embeddings"]["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

/// IEEE ordering: among finite halves, a larger bit pattern of the same sign is a larger
/// magnitude (0x0000 → 0x7BFF runs from 0 through the subnormals to 65504), and the sign bit only
/// negates.
#[test]
fn every_half_precision_bit_pattern_decodes_in_ieee_order() {
    let mut previous = -1.0;
    for bits in 0..0x7C00u16 {
        let value = f16_to_f64(bits);
        assert!(value > previous, "{bits:#06x}: {value} after {previous}");
        assert_eq!(f16_to_f64(bits | 0x8000), -value, "{bits:#06x} negated");
        previous = value;
    }
    assert_eq!(previous, 65504.0, "largest finite half");
    assert_eq!(f16_to_f64(0x7C00), f64::INFINITY);
    assert!(f16_to_f64(0x7C01).is_nan() && f16_to_f64(0xFE00).is_nan());
    assert_eq!(f16_to_f64(0x3555), 0.333_251_953_125);
    assert_eq!(f16_to_f64(0x0400), 2f64.powi(-14), "smallest normal");
    assert_eq!(
        f16_to_f64(0x03FF),
        2f64.powi(-14) * 1023.0 / 1024.0,
        "largest subnormal"
    );
}

#[test]
fn truncated_padded_or_corrupt_tables_are_errors_not_panics() {
    let good = read("word_embeddings_f16le.bin");
    let rows = tokens().len();
    assert!(RealTable::from_f16_le(&good, rows, 384).is_ok());
    let expected = rows * 384 * 2;
    for len in [0, 1, expected - 1, expected / 2] {
        assert_eq!(
            RealTable::from_f16_le(&good[..len], rows, 384),
            Err(TableError::WrongLength { expected, got: len })
        );
    }
    let mut padded = good.clone();
    padded.push(0);
    assert!(RealTable::from_f16_le(&padded, rows, 384).is_err());
    let mut corrupt = good;
    corrupt[10..12].copy_from_slice(&0x7E00u16.to_le_bytes()); // NaN
    assert_eq!(
        RealTable::from_f16_le(&corrupt, rows, 384),
        Err(TableError::NotFinite { index: 5 })
    );
    assert!(
        RealTable::from_f16_le(&[], usize::MAX, 2).is_err(),
        "no overflow"
    );
}

#[test]
fn learned_positions_are_similar_to_neighbours_only() {
    let table =
        RealTable::from_f16_le(&read("position_embeddings_512x384_f16le.bin"), 512, 384).unwrap();
    let near = cosine_similarity(table.row(10), table.row(11));
    let far = cosine_similarity(table.row(10), table.row(100));
    assert!((near - 0.89).abs() < 0.01, "cos(PE10, PE11) = {near}");
    assert!(far.abs() < 0.01, "cos(PE10, PE100) = {far}");
}

#[test]
fn king_is_near_queen_and_far_from_apple() {
    let words = tokens();
    let table =
        RealTable::from_f16_le(&read("word_embeddings_f16le.bin"), words.len(), 384).unwrap();
    let row = |w: &str| table.row(words.iter().position(|t| t == w).unwrap());
    let queen = cosine_similarity(row("king"), row("queen"));
    let apple = cosine_similarity(row("king"), row("apple"));
    assert!((queen - 0.63).abs() < 0.01, "cos(king, queen) = {queen}");
    assert!((apple - 0.01).abs() < 0.01, "cos(king, apple) = {apple}");
}
