"""Start-up latency at the table: `status` and `standings` on a finished 19-hand Oh Hell game,
against a minimal typer app that does nothing (the floor of this stack).

    python bench/latency.py [--runs 15]

Prints the median wall time of each and its ratio to the floor. Goal: <= 1.2x the floor.
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

FLOOR_APP = """
import typer
app = typer.Typer()
@app.command()
def status(): pass
@app.command()
def standings(): pass
app()
"""


def median_time(argv: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    from scorekeeper import demo

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        demo.play(home)  # a finished 19-hand game, current in this store
        env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
        floor_file = home / "floor.py"
        floor_file.write_text(FLOOR_APP)
        for argv in ([sys.executable, str(floor_file), "status"], [sys.executable, "-m", "scorekeeper", "status"]):
            subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)  # warm the caches
        floor = median_time([sys.executable, str(floor_file), "status"], env, runs)
        print(f"floor (typer app doing nothing): {floor * 1000:7.1f} ms")
        for command in ("status", "standings"):
            took = median_time([sys.executable, "-m", "scorekeeper", command], env, runs)
            print(f"scorekeeper {command:<10}          {took * 1000:7.1f} ms  {took / floor:5.2f}x the floor")


if __name__ == "__main__":
    main()
