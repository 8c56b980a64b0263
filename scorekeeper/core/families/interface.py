"""What every game family declares, and nothing else: the entries it accepts (the words
that build each one, and the event types), the handler of each, the checks it makes of a hand
after every entry, the renege rules it judges, and the facts its status and closed hands show.
The table of families and when each applies is in `families/__init__.py`."""

# No `from __future__ import annotations`: a NamedTuple compiles each string annotation
# into a ForwardRef, at every start-up (see outcomes.py).
from collections.abc import Callable
from typing import Any, NamedTuple

from scorekeeper.core import errors, rulesets, state

# handler(game, hand, event): applies the entry to the hand, or raises the refusal that says why not
Handler = Callable[[state.Game, state.Hand, Any], None]
# check(game, hand, event) -> every problem the hand now has, as the refusal's words ([] when none),
# or as the refusal itself where a page says it in words of its own (see errors.ScorekeeperError)
Check = Callable[[state.Game, state.Hand, Any], list[str | errors.RuleViolation]]
# judge(game, hand, player, rule) -> every reason the renege cannot be one ([] when it stands)
RenegeJudge = Callable[[state.Game, state.Hand, str, rulesets.Renege], list[str]]
# facts(game, need) -> the family's part of the status of the hand in progress, as data; `need`
# is what the hand needs (needs.Need), worked out once: what it holds is not worked out again
StatusFacts = Callable[[state.Game, Any], dict[str, Any]]
# facts(game, hand) -> what the family adds to a closed hand's summary, as data
ClosingFacts = Callable[[state.Game, state.Hand], dict[str, Any]]
# forced(game, hand) -> {player: pick} for the picks its rules leave a player no choice about
# at this deal; the engine records them on the hand as it opens, and in its outcome
ForcedPicks = Callable[[state.Game, state.Hand], dict[str, str]]


class Family(NamedTuple):
    """One game family's declaration. `words/` phrases the facts; the engine applies the
    handlers, runs the checks and asks the renege judge."""

    name: str
    entries: dict[str, Callable[..., Any]]  # command word -> parser(game, *words) -> the event
    handlers: dict[type, Handler]  # event type -> its handler
    checks: tuple[Check, ...] = ()
    judge_renege: RenegeJudge | None = None
    status: StatusFacts | None = None
    closing: ClosingFacts | None = None
    forced_picks: ForcedPicks | None = None
