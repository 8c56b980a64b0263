"""A correction in words: what the scorer hears after correcting a closed hand (its new
points, the new standings, and everything that changed after it: later dealers and hand
sizes, forfeits, the end of the game, tie-break hands, the winner)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.core import events, scoring

if TYPE_CHECKING:
    from scorekeeper import results
    from scorekeeper.core import state


class Fix(NamedTuple):
    """A correction of a hand, as the sheet, the log and `why` show it."""

    entry: int  # the correcting entry
    now: str  # what it says
    was: tuple[str, ...]  # what the entries it superseded said

    def text(self) -> str:
        was = f" (was {'; '.join(self.was)})" if self.was else ""
        return f"corrected by entry {self.entry}: {self.now}{was}"


def of_hand(game: state.Game, number: int) -> list[Fix]:
    """The corrections of hand `number`, in the order they were made."""
    return [
        Fix(c.position, events.describe(c.fact), tuple(was_text(c.fact, old) for _, old in c.superseded))
        for c in game.corrections
        if c.fact.hand == number
    ]


def reply(recorded: results.Recorded) -> str:
    """Everything said after a correction (recorded.before is the game as it stood)."""
    from scorekeeper.words import reports

    before, after, hand = recorded.before, recorded.game, recorded.hand
    assert before is not None
    event = recorded.event
    fact = event.fact if isinstance(event, events.Corrected) else event
    was = [old for c in after.corrections if c.position == recorded.n for _, old in c.superseded]
    head = f"Hand {hand.number} corrected (entry {recorded.n}): {events.describe(fact)}"
    if was:
        head += " (was " + "; ".join(was_text(fact, old) for old in was) + ")"
    lines = [head + "."]
    if hand.closed:
        lines.append(f"Hand {hand.number} now scores: " + points_line(before, after, hand.number) + ".")
    lines.append(reports.standings_text(after))
    changed = changes(before, after, hand.number)
    lines.append(
        f"Changed after hand {hand.number}: " + "; ".join(changed) + "."
        if changed
        else f"Nothing else changes after hand {hand.number}."
    )
    return "\n".join(lines)


_PER_PLAYER = {events.BidsRecorded: "bids", events.PoisonsRecorded: "poisons", events.TricksRecorded: "tricks"}


def was_text(fact: events.HandEvent, old: events.HandEvent) -> str:
    """What a superseded entry said, of the players the correction names."""
    field = _PER_PLAYER.get(type(fact))
    if field and type(old) is type(fact):
        named = getattr(fact, field)
        old = old.model_copy(update={field: {p: v for p, v in getattr(old, field).items() if p in named}})
    return events.describe(old)


def points_line(before: state.Game, after: state.Game, number: int) -> str:
    """`Ann +14 (was -15), Bob +10`: the hand's points, the old value where it changed, for
    the players dealt in that hand (and anyone a ruling gave points), named as they were then."""
    hand = after.hands[number - 1]
    new = hand.points_scored(hand.seating)
    old = before.hands[number - 1].points_scored(hand.seating) if number <= len(before.hands) else {}
    parts = []
    for player in new:
        text = f"{after.called(player, number)} {_signed(new[player])}"
        if player in old and old[player] != new[player]:
            text += f" (was {_signed(old[player])})"
        parts.append(text)
    return ", ".join(parts)


def changes(before: state.Game, after: state.Game, number: int) -> list[str]:
    """What differs after hand `number` between the game as it stood and as re-told."""
    out = []
    for old, new in zip(before.hands[number:], after.hands[number:], strict=False):
        dealt, was = new.seating[new.dealer], old.seating[old.dealer]
        if dealt != was:
            out.append(
                f"hand {new.number} is now dealt by {after.called(dealt, new.number)}: {new.dealer_reason} "
                f"(was {before.called(was, old.number)})"
            )
        if old.size != new.size and new.size is not None:
            out.append(f"hand {new.number} is now {new.size} cards each (was {old.size})")
    out += _forfeits(before, after)
    out += _end(before, after)
    return out


def _forfeits(before: state.Game, after: state.Game) -> list[str]:
    out = []
    for player in after.players:
        old, new = before.forfeits[player], after.forfeits[player]
        for forfeit in sorted(set(old) | set(new)):
            if new.count(forfeit) > old.count(forfeit):
                out.append(f"{player} now owes the {forfeit} forfeit")
            elif new.count(forfeit) < old.count(forfeit):
                out.append(f"{player} no longer owes the {forfeit} forfeit")
    return out


def _end(before: state.Game, after: state.Game) -> list[str]:
    out = []
    planned = after.planned_hands
    old_extra = max(0, len(before.hands) - planned) if planned else 0
    new_extra = max(0, len(after.hands) - planned) if planned else 0
    if old_extra and not new_extra:
        out.append("the tie-break hand is no longer needed" if old_extra == 1 else "the tie-break hands are no longer needed")
    elif new_extra > old_extra and not before.finished:
        pass  # still playing: the tie-break is announced when it comes
    elif new_extra > old_extra:
        out.append(f"{' and '.join(after.leaders())} now tie for the lead: hand {after.hand.number} is a tie-break hand")
    if after.finished and (not before.finished or len(after.hands) < len(before.hands)):
        last = after.hand.number
        out.append(f"the game now ends after hand {last}")
        if after.set_aside:
            hands = sorted({e.hand for _, e in after.set_aside if isinstance(e, events.HandEvent)})
            span = f"hand {hands[0]}" if len(hands) == 1 else f"hands {hands[0]}-{hands[-1]}"
            out.append(f"what was entered for {span} no longer counts")
    elif before.finished and not after.finished:
        out.append(f"the game is no longer over: hand {after.hand.number} is to be played")
    if before.winners() != after.winners():
        out.append(_winner(after) + (f" (was {' and '.join(before.winners())})" if before.winners() else ""))
    return out


def _winner(game: state.Game) -> str:
    winners = game.winners()
    if not winners:
        return "there is no winner yet"
    if len(winners) == 1:
        return f"the winner is now {winners[0]}"
    return f"{' and '.join(winners)} now share the win"


def _signed(value) -> str:
    text = scoring.points_text(value)
    return text if text.startswith("-") else f"+{text}"
