"""Start-up latency at the table: `status` and `standings` on a finished 19-hand Oh Hell game,
against a minimal typer app that does nothing (the floor of this stack).

    pip install . && python bench/latency.py [--runs 21] [--before PYTHON]

Prints the median wall time of each and its ratio to the floor. Goal: <= 1.2x the floor.
`status` and `standings` are timed in English and in German (SCOREKEEPER_LANG=de: its one
compiled catalog loaded); goal: German <= 1.08x English. `--before PYTHON` names an
interpreter with an earlier scorekeeper installed (`python -m venv /tmp/v && /tmp/v/bin/pip
install OLD_CHECKOUT`): its English `status` and `standings` are timed in the same rounds, and
each is compared with it (goal for the languages work: English <= 1.03x before).
The commands run in a scratch folder, so they import the installed package (compiled to
bytecode by pip, like typer in the floor) rather than the source tree beside this script.

For reference it also times the same empty app ending the way our console script does
(flush, then os._exit, skipping the interpreter's teardown), so the figures show how much of
the gap that closes and how much is our own work.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EMPTY_APP = """
import typer
app = typer.Typer()
@app.command()
def status(): pass
@app.command()
def standings(): pass
"""
FLOOR_APP = EMPTY_APP + "app()\n"
FLOOR_FAST_EXIT = EMPTY_APP + """
import os, sys
try:
    app(standalone_mode=False)
finally:
    sys.stdout.flush()
    os._exit(0)
"""


def timed(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, cwd=cwd)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", help="an interpreter with an earlier scorekeeper installed, to compare with")
    arguments = parser.parse_args()
    runs = arguments.runs
    from scorekeeper import demo

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        demo.play(home)  # a finished 19-hand game, current in this store
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        env["SCOREKEEPER_HOME"] = str(home)
        floor_file = home / "floor.py"
        floor_file.write_text(FLOOR_APP)
        fast_exit_file = home / "floor_fast_exit.py"
        fast_exit_file.write_text(FLOOR_FAST_EXIT)
        english = {**env, "SCOREKEEPER_LANG": "en"}
        german = {**env, "SCOREKEEPER_LANG": "de"}
        commands = {
            "floor (typer app doing nothing)": ([sys.executable, str(floor_file), "status"], env),
            "  the same, ending with os._exit": ([sys.executable, str(fast_exit_file), "status"], env),
        }
        for command in ("status", "standings"):
            commands[f"scorekeeper {command}"] = ([sys.executable, "-m", "scorekeeper", command], english)
            commands[f"scorekeeper {command} (German)"] = ([sys.executable, "-m", "scorekeeper", command], german)
            if arguments.before:
                # the earlier version knows no SCOREKEEPER_LANG: English
                commands[f"scorekeeper {command} (before)"] = ([arguments.before, "-m", "scorekeeper", command], env)
        for argv, environment in commands.values():
            timed(argv, environment, home)  # warm the file caches
        # one of each in turn, round after round, so a change in the machine's load
        # falls on all of them alike
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(runs):
            for label, (argv, environment) in commands.items():
                times[label].append(timed(argv, environment, home))
        medians = {label: statistics.median(values) for label, values in times.items()}
        floor = medians["floor (typer app doing nothing)"]
        for label, took in medians.items():
            print(f"{label:<34} {took * 1000:7.1f} ms  {took / floor:5.2f}x the floor")
        for command in ("status", "standings"):
            plain = medians[f"scorekeeper {command}"]
            print(f"{command}: German {medians[f'scorekeeper {command} (German)'] / plain:.3f}x English", end="")
            if arguments.before:
                print(f"; English {plain / medians[f'scorekeeper {command} (before)']:.3f}x before", end="")
            print()


if __name__ == "__main__":
    main()
