"""Every built-in ruleset loads, its worked examples pass, and every option's default is
what the file already says (so a game with no --set plays the file as written)."""

import datetime
import tomllib
from pathlib import Path

import pytest

from scorekeeper.core import errors, examples, rulesets

FOLDER = Path(__file__).resolve().parent.parent / "rulesets"
FILES = sorted(FOLDER.glob("*.toml"))


def load(path: Path):
    document = rulesets.parse_document(path.name, path.read_text(encoding="utf-8"))
    return document, rulesets.validate(path.name, document)


def test_a_file_parsed_again_is_the_same_document_and_a_copy_of_its_own():
    text = (FOLDER / "oh-hell-mrpikes.toml").read_text(encoding="utf-8")
    first = rulesets.parse_document("a.toml", text)
    first["name"] = "changed"
    first["scoring"][0]["kind"] = "changed"
    again = rulesets.parse_document("a.toml", text)
    assert again["name"] == "oh-hell-mrpikes" and again["scoring"][0]["kind"] != "changed"
    assert again == tomllib.loads(text) and list(again) == list(tomllib.loads(text))
    dated = 'name = "x"\nwhen = 2026-11-26\nbig = 123456789012345678901234567890\nyes = true\none = 1.0\n'
    document = rulesets.parse_document("b.toml", dated)  # a date marshal cannot copy: copied all the same
    assert document == tomllib.loads(dated) and rulesets.parse_document("b.toml", dated) is not document
    assert [type(v) for v in document.values()] == [str, datetime.date, int, bool, float]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_game_with_no_option_set_plays_the_file_as_validated_less_its_examples(path):
    document, _ = load(path)
    resolved, _, played = rulesets.apply_options(path.name, document, [])
    assert "examples" not in resolved and played.examples == []
    assert played == rulesets.Ruleset.model_validate(resolved)  # as if validated again


def test_the_builtin_names_are_files():
    assert {p.stem for p in FILES} <= set(rulesets.BUILTIN_NAMES)
    assert "oh-hell-mrpikes" in {p.stem for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_ruleset_loads_and_is_named_after_its_file(path):
    _, ruleset = load(path)
    assert ruleset.name == path.stem
    assert ruleset.examples, "each built-in ruleset carries worked examples"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_worked_examples_pass(path):
    _, ruleset = load(path)
    assert examples.failures(ruleset) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_option_default_is_the_files_own_value(path):
    document, ruleset = load(path)
    plain, _, _ = rulesets.apply_options(path.name, document, [])
    for name, option in ruleset.options.items():
        value = option.default
        text = ",".join(map(str, value)) if isinstance(value, list) else str(value).lower() if isinstance(value, bool) else str(value)
        resolved, chosen, _ = rulesets.apply_options(path.name, document, [f"{name}={text}"])
        assert chosen[name] == value
        same = rulesets.validate("x", resolved) == rulesets.validate("x", plain)
        assert same, f"option {name}'s default {value!r} differs from the file"


def test_an_unknown_option_names_the_known_ones():
    document, _ = load(FOLDER / "oh-hell-mrpikes.toml")
    with pytest.raises(errors.UsageError) as caught:
        rulesets.apply_options("x", document, ["hooks=true"])
    assert str(caught.value).startswith("oh-hell-mrpikes has no option 'hooks'; its options are: bidding, ")


def test_a_misspelt_key_is_reported_with_its_path():
    document, _ = load(FOLDER / "oh-hell-mrpikes.toml")
    document["pants"] = {**document["pants"], "min_bids": 4}
    with pytest.raises(errors.RulesetError) as caught:
        rulesets.validate("ours.toml", document)
    assert str(caught.value) == "ours.toml: pants.min_bids: unknown key (check the spelling)"


def test_a_worked_example_that_is_wrong_is_caught():
    document, _ = load(FOLDER / "oh-hell-mrpikes.toml")
    document["examples"][0]["points"]["Ann"] = 14
    ruleset = rulesets.validate("x", document)
    assert examples.failures(ruleset) == [
        "0 (3 players, 10 cards: Ann makes 3 (10 + 3), Bob makes zero (10), Cat bids 6 and takes 7 "
        "(-(10 + 1))): the rules give Ann 13, Bob 10, Cat -11"
    ]
