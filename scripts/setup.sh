#!/usr/bin/env bash
# Installs what the build and tests need, only where it is missing: safe to run again and again,
# and it never downloads anything but packages from the registries (crates.io, Debian, npm, PyPI).
#
#   scripts/setup.sh build   Rust wasm target, trunk, wasm-bindgen CLI, wasm-opt
#   scripts/setup.sh test    build + Chromium, ChromeDriver, the browser tests' npm packages
#   scripts/setup.sh bench   the same as test (numpy for the side-by-side benchmark comes with it)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

what=${1:-build}
say() { printf 'setup: %s\n' "$*"; }
started=$SECONDS
installed=()
# How long setting up took, and what it installed, on every exit (a fresh machine's figure is in
# docs/testing.md).
trap 'status=$?; if [ ${#installed[@]} = 0 ]; then say "everything present ($((SECONDS - started)) s)"; else say "installed ${installed[*]} in $((SECONDS - started)) s"; fi; exit $status' EXIT

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    say "apt-get update"
    apt-get update -qq >/dev/null
    apt_updated=1
  fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  installed+=("$@")
}

# The wasm-bindgen version trunk needs is the one Cargo.lock names (Cargo.toml pins it with =).
lock_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# npm ci in a folder, only when its lock file changed since the last install there.
npm_ci() {
  local stamp="$1/node_modules/.lock-stamp"
  if ! cmp -s "$1/package-lock.json" "$stamp" 2>/dev/null; then
    say "npm ci ($1)"
    (cd "$1" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$1/package-lock.json" "$stamp"
    installed+=("npm:$1")
  fi
}

wasm_opt_version() {
  sed -n 's/^wasm_opt = "version_\([0-9]*\)"/\1/p' Trunk.toml
}

setup_build() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
    installed+=(wasm32-target)
  fi

  if ! trunk --version 2>/dev/null | grep -q '^trunk 0\.21\.'; then
    # 0.22 needs a newer rustc than the machine's 1.95.
    # (Built without its default TLS and update-check features or without LTO, it took as long:
    # 6 min either way on the 2-core machine.)
    say "cargo install trunk ~0.21 (about 7 minutes)"
    cargo install trunk --version '~0.21' --locked
    installed+=(trunk)
  fi

  [ -f Cargo.lock ] || cargo generate-lockfile --offline 2>/dev/null || cargo generate-lockfile
  local want
  want=$(lock_version wasm-bindgen)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # Without --locked: the CLI's own lock file names a crate version the registry lacks.
    say "cargo install wasm-bindgen-cli =$want (about 3 minutes)"
    cargo install wasm-bindgen-cli --version "=$want"
    installed+=(wasm-bindgen)
  fi

  # wasm-opt from npm's binaryen (see tools/package.json for why not Debian's).
  npm_ci tools
  if ! wasm-opt --version 2>/dev/null | grep -q "version $(wasm_opt_version)"; then
    say "wasm-opt on PATH is not the version Trunk.toml names: $(wasm-opt --version 2>&1 || true)"
    exit 1
  fi
}

setup_test() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt_install chromium chromium-driver
  fi
  # Chinese text in the browser tests' screenshots and canvases needs a CJK font; classroom
  # machines have one, a fresh Debian does not.
  # (Installed, not merely known: `dpkg -s` also answers for a removed package's leftover config.)
  if ! dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed'; then
    apt_install fonts-noto-cjk
  fi
  npm_ci tests/browser
  # The host tests run the "copy as code" NumPy snippet (tests/export.rs).
  if ! python3 -c 'import numpy' 2>/dev/null; then
    say "pip install numpy"
    python3 -m pip install --quiet numpy
    installed+=(numpy)
  fi
}

setup_bench() {
  : # numpy, for the side-by-side benchmark, is installed with the test tools
}

case "$what" in
  build) setup_build ;;
  test) setup_build; setup_test ;;
  bench) setup_build; setup_test; setup_bench ;;
  *) echo "usage: scripts/setup.sh build|test|bench" >&2; exit 2 ;;
esac
