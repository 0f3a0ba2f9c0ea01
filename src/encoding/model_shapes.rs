//! Where the position signal enters a transformer, with the shapes of its input path, and what
//! sharing the embedding matrix saves.
//!
//! The input path (Vaswani et al. 2017, §3.4, §3.5, §5.4): token ids [batch, len] → the
//! embedding table's rows [batch, len, d_model] → × √d_model → + PE [len, d_model], the same
//! table for every sequence of the batch → dropout → the first layer. The counts follow the
//! paper's layers (§3.1–§3.3): every attention has W_Q, W_K, W_V, W_O of d_model × d_model with
//! biases, every feed-forward network d_model → d_ff → d_model with biases, every sublayer a
//! LayerNorm (a gain and a bias of d_model each).

/// Which of the model's three vocabulary-sized matrices are one matrix (Press and
/// Wolf 2017, "three-way weight tying"): the encoder's input embedding, the decoder's input
/// embedding, and the decoder's output (pre-softmax) weight, used transposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tying {
    /// Three matrices.
    Untied,
    /// The encoder and the decoder read one input table (one vocabulary for both sides).
    EncoderDecoder,
    /// The decoder's output weight is its input table, transposed.
    DecoderInputOutput,
    /// One matrix in all three places, as the original transformer has it (§3.4).
    ThreeWay,
}

impl Tying {
    pub const ALL: [Tying; 4] = [
        Tying::Untied,
        Tying::EncoderDecoder,
        Tying::DecoderInputOutput,
        Tying::ThreeWay,
    ];

    /// How many distinct vocab × d_model matrices an encoder–decoder model keeps.
    pub fn matrices(self) -> u64 {
        match self {
            Tying::Untied => 3,
            Tying::EncoderDecoder | Tying::DecoderInputOutput => 2,
            Tying::ThreeWay => 1,
        }
    }
}

/// A model's size: one vocabulary shared by both sides (as the paper's English–German BPE
/// vocabulary is), d_model, the feed-forward width, and the number of layers on each side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelSize {
    pub vocab: u64,
    pub d_model: u64,
    pub d_ff: u64,
    pub layers: u64,
}

/// The base model of Vaswani et al. (Table 3: N = 6, d_model = 512, d_ff = 2048) with the
/// English–German vocabulary of "about 37000 tokens" (§5.1).
pub const TRANSFORMER_BASE: ModelSize = ModelSize {
    vocab: 37_000,
    d_model: 512,
    d_ff: 2048,
    layers: 6,
};

/// One multi-head attention: 4 · (d² + d) (W_Q, W_K, W_V, W_O and their biases; the heads split
/// d_model, so their number does not change the count).
fn attention_parameters(d: u64) -> u64 {
    4 * (d * d + d)
}

/// One position-wise feed-forward network: d·d_ff + d_ff + d_ff·d + d.
fn feed_forward_parameters(d: u64, d_ff: u64) -> u64 {
    2 * d * d_ff + d_ff + d
}

/// One encoder layer: self-attention, feed-forward, two LayerNorms (2 · 2d).
pub fn encoder_layer_parameters(d: u64, d_ff: u64) -> u64 {
    attention_parameters(d) + feed_forward_parameters(d, d_ff) + 2 * 2 * d
}

/// One decoder layer: masked self-attention, attention over the encoder's output, feed-forward,
/// three LayerNorms (3 · 2d).
pub fn decoder_layer_parameters(d: u64, d_ff: u64) -> u64 {
    2 * attention_parameters(d) + feed_forward_parameters(d, d_ff) + 3 * 2 * d
}

/// An encoder–decoder model's parameters, in two parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParameterCount {
    /// The vocabulary-sized matrices: `tying.matrices()` · vocab · d_model (the output layer's
    /// bias, if it has one, aside).
    pub embeddings: u64,
    /// Every encoder and decoder layer.
    pub layers: u64,
}

impl ParameterCount {
    pub fn total(self) -> u64 {
        self.embeddings + self.layers
    }

    /// The embeddings' share of the whole, 0 to 1.
    pub fn embedding_share(self) -> f64 {
        self.embeddings as f64 / self.total().max(1) as f64
    }
}

/// The parameters of an encoder–decoder transformer of `size` whose vocabulary matrices are
/// shared as `tying` says.
///
/// ```
/// use pe_explorer::encoding::model_shapes::{parameters, Tying, TRANSFORMER_BASE};
/// let tied = parameters(TRANSFORMER_BASE, Tying::ThreeWay);
/// assert_eq!(tied.embeddings, 37_000 * 512);
/// assert_eq!(tied.total(), 63_082_496);
/// ```
pub fn parameters(size: ModelSize, tying: Tying) -> ParameterCount {
    let ModelSize {
        vocab,
        d_model: d,
        d_ff,
        layers,
    } = size;
    ParameterCount {
        embeddings: tying.matrices() * vocab * d,
        layers: layers * (encoder_layer_parameters(d, d_ff) + decoder_layer_parameters(d, d_ff)),
    }
}

/// The shapes along the input path, for a batch of `batch` sequences of `len` tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InputShapes {
    /// Token ids: [batch, len].
    pub ids: [usize; 2],
    /// The embedding table: [vocab, d_model].
    pub table: [usize; 2],
    /// The looked-up rows, the scaled rows, the sum with PE and the first layer's input:
    /// [batch, len, d_model].
    pub vectors: [usize; 3],
    /// The encoding: [len, d_model], one table added to every sequence of the batch.
    pub encoding: [usize; 2],
    /// The output layer's scores over the vocabulary: [batch, len, vocab].
    pub logits: [usize; 3],
}

/// The input path's shapes (§3.4, §3.5): the encoding does not depend on which sequence of the
/// batch it is added to, so it has no batch dimension and is broadcast over it.
pub fn input_shapes(batch: usize, len: usize, d_model: usize, vocab: usize) -> InputShapes {
    InputShapes {
        ids: [batch, len],
        table: [vocab, d_model],
        vectors: [batch, len, d_model],
        encoding: [len, d_model],
        logits: [batch, len, vocab],
    }
}

/// A shape as the diagram prints it: "[2, 100, 128]".
pub fn shape_text(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parameter counts of Table 3 of Vaswani et al. that our formula covers (rows that
    /// change N, d_model or d_ff; h with d_k · h = d_model changes nothing), in millions:
    /// (N, d_model, d_ff, the paper's count).
    const TABLE_3: [(u64, u64, u64, f64); 8] = [
        (6, 512, 2048, 65.0),
        (2, 512, 2048, 36.0),
        (4, 512, 2048, 50.0),
        (8, 512, 2048, 80.0),
        (6, 256, 2048, 28.0),
        (6, 1024, 2048, 168.0),
        (6, 512, 1024, 53.0),
        (6, 512, 4096, 90.0),
    ];

    /// With one shared matrix of 37 000 rows (§5.1's "about 37000") our count is 1–4.2 M below
    /// every Table 3 count; with about 41 000 rows it is within 0.5 M of each (the paper rounds
    /// to millions). With three matrices it would be 15 M or more above every one of them: the
    /// paper's counts are of a model with one shared matrix. The "big" row (d_model 1024,
    /// d_ff 4096, 213 M) is the exception: 41 000 rows give 5 M more, about 35 800 fit it.
    #[test]
    fn one_shared_matrix_matches_the_papers_table_3_and_three_do_not() {
        let size = |vocab, layers, d_model, d_ff| ModelSize {
            vocab,
            d_model,
            d_ff,
            layers,
        };
        let millions = |size, tying| parameters(size, tying).total() as f64 / 1e6;
        for (layers, d_model, d_ff, paper) in TABLE_3 {
            let stated = millions(size(37_000, layers, d_model, d_ff), Tying::ThreeWay);
            assert!(
                (-4.5..0.0).contains(&(stated - paper)),
                "{layers} {d_model} {d_ff}: {stated} M against {paper} M"
            );
            let fitted = millions(size(41_000, layers, d_model, d_ff), Tying::ThreeWay);
            assert!(
                (fitted - paper).abs() <= 0.5,
                "{fitted} M against {paper} M"
            );
            let untied = millions(size(37_000, layers, d_model, d_ff), Tying::Untied);
            assert!(untied - paper > 15.0, "untied {untied} M against {paper} M");
        }
        let big = |vocab| millions(size(vocab, 6, 1024, 4096), Tying::ThreeWay);
        assert!(
            big(41_000) - 213.0 > 5.0,
            "big with 41 000 rows: {} M",
            big(41_000)
        );
        assert!(
            (big(35_800) - 213.0).abs() <= 0.5,
            "big with 35 800 rows: {} M",
            big(35_800)
        );
    }

    /// The layer counts written out for d_model 512, d_ff 2048 by hand: encoder
    /// 4·(512² + 512) + (2·512·2048 + 2048 + 512) + 4·512, decoder with a second attention and
    /// a third LayerNorm.
    #[test]
    fn the_base_models_layers_count_as_written_out() {
        assert_eq!(
            encoder_layer_parameters(512, 2048),
            1_050_624 + 2_099_712 + 2_048
        );
        assert_eq!(
            decoder_layer_parameters(512, 2048),
            2 * 1_050_624 + 2_099_712 + 3_072
        );
    }

    #[test]
    fn each_tying_saves_one_or_two_vocabulary_matrices() {
        let untied = parameters(TRANSFORMER_BASE, Tying::Untied);
        let matrix = TRANSFORMER_BASE.vocab * TRANSFORMER_BASE.d_model;
        for tying in Tying::ALL {
            let count = parameters(TRANSFORMER_BASE, tying);
            assert_eq!(
                untied.total() - count.total(),
                (3 - tying.matrices()) * matrix
            );
            assert_eq!(count.layers, untied.layers);
        }
    }

    #[test]
    fn the_encoding_has_no_batch_dimension() {
        let shapes = input_shapes(4, 100, 128, 37_000);
        assert_eq!(shapes.vectors, [4, 100, 128]);
        assert_eq!(shapes.encoding, [100, 128]);
        assert_eq!(shape_text(&shapes.logits), "[4, 100, 37000]");
    }
}
