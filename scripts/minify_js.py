#!/usr/bin/env python3
"""trunk post-build hook: minifies wasm-bindgen's JavaScript glue with terser (release builds).

trunk 0.21 minifies CSS and HTML but leaves the glue as readable JavaScript. terser
(installed in tools/ by scripts/setup.sh) shrinks it; the script then rewrites the file's
Subresource-Integrity hash in index.html, which trunk computed before this hook ran.
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

index = os.path.join(stage, "index.html")
html = open(index, encoding="utf-8").read()
for name in sorted(f for f in os.listdir(stage) if f.endswith(".js")):
    path = os.path.join(stage, name)
    before = os.path.getsize(path)
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
