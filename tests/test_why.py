"""`why NAME [--hand N]`: every point explained by the ruleset rule that gave it, for every
ruleset. Each hand below is scored by hand from RULES.md, and each `why` total must agree
with the standings."""

import pytest

PLAYERS3 = "Ann,Bob,Cat"


def new(sk, ruleset, players=PLAYERS3, *settings):
    sk("new", ruleset, "--players", players, "--dealer", players.split(",")[0], *settings)


def items(sk, player, hand=None):
    """(points, reason, rule) for each item of a player's hand (the only one, or `hand`)."""
    args = ["why", player] + (["--hand", hand] if hand else [])
    data = sk.json(*args)
    return [[(i["points"], i["reason"], i["by"]) for i in h["items"]] for h in data["hands"]]


def agrees_with_standings(sk):
    """`why` adds up, for every player, to the score in the standings."""
    for row in sk.json("standings")["players"]:
        assert sk.json("why", row["name"])["total"] == row["score"], row


# --- Oh Hell ---------------------------------------------------------------------------


def test_why_oh_hell_mrpikes_in_words(sk):
    new(sk, "oh-hell-mrpikes")
    sk("trump", "hearts")
    sk("bid", "5", "3", "2")
    sk("tricks", "4", "3", "3")  # Ann bid 5 took 4: -(10 + 1) and her pants (§1)
    sk("trump", "spades")
    sk("renege", "Ann", "--note", "played a club on a heart lead")  # -10, the ruleset's renege
    sk("bid", "3", "3", "3")
    sk("tricks", "3", "3", "3")  # everyone made 3: 10 + 3
    assert sk("why", "Ann") == (
        "Ann: -8 points in Oh Hell! (MrPikes' house rules) (2 hands scored)\n"
        "Hand 1 (Ann deals, 10 cards, trump ♥): -11 — bid 5, took 4 tricks\n"
        "    -11  bid 5, took 4: missed by 1 → -11\n"
        "         by scoring rule 1, exact bid, missed: -10 - the miss\n"
        "         note: PANTS: Ann bid 5 and took 4: off with the pants (or 'Dumbass' on the forehead)\n"
        "Hand 2 (Bob deals, 9 cards, trump ♠): +13, renege -10 → 3 — bid 3, took 3 tricks\n"
        "    +13  bid 3, took 3: made → 13\n"
        "         by scoring rule 1, exact bid, made: 10 + tricks\n"
        "    -10  renege (revoke: failed to follow suit when able) → -10 (played a club on a heart lead)\n"
        "         by renege 'revoke' (failed to follow suit when able): -10 at once\n"
        "Total: -11 + 3 = -8\n"
    )
    assert (
        sk("why", "an", "--hand", "2").splitlines()[0]
        == "Ann in hand 2 of Oh Hell! (MrPikes' house rules): +3"
    )
    assert sk("why", "Ann", "--hand", "3") == (
        "Ann in hand 3 of Oh Hell! (MrPikes' house rules): 0\nHand 3 (Cat deals, 8 cards): not scored yet\n"
    )
    agrees_with_standings(sk)


def test_why_a_penalty_before_the_hand_is_scored(sk):
    new(sk, "oh-hell-mrpikes")
    sk("renege", "Bob")
    assert sk("why", "Bob").splitlines() == [
        "Bob: -10 points in Oh Hell! (MrPikes' house rules) (0 hands scored)",
        "Hand 1 (Ann deals, 10 cards): not scored yet; -10 so far",
        "    -10  renege (revoke: failed to follow suit when able) → -10",
        "         by renege 'revoke' (failed to follow suit when able): -10 at once",
    ]
    assert sk("why", "Ann") == (
        "Ann: 0 points in Oh Hell! (MrPikes' house rules) (0 hands scored)\nNo hand has been scored yet.\n"
    )


def test_why_oh_hell_office(sk):
    new(sk, "oh-hell-office")
    sk("flip", "3H")  # 3 cards, hearts trump
    sk("bid", "0", "1", "1")
    sk("tricks", "0", "1", "2")
    # Ann made zero: 5 + 3 cards; Bob made 1: 10 + 1; Cat missed: 0 (standard scoring, §2)
    assert items(sk, "Ann") == [
        [(8, "bid 0, took 0: made (zero bid) → 8", "scoring rule 1, exact bid, made zero: 5 + cards dealt")]
    ]
    assert items(sk, "Bob") == [
        [(11, "bid 1, took 1: made → 11", "scoring rule 1, exact bid, made: 10 + tricks")]
    ]
    assert items(sk, "Cat") == [
        [(0, "bid 1, took 2: missed by 1 → 0", "scoring rule 1, exact bid, missed: 0")]
    ]
    agrees_with_standings(sk)


def test_why_oh_hell_office_english_scoring(sk):
    new(sk, "oh-hell-office", PLAYERS3, "--set", "scoring=english")
    sk("flip", "3H")
    sk("bid", "0", "1", "2")
    sk("tricks", "0", "1", "2")
    # english: made zero → 10; made → 10 + bid (§2)
    assert items(sk, "Ann") == [
        [(10, "bid 0, took 0: made (zero bid) → 10", "scoring rule 1, exact bid, made zero: 10")]
    ]
    assert items(sk, "Cat") == [
        [(12, "bid 2, took 2: made → 12", "scoring rule 1, exact bid, made: 10 + tricks")]
    ]
    agrees_with_standings(sk)


def test_why_pick_your_poison(sk):
    new(sk, "pick-your-poison")
    sk("trump", "spades")
    sk("poison", "Bob=bid:3", "Cat=blind:2", "Ann=take")
    sk("tricks", "Ann=10", "Bob=3", "Cat=4")
    # §3: Take +1 a trick; Bid made 10 + bid; Blind Bid missed -2 × the miss
    assert items(sk, "Ann") == [[(10, "take, took 10 → 10", "scoring rule 1, poison Take: tricks")]]
    assert items(sk, "Bob") == [
        [(13, "bid 3, took 3: made → 13", "scoring rule 1, poison Bid, made: 10 + bid")]
    ]
    assert items(sk, "Cat") == [
        [
            (
                -4,
                "blind bid 2, took 4: missed by 2 → -4",
                "scoring rule 1, poison Blind Bid, missed: -2 × the miss",
            )
        ]
    ]
    agrees_with_standings(sk)


# --- Fosdick's games -------------------------------------------------------------------

QUEENS_4BQ = "scoring rule 1, cards: "


@pytest.mark.parametrize(
    "ruleset, entries, player, expected",
    [
        # Q♠ 2, other Queens 1; Bob declared the moon and failed: 5 (§4)
        ("four-bad-queens", [["moon", "Bob"], ["took", "Bob", "QS", "QH", "QD"], ["took", "Cat", "QC"]], "Bob",
         [(5, "declared the moon and failed → 5",
           "moon (declared before the first trick): made → the shooter 0, each other player 5; "
           "failed → the shooter 5")]),
        ("four-bad-queens", [["moon", "Bob"], ["took", "Bob", "QS", "QH", "QD"], ["took", "Cat", "QC"]], "Cat",
         [(1, "took Q♣ → 1", None)]),
        # red Queens 2, black 1, the last trick 2
        ("four-mad-queens", [["took", "Ann", "QH", "QS"], ["took", "Bob", "QD", "QC"], ["last", "Ann"]], "Ann",
         [(2, "took Q♥ → 2", None), (1, "took Q♠ → 1", None),
          (2, "took the last trick → 2", "scoring rule 2, the last trick: 2 to its winner, 0 to each other player")]),
        # all three penalties to Bob: 4 instead of 3
        ("slippery-paws", [["first", "Bob"], ["last", "Bob"], ["took", "Bob", "QS"]], "Bob",
         [(4, "took every penalty → 4 instead", "sweep: one player taking every penalty scores 4 instead")]),
        ("slippery-paws", [["first", "Bob"], ["last", "Cat"], ["took", "Bob", "QS"]], "Bob",
         [(1, "took the first trick → 1", "scoring rule 1, the first trick: 1 to its winner, 0 to each other player"),
          (1, "took Q♠ → 1", "scoring rule 3, cards: Q♠ 1")]),
        ("finis", [["last", "Cat"]], "Cat",
         [(1, "took the last trick → 1", "scoring rule 1, the last trick: 1 to its winner, 0 to each other player")]),
        ("cruel-fate", [["last", "Cat"]], "Ann",
         [(1, "Cat took the last trick → 1", "scoring rule 1, the last trick: 0 to its winner, 1 to each other player")]),
        ("cruel-fate", [["last", "Cat"]], "Cat", []),
        # every Heart and Q♠ to Bob: the moon, never declared: Bob 0, each opponent 12
        ("acorn-hearts", [["took", "Bob", "QS", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"]], "Bob",
         [(0, "shot the moon → 0", "moon (taking every scoring card): made → the shooter 0, each other player 12")]),
        ("acorn-hearts", [["took", "Bob", "QS", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"]], "Ann",
         [(12, "Bob shot the moon → 12", "moon (taking every scoring card): made → the shooter 0, each other player 12")]),
        ("acorn-hearts", [["took", "Bob", "QS", "AH", "KH"], ["took", "Cat", "QH", "JH", "10H", "9H", "8H", "7H"]], "Bob",
         [(4, "took Q♠ → 4", None), (1, "took A♥ → 1", None), (1, "took K♥ → 1", None)]),
        # Compendium's first hand is Four Bad Queens
        ("compendium", [["took", "Ann", "QS", "QH"], ["took", "Cat", "QD", "QC"]], "Ann",
         [(2, "took Q♠ → 2", None), (1, "took Q♥ → 1", None)]),
    ],
)  # fmt: skip
def test_why_fosdick(sk, ruleset, entries, player, expected):
    new(sk, ruleset)
    for entry in entries:
        sk(*entry)
    assert sk.json("status")["hand"] == 2  # the hand closed
    got = items(sk, player)[0]
    assert [(p, r) for p, r, _ in got] == [(p, r) for p, r, _ in expected]
    for (_, _, by), (_, _, wanted) in zip(got, expected, strict=True):
        if wanted is not None:
            assert by == wanted
        else:
            assert by.startswith("scoring rule 1, cards: ")
    agrees_with_standings(sk)


def test_why_names_every_queen_value(sk):
    new(sk, "four-bad-queens")
    sk("took", "Ann", "QS", "QH", "QD", "QC")
    (by,) = {by for _, _, by in items(sk, "Ann")[0]}
    assert sorted(by.removeprefix("scoring rule 1, cards: ").split(", ")) == ["Q♠ 2", "Q♣ 1", "Q♥ 1", "Q♦ 1"]
    # the text names the rule once for the run of items it gave
    assert sk("why", "Ann").count("by scoring rule 1, cards:") == 1


def test_why_compendium_names_each_hands_game(sk):
    new(sk, "compendium")
    sk("took", "Ann", "QS", "QH", "QD", "QC")  # Four Bad Queens: 2 + 1 + 1 + 1
    sk("took", "Bob", "QH", "QD")  # Four Mad Queens: red Queens 2 each
    sk("took", "Cat", "QS", "QC")
    sk("last", "Cat")  # the last trick 2
    lines = sk("why", "Cat").splitlines()
    assert lines[0] == "Cat: 4 points in Compendium (2 hands scored)"
    assert lines[1] == "Hand 1 (Four Bad Queens, Ann deals, 10 cards): 0"
    assert lines[3].startswith("Hand 2 (Four Mad Queens, Bob deals, 10 cards): +4")
    assert lines[-1] == "Total: 0 + 4 = 4"
    agrees_with_standings(sk)


# --- Snakebit -----------------------------------------------------------------------------


def test_why_snakebit(sk):
    new(sk, "snakebit")
    sk("cursed", "moons")
    sk("trump", "knots")
    sk("tricks", "3", "2", "3")
    sk("took", "Ann", "Diplomat", "Author")
    sk("took", "Bob", "Pact", "Journey", "Mountain", "Forest", "Lunatic")
    sk("took", "Cat", "Chance Meeting")
    # §5: +1 a trick, -1 a card bearing the cursed suit: Bob 2 - 5 = -3
    cursed = "scoring rule 2, cards: each card bearing the cursed suit -1"
    assert items(sk, "Bob") == [
        [
            (2, "2 tricks × 1", "scoring rule 1, 1 per trick taken"),
            (-1, "took Pact (9 Moons/Suns) → -1", cursed),
            (-1, "took Journey (3 Moons/Waves) → -1", cursed),
            (-1, "took Mountain (4 Moons/Suns) → -1", cursed),
            (-1, "took Forest (5 Moons/Leaves) → -1", cursed),
            (-1, "took Lunatic (6 Moons/Waves) → -1", cursed),
        ]
    ]
    assert sk.json("why", "Bob")["total"] == -3
    agrees_with_standings(sk)


def test_why_poison_nonesuch_counted(sk):
    new(sk, "poison-nonesuch", "Ann,Bob,Cat,Dan")
    sk("cursed", "wyrms")
    sk("trump", "suns")
    sk("tricks", "2", "1", "3", "0")
    sk("counts", "0", "4", "4", "0")
    # Cat: 3 tricks, 4 cursed cards: 3 - 4 = -1
    assert items(sk, "Cat") == [
        [
            (3, "3 tricks × 1", "scoring rule 1, 1 per trick taken"),
            (-4, "took 4 cursed cards × -1", "scoring rule 2, cards: each card bearing the cursed suit -1"),
        ]
    ]
    assert items(sk, "Dan") == [[(0, "0 tricks × 1", "scoring rule 1, 1 per trick taken")]]
    agrees_with_standings(sk)


# --- refusals ------------------------------------------------------------------------------


def test_why_refusals(sk):
    new(sk, "oh-hell-mrpikes")
    assert sk.fails("why", "Zed") == "refused: no player 'Zed' in this game; the players are Ann, Bob, Cat"
    assert sk.fails("why", "Ann", "--hand", "2") == "refused: there is no hand 2 yet; this game is on hand 1"
    assert sk.fails("why", "Ann", "--hand", "0") == "refused: there is no hand 0 yet; this game is on hand 1"
    assert sk.fails("why", "Ann", "--hand", "two", code=2).startswith("error: ")
