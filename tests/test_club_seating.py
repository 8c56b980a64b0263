"""Seating a club night (core/club_seating.py): on many rosters, everyone plays once a round,
tables are as even as the player range allows, sitting out is shared, the pair report is true
and never below its lower bound; the bounds themselves on nights worked out by hand."""

import itertools
import random
from collections import Counter

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import club_seating, errors

RANGES = [(3, 4), (3, 6), (3, 7), (3, 8), (4, 5)]


@st.composite
def nights(draw):
    low, high = draw(st.sampled_from(RANGES))
    players = draw(st.integers(low, 40))
    tables = draw(st.one_of(st.none(), st.integers(1, players // low)))
    rounds = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 2**32))
    return [f"P{i}" for i in range(players)], rounds, low, high, tables, seed


@settings(max_examples=examples(30), deadline=None)
@given(nights())
def test_every_seating_keeps_the_rules_of_a_night(night):
    players, rounds, low, high, tables, seed = night
    seating = club_seating.seat(players, rounds, low, high, tables, seed)
    n = len(players)
    assert len(seating.rounds) == rounds
    shapes = set()
    for seated, out in seating.rounds:
        everyone = [p for table in seated for p in table] + out
        assert sorted(everyone) == sorted(players)  # each player exactly once a round
        sizes = [len(table) for table in seated]
        assert all(low <= s <= high for s in sizes)
        assert max(sizes) - min(sizes) <= 1  # as even as can be
        if tables is not None:
            assert len(seated) == tables
        if out:  # only when no table could take another player
            assert all(s == high for s in sizes)
        shapes.add((tuple(sorted(sizes)), len(out)))
    assert len(shapes) == 1  # every round has the same tables
    if tables is None and any(t * low <= n <= t * high for t in range(1, n + 1)):
        assert not seating.rounds[0][1]  # a count of tables that seats everyone was chosen
    sat = Counter({p: 0 for p in players}) + Counter(p for _, out in seating.rounds for p in out)
    assert max(sat.values(), default=0) - min((sat[p] for p in players), default=0) <= 1  # fairly shared
    assert seating.sitting_out == {p: sat[p] for p in players}

    met = Counter(pair for seated, _ in seating.rounds for table in seated for pair in itertools.combinations(sorted(table), 2))
    most = max(met.values(), default=0)
    assert seating.pairs_max == most
    assert seating.pairs_bound <= most
    at_most = {frozenset(p) for p, k in met.items() if k == most} if most > 1 else set()
    assert {frozenset(pair) for pair in seating.pairs_at_max} == at_most
    seats = Counter((p, k) for seated, _ in seating.rounds for table in seated for k, p in enumerate(table))
    assert seating.seats_max == max(seats.values(), default=0) >= seating.seats_bound


@settings(max_examples=examples(6), deadline=None)
@given(nights())
def test_the_same_seed_gives_the_same_seating(night):
    assert club_seating.seat(*night) == club_seating.seat(*night)


@pytest.mark.parametrize(
    ("players", "rounds", "low", "high", "tables", "bound", "reached"),
    [
        # 20 at 5 tables of 4 for 4 rounds: meetings 4 × 5 × 4·3 = 240, the busiest player
        # ⌈240/20⌉ = 12 of them over 19 others: ⌈12/19⌉ = 1 (a table of 4 < 5 groups of round 1)
        (20, 4, 3, 7, 5, 1, True),
        # 8 at 2 tables of 4: a table of round 2 takes 4 players from 2 tables: 2
        (8, 4, 3, 8, 2, 2, True),
        # 13 at tables of 5, 4, 4 (about 4 a table): a table of 5 in round 2 from 3 tables: 2
        (13, 3, 3, 8, None, 2, True),
        # 20 at 4 tables of 5: a table of 5 from 4 tables of round 1: 2
        (20, 4, 3, 7, 4, 2, True),
        # 9 at 3 tables of 3 for 4 rounds: 4 × 3 × 6 = 72, ⌈72/9⌉ = 8 over 8 others: 1
        # (the affine plane of order 3 meets it: every pair exactly once)
        (9, 4, 3, 3, None, 1, True),
        # 7 at one table of 7: every pair meets every round
        (7, 3, 3, 7, 1, 3, True),
    ],
)
def test_the_pair_bound_on_nights_worked_by_hand(players, rounds, low, high, tables, bound, reached):
    seating = club_seating.seat([f"P{i}" for i in range(players)], rounds, low, high, tables, seed=1)
    assert seating.pairs_bound == bound
    assert (seating.pairs_max == bound) is reached


def test_seats_change_from_round_to_round_and_first_dealers_are_shared():
    """20 players, 5 tables of 4, 4 rounds: 20 first dealers, one each; no seat twice."""
    seating = club_seating.seat([f"P{i}" for i in range(20)], 4, 3, 7, 5, seed=3)
    assert seating.seats_bound == 1 and seating.seats_max == 1
    dealers = Counter(table[0] for seated, _ in seating.rounds for table in seated)
    assert sorted(dealers.values()) == [1] * 20


def test_a_leftover_sits_out_where_no_table_can_take_them():
    """Snakebit is for 3-4: 5 players make one table of 4 (two tables need 6), so one sits
    out each round, each player once over 5 rounds."""
    seating = club_seating.seat(list("ABCDE"), 5, 3, 4, None, seed=2)
    assert [len(out) for _, out in seating.rounds] == [1] * 5
    assert seating.sitting_out == dict.fromkeys("ABCDE", 1)


def test_the_layout_aims_at_tables_of_four():
    assert club_seating.layout(13, 3, 8) == club_seating.Layout((5, 4, 4), 0)
    assert club_seating.layout(6, 3, 8) == club_seating.Layout((3, 3), 0)  # 3 a table is nearer 4 than 6
    assert club_seating.layout(9, 3, 8) == club_seating.Layout((5, 4), 0)  # 4.5 a table is nearer than 3
    assert club_seating.layout(11, 3, 4, tables=2) == club_seating.Layout((4, 4), 3)


def test_impossible_nights_are_refused_with_the_fix():
    with pytest.raises(errors.RuleViolation, match="2 players cannot fill a table of at least 3; name at least 3"):
        club_seating.layout(2, 3, 8)
    with pytest.raises(errors.RuleViolation, match="10 players cannot fill 4 tables of at least 3; use --tables 3 or fewer"):
        club_seating.layout(10, 3, 8, tables=4)
    with pytest.raises(errors.UsageError, match="--rounds 0 is not a number of rounds; give 1 to 100"):
        club_seating.seat(list("ABCD"), 0, 3, 8)


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(2, 60), st.integers(0, 2**32))
def test_the_search_draws_two_tables_as_random_sample_does(n, seed):
    """The seating search draws its two tables without random.sample's checks, and must draw
    them as it does: else the same seed would seat a night differently than before."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert club_seating._two_of(ours._randbelow, n) == tuple(theirs.sample(range(n), 2))
    assert ours.getstate() == theirs.getstate()


@st.composite
def partner_nights(draw):
    players = draw(st.integers(4, 24))
    tables = draw(st.one_of(st.none(), st.integers(1, players // 4)))
    return [f"P{i}" for i in range(players)], draw(st.integers(1, 4)), tables, draw(st.integers(0, 2**32))


@settings(max_examples=examples(12), deadline=None)
@given(partner_nights())
def test_a_partnership_night_seats_fours_and_reports_partners_and_opponents_truly(night):
    players, rounds, tables, seed = night
    seating = club_seating.seat_partners(players, rounds, tables, seed)
    assert seating == club_seating.seat_partners(players, rounds, tables, seed)  # the same seed, the same seating
    count = tables or len(players) // 4
    partners, opponents = Counter(), Counter()
    for seated, out in seating.rounds:
        assert sorted([p for table in seated for p in table] + out) == sorted(players)
        assert [len(table) for table in seated] == [4] * count  # exactly 4, the rest sit out
        for a, b, c, d in seated:  # partners opposite: 1st & 3rd, 2nd & 4th
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset(pair) for pair in ((a, b), (a, d), (c, b), (c, d)))
    spread = seating.partnered
    assert spread.partners_max == max(partners.values()) >= spread.partners_bound
    assert spread.opponents_max == max(opponents.values()) >= spread.opponents_bound
    sat = Counter({p: 0 for p in players}) + Counter(p for _, out in seating.rounds for p in out)
    assert max(sat[p] for p in players) - min(sat[p] for p in players) <= 1  # sitting out shared


@pytest.mark.parametrize(
    ("players", "rounds", "partners", "opponents"),
    [
        # 12 over 4 rounds: 3 tables make 12 partnership ends a round, 48 a night, 4 each over
        # 11 others: 1; opponents 24 a round, 96, 8 each over 11: 1. Both met.
        (12, 4, (1, 1), (1, 1)),
        # 8 over 4 rounds: opponents 16 a round, 64, 8 each over 7 others: 2. Met.
        (8, 4, (1, 1), (2, 2)),
        # 16 over 5 rounds: partners 4·4·5 = 80, 5 each over 15: 1; opponents 160, 10 over 15: 1.
        (16, 5, (1, 1), (1, 1)),
    ],
)
def test_partners_and_opponents_at_their_bounds_on_nights_worked_by_hand(players, rounds, partners, opponents):
    spread = club_seating.seat_partners([f"P{i}" for i in range(players)], rounds, None, seed=1).partnered
    assert (spread.partners_max, spread.partners_bound) == partners
    assert (spread.opponents_max, spread.opponents_bound) == opponents
