"""The demo: a complete sample game of Oh Hell (MrPikes' rules) played into a throw-away
store through the same entries, engine and store as the real commands."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

from scorekeeper import table
from scorekeeper.core import entries, rulesets
from scorekeeper.core.language import N_, _
from scorekeeper.sheets import score_sheet
from scorekeeper.storage import store

# What the sample table said, noted on its sheet in the language spoken (the store is thrown away).
COMMENTS = {
    4: N_("Cat: 'seven cards and I bid zero? never again'"),
    10: N_("One card each: three bids of zero and Bob's one, every one made."),
    # TRANSLATORS: the pants rule (MrPikes): a player who misses a bid of five or more "loses their pants"
    15: N_("Dan bid five, missed, and kept his trousers on thanks to the forehead rule."),
}


def sample_hand(chance: random.Random, size: int, players: int, hand: int) -> tuple[list[int], list[int]]:
    """Tricks split at random, and bids that mostly match them (players are good at this)."""
    cuts = sorted(chance.randint(0, size) for _cut in range(players - 1))
    taken = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
    bids = [t if chance.random() < 0.6 else max(0, min(size, t + chance.choice((-1, 1)))) for t in taken]
    if hand == 15:  # Dan's bold bid, missed: the pants rule
        bids[3] = 6 if taken[3] == 5 else 5
    return bids, taken


def play(folder: Path, seed: int = 11) -> str:
    chance = random.Random(seed)
    with store.Store(folder) as db:
        game = table.create(db, None, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", "Bob",
                            _("Demo night"), _("Kitchen"), "Ann", [])  # fmt: skip
        while not game.finished:
            hand = game.hand
            bids, taken = sample_hand(chance, hand.size or 0, len(game.players), hand.number)
            steps = [
                partial(entries.trump, text=chance.choice("shdc")),
                partial(entries.bids, values=[str(b) for b in bids]),
                partial(entries.tricks, values=[str(t) for t in taken]),
            ]
            if hand.number in COMMENTS:
                steps.insert(2, partial(entries.comment, text=_(COMMENTS[hand.number])))
            for step in steps:
                game = table.record(db, game.id, step).game
        text = score_sheet.render(game, "text", db.events(game.id))
    said = _("A sample game of {ruleset}, played into a throw-away store.").format(ruleset=rulesets.prose(game.ruleset.title))
    return f"{said}\n\n{text}"
