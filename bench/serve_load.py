"""The scorer's phone under load, side by side in one run (the machine is noisy):

1. an entry from the scorer's phone (POST /api/entry, to `serve` in a process of its own)
   with 20 phones watching (Server-Sent Events), against an entry in `play` (a session run
   in this process, on a twin store) plus one HTTP round trip to the same server, the two
   taking turns entry by entry. Target: median ratio <= 1.2;
2. how long after an entry was sent the watching phones had the new state (p95 <= 300 ms);
3. 300 clients connecting at once: how many are answered within 15 s (target: all);
4. 200 phones watching for --hold seconds (60) while the scorer enters a hand every few
   seconds: how many streams broke or missed the last state (target: none);
5. where the difference in 1 lies, in this process (CPU): the scorer's entry as the server
   runs it, and the new state made after it (for every page), against an entry in `play`, taking turns.

    python bench/serve_load.py [--hands 12] [--watchers 20] [--hold 60]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import io
import json
import multiprocessing
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

LINES = ("h", "0 0 0 0", "5 0 0 0")  # trump, bids, tricks of a 5-card hand: every hand closes


def watch(port: int, count: int, seconds: float, out) -> None:
    """`count` phones on /api/events for `seconds`, in a process of their own: each records
    (monotonic time, chain head) of every state it is sent; then (arrivals, broken streams)."""
    arrivals: list[tuple[float, str]] = []
    broken = [0]
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def phone() -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            buffer = b""
            while time.monotonic() < end:
                sock.settimeout(max(0.1, min(30, end - time.monotonic())))
                try:
                    chunk = sock.recv(1 << 16)
                except TimeoutError:
                    continue
                if not chunk:
                    raise ConnectionError("closed")
                buffer += chunk
                *events, buffer = buffer.split(b"\n\n")
                for event in events:  # a whole event (after a chunk's size); the state's head comes first
                    head = re.search(rb'"head": "([0-9a-f]{64})"', event) if b"event: state\n" in event else None
                    if head is not None:
                        with lock:
                            arrivals.append((time.monotonic(), head.group(1).decode()))
            sock.close()
        except OSError:
            with lock:
                broken[0] += 1

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put((arrivals, broken[0]))


class Server:
    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--port", "0"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        text = ""
        while "Ctrl-C stops it." not in text:
            text += self.proc.stdout.readline()
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)/", text).group(1))
        self.secret = re.search(r"#scorer=(\S+)", text).group(1)
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def ask(self, method: str, path: str, body: str | None = None, headers: dict | None = None) -> tuple[int, bytes]:
        """A request on the kept-alive connection, made again once if the server had closed it
        (it hangs up on a connection idle for 5 s)."""
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body, headers or {})
                answer = self.conn.getresponse()
                return answer.status, answer.read()
            except (ConnectionError, http.client.RemoteDisconnected):
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError

    def post(self, line: str) -> dict:
        status, text = self.ask("POST", "/api/entry", json.dumps({"line": line}),
                                {"Authorization": f"Bearer {self.secret}", "Content-Type": "application/json"})  # fmt: skip
        body = json.loads(text)
        if status != 200:
            raise SystemExit(f"entry {line!r}: {status} {body}")
        return body

    def round_trip(self) -> None:
        self.ask("GET", "/api/status")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        self.proc.communicate(timeout=30)


def new_game(env: dict[str, str], hands: int) -> None:
    subprocess.run([sys.executable, "-m", "scorekeeper", "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan",
                    "--set", "sizes=fixed", "--set", "start=5", "--set", f"hands={hands + 50}"],
                   env=env, check=True, capture_output=True)  # fmt: skip


def in_process(scratch: Path, hands: int) -> tuple[float, float, float]:
    """CPU medians of (an entry in `play`, the same entry as the server's scorer runs it, the
    new state the server answers with), on twin stores, taking turns entry by entry."""
    from scorekeeper import cli, session
    from scorekeeper.serve import push, scorer
    from scorekeeper.storage import ruleset_files

    homes = scratch / "play-twin", scratch / "phone-twin"
    for home in homes:
        new_game({**os.environ, "SCOREKEEPER_HOME": str(home)}, hands)
    play = session.Session(cli.every_command(), homes[0], None, lambda text: None)
    play.refresh()
    phone = scorer.Scorer(cli.every_command(), homes[1], None)
    watcher = push.Watcher(homes[1], None, ruleset_files.available(None), False, lambda shot: None)
    played, entered, built = [], [], []
    try:
        for hand in range(hands + 1):
            for line in LINES:
                start = time.process_time()
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    play.handle(line)
                middle = time.process_time()
                done = phone.enter(line, None)
                after = time.process_time()
                watcher.served_after(phone.follower.db, done.known)
                end = time.process_time()
                if hand:
                    played.append(middle - start)
                    entered.append(after - middle)
                    built.append(end - after)
    finally:
        phone.follower.close()  # entered from this thread, not the scorer's own
    return statistics.median(played), statistics.median(entered), statistics.median(built)


def storm(port: int, clients: int) -> int:
    """`clients` connecting at once, each asking for the standings; how many were answered in 15 s."""
    answered = []
    ready = threading.Barrier(clients)

    def client() -> None:
        ready.wait()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
                sock.sendall(b"GET /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                sock.settimeout(15)
                if sock.recv(12) == b"HTTP/1.1 200":
                    answered.append(1)
        except OSError:
            pass

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(answered)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--hold", type=float, default=60.0)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="serve-bench-"))
    served_env = {**os.environ, "SCOREKEEPER_HOME": str(scratch / "served")}
    played_home = scratch / "played"
    new_game(served_env, args.hands)
    new_game({**os.environ, "SCOREKEEPER_HOME": str(played_home)}, args.hands)

    from scorekeeper import cli, session

    play = session.Session(cli.every_command(), played_home, None, lambda text: None)
    play.refresh()
    server = Server(served_env)
    results = multiprocessing.Queue()
    seconds = args.hands * len(LINES) * 0.6 + 10
    crowd = multiprocessing.Process(target=watch, args=(server.port, args.watchers, seconds, results))
    crowd.start()
    time.sleep(2.0)  # every phone connected
    phone, played, trips, sent = [], [], [], {}
    for hand in range(args.hands + 1):
        for line in LINES:
            for turn in ("phone", "play") if hand % 2 else ("play", "phone"):
                if turn == "phone":
                    start = time.monotonic()
                    head = server.post(line)["head"]
                    took = time.monotonic() - start
                    sent[head] = start
                    if hand:  # the first hand warms both up
                        phone.append(took)
                else:
                    start = time.monotonic()
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        code = play.handle(line)
                    took = time.monotonic() - start
                    if code:
                        raise SystemExit(f"play refused {line!r}")
                    start = time.monotonic()
                    server.round_trip()
                    if hand:
                        played.append(took)
                        trips.append(time.monotonic() - start)
            time.sleep(0.2)
    arrivals, broken = results.get(timeout=seconds + 60)
    crowd.join()
    delivered = sorted(t - sent[h] for t, h in arrivals if h in sent)
    answered = storm(server.port, 300)

    # 200 phones for --hold seconds, an entry every few seconds
    crowd = multiprocessing.Process(target=watch, args=(server.port, 200, args.hold, results))
    crowd.start()
    time.sleep(3.0)
    last, end = None, time.monotonic() + args.hold - 6
    while time.monotonic() < end:
        for line in LINES:
            last = server.post(line)["head"]
            time.sleep(1.0)
    long_arrivals, long_broken = results.get(timeout=args.hold + 120)
    crowd.join()
    got_last = len({i for i, (_, h) in enumerate(long_arrivals) if h == last})
    server.stop()

    alone = in_process(scratch, args.hands)

    p95 = delivered[int(0.95 * (len(delivered) - 1))] * 1000
    base = statistics.median(played) + statistics.median(trips)
    print(f"{len(phone)} entries each way, taking turns; {args.watchers} phones watching the served store")
    print(f"entry from the phone (POST /api/entry to its answer; the new state follows by the stream): median {statistics.median(phone) * 1000:.1f} ms")
    print(f"entry in play (in-process) {statistics.median(played) * 1000:.1f} ms + one round trip "
          f"{statistics.median(trips) * 1000:.1f} ms = {base * 1000:.1f} ms")  # fmt: skip
    print(f"ratio (phone / play + round trip): {statistics.median(phone) / base:.2f}  (target <= 1.2)")
    print(f"new state at the watching phones after the entry was sent: median {statistics.median(delivered) * 1000:.0f} ms, "
          f"p95 {p95:.0f} ms, max {delivered[-1] * 1000:.0f} ms over {len(delivered)} deliveries; "
          f"{broken} streams broke  (target p95 <= 300 ms)")  # fmt: skip
    print(f"in this process (CPU): an entry in play {alone[0] * 1000:.2f} ms; the same entry as the server "
          f"runs it {alone[1] * 1000:.2f} ms ({alone[1] / alone[0]:.2f}x); the new state made after it "
          f"{alone[2] * 1000:.2f} ms ({alone[2] / alone[0]:.2f}x play's entry)")  # fmt: skip
    print(f"300 clients connecting at once: {answered} answered within 15 s  (target 300)")
    print(f"200 phones watching for {args.hold:.0f} s: {long_broken} streams broke, {got_last} arrivals of the "
          f"last state (one per phone: {200 - long_broken} expected)")  # fmt: skip


if __name__ == "__main__":
    main()
