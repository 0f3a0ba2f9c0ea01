//! THE CORE: every formula of the lesson, as plain Rust over slices and small structs.
//!
//! No UI framework, no browser types, no drawing: everything here runs and is tested natively.
//! One concept per file; each public function documents the formula it implements.

pub mod alibi;
pub mod attention;
pub mod basis_fit;
pub mod combine;
pub mod complex;
pub mod embedding;
pub mod extrapolation;
pub mod learned;
pub mod model_shapes;
pub mod nope;
pub mod numbering;
pub mod real_data;
pub mod relative_bias;
pub mod rope;
pub mod rope_2d;
pub mod rope_config;
pub mod rope_scaling;
pub mod rotation;
pub mod seeded;
pub mod shift_map;
pub mod shift_operator;
pub mod similarity;
pub mod sinusoidal;
pub mod tiny_training;
pub mod tiny_transformer;
pub mod training_step;
pub mod xpos;

pub use alibi::{alibi_attention_row, alibi_bias, alibi_slopes, alibi_step_ratio, AlibiMask};
pub use attention::{
    attention_entropy, attention_saturation, attention_weights, max_abs_difference,
    mean_attention_entropy, mean_pool, sentence_inputs, softmax_in_place, with_position,
    word_order, AttentionOutput, ToyAttention, WordOrder, WORD_ORDER_PAIRS,
};
pub use combine::{
    add_cost, add_vectors, concat_cost, concat_vectors, cosine_after_adding, position_share,
    projected_score_terms, score_terms, CombineCost, Projections, ScoreTerms, PROJECTION_SEED,
    PROJECTION_WIDTH,
};
pub use embedding::{
    embedding_scale, input_path, scaled_embedding, token_id, tokenize, EmbeddingInit,
    EmbeddingTable, InputPath, UnknownWord, DEMO_SENTENCES, VOCABULARY,
};
pub use extrapolation::{extrapolation, Extrapolation};
pub use learned::{BeyondTable, LearnedTable, GPT2_INIT_STD};
pub use real_data::{
    f16_to_f64, RealTable, TableError, MINILM_POSITIONS, MINILM_POSITION_FILE, MINILM_TOKENS,
    MINILM_WIDTH, MINILM_WORD_FILE,
};
pub use rope::{
    rope_decay, rope_demo_vectors, rope_pair, rope_plane, rope_relative_bound, rope_rotate,
    rope_score, RopePlane, ROPE_SEED,
};
pub use rotation::{
    pair_arc, pair_rotation, rotate_pair, rotation_error, rotation_matrix, shift_by_rotation,
    Matrix2, PairRotation,
};
pub use shift_map::{mean_offset_cosines, shift_map_error, ShiftMapFit};
pub use similarity::{
    cosine_matrix, cosine_similarity, dot, dot_product_at_offset, dot_product_curve,
    dot_product_matrix, dot_product_matrix_block_means, dot_product_matrix_sampled,
    neighbour_cosines,
};
pub use sinusoidal::{
    dimension_role, fill_pe_block_means, fill_pe_matrix, fill_pe_rows, frequency_count, omega,
    pair_dimensions, pe_column, pe_matrix_exact, pe_value, pe_vector, wavelength, Layout,
    PeScratch, REANCHOR_EVERY,
};
