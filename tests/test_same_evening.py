"""One scripted evening, said line by line through the three front ends, each on a store of its
own: the command line (each line one `sk` run), `play` (one session fed every line) and the
scorer's phone (one `sk serve`, each line a `POST /api/entry`; the game is started from the
phone too, on a server started on an empty store). The stores must hold the same entries, byte
for byte, and each line must get the same reply, less what is set aside below and why.

The evening: Oh Hell! (MrPikes' house rules, RULES.md §1) with in-turn bidding and the hook,
four hands of 3 cards, then tie-break hands at the final size (end.tie_break). Scoring rule 1:
a made bid scores 10 + tricks, a made zero 10, a miss -(10 + the miss); a newcomer starts with
the score of the player in last place (join_score=last). Bare values on a command line go in
seating order.

  hand 1, Bob deals, Ann Bob Cat Dan; a wrong trump undone; the hook refuses bids of 1 1 1 0
          (total 3, the tricks available, with Bob, the dealer, bidding last)
          bids 2 0 1 3, tricks 1 0 1 1, later corrected to 1 2 0 0:
          Ann -11, Bob -12, Cat -11, Dan -13
  hand 2, Cat deals: Ann 0/0 +10, Bob 1/1 +11, Cat 1/1 +11, Dan 0/1 -11      -> -1 -1 0 -24
  Eve joins after Bob with Dan's -24 (last place); Dan leaves before hand 3 (nothing of it is
  recorded yet); Cat is now Cathy; Ann is ruled -5 (slow play) in hand 3
  hand 3, Ann deals, Ann Bob Eve Cathy: Ann 1/1 +11 - 5, Bob 1/1 +11, Eve 0/1 -11,
          Cathy 0/0 +10                                       -> Ann 5, Bob 10, Eve -35, Cathy 10
  hand 4, Bob deals: Ann 0/0 +10, Bob 1/1 +11, Eve 0/1 -11, Cathy 1/1 +11
          -> Ann 15, Bob 21, Eve -46, Cathy 21: Bob and Cathy tie for the lead
  hand 5, tie-break 1, Eve deals (`trump none` refused: there is always a trump):
          Ann 1/0 -11, Bob 1/1 +11, Eve 1/0 -11, Cathy 1/2 -11 -> Bob 32 leads alone and wins
  after the game, a ruling of +2 for Ann in hand 2 (named `ann`): Ann 6; Bob still wins.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import pseudo
import pytest
from conftest import Sk, command
from served import Served

# The lines are typed in English: the pseudo-language run (SCOREKEEPER_TEST_PSEUDO=1) speaks to
# the command line in its own words, which `play` and the phone, fed these lines, would not.
pytestmark = pytest.mark.skipif(pseudo.ON, reason="the script is in English words")

NEW = (
    "new oh-hell-mrpikes --players Ann,Bob,Cat,Dan --dealer Bob --set bidding=in-turn --set hook=true "
    '--set sizes=fixed --set start=3 --set hands=4 --name "Friday night" --location "Cat\'s kitchen" --scorer Ann'
)
SCRIPT = [
    NEW,
    # hand 1, Bob deals 3; bidding order Cat Dan Ann Bob
    "trump clubs",
    "undo",
    "trump hearts",
    "bid 1 1 1 0",  # refused: the hook (Bob, the dealer, may not make the total 3)
    "bid 2 0 1 3",
    "tricks 1 0 1 1",
    'comment "Dan bid all three" --hand 1',
    # hand 2, Cat deals
    "trump spades",
    "bid 0 1 1 0",
    "tricks 1 2 0 0 --hand 1",  # a correction of the closed hand 1
    "tricks 0 1 1 1",
    # before hand 3
    "join Eve --after Bob",
    "leave Dan",
    "rename Cat Cathy",
    'adjust Ann -5 --reason "slow play"',
    "status",
    # hand 3, Ann deals, Ann Bob Eve Cathy
    "trump ♦",
    "bid 1 1 x 0",  # a usage error: not a number
    "bid 1 1 0 0",
    "tricks 1 1 1 0",
    # hand 4, Bob deals: the last planned hand, Bob and Cathy tie at 21
    "trump c",
    "bid 0 1 0 1",
    "tricks 0 1 1 1",
    # hand 5, tie-break 1, Eve deals
    "trump none",  # refused: MrPikes always has a trump
    "trump h",
    "bid 1 1 1 1",
    "tricks 0 1 0 2",
    # after the game
    'adjust ann 2 --reason "late apology" --hand 2',
    "why cath",
    "standings",
    "sheet",
    "games",
]
# `log` is left out: all it adds to what is said above is what is set aside (each entry's time
# and hash, and "from the phone"), and its columns are as wide as those.

# The exit code each answer of the phone stands for (CLI.md, "The scorer's phone").
EXIT_CODE = {200: 0, 409: 1, 400: 2}


@dataclass(frozen=True)
class Said:
    """What a front end said for one line: `out`, the reply (standard output; the phone's
    `reply`), and `err`, the refusal or the warnings (standard error; the phone's `error`, or
    its `warnings` each as the command line begins one)."""

    out: str
    err: str


@dataclass(frozen=True)
class Evening:
    said: list[Said]
    codes: list[int] | int  # each line's exit code; `play`: the session's (the worst line's)
    folder: Path  # the store's
    game: str  # the id of the game the store holds


def on_the_command_line(folder: Path) -> Evening:
    """Each line as its own `sk` run, split into words as a shell splits them."""
    sk = Sk()
    said, codes = [], []
    for line in SCRIPT:
        done = sk.run("--home", folder, *shlex.split(line))
        said.append(Said(done.stdout.rstrip("\n"), done.stderr.rstrip("\n")))
        codes.append(done.exit_code)
    return Evening(said, codes, folder, stored(folder)[0])


class Lines(io.TextIOBase):
    """Standard input for `play` that is not a terminal, handing out one line at a time and
    noting, as each is asked for, how much had been printed by then: what is printed between
    two lines is the reply to the first (`play` stores each entry before it reads the next)."""

    def __init__(self, lines: list[str], out: io.StringIO, err: io.StringIO) -> None:
        self.lines, self.out, self.err = list(lines), out, err
        self.marks: list[tuple[int, int]] = []

    def isatty(self) -> bool:
        return False

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        self.marks.append((self.out.tell(), self.err.tell()))
        return self.lines.pop(0) + "\n" if self.lines else ""

    def __next__(self) -> str:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def read(self, size: int | None = -1) -> str:
        raise AssertionError("play reads its input a line at a time, each entry stored before the next")


def in_play(folder: Path) -> Evening:
    """One `play` session, in-process, fed every line."""
    out, err = io.StringIO(), io.StringIO()
    given = Lines(SCRIPT, out, err)
    kept = sys.stdin
    sys.stdin = given
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                command().main(args=["--home", str(folder), "play"], prog_name="sk")
                code = 0
            except SystemExit as done:
                code = done.code or 0
    finally:
        sys.stdin = kept
    printed, errors = out.getvalue(), err.getvalue()
    assert len(given.marks) == len(SCRIPT) + 1, "play stopped before the end of its input"
    said = [
        Said(printed[o1:o2].rstrip("\n"), errors[e1:e2].rstrip("\n"))
        for (o1, e1), (o2, e2) in zip(given.marks, given.marks[1:], strict=False)
    ]
    return Evening(said, code, folder, stored(folder)[0])


def on_the_phone(folder: Path) -> Evening:
    """One `sk serve` on an empty store, each line sent as the scorer's page sends it."""
    server = Served(folder)
    said, codes = [], []
    try:
        assert server.lines[0].startswith("No game yet; the scorer's page starts the first one.")
        for line in SCRIPT:
            answer = server.enter(line)
            body = answer.json()
            if answer.status == 200:
                said.append(Said(body["reply"], "\n".join(f"warning: {w}" for w in body["warnings"])))
            else:
                said.append(Said("", body["error"]))
            codes.append(EXIT_CODE.get(answer.status, answer.status))
    finally:
        code, _, err = server.stop()
    assert (code, err) == (0, "")
    return Evening(said, codes, folder, stored(folder)[0])


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    base = tmp_path_factory.mktemp("same-evening")
    return {
        "cli": on_the_command_line(base / "cli"),
        "play": in_play(base / "play"),
        "phone": on_the_phone(base / "phone"),
    }


# --- the stores --------------------------------------------------------------------------


def stored(folder: Path) -> tuple[str, list[tuple[int, str, str]]]:
    """The store's one game: its id, and each event's (n, type, body as stored)."""
    with contextlib.closing(sqlite3.connect(folder / "scorekeeper.sqlite3")) as db:
        ((game,),) = db.execute("SELECT id FROM games").fetchall()
        rows = db.execute("SELECT game_id, n, type, body FROM events ORDER BY n").fetchall()
    assert {row[0] for row in rows} == {game}
    return game, [row[1:] for row in rows]


# What is set aside in comparing the stores, and why:
# - each event's time (`at`): when it was appended;
# - the game's id: `new` draws it at random (128 bits), so each store's game has its own; it is
#   the events' `game_id` column and the `game_id` of the first entry's body (replaced here);
# - `"via":"phone"`, which the store adds to the body of every event the phone appends (the log
#   says "from the phone"): it must be there in each of the phone's events, and in no other;
# - each event's `prev` and `hash`: they cover the time, the game's id and the body with its
#   `via`, so they differ as those do; each store's chain is verified instead;
# - the games table's time and head, and the caches (`game_facts`, `derived`), all made from
#   the events.
# Nothing else: every body is compared as the text stored, byte for byte.
PHONE_MARK = ',"via":"phone"'  # the body's keys are sorted, and "type" comes before "via"


def test_the_three_stores_hold_the_same_entries(evening):
    bodies = {}
    for name, run in evening.items():
        game, events = stored(run.folder)
        if name == "phone":
            assert all(body.count(PHONE_MARK) == 1 for _, _, body in events), events
            events = [(n, kind, body.replace(PHONE_MARK, "")) for n, kind, body in events]
        assert all('"via"' not in body for _, _, body in events), name
        assert game in events[0][2]
        bodies[name] = [(n, kind, body.replace(game, "<game>")) for n, kind, body in events]
        verified = Sk().run("--home", run.folder, "verify")
        assert verified.exit_code == 0 and verified.stdout.startswith("The 1 game verifies"), verified
    assert len(bodies["cli"]) == 25  # one a line, less the three refused and the five that only show
    assert bodies["play"] == bodies["cli"]
    assert bodies["phone"] == bodies["cli"]


# --- the replies -------------------------------------------------------------------------

# What is set aside in comparing the replies, and why:
# - the game's id (drawn at random: see above), and the chain digests (hashes of the times);
# - times: the date on the sheet, the time `games` says the game started;
# - the store's folder (each front end has its own), and the time in a backup's file name;
# - the phone's wrapper: the reply without its last newline, a refusal in "error", the
#   warnings in a list.
# Between `play` and the phone nothing more than ON_THE_PAGE: the phone's reply is `play`'s
# (CLI.md: it records what `play` would for the line), in the page's words. Between them and the command line, also:
# - the order bare values go in, as `status` (and `new`, `undo`) says it: on the command line
#   "seating order: Ann, Bob, Cat, Dan", in `play` and on the phone "this order" (the bidding
#   order just named), since there a bare answer follows the prompt (CLI.md, "Naming
#   players"); a command typed there, as every line here is, still takes seating order, as
#   the stores show;
# - the standings on one line (`Standings: 1. Cat 11 · 2. Bob 10 …`) that `play` and the phone
#   add after an entry that closed a hand, where the command line's table of the hand has the
#   totals.
TIMES_AND_IDS = [
    (re.compile(r"(Chain digest[^:\n]*: )[0-9a-f]{16,64}\b"), r"\1<digest>"),
    (re.compile(r"^Date: \d{4}-\d\d-\d\d$", re.M), "Date: <date>"),
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d\b"), "<time>"),
    (re.compile(r"auto-\d{8}T\d{6,12}Z\.sqlite3"), "auto-<time>.sqlite3"),
]
THE_SESSIONS_OWN = [
    (
        re.compile(r" \(bare values go in (?:seating order: [^)]*|this order)\)"),
        " (bare values go in <order>)",
    ),
    (re.compile(r"\nStandings: [^\n]*\Z"), ""),
]


# The phone's page names no command to type: where `play` says where bare values go, the
# command for what is still to record and "(keep it for `verify --digest`)", the page's reply
# says none of them (its witness keeps the digests). Nor does it name an entry by its number
# in the log: an undo names what it took back and its hand, a correction what it put right
# player by player, with what it was. Its `why` is the first line, the rest going as data for
# the page to lay out (see test_phone_words.py).
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _values(said: str) -> dict[str, str]:
    return dict(pair.split("=") for pair in said.split())


def _corrected_on_the_page(found: re.Match) -> str:
    """`Hand 1 corrected (entry 11): tricks Ann=1 Bob=2 (was tricks Ann=1 Bob=0)` as the page
    says it: each player whose tricks changed, with what they were."""
    now, was = _values(found["now"]), _values(found["was"])
    changed = "; ".join(f"{p}'s tricks {v}, was {was[p]}" for p, v in now.items() if was.get(p) != v)
    return f"Hand {found['hand']} corrected: {changed}."


ON_THE_PAGE = [
    (re.compile(r" \(bare values go in [^)]*\)"), ""),
    (re.compile(r" \(keep it for `verify --digest`\)"), ""),
    (re.compile(r" \(`[^()]*`[^()]*\)"), ""),  # what is still to record, without the command: "the trump (`trump SUIT`)"
    (  # the undo of a trump, named by its suit and hand (the hand the status after it is of)
        re.compile(r"\AUndone: entry \d+, trump (?P<suit>[SHDC])\.(?P<status>\n[^\n]* — hand (?P<hand>\d+) )"),
        lambda found: f"Undone: trump {SUITS[found['suit']]} (hand {found['hand']}).{found['status']}",
    ),
    (
        re.compile(r"^Hand (?P<hand>\d+) corrected \(entry \d+\): tricks (?P<now>[^()]*) \(was tricks (?P<was>[^()]*)\)\.$", re.M),
        _corrected_on_the_page,
    ),
    (re.compile(r"^Hand (\d+) corrected \(entry \d+\): ", re.M), r"Hand \1 corrected: "),  # a ruling added to a past hand
    (re.compile(r"\A([^\n]* \(\d+ hands? scored\))\n.*\Z", re.S), r"\1"),  # `why`: its first line
]


def as_on_the_page(said: Said) -> Said:
    """What a terminal said, as the phone's page says it."""
    out, err = said.out, said.err
    for pattern, put in ON_THE_PAGE:
        out, err = pattern.sub(put, out), pattern.sub(put, err)
    return Said(out, err)


def set_aside(text: str, run: Evening, sessions: bool) -> str:
    text = text.replace(run.game, "<game>").replace(str(run.folder), "<home>")
    for pattern, put in TIMES_AND_IDS + (THE_SESSIONS_OWN if sessions else []):
        text = pattern.sub(put, text)
    return text


def said_by(evening, name: str, index: int, sessions: bool = True) -> Said:
    """What front end `name` said to line `index`, less what is set aside (`sessions`: also
    what `play` and the phone say that the command line does not)."""
    run = evening[name]
    said = run.said[index]
    return Said(set_aside(said.out, run, sessions), set_aside(said.err, run, sessions))


# The line whose replies differ today, where they should not (the rest must agree):
DIFFERENCES: dict[str, str] = {}  # a line the front ends should say alike but do not, and why


def lines() -> list:
    """Each line's index, named by its place and its first word; the differences marked."""
    return [
        pytest.param(
            index,
            id=f"{index + 1:02}-{line.split()[0]}",
            marks=[pytest.mark.xfail(strict=True, reason=DIFFERENCES[line])] if line in DIFFERENCES else [],
        )
        for index, line in enumerate(SCRIPT)
    ]


@pytest.mark.parametrize("index", lines())
def test_each_front_end_says_the_same_to_each_line(evening, index):
    on_page = as_on_the_page(said_by(evening, "play", index, sessions=False))
    assert said_by(evening, "phone", index, sessions=False) == on_page
    assert evening["phone"].codes[index] == evening["cli"].codes[index]
    cli, play, phone = (said_by(evening, name, index) for name in ("cli", "play", "phone"))
    assert play == cli
    assert phone == as_on_the_page(cli)


def test_the_refusals_are_the_same_words_everywhere(evening):
    """Every line the command line refused (exit 1) or could not take (2), and only those."""
    cli = evening["cli"]
    refused = [i for i, code in enumerate(cli.codes) if code]
    assert [SCRIPT[i] for i in refused] == ["bid 1 1 1 0", "bid 1 1 x 0", "trump none"]
    assert [cli.codes[i] for i in refused] == [1, 2, 1]
    assert cli.said[refused[0]].err == (
        "refused: bids would total 3, the tricks available, and Bob bids last (hook rule); Bob may bid 0 or 2-3"
    )
    assert cli.said[refused[1]].err == "error: Eve's bid 'x' is not a whole number"
    assert evening["play"].codes == 2  # the worst of its lines
    for name in ("cli", "play", "phone"):
        said = evening[name].said
        assert [said[i] for i in refused] == [Said("", cli.said[i].err) for i in refused], name
        assert not [i for i, s in enumerate(said) if s.err and i not in refused], name  # no warnings


def test_the_evening_ends_as_worked_out_by_hand(evening):
    standings = evening["cli"].said[SCRIPT.index("standings")].out
    assert "\n".join(standings.splitlines()[3:9]) == (
        "1        Bob         32\n"
        "2        Cathy       10\n"
        "3        Ann         6\n"
        "4        Eve         -57\n"
        "5        Dan (left)  -24\n"
        "Game over: Bob wins."
    )
    hand_4_closed = evening["cli"].said[SCRIPT.index("bid 0 1 0 1") + 1].out
    assert "Bob and Cathy tie for the lead: another hand at the final size" in hand_4_closed
    assert evening["phone"].said[0].out.startswith("New game ")  # started from the phone
