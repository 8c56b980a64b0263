"""Two scorers' commands at once both land: the store's write lock serialises the
read-check-append of each entry, so neither is lost nor judged against a stale game."""

import os
import subprocess
import sys
from pathlib import Path

import warm_start

from scorekeeper.core import engine, events
from scorekeeper.storage import store

ROOT = Path(__file__).resolve().parent.parent

WRITER = """
import sys
from functools import partial
from pathlib import Path
from scorekeeper.core import entries
from scorekeeper import table
from scorekeeper.storage import store
folder, game_id, who, count = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
with store.Store(folder) as db:
    for i in range(count):
        table.record(db, game_id, partial(entries.comment, text=f"{who} {i}"))
"""


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}


def test_two_writers_at_once_both_land(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    game_id = sk.json("standings")["game"]
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(home), game_id, who, "25"], env=environment(home))
        for who in ("left", "right")
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    with store.Store(home) as db:
        assert db.verify() == []
        game = engine.replay(events.parse_all([e.body for e in db.events(game_id)]))
    comments = game.hand.comments
    assert len(comments) == 50
    for who in ("left", "right"):  # each writer's entries land in its own order
        assert [c for c in comments if c.startswith(who)] == [f"{who} {i}" for i in range(25)]


def test_two_cli_processes_at_once_both_land(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    commands = [  # three processes of their own, started at once (warm: see warm_start.py)
        warm_start.started(["comment", text], environment(home))
        for text in ("from the left", "from the right", "from across")
    ]
    for command in commands:
        command.communicate(timeout=120)
    assert [c.returncode for c in commands] == [0, 0, 0]
    assert "The 1 game verifies" in sk("verify")
    assert sorted(
        sk("log").count(f"comment: from {where}") for where in ("the left", "the right", "across")
    ) == [1, 1, 1]
