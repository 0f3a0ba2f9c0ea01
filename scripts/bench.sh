#!/usr/bin/env bash
# make bench: the criterion benchmarks of the core, then the side-by-side numpy comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

echo "== criterion: cargo bench --bench encoding"
cargo bench --locked --bench encoding -- --warm-up-time 1 --measurement-time 3

echo
echo "== numpy comparison"
cargo build --locked --profile native --example fill_timing
python3 scripts/compare_numpy.py target/native/examples/fill_timing

echo
echo "== browser: slider latency on the release build"
trunk build --release
(cd tests/browser && node bench-ui.mjs)
