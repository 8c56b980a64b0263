"""Values given per player, as the scorer types them: `NAME=VALUE` pairs (any order, any
subset) or bare values in seating order for everyone, and whole numbers among them. Shared
by the engine's own entries and the families' (picks, cursed-card counts)."""

from __future__ import annotations

from scorekeeper.core import errors, state
from scorekeeper.core.counting import counted


def per_player(game: state.Game, values: list[str], what: str) -> dict[str, str]:
    """`Ann=2 Bob=0` (any order, any subset) or bare values in seating order for everyone."""
    if not values:
        raise errors.UsageError(f"give the {what} as NAME=VALUE pairs or one value per player in seating order")
    pairs = [v.partition("=") for v in values]
    named = [sep for _, sep, _ in pairs]
    if all(named):
        result: dict[str, str] = {}
        for name, _, value in pairs:
            player = game.player(name)
            if player in result:
                raise errors.EntryError(f"{player} is named twice in one entry; give each player once")
            if not value.strip():
                raise errors.UsageError(f"no {what} given for {player}; write {player}=VALUE")
            result[player] = value.strip()
        return result
    if any(named):
        raise errors.UsageError(f"give the {what} either all as NAME=VALUE or all as bare values, not mixed")
    if len(values) != len(game.players):
        raise errors.EntryError(
            f"{counted(len(values), what)} for {len(game.players)} players; give one per player in seating "
            f"order ({', '.join(game.players)}) or use NAME=VALUE"
        )
    return dict(zip(game.players, values, strict=True))


def whole_number(text: str, player: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise errors.UsageError(f"{player}'s {what} '{text}' is not a whole number") from None
