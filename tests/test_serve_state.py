"""The state `serve` sends every phone, built state after state as the server builds it (what
earlier states worked out shared, see serve/state.Parts), equals the state built from scratch
at every head: over random legal games of every family, with undos, corrections of past
hands, newcomers and renames made along the way."""

import json
import random

from helpers import load_bench
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import engine, errors, events
from scorekeeper.serve import state
from scorekeeper.storage import store

BENCH = load_bench()
RULESETS = ["oh-hell-mrpikes", "pick-your-poison", "four-bad-queens", "snakebit", "compendium", "finis"]
CORRECTABLE = (events.TricksRecorded, events.BidsRecorded)


def after(log: list, event) -> engine.Game | None:
    """The game once the engine takes `event` after `log`, or None if it does not. (An entry
    naming a player by the name they had before a rename is taken to be illegal: the command
    line never writes one.)"""
    try:
        return engine.replay([*log, event])
    except (errors.ScorekeeperError, KeyError):
        return None


def an_extra(log: list, game: engine.Game, rng: random.Random) -> list:
    """Now and then something a table does besides recording a hand: an undo of the last entry
    (entered again after), a correction of a closed hand, a newcomer, a rename. `game`: the
    replay of `log`."""
    if game.finished:
        return []
    roll = rng.random()
    if roll < 0.15 and len(log) > 1:
        return [events.EntryReversed(target=len(log) - 1), log[-1]]
    closed = {h.number for h in game.hands if h.closed}
    if roll < 0.3 and closed:
        old = rng.choice([e for e in log if isinstance(e, CORRECTABLE) and e.hand in closed] or [None])
        if old is None:
            return []
        player = rng.choice(sorted(getattr(old, "bids", None) or old.tricks))
        size = game.hands[old.hand - 1].size or 0
        if isinstance(old, events.BidsRecorded):
            fact = events.BidsRecorded(hand=old.hand, bids={player: rng.randint(0, size)})
        else:
            giver = rng.choice([p for p, t in old.tricks.items() if t > 0] or [player])
            tricks = {**old.tricks, giver: old.tricks[giver] - 1, player: old.tricks[player] + 1}
            fact = events.TricksRecorded(hand=old.hand, tricks=tricks)
        return [events.Corrected(fact=fact)]
    if roll < 0.36:
        return [events.PlayerJoined(hand=game.hand.number, player=f"New{len(log)}")]
    if roll < 0.4:
        old = rng.choice(game.players)
        return [events.PlayerRenamed(hand=game.hand.number, old=old, new=f"{old}x{len(log)}")]
    return []


def a_table(ruleset: str, seed: int) -> list[dict]:
    """A random legal game of `ruleset`, with extras woven in wherever they are legal; an entry
    a correction or a newcomer made illegal is left out, and the game goes on without it."""
    rng = random.Random(seed)
    played = events.parse_all(BENCH.random_game(ruleset, seed))
    log = played[:1]
    game = engine.replay(log)  # the replay of `log`, kept along with it
    for event in played[1:]:
        for extra in an_extra(log, game, rng):
            taken = after(log, extra)
            if taken is None:
                break
            log.append(extra)
            game = taken
        taken = after(log, event)
        if taken is not None:
            log.append(event)
            game = taken
    game_id = played[0].game_id
    return [{**e.data(), "game_id": game_id} if i == 0 else e.data() for i, e in enumerate(log)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10**6))
def test_each_state_built_from_the_one_before_is_the_state_built_from_scratch(tmp_path_factory, ruleset, seed):
    bodies = a_table(ruleset, seed)
    folder = tmp_path_factory.mktemp("store")
    parts, at = state.Parts(), table.AtHead()
    with store.Store(folder) as db:
        game_id = bodies[0]["game_id"]
        for n, body in enumerate(bodies):
            with db.writing(game_id, new=n == 0) as writer:
                writer.append(body)
            at.read(db, game_id)  # the game at its head, as a long-lived front end keeps it
            kept = state.snapshot(db, game_id, known=at.seen, parts=parts)
            fresh = state.snapshot(db, game_id)
            assert json.loads(kept.state) == json.loads(fresh.state), f"entry {n}: {body}"
            assert kept.state == fresh.state
            assert kept.state == json.dumps(json.loads(kept.state), ensure_ascii=False).encode()  # as json.dumps encodes
