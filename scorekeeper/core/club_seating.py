"""Seating a club night: who sits at which table, in which seat, in every round, so that each
player plays once a round, tables are as even as the ruleset's player range allows, sitting
out is shared fairly, no two players meet more often than needed and each player's seat (from
the first dealer round the table) changes from round to round. Pure: an optimiser over random
restarts, the same seating for the same seed.

The lower bound reported for pair meetings (the least, over every possible seating of the
night, of the most times any two players share a table) is the larger of:
- the degree bound: each round's table sizes are fixed, so the night holds
  T = rounds × Σ s·(s−1) meetings counted from each side; some player has at least ⌈T / n⌉ of
  them, spread over n − 1 others, so some pair meets at least ⌈⌈T / n⌉ / (n − 1)⌉ times;
- the second-round bound: a table of round 2 draws its players from round 1's tables and
  its sitters-out (each a group of one); if a table holds more players than there are such
  groups, two of them sat together in round 1 and meet again, so the bound is at least 2.
Where the night is small (no one sits out, at most SEARCHED_PLAYERS players), a search of
every seating says whether the seating found is the best there is (`pairs_least`): the bound
is only a bound, and for 9 players at tables of 5 and 4 over 4 rounds it is 2 where no
seating does better than 3.
The seat bound: some player sits out at most ⌊rounds × out / n⌋ rounds, so plays at least
r = rounds − that many, at tables of at most S seats; some seat of theirs repeats ⌈r / S⌉ times.

A partnership night (`seat_partners`: Spades, Euchre) seats tables of exactly 4, partners
opposite (the 1st and 3rd of a table, the 2nd and 4th), and spreads partners first, then
opponents. Their bounds are degree bounds as above: a round's t tables make 2t partnerships,
counted from each side 4t, and 4t pairs of opponents, counted from each side 8t; over the
night some player has at least ⌈rounds × 4t / n⌉ partnerships (⌈rounds × 8t / n⌉ opponents)
over n − 1 others, so some pair partners (opposes) at least ⌈that / (n − 1)⌉ times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from scorekeeper.core import errors
from scorekeeper.core.language import _, ngettext

TYPICAL_TABLE = 4  # a card table's usual size: the default number of tables aims at it
RESTARTS = 24  # random starts of the search for each seating
SWAPS_PER_SEAT = 30  # tries of a swap in one restart, per player and round
MOST_TRIES = 600_000  # over all restarts: a large night searches less, not for minutes
MOST_ROUNDS = 100
FIRST_DEALER_WEIGHT = 2  # dealing first twice is worse than sitting second twice


class Layout(NamedTuple):
    """The shape of every round: the table sizes, largest first, and how many sit out."""

    sizes: tuple[int, ...]
    out: int


class Seating(NamedTuple):
    """A night's seating and how good it is."""

    rounds: list[tuple[list[list[str]], list[str]]]  # per round: tables (first dealer first), sitting out
    pairs_max: int  # the most times any two players share a table
    pairs_bound: int  # the least that maximum can be for this night (see the module's notes)
    pairs_at_max: list[tuple[str, str]]  # the pairs that meet pairs_max times (when above 1)
    pairs_least: int | None  # the least that maximum can be, found by searching every seating; None if not searched
    seats_max: int  # the most times any player sits in the same seat
    seats_bound: int
    sitting_out: dict[str, int]  # player -> rounds sat out
    partnered: Partnered | None = None  # a partnership night: how partners and opponents are spread


class Partnered(NamedTuple):
    """How a partnership night spreads partners and opponents, against their lower bounds."""

    partners_max: int  # the most times any two players are partners
    partners_bound: int
    opponents_max: int  # the most times any two players are opponents
    opponents_bound: int


def layout(players: int, low: int, high: int, tables: int | None = None) -> Layout:
    """The tables of a round for `players` at tables of `low` to `high`: `tables` of them, or
    the count nearest TYPICAL_TABLE a table (the fewer on a tie) that seats everyone; where
    no count can, as many as can be seated are, and the rest sit out."""
    if players < low:
        raise errors.RuleViolation(
            ngettext(
                "{players} player cannot fill a table of at least {low}; name at least {low}",
                "{players} players cannot fill a table of at least {low}; name at least {low}",
                players,
            ).format(players=players, low=low)
        )
    if tables is not None:
        if tables < 1:
            raise errors.UsageError(_("--tables {tables} is not a number of tables; give 1 or more").format(tables=tables))
        if players < tables * low:
            fits = players // low
            raise errors.RuleViolation(
                ngettext(
                    "{players} players cannot fill {tables} table of at least {low}; use --tables {fits} or fewer",
                    "{players} players cannot fill {tables} tables of at least {low}; use --tables {fits} or fewer",
                    tables,
                ).format(players=players, tables=tables, low=low, fits=fits)
            )
        count = tables
    else:
        fitting = [t for t in range(1, players // low + 1) if t * low <= players <= t * high]
        if fitting:
            count = min(fitting, key=lambda t: (abs(players / t - TYPICAL_TABLE), t))
        else:
            count = players // low  # every such table full, and still players over
    seated = min(players, count * high)
    small, extra = divmod(seated, count)
    return Layout(tuple([small + 1] * extra + [small] * (count - extra)), players - seated)


def pairs_bound(players: int, rounds: int, shape: Layout) -> int:
    """The least the most-met pair can meet, over every seating (see the module's notes)."""
    meetings = rounds * sum(s * (s - 1) for s in shape.sizes)
    if meetings == 0:
        return 0
    busiest = -(-meetings // players)
    bound = -(-busiest // (players - 1))
    if rounds >= 2 and max(shape.sizes) > len(shape.sizes) + shape.out:
        bound = max(bound, 2)
    return bound


SEARCHED_PLAYERS = 10  # a night this small is searched through when its bound is not reached
SEARCH_STEPS = 40_000  # the most partial tables the search tries before giving up: at most about a third of a second


def pairs_least(players: int, rounds: int, shape: Layout, found: int) -> int | None:
    """The least the most-met pair can meet over every seating, given that a seating where it
    is `found` exists: `found` if no seating keeps every pair below it, else None (the search
    found better, or was too long to finish: the night is too large to say)."""
    if shape.out or players > SEARCHED_PLAYERS or found <= 1:
        return None
    steps = [0]
    try:
        better = _seats_below(players, rounds, shape.sizes, found - 1, steps)
    except _TooLong:
        return None
    return None if better else found


class _TooLong(Exception):
    pass


def _seats_below(n: int, rounds: int, sizes: tuple[int, ...], most: int, steps: list[int]) -> bool:
    """Whether some seating of `rounds` rounds at tables of `sizes` keeps every pair at or
    below `most` meetings. Round 1 is fixed (players can be renamed to sit so), and each later
    round's tables are chosen in a canonical order (each table holds the lowest player not yet
    seated), so each seating is tried once up to the order of its tables."""
    met = [[0] * n for _ in range(n)]

    def place(round_: int, table: int, left: list[int], chosen: list[int]) -> bool:
        if table == len(sizes):
            return round_ + 1 == rounds or place(round_ + 1, 0, list(range(n)), [])
        steps[0] += 1
        if steps[0] > SEARCH_STEPS:
            raise _TooLong
        size = sizes[table]
        if len(chosen) == size:
            rest = [p for p in left if p not in chosen]
            for i, p in enumerate(chosen):  # seat the table: its pairs meet once more
                for q in chosen[i + 1 :]:
                    met[p][q] += 1
            done = place(round_, table + 1, rest, [])
            for i, p in enumerate(chosen):
                for q in chosen[i + 1 :]:
                    met[p][q] -= 1
            return done
        start = left.index(chosen[-1]) + 1 if chosen else 0
        for k in range(start, len(left) - (size - len(chosen)) + 1):
            p = left[k]
            if not chosen and k != 0 and (table == 0 or sizes[table - 1] == size):
                break  # each table starts with the lowest player left
            if all(met[min(p, q)][max(p, q)] < most for q in chosen):
                chosen.append(p)
                if place(round_, table, left, chosen):
                    return True
                chosen.pop()
        return False

    first, at = [], 0
    for size in sizes:  # round 1: players 0.. in order, table by table
        first.append(list(range(at, at + size)))
        at += size
    for table in first:
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                met[p][q] += 1
    return rounds == 1 or place(1, 0, list(range(n)), [])


def seats_bound(players: int, rounds: int, shape: Layout) -> int:
    """The least the most-repeated seat of any player can repeat (see the module's notes)."""
    played = rounds - rounds * shape.out // players
    return -(-played // max(shape.sizes)) if played else 0


def seat(players: list[str], rounds: int, low: int, high: int, tables: int | None = None, seed: int = 0) -> Seating:
    """The best seating found over RESTARTS random starts, the same for the same seed."""
    if not 1 <= rounds <= MOST_ROUNDS:
        raise errors.UsageError(
            _("--rounds {rounds} is not a number of rounds; give 1 to {most}").format(rounds=rounds, most=MOST_ROUNDS)
        )
    shape = layout(len(players), low, high, tables)
    rng = random.Random(seed)
    n = len(players)
    weight = n * n  # one more third meeting outweighs every second meeting
    best: tuple[int, list[list[list[int]]], list[list[int]]] | None = None
    tries = min(SWAPS_PER_SEAT * n * rounds, MOST_TRIES)
    for _unused in range(max(1, min(RESTARTS, MOST_TRIES // tries))):
        order = list(range(n))
        rng.shuffle(order)
        out = [[order[(r * shape.out + i) % n] for i in range(shape.out)] for r in range(rounds)]
        search = _PairSearch(n, weight)
        night = [search.greedy(rng, [p for p in range(n) if p not in set(sitting)], shape.sizes) for sitting in out]
        cost = search.improve(rng, night, tries)
        if best is None or cost < best[0]:
            best = (cost, night, out)
        if cost == 0:
            break  # nobody meets twice: nothing left to win
    assert best is not None
    night, out = best[1:]
    _spread_seats(rng, night, n, tries)
    return _report(players, rounds, shape, night, out)


def _step(count: int, weight: int) -> int:
    """What one more meeting of a pair that has met `count` times costs."""
    return 0 if count == 0 else weight ** (count - 1)


class _PairSearch:
    """Meetings counted per pair, and moves judged by what they change in the cost."""

    def __init__(self, n: int, weight: int) -> None:
        self.met = [[0] * n for _unused in range(n)]
        self.weight = weight
        self.cost = 0

    def _meet(self, table: list[int]) -> None:
        met = self.met
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                self.cost += _step(met[a][b], self.weight)
                met[a][b] += 1
                met[b][a] += 1

    def greedy(self, rng: random.Random, seated: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
        """One round built a player at a time, each to the open table where they meet least."""
        rng.shuffle(seated)
        tables: list[list[int]] = [[] for _unused in sizes]
        for p in seated:
            open_ = [t for t, table in enumerate(tables) if len(table) < sizes[t]]
            scored = [(sum(_step(self.met[p][q], self.weight) for q in tables[t]), rng.random(), t) for t in open_]
            tables[min(scored)[2]].append(p)
        for table in tables:
            self._meet(table)
        return tables

    def improve(self, rng: random.Random, night: list[list[list[int]]], tries: int) -> int:
        """Swap two players of one round between tables while that costs no more: the cost.
        The hot loop of a seating: what a meeting costs is looked up, not worked out, and the
        random numbers are drawn as `rng.choice`, `rng.sample` and `rng.randrange` draw them
        (see _two_of), without their checks."""
        met = self.met
        movable = [r for r, tables in enumerate(night) if len(tables) > 1]
        if not movable:
            return self.cost
        # a pair meets at most once a round: the cost of its next meeting, by meetings so far
        step = [_step(count, self.weight) for count in range(len(night) + 1)]
        below, chance = rng._randbelow, rng.random  # what choice, sample and randrange call
        for _unused in range(tries):
            if self.cost == 0:
                break
            tables = night[movable[below(len(movable))]]
            ta, tb = _two_of(below, len(tables))
            a_table, b_table = tables[ta], tables[tb]
            ia, ib = below(len(a_table)), below(len(b_table))
            if chance() < 0.5:  # most tries move a player who meets someone again
                again = [i for i, p in enumerate(a_table) if max(map(met[p].__getitem__, a_table)) > 1]
                if again:
                    ia = again[below(len(again))]
            a, b = a_table[ia], b_table[ib]
            met_a, met_b = met[a], met[b]
            change = 0
            for x in a_table:
                if x != a:
                    change += step[met_b[x]] - step[met_a[x] - 1]
            for y in b_table:
                if y != b:
                    change += step[met_a[y]] - step[met_b[y] - 1]
            if change > 0:
                continue
            for x in a_table:
                if x != a:
                    met_a[x] -= 1
                    met[x][a] -= 1
                    met_b[x] += 1
                    met[x][b] += 1
            for y in b_table:
                if y != b:
                    met_b[y] -= 1
                    met[y][b] -= 1
                    met_a[y] += 1
                    met[y][a] += 1
            a_table[ia], b_table[ib] = b, a
            self.cost += change
        return self.cost


def _two_of(below: Callable[[int], int], n: int) -> tuple[int, int]:
    """Two different numbers below `n`, drawn as `random.sample(range(n), 2)` draws them
    (`below` is the generator's own `_randbelow`): the same seating for the same seed."""
    first = below(n)
    if n <= 21:  # sample picks two of up to 21 from a pool: the first's place goes to the last
        second = below(n - 1)
        return first, n - 1 if second == first else second
    second = below(n)  # sample's set: drawn again until it differs
    while second == first:
        second = below(n)
    return first, second


def _spread_seats(rng: random.Random, night: list[list[list[int]]], n: int, tries: int) -> None:
    """Order each table (its first player deals first) so that no player keeps a seat: swap
    two seats of a table while the repeats (dealing first counted double) do not grow."""
    width = max((len(t) for tables in night for t in tables), default=0)
    times = [[0] * width for _unused in range(n)]
    for tables in night:
        for table in tables:
            for k, p in enumerate(table):
                times[p][k] += 1
    cost = sum(_seat_cost(times[p][k], k) for p in range(n) for k in range(width))
    places = [(r, t) for r, tables in enumerate(night) for t, table in enumerate(tables) if len(table) > 1]
    below = rng._randbelow  # drawn as rng.choice and rng.sample draw (see _two_of)
    for _unused in range(tries if places else 0):
        if cost == 0:
            break
        r, t = places[below(len(places))]
        table = night[r][t]
        i, j = _two_of(below, len(table))
        a, b = table[i], table[j]
        before = _seat_cost(times[a][i], i) + _seat_cost(times[b][j], j) + _seat_cost(times[a][j], j) + _seat_cost(times[b][i], i)
        after = (
            _seat_cost(times[a][i] - 1, i) + _seat_cost(times[b][j] - 1, j)
            + _seat_cost(times[a][j] + 1, j) + _seat_cost(times[b][i] + 1, i)
        )  # fmt: skip
        if after > before:
            continue
        times[a][i] -= 1
        times[b][j] -= 1
        times[a][j] += 1
        times[b][i] += 1
        table[i], table[j] = b, a
        cost += after - before


def _seat_cost(times: int, seat: int) -> int:
    repeats = times * (times - 1) // 2
    return repeats * FIRST_DEALER_WEIGHT if seat == 0 else repeats


def _report(players: list[str], rounds: int, shape: Layout, night: list[list[list[int]]], out: list[list[int]]) -> Seating:
    n = len(players)
    met: dict[tuple[int, int], int] = {}
    seats: dict[tuple[int, int], int] = {}
    for tables in night:
        for table in tables:
            for k, p in enumerate(table):
                seats[p, k] = seats.get((p, k), 0) + 1
                for q in table[k + 1 :]:
                    pair = (min(p, q), max(p, q))
                    met[pair] = met.get(pair, 0) + 1
    most = max(met.values(), default=0)
    at_most = sorted(pair for pair, times in met.items() if times == most) if most > 1 else []
    sat_out = dict.fromkeys(players, 0)
    for sitting in out:
        for p in sitting:
            sat_out[players[p]] += 1
    return Seating(
        rounds=[
            ([[players[p] for p in table] for table in tables], sorted((players[p] for p in sitting), key=players.index))
            for tables, sitting in zip(night, out, strict=True)
        ],
        pairs_max=most,
        pairs_bound=pairs_bound(n, rounds, shape),
        pairs_at_max=[(players[a], players[b]) for a, b in at_most],
        pairs_least=most if most <= pairs_bound(n, rounds, shape) else pairs_least(n, rounds, shape, most),
        seats_max=max(seats.values(), default=0),
        seats_bound=seats_bound(n, rounds, shape),
        sitting_out=sat_out,
    )


# --- a partnership night ---------------------------------------------------------------------

PARTNERS_TABLE = 4  # two sides of two, partners opposite
TURNING_PASSES = 6  # passes over the tables choosing each one's turn
PARTNER_TRIES = 30_000  # swaps over all restarts: a second or two at most
GOAL_EVERY = 128  # swaps between looks at whether every maximum is at its bound


def _partner_pairs(table: list[int]) -> tuple[tuple[int, int], ...]:
    return (table[0], table[2]), (table[1], table[3])


def _opponent_pairs(table: list[int]) -> tuple[tuple[int, int], ...]:
    return (table[0], table[1]), (table[0], table[3]), (table[2], table[1]), (table[2], table[3])


def _table_pairs(table: list[int]) -> tuple[tuple[int, int], ...]:
    return _partner_pairs(table) + _opponent_pairs(table)


def degree_bound(players: int, rounds: int, per_round: int) -> int:
    """The least the most-met pair can meet when each round makes `per_round` meetings,
    counted from each side (see the module's notes)."""
    meetings = rounds * per_round
    if meetings == 0 or players < 2:
        return 0
    busiest = -(-meetings // players)
    return -(-busiest // (players - 1))


def seat_partners(players: list[str], rounds: int, tables: int | None = None, seed: int = 0) -> Seating:
    """A partnership night: tables of exactly 4 (extra players sit out, in turn), partners
    opposite, nobody partnering anyone twice where the night allows, then opponents spread,
    then seats varied by turning a table round (which keeps its partners opposite). The
    best of RESTARTS random starts, the same for the same seed."""
    if not 1 <= rounds <= MOST_ROUNDS:
        raise errors.UsageError(
            _("--rounds {rounds} is not a number of rounds; give 1 to {most}").format(rounds=rounds, most=MOST_ROUNDS)
        )
    shape = layout(len(players), PARTNERS_TABLE, PARTNERS_TABLE, tables)
    n, count = len(players), len(shape.sizes)
    bounds = (degree_bound(n, rounds, 4 * count), degree_bound(n, rounds, 8 * count))
    rng = random.Random(seed)
    goal = (*bounds, pairs_bound(n, rounds, shape))
    weight = n * n
    tries = min(SWAPS_PER_SEAT * n * rounds, PARTNER_TRIES)
    best: tuple[tuple[int, int, int], list[list[list[int]]], list[list[int]]] | None = None
    for _unused in range(max(1, min(RESTARTS, PARTNER_TRIES // tries))):
        order = list(range(n))
        rng.shuffle(order)
        out = [[order[(r * shape.out + i) % n] for i in range(shape.out)] for r in range(rounds)]
        night = []
        for sitting in out:
            seated = [p for p in range(n) if p not in set(sitting)]
            rng.shuffle(seated)
            night.append([seated[t * PARTNERS_TABLE : (t + 1) * PARTNERS_TABLE] for t in range(count)])
        search = _SidesSearch(n, weight, night)
        cost = search.improve(rng, night, tries, goal)
        if best is None or cost < best[0]:
            best = (cost, night, out)
        if search.reached(goal):
            break  # partners, opponents and meetings at their bounds: nothing left to win
    assert best is not None
    night, out = best[1:]
    _turn_tables(night, n)
    seating = _report(players, rounds, shape, night, out)
    partners: dict[tuple[int, int], int] = {}
    opponents: dict[tuple[int, int], int] = {}
    for round_tables in night:
        for table in round_tables:
            for met, pairs in ((partners, _partner_pairs(table)), (opponents, _opponent_pairs(table))):
                for a, b in pairs:
                    key = (min(a, b), max(a, b))
                    met[key] = met.get(key, 0) + 1
    return seating._replace(
        partnered=Partnered(
            max(partners.values(), default=0), bounds[0], max(opponents.values(), default=0), bounds[1]
        )
    )


class _SidesSearch:
    """Times each pair has been partners, opponents and at one table, and the cost of the
    night: partners first (any change there outweighs every change of the others), then
    opponents, then sharing a table at all."""

    def __init__(self, n: int, weight: int, night: list[list[list[int]]]) -> None:
        self.partners = [[0] * n for _unused in range(n)]
        self.opponents = [[0] * n for _unused in range(n)]
        self.met = [[0] * n for _unused in range(n)]
        self.weight = weight
        self.cost = [0, 0, 0]
        for tables in night:
            for table in tables:
                self._seat(table)

    def _seat(self, table: list[int]) -> None:
        """Count a table's pairs into the cost."""
        partners = _partner_pairs(table)
        for kind, met, pairs in ((0, self.partners, partners), (1, self.opponents, _opponent_pairs(table)),
                                 (2, self.met, _table_pairs(table))):  # fmt: skip
            for a, b in pairs:
                self.cost[kind] += _step(met[a][b], self.weight)
                met[a][b] += 1
                met[b][a] += 1

    def reached(self, goal: tuple[int, int, int]) -> bool:
        """Whether the most times any pair are partners, opponents and at one table are each
        at most `goal`'s."""
        return all(max(map(max, met)) <= most for met, most in zip((self.partners, self.opponents, self.met), goal, strict=True))

    def improve(
        self, rng: random.Random, night: list[list[list[int]]], tries: int, goal: tuple[int, int, int]
    ) -> tuple[int, int, int]:
        """Swap two seats of one round (of two tables, or of one: partners change) while the
        cost does not grow, until every maximum is at its bound (`goal`): the cost,
        partners', opponents', meetings'. A swap is judged by the pairs it changes (those of
        the two players moved), not by counting their tables out and in again."""
        below = rng._randbelow  # the generator's own, as seat() draws
        seats = len(night[0]) * PARTNERS_TABLE
        counts = (self.partners, self.opponents, self.met)
        step = [_step(count, self.weight) for count in range(len(night) + 2)]  # a pair meets at most once a round
        for tried in range(tries if seats > 1 else 0):
            if tried % GOAL_EVERY == 0 and self.reached(goal):
                break
            tables = night[below(len(night))]
            i, j = _two_of(below, seats)
            (ta, ka), (tb, kb) = divmod(i, PARTNERS_TABLE), divmod(j, PARTNERS_TABLE)
            a_table, b_table = tables[ta], tables[tb]
            before = _pairs_around(a_table, ka, b_table, kb)
            a_table[ka], b_table[kb] = b_table[kb], a_table[ka]
            after = _pairs_around(a_table, ka, b_table, kb)
            gone = [was - now for was, now in zip(before, after, strict=True)]
            come = [now - was for was, now in zip(before, after, strict=True)]
            change = [
                sum(step[met[a][b]] for a, b in new) - sum(step[met[a][b] - 1] for a, b in old)
                for met, old, new in zip(counts, gone, come, strict=True)
            ]
            if change > [0, 0, 0]:  # worse: put them back
                a_table[ka], b_table[kb] = b_table[kb], a_table[ka]
                continue
            for met, old, new in zip(counts, gone, come, strict=True):
                for a, b in old:
                    met[a][b] -= 1
                    met[b][a] -= 1
                for a, b in new:
                    met[a][b] += 1
                    met[b][a] += 1
            self.cost = [cost + more for cost, more in zip(self.cost, change, strict=True)]
        return self.cost[0], self.cost[1], self.cost[2]


def _pairs_around(a_table: list[int], ka: int, b_table: list[int], kb: int) -> tuple[set, set, set]:
    """The partners, the opponents and the pairs at one table that take in seat `ka` of one
    table of four or seat `kb` of another (or of the same), each pair smaller player first:
    all a swap of those two seats can change."""
    partners, opponents = set(), set()
    for table, k in ((a_table, ka), (b_table, kb)):
        p = table[k]
        for kind, q in ((partners, table[k ^ 2]), (opponents, table[k ^ 1]), (opponents, table[3 - k])):
            kind.add((p, q) if p < q else (q, p))
    return partners, opponents, partners | opponents


def _turn_tables(night: list[list[list[int]]], n: int) -> None:
    """Vary each player's seat (dealing first counted double) by turning each table round or
    reading it the other way: partners stay opposite. A few passes, each table in turn given
    the turn that repeats seats least so far."""
    times = [[0] * PARTNERS_TABLE for _unused in range(n)]
    for tables in night:
        for table in tables:
            for k, p in enumerate(table):
                times[p][k] += 1
    for _unused in range(TURNING_PASSES):
        for tables in night:
            for t, table in enumerate(tables):
                for k, p in enumerate(table):
                    times[p][k] -= 1
                turns = [table[k:] + table[:k] for k in range(PARTNERS_TABLE)]
                turns += [list(reversed(turn)) for turn in turns]
                best = min(turns, key=lambda turn: sum(_seat_cost(times[p][k] + 1, k) for k, p in enumerate(turn)))
                tables[t] = best
                for k, p in enumerate(best):
                    times[p][k] += 1
