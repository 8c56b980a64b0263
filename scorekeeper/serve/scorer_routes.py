"""The scorer's writes: `POST /api/entry` takes `{"line": "…"}` (and optionally `"game"`),
exactly a line `play` takes, and answers as the contract's table says: 200 with the reply, the
chain head and the hand, and for `why` the points as data ("why": what `why --json` gives, for
the page to lay out; the reply is then their first line). The new state reaches every page,
this one's too, by its event stream, built once for all of them. 400 a malformed line, 401 no
secret or not the current one, 403 a command the page may not run (or a page of another
site), 409 refused by the rules, 413 a body over the limit, 503 the store cannot be read. The
entry is stored before the answer is sent. At a night's table (`/table/ID/api/entry`) the line
goes to that table's game only: `--game`, another game's id and commands about other games
(`new`, `use`…) are refused (403). The reply and the refusals are in the request's language."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from scorekeeper.core.language import _
from scorekeeper.serve import auth, push
from scorekeeper.serve.parts import BODY_LIMIT, BODY_SECONDS, refusal
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.scorer import ENTRY_ID_MOST, FORBIDDEN, fair_entry_id, fair_head

STATUS = {0: 200, 1: 409, 2: 400, 3: 503, FORBIDDEN: 403}
_failures = asyncio.Lock()  # failed attempts wait their turn, one FAILED_DELAY each


async def entry(request: Request) -> Response:
    parts = parts_of(request)
    if parts.scorer is None:
        return refusal(
            403, _("this server is read-only (started with --read-only): the scorer's link is not served")
        )
    if not same_site(request):
        return refusal(403, _("a page of another site may not write here"))
    if not parts.secret.allows(request.headers.get("authorization")):
        async with _failures:  # a guesser gets one try a second, however many connections it opens
            await asyncio.sleep(auth.FAILED_DELAY)
        return refusal(
            401,
            _("this link cannot write: open the scorer's link the terminal shows (it may have been replaced)"),
        )
    body = await read_body(request)
    if isinstance(body, Response):
        return body
    try:
        data = json.loads(body)
    except ValueError:
        return refusal(400, _('the body is not JSON; send {example}').format(example='{"line": "…"}'))
    except RecursionError:  # `[[[[…]]]]`: a line is a string, at the body's first level
        return refusal(400, _("the body is nested too deeply; send {example}").format(example='{"line": "…"}'))
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("line"), str)
        or not (data.get("game") is None or isinstance(data.get("game"), str))
    ):
        return refusal(
            400, _("send {example} (and optionally {game}), each a string").format(example='{"line": "…"}', game='"game": ID')
        )
    entry_id, after = data.get("id"), data.get("after")
    if entry_id is not None and not fair_entry_id(entry_id):
        return refusal(
            400,
            _("an entry's id is 1-{most} letters, digits, - or _").format(most=ENTRY_ID_MOST),
        )
    if after is not None and not fair_head(after):
        return refusal(400, _("an entry's after is a chain head: 64 hexadecimal digits"))
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
    named = game
    if game is None and shared and watcher.pinned is not None:
        game = watcher.pinned  # `serve --game ID`: the game the pages show is the one written to

    def served(known: Any) -> None:  # on the scorer's thread, with the store it wrote to
        if named is None and known is not None:  # it went to the game served, or a `new` one
            watcher.follow(known.game_id)
        shot = watcher.served_after(scorer.follower.db, known)
        if shot.ok:
            watcher.offer(shot)  # the state after the entry, built once, to every page by its event stream

    def looked(known: Any) -> None:  # a night's table: its looker builds and publishes the state
        watcher.look_now(known)

    done = await scorer.answer(data["line"], game, served if shared else looked, entry_id, after)
    if done.stale:
        return refusal(409, done.error, more={"stale": True, "head": done.head})
    if done.code != 0:
        return refusal(STATUS.get(done.code, 400), done.error or _("refused"))
    answered = {"ok": True, "reply": done.reply, "warnings": done.warnings, "head": done.head, "hand": done.hand}
    if done.again:
        answered["again"] = True
    if done.why is not None:  # `why`: the points, for the page to lay out (the reply is their first line)
        answered["why"] = done.why
    return Response(json.dumps(answered, ensure_ascii=False), media_type="application/json",
                    headers={"Cache-Control": "no-store"})  # fmt: skip


def not_at_this_table(line: str, game: str | None, table: str) -> Response | None:
    """The refusal of a line a night table's scorer may not send, or None."""
    from scorekeeper import interpreter
    from scorekeeper.core import errors

    try:
        words = interpreter.split(line)
    except errors.UsageError as exc:
        return refusal(400, _("error: {message}").format(message=exc))
    if (game is not None and game != table) or any(w == "--game" or w.startswith("--game=") for w in words):
        return refusal(403, _("refused: a table's scorer writes to its own table; --game is not taken here"))
    # commands about other games; what no phone may say is refused as on any phone (check_remote)
    if words and interpreter.FROM_THE_PHONE.get(words[0].casefold()) == interpreter.GAME:
        return refusal(
            403, _("refused: `{command}` is not taken from a table's phone; run it in the terminal").format(command=words[0])
        )
    return None


def same_site(request: Request) -> bool:
    """No Origin (not a browser's cross-site request), or the Origin is this server as the
    phone reached it."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    scheme, _sep, rest = origin.partition("://")
    return scheme == "http" and rest.lower() == request.headers.get("host", "").lower()


async def read_body(request: Request) -> bytes | Response:
    """The body, refused past BODY_LIMIT bytes (413) or BODY_SECONDS (408), whatever
    Content-Length says."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > BODY_LIMIT):
        return refusal(413, too_long(), {"Connection": "close"})
    received = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):  # in this task: no task of its own to start
            async for chunk in request.stream():
                received.extend(chunk)
                if len(received) > BODY_LIMIT:
                    break
    except TimeoutError:
        return refusal(408, _("the body did not arrive in time"), {"Connection": "close"})
    except ClientDisconnect:
        return refusal(400, _("the connection closed before the body arrived"))
    if len(received) > BODY_LIMIT:
        return refusal(413, too_long(), {"Connection": "close"})
    return bytes(received)


def too_long() -> str:
    return _("the body is over {limit} bytes; a line is short").format(limit=BODY_LIMIT)


routes = [Route("/api/entry", entry, methods=["POST"])]
