"""The game families, in one table: what each one owns and when it applies, known without
loading it; each family's module is imported (by a plain import, below) only when a game
needs it, so a command on an Oh Hell game never pays for the others. Whether a family's
rules hold is a fact of the ruleset, known once a game starts; only the card-by-card
recording comes and goes with the hands."""

# No `from __future__ import annotations`: a NamedTuple compiles each string annotation
# into a ForwardRef, at every start-up (see outcomes.py).
import functools
from collections.abc import Callable
from typing import NamedTuple

from scorekeeper.core import events, rulesets, state
from scorekeeper.core.families.interface import Family


def _never(_: object) -> bool:
    return False


class Listing(NamedTuple):
    """A family's row in the table."""

    name: str
    owns: tuple[type, ...]  # the event types of the entries it accepts
    plays: Callable[[rulesets.Ruleset], bool]  # its rules hold in every game of this ruleset: its checks run
    judges: Callable[[rulesets.Renege], bool]  # the renege rules it judges
    load: Callable[[], Family]
    shows: Callable[[state.Game], bool] = _never  # its status facts show in this game now (besides `plays`)


# Each family's loader imports its module the first time, then hands back the same family (an
# import statement looks the module up again each time it runs, and entries ask at every turn).
@functools.cache
def _poisons() -> Family:
    from scorekeeper.core.families import poisons

    return poisons.FAMILY


@functools.cache
def _snakebit() -> Family:
    from scorekeeper.core.families import snakebit

    return snakebit.FAMILY


@functools.cache
def _captures() -> Family:
    from scorekeeper.core.families import captures

    return captures.FAMILY


@functools.cache
def _card_by_card() -> Family:
    from scorekeeper.core.families import card_by_card

    return card_by_card.FAMILY


@functools.cache
def _spades() -> Family:
    from scorekeeper.core.families import spades

    return spades.FAMILY


@functools.cache
def _euchre() -> Family:
    from scorekeeper.core.families import euchre

    return euchre.FAMILY


FAMILIES: tuple[Listing, ...] = (
    # Pick Your Poison: picks instead of bids, the rounds' quotas, the forced blind bid's peek
    Listing(
        "poisons",
        (events.PoisonsRecorded,),
        lambda rules: rules.poisons is not None,
        lambda rule: rule.forced_blind_only,
        _poisons,
    ),
    # any game's hand recorded trick by trick: its status shows while it or the last hand is
    Listing(
        "card_by_card",
        (events.TrickPlayed,),
        _never,
        _never,
        _card_by_card,
        shows=lambda game: any(hand.played for hand in game.hands[-2:]),
    ),
    # Snakebit and Poison Nonesuch: cursed cards counted, the Ace and Crown piles
    Listing(
        "snakebit",
        (events.CursedCounted,),
        lambda rules: rules.family == "snakebit",
        _never,
        _snakebit,
    ),
    # the scoring cards, first and last trick and moon of the avoidance games (and Snakebit's cards)
    Listing(
        "captures",
        (events.CardsTaken, events.TrickAwarded, events.MoonDeclared),
        lambda rules: rules.family == "avoidance",
        _never,
        _captures,
    ),
    # Spades: nil and blind nil, and the bids the sides' scores allow
    Listing(
        "spades",
        (),
        lambda rules: rules.family == "spades",
        _never,
        _spades,
    ),
    # Euchre: who made trump (ordered up or named, alone or not), then the makers' tricks
    Listing(
        "euchre",
        (events.TrumpMade,),
        lambda rules: rules.family == "euchre",
        _never,
        _euchre,
    ),
)

_OWNERS = {event_type: listing for listing in FAMILIES for event_type in listing.owns}
_NAMED = {listing.name: listing for listing in FAMILIES}


def owner(event_type: type) -> Family | None:
    """The family that accepts entries of this type; None for the engine's own entries."""
    listing = _OWNERS.get(event_type)
    return None if listing is None else listing.load()


def playing(ruleset: rulesets.Ruleset) -> tuple[str, ...]:
    """The names of the families whose rules (checks, forced picks) hold in every game of this
    ruleset, in table order: asked once when a game starts, and kept as `Game.families` (names,
    not the families' functions: a game state is pickled between commands)."""
    return tuple(listing.name for listing in FAMILIES if listing.plays(ruleset))


def ruling(game: state.Game) -> list[Family]:
    """The families whose rules hold in this game (`playing`, as it started), in table order."""
    return [_NAMED[name].load() for name in game.families]


def applying(game: state.Game) -> list[Family]:
    """The families whose status facts apply to this game now, in table order."""
    return [listing.load() for listing in FAMILIES if listing.plays(game.ruleset) or listing.shows(game)]


def judging(rule: rulesets.Renege) -> list[Family]:
    """The families that judge whether a renege of this rule's kind is one at all."""
    return [listing.load() for listing in FAMILIES if listing.judges(rule)]
