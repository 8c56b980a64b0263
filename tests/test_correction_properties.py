"""Property: a correction of a past hand re-tells the game exactly as if the right value had
been written the first time (RULES §6). A random legal game of any ruleset is corrected in
one closed hand; the result must equal the same game replayed with the corrected entry
written in its place from the start — every hand's dealer, size and points, the forfeits,
the end and the winner — or, where the right value makes a later entry illegal, the
correction must be refused naming that very entry."""

import random

from helpers import examples, load_bench
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import corrections, engine, errors, events

BENCH = load_bench()
RULESETS = [
    "oh-hell-mrpikes", "oh-hell-office", "pick-your-poison", "four-bad-queens", "four-mad-queens",
    "slippery-paws", "finis", "cruel-fate", "acorn-hearts", "compendium", "snakebit", "poison-nonesuch",
]  # fmt: skip
CORRECTABLE = (
    events.TricksRecorded, events.BidsRecorded, events.PoisonsRecorded, events.CardsTaken,
    events.TrickAwarded, events.TrumpSet,
)  # fmt: skip


def picture(game: engine.Game) -> dict:
    """Everything a correction may change, as plain values."""
    return {
        "hands": [
            (h.number, h.dealer, h.size, h.closed, {p: v for p, v in h.points(game.players).items()})
            for h in game.hands
        ],
        "forfeits": game.forfeits,
        "finished": game.finished,
        "winners": game.winners(),
        "totals": game.totals(),
    }


def told_right(log: list[events.AnyEvent]) -> engine.Game:
    """The game as if this log had been written at the table: play stops at the game's end."""
    game = engine.replay(log[:1])
    for position, event in enumerate(log[1:], start=1):
        if game.finished:
            break
        try:
            engine.apply(game, event)
        except errors.ScorekeeperError as exc:
            exc.position = position
            raise
    return game


def a_correction(game: engine.Game, log: list, rng: random.Random):
    """(the corrected fact, the log with the right value written in its place) or None."""
    closed = [h.number for h in game.hands if h.closed]
    candidates = [
        (i, e) for i, e in enumerate(log) if isinstance(e, CORRECTABLE) and getattr(e, "hand", 0) in closed
    ]
    if not candidates:
        return None
    i, old = rng.choice(candidates)
    players, hand = game.players, game.hands[old.hand - 1]
    right = list(log)
    if isinstance(old, events.TricksRecorded):
        givers = [p for p in players if old.tricks[p] > 0]
        giver, taker = rng.choice(givers), rng.choice(players)
        tricks = {**old.tricks}
        tricks[giver] -= 1
        tricks[taker] += 1
        fact = events.TricksRecorded(hand=old.hand, tricks={giver: tricks[giver], taker: tricks[taker]})
        right[i] = old.model_copy(update={"tricks": tricks})
    elif isinstance(old, events.BidsRecorded):
        player = rng.choice(list(old.bids))
        value = rng.randint(0, hand.size or 0)
        fact = events.BidsRecorded(hand=old.hand, bids={player: value})
        right[i] = old.model_copy(update={"bids": {**old.bids, player: value}})
    elif isinstance(old, events.PoisonsRecorded):
        player = rng.choice(list(old.poisons))
        kind = rng.choice(["bid", "blind", "take"])
        pick = events.Poison(kind=kind, bid=None if kind == "take" else rng.randint(0, hand.size or 0))
        fact = events.PoisonsRecorded(hand=old.hand, poisons={player: pick})
        right[i] = old.model_copy(update={"poisons": {**old.poisons, player: pick}})
    elif isinstance(old, events.CardsTaken):
        card, player = rng.choice(old.cards), rng.choice(players)
        fact = events.CardsTaken(hand=old.hand, player=player, cards=[card])
        rest = [c for c in old.cards if c != card]
        if rest:
            right[i : i + 1] = [old.model_copy(update={"cards": rest}), fact]
        else:
            right[i] = fact
    elif isinstance(old, events.TrickAwarded):
        fact = old.model_copy(update={"player": rng.choice(players)})
        right[i] = fact
    else:
        fact = events.TrumpSet(hand=old.hand, suit=rng.choice(game.deck.suits))
        right[i] = fact
    return fact, right


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 10_000), st.integers(0, 10_000))
def test_a_correction_retells_the_game_as_if_written_right(ruleset, seed, pick):
    log = events.parse_all(BENCH.random_game(ruleset, seed))
    game = engine.replay(log)
    made = a_correction(game, log, random.Random(pick))
    if made is None:
        return
    fact, right = made
    corrected_log = [*log, events.Corrected(fact=fact)]
    try:
        expected = told_right(right)
    except errors.ScorekeeperError as refusal:
        # the right value makes some entry illegal: the correction is refused, naming it
        try:
            engine.replay(corrected_log)
        except corrections.NoLongerFits as exc:
            entry = right[refusal.position]
            assert exc.event == entry or exc.position == len(log), (exc, refusal)
            assert str(refusal) in str(exc)
        else:
            raise AssertionError(f"the correction was not refused, but the right game refuses: {refusal}")
        return
    corrected = engine.replay(corrected_log)
    assert picture(corrected) == picture(expected)
    assert [c.fact for c in corrected.corrections] == [fact]
