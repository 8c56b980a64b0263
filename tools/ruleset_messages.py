"""Babel extraction method for ruleset files (rulesets/*.toml): yields the prose a person reads
in the rules reference (the title, summary and source, the readings, each option's and
penalty's description, the examples' notes, a phase's title), each with a translator comment
naming the ruleset and the field it comes from. The files themselves stay English; the words
are shown translated where they are displayed.

Ids, keys, option values and choices, card codes and every other value the rules engine reads
are not prose and are not extracted.

Used by tools/catalogs.sh through the `[extractors]` section of babel.cfg (`rulesets =
tools.ruleset_messages:extract`, with the repository root on PYTHONPATH)."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

# What each field is, for the translator (with the ruleset and field it comes from)
KEEP = "player names, card codes and numbers stay as they are"
ABOUT = {
    "title": "the game's name; a proper name stays as it is, words beside it are translated",
    "source": "where the rules come from; titles of works and names stay as they are",
    "summary": "the game in brief, first in the rules reference",
    "readings": f"the project's reading of a point the source leaves open; {KEEP}",
    "phase": "the name of the game played in this hand; a proper name stays as it is",
    "renege": "what a player did to incur the penalty '{kind}'",
    "option": "what the option `{name}` does; the scorer types `--set {name}=VALUE` at `new`, so a value named here stays as it is",
    "choices": " (its values: {choices})",
    "example": f"a worked example of a hand; {KEEP}",
}


def extract(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor interface: `(lineno, funcname, message, comments)` for each prose string
    of one ruleset file, in the order of the file's fields."""
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    origin = Path(getattr(fileobj, "name", "ruleset.toml")).name
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{origin}: not a ruleset file: {exc}") from exc
    ruleset = document.get("name") if isinstance(document.get("name"), str) else Path(origin).stem
    tag = f"{next(iter(comment_tags))} " if comment_tags else ""
    lines = _Lines(text)
    for field, message, about in prose(document):
        comment = f"{tag}ruleset {ruleset}, {field}: {about}"
        yield lines.of(message), "_", message, [comment]


def prose(document: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """`(field, text, what it is for a translator)` for each prose string of a ruleset document."""
    for field in ("title", "source", "summary"):
        if _is_text(document.get(field)):
            yield field, document[field], ABOUT[field]
    for i, reading in _texts(document.get("readings")):
        yield f"readings[{i}]", reading, ABOUT["readings"]
    for i, phase in _tables(document.get("phases")):
        if _is_text(phase.get("title")):
            yield f"phases[{i}].title", phase["title"], ABOUT["phase"]
    for i, renege in _tables(document.get("reneges")):
        if _is_text(renege.get("description")):
            about = ABOUT["renege"].format(kind=renege.get("kind", ""))
            yield f"reneges[{i}].description", renege["description"], about
    options = document.get("options")
    for name, option in options.items() if isinstance(options, dict) else ():
        if isinstance(option, dict) and _is_text(option.get("description")):
            about = ABOUT["option"].format(name=name)
            if isinstance(option.get("choices"), dict):
                about += ABOUT["choices"].format(choices=", ".join(option["choices"]))
            yield f"options.{name}.description", option["description"], about
    for i, example in _tables(document.get("examples")):
        if _is_text(example.get("note")):
            yield f"examples[{i}].note", example["note"], ABOUT["example"]


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _texts(values: Any) -> Iterator[tuple[int, str]]:
    return ((i, v) for i, v in enumerate(values if isinstance(values, list) else ()) if _is_text(v))


def _tables(values: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    return ((i, v) for i, v in enumerate(values if isinstance(values, list) else ()) if isinstance(v, dict))


class _Lines:
    """The line a string is written on in the file's text: its first quoted occurrence not yet
    given to an earlier message of the same text (1 when it is written in a way not looked for,
    e.g. over several lines)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.after: dict[str, int] = {}

    def of(self, message: str) -> int:
        start = self.after.get(message, 0)
        spellings = (json.dumps(message, ensure_ascii=False), f"'{message}'")
        found = [at for at in (self.text.find(s, start) for s in spellings) if at >= 0]
        if not found:
            return 1
        at = min(found)
        self.after[message] = at + 1
        return self.text.count("\n", 0, at) + 1
