"""Whole games of Spades (RULES.md §7, ruleset `spades`), through the command line.

Players are given as Ann, Bob, Cat, Dan, so Ann & Cat play Bob & Dan (partners opposite).
Every number below was worked out by hand from §7:
  contract   = the sum of a side's numeric bids (a nil adds nothing)
  made       → 10 × contract + 1 per trick over it (each a bag)
  set        → -10 × contract
  nil        → ±100, blind nil ±200; a nil bidder's tricks are bags for the side
  bags       every 10 a side gathers cost 100, and 10 come off
  end        a side at 500 or more, or at -200 or less; a tie at the target plays on
Each player's score is their side's.
"""

from helpers import new_game

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def sides(sk):
    """{side name: (score, bags, place)} from `standings --json`."""
    return {s["name"]: (s["score"], s["bags"], s["place"]) for s in sk.json("standings")["sides"]}


def test_a_game_with_a_failed_nil_a_blind_nil_a_set_and_a_made_nil(sk):
    new_game(sk, "spades", NAMES)
    # hand 1 (Ann deals), §7's worked example: Ann 4 + Cat 3 = 7, take 5 + 3 = 8: 70 + 1 bag = 71.
    # Bob's nil takes 1 trick: -100, and the trick is a bag (+1); Dan 4 takes 4: +40. -59
    sk("bid", "4", "nil", "3", "4")
    sk("tricks", "5", "1", "3", "4")
    assert sides(sk) == {"Ann & Cat": (71, 1, 1), "Bob & Dan": (-59, 1, 2)}
    players = {p["name"]: (p["score"], p["place"]) for p in sk.json("standings")["players"]}
    assert players == {"Ann": (71, 1), "Cat": (71, 1), "Bob": (-59, 2), "Dan": (-59, 2)}

    # hand 2 (Bob deals): Ann & Cat lead, so Ann may not bid blind nil (her side must be 100 behind)
    refusal = sk.fails("bid", "bn", "3", "3", "5")
    assert "Ann may not bid blind nil" in refusal and "at least 100 behind" in refusal
    # Bob & Dan are 130 behind: Bob's blind nil stands. Ann 3 + Cat 3 = 6, take 3 + 4 = 7: 61.
    # Bob takes none: +200; Dan 5 takes 6: 50 + 1 = 51. 251
    sk("bid", "3", "blind-nil", "3", "5")
    sk("tricks", "3", "0", "4", "6")
    assert sides(sk) == {"Bob & Dan": (192, 2, 1), "Ann & Cat": (132, 2, 2)}

    # hand 3 (Cat deals): Ann 5 + Cat 4 = 9 take 4 + 3 = 7: set, -90. Bob 3 + Dan 2 = 5 take 6: 51
    sk("bid", "5", "3", "4", "2")
    sk("tricks", "4", "3", "3", "3")
    assert sides(sk) == {"Bob & Dan": (243, 3, 1), "Ann & Cat": (42, 2, 2)}

    # hand 4 (Dan deals): Cat's nil is made, +100; Ann 4 takes 6: 40 + 2 bags = 142.
    # Bob 3 + Dan 3 = 6 take 4 + 3 = 7: 61
    sk("bid", "4", "3", "n", "3")
    sk("tricks", "6", "4", "0", "3")
    assert sides(sk) == {"Bob & Dan": (304, 4, 1), "Ann & Cat": (184, 4, 2)}

    why = sk("why", "Cat", "--hand", "4")
    assert "Cat bid nil and took no trick → 100" in why
    assert "the side's contract 4, took 6: made → 40" in why
    assert "2 bags (4 so far) → 2" in why
    why = sk("why", "Dan", "--hand", "2")
    assert "Bob bid blind nil and took no trick → 200" in why


def test_the_tenth_bag_costs_100_and_ten_bags_come_off(sk):
    new_game(sk, "spades", NAMES)
    # hand 1: each side bids 2; Ann & Cat take 9: 20 + 7 bags = 27; Bob & Dan take 4: 22
    sk("bid", "1", "1", "1", "1")
    sk("tricks", "5", "2", "4", "2")
    assert sides(sk) == {"Ann & Cat": (27, 7, 1), "Bob & Dan": (22, 2, 2)}
    # hand 2: Ann & Cat take 7: 20 + 5 bags, and their bags reach 12: -100, 2 left. 27 + 25 - 100 = -48.
    # Bob & Dan take 6: 20 + 4 = 24, 6 bags. 46
    sk("bid", "1", "1", "1", "1")
    sk("tricks", "4", "3", "3", "3")
    assert sides(sk) == {"Bob & Dan": (46, 6, 1), "Ann & Cat": (-48, 2, 2)}
    why = sk("why", "Ann", "--hand", "2")
    assert "5 bags (12 so far) → 5" in why
    assert "bags reached 10: 10 taken off → -100" in why
    assert "every 10 bags a side gathers: -100, and 10 bags come off" in why


def test_a_tie_at_the_target_plays_another_hand(sk):
    new_game(sk, "spades", NAMES, "target=100")
    # each side bids 5 (3 + 2) every hand
    sk("bid", "3", "3", "2", "2")
    sk("tricks", "3", "4", "3", "3")  # Ann & Cat 6: 51; Bob & Dan 7: 52
    sk("bid", "3", "3", "2", "2")
    reply = sk("tricks", "4", "3", "3", "3")  # Ann & Cat 7: 52 → 103; Bob & Dan 6: 51 → 103
    assert "Ann & Cat and Bob & Dan tie for the lead at the end: another hand" in reply
    standings = sk.json("standings")
    assert not standings["finished"] and standings["winners"] == []
    assert sides(sk) == {"Ann & Cat": (103, 3, 1), "Bob & Dan": (103, 3, 1)}
    sk("bid", "3", "3", "2", "2")
    sk("tricks", "3", "4", "2", "4")  # Ann & Cat 5: 50 → 153; Bob & Dan 8: 53 → 156
    standings = sk.json("standings")
    assert standings["finished"]
    assert standings["winner"] == "Bob & Dan" and standings["winners"] == ["Bob", "Dan"]
    assert sides(sk) == {"Bob & Dan": (156, 6, 1), "Ann & Cat": (153, 3, 2)}


def test_a_side_at_minus_200_loses_even_to_a_side_below_zero(sk):
    new_game(sk, "spades", NAMES)
    # Ann 7 + Cat 6 = 13, take 3: set, -130 a hand; Bob 1 + Dan 1 = 2, take 10: 20 + 8 bags = 28
    sk("bid", "7", "1", "6", "1")
    sk("tricks", "2", "5", "1", "5")
    sk("bid", "7", "1", "6", "1")
    sk("tricks", "2", "5", "1", "5")  # -260; Bob & Dan 28 + 28, bags 16: -100 → -44
    standings = sk.json("standings")
    assert standings["finished"] and standings["winner"] == "Bob & Dan"
    assert sides(sk) == {"Bob & Dan": (-44, 6, 1), "Ann & Cat": (-260, 0, 2)}


def test_the_options_blind_nil_min_side_bid_and_nil_tricks(sk):
    new_game(sk, "spades", NAMES, "blind_nil=false", "min_side_bid=4", "nil_tricks=contract")
    assert "played without it" in sk.fails("bid", "3", "bn", "3", "3")
    # Ann 2 + Cat 1 = 3, under the least (4); a nil (Bob's) frees only Bob & Dan
    refusal = sk.fails("bid", "2", "nil", "1", "2")
    assert "Ann & Cat bid 3 together, less than the least a side may bid (4)" in refusal
    sk("bid", "4", "nil", "4", "4")
    # nil_tricks=contract: Bob's 2 tricks count toward Dan's 4 (2 + 2): 40, and the nil fails: -100.
    # Ann 4 + Cat 4 = 8 take 9: 81
    sk("tricks", "5", "2", "4", "2")
    assert sides(sk) == {"Ann & Cat": (81, 1, 1), "Bob & Dan": (-60, 0, 2)}


def test_a_revoke_costs_the_offenders_side(sk):
    new_game(sk, "spades", NAMES)
    sk("bid", "4", "nil", "3", "4")
    sk("renege", "Cat")  # §7 is silent; the reading: the offending side loses 30
    sk("tricks", "5", "1", "3", "4")
    assert sides(sk) == {"Ann & Cat": (41, 1, 1), "Bob & Dan": (-59, 1, 2)}
    assert "renege (revoke: failed to follow suit when able) → -30" in sk("why", "Ann")


def test_refusals_name_the_fix(sk):
    new_game(sk, "spades", NAMES)
    assert "Bob's bid 'lots' is not a number of tricks, nil (n) or blind-nil (bn)" in sk.fails(
        "bid", "4", "lots", "3", "4", code=2
    )
    assert "bid 0 to 13" in sk.fails("bid", "14", "1", "1", "1")
    sk("bid", "4", "nil", "3", "4")
    assert "tricks total 12" in sk.fails("tricks", "5", "0", "3", "4")


def test_named_sides_and_a_substitute_keep_the_sides_score(sk):
    assert "Sides: Us (Ann and Cat) against Them (Bob and Dan)." in sk(
        "new", "spades", "--players", "Ann,Bob,Cat,Dan", "--sides", "Us=Ann,Cat", "Them=Bob,Dan"
    )
    sk("bid", "4", "nil", "3", "4")
    sk("tricks", "5", "1", "3", "4")
    # a substitute takes the 3rd seat (Cat's): the side keeps its 71 and its bag
    assert "Eve takes Cat's seat; the side Us keeps its score." in sk("sub", "3", "Eve")
    sk("bid", "3", "3", "3", "3")
    sk("tricks", "4", "3", "3", "3")  # Us: 6 bid, 7 taken: 61 → 132, 2 bags; Them: 6 taken: 60 → 1
    standings = sk.json("standings")
    assert [(s["name"], s["players"], s["score"], s["bags"]) for s in standings["sides"]] == [
        ("Us", ["Ann", "Eve"], 132, 2), ("Them", ["Bob", "Dan"], 1, 1),
    ]  # fmt: skip
    assert "refused: there is no seat 5" in sk.fails("sub", "5", "Fay")
    # the names must agree with the seating: partners sit opposite
    assert "as they sit, partners opposite" in sk.fails(
        "new", "spades", "--players", "Ann,Bob,Cat,Dan", "--sides", "Us=Ann,Bob", "Them=Cat,Dan", code=2
    )
    assert "not played by sides" in sk.fails(
        "new", "oh-hell-office", "--players", "Ann,Bob,Cat,Dan", "--sides", "Us=Ann,Cat", "Them=Bob,Dan", code=2
    )


def test_nil_and_blind_nil_are_said_as_the_table_says_them(sk):
    new_game(sk, "spades", NAMES)
    assert "Hand 1: bids Ann 4, Bob nil, Cat 3, Dan 4" in sk("bid", "4", "n", "3", "4")
    sk("tricks", "5", "1", "3", "4")
    assert "Hand 2: bids Ann 4, Bob blind nil, Cat 3, Dan 4" in sk("bid", "4", "bn", "3", "4")
    assert "bid blind nil" in sk("sheet")


def test_a_blind_nil_is_told_from_a_nil_in_the_sheets_for_a_spreadsheet_and_a_program(sk):
    """A bid of 0 is nil (§7), worth 100; a blind nil is worth 200. The CSV and JSON sheets give
    the bid as a number, and say which nil was blind."""
    import csv
    import io
    import json

    new_game(sk, "spades", NAMES, "blind_nil_behind=0")
    sk("bid", "bn", "3", "nil", "3")
    sk("tricks", "0", "3", "0", "10")  # Ann 200 + Cat 100, no contract: 300; Bob & Dan 6, took 13: 67
    rows = list(csv.reader(io.StringIO(sk("sheet", "--format", "csv"))))
    head = rows.index(next(row for row in rows if row[:1] == ["hand"]))
    table = [dict(zip(rows[head], row, strict=True)) for row in rows[head + 1 :]]
    assert [(r["player"], r["bid"], r["blind_nil"], r["total"]) for r in table] == [
        ("Ann", "0", "yes", "300"), ("Bob", "3", "", "67"), ("Cat", "0", "", "300"), ("Dan", "3", "", "67")
    ]  # fmt: skip
    players = json.loads(sk("sheet", "--format", "json"))["hands"][0]["players"]
    assert {n: (p["bid"], p.get("blind_nil")) for n, p in players.items()} == {
        "Ann": (0, True), "Bob": (3, None), "Cat": (0, None), "Dan": (3, None)
    }


def test_a_hand_recorded_card_by_card(sk):
    """Spades need not be broken by a rule of this tool's own: the referee's spades rule is the
    ruleset's (trump.must_break), and each trick's winner counts toward the sides."""
    new_game(sk, "spades", NAMES)
    sk("bid", "13", "nil", "nil", "nil")
    # each player holds one suit: Ann the spades. Bob leads hearts; Ann trumps every trick
    assert "Ann takes it" in sk("trick", "2h", "2d", "2c", "2s")
    for rank in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]:
        sk("trick", f"{rank}s", f"{rank}h", f"{rank}d", f"{rank}c")
    # Ann 13 of 13: 130; Cat's nil made: 100 → 230. Bob's and Dan's nils made: 200
    assert sides(sk) == {"Ann & Cat": (230, 0, 1), "Bob & Dan": (200, 0, 2)}


def test_a_blind_nil_given_in_a_correction_is_judged_as_one(sk):
    new_game(sk, "spades", NAMES)
    sk("bid", "4", "nil", "3", "4")
    sk("tricks", "5", "1", "3", "4")
    # hand 1 began level: Bob may not have bid blind nil there
    assert "Bob may not bid blind nil" in sk.fails("bid", "Bob=bn", "--hand", "1")
    sk("bid", "Bob=2", "--hand", "1")  # Bob 2 + Dan 4 = 6, take 1 + 4: set, -60
    assert sides(sk) == {"Ann & Cat": (71, 1, 1), "Bob & Dan": (-60, 0, 2)}


def test_stats_count_a_spades_bid_made_when_the_bidder_took_at_least_it(sk):
    new_game(sk, "spades", NAMES)
    sk("bid", "4", "nil", "3", "4")
    sk("tricks", "5", "1", "3", "4")  # Ann 5 of 4: made; Bob's nil took 1: missed; Cat, Dan exactly
    made = {p["name"]: (p["bids_made"], p["bids"]) for p in sk.json("stats")["rulesets"][0]["players"]}
    assert made == {"Ann": (1, 1), "Bob": (0, 1), "Cat": (1, 1), "Dan": (1, 1)}


def test_every_sheet_shows_the_sides_and_each_players_own_bid_and_tricks(sk):
    """§7's worked hand on the score sheet: a sides block (each side's score and bags, best
    first) in CSV, JSON, Markdown and HTML, and each player's own bid and tricks in the hand's
    row (Bob's nil as the table says it)."""
    import csv
    import io
    import json

    new_game(sk, "spades", NAMES)
    sk("bid", "4", "nil", "3", "4")
    sk("tricks", "5", "1", "3", "4")

    rows = list(csv.reader(io.StringIO(sk("sheet", "--format", "csv"))))
    at = rows.index(["side", "players", "score", "bags", "place"])
    assert rows[at + 1 : at + 4] == [["Ann & Cat", "Ann, Cat", "71", "1", "1"], ["Bob & Dan", "Bob, Dan", "-59", "1", "2"], []]
    head = rows.index(next(row for row in rows if row[:1] == ["hand"]))
    table = [dict(zip(rows[head], row, strict=True)) for row in rows[head + 1 :]]
    assert [(r["player"], r["bid"], r["tricks"], r["total"]) for r in table] == [
        ("Ann", "4", "5", "71"), ("Bob", "0", "1", "-59"), ("Cat", "3", "3", "71"), ("Dan", "4", "4", "-59")
    ]  # a bid of 0 is nil (§7)

    sheet = json.loads(sk("sheet", "--format", "json"))
    assert [(s["name"], s["score"], s["bags"], s["place"]) for s in sheet["standings"]["sides"]] == [
        ("Ann & Cat", 71, 1, 1), ("Bob & Dan", -59, 1, 2)
    ]
    assert {n: (p["bid"], p["tricks"]) for n, p in sheet["hands"][0]["players"].items()} == {
        "Ann": (4, 5), "Bob": (0, 1), "Cat": (3, 3), "Dan": (4, 4)
    }

    markdown = sk("sheet", "--format", "markdown")
    assert "| Place | Side | Score | Bags |\n|---:|---|---:|---:|\n| 1 | Ann \\& Cat | 71 | 1 |\n| 2 | Bob \\& Dan | -59 | 1 |" in markdown
    assert "| bid 4 took 5 **71** | bid nil took 1 **-59** |" in markdown

    page = sk("sheet", "--format", "html")
    assert '<th>place</th><th>side</th><th>score</th><th>bags</th>' in page
    assert '<td title="Ann, Cat">Ann &amp; Cat</td><td class="num">71</td><td class="num">1</td>' in page
    assert "bid nil took 1" in page
