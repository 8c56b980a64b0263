"""Ratings from sides: in a partnership game (Spades, Euchre) each side is one of openskill's
teams, its two players together, ranked at the side's place; checked against openskill's
Plackett-Luce run directly on the same teams and ranks."""

import math

from helpers import new_game
from openskill.models import PlackettLuce


def march(sk, maker, times):
    for _ in range(times):
        sk("make", maker, "hearts")
        sk("tricks", 5)  # a march: 2 to the maker's side


def test_euchre_rates_each_side_as_one_team_at_its_place(sk):
    # Game 1: Ann & Cat (1st and 3rd) march 3 times: 6, over the target of 5; Bob & Dan 0.
    new_game(sk, "euchre", "Ann,Bob,Cat,Dan", "target=5")
    march(sk, "Ann", 3)
    assert sk.json("standings")["winners"] == ["Ann", "Cat"]
    # Game 2: partners changed (Ann & Bob against Cat & Dan): Dan marches 3 times.
    new_game(sk, "euchre", "Ann,Cat,Bob,Dan", "target=5")
    march(sk, "Dan", 3)
    # Game 3: Ann & Dan against Bob & Cat, 2 hands whatever the scores (a progressive round):
    # each side makes 3 tricks once, 1 each: a tie, both sides first.
    new_game(sk, "euchre", "Ann,Bob,Dan,Cat", "hands=2")
    sk("make", "Ann", "spades")
    sk("tricks", 3)
    sk("make", "Bob", "spades")
    sk("tricks", 3)
    assert [s["place"] for s in sk.json("standings")["sides"]] == [1, 1]

    pl = PlackettLuce()
    r = {name: pl.rating(name=name.casefold()) for name in ("Ann", "Bob", "Cat", "Dan")}

    def game(first, second, ranks):
        (a, b), (c, d) = pl.rate([[r[first[0]], r[first[1]]], [r[second[0]], r[second[1]]]], ranks=ranks)
        r.update({first[0]: a, first[1]: b, second[0]: c, second[1]: d})

    game(("Ann", "Cat"), ("Bob", "Dan"), [1.0, 2.0])
    game(("Cat", "Dan"), ("Ann", "Bob"), [1.0, 2.0])
    game(("Ann", "Dan"), ("Bob", "Cat"), [1.0, 1.0])

    got = {p["name"]: p for p in sk.json("ratings")["players"]}
    assert set(got) == set(r)
    for name, rating in r.items():
        assert math.isclose(got[name]["mu"], rating.mu, abs_tol=5e-4), name
        assert math.isclose(got[name]["sigma"], rating.sigma, abs_tol=5e-4), name
        assert got[name]["games"] == 3
    # two partners who start equal move together: a side is rated as one
    after_one = pl.rate([[pl.rating(), pl.rating()], [pl.rating(), pl.rating()]], ranks=[1.0, 2.0])
    assert after_one[0][0].mu == after_one[0][1].mu > after_one[1][0].mu == after_one[1][1].mu


def test_a_side_is_one_openskill_team_and_other_games_rate_player_by_player():
    from scorekeeper import ratings

    pl = ratings.model()
    before = [pl.rating(mu=25 + i, sigma=8 - i / 2, name=n) for i, n in enumerate(["ann", "cat", "bob", "dan"])]
    got = ratings.rate_game(pl, before, [1, 1, 2, 2], [1.0] * 4, teams=[0, 0, 1, 1])
    teams = PlackettLuce().rate([before[:2], before[2:]], ranks=[1.0, 2.0])
    assert [x.mu for x in got] == [x.mu for team in teams for x in team]
    assert [x.sigma for x in got] == [x.sigma for team in teams for x in team]
    alone = ratings.rate_game(pl, before, [1, 1, 2, 2], [1.0] * 4)
    assert [x.mu for x in alone] != [x.mu for x in got]  # four teams of one, two tied for first: not the same
