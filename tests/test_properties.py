"""Property tests: random legal Oh Hell games keep every invariant of the rules."""

from fractions import Fraction

from helpers import examples, ruleset_document, split
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import engine, entries, events, schedule
from scorekeeper.storage import store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
SUITS = "shdc"


def start(players: int, dealer: int) -> list[events.AnyEvent]:
    origin, document = ruleset_document("oh-hell-mrpikes")
    names = ",".join(NAMES[:players])
    return [table.new_event(origin, document, names, NAMES[dealer], "", "", "", [])]


def play(draw, players: int, dealer: int, max_hands: int = 40) -> tuple[engine.Game, list]:
    """Play a random legal game (or its first max_hands); returns the state and its events."""
    log = start(players, dealer)
    game = engine.replay(log)
    while not game.finished and len(game.hands) <= max_hands:
        size = game.hand.size
        entered = [
            entries.trump(game, draw(st.sampled_from(SUITS))),
            entries.bids(game, [str(draw(st.integers(0, size))) for _ in range(players)]),
            entries.tricks(game, [str(t) for t in split(draw, size, players)]),
        ]
        for event in entered:
            engine.apply(game, event)
            log.append(event)
    return game, log


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(3, 7), st.integers(0, 6))
def test_random_legal_games_keep_the_invariants(data, players, dealer):
    dealer %= players
    game, log = play(data.draw, players, dealer)
    rules = game.ruleset
    planned = len(schedule.progression(rules.sizes, schedule.size_cap(rules, players)))
    assert planned == {3: 19, 4: 19, 5: 19, 6: 15, 7: 13}[players]  # RULES.md §1
    for i, hand in enumerate(game.hands):
        # the deal rotates left from the first dealer; the dealer leads
        assert hand.dealer == (dealer + i) % players
        assert hand.leader == hand.dealer
        # sizes follow the down-then-up progression, tie-breaks at the final size
        expected = schedule.progression(rules.sizes, schedule.size_cap(rules, players))
        assert hand.size == expected[min(i, planned - 1)]
        if hand.closed:
            # every player scores exactly one of the two outcomes of RULES.md §1
            for player in game.players:
                bid, took = hand.bids[player], hand.tricks[player]
                want = 10 + took if bid == took else -(10 + abs(bid - took))
                assert hand.points(game.players)[player] == want
    # the per-hand points add up to the totals
    summed = {p: sum((h.points(game.players)[p] for h in game.hands), Fraction(0)) for p in game.players}
    assert summed == game.totals()
    # replaying the log gives the same state
    again = engine.replay(log)
    assert again.totals() == game.totals() and again.finished == game.finished
    if game.finished:
        assert len(game.hands) >= planned
        assert len(game.winners()) == 1  # the tie-break leaves one player in the lead
        # the pants forfeit is paid at most once per player
        assert all(game.forfeits[p].count("pants") <= 1 for p in game.players)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data(), st.integers(3, 7))
def test_a_stored_random_game_replays_the_same_and_its_chain_verifies(tmp_path_factory, data, players):
    game, log = play(data.draw, players, 0, max_hands=25)
    with store.Store(tmp_path_factory.mktemp("store")) as db:
        for event in log:
            with db.writing(game.id) as writer:
                writer.append(event.data())
        stored = db.events(game.id)
        assert db.verify() == []
        again = engine.replay(events.parse_all([e.body for e in stored]))
    assert again.totals() == game.totals()
    assert [h.size for h in again.hands] == [h.size for h in game.hands]
