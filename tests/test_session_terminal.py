"""`play` at a real pseudo-terminal: typed a character at a time, Tab completion, the
bottom line, Ctrl-C and Ctrl-D, checked on the screen a terminal emulator (pyte) draws
from what the program wrote."""

import os
import sys
import time

import pexpect
import pyte

from scorekeeper.storage import store

COLUMNS, ROWS = 120, 30


class Terminal:
    """A pseudo-terminal running `python -m scorekeeper play`, and the screen it draws. The
    emulator answers the cursor position requests prompt_toolkit sends, as a terminal does."""

    def __init__(self, home, *args):
        env = {**os.environ, "SCOREKEEPER_HOME": str(home), "TERM": "xterm", "NO_COLOR": "1"}
        env.pop("PROMPT_TOOLKIT_NO_CPR", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "scorekeeper", "play", *args],
            env=env,
            dimensions=(ROWS, COLUMNS),
            encoding="utf-8",
            codec_errors="replace",
            timeout=20,
        )
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.screen.write_process_input = self.child.send
        self.stream = pyte.Stream(self.screen)
        self.written = ""

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, wanted, timeout=20):
        """Read until `wanted` is on the screen (as drawn, not just somewhere in the output)."""
        end = time.monotonic() + timeout
        while wanted not in self.text():
            if time.monotonic() > end:
                raise AssertionError(f"{wanted!r} never appeared; the screen:\n{self.text()}")
            try:
                chunk = self.child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                continue
            self.written += chunk
            self.stream.feed(chunk)
        return self.text()

    def type(self, text):
        for char in text:  # one key at a time, as a person types
            self.child.send(char)
            time.sleep(0.01)

    def finish(self, timeout=30):
        """Read until the program ends, and its exit status; None if it had not ended within
        `timeout` seconds (it is then ended: a waiting prompt draws itself every second, so
        reading alone would never see the end)."""
        end = time.monotonic() + timeout
        try:
            while time.monotonic() < end:
                chunk = self.child.read_nonblocking(4096, timeout=10)
                self.written += chunk
                self.stream.feed(chunk)
        except pexpect.EOF:
            pass
        self.child.close(force=True)
        return self.child.exitstatus


def prompt_line(screen, start):
    return next(line for line in screen.splitlines() if line.startswith(start))


def test_a_hand_typed_at_a_terminal(home):
    tty = Terminal(home)
    tty.wait_for("new game · ruleset>")
    tty.type("oh-hell-mr")
    tty.child.send("\t")  # Tab completes the ruleset's name
    screen = tty.wait_for("ruleset> oh-hell-mrpikes")
    tty.type("\r")
    tty.wait_for("players (clockwise, comma-separated)>")
    tty.type("Ann,Bob,Cat,Dan,Eve\r")
    tty.wait_for("dealer (Enter: Ann)>")
    tty.type("Cat\r")
    tty.wait_for("location (Enter: none)>")
    tty.type("Ann's kitchen\r")  # typed as said: no quotes needed
    tty.wait_for("scorer (Enter: none)>")
    tty.type("\r")  # Enter skips it
    tty.wait_for("hand 1 · Cat deals 10 · trump>")
    tty.wait_for("hand 1 of 19 · Cat deals · 1. Ann 0")  # the bottom line
    tty.type("h\r")
    tty.wait_for("bids (Dan Eve Ann Bob Cat)>")
    screen = tty.wait_for("may bid: Dan 0-10 · Eve 0-10 · Ann 0-10 · Bob 0-10 · Cat 0-10")
    assert "Hand 1: trump ♥." in screen

    tty.type("9 9")
    tty.wait_for("bids (Dan Eve Ann Bob Cat)> 9 9")
    tty.child.sendcontrol("c")  # Ctrl-C drops the line: nothing is recorded
    tty.type("2 1 0 3 1\r")
    screen = tty.wait_for("tricks (Dan Eve Ann Bob Cat)>")
    assert "Hand 1: bids Ann 0, Bob 3, Cat 1, Dan 2, Eve 1 (total 7 for 10 tricks)." in screen

    tty.type("why B")
    tty.child.send("\t")  # a player's name
    tty.wait_for("why Bob")
    tty.type("\r")
    screen = tty.wait_for("Bob: 0 points")

    tty.type("2 1 1 5 1\r")
    tty.wait_for("hand 2 · Dan deals 9 · trump>")
    screen = tty.wait_for("hand 2 of 19 · Dan deals · 1. Dan 12")
    assert "Standings: 1. Dan 12 · 2. Cat 11 · 2. Eve 11 · 4. Ann -11 · 5. Bob -12" in screen

    tty.child.sendcontrol("d")  # Ctrl-D leaves
    assert tty.finish() == 0
    assert "Traceback" not in tty.written
    with store.Store(home) as db:  # each answer was stored as it was given; the cancelled one never
        bodies = [e.body for e in db.events(db.current_game())]
    assert [b["type"] for b in bodies[1:]] == ["trump", "bids", "tricks"]
    assert (home / "play-history").read_text().count("2 1 0 3 1") == 1


def test_a_waiting_prompt_shows_a_phones_entry_within_a_second_or_two(home):
    """An entry made elsewhere (a phone, another terminal) while `play` waits at its prompt:
    the prompt, drawn again every second with the store read again, asks for what the hand
    needs now, and the bottom line says what was recorded; Enter then says it above."""
    from served import sk_process

    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    tty = Terminal(home)
    tty.wait_for("hand 1 · Ann deals 10 · trump>")
    sk_process(home, "trump", "h")  # as a phone's entry is: another process, another connection
    tty.wait_for("hand 1 · Ann deals 10 · bids (Bob Cat Ann)>", timeout=5)
    screen = tty.wait_for("Recorded elsewhere: trump H.")  # the bottom line may come in the next write
    lines = screen.splitlines()
    bottom = next(k for k, line in enumerate(lines) if line.startswith("hand 1 of 19 · Ann deals"))
    assert lines[bottom - 1] == "Recorded elsewhere: trump H."  # on the bottom line, above the hand's
    tty.child.send("\r")  # an empty line: the entry is said above the prompt, once

    def said_above():  # the next prompt is drawn: its bottom line no longer says the entry
        lines = tty.wait_for("hand 1 of 19 · Ann deals").splitlines()
        bottom = next(k for k, line in enumerate(lines) if line.startswith("hand 1 of 19 · Ann deals"))
        return lines[bottom - 1] != "Recorded elsewhere: trump H." and "Recorded elsewhere: trump H." in lines

    end = time.monotonic() + 10
    while not said_above():
        assert time.monotonic() < end, tty.text()
        try:
            chunk = tty.child.read_nonblocking(4096, timeout=0.2)
        except pexpect.TIMEOUT:
            continue
        tty.stream.feed(chunk)
    # Ctrl-D only once the prompt reads keys again: between two prompts the terminal is in its
    # line mode, where Ctrl-D is an end of input the next prompt never sees
    tty.child.sendcontrol("d")
    assert tty.finish() == 0


def test_a_ctrl_c_that_stops_the_loop_mid_prompt_leaves_no_prompt_behind():
    """`play` runs every prompt in one event loop (terminal.ask). A Ctrl-C that lands outside
    prompt_toolkit's own handling stops the loop with the prompt still waiting: it is
    cancelled, and the next prompt is the only one the loop runs. (In a thread of its own:
    this process may be running Playwright's loop in its main thread.)"""
    import asyncio
    import threading

    from scorekeeper import terminal

    woken, failed = [], []

    async def waiting_prompt(name):
        try:
            await asyncio.sleep(0.05)
            woken.append(name)
            return name
        except asyncio.CancelledError:
            woken.append(f"{name} cancelled")
            raise

    def ctrl_c():
        raise KeyboardInterrupt

    def session():
        loop = asyncio.new_event_loop()
        try:
            loop.call_later(0.01, ctrl_c)
            try:
                terminal.ask(loop, waiting_prompt("first"))
            except KeyboardInterrupt:
                woken.append("interrupted")
            assert woken == ["first cancelled", "interrupted"]
            assert terminal.ask(loop, waiting_prompt("second")) == "second"
            assert woken == ["first cancelled", "interrupted", "second"]
            assert asyncio.all_tasks(loop) == set()
        except BaseException as exc:
            failed.append(exc)
        finally:
            loop.close()

    thread = threading.Thread(target=session)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive() and not failed, failed
