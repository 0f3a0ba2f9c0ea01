#!/usr/bin/env python3
"""trunk post-build step (release builds): removes wasm-streams' exports from the wasm.

leptos always builds server_fn with its browser feature, which links wasm-streams; its three
`#[wasm_bindgen]` classes (IntoUnderlyingByteSource, Sink, Source) are exported from the wasm, so
no optimiser may drop them or the std::io and futures code behind them. Nothing in this app calls
them. This step deletes those exports and runs wasm-opt again (the flags of index.html's rust
link), which removes what only they kept alive, and un-exports their classes in the JavaScript glue
so that terser (minify_js.py, next) drops them: 1.9 KB of the initial load (docs/bundle.md). The
browser tests run against the result.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from wasm_binary import assemble, sections, uleb, uleb_bytes

UNUSED = ("intounderlyingbytesource_", "intounderlyingsink_", "intounderlyingsource_",
          "__wbg_intounderlyingbytesource_", "__wbg_intounderlyingsink_",
          "__wbg_intounderlyingsource_")
EXPORT_SECTION = 7
# index.html's data-wasm-opt="2" and data-wasm-opt-params.
WASM_OPT = ["-O2", "--gufa", "--converge", "-ocimfs", "28", "--low-memory-unused",
            "--ignore-implicit-traps", "--enable-bulk-memory", "--enable-sign-ext",
            "--enable-nontrapping-float-to-int", "--enable-reference-types", "--enable-multivalue",
            "--enable-mutable-globals"]


def without_unused_exports(wasm):
    """`wasm` without the exports named in UNUSED, and how many went."""
    parts, dropped = [], 0
    for section, body in sections(wasm):
        if section == EXPORT_SECTION:
            count, pos = uleb(body, 0)
            kept = []
            for _ in range(count):
                length, name_at = uleb(body, pos)
                name = body[name_at:name_at + length].decode()
                _, end = uleb(body, name_at + length + 1)  # the kind byte, then the index
                if name.startswith(UNUSED):
                    dropped += 1
                else:
                    kept.append(body[pos:end])
                pos = end
            body = uleb_bytes(len(kept)) + b"".join(kept)
        parts.append((section, body))
    return assemble(wasm, parts), dropped


stage = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
wasm_opt = shutil.which("wasm-opt")
if wasm_opt is None:
    print("strip_exports.py: wasm-opt not on PATH (scripts/setup.sh installs it); wasm left as is")
    sys.exit(0)
# The page's wasm only (the teacher's tools are left as wasm-opt made them).
for path in [p for p in glob.glob(os.path.join(stage, "*_bg.wasm")) if "pe-explorer" in os.path.basename(p)]:
    before = open(path, "rb").read()
    stripped, dropped = without_unused_exports(before)
    if not dropped:
        continue
    open(path, "wb").write(stripped)
    subprocess.run([wasm_opt, *WASM_OPT, path, "-o", path], check=True)
    print(f"strip_exports.py: {dropped} exports removed, {len(before)} -> {os.path.getsize(path)} bytes")

# The glue: the classes become module-private and unused (their `Symbol.dispose` lines go too).
for path in glob.glob(os.path.join(stage, "*.js")):
    glue = open(path, encoding="utf-8").read()
    if "export class IntoUnderlying" not in glue:
        continue
    glue = glue.replace("export class IntoUnderlying", "class IntoUnderlying")
    glue = re.sub(r"^if \(Symbol\.dispose\) IntoUnderlying\w+\.prototype\[Symbol\.dispose\] = .*$\n",
                  "", glue, flags=re.M)
    open(path, "w", encoding="utf-8").write(glue)
