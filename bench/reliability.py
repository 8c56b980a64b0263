"""The store's promises, tested from the outside the way a scorer runs the program: every
command here is `python -m scorekeeper …` in a process of its own, against a scratch store.

  crash        kill -9 a command at a random moment while it records an entry: no entry it
               acknowledged is lost, and the store always verifies
  interrupt    Ctrl-C (SIGINT) at a random moment: what the command says ("entry N was
               recorded" / "nothing was recorded") is what the store holds
  concurrency  several processes recording at once: every entry lands, once, in one chain
  fuzz         random command lines and damaged ruleset files (in-process, quick): never a
               traceback, always one of the exit codes 0-3 and at most two lines on stderr
  backup       `backup` while several processes record entries: every copy verifies, holds a
               whole prefix of each chain, and restores into a store that verifies
  faults       each fault named for what it is: a full disk (a small tmpfs, when run as root),
               a zero-byte store, a damaged version header, a game swapped for a copy (caught
               by `verify --digest`), each damage leaving the files as they were
  writers      every front end on one store at once: two phones on a real `serve` (killed
               with kill -9 and started again), `comment` commands (some killed with kill -9)
               and a `play` session, on one game and on a night of three tables: every entry
               a front end acknowledged is in the store once, in the order acknowledged

    python bench/reliability.py                 # every part, the default counts
    python bench/reliability.py fuzz --runs 5000 --seed 7

The suite runs a bounded fuzz (tests/test_fuzz.py) with `command_lines` and `ruleset_files`
from here; this script runs the longer ones and prints the figures the README quotes.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def sk_process(home: Path, *args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    env.pop("SCOREKEEPER_GAME", None)
    # a shell's background job starts with Ctrl-C ignored; a scorer's command does not
    return subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kw)  # fmt: skip


def sk_run(home: Path, *args: str) -> subprocess.CompletedProcess:
    child = sk_process(home, *args)
    out, err = child.communicate(timeout=120)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def new_game(home: Path) -> str:
    done = sk_run(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert done.returncode == 0, done.stderr
    return re.search(r"New game ([0-9a-f]+)", done.stdout).group(1)


def comments(home: Path, game_id: str) -> list[str]:
    from scorekeeper.storage import store

    with store.Store(home) as db:
        return [e.body["text"] for e in db.events(game_id) if e.body["type"] == "comment"]


def verifies(home: Path) -> bool:
    from scorekeeper.storage import store

    with store.Store(home) as db:
        return db.verify() == []


def command_seconds(home: Path) -> float:
    """How long one `comment` takes here, start to finish (the median of three)."""
    took = []
    for k in range(3):
        started = time.monotonic()
        sk_run(home, "comment", f"timing {k}")
        took.append(time.monotonic() - started)
    return sorted(took)[1]


# --- crash ---------------------------------------------------------------------------------


def crash(rounds: int, rng: random.Random) -> dict[str, int]:
    """kill -9 `comment` at a random moment, `rounds` times, in one store."""
    home = Path(tempfile.mkdtemp(prefix="sk-crash-"))
    game = new_game(home)
    life = command_seconds(home)
    acknowledged, broken = [], 0
    killed_before_ack = 0
    for i in range(rounds):
        child = sk_process(home, "comment", f"c{i}")
        time.sleep(rng.uniform(0.3, 1.1) * life)  # around the moment it stores the entry
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        if child.returncode == 0 and "comment noted" in out.lower():  # it said the entry was stored
            acknowledged.append(f"c{i}")
        else:
            killed_before_ack += 1
        if i % 10 == 9 and not verifies(home):
            broken += 1
    stored = [c for c in comments(home, game) if not c.startswith("timing")]
    return {
        "kills": rounds,
        "acknowledged": len(acknowledged),
        "stored": len(stored),
        "acknowledged but lost": len(set(acknowledged) - set(stored)),
        "stored twice": len(stored) - len(set(stored)),
        "checks that failed to verify": broken + (not verifies(home)),
    }


# --- interrupt -----------------------------------------------------------------------------


def interrupt(rounds: int, rng: random.Random) -> dict[str, int]:
    """SIGINT `comment` at a random moment: its last words must match the store."""
    home = Path(tempfile.mkdtemp(prefix="sk-int-"))
    game = new_game(home)
    life = command_seconds(home)
    tally = {"interrupts": rounds, "said recorded, and was": 0, "said nothing recorded, and nothing was": 0,
             "finished before the interrupt": 0, "wrong or silent": 0, "tracebacks": 0}  # fmt: skip
    for i in range(rounds):
        before = len(comments(home, game))
        child = sk_process(home, "comment", f"i{i}")
        time.sleep(rng.uniform(0.3, 1.1) * life)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
        after = comments(home, game)
        landed = len(after) > before
        if "Traceback" in err:
            tally["tracebacks"] += 1
            print("  TRACEBACK", err.strip().splitlines()[-3:])
        if child.returncode == 0 and landed:
            tally["finished before the interrupt"] += 1
        elif "interrupted; entry" in err and "was recorded" in err and landed:
            tally["said recorded, and was"] += 1
        elif "interrupted; nothing was recorded" in err and not landed:
            tally["said nothing recorded, and nothing was"] += 1
        else:
            tally["wrong or silent"] += 1
            print(f"  WRONG exit {child.returncode}, stored {landed}: {err.strip()[-300:]!r}")
    tally["store verifies"] = int(verifies(home))
    return tally


# --- concurrency ---------------------------------------------------------------------------


def commenting(home: Path, processes: int, each: int) -> list[subprocess.Popen]:
    """`processes` scorers started at once, each recording `each` comments (`p0-0`, `p0-1`, …)
    one `sk comment` process after another; each exits with the highest code it got."""
    script = "; ".join([
        "import subprocess, sys",
        "who, n = sys.argv[1], int(sys.argv[2])",
        "codes = [subprocess.run([sys.executable, '-m', 'scorekeeper', 'comment', f'{who}-{k}'],"
        " capture_output=True).returncode for k in range(n)]",
        "sys.exit(max(codes))",
    ])  # fmt: skip
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return [subprocess.Popen([sys.executable, "-c", script, f"p{p}", str(each)], env=env) for p in range(processes)]


def concurrency(processes: int, each: int) -> dict[str, int]:
    """`processes` scorers each record `each` comments at once, in the same game."""
    home = Path(tempfile.mkdtemp(prefix="sk-conc-"))
    game = new_game(home)
    started = time.monotonic()
    workers = commenting(home, processes, each)
    codes = [w.wait(timeout=3600) for w in workers]
    seconds = time.monotonic() - started
    stored = comments(home, game)
    wanted = {f"p{p}-{k}" for p in range(processes) for k in range(each)}
    in_order = all(
        [c for c in stored if c.startswith(f"p{p}-")] == [f"p{p}-{k}" for k in range(each)] for p in range(processes)
    )
    return {
        "processes": processes,
        "entries sent": len(wanted),
        "entries stored": len(stored),
        "lost": len(wanted - set(stored)),
        "stored twice": len(stored) - len(set(stored)),
        "each process's entries in its order": int(in_order),
        "commands that failed": sum(1 for c in codes if c),
        "store verifies": int(verifies(home)),
        "seconds": round(seconds),
    }


# --- writers -------------------------------------------------------------------------------


def writers(rounds: int, phone_entries: int, seed: int) -> dict[str, int]:
    """`rounds` runs of every front end at once (tests/mixed_writers.py), each on a fresh store,
    alternately one game and a night of three tables; cold processes, as a scorer runs them."""
    sys.path.insert(0, str(ROOT / "tests"))
    from mixed_writers import mixed
    from served import Served

    def start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
        return sk_process(Path(env["SCOREKEEPER_HOME"]), *args)

    def play(args: list[str], env: dict[str, str]) -> subprocess.Popen:
        return sk_process(Path(env["SCOREKEEPER_HOME"]), *args, stdin=subprocess.PIPE, bufsize=1)

    def serve(home: Path, *args: str) -> Served:
        return Served(home, *args, cold=True, env={"PYTHONPATH": str(ROOT)})

    total: dict[str, int] = {}
    for k in range(rounds):
        home = Path(tempfile.mkdtemp(prefix="sk-writers-"))
        figures = mixed(home, start=start, serve=serve, play=play, night=k % 2 == 1, phone_entries=phone_entries,
                        command_entries=phone_entries // 2, play_entries=phone_entries // 2, server_kills=3,
                        kill_every=1.5, seed=seed + k)  # fmt: skip
        for key, value in figures.items():
            total[key] = total.get(key, 0) + value
    total["stores that verify"] = total.pop("store verifies", 0)
    return {"runs": rounds, **total}


# --- fuzz ----------------------------------------------------------------------------------

COMMANDS = ["new", "status", "standings", "trump", "flip", "cursed", "bid", "poison", "tricks", "took",
            "first", "last", "moon", "renege", "comment", "undo", "why", "sheet", "log", "verify", "games",
            "use", "rules", "rulesets", "winner", "trick", "counts", "stats", "import", "dealer", "abandon"]  # fmt: skip
OPTIONS = ["--json", "--game", "--hand", "--set", "--players", "--dealer", "--name", "--format", "--output",
           "--force", "--digest", "--kind", "--note", "--led", "--trump", "--ruleset", "--chart", "--rebuild",
           "--from", "--forced", "--home"]  # fmt: skip
WORDS = ["Ann", "Bob", "Cat", "Ann=3", "Bob=-1", "Cat=x", "h", "hearts", "none", "QS", "10h", "JK", "Diplomat",
         "bid:3", "blind:2", "take", "oh-hell-mrpikes", "pick-your-poison", "snakebit", "compendium", "hands=0",
         "hands=99999999999999", "rounds=4,4,4", "sizes=fixed", "start=3", "0", "-1", "3", "13", "1e999",
         "9" * 40, "", " ", "=", ",", "Ann,Bob,Cat", "A,B", "\x1b]0;x\x07", "\r", "\x00", "é", "♠", "/dev/zero",
         "/", ".", "..", "x" * 300, "json", "html", "csv", "new", "check", "1/0", "NaN", "--", "-"]  # fmt: skip


def command_lines(rng: random.Random, count: int) -> list[list[str]]:
    """Random command lines: a command (usually), options and words in any order."""
    lines = []
    for _ in range(count):
        line = [rng.choice(COMMANDS)] if rng.random() < 0.95 else []
        for _ in range(rng.randint(0, 6)):
            pick = rng.random()
            if pick < 0.3:
                line.append(rng.choice(OPTIONS))
            elif pick < 0.9:
                line.append(rng.choice(WORDS))
            else:
                line.append("".join(chr(rng.randint(1, 0x2FF)) for _ in range(rng.randint(1, 8))))
        lines.append(line)
    return lines


def ruleset_files(rng: random.Random, count: int) -> list[str]:
    """Built-in ruleset files with one value swapped for something a file should not hold."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "rulesets").glob("*.toml"))]
    values = ['"3"', "[3, 0, 7]", "-1", "0", "9223372036854775807", '"1e999999999"', '"1/0"', "1e300", "true",
              '""', "{}", '{ x = 1 }', '"' + "x" * 300 + '"', "3.5"]  # fmt: skip
    out = []
    for _ in range(count):
        text = rng.choice(texts)
        spots = [m for m in re.finditer(r"(?m)(=\s*)(-?\d+|\"[^\"\n]*\"|true|false)", text)]
        for m in rng.sample(spots, k=min(len(spots), rng.randint(1, 3))):
            text = text[: m.start(2)] + rng.choice(values) + text[m.end(2):]
        out.append(text)
    return out


def judge(result) -> str | None:
    """What is wrong with one command's result, if anything."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"{type(result.exception).__name__}: {result.exception}"
    if result.exit_code not in (0, 1, 2, 3, 130):
        return f"exit code {result.exit_code}"
    if "Traceback" in result.stderr:
        return "a traceback"
    lines = result.stderr.strip().splitlines()
    if result.exit_code and not lines:
        return "a refusal that says nothing"
    # one line per problem, each saying what it is (a ruleset file may have several)
    if any(not line.startswith(("refused: ", "error: ", "warning: ")) for line in lines):
        return f"a line on stderr that is not a refusal: {lines!r}"
    return None


def fuzz(runs: int, rng: random.Random, home: Path | None = None) -> dict[str, int]:
    """Random command lines and ruleset files in-process, against a store holding a game."""
    from unittest import mock

    import typer.main
    from typer.testing import CliRunner

    from scorekeeper.cli import app

    # typer builds the click command from every command's signature at each invoke (90% of
    # the fuzz's time); build it once, as the console script does once a run
    built = mock.patch("typer.testing._get_command", return_value=typer.main.get_command(app))

    home = home or Path(tempfile.mkdtemp(prefix="sk-fuzz-"))
    os.environ["SCOREKEEPER_HOME"] = str(home)
    os.environ.pop("SCOREKEEPER_GAME", None)
    runner = CliRunner()
    cwd = os.getcwd()
    os.chdir(home.parent)  # a stray --output lands in scratch space
    failures: list[str] = []
    try:
        built.start()
        runner.invoke(app, ["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat"])
        lines = command_lines(rng, runs)
        for line in lines:
            if "--home" in line:  # keep every run in the scratch store
                line = [w for w in line if w != "--home"]
            result = runner.invoke(app, line, catch_exceptions=True)
            problem = judge(result)
            if problem:
                failures.append(f"{line!r}: {problem}")
        files = ruleset_files(rng, max(1, runs // 10))
        for i, text in enumerate(files):
            path = home.parent / f"fuzzed-{i}.toml"
            path.write_text(text, encoding="utf-8")
            for line in (["rules", "check", str(path)], ["new", str(path), "--players", "Ann,Bob,Cat"]):
                problem = judge(runner.invoke(app, line, catch_exceptions=True))
                if problem:
                    failures.append(f"{line!r} on a fuzzed file: {problem}")
        from scorekeeper.storage import store

        with store.Store(home) as db:
            intact = db.verify() == []
    finally:
        built.stop()
        os.chdir(cwd)
    for failure in failures[:20]:
        print("  FAIL", failure[:300])
    return {"command lines": len(lines), "ruleset files": len(files) * 2, "failures": len(failures),
            "store verifies": int(intact)}  # fmt: skip


# --- backup --------------------------------------------------------------------------------


def events_in(path: Path) -> dict[str, int]:
    """Each game's entries in a store file, read without writing a byte."""
    import sqlite3

    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    try:
        return dict(conn.execute("SELECT game_id, count(*) FROM events GROUP BY game_id"))
    finally:
        conn.close()


def backup(count: int, processes: int, each: int) -> dict[str, int]:
    """`count` backups taken one after another while `processes` scorers each record `each`
    comments; then the middle copy restored."""
    from scorekeeper.storage import store

    home = Path(tempfile.mkdtemp(prefix="sk-backup-"))
    game = new_game(home)
    workers = commenting(home, processes, each)
    copies, refused = [], 0
    for k in range(count):
        target = home / f"copy-{k}.sqlite3"
        done = sk_run(home, "backup", str(target))
        if done.returncode == 0 and "the copy verifies" in done.stdout:
            copies.append(target)
        else:
            refused += 1
            print("  BACKUP", done.returncode, done.stderr.strip()[-300:])
    codes = [w.wait(timeout=3600) for w in workers]
    sizes = [events_in(c).get(game, 0) for c in copies]
    whole = 0
    for copy in copies:
        try:
            store.Store.verify_copy(copy)
            whole += 1
        except Exception as exc:
            print("  COPY", copy, exc)
    middle = copies[len(copies) // 2] if copies else None
    restored = middle is not None and sk_run(home, "restore", str(middle)).returncode == 0
    return {
        "backups": count,
        "refused": refused,
        "copies that verify": whole,
        "entries in the copies, fewest-most": f"{min(sizes, default=0)}-{max(sizes, default=0)}",
        "copies in order": int(sizes == sorted(sizes)),
        "writers' commands that failed": sum(1 for c in codes if c),
        "restored and verifies": int(restored and verifies(home) and events_in(home / store.Store.FILENAME) == events_in(middle)),
    }


# --- faults --------------------------------------------------------------------------------


def faults(rounds: int) -> dict[str, int]:
    """Each fault, `rounds` times, in a fresh store: the message names it, the exit code is 3,
    and a damaged store's files are left as they were."""
    import sqlite3

    from scorekeeper.storage import store

    tally = {"rounds": rounds, "named rightly": 0, "named wrongly": 0, "files changed": 0, "full disk": "skipped"}

    def files(home: Path) -> dict[str, bytes]:
        return {str(p): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}

    def played(home: Path) -> str:
        game = new_game(home)
        for args in (("trump", "h"), ("bid", "3", "0", "6"), ("tricks", "3", "0", "7")):
            sk_run(home, *args)
        return game

    def judge(home: Path, expected: str, *commands: tuple[str, ...], damaged: bool = True) -> None:
        before = files(home)
        for command in commands:
            done = sk_run(home, *command)
            right = done.returncode == 3 and expected in done.stderr and "Traceback" not in done.stderr
            tally["named rightly" if right else "named wrongly"] += 1
            if not right:
                print(f"  WRONG {command}: {done.returncode} {done.stderr.strip()[-300:]!r}")
        tally["files changed"] += damaged and files(home) != before

    for _ in range(rounds):
        home = Path(tempfile.mkdtemp(prefix="sk-zero-"))
        played(home)
        (home / store.Store.FILENAME).write_bytes(b"")
        judge(home, "is empty (0 bytes), yet its backups beside it show a store was there", ("status",), ("verify",), ("comment", "x"))
        for version in (0, -1):
            home = Path(tempfile.mkdtemp(prefix="sk-version-"))
            played(home)
            conn = sqlite3.connect(home / store.Store.FILENAME)
            conn.execute(f"PRAGMA user_version = {version}")
            conn.close()
            judge(home, f"its header says it is store version {version}", ("status",), ("verify",))
        home = Path(tempfile.mkdtemp(prefix="sk-swap-"))
        game = played(home)
        digest = re.search(r"Chain digest: ([0-9a-f]+)", sk_run(home, "standings").stdout)[1]
        swap_for_a_copy(home, game)
        # not damage: the store is whole (`verify` may rebuild the copy's cached summary)
        judge(home, f"the digest {digest} belongs to game {game}", ("verify", "--digest", digest), damaged=False)
    tally["full disk"] = full_disk(rounds)
    return tally


def swap_for_a_copy(home: Path, game: str) -> None:
    """The rewrite no chain catches alone: the game copied under a new id with hand 1 changed,
    its chain recomputed, and the copy made current."""
    import json
    import secrets
    import sqlite3

    from scorekeeper.storage import chain, store

    copy = secrets.token_hex(16)
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (game,)).fetchall()
    prev, copied = chain.ZERO_HASH, []
    for n, at, body in rows:
        data = json.loads(body)
        data.update({"game_id": copy} if n == 0 else {})
        if data["type"] == "bids":
            data["bids"]["Cat"] = 7
        digest = chain.chain_hash(prev, copy, n, at, data)
        copied.append((copy, n, at, data["type"], chain.canonical_json(data), prev, digest))
        prev = digest
    conn.execute("BEGIN")
    conn.execute("INSERT INTO games (id, created_at, events, head) VALUES (?, ?, ?, ?)", (copy, rows[0][1], len(rows), prev))
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", copied)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'current_game'", (copy,))
    conn.execute("COMMIT")
    conn.close()


def full_disk(rounds: int) -> str:
    """A 320 KiB tmpfs filled to the last byte, `rounds` times: the write names the full disk,
    `status` and `verify` still read, and once space is freed the write goes in."""
    mount = Path(tempfile.mkdtemp(prefix="sk-disk-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(mount)], capture_output=True).returncode:
        return "skipped (cannot mount a tmpfs: not root)"
    good = 0
    try:
        for k in range(rounds):
            home = mount / f"h{k}"
            home.mkdir()
            (home / "settings.toml").write_text("[backups]\nkeep = 0\n")
            new_game(home)
            filler = mount / "filler"
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
            for size in (65536, 4096, 1):
                try:
                    while True:
                        os.write(fd, b"\0" * size)
                except OSError:
                    pass
            os.close(fd)
            wrote = sk_run(home, "comment", "on a full disk")
            status, verify = sk_run(home, "status"), sk_run(home, "verify")
            filler.unlink()
            after = sk_run(home, "comment", "space freed")
            right = (wrote.returncode == 3 and "is full" in wrote.stderr and status.returncode == 0
                     and verify.returncode == 0 and after.returncode == 0)  # fmt: skip
            good += right
            if not right:
                print("  FULL", wrote.stderr.strip()[-200:], status.stderr.strip()[-200:], verify.stderr.strip()[-200:])
            subprocess.run(["rm", "-rf", str(home)], check=False)
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
    return f"{good} of {rounds} named full, read on, and recovered"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="*",
                        default=["crash", "interrupt", "concurrency", "fuzz", "backup", "faults", "writers"])  # fmt: skip
    parser.add_argument("--backups", type=int, default=20, help="backups taken while others write")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of each fault")
    parser.add_argument("--runs", type=int, default=3000, help="fuzzed command lines")
    parser.add_argument("--kills", type=int, default=100, help="kill -9 rounds")
    parser.add_argument("--interrupts", type=int, default=100, help="Ctrl-C rounds")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--each", type=int, default=25, help="entries per concurrent process")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--writers", type=int, default=4, help="runs of every front end at once")
    parser.add_argument("--entries", type=int, default=60, help="entries per phone in each run of writers")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for part in args.parts:
        started = time.monotonic()
        if part == "crash":
            figures = crash(args.kills, rng)
        elif part == "interrupt":
            figures = interrupt(args.interrupts, rng)
        elif part == "concurrency":
            figures = concurrency(args.processes, args.each)
        elif part == "fuzz":
            figures = fuzz(args.runs, rng)
        elif part == "backup":
            figures = backup(args.backups, args.processes, args.each)
        elif part == "faults":
            figures = faults(args.rounds)
        elif part == "writers":
            figures = writers(args.writers, args.entries, args.seed)
        else:
            parser.error(f"no part {part!r}")
        shown = ", ".join(f"{k} {v}" for k, v in figures.items())
        print(f"{part} ({time.monotonic() - started:.0f} s): {shown}", flush=True)


if __name__ == "__main__":
    main()
