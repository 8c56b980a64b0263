"""Property tests for Howard Fosdick's trick-avoidance games (RULES.md §4): random whole games,
the facts of every hand recorded in a random order, scored against the §4 table written out
here directly (an oracle independent of the ruleset files and of scoring.py).

Invariants: a hand closes on the entry that records its last scoring fact and not before;
every point is what the §4 table gives, moons and sweeps included; avoidance points are never
negative; Compendium's Acorn Hearts hand is exactly half of Acorn Hearts."""

from fractions import Fraction

from helpers import engine_game, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import engine, events

HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"]
QUEENS = ["QS", "QH", "QD", "QC"]

# §4's table: scoring card values, the first and last trick to their winner, the last trick
# to every opponent, a sweep, and a moon (the cards it needs, declared or not, its points).
GAMES = {
    "four-bad-queens": {"cards": {"QS": 2, "QH": 1, "QD": 1, "QC": 1}, "moon": ("declared", 0, 5, 5)},
    "four-mad-queens": {"cards": {"QH": 2, "QD": 2, "QS": 1, "QC": 1}, "last": 2},
    "slippery-paws": {"cards": {"QS": 1}, "first": 1, "last": 1, "sweep": 4},
    "finis": {"last": 1},
    "cruel-fate": {"last_others": 1},
    "acorn-hearts": {"cards": {**{h: 1 for h in HEARTS}, "QS": 4}, "moon": ("detected", 0, 12, None)},
}
HALF_ACORN = {"cards": {**{h: Fraction(1, 2) for h in HEARTS}, "QS": 2}, "moon": ("detected", 0, 6, None)}
COMPENDIUM = [GAMES[name] for name in list(GAMES)[:5]] + [HALF_ACORN]


def oracle(game_rules, players, took, first, last, moon):
    """Each player's points for one hand, straight from §4."""
    values = game_rules.get("cards", {})
    points = {p: Fraction(sum(values[c] for c in took[p])) for p in players}
    for which, winner in (("first", first), ("last", last)):
        if winner is not None:
            points[winner] += game_rules.get(which, 0)
    for p in players:
        if p != last:
            points[p] += game_rules.get("last_others", 0)
    if "sweep" in game_rules:
        penalties = {p: len(took[p]) + (p == first) + (p == last) for p in players}
        for p in players:
            if penalties[p] == len(values) + 2:
                points[p] = Fraction(game_rules["sweep"])
    if "moon" in game_rules:
        kind, taker, others, failed = game_rules["moon"]
        shooter = next((p for p in players if set(took[p]) == set(values)), None)
        if kind == "detected" and shooter is not None:
            points = {p: Fraction(taker if p == shooter else others) for p in players}
        if kind == "declared" and moon is not None:
            if shooter == moon:
                points = {p: Fraction(taker if p == moon else others) for p in players}
            else:
                points[moon] = Fraction(failed)
    return points


@st.composite
def hands(draw, game_rules, players, hand_number):
    """One hand's facts, and the entries that record them in a random order."""
    values = list(game_rules.get("cards", {}))
    a_player = st.sampled_from(players)  # made once: a strategy is checked when first drawn from
    owner = {c: draw(a_player) for c in values}
    if values and draw(st.booleans()):  # often enough, one player takes every scoring card
        sweeper = draw(a_player)
        owner = dict.fromkeys(values, sweeper)
    took = {p: [c for c in values if owner[c] == p] for p in players}
    first = draw(a_player) if "first" in game_rules else None
    last = draw(a_player) if {"last", "last_others"} & set(game_rules) else None
    if "sweep" in game_rules and draw(st.booleans()):
        first = last = owner["QS"]
    moon = None
    if game_rules.get("moon", ("",))[0] == "declared" and draw(st.booleans()):
        moon = draw(a_player)
    entries = []
    for p in players:
        cards = took[p]
        if cards:
            cut = draw(st.integers(0, len(cards) - 1))  # one or two entries for a player's cards
            entries += [
                events.CardsTaken(hand=hand_number, player=p, cards=part)
                for part in (cards[:cut], cards[cut:])
                if part
            ]
    if first is not None:
        entries.append(events.TrickAwarded(hand=hand_number, which="first", player=first))
    if last is not None:
        entries.append(events.TrickAwarded(hand=hand_number, which="last", player=last))
    entries = draw(st.permutations(entries))
    if moon is not None:
        entries = [events.MoonDeclared(hand=hand_number, player=moon), *entries]  # before play
    return took, first, last, moon, entries


def play_hand(game, game_rules, facts):
    took, first, last, moon, entries = facts
    hand = game.hand
    for k, entry in enumerate(entries):
        engine.apply(game, entry)
        assert hand.closed == (k == len(entries) - 1), "a hand closes on its last scoring fact"
    got = hand.points(game.players)
    assert got == oracle(game_rules, game.players, took, first, last, moon)
    assert all(v >= 0 for v in got.values())


PLAYERS = st.integers(3, 6).map(lambda n: ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:n])


@settings(max_examples=examples(80), deadline=None)
@given(name=st.sampled_from(list(GAMES)), players=PLAYERS, data=st.data())
def test_random_games_score_as_the_table_says(name, players, data):
    game = engine_game(name, players)
    total = {p: Fraction(0) for p in players}
    for number in range(1, len(players) + 1):  # one deal per player
        facts = data.draw(hands(GAMES[name], players, number))
        play_hand(game, GAMES[name], facts)
        for p, v in game.hands[number - 1].points(players).items():
            total[p] += v
    assert game.finished
    assert game.totals() == total
    best = min(total.values())
    assert game.winners() == [p for p in players if total[p] == best]  # lowest wins


@settings(max_examples=examples(50), deadline=None)
@given(players=PLAYERS, data=st.data())
def test_random_compendiums_play_each_game_once_and_halve_acorn_hearts(players, data):
    game = engine_game("compendium", players)
    for number, game_rules in enumerate(COMPENDIUM, start=1):
        assert game.hand.phase.title in game.ruleset.phases[number - 1].title
        play_hand(game, game_rules, data.draw(hands(game_rules, players, number)))
    assert game.finished and len(game.hands) == 6
    acorn = game.hands[5].points(players)
    assert sum(acorn.values()) in (6, 6 * (len(players) - 1))  # 8 × ½ + 2, or a moon's 6 each
