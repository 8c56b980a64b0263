"""Replay: the CPU time of `engine.from_log` in-process, for this checkout against another one
(e.g. `git worktree add --detach /tmp/replay-before main`), timed in turns in one run:

    python bench/replay.py --against /tmp/replay-before [--rounds 7]

Two workloads, both stored entries (JSON bodies) made by this checkout: the 19-hand demo game
(the row of `bench/scale.py`, target 0.5 ms) and a mix of random legal games of every
built-in ruleset (what `stats --rebuild` replays, per game). Each figure is the best of 5
batches in a fresh process; each round times both checkouts, one after the other, and the
table gives the medians of the rounds and their ratio, with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def workloads(folder: Path) -> Path:
    """The demo game's entries and a mix of random games (three of each ruleset), in a file."""
    sys.path.insert(0, str(HERE))
    import scale

    from scorekeeper import demo
    from scorekeeper.storage import store

    demo.play(folder / "demo")
    with store.Store(folder / "demo") as db:
        game = [e.body for e in db.events(db.current_game() or "")]
    mix = [scale.random_game(name, seed) for name in scale.mix() for seed in (1, 2, 3)]
    path = folder / "workloads.json"
    path.write_text(json.dumps({"demo": game, "mix": mix}))
    return path


def child(path: Path) -> None:
    """Time both workloads in this process and print them (ms of CPU)."""
    from scorekeeper.core import engine

    loaded = json.loads(path.read_text())

    def best(games: list[list[dict]], times: int) -> float:
        batches = []
        for _ in range(5):
            start = time.process_time()
            for _ in range(times):
                for bodies in games:
                    engine.from_log(bodies)
            batches.append((time.process_time() - start) / times / len(games))
        return min(batches) * 1000

    print(json.dumps({"demo": best([loaded["demo"]], 50), "mix": best(loaded["mix"], 3)}))


def run(code: Path, path: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(path)], env=env, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=False, help="the other checkout (default: this one)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    other = (args.against or ROOT).resolve()
    with tempfile.TemporaryDirectory() as scratch:
        path = workloads(Path(scratch))
        load_before = os.getloadavg()[0]
        mine: list[dict[str, float]] = []
        theirs: list[dict[str, float]] = []
        for _ in range(args.rounds):
            theirs.append(run(other, path))
            mine.append(run(ROOT, path))
        load_after = os.getloadavg()[0]
    print(f"{'ms of CPU per replay':<40} {other.name:>14} {ROOT.name:>14}   ratio")
    for key, what in (
        ("demo", "the 19-hand demo game (<= 0.5 ms)"),
        ("mix", "a game of the mix (every ruleset)"),
    ):
        a, b = statistics.median(r[key] for r in theirs), statistics.median(r[key] for r in mine)
        print(f"{what:<40} {a:14.3f} {b:14.3f}   {b / a:5.2f}x")
    print(f"load average (1 min) {load_before:.2f} before, {load_after:.2f} after, on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
