"""An honest vocabulary: a standard game can be written as a ruleset file, and a setting
that would do nothing, or that reads two ways, is a `rules check` error naming its key.

The plain Hearts below is the common game on the full pack: 13 cards each to 4 players,
no trump, the 2♣ leads the first trick and hearts may not be led until broken, each heart
1 point and Q♠ 13 (26 in a hand), taking all of them shoots the moon (0 for the shooter,
26 for each opponent), the game ends when someone reaches 100 and the lowest total wins.
"""

from pathlib import Path

import pytest

from scorekeeper.core import engine, errors, events, rulesets

HEARTS = """\
name = "plain-hearts"
title = "Hearts"
source = "the common rules of Hearts"
summary = "Avoid hearts (1 each) and Q♠ (13); take them all to shoot the moon. First to 100 ends it; lowest total wins."
family = "avoidance"
min_players = 4
max_players = 4
deck = "french-52"

[lead]
first = "2C"               # whoever holds the 2 of clubs leads it to the first trick
must_break = ["H"]         # hearts may not be led until broken

[sizes]
kind = "deal_out"

[trump]
kind = "none"

[passing]
cycles = { 0 = ["left", "right", "across", "hold"] }
cards = { 0 = 3 }

[[scoring]]
kind = "cards"
suits = { H = 1 }
cards = { QS = 13 }

[[adjust]]
kind = "moon"
declared = false
success = { taker = 0, others = 26 }

[end]
threshold = 100
reached = "at-or-above"
winner = "lowest"
"""

EVERY_HEART = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]


@pytest.fixture
def hearts(home):
    """The plain Hearts file as the user's own ruleset."""
    path = home / "rulesets" / "plain-hearts.toml"
    path.parent.mkdir(parents=True)
    path.write_text(HEARTS, encoding="utf-8")
    return path


def scores(sk):
    return {p["name"]: p["score"] for p in sk.json("standings")["players"]}


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def check_lines(sk, path):
    result = sk.run("rules", "check", str(path))
    assert result.exit_code == 1, result.stdout
    assert "Traceback" not in result.stderr and result.stdout == ""
    return [line.removeprefix(f"refused: {path}: ") for line in result.stderr.strip().splitlines()]


# --- a plain Hearts, written as a file and played ------------------------------------


def test_plain_hearts_is_written_in_the_vocabulary_and_played(sk, hearts):
    assert sk("rules", "check", hearts).strip() == f"{hearts}: ok (Hearts, 0 options, 0 examples pass)"
    rules = sk("rules", "plain-hearts")
    assert "End: after the hand in which a player reaches 100 or higher; lowest total wins" in rules
    assert "Dealer: passes left (clockwise); whoever holds 2♣ leads it to the first trick of each hand." in rules
    assert (
        "Leading: hearts may not be led until broken (played to a trick led in another suit), unless the "
        "leader holds nothing else." in rules
    )
    sk("new", "plain-hearts", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    status = sk.json("status")
    assert (status["cards"], status["trump"], status["pass"]) == (13, None, "left")
    # hand 1: Q♠ 13 + three hearts = 16; five hearts 5; four 4; one 1 (26 in all)
    sk("took", "Ann", "QS", "AH", "KH", "QH")
    sk("took", "Bob", "JH", "10H", "9H", "8H", "7H")
    sk("took", "Cat", "6H", "5H", "4H", "3H")
    sk("took", "Dan", "2H")
    assert scores(sk) == {"Ann": 16, "Bob": 5, "Cat": 4, "Dan": 1}
    status = sk.json("status")
    assert (status["hand"], status["finished"], status["pass"]) == (2, False, "right")
    # hand 2: Dan takes every heart and Q♠: the moon, Dan 0 and each opponent 26
    out = sk("took", "Dan", "QS", *EVERY_HEART)
    assert "MOON: Dan shot the moon" in out
    assert scores(sk) == {"Ann": 42, "Bob": 31, "Cat": 30, "Dan": 1}
    assert sk.json("standings")["finished"] is False
    # first to 100 ends it: two more moons give Ann 94, a third 120 (Bob 109, Cat 108)
    for _ in range(3):
        assert sk.json("standings")["finished"] is False
        sk("took", "Dan", "QS", *EVERY_HEART)
    standings = sk.json("standings")
    assert scores(sk) == {"Ann": 120, "Bob": 109, "Cat": 108, "Dan": 1}
    assert (standings["finished"], standings["winner"], standings["hands_played"]) == (True, "Dan", 5)


# --- settings that do nothing or read two ways ---------------------------------------


def test_an_end_threshold_must_say_which_way_it_points(sk, hearts):
    # the setting that ended a Hearts game after hand 1: "100" read as "at or below 100"
    edit(hearts, 'reached = "at-or-above"\n', "")
    assert check_lines(sk, hearts) == [
        'end.threshold: 100 reads two ways; say which way it is reached: reached = "at-or-above" '
        '(over once a total is 100 or more) or reached = "at-or-below" (100 or less)'
    ]
    assert sk.fails("new", "plain-hearts", "--players", "Ann,Bob,Cat,Dan").startswith(
        f"refused: {hearts}: end.threshold: 100 reads two ways"
    )


@pytest.mark.parametrize(
    "old, new, problem",
    [
        (
            'kind = "none"\n',
            'kind = "none"\nmust_break = true\n',
            'trump.must_break: this ruleset has no trump suit (trump.kind = "none"), so there is no suit '
            "to break; leave must_break out",
        ),
        (
            'kind = "none"\n',
            'kind = "none"\nno_repeat = true\n',
            'trump.no_repeat: only a suit recorded each hand (kind = "turned") can be refused as a repeat; '
            "leave no_repeat out",
        ),
        (
            'kind = "none"\n',
            'kind = "none"\ncycle = ["S", "H"]\n',
            'trump.cycle: only a rotating trump (kind = "rotating") follows a cycle; leave cycle out',
        ),
        (
            'threshold = 100\nreached = "at-or-above"\n',
            'hands = 8\nreached = "at-or-above"\n',
            "end.reached: there is no end.threshold for it to point at; give one or leave reached out",
        ),
        (
            'threshold = 100\nreached = "at-or-above"\n',
            "",
            "end: nothing ends this game; give end.hands (how many hands) or end.threshold with end.reached "
            "(the score that ends it)",
        ),
        (
            'winner = "lowest"\n',
            'winner = "lowest"\ntie_break = true\n',
            "end.tie_break: this game ends on its threshold, with no last hand to play a tie off after; "
            "leave tie_break out",
        ),
        (
            'deck = "french-52"\n',
            'deck = "french-52"\njokers = "high"\n',
            "jokers: the french-52 pack has no Jokers; leave jokers out",
        ),
        (
            "cards = { QS = 13 }\n",
            "cards = { QS = 13, QZ = 1 }\n",
            "scoring.0.cards.QZ: not a card of the french-52 pack; name it by its code, e.g. QS or 10H",
        ),
        (
            "suits = { H = 1 }\n",
            "suits = { H = 1, hearts = 1 }\n",
            "scoring.0.suits.hearts: not a suit of the french-52 pack; use one of S, H, D, C",
        ),
        (
            "cards = { QS = 13 }\n",
            "cards = { QS = 13 }\ncursed = -1\n",
            "scoring.0.cursed: this ruleset has no cursed suit; add a [cursed] table or leave cursed out",
        ),
        (
            "success = { taker = 0, others = 26 }\n",
            "success = { taker = 0, others = 26 }\nfailure = { taker = 26 }\n",
            "adjust.0.failure: a moon never declared cannot fail (it is only seen when made); leave failure out",
        ),
        (
            "[[adjust]]\n",
            '[[scoring]]\nkind = "trick"\nwhich = "last"\n\n[[adjust]]\n',
            "scoring.1: the last trick scores nothing here; give winner or others points, or leave the rule out",
        ),
        (
            "[[adjust]]\n",
            '[[scoring]]\nkind = "exact_bid"\nmade = { base = 10 }\nmissed = { base = 0 }\n\n[[adjust]]\n',
            'scoring.1: an exact_bid rule scores bids, and nobody bids here; set bidding.kind = "bids"',
        ),
        (
            "[[scoring]]\n",
            '[bidding]\norder = "in-turn"\n\n[[scoring]]\n',
            'bidding.order: nobody bids here (bidding.kind = "none"); leave order out',
        ),
        (
            "[[scoring]]\n",
            "[pants]\nmin_bid = 5\n\n[[scoring]]\n",
            'pants: the pants rule is about missed bids, and this ruleset has none (bidding.kind = "none"); '
            "leave [pants] out",
        ),
        (
            "[[scoring]]\n",
            "[poisons]\nrounds = [4]\n\n[[scoring]]\n",
            'poisons: only poison picks (bidding.kind = "poisons") play in rounds of poisons; leave [poisons] out',
        ),
        (
            "[[scoring]]\n",
            '[[reneges]]\nkind = "peek"\npoints = -4\nforced_blind_only = true\n\n[[scoring]]\n',
            "reneges.0.forced_blind_only: only a player forced to bid blind (poison bidding) can commit it; "
            "leave forced_blind_only out",
        ),
        (
            "[[scoring]]\n",
            '[cursed]\nkind = "turned"\n\n[[scoring]]\n',
            'cursed: no scoring rule counts the cursed cards; add a "cards" rule with cursed = POINTS, or leave '
            "[cursed] out",
        ),
        (
            'must_break = ["H"]',
            'must_break = ["H"]\nstrict = true',
            "lead.strict: only a card bearing two suits can be led as the one not yet broken, and every card "
            "of the french-52 pack bears one; leave strict out",
        ),
        (
            'kind = "none"\n',
            'kind = "none"\nalways = true\n',
            'trump.always: only a suit recorded each hand (kind = "turned") can be refused as none; leave '
            "always out",
        ),
        (
            'deck = "french-52"\n',
            'deck = "french-52"\nupcard_out = true\n',
            'upcard_out: no card is turned up here (trump.kind = "none", no flipped hand size); leave '
            "upcard_out out",
        ),
    ],
)
def test_a_setting_that_does_nothing_is_an_error_with_its_key(sk, hearts, old, new, problem):
    edit(hearts, old, new)
    assert check_lines(sk, hearts) == [problem]


def test_the_number_of_hands_is_said_in_one_place(sk, home):
    sk("rules", "new", "ours", "--from", "oh-hell-office")
    ours = home / "rulesets" / "ours.toml"
    edit(ours, "tie_break = false\n", "tie_break = false\nhands = 12\n")
    assert check_lines(sk, ours) == [
        "end.hands: sizes.hands already says 10 hands; give the number of hands in one place"
    ]


def test_a_hand_that_skips_passing_needs_passing_to_skip(sk, home):
    sk("rules", "new", "ours", "--from", "compendium")
    ours = home / "rulesets" / "ours.toml"
    text = ours.read_text(encoding="utf-8")
    passing = text[text.index("[passing]\n") : text.index("[[phases]]")]
    edit(ours, passing, "")
    lines = check_lines(sk, ours)
    assert "phases.0.passing: this ruleset passes no cards (no [passing] table); leave passing out" in lines


def test_must_break_on_a_game_set_to_no_trump_is_refused_at_new(sk):
    # office rules (RULES.md §2): the trump option may take trump away; breaking it is then idle
    message = sk.fails(
        "new", "oh-hell-office", "--players", "Ann,Bob,Cat", "--set", "trump=none", "--set", "must_break=true"
    )
    assert message.startswith("refused: ") and message.endswith(
        "oh-hell-office.toml with trump=none must_break=true: trump.must_break: this ruleset has no trump "
        'suit (trump.kind = "none"), so there is no suit to break; leave must_break out'
    )
    sk("new", "oh-hell-office", "--players", "Ann,Bob,Cat", "--set", "trump=rotating", "--set", "must_break=true")


def test_snakebit_says_its_threshold_is_reached_from_above(sk):
    # RULES.md §5: over at the end of the hand in which any player reaches -13 or lower
    assert "reaches -13 or lower" in sk("rules", "snakebit")
    ruleset = rulesets.validate("snakebit", _builtin("snakebit"))
    assert (ruleset.end.threshold, ruleset.end.reached) == (-13, "at-or-below")


def test_a_game_stored_before_the_direction_existed_replays_as_it_did():
    # a snakebit game started by an earlier version embedded `threshold = -13` alone, which
    # meant "at or below"; it replays so, and is not refused for lacking `reached`
    document = _builtin("snakebit")
    del document["end"]["reached"]
    with pytest.raises(errors.RulesetError, match=r"end\.threshold: -13 reads two ways"):
        rulesets.validate("x", document)
    game = engine.replay(
        [events.GameStarted(game_id="g", ruleset=document, options={}, players=["Ann", "Bob", "Cat"], dealer="Ann")]
    )
    assert game.ruleset.end.reached == "at-or-below"


def _builtin(name):
    from scorekeeper.storage import ruleset_files

    path = ruleset_files.builtin_folder() / f"{name}.toml"
    document = rulesets.parse_document(path.name, path.read_text(encoding="utf-8"))
    document.pop("examples", None)
    return document


# --- the two Hearts primitives: the 2♣ opens, hearts wait until broken ----------------

# One hand of plain Hearts card by card, leader first; Bob holds 2♣ (Ann deals).
# Clubs go first; in trick 4 Ann, Bob and Dan are out of clubs and Bob throws 2♥, which
# breaks hearts; then hearts, spades (Q♠ falls to Ann's A♠) and diamonds.
HAND = [
    ("2C 3C 4C 5C", "Ann"),  # Bob leads 2♣; Ann's 5♣ wins
    ("6C 7C 8C 9C", "Dan"),
    ("10C JC QC KC", "Cat"),  # Dan leads: Dan 10♣, Ann J♣, Bob Q♣, Cat K♣
    ("AC 2D 2H 2S", "Cat"),  # Cat A♣; the others are out of clubs: 2♥ breaks hearts, 1 to Cat
    ("3H 4H 5H 6H", "Bob"),  # 4 hearts to Bob
    ("7H 8H 9H 10H", "Ann"),  # 4 hearts to Ann
    ("JH QH KH AH", "Dan"),  # 4 hearts to Dan
    ("3S 4S 5S 6S", "Cat"),
    ("7S 8S 9S 10S", "Bob"),
    ("JS QS KS AS", "Ann"),  # Q♠ to Ann
    ("3D 4D 5D 6D", "Dan"),
    ("7D 8D 9D 10D", "Cat"),
    ("JD QD KD AD", "Bob"),
]


def test_the_2_of_clubs_opens_each_hand_and_hearts_wait_until_broken(sk, hearts):
    sk("new", "plain-hearts", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    status = sk.json("status")
    assert (status["leader"], status["leads_with"], status["next_leader"]) == (None, "2C", None)
    assert "Leads: whoever holds 2♣" in sk("status")
    assert sk.fails("trick", "2C", "3C", "4C", "5C") == (
        "refused: whoever holds 2♣ leads the first trick; say who with --leader NAME, e.g. "
        "`trick 2C 3C 4C 5C --leader Ann`"
    )
    assert sk.fails("trick", "3C", "2C", "4C", "5C", "--leader", "Bob") == (
        "refused: the first trick opens with 2♣, led by whoever holds it; list 2♣ first and name its holder "
        "with --leader (not 3♣ from Bob)"
    )
    out = sk("trick", "2C", "3C", "4C", "5C", "--leader", "bo")
    assert out.startswith("Hand 1, trick 1 of 13: Bob 2♣ Cat 3♣ Dan 4♣ Ann 5♣\nAnn takes it")
    assert sk.fails("trick", "6C", "7C", "8C", "9C", "--leader", "Bob") == (
        "refused: Ann leads trick 2 by the rules; leave out --leader"
    )
    for cards, _ in HAND[1:3]:
        sk("trick", *cards.split())
    # Cat leads trick 4 and nobody has played a heart yet
    assert sk.fails("trick", "3H", "4H", "5H", "6H") == (
        "refused: hearts are not broken yet, so Cat may not lead 3♥; if Cat holds only hearts, add --forced"
    )
    for number, (cards, winner) in enumerate(HAND[3:-1], start=4):
        assert sk.json("trick", *cards.split())["winner"] == winner, number
    out = sk("trick", *HAND[-1][0].split())
    assert "Bob takes it" in out
    assert "Next: hand 2, Bob deals (deal passes left), 13 cards each; whoever holds 2♣ leads." in out
    # Cat 2♥ = 1; Bob 4 hearts = 4; Ann 4 hearts + Q♠ 13 = 17; Dan 4 hearts = 4 (26 in all)
    assert scores(sk) == {"Ann": 17, "Bob": 4, "Cat": 1, "Dan": 4}
    status = sk.json("status")
    assert (status["hand"], status["leader"], status["pass"]) == (2, None, "right")


@pytest.mark.parametrize(
    "old, new, problem",
    [
        (
            'must_break = ["H"]',
            'must_break = ["hearts"]',
            "lead.must_break: hearts is not a suit of the french-52 pack, so it cannot be broken; use one of S, H, D, C",
        ),
        (
            'first = "2C" ',
            'first = "2X" ',
            "lead.first: 2X is not a card of the french-52 pack; name it by its code, e.g. 2C",
        ),
        (
            'deck = "french-52"\n',
            'deck = "french-52"\nleader = "left-of-dealer"\n',
            "leader: the holder of 2C leads the first trick (lead.first); leave leader out",
        ),
        (
            "min_players = 4\n",
            "min_players = 3\n",
            "lead.first: with 3 players 2C may not be dealt (only a pack dealt out evenly, with none kept back, "
            "puts it in someone's hand); change min_players or max_players, or name the leader with leader",
        ),
    ],
)
def test_the_lead_primitives_are_checked(sk, hearts, old, new, problem):
    edit(hearts, old, new)
    assert check_lines(sk, hearts) == [problem]


def test_a_ruleset_must_say_who_leads(sk, hearts):
    edit(hearts, 'first = "2C" ', "# ")
    assert check_lines(sk, hearts) == [
        'leader: say who leads the first trick: leader = "left-of-dealer" ("dealer", "right-of-dealer"), or '
        'lead.first = a card whose holder leads it, e.g. "2C"'
    ]


# --- the vocabulary's own reference ------------------------------------------------------------

DOC = Path(__file__).resolve().parent.parent / "docs" / "rulesets.md"


def test_the_reference_names_every_key_of_the_vocabulary():
    text = DOC.read_text(encoding="utf-8")
    models = [m for m in vars(rulesets).values() if isinstance(m, type) and issubclass(m, rulesets.Model)]
    def named(key):  # as a key, `threshold`, or as its table, `[end]`, `[[phases]]`
        return any(form in text for form in (f"`{key}", f"`[{key}]", f"`[[{key}]]"))

    missing = sorted({f"{m.__name__}.{key}" for m in models if m is not rulesets.Model for key in m.model_fields if not named(key)})
    assert missing == []


def test_the_references_hearts_is_the_one_played_here():
    text = DOC.read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    assert example == HEARTS
