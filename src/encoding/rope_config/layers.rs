//! Models whose layers do not all handle position alike, read as transformers 5 reads them
//! (docs/sources.md, "per-layer RoPE"):
//!
//! - `layer_types` names each layer's attention (`full_attention`, `sliding_attention`, …). Gemma
//!   3 without it: layer i slides unless (i + 1) is a multiple of `sliding_window_pattern`
//!   (default 6). Llama 4 without it: `chunked_attention` for layers with RoPE, `full_attention`
//!   for those without.
//! - A `rope_parameters` dict whose keys are all layer types holds one rotation per type
//!   (`standardize_rope_params`, "different RoPE for each layer"); its base defaults to the
//!   top-level `rope_theta`, and for Gemma 3's sliding layers to `rope_local_base_freq`.
//!   `rope_scaling` beside it updates the full-attention layers' dict (Gemma 3).
//! - `rope_local_base_freq` without such a dict (Gemma 3 as transformers 4 wrote it): sliding
//!   layers rotate with that base and no scaling; the others as the configuration says.
//! - `no_rope_layers` (Llama 4): a 0 marks a layer without RoPE. Empty or absent, a Llama 4 text
//!   configuration (or one naming `no_rope_layer_interval`) leaves it out of every
//!   `no_rope_layer_interval`-th layer (default 4). Those layers scale their queries when
//!   `attn_temperature_tuning` is on (default for Llama 4).

use serde_json::Value;

use super::{
    given, read_value, ConfigError, Expected, Fields, Note, Overrides, Read, Rule, Transformers,
};
use crate::encoding::rope_scaling::RopeConfig;

/// The most layers read (released models have up to about 128): every layer is listed, so this
/// keeps a pasted list from holding the page.
pub const LARGEST_LAYERS: usize = 4096;

/// One kind of layer: the layers that handle position alike.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerKind {
    /// The layer type its layers have (`layer_types`), as transformers names it.
    pub name: String,
    /// Its layers, counted from 0.
    pub layers: Vec<usize>,
    /// How it rotates; `None` for layers without RoPE, which see no position.
    pub rope: Option<RopeConfig>,
    /// Llama 4's query scaling on its layers without RoPE (`attn_temperature_tuning`).
    pub temperature: Option<QueryTemperature>,
}

/// Llama 4's attention temperature on layers without RoPE: the query at position p is multiplied
/// by log(1 + ⌊(p + 1) / floor_scale⌋) · attn_scale + 1 (`Llama4TextAttention.forward`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryTemperature {
    pub floor_scale: f64,
    pub attn_scale: f64,
}

impl QueryTemperature {
    /// The query's factor at `position` (counted from 0).
    ///
    /// ```
    /// use pe_explorer::encoding::rope_config::QueryTemperature;
    /// let t = QueryTemperature { floor_scale: 8192.0, attn_scale: 0.1 };
    /// assert_eq!(t.at(8190), 1.0);
    /// assert!((t.at(8191) - (1.0 + 0.1 * 2f64.ln())).abs() < 1e-15);
    /// ```
    pub fn at(&self, position: usize) -> f64 {
        ((position as f64 + 1.0) / self.floor_scale).floor().ln_1p() * self.attn_scale + 1.0
    }
}

/// Where a layer's rotation comes from.
#[derive(Clone, PartialEq)]
enum Source {
    /// The configuration as it stands.
    Main,
    /// Its layer type's entry in a per-type `rope_parameters`.
    Typed(String),
    /// `rope_local_base_freq`, no scaling (Gemma 3's sliding layers).
    Local(f64),
}

const SLIDING: &str = "sliding_attention";
const FULL: &str = "full_attention";

/// `read_config` of one language model's configuration: its rotation and, where its layers
/// differ, each kind of layer.
pub(super) fn read_model(
    value: &Value,
    path: &str,
    rules: Transformers,
) -> Result<Read, ConfigError> {
    let plain = || Overrides {
        rules,
        ..Overrides::default()
    };
    let Some(map) = value.as_object() else {
        return read_value(value, path, plain());
    };
    let top = Fields { map, path };
    let model_type = map.get("model_type").and_then(Value::as_str).unwrap_or("");
    let layer_count = || top.count(&["num_hidden_layers"]);

    let mut rotates = match top.get(&["no_rope_layers"]) {
        Some((list, field)) if list.as_array().is_some_and(|l| !l.is_empty()) => {
            Some(flags(list, &field)?)
        }
        _ if given(map, "no_rope_layer_interval") || model_type == "llama4_text" => {
            let interval = top.count(&["no_rope_layer_interval"])?.unwrap_or(4);
            let count = layer_count()?.ok_or_else(|| ConfigError::Missing {
                field: top.name("num_hidden_layers"),
            })?;
            Some(
                (0..count.min(LARGEST_LAYERS))
                    .map(|i| (i + 1) % interval != 0)
                    .collect(),
            )
        }
        _ => None,
    };
    let local_base = top.number_where(&["rope_local_base_freq"], Rule::Base)?;
    let mut types = match top.get(&["layer_types"]) {
        Some((list, field)) => Some(names(list, &field)?),
        None => None,
    };
    if types.is_none() {
        if let Some(rotates) = &rotates {
            types = Some(
                rotates
                    .iter()
                    .map(|&r| if r { "chunked_attention" } else { FULL }.to_string())
                    .collect(),
            );
        } else if local_base.is_some() || given(map, "sliding_window_pattern") {
            let pattern = top.count(&["sliding_window_pattern"])?.unwrap_or(6);
            if let Some(count) = layer_count()? {
                types = Some(
                    (0..count.min(LARGEST_LAYERS))
                        .map(|i| {
                            if (i + 1) % pattern != 0 {
                                SLIDING
                            } else {
                                FULL
                            }
                            .to_string()
                        })
                        .collect(),
                );
            }
        }
    }
    // A dict keyed by layer types: one rotation per type (transformers 5 only; 4 reads no
    // `rope_parameters` and one `rope_scaling` for every layer).
    let typed = top
        .get(&["rope_parameters", "rope_scaling"])
        .filter(|_| rules == Transformers::V5)
        .and_then(|(dict, _)| dict.as_object())
        .filter(|dict| {
            !dict.is_empty()
                && types
                    .as_ref()
                    .is_some_and(|types| dict.keys().all(|key| types.contains(key)))
        });

    let Some(types) = types else {
        return read_value(value, path, plain());
    };
    // Layer types this reader does not model (a per-type rope_parameters entry models its own):
    // they get the main rotation here, and say so.
    let mut unknown: Vec<(String, usize)> = Vec::new();
    for (layer, name) in types.iter().enumerate().take(LARGEST_LAYERS) {
        let rotates = rotates
            .as_ref()
            .is_none_or(|r| r.get(layer).copied().unwrap_or(true));
        let modelled = [FULL, SLIDING, "chunked_attention"].contains(&name.as_str())
            || typed.is_some_and(|dict| dict.contains_key(name))
            || !rotates;
        if !modelled {
            match unknown.iter_mut().find(|(n, _)| n == name) {
                Some((_, count)) => *count += 1,
                None => unknown.push((name.clone(), 1)),
            }
        }
    }
    let unknown_notes = || {
        unknown
            .iter()
            .map(|(name, count)| Note::UnknownLayerType {
                name: name.clone(),
                count: *count,
            })
            .collect::<Vec<_>>()
    };
    let rotates = rotates.take().unwrap_or_else(|| vec![true; types.len()]);
    let count = match layer_count()? {
        Some(count) => count.min(LARGEST_LAYERS),
        None => types.len().max(rotates.len()),
    };
    let source_of = |layer: usize| -> Option<Source> {
        let name = types.get(layer).map(String::as_str).unwrap_or(FULL);
        if !rotates.get(layer).copied().unwrap_or(true) {
            None
        } else if typed.is_some() {
            Some(Source::Typed(name.to_string()))
        } else {
            match local_base {
                Some(base) if name == SLIDING => Some(Source::Local(base)),
                _ => Some(Source::Main),
            }
        }
    };
    // Group the layers by where their rotation comes from, in the order they first appear.
    let mut groups: Vec<(Option<Source>, String, Vec<usize>)> = Vec::new();
    for layer in 0..count {
        let source = source_of(layer);
        match groups.iter_mut().find(|(s, _, _)| *s == source) {
            Some((_, _, layers)) => layers.push(layer),
            None => {
                let name = types
                    .get(layer)
                    .cloned()
                    .unwrap_or_else(|| FULL.to_string());
                groups.push((source, name, vec![layer]));
            }
        }
    }
    if groups.len() < 2 {
        let mut read = read_value(value, path, plain())?;
        read.notes.extend(unknown_notes());
        return Ok(read);
    }

    // Python reads it as a truth value: Llama 4's shipped configs write 4.
    let temperature = match top.get(&["attn_temperature_tuning"]) {
        Some((flag, field)) => flag
            .as_bool()
            .or_else(|| flag.as_f64().map(|n| n != 0.0))
            .ok_or(ConfigError::WrongType {
                field,
                expected: Expected::TrueOrFalse,
            })?,
        None => model_type == "llama4_text",
    }
    .then(|| -> Result<QueryTemperature, ConfigError> {
        Ok(QueryTemperature {
            floor_scale: top
                .number_where(&["floor_scale"], Rule::Positive)?
                .unwrap_or(8192.0),
            attn_scale: top
                .number_where(&["attn_scale"], Rule::Positive)?
                .unwrap_or(0.1),
        })
    })
    .transpose()?;

    let scaling_path = |name: &str| {
        let key = if given(map, "rope_parameters") {
            "rope_parameters"
        } else {
            "rope_scaling"
        };
        format!("{}.{name}", top.name(key))
    };
    let mut notes: Vec<Note> = unknown_notes();
    let mut kinds = Vec::new();
    for (source, name, layers) in groups {
        let read = match &source {
            None => None,
            Some(Source::Main) => Some(read_value(value, path, plain())?),
            Some(Source::Local(base)) => Some(read_value(
                value,
                path,
                Overrides {
                    scaling: Some(None),
                    base: Some(*base),
                    rules,
                },
            )?),
            Some(Source::Typed(kind)) => {
                let dict = typed
                    .and_then(|d| d.get(kind))
                    .ok_or_else(|| ConfigError::Missing {
                        field: scaling_path(kind),
                    })?;
                let mut dict = dict
                    .as_object()
                    .ok_or_else(|| ConfigError::NotObject {
                        field: scaling_path(kind),
                    })?
                    .clone();
                // Gemma 3: a `rope_scaling` beside the per-type dict updates the full layers'.
                if kind == FULL
                    && given(map, "rope_parameters")
                    && let Some(scaling) = map.get("rope_scaling").and_then(Value::as_object)
                {
                    dict.extend(scaling.clone());
                }
                let own_base = given(&dict, "rope_theta");
                Some(read_value(
                    value,
                    path,
                    Overrides {
                        scaling: Some(Some((&dict, scaling_path(kind)))),
                        base: local_base.filter(|_| kind == SLIDING && !own_base),
                        rules,
                    },
                )?)
            }
        };
        if let Some(read) = &read {
            for note in &read.notes {
                if !notes.contains(note) {
                    notes.push(note.clone());
                }
            }
        }
        let rotates = read.is_some();
        kinds.push(LayerKind {
            name,
            layers,
            rope: read.map(|r| r.config),
            temperature: temperature.filter(|_| !rotates),
        });
    }
    let shown = kinds
        .iter()
        .position(|k| k.rope.is_some() && k.name == FULL)
        .or_else(|| kinds.iter().position(|k| k.rope.is_some()))
        .ok_or_else(|| ConfigError::Missing {
            field: format!(
                "{} (every layer is without RoPE)",
                top.name("no_rope_layers")
            ),
        })?;
    let config = kinds[shown].rope.clone().expect("a kind that rotates");
    let without = kinds
        .iter()
        .filter(|k| k.rope.is_none())
        .map(|k| k.layers.len())
        .sum::<usize>();
    if without > 0 {
        notes.push(Note::NoRopeLayers {
            count: without,
            of: count,
        });
    }
    let rotating = kinds.iter().filter(|k| k.rope.is_some()).count();
    if rotating > 1 {
        notes.push(Note::LayerKinds {
            kinds: rotating,
            shown: kinds[shown].name.clone(),
        });
    }
    Ok(Read {
        config,
        notes,
        layers: kinds,
        rules,
    })
}

/// `no_rope_layers`: one number per layer, 0 for a layer without RoPE.
fn flags(list: &Value, field: &str) -> Result<Vec<bool>, ConfigError> {
    per_layer(list, field, Expected::ListOfNumbers, |flag| {
        flag.as_f64().map(|f| f != 0.0)
    })
}

/// `layer_types`: one name per layer.
fn names(list: &Value, field: &str) -> Result<Vec<String>, ConfigError> {
    per_layer(list, field, Expected::ListOfText, |name| {
        name.as_str().map(|n| n.chars().take(40).collect())
    })
}

/// A list with one entry per layer, each read by `read`, at most `LARGEST_LAYERS` long.
fn per_layer<T>(
    list: &Value,
    field: &str,
    expected: Expected,
    read: impl Fn(&Value) -> Option<T>,
) -> Result<Vec<T>, ConfigError> {
    let wrong = || ConfigError::WrongType {
        field: field.to_string(),
        expected,
    };
    let items = list.as_array().ok_or_else(wrong)?;
    if items.len() > LARGEST_LAYERS {
        return Err(ConfigError::TooManyLayers {
            field: field.to_string(),
            got: items.len(),
        });
    }
    items
        .iter()
        .map(|item| read(item).ok_or_else(wrong))
        .collect()
}
