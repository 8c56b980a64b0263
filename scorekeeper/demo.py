"""The demo: a complete sample game of Oh Hell (MrPikes' rules) played into a throw-away
store through the same entries, engine and store as the real commands."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper import engine, entries, events, games, sheets, store


def play(folder: Path, seed: int = 7) -> str:
    chance = random.Random(seed)
    with store.Store(folder) as db:
        game = games.create(db, None, "oh-hell-mrpikes", "Ann,Bob,Cat,Dan", "Bob",
                            "Demo night", "Kitchen", "Ann", [])  # fmt: skip
        comments = {4: "Cat: 'one card, one trick, no problem'", 11: "Dan bid five. Dan regrets it."}
        while not game.finished:
            hand = game.hand
            size = hand.size or 0
            bids = [str(min(size, max(0, round(size / 4 + chance.uniform(-1.5, 1.5))))) for _ in game.players]
            cuts = sorted(chance.randint(0, size) for _ in range(len(game.players) - 1))
            taken = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
            steps = [
                lambda g: entries.trump(g, chance.choice("shdc")),
                lambda g: entries.bids(g, bids),
                lambda g: entries.tricks(g, [str(t) for t in taken]),
            ]
            if hand.number in comments:
                steps.insert(2, lambda g, text=comments[hand.number]: entries.comment(g, text))
            for step in steps:
                with db.writing(game.id) as writer:
                    game = engine.replay(events.parse_all([e.body for e in writer.events]))
                    event = step(game)
                    engine.apply(game, event)
                    writer.append(event.data())
        text = sheets.render(game, "text", db.events(game.id))
    return f"A sample game of {game.ruleset.title}, played into a throw-away store.\n\n{text}"
