# PE Explorer. Every target installs what it is missing first (scripts/setup.sh), so a fresh
# clone needs only `make serve` or `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
export PATH := $(CURDIR)/tools/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# The wasm build names dependency sources as crates/… instead of this machine's registry path
# (in panic locations): the bundle is the same bytes on every machine, and a little smaller.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS := --remap-path-prefix=$(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src=crates
# The site's files are named relative to the page (Trunk.toml), so one build works at any path;
# PUBLIC_URL=/sub/path/ writes absolute addresses instead.
PUBLIC_URL ?= ./

.PHONY: help setup serve dist test bench clean

help:
	@echo "make serve   set up, then serve the app on http://127.0.0.1:8080"
	@echo "make test    set up, then run every check and test (host, site build, browser)"
	@echo "make dist    build the static site into dist/ (it works at any path; PUBLIC_URL=/x/ for absolute addresses)"
	@echo "make bench   every speed figure against its target (core, sliders, page load; median of runs)"

setup:
	@scripts/setup.sh build

serve: setup
	trunk serve --release --no-autoreload

dist: setup
	trunk build --release --public-url "$(PUBLIC_URL)"

test:
	@scripts/setup.sh test
	@scripts/test.sh

bench:
	@scripts/setup.sh bench
	@scripts/bench.sh

clean:
	cargo clean
	rm -rf dist target/dist-*
