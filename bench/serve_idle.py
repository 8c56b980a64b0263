"""The scorer and a phone while idle connections crowd `serve` (loopback only):

--idle connections (1,000) are opened to `serve` on 127.0.0.1 and held, half of them silent,
half sending half a request's headers and nothing more; each one the server closes is opened
again (as an attacker would), for --seconds (15). Meanwhile, twice a second, the scorer's
phone enters a comment (POST /api/entry) and a phone reads the game (GET /api/state), each
on a connection of its own, as a phone coming back does. Printed: how many of each were
answered 200 and how fast, how many held connections the server closed, and what the server
printed on its terminal (before: every request 503 for ~10 s, "serve: Exceeded concurrency
limit." a line each).

    python bench/serve_idle.py [--idle 1000] [--seconds 15]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from serve_load import Server, new_game

HOST = "127.0.0.1"  # never anywhere else
MOST_IDLE, MOST_SECONDS = 5000, 120.0  # bounds on what this bench may hold, and for how long


def hold(port: int, count: int, until: float, tally: dict[str, int], ready: threading.Event) -> None:
    """`count` idle connections held until `until`, each opened again once the server closes it."""
    held: list[socket.socket] = []

    def opened(i: int) -> socket.socket:
        sock = socket.create_connection((HOST, port), timeout=5)
        if i % 2:
            sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.")  # half a request's headers
        sock.setblocking(False)
        tally["opened"] += 1
        return sock

    try:
        for i in range(count):
            held.append(opened(i))
        tally["held"] = len(held)
        ready.set()
        while time.monotonic() < until:
            for i, sock in enumerate(held):
                try:
                    closed = sock.recv(1, socket.MSG_PEEK) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                if closed:
                    tally["closed by the server"] += 1
                    sock.close()
                    held[i] = opened(i)
            time.sleep(0.05)
    finally:
        ready.set()
        for sock in held:
            sock.close()


def timed(port: int, method: str, path: str, body: str | None, headers: dict[str, str]) -> tuple[int, float]:
    start = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=15)
    try:
        conn.request(method, path, body, headers)
        answer = conn.getresponse()
        answer.read()
        return answer.status, time.monotonic() - start
    except OSError:
        return 0, time.monotonic() - start
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    idle, seconds = min(args.idle, MOST_IDLE), min(args.seconds, MOST_SECONDS)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < idle + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(idle + 100, hard), hard))
    scratch = Path(tempfile.mkdtemp(prefix="serve-idle-"))
    env = {**os.environ, "SCOREKEEPER_HOME": str(scratch / "served")}
    new_game(env, 2)
    server = Server(env)
    tally = {"opened": 0, "held": 0, "closed by the server": 0}
    started = time.monotonic()
    until = started + seconds
    ready = threading.Event()
    holder = threading.Thread(target=hold, args=(server.port, idle, until, tally, ready), daemon=True)
    holder.start()
    ready.wait()
    held_after = time.monotonic() - started
    entries: list[tuple[int, float]] = []
    reads: list[tuple[int, float]] = []
    scorer = {"Authorization": f"Bearer {server.secret}", "Content-Type": "application/json"}
    n = 0
    while time.monotonic() < until - 0.5:
        n += 1
        entries.append(timed(server.port, "POST", "/api/entry", json.dumps({"line": f"comment 'entry {n}'"}), scorer))
        reads.append(timed(server.port, "GET", "/api/state", None, {}))
        time.sleep(0.5)
    holder.join()
    server.proc.send_signal(2)
    _, err = server.proc.communicate(timeout=30)

    def said(what: str, done: list[tuple[int, float]]) -> str:
        ok = [t for status, t in done if status == 200]
        statuses = sorted({status for status, _t in done if status != 200})
        figures = f", {statistics.median(ok) * 1000:.0f} ms median, {max(ok) * 1000:.0f} ms max" if ok else ""
        return f"{what}: {len(ok)} of {len(done)} answered 200{figures}" + (f"; others: {statuses}" if statuses else "")

    print(f"{idle} idle connections to serve on {HOST} held for {seconds:.0f} s (all open after {held_after:.1f} s; "
          f"{tally['opened']} opened in all, {tally['closed by the server']} closed by the server and opened again)")  # fmt: skip
    print(said("entries from the scorer's phone (POST /api/entry)", entries))
    print(said("reads from a phone (GET /api/state)", reads))
    lines = [line for line in err.splitlines() if line.strip()]
    print(f"the server's terminal: {len(lines)} lines"
          + (f", {sum('Exceeded concurrency limit' in line for line in lines)} of them 'Exceeded concurrency limit.'"
             if lines else ""))  # fmt: skip
    sys.exit(0 if all(s == 200 for s, _t in entries + reads) and not lines else 1)


if __name__ == "__main__":
    main()
