"""The game's reads, for every phone at the table: the page, `/api/state` (everything it
draws, see state.py), `/api/standings` and `/api/status` (what `standings --json` and
`status --json` print), and `/api/events`, a stream of Server-Sent Events carrying the state
each time the game changes. Every answer comes from the watcher's latest snapshot: a
request never reads the store. The page and `/api/state` come in the request's language
(`/api/standings` and `/api/status` are data, the same in every language)."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.core.language import _
from scorekeeper.serve.parts import not_found, spoken
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.parts import refusal as error
from scorekeeper.serve.speech import ENGLISH


async def page(request: Request) -> Response:
    parts = parts_of(request)
    found = parts.pages.get(request.path_params.get("name", ""), spoken(request))
    if found is None:
        return error(404, not_found(request.url.path))
    return shipped(request, found, parts.pages.policy)


def shipped(request: Request, found: Any, policy: str) -> Response:
    """A file shipped with the server (a page, its script or style), or 304 where the phone
    has it already; a page carries the content policy, and is in the request's language."""
    headers = {"ETag": found.etag, "Cache-Control": "no-cache"}
    if found.kind.startswith("text/html"):
        headers["Content-Security-Policy"] = policy
        headers["Vary"] = "Accept-Language"
    if request.headers.get("if-none-match") == found.etag:
        return Response(status_code=304, headers={"ETag": found.etag})
    if found.kind.startswith("video/"):  # Safari plays a video only from a server that takes ranges
        headers["Accept-Ranges"] = "bytes"
        part = byte_range(request.headers.get("range"), len(found.body))
        if part is not None:
            start, end = part
            headers["Content-Range"] = f"bytes {start}-{end}/{len(found.body)}"
            return Response(found.body[start : end + 1], 206, headers=headers, media_type=found.kind)
    return Response(found.body, headers=headers, media_type=found.kind)


def byte_range(asked: str | None, size: int) -> tuple[int, int] | None:
    """The one range `Range: bytes=A-B` (or `A-`, or `-N`) asks of a file of `size` bytes,
    within it; None for the whole file (no range, several, or one that does not fit)."""
    if not asked or not asked.startswith("bytes=") or "," in asked or size == 0:
        return None
    first, _sep, last = asked[len("bytes="):].strip().partition("-")
    if not (first.isdigit() or last.isdigit()) or (first and not first.isdigit()) or (last and not last.isdigit()):
        return None
    if not first:
        start, end = max(size - int(last), 0), size - 1
    else:
        start, end = int(first), min(int(last), size - 1) if last else size - 1
    return (start, end) if start <= end < size else None


async def answer(request: Request, which: str) -> Response:
    parts = parts_of(request)
    if parts.scorer is not None:
        await parts.scorer.settled()  # the state after the scorer's last entry, made after its answer, is in
    return await latest(request, parts.hub, which)


async def latest(request: Request, hub: Any, which: str) -> Response:
    """One answer (`which`: a field of the snapshot) from the hub's latest snapshot: 503 while
    there is none or the store can't be read, 304 where the phone has it already. The state
    in another language than English is said in it (once per language, in a worker thread)."""
    shot = hub.current if hub is not None else None
    if shot is None:
        return error(503, starting())
    if not shot.ok:
        return Response(shot.state, 503, media_type="application/json", headers={"Cache-Control": "no-cache"})
    code = spoken(request) if which == "state" else ENGLISH
    etag = shot.etag if code == ENGLISH else f'{shot.etag[:-1]}-{code}"'
    headers = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Accept-Language"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    body = getattr(shot, which) if code == ENGLISH else await run_in_threadpool(shot.in_language, code)
    return Response(body, media_type="application/json", headers=headers)


def starting() -> str:
    return _("starting; try again in a moment")


async def api_state(request: Request) -> Response:
    return await answer(request, "state")


async def api_standings(request: Request) -> Response:
    return await answer(request, "standings")


async def api_status(request: Request) -> Response:
    return await answer(request, "status")


async def api_events(request: Request) -> Response:
    """The state now and at each change, as Server-Sent Events (`event: state`); `event:
    failed` carries `{"error": …}` while the store cannot be read."""
    hub = parts_of(request).hub
    assert hub is not None
    return StreamingResponse(
        hub.stream(spoken(request)),
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
