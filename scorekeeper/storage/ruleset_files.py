"""Ruleset files: the built-in ones shipped with the package, the user's own, or a path
given in place of a name; found and read here so that `rulesets` itself stays pure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.core import errors
from scorekeeper.core.rulesets import BUILTIN_NAMES, Ruleset, parse_document, validate


def builtin_folder() -> Path:
    """The built-in rulesets: inside the installed package, or beside it in a checkout."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "rulesets"
    return packaged if packaged.is_dir() else package.parent / "rulesets"


def user_folder(home: Path | None) -> Path:
    """Where the user's own rulesets live (see CLI.md)."""
    from scorekeeper.storage import paths

    return paths.user_rulesets(home)


def find(name: str, home: Path | None) -> tuple[str, str]:
    """The origin and text of a ruleset named by name (user's own first, then built-in) or
    by a path to a .toml file."""
    if name.endswith(".toml") or "/" in name:
        path = Path(name)
        if not path.is_file():
            raise errors.UsageError(f"no ruleset file at {name}; check the path")
        return str(path), _read(path)
    for folder in (user_folder(home), builtin_folder()):
        path = folder / f"{name}.toml"
        if path.is_file():
            return str(path), _read(path)
    known = ", ".join(n for n, _ in available(home))
    raise errors.UsageError(f"unknown ruleset '{name}'; choose one of: {known}")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise errors.RulesetError(f"{path}: cannot be read ({exc})") from None


read = _read  # for `rules check`, which reads any file it is handed


def load(name: str, home: Path | None = None) -> tuple[dict[str, Any], Ruleset]:
    """The document and validated ruleset for a name or path."""
    origin, text = find(name, home)
    document = parse_document(origin, text)
    return document, validate(origin, document)


def available(home: Path | None) -> list[tuple[str, str]]:
    """(name, where) for every ruleset: the built-in ones, then the user's own."""
    found = [(path.stem, "built-in") for path in sorted(builtin_folder().glob("*.toml"))]
    order = {name: i for i, name in enumerate(BUILTIN_NAMES)}
    found.sort(key=lambda item: order.get(item[0], len(order)))
    folder = user_folder(home)
    if folder.is_dir():
        found += [(path.stem, "yours") for path in sorted(folder.glob("*.toml"))]
    return found
