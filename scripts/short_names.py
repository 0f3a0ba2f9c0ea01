#!/usr/bin/env python3
"""trunk post-build step (release builds): gives the wasm's imports and exports short names.

wasm-bindgen names each function the wasm imports from its JavaScript glue, and each it exports to
it, like `__wbg_setattribute_2f6c0b5a43d6e2c1`: about 240 names whose hex tails do not compress,
written twice (in the wasm and in the glue). This step renames every such import and export
(`__wbg_…`, `__wbindgen_…`, `wasm_bindgen__…`) to a short name, the same in both files: about
3 KB of the initial load, and of the tools' wasm (docs/bundle.md). Nothing else refers to them (the page calls the glue's
default export). The browser tests run against the result.
"""
import glob
import os
import re
import sys

from wasm_binary import assemble, name_bytes, sections, uleb, uleb_bytes

IMPORT_SECTION, EXPORT_SECTION = 2, 7
PREFIXES = ("__wbg_", "__wbindgen_", "wasm_bindgen__")


def limits_end(body, at):
    """The offset after a table's or memory's limits at `at`."""
    flags = body[at]
    _, at = uleb(body, at + 1)
    return uleb(body, at)[1] if flags & 1 else at


def renamed(wasm, short):
    """`wasm` with its prefixed imports and exports renamed through `short` (a dict it fills)."""
    def new_name(name):
        if name not in short:
            n, text = len(short), ""
            while True:
                text = "abcdefghijklmnopqrstuvwxyz"[n % 26] + text
                n = n // 26 - 1
                if n < 0:
                    break
            short[name] = "_" + text
        return short[name]

    parts = []
    for section, body in sections(wasm):
        if section == IMPORT_SECTION:
            count, pos = uleb(body, 0)
            new = bytearray(uleb_bytes(count))
            for _ in range(count):
                length, m = uleb(body, pos)
                module = body[m:m + length].decode()
                length, f = uleb(body, m + length)
                field = body[f:f + length].decode()
                desc = f + length
                kind = body[desc]
                if kind == 0:
                    end = uleb(body, desc + 1)[1]
                elif kind == 1:
                    end = limits_end(body, desc + 2)
                elif kind == 2:
                    end = limits_end(body, desc + 1)
                elif kind == 3:
                    end = desc + 3
                else:
                    end = uleb(body, desc + 2)[1]
                if field.startswith(PREFIXES):
                    field = new_name(field)
                new += name_bytes(module) + name_bytes(field) + body[desc:end]
                pos = end
            body = bytes(new)
        elif section == EXPORT_SECTION:
            count, pos = uleb(body, 0)
            new = bytearray(uleb_bytes(count))
            for _ in range(count):
                length, n = uleb(body, pos)
                name = body[n:n + length].decode()
                end = uleb(body, n + length + 1)[1]
                if name.startswith(PREFIXES):
                    name = new_name(name)
                new += name_bytes(name) + body[n + length:end]
                pos = end
            body = bytes(new)
        parts.append((section, body))
    return assemble(wasm, parts)


stage = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)
# The page's wasm with its ES-module glue, and the teacher's tools' (with the labs) and the
# training worker's with their no-modules glue: in both the names are plain identifiers of the glue's import object and of
# the wasm's exports, so the same renaming serves.
wasms = [p for p in glob.glob(os.path.join(stage, "*_bg.wasm"))
         if os.path.basename(p).startswith(("pe-explorer", "teacher", "trainer"))]
for wasm_path in wasms:
    glue_path = wasm_path[: -len("_bg.wasm")] + ".js"
    short = {}
    wasm = renamed(open(wasm_path, "rb").read(), short)
    if not short:
        continue  # already renamed
    glue = open(glue_path, encoding="utf-8").read()
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(short, key=len, reverse=True))) + r")\b")
    glue, count = pattern.subn(lambda m: short[m.group(1)], glue)
    open(wasm_path, "wb").write(wasm)
    open(glue_path, "w", encoding="utf-8").write(glue)
    print(f"short_names.py: {len(short)} names shortened, {count} uses in the glue")
