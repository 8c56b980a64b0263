"""Whole games of Oh Hell! under MrPikes' house rules (RULES.md §1), kept like score sheets.

Every expected total below was worked out by hand from §1 scoring:
  bid made exactly      -> 10 + tricks        (a made zero bid -> 10)
  bid missed, over/under -> -(10 + |bid - tricks|)
Pants (§1): a bid of 5 or more that is missed forfeits pants, once per player.
Hand sizes (§1): 3-5 players 10,9,...,1,2,...,10 (19 hands); 7 players 7..1..7 (13 hands).
The deal passes left each hand and the dealer leads the first trick.
"""

import json
import re

import pytest
from conftest import copied_into, played_once
from helpers import forfeits, scores

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

RULESET = "oh-hell-mrpikes"
SUITS = ("hearts", "spades", "diamonds", "clubs")
HAND_SIZES_3P = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


# --- helpers -----------------------------------------------------------------------------


def entries(values):
    """`"3 4 2"` is one entry of bare values in seating order; a tuple of strings is one
    `NAME=VALUE …` entry per string, recorded one after the other."""
    if isinstance(values, str):
        return [values.split()]
    return [entry.split() for entry in values]


def play(sk, trump, bids, tricks):
    """Record one hand: trump, bids, tricks. Returns what the hand-closing `tricks` printed."""
    sk("trump", trump)
    for entry in entries(bids):
        sk("bid", *entry)
    out = ""
    for entry in entries(tricks):
        out = sk("tricks", *entry)
    return out


def needs(sk):
    return " ".join(sk.json("status")["needs"]).lower()


def snapshot(sk):
    return sk.json("status"), sk.json("standings")


def assert_mentions(err, *words):
    assert any(word in err.lower() for word in words), err


def assert_final(sk, names, totals, winner, hands_played):
    """Standings once the game is over: sorted best first, distinct places 1, 2, 3, …"""
    standings = sk.json("standings")
    assert standings["ruleset"] == RULESET
    assert standings["finished"] is True
    assert standings["hands_played"] == hands_played
    assert standings["winner"] == winner
    assert standings["winners"] == [winner]
    players = standings["players"]
    assert [p["name"] for p in players] == names
    assert [p["score"] for p in players] == totals
    assert [p["place"] for p in players] == list(range(1, len(names) + 1))
    status = sk.json("status")
    assert status["finished"] is True
    assert status["needs"] == []


def play_sheet(sk, names, sheet):
    """Play a score sheet row by row, checking the hand's status before and the running
    totals after each hand."""
    for hand, dealer, cards, bids, tricks, totals in sheet:
        status = sk.json("status")
        assert status["hand"] == hand
        assert status["dealer"] == dealer, f"hand {hand}"
        assert status["leader"] == dealer, f"hand {hand}: the dealer leads (§1 play)"
        assert status["cards"] == cards, f"hand {hand}"
        assert status["trump"] is None and "trump" in needs(sk), f"hand {hand}"
        assert status["pass"] is None
        assert status["finished"] is False
        play(sk, SUITS[hand % 4], bids, tricks)
        standings = sk.json("standings")
        assert standings["hands_played"] == hand
        assert {p["name"]: p["score"] for p in standings["players"]} == dict(
            zip(names, totals, strict=True)
        ), f"totals after hand {hand}"


# --- 1. a whole 3-player game ------------------------------------------------------------

# Ann, Bob, Cat; Bob deals first, the deal passes left (Bob, Cat, Ann, Bob, …).
# fmt: off
GAME_3P = [
    # (hand, dealer, cards, bids Ann Bob Cat, tricks Ann Bob Cat, totals after the hand)
    # Ann made 3: 10+3=13; Bob made 4: 10+4=14; Cat bid 2 took 3, missed by 1: -(10+1)=-11
    (1,  "Bob", 10, "3 4 2", "3 4 3", (13, 14, -11)),
    # Ann made 2: 12; Bob bid 0 took 1: -(10+1)=-11; Cat bid 4 took 6: -(10+2)=-12
    (2,  "Cat", 9,  "2 0 4", "2 1 6", (25, 3, -23)),
    # Ann bid 1 took 0: -11; Bob made 3: 13; Cat bid 3 took 5: -12
    (3,  "Ann", 8,  "1 3 3", "0 3 5", (14, 16, -35)),
    # bids by name, out of order; all made: Ann 10+2=12, Bob 10+2=12, Cat 10+3=13
    (4,  "Bob", 7,  ("Cat=3 Ann=2 Bob=2",), "2 2 3", (26, 28, -22)),
    # Ann made zero: 10; Bob made 1: 11; Cat made 5: 15 (made 5+: no pants)
    (5,  "Cat", 6,  "0 1 5", "0 1 5", (36, 39, -7)),
    # Ann bid 1 took 2: -11; Bob bid 1 took 2: -11; Cat made 1: 11
    (6,  "Ann", 5,  "1 1 1", "2 2 1", (25, 28, 4)),
    # Ann bid 0 took 1: -11; Bob made 2: 12; Cat made 1: 11
    (7,  "Bob", 4,  "0 2 1", "1 2 1", (14, 40, 15)),
    # tricks by name, out of order; Ann made 1: 11; Bob made zero: 10; Cat made 2: 12
    (8,  "Cat", 3,  "1 0 2", ("Cat=2 Ann=1 Bob=0",), (25, 50, 27)),
    # Ann made 1: 11; Bob made 1: 11; Cat bid 1 took 0: -11
    (9,  "Ann", 2,  "1 1 1", "1 1 0", (36, 61, 16)),
    # one card: Ann bid 1 took 0: -11; Bob made 1: 11; Cat made zero: 10
    (10, "Bob", 1,  "1 1 0", "0 1 0", (25, 72, 26)),
    # Ann made zero: 10; Bob made zero: 10; Cat bid 0 took 2: -(10+2)=-12
    (11, "Cat", 2,  "0 0 0", "0 0 2", (35, 82, 14)),
    # Ann made 2: 12; Bob made 1: 11; Cat made zero: 10
    (12, "Ann", 3,  "2 1 0", "2 1 0", (47, 93, 24)),
    # Ann made 1: 11; Bob bid 3 took 0: -(10+3)=-13; Cat bid 1 took 3: -(10+2)=-12
    (13, "Bob", 4,  "1 3 1", "1 0 3", (58, 80, 12)),
    # Ann made 2: 12; Bob made 2: 12; Cat bid 2 took 1: -11
    (14, "Cat", 5,  "2 2 2", "2 2 1", (70, 92, 1)),
    # Ann made 3: 13; Bob made 1: 11; Cat made 2: 12
    (15, "Ann", 6,  "3 1 2", "3 1 2", (83, 103, 13)),
    # Ann made 4: 14; Bob made zero: 10; Cat made 3: 13
    (16, "Bob", 7,  "4 0 3", "4 0 3", (97, 113, 26)),
    # Ann bid 3 took 4: -11; Bob made 4: 14; Cat made zero: 10
    (17, "Cat", 8,  "3 4 0", "4 4 0", (86, 127, 36)),
    # Ann made 4: 14; Bob made 2: 12; Cat made 3: 13
    (18, "Ann", 9,  "4 2 3", "4 2 3", (100, 139, 49)),
    # Ann bid 4 took 3: -11; Bob made 4: 14; Cat bid 2 took 3: -11
    (19, "Bob", 10, "4 4 2", "3 4 3", (89, 153, 38)),
]
# fmt: on


def test_whole_three_player_game(sk):
    out = sk("new", RULESET, "--players", "Ann,Bob,Cat", "--dealer", "Bob")
    assert out.strip()
    play_sheet(sk, ("Ann", "Bob", "Cat"), GAME_3P[:10])

    # halfway (after the one-card hand): not over, no winner yet
    standings = sk.json("standings")
    assert standings["finished"] is False
    assert standings["winner"] is None
    assert standings["winners"] == []
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (11, "Cat", 2)

    play_sheet(sk, ("Ann", "Bob", "Cat"), GAME_3P[10:])
    # Bob 153, Ann 89, Cat 38: Bob leads alone after hand 19, so the game is over (§1 end)
    assert_final(sk, ["Bob", "Ann", "Cat"], [153, 89, 38], winner="Bob", hands_played=19)
    assert forfeits(sk) == {"Ann": [], "Bob": [], "Cat": []}  # only made bids of 5+


# --- 2. a whole 7-player game ------------------------------------------------------------

# Ann Bob Cat Dan Eve Fay Gus; no --dealer, so Ann deals first; 7,6,…,1,…,7 cards.
# fmt: off
GAME_7P = [
    # (hand, dealer, cards, bids, tricks (Ann Bob Cat Dan Eve Fay Gus), totals after the hand)
    # made: Ann 10+2, Bob 10+1, Cat zero 10, Dan 10+1, Gus zero 10;
    # missed by 1: Eve (1, took 2) -11, Fay (2, took 1) -11
    (1,  "Ann", 7, "2 1 0 1 1 2 0", "2 1 0 1 2 1 0", (12, 11, 10, 11, -11, -11, 10)),
    # made: Ann 11, Bob zero 10, Cat 12, Fay 11, Gus 11; Dan (1, took 0) -11, Eve (0, took 1) -11
    (2,  "Bob", 6, "1 0 2 1 0 1 1", "1 0 2 0 1 1 1", (23, 21, 22, 0, -22, 0, 21)),
    # all made: Ann zero 10, Bob 11, Cat 11, Dan zero 10, Eve 12, Fay zero 10, Gus 11
    (3,  "Cat", 5, "0 1 1 0 2 0 1", "0 1 1 0 2 0 1", (33, 32, 33, 10, -10, 10, 32)),
    # Ann (1, took 0) -11, Dan (1, took 2) -11, Gus (1, took 0) -11;
    # made: Bob 11, Cat zero 10, Eve zero 10, Fay 11
    (4,  "Dan", 4, "1 1 0 1 0 1 1", "0 1 0 2 0 1 0", (22, 43, 43, -1, 0, 21, 21)),
    # all made: zeros 10 (Ann Bob Dan Fay), ones 11 (Cat Eve Gus)
    (5,  "Eve", 3, "0 0 1 0 1 0 1", "0 0 1 0 1 0 1", (32, 53, 54, 9, 11, 31, 32)),
    # Bob (1, took 0) -11, Cat (0, took 1) -11; Eve made 1: 11; Ann Dan Fay Gus made zero: 10
    (6,  "Fay", 2, "0 1 0 0 1 0 0", "0 0 1 0 1 0 0", (42, 42, 43, 19, 22, 41, 42)),
    # one card, bids in two entries by name: Ann and Bob (1, took 0) -11; Cat made 1: 11;
    # Dan Eve Fay Gus made zero: 10
    (7,  "Gus", 1, ("Gus=0 Cat=1 Ann=1", "Bob=1 Dan=0 Eve=0 Fay=0"), "0 0 1 0 0 0 0",
     (31, 31, 54, 29, 32, 51, 52)),
    # all made: Dan and Fay 11, the zeros 10
    (8,  "Ann", 2, "0 0 0 1 0 1 0", "0 0 0 1 0 1 0", (41, 41, 64, 40, 42, 62, 62)),
    # made: Ann 11, Bob zero 10, Dan 11, Fay zero 10;
    # Cat (1, took 0) -11, Eve (0, took 1) -11, Gus (1, took 0) -11
    (9,  "Bob", 3, "1 0 1 1 0 0 1", "1 0 0 1 1 0 0", (52, 51, 53, 51, 31, 72, 51)),
    # all made: ones 11 (Bob Cat Eve Fay), zeros 10 (Ann Dan Gus)
    (10, "Cat", 4, "0 1 1 0 1 1 0", "0 1 1 0 1 1 0", (62, 62, 64, 61, 42, 83, 61)),
    # made: Ann 11, Bob 12, Cat zero 10, Eve 11, Fay zero 10, Gus 11; Dan (1, took 0) -11
    (11, "Dan", 5, "1 2 0 1 1 0 1", "1 2 0 0 1 0 1", (73, 74, 74, 50, 53, 93, 72)),
    # seven bids of 1 for 6 tricks (no hook rule): six made 11; Gus (1, took 0) -11
    (12, "Eve", 6, "1 1 1 1 1 1 1", "1 1 1 1 1 1 0", (84, 85, 85, 61, 64, 104, 61)),
    # tricks by name, out of order; made: Ann 13, Bob zero 10, Cat 11, Dan 12, Fay zero 10;
    # Eve (1, took 0) -11, Gus (0, took 1) -11
    (13, "Fay", 7, "3 0 1 2 1 0 0", ("Gus=1 Fay=0 Eve=0 Dan=2 Cat=1 Bob=0 Ann=3",),
     (97, 95, 96, 73, 53, 114, 50)),
]
# fmt: on


def test_whole_seven_player_game(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus")
    play_sheet(sk, ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"), GAME_7P)
    assert_final(
        sk,
        ["Fay", "Ann", "Cat", "Bob", "Dan", "Eve", "Gus"],
        [114, 97, 96, 95, 73, 53, 50],
        winner="Fay",
        hands_played=13,
    )


# --- 3. pants ----------------------------------------------------------------------------


def test_pants_once_per_player_on_a_missed_bid_of_five_or_more(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat")  # Ann deals first

    # Hand 1, 10 cards: Ann made 5: 10+5=15 (made: no pants);
    # Bob bid 6 took 3: -(10+3)=-13, and pants; Cat bid 0 took 2: -(10+2)=-12
    out = play(sk, "hearts", "5 6 0", "5 3 2")
    assert "pants" in out.lower()
    assert scores(sk) == {"Ann": 15, "Bob": -13, "Cat": -12}
    assert forfeits(sk) == {"Ann": [], "Bob": ["pants"], "Cat": []}

    # undo takes the pants back off the sheet with the tricks; recording them again restores it
    sk("undo")
    assert forfeits(sk) == {"Ann": [], "Bob": [], "Cat": []}
    assert "pants" in sk("tricks", 5, 3, 2).lower()
    assert forfeits(sk) == {"Ann": [], "Bob": ["pants"], "Cat": []}

    # Hand 2, 9 cards: Ann made 2: 12; Bob bid 5 took 4: -11, a second miss at 5+ but
    # pants apply once per player; Cat made 3: 13
    play(sk, "spades", "2 5 3", "2 4 3")
    assert scores(sk) == {"Ann": 27, "Bob": -24, "Cat": 1}
    assert forfeits(sk) == {"Ann": [], "Bob": ["pants"], "Cat": []}

    # Hand 3, 8 cards: Ann made 1: 11; Bob made 1: 11; Cat bid exactly 5 and took 6
    # (over counts as a miss): -(10+1)=-11, and pants
    out = play(sk, "diamonds", "1 1 5", "1 1 6")
    assert "pants" in out.lower()
    assert scores(sk) == {"Ann": 38, "Bob": -13, "Cat": -10}
    assert forfeits(sk) == {"Ann": [], "Bob": ["pants"], "Cat": ["pants"]}

    # Hand 4, 7 cards: Ann bid 4 took 2: -(10+2)=-12, but 4 is under 5: no pants;
    # Bob made 2: 12; Cat made 3: 13
    play(sk, "clubs", "4 2 3", "2 2 3")
    standings = sk.json("standings")
    assert [p["name"] for p in standings["players"]] == ["Ann", "Cat", "Bob"]
    assert [p["score"] for p in standings["players"]] == [26, 3, -1]
    assert [p["place"] for p in standings["players"]] == [1, 2, 3]
    assert [p["forfeits"] for p in standings["players"]] == [[], ["pants"], ["pants"]]


# --- 4. a tie after the last hand --------------------------------------------------------


def play_tied_game(sk):
    """Ann, Bob, Cat (Ann deals first). All 19 hands: Ann and Bob bid zero and take nothing,
    Cat bids zero and takes every trick."""
    sk("new", RULESET, "--players", "Ann,Bob,Cat")
    for cards in HAND_SIZES_3P:
        play(sk, "clubs", "0 0 0", f"0 0 {cards}")
    # Ann, Bob: 19 made zero bids x 10 = 190 each.
    # Cat: 19 missed zero bids, -(10 + cards) each:
    #   -(19 x 10 + (10+9+...+1) + (2+3+...+10)) = -(190 + 55 + 54) = -299
    assert scores(sk) == {"Ann": 190, "Bob": 190, "Cat": -299}


@pytest.fixture(scope="module")
def tied_once(tmp_path_factory):
    return played_once(tmp_path_factory, play_tied_game)


@pytest.fixture
def tied_game(home, tied_once):
    """play_tied_game, in the test's own store (a copy of the one played once). The test that
    speaks the pseudo-language (see pseudo.CHOSEN) plays the game itself, so that what the
    tied game's entries print is checked there."""
    copied_into(home, tied_once)


def assert_tie_break_hand(sk, hand, dealer):
    """The lead is shared: the game goes on with a hand at the final size, 10 cards."""
    status = sk.json("status")
    assert status["finished"] is False
    assert status["hand"] == hand
    assert status["cards"] == 10
    assert status["dealer"] == dealer
    assert status["leader"] == dealer
    assert "trump" in needs(sk)
    standings = sk.json("standings")
    assert standings["finished"] is False
    assert standings["winner"] is None
    assert standings["winners"] == []
    assert standings["hands_played"] == hand - 1
    places = {p["name"]: p["place"] for p in standings["players"]}
    assert places["Ann"] == places["Bob"] == 1


def test_tie_for_the_lead_is_broken_by_an_extra_hand(sk):
    play_tied_game(sk)
    # Ann dealt hands 1, 4, …, 19, so Bob deals hand 20
    assert_tie_break_hand(sk, hand=20, dealer="Bob")

    # Hand 20, 10 cards: Ann made 1: 11 -> 201; Bob made zero: 10 -> 200;
    # Cat bid 0 took 9: -(10+9)=-19 -> -318
    play(sk, "hearts", "1 0 0", "1 0 9")
    assert_final(sk, ["Ann", "Bob", "Cat"], [201, 200, -318], winner="Ann", hands_played=20)


def test_tie_for_the_lead_that_persists_for_two_extra_hands(sk, tied_game):
    assert_tie_break_hand(sk, hand=20, dealer="Bob")

    # Hand 20: Ann, Bob made zero: 10 each -> 200, 200; Cat bid 0 took 10: -20 -> -319
    play(sk, "hearts", "0 0 0", "0 0 10")
    assert scores(sk) == {"Ann": 200, "Bob": 200, "Cat": -319}
    assert_tie_break_hand(sk, hand=21, dealer="Cat")

    # Hand 21: Ann made 2: 12 -> 212; Bob made 2: 12 -> 212; Cat bid 3 took 6: -13 -> -332
    play(sk, "spades", "2 2 3", "2 2 6")
    assert scores(sk) == {"Ann": 212, "Bob": 212, "Cat": -332}
    assert_tie_break_hand(sk, hand=22, dealer="Ann")

    # Hand 22: Ann bid 3 took 2: -11 -> 201; Bob made 3: 13 -> 225; Cat bid 4 took 5: -11 -> -343
    play(sk, "diamonds", "3 3 4", "2 3 5")
    assert_final(sk, ["Bob", "Ann", "Cat"], [225, 201, -343], winner="Bob", hands_played=22)


# --- 5. undo -----------------------------------------------------------------------------


def new_game(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat", "--dealer", "Bob")


def test_undo_with_nothing_to_undo_is_refused(sk):
    new_game(sk)
    before = snapshot(sk)
    assert_mentions(sk.fails("undo"), "undo", "nothing")
    assert snapshot(sk) == before


def test_undo_takes_back_the_bids(sk):
    new_game(sk)
    sk("trump", "hearts")
    sk("bid", 1, 0, 2)
    assert "bid" in sk("undo").lower()
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (1, "Bob", 10)
    assert status["trump"] is not None  # only the bids came off
    assert "bid" in needs(sk)
    sk.fails("tricks", 1, 0, 9)  # no bids any more
    # new bids, 10 cards: Ann made 3: 13; Bob made 3: 13; Cat bid 3 took 4: -11
    sk("bid", 3, 3, 3)
    sk("tricks", 3, 3, 4)
    assert scores(sk) == {"Ann": 13, "Bob": 13, "Cat": -11}


def test_undo_takes_back_only_the_last_bid_entry(sk):
    new_game(sk)
    sk("trump", "hearts")
    sk("bid", "Ann=1")
    sk("bid", "Bob=0", "Cat=2")
    sk("undo")
    assert "bid" in needs(sk)  # Bob and Cat must bid again; Ann's bid stands
    sk("bid", "Bob=4", "Cat=4")
    # Ann made 1: 11; Bob made 4: 14; Cat bid 4 took 5: -11
    sk("tricks", 1, 4, 5)
    assert scores(sk) == {"Ann": 11, "Bob": 14, "Cat": -11}


def test_undo_after_a_hand_closed_reopens_it(sk):
    new_game(sk)
    # Hand 1, 10 cards: Ann made 2: 12; Bob made 3: 13; Cat bid 4 took 5: -11
    play(sk, "hearts", "2 3 4", "2 3 5")
    assert scores(sk) == {"Ann": 12, "Bob": 13, "Cat": -11}
    assert sk.json("status")["hand"] == 2

    assert "trick" in sk("undo").lower()
    standings = sk.json("standings")
    assert standings["hands_played"] == 0
    assert {p["name"]: p["score"] for p in standings["players"]} == {"Ann": 0, "Bob": 0, "Cat": 0}
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (1, "Bob", 10)
    assert "trick" in needs(sk)

    # the same bids stand; new tricks: Ann bid 2 took 3: -11; Bob made 3: 13; Cat made 4: 14
    sk("tricks", 3, 3, 4)
    standings = sk.json("standings")
    assert standings["hands_played"] == 1
    assert [p["name"] for p in standings["players"]] == ["Cat", "Bob", "Ann"]
    assert [p["score"] for p in standings["players"]] == [14, 13, -11]
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (2, "Cat", 9)


# --- 6. a bid may be corrected until the tricks are in ------------------------------------


def test_a_second_bid_replaces_the_first(sk):
    new_game(sk)
    sk("trump", "hearts")
    sk("bid", 1, 0, 2)
    sk("bid", "Ann=2")  # Ann's 1 becomes 2
    sk("bid", "c=8")  # Cat's 2 becomes 8 (a name is any unique prefix, any case)
    # Ann made 2: 12 (her first bid of 1 would have missed); Bob made zero: 10;
    # Cat made 8: 18 (made, so no pants)
    sk("tricks", 2, 0, 8)
    standings = sk.json("standings")
    assert [p["name"] for p in standings["players"]] == ["Cat", "Ann", "Bob"]
    assert [p["score"] for p in standings["players"]] == [18, 12, 10]
    assert [p["forfeits"] for p in standings["players"]] == [[], [], []]


# --- 7. two games, switching between them ------------------------------------------------


def test_two_games_switch_with_use(sk):
    out = sk("new", RULESET, "--players", "Ann,Bob,Cat", "--dealer", "Cat")
    first = str(sk.json("standings")["game"])
    assert first in out
    # first game, hand 1 (Cat deals 10): Ann made 2: 12; Bob bid 3 took 4: -11; Cat made 4: 14
    play(sk, "hearts", "2 3 4", "2 4 4")

    out = sk("new", RULESET, "--players", "Dee,Eve,Fay,Gus")
    second = str(sk.json("standings")["game"])
    assert second != first
    assert second in out
    assert sk.json("standings")["hands_played"] == 0  # the new game is current
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (1, "Dee", 10)

    listing = sk("games")
    assert first in listing and second in listing

    sk("use", first)
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (2, "Ann", 9)
    # first game, hand 2 (Ann deals 9): Ann made zero: 10; Bob made 4: 14; Cat made 5: 15
    play(sk, "spades", "0 4 5", "0 4 5")

    sk("use", second)
    assert sk.json("status")["hand"] == 1
    # second game, hand 1 (Dee deals 10): all made: 11, 12, 13, 14
    play(sk, "clubs", "1 2 3 4", "1 2 3 4")
    assert scores(sk) == {"Dee": 11, "Eve": 12, "Fay": 13, "Gus": 14}

    sk("use", first)
    standings = sk.json("standings")
    assert str(standings["game"]) == first
    assert standings["hands_played"] == 2
    # Ann 12+10=22; Bob -11+14=3; Cat 14+15=29
    assert scores(sk) == {"Ann": 22, "Bob": 3, "Cat": 29}
    status = sk.json("status")
    assert (status["hand"], status["dealer"], status["cards"]) == (3, "Bob", 8)


# --- refusals: exit code, a stderr naming the problem, and nothing recorded ---------------


@pytest.mark.parametrize(
    ("ruleset", "players", "code", "words"),
    [
        ("oh-hell-nope", "Ann,Bob,Cat", 2, ("ruleset", "oh-hell-nope")),
        (RULESET, "Ann,Bob", 1, ("player",)),
        (RULESET, "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", 1, ("player",)),
        (RULESET, "Ann,Bob,Ann", 1, ("ann",)),
        (RULESET, "Ann,Bob,ann", 1, ("ann",)),  # names are case-insensitive
    ],
)
def test_new_refusals_record_nothing(sk, ruleset, players, code, words):
    new_game(sk)
    before = snapshot(sk)
    assert_mentions(sk.fails("new", ruleset, "--players", players, code=code), *words)
    assert snapshot(sk) == before  # the current game is still the first one, untouched


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (("Zed=1",), ("zed",)),
        (("Ann=1", "Ann=2"), ("ann",)),
        (("Ann=11",), ("bid", "11")),  # 10 cards in hand 1
        (("Ann=-1",), ("bid", "-1")),
    ],
)
def test_bad_bids_are_refused(sk, entry, words):
    new_game(sk)
    sk("trump", "hearts")
    before = snapshot(sk)
    assert_mentions(sk.fails("bid", *entry), *words)
    assert snapshot(sk) == before
    sk("bid", 1, 0, 2)  # a good entry still goes in


def test_a_refused_entry_records_none_of_its_values(sk):
    new_game(sk)
    sk("trump", "hearts")
    sk.fails("bid", "Ann=1", "Cat=11")  # Cat's 11 is refused, so Ann's 1 is not kept either
    sk("bid", "Bob=0", "Cat=2")
    assert "bid" in needs(sk)
    assert_mentions(sk.fails("tricks", 1, 0, 9), "bid")  # Ann still has no bid


def test_tricks_before_bids_are_refused(sk):
    new_game(sk)
    sk("trump", "hearts")
    before = snapshot(sk)
    assert_mentions(sk.fails("tricks", 3, 3, 4), "bid")
    assert snapshot(sk) == before


@pytest.mark.parametrize("tricks", [(3, 3, 3), (4, 4, 3)])  # 9 and 11 tricks of 10
def test_tricks_must_add_up_to_the_hand_size(sk, tricks):
    new_game(sk)
    sk("trump", "hearts")
    sk("bid", 3, 3, 3)
    before = snapshot(sk)
    assert_mentions(sk.fails("tricks", *tricks), "trick")
    assert snapshot(sk) == before
    sk("tricks", 3, 3, 4)  # the right count closes the hand
    assert sk.json("status")["hand"] == 2


def test_unknown_trump_suit_is_a_usage_error(sk):
    new_game(sk)
    before = snapshot(sk)
    assert_mentions(sk.fails("trump", "purple", code=2), "purple", "suit")
    assert snapshot(sk) == before
    assert "trump" in needs(sk)


def test_entries_after_the_game_is_over_are_refused(sk, tied_game):
    # Hand 20 breaks the tie: Ann made 1: 11 -> 201; Bob made zero: 10 -> 200; Cat -19 -> -318
    play(sk, "hearts", "1 0 0", "1 0 9")
    assert sk.json("standings")["winner"] == "Ann"
    before = snapshot(sk)
    for entry in (("trump", "hearts"), ("bid", 0, 0, 0), ("tricks", 0, 0, 10)):
        assert_mentions(sk.fails(*entry), "over", "finished", "ended")
        assert snapshot(sk) == before


# --- the trump said twice -------------------------------------------------------------------


def test_the_same_trump_again_is_not_stored_and_a_new_one_says_what_it_replaced(sk):
    # §1: one trump a hand, the suit of the turned card; the scorer may correct it before play
    new_game(sk)
    assert sk("trump", "h").startswith("Hand 1: trump ♥.")
    assert sk.fails("trump", "hearts") == (
        "refused: hand 1's trump is already ♥, so nothing was recorded; to change it, give the other suit"
    )
    assert sk.fails("trump", "♥") == sk.fails("trump", "H")
    assert sk("trump", "s").startswith("Hand 1: trump changed from ♥ to ♠.")
    assert sk("trump", "7S").startswith("Hand 1: trump ♠ (7S).")  # the card is news: stored
    logged = [line for line in sk("log").splitlines() if " trump " in line]
    assert [" ".join(line.split()[4:-1]) for line in logged] == ["trump H", "trump S", "trump S (7S)"]
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")
    assert scores(sk) == {"Ann": 13, "Bob": 10, "Cat": -11}  # 10 + 3; zero 10; -(10 + 1)


# --- the turned card, and always a trump ----------------------------------------------------


def test_the_turned_card_is_nobodys_and_there_is_always_a_trump(sk):
    # seeds/oh-hell-mrpikes-house-rules.txt: trump is "determined on each hand by turning over
    # the top card left on the deck after the deal": that card was never dealt, and every hand
    # has a trump (RULES.md §1: it may not be played to a trick, and `trump none` is refused)
    new_game(sk)  # Bob deals 10 each and leads: Bob, Cat, Ann
    assert sk.fails("trump", "none") == (
        "refused: Oh Hell! (MrPikes' house rules) always has a trump, the suit of the card turned up; "
        "record it, e.g. `trump hearts` or `trump 7h`"
    )
    sk("trump", "7H")
    sk("bid", "1", "0", "2")
    turned = "refused: 7♥ is the card turned up for this hand: it is nobody's and is not played to a trick; check the cards"
    assert sk.fails("trick", "7H", "8H", "9H") == turned
    assert sk.fails("trick", "2S", "3S", "7H") == turned
    assert sk.json("trick", "8H", "9H", "10H")["winner"] == "Ann"  # 10♥: the highest trump
    rules = sk("rules", RULESET)
    assert "Trump: recorded each hand; there is always a trump (no `trump none`); trump need not be broken." in rules
    assert (
        "Turned-up card: the card turned up (for trump, or flipped for the hand size) is nobody's and is never "
        "played to a trick." in rules
    )


def test_a_trump_given_by_suit_leaves_every_card_playable(sk):
    # only a card the scorer names is known to be the turned one
    new_game(sk)
    sk("trump", "h")
    sk("bid", "1", "0", "2")
    assert sk.json("trick", "7H", "8H", "9H")["winner"] == "Ann"  # Bob, Cat, Ann: 9♥ highest


def test_simultaneous_bids_have_no_bidding_order(sk):
    # RULES.md §1: "Bidding: simultaneous (fists on the table)": status names no order for them
    new_game(sk)
    assert "Bidding order" not in sk("status")
    assert "Bidding: simultaneous." in sk("rules", RULESET)
    sk("new", RULESET, "--players", "Ann,Bob,Cat", "--dealer", "Bob", "--set", "bidding=in-turn")
    assert "Bidding order: Cat, Ann, Bob (bare values go in seating order: Ann, Bob, Cat)" in sk("status")


def test_the_sheet_marks_the_tie_break_hand(sk, tied_game):
    # §1: a tie for the lead after hand 19 is played off with more hands at the final size
    play(sk, "hearts", "1 0 0", "1 0 9")
    lines = sk("sheet").splitlines()
    assert [line.split()[0] for line in lines if re.match(r"\s+\d+‡?\s", line)][-2:] == ["19", "20‡"]
    assert "‡ tie-break hand: the lead was tied after the planned hands" in lines
    assert lines[lines.index(next(line for line in lines if line.lstrip().startswith("20‡"))) + 1] == "      tie-break 1"
    data = json.loads(sk("sheet", "--format", "json"))
    assert [h["hand"] for h in data["hands"] if h.get("tie_break")] == [20]
    assert "20‡" in sk("sheet", "--format", "html")
