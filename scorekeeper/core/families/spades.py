"""Spades: bids of nil and blind nil as the scorer types them, and the rules about bids that
depend on the sides (a blind nil only for a side far enough behind, a side's least contract).
The scoring itself is the `spades` primitive (see scoring.side_hands)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorekeeper.core import errors, events, rulesets, state
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import _

NIL = ("nil", "n")
BLIND_NIL = ("blind-nil", "bn", "blind")


def bids(game: state.Game, given: dict[str, str]) -> events.BidsRecorded:
    """A number of tricks, `nil` (`n`) or `blind-nil` (`bn`) per player; nil is a bid of 0."""
    numbers, blind = {}, []
    for player, text in given.items():
        word = text.strip().casefold()
        if word in NIL:
            numbers[player] = 0
        elif word in BLIND_NIL:
            numbers[player] = 0
            blind.append(player)
        else:
            try:
                numbers[player] = int(word)
            except ValueError:
                raise errors.UsageError(
                    _("{player}'s bid '{text}' is not a number of tricks, nil (n) or blind-nil (bn)").format(
                        player=player, text=text
                    )
                ) from None
    return events.BidsRecorded(hand=game.hand.number, bids=numbers, blind=blind)


def _rule(hand: state.Hand) -> rulesets.Spades | None:
    return next((rule for rule in hand.phase.scoring if type(rule) is rulesets.Spades), None)


def _check_bids(game: state.Game, hand: state.Hand, event: object) -> list[str]:
    """A blind nil only for a side far enough behind; no side's contract under the least."""
    if type(event) is not events.BidsRecorded:
        return []
    rule = _rule(hand)
    if rule is None:
        return []
    problems = []
    if event.blind:  # type: ignore[attr-defined]
        problems += _blind_problems(game, hand, rule, event.blind)  # type: ignore[attr-defined]
    if rule.min_side_bid:
        for name, players in game.sides():
            if all(p in hand.bids for p in players) and not any(hand.bids[p] == 0 for p in players):
                contract = sum(hand.bids[p] for p in players)
                if contract < rule.min_side_bid:
                    problems.append(
                        _(
                            "{side} bid {contract} together, less than the least a side may bid ({least}); "
                            "bid more, or nil"
                        ).format(side=name, contract=contract, least=rule.min_side_bid)
                    )
    return problems


def _blind_problems(game: state.Game, hand: state.Hand, rule: rulesets.Spades, blind: list[str]) -> list[str]:
    if not rule.blind_nil_allowed:
        return [
            _("{player} may not bid blind nil: this game is played without it (option blind_nil); bid nil or a number").format(
                player=blind[0]
            )
        ]
    before = _before(game, hand)
    problems = []
    for player in blind:
        side = game.side_of(player)
        mine = before[side[0]]
        best = max(before[p] for p in game.players if p not in side)
        if best - mine < rule.blind_nil_behind:
            problems.append(
                _(
                    "{player} may not bid blind nil: their side has {side} to the other side's {other}, and a blind "
                    "nil needs it at least {needed} behind; bid nil or a number"
                ).format(player=player, side=mine, other=best, needed=rule.blind_nil_behind)
            )
    return problems


def _before(game: state.Game, hand: state.Hand) -> dict[str, Fraction]:
    """Each player's score before this hand (its renege penalties, say, not counted)."""
    totals = game.totals()
    if hand.closed:
        return totals
    now = hand.points(game.players)
    return {p: totals[p] - now.get(p, 0) for p in game.players}


def bid_words(game: state.Game) -> dict[str, list[str]]:
    """What each player still to bid may say besides a number, as `bid` takes it: `nil`, and
    `blind-nil` where the rules allow it now for their side (a prompt or a phone offers it;
    the refusal of any other stays the check's)."""
    hand = game.hand
    rule = _rule(hand)
    if rule is None or game.finished or hand.closed:
        return {}
    return {
        p: ["nil", "blind-nil"] if not _blind_problems(game, hand, rule, [p]) else ["nil"]
        for p in game.players
        if p not in hand.bids
    }


def status(game: state.Game, need: Any = None) -> dict[str, object]:
    """Spades' part of `status --json`: the words each player still to bid may say (`need`'s,
    needs.Need, when given)."""
    words = bid_words(game) if need is None else {p: list(w) for p, w in need.bid_words.items()}
    return {"bid_words": words}


FAMILY = Family(name="spades", entries={}, handlers={}, checks=(_check_bids,), status=status)
