"""Every front end writing one store at once, as a table and a room do: `sk` commands in
processes of their own (some killed with kill -9 at a random moment), a `play` session, and
scorers' phones posting to a real `serve` (itself killed and started again at random moments),
all recording comments in the same games. What each front end acknowledged (a command's exit
0, `play`'s "comment noted", a phone's 200) is then looked for in the store: each once, in the
order the acknowledgements came in, and the store verifies.

Shared by tests/test_many_writers.py (warm processes, a few seconds of CPU) and
bench/reliability.py (`writers`, cold processes, longer)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

NIGHT_PLAYERS = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,Lee"


class Ack:
    """One entry a front end sent: its text, when it was sent and when (if) it was acknowledged."""

    def __init__(self, text: str, sent: float) -> None:
        self.text, self.sent, self.acked = text, sent, None


class Mix:
    """The writers of one run and what they were told. `start(args, env)`: an `sk` process (a
    Popen, or one as tests/warm_start.py starts); `serve(home, *args)`: a started server as
    tests/served.py's Served; `play(args, env)`: a Popen of `sk play` with pipes."""

    def __init__(self, home: Path, start: Callable, serve: Callable, play: Callable, rng: random.Random) -> None:
        self.home, self.start, self.serve_at, self.play_at, self.rng = home, start, serve, play, rng
        self.env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
        self.env.pop("SCOREKEEPER_GAME", None)
        self.sent: dict[str, list[Ack]] = {}  # game id -> what was sent to it
        self.lock = threading.Lock()
        self.server = None
        self.server_up = threading.Event()
        self.tally = {"server kills": 0, "command kills": 0, "tracebacks": 0}
        self.night: str | None = None

    def run(self, *args: str) -> str:
        process = self.start([*args], self.env)
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, (args, err)
        return out

    def note(self, game: str, text: str) -> Ack:
        ack = Ack(text, time.monotonic())
        with self.lock:
            self.sent.setdefault(game, []).append(ack)
        return ack

    # -- the games --

    def one_game(self) -> list[str]:
        out = self.run("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
        return [re.search(r"New game ([0-9a-f]+)", out).group(1)]

    def night_of_three_tables(self) -> list[str]:
        self.night = "Fri"
        self.run("seat", "--players", NIGHT_PLAYERS, "--rounds", "1", "--ruleset", "oh-hell-mrpikes",
                 "--seed", "3", "--night", self.night)  # fmt: skip
        out = self.run("night", "start", self.night, "--round", "1")
        from scorekeeper.storage import store

        shown = re.findall(r"game ([0-9a-f]{8})", out)
        with store.Store(self.home) as db:
            games = [g.id for prefix in shown for g in db.games() if g.id.startswith(prefix)]
        assert len(games) == 3, out
        return games

    # -- the server, killed and started again --

    def start_server(self) -> None:
        args = ("--night", self.night) if self.night else ()
        self.server = self.serve_at(self.home, *args)
        self.server_up.set()

    def secrets(self) -> dict[str | None, str]:
        """Each game's scorer's secret as the running server printed it (None: the one game)."""
        server = self.server
        if self.night:
            return dict(re.findall(r"/table/([0-9a-f]+)/#scorer=(\S+)", server.text))
        return {None: server.secret}

    def kill_server(self) -> None:
        self.server_up.clear()
        self.server.proc.kill()
        self.server.proc.wait()
        self.tally["server kills"] += 1

    # -- the writers --

    def phone(self, name: str, game: str, count: int, stop: threading.Event) -> None:
        for i in range(count):
            if stop.is_set():
                return
            self.server_up.wait(30)
            server = self.server
            try:
                secret = self.secrets()[game if self.night else None]
            except KeyError:
                continue
            text = f"{name}-{i}"
            ack = self.note(game, text)
            path = f"/table/{game}/api/entry" if self.night else "/api/entry"
            body = json.dumps({"line": f"comment {text}", **({} if self.night else {"game": game})})
            try:
                answer = server.request("POST", path, body, {"Content-Type": "application/json",
                                                             "Authorization": f"Bearer {secret}"}, timeout=20)  # fmt: skip
            except (OSError, http.client.HTTPException):  # the server was killed under it: not acknowledged
                continue
            if answer.status == 200:
                ack.acked = time.monotonic()
            elif answer.status >= 500:
                self.tally["tracebacks"] += b"Traceback" in answer.body

    def commands(self, name: str, game: str, count: int, kill_share: float) -> None:
        for i in range(count):
            text = f"{name}-{i}"
            ack = self.note(game, text)
            process = self.start(["comment", text, "--game", game], self.env)
            if self.rng.random() < kill_share:
                time.sleep(self.rng.uniform(0.0, 0.25))
                process.kill()
                self.tally["command kills"] += 1
            out, err = process.communicate(timeout=120)
            self.tally["tracebacks"] += "Traceback" in err
            if process.returncode == 0 and "comment noted" in out:
                ack.acked = time.monotonic()

    def session(self, name: str, game: str, count: int) -> None:
        """`sk play --game GAME`, reading one line at a time from a pipe, as a script drives it."""
        process = self.play_at(["play", "--game", game], self.env)
        try:
            for i in range(count):
                text = f"{name}-{i}"
                ack = self.note(game, text)
                process.stdin.write(f"comment {text}\n")
                process.stdin.flush()
                while True:
                    line = process.stdout.readline()
                    assert line, "play ended"
                    if "comment noted" in line:
                        ack.acked = time.monotonic()
                        break
        finally:
            process.stdin.close()
            process.wait(timeout=60)

    def server_killer(self, kills: int, every: float, stop: threading.Event) -> None:
        for _ in range(kills):
            if stop.wait(self.rng.uniform(0.5, 1.5) * every):
                return
            self.kill_server()
            self.start_server()

    # -- the verdict --

    def stored(self, game: str) -> list[str]:
        from scorekeeper.storage import store

        with store.Store(self.home) as db:
            return [e.body["text"] for e in db.events(game) if e.body["type"] == "comment"]

    def judge(self, games: list[str]) -> dict[str, int]:
        from scorekeeper.core import errors

        tally = dict(self.tally)
        acknowledged = lost = twice = out_of_order = damaged = 0
        for game in games:
            try:
                chain = self.stored(game)
            except errors.StoreError:  # the store cannot be read: whatever it was told is lost
                damaged, chain = 1, []
            place = {text: k for k, text in enumerate(chain)}
            twice += len(chain) - len(place)
            acks = [a for a in self.sent.get(game, []) if a.acked is not None]
            acknowledged += len(acks)
            lost += sum(1 for a in acks if a.text not in place)
            # an entry acknowledged before another was sent comes before it in the chain
            kept = sorted((a for a in acks if a.text in place), key=lambda a: a.acked)
            latest_before, k = -1, 0
            for a in sorted(kept, key=lambda a: a.sent):
                while k < len(kept) and kept[k].acked < a.sent:
                    latest_before = max(latest_before, place[kept[k].text])
                    k += 1
                out_of_order += place[a.text] < latest_before
        verify = self.start(["verify"], self.env)
        verify.communicate(timeout=120)
        tally.update({"entries acknowledged": acknowledged, "lost": lost, "stored twice": twice,
                      "out of order": out_of_order, "damaged stores": damaged,
                      "store verifies": int(verify.returncode == 0)})  # fmt: skip
        return tally


def mixed(home: Path, *, start: Callable, serve: Callable, play: Callable, night: bool, phones: int = 2,
          phone_entries: int = 40, command_entries: int = 20, play_entries: int = 20, server_kills: int = 2,
          kill_share: float = 0.2, kill_every: float = 0.4, seed: int = 17) -> dict[str, int]:  # fmt: skip
    """One run of every writer at once on one store (one game, or a night of three tables);
    the tally of what was acknowledged and what the store holds."""
    mix = Mix(home, start, serve, play, random.Random(seed))
    games = mix.night_of_three_tables() if night else mix.one_game()
    mix.start_server()
    stop = threading.Event()
    writers = [threading.Thread(target=mix.phone, args=(f"phone{k}", games[k % len(games)], phone_entries, stop))
               for k in range(phones)]  # fmt: skip
    writers.append(threading.Thread(target=mix.commands, args=("cli", games[-1], command_entries, kill_share)))
    writers.append(threading.Thread(target=mix.session, args=("play", games[0], play_entries)))
    killer = threading.Thread(target=mix.server_killer, args=(server_kills, kill_every, stop))
    for thread in [*writers, killer]:
        thread.start()
    for thread in writers:
        thread.join(600)
    stop.set()
    killer.join(60)
    with contextlib.suppress(Exception):
        mix.server.stop()
    return mix.judge(games)


def play_through_a_pipe(program: Path) -> Callable:
    """`play(args, env)` for `mixed`: `program` (an `sk` to run, as a shell would) with pipes."""

    def play(args: list[str], env: dict[str, str]) -> subprocess.Popen:
        return subprocess.Popen([str(program), *args], env=env, text=True, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)  # fmt: skip

    return play
