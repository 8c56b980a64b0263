"""Starting a game: the ruleset resolved with the table's options, the players and the
first dealer checked, and the GameStarted entry that embeds it all."""

from __future__ import annotations

import secrets
from pathlib import Path

from scorekeeper.core import engine, errors, events, rulesets, schedule
from scorekeeper.storage import ruleset_files


def parse_players(text: str) -> list[str]:
    """Names in clockwise seating order, comma-separated; unique, non-empty, plain."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise errors.EntryError("a player name is empty; write --players Ann,Bob,Cat")
    seen: dict[str, str] = {}
    for name in names:
        if "=" in name:
            raise errors.EntryError(f"'{name}' cannot be a player name: '=' separates names from values")
        if name.casefold() in seen:
            raise errors.EntryError(
                f"{seen[name.casefold()]} and {name} are the same name; give each player a different one"
            )
        seen[name.casefold()] = name
    return names


def new_event(
    origin: str,
    document: dict,
    players_text: str,
    dealer: str | None,
    name: str,
    location: str,
    scorer: str,
    settings: list[str],
) -> events.GameStarted:
    players = parse_players(players_text)
    resolved, chosen, ruleset = rulesets.apply_options(origin, document, settings)
    schedule.check_players(ruleset, len(players))
    event = events.GameStarted(
        game_id=secrets.token_hex(4),
        ruleset=resolved,
        options=chosen,
        players=players,
        dealer=players[0],
        name=name,
        location=location,
        scorer=scorer,
    )
    if dealer is not None:
        first = engine.start(event)
        event = event.model_copy(update={"dealer": first.player(dealer)})
    return event


def record(db, game_id: str, build) -> tuple[engine.Game, engine.Hand]:
    """Build an entry against the game as it stands, let the engine judge it, and append it,
    all under the store's write lock; nothing is written if anything refuses. Returns the
    game after the entry and the hand the entry was for."""
    with db.writing(game_id) as writer:
        game = engine.replay(events.parse_all([e.body for e in writer.events]))
        event = build(game)
        hand = game.hand
        engine.apply(game, event)
        writer.append(event.data())
    return game, hand


def create(db, home: Path | None, ruleset_name: str, players: str, dealer: str | None,
           name: str, location: str, scorer: str, settings: list[str]) -> engine.Game:  # fmt: skip
    """Record a new game in the store and make it current."""
    origin, text = ruleset_files.find(ruleset_name, home)
    document = rulesets.parse_document(origin, text)
    event = new_event(origin, document, players, dealer, name, location, scorer, settings)
    game = engine.start(event)
    with db.writing(event.game_id) as writer:
        writer.append(event.data())
    db.set_current_game(event.game_id)
    return game
