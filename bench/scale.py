"""Scale: every command at the same speed however many games the store holds. Fills a store
with N synthetic games of mixed rulesets, played through the domain (entries judged by the
engine, appended by the store as any command does; never hand-written SQL), and times each
command on it against the same command on a store holding one game, in turns, in one run:

    python bench/scale.py [--games 10000] [--runs 7] [--keep DIR | --reuse DIR]
    python bench/scale.py --reuse DIR --against CHECKOUT [--runs 3]

With --against, only `verify` and `stats --rebuild` are timed, on the large store only: this
code and the code of another checkout of the repository (a git worktree, put first on
PYTHONPATH), in turns, each row's ratio this code / that code.

Each row is a ratio against the one-game store (wall and CPU; CPU is the figure to trust on a
busy machine), printed with the load average. Targets: an entry, `status` and a `play` reply
with 10,000 other games within 1.1x (CPU) of one game; `games` within 1.3x; `verify` over
10,000 games within 5 s; replaying the 19-hand demo game within 0.5 ms CPU, so `stats
--rebuild` over 10,000 games within 15 s; an entry in a 300-hand game within 1.3x of one in a
19-hand game. `random_game` is also what the tests use to play a legal game of any ruleset.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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
    if need == "make":  # Euchre: someone makes trump (now and then all pass), then the makers' tricks
        if rng.random() < 0.05 and not any(getattr(r, "stick_the_dealer", False) for r in hand.phase.scoring):
            return events.TrumpMade(hand=n, player=None)
        return events.TrumpMade(
            hand=n, player=rng.choice(players), suit=rng.choice(game.deck.suits),
            ordered_up=rng.random() < 0.5, alone=rng.random() < 0.1,
        )  # fmt: skip
    if need == "tricks" and hand.making is not None:
        return events.TricksRecorded(hand=n, tricks={hand.making.player: rng.choice([1, 2, 3, 3, 4, 4, 5])})
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


def random_game(
    ruleset: str,
    seed: int,
    players: list[str] | None = None,
    name: str = "",
    settings: tuple[str, ...] = (),
    until_hand: int | None = None,
) -> list[dict]:
    """The entries (JSON bodies) of a whole legal game of `ruleset`, played at random (with
    `until_hand`, only until that hand is dealt)."""
    rng = random.Random(seed)
    origin, text = ruleset_files.find(ruleset, None)
    document = rulesets.parse_document(origin, text)
    rules = rulesets.validate(origin, document)
    if players is None:
        count = rng.randint(rules.min_players, min(rules.max_players, 5))
        players = rng.sample(NAMES_POOL, count)
    started = table.new_event(origin, document, ",".join(players), None, name, "Bench", "", list(settings))
    log: list[events.AnyEvent] = [started]
    game = engine.replay(log)
    extras_done = 0
    while not game.finished and (game.hand.number <= MAX_HANDS if until_hand is None else game.hand.number < until_hand):
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


def timed(argv: list[str], env: dict[str, str], stdin: str | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of a command. The CPU time is the one to trust
    on a busy machine: waiting for a core counts in the wall time only."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, input=stdin, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


PY = [sys.executable, "-m", "scorekeeper"]


class Row:
    """One line of the table: a command on the one-game store and on the large one."""

    def __init__(self, what: str, target: str) -> None:
        self.what, self.target = what, target
        self.alone: list[tuple[float, float]] = []
        self.among: list[tuple[float, float]] = []

    def show(self, unit: str = "ms") -> str:
        (aw, ac), (bw, bc) = medians(self.alone), medians(self.among)
        scale = 1000 if unit == "ms" else 1
        return (
            f"{self.what:<34} {aw * scale:8.1f} {ac * scale:8.1f} {unit:<2}  {bw * scale:8.1f} {bc * scale:8.1f} {unit:<2}"
            f"  {bw / aw:5.2f}x {bc / ac:5.2f}x   {self.target}"
        )


def in_turns(row: Row, runs: int, alone: Callable[[], tuple[float, float]], among: Callable[[], tuple[float, float]]) -> None:
    """Time both, in turns (so a change in the machine's load hits both), the first of each
    dropped as a warm-up."""
    for i in range(runs + 1):
        a, b = alone(), among()
        if i:
            row.alone.append(a)
            row.among.append(b)


def an_entry(env: dict[str, str]) -> tuple[float, float]:
    """`sk trump h` on the game in progress, then (untimed) `sk undo` to take it back."""
    spent = timed([*PY, "trump", "h"], env)
    subprocess.run([*PY, "undo"], env=env, check=True, stdout=subprocess.DEVNULL)
    return spent


def play_replies(env: dict[str, str], entries: int) -> tuple[float, float]:
    """(wall, CPU) of one reply in `sk play` (lines on standard input: the trump, then undo,
    over and over), net of the session's start: a session of `entries` lines less an empty one.
    Each session has a game begun for it, so that every one times the same work (a game that
    went on from session to session grew, and an undo replays it); afterwards, untimed, that
    game is abandoned and the game in progress before made current again."""
    def sk(*args: str) -> str:
        return subprocess.run([*PY, *args], env=env, check=True, capture_output=True, text=True).stdout

    before = json.loads(sk("standings", "--json"))["game"]
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Bob")
    lines = "".join("h\nundo\n" for _ in range(entries // 2))
    full, empty = timed([*PY, "play"], env, lines), timed([*PY, "play"], env, "")
    sk("abandon")
    sk("use", before)
    return (full[0] - empty[0]) / entries, (full[1] - empty[1]) / entries


def replay_cpu(bodies: list[dict], times: int = 50) -> float:
    """CPU seconds of one replay of a game's entries, in this process (the best of 5 batches)."""
    best = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(times):
            engine.from_log(bodies)
        best.append((time.process_time() - start) / times)
    return min(best)


def long_game(folder: Path, hands: int, seed: int) -> str:
    """Start a game of Four Bad Queens planned for 400 hands and play it at random until hand
    `hands` is dealt, into the store in `folder`; its id."""
    bodies = random_game("four-bad-queens", seed, ["Ann", "Bob", "Cat", "Dan"], "", ("hands=400",), until_hand=hands)
    gid = bodies[0]["game_id"]
    with store.Store(folder) as db:
        with db.writing(gid, new=True) as writer:
            for body in bodies:
                writer.append(body)
        db.set_current_game(gid)
    return gid


def against(big: Path, other: Path, runs: int) -> None:
    """`verify` and `stats --rebuild` on the store in `big`, this code and the code in the
    checkout `other` in turns (pairs of runs, which goes first alternating), the medians of
    each and their ratios, with the load average."""
    here = Path(__file__).resolve().parents[1]
    envs = {
        code: {**os.environ, "SCOREKEEPER_HOME": str(big), "PYTHONPATH": str(code)} for code in (here, other.resolve())
    }
    load_before = os.getloadavg()
    print(f"this code: {here}; against: {other.resolve()}; {os.cpu_count()} CPUs, load {load_before[0]:.2f}")
    print(f"{'':<34} {'against (wall, CPU)':>22}  {'this code (wall, CPU)':>22}  {'ratio':>13}")
    for what, argv in (("verify", ["verify"]), ("stats --rebuild", ["stats", "--rebuild"])):
        row = Row(what, "")
        timed([*PY, *argv], envs[here])  # a warm-up: the store's pages read once
        for i in range(runs):
            first, second = (here, other.resolve()) if i % 2 else (other.resolve(), here)
            spent = {first: timed([*PY, *argv], envs[first]), second: timed([*PY, *argv], envs[second])}
            row.alone.append(spent[other.resolve()])
            row.among.append(spent[here])
            print(f"  {what} run {i + 1}: against {spent[other.resolve()][0]:.2f} s wall {spent[other.resolve()][1]:.2f} s CPU,"
                  f" this code {spent[here][0]:.2f} s wall {spent[here][1]:.2f} s CPU, load {os.getloadavg()[0]:.2f}")  # fmt: skip
        print(row.show("s"))
    load_after = os.getloadavg()
    print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, on {os.cpu_count()} CPUs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="fill this folder and keep it (default: a temporary one)")
    parser.add_argument(
        "--reuse", type=Path, help="time a store filled before (with --keep) instead of filling one"
    )
    parser.add_argument(
        "--against", type=Path,
        help="with --reuse: time only verify and stats --rebuild, this code against another checkout's, in turns",
    )  # fmt: skip
    args = parser.parse_args()
    if args.against is not None:
        if args.reuse is None:
            parser.error("--against times a store filled before: give it with --reuse")
        against(args.reuse, args.against, args.runs)
        return
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        big = args.reuse or args.keep or work / "big"
        small = work / "small"
        if args.reuse is None:
            start = time.perf_counter()
            ids = fill(big, args.games)
            print(f"filled {len(ids)} games ({', '.join(mix())}) in {time.perf_counter() - start:.0f} s")
        with store.Store(big) as db:
            count = db.game_count()
        size = (big / store.Store.FILENAME).stat().st_size
        load_before = os.getloadavg()
        print(f"store: {count:,} games, {size / 1e6:.0f} MB; {os.cpu_count()} CPUs, load {load_before[0]:.2f}")
        env_big = {**os.environ, "SCOREKEEPER_HOME": str(big)}
        env_small = {**os.environ, "SCOREKEEPER_HOME": str(small)}
        both = (env_small, env_big)

        # Cold: every game replayed (the small store: its one game).
        rebuild = Row("stats --rebuild (every game replayed)", "<= 15 s over 10,000")
        rebuild.alone.append(timed([*PY, "stats", "--rebuild"], env_small))
        rebuild.among.append(timed([*PY, "stats", "--rebuild"], env_big))

        # The same game in progress in each store: the one-game store holds it alone.
        for env in both:
            subprocess.run(
                [*PY, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Bob"],
                env=env, check=True, stdout=subprocess.DEVNULL,
            )  # fmt: skip
        rows = []
        row = Row("an entry (sk trump h)", "<= 1.1x CPU")
        in_turns(row, args.runs, lambda: an_entry(env_small), lambda: an_entry(env_big))
        rows.append(row)
        for what, argv, target in (
            ("status", ["status"], "<= 1.1x CPU"),
            ("standings", ["standings"], "<= 1.1x CPU"),
            ("games", ["games"], "<= 1.3x"),
            ("stats, no game changed", ["stats"], "as before"),
        ):
            row = Row(what, target)
            in_turns(row, args.runs, lambda a=argv: timed([*PY, *a], env_small), lambda a=argv: timed([*PY, *a], env_big))
            rows.append(row)
        row = Row("an entry inside play (per reply)", "<= 1.1x CPU")
        in_turns(row, args.runs, lambda: play_replies(env_small, 40), lambda: play_replies(env_big, 40))
        rows.append(row)
        verify = Row("verify", "<= 5 s over 10,000")
        in_turns(verify, 2, lambda: timed([*PY, "verify"], env_small), lambda: timed([*PY, "verify"], env_big))
        # The large store as it was: its game in progress abandoned, so that a later --reuse
        # times it again with no other game in progress (a reply then names its game).
        subprocess.run([*PY, "abandon"], env=env_big, check=True, stdout=subprocess.DEVNULL)

        # An entry in a 300-hand game against one in a 19-hand game (a comment: each replays the whole game).
        short, long_ = work / "hand19", work / "hand300"
        long_game(short, 19, 5)
        long_game(long_, 300, 5)
        env_short, env_long = ({**os.environ, "SCOREKEEPER_HOME": str(f)} for f in (short, long_))
        deep = Row("an entry, 300-hand game vs 19-hand", "<= 1.3x")
        in_turns(
            deep, args.runs,
            lambda: timed([*PY, "comment", "bench"], env_short), lambda: timed([*PY, "comment", "bench"], env_long),
        )  # fmt: skip

        # Replay in-process: the 19-hand demo game.
        from scorekeeper import demo

        demo.play(work / "demo")
        with store.Store(work / "demo") as db:
            bodies = [e.body for e in db.events(db.current_game() or "")]
        replay_ms = replay_cpu(bodies) * 1000

        load_after = os.getloadavg()
        print()
        print(f"{'':<34} {'one game (wall, CPU)':>22}  {f'{count:,} games':>22}  {'ratio':>13}   target")
        for row in rows:
            print(row.show())
        print(verify.show("s"))
        print(rebuild.show("s"))
        print(deep.show().replace("   <=", "   <=", 1) + "   (columns: 19 hands, 300 hands)")
        print(f"{'replay of the 19-hand demo game':<34} {replay_ms:8.2f} ms CPU in-process{'':27}<= 0.5 ms")
        print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
