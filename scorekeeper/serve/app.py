"""The web application: Starlette, with every route of every area (the game's reads and its
push, the scorer's entries; a night's and a league's pages add their own module of routes to
AREAS), behind one guard that every request passes: the Host header must name this computer,
every answer carries the headers that keep the page to itself, and every refusal is JSON. Each
request is answered in its own language (speech.py): the guard speaks it around the request,
and keeps its code in the scope (`scope["language"]`) for what is made elsewhere."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from scorekeeper.core import language
from scorekeeper.core.language import _
from scorekeeper.serve import league_routes, push, scorer_routes, speech, table_routes
from scorekeeper.serve.parts import BUSY_MOST, Parts, not_found, refusal
from scorekeeper.words import catalogs

# each: `routes`, a list of Starlette routes; the league's before the table's `/{name}`
AREAS = (league_routes, table_routes, scorer_routes)

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"server", b"scorekeeper"),
]


class Guard:
    """ASGI middleware: the request's language, the Host check on every request, and the
    headers on every answer."""

    def __init__(self, app: Any, parts: Parts) -> None:
        self.app = app
        self.parts = parts
        self.busy = 0  # requests in progress (a connection that sent none is not one)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        code = scope["language"] = speech.of_request(scope)
        with language.speaking(catalogs.translations(code)):
            if self.busy >= BUSY_MOST:
                busy = _("the laptop is answering as many requests as it can; try again in a moment")
                await refusal(503, busy, {"Retry-After": "1"})(scope, receive, send)
                return
            self.busy += 1
            try:
                await self._guarded(scope, receive, send)
            finally:
                self.busy -= 1

    async def _guarded(self, scope: dict, receive: Any, send: Any) -> None:
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
        arrived_on = (scope.get("server") or (None,))[0]
        if not self.parts.hosts.allows(host, arrived_on):
            await refusal(403, self.parts.hosts.refusal())(scope, receive, send)
            return

        async def guarded(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _value in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in SECURITY_HEADERS if k not in present
                ]
            await send(message)

        await self.app(scope, receive, guarded)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return refusal(404, not_found(request.url.path))
    if exc.status_code == 405:
        allowed = ", ".join(
            sorted((exc.headers or {}).get("Allow", "GET").split(", "), key=("GET", "HEAD", "POST").index)
        )
        return refusal(
            405, _("{method} is not taken here ({allowed} is)").format(method=request.method, allowed=allowed),
            {"Allow": allowed},
        )
    return refusal(exc.status_code, exc.detail or _("refused"))


def build(parts: Parts, start: Any, stop: Any, areas: tuple[Any, ...] = AREAS) -> Starlette:
    """The application. `start(loop_hub)` and `stop()` run as it starts and ends serving:
    they start and stop the store's watcher. `areas`: the route modules served (a night's
    server adds its own)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import asyncio

        parts.hub = push.Hub(asyncio.get_running_loop())
        await asyncio.get_running_loop().run_in_executor(None, start, parts.hub)
        try:
            yield
        finally:
            await asyncio.get_running_loop().run_in_executor(None, stop)

    routes = [route for area in areas for route in area.routes]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})
    app.router.redirect_slashes = False  # `/api/` is not `/api`: each path is answered as it is
    app.state.parts = parts
    return Guard(app, parts)  # type: ignore[return-value]
