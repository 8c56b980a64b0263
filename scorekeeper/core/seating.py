"""The table changing during the evening: a player joins (from the next hand to be
dealt, or from the hand in progress while nothing is recorded in it), a player leaves (after
the hand in progress, keeping their total), a seat takes a new name, and the table makes a
ruling (points adjusted, with its reason). The handlers judge each entry and queue a change
for the next deal; `take_seats` seats what is queued and `next_dealer` says who deals. (The
engine deals the hand in progress again when nothing of it is recorded yet.)"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from scorekeeper.core import errors, events, names, plain, rulesets, schedule, scoring, state
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.core.outcomes import Reason

JOIN_RULE = state.JOIN_RULE
ADJUST_RULE = state.ADJUST_RULE


# --- judging the entries ------------------------------------------------------------


def on_join(game: state.Game, hand: state.Hand, event: events.PlayerJoined) -> None:
    check_name(game, event.player)
    if event.after is not None:
        game.player(event.after, among=seated_next(game))
    if event.score is not None:
        points(game, event.score)
    _check_count(game, hand, len(seated_next(game)) + 1, event.player, joining=True)
    game.pending.append(event)


def on_leave(game: state.Game, hand: state.Hand, event: events.PlayerLeft) -> None:
    player = game.player(event.player, among=seated_next(game))
    if player not in game.players:  # joined, waiting for the next hand: leaving undoes nothing
        raise errors.RuleViolation(
            _("{player} has not played a hand yet; `undo` the join instead").format(player=player),
            page=_("{player} has not played a hand yet; undo the join instead").format(player=player),
        )
    _check_count(game, hand, len(seated_next(game)) - 1, player, joining=False)
    game.pending.append(event.model_copy(update={"player": player}))


def on_rename(game: state.Game, hand: state.Hand, event: events.PlayerRenamed) -> None:
    old = game.player(event.old, among=game.roster)
    new = event.new.strip()
    if new.casefold() != old.casefold():
        check_name(game, new)
    game.rename(old, new)
    game.pending = [_renamed(e, old, new) for e in game.pending]
    game.renames.append((hand.number, old, new))


def no_reason() -> errors.UsageError:
    """The refusal of a ruling given without its reason, in the command line's words and a page's."""
    return errors.UsageError(
        _('a ruling needs its reason; add --reason "…" (e.g. --reason "slow play")'),
        page=_("a ruling needs its reason (e.g. slow play)"),
    )


def on_adjust(game: state.Game, hand: state.Hand, event: events.PointsAdjusted) -> None:
    player = game.player(event.player, among=game.roster)
    reason = plain.check(N_("the reason"), event.reason.strip())
    if not reason:
        raise no_reason()
    value = points(game, event.points)
    for each in game.side_of(player):  # a partnership game's ruling is its side's
        hand.rulings.append(scoring.Item(each, value, ADJUST_RULE, Reason(_ruling_words, reason, value)))


def _ruling_words(reason: str, value: Fraction) -> str:
    # TRANSLATORS: {reason} is the scorer's own words
    return _("house ruling: {reason} → {points}").format(reason=reason, points=scoring.points_text(value))


def check_name(game: state.Game, name: str, entered: bool = False, seat: str | None = None) -> None:
    """A new player's name: plain, and nobody's in this game, present or gone (but `seat`'s,
    a seat renamed). `entered`: as the scorer gives it now (join, rename), not as a stored
    entry is replayed: then with no invisible character either, and nobody's once case,
    compatibility forms and such characters are set aside (names stored before these were
    refused still load)."""
    if not name.strip():
        raise errors.EntryError(_("a player name is empty; give the new player's name"))
    (names.entered_name if entered else names.player_name)(name)
    same = plain.reading if entered else str.casefold
    taken = [p for p in game.roster + _joining(game) if p != seat and same(p) == same(name.strip())]
    if taken:
        if taken[0] in game.left:
            refusal = _("{player} has left this game; give the new player another name")
        else:
            refusal = _("{player} is already at the table; give the new player another name")
        raise errors.RuleViolation(refusal.format(player=taken[0]))


_POINTS = r"^[+-]?(\d+)(\.5|\.0|½)?$"


def points(game: state.Game, text: str) -> Fraction:
    """Points as the table writes them: -5, +3, 2.5 or 2½ (halves only where the ruleset
    scores halves)."""
    written = text.strip().replace("−", "-")
    match = re.match(_POINTS, written)
    if match is None:
        raise errors.UsageError(_("'{text}' is not a number of points; write e.g. -5 or 10").format(text=text))
    half = match.group(2) in (".5", "½")
    value = Fraction(int(match.group(1))) + (Fraction(1, 2) if half else 0)
    if written.startswith("-"):
        value = -value
    if half and not scores_halves(game.ruleset):
        raise errors.UsageError(
            _("{ruleset} scores whole points; '{text}' is not a whole number").format(ruleset=game.ruleset.name, text=text)
        )
    if abs(value) > rulesets.MAX_POINTS:
        raise errors.UsageError(
            _("{text} points is too many; at most {most} either way").format(text=text, most=rulesets.MAX_POINTS)
        )
    return value


def scores_halves(ruleset: rulesets.Ruleset) -> bool:
    """Whether any rule of the ruleset gives a fraction of a point (Compendium's Acorn Hearts)."""

    def fractional(value: Any) -> bool:
        if isinstance(value, str):  # points are dumped as text: "1/2", "2"
            try:
                return Fraction(value).denominator != 1
            except ValueError:
                return False
        if isinstance(value, dict):
            return any(fractional(v) for v in value.values())
        if isinstance(value, list | tuple):
            return any(fractional(v) for v in value)
        return False

    return fractional(ruleset.model_dump(include={"scoring", "adjust", "phases", "reneges"}))


def untouched(game: state.Game, hand: state.Hand) -> bool:
    """Nothing of the hand in progress is recorded yet (so it can still be dealt to others)."""
    turned = game.ruleset.trump.kind == "turned" and hand.trump_known
    return not (
        hand.closed or turned or hand.flips or hand.cursed or hand.bids or hand.poisons
        or hand.moon or hand.penalties or state.play_started(hand)
    )  # fmt: skip


def _check_count(game: state.Game, hand: state.Hand, count: int, player: str, joining: bool) -> None:
    rules = game.ruleset
    if not rules.min_players <= count <= rules.max_players:
        if joining:
            refusal = _("{player} cannot join: {ruleset} is for {low}-{high} players, and that would leave {count} at the table")
        else:
            refusal = _("{player} cannot leave: {ruleset} is for {low}-{high} players, and that would leave {count} at the table")
        raise errors.RuleViolation(
            refusal.format(player=player, ruleset=rules.name, low=rules.min_players, high=rules.max_players, count=count)
        )
    planned = game.planned_hands
    if rules.end.multiple_of_players and planned is not None:
        first = hand.number if untouched(game, hand) else hand.number + 1
        to_come = planned - first + 1
        if to_come > 0 and to_come % count:
            if joining:
                refusal = ngettext(
                    "{player} cannot join: {hands} hand is still to come, not a multiple of {count} players, so not "
                    "everyone would deal equally; change the table when the hands still to come are a multiple of "
                    "the players",
                    "{player} cannot join: {hands} hands are still to come, not a multiple of {count} players, so not "
                    "everyone would deal equally; change the table when the hands still to come are a multiple of "
                    "the players",
                    to_come,
                )
            else:
                refusal = ngettext(
                    "{player} cannot leave: {hands} hand is still to come, not a multiple of {count} players, so not "
                    "everyone would deal equally; change the table when the hands still to come are a multiple of "
                    "the players",
                    "{player} cannot leave: {hands} hands are still to come, not a multiple of {count} players, so not "
                    "everyone would deal equally; change the table when the hands still to come are a multiple of "
                    "the players",
                    to_come,
                )
            raise errors.RuleViolation(refusal.format(player=player, hands=to_come, count=count))


def _joining(game: state.Game) -> list[str]:
    return [e.player for e in game.pending if isinstance(e, events.PlayerJoined)]


def seated_next(game: state.Game) -> list[str]:
    """Who will be seated at the next deal, the changes waiting for it made."""
    return _circle(game)[0]


def _renamed(event: Any, old: str, new: str) -> Any:
    if isinstance(event, events.PlayerJoined) and event.after == old:
        return event.model_copy(update={"after": new})
    if isinstance(event, events.PlayerLeft) and event.player == old:
        return event.model_copy(update={"player": new})
    return event


# --- seating the changes ------------------------------------------------------------


def _circle(game: state.Game) -> tuple[list[str], list[str]]:
    """The seating once the waiting changes are made, and the whole circle they were made in:
    the seats as they are with each newcomer put in after their neighbour (leavers still in
    it, so the deal can go round past them)."""
    circle = list(game.players)
    leaving: set[str] = set()
    for event in game.pending:
        if isinstance(event, events.PlayerJoined):
            after = game.player(event.after, among=[p for p in circle if p not in leaving]) if event.after else None
            at = circle.index(after) + 1 if after is not None else _after_last_seated(circle, leaving)
            circle.insert(at, event.player)
        else:
            leaving.add(event.player)
    return [p for p in circle if p not in leaving], circle


def _after_last_seated(circle: list[str], leaving: set[str]) -> int:
    seated = [i for i, p in enumerate(circle) if p not in leaving]
    return seated[-1] + 1


class Seated:
    """The table once the waiting changes are made: the whole circle they were made in (those
    who left still in it, so the deal can go round past them), which seats of it are empty
    now, and the starting score of each newcomer (an item of the hand they join in)."""

    def __init__(self, circle: list[str], away: frozenset[int], arrivals: list[scoring.Item]) -> None:
        self.circle, self.away, self.arrivals = circle, away, arrivals


def take_seats(game: state.Game) -> Seated:
    """Make the changes waiting for the next hand: leavers leave (keeping their totals),
    newcomers sit down with their starting scores."""
    if not game.pending:  # as at almost every deal: the table as it is, nothing to work out
        return Seated(list(game.players), frozenset(), [])
    seated, circle = _circle(game)
    totals = game.totals()
    arriving = [e for e in game.pending if isinstance(e, events.PlayerJoined)]
    game.left += [e.player for e in game.pending if isinstance(e, events.PlayerLeft)]
    game.pending = []
    arrivals = []
    for event in arriving:
        value, text = _start_score(game, event, totals)
        game.roster.append(event.player)
        game.forfeits[event.player] = []
        arrivals.append(scoring.Item(event.player, value, JOIN_RULE, text))
    game.players = seated
    return Seated(circle, frozenset(i for i, p in enumerate(circle) if p not in seated), arrivals)


def next_deal(game: state.Game, hand: state.Hand, by_score: bool) -> tuple[int, Reason, list[scoring.Item]]:
    """After `hand`: the changes waiting for the next deal made, who deals it (a seat of the
    players seated then) and why, and the newcomers' starting scores (items of that hand)."""
    if not game.pending and not by_score:  # as at almost every deal: the same table, the deal passes left
        return schedule.seat_left(hand.dealer, len(game.players)), _PASSES_LEFT, []
    table = take_seats(game)
    totals = _with_starts(game.totals(), table.arrivals) if by_score else None
    seat, reason = next_dealer(game, table, hand.seating[hand.dealer], by_score, totals)
    return seat, reason, table.arrivals


def deal_again(
    game: state.Game, hand: state.Hand, previous: state.Hand | None, table: Seated, out_of_turn: bool
) -> tuple[int, Reason]:
    """Who deals `hand` (nothing of it recorded yet) now that the table changed before it:
    chosen again by the ruleset's own rule from the hand before, exactly as if the change had
    been entered before that hand closed (RULES.md §6: a correction is a re-telling). The first
    hand's dealer was drawn, and a deal out of turn happened as it did: they keep the deal if
    still at the table, else it passes to the next seat to their left."""
    dealer = hand.seating[hand.dealer]
    if previous is None or out_of_turn:
        if dealer in game.players:
            return game.players.index(dealer), hand.dealer_why
        return next_dealer(game, table, dealer, by_score=False)
    last = previous.seating[previous.dealer]
    circle = list(table.circle)
    if last not in circle:  # the last dealer left after their hand: back in their old seat, empty
        before = previous.seating[: previous.dealer][::-1] + previous.seating[previous.dealer + 1 :][::-1]
        neighbour = next((p for p in before if p in circle), None)
        circle.insert(circle.index(neighbour) + 1 if neighbour is not None else 0, last)
    around = Seated(circle, frozenset(i for i, p in enumerate(circle) if p not in game.players), table.arrivals)
    by_score = game.ruleset.dealer == "lowest-score"
    if not by_score:
        return next_dealer(game, around, last, by_score=False)
    # the totals as the last hand left them, with every newcomer's starting score: a ruling
    # entered in this hand came after its dealer was chosen
    totals = game.totals()
    for item in hand.scored():
        totals[item.player] -= item.points
    starts = [item for item in [*hand.rulings, *table.arrivals] if item.rule == JOIN_RULE]
    return next_dealer(game, around, last, by_score=True, totals=_with_starts(totals, starts))


def _with_starts(totals: dict[str, Fraction], starts: list[scoring.Item]) -> dict[str, Fraction]:
    """Totals with the newcomers' starting scores counted (they sit down with them)."""
    for item in starts:
        totals[item.player] = totals.get(item.player, Fraction(0)) + item.points
    return totals


def next_dealer(
    game: state.Game, table: Seated, last_dealer: str, by_score: bool, totals: dict[str, Fraction] | None = None
) -> tuple[int, Reason]:
    """Who deals next, as a seat of the players now seated, and why: the next seat to the left
    of `last_dealer` still at the table, or (`by_score`, Pick Your Poison) the lowest score
    among them, never the last dealer (`totals`: each player's, by default as they stand)."""
    circle, at = table.circle, table.circle.index(last_dealer)
    if by_score:
        totals = game.totals() if totals is None else totals
        seat, why = schedule.lowest_score_dealer(
            [totals.get(p, Fraction(0)) for p in circle], at, game.ruleset.end.winner, table.away
        )
        reason = Reason(_score_words, why, totals.get(circle[seat], Fraction(0)))
    else:
        for step in range(1, len(circle) + 1):  # the next seat to the left still at the table
            seat = schedule.seat_left(at, len(circle), step)
            if seat not in table.away:
                break
        reason = _PASSES_LEFT
    return game.players.index(circle[seat]), reason


_PASSES_LEFT = Reason(_, N_("deal passes left"))  # a reason is immutable: one serves every hand


def _score_words(why: Reason, total: Fraction) -> str:
    # TRANSLATORS: why a player deals and their score, e.g. "lowest score, -5"
    return _("{reason}, {points}").format(reason=why, points=scoring.points_text(total))


def _start_score(game: state.Game, event: events.PlayerJoined, totals: dict[str, Fraction]) -> tuple[Fraction, Reason]:
    """A newcomer's starting score and the reason, in words when shown (option join_score)."""
    if event.score is not None:
        value = points(game, event.score)
        return value, Reason(_joined_words, "given", value, None)
    still_in = [totals[p] for p in game.players if p not in game.left]
    how = game.ruleset.join_score
    if how == "zero" or not still_in:
        return Fraction(0), Reason(_joined_words, "zero", Fraction(0), None)
    if how == "average":
        mean = sum(still_in, Fraction(0)) / len(still_in)
        value = Fraction(int(mean + Fraction(1, 2)) if mean >= 0 else -int(-mean + Fraction(1, 2)))
        return value, Reason(_joined_words, "average", value, None)
    worst = min(still_in) if game.ruleset.end.winner == "highest" else max(still_in)
    last = next(p for p in game.players if p not in game.left and totals[p] == worst)
    return worst, Reason(_joined_words, "last", worst, last)


def _joined_words(how: str, value: Fraction, last: str | None) -> str:
    if how == "given":
        said = _("joined with {points} (given at the table)")
    elif how == "zero":
        said = _("joined with 0 (join_score zero)")
    elif how == "average":
        said = _("joined with the players' average, {points}")
    else:
        said = _("joined with the score of the player in last place ({player}, {points})")
    return said.format(points=scoring.points_text(value), player=last)
