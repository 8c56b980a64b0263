"""The calls that answer questions and record nothing: the referee's calculator (`winner`),
`why`, the store's records and ratings, the rules, the audit log, the score sheet."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.commands.desk import Desk
from scorekeeper.commands.games import worded_for
from scorekeeper.commands.said import Said
from scorekeeper.core import errors, language
from scorekeeper.core.language import _


def winner(desk: Desk, cards: Sequence[str], trump: str | None = None, led: str | None = None,
           ruleset: str | None = None, set_: Sequence[str] = (), jokers: str | None = None,
           as_json: bool = False) -> Said:  # fmt: skip
    """Who wins a trick, and why; needs no game."""
    from scorekeeper.core.families import card_by_card
    from scorekeeper.storage import ruleset_files

    source = ruleset_files.find(ruleset, desk.home()) if ruleset is not None else None
    with worded_for(as_json):
        verdict = card_by_card.judge(list(cards), trump, led, source, list(set_), jokers)
    said = Said()
    said.say_data(verdict, as_json, lambda found: found["reason"])
    return said


def why(
    desk: Desk, player: str, hand: int | None = None, game: str | None = None, as_json: bool = False
) -> Said:
    """Every point a player has (or got in one hand), rule by rule. On a page the reply is its
    first line, and the rest goes as data (`Said.why`) for the page to lay out itself."""
    from scorekeeper import table
    from scorekeeper.words import explain

    with desk.store() as db:
        state = table.load(db, table.resolve_game(db, game))
    said = Said()
    if as_json:
        with worded_for(as_json):
            said.say_json(explain.why_data(state, player, hand))
    elif desk.on_page:
        said.why = explain.why_data(state, player, hand, on_page=True)
        said.say(explain.why_head(state, said.why))
    else:
        said.say(explain.why_text(state, player, hand))
    return said


def stats(desk: Desk, player: str | None = None, ruleset: str | None = None, rebuild: bool = False,
          as_json: bool = False) -> Said:  # fmt: skip
    """Records across every game in the store."""
    from scorekeeper import ratings
    from scorekeeper import stats as records

    with desk.store() as db, worded_for(as_json):
        data = ratings.beside_records(db, records.view(records.load(db, rebuild), player, ruleset))
    said = Said()
    said.say_data(data, as_json, records.text)
    return said


def ratings_(desk: Desk, ruleset: str | None = None, since: str | None = None, as_json: bool = False) -> Said:
    """Every player's rating over the finished games, best first."""
    from scorekeeper import ratings

    chosen = ratings.parse_since(since)
    with desk.store() as db, worded_for(as_json):
        data = ratings.league(db, ruleset, chosen)
    said = Said()
    said.say_data(data, as_json, ratings.text)
    return said


def rulesets(desk: Desk) -> Said:
    """The rulesets: the built-in ones and the scorer's own."""
    from scorekeeper.storage import ruleset_files
    from scorekeeper.words import rulebook

    said = Said()
    said.say(rulebook.catalog_text(ruleset_files.catalog(desk.home())))
    return said


def rules(desk: Desk, args: Sequence[str] | None = None, from_: str | None = None) -> Said:
    """The rules in brief with every option; or make or check a ruleset of one's own."""
    from scorekeeper.storage import ruleset_files
    from scorekeeper.words import rulebook

    args = list(args or [])
    said = Said()
    if args[:1] == ["new"]:
        if len(args) != 2 or from_ is None:
            raise errors.UsageError(_("write `rules new NAME --from RULESET`"))
        from scorekeeper.words import replies

        said.say(replies.ruleset_copied(args[1], ruleset_files.copy_for_user(desk.home(), args[1], from_)))
    elif args[:1] == ["check"]:
        if len(args) != 2:
            raise errors.UsageError(_("write `rules check FILE`"))
        said.say(rulebook.check(*ruleset_files.locate(args[1], desk.home())))
    elif len(args) > 1:
        raise errors.UsageError(_("name one ruleset, e.g. `rules oh-hell-mrpikes`"))
    elif not args:
        said.say(rulebook.index(ruleset_files.available(desk.home())))
    else:
        said.say(rulebook.describe(ruleset_files.load(args[0], desk.home())[1]))
    return said


def log(desk: Desk, game: str | None = None) -> Said:
    """The audit log: every entry with its time, hand and any reversal."""
    from scorekeeper import table
    from scorekeeper.words import audit

    with desk.store() as db:
        gid = table.resolve_game(db, game)
        stored, head = table.history(db, gid)
    said = Said()
    said.say(audit.log_text(gid, stored, head))
    return said


def sheet(desk: Desk, format_: str | None = None, output: Path | str | None = None, force: bool = False,
          lang: str | None = None, game: str | None = None) -> Said:  # fmt: skip
    """The score sheet, as the reply or written to `output`."""
    from scorekeeper import table
    from scorekeeper.sheets import score_sheet

    output = None if output is None else Path(output)
    with desk.store() as db:
        stored, _head = table.history(db, table.resolve_game(db, game))
    with sheet_language(lang):
        text = score_sheet.render(table.replay(stored), sheet_format(format_, output), stored)
    said = Said()
    if output is None:
        said.say_whole(text)
        return said
    from scorekeeper.storage import output as output_file

    output_file.write(output, text, force, db.path)
    said.say(_("Wrote {file}.").format(file=output))
    return said


def sheet_language(code: str | None) -> contextlib.AbstractContextManager[None]:
    """The language a code names (`sheet --lang CODE` writes the sheet in it, whatever the one
    spoken; a command's `--lang CODE` inside `play` speaks it); the one in use if None."""
    if code is None:
        return contextlib.nullcontext()
    from scorekeeper.words import catalogs

    return language.speaking(catalogs.translations(catalogs.chosen(code)))


FORMAT_NAMES = {
    **{name: name for name in ("text", "csv", "grid", "json", "markdown", "html", "bgstats")},
    **{"txt": "text", "md": "markdown", "htm": "html"},
}


def sheet_format(given: str | None, output: Path | None) -> str:
    """The sheet format `--format` names (in any case, `md` for markdown), else the one the
    --output file's extension names (`.html`, `.md`, `.csv`, `.json`, `.txt`), else text.
    An unknown name is left as given, for the sheet to refuse listing the formats."""
    if given is None:
        suffix = output.suffix.lstrip(".").lower() if output is not None else ""
        return FORMAT_NAMES.get(suffix, "text")
    return FORMAT_NAMES.get(given.lower(), given)
