"""Cards, suits and decks: every spelling a scorer may type, every refusal, and the Decktet
checked card by card against the Decktet's published card list."""

from collections import Counter

import pytest

from scorekeeper.core import cards
from scorekeeper.core.cards import Card, parse_card, parse_suit
from scorekeeper.core.errors import UsageError

DECK_SIZES = {
    "french-52": 52,
    "french-54": 54,
    "piquet-32": 32,
    "piquet-30": 30,
    "decktet-24": 24,
    "decktet-36": 36,
    "decktet-45": 45,
}
ALL_CARDS = [(name, card) for name in DECK_SIZES for card in cards.deck(name).cards]

# Copied from the table in decktet.md: rank, name, suits top first.
DECKTET_MD = """
2 Author Moons Knots
2 Desert Suns Wyrms
2 Origin Waves Leaves
3 Journey Moons Waves
3 Painter Suns Knots
3 Savage Leaves Wyrms
4 Mountain Moons Suns
4 Sailor Waves Leaves
4 Battle Wyrms Knots
5 Forest Moons Leaves
5 Discovery Suns Waves
5 Soldier Wyrms Knots
6 Lunatic Moons Waves
6 Penitent Suns Wyrms
6 Market Leaves Knots
7 Chance_Meeting Moons Leaves
7 Castle Suns Knots
7 Cave Waves Wyrms
8 Diplomat Moons Suns
8 Mill Waves Leaves
8 Betrayal Wyrms Knots
9 Pact Moons Suns
9 Darkness Waves Wyrms
9 Merchant Leaves Knots
Pawn Harvest Moons Suns Leaves
Pawn Watchman Moons Wyrms Knots
Pawn Light_Keeper Suns Waves Knots
Pawn Borderland Waves Leaves Wyrms
Court Consul Moons Waves Knots
Court Rite Moons Leaves Wyrms
Court Island Suns Waves Wyrms
Court Window Suns Leaves Knots
Crown Huntress Moons
Crown Bard Suns
Crown Sea Waves
Crown End Leaves
Crown Calamity Wyrms
Crown Windfall Knots
"""
RANKS = {"Pawn": 10, "Court": 11, "Crown": 12}
DECKTET_TABLE = {
    name.replace("_", " "): (RANKS.get(rank) or int(rank), tuple(s.lower() for s in suits))
    for rank, name, *suits in map(str.split, DECKTET_MD.strip().splitlines())
}


FRENCH_SUIT_HELP = "use spades, hearts, diamonds or clubs (s, h, d, c, ♠♥♦♣), or none"
DECKTET_SUIT_HELP = (
    "use moons, suns, waves, leaves, wyrms or knots (or their first letters), or none"
)
PIQUET = "which has only A K Q J 10 9 8 7 of each suit"
WITHOUT_BLACK_SEVENS = ", without 7♠ and 7♣"
NOT_A_DECKTET_CARD = (
    "is not a Decktet card; name it (Diplomat) or give rank and suits (8 moons/suns)"
)
THE_EIGHTS = (
    "the 8s are Diplomat (8 Moons/Suns), Mill (8 Waves/Leaves) and Betrayal (8 Wyrms/Knots)"
)


def refusal(text: str, deck: str) -> str:
    with pytest.raises(UsageError) as caught:
        parse_card(text, cards.deck(deck))
    return str(caught.value)


# --- suits ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, suit",
    [
        *[(t, "S") for t in ("spades", "Spades", "SPADES", "spade", "s", "S", "♠", "♤", "♠️")],
        *[(t, "H") for t in ("hearts", "Hearts", "h", "H", "♥", "♡", "♥️")],
        *[(t, "D") for t in ("diamonds", "DIAMONDS", "d", "D", "♦", "♢")],
        *[(t, "C") for t in ("clubs", "Clubs", "c", "C", "♣", "♧")],
        *[(t, None) for t in ("none", "None", "NONE", "no-trump", "No Trump", "nt", "NT")],
        (" hearts ", "H"),
    ],
)
def test_french_suits(text, suit):
    assert parse_suit(text) == suit
    assert parse_suit(text, "french") == suit


@pytest.mark.parametrize(
    "text, suit",
    [
        *[(t, "moons") for t in ("moons", "Moons", "MOON", "mo", "m", "M")],
        *[(t, "suns") for t in ("suns", "Suns", "su", "s")],
        *[(t, "waves") for t in ("waves", "wa", "WA")],
        *[(t, "leaves") for t in ("leaves", "leav", "l")],
        *[(t, "wyrms") for t in ("wyrms", "wy", "Wyrm")],
        *[(t, "knots") for t in ("knots", "k", "Kn")],
        *[(t, None) for t in ("none", "no-trump", "nt")],
    ],
)
def test_decktet_suits(text, suit):
    assert parse_suit(text, "decktet") == suit


@pytest.mark.parametrize(
    "text, kind, message",
    [
        ("x", "french", "'x' is not a suit; " + FRENCH_SUIT_HELP),
        ("moons", "french", "'moons' is not a suit; " + FRENCH_SUIT_HELP),
        ("", "french", "'' is not a suit; " + FRENCH_SUIT_HELP),
        ("x", "decktet", "'x' is not a Decktet suit; " + DECKTET_SUIT_HELP),
        ("spades", "decktet", "'spades' is not a Decktet suit; " + DECKTET_SUIT_HELP),
        ("", "decktet", "'' is not a Decktet suit; " + DECKTET_SUIT_HELP),
        ("w", "decktet", "'w' could be waves or wyrms; type more letters, e.g. wa or wy"),
    ],
)
def test_bad_suits(text, kind, message):
    with pytest.raises(UsageError) as caught:
        parse_suit(text, kind)
    assert str(caught.value) == message


def test_suit_words_and_symbols():
    assert [cards.suit_symbol(s) for s in cards.FRENCH_SUITS] == ["♠", "♥", "♦", "♣"]
    assert [cards.suit_word(s) for s in cards.FRENCH_SUITS] == [
        "spades",
        "hearts",
        "diamonds",
        "clubs",
    ]
    assert cards.suit_symbol("moons") == "Moons"
    assert cards.suit_word("wyrms") == "wyrms"
    with pytest.raises(ValueError):
        cards.suit_word("X")


# --- French cards --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("QS", 12, "S"),
        ("qs", 12, "S"),
        ("Qs", 12, "S"),
        ("q♠", 12, "S"),
        ("Q♠", 12, "S"),
        ("Q♠️", 12, "S"),
        ("queen of spades", 12, "S"),
        ("10h", 10, "H"),
        ("10H", 10, "H"),
        ("10♥", 10, "H"),
        ("10 h", 10, "H"),
        ("Th", 10, "H"),
        ("TH", 10, "H"),
        ("A♠", 14, "S"),
        ("AS", 14, "S"),
        ("as", 14, "S"),
        ("ace of spades", 14, "S"),
        ("2c", 2, "C"),
        ("2♣", 2, "C"),
        ("9d", 9, "D"),
        ("J♦", 11, "D"),
        ("jd", 11, "D"),
        ("KH", 13, "H"),
        ("K♡", 13, "H"),
        (" 7s ", 7, "S"),
    ],
)
def test_french_cards(text, rank, suit):
    assert parse_card(text, cards.deck("french-52")) == Card(rank, (suit,))


@pytest.mark.parametrize("text", ["JK", "jk", "Joker", "joker", "JOKER"])
def test_jokers(text):
    assert parse_card(text, cards.deck("french-54")) == cards.JOKER
    assert refusal(text, "french-52") == (
        "Joker is not in the 52-card pack, which has 2 to A of each suit and no Jokers"
    )


@pytest.mark.parametrize("text", ["1Z", "1", "1S", "11H", "QX", "Q", "S", "", "Q S H", "Qnone"])
def test_not_french_cards(text):
    assert refusal(text, "french-54") == (
        f"'{text}' is not a card; write rank then suit, e.g. QS, 10h, A♠"
    )


@pytest.mark.parametrize(
    "text, deck, message",
    [
        ("2S", "piquet-32", "2♠ is not in the 32-card pack, " + PIQUET),
        ("6h", "piquet-30", "6♥ is not in the 30-card pack, " + PIQUET + WITHOUT_BLACK_SEVENS),
        ("7s", "piquet-30", "7♠ is not in the 30-card pack, " + PIQUET + WITHOUT_BLACK_SEVENS),
        ("7♣", "piquet-30", "7♣ is not in the 30-card pack, " + PIQUET + WITHOUT_BLACK_SEVENS),
        ("JK", "piquet-32", "Joker is not in the 32-card pack, " + PIQUET),
    ],
)
def test_french_cards_not_in_the_deck(text, deck, message):
    assert refusal(text, deck) == message


def test_piquet_30_keeps_the_red_sevens():
    assert parse_card("7h", cards.deck("piquet-30")) == Card(7, ("H",))
    assert parse_card("7d", cards.deck("piquet-30")) == Card(7, ("D",))


def test_french_card_text():
    assert [Card(12, ("S",)).code, str(Card(12, ("S",)))] == ["QS", "Q♠"]
    assert [Card(10, ("H",)).code, str(Card(10, ("H",)))] == ["10H", "10♥"]
    assert [Card(14, ("S",)).code, str(Card(14, ("S",)))] == ["AS", "A♠"]
    assert [Card(2, ("C",)).code, str(Card(2, ("C",)))] == ["2C", "2♣"]
    assert [cards.JOKER.code, str(cards.JOKER)] == ["JK", "Joker"]
    assert Card(rank=0, suits=(), name="Joker") == cards.JOKER


def test_french_card_properties():
    queen = Card(12, ("S",))
    assert (queen.suit, queen.is_joker, queen.bears("S"), queen.bears("H")) == (
        "S",
        False,
        True,
        False,
    )
    joker = cards.JOKER
    assert (joker.suit, joker.is_joker, joker.bears("S"), joker.bears(None)) == (
        None,
        True,
        False,
        False,
    )


# --- Decktet cards -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, name",
    [
        ("Diplomat", "Diplomat"),
        ("diplomat", "Diplomat"),
        ("DIPLOMAT", "Diplomat"),
        ("Chance Meeting", "Chance Meeting"),
        ("chance meeting", "Chance Meeting"),
        ("chance-meeting", "Chance Meeting"),
        ("chancemeeting", "Chance Meeting"),
        ("light keeper", "Light Keeper"),
        ("Lightkeeper", "Light Keeper"),
        ("8 moons/suns", "Diplomat"),
        ("8 Moons/Suns", "Diplomat"),
        ("8moons/suns", "Diplomat"),
        ("8 suns/moons", "Diplomat"),
        ("8 mo/su", "Diplomat"),
        ("8 su/m", "Diplomat"),
        ("8 moons suns", "Diplomat"),
        ("moons/suns 8", "Diplomat"),
        ("7 moons/leaves", "Chance Meeting"),
        ("Diplomat (8 Moons/Suns)", "Diplomat"),
        ("Ace of Moons", "Ace of Moons"),
        ("ace of moons", "Ace of Moons"),
        ("ace moons", "Ace of Moons"),
        ("moons ace", "Ace of Moons"),
        ("1 moons", "Ace of Moons"),
        ("A kn", "Ace of Knots"),
        ("Huntress", "Huntress"),
        ("huntress", "Huntress"),
        ("Crown of Moons", "Huntress"),
        ("crown waves", "Sea"),
        ("Huntress (Crown of Moons)", "Huntress"),
        ("pawn su/wa/kn", "Light Keeper"),
        ("Court of Suns/Leaves/Knots", "Window"),
        ("Excuse", "Excuse"),
        ("excuse", "Excuse"),
    ],
)
def test_decktet_cards(text, name):
    assert parse_card(text, cards.deck("decktet-45")).name == name


@pytest.mark.parametrize(
    "text, message",
    [
        ("xyz", "'xyz' " + NOT_A_DECKTET_CARD),
        ("QS", "'QS' " + NOT_A_DECKTET_CARD),
        ("8 moons/moons", "'8 moons/moons' " + NOT_A_DECKTET_CARD),
        ("8 moons/xyz", "'8 moons/xyz' " + NOT_A_DECKTET_CARD),
        ("Nobody (8 Moons/Suns)", "'Nobody (8 Moons/Suns)' " + NOT_A_DECKTET_CARD),
        ("8 moons", "'8 moons' is not a Decktet card; " + THE_EIGHTS),
        ("8 moons/waves", "'8 moons/waves' is not a Decktet card; " + THE_EIGHTS),
        ("8 w/le", "'w' could be waves or wyrms; type more letters, e.g. wa or wy"),
        (
            "crown of moons/suns",
            "'crown of moons/suns' is not a Decktet card; the Crowns are Huntress (Crown of Moons),"
            " Bard (Crown of Suns), Sea (Crown of Waves), End (Crown of Leaves),"
            " Calamity (Crown of Wyrms) and Windfall (Crown of Knots)",
        ),
        (
            "Diplomat (9 Moons/Suns)",
            "'Diplomat (9 Moons/Suns)' names two cards, Diplomat (8 Moons/Suns)"
            " and Pact (9 Moons/Suns); give just one, e.g. Diplomat",
        ),
    ],
)
def test_not_decktet_cards(text, message):
    assert refusal(text, "decktet-45") == message


NUMBER_CARDS_ONLY = "the 24-card Decktet, which has only the number cards 2 to 9"
BASIC_DECKTET = (
    "the 36-card Decktet, which has only the Aces, the number cards 2 to 9 and the Crowns"
)


@pytest.mark.parametrize(
    "text, deck, message",
    [
        ("Huntress", "decktet-24", "Huntress (Crown of Moons) is not in " + NUMBER_CARDS_ONLY),
        ("ace of moons", "decktet-24", "Ace of Moons is not in " + NUMBER_CARDS_ONLY),
        (
            "Light Keeper",
            "decktet-36",
            "Light Keeper (Pawn of Suns/Waves/Knots) is not in " + BASIC_DECKTET,
        ),
        ("Excuse", "decktet-36", "Excuse is not in " + BASIC_DECKTET),
    ],
)
def test_decktet_cards_not_in_the_deck(text, deck, message):
    assert refusal(text, deck) == message


def test_decktet_card_text():
    deck = cards.deck("decktet-45")
    shown = {card.name: (card.code, str(card)) for card in deck.cards}
    assert shown["Diplomat"] == ("Diplomat", "Diplomat (8 Moons/Suns)")
    assert shown["Chance Meeting"] == ("Chance Meeting", "Chance Meeting (7 Moons/Leaves)")
    assert shown["Ace of Moons"] == ("Ace of Moons", "Ace of Moons")
    assert shown["Huntress"] == ("Huntress", "Huntress (Crown of Moons)")
    assert shown["Harvest"] == ("Harvest", "Harvest (Pawn of Moons/Suns/Leaves)")
    assert shown["Consul"] == ("Consul", "Consul (Court of Moons/Waves/Knots)")
    assert shown["Excuse"] == ("Excuse", "Excuse")
    assert Card(rank=0, suits=(), name="Excuse") == cards.EXCUSE


def test_decktet_card_properties():
    diplomat = parse_card("Diplomat", cards.deck("decktet-24"))
    assert diplomat == Card(8, ("moons", "suns"), "Diplomat")
    assert (diplomat.bears("moons"), diplomat.bears("suns"), diplomat.bears("waves")) == (
        True,
        True,
        False,
    )
    assert diplomat.suit is None and not diplomat.is_joker
    assert parse_card("Huntress", cards.deck("decktet-36")).suit == "moons"
    assert not cards.EXCUSE.is_joker


# --- decks ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, size", DECK_SIZES.items())
def test_deck_sizes(name, size):
    deck = cards.deck(name)
    assert (deck.name, len(deck.cards)) == (name, size)
    assert deck.kind == name.split("-")[0].replace("piquet", "french")
    family = "pack" if deck.kind == "french" else "Decktet"
    assert cards.describe_deck(deck) == f"the {size}-card {family}"
    assert deck is cards.deck(name)  # cached


def test_deck_contents():
    pips = Counter(card.rank for card in cards.deck("piquet-32").cards)
    assert pips == {rank: 4 for rank in range(7, 15)}
    assert set(cards.deck("piquet-32").cards) - set(cards.deck("piquet-30").cards) == {
        Card(7, ("S",)),
        Card(7, ("C",)),
    }
    fifty_four = Counter(cards.deck("french-54").cards)
    assert fifty_four[cards.JOKER] == 2
    assert set(fifty_four) - {cards.JOKER} == set(cards.deck("french-52").cards)
    assert cards.deck("french-52").suits == ("S", "H", "D", "C")
    assert cards.deck("decktet-24").suits == ("moons", "suns", "waves", "leaves", "wyrms", "knots")
    ranks = Counter(card.rank for card in cards.deck("decktet-36").cards)
    assert ranks == {1: 6, **{rank: 3 for rank in range(2, 10)}, 12: 6}


def test_unknown_deck_is_a_bug():
    with pytest.raises(ValueError):
        cards.deck("tarot-78")


def test_every_decktet_card_matches_decktet_md():
    deck = cards.deck("decktet-45")
    named = {card.name: (card.rank, card.suits) for card in deck.cards if card.rank not in (0, 1)}
    assert named == DECKTET_TABLE
    aces = [card for card in deck.cards if card.rank == 1]
    assert [(ace.name, ace.suits) for ace in aces] == [
        (f"Ace of {suit.capitalize()}", (suit,)) for suit in cards.DECKTET_SUITS
    ]
    assert cards.EXCUSE in deck.cards


def test_each_decktet_suit_is_on_one_number_card_per_rank():
    numbers = cards.deck("decktet-24").cards
    assert all(2 <= card.rank <= 9 and len(card.suits) == 2 for card in numbers)
    for suit in cards.DECKTET_SUITS:
        bearing = [card.rank for card in numbers if card.bears(suit)]
        assert sorted(bearing) == list(range(2, 10)), suit


def test_decktet_suits_are_printed_in_conventional_order():
    order = cards.DECKTET_SUITS.index
    for card in cards.deck("decktet-45").cards:
        assert list(card.suits) == sorted(card.suits, key=order), card.name


# --- round trips ---------------------------------------------------------------------


@pytest.mark.parametrize("deck_name, card", ALL_CARDS, ids=lambda x: str(x))
def test_round_trip(deck_name, card):
    deck = cards.deck(deck_name)
    assert parse_card(card.code, deck) == card
    assert parse_card(str(card), deck) == card
    assert parse_card(card.code.lower(), deck) == card
    assert parse_card(str(card).upper(), deck) == card
