#!/usr/bin/env python3
"""trunk post-build hook: adds a Content-Security-Policy meta tag to each staged page (index.html
and every other page of the course the prerender writes: zh/index.html, rope/index.html, …).

trunk starts the app with one inline module script; rather than allowing every inline script
('unsafe-inline'), the policy names that script by its SHA-256, so the page runs exactly the code
of its own origin: scripts from 'self' and that one loader, WebAssembly compilation
('wasm-unsafe-eval'), styles from 'self' and the page's own stylesheet, inlined, by its hash
(no inline style attributes: the app sets styles through the CSSOM), and no request to any other
origin.
"""
import base64
import hashlib
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR", sys.argv[1] if len(sys.argv) > 1 else "dist")
pages = sorted(
    os.path.join(folder, "index.html")
    for folder, _, files in os.walk(staging)
    if "index.html" in files
)


def add_policy(path):
    html = open(path, encoding="utf-8").read()
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S)
    # The page's own stylesheet, inlined (index.html): named by its hash like the scripts.
    styles = re.findall(r"<style[^>]*>(.*?)</style>", html, flags=re.S)
    digest = lambda body: "'sha256-%s'" % base64.b64encode(
        hashlib.sha256(body.encode("utf-8")).digest()).decode()
    hashes = " ".join(digest(body) for body in inline)
    style_hashes = " ".join(digest(body) for body in styles)
    policy = "; ".join([
        "default-src 'self'",
        f"script-src 'self' 'wasm-unsafe-eval' {hashes}".strip(),
        f"style-src 'self' {style_hashes}".strip(),
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    ])
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}" />'
    html = re.sub(r'\s*<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
    # After the charset declaration, written as in index.html or as trunk's minifier leaves it.
    html = re.sub(r'(<meta charset="?utf-8"?\s*/?>)', lambda m: m.group(1) + meta, html, count=1, flags=re.I)
    if meta not in html:
        sys.exit("csp.py: no <meta charset> to put the policy after")
    open(path, "w", encoding="utf-8").write(html)
    print(f"csp.py: policy with {len(inline)} inline script and {len(styles)} style hash(es) written to {path}")


for page in pages:
    if os.path.exists(page):
        add_policy(page)
