"""Ruleset files: the built-in ones shipped with the package, the user's own, or a path
given in place of a name; found, read and copied (`rules new`) here so that `rulesets`
itself stays pure."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.core import errors
from scorekeeper.core.alternatives import one_of
from scorekeeper.core.language import _, ngettext
from scorekeeper.core.rulesets import BUILTIN_NAMES, MAX_NAME, Ruleset, is_path, parse_document, validate


def builtin_folder() -> Path:
    """The built-in rulesets: inside the installed package, or beside it in a checkout."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "rulesets"
    return packaged if packaged.is_dir() else package.parent / "rulesets"


def user_folder(home: Path | None) -> Path:
    """Where the user's own rulesets live (see docs/commands.md)."""
    from scorekeeper.storage import paths

    return paths.user_rulesets(home)


def find(name: str, home: Path | None) -> tuple[str, str]:
    """The origin and text of a ruleset named by name (user's own first, then built-in) or
    by a path to a .toml file."""
    if is_path(name):
        path = Path(name)
        if not is_file(path):
            raise errors.UsageError(_("no ruleset file at {file}; check the path").format(file=clipped(name)))
        return str(path), _read(path)
    if len(name) <= MAX_NAME:  # a longer one names no file (and may be too long to ask about)
        for folder in (user_folder(home), builtin_folder()):
            path = folder / f"{name}.toml"
            if is_file(path):
                return str(path), _read(path)
    names = [found for found, _where in available(home)]
    shown = clipped(name, quote="'")
    meant = _meant(name, names)
    if meant:
        # TRANSLATORS: {ruleset} is the name given, quoted; {rulesets} the names it may stand for ("a or b")
        raise errors.UsageError(_("unknown ruleset {ruleset}; did you mean {rulesets}?").format(ruleset=shown, rulesets=one_of(meant)))
    # TRANSLATORS: {ruleset} is the name given, quoted; {rulesets} the names there are ("oh-hell, hearts")
    raise errors.UsageError(
        _("unknown ruleset {ruleset}; choose one of: {rulesets}").format(ruleset=shown, rulesets=", ".join(names))
    )


def _meant(name: str, names: list[str]) -> list[str]:
    """The rulesets a name given may stand for: those it begins (`oh-hell`), else the few it
    is one slip away from (`oh-hell-mrpike`)."""
    import difflib

    typed = name.strip().casefold()
    begun = [found for found in names if typed and found.casefold().startswith(typed)]
    return begun or difflib.get_close_matches(typed, names, n=3, cutoff=0.8)


def is_file(path: Path) -> bool:
    """Whether a regular file is there; False for a name the system cannot even look up
    (too long, a NUL byte, a folder that cannot be searched)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def clipped(text: str, quote: str = "") -> str:
    """A name as a refusal repeats it: a very long one is cut, saying how long it was."""
    if len(text) <= 60:
        return f"{quote}{text}{quote}"
    # TRANSLATORS: a very long name cut short: {name} is its start and "…", quoted
    return ngettext("{name} ({count} character)", "{name} ({count} characters)", len(text)).format(
        name=f"{quote}{text[:10]}…{quote}", count=len(text)
    )


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise errors.RulesetError(_("{file}: cannot be read ({reason})").format(file=path, reason=exc)) from None


def locate(path_text: str, home: Path | None) -> tuple[str, str]:
    """The origin and text of the ruleset `rules check` is handed: any file at that path,
    else a ruleset by name."""
    path = Path(path_text)
    if is_file(path):
        return str(path), _read(path)
    if path.suffix == ".toml" or "/" in path_text:
        raise errors.UsageError(_("no file at {file}; check the path").format(file=clipped(path_text)))
    return find(path_text, home)


def load(name: str, home: Path | None = None) -> tuple[dict[str, Any], Ruleset]:
    """The document and validated ruleset for a name or path."""
    origin, text = find(name, home)
    document = parse_document(origin, text)
    return document, validate(origin, document)


def catalog(home: Path | None) -> list[tuple[str, str, Ruleset | None]]:
    """(name, where, ruleset) for every ruleset (see `available`); None for one that does
    not validate."""
    found = []
    for name, where in available(home):
        try:
            found.append((name, where, load(name, home)[1]))
        except errors.ScorekeeperError:
            found.append((name, where, None))
    return found


def available(home: Path | None) -> list[tuple[str, str]]:
    """(name, where) for every ruleset: the built-in ones, then the user's own."""
    found = [(path.stem, "built-in") for path in sorted(builtin_folder().glob("*.toml"))]
    order = {name: i for i, name in enumerate(BUILTIN_NAMES)}
    found.sort(key=lambda item: order.get(item[0], len(order)))
    folder = user_folder(home)
    try:
        if folder.is_dir():
            found += [(path.stem, "yours") for path in sorted(folder.glob("*.toml"))]
    except OSError as exc:
        raise errors.RulesetError(
            _("cannot read your rulesets in {folder} ({reason}); check the folder's permissions, or pass --home DIR").format(
                folder=folder, reason=exc.strerror or exc
            )
        ) from None
    return found


def copy_for_user(home: Path | None, name: str, source: str) -> Path:
    """Write an editable copy of a ruleset, comments kept, into the user's rulesets folder
    under a new name; returns where it was written."""
    if len(name) > MAX_NAME:
        raise errors.UsageError(
            _("a ruleset name has at most {most} characters, not {count}; choose a shorter one").format(
                most=MAX_NAME, count=len(name)
            )
        )
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise errors.UsageError(
            _("'{name}' cannot name a ruleset; use lowercase letters, digits and dashes").format(name=name)
        )
    if name in BUILTIN_NAMES:
        raise errors.EntryError(
            # TRANSLATORS: "our-{name}" is a name to type: keep it as it is
            _("'{name}' is a built-in ruleset; give yours another name, e.g. our-{name}").format(name=name)
        )
    origin, text = find(source, home)
    validate(origin, parse_document(origin, text))
    folder = user_folder(home)
    target = folder / f"{name}.toml"
    if target.exists():
        raise errors.EntryError(_("{file} already exists; edit it, or choose another name").format(file=target))
    copied, count = re.subn(r'(?m)^name = ".*"$', f'name = "{name}"', text, count=1)
    if not count:
        raise errors.RulesetError(_("{file}: has no top-level name line to rename").format(file=origin))
    header = (
        f"# {name}: a copy of {source}, yours to edit. Change a value to change the rule; keep\n"
        "# each [options.*] default equal to the value it stands for. Games already started keep\n"
        f"# the rules they began with. Check your edits with `rules check {target}`.\n"
    )
    folder.mkdir(parents=True, exist_ok=True)
    target.write_text(header + copied, encoding="utf-8")
    return target
