"""What a closed hand decided, as data: every item of points with a typed reference to the
rule that gave it, the forfeits paid (or already paid), the moon's and the sweep's verdicts,
the picks the rules forced on players, and the reneges' penalties. The engine records one `Outcome` on each hand
as it closes; sheets, `stats`, `why` and `import` read it, and nothing parses a sentence back."""

# No `from __future__ import annotations` here: a NamedTuple compiles each string annotation
# into a ForwardRef, and these records are made at every start-up that replays a game.
import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Literal, NamedTuple


class RuleRef(NamedTuple):
    """Where the rule that gave an item is written, and which of its cases applied."""

    where: Literal["scoring", "adjust", "renege"]  # the hand's phase.scoring or phase.adjust, or ruleset.reneges
    index: int  # 0-based place in that list
    case: str = ""  # exact bid: "made", "made zero" or "missed"; poison: "made" or "missed"; moon: "made" or "failed"
    pick: str = ""  # poison: the pick scored, "bid", "blind" or "take"


class Reason:
    """The words of an item, put together only when they are shown (`str()`): a replay makes
    hundreds of items that nobody reads. Equal to the text it makes."""

    __slots__ = ("args", "build")

    def __init__(self, build: Callable[..., str], *args: object) -> None:
        self.build = build
        self.args = args

    def __str__(self) -> str:
        return self.build(*self.args)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, str | Reason) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


class Item(NamedTuple):
    """Points one rule gave one player in one hand, with the reason in words (`str()` of it)."""

    player: str
    points: Fraction
    rule: str  # the rule's kind, as `why --json` shows it: "exact_bid", "poison blind", "cards", "moon", …
    reason: str | Reason
    source: RuleRef | None = None


class Penalty(NamedTuple):
    """Points a renege cost at once (its item's source is the renege rule), its kind and the
    scorer's note."""

    item: Item
    kind: str
    note: str | Reason = ""


class Forfeit(NamedTuple):
    """A forfeit instead of points (MrPikes' pants): who, which, and the bid and tricks that
    decided it. `paid` is False when the rule asks it once a game and it was paid before."""

    player: str
    kind: Literal["pants"]
    bid: int
    took: int | None
    paid: bool = True


class MoonVerdict(NamedTuple):
    player: str  # the shooter, or the declarer
    made: bool  # False: a declared moon that failed
    declared: bool
    adjustment: int  # its place in the hand's phase.adjust


class SweepVerdict(NamedTuple):
    player: str  # took every penalty of the hand
    penalties: int  # how many there were
    points: Fraction  # what the sweep scores instead
    usual: Fraction  # what the penalties would have scored
    adjustment: int


class ForcedPick(NamedTuple):
    """A pick the rules left a player no choice about this hand (Pick Your Poison's quotas)."""

    player: str
    kind: str  # "bid", "blind" or "take"


class Announcement(NamedTuple):
    """What the table hears as a hand closes (a moon, a sweep, a forfeit, a tie to play off),
    and the players it is about. Its words are put together when shown (`text`), in the
    language in use then: a replay's state is the same whatever the language."""

    said: Reason
    about: tuple[str, ...]

    @property
    def text(self) -> str:
        return str(self.said)


class Outcome(NamedTuple):
    items: tuple[Item, ...]
    forfeits: tuple[Forfeit, ...] = ()
    moon: MoonVerdict | None = None
    sweep: SweepVerdict | None = None
    forced: tuple[ForcedPick, ...] = ()
    penalties: tuple[Penalty, ...] = ()  # the hand's reneges (recorded as they happened)

    def paid(self, kind: str) -> list[str]:
        """The players who paid a forfeit of this kind in the hand."""
        return [f.player for f in self.forfeits if f.kind == kind and f.paid]


# The records replay makes at every hand, made from all their fields in order by C code:
# calling a NamedTuple class runs its __new__ in Python, about a microsecond each.
new_item = functools.partial(tuple.__new__, Item)
new_outcome = functools.partial(tuple.__new__, Outcome)


def renamed(outcome: Outcome, swap: Callable[[str], str]) -> Outcome:
    """The same outcome with a seat called by its new name (`rename`)."""
    return outcome._replace(
        items=tuple(i._replace(player=swap(i.player)) for i in outcome.items),
        forfeits=tuple(f._replace(player=swap(f.player)) for f in outcome.forfeits),
        moon=None if outcome.moon is None else outcome.moon._replace(player=swap(outcome.moon.player)),
        sweep=None if outcome.sweep is None else outcome.sweep._replace(player=swap(outcome.sweep.player)),
        forced=tuple(f._replace(player=swap(f.player)) for f in outcome.forced),
        penalties=tuple(p._replace(item=p.item._replace(player=swap(p.item.player))) for p in outcome.penalties),
    )
