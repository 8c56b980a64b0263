"""Ratings across games (`ratings`, and the rating column of `stats`): every player rated over
the store's finished games, in the order they were played, with openskill's Plackett-Luce
model, shown as the cautious estimate mu - 3 sigma.

What a rating needs of a game (its places, and who sat in each place for how many hands) is
boiled down to a small record cached beside the stats summaries, keyed by the game's chain
head and sealed: only a game with an entry added since, or whose row does not check out, is
replayed. openskill is imported only here, and only when there is something to rate."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.core import errors
from scorekeeper.core.language import _, ngettext

if TYPE_CHECKING:
    from scorekeeper import replays
    from scorekeeper.core import engine
    from scorekeeper.storage import chain, store

# Bump when a record's content or meaning changes: records of other versions are ignored.
CACHE_KIND = "ratings-places-2"  # 2: a partnership game's sides
TABLE_KIND = "ratings-table-2"  # whole tables of ratings, under a digest of every game's head


# --- one game ------------------------------------------------------------------------------


def placings(game: engine.Game) -> dict[str, Any]:
    """What rating needs of one replayed game, as JSON data: whether it counts (finished, not
    abandoned), its ruleset, its closed hands, per seat in standings order its final place
    and the hands played under each name the seat had (a renamed seat has two), and in a
    partnership game its sides, each the indexes of its seats in that list ([] in others)."""
    played = [hand for hand in game.hands if hand.closed]
    seats = []
    standings = game.standings()
    order = [player for _place, player, _score in standings]
    sides = [[order.index(p) for p in players] for _place, _name, players, _score in game.side_standings()]
    for place, player, _score in standings:
        hands: dict[str, int] = {}
        for hand in played:
            if player in hand.seating:
                name = _name_at(game, player, hand.number)
                hands[name] = hands.get(name, 0) + 1
        seats.append([place, hands])
    return {
        "ruleset": game.ruleset.name,
        "finished": game.finished,
        "abandoned": game.abandoned,
        "hands": len(played),
        "seats": seats,
        "sides": sides,
    }


def _name_at(game: engine.Game, player: str, number: int) -> str:
    """What the seat now called `player` was called in hand `number`: a rename recorded in
    hand H names the seat from hand H on (the substitute plays it)."""
    name = player
    for hand, old, new in reversed(game.renames):
        if name == new and number < hand:
            name = old
    return name


def _placings_ok(data: Any) -> bool:
    """Whether a cached record reads back whole; a damaged row is replayed, not trusted."""
    if not isinstance(data, dict) or data.keys() != {"ruleset", "finished", "abandoned", "hands", "seats", "sides"}:
        return False
    seats = len(data["seats"]) if isinstance(data["seats"], list) else 0
    if not (isinstance(data["sides"], list) and all(
        isinstance(side, list) and side and all(type(i) is int and 0 <= i < seats for i in side) for side in data["sides"]
    )):  # fmt: skip
        return False
    if not (isinstance(data["ruleset"], str) and isinstance(data["finished"], bool)
            and isinstance(data["abandoned"], bool) and type(data["hands"]) is int
            and isinstance(data["seats"], list)):  # fmt: skip
        return False
    return all(
        isinstance(seat, list) and len(seat) == 2 and type(seat[0]) is int and isinstance(seat[1], dict)
        and all(isinstance(k, str) and type(v) is int and v >= 0 for k, v in seat[1].items())
        for seat in data["seats"]
    )  # fmt: skip


def records(db: store.Store, games: list[chain.GameSummary]) -> dict[str, dict[str, Any]]:
    """Each game's placings by id: cached where its chain head still matches and the row's
    seal checks out, else replayed from its entries and cached."""
    from scorekeeper import replays

    found = replays.cached(db, CACHE_KIND, {g.id: g.head for g in games}, _parsed)
    fresh = replays.derive(db, [g.id for g in games if g.id not in found], placings_text)
    replays.keep(db, CACHE_KIND, fresh)
    found.update({gid: json.loads(text) for gid, _head, text in fresh})
    return found


def _parsed(text: Any) -> dict[str, Any] | None:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    return data if _placings_ok(data) else None


def placings_text(game: engine.Game) -> str:
    return json.dumps(placings(game), separators=(",", ":"), ensure_ascii=False)


def remember(db: store.Store, game: engine.Game, head: str) -> None:
    """Cache the placings of a game just replayed anyway (an import), as of its chain head."""
    from scorekeeper import replays

    replays.keep(db, CACHE_KIND, [(game.id, head, placings_text(game))])


def repair_cache(db: store.Store, every: bool = False) -> replays.Checked:
    """Check the cached placings (`verify`) as the summaries are checked (replays.check): a
    game is replayed where its row is stale or its seal does not check out, every game with
    a row under `every`."""
    from scorekeeper import replays

    checked = replays.check(db, CACHE_KIND, placings_text, _parsed, every)
    # the tables were worked out from what was cached: work them out again when next asked
    db.put_derived(TABLE_KIND, [(key, "", "{}") for key in db.derived(TABLE_KIND)])
    return checked


# --- across games --------------------------------------------------------------------------


class Rated(NamedTuple):
    """One game as the model takes it: per entrant (a name at a place), its place and the
    share of the game's hands it played; in a partnership game, each entrant's side (an
    index the entrants of one side share), else None."""

    names: list[str]  # as written in this game
    places: list[int]
    shares: list[float]
    teams: list[int] | None = None


def entrants(data: dict[str, Any]) -> Rated | None:
    """The game's entrants, or None when it does not count (unfinished, abandoned, no hand
    played, fewer than two players). A name that sat in two seats (a rename freed it for
    another seat) counts to the seat where it played more hands."""
    if not data["finished"] or data["abandoned"] or data["hands"] <= 0:
        return None
    best: dict[str, tuple[int, int, str, int]] = {}  # key -> (hands, place, name as written, seat)
    for seat, (place, hands) in enumerate(data["seats"]):
        for name, count in hands.items():
            key = name.casefold()
            if count > 0 and (key not in best or (count, -place) > (best[key][0], -best[key][1])):
                best[key] = (count, place, name, seat)
    if len(best) < 2:
        return None
    rows = sorted(best.values(), key=lambda row: (row[1], row[2].casefold()))
    total = data["hands"]
    side_of = {seat: side for side, seats in enumerate(data["sides"]) for seat in seats}
    teams = [side_of[seat] for _hands, _place, _name, seat in rows] if data["sides"] else None
    if teams is not None and len(set(teams)) < 2:
        return None  # every entrant on one side: nobody to be ranked against
    return Rated(
        [row[2] for row in rows], [row[1] for row in rows], [min(1.0, row[0] / total) for row in rows], teams
    )


def model():
    """The Plackett-Luce model with openskill's defaults."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate_game(pl, ratings: list[Any], places: list[int], shares: list[float], teams: list[int] | None = None) -> list[Any]:
    """One game's new ratings, each player a team of one ranked at their place (ties as ties);
    in a partnership game (`teams`: each player's side) each side is one of openskill's teams,
    its players together, ranked at the side's place.

    A player who played a share s < 1 of the hands (joined late, left early, or a seat taken
    over under a new name) moves s of the way a full player would: plain Plackett-Luce gives
    each player's change of μ and of σ, and theirs is s times it. openskill's own per-player
    weights are not used: in openskill 6.2 they are rescaled into the model's weight bounds,
    so they change every result, even when every weight is 1.0, and their effect on σ cannot
    be said in one sentence; the scaled change can, and is what a share of the hands means."""
    if teams is None:
        plain = [team[0] for team in pl.rate([[r] for r in ratings], ranks=[float(p) for p in places])]
    else:
        sides = sorted(set(teams), key=teams.index)
        members = [[i for i, team in enumerate(teams) if team == side] for side in sides]
        rated = pl.rate([[ratings[i] for i in side] for side in members], ranks=[float(places[side[0]]) for side in members])
        plain = [None] * len(ratings)
        for side, after in zip(members, rated, strict=True):
            for i, rating in zip(side, after, strict=True):
                plain[i] = rating
    if all(s >= 1.0 for s in shares):
        return plain
    return [
        after if s >= 1.0
        else pl.rating(mu=before.mu + s * (after.mu - before.mu), sigma=before.sigma + s * (after.sigma - before.sigma), name=before.name)
        for s, before, after in zip(shares, ratings, plain, strict=True)
    ]  # fmt: skip


class Standing(NamedTuple):
    name: str
    mu: float
    sigma: float
    games: int
    change: float  # of the rating (mu - 3 sigma) over the player's last game

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def standings(games: Iterable[Rated]) -> list[Standing]:
    """Every player's rating after `games` in the order given, best first. Names match in
    any case; a player is shown by the name as first written."""
    pl = None
    current: dict[str, Any] = {}
    shown: dict[str, str] = {}
    counted: dict[str, int] = {}
    change: dict[str, float] = {}
    for game in games:
        pl = pl or model()
        keys = [name.casefold() for name in game.names]
        before = [current.get(key) or pl.rating(name=key) for key in keys]
        after = rate_game(pl, before, game.places, game.shares, game.teams)
        for key, name, old, new in zip(keys, game.names, before, after, strict=True):
            shown.setdefault(key, name)
            counted[key] = counted.get(key, 0) + 1
            change[key] = (new.mu - 3 * new.sigma) - (old.mu - 3 * old.sigma)
            current[key] = new
    rows = [Standing(shown[k], r.mu, r.sigma, counted[k], change[k]) for k, r in current.items()]
    return sorted(rows, key=lambda s: (-s.rating, s.name.casefold()))


def parse_since(text: str | None) -> str | None:
    """`--since DATE`: a date written YYYY-MM-DD, kept as that text."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise errors.UsageError(_("'{text}' is not a date; write it as YYYY-MM-DD, e.g. --since 2026-01-31").format(text=text)) from None


def league(db: store.Store, ruleset: str | None = None, since: str | None = None) -> dict[str, Any]:
    """The ratings over the store's finished games (of one ruleset, or started on or after a
    date), as JSON data: the `ratings --json` shape."""
    return leagues(db, [ruleset], since)[0]


def leagues(db: store.Store, rulesets: list[str | None], since: str | None = None) -> list[dict[str, Any]]:
    """`league` for each of `rulesets` (None: every ruleset), reading the games' placings once.
    Each result is cached under a digest of every game's id and chain head: while no game
    has changed, the ratings are read, not worked out again."""
    chosen = sorted(
        (g for g in db.games() if since is None or g.created_at[:10] >= since),
        key=lambda g: (g.created_at, g.id),
    )  # the order played: every copy of the league sorts its games the same way
    digest = hashlib.sha256("".join(f"{g.id} {g.head}\n" for g in chosen).encode()).hexdigest()
    cached = db.derived(TABLE_KIND)
    out: dict[str | None, dict[str, Any]] = {}
    for ruleset in rulesets:
        hit = cached.get(_table_key(ruleset, since))
        if hit is not None and hit[0] == digest:
            try:
                data = json.loads(hit[1])
            except (TypeError, ValueError):
                continue
            if isinstance(data, dict) and data.keys() == _TABLE_KEYS and isinstance(data["players"], list):
                out[ruleset] = data
    missing = [r for r in dict.fromkeys(rulesets) if r not in out]
    if missing:
        found = records(db, chosen)
        rated = [(found[g.id]["ruleset"], entry) for g in chosen for entry in [entrants(found[g.id])] if entry]
        for ruleset in missing:
            out[ruleset] = _table(ruleset, since, [e for name, e in rated if ruleset is None or name == ruleset])
        rows = [(_table_key(r, since), digest, json.dumps(out[r], separators=(",", ":"))) for r in missing]
        db.put_derived(TABLE_KIND, rows)
    return [out[r] for r in rulesets]


_TABLE_KEYS = frozenset({"ruleset", "since", "games", "players"})


def _table_key(ruleset: str | None, since: str | None) -> str:
    return json.dumps([ruleset, since])  # never a game id, which is hex


def _table(ruleset: str | None, since: str | None, rated: list[Rated]) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "since": since,
        "games": len(rated),
        "players": [
            {
                "name": s.name,
                "rating": round(s.rating, 3),
                "mu": round(s.mu, 3),
                "sigma": round(s.sigma, 3),
                "games": s.games,
                "change": round(s.change, 3),
            }
            for s in standings(rated)
        ],
    }


# --- beside the records --------------------------------------------------------------------


def beside_records(db: store.Store, records_view: dict[str, Any]) -> dict[str, Any]:
    """`stats`'s records with each player's rating added: in a ruleset's block the rating over
    that ruleset's games, in the players across rulesets the rating over every game."""
    names = [block["ruleset"] for block in records_view["rulesets"]]
    found = leagues(db, [*names, None]) if names else []
    by_ruleset = {name: _by_key(data) for name, data in zip(names, found, strict=False)}
    overall = _by_key(found[-1]) if found else {}
    for block in records_view["rulesets"]:
        for row in block["players"]:
            row["rating"] = by_ruleset[block["ruleset"]].get(row["name"].casefold())
    for row in records_view["players"]:
        row["rating"] = overall.get(row["name"].casefold())
    return records_view


def _by_key(data: dict[str, Any]) -> dict[str, float]:
    return {p["name"].casefold(): p["rating"] for p in data["players"]}


# --- text ----------------------------------------------------------------------------------


def text(data: dict[str, Any]) -> str:
    from scorekeeper.words import reports
    from scorekeeper.words.numbers import decimal

    narrowed = {"ruleset": data["ruleset"], "since": data["since"]}
    if not data["players"]:
        return _none_to_rate(data["ruleset"], data["since"]).format(**narrowed)
    rows = [
        [i, p["name"], decimal(p["rating"], 1), decimal(p["mu"], 1), decimal(p["sigma"], 1), p["games"], decimal(p["change"], 1, signed=True)]
        for i, p in enumerate(data["players"], start=1)
    ]
    head = _rated_over(data["ruleset"], data["since"], data["games"]).format(count=data["games"], **narrowed)
    table = reports.table(rows, ["#", _("player"), _("rating"), "μ", "σ", _("games"), _("last game")])
    return f"{head}\n{table}\n" + _("rating = μ − 3σ (Plackett-Luce): the skill a player very likely has at least")


def _none_to_rate(ruleset: str | None, since: str | None) -> str:
    """What `ratings` says with no finished game to rate, of a ruleset and since a date."""
    if ruleset and since:
        return _("No finished games of {ruleset} since {since} to rate yet.")
    if ruleset:
        return _("No finished games of {ruleset} to rate yet.")
    if since:
        return _("No finished games since {since} to rate yet.")
    return _("No finished games to rate yet.")


def _rated_over(ruleset: str | None, since: str | None, count: int) -> str:
    """The heading of the ratings over `count` finished games, of a ruleset and since a date."""
    if ruleset and since:
        return ngettext(
            "Ratings over {count} finished game of {ruleset} since {since}",
            "Ratings over {count} finished games of {ruleset} since {since}",
            count,
        )
    if ruleset:
        return ngettext("Ratings over {count} finished game of {ruleset}", "Ratings over {count} finished games of {ruleset}", count)
    if since:
        return ngettext("Ratings over {count} finished game since {since}", "Ratings over {count} finished games since {since}", count)
    return ngettext("Ratings over {count} finished game", "Ratings over {count} finished games", count)
