"""`sk` processes started warm. One Python process, the spawner, loads the program once; each
`sk serve` a test starts, each command of served.sk_ran and each `sk` a shell runs from a
`program` on its PATH (the README's examples) is a fork of it: a process of its own, as the
table runs it (its own pid, standard streams, environment, working folder, signals and exit
status), that does not load typer, pydantic, Starlette and uvicorn again. A cold start costs
0.7 s of CPU on a 2-core machine; the browser and server tests started about a hundred servers.

    process = started(["serve", "--port", "0"], env)  # as much of a Popen as the tests use
    process.stdout.readline(); process.send_signal(signal.SIGINT); process.communicate()

Tests of the process's own start (its first lines, its modules, Ctrl-C while loading) start it
cold, in a new interpreter (see served.py). The spawner runs this file as a script; it ends
with the test process (`stop`, called when the session finishes)."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# --- the test's side -------------------------------------------------------------------------


class Started:
    """One warm `sk` process: `pid`, `stdout` and `stderr` (text), `poll`, `wait`,
    `send_signal`, `kill`, `communicate` and `returncode`, as subprocess.Popen has them.
    `cpu`: the CPU seconds it used, once it has ended."""

    def __init__(self, pid: int, stdout, stderr, status):
        self.pid, self.stdout, self.stderr, self._status = pid, stdout, stderr, status
        self.returncode: int | None = None
        self.cpu = 0.0

    def _ended(self, timeout: float | None) -> bool:
        """True once the end was read from the status pipe (within `timeout` seconds)."""
        if self.returncode is None:
            import select

            if not select.select([self._status], [], [], timeout)[0]:
                return False
            said = self._status.read().split()
            self._status.close()
            self.returncode, self.cpu = int(said[0]), float(said[1])
        return True

    def poll(self) -> int | None:
        self._ended(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if not self._ended(timeout):
            raise subprocess.TimeoutExpired(f"sk (pid {self.pid})", timeout)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """What it still prints until it ends, (stdout, stderr), as Popen.communicate."""
        deadline = None if timeout is None else time.monotonic() + timeout
        said = {}

        def read(stream):
            said[stream] = stream.read()

        readers = [threading.Thread(target=read, args=(s,), daemon=True) for s in (self.stdout, self.stderr)]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if reader.is_alive():
                raise subprocess.TimeoutExpired(f"sk (pid {self.pid})", timeout)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        self.stdout.close()
        self.stderr.close()
        return said[self.stdout], said[self.stderr]


_spawners: list[subprocess.Popen] = []


@functools.cache
def _spawner() -> socket.socket:
    """The control socket to this process's spawner, started on first use."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    door = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # for the programs on a PATH (`program`)
    door.bind(os.path.join(tempfile.mkdtemp(prefix="sk-warm-"), "door"))
    door.listen(64)
    spawner = subprocess.Popen([sys.executable, __file__, str(theirs.fileno()), str(door.fileno())],
                               pass_fds=[theirs.fileno(), door.fileno()], stdin=subprocess.DEVNULL)  # fmt: skip
    theirs.close()
    _doors.append(door)
    _spawners.append(spawner)
    assert ours.recv(6) == b"ready\n", "the spawner did not start"
    return ours


_doors: list[socket.socket] = []


def program(path: Path) -> None:
    """Writes at `path` a program that runs `sk ARGS` warm, as a shell runs a command: with
    its own standard input, output and error, environment and folder, ending with the exit
    status of the command (it asks the spawner at its door, on a socket of its own, then
    waits). A new interpreter starts for it, without loading anything (-I -S: ~10 ms)."""
    _spawner()
    door = _doors[-1].getsockname()
    path.write_text(
        f"#!{sys.executable} -IS\n"
        "import json, os, socket, sys\n"
        "request = json.dumps({'args': sys.argv[1:], 'argv0': sys.argv[0], 'env': dict(os.environ),\n"
        "                      'cwd': os.getcwd(), 'constants': {}}).encode()\n"
        "with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as door:\n"
        f"    door.connect({door!r})\n"
        "    socket.send_fds(door, [len(request).to_bytes(4, 'big') + request], [0, 1, 2])\n"
        "    said = door.makefile('r', encoding='ascii').read().split()  # its pid, then its end: code, CPU\n"
        "code = int(said[1])\n"
        "sys.exit(code if code >= 0 else 128 - code)  # killed by a signal: 128 + its number, as a shell says\n",
        encoding="utf-8",
    )
    path.chmod(0o755)


def started(args: list[str], env: dict[str, str], cwd: str | None = None, constants: dict | None = None,
            input: str | None = None, user: int | None = None, argv0: str | None = None) -> Started:  # fmt: skip
    """`sk ARGS` in a warm process of its own, with exactly `env` as its environment.

    `constants`: {"scorekeeper.module.NAME": value} set in that process before the program
    runs, for a test that would otherwise wait out a real deadline (a server's seconds) and
    checks the deadline is kept, not how long it is. Each constant's own value is proved by
    another test that waits it out. `input`: what its standard input holds (else nothing).
    `user`: the id of the user (and group) it runs as, with no other groups, as `setpriv
    --reuid=N --regid=N --clear-groups` runs a program (the spawner must be root's). `argv0`:
    the name it was run by (`sk`), where that matters (shell completion)."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    status_r, status_w = os.pipe()
    given = [out_w, err_w, status_w]
    if input is not None:
        in_r, in_w = os.pipe()
        with open(in_w, "w", encoding="utf-8") as feed:  # a few lines: the pipe holds them
            feed.write(input)
        given.append(in_r)
    request = json.dumps({"args": [str(a) for a in args], "env": env, "cwd": cwd or os.getcwd(),
                          "constants": constants or {}, "user": user,
                          **({"argv0": argv0} if argv0 else {})}).encode()  # fmt: skip
    socket.send_fds(_spawner(), [len(request).to_bytes(4, "big") + request], given)
    for fd in given:
        os.close(fd)
    pid = b""
    while not pid.endswith(b"\n"):  # byte by byte: the end may follow at once, for the status file
        pid += os.read(status_r, 1) or b"?\n"
    return Started(int(pid), open(out_r, encoding="utf-8", errors="replace"),
                   open(err_r, encoding="utf-8", errors="replace"), open(status_r, encoding="ascii"))  # fmt: skip


def stop() -> None:
    """Ends the spawner (if one was started) once its forks have been waited for."""
    if _spawners:
        _spawner().close()
        _spawner.cache_clear()
        with contextlib.suppress(subprocess.TimeoutExpired):
            _spawners.pop().wait(timeout=10)
        door = _doors.pop()
        path = door.getsockname()
        door.close()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


# --- the spawner's side ----------------------------------------------------------------------


def _spawn_forever(control: socket.socket, door: socket.socket) -> None:
    sys.path[0] = os.getcwd()  # the program found where `python -m scorekeeper` finds it
    # what a cold start spends its time on, loaded once here: the program, the server and
    # the parts of uvicorn it loads as it starts, anyio's asyncio backend (loaded by the first
    # stream a server answers), the group of every command a server's scorer runs lines
    # through, the validators of a ruleset and of the entries, and pydantic's look for
    # plugins (it reads every installed package's entry points, the first time a model is
    # checked)
    import importlib

    import scorekeeper.cli
    import scorekeeper.launch
    import scorekeeper.serve.app
    import scorekeeper.serve.command
    import scorekeeper.serve.connections
    import scorekeeper.storage.ruleset_files

    for name in ("uvicorn.lifespan.on", "uvicorn.loops.auto", "uvicorn.loops.asyncio", "uvicorn.protocols.http.h11_impl",
                 "uvicorn.protocols.websockets.auto", "uvicorn.middleware.proxy_headers", "anyio._backends._asyncio",
                 "encodings.idna", "_strptime"):  # fmt: skip
        # (datetime's strptime loads _strptime when first used; a process run as another user,
        # see `started`, may not be able to read the interpreter's own folder to load it)
        importlib.import_module(name)
    scorekeeper.cli.every_command()
    from typing import get_args

    from scorekeeper.core import events, rulesets

    for model in (rulesets.Ruleset, *get_args(events.AnyEvent)):  # built when first checked (defer_build)
        model.model_rebuild()
    with contextlib.suppress(ImportError, AttributeError):  # pydantic's own module: only a saving
        from pydantic.plugin import _loader

        _loader.get_plugins()

    control.sendall(b"ready\n")
    door.setblocking(False)
    waiting = selectors.DefaultSelector()
    waiting.register(control, selectors.EVENT_READ)
    waiting.register(door, selectors.EVENT_READ)
    while True:
        for key, _ in waiting.select():
            if key.fileobj is control:  # the test's: [stdout, stderr, status] pipes, and stdin's if given
                request, fds = _request(control)
                if request is None:
                    _reap(block=True)
                    return
                _spawn(control, door, request, fds[3] if len(fds) > 3 else None, *fds[:3])
            else:  # a program's (see `program`): its own [stdin, stdout, stderr]; the status on its socket
                with contextlib.suppress(BlockingIOError):
                    caller, _ = door.accept()
                    caller.setblocking(True)
                    request, fds = _request(caller)
                    if request is None:
                        caller.close()
                    else:
                        _spawn(control, door, request, *fds, caller.detach())
        _reap(block=False)


def _request(channel: socket.socket) -> tuple[dict | None, list[int]]:
    """One request and the descriptors sent with it; None at the end of the channel."""
    head, fds, _, _ = socket.recv_fds(channel, 4, 4)
    if not head:
        return None, []
    size, request = int.from_bytes(head, "big"), b""
    while len(request) < size:
        request += channel.recv(size - len(request))
    return json.loads(request), fds


def _spawn(control: socket.socket, door: socket.socket, request: dict, stdin: int | None, out_w: int,
           err_w: int, status_w: int) -> None:  # fmt: skip
    """Forks the waiter: it starts the program, says its pid, then how it ended."""
    if os.fork() == 0:
        control.close()
        door.close()
        _wait_for(_forked(request, stdin, out_w, err_w, status_w), status_w)
    for fd in (stdin, out_w, err_w, status_w):
        if fd is not None:
            os.close(fd)


def _reap(block: bool) -> None:
    """Waits for the waiters that ended (all of them, within 10 s, if `block`): their CPU
    then counts in the spawner's children's, and so in the test run's."""
    deadline = time.monotonic() + 10
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)  # never blocking: a server left running must not keep the spawner
        except ChildProcessError:
            return
        if pid == 0:
            if not block or time.monotonic() >= deadline:
                return
            time.sleep(0.05)


def _wait_for(pid: int, status_w: int) -> None:
    os.write(status_w, b"%d\n" % pid)
    _, status, usage = os.wait4(pid, 0)
    os.write(status_w, b"%d %.3f\n" % (os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime))
    os._exit(0)


def _forked(request: dict, stdin: int | None, out_w: int, err_w: int, status_w: int) -> int:
    """Forks the program's process; in it, becomes `python -m scorekeeper ARGS` with the
    request's streams (standard input: nothing, unless given), environment and folder, and
    ends as that command ends."""
    pid = os.fork()
    if pid:
        for fd in (stdin, out_w, err_w):
            if fd is not None:
                os.close(fd)
        return pid
    os.close(status_w)
    if stdin is None:
        stdin = os.open(os.devnull, os.O_RDONLY)
    for fd, target in ((stdin, 0), (out_w, 1), (err_w, 2)):
        os.dup2(fd, target)
        os.close(fd)
    if request.get("user") is not None:
        os.setgroups([])
        os.setgid(request["user"])
        os.setuid(request["user"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    encoding = request["env"].get("PYTHONIOENCODING", "").split(":")[0] or "utf-8"
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r"), encoding=encoding)
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w"), encoding=encoding,
                                  write_through=bool(request["env"].get("PYTHONUNBUFFERED")))  # fmt: skip
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w"), encoding=encoding, errors="backslashreplace", line_buffering=True)
    sys.argv = [request.get("argv0", sys.argv[0]), *request["args"]]
    for name, value in request["constants"].items():
        module, _, attribute = name.rpartition(".")
        assert hasattr(sys.modules[module], attribute), f"no constant {name}"
        setattr(sys.modules[module], attribute, value)
    code = 1
    try:
        from scorekeeper.launch import main

        main()  # ends the process itself (cli._exit), as `python -m scorekeeper` does
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)


if __name__ == "__main__":
    _spawn_forever(socket.socket(fileno=int(sys.argv[1])), socket.socket(fileno=int(sys.argv[2])))
