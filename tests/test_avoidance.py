"""Whole games of Howard Fosdick's six single trick-avoidance games (RULES.md §4), kept like
score sheets, and every check of the `took`, `first`, `last` and `moon` entries.

Every expected number below was worked out by hand from §4:
  four-bad-queens  Q♠ 2, Q♥ Q♦ Q♣ 1 each; a declared moon: all four → declarer 0, each
                   opponent 5; failed → declarer 5, the others their Queens
  four-mad-queens  Q♥ Q♦ 2 each, Q♠ Q♣ 1 each, the last trick 2 (8 a hand); no moon
  slippery-paws    first trick 1, last trick 1, Q♠ 1; all three to one player → 4
  finis            the last trick 1 to its winner
  cruel-fate       the last trick 0 to its winner, 1 to every opponent
  acorn-hearts     each ♥ 1, Q♠ 4 (12 a hand); one player with every ♥ and Q♠ → 0, each
                   opponent 12 (never declared)
Common rules (§4): 32 cards, 30 without the black 7s for 3, 5 or 6 players, all dealt (3→10,
4→8, 6→5 each); the dealer moves clockwise (left) each hand and the player to the dealer's
right leads; passing cycles by hand number: 3 players right, left, hold; 4 players right,
left, across, hold; 5-6 players right, left (reading); 3 cards, 2 with 5-6 players. One deal
per player by default; the lowest total wins, a tie for lowest is a shared win.
"""

import pytest
from helpers import new_game, scores

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

THREE = ["Ann", "Bob", "Cat"]
FOUR = ["Ann", "Bob", "Cat", "Dan"]
FIVE = [*FOUR, "Eve"]
SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

# (cards each, pass cycle, cards passed) by the number of players (§4)
DEAL = {
    3: (10, ("right", "left", "hold"), 3),
    4: (8, ("right", "left", "across", "hold"), 3),
    6: (5, ("right", "left"), 2),
}
ALL_HEARTS = "AH KH QH JH 10H 9H 8H 7H"


# --- helpers -----------------------------------------------------------------------------


def play_sheet(sk, players, sheet, passing=True, passes=None):
    """Play a score sheet: each row is (entries, points the hand gives). Before each hand the
    status must show the rotation of §4 (or the `passes` given, one per hand); the hand must
    close on its last entry and not before, and the totals must move by exactly the row's
    points."""
    n = len(players)
    size, cycle, count = DEAL[n]
    if passes is None:
        passes = [cycle[i % len(cycle)] if passing else None for i in range(len(sheet))]
    for i, (entries, points) in enumerate(sheet):
        status = sk.json("status")
        assert status["hand"] == i + 1
        assert status["dealer"] == players[i % n], f"hand {i + 1}: the deal moves clockwise"
        assert status["leader"] == players[(i - 1) % n], f"hand {i + 1}: right of the dealer leads"
        assert status["cards"] == size, f"hand {i + 1}: the whole pack is dealt"
        direction = passes[i]
        assert status["pass"] == direction, f"hand {i + 1}"
        assert status["pass_cards"] == (count if direction not in (None, "hold") else 0)
        assert status["trump"] is None and status["finished"] is False
        before = scores(sk)
        for k, entry in enumerate(entries):
            out = sk(*entry.split())
            closed = f"Hand {i + 1} scored:" in out
            assert closed == (k == len(entries) - 1), f"hand {i + 1}, entry {entry!r}:\n{out}"
        after = scores(sk)
        want = {p: points.get(p, 0) for p in players}
        assert {p: after[p] - before[p] for p in players} == want, f"hand {i + 1}"


def assert_final(sk, ruleset, hands, rows, winners):
    """rows: (name, total, place) best first."""
    standings = sk.json("standings")
    assert standings["ruleset"] == ruleset
    assert standings["finished"] is True
    assert standings["hands_played"] == hands
    assert [(p["name"], p["score"], p["place"]) for p in standings["players"]] == rows
    assert standings["winners"] == winners
    assert standings["winner"] == (winners[0] if len(winners) == 1 else None)
    status = sk.json("status")
    assert status["finished"] is True and status["needs"] == []


# --- Four Bad Queens -------------------------------------------------------------------


def test_four_bad_queens_three_players_with_a_moon_made_and_a_moon_failed(sk):
    new_game(sk, "four-bad-queens", THREE)
    play_sheet(
        sk,
        THREE,
        [
            # Bob declares and takes all four Queens: Bob 0, each opponent 5
            (["moon Bob", "took Bob QS QH QD QC"], {"Ann": 5, "Bob": 0, "Cat": 5}),
            # Q♠ 2 to Ann; Q♥ Q♦ 1 + 1 to Cat; Q♣ 1 to Bob
            (["took Ann QS", "took Cat QH QD", "took Bob QC"], {"Ann": 2, "Bob": 1, "Cat": 2}),
            # Cat declares but Ann takes Q♣: Cat 5 (not her 4), Ann her Queen 1
            (["moon Cat", "took Cat QS QH QD", "took Ann QC"], {"Ann": 1, "Cat": 5}),
        ],
    )
    # Ann 5+2+1 = 8, Bob 0+1+0 = 1, Cat 5+2+5 = 12
    assert_final(sk, "four-bad-queens", 3, [("Bob", 1, 1), ("Ann", 8, 2), ("Cat", 12, 3)], ["Bob"])


def test_four_bad_queens_four_players(sk):
    new_game(sk, "four-bad-queens", FOUR)
    play_sheet(
        sk,
        FOUR,
        [
            # one Queen each: Q♠ 2, the others 1
            (
                ["took Ann QS", "took Bob QH", "took Cat QD", "took Dan QC"],
                {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 1},
            ),
            # all four without declaring: no moon, 2+1+1+1 = 5
            (["took Dan QS QH QD QC"], {"Dan": 5}),
            # Ann declares and makes it: 0, each opponent 5
            (["moon Ann", "took Ann QH", "took Ann QS QD QC"], {"Bob": 5, "Cat": 5, "Dan": 5}),
            # Q♠ Q♣ 2 + 1 to Bob; Q♥ Q♦ 1 + 1 to Cat
            (["took Bob QS QC", "took Cat QH QD"], {"Bob": 3, "Cat": 2}),
        ],
    )
    # Ann 2+0+0+0 = 2, Bob 1+0+5+3 = 9, Cat 1+0+5+2 = 8, Dan 1+5+5+0 = 11
    rows = [("Ann", 2, 1), ("Cat", 8, 2), ("Bob", 9, 3), ("Dan", 11, 4)]
    assert_final(sk, "four-bad-queens", 4, rows, ["Ann"])


def test_four_bad_queens_six_players_pass_two_cards(sk):
    new_game(sk, "four-bad-queens", SIX)
    play_sheet(
        sk,
        SIX,
        [
            (["took Fay QS QH", "took Eve QD QC"], {"Fay": 3, "Eve": 2}),  # 2+1; 1+1
            (
                ["took Ann QS", "took Bob QH", "took Cat QD", "took Dan QC"],
                {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 1},
            ),
            # Eve's moon made: 0 to Eve, 5 to each of the five opponents
            (["moon Eve", "took Eve QS QH QD QC"], {"Ann": 5, "Bob": 5, "Cat": 5, "Dan": 5, "Fay": 5}),
            (["took Cat QS QH QD QC"], {"Cat": 5}),  # undeclared: the usual 5
            # Fay's moon fails: Fay 5; Ann keeps her Q♣ 1
            (["moon Fay", "took Fay QS QH QD", "took Ann QC"], {"Fay": 5, "Ann": 1}),
            (["took Bob QS", "took Dan QH QD QC"], {"Bob": 2, "Dan": 3}),
        ],
    )
    # Ann 0+2+5+0+1+0 = 8, Bob 0+1+5+0+0+2 = 8, Cat 0+1+5+5+0+0 = 11,
    # Dan 0+1+5+0+0+3 = 9, Eve 2+0+0+0+0+0 = 2, Fay 3+0+5+0+5+0 = 13; Ann and Bob share 2nd
    rows = [("Eve", 2, 1), ("Ann", 8, 2), ("Bob", 8, 2), ("Dan", 9, 4), ("Cat", 11, 5), ("Fay", 13, 6)]
    assert_final(sk, "four-bad-queens", 6, rows, ["Eve"])


def test_a_made_and_a_failed_moon_are_announced(sk):
    new_game(sk, "four-bad-queens", THREE)
    sk("moon", "bob")
    out = sk("took", "Bob", "QS", "QH", "QD", "QC")
    assert "MOON: Bob shot the moon: Bob 0, each opponent 5" in out
    sk("moon", "Cat")
    sk("took", "Cat", "QS", "QH", "QD")
    out = sk("took", "Ann", "QC")
    assert "MOON: Cat declared the moon and failed: Cat 5, the others score as usual" in out
    row = next(line for line in out.splitlines() if line.startswith("Cat"))
    assert row.split() == ["Cat", "moon", "Q♠", "Q♥", "Q♦", "+5", "10"]


def test_the_moon_can_be_switched_off(sk):
    new_game(sk, "four-bad-queens", FOUR, "moon=off")
    err = sk.fails("moon", "Ann")
    assert err == (
        "refused: shooting the moon is switched off in this game (it was started with moon=off); "
        "record `took NAME CARD…` as usual"
    )
    sk("took", "Ann", "QS", "QH", "QD", "QC")
    assert scores(sk)["Ann"] == 5  # no moon to shoot: all four Queens score 2+1+1+1


# --- Four Mad Queens -------------------------------------------------------------------


def test_four_mad_queens_three_players(sk):
    new_game(sk, "four-mad-queens", THREE)
    play_sheet(
        sk,
        THREE,
        [
            # Q♥ 2; Q♠ Q♣ 1 + 1; Q♦ 2 and the last trick 2
            (["took Ann QH", "took Bob QS QC", "took Cat QD", "last Cat"], {"Ann": 2, "Bob": 2, "Cat": 4}),
            # every Queen (2+2+1+1) and the last trick (2): all 8, there is no moon
            (["last Bob", "took Bob QH QD QS QC"], {"Bob": 8}),
            # Q♠ 1 and the last trick 2; Q♥ Q♣ 2 + 1; Q♦ 2
            (["took Ann QS", "took Cat QH QC", "took Bob QD", "last Ann"], {"Ann": 3, "Bob": 2, "Cat": 3}),
        ],
    )
    # Ann 2+0+3 = 5, Bob 2+8+2 = 12, Cat 4+0+3 = 7
    assert_final(sk, "four-mad-queens", 3, [("Ann", 5, 1), ("Cat", 7, 2), ("Bob", 12, 3)], ["Ann"])


def test_four_mad_queens_four_players(sk):
    new_game(sk, "four-mad-queens", FOUR)
    play_sheet(sk, FOUR, [
        (["took Dan QH QD", "took Ann QS", "took Bob QC", "last Cat"], {"Ann": 1, "Bob": 1, "Cat": 2, "Dan": 4}),
        (["took Cat QS QH", "took Dan QD QC", "last Dan"], {"Cat": 3, "Dan": 5}),  # 1+2; 2+1+2
        (["took Ann QH QD QS QC", "last Bob"], {"Ann": 6, "Bob": 2}),  # 2+2+1+1; last 2
        (["took Bob QH", "took Cat QD", "took Dan QS", "took Ann QC", "last Ann"],
         {"Ann": 3, "Bob": 2, "Cat": 2, "Dan": 1}),  # Ann Q♣ 1 + last 2
    ])  # fmt: skip
    # Ann 1+0+6+3 = 10, Bob 1+0+2+2 = 5, Cat 2+3+0+2 = 7, Dan 4+5+0+1 = 10
    rows = [("Bob", 5, 1), ("Cat", 7, 2), ("Ann", 10, 3), ("Dan", 10, 3)]
    assert_final(sk, "four-mad-queens", 4, rows, ["Bob"])


def test_four_mad_queens_six_players_a_shared_win(sk):
    new_game(sk, "four-mad-queens", SIX)
    play_sheet(sk, SIX, [
        (["took Ann QH", "took Bob QD", "took Cat QS", "took Dan QC", "last Eve"],
         {"Ann": 2, "Bob": 2, "Cat": 1, "Dan": 1, "Eve": 2}),
        (["took Fay QH QD QS QC", "last Fay"], {"Fay": 8}),
        (["took Eve QH", "took Fay QS", "took Ann QD QC", "last Bob"], {"Ann": 3, "Bob": 2, "Eve": 2, "Fay": 1}),
        (["took Cat QH QD", "took Dan QS QC", "last Cat"], {"Cat": 6, "Dan": 2}),  # 2+2+2; 1+1
        (["took Bob QS QH QD QC", "last Ann"], {"Ann": 2, "Bob": 6}),
        (["took Dan QH", "took Eve QD QS", "took Fay QC", "last Dan"], {"Dan": 4, "Eve": 3, "Fay": 1}),
    ])  # fmt: skip
    # Ann 2+0+3+0+2+0 = 7, Bob 2+0+2+0+6+0 = 10, Cat 1+0+0+6+0+0 = 7,
    # Dan 1+0+0+2+0+4 = 7, Eve 2+0+2+0+0+3 = 7, Fay 0+8+1+0+0+1 = 10: four share the win
    rows = [("Ann", 7, 1), ("Cat", 7, 1), ("Dan", 7, 1), ("Eve", 7, 1), ("Bob", 10, 5), ("Fay", 10, 5)]
    assert_final(sk, "four-mad-queens", 6, rows, ["Ann", "Cat", "Dan", "Eve"])
    assert "Game over: a shared win for Ann and Cat and Dan and Eve." in sk("standings")


# --- Slippery Paws ---------------------------------------------------------------------


def test_slippery_paws_three_players_with_a_sweep(sk):
    new_game(sk, "slippery-paws", THREE)
    play_sheet(
        sk,
        THREE,
        [
            (["first Ann", "took Bob QS", "last Cat"], {"Ann": 1, "Bob": 1, "Cat": 1}),
            # Cat takes the first trick, Q♠ and the last trick: 4, not 3
            (["first Cat", "took Cat QS", "last Cat"], {"Cat": 4}),
            (["first Bob", "last Bob", "took Ann QS"], {"Ann": 1, "Bob": 2}),  # two of three: 2
        ],
    )
    # Ann 1+0+1 = 2, Bob 1+0+2 = 3, Cat 1+4+0 = 5
    assert_final(sk, "slippery-paws", 3, [("Ann", 2, 1), ("Bob", 3, 2), ("Cat", 5, 3)], ["Ann"])


def test_slippery_paws_four_players_without_passing(sk):
    new_game(sk, "slippery-paws", FOUR, "passing=false")
    play_sheet(sk, FOUR, [
        (["took Dan QS", "first Dan", "last Dan"], {"Dan": 4}),  # the sweep
        (["first Ann", "took Bob QS", "last Cat"], {"Ann": 1, "Bob": 1, "Cat": 1}),
        (["first Bob", "took Bob QS", "last Ann"], {"Ann": 1, "Bob": 2}),
        (["first Cat", "took Dan QS", "last Cat"], {"Cat": 2, "Dan": 1}),
    ], passing=False)  # fmt: skip
    # Ann 0+1+1+0 = 2, Bob 0+1+2+0 = 3, Cat 0+1+0+2 = 3, Dan 4+0+0+1 = 5
    rows = [("Ann", 2, 1), ("Bob", 3, 2), ("Cat", 3, 2), ("Dan", 5, 4)]
    assert_final(sk, "slippery-paws", 4, rows, ["Ann"])


def test_slippery_paws_six_players(sk):
    new_game(sk, "slippery-paws", SIX)
    play_sheet(
        sk,
        SIX,
        [
            (["first Fay", "took Eve QS", "last Ann"], {"Ann": 1, "Eve": 1, "Fay": 1}),
            (["first Bob", "took Bob QS", "last Bob"], {"Bob": 4}),
            (["first Cat", "took Dan QS", "last Cat"], {"Cat": 2, "Dan": 1}),
            (["first Eve", "took Eve QS", "last Fay"], {"Eve": 2, "Fay": 1}),
            (["first Dan", "took Ann QS", "last Bob"], {"Ann": 1, "Bob": 1, "Dan": 1}),
            (["first Ann", "took Cat QS", "last Dan"], {"Ann": 1, "Cat": 1, "Dan": 1}),
        ],
    )
    # Ann 1+0+0+0+1+1 = 3, Bob 0+4+0+0+1+0 = 5, Cat 0+0+2+0+0+1 = 3,
    # Dan 0+0+1+0+1+1 = 3, Eve 1+0+0+2+0+0 = 3, Fay 1+0+0+1+0+0 = 2
    rows = [("Fay", 2, 1), ("Ann", 3, 2), ("Cat", 3, 2), ("Dan", 3, 2), ("Eve", 3, 2), ("Bob", 5, 6)]
    assert_final(sk, "slippery-paws", 6, rows, ["Fay"])


def test_the_sweep_is_announced_and_the_summary_names_what_each_took(sk):
    new_game(sk, "slippery-paws", THREE)
    sk("first", "Cat")
    sk("took", "Cat", "qs")
    out = sk("last", "Cat")
    assert "SWEEP: Cat took all 3 penalties: 4 instead of 3" in out
    row = next(line for line in out.splitlines() if line.startswith("Cat"))
    assert row.split() == ["Cat", "Q♠", "first", "last", "+4", "4"]


# --- Finis and Cruel Fate ----------------------------------------------------------------


def test_finis_three_players(sk):
    new_game(sk, "finis", THREE)
    play_sheet(
        sk, THREE, [(["last Bob"], {"Bob": 1}), (["last Bob"], {"Bob": 1}), (["last Ann"], {"Ann": 1})]
    )
    # Ann 1, Bob 2, Cat 0
    assert_final(sk, "finis", 3, [("Cat", 0, 1), ("Ann", 1, 2), ("Bob", 2, 3)], ["Cat"])


def test_finis_four_players_for_eight_hands(sk):
    new_game(sk, "finis", FOUR, "hands=8")
    assert sk.json("status")["hands_planned"] == 8
    # the deal goes round twice and the pass cycle repeats from hand 5
    winners = ["Ann", "Bob", "Ann", "Cat", "Dan", "Ann", "Bob", "Cat"]
    play_sheet(sk, FOUR, [([f"last {w}"], {w: 1}) for w in winners])
    # Ann 3, Bob 2, Cat 2, Dan 1
    rows = [("Dan", 1, 1), ("Bob", 2, 2), ("Cat", 2, 2), ("Ann", 3, 4)]
    assert_final(sk, "finis", 8, rows, ["Dan"])


def test_finis_six_players(sk):
    new_game(sk, "finis", SIX)
    winners = ["Fay", "Fay", "Eve", "Ann", "Bob", "Cat"]
    play_sheet(sk, SIX, [([f"last {w}"], {w: 1}) for w in winners])
    # Fay 2; Ann, Bob, Cat, Eve 1; Dan 0
    rows = [("Dan", 0, 1), ("Ann", 1, 2), ("Bob", 1, 2), ("Cat", 1, 2), ("Eve", 1, 2), ("Fay", 2, 6)]
    assert_final(sk, "finis", 6, rows, ["Dan"])


def test_cruel_fate_three_players(sk):
    new_game(sk, "cruel-fate", THREE)
    play_sheet(
        sk,
        THREE,
        [
            (["last Ann"], {"Bob": 1, "Cat": 1}),  # the winner 0, every opponent 1
            (["last Ann"], {"Bob": 1, "Cat": 1}),
            (["last Cat"], {"Ann": 1, "Bob": 1}),
        ],
    )
    # Ann 1, Bob 3, Cat 2
    assert_final(sk, "cruel-fate", 3, [("Ann", 1, 1), ("Cat", 2, 2), ("Bob", 3, 3)], ["Ann"])


def test_cruel_fate_four_players_without_passing(sk):
    new_game(sk, "cruel-fate", FOUR, "passing=false")
    play_sheet(sk, FOUR, [
        (["last Bob"], {"Ann": 1, "Cat": 1, "Dan": 1}),
        (["last Cat"], {"Ann": 1, "Bob": 1, "Dan": 1}),
        (["last Bob"], {"Ann": 1, "Cat": 1, "Dan": 1}),
        (["last Dan"], {"Ann": 1, "Bob": 1, "Cat": 1}),
    ], passing=False)  # fmt: skip
    # Ann 4, Bob 2, Cat 3, Dan 3
    rows = [("Bob", 2, 1), ("Cat", 3, 2), ("Dan", 3, 2), ("Ann", 4, 4)]
    assert_final(sk, "cruel-fate", 4, rows, ["Bob"])


def test_cruel_fate_six_players(sk):
    new_game(sk, "cruel-fate", SIX)
    winners = ["Ann", "Ann", "Bob", "Cat", "Ann", "Fay"]
    play_sheet(sk, SIX, [([f"last {w}"], {p: 1 for p in SIX if p != w}) for w in winners])
    # one point for every hand a player did not win: Ann 6-3 = 3, Bob 5, Cat 5, Dan 6,
    # Eve 6, Fay 5
    rows = [("Ann", 3, 1), ("Bob", 5, 2), ("Cat", 5, 2), ("Fay", 5, 2), ("Dan", 6, 5), ("Eve", 6, 5)]
    assert_final(sk, "cruel-fate", 6, rows, ["Ann"])


# --- Acorn Hearts --------------------------------------------------------------------------


def test_acorn_hearts_three_players_with_a_moon(sk):
    new_game(sk, "acorn-hearts", THREE)
    play_sheet(
        sk,
        THREE,
        [
            # 3 Hearts; 5 Hearts; Q♠ 4
            (
                ["took Ann AH KH 7H", "took Bob QH JH 10H 9H 8H", "took Cat QS"],
                {"Ann": 3, "Bob": 5, "Cat": 4},
            ),
            # Cat takes every Heart and Q♠, undeclared: Cat 0, each opponent 12
            ([f"took Cat {ALL_HEARTS} QS"], {"Ann": 12, "Bob": 12}),
            # every Heart but not Q♠: no moon, 8 and 4
            ([f"took Bob {ALL_HEARTS}", "took Ann QS"], {"Ann": 4, "Bob": 8}),
        ],
    )
    # Ann 3+12+4 = 19, Bob 5+12+8 = 25, Cat 4+0+0 = 4
    assert_final(sk, "acorn-hearts", 3, [("Cat", 4, 1), ("Ann", 19, 2), ("Bob", 25, 3)], ["Cat"])


def test_acorn_hearts_four_players(sk):
    new_game(sk, "acorn-hearts", FOUR)
    play_sheet(sk, FOUR, [
        (["took Ann QS", "took Bob AH KH", "took Cat QH JH 10H", "took Dan 9H 8H 7H"],
         {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 3}),
        # the moon over two entries: Bob 0, each opponent 12
        (["took Bob AH KH QH JH", "took Bob 10H 9H 8H 7H QS"], {"Ann": 12, "Cat": 12, "Dan": 12}),
        (["took Dan QS AH", "took Cat KH QH JH 10H 9H 8H 7H"], {"Cat": 7, "Dan": 5}),  # 4+1; 7
        (["took Ann AH", "took Bob KH", "took Cat QH", "took Dan JH 10H 9H 8H 7H QS"],
         {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 9}),  # 5 Hearts + Q♠ 4
    ])  # fmt: skip
    # Ann 4+12+0+1 = 17, Bob 2+0+0+1 = 3, Cat 3+12+7+1 = 23, Dan 3+12+5+9 = 29
    rows = [("Bob", 3, 1), ("Ann", 17, 2), ("Cat", 23, 3), ("Dan", 29, 4)]
    assert_final(sk, "acorn-hearts", 4, rows, ["Bob"])


def test_acorn_hearts_six_players(sk):
    new_game(sk, "acorn-hearts", SIX)
    play_sheet(sk, SIX, [
        ([f"took Fay {ALL_HEARTS} QS"], {p: 12 for p in SIX if p != "Fay"}),  # Fay's moon
        (["took Ann AH", "took Bob KH", "took Cat QH", "took Dan JH", "took Eve 10H 9H", "took Fay 8H 7H QS"],
         {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1, "Eve": 2, "Fay": 6}),
        ([f"took Cat {ALL_HEARTS}", "took Bob QS"], {"Bob": 4, "Cat": 8}),
        (["took Dan QS 7H", "took Eve AH KH QH JH 10H 9H 8H"], {"Dan": 5, "Eve": 7}),
        # Q♠ and seven Hearts, but Bob has 7♥: no moon, 4 + 7
        (["took Ann QS AH KH QH JH 10H 9H 8H", "took Bob 7H"], {"Ann": 11, "Bob": 1}),
        ([f"took Fay {ALL_HEARTS}", "took Eve QS"], {"Eve": 4, "Fay": 8}),
    ])  # fmt: skip
    # Ann 12+1+0+0+11+0 = 24, Bob 12+1+4+0+1+0 = 18, Cat 12+1+8+0+0+0 = 21,
    # Dan 12+1+0+5+0+0 = 18, Eve 12+2+0+7+0+4 = 25, Fay 0+6+0+0+0+8 = 14
    rows = [("Fay", 14, 1), ("Bob", 18, 2), ("Dan", 18, 2), ("Cat", 21, 4), ("Ann", 24, 5), ("Eve", 25, 6)]
    assert_final(sk, "acorn-hearts", 6, rows, ["Fay"])


# --- status ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck", "cards", "pass_cards"),
    [
        (THREE, "piquet-30", 10, 3),
        (FOUR, "piquet-32", 8, 3),
        (FIVE, "piquet-30", 6, 2),
        (SIX, "piquet-30", 5, 2),
    ],
)
def test_status_shows_the_pack_the_cards_each_and_the_pass(sk, players, deck, cards, pass_cards):
    new_game(sk, "four-bad-queens", players)
    status = sk.json("status")
    assert (status["deck"], status["cards"], status["pass"], status["pass_cards"]) == (
        deck,
        cards,
        "right",
        pass_cards,
    )
    assert status["needs"] == ["took"]
    text = sk("status")
    assert f"Dealer: Ann (first dealer); {cards} cards each" in text
    sevens = "" if deck == "piquet-32" else ", without 7♠ and 7♣"
    assert f"Pack: the {deck[-2:]}-card pack{sevens}" in text
    assert f"Pass: {pass_cards} cards right" in text
    assert f"Leads: {players[-1]}" in text


def test_five_players_pass_right_then_left(sk):
    five = FIVE
    new_game(sk, "finis", five)
    seen = []
    for w in five:
        seen.append(sk.json("status")["pass"])
        sk("last", w)
    assert seen == ["right", "left", "right", "left", "right"]  # §4 reading for 5-6 players


def test_a_declared_moon_shows_in_status(sk):
    new_game(sk, "four-bad-queens", FOUR)
    sk("moon", "Cat")
    assert sk.json("status")["moon"] == "Cat"
    assert "Moon: declared by Cat" in sk("status")
    out = sk("undo")
    assert "Cat shoots the moon" in out  # the log's words for the entry taken back
    assert sk.json("status")["moon"] is None


def test_the_black_sevens_are_out_of_a_three_player_pack(sk):
    new_game(sk, "acorn-hearts", THREE)
    err = sk.fails("took", "Ann", "7S", code=2)
    assert (
        err
        == "error: 7♠ is not in the 30-card pack, which has only A K Q J 10 9 8 7 of each suit, without 7♠ and 7♣"
    )
    sk("took", "Ann", "7H")  # the red 7s stay: all eight Hearts are in play


# --- refusals -------------------------------------------------------------------------------


def test_each_scoring_card_is_taken_once(sk):
    new_game(sk, "four-bad-queens", THREE)
    sk("took", "Bob", "QS", "QH")
    err = sk.fails("took", "Ann", "qs")
    assert (
        err
        == "refused: Q♠ was already taken by Bob in hand 1; each card is taken once (`undo` to correct an entry)"
    )
    err = sk.fails("took", "Ann", "QD", "Q♦")
    assert err == "refused: Q♦ is named twice in one entry; name each card once"
    assert sk.json("status")["needs"] == ["took"]  # nothing of the refused entries was kept


def test_only_scoring_cards_are_taken(sk):
    new_game(sk, "four-bad-queens", FOUR)
    err = sk.fails("took", "Ann", "QS", "KS")
    assert err == "refused: K♠ scores nothing in Four Bad Queens; record only the scoring cards: Q♠ Q♥ Q♦ Q♣"
    err = sk.fails("took", "Ann", "2S", code=2)
    assert err == "error: 2♠ is not in the 32-card pack, which has only A K Q J 10 9 8 7 of each suit"
    err = sk.fails("took", "Zed", "QS")
    assert err == "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat, Dan"


def test_acorn_hearts_lists_its_scoring_cards_high_first(sk):
    new_game(sk, "acorn-hearts", FOUR)
    err = sk.fails("took", "Ann", "QD")
    assert (
        err
        == "refused: Q♦ scores nothing in Acorn Hearts; record only the scoring cards: Q♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥"
    )


def test_no_card_scores_in_finis_or_cruel_fate(sk):
    new_game(sk, "finis", THREE)
    assert sk.fails("took", "Ann", "QS") == "refused: no card scores by itself in Finis; record `last NAME`"
    assert sk.fails("first", "Ann") == "refused: the first trick scores nothing in Finis; record `last NAME`"
    new_game(sk, "cruel-fate", THREE)
    assert (
        sk.fails("took", "Ann", "QS") == "refused: no card scores by itself in Cruel Fate; record `last NAME`"
    )


def test_tricks_that_score_nothing_are_refused(sk):
    new_game(sk, "four-bad-queens", THREE)
    assert (
        sk.fails("first", "Ann")
        == "refused: the first trick scores nothing in Four Bad Queens; record `took NAME CARD…`"
    )
    assert (
        sk.fails("last", "Ann")
        == "refused: the last trick scores nothing in Four Bad Queens; record `took NAME CARD…`"
    )
    new_game(sk, "four-mad-queens", THREE)
    err = sk.fails("first", "Ann")
    assert (
        err
        == "refused: the first trick scores nothing in Four Mad Queens; record `took NAME CARD…` and `last NAME`"
    )


def test_one_first_and_one_last_trick_winner(sk):
    new_game(sk, "slippery-paws", FOUR)
    sk("first", "Ann")
    sk("last", "Bob")
    err = sk.fails("first", "Cat")
    assert err == "refused: the first trick of hand 1 is already recorded for Ann; `undo` to correct it"
    err = sk.fails("last", "Cat")
    assert err == "refused: the last trick of hand 1 is already recorded for Bob; `undo` to correct it"
    sk("undo")  # takes back `last Bob`
    out = sk("last", "Cat")
    assert "Still to record: took" in out


@pytest.mark.parametrize(
    ("ruleset", "name", "record"),
    [
        ("four-mad-queens", "Four Mad Queens", "`took NAME CARD…` and `last NAME`"),
        ("slippery-paws", "Slippery Paws", "`first NAME`, `last NAME` and `took NAME CARD…`"),
        ("finis", "Finis", "`last NAME`"),
        ("cruel-fate", "Cruel Fate", "`last NAME`"),
    ],
)
def test_no_moon_where_the_rules_allow_none(sk, ruleset, name, record):
    new_game(sk, ruleset, FOUR)
    err = sk.fails("moon", "Ann")
    assert err == f"refused: shooting the moon is not allowed in {name}; the hand is scored from {record}"


def test_acorn_hearts_moon_is_never_declared(sk):
    new_game(sk, "acorn-hearts", THREE)
    err = sk.fails("moon", "Ann")
    assert err == (
        "refused: the moon is never declared in Acorn Hearts: it scores by itself when one player "
        "is recorded with every ♥ and Q♠"
    )


def test_one_moon_declaration_a_hand_and_only_before_play(sk):
    new_game(sk, "four-bad-queens", FOUR)
    sk("moon", "Bob")
    err = sk.fails("moon", "Cat")
    assert err == (
        "refused: Bob already declared the moon in hand 1; only one declaration per hand "
        "(`undo` it to change who declares)"
    )
    sk("undo")
    sk("took", "Ann", "QC")
    err = sk.fails("moon", "Cat")
    assert err == (
        "refused: the moon is declared before the first trick, but play is already recorded "
        "for hand 1; `undo` those entries first"
    )


def test_hands_must_be_a_multiple_of_the_players(sk):
    err = sk.fails("new", "four-bad-queens", "--players", "Ann,Bob,Cat,Dan", "--set", "hands=6")
    assert err == (
        "refused: 6 hands is not a multiple of 4 players, so not everyone deals equally; "
        "use --set hands=4 or hands=8"
    )
    err = sk.fails("new", "acorn-hearts", "--players", "Ann,Bob,Cat", "--set", "hands=2")
    assert err == (
        "refused: 2 hands is not a multiple of 3 players, so not everyone deals equally; "
        "use --set hands=3 or hands=6"
    )
    assert sk("games").startswith("No games yet")
    new_game(sk, "cruel-fate", SIX, "hands=12")
    assert sk.json("status")["hands_planned"] == 12


def test_three_to_six_players(sk):
    err = sk.fails("new", "slippery-paws", "--players", "A,B,C,D,E,F,G")
    assert err == "refused: slippery-paws is for 3-6 players, not 7; name 3 to 6 players with --players"
    err = sk.fails("new", "finis", "--players", "Ann,Bob")
    assert err == "refused: finis is for 3-6 players, not 2; name 3 to 6 players with --players"


def test_passing_is_optional_only_where_the_rules_say_so(sk):
    err = sk.fails("new", "four-bad-queens", "--players", "Ann,Bob,Cat", "--set", "passing=false", code=2)
    assert (
        err
        == "error: four-bad-queens has no option 'passing'; its options are: hands, join_score, moon (see `rules four-bad-queens`)"
    )
    err = sk.fails("new", "acorn-hearts", "--players", "Ann,Bob,Cat", "--set", "passing=false", code=2)
    assert (
        err
        == "error: acorn-hearts has no option 'passing'; its options are: hands, join_score (see `rules acorn-hearts`)"
    )


# --- Compendium -------------------------------------------------------------------------------
# One hand of each game in order (§4): 1 Four Bad Queens, 2 Four Mad Queens, 3 Slippery Paws,
# 4 Finis, 5 Cruel Fate, 6 Acorn Hearts halved (each ♥ ½, Q♠ 2, a moon 0 and 6 to each
# opponent). Exactly six hands whatever the players; passing follows the cycle by hand number.

PHASES = ["Four Bad Queens", "Four Mad Queens", "Slippery Paws", "Finis", "Cruel Fate", "Acorn Hearts"]


def test_compendium_three_players_with_halves(sk):
    new_game(sk, "compendium", THREE)
    play_sheet(sk, THREE, [
        (["moon Ann", "took Ann QS QH QD QC"], {"Bob": 5, "Cat": 5}),  # moon made: 0, 5 each
        (["took Bob QH QS", "took Cat QD QC", "last Ann"], {"Ann": 2, "Bob": 3, "Cat": 3}),  # 2+1; 2+1; last 2
        (["first Cat", "took Cat QS", "last Cat"], {"Cat": 4}),  # all three: 4
        (["last Bob"], {"Bob": 1}),  # Finis: the last trick 1
        (["last Bob"], {"Ann": 1, "Cat": 1}),  # Cruel Fate: 0 to its winner, 1 to each opponent
        # 3 Hearts × ½; 5 Hearts × ½; Q♠ 2
        (["took Ann AH KH 7H", "took Bob QH JH 10H 9H 8H", "took Cat QS"], {"Ann": 1.5, "Bob": 2.5, "Cat": 2}),
    ])  # fmt: skip
    # Ann 0+2+0+0+1+1½ = 4½, Bob 5+3+0+1+0+2½ = 11½, Cat 5+3+4+0+1+2 = 15
    assert_final(sk, "compendium", 6, [("Ann", 4.5, 1), ("Bob", 11.5, 2), ("Cat", 15, 3)], ["Ann"])
    text = sk("standings")
    assert "4½" in text and "11½" in text
    assert "Game over: Ann wins." in text


def test_compendium_four_players_six_hands(sk):
    new_game(sk, "compendium", FOUR)  # six hands, not a multiple of four: Compendium is always six
    assert sk.json("status")["hands_planned"] == 6
    play_sheet(sk, FOUR, [
        (["moon Dan", "took Dan QS QH QD", "took Bob QC"], {"Dan": 5, "Bob": 1}),  # moon failed
        (["took Ann QH QD QS QC", "last Ann"], {"Ann": 8}),
        (["first Bob", "took Cat QS", "last Dan"], {"Bob": 1, "Cat": 1, "Dan": 1}),
        (["last Cat"], {"Cat": 1}),
        (["last Dan"], {"Ann": 1, "Bob": 1, "Cat": 1}),
        ([f"took Bob {ALL_HEARTS} QS"], {"Ann": 6, "Cat": 6, "Dan": 6}),  # halved moon: 6 each
    ])  # fmt: skip
    # Ann 0+8+0+0+1+6 = 15, Bob 1+0+1+0+1+0 = 3, Cat 0+0+1+1+1+6 = 9, Dan 5+0+1+0+0+6 = 12
    rows = [("Bob", 3, 1), ("Cat", 9, 2), ("Dan", 12, 3), ("Ann", 15, 4)]
    assert_final(sk, "compendium", 6, rows, ["Bob"])


def test_compendium_six_players_without_the_optional_passes(sk):
    new_game(sk, "compendium", SIX, "passing=off")
    # right, left, then no pass in Slippery Paws, Finis and Cruel Fate, then hand 6 left
    passes = ["right", "left", None, None, None, "left"]
    play_sheet(sk, SIX, [
        (["took Ann QS", "took Bob QH", "took Cat QD", "took Dan QC"], {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 1}),
        (["took Eve QH QD", "took Fay QS QC", "last Eve"], {"Eve": 6, "Fay": 2}),  # 2+2+2; 1+1
        (["first Fay", "took Fay QS", "last Fay"], {"Fay": 4}),
        (["last Ann"], {"Ann": 1}),
        (["last Eve"], {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1, "Fay": 1}),
        (["took Ann 7H", "took Bob 8H 9H", "took Cat 10H", "took Dan JH QH KH", "took Eve AH", "took Fay QS"],
         {"Ann": 0.5, "Bob": 1, "Cat": 0.5, "Dan": 1.5, "Eve": 0.5, "Fay": 2}),
    ], passes=passes)  # fmt: skip
    # Ann 2+0+0+1+1+½ = 4½, Bob 1+0+0+0+1+1 = 3, Cat 1+0+0+0+1+½ = 2½,
    # Dan 1+0+0+0+1+1½ = 3½, Eve 0+6+0+0+0+½ = 6½, Fay 0+2+4+0+1+2 = 9
    rows = [("Cat", 2.5, 1), ("Bob", 3, 2), ("Dan", 3.5, 3), ("Ann", 4.5, 4), ("Eve", 6.5, 5), ("Fay", 9, 6)]
    assert_final(sk, "compendium", 6, rows, ["Cat"])


def test_compendium_announces_each_hand_by_name_with_its_scoring(sk):
    new_game(sk, "compendium", FOUR)
    status = sk.json("status")
    assert status["phase"] == "Four Bad Queens"
    assert status["phase_scoring"] == (
        "cards: Q♠ 2, Q♥ 1, Q♦ 1, Q♣ 1; "
        "moon (declared before the first trick): made → the shooter 0, each other player 5; failed → the shooter 5"
    )
    assert "Game this hand: Four Bad Queens — cards: Q♠ 2, Q♥ 1, Q♦ 1, Q♣ 1;" in sk("status")
    out = sk("took", "Ann", "QS", "QH", "QD", "QC")
    assert (
        "Hand 2: Four Mad Queens — cards: Q♥ 2, Q♦ 2, Q♠ 1, Q♣ 1; the last trick: 2 to its winner, 0 to each other player"
        in out
    )
    assert "Pass: 3 cards left." in out
    sk("took", "Bob", "QS", "QH", "QD", "QC")
    out = sk("last", "Bob")
    assert (
        "Hand 3: Slippery Paws — the first trick: 1 to its winner, 0 to each other player; "
        "the last trick: 1 to its winner, 0 to each other player; cards: Q♠ 1; "
        "sweep: one player taking every penalty scores 4 instead"
    ) in out
    assert "Pass: 3 cards across." in out
    sk("first", "Cat")
    sk("took", "Cat", "QS")
    out = sk("last", "Dan")
    assert "Hand 4: Finis — the last trick: 1 to its winner, 0 to each other player" in out
    assert "Pass: none this hand (hold)." in out
    out = sk("last", "Dan")
    assert "Hand 5: Cruel Fate — the last trick: 0 to its winner, 1 to each other player" in out
    out = sk("last", "Dan")
    assert (
        "Hand 6: Acorn Hearts — cards: each ♥ ½, Q♠ 2; "
        "moon (taking every scoring card): made → the shooter 0, each other player 6" in out
    )
    assert [sk.json("status")["phase"]] == PHASES[5:]


def test_compendium_phases_refuse_what_they_do_not_score(sk):
    new_game(sk, "compendium", THREE)
    sk("moon", "Ann")
    sk("undo")
    sk("took", "Ann", "QS", "QH", "QD", "QC")
    err = sk.fails("moon", "Bob")
    assert err == (
        "refused: shooting the moon is not allowed in Four Mad Queens (hand 2 of Compendium); "
        "the hand is scored from `took NAME CARD…` and `last NAME`"
    )
    err = sk.fails("first", "Bob")
    assert err == (
        "refused: the first trick scores nothing in Four Mad Queens (hand 2 of Compendium); "
        "record `took NAME CARD…` and `last NAME`"
    )
    err = sk.fails("took", "Bob", "AH")
    assert err == (
        "refused: A♥ scores nothing in Four Mad Queens (hand 2 of Compendium); "
        "record only the scoring cards: Q♠ Q♥ Q♦ Q♣"
    )


def test_compendium_is_always_six_hands(sk):
    err = sk.fails("new", "compendium", "--players", "Ann,Bob,Cat", "--set", "hands=3", code=2)
    assert (
        err
        == "error: compendium has no option 'hands'; its options are: join_score, moon, passing (see `rules compendium`)"
    )


def test_compendium_moon_can_be_switched_off(sk):
    new_game(sk, "compendium", THREE, "moon=off")
    err = sk.fails("moon", "Ann")
    assert err == (
        "refused: shooting the moon is switched off in this game (it was started with moon=off); "
        "record `took NAME CARD…` as usual"
    )


# --- what is still unassigned -----------------------------------------------------------------


def test_status_says_which_scoring_cards_are_still_unassigned(sk):
    # seeds/seven-trick-avoidance-games.txt via RULES.md §4: the scorer records who took which
    # scoring cards, every Queen exactly once and all 8 Hearts; status names what is left
    new_game(sk, "four-bad-queens", FOUR)
    assert "To record: who took the scoring cards (`took NAME CARD…`)\n" in sk("status") + "\n"
    sk("took", "Ann", "QS")
    sk("took", "Bob", "QH")
    assert status_text(sk).endswith(
        "To record: who took the scoring cards (`took NAME CARD…`): Q♦ and Q♣ not assigned yet\n"
    )
    new_game(sk, "acorn-hearts", FOUR)
    sk("took", "Ann", "AH", "KH", "QH", "JH", "10H", "9H", "8H")
    assert status_text(sk).endswith(
        "To record: who took the scoring cards (`took NAME CARD…`): Q♠ and 1 heart not assigned yet\n"
    )
    sk("took", "Bob", "QS")
    assert status_text(sk).endswith("(`took NAME CARD…`): 1 heart not assigned yet\n")
    sk("took", "Cat", "7H")  # Ann 7, Bob 4, Cat 1: 12 in all
    assert scores(sk) == {"Ann": 7, "Bob": 4, "Cat": 1, "Dan": 0}


def status_text(sk):
    """`status` without its last line, which names the latest backup."""
    return sk("status").rsplit("\n", 2)[0] + "\n"
