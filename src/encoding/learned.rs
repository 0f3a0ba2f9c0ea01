//! Learned (absolute) position embeddings: a table with one trained row per position.
//!
//! Unlike the formula, the table ends: a position at or beyond `max_len` was never trained and
//! has no vector. The lesson shows both ways models cope: an error, or reuse of the last row.

use super::seeded::normal_table;

/// The standard deviation GPT-2 initialises its position table (`wpe`) with; its word table
/// (`wte`) uses 0.02. Source: openai/gpt-2, `src/model.py` (`model`), commit 122c55a.
pub const GPT2_INIT_STD: f64 = 0.01;

/// The seed of the demo table.
pub const LEARNED_SEED: u64 = 0x1EA4_2ED0;

/// A position that the table has no row for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeyondTable {
    pub pos: usize,
    pub max_len: usize,
}

impl std::fmt::Display for BeyondTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "position {} has no learned vector: the table has rows 0..{}",
            self.pos, self.max_len
        )
    }
}

/// A `max_len × d_model` position table, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedTable {
    max_len: usize,
    d_model: usize,
    rows: Vec<f64>,
}

impl LearnedTable {
    /// A table as GPT-2 starts training: every entry from N(0, 0.01²).
    ///
    /// ```
    /// use pe_explorer::encoding::LearnedTable;
    /// let t = LearnedTable::gpt2_init(64, 16);
    /// assert_eq!(t.max_len(), 64);
    /// assert!(t.row(63).is_ok() && t.row(64).is_err());
    /// ```
    pub fn gpt2_init(max_len: usize, d_model: usize) -> Self {
        Self::from_rows(
            max_len,
            d_model,
            normal_table(max_len, d_model, GPT2_INIT_STD, LEARNED_SEED),
        )
    }

    /// A table from given rows (for example a real model's).
    ///
    /// # Panics
    /// If `rows.len() != max_len * d_model`.
    pub fn from_rows(max_len: usize, d_model: usize, rows: Vec<f64>) -> Self {
        assert_eq!(rows.len(), max_len * d_model, "table size");
        LearnedTable {
            max_len,
            d_model,
            rows,
        }
    }

    pub fn max_len(&self) -> usize {
        self.max_len
    }

    pub fn d_model(&self) -> usize {
        self.d_model
    }

    /// The trained vector of `pos`, or an error past the end of the table.
    pub fn row(&self, pos: usize) -> Result<&[f64], BeyondTable> {
        if pos < self.max_len {
            Ok(&self.rows[pos * self.d_model..(pos + 1) * self.d_model])
        } else {
            Err(BeyondTable {
                pos,
                max_len: self.max_len,
            })
        }
    }

    /// The vectors a clamping model uses for positions `0..length`, row-major: the table's rows,
    /// then its last row repeated for every position past the end.
    ///
    /// ```
    /// use pe_explorer::encoding::LearnedTable;
    /// let t = LearnedTable::from_rows(2, 1, vec![0.5, 0.7]);
    /// assert_eq!(t.clamped_rows(4), vec![0.5, 0.7, 0.7, 0.7]);
    /// ```
    pub fn clamped_rows(&self, length: usize) -> Vec<f64> {
        (0..length)
            .flat_map(|pos| self.row_clamped(pos).0.iter().copied())
            .collect()
    }

    /// The vector used for `pos` by a model that clamps: the last row for every position past
    /// the end, so all of them look identical. The flag says whether clamping happened.
    ///
    /// # Panics
    /// If the table is empty.
    pub fn row_clamped(&self, pos: usize) -> (&[f64], bool) {
        let last = self.max_len - 1;
        let clamped = pos > last;
        let row = pos.min(last);
        (
            &self.rows[row * self.d_model..(row + 1) * self.d_model],
            clamped,
        )
    }
}
