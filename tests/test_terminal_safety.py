"""What reaches the scorer's terminal and files: control characters refused at entry and
neutralised on every output (stores written before the refusal too); `sheet --output` never
writes over the store or an existing file unless told; Ctrl-C says what happened; a terminal
pinned to its game with SCOREKEEPER_GAME, and confirmations naming the game when two tables
share a store."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import warm_start
from helpers import store_game

from scorekeeper.storage import store

ROOT = Path(__file__).resolve().parent.parent
ESC = "\x1b"
NASTY = [ESC + "]0;owned" + "\x07", ESC + "]52;c;ZWNobyBoaQ==" + "\x07", ESC + "[2K\r", "\x9b31m", "\u202e"]


def mrpikes(sk, *extra):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", *extra)


# --- control characters --------------------------------------------------------------------


@pytest.mark.parametrize("bad", NASTY)
@pytest.mark.parametrize(
    "args, what",
    [
        (["new", "oh-hell-mrpikes", "--players", "Ann,Bob,C{}"], "a player name"),
        (["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "x{}"], "the game's name"),
        (["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--location", "x{}"], "the location"),
        (["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--scorer", "x{}"], "the scorer"),
        (["comment", "nice {}"], "a comment"),
        (["renege", "Bob", "--note", "oops{}"], "a renege note"),
    ],
)
def test_control_characters_are_refused_at_entry(sk, home, args, what, bad):
    if args[0] != "new":
        mrpikes(sk)
    said = sk.fails(*[a.replace("{}", bad) for a in args])
    assert said.startswith(f"refused: {what} holds a control character (")
    assert said.endswith("); type it as plain text")
    assert not any(c in said for c in "\x1b\x07\r\x9b\u202e")
    with store.Store(home) as db:
        assert sum(g.events for g in db.games()) <= 1  # at most the game itself


def old_store_game(home):
    """A game written before control characters were refused: names and comments carry
    window-title, clipboard and erase-line sequences."""
    from scorekeeper import table
    from scorekeeper.core import events, rulesets
    from scorekeeper.storage import ruleset_files

    origin, text = ruleset_files.find("oh-hell-mrpikes", None)
    resolved, chosen, _ = rulesets.apply_options(origin, rulesets.parse_document(origin, text), [])
    start = events.GameStarted(
        game_id="0123456789abcdef0123456789abcdef", ruleset=resolved, options=chosen,
        players=["Ann" + NASTY[0], "Bob", "Cat" + NASTY[4]], dealer="Ann" + NASTY[0],
        name="Tue" + NASTY[1], location="", scorer="",
    )  # fmt: skip
    bodies = [
        start.data(),
        events.TrumpSet(hand=1, suit="H").data(),
        events.CommentAdded(hand=1, text="gg" + NASTY[2] + NASTY[3]).data(),
        events.RenegeRecorded(hand=1, player="Bob", kind="revoke", note="x" + NASTY[1]).data(),
    ]
    assert table  # the game replays like any other
    return store_game(home, bodies)


def on_a_terminal(home, *args):
    """What a command prints when its output is a terminal (a pseudo-terminal here): `sk`
    run as a command of its own whose output and error are that terminal (started warm: see
    warm_start.program; how it starts is not what is tested here)."""
    import pty

    sk = home.parent / "sk"
    if not sk.exists():
        warm_start.program(sk)
    parent, child = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOREKEEPER_HOME": str(home)}
    done = subprocess.Popen([sk, *args], stdout=child, stderr=child, env=env)
    os.close(child)
    shown = b""
    while True:
        try:
            chunk = os.read(parent, 65536)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        shown += chunk
    os.close(parent)
    assert done.wait(timeout=60) == 0, shown
    return shown.decode("utf-8")


def test_control_characters_from_an_older_store_are_neutralised_on_every_terminal_output(home):
    old_store_game(home)
    for args in (["log"], ["sheet"], ["standings"], ["status"], ["games"], ["why", "Bob"], ["stats"],
                 ["sheet", "--format", "csv"], ["sheet", "--format", "markdown"], ["standings", "--json"]):  # fmt: skip
        shown = on_a_terminal(home, *args).replace("\r\r\n", "\n").replace("\r\n", "\n")  # line ends
        assert not any(c in shown for c in "\x1b\x07\r\x9b\u202e"), (args, shown)
    assert "\\u009b31m" in on_a_terminal(home, "sheet")  # visible, and harmless
    assert "Ann\\u001b]0;owned\\u0007" in on_a_terminal(home, "standings")


def test_output_into_a_pipe_or_file_keeps_the_text_as_stored(sk, home):
    old_store_game(home)
    assert "Ann" + NASTY[0] in sk("standings")  # e.g. a CSV or JSON sheet read by a program


# --- sheet --output ------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", "-journal"])
def test_the_sheet_is_never_written_over_the_store(sk, home, suffix):
    mrpikes(sk)
    target = home / (store.Store.FILENAME + suffix)
    before = (home / store.Store.FILENAME).read_bytes()
    for extra in ([], ["--force"]):
        said = sk.fails("sheet", "--output", target, *extra, code=2)
        assert said == f"error: {target} is part of the store; write the sheet to another file"
    assert (home / store.Store.FILENAME).read_bytes() == before
    assert sk.json("status")["hand"] == 1


def test_the_sheet_is_never_written_over_the_store_through_a_link(sk, home, tmp_path):
    mrpikes(sk)
    link = tmp_path / "sheet.txt"
    link.symlink_to(home / store.Store.FILENAME)
    said = sk.fails("sheet", "--output", link, "--force", code=2)
    assert said == f"error: {link} is part of the store; write the sheet to another file"
    assert sk.json("status")["hand"] == 1


def test_an_existing_file_is_replaced_only_with_force(sk, tmp_path):
    mrpikes(sk)
    target = tmp_path / "tonight.txt"
    target.write_text("my notes", encoding="utf-8")
    said = sk.fails("sheet", "--output", target)
    assert said == f"refused: {target} already exists; pass --force to replace it, or choose another name"
    assert target.read_text(encoding="utf-8") == "my notes"
    assert sk("sheet", "--output", target, "--force").strip() == f"Wrote {target}."
    assert "Ann" in target.read_text(encoding="utf-8")


def test_force_replaces_a_link_instead_of_writing_through_it(sk, tmp_path):
    mrpikes(sk)
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me", encoding="utf-8")
    link = tmp_path / "out.txt"
    link.symlink_to(precious)
    assert sk.fails("sheet", "--output", link).startswith(f"refused: {link} already exists")
    sk("sheet", "--output", link, "--force")
    assert precious.read_text(encoding="utf-8") == "keep me"
    assert not link.is_symlink() and "Ann" in link.read_text(encoding="utf-8")


# --- Ctrl-C --------------------------------------------------------------------------------


def test_ctrl_c_after_the_entry_is_stored_says_so(sk, home, monkeypatch):
    from scorekeeper.words import replies

    mrpikes(sk)
    sk("trump", "h")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(replies, "reply", interrupted)
        result = sk.run("bid", "3", "0", "6")
    assert (result.exit_code, result.stderr) == (130, "error: interrupted; entry 2 was recorded\n")
    assert "bids Ann=3 Bob=0 Cat=6" in sk("log")


def test_ctrl_c_before_the_entry_is_stored_says_nothing_was(sk, home, monkeypatch):
    from scorekeeper.storage import chain_writer

    mrpikes(sk)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(chain_writer.GameWriter, "append", interrupted)
        result = sk.run("trump", "h")
    assert (result.exit_code, result.stderr) == (130, "error: interrupted; nothing was recorded\n")
    assert sk.json("status")["trump"] is None


def test_ctrl_c_at_start_up_is_one_line(tmp_path, home):
    # an interrupt while the program is still loading its modules
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "typer.py").write_text("raise KeyboardInterrupt\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(stub), str(ROOT)]), "SCOREKEEPER_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "status"], env=env, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert (done.returncode, done.stderr) == (130, "error: interrupted; nothing was recorded\n")


# --- two tables, one store -----------------------------------------------------------------


def test_a_terminal_pinned_to_its_game(sk, monkeypatch):
    mrpikes(sk, "--name", "Kitchen")
    kitchen = sk.json("status")["game"]
    sk("new", "snakebit", "--players", "Dan,Eve,Fay", "--name", "Porch")  # now current
    monkeypatch.setenv("SCOREKEEPER_GAME", kitchen[:6])
    said = sk("trump", "h")
    assert said.startswith("Kitchen: Hand 1: trump ♥.")  # named: another game is in progress
    assert sk.json("status")["game"] == kitchen
    monkeypatch.setenv("SCOREKEEPER_GAME", "nosuch")
    assert sk.fails("status") == (
        "refused: SCOREKEEPER_GAME names no game 'nosuch' in the store; `games` lists them, "
        "or unset it to use the current game"
    )


def test_confirmations_name_the_game_only_when_another_is_in_progress(sk):
    mrpikes(sk)
    gid = sk.json("status")["game"]
    assert sk("trump", "h").startswith("Hand 1: trump")
    sk("new", "snakebit", "--players", "Dan,Eve,Fay")
    said = sk("bid", "3", "0", "6", "--game", gid[:5])
    assert said.startswith(f"Game {gid[:8]}: ") and "Ann 3, Bob 0, Cat 6" in said
    assert sk("undo", "--game", gid[:5]).startswith(f"Game {gid[:8]}: Undone: entry 2")


def test_ctrl_c_that_lands_while_a_class_is_made_is_still_ctrl_c(sk, home, monkeypatch):
    # pydantic reports an interrupt during a model's creation as the RuntimeError it caused
    from scorekeeper.words import replies

    mrpikes(sk)

    def interrupted(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("Error calling __set_name__ on 'PydanticDescriptorProxy'") from exc

    with monkeypatch.context() as patched:
        patched.setattr(replies, "reply", interrupted)
        result = sk.run("trump", "h")
    assert (result.exit_code, result.stderr) == (130, "error: interrupted; entry 1 was recorded\n")
