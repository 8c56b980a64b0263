"""How good the ratings are, measured on games whose players' strengths are known.

A pool of players is given true strengths; each game seats 4 to 6 of them (anyone with
anyone, or mostly within circles of like strength, see `season`), and each finishes by a
noisy performance (strength plus Gaussian noise), ties as ties. Before each
game, every method names its favourite at that table; after it, the game is rated. Reported,
as published evaluations of multiplayer ratings do, after 50, 200 and 1,000 games:

  win      how often the favourite won the game (over the games so far)
  top 3    how often the favourite finished in the top 3
  rho      Spearman's rank correlation of the method's ranking with the true strengths

Methods: the ratings `ratings` shows (openskill's Plackett-Luce via scorekeeper.ratings,
ranked by mu - 3 sigma, and by mu), and two baselines: win rate, and average finishing place
(scaled to the table: first 0, last 1). The true strengths give the ceiling.

    python bench/ratings.py                     # 20 seasons each way, the figures in the README
    python bench/ratings.py --runs 5 --seed 3 --noise 1.5 --seating circles
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import ratings

CHECKPOINTS = (50, 200, 1000)
METHODS = ("rating (mu - 3 sigma)", "mu", "win rate", "average place", "true strength")


def season(rng: random.Random, players: int, games: int, noise: float, seating: str):
    """(true strengths, games): each game the players seated and their places. Seating
    `random`: any 4-6 of the pool. `circles`: as clubs play, mostly within circles of players
    of like strength (four circles by strength; 80% of games seat one circle), and some
    players come three times as often as others."""
    strength = [rng.gauss(0, 1) for _ in range(players)]
    by_strength = sorted(range(players), key=lambda p: strength[p])
    circles = [by_strength[i * players // 4 : (i + 1) * players // 4] for i in range(4)]
    attendance = [rng.choice((1, 1, 3)) for _ in range(players)]
    played = []
    for _ in range(games):
        size = rng.randint(4, 6)
        if seating == "random":
            table = rng.sample(range(players), size)
        else:
            pool = rng.choice(circles) if rng.random() < 0.8 else list(range(players))
            table = _weighted_sample(rng, pool, [attendance[p] for p in pool], min(size, len(pool)))
        # performances rounded to a tenth, so that close finishes tie now and then
        performance = {p: round(strength[p] + rng.gauss(0, noise), 1) for p in table}
        places = {p: 1 + sum(performance[q] > performance[p] for q in table) for p in table}
        played.append(places)
    return strength, played


def _weighted_sample(rng: random.Random, pool: list[int], weights: list[int], k: int) -> list[int]:
    chosen: list[int] = []
    while len(chosen) < k:
        p = rng.choices(pool, weights)[0]
        if p not in chosen:
            chosen.append(p)
    return chosen


class Baselines:
    """Wins and scaled places per player, so far."""

    def __init__(self, players: int) -> None:
        self.games = [0] * players
        self.wins = [0] * players
        self.place_sum = [0.0] * players

    def add(self, places: dict[int, int]) -> None:
        n = len(places)
        for p, place in places.items():
            self.games[p] += 1
            self.wins[p] += place == 1
            self.place_sum[p] += (place - 1) / (n - 1)

    def win_rate(self, p: int) -> float:
        return self.wins[p] / self.games[p] if self.games[p] else 0.2  # unplayed: about a table's share

    def average_place(self, p: int) -> float:
        return -(self.place_sum[p] / self.games[p]) if self.games[p] else -0.5  # higher is better


def spearman(a: list[float], b: list[float]) -> float:
    def ranks(xs: list[float]) -> list[float]:
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        out = [0.0] * len(xs)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var if var else 0.0


def run(seed: int, players: int, noise: float, seating: str) -> dict[str, dict[int, tuple[float, float, float]]]:
    """One season: per method, per checkpoint, (win share, top-3 share, rho)."""
    rng = random.Random(seed)
    strength, played = season(rng, players, max(CHECKPOINTS), noise, seating)
    pl = ratings.model()
    rated = [pl.rating() for _ in range(players)]
    base = Baselines(players)
    score = {
        METHODS[0]: lambda p: rated[p].mu - 3 * rated[p].sigma,
        METHODS[1]: lambda p: rated[p].mu,
        METHODS[2]: base.win_rate,
        METHODS[3]: base.average_place,
        METHODS[4]: lambda p: strength[p],
    }
    won = dict.fromkeys(METHODS, 0)
    top3 = dict.fromkeys(METHODS, 0)
    out: dict[str, dict[int, tuple[float, float, float]]] = {m: {} for m in METHODS}
    for g, places in enumerate(played, start=1):
        table = list(places)
        rng.shuffle(table)  # a tie for favourite goes to a random one of them
        for method, value in score.items():
            favourite = max(table, key=value)
            won[method] += places[favourite] == 1
            top3[method] += places[favourite] <= 3
        after = ratings.rate_game(pl, [rated[p] for p in places], list(places.values()), [1.0] * len(places))
        for p, r in zip(places, after, strict=True):
            rated[p] = r
        base.add(places)
        if g in CHECKPOINTS:
            for method, value in score.items():
                rho = spearman([value(p) for p in range(players)], strength)
                out[method][g] = (won[method] / g, top3[method] / g, rho)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="seasons, each with its own players")
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--noise", type=float, default=1.0, help="spread of a game's luck, against strengths of spread 1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seating", choices=("random", "circles", "both"), default="both")
    args = parser.parse_args()
    for seating in ("random", "circles") if args.seating == "both" else (args.seating,):
        report(args, seating)


def report(args: argparse.Namespace, seating: str) -> None:
    runs = [run(args.seed + i, args.players, args.noise, seating) for i in range(args.runs)]
    print(
        f"\nSeating {seating}: {args.runs} seasons, {args.players} players, tables of 4-6, luck {args.noise} "
        "against strength 1; the favourite's wins and top-3 finishes over the games so far, and "
        "Spearman's rho with the true strengths"
    )
    header = "| method | " + " | ".join(f"after {c}: win / top 3 / rho" for c in CHECKPOINTS) + " |"
    print(header)
    print("|---" * (len(CHECKPOINTS) + 1) + "|")
    for method in METHODS:
        cells = []
        for c in CHECKPOINTS:
            w, t, r = (statistics.fmean(run_[method][c][i] for run_ in runs) for i in range(3))
            cells.append(f"{100 * w:.0f}% / {100 * t:.0f}% / {r:.2f}")
        print(f"| {method} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
