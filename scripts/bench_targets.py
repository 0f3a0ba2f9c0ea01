#!/usr/bin/env python3
"""The core's criterion figures against their targets: reads the median point estimate criterion
wrote for each benchmark (target/criterion/<group>/<id>/new/estimates.json: the median of its
samples), prints it beside its target and exits 1 when one misses. The targets come from the
frame budget (docs/performance.md): at the default size the matrix fill is a small part of one
16.7 ms frame, and at the largest sizes the fill and the dot-product matrix each fit in a frame."""
import json
import os
import sys

FRAME_MS = 1000 / 60
TARGETS = [
    ("pe_matrix/fill_rotation_recurrence/100x128", "PE matrix fill, default size 100 x 128", 1.0),
    ("pe_matrix/fill_rotation_recurrence/512x512", "PE matrix fill, 512 x 512", FRAME_MS / 4),
    ("pe_matrix/fill_rotation_recurrence/2048x1024", "PE matrix fill, largest size 2048 x 1024", FRAME_MS),
    ("dot_product_matrix/100", "dot-product matrix, 100 positions, d_model 512", 1.0),
    ("dot_product_matrix/512", "dot-product matrix, 512 positions, d_model 512", FRAME_MS),
]


def main():
    missed = 0
    print("core figures (criterion median) against their targets:")
    for path, name, limit_ms in TARGETS:
        estimates = os.path.join("target", "criterion", path, "new", "estimates.json")
        try:
            median_ms = json.load(open(estimates))["median"]["point_estimate"] / 1e6
        except (OSError, KeyError, ValueError) as error:
            print(f"  {name}: no figure ({error}) MISSED")
            missed += 1
            continue
        ok = median_ms <= limit_ms
        missed += not ok
        print(f"  {name:50} {median_ms:9.4f} ms (target <= {limit_ms:.2f} ms) {'ok' if ok else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
