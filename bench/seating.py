"""Seating a club night: `sk seat` for 20 players over 4 rounds at tables of 4-5, against the
target of 2 seconds, side by side in one run with `sk rules` (a command that loads the same
ruleset and prints, the floor of a command that reads one ruleset).

    python bench/seating.py [--runs 5]

Prints, for each night, the median wall time of the whole command (start-up included), its
ratio to the floor and to the 2 s target, and how good the seating is (the most times a pair
meets against the lower bound, the most times a player keeps a seat against its bound).
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

TARGET = 2.0
NIGHTS = [  # (label, players, rounds, tables)
    ("20 players, 5 tables of 4", 20, 4, 5),
    ("20 players, 4 tables of 5", 20, 4, 4),
    ("22 players, 5 tables of 4-5", 22, 4, 5),
    ("18 players, 4 tables of 4-5", 18, 4, 4),
]


def timed(args: list[str], home: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--home", home, *args], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as home:
        os.environ.pop("SCOREKEEPER_GAME", None)
        floor_times = []
        night_times: dict[str, list[float]] = {label: [] for label, *_ in NIGHTS}
        reports: dict[str, dict] = {}
        for run in range(runs):  # interleaved, so a noisy moment hits every case alike
            floor_times.append(timed(["rules", "oh-hell-mrpikes"], home)[0])
            for label, players, rounds, tables in NIGHTS:
                roster = ",".join(f"P{i}" for i in range(players))
                args = ["seat", "--players", roster, "--rounds", str(rounds), "--ruleset", "oh-hell-mrpikes",
                        "--tables", str(tables), "--seed", str(run), "--json"]  # fmt: skip
                spent, out = timed(args, home)
                night_times[label].append(spent)
                reports[label] = json.loads(out)
        floor = statistics.median(floor_times)
        print(f"floor (sk rules oh-hell-mrpikes): {floor * 1000:.0f} ms, median of {runs}")
        for label, *_ in NIGHTS:
            median = statistics.median(night_times[label])
            r = reports[label]
            print(
                f"{label}: {median * 1000:.0f} ms = {median / floor:.1f}x the floor, {median / TARGET:.2f} of the "
                f"{TARGET:.0f} s target; pairs meet at most {r['pairs_max']} (bound {r['pairs_bound']}), "
                f"seats repeat at most {r['seats_max']} (bound {r['seats_bound']})"
            )


if __name__ == "__main__":
    main()
