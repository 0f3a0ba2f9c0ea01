#!/usr/bin/env bash
# make bench: every load-dependent figure beside its target, on a median of runs (make test
# prints such figures but never fails on them). Runs every part even when one misses, closes
# with a line per part, and exits 1 when any target was missed. Run it on a quiet machine.
#   core     criterion benchmarks of the core (median of its samples) and the numpy comparison
#   sliders  key -> frame in headless Chromium on the release build (median of 3 runs)
#   load     Lighthouse mobile for each kind of link (median of 3 runs)
#   phone    a throttled phone's first text and first chart on every chapter (median of 3 runs)
# PE_BENCH_PARTS="core sliders" runs only those parts.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# The same compiler set-up as scripts/test.sh (clippy-driver as the workspace's rustc wrapper), so
# the release build `make test` left behind is reused rather than compiled again.
export RUSTC_WORKSPACE_WRAPPER="$HOME/.cargo/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

parts=${PE_BENCH_PARTS:-core sliders chapters load phone}
summary=()
missed=0
part() {
  local name=$1
  shift
  echo
  echo "== $name: $*"
  if "$@"; then summary+=("$name: within target"); else summary+=("$name: MISSED (or failed)"); missed=$((missed + 1)); fi
}

core() {
  cargo bench --locked --bench encoding -- --warm-up-time 1 --measurement-time 3 &&
    python3 scripts/bench_targets.py &&
    cargo build --locked --profile bench --example fill_timing &&
    python3 scripts/compare_numpy.py target/release/examples/fill_timing
}

for p in $parts; do
  case $p in
    core) part core core ;;
    sliders|chapters|load|phone)
      # The release build, once, unless PE_BENCH_DIST names another build to measure.
      if [ -z "${PE_BENCH_DIST:-}" ] && [ -z "${built:-}" ]; then
        echo "== trunk build --release"
        trunk build --release && built=1
      fi
      case $p in
        sliders) part sliders bash -c 'cd tests/browser && node bench-ui.mjs' ;;
        chapters) part chapters bash -c 'cd tests/browser && node bench-chapters.mjs' ;;
        load) part load bash -c 'cd tests/browser && node bench-load.mjs' ;;
        phone) part phone bash -c 'cd tests/browser && node throttled-load.mjs --bench' ;;
      esac
      ;;
    *) echo "unknown part $p (core, sliders, chapters, load, phone)" >&2; exit 2 ;;
  esac
done

echo
echo "== bench summary"
for line in "${summary[@]}"; do echo "  $line"; done
[ "$missed" = 0 ]
