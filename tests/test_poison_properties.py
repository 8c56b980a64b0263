"""Hypothesis: random legal play of Pick Your Poison (RULES.md §3) always completes every
round's quotas, never leaves a player without a legal poison, refuses every illegal pick
without changing anything, and passes the deal by the lowest-score rule.

Games are driven through the engine directly (no store, no CLI) so that many can be played."""

import math
from collections import Counter
from fractions import Fraction

import pytest
from helpers import examples, split
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import engine, errors, events, rulesets, schedule
from scorekeeper.core.families import poisons
from scorekeeper.storage import ruleset_files

RULESET = ruleset_files.builtin_folder() / "pick-your-poison.toml"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
DOCUMENT = rulesets.parse_document(RULESET.name, RULESET.read_text(encoding="utf-8"))
# §3 quotas by round length, written out independently of the ruleset file and the code;
# the round5/round6 options change the 5- and 6-hand rounds.
OPTION_QUOTAS = {"1-2": (1, 2), "1-3": (1, 3), "2-2": (2, 2), "1-4": (1, 4)}


def quota(hands: int, round5: str, round6: str) -> tuple[int, int]:
    if hands == 4:
        return (1, 2)
    if hands == 5:
        return OPTION_QUOTAS[round5]
    if hands == 6:
        return OPTION_QUOTAS[round6]
    return (1, math.ceil(hands / 3))


def new_game(players: int, rounds: list[int], dealer: int, round5: str, round6: str) -> engine.Game:
    settings_ = [f"rounds={','.join(map(str, rounds))}", f"round5={round5}", f"round6={round6}"]
    event = table.new_event(
        str(RULESET), DOCUMENT, ",".join(NAMES[:players]), NAMES[dealer], "", "", "", settings_
    )
    return engine.start(event)


games_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(3, 8),
        "rounds": st.lists(st.integers(3, 8), min_size=1, max_size=3),
        "dealer": st.integers(0, 7),
        "round5": st.sampled_from(["1-2", "1-3"]),
        "round6": st.sampled_from(["2-2", "1-2", "1-3", "1-4"]),
    }
)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=games_strategy, data=st.data())
def test_random_legal_play_completes_every_rounds_quotas(setup, data):
    players, rounds = setup["players"], setup["rounds"]
    game = new_game(players, rounds, setup["dealer"] % players, setup["round5"], setup["round6"])
    names = game.players
    size = 51 // players  # §3: as many as go round with at least one left over
    a_suit, a_bid = st.sampled_from("SHDC"), st.integers(0, size)  # made once: checked when first drawn from
    while not game.finished:
        hand = game.hand
        assert hand.size == size
        engine.apply(game, events.TrumpSet(hand=hand.number, suit=data.draw(a_suit)))
        forced = poisons.forced(game, hand)
        assert poisons.forced_blind(game, hand) == [p for p in names if forced.get(p) == "blind"]
        assert poisons.must_not_look(game, hand) == poisons.forced_blind(game, hand)
        for player in poisons.picking_order(game, hand):
            legal = poisons.legal(game, hand, player)
            assert legal, f"{player} has no legal poison in hand {hand.number}"
            assert (len(legal) == 1) == (player in forced)
            for kind in sorted({"bid", "blind", "take"} - set(legal)):
                before = dict(hand.poisons)
                with pytest.raises(errors.RuleViolation):
                    engine.apply(game, _pick(hand.number, player, kind, 0))
                assert hand.poisons == before
            kind = data.draw(st.sampled_from(legal))
            bid = data.draw(a_bid)
            engine.apply(game, _pick(hand.number, player, kind, bid))
        assert poisons.must_not_look(game, hand) == []  # every forced blind bid is stated
        last_dealer = hand.dealer
        tricks = split(data.draw, size, players)
        engine.apply(
            game, events.TricksRecorded(hand=hand.number, tricks=dict(zip(names, tricks, strict=True)))
        )
        assert hand.closed
        if not game.finished:
            _assert_deal_passed(game, last_dealer)
    assert len(game.hands) == sum(rounds)
    _assert_quotas_met(game, rounds, setup["round5"], setup["round6"])


def _pick(number: int, player: str, kind: str, bid: int) -> events.PoisonsRecorded:
    pick = events.Poison(kind=kind, bid=None if kind == "take" else bid)
    return events.PoisonsRecorded(hand=number, poisons={player: pick})


def _assert_deal_passed(game: engine.Game, last_dealer: int) -> None:
    """§3: never the player who just dealt; the lowest total of the others; a tie to the
    first tied player going clockwise from the last dealer's left."""
    totals = game.totals()
    names = game.players
    dealer = game.hand.dealer
    assert dealer != last_dealer
    others = [names[(last_dealer + k) % len(names)] for k in range(1, len(names))]
    lowest = min(totals[p] for p in others)
    assert totals[names[dealer]] == lowest
    assert next(p for p in others if totals[p] == lowest) == names[dealer]


def _assert_quotas_met(game: engine.Game, rounds: list[int], round5: str, round6: str) -> None:
    first = 0
    for hands in rounds:
        low, high = quota(hands, round5, round6)
        played = game.hands[first : first + hands]
        for player in game.players:
            counts = Counter(h.poisons[player].kind for h in played)
            for kind in ("bid", "blind", "take"):
                assert low <= counts[kind] <= high, (hands, player, counts)
        first += hands


@given(
    totals=st.lists(st.integers(-30, 30), min_size=3, max_size=8),
    last=st.integers(0, 7),
)
def test_the_deal_never_stays_and_goes_to_the_nearest_lowest(totals, last):
    last %= len(totals)
    seat, why = schedule.lowest_score_dealer([Fraction(t) for t in totals], last, "highest")
    assert seat != last
    clockwise = [(last + k) % len(totals) for k in range(1, len(totals))]
    lowest = min(totals[s] for s in clockwise)
    assert totals[seat] == lowest
    assert seat == next(s for s in clockwise if totals[s] == lowest)
    assert str(why).startswith("lowest score" if lowest == min(totals) else "next-lowest score")
