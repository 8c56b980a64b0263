"""The application service: everything a front end (the command line, `play`, the live
page) does to the store, each written once: which game a text means and the list of games;
replaying a stored game (`replay`, `load`: the one place it is done); recording an entry
(under the store's write lock: replay, build, judge, append), a correction of a closed
hand, an undo or an abandon; starting and importing a game; and the audit (a game's
history, `verify`, a sheet's digest). Front ends parse what was typed, call these, and
print what words/ says about the result."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.core import engine, errors, events, names, rulesets, schedule, scoring, state
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.results import CachesChecked, Imported, Listed, Recorded, Undone

if TYPE_CHECKING:
    from scorekeeper.storage import chain, chain_writer, league, states, store


def parse_players(text: str) -> list[str]:
    """Names in clockwise seating order, comma-separated; unique, non-empty, plain."""
    given = [name.strip() for name in text.split(",")]
    if any(not name for name in given):
        raise errors.EntryError(_("a player name is empty; write --players Ann,Bob,Cat"))
    from scorekeeper.core import plain

    seen: dict[str, str] = {}
    for name in given:
        names.entered_name(name)
        read = plain.reading(name)  # `Ann` and `ANN`, or `Ann` and `Ａnn`, are one name at a table
        if read in seen:
            raise errors.EntryError(
                _("{player} and {other} are the same name; give each player a different one").format(
                    player=seen[read], other=name
                )
            )
        seen[read] = name
    return given


def new_event(
    origin: str,
    document: dict,
    players_text: str,
    dealer: str | None,
    name: str,
    location: str,
    scorer: str,
    settings: list[str],
    sides: Sequence[str] = (),
) -> events.GameStarted:
    from scorekeeper.core import plain

    players = parse_players(players_text)
    for what, text in ((N_("the game's name"), name), (N_("the location"), location), (N_("the scorer"), scorer)):
        plain.check(what, text)
    resolved, chosen, ruleset = rulesets.apply_options(origin, document, settings)
    schedule.check_players(ruleset, len(players))
    event = events.GameStarted(
        game_id=secrets.token_hex(16),  # 128 bits: two games never share an id by chance
        ruleset=resolved,
        options=chosen,
        players=players,
        dealer=players[0],
        name=name,
        location=location,
        scorer=scorer,
        sides=side_names(sides, players, ruleset) if sides else [],
    )
    if dealer is not None:
        first = engine.start(event)
        event = event.model_copy(update={"dealer": first.player(dealer)})
    return event


def side_names(given: Sequence[str], players: list[str], ruleset: rulesets.Ruleset) -> list[str]:
    """The sides' names from `--sides NAME=A,B NAME=C,D`, by side (the 1st player's first); each
    must name partners as they sit: the 1st and 3rd players, the 2nd and 4th."""
    if not ruleset.partners:
        raise errors.UsageError(_("{ruleset} is not played by sides; leave --sides out").format(ruleset=ruleset.name))
    count = len(players) // 2
    seated = [[players[seat] for seat in range(first, len(players), count)] for first in range(count)]
    named: dict[int, str] = {}
    for text in given:
        name, sep, members = text.partition("=")
        name = name.strip()
        chosen = [p for m in members.split(",") for p in players if p.casefold() == m.strip().casefold()]
        side = next((i for i, side in enumerate(seated) if sorted(side) == sorted(chosen)), None)
        if not sep or not name or side is None:
            raise errors.UsageError(
                _(
                    "--sides {given}: name each side by its players as they sit, partners opposite, "
                    "e.g. --sides \"Us={first}\" \"Them={second}\""
                ).format(given=text, first=",".join(seated[0]), second=",".join(seated[1]))
            )
        names.player_name(name)
        named[side] = name
    if len(named) != len(seated) or len(set(named.values())) != len(seated):
        raise errors.UsageError(
            _("--sides: give each side once, with a name of its own, e.g. --sides \"Us={first}\" \"Them={second}\"").format(
                first=",".join(seated[0]), second=",".join(seated[1])
            )
        )
    return [named[i] for i in range(len(seated))]


# --- which game, and the game it is ----------------------------------------------------


def _no_current_game(games: int) -> str:
    """Why no game is acted on: none in the store, or none made current (a night's tables,
    started together, none of them before the others)."""
    if not games:
        return _("no game yet; start one with `new RULESET --players A,B,C`")
    return ngettext(
        "no game is current, though the store holds {count} game; choose it with `use ID` (`games` lists it), "
        "or pass --game ID",
        "no game is current, though the store holds {count} games (a night's tables, say); choose one with "
        "`use ID` (`games` lists them), or pass --game ID",
        games,
    ).format(count=games)


def resolve_game(db: store.Store, chosen: str | None) -> str:
    """The game a command acts on: `chosen` (an id or a name, or a unique prefix of one), else
    the game $SCOREKEEPER_GAME pins this terminal to, else the current game."""
    if chosen is None and os.environ.get("SCOREKEEPER_GAME", "").strip():
        pinned = os.environ["SCOREKEEPER_GAME"].strip()
        try:
            return resolve_game(db, pinned)
        except errors.EntryError:
            if pinned in [g.id for g in db.games()]:
                raise
            raise errors.EntryError(
                _(
                    "SCOREKEEPER_GAME names no game '{game}' in the store; `games` lists them, "
                    "or unset it to use the current game"
                ).format(game=pinned)
            ) from None
    if chosen is None:
        current = db.current_game()
        if current is None:
            raise errors.EntryError(_no_current_game(len(db.games())))
        if not db.head(current):
            raise errors.StoreError(
                _(
                    "the current game {game} is not in the store (the store was damaged or edited); "
                    "choose one with `use ID` (`games` lists them)"
                ).format(game=current)
            )
        return current
    listed = db.games()
    matches = names.matching(chosen, [g.id for g in listed], fold=str)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise errors.EntryError(_("'{text}' could be {ids}; give more of the id").format(text=chosen, ids=", ".join(matches)))
    return _by_name(db, chosen)


def _by_name(db: store.Store, chosen: str) -> str:
    """The game a name names (case-insensitive; the name or a unique prefix of it), from the
    facts the store keeps of each game."""
    named: dict[str, str] = {}
    rows = db.game_names()
    learned = {gid: name for gid, _head, _going, name in learn_facts(db, [g for g, name in rows if name is None])}
    for game, name in rows:
        name = learned[game.id] if name is None else name
        if name:
            named[game.id] = name
    found = names.matching(chosen, dict.fromkeys(named.values()))
    ids = [i for i, name in named.items() if name in found]
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise errors.EntryError(_("no game '{text}' in the store; `games` lists them").format(text=chosen))
    if len(found) == 1:
        # TRANSLATORS: always two or more games
        raise errors.EntryError(
            _("{count} games are named '{name}'; give the id ({ids})").format(count=len(ids), name=found[0], ids=", ".join(ids))
        )
    from scorekeeper.core.alternatives import either

    raise errors.EntryError(_("'{text}' could be {names}; give more of the name").format(text=chosen, names=either(found)))


def learn_facts(db: store.Store, listed: list[chain.GameSummary]) -> list[tuple[str, str, bool, str]]:
    """(game id, chain head, in progress, name) of games whose facts the store does not know
    (Store.games_in_progress): from the summaries `stats` keeps, replaying a game only if it
    changed since, and kept in the store for the next command."""
    if not listed:
        return []
    from scorekeeper import stats

    rows = [(game.id, game.head, *_facts_of_summary(s)) for game, s in zip(listed, stats.summaries(db, games=listed), strict=True)]
    db.put_facts(rows)
    return rows


def _facts_of_summary(summary: dict) -> tuple[int, str]:
    return int(not (summary["finished"] or summary["abandoned"])), summary["name"]


def facts(game: engine.Game) -> tuple[bool, str]:
    """What the other games' entries need to know of this one: in progress, and its name."""
    return not (game.finished or game.abandoned), game.name


SHOWN_GAMES = 20  # `games` without --all: the newest, as many as a terminal shows at a glance


def games(db: store.Store, every: bool = False) -> tuple[list[Listed], int]:
    """The newest games in the store (`every`: all of them), oldest first, and how many older
    ones were left out; from the summaries `stats` keeps: a game is replayed only if it
    changed since they were last read."""
    from scorekeeper import stats

    listed = db.games() if every else db.newest_games(SHOWN_GAMES)
    more = 0 if every else db.game_count() - len(listed)
    return _listed(listed, stats.summaries(db, games=listed), db.current_game()), more


def _listed(games: list[chain.GameSummary], summaries: list[dict], chosen: str | None) -> list[Listed]:
    return [
        Listed(
            game.id, s["ruleset"], s["players"], s["finished"], s["hands"], game.created_at,
            game.id == chosen, s["name"], s["abandoned"],
        )
        for game, s in zip(games, summaries, strict=True)
    ]  # fmt: skip


def use(db: store.Store, chosen: str) -> str:
    """Make the game `chosen` names (an id or a name, or a unique prefix of one) the current
    one; its id."""
    game_id = resolve_game(db, chosen)
    db.set_current_game(game_id)
    return game_id


def replay(stored: Sequence[chain.StoredEvent]) -> engine.Game:
    """The game a stored log makes: its entries parsed and replayed, reversals honoured."""
    return engine.from_log([e.body for e in stored])


# Entries that re-tell the game (an undo, a correction, a deal out of turn, an abandon): a
# state kept before one is not taken up past it.
RETELLING = (events.EntryReversed, events.Corrected, events.DealerSet, events.GameAbandoned, events.GameStarted)


def resumed(kept: states.Kept | None, writer: chain_writer.GameWriter) -> tuple[engine.Game, bool]:
    """The game as its stored entries make it, under the writer's lock (see
    Store.writing_from), and whether it was taken up from the state kept: that state, at the
    writer's first entry, with the entries recorded since applied to it, where they are all
    plain entries (see RETELLING); else replayed from the whole log."""
    if kept is not None and writer.offset == kept.n:
        since = events.parse_all([e.body for e in writer.events[1:]])
        if not any(isinstance(e, RETELLING) for e in since):
            game = kept.game
            try:
                for stored, event in zip(writer.events[1:], since, strict=True):
                    engine.apply(game, event)
                    game.entries.append((stored.n, event))
                return game, True
            except errors.ScorekeeperError:
                pass  # not for entries the engine took once; replayed below to be sure
    return replay(writer.full_events()), False


def load(db: store.Store, game_id: str) -> engine.Game:
    """The game as it stands in the store (read-only: nothing is locked or written)."""
    return replay(db.events(game_id))


class Seen(NamedTuple):
    """A game at one chain head: its stored entries and the game they make."""

    game_id: str
    stored: list[chain.StoredEvent]
    game: engine.Game

    @property
    def head(self) -> str:
        return self.stored[-1].hash if self.stored else ""


class AtHead:
    """One game as the store holds it at its chain head, kept by a long-lived front end
    (`play`, the phone's server) from one read to the next. `read` takes it up again only
    when the head has moved, and takes the game an entry just made (Recorded, Undone) as it
    is when that entry is the one stored since. Never trusted past the head it was read at;
    what it has seen (`seen`) is replaced, never changed, so a reader may keep it."""

    def __init__(self) -> None:
        self.seen: Seen | None = None

    def forget(self) -> None:
        self.seen = None

    def read(self, db: store.Store, game_id: str, made: Recorded | Undone | None = None) -> list[chain.StoredEvent] | None:
        """Bring `seen` up to the game's head in the store. The entries stored since the last
        read of the same game, less `made`'s own ([] if none); None when it is another game,
        or the first read."""
        seen = self.seen
        if seen is None or seen.game_id != game_id:
            stored = db.events(game_id)
            self.seen = Seen(game_id, stored, replay(stored))
            return None
        head = db.head(game_id)
        if head == seen.head:
            return []
        entry = made.entry if made is not None and made.game.id == game_id else None
        if entry is not None and entry.hash == head and entry.prev == seen.head:
            self.seen = Seen(game_id, [*seen.stored, entry], made.game)  # type: ignore[union-attr]
            return []
        stored = db.events(game_id)
        self.seen = Seen(game_id, stored, replay(stored))
        return [e for e in stored[len(seen.stored) :] if entry is None or e.hash != entry.hash]


def shared_label(db: store.Store, game_id: str, game: engine.Game) -> str | None:
    """How a confirmation names its game when another game in the store is in progress too
    (two tables sharing a store), so an entry that went to the wrong table shows; else None.
    Reads the facts kept of the games in progress only, however many games have finished."""
    going, unknown = db.games_in_progress(game_id)
    if not going and not any(in_progress for _id, _head, in_progress, _name in learn_facts(db, unknown)):
        return None
    return game.name or _("Game {game}").format(game=game_id[:8])


# --- the audit --------------------------------------------------------------------------


def history(db: store.Store, game_id: str) -> tuple[list[chain.StoredEvent], str]:
    """A game's entries as stored, and its chain head as the games table records it."""
    return db.events(game_id), db.head(game_id)


def verify(db: store.Store) -> int:
    """Recompute every game's hash chain: the number of games, or a StoreError naming each
    game's first entry that does not match."""
    from scorekeeper.storage import night_chains

    problems = db.verify() + night_chains.verify_nights(db)
    if problems:
        raise errors.StoreError("; ".join(problems))
    return len(db.games())


def verify_beside_chain(db: store.Store, every: bool = False) -> CachesChecked:
    """Check what lives beside the chains (call once they verify): the append-only triggers
    and the current-game pointer (a StoreError naming what is wrong), then the caches, which
    are rebuilt where they do not match: the summaries `games`, `stats` and `ratings` read, the
    placings `ratings` reads and the outcomes a night reads (a game is replayed where its row
    was cached at another head or is damaged; with `every`, every game is), and the facts each
    entry reads of the other games, compared with the summaries (a game they disagree on is
    replayed to settle it); and the seals of the game states kept between commands (one that
    does not check out is never used, and is counted). Every game is listed as `games --all`
    lists it, from the summaries as checked, for `lookalike_games`."""
    problems = db.check_beside_chain()
    if problems:
        raise errors.StoreError("; ".join(problems))
    from scorekeeper import night_outcomes, ratings, stats

    check = stats.repair_cache(db, every)
    heads = {g.id: g.head for g in db.games()}
    trusted = db.facts_kept()  # else their triggers were dropped: every row is rebuilt
    kept = db.all_facts() if trusted else {}
    suspects = [gid for gid in _facts_wrong(kept, heads, check.summaries) if gid in heads]
    if suspects and not every:  # replay the games they disagree on, to settle which is right
        settled = stats.repair_cache(db, suspects=suspects)
        check = check._replace(summaries=settled.summaries, rebuilt=check.rebuilt + settled.rebuilt)
    wrong = _facts_wrong(kept, heads, check.summaries) if trusted else list(heads)
    if wrong:
        db.reset_facts()
    if wrong or any(row is None or row[1] != heads.get(gid) or row[2] is None for gid, row in kept.items()):
        db.put_facts((gid, heads[gid], *_facts_of_summary(s)) for gid, s in check.summaries.items())
    from scorekeeper.storage import states

    # the placings `ratings` caches and the outcomes a night reads, checked as the summaries are
    placed, outcomes = ratings.repair_cache(db, every), night_outcomes.repair_cache(db, every)
    rebuilt = check.rebuilt + placed.rebuilt + outcomes.rebuilt
    others = placed.replayed + outcomes.replayed
    games = [g for g in db.games() if g.id in check.summaries]  # not one begun meanwhile
    listed = tuple(_listed(games, [check.summaries[g.id] for g in games], db.current_game()))
    return CachesChecked(check.replayed, check.compared, rebuilt, len(wrong), every, states.unchecked(db), others, listed)


def _facts_wrong(kept: dict, heads: dict[str, str], truth: dict[str, dict]) -> list[str]:
    """The games whose facts are known at the game's head but disagree with `truth`, are
    missing, or belong to no game. (Facts at another head are stale, not wrong: no reader
    uses them; they are worked out again.)"""
    return [
        gid for gid, row in kept.items()
        if row is None or (summary := truth.get(gid)) is None
        or (row[2] is not None and row[1] == heads[gid] and (row[2], row[3]) != _facts_of_summary(summary))
    ]  # fmt: skip


def digests_game(db: store.Store, chosen: str | None) -> str | None:
    """The game digests are checked against: `chosen`, else the game being played (see
    resolve_game); None if the store has no current game."""
    try:
        return resolve_game(db, chosen)
    except errors.EntryError:
        if chosen is not None:
            raise
        return None


def lookalike_games(listed: Iterable[Listed]) -> list[list[Listed]]:
    """Games (as `games --all` lists them: `verify_beside_chain` gives them, from the summaries
    it checked) that show the table the same name, players and start (to the minute): each
    group of two or more. A table plays a game once, so one of each group is likely a copy of
    another; only a digest written down tells which."""
    groups: dict[tuple, list[Listed]] = {}
    for game in listed:
        groups.setdefault((game.name, tuple(game.players), game.started[:16]), []).append(game)
    return [group for group in groups.values() if len(group) > 1]


def find_digest(db: store.Store, digest: str) -> tuple[str, int, int]:
    """The entry a printed sheet's chain digest names: its game, its position and how many
    entries that game has. Call it once the store's chains verify. A digest no entry has
    means the sheet did not come from this store, or the entries it covers were rewritten:
    the store is not what the sheet says (StoreError, exit 3)."""
    wanted = digest.strip().lower()
    if len(wanted) < 12 or any(c not in "0123456789abcdef" for c in wanted):
        raise errors.UsageError(
            _(
                "'{digest}' is not a chain digest; give the hex text after 'Chain digest:' on the sheet "
                "(at least its first 12 characters)"
            ).format(digest=digest)
        )
    found = [
        (game.id, entry.n, len(stored))
        for game in db.games()
        for stored in [db.events(game.id)]
        for entry in stored
        if entry.hash.startswith(wanted)
    ]
    if not found:
        raise errors.StoreError(
            _(
                "no entry in this store has the digest {digest}…: the sheet was not printed from this "
                "store, or the entries it covers have been rewritten"
            ).format(digest=wanted[:12])
        )
    if len(found) > 1:
        # TRANSLATORS: always two or more entries
        raise errors.UsageError(
            _("{count} entries have a digest starting {digest}; give more of it").format(count=len(found), digest=wanted)
        )
    return found[0]


# --- entries ---------------------------------------------------------------------------


def record(
    db: store.Store,
    game_id: str,
    build: Callable[[engine.Game], events.AnyEvent],
    hand: int | None = None,
) -> Recorded:
    """Build an entry against the game as it stands, let the engine judge it, and append it,
    all under the store's write lock; nothing is written if anything refuses.

    With `hand`, the entry is for that hand: on the hand in progress it is an ordinary
    entry; on a closed hand it is a correction, judged by replaying the whole game
    with it in place: refused, naming the entry, if any later entry no longer fits. A renege
    built for a closed hand (a revoke flagged by a hand's last trick, or confirmed after the
    game's end) is such a correction too: its penalty counts in that hand."""
    from scorekeeper.storage import states

    kept = states.load(db, game_id)
    with db.writing(game_id) if kept is None else db.writing_from(game_id, kept.n, kept.head) as writer:
        game, taken_up = resumed(kept, writer)
        if game.abandoned:
            raise engine.abandoned()
        if hand is None:
            event = build(game)
        else:
            number = _hand_number(game, hand)
            dealt = game.hands[number - 1]
            event = build(state.DealtIn(game, dealt) if dealt.closed else game)  # type: ignore[arg-type]
            event = event.model_copy(update={"hand": number})
        target = game.hands[event.hand - 1] if isinstance(event, events.HandEvent) and event.hand <= len(game.hands) else None
        corrects = target is not None and target.closed and (
            hand is not None or isinstance(event, events.RenegeRecorded)
        )
        if corrects:
            from scorekeeper.core import corrections

            event = events.Corrected(fact=corrections.named_as_then(event, game.renames))
        if corrects or isinstance(event, events.DealerSet):
            after = _retold(events.parse_all([e.body for e in writer.full_events()]), event)
            went_to = after.hands[event.hand - 1]
        else:
            from scorekeeper.core import entries

            went_to, after = game.hand, game
            unchanged = None if game.finished else entries.unchanged(game, went_to, event)
            if unchanged is not None:
                raise errors.EntryError(unchanged)
            engine.apply(game, event)
        appended = writer.append(event.data())
        n = appended.n
        if after is game:
            game.entries.append((n, event))
        writer.keep_facts(*facts(after))
        # the state taken up serves the next entry too while it is only a few entries behind
        states.keep(writer, after, behind=len(writer.events) - 1 if taken_up and after is game else None)
    return Recorded(after, went_to, event, n, before=game if corrects else None, digest=appended.hash, entry=appended)


def _hand_number(game: engine.Game, number: int) -> int:
    """A hand `--hand` may name: one dealt so far."""
    if number < 1:
        raise errors.UsageError(_("hands are numbered from 1; {number} is not a hand").format(number=number))
    if number > len(game.hands):
        now = game.hand.number
        said = (
            _("hand {number} has not been dealt; hand {now} is the last hand of this game")
            if game.finished
            else _("hand {number} has not been dealt; hand {now} is in progress")
        )
        raise errors.EntryError(said.format(number=number, now=now))
    return number


def _retold(stored: list[events.AnyEvent], event: events.AnyEvent) -> engine.Game:
    """The game re-told with `event` (a correction, a dealer) in place: refused with the
    correction's own reason, or naming the later entry that no longer fits."""
    from scorekeeper.core import corrections

    try:
        return engine.replay([*stored, event])
    except corrections.NoLongerFits as exc:
        if exc.position == len(stored):
            raise exc.cause from None
        raise


def undo(db: store.Store, game_id: str) -> Undone:
    """Take back the game's last standing entry by appending its reversal, under the lock."""
    from scorekeeper.core import entries

    with db.writing(game_id) as writer:
        stored = events.parse_all([e.body for e in writer.events])
        reversal = entries.undo(engine.replay(stored))
        appended = writer.append(reversal.data())
        game = engine.replay([*stored, reversal])
        writer.keep_facts(*facts(game))
        from scorekeeper.storage import states

        states.keep(writer, game)
    return Undone(game, stored[reversal.target], reversal.target, appended.n, entry=appended)


def abandon(db: store.Store, game_id: str) -> engine.Game:
    """Mark a game abandoned: it stays in the store and its log, `stats` leaves it out, and
    `undo` takes it back."""
    with db.writing(game_id) as writer:
        game = replay(writer.events)
        if game.abandoned:
            raise errors.RuleViolation(_("this game is already abandoned; `undo` takes that back"))
        if game.finished:
            raise errors.RuleViolation(_("this game is over, so there is nothing to abandon"))
        writer.append(events.GameAbandoned().data())
        game.abandoned = True
        writer.keep_facts(*facts(game))
        from scorekeeper.storage import states

        states.keep(writer, game)
    return game


def label(db: store.Store, game_id: str, name: str | None, location: str | None, scorer: str | None) -> engine.Game:
    """Set or change the game's name, location and scorer: an entry of its own, so the log
    keeps it and `undo` takes it back. Refused, writing nothing, when it changes nothing."""
    from scorekeeper.core import plain

    given = {"name": name, "location": location, "scorer": scorer}
    if all(value is None for value in given.values()):
        raise errors.UsageError(_("say what to set: --name, --location or --scorer (e.g. --location \"Ann's kitchen\")"))
    what = {"name": N_("the game's name"), "location": N_("the location"), "scorer": N_("the scorer")}
    for field, value in given.items():
        if value is not None:
            given[field] = plain.check(what[field], value.strip())
    with db.writing(game_id) as writer:
        game = replay(writer.events)
        if all(value is None or getattr(game, field) == value for field, value in given.items()):
            raise errors.EntryError(_("the game is already labelled so; nothing to change"))
        event = events.GameLabelled(**given)
        writer.append(event.data())
    engine.label(game, event)
    return game


# --- whole games -----------------------------------------------------------------------


def create(db: store.Store, home: Path | None, ruleset_name: str, players: str, dealer: str | None,
           name: str, location: str, scorer: str, settings: list[str], sides: Sequence[str] = ()) -> engine.Game:  # fmt: skip
    """Record a new game in the store and make it current."""
    event = start_event(home, ruleset_name, players, dealer, name, location, scorer, settings, sides)
    game = engine.start(event)
    with db.writing(event.game_id, new=True) as writer:
        writer.append(event.data())
        writer.keep_facts(*facts(game))
        db.set_current_game(event.game_id)  # in the same transaction: both, or neither
    return game


def start_event(home: Path | None, ruleset_name: str, players: str, dealer: str | None,
                name: str, location: str, scorer: str, settings: list[str],
                sides: Sequence[str] = ()) -> events.GameStarted:  # fmt: skip
    """The first entry of a new game of the named ruleset, checked, not yet stored."""
    from scorekeeper.storage import ruleset_files

    origin, text = ruleset_files.find(ruleset_name, home)
    document = rulesets.parse_document(origin, text)
    return new_event(origin, document, players, dealer, name, location, scorer, settings, sides)


def import_files(db: store.Store, paths: Sequence[Path]) -> Imported:
    """Bring games from JSON score sheets and other store files into the store, all or none
    (see storage/league.py): every chain verified, every game replayed into a valid game (and a
    sheet's printed part checked against it), a game already here skipped, a longer copy of one
    appended to it, and two copies of one game that part ways refused. Which game is current
    changes only as `made_current` says. Summaries are kept for `stats` and `ratings` at once, since every game has
    just been replayed anyway."""
    from scorekeeper import ratings, stats
    from scorekeeper.storage import league

    copies = [copy for path in paths for copy in league.read(path)]
    replayed = {id(copy): _replayed_copy(copy) for copy in copies if copy.sheet is not None}
    for copy in copies:
        if copy.sheet is not None:
            compare_sheet(Path(copy.source), copy.sheet, replayed[id(copy)])
    chosen = league.plan(copies, db)
    taken = [replayed.get(id(copy)) or _replayed_copy(copy) for copy in chosen.take]
    added = [game.id for game in taken if game.id not in chosen.extends]
    current = made_current(paths, copies, [c for c in chosen.take if c.events[0].game_id in added], db.current_game())
    db.take_chains([copy.events for copy in chosen.take], make_current=current)
    for copy, game in zip(chosen.take, taken, strict=True):
        stats.remember(db, game, copy.events[-1].hash)
        ratings.remember(db, game, copy.events[-1].hash)
    db.put_facts([(game.id, copy.events[-1].hash, *facts(game)) for copy, game in zip(chosen.take, taken, strict=True)])
    return Imported(
        added=[g for g in taken if g.id in added],
        extended=[(g, len(c.events) - chosen.extends[g.id]) for c, g in zip(chosen.take, taken, strict=True) if g.id in chosen.extends],
        present=[copy.events[0].game_id for copy in chosen.present],
        files=len(paths),
        current=current,
    )


def made_current(
    paths: Sequence[Path], copies: list[league.Copy], added: list[league.Copy], current: str | None
) -> str | None:
    """The game an import makes current, or None to leave the current game alone. `import FILE`
    of one JSON sheet makes its new game current (CLI.md). Store files, and several files at
    once, hold a league's games in no meaningful order: they never change the current game, so
    every laptop keeps its own and any order of files gives the same store. A store with no
    current game gets the added game that started last (the newest, as `games` lists them)."""
    if len(paths) == 1 and len(copies) == 1 and copies[0].sheet is not None and added:
        return added[0].events[0].game_id
    if current is None and added:
        return max((copy.events[0].at, copy.events[0].game_id) for copy in added)[1]
    return None


def compare_sheet(path: Path, data: dict[str, Any], game: engine.Game) -> None:
    """Refuse a sheet (storage.transfer.read) whose header, standings or hands' points differ
    from what its entries score (`game`). Only what the entries decide is compared, so a later scorekeeper that
    adds fields to the sheet still imports an older one."""
    header = {
        "name": (game.name, N_("{file} was altered: its game name is not the one its entries record; nothing was imported")),
        "location": (
            game.location,
            N_("{file} was altered: its location is not the one its entries record; nothing was imported"),
        ),
        "scorer": (game.scorer, N_("{file} was altered: its scorer is not the one its entries record; nothing was imported")),
        "players": (
            game.roster,
            N_("{file} was altered: its players are not the ones its entries record; nothing was imported"),
        ),
    }
    from scorekeeper.words import reports

    for key, (value, message) in header.items():
        if data.get(key) != value:
            raise errors.StoreError(_(message).format(file=path))
    if _sheet_scores(data.get("standings")) != _sheet_scores(reports.standings_data(game)):
        raise errors.StoreError(
            _("{file} was altered: its standings are not what its entries score; nothing was imported").format(file=path)
        )
    listed = data.get("hands") if isinstance(data.get("hands"), list) else []
    shown = [hand for hand in game.hands if hand.closed or hand.anything_recorded()]  # the hands a sheet lists
    # each player under the name they had in the hand; a sheet written before that was so
    # filed every hand under the seat's name now
    scored = [
        {game.called(p, hand.number): scoring.points_json(v) for p, v in hand.points(hand.seating).items()}
        for hand in shown
    ]
    scored_now = [{p: scoring.points_json(v) for p, v in hand.points(hand.seating).items()} for hand in shown]
    if [_sheet_with_starts(h) for h in listed] not in (scored, scored_now):
        raise errors.StoreError(
            _("{file} was altered: its hands' points are not what its entries score; nothing was imported").format(
                file=path
            )
        )


def _sheet_with_starts(listed: Any) -> Any:
    """A listed hand's points with any newcomer's starting score added back (a sheet lists
    the starts apart; one written before it did has them in the points)."""
    if not isinstance(listed, dict) or not isinstance(listed.get("points"), dict):
        return None
    starts = listed.get("starts") if isinstance(listed.get("starts"), dict) else {}
    points = dict(listed["points"])
    for player, start in starts.items():
        if player not in points or not isinstance(start, int | float) or not isinstance(points[player], int | float):
            return None
        points[player] += start
    return points


def _sheet_scores(standings: Any) -> Any:
    """Each player's score and place, whether the game is over, and who won."""
    if not isinstance(standings, dict) or not isinstance(standings.get("players"), list):
        return None
    players = [
        (p.get("name"), p.get("score"), p.get("place")) if isinstance(p, dict) else None
        for p in standings["players"]
    ]
    return players, standings.get("finished"), standings.get("winners")


def _replayed_copy(copy: league.Copy) -> engine.Game:
    """The game a copy's entries make, or a refusal naming its file: entries this version
    does not know, or that the rules refuse (a forged chain can hold what no command writes)."""
    source, stored = copy.source, copy.events
    first = stored[0]
    if first.body.get("type") != "game_started" or first.body.get("game_id") != first.game_id:
        raise errors.EntryError(
            _("{file}: its first entry does not start game {game}; nothing was imported").format(file=source, game=first.game_id)
        )
    try:
        return replay(stored)
    except events.UnknownEntry as exc:
        raise errors.EntryError(
            _("{file}: entry {entry} is not an entry this scorekeeper knows; nothing was imported").format(
                file=source, entry=exc.position
            )
        ) from None
    except errors.ScorekeeperError as exc:
        raise errors.EntryError(
            _("{file}: its entries do not make a valid game ({problem}); nothing was imported").format(file=source, problem=exc)
        ) from None
    except Exception as exc:  # a forged chain can hold what no command ever writes
        raise errors.EntryError(
            _("{file}: its entries do not make a valid game ({problem}); nothing was imported").format(
                file=source, problem=f"{type(exc).__name__}: {exc}"
            )
        ) from None
