#!/usr/bin/env python3
"""trunk post-build hook: the two steps in order (trunk runs hooks of one stage concurrently,
and each rewrites index.html): minify the JavaScript glue, then add the CSP meta tag."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
for step in ("minify_js.py", "csp.py"):
    subprocess.run([sys.executable, os.path.join(here, step), *sys.argv[1:]], check=True)
