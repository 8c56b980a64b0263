"""What a club night says: the seating of every round with its report (pair meetings, seats,
sitting out), the games a round started, and the room's leaderboard with each game's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.sheets import charts

if TYPE_CHECKING:
    from scorekeeper.core import club_night, club_seating, engine


def seating_data(seating: club_seating.Seating, ruleset: str, seed: int) -> dict[str, Any]:
    """`seat --json`."""
    return {
        "rounds": [{"tables": tables, "out": out} for tables, out in seating.rounds],
        "pairs_max": seating.pairs_max,
        "pairs_bound": seating.pairs_bound,
        "pairs_at_max": [list(pair) for pair in seating.pairs_at_max],
        "seats_max": seating.seats_max,
        "seats_bound": seating.seats_bound,
        "sitting_out": {p: n for p, n in seating.sitting_out.items() if n},
        "ruleset": ruleset,
        "seed": seed,
    }


def seating_text(seating: club_seating.Seating, ruleset: str, seed: int) -> str:
    players = len(seating.sitting_out)
    sizes = sorted({len(t) for t in seating.rounds[0][0]})
    shape = _count(len(seating.rounds[0][0]), "table") + f" of {sizes[0]}" + (f"-{sizes[-1]}" if len(sizes) > 1 else "")
    lines = [
        f"{players} players, {_count(len(seating.rounds), 'round')} of {ruleset} at {shape} (seed {seed}; "
        "each table in seating order, its first dealer first)"
    ]
    for number, (tables, out) in enumerate(seating.rounds, start=1):
        lines.append(f"Round {number}")
        lines += [f"  Table {t}: {', '.join(table)}" for t, table in enumerate(tables, start=1)]
        if out:
            lines.append(f"  Sitting out: {', '.join(out)}")
    lines.append("")
    lines.append(pairs_sentence(seating))
    lines.append(seats_sentence(seating))
    sat = sorted({n for n in seating.sitting_out.values()})
    if sat != [0]:
        lines.append(
            "Sitting out: " + "; ".join(
                f"{', '.join(p for p, k in seating.sitting_out.items() if k == n)} {_times(n)}" for n in sat
            ) + "."
        )  # fmt: skip
    return "\n".join(lines)


def pairs_sentence(seating: club_seating.Seating) -> str:
    best = f"the least possible this night is {_times(seating.pairs_bound)}"
    if seating.pairs_max <= 1:
        return f"Pairs: no two players share a table more than once ({best})."
    shown = ", ".join(f"{a} & {b}" for a, b in seating.pairs_at_max[:6])
    more = f" and {len(seating.pairs_at_max) - 6} more" if len(seating.pairs_at_max) > 6 else ""
    return (
        f"Pairs: the most any two players share a table is {_times(seating.pairs_max)} ({best}): "
        f"{_count(len(seating.pairs_at_max), 'pair')}, {shown}{more}."
    )


def seats_sentence(seating: club_seating.Seating) -> str:
    dealers: dict[str, int] = {}
    for tables, _ in seating.rounds:
        for table in tables:
            dealers[table[0]] = dealers.get(table[0], 0) + 1
    most_dealt = max(dealers.values(), default=0)
    best = f"the least possible is {_times(seating.seats_bound)}"
    where = (
        "no player sits in the same seat twice"
        if seating.seats_max <= 1
        else f"the most any player sits in one seat is {_times(seating.seats_max)}"
    )
    return f"Seats: {where} ({best}); no one deals first more than {_times(most_dealt)}."


def started_text(night: club_night.Night, round_: int, started: list[tuple[int, engine.Game]]) -> str:
    lines = [f"Night {night.name}, round {round_}: started {_count(len(started), 'game')}."]
    for table, game in started:
        lines.append(
            f"  Table {table}: game {game.id[:8]} ({game.ruleset.name}), {', '.join(game.players)}; "
            f"{game.players[game.hand.dealer]} deals first"
        )
    lines.append("Keep each table's score with --game ID (or `use ID`); `night standings` shows the room.")
    return "\n".join(lines)


def joined_text(night: club_night.Night, game: engine.Game) -> str:
    return f"Game {game.id[:8]} is part of night {night.name} ({_count(len(night.games), 'game')} so far)."


def standings_text(data: dict[str, Any]) -> str:
    by_places = data["by"] == "places"
    lines = [f"Night {data['night']}: " + ("placement points" if by_places else "scores") + " over the finished games"]
    if data["players"]:
        from scorekeeper.words import reports

        rows = [[p["place"], p["name"], _points(p["points"], by_places), p["games"]] for p in data["players"]]
        lines.append(reports.table(rows, ["place", "player", "points" if by_places else "score", "games"]))
    else:
        lines.append("No game of this night has finished yet.")
    if by_places:
        lines.append("(each game: first 1, last 0, evenly between, ties sharing; times the share of hands played)")
    lines.append("")
    lines.append("Games:")
    for g in data["games"]:
        where = f"round {g['round']}, table {g['table']}" if g["table"] else (f"round {g['round']}" if g["round"] else "by hand")
        if g["abandoned"]:
            state = "abandoned, not counted"
        elif g["finished"]:
            state = "finished: " + ", ".join(
                f"{p['name']} {charts.number_text(p['score'])}" + (f" ({_points(p['points'], True)})" if by_places else "")
                for p in g["players"]
            )
        elif not g["hands_played"]:
            state = "not begun"
        else:
            leaders = [p["name"] for p in g["players"] if p["place"] == 1]
            state = f"in progress after {_count(g['hands_played'], 'hand')}, led by {' & '.join(leaders)}"
        lines.append(f"  {g['game'][:8]} ({where}, {g['ruleset']}): {state}")
    lines.append("A game's own standings: `standings --game ID`.")
    return "\n".join(lines)


def _points(value: float, places: bool) -> str:
    return f"{value:.3f}" if places else charts.number_text(value)


def _times(n: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"
