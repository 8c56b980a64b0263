"""Corrections, as a table makes them (RULES §6): a past hand entered wrong and corrected
several hands later, in one command, gives exactly the game entered right from the start —
standings, forfeits, every later dealer and hand size, the end, the winner. Each game is
played twice through the CLI: right from the start in one store, and wrong then corrected in
another; the two are then compared."""

import pytest

from scorekeeper import table
from scorekeeper.storage import store

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)


def picture(home):
    """Everything a correction may change, from the game as the store replays it."""
    with store.Store(home) as db:
        game = table.load(db, db.current_game())
    return {
        "hands": [
            (h.number, game.players[h.dealer], h.size, h.closed, h.points(game.players)) for h in game.hands
        ],
        "forfeits": game.forfeits,
        "finished": game.finished,
        "winners": game.winners(),
        "totals": game.totals(),
    }


def standings(sk, home):
    data = sk.json("--home", home, "standings")
    del data["game"]
    return data


class Table:
    """One game in its own store: `t(...)` runs a command on it."""

    def __init__(self, sk, home):
        self.sk, self.home = sk, home

    def __call__(self, *args):
        return self.sk("--home", self.home, *args)

    def fails(self, *args, code=1):
        return self.sk.fails("--home", self.home, *args, code=code)


@pytest.fixture
def right(sk, tmp_path):
    return Table(sk, tmp_path / "right")


@pytest.fixture
def wrong(sk, tmp_path):
    return Table(sk, tmp_path / "wrong")


def same_game(sk, right, wrong):
    assert picture(wrong.home) == picture(right.home)
    assert standings(sk, wrong.home) == standings(sk, right.home)


def hand(t, trump, bids, tricks):
    t("trump", trump)
    t("bid", *bids.split())
    return t("tricks", *tricks.split())


# --- Oh Hell --------------------------------------------------------------------------

MRPIKES_6 = ("oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
             "--set", "sizes=fixed", "--set", "start=6", "--set", "hands=5")  # fmt: skip


def test_oh_hell_pants_unmade_and_made_by_corrections(sk, right, wrong):
    # §1: made bid → 10 + tricks; missed → −(10 + |bid − tricks|); bid ≥ 5 missed → pants, once.
    right("new", *MRPIKES_6)
    hand(right, "h", "5 1 0", "5 1 0")  # Ann +15, Bob +11, Cat +10
    hand(right, "h", "2 2 2", "2 2 2")  # +12 each
    hand(right, "h", "0 6 0", "1 5 0")  # Ann −11, Bob −11 and pants, Cat +10
    hand(right, "h", "1 1 1", "4 1 1")  # Ann −13, Bob +11, Cat +11
    hand(right, "h", "2 2 2", "2 2 2")  # +12 each: Ann 15, Bob 35, Cat 55
    assert picture(right.home)["forfeits"] == {"Ann": [], "Bob": ["pants"], "Cat": []}
    assert standings(sk, right.home)["winner"] == "Cat"

    wrong("new", *MRPIKES_6)
    assert "PANTS: Ann bid 5 and took 4" in hand(wrong, "h", "5 1 0", "4 2 0")  # the wrong count
    hand(wrong, "h", "2 2 2", "2 2 2")
    hand(wrong, "h", "0 6 0", "0 6 0")  # wrong again: Bob made his 6, no pants
    hand(wrong, "h", "1 1 1", "4 1 1")
    out = wrong("tricks", "Ann=5", "Bob=1", "--hand", "1")
    assert out.startswith("Hand 1 corrected (entry 13): tricks Ann=5 Bob=1 (was tricks Ann=4 Bob=2).")
    assert "Hand 1 now scores: Ann +15 (was -11), Bob +11 (was -11), Cat +10." in out
    assert "Changed after hand 1: Ann no longer owes the pants forfeit." in out
    out = wrong("tricks", "Ann=1", "Bob=5", "--hand", "3")
    assert "Changed after hand 3: Bob now owes the pants forfeit." in out
    # The game goes on at hand 5 as it would have: entries still go to the hand in progress.
    assert sk.json("--home", wrong.home, "status")["hand"] == 5
    hand(wrong, "h", "2 2 2", "2 2 2")
    same_game(sk, right, wrong)


MRPIKES_3 = ("oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
             "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=3")  # fmt: skip


def test_oh_hell_a_correction_makes_the_tie_break_hand_unneeded(sk, right, wrong):
    right("new", *MRPIKES_3)
    hand(right, "h", "1 1 1", "1 1 1")  # +11 each
    hand(right, "h", "1 1 1", "2 1 0")  # Ann −11, Bob +11, Cat −11
    hand(right, "h", "1 1 1", "1 1 1")  # +11 each: Ann 11, Bob 33, Cat 11: Bob alone
    assert standings(sk, right.home)["winner"] == "Bob"

    wrong("new", *MRPIKES_3)
    hand(wrong, "h", "1 1 1", "1 1 1")
    hand(wrong, "h", "1 1 1", "1 1 1")  # wrong: +11 each
    out = hand(wrong, "h", "1 1 1", "1 1 1")  # 33 each: §1 a tie for the lead is played off
    assert "Ann and Bob and Cat tie for the lead: another hand at the final size" in out
    hand(wrong, "h", "1 1 1", "0 3 0")  # the tie-break hand: Ann −11, Bob −12, Cat −11: no one alone
    hand(wrong, "h", "1 1 1", "1 0 2")  # another: Ann +11, Bob −11, Cat −11: Ann 33 alone wins
    assert standings(sk, wrong.home)["winner"] == "Ann"
    out = wrong("tricks", "Ann=2", "Cat=0", "--hand", "2")
    assert "the tie-break hands are no longer needed" in out
    assert "the game now ends after hand 3" in out
    assert "what was entered for hands 4-5 no longer counts" in out
    assert "the winner is now Bob (was Ann)" in out
    same_game(sk, right, wrong)
    log = wrong("log")
    assert "no longer counts: the corrected game ended before" in log
    assert "corrected by entry 16" in log


def test_a_deal_out_of_turn_carries_the_rotation_on(sk, right, wrong):
    # §6: recorded as it happened; the rotation carries on from whoever actually dealt.
    right("new", *MRPIKES_3)
    hand(right, "h", "1 1 1", "1 1 1")
    assert "Hand 2: dealt by Cat (dealt out of turn; Bob was due)." in right("dealer", "Cat")
    status = sk.json("--home", right.home, "status")
    assert (status["dealer"], status["leader"]) == ("Cat", "Cat")  # MrPikes: the dealer leads
    hand(right, "h", "1 1 1", "1 1 1")
    assert sk.json("--home", right.home, "status")["dealer"] == "Ann"  # passes left of Cat

    wrong("new", *MRPIKES_3)
    hand(wrong, "h", "1 1 1", "1 1 1")
    hand(wrong, "h", "1 1 1", "1 1 1")
    out = wrong("dealer", "Cat", "--hand", "2")
    assert "hand 3 is now dealt by Ann: deal passes left (was Cat)" in out
    same_game(sk, right, wrong)


# --- Pick Your Poison -----------------------------------------------------------------


def poison_hand(t, trump, picks, tricks):
    t("trump", trump)
    t("poison", *picks.split())
    return t("tricks", *tricks.split())


def test_pick_your_poison_a_correction_moves_the_deal(sk, right, wrong):
    # §3: Bid made 10 + bid, missed −|off|; Blind made 20 + 2×bid, missed −2×|off|; Take +1 a
    # trick. The deal goes to the lowest total, unless that player just dealt.
    start = ("pick-your-poison", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--set", "rounds=4")
    right("new", *start)
    poison_hand(right, "s", "Ann=bid:5 Bob=take Cat=blind:2", "5 10 2")  # 15, 10, 24: Bob lowest
    assert sk.json("--home", right.home, "status")["dealer"] == "Bob"
    poison_hand(right, "h", "Ann=take Bob=bid:4 Cat=bid:5", "8 4 5")  # 23, 24, 39: Ann lowest
    poison_hand(right, "d", "Ann=blind:3 Bob=blind:1 Cat=take", "3 1 13")  # 49, 46, 52: Bob
    poison_hand(right, "c", "Ann=bid:2 Bob=bid:3 Cat=take", "2 3 12")  # 61, 59, 64
    assert standings(sk, right.home)["winner"] == "Cat"

    wrong("new", *start)
    poison_hand(wrong, "s", "Ann=bid:5 Bob=take Cat=blind:2", "5 9 3")  # Cat −2: lowest, deals
    assert sk.json("--home", wrong.home, "status")["dealer"] == "Cat"
    poison_hand(wrong, "h", "Ann=take Bob=bid:4 Cat=bid:5", "8 4 5")
    poison_hand(wrong, "d", "Ann=blind:3 Bob=blind:1 Cat=take", "3 1 13")
    poison_hand(wrong, "c", "Ann=bid:2 Bob=bid:3 Cat=take", "2 3 12")
    assert standings(sk, wrong.home)["winner"] == "Ann"
    out = wrong("tricks", "Bob=10", "Cat=2", "--hand", "1")
    assert "hand 2 is now dealt by Bob: lowest score, 10 (was Cat)" in out
    assert "hand 4 is now dealt by Bob: lowest score, 46 (was Cat)" in out
    assert "the winner is now Cat (was Ann)" in out
    same_game(sk, right, wrong)


def test_pick_your_poison_a_correction_that_breaks_a_later_pick_is_refused(sk, wrong):
    wrong("new", "pick-your-poison", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--set", "rounds=4")
    poison_hand(wrong, "s", "Ann=bid:5 Bob=take Cat=blind:2", "5 10 2")
    poison_hand(wrong, "h", "Ann=take Bob=bid:4 Cat=bid:5", "8 4 5")
    poison_hand(wrong, "d", "Ann=take Bob=blind:1 Cat=take", "3 1 13")
    before = wrong("log")
    # Ann picked Take in hands 2 and 3: a Take in hand 1 too breaks the round's quota (§3)
    assert wrong.fails("poison", "Ann=take", "--hand", "1") == (
        "refused: hand 3's picks (entry 8) no longer fit: Ann has already picked Take twice this round "
        "(at most 2 in a 4-hand round); Ann may pick bid or blind"
    )
    assert wrong("log") == before  # nothing recorded


# --- Fosdick's games ------------------------------------------------------------------


def test_four_bad_queens_a_correction_makes_the_moon(sk, right, wrong):
    # §4: Q♠ 2, other Queens 1; a declared moon: all four → declarer 0, each opponent 5;
    # fail → declarer 5, the others score the Queens they took. Lowest total wins.
    start = ("four-bad-queens", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    right("new", *start)
    right("moon", "Ann")
    right("took", "Ann", "QS", "QH", "QD", "QC")  # moon made: Ann 0, Bob 5, Cat 5
    right("took", "Bob", "QS")
    right("took", "Cat", "QH", "QD", "QC")  # Bob 2, Cat 3
    right("took", "Ann", "QH")
    right("took", "Cat", "QS", "QD")
    right("took", "Bob", "QC")  # Ann 1, Bob 1, Cat 3: totals Ann 1, Bob 8, Cat 11
    assert standings(sk, right.home)["winner"] == "Ann"

    wrong("new", *start)
    wrong("moon", "Ann")
    wrong("took", "Ann", "QS", "QH", "QD")
    wrong("took", "Bob", "QC")  # moon failed: Ann 5, Bob 1, Cat 0
    wrong("took", "Bob", "QS")
    wrong("took", "Cat", "QH", "QD", "QC")
    wrong("took", "Ann", "QH")
    wrong("took", "Cat", "QS", "QD")
    wrong("took", "Bob", "QC")  # totals Ann 6, Bob 4, Cat 6: Bob
    assert standings(sk, wrong.home)["winner"] == "Bob"
    out = wrong("took", "Ann", "QC", "--hand", "1")  # the Queen of clubs was Ann's after all
    assert "Hand 1 corrected (entry 9): Ann took QC (was Bob took QC)." in out
    assert "Hand 1 now scores: Ann +0 (was +5), Bob +5 (was +1), Cat +5 (was +0)." in out
    assert "the winner is now Ann (was Bob)" in out
    same_game(sk, right, wrong)


# --- Snakebit ---------------------------------------------------------------------------


def snake_hand(t, cursed, trump, tricks, counts):
    t("cursed", cursed)
    t("trump", trump)
    t("tricks", *tricks.split())
    return t("counts", *counts.split())


SNAKEBIT = ("snakebit", "--players", "Ann,Bob,Cat", "--dealer", "Ann")


def test_snakebit_a_correction_ends_the_game_at_minus_13(sk, right, wrong):
    # §5: +1 a trick, −1 a cursed card; the game ends with the hand where anyone reaches −13.
    right("new", *SNAKEBIT)
    snake_hand(right, "moons", "suns", "3 3 2", "Ann=8")  # Ann −5, Bob 3, Cat 2
    snake_hand(right, "suns", "waves", "3 3 2", "Ann=8")  # Ann −10, Bob 6, Cat 4
    snake_hand(right, "waves", "leaves", "3 3 2", "Ann=8")  # Ann −15: over; Bob 9 wins
    assert standings(sk, right.home)["winner"] == "Bob"

    wrong("new", *SNAKEBIT)
    snake_hand(wrong, "moons", "suns", "3 3 2", "Ann=8")
    snake_hand(wrong, "suns", "waves", "3 3 2", "Ann=4 Bob=4")  # Ann −6, Bob 2
    snake_hand(wrong, "waves", "leaves", "3 3 2", "Ann=8")  # Ann −11: the game goes on
    snake_hand(wrong, "leaves", "wyrms", "3 3 2", "Bob=8")
    out = wrong("counts", "Ann=8", "--hand", "2")
    assert "the game now ends after hand 3" in out
    assert "what was entered for hand 4 no longer counts" in out
    same_game(sk, right, wrong)


def test_snakebit_a_correction_revives_the_game(sk, right, wrong):
    right("new", *SNAKEBIT)
    snake_hand(right, "moons", "suns", "3 3 2", "Ann=8")
    snake_hand(right, "suns", "waves", "3 3 2", "Ann=4 Bob=4")
    snake_hand(right, "waves", "leaves", "3 3 2", "Ann=8")  # Ann −11: the game goes on

    wrong("new", *SNAKEBIT)
    snake_hand(wrong, "moons", "suns", "3 3 2", "Ann=8")
    snake_hand(wrong, "suns", "waves", "3 3 2", "Ann=8")
    snake_hand(wrong, "waves", "leaves", "3 3 2", "Ann=8")  # Ann −15: over
    assert standings(sk, wrong.home)["finished"] is True
    out = wrong("counts", "Ann=4", "Bob=4", "--hand", "2")
    assert "the game is no longer over: hand 4 is to be played" in out
    same_game(sk, right, wrong)
    for t in (right, wrong):  # and it goes on alike
        snake_hand(t, "leaves", "wyrms", "3 3 2", "Ann=8")
    same_game(sk, right, wrong)


# --- reneges where they belong ------------------------------------------------------------


def test_pick_your_poison_a_revoke_proved_by_a_hands_last_trick_counts_before_the_next_deal(sk, wrong):
    names = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal"
    wrong("new", "pick-your-poison", "--players", names, "--dealer", "Hal")  # 8 players: 6 cards
    wrong("trump", "2D")
    wrong("poison", *["take"] * 8)
    # Ann, left of the dealer, leads each trick with its highest card and wins it (§3)
    wrong("trick", "AS", "KS", "2C", "QS", "JS", "10S", "9S", "8S")  # Cat shows void in spades
    wrong("trick", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H")
    wrong("trick", "6H", "5H", "4H", "3H", "2H", "3C", "4C", "5C")
    wrong("trick", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C")
    wrong("trick", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D")
    out = wrong("trick", "6D", "5D", "6S", "4D", "3D", "7S", "5S", "4S")  # …and plays 6♠: the last trick
    assert "REVOKE? Cat showed void in spades in trick 1" in out
    # Take scores a point a trick: Ann 6, the rest 0; the tie for lowest goes to the first
    # met from the last dealer's left, Bob (Ann is not lowest)
    assert sk.json("--home", wrong.home, "status")["dealer"] == "Bob"
    out = wrong("renege", "Cat")  # 1 command; −4 counts in hand 1, before the deal is chosen
    assert out.startswith("Hand 1 corrected (entry 9): renege (revoke) by Cat: Cat showed void")
    assert "Hand 1 now scores: Ann +6, Bob +0, Cat -4 (was +0)" in out
    assert "hand 2 is now dealt by Cat: lowest score, -4 (was Bob)" in out
    assert sk.json("--home", wrong.home, "status")["dealer"] == "Cat"
    assert sk.json("--home", wrong.home, "status")["revoke_flags"] == []


def test_a_revoke_proved_by_the_games_last_trick_changes_the_winner(sk, wrong):
    wrong("new", *MRPIKES_3)
    hand(wrong, "h", "1 1 1", "1 1 1")  # +11 each
    hand(wrong, "h", "1 2 1", "1 2 0")  # Ann +11, Bob +12, Cat −11: 22, 23, 0
    wrong("trump", "h")
    wrong("bid", "Ann=0", "Bob=0", "Cat=3")
    wrong("trick", "QS", "2S", "3S")  # Cat deals hand 3 and leads (§1): Cat, Ann, Bob
    wrong("trick", "AS", "4S", "2C")  # Bob shows void in spades
    out = wrong("trick", "KS", "6S", "5S")  # …and plays 5♠ in the game's last trick
    assert "REVOKE? Bob showed void in spades in trick 2" in out
    # Cat bid 3 took 3: +13; Ann and Bob bid 0 took 0: +10 → Ann 32, Bob 33, Cat 13
    assert standings(sk, wrong.home)["winner"] == "Bob"
    out = wrong("renege", "Bob")  # MrPikes' renege: −10, in hand 3
    assert "Hand 3 now scores: Ann +10, Bob +0 (was +10), Cat +13." in out
    assert "the winner is now Ann (was Bob)" in out
    assert standings(sk, wrong.home)["winner"] == "Ann"
    assert wrong("verify").startswith("The 1 game verifies")


# --- the cost of a correction, and what it refuses ------------------------------------------


def test_a_correction_is_one_command(sk, right, wrong):
    right("new", *MRPIKES_6)
    wrong("new", *MRPIKES_6)
    hand(right, "s", "2 2 2", "2 2 2")
    hand(wrong, "s", "2 2 2", "3 2 1")
    for t in (right, wrong):
        for _ in range(3):
            hand(t, "h", "1 1 1", "4 1 1")
    entries_before = len(wrong("log").splitlines())
    commands = [("tricks", "Ann=2", "Cat=2", "--hand", "1")]
    for command in commands:
        wrong(*command)
    assert len(commands) == 1
    assert len(wrong("log").splitlines()) == entries_before + 1  # one entry, superseding one fact
    same_game(sk, right, wrong)


def test_refusals_of_a_correction(sk, wrong):
    wrong("new", *MRPIKES_6)
    hand(wrong, "s", "2 2 2", "2 2 2")
    wrong("trump", "h")
    assert wrong.fails("bid", "Ann=1", "--hand", "3") == "refused: hand 3 has not been dealt; hand 2 is in progress"
    assert wrong.fails("tricks", "Ann=3", "--hand", "1") == (
        "refused: tricks total 7 but hand 1 has 6 tricks (1 too many); check the count"
    )
    assert wrong.fails("bid", "Ann=7", "--hand", "1") == (
        "refused: Ann bid 7, but hand 1 has 6 cards each; bid 0 to 6"
    )
    assert wrong.fails("bid", "Ann=1", "--hand", "0", code=2) == "error: hands are numbered from 1; 0 is not a hand"
    # on the hand in progress, --hand is the same as leaving it out
    assert wrong("bid", "1", "2", "3", "--hand", "2").startswith("Hand 2: bids Ann 1, Bob 2, Cat 3")


def test_abandon_keeps_the_game_out_of_stats_and_undo_takes_it_back(sk, wrong):
    wrong("new", *MRPIKES_3, "--name", "Tuesday")
    hand(wrong, "h", "1 1 1", "1 1 1")
    assert "abandoned" in wrong("abandon")
    assert "abandoned" in wrong("games")
    assert "Tuesday" in wrong("games")
    assert wrong.fails("trump", "h") == (
        "refused: this game was abandoned; `undo` takes that back, or start another with `new`"
    )
    assert sk.json("--home", wrong.home, "stats")["games"] == 0
    wrong("undo")
    assert "abandoned" not in wrong("games")
    assert sk.json("--home", wrong.home, "stats")["games"] == 1
    wrong("trump", "h")


def test_use_takes_a_games_name_or_a_unique_prefix(sk, wrong):
    wrong("new", *MRPIKES_3, "--name", "Tuesday at Ann's")
    first = sk.json("--home", wrong.home, "status")["game"]
    wrong("new", *MRPIKES_3, "--name", "Thursday")
    assert first in wrong("use", "Tue")
    assert sk.json("--home", wrong.home, "status")["game"] == first
    assert "Thursday" in wrong("use", "thursday")
    assert wrong.fails("use", "T") == "refused: 'T' could be Tuesday at Ann's or Thursday; give more of the name"


# --- a corrected hand on the sheet, in the log, in `why`, through export and import ---------


def test_a_corrected_hand_on_the_sheet_the_log_why_and_import(sk, wrong, tmp_path):
    wrong("new", *MRPIKES_3)
    hand(wrong, "h", "1 1 1", "1 1 1")
    hand(wrong, "h", "1 1 1", "1 1 1")
    wrong("tricks", "Ann=2", "Bob=0", "--hand", "1")  # entry 7
    # §1: Ann bid 1 took 2 → −11; Bob bid 1 took 0 → −11; Cat made 1 → +11
    note = "corrected by entry 7: tricks Ann=2 Bob=0 (was tricks Ann=1 Bob=1)"
    sheet = wrong("sheet")
    assert "  1†  Ann" in sheet and f"      {note}" in sheet.splitlines()
    page = wrong("sheet", "--format", "html")
    assert "corrected by entry 7: <del>tricks Ann=1 Bob=1</del> <ins>tricks Ann=2 Bob=0</ins>" in page
    log = wrong("log")
    assert "correction of hand 1: tricks Ann=2 Bob=0" in log
    superseded = next(line for line in log.splitlines() if "tricks Ann=1 Bob=1 Cat=1" in line)
    assert "corrected by entry 7" in superseded
    why = wrong("why", "Ann", "--hand", "1")
    assert "bid 1, took 2: missed by 1 → -11" in why and note in why
    assert wrong("verify").startswith("The 1 game verifies")
    saved = tmp_path / "sheet.json"
    wrong("sheet", "--format", "json", "--output", saved)
    again = Table(sk, tmp_path / "again")
    again("import", saved)
    assert again("verify").startswith("The 1 game verifies")
    assert picture(again.home) == picture(wrong.home)
    assert again("sheet") == sheet


def test_a_comment_for_a_past_hand_goes_under_it(sk, wrong):
    # the ace was played in hand 1, though hand 2 has been dealt since
    wrong("new", *MRPIKES_3)
    hand(wrong, "h", "1 1 1", "1 1 1")
    assert wrong("comment", "Dan: 'that ace was mine'", "--hand", "1") == "Hand 1: comment noted.\n"
    sheet = wrong("sheet").splitlines()
    assert sheet[sheet.index(next(line for line in sheet if line.lstrip().startswith("1†"))) + 2] == (
        "      “Dan: 'that ace was mine'”"
    )


def test_undo_takes_a_correction_back(sk, right, wrong):
    for t in (right, wrong):
        t("new", *MRPIKES_3)
        hand(t, "h", "1 1 1", "1 1 1")
        hand(t, "h", "1 1 1", "1 1 1")
    wrong("tricks", "Ann=2", "Bob=0", "--hand", "1")
    assert wrong("undo").startswith("Undone: entry 7, correction of hand 1: tricks Ann=2 Bob=0.")
    same_game(sk, right, wrong)
    assert "corrected" not in wrong("sheet")


def test_four_bad_queens_a_correction_of_who_declared_the_moon(sk, right, wrong):
    # §4: Bob declared, not Ann, and took every Queen: Bob 0, Ann and Cat 5 each
    start = ("four-bad-queens", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    for t, declarer in ((right, "Bob"), (wrong, "Ann")):
        t("new", *start)
        t("moon", declarer)
        t("took", "Bob", "QS", "QH", "QD", "QC")
    out = wrong("moon", "Bob", "--hand", "1")
    # as entered, Ann's moon failed: Ann 5 as declarer, Bob 5 for the Queens he took, Cat 0
    assert "Hand 1 now scores: Ann +5, Bob +0 (was +5), Cat +5 (was +0)." in out
    same_game(sk, right, wrong)


def test_a_correction_names_a_renamed_player_as_they_were_called_in_that_hand(sk, right, wrong):
    # Bob hands his seat to Bea after hand 1; hand 1's tricks are then corrected for "Bea",
    # and the reply names the seat as hand 1 knew it: Bob (bid 1 took 0: -(10 + 1), rule 1)
    for t in (right, wrong):
        t("new", *MRPIKES_3)
    hand(right, "h", "1 1 1", "2 0 1")
    hand(wrong, "h", "1 1 1", "1 1 1")
    for t in (right, wrong):
        t("rename", "Bob", "Bea")
    out = wrong("tricks", "Ann=2", "Bea=0", "--hand", "1")
    assert out.startswith("Hand 1 corrected (entry 5): tricks Ann=2 Bob=0 (was tricks Ann=1 Bob=1).")
    assert "Hand 1 now scores: Ann -11 (was +11), Bob -11 (was +11), Cat +11." in out
    same_game(sk, right, wrong)


def test_oh_hell_office_a_corrected_flip(sk, right, wrong):
    # §2: the flipped card sets the hand size and the trump; a made bid scores 10 + bid
    start = ("oh-hell-office", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    for t, card in ((right, "5S"), (wrong, "5H")):
        t("new", *start)
        t("flip", card)  # 5 cards each
        t("bid", "2", "2", "1")
        t("tricks", "2", "2", "1")  # all made: Ann 12, Bob 12, Cat 11
        t("flip", "3C")
    out = wrong("flip", "5S", "--hand", "1")
    assert out.startswith("Hand 1 corrected (entry 5): flipped 5S (was flipped 5H).")
    same_game(sk, right, wrong)
    # a 4 would leave the hand a trick short: refused, naming the entry it breaks
    assert wrong.fails("flip", "4S", "--hand", "1") == (
        "refused: hand 1's tricks (entry 3) no longer fit: tricks total 5 but hand 1 has 4 tricks "
        "(1 too many); check the count"
    )


def test_four_bad_queens_a_moon_declared_by_mistake_is_withdrawn(sk, right, wrong):
    # §4: undeclared, the Queens score as taken: Ann Q♠ 2 + three Queens 1 = 5, Bob and Cat 0;
    # declared and made, Ann would have 0 and each opponent 5
    start = ("four-bad-queens", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    for t in (right, wrong):
        t("new", *start)
    wrong("moon", "Ann")
    for t in (right, wrong):
        t("took", "Ann", "QS", "QH", "QD", "QC")
    out = wrong("moon", "none", "--hand", "1")
    assert out.startswith("Hand 1 corrected (entry 3): no moon declared (was Ann shoots the moon).")
    assert "Hand 1 now scores: Ann +5 (was +0), Bob +0 (was +5), Cat +0 (was +5)." in out
    same_game(sk, right, wrong)
    assert wrong.fails("moon", "none", "--hand", "1") == (
        "refused: no moon is declared in hand 1, so there is none to withdraw"
    )
    assert wrong.fails("moon", "none") == "refused: no moon is declared in hand 2, so there is none to withdraw"
