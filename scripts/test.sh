#!/usr/bin/env bash
# Runs every suite in order, stopping at the first failure, and closes with one line per suite
# (with its time) and a total. Called by `make test` after scripts/setup.sh has installed what is
# missing. What each suite protects: docs/testing.md. No suite fails on a figure that depends on
# the machine's load (page-load scores, frame times, speeds): those are printed here and checked
# against their targets by `make bench`.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Clippy's lints ride on the builds the tests need anyway, the way `cargo clippy` itself runs
# them: clippy-driver as the rustc of this workspace's own crate (dependencies are compiled by
# plain rustc), with every warning an error. One compilation of the crate per configuration
# gives both the lints and the test binaries, where a separate `cargo clippy` compiled it all a
# second time (288 s of a cold run). The site build is linted too, for the wasm target.
export RUSTC_WORKSPACE_WRAPPER="$HOME/.cargo/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

summary=()
passed=0
failed=0
started=$SECONDS

finish() {
  echo
  echo "== summary"
  for line in "${summary[@]}"; do echo "  $line"; done
  echo "suites: $passed passed, $failed failed ($((SECONDS - started)) s)"
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
# The library, binaries, integration tests and every formula's doctest (merged into one binary:
# edition 2024), linted as they compile; the examples are built as the programs the tests run.
suite host-tests cargo test --locked
# The criterion benchmark, each case run once as a test (its timings are `make bench`'s).
suite bench-build cargo test --locked --bench encoding
# The build-time prerender (Leptos's ssr feature): lesson mode's answers against the page as the
# prerender renders it, and the prerender binary linted (the site build then runs it as built).
suite ssr-tests cargo test --locked --no-default-features --features ssr --test lesson_reveal --test glossary_links --bin prerender
# Every intra-doc link resolves (a reference to code is a rustdoc link, so a renamed item breaks
# the build, not silently the docs), private items included, for the host and the wasm target
# (whose code differs by `cfg`).
suite doc-links env RUSTDOCFLAGS="-D rustdoc::broken_intra_doc_links -A rustdoc::private_intra_doc_links" bash -c \
  'cargo doc --locked --no-deps --document-private-items --lib --examples && cargo doc --locked --no-deps --document-private-items --target wasm32-unknown-unknown --lib --bin teacher --bin trainer'
echo
echo "url-fuzz: 100000 cases for each of the 5 URL properties (cargo-fuzz needs a nightly toolchain, which this machine cannot fetch: a bounded proptest instead)"
suite url-fuzz env PE_URL_CASES=100000 cargo test --locked --test url_properties
# One release build serves every browser test: its addresses are relative to the page, so the
# sub-path tests serve this same dist/ under /pe/.
suite site-build trunk build --release
suite checks scripts/checks.sh
# Two test files at a time, each with its own browser and server: most of a browser test is
# waiting for a page, so two share the 2 cores well (619 s one at a time, 424 s two at a time on
# the 2-core machine). Nothing they assert depends on the machine's load.
suite browser-tests bash -c 'cd tests/browser && node --test --test-concurrency=2 --test-reporter=spec'
finish
