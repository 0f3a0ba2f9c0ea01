#!/usr/bin/env python3
"""Regenerate the reference values in tests/data/ from the published formulas.

Run from the repository root (or anywhere):

    python3 tests/data/make_reference.py            # rewrite the files next to this script
    python3 tests/data/make_reference.py OUT_DIR    # write them somewhere else (to compare)

Everything is computed in float64 with Python / NumPy, independently of the project's Rust code,
so that tests/reference.rs and tests/pe_csv.rs check the Rust code against something it did not
produce. The output is deterministic: running the script again gives the same bytes (the RoPE
query / key vectors come from numpy.random.default_rng(7)). On another CPU, NumPy's vectorised
pow / sin / cos may land 1 ulp away for a few entries of rotation.json (last digit of a
17-digit value), far below every tolerance the tests use.

Formulas (d_model = d, base = B = 10000, pair index i = 0 .. d/2 - 1):

  Sinusoidal encoding, Vaswani et al. 2017, "Attention Is All You Need", section 3.5:
      ω_i            = B^(−2i/d)
      PE(pos, 2i)    = sin(pos · ω_i)
      PE(pos, 2i+1)  = cos(pos · ω_i)
  i.e. the interleaved layout of the paper: column j uses ω_⌊j/2⌋, sine on even j, cosine on odd j.

  Relative position as a rotation (same paper: "PE(pos+k) can be represented as a linear function
  of PE(pos)"). For an offset k, pair i rotates by β_i = k · ω_i:
      M_k,i = [[ cos β_i, −sin β_i],
               [ sin β_i,  cos β_i]]
      M_k,i · (cos(pos·ω_i), sin(pos·ω_i))ᵀ = (cos((pos+k)·ω_i), sin((pos+k)·ω_i))ᵀ
  on the pair taken as (cos, sin) = (PE(pos, 2i+1), PE(pos, 2i)), RoPE's sign pattern.

  Rotary position embedding (RoPE), Su et al. 2021, "RoFormer", interleaved pairs:
      θ_i = B^(−2i/d)
      (x_2i, x_2i+1) at position m  ->  (x_2i·cos(mθ_i) − x_2i+1·sin(mθ_i),
                                          x_2i·sin(mθ_i) + x_2i+1·cos(mθ_i))
      score(m, n) = rot(q, m) · rot(k, n), which depends only on m − n.

  ALiBi head slopes, Press et al. 2022, "Train Short, Test Long", section 3 and its reference code:
      n a power of two:  slope_h = 2^(−8h/n), h = 1 .. n  (geometric, start = ratio = 2^(−8/n))
      otherwise:         with p = the largest power of two below n, the p slopes for p heads,
                         then every other slope for 2p heads (indices 0, 2, 4, ...), the first
                         n − p of them.

  The cyclic shift and circulant mixings (Gray 2006, "Toeplitz and Circulant Matrices: A Review",
  §3.1): on N positions, (S x)_t = x_{(t−1) mod N}; a mixing by offset, A[t, s] = h[(t − s) mod N],
  commutes with S and has the eigenvalues H(f) = Σ_d h[d] e^{−2πi f d/N}, numpy's fft(h).

  One RoPE pair as a complex number (RoFormer §3.4.1, eqs. (33), (35)): q_m = q·e^{imθ}, and the
  pair's score is Re(q_m · conj(k_n)).

  T5's relative-position buckets (Raffel et al. 2020 §2.1; the reference code's
  _relative_position_bucket, Mesh TensorFlow and Hugging Face T5Attention): relative position
  key − query; bidirectional: half the buckets for keys after the query, on |key − query|; causal:
  max(query − key, 0); of B buckets the first B/2 exact, then B/2 + ⌊ln(n/(B/2)) /
  ln(max_distance/(B/2)) · (B − B/2)⌋ in float32, at most B − 1.

  A linear model over positions: min ‖Xc − y‖² + λ‖c‖², solved as the least squares of
  the stacked system [X; √λ·I] c ≈ [y; 0].

  RoPE past its training length (Hugging Face transformers' modeling_rope_utils.py, read there;
  docs/sources.md "RoPE scaling"), rotary dimension d = int(head_dim · partial_rotary_factor),
  θ_i = b^(−2i/d), s the factor, L₀ the training length:
      linear:   θ_i / s
      ntk:      (b·s^(d/(d−2)))^(−2i/d)
      dynamic:  (b·(s·L/L₀ − (s − 1))^(d/(d−2)))^(−2i/d), L = max(seq_len, L₀), L₀ = max_position_embeddings
      yarn:     c(r) = d·ln(L₀/(2πr))/(2 ln b); low = max(⌊c(β_fast)⌋, 0), high = min(⌈c(β_slow)⌉, d − 1);
                ρ_i = clip((i − low)/(high − low), 0, 1); θ_i·(1 − ρ_i) + θ_i/s·ρ_i;
                attention factor 0.1·ln s + 1 (or as given, or DeepSeek's mscale ratio)
      llama3:   λ_i = 2π/θ_i; λ_i > L₀/low_ff: θ_i/s; λ_i < L₀/high_ff: θ_i; else
                σ = (L₀/λ_i − low_ff)/(high_ff − low_ff), (1 − σ)·θ_i/s + σ·θ_i
      longrope: 1/(f_i·b^(2i/d)), f = long_factor if a seq_len is given and > L₀ else short_factor;
                attention factor √(1 + ln s/ln L₀)

Files written (schemas in tests/data/README.md):
  sinusoidal_len{L}_d{D}_base10000.csv  for (L, D) in (8, 4), (50, 16), (64, 512)
  rotation.json                          cases (d_model, pos, k) = (16, 10, 3), (512, 10, 3)
  rope_interleaved.json                  d = 8 and 64, (m, n) = (0,0), (5,2), (105,102), (40,7);
                                         q, k ~ N(0, 1) from default_rng(7): q8, k8, q64, k64
  alibi_slopes.json                      8 and 12 heads
  shift_operator.json                    N = 16: window and decay kernels, their FFT, ‖AS − SA‖
  rope_complex.json                      three (θ, m, n) cases, q, k from default_rng(11)
  basis_fit.json                         ridge least squares over 64 positions, 3 cases
  t5_buckets.json                        T5's buckets of −300 … 300, both variants, 3 settings
  rope_2d.json                           2-D RoPE scores of random q, k at pairs of patches, d = 128
"""

import json
import math
import os
import sys

import numpy as np

BASE = 10000.0

SINUSOIDAL_SIZES = [(8, 4), (50, 16), (64, 512)]  # (length, d_model)
ROTATION_CASES = [(16, 10, 3), (512, 10, 3)]  # (d_model, pos, k)
ROPE_DIMS = [8, 64]
ROPE_POSITIONS = [(0, 0), (5, 2), (105, 102), (40, 7)]  # (m, n); offset 3 twice
ROPE_SEED = 7
ALIBI_HEADS = [8, 12]


def omega(i, d_model, base=BASE):
    """ω_i = base^(−2i/d_model) for one pair, as a Python float (C library pow)."""
    return base ** (-2 * i / d_model)


def omegas(d_model, base=BASE):
    """All ω_i = base^(−2i/d_model) at once, with NumPy's array power.

    NumPy's vectorised pow may differ from the scalar one in the last bit (≤ 1 ulp) for a few i;
    the PE vectors below use this form and the angles β and m·θ use the scalar one, which is what
    reproduces the committed files bit for bit.
    """
    return base ** (-2 * np.arange(d_model // 2) / d_model)


def pe_vector(pos, d_model, base=BASE):
    """PE(pos), interleaved: (sin(pos·ω_0), cos(pos·ω_0), sin(pos·ω_1), ...)."""
    angles = pos * omegas(d_model, base)
    v = np.empty(d_model, dtype=np.float64)
    v[0::2] = np.sin(angles)
    v[1::2] = np.cos(angles)
    return v


def sinusoidal(length, d_model, base=BASE):
    """The (length × d_model) matrix, interleaved: sin on even columns, cos on odd ones."""
    angles = np.arange(length, dtype=np.float64)[:, None] * omegas(d_model, base)[None, :]
    pe = np.empty((length, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe


def rotation_case(d_model, pos, k, base=BASE):
    pe_pos, pe_pos_k = pe_vector(pos, d_model, base), pe_vector(pos + k, d_model, base)
    pairs = []
    for i in range(d_model // 2):
        w = omega(i, d_model, base)
        beta = k * w
        c, s = math.cos(beta), math.sin(beta)
        pairs.append(
            {
                "i": i,
                "beta": beta,
                "matrix": [[c, -s], [s, c]],
                # (cos, sin): the point turns counter-clockwise, as RoPE's pairs do.
                "pe_pos": [pe_pos[2 * i + 1], pe_pos[2 * i]],
                "pe_pos_k": [pe_pos_k[2 * i + 1], pe_pos_k[2 * i]],
            }
        )
    return {"d_model": d_model, "pos": pos, "k": k, "pairs": pairs}


def rope_rotate(x, m, base=BASE):
    """Rotate the interleaved pairs (2i, 2i+1) of x by m·θ_i."""
    d = len(x)
    out = np.empty(d, dtype=np.float64)
    for i in range(d // 2):
        a = m * omega(i, d, base)
        c, s = math.cos(a), math.sin(a)
        x0, x1 = x[2 * i], x[2 * i + 1]
        out[2 * i] = x0 * c - x1 * s
        out[2 * i + 1] = x0 * s + x1 * c
    return out


def rope_cases():
    rng = np.random.default_rng(ROPE_SEED)
    cases = []
    for d in ROPE_DIMS:
        q = rng.standard_normal(d)
        k = rng.standard_normal(d)
        for m, n in ROPE_POSITIONS:
            q_rot, k_rot = rope_rotate(q, m), rope_rotate(k, n)
            cases.append(
                {
                    "d": d,
                    "q": q.tolist(),
                    "k": k.tolist(),
                    "m": m,
                    "n": n,
                    "q_rot": q_rot.tolist(),
                    "k_rot": k_rot.tolist(),
                    "dot": float(np.dot(q_rot, k_rot)),
                }
            )
    return cases


def alibi_slopes(n):
    """Press et al.'s rule: 2^(−8h/n) for powers of two, interleaved fill-in otherwise."""

    def power_of_two(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))  # 2^(−8/n)
        ratio = start
        return [start * ratio**h for h in range(n)]  # 2^(−8(h+1)/n)

    if math.log2(n).is_integer():
        return power_of_two(n)
    p = 2 ** math.floor(math.log2(n))
    return power_of_two(p) + alibi_slopes(2 * p)[0::2][: n - p]


SHIFT_N = 16


def circular_distance(d, n):
    return min(d, n - d)


def window_kernel(half_width, n):
    """Mean over the offsets within half_width of 0 on the circle."""
    h = np.array([1.0 if circular_distance(d, n) <= half_width else 0.0 for d in range(n)])
    return h / h.sum()


def decay_kernel(slope, n):
    """Weights exp(−slope·dist(d)), normalised to sum 1."""
    h = np.array([math.exp(-slope * circular_distance(d, n)) for d in range(n)])
    return h / h.sum()


def shift_cases():
    """Circulant mixings against the cyclic shift S, (S x)_t = x_{t−1 mod N}: S as a permutation
    matrix (np.roll of the identity), the circulant matrix A_{t,s} = h[(t − s) mod N] built with
    explicit indices, np.fft.fft(h) as the frequency response, and ‖AS − SA‖_F for a circulant
    and for a random matrix (numpy.random.default_rng(7))."""
    n = SHIFT_N
    shift = np.roll(np.eye(n), 1, axis=0)
    cases = []
    for name, h in [("window2", window_kernel(2, n)), ("decay0.5", decay_kernel(0.5, n))]:
        a = np.array([[h[(t - s) % n] for s in range(n)] for t in range(n)])
        response = np.fft.fft(h)
        cases.append(
            {
                "kernel": name,
                "h": h.tolist(),
                "response_re": response.real.tolist(),
                "response_im": response.imag.tolist(),
                "commutator": float(np.linalg.norm(a @ shift - shift @ a)),
            }
        )
    matrix = np.random.default_rng(7).normal(size=(n, n))
    return {
        "n": n,
        "kernels": cases,
        "random_matrix": matrix.flatten().tolist(),
        "random_commutator": float(np.linalg.norm(matrix @ shift - shift @ matrix)),
    }


def rope_complex_cases():
    """One RoPE pair as a complex number (RoFormer §3.4.1): the score Re(q e^{imθ} conj(k e^{inθ}))
    computed with numpy's complex type, for seeded q, k (numpy.random.default_rng(11))."""
    rng = np.random.default_rng(11)
    cases = []
    for theta, m, n in [(1.0, 5, 2), (0.01, 300, 17), (10000 ** (-0.5), 1000, 999)]:
        q, k = rng.normal(size=2), rng.normal(size=2)
        zq, zk = complex(q[0], q[1]), complex(k[0], k[1])
        score = (zq * np.exp(1j * m * theta) * np.conj(zk * np.exp(1j * n * theta))).real
        cases.append({"q": q.tolist(), "k": k.tolist(), "theta": theta, "m": m, "n": n, "score": float(score)})
    return cases


FIT_RIDGE = 1e-9


def fit_target(name, t):
    if name == "square16":
        return np.where(np.mod(t, 16.0) < 8.0, 1.0, -1.0)
    if name == "chirp12":  # period 12, span 64
        return np.sin(2 * np.pi * t / 12.0 * (1 + t / (2 * 64.0)))
    raise ValueError(name)


def basis_fit_cases():
    """Least squares with a ridge over positions 0 … 63 (the basis lab's linear model): features 1,
    sin(ω_i t), cos(ω_i t) for the first m pairs of d_model 16, base 10000; numpy's lstsq of the
    stacked system [X; √λ I] c ≈ [y; 0], λ = 1e-9; predictions over 0 … 127."""
    t = np.arange(128, dtype=float)
    cases = []
    for target, pairs in [("square16", 4), ("chirp12", 2), ("square16", 8)]:
        columns = [np.ones_like(t)]
        for i in range(pairs):
            w = omega(i, 16)
            columns += [np.sin(w * t), np.cos(w * t)]
        x = np.stack(columns, axis=1)
        y = fit_target(target, t)
        stacked = np.vstack([x[:64], math.sqrt(FIT_RIDGE) * np.eye(x.shape[1])])
        rhs = np.concatenate([y[:64], np.zeros(x.shape[1])])
        c, *_ = np.linalg.lstsq(stacked, rhs, rcond=None)
        cases.append({"target": target, "pairs": pairs, "predictions": (x @ c).tolist()})
    return cases

def t5_bucket(relative_position, bidirectional, num_buckets, max_distance):
    """T5's _relative_position_bucket (Mesh TensorFlow; Hugging Face T5Attention), written out for
    one relative position (key − query), with the logarithm in float32 as the reference code."""
    offset = 0
    if bidirectional:
        num_buckets //= 2
        if relative_position > 0:
            offset = num_buckets
        n = abs(relative_position)
    else:
        n = -min(relative_position, 0)
    max_exact = num_buckets // 2
    if n < max_exact:
        return offset + n
    ratio = np.float32(n) / np.float32(max_exact)
    steps = np.log(ratio) / np.float32(math.log(max_distance / max_exact)) * np.float32(num_buckets - max_exact)
    return offset + min(max_exact + int(steps), num_buckets - 1)


def t5_bucket_cases():
    """Buckets of every relative position −300 … 300 for both variants and three settings."""
    cases = []
    for num_buckets, max_distance in [(32, 128), (20, 50), (8, 1000)]:
        for bidirectional in [True, False]:
            cases.append(
                {
                    "num_buckets": num_buckets,
                    "max_distance": max_distance,
                    "bidirectional": bidirectional,
                    "first": -300,
                    "buckets": [t5_bucket(r, bidirectional, num_buckets, max_distance) for r in range(-300, 301)],
                }
            )
    return cases


def rotate_half(x):
    half = len(x) // 2
    return np.concatenate([-x[half:], x[:half]])


def rope_2d_angles(scheme, d, base, columns, row, column, sections=(16, 24, 24)):
    """The d angles (cos/sin arguments over the whole head, emb = cat(freqs, freqs)) of a patch,
    as Hugging Face's Qwen2-VL code builds them: the vision encoder's axial rot_pos_emb
    (VisionRotaryEmbedding(d // 2) at the row, then at the column), the language model's
    sectioned cos (split by mrope_section * 2, chunk c from t/h/w = c % 3; an image's time
    index 0), or the grid flattened to position row·columns + column with the usual inverse
    frequencies."""
    if scheme == "axial":
        dim = d // 2
        inv = 1.0 / base ** (np.arange(0, dim, 2, dtype=np.float64) / dim)
        freqs = np.concatenate([row * inv, column * inv])
        return np.concatenate([freqs, freqs])
    inv = 1.0 / base ** (np.arange(0, d, 2, dtype=np.float64) / d)
    if scheme == "flattened":
        freqs = (row * columns + column) * inv
        return np.concatenate([freqs, freqs])
    positions = [0.0, row, column]
    emb = np.concatenate([inv, inv])
    chunks, start = [], 0
    for c, size in enumerate(list(sections) * 2):
        chunks.append(positions[c % 3] * emb[start:start + size])
        start += size
    return np.concatenate(chunks)


def rope_2d_score(scheme, q, k, base, columns, at_q, at_k, sections):
    d = len(q)
    a = rope_2d_angles(scheme, d, base, columns, *at_q, sections)
    b = rope_2d_angles(scheme, d, base, columns, *at_k, sections)
    q_embed = q * np.cos(a) + rotate_half(q) * np.sin(a)
    k_embed = k * np.cos(b) + rotate_half(k) * np.sin(b)
    return float(q_embed @ k_embed)


def rope_2d_cases():
    """Scores of random q, k (default_rng(20)) at pairs of patches, each scheme, d = 128."""
    rng = np.random.default_rng(20)
    cases = []
    for scheme, base, sections in [("axial", 10000.0, None), ("sections", 1e6, (16, 24, 24)),
                                   ("sections", 10000.0, (4, 40, 20)), ("flattened", 10000.0, None)]:
        q, k = rng.standard_normal(128), rng.standard_normal(128)
        pairs = [((0, 0), (0, 0)), ((3, 5), (7, 2)), ((11, 0), (0, 11)), ((2, 9), (9, 9))]
        cases.append({
            "scheme": scheme, "base": base, "columns": 12,
            "sections": list(sections) if sections else None,
            "q": q.tolist(), "k": k.tolist(),
            "pairs": [[list(a), list(b)] for a, b in pairs],
            "scores": [rope_2d_score(scheme, q, k, base, 12, a, b, sections) for a, b in pairs],
        })
    return cases


def rope_scaling_inv_freq(config, seq_len):
    """Independent NumPy version of the formulas above for one config dict (the reader's keys)."""
    base = config.get("rope_theta", config.get("rotary_emb_base"))
    scaling = config.get("rope_scaling") or config.get("rope_parameters") or {}
    if base is None:
        base = scaling.get("rope_theta", 10000.0)
    head_dim = config.get("head_dim") or config["hidden_size"] // config["num_attention_heads"]
    share = config.get("partial_rotary_factor", config.get("rotary_pct", scaling.get("partial_rotary_factor", 1.0)))
    d = int(head_dim * share)
    max_pos = config["max_position_embeddings"]
    seq = max_pos if seq_len is None else seq_len
    kind = scaling.get("rope_type", scaling.get("type", "default"))
    exponents = np.arange(0, d, 2, dtype=np.float64) / d
    theta = 1.0 / base ** exponents
    attention = 1.0
    if kind == "linear":
        theta = theta / scaling["factor"]
    elif kind == "ntk":
        theta = 1.0 / (base * scaling["factor"] ** (d / (d - 2))) ** exponents
    elif kind == "dynamic":
        s = scaling["factor"]
        length = max(seq, max_pos)
        theta = 1.0 / (base * (s * length / max_pos - (s - 1)) ** (d / (d - 2))) ** exponents
    elif kind == "yarn":
        s = scaling["factor"]
        trained = scaling.get("original_max_position_embeddings") or max_pos
        fast, slow = scaling.get("beta_fast", 32.0), scaling.get("beta_slow", 1.0)
        turns_at = lambda r: d * np.log(trained / (r * 2 * np.pi)) / (2 * np.log(base))
        low, high = turns_at(fast), turns_at(slow)
        if scaling.get("truncate", True):
            low, high = np.floor(low), np.ceil(high)
        low, high = max(low, 0), min(high, d - 1)
        if low == high:
            high += 0.001
        rho = np.clip((np.arange(d // 2, dtype=np.float64) - low) / (high - low), 0, 1)
        theta = theta * (1 - rho) + theta / s * rho
        m, m_all = scaling.get("mscale"), scaling.get("mscale_all_dim")
        grow = lambda k: 1.0 if s <= 1 else 0.1 * k * np.log(s) + 1.0
        attention = scaling.get("attention_factor", grow(m) / grow(m_all) if m and m_all else grow(1.0))
    elif kind == "llama3":
        s, lo, hi = scaling["factor"], scaling["low_freq_factor"], scaling["high_freq_factor"]
        trained = scaling["original_max_position_embeddings"]
        wavelength = 2 * np.pi / theta
        sigma = (trained / wavelength - lo) / (hi - lo)
        middle = (1 - sigma) * theta / s + sigma * theta
        theta = np.where(wavelength > trained / lo, theta / s, np.where(wavelength < trained / hi, theta, middle))
    elif kind == "longrope":
        if "original_max_position_embeddings" in config:
            trained = config["original_max_position_embeddings"]
            s = max_pos / trained
        else:
            trained, s = max_pos, scaling.get("factor", 1.0)
        # transformers 5: the long factors only for a given length past L₀ (none: short).
        long = seq_len is not None and seq_len > trained
        f = np.array(scaling["long_factor"] if long else scaling["short_factor"], dtype=np.float64)
        theta = 1.0 / (f * base ** exponents)
        attention = scaling.get("attention_factor", 1.0 if s <= 1 else np.sqrt(1 + np.log(s) / np.log(trained)))
    return [float(x) for x in theta], float(attention)


def rope_scaling_cases():
    """Configs of every type, partial rotary and dynamic at given lengths included."""
    rng = np.random.default_rng(19)
    phi = lambda n: [round(float(x), 6) for x in 1 + np.sort(rng.random(n)) * 30]
    llama = {"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_theta": 10000.0}
    configs = [
        ("default", llama, None),
        ("linear", {**llama, "rope_scaling": {"type": "linear", "factor": 4.0}}, None),
        ("ntk", {**llama, "rope_scaling": {"rope_type": "ntk", "factor": 8.0}}, None),
        ("dynamic below", {**llama, "rope_scaling": {"type": "dynamic", "factor": 4.0}}, 1000),
        ("dynamic at 3x", {**llama, "rope_scaling": {"type": "dynamic", "factor": 4.0}}, 12288),
        ("yarn qwen2.5", {"hidden_size": 3584, "num_attention_heads": 28, "max_position_embeddings": 32768,
                          "rope_theta": 1000000.0,
                          "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}}, None),
        ("yarn betas", {**llama, "rope_scaling": {"rope_type": "yarn", "factor": 16, "beta_fast": 16.0,
                                                    "beta_slow": 2.0, "attention_factor": 1.2}}, None),
        ("yarn untruncated mscale", {"head_dim": 64, "hidden_size": 7168, "num_attention_heads": 128,
                                     "max_position_embeddings": 163840, "rope_theta": 10000,
                                     "rope_scaling": {"type": "yarn", "factor": 40, "mscale": 1.0, "mscale_all_dim": 0.707,
                                                      "original_max_position_embeddings": 4096, "truncate": False}}, None),
        ("llama3", {"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072, "rope_theta": 500000.0,
                    "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                     "original_max_position_embeddings": 8192, "rope_type": "llama3"}}, None),
        ("longrope long", {"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
                           "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
                           "rope_scaling": {"type": "longrope", "short_factor": phi(48), "long_factor": phi(48)}}, 131072),
        ("longrope short", {"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
                            "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
                            "rope_scaling": {"type": "longrope", "short_factor": phi(48), "long_factor": phi(48)}}, 4096),
        ("longrope factor", {"head_dim": 16, "max_position_embeddings": 2048, "rope_theta": 10000.0,
                             "rope_scaling": {"rope_type": "longrope", "factor": 4.0, "short_factor": phi(8),
                                              "long_factor": phi(8)}}, 5000),
        ("partial neox", {"hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25, "rotary_emb_base": 10000,
                          "max_position_embeddings": 2048}, None),
        ("partial yarn", {"head_dim": 128, "partial_rotary_factor": 0.5, "max_position_embeddings": 8192,
                          "rope_theta": 50000.0, "rope_scaling": {"type": "yarn", "factor": 2.0}}, None),
        ("rope_parameters", {"head_dim": 64, "max_position_embeddings": 32768,
                             "rope_parameters": {"rope_type": "linear", "rope_theta": 1000000.0, "factor": 2.0}}, None),
    ]
    cases = []
    for name, config, seq_len in configs:
        inv_freq, attention = rope_scaling_inv_freq(config, seq_len)
        cases.append({"name": name, "config": config, "seq_len": seq_len, "inv_freq": inv_freq,
                      "attention_factor": attention})
    return cases


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=1)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    for length, d_model in SINUSOIDAL_SIZES:
        name = f"sinusoidal_len{length}_d{d_model}_base{int(BASE)}.csv"
        np.savetxt(os.path.join(out, name), sinusoidal(length, d_model), fmt="%.9f", delimiter=",")
    write_json(os.path.join(out, "rotation.json"), [rotation_case(*c) for c in ROTATION_CASES])
    write_json(os.path.join(out, "rope_interleaved.json"), rope_cases())
    write_json(os.path.join(out, "alibi_slopes.json"), {str(n): alibi_slopes(n) for n in ALIBI_HEADS})
    write_json(os.path.join(out, "shift_operator.json"), shift_cases())
    write_json(os.path.join(out, "rope_complex.json"), rope_complex_cases())
    write_json(os.path.join(out, "basis_fit.json"), basis_fit_cases())
    write_json(os.path.join(out, "t5_buckets.json"), t5_bucket_cases())
    write_json(os.path.join(out, "rope_scaling.json"), rope_scaling_cases())
    write_json(os.path.join(out, "rope_2d.json"), rope_2d_cases())
    print(f"reference values written to {out}")


if __name__ == "__main__":
    main()
