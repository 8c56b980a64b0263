"""An entry as the pages tell it to the players: what it recorded, in their words ("bids Ann 2,
Bob 0", "trump ♥"), an undo by what it took back ("Bob's bid in hand 4 taken back (2)") and a
correction by what it put right, with what was there before ("hand 3 corrected: Eve's tricks
2, was 1"). No entry number and no NAME=VALUE: those are the log's words (events.describe),
which the command line's `log`, `audit` and replies keep."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.core import cards, corrections, engine, events
from scorekeeper.core.language import _
from scorekeeper.words import reports


def entry(event: events.AnyEvent, before: Sequence[events.AnyEvent], seats: Sequence[str] = ()) -> str:
    """Entry `len(before)` of a game as a page lists it, `before` being the log's entries before
    it (an undo is told by the entry it took back, a correction by what it replaced); `seats`:
    the players in seating order (see `seated`), whose values go in that order."""
    if isinstance(event, events.EntryReversed):
        if 0 <= event.target < len(before):
            return taken_back(before[event.target], seats)
        return events.describe(event)
    if isinstance(event, events.Corrected):
        said = changes(event.fact, replaced(before, event), seats)
        return _("hand {hand} corrected: {changes}").format(hand=event.fact.hand, changes=said)
    return fact(event, seats)


def seated(seats: Sequence[str], event: events.AnyEvent) -> tuple[str, ...]:
    """The players in seating order after `event` (the game's start, a join, a rename), given
    them in that order before it: the order a page names each player's value in."""
    match event:
        case events.GameStarted():
            return tuple(event.players)
        case events.PlayerJoined():
            at = seats.index(event.after) + 1 if event.after in seats else len(seats)
            return (*seats[:at], event.player, *seats[at:])
        case events.PlayerRenamed():
            return tuple(event.new if p == event.old else p for p in seats)
    return tuple(seats)


def fact(event: events.AnyEvent, seats: Sequence[str] = ()) -> str:
    """What an entry recorded, without its hand: the values by each player's name (in seating
    order, `seats`), a suit by its symbol; the log's words where they are a player's already
    ("Bob took Q♠")."""
    match event:
        case events.TrumpSet():
            if event.suit:
                said = _("trump {suit} ({card})") if event.card else _("trump {suit}")
            else:
                said = _("no trump ({card})") if event.card else _("no trump")
            return said.format(suit=_suit(event.suit), card=event.card)
        case events.CursedSet():
            return _("cursed suit {suit}").format(suit=_suit(event.suit))
        case events.BidsRecorded():
            if event.blind:
                return _("bids {values}, blind nil by {players}").format(
                    values=_pairs(event.bids, seats), players=", ".join(event.blind)
                )
            return _("bids {values}").format(values=_pairs(event.bids, seats))
        case events.PoisonsRecorded():
            return _("poisons {values}").format(values=_picks(event, seats))
        case events.TricksRecorded():
            return _("tricks {values}").format(values=_pairs(event.tricks, seats))
        case events.CursedCounted():
            return _("cursed cards {values}").format(values=_pairs(event.counts, seats))
        case events.Corrected():
            return _("correction of hand {hand}: {entry}").format(hand=event.fact.hand, entry=fact(event.fact, seats))
    return events.describe(event)


def taken_back(target: events.AnyEvent, seats: Sequence[str] = ()) -> str:
    """An undo, by the entry it took back (each player's value in seating order, `seats`)."""
    match target:
        case events.BidsRecorded() if len(target.bids) == 1:
            ((player, bid),) = target.bids.items()
            return _("{player}'s bid in hand {hand} taken back ({bid})").format(player=player, hand=target.hand, bid=bid)
        case events.BidsRecorded():
            return _("the bids in hand {hand} taken back ({bids})").format(hand=target.hand, bids=_pairs(target.bids, seats))
        case events.PoisonsRecorded() if len(target.poisons) == 1:
            ((player, pick),) = target.poisons.items()
            return _("{player}'s pick in hand {hand} taken back ({pick})").format(
                player=player, hand=target.hand, pick=reports.pick_said(pick)  # type: ignore[arg-type]
            )
        case events.PoisonsRecorded():
            return _("the picks in hand {hand} taken back ({picks})").format(hand=target.hand, picks=_picks(target, seats))
        case events.TricksRecorded():
            return _("the tricks in hand {hand} taken back ({tricks})").format(hand=target.hand, tricks=_pairs(target.tricks, seats))
        case events.TrumpSet():
            trump = _suit(target.suit) if target.suit else _("no trump")
            return _("the trump of hand {hand} taken back ({trump})").format(hand=target.hand, trump=trump)
        case events.Corrected():
            return _("the correction of hand {hand} taken back ({entry})").format(hand=target.fact.hand, entry=fact(target.fact, seats))
    hand = getattr(target, "hand", None)
    if hand is None:
        return _("taken back: {entry}").format(entry=fact(target, seats))
    return _("taken back from hand {hand}: {entry}").format(hand=hand, entry=fact(target, seats))


def undone(target: events.AnyEvent, seats: Sequence[str] = ()) -> str:
    """The first line of an undo's reply on a page: what it took back, and from which hand."""
    if isinstance(target, events.Corrected):
        entry_ = fact(target.fact, seats)
        return _("Undone: the correction of hand {hand} ({entry}).").format(hand=target.fact.hand, entry=entry_)
    hand = getattr(target, "hand", None)
    if hand is None:
        return _("Undone: {entry}.").format(entry=fact(target, seats))
    return _("Undone: {entry} (hand {hand}).").format(entry=fact(target, seats), hand=hand)


_PER_PLAYER = {events.BidsRecorded: "bids", events.PoisonsRecorded: "poisons", events.TricksRecorded: "tricks"}


def changes(fact_: events.HandEvent, olds: Sequence[events.AnyEvent], seats: Sequence[str] = ()) -> str:
    """What a correction put right, against what it replaced (`olds`: the entries it superseded,
    as they were): each player whose value changed, in seating order (`seats`), for bids, picks
    and tricks ("Eve's tricks 2, was 1"); else the fact and what it replaced."""
    field = _PER_PLAYER.get(type(fact_))
    if field is None:
        now = fact(fact_, seats)
        if not olds:
            return now
        # TRANSLATORS: {now} is what a correction recorded ("trump ♠"), {was} what it replaced
        return _("{now}, was {was}").format(now=now, was="; ".join(fact(old, seats) for old in olds))
    was: dict[str, object] = {}
    for old in olds:
        if type(old) is type(fact_):
            was.update(getattr(old, field))
    given = _in_order(getattr(fact_, field), seats)
    changed = {player: value for player, value in given.items() if was.get(player) != value}
    return "; ".join(_one_change(fact_, player, value, was.get(player)) for player, value in (changed or given).items())


def _one_change(fact_: events.HandEvent, player: str, value: object, was: object) -> str:
    if isinstance(fact_, events.PoisonsRecorded):
        value = reports.pick_said(value)  # type: ignore[arg-type]
        was = None if was is None else reports.pick_said(was)  # type: ignore[arg-type]
        said = _("{player}'s pick {value}") if was is None else _("{player}'s pick {value}, was {was}")
    elif isinstance(fact_, events.BidsRecorded):
        said = _("{player}'s bid {value}") if was is None else _("{player}'s bid {value}, was {was}")
    else:
        said = _("{player}'s tricks {value}") if was is None else _("{player}'s tricks {value}, was {was}")
    return said.format(player=player, value=value, was=was)


def replaced(before: Sequence[events.AnyEvent], correction: events.Corrected) -> list[events.AnyEvent]:
    """The entries a correction superseded, as they were, from the log's entries before it."""
    log = [*before, correction]
    if not before or not isinstance(before[0], events.GameStarted):
        return []
    position = len(before)
    for made in corrections.retell(engine.live_entries(log)).corrections:
        if made.position == position:
            return [old for _n, old in made.superseded]
    return []


def _in_order(values: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """Each player's value in seating order (the store keeps them by name), anyone not seated last."""
    place = {player: n for n, player in enumerate(seats)}
    return dict(sorted(values.items(), key=lambda item: place.get(item[0], len(place))))


def _pairs(values: Mapping[str, Any], seats: Sequence[str]) -> str:
    return reports.pairs(_in_order(values, seats))


def _picks(event: events.PoisonsRecorded, seats: Sequence[str]) -> str:
    return _pairs({p: reports.pick_said(pick) for p, pick in event.poisons.items()}, seats)  # type: ignore[arg-type]


def _suit(suit: str | None) -> str:
    """A suit by its symbol (a Decktet suit by its name); as stored, where it is no suit we know."""
    if suit is None:
        return _("no trump")
    try:
        return cards.suit_symbol(suit)
    except ValueError:
        return suit
