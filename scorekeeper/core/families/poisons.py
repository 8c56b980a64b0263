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
from typing import Any

from scorekeeper.core import errors, events, rulesets, scoring, state
from scorekeeper.core.alternatives import all_of, either, one_of
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.core.values import per_player

POISONS = ("bid", "blind", "take")
TITLES = {"bid": N_("Bid"), "blind": N_("Blind Bid"), "take": N_("Take")}  # shown through `_`
# The poisons as the messages name them in running text ("may pick bid or take")
_WORDS = {"bid": N_("bid"), "blind": N_("blind"), "take": N_("take")}


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


def _breaks(rules: rulesets.Poisons, where: Place, picked: Counter[str], kind: str) -> str | None:
    """Which quota picking `kind` now would break: "max" (the poison's maximum), "min" (too
    few hands would be left to reach every minimum), or None when the pick is legal."""
    if picked[kind] >= rules.quota(where.hands, kind).max:
        return "max"
    if where.joined and where.hands < len(POISONS):  # fewer hands left than poisons: no minimums
        return None
    after = {k: picked[k] + 1 if k == kind else picked[k] for k in POISONS}  # the picks with this one
    owed = sum(max(0, rules.quota(where.hands, k).min - after[k]) for k in POISONS)
    return "min" if owed > where.left - 1 else None


def refusal(
    rules: rulesets.Poisons, where: Place, picked: Counter[str], kind: str, player: str
) -> str | None:
    """Why `player` may not pick `kind` now, or None when the pick is legal: it must stay
    within the poison's maximum and leave enough hands to reach every minimum."""
    breaks = _breaks(rules, where, picked, kind)
    if breaks is None:
        return None
    if breaks == "max":
        quota = rules.quota(where.hands, kind)
        count = picked[kind]
        if count == 1:
            said = _("{player} has already picked {poison} once this round (at most {most} in a {hands}-hand round)")
        elif count == 2:
            said = _("{player} has already picked {poison} twice this round (at most {most} in a {hands}-hand round)")
        else:
            said = ngettext(
                "{player} has already picked {poison} {count} time this round (at most {most} in a {hands}-hand round)",
                "{player} has already picked {poison} {count} times this round (at most {most} in a {hands}-hand round)",
                count,
            )
        return said.format(player=player, poison=_(TITLES[kind]), count=count, most=quota.max, hands=where.hands)
    needed = {k: rules.quota(where.hands, k).min - picked[k] for k in POISONS}
    still = all_of([_needed(k, n) for k, n in needed.items() if n > 0])
    return ngettext(
        "{player} must still pick {poisons} in the {count} hand left in this round",
        "{player} must still pick {poisons} in the {count} hands left in this round",
        where.left,
    ).format(player=player, poisons=still, count=where.left)


def _needed(kind: str, n: int) -> str:
    """A poison still owed `n` times: "blind", "take twice", "bid 3 times"."""
    if n == 1:
        return _(_WORDS[kind])
    if n == 2:
        # TRANSLATORS: {poison} is bid, blind or take
        return _("{poison} twice").format(poison=_(_WORDS[kind]))
    return ngettext("{poison} {count} time", "{poison} {count} times", n).format(poison=_(_WORDS[kind]), count=n)


def legal(game: state.Game, hand: state.Hand, player: str) -> list[str]:
    """The poisons `player` may pick in `hand`, given their earlier picks this round."""
    rules = _rules(game)
    where = players_place(game, hand, player)
    if where is None:  # past the agreed rounds (a house tie-break): no quota applies
        return list(POISONS)
    picked = round_picks(game, hand, player)
    return [k for k in POISONS if _breaks(rules, where, picked, k) is None]  # the reasons, only when said


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
        return _("nothing (this round's quotas cannot be met; check the ruleset)")
    if len(kinds) == 1:
        return _("{poison} only").format(poison=_(_WORDS[kinds[0]]))
    return one_of([_(_WORDS[kind]) for kind in kinds])


def check_quotas(rules: rulesets.Poisons, hands: int) -> None:
    """A round whose quotas no sequence of picks can meet is a ruleset mistake, not the
    player's: say so rather than refuse every pick."""
    quotas = {k: rules.quota(hands, k) for k in POISONS}
    low = sum(q.min for q in quotas.values())
    high = sum(q.max for q in quotas.values())
    if low > hands or high < hands or any(q.min > q.max for q in quotas.values()):
        shown = ", ".join(f"{k} {q.min}-{q.max}" for k, q in quotas.items())
        raise errors.RulesetError(
            ngettext(
                "the quotas of a {hands}-hand round ({quotas}) cannot be met in {hands} hand; "
                "fix poisons.quotas.{hands} in the ruleset",
                "the quotas of a {hands}-hand round ({quotas}) cannot be met in {hands} hands; "
                "fix poisons.quotas.{hands} in the ruleset",
                hands,
            ).format(hands=hands, quotas=shown)
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
            # TRANSLATORS: bid:N, blind:N, take, N, bN and t are what the scorer types: keep them
            _(
                "{player}'s poison '{text}' is not bid:N, blind:N or take (or N, bN, t for short); "
                "write e.g. {player}=2, {player}=b1 or {player}=t"
            ).format(player=player, text=text)
        )
    if kind == "take":
        if sep:
            raise errors.UsageError(_take_has_no_number(player))
        return events.Poison(kind="take")
    if not number:
        raise errors.UsageError(_needs_number(player, kind))
    try:
        bid = int(number)
    except ValueError:
        raise errors.UsageError(
            # TRANSLATORS: {kind} is bid or blind as typed; keep `{player}={kind}:N` as it is
            _("{player}'s {kind} '{number}' is not a whole number; write {player}={kind}:N").format(
                player=player, kind=kind, number=number
            )
        ) from None
    return events.Poison(kind=kind, bid=bid)


def entry(game: state.Game, values: list[str]) -> events.PoisonsRecorded:
    given = per_player(game, values, "poisons")
    picks = {player: parse_pick(text, player) for player, text in given.items()}
    return events.PoisonsRecorded(hand=game.hand.number, poisons=picks)


def _on_poisons(game: state.Game, hand: state.Hand, event: events.PoisonsRecorded) -> None:
    rules = game.ruleset
    if rules.bidding.kind != "poisons" or rules.poisons is None:
        if rules.bidding.kind == "bids":
            raise errors.RuleViolation(
                _("{ruleset} has bids: record them with `bid`").format(ruleset=rules.name),
                page=_("{ruleset} has bids, not poisons").format(ruleset=rules.name),
            )
        raise errors.RuleViolation(_("{ruleset} has no bids or poisons").format(ruleset=rules.name))
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
                # TRANSLATORS: {refusal} says why a pick is refused; {poisons} what may be picked
                raise errors.RuleViolation(
                    _("{refusal}; {player} may pick {poisons}").format(refusal=why, player=player, poisons=allowed)
                )
    hand.poisons = {p: merged[p] for p in order if p in merged}


def _check_pick_shape(player: str, pick: events.Poison, number: int, size: int) -> None:
    """An entry from a file or an old log gets the same checks as one typed today."""
    if pick.kind == "take":
        if pick.bid is not None:
            raise errors.UsageError(_take_has_no_number(player))
        return
    if pick.bid is None:
        raise errors.UsageError(_needs_number(player, pick.kind))
    blind = pick.kind == "blind"
    if pick.bid > size:
        if blind:
            said = ngettext(
                "{player}'s blind bid of {bid} is more than hand {hand}'s {count} card each; bid 0 to {count}",
                "{player}'s blind bid of {bid} is more than hand {hand}'s {count} cards each; bid 0 to {count}",
                size,
            )
        else:
            said = ngettext(
                "{player}'s bid of {bid} is more than hand {hand}'s {count} card each; bid 0 to {count}",
                "{player}'s bid of {bid} is more than hand {hand}'s {count} cards each; bid 0 to {count}",
                size,
            )
        raise errors.RuleViolation(said.format(player=player, bid=pick.bid, hand=number, count=size))
    if pick.bid < 0:
        if blind:
            said = _("{player}'s blind bid of {bid} is below 0; bid 0 to {count}")
        else:
            said = _("{player}'s bid of {bid} is below 0; bid 0 to {count}")
        raise errors.RuleViolation(said.format(player=player, bid=pick.bid, count=size))


def _take_has_no_number(player: str) -> str:
    return _("'take' has no number; write {player}=take").format(player=player)


def _needs_number(player: str, kind: str) -> str:
    # TRANSLATORS: {kind} is bid or blind as typed; keep `{player}={kind}:N` as it is
    return _("'{kind}' needs the number of tricks; write {player}={kind}:N").format(player=player, kind=kind)


def _check_order(order: list[str], picks: dict[str, scoring.PoisonPick]) -> None:
    for i, player in enumerate(order):
        waiting = [p for p in order[:i] if p not in picks]
        if player in picks and waiting:
            raise errors.RuleViolation(
                _(
                    "poisons are picked in turn from the dealer's left ({order}); {waiting} picks before "
                    "{player}: record {waiting}'s poison first, or everyone's at once"
                ).format(order=", ".join(order), waiting=waiting[0], player=player)
            )


# --- the peek renege -----------------------------------------------------------------


def judge_peek(game: state.Game, hand: state.Hand, player: str, rule: rulesets.Renege) -> list[str]:
    """Looking at one's cards is a renege only for a player forced to bid blind; anyone
    else who has looked simply may not pick Blind Bid. It counts once a hand."""
    if game.ruleset.poisons is None or player not in forced_blind(game, hand):
        others = [r.kind for r in game.ruleset.reneges if not r.forced_blind_only]
        if others:
            said = _(
                "{player} is not forced to bid blind in hand {hand}, so looking at the cards is no renege "
                "({player} just may not pick blind after looking); for failing to follow suit use --kind {kinds}"
            )
        else:
            said = _(
                "{player} is not forced to bid blind in hand {hand}, so looking at the cards is no renege "
                "({player} just may not pick blind after looking)"
            )
        return [said.format(player=player, hand=hand.number, kinds=either(others))]
    if any(p.kind == rule.kind and p.item.player == player for p in hand.penalties):
        return [
            # TRANSLATORS: {kind} is the renege's name in the ruleset, e.g. "peek"
            _("{player}'s {kind} renege is already recorded for hand {hand}; it counts once a hand").format(
                player=player, kind=rule.kind, hand=hand.number
            )
        ]
    return []


# --- what reports show -----------------------------------------------------------------


def status_data(game: state.Game, need: Any = None) -> dict:
    """The poison part of `status --json`; each player's legal picks are `need`'s (needs.Need)
    when given."""
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
        "legal": {p: legal(game, hand, p) if need is None else list(need.poisons[p]) for p in game.players},
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
