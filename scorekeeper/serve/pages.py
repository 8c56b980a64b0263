"""The page files shipped in the package (the `page/` folder beside this module: the table's
page and the scorer's page, with their scripts and styles), read once when the server starts
and served from memory by name. No URL maps to a path: a request names one of the files
read at start, or nothing. Also the Content-Security-Policy that lets only these files, and
each inline script or style block by its hash, run on the page."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import NamedTuple

FOLDER = Path(__file__).with_name("page")
INDEX = "index.html"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
}


class PageFile(NamedTuple):
    body: bytes
    kind: str
    etag: str


def _inline_hashes(text: str, tag: str) -> list[str]:
    """The CSP hash of each inline <script> or <style> block (those without src=)."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"
        for attrs, body in re.findall(rf"<{tag}(\s[^>]*)?>(.*?)</{tag}>", text, re.S)
        if "src=" not in (attrs or "")
    ]


class Pages:
    """Every file of the page folder, by the name a request uses (`/` is index.html)."""

    def __init__(self, folder: Path = FOLDER) -> None:
        self.files: dict[str, PageFile] = {}
        scripts, styles = set(), set()
        for path in sorted(folder.iterdir()):
            kind = TYPES.get(path.suffix)
            if kind is None or not path.is_file() or path.name.startswith("."):
                continue
            body = path.read_bytes()
            etag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
            self.files[path.name] = PageFile(body, kind, etag)
            if path.suffix == ".html":
                text = body.decode("utf-8")
                scripts.update(_inline_hashes(text, "script"))
                styles.update(_inline_hashes(text, "style"))
        self.policy = (
            f"default-src 'none'; script-src 'self' {' '.join(sorted(scripts))}; "
            f"style-src 'self' {' '.join(sorted(styles))}; connect-src 'self'; img-src 'self' data:; "
            "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )

    def get(self, name: str) -> PageFile | None:
        return self.files.get(INDEX if name in ("", INDEX) else name)
