"""Naming by a beginning: what a scorer's text refers to among a few choices (a player, a
game id, a Decktet suit), the one rule every lookup by name or prefix follows. Each caller
says in its own words what none or several matches mean."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def matching(text: str, choices: Iterable[str], fold: Callable[[str], str] = str.casefold) -> list[str]:
    """The choices `text` names, compared after `fold`: the one it equals if there is one,
    else every one it begins; none for empty text."""
    choices = list(choices)
    wanted = fold(text.strip())
    if not wanted:
        return []
    exact = [c for c in choices if fold(c) == wanted]
    return exact[:1] or [c for c in choices if fold(c).startswith(wanted)]
