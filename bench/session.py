"""`sk play` against a separate `sk` command for each entry, side by side in one run:
keystrokes for a 5-player Oh Hell hand recorded by totals, and the time from the Enter that
ends an entry to the next prompt on the screen.

    python bench/session.py [--games 1] [--seed 7] [--against OTHER_CHECKOUT]

Two stores, the same game in each (oh-hell-mrpikes, Ann Bob Cat Dan Eve, Cat deals first),
the same random legal answers. Hand by hand, in turn: the three entries typed into one
`sk play` running at a pseudo-terminal (the answers are read off its prompt, as a scorer
would: the players in the order it names them), then the same three as separate commands,
`python -m scorekeeper trump h` and so on, each a new process, so a change in the
machine's load falls on both alike. Runs the source tree beside this script, its bytecode
cached. Also reports the CPU time per entry, which the machine's load does not inflate.

With --against, the other way is not separate commands but `sk play` from another checkout
of the project (its source tree, e.g. a `git worktree` of an earlier commit), typed the same
answers hand by hand in turn with this one's: the ratio of the two sessions' CPU per entry and
median reply is printed.

Targets (issue: one session for the evening): a hand in ≤ 22 keystrokes including Enters;
a reply in the session within a median of 10 ms and a 95th percentile of 25 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
PROMPT = re.compile(r"hand (\d+) · (\w+) deals (\d+) · (\w+)(?: \(([^)]*)\))?>|game over>")
START = "\x1b[?2004h"  # prompt_toolkit begins each prompt by turning bracketed paste on
CPR = "\x1b[6n"  # prompt_toolkit asks where the cursor is; a terminal answers
EXAMPLE = ["h", "2 1 0 3 1", "2 1 1 5 1"]  # the hand: trump, bids, tricks by totals


class Session:
    """`sk play` at a pseudo-terminal, answering the terminal's cursor position requests."""

    def __init__(self, env: dict[str, str], root: Path = ROOT) -> None:
        self.child = pexpect.spawn(
            sys.executable, ["-m", "scorekeeper", "play"], env={**env, "PYTHONPATH": str(root)}, cwd=str(root),
            encoding="utf-8", dimensions=(40, 160), timeout=30,
        )  # fmt: skip
        self.child.delaybeforesend = None  # pexpect's default pause before each send is 50 ms
        self.seen = ""

    def until_prompt(self) -> re.Match:
        """Read until a new prompt is drawn; returns its match."""
        while True:
            begun = self.seen.find(START)
            found = PROMPT.search(self.seen, begun) if begun >= 0 else None
            if found:
                self.seen = self.seen[found.end() :]
                return found
            chunk = self.child.read_nonblocking(65536, timeout=30)
            if CPR in chunk:
                self.child.send("\x1b[1;1R")
            self.seen += chunk

    def enter(self, line: str) -> tuple[float, re.Match]:
        """Type the line, then time Enter until the next prompt is on the screen."""
        self.child.send(line)
        while line not in self.seen:  # the echo: the line is in the editor
            self.seen += self.child.read_nonblocking(65536, timeout=30)
        self.seen = ""
        start = time.perf_counter()
        self.child.send("\r")
        found = self.until_prompt()
        return time.perf_counter() - start, found


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a running process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def answers(rng: random.Random, size: int) -> tuple[list[int], list[int]]:
    bids = [rng.randint(0, min(size, 3)) for _ in PLAYERS]
    tricks = [0] * len(PLAYERS)
    for _ in range(size):
        tricks[rng.randrange(len(PLAYERS))] += 1
    return bids, tricks


def command(env: dict[str, str], args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return time.perf_counter() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="whole 19-hand games to play in each way")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout whose `sk play` is typed the same answers")
    options = parser.parse_args()
    other = options.against.resolve() if options.against else None
    rng = random.Random(options.seed)
    suits = ["h", "s", "d", "c"]
    session_times: list[float] = []
    by_need: dict[str, list[float]] = {}
    command_times: list[float] = []
    keys_session: list[int] = []
    keys_command: list[int] = []
    cpu_session = cpu_command = 0.0
    with tempfile.TemporaryDirectory() as folder:
        # bytecode is cached (in __pycache__ beside the source), or every separate command
        # would compile every module again: an unfair handicap where PYTHONDONTWRITEBYTECODE is set
        skip = ("PYTHONPATH", "NO_COLOR", "PYTHONDONTWRITEBYTECODE")
        base = {k: v for k, v in os.environ.items() if k not in skip}
        base.update(PYTHONPATH=str(ROOT), TERM="xterm")
        base.pop("PROMPT_TOOLKIT_NO_CPR", None)
        for game in range(options.games):
            env_session = {**base, "SCOREKEEPER_HOME": str(Path(folder) / f"session{game}")}
            env_command = {**base, "SCOREKEEPER_HOME": str(Path(folder) / f"commands{game}")}
            new = ["new", "oh-hell-mrpikes", "--players", ",".join(PLAYERS), "--dealer", "Cat"]
            for env in (env_session, env_command):
                subprocess.run([sys.executable, "-m", "scorekeeper", *new], env=env, cwd=ROOT, check=True,
                               stdout=subprocess.DEVNULL)  # fmt: skip
            tty = Session(env_session)
            prompt = tty.until_prompt()
            session_cpu_start = cpu_seconds(tty.child.pid)
            their, their_cpu_start = None, 0.0
            if other is not None:
                their = Session(env_command, other)
                their.until_prompt()
                their_cpu_start = cpu_seconds(their.child.pid)
            hand = 0
            while prompt.group(0) != "game over>":
                size = int(prompt.group(3))
                bids, tricks = answers(rng, size)
                if hand == 0 and game == 0:  # the example hand first (Cat deals 10)
                    bids, tricks = [0, 3, 1, 2, 1], [1, 5, 1, 2, 1]
                by_player = {
                    "bids": dict(zip(PLAYERS, bids, strict=True)),
                    "tricks": dict(zip(PLAYERS, tricks, strict=True)),
                }
                trump = suits[hand % 4]
                typed = []
                while prompt.group(0) != "game over>" and int(prompt.group(1)) == hand + 1:
                    need, order = prompt.group(4), (prompt.group(5) or "").split()
                    line = trump if need == "trump" else " ".join(str(by_player[need][p]) for p in order)
                    typed.append(line)
                    took, prompt = tty.enter(line)
                    session_times.append(took)
                    by_need.setdefault(need, []).append(took)
                keys_session.append(sum(len(line) + 1 for line in typed))
                commands = [
                    ["trump", trump],
                    ["bid", *map(str, bids)],  # bare values in seating order: the CLI's shortest
                    ["tricks", *map(str, tricks)],
                ]
                keys_command.append(sum(len(" ".join(["sk", *args])) + 1 for args in commands))
                if their is not None:  # the same lines, typed into the other checkout's session
                    command_times.extend(their.enter(line)[0] for line in typed)
                else:
                    before = children_cpu()
                    for args in commands:
                        command_times.append(command(env_command, args))
                    cpu_command += children_cpu() - before
                hand += 1
            cpu_session += cpu_seconds(tty.child.pid) - session_cpu_start
            if their is not None:
                cpu_command += cpu_seconds(their.child.pid) - their_cpu_start
            for each in (tty, their) if their is not None else (tty,):
                each.child.sendcontrol("d")
                each.child.expect(pexpect.EOF)
            standings = [
                subprocess.run([sys.executable, "-m", "scorekeeper", "standings", "--json"], env=env, cwd=ROOT,
                               check=True, capture_output=True, text=True).stdout
                for env in (env_session, env_command)
            ]  # fmt: skip
            assert standings[0].split('"players"')[1] == standings[1].split('"players"')[1], (
                "the two games differ"
            )

    ms = 1000
    print(
        f"{len(keys_session)} hands, {len(session_times)} entries each way; one run, interleaved hand by hand"
    )
    print()
    print("keystrokes for a 5-player Oh Hell hand by totals (including Enters)")
    print(
        f"  the issue's hand ({' ⏎ '.join(EXAMPLE)} ⏎): sk play {keys_session[0]}, separate sk commands {keys_command[0]}"
    )
    print(
        f"  mean over the game: sk play {statistics.mean(keys_session):.1f}, separate sk commands {statistics.mean(keys_command):.1f}"
    )
    print()
    print("reply to an entry (Enter to the next prompt on screen), ms:   median    p95     max")
    theirs = f"inside sk play of {other}" if other is not None else "a separate sk command"
    for label, values in (("inside sk play", session_times), (theirs, command_times)):
        print(
            f"  {label:<55}{statistics.median(values) * ms:7.1f}{percentile(values, 0.95) * ms:7.1f}"
            f"{max(values) * ms:8.1f}"
        )
    for need, values in by_need.items():
        label = f"  inside sk play, {need}" + (" (closes the hand)" if need == "tricks" else "")
        print(
            f"{label:<57}{statistics.median(values) * ms:7.1f}{percentile(values, 0.95) * ms:7.1f}{max(values) * ms:8.1f}"
        )
    print()
    print("CPU time per entry (user + system; the machine's load does not count), ms")
    print(
        f"  inside sk play (typing, the reply and drawing the prompt): {cpu_session / len(session_times) * ms:.1f}"
    )
    print(f"  {theirs}: {cpu_command / len(command_times) * ms:.1f}")
    if other is not None:
        print(
            f"  this checkout against the other: CPU {cpu_session / cpu_command:.2f}x, median reply "
            f"{statistics.median(session_times) / statistics.median(command_times):.2f}x"
        )
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())} (2 CPUs)")


if __name__ == "__main__":
    main()
