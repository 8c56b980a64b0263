"""Who wins a trick: hand-picked tricks with their reasons, every refusal, and hundreds of
random tricks per deck (thousands with HYPOTHESIS_PROFILE=thorough) checked against a
deliberately simple referee written here."""

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import cards
from scorekeeper.core.errors import EntryError, UsageError
from scorekeeper.core.referee import TrickVerdict, can_follow, trick_winner


def trick(text: str, deck: str = "french-54") -> list[cards.Card]:
    """Cards separated by commas, so Decktet names may hold spaces."""
    return [cards.parse_card(card, cards.deck(deck)) for card in text.split(",")]


def refusal(error: type[Exception], text: str, deck: str = "french-54", **rules) -> str:
    with pytest.raises(error) as caught:
        trick_winner(trick(text, deck), **{"trump": None, **rules})
    return str(caught.value)


# --- hand-picked tricks --------------------------------------------------------------


@pytest.mark.parametrize(
    "cards_played, trump, jokers, winner, led, why",
    [
        # Follow suit, aces high; the highest trump wins if any was played.
        ("QH,2H,3S", "C", "jester", 0, "H", "highest heart; no trump played"),
        ("QH,2H,3C", "C", "jester", 2, "H", "the only trump (clubs)"),
        ("QH,AS,3C,5S", "S", "jester", 1, "H", "highest trump"),
        ("2S,AH,2H", "S", "jester", 0, "S", "the only trump (spades)"),
        ("2H,AH,KH", None, "jester", 1, "H", "highest heart"),
        ("5D,AS,KC", "H", "jester", 0, "D", "the only diamond; no trump played"),
        ("10C,9C,JC,8C", "D", "jester", 2, "C", "highest club; no trump played"),
        ("KS", "H", "jester", 0, "S", "the only spade; no trump played"),
        # Piquet packs (Fosdick's games have no trump).
        ("7S,AS,KD,10S", None, "jester", 1, "S", "highest spade"),
        ("8H,AD,AC", None, "jester", 0, "H", "the only heart"),
        # Jesters never win; a led Joker sets no suit, the next card does.
        ("JK,QH,KH,AS", None, "jester", 2, "H", "highest heart"),
        ("JK,QH,JK,2C", "C", "jester", 3, "H", "the only trump (clubs)"),
        ("3D,JK,2D", "S", "jester", 0, "D", "highest diamond; no trump played"),
        # High Jokers beat everything; of two, the first played wins.
        ("AS,JK,KS", "S", "high", 1, "S", "Jokers are high"),
        ("JK,QH", None, "high", 0, "H", "Jokers are high"),
        ("QH,JK,AH,JK", "H", "high", 1, "H", "Jokers are high, and the first one played wins"),
        ("QH,2H", None, "high", 0, "H", "highest heart"),
    ],
)
def test_french_tricks(cards_played, trump, jokers, winner, led, why):
    played = trick(cards_played)
    expected = TrickVerdict(winner, led, f"{played[winner]} wins: {why}")
    assert trick_winner(played, trump=trump, jokers=jokers) == expected
    assert trick_winner(played, trump=trump, led=led, jokers=jokers) == expected


@pytest.mark.parametrize(
    "cards_played, trump, led, winner, why",
    [
        ("Diplomat,Mill,Pact", "knots", "moons", 2, "highest card bearing moons; no trump played"),
        ("Diplomat,Mill,Pact", "waves", "moons", 1, "the only trump (waves)"),
        ("Diplomat,Mill,Pact", None, "suns", 2, "highest card bearing suns"),
        # The led card trumps by its other suit, though moons was declared.
        ("Diplomat,Author,Origin", "suns", "moons", 0, "the only trump (suns)"),
        ("Author,Diplomat,Castle", "knots", "moons", 2, "highest trump (knots)"),
        ("Market,Merchant,Forest,Savage", "moons", "leaves", 2, "the only trump (moons)"),
        ("Market,Merchant,Savage", None, "knots", 1, "highest card bearing knots"),
        ("Cave,Lunatic,Darkness", None, "wyrms", 2, "highest card bearing wyrms"),
        # Pact outranks Cave but bears neither waves nor trump.
        ("Cave,Pact,Lunatic", "knots", "waves", 0, "highest card bearing waves; no trump played"),
        # A single-suited led card needs no declaration.
        ("Ace of Suns,Pact,Desert", "waves", None, 1, "highest card bearing suns; no trump played"),
        ("Bard,Pact,Desert", "waves", None, 0, "highest card bearing suns; no trump played"),
        # Extended deck: two Pawns bear moons; this project's reading is the first played wins.
        ("Harvest,Watchman,Diplomat", "moons", "suns", 0, "highest trump (moons)"),
        ("Watchman,Harvest,Diplomat", "moons", "wyrms", 0, "highest trump (moons)"),
        # The Excuse never wins and sets no suit.
        ("Excuse,Mill,Sailor", None, "waves", 1, "highest card bearing waves"),
    ],
)
def test_decktet_tricks(cards_played, trump, led, winner, why):
    played = trick(cards_played, "decktet-45")
    verdict = trick_winner(played, trump=trump, led=led)
    led_card = next(card for card in played if card.suits)
    expected_led = led or led_card.suit
    assert verdict == TrickVerdict(winner, expected_led, f"{played[winner]} wins: {why}")


def test_the_led_suit_must_be_declared_for_a_two_suited_decktet_card():
    assert refusal(UsageError, "Diplomat,Mill", "decktet-24", trump="waves") == (
        "Diplomat (8 Moons/Suns) was led and bears moons and suns;"
        " add --led SUIT to say which was led, e.g. --led moons"
    )
    assert refusal(UsageError, "Harvest,Mill", "decktet-45") == (
        "Harvest (Pawn of Moons/Suns/Leaves) was led and bears moons, suns and leaves;"
        " add --led SUIT to say which was led, e.g. --led moons"
    )


def test_the_declared_suit_must_be_on_the_led_card():
    assert refusal(UsageError, "Diplomat,Mill", "decktet-24", led="waves") == (
        "Diplomat (8 Moons/Suns), the card led, does not bear waves; give --led moons or --led suns"
    )
    assert refusal(UsageError, "Bard,Mill", "decktet-36", led="waves") == (
        "Bard (Crown of Suns), the card led, does not bear waves; give --led suns"
    )


def test_a_french_led_suit_must_match_the_card_led():
    assert refusal(UsageError, "QH,2S", led="S") == (
        "the led suit is hearts, set by Q♥, not spades; leave out --led or give --led hearts"
    )
    assert refusal(UsageError, "JK,QH,2S", led="S") == (
        "the led suit is hearts, set by Q♥, not spades; leave out --led or give --led hearts"
    )


@pytest.mark.parametrize("jokers", ["jester", "high"])
def test_tricks_that_cannot_be_judged(jokers):
    no_cards = "the trick has no cards; list the cards played, leader first"
    with pytest.raises(EntryError, match=no_cards):
        trick_winner([], trump="S", jokers=jokers)
    assert refusal(EntryError, "JK,JK", jokers=jokers) == (
        "a trick of only Jokers has no winner; list all the cards played, leader first"
    )
    assert refusal(EntryError, "Excuse", "decktet-45", jokers=jokers) == (
        "a trick of only the Excuse has no winner; list all the cards played, leader first"
    )
    assert refusal(EntryError, "QS,2S,QS", jokers=jokers) == (
        "Q♠ is listed more than once; each card is played once, so check the trick"
    )


def test_programming_mistakes_are_bugs_not_refusals():
    with pytest.raises(ValueError):
        trick_winner(trick("QS") + trick("Diplomat", "decktet-24"), trump=None, led="moons")
    with pytest.raises(ValueError):
        trick_winner(trick("QS"), trump="moons")
    with pytest.raises(ValueError):
        trick_winner(trick("Diplomat", "decktet-24"), trump="S", led="moons")
    with pytest.raises(ValueError):
        trick_winner(trick("QS"), trump=None, jokers="low")  # type: ignore[arg-type]


def test_can_follow():
    queen, joker = trick("QS,JK")
    assert can_follow(queen, "S") and not can_follow(queen, "H")
    assert can_follow(joker, "S") and can_follow(joker, "H")
    assert can_follow(queen, None)
    diplomat, excuse = trick("Diplomat,Excuse", "decktet-45")
    assert can_follow(diplomat, "moons") and can_follow(diplomat, "suns")
    assert not can_follow(diplomat, "waves")
    assert can_follow(excuse, "waves")


# --- random tricks against a simple referee ------------------------------------------


def simple_referee(played, trump, led, jokers) -> int:
    """Score every card with a tuple and take the best: trump beats led suit beats the rest,
    then rank, then the earlier card; a high Joker beats all, a jester loses to all."""

    def score(i):
        card = played[i]
        if not card.suits:
            return (3 if jokers == "high" and card.is_joker else -1, 0, -i)
        return (2 if trump in card.suits else 1 if led in card.suits else 0, card.rank, -i)

    return max(range(len(played)), key=score)


def tricks(deck_name: str, max_size: int = 8) -> st.SearchStrategy[list[cards.Card]]:
    """Distinct cards of a deck (both Jokers of french-54 are distinct cards here)."""
    pack = cards.deck(deck_name).cards
    positions = st.lists(
        st.sampled_from(range(len(pack))), min_size=1, max_size=max_size, unique=True
    )
    return positions.map(lambda chosen: [pack[i] for i in chosen])


FRENCH_TRUMPS = st.sampled_from([*cards.FRENCH_SUITS, None])


def check_french(played, trump, jokers):
    suited = [card for card in played if card.suits]
    if not suited:
        with pytest.raises(EntryError):
            trick_winner(played, trump=trump, jokers=jokers)
        return
    led = suited[0].suits[0]
    verdict = trick_winner(played, trump=trump, jokers=jokers)
    assert verdict.winner == simple_referee(played, trump, led, jokers)
    assert verdict.led == led
    assert verdict.reason.startswith(f"{played[verdict.winner]} wins: ")
    assert trick_winner(played, trump=trump, led=led, jokers=jokers) == verdict
    wrong = next(suit for suit in cards.FRENCH_SUITS if suit != led)
    with pytest.raises(UsageError):
        trick_winner(played, trump=trump, led=wrong, jokers=jokers)


@settings(max_examples=examples(200), deadline=None)
@given(tricks("french-52"), FRENCH_TRUMPS)
def test_random_french_52_tricks(played, trump):
    check_french(played, trump, "jester")


@settings(max_examples=examples(100), deadline=None)
@given(tricks("french-52"))
def test_random_french_52_no_trump_tricks(played):
    check_french(played, None, "jester")


@settings(max_examples=examples(200), deadline=None)
@given(tricks("french-54"), FRENCH_TRUMPS, st.sampled_from(["jester", "high"]))
def test_random_french_54_tricks(played, trump, jokers):
    check_french(played, trump, jokers)


@settings(max_examples=examples(200), deadline=None)
@given(tricks("piquet-32", max_size=6))
def test_random_piquet_32_tricks(played):
    check_french(played, None, "jester")


@st.composite
def declared_decktet_tricks(draw) -> tuple[list[cards.Card], str]:
    """A Snakebit trick (3 or 4 players) and the suit its leader declares."""
    played = draw(tricks("decktet-24", max_size=4))
    return played, draw(st.sampled_from(played[0].suits))


@settings(max_examples=examples(200), deadline=None)
@given(declared_decktet_tricks(), st.sampled_from([*cards.DECKTET_SUITS, None]))
def test_random_decktet_24_tricks(declared, trump):
    played, led = declared
    verdict = trick_winner(played, trump=trump, led=led)
    assert verdict.winner == simple_referee(played, trump, led, "jester")
    assert verdict.led == led
    assert verdict.reason.startswith(f"{played[verdict.winner]} wins: ")
    with pytest.raises(UsageError):
        trick_winner(played, trump=trump)  # every number card bears two suits
    other = next(suit for suit in cards.DECKTET_SUITS if suit not in played[0].suits)
    with pytest.raises(UsageError):
        trick_winner(played, trump=trump, led=other)
