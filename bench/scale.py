"""Scale: a store holding many finished games. Fills a store with N synthetic games of mixed
rulesets, played through the domain (entries judged by the engine, appended by the store as
any command does; never hand-written SQL), then times `standings` on one game against the
same game alone in an empty store, and `stats` over every game, cold (every game replayed and
its summary cached) and warm (the usual case: only games changed since are replayed).

    python bench/scale.py [--games 10000] [--runs 7] [--keep DIR | --reuse DIR] [--no-cold]

Goals: `standings` with 10,000 games in the store within 1.1x of an empty store; `stats`
over 10,000 games under 2 s. `random_game` is also what the tests use to play a legal game
of any ruleset.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import table
from scorekeeper.core import engine, errors, events, rulesets, state
from scorekeeper.storage import ruleset_files, store

# The mix: every built-in ruleset that validates, each with a player count it allows.
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
NAMES_POOL = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
MAX_HANDS = 80  # a safety net for threshold games; the bias below ends them long before


def mix() -> list[str]:
    """The rulesets to play: the built-in ones that load."""
    names = []
    for name, where in ruleset_files.available(None):
        if where != "built-in":
            continue
        try:
            ruleset_files.load(name, None)
        except errors.ScorekeeperError:
            continue
        names.append(name)
    return names


# --- one synthetic game ----------------------------------------------------------------------


def _split(total: int, parts: int, rng: random.Random) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _entry(game: engine.Game, rng: random.Random) -> events.AnyEvent:
    """A plausible entry for what the hand in progress needs next."""
    hand, players = game.hand, game.players
    n, size = hand.number, hand.size or 0
    need = game.needs()[0]
    if need == "flip":
        return events.CardFlipped(hand=n, card=rng.choice(game.deck.cards).code)
    if need == "cursed":
        return events.CursedSet(hand=n, suit=rng.choice(_unused(game, "cursed", game.ruleset.cursed)))
    if need == "trump":
        return events.TrumpSet(hand=n, suit=rng.choice(_unused(game, "trump", game.ruleset.trump)))
    if need == "bids":
        return events.BidsRecorded(
            hand=n,
            bids={p: max(0, min(size, round(size / len(players) + rng.uniform(-1.5, 1.5)))) for p in players},
        )
    if need == "poisons":
        return _poisons(game, hand, rng)
    if need == "tricks":
        return events.TricksRecorded(hand=n, tricks=_tricks(hand, players, size, rng))
    if need == "took":
        return _took(game, hand, rng)
    if need in ("first", "last"):
        return events.TrickAwarded(hand=n, which=need, player=rng.choice(players))
    raise AssertionError(f"the bench does not know how to record {need!r}")


def _tricks(hand: engine.Hand, players: list[str], size: int, rng: random.Random) -> dict[str, int]:
    """Tricks near what was bid, as at a real table: most bids are made, some missed."""
    said = {p: hand.bids.get(p, hand.poisons[p].bid if p in hand.poisons else None) for p in players}
    if any(v is None for v in said.values()) or rng.random() < 0.2:
        return dict(zip(players, _split(size, len(players), rng), strict=True))
    took = {p: v or 0 for p, v in said.items()}
    while sum(took.values()) != size:
        if sum(took.values()) > size:
            p = rng.choice([p for p in players if took[p] > 0])
            took[p] -= 1
        else:
            took[rng.choice(players)] += 1
    return took


def _unused(game: engine.Game, what: str, rule: rulesets.Trump | None) -> list[str]:
    """Suits that may turn up: for a Decktet pile, those not yet turned in this run through it."""
    suits = list(game.deck.suits)
    if rule is None or not rule.no_repeat:
        return suits
    start = (game.hand.number - 1) // len(suits) * len(suits)
    used = {getattr(h, what) for h in game.hands[start : game.hand.number - 1]}
    return [s for s in suits if s not in used] or suits


def _poisons(game: engine.Game, hand: engine.Hand, rng: random.Random) -> events.PoisonsRecorded:
    from scorekeeper.core.families import poisons

    size = hand.size or 0
    picks = {}
    for p in poisons.picking_order(game, hand):
        kind = rng.choice(poisons.legal(game, hand, p))
        bid = (
            None
            if kind == "take"
            else max(0, min(size, round(size / len(game.players) + rng.uniform(-1.5, 1.5))))
        )
        picks[p] = events.Poison(kind=kind, bid=bid)
    return events.PoisonsRecorded(hand=hand.number, poisons=picks)


def _took(game: engine.Game, hand: engine.Hand, rng: random.Random) -> events.CardsTaken:
    cards = [c.code for c in game.untaken(hand)]
    players = game.players
    room = {p: len(cards) for p in players}
    if hand.tricks is not None:  # a player holds no more cards than their tricks hold (Snakebit)
        width = len(players)
        room = {p: width * hand.tricks[p] - len(hand.taken.get(p, [])) for p in players}
        players = [p for p in players if room[p] > 0]
    if hand.moon is not None and rng.random() < 0.6:
        return events.CardsTaken(hand=hand.number, player=hand.moon, cards=cards)
    if hand.tricks is None and rng.random() < 0.03:  # now and then one player takes every scoring card
        return events.CardsTaken(hand=hand.number, player=rng.choice(players), cards=cards)
    if game.ruleset.end.threshold is not None:  # load the trailing player, so the game ends
        totals = game.totals()
        players = sorted(players, key=lambda p: totals[p])[:1] + players
    who = rng.choice(players)
    mine = ([c for c in cards if rng.random() < 0.5] or cards[:1])[: room[who]]
    return events.CardsTaken(hand=hand.number, player=who, cards=mine)


def _extras(game: engine.Game, rng: random.Random) -> list[events.AnyEvent]:
    """Now and then: a comment, a renege, a declared moon."""
    hand, out = game.hand, []
    if rng.random() < 0.08:
        out.append(
            events.CommentAdded(hand=hand.number, text=rng.choice(["nice one", "=SUM(A1)", "bid 5, took 0"]))
        )
    if game.ruleset.reneges and rng.random() < 0.03:
        out.append(
            events.RenegeRecorded(
                hand=hand.number, player=rng.choice(game.players), kind=game.ruleset.reneges[0].kind
            )
        )
    if any(isinstance(a, rulesets.Moon) and a.declared for a in hand.phase.adjust) and rng.random() < 0.05:
        out.append(events.MoonDeclared(hand=hand.number, player=rng.choice(game.players)))
    return out


def random_game(ruleset: str, seed: int, players: list[str] | None = None, name: str = "") -> list[dict]:
    """The entries (JSON bodies) of a whole legal game of `ruleset`, played at random."""
    rng = random.Random(seed)
    origin, text = ruleset_files.find(ruleset, None)
    document = rulesets.parse_document(origin, text)
    rules = rulesets.validate(origin, document)
    if players is None:
        count = rng.randint(rules.min_players, min(rules.max_players, 5))
        players = rng.sample(NAMES_POOL, count)
    started = table.new_event(origin, document, ",".join(players), None, name, "Bench", "", [])
    log: list[events.AnyEvent] = [started]
    game = engine.replay(log)
    extras_done = 0
    while not game.finished and game.hand.number <= MAX_HANDS:
        if extras_done < game.hand.number and not state.play_started(game.hand):
            extras_done = game.hand.number
            for extra in _extras(game, rng):
                if _try(game, extra):
                    log.append(extra)
                else:
                    game = engine.replay(log)
            continue
        for _ in range(200):
            event = _entry(game, rng)
            if _try(game, event):
                log.append(event)
                break
            game = engine.replay(log)  # a refused entry may have half-applied: start clean
        else:
            raise AssertionError(
                f"no legal entry found for {ruleset} hand {game.hand.number}: {game.needs()}"
            )
    return [e.data() for e in log]


def _try(game: engine.Game, event: events.AnyEvent) -> bool:
    try:
        engine.apply(game, event)
    except errors.ScorekeeperError:
        return False
    return True


def _game_of(task: tuple[str, int]) -> list[dict]:
    return random_game(*task)


# --- filling and timing ----------------------------------------------------------------------


def fill(folder: Path, count: int, seed: int = 1) -> list[str]:
    """Play `count` games into the store in `folder` (the work spread over the CPUs); their ids."""
    names = mix()
    tasks = [(names[i % len(names)], seed * 1_000_003 + i) for i in range(count)]
    ids = []
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool, store.Store(folder) as db:
        for bodies in pool.imap(_game_of, tasks, chunksize=16):
            gid = bodies[0]["game_id"]
            with db.writing(gid) as writer:
                for body in bodies:
                    writer.append(body)
            ids.append(gid)
        db.set_current_game(ids[-1])
    return ids


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of a command. The CPU time is the one to trust
    on a busy machine: waiting for a core counts in the wall time only."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="fill this folder and keep it (default: a temporary one)")
    parser.add_argument(
        "--no-cold", action="store_true", help="skip the cold `stats` (minutes for 10,000 games)"
    )
    parser.add_argument(
        "--reuse", type=Path, help="time a store filled before (with --keep) instead of filling one"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        big = args.reuse or args.keep or Path(scratch) / "big"
        small = Path(scratch) / "small"
        if args.reuse is None:
            start = time.perf_counter()
            ids = fill(big, args.games)
            print(f"filled {len(ids)} games ({', '.join(mix())}) in {time.perf_counter() - start:.0f} s")
        with store.Store(big) as db:
            count = len(db.games())
        size = (big / store.Store.FILENAME).stat().st_size
        print(
            f"store: {count} games, {size / 1e6:.0f} MB; {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
        )
        # The same game alone in an empty store: export it and import it there.
        py = [sys.executable, "-m", "scorekeeper"]
        env_big = {**os.environ, "SCOREKEEPER_HOME": str(big)}
        env_small = {**os.environ, "SCOREKEEPER_HOME": str(small)}
        sheet = Path(scratch) / "one.json"
        subprocess.run(
            [*py, "sheet", "--format", "json", "--output", str(sheet)],
            env=env_big,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        subprocess.run([*py, "import", str(sheet)], env=env_small, check=True, stdout=subprocess.DEVNULL)
        alone, among = [], []
        for _ in range(args.runs + 1):  # taken in turns, so a change in the machine's load hits both
            alone.append(timed([*py, "standings"], env_small))
            among.append(timed([*py, "standings"], env_big))
        (alone_wall, alone_cpu), (among_wall, among_cpu) = medians(alone[1:]), medians(among[1:])
        print(
            f"standings, its game alone in a store: {alone_wall * 1000:6.0f} ms wall, {alone_cpu * 1000:4.0f} ms CPU"
        )
        print(
            f"standings, among {count} games:      {among_wall * 1000:6.0f} ms wall, {among_cpu * 1000:4.0f} ms CPU"
            f"  ({among_wall / alone_wall:.2f}x wall, {among_cpu / alone_cpu:.2f}x CPU)"
        )
        if not args.no_cold:
            cold_wall, cold_cpu = timed([*py, "stats", "--rebuild"], env_big)
            print(f"stats, cold (replays every game):  {cold_wall:6.1f} s wall, {cold_cpu:6.1f} s CPU")
        timed([*py, "stats"], env_big)
        warm_wall, warm_cpu = medians([timed([*py, "stats"], env_big) for _ in range(args.runs)])
        print(f"stats, no game changed since:      {warm_wall:6.2f} s wall, {warm_cpu:6.2f} s CPU")
        changed = []
        for _ in range(3):  # a game changes (an entry taken back): it alone is replayed
            subprocess.run([*py, "undo"], env=env_big, check=True, stdout=subprocess.DEVNULL)
            changed.append(timed([*py, "stats"], env_big))
        one_wall, one_cpu = medians(changed)
        print(f"stats, one game changed since:     {one_wall:6.2f} s wall, {one_cpu:6.2f} s CPU")


if __name__ == "__main__":
    main()
