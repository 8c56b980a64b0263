"""The scorer's writes: `POST /api/entry` takes `{"line": "…"}` (and optionally `"game"`),
exactly a line `play` takes, and answers as the contract's table says: 200 with the reply and
the new state, 400 a malformed line, 401 no secret or not the current one, 403 a command the
page may not run (or a page of another site), 409 refused by the rules, 413 a body over the
limit, 503 the store cannot be read. The entry is stored before the answer is sent. At a
night's table (`/table/ID/api/entry`) the line goes to that table's game only: `--game`, another
game's id and commands about other games (`new`, `night`…) are refused (403)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from scorekeeper.serve import auth, push
from scorekeeper.serve.parts import BODY_LIMIT, BODY_SECONDS, refusal
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.scorer import FORBIDDEN

STATUS = {0: 200, 1: 409, 2: 400, 3: 503, FORBIDDEN: 403}
# What a night table's scorer may not run from its phone: commands about other games or the night.
NOT_FOR_A_TABLE = {"new", "use", "games", "seat", "night", "import", "stats"}
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
    game = data.get("game")
    if parts.table is not None:
        refused = not_at_this_table(data["line"], game, parts.table)
        if refused is not None:
            return refused
        game = parts.table
    shot = parts.hub.current if parts.hub is not None else None
    if shot is not None and not shot.ok:
        return Response(shot.state, 503, media_type="application/json")
    assert parts.scorer is not None
    assert parts.watcher is not None
    scorer, watcher = parts.scorer, parts.watcher
    shared = isinstance(watcher, push.Watcher)  # a game's: the entry's thread builds the state

    def served(known: Any) -> Any:  # on the scorer's thread, with the store it wrote to
        return watcher.served_after(scorer.follower.db, known)

    done, shot = await scorer.answer(data["line"], game, served if shared else watcher.look_now)
    if done.code != 0:
        return refusal(STATUS.get(done.code, 400), done.error or "refused")
    said = json.dumps(
        {"ok": True, "reply": done.reply, "warnings": done.warnings}, ensure_ascii=False
    ).encode()
    state = shot.state if shot is not None and shot.ok else b"null"  # spliced in: encoded once already
    if shared and shot is not None and shot.ok:
        watcher.offer(shot)  # the same snapshot to every phone, sent once this reply is
    return Response(said[:-1] + b', "state": ' + state + b"}", media_type="application/json",
                    headers={"Cache-Control": "no-store"})  # fmt: skip


def not_at_this_table(line: str, game: str | None, table: str) -> Response | None:
    """The refusal of a line a night table's scorer may not send, or None."""
    from scorekeeper import interpreter
    from scorekeeper.core import errors

    try:
        words = interpreter.split(line)
    except errors.UsageError as exc:
        return refusal(400, f"error: {exc}")
    if (game is not None and game != table) or any(w == "--game" or w.startswith("--game=") for w in words):
        return refusal(403, "refused: a table's scorer writes to its own table; --game is not taken here")
    if words and words[0].casefold() in NOT_FOR_A_TABLE:
        return refusal(403, f"refused: `{words[0]}` is not taken from a table's phone; run it in the terminal")
    return None


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
    try:
        async with asyncio.timeout(BODY_SECONDS):  # in this task: no task of its own to start
            async for chunk in request.stream():
                received.extend(chunk)
                if len(received) > BODY_LIMIT:
                    break
    except TimeoutError:
        return refusal(408, "the body did not arrive in time", {"Connection": "close"})
    except ClientDisconnect:
        return refusal(400, "the connection closed before the body arrived")
    if len(received) > BODY_LIMIT:
        return refusal(413, f"the body is over {BODY_LIMIT} bytes; a line is short", {"Connection": "close"})
    return bytes(received)


routes = [Route("/api/entry", entry, methods=["POST"])]
