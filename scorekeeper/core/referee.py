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

from scorekeeper.core.alternatives import one_of
from scorekeeper.core.cards import (
    DECKTET_SUITS,
    FRENCH_SUITS,
    Card,
    Kind,
    suit_name,
    suit_singular,
    suit_word,
)
from scorekeeper.core.errors import EntryError, UsageError
from scorekeeper.core.language import _, listed
from scorekeeper.core.outcomes import Reason

JokerRule = Literal["jester", "high"]


@dataclass(frozen=True)
class TrickVerdict:
    winner: int  # 0-based index into the cards as played
    led: str | None  # the led suit
    why: Reason  # the reason the winner won, put in words when shown

    @property
    def reason(self) -> str:
        """e.g. "Q♥ wins: highest heart; no trump played", in the language in use."""
        return str(self.why)


# Euchre's bowers: the jack of trump ranks highest, the other jack of its colour next, and that
# one belongs to the trump suit (for following suit too)
JACK = 11
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def effective_suit(card: Card, trump: str | None, bowers: bool) -> str | None:
    """The suit a card counts as: with bowers, the left bower is a trump."""
    if bowers and trump is not None and card.rank == JACK and card.suit == SAME_COLOUR.get(trump):
        return trump
    return card.suit


def follows(card: Card, led: str | None, trump: str | None, bowers: bool) -> bool:
    """Whether playing `card` follows the led suit, the bowers counted as trumps."""
    if not bowers:
        return can_follow(card, led)
    return led is None or not card.suits or effective_suit(card, trump, bowers) == led


def trick_winner(
    cards: Sequence[Card],
    *,
    trump: str | None,
    led: str | None = None,
    jokers: JokerRule = "jester",
    bowers: bool = False,
) -> TrickVerdict:
    """Judge one trick, `cards` in the order played, leader first.

    `led` is the suit the leader declared (needed for a Decktet card bearing two suits);
    for a French trick it is optional and, if given, must be the suit actually led.
    `bowers`: Euchre's jacks (the jack of trump highest, the other of its colour next, a trump).
    """
    if bowers and trump is not None and cards and all(card.kind == "french" and card.suits for card in cards):
        _check_no_repeats(cards)
        return _bower_trick(cards, trump, led)
    if jokers not in ("jester", "high"):
        raise ValueError(f"unknown Joker rule {jokers!r}; use 'jester' or 'high'")
    if not cards:
        raise EntryError(_("the trick has no cards; list the cards played, leader first"))
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
        if kind == "french":
            raise EntryError(_("a trick of only Jokers has no winner; list all the cards played, leader first"))
        raise EntryError(_("a trick of only the Excuse has no winner; list all the cards played, leader first"))
    led_card = cards[suited[0]]
    led = _led_suit(led_card, led) if kind == "decktet" else _french_led_suit(led_card, led)

    if jokers == "high":
        high = [i for i, card in enumerate(cards) if card.is_joker]
        if high:
            return TrickVerdict(high[0], led, Reason(_high_joker_words, cards[high[0]], len(high) > 1))

    trumps = [i for i in suited if cards[i].bears(trump)]
    pool = trumps or [i for i in suited if cards[i].bears(led)]
    winner = max(pool, key=lambda i: (cards[i].rank, -i))
    won_by_trump = bool(trumps)
    suit = trump if won_by_trump else led
    reason = Reason(_winner_words, cards[winner], kind, suit, won_by_trump, len(pool) == 1, bool(trump))
    return TrickVerdict(winner, led, reason)


def _bower_trick(cards: Sequence[Card], trump: str, declared: str | None) -> TrickVerdict:
    led = effective_suit(cards[0], trump, True)
    if declared is not None and declared != led:
        _french_led_suit(cards[0], declared)  # says what was led, and how to write it
    suits = [effective_suit(card, trump, True) for card in cards]
    trumps = [i for i, suit in enumerate(suits) if suit == trump]
    pool = trumps or [i for i, suit in enumerate(suits) if suit == led]

    def rank(i: int) -> int:
        card = cards[i]
        if card.rank == JACK and card.suit == trump:
            return 16  # the right bower
        return 15 if suits[i] != card.suit else card.rank  # the left bower, then aces high

    winner = max(pool, key=lambda i: (rank(i), -i))
    card = cards[winner]
    if card.rank == JACK and trumps:
        return TrickVerdict(winner, led, Reason(_bower_words, card, card.suit == trump))
    reason = Reason(_winner_words, card, "french", trump if trumps else led, bool(trumps), len(pool) == 1, True)
    return TrickVerdict(winner, led, reason)


def _bower_words(card: Card, right: bool) -> str:
    if right:
        return _("{card} wins: the right bower, the jack of trump, is the highest card").format(card=card)
    return _("{card} wins: the left bower, the other jack of trump's colour, beats all but the right bower").format(
        card=card
    )


def _high_joker_words(card: Card, several: bool) -> str:
    if several:
        return _("{card} wins: Jokers are high, and the first one played wins").format(card=card)
    return _("{card} wins: Jokers are high").format(card=card)


def _winner_words(card: Card, kind: Kind, suit: str, by_trump: bool, only: bool, trump_named: bool) -> str:
    """Why `card` won, e.g. "Q♥ wins: highest heart; no trump played"."""
    what = _what_won(kind, suit, trump=by_trump, only=only)
    if not by_trump and trump_named:
        # TRANSLATORS: {rule} is what made the card win, e.g. "highest heart"
        return _("{card} wins: {rule}; no trump played").format(card=card, rule=what)
    return _("{card} wins: {rule}").format(card=card, rule=what)


def can_follow(card: Card, led: str | None) -> bool:
    """Whether playing `card` follows the led suit (a Joker or the Excuse always may be played)."""
    return led is None or not card.suits or card.bears(led)


def _check_no_repeats(cards: Sequence[Card]) -> None:
    repeats = [card for card, n in Counter(cards).items() if n > 1 and card.suits]
    if repeats:
        raise EntryError(
            _("{card} is listed more than once; each card is played once, so check the trick").format(card=repeats[0])
        )


def _french_led_suit(led_card: Card, declared: str | None) -> str:
    actual = led_card.suits[0]
    if declared is not None and declared != actual:
        raise UsageError(
            # TRANSLATORS: {typed} is the suit as the scorer types it after --led (keep it as is)
            _("the led suit is {suit}, set by {card}, not {declared}; leave out --led or give --led {typed}").format(
                suit=suit_name(actual), card=led_card, declared=suit_name(declared), typed=suit_word(actual)
            )
        )
    return actual


def _led_suit(led_card: Card, declared: str | None) -> str:
    """The Decktet led suit: the one declared, which the led card must bear."""
    options = led_card.suits
    if declared is None:
        if len(options) == 1:
            return options[0]
        suits = listed([suit_name(s) for s in options])
        raise UsageError(
            _("{card} was led and bears {suits}; add --led SUIT to say which was led, e.g. --led {typed}").format(
                card=led_card, suits=suits, typed=options[0]
            ),
            page=_("{card} was led and bears {suits}; tap the suit that was led").format(card=led_card, suits=suits),
        )
    if declared not in options:
        raise UsageError(
            _("{card}, the card led, does not bear {suit}; give {options}").format(
                card=led_card, suit=suit_name(declared), options=one_of([f"--led {s}" for s in options])
            )
        )
    return declared


def _what_won(kind: Kind, suit: str, *, trump: bool, only: bool) -> str:
    """The rule that made the winner, e.g. "highest trump", "the only heart"."""
    if trump:
        # A Decktet card bears two suits, so always say which one trumped.
        if kind == "decktet" or only:
            rule = _("the only trump ({suit})") if only else _("highest trump ({suit})")
            return rule.format(suit=suit_name(suit))
        return _("highest trump")
    if kind == "decktet":
        rule = _("the only card bearing {suit}") if only else _("highest card bearing {suit}")
        return rule.format(suit=suit_name(suit))
    # TRANSLATORS: {suit} is one card's suit, e.g. "the only heart"
    rule = _("the only {suit}") if only else _("highest {suit}")
    return rule.format(suit=suit_singular(suit))

