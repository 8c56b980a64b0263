"""The page files shipped in the package (the `page/` folder beside this module: the table's
page and the scorer's page, with their scripts and styles), read once when the server starts
and served from memory by name. No URL maps to a path: a request names one of the files
read at start, or nothing. Also the Content-Security-Policy that lets only these files, and
each inline style block by its hash, run on the page.

A page (.html) is sent in the language of its request (see speech.py): `<html lang>` names it,
and its `<script type="application/json" id="said">` block (data, never run) holds the
translations of every message its folder's scripts say, made once per language."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
from pathlib import Path
from typing import NamedTuple

from scorekeeper.serve import speech
from scorekeeper.words import catalogs

FOLDER = Path(__file__).with_name("page")
INDEX = "index.html"
SAY = "say.js"  # t and nt, which every page's scripts speak through (see speech.py)
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".webm": "video/webm",  # awake.*: the blank video that keeps a screen on without the Wake Lock API
    ".mp4": "video/mp4",
}
_LANG = '<html lang="en">'
_SAID = '<script type="application/json" id="said"></script>'


class PageFile(NamedTuple):
    body: bytes
    kind: str
    etag: str


def _file(body: bytes, kind: str) -> PageFile:
    return PageFile(body, kind, '"' + hashlib.sha256(body).hexdigest()[:24] + '"')


def _inline_hashes(text: str, tag: str) -> list[str]:
    """The CSP hash of each inline <script> or <style> block (those without src=, and not
    data: a script block of type application/json is never run)."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"
        for attrs, body in re.findall(rf"<{tag}(\s[^>]*)?>(.*?)</{tag}>", text, re.S)
        if "src=" not in (attrs or "") and "application/json" not in (attrs or "")
    ]


class Pages:
    """Every file of the page folder, by the name a request uses (`/` is index.html).
    `shared`: scripts of another folder its pages load too (the night's pages: say.js)."""

    def __init__(self, folder: Path = FOLDER, shared: tuple[Path, ...] = ()) -> None:
        self.files: dict[str, PageFile] = {}
        self.scripts: list[str] = [path.read_text(encoding="utf-8") for path in shared]
        scripts, styles = set(), set()
        for path in sorted(folder.iterdir()):
            kind = TYPES.get(path.suffix)
            if kind is None or not path.is_file() or path.name.startswith("."):
                continue
            body = path.read_bytes()
            self.files[path.name] = _file(body, kind)
            if path.suffix == ".js":
                self.scripts.append(body.decode("utf-8"))
            if path.suffix == ".html":
                text = body.decode("utf-8")
                scripts.update(_inline_hashes(text, "script"))
                styles.update(_inline_hashes(text, "style"))
        self.policy = (
            f"default-src 'none'; script-src 'self' {' '.join(sorted(scripts))}; "
            f"style-src 'self' {' '.join(sorted(styles))}; connect-src 'self'; img-src 'self' data:; media-src 'self'; "
            "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ).replace("'self' ;", "'self';")

    def get(self, name: str, code: str = speech.ENGLISH) -> PageFile | None:
        """The file a request names; a page in the language `code`."""
        name = INDEX if name in ("", INDEX) else name
        found = self.files.get(name)
        if found is None or code == speech.ENGLISH or not found.kind.startswith("text/html"):
            return found
        return self._in_language(name, code)

    @functools.cache  # noqa: B019 (one Pages per server, kept while it serves)
    def _in_language(self, name: str, code: str) -> PageFile:
        text = self.files[name].body.decode("utf-8")
        data = json.dumps(speech.said(catalogs.translations(code), self.scripts), ensure_ascii=False).replace("<", "\\u003c")
        text = text.replace(_LANG, f'<html lang="{code}">', 1).replace(_SAID, _SAID.replace("><", f">{data}<"), 1)
        return _file(text.encode("utf-8"), self.files[name].kind)
