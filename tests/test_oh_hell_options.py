"""The house options every Oh Hell ruleset offers (`--set NAME=VALUE` at `new`), each shown
changing what it should in a game played through the CLI.

The numbers are worked by hand from RULES.md §1 (MrPikes: made → 10 + tricks, a made zero
→ 10, missed → -(10 + the miss); hands 10, 9, … for 3 players) and §2 (office: made →
10 + bid, made zero → 5 + cards, missed → 0; a flip sets the size), changed as each option says.
"""

import json

import pytest
from helpers import examples, forfeits, new_game, ruleset_document, scores, status
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import table
from scorekeeper.core import engine, errors, events

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

OFFICE, PIKES = "oh-hell-office", "oh-hell-mrpikes"


# --- bidding in turn, and the hook ----------------------------------------------------


def test_in_turn_bids_go_from_the_dealers_left_round_to_the_dealer(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan", "bidding=in-turn")
    assert "Bidding order: Bob, Cat, Dan, Ann" in sk("status")  # Ann deals
    sk("flip", "7h")
    assert sk.fails("bid", "Cat=2") == (
        "refused: bids go in turn from the dealer's left (Bob, Cat, Dan, Ann); Bob bids before Cat"
    )
    sk("bid", "Bob=1")
    sk("bid", "Cat=2")
    assert sk.fails("bid", "Ann=3") == (
        "refused: bids go in turn from the dealer's left (Bob, Cat, Dan, Ann); Dan bids before Ann"
    )
    sk("bid", "Dan=0", "Ann=4")  # one entry may carry the rest, in any written order
    assert status(sk)["bids"] == {"Ann": 4, "Bob": 1, "Cat": 2, "Dan": 0}


def test_simultaneous_bids_come_in_any_order(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan")
    sk("flip", "7h")
    sk("bid", "Dan=2")
    sk("bid", "Ann=1")
    assert status(sk)["bids"] == {"Ann": 1, "Dan": 2}


def test_in_turn_bidding_on_mrpikes_starts_left_of_the_dealer_though_the_dealer_leads(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "bidding=in-turn", dealer="Bob")
    now = status(sk)
    assert (now["order"], now["leader"]) == (["Cat", "Ann", "Bob"], "Bob")
    sk("trump", "s")
    assert sk.fails("bid", "Ann=3") == (
        "refused: bids go in turn from the dealer's left (Cat, Ann, Bob); Cat bids before Ann"
    )


@pytest.fixture
def hooked(sk):
    """Office, in-turn with the hook; Cat deals, so Ann, Bob, then Cat (last) bid; 7 cards."""
    new_game(sk, OFFICE, "Ann,Bob,Cat", "bidding=in-turn", "hook=true", dealer="Cat")
    sk("flip", "7s")
    return sk


HOOK_REFUSAL = (
    "refused: bids would total 7, the tricks available, and Cat bids last (hook rule); Cat may bid 0-2 or 4-7"
)


def test_the_hook_refuses_the_dealer_the_bid_that_makes_the_total(hooked):
    hooked("bid", "Ann=2")
    hooked("bid", "Bob=2")  # 4 so far: Cat may not bid 7 - 4 = 3
    assert status(hooked)["legal_bids"]["Cat"] == [0, 1, 2, 4, 5, 6, 7]
    assert hooked.fails("bid", "Cat=3") == HOOK_REFUSAL
    assert "Cat" not in status(hooked)["bids"]  # nothing recorded
    out = hooked("bid", "Cat=4")  # a legal dealer bid: the total is 8, not 7
    assert "Hand 1: bids Ann 2, Bob 2, Cat 4 (total 8 for 7 tricks)." in out


def test_the_hook_judges_the_dealers_bid_when_all_come_in_one_entry(hooked):
    assert hooked.fails("bid", "2", "2", "3") == HOOK_REFUSAL
    hooked("bid", "2", "2", "0")  # total 4: fine
    assert status(hooked)["bids"] == {"Ann": 2, "Bob": 2, "Cat": 0}


def test_the_hook_lets_any_bid_stand_when_no_bid_can_make_the_total(hooked):
    hooked("bid", "Ann=4", "Bob=4")  # 8 already over 7: Cat would need -1
    assert status(hooked)["legal_bids"]["Cat"] == list(range(8))
    hooked("bid", "Cat=0")


def test_without_the_hook_in_turn_bids_may_total_the_tricks(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "bidding=in-turn", dealer="Cat")
    sk("flip", "7s")
    assert "(total 7 for 7 tricks)" in sk("bid", "2", "2", "3")


def test_the_hook_needs_in_turn_bidding(sk):
    assert sk.fails("new", OFFICE, "--players", "Ann,Bob,Cat", "--set", "hook=true") == (
        "refused: oh-hell-office.toml with hook=true: bidding.hook: the hook rule needs "
        'bidding.order = "in-turn" (the dealer bids last)'
    )


# --- hand-size plans ------------------------------------------------------------------


def play_hand(sk, cards, flip=None, trump=None):
    """Record one hand in which the first player takes every trick and bid them."""
    if flip:
        sk("flip", flip)
    if trump:
        sk("trump", trump)
    players = len(status(sk)["order"])
    sk("bid", str(cards), *["0"] * (players - 1))
    return sk("tricks", str(cards), *["0"] * (players - 1))


def test_fixed_size_on_mrpikes(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=fixed", "start=5", "hands=3")
    assert status(sk)["hands_planned"] == 3
    for _ in range(3):
        assert status(sk)["cards"] == 5
        play_hand(sk, 5, trump="h")
    standings = sk.json("standings")
    # Ann made 5 three times: 3 × (10 + 5) = 45; Bob and Cat made zero: 3 × 10 = 30
    assert (standings["finished"], standings["hands_played"], scores(sk)) == (
        True, 3, {"Ann": 45, "Bob": 30, "Cat": 30},
    )  # fmt: skip


def test_a_fixed_size_of_ten_for_three_players_is_dealt(sk):
    # 10 each is too many for 7 players, but a 3-player game deals 30 of 52 cards
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=fixed", "start=10", "hands=2")
    assert status(sk)["cards"] == 10
    assert sk.fails("new", PIKES, "--players", "A,B,C,D,E,F,G", "--set", "sizes=fixed", "--set", "start=10",
                    "--set", "hands=2") == (
        "refused: 10 cards each is too many for 7 players (at most 7); use --set start=7"
    )  # fmt: skip


def test_fixed_size_on_the_office_is_eight_cards_for_ten_hands_with_trump_turned(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan", "sizes=fixed")
    now = status(sk)
    assert (now["cards"], now["hands_planned"], now["needs"]) == (8, 10, ["trump", "bids", "tricks"])
    assert sk.fails("flip", "7h") == (
        "refused: oh-hell-office does not flip a card for the hand size (hand 1 is 8 cards each); "
        "record the trump with `trump`"
    )
    # 7 players: 53 // 7 = 7 cards at most
    assert sk.fails("new", OFFICE, "--players", "A,B,C,D,E,F,G", "--set", "sizes=fixed") == (
        "refused: 8 cards each is too many for 7 players (at most 7); use --set start=7"
    )


def test_up_down_on_mrpikes_from_three(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=up-down", "start=3")
    assert status(sk)["hands_planned"] == 5
    for cards in (1, 2, 3, 2, 1):  # up from 1 to 3, then down again
        assert status(sk)["cards"] == cards
        play_hand(sk, cards, trump="c")
    assert sk.json("standings")["finished"] is True


def test_down_only_and_up_only_on_mrpikes(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=down", "start=4")
    assert status(sk)["hands_planned"] == 4  # 4, 3, 2, 1
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=up", "start=4")
    assert (status(sk)["hands_planned"], status(sk)["cards"]) == (4, 1)  # 1, 2, 3, 4


def test_the_office_eight_down_to_one_and_back(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan", "sizes=down-up")
    now = status(sk)
    # 8, 7, …, 1, …, 8: 15 hands (§2 common variants); trump is turned up from the stock
    assert (now["cards"], now["hands_planned"], now["needs"]) == (8, 15, ["trump", "bids", "tricks"])
    play_hand(sk, 8, trump="JK")  # a Joker turned up: no trump
    assert status(sk)["cards"] == 7
    # 7 players: at most 7 cards (53 // 7), so 7..1..7, 13 hands
    new_game(sk, OFFICE, "A,B,C,D,E,F,G", "sizes=down-up")
    assert (status(sk)["cards"], status(sk)["hands_planned"]) == (7, 13)
    # start sets the largest hand: 5..1..5, 9 hands
    new_game(sk, OFFICE, "Ann,Bob,Cat", "sizes=down-up", "start=5")
    assert (status(sk)["cards"], status(sk)["hands_planned"]) == (5, 9)


def test_hands_is_refused_with_a_plan_that_counts_its_own(sk):
    assert sk.fails(
        "new", OFFICE, "--players", "Ann,Bob,Cat", "--set", "sizes=down-up", "--set", "hands=12"
    ) == (
        "refused: oh-hell-office.toml with sizes=down-up hands=12: sizes.hands: the down-up plan makes its own "
        "number of hands; give hands only with a fixed size or flips"
    )


def test_joker_reflip_is_refused_with_a_plan_that_flips_no_card(sk):
    assert sk.fails("new", OFFICE, "--players", "Ann,Bob,Cat", "--set", "sizes=down", "--set",
                    "joker_reflip=true") == (
        "refused: oh-hell-office.toml with sizes=down joker_reflip=true: sizes.joker_reflip: --set joker_reflip "
        "has nothing to change here, as the other options leave no sizes.joker_reflip; leave it out"
    )  # fmt: skip


def test_flips_on_mrpikes_set_the_size_and_trump(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=flips", dealer="Bob")
    now = status(sk)
    assert (now["hands_planned"], now["needs"], now["leader"]) == (10, ["flip", "bids", "tricks"], "Bob")
    sk("flip", "qs")
    assert (status(sk)["cards"], status(sk)["trump"]) == (10, "S")  # a Queen: 10 (52 // 3 leaves 17)
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")
    assert scores(sk) == {"Ann": 13, "Bob": 10, "Cat": -11}  # MrPikes scoring still: §1
    assert sk.fails("flip", "JK", code=2) == (
        "error: Joker is not in the 52-card pack, which has 2 to A of each suit and no Jokers"
    )


def test_flips_on_mrpikes_with_start_and_hands(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "hands=2", "start=8", "sizes=flips")  # any order on the line
    assert status(sk)["hands_planned"] == 2
    sk("flip", "kh")
    assert status(sk)["cards"] == 8  # a King is 10, but start caps every flip at 8


# --- trump ------------------------------------------------------------------------------


def test_rotating_trump_on_the_office_eight_down(sk):
    # trump is given before sizes on the line; the file's order applies them, sizes first
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan", "trump=rotating", "sizes=down-up")
    for cards, suit, shown in ((8, "S", "♠"), (7, "H", "♥"), (6, "D", "♦"), (5, "C", "♣"), (4, "S", "♠")):
        now = status(sk)
        assert (now["cards"], now["trump"], now["needs"]) == (cards, suit, ["bids", "tricks"])
        assert f"Trump: {shown}" in sk("status")
        assert sk.fails("trump", "h") == (
            "refused: trump is not recorded in oh-hell-office: it rotates by itself"
        )
        play_hand(sk, cards)


def test_rotating_trump_with_a_no_trump_hand_on_mrpikes(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "trump=rotating-nt")
    # the cycle is S, H, D, C, then a no-trump hand, then round again
    for cards, suit, shown in ((10, "S", "♠"), (9, "H", "♥"), (8, "D", "♦"), (7, "C", "♣"), (6, None, "no trump"),
                               (5, "S", "♠")):  # fmt: skip
        now = status(sk)
        assert (now["cards"], now["trump"], now["needs"]) == (cards, suit, ["bids", "tricks"])
        assert f"Trump: {shown}\n" in sk("status")
        play_hand(sk, cards)


def test_a_flip_sets_only_the_size_when_trump_rotates(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "trump=rotating")
    sk("flip", "7h")
    assert (status(sk)["cards"], status(sk)["trump"]) == (7, "S")  # hand 1 is spades, whatever was flipped


def test_no_trump_ever(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "trump=none")
    now = status(sk)
    assert (now["trump"], now["needs"]) == (None, ["bids", "tricks"])
    assert "Trump:" not in sk("status")
    assert (
        sk.fails("trump", "hearts")
        == "refused: trump is not recorded in oh-hell-mrpikes: this game has no trump"
    )


def test_a_flipped_trump_needs_flipped_sizes(sk):
    assert sk.fails(
        "new", OFFICE, "--players", "Ann,Bob,Cat", "--set", "sizes=up", "--set", "trump=flip"
    ) == (
        "refused: oh-hell-office.toml with sizes=up trump=flip: trump.kind: a flipped trump needs a card flipped "
        'each hand (sizes.kind = "flip"); choose another trump or flipped hand sizes'
    )


def test_trump_must_be_broken_before_it_is_led(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "must_break=true")
    sk("flip", "2h")  # 2 cards, hearts; Bob leads (left of Ann, the dealer)
    sk("bid", "0", "1", "1")
    assert sk.fails("trick", "3h", "4s", "5s") == (
        "refused: trump (hearts) is not broken yet, so Bob may not lead 3♥; if Bob holds only hearts, add --forced"
    )
    new_game(sk, OFFICE, "Ann,Bob,Cat")  # the office default: any card may be led at any time
    sk("flip", "2h")
    sk("bid", "0", "1", "1")
    assert "Bob takes it" in sk("trick", "3h", "4s", "5s")


def test_jokers_high_beat_everything_and_jesters_never_win(sk):
    assert sk("winner", "JK", "QH", "2H", "--ruleset", OFFICE, "--trump", "hearts").strip() == (
        "Q♥ wins: highest trump"
    )
    assert sk(
        "winner", "JK", "QH", "2H", "--ruleset", OFFICE, "--set", "jokers=high", "--trump", "hearts"
    ).strip() == ("Joker wins: Jokers are high")
    new_game(sk, OFFICE, "Ann,Bob,Cat", "jokers=high")
    sk("flip", "2h")
    sk("bid", "0", "1", "1")
    assert sk.json("trick", "QH", "JK", "2S")["winner"] == "Cat"  # Cat played the Joker


# --- scoring coefficients, pants, tie-break, renege -----------------------------------


def test_mrpikes_scoring_coefficients(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "made_base=5", "made_per_trick=2", "zero_base=20", "missed_base=-5",
        "missed_per_off=-2")  # fmt: skip
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")
    # Ann made 3: 5 + 2×3 = 11; Bob made zero: 20; Cat missed by 1: -5 - 2×1 = -7
    assert scores(sk) == {"Ann": 11, "Bob": 20, "Cat": -7}


def test_office_scoring_coefficients(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat,Dan", "missed_per_off=-1", "zero_base=10", "zero_per_card=0")
    sk("flip", "7c")
    sk("bid", "3", "0", "2", "1")
    sk("tricks", "3", "0", "4", "0")
    # Ann 10 + 3 = 13; Bob's zero now a flat 10; Cat missed by 2: -2; Dan missed by 1: -1
    assert scores(sk) == {"Ann": 13, "Bob": 10, "Cat": -2, "Dan": -1}


def test_english_consolation_can_be_refined(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "scoring=english", "missed_per_trick=2")
    sk("flip", "5c")
    sk("bid", "1", "0", "0")
    sk("tricks", "3", "1", "1")
    # english: misses earn per trick taken, here 2 each: Ann 6, Bob 2, Cat 2
    assert scores(sk) == {"Ann": 6, "Bob": 2, "Cat": 2}


def test_the_pants_rule_and_its_threshold(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "5", "3", "2")
    sk("tricks", "4", "4", "2")  # Ann bid 5 and missed: pants (§1); Bob's 3 is under the threshold
    assert forfeits(sk) == {"Ann": ["pants"], "Bob": [], "Cat": []}
    new_game(sk, PIKES, "Ann,Bob,Cat", "pants=false")
    sk("trump", "h")
    sk("bid", "5", "3", "2")
    sk("tricks", "4", "4", "2")
    assert forfeits(sk) == {"Ann": [], "Bob": [], "Cat": []}
    new_game(sk, PIKES, "Ann,Bob,Cat", "pants_bid=3")
    sk("trump", "h")
    sk("bid", "5", "3", "2")
    sk("tricks", "4", "4", "2")  # now a missed 3 risks the pants too
    assert forfeits(sk) == {"Ann": ["pants"], "Bob": ["pants"], "Cat": []}


def test_the_office_has_no_pants_unless_switched_on(sk):
    for setting, forfeited in (("pants=false", []), ("pants=true", ["pants"])):
        new_game(sk, OFFICE, "Ann,Bob,Cat", setting)
        sk("flip", "9s")
        sk("bid", "6", "2", "1")
        sk("tricks", "5", "3", "1")  # Ann bid 6 and missed
        assert forfeits(sk)["Ann"] == forfeited


def test_tie_break_on_the_office_plays_another_flipped_hand(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "hands=1", "tie_break=true")
    sk("flip", "2h")
    sk("bid", "1", "1", "0")
    out = sk("tricks", "1", "1", "0")  # Ann 11, Bob 11, Cat 5 + 2 = 7: tied lead
    assert "Ann and Bob tie for the lead: another hand at the final size" in out
    now = status(sk)
    assert (now["finished"], now["hand"], now["needs"]) == (False, 2, ["flip", "bids", "tricks"])
    assert "hand 2 (tie-break 1)" in sk("status")  # named as such, never "hand 2 of 1"
    sk("flip", "as")
    sk("bid", "1", "0", "0")
    sk("tricks", "1", "0", "0")  # Ann 11 + 11 = 22, Bob 11 + 6 = 17, Cat 7 + 6 = 13
    standings = sk.json("standings")
    assert (standings["finished"], standings["winner"], scores(sk)) == (
        True,
        "Ann",
        {"Ann": 22, "Bob": 17, "Cat": 13},
    )


def test_tie_break_off_on_mrpikes_is_a_shared_win(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "tie_break=false", "sizes=fixed", "start=2", "hands=1")
    sk("trump", "d")
    sk("bid", "1", "1", "0")
    sk("tricks", "1", "1", "0")  # Ann 11, Bob 11, Cat 10
    standings = sk.json("standings")
    assert (standings["finished"], standings["winner"], standings["winners"]) == (True, None, ["Ann", "Bob"])


def test_the_renege_penalty(sk):
    new_game(sk, PIKES, "Ann,Bob,Cat", "renege=-5")
    assert "renege by Bob (revoke): -5 points." in sk("renege", "Bob")
    assert scores(sk)["Bob"] == -5
    new_game(sk, OFFICE, "Ann,Bob,Cat")
    sk("renege", "Cat", "--note", "played a club on a heart lead")
    assert scores(sk) == {"Ann": 0, "Bob": 0, "Cat": -10}  # the office's default (a reading)


# --- values the options refuse --------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("scoring=french", "error: --set scoring: choose one of standard, english"),
        ("bidding=open", "error: --set bidding: choose one of simultaneous, in-turn"),
        ("sizes=zigzag", "error: --set sizes: choose one of flips, down-up, up-down, down, up, fixed"),
        ("jokers=wild", "error: --set jokers: choose one of jester, high"),
        ("hook=maybe", "error: --set hook: write true or false, not 'maybe'"),
        ("start=ten", "error: --set start: 'ten' is not a whole number"),
    ],
)
def test_a_bad_option_value_is_a_usage_error(sk, setting, message):
    assert sk.fails("new", OFFICE, "--players", "Ann,Bob,Cat", "--set", setting, code=2) == message
    assert sk("games").startswith("No games yet")


def test_the_options_given_change_only_this_game(sk):
    new_game(sk, OFFICE, "Ann,Bob,Cat", "scoring=english")
    sk("flip", "2c")
    sk("bid", "0", "0", "0")
    sk("tricks", "2", "0", "0")
    assert scores(sk) == {"Ann": 2, "Bob": 10, "Cat": 10}  # english: a miss → 2 tricks; zeros → 10
    new_game(sk, OFFICE, "Ann,Bob,Cat")  # the next game plays the file as written: standard
    sk("flip", "2c")
    sk("bid", "0", "0", "0")
    sk("tricks", "2", "0", "0")
    assert scores(sk) == {"Ann": 0, "Bob": 7, "Cat": 7}  # standard: a miss → 0; zeros → 5 + 2


def test_the_sheet_records_the_options_in_effect(sk):
    # sizes=down-up turns the trump up from the stock and starts at 8: the options the game
    # records say so, though only sizes was given
    new_game(sk, OFFICE, "Ann,Bob,Cat", "sizes=down-up")
    options = json.loads(sk("sheet", "--format", "json"))["ruleset"]["options"]
    assert (options["sizes"], options["trump"], options["start"], options["scoring"]) == (
        "down-up",
        "turned",
        8,
        "standard",
    )
    new_game(sk, PIKES, "Ann,Bob,Cat", "sizes=flips", "renege=-5")
    options = json.loads(sk("sheet", "--format", "json"))["ruleset"]["options"]
    assert (options["sizes"], options["trump"], options["hands"], options["renege"]) == (
        "flips",
        "flip",
        10,
        -5,
    )


# --- properties -----------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
RANK_VALUES = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10}


def office_game(players: int, settings: list[str]) -> engine.Game:
    origin, document = ruleset_document(OFFICE)
    return engine.start(
        table.new_event(origin, document, ",".join(NAMES[:players]), None, "", "", "", settings)
    )


@settings(max_examples=examples(150), deadline=None)
@given(players=st.integers(3, 8), rank=st.sampled_from(sorted(RANK_VALUES)), data=st.data())
def test_the_hook_refuses_exactly_the_bid_that_makes_the_total(players, rank, data):
    game = office_game(players, ["bidding=in-turn", "hook=true"])
    engine.apply(game, events.CardFlipped(hand=1, card=f"{rank}H"))
    size = game.hand.size
    assert size == min(RANK_VALUES[rank], 53 // players)  # §2's cap
    others = {p: data.draw(st.integers(0, size)) for p in NAMES[1:players]}  # Ann deals, bids last
    engine.apply(game, events.BidsRecorded(hand=1, bids=others))
    dealer_bid = data.draw(st.integers(0, size))
    forbidden = size - sum(others.values())
    try:
        engine.apply(game, events.BidsRecorded(hand=1, bids={"Ann": dealer_bid}))
    except errors.RuleViolation as refusal:
        assert dealer_bid == forbidden
        allowed = str(refusal).rpartition("Ann may bid ")[2]
        spans = [part.split("-") for part in allowed.split(" or ")]
        listed = {n for span in spans for n in range(int(span[0]), int(span[-1]) + 1)}
        assert listed == set(range(size + 1)) - {forbidden}
    else:
        assert dealer_bid != forbidden
        assert sum(game.hand.bids.values()) != size
