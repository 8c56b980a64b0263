"""What a scorer says, as a command of the command line: the one interpreter behind `play`
and the scorer's page. A line is a bare answer to what the hand needs next (`h`, `2 1 0 3`,
`QS 2S 3S`) or a command without the program name (`undo`, `tricks 3 1 0 2 --hand 2`).
What a bare answer means comes from what the core says the hand needs (needs.Need: what is
next, who is still to answer, in the order the prompt names them): no rule knowledge lives here.

It also says what the hand asks for next, with the values each player may give (`asking`),
so a prompt, a completion or a phone's buttons offer the same choices; runs a command
in-process as a separate `sk` would run it (`run`); and holds a scorer who is not at the
terminal to the commands a table needs (`FROM_THE_PHONE`, `check_remote`): nothing that reaches
a file or a process of the scorer's computer. A floor of the service, it imports nothing of
storage/: the commands it runs reach the store, handed to it by its front end (`run`'s `db`)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from scorekeeper.core import errors, needs
from scorekeeper.core.language import N_, _, ngettext

# What the hand needs next (needs.NeedKind) -> the command a bare answer is the argument of.
ANSWERS = {
    "flip": "flip",
    "trump": "trump",
    "cursed": "cursed",
    "bids": "bid",
    "poisons": "poison",
    "tricks": "tricks",
    "took": "took",
    "first": "first",
    "last": "last",
    "trick": "trick",
    "make": "make",
}
# What the hand needs next, as the prompt names it (and how many values `counts` were given).
NEED_WORDS = {
    "flip": N_("flip"),
    "trump": N_("trump"),
    "cursed": N_("cursed"),
    "bids": N_("bids"),
    "poisons": N_("poisons"),
    "tricks": N_("tricks"),
    # TRANSLATORS: the scoring cards each player took in tricks (Hearts: who took which)
    "took": N_("took"),
    # TRANSLATORS: who won the first trick
    "first": N_("first"),
    # TRANSLATORS: who won the last trick
    "last": N_("last"),
    # TRANSLATORS: the next trick, card by card
    "trick": N_("trick"),
    # TRANSLATORS: how many cursed cards each player took (Snakebit)
    "counts": N_("counts"),
    # TRANSLATORS: who made trump (Euchre)
    "make": N_("make"),
}
# Needs answered with one value, which may be several words (a Decktet card's name)
ONE_VALUE = frozenset({"flip", "trump", "cursed", "first", "last"})

# What a scorer away from the terminal may say: the one list the phone is held to. TABLE: at
# any table's phone (its game's entries and corrections, what they show, the referee's
# calculator, the rules); GAME: only on the phone of `serve` for one game, since each reaches
# the store's other games (a night's table is kept to its own game). Any other command (one
# that reaches a file or a process of the scorer's computer, or one added to the command line
# later) is refused from the phone until it is put here on purpose.
TABLE, GAME = "table", "game"
FROM_THE_PHONE = {
    **dict.fromkeys(
        ("abandon", "adjust", "bid", "comment", "counts", "cursed", "dealer", "first", "flip", "join", "label",
         "last", "leave", "make", "moon", "poison", "rename", "renege", "sub", "took", "trick", "tricks", "trump",
         "undo", "why", "standings", "status", "sheet", "log", "rules", "rulesets", "winner"),
        TABLE,
    ),
    **dict.fromkeys(("new", "use", "games", "stats"), GAME),
}  # fmt: skip
# Why some of the commands left out are, in the scorer's words (the others: NOT_FROM_THE_PHONE).
WHY_NOT = {
    "import": N_("`import` is not taken from the phone: it reads a file on the scorer's computer; run it in the terminal"),
    "backup": N_("`backup` is not taken from the phone: it writes a file on the scorer's computer; run it in the terminal"),
    "restore": N_("`restore` is not taken from the phone: it replaces the store with a file on the scorer's computer; run it in the terminal"),
    "serve": N_("`serve` is not taken from the phone: it starts a server; run it in the terminal"),
    "play": N_("`play` is not taken from the phone: it starts a session; run it in the terminal"),
    "completion": N_("`completion` is not taken from the phone: it writes to the shell's files; run it in the terminal"),
    "demo": N_("`demo` is not taken from the phone: it writes a throw-away store; run it in the terminal"),
}
NOT_FROM_THE_PHONE = N_("`{command}` is not taken from the phone; run it in the terminal")
# Commands whose words may name a ruleset file by its path: the only ones whose words
# check_remote parses.
NAMING_FILES = frozenset({"rules", "new", "winner"})
# What shlex says of a line it cannot split.
UNSPLIT = (N_("No closing quotation"), N_("No escaped character"))


class Forbidden(errors.ScorekeeperError):
    """A command the scorer's page may not run (it reaches files or processes); nothing ran."""


def split(line: str) -> list[str]:
    """The words of a line, as a shell splits them. A comment is the rest of the line, so an
    apostrophe in it ("comment Bob's best bid") opens no quote: its words are split at spaces."""
    try:
        return shlex.split(line)
    except ValueError as exc:
        words = line.split()
        if words and words[0].casefold() == "comment":
            return words
        raise errors.UsageError(_("{problem}; close the quote").format(problem=_(str(exc)))) from None


def need_word(need: str) -> str:
    """What the hand needs, in the words of the prompt."""
    return _(NEED_WORDS[need]) if need in NEED_WORDS else need


def refusal(exc: errors.ScorekeeperError) -> str:
    """A refusal (exit 1) or an error (2, 3) as the error stream says it: each of its lines
    (a ruleset file may have several problems) with the prefix."""
    lines = str(exc).splitlines() or [""]
    if exc.exit_code == 1:
        return "\n".join(_("refused: {reason}").format(reason=line) for line in lines)
    return "\n".join(_("error: {message}").format(message=line) for line in lines)


def waiting(need: needs.Need) -> list[str]:
    """The players a per-player answer is for, in the order the prompt names them."""
    return [a.name for a in need.answering]


def legal_values(need: needs.Need, player: str) -> list[Any]:
    """What `player` may give for a per-player answer (bids the hook and the hand size allow,
    poisons still allowed); [] where any value is taken and checked on entry."""
    answerer = need.answerer(player)
    return [] if answerer is None else list(answerer.legal)


def bid_words(need: needs.Need, player: str) -> list[str]:
    """What `player` may bid besides a number, as `bid` takes it (Spades: `nil`, and
    `blind-nil` where the rules allow it now); [] in the other games."""
    answerer = need.answerer(player)
    return [] if answerer is None else list(answerer.words)


def command_words(words: list[str], game: Any, data: Any, commands: Any) -> list[str]:
    """The command a line's words stand for: a command as it is, a bare answer as the
    command for what the hand needs (`commands`: the names of the CLI's commands). What the
    hand needs is worked out from `game` (needs.of); `data`, the status data some callers still
    hand over, is not read."""
    if words[0].casefold() in commands:
        return words
    if game is None:
        raise errors.UsageError(_("no game yet; start one with `new RULESET --players A,B,C`"))
    need = needs.of(game)
    what = need.next
    if game.finished or what is None:
        raise errors.UsageError(
            _("the game is over; type a command (`standings`, `sheet`, `new …`; `help` lists them)")
            if game.finished
            else _("nothing is needed in this hand now; type a command (`help` lists them)")
        )
    first = words[0]
    if what in ("tricks", "first", "last", "took") and _looks_like_card(game, first):
        return ["trick", *words]  # the hand card by card instead of by totals
    if what == "took" and _is_number(first):
        return ["counts", *named(words, "counts", list(need.order))]  # Snakebit's counts
    if what == "tricks" and need.makers_tricks:
        return ["tricks", *words]  # the makers' tricks: one number, no player's
    if need.per_player:
        return [ANSWERS[what], *named(words, what, waiting(need))]
    if what in ONE_VALUE:  # a card or a name as the table says it: `Ace of Knots`, `the Sea`
        return [ANSWERS[what], " ".join(words)]
    return [ANSWERS[what], *words]


def named(words: list[str], what: str, players: list[str]) -> list[str]:
    """Bare values given to the players in the order the prompt named them."""
    if any("=" in w for w in words):
        return words
    if len(words) > len(players):
        # TRANSLATORS: {given} values (bids, poisons, tricks...: {what}) typed for fewer players
        raise errors.UsageError(
            ngettext(
                "{given} {what} for {count} player ({players}); give one each in that order, or NAME=VALUE",
                "{given} {what} for {count} players ({players}); give one each in that order, or NAME=VALUE",
                len(players),
            ).format(given=len(words), what=need_word(what), count=len(players), players=" ".join(players))
        )
    return [f"{p}={v}" for p, v in zip(players, words, strict=False)]


def _is_number(text: str) -> bool:
    return text.lstrip("-").isdigit() or "=" in text


def _looks_like_card(game: Any, text: str) -> bool:
    """A card of the game's pack, and not a number, a NAME=VALUE pair or a player's name."""
    if _is_number(text):
        return False
    from scorekeeper.core import cards

    try:
        game.player(text)
        return False
    except errors.ScorekeeperError:
        pass
    try:
        cards.parse_card(text, game.deck)
    except errors.ScorekeeperError:
        return False
    return True


# --- what the hand asks for ---------------------------------------------------------------


def asking(need: needs.Need) -> dict[str, Any] | None:
    """What the hand needs next, as the answer's parts: which need and the command a bare
    answer stands for; the players to answer, in the order the prompt names them, each with
    the values they may give. None when nothing is needed (the game is over).
    The pack's cards and suits to choose from are the game's (see choices)."""
    what = need.next
    if what is None:
        return None
    return {
        "need": what,
        "command": ANSWERS.get(what, what),
        "needs": list(need.needs),
        "players": [{"name": a.name, "legal": list(a.legal), "words": list(a.words)} for a in need.answering],
        "cards_each": need.cards,
        "tricks_total": need.tricks_total,
        "choose_player": need.naming_a_player,
        "next_leader": need.next_leader if what == "trick" else None,
        "counts": need.counts,
        "cursed_total": need.cursed_total,
        # Euchre: who made trump and how (`make`), then the makers' tricks as one number
        "makers_tricks": need.makers_tricks,
    }


# --- running a command --------------------------------------------------------------------


def check_remote(group: Any, words: list[str]) -> None:
    """Refuse (Forbidden) what the scorer's page may not run: a command not in FROM_THE_PHONE,
    another store (`--home`), a file written (`--output`), a ruleset file by its path. Anything
    else is left for the command itself to judge."""
    name = words[0].casefold()
    if any(w == "--home" or w.startswith("--home=") for w in words):
        raise Forbidden(_("--home is not taken from the phone: the server keeps the store it was started on"))
    if name not in FROM_THE_PHONE:
        if name in WHY_NOT:
            raise Forbidden(_(WHY_NOT[name]))
        raise Forbidden(_(NOT_FROM_THE_PHONE).format(command=words[0]))
    if any(w == "--output" or w.startswith("--output=") for w in words):
        raise Forbidden(_("`sheet --output` is not taken from the phone: it writes a file; run it in the terminal"))
    command = group.commands.get(name)
    if command is None or name not in NAMING_FILES:
        return  # its words are not parsed here: nothing in them is looked at
    try:
        params = command.make_context(name, list(words[1:]), resilient_parsing=True).params
    except Exception:  # the command itself says what is wrong with its words
        return
    from scorekeeper.core.rulesets import is_path

    given = (params.get("args") or []) if name == "rules" else []
    if given[:1] in (["new"], ["check"]):
        raise Forbidden(
            _("`rules {action}` is not taken from the phone: it reaches a file; run it in the terminal").format(
                action=given[0]
            )
        )
    rulesets = [params.get("ruleset")] if name in ("new", "winner") else given
    if any(isinstance(r, str) and is_path(r) for r in rulesets):
        raise Forbidden(_("a ruleset file is not taken from the phone; name a ruleset (`rulesets` lists them)"))


def run(group: Any, context: Any, words: list[str], home: Path | None, chosen: str | None, db: Any) -> int:
    """Run a CLI command in-process, on the open store `db`: the same parsing, checks,
    messages and exit codes as a separate `sk`, without starting a program. `chosen`: the game
    to act on when the words do not say (`--game`). Returns the exit code; what the command
    recorded is left in `context.recorded`."""
    name = words[0].casefold()
    command = group.commands.get(name)
    args = [name, *words[1:]]
    if (
        chosen
        and command is not None
        and any(p.name == "game" for p in command.params)
        and not any(w == "--game" or w.startswith("--game=") for w in words)
    ):
        args += ["--game", chosen]
    if home is not None:
        args = ["--home", str(home), *args]
    context.session_store, context.recorded = db, None
    try:
        code = group.main(args, prog_name="", standalone_mode=False)
    finally:
        context.session_store = None
    return code if isinstance(code, int) else 0


def standings_after(before: Any, after: Any, words: list[str]) -> str | None:
    """The standings on one line, said once an entry (not an undo) has closed a hand of the
    game it was made on, a player who left marked so; None otherwise. `before` and `after`:
    the game then and now."""
    if before is None or after is None or after.id != before.id or words[0].casefold() == "undo":
        return None
    if _closed(after) <= _closed(before):
        return None
    from scorekeeper.words import reports

    return _("Standings: {standings}").format(standings=reports.standings_line(after))


def _closed(game: Any) -> int:
    return sum(1 for h in game.hands if h.closed)
