"""`why`: every point a player has, hand by hand, item by item, each with the ruleset rule
that gave it written out (e.g. "exact bid, made: 10 + tricks"), so a total can be checked
by anyone at the table. Reads the items the engine scored; computes nothing anew."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorekeeper.core import cards, engine, errors, rulesets, scoring
from scorekeeper.words import vocabulary


def why_data(game: engine.Game, name: str, number: int | None = None) -> dict[str, Any]:
    player = game.player(name)
    hands = _chosen_hands(game, player, number)
    shown = [_hand_data(game, hand, player) for hand in hands]
    total = sum((h["_points"] for h in shown), Fraction(0))
    for h in shown:
        h["points"] = scoring.points_json(h.pop("_points"))
    return {
        "player": player,
        "game": game.id,
        "ruleset": game.ruleset.name,
        "hand": number,
        "total": scoring.points_json(total),
        "hands": shown,
    }


def _chosen_hands(game: engine.Game, player: str, number: int | None) -> list[engine.Hand]:
    if number is None:
        return [h for h in game.hands if h.closed or any(p.item.player == player for p in h.penalties)]
    if not 1 <= number <= len(game.hands):
        last = len(game.hands)
        raise errors.EntryError(
            f"there is no hand {number} yet; this game has hands 1 to {last}"
            if last > 1
            else f"there is no hand {number} yet; this game is on hand 1"
        )
    return [game.hands[number - 1]]


def _hand_data(game: engine.Game, hand: engine.Hand, player: str) -> dict[str, Any]:
    items = [i for i in hand.items if i.player == player] if hand.closed else []
    penalties = [p for p in hand.penalties if p.item.player == player]
    rows = [_item_data(game, hand, item) for item in items]
    for penalty in penalties:
        row = _item_data(game, hand, penalty.item, penalty)
        if penalty.note:
            row["reason"] += f" ({penalty.note})"
        rows.append(row)
    points = sum((i.points for i in items), Fraction(0)) + sum(
        (p.item.points for p in penalties), Fraction(0)
    )
    return {
        "hand": hand.number,
        "game": hand.phase.title if game.ruleset.phases else None,
        "dealer": game.players[hand.dealer],
        "cards": hand.size,
        "trump": hand.trump if hand.trump_known else None,
        "scored": hand.closed,
        "facts": _facts(game, hand, player),
        "items": rows,
        "notes": [a for a in hand.announcements if _mentions(a, player)],
        "_points": points,
    }


def _item_data(
    game: engine.Game, hand: engine.Hand, item: scoring.Item, penalty: engine.Penalty | None = None
) -> dict[str, Any]:
    return {
        "points": scoring.points_json(item.points),
        "rule": item.rule,
        "reason": item.reason,
        "by": rule_text(game, hand, item, penalty),
    }


def _mentions(text: str, player: str) -> bool:
    return f" {player} " in f" {text.replace(':', ' ').replace(',', ' ')} "


def _facts(game: engine.Game, hand: engine.Hand, player: str) -> str:
    """What was recorded for the player this hand, in a few words."""
    parts = []
    if player in hand.bids:
        parts.append(f"bid {hand.bids[player]}")
    if player in hand.poisons:
        parts.append(str(hand.poisons[player]))
    if hand.tricks is not None:
        took = hand.tricks[player]
        parts.append(f"took {took} trick{'s' if took != 1 else ''}")
    captured = hand.taken.get(player, [])
    if captured:
        parts.append("captured " + " ".join(str(c) for c in captured))
    if hand.cursed_counts is not None and player in hand.cursed_counts:
        parts.append(f"{hand.cursed_counts[player]} cursed cards")
    scored = {r.which for r in hand.phase.scoring if isinstance(r, rulesets.TrickPoints)}
    for which in ("first", "last"):
        if which in scored and getattr(hand, which) == player:
            parts.append(f"won the {which} trick")
    return ", ".join(parts)


# --- the rules in words ---------------------------------------------------------------


def rule_text(
    game: engine.Game, hand: engine.Hand, item: scoring.Item, penalty: engine.Penalty | None = None
) -> str:
    """The rule of this game that gave the item, written out."""
    phase = hand.phase
    name = item.rule
    if name == "renege" and penalty is not None:
        rule = next((r for r in game.ruleset.reneges if r.kind == penalty.kind), None)
        if rule is not None:
            return vocabulary.renege(rule)
    for index, rule in enumerate(phase.scoring, start=1):
        text = _scoring_rule_text(rule, hand, item, game.deck)
        if text is not None:
            return f"scoring rule {index}, {text}"
    for adjustment in phase.adjust:
        if adjustment.kind == name:  # "sweep", "moon"
            return vocabulary.adjustment(adjustment)
    return name


def _scoring_rule_text(
    rule: rulesets.ScoringRule, hand: engine.Hand, item: scoring.Item, deck: cards.Deck
) -> str | None:
    player, name = item.player, item.rule
    match rule:
        case rulesets.ExactBid() if name == "exact_bid":
            bid, took = hand.bids.get(player), (hand.tricks or {}).get(player)
            if bid != took:
                return vocabulary.exact_bid(rule, "missed")
            if bid == 0 and rule.made_zero is not None:
                return vocabulary.exact_bid(rule, "made zero")
            return vocabulary.exact_bid(rule, "made")
        case rulesets.PoisonTally() if name.startswith("poison "):
            kind = name.removeprefix("poison ")
            pick = hand.poisons.get(player)
            made = pick is not None and pick.bid == (hand.tricks or {}).get(player)
            return vocabulary.poison(rule, kind, made)
        case rulesets.PerTrick() if name == "per_trick":
            return vocabulary.per_trick(rule)
        case rulesets.CardPoints() if name == "cards":
            return vocabulary.card_points(rule, deck)
        case rulesets.TrickPoints() if name == f"{rule.which} trick":
            return vocabulary.trick_points(rule)
    return None


# --- text -----------------------------------------------------------------------------


def why_text(game: engine.Game, name: str, number: int | None = None) -> str:
    data = why_data(game, name, number)
    player = data["player"]
    total = scoring.points_text(Fraction(data["total"]).limit_denominator())
    if number is None:
        scored = sum(1 for h in data["hands"] if h["scored"])
        points = "point" if abs(Fraction(data["total"]).limit_denominator()) == 1 else "points"
        head = f"{player}: {total} {points} in {game.ruleset.title} ({scored} hand{'s' if scored != 1 else ''} scored)"
    else:
        head = f"{player} in hand {number} of {game.ruleset.title}: {_signed(data['total'])}"
    lines = [head]
    if not data["hands"]:
        lines.append("No hand has been scored yet.")
    for h in data["hands"]:
        lines += _hand_lines(game, h)
    if number is None and len(data["hands"]) > 1:
        lines.append(f"Total: {_sum_text([h['points'] for h in data['hands']])} = {total}")
    return "\n".join(lines)


def _sum_text(values: list[int | float]) -> str:
    """[13, 10, -11] → "13 + 10 - 11"."""
    text = ""
    for value in values:
        exact = Fraction(value).limit_denominator()
        size = scoring.points_text(abs(exact))
        text = (
            (f"-{size}" if exact < 0 else size) if not text else f"{text} {'-' if exact < 0 else '+'} {size}"
        )
    return text


def _hand_lines(game: engine.Game, h: dict[str, Any]) -> list[str]:
    about = [f"{h['dealer']} deals"]
    if h["game"]:
        about.insert(0, h["game"])
    if h["cards"]:
        about.append(f"{h['cards']} cards")
    if game.ruleset.trump.kind != "none" and h["trump"] is not None:
        about.append(f"trump {cards.suit_symbol(h['trump'])}")
    state = _signed(h["points"]) if h["scored"] else "not scored yet"
    if not h["scored"] and h["items"]:
        state += f"; {_signed(h['points'])} so far"
    lines = [f"Hand {h['hand']} ({', '.join(about)}): {state}" + (f" — {h['facts']}" if h["facts"] else "")]
    rule = None
    for item in h["items"]:
        lines.append(f"  {_signed(item['points']):>5}  {item['reason']}")
        if item["by"] != rule:  # one rule often gives several items in a row (cards)
            lines.append(f"         by {item['by']}")
        rule = item["by"]
    if h["scored"] and not h["items"]:
        lines.append("      0  no rule gave points")
    lines += [f"         note: {note}" for note in h["notes"]]
    return lines


def _signed(value: int | float) -> str:
    exact = Fraction(value).limit_denominator()
    text = scoring.points_text(exact)
    return text if exact <= 0 else f"+{text}"
