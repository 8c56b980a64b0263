"""Every test gets a fresh, empty store, and an `sk` fixture that runs the CLI in-process."""

import gc
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass

import pseudo
import pytest
import warm_start
from browser import chromium, phone  # noqa: F401 (fixtures: one headless Chromium for the run, a phone)
from hypothesis import settings
from typer.testing import CliRunner

from scorekeeper.core import errors
from scorekeeper.core.language import _

# The property tests run a sensible number of examples by default (each test says how many,
# through helpers.examples); HYPOTHESIS_PROFILE=thorough runs many times more, for a search
# before a release or after changing the rules' core.
settings.register_profile("thorough", max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# pytest rewrites the asserts of every test module as it imports it: 5 s of CPU in each worker.
# It keeps the rewritten module in tests/__pycache__ (which git ignores) and reads it back at
# the next run, unless bytecode may not be written: the tests keep it even where the
# environment says not to (PYTHONDONTWRITEBYTECODE). The program's own processes still don't.
sys.dont_write_bytecode = False


RAM_DISK = "/dev/shm"


def pytest_configure(config):
    if pseudo.ON:
        pseudo.switch_on()
    if not hasattr(config, "workerinput") and config.option.basetemp is None and "TMPDIR" not in os.environ \
            and _is_tmpfs(RAM_DISK):  # fmt: skip
        # The tests' folders (tmp_path: each test's store, a worker's in each) on a RAM disk:
        # SQLite's fsync at each commit then costs nothing, where on a disk it was a fifth of
        # the time of a test that enters a game. Nothing a test checks depends on a write
        # outliving a power cut, which no test can make. The workers are given their folders
        # in it by this process; those of the tests that passed are removed at the end
        # (tmp_path_retention_policy in pyproject.toml), so the RAM they take is given back.
        tempfile.tempdir = RAM_DISK


def _is_tmpfs(folder: str) -> bool:
    """True if `folder` is a tmpfs (memory, not a disk) this process may write in."""
    try:
        with open("/proc/self/mounts", encoding="utf-8") as mounts:
            mounted = {fields[1]: fields[2] for fields in (line.split() for line in mounts) if len(fields) > 2}
    except OSError:
        return False
    return mounted.get(folder) == "tmpfs" and os.access(folder, os.W_OK | os.X_OK)


def pytest_collection_finish(session):
    # What is loaded and collected by now (pytest, hypothesis, the program, every test) lives
    # to the end: out of the collector's sight, as the program's own start does it (cli.main),
    # so that each full collection during the tests walks only what they made. Six whole-game
    # modules in one process: 0.68 s of CPU in collections, 0.43 s with it. A young collection
    # comes after 50,000 new objects, not 700, as in each command the program runs
    # (launch.py): the whole suite's collections took 2.4 s of CPU at the usual pace, 1.5 s so.
    gc.freeze()
    gc.set_threshold(50_000, *gc.get_threshold()[1:])


def pytest_sessionfinish(session):
    warm_start.stop()  # the spawner of warm `sk serve` processes (see warm_start.py), if any


@pytest.fixture(autouse=True)
def language(request):
    """The pseudo-language, around each test chosen for it (see pseudo.CHOSEN): its fixtures'
    commands too, since an autouse fixture comes first."""
    if pseudo.ON or not pseudo.chosen(request.path.name, request.node.originalname):
        yield
        return
    pseudo.switch_on()
    try:
        yield
    finally:
        pseudo.switch_off()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    return folder


@pytest.fixture
def bench():
    """bench/scale.py as a module: its random legal games of every ruleset."""
    from helpers import load_bench

    return load_bench()


def command():
    """The click command behind `scorekeeper`, built once for the whole session, as `play`
    and `serve` build it: typer reads the signature and options of all thirty commands to
    build it, which cost more than most commands themselves when it was redone on every call."""
    from scorekeeper.cli import every_command

    return every_command()


def text(stream):
    return stream.getvalue().decode("utf-8", "replace").replace("\r\n", "\n")


@dataclass(frozen=True)
class Result:
    """What one run of the command printed, and how it exited."""

    exit_code: int
    stdout: str
    stderr: str


class Sk:
    """Runs `scorekeeper ARGS…` in-process, in the isolation typer's CliRunner gives (stdin,
    stdout, stderr and the terminal width replaced), against the command built once.

    `sk(...)` expects success and returns stdout; `sk.fails(...)` expects a refusal and
    returns stderr (one line, no traceback); `sk.json(...)` parses stdout as JSON.
    """

    def __init__(self):
        self.runner = CliRunner()

    def run(self, *args, input=None):
        """One run; `input`: what standard input holds (text), else nothing."""
        cli = command()
        words = pseudo.in_pseudo(args) if pseudo.speaking else args
        with self.runner.isolation(input=input) as (out, err, _):
            try:
                cli.main(args=[str(a) for a in words], prog_name=cli.name or "root")
                code = 0
            except SystemExit as done:
                code = done.code or 0
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            stdout, stderr = text(out), text(err)
        if pseudo.speaking:
            pseudo.typed(args, input)
            if not pseudo.for_a_program(args):
                english = pseudo.unmarked_english(stdout) + pseudo.unmarked_english(stderr)
                assert not english, f"sk {' '.join(map(str, args))} printed English no catalog translates:\n" + "\n".join(english)
            stdout, stderr = pseudo.unmarked(stdout), pseudo.unmarked(stderr)
            pseudo.unmark_written(args)
        return Result(code, stdout, stderr)

    def __call__(self, *args):
        result = self.run(*args)
        assert result.exit_code == 0, (
            f"sk {' '.join(map(str, args))} exited {result.exit_code}:\n{result.stdout}\n{result.stderr}"
        )
        return result.stdout

    def json(self, *args):
        return json.loads(self(*args, "--json"))

    def fails(self, *args, code=1):
        result = self.run(*args)
        assert result.exit_code == code, (
            f"sk {' '.join(map(str, args))} exited {result.exit_code}, wanted {code}:\n"
            f"{result.stdout}\n{result.stderr}"
        )
        assert "Traceback" not in result.stderr
        lines = result.stderr.strip().splitlines()
        assert 1 <= len(lines) <= 2, result.stderr
        return result.stderr.strip()


@pytest.fixture
def serving(home):
    """Starts `sk serve` (once the test has made its game: `serving(*args)`, a served.Served);
    each server still running is stopped cleanly at the end."""
    from served import Served

    started = []

    def start(*args):
        server = Served(home, *args)
        started.append(server)
        return server

    yield start
    for server in started:
        if server.proc.poll() is None:
            code, _, err = server.stop()
            assert code == 0 and "Traceback" not in err, err


class Library(Sk):
    """`scorekeeper ARGS…` made as the call of the library of commands it stands for, as `play`
    makes a line's (interpreter.call: the command's click definition only parses the words),
    on a store opened for the call alone, as the command line opens it; stdout, stderr and the
    exit code as the command line gives them (cli.show, interpreter.refusal). For the tests of
    the rules: they test the game, not the command line. A line only the command line takes
    (the program's own options, a front end, standard input), one the library cannot read (a
    usage mistake, said in the command line's words) and the pseudo-language pass go through
    the command line itself (`Sk`)."""

    OWN_OPTIONS = ("--home", "--lang", "--version", "--help")

    def run(self, *args, input=None):
        from scorekeeper import cli, commands, interpreter

        words = [str(a) for a in args]
        by_hand = not words or input is not None or pseudo.speaking or words[0] in interpreter.FRONT_ENDS
        if by_hand or any(w.split("=", 1)[0] in self.OWN_OPTIONS for w in words):
            return super().run(*args, input=input)
        with cli.choose_language([]):  # as the command line chooses it: SCOREKEEPER_LANG, the locale
            try:
                said = interpreter.call(command(), words, commands.Desk(), None)
            except interpreter.Misworded:
                return super().run(*args, input=input)
            except errors.ScorekeeperError as exc:
                return Result(exc.exit_code, "", interpreter.refusal(exc) + "\n")
            warnings = "".join(_("warning: {warning}").format(warning=w) + "\n" for w in said.warnings)
            if said.then_refused is not None:
                refused = interpreter.refusal(said.then_refused) + "\n"
                return Result(said.then_refused.exit_code, said.shown(), warnings + refused)
            return Result(0, said.shown(), warnings)


@pytest.fixture
def sk(request):
    """The command line in-process (`Sk`); for a module of tests of the rules (one that sets
    THROUGH_THE_LIBRARY), the library of commands (`Library`)."""
    return Library() if getattr(request.module, "THROUGH_THE_LIBRARY", False) else Sk()


def played_once(tmp_path_factory, play):
    """`play(sk)` run once, in a home of its own, for a module's tests to copy (`copied_into`
    their `home`): each test then starts from the same stores without playing them again,
    and changes only its own copy. (The home's folder, what `play` returned.)"""
    folder = tmp_path_factory.mktemp("played") / "home"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SCOREKEEPER_HOME", str(folder))
        return folder, play(Sk())


def copied_into(folder, played):
    """What `played_once` played, copied into `folder` (a test's own): what `play` returned."""
    shutil.copytree(played[0], folder, dirs_exist_ok=True)
    return played[1]
