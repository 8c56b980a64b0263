"""The game's reads, for every phone at the table: the page, `/api/state` (everything it
draws, see state.py), `/api/standings` and `/api/status` (what `standings --json` and
`status --json` print), and `/api/events`, a stream of Server-Sent Events carrying the state
each time the game changes. Every answer comes from the watcher's latest snapshot: a
request never reads the store."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.parts import refusal as error


async def page(request: Request) -> Response:
    parts = parts_of(request)
    found = parts.pages.get(request.path_params.get("name", ""))
    if found is None:
        return error(404, f"not found: {request.url.path} is not a page or an answer of this server")
    return shipped(request, found, parts.pages.policy)


def shipped(request: Request, found: Any, policy: str) -> Response:
    """A file shipped with the server (a page, its script or style), or 304 where the phone
    has it already; a page carries the content policy."""
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if found.kind.startswith("text/html"):
        headers["Content-Security-Policy"] = policy
    if request.headers.get("if-none-match") == found.etag:
        return Response(status_code=304, headers={"ETag": found.etag})
    return Response(found.body, headers=headers, media_type=found.kind)


def answer(request: Request, which: str) -> Response:
    return latest(request, parts_of(request).hub, which)


def latest(request: Request, hub: Any, which: str) -> Response:
    """One answer (`which`: a field of the snapshot) from the hub's latest snapshot: 503 while
    there is none or the store can't be read, 304 where the phone has it already."""
    shot = hub.current if hub is not None else None
    if shot is None:
        return error(503, "starting; try again in a moment")
    if not shot.ok:
        return Response(shot.state, 503, media_type="application/json", headers={"Cache-Control": "no-cache"})
    if request.headers.get("if-none-match") == shot.etag:
        return Response(status_code=304, headers={"ETag": shot.etag, "Cache-Control": "no-cache"})
    return Response(getattr(shot, which), media_type="application/json",
                    headers={"ETag": shot.etag, "Cache-Control": "no-cache"})  # fmt: skip


async def api_state(request: Request) -> Response:
    return answer(request, "state")


async def api_standings(request: Request) -> Response:
    return answer(request, "standings")


async def api_status(request: Request) -> Response:
    return answer(request, "status")


async def api_events(request: Request) -> Response:
    """The state now and at each change, as Server-Sent Events (`event: state`); `event:
    failed` carries `{"error": …}` while the store cannot be read."""
    hub = parts_of(request).hub
    assert hub is not None
    return StreamingResponse(
        hub.stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


routes = [
    Route("/", page, methods=["GET"]),
    Route("/api/state", api_state, methods=["GET"]),
    Route("/api/standings", api_standings, methods=["GET"]),
    Route("/api/status", api_status, methods=["GET"]),
    Route("/api/events", api_events, methods=["GET"]),
    Route("/{name:str}", page, methods=["GET"]),
]
