"""The scorer's writes: `POST /api/entry` takes `{"line": "…"}` (and optionally `"game"`),
exactly a line `play` takes, and answers as the contract's table says: 200 with the reply and
the new state, 400 a malformed line, 401 no secret or not the current one, 403 a command the
page may not run (or a page of another site), 409 refused by the rules, 413 a body over the
limit, 503 the store cannot be read. The entry is stored before the answer is sent."""

from __future__ import annotations

import asyncio
import json

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from scorekeeper.serve import auth
from scorekeeper.serve.parts import BODY_LIMIT, BODY_SECONDS, refusal
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.scorer import FORBIDDEN

STATUS = {0: 200, 1: 409, 2: 400, 3: 503, FORBIDDEN: 403}
_failures = asyncio.Lock()  # failed attempts wait their turn, one FAILED_DELAY each


async def entry(request: Request) -> Response:
    parts = parts_of(request)
    if parts.scorer is None:
        return refusal(
            403, "this server is read-only (started with --read-only): the scorer's link is not served"
        )
    if not same_site(request):
        return refusal(403, "a page of another site may not write here")
    if not parts.secret.allows(request.headers.get("authorization")):
        async with _failures:  # a guesser gets one try a second, however many connections it opens
            await asyncio.sleep(auth.FAILED_DELAY)
        return refusal(
            401,
            "this link cannot write: open the scorer's link the terminal shows (it may have been replaced)",
        )
    body = await read_body(request)
    if isinstance(body, Response):
        return body
    try:
        data = json.loads(body)
    except ValueError:
        return refusal(400, 'the body is not JSON; send {"line": "…"}')
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("line"), str)
        or not (data.get("game") is None or isinstance(data.get("game"), str))
    ):
        return refusal(400, 'send {"line": "…"} (and optionally "game": ID), each a string')
    shot = parts.hub.current if parts.hub is not None else None
    if shot is not None and not shot.ok:
        return Response(shot.state, 503, media_type="application/json")
    assert parts.scorer is not None
    assert parts.watcher is not None
    done, shot = await parts.scorer.answer(data["line"], data.get("game"), parts.watcher.look_now)
    if done.code != 0:
        return refusal(STATUS.get(done.code, 400), done.error or "refused")
    said = json.dumps(
        {"ok": True, "reply": done.reply, "warnings": done.warnings}, ensure_ascii=False
    ).encode()
    state = shot.state if shot is not None and shot.ok else b"null"  # spliced in: encoded once already
    return Response(said[:-1] + b', "state": ' + state + b"}", media_type="application/json",
                    headers={"Cache-Control": "no-store"})  # fmt: skip


def same_site(request: Request) -> bool:
    """No Origin (not a browser's cross-site request), or the Origin is this server as the
    phone reached it."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    scheme, _, rest = origin.partition("://")
    return scheme == "http" and rest.lower() == request.headers.get("host", "").lower()


async def read_body(request: Request) -> bytes | Response:
    """The body, refused past BODY_LIMIT bytes (413) or BODY_SECONDS (408), whatever
    Content-Length says."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > BODY_LIMIT):
        return refusal(413, f"the body is over {BODY_LIMIT} bytes; a line is short", {"Connection": "close"})
    received = bytearray()

    async def gather() -> None:
        async for chunk in request.stream():
            received.extend(chunk)
            if len(received) > BODY_LIMIT:
                return

    try:
        await asyncio.wait_for(gather(), BODY_SECONDS)
    except TimeoutError:
        return refusal(408, "the body did not arrive in time", {"Connection": "close"})
    except ClientDisconnect:
        return refusal(400, "the connection closed before the body arrived")
    if len(received) > BODY_LIMIT:
        return refusal(413, f"the body is over {BODY_LIMIT} bytes; a line is short", {"Connection": "close"})
    return bytes(received)


routes = [Route("/api/entry", entry, methods=["POST"])]
