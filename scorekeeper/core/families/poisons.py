"""Pick Your Poison's picks: reading `bid:N | blind:N | take`, the rounds and
their quotas (which poisons each player may still pick, who is forced, who must bid blind
without looking), the `poison` entry, the judge of whether a `peek` renege is one at all, and the facts its
status and closed hands show (words/ phrases them).

A round's picks are derived from the hands already played in it, so nothing here is
stored: undoing a hand gives its picks back."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scorekeeper.core import errors, events, rulesets, scoring, state
from scorekeeper.core.families.interface import Family
from scorekeeper.core.values import per_player

POISONS = ("bid", "blind", "take")
TITLES = {"bid": "Bid", "blind": "Blind Bid", "take": "Take"}


@dataclass(frozen=True)
class Place:
    """Where a hand falls in the agreed rounds."""

    round: int  # 1-based
    rounds: int
    position: int  # 1-based position of the hand in its round
    hands: int  # hands in this round
    first: int  # the game's number of the round's first hand
    joined: bool = False  # the player joined mid-round: this is the part of it they play

    @property
    def left(self) -> int:
        """Hands left in the round, this one included."""
        return self.hands - self.position + 1


# --- rounds and quotas -----------------------------------------------------------------


def place(rules: rulesets.Poisons, number: int) -> Place | None:
    """The round and position of hand `number`; None past the agreed rounds."""
    first = 1
    for index, hands in enumerate(rules.rounds, start=1):
        if number < first + hands:
            return Place(index, len(rules.rounds), number - first + 1, hands, first)
        first += hands
    return None


def players_place(game: state.Game, hand: state.Hand, player: str) -> Place | None:
    """Where `hand` falls in the part of its round that `player` plays. A player who joined
    mid-round plays the rest of it as a round of that many hands, held to its quotas, and
    only to the maximums when it is shorter than there are poisons (the round
    quotas are worked out again for the new table)."""
    where = place(_rules(game), hand.number)
    if where is None:
        return None
    seated = [h.number for h in game.hands[where.first - 1 : hand.number] if player in h.seating]
    first = seated[0] if seated else hand.number
    if first == where.first:
        return where
    return Place(where.round, where.rounds, hand.number - first + 1, where.first + where.hands - first, first, True)


def _rules(game: state.Game) -> rulesets.Poisons:
    assert game.ruleset.poisons is not None, "only Pick Your Poison games have rounds"
    return game.ruleset.poisons


def round_picks(game: state.Game, hand: state.Hand, player: str) -> Counter[str]:
    """How often `player` picked each poison in the earlier hands of this hand's round."""
    where = place(_rules(game), hand.number)
    if where is None:
        return Counter()
    earlier = game.hands[where.first - 1 : hand.number - 1]
    return Counter(h.poisons[player].kind for h in earlier if player in h.poisons)


def refusal(
    rules: rulesets.Poisons, where: Place, picked: Counter[str], kind: str, player: str
) -> str | None:
    """Why `player` may not pick `kind` now, or None when the pick is legal: it must stay
    within the poison's maximum and leave enough hands to reach every minimum."""
    quota = rules.quota(where.hands, kind)
    short = where.joined and where.hands < len(POISONS)  # fewer hands left than poisons: no minimums
    if picked[kind] >= quota.max:
        return (
            f"{player} has already picked {TITLES[kind]} {_times(picked[kind])} this round "
            f"(at most {quota.max} in a {where.hands}-hand round)"
        )
    after = picked + Counter({kind: 1})
    owed = 0 if short else sum(max(0, rules.quota(where.hands, k).min - after[k]) for k in POISONS)
    if owed > where.left - 1:
        needed = {k: rules.quota(where.hands, k).min - picked[k] for k in POISONS}
        still = " and ".join(_needed(k, n) for k, n in needed.items() if n > 0)
        return (
            f"{player} must still pick {still} in the {where.left} "
            f"hand{'s' if where.left != 1 else ''} left in this round"
        )
    return None


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _needed(kind: str, n: int) -> str:
    return kind if n == 1 else f"{kind} {_times(n)}"


def legal(game: state.Game, hand: state.Hand, player: str) -> list[str]:
    """The poisons `player` may pick in `hand`, given their earlier picks this round."""
    rules = _rules(game)
    where = players_place(game, hand, player)
    if where is None:  # past the agreed rounds (a house tie-break): no quota applies
        return list(POISONS)
    picked = round_picks(game, hand, player)
    return [k for k in POISONS if refusal(rules, where, picked, k, player) is None]


def forced(game: state.Game, hand: state.Hand) -> dict[str, str]:
    """Players with exactly one legal poison this hand, and that poison."""
    result = {}
    for player in game.players:
        allowed = legal(game, hand, player)
        if len(allowed) == 1:
            result[player] = allowed[0]
    return result


def forced_blind(game: state.Game, hand: state.Hand) -> list[str]:
    """Players forced to bid blind this hand, picked or not (for the peek renege): from the
    picks the engine recorded as the hand was dealt (`forced`, through the family table)."""
    return [p for p, kind in hand.forced.items() if kind == "blind"]


def must_not_look(game: state.Game, hand: state.Hand) -> list[str]:
    """Forced blind bidders who have not stated their bid yet: they must not pick up their
    cards. Empty once play results are in, as every poison is then known."""
    if hand.closed or game.finished:
        return []
    return [p for p in forced_blind(game, hand) if p not in hand.poisons]


def allowed_text(kinds: list[str]) -> str:
    if not kinds:
        return "nothing (this round's quotas cannot be met; check the ruleset)"
    if len(kinds) == 1:
        return f"{kinds[0]} only"
    return f"{', '.join(kinds[:-1])} or {kinds[-1]}"


def check_quotas(rules: rulesets.Poisons, hands: int) -> None:
    """A round whose quotas no sequence of picks can meet is a ruleset mistake, not the
    player's: say so rather than refuse every pick."""
    quotas = {k: rules.quota(hands, k) for k in POISONS}
    low = sum(q.min for q in quotas.values())
    high = sum(q.max for q in quotas.values())
    if low > hands or high < hands or any(q.min > q.max for q in quotas.values()):
        shown = ", ".join(f"{k} {q.min}-{q.max}" for k, q in quotas.items())
        raise errors.RulesetError(
            f"the quotas of a {hands}-hand round ({shown}) cannot be met in {hands} hands; "
            f"fix poisons.quotas.{hands} in the ruleset"
        )


def picking_order(game: state.Game, hand: state.Hand) -> list[str]:
    """From the dealer's left round to the dealer, who picks last."""
    return game.order_from_dealer(hand)


# --- the entry -------------------------------------------------------------------------


SHORT_FORMS = {"": "bid", "b": "blind", "t": "take"}  # as a scorer writes on paper: 2, b2, t


def parse_pick(text: str, player: str) -> events.Poison:
    """`bid:N`, `blind:N` or `take`, in any case, or their short forms as written on paper:
    `N` for a bid, `bN` for a blind bid, `t` for take."""
    short = re.fullmatch(r"([bt]?)(\d*)", text.strip().lower())
    if short is not None and (short.group(1) == "t") != bool(short.group(2)):
        kind = SHORT_FORMS[short.group(1)]
        return events.Poison(kind=kind) if kind == "take" else events.Poison(kind=kind, bid=int(short.group(2)))
    kind, sep, number = (part.strip() for part in text.strip().lower().partition(":"))
    if kind not in POISONS:
        raise errors.UsageError(
            f"{player}'s poison '{text}' is not bid:N, blind:N or take (or N, bN, t for short); "
            f"write e.g. {player}=2, {player}=b1 or {player}=t"
        )
    if kind == "take":
        if sep:
            raise errors.UsageError(f"'take' has no number; write {player}=take")
        return events.Poison(kind="take")
    if not number:
        raise errors.UsageError(f"'{kind}' needs the number of tricks; write {player}={kind}:N")
    try:
        bid = int(number)
    except ValueError:
        raise errors.UsageError(
            f"{player}'s {kind} '{number}' is not a whole number; write {player}={kind}:N"
        ) from None
    return events.Poison(kind=kind, bid=bid)


def entry(game: state.Game, values: list[str]) -> events.PoisonsRecorded:
    given = per_player(game, values, "poisons")
    picks = {player: parse_pick(text, player) for player, text in given.items()}
    return events.PoisonsRecorded(hand=game.hand.number, poisons=picks)


def _on_poisons(game: state.Game, hand: state.Hand, event: events.PoisonsRecorded) -> None:
    rules = game.ruleset
    if rules.bidding.kind != "poisons" or rules.poisons is None:
        what = "bids: record them with `bid`" if rules.bidding.kind == "bids" else "no bids or poisons"
        raise errors.RuleViolation(f"{rules.name} has {what}")
    state.require_before_play(game, hand, "poisons")
    size = hand.size or 0
    for player, pick in event.poisons.items():
        _check_pick_shape(player, pick, hand.number, size)
    merged = {**hand.poisons, **{p: scoring.PoisonPick(v.kind, v.bid) for p, v in event.poisons.items()}}
    order = picking_order(game, hand)
    _check_order(order, merged)
    where = place(rules.poisons, hand.number)
    if where is not None:
        check_quotas(rules.poisons, where.hands)
        for player, pick in event.poisons.items():
            theirs = players_place(game, hand, player)
            assert theirs is not None
            why = refusal(rules.poisons, theirs, round_picks(game, hand, player), pick.kind, player)
            if why is not None:
                allowed = allowed_text(legal(game, hand, player))
                raise errors.RuleViolation(f"{why}; {player} may pick {allowed}")
    hand.poisons = {p: merged[p] for p in order if p in merged}


def _check_pick_shape(player: str, pick: events.Poison, number: int, size: int) -> None:
    """An entry from a file or an old log gets the same checks as one typed today."""
    if pick.kind == "take":
        if pick.bid is not None:
            raise errors.UsageError(f"'take' has no number; write {player}=take")
        return
    if pick.bid is None:
        raise errors.UsageError(f"'{pick.kind}' needs the number of tricks; write {player}={pick.kind}:N")
    name = "bid" if pick.kind == "bid" else "blind bid"
    if pick.bid > size:
        raise errors.RuleViolation(
            f"{player}'s {name} of {pick.bid} is more than hand {number}'s {size} cards each; bid 0 to {size}"
        )
    if pick.bid < 0:
        raise errors.RuleViolation(f"{player}'s {name} of {pick.bid} is below 0; bid 0 to {size}")


def _check_order(order: list[str], picks: dict[str, scoring.PoisonPick]) -> None:
    for i, player in enumerate(order):
        waiting = [p for p in order[:i] if p not in picks]
        if player in picks and waiting:
            raise errors.RuleViolation(
                f"poisons are picked in turn from the dealer's left ({', '.join(order)}); "
                f"{waiting[0]} picks before {player}: record {waiting[0]}'s poison first, or everyone's at once"
            )


# --- the peek renege -----------------------------------------------------------------


def judge_peek(game: state.Game, hand: state.Hand, player: str, rule: rulesets.Renege) -> list[str]:
    """Looking at one's cards is a renege only for a player forced to bid blind; anyone
    else who has looked simply may not pick Blind Bid. It counts once a hand."""
    if game.ruleset.poisons is None or player not in forced_blind(game, hand):
        others = [r.kind for r in game.ruleset.reneges if not r.forced_blind_only]
        instead = f"; for failing to follow suit use --kind {' or '.join(others)}" if others else ""
        return [
            f"{player} is not forced to bid blind in hand {hand.number}, so looking at the cards is "
            f"no renege ({player} just may not pick blind after looking){instead}"
        ]
    if any(p.kind == rule.kind and p.item.player == player for p in hand.penalties):
        return [f"{player}'s {rule.kind} renege is already recorded for hand {hand.number}; it counts once a hand"]
    return []


# --- what reports show -----------------------------------------------------------------


def status_data(game: state.Game) -> dict:
    """The poison part of `status --json`."""
    hand = game.hand
    where = place(_rules(game), hand.number)
    if game.finished or hand.closed:
        return {
            "round": None,
            "legal": {},
            "forced": {},
            "forced_blind": [],
            "poisons": {},
            "round_picks": {},
        }
    return {
        "round": None
        if where is None
        else {"number": where.round, "of": where.rounds, "hand": where.position, "hands": where.hands},
        "poisons": {p: {"kind": k.kind, "bid": k.bid} for p, k in hand.poisons.items()},
        "legal": {p: legal(game, hand, p) for p in game.players},
        "forced": dict(hand.forced),
        "forced_blind": must_not_look(game, hand),
        "round_picks": {p: {k: round_picks(game, hand, p)[k] for k in POISONS} for p in game.players},
    }


def closing_data(game: state.Game, hand: state.Hand) -> dict:
    """After a hand closes: the round it completed, if it was a round's last hand."""
    where = place(_rules(game), hand.number)
    done = where is not None and where.left == 1 and not game.finished
    return {"round_complete": where.round if done and where is not None else None}


FAMILY = Family(
    name="poisons",
    entries={"poison": entry},
    handlers={events.PoisonsRecorded: _on_poisons},
    judge_renege=judge_peek,
    status=status_data,
    closing=closing_data,
    forced_picks=forced,
)
