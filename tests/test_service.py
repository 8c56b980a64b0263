"""The application service (table.py) every front end calls, and the words it shares: what
`record` and `undo` hand back, that a refused entry writes nothing, which game a text names,
and that `rules`, `why` and the status of a hand's game word each rule the same way."""

from functools import partial

import pytest

from scorekeeper import table
from scorekeeper.core import entries, errors, events, names
from scorekeeper.storage import store
from scorekeeper.words import replies


@pytest.fixture
def db(tmp_path):
    with store.Store(tmp_path / "store") as opened:
        yield opened


def new_oh_hell(db):
    """MrPikes' Oh Hell for Ann, Bob, Cat: Ann deals 10 cards in hand 1."""
    return table.create(db, None, "oh-hell-mrpikes", "Ann,Bob,Cat", None, "", "", "", [])


def test_record_hands_back_the_game_after_the_hand_the_entry_went_to_and_its_number(db):
    game = new_oh_hell(db)
    trump = table.record(db, game.id, partial(entries.trump, text="h"))
    assert (trump.n, trump.hand.number, trump.event) == (1, 1, events.TrumpSet(hand=1, suit="H"))
    bids = table.record(db, game.id, partial(entries.bids, values=["Bob=3", "Cat=0", "Ann=5"]))
    assert (bids.n, bids.hand.bids) == (2, {"Bob": 3, "Cat": 0, "Ann": 5})
    tricks = table.record(db, game.id, partial(entries.tricks, values=["Ann=6", "Bob=3", "Cat=1"]))
    # the tricks went to hand 1 and closed it; the game after them is on hand 2
    assert (tricks.n, tricks.hand.number, tricks.hand.closed, tricks.game.hand.number) == (3, 1, True, 2)
    # exact bid made: 10 + tricks (Bob 13); missed: -10 - the miss (Ann, Cat -11)
    assert tricks.game.totals() == {"Ann": -11, "Bob": 13, "Cat": -11}
    assert [n for n, _ in tricks.game.entries] == [0, 1, 2, 3]
    assert replies.said(bids) == "Hand 1: bids Ann 5, Bob 3, Cat 0 (total 8 for 10 tricks)."
    # the game `record` hands back is the one the store replays
    assert table.load(db, game.id).totals() == tricks.game.totals()


def test_a_refused_entry_writes_nothing(db):
    game = new_oh_hell(db)
    table.record(db, game.id, partial(entries.trump, text="h"))
    before = db.events(game.id)
    # 10 cards each: no one can bid 11
    with pytest.raises(errors.ScorekeeperError, match="11"):
        table.record(db, game.id, partial(entries.bids, values=["Bob=3", "Cat=0", "Ann=11"]))
    assert db.events(game.id) == before


def test_the_game_at_its_head_is_taken_up_again_only_when_the_head_moves(tmp_path):
    """table.AtHead, the one cache of a game that `play` and the phone's server keep: an
    entry this front end made is taken as it is; one from another writer is read and said;
    nothing is trusted past the head it was read at."""
    with store.Store(tmp_path / "store") as db, store.Store(tmp_path / "store") as other:
        game = new_oh_hell(db)
        at = table.AtHead()
        assert at.read(db, game.id) is None  # the first read of this game
        assert (at.seen.game_id, len(at.seen.stored), at.read(db, game.id)) == (game.id, 1, [])
        trump = table.record(db, game.id, partial(entries.trump, text="h"))
        first = at.seen
        assert at.read(db, game.id, made=trump) == []  # its own entry: nothing to say
        assert at.seen.game is trump.game and at.seen.stored == db.events(game.id)
        assert first.stored == db.events(game.id)[:1]  # what was seen before is as it was
        # another writer's entry: read and said, the game replayed from the store
        bids = table.record(other, game.id, partial(entries.bids, values=["Bob=3", "Cat=0", "Ann=5"]))
        said = at.read(db, game.id)
        assert [e.n for e in said] == [2] and at.seen.game.hand.bids == {"Bob": 3, "Cat": 0, "Ann": 5}
        # this front end's entry with another's before it: not taken on its word
        table.record(other, game.id, partial(entries.tricks, values=["Ann=5", "Bob=3", "Cat=2"]))
        undone = table.undo(db, game.id)
        assert [e.n for e in at.read(db, game.id, made=undone)] == [3]  # the other's only
        assert at.seen.game is not undone.game and at.seen.game.totals() == undone.game.totals()
        assert at.seen.head == db.head(game.id) and at.seen.game.hand.bids == bids.game.hand.bids


def test_undo_names_the_entry_taken_back(db):
    game = new_oh_hell(db)
    table.record(db, game.id, partial(entries.trump, text="h"))
    undone = table.undo(db, game.id)
    assert (undone.target_n, undone.n, undone.target) == (1, 2, events.TrumpSet(hand=1, suit="H"))
    assert undone.game.hand.trump_known is False
    assert replies.undone(undone).startswith("Undone: entry 1, trump H.\n")
    with pytest.raises(errors.EntryError, match="nothing to undo"):
        table.undo(db, game.id)  # the game's start is not an entry to take back


def test_the_game_a_text_names(db):
    with pytest.raises(errors.EntryError, match=r"^no game yet; start one with `new RULESET --players A,B,C`$"):
        table.resolve_game(db, None)
    first, second = new_oh_hell(db), new_oh_hell(db)
    assert table.resolve_game(db, None) == second.id  # the newest is current
    assert table.resolve_game(db, first.id[:6]) == first.id
    assert table.use(db, first.id) == first.id and table.resolve_game(db, None) == first.id
    with pytest.raises(errors.EntryError, match=r"^no game 'zz' in the store; `games` lists them$"):
        table.resolve_game(db, "zz")
    assert [(g.id, g.current) for g in table.games(db)[0]] == [(first.id, True), (second.id, False)]


@pytest.mark.parametrize(
    "text, choices, found",
    [
        ("ann", ["Ann", "Anna"], ["Ann"]),  # the one it equals wins over a longer one it begins
        ("an", ["Ann", "Anna", "Bob"], ["Ann", "Anna"]),
        (" BO ", ["Ann", "Bob"], ["Bob"]),
        ("", ["Ann", "Bob"], []),
        ("Cat", ["Ann", "Bob"], []),
    ],
)
def test_naming_by_a_beginning(text, choices, found):
    assert names.matching(text, choices) == found


def test_rules_why_and_status_word_a_rule_alike(sk):
    """Compendium's Cruel Fate (hand 5): the last trick scores 1 to each player but its winner."""
    scoring = sk("rules", "compendium").split("Scoring (Cruel Fate):\n")[1].split("\nScoring (")[0]
    rule = "the last trick: 0 to its winner, 1 to each other player"
    assert scoring == f"  - {rule}"
    sk("new", "compendium", "--players", "Ann,Bob,Cat,Dan")
    sk("took", "Ann", "QS", "QH", "QD", "QC")  # hand 1, Four Bad Queens
    sk("took", "Bob", "QS", "QH", "QD", "QC")  # hand 2, Four Mad Queens
    sk("last", "Bob")
    sk("first", "Cat")  # hand 3, Slippery Paws
    sk("took", "Cat", "QS")
    sk("last", "Dan")
    sk("last", "Dan")  # hand 4, Finis
    assert sk.json("status")["phase"] == "Cruel Fate"
    assert sk.json("status")["phase_scoring"] == rule
    sk("last", "Cat")
    (hand,) = sk.json("why", "Ann", "--hand", "5")["hands"]
    assert [item["by"] for item in hand["items"]] == [f"scoring rule 1, {rule}"]


def test_abandon_says_how_many_hands_were_played(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    game = sk.json("standings")["game"]
    assert sk("abandon") == f"Game {game} is abandoned after 0 hands; `undo` takes that back.\n"
    sk("undo")
    sk("trump", "h")
    sk("bid", "1", "1", "1")
    sk("tricks", "4", "3", "3")  # hand 1 closes
    assert sk("abandon") == f"Game {game} is abandoned after 1 hand; `undo` takes that back.\n"
