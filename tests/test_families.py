"""The family table and the typed hand outcomes, on the engine directly: every entry has one
handler, found through the table; a family's check returns every problem while the engine
refuses with the first; a closed hand's Outcome names the rule behind each point and the
forfeits, moons and forced picks it decided."""

from fractions import Fraction

import pytest
from helpers import engine_game, load_bench

from scorekeeper.core import engine, errors, events, families, outcomes
from scorekeeper.core.families import poisons, snakebit

ENTRY_TYPES = set(events.HandEvent.__subclasses__())


def test_every_entry_has_exactly_one_handler_and_the_table_says_whose():
    owned = {t: listing.name for listing in families.FAMILIES for t in listing.owns}
    assert not owned.keys() & engine._HANDLERS.keys()  # a family never takes over the engine's entries
    assert owned.keys() | engine._HANDLERS.keys() == ENTRY_TYPES
    for listing in families.FAMILIES:
        family = listing.load()
        assert family.name == listing.name
        assert set(family.handlers) == set(listing.owns)  # the table and the family agree


def test_the_engine_entries_belong_to_no_family():
    assert families.owner(events.BidsRecorded) is None
    assert families.owner(events.CursedCounted) is snakebit.FAMILY


def test_a_check_returns_every_problem_and_the_engine_refuses_with_the_first():
    game = engine_game("snakebit", ["Ann", "Bob", "Cat"])
    for event in (events.CursedSet(hand=1, suit="moons"), events.TrumpSet(hand=1, suit="suns"),
                  events.TricksRecorded(hand=1, tricks={"Ann": 0, "Bob": 1, "Cat": 7})):  # fmt: skip
        engine.apply(game, event)
    hand = game.hand
    hand.cursed_counts = {"Ann": 1, "Bob": 4, "Cat": 3}  # as a counts entry would, before its checks
    problems = [str(p) for check in snakebit.FAMILY.checks for p in check(game, hand, None)]
    assert problems == [
        "Ann would hold 1 cursed card but took 0 tricks, at most 0 cards (3 to a trick); check Ann's "
        "tricks and cursed cards, and `undo` an earlier entry if that one is wrong",
        "Bob would hold 4 cursed cards but took 1 trick, at most 3 cards (3 to a trick); check Bob's "
        "tricks and cursed cards, and `undo` an earlier entry if that one is wrong",
    ]
    game = engine_game("snakebit", ["Ann", "Bob", "Cat"])
    for event in (events.CursedSet(hand=1, suit="moons"), events.TrumpSet(hand=1, suit="suns"),
                  events.TricksRecorded(hand=1, tricks={"Ann": 0, "Bob": 1, "Cat": 7})):  # fmt: skip
        engine.apply(game, event)
    with pytest.raises(errors.RuleViolation) as refused:
        engine.apply(game, events.CursedCounted(hand=1, counts={"Ann": 1, "Bob": 4, "Cat": 3}))
    assert str(refused.value) == problems[0]


def _mrpikes_hand(game, bids, tricks):
    number = game.hand.number
    engine.apply(game, events.TrumpSet(hand=number, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=number, bids=bids))
    engine.apply(game, events.TricksRecorded(hand=number, tricks=tricks))
    return game.hands[number - 1]


def test_a_closed_hand_records_its_forfeits_and_the_rule_behind_each_point():
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"])
    # hand 1, 10 cards: Ann and Bob bid 5 and miss (MrPikes' pants: a missed bid of 5 or more)
    hand = _mrpikes_hand(game, {"Ann": 5, "Bob": 5, "Cat": 5}, {"Ann": 2, "Bob": 3, "Cat": 5})
    outcome = hand.outcome
    assert outcome.forfeits == (
        outcomes.Forfeit("Ann", "pants", 5, 2),
        outcomes.Forfeit("Bob", "pants", 5, 3),
    )
    assert outcome.paid("pants") == ["Ann", "Bob"]
    # exact_bid is scoring rule 1: missed is -(10 + the miss), made is 10 + tricks
    assert [(i.player, i.points, i.source) for i in outcome.items] == [
        ("Ann", Fraction(-13), outcomes.RuleRef("scoring", 0, "missed")),
        ("Bob", Fraction(-12), outcomes.RuleRef("scoring", 0, "missed")),
        ("Cat", Fraction(15), outcomes.RuleRef("scoring", 0, "made")),
    ]
    assert outcome.moon is None and outcome.sweep is None and outcome.forced == ()
    assert [a.about for a in hand.announcements] == [("Ann",), ("Bob",)]
    # hand 2, 9 cards: Ann misses a bid of 5 again, but the forfeit is paid once a game
    hand = _mrpikes_hand(game, {"Ann": 5, "Bob": 0, "Cat": 0}, {"Ann": 4, "Bob": 2, "Cat": 3})
    assert hand.outcome.forfeits == (outcomes.Forfeit("Ann", "pants", 5, 4, paid=False),)
    assert hand.outcome.paid("pants") == []
    assert hand.announcements == [
        outcomes.Announcement("Ann bid 5 and took 4, but has already paid the pants forfeit", ("Ann",))
    ]


def test_a_renege_names_its_rule():
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"])
    engine.apply(game, events.RenegeRecorded(hand=1, player="Bob", kind="revoke"))
    assert game.hand.penalties[0].item.source == outcomes.RuleRef("renege", 0)


@pytest.mark.parametrize("seed", range(6))
def test_the_picks_the_quotas_force_are_recorded_at_the_deal_and_in_the_outcome(seed):
    bench = load_bench()
    log = events.parse_all(bench.random_game("pick-your-poison", seed))
    game = engine.start(log[0])
    for event in log[1:]:
        assert game.hand.forced == poisons.forced(game, game.hand)  # the quotas, from earlier hands
        engine.apply(game, event)
    for hand in game.hands:
        if hand.closed:
            assert hand.outcome.forced == tuple(outcomes.ForcedPick(p, k) for p, k in hand.forced.items())
    assert any(hand.forced for hand in game.hands)  # the quotas force picks in every whole game
