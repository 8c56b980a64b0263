"""Helpers shared by the test modules (pytest puts this folder on sys.path)."""

import functools
import importlib.util
import itertools
import os
import sqlite3
from pathlib import Path

from hypothesis import strategies as st

from scorekeeper.storage import store

ROOT = Path(__file__).resolve().parent.parent

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def examples(usual: int) -> int:
    """A property test's `max_examples`: `usual` in an ordinary run, twenty times as many under
    HYPOTHESIS_PROFILE=thorough (the profile conftest.py loads)."""
    return usual * 20 if THOROUGH else usual


# --- through the command line (`sk` is the fixture in conftest.py) ---------------------------


def new_game(sk, ruleset, players, *settings, dealer=None):
    """`new RULESET --players … [--dealer …] [--set S]…`; players as a list or "A,B,C"."""
    names = players if isinstance(players, str) else ",".join(players)
    args = ["new", ruleset, "--players", names]
    if dealer:
        args += ["--dealer", dealer]
    for setting in settings:
        args += ["--set", setting]
    return sk(*args)


def status(sk):
    return sk.json("status")


def scores(sk):
    """Each player's running total, by name."""
    return {p["name"]: p["score"] for p in sk.json("standings")["players"]}


def forfeits(sk):
    """Each player's forfeits so far, by name."""
    return {p["name"]: p["forfeits"] for p in sk.json("standings")["players"]}


# --- on the engine directly ------------------------------------------------------------------


def ruleset_document(name):
    """A ruleset (built-in name or file path) as `new` reads it: (origin, parsed document), a
    copy of its own for each caller."""
    from scorekeeper.core import rulesets
    from scorekeeper.storage import ruleset_files

    origin, text = ruleset_files.find(str(name), None)
    return origin, rulesets.parse_document(origin, text)


def engine_game(ruleset, players, settings=()):
    """A game of `ruleset` started on the engine, the first player dealing."""
    from scorekeeper.core import engine, events, rulesets

    origin, document = ruleset_document(ruleset)
    resolved, chosen, _ = rulesets.apply_options(origin, document, list(settings))
    return engine.start(
        events.GameStarted(game_id="test", ruleset=resolved, options=chosen, players=players, dealer=players[0])
    )


def split(draw, total: int, parts: int) -> list[int]:
    """A random way to share `total` (tricks, cards) among `parts` players, each ≥ 0."""
    cuts = sorted(draw(_cuts(total, parts)))
    edges = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(edges)]


@functools.cache
def _cuts(total: int, parts: int) -> st.SearchStrategy:
    """Where `split` cuts: a strategy made once for each total and count (one is checked
    when it is first drawn from, and a random game splits hundreds of times)."""
    return st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)


# --- the store -------------------------------------------------------------------------------


def tamperable(path) -> sqlite3.Connection:
    """A plain sqlite3 connection to the store at `path`, as a tamperer would use: the
    append-only triggers and the CHECK constraints are the first things such a person turns off."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("DROP TRIGGER events_append_only_delete")
    conn.execute("PRAGMA ignore_check_constraints = ON")
    return conn


@functools.cache
def load_bench():
    """bench/scale.py as a module (loaded once): its random legal games of every ruleset."""
    spec = importlib.util.spec_from_file_location("bench_scale", ROOT / "bench" / "scale.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def store_game(home, bodies):
    """Append a whole game's entries to the store as the commands would, and make it current."""
    with store.Store(home) as db:
        gid = bodies[0]["game_id"]
        with db.writing(gid) as writer:
            for body in bodies:
                writer.append(body)
        db.set_current_game(gid)
    return gid
