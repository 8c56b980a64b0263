"""Worked examples carried by ruleset files: a hand's facts scored by the engine's own
scoring and compared with the points the file says they give."""

from __future__ import annotations

from typing import Any

from scorekeeper.core import cards, errors, rulesets, scoring


def facts(ruleset: rulesets.Ruleset, example: rulesets.Example) -> scoring.Facts:
    deck = cards.deck(rulesets.deck_name(ruleset.deck, len(example.players)))
    hand = example.hand
    poisons = {
        p: scoring.PoisonPick(v.partition(":")[0], int(v.partition(":")[2]) if ":" in v else None)
        for p, v in hand.get("poisons", {}).items()
    }
    taken = {p: [cards.parse_card(c, deck) for c in got] for p, got in hand.get("took", {}).items()}
    return scoring.Facts(
        players=example.players,
        size=hand.get("size", 0),
        cursed=hand.get("cursed"),
        bids=hand.get("bids", {}),
        poisons=poisons,
        tricks=hand.get("tricks", {}),
        taken=taken,
        cursed_counts=hand.get("cursed_counts", {}),
        first=hand.get("first"),
        last=hand.get("last"),
        moon=hand.get("moon"),
    )


def failures(ruleset: rulesets.Ruleset, document: dict[str, Any] | None = None) -> list[str]:
    """One line per example whose points differ from what the scoring gives. An example
    with `set` options is scored under the ruleset those options make of the document
    (the file's text; by default rebuilt from the ruleset)."""
    problems = []
    for i, example in enumerate(ruleset.examples):
        try:
            rules = _with_options(ruleset, document, example)
        except errors.ScorekeeperError as exc:
            problems.append(f"{i} ({example.note}): its set options do not apply: {exc}")
            continue
        deck = cards.deck(rulesets.deck_name(rules.deck, len(example.players)))
        items = scoring.score(rules.phase(example.hand_number), facts(rules, example), deck)
        got = scoring.totals(items, example.players)
        want = {p: example.points.get(p, 0) for p in example.players}
        if got != want:
            shown = ", ".join(f"{p} {scoring.points_text(v)}" for p, v in got.items())
            problems.append(f"{i} ({example.note}): the rules give {shown}")
    return problems


def _with_options(
    ruleset: rulesets.Ruleset, document: dict[str, Any] | None, example: rulesets.Example
) -> rulesets.Ruleset:
    if not example.set:
        return ruleset
    if document is None:
        document = ruleset.model_dump()
    settings = [f"{name}={rulesets.option_text(value)}" for name, value in example.set.items()]
    return rulesets.apply_options(ruleset.name, document, settings)[2]
