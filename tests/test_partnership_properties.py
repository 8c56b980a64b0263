"""Property tests: random legal games of Spades and Euchre, played on the engine with random
options, score exactly what a plain scorer written from RULES.md §7 (below, in a few lines,
without the engine's code) says, hand by hand, and end when §7 says they end."""

from helpers import engine_game, examples, split
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import engine, entries

NAMES = ["Ann", "Bob", "Cat", "Dan"]
SIDES = [("Ann", "Cat"), ("Bob", "Dan")]  # partners opposite


def plain_spades_hand(bids, blind, tricks, bags, opt):
    """§7, one hand: each side's points and bags after it. `bids` per player ('nil' or a
    number), `blind` the blind nil bidders, `bags` what each side brings."""
    points, after = [], []
    for side, players in enumerate(SIDES):
        nils = [p for p in players if bids[p] == "nil"]
        bidders = [p for p in players if bids[p] != "nil"]
        contract = sum(bids[p] for p in bidders)
        counted = sum(tricks[p] for p in bidders)
        nil_tricks = sum(tricks[p] for p in nils)
        if opt["nil_tricks"] == "contract" and contract:
            counted, nil_tricks = counted + nil_tricks, 0
        score, new_bags = 0, nil_tricks
        if contract:
            if counted >= contract:
                score += 10 * contract + (counted - contract)  # made, 1 a bag
                new_bags += counted - contract
            else:
                score -= 10 * contract  # set
        else:
            score += counted  # two nils: no contract, every trick a bag
            new_bags += counted
        score += nil_tricks  # a nil bidder's tricks are bags: 1 each
        for p in nils:
            value = 200 if p in blind else 100
            score += value if tricks[p] == 0 else -value
        total = bags[side] + new_bags
        if opt["bag_limit"]:
            while total >= opt["bag_limit"]:
                score -= 100
                total -= opt["bag_limit"]
        points.append(score)
        after.append(total)
    return points, after


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["bags", "contract"]), st.sampled_from([10, 5, 0]), st.sampled_from([100, 0]))
def test_random_spades_games_score_as_section_7_says(data, nil_tricks, bag_limit, behind):
    draw = data.draw
    opt = {"nil_tricks": nil_tricks, "bag_limit": bag_limit}
    settings_ = [f"nil_tricks={nil_tricks}", f"bag_limit={bag_limit}", f"blind_nil_behind={behind}", "target=300"]
    game = engine_game("spades", NAMES, settings_)
    scores, bags = [0, 0], [0, 0]
    while not game.finished and len(game.hands) <= 30:
        words, bids, blind = [], {}, set()
        for side, players in enumerate(SIDES):
            for p in players:
                kind = draw(st.sampled_from(["number", "number", "nil", "bn", "0"]))
                behind_by = scores[1 - side] - scores[side]
                if kind == "bn" and behind_by >= behind:
                    words.append(f"{p}=bn")
                    bids[p], _ = "nil", blind.add(p)
                elif kind in ("nil", "0"):
                    words.append(f"{p}={kind}")
                    bids[p] = "nil"
                else:
                    bid = draw(st.integers(1, 6))
                    words.append(f"{p}={bid}")
                    bids[p] = bid
        engine.apply(game, entries.bids(game, [w for p in NAMES for w in words if w.startswith(p)]))
        took = dict(zip(NAMES, split(draw, 13, 4), strict=True))
        engine.apply(game, entries.tricks(game, [str(took[p]) for p in NAMES]))
        hand = game.hands[-1] if game.finished else game.hands[-2]
        points, bags = plain_spades_hand(bids, blind, took, bags, opt)
        scores = [scores[0] + points[0], scores[1] + points[1]]
        scored = hand.points(game.players)
        assert [scored["Ann"], scored["Bob"]] == points and scored["Cat"] == points[0] and scored["Dan"] == points[1]
        assert list(hand.bags) == bags
        # §7's end: a side at 300 (the target set here) or at -200 or below; a tie at the top plays on
        over = max(scores) >= 300 or min(scores) <= -200
        assert game.finished == (over and scores[0] != scores[1])
    if game.finished:
        winner = 0 if scores[0] > scores[1] else 1
        assert game.winners() == list(SIDES[winner])


def plain_euchre_hand(maker, alone, took, defender):
    """§7, one hand: (the side that scores, its points)."""
    makers = next(side for side in SIDES if maker in side)
    others = next(side for side in SIDES if maker not in side)
    if took == 5:
        return makers, 4 if alone else 2
    if took >= 3:
        return makers, 1
    return others, 4 if defender else 2


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([5, 7, 10, 11]))
def test_random_euchre_games_score_as_section_7_says(data, target):
    draw = data.draw
    game = engine_game("euchre", NAMES, [f"target={target}", "defend_alone=true"])
    scores = {side: 0 for side in SIDES}
    while not game.finished:
        maker = draw(st.sampled_from(NAMES))
        alone = draw(st.booleans())
        defender = None
        if alone and draw(st.booleans()):
            defender = draw(st.sampled_from([p for p in NAMES if not any(maker in s and p in s for s in SIDES)]))
        engine.apply(game, entries.make(game, maker, draw(st.sampled_from("shdc")), draw(st.booleans()), alone, defender, None))
        took = draw(st.integers(0, 5))
        engine.apply(game, entries.tricks(game, [str(took)]))
        side, points = plain_euchre_hand(maker, alone, took, defender)
        scores[side] += points
        hand = game.hands[-1] if game.finished else game.hands[-2]
        scored = hand.points(game.players)
        assert all(scored[p] == (points if p in side else 0) for p in NAMES)
        assert game.finished == (max(scores.values()) >= target)
    assert game.winners() == list(max(scores, key=scores.get))
