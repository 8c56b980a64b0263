"""A correction in words: what the scorer hears after correcting a closed hand (its new
points, the new standings, and everything that changed after it: later dealers and hand
sizes, forfeits, the end of the game, tie-break hands, the winner)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.core import events, scoring
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.language import _, ngettext
from scorekeeper.words import vocabulary

if TYPE_CHECKING:
    from scorekeeper import results
    from scorekeeper.core import state


class Fix(NamedTuple):
    """A correction of a hand, as the sheet, the log and `why` show it."""

    entry: int  # the correcting entry
    now: str  # what it says
    was: tuple[str, ...]  # what the entries it superseded said
    page: str = ""  # the correction as a page says it: what it put right or took back, no entry number

    def text(self, on_page: bool = False) -> str:
        if on_page and self.page:
            return self.page
        if self.was:
            # TRANSLATORS: {now} is the entry in words, {was} what the entries it replaced said
            return _("corrected by entry {entry}: {now} (was {was})").format(entry=self.entry, now=self.now, was="; ".join(self.was))
        return _("corrected by entry {entry}: {now}").format(entry=self.entry, now=self.now)


def of_hand(game: state.Game, number: int) -> list[Fix]:
    """The corrections of hand `number`, in the order they were made."""
    from scorekeeper.words import told

    seats = game.hands[number - 1].seating if number <= len(game.hands) else ()
    return [
        Fix(c.position, events.describe(c.fact, game.deck), tuple(was_text(c.fact, old) for _n, old in c.superseded),
            # TRANSLATORS: {changes} is what a correction of the hand put right, "Eve's tricks 2, was 1"
            _("corrected: {changes}").format(changes=told.changes(c.fact, [old for _n, old in c.superseded], seats)))
        for c in game.corrections
        if c.fact.hand == number
    ]  # fmt: skip


def reply(recorded: results.Recorded, on_page: bool = False) -> str:
    """Everything said after a correction (recorded.before is the game as it stood). `on_page`:
    said on a page, where what changed is said player by player, and no entry by its number."""
    from scorekeeper.words import reports, told

    before, after, hand = recorded.before, recorded.game, recorded.hand
    assert before is not None
    event = recorded.event
    fact = event.fact if isinstance(event, events.Corrected) else event
    was = [old for c in after.corrections if c.position == recorded.n for _n, old in c.superseded]
    words = {"hand": hand.number, "entry": recorded.n, "now": events.describe(fact, after.deck)}
    if on_page:
        lines = [_("Hand {hand} corrected: {changes}.").format(hand=hand.number, changes=told.changes(fact, was, hand.seating))]
    elif was:
        words["was"] = "; ".join(was_text(fact, old) for old in was)
        lines = [_("Hand {hand} corrected (entry {entry}): {now} (was {was}).").format(**words)]
    else:
        lines = [_("Hand {hand} corrected (entry {entry}): {now}.").format(**words)]
    if hand.closed:
        lines.append(_("Hand {hand} now scores: {points}.").format(hand=hand.number, points=points_line(before, after, hand.number)))
    lines.append(reports.standings_text(after))
    changed = changes(before, after, hand.number)
    lines.append(
        _("Changed after hand {hand}: {changes}.").format(hand=hand.number, changes="; ".join(changed))
        if changed
        else _("Nothing else changes after hand {hand}.").format(hand=hand.number)
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
        name, points = after.called(player, number), _signed(new[player])
        if player in old and old[player] != new[player]:
            parts.append(_("{player} {points} (was {was})").format(player=name, points=points, was=_signed(old[player])))
        else:
            parts.append(f"{name} {points}")
    return ", ".join(parts)


def changes(before: state.Game, after: state.Game, number: int) -> list[str]:
    """What differs after hand `number` between the game as it stood and as re-told."""
    out = []
    for old, new in zip(before.hands[number:], after.hands[number:], strict=False):
        dealt, was = new.seating[new.dealer], old.seating[old.dealer]
        if dealt != was:
            # TRANSLATORS: {reason} says why this player deals
            out.append(
                _("hand {hand} is now dealt by {dealer}: {reason} (was {was})").format(
                    hand=new.number, dealer=after.called(dealt, new.number), reason=new.dealer_reason, was=before.called(was, old.number)
                )
            )
        if old.size != new.size and new.size is not None:
            out.append(
                ngettext(
                    "hand {hand} is now {count} card each (was {was})", "hand {hand} is now {count} cards each (was {was})", new.size
                ).format(hand=new.number, count=new.size, was=old.size)
            )
    out += _forfeits(before, after)
    out += _end(before, after)
    return out


def _forfeits(before: state.Game, after: state.Game) -> list[str]:
    named = vocabulary.forfeit_name
    out = []
    for player in after.players:
        old, new = before.forfeits[player], after.forfeits[player]
        for forfeit in sorted(set(old) | set(new)):
            if new.count(forfeit) > old.count(forfeit):
                # TRANSLATORS: {forfeit} is the forfeit's name ("pants")
                out.append(_("{player} now owes the {forfeit} forfeit").format(player=player, forfeit=named(forfeit)))
            elif new.count(forfeit) < old.count(forfeit):
                out.append(_("{player} no longer owes the {forfeit} forfeit").format(player=player, forfeit=named(forfeit)))
    return out


def _end(before: state.Game, after: state.Game) -> list[str]:
    out = []
    planned = after.planned_hands
    old_extra = max(0, len(before.hands) - planned) if planned else 0
    new_extra = max(0, len(after.hands) - planned) if planned else 0
    if old_extra and not new_extra:
        out.append(
            _("the tie-break hand is no longer needed") if old_extra == 1 else _("the tie-break hands are no longer needed")
        )
    elif new_extra > old_extra and not before.finished:
        pass  # still playing: the tie-break is announced when it comes
    elif new_extra > old_extra:
        out.append(
            _("{players} now tie for the lead: hand {hand} is a tie-break hand").format(
                players=all_of(after.leaders()), hand=after.hand.number
            )
        )
    if after.finished and (not before.finished or len(after.hands) < len(before.hands)):
        out.append(_("the game now ends after hand {hand}").format(hand=after.hand.number))
        if after.set_aside:
            hands = sorted({e.hand for _n, e in after.set_aside if isinstance(e, events.HandEvent)})
            if len(hands) == 1:
                out.append(_("what was entered for hand {hand} no longer counts").format(hand=hands[0]))
            else:
                out.append(_("what was entered for hands {first}-{last} no longer counts").format(first=hands[0], last=hands[-1]))
    elif before.finished and not after.finished:
        out.append(_("the game is no longer over: hand {hand} is to be played").format(hand=after.hand.number))
    if before.winners() != after.winners():
        if before.winners():
            # TRANSLATORS: {winner} is e.g. "the winner is now Ann"
            out.append(_("{winner} (was {was})").format(winner=_winner(after), was=all_of(before.winners())))
        else:
            out.append(_winner(after))
    return out


def _winner(game: state.Game) -> str:
    winners = game.winners()
    if not winners:
        return _("there is no winner yet")
    if len(winners) == 1:
        return _("the winner is now {player}").format(player=winners[0])
    return _("{players} now share the win").format(players=all_of(winners))


def _signed(value) -> str:
    text = scoring.points_text(value)
    return text if text.startswith("-") else f"+{text}"
