"""`serve --night NAME`: one laptop serves every table of a club night. Checks the night
before listening, makes each game's own scorer's secret, prints the lobby's and the board's
links and every table's page and scorer's link (a new round's tables as they are started),
and runs the night's application on uvicorn until Ctrl-C."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from scorekeeper.core import errors
from scorekeeper.core.language import _


def run(folder: Path, home: Path | None, night_name: str, host: str, port: int, read_only: bool,
        new_links: bool, group: Any, out: TextIO = sys.stdout) -> None:  # fmt: skip
    from scorekeeper.serve import command

    if not 0 <= port <= 65535:
        raise errors.UsageError(command.not_a_port(port))
    if read_only and new_links:
        raise errors.UsageError(
            _("--read-only serves no scorer's links, so there are none to replace; give one of them")
        )
    from scorekeeper import nights
    from scorekeeper.storage import store

    with store.Store(folder) as db:
        night = nights.find(db, night_name).name
    sock = command.listen(host, port)
    bound_port = sock.getsockname()[1]


    from scorekeeper.serve import (
        app,
        auth,
        network,
        night_auth,
        night_routes,
        night_watch,
        pages,
        push,
        scorer,
        state,
    )
    from scorekeeper.serve.parts import Parts

    parts = Parts(
        pages=pages.Pages(),
        hosts=network.HostCheck(host),
        secret=auth.Scorer(None),
        scorer=None if read_only else scorer.Scorer(group, folder, home),
    )
    parts.extra["night_pages"] = pages.Pages(pages.FOLDER.with_name("night_page"), shared=(pages.FOLDER / pages.SAY,))
    parts.extra["tables"] = {}  # game id -> that table's Parts, as each table is first seen
    shown, reachable = network.reachable_host(host)
    linked: set[str] = set()
    replaced = set() if new_links else None

    def table_parts(game: str, hub: Any) -> Parts:
        """What one table's routes read: its page state and stream, its own secret."""
        return Parts(
            pages=parts.pages,
            hosts=parts.hosts,
            secret=auth.Scorer(None if read_only else night_auth.folder_of(folder, game)),
            scorer=parts.scorer,
            watcher=night_watch.TableWatch(parts.extra["night_watcher"], game),  # type: ignore[arg-type]
            hub=push.Hub(hub.loop),
            table=game,
        )

    def tell_links(shot: night_watch.NightSnapshot, hub: Any) -> None:
        """Each table's links the first time it is seen, then the snapshot to the pages: the
        night's to the lobby and the board, each table's own to its phones."""
        tables = parts.extra["tables"]
        if shot.ok and not linked.issuperset(shot.games):  # a table not seen yet
            import json

            for row in json.loads(shot.state)["tables"]:
                if row["game"] in linked:
                    continue
                linked.add(row["game"])
                page_link = network.url(shown, bound_port).rstrip("/") + f"/table/{row['game']}/"
                players = ", ".join(p["name"] for p in row["players"])
                if row["table"]:
                    said = _("round {round}, table {table} ({players}): {link}").format(
                        round=row["round"], table=row["table"], players=players, link=page_link
                    )
                else:
                    said = _("{game} ({players}): {link}").format(game=row["name"], players=players, link=page_link)
                print(said, file=out)
                handed = page_link  # the link that table's scorer scans: the page, or the page that writes
                if not read_only:
                    fresh = replaced is not None and row["game"] not in replaced
                    secret = night_auth.ensure(folder, row["game"], replace=fresh)
                    if replaced is not None:
                        replaced.add(row["game"])
                    handed = f"{page_link}#scorer={secret}"
                    print("  " + _("its scorer's link (keep it for that table's scorer): {link}").format(link=handed), file=out)
                if reachable:
                    print(network.drawable(network.qr_text(handed), out), end="", file=out)
                tables[row["game"]] = table_parts(row["game"], hub)
            out.flush()
        for game, table in tables.items():
            page = shot.pages.get(game) if shot.ok else state.failed(shot.error)
            if page is not None and (table.hub.current is None or table.hub.current.state != page.state):
                table.hub.publish_from_thread(page)
        hub.publish_from_thread(shot)

    def start(hub: Any) -> None:
        parts.extra["night_hub"] = hub
        base = network.url(shown, bound_port).rstrip("/")
        print(
            _("Serving night {night}: the lobby at {lobby}, the director's board at {board}").format(
                night=night, lobby=f"{base}/night", board=f"{base}/board"
            ),
            file=out,
        )
        for note in network.exposure(host, reachable, not read_only):
            print(note, file=out)
        if reachable:
            print(network.drawable(network.qr_text(f"{base}/night"), out), end="", file=out)
        watcher = night_watch.NightWatcher(folder, night, lambda shot: tell_links(shot, hub), read_only)
        parts.extra["night_watcher"] = watcher
        watcher.start()
        print(command.ctrl_c(), file=out, flush=True)

    def stop() -> None:
        if "night_watcher" in parts.extra:
            parts.extra["night_watcher"].stop()
        if parts.scorer is not None:
            parts.scorer.close()

    command.serve_until_stopped(app.build(parts, start, stop, areas=(night_routes,)), sock, out)
