"""An evening at the table replayed through `play`, then read back in every front end: what
each one shows must be what happened (names as they were in each hand, a newcomer's start
apart from the hand's points, reneges and rulings in the hand's row, a player who left
marked, tie-break hands named as such, a correction's reply naming the hand's players).

Oh Hell! (MrPikes' house rules, RULES.md §1), 2 cards a hand for 4 hands, then tie-breaks at
the final size (end.tie_break). Scoring rule 1: a made bid scores 10 + tricks, a made zero
10, a miss -(10 + the difference); the revoke renege costs -10 at once (reneges 1); a
newcomer starts with the score of the player in last place (join_score).

  hand 1, Ann deals, Ann Bob Cat: Ann 1/1 +11, Bob 1/1 +11, Cat 0/0 +10      -> 11 11 10
  Dan joins (hand 2 is dealt again to four): he starts with Cat's 10, last place
  hand 2, Bob deals: Ann 0/0 +10, Bob 2/1 -11, Cat 0/0 +10 and a revoke -10 -> 0,
          Dan 1/1 +11                                                         -> 21 0 10 21
  Ann is renamed Fay; Bob is ruled -5 (slow play); Cat leaves after hand 3
  hand 3, Cat deals: Fay 1/1 +11, Bob 0/0 +10 - 5 -> 5, Cat 1/1 +11, Dan 0/0 +10
                                                                              -> 32 5 21 31
  hand 4, Dan deals, Fay Bob Dan: Fay 0/0 +10, Bob 1/1 +11, Dan 1/1 +11       -> 42 16 42
  Fay and Dan tie for the lead: hand 5 is tie-break 1
  hand 5, Fay deals: Fay 1/1 +11, Bob 0/0 +10, Dan 0/1 -11                    -> 53 26 31
  Fay wins; Cat's 21 stands below Bob's 26 and is marked as left.
  Then the table's ruling on hand 1, after the game: Ann (now Fay) +1 -> Fay 54.
"""

import csv
import io
import json

from test_serve import Served
from test_session import play, session_on

EVENING = [
    "new oh-hell-mrpikes --players Ann,Bob,Cat --set sizes=fixed --set hands=4 --set start=2",
    "label --location \"Ann's kitchen\" --scorer Bob",
    # hand 1, Ann deals
    "h", "Ann=1 Bob=1 Cat=0", "Ann=1 Bob=1 Cat=0",
    "join Dan",
    # hand 2, Bob deals
    "s", "Ann=0 Bob=2 Cat=0 Dan=1", "renege Cat --note \"club on a spade lead\"", "Ann=0 Bob=1 Cat=0 Dan=1",
    "rename Ann Fay",
    "adjust Bob -5 --reason \"slow play\"",
    # hand 3, Cat deals; Cat leaves after it
    "d", "leave Cat", "Fay=1 Bob=0 Cat=1 Dan=0", "Fay=1 Bob=0 Cat=1 Dan=0",
    # hand 4, Dan deals
    "c", "Fay=0 Bob=1 Dan=1", "Fay=0 Bob=1 Dan=1",
    # hand 5, tie-break 1, Fay deals
    "h", "Fay=1 Bob=0 Dan=0", "Fay=1 Bob=0 Dan=1",
]  # fmt: skip


def evening(sk):
    result = play(*EVENING)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_play_says_what_happened_as_it_happens(sk):
    out = evening(sk)
    assert "Cat       bid 0 took 0  +10, renege -10 → 0  10" in out  # hand 2: +10 and the revoke
    assert "Dan joined with the score of the player in last place (Cat, 10)" in out
    assert "Dan       bid 1 took 1  +11                  21" in out  # the hand's +11, not his start's
    assert "Bob       bid 0 took 0  +10, ruling -5 → 5  5" in out  # hand 3's row
    assert "Standings: 1. Fay 32 · 2. Dan 31 · 3. Bob 5 · 4. Cat 21 (left)" in out
    assert "Next: hand 5 (tie-break 1), Fay deals" in out and "Hand 5 (tie-break 1) scored:" in out
    assert "of 4" not in out.split("Hand 4 scored:")[1]  # never "hand 5 of 4"
    assert "Standings: 1. Fay 53 · 2. Dan 31 · 3. Bob 26 · 4. Cat 21 (left)" in out
    assert out.count("Chain digest after hand") == 5
    assert all(len(line) <= 80 for line in out.splitlines() if line.startswith("Chain digest after"))


def test_plays_bottom_bar_marks_the_player_who_left(home, sk):
    evening(sk)
    one, _ = session_on(home)
    one.sync()
    assert one.toolbar() == "game over · 1. Fay 53  2. Dan 31  3. Bob 26  4. Cat 21 (left)"
    sk("undo")  # hand 5's tricks: the tie-break hand is under way again
    one.sync()
    assert one.toolbar().startswith("hand 5 (tie-break 1) · Fay deals · 1. Fay 42  1. Dan 42  3. Bob 16  4. Cat 21 (left)")
    assert "In progress: hand 5 (tie-break 1), under way." in sk("standings")


def test_a_correction_names_the_players_of_the_corrected_hand_as_they_were(sk):
    evening(sk)
    said = sk("adjust", "Fay", "1", "--reason", "t", "--hand", "1")
    # hand 1 was Ann, Bob and Cat: Dan was not dealt in, Cat has left since, Fay was Ann
    assert "Hand 1 now scores: Ann +12 (was +11), Bob +11, Cat +10." in said
    assert "Cat (left)" in said  # the standings under it
    said = sk("tricks", "Fay=0", "Bob=2", "--hand", "1")  # Ann bid 1 took 0: -11, and the +1; Bob 1 took 2: -11
    assert said.startswith("Hand 1 corrected (entry 23): tricks Ann=0 Bob=2 (was tricks Ann=1 Bob=1).")
    assert "Hand 1 now scores: Ann -10 (was +12), Bob -11 (was +11), Cat +10." in said


def test_why_names_each_hand_as_it_was(sk):
    evening(sk)
    hand1 = sk.json("why", "Fay", "--hand", "1")["hands"][0]
    assert (hand1["player"], hand1["dealer"], hand1["points"]) == ("Ann", "Ann", 11)
    assert "Hand 1 (Ann deals, 2 cards, trump ♥): +11 — as Ann, bid 1, took 1 trick" in sk("why", "Fay")
    dan = sk.json("why", "Dan", "--hand", "2")
    assert dan["hands"][0]["points"] == 11 and dan["hands"][0]["start"]["points"] == 10
    assert dan["total"] == 21
    assert sk("why", "Dan", "--hand", "2").startswith("Dan in hand 2 of Oh Hell! (MrPikes' house rules): +11\n")
    assert [i["rule"] for i in dan["hands"][0]["items"]] == ["exact_bid"]  # the start is not an item of the hand
    text = sk("why", "Dan")
    assert "    +10  Dan joined with the score of the player in last place (Cat, 10)" in text
    assert "Total: 10 + 11 + 10 + 11 - 11 = 31" in text  # the start, then hands 2 to 5
    cat = sk.json("why", "Cat", "--hand", "2")["hands"][0]
    assert (cat["points"], cat["said"]) == (0, "+10, renege -10 → 0")
    assert "Hand 5 (tie-break 1, Fay deals, 2 cards, trump ♥): +11" in sk("why", "Fay")
    assert "1 cards" not in sk("why", "Fay") and "1 trick" in sk("why", "Fay")


def test_every_sheet_format_shows_the_evening_as_it_was(sk):
    evening(sk)
    text = sk("sheet")
    header = next(line for line in text.splitlines() if line.startswith("hand"))
    assert "Ann → Fay from hand 3" in header and "Cat (left)" in header
    assert "Location: Ann's kitchen" in text and "Scorer: Bob" in text
    rows = {line.split()[0].rstrip("‡"): line for line in text.splitlines() if line[:4].strip().rstrip("‡").isdigit() and line.startswith(" ")}
    assert rows["1"].split()[1] == "Ann"  # Ann dealt hand 1: not "Fay"
    assert "bid 0 took 0 +10, renege -10 → 0" in rows["2"]
    assert "bid 0 took 0 +10, ruling -5 → 5" in rows["3"]
    assert "      Dan joined with the score of the player in last place (Cat, 10)" in text
    assert "      tie-break 1" in text and "renege by Cat (revoke, -10): club on a spade lead" in text

    sheet = json.loads(sk("sheet", "--format", "json"))
    hands = sheet["hands"]
    assert (sheet["location"], sheet["scorer"]) == ("Ann's kitchen", "Bob")
    # hand 1 was Ann's, under her name then (the seat is Fay's from hand 3), as every sheet says
    assert hands[0]["dealer"] == "Ann" and hands[0]["players"]["Ann"]["name"] == "Ann" and "Fay" not in hands[0]["players"]
    assert hands[2]["players"]["Fay"]["name"] == "Fay"
    assert hands[1]["points"]["Dan"] == 11 and hands[1]["starts"] == {"Dan": 10}
    assert hands[1]["players"]["Cat"]["said"] == "+10, renege -10 → 0"
    assert hands[2]["players"]["Bob"]["said"] == "+10, ruling -5 → 5"
    assert hands[4]["tie_break"] == 1 and "tie_break" not in hands[3]
    assert sheet["renames"] == [{"hand": 3, "old": "Ann", "new": "Fay"}]
    assert [p.get("left", False) for p in sheet["standings"]["players"]] == [False, False, False, True]

    rows = list(csv.reader(io.StringIO(sk("sheet", "--format", "csv"))))
    head = next(i for i, row in enumerate(rows) if row[:1] == ["hand"])
    table = [dict(zip(rows[head], row, strict=True)) for row in rows[head + 1 :]]
    dan2 = next(r for r in table if r["hand"] == "2" and r["player"] == "Dan")
    assert (dan2["start"], dan2["points"], dan2["total"]) == ("10", "11", "21")
    assert next(r for r in table if r["hand"] == "1" and r["player"] == "Ann")["total"] == "11"
    ruled = [r["player"] for r in table if "slow play" in r["comments"]]
    assert ruled == ["Bob"]  # in the row of the player it is about, not in everyone's

    markdown = sk("sheet", "--format", "markdown")
    assert "Ann → Fay from hand 3" in markdown and "Cat (left)" in markdown
    page = sk("sheet", "--format", "html")
    assert "Ann → Fay from hand 3" in page and "(21, left)" in page  # the chart keeps Cat's line
    assert ".mark { display: inline-block; font-size: 7pt; font-weight: bold; color: #000" in page


def test_the_log_names_each_entry_as_it_was_made(sk):
    evening(sk)
    log = sk("log")
    assert "bids Ann=1 Bob=1 Cat=0" in log and "Ann is now Fay" in log and "Dan joins" in log


def test_the_phone_is_given_the_evening_as_it_was(home, sk):
    evening(sk)
    server = Served(home)
    try:
        state = json.loads(server.get("/api/state"))
    finally:
        server.stop()
    sheet = state["sheet"]
    assert sheet["headers"] == ["Ann → Fay from hand 3", "Bob", "Cat (left)", "Dan"]
    rows = {row["hand"]: row for row in sheet["rows"]}
    assert rows[1]["info"][1] == "Ann" and rows[1]["cells"][0]["name"] == "Ann"
    assert rows[2]["cells"][2]["facts"] == "bid 0 took 0 +10, renege -10 → 0"
    assert rows[2]["cells"][3]["points"] == "11"
    assert "Dan joined with the score of the player in last place (Cat, 10)" in rows[2]["notes"]
    assert rows[5]["tie_break"] == 1 and "tie-break 1" in rows[5]["notes"]
    assert state["standings_line"] == "1. Fay 53 · 2. Dan 31 · 3. Bob 26 · 4. Cat 21 (left)"
    assert state["standings"]["players"][-1] == {"name": "Cat", "score": 21, "place": 4, "forfeits": [], "left": True}
    assert "Cat (21, left)" in state["chart_small"]
    assert (state["game"]["location"], state["game"]["scorer"]) == ("Ann's kitchen", "Bob")


def test_label_is_an_entry_of_its_own(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Friday")
    said = sk("label", "--location", "Ann's kitchen", "--scorer", "Bob")
    assert said.endswith("name Friday; location Ann's kitchen; scorer Bob; `undo` takes that back.\n")
    assert "label: location “Ann's kitchen”, scorer “Bob”" in sk("log")
    assert "Location: Ann's kitchen" in sk("sheet")
    sk("undo")
    assert "Location:" not in sk("sheet")
    assert sk.fails("label", code=2) == "error: say what to set: --name, --location or --scorer (e.g. --location \"Ann's kitchen\")"
    assert sk.fails("label", "--name", "Friday", code=1) == "refused: the game is already labelled so; nothing to change"
    assert "label" in play("help").stdout  # a command `play` knows


def test_one_order_in_each_front_end_and_the_short_poisons(sk):
    # Pick Your Poison (RULES.md §3): picks go in turn from the dealer's left. On a command
    # line bare values go in seating order; in `play` the prompt takes them in turn.
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    assert "Picking order: Bob, Cat, Ann (bare values go in seating order: Ann, Bob, Cat)" in sk("status")
    inside = play("status", "help").stdout
    assert "Picking order: Bob, Cat, Ann (bare values go in this order)" in inside
    assert "in the order it names the players (Bob, Cat, Ann):" in inside
    assert "poisons     2 b1 t 0" in inside and "trump       h" in inside
    sk("trump", "s")
    said = sk("poison", "Bob=t", "Cat=b1", "Ann=2")  # take, a blind bid of 1, a bid of 2
    assert said.startswith("Hand 1: poisons Bob take, Cat blind 1, Ann bid 2.")


def test_help_in_play_offers_only_what_this_game_takes_in_whole_sentences(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    out = play("help").stdout
    answers = out.split("Or type")[0]
    assert "  trump       h            (a suit, or the card turned up: 7h)" in answers  # no `none`: refused here
    assert "none" not in answers and "took " not in answers and "poisons " not in answers
    assert "in the order it names the players (Bob, Cat, Ann):" in answers
    assert "  abandon     Mark the game abandoned; `undo` takes it back.\n" in out
    assert "  join        A player joins from the next hand to be dealt.\n" in out
    assert "..." not in out  # no summary cut short


def test_help_in_play_lists_the_answers_each_game_takes_from_what_its_hands_need(sk):
    # Euchre makes trump (`make`) and records the makers' tricks as one number; Spades bids
    # and records tricks, with no trump to record (spades always)
    sk("new", "euchre", "--players", "Ann,Bob,Cat,Dan")
    answers = play("help").stdout.split("Or type")[0].splitlines()
    assert answers[-3:] == [
        "Answer the prompt with bare values, in the order it names the players (Bob, Cat, Dan, Ann):",
        "  make        Bob h        (who made trump, and the suit; or pass)",
        "  tricks      3            (the makers' tricks, one number; or the hand card by card: QS 2S 3S)",
    ]
    sk("new", "spades", "--players", "Ann,Bob,Cat,Dan")
    answers = play("help").stdout.split("Or type")[0].splitlines()
    assert answers[-3:] == [
        "Answer the prompt with bare values, in the order it names the players (Bob, Cat, Dan, Ann):",
        "  bids        2 1 0 3 1    (or Ann=2 Bob=1; a few at a time as they are made)",
        "  tricks      2 1 1 5 1    (or the hand card by card: one trick a line, leader first: QS 2S 3S)",
    ]


def test_cruel_fates_sheet_shows_each_hands_points_and_the_pass(sk):
    # RULES.md §4, Cruel Fate: the winner of the last trick scores 0, every opponent 1; three
    # players pass right, left, hold. The facts ("last") alone would not show the +1s.
    sk("new", "cruel-fate", "--players", "Ann,Bob,Cat")
    sk("last", "Bob")
    row = next(line for line in sk("sheet").splitlines() if line.startswith("   1"))
    assert row.split() == ["1", "Ann", "10", "right", "+1", "1", "0", "last", "0", "+1", "1"]
    assert json.loads(sk("sheet", "--format", "json"))["hands"][0]["pass"] == "right"
