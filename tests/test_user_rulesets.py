"""A table's own rules: `rules new NAME --from RULESET` writes an editable, commented copy
into $SCOREKEEPER_HOME/rulesets (CLI.md); `new NAME` or `new path/to/file.toml` plays it; a
game keeps the rules it started with when the file is edited later; `rules check FILE`
reports every problem of a broken file on a line of its own, `FILE: key.path: message`.

Points below are MrPikes' (RULES.md §1): made → 10 + tricks, a made zero → 10,
missed → -(10 + the miss); or as the edited file says.
"""

import typing

import pseudo
import pytest
from helpers import scores

from scorekeeper.core import examples, rulesets
from scorekeeper.storage import ruleset_files


def play_first_hand(sk):
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")


@pytest.fixture
def ours(sk, home):
    """The user's copy of MrPikes' rules, `ours`, and its path."""
    out = sk("rules", "new", "ours", "--from", "oh-hell-mrpikes")
    path = home / "rulesets" / "ours.toml"
    assert out.strip() == f"Wrote {path}; start a game with `new ours --players …`."
    return path


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# --- making and using one's own rules -------------------------------------------------


def test_the_copy_is_commented_renamed_and_listed(sk, ours):
    text = ours.read_text(encoding="utf-8")
    assert text.startswith("# ours: a copy of oh-hell-mrpikes, yours to edit.")
    assert '\nname = "ours"\n' in text
    assert "made = { base = 10, per_trick = 1 }       # made exactly: 10 + tricks" in text  # comments kept
    assert "ours              yours" in sk("rulesets")
    assert sk("rules", "check", ours).strip() == (
        f"{ours}: ok (Oh Hell! (MrPikes' house rules), 16 options, 2 examples pass)"
    )
    assert sk("rules", "check", "ours").startswith(f"{ours}: ok")  # by name, too
    assert "Options (--set NAME=VALUE at `new`):" in sk("rules", "ours")


def test_new_plays_the_users_ruleset_by_name(sk, ours):
    sk("new", "ours", "--players", "Ann,Bob,Cat")
    assert sk.json("status")["ruleset"] == "ours"
    play_first_hand(sk)
    assert scores(sk) == {"Ann": 13, "Bob": 10, "Cat": -11}  # 10 + 3; zero → 10; -(10 + 1)


def test_editing_the_file_changes_no_game_already_started(sk, ours):
    sk("new", "ours", "--players", "Ann,Bob,Cat")
    old_game = sk.json("status")["game"]
    play_first_hand(sk)
    edit(ours, "made = { base = 10, per_trick = 1 }", "made = { base = 20, per_trick = 1 }")
    edit(ours, "[options.made_base]\ndescription = \"points for making a bid, before the per-trick points\"\n"
               "default = 10", "[options.made_base]\ndescription = \"points for making a bid, before the "
               "per-trick points\"\ndefault = 20")  # fmt: skip
    # the old game replays from the rules it embedded at `new`: Ann still has 10 + 3
    assert scores(sk) == {"Ann": 13, "Bob": 10, "Cat": -11}
    sk("trump", "s")  # …and goes on under them: hand 2 has 9 cards
    sk("bid", "2", "0", "7")
    sk("tricks", "2", "0", "7")  # Ann 13 + 12 = 25, Bob 10 + 10 = 20, Cat -11 + 17 = 6
    assert scores(sk) == {"Ann": 25, "Bob": 20, "Cat": 6}
    # a new game takes the edit: a made bid is now 20 + tricks
    sk("new", "ours", "--players", "Ann,Bob,Cat")
    play_first_hand(sk)
    assert scores(sk) == {"Ann": 23, "Bob": 10, "Cat": -11}
    sk("use", old_game)
    assert scores(sk) == {"Ann": 25, "Bob": 20, "Cat": 6}


def test_new_takes_a_path_to_a_toml_file(sk, tmp_path):
    source = ruleset_files.builtin_folder() / "oh-hell-office.toml"
    path = tmp_path / "friday" / "friday-office.toml"
    path.parent.mkdir()
    text = source.read_text(encoding="utf-8").replace('name = "oh-hell-office"', 'name = "friday-office"')
    path.write_text(
        text.replace("hands = 10                   #", "hands = 3                    #"), encoding="utf-8"
    )
    sk("new", str(path), "--players", "Ann,Bob,Cat", "--set", "scoring=english")
    now = sk.json("status")
    assert (now["ruleset"], now["hands_planned"], now["needs"]) == (
        "friday-office",
        3,
        ["flip", "bids", "tricks"],
    )
    sk("flip", "4d")
    sk("bid", "1", "0", "2")
    sk("tricks", "1", "0", "3")  # english (the option still applies): 10 + 1, zero → 10, a miss → 3
    assert scores(sk) == {"Ann": 11, "Bob": 10, "Cat": 3}


def test_a_copy_of_a_copy(sk, ours):
    out = sk("rules", "new", "theirs", "--from", "ours")
    assert out.startswith("Wrote ")
    assert 'name = "theirs"' in (ours.parent / "theirs.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["rules", "new", "Our House", "--from", "oh-hell-mrpikes"], 2,
         "error: 'Our House' cannot name a ruleset; use lowercase letters, digits and dashes"),
        (["rules", "new", "oh-hell-office", "--from", "oh-hell-mrpikes"], 1,
         "refused: 'oh-hell-office' is a built-in ruleset; give yours another name, e.g. our-oh-hell-office"),
        (["rules", "new", "ours"], 2, "error: write `rules new NAME --from RULESET`"),
        (["rules", "check"], 2, "error: write `rules check FILE`"),
        (["rules", "check", "nowhere/ours.toml"], 2, "error: no file at nowhere/ours.toml; check the path"),
    ],
)  # fmt: skip
def test_rules_command_refusals(sk, args, code, message):
    assert sk.fails(*args, code=code) == message


def test_a_copy_is_not_overwritten(sk, ours):
    assert sk.fails("rules", "new", "ours", "--from", "oh-hell-office") == (
        f"refused: {ours} already exists; edit it, or choose another name"
    )


def test_an_unknown_source_is_named(sk):
    err = sk.fails("rules", "new", "ours", "--from", "oh-hell-nope", code=2)
    assert err.startswith(
        "error: unknown ruleset 'oh-hell-nope'; choose one of: oh-hell-mrpikes, oh-hell-office"
    )


# --- broken files: every problem, one a line ------------------------------------------


def check_lines(sk, path):
    """`rules check` on a broken file: exit 1, stderr only, one `refused: FILE: …` per problem."""
    result = sk.run("rules", "check", str(path))
    assert result.exit_code == 1, result.stdout
    assert "Traceback" not in result.stderr and result.stdout == ""
    return result.stderr.strip().splitlines()


def test_an_unknown_key(sk, ours):
    edit(ours, "min_bid = 5\n", "min_bids = 5\n")
    assert check_lines(sk, ours) == [f"refused: {ours}: pants.min_bids: unknown key (check the spelling)"]


def test_a_wrong_type(sk, ours):
    edit(ours, "start = 10\nshape", 'start = "ten"\nshape')
    assert check_lines(sk, ours) == [
        f"refused: {ours}: sizes.start: should be a whole number, e.g. 3"
    ]


def test_every_problem_is_reported_each_on_its_line(sk, ours):
    edit(ours, "min_bid = 5\n", "min_bids = 5\n")
    edit(ours, "start = 10\nshape", 'start = "ten"\nshape')
    edit(ours, "tie_break = true\n", 'tie_break = "yes please"\n')
    assert check_lines(sk, ours) == [
        f"refused: {ours}: sizes.start: should be a whole number, e.g. 3",
        f"refused: {ours}: pants.min_bids: unknown key (check the spelling)",
        f"refused: {ours}: end.tie_break: should be true or false",
    ]


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ("min_players = 3\n", "min_players = 1\n", "min_players: should be at least 2"),
        ("min_players = 3\n", "min_players = 2.5\n", "min_players: should be a whole number, e.g. 3"),
        ('deck = "french-52"', 'deck = "tarot"', "deck: should be french-52, french-54, piquet, decktet-24 or euchre-24"),
        ('name = "ours"', 'name = "Our Rules"',
         "name: should be lower-case letters, digits and dashes, starting with a letter or digit"),
        ('name = "ours"', f'name = "{"o" * 101}"', "name: should be at most 100 characters long"),
        ('title = "Oh Hell! (MrPikes\' house rules)"', "title = 3", 'title: should be text in quotes, e.g. "left"'),
        ('title = "Oh Hell! (MrPikes\' house rules)"\n', "", "title: missing: this key must be given"),
        ("readings = [", 'readings = "my own reading"\nreadings_were = [',
         "readings: should be a list in brackets, e.g. [1, 2]"),
        ('[sizes]\nkind = "progression"', '[sizes]\nkind = "progressive"',
         "sizes: kind = progressive is not a kind here; write one of progression, flip or deal_out"),
        ('[sizes]\nkind = "progression"\n', "[sizes]\n", "sizes: needs its kind, one of progression, flip or deal_out"),
        ('[[scoring]]\nkind = "exact_bid"', '[[scoring]]\nkind = "exact"',
         "scoring.0: kind = exact is not a kind here; write one of exact_bid, poison, per_trick, cards, trick, spades or euchre"),
    ],
)
def test_each_kind_of_wrong_value_is_said_in_a_sentence_of_our_own(sk, ours, old, new, problem):
    """What pydantic would say in English ("Input should be a valid integer") is said as the
    other refusals are, in the language in use, naming what to write."""
    edit(ours, old, new)
    lines = check_lines(sk, ours)
    assert f"refused: {ours}: {problem}" in lines, lines


@pytest.mark.skipif(pseudo.ON, reason="chooses its own language")
def test_a_wrong_value_is_said_in_the_language_in_use(sk, ours):
    edit(ours, "min_players = 3\n", "min_players = 2.5\n")
    edit(ours, 'deck = "french-52"', 'deck = "tarot"')
    result = sk.run("--lang", "de", "rules", "check", str(ours))
    assert result.stderr.strip().splitlines() == [
        f"abgelehnt: {ours}: min_players: sollte eine ganze Zahl sein, z. B. 3",
        f"abgelehnt: {ours}: deck: sollte french-52, french-54, piquet, decktet-24 oder euchre-24 sein",
    ]


def test_the_kinds_a_message_names_are_the_vocabularys():
    for key, union in (("sizes", rulesets.HandSizes), ("scoring", rulesets.ScoringRule), ("adjust", rulesets.Adjustment)):
        members = typing.get_args(typing.get_args(union)[0])
        assert rulesets.KINDS[key] == tuple(typing.get_args(m.model_fields["kind"].annotation)[0] for m in members)


def test_a_fixed_size_too_large_for_seven_players(sk, ours):
    # 7 × 8 = 56 cards, but 52 deal at most 51 with one turned up: 7 each is the most
    edit(ours, 'start = 10\nshape = "down-up"', 'start = 8\nshape = "fixed"\nhands = 5')
    edit(ours, 'default = "down-up"', 'default = "fixed"')
    edit(ours, 'default = 10\npath = "sizes.start"', 'default = 8\npath = "sizes.start"')
    edit(ours, 'default = 0\npath = "sizes.hands"', 'default = 5\npath = "sizes.hands"')
    assert check_lines(sk, ours) == [
        f"refused: {ours}: sizes.start: 8 cards each is too many for 7 players (51 cards can be dealt with "
        "one turned up); make start at most 7 or max_players smaller"
    ]
    # a game with fewer players may still deal 8 each: 3 × 8 = 24
    sk("new", "ours", "--players", "Ann,Bob,Cat")
    assert sk.json("status")["cards"] == 8
    assert sk.fails("new", "ours", "--players", "A,B,C,D,E,F,G") == (
        "refused: 8 cards each is too many for 7 players (at most 7); use --set start=7"
    )


def test_missing_scoring(sk, ours):
    edit(ours, '[[scoring]]\nkind = "exact_bid"\n', "")
    for key in ("made = ", "made_zero = ", "missed = "):
        text = ours.read_text(encoding="utf-8")
        line = next(line for line in text.splitlines() if line.startswith(key))
        edit(ours, line + "\n", "")
    # the [pants] table now follows [sizes]… as a plain table: only the missing rules are wrong
    assert check_lines(sk, ours) == [
        f"refused: {ours}: scoring: a ruleset needs [[scoring]] rules or [[phases]]"
    ]
    assert sk.fails("new", "ours", "--players", "Ann,Bob,Cat") == (
        f"refused: {ours}: scoring: a ruleset needs [[scoring]] rules or [[phases]]"
    )


def test_contradictions_name_their_keys(sk, ours):
    edit(ours, 'order = "simultaneous"\n', 'order = "simultaneous"\nhook = true\n')
    edit(ours, 'kind = "turned"\n', 'kind = "rotating"\n')
    assert check_lines(sk, ours) == [
        f'refused: {ours}: bidding.hook: the hook rule needs bidding.order = "in-turn" (the dealer bids last)',
        f'refused: {ours}: trump.cycle: a rotating trump needs a cycle of suits, e.g. ["S", "H", "D", "C"]',
    ]


def test_an_option_default_that_is_not_the_files_value(sk, ours):
    edit(ours, "[bidding]\nkind = \"bids\"\norder = \"simultaneous\"\n",
         "[bidding]\nkind = \"bids\"\norder = \"in-turn\"\nhook = true\n")  # fmt: skip
    assert check_lines(sk, ours) == [
        f"refused: {ours}: options.bidding.default: the choice 'simultaneous' is not what the file says "
        '(bidding.hook: the hook rule needs bidding.order = "in-turn" (the dealer bids last)); make the default '
        "the choice the file follows",
        f"refused: {ours}: options.hook.default: false, but the file's bidding.hook is true; make them agree",
    ]


def test_an_option_path_that_is_not_a_key(sk, ours):
    edit(ours, 'path = "pants.min_bid"', 'path = "pants.minimum"')
    assert check_lines(sk, ours) == [
        f"refused: {ours}: options.pants_bid.default: applying it breaks the file: pants.minimum: unknown key "
        "(check the spelling)"
    ]


def test_a_worked_example_that_does_not_add_up(sk, ours):
    edit(ours, "points = { Ann = 13, Bob = 10, Cat = -11 }", "points = { Ann = 14, Bob = 10, Cat = -11 }")
    assert check_lines(sk, ours) == [
        f"refused: {ours}: examples.0 (3 players, 10 cards: Ann makes 3 (10 + 3), Bob makes zero (10), Cat bids 6 "
        "and takes 7 (-(10 + 1))): the rules give Ann 13, Bob 10, Cat -11"
    ]


def test_not_toml_at_all(sk, tmp_path):
    path = tmp_path / "shopping.toml"
    path.write_text("eggs, milk\n", encoding="utf-8")
    assert check_lines(sk, path) == [
        f"refused: {path}: not valid TOML: Expected '=' after a key in a key/value pair (at line 1, column 5)"
    ]


# --- worked examples with options -----------------------------------------------------


def office():
    path = ruleset_files.builtin_folder() / "oh-hell-office.toml"
    document = rulesets.parse_document(path.name, path.read_text(encoding="utf-8"))
    return document, rulesets.validate(path.name, document)


def test_an_example_is_scored_under_its_set_options():
    document, ruleset = office()
    english = [e for e in ruleset.examples if e.set == {"scoring": "english"}]
    assert len(english) == 2
    assert examples.failures(ruleset, document) == []
    document["examples"][1]["points"]["Bob"] = 12  # 12 is standard's 5 + 7, not english's 10
    wrong = rulesets.validate("x", document)
    assert examples.failures(wrong, document) == [
        "1 (the same hand with english scoring: Bob's zero is a flat 10, Cat's miss earns 1 a trick taken (3)): "
        "the rules give Ann 13, Bob 10, Cat 3, Dan 11"
    ]
    assert examples.failures(wrong) == examples.failures(wrong, document)  # rebuilt from the ruleset alike


def test_an_example_with_an_option_the_ruleset_lacks():
    document, _ = office()
    document["examples"][1]["set"] = {"scoring": "french"}
    ruleset = rulesets.validate("x", document)
    assert examples.failures(ruleset, document) == [
        "1 (the same hand with english scoring: Bob's zero is a flat 10, Cat's miss earns 1 a trick taken (3)): "
        "its set options do not apply: --set scoring: choose one of standard, english"
    ]


def test_every_builtin_option_default_is_the_files_value():
    for path in sorted(ruleset_files.builtin_folder().glob("*.toml")):
        document = rulesets.parse_document(path.name, path.read_text(encoding="utf-8"))
        assert rulesets.default_problems(path.name, document) == [], path.name
