"""A night's routes (`serve --night NAME`): the lobby (`/night`), the director's board for the
TV (`/board`), each table's page and its scorer's page (`/table?game=ID`, the scorer's link
adding `#scorer=SECRET`), their data (`/api/night` = `night standings --json`, `/api/tables`
= every table's `standings --json`, `/api/board`, and `/api/night/events`, a stream of the
board's data at each change), and `POST /api/night/entry`: `{"game": ID, "line": "…"}` with
that table's own secret, answered as `/api/entry` is. Every read comes from the night
watcher's latest snapshot: a request never reads the store."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.serve import auth, scorer_routes
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.parts import refusal

PAGES = {"/night": "lobby.html", "/board": "board.html", "/table": "table.html",
         "/night.js": "night.js", "/night.css": "night.css"}  # fmt: skip
# What a table's scorer may not run from its phone: commands about other games or the night.
NOT_FOR_A_TABLE = {"new", "use", "games", "seat", "night", "import", "stats"}


async def page(request: Request) -> Response:
    parts = parts_of(request)
    pages = parts.extra["night_pages"]
    found = pages.get(PAGES[request.url.path])
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if found.kind.startswith("text/html"):
        headers["Content-Security-Policy"] = pages.policy
    if request.headers.get("if-none-match") == found.etag:
        return Response(status_code=304, headers={"ETag": found.etag})
    return Response(found.body, headers=headers, media_type=found.kind)


def answer(request: Request, which: str) -> Response:
    hub = parts_of(request).extra.get("night_hub")
    shot = hub.current if hub is not None else None
    if shot is None:
        return refusal(503, "starting; try again in a moment")
    if not shot.ok:
        return Response(shot.state, 503, media_type="application/json", headers={"Cache-Control": "no-cache"})
    if request.headers.get("if-none-match") == shot.etag:
        return Response(status_code=304, headers={"ETag": shot.etag, "Cache-Control": "no-cache"})
    return Response(getattr(shot, which), media_type="application/json",
                    headers={"ETag": shot.etag, "Cache-Control": "no-cache"})  # fmt: skip


async def api_night(request: Request) -> Response:
    return answer(request, "night")


async def api_tables(request: Request) -> Response:
    return answer(request, "tables")


async def api_board(request: Request) -> Response:
    return answer(request, "state")


async def api_events(request: Request) -> Response:
    hub = parts_of(request).extra["night_hub"]
    return StreamingResponse(hub.stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})  # fmt: skip


async def entry(request: Request) -> Response:
    """One line for one table, written only with that table's secret."""
    import asyncio

    parts = parts_of(request)
    if parts.scorer is None:
        return refusal(403, "this server is read-only (started with --read-only): no table's scorer's link is served")
    if not scorer_routes.same_site(request):
        return refusal(403, "a page of another site may not write here")
    body = await scorer_routes.read_body(request)
    if isinstance(body, Response):
        return body
    try:
        data = json.loads(body)
    except ValueError:
        return refusal(400, 'the body is not JSON; send {"game": ID, "line": "…"}')
    if not isinstance(data, dict) or not isinstance(data.get("line"), str) or not isinstance(data.get("game"), str):
        return refusal(400, 'send {"game": ID, "line": "…"}, each a string')
    shot = parts.extra["night_hub"].current
    if shot is None or not shot.ok:
        return refusal(503, "the night cannot be read now; try again in a moment")
    game = data["game"]
    if game not in shot.games or not parts.extra["table_scorers"].allows(game, request.headers.get("authorization")):
        async with scorer_routes._failures:
            await asyncio.sleep(auth.FAILED_DELAY)
        return refusal(401, "this link cannot write to that table: open the table's scorer's link the terminal shows")
    from scorekeeper import interpreter

    words = interpreter.split(data["line"])
    if any(w == "--game" or w.startswith("--game=") for w in words):
        return refusal(403, "refused: a table's scorer writes to its own table; --game is not taken here")
    if words and words[0].casefold() in NOT_FOR_A_TABLE:
        return refusal(403, f"refused: `{words[0]}` is not taken from a table's phone; run it in the terminal")
    done, _ = await parts.scorer.answer(data["line"], game, lambda known: None)
    if done.code != 0:
        return refusal(scorer_routes.STATUS.get(done.code, 400), done.error or "refused")
    parts.extra["night_watcher"].look_now()
    said = {"ok": True, "reply": done.reply, "warnings": done.warnings}
    return Response(json.dumps(said, ensure_ascii=False), media_type="application/json",
                    headers={"Cache-Control": "no-store"})  # fmt: skip


routes = [
    *(Route(path, page, methods=["GET"]) for path in PAGES),
    Route("/api/night", api_night, methods=["GET"]),
    Route("/api/tables", api_tables, methods=["GET"]),
    Route("/api/board", api_board, methods=["GET"]),
    Route("/api/night/events", api_events, methods=["GET"]),
    Route("/api/night/entry", entry, methods=["POST"]),
]
