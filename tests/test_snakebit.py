"""Snakebit and Poison Nonesuch (RULES.md §5), kept like score sheets, with every refusal.

Every expected total below was worked out by hand from §5:
  each hand: +1 per trick taken, -1 per card bearing the cursed suit taken;
  the 24 number cards are dealt out: 8 each (3 players, 8 tricks), 6 each (4 players, 6 tricks);
  exactly 8 number cards bear any one suit, so a hand's points sum to tricks - 8:
  0 with 3 players, -2 with 4 players (the running sums below are checked against that).
  A player holds at most (players × tricks taken) cursed cards.
  The player left of the dealer leads; the deal passes left.
  snakebit: over after the hand in which anyone has -13 or less; highest total wins.
  poison-nonesuch: exactly six hands, whatever the scores.
  No suit is cursed twice, or trump twice, in hands 1-6 (7-12, … after the piles are reshuffled).
"""

from fractions import Fraction
from pathlib import Path

import pytest
from helpers import examples, ruleset_document, scores, split
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import cards, engine, errors, events, scoring
from scorekeeper.storage import ruleset_files

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"

# The number cards bearing each suit, ranks 2 to 9, from the Decktet's published card list.
BEARING = {
    "moons": ["Author", "Journey", "Mountain", "Forest", "Lunatic", "Chance Meeting", "Diplomat", "Pact"],
    "suns": ["Desert", "Painter", "Mountain", "Discovery", "Penitent", "Castle", "Diplomat", "Pact"],
    "waves": ["Origin", "Journey", "Sailor", "Discovery", "Lunatic", "Cave", "Mill", "Darkness"],
    "leaves": ["Origin", "Savage", "Sailor", "Forest", "Market", "Chance Meeting", "Mill", "Merchant"],
    "wyrms": ["Desert", "Savage", "Battle", "Soldier", "Penitent", "Cave", "Betrayal", "Darkness"],
    "knots": ["Author", "Painter", "Battle", "Soldier", "Market", "Castle", "Betrayal", "Merchant"],
}


# --- helpers -----------------------------------------------------------------------------


def record_cursed_cards(sk, entry):
    """A dict {player: [cards]} is named with `took`, one entry per player; a string is
    one `counts` entry."""
    if isinstance(entry, dict):
        for player, taken in entry.items():
            sk("took", player, *taken)
    else:
        sk("counts", *entry.split())


def play_sheet(sk, names, sheet, ruleset):
    """Play a score sheet row by row: check who deals and leads and the cards each before
    the hand, record cursed suit, trump, tricks and the cursed cards (tricks first on odd
    hands, last on even ones: either order is accepted), then check the running totals."""
    size = 8 if len(names) == 3 else 6
    for number, dealer, leader, cursed, trump, tricks, taken, totals in sheet:
        status = sk.json("status")
        assert (status["hand"], status["dealer"], status["leader"]) == (number, dealer, leader)
        assert status["cards"] == size
        assert status["needs"] == ["cursed", "trump", "tricks", "took"]
        sk("cursed", cursed)
        sk("trump", trump)
        status = sk.json("status")
        assert (status["cursed"], status["trump"]) == (cursed, trump)  # shown once recorded
        if number % 2:
            sk("tricks", *tricks.split())
            record_cursed_cards(sk, taken)
        else:
            record_cursed_cards(sk, taken)
            sk("tricks", *tricks.split())
        assert scores(sk) == dict(zip(names, totals, strict=True)), f"after hand {number}"
        assert sum(totals) == number * (size - 8)
    standings = sk.json("standings")
    assert standings["ruleset"] == ruleset
    assert standings["hands_played"] == sheet[-1][0]


def assert_over(sk, winner, places):
    standings = sk.json("standings")
    assert standings["finished"] is True
    assert standings["winner"] == winner
    assert standings["winners"] == [winner]
    assert [(p["name"], p["score"], p["place"]) for p in standings["players"]] == places
    status = sk.json("status")
    assert status["finished"] is True
    assert status["needs"] == []
    err = sk.fails("cursed", "moons")
    assert (
        err == "refused: the game is over; start another with `new`, or `undo` the last entry to correct it"
    )


def new_hand(sk, ruleset="snakebit", players="Ann,Bob,Cat", cursed="moons", trump="suns", *options):
    sk("new", ruleset, "--players", players, *options)
    sk("cursed", cursed)
    sk("trump", trump)


# --- the deck model's facts as Snakebit uses them ------------------------------------------


def test_the_24_number_cards_are_dealt_8_or_6_each():
    deck = cards.deck("decktet-24")
    assert len(deck.cards) == 24
    assert sorted({c.rank for c in deck.cards}) == list(range(2, 10))  # no Ace, Pawn, Court, Crown
    assert all(len(c.suits) == 2 for c in deck.cards)  # every number card bears two suits
    _, ruleset = ruleset_files.load(str(RULESETS / "snakebit.toml"))
    assert [len(deck.cards) // n for n in (3, 4)] == [8, 6]
    from scorekeeper.core import schedule

    assert schedule.hand_size(ruleset, 3, 1) == 8
    assert schedule.hand_size(ruleset, 4, 7) == 6


@pytest.mark.parametrize("suit", cards.DECKTET_SUITS)
def test_each_suit_is_on_exactly_8_number_cards_one_per_rank(suit):
    deck = cards.deck("decktet-24")
    bearing = [c for c in deck.cards if c.bears(suit)]
    assert sorted(c.rank for c in bearing) == list(range(2, 10))
    assert [c.name for c in sorted(bearing, key=lambda c: c.rank)] == BEARING[suit]


@pytest.mark.parametrize("suit", cards.DECKTET_SUITS)
def test_the_cursed_cards_of_a_hand_are_the_8_bearing_the_cursed_suit(suit):
    _, ruleset = ruleset_files.load(str(RULESETS / "snakebit.toml"))
    cursed = scoring.scoring_cards(ruleset.phase(1), cards.deck("decktet-24"), suit)
    assert sorted(c.name for c in cursed) == sorted(BEARING[suit])


@pytest.mark.parametrize(
    "text",
    ["chance-meeting", "Chance Meeting", "CHANCE MEETING", "chance_meeting", "ChanceMeeting",
     "7 moons/leaves", "7 Leaves/Moons", "7 leaves moons"],
)  # fmt: skip
def test_a_two_word_name_can_be_typed(text):
    assert cards.parse_card(text, cards.deck("decktet-24")).name == "Chance Meeting"


@pytest.mark.parametrize("text", ["Diplomat", "diplomat", "8 moons/suns", "8 Suns/Moons", "8 mo/su"])
def test_a_card_by_name_or_rank_and_suits(text):
    assert cards.parse_card(text, cards.deck("decktet-24")).name == "Diplomat"


# --- whole games ---------------------------------------------------------------------------

# Three players; two of them pass -13 in the same hand (the sixth), which ends the game.
# hand, dealer, leader, cursed, trump, tricks (Ann Bob Cat), cursed cards, totals
THREE_PLAYER_SNAKEBIT = [
    # Ann 1 - 3 = -2; Bob 2 - 5 = -3; Cat 5 - 0 = +5
    (1, "Ann", "Bob", "moons", "suns", "1 2 5",
     {"Ann": ["Author", "Journey", "8 moons/suns"],
      "Bob": ["Mountain", "Forest", "Lunatic", "chance-meeting", "Pact"]},
     (-2, -3, 5)),
    # Ann 2 - 5 = -3; Bob 1 - 3 = -2; Cat 5 - 0 = +5
    (2, "Bob", "Cat", "waves", "wyrms", "2 1 5", "5 3 0", (-5, -5, 10)),
    # Ann 2 - 4 = -2; Bob 1 - 3 = -2; Cat 5 - 1 = +4
    (3, "Cat", "Ann", "leaves", "moons", "2 1 5", "Ann=4 Bob=3 Cat=1", (-7, -7, 14)),
    # Ann 1 - 2 = -1; Bob 2 - 6 = -4 (6 = 3 × 2, the most 2 tricks can hold); Cat 5
    (4, "Ann", "Bob", "knots", "waves", "1 2 5", "Ann=2 Bob=6", (-8, -11, 19)),
    # Ann 2 - 4 = -2; Bob 2 - 3 = -1; Cat 4 - 1 = +3
    (5, "Bob", "Cat", "suns", "leaves", "2 2 4", "4 3 1", (-10, -12, 22)),
    # Ann 2 - 5 = -3 -> -13; Bob 1 - 3 = -2 -> -14: both reach -13 in this hand; Cat +5
    (6, "Cat", "Ann", "wyrms", "knots", "2 1 5",
     {"Ann": ["Desert", "Savage", "Battle", "Soldier", "Penitent"],
      "Bob": ["Cave", "Betrayal", "Darkness"]},
     (-13, -14, 27)),
]  # fmt: skip


def test_three_player_snakebit_ends_when_two_players_pass_minus_13_in_one_hand(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    play_sheet(sk, ["Ann", "Bob", "Cat"], THREE_PLAYER_SNAKEBIT[:5], "snakebit")
    status = sk.json("status")
    assert status["hands_planned"] is None  # snakebit ends on the score, not a count
    assert status["piles"] == {"cursed": ["wyrms"], "trump": ["knots"]}  # the sixth hand is forced
    _, _, _, cursed, trump, tricks, taken, _ = THREE_PLAYER_SNAKEBIT[5]  # checked below
    sk("cursed", cursed)
    sk("trump", trump)
    record_cursed_cards(sk, taken)
    out = sk("tricks", *tricks.split())
    assert "Game over: Cat wins." in out
    assert scores(sk) == {"Cat": 27, "Ann": -13, "Bob": -14}
    assert_over(sk, "Cat", [("Cat", 27, 1), ("Ann", -13, 2), ("Bob", -14, 3)])


# Four players, eight hands: the piles are reshuffled after hand 6, so hand 7 may repeat
# hand 1's suits; Dan reaches -14 in hand 8.
# hand, dealer, leader, cursed, trump, tricks (Ann Bob Cat Dan), cursed cards, totals
FOUR_PLAYER_SNAKEBIT = [
    # 2-2=0, 2-2=0, 1-2=-1, 1-2=-1; cursed and trump the same suit
    (1, "Dan", "Ann", "moons", "moons", "2 2 1 1", "2 2 2 2", (0, 0, -1, -1)),
    # 1-1=0, 2-1=+1, 2-3=-1, 1-3=-2
    (2, "Ann", "Bob", "suns", "waves", "1 2 2 1", "1 1 3 3", (0, 1, -2, -3)),
    # 3-2=+1, 1-0=+1, 1-3=-2, 1-3=-2
    (3, "Bob", "Cat", "waves", "suns", "3 1 1 1", "Ann=2 Cat=3 Dan=3", (1, 2, -4, -5)),
    # 2-3=-1, 2-3=-1, 2-2=0, 0-0=0
    (4, "Cat", "Dan", "leaves", "knots", "2 2 2 0", "3 3 2 0", (0, 1, -4, -5)),
    # 1-0=+1, 1-1=0, 2-2=0, 2-5=-3
    (5, "Dan", "Ann", "wyrms", "leaves", "1 1 2 2", "0 1 2 5", (1, 1, -4, -8)),
    # 2-1=+1, 2-2=0, 1-1=0, 1-4=-3 (4 = 4 × 1, the most one trick holds)
    (6, "Ann", "Bob", "knots", "wyrms", "2 2 1 1", "1 2 1 4", (2, 1, -4, -11)),
    # reshuffled: Moons again. 2-3=-1, 1-2=-1, 2-2=0, 1-1=0
    (7, "Bob", "Cat", "moons", "moons", "2 1 2 1",
     {"Ann": ["Author", "Journey", "Mountain"], "Bob": ["Forest", "Lunatic"],
      "Cat": ["Chance Meeting", "Diplomat"], "Dan": ["Pact"]},
     (1, 0, -4, -11)),
    # 1-1=0, 3-1=+2, 1-2=-1, 1-4=-3 -> Dan -14: over
    (8, "Cat", "Dan", "suns", "waves", "1 3 1 1", "1 1 2 4", (1, 2, -5, -14)),
]  # fmt: skip


def test_four_player_snakebit_reshuffles_the_piles_after_six_hands(sk):
    names = ["Ann", "Bob", "Cat", "Dan"]
    sk("new", "snakebit", "--players", ",".join(names), "--dealer", "Dan")
    play_sheet(sk, names, FOUR_PLAYER_SNAKEBIT[:3], "snakebit")
    # hand 4: a suit already cursed in hands 1-6 is refused, naming what is left
    assert sk.fails("cursed", "suns") == (
        "refused: Suns was already the cursed suit in hand 2, and each Ace turns up once in "
        "hands 1-6; check the flipped Ace (still in the pile: Leaves, Wyrms, Knots)"
    )
    play_sheet(sk, names, FOUR_PLAYER_SNAKEBIT[3:4], "snakebit")
    sk("cursed", "wyrms")
    assert sk.fails("trump", "suns") == (
        "refused: Suns was already the trump suit in hand 3, and each Crown turns up once in "
        "hands 1-6; check the flipped Crown (still in the pile: Leaves, Wyrms)"
    )
    sk("undo")
    play_sheet(sk, names, FOUR_PLAYER_SNAKEBIT[4:6], "snakebit")
    # every Ace and Crown has turned up: the piles are reshuffled for hand 7
    assert sk.json("status")["piles"] == {
        "cursed": list(cards.DECKTET_SUITS),
        "trump": list(cards.DECKTET_SUITS),
    }
    play_sheet(sk, names, FOUR_PLAYER_SNAKEBIT[6:7], "snakebit")
    assert sk.fails("cursed", "moons") == (
        "refused: Moons was already the cursed suit in hand 7, and each Ace turns up once in "
        "hands 7-12; check the flipped Ace (still in the pile: Suns, Waves, Leaves, Wyrms, Knots)"
    )
    play_sheet(sk, names, FOUR_PLAYER_SNAKEBIT[7:], "snakebit")
    assert_over(sk, "Bob", [("Bob", 2, 1), ("Ann", 1, 2), ("Cat", -5, 3), ("Dan", -14, 4)])


# Poison Nonesuch, three players: Bob is at -14 after hand 3, and the game goes on.
# hand, dealer, leader, cursed, trump, tricks (Ann Bob Cat), cursed cards, totals
THREE_PLAYER_NONESUCH = [
    # 2-0=+2, 3-8=-5 (all eight), 3-0=+3
    (1, "Ann", "Bob", "moons", "knots", "2 3 3", {"Bob": BEARING["moons"]}, (2, -5, 3)),
    # 3, 3-8=-5, 2
    (2, "Bob", "Cat", "suns", "moons", "3 3 2", "Bob=8", (5, -10, 5)),
    # 4-1=+3, 2-6=-4, 2-1=+1
    (3, "Cat", "Ann", "waves", "suns", "4 2 2", "1 6 1", (8, -14, 6)),
    # 2-4=-2, 3-0=+3, 3-4=-1
    (4, "Ann", "Bob", "leaves", "waves", "2 3 3", "4 0 4", (6, -11, 5)),
    # 3-2=+1, 3-1=+2, 2-5=-3
    (5, "Bob", "Cat", "wyrms", "leaves", "3 3 2",
     {"Ann": ["Desert", "Savage"], "Bob": ["Battle"],
      "Cat": ["Soldier", "Penitent", "Cave", "Betrayal", "Darkness"]},
     (7, -9, 2)),
    # 2-3=-1, 2-3=-1, 4-2=+2
    (6, "Cat", "Ann", "knots", "wyrms", "2 2 4", "3 3 2", (6, -10, 4)),
]  # fmt: skip


def test_three_player_poison_nonesuch_is_six_hands_whatever_the_scores(sk):
    names = ["Ann", "Bob", "Cat"]
    sk("new", "poison-nonesuch", "--players", "Ann,Bob,Cat")
    assert sk.json("status")["hands_planned"] == 6
    play_sheet(sk, names, THREE_PLAYER_NONESUCH[:5], "poison-nonesuch")
    assert sk.json("status")["piles"] == {"cursed": ["knots"], "trump": ["wyrms"]}
    assert sk.fails("cursed", "moons") == (
        "refused: Moons was already the cursed suit in hand 1, and each Ace turns up once in "
        "hands 1-6; check the flipped Ace (still in the pile: Knots)"
    )
    assert sk.fails("trump", "moons") == (
        "refused: Moons was already the trump suit in hand 2, and each Crown turns up once in "
        "hands 1-6; check the flipped Crown (still in the pile: Wyrms)"
    )
    play_sheet(sk, names, THREE_PLAYER_NONESUCH[5:], "poison-nonesuch")
    assert_over(sk, "Ann", [("Ann", 6, 1), ("Cat", 4, 2), ("Bob", -10, 3)])


# hand, dealer, leader, cursed, trump, tricks (Ann Bob Cat Dan), cursed cards, totals
FOUR_PLAYER_NONESUCH = [
    # 2-2=0, 1-1=0, 2-3=-1, 1-2=-1
    (1, "Bob", "Cat", "knots", "knots", "2 1 2 1", "2 1 3 2", (0, 0, -1, -1)),
    # 1-0=+1, 1-4=-3, 2-1=+1, 2-3=-1
    (2, "Cat", "Dan", "wyrms", "leaves", "1 1 2 2", "0 4 1 3", (1, -3, 0, -2)),
    # 3-4=-1, 0-0=0, 1-2=-1, 2-2=0
    (3, "Dan", "Ann", "leaves", "wyrms", "3 0 1 2", "Ann=4 Cat=2 Dan=2", (0, -3, -1, -2)),
    # 1-1=0, 2-1=+1, 2-3=-1, 1-3=-2
    (4, "Ann", "Bob", "waves", "suns", "1 2 2 1", "1 1 3 3", (0, -2, -2, -4)),
    # 2-2=0, 2-2=0, 1-2=-1, 1-2=-1
    (5, "Bob", "Cat", "suns", "moons", "2 2 1 1",
     {"Ann": ["Desert", "Painter"], "Bob": ["Mountain", "Discovery"],
      "Cat": ["Penitent", "Castle"], "Dan": ["Diplomat", "Pact"]},
     (0, -2, -3, -5)),
    # 0-0=0, 3-2=+1, 2-2=0, 1-4=-3
    (6, "Cat", "Dan", "moons", "waves", "0 3 2 1", "0 2 2 4", (0, -1, -3, -8)),
]  # fmt: skip


def test_four_player_poison_nonesuch(sk):
    names = ["Ann", "Bob", "Cat", "Dan"]
    sk("new", "poison-nonesuch", "--players", ",".join(names), "--dealer", "Bob")
    play_sheet(sk, names, FOUR_PLAYER_NONESUCH[:5], "poison-nonesuch")
    sk("cursed", "moons")
    assert sk.fails("trump", "knots") == (
        "refused: Knots was already the trump suit in hand 1, and each Crown turns up once in "
        "hands 1-6; check the flipped Crown (still in the pile: Waves)"
    )
    sk("undo")
    play_sheet(sk, names, FOUR_PLAYER_NONESUCH[5:], "poison-nonesuch")
    assert_over(sk, "Ann", [("Ann", 0, 1), ("Bob", -1, 2), ("Cat", -3, 3), ("Dan", -8, 4)])


def test_the_hands_that_poison_nonesuch_plays_through_end_snakebit(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    play_sheet(sk, ["Ann", "Bob", "Cat"], THREE_PLAYER_NONESUCH[:3], "snakebit")
    # Bob is at -14 after hand 3: Snakebit is over, Ann (8) ahead of Cat (6)
    assert_over(sk, "Ann", [("Ann", 8, 1), ("Cat", 6, 2), ("Bob", -14, 3)])


def test_the_threshold_is_an_option(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat", "--set", "threshold=-5")
    play_sheet(sk, ["Ann", "Bob", "Cat"], THREE_PLAYER_NONESUCH[:1], "snakebit")
    # Bob 3 - 8 = -5 reaches the table's -5: over after hand 1; Cat (3) beats Ann (2)
    assert_over(sk, "Cat", [("Cat", 3, 1), ("Ann", 2, 2), ("Bob", -5, 3)])


def test_exactly_minus_13_ends_snakebit_and_minus_12_does_not(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    # -4 a hand for Ann (2 tricks, 6 cursed) and +4 for Bob (4 tricks, 0), Cat 2 - 2 = 0
    for n, (cursed, trump) in enumerate((("moons", "suns"), ("suns", "waves"), ("waves", "moons")), start=1):
        sk("cursed", cursed)
        sk("trump", trump)
        sk("tricks", "2", "4", "2")
        sk("counts", "6", "0", "2")
        assert scores(sk)["Ann"] == -4 * n
    assert sk.json("status")["finished"] is False  # -12 is not -13
    sk("cursed", "leaves")
    sk("trump", "leaves")
    sk("tricks", "2", "5", "1")
    sk("counts", "Ann=3", "Cat=3", "Bob=2")  # Ann 2 - 3 = -1 -> -13; Bob 5 - 2 = 3 -> 15; Cat 1 - 3 = -2
    assert_over(sk, "Bob", [("Bob", 15, 1), ("Cat", -2, 2), ("Ann", -13, 3)])


def test_a_tie_for_the_highest_total_is_a_shared_win(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat", "--set", "threshold=-4")
    sk("cursed", "knots")
    sk("trump", "moons")
    sk("tricks", "Ann=3", "Bob=3", "Cat=2")
    out = sk("counts", "Ann=1", "Bob=1", "Cat=6")  # 3-1=2, 3-1=2, 2-6=-4 (6 = 3 × 2)
    assert "Game over: a shared win for Ann and Bob." in out
    standings = sk.json("standings")
    assert (standings["winner"], standings["winners"]) == (None, ["Ann", "Bob"])
    assert [(p["name"], p["place"]) for p in standings["players"]] == [("Ann", 1), ("Bob", 1), ("Cat", 3)]


# --- refusals: each records nothing --------------------------------------------------------


def test_a_card_not_bearing_the_cursed_suit_is_refused_naming_it(sk):
    new_hand(sk)
    assert sk.fails("took", "Ann", "Author", "Mill") == (
        "refused: Mill (8 Waves/Leaves) does not bear the cursed suit, Moons; record only the "
        "cards bearing Moons: Author, Journey, Mountain, Forest, Lunatic, Chance Meeting, Diplomat, Pact"
    )
    assert sk.json("status")["needs"] == ["tricks", "took"]
    sk("took", "Ann", "Author")  # Author was not recorded by the refused entry
    # the wording of this refusal is captures.py's; what matters here is who holds the card
    assert sk.fails("took", "Bob", "Author").startswith(
        "refused: Author (2 Moons/Knots) was already taken by Ann"
    )


@pytest.mark.parametrize(
    "typed, message",
    [
        (
            ["Huntress"],
            "error: Huntress (Crown of Moons) is not in the 24-card Decktet, which has only the number cards 2 to 9",
        ),
        (
            ["Ace of Moons"],
            "error: Ace of Moons is not in the 24-card Decktet, which has only the number cards 2 to 9",
        ),
        (["Chance", "Meeting"], "error: 'Chance Meeting' is one card: put it in quotes, \"Chance Meeting\""),
        (
            ["Pact", "8", "moons/suns"],
            "error: '8 moons/suns' is one card: put it in quotes, \"8 moons/suns\"",
        ),
    ],
)
def test_cards_outside_the_24_or_unquoted_are_usage_errors(sk, typed, message):
    new_hand(sk)
    assert sk.fails("took", "Ann", *typed, code=2) == message
    assert sk.json("status")["needs"] == ["tricks", "took"]


@pytest.mark.parametrize(
    "counts, message",
    [
        (
            ["3", "4", "0"],
            "refused: cursed cards total 7, but exactly 8 number cards bear Moons and every one is taken (1 too few); check the counts",
        ),
        (
            ["Ann=9"],
            "refused: cursed cards total 9, but exactly 8 number cards bear Moons and every one is taken (1 too many); check the counts",
        ),
        (["Ann=4", "Bob=4", "Cat=-1"], "refused: Cat cannot take fewer than 0 cursed cards"),
        (
            ["4", "4"],
            "refused: 2 cursed-card counts for 3 players; give one per player in seating order (Ann, Bob, Cat) or use NAME=VALUE",
        ),
        (["Ann=4", "Zed=4"], "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat"),
    ],
)
def test_counts_must_account_for_all_8_cursed_cards_at_once(sk, counts, message):
    new_hand(sk)
    assert sk.fails("counts", *counts) == message
    assert sk.json("status")["needs"] == ["tricks", "took"]


def test_a_count_that_is_not_a_number_is_a_usage_error(sk):
    new_hand(sk)
    assert (
        sk.fails("counts", "Ann=x", "Bob=8", code=2)
        == "error: Ann's cursed-card count 'x' is not a whole number"
    )


def test_counts_are_given_once(sk):
    new_hand(sk)
    sk("counts", "Ann=5", "Bob=3")
    assert sk.fails("counts", "Ann=4", "Bob=4") == (
        "refused: the cursed cards of hand 1 are already counted (Ann 5, Bob 3, Cat 0); `undo` that entry to change them"
    )
    sk("undo")
    sk("counts", "Ann=4", "Bob=4")
    sk("tricks", "3", "3", "2")
    assert scores(sk) == {"Cat": 2, "Ann": -1, "Bob": -1}  # 3-4, 3-4, 2-0


def test_named_cards_and_counts_do_not_mix_in_one_hand(sk):
    new_hand(sk)
    sk("took", "Ann", "Diplomat")
    assert sk.fails("counts", "Ann=5", "Bob=3") == (
        "refused: the cursed cards of this hand are being named with `took`; name the rest the "
        "same way, or `undo` those entries to give counts instead"
    )
    sk("undo")
    sk("counts", "Ann=5", "Bob=3")
    assert sk.fails("took", "Ann", "Diplomat") == (
        "refused: the cursed cards of this hand were recorded as counts; `undo` them to name cards"
    )


CAP = (
    "refused: Cat would hold 4 cursed cards but took 1 trick, at most 3 cards (3 to a trick); "
    "check Cat's tricks and cursed cards, and `undo` an earlier entry if that one is wrong"
)
CAP_ZERO = (
    "refused: Bob would hold 1 cursed card but took 0 tricks, at most 0 cards (3 to a trick); "
    "check Bob's tricks and cursed cards, and `undo` an earlier entry if that one is wrong"
)


@pytest.mark.parametrize(
    "first, second, message",
    [
        (("tricks", "4", "3", "1"), ("counts", "2", "2", "4"), CAP),
        (("counts", "2", "2", "4"), ("tricks", "4", "3", "1"), CAP),
        (("tricks", "4", "0", "4"), ("took", "Bob", "Pact"), CAP_ZERO),
        (("took", "Bob", "Pact"), ("tricks", "4", "0", "4"), CAP_ZERO),
    ],
)
def test_nobody_holds_more_cursed_cards_than_players_times_tricks(sk, first, second, message):
    new_hand(sk)
    sk(*first)
    assert sk.fails(*second) == message
    assert sk.json("standings")["hands_played"] == 0


def test_the_cap_allows_exactly_players_times_tricks(sk):
    new_hand(sk)
    sk("tricks", "4", "3", "1")
    sk("counts", "2", "3", "3")  # Cat: 3 cursed in 1 trick of 3 cards
    assert scores(sk) == {"Ann": 2, "Bob": 0, "Cat": -2}  # 4-2, 3-3, 1-3


def test_the_hand_waits_for_all_8_cursed_cards(sk):
    new_hand(sk)
    sk("tricks", "4", "2", "2")
    sk("took", "Ann", *BEARING["moons"][:3])
    sk("took", "Bob", *BEARING["moons"][3:7])
    status = sk.json("status")
    assert (status["hand"], status["needs"]) == (1, ["took"])
    assert "To record: the cursed cards each player took (`took NAME CARD…` or `counts …`)" in sk("status")
    out = sk("took", "Cat", "Pact")
    assert "Hand 1 scored:" in out
    assert "Cat       took 2 (1 cursed)" in out
    assert scores(sk) == {"Ann": 1, "Bob": -2, "Cat": 1}  # 4-3, 2-4, 2-1


@pytest.mark.parametrize(
    "entry, message",
    [
        (("tricks", "3", "3", "2"), "refused: record the cursed suit before the tricks"),
        (("counts", "5", "3", "0"), "refused: record the cursed suit before the cursed cards"),
        (("took", "Ann", "Diplomat"), "refused: record the cursed suit before the cards taken"),
    ],
)
def test_play_results_wait_for_the_cursed_suit(sk, entry, message):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    assert sk.fails(*entry) == message


def test_play_results_wait_for_the_trump(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    sk("cursed", "moons")
    assert sk.fails("tricks", "3", "3", "2") == "refused: record the trump before the tricks"


def test_the_crown_always_names_a_trump(sk):
    sk("new", "poison-nonesuch", "--players", "Ann,Bob,Cat")
    assert sk.fails("trump", "none") == (
        "refused: the Crown turned up always names a trump suit in Snakebit; record its suit, e.g. `trump moons`"
    )
    assert sk.json("status")["needs"] == ["cursed", "trump", "tricks", "took"]


@pytest.mark.parametrize(
    "suit, message",
    [
        ("none", "error: the cursed suit cannot be none; name the suit of the flipped Ace"),
        ("w", "error: 'w' could be waves or wyrms; type more letters, e.g. wa or wy"),
        (
            "hearts",
            "error: 'hearts' is not a Decktet suit; use moons, suns, waves, leaves, wyrms or knots (or their first letters), or none",
        ),
    ],
)
def test_a_cursed_suit_that_is_not_a_decktet_suit_is_a_usage_error(sk, suit, message):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    assert sk.fails("cursed", suit, code=2) == message


def test_tricks_must_total_the_cards_each(sk):
    new_hand(sk, "snakebit", "Ann,Bob,Cat,Dan")
    assert sk.fails("tricks", "2", "2", "2", "2") == (
        "refused: tricks total 8 but hand 1 has 6 tricks (2 too many); check the count"
    )


def test_the_suits_cannot_change_once_play_is_recorded(sk):
    new_hand(sk)
    sk("counts", "8", "0", "0")
    assert sk.fails("cursed", "waves") == (
        "refused: play results are already recorded for hand 1, so the cursed suit can no longer change; `undo` them first"
    )
    assert sk.fails("trump", "waves") == (
        "refused: play results are already recorded for hand 1, so the trump can no longer change; `undo` them first"
    )


def test_a_suit_recorded_again_in_the_same_hand_replaces_it(sk):
    new_hand(sk)
    sk("cursed", "waves")  # the scorer misread the Ace: still hand 1, nothing played
    assert sk.json("status")["cursed"] == "waves"
    assert sk.json("status")["piles"]["cursed"] == ["moons", "suns", "leaves", "wyrms", "knots"]


def test_counts_in_a_game_without_a_cursed_suit_are_refused(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk.fails("counts", "8", "0", "0") == (
        "refused: oh-hell-mrpikes has no cursed suit, so there are no cursed cards to count"
    )


@pytest.mark.parametrize("ruleset", ["snakebit", "poison-nonesuch"])
@pytest.mark.parametrize("players, count", [("Ann,Bob", 2), ("Ann,Bob,Cat,Dan,Eve", 5)])
def test_three_or_four_players(sk, ruleset, players, count):
    assert sk.fails("new", ruleset, "--players", players) == (
        f"refused: {ruleset} is for 3-4 players, not {count}; name 3 to 4 players with --players"
    )
    assert "No games yet" in sk("games")


# --- status, options, rules ---------------------------------------------------------------


def test_status_shows_the_cursed_suit_and_trump_once_recorded(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Cat")
    text = sk("status")
    assert "Dealer: Cat (first dealer); 6 cards each" in text
    assert "Trump: not recorded yet" in text
    assert "Cursed: not recorded yet" in text
    assert "Leads: Dan" in text  # left of the dealer
    sk("cursed", "wyrms")
    sk("trump", "kn")
    text = sk("status")
    assert "Cursed: Wyrms" in text
    assert "Trump: Knots" in text
    assert "Aces left (cursed): Moons, Suns, Waves, Leaves, Knots" in text
    assert "Crowns left (trump): Moons, Suns, Waves, Leaves, Wyrms" in text
    data = sk.json("status")
    assert (data["cursed"], data["trump"], data["leader"], data["cards"]) == ("wyrms", "knots", "Dan", 6)


def test_piles_replace_lets_a_suit_come_back_at_once(sk):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat", "--set", "piles=replace")
    for _ in range(2):
        sk("cursed", "moons")
        sk("trump", "moons")
        sk("tricks", "3", "3", "2")
        sk("counts", "3", "3", "2")
    assert scores(sk) == {"Ann": 0, "Bob": 0, "Cat": 0}
    assert "piles" not in sk.json("status")


def test_leader_option_lets_the_dealer_lead(sk):
    sk("new", "poison-nonesuch", "--players", "Ann,Bob,Cat", "--dealer", "Bob", "--set", "leader=dealer")
    assert sk.json("status")["leader"] == "Bob"
    assert sk.fails("new", "snakebit", "--players", "Ann,Bob,Cat", "--set", "leader=right", code=2) == (
        "error: --set leader: choose one of left-of-dealer, dealer"
    )


def test_rules_state_the_readings_and_options(sk):
    text = sk("rules", "snakebit")
    assert "End: after the hand in which a player reaches -13 or lower; highest total wins" in text
    assert "read as leads" in text
    assert "threshold=-13" in text
    assert "piles=reshuffle [reshuffle|replace]" in text
    text = sk("rules", "poison-nonesuch")
    assert "End: after 6 hands; highest total wins" in text


def test_undo_reopens_a_hand_closed_by_counts(sk):
    new_hand(sk)
    sk("tricks", "3", "3", "2")
    sk("counts", "3", "3", "2")
    assert sk.json("status")["hand"] == 2
    assert "Undone: entry" in sk("undo")
    status = sk.json("status")
    assert (status["hand"], status["needs"]) == (1, ["took"])
    assert scores(sk) == {"Ann": 0, "Bob": 0, "Cat": 0}


# --- properties, on the engine directly ------------------------------------------------------


def start(players: int, ruleset: str = "snakebit") -> engine.Game:
    origin, document = ruleset_document(RULESETS / f"{ruleset}.toml")
    names = ",".join(["Ann", "Bob", "Cat", "Dan"][:players])
    game = engine.start(table.new_event(origin, document, names, None, "", "", "", []))
    engine.apply(game, events.CursedSet(hand=1, suit="moons"))
    engine.apply(game, events.TrumpSet(hand=1, suit="suns"))
    return game


@st.composite
def hands(draw):
    players = draw(st.sampled_from([3, 4]))
    return players, split(draw, 24 // players, players), split(draw, 8, players), draw(st.booleans())


@settings(max_examples=examples(300), deadline=None)
@given(hands())
def test_any_counts_within_the_cap_score_tricks_minus_cursed_in_either_order(hand):
    players, tricks, counts, tricks_first = hand
    game = start(players)
    names = game.players
    entries = [
        events.TricksRecorded(hand=1, tricks=dict(zip(names, tricks, strict=True))),
        events.CursedCounted(hand=1, counts=dict(zip(names, counts, strict=True))),
    ]
    if not tricks_first:
        entries.reverse()
    engine.apply(game, entries[0])
    within = all(c <= players * t for t, c in zip(tricks, counts, strict=True))
    if not within:
        with pytest.raises(errors.RuleViolation):
            engine.apply(game, entries[1])
        return
    engine.apply(game, entries[1])
    assert game.hands[0].closed
    points = game.hands[0].points(names)
    assert points == {p: Fraction(t - c) for p, t, c in zip(names, tricks, counts, strict=True)}
    assert sum(points.values()) == 24 // players - 8  # 0 with 3 players, -2 with 4


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from([3, 4]), st.data())
def test_naming_the_cursed_cards_scores_as_counting_them(players, data):
    owners = data.draw(st.lists(st.integers(0, players - 1), min_size=8, max_size=8))
    tricks = split(data.draw, 24 // players, players)
    counts = [owners.count(seat) for seat in range(players)]
    named, counted = start(players), start(players)
    names = named.players
    if any(c > players * t for t, c in zip(tricks, counts, strict=True)):
        return  # the cap, tested above
    for game in (named, counted):
        engine.apply(game, events.TricksRecorded(hand=1, tricks=dict(zip(names, tricks, strict=True))))
    engine.apply(counted, events.CursedCounted(hand=1, counts=dict(zip(names, counts, strict=True))))
    for seat in sorted(set(owners)):
        mine = [BEARING["moons"][i] for i, owner in enumerate(owners) if owner == seat]
        assert not named.hands[0].closed  # the hand waits until all 8 are named
        engine.apply(named, events.CardsTaken(hand=1, player=names[seat], cards=mine))
    assert named.hands[0].closed and counted.hands[0].closed
    assert named.totals() == counted.totals()


# --- naming the flipped Ace and Crown ------------------------------------------------------


def test_the_flipped_crown_and_ace_may_be_named_as_turned_up(sk):
    # seeds/snakebit-decktet.txt: "The Ace card will determine the cursed suit, and the Crown card
    # will determine the trump suit"; the scorer may type the card seen (CLI: trump SUIT|CARD)
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    assert sk("cursed", "Ace of Moons").startswith("Hand 1: cursed suit Moons.")
    assert sk("trump", "the sea").startswith("Hand 1: trump Waves (Sea).")
    status = sk.json("status")
    assert (status["cursed"], status["trump"]) == ("moons", "waves")
    assert sk.fails("cursed", "Sea", code=2) == (
        "error: Sea (Crown of Waves) is a Crown: it sets the trump (`trump Sea`); name the flipped Ace here"
    )
    assert sk.fails("trump", "ace of knots", code=2) == (
        "error: Ace of Knots is an Ace: it sets the cursed suit (`cursed Ace of Knots`); name the flipped "
        "Crown here"
    )
    # §5: +1 a trick, -1 a cursed card: Ann 3 - 2, Bob 2 - 5, Cat 3 - 1
    sk("tricks", "3", "2", "3")
    sk("counts", "2", "5", "1")
    assert scores(sk) == {"Ann": 1, "Bob": -3, "Cat": 2}
    # hand 2: the Crown of Waves came up in hand 1, so `trump Sea` is a repeat within the pile
    sk("cursed", "suns")
    assert sk.fails("trump", "Sea").startswith("refused: Waves was already the trump suit in hand 1")


# --- the stricter lead reading, and the cursed cards still unassigned ---------------------------


def test_the_stricter_lead_reading_is_an_option(sk):
    # seeds/snakebit-decktet.txt: "Players may not lead either the trump suit or the cursed suit
    # until those suits have been broken"; RULES.md §5 reads it as declaring the led suit, and
    # the stricter reading (no card bearing such a suit is led) is an option
    new_hand(sk)  # cursed moons, trump suns; Ann deals, Bob leads
    assert sk.json("trick", "Journey", "Sailor", "Origin", "--led", "waves")["winner"] == "Cat"  # Sailor 4
    new_hand(sk, "snakebit", "Ann,Bob,Cat", "moons", "suns", "--set", "strict_lead=true")
    assert sk.fails("trick", "Journey", "Sailor", "Origin", "--led", "waves") == (
        "refused: the cursed suit (moons) is not broken yet and Journey (3 Moons/Waves) bears it, so Bob may "
        "not lead Journey (3 Moons/Waves) at all (the strict lead rule); if every card Bob holds bears it, add --forced"
    )
    # Sailor bears neither; Cat follows waves with Journey, which breaks moons
    assert sk.json("trick", "Sailor", "Journey", "Origin", "--led", "waves")["winner"] == "Bob"
    assert sk.json("trick", "Author", "Battle", "Market", "--led", "knots")["winner"] == "Ann"  # Market 6
    assert "  strict_lead=false  a card bearing an unbroken trump or cursed suit may not be led at all" in sk(
        "rules", "snakebit"
    )


def test_status_says_how_many_cursed_cards_are_unassigned(sk):
    # RULES.md §5: exactly 8 number cards bear the cursed suit, and every one is taken
    new_hand(sk)  # cursed moons
    sk("took", "Ann", "Diplomat", "Pact", "Author")
    assert status_text(sk).endswith(
        "the cursed cards each player took (`took NAME CARD…` or `counts …`): 5 cursed cards unassigned\n"
    )


def status_text(sk):
    """`status` without its last line, which names the latest backup."""
    return sk("status").rsplit("\n", 2)[0] + "\n"
