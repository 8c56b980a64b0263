"""Entry latency at the table while `serve` runs: with no phone connected, and with 20 phones
polling the page the way it does (once a second, each on its own kept-alive connection,
sending the ETag it has). The conditions take turns round by round, so a change of the
machine's load falls on both alike. Each entry is a separate `sk` process, as at the table;
also measured: how long after an entry the server has the new state.

    python bench/serve_load.py [--rounds 10] [--clients 20]
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def phones(port: int, count: int, active, stop, counts) -> None:
    """`count` phones in one process of their own (so they do not share the timer's interpreter)."""

    def phone() -> None:
        conn, etag = None, None
        while not stop.is_set():
            if not active.is_set():
                if conn is not None:
                    conn.close()
                    conn, etag = None, None
                time.sleep(0.05)
                continue
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", "/")
                conn.getresponse().read()
            conn.request("GET", "/api/state", headers={"If-None-Match": etag} if etag else {})
            answer = conn.getresponse()
            answer.read()
            etag = answer.getheader("ETag", etag)
            with counts.get_lock():
                counts[0 if answer.status == 200 else 1] += 1
            stop.wait(1.0)

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
        time.sleep(1.0 / count)  # phones poll out of step, as real ones do
    stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=20)
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="serve-bench-"))
    env = {**os.environ, "SCOREKEEPER_HOME": str(scratch / "home"), "PYTHONPYCACHEPREFIX": str(scratch / "pyc")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compile once, not on every entry

    def sk(*words: str) -> float:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "scorekeeper", *words], cwd=ROOT, env=env,
                              capture_output=True, text=True)  # fmt: skip
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"sk {' '.join(words)}: {done.stderr}")
        return took

    # a long game of fixed 5-card hands: every hand is trump, bids, tricks
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--set", "sizes=fixed", "--set", "start=5",
       "--set", "hands=200")  # fmt: skip
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--port", "0"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1))

    def etag() -> str:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/state")
        answer = conn.getresponse()
        answer.read()
        conn.close()
        return answer.getheader("ETag")

    active, stop = multiprocessing.Event(), multiprocessing.Event()
    counts = multiprocessing.Array("l", 2)
    crowd = multiprocessing.Process(target=phones, args=(port, args.clients, active, stop, counts), daemon=True)
    crowd.start()
    times: dict[str, list[float]] = {"none": [], "crowd": []}
    shown: list[float] = []
    for _ in range(2):  # warm-up hands, not counted
        for words in (["trump", "h"], ["bid", "0", "0", "0", "0"], ["tricks", "5", "0", "0", "0"]):
            sk(*words)
    for r in range(args.rounds):
        for condition in (("none", "crowd") if r % 2 == 0 else ("crowd", "none")):
            if condition == "crowd":
                active.set()
            else:
                active.clear()
            time.sleep(2.0)  # every phone connected (or gone) and polling
            for words in (["trump", "h"], ["bid", "0", "0", "0", "0"], ["tricks", "5", "0", "0", "0"]):
                before = etag()
                times[condition].append(sk(*words))
                done = time.perf_counter()
                while etag() == before:
                    time.sleep(0.01)
                shown.append(time.perf_counter() - done)
    stop.set()
    crowd.join(5)
    server.send_signal(signal.SIGINT)
    server.communicate(timeout=15)

    none, crowd_ms = statistics.median(times["none"]) * 1000, statistics.median(times["crowd"]) * 1000
    print(f"{len(times['none'])} entries each, {args.rounds} rounds; each entry a separate `sk` process")
    print(f"{'condition':<34}{'median':>9}{'p90':>9}")
    for label, key in (("no phone connected", "none"), (f"{args.clients} phones polling every second", "crowd")):
        values = sorted(times[key])
        p90 = values[int(0.9 * (len(values) - 1))] * 1000
        print(f"{label:<34}{statistics.median(values) * 1000:>7.0f} ms{p90:>6.0f} ms")
    print(f"ratio (phones / none): {crowd_ms / none:.2f}")
    print(f"requests answered while the phones polled: {counts[0]} with a new state, {counts[1]} unchanged (304)")
    print(f"the new state served after an entry ended: median {statistics.median(shown) * 1000:.0f} ms, "
          f"at most {max(shown) * 1000:.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
