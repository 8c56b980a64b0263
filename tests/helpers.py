"""Helpers shared by the test modules (pytest puts this folder on sys.path)."""

import importlib.util
from pathlib import Path

from scorekeeper.storage import store

ROOT = Path(__file__).resolve().parent.parent


def load_bench():
    """bench/scale.py as a module: its random legal games of every ruleset."""
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
