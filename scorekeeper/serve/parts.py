"""The parts of one running server that every route reads, made once by `command.run` and
kept on the application (`request.app.state.parts`), and the one shape of a refusal. A
night's server keeps one more Parts for each table, which its table's routes read instead
(`scope["table_parts"]`, set by night_routes.Tables). And the language a request is answered
in, as the guard chose it (`spoken`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from scorekeeper.core.language import _
from scorekeeper.serve import auth, network, pages, push, scorer, speech

BODY_LIMIT = 4096  # bytes: a line and a game id, with room to spare
BODY_SECONDS = 10.0  # a request's body must arrive within this
BUSY_MOST = 1000  # requests in progress at once, event streams included; more are answered 503


@dataclass
class Parts:
    pages: pages.Pages
    hosts: network.HostCheck
    secret: auth.Scorer  # the scorer's secret (none: read-only)
    scorer: scorer.Scorer | None  # runs the phone's lines (None: read-only)
    watcher: push.Watcher | None = None  # set when the server starts
    hub: push.Hub | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # what later areas (a night, a league) keep
    table: str | None = None  # a night's table: the one game its scorer's link writes to


def of(request: Request) -> Parts:
    return request.scope.get("table_parts") or request.app.state.parts


def spoken(request: Request) -> str:
    """The code of the language the request is answered in (set by the guard)."""
    return request.scope.get("language", speech.ENGLISH)


def not_found(path: str) -> str:
    return _("not found: {path} is not a page or an answer of this server").format(path=path)


def refusal(status: int, message: str, headers: dict[str, str] | None = None, more: dict | None = None) -> Response:
    """Every refusal: `{"error": "<one line>"}` with its status (and `more`: a stale entry's
    `"stale": true` and the head it was refused at)."""
    body = json.dumps({"error": message} | (more or {}), ensure_ascii=False).encode("utf-8")
    return Response(body, status, headers=headers, media_type="application/json")
