"""Corrections of past hands, told the way a table tells them: as if the right value had been
written the first time. A correction is an entry of its own (`events.Corrected`) carrying the
right fact for a hand that has closed; `retell` puts each correction's fact in place of the
fact it supersedes in the sequence of entries, so that replaying the sequence re-tells the
whole game with the right value in place (later dealers, forfeits, the end, the winner).
Nothing stored is changed: this works on the sequence a replay reads. A deal out of turn
(`events.DealerSet`) is put at the start of its hand the same way.

Which fact a correction replaces:
- trump, cursed suit, flip, cursed counts, the first or last trick's winner, a moon, who
  made trump (Euchre): the
  hand's entry of that kind (when the hand has none, the fact is added to the hand); a moon
  declared by nobody withdraws the hand's declaration;
- bids, poisons, tricks: the value of each player it names (a Spades bid, and whether it is a
  blind nil);
- cards taken: the cards it names now belong to its player, taken from whoever had them;
- a renege or a comment is added to the hand (before the entry that closed it, so that a
  penalty counts before the next dealer is chosen by score);
- a dealer goes before everything else of its hand."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.core import errors, events
from scorekeeper.core.language import N_, _


class Correction(NamedTuple):
    position: int  # the correcting entry's place in the log
    fact: events.HandEvent  # what it says (its `hand` is the hand corrected)
    superseded: list[tuple[int, events.AnyEvent]]  # the entries whose fact it replaced, as they were


class Retold(NamedTuple):
    entries: list[tuple[int, events.AnyEvent]]  # in the order to replay, each with the log position it came from
    corrections: list[Correction]


class NoLongerFits(errors.RuleViolation):
    """A later entry that the corrected game refuses: the correction is refused with it."""

    def __init__(self, position: int, event: events.AnyEvent, cause: errors.ScorekeeperError) -> None:
        hand = getattr(event, "hand", None)
        noun, plural = noun_of(event)
        # TRANSLATORS: {entry} is what the entry records, e.g. "bids", "trump"; {cause} is the refusal
        if hand is None:
            refusal = _("{entry} (entry {position}) no longer fits: {cause}")
            page = _("{entry} no longer fits: {cause}")  # a page names no entry by its number in the log
        elif plural:
            refusal = _("hand {hand}'s {entry} (entry {position}) no longer fit: {cause}")
            page = _("hand {hand}'s {entry} no longer fit: {cause}")
        else:
            refusal = _("hand {hand}'s {entry} (entry {position}) no longer fits: {cause}")
            page = _("hand {hand}'s {entry} no longer fits: {cause}")
        words = {"entry": _(noun), "hand": hand, "position": position}
        super().__init__(refusal.format(**words, cause=cause), page=page.format(**words, cause=cause.on_page()))
        self.position = position
        self.event = event
        self.cause = cause


_NOUNS: dict[type, tuple[str, bool]] = {
    events.TrumpSet: (N_("trump"), False),
    events.CardFlipped: (N_("flip"), False),
    events.CursedSet: (N_("cursed suit"), False),
    events.BidsRecorded: (N_("bids"), True),
    events.PoisonsRecorded: (N_("picks"), True),
    events.TricksRecorded: (N_("tricks"), True),
    events.CardsTaken: (N_("cards taken"), True),
    events.CursedCounted: (N_("cursed counts"), True),
    events.MoonDeclared: (N_("moon"), False),
    events.RenegeRecorded: (N_("renege"), False),
    events.TrickPlayed: (N_("trick"), False),
    events.CommentAdded: (N_("comment"), False),
    events.DealerSet: (N_("dealer"), False),
}
_TRICK_NOUNS = {"first": N_("first trick"), "last": N_("last trick")}


def noun_of(event: events.AnyEvent) -> tuple[str, bool]:
    """What an entry records, in English words (shown through `_`), and whether the word is plural."""
    if isinstance(event, events.TrickAwarded):
        return _TRICK_NOUNS[event.which], False
    return _NOUNS.get(type(event), (N_("entry"), False))


def named_as_then(fact: events.HandEvent, renames: list[tuple[int, str, str]]) -> events.HandEvent:
    """The fact with each player called what they were called in its hand: `renames` are the
    game's (hand, old, new), and one made in a later hand is undone."""
    for number, old, new in reversed(renames):
        if number > fact.hand:
            fact = _renamed(fact, new, old)
    return fact


def _renamed(fact: events.HandEvent, name: str, to: str) -> events.HandEvent:
    changes: dict[str, object] = {}
    for field, value in fact:
        if field in ("player", "after") and value == name:
            changes[field] = to
        elif isinstance(value, dict) and name in value:
            changes[field] = {to if k == name else k: v for k, v in value.items()}
    return fact.model_copy(update=changes) if changes else fact


def retell(live: list[tuple[int, events.AnyEvent]]) -> Retold:
    """The live entries (reversals already honoured, the game's start left out) in the order
    to replay them, each correction's fact in place of what it supersedes."""
    sequence: list[tuple[int, events.AnyEvent]] = []
    made: list[Correction] = []
    for position, event in live:
        if isinstance(event, events.Corrected):
            superseded = _put_in_place(sequence, position, event.fact)
            made.append(Correction(position, event.fact, superseded))
        elif isinstance(event, events.DealerSet):
            _put_in_place(sequence, position, event)
        else:
            sequence.append((position, event))
    return Retold(sequence, made)


_REPLACED = (
    events.TrumpSet, events.CardFlipped, events.CursedSet, events.CursedCounted,
    events.TrickAwarded, events.MoonDeclared, events.DealerSet, events.TrumpMade,
)  # fmt: skip
_PRE_PLAY = (
    events.TrumpSet, events.CardFlipped, events.CursedSet, events.BidsRecorded,
    events.PoisonsRecorded, events.MoonDeclared, events.TrumpMade,
)  # fmt: skip
_PLAY = (
    events.TricksRecorded, events.CardsTaken, events.CursedCounted, events.TrickAwarded,
    events.TrickPlayed,
)  # fmt: skip


def _put_in_place(
    sequence: list[tuple[int, events.AnyEvent]], position: int, fact: events.HandEvent
) -> list[tuple[int, events.AnyEvent]]:
    """Change `sequence` so that it says `fact` about its hand; returns what it superseded."""
    mine = [i for i, (_position, e) in enumerate(sequence) if getattr(e, "hand", None) == fact.hand]
    if not mine:
        sequence.append((position, fact))
        return []
    if isinstance(fact, events.DealerSet):
        earlier = [i for i in mine if isinstance(sequence[i][1], events.DealerSet)]
        superseded = [sequence.pop(i) for i in reversed(earlier)]
        sequence.insert(mine[0], (position, fact))
        return superseded[::-1]
    if isinstance(fact, _REPLACED):
        same = [i for i in mine if _same_kind(sequence[i][1], fact)]
        if same and isinstance(fact, events.MoonDeclared) and not fact.player:
            return [sequence.pop(same[-1])]  # the declaration withdrawn
        if same:
            old = sequence[same[-1]]
            sequence[same[-1]] = (position, fact)
            return [old]
    elif isinstance(fact, events.BidsRecorded | events.PoisonsRecorded | events.TricksRecorded):
        return _per_player(sequence, mine, position, fact)
    elif isinstance(fact, events.CardsTaken):
        return _move_cards(sequence, mine, position, fact)
    sequence.insert(_where_added(sequence, mine, fact), (position, fact))
    return []


def _same_kind(event: events.AnyEvent, fact: events.HandEvent) -> bool:
    if isinstance(fact, events.TrickAwarded):
        return isinstance(event, events.TrickAwarded) and event.which == fact.which
    return type(event) is type(fact)


def _where_added(sequence: list[tuple[int, events.AnyEvent]], mine: list[int], fact: events.HandEvent) -> int:
    """Where a fact the hand did not have goes: one that comes before play, before the
    hand's first play result; anything else before the entry that closed the hand."""
    if isinstance(fact, _PRE_PLAY):
        play = [i for i in mine if isinstance(sequence[i][1], _PLAY)]
        if play:
            return play[0]
    return mine[-1]


_VALUES = {events.BidsRecorded: "bids", events.PoisonsRecorded: "poisons", events.TricksRecorded: "tricks"}


def _per_player(
    sequence: list[tuple[int, events.AnyEvent]], mine: list[int], position: int, fact: events.HandEvent
) -> list[tuple[int, events.AnyEvent]]:
    """Each player the fact names gets its value in the hand's last entry that gave them one."""
    field = _VALUES[type(fact)]
    given: dict[str, object] = getattr(fact, field)
    changed: dict[int, dict[str, object]] = {}
    left = dict(given)
    for player in given:
        holders = [i for i in mine if type(sequence[i][1]) is type(fact) and player in getattr(sequence[i][1], field)]
        if holders:
            changed.setdefault(holders[-1], {})[player] = left.pop(player)
    superseded = []
    for i, values in changed.items():
        old_position, old = sequence[i]
        superseded.append((old_position, old))
        update: dict[str, object] = {field: {**getattr(old, field), **values}}
        if type(fact) is events.BidsRecorded:  # a Spades bid given again says whether it is a blind nil
            update["blind"] = [p for p in old.blind if p not in values] + [p for p in fact.blind if p in values]  # type: ignore[attr-defined]
        sequence[i] = (position, old.model_copy(update=update))
    if left:
        extra = fact.model_copy(update={field: left})
        if type(fact) is events.BidsRecorded:
            extra = extra.model_copy(update={"blind": [p for p in fact.blind if p in left]})  # type: ignore[attr-defined]
        sequence.insert(_where_added(sequence, mine, fact), (position, extra))
    return superseded


def _move_cards(
    sequence: list[tuple[int, events.AnyEvent]], mine: list[int], position: int, fact: events.CardsTaken
) -> list[tuple[int, events.AnyEvent]]:
    """The cards named now belong to the fact's player: out of every other entry of the hand,
    and in at the place of the hand's last `took` entry."""
    takes = [i for i in mine if isinstance(sequence[i][1], events.CardsTaken)]
    if not takes:
        sequence.insert(_where_added(sequence, mine, fact), (position, fact))
        return []
    moved = set(fact.cards)
    superseded = []
    rebuilt: list[tuple[int, events.AnyEvent]] = []
    for i, (old_position, event) in enumerate(sequence):
        if i in takes:
            assert isinstance(event, events.CardsTaken)
            kept = [c for c in event.cards if c not in moved]
            if len(kept) != len(event.cards):
                superseded.append((old_position, event))
                if kept:
                    rebuilt.append((position, event.model_copy(update={"cards": kept})))
            else:
                rebuilt.append((old_position, event))
            if i == takes[-1]:
                rebuilt.append((position, fact))
        else:
            rebuilt.append((old_position, event))
    sequence[:] = rebuilt
    return superseded
