//! A model's RoPE frequencies after its `rope_scaling`, as the context-extension lab computes them:
//!
//!     cargo run --release --example rope_freqs -- --config config.json [--seq-len N]
//!     cargo run --release --example rope_freqs < config.json
//!
//! prints `{"config": path, "model": name, "inv_freq": [...], "attention_factor": x, …}` (the
//! file, null for standard input; the model's `_name_or_path` or `model_type`, or null; every
//! number in full; for DeepSeek's
//! attention also `"softmax_scale_factor"`; then what the numbers are of and the length they
//! were computed at: `rope_config::described_json`; what the reader assumed, such as a missing
//! `rope_theta`, and transformers' own warnings go to stderr as notes), computed as
//! transformers 5 computes them (without `--seq-len`, as the model is loaded: LongRoPE's short
//! factors). A model whose layers differ (Gemma 3's sliding layers, Llama 4's layers without
//! RoPE) prints `{"layers": [...]}`, one entry per kind of layer, or with `--layer` that layer's
//! own. The JSON ends with the transformers line it was computed by (`--transformers 4.55|4.57|5`,
//! default 5), the notes, and the numbers of every other line that reads the file differently
//! (`rope_config::reading_json`). A configuration it cannot use exits with status 1 and a
//! message naming the field (`pe_explorer::encoding::rope_config`).

use std::io::{IsTerminal, Read};
use std::process::ExitCode;

use pe_explorer::encoding::rope_config::{
    described_json, differing_readings, kind_json, layers_json, model_name, read_config_as,
    reading_json, Read as Reading, Transformers,
};

const USAGE: &str = "usage: rope_freqs [--config config.json] [--seq-len N] [--layer N|TYPE] [--transformers 4.55|4.57|5]";

/// What `--help` prints.
const HELP: &str = "\
usage: rope_freqs [--config config.json] [--seq-len N] [--layer N|TYPE] [--transformers 4.55|4.57|5]

Prints a model's RoPE inverse frequencies and attention factor after its rope_scaling (or
rope_parameters), as JSON, computed as transformers 5 computes them.

  --config FILE   the model's config.json; - or no --config reads it from standard input
  --seq-len N     the sequence length to compute at (dynamic NTK, LongRoPE's long factors);
                  without it, as the model is loaded
  --layer N|TYPE  one layer (counted from 0) or layer type (sliding_attention, ...): its
                  own numbers, where the model's layers differ; without it such a model
                  prints {\"layers\": [...]}, one entry per kind of layer
  --transformers V  whose rules: 5 (default), 4.57 (also 4 or 4.56: the last 4.x
                  releases) or 4.55 (4.51 to 4.55, whose YaRN took its factor from
                  the lengths); the JSON's \"other_transformers\" lists every other line
                  that computes this file differently
  -h, --help      this text

Notes on what was assumed go to standard error; a config that cannot be used exits with
status 1 and a message naming the field.";

fn main() -> ExitCode {
    let mut config = None;
    let mut seq_len = None;
    let mut layer: Option<String> = None;
    let mut rules = Transformers::V5;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        match (arg.as_str(), args.next()) {
            ("--config", Some(path)) => config = Some(path),
            ("--layer", Some(which)) => layer = Some(which),
            ("--transformers", Some(version)) => match Transformers::parse(&version) {
                Some(r) => rules = r,
                None => {
                    return fail(&format!(
                        "--transformers must be 4.55, 4, 4.56, 4.57 or 5, got {version:?}"
                    ))
                }
            },
            ("--seq-len", Some(n)) => match n.parse::<usize>() {
                Ok(n) if n > 0 => seq_len = Some(n),
                _ => {
                    return fail(&format!(
                        "--seq-len must be a whole number above 0, got {n:?}"
                    ))
                }
            },
            _ => return fail(USAGE),
        }
    }
    // No file named: the config comes on standard input, unless nothing is piped there.
    let path = config.unwrap_or_else(|| "-".to_string());
    if path == "-" && std::io::stdin().is_terminal() {
        return fail(USAGE);
    }
    let read = if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(&path)
    };
    let text = match read {
        Ok(text) => text,
        Err(error) => return fail(&format!("cannot read {path}: {error}")),
    };
    match read_config_as(&text, rules) {
        Ok(read) => {
            for note in &read.notes {
                eprintln!("rope_freqs: note: {}", note.message(false));
            }
            let flat = || described_json(&read.config, seq_len);
            let whole = |read: &Reading| {
                if read.layers.is_empty() {
                    described_json(&read.config, seq_len)
                } else {
                    layers_json(&read.layers, seq_len)
                }
            };
            let printed = match (&layer, read.layers.is_empty()) {
                (None, _) => whole(&read),
                (Some(which), _) => {
                    let index = which.parse::<usize>().ok();
                    let count: usize = read.layers.iter().map(|k| k.layers.len()).sum();
                    if read.layers.is_empty() {
                        // Every layer alike: any layer the model has is the model's rotation.
                        let Some(index) = index else {
                            return fail(&format!("--layer {which:?}: the layers of this model do not differ; give a layer number"));
                        };
                        if let Some(layers) = layer_count(&text).filter(|n| index >= *n) {
                            return fail(&format!(
                                "--layer {index}: the model has layers 0 to {} (num_hidden_layers {layers})",
                                layers.saturating_sub(1)
                            ));
                        }
                        flat()
                    } else {
                        let kind = read.layers.iter().find(|k| match index {
                            Some(i) => k.layers.contains(&i),
                            None => k.name == *which,
                        });
                        match kind {
                            Some(kind) => kind_json(kind, seq_len),
                            None => {
                                let names: Vec<&str> =
                                    read.layers.iter().map(|k| k.name.as_str()).collect();
                                return fail(&format!(
                                    "--layer {which:?}: the model has layers 0 to {} of the types {}",
                                    count.saturating_sub(1),
                                    names.join(", ")
                                ));
                            }
                        }
                    }
                }
            };
            let others: Vec<_> = differing_readings(&read, |r| read_config_as(&text, r))
                .into_iter()
                .map(|(r, other)| (r, other.map(|o| whole(&o))))
                .collect();
            for (r, other) in &others {
                let what = match other {
                    Ok(_) => "computes this config differently".to_string(),
                    Err(error) => format!("stops on this config: {error}"),
                };
                eprintln!(
                    "rope_freqs: note: {} {what} (see \"other_transformers\")",
                    r.label(false)
                );
            }
            // Which file and model the numbers are of, first.
            let json = reading_json(&printed, &read, &others);
            let text_or_null = |t: Option<&str>| {
                t.map_or("null".to_string(), |t| {
                    serde_json::Value::from(t).to_string()
                })
            };
            println!(
                "{{\"config\": {}, \"model\": {}, {}",
                text_or_null((path != "-").then_some(path.as_str())),
                text_or_null(model_name(&text).as_deref()),
                &json[1..]
            );
            ExitCode::SUCCESS
        }
        Err(error) => fail(&format!("{path}: {error}")),
    }
}

/// `num_hidden_layers`, at the top or in `text_config`, where the file gives it.
fn layer_count(text: &str) -> Option<usize> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let count = |v: &serde_json::Value| v.get("num_hidden_layers")?.as_u64();
    count(&value)
        .or_else(|| value.get("text_config").and_then(count))
        .map(|n| n as usize)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("rope_freqs: {message}");
    ExitCode::FAILURE
}
