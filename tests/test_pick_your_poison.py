"""Pick Your Poison (RULES.md §3) through the CLI: whole games kept like score sheets, every
forced pick, the deal to the lowest score, reneges, and one exact line for each bad entry.

Every number below was worked out by hand from §3 (the project's reading of the lost tally):
  Bn  Bid n:        made exactly -> 10 + n          missed -> -1 per trick off
  Xn  Blind Bid n:  made exactly -> 20 + 2 x n      missed -> -2 per trick off
  T   Take:         +1 per trick taken
Cards each (§3): floor(51 / players): 3 -> 17, 4 -> 12, 5 -> 10, 6 -> 8, 7 -> 7, 8 -> 6.
Quotas (§3): a 4-hand round each poison 1-2 times, 5 hands 1-2, 6 hands exactly 2, any other
N hands 1 to ceil(N/3) (so a 3-hand round: each exactly once).
Picking order (§3): from the dealer's left, the dealer last; the dealer's left leads.
Passing the deal (§3): to the lowest total, never to the player who just dealt (then the
next-lowest); a tie goes to the tied player met first clockwise from the last dealer's left.
"""

import json
from fractions import Fraction

import pytest
from helpers import new_game, scores, status

from scorekeeper.core import schedule

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

RULESET = "pick-your-poison"
TRUMPS = ("hearts", "QS", "d", "clubs", "7h", "spades")


# --- helpers -----------------------------------------------------------------------------


def start(sk, players, dealer, *settings):
    return new_game(sk, RULESET, players, *settings, dealer=dealer)


def pick(sk, picks, style=0, names=None):
    """Record a hand's poisons, given in picking order as `Name=poison …`: all at once by name
    (style 0), as bare values in seating order (style 1), or in two entries that continue the
    picking order (style 2). Returns what the last entry printed."""
    pairs = picks.split()
    if style == 1:
        given = dict(p.split("=") for p in pairs)
        return sk("poison", *[given[name] for name in names])
    if style == 2 and len(pairs) > 1:
        half = len(pairs) // 2
        sk("poison", *pairs[:half])
        return sk("poison", *pairs[half:])
    return sk("poison", *pairs)


def play_sheet(sk, names, sheet, size):
    """Play a score sheet row by row. Before each hand: the dealer and why, the cards, the
    picking order and leader, and who is forced. After it: the hand's points, the totals, and
    the closing summary naming the next dealer and warning each forced blind bidder."""
    before = dict.fromkeys(names, 0)
    for i, (hand, dealer, reason, picks, forced, tricks, points, totals) in enumerate(sheet):
        state = status(sk)
        seat = names.index(dealer)
        order = names[seat + 1 :] + names[: seat + 1]
        assert (state["hand"], state["dealer"], state["dealer_reason"]) == (hand, dealer, reason)
        assert state["cards"] == size
        assert state["order"] == order, f"hand {hand}: picking starts left of the dealer"
        assert state["leader"] == order[0], f"hand {hand}: the dealer's left leads"
        assert [p.split("=")[0] for p in picks.split()] == order, "the sheet lists picks in picking order"
        assert state["forced"] == forced, f"hand {hand}"
        blind = [p for p in names if forced.get(p) == "blind"]
        assert state["forced_blind"] == blind, f"hand {hand}"
        for player, only in forced.items():
            assert state["legal"][player] == [only]
        text = sk("status")
        assert f"{dealer} deals: {reason}; {size} cards each" in text
        for player in blind:
            assert f"WARNING: {player} must bid blind: {player}, do not pick up your cards" in text
        sk("trump", TRUMPS[hand % len(TRUMPS)])
        pick(sk, picks, hand % 3, names)
        closing = sk("tricks", *tricks.split())
        after = scores(sk)
        assert tuple(after[p] - before[p] for p in names) == points, f"points of hand {hand}"
        assert tuple(after[p] for p in names) == totals, f"totals after hand {hand}"
        before = after
        if i + 1 < len(sheet):
            _, next_dealer, next_reason, _, next_forced, *_ = sheet[i + 1]
            assert f"{next_dealer} deals: {next_reason}." in closing, closing
            for player in [p for p in names if next_forced.get(p) == "blind"]:
                assert f"WARNING: {player} must bid blind: {player}, do not pick up your cards" in closing


def assert_final(sk, names_by_place, totals, winner, hands):
    standings = sk.json("standings")
    assert standings["ruleset"] == RULESET
    assert standings["finished"] is True
    assert standings["hands_played"] == hands
    assert standings["winner"] == winner
    assert standings["winners"] == [winner]
    assert [p["name"] for p in standings["players"]] == names_by_place
    assert [p["score"] for p in standings["players"]] == totals
    state = status(sk)
    assert state["finished"] is True and state["needs"] == [] and state["forced_blind"] == []


# --- whole games ---------------------------------------------------------------------------

# Each row: (hand, dealer, why the deal went there, poisons in picking order, forced players
#            (only one legal poison), tricks in seating order, the hand's points, totals after)
# The comment above each row works out its points.


# 3 players (17 cards each), rounds 4,5,6 (--set rounds=4,5,6); Bob flipped the first Ace.
# fmt: off
GAME_3P = [
    # --- round 1: 4 hands (hands 1-4)
    # Ann B6 took 3: -3; Bob T took 5: 5; Cat B6 took 9: -3
    (1, "Bob", "first dealer",
     "Cat=bid:6 Ann=bid:6 Bob=take", {},
     "3 5 9", (-3, 5, -3), (-3, 5, -3)),
    # Ann X8 made: 20+2x8=36; Bob X3 took 1: -2x2=-4; Cat X8 made: 20+2x8=36
    (2, "Cat", "lowest score (tied; first from the last dealer's left), -3",
     "Ann=blind:8 Bob=blind:3 Cat=blind:8", {},
     "8 1 8", (36, -4, 36), (33, 1, 33)),
    # Ann B6 took 7: -1; Bob B5 made: 10+5=15; Cat B4 took 5: -1
    (3, "Bob", "lowest score, 1",
     "Cat=bid:4 Ann=bid:6 Bob=bid:5", {},
     "7 5 5", (-1, 15, -1), (32, 16, 32)),
    # Ann T took 2: 2; Bob X5 took 9: -2x4=-8; Cat T took 6: 6
    (4, "Cat", "next-lowest score (the lowest just dealt; tied; first from the last dealer's left), 32",
     "Ann=take Bob=blind:5 Cat=take", {"Ann": "take", "Cat": "take"},
     "2 9 6", (2, -8, 6), (34, 8, 38)),
    # --- round 2: 5 hands (hands 5-9)
    # Ann X2 took 4: -2x2=-4; Bob X4 made: 20+2x4=28; Cat T took 9: 9
    (5, "Bob", "lowest score, 8",
     "Cat=take Ann=blind:2 Bob=blind:4", {},
     "4 4 9", (-4, 28, 9), (30, 36, 47)),
    # Ann B6 made: 10+6=16; Bob X7 took 8: -2x1=-2; Cat T took 3: 3
    (6, "Ann", "lowest score, 30",
     "Bob=blind:7 Cat=take Ann=bid:6", {},
     "6 8 3", (16, -2, 3), (46, 34, 50)),
    # Ann X4 took 6: -2x2=-4; Bob B6 made: 10+6=16; Cat B5 made: 10+5=15
    (7, "Bob", "lowest score, 34",
     "Cat=bid:5 Ann=blind:4 Bob=bid:6", {},
     "6 6 5", (-4, 16, 15), (42, 50, 65)),
    # Ann B5 took 4: -1; Bob B5 took 8: -3; Cat B5 made: 10+5=15
    (8, "Ann", "lowest score, 42",
     "Bob=bid:5 Cat=bid:5 Ann=bid:5", {},
     "4 8 5", (-1, -3, 15), (41, 47, 80)),
    # Ann T took 5: 5; Bob T took 7: 7; Cat X5 made: 20+2x5=30
    (9, "Bob", "next-lowest score (the lowest just dealt), 47",
     "Cat=blind:5 Ann=take Bob=take", {"Ann": "take", "Bob": "take", "Cat": "blind"},
     "5 7 5", (5, 7, 30), (46, 54, 110)),
    # --- round 3: 6 hands (hands 10-15)
    # Ann X4 made: 20+2x4=28; Bob X6 made: 20+2x6=32; Cat B5 took 7: -2
    (10, "Ann", "lowest score, 46",
     "Bob=blind:6 Cat=bid:5 Ann=blind:4", {},
     "4 6 7", (28, 32, -2), (74, 86, 108)),
    # Ann B7 made: 10+7=17; Bob B6 made: 10+6=16; Cat B4 made: 10+4=14
    (11, "Bob", "next-lowest score (the lowest just dealt), 86",
     "Cat=bid:4 Ann=bid:7 Bob=bid:6", {},
     "7 6 4", (17, 16, 14), (91, 102, 122)),
    # Ann B4 made: 10+4=14; Bob B6 made: 10+6=16; Cat X6 took 7: -2x1=-2
    (12, "Ann", "lowest score, 91",
     "Bob=bid:6 Cat=blind:6 Ann=bid:4", {},
     "4 6 7", (14, 16, -2), (105, 118, 120)),
    # Ann T took 6: 6; Bob T took 6: 6; Cat X5 made: 20+2x5=30
    (13, "Bob", "next-lowest score (the lowest just dealt), 118",
     "Cat=blind:5 Ann=take Bob=take", {},
     "6 6 5", (6, 6, 30), (111, 124, 150)),
    # Ann T took 7: 7; Bob T took 6: 6; Cat T took 4: 4
    (14, "Ann", "lowest score, 111",
     "Bob=take Cat=take Ann=take", {"Cat": "take"},
     "7 6 4", (7, 6, 4), (118, 130, 154)),
    # Ann X4 made: 20+2x4=28; Bob X6 made: 20+2x6=32; Cat T took 7: 7
    (15, "Bob", "next-lowest score (the lowest just dealt), 130",
     "Cat=take Ann=blind:4 Bob=blind:6", {"Ann": "blind", "Bob": "blind", "Cat": "take"},
     "4 6 7", (28, 32, 7), (146, 162, 161)),
]
# fmt: on


def test_a_whole_3p_game(sk):
    names = ["Ann", "Bob", "Cat"]
    start(sk, names, "Bob", "rounds=4,5,6")
    play_sheet(sk, names, GAME_3P, size=17)
    assert_final(sk, ["Bob", "Cat", "Ann"], [162, 161, 146], "Bob", 15)


# 5 players (10 cards each), rounds 6,5,4,3,4,5,6; Dan flipped the first Ace.
# fmt: off
GAME_5P = [
    # --- round 1: 6 hands (hands 1-6)
    # Ann X1 made: 20+2x1=22; Bob T took 2: 2; Cat T took 3: 3; Dan T took 1: 1; Eve T took 3: 3
    (1, "Dan", "first dealer",
     "Eve=take Ann=blind:1 Bob=take Cat=take Dan=take", {},
     "1 2 3 1 3", (22, 2, 3, 1, 3), (22, 2, 3, 1, 3)),
    # Ann B3 took 5: -2; Bob X2 made: 20+2x2=24; Cat T took 1: 1; Dan B0 made: 10+0=10; Eve T took 2: 2
    (2, "Bob", "next-lowest score (the lowest just dealt), 2",
     "Cat=take Dan=bid:0 Eve=take Ann=bid:3 Bob=blind:2", {},
     "5 2 1 0 2", (-2, 24, 1, 10, 2), (20, 26, 4, 11, 5)),
    # Ann B1 made: 10+1=11; Bob T took 3: 3; Cat B5 took 4: -1; Dan B2 made: 10+2=12; Eve B3 took 0: -3
    (3, "Cat", "lowest score, 4",
     "Dan=bid:2 Eve=bid:3 Ann=bid:1 Bob=take Cat=bid:5", {},
     "1 3 4 2 0", (11, 3, -1, 12, -3), (31, 29, 3, 23, 2)),
    # Ann T took 3: 3; Bob B0 made: 10+0=10; Cat B4 made: 10+4=14; Dan T took 3: 3; Eve B0 made: 10+0=10
    (4, "Eve", "lowest score, 2",
     "Ann=take Bob=bid:0 Cat=bid:4 Dan=take Eve=bid:0", {},
     "3 0 4 3 0", (3, 10, 14, 3, 10), (34, 39, 17, 26, 12)),
    # Ann X3 took 2: -2x1=-2; Bob X2 made: 20+2x2=24; Cat X2 made: 20+2x2=24; Dan X4 made: 20+2x4=28; Eve X0 made: 20+2x0=20
    (5, "Cat", "next-lowest score (the lowest just dealt), 17",
     "Dan=blind:4 Eve=blind:0 Ann=blind:3 Bob=blind:2 Cat=blind:2", {"Cat": "blind", "Dan": "blind", "Eve": "blind"},
     "2 2 2 4 0", (-2, 24, 24, 28, 20), (32, 63, 41, 54, 32)),
    # Ann T took 3: 3; Bob B2 made: 10+2=12; Cat X1 took 2: -2x1=-2; Dan X0 made: 20+2x0=20; Eve X3 made: 20+2x3=26
    (6, "Eve", "lowest score (tied; first from the last dealer's left), 32",
     "Ann=take Bob=bid:2 Cat=blind:1 Dan=blind:0 Eve=blind:3", {"Ann": "take", "Bob": "bid", "Cat": "blind", "Dan": "blind", "Eve": "blind"},
     "3 2 2 0 3", (3, 12, -2, 20, 26), (35, 75, 39, 74, 58)),
    # --- round 2: 5 hands (hands 7-11)
    # Ann B3 took 2: -1; Bob T took 3: 3; Cat T took 2: 2; Dan X2 made: 20+2x2=24; Eve B1 made: 10+1=11
    (7, "Ann", "lowest score, 35",
     "Bob=take Cat=take Dan=blind:2 Eve=bid:1 Ann=bid:3", {},
     "2 3 2 2 1", (-1, 3, 2, 24, 11), (34, 78, 41, 98, 69)),
    # Ann T took 1: 1; Bob T took 2: 2; Cat B2 made: 10+2=12; Dan B1 took 2: -1; Eve X1 took 3: -2x2=-4
    (8, "Cat", "next-lowest score (the lowest just dealt), 41",
     "Dan=bid:1 Eve=blind:1 Ann=take Bob=take Cat=bid:2", {},
     "1 2 2 2 3", (1, 2, 12, -1, -4), (35, 80, 53, 97, 65)),
    # Ann X0 made: 20+2x0=20; Bob B3 made: 10+3=13; Cat X1 made: 20+2x1=22; Dan T took 3: 3; Eve T took 3: 3
    (9, "Ann", "lowest score, 35",
     "Bob=bid:3 Cat=blind:1 Dan=take Eve=take Ann=blind:0", {},
     "0 3 1 3 3", (20, 13, 22, 3, 3), (55, 93, 75, 100, 68)),
    # Ann X2 took 1: -2x1=-2; Bob X4 took 1: -2x3=-6; Cat X3 made: 20+2x3=26; Dan T took 4: 4; Eve T took 1: 1
    (10, "Eve", "next-lowest score (the lowest just dealt), 68",
     "Ann=blind:2 Bob=blind:4 Cat=blind:3 Dan=take Eve=take", {},
     "1 1 3 4 1", (-2, -6, 26, 4, 1), (53, 87, 101, 104, 69)),
    # Ann T took 0: 0; Bob X0 made: 20+2x0=20; Cat T took 4: 4; Dan X1 took 4: -2x3=-6; Eve X2 made: 20+2x2=24
    (11, "Ann", "lowest score, 53",
     "Bob=blind:0 Cat=take Dan=blind:1 Eve=blind:2 Ann=take", {},
     "0 0 4 4 2", (0, 20, 4, -6, 24), (53, 107, 105, 98, 93)),
    # --- round 3: 4 hands (hands 12-15)
    # Ann X0 made: 20+2x0=20; Bob X1 took 3: -2x2=-4; Cat T took 2: 2; Dan X0 made: 20+2x0=20; Eve B0 took 5: -5
    (12, "Eve", "next-lowest score (the lowest just dealt), 93",
     "Ann=blind:0 Bob=blind:1 Cat=take Dan=blind:0 Eve=bid:0", {},
     "0 3 2 0 5", (20, -4, 2, 20, -5), (73, 103, 107, 118, 88)),
    # Ann X2 made: 20+2x2=24; Bob B0 took 1: -1; Cat B2 made: 10+2=12; Dan T took 4: 4; Eve B1 made: 10+1=11
    (13, "Ann", "lowest score, 73",
     "Bob=bid:0 Cat=bid:2 Dan=take Eve=bid:1 Ann=blind:2", {},
     "2 1 2 4 1", (24, -1, 12, 4, 11), (97, 102, 119, 122, 99)),
    # Ann B1 made: 10+1=11; Bob T took 1: 1; Cat B2 made: 10+2=12; Dan B5 made: 10+5=15; Eve T took 1: 1
    (14, "Eve", "next-lowest score (the lowest just dealt), 99",
     "Ann=bid:1 Bob=take Cat=bid:2 Dan=bid:5 Eve=take", {},
     "1 1 2 5 1", (11, 1, 12, 15, 1), (108, 103, 131, 137, 100)),
    # Ann T took 4: 4; Bob B1 made: 10+1=11; Cat X0 made: 20+2x0=20; Dan X1 took 2: -2x1=-2; Eve X3 made: 20+2x3=26
    (15, "Bob", "next-lowest score (the lowest just dealt), 103",
     "Cat=blind:0 Dan=blind:1 Eve=blind:3 Ann=take Bob=bid:1", {"Ann": "take", "Cat": "blind", "Eve": "blind"},
     "4 1 0 2 3", (4, 11, 20, -2, 26), (112, 114, 151, 135, 126)),
    # --- round 4: 3 hands (hands 16-18)
    # Ann T took 0: 0; Bob B0 made: 10+0=10; Cat B4 took 2: -2; Dan X3 took 1: -2x2=-4; Eve T took 7: 7
    (16, "Ann", "lowest score, 112",
     "Bob=bid:0 Cat=bid:4 Dan=blind:3 Eve=take Ann=take", {},
     "0 0 2 1 7", (0, 10, -2, -4, 7), (112, 124, 149, 131, 133)),
    # Ann X0 made: 20+2x0=20; Bob T took 3: 3; Cat T took 2: 2; Dan T took 2: 2; Eve X3 made: 20+2x3=26
    (17, "Bob", "next-lowest score (the lowest just dealt), 124",
     "Cat=take Dan=take Eve=blind:3 Ann=blind:0 Bob=take", {},
     "0 3 2 2 3", (20, 3, 2, 2, 26), (132, 127, 151, 133, 159)),
    # Ann B1 took 3: -2; Bob X2 took 5: -2x3=-6; Cat X2 made: 20+2x2=24; Dan B0 made: 10+0=10; Eve B0 made: 10+0=10
    (18, "Ann", "next-lowest score (the lowest just dealt), 132",
     "Bob=blind:2 Cat=blind:2 Dan=bid:0 Eve=bid:0 Ann=bid:1", {"Ann": "bid", "Bob": "blind", "Cat": "blind", "Dan": "bid", "Eve": "bid"},
     "3 5 2 0 0", (-2, -6, 24, 10, 10), (130, 121, 175, 143, 169)),
    # --- round 5: 4 hands (hands 19-22)
    # Ann B0 made: 10+0=10; Bob X0 made: 20+2x0=20; Cat T took 3: 3; Dan T took 3: 3; Eve X0 took 4: -2x4=-8
    (19, "Bob", "lowest score, 121",
     "Cat=take Dan=take Eve=blind:0 Ann=bid:0 Bob=blind:0", {},
     "0 0 3 3 4", (10, 20, 3, 3, -8), (140, 141, 178, 146, 161)),
    # Ann T took 2: 2; Bob T took 1: 1; Cat T took 2: 2; Dan T took 5: 5; Eve T took 0: 0
    (20, "Ann", "lowest score, 140",
     "Bob=take Cat=take Dan=take Eve=take Ann=take", {},
     "2 1 2 5 0", (2, 1, 2, 5, 0), (142, 142, 180, 151, 161)),
    # Ann B3 made: 10+3=13; Bob X3 made: 20+2x3=26; Cat X3 took 4: -2x1=-2; Dan X0 made: 20+2x0=20; Eve X0 made: 20+2x0=20
    (21, "Bob", "lowest score (tied with the last dealer, who just dealt), 142",
     "Cat=blind:3 Dan=blind:0 Eve=blind:0 Ann=bid:3 Bob=blind:3", {},
     "3 3 4 0 0", (13, 26, -2, 20, 20), (155, 168, 178, 171, 181)),
    # Ann X0 made: 20+2x0=20; Bob B1 made: 10+1=11; Cat B3 took 6: -3; Dan B1 made: 10+1=11; Eve B1 took 2: -1
    (22, "Ann", "lowest score, 155",
     "Bob=bid:1 Cat=bid:3 Dan=bid:1 Eve=bid:1 Ann=blind:0", {"Ann": "blind", "Bob": "bid", "Cat": "bid", "Dan": "bid", "Eve": "bid"},
     "0 1 6 1 2", (20, 11, -3, 11, -1), (175, 179, 175, 182, 180)),
    # --- round 6: 5 hands (hands 23-27)
    # Ann T took 2: 2; Bob X1 made: 20+2x1=22; Cat T took 2: 2; Dan T took 3: 3; Eve B0 took 2: -2
    (23, "Cat", "lowest score (tied with the last dealer, who just dealt), 175",
     "Dan=take Eve=bid:0 Ann=take Bob=blind:1 Cat=take", {},
     "2 1 2 3 2", (2, 22, 2, 3, -2), (177, 201, 177, 185, 178)),
    # Ann T took 1: 1; Bob T took 4: 4; Cat X0 took 3: -2x3=-6; Dan B2 made: 10+2=12; Eve T took 0: 0
    (24, "Ann", "lowest score (tied with the last dealer, who just dealt), 177",
     "Bob=take Cat=blind:0 Dan=bid:2 Eve=take Ann=take", {},
     "1 4 3 2 0", (1, 4, -6, 12, 0), (178, 205, 171, 197, 178)),
    # Ann B1 made: 10+1=11; Bob T took 3: 3; Cat X3 made: 20+2x3=26; Dan X2 made: 20+2x2=24; Eve X1 made: 20+2x1=22
    (25, "Cat", "lowest score, 171",
     "Dan=blind:2 Eve=blind:1 Ann=bid:1 Bob=take Cat=blind:3", {},
     "1 3 3 2 1", (11, 3, 26, 24, 22), (189, 208, 197, 221, 200)),
    # Ann B1 made: 10+1=11; Bob B3 took 4: -1; Cat T took 1: 1; Dan B4 made: 10+4=14; Eve X0 made: 20+2x0=20
    (26, "Ann", "lowest score, 189",
     "Bob=bid:3 Cat=take Dan=bid:4 Eve=blind:0 Ann=bid:1", {},
     "1 4 1 4 0", (11, -1, 1, 14, 20), (200, 207, 198, 235, 220)),
    # Ann X1 took 5: -2x4=-8; Bob B1 made: 10+1=11; Cat B0 took 3: -3; Dan T took 0: 0; Eve T took 1: 1
    (27, "Cat", "lowest score, 198",
     "Dan=take Eve=take Ann=blind:1 Bob=bid:1 Cat=bid:0", {"Ann": "blind", "Cat": "bid"},
     "5 1 3 0 1", (-8, 11, -3, 0, 1), (192, 218, 195, 235, 221)),
    # --- round 7: 6 hands (hands 28-33)
    # Ann T took 3: 3; Bob B2 took 0: -2; Cat X3 made: 20+2x3=26; Dan T took 1: 1; Eve X3 made: 20+2x3=26
    (28, "Ann", "lowest score, 192",
     "Bob=bid:2 Cat=blind:3 Dan=take Eve=blind:3 Ann=take", {},
     "3 0 3 1 3", (3, -2, 26, 1, 26), (195, 216, 221, 236, 247)),
    # Ann B1 took 3: -2; Bob B1 made: 10+1=11; Cat B2 took 4: -2; Dan X4 took 2: -2x2=-4; Eve X0 made: 20+2x0=20
    (29, "Bob", "next-lowest score (the lowest just dealt), 216",
     "Cat=bid:2 Dan=blind:4 Eve=blind:0 Ann=bid:1 Bob=bid:1", {},
     "3 1 4 2 0", (-2, 11, -2, -4, 20), (193, 227, 219, 232, 267)),
    # Ann B1 made: 10+1=11; Bob X2 took 3: -2x1=-2; Cat X0 took 4: -2x4=-8; Dan T took 2: 2; Eve B1 took 0: -1
    (30, "Ann", "lowest score, 193",
     "Bob=blind:2 Cat=blind:0 Dan=take Eve=bid:1 Ann=bid:1", {},
     "1 3 4 2 0", (11, -2, -8, 2, -1), (204, 225, 211, 234, 266)),
    # Ann T took 5: 5; Bob X0 took 2: -2x2=-4; Cat T took 1: 1; Dan B0 made: 10+0=10; Eve T took 2: 2
    (31, "Cat", "next-lowest score (the lowest just dealt), 211",
     "Dan=bid:0 Eve=take Ann=take Bob=blind:0 Cat=take", {},
     "5 2 1 0 2", (5, -4, 1, 10, 2), (209, 221, 212, 244, 268)),
    # Ann X4 took 3: -2x1=-2; Bob T took 4: 4; Cat B1 made: 10+1=11; Dan X0 took 1: -2x1=-2; Eve T took 1: 1
    (32, "Ann", "lowest score, 209",
     "Bob=take Cat=bid:1 Dan=blind:0 Eve=take Ann=blind:4", {"Ann": "blind", "Bob": "take"},
     "3 4 1 1 1", (-2, 4, 11, -2, 1), (207, 225, 223, 242, 269)),
    # Ann X1 made: 20+2x1=22; Bob T took 2: 2; Cat T took 2: 2; Dan B2 made: 10+2=12; Eve B2 took 3: -1
    (33, "Cat", "next-lowest score (the lowest just dealt), 223",
     "Dan=bid:2 Eve=bid:2 Ann=blind:1 Bob=take Cat=take", {"Ann": "blind", "Bob": "take", "Cat": "take", "Dan": "bid", "Eve": "bid"},
     "1 2 2 2 3", (22, 2, 2, 12, -1), (229, 227, 225, 254, 268)),
]
# fmt: on


def test_a_whole_5p_game(sk):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    start(sk, names, "Dan", "rounds=6,5,4,3,4,5,6")
    play_sheet(sk, names, GAME_5P, size=10)
    assert_final(sk, ["Eve", "Dan", "Ann", "Bob", "Cat"], [268, 254, 229, 227, 225], "Eve", 33)


# 8 players (6 cards each), rounds 4,5,6; Eve flipped the first Ace.
# fmt: off
GAME_8P = [
    # --- round 1: 4 hands (hands 1-4)
    # Ann T took 0: 0; Bob X0 made: 20+2x0=20; Cat B1 made: 10+1=11; Dan X2 made: 20+2x2=24; Eve B1 took 0: -1; Fay B0 made: 10+0=10; Gus X3 made: 20+2x3=26; Hal B1 took 0: -1
    (1, "Eve", "first dealer",
     "Fay=bid:0 Gus=blind:3 Hal=bid:1 Ann=take Bob=blind:0 Cat=bid:1 Dan=blind:2 Eve=bid:1", {},
     "0 0 1 2 0 0 3 0", (0, 20, 11, 24, -1, 10, 26, -1), (0, 20, 11, 24, -1, 10, 26, -1)),
    # Ann T took 0: 0; Bob X0 took 1: -2x1=-2; Cat B1 made: 10+1=11; Dan X0 made: 20+2x0=20; Eve T took 0: 0; Fay B1 made: 10+1=11; Gus B2 made: 10+2=12; Hal T took 1: 1
    (2, "Hal", "lowest score (tied with the last dealer, who just dealt), -1",
     "Ann=take Bob=blind:0 Cat=bid:1 Dan=blind:0 Eve=take Fay=bid:1 Gus=bid:2 Hal=take", {},
     "0 1 1 0 0 1 2 1", (0, -2, 11, 20, 0, 11, 12, 1), (0, 18, 22, 44, -1, 21, 38, 0)),
    # Ann X1 made: 20+2x1=22; Bob T took 1: 1; Cat X2 made: 20+2x2=24; Dan T took 1: 1; Eve T took 0: 0; Fay T took 1: 1; Gus T took 0: 0; Hal X0 made: 20+2x0=20
    (3, "Eve", "lowest score, -1",
     "Fay=take Gus=take Hal=blind:0 Ann=blind:1 Bob=take Cat=blind:2 Dan=take Eve=take", {},
     "1 1 2 1 0 1 0 0", (22, 1, 24, 1, 0, 1, 0, 20), (22, 19, 46, 45, -1, 22, 38, 20)),
    # Ann B1 took 2: -1; Bob B0 made: 10+0=10; Cat T took 1: 1; Dan B1 made: 10+1=11; Eve X1 made: 20+2x1=22; Fay X2 took 1: -2x1=-2; Gus T took 0: 0; Hal T took 0: 0
    (4, "Bob", "next-lowest score (the lowest just dealt), 19",
     "Cat=take Dan=bid:1 Eve=blind:1 Fay=blind:2 Gus=take Hal=take Ann=bid:1 Bob=bid:0", {"Ann": "bid", "Bob": "bid", "Cat": "take", "Dan": "bid", "Eve": "blind", "Fay": "blind"},
     "2 0 1 1 1 1 0 0", (-1, 10, 1, 11, 22, -2, 0, 0), (21, 29, 47, 56, 21, 20, 38, 20)),
    # --- round 2: 5 hands (hands 5-9)
    # Ann T took 0: 0; Bob T took 1: 1; Cat X1 made: 20+2x1=22; Dan B0 took 1: -1; Eve T took 1: 1; Fay X2 made: 20+2x2=24; Gus X0 made: 20+2x0=20; Hal X0 made: 20+2x0=20
    (5, "Fay", "lowest score (tied; first from the last dealer's left), 20",
     "Gus=blind:0 Hal=blind:0 Ann=take Bob=take Cat=blind:1 Dan=bid:0 Eve=take Fay=blind:2", {},
     "0 1 1 1 1 2 0 0", (0, 1, 22, -1, 1, 24, 20, 20), (21, 30, 69, 55, 22, 44, 58, 40)),
    # Ann B1 took 2: -1; Bob X0 made: 20+2x0=20; Cat T took 0: 0; Dan B0 took 2: -2; Eve X2 took 1: -2x1=-2; Fay X2 took 1: -2x1=-2; Gus X0 made: 20+2x0=20; Hal B0 made: 10+0=10
    (6, "Ann", "lowest score, 21",
     "Bob=blind:0 Cat=take Dan=bid:0 Eve=blind:2 Fay=blind:2 Gus=blind:0 Hal=bid:0 Ann=bid:1", {},
     "2 0 0 2 1 1 0 0", (-1, 20, 0, -2, -2, -2, 20, 10), (20, 50, 69, 53, 20, 42, 78, 50)),
    # Ann B1 made: 10+1=11; Bob T took 1: 1; Cat X2 made: 20+2x2=24; Dan X0 made: 20+2x0=20; Eve X0 made: 20+2x0=20; Fay B0 made: 10+0=10; Gus T took 2: 2; Hal X0 made: 20+2x0=20
    (7, "Eve", "lowest score (tied with the last dealer, who just dealt), 20",
     "Fay=bid:0 Gus=take Hal=blind:0 Ann=bid:1 Bob=take Cat=blind:2 Dan=blind:0 Eve=blind:0", {},
     "1 1 2 0 0 0 2 0", (11, 1, 24, 20, 20, 10, 2, 20), (31, 51, 93, 73, 40, 52, 80, 70)),
    # Ann T took 0: 0; Bob X2 took 1: -2x1=-2; Cat B0 made: 10+0=10; Dan T took 1: 1; Eve T took 1: 1; Fay B0 took 1: -1; Gus B2 took 1: -1; Hal T took 1: 1
    (8, "Ann", "lowest score, 31",
     "Bob=blind:2 Cat=bid:0 Dan=take Eve=take Fay=bid:0 Gus=bid:2 Hal=take Ann=take", {},
     "0 1 0 1 1 1 1 1", (0, -2, 10, 1, 1, -1, -1, 1), (31, 49, 103, 74, 41, 51, 79, 71)),
    # Ann X0 made: 20+2x0=20; Bob B0 made: 10+0=10; Cat T took 1: 1; Dan T took 0: 0; Eve B1 made: 10+1=11; Fay T took 1: 1; Gus B3 made: 10+3=13; Hal B1 took 0: -1
    (9, "Eve", "next-lowest score (the lowest just dealt), 41",
     "Fay=take Gus=bid:3 Hal=bid:1 Ann=blind:0 Bob=bid:0 Cat=take Dan=take Eve=bid:1", {"Ann": "blind", "Bob": "bid", "Eve": "bid", "Fay": "take"},
     "0 0 1 0 1 1 3 0", (20, 10, 1, 0, 11, 1, 13, -1), (51, 59, 104, 74, 52, 52, 92, 70)),
    # --- round 3: 6 hands (hands 10-15)
    # Ann T took 2: 2; Bob T took 0: 0; Cat B0 made: 10+0=10; Dan B1 made: 10+1=11; Eve T took 0: 0; Fay X2 made: 20+2x2=24; Gus T took 1: 1; Hal X1 took 0: -2x1=-2
    (10, "Ann", "lowest score, 51",
     "Bob=take Cat=bid:0 Dan=bid:1 Eve=take Fay=blind:2 Gus=take Hal=blind:1 Ann=take", {},
     "2 0 0 1 0 2 1 0", (2, 0, 10, 11, 0, 24, 1, -2), (53, 59, 114, 85, 52, 76, 93, 68)),
    # Ann T took 1: 1; Bob X0 made: 20+2x0=20; Cat X2 made: 20+2x2=24; Dan X0 made: 20+2x0=20; Eve X2 took 0: -2x2=-4; Fay B0 made: 10+0=10; Gus X2 made: 20+2x2=24; Hal B0 took 1: -1
    (11, "Eve", "lowest score, 52",
     "Fay=bid:0 Gus=blind:2 Hal=bid:0 Ann=take Bob=blind:0 Cat=blind:2 Dan=blind:0 Eve=blind:2", {},
     "1 0 2 0 0 0 2 1", (1, 20, 24, 20, -4, 10, 24, -1), (54, 79, 138, 105, 48, 86, 117, 67)),
    # Ann X0 took 1: -2x1=-2; Bob T took 1: 1; Cat B0 made: 10+0=10; Dan X0 made: 20+2x0=20; Eve X2 took 0: -2x2=-4; Fay X2 made: 20+2x2=24; Gus B1 made: 10+1=11; Hal X1 made: 20+2x1=22
    (12, "Ann", "next-lowest score (the lowest just dealt), 54",
     "Bob=take Cat=bid:0 Dan=blind:0 Eve=blind:2 Fay=blind:2 Gus=bid:1 Hal=blind:1 Ann=blind:0", {},
     "1 1 0 0 0 2 1 1", (-2, 1, 10, 20, -4, 24, 11, 22), (52, 80, 148, 125, 44, 110, 128, 89)),
    # Ann B0 made: 10+0=10; Bob B0 made: 10+0=10; Cat T took 1: 1; Dan T took 2: 2; Eve T took 1: 1; Fay T took 0: 0; Gus X4 took 1: -2x3=-6; Hal B1 made: 10+1=11
    (13, "Eve", "lowest score, 44",
     "Fay=take Gus=blind:4 Hal=bid:1 Ann=bid:0 Bob=bid:0 Cat=take Dan=take Eve=take", {},
     "0 0 1 2 1 0 1 1", (10, 10, 1, 2, 1, 0, -6, 11), (62, 90, 149, 127, 45, 110, 122, 100)),
    # Ann X0 made: 20+2x0=20; Bob B0 made: 10+0=10; Cat X0 made: 20+2x0=20; Dan T took 2: 2; Eve B0 made: 10+0=10; Fay B0 took 2: -2; Gus B0 took 1: -1; Hal T took 1: 1
    (14, "Ann", "next-lowest score (the lowest just dealt), 62",
     "Bob=bid:0 Cat=blind:0 Dan=take Eve=bid:0 Fay=bid:0 Gus=bid:0 Hal=take Ann=blind:0", {"Eve": "bid", "Hal": "take"},
     "0 0 0 2 0 2 1 1", (20, 10, 20, 2, 10, -2, -1, 1), (82, 100, 169, 129, 55, 108, 121, 101)),
    # Ann B0 made: 10+0=10; Bob X0 made: 20+2x0=20; Cat T took 0: 0; Dan B0 made: 10+0=10; Eve B2 took 0: -2; Fay T took 2: 2; Gus T took 3: 3; Hal T took 1: 1
    (15, "Eve", "lowest score, 55",
     "Fay=take Gus=take Hal=take Ann=bid:0 Bob=blind:0 Cat=take Dan=bid:0 Eve=bid:2", {"Ann": "bid", "Bob": "blind", "Cat": "take", "Dan": "bid", "Eve": "bid", "Fay": "take", "Gus": "take", "Hal": "take"},
     "0 0 0 0 0 2 3 1", (10, 20, 0, 10, -2, 2, 3, 1), (92, 120, 169, 139, 53, 110, 124, 102)),
]
# fmt: on


def test_a_whole_8p_game(sk):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    start(sk, names, "Eve", "rounds=4,5,6")
    play_sheet(sk, names, GAME_8P, size=6)
    assert_final(
        sk,
        ["Cat", "Dan", "Gus", "Bob", "Fay", "Hal", "Ann", "Eve"],
        [169, 139, 124, 120, 110, 102, 92, 53],
        "Cat",
        15,
    )


# --- set-up ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "cards"), [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7), (8, 6)])
def test_cards_each_leave_one_over_and_the_default_is_three_rounds_of_four(sk, count, cards):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:count]
    start(sk, names, names[-1])
    state = status(sk)
    assert state["cards"] == cards  # §3: floor(51 / players)
    assert cards * count < 52  # at least one card is left over to turn up for trump
    assert state["hands_planned"] == 12  # three canonical rounds of 4 hands
    assert state["round"] == {"number": 1, "of": 3, "hand": 1, "hands": 4}
    assert state["order"] == names  # the last seat deals, so picking starts at the first seat
    assert state["leader"] == names[0]
    assert state["needs"] == ["trump", "poisons", "tricks"]
    assert state["legal"] == {name: ["bid", "blind", "take"] for name in names}
    assert state["forced"] == {} and state["forced_blind"] == []


def test_status_text_shows_the_round_the_picking_order_and_what_each_may_pick(sk):
    start(sk, ["Ann", "Bob", "Cat", "Dan"], "Bob", "rounds=5,3")
    text = sk("status")
    assert "Pick Your Poison — hand 1 of 8" in text
    assert "Bob deals: first dealer; 12 cards each" in text
    assert "Picking order: Cat, Dan, Ann, Bob" in text
    assert "Round 1 of 2: hand 1 of 5" in text
    assert "May pick: Cat bid/blind/take; Dan bid/blind/take; Ann bid/blind/take; Bob bid/blind/take" in text
    assert "Leads: Cat" in text
    sk("poison", "Cat=blind:2", "Dan=take")
    text = sk("status")
    assert "Poisons: Cat blind 2, Dan take" in text
    assert "May pick: Ann bid/blind/take; Bob bid/blind/take" in text


def test_the_player_count_is_three_to_eight(sk):
    err = sk.fails("new", RULESET, "--players", "Ann,Bob")
    assert err == "refused: pick-your-poison is for 3-8 players, not 2; name 3 to 8 players with --players"
    err = sk.fails("new", RULESET, "--players", "A,B,C,D,E,F,G,H,I")
    assert err == "refused: pick-your-poison is for 3-8 players, not 9; name 3 to 8 players with --players"


def test_rounds_are_a_comma_list_of_at_least_three_hands(sk):
    err = sk.fails("new", RULESET, "--players", "Ann,Bob,Cat", "--set", "rounds=4,x", code=2)
    assert err == "error: --set rounds: write whole numbers separated by commas, e.g. 4,5,6"
    err = sk.fails("new", RULESET, "--players", "Ann,Bob,Cat", "--set", "rounds=4,2")
    assert err.startswith("refused: ") and err.endswith(
        "pick-your-poison.toml with rounds=4,2: poisons.rounds: every round needs at least 3 hands, one per poison"
    )
    start(sk, ["Ann", "Bob", "Cat"], "Ann", "rounds=6,5,4,3,4,5,6")
    assert status(sk)["hands_planned"] == 33
    assert status(sk)["round"] == {"number": 1, "of": 7, "hand": 1, "hands": 6}


# --- bad input: one line each, nothing recorded --------------------------------------------


def test_each_bad_entry_is_one_line_and_records_nothing(sk):
    start(sk, ["Ann", "Bob", "Cat"], "Cat")  # Ann picks first, 17 cards each
    sk("trump", "spades")
    before = status(sk), sk("log")
    assert sk.fails("poison", "Ann=take:2", code=2) == "error: 'take' has no number; write Ann=take"
    assert sk.fails("poison", "Ann=bid", code=2) == "error: 'bid' needs the number of tricks; write Ann=bid:N"
    assert (
        sk.fails("poison", "Ann=blind:", code=2)
        == "error: 'blind' needs the number of tricks; write Ann=blind:N"
    )
    assert (
        sk.fails("poison", "Ann=bid:two", code=2)
        == "error: Ann's bid 'two' is not a whole number; write Ann=bid:N"
    )
    assert sk.fails("poison", "Ann=pass", code=2) == (
        "error: Ann's poison 'pass' is not bid:N, blind:N or take (or N, bN, t for short); "
        "write e.g. Ann=2, Ann=b1 or Ann=t"
    )
    assert sk.fails("poison", "Ann=bid:18") == (
        "refused: Ann's bid of 18 is more than hand 1's 17 cards each; bid 0 to 17"
    )
    assert sk.fails("poison", "Ann=blind:20") == (
        "refused: Ann's blind bid of 20 is more than hand 1's 17 cards each; bid 0 to 17"
    )
    assert sk.fails("poison", "Ann=bid:-1") == "refused: Ann's bid of -1 is below 0; bid 0 to 17"
    assert sk.fails("poison", "Bob=take") == (
        "refused: poisons are picked in turn from the dealer's left (Ann, Bob, Cat); Ann picks before Bob: "
        "record Ann's poison first, or everyone's at once"
    )
    assert sk.fails("poison", "take", "take") == (
        "refused: 2 poisons for 3 players; give one per player in seating order (Ann, Bob, Cat) or use NAME=VALUE"
    )
    assert sk.fails("tricks", "5", "5", "7") == (
        "refused: record the poisons before the tricks: Ann, Bob, Cat have not picked"
    )
    assert sk.fails("renege", "Ann", "--kind", "peek") == (
        "refused: Ann is not forced to bid blind in hand 1, so looking at the cards is no renege "
        "(Ann just may not pick blind after looking); for failing to follow suit use --kind revoke"
    )
    assert (
        sk.fails("renege", "Ann", "--kind", "look")
        == "refused: no renege kind 'look' here; use --kind revoke or peek"
    )
    assert sk.fails("bid", "1", "2", "3") == "refused: pick-your-poison has poisons with `poison`"
    assert (status(sk), sk("log")) == before
    sk("poison", "bid:3", "take", "blind:2")  # bare values in seating order: all at once
    before = status(sk), sk("log")
    assert sk.fails("tricks", "3", "10", "3") == (
        "refused: tricks total 16 but hand 1 has 17 tricks (1 too few); check the count"
    )
    assert sk.fails("tricks", "3", "10", "5") == (
        "refused: tricks total 18 but hand 1 has 17 tricks (1 too many); check the count"
    )
    assert (status(sk), sk("log")) == before


def test_poisons_belong_to_pick_your_poison_only(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk.fails("poison", "Ann=take") == "refused: oh-hell-mrpikes has bids: record them with `bid`"
    assert "legal" not in status(sk)


def test_a_pick_may_be_corrected_until_the_tricks_and_undone(sk):
    start(sk, ["Ann", "Bob", "Cat"], "Cat")
    sk("trump", "QS")
    out = sk("poison", "Ann=bid:3")
    assert "poisons Ann bid 3.\nBob picks next (bid, blind or take)." in out
    sk("poison", "Ann=bid:4")  # a correction, still in order
    assert status(sk)["poisons"] == {"Ann": {"kind": "bid", "bid": 4}}
    sk("poison", "Bob=take")
    sk("undo")
    assert status(sk)["poisons"] == {"Ann": {"kind": "bid", "bid": 4}}
    sk("poison", "Bob=take", "Cat=blind:1")
    sk("tricks", "4", "12", "1")  # Ann B4 made: 14; Bob T: 12; Cat X1 made: 22
    assert scores(sk) == {"Ann": 14, "Bob": 12, "Cat": 22}
    assert sk.fails("poison", "Ann=take") == (
        "refused: poisons are picked in turn from the dealer's left (Cat, Ann, Bob); Cat picks before Ann: "
        "record Cat's poison first, or everyone's at once"
    )  # hand 2: Bob (12, the lowest; Cat just dealt) deals, so Cat picks first


# --- forced picks --------------------------------------------------------------------------


def test_every_kind_of_forced_pick_in_a_round_of_four_then_a_round_of_three(sk):
    names = ["Ann", "Bob", "Cat"]
    start(sk, names, "Cat", "rounds=4,3")
    # hand 1, Cat deals. Ann B5 made: 15; Bob X4 made: 20+8=28; Cat B6 took 8: -2
    sk("trump", "hearts")
    sk("poison", "Ann=bid:5", "Bob=blind:4", "Cat=bid:6")
    sk("tricks", "5", "4", "8")
    assert scores(sk) == {"Ann": 15, "Bob": 28, "Cat": -2}
    # hand 2: Cat is lowest but just dealt, so Ann (15, next-lowest) deals; Bob picks first.
    # Ann B3 made: 13; Bob X2 made: 24; Cat X4 took 12: -2x8=-16
    assert (status(sk)["dealer"], status(sk)["dealer_reason"]) == (
        "Ann",
        "next-lowest score (the lowest just dealt), 15",
    )
    sk("trump", "clubs")
    sk("poison", "Bob=blind:2", "Cat=blind:4", "Ann=bid:3")
    sk("tricks", "3", "2", "12")
    assert scores(sk) == {"Ann": 28, "Bob": 52, "Cat": -18}
    # hand 3: Cat (-18, lowest) deals. Two hands left in the round: Ann has Bid twice (the
    # most in a 4-hand round), Bob Blind Bid twice; Cat may still pick anything.
    state = status(sk)
    assert (state["dealer"], state["dealer_reason"]) == ("Cat", "lowest score, -18")
    assert state["legal"] == {
        "Ann": ["blind", "take"],
        "Bob": ["bid", "take"],
        "Cat": ["bid", "blind", "take"],
    }
    assert state["forced"] == {} and state["forced_blind"] == []
    assert state["round_picks"]["Ann"] == {"bid": 2, "blind": 0, "take": 0}
    sk("trump", "d")
    assert sk.fails("poison", "Ann=bid:2", "Bob=take", "Cat=blind:1") == (
        "refused: Ann has already picked Bid twice this round (at most 2 in a 4-hand round); Ann may pick blind or take"
    )
    # Ann T: 10; Bob T: 6; Cat X1 made: 22
    sk("poison", "Ann=take", "Bob=take", "Cat=blind:1")
    closing = sk("tricks", "10", "6", "1")
    assert scores(sk) == {"Ann": 38, "Bob": 58, "Cat": 4}
    # hand 4, the round's last: every player is forced. Ann (B2 T1) must still pick Blind Bid,
    # Bob (X2 T1) Bid, Cat (B1 X2) Take. Cat is lowest but just dealt: Ann (38) deals.
    assert "Ann deals: next-lowest score (the lowest just dealt), 38." in closing
    assert "WARNING: Ann must bid blind: Ann, do not pick up your cards" in closing
    assert "WARNING: Bob" not in closing and "WARNING: Cat" not in closing
    state = status(sk)
    assert state["legal"] == {"Ann": ["blind"], "Bob": ["bid"], "Cat": ["take"]}
    assert state["forced"] == {"Ann": "blind", "Bob": "bid", "Cat": "take"}
    assert state["forced_blind"] == ["Ann"]
    text = sk("status")
    assert text.splitlines()[1] == "WARNING: Ann must bid blind: Ann, do not pick up your cards"
    assert "May pick: Bob bid (forced); Cat take (forced); Ann blind (forced)" in text
    sk("trump", "7h")
    assert sk.fails("poison", "Bob=bid:2", "Cat=take", "Ann=take") == (
        "refused: Ann must still pick blind in the 1 hand left in this round; Ann may pick blind only"
    )
    assert sk.fails("poison", "Bob=blind:1") == (
        "refused: Bob has already picked Blind Bid twice this round (at most 2 in a 4-hand round); Bob may pick bid only"
    )
    assert sk.fails("poison", "Bob=bid:2", "Cat=bid:1") == (
        "refused: Cat must still pick take in the 1 hand left in this round; Cat may pick take only"
    )
    # Peeking is a renege only for the forced blind bidder (§3), once a hand, -4 at once.
    assert sk.fails("renege", "Bob", "--kind", "peek") == (
        "refused: Bob is not forced to bid blind in hand 4, so looking at the cards is no renege "
        "(Bob just may not pick blind after looking); for failing to follow suit use --kind revoke"
    )
    assert "renege by Ann (peek): -4 points." in sk(
        "renege", "Ann", "--kind", "peek", "--note", "lifted her cards"
    )
    assert scores(sk)["Ann"] == 34  # 38 - 4, before the hand is over
    assert sk.fails("renege", "Ann", "--kind", "peek") == (
        "refused: Ann's peek renege is already recorded for hand 4; it counts once a hand"
    )
    out = sk("poison", "Bob=bid:2")
    assert "Cat picks next (take only)." in out
    assert "WARNING: Ann must bid blind: Ann, do not pick up your cards" in out
    sk("poison", "Cat=take", "Ann=blind:3")  # having peeked, Ann still plays Blind Bid (§3)
    state = status(sk)
    assert state["forced_blind"] == []  # her bid is stated: she may pick up her cards now
    assert state["forced"] == {"Ann": "blind", "Bob": "bid", "Cat": "take"}
    # Ann X3 made: 26 (-4 peek: 22 this hand); Bob B2 made: 12; Cat T: 12
    closing = sk("tricks", "3", "2", "12")
    assert scores(sk) == {"Ann": 60, "Bob": 70, "Cat": 16}
    assert "Round 1 is complete; every poison's count starts again." in closing
    assert "Cat deals: lowest score, 16." in closing
    sheet = sk("sheet")
    assert "blind 3 took 3 +26, renege -4 → 22" in sheet  # the peek is in the hand's row
    assert "      end of round 1" in sheet  # the sheet marks where the round ends
    # --- round 2: 3 hands, each poison exactly once (min 1, max ceil(3/3) = 1)
    state = status(sk)
    assert state["round"] == {"number": 2, "of": 2, "hand": 1, "hands": 3}
    assert state["legal"] == {name: ["bid", "blind", "take"] for name in names}
    # hand 5, Cat deals: Ann T: 9; Bob B4 made: 14; Cat X0 took 4: -8
    sk("trump", "s")
    sk("poison", "Ann=take", "Bob=bid:4", "Cat=blind:0")
    sk("tricks", "9", "4", "4")
    assert scores(sk) == {"Ann": 69, "Bob": 84, "Cat": 8}
    # hand 6: Cat lowest, just dealt: Ann (69) deals
    state = status(sk)
    assert (state["dealer"], state["dealer_reason"]) == (
        "Ann",
        "next-lowest score (the lowest just dealt), 69",
    )
    assert state["legal"] == {"Ann": ["bid", "blind"], "Bob": ["blind", "take"], "Cat": ["bid", "take"]}
    sk("trump", "h")
    assert sk.fails("poison", "Bob=take", "Cat=bid:0", "Ann=take") == (
        "refused: Ann has already picked Take once this round (at most 1 in a 3-hand round); Ann may pick bid or blind"
    )
    # Ann B5 made: 15; Bob T: 12; Cat B0 made: 10
    sk("poison", "Bob=take", "Cat=bid:0", "Ann=bid:5")
    closing = sk("tricks", "5", "12", "0")
    assert scores(sk) == {"Ann": 84, "Bob": 96, "Cat": 18}
    # hand 7: two forced blind bidders, warned in the closing summary and in status
    assert "Cat deals: lowest score, 18." in closing
    assert "WARNING: Ann must bid blind: Ann, do not pick up your cards" in closing
    assert "WARNING: Bob must bid blind: Bob, do not pick up your cards" in closing
    state = status(sk)
    assert state["forced"] == {"Ann": "blind", "Bob": "blind", "Cat": "take"}
    assert state["forced_blind"] == ["Ann", "Bob"]
    # Ann X6 made: 32; Bob X6 took 4: -4; Cat T: 7
    sk("trump", "c")
    sk("poison", "Ann=blind:6", "Bob=blind:6", "Cat=take")
    closing = sk("tricks", "6", "4", "7")
    assert "Game over: Ann wins." in closing and "WARNING" not in closing
    assert_final(sk, ["Ann", "Bob", "Cat"], [116, 92, 25], "Ann", 7)


def test_undoing_the_hand_that_forced_a_blind_bid_lifts_the_warning(sk):
    start(sk, ["Ann", "Bob", "Cat"], "Cat", "rounds=3")
    sk("trump", "hearts")
    sk("poison", "Ann=bid:2", "Bob=take", "Cat=blind:1")  # Ann B2 made 12; Bob T 14; Cat X1 made 22
    sk("tricks", "2", "14", "1")
    sk("trump", "hearts")  # hand 2: Ann (12, lowest) deals; Bob, Cat, Ann pick
    sk("poison", "Bob=bid:0", "Cat=bid:1", "Ann=take")  # each poison once in a 3-hand round:
    closing = sk("tricks", "16", "0", "1")  # Ann T 16; Bob B0 made 10; Cat B1 made 11
    # Ann (Bid, Take) and Bob (Take, Bid) have only Blind Bid left; Cat only Take
    assert "WARNING: Ann must bid blind: Ann, do not pick up your cards" in closing
    assert "WARNING: Bob must bid blind: Bob, do not pick up your cards" in closing
    assert status(sk)["forced_blind"] == ["Ann", "Bob"]
    assert status(sk)["forced"] == {"Ann": "blind", "Bob": "blind", "Cat": "take"}
    sk("undo")  # the tricks of hand 2: the hand reopens, and no one is forced in it
    state = status(sk)
    assert (state["hand"], state["forced_blind"], state["forced"]) == (2, [], {})
    assert "WARNING" not in sk("status")


def test_the_quota_options_change_what_a_six_hand_round_allows(sk):
    def two_takes():
        for _ in range(2):  # Ann takes twice; the deal moves but everyone picks all at once
            sk("trump", "spades")
            sk("poison", "Ann=take", "Bob=bid:0", "Cat=blind:0")
            sk("tricks", "17", "0", "0")

    start(sk, ["Ann", "Bob", "Cat"], "Cat", "rounds=6")
    two_takes()
    assert status(sk)["legal"]["Ann"] == ["bid", "blind"]  # exactly two of each (§3)
    sk(
        "new",
        RULESET,
        "--players",
        "Ann,Bob,Cat",
        "--dealer",
        "Cat",
        "--set",
        "rounds=6",
        "--set",
        "round6=1-3",
    )
    two_takes()
    assert status(sk)["legal"]["Ann"] == ["bid", "blind", "take"]


def test_the_tally_values_are_options(sk):
    start(
        sk, ["Ann", "Bob", "Cat"], "Cat",
        "bid_made_base=5", "bid_made_per_bid=2", "blind_made_base=30", "take_per_trick=2",
    )  # fmt: skip
    sk("trump", "hearts")
    sk("poison", "Ann=bid:3", "Bob=blind:1", "Cat=take")
    sk("tricks", "3", "1", "13")
    # Ann B3 made: 5 + 2x3 = 11; Bob X1 made: 30 + 2x1 = 32; Cat T: 2 x 13 = 26
    assert scores(sk) == {"Ann": 11, "Bob": 32, "Cat": 26}
    start(sk, ["Ann", "Bob", "Cat"], "Cat", "bid_missed_per_off=-3", "blind_missed_per_off=-5", "renege=-7")
    sk("trump", "hearts")
    sk("poison", "Ann=bid:3", "Bob=blind:1", "Cat=take")
    sk("renege", "Cat", "--kind", "revoke")
    sk("tricks", "5", "2", "10")
    # Ann B3 took 5: -3 x 2 = -6; Bob X1 took 2: -5 x 1 = -5; Cat T: 10, revoke -7 = 3
    assert scores(sk) == {"Ann": -6, "Bob": -5, "Cat": 3}


# --- reneges -------------------------------------------------------------------------------


def test_a_revoke_costs_four_at_once_at_any_time_in_the_hand(sk):
    start(sk, ["Ann", "Bob", "Cat"], "Cat")
    sk("renege", "Bob", "--kind", "revoke", "--note", "before anyone picked")
    assert scores(sk) == {"Ann": 0, "Bob": -4, "Cat": 0}
    sk("trump", "spades")
    sk("poison", "take", "take", "take")
    sk("renege", "Bob")  # the first kind, revoke, is the default
    assert scores(sk) == {"Ann": 0, "Bob": -8, "Cat": 0}
    out = sk("tricks", "5", "6", "6")  # T: 5, 6, 6; Bob's hand: 6 - 4 - 4 = -2
    bob = next(line.split() for line in out.splitlines() if line.startswith("Bob "))
    # the hand's row says it item by item: take 6 (one a trick), two reneges, then the hand's -2
    assert bob == ["Bob", "take", "took", "6", "+6,", "renege", "-4,", "renege", "-4", "→", "-2", "-2"]
    assert scores(sk) == {"Ann": 5, "Bob": -2, "Cat": 6}
    hands = json.loads(sk("sheet", "--format", "json"))["hands"]
    assert hands[0]["points"] == {"Ann": 5, "Bob": -2, "Cat": 6}
    reneges = [line for line in sk("sheet").splitlines() if "renege by" in line]
    assert len(reneges) == 2 and all("Bob" in line and "-4" in line for line in reneges), reneges
    why = sk("why", "Bob")
    assert why.count("renege (revoke: failed to follow suit when able) → -4") == 2, why


# --- passing the deal ----------------------------------------------------------------------


def test_the_deal_goes_to_the_lowest_score_with_ties_and_the_just_dealt_case(sk):
    names = ["Ann", "Bob", "Cat", "Dan"]
    start(sk, names, "Cat", "rounds=4,4")  # 12 cards each
    # hand 1, Cat deals: all Take. Ann 4, Bob 2, Cat 4, Dan 2
    sk("trump", "spades")
    sk("poison", "Dan=take", "Ann=take", "Bob=take", "Cat=take")
    closing = sk("tricks", "4", "2", "4", "2")
    # Bob and Dan tie at 2; going clockwise from Cat's left, Dan comes before Bob
    assert "Dan deals: lowest score (tied; first from the last dealer's left), 2." in closing
    assert status(sk)["dealer"] == "Dan"
    assert "Dan deals: lowest score (tied; first from the last dealer's left), 2; 12 cards each" in sk(
        "status"
    )
    # hand 2, Dan deals: all Take again. Ann 3, Bob 4, Cat 4, Dan 1 -> 7, 6, 8, 3
    sk("trump", "spades")
    sk("poison", "Ann=take", "Bob=take", "Cat=take", "Dan=take")
    closing = sk("tricks", "3", "4", "4", "1")
    # Dan is lowest but just dealt: the next-lowest, Bob, deals
    assert "Bob deals: next-lowest score (the lowest just dealt), 6." in closing
    # hand 3, Bob deals; each has Take twice, so Bid or Blind Bid only.
    # Ann B3 made: 13; Bob X4 took 2: -4; Cat B5 made: 15; Dan B1 took 2: -1 -> 20, 2, 23, 2
    sk("trump", "spades")
    assert sk.fails("poison", "Cat=bid:5", "Dan=bid:1", "Ann=take", "Bob=blind:4") == (
        "refused: Ann has already picked Take twice this round (at most 2 in a 4-hand round); Ann may pick bid or blind"
    )
    sk("poison", "Cat=bid:5", "Dan=bid:1", "Ann=bid:3", "Bob=blind:4")
    closing = sk("tricks", "3", "2", "5", "2")
    assert scores(sk) == {"Ann": 20, "Bob": 2, "Cat": 23, "Dan": 2}
    # Bob, who just dealt, ties Dan for the lowest: Dan deals
    assert "Dan deals: lowest score (tied with the last dealer, who just dealt), 2." in closing
    # hand 4, Dan deals: Bob must Bid; the other three must Blind Bid
    for name in ("Ann", "Cat", "Dan"):
        assert f"WARNING: {name} must bid blind: {name}, do not pick up your cards" in closing
    state = status(sk)
    assert state["forced"] == {"Ann": "blind", "Bob": "bid", "Cat": "blind", "Dan": "blind"}
    assert state["forced_blind"] == ["Ann", "Cat", "Dan"]
    # Ann X2 made: 24; Bob B3 took 1: -2; Cat X0 made: 20; Dan X6 took 9: -6 -> 44, 0, 43, -4
    sk("trump", "spades")
    sk("poison", "Ann=blind:2", "Bob=bid:3", "Cat=blind:0", "Dan=blind:6")
    closing = sk("tricks", "2", "1", "0", "9")
    assert scores(sk) == {"Ann": 44, "Bob": 0, "Cat": 43, "Dan": -4}
    assert "Bob deals: next-lowest score (the lowest just dealt), 0." in closing
    state = status(sk)
    assert state["round"] == {"number": 2, "of": 2, "hand": 1, "hands": 4}
    assert state["legal"] == {name: ["bid", "blind", "take"] for name in names}


# (totals by seat, last dealer's seat) -> (next dealer's seat, why)
DEALS = [
    (([5, 3, 8, 3], 0), (1, "lowest score (tied; first from the last dealer's left)")),
    (([5, 3, 8, 3], 2), (3, "lowest score (tied; first from the last dealer's left)")),  # Dan before Bob
    (([5, 3, 8, 4], 0), (1, "lowest score")),
    (
        ([1, 5, 9, 5], 0),
        (1, "next-lowest score (the lowest just dealt; tied; first from the last dealer's left)"),
    ),
    (([1, 5, 9, 5], 2), (0, "lowest score")),
    (([1, 5, 9, 6], 0), (1, "next-lowest score (the lowest just dealt)")),
    (([2, 2, 9], 0), (1, "lowest score (tied with the last dealer, who just dealt)")),
    (
        ([2, 2, 2], 1),
        (2, "lowest score (tied with the last dealer, who just dealt; first from the last dealer's left)"),
    ),
    (([-3, 7, -3, 7, 0], 4), (0, "lowest score (tied; first from the last dealer's left)")),
    (([-3, 7, -3, 7, 0], 1), (2, "lowest score (tied; first from the last dealer's left)")),
]


@pytest.mark.parametrize(("given", "wanted"), DEALS)
def test_the_deal_passing_rule(given, wanted):
    totals, last = given
    assert schedule.lowest_score_dealer([Fraction(t) for t in totals], last, "highest") == wanted


def test_a_tie_for_first_after_the_agreed_rounds_is_a_shared_win(sk):
    start(sk, ["Ann", "Bob", "Cat"], "Cat", "rounds=3")  # one round of 3: each poison once
    # hand 1, Cat deals: all Take 6, 6, 5
    sk("trump", "s")
    sk("poison", "take", "take", "take")
    sk("tricks", "6", "6", "5")
    # hand 2: Cat is lowest but just dealt; Ann and Bob tie at 6, Ann nearest Cat's left.
    # Ann B6 made: 16; Bob B6 made: 16; Cat B5 made: 15 -> 22, 22, 20
    assert status(sk)["dealer"] == "Ann"
    sk("trump", "s")
    sk("poison", "Bob=bid:6", "Cat=bid:5", "Ann=bid:6")
    sk("tricks", "6", "6", "5")
    # hand 3: Cat (20) deals; everyone must bid blind.
    # Ann X5 made: 30; Bob X5 made: 30; Cat X6 took 7: -2 -> 52, 52, 18
    assert status(sk)["forced_blind"] == ["Ann", "Bob", "Cat"]
    sk("trump", "s")
    sk("poison", "Ann=blind:5", "Bob=blind:5", "Cat=blind:6")
    closing = sk("tricks", "5", "5", "7")
    assert "Game over: a shared win for Ann and Bob." in closing
    standings = sk.json("standings")
    assert (standings["finished"], standings["winner"], standings["winners"]) == (True, None, ["Ann", "Bob"])
    assert [(p["name"], p["score"], p["place"]) for p in standings["players"]] == [
        ("Ann", 52, 1),
        ("Bob", 52, 1),
        ("Cat", 18, 3),
    ]


# --- the face-up card, always a trump, and the order of bare values ----------------------------


def test_the_face_up_card_is_not_the_dealers_and_there_is_always_a_trump(sk):
    # seeds/pick-your-poison.txt: the dealer flips a left-over card whose suit is trump, and it
    # "is not part of the dealer's hand" (RULES.md §3: never played; `trump none` is refused)
    start(sk, ["Ann", "Bob", "Cat", "Dan"], "Ann")  # 12 each; Bob leads
    assert sk.fails("trump", "none") == (
        "refused: Pick Your Poison always has a trump, the suit of the card turned up; record it, "
        "e.g. `trump hearts` or `trump 7h`"
    )
    sk("trump", "QS")
    sk("poison", "Bob=take", "Cat=take", "Dan=take", "Ann=take")
    assert sk.fails("trick", "2S", "3S", "QS", "4S") == (
        "refused: Q♠ is the card turned up for this hand: it is nobody's and is not played to a trick; check the cards"
    )
    assert sk.json("trick", "2S", "3S", "KS", "4S")["winner"] == "Dan"


def test_bare_picks_are_in_seating_order_and_every_reply_says_so(sk):
    # RULES.md §3: players pick from the dealer's left, the dealer last; the command contract
    # reads bare values in seating order. Help and status say which, the reply names everyone.
    start(sk, ["Ann", "Bob", "Cat", "Dan"], "Bob")  # picking order Cat, Dan, Ann, Bob
    assert "Picking order: Cat, Dan, Ann, Bob (bare values go in seating order: Ann, Bob, Cat, Dan)" in sk("status")
    help_text = " ".join(sk("poison", "--help").split())
    assert "bare values in seating order (the order of --players, not the picking order)" in help_text
    sk("trump", "h")
    # typed as announced would be Cat's blind 2 first; bare values are Ann, Bob, Cat, Dan
    out = sk("poison", "bid:3", "take", "blind:2", "bid:1")
    assert out.splitlines()[0] == "Hand 1: poisons Cat blind 2, Dan bid 1, Ann bid 3, Bob take."
    sk("tricks", "3", "4", "2", "3")
    # Ann bid 3 took 3: 13; Bob take 4: 4; Cat blind 2 took 2: 20 + 4 = 24; Dan bid 1 took 3: -2
    assert scores(sk) == {"Ann": 13, "Bob": 4, "Cat": 24, "Dan": -2}
