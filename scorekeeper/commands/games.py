"""The calls that start, list, choose and describe games and club nights: `new`, `seat`,
`night`, `games`, `use`, `status`, `standings`, `label`, `abandon`."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from scorekeeper.commands.desk import Desk
from scorekeeper.commands.said import Said
from scorekeeper.core import errors, language
from scorekeeper.core.language import _


def worded_for(as_json: bool) -> contextlib.AbstractContextManager[None]:
    """The words of what a call says: JSON (`--json`) is the same in every language, so what
    goes into it is worked out in English; text is in the language in use."""
    return language.speaking(language.ENGLISH) if as_json else contextlib.nullcontext()


def new(desk: Desk, ruleset: str, players: str, dealer: str | None = None, name: str = "", location: str = "",
        scorer: str = "", set_: Sequence[str] = (), night: str | None = None, round_: int | None = None,
        sides: Sequence[str] | None = None) -> Said:  # fmt: skip
    """Start a game and make it current (with `night`, as one of the night's games)."""
    from scorekeeper import table
    from scorekeeper.words import replies

    said = Said(made_current=True)
    if night is not None or round_ is not None:
        from scorekeeper import nights
        from scorekeeper.words import night as night_words

        if night is None:
            raise errors.UsageError(_("--round needs --night: name the night the game belongs to"))
        with desk.store(writing=True) as db:
            kept, game = nights.create_in_night(db, desk.home(), night, round_, ruleset, players, dealer, name,
                                                location, scorer, list(set_))  # fmt: skip
        said.say(replies.started(game))
        said.say(night_words.joined_text(kept, game))
    else:
        with desk.store(writing=True) as db:
            game = table.create(db, desk.home(), ruleset, players, dealer, name, location, scorer, list(set_),
                                tuple(sides or ()))  # fmt: skip
        said.say(replies.started(game, in_turn=desk.in_turn, on_page=desk.on_page))
    said.game_id = game.id
    return said


def seat(desk: Desk, players: str, rounds: int, ruleset: str, tables: int | None = None, seed: int | None = None,
         night: str | None = None, hands: int | None = None, as_json: bool = False) -> Said:  # fmt: skip
    """Seat everyone for every round of a club night (kept as the night's with `night`)."""
    import secrets

    from scorekeeper import nights, table
    from scorekeeper.core import club_seating
    from scorekeeper.words import night as night_words

    roster = table.parse_players(players)
    rules = nights.night_rules(desk.home(), ruleset, hands)
    chosen = secrets.randbelow(1_000_000) if seed is None else seed
    if rules.partners:
        seating = club_seating.seat_partners(roster, rounds, tables, chosen)
    else:
        seating = club_seating.seat(roster, rounds, rules.low, rules.high, tables, chosen)
    kept = None
    if night is not None:
        with desk.store(writing=True) as db:
            kept = nights.keep_seating(db, night, ruleset, chosen, seating, rules.hands)
    said = Said()
    if as_json:
        with worded_for(as_json):
            said.say_json(night_words.seating_data(seating, ruleset, chosen, rules.hands))
        return said
    said.say(night_words.seating_text(seating, ruleset, chosen, rules.hands))
    if kept is not None:
        said.say(
            _(
                "Kept as the seating of night {night}; start a round with `night start {night} --round 1`."
            ).format(night=kept.name)
        )
    return said


def night(desk: Desk, action: str, name: str, round_: int | None = None, table_: int | None = None,
          ruleset: str | None = None, location: str = "", set_: Sequence[str] = (), by: str | None = None,
          as_json: bool = False) -> Said:  # fmt: skip
    """A club night: start a round's games from its kept seating, or the room's leaderboard."""
    from scorekeeper import nights
    from scorekeeper.words import night as night_words

    said = Said()
    if action == "start":
        if round_ is None:
            raise errors.UsageError(
                _("name the round to start: `night start {night} --round 1`").format(night=name)
            )
        with desk.store() as db:
            kept, started = nights.start_round(
                db, desk.home(), name, round_, table_, ruleset, location, "", list(set_)
            )
        said.say(night_words.started_text(kept, round_, started))
    elif action == "standings":
        if by not in (None, "places", "score"):
            raise errors.UsageError(
                _("--by {by} is not a way to rank; use --by places or --by score").format(by=by)
            )
        with desk.store() as db, worded_for(as_json):
            data = nights.standings(db, name, by)  # type: ignore[arg-type]
        said.say_data(data, as_json, night_words.standings_text)
    else:
        raise errors.UsageError(
            _(
                "'{action}' is not something `night` does; use `night start NAME --round K` or `night standings NAME`"
            ).format(action=action)
        )
    return said


def games(desk: Desk, every: bool = False) -> Said:
    """The newest games in the store (every one with `every`), the current one marked."""
    from scorekeeper import table
    from scorekeeper.words import reports

    with desk.store() as db:
        listed, more = table.games(db, every)
    said = Said()
    said.say(reports.games_text(listed, more))
    return said


def use(desk: Desk, game: str) -> Said:
    """Make another game the current one."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        gid = table.use(db, game)
        name = table.load(db, gid).name
    said = Said(made_current=True)
    said.say(replies.now_current(gid, name))
    return said


def status(desk: Desk, game: str | None = None, as_json: bool = False) -> Said:
    """The hand in progress: dealer, cards, trump, who leads, what is still to record."""
    from scorekeeper import table
    from scorekeeper.words import reports

    with desk.store() as db:
        state = table.load(db, table.resolve_game(db, game))
    said = Said()
    if as_json:
        with worded_for(as_json):
            said.say_json(reports.status_data(state))
    else:
        said.say(reports.status_text(state, in_turn=desk.in_turn, on_page=desk.on_page))
        said.say(latest_backup_text(desk))
    return said


def latest_backup_text(desk: Desk) -> str:
    """The latest backup in the store's folder and how long ago it was taken, in words."""
    from scorekeeper.storage import backups
    from scorekeeper.words import audit

    latest = backups.latest(desk.store_folder())
    return audit.backup_text(latest, backups.age_text(latest.taken) if latest is not None else "")


def standings(desk: Desk, game: str | None = None, as_json: bool = False, chart: bool = False) -> Said:
    """Scores, places, forfeits, and the winner once the game is over."""
    from scorekeeper import table
    from scorekeeper.core import identity
    from scorekeeper.words import reports

    with desk.store() as db:
        gid = table.resolve_game(db, game)
        state, head = table.load(db, gid), db.head(gid)
    said = Said()
    if as_json:
        with worded_for(as_json):
            data = reports.standings_data(state)
            if chart:
                from scorekeeper.sheets import score_sheet

                data["running"] = score_sheet.running_json(state)
            said.say_json(data)
        return said
    said.say(reports.standings_text(state))
    said.say(_("Chain digest: {digest}").format(digest=identity.short(head)))
    if chart:
        from scorekeeper.sheets import charts, score_sheet

        said.say("\n" + _("Running totals after each hand:"))
        said.say(charts.terminal(state.roster, score_sheet.build(state, []).plotted(), departed=state.left))
    return said


def label(desk: Desk, name: str | None = None, location: str | None = None, scorer: str | None = None,
          game: str | None = None) -> Said:  # fmt: skip
    """Set or change the game's name, location and scorer (an entry of its own)."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        gid = table.resolve_game(db, game)
        state = table.label(db, gid, name, location, scorer)
    said = Said(game_id=gid)
    said.say(replies.labelled(state))
    return said


def abandon(desk: Desk, game: str | None = None) -> Said:
    """Mark the game abandoned; `undo` takes it back."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        gid = table.resolve_game(db, game)
        state = table.abandon(db, gid)
    said = Said(game_id=gid)
    said.say(replies.abandoned(state))
    return said
