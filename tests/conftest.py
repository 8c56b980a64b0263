"""Every test gets a fresh, empty store, and an `sk` fixture that runs the CLI in-process."""

import json

import pytest
from typer.testing import CliRunner


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    return folder


class Sk:
    """Runs `scorekeeper ARGS…` through typer's CliRunner.

    `sk(...)` expects success and returns stdout; `sk.fails(...)` expects a refusal and
    returns stderr (one line, no traceback); `sk.json(...)` parses stdout as JSON.
    """

    def __init__(self):
        self.runner = CliRunner()

    def run(self, *args):
        from scorekeeper.cli import app

        return self.runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

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
def sk():
    return Sk()
