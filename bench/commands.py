"""Commands in process: the CPU of each command of whole games run through the command line in
one process (as `play`, `serve` and the tests run them), and of seating club nights, for this
checkout and optionally another one, in turns (the machine is noisy: only ratios measured side
by side in one run mean anything).

    python bench/commands.py [--rounds 5] [--against OTHER_CHECKOUT]

Each round runs, in a fresh process for each checkout (the other one put first on PYTHONPATH):
- `game`: 15 games, each in a fresh store: `new`, then five hands of Oh Hell (trump, bids,
  status, tricks); the CPU per command;
- `seat`: `seat` for 12 club nights (12 to 40 players, 2 to 5 rounds, rulesets for tables
  of 3-4 to 3-8); the CPU per night.
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

HERE = Path(__file__).resolve().parent.parent
GAMES = 15
RULESETS = ("snakebit", "four-bad-queens", "oh-hell-mrpikes", "pick-your-poison")  # tables of 3-4 up to 3-8
NIGHTS = [(12 + 2 * i, 2 + i % 4, RULESETS[i % 4]) for i in range(8)] + [(40, 5, "snakebit"), (37, 4, "four-bad-queens"),
                                                                      (25, 3, "oh-hell-mrpikes"), (33, 5, "snakebit")]


def one_round() -> dict[str, float]:
    """This process's figures: CPU seconds per command of whole games, and per seated night."""
    from typer.testing import CliRunner

    from scorekeeper import cli

    command, runner = cli.every_command(), CliRunner()

    def sk(*args: str) -> None:
        with runner.isolation():
            try:
                command.main(args=list(args), prog_name="sk")
            except SystemExit as done:
                if done.code:
                    raise RuntimeError(f"sk {' '.join(args)} exited {done.code}") from None

    def game() -> int:
        with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as home:
            os.environ["SCOREKEEPER_HOME"] = home
            sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
            for size in (10, 9, 8, 7, 6):
                sk("trump", "h")
                sk("bid", "1", "0", "2")
                sk("status")
                sk("tricks", "1", "0", str(size - 1))
        return 1 + 5 * 4

    game()  # what is loaded and built once a process
    start = time.process_time()
    commands = sum(game() for _ in range(GAMES))
    per_command = (time.process_time() - start) / commands
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = home
        start = time.process_time()
        for players, rounds, ruleset in NIGHTS:
            names = ",".join(f"P{i}" for i in range(players))
            sk("seat", "--players", names, "--rounds", str(rounds), "--ruleset", ruleset, "--seed", "7")
        per_night = (time.process_time() - start) / len(NIGHTS)
    return {"game": per_command, "seat": per_night}


def measured(folder: Path) -> dict[str, float]:
    """One round in a fresh process running the checkout in `folder`."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run([sys.executable, __file__, "--one"], env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each checkout (default 5)")
    parser.add_argument("--against", type=Path, help="another checkout, run in turns with this one")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        print(json.dumps(one_round()))
        return
    checkouts = {"this": HERE} | ({"other": options.against.resolve()} if options.against else {})
    figures: dict[str, list[dict[str, float]]] = {name: [] for name in checkouts}
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for turn in range(options.rounds):
        for name, folder in checkouts.items():
            got = measured(folder)
            figures[name].append(got)
            print(f"round {turn + 1} {name:5}: a command of a game {got['game'] * 1000:5.2f} ms CPU, "
                  f"a night seated {got['seat'] * 1000:6.1f} ms CPU", flush=True)  # fmt: skip
    for name, rows in figures.items():
        print(f"median {name:5}: a command of a game {statistics.median(r['game'] for r in rows) * 1000:5.2f} ms, "
              f"a night seated {statistics.median(r['seat'] for r in rows) * 1000:6.1f} ms")  # fmt: skip
    if options.against:
        for what in ("game", "seat"):
            ratios = sorted(a[what] / b[what] for a, b in zip(figures["this"], figures["other"], strict=True))
            print(f"this / other, {what}: " + ", ".join(f"{r:.2f}" for r in ratios) + " (each round)")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
