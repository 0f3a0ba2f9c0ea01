#!/usr/bin/env python3
"""Finds import circles in src/: module A uses module B and B, directly or through others, uses A.

Three levels are checked, all from the `use` lines (and `super::x::` / `crate::x::` paths) of
every file:
- the top-level modules (encoding, lesson, i18n, render, export, ui): a layer may use only
  layers below it, so their graph has no circle;
- the children of each folder, a sub-folder counting as one (`ui::labs`, `ui::teacher`): one
  may use a sibling, never one that uses it back, through any of their files;
- the files inside each folder: a file may use a sibling, never one that uses it back.
An item imported through a folder's `mod.rs` re-export (`crate::lesson::Field`) counts as an
import of the sibling that defines it (`lesson/params.rs`), read from `pub use` lines.

Exit status 1 and the circle printed when there is one.
"""
import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def module_of(path: Path) -> tuple:
    """src/ui/real_data/view.rs -> ('ui', 'real_data', 'view'); mod.rs names its folder."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    if parts in (["lib"], ["main"]):
        return ()
    return tuple(parts)


def is_folder(module: tuple) -> bool:
    return (SRC.joinpath(*module) / "mod.rs").exists() if module else True


def exists(module: tuple) -> bool:
    return is_folder(module) or SRC.joinpath(*module).with_suffix(".rs").exists()


def reexports(folder: tuple) -> dict:
    """item -> child module, from `pub use child::{A, B};` lines of the folder's mod.rs."""
    found = {}
    text = (SRC.joinpath(*folder) / "mod.rs").read_text()
    for child, items in re.findall(r"pub use (\w+)::\{?([^;}]*)\}?;", text, re.S):
        for item in re.split(r"[,\s]+", items):
            if item:
                found[item.split(" as ")[-1]] = folder + (child,)
    return found


def target(current: tuple, kind: str, rest: list) -> tuple:
    """The module file a path names: the longest prefix that is a module, with re-exports
    of a folder resolved to the child that defines the item."""
    if kind == "crate":
        base = ()
    else:
        # `super` from a file is its folder; from a mod.rs, the folder's parent.
        base = current[:-1]
    names = list(rest)
    while names and names[0] == "super":
        base = base[:-1]
        names.pop(0)
    module = base
    for name in names:
        if exists(module + (name,)):
            module = module + (name,)
            continue
        if is_folder(module) and module:
            child = reexports(module).get(name)
            if child:
                module = child
        break
    return module


def edges() -> dict:
    graph = {}
    for path in sorted(SRC.rglob("*.rs")):
        current = module_of(path)
        # A test module in a file of its own (`#[cfg(test)] mod tests;`) may use anything too.
        if not current or path.name == "tests.rs":
            continue
        text = re.sub(r"//[^\n]*", "", path.read_text())
        # Only the file's own code, not its test module (tests may use anything).
        text = text.split("#[cfg(test)]")[0]
        for kind, rest in PATH.findall(text):
            names = rest.strip(":").split("::")
            module = target(current, kind, names)
            if module and module != current and current[: len(module)] != module:
                graph.setdefault(current, set()).add(module)
    return graph


def find_cycle(graph: dict):
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def main() -> int:
    files = edges()
    layers = {}
    for src, dsts in files.items():
        for dst in dsts:
            if src[0] != dst[0]:
                layers.setdefault((src[0],), set()).add((dst[0],))
    # Each folder's children, sub-folders collapsed: an edge between two files under the same
    # folder, in different children, is an edge between those children.
    children = {}
    for src, dsts in files.items():
        for dst in dsts:
            common = 0
            while common < min(len(src), len(dst)) and src[common] == dst[common]:
                common += 1
            if 0 < common < min(len(src), len(dst)):
                children.setdefault(src[: common + 1], set()).add(dst[: common + 1])
    status = 0
    for name, graph in (("layers", layers), ("folders' children", children), ("files", files)):
        cycle = find_cycle(graph)
        if cycle:
            print(f"checks: import circle among {name}: " + " -> ".join("::".join(m) for m in cycle))
            status = 1
    if status == 0:
        count = sum(len(d) for d in files.values())
        print(f"checks: no import circles ({len(files)} modules, {count} module imports; layers: "
              + ", ".join(f"{a[0]}->{{{','.join(sorted(b[0] for b in bs))}}}" for a, bs in sorted(layers.items()))
              + ")")
    return status


if __name__ == "__main__":
    sys.exit(main())
