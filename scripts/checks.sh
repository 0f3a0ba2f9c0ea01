#!/usr/bin/env bash
# Static checks on the tree and the built site (run by `make test` after the site build).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# The core, the pixel helpers and the lesson state are plain Rust: no UI framework, no browser,
# no drawing library. (The issue's acceptance check, widened to render/ and lesson/.)
if grep -rnE 'leptos|web_sys|web-sys|plotters' src/encoding src/render src/lesson; then
  echo "checks: src/encoding, src/render and src/lesson must not use leptos, web-sys or plotters"
  status=1
else
  echo "checks: core purity: src/encoding, src/render, src/lesson import no leptos / web-sys / plotters"
fi

# No HTML built from strings: every text reaches the page as a text node or attribute value.
# The one exception is ui/math.rs's Formula, whose markup parameter is a `&'static str`: only
# compile-time constants fit it, so nothing derived from input can reach it.
allowed='src/ui/math.rs:.*<div class="formula" inner_html=markup>'
if grep -rnE 'inner_html|set_inner_html|outer_html|insert_adjacent_html|document\.write' src | grep -vE "$allowed"; then
  echo "checks: do not build HTML from strings (inner_html and friends)"
  status=1
elif ! grep -q 'pub fn Formula(markup: &'"'"'static str)' src/ui/math.rs; then
  echo "checks: ui/math.rs's Formula must take markup: &'static str"
  status=1
else
  echo "checks: no inner_html / outer_html / insertAdjacentHTML / document.write in src, but for constant MathML"
fi

# The release page carries the strict policy scripts/csp.py writes.
if grep -q "script-src 'self' 'wasm-unsafe-eval' 'sha256-" dist/index.html && ! grep -q "unsafe-inline" dist/index.html; then
  echo "checks: Content-Security-Policy present: $(grep -o 'content="[^"]*"' dist/index.html | grep script-src | head -1)"
else
  echo "checks: dist/index.html lacks the strict Content-Security-Policy"
  status=1
fi

# Bundle budget: gzipped wasm + JS + CSS of the release build, every file of them: the service
# worker and svg.js (loaded on the first SVG export) count too.
budget=$((250 * 1024))
total=0
for f in dist/*.wasm dist/*.js dist/*.css; do
  size=$(gzip -9 -c "$f" | wc -c)
  printf 'checks: %-48s %7d bytes gzipped\n' "$(basename "$f")" "$size"
  total=$((total + size))
done
printf 'checks: bundle total %d bytes gzipped (%.1f KB; budget %d KB)\n' "$total" "$(awk -v t="$total" 'BEGIN { print t / 1024 }')" $((budget / 1024))
if [ "$total" -gt "$budget" ]; then
  echo "checks: the bundle is over budget"
  status=1
fi
exit $status
