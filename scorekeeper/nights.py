"""The club night service: a night's own record in the store (its kept seating, the games it
holds), starting a round's games from the seating or a game by hand as part of a night, and
the room's leaderboard, read from each game's outcome as cached under its chain head (a game
is replayed only when an entry was added to it since). Front ends call these."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.core import club_night, errors, names
from scorekeeper.core.language import N_, _

if TYPE_CHECKING:
    from scorekeeper.core import club_seating, engine
    from scorekeeper.storage import store

def check_name(text: str) -> str:
    from scorekeeper.core import plain

    name = plain.check(N_("the night's name"), text.strip())
    if not name:
        raise errors.UsageError(_("the night's name is empty; give one, e.g. --night Friday"))
    return name


def player_range(home: Path | None, ruleset: str) -> tuple[int, int]:
    """The fewest and most players at a table of the named ruleset."""
    found = night_rules(home, ruleset, None)
    return found.low, found.high


PROGRESSIVE_HANDS = 8  # a round of a progressive night, where RULES.md §7 leaves it to the night


class NightRules(NamedTuple):
    """What seating a night needs of its ruleset: the fewest and most players at a table,
    whether they play as partners, and the hands each game plays (None: the ruleset's own end)."""

    low: int
    high: int
    partners: bool
    hands: int | None


def night_rules(home: Path | None, ruleset: str, hands: int | None) -> NightRules:
    """The named ruleset as a night plays it: `hands` (None: not given) is checked as its
    `hands` option would be at `new`; a partnership ruleset with that option plays
    PROGRESSIVE_HANDS a round unless told otherwise (0: play to the ruleset's own end). (A
    ruleset with partners is for exactly 4: its file is refused otherwise.)"""
    from scorekeeper.core import rulesets
    from scorekeeper.storage import ruleset_files

    origin, text = ruleset_files.find(ruleset, home)
    document = rulesets.parse_document(origin, text)
    _resolved, _chosen, rules = rulesets.apply_options(origin, document, [])
    if hands is None and rules.partners and "hands" in rules.options:
        hands = PROGRESSIVE_HANDS
    if hands:
        rulesets.apply_options(origin, document, [f"hands={hands}"])  # refused as `new --set` would be
    return NightRules(rules.min_players, rules.max_players, rules.partners, hands or None)


def find(db: store.Store, text: str) -> club_night.Night:
    """The night a name names (case-insensitive; the name or a unique prefix of it)."""
    from scorekeeper.storage import night_chains

    known = {body.get("name", ""): night_id for night_id, body in night_chains.nights(db)}
    found = names.matching(text, list(known))
    if len(found) == 1:
        return load(db, known[found[0]])
    if found:
        from scorekeeper.core.alternatives import either

        raise errors.EntryError(_("'{text}' could be night {names}; give more of the name").format(text=text, names=either(found)))
    listed = ", ".join(known) or _("none yet")
    raise errors.EntryError(
        _("no night '{text}' in the store (nights: {nights}); `seat … --night NAME` keeps one").format(text=text, nights=listed)
    )


def _existing(db: store.Store, name: str) -> club_night.Night | None:
    from scorekeeper.storage import night_chains

    for night_id, body in night_chains.nights(db):
        if body.get("name", "").casefold() == name.casefold():
            return load(db, night_id)
    return None


def load(db: store.Store, night_id: str) -> club_night.Night:
    from scorekeeper.storage import night_chains

    stored = night_chains.night_events(db, night_id)
    try:
        return club_night.replay(night_id, [e.body for e in stored])
    except Exception as exc:  # a chain rebuilt by hand can hold what no command writes
        raise errors.StoreError(
            _(
                "night {night}'s record holds entries this scorekeeper does not write ({problem}); "
                "run `verify`, and restore the store from a backup"
            ).format(night=night_id, problem=type(exc).__name__)
        ) from None


def keep_seating(
    db: store.Store, name: str, ruleset: str, seed: int, seating: club_seating.Seating, hands: int | None = None
) -> club_night.Night:
    """Keep a seating as the night's (opening the night if it is new), with the hands each of
    its games plays (None: the ruleset's own end); refused once a game has been started from
    the night's seating."""
    from scorekeeper.storage import night_chains

    name = check_name(name)
    night = _existing(db, name)
    if night is not None and any(g.round is not None for g in night.games):
        raise errors.RuleViolation(
            _("night {night} has games started from its seating; keep this seating under another night's name").format(
                night=night.name
            )
        )
    night_id = night.id if night is not None else secrets.token_hex(16)
    seated = club_night.NightSeated(
        ruleset=ruleset, seed=seed, hands=hands,
        rounds=[club_night.SeatedRound(tables=tables, out=out) for tables, out in seating.rounds],
    )  # fmt: skip
    with night_chains.night_writing(db, night_id) as writer:
        if night is None:
            writer.append(club_night.NightOpened(name=name).data())
        writer.append(seated.data())
    return load(db, night_id)


def start_round(
    db: store.Store, home: Path | None, name: str, round_: int, table_: int | None,
    ruleset: str | None, location: str, scorer: str, settings: list[str],
) -> tuple[club_night.Night, list[tuple[int, engine.Game]]]:  # fmt: skip
    """Start one game per table of round `round_` of the night's seating (only table `table_`
    if given), each named "NIGHT · round K · table T", all in one transaction: (the night,
    [(table, game)])."""
    from scorekeeper import table
    from scorekeeper.core import engine
    from scorekeeper.storage import night_chains

    night = find(db, name)
    if night.seating is None:
        raise errors.EntryError(
            _("night {night} has no seating kept; run `seat … --night {night}` first").format(night=night.name)
        )
    rounds = night.seating.rounds
    if not 1 <= round_ <= len(rounds):
        raise errors.UsageError(
            _("night {night} is seated for rounds 1-{rounds}; there is no round {round}").format(
                night=night.name, rounds=len(rounds), round=round_
            )
        )
    tables = rounds[round_ - 1].tables
    if table_ is not None and not 1 <= table_ <= len(tables):
        raise errors.UsageError(
            _("round {round} of night {night} has tables 1-{tables}; there is no table {table}").format(
                round=round_, night=night.name, tables=len(tables), table=table_
            )
        )
    wanted = [table_] if table_ is not None else list(range(1, len(tables) + 1))
    waiting = [t for t in wanted if night.game_at(round_, t) is None]
    if not waiting:
        started = night.game_at(round_, wanted[0])
        assert started is not None
        said = (
            _(
                "table {table} of round {round} of night {night} is already started (game {game}…); "
                "`night standings {night}` lists the games"
            )
            if table_ is not None
            else _(
                "every table of round {round} of night {night} is already started (game {game}…); "
                "`night standings {night}` lists the games"
            )
        )
        raise errors.RuleViolation(said.format(table=table_, round=round_, night=night.name, game=started.game[:8]))
    played = ruleset or night.seating.ruleset
    if night.seating.hands and played == night.seating.ruleset:  # the night's round length; a --set hands wins
        settings = [f"hands={night.seating.hands}", *settings]
    made = []
    for t in waiting:
        event = table.start_event(
            home, played, ",".join(tables[t - 1]), None,
            club_night.game_name(night.name, round_, t), location, scorer, settings,
        )  # fmt: skip
        made.append((t, event))
    with night_chains.night_writing(db, night.id) as writer:
        for t, event in made:
            writer.start_game(event.game_id, event.data())
            writer.append(club_night.NightGame(game=event.game_id, round=round_, table=t).data())
    return load(db, night.id), [(t, engine.start(event)) for t, event in made]


def create_in_night(
    db: store.Store, home: Path | None, night_name: str, round_: int | None, ruleset: str, players: str,
    dealer: str | None, name: str, location: str, scorer: str, settings: list[str],
) -> tuple[club_night.Night, engine.Game]:  # fmt: skip
    """`new … --night NAME`: a game started as part of a night (opened now if no night has
    that name), made current."""
    from scorekeeper import table
    from scorekeeper.core import engine
    from scorekeeper.storage import night_chains

    night_name = check_name(night_name)
    if round_ is not None and round_ < 1:
        raise errors.UsageError(_("rounds are numbered from 1; {round} is not a round").format(round=round_))
    night = _existing(db, night_name)
    title = name or (f"{night.name if night else night_name} · round {round_}" if round_ else (night.name if night else night_name))
    event = table.start_event(home, ruleset, players, dealer, title, location, scorer, settings)
    night_id = night.id if night is not None else secrets.token_hex(16)
    with night_chains.night_writing(db, night_id) as writer:
        if night is None:
            writer.append(club_night.NightOpened(name=night_name).data())
        writer.start_game(event.game_id, event.data())
        writer.append(club_night.NightGame(game=event.game_id, round=round_).data())
        db.set_current_game(event.game_id)  # in the same transaction
    return load(db, night_id), engine.start(event)


# --- the leaderboard ------------------------------------------------------------------------


def standings(db: store.Store, name: str, by: club_night.By | None = None) -> dict[str, Any]:
    """The night's leaderboard as JSON data (see club_night.leaderboard); unless `by` says,
    ranked as club_night.ranked_by chooses."""
    night = find(db, name)
    ids = [g.game for g in night.games]
    from scorekeeper import night_outcomes

    found, titles = night_outcomes.read(db, ids)
    return club_night.leaderboard(night, found, titles, by or club_night.ranked_by(night, found))
