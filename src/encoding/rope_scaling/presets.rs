//! The context-extension lab's models: published configurations' rope fields.

/// A published model's rotary settings, as its configuration writes them (the sources of every
/// number: docs/sources.md, "RoPE scaling presets").
pub struct Preset {
    pub name: &'static str,
    /// The configuration's rope fields, as JSON (read with `rope_config::read_config`).
    pub config: &'static str,
    /// The length the model was trained on, where its configuration declares another: the lab's
    /// L₀ is what the model saw, and the declared length is shown as declared.
    pub trained: Option<usize>,
}

/// The context-extension lab's models.
pub const PRESETS: [Preset; 6] = [
    Preset {
        name: "Llama 2 7B",
        config: r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_theta": 10000.0}"#,
        trained: None,
    },
    Preset {
        name: "Code Llama 7B",
        config: r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 16384, "rope_theta": 1000000.0}"#,
        trained: None,
    },
    Preset {
        name: "Llama 3.1 8B",
        config: r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072, "rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}"#,
        trained: None,
    },
    Preset {
        name: "Qwen2.5 7B + YaRN ×4",
        config: r#"{"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768, "rope_theta": 1000000.0, "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}}"#,
        trained: None,
    },
    Preset {
        name: "GPT-NeoX-20B",
        config: r#"{"hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048}"#,
        trained: None,
    },
    // Last, so the links' `rx_model` numbers of the others stay as they were.
    Preset {
        name: "Mistral 7B v0.1",
        config: r#"{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 32768, "rope_theta": 10000.0}"#,
        // The paper's Table 1 (context_len); the config's 32 768 is what it declares.
        trained: Some(8192),
    },
];
