#!/usr/bin/env python3
"""trunk post-build hook: removes wasm-streams' exports from the wasm (release builds).

leptos always builds server_fn with its browser feature, which links wasm-streams; its three
`#[wasm_bindgen]` classes (IntoUnderlyingByteSource, Sink, Source) are exported from the wasm,
so no optimiser may drop them or the std::io and futures code behind them. Nothing in this app
calls them (minify_js.py drops their JavaScript side). This step deletes those exports from the
export section, lets wasm-opt remove what became unreachable (1.5 KB gzipped), and rewrites the
file's Subresource-Integrity hash in index.html. The browser tests run against the result.
"""
import os
import shutil
import subprocess
import sys

from rehash import rehash_integrity

stage = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
wasm_opt = shutil.which("wasm-opt")
if wasm_opt is None:
    print("strip_wasm.py: wasm-opt not on PATH (scripts/setup.sh installs it); wasm left as is")
    sys.exit(0)

UNUSED_PREFIXES = ("intounderlyingbytesource_", "intounderlyingsink_", "intounderlyingsource_",
                   "__wbg_intounderlyingbytesource_", "__wbg_intounderlyingsink_",
                   "__wbg_intounderlyingsource_")
EXPORT_SECTION = 7


def uleb(data, at):
    """The unsigned LEB128 number at `at`, and the offset after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def uleb_bytes(value):
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def without_exports(wasm):
    """`wasm` with the unused exports removed, and their names."""
    out, at, dropped = bytearray(wasm[:8]), 8, []
    while at < len(wasm):
        section = wasm[at]
        size, start = uleb(wasm, at + 1)
        body, at = wasm[start:start + size], start + size
        if section == EXPORT_SECTION:
            count, pos = uleb(body, 0)
            kept = []
            for _ in range(count):
                length, name_at = uleb(body, pos)
                name = body[name_at:name_at + length].decode()
                _, end = uleb(body, name_at + length + 1)  # kind byte, then the index
                if name.startswith(UNUSED_PREFIXES):
                    dropped.append(name)
                else:
                    kept.append(body[pos:end])
                pos = end
            body = uleb_bytes(len(kept)) + b"".join(kept)
        out += bytes([section]) + uleb_bytes(len(body)) + body
    return bytes(out), dropped


FEATURES = ["--enable-bulk-memory", "--enable-sign-ext", "--enable-nontrapping-float-to-int",
            "--enable-reference-types", "--enable-multivalue", "--enable-mutable-globals"]
index = os.path.join(stage, "index.html")
html = open(index, encoding="utf-8").read()
for name in sorted(f for f in os.listdir(stage) if f.endswith(".wasm")):
    path = os.path.join(stage, name)
    before = os.path.getsize(path)
    wasm, dropped = without_exports(open(path, "rb").read())
    if not dropped:
        continue
    open(path, "wb").write(wasm)
    subprocess.run([wasm_opt, *FEATURES, "--remove-unused-module-elements", path, "-o", path],
                   check=True)
    html = rehash_integrity(html, name, open(path, "rb").read())
    print(f"strip_wasm.py: {name} {before} -> {os.path.getsize(path)} bytes, {len(dropped)} exports removed")
open(index, "w", encoding="utf-8").write(html)
