"""Whole games of Euchre (RULES.md §7, ruleset `euchre`), through the command line.

Players are given as Ann, Bob, Cat, Dan, so Ann & Cat play Bob & Dan (partners opposite).
The scorer records who made trump (`make PLAYER SUIT [--ordered-up] [--alone]`), then the
makers' tricks (`tricks N`). Every number below was worked out by hand from §7:
  makers take 3 or 4 → 1; all 5 (a march) → 2; a loner's 3 or 4 → 1; a loner's 5 → 4;
  fewer than 3 (euchred) → 2 to the other side; game to 10.
Each player's score is their side's.
"""

from helpers import new_game

THROUGH_THE_LIBRARY = True  # the rules' tests: `sk` makes the library's calls (see conftest.Library)

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def sides(sk):
    """{side name: (score, place)} from `standings --json`."""
    return {s["name"]: (s["score"], s["place"]) for s in sk.json("standings")["sides"]}


def test_a_game_to_10_with_a_march_a_loners_march_a_euchre_and_a_renege(sk):
    new_game(sk, "euchre", NAMES)
    assert sk.json("status")["needs"] == ["make", "tricks"]
    # hand 1 (Ann deals): Bob orders up hearts; his side takes all 5, a march: 2
    assert "Hand 1: Bob orders up ♥." in sk("make", "Bob", "hearts", "--ordered-up")
    sk("tricks", "5")
    assert sides(sk) == {"Bob & Dan": (2, 1), "Ann & Cat": (0, 2)}
    # hand 2 (Bob deals): Cat names spades and goes alone; she takes all 5, a loner's march: 4
    sk("make", "Cat", "s", "--alone")
    sk("tricks", "5")
    assert sides(sk) == {"Ann & Cat": (4, 1), "Bob & Dan": (2, 2)}
    # hand 3 (Cat deals): Dan names clubs; Ann reneges: 2 to Bob & Dan (the reading of §7's
    # usual penalty); Dan's side takes 2, euchred: 2 to Ann & Cat
    sk("make", "Dan", "clubs")
    assert "renege by Ann (renege): 2 points for Bob & Dan" in sk("renege", "Ann")
    sk("tricks", "2")
    assert sides(sk) == {"Ann & Cat": (6, 1), "Bob & Dan": (4, 2)}
    # hand 4 (Dan deals): everyone passes twice: thrown in, nobody scores, Ann deals next
    assert "the hand is thrown in" in sk("make", "pass")
    assert sk.json("status")["dealer"] == "Ann"
    # hand 5: Ann orders up diamonds alone and takes 4: 1. Hand 6: Cat makes hearts, 3: 1
    sk("make", "Ann", "d", "--ordered-up", "--alone")
    sk("tricks", "4")
    sk("make", "Cat", "h")
    sk("tricks", "3")
    assert sides(sk) == {"Ann & Cat": (8, 1), "Bob & Dan": (4, 2)}
    # hand 7: Ann makes spades and her side marches: 2 → 10, the game
    sk("make", "Ann", "spades")
    sk("tricks", "5")
    standings = sk.json("standings")
    assert standings["finished"] and standings["winner"] == "Ann & Cat"
    assert standings["winners"] == ["Ann", "Cat"]
    assert sides(sk) == {"Ann & Cat": (10, 1), "Bob & Dan": (4, 2)}
    why = sk("why", "Ann", "--hand", "2")
    assert "Cat made trump alone and took all 5 tricks: a march → 4" in why
    assert "a maker alone takes all 5: 4" in why


def test_refusals(sk):
    new_game(sk, "euchre", NAMES)
    assert "record who made trump" in sk.fails("tricks", "3")
    assert "`make PLAYER SUIT`" in sk.fails("trump", "hearts")
    # the turned card's suit, passed, cannot be named afterwards
    assert "a suit named afterwards must be another" in sk.fails("make", "Bob", "hearts", "--turned", "9h")
    assert "a defender may not go alone" in sk.fails("make", "Bob", "hearts", "--alone", "--defender-alone", "Ann")
    sk("make", "Bob", "spades", "--turned", "9h")
    assert "a hand has 5; give 0 to 5" in sk.fails("tricks", "6")


def test_stick_the_dealer_and_defending_alone(sk):
    new_game(sk, "euchre", NAMES, "stick_the_dealer=true", "defend_alone=true", "target=5")
    assert "the dealer may not pass here (stick the dealer): Ann names a suit" in sk.fails("make", "pass")
    assert "Cat is on Ann's side" in sk.fails("make", "Ann", "hearts", "--alone", "--defender-alone", "Cat")
    # Ann goes alone, Bob defends alone and holds her to 1 trick: 4 to Bob & Dan
    sk("make", "Ann", "hearts", "--alone", "--defender-alone", "Bob")
    sk("tricks", "1")
    assert sides(sk) == {"Bob & Dan": (4, 1), "Ann & Cat": (0, 2)}
    assert "Bob, alone, euchred Ann's side (1 of 5 tricks) → 4" in sk("why", "Dan")


def test_play_takes_the_makers_tricks_as_one_bare_number(sk):
    new_game(sk, "euchre", NAMES)
    out = sk.run("play", input="Bob hearts --ordered-up\n4\n").stdout
    assert "Hand 1: Bob orders up ♥." in out and "Hand 1: tricks Bob 4." in out
    assert sides(sk) == {"Bob & Dan": (1, 1), "Ann & Cat": (0, 2)}


def test_a_loners_partner_sits_out_so_the_next_player_leads(sk):
    new_game(sk, "euchre", NAMES)  # Ann deals: Bob, on her left, leads
    assert sk.json("status")["leader"] == "Bob"
    sk("make", "Dan", "hearts", "--alone")  # Bob sits out beside Dan: Cat leads
    assert sk.json("status")["leader"] == "Cat"


def test_card_by_card_the_left_bower_is_a_trump_second_only_to_the_right(sk):
    new_game(sk, "euchre", NAMES)  # Ann deals, Bob leads
    sk("make", "Bob", "hearts", "--ordered-up")
    assert "Cat takes it" in sk("trick", "9c", "Ac", "Jc", "Qc")  # J♣ is no bower when hearts are trump
    # J♦, the left bower, is a heart: led, it calls for hearts, and it beats the ace of trump
    said = sk("trick", "Jd", "9h", "Ah", "10h")
    assert "Cat takes it — J♦ wins: the left bower" in said
    assert "REVOKE" not in said
    assert "J♥ wins: the right bower" in sk("trick", "Jh", "Qh", "Kh", "9s")
    sk("trick", "As", "Ks", "Qs", "10s")
    sk("trick", "Ad", "Kd", "Qd", "10d")
    # Bob & Dan made trump and took none: euchred, 2 to Ann & Cat
    assert sides(sk) == {"Ann & Cat": (2, 1), "Bob & Dan": (0, 2)}


def test_card_by_card_a_loner_plays_against_two(sk):
    new_game(sk, "euchre", NAMES)  # Ann deals
    sk("make", "Dan", "spades", "--alone")  # Bob sits out: Cat leads, then Dan, then Ann
    assert "3 players" in sk.fails("trick", "9h", "Ah", "Kh", "Qh", code=1)
    assert "Dan takes it" in sk("trick", "9h", "Ah", "Kh")
    sk("trick", "Js", "9s", "10s")
    assert "J♣ wins: the left bower" in sk("trick", "Jc", "Qs", "Ks")
    sk("trick", "As", "9d", "10d")
    sk("trick", "Ad", "Qd", "Kd")
    # Dan alone took all 5: a loner's march, 4 to Bob & Dan
    assert sides(sk) == {"Bob & Dan": (4, 1), "Ann & Cat": (0, 2)}
    assert "this hand is being recorded trick by trick" not in sk("standings")


def test_correcting_who_made_trump_keeps_the_makers_tricks(sk):
    new_game(sk, "euchre", NAMES)
    sk("make", "Bob", "hearts")
    sk("tricks", "4")  # Bob & Dan: 1
    # it was Cat, alone, in spades: her side's 4 tricks are a loner's 4: 1 to Ann & Cat
    said = sk("make", "Cat", "spades", "--alone", "--hand", "1")
    assert "Hand 1 corrected" in said
    assert sides(sk) == {"Ann & Cat": (1, 1), "Bob & Dan": (0, 2)}


def test_the_referee_calculator_knows_the_bowers(sk):
    said = sk.json("winner", "Jd", "Ah", "9h", "10h", "--trump", "hearts", "--ruleset", "euchre")
    assert said["winner"] == 0 and said["card"] == "JD"


def test_each_players_tricks_count_for_their_side_and_none_go_to_a_player_sitting_out(sk):
    new_game(sk, "euchre", NAMES)
    sk("make", "Cat", "hearts", "--alone")  # Ann sits out beside Cat
    assert "Ann sits out this hand beside Cat" in sk.fails("tricks", "1", "1", "2", "1")
    assert "the tricks total 6, but a hand has 5" in sk.fails("tricks", "0", "1", "3", "2")
    sk("tricks", "0", "1", "3", "1")  # Cat alone took 3: 1
    assert sides(sk) == {"Ann & Cat": (1, 1), "Bob & Dan": (0, 2)}


def test_a_loners_hand_card_by_card_says_the_partner_sat_out(sk):
    """§7: the loner's partner sits the hand out: three cards a trick, and the partner's line
    says so rather than "took 0". Ann (Ann deals) names hearts alone, so Cat sits out and Bob
    leads. Ann takes 2 of 5: euchred, 2 to Bob & Dan."""
    new_game(sk, "euchre", NAMES, dealer="Ann")
    sk("make", "Ann", "hearts", "--alone")
    for cards in ["9H 10H JH", "QH KH AH", "9S 10S JS", "QS KS AS", "9D 10D JD"]:
        out = sk("trick", *cards.split())
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.split()[:1] in (["Ann"], ["Bob"], ["Cat"], ["Dan"])}
    assert rows == {
        "Ann": ["made", "♥", "alone", "took", "2", "+0", "0"],
        "Bob": ["took", "1", "+2", "2"],
        "Cat": ["sat", "out", "+0", "0"],
        "Dan": ["took", "2", "+2", "2"],
    }
    assert sk("why", "Cat").splitlines()[1] == "Hand 1 (Ann deals, 5 cards, trump ♥): 0 — sat the hand out"
    assert sides(sk) == {"Bob & Dan": (2, 1), "Ann & Cat": (0, 2)}
