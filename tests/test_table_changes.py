"""The table changes during the evening (RULES.md §6): players join, leave and swap seats, and
the table makes its own rulings. Whole games through the command line, kept like score
sheets; every number below is worked out by hand with the rule that gives it.

Readings used (RULES.md §6, and each ruleset's `join_score` option):
- a player who joins sits down at the next hand to be dealt (the hand in progress while
  nothing is recorded in it) with the score of the player in last place;
- a player who leaves does so after the hand in progress, keeps their total, and is placed
  after everyone still playing; the deal passes over their seat;
- a progression of hand sizes carries on as planned, capped by what the pack deals the
  table now; a deal-out game deals the whole pack in use to the table now.
"""

import json
import re

import pytest
from helpers import new_game, scores, status

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)


def standings(sk):
    return sk.json("standings")


def oh_hell_hand(sk, trump, bids, tricks):
    sk("trump", trump)
    sk("bid", *bids.split())
    return sk("tricks", *tricks.split())


# --- Oh Hell: a fourth player joins at hand 3, one leaves after hand 8 -------------------------


def test_oh_hell_a_player_joins_at_hand_3_and_one_leaves_after_hand_8(sk):
    """MrPikes' scoring (RULES §1): made exactly -> 10 + tricks (a made zero -> 10);
    missed -> -(10 + the miss). `sizes=down`: 10 hands of 10, 9, …, 1 cards, the dealer leads."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", "sizes=down", dealer="Ann")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")  # hand 1 (Ann deals 10): Ann 13, Bob 13, Cat -11
    sk("trump", "s")
    said = sk("join", "Dan", "--after", "Bob")  # hand 2 is under way: Dan sits down for hand 3
    assert said.startswith("Dan joins from hand 3, when the next hand is dealt.")
    assert status(sk)["table_changes"] == ["Dan joins from hand 3"]
    sk("bid", "2", "2", "2")
    closed = sk("tricks", "2", "2", "5")  # hand 2 (Bob deals 9): Ann 12, Bob 12, Cat -13
    assert "Table: 4 players from hand 3 (Dan joined), 8 cards each." in closed
    # last place is Cat's -24 (13 - 11 for Ann and Bob is 25 each): Dan starts there
    assert "Dan joined with the score of the player in last place (Cat, -24)." in closed
    assert scores(sk) == {"Ann": 25, "Bob": 25, "Cat": -24, "Dan": -24}
    now = status(sk)
    # seated after Bob; the deal passes left from Bob, which is now Dan; 8 cards (10 down)
    assert (now["players"], now["dealer"], now["cards"]) == (["Ann", "Bob", "Dan", "Cat"], "Dan", 8)
    oh_hell_hand(sk, "d", "2 2 2 1", "2 2 2 2")  # hand 3: 12, 12, 12, Cat -11 (bid 1 took 2)
    assert status(sk)["dealer"] == "Cat"
    oh_hell_hand(sk, "c", "1 1 1 1", "1 1 1 4")  # hand 4 (7 cards): 11, 11, 11, Cat -13
    oh_hell_hand(sk, "h", "0 0 0 0", "0 0 0 6")  # hand 5 (6): 10, 10, 10, Cat -16
    oh_hell_hand(sk, "s", "5 0 0 0", "5 0 0 0")  # hand 6 (5): Ann 15, others 10
    oh_hell_hand(sk, "d", "0 0 4 0", "0 0 4 0")  # hand 7 (4): Dan 14, others 10
    assert scores(sk) == {"Ann": 83, "Bob": 78, "Dan": 33, "Cat": -44}
    sk("trump", "c")  # hand 8 (3 cards), dealt by Cat
    said = sk("leave", "Cat")
    assert said.startswith("Cat leaves after hand 8; their total is kept.")
    sk("bid", "1", "1", "1", "0")
    closed = sk("tricks", "1", "1", "1", "0")  # hand 8: 11, 11, 11, Cat 10
    assert "Table: 3 players from hand 9 (Cat left), 2 cards each." in closed
    now = status(sk)
    # Cat dealt hand 8 and left: the deal passes over the empty seat to Ann
    assert (now["players"], now["left"], now["dealer"], now["cards"]) == (["Ann", "Bob", "Dan"], ["Cat"], "Ann", 2)
    oh_hell_hand(sk, "h", "1 1 0", "1 1 0")  # hand 9: 11, 11, 10
    oh_hell_hand(sk, "s", "1 0 0", "1 0 0")  # hand 10 (Bob deals 1): 11, 10, 10
    final = standings(sk)
    assert final["finished"] is True
    assert final["winner"] == "Ann"
    # Cat keeps -34 and is placed after everyone still playing, though Dan has more to lose
    assert [(p["name"], p["score"], p["place"], p.get("left", False)) for p in final["players"]] == [
        ("Ann", 116, 1, False),
        ("Bob", 110, 2, False),
        ("Dan", 64, 3, False),
        ("Cat", -34, 4, True),
    ]
    text = sk("standings")
    assert "Cat (left)" in text


def test_a_join_before_anything_is_recorded_sits_down_in_the_hand_in_progress(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", dealer="Bob")
    said = sk("join", "Dan", "--score", "0")
    assert said.startswith("Dan joins hand 1, seated after Cat: joined with 0 (given at the table).")
    now = status(sk)
    # 10 cards: the first hand of the plan, within 51 // 4 = 12; Bob still deals
    assert (now["players"], now["dealer"], now["cards"]) == (["Ann", "Bob", "Cat", "Dan"], "Bob", 10)


def test_join_score_options_last_zero_and_average(sk):
    for option, dan in (("last", -11), ("zero", 0), ("average", 5)):
        new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", f"join_score={option}")
        oh_hell_hand(sk, "h", "3 3 3", "3 3 4")  # 13, 13, -11: last -11, average 15/3 = 5
        sk("join", "Dan")
        assert scores(sk)["Dan"] == dan, option


# --- Pick Your Poison: a join mid-round -----------------------------------------------------------


def test_pick_your_poison_a_player_joining_mid_round_plays_its_rest_as_a_short_round(sk):
    """RULES §3: a 4-hand round holds everyone to each poison at least once and at most
    twice. RULES §6: the round quotas are worked out again for the new table. Reading: Eve,
    sitting down for hands 3 and 4 of a 4-hand round, plays them as a 2-hand round, held to
    its maximum (ceil(2/3) = 1 of each) with no minimums, since two hands cannot hold three
    poisons. Cards per player: floor(51 / players): 12 for 4, 10 for 5."""
    new_game(sk, "pick-your-poison", "Ann,Bob,Cat,Dan", dealer="Ann")
    assert status(sk)["cards"] == 12
    for trump in ("h", "s"):  # hands 1 and 2: everyone Takes (+1 a trick), 3 tricks each
        sk("trump", trump)
        sk("poison", *[f"{p}=take" for p in status(sk)["order"]])
        if trump == "s":
            assert sk("join", "Eve").startswith("Eve joins from hand 3")
        sk("tricks", "3", "3", "3", "3")
    now = status(sk)
    assert now["cards"] == 10
    assert now["players"] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert scores(sk)["Eve"] == 6  # last place: everyone has 6
    assert now["legal"]["Eve"] == ["bid", "blind", "take"]
    # the others have taken twice, the most, and have two hands left for Bid and Blind Bid
    assert now["legal"]["Ann"] == ["bid", "blind"]
    sk("trump", "d")
    picks = {p: "bid:0" for p in now["order"]}
    picks["Eve"] = "take"
    sk("poison", *[f"{p}={picks[p]}" for p in now["order"]])
    sk("tricks", "0", "0", "0", "0", "10")  # a made zero Bid: 10 + 0; Eve's Take: 10 tricks, 10
    assert scores(sk) == {"Ann": 16, "Bob": 16, "Cat": 16, "Dan": 16, "Eve": 16}
    legal = status(sk)["legal"]
    assert legal["Eve"] == ["bid", "blind"]  # Take once is the most in her 2-hand part of the round
    assert legal["Ann"] == ["blind"]


# --- the deal when the table changes just before it (RULES §6: chosen again by the rule) ---------


def _poison_to_hand_3(sk):
    """Pick Your Poison, 4 players, 12 cards each (floor(51 / 4)); §3's tally: Bid n made ->
    10 + n, missed -> -1 per trick off; Take -> +1 per trick."""
    new_game(sk, "pick-your-poison", "Ann,Bob,Cat,Dan", dealer="Ann")
    sk("trump", "h")
    sk("poison", "Bob=take", "Cat=bid:5", "Dan=bid:0", "Ann=bid:4")
    sk("tricks", "4", "1", "5", "2")  # Ann 14, Bob +1, Cat 15, Dan bid 0 took 2: -2
    # §3: the lowest deals, never who just dealt (Ann): Dan, -2
    assert (status(sk)["dealer"], status(sk)["dealer_reason"]) == ("Dan", "lowest score, -2")
    sk("trump", "s")
    sk("poison", "Ann=take", "Bob=bid:3", "Cat=take", "Dan=bid:3")


def test_pick_your_poison_the_due_dealer_leaves_and_the_deal_goes_by_score_again(sk):
    """Bob, the lowest, is due to deal hand 3 and leaves before anything of it is recorded.
    RULES §3: the deal goes to the lowest total among those still playing (Dan, 11), but Dan
    just dealt, so to the next-lowest: Ann, 14 (Cat leads on 24). It used to pass left of
    Bob, to Cat, as a rotation game's deal would."""
    _poison_to_hand_3(sk)
    sk("tricks", "0", "0", "9", "3")  # Ann Take 0: 14; Bob bid 3 took 0: -3, -2; Cat +9: 24; Dan 13: 11
    assert scores(sk) == {"Cat": 24, "Ann": 14, "Dan": 11, "Bob": -2}
    assert status(sk)["dealer"] == "Bob"  # lowest score, and Dan just dealt
    assert sk("leave", "Bob").splitlines() == [  # the table is told who deals the hand now
        "Bob has left before hand 3; their total is kept.",
        "Next: hand 3, 17 cards each; Cat leads. Record: trump, poisons, tricks.",
        "Ann deals: next-lowest score (the lowest just dealt), 14.",
    ]
    now = status(sk)
    assert (now["players"], now["dealer"]) == (["Ann", "Cat", "Dan"], "Ann")
    assert now["dealer_reason"] == "next-lowest score (the lowest just dealt), 14"
    assert now["leader"] == "Cat"  # §3: the dealer's left leads


def test_pick_your_poison_a_leave_entered_before_the_hand_closed_deals_the_same(sk):
    """The same leave, entered while hand 2 is still open: the empty seat never deals though
    its total (-2) is the lowest (RULES §6: a leaver keeps their total, placed after those
    still playing). This used to pick Bob's empty seat and fail."""
    _poison_to_hand_3(sk)
    sk("leave", "Bob")
    sk("tricks", "0", "0", "9", "3")
    now = status(sk)
    assert (now["players"], now["dealer"]) == (["Ann", "Cat", "Dan"], "Ann")
    assert now["dealer_reason"] == "next-lowest score (the lowest just dealt), 14"


def test_pick_your_poison_a_newcomer_counts_with_the_score_they_sit_down_with(sk):
    """Eve joins before hand 3 is dealt, with the last place's score (join_score `last`, RULES
    §6): Bob's -2, the same as Bob's. RULES §3: a tie for the lowest goes to the tied player
    met first going clockwise from the last dealer's (Dan's) left: Eve sits after Dan, so she
    deals, whether the join is entered before hand 2 closes or after."""
    for early in (True, False):
        _poison_to_hand_3(sk)
        if early:
            sk("join", "Eve", "--after", "Dan")
        sk("tricks", "0", "0", "9", "3")
        if not early:
            sk("join", "Eve", "--after", "Dan")
        now = status(sk)
        assert scores(sk)["Eve"] == -2, early
        assert (now["players"], now["dealer"]) == (["Ann", "Bob", "Cat", "Dan", "Eve"], "Eve"), early
        assert now["dealer_reason"] == "lowest score (tied; first from the last dealer's left), -2", early


def test_oh_hell_the_due_dealer_leaving_or_a_newcomer_before_them_deal_as_the_rotation_says(sk):
    """A rotation game (MrPikes' Oh Hell, RULES §1: the deal passes left). Ann dealt hand 1,
    Bob is due to deal hand 2. Entered before anything of hand 2 is recorded:
    - Bob leaves: the deal passes left of Ann over Bob's empty seat, to Cat;
    - Eve joins after Ann: she now sits at Ann's left, so she deals (as she would had the
      join been entered during hand 1; it used to stay with Bob)."""
    for change, dealer in ((("leave", "Bob"), "Cat"), (("join", "Eve", "--after", "Ann"), "Eve")):
        for early in (True, False):
            new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", dealer="Ann")
            sk("trump", "h")
            sk("bid", "3", "3", "2", "2")
            if early:
                sk(*change)
            sk("tricks", "3", "3", "2", "2")
            if not early:
                assert status(sk)["dealer"] == "Bob"
                said = sk(*change).splitlines()
                assert said[1] == (  # the table is told who deals the hand now, and how many cards
                    f"Next: hand 2, {dealer} deals (deal passes left), 9 cards each; {dealer} leads. "
                    "Record: trump, bids, tricks."
                ), change
            now = status(sk)
            assert (now["dealer"], now["dealer_reason"]) == (dealer, "deal passes left"), (change, early)
            assert now["leader"] == dealer  # RULES §1: the dealer leads


def test_the_first_dealer_and_a_deal_out_of_turn_keep_the_deal_through_a_change(sk):
    """The first dealer was drawn, and a deal out of turn happened as it did (RULES §6): a
    join before anything is recorded leaves the deal with them."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", dealer="Bob")
    sk("join", "Dan", "--after", "Ann")
    assert status(sk)["dealer"] == "Bob"
    sk("trump", "h")
    sk("bid", "3", "3", "2", "2")
    sk("tricks", "3", "3", "2", "2")
    assert status(sk)["dealer"] == "Cat"
    sk("dealer", "Ann")
    sk("join", "Eve", "--after", "Dan")
    assert status(sk)["dealer"] == "Ann"


def _shipped_rulesets():
    """Every shipped ruleset whose table can change (a partnership game is played by four: a
    substitute takes a seat instead, see test_spades.py)."""
    from scorekeeper.storage import ruleset_files

    shipped = [name for name, where in ruleset_files.available(None) if where == "built-in"]
    return [name for name in shipped if not ruleset_files.load(name)[1].partners]


def _dealt_with_change(log, change, late):
    """The game of `log` (hand 2 closed by its last entry, hand 3 dealt) with `change` entered
    after it (late: nothing of hand 3 recorded yet) or before hand 2's last entry (early)."""
    from scorekeeper.core import engine, errors, seating

    if not late:
        before = engine.replay(log[:-1])
        if seating.untouched(before, before.hand):  # hand 2's one entry closes it (Finis): no "before"
            return None
    if late:
        entries = [*log, change.model_copy(update={"hand": 3})]
    else:
        entries = [*log[:-1], change.model_copy(update={"hand": 2}), log[-1]]
    try:
        game = engine.replay(entries)
    except errors.ScorekeeperError as refusal:  # e.g. Snakebit takes no fifth player
        return str(refusal)
    hand = game.hand
    return hand.number, hand.seating, hand.seating[hand.dealer], str(hand.dealer_why), game.totals()


@pytest.mark.parametrize("ruleset", _shipped_rulesets())
def test_every_ruleset_deals_the_same_whether_a_change_is_entered_before_or_after_the_last_hand_closed(ruleset):
    """RULES §6: the deal after a leave or a join is chosen again by the ruleset's own rule
    (the rotation, or Pick Your Poison's lowest score), and a change entered before anything
    of the next hand is recorded deals that hand exactly as one entered before the last hand
    closed would. Each shipped ruleset, on random legal games: the due dealer leaves; a
    newcomer sits down at the last dealer's left."""
    from helpers import load_bench

    from scorekeeper.core import engine, events

    bench = load_bench()
    checked = refused = 0
    partners = engine.replay(events.parse_all(bench.random_game(ruleset, 0, players=["Ann", "Bob", "Cat", "Dan"], until_hand=2)))
    partners = partners.ruleset.partners  # Spades, Euchre: fixed sides of 4, no joins or leaves (§7)
    for seed in range(4):
        for players, change in ((4, "leave"), (3, "join")):
            if partners and players != 4:
                continue
            # Fosdick's games deal a multiple of the players: 8 hands leave 6 for 3 players, 6 leave 4 for 4
            settings = ("hands=8",) if change == "leave" else ("hands=6",)
            names = ["Ann", "Bob", "Cat", "Dan"][:players]
            try:
                bodies = bench.random_game(ruleset, seed, players=names, settings=settings, until_hand=3)
            except Exception:  # the ruleset has no `hands` option: its own plan
                bodies = bench.random_game(ruleset, seed, players=names, until_hand=3)
            log = events.parse_all(bodies)
            game = engine.replay(log)
            if game.finished or game.hand.number != 3:
                continue
            due, last = game.hand.seating[game.hand.dealer], game.hands[-2].seating[game.hands[-2].dealer]
            if change == "leave":
                entry = events.PlayerLeft(hand=3, player=due)
            else:
                entry = events.PlayerJoined(hand=3, player="Eve", after=last)
            early, late = _dealt_with_change(log, entry, late=False), _dealt_with_change(log, entry, late=True)
            # (where hand 2's one entry closes it, as in Finis, no change can come before it)
            assert late == early or early is None, (ruleset, seed, change)
            if partners:  # a seat changes hands by `sub`, never by leaving
                assert isinstance(late, str) and "cannot leave" in late, (ruleset, seed)
                refused += 1
                continue
            if not isinstance(late, str):
                checked += 1
                # the due dealer who left never deals; a newcomer at the last dealer's left
                # deals next where the deal passes left
                assert late[2] != due or change == "join", (ruleset, seed)
                if change == "join" and engine.replay(log[:1]).ruleset.dealer == "left":
                    assert late[2] == "Eve", (ruleset, seed)
    assert checked or (partners and refused), f"{ruleset}: no table change was accepted"


# --- Fosdick: the pack and the passing follow the table; hands stay a multiple of it ------------


def test_finis_a_fourth_player_joins_for_the_last_four_of_six_hands(sk):
    """RULES §4: 3 players play 30 cards (10 each), 4 players 32 (8 each); passing
    by hand number: with 3 right, left, hold; with 4 right, left, across, hold. Finis: the
    winner of the last trick scores 1. `hands=6`: from hand 3 four hands are still to come,
    a multiple of 4 players, so everyone deals equally."""
    new_game(sk, "finis", "Ann,Bob,Cat", "hands=6", dealer="Ann")
    first = status(sk)
    assert (first["cards"], first["pass"]) == (10, "right")
    sk("last", "Ann")  # hand 1: Ann 1
    sk("last", "Bob")  # hand 2: Bob 1
    sk("comment", "Dan is on his way")  # a comment is not a fact of the deal
    said = sk("join", "Dan")  # nothing of hand 3 is recorded: Dan is dealt in at once
    assert said.startswith("Dan joins hand 3, seated after Cat")
    third = status(sk)
    assert third["hand"] == 3
    assert (third["cards"], third["pass"], third["players"]) == (8, "across", ["Ann", "Bob", "Cat", "Dan"])
    assert third["deck"] == "piquet-32"
    assert scores(sk)["Dan"] == 1  # last place in a lowest-wins game: the highest total, 1
    for winner in ("Cat", "Dan", "Ann", "Bob"):
        sk("last", winner)
    final = standings(sk)
    assert final["finished"] is True
    assert scores(sk) == {"Ann": 2, "Bob": 2, "Cat": 1, "Dan": 2}
    assert final["winner"] == "Cat"


def test_finis_a_join_that_breaks_equal_deals_is_refused(sk):
    new_game(sk, "finis", "Ann,Bob,Cat", "hands=6", dealer="Ann")
    for _ in range(2):
        sk("last", "Bob")
    sk("last", "Cat")  # three hands played: three to come, not a multiple of 4
    err = sk.fails("join", "Dan")
    assert err == (
        "refused: Dan cannot join: 3 hands are still to come, not a multiple of 4 players, so not "
        "everyone would deal equally; change the table when the hands still to come are a multiple of the players"
    )
    assert status(sk)["players"] == ["Ann", "Bob", "Cat"]


def test_snakebit_takes_no_fifth_player(sk):
    new_game(sk, "snakebit", "Ann,Bob,Cat,Dan")
    err = sk.fails("join", "Eve")
    assert err == "refused: Eve cannot join: snakebit is for 3-4 players, and that would leave 5 at the table"


# --- rename and rulings ------------------------------------------------------------------------


def test_rename_keeps_the_seat_and_its_score_and_the_sheet_notes_it(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", dealer="Ann")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")
    assert sk("rename", "Cat", "Kat").startswith("Cat is now Kat; the seat keeps its score.")
    assert scores(sk) == {"Ann": 13, "Bob": 13, "Kat": -11}
    sk("trump", "s")
    sk("bid", "Kat=2", "Ann=3", "Bob=3")
    sheet = sk("sheet")
    assert "Renamed: Cat → Kat from hand 2" in sheet
    header = next(line for line in sheet.splitlines() if line.startswith("hand"))
    assert "Cat → Kat from hand 2" in header  # the seat's column shows both names
    assert sk.json("why", "Kat")["total"] == -11


def test_a_renamed_seat_keeps_its_old_name_in_every_export_and_in_why(sk, tmp_path):
    """Hal plays hand 1 and the seat is Bob's from hand 2 (`rename`: a substitute, CLI.md).
    The JSON sheet files hand 1 under Hal, as the text sheet and CSV do; `why Hal` explains
    the seat; the BG Stats record names both who played it, each with the seat's place. MrPikes' scoring (RULES §1):
    made exactly -> 10 + tricks."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Hal,Cat", "sizes=fixed", "start=3", "hands=2", dealer="Ann")
    oh_hell_hand(sk, "h", "1 1 1", "1 1 1")  # all made: 11 each
    sk("rename", "Hal", "Bob")
    oh_hell_hand(sk, "s", "1 2 0", "1 2 0")  # Ann 11, Bob 12, Cat 10 (a made zero)
    data = json.loads(sk("sheet", "--format", "json"))
    first, second = data["hands"]
    assert list(first["players"]) == list(first["points"]) == list(first["totals"]) == ["Ann", "Hal", "Cat"]
    assert first["players"]["Hal"]["name"] == "Hal" and first["totals"]["Hal"] == 11
    assert list(second["players"]) == ["Ann", "Bob", "Cat"] and second["totals"]["Bob"] == 23
    assert data["renames"] == [{"hand": 2, "old": "Hal", "new": "Bob"}]
    assert "1,Ann,3,H,,,Hal,1,,1,,,,,,,,,,11,11,," in sk("sheet", "--format", "csv").splitlines()
    # `why` by the old name: the seat, hand 1 as Hal
    assert sk.json("why", "Hal") == sk.json("why", "Bob")
    assert "as Hal" in sk("why", "hal", "--hand", "1")
    play = json.loads(sk("sheet", "--format", "bgstats"))
    assert [(p["name"], p["score"], p["rank"]) for p in play["players"]] == [
        ("Hal", 23, 1), ("Bob", 23, 1), ("Ann", 22, 2), ("Cat", 21, 3)
    ]  # fmt: skip
    # the sheet still imports (its hands' points are checked against its entries)
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(data))
    assert "already in the store" in sk("import", path)


def test_adjust_is_a_ruling_with_its_reason_in_why_the_sheet_and_the_log(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", dealer="Ann")
    said = sk("adjust", "Bob", "-5", "--reason", "slow play")
    assert said.startswith("Hand 1: Bob -5 points (slow play).")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")
    assert scores(sk) == {"Ann": 13, "Bob": 8, "Cat": -11}
    why = sk.json("why", "Bob")
    rows = [item for hand in why["hands"] for item in hand["items"]]
    assert {"points": -5, "rule": "adjust", "reason": "house ruling: slow play → -5", "by": "the table's ruling"} in rows
    assert "Bob: house ruling: slow play → -5" in sk("sheet")
    assert "Bob -5 points: slow play" in sk("log")
    for fmt in ("csv", "markdown", "html"):
        assert "slow play" in sk("sheet", "--format", fmt)


def test_a_ruling_on_a_past_hand_counts_in_that_hand(sk):
    """A ruling on a closed hand is added to that hand, like a correction (RULES §6)."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", dealer="Ann")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")
    oh_hell_hand(sk, "s", "2 2 2", "2 2 5")
    said = sk("adjust", "Ann", "-30", "--reason", "looked at the stock", "--hand", "1")
    assert said.startswith("Hand 1 corrected (entry 7): Ann -30 points: looked at the stock.")
    assert scores(sk) == {"Ann": -5, "Bob": 25, "Cat": -24}
    assert sk.json("why", "Ann", "--hand", "1")["total"] == -17


def test_halves_only_where_the_ruleset_scores_halves(sk):
    new_game(sk, "compendium", "Ann,Bob,Cat")
    sk("adjust", "Ann", "2.5", "--reason", "best comment")
    assert scores(sk)["Ann"] == 2.5
    new_game(sk, "finis", "Ann,Bob,Cat")
    assert sk.fails("adjust", "Ann", "2.5", "--reason", "x", code=2) == (
        "error: finis scores whole points; '2.5' is not a whole number"
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("join", "bob"), 1, "refused: Bob is already at the table; give the new player another name"),
        (("join", "Eve", "--after", "Zed"), 1, "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat"),
        (("leave", "Zed"), 1, "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat"),
        (("leave", "Cat"), 1, "refused: Cat cannot leave: oh-hell-mrpikes is for 3-7 players, and that would leave 2 at the table"),
        (("adjust", "Ann", "5"), 2, 'error: a ruling needs its reason; add --reason "…" (e.g. --reason "slow play")'),
        (("adjust", "Ann", "five", "--reason", "x"), 2, "error: 'five' is not a number of points; write e.g. -5 or 10"),
        (("adjust", "Ann", "1e3", "--reason", "x"), 2, "error: '1e3' is not a number of points; write e.g. -5 or 10"),
        (("rename", "Ann", "bob"), 1, "refused: Bob is already at the table; give the new player another name"),
        (("join", "Eve=3"), 1, "refused: 'Eve=3' cannot be a player name: '=' separates names from values"),
        (("join", "Eve,Fay"), 1, "refused: 'Eve,Fay' cannot be a player name: ',' separates one name from the next"),
        (("join", "Eve\x1b[2J"), 1, "refused: a player name holds a control character (\\u001b); type it as plain text"),
        (("rename", "Ann", "A\x07nn"), 1, "refused: a player name holds a control character (\\u0007); type it as plain text"),
        (("adjust", "Ann", "-5", "--reason", "slow\x1b]0;x\x07"), 1, "refused: the reason holds a control character (\\u001b); type it as plain text"),
    ],
)
def test_bad_table_changes_are_one_line_and_record_nothing(sk, args, code, message):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat")
    before = sk("log")
    assert sk.fails(*args, code=code) == message
    assert sk("log") == before


INVISIBLE = "refused: a player name holds an invisible character ({}), which would let it pass for another; type it without"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # before: each recorded, and three players were shown as "Ann"
        (("rename", "Bob", "Ann\u200b"), INVISIBLE.format("\\u200b")),  # a zero-width space
        (("rename", "Cat", "A\u00adnn"), INVISIBLE.format("\\u00ad")),  # a soft hyphen
        (("join", "Ann\u2060"), INVISIBLE.format("\\u2060")),  # a word joiner
        (("join", "E\u200dve"), INVISIBLE.format("\\u200d")),  # a zero-width joiner, even where no one is Eve
        (("join", "\uff21nn"), "refused: Ann is already at the table; give the new player another name"),  # a full-width A
        (("rename", "Bob", "ＡＮＮ"), "refused: Ann is already at the table; give the new player another name"),
        (("rename", "Bob", "Ａnn"), "refused: Ann is already at the table; give the new player another name"),
    ],
)
def test_a_name_that_reads_as_another_players_is_refused(sk, args, message):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat")
    before = sk("log")
    assert sk.fails(*args, code=1) == message
    assert sk("log") == before
    assert sk("rename", "Bob", "BOB").startswith("Bob is now BOB;")  # a seat's own name in other letters


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Ann,Bob,A\u200bnn", INVISIBLE.format("\\u200b")),
        ("Ann,Bob,\ufeffCat", INVISIBLE.format("\\ufeff")),
        ("Ann,Bob,Ａnn", "refused: Ann and Ａnn are the same name; give each player a different one"),
        ("ﬁn,Bob,FIN", "refused: ﬁn and FIN are the same name; give each player a different one"),  # a ligature
    ],
)
def test_new_and_seat_refuse_names_that_read_the_same(sk, players, message):
    assert sk.fails("new", "oh-hell-mrpikes", "--players", players, code=1) == message
    assert sk.fails("seat", "--players", players + ",Dan,Eve", "--rounds", "1", "--ruleset", "oh-hell-mrpikes",
                    code=1) == message  # fmt: skip


def test_a_player_who_left_is_named_as_gone(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", dealer="Ann")
    sk("leave", "Dan")  # nothing recorded yet: Dan leaves before hand 1 is dealt
    assert status(sk)["players"] == ["Ann", "Bob", "Cat"]
    assert sk.fails("bid", "Dan=2") == "refused: Dan has left this game; the players now are Ann, Bob, Cat"
    assert sk.fails("join", "dan") == "refused: Dan has left this game; give the new player another name"


def test_a_hand_a_player_has_since_left_is_corrected_with_that_hands_players(sk):
    """A correction gives values for the players dealt in its hand, in that hand's seating
    order, a player who has left since among them (RULES §6: a correction replaces what was
    recorded for its hand). MrPikes' Oh Hell, 3 cards a hand (RULES §1): made exactly 10 +
    tricks, missed -(10 + the miss)."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", "sizes=fixed", "start=3", "hands=6", dealer="Ann")
    oh_hell_hand(sk, "h", "1 1 0 1", "1 1 0 1")  # all made: Ann 11, Bob 11, Cat 10, Dan 11
    sk("leave", "Dan")
    oh_hell_hand(sk, "s", "1 1 0", "1 1 1")  # Ann 11, Bob 11, Cat missed by 1: -11
    assert scores(sk) == {"Ann": 22, "Bob": 22, "Cat": -1, "Dan": 11}

    # Hand 1 as it was: Bob took no trick and Cat one. Bare values go to hand 1's four players.
    said = sk("tricks", "1", "0", "1", "1", "--hand", "1")
    assert said.startswith("Hand 1 corrected (entry 8): tricks Ann=1 Bob=0 Cat=1 Dan=1")
    assert scores(sk) == {"Ann": 22, "Bob": 0, "Cat": -22, "Dan": 11}  # Bob -11, Cat -11 in hand 1
    # Dan by name, and a ruling for Dan in hand 1: both his, though he has left.
    sk("bid", "Dan=0", "--hand", "1")  # bid 0, took 1: missed by 1, -11
    sk("adjust", "Dan", "5", "--reason", "misdeal was not his", "--hand", "1")
    assert scores(sk) == {"Ann": 22, "Bob": 0, "Cat": -22, "Dan": -6}
    assert sk.json("why", "Dan")["total"] == -6

    # Hand 2 was dealt to three: four values are refused, naming hand 2's players.
    before = sk("log")
    assert sk.fails("tricks", "1", "1", "1", "0", "--hand", "2") == (
        "refused: 4 tricks for 3 players; give one per player in seating order (Ann, Bob, Cat) or use NAME=VALUE"
    )
    assert sk.fails("tricks", "Dan=0", "--hand", "2") == (
        "refused: Dan was not dealt in hand 2; name one of its players: Ann, Bob, Cat"
    )
    assert sk.fails("tricks", "Zed=0", "--hand", "2") == (
        "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat"
    )
    assert sk("log") == before


# --- events: undo, import, stats ---------------------------------------------------------------


def test_undo_takes_a_join_back(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat")
    sk("join", "Dan")
    sk("undo")
    assert status(sk)["players"] == ["Ann", "Bob", "Cat"]
    assert "Dan" not in scores(sk)


def test_a_changed_table_survives_the_json_sheet_and_import(sk, tmp_path):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", "sizes=down", dealer="Ann")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")
    sk("join", "Dan", "--after", "Ann")
    sk("adjust", "Cat", "+2", "--reason", "dealt the best hand")
    oh_hell_hand(sk, "s", "2 2 2 2", "2 2 2 3")
    sk("rename", "Bob", "Rob")
    sk("trump", "c")
    sk("leave", "Cat")
    sheet = tmp_path / "tonight.json"
    sk("sheet", "--format", "json", "--output", sheet)
    data = json.loads(sheet.read_text())
    assert data["players"] == ["Ann", "Rob", "Cat", "Dan"]
    # Dan's column starts at hand 2; Bob played hand 1 under his name then (Rob from hand 3)
    assert data["hands"][0]["players"].keys() == {"Ann", "Bob", "Cat"}
    before = standings(sk)
    other = tmp_path / "other"
    sk("--home", other, "import", sheet)
    assert sk.json("--home", other, "standings") == before


def test_stats_count_a_newcomer_from_the_hand_they_joined(sk):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", "sizes=down", dealer="Ann")
    oh_hell_hand(sk, "h", "3 2 3", "3 3 4")  # Ann 13 leads alone: no tie-break hand at the end
    sk("join", "Dan")
    for size in range(9, 0, -1):
        seated = status(sk)["players"]
        oh_hell_hand(sk, "h", " ".join(["0"] * len(seated)), " ".join(["0"] * (len(seated) - 1) + [str(size)]))
    assert standings(sk)["finished"] is True
    mine = sk.json("stats", "Dan")["rulesets"][0]["players"][0]
    # Dan bid in the nine hands from hand 2 on, never in hand 1 before he sat down
    assert (mine["played"], mine["bids"], mine["bids_made"]) == (1, 9, 0)


# --- the printable sheet in a real browser -------------------------------------------------------


def test_the_html_sheet_shows_columns_starting_and_ending_in_chromium(sk, tmp_path, phone):
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat", "sizes=down", dealer="Ann")
    oh_hell_hand(sk, "h", "3 3 3", "3 3 4")
    sk("join", "Dan", "--after", "Ann")  # dealt in from hand 2 at once: nothing of it recorded
    sk("adjust", "Cat", "-5", "--reason", "slow play")
    oh_hell_hand(sk, "s", "2 2 2 2", "2 2 2 3")
    sk("rename", "Bob", "Rob")
    sk("trump", "c")
    sk("leave", "Cat")
    oh_hell_hand(sk, "d", "1 1 1 1", "2 2 2 2")
    oh_hell_hand(sk, "h", "1 1 1", "3 2 2")
    page = tmp_path / "sheet.html"
    sk("sheet", "--output", page)
    phone.goto(page.as_uri())
    dom = phone.content()
    header = re.search(r'<table class="sheet"><thead><tr>(.*?)</tr>', dom).group(1)
    assert re.findall(r'<th colspan="2" title="([^"]*)"', header) == ["Ann", "Bob → Rob from hand 3", "Cat (left)", "Dan"]
    sheet = re.search(r'<table class="sheet">(.*?)</table>', dom, re.S).group(1)
    rows = re.findall(r"<tr(?: class=\"open\")?><td class=\"num\">(\d+)</td>(.*?)</tr>", sheet)
    away = {int(n): [i for i, cell in enumerate(re.findall(r'<td class="(f|away)"', body)) if cell == "away"] for n, body in rows}
    # Dan's column (the fourth) starts at hand 2; Cat's (the third) ends after hand 3
    assert away == {1: [3], 2: [], 3: [], 4: [2]}
    assert "Bob → Rob from hand 3" in dom
    assert "Cat: house ruling: slow play → -5" in dom
    assert "Cat (left)" in dom


def test_a_player_named_by_a_prefix_or_in_lower_case_is_recorded_and_said_by_their_name(sk):
    """`adjust bo`, `rename an`, `leave c` and `join --after d` name the player the way `bid`
    does (a unique prefix, any case): the entry keeps and the reply says the name itself."""
    new_game(sk, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", dealer="Ann")
    said = [sk("adjust", "bo", "-5", "--reason", "slow play"), sk("rename", "an", "Annie"),
            sk("join", "Eve", "--after", "d"), sk("leave", "c")]  # fmt: skip
    assert [reply.splitlines()[0] for reply in said] == [
        "Hand 1: Bob -5 points (slow play).",
        "Ann is now Annie; the seat keeps its score.",
        "Eve joins hand 1, seated after Dan: joined with the score of the player in last place (Bob, -5).",
        "Cat has left before hand 1; their total is kept.",
    ]
    bodies = [entry["body"] for entry in json.loads(sk("sheet", "--format", "json"))["entries"][1:]]
    named = [(e["type"], e.get("player") or e.get("old"), e.get("after")) for e in bodies]
    assert named == [
        ("adjust", "Bob", None),
        ("rename", "Ann", None),
        ("join", "Eve", "Dan"),
        ("leave", "Cat", None),
    ]
