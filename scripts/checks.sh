#!/usr/bin/env bash
# Static checks on the tree and the built site (run by `make test` after the site build).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# Every module below ui/ is plain Rust: no UI framework, no browser, no drawing library.
pure="src/encoding src/render src/lesson src/i18n src/export.rs"
if grep -rnE 'use (leptos|web_sys|plotters|wasm_bindgen|js_sys)|(leptos|web_sys|plotters|wasm_bindgen|js_sys)::' $pure; then
  echo "checks: $pure must not use leptos, web-sys, wasm-bindgen, js-sys or plotters"
  status=1
else
  echo "checks: purity: $pure import no leptos / web-sys / wasm-bindgen / js-sys / plotters"
fi

# The shipped configs' references are what transformers' rules give (tests/real_configs.rs reads
# them; the script that computes them is the test's other half).
python3 tests/data/make_config_reference.py --check || status=1

# No module imports a module that imports it back, among the layers or the files of a folder.
python3 scripts/import_cycles.py || status=1

# No HTML built from strings: every text reaches the page as a text node or attribute value.
# The exceptions are ui/math.rs's Formula, which inserts a `Math` formula's markup (a
# compile-time constant), and the exam summary's formulas, MathML of assets/course.txt compiled in,
# written by the prerender only, and read by `lesson::course::sheet_math`, which accepts MathML
# elements only. Nothing derived from input can reach either.
allowed='src/ui/math.rs:.*inner_html=move \|\| markup.get\(\).markup\(\)$|src/ui/course.rs:.*inner_html=sheet_markup\(&item.formula\)></div>$'
if grep -rnE 'inner_html|set_inner_html|outer_html|insert_adjacent_html|document\.write' src | grep -vE "$allowed"; then
  echo "checks: do not build HTML from strings (inner_html and friends)"
  status=1
elif [ "$(sed -n '/^pub fn Formula(/,/) -> impl IntoView/p' src/ui/math.rs | grep -v '^ *///' | tr -d ' \n')" \
  != 'pubfnFormula(#[prop(into)]markup:Signal<Math>,)->implIntoView{' ] \
  || ! grep -q "pub fn markup(self) -> &'static str" src/ui/math.rs; then
  echo "checks: ui/math.rs's Formula must take a Math, whose markup is a &'static str"
  status=1
else
  echo "checks: no inner_html / outer_html / insertAdjacentHTML / document.write in src, but for constant MathML"
fi

# Every release page (the course's contents, chapters and glossary in both languages) carries the
# strict policy scripts/csp.py writes.
pages=$(find dist -name index.html | sort)
if [ "$(echo "$pages" | wc -l)" -lt 20 ]; then
  echo "checks: the build has $(echo "$pages" | wc -l) pages, not every page of the course in both languages"
  status=1
fi
for page in $pages; do
  if [ -f "$page" ] && grep -q "script-src 'self' 'wasm-unsafe-eval' 'sha256-" "$page" && ! grep -q "unsafe-inline" "$page"; then
    echo "checks: Content-Security-Policy present in $page: $(grep -o 'content="[^"]*"' "$page" | grep script-src | head -1)"
  else
    echo "checks: $page is missing or lacks the strict Content-Security-Policy"
    status=1
  fi
done

# Budgets (docs/bundle.md). The initial load is what the first paint needs: the HTML (with the
# page's stylesheet inlined: index.html), the JS glue and the wasm. Files fetched later (export.js on the first picture export, the service
# worker, lesson mode's text, the real model's tables) are listed and budgeted apart.
gz() { gzip -9 -c "$1" | wc -c; }
budget=$((400 * 1024))
total=0
# Each page is a first visit of its own: its HTML with the same wasm and glue (a Chinese
# page then fetches zh.txt before it is live: counted with it). The largest chapter in each
# language, and the contents.
largest() { for f in "$@"; do echo "$(gzip -9 -c "$f" | wc -c) $f"; done | sort -n | tail -1 | cut -d' ' -f2; }
largest_en=$(largest $(find dist -path dist/zh -prune -o -name index.html -print))
largest_zh=$(largest $(find dist/zh -name index.html))
for page in dist/index.html "$largest_en" "$largest_zh dist/zh.txt"; do
  total=0
  for f in $page dist/pe-explorer-*.wasm dist/pe-explorer-*.js; do
    size=$(gz "$f")
    printf 'checks: initial  %-44s %7d bytes gzipped\n' "${f#dist/}" "$size"
    total=$((total + size))
  done
  printf 'checks: initial load of %s %d bytes gzipped (%.1f KB; budget %d KB)\n' "${page%% *}" "$total" "$(awk -v t="$total" 'BEGIN { print t / 1024 }')" $((budget / 1024))
  if [ "$total" -gt "$budget" ]; then
    echo "checks: the initial load of ${page%% *} is over budget"
    status=1
  fi
done
# The page loads its Chinese texts from zh.txt (src/i18n/chinese.rs): a build without it is broken.
if [ ! -s dist/zh.txt ]; then
  echo "checks: dist/zh.txt is missing (written by the prerender)"
  status=1
fi
# Three budgets for what is loaded later (docs/bundle.md): the tools' wasm with the labs it draws,
# fetched when a teacher opens a tool or a panel with a lab first comes near; the training lab's
# worker, started when that lab is drawn; and the other files, each fetched by its own feature.
later_group() {
  local name=$1 budget=$2
  shift 2
  local sum=0 f size
  for f in "$@"; do
    [ -f "$f" ] || continue
    size=$(gz "$f")
    printf 'checks: later    %-44s %7d bytes gzipped\n' "${f#dist/}" "$size"
    sum=$((sum + size))
  done
  printf 'checks: loaded later, %s: %d bytes gzipped (%.1f KB; budget %d KB)\n' "$name" "$sum" "$(awk -v t="$sum" 'BEGIN { print t / 1024 }')" $((budget / 1024))
  if [ "$sum" -gt "$budget" ]; then
    echo "checks: $name, loaded later, is over its budget"
    status=1
  fi
}
later_group "the tools and labs" $((540 * 1024)) dist/teacher.js dist/teacher_bg.wasm dist/teacher.css
later_group "the training worker" $((64 * 1024)) dist/train-worker.js dist/trainer.js dist/trainer_bg.wasm
later_group "the other files" $((450 * 1024)) dist/export.js dist/sw.js dist/lesson.txt dist/zh.txt dist/assets/minilm/*.bin
exit $status
