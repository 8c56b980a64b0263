"""The program's own options and conveniences: --version, --home after the command name,
shell completion, and the sheet format from --format or the file's extension."""

import itertools
import os
import re
import subprocess
import sys

import pseudo
import pytest
import warm_start

import scorekeeper
from scorekeeper import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def console(home, *args, program="sk", env=()):
    """The console script run as `program` (what the shell typed) in a process of its own
    (started warm: see warm_start.py)."""
    environment = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": ROOT, **dict(env)}
    process = warm_start.started(list(args), environment, cwd=ROOT, argv0=program)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


def test_version(sk):
    assert sk("--version") == f"scorekeeper {scorekeeper.__version__}\n"
    assert scorekeeper.__version__.count(".") == 2


def test_home_after_the_command_name(sk, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--home", elsewhere)
    assert sk.fails("status") == "refused: no game yet; start one with `new RULESET --players A,B,C`"
    assert sk.json("status", "--home", elsewhere)["hand"] == 1
    assert sk.json("status", f"--home={elsewhere}")["hand"] == 1
    assert sk("--home", elsewhere, "trump", "h").startswith("Hand 1: trump ♥.")
    # given twice, the one after the command name counts
    assert sk.json("--home", tmp_path / "empty", "status", "--home", elsewhere)["trump"] == "H"
    assert sk.fails("status", "--home", code=2) == (
        "error: Option '--home' requires an argument. (see `scorekeeper --help`)"
    )


@pytest.mark.parametrize(
    ("argv", "moved"),
    [
        (["status", "--home", "H"], ["--home", "H", "status"]),
        (["--home", "A", "bid", "1", "--home=B", "2"], ["--home", "A", "--home=B", "bid", "1", "2"]),
        (["comment", "--", "--home", "X"], ["comment", "--", "--home", "X"]),
        (["--help"], ["--help"]),
    ],
)
def test_home_is_moved_before_the_command(argv, moved):
    assert cli.globals_first(argv) == moved


def test_completion_prints_the_script_and_the_program_completes_itself(home):
    script = console(home, "completion", "bash")
    assert script.returncode == 0, script.stderr
    assert "_SK_COMPLETE=complete_bash" in script.stdout
    assert "complete -o default -F _sk_completion sk" in script.stdout
    asked = {"_SK_COMPLETE": "complete_bash", "COMP_WORDS": "sk sta", "COMP_CWORD": "1"}
    assert console(home, env=asked).stdout.split() == ["status", "standings", "stats"]
    asked = {"_SK_COMPLETE": "complete_bash", "COMP_WORDS": "sk standings --c", "COMP_CWORD": "2"}
    assert console(home, env=asked).stdout.split() == ["--chart"]
    zsh = console(home, "completion", "zsh", program="scorekeeper")
    assert zsh.stdout.startswith("#compdef scorekeeper")


def test_completion_names_the_shells_it_knows(sk, monkeypatch):
    monkeypatch.setenv("SHELL", "/bin/tcsh")
    assert sk.fails("completion", code=2) == (
        "error: cannot tell which shell 'tcsh' is; name it: `completion bash` (or zsh, fish, powershell)"
    )
    monkeypatch.setenv("SHELL", "/usr/bin/fish")
    assert "complete --command root" in sk("completion")


def test_completion_is_not_offered_as_options_on_every_run(sk):
    """Completion is a command; typer's --install-completion options would be built on every
    start-up."""
    assert "--install-completion" not in sk("--help")
    assert "completion" in sk("--help")


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (["--output", "{tmp}/s.html"], "<!DOCTYPE html>"),
        (["--output", "{tmp}/s.HTM"], "<!DOCTYPE html>"),
        (["--output", "{tmp}/s.md"], "## "),
        (["--output", "{tmp}/s.csv"], "game,"),
        (["--output", "{tmp}/s.json"], "{"),
        (["--output", "{tmp}/s.txt"], "OH HELL!"),
        (["--output", "{tmp}/sheet"], "OH HELL!"),
        (["--format", "HTML", "--output", "{tmp}/s"], "<!DOCTYPE html>"),
        (["--format", "md", "--output", "{tmp}/s.html"], "## "),
        (["--format", "Markdown", "--output", "{tmp}/s.x"], "## "),
    ],
)
def test_the_sheet_format_from_the_option_or_the_extension(sk, tmp_path, args, first_line):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    args = [a.format(tmp=tmp_path) for a in args]
    path = args[args.index("--output") + 1]
    assert sk("sheet", *args) == f"Wrote {path}.\n"
    with open(path, encoding="utf-8") as written:
        assert written.readline().startswith(first_line)


def test_format_on_screen_takes_any_case_and_md(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk("sheet", "--format", "MD") == sk("sheet", "--format", "markdown")
    assert sk("sheet", "--format", "Html").startswith("<!DOCTYPE html>")
    assert sk.fails("sheet", "--format", "PDF", code=2) == (
        "error: unknown sheet format 'PDF'; choose text, csv, grid, json, markdown, html, bgstats"
    )


@pytest.mark.parametrize("args", [["standings", "--chart"], ["sheet"], ["log"]])
def test_a_reader_that_stops_reading_is_not_an_error(sk, home, args):
    """`sk standings --chart | head -1`: the pipe is closed before the program writes."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    for entry in (["trump", "h"], ["bid", "1", "2", "3"], ["tricks", "1", "2", "7"]):
        sk(*entry)
    read, write = os.pipe()
    os.close(read)
    code = "import sys; sys.argv[0] = 'sk'; from scorekeeper.cli import main; main()"
    environment = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": ROOT}
    child = subprocess.run(
        [sys.executable, "-c", code, *args], env=environment, stdout=write, stderr=subprocess.PIPE, text=True
    )
    os.close(write)
    assert (child.returncode, child.stderr) == (0, "")


# --- English that reads right ------------------------------------------------------------------


def test_one_of_a_thing_is_singular(sk):
    sk("new", "oh-hell-office", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    assert sk("flip", "AS").startswith("Hand 1: 1 card each, trump ♠ (AS).")  # an Ace flipped: 1 card
    assert "Dealer: Ann (first dealer); 1 card each" in sk("status")
    assert sk.fails("bid", "1") == (
        "refused: 1 bid for 3 players; give one per player in seating order (Ann, Bob, Cat) or use NAME=VALUE"
    )
    assert sk("verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat")
    assert sk("verify").splitlines()[0] == "All 2 games verify: no entry has been altered."
    sk("trump", "h")
    assert sk.fails("poison", "take").startswith("refused: 1 poison for 3 players; ")


def test_no_trump_is_said_as_no_trump(sk):
    sk("new", "oh-hell-office", "--players", "Ann,Bob,Cat", "--set", "trump=turned", "--set", "sizes=down")
    assert sk("trump", "none").startswith("Hand 1: no trump.")
    assert sk("log").splitlines()[-1].split()[4:6] == ["no", "trump"]
    assert "Trump: no trump." in sk("rules", "four-bad-queens")


def test_the_list_of_commands_gives_each_its_first_paragraph_wrapped_to_the_list(sk):
    """`sk --help` lists each command with the first paragraph of its own help, wrapped to the
    list's width: the line breaks written for `sk COMMAND --help` are not kept there (they left
    half-empty lines mid-sentence), and a command's details stay in its own help."""
    import typer.main

    from scorekeeper.cli import app

    listed: dict[str, list[str]] = {}
    panel = sk("--help").split("Commands")[1]
    for line in panel.splitlines()[1:]:
        row = re.fullmatch(r"│ (\S*)\s+(.*?)\s*│", line)
        if row is None:
            break
        name, text = row.groups()
        if name:
            listed[name] = []
        listed[list(listed)[-1]].append(text)
    commands = typer.main.get_command(app).commands
    assert set(listed) == set(commands)
    width = max(len(text) for rows in listed.values() for text in rows)
    for name, rows in listed.items():
        first = commands[name].help.split("\n\n")[0]
        assert " ".join(rows) == " ".join(first.split()), name
        for line, after in itertools.pairwise(rows):
            assert len(line) + 1 + len(after.split()[0]) > width, (name, line, after)  # full: the next word did not fit
    assert max(len(rows) for rows in listed.values()) <= 4, {n: len(r) for n, r in listed.items()}


@pytest.mark.skipif(pseudo.ON, reason="chooses its own language")
@pytest.mark.parametrize("code", ["en", "de"])
def test_each_commands_help_flows_to_the_terminals_width(sk, code):
    """A command's own --help wraps each paragraph to the terminal: the line breaks written to
    keep the source narrow are not kept (they left lines half empty mid-sentence), while an
    example's command line keeps a line of its own."""
    import typer.main

    from scorekeeper.cli import EXAMPLE_LINE, app

    for name in typer.main.get_command(app).commands:
        shown = sk("--lang", code, name, "--help").split("╭")[0].splitlines()[2:]
        text = [line[1:].rstrip() for line in shown]  # rich indents the description by one space
        width = max(map(len, text))
        for line, after in itertools.pairwise(text):
            if line and after and not re.match(EXAMPLE_LINE, after):
                assert len(line) + 1 + len(after.split()[0]) > width, (code, name, line, after)
