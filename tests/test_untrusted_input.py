"""Whatever a user types or hands over ends in one line and nothing written, never a
traceback, a hang or gigabytes of memory: absurd numbers in `--set` and in ruleset files,
broken worked examples, over-long ruleset names, `import` of what is not a sheet (a device,
a pipe, a huge or deeply nested file), and an empty `--home`."""

import json
import os

import pytest

from scorekeeper.core import rulesets

HUGE = "9" * 4300  # as many digits as Python will read into an int by default


def mrpikes_copy(sk, home, old, new):
    sk("rules", "new", "ours", "--from", "oh-hell-mrpikes")
    path = home / "rulesets" / "ours.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def nothing_stored(home):
    from scorekeeper.storage import store

    if not (home / store.Store.FILENAME).exists():
        return True
    with store.Store(home) as db:
        return db.games() == []


# --- numbers in --set ----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["10000000000", HUGE, "-" + HUGE])
def test_an_absurd_set_number_is_a_usage_error(sk, home, value):
    said = sk.fails("new", "oh-hell-mrpikes", "--players", "A,B,C", "--set", "sizes=fixed",
                    "--set", f"hands={value}", code=2)  # fmt: skip
    assert said.startswith("error: --set hands: '")
    assert "is out of range; give a whole number from -1000000 to 1000000" in said
    assert len(said) < 200  # the digits are not echoed back in full
    assert nothing_stored(home)


def test_a_game_of_a_million_hands_is_refused_by_the_vocabulary(sk, home):
    # within --set's range, but no table plays more than MAX_HANDS hands: the bound is the
    # ruleset's, named by its key
    said = sk.fails("new", "oh-hell-mrpikes", "--players", "A,B,C", "--set", "sizes=fixed",
                    "--set", "hands=1000000")  # fmt: skip
    assert said == f"refused: --set hands=1000000: must be at most {rulesets.MAX_HANDS}"
    assert nothing_stored(home)


def test_a_poison_round_too_long_to_count_is_refused_and_nothing_stored(sk, home):
    said = sk.fails("new", "pick-your-poison", "--players", "A,B,C", "--set", f"rounds=4,{HUGE}", code=2)
    assert "--set rounds: '4,999" in said and "is out of range" in said
    said = sk.fails("new", "pick-your-poison", "--players", "A,B,C", "--set", "rounds=4,5000")
    assert said == f"refused: --set rounds=4,5000: each value must be at most {rulesets.MAX_HANDS}"
    said = sk.fails("new", "pick-your-poison", "--players", "A,B,C", "--set", "rounds=" + ",".join(["900"] * 3))
    assert said.endswith(f"poisons.rounds: the rounds add up to 2700 hands; a game has at most {rulesets.MAX_HANDS}")
    assert nothing_stored(home)


def test_the_largest_game_allowed_plays_without_counting_its_hands_one_by_one(sk):
    # a fixed size for MAX_HANDS hands: the hand count and every hand's size are arithmetic
    sk("new", "oh-hell-mrpikes", "--players", "A,B,C", "--set", "sizes=fixed", "--set", "start=3",
       "--set", f"hands={rulesets.MAX_HANDS}")  # fmt: skip
    status = sk.json("status")
    assert status["hands_planned"] == rulesets.MAX_HANDS and status["cards"] == 3


def test_hand_sizes_are_counted_arithmetically():
    from scorekeeper.core import schedule

    def plan(**kw):
        return rulesets.Progression(kind="progression", **kw)

    for sizes, want in [
        (plan(start=10), [*range(10, 0, -1), *range(2, 11)]),
        (plan(start=7, shape="up-down", low=2), [*range(2, 8), *range(6, 1, -1)]),
        (plan(start=5, shape="down"), [5, 4, 3, 2, 1]),
        (plan(start=5, shape="up", low=3), [3, 4, 5]),
        (plan(start=4, shape="fixed", hands=3), [4, 4, 4]),
    ]:
        assert schedule.progression(sizes, 17) == want
        assert schedule.progression_length(sizes, 17) == len(want)
        # past the plan (tie-breaks) the final size is dealt
        got = [schedule.progression_size(sizes, 17, n) for n in range(1, len(want) + 3)]
        assert got == [*want, want[-1], want[-1]]


# --- numbers in ruleset files --------------------------------------------------------------


@pytest.mark.parametrize(
    "points, problem",
    [
        ('"1e999999999"', "'1e999999999' is not a number of points; write a whole number, a decimal "
                          "such as 0.5, or a fraction such as '1/3' (no exponents)"),
        ('"1/0"', "'1/0' is not a number of points: it divides by zero"),
        ("1e300", "1e+300 points is too many; points are at most 1000000 either way"),
        ('"12345678901"', "12345678901 points is too many; points are at most 1000000 either way"),
        ("-99999999999", "-99999999999 points is too many; points are at most 1000000 either way"),
    ],
)
def test_absurd_points_in_a_file_are_refused_at_once(sk, home, points, problem):
    path = mrpikes_copy(sk, home, "missed = { base = -10, per_off = -1 }",
                        f"missed = {{ base = {points}, per_off = -1 }}")  # fmt: skip
    said = sk.fails("rules", "check", path)
    assert said == f"refused: {path}: scoring.0.missed.base: {problem}"
    said = sk.fails("new", path, "--players", "A,B,C")
    assert said == f"refused: {path}: scoring.0.missed.base: {problem}"
    assert nothing_stored(home)


def test_an_absurd_count_in_a_file_is_refused(sk, home):
    path = mrpikes_copy(sk, home, "\nstart = 10", "\nstart = 9223372036854775807")
    said = sk.fails("rules", "check", path)
    assert said == f"refused: {path}: sizes.start: should be at most {rulesets.MAX_CARDS}"


# --- worked examples -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, problem",
    [
        ('{ size = 10, bids = { Ann = "3", Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 } }',
         "examples.0.hand.bids.Ann: should be a whole number, e.g. 3"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = [3, 0, 7] }",
         "examples.0.hand.tricks: should be a table of keys and values"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 }, took = 5 }",
         "examples.0.hand.took: should be a table of keys and values"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 }, trumps = 1 }",
         "examples.0.hand.trumps: unknown key (check the spelling)"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Zed = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 } }",
         "examples.0.hand.bids.Zed: Zed is not one of the example's players"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 }, poisons = { Ann = 4 } }",
         "examples.0.hand.poisons.Ann: should be text in quotes, e.g. \"left\""),
        ('{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 }, took = { Ann = ["ZZ"] } }',
         "examples.0.hand.took.Ann: 'ZZ' is not a card"),
        ("{ size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 99999999999 } }",
         f"examples.0.hand.tricks.Cat: should be at most {rulesets.MAX_CARDS}"),
    ],
)
def test_rules_check_reports_a_malformed_example_by_its_key(sk, home, hand, problem):
    good = "hand = { size = 10, bids = { Ann = 3, Bob = 0, Cat = 6 }, tricks = { Ann = 3, Bob = 0, Cat = 7 } }"
    path = mrpikes_copy(sk, home, good, f"hand = {hand}")
    said = sk.fails("rules", "check", path)
    assert said.startswith(f"refused: {path}: {problem}"), said


# --- ruleset names -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "x" * 300],
        ["new", "x" * 300, "--players", "A,B,C"],
        ["winner", "QH", "2H", "--ruleset", "x" * 300],
        ["rules", "new", "ours", "--from", "x" * 300],
        ["rules", "check", "x" * 300],
        ["new", "/" + "x" * 300 + ".toml", "--players", "A,B,C"],
    ],
)
def test_an_overlong_ruleset_name_is_an_unknown_ruleset(sk, args):
    said = sk.fails(*args, code=2)
    if any(arg.startswith("/") for arg in args):  # a path: the file is named, cut short
        assert said == "error: no ruleset file at /xxxxxxxxx… (306 characters); check the path"
    else:
        assert said.startswith("error: unknown ruleset 'xxxxxxxxxx…' (300 characters); choose one of: "), said


def test_an_overlong_name_for_ones_own_ruleset_is_refused(sk):
    said = sk.fails("rules", "new", "y" * 300, "--from", "oh-hell-mrpikes", code=2)
    assert said == "error: a ruleset name has at most 100 characters, not 300; choose a shorter one"


# --- import --------------------------------------------------------------------------------


def test_import_refuses_a_device(sk, home):
    said = sk.fails("import", "/dev/zero", code=2)
    assert said == "error: cannot import /dev/zero: it is not a regular file; give a file written by `sheet --format json`"
    assert nothing_stored(home)


def test_import_refuses_a_pipe_without_waiting_on_it(sk, tmp_path, home):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    said = sk.fails("import", fifo, code=2)
    assert said == f"error: cannot import {fifo}: it is not a regular file; give a file written by `sheet --format json`"


def test_import_refuses_a_file_far_larger_than_a_sheet(sk, tmp_path, home):
    from scorekeeper.storage import transfer

    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(transfer.MAX_SHEET_BYTES + 1)
    said = sk.fails("import", big)
    assert said == (
        f"refused: {big} is {transfer.MAX_SHEET_BYTES + 1:,} bytes, far more than a score sheet "
        f"(at most {transfer.MAX_SHEET_BYTES:,}); give a file written by `sheet --format json`"
    )


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_import_refuses_deeply_nested_json(sk, tmp_path, home, opening):
    deep = tmp_path / "deep.json"
    deep.write_text(opening * 200_000, encoding="utf-8")
    said = sk.fails("import", deep)
    assert said == f"refused: {deep} is not JSON (it nests too deeply); give a file written by `sheet --format json`"
    nested = tmp_path / "nested.json"
    nested.write_text(json.dumps({"format": "x", "v": json.loads("[" * 500 + "]" * 500)}), encoding="utf-8")
    assert sk.fails("import", nested).startswith(f"refused: {nested} is not a scorekeeper score sheet")
    assert nothing_stored(home)


# --- --home --------------------------------------------------------------------------------


def test_an_empty_home_is_refused(sk, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    said = sk.fails("--home", "", "new", "oh-hell-mrpikes", "--players", "A,B,C", code=2)
    assert said == "error: --home is empty; give a folder, e.g. --home ~/scores"
    assert list(tmp_path.iterdir()) == [tmp_path / "home"] or not list(tmp_path.iterdir())
    assert not (tmp_path / "scorekeeper.sqlite3").exists()


# --- found by bench/reliability.py's longer fuzz -------------------------------------------


@pytest.mark.parametrize("where", ["..", ""])
def test_import_refuses_a_folder(sk, tmp_path, monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    said = sk.fails("import", where, code=2)
    folder = where or "."
    assert said == f"error: cannot import {folder}: it is not a regular file; give a file written by `sheet --format json`"


def test_an_option_whose_default_is_a_list_among_choices_is_refused(sk, home):
    path = mrpikes_copy(sk, home, 'default = "simultaneous"', "default = [3, 0, 7]")
    said = sk.fails("rules", "check", path)
    assert said == f"refused: {path}: options.bidding: default '[3, 0, 7]' is not one of the choices"


def test_a_whole_number_option_on_a_text_value_is_refused_not_a_crash(sk, home):
    # `pants_bid` is a whole number, but the file points it at a text value
    path = mrpikes_copy(sk, home, 'path = "pants.min_bid"', 'path = "trump.kind"')
    said = sk.run("new", path, "--players", "Ann,Bob,Cat")
    assert said.exit_code in (0, 1) and "Traceback" not in said.stderr, said.stderr
