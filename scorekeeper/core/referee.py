"""Who wins a trick, for every deck; pure rules, no game state.

French packs: the highest trump wins if any trump was played, else the highest card of the
led suit (aces high). Jokers are either jesters (they never win, may be played at any time,
and a led Joker sets no suit: the first card with a suit does) or high (a Joker beats
everything; this project's reading when two are played: the first one played wins).

Decktet: the leader declares which of the led card's suits is led. If any card in the trick
bears the trump suit (top or bottom, the led card included) the highest trump-bearing card
wins, otherwise the highest card bearing the led suit. Each suit is on one number card per
rank, so number cards never tie; in the extended deck two Pawns (or two Courts) can share a
suit, and this project's reading is that the one played first wins. The Excuse behaves as a
jester: it never wins and sets no suit.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.core.cards import DECKTET_SUITS, FRENCH_SUITS, Card, Kind, suit_word
from scorekeeper.core.errors import EntryError, UsageError

JokerRule = Literal["jester", "high"]


@dataclass(frozen=True)
class TrickVerdict:
    winner: int  # 0-based index into the cards as played
    led: str | None  # the led suit
    reason: str  # e.g. "Q♥ wins: highest heart; no trump played"


def trick_winner(
    cards: Sequence[Card],
    *,
    trump: str | None,
    led: str | None = None,
    jokers: JokerRule = "jester",
) -> TrickVerdict:
    """Judge one trick, `cards` in the order played, leader first.

    `led` is the suit the leader declared (needed for a Decktet card bearing two suits);
    for a French trick it is optional and, if given, must be the suit actually led.
    """
    if jokers not in ("jester", "high"):
        raise ValueError(f"unknown Joker rule {jokers!r}; use 'jester' or 'high'")
    if not cards:
        raise EntryError("the trick has no cards; list the cards played, leader first")
    kinds = {card.kind for card in cards}
    if len(kinds) > 1:
        raise ValueError(f"a trick mixes French and Decktet cards: {list(map(str, cards))}")
    kind = kinds.pop()
    suits = FRENCH_SUITS if kind == "french" else DECKTET_SUITS
    for given in (trump, led):
        if given is not None and given not in suits:
            raise ValueError(f"{given!r} is not a {kind} suit; parse it with cards.parse_suit")
    _check_no_repeats(cards)
    suited = [i for i, card in enumerate(cards) if card.suits]
    if not suited:
        blanks = "Jokers" if kind == "french" else "the Excuse"
        raise EntryError(
            f"a trick of only {blanks} has no winner; list all the cards played, leader first"
        )
    led_card = cards[suited[0]]
    led = _led_suit(led_card, led) if kind == "decktet" else _french_led_suit(led_card, led)

    if jokers == "high":
        high = [i for i, card in enumerate(cards) if card.is_joker]
        if high:
            why = "Jokers are high" + (", and the first one played wins" if len(high) > 1 else "")
            return TrickVerdict(high[0], led, f"{cards[high[0]]} wins: {why}")

    trumps = [i for i in suited if cards[i].bears(trump)]
    pool = trumps or [i for i in suited if cards[i].bears(led)]
    winner = max(pool, key=lambda i: (cards[i].rank, -i))
    won_by_trump = bool(trumps)
    what = _what_won(kind, trump if won_by_trump else led, trump=won_by_trump, only=len(pool) == 1)
    reason = f"{cards[winner]} wins: {what}"
    if not won_by_trump and trump:
        reason += "; no trump played"
    return TrickVerdict(winner, led, reason)


def can_follow(card: Card, led: str | None) -> bool:
    """Whether playing `card` follows the led suit (a Joker or the Excuse always may be played)."""
    return led is None or not card.suits or card.bears(led)


def _check_no_repeats(cards: Sequence[Card]) -> None:
    repeats = [card for card, n in Counter(cards).items() if n > 1 and card.suits]
    if repeats:
        raise EntryError(
            f"{repeats[0]} is listed more than once; each card is played once, so check the trick"
        )


def _french_led_suit(led_card: Card, declared: str | None) -> str:
    actual = led_card.suits[0]
    if declared is not None and declared != actual:
        raise UsageError(
            f"the led suit is {suit_word(actual)}, set by {led_card}, not {suit_word(declared)};"
            f" leave out --led or give --led {suit_word(actual)}"
        )
    return actual


def _led_suit(led_card: Card, declared: str | None) -> str:
    """The Decktet led suit: the one declared, which the led card must bear."""
    options = led_card.suits
    if declared is None:
        if len(options) == 1:
            return options[0]
        raise UsageError(
            f"{led_card} was led and bears {_join(options, 'and')};"
            f" add --led SUIT to say which was led, e.g. --led {options[0]}"
        )
    if declared not in options:
        raise UsageError(
            f"{led_card}, the card led, does not bear {declared};"
            f" give {_join([f'--led {s}' for s in options], 'or')}"
        )
    return declared


def _what_won(kind: Kind, suit: str, *, trump: bool, only: bool) -> str:
    """The rule that made the winner, e.g. "highest trump", "the only heart"."""
    which = "the only" if only else "highest"
    if trump:
        # A Decktet card bears two suits, so always say which one trumped.
        named = kind == "decktet" or only
        return f"{which} trump ({suit_word(suit)})" if named else f"{which} trump"
    if kind == "decktet":
        return f"{which} card bearing {suit}"
    return f"{which} {suit_word(suit)[:-1]}"  # "hearts" → "heart"


def _join(words: Sequence[str], conjunction: str) -> str:
    return ", ".join(words[:-1]) + f" {conjunction} {words[-1]}" if len(words) > 1 else words[0]
