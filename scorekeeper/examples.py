"""Worked examples carried by ruleset files: a hand's facts scored by the engine's own
scoring and compared with the points the file says they give."""

from __future__ import annotations

from scorekeeper import cards, rulesets, scoring


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


def failures(ruleset: rulesets.Ruleset) -> list[str]:
    """One line per example whose points differ from what the scoring gives."""
    problems = []
    for i, example in enumerate(ruleset.examples):
        deck = cards.deck(rulesets.deck_name(ruleset.deck, len(example.players)))
        items = scoring.score(ruleset.phase(example.hand_number), facts(ruleset, example), deck)
        got = scoring.totals(items, example.players)
        want = {p: example.points.get(p, 0) for p in example.players}
        if got != want:
            shown = ", ".join(f"{p} {scoring.points_text(v)}" for p, v in got.items())
            problems.append(f"{i} ({example.note}): the rules give {shown}")
    return problems
