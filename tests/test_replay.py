"""Replay's shortcuts against the plain computation, on random legal games of every ruleset:
what a hand still needs from play (read from its kind of hand once) is what its scoring rules
ask for; the facts scoring reads are the hand's; the families a game plays by (found once, as it starts) are the ones whose rules its
ruleset has, kept as names so that the game's state still pickles between commands; and
entries, told apart by their exact type, have no subtypes."""

import json

from helpers import examples, load_bench, store_game
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import engine, events, families, rulesets, scoring
from scorekeeper.storage import states, store

BENCH = load_bench()
RULESETS = BENCH.mix()


def play_needs_read_plainly(game: engine.Game, hand: engine.Hand) -> list[str]:
    """What play must still record in `hand`, read from its scoring rules one by one."""
    if game.finished or hand.closed:
        return []
    if hand.making is not None and hand.making.player is None:
        return []  # Euchre: every player passed, the hand is thrown in
    scoring = hand.phase.scoring
    out = []
    if (
        any(isinstance(r, rulesets.ExactBid | rulesets.PoisonTally | rulesets.PerTrick | rulesets.Spades | rulesets.Euchre) for r in scoring)
        and hand.tricks is None
    ):
        out.append("tricks")
    cursed_unknown = game.ruleset.cursed is not None and hand.cursed is None
    if any(isinstance(r, rulesets.CardPoints) for r in scoring) and (game.untaken(hand) or cursed_unknown):
        out.append("took")
    out += [
        r.which for r in scoring if isinstance(r, rulesets.TrickPoints) and getattr(hand, r.which) is None
    ]
    return out


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(RULESETS), seed=st.integers(0, 2**32))
def test_what_a_hand_needs_and_the_families_agree_with_the_rules_read_plainly(name, seed):
    entries = events.parse_all(BENCH.random_game(name, seed))
    game = engine.replay(entries[:1])
    # at the start no hand is recorded trick by trick: what applies is what the ruleset plays by
    assert game.families == tuple(family.name for family in families.applying(game))
    for entry in entries[1:]:
        in_play = play_needs_read_plainly(game, game.hand)
        assert game.needs_in_play(game.hand) == in_play
        assert game.needs() == [*game.needs_before_play(game.hand), *in_play]
        engine.apply(game, entry)
    assert game.finished and game.needs() == []
    for hand in game.hands:  # the facts scoring read, made field by field in order, by name
        assert hand.facts(hand.seating) == scoring.Facts(
            players=hand.seating, bids=hand.bids, poisons=hand.poisons, tricks=hand.tricks or {},
            taken=hand.taken, cursed_counts=hand.cursed_counts or {}, size=hand.size or 0,
            trump=hand.trump, cursed=hand.cursed, first=hand.first, last=hand.last, moon=hand.moon,
            blind=tuple(hand.blind), bags=(), making=hand.making,  # the bags a side brings are the engine's to add as the hand closes
        )  # fmt: skip


def test_a_game_of_every_ruleset_keeps_its_state_between_commands(home):
    """A state holds data only (a family's name, never its functions), so it pickles: the
    next entry takes up the game where the last one left it, whatever the ruleset."""
    for seed, name in enumerate(RULESETS):
        bodies = BENCH.random_game(name, seed, until_hand=2)
        store_game(home, bodies)
        gid = bodies[0]["game_id"]
        with store.Store(home) as db:
            table.record(db, gid, lambda game: events.CommentAdded(hand=game.hand.number, text="kept"))
            kept = states.load(db, gid)
            assert kept is not None, name
            assert kept.game.families == engine.from_log([e.body for e in db.events(gid)]).families


def test_no_entry_type_has_a_subtype():
    """Replay tells entries apart by their exact type (`type(event) is ...`): a subtype of an
    entry would slip past it."""
    for kind in events.AnyEvent.__args__:
        assert kind.__subclasses__() == [], kind.__name__


def test_a_stored_ruleset_is_validated_once_however_its_document_is_held():
    """Replaying a store validates each ruleset document once per process: the document is
    known again by its exact content (true is not 1 there, nor 1 1.0), not by how many other
    objects refer to its parts, which a replay's state does."""
    bodies = BENCH.random_game("compendium", 7, until_hand=2)
    document = json.loads(json.dumps(bodies[0]["ruleset"]))
    first = rulesets.stored(document)
    held = [document["name"], *document, *document["phases"]]  # its parts referred to elsewhere too
    assert rulesets.stored(document) is first, held
    assert rulesets.stored(json.loads(json.dumps(document))) is first
    changed = {**document, "min_players": float(document["min_players"])}  # 3.0, not 3: another document
    assert rulesets.stored(changed) is not first
