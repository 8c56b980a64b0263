"""Ruleset files: the pydantic models of the closed rules vocabulary, loading and validating
TOML files, and applying a table's `--set NAME=VALUE` options.

A ruleset is data only. Every scoring rule and schedule rule is one of a few typed
primitives selected by `kind`; what they mean is implemented in `scoring` and `schedule`.
"""

import copy
import functools
import marshal
import math
import re
from fractions import Fraction
from typing import Annotated, Any, Literal, Self, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from scorekeeper.core import cards, errors
from scorekeeper.core.alternatives import one_of
from scorekeeper.core.language import N_, _, ngettext

BUILTIN_NAMES = (
    "oh-hell-mrpikes",
    "oh-hell-office",
    "pick-your-poison",
    "four-bad-queens",
    "four-mad-queens",
    "slippery-paws",
    "finis",
    "cruel-fate",
    "acorn-hearts",
    "compendium",
    "snakebit",
    "poison-nonesuch",
    "spades",
    "euchre",
)

Direction = Literal["left", "right", "across", "hold"]

# Bounds on every number in the vocabulary, far beyond any real table, so that no file or
# `--set` can make a game that takes minutes or gigabytes to count, or points too large to print.
MAX_HANDS = 1000  # hands in a game
MAX_CARDS = 100  # cards in a hand, kept back, passed, or bid; players at a table
MAX_POINTS = 1_000_000  # points in any one rule, either way
MAX_DENOMINATOR = 1000  # the finest fraction of a point
MAX_NAME = 100  # characters in a ruleset's name (it is also a file name)
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"  # a ruleset's name
_POINTS_TEXT = re.compile(r"\s*[+-]?(\d{1,12}(\.\d{1,6})?|\.\d{1,6})(\s*/\s*\d{1,12})?\s*")
PoisonKind = Literal["bid", "blind", "take"]


class Model(BaseModel):
    """Every ruleset part: immutable, and a misspelt key is an error, never a silent default."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


def is_path(name: str) -> bool:
    """Whether a ruleset is named by the path of its file rather than by its name."""
    return name.endswith(".toml") or "/" in name


def _points(value: Any) -> Any:
    """Points may be integers, exact decimals (0.5) or fractions written as "1/2", within
    ±MAX_POINTS. Exponents are refused before any arithmetic: "1e999999999" would take
    Fraction minutes to expand."""
    if isinstance(value, bool):
        raise ValueError(_("points must be a number, not true/false"))
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_POINTS:
            raise ValueError(_too_many_points(value))
        exact = Fraction(value)
        if exact.denominator > MAX_DENOMINATOR:
            raise ValueError(
                _("{value} is not an exact number of points; write it as a fraction, e.g. '1/3'").format(value=value)
            )
        return exact
    if isinstance(value, str):
        if not _POINTS_TEXT.fullmatch(value):
            shown = value if len(value) <= 40 else value[:40] + "…"
            raise ValueError(
                _(
                    "'{text}' is not a number of points; write a whole number, a decimal such as 0.5, "
                    "or a fraction such as '1/3' (no exponents)"
                ).format(text=shown)
            )
        try:
            value = Fraction(value.replace(" ", ""))
        except ZeroDivisionError:
            raise ValueError(_("'{text}' is not a number of points: it divides by zero").format(text=value)) from None
    if isinstance(value, int | Fraction):
        if abs(value) > MAX_POINTS:
            raise ValueError(_too_many_points(value))
        if Fraction(value).denominator > MAX_DENOMINATOR:
            raise ValueError(
                _("{value} is finer than 1/{finest} of a point; round it").format(value=value, finest=MAX_DENOMINATOR)
            )
    return value


def _too_many_points(value: Any) -> str:
    return _("{value} points is too many; points are at most {most} either way").format(value=value, most=MAX_POINTS)


def _whole(value: Fraction) -> int | Fraction:
    """A whole number of points as an int: a ruleset without halves scores in integers
    (several times quicker), one with halves in exact fractions; the two mix exactly."""
    return value.numerator if value.denominator == 1 else value


# Dumped as text ("10", "1/2") whether held as an int or a Fraction.
Pts = Annotated[Fraction, BeforeValidator(_points), AfterValidator(_whole), PlainSerializer(str)]


class Terms(Model):
    """Coefficients of the fixed terms a bid score is built from; absent terms are 0."""

    base: Pts = 0
    per_trick: Pts = 0  # × tricks taken
    per_bid: Pts = 0  # × the bid
    per_off: Pts = 0  # × |bid − tricks|
    per_card: Pts = 0  # × cards dealt to each player this hand

    @functools.cached_property
    def coefficients(self) -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction]:
        """(base, per_trick, per_bid, per_off, per_card), read once: scoring reads them for
        every player of every hand."""
        return (self.base, self.per_trick, self.per_bid, self.per_off, self.per_card)



# --- scoring primitives -------------------------------------------------------------


class ExactBid(Model):
    """Oh Hell: a bid made exactly scores `made` (or `made_zero` for a zero bid), else `missed`."""

    kind: Literal["exact_bid"]
    made: Terms
    made_zero: Terms | None = None
    missed: Terms


class ExactBidTerms(Model):
    made: Terms
    missed: Terms


class PoisonTally(Model):
    """Pick Your Poison: how each poison scores. `take` has no bid, so only per_trick counts."""

    kind: Literal["poison"]
    bid: ExactBidTerms
    blind: ExactBidTerms
    take: Terms


class PerTrick(Model):
    """A fixed number of points per trick taken."""

    kind: Literal["per_trick"]
    points: Pts



class CardPoints(Model):
    """Points for scoring cards captured in tricks: named cards, every card of a suit, or
    every card bearing the hand's cursed suit (Snakebit)."""

    kind: Literal["cards"]
    cards: dict[str, Pts] = {}
    suits: dict[str, Pts] = {}
    cursed: Pts | None = None


    @model_validator(mode="after")
    def _something_scores(self) -> Self:
        if not (self.cards or self.suits or self.cursed is not None):
            raise ValueError(_("a 'cards' rule needs cards, suits or cursed"))
        return self


class TrickPoints(Model):
    """Points for winning the first or the last trick, to the winner and to every other player."""

    kind: Literal["trick"]
    which: Literal["first", "last"]
    winner: Pts = 0
    others: Pts = 0



class Spades(Model):
    """Spades, scored by sides (partners opposite): a side's contract is the sum of its
    players' numeric bids. Made: `per_contract` × contract + `per_bag` per trick over it (a
    bag); set: `set_per_contract` × contract; each nil ± `nil`, each blind nil ± `blind_nil`.
    Every `bag_limit` bags a side has gathered cost `bag_penalty` (0: bags never cost)."""

    kind: Literal["spades"]
    per_contract: Pts = 10
    per_bag: Pts = 1
    set_per_contract: Pts = -10
    nil: Pts = 100
    blind_nil: Pts = 200
    nil_tricks: Literal["bags", "contract"] = "bags"  # a nil bidder's tricks: bags, or toward the partner's contract
    bag_limit: int = Field(default=10, ge=0, le=MAX_CARDS * MAX_HANDS)  # 0: bags never cost
    bag_penalty: Pts = -100
    blind_nil_allowed: bool = True
    blind_nil_behind: int = Field(default=100, ge=0, le=MAX_POINTS)  # a side must be this far behind
    min_side_bid: int = Field(default=0, ge=0, le=MAX_CARDS)  # 0: any contract; a side with a nil is exempt


class Euchre(Model):
    """Euchre, scored by sides: the side that made trump scores `made` for 3 or 4 tricks and
    `march` for all 5 (`alone_made`, `alone_march` when its maker went alone); held to fewer
    than 3, it is euchred and the other side scores `euchred` (`euchred_alone` when a defender
    went alone, where `defend_alone` allows it). `stick_the_dealer`: the dealer may not pass."""

    kind: Literal["euchre"]
    made: Pts = 1
    march: Pts = 2
    alone_made: Pts = 1
    alone_march: Pts = 4
    euchred: Pts = 2
    euchred_alone: Pts = 4
    stick_the_dealer: bool = False
    defend_alone: bool = False


ScoringRule = Annotated[
    Union[ExactBid, PoisonTally, PerTrick, CardPoints, TrickPoints, Spades, Euchre], Field(discriminator="kind")
]


class Sweep(Model):
    """One player taking every penalty of the hand scores `points` instead (Slippery Paws' 4)."""

    kind: Literal["sweep"]
    points: Pts



class Outcome(Model):
    taker: Pts | None = None  # None: the taker scores as usual
    others: Pts | None = None  # None: the others score as usual



class Moon(Model):
    """Shooting the moon: one player takes every scoring card of the hand. Declared moons are
    announced before the first trick and judged win or lose; undeclared ones are detected."""

    kind: Literal["moon"]
    declared: bool
    success: Outcome
    failure: Outcome = Outcome.model_construct()  # defaults only: no validator built at import


Adjustment = Annotated[Union[Sweep, Moon], Field(discriminator="kind")]


class Phase(Model):
    """The scoring of one kind of hand; a ruleset has one, Compendium one per game in turn."""

    name: str = ""
    title: str = ""
    scoring: list[ScoringRule]
    adjust: list[Adjustment] = []
    passing: bool = True  # False: this kind of hand never passes

    @functools.cached_property
    def play_records(self) -> tuple[str, ...]:
        """What play must record before a hand of this kind scores, in the order to record
        it: "tricks" (each player's count), "took" (the scoring cards), then "first" and
        "last" (who won that trick). Asked after every entry, so worked out once."""
        kinds = {type(rule) for rule in self.scoring}
        records = []
        if kinds & {ExactBid, PoisonTally, PerTrick, Spades, Euchre}:
            records.append("tricks")
        if CardPoints in kinds:
            records.append("took")
        records += [rule.which for rule in self.scoring if isinstance(rule, TrickPoints)]
        return tuple(records)


# --- schedule primitives -------------------------------------------------------------


class Progression(Model):
    """Hand sizes that step by one card a hand: down to `low` then back up, and so on."""

    kind: Literal["progression"]
    start: int = Field(ge=1, le=MAX_CARDS)  # capped at what the deck allows for the player count
    shape: Literal["down-up", "up-down", "down", "up", "fixed"] = "down-up"
    low: int = Field(default=1, ge=1, le=MAX_CARDS)
    hands: int = Field(default=0, ge=0, le=MAX_HANDS)  # for shape = "fixed"; 0 for the other shapes


class FlipSize(Model):
    """Each hand a flipped card sets the hand size (and, with trump.kind = "flip", the
    trump): `values` by rank, never more than `start` cards nor than the deck allows."""

    kind: Literal["flip"]
    values: dict[str, Annotated[int, Field(ge=1, le=MAX_CARDS)]]  # rank → cards: {"A": 1, "2": 2, …, "JK": 10}
    start: int = Field(default=10, ge=1, le=MAX_CARDS)  # the largest hand a flip can give
    hands: int = Field(ge=1, le=MAX_HANDS)  # how many hands (flips) the game has
    joker_reflip: bool = False  # house rule: a flipped Joker may go back and another be flipped


class DealOut(Model):
    """Deal as many cards as go round equally, leaving at least `keep` undealt."""

    kind: Literal["deal_out"]
    keep: int = Field(default=0, ge=0, le=MAX_CARDS)


HandSizes = Annotated[Union[Progression, FlipSize, DealOut], Field(discriminator="kind")]


class Trump(Model):
    """How each hand's trump is known.

    turned: recorded by the scorer (`trump`); flip: the suit of the flipped card; rotating:
    `cycle` by hand number ("none" for a no-trump hand); none: never a trump."""

    kind: Literal["turned", "flip", "rotating", "none"]
    cycle: list[str] = []
    no_repeat: bool = False  # no suit twice in one run through the suits (Decktet's Crown pile)
    must_break: bool = False  # trump may not be led until it has been played
    always: bool = False  # every hand has a trump suit: `trump none` is refused
    bowers: bool = False  # Euchre: the jack of trump, then the other jack of its colour (a trump), rank highest


class Lead(Model):
    """What a lead must be, beyond following suit: the card that opens each hand (Hearts'
    2♣: its holder leads it to the first trick) and suits that may not be led until broken
    (Hearts' hearts), unless the leader holds nothing else. Cards and suits as in `cards`
    rules: "2C", "H"."""

    first: str | None = None
    must_break: list[str] = []
    strict: bool = False  # Decktet: a card bearing an unbroken suit may not be led at all


class Bidding(Model):
    """What players state before play: nothing, a number of tricks, or a poison."""

    kind: Literal["none", "bids", "poisons", "make"] = "none"  # make: one player makes trump (Euchre)
    order: Literal["simultaneous", "in-turn"] = "simultaneous"
    hook: bool = False  # in-turn: the dealer may not make the bids total the tricks


class Quota(Model):
    min: int = Field(ge=0, le=MAX_HANDS)
    max: int = Field(ge=1, le=MAX_HANDS)


class Poisons(Model):
    """Pick Your Poison's rounds: hands per round and each poison's min/max per round."""

    rounds: list[Annotated[int, Field(le=MAX_HANDS)]] = Field(min_length=1)
    quotas: dict[int, dict[PoisonKind, Quota]] = {}  # by round length; else min 1, max ⌈N/3⌉

    @field_validator("rounds")
    @classmethod
    def _positive(cls, rounds: list[int]) -> list[int]:
        if any(n < 3 for n in rounds):
            raise ValueError(_("every round needs at least 3 hands, one per poison"))
        if sum(rounds) > MAX_HANDS:
            raise ValueError(
                _("the rounds add up to {count} hands; a game has at most {most}").format(count=sum(rounds), most=MAX_HANDS)
            )
        return rounds

    def quota(self, hands: int, poison: str) -> Quota:
        by_poison = self.quotas.get(hands)
        if by_poison and poison in by_poison:
            return by_poison[poison]
        return _usual_quota(hands)


@functools.cache
def _usual_quota(hands: int) -> Quota:
    """The quota of a poison the ruleset does not name one for, in a round of `hands` hands:
    at least once, at most ⌈hands/3⌉ (made once per round length: it is asked for every
    player and poison at every deal)."""
    return Quota(min=1, max=math.ceil(hands / 3))


class Passing(Model):
    """Passing cards before the first trick: the direction cycles by hand number."""

    enabled: bool = True
    cycles: dict[int, list[Direction]]  # by player count; key 0 is the default
    cards: dict[int, Annotated[int, Field(ge=0, le=MAX_CARDS)]]  # by player count; key 0 is the default

    def direction(self, players: int, hand: int) -> Direction | None:
        cycle = self.cycles.get(players) or self.cycles.get(0)
        return cycle[(hand - 1) % len(cycle)] if (self.enabled and cycle) else None

    def count(self, players: int) -> int:
        return self.cards.get(players, self.cards.get(0, 0))


class Renege(Model):
    """A renege kind and the points it costs at once."""

    kind: str
    points: Pts
    description: str = ""
    forced_blind_only: bool = False  # Pick Your Poison's peek: only a forced blind bidder can
    to_opponents: bool = False  # partnership games: the points go to the other side (Euchre's 2)



class Pants(Model):
    """MrPikes' pants rule: a forfeit (not points) for missing a bid of `min_bid` or more."""

    enabled: bool = True
    min_bid: int = Field(default=5, ge=0, le=MAX_CARDS)
    once: bool = True


class End(Model):
    """When the game is over and who wins."""

    hands: int | None = Field(default=None, ge=1, le=MAX_HANDS)  # None: from the sizes, rounds, or players
    multiple_of_players: bool = False  # hands must be a multiple of the player count
    # over at the end of a hand where someone's total reaches `threshold`, from `reached`'s side
    threshold: int | None = Field(default=None, ge=-MAX_POINTS, le=MAX_POINTS)
    reached: Literal["at-or-below", "at-or-above"] | None = None
    tie_break: bool = False  # a tie for first schedules more hands at the final size
    # over too once someone's total is at or below `losing` (Spades' -200): they lose
    losing: int | None = Field(default=None, ge=-MAX_POINTS, le=MAX_POINTS)
    tie_plays_on: bool = False  # a game its threshold ends with a tie for first goes on, a hand at a time
    winner: Literal["highest", "lowest"] = "highest"

    @field_validator("hands", mode="before")
    @classmethod
    def _zero_is_unset(cls, hands: Any) -> Any:
        # a `hands` option needs a whole-number default; 0 stands for "from the schedule"
        return None if hands == 0 and not isinstance(hands, bool) else hands


class Option(Model):
    """A house option: `--set NAME=VALUE` writes `value` at `path` in the ruleset, or, for a
    choice, applies that choice's table of path → value (a path may name a whole table, e.g.
    `sizes`, to swap a plan). Options given apply in the order the file lists them, so an
    option listed later (`start`, `hands`) refines what an earlier choice (`sizes`) set."""

    description: str
    default: bool | int | str | list[int]
    path: str | None = None
    choices: dict[str, dict[str, Any]] | None = None

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if (self.path is None) == (self.choices is None):
            raise ValueError(_("an option needs exactly one of 'path' or 'choices'"))
        if self.choices is not None and (not isinstance(self.default, str) or self.default not in self.choices):
            raise ValueError(_("default '{default}' is not one of the choices").format(default=self.default))
        return self


class Example(Model):
    """A worked hand: its facts and the points each player must get (run by the tests)."""

    note: str
    players: list[str]
    hand: dict[str, Any]
    points: dict[str, Pts]
    hand_number: int = Field(default=1, ge=1, le=MAX_HANDS)
    set: dict[str, Any] = {}


class Ruleset(Model):
    name: str = Field(pattern=NAME_PATTERN, max_length=MAX_NAME)
    title: str
    source: str
    summary: str
    family: Literal["oh-hell", "poison", "avoidance", "snakebit", "spades", "euchre"]
    min_players: int = Field(ge=2, le=MAX_CARDS)
    max_players: int = Field(le=MAX_CARDS)
    deck: Literal["french-52", "french-54", "piquet", "decktet-24", "euchre-24"]
    jokers: Literal["jester", "high"] = "jester"
    sizes: HandSizes
    dealer: Literal["left", "lowest-score"] = "left"
    leader: Literal["dealer", "left-of-dealer", "right-of-dealer"] | None = None  # or lead.first
    lead: Lead = Lead.model_construct()
    trump: Trump
    upcard_out: bool = False  # the card turned up for trump or flipped for the size is nobody's
    cursed: Trump | None = None  # Snakebit's cursed suit, known like a trump
    bidding: Bidding = Bidding.model_construct()
    poisons: Poisons | None = None
    passing: Passing | None = None
    scoring: list[ScoringRule] = []
    adjust: list[Adjustment] = []
    phases: list[Phase] = []  # one per hand in turn (Compendium); else `scoring`/`adjust`
    reneges: list[Renege] = []
    pants: Pants | None = None
    end: End = End.model_construct()
    join_score: Literal["last", "zero", "average"] = "last"  # a player joining mid-game starts with
    # fixed sides of partners sitting opposite (seats 1 & 3 against 2 & 4): scores and places are the sides'
    partners: bool = False
    readings: list[str] = []  # the project's readings of points the source leaves open
    options: dict[str, Option] = {}
    examples: list[Example] = []

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> Self:
        # one "key.path: what is wrong and what to write" per problem, one a line
        problems = []
        if self.max_players < self.min_players:
            problems.append(
                _("max_players: {most} is less than min_players ({least})").format(
                    most=self.max_players, least=self.min_players
                )
            )
        if not self.scoring and not self.phases:
            problems.append(_("scoring: a ruleset needs [[scoring]] rules or [[phases]]"))
        if self.scoring and self.phases:
            problems.append(_("phases: give either [[scoring]] or [[phases]], not both"))
        if self.trump.kind == "flip" and self.sizes.kind != "flip":
            problems.append(
                _(
                    'trump.kind: a flipped trump needs a card flipped each hand (sizes.kind = "flip"); '
                    "choose another trump or flipped hand sizes"
                )
            )
        if self.bidding.kind == "poisons" and self.poisons is None:
            problems.append(_("poisons: poison bidding needs a [poisons] table with the rounds"))
        problems += self._size_problems()
        if self.leader is None and self.lead.first is None:
            problems.append(
                _(
                    'leader: say who leads the first trick: leader = "left-of-dealer" ("dealer", '
                    '"right-of-dealer"), or lead.first = a card whose holder leads it, e.g. "2C"'
                )
            )
        if self.bidding.hook and self.bidding.order != "in-turn":
            problems.append(_('bidding.hook: the hook rule needs bidding.order = "in-turn" (the dealer bids last)'))
        if self.partners and not (self.min_players == self.max_players == 4):
            problems.append(_("partners: sides of partners sitting opposite need exactly 4 players (min_players and max_players 4)"))
        if self.trump.kind == "rotating" and not self.trump.cycle:
            problems.append(_('trump.cycle: a rotating trump needs a cycle of suits, e.g. ["S", "H", "D", "C"]'))
        if not (info.context or {}).get("stored"):
            # a game already started keeps the rules it began with, even one read more strictly now
            problems += idle_or_ambiguous(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def _size_problems(self) -> list[str]:
        sizes, problems = self.sizes, []
        if isinstance(sizes, Progression):
            if sizes.shape == "fixed" and not sizes.hands:
                problems.append(_("sizes.hands: a fixed size needs 'hands', how many hands to deal"))
            if sizes.shape != "fixed" and sizes.hands:
                problems.append(
                    # TRANSLATORS: {plan} is down-up, up-down, down or up, as written in the file
                    _(
                        "sizes.hands: the {plan} plan makes its own number of hands; "
                        "give hands only with a fixed size or flips"
                    ).format(plan=sizes.shape)
                )
            if sizes.shape != "fixed" and sizes.low > sizes.start:
                problems.append(
                    _("sizes.low: {low} is larger than start ({start})").format(low=sizes.low, start=sizes.start)
                )
        if isinstance(sizes, FlipSize) and self.deck.startswith("french"):
            ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"] + (["JK"] if self.deck == "french-54" else [])
            missing = [rank for rank in ranks if rank not in sizes.values]
            if missing:
                problems.append(
                    _("sizes.values: no hand size for a flipped {ranks}; give every rank").format(ranks=", ".join(missing))
                )
        return problems

    def phase(self, hand: int) -> Phase:
        """The scoring that applies to hand number `hand` (1-based)."""
        if self.phases:
            return self.phases[(hand - 1) % len(self.phases)]
        return self._only_phase

    @functools.cached_property
    def before_play(self) -> tuple[str, ...]:
        """What every hand records before its play, in the order to record it: "flip" (a card
        sets its size), "cursed" (the cursed suit), "make" (who made trump: Euchre) or "trump"
        (the trump turned up), then "bids" or "poisons". Asked after every entry, so worked
        out once."""
        records = ["flip"] * (self.sizes.kind == "flip") + ["cursed"] * (self.cursed is not None)
        if self.bidding.kind == "make":  # making trump records it
            records.append("make")
        elif self.trump.kind == "turned":
            records.append("trump")
        if self.bidding.kind in ("bids", "poisons"):
            records.append(self.bidding.kind)
        return tuple(records)

    @functools.cached_property
    def hand_sizes(self) -> dict[tuple[int, int, int | None], int | None]:
        """The hand sizes `schedule.hand_size` has worked out for this ruleset, by its
        arguments: every deal of every game played by the ruleset asks one."""
        return {}

    @functools.cached_property
    def _only_phase(self) -> Phase:
        # built from parts this ruleset's validation has already checked
        return Phase.model_construct(
            name=self.name, title=self.title, scoring=self.scoring, adjust=self.adjust
        )




# --- settings that would do nothing, or read two ways ----------------------------------
# Each is a `rules check` error with its key path: a file that passes says what it means.


def idle_or_ambiguous(ruleset: Ruleset) -> list[str]:
    """One `key.path: what is wrong and what to write` for every setting of a ruleset that
    would do nothing in play, or that a reader could take two ways."""
    problems = _end_problems(ruleset) + _suit_rule_problems(ruleset, "trump", ruleset.trump)
    if ruleset.cursed is not None:
        problems += _suit_rule_problems(ruleset, "cursed", ruleset.cursed)
    problems += _deck_problems(ruleset) + _lead_problems(ruleset) + _bidding_problems(ruleset)
    for where, phase in _phases(ruleset):
        problems += _phase_problems(ruleset, where, phase)
    return problems + _phase_passing_problems(ruleset)


def _end_problems(ruleset: Ruleset) -> list[str]:
    end, problems = ruleset.end, []
    if end.threshold is not None and end.reached is None:
        problems.append(
            _(
                "end.threshold: {threshold} reads two ways; say which way it is reached: "
                'reached = "at-or-above" (over once a total is {threshold} or more) or '
                'reached = "at-or-below" ({threshold} or less)'
            ).format(threshold=end.threshold)
        )
    sized = ruleset.sizes.hands if isinstance(ruleset.sizes, FlipSize | Progression) else 0
    if end.hands is not None and sized:
        problems.append(
            ngettext(
                "end.hands: sizes.hands already says {count} hand; give the number of hands in one place",
                "end.hands: sizes.hands already says {count} hands; give the number of hands in one place",
                sized,
            ).format(count=sized)
        )
    if end.reached is not None and end.threshold is None:
        problems.append(
            _("end.reached: there is no end.threshold for it to point at; give one or leave reached out")
        )
    if _open_ended(ruleset):
        if end.threshold is None:
            problems.append(
                _(
                    "end: nothing ends this game; give end.hands (how many hands) or end.threshold "
                    "with end.reached (the score that ends it)"
                )
            )
        elif end.tie_break:
            problems.append(
                _(
                    "end.tie_break: this game ends on its threshold, with no last hand to play a tie off "
                    "after; leave tie_break out"
                )
            )
    return problems


def _open_ended(ruleset: Ruleset) -> bool:
    """No planned number of hands (the schedule's own test, on the ruleset alone)."""
    return (
        ruleset.end.hands is None
        and isinstance(ruleset.sizes, DealOut)
        and ruleset.poisons is None
        and not ruleset.end.multiple_of_players
        and not ruleset.phases
    )


def _has_trump(trump: Trump) -> bool:
    return trump.kind != "none" and not (trump.kind == "rotating" and set(trump.cycle) <= {"none"})


def _suit_rule_problems(ruleset: Ruleset, key: str, rule: Trump) -> list[str]:
    problems = []
    if key == "cursed" and rule.kind != "turned":
        problems.append(_('cursed.kind: the cursed suit is recorded each hand with `cursed`; write kind = "turned"'))
    # TRANSLATORS: {key} is trump or cursed, the file's key: keep it as it is
    if rule.cycle and rule.kind != "rotating":
        problems.append(
            _('{key}.cycle: only a rotating {key} (kind = "rotating") follows a cycle; leave cycle out').format(key=key)
        )
    if rule.no_repeat and rule.kind != "turned":
        problems.append(
            _(
                '{key}.no_repeat: only a suit recorded each hand (kind = "turned") can be refused as a '
                "repeat; leave no_repeat out"
            ).format(key=key)
        )
    if rule.must_break and not _has_trump(rule):
        problems.append(
            _(
                '{key}.must_break: this ruleset has no {key} suit ({key}.kind = "{kind}"), so '
                "there is no suit to break; leave must_break out"
            ).format(key=key, kind=rule.kind)
        )
    return problems


def _deck_problems(ruleset: Ruleset) -> list[str]:
    problems = []
    if ruleset.deck != "french-54":
        if "jokers" in ruleset.model_fields_set:
            problems.append(_("jokers: the {deck} pack has no Jokers; leave jokers out").format(deck=ruleset.deck))
        if isinstance(ruleset.sizes, FlipSize) and ruleset.sizes.joker_reflip:
            problems.append(
                _("sizes.joker_reflip: the {deck} pack has no Jokers to flip; leave joker_reflip out").format(
                    deck=ruleset.deck
                )
            )
    sizes = ruleset.sizes
    if isinstance(sizes, Progression) and sizes.shape == "fixed" and "low" in sizes.model_fields_set:
        problems.append(_("sizes.low: a fixed size never goes down to a low; leave low out"))
    return problems


def _lead_problems(ruleset: Ruleset) -> list[str]:
    lead, problems = ruleset.lead, []
    pack = cards.deck(deck_name(ruleset.deck, 4))
    for suit in lead.must_break:
        if suit not in pack.suits:
            problems.append(
                _(
                    "lead.must_break: {suit} is not a suit of the {deck} pack, so it cannot be "
                    "broken; use one of {suits}"
                ).format(suit=suit, deck=ruleset.deck, suits=", ".join(pack.suits))
            )
    if lead.strict:
        if ruleset.deck != "decktet-24":
            problems.append(
                _(
                    "lead.strict: only a card bearing two suits can be led as the one not yet broken, and "
                    "every card of the {deck} pack bears one; leave strict out"
                ).format(deck=ruleset.deck)
            )
        elif not (lead.must_break or ruleset.trump.must_break or (ruleset.cursed and ruleset.cursed.must_break)):
            problems.append(_("lead.strict: no suit here waits to be broken before it is led; leave strict out"))
    first = lead.first
    if first is None:
        return problems
    if ruleset.leader is not None:
        problems.append(
            _("leader: the holder of {card} leads the first trick (lead.first); leave leader out").format(card=first)
        )
    if first not in {card.code for card in pack.cards}:
        if pack.kind == "french":
            wrong = _("lead.first: {card} is not a card of the {deck} pack; name it by its code, e.g. 2C")
        else:
            wrong = _("lead.first: {card} is not a card of the {deck} pack; name it by its code, e.g. Diplomat")
        return [*problems, wrong.format(card=first, deck=ruleset.deck)]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        in_play = cards.deck(deck_name(ruleset.deck, players)).cards
        dealt = isinstance(ruleset.sizes, DealOut) and ruleset.sizes.keep == 0 and len(in_play) % players == 0
        if first not in {card.code for card in in_play} or not dealt:
            problems.append(
                _(
                    "lead.first: with {players} players {card} may not be dealt (only a pack dealt out "
                    "evenly, with none kept back, puts it in someone's hand); change min_players or max_players, "
                    "or name the leader with leader"
                ).format(players=players, card=first)
            )
            break
    return problems


def _bidding_problems(ruleset: Ruleset) -> list[str]:
    kind, problems = ruleset.bidding.kind, []
    if kind == "none" and ruleset.bidding.order == "in-turn":
        problems.append(_('bidding.order: nobody bids here (bidding.kind = "none"); leave order out'))
    if ruleset.pants is not None and ruleset.pants.enabled and kind != "bids":
        problems.append(
            _(
                "pants: the pants rule is about missed bids, and this ruleset has none "
                '(bidding.kind = "{kind}"); leave [pants] out'
            ).format(kind=kind)
        )
    if ruleset.poisons is not None and kind != "poisons":
        problems.append(
            _('poisons: only poison picks (bidding.kind = "poisons") play in rounds of poisons; leave [poisons] out')
        )
    for i, renege in enumerate(ruleset.reneges):
        if renege.forced_blind_only and kind != "poisons":
            problems.append(
                _(
                    "reneges.{index}.forced_blind_only: only a player forced to bid blind (poison bidding) can "
                    "commit it; leave forced_blind_only out"
                ).format(index=i)
            )
    return problems


def _phase_passing_problems(ruleset: Ruleset) -> list[str]:
    """A kind of hand that says whether it passes, in a ruleset that never passes."""
    return [
        _("phases.{index}.passing: this ruleset passes no cards (no [passing] table); leave passing out").format(index=i)
        for i, phase in enumerate(ruleset.phases)
        if "passing" in phase.model_fields_set and ruleset.passing is None
    ]


def _phases(ruleset: Ruleset) -> list[tuple[str, Phase]]:
    """Each set of scoring rules with the key path it was written at."""
    if ruleset.phases:
        return [(f"phases.{i}.", phase) for i, phase in enumerate(ruleset.phases)]
    return [("", ruleset.phase(1))]


def _phase_problems(ruleset: Ruleset, where: str, phase: Phase) -> list[str]:
    problems = []
    bidding = ruleset.bidding.kind
    pack = cards.deck(deck_name(ruleset.deck, 4))  # piquet: the full 32, black 7s included
    for i, rule in enumerate(phase.scoring):
        at = f"{where}scoring.{i}"
        # TRANSLATORS: {key} is where the rule is in the file, e.g. "scoring.0": keep it as it is
        if isinstance(rule, ExactBid) and bidding != "bids":
            problems.append(
                _('{key}: an exact_bid rule scores bids, and nobody bids here; set bidding.kind = "bids"').format(key=at)
            )
        if isinstance(rule, Euchre) and not (bidding == "make" and ruleset.partners):
            problems.append(
                _('{key}: a euchre rule scores the side that made trump; set bidding.kind = "make" and partners = true').format(key=at)
            )
        if isinstance(rule, Spades) and not (bidding == "bids" and ruleset.partners):
            problems.append(
                _('{key}: a spades rule scores the bids of sides of partners; set bidding.kind = "bids" and partners = true').format(key=at)
            )
        if isinstance(rule, PoisonTally) and bidding != "poisons":
            problems.append(_('{key}: a poison rule scores poison picks; set bidding.kind = "poisons"').format(key=at))
        if isinstance(rule, TrickPoints) and not (rule.winner or rule.others):
            if rule.which == "first":
                said = _("{key}: the first trick scores nothing here; give winner or others points, or leave the rule out")
            else:
                said = _("{key}: the last trick scores nothing here; give winner or others points, or leave the rule out")
            problems.append(said.format(key=at))
        if isinstance(rule, CardPoints):
            codes = {card.code for card in pack.cards}
            for code in rule.cards:
                if code not in codes:
                    if pack.kind == "french":
                        said = _("{key}: not a card of the {deck} pack; name it by its code, e.g. QS or 10H")
                    else:
                        said = _("{key}: not a card of the {deck} pack; name it by its code, e.g. Diplomat")
                    problems.append(said.format(key=f"{at}.cards.{code}", deck=ruleset.deck))
            for suit in rule.suits:
                if suit not in pack.suits:
                    problems.append(
                        _("{key}: not a suit of the {deck} pack; use one of {suits}").format(
                            key=f"{at}.suits.{suit}", deck=ruleset.deck, suits=", ".join(pack.suits)
                        )
                    )
            if rule.cursed is not None and ruleset.cursed is None:
                problems.append(
                    _("{key}: this ruleset has no cursed suit; add a [cursed] table or leave cursed out").format(
                        key=f"{at}.cursed"
                    )
                )
    if ruleset.cursed is not None and not where and not any(
        isinstance(rule, CardPoints) and rule.cursed is not None for rule in phase.scoring
    ):
        problems.append(
            _('cursed: no scoring rule counts the cursed cards; add a "cards" rule with cursed = POINTS, or leave [cursed] out')
        )
    for i, adjustment in enumerate(phase.adjust):
        if isinstance(adjustment, Moon) and not adjustment.declared and adjustment.failure.model_fields_set:
            problems.append(
                _(
                    "{key}: a moon never declared cannot fail (it is only seen when made); leave failure out"
                ).format(key=f"{where}adjust.{i}.failure")
            )
    return problems


def prose(text: str) -> str:
    """A ruleset's own words (its title, summary, source, readings, a phase's name, an option's
    or a renege's description) in the language in use: the shipped rulesets' prose is in the
    catalog; the words of a scorer's own ruleset show as they are written."""
    return _(text) if text else text


def deck_size(deck: str, players: int, jokers: str = "jester") -> int:
    """Cards in the pack the ruleset uses for this many players."""
    if deck == "piquet":
        return 30 if players in (3, 5, 6) else 32
    return _DECK_SIZES[deck]


_DECK_SIZES = {"french-52": 52, "french-54": 54, "decktet-24": 24, "euchre-24": 24}


def deck_name(deck: str, players: int) -> str:
    """The `cards.deck` name of the pack in use."""
    if deck == "piquet":
        return f"piquet-{deck_size(deck, players)}"
    return deck


# --- loading -------------------------------------------------------------------------


def _format_errors(origin: str, error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        path = ".".join(str(p) for p in item["loc"] if not _is_union_tag(p))
        message = problem(item)
        if not path:  # the whole-ruleset checks name each problem's key themselves
            lines += [f"{origin}: {line}" for line in message.splitlines()]
            continue
        lines.append(f"{origin}: {path}: {message}")
    return "\n".join(lines)


UNKNOWN_KEY = N_("unknown key (check the spelling)")

# What is wrong with a value of a ruleset file, by pydantic's kind of error, in the language in
# use (pydantic says it in English); the checks of our own say theirs (value_error)
_PROBLEMS = {
    "extra_forbidden": UNKNOWN_KEY,
    "missing": N_("missing: this key must be given"),
    "int_parsing": N_("should be a whole number, e.g. 3"),
    "int_type": N_("should be a whole number, e.g. 3"),
    "int_from_float": N_("should be a whole number, e.g. 3"),
    "bool_parsing": N_("should be true or false"),
    "bool_type": N_("should be true or false"),
    "string_type": N_('should be text in quotes, e.g. "left"'),
    "list_type": N_("should be a list in brackets, e.g. [1, 2]"),
    "dict_type": N_("should be a table of keys and values"),
    "model_type": N_("should be a table of keys and values"),
    "greater_than_equal": N_("should be at least {ge}"),
    "less_than_equal": N_("should be at most {le}"),
    "greater_than": N_("should be more than {gt}"),
    "less_than": N_("should be less than {lt}"),
    "string_too_long": N_("should be at most {max_length} characters long"),
    "literal_error": N_("should be {expected}"),
    "union_tag_invalid": N_("kind = {tag} is not a kind here; write one of {expected}"),
    "union_tag_not_found": N_("needs its kind, one of {expected}"),
}


# What a text must look like, by the pattern it does not match
_PATTERNS = {NAME_PATTERN: N_("should be lower-case letters, digits and dashes, starting with a letter or digit")}


def problem(item: Any, patterns: dict[str, str] = _PATTERNS) -> str:
    """One validation error's problem (an item of `ValidationError.errors()`), in the language
    in use; `patterns`: what a text must look like (marked with N_), by its pattern."""
    kind, facts = item["type"], item.get("ctx") or {}
    pattern = facts.get("pattern")
    if kind == "string_pattern_mismatch" and pattern in patterns:
        return _(patterns[pattern])
    holder = next((part for part in reversed(item["loc"]) if part in KINDS), None)  # a union's key
    if kind not in _PROBLEMS or (kind.startswith("union_tag") and holder is None):
        return item["msg"].removeprefix("Value error, ")  # value_error: one of our own checks
    said = dict(facts)
    if kind == "literal_error":
        said["expected"] = one_of(re.findall(r"'([^']*)'", facts["expected"]))
    elif kind.startswith("union_tag"):  # a table told apart by its kind: the key holding it says which
        said["tag"], said["expected"] = facts.get("tag"), one_of(list(KINDS[holder]))
    return _(_PROBLEMS[kind]).format(**said)


def _is_union_tag(part: Any) -> bool:
    # pydantic names the chosen union member in the location; the file has no such key
    return isinstance(part, str) and part in _KINDS


# The tables told apart by their `kind`, by the key that holds one (in a phase too): the kinds
# as a file names them
KINDS = {
    "sizes": ("progression", "flip", "deal_out"),
    "scoring": ("exact_bid", "poison", "per_trick", "cards", "trick", "spades", "euchre"),
    "adjust": ("sweep", "moon"),
}
_KINDS = {kind for kinds in KINDS.values() for kind in kinds}


def parse_document(origin: str, text: str) -> dict[str, Any]:
    """A ruleset file's text as a document (a copy of its own). A long-lived process (`play`,
    `serve`) reads the same few files again and again, so the last few parsed are kept, each
    under its text: parsing one costs several times what copying it does."""
    kept = _PARSED.get(text)
    if kept is None:
        import tomllib  # only when a file is read, not on every replay

        try:
            kept = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise errors.RulesetError(f"{origin}: " + _("not valid TOML: {problem}").format(problem=exc)) from None
        if len(_PARSED) >= 16:  # the built-in rulesets and a few of one's own
            _PARSED.clear()
        _PARSED[text] = kept
    return copied(kept)


_PARSED: dict[str, dict[str, Any]] = {}


def copied(document: Any) -> Any:
    """A deep copy of a document: through marshal where it holds only what marshal keeps
    exactly as it is (dicts in their order, lists, text, numbers, true and false), a
    fraction of copy.deepcopy's cost; else (a TOML date, say) through copy.deepcopy."""
    try:
        return marshal.loads(marshal.dumps(document))
    except ValueError:
        return copy.deepcopy(document)


def validate(origin: str, document: dict[str, Any]) -> Ruleset:
    """A validated ruleset, or a RulesetError with one line per problem: `origin: key: what`."""
    try:
        return Ruleset.model_validate(document)
    except ValidationError as exc:
        raise errors.RulesetError(_format_errors(origin, exc)) from None


def stored(document: dict[str, Any]) -> Ruleset:
    """The ruleset a stored game embedded at `new`. It plays as it did then: a setting read
    more strictly since (one that does nothing, or reads two ways) is not refused, and an end
    threshold from before `end.reached` existed meant what the tool then did, at or below.

    A ruleset is immutable, and a store holds few documents, so the last few validated are
    kept, each under its document's marshalled bytes (exact: true is not 1 there, nor 1 1.0),
    in marshal's format 2, whose bytes do not change with how many other objects refer to the
    document's parts (the newer formats' do): replaying a whole store validates each document
    once, not once a game."""
    try:
        key = marshal.dumps(document, 2)
    except ValueError:  # a value JSON cannot hold (a document not read from a store): not kept
        return _stored(document)
    kept = _STORED.get(key)
    if kept is None:
        kept = _stored(document)
        if len(_STORED) >= 64:  # a club plays a few rulesets, each with a few sets of house options
            _STORED.clear()
        _STORED[key] = kept
    return kept


_STORED: dict[bytes, Ruleset] = {}


def _stored(document: dict[str, Any]) -> Ruleset:
    end = document.get("end")
    if isinstance(end, dict) and end.get("threshold") is not None and "reached" not in end:
        document = {**document, "end": {**end, "reached": "at-or-below"}}
    try:
        return Ruleset.model_validate(document, context={"stored": True})
    except ValidationError as exc:
        raise errors.RulesetError(_format_errors(_("the game's ruleset"), exc)) from None


# --- options -------------------------------------------------------------------------


def apply_options(
    origin: str, document: dict[str, Any], settings: list[str]
) -> tuple[dict[str, Any], dict[str, Any], Ruleset]:
    """Apply `NAME=VALUE` settings to a ruleset document: (resolved document, the chosen
    value of every option, validated ruleset). The file's own values are the options'
    defaults, so only the settings given are written. Unknown names and bad values are
    usage errors; a combination the rules cannot have is a ruleset error."""
    ruleset = validate(origin, document)
    chosen: dict[str, Any] = {name: option.default for name, option in ruleset.options.items()}
    given: dict[str, Any] = {}
    for setting in settings:
        name, sep, raw = setting.partition("=")
        name = name.strip()
        if not sep or not name:
            raise errors.UsageError(
                _("'--set {setting}' needs the form NAME=VALUE, e.g. --set hook=true").format(setting=setting)
            )
        option = ruleset.options.get(name)
        if option is None:
            names = ", ".join(sorted(ruleset.options)) or _("none")
            raise errors.UsageError(
                _("{ruleset} has no option '{name}'; its options are: {options} (see `rules {ruleset}`)").format(
                    ruleset=ruleset.name, name=name, options=names
                )
            )
        chosen[name] = _parse_value(name, option, raw.strip())
        given[name] = chosen[name]
    resolved = copied(document)
    for name, option in ruleset.options.items():  # the file's order: later options refine
        if name in given:
            _apply_option(origin, resolved, name, option, given[name])
    resolved.pop("examples", None)
    if given:
        # the file's name, not the folder it was installed in
        file = origin.replace(chr(92), "/").rpartition("/")[2]
        # TRANSLATORS: where a problem is, e.g. "hearts.toml with hands=5"
        label = _("{file} with {settings}").format(file=file, settings=" ".join(settings))
        try:
            final = Ruleset.model_validate(resolved)
        except ValidationError as exc:
            message = _orphaned(_format_errors(label, exc), label, ruleset, given)
            raise errors.RulesetError(_out_of_bounds(message, label, ruleset, settings, exc)) from None
    else:  # the file's own rules, validated above, less its worked examples
        final = ruleset.model_copy(update={"examples": []})
    played = final.model_dump()
    for name, option in ruleset.options.items():
        if name not in given:  # a choice may have changed it (sizes=down-up turns the trump up)
            chosen[name] = _in_effect(option, played, chosen[name])
    return resolved, chosen, final


def _in_effect(option: Option, played: dict[str, Any], default: Any) -> Any:
    """The value of an option not given, as the resolved rules have it."""
    if option.choices is None:
        value = _get_path(played, option.path or "")
        if isinstance(value, str) and isinstance(default, int) and not isinstance(default, bool):
            try:
                exact = Fraction(value)  # points are dumped as text: "10", "1/2"
            except (ValueError, ZeroDivisionError):
                return value  # not points: the file's option points at text
            return int(exact) if exact.denominator == 1 else value
        return default if value is None else value
    for choice, writes in option.choices.items():
        if all(_holds(value, _get_path(played, path)) for path, value in writes.items()):
            return choice
    return None  # none of the choices describes these rules


def _holds(written: Any, actual: Any) -> bool:
    if isinstance(written, dict):
        return isinstance(actual, dict) and all(_holds(v, actual.get(k)) for k, v in written.items())
    if isinstance(written, int | float) and not isinstance(written, bool) and isinstance(actual, str):
        try:
            return Fraction(actual) == written  # points are dumped as text
        except (ValueError, ZeroDivisionError):
            return False
    return bool(written == actual)


def _orphaned(message: str, label: str, ruleset: Ruleset, given: dict[str, Any]) -> str:
    """An option whose key another option's choice took away (`joker_reflip` with a plan that
    flips no card) is named as such, not as a misspelt key."""
    lines = message.splitlines()
    for name in given:
        path = ruleset.options[name].path
        unknown = f"{label}: {path}: {_(UNKNOWN_KEY)}"
        if path is not None and unknown in lines:
            lines[lines.index(unknown)] = f"{label}: {path}: " + _(
                "--set {name} has nothing to change here, as the other options leave no {path}; leave it out"
            ).format(name=name, path=path)
    return "\n".join(lines)


# What a value given with --set must be, by pydantic's kind of bound it is past and whether it
# is one of a list
_MUST_BE = {
    ("greater_than_equal", False): N_("must be at least {limit}"),
    ("less_than_equal", False): N_("must be at most {limit}"),
    ("greater_than", False): N_("must be more than {limit}"),
    ("less_than", False): N_("must be less than {limit}"),
    ("greater_than_equal", True): N_("each value must be at least {limit}"),
    ("less_than_equal", True): N_("each value must be at most {limit}"),
    ("greater_than", True): N_("each value must be more than {limit}"),
    ("less_than", True): N_("each value must be less than {limit}"),
}


def _out_of_bounds(message: str, label: str, ruleset: Ruleset, settings: list[str], error: ValidationError) -> str:
    """A value given with --set that is past one of the vocabulary's bounds, said as the
    option and the bound: `--set hands=5000: at most 1000`."""
    lines = message.splitlines()
    for item in error.errors():
        if (item["type"], False) not in _MUST_BE:
            continue
        key = ".".join(str(p) for p in item["loc"] if not _is_union_tag(p))
        for setting in settings:
            name, _sep, raw = setting.partition("=")
            path = ruleset.options[name.strip()].path
            if path is not None and (key == path or key.startswith(f"{path}.")):
                limit = next(iter((item.get("ctx") or {}).values()))
                bound = _MUST_BE[item["type"], key != path]
                must = _(bound).format(limit=limit)
                at = next(i for i, line in enumerate(lines) if line.startswith(f"{label}: {key}: "))
                lines[at] = f"--set {name.strip()}={raw.strip()}: {must}"
    return "\n".join(lines)


def _apply_option(origin: str, document: dict[str, Any], name: str, option: Option, value: Any) -> None:
    writes = option.choices[value].items() if option.choices is not None else [(option.path or "", value)]
    for path, setting_value in writes:
        try:
            _set_path(document, path, copied(setting_value))
        except (LookupError, TypeError, ValueError, AttributeError):
            raise errors.RulesetError(
                f"{origin}: options.{name}: "
                + _("'{path}' is not a key path of this ruleset; check the spelling").format(path=path)
            ) from None


def file_problems(origin: str, ruleset: Ruleset) -> list[str]:
    """What a valid file promises but cannot keep for some player count it admits (a game
    with fewer players may still work, so `new` checks only its own count)."""
    problems = []
    sizes = ruleset.sizes
    # (these two are checked in the file as written: an option's choice may leave them idle)
    if ruleset.trump.always and ruleset.trump.kind != "turned":
        problems.append(
            f"{origin}: "
            + _('trump.always: only a suit recorded each hand (kind = "turned") can be refused as none; leave always out')
        )
    if ruleset.upcard_out and ruleset.trump.kind != "turned" and not isinstance(sizes, FlipSize):
        problems.append(
            f"{origin}: "
            + _(
                'upcard_out: no card is turned up here (trump.kind = "{kind}", no flipped hand size); '
                "leave upcard_out out"
            ).format(kind=ruleset.trump.kind)
        )
    if isinstance(sizes, Progression) and sizes.shape == "fixed":
        most = deck_size(ruleset.deck, ruleset.max_players, ruleset.jokers) - 1
        if sizes.start * ruleset.max_players > most:
            fits = most // ruleset.max_players
            problems.append(
                f"{origin}: "
                + ngettext(
                    "sizes.start: {count} card each is too many for {players} players ({most} cards can be dealt "
                    "with one turned up); make start at most {fits} or max_players smaller",
                    "sizes.start: {count} cards each is too many for {players} players ({most} cards can be dealt "
                    "with one turned up); make start at most {fits} or max_players smaller",
                    sizes.start,
                ).format(count=sizes.start, players=ruleset.max_players, most=most, fits=fits)
            )
    return problems


def option_text(value: Any) -> str:
    """An option value as it is typed after `--set NAME=`: true, 10, down-up, 4,5,6."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)


def default_problems(origin: str, document: dict[str, Any]) -> list[str]:
    """Options whose default is not what the file already says, one line each: a game started
    with no --set must play the file as written and `rules` must show its true defaults."""
    ruleset = validate(origin, document)
    plain = ruleset.model_dump()
    problems = []
    for name, option in ruleset.options.items():
        changed, why = copied(document), ""
        try:
            _apply_option(origin, changed, name, option, option.default)
            same = validate(origin, changed).model_dump() == plain
        except errors.RulesetError as exc:
            same, why = False, "; ".join(line.removeprefix(f"{origin}: ") for line in str(exc).splitlines())
        if same:
            continue
        shown, where = option_text(option.default), f"{origin}: options.{name}.default"
        if option.choices is not None:
            if why:
                said = _("the choice '{choice}' is not what the file says ({problem}); make the default the choice the file follows")
            else:
                said = _("the choice '{choice}' is not what the file says; make the default the choice the file follows")
            problems.append(f"{where}: " + said.format(choice=shown, problem=why))
        elif why:
            problems.append(f"{where}: " + _("applying it breaks the file: {problem}").format(problem=why))
        else:
            problems.append(
                f"{where}: "
                + _("{default}, but the file's {path} is {value}; make them agree").format(
                    default=shown, path=option.path, value=_shown(_get_path(plain, option.path or ""))
                )
            )
    return problems


def _get_path(document: Any, path: str) -> Any:
    node = document
    for part in path.split("."):
        key: Any = part
        if isinstance(node, dict) and part not in node and part.isdigit():
            key = int(part)  # a table keyed by number (quotas by round length)
        try:
            node = node[int(part)] if isinstance(node, list) else node[key]
        except (LookupError, TypeError, ValueError):
            return None
    return node


def _shown(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(value)
    return _("(not set)") if value is None else option_text(value)


def _parse_value(name: str, option: Option, raw: str) -> Any:
    default = option.default
    if option.choices is not None:
        if raw not in option.choices:
            raise _refused_value(name, _("choose one of {choices}").format(choices=", ".join(option.choices)))
        return raw
    if isinstance(default, bool):
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        # TRANSLATORS: true and false are typed: keep them
        raise _refused_value(name, _("write true or false, not '{value}'").format(value=raw))
    if isinstance(default, int):
        if not re.fullmatch(r"\s*[+-]?\d+\s*", raw):
            raise _refused_value(name, _("'{value}' is not a whole number").format(value=_clipped(raw)))
        return _bounded(name, raw, raw)
    if isinstance(default, list):
        if not re.fullmatch(r"\s*[+-]?\d+\s*(,\s*[+-]?\d+\s*)*", raw):
            raise _refused_value(name, _("write whole numbers separated by commas, e.g. 4,5,6"))
        return [_bounded(name, part, raw) for part in raw.split(",")]
    return raw


def _refused_value(name: str, problem: str) -> errors.UsageError:
    """A value an option cannot take: named as a command line gives it (`--set NAME`), and on a
    page as the house option it is."""
    # TRANSLATORS: {name} is the option's name ("hands"), {problem} what is wrong with the value
    return errors.UsageError(f"--set {name}: {problem}", page=_("house option {name}: {problem}").format(name=name, problem=problem))


def _bounded(name: str, digits: str, raw: str) -> int:
    """A whole number typed after `--set NAME=`, refused before it is read when it is far
    outside anything a ruleset could hold (the vocabulary then applies its own bounds)."""
    if len(digits.strip().lstrip("+-").lstrip("0")) > 7 or abs(int(digits)) > MAX_POINTS:
        raise _refused_value(
            name, _("'{value}' is out of range; give a whole number from -{most} to {most}").format(value=_clipped(raw), most=MAX_POINTS)
        )
    return int(digits)


def _clipped(text: str) -> str:
    if len(text) <= 20:
        return text
    # TRANSLATORS: the start of a long value, then how long it is: "123456…  (40 characters)"
    return ngettext("{start}… ({count} character)", "{start}… ({count} characters)", len(text)).format(
        start=text[:20], count=len(text)
    )


def _set_path(document: dict[str, Any], path: str, value: Any) -> None:
    """Write `value` at a dotted path (list items by number) in a ruleset document."""
    parts = path.split(".")
    node: Any = document
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
