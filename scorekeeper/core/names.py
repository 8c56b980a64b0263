"""Names: what a player's name may be (`player_name`, for `new`, `join` and `rename` alike;
`entered_name` as it is entered),
and naming by a beginning: what a scorer's text refers to among a few choices (a player, a
game id, a Decktet suit), the one rule every lookup by name or prefix follows. Each caller
says in its own words what none or several matches mean."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scorekeeper.core import errors, plain
from scorekeeper.core.language import N_, _

_SEPARATORS = {
    "=": N_("'{name}' cannot be a player name: '{mark}' separates names from values"),
    ",": N_("'{name}' cannot be a player name: '{mark}' separates one name from the next"),
}


def player_name(name: str) -> str:
    """A player's name as given (already stripped), or the EntryError that says why it can't
    be one: a control character, or a mark that separates names from what follows them."""
    plain.check(N_("a player name"), name)
    for mark, refusal in _SEPARATORS.items():
        if mark in name:
            raise errors.EntryError(_(refusal).format(name=name, mark=mark))
    return name


def entered_name(name: str) -> str:
    """A player's name as the scorer gives it now (`new`, `seat`, `join`, `rename`): a name
    (`player_name`) with no invisible character in it. Checked when it is entered, not when
    a game is replayed: a name stored before these were refused still loads."""
    player_name(name)
    return plain.visible(N_("a player name"), name)


def matching(text: str, choices: Iterable[str], fold: Callable[[str], str] = str.casefold) -> list[str]:
    """The choices `text` names, compared after `fold`: the one it equals if there is one,
    else every one it begins; none for empty text."""
    choices = list(choices)
    wanted = fold(text.strip())
    if not wanted:
        return []
    exact = [c for c in choices if fold(c) == wanted]
    return exact[:1] or [c for c in choices if fold(c).startswith(wanted)]
