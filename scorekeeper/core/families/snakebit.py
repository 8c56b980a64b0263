"""Snakebit and Poison Nonesuch (Isaac Bickerstaff, for the Decktet): the `counts` entry
(how many cursed cards each player took, when the scorer does not name them), the checks
that only these games make, and the facts `status` adds about the Ace and Crown piles.

The cursed cards of a hand are every number card bearing the cursed suit: exactly 8 (each
Decktet suit is on one number card per rank, 2 to 9). They are recorded either by name with
`took` (captures.py) or as counts here, never both in one hand; either way all 8 must be
accounted for before the hand closes (Game.untaken / Game.needs). A player can only hold
cards from the tricks they took, so no player holds more cursed cards than
players × tricks; that is checked whichever of the tricks and the cursed cards comes last.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core import cards, errors, events, scoring, state
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import _, ngettext
from scorekeeper.core.values import per_player, whole_number


def cursed_total(game: state.Game, hand: state.Hand) -> int:
    """How many cards bear the hand's cursed suit in the pack dealt (8 in the Decktet's 24)."""
    return len(scoring.scoring_cards(hand.phase, game.deck, hand.cursed))


def cursed_held(hand: state.Hand) -> dict[str, int]:
    """Cursed cards recorded for each player so far, whether named or counted."""
    if hand.cursed_counts is not None:
        return dict(hand.cursed_counts)
    return {player: len(got) for player, got in hand.taken.items()}


# --- the `counts` entry ---------------------------------------------------------------


def counts(game: state.Game, values: list[str]) -> events.CursedCounted:
    """`counts Ann=5 Bob=3` (players left out took none) or one count per player in seating
    order: how many cursed cards each player took this hand."""
    given = per_player(game, values, "cursed-card counts")
    counted = {p: whole_number(v, p, "cursed-card count") for p, v in given.items()}
    return events.CursedCounted(hand=game.hand.number, counts={p: counted.get(p, 0) for p in game.players})


def _on_counts(game: state.Game, hand: state.Hand, event: events.CursedCounted) -> None:
    if game.ruleset.cursed is None:
        raise errors.RuleViolation(
            _("{ruleset} has no cursed suit, so there are no cursed cards to count").format(ruleset=game.ruleset.name)
        )
    state.require_ready_for_play(game, hand, "cursed cards")
    if hand.played:
        raise errors.RuleViolation(
            _("this hand is being recorded trick by trick; the cursed cards follow from it")
        )
    if hand.cursed_counts is not None:
        shown = ", ".join(f"{p} {n}" for p, n in hand.cursed_counts.items())
        raise errors.RuleViolation(
            _("the cursed cards of hand {hand} are already counted ({counts}); `undo` that entry to change them").format(
                hand=hand.number, counts=shown
            ),
            page=_("the cursed cards of hand {hand} are already counted ({counts}); undo that entry to change them").format(
                hand=hand.number, counts=shown
            ),
        )
    if hand.taken:
        raise errors.RuleViolation(
            _(
                "the cursed cards of this hand are being named with `took`; name the rest the same way, "
                "or `undo` those entries to give counts instead"
            ),
            page=_(
                "the cursed cards of this hand are being named card by card; name the rest the same way, "
                "or undo those entries to give counts instead"
            ),
        )
    negative = [p for p, n in event.counts.items() if n < 0]
    if negative:
        raise errors.EntryError(_("{player} cannot take fewer than 0 cursed cards").format(player=negative[0]))
    unknown = [p for p in event.counts if p not in game.players]
    if unknown:
        raise errors.EntryError(
            _("no player '{text}' in this game; the players are {players}").format(
                text=unknown[0], players=", ".join(game.players)
            )
        )
    _check_total(game, hand, event.counts)
    hand.cursed_counts = {p: event.counts.get(p, 0) for p in game.players}


def _check_total(game: state.Game, hand: state.Hand, counted: dict[str, int]) -> None:
    total, wanted = sum(counted.values()), cursed_total(game, hand)
    if total != wanted:
        suit = cards.suit_symbol(hand.cursed or "")
        diff = total - wanted
        if diff > 0:
            said = ngettext(
                "cursed cards total {total}, but exactly {count} number card bears {suit} and every one "
                "is taken ({diff} too many); check the counts",
                "cursed cards total {total}, but exactly {count} number cards bear {suit} and every one "
                "is taken ({diff} too many); check the counts",
                wanted,
            )
        else:
            said = ngettext(
                "cursed cards total {total}, but exactly {count} number card bears {suit} and every one "
                "is taken ({diff} too few); check the counts",
                "cursed cards total {total}, but exactly {count} number cards bear {suit} and every one "
                "is taken ({diff} too few); check the counts",
                wanted,
            )
        raise errors.RuleViolation(said.format(total=total, count=wanted, suit=suit, diff=abs(diff)))


# --- checks made after every entry ------------------------------------------------------


def _check_crown(game: state.Game, hand: state.Hand, event: events.AnyEvent) -> list[errors.RuleViolation]:
    if isinstance(event, events.TrumpSet) and event.suit is None:
        return [
            errors.RuleViolation(
                _("the Crown turned up always names a trump suit in Snakebit; record its suit, e.g. `trump moons`"),
                page=_("the Crown turned up always names a trump suit in Snakebit; record its suit"),
            )
        ]
    return []


def _check_cap(game: state.Game, hand: state.Hand, event: events.AnyEvent) -> list[errors.RuleViolation]:
    """Nobody holds more cursed cards than the cards of the tricks they took."""
    if hand.tricks is None:
        return []
    players = len(game.players)
    problems = []
    for player, held in cursed_held(hand).items():
        took = hand.tricks[player]
        most = players * took
        if held > most:
            facts = {
                "player": player,
                "count": held,
                "tricks": ngettext("{count} trick", "{count} tricks", took).format(count=took),
                "cards": ngettext("{count} card", "{count} cards", most).format(count=most),
                "players": players,
            }
            # TRANSLATORS: {tricks} is e.g. "2 tricks", {cards} e.g. "8 cards"
            said = ngettext(
                "{player} would hold {count} cursed card but took {tricks}, at most {cards} ({players} to a "
                "trick); check {player}'s tricks and cursed cards, and `undo` an earlier entry if that one is wrong",
                "{player} would hold {count} cursed cards but took {tricks}, at most {cards} ({players} to a "
                "trick); check {player}'s tricks and cursed cards, and `undo` an earlier entry if that one is wrong",
                held,
            )
            # TRANSLATORS: as above, said on the scorer's phone, which has an Undo button, not a command
            on_page = ngettext(
                "{player} would hold {count} cursed card but took {tricks}, at most {cards} ({players} to a "
                "trick); check {player}'s tricks and cursed cards, and undo an earlier entry if that one is wrong",
                "{player} would hold {count} cursed cards but took {tricks}, at most {cards} ({players} to a "
                "trick); check {player}'s tricks and cursed cards, and undo an earlier entry if that one is wrong",
                held,
            )
            problems.append(errors.RuleViolation(said.format(**facts), page=on_page.format(**facts)))
    return problems


# --- status ----------------------------------------------------------------------------


def piles_left(game: state.Game, hand: state.Hand) -> dict[str, list[str]]:
    """The suits still face down in the Ace pile (cursed) and the Crown pile (trump), in
    the run through the piles that `hand` belongs to; this hand's own flips count as used."""
    start = state.pile_run(game, hand)[0]
    run = game.hands[start - 1 : hand.number]
    left = {}
    for what in state.PILES:
        used = {getattr(h, what) for h in run}
        left[what] = [s for s in game.deck.suits if s not in used]
    return left


def status_data(game: state.Game, _need: Any = None) -> dict[str, Any]:
    if game.finished or not (game.ruleset.cursed and game.ruleset.cursed.no_repeat):
        return {}
    return {"piles": piles_left(game, game.hand)}


FAMILY = Family(
    name="snakebit",
    entries={"counts": counts},
    handlers={events.CursedCounted: _on_counts},
    checks=(_check_crown, _check_cap),
    status=status_data,
)
