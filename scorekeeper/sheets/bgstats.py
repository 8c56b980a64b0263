"""A finished game as the play record BG Stats imports (`sheet --format bgstats`): the JSON
its "push plays from other apps" import reads — the game, the date and duration, the
location, and each player's score, rank, whether they won and who started."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.core import errors, scoring
from scorekeeper.core.language import _

if TYPE_CHECKING:
    from scorekeeper.core import engine
    from scorekeeper.storage import chain

SOURCE_NAME = "table-scorekeeper"


def play_data(game: engine.Game, stored: list[chain.StoredEvent]) -> dict[str, Any]:
    """The play record as JSON data. Times are the local time of the machine writing it, as
    the app reads them; the start player is whoever led the first hand (the first dealer
    where the rules name no seat to lead). A renamed seat (a substitute took it over) is
    listed under each name it played hands under, each with the seat's score and rank, as
    the ratings count it."""
    check_finished(game)
    winners = set(game.winners())
    first = game.hands[0]
    starter = first.seating[first.leader if first.leader is not None else first.dealer]
    started, ended = _local(stored[0].at), _local(stored[-1].at)
    comments = [part for part in (game.name, f"{game.ruleset.title}, {len([h for h in game.hands if h.closed])} hands") if part]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game.id,
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(1, round((ended - started).total_seconds() / 60)),
        "location": game.location,
        "comments": " · ".join(comments),
        "game": {
            "name": game.ruleset.title,
            "highestWins": game.ruleset.end.winner == "highest",
            "noPoints": False,
            "sourceGameId": game.ruleset.name,
        },
        "players": [
            {
                "name": name,
                "score": scoring.points_json(total),
                "rank": place,
                "winner": player in winners,
                "startPlayer": player == starter and name == game.called(player, first.number),
                "role": "",
                "sourcePlayerId": name.casefold(),  # names match in any case, as in `stats`
            }
            for place, player, total in game.standings()
            for name in _names_played(game, player)
        ],
    }


def _names_played(game: engine.Game, player: str) -> list[str]:
    """The names the seat now called `player` played hands under, oldest first."""
    played = {game.called(player, hand.number) for hand in game.hands if hand.closed and player in hand.seating}
    return [name for name in game.names_of(player) if name in played] or [player]


def check_finished(game: engine.Game) -> None:
    """BG Stats records finished plays only: refuse a game still under way."""
    if not game.finished:
        raise errors.EntryError(
            _("the game is not over yet, and BG Stats records finished plays; write it once the game ends")
        )


def _local(at: str) -> datetime:
    return datetime.fromisoformat(at).astimezone()


def play(game: engine.Game, stored: list[chain.StoredEvent]) -> str:
    return json.dumps(play_data(game, stored), ensure_ascii=False, indent=2) + "\n"
