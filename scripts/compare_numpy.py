#!/usr/bin/env python3
"""Side by side, on this machine, in one run: the numpy formula of the source texts (seed 004's
`sinusoidal_position_encoding`, np.sin/np.cos over the whole grid) against PE Explorer's native
fill of the same 2048 x 1024 matrix. Prints both medians and the ratio, and writes them to
target/bench/numpy_comparison.json."""
import json
import os
import subprocess
import sys
import time

import numpy as np

LENGTH, D_MODEL, REPEATS = 2048, 1024, 30


def sinusoidal_position_encoding(pos, d_model=512):
    # As in the source text (seed 004), with float64 throughout.
    position = np.arange(pos)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    pe = np.zeros((pos, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe


TARGET_RATIO = 5


def numpy_median_ms():
    sinusoidal_position_encoding(LENGTH, D_MODEL)  # warm-up
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        sinusoidal_position_encoding(LENGTH, D_MODEL)
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return times[len(times) // 2]


def rust_median_ms(binary):
    out = subprocess.run([binary, str(LENGTH), str(D_MODEL), str(REPEATS)], check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip())


def main():
    binary = sys.argv[1]
    rust = rust_median_ms(binary)
    numpy = numpy_median_ms()
    ratio = numpy / rust
    print(f"PE matrix {LENGTH} x {D_MODEL}, median of {REPEATS}:")
    print(f"  numpy {np.__version__} (float64, np.sin/np.cos): {numpy:8.3f} ms")
    print(f"  pe-explorer fill_pe_matrix (f64 math, f32 out): {rust:8.3f} ms")
    verdict = "ok" if ratio >= TARGET_RATIO else "MISSED"
    print(f"  ratio: pe-explorer is {ratio:.1f}x faster than numpy (target: at least {TARGET_RATIO}x) {verdict}")
    baseline_path = "benches/native-baseline.json"
    if os.path.exists(baseline_path):
        baseline = json.load(open(baseline_path))
        print(f"  against {baseline_path} (now / recorded; above 1 is slower): "
              f"fill x{rust / baseline['rust_ms']:.2f}, numpy x{numpy / baseline['numpy_ms']:.2f}")
    os.makedirs("target/bench", exist_ok=True)
    with open("target/bench/numpy_comparison.json", "w") as f:
        json.dump({"length": LENGTH, "d_model": D_MODEL, "numpy_ms": numpy,
                   "rust_ms": rust, "ratio": ratio, "numpy_version": np.__version__}, f, indent=1)
    return 0 if ratio >= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
