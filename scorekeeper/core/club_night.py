"""A club night as data: the entries of its own record (opened, seated, a game added), the
night those entries make, what one finished game gives the night (its outcome: places, scores,
hands each player was dealt in), and the room's leaderboard summed from those outcomes.
Pure: the service (nights.py) reads and writes the store."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from scorekeeper.core import errors
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.language import _

if TYPE_CHECKING:
    from scorekeeper.core import state


class NightEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def data(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class NightOpened(NightEntry):
    type: Literal["night_opened"] = "night_opened"
    name: str


class SeatedRound(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    tables: list[list[str]]  # each in seating order, the first dealer first
    out: list[str]


class NightSeated(NightEntry):
    """The seating of every round; a later one replaces it (before any game is started from it)."""

    type: Literal["night_seated"] = "night_seated"
    ruleset: str  # as named to `seat`: the ruleset `night start` plays unless told otherwise
    seed: int
    rounds: list[SeatedRound]
    hands: int | None = None  # each game plays exactly this many hands (a progressive night); None: to its end

    def data(self) -> dict[str, Any]:
        body = super().data()
        if self.hands is None:  # a night seated before rounds had a length reads as it was written
            del body["hands"]
        return body


class NightGame(NightEntry):
    """A game of the night, started by `night start` (round and table) or `new --night`."""

    type: Literal["night_game"] = "night_game"
    game: str
    round: int | None = None
    table: int | None = None


AnyNightEntry = NightOpened | NightSeated | NightGame
_ENTRIES: list[TypeAdapter[Any]] = []  # built at first use, not at import


def parse(bodies: list[dict[str, Any]]) -> list[AnyNightEntry]:
    if not _ENTRIES:
        _ENTRIES.append(TypeAdapter(list[Annotated[AnyNightEntry, Field(discriminator="type")]]))
    return _ENTRIES[0].validate_python(bodies)


class Night(NamedTuple):
    """What a night's record says: its name, its seating (if kept) and its games."""

    id: str
    name: str
    seating: NightSeated | None
    games: list[NightGame]

    def game_at(self, round_: int, table: int) -> NightGame | None:
        return next((g for g in self.games if g.round == round_ and g.table == table), None)


def replay(night_id: str, bodies: list[dict[str, Any]]) -> Night:
    entries = parse(bodies)
    opened = entries[0]
    assert isinstance(opened, NightOpened), "a night's record starts with night_opened"
    seating = None
    games = []
    for entry in entries[1:]:
        if isinstance(entry, NightSeated):
            seating = entry
        elif isinstance(entry, NightGame):
            games.append(entry)
    return Night(night_id, opened.name, seating, games)


def game_name(night: str, round_: int, table: int) -> str:
    return f"{night} · round {round_} · table {table}"


# --- what one game gives the night ----------------------------------------------------------


def outcome(game: state.Game) -> dict[str, Any]:
    """What the leaderboard needs of one replayed game, as JSON data: each player (standings
    order) as [name, score, place, hands dealt in], the sides of a partnership game (each its
    players, best first; [] in other games), the closed hands, and how it ended."""
    closed = [hand for hand in game.hands if hand.closed]
    return {
        "ruleset": game.ruleset.name,
        "sides": [players for _place, _name, players, _score in game.side_standings()],
        "winner": game.ruleset.end.winner,
        "finished": game.finished,
        "abandoned": game.abandoned,
        "hands": len(closed),
        "players": [
            [player, _exact(score), place, sum(1 for hand in closed if player in hand.seating)]
            for place, player, score in game.standings()
        ],
    }


def _exact(value: Fraction) -> int | str:
    return int(value) if value.denominator == 1 else str(value)


def game_points(result: dict[str, Any]) -> list[Fraction]:
    """Each player's placement points in one game's outcome, in its standings order: by
    player, or in a partnership game by side (each player gets their side's: the winning
    side 1, the other 0, a tie a half each)."""
    rows = result["players"]
    if not result["sides"]:
        return placement_points([row[2] for row in rows])
    place = {row[0]: row[2] for row in rows}
    by_side = placement_points([place[side[0]] for side in result["sides"]])
    side_points = {player: points for side, points in zip(result["sides"], by_side, strict=True) for player in side}
    return [side_points[row[0]] for row in rows]


def placement_points(places: list[int]) -> list[Fraction]:
    """Points for places in standings order: first 1, last 0, evenly between; players tied
    on a place share the points of the positions they fill."""
    n = len(places)
    if n < 2:
        return [Fraction(1)] * n
    points = []
    for place in places:
        filled = [i for i, p in enumerate(places) if p == place]
        points.append(sum(Fraction(n - 1 - i, n - 1) for i in filled) / len(filled))
    return points


# --- the leaderboard ------------------------------------------------------------------------

By = Literal["places", "score"]


class Row(NamedTuple):
    name: str
    total: Fraction
    place: int
    games: int  # finished games counted


def ranked_by(night: Night, outcomes: dict[str, dict[str, Any]]) -> By:
    """How a night ranks unless told: by score where every game counted is a partnership
    game of one ruleset (a progressive night: each player scores their side's points,
    RULES.md §7), else by placement points."""
    counted = [outcomes[g.game] for g in night.games if not outcomes[g.game]["abandoned"]]
    partnered = bool(counted) and all(result["sides"] for result in counted)
    return "score" if partnered and len({result["ruleset"] for result in counted}) == 1 else "places"


def leaderboard(night: Night, outcomes: dict[str, dict[str, Any]], titles: dict[str, str], by: By) -> dict[str, Any]:
    """The night's leaderboard as JSON data: every player's placement points (or scores),
    summed over the finished games, each scaled by the share of the game's hands the player
    was dealt in; and each game's own result. `provisional`: the same board as if every game
    in play (begun, not abandoned) ended now, [] while no game is in play, so a director
    has a board before the first table finishes. `outcomes` and `titles` by game id."""
    counted = [g for g in night.games if not outcomes[g.game]["abandoned"]]
    if by == "score":
        used = sorted({outcomes[g.game]["ruleset"] for g in counted})
        if len(used) > 1:
            raise errors.RuleViolation(
                _("night {night} plays {rulesets}: scores of different rulesets do not add up; use --by places").format(
                    night=night.name, rulesets=all_of(used)
                )
            )
    lowest = by == "score" and bool(counted) and outcomes[counted[0].game]["winner"] == "lowest"
    final, now = Board(lowest), Board(lowest)
    games = []
    for g in sorted(night.games, key=lambda g: (g.round is None, g.round or 0, g.table or 0)):
        result = outcomes[g.game]
        rows = result["players"]
        points = game_points(result)
        counts = result["finished"] and not result["abandoned"]
        in_play = not result["finished"] and not result["abandoned"] and result["hands"] > 0
        entry_players = []
        for row, placed in zip(rows, points, strict=True):
            name, score, place, dealt = row
            share = Fraction(dealt, result["hands"]) if result["hands"] else Fraction(0)
            value = Fraction(score) if by == "score" else placed * share
            if counts or in_play:
                now.add(name, value)
            if counts:
                final.add(name, value)
            entry_players.append(
                {"name": name, "score": _number(Fraction(score)), "place": place,
                 "points": _number(placed * share) if counts else None, "share": _number(share)}
            )  # fmt: skip
        games.append(
            {"game": g.game, "name": titles.get(g.game, ""), "round": g.round, "table": g.table,
             "ruleset": result["ruleset"], "finished": result["finished"], "abandoned": result["abandoned"],
             "hands_played": result["hands"], "players": entry_players}
        )  # fmt: skip
    any_in_play = any(not g["finished"] and not g["abandoned"] and g["hands_played"] for g in games)
    return {"night": night.name, "by": by, "players": final.ranked(), "provisional": now.ranked() if any_in_play else [],
            "games": games}  # fmt: skip


class Board:
    """Totals by player (names matched without case), ranked best first: the highest total,
    or the lowest where the ruleset's winner is lowest; ties share a place."""

    def __init__(self, lowest: bool) -> None:
        self.lowest = lowest
        self.totals: dict[str, Fraction] = {}
        self.shown: dict[str, str] = {}
        self.played: dict[str, int] = {}

    def add(self, name: str, value: Fraction) -> None:
        key = name.casefold()
        self.shown.setdefault(key, name)
        self.totals[key] = self.totals.get(key, Fraction(0)) + value
        self.played[key] = self.played.get(key, 0) + 1

    def ranked(self) -> list[dict[str, Any]]:
        totals, shown = self.totals, self.shown
        order = sorted(totals, key=lambda k: (totals[k] if self.lowest else -totals[k], shown[k].casefold()))
        players: list[dict[str, Any]] = []
        for i, key in enumerate(order):
            tied = i and totals[key] == totals[order[i - 1]]
            place = players[-1]["place"] if tied else i + 1
            players.append({"name": shown[key], "place": place, "points": _number(totals[key]), "games": self.played[key]})
        return players


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 4)
