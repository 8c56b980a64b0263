"""One laptop serving a club night: `serve --night` with 30 tables, each watched by 6 phones
on its table's page (180 open event streams, `/table/ID/api/events`), against the same with
one table, both running side by side while entries go to each in turn. Measured: each
entry's latency (POST /table/ID/api/entry until its answer: the entry is stored before the
answer) and how long after that answer each phone of that table has the new state.

    python bench/night_serve.py [--entries 30] [--phones 6]

Targets: the 30-table median entry latency <= 1.3x the one-table median; p95 of the phones'
delay <= 1 s; no request fails.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

SHORT = ["--set", "sizes=fixed", "--set", "start=1", "--set", "hands=40", "--set", "trump=none"]


def sk(home: str, *args: object) -> str:
    env = {**os.environ, "SCOREKEEPER_HOME": home}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *map(str, args)], env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout


def night(home: str, name: str, tables: int) -> None:
    players = ",".join(f"{name}{i}" for i in range(tables * 4))
    sk(home, "seat", "--players", players, "--rounds", 1, "--ruleset", "oh-hell-mrpikes", "--tables", tables,
       "--seed", 1, "--night", name)  # fmt: skip
    sk(home, "night", "start", name, "--round", 1, *SHORT)


def serve(home: str, name: str) -> tuple[subprocess.Popen, int, list[tuple[str, str]]]:
    env = {**os.environ, "SCOREKEEPER_HOME": home, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--night", name, "--port", "0"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    lines = []
    while not lines or not lines[-1].startswith("Ctrl-C stops it."):
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"serve ended: {''.join(lines)} {proc.stderr.read()}")
        lines.append(line)
    text = "".join(lines)
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", text).group(1))
    return proc, port, re.findall(r"/table/([0-9a-f]+)/#scorer=(\S+)", text)


async def phone(client, port: int, game: str, arrivals: list[float], failures: list[str], ready: asyncio.Event) -> None:
    try:
        async with client.stream("GET", f"http://127.0.0.1:{port}/table/{game}/api/events") as answer:
            async for line in answer.aiter_lines():
                if line.startswith("event: state"):
                    arrivals.append(time.perf_counter())
                    ready.set()
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        failures.append(f"phone: {type(exc).__name__}: {exc}")


async def enter(client, port: int, game: str, secret: str, line: str, failures: list[str]) -> float:
    started = time.perf_counter()
    answer = await client.post(f"http://127.0.0.1:{port}/table/{game}/api/entry", json={"line": line},
                               headers={"Authorization": f"Bearer {secret}"})  # fmt: skip
    if answer.status_code != 200:
        failures.append(f"entry {line!r}: {answer.status_code} {answer.text[:200]}")
    return time.perf_counter() - started


async def run(entries: int, per_table: int) -> None:
    import httpx

    with tempfile.TemporaryDirectory() as home:
        night(home, "room", 30)
        night(home, "one", 1)
        room, room_port, room_tables = serve(home, "room")
        single, single_port, single_tables = serve(home, "one")
        failures: list[str] = []
        limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
        try:
            async with httpx.AsyncClient(timeout=30, limits=limits) as client:
                phones = {game: [([], asyncio.Event()) for _ in range(per_table)] for game, _ in room_tables}
                tasks = [asyncio.create_task(phone(client, room_port, game, a, failures, r))
                         for game, watching in phones.items() for a, r in watching]  # fmt: skip
                await asyncio.wait_for(asyncio.gather(*(r.wait() for w in phones.values() for _, r in w)), 60)
                room_times, single_times, delays = [], [], []
                hands = {game: 0 for game, _ in room_tables + single_tables}
                for i in range(entries):
                    for tables, port, times in ((room_tables, room_port, room_times),
                                                (single_tables, single_port, single_times)):  # fmt: skip
                        game, secret = tables[i % len(tables)]
                        line = "bid 1 0 0 0" if hands[game] % 2 == 0 else "tricks 1 0 0 0"
                        hands[game] += 1
                        watching = phones.get(game, [])
                        seen = [len(a) for a, _ in watching]
                        spent = await enter(client, port, game, secret, line, failures)
                        times.append(spent)
                        answered = time.perf_counter()
                        if port == room_port:
                            deadline = answered + 5
                            while any(len(a) == s for (a, _), s in zip(watching, seen, strict=True)) and time.perf_counter() < deadline:
                                await asyncio.sleep(0.01)
                            for (a, _), s in zip(watching, seen, strict=True):
                                delays.append(max(0.0, a[s] - answered) if len(a) > s else float("inf"))
                    await asyncio.sleep(0.2)
                for task in tasks:
                    task.cancel()
        finally:
            for proc in (room, single):
                proc.send_signal(signal.SIGINT)
                proc.communicate(timeout=15)
    room_median, single_median = statistics.median(room_times), statistics.median(single_times)
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))]
    print(f"{entries} entries to each server; {30 * per_table} phones on the 30-table room")
    print(f"entry latency, median: 30 tables {room_median * 1000:.1f} ms, one table {single_median * 1000:.1f} ms "
          f"= {room_median / single_median:.2f}x (target <= 1.3x)")  # fmt: skip
    print(f"phones with the new state after the entry's answer: p95 {p95 * 1000:.0f} ms, "
          f"max {delays[-1] * 1000:.0f} ms (target p95 <= 1000 ms)")  # fmt: skip
    print(f"failed requests: {len(failures)}" + (f" (first: {failures[0]})" if failures else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=30)
    parser.add_argument("--phones", type=int, default=6, help="phones watching each table")
    options = parser.parse_args()
    asyncio.run(run(options.entries, options.phones))


if __name__ == "__main__":
    main()
