"""Whole games of Oh Hell under the office rules (RULES.md §2, ruleset `oh-hell-office`).

Every expected number below was worked out by hand from §2:
  hand size   = min(flip value, floor(53 / players)); A 1, 2-10 face value, J/Q/K 10,
                Joker 10 with no trump. floor(53/n): 3→17, 4→13, 5→10, 6→8, 7→7, 8→6.
  standard    made non-zero → 10 + bid; made zero → 5 + cards in the hand; missed → 0.
  english     made non-zero → 10 + bid; made zero → 10;                    missed → 1 a trick taken.
The deal passes left, the player left of the dealer leads, ten hands, and a tie for first
is a shared win. Bids are simultaneous; a total equal to the tricks available rides.
"""

import pytest
from helpers import scores, status

from scorekeeper.storage import ruleset_files

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

RULESET = "oh-hell-office"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


# --- a whole game, both schemes ------------------------------------------------------------

# One row per hand, 4 players, Ann deals first: (dealer, leader = dealer's left, flipped card,
# cards each, trump, bids Ann Bob Cat Dan, tricks Ann Bob Cat Dan). 4 players: cap 13, so every
# flip deals its face value (faces and the Joker 10).
HANDS = [
    ("Ann", "Bob", "7H", 7, "H", "3 0 2 1", "3 0 3 1"),
    ("Bob", "Cat", "JK", 10, None, "2 3 0 4", "2 4 0 4"),  # a Joker: 10 cards, no trump
    ("Cat", "Dan", "AS", 1, "S", "0 0 1 0", "0 0 0 1"),  # an Ace: 1 card
    ("Dan", "Ann", "QD", 10, "D", "4 1 2 2", "5 1 2 2"),  # a Queen: 10
    ("Ann", "Bob", "3C", 3, "C", "1 1 0 1", "1 1 0 1"),  # bids total 3 = the tricks: it rides
    ("Bob", "Cat", "10S", 10, "S", "3 3 3 3", "3 2 3 2"),
    ("Cat", "Dan", "2H", 2, "H", "0 1 1 0", "0 1 0 1"),
    ("Dan", "Ann", "KC", 10, "C", "2 2 2 3", "2 2 3 3"),
    ("Ann", "Bob", "9D", 9, "D", "0 4 2 2", "1 4 2 2"),
    ("Bob", "Cat", "5H", 5, "H", "1 2 0 1", "1 2 0 2"),
]

# Standard scoring, hand by hand (points, then running totals):
#  1  Ann 3/3 →13, Bob 0/0 →5+7=12, Cat 2/3 →0, Dan 1/1 →11          13 12  0 11
#  2  Ann 2/2 →12, Bob 3/4 →0, Cat 0/0 →5+10=15, Dan 4/4 →14          25 12 15 25
#  3  Ann 0/0 →5+1=6, Bob 0/0 →6, Cat 1/0 →0, Dan 0/1 →0              31 18 15 25
#  4  Ann 4/5 →0, Bob 1/1 →11, Cat 2/2 →12, Dan 2/2 →12               31 29 27 37
#  5  Ann 1/1 →11, Bob 1/1 →11, Cat 0/0 →5+3=8, Dan 1/1 →11           42 40 35 48
#  6  Ann 3/3 →13, Bob 3/2 →0, Cat 3/3 →13, Dan 3/2 →0                55 40 48 48
#  7  Ann 0/0 →5+2=7, Bob 1/1 →11, Cat 1/0 →0, Dan 0/1 →0             62 51 48 48
#  8  Ann 2/2 →12, Bob 2/2 →12, Cat 2/3 →0, Dan 3/3 →13               74 63 48 61
#  9  Ann 0/1 →0, Bob 4/4 →14, Cat 2/2 →12, Dan 2/2 →12               74 77 60 73
# 10  Ann 1/1 →11, Bob 2/2 →12, Cat 0/0 →5+5=10, Dan 1/2 →0           85 89 70 73
STANDARD_TOTALS = [
    (13, 12, 0, 11), (25, 12, 15, 25), (31, 18, 15, 25), (31, 29, 27, 37), (42, 40, 35, 48),
    (55, 40, 48, 48), (62, 51, 48, 48), (74, 63, 48, 61), (74, 77, 60, 73), (85, 89, 70, 73),
]  # fmt: skip

# English scoring, the same hands: a made zero is a flat 10, a miss earns 1 a trick taken.
#  1  13, 10, Cat 2/3 →3, 11                                          13 10  3 11
#  2  12, Bob 3/4 →4, Cat zero →10, 14                                25 14 13 25
#  3  Ann zero →10, Bob zero →10, Cat 1/0 →0, Dan 0/1 →1              35 24 13 26
#  4  Ann 4/5 →5, 11, 12, 12                                          40 35 25 38
#  5  11, 11, Cat zero →10, 11                                        51 46 35 49
#  6  13, Bob 3/2 →2, 13, Dan 3/2 →2                                  64 48 48 51
#  7  Ann zero →10, 11, Cat 1/0 →0, Dan 0/1 →1                        74 59 48 52
#  8  12, 12, Cat 2/3 →3, 13                                          86 71 51 65
#  9  Ann 0/1 →1, 14, 12, 12                                          87 85 63 77
# 10  11, 12, Cat zero →10, Dan 1/2 →2                                98 97 73 79
ENGLISH_TOTALS = [
    (13, 10, 3, 11), (25, 14, 13, 25), (35, 24, 13, 26), (40, 35, 25, 38), (51, 46, 35, 49),
    (64, 48, 48, 51), (74, 59, 48, 52), (86, 71, 51, 65), (87, 85, 63, 77), (98, 97, 73, 79),
]  # fmt: skip


def play_game(sk, totals):
    for number, ((dealer, leader, card, size, trump, bids, tricks), after) in enumerate(
        zip(HANDS, totals, strict=True), start=1
    ):
        before = status(sk)
        assert (before["hand"], before["dealer"], before["leader"]) == (number, dealer, leader)
        assert before["hands_planned"] == 10
        assert before["needs"] == ["flip", "bids", "tricks"]
        assert before["cards"] is None  # the flip decides
        said = sk("flip", card)
        flipped = status(sk)
        assert (flipped["cards"], flipped["trump"]) == (size, trump)
        assert flipped["needs"] == ["bids", "tricks"]  # a Joker's no-trump is known, not pending
        assert said.startswith(f"Hand {number}: {'1 card' if size == 1 else f'{size} cards'} each, ")
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())
        assert scores(sk) == dict(zip(NAMES, after, strict=True)), f"after hand {number}"


def test_a_standard_game_of_ten_flipped_hands(sk):
    sk("new", RULESET, "--players", ",".join(NAMES), "--location", "the office")
    play_game(sk, STANDARD_TOTALS)
    standings = sk.json("standings")
    assert standings["finished"] is True
    assert standings["hands_played"] == 10  # ten hands, no more (§2 End)
    assert standings["winner"] == "Bob"
    assert [(p["name"], p["score"], p["place"]) for p in standings["players"]] == [
        ("Bob", 89, 1), ("Ann", 85, 2), ("Dan", 73, 3), ("Cat", 70, 4),
    ]  # fmt: skip
    assert status(sk)["needs"] == []
    assert sk.fails("flip", "4H") == (
        "refused: the game is over; start another with `new`, or `undo` the last entry to correct it"
    )


def test_an_english_game_of_the_same_hands_changes_the_winner(sk):
    sk("new", RULESET, "--players", ",".join(NAMES), "--set", "scoring=english")
    play_game(sk, ENGLISH_TOTALS)
    standings = sk.json("standings")
    assert standings["finished"] is True
    assert standings["winner"] == "Ann"
    assert [(p["name"], p["score"]) for p in standings["players"]] == [
        ("Ann", 98), ("Bob", 97), ("Dan", 79), ("Cat", 73),
    ]  # fmt: skip


def test_the_status_text_shows_the_size_and_the_trump_the_flip_set(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--dealer", "Cat")
    text = sk("status")
    assert "Dealer: Cat (first dealer); cards set by the flip" in text
    assert "Leads: Dan" in text  # the player left of the dealer (§2)
    assert sk("flip", "9c").startswith("Hand 1: 9 cards each, trump ♣ (9C).")
    text = sk("status")
    assert "Dealer: Cat (first dealer); 9 cards each" in text
    assert "Trump: ♣ (9C)" in text
    sk("undo")
    assert sk("flip", "joker").startswith("Hand 1: 10 cards each, no trump (JK).")
    assert "Trump: no trump (JK)" in sk("status")


# --- hand sizes for every flip and player count ---------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
# min(value, floor(53 / players)), by hand: 3, 4 and 5 players are never capped (17, 13, 10);
# 6 players: 9 and up count 8 (the post's own rule); 7: 8 and up count 7; 8: 7 and up count 6.
SIZES = {
    3: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10],
    4: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10],
    5: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10],
    6: [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8],
    7: [1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7],
    8: [1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6],
}
SUITS = ["S", "H", "D", "C"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("count", sorted(SIZES))
def test_hand_size_and_trump_for_every_flip(sk, count):
    sk("new", RULESET, "--players", ",".join(PLAYERS[:count]))
    for i, (rank, size) in enumerate(zip(RANKS, SIZES[count], strict=True)):
        suit = None if rank == "JK" else SUITS[i % 4]
        sk("flip", rank + (suit or ""))
        now = status(sk)
        assert (now["cards"], now["trump"]) == (size, suit), f"{count} players, flipped {rank}"
        assert now["legal_bids"]["Ann"] == list(range(size + 1))
        sk("undo")


def test_nine_players_are_too_many_and_two_too_few(sk):
    assert sk.fails("new", RULESET, "--players", ",".join([*PLAYERS, "Ivy"])) == (
        "refused: oh-hell-office is for 3-8 players, not 9; name 3 to 8 players with --players"
    )
    assert sk.fails("new", RULESET, "--players", "Ann,Bob") == (
        "refused: oh-hell-office is for 3-8 players, not 2; name 3 to 8 players with --players"
    )


def test_a_flipped_joker_with_seven_players_is_seven_cards_and_no_trump(sk):
    sk("new", RULESET, "--players", ",".join(PLAYERS[:7]))
    sk("flip", "JK")
    now = status(sk)
    assert (now["cards"], now["trump"], now["needs"]) == (7, None, ["bids", "tricks"])  # min(10, 7)
    sk("bid", "1", "1", "1", "1", "1", "1", "0")  # six bids of 1: total 6 of 7
    out = sk("tricks", "1", "1", "1", "1", "1", "1", "1")
    # Ann..Fay made 1 → 11 each; Gus bid 0 and took 1 → 0 (standard: a miss scores nothing)
    assert scores(sk) == {"Ann": 11, "Bob": 11, "Cat": 11, "Dan": 11, "Eve": 11, "Fay": 11, "Gus": 0}
    assert "Next: hand 2, Bob deals (deal passes left), size from the flip; Cat leads." in out


# --- the Joker re-flip house option ---------------------------------------------------


def test_without_the_option_a_flipped_joker_stands(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat")
    sk("flip", "JK")
    assert sk.fails("flip", "5H") == (
        "refused: hand 1's flipped Joker stands (10 cards, no trump): this game does not shuffle it "
        "back (house option joker_reflip is off); `undo` the flip to correct it"
    )
    assert status(sk)["cards"] == 10


def test_with_the_option_a_joker_goes_back_and_another_card_is_flipped(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat", "--set", "joker_reflip=true")
    sk("flip", "JK")
    sk("flip", "JK")  # the other Joker may come up too, and go back again
    sk("flip", "5h")
    assert (status(sk)["cards"], status(sk)["trump"]) == (5, "H")
    # only a Joker goes back: a 5 stands
    assert sk.fails("flip", "6h") == (
        "refused: hand 1 already has its flip (5H); only a flipped Joker may be shuffled back and "
        "another flipped; `undo` the flip to correct it"
    )


def test_the_joker_goes_back_only_before_any_bid(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat", "--set", "joker_reflip=true")
    sk("flip", "JK")
    sk("bid", "Bob=4")
    assert sk.fails("flip", "5h") == (
        "refused: bids are already recorded for this hand, so the flip can no longer change; `undo` them first"
    )
    sk("undo")
    sk("flip", "5h")
    assert status(sk)["cards"] == 5


def test_a_card_that_is_not_a_joker_cannot_be_flipped_again(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat")
    sk("flip", "KS")
    assert sk.fails("flip", "2S") == (
        "refused: hand 1 already has its flip (KS); only a flipped Joker may be shuffled back and "
        "another flipped; `undo` the flip to correct it"
    )


# --- what the office game refuses -----------------------------------------------------


def test_office_refusals(sk):
    sk("new", RULESET, "--players", "Ann,Bob,Cat")
    assert sk.fails("trump", "hearts") == (
        "refused: trump is not recorded in oh-hell-office: the flipped card sets it (use `flip`)"
    )
    assert (
        sk.fails("bid", "1", "1", "1") == "refused: flip the card that sets the hand size first (`flip CARD`)"
    )
    assert sk.fails("tricks", "1", "1", "1") == "refused: record the flip before the tricks"
    sk("flip", "3d")
    assert sk.fails("bid", "Ann=4") == "refused: Ann bid 4, but hand 1 has 3 cards each; bid 0 to 3"
    sk("bid", "1", "1", "1")  # total 3 = the tricks available: simultaneous bids ride (§2)
    assert sk.fails("tricks", "1", "1", "0") == (
        "refused: tricks total 2 but hand 1 has 3 tricks (1 too few); check the count"
    )


def test_mrpikes_flips_no_card(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk.fails("flip", "7h") == (
        "refused: oh-hell-mrpikes does not flip a card for the hand size (hand 1 is 10 cards each); "
        "record the trump with `trump`"
    )


def test_a_tie_for_first_after_the_last_hand_is_a_shared_win(sk):
    # hands=1 shortens the game; the tie rule is the office's own: no tie-break hands (§2 End)
    sk("new", RULESET, "--players", "Ann,Bob,Cat", "--set", "hands=1")
    sk("flip", "2h")
    sk("bid", "1", "1", "0")
    sk("tricks", "1", "1", "0")  # Ann 10 + 1 = 11, Bob 11, Cat made zero: 5 + 2 = 7
    standings = sk.json("standings")
    assert standings["finished"] is True
    assert (standings["winner"], standings["winners"]) == (None, ["Ann", "Bob"])
    assert [(p["name"], p["score"], p["place"]) for p in standings["players"]] == [
        ("Ann", 11, 1), ("Bob", 11, 1), ("Cat", 7, 3),
    ]  # fmt: skip


def test_the_office_file_is_what_rules_md_says(sk):
    _, ruleset = ruleset_files.load(RULESET)
    assert (ruleset.min_players, ruleset.max_players, ruleset.deck) == (3, 8, "french-54")
    assert (ruleset.leader, ruleset.dealer, ruleset.jokers) == ("left-of-dealer", "left", "jester")
    assert (ruleset.sizes.hands, ruleset.end.tie_break, ruleset.pants.enabled) == (10, False, False)
    text = sk("rules", RULESET)
    assert "17 for 3, 13 for 4, 10 for 5, 8 for 6, 7 for 7, 6 for 8 players" in text
    assert "  scoring=standard [standard|english]" in text
    assert "End: after 10 hands; highest total wins; a tie for first is a shared win." in text


# --- the flipped card stays out of play; trump broken after a Joker lead -----------------------


def test_the_flipped_card_is_out_of_play(sk):
    # seeds/oh-hell-indeed-office-rules.txt: a card is flipped before the deal to set the hand
    # size and trump; RULES.md §2 reads it as staying face up beside the deck, out of play
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan")  # Ann deals, Bob leads
    sk("flip", "7H")
    sk("bid", "1", "1", "1", "1")
    assert sk.fails("trick", "2H", "3H", "7H", "4H") == (
        "refused: 7♥ is the card turned up for this hand: it is nobody's and is not played to a trick; check the cards"
    )
    assert sk.json("trick", "2H", "3H", "8H", "4H")["winner"] == "Dan"
    assert "  upcard_out=true  the flipped card stays face up beside the deck, out of play" in sk("rules", RULESET)


def test_a_flipped_joker_leaves_one_joker_to_play(sk):
    # RULES.md §2: "a flipped Joker leaves only the other Joker to be played"
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan")
    sk("flip", "JK")  # 10 cards, no trump
    sk("bid", "0", "0", "0", "0")
    assert sk.fails("trick", "JK", "2C", "JK", "3C") == (
        "refused: one Joker is the card turned up for this hand, face up and nobody's, so only 1 may be "
        "played; check the cards"
    )
    sk("trick", "JK", "2C", "4C", "3C")  # Bob's Joker: a jester, Dan's 4♣ wins
    assert sk.fails("trick", "JK", "5C", "6C", "7C") == (
        "refused: one Joker is the card turned up for this hand, face up and nobody's, so only 1 may be "
        "played; check the cards"
    )


def test_trump_may_be_led_unbroken_to_the_last_trick_where_nobody_holds_anything_else(sk):
    # RULES.md §2: trump must be broken before it is led, unless the leader holds nothing else;
    # to a hand's last trick each player holds one card, so nothing else
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--set", "must_break=true")
    sk("flip", "AH")  # 1 card each, hearts trump; Bob leads
    sk("bid", "0", "1", "0", "0")
    assert sk.fails("trick", "7H", "8S", "9S", "10S", "--forced", code=2) == (
        "error: --forced is for leading trump (hearts) before it is broken; this lead needs no excuse, so leave it out"
    )
    assert sk.json("trick", "7H", "8S", "9S", "10S")["winner"] == "Bob"
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--set", "must_break=true")
    sk("flip", "2H")  # 2 cards each: trick 1 is not the last, trick 2 is
    sk("bid", "1", "0", "0", "0")
    assert "trump (hearts) is not broken yet" in sk.fails("trick", "7H", "8S", "9S", "10S")
    assert sk.json("trick", "2C", "3C", "4C", "5C")["winner"] == "Ann"  # Ann's 5♣; hearts still unbroken
    assert sk.json("trick", "7H", "8S", "9S", "10S")["winner"] == "Ann"


def test_a_table_that_deals_the_flipped_card_plays_it(sk):
    # RULES.md §2: "a table that deals it can switch that off"
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--set", "upcard_out=false")
    sk("flip", "JK")
    sk("bid", "0", "0", "0", "0")
    out = sk.json("trick", "JK", "2C", "JK", "3C")  # both Jokers: jesters, clubs led by Cat's 2♣
    assert (out["winner"], out["card"]) == ("Ann", "3C")


def test_after_a_joker_lead_the_player_who_sets_the_suit_may_not_set_an_unbroken_trump(sk):
    # RULES.md §2: with trump-must-be-broken on, the player who sets the led suit after a Joker
    # lead is leading in effect: not an unbroken trump unless they hold nothing else
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--set", "must_break=true")
    sk("flip", "5H")  # 5 cards, hearts trump
    sk("bid", "1", "1", "1", "1")
    assert sk.fails("trick", "JK", "7H", "2C", "3C") == (
        "refused: trump (hearts) is not broken yet, so Cat may not set the led suit after the Joker lead "
        "with 7♥; if Cat holds only hearts, add --forced"
    )
    # a suit other than trump is fine, and Dan's 7♥ on the club lead breaks hearts: Dan takes it
    assert sk.json("trick", "JK", "2C", "7H", "3C")["winner"] == "Dan"
    assert sk.json("trick", "8H", "9H", "10H", "JH")["winner"] == "Cat"  # Dan may lead hearts now
    # a setter who holds nothing but trump says so with --forced
    sk("new", RULESET, "--players", "Ann,Bob,Cat,Dan", "--set", "must_break=true")
    sk("flip", "5H")
    sk("bid", "1", "1", "1", "1")
    out = sk.json("trick", "JK", "2H", "4C", "5C", "--forced")  # Cat's 2♥ sets hearts: trump wins
    assert (out["winner"], out["led"]) == ("Cat", "H")
