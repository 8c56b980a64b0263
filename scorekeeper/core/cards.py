"""Cards, suits and decks for every pack the scorekeeper supports.

Two families: the French pack (suits "S", "H", "D", "C"; ranks 2..14 with J=11, Q=12,
K=13, A=14; the Joker has rank 0 and no suit) and P.D. Magnus's Decktet (suits "moons",
"suns", "waves", "leaves", "wyrms", "knots"; Ace 1, 2..9, Pawn 10, Court 11, Crown 12; the
Excuse has rank 0 and no suit). Parsing turns what a scorer types into a `Card` and
raises `UsageError` with a message for the table when it cannot.
"""

import functools
import re
from collections.abc import Callable
from typing import Literal, NamedTuple

from scorekeeper.core import names
from scorekeeper.core.alternatives import either
from scorekeeper.core.errors import UsageError
from scorekeeper.core.language import N_, _, listed

Kind = Literal["french", "decktet"]

FRENCH_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
DECKTET_SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")

ACE, PAWN, COURT, CROWN = 1, 10, 11, 12

_FRENCH_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}  # as typed
# The suits' names as shown (`suit_name`), in the plural and, for one card, the singular.
_SUIT_NAMES = {
    "S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"),
    "moons": N_("moons"), "suns": N_("suns"), "waves": N_("waves"),
    "leaves": N_("leaves"), "wyrms": N_("wyrms"), "knots": N_("knots"),
}  # fmt: skip
_SUIT_SINGULARS = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}
_DECKTET_SUIT_TITLES = {
    "moons": N_("Moons"), "suns": N_("Suns"), "waves": N_("Waves"),
    "leaves": N_("Leaves"), "wyrms": N_("Wyrms"), "knots": N_("Knots"),
}  # fmt: skip
_FRENCH_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Every way of writing a French suit, keyed by its casefolded text.
_FRENCH_SUIT_ALIASES: dict[str, str] = {
    **{s.casefold(): s for s in FRENCH_SUITS},
    **{word: s for s, word in _FRENCH_WORDS.items()},
    **{word[:-1]: s for s, word in _FRENCH_WORDS.items()},  # "spade", "heart"…
    **{symbol: s for s, symbol in _FRENCH_SYMBOLS.items()},
    "♤": "S",
    "♡": "H",
    "❤": "H",
    "♢": "D",
    "♧": "C",
}
_NO_TRUMP = frozenset({"none", "notrump", "notrumps", "nt"})

_FRENCH_FACES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_FRENCH_RANKS: dict[str, int] = {
    **{str(r): r for r in range(2, 11)},
    "t": 10,
    **{face.casefold(): r for r, face in _FRENCH_FACES.items()},
    "jack": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
}
# card patterns are compiled by `re` on first use (and cached there), not at import
_FRENCH_CARD = r"(?P<rank>10|jack|queen|king|ace|[2-9tjqka])\s*(?:of\s+)?(?P<suit>\S+)"
_JOKER_WORDS = frozenset({"jk", "joker"})

_DECKTET_RANK_WORDS = {ACE: N_("Ace"), PAWN: N_("Pawn"), COURT: N_("Court"), CROWN: N_("Crown")}
# "'8 moons' is not a Decktet card; the 8s are …", by rank (the number ranks share one)
_NOT_OF_RANK = {
    ACE: N_("'{text}' is not a Decktet card; the Aces are {cards}"),
    PAWN: N_("'{text}' is not a Decktet card; the Pawns are {cards}"),
    COURT: N_("'{text}' is not a Decktet card; the Courts are {cards}"),
    CROWN: N_("'{text}' is not a Decktet card; the Crowns are {cards}"),
}
_DECKTET_RANKS: dict[str, int] = {
    "ace": ACE,
    "a": ACE,
    **{str(r): r for r in range(1, 10)},
    "pawn": PAWN,
    "court": COURT,
    "crown": CROWN,
}
_DECKTET_RANK = r"(?P<rank>ace|pawn|court|crown|[1-9]|a)"
_DECKTET_SUIT_LIST = r"(?P<suits>[a-z][a-z/,+&\s]*?)"
_DECKTET_RANK_FIRST = rf"{_DECKTET_RANK}\s*(?:of\s+)?{_DECKTET_SUIT_LIST}"
_DECKTET_SUITS_FIRST = rf"{_DECKTET_SUIT_LIST}\s*{_DECKTET_RANK}"
_DECKTET_WITH_DETAIL = r"(?P<name>[^()]+?)\s*\((?P<detail>[^()]+)\)"

# The named Decktet cards (all but the Aces and the Excuse): rank, name, suits top first.
_DECKTET_NAMED: tuple[tuple[int, str, str], ...] = (
    (2, "Author", "moons knots"),
    (2, "Desert", "suns wyrms"),
    (2, "Origin", "waves leaves"),
    (3, "Journey", "moons waves"),
    (3, "Painter", "suns knots"),
    (3, "Savage", "leaves wyrms"),
    (4, "Mountain", "moons suns"),
    (4, "Sailor", "waves leaves"),
    (4, "Battle", "wyrms knots"),
    (5, "Forest", "moons leaves"),
    (5, "Discovery", "suns waves"),
    (5, "Soldier", "wyrms knots"),
    (6, "Lunatic", "moons waves"),
    (6, "Penitent", "suns wyrms"),
    (6, "Market", "leaves knots"),
    (7, "Chance Meeting", "moons leaves"),
    (7, "Castle", "suns knots"),
    (7, "Cave", "waves wyrms"),
    (8, "Diplomat", "moons suns"),
    (8, "Mill", "waves leaves"),
    (8, "Betrayal", "wyrms knots"),
    (9, "Pact", "moons suns"),
    (9, "Darkness", "waves wyrms"),
    (9, "Merchant", "leaves knots"),
    (PAWN, "Harvest", "moons suns leaves"),
    (PAWN, "Watchman", "moons wyrms knots"),
    (PAWN, "Light Keeper", "suns waves knots"),
    (PAWN, "Borderland", "waves leaves wyrms"),
    (COURT, "Consul", "moons waves knots"),
    (COURT, "Rite", "moons leaves wyrms"),
    (COURT, "Island", "suns waves wyrms"),
    (COURT, "Window", "suns leaves knots"),
    (CROWN, "Huntress", "moons"),
    (CROWN, "Bard", "suns"),
    (CROWN, "Sea", "waves"),
    (CROWN, "End", "leaves"),
    (CROWN, "Calamity", "wyrms"),
    (CROWN, "Windfall", "knots"),
)


class Card(NamedTuple):  # NamedTuples, not dataclasses: cheaper to define at start-up
    """One card. French cards are unnamed except the Joker; every Decktet card is named,
    which is how `kind` tells the two families apart."""

    rank: int
    suits: tuple[str, ...]
    name: str = ""

    @property
    def is_joker(self) -> bool:
        return self.name == "Joker" and not self.suits

    @property
    def kind(self) -> Kind:
        return "decktet" if self.name and not self.is_joker else "french"

    @property
    def suit(self) -> str | None:
        """The card's only suit; None for a card with no suit or several (Decktet)."""
        return self.suits[0] if len(self.suits) == 1 else None

    def bears(self, suit: str | None) -> bool:
        return suit in self.suits

    @property
    def code(self) -> str:
        """Canonical short text: "QS", "10H", "JK"; a Decktet card's name."""
        return _code(self)

    @property
    def word(self) -> str:
        """The code as one word of a line ("ChanceMeeting"), which parse_card takes back."""
        return self.code.replace(" ", "")

    def __str__(self) -> str:
        if self.kind == "french":
            return (
                _("Joker") if self.is_joker else _french_rank(self.rank) + suit_symbol(self.suits[0])
            )
        if not self.suits:
            return _("Excuse")
        if self.rank == ACE:
            # TRANSLATORS: a Decktet Ace as shown, e.g. "Ace of Knots" ({rank} is "Ace", {suit} "Knots")
            return _("{rank} of {suit}").format(rank=_(_DECKTET_RANK_WORDS[ACE]), suit=suit_symbol(self.suits[0]))
        suits = "/".join(suit_symbol(s) for s in self.suits)
        rank = _DECKTET_RANK_WORDS.get(self.rank)
        if rank:
            # TRANSLATORS: a Decktet card as shown, e.g. "Harvest (Pawn of Moons/Suns/Leaves)"
            return _("{card} ({rank} of {suits})").format(card=self.name, rank=_(rank), suits=suits)
        # TRANSLATORS: a Decktet number card as shown, e.g. "Diplomat (8 Moons/Suns)"
        return _("{card} ({rank} {suits})").format(card=self.name, rank=self.rank, suits=suits)


@functools.cache  # a pack's few dozen cards, each asked for its code many times a hand
def _code(card: Card) -> str:
    if card.is_joker:
        return "JK"
    if card.name:  # every Decktet card is named, and no French card but the Joker
        return card.name
    return _french_rank(card.rank) + card.suits[0]


JOKER = Card(0, (), "Joker")
EXCUSE = Card(0, (), "Excuse")


class Deck(NamedTuple):
    """A pack as dealt: `cards` in a fixed order (french-54 holds the Joker twice)."""

    name: str
    kind: Kind
    cards: tuple[Card, ...]
    suits: tuple[str, ...]


def _french_rank(rank: int) -> str:
    return _FRENCH_FACES.get(rank, str(rank))


def _squash(text: str) -> str:
    """Casefolded, without spaces, dashes, underscores, apostrophes or emoji selectors."""
    return re.sub(r"[\s\-_'.\ufe0f]", "", text.casefold())


_ALL_FRENCH: tuple[Card, ...] = tuple(Card(r, (s,)) for s in FRENCH_SUITS for r in range(2, 15))
_ALL_DECKTET: tuple[Card, ...] = (
    *(Card(ACE, (s,), f"Ace of {s.capitalize()}") for s in DECKTET_SUITS),
    *(Card(rank, tuple(suits.split()), name) for rank, name, suits in _DECKTET_NAMED),
    EXCUSE,
)


@functools.cache
def _decktet_by_name() -> dict[str, Card]:
    return {_squash(c.name): c for c in _ALL_DECKTET}


class _Recipe(NamedTuple):
    kind: Kind
    keep: Callable[[Card], bool]
    missing: str  # the refusal of a card not in the pack: "X is not in the 32-card pack, …"
    jokers: int = 0


_RECIPES: dict[str, _Recipe] = {
    "french-52": _Recipe(
        "french",
        lambda c: True,
        N_("{card} is not in the {count}-card pack, which has 2 to A of each suit and no Jokers"),
    ),
    "french-54": _Recipe(
        "french",
        lambda c: True,
        N_("{card} is not in the {count}-card pack, which has 2 to A of each suit and two Jokers"),
        jokers=2,
    ),
    "piquet-32": _Recipe(
        "french",
        lambda c: c.rank >= 7,
        N_("{card} is not in the {count}-card pack, which has only A K Q J 10 9 8 7 of each suit"),
    ),
    "piquet-30": _Recipe(
        "french",
        lambda c: c.rank >= 8 or (c.rank == 7 and c.suit in ("H", "D")),
        N_(
            "{card} is not in the {count}-card pack, which has only A K Q J 10 9 8 7 of each suit, "
            "without 7♠ and 7♣"
        ),
    ),
    "euchre-24": _Recipe(
        "french",
        lambda c: c.rank >= 9,
        N_("{card} is not in the {count}-card pack, which has only A K Q J 10 9 of each suit"),
    ),
    "decktet-24": _Recipe(
        "decktet",
        lambda c: 2 <= c.rank <= 9,
        N_("{card} is not in the {count}-card Decktet, which has only the number cards 2 to 9"),
    ),
    "decktet-36": _Recipe(
        "decktet",
        lambda c: ACE <= c.rank <= 9 or c.rank == CROWN,
        N_(
            "{card} is not in the {count}-card Decktet, which has only the Aces, the number cards "
            "2 to 9 and the Crowns"
        ),
    ),
    "decktet-45": _Recipe(
        "decktet",
        lambda c: True,
        N_("{card} is not in the {count}-card Decktet, which has every Decktet card"),
    ),
}


@functools.cache
def deck(name: str) -> Deck:
    """The deck called `name`; an unknown name is a bug in the caller (ValueError)."""
    recipe = _RECIPES.get(name)
    if recipe is None:
        raise ValueError(f"unknown deck {name!r}; known decks: {', '.join(_RECIPES)}")
    universe, suits = (
        (_ALL_FRENCH, FRENCH_SUITS) if recipe.kind == "french" else (_ALL_DECKTET, DECKTET_SUITS)
    )
    cards = tuple(filter(recipe.keep, universe)) + (JOKER,) * recipe.jokers
    return Deck(name, recipe.kind, cards, suits)


def describe_deck(deck: Deck) -> str:
    """The deck in words, e.g. "the 32-card pack", "the 24-card Decktet"."""
    if deck.kind == "french":
        return _("the {count}-card pack").format(count=len(deck.cards))
    return _("the {count}-card Decktet").format(count=len(deck.cards))


def table_order(code: str, deck: Deck) -> tuple[int, int]:
    """Sort key: suit by suit (♠ ♥ ♦ ♣), high cards first, as a player sorts a hand."""
    card = parse_card(code, deck)
    suit = deck.suits.index(card.suits[0]) if card.suits else len(deck.suits)
    return suit, -card.rank


def suit_symbol(suit: str) -> str:
    """The suit as printed on a card: "S" → "♠"; a Decktet suit → "Moons"."""
    if suit in _FRENCH_SYMBOLS:
        return _FRENCH_SYMBOLS[suit]
    if suit in DECKTET_SUITS:
        return _(_DECKTET_SUIT_TITLES[suit])
    raise ValueError(f"unknown suit {suit!r}")


def suit_word(suit: str) -> str:
    """The suit as a scorer types it: "S" → "spades"; a Decktet suit → "moons" (always
    English: it is what `trump` and `--led` take; `suit_name` is the suit as shown)."""
    if suit in _FRENCH_WORDS:
        return _FRENCH_WORDS[suit]
    if suit in DECKTET_SUITS:
        return suit
    raise ValueError(f"unknown suit {suit!r}")


def suit_name(suit: str) -> str:
    """The suit's name as shown, in the language in use: "S" → "spades", "moons" → "moons"."""
    if suit in _SUIT_NAMES:
        return _(_SUIT_NAMES[suit])
    raise ValueError(f"unknown suit {suit!r}")


def suit_singular(suit: str) -> str:
    """One card's suit as shown: "H" → "heart" (a Decktet suit keeps its one name)."""
    if suit in _SUIT_SINGULARS:
        return _(_SUIT_SINGULARS[suit])
    return suit_name(suit)


def parse_suit(text: str, kind: Kind = "french") -> str | None:
    """A suit as a scorer types it; None for no trump ("none", "no-trump", "nt")."""
    key = _squash(text)
    if key in _NO_TRUMP:
        return None
    if kind == "french":
        suit = _FRENCH_SUIT_ALIASES.get(key)
        if suit is None:
            raise UsageError(
                # TRANSLATORS: the suit words and letters are what the scorer types: keep them
                _("'{text}' is not a suit; use spades, hearts, diamonds or clubs (s, h, d, c, ♠♥♦♣), or none")
                .format(text=text.strip())
            )
        return suit
    if kind == "decktet":
        suit = _decktet_suit(text)
        if suit is None:
            raise UsageError(
                # TRANSLATORS: the suit words are what the scorer types: keep them
                _("'{text}' is not a Decktet suit; use moons, suns, waves, leaves, wyrms or knots (or their first letters), or none")
                .format(text=text.strip())
            )
        return suit
    raise ValueError(f"unknown kind of deck {kind!r}")


def _decktet_suit(text: str) -> str | None:
    """The Decktet suit that `text` begins; None if none does; UsageError if several do."""
    key = _squash(text)
    matches = names.matching(text, DECKTET_SUITS, fold=_squash)
    if len(matches) > 1:
        longer = [m[: len(key) + 1] for m in matches]  # only "w" is ambiguous: "wa", "wy"
        raise UsageError(
            _("'{text}' could be {suits}; type more letters, e.g. {longer}").format(
                text=text.strip(), suits=either(matches), longer=either(longer)
            )
        )
    return matches[0] if matches else None


def parse_card(text: str, deck: Deck) -> Card:
    """A card as a scorer types it, checked to be in `deck`. What a text means does not
    depend on the language in use, so the cards found are kept by text and pack: a replay
    reads the same few codes in every hand."""
    card = _PARSED.get((text, deck.name))
    if card is not None:
        return card
    card = _parse_french(text) if deck.kind == "french" else _parse_decktet(text)
    if card not in deck.cards:
        recipe = _RECIPES.get(deck.name)
        if recipe is None:
            raise UsageError(_("{card} is not in {deck}").format(card=card, deck=describe_deck(deck)))
        raise UsageError(_(recipe.missing).format(card=card, count=len(deck.cards)))
    if len(_PARSED) >= 4096:
        _PARSED.clear()
    _PARSED[text, deck.name] = card
    return card


_PARSED: dict[tuple[str, str], Card] = {}


def _parse_french(text: str) -> Card:
    key = _squash(text)
    if key in _JOKER_WORDS:
        return JOKER
    # Spaces matter between a rank word and "of" ("queen of spades"), so match before squashing.
    match = re.fullmatch(_FRENCH_CARD, text.strip().casefold().replace("\ufe0f", ""))
    suit = _FRENCH_SUIT_ALIASES.get(match["suit"]) if match else None
    if match is None or suit is None:
        raise UsageError(
            _("'{text}' is not a card; write rank then suit, e.g. QS, 10h, A♠").format(text=text.strip())
        )
    return Card(_FRENCH_RANKS[match["rank"]], (suit,))


def _parse_decktet(text: str) -> Card:
    shown = text.strip()
    with_detail = re.fullmatch(_DECKTET_WITH_DETAIL, shown)
    if with_detail:  # the pretty form, "Diplomat (8 Moons/Suns)": both halves must agree
        card = _decktet_by_name().get(_squash(with_detail["name"]))
        same = _decktet_by_rank_and_suits(with_detail["detail"])
        if card is not None and same is not None and card != same:
            raise UsageError(
                _("'{text}' names two cards, {card} and {other}; give just one, e.g. {name}").format(
                    text=shown, card=card, other=same, name=card.name
                )
            )
        card = card if card == same else None
    else:
        card = _decktet_by_name().get(_squash(shown)) or _decktet_by_rank_and_suits(shown)
    if card is None:
        raise UsageError(
            _("'{text}' is not a Decktet card; name it (Diplomat) or give rank and suits (8 moons/suns)")
            .format(text=shown)
        )
    return card


def _decktet_by_rank_and_suits(text: str) -> Card | None:
    """A card given as rank and suits ("8 moons/suns", "crown of moons", "moons ace");
    None if `text` is not of that shape."""
    key = " ".join(text.casefold().split())
    match = re.fullmatch(_DECKTET_RANK_FIRST, key) or re.fullmatch(_DECKTET_SUITS_FIRST, key)
    if not match:
        return None
    words = [w for w in re.split(r"[/,+&\s]+", match["suits"]) if w and w != "and"]
    suits = {_decktet_suit(w) for w in words}
    if None in suits or len(suits) != len(words):
        return None
    rank = _DECKTET_RANKS[match["rank"]]
    same_rank = [c for c in _ALL_DECKTET if c.rank == rank]
    for card in same_rank:
        if set(card.suits) == suits:
            return card
    shown = listed([str(card) for card in same_rank])
    if rank in _NOT_OF_RANK:
        raise UsageError(_(_NOT_OF_RANK[rank]).format(text=text.strip(), cards=shown))
    raise UsageError(
        # TRANSLATORS: {rank} is a number, 2 to 9: "the 8s" are the Decktet's cards of rank 8
        _("'{text}' is not a Decktet card; the {rank}s are {cards}").format(
            text=text.strip(), rank=rank, cards=shown
        )
    )
