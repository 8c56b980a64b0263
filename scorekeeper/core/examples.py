"""Worked examples carried by ruleset files: a hand's facts scored by the engine's own
scoring and compared with the points the file says they give."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scorekeeper.core import cards, errors, rulesets, scoring
from scorekeeper.core.language import N_, _

Count = Annotated[int, Field(ge=0, le=rulesets.MAX_CARDS)]
_POISON = r"^(take|(bid|blind):\d{1,3})$"
_PATTERNS = {_POISON: N_("should be take, bid:N or blind:N, e.g. bid:3")}


class HandFacts(BaseModel):
    """The facts an example's `hand` may give, typed as strictly as the entries a scorer
    types: a bid written as "3", or tricks as a list, is a problem named by its key."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    size: Count = 0
    cursed: str | None = None
    bids: dict[str, Count] = {}
    poisons: dict[str, Annotated[str, Field(pattern=_POISON)]] = {}
    tricks: dict[str, Count] = {}
    took: dict[str, list[str]] = {}
    cursed_counts: dict[str, Count] = {}
    first: str | None = None
    last: str | None = None
    moon: str | None = None
    blind: list[str] = []  # Spades: who bid blind nil
    bags: dict[str, Count] = {}  # Spades: the bags a player's side brings to the hand
    maker: str | None = None  # Euchre: who made trump (their side's tricks are given as theirs)
    alone: bool = False  # Euchre: the maker went alone
    defender: str | None = None  # Euchre: a defender who went alone


def malformed(ruleset: rulesets.Ruleset, example: rulesets.Example) -> list[str]:
    """What is malformed in an example, one `hand.key: message` a line, before it is scored."""
    try:
        hand = HandFacts.model_validate(example.hand)
    except ValidationError as exc:
        found = []
        for item in exc.errors():
            where = ".".join(str(p) for p in ("hand", *item["loc"]))
            found.append(f"{where}: {rulesets.problem(item, _PATTERNS)}")
        return found
    found = []
    players = set(example.players)
    for key in ("bids", "poisons", "tricks", "took", "cursed_counts", "bags"):
        found += [f"hand.{key}.{p}: {_stranger(p)}" for p in getattr(hand, key) if p not in players]
    for key in ("first", "last", "moon", "maker", "defender"):
        who = getattr(hand, key)
        if who is not None and who not in players:
            found.append(f"hand.{key}: {_stranger(who)}")
    found += [f"hand.blind: {_stranger(p)}" for p in hand.blind if p not in players]
    found += [f"points.{p}: {_stranger(p)}" for p in example.points if p not in players]
    deck = cards.deck(rulesets.deck_name(ruleset.deck, len(example.players)))
    for player, got in hand.took.items():
        for card in got:
            try:
                cards.parse_card(card, deck)
            except errors.ScorekeeperError as exc:
                found.append(f"hand.took.{player}: {exc}")
    return found


def _stranger(player: str) -> str:
    return _("{player} is not one of the example's players").format(player=player)


def facts(ruleset: rulesets.Ruleset, example: rulesets.Example) -> scoring.Facts:
    deck = cards.deck(rulesets.deck_name(ruleset.deck, len(example.players)))
    hand = example.hand
    poisons = {
        p: scoring.PoisonPick(v.partition(":")[0], int(v.partition(":")[2]) if ":" in v else None)
        for p, v in hand.get("poisons", {}).items()
    }
    taken = {p: [cards.parse_card(c, deck) for c in got] for p, got in hand.get("took", {}).items()}
    return scoring.Facts(
        players=example.players,
        size=hand.get("size", 0),
        cursed=hand.get("cursed"),
        bids=hand.get("bids", {}),
        poisons=poisons,
        tricks=hand.get("tricks", {}),
        taken=taken,
        cursed_counts=hand.get("cursed_counts", {}),
        first=hand.get("first"),
        last=hand.get("last"),
        moon=hand.get("moon"),
        blind=tuple(hand.get("blind", ())),
        bags=_side_bags(ruleset, example.players, hand.get("bags", {})),
        making=scoring.Making(hand["maker"], None, False, hand.get("alone", False), hand.get("defender"))
        if hand.get("maker")
        else None,
    )


def _side_bags(ruleset: rulesets.Ruleset, players: list[str], bags: dict[str, int]) -> tuple[int, ...]:
    """The bags each side brings (partners sit opposite), from the bags given by player."""
    if not ruleset.partners or not bags:
        return ()
    count = len(players) // 2
    return tuple(max(bags.get(p, 0) for p in players[side::count]) for side in range(count))


def failures(ruleset: rulesets.Ruleset, document: dict[str, Any] | None = None) -> list[str]:
    """One line per example whose points differ from what the scoring gives. An example
    with `set` options is scored under the ruleset those options make of the document
    (the file's text; by default rebuilt from the ruleset)."""
    problems = []
    for i, example in enumerate(ruleset.examples):
        try:
            rules = _with_options(ruleset, document, example)
        except errors.ScorekeeperError as exc:
            problems.append(f"{i} ({example.note}): " + _("its set options do not apply: {problem}").format(problem=exc))
            continue
        wrong = malformed(rules, example)
        if wrong:
            problems += [f"{i}.{line}" for line in wrong]
            continue
        deck = cards.deck(rulesets.deck_name(rules.deck, len(example.players)))
        try:
            phase, hand_facts = rules.phase(example.hand_number), facts(rules, example)
            items = scoring.score(phase, hand_facts, scoring.verdicts(phase, hand_facts, deck))
        except KeyError as exc:  # a fact these rules score is missing for a player
            # TRANSLATORS: {fact} is a key of the example's hand: bids, tricks, took, …
            problems.append(
                f"{i} ({example.note}): " + _("its hand gives no {fact} fact these rules need").format(fact=exc.args[0])
            )
            continue
        got = scoring.totals(items, example.players)
        want = {p: example.points.get(p, 0) for p in example.players}
        if got != want:
            shown = ", ".join(f"{p} {scoring.points_text(v)}" for p, v in got.items())
            problems.append(f"{i} ({example.note}): " + _("the rules give {points}").format(points=shown))
    return problems


def _with_options(
    ruleset: rulesets.Ruleset, document: dict[str, Any] | None, example: rulesets.Example
) -> rulesets.Ruleset:
    if not example.set:
        return ruleset
    if document is None:
        document = ruleset.model_dump()
    settings = [f"{name}={rulesets.option_text(value)}" for name, value in example.set.items()]
    return rulesets.apply_options(ruleset.name, document, settings)[2]
