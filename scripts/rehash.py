"""Rewrites the Subresource-Integrity hash of the `<link>` that names a file trunk emitted, after
a post-build step changed the file (trunk computed the hash before the hooks ran)."""
import base64
import hashlib
import re


def rehash_integrity(html, name, content):
    digest = "sha384-" + base64.b64encode(hashlib.sha384(content).digest()).decode()

    def rewrite(tag):
        if name not in tag.group(0):
            return tag.group(0)
        return re.sub(r"sha384-[A-Za-z0-9+/=]+", digest, tag.group(0))

    html = re.sub(r"<link[^>]*>", rewrite, html)
    if not any(name in tag and digest in tag for tag in re.findall(r"<link[^>]*>", html)):
        raise SystemExit(f"rehash.py: no <link> naming {name} carries its new integrity hash")
    return html
