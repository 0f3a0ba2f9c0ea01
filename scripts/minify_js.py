#!/usr/bin/env python3
"""trunk post-build hook: minifies wasm-bindgen's JavaScript glue with terser (release builds).

trunk 0.21 minifies CSS and HTML but leaves the glue as readable JavaScript. terser
(installed in tools/ by scripts/setup.sh) shrinks it. The page's loader (Trunk.toml) names the
files without integrity hashes, so nothing in index.html changes.
"""
import os
import shutil
import subprocess
import sys

stage = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
terser = shutil.which("terser")
if terser is None:
    print("minify_js.py: terser not installed (scripts/setup.sh installs it); glue left as is")
    sys.exit(0)

for name in sorted(f for f in os.listdir(stage) if f.endswith(".js")):
    path = os.path.join(stage, name)
    before = os.path.getsize(path)
    # The page's glue is an ES module; the others are plain scripts, whose top-level names stay
    # (the teacher's tools' glue declares the global `wasm_bindgen` the page calls).
    module = ["--module"] if name.startswith("pe-explorer") else []
    subprocess.run(
        [terser, path, *module, "--compress", "--mangle", "--output", path],
        check=True,
    )
    print(f"minify_js.py: {name} {before} -> {os.path.getsize(path)} bytes")
