"""`why`: every point a player has, hand by hand, item by item, each with the ruleset rule
that gave it written out (e.g. "exact bid, made: 10 + tricks"), so a total can be checked
by anyone at the table. Reads the items the engine scored; computes nothing anew."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorekeeper.core import cards, engine, errors, outcomes, rulesets, scoring, state
from scorekeeper.core.language import _, ngettext
from scorekeeper.words import corrected, reports, vocabulary


def why_data(game: engine.Game, name: str, number: int | None = None, on_page: bool = False) -> dict[str, Any]:
    """What `why --json` gives. `on_page`: for a page to lay out, each hand also says what it
    was ("about": who dealt, the cards, the trump) and its corrections are said by what they
    put right, in the players' words, with no entry number."""
    player = game.seat_called(name)  # a seat's name now or one it had: a renamed seat keeps its past
    hands = _chosen_hands(game, player, number)
    shown = [_hand_data(game, hand, player, on_page) for hand in hands]
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
            _("there is no hand {hand} yet; this game has hands 1 to {last}").format(hand=number, last=last)
            if last > 1
            else _("there is no hand {hand} yet; this game is on hand 1").format(hand=number)
        )
    return [game.hands[number - 1]]


def _at_once(hand: engine.Hand) -> list[scoring.Item]:
    """What counts at once, before the hand closes: penalties and the table's rulings."""
    return [p.item for p in hand.penalties] + hand.rulings


def _hand_data(game: engine.Game, hand: engine.Hand, player: str, on_page: bool = False) -> dict[str, Any]:
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
        rows.append({"points": scoring.points_json(ruling.points), "rule": ruling.rule, "reason": str(ruling.reason), "by": _("the table's ruling")})
    points = sum((i.points for i in items + rulings), Fraction(0)) + sum(
        (p.item.points for p in penalties), Fraction(0)
    )
    data = {
        "hand": hand.number,
        "tie_break": reports.tie_break_number(game, hand.number),
        "game": hand.phase.title if game.ruleset.phases else None,
        "player": game.called(player, hand.number),  # the name the player had in this hand
        "dealer": game.called(hand.seating[hand.dealer], hand.number),
        "start": None if start is None else {
            "points": scoring.points_json(start),
            "text": reports.start_said(game, hand, player),
            "by": _("joining mid-game (option join_score)"),
        },
        "said": reports.breakdown(hand, player),
        "cards": hand.size,
        "trump": hand.trump if hand.trump_known else None,
        "scored": hand.closed,
        "facts": reports.player_facts(game, hand, player, "why") if player in hand.seating else _("not dealt in"),
        "items": rows,
        "notes": [a.text for a in hand.announcements if player in a.about],
        "corrections": [fix.text(on_page) for fix in corrected.of_hand(game, hand.number)],
        "_points": points,
        "_start": start or Fraction(0),
    }
    if on_page:
        data["about"] = _about(game, data)
    return data


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
    # TRANSLATORS: {rule} is the rule in words, "exact bid, made: 10 + tricks"
    return _("scoring rule {number}, {rule}").format(number=source.index + 1, rule=_scoring_rule_text(rule, source, game.deck))


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
        case rulesets.Spades():
            return vocabulary.spades(rule, source.case)
        case rulesets.Euchre():
            return vocabulary.euchre(rule, source.case)
    raise AssertionError(f"no words for the scoring rule {rule!r}")


# --- text -----------------------------------------------------------------------------


def why_text(game: engine.Game, name: str, number: int | None = None) -> str:
    data = why_data(game, name, number)
    player = data["player"]
    total = scoring.points_text(Fraction(data["total"]).limit_denominator())
    lines = [why_head(game, data)]
    if not data["hands"]:
        lines.append(_("No hand has been scored yet."))
    for h in data["hands"]:
        lines += _hand_lines(game, h, player)
    terms = [value for h in data["hands"] for value in ([h["start"]["points"]] if h["start"] else []) + [h["points"]]]
    if number is None and len(terms) > 1:
        lines.append(_("Total: {sum} = {total}").format(sum=_sum_text(terms), total=total))
    return "\n".join(lines)


def why_head(game: engine.Game, data: dict[str, Any]) -> str:
    """The first line of `why`: the player's points in the game and the hands scored (or,
    for one hand, the player's points in it); `data` is why_data's."""
    player, number = data["player"], data["hand"]
    exact = Fraction(data["total"]).limit_denominator()
    total = scoring.points_text(exact)
    if number is None:
        scored = sum(1 for h in data["hands"] if h["scored"])
        # a count for the plural form: the whole points, or "many" for a fraction (1½ points)
        many = int(abs(exact)) if exact.denominator == 1 else 2
        head = _("{player}: {points} in {game} ({hands})").format(
            player=player,
            points=ngettext("{total} point", "{total} points", many).format(total=total),
            game=vocabulary.prose(game.ruleset.title),
            hands=ngettext("{count} hand scored", "{count} hands scored", scored).format(count=scored),
        )
    else:
        shown = data["hands"][0]  # the hand's own points: a newcomer's start is a line of its own
        head = _("{player} in {hand} of {game}: {points}").format(
            player=shown["player"], hand=reports.hand_title(game, number), game=vocabulary.prose(game.ruleset.title), points=_signed(shown["points"])
        )
    return head


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


def _about(game: engine.Game, h: dict[str, Any]) -> str:
    """A hand of `why` in brief: "Ann deals, 7 cards, trump ♥" (the tie-break and the phase first)."""
    about = [_("{dealer} deals").format(dealer=h["dealer"])]
    if h["game"]:
        about.insert(0, vocabulary.prose(h["game"]))
    if h["tie_break"]:
        about.insert(0, _("tie-break {number}").format(number=h["tie_break"]))
    if h["cards"]:
        about.append(ngettext("{count} card", "{count} cards", h["cards"]).format(count=h["cards"]))
    if game.ruleset.trump.kind != "none" and h["trump"] is not None:
        about.append(_("trump {suit}").format(suit=cards.suit_symbol(h["trump"])))
    return ", ".join(about)


def _hand_lines(game: engine.Game, h: dict[str, Any], player: str) -> list[str]:
    said = h["said"] if h["said"] is not None else _signed(h["points"])
    if h["scored"]:
        state = said
    elif h["items"]:
        state = _("not scored yet; {points} so far").format(points=said)
    else:
        state = _("not scored yet")
    facts = h["facts"]
    if h["player"] != player:  # renamed since
        facts = _("as {player}, {facts}").format(player=h["player"], facts=facts) if facts else _("as {player}").format(player=h["player"])
    head = {"hand": h["hand"], "about": _about(game, h), "state": state, "facts": facts}
    # TRANSLATORS: {about} is e.g. "Ann deals, 7 cards, trump ♥"; {state} the hand's points
    lines = [_("Hand {hand} ({about}): {state} — {facts}").format(**head) if facts else _("Hand {hand} ({about}): {state}").format(**head)]
    if h["start"]:
        lines.append(f"  {_signed(h['start']['points']):>5}  {h['start']['text']}")
        lines.append("         " + _by(h["start"]["by"]))
    rule = None
    for item in h["items"]:
        lines.append(f"  {_signed(item['points']):>5}  {item['reason']}")
        if item["by"] != rule:  # one rule often gives several items in a row (cards)
            lines.append("         " + _by(item["by"]))
        rule = item["by"]
    if h["scored"] and not h["items"]:
        lines.append("      0  " + _("no rule gave points"))
    lines += ["         " + _("note: {note}").format(note=note) for note in h["notes"]]
    lines += [f"         {fix}" for fix in h["corrections"]]
    return lines


def _by(rule: str) -> str:
    """The rule that gave points, under them: "by exact bid, made: 10 + tricks"."""
    # TRANSLATORS: {rule} is the rule that gave the points above, in words
    return _("by {rule}").format(rule=rule)


def _signed(value: int | float) -> str:
    exact = Fraction(value).limit_denominator()
    text = scoring.points_text(exact)
    return text if exact <= 0 else f"+{text}"
