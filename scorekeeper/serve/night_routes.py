"""A night's routes (`serve --night NAME`): the lobby (`/night`), the director's board for the
TV (`/board`), their data (`/api/night` = `night standings --json`, `/api/tables` = every
table's `standings --json`, `/api/board`, and `/api/night/events`, a stream of the board's
data at each change), and each table under `/table/ID/`: the very page a single game's
`serve` gives (the table's page, and the scorer's page with `#scorer=SECRET`), with that
table's own answers (`api/state`, `api/events`, `POST api/entry`…) and its own secret.
Every read comes from the night watcher's latest snapshot: a request never reads the store.
The pages, the board's data and its stream come in the request's language (see speech.py)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, Router

from scorekeeper.core.language import _
from scorekeeper.serve import pages as shipped_pages
from scorekeeper.serve import scorer_routes, table_routes
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.parts import refusal, spoken

PAGES = {"/night": "lobby.html", "/board": "board.html", "/night.js": "night.js", "/night.css": "night.css"}


async def page(request: Request) -> Response:
    parts = parts_of(request)
    pages = parts.extra["night_pages"]
    return table_routes.shipped(request, pages.get(PAGES[request.url.path], spoken(request)), pages.policy)


async def say(request: Request) -> Response:
    """The script every page speaks through (the game's page folder's)."""
    pages = parts_of(request).pages
    return table_routes.shipped(request, pages.get(shipped_pages.SAY), pages.policy)


async def answer(request: Request, which: str) -> Response:
    return await table_routes.latest(request, parts_of(request).extra.get("night_hub"), which)


async def api_night(request: Request) -> Response:
    return await answer(request, "night")


async def api_tables(request: Request) -> Response:
    return await answer(request, "tables")


async def api_board(request: Request) -> Response:
    return await answer(request, "state")


async def api_events(request: Request) -> Response:
    hub = parts_of(request).extra["night_hub"]
    return StreamingResponse(hub.stream(spoken(request)), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})  # fmt: skip


class Tables:
    """ASGI: `/table/ID/…`, answered by a single game's routes (table_routes, scorer_routes)
    with that table's own parts (its game's page state and stream, its secret); 404 for a
    game that is not a table of the night."""

    def __init__(self) -> None:
        self.router = Router(routes=[*table_routes.routes, *scorer_routes.routes], redirect_slashes=False)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        tables = scope["app"].state.parts.extra.get("tables", {})
        found = tables.get(scope["path_params"]["game"])
        if found is None:
            said = _("not found: {path} is not a table of this night").format(path=scope["path"])
            await refusal(404, said)(scope, receive, send)
            return
        await self.router({**scope, "table_parts": found}, receive, send)


async def to_table(request: Request) -> Response:
    """`/table/ID` is the table's page at `/table/ID/` (its answers are beside it)."""
    return RedirectResponse(f"/table/{request.path_params['game']}/", 308)


routes = [
    *(Route(path, page, methods=["GET"]) for path in PAGES),
    Route("/" + shipped_pages.SAY, say, methods=["GET"]),
    Route("/api/night", api_night, methods=["GET"]),
    Route("/api/tables", api_tables, methods=["GET"]),
    Route("/api/board", api_board, methods=["GET"]),
    Route("/api/night/events", api_events, methods=["GET"]),
    Route("/table/{game:str}", to_table, methods=["GET"]),
    Mount("/table/{game:str}", app=Tables()),
]
