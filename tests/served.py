"""`sk serve` in a process of its own, as the table runs it, and requests to it on its real
port (shared by the server's tests and the browser tests)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys

import warm_start

HOSTILE = "<img src=x onerror=alert(1)>"  # a game name, a comment (a player name may not hold '=')
SCRIPT_NAME = "<script>alert(1)</script>"


def enter_game(sk):
    """Oh Hell (MrPikes), 4 players, hand 1 closed and hand 2 bid; a hostile game name, player
    name and comment. Hand 1 (10 cards, rule: exact bid scores 10 + tricks, a miss loses 10 +
    the difference): Ann bid 2 took 2: 12; Bob 0/1: -11; the scripted name 3/3: 13; Dan 1/4: -13."""
    sk("new", "oh-hell-mrpikes", "--players", f"Ann,Bob,{SCRIPT_NAME},Dan", "--name", HOSTILE,
       "--location", "Kitchen & co")  # fmt: skip
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")
    sk("comment", f"Dan: that ace was mine {HOSTILE}")
    sk("trump", "s")
    sk("bid", "1", "2", "3", "1")


def sk_ran(home, *args, cwd=None):
    """A separate `sk` process, as the scorer's terminal is (started warm: see warm_start.py):
    how it ended, as subprocess.run says it."""
    process = warm_start.started([str(a) for a in args], {**os.environ, "SCOREKEEPER_HOME": str(home)}, cwd=cwd)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


def sk_process(home, *args, check=True):
    """What a separate `sk` process printed (see sk_ran); it must succeed unless not `check`."""
    done = sk_ran(home, *args)
    if check:
        assert done.returncode == 0, done.stderr
    return done.stdout


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


class Served:
    """`sk serve ARGS` in its own process: `url` is the table's link it printed, `scorer_url`
    the scorer's link (None with --read-only) and `secret` the secret in it.

    The process is started warm (see warm_start.py: a fork of a process that has loaded the
    program), or `cold` (`python -m scorekeeper serve`, a new interpreter) where how the
    process starts is what a test is about. `constants`: a deadline made shorter in this
    server (see warm_start.started)."""

    def __init__(self, home, *args, env=None, cold=False, constants=None):
        self.home = home
        env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONUNBUFFERED": "1", **(env or {})}
        command = ["serve", "--port", "0", *map(str, args)]
        if cold:
            self.proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *command], env=env,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        else:
            self.proc = warm_start.started(command, env, constants=constants)
        self.lines = []
        while not self.lines or not self.lines[-1].startswith("Ctrl-C stops it."):
            line = self.proc.stdout.readline()
            assert line, f"serve ended: {''.join(self.lines)} {self.proc.stderr.read()}"
            self.lines.append(line)
        self.text = "".join(self.lines)
        self.url = re.search(r"at (http://\S+)", self.lines[0]).group(1)
        self.port = int(re.match(r"http://.+:(\d+)/", self.url).group(1))
        found = re.search(r"The scorer's link \(enters scores; keep it to yourself\): (http://\S+)", self.text)
        self.scorer_url = found.group(1) if found else None
        self.secret = self.scorer_url.split("#scorer=", 1)[1] if found else None

    def request(self, method, path, body=None, headers=None, timeout=10):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            answer = conn.getresponse()
            return Answer(answer.status, answer.headers, answer.read())
        finally:
            conn.close()

    def get(self, path, headers=None):
        answer = self.request("GET", path, headers=headers)
        assert answer.status == 200, (path, answer)
        return answer.body

    def state(self):
        return json.loads(self.get("/api/state"))

    def enter(self, line, secret=None, game=None, headers=None):
        """POST /api/entry as the scorer's page sends it; the Answer."""
        body = {"line": line} | ({"game": game} if game else {})
        auth = {"Authorization": f"Bearer {secret or self.secret}"}
        return self.request("POST", "/api/entry", json.dumps(body), {"Content-Type": "application/json", **auth,
                                                                     **(headers or {})})  # fmt: skip

    def stop(self):
        """Ctrl-C: a clean stop, no traceback."""
        self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=15)
        return self.proc.returncode, out, err
