"""Bad input for Oh Hell (MrPikes): one line on stderr naming the problem and the fix, a
non-zero exit, and nothing recorded. The exact messages are part of the contract."""

import pytest

from scorekeeper.storage import store


@pytest.fixture
def game(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Bea", "--dealer", "Bob")
    return sk


NEW_REFUSALS = [
    (["nope", "--players", "Ann,Bob,Bea"], 2, "error: unknown ruleset 'nope'; choose one of: oh-hell-mrpikes"),
    # a name a ruleset's begins, or one slip away from one: the rulesets it may stand for
    (["oh-hell", "--players", "Ann,Bob,Bea"], 2, "error: unknown ruleset 'oh-hell'; did you mean oh-hell-mrpikes or oh-hell-office?"),
    (["four-bad-queen", "--players", "Ann,Bob,Bea"], 2, "error: unknown ruleset 'four-bad-queen'; did you mean four-bad-queens?"),
    (["oh-hell-mrpikes", "--players", "Ann,Bob"], 1,
     "refused: oh-hell-mrpikes is for 3-7 players, not 2; name 3 to 7 players with --players"),
    (["oh-hell-mrpikes", "--players", "A,B,C,D,E,F,G,H"], 1,
     "refused: oh-hell-mrpikes is for 3-7 players, not 8; name 3 to 7 players with --players"),
    (["oh-hell-mrpikes", "--players", "Ann,Bob,ann"], 1,
     "refused: Ann and ann are the same name; give each player a different one"),
    (["oh-hell-mrpikes", "--players", "Ann,,Bob"], 1,
     "refused: a player name is empty; write --players Ann,Bob,Cat"),
    (["oh-hell-mrpikes", "--players", "Ann,Bob,Bea", "--dealer", "B"], 1,
     "refused: 'B' could be Bob or Bea; type more of the name"),
    (["oh-hell-mrpikes", "--players", "Ann,Bob,Bea", "--set", "hooks=true"], 2,
     "error: oh-hell-mrpikes has no option 'hooks'; its options are: bidding, hands, hook, join_score, made_base, "
     "made_per_trick, missed_base, missed_per_off, pants, pants_bid, renege, sizes, start, tie_break, "
     "trump, zero_base (see `rules oh-hell-mrpikes`)"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "code", "message"), NEW_REFUSALS)
def test_new_refusals_create_no_game(sk, args, code, message):
    stderr = sk.fails("new", *args, code=code)
    if args[0] == "nope":  # the list of rulesets grows
        assert stderr.startswith(message)
    else:
        assert stderr == message
    assert sk("games").startswith("No games yet")


ENTRY_REFUSALS = [
    (["bid", "Zed=1", "Ann=2"], 1, "refused: no player 'Zed' in this game; the players are Ann, Bob, Bea"),
    (["bid", "B=1"], 1, "refused: 'B' could be Bob or Bea; type more of the name"),
    (["bid", "Ann=1", "ann=2"], 1, "refused: Ann is named twice in one entry; give each player once"),
    (["bid", "Ann=11"], 1, "refused: Ann bid 11, but hand 1 has 10 cards each; bid 0 to 10"),
    (["bid", "Ann=-1"], 1, "refused: Ann bid -1, but hand 1 has 10 cards each; bid 0 to 10"),
    (["bid", "Ann=two"], 2, "error: Ann's bid 'two' is not a whole number"),
    (["bid", "1", "2"], 1,
     "refused: 2 bids for 3 players; give one per player in seating order (Ann, Bob, Bea) or use NAME=VALUE"),
    (["bid", "Ann=1", "2"], 2, "error: give the bids either all as NAME=VALUE or all as bare values, not mixed"),
    (["trump", "purple"], 2,
     "error: 'purple' is not a suit; use spades, hearts, diamonds or clubs (s, h, d, c, ♠♥♦♣), or none"),
    (["tricks", "3", "3", "4"], 1, "refused: record the trump before the tricks"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "code", "message"), ENTRY_REFUSALS)
def test_entry_refusals_record_nothing(game, args, code, message):
    before = game("log")
    assert game.fails(*args, code=code) == message
    assert game("log") == before


def test_tricks_before_every_bid_names_who_has_not_bid(game):
    game("trump", "hearts")
    game("bid", "Ann=2")
    assert game.fails("tricks", 3, 3, 4) == "refused: record the bids before the tricks: Bob, Bea have not bid"


def test_tricks_that_do_not_add_up_say_by_how_much(game):
    game("trump", "hearts")
    game("bid", 1, 2, 3)
    assert game.fails("tricks", 3, 3, 3) == (
        "refused: tricks total 9 but hand 1 has 10 tricks (1 too few); check the count"
    )
    assert game.fails("tricks", 4, 4, 4) == (
        "refused: tricks total 12 but hand 1 has 10 tricks (2 too many); check the count"
    )
    assert game.json("status")["needs"] == ["tricks"]


def test_undo_with_nothing_to_undo(game):
    assert game.fails("undo") == "refused: nothing to undo: no entry has been recorded in this game yet"


def test_no_game_yet(sk):
    assert sk.fails("status") == "refused: no game yet; start one with `new RULESET --players A,B,C`"


def test_entries_after_the_game_is_over(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Bea", "--set", "sizes=fixed", "--set", "start=1",
       "--set", "hands=1")  # fmt: skip
    sk("trump", "s")
    sk("bid", 1, 0, 0)
    sk("tricks", 1, 0, 0)
    assert sk.json("standings")["winner"] == "Ann"
    message = "refused: the game is over; start another with `new`, or `undo` the last entry to correct it"
    for entry in (["trump", "h"], ["bid", "1", "0", "0"], ["tricks", "1", "0", "0"], ["comment", "late"]):
        assert sk.fails(*entry) == message


@pytest.mark.parametrize(
    ("content", "why"),
    [(b"this is a shopping list, not a database\n" * 20, "it is not an SQLite database")],
)
def test_a_damaged_store_exits_3_and_is_left_untouched(sk, home, content, why):
    home.mkdir(parents=True)
    path = home / store.Store.FILENAME
    path.write_bytes(content)
    stderr = sk.fails("status", code=3)
    assert str(path) in stderr and why in stderr
    assert path.read_bytes() == content


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["frobnicate"], "error: No such command 'frobnicate'. (see `root --help`)"),
        (["new", "oh-hell-mrpikes"], "error: Missing option '--players'. (see `root new --help`)"),
        (["status", "--colour"], "error: No such option: --colour (see `root status --help`)"),
    ],
)
def test_usage_mistakes_are_one_line_with_exit_2(sk, args, message):
    assert sk.fails(*args, code=2) == message


def test_an_interrupted_command_is_one_line_and_records_nothing(sk, monkeypatch):
    """Ctrl-D at a prompt (EOFError) becomes typer's Abort: one line, exit 1, no traceback."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    from scorekeeper.core import entries

    def interrupted(*_):
        raise EOFError

    with monkeypatch.context() as patched:
        patched.setattr(entries, "trump", interrupted)
        assert sk.fails("trump", "h") == "error: interrupted; nothing was recorded"
    assert "trump" not in sk("log")
