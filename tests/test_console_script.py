"""The console script as the scorer runs it: a fresh process, where `main` registers only
the command being run (see cli.main), must behave exactly as the full command line does."""

import os
import subprocess
import sys

import pytest

from scorekeeper import cli


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["status"], "status"),
        (["status", "--json"], "status"),
        (["--home", "/tmp/x", "standings", "--chart"], "standings"),
        (["--home=/tmp/x", "bid", "Ann=1"], "bid"),
        (["import", "game.json"], "import"),
        (["--help"], None),
        ([], None),
        (["--home", "/tmp/x"], None),
        (["frobnicate"], None),
        (["--frob", "status"], None),
    ],
)
def test_the_command_run_is_found_after_the_global_option(argv, expected):
    assert cli.command_run(argv) == expected


def scorekeeper(home, *args):
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, text=True
    )


def test_a_game_through_the_console_script_matches_the_in_process_one(sk, home):
    """Same entries, same output: in a child process (one command registered) and through
    CliRunner (all registered)."""
    for args in (["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat"], ["trump", "h"]):
        child = scorekeeper(home, *args)
        assert child.returncode == 0, child.stderr
    for args in (["status"], ["standings", "--json"], ["bid", "Ann=1", "Bob=0", "Cat=7"]):
        child = scorekeeper(home, *args)
        in_process = sk.run(*args)
        assert (child.returncode, child.stdout, child.stderr) == (
            in_process.exit_code, in_process.stdout, in_process.stderr
        )


def test_help_and_mistakes_through_the_console_script(home):
    listing = scorekeeper(home, "--help")
    assert listing.returncode == 0
    assert all(name in listing.stdout for name in ("status", "standings", "import", "winner"))
    one = scorekeeper(home, "status", "--help")
    assert one.returncode == 0 and "--json" in one.stdout
    unknown = scorekeeper(home, "frobnicate")
    assert (unknown.returncode, unknown.stderr) == (
        2, "error: No such command 'frobnicate'. (see `python -m scorekeeper --help`)\n"
    )


def loaded_after(home, code):
    """The scorekeeper modules and heavy libraries a fresh process holds after `code`."""
    script = (
        "import sys\n" + code + "\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('scorekeeper.')"
        " or m in ('tabulate', 'tomllib', 'sqlite3', 'platformdirs', 'prompt_toolkit', 'wcwidth', 'babel'))))"
    )
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en"}
    child = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    return set(child.stdout.split())


def test_start_up_loads_only_what_the_command_needs(sk, home):
    """What keeps commands quick at the table (README, Start-up latency): the command line
    alone loads no rules, store or table library; `status` on an Oh Hell hand in progress
    loads the engine but no other game family, no TOML parser and no table library."""
    assert loaded_after(home, "from scorekeeper import cli") == {
        "scorekeeper.cli", "scorekeeper.core", "scorekeeper.core.errors", "scorekeeper.core.language"
    }  # fmt: skip
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    status = loaded_after(home, "from scorekeeper import cli\ncli.app(['status'], standalone_mode=False)")
    assert {"scorekeeper.core.engine", "scorekeeper.storage.store", "sqlite3"} <= status
    assert not status & {
        "scorekeeper.core.families.captures", "scorekeeper.core.families.poisons",
        "scorekeeper.core.families.snakebit", "scorekeeper.core.families.card_by_card",
        "scorekeeper.sheets.score_sheet", "scorekeeper.stats", "scorekeeper.words.explain", "tabulate", "tomllib",
        "platformdirs", "scorekeeper.session", "scorekeeper.terminal", "prompt_toolkit",
        "babel", "scorekeeper.click_words",  # English loads no catalog, nor typer's words
    }  # fmt: skip


def test_a_table_measures_wide_characters_only_when_it_has_some(sk, home):
    """tabulate measures text with wcwidth when it is installed (prompt_toolkit brings it);
    importing it costs more than the rest of `standings`, so a table of narrow text is
    printed without it, and one with wide characters (CJK names) with it, lined up."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    standings = loaded_after(home, "from scorekeeper import cli\ncli.app(['standings'], standalone_mode=False)")
    assert "tabulate" in standings
    assert "wcwidth" not in standings
    sk("new", "oh-hell-mrpikes", "--players", "Ann,王小明,Cat")
    lines = sk("standings").splitlines()[1:6]
    wide = loaded_after(home, "from scorekeeper import cli\ncli.app(['standings'], standalone_mode=False)")
    assert "wcwidth" in wide
    # the score column starts at the same screen column on every row (王小明 is 6 columns wide)
    import unicodedata

    def width(text):
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    starts = {width(line[: line.index("0")]) for line in lines[2:]}
    assert len(starts) == 1, lines

