"""The test suite's wall time and CPU, every process it starts counted, and optionally against
another checkout run in turns with it (the machine is noisy: only ratios measured side by side
in one run mean anything).

    python bench/suite.py [--runs 3] [--against OTHER_CHECKOUT] [-- PYTEST_ARGS…]

Each run is `python -m pytest -p no:cacheprovider PYTEST_ARGS` in a checkout's folder (this
one's, then the other's, in turns), with this interpreter. Two CPU figures are printed:
- `waited`: what `/usr/bin/time` says, the CPU of the processes the run waited for;
- `all`: every process the run started, including those whose parent ended before them and
  that the system would otherwise have handed to init. Chromium leaves its zygote and
  renderers so when the browser closes, several seconds of CPU that `waited` misses. This
  script makes itself their reaper (Linux: PR_SET_CHILD_SUBREAPER) to count them.
The load average is printed before each run.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PR_SET_CHILD_SUBREAPER = 36


def cpu(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def one_run(folder: Path, pytest_args: list[str]) -> tuple[float, float, float, int]:
    """(wall seconds, waited-for CPU, all CPU, exit status) of one run of the suite."""
    before = cpu(resource.getrusage(resource.RUSAGE_CHILDREN))
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.chdir(folder)
        os.execv(sys.executable, [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *pytest_args])
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    while True:  # the orphans handed to this process, until none is left
        try:
            os.wait4(-1, 0)
        except ChildProcessError:
            break
    return wall, cpu(usage), cpu(resource.getrusage(resource.RUSAGE_CHILDREN)) - before, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each checkout (default 3)")
    parser.add_argument("--against", type=Path, help="another checkout, run in turns with this one")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    options = parser.parse_args()
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("cannot become the reaper of orphaned processes (Linux only): `all` would miss them")
    checkouts = {"this": HERE} | ({"other": options.against.resolve()} if options.against else {})
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in checkouts}
    for turn in range(options.runs):
        for name, folder in checkouts.items():
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            wall, waited, every, code = one_run(folder, options.pytest_args)
            figures[name].append((wall, waited, every))
            print(f"run {turn + 1} {name:5} load {load}: {wall:6.1f} s wall, {waited:6.1f} s CPU waited, "
                  f"{every:6.1f} s CPU all, exit {code}", flush=True)  # fmt: skip
    for name, rows in figures.items():
        wall, waited, every = (statistics.median(column) for column in zip(*rows, strict=True))
        print(f"median {name:5}: {wall:6.1f} s wall, {waited:6.1f} s CPU waited, {every:6.1f} s CPU all")
    if options.against:
        pairs = list(zip(figures["this"], figures["other"], strict=True))
        for index, what in enumerate(("wall", "CPU waited", "CPU all")):
            ratios = sorted(this[index] / other[index] for this, other in pairs)
            print(f"this / other, {what}: " + ", ".join(f"{r:.2f}" for r in ratios) + " (each pair)")


if __name__ == "__main__":
    main()
