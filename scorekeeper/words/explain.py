"""`why`: every point a player has, hand by hand, item by item, each with the ruleset rule
that gave it written out (e.g. "exact bid, made: 10 + tricks"), so a total can be checked
by anyone at the table. Reads the items the engine scored; computes nothing anew."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorekeeper.core import cards, engine, errors, outcomes, rulesets, scoring, state
from scorekeeper.core.counting import counted
from scorekeeper.words import corrected, reports, vocabulary


def why_data(game: engine.Game, name: str, number: int | None = None) -> dict[str, Any]:
    player = game.player(name, among=game.roster)
    hands = _chosen_hands(game, player, number)
    shown = [_hand_data(game, hand, player) for hand in hands]
    total = sum((h["_points"] + h["_start"] for h in shown), Fraction(0))
    for h in shown:
        h["points"] = scoring.points_json(h.pop("_points"))
        h.pop("_start")
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
        return [
            h for h in game.hands
            if (h.closed and player in h.seating) or any(i.player == player for i in _at_once(h))
        ]  # fmt: skip
    if not 1 <= number <= len(game.hands):
        last = len(game.hands)
        raise errors.EntryError(
            f"there is no hand {number} yet; this game has hands 1 to {last}"
            if last > 1
            else f"there is no hand {number} yet; this game is on hand 1"
        )
    return [game.hands[number - 1]]


def _at_once(hand: engine.Hand) -> list[scoring.Item]:
    """What counts at once, before the hand closes: penalties and the table's rulings."""
    return [p.item for p in hand.penalties] + hand.rulings


def _hand_data(game: engine.Game, hand: engine.Hand, player: str) -> dict[str, Any]:
    items = [i for i in hand.items if i.player == player] if hand.closed else []
    penalties = [p for p in hand.penalties if p.item.player == player]
    rulings = [i for i in hand.rulings if i.player == player and i.rule != state.JOIN_RULE]
    start = hand.starts().get(player)
    rows = [_item_data(game, hand, item) for item in items]
    for penalty in penalties:
        row = _item_data(game, hand, penalty.item)
        if penalty.note:
            row["reason"] += f" ({penalty.note})"
        rows.append(row)
    for ruling in rulings:
        rows.append({"points": scoring.points_json(ruling.points), "rule": ruling.rule, "reason": str(ruling.reason), "by": "the table's ruling"})
    points = sum((i.points for i in items + rulings), Fraction(0)) + sum(
        (p.item.points for p in penalties), Fraction(0)
    )
    return {
        "hand": hand.number,
        "tie_break": reports.tie_break_number(game, hand.number),
        "game": hand.phase.title if game.ruleset.phases else None,
        "player": game.called(player, hand.number),  # the name the player had in this hand
        "dealer": game.called(hand.seating[hand.dealer], hand.number),
        "start": None if start is None else {
            "points": scoring.points_json(start),
            "text": reports.start_said(game, hand, player),
            "by": "joining mid-game (option join_score)",
        },
        "said": reports.breakdown(hand, player),
        "cards": hand.size,
        "trump": hand.trump if hand.trump_known else None,
        "scored": hand.closed,
        "facts": reports.player_facts(game, hand, player, "why") if player in hand.seating else "not dealt in",
        "items": rows,
        "notes": [a.text for a in hand.announcements if player in a.about],
        "corrections": [fix.text() for fix in corrected.of_hand(game, hand.number)],
        "_points": points,
        "_start": start or Fraction(0),
    }


def _item_data(game: engine.Game, hand: engine.Hand, item: scoring.Item) -> dict[str, Any]:
    return {
        "points": scoring.points_json(item.points),
        "rule": item.rule,
        "reason": str(item.reason),
        "by": rule_text(game, hand, item),
    }


# --- the rules in words ---------------------------------------------------------------


def rule_text(game: engine.Game, hand: engine.Hand, item: scoring.Item) -> str:
    """The rule of this game that gave the item, written out: the item says which rule and
    which of its cases (its `source`), so nothing is matched by name."""
    source = item.source
    if source is None:  # no rule of the game gave it
        return item.rule
    if source.where == "renege":
        return vocabulary.renege(game.ruleset.reneges[source.index])
    if source.where == "adjust":
        return vocabulary.adjustment(hand.phase.adjust[source.index])
    rule = hand.phase.scoring[source.index]
    return f"scoring rule {source.index + 1}, {_scoring_rule_text(rule, source, game.deck)}"


def _scoring_rule_text(rule: rulesets.ScoringRule, source: outcomes.RuleRef, deck: cards.Deck) -> str:
    match rule:
        case rulesets.ExactBid():
            return vocabulary.exact_bid(rule, source.case)  # type: ignore[arg-type]
        case rulesets.PoisonTally():
            return vocabulary.poison(rule, source.pick, source.case == "made")  # type: ignore[arg-type]
        case rulesets.PerTrick():
            return vocabulary.per_trick(rule)
        case rulesets.CardPoints():
            return vocabulary.card_points(rule, deck)
        case rulesets.TrickPoints():
            return vocabulary.trick_points(rule)
    raise AssertionError(f"no words for the scoring rule {rule!r}")


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
        shown = data["hands"][0]  # the hand's own points: a newcomer's start is a line of its own
        head = f"{shown['player']} in {reports.hand_title(game, number)} of {game.ruleset.title}: {_signed(shown['points'])}"
    lines = [head]
    if not data["hands"]:
        lines.append("No hand has been scored yet.")
    for h in data["hands"]:
        lines += _hand_lines(game, h, player)
    terms = [value for h in data["hands"] for value in ([h["start"]["points"]] if h["start"] else []) + [h["points"]]]
    if number is None and len(terms) > 1:
        lines.append(f"Total: {_sum_text(terms)} = {total}")
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


def _hand_lines(game: engine.Game, h: dict[str, Any], player: str) -> list[str]:
    about = [f"{h['dealer']} deals"]
    if h["game"]:
        about.insert(0, h["game"])
    if h["tie_break"]:
        about.insert(0, f"tie-break {h['tie_break']}")
    if h["cards"]:
        about.append(f"{counted(h['cards'], 'cards')}")
    if game.ruleset.trump.kind != "none" and h["trump"] is not None:
        about.append(f"trump {cards.suit_symbol(h['trump'])}")
    said = h["said"] if h["said"] is not None else _signed(h["points"])
    state = said if h["scored"] else "not scored yet"
    if not h["scored"] and h["items"]:
        state += f"; {said} so far"
    facts = h["facts"]
    if h["player"] != player:  # renamed since
        facts = f"as {h['player']}" + (f", {facts}" if facts else "")
    lines = [f"Hand {h['hand']} ({', '.join(about)}): {state}" + (f" — {facts}" if facts else "")]
    if h["start"]:
        lines.append(f"  {_signed(h['start']['points']):>5}  {h['start']['text']}")
        lines.append(f"         by {h['start']['by']}")
    rule = None
    for item in h["items"]:
        lines.append(f"  {_signed(item['points']):>5}  {item['reason']}")
        if item["by"] != rule:  # one rule often gives several items in a row (cards)
            lines.append(f"         by {item['by']}")
        rule = item["by"]
    if h["scored"] and not h["items"]:
        lines.append("      0  no rule gave points")
    lines += [f"         note: {note}" for note in h["notes"]]
    lines += [f"         {fix}" for fix in h["corrections"]]
    return lines


def _signed(value: int | float) -> str:
    exact = Fraction(value).limit_denominator()
    text = scoring.points_text(exact)
    return text if exact <= 0 else f"+{text}"
