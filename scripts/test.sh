#!/usr/bin/env bash
# Runs every suite in order, stopping at the first failure, and closes with one line per suite
# and a total. Called by `make test` after scripts/setup.sh has installed what is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

summary=()
passed=0
failed=0

finish() {
  echo
  echo "== summary"
  for line in "${summary[@]}"; do echo "  $line"; done
  echo "suites: $passed passed, $failed failed"
}

suite() {
  local name=$1
  shift
  echo
  echo "== $name: $*"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    summary+=("$name: passed ($((SECONDS - start)) s)")
  else
    failed=$((failed + 1))
    summary+=("$name: FAILED ($((SECONDS - start)) s)")
    finish
    exit 1
  fi
}

suite fmt cargo fmt --check
suite clippy cargo clippy --all-targets --locked -- -D warnings
# The build-time prerender is the same crate built natively with Leptos's ssr feature.
suite clippy-prerender cargo clippy --locked --no-default-features --features ssr --bin prerender -- -D warnings
suite host-tests cargo test --locked
# Lesson mode's answers against the panels, rendered natively as the prerender renders them.
suite lesson-reveal cargo test --locked --no-default-features --features ssr --test lesson_reveal
echo
echo "url-fuzz: 100000 cases for each of the 5 URL properties (cargo-fuzz needs a nightly toolchain, which this machine cannot fetch: a bounded proptest instead)"
suite url-fuzz env PE_URL_CASES=100000 cargo test --locked --test url_properties
suite site-build trunk build --release
suite checks scripts/checks.sh
suite subpath-build trunk build --release --public-url /pe/ --dist target/dist-pe
suite test-hooks-build trunk build --release --features test-hooks --dist target/dist-test
suite browser-tests bash -c 'cd tests/browser && node --test --test-concurrency=1 --test-reporter=spec'
finish
