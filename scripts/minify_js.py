#!/usr/bin/env python3
"""trunk post-build hook: minifies wasm-bindgen's JavaScript glue with terser (release builds).

trunk 0.21 minifies CSS and HTML but leaves the glue as 52 KB of readable JavaScript. terser
(installed in tools/ by scripts/setup.sh) shrinks it; the script then rewrites the file's
Subresource-Integrity hash in index.html, which trunk computed before this hook ran.

Before that it drops three classes nothing calls: wasm-streams' IntoUnderlyingByteSource, Sink
and Source, which leptos brings in through server_fn (a server-side feature this app never
uses). Each is self-contained (the class, its Symbol.dispose line, its FinalizationRegistry);
the browser tests run against the result.
"""
import os
import re
import shutil
import subprocess
import sys

from rehash import rehash_integrity

stage = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
terser = shutil.which("terser")
if terser is None:
    print("minify_js.py: terser not installed (scripts/setup.sh installs it); glue left as is")
    sys.exit(0)

UNUSED = ("IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource")


def drop_class(js, name):
    """`js` without `export class name {…}` and the two statements that mention only it."""
    start = js.find(f"export class {name} {{")
    if start < 0:
        return js
    depth, end = 0, start
    for end in range(js.index("{", start), len(js)):
        depth += {"{": 1, "}": -1}.get(js[end], 0)
        if depth == 0:
            break
    js = js[:start] + js[end + 1:]
    js = re.sub(r"if \(Symbol\.dispose\) %s\.prototype\[[^\n]*\n" % name, "", js)
    js = re.sub(r"const %sFinalization = [^;]*;\n" % name, "", js)
    if name in js:
        sys.exit(f"minify_js.py: {name} is still referenced after removal; glue layout changed")
    return js


index = os.path.join(stage, "index.html")
html = open(index, encoding="utf-8").read()
for name in sorted(f for f in os.listdir(stage) if f.endswith(".js")):
    path = os.path.join(stage, name)
    before = os.path.getsize(path)
    js = open(path, encoding="utf-8").read()
    for unused in UNUSED:
        js = drop_class(js, unused)
    open(path, "w", encoding="utf-8").write(js)
    subprocess.run(
        [terser, path, "--module", "--compress", "--mangle", "--output", path],
        check=True,
    )
    # The service worker is registered by name, not linked: it carries no integrity hash.
    linked = any(name in tag for tag in re.findall(r"<link[^>]*>", html))
    if linked:
        html = rehash_integrity(html, name, open(path, "rb").read())
    print(f"minify_js.py: {name} {before} -> {os.path.getsize(path)} bytes" + (", integrity hash updated" if linked else ""))
open(index, "w", encoding="utf-8").write(html)
