"""What the hand needs, as the core's data (needs.Need), for real games on the engine: what is
still to record and in what order, who answers and with what (the hook takes exactly one bid
from the dealer, a hand's size bounds its bids, a poison's quota takes a pick away, Spades'
nil and blind nil), Snakebit's counts and their total, Euchre's makers' tricks, and which
answers a game takes at all. And a property: the bids the record allows the dealer are
exactly those the engine accepts.

The rules behind each number are RULES.md's: §1 Oh Hell (MrPikes: 10 cards each in hand 1 of
three players, 9 in hand 2); §3 Pick Your Poison (4-hand rounds: each poison at least once
and at most twice a round); §5 Snakebit (8 cursed cards in the Decktet); Spades (13 cards;
a blind nil for a side at least 100 behind); Euchre (5 cards; the makers' tricks)."""

import copy

from helpers import engine_game, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_vocabulary import HEARTS

from scorekeeper.core import engine, errors, events, needs

HOOKED = ("bidding=in-turn", "hook=true")


def mrpikes(players=("Ann", "Bob", "Cat"), settings_=HOOKED):
    return engine_game("oh-hell-mrpikes", list(players), settings_)


# --- the hook and the hand's size ----------------------------------------------------------


def test_the_hook_forbids_exactly_the_one_bid_that_makes_the_total_and_only_the_dealers():
    game = mrpikes()  # Ann deals; Bob, Cat, then Ann bid; hand 1 has 10 cards each
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    need = needs.of(game)
    assert (need.next, need.needs, need.order) == ("bids", ("bids", "tricks"), ("Bob", "Cat", "Ann"))
    assert need.hook == needs.Hook("Ann", 10)
    every = tuple(range(11))
    # nobody has bid yet: nothing is forbidden
    assert need.answering == tuple(needs.Answerer(p, every) for p in ("Bob", "Cat", "Ann"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Bob": 3}))
    assert needs.of(game).bids == {"Ann": every, "Bob": every, "Cat": every}  # Cat has not bid yet
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Cat": 4}))
    need = needs.of(game)
    assert need.bids == {"Ann": (0, 1, 2, 4, 5, 6, 7, 8, 9, 10), "Bob": every, "Cat": every}  # 3 + 4 + 3 = 10
    assert need.answering == (needs.Answerer("Ann", (0, 1, 2, 4, 5, 6, 7, 8, 9, 10)),)


def test_without_the_hook_the_dealer_may_make_the_total():
    game = mrpikes(settings_=("bidding=in-turn",))
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Bob": 3, "Cat": 4}))
    need = needs.of(game)
    assert need.hook is None
    assert need.answering == (needs.Answerer("Ann", tuple(range(11))),)


def test_the_hands_size_bounds_the_bids_and_the_tricks():
    game = mrpikes(settings_=())  # bids all at once: everyone answers, in the order from the dealer's left
    need = needs.of(game)
    assert (need.next, need.cards, need.tricks_total) == ("trump", 10, None)
    assert need.bids["Ann"] == tuple(range(11))
    assert need.answering == ()  # the trump is answered with one value, no player's
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 3, "Bob": 4, "Cat": 2}))
    need = needs.of(game)
    assert (need.next, need.tricks_total) == ("tricks", 10)
    # any count, checked on entry
    assert need.answering == (needs.Answerer("Bob"), needs.Answerer("Cat"), needs.Answerer("Ann"))
    engine.apply(game, events.TricksRecorded(hand=1, tricks={"Ann": 3, "Bob": 4, "Cat": 3}))
    need = needs.of(game)  # hand 2: Bob deals 9 cards each
    assert (need.next, need.cards, need.order) == ("trump", 9, ("Cat", "Ann", "Bob"))
    assert need.bids == dict.fromkeys(("Ann", "Bob", "Cat"), tuple(range(10)))


def test_a_flip_sets_the_size_before_anyone_may_bid():
    game = engine_game("oh-hell-office", ["Ann", "Bob", "Cat"], ["sizes=flips"])
    need = needs.of(game)
    assert (need.needs, need.cards, need.bids) == (("flip", "bids", "tricks"), None, {})
    engine.apply(game, events.CardFlipped(hand=1, card="7H"))
    need = needs.of(game)
    assert (need.next, need.cards, need.bids["Cat"]) == ("bids", 7, tuple(range(8)))


# --- Pick Your Poison, Snakebit, Spades, Euchre ---------------------------------------------


def _poison_hand(game, picks):
    number = game.hand.number
    engine.apply(game, events.TrumpSet(hand=number, suit="S"))
    poisons = {p: events.Poison(**k) for p, k in picks.items()}
    engine.apply(game, events.PoisonsRecorded(hand=number, poisons=poisons))
    size = game.hand.size
    engine.apply(game, events.TricksRecorded(hand=number, tricks={"Ann": size, "Bob": 0, "Cat": 0}))


def test_a_poisons_quota_takes_that_pick_away():
    game = engine_game("pick-your-poison", ["Ann", "Bob", "Cat"])
    need = needs.of(game)
    assert need.poisons == dict.fromkeys(("Ann", "Bob", "Cat"), ("bid", "blind", "take"))
    for _ in range(2):  # Ann takes twice, Bob bids twice, Cat bids blind twice
        picks = {
            "Ann": {"kind": "take"},
            "Bob": {"kind": "bid", "bid": 0},
            "Cat": {"kind": "blind", "bid": 0},
        }
        _poison_hand(game, picks)
    engine.apply(game, events.TrumpSet(hand=3, suit="S"))
    # hand 3 of the 4-hand round: at most 2 of each poison. Ann 34 (17 tricks taken twice), Bob 20
    # (bid 0 made twice: 10), Cat 40 (blind 0 made twice: 20); Bob, lowest, dealt hand 2 and
    # never deals twice running, so Ann deals and picks last
    need = needs.of(game)
    assert (need.next, need.order) == ("poisons", ("Bob", "Cat", "Ann"))
    assert need.poisons == {"Ann": ("bid", "blind"), "Bob": ("blind", "take"), "Cat": ("bid", "take")}
    assert need.answering == (
        needs.Answerer("Bob", ("blind", "take")),
        needs.Answerer("Cat", ("bid", "take")),
        needs.Answerer("Ann", ("bid", "blind")),
    )


def test_snakebits_counts_may_answer_took_and_total_the_cursed_cards():
    game = engine_game("snakebit", ["Ann", "Bob", "Cat"])
    need = needs.of(game)
    assert need.needs == ("cursed", "trump", "tricks", "took")
    assert (need.counts, need.cursed_total) == (False, None)
    engine.apply(game, events.CursedSet(hand=1, suit="moons"))
    engine.apply(game, events.TrumpSet(hand=1, suit="suns"))
    engine.apply(game, events.TricksRecorded(hand=1, tricks={"Ann": 2, "Bob": 3, "Cat": 3}))
    need = needs.of(game)
    assert (need.next, need.counts, need.cursed_total, need.naming_a_player) == ("took", True, 8, True)
    assert need.order == ("Bob", "Cat", "Ann")  # the counts go in the prompt's order


def test_spades_offers_nil_and_blind_nil_only_where_the_rules_allow_it():
    game = engine_game("spades", ["Ann", "Bob", "Cat", "Dan"])
    need = needs.of(game)  # 0 to 0: no side is 100 behind
    assert need.bid_words == dict.fromkeys(("Ann", "Bob", "Cat", "Dan"), ("nil",))
    assert need.answering[0] == needs.Answerer("Bob", tuple(range(14)), ("nil",))
    game = engine_game("spades", ["Ann", "Bob", "Cat", "Dan"], ["blind_nil_behind=0"])
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Bob": 0}))
    need = needs.of(game)  # Bob has bid: only those still to bid are offered words
    assert need.bid_words == dict.fromkeys(("Ann", "Cat", "Dan"), ("nil", "blind-nil"))
    assert [a.name for a in need.answering] == ["Cat", "Dan", "Ann"]
    assert need.answerer("Dan") == needs.Answerer("Dan", tuple(range(14)), ("nil", "blind-nil"))
    assert need.answerer("Bob") is None
    game = engine_game("spades", ["Ann", "Bob", "Cat", "Dan"], ["blind_nil=false", "blind_nil_behind=0"])
    assert needs.of(game).bid_words == dict.fromkeys(("Ann", "Bob", "Cat", "Dan"), ("nil",))


def test_euchre_asks_who_made_trump_then_the_makers_tricks_as_one_number():
    game = engine_game("euchre", ["Ann", "Bob", "Cat", "Dan"])
    need = needs.of(game)
    assert need.needs == need.takes == ("make", "tricks")
    assert (need.makers_tricks, need.cards) == (True, 5)
    engine.apply(game, events.TrumpMade(hand=1, player="Cat", suit="H"))
    need = needs.of(game)
    assert (need.next, need.tricks_total, need.makers_tricks, need.per_player) == ("tricks", 5, True, True)


# --- which answers a game takes, card by card, the end -------------------------------------


def test_which_answers_each_game_takes_at_all():
    taken = {
        name: (needs.of(engine_game(name, players)).takes, needs.of(engine_game(name, players)).trump_always)
        for name, players in (
            ("oh-hell-mrpikes", ["Ann", "Bob", "Cat"]),
            ("pick-your-poison", ["Ann", "Bob", "Cat"]),
            ("spades", ["Ann", "Bob", "Cat", "Dan"]),
            ("snakebit", ["Ann", "Bob", "Cat"]),
            ("four-bad-queens", ["Ann", "Bob", "Cat", "Dan"]),
            ("slippery-paws", ["Ann", "Bob", "Cat", "Dan"]),
            ("euchre", ["Ann", "Bob", "Cat", "Dan"]),
        )
    }
    assert taken == {
        "oh-hell-mrpikes": (("trump", "bids", "tricks"), True),
        "pick-your-poison": (("trump", "poisons", "tricks"), True),
        "spades": (("bids", "tricks"), False),
        "snakebit": (("cursed", "trump", "tricks", "took"), False),
        "four-bad-queens": (("took",), False),
        "slippery-paws": (("took", "first", "last"), False),
        "euchre": (("make", "tricks"), False),
    }


def test_a_hand_recorded_card_by_card_needs_the_next_trick_and_knows_who_leads_it():
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"], ["sizes=fixed", "start=3", "hands=2"])
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 0}))
    assert needs.of(game).next_leader == "Ann"  # the dealer leads (§1)
    engine.apply(game, events.TrickPlayed(hand=1, cards=["2S", "QS", "3S"]))
    need = needs.of(game)
    assert (need.needs, need.next_leader, need.answering) == (("trick",), "Bob", ())


def test_the_cards_a_trick_cannot_hold_are_those_the_engine_refuses_as_played():
    """Card by card may begin while nothing of the play is in (`by_card`), and the record says
    which cards the next trick cannot hold: exactly those the engine refuses as played."""
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"], ["sizes=fixed", "start=3", "hands=2"])
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 0}))
    need = needs.of(game)
    assert (need.next, need.by_card, need.spent) == ("tricks", True, ())
    engine.apply(game, events.TrickPlayed(hand=1, cards=["2S", "QS", "3S"]))
    need = needs.of(game)
    assert (need.by_card, need.spent) == (True, ("2S", "3S", "QS"))  # in the pack's order
    for card in ["2S", "3S", "QS", "4S"]:
        trial = copy.deepcopy(game)
        try:
            engine.apply(trial, events.TrickPlayed(hand=1, cards=[card, "9S", "10S"]))
        except errors.RuleViolation as refused:
            assert card in need.spent and "was already played in trick 1" in str(refused), (card, refused)
        else:
            assert card not in need.spent, card
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"], ["sizes=fixed", "start=3", "hands=2"])
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 0}))
    engine.apply(game, events.TricksRecorded(hand=1, tricks={"Ann": 1, "Bob": 1, "Cat": 1}))
    assert needs.of(game).by_card is False  # hand 2 waits for its trump first


def test_the_jokers_may_go_twice_into_a_trick_until_one_is_played_or_turned_up():
    """RULES §2: french-54 has two Jokers; one turned up is out of play (`upcard_out`)."""
    game = engine_game("oh-hell-office", ["Ann", "Bob", "Cat", "Dan"])
    engine.apply(game, events.CardFlipped(hand=1, card="5H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}))
    need = needs.of(game)
    assert (need.by_card, need.twice, need.spent) == (True, ("JK",), ("5H",))
    engine.apply(game, events.TrickPlayed(hand=1, cards=["JK", "2C", "3C", "4C"]))
    assert (needs.of(game).twice, needs.of(game).spent) == ((), ("5H", "2C", "3C", "4C"))  # the pack's order
    engine.apply(game, events.TrickPlayed(hand=1, cards=["6C", "JK", "7C", "8C"]))  # Ann's 4♣ won, Ann leads
    assert needs.of(game).spent == ("5H", "2C", "3C", "4C", "6C", "7C", "8C", "JK")
    game = engine_game("oh-hell-office", ["Ann", "Bob", "Cat", "Dan"])
    engine.apply(game, events.CardFlipped(hand=1, card="JK"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}))
    assert (needs.of(game).twice, needs.of(game).spent) == ((), ())  # one Joker left: neither twice nor gone


def test_the_next_trick_is_played_from_its_leader_round_the_table_without_a_loners_partner():
    """RULES §7: the player left of the dealer leads, or the next if that player sits out (a
    loner's partner); §2: each trick's winner leads the next."""
    game = engine_game("euchre", ["Ann", "Bob", "Cat", "Dan"])  # Ann deals; Ann and Cat are partners
    engine.apply(game, events.TrumpMade(hand=1, player="Dan", suit="S", alone=True))
    assert needs.of(game).trick_order == ("Cat", "Dan", "Ann")  # Bob, Dan's partner, sits out
    game = engine_game("oh-hell-office", ["Ann", "Bob", "Cat", "Dan"])
    engine.apply(game, events.CardFlipped(hand=1, card="5H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}))
    assert needs.of(game).trick_order == ("Bob", "Cat", "Dan", "Ann")
    engine.apply(game, events.TrickPlayed(hand=1, cards=["2C", "3C", "9C", "4C"]))  # Dan's 9C wins
    assert needs.of(game).trick_order == ("Dan", "Ann", "Bob", "Cat")


def test_where_the_rules_name_the_opening_card_its_holder_is_asked_for_and_then_the_winner_leads(tmp_path):
    """A user's plain Hearts (test_vocabulary's): whoever holds 2♣ leads it to the first trick."""
    path = tmp_path / "plain-hearts.toml"
    path.write_text(HEARTS, encoding="utf-8")
    game = engine_game(path, ["Ann", "Bob", "Cat", "Dan"])
    need = needs.of(game)
    assert (need.by_card, need.next_leader, need.leads_with) == (True, None, "2C")
    assert need.trick_order == ("Ann", "Bob", "Cat", "Dan")  # round the table, from the first player
    engine.apply(game, events.TrickPlayed(hand=1, cards=["2C", "3C", "KC", "5C"], leader="Bob"))  # Dan's K♣ wins
    need = needs.of(game)
    assert (need.next_leader, need.leads_with, need.trick_order) == ("Dan", None, ("Dan", "Ann", "Bob", "Cat"))


def test_a_finished_game_needs_nothing():
    game = engine_game("oh-hell-mrpikes", ["Ann", "Bob", "Cat"], ["sizes=fixed", "start=3", "hands=1"])
    engine.apply(game, events.TrumpSet(hand=1, suit="H"))
    engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": 1, "Bob": 1, "Cat": 0}))
    engine.apply(game, events.TricksRecorded(hand=1, tricks={"Ann": 1, "Bob": 2, "Cat": 0}))  # Ann alone wins
    need = needs.of(game)
    assert game.finished
    assert (need.needs, need.next, need.answering, need.hook, need.next_leader) == ((), None, (), None, None)


# --- the record and the engine agree ---------------------------------------------------------


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seated=st.integers(3, 7), dealer=st.integers(0, 6), data=st.data())
def test_the_bids_the_record_allows_the_dealer_are_exactly_those_the_engine_accepts(seated, dealer, data):
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"][:seated]
    game = engine_game("oh-hell-mrpikes", names[dealer % seated :] + names[: dealer % seated], HOOKED)
    engine.apply(game, events.TrumpSet(hand=1, suit="C"))
    size = game.hand.size
    order = needs.of(game).order
    for player in order[:-1]:  # everyone but the dealer, in turn
        bid = data.draw(st.integers(0, size), label=player)
        engine.apply(game, events.BidsRecorded(hand=1, bids={player: bid}))
    need = needs.of(game)
    dealer_name = order[-1]
    accepted = []
    for bid in range(size + 2):
        trial = copy.deepcopy(game)
        try:
            engine.apply(trial, events.BidsRecorded(hand=1, bids={dealer_name: bid}))
        except errors.RuleViolation:
            continue
        accepted.append(bid)
    assert need.answering == (needs.Answerer(dealer_name, tuple(accepted)),)
    assert need.bids[dealer_name] == tuple(accepted)
    others = sum(game.hand.bids.values())
    # of 0 to the size, the hook takes the one that makes the total, if the others left one
    assert set(range(size + 1)) - set(accepted) == ({size - others} if others <= size else set())
