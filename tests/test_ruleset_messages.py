"""The rulesets' prose reaches the catalog: babel.cfg's extraction (tools/ruleset_messages.py)
yields every sentence of the shipped rulesets a person reads, and only those, each with a
translator comment naming the ruleset and the field."""

import io
from pathlib import Path

import pytest
from babel.messages.extract import extract, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from scorekeeper.core import rulesets

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "t": None, "nt": (1, 2)}


@pytest.fixture
def importable_tools(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))  # as tools/catalogs.sh puts the root on PYTHONPATH


def shipped_prose(path: Path) -> set[str]:
    """The prose of a ruleset file, read through the model the program reads it with."""
    ruleset = rulesets.validate(path.name, rulesets.parse_document(path.name, path.read_text()))
    return {
        ruleset.title,
        ruleset.source,
        ruleset.summary,
        *ruleset.readings,
        *(phase.title for phase in ruleset.phases),
        *(renege.description for renege in ruleset.reneges if renege.description),
        *(option.description for option in ruleset.options.values()),
        *(example.note for example in ruleset.examples),
    }


def test_the_catalogs_extraction_takes_every_shipped_rulesets_prose_and_walks_only_our_sources(
    importable_tools,
):
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    visited: dict[str, str] = {}
    found = list(
        extract_from_dir(
            ROOT,
            method_map,
            options_map,
            KEYWORDS,
            ["TRANSLATORS:"],
            callback=lambda name, method, options: visited.setdefault(name, method),
        )
    )
    from_rulesets = {
        message for name, _line, message, _comments, _context in found if name.startswith("rulesets/")
    }
    expected = set().union(*(shipped_prose(path) for path in sorted((ROOT / "rulesets").glob("*.toml"))))
    assert from_rulesets == expected
    assert {"Oh Hell (office rules)", "failed to follow suit when able"} <= from_rulesets
    sources = {
        str(p.relative_to(ROOT)) for p in (ROOT / "scorekeeper").rglob("*.py") if "__pycache__" not in p.parts
    }
    assert {name for name, method in visited.items() if method == "python"} == sources
    scripts = {str(p.relative_to(ROOT)) for p in (ROOT / "scorekeeper" / "serve").rglob("*.js")}
    assert {name for name, method in visited.items() if method == "javascript"} == scripts
    assert {name for name, method in visited.items() if method == "tools.ruleset_messages:extract"} == {
        str(p.relative_to(ROOT)) for p in (ROOT / "rulesets").glob("*.toml")
    }
    assert all(name.startswith(("scorekeeper/", "rulesets/")) for name in visited)


RULESET = b"""name = "tiny"
title = "Tiny (house rules)"
source = "a napkin"
summary = "One hand."
family = "oh-hell"
deck = "french-52"
readings = [
  "Ann's reading.",
  'A literal "string".',
]

[[reneges]]
kind = "revoke"
points = -10
description = "failed to follow suit"

[options.sizes]
description = "hand-size plan"
default = "up"
[options.sizes.choices]
up = { sizes = { shape = "up" } }
down = { sizes = { shape = "down" } }

[options.renege]
description = "points a renege costs"
default = -10
path = "reneges.0.points"

[[examples]]
note = "Ann makes 3"
players = ["Ann", "Bob"]
"""


def test_each_sentence_comes_with_its_line_and_a_comment_naming_the_ruleset_and_field(importable_tools):
    file = io.BytesIO(RULESET)
    file.name = "rulesets/tiny.toml"
    found = list(extract("tools.ruleset_messages:extract", file, KEYWORDS, ["TRANSLATORS:"]))
    assert [(line, message) for line, message, _comments, _context in found] == [
        (2, "Tiny (house rules)"),
        (3, "a napkin"),
        (4, "One hand."),
        (8, "Ann's reading."),
        (9, 'A literal "string".'),
        (15, "failed to follow suit"),
        (18, "hand-size plan"),
        (25, "points a renege costs"),
        (30, "Ann makes 3"),
    ]
    comments = {message: comments for _line, message, comments, _context in found}
    assert comments["Tiny (house rules)"] == [
        "TRANSLATORS: ruleset tiny, title: the game's name; a proper name stays as it is, words beside it are translated"
    ]
    assert comments["hand-size plan"] == [
        "TRANSLATORS: ruleset tiny, options.sizes.description: what the option `sizes` does; the scorer types "
        "`--set sizes=VALUE` at `new`, so a value named here stays as it is (its values: up, down)"
    ]
    assert comments["failed to follow suit"] == [
        "TRANSLATORS: ruleset tiny, reneges[0].description: what a player did to incur the penalty 'revoke'"
    ]
    assert comments["Ann makes 3"] == [
        "TRANSLATORS: ruleset tiny, examples[0].note: a worked example of a hand; player names, card codes and "
        "numbers stay as they are"
    ]


def test_a_file_that_is_not_toml_is_refused_by_name(importable_tools):
    file = io.BytesIO(b"title = \n")
    file.name = "rulesets/broken.toml"
    with pytest.raises(ValueError, match=r"^broken\.toml: not a ruleset file: "):
        list(extract("tools.ruleset_messages:extract", file, KEYWORDS, ["TRANSLATORS:"]))
