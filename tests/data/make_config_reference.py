#!/usr/bin/env python3
"""Float64 references for the shipped configs in tests/data/configs/ (tests/real_configs.rs).

For each config and each release line of transformers whose RoPE rules differ (4.51-4.55,
4.56-4.57, 5.x), this computes every kind of layer's inverse frequencies and attention factor as
the model is loaded, or records that that line stops with an error, following transformers' own
rules as docs/sources.md cites them ("transformers 4 and 5", "Configs as they ship", "RoPE
scaling"): modeling_rope_utils.py's _compute_*_parameters, standardize_rope_params, and the
configuration classes' defaults (Gemma3TextConfig, Llama4TextConfig, the DeepSeek ones). It is
written from those rules, not from this crate, in plain Python floats.

    python3 tests/data/make_config_reference.py          # rewrites tests/data/real_configs.json
    python3 tests/data/make_config_reference.py --check  # exits 1 if the file is not what it computes
"""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = os.path.join(HERE, "configs")
OUTPUT = os.path.join(HERE, "real_configs.json")
LINES = ["4.55", "4.57", "5"]


class Stops(Exception):
    """transformers raises on this config."""


# Gemma3TextConfig's defaults for the fields its shipped multimodal configs leave out.
GEMMA3_TEXT_DEFAULTS = {
    "head_dim": 256,
    "num_attention_heads": 8,
    "num_hidden_layers": 26,
    "max_position_embeddings": 131072,
    "rope_theta": 1000000.0,
    "rope_local_base_freq": 10000.0,
}


def given(d, key):
    return d.get(key) is not None


def text_config(config):
    """get_text_config(): the nested language model when the top level has no head width."""
    if any(given(config, k) for k in ("head_dim", "hidden_size", "qk_rope_head_dim")):
        return dict(config)
    nested = config.get("text_config")
    if isinstance(nested, dict):
        model = dict(nested)
        model_type = model.get("model_type") or (config.get("model_type", "") + "_text")
        if model_type == "gemma3_text":
            for key, value in GEMMA3_TEXT_DEFAULTS.items():
                model.setdefault(key, value)
        return model
    return dict(config)


def head_dim(c):
    # DeepSeek-V2/V3 (and the models built on them) set head_dim = qk_rope_head_dim.
    if given(c, "qk_rope_head_dim"):
        return c["qk_rope_head_dim"]
    if given(c, "head_dim"):
        return c["head_dim"]
    return c["hidden_size"] // c["num_attention_heads"]


def inv_freq_plain(base, dim):
    return [1.0 / base ** (j / dim) for j in range(0, dim, 2)]


def mscale(s, k=1.0):
    return 1.0 if s <= 1 else 0.1 * k * math.log(s) + 1.0


def rope_dict(c, line):
    """The dict a line reads its scaling from: 4.x only rope_scaling, 5 also rope_parameters."""
    if line == "5":
        for key in ("rope_scaling", "rope_parameters"):
            if given(c, key):
                return c[key]
        return None
    return c.get("rope_scaling")


def compute(c, params, line, local_base=None):
    """(inv_freq, attention_factor) of one rotation: `params` is its scaling dict (or None)."""
    params = dict(params or {})
    # GPT-J's spelling of the rotated width of a head: rotary_dim (its attention rotates that many).
    rotary = c.get("rotary_dim") and c["rotary_dim"] / head_dim(c)
    if line == "5":
        base = params.get("rope_theta") or local_base or c.get("rope_theta") or 10000.0
        share = c.get("partial_rotary_factor") or rotary or params.get("partial_rotary_factor") or 1.0
    else:
        base = local_base or c.get("rope_theta") or 10000.0
        share = c.get("partial_rotary_factor") or rotary or 1.0
    dim = int(head_dim(c) * share)
    kind = params.get("rope_type", params.get("type", "default"))
    if kind == "su":
        kind = "longrope"
    if kind in ("default", "mrope"):
        return inv_freq_plain(base, dim), 1.0
    max_len = c["max_position_embeddings"]
    top_original = c.get("original_max_position_embeddings")
    dict_original = params.get("original_max_position_embeddings")
    if kind == "linear":
        return [t / params["factor"] for t in inv_freq_plain(base, dim)], 1.0
    if kind == "dynamic":
        factor = params["factor"]
        grown = base * (factor * max_len / max_len - (factor - 1)) ** (dim / (dim - 2))
        return inv_freq_plain(grown, dim), 1.0
    if kind == "llama3":
        factor = params["factor"]
        low, high = params["low_freq_factor"], params["high_freq_factor"]
        old = (top_original or dict_original) if line == "5" else dict_original
        if old is None:
            raise Stops("original_max_position_embeddings missing from rope_scaling")
        out = []
        for t in inv_freq_plain(base, dim):
            wavelen = 2 * math.pi / t
            if wavelen < old / high:
                out.append(t)
            elif wavelen > old / low:
                out.append(t / factor)
            else:
                smooth = (old / wavelen - low) / (high - low)
                out.append((1 - smooth) * t / factor + smooth * t)
        return out, 1.0
    # transformers 5 (standardize_rope_params): the top-level trained length first, and a factor
    # left out is the ratio of the lengths.
    v5_original = top_original or dict_original or max_len
    v5_factor = params.get("factor") or max_len / v5_original
    if kind == "yarn":
        factor = params.get("factor")
        if line == "5":
            original, factor = v5_original, v5_factor
        else:
            if factor is None:
                raise Stops("factor is None")
            original = dict_original or max_len
            if line == "4.55" and dict_original is not None:
                factor = max_len / dict_original
        attention = params.get("attention_factor")
        ms, ms_all = params.get("mscale"), params.get("mscale_all_dim")
        if attention is None:
            if ms and ms_all:
                attention = mscale(factor, ms) / mscale(factor, ms_all)
            else:
                attention = mscale(factor)
        beta_fast = params.get("beta_fast") or 32
        beta_slow = params.get("beta_slow") or 1

        def turning(turns):
            return dim * math.log(original / (turns * 2 * math.pi)) / (2 * math.log(base))

        lo, hi = turning(beta_fast), turning(beta_slow)
        if params.get("truncate", True):
            lo, hi = math.floor(lo), math.ceil(hi)
        lo, hi = max(lo, 0), min(hi, dim - 1)
        if lo == hi:
            hi += 0.001
        out = []
        for i, j in enumerate(range(0, dim, 2)):
            pos_freq = base ** (j / dim)
            ramp = min(max((i - lo) / (hi - lo), 0.0), 1.0)
            extrapolation = 1 - ramp
            out.append((1.0 / (factor * pos_freq)) * (1 - extrapolation) + (1.0 / pos_freq) * extrapolation)
        return out, attention
    if kind == "longrope":
        factor = params.get("factor")
        if line == "5":
            original, factor = v5_original, v5_factor
        else:
            if top_original:
                original = top_original
                factor = max_len / top_original
            else:
                original = max_len
        attention = params.get("attention_factor")
        if attention is None:
            if factor is None:
                raise Stops("factor is None")
            attention = 1.0 if factor <= 1.0 else math.sqrt(1 + math.log(factor) / math.log(original))
        short = params["short_factor"]  # as loaded: no sequence length yet
        return [1.0 / (f * base ** (j / dim)) for f, j in zip(short, range(0, dim, 2))], attention
    raise Stops("unknown type " + kind)


def layer_kinds(c, line):
    """[(name, layers, rotation or None)] where the layers differ; [] where they are alike."""
    n = c.get("num_hidden_layers")
    model_type = c.get("model_type", "")
    rotates = None
    if isinstance(c.get("no_rope_layers"), list) and c["no_rope_layers"]:
        rotates = [bool(x) for x in c["no_rope_layers"]]
    elif given(c, "no_rope_layer_interval") or model_type == "llama4_text":
        interval = c.get("no_rope_layer_interval") or 4
        rotates = [(i + 1) % interval != 0 for i in range(n)]
    local = c.get("rope_local_base_freq")
    types = c.get("layer_types")
    if types is None and rotates is not None:
        types = ["chunked_attention" if r else "full_attention" for r in rotates]
    if types is None and (local is not None or given(c, "sliding_window_pattern")):
        pattern = c.get("sliding_window_pattern") or 6
        types = ["sliding_attention" if (i + 1) % pattern else "full_attention" for i in range(n)]
    if types is None:
        return []
    rotates = rotates or [True] * len(types)
    d = rope_dict(c, line) if line == "5" else None
    typed = d if isinstance(d, dict) and d and all(k in types for k in d) else None
    groups = []  # [source, name, layers]
    for i in range(n or len(types)):
        name = types[i] if i < len(types) else "full_attention"
        if not (rotates[i] if i < len(rotates) else True):
            source = None
        elif typed is not None:
            source = ("typed", name)
        elif local is not None and name == "sliding_attention":
            source = ("local", local)
        else:
            source = ("main",)
        for g in groups:
            if g[0] == source:
                g[2].append(i)
                break
        else:
            groups.append([source, name, [i]])
    if len(groups) < 2:
        return []
    kinds = []
    for source, name, layers in groups:
        if source is None:
            rotation = None
        elif source[0] == "main":
            rotation = compute(c, rope_dict(c, line), line)
        elif source[0] == "local":
            rotation = compute(c, None, line, local_base=source[1])
        else:
            params = dict(typed[source[1]])
            if source[1] == "full_attention" and given(c, "rope_parameters") and isinstance(c.get("rope_scaling"), dict):
                params.update(c["rope_scaling"])
            own = given(params, "rope_theta")
            base = local if (source[1] == "sliding_attention" and not own) else None
            rotation = compute(c, params, line, local_base=base)
        kinds.append((name, layers, rotation))
    return kinds


def reference(config, line):
    c = text_config(config)
    try:
        kinds = layer_kinds(c, line)
        if not kinds:
            kinds = [("all", list(range(c.get("num_hidden_layers") or 0)), compute(c, rope_dict(c, line), line))]
    except Stops:
        return {"stops": True}
    return {
        "kinds": [
            {
                "kind": name,
                "layers": layers,
                "rope": rotation is not None,
                "inv_freq": rotation[0] if rotation else None,
                "attention_factor": rotation[1] if rotation else None,
            }
            for name, layers, rotation in kinds
        ]
    }


def build():
    cases = []
    for name in sorted(os.listdir(CONFIGS)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(CONFIGS, name)) as f:
            config = json.load(f)
        cases.append({"file": name, "by": {line: reference(config, line) for line in LINES}})
    return {
        "about": "Written by tests/data/make_config_reference.py from transformers' rules (see its docstring); "
        "do not edit by hand. Sources of the configs: docs/sources.md, 'Shipped configs'.",
        "cases": cases,
    }


def main():
    text = json.dumps(build(), indent=1) + "\n"
    if "--check" in sys.argv[1:]:
        with open(OUTPUT) as f:
            if f.read() != text:
                print("tests/data/real_configs.json is not what make_config_reference.py computes: run it", file=sys.stderr)
                return 1
        print("tests/data/real_configs.json: current (%d configs)" % len(json.loads(text)["cases"]))
        return 0
    with open(OUTPUT, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
