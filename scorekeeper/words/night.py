"""What a club night says: the seating of every round with its report (pair meetings, seats,
sitting out), the games a round started, and the room's leaderboard with each game's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.core.language import _, ngettext
from scorekeeper.sheets import charts

if TYPE_CHECKING:
    from scorekeeper.core import club_night, club_seating, engine


def seating_data(seating: club_seating.Seating, ruleset: str, seed: int, hands: int | None = None) -> dict[str, Any]:
    """`seat --json`; a partnership night adds how partners and opponents are spread."""
    data = {
        "rounds": [{"tables": tables, "out": out} for tables, out in seating.rounds],
        "pairs_max": seating.pairs_max,
        "pairs_bound": seating.pairs_bound,
        "pairs_at_max": [list(pair) for pair in seating.pairs_at_max],
        "pairs_least": seating.pairs_least,  # the best any seating can do, where a search proved it; else null
        "seats_max": seating.seats_max,
        "seats_bound": seating.seats_bound,
        "sitting_out": {p: n for p, n in seating.sitting_out.items() if n},
        "ruleset": ruleset,
        "seed": seed,
    }
    if seating.partnered is not None:
        data.update(seating.partnered._asdict())
    if hands is not None:
        data["hands"] = hands
    return data


def seating_text(seating: club_seating.Seating, ruleset: str, seed: int, hands: int | None = None) -> str:
    players = len(seating.sitting_out)
    sizes = sorted({len(t) for t in seating.rounds[0][0]})
    tables = len(seating.rounds[0][0])
    size = f"{sizes[0]}-{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
    # TRANSLATORS: {size} is how many players sit at each table: "4", or "4-5"
    shape = ngettext("{count} table of {size}", "{count} tables of {size}", tables).format(count=tables, size=size)
    rounds = ngettext("{count} round", "{count} rounds", len(seating.rounds)).format(count=len(seating.rounds))
    lines = [
        # TRANSLATORS: {rounds} is e.g. "3 rounds", {shape} e.g. "2 tables of 4"
        ngettext(
            "{count} player, {rounds} of {ruleset} at {shape} (seed {seed}; each table in seating order, its first dealer first)",
            "{count} players, {rounds} of {ruleset} at {shape} (seed {seed}; each table in seating order, its first dealer first)",
            players,
        ).format(count=players, rounds=rounds, ruleset=ruleset, shape=shape, seed=seed)
    ]
    if seating.partnered is not None:
        lines.append(_("Partners sit opposite: the 1st and 3rd players of a table are one side, the 2nd and 4th the other."))
    if hands is not None:
        lines.append(
            ngettext(
                "Each game is {count} hand, whatever the scores.", "Each game is {count} hands, whatever the scores.", hands
            ).format(count=hands)
        )
    for number, (round_tables, out) in enumerate(seating.rounds, start=1):
        lines.append(_("Round {round}").format(round=number))
        lines += [
            "  " + _("Table {table}: {players}").format(table=t, players=", ".join(table))
            for t, table in enumerate(round_tables, start=1)
        ]
        if out:
            lines.append("  " + _("Sitting out: {players}").format(players=", ".join(out)))
    lines.append("")
    lines.append(pairs_sentence(seating))
    if seating.partnered is not None:
        lines += sides_sentences(seating.partnered)
    lines.append(seats_sentence(seating))
    sat = sorted({n for n in seating.sitting_out.values()})
    if sat != [0]:
        groups = "; ".join(
            # TRANSLATORS: {times} is "never", "once", "twice", "3 times"…
            _("{players} {times}").format(players=", ".join(p for p, k in seating.sitting_out.items() if k == n), times=_times(n))
            for n in sat
        )
        lines.append(_("Sitting out: {groups}.").format(groups=groups))
    return "\n".join(lines)


def pairs_sentence(seating: club_seating.Seating) -> str:
    """How often pairs meet, and how that compares with the best any seating could do: the
    fewest possible where the bound is reached or a search of every seating proved it, else
    the bound, which is only "at least"."""
    if seating.pairs_max <= 1:
        return _("Pairs: no two players share a table more than once, the fewest possible.")
    shown = ", ".join(f"{a} & {b}" for a, b in seating.pairs_at_max[:6])
    if len(seating.pairs_at_max) > 6:
        shown = _("{pairs} and {count} more").format(pairs=shown, count=len(seating.pairs_at_max) - 6)
    count = len(seating.pairs_at_max)
    # (most is 2 or more here, so "times" is plural in every language)
    said = ngettext(
        "Pairs: {count} pair shares a table {most} times, the most any pair does: {pairs}.",
        "Pairs: {count} pairs share a table {most} times, the most any pair does: {pairs}.",
        count,
    ).format(most=seating.pairs_max, count=count, pairs=shown)
    if seating.pairs_max <= seating.pairs_bound:
        return said + " " + _("No seating of this night can do better.")
    if seating.pairs_least == seating.pairs_max:
        return said + " " + _("No seating of this night can do better: a search of every seating finds none better.")
    return said + " " + ngettext(
        "Any seating of this night has some pair share a table at least {count} time.",
        "Any seating of this night has some pair share a table at least {count} times.",
        seating.pairs_bound,
    ).format(count=seating.pairs_bound)


def sides_sentences(spread: club_seating.Partnered) -> list[str]:
    """How often two players are partners, and opponents, against the bounds."""
    if spread.partners_max <= 1:
        partners = _("Partners: no two players are partners more than once, the fewest possible.")
    elif spread.partners_max <= spread.partners_bound:
        # (most is 2 or more here, so "times" is plural in every language)
        partners = _(
            "Partners: the most any two players are partners is {most} times, and no seating of this night can do better."
        ).format(most=spread.partners_max)
    else:
        partners = ngettext(
            "Partners: the most any two players are partners is {most} times; any seating of this night makes some "
            "two players partners at least {count} time.",
            "Partners: the most any two players are partners is {most} times; any seating of this night makes some "
            "two players partners at least {count} times.",
            spread.partners_bound,
        ).format(most=spread.partners_max, count=spread.partners_bound)
    if spread.opponents_max <= 1:
        opponents = _("Opponents: no two players are opponents more than once, the fewest possible.")
    elif spread.opponents_max <= spread.opponents_bound:
        opponents = _(
            "Opponents: the most any two players are opponents is {most} times, and no seating of this night can do better."
        ).format(most=spread.opponents_max)
    else:
        opponents = ngettext(
            "Opponents: the most any two players are opponents is {most} times; any seating of this night makes some "
            "two players opponents at least {count} time.",
            "Opponents: the most any two players are opponents is {most} times; any seating of this night makes some "
            "two players opponents at least {count} times.",
            spread.opponents_bound,
        ).format(most=spread.opponents_max, count=spread.opponents_bound)
    return [partners, opponents]


def seats_sentence(seating: club_seating.Seating) -> str:
    """How often a player sits in the same seat, against the bound, and who deals first most."""
    dealers: dict[str, int] = {}
    for tables, _out in seating.rounds:
        for table in tables:
            dealers[table[0]] = dealers.get(table[0], 0) + 1
    dealt = max(dealers.values(), default=0)
    if seating.seats_max <= 1:
        said = _("Seats: no player sits in the same seat twice.")
    else:
        # (most is 2 or more here, so "times" is plural in every language)
        said = _("Seats: the most any player sits in one seat is {most} times.").format(most=seating.seats_max)
        if seating.seats_max <= seating.seats_bound:
            said += " " + _("No seating of this night can do better.")
        else:
            said += " " + ngettext(
                "Any seating of this night has some player in one seat at least {count} time.",
                "Any seating of this night has some player in one seat at least {count} times.",
                seating.seats_bound,
            ).format(count=seating.seats_bound)
    return said + " " + ngettext(
        "No one deals first more than once.", "No one deals first more than {count} times.", dealt
    ).format(count=dealt)


def started_text(night: club_night.Night, round_: int, started: list[tuple[int, engine.Game]]) -> str:
    lines = [
        ngettext(
            "Night {night}, round {round}: started {count} game.", "Night {night}, round {round}: started {count} games.", len(started)
        ).format(night=night.name, round=round_, count=len(started))
    ]
    hands = started[0][1].ruleset.end.hands if started else None
    if hands is not None:
        lines.append(
            ngettext(
                "Each game is {count} hand, whatever the scores.", "Each game is {count} hands, whatever the scores.", hands
            ).format(count=hands)
        )
    for table, game in started:
        lines.append(
            "  "
            + _("Table {table}: game {game} ({ruleset}), {players}; {dealer} deals first").format(
                table=table,
                game=game.id[:8],
                ruleset=game.ruleset.name,
                players=", ".join(game.players),
                dealer=game.players[game.hand.dealer],
            )
        )
    lines.append(_("Keep each table's score with --game ID (or `use ID`); `night standings` shows the room."))
    return "\n".join(lines)


def joined_text(night: club_night.Night, game: engine.Game) -> str:
    count = len(night.games)
    return ngettext(
        "Game {game} is part of night {night} ({count} game so far).",
        "Game {game} is part of night {night} ({count} games so far).",
        count,
    ).format(game=game.id[:8], night=night.name, count=count)


def standings_text(data: dict[str, Any]) -> str:
    by_places = data["by"] == "places"
    if by_places:
        lines = [_("Night {night}: placement points over the finished games").format(night=data["night"])]
    else:
        lines = [_("Night {night}: scores over the finished games").format(night=data["night"])]
    if data["players"]:
        lines.append(_board(data["players"], by_places))
    else:
        lines.append(_("No game of this night has finished yet."))
    if data["provisional"]:
        lines.append(_("If the games in play ended now:"))
        lines.append(_board(data["provisional"], by_places))
    if by_places:
        lines.append(_("(each game: first 1, last 0, evenly between, ties sharing; times the share of hands played)"))
    lines.append("")
    lines.append(_("Games:"))
    for g in data["games"]:
        lines.append("  " + _game_line(g, by_places))
    lines.append(_("A game's own standings: `standings --game ID`."))
    return "\n".join(lines)


def _board(players: list[dict[str, Any]], by_places: bool) -> str:
    from scorekeeper.words import reports

    rows = [[p["place"], p["name"], _points(p["points"], by_places), p["games"]] for p in players]
    return reports.table(rows, [_("place"), _("player"), _("points") if by_places else _("score"), _("games")])


def _game_line(g: dict[str, Any], by_places: bool) -> str:
    """One game of the night and how it stands: "1a2b3c4d (round 1, table 2, oh-hell): not begun"."""
    if g["table"]:
        where = _("round {round}, table {table}").format(round=g["round"], table=g["table"])
    else:
        where = _("round {round}").format(round=g["round"]) if g["round"] else _("by hand")
    if g["abandoned"]:
        state = _("abandoned, not counted")
    elif g["finished"]:
        scores = ", ".join(
            f"{p['name']} {charts.number_text(p['score'])}" + (f" ({_points(p['points'], True)})" if by_places else "")
            for p in g["players"]
        )
        state = _("finished: {scores}").format(scores=scores)
    elif not g["hands_played"]:
        state = _("not begun")
    else:
        leaders = " & ".join(p["name"] for p in g["players"] if p["place"] == 1)
        state = ngettext(
            "in progress after {count} hand, led by {leaders}", "in progress after {count} hands, led by {leaders}", g["hands_played"]
        ).format(count=g["hands_played"], leaders=leaders)
    # TRANSLATORS: {where} is e.g. "round 1, table 2"; {state} how the game stands
    return _("{game} ({where}, {ruleset}): {state}").format(game=g["game"][:8], where=where, ruleset=g["ruleset"], state=state)


def _points(value: float, places: bool) -> str:
    from scorekeeper.words import numbers

    return numbers.decimal(value, 3) if places else charts.number_text(value)


def _times(n: int) -> str:
    """"never", "once", "twice", "3 times"."""
    if n == 0:
        return _("never")
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return ngettext("{count} time", "{count} times", n).format(count=n)
