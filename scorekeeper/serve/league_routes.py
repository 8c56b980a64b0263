"""The league, read-only, for every phone: `/league` (the page) and `/api/league`, the ratings
and the records over every game in the store, as `ratings --json` and `stats --json` print
them. Worked out in a worker thread from the store's cached summaries (nothing is replayed
that they already know), and answered with an ETag so an unchanged league costs a 304."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from scorekeeper.core import errors
from scorekeeper.serve import table_routes
from scorekeeper.serve.parts import of as parts_of
from scorekeeper.serve.parts import refusal, spoken

PAGE = "league.html"


def league_json(folder: Path) -> bytes:
    """`{"ratings": …, "records": …}` for the store in `folder`, as JSON bytes."""
    from scorekeeper import ratings, stats
    from scorekeeper.storage import store

    with store.Store(folder, live=True, create=False) as db:  # a read never makes a store
        records = ratings.beside_records(db, stats.view(stats.load(db)))
        rated = ratings.league(db)
    return json.dumps({"ratings": rated, "records": records}, ensure_ascii=False).encode("utf-8")


async def page(request: Request) -> Response:
    pages = parts_of(request).pages
    found = pages.get(PAGE, spoken(request))
    assert found is not None, "the league page ships with the package"
    return table_routes.shipped(request, found, pages.policy)


async def api_league(request: Request) -> Response:
    parts = parts_of(request)
    watcher = parts.watcher
    if watcher is None:
        return refusal(503, table_routes.starting())
    try:
        body = await run_in_threadpool(league_json, watcher.follower.folder)
    except errors.ScorekeeperError as exc:
        return refusal(503, str(exc).splitlines()[0])
    etag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


routes = [
    Route("/league", page, methods=["GET"]),
    Route("/api/league", api_league, methods=["GET"]),
]
