"""Scoring: what each scoring primitive of a ruleset gives each player for one hand's
facts, item by item, so that every point can be explained by the rule that gave it."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import NamedTuple

from scorekeeper.core import cards, rulesets
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.core.outcomes import Announcement, Item, MoonVerdict, Reason, RuleRef, SweepVerdict, new_item


class PoisonPick(NamedTuple):  # NamedTuples, not dataclasses: cheaper to define at start-up
    kind: str  # bid | blind | take
    bid: int | None = None

    def __str__(self) -> str:
        return self.kind if self.bid is None else f"{self.kind}:{self.bid}"


class Making(NamedTuple):
    """Who made trump in a Euchre hand, and how (None: every player passed, the hand is thrown in)."""

    player: str | None
    suit: str | None = None
    ordered_up: bool = False  # the turned card's suit, ordered up; else another suit named
    alone: bool = False  # the maker's partner sits the hand out
    defender: str | None = None  # a defender who went alone (where the rules allow it)


class Facts(NamedTuple):
    """Everything recorded about one hand that scoring may need."""

    players: list[str]
    bids: dict[str, int]
    poisons: dict[str, PoisonPick]
    tricks: dict[str, int]
    taken: dict[str, list[cards.Card]]  # scoring cards captured
    cursed_counts: dict[str, int]  # when counted, not named
    size: int = 0
    trump: str | None = None
    cursed: str | None = None
    first: str | None = None
    last: str | None = None
    moon: str | None = None  # a declared moon
    blind: tuple[str, ...] = ()  # Spades: who bid blind nil
    bags: tuple[int, ...] = ()  # Spades: the bags each side brought to the hand, by side (seat % 2)
    making: Making | None = None  # Euchre: who made trump; their side's tricks are theirs in `tricks`


# Facts from all their fields in order, made by C code (see outcomes.new_item)
new_facts = functools.partial(tuple.__new__, Facts)


def points_text(value: Fraction) -> str:
    """Points as people write them: 7, -11, 7½, -½."""
    if type(value) is int:
        return str(value)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    if part == 0:
        return f"{sign}{whole}"
    if part == Fraction(1, 2):
        return f"{sign}{whole or ''}½"
    return f"{sign}{float(abs(value)):g}"


def counted(points: Fraction | int | str) -> int:
    """How many points, to choose a sentence's plural form ("1 point", "-5 points", "2½
    points"): a whole value's size, else 2 (a half reads as plural). `points` may be as the
    scorer wrote them ("-5", "2.5")."""
    try:
        value = abs(Fraction(points))
    except (ValueError, ZeroDivisionError):
        return 2
    return int(value) if value.denominator == 1 else 2


def points_json(value: Fraction) -> int | float:
    """A JSON number: an int when whole, else the exact half as a float."""
    return int(value) if value.denominator == 1 else float(value)


def _terms(coefficients: tuple[Fraction, ...], bid: int, tricks: int, size: int) -> Fraction:
    """base + per_trick × tricks + per_bid × bid + per_off × |bid − tricks| + per_card × size,
    from the terms' `coefficients`. Whole coefficients are ints (see rulesets._whole), so this
    is integer arithmetic unless a ruleset has halves."""
    base, per_trick, per_bid, per_off, per_card = coefficients
    return base + per_trick * tricks + per_bid * bid + per_off * abs(bid - tricks) + per_card * size


def _card_points(rule: rulesets.CardPoints, card: cards.Card, cursed: str | None) -> Fraction:
    if card.code in rule.cards:
        return rule.cards[card.code]
    if rule.cursed is not None and cursed is not None and card.bears(cursed):
        return rule.cursed
    return sum(rule.suits.get(s, 0) for s in card.suits)


def scoring_cards(phase: rulesets.Phase, deck: cards.Deck, cursed: str | None) -> list[cards.Card]:
    """The cards of the pack in use that score in this kind of hand (each taken once).
    Asked after every entry of a hand, so the answer is kept for the last few phases seen
    (a phase is immutable; it is kept with the answer, so its id cannot be reused meanwhile)."""
    key = (id(phase), deck.name, cursed)
    kept = _SCORING_CARDS.get(key)
    if kept is not None and kept[0] is phase:
        return list(kept[1])
    rules = [r for r in phase.scoring if isinstance(r, rulesets.CardPoints)]
    seen: dict[str, cards.Card] = {}
    for card in deck.cards:
        if any(_card_points(rule, card, cursed) for rule in rules):
            seen.setdefault(card.code, card)
    if len(_SCORING_CARDS) >= 64:
        _SCORING_CARDS.clear()
    _SCORING_CARDS[key] = (phase, tuple(seen.values()))
    return list(seen.values())


_SCORING_CARDS: dict[tuple[int, str, str | None], tuple[rulesets.Phase, tuple[cards.Card, ...]]] = {}


# A rule's reference is a value, and a game's rules have few: each is made once and shared by
# the items that cite it (every player's item of every hand has one).
_ref = functools.cache(RuleRef)


def _bid_items(rule: rulesets.ExactBid, facts: Facts, index: int) -> list[Item]:
    """Each player's item under an exact-bid rule (every hand of Oh Hell: kept lean)."""
    bids, tricks, size, items = facts.bids, facts.tricks, facts.size, []
    made, missed, refs = rule.made.coefficients, rule.missed.coefficients, _bid_refs(index)
    made_zero = None if rule.made_zero is None else rule.made_zero.coefficients
    for player in facts.players:
        bid, took = bids[player], tricks[player]
        if bid != took:
            case, terms = "missed", missed
        elif bid == 0 and made_zero is not None:
            case, terms = "made zero", made_zero
        else:
            case, terms = "made", made
        value = _terms(terms, bid, took, size)
        reason = Reason(_bid_words, "bid", bid, took, value, case)
        items.append(new_item((player, value, "exact_bid", reason, refs[case])))
    return items


@functools.cache
def _bid_refs(index: int) -> dict[str, RuleRef]:
    """Where an exact-bid rule, number `index` of the hand's scoring, says each case."""
    return {case: RuleRef("scoring", index, case) for case in ("made", "made zero", "missed")}


_BID_WORDS = {
    ("bid", "made"): N_("bid {bid}, took {took}: made → {points}"),
    ("bid", "made zero"): N_("bid {bid}, took {took}: made (zero bid) → {points}"),
    ("bid", "missed"): N_("bid {bid}, took {took}: missed by {off} → {points}"),
    ("blind bid", "made"): N_("blind bid {bid}, took {took}: made → {points}"),
    ("blind bid", "made zero"): N_("blind bid {bid}, took {took}: made (zero bid) → {points}"),
    ("blind bid", "missed"): N_("blind bid {bid}, took {took}: missed by {off} → {points}"),
}


def _bid_words(name: str, bid: int, took: int, value: Fraction, case: str) -> str:
    """'bid 2, took 2: made → 12', 'blind bid 3, took 1: missed by 2 → -30'."""
    return _(_BID_WORDS[name, case]).format(bid=bid, took=took, off=abs(bid - took), points=points_text(value))


def _poison_item(rule: rulesets.PoisonTally, facts: Facts, player: str, index: int) -> Item:
    pick, took = facts.poisons[player], facts.tricks[player]
    if pick.kind == "take":
        value = _terms(rule.take.coefficients, 0, took, facts.size)
        ref = _ref("scoring", index, "", "take")
        return new_item((player, value, "poison take", Reason(_take_words, took, value), ref))
    terms = rule.bid if pick.kind == "bid" else rule.blind
    bid = pick.bid or 0
    name = "bid" if pick.kind == "bid" else "blind bid"
    value = _terms((terms.made if bid == took else terms.missed).coefficients, bid, took, facts.size)
    case = "made" if bid == took else "missed"
    ref = _ref("scoring", index, case, pick.kind)
    return new_item((player, value, f"poison {pick.kind}", Reason(_bid_words, name, bid, took, value, case), ref))


def _take_words(took: int, value: Fraction) -> str:
    return _("take, took {took} → {points}").format(took=took, points=points_text(value))


def _per_trick_words(took: int, points: Fraction) -> str:
    return ngettext("{count} trick × {points}", "{count} tricks × {points}", took).format(
        count=took, points=points_text(points)
    )


def _card_words(card: cards.Card, value: Fraction) -> str:
    return _("took {card} → {points}").format(card=card, points=points_text(value))


def _cursed_words(count: int, points: Fraction) -> str:
    return ngettext("took {count} cursed card × {points}", "took {count} cursed cards × {points}", count).format(
        count=count, points=points_text(points)
    )


_TRICK_WORDS = {
    ("first", True): N_("took the first trick → {points}"),
    ("last", True): N_("took the last trick → {points}"),
    ("first", False): N_("{player} took the first trick → {points}"),
    ("last", False): N_("{player} took the last trick → {points}"),
}


def _trick_words(which: str, winner: str | None, mine: bool, value: Fraction) -> str:
    return _(_TRICK_WORDS[which, mine]).format(player=winner, points=points_text(value))


def _rule_items(rule: rulesets.ScoringRule, facts: Facts, index: int) -> list[Item]:
    """The items rule number `index` (0-based) of the hand's scoring gives."""
    return _ITEMS_BY_KIND[type(rule)](rule, facts, index)


def _poison_items(rule: rulesets.PoisonTally, facts: Facts, index: int) -> list[Item]:
    return [_poison_item(rule, facts, p, index) for p in facts.players]


def _per_trick_items(rule: rulesets.PerTrick, facts: Facts, index: int) -> list[Item]:
    ref = _ref("scoring", index)
    items = []
    for p in facts.players:
        took = facts.tricks[p]
        items.append(new_item((p, rule.points * took, "per_trick", Reason(_per_trick_words, took, rule.points), ref)))
    return items


def _card_items(rule: rulesets.CardPoints, facts: Facts, index: int) -> list[Item]:
    ref = _ref("scoring", index)
    items = []
    for p in facts.players:
        for card in facts.taken.get(p, []):
            value = _card_points(rule, card, facts.cursed)
            if value:
                items.append(new_item((p, value, "cards", Reason(_card_words, card, value), ref)))
        if rule.cursed is not None and p in facts.cursed_counts:
            count = facts.cursed_counts[p]
            value = rule.cursed * count
            if count:
                items.append(new_item((p, value, "cards", Reason(_cursed_words, count, rule.cursed), ref)))
    return items


def _trick_items(rule: rulesets.TrickPoints, facts: Facts, index: int) -> list[Item]:
    ref = _ref("scoring", index)
    items = []
    winner = facts.first if rule.which == "first" else facts.last
    for p in facts.players:
        value = rule.winner if p == winner else rule.others
        if value:
            reason = Reason(_trick_words, rule.which, winner, p == winner, value)
            items.append(new_item((p, value, f"{rule.which} trick", reason, ref)))
    return items


class SideHand(NamedTuple):
    """What one side of a Spades hand did, worked out from its players' bids and tricks."""

    players: list[str]
    contract: int  # the sum of its numeric bids (0: every player bid nil)
    counted: int  # the tricks that count toward the contract
    nils: list[str]  # its nil bidders, blind or not
    bags: int  # its bags this hand: overtricks, and nil bidders' tricks where they are bags
    carried: int  # the bags it brought to the hand
    penalties: int  # how many times its bags reached the limit this hand
    left: int  # its bags after the hand, once the penalties took theirs off


def side_hands(rule: rulesets.Spades, facts: Facts) -> list[SideHand]:
    """Each side's hand, by side (partners sit opposite: seats 1 & 3, then 2 & 4)."""
    count = len(facts.players) // 2
    found = []
    for side in range(count):
        players = facts.players[side::count]
        nils = [p for p in players if facts.bids[p] == 0]
        bidders = [p for p in players if facts.bids[p] > 0]
        contract = sum(facts.bids[p] for p in bidders)
        counted = sum(facts.tricks[p] for p in bidders)
        nil_tricks = sum(facts.tricks[p] for p in nils)
        if rule.nil_tricks == "contract" and contract:
            counted += nil_tricks
            nil_tricks = 0
        over = max(counted - contract, 0) if contract else counted
        bags = over + nil_tricks
        carried = facts.bags[side] if side < len(facts.bags) else 0
        if rule.bag_limit:
            penalties, left = divmod(carried + bags, rule.bag_limit)
        else:
            penalties, left = 0, carried + bags
        found.append(SideHand(players, contract, counted, nils, bags, carried, penalties, left))
    return found


def bags_after(rule: rulesets.Spades, facts: Facts) -> tuple[int, ...]:
    """Each side's bags once the hand is scored (what the next hand brings)."""
    return tuple(side.left for side in side_hands(rule, facts))


def _spades_items(rule: rulesets.Spades, facts: Facts, index: int) -> list[Item]:
    """Each side's points, given to each of its players: every player's score is their side's."""
    items: list[Item] = []
    for side in side_hands(rule, facts):
        found: list[tuple[Fraction, str, Reason]] = []
        if side.contract:
            made = side.counted >= side.contract
            value = rule.per_contract * side.contract if made else rule.set_per_contract * side.contract
            case = "made" if made else "set"
            found.append((value, case, Reason(_contract_words, side.contract, side.counted, made, value)))
        for player in side.nils:
            blind = player in facts.blind
            took = facts.tricks[player]
            size = rule.blind_nil if blind else rule.nil
            value = size if took == 0 else -size
            case = ("blind nil" if blind else "nil") + (" made" if took == 0 else " failed")
            found.append((value, case, Reason(_nil_words, player, blind, took, value)))
        if side.bags and rule.per_bag:
            value = rule.per_bag * side.bags
            found.append((value, "bags", Reason(_bags_words, side.bags, side.carried + side.bags, value)))
        for n in range(side.penalties):
            reached = rule.bag_limit * (n + 1)
            found.append((rule.bag_penalty, "bag penalty", Reason(_bag_penalty_words, reached, rule.bag_limit, rule.bag_penalty)))
        for value, case, reason in found:
            ref = _ref("scoring", index, case)
            items += [new_item((player, value, "spades", reason, ref)) for player in side.players]
    return items


def _contract_words(contract: int, counted: int, made: bool, value: Fraction) -> str:
    if made:
        said = _("the side's contract {contract}, took {took}: made → {points}")
    else:
        said = _("the side's contract {contract}, took {took}: set → {points}")
    return said.format(contract=contract, took=counted, points=points_text(value))


def _nil_words(player: str, blind: bool, took: int, value: Fraction) -> str:
    if blind:
        said = _("{player} bid blind nil and took no trick → {points}") if took == 0 else ngettext(
            "{player} bid blind nil and took {count} trick → {points}",
            "{player} bid blind nil and took {count} tricks → {points}",
            took,
        )
    else:
        said = _("{player} bid nil and took no trick → {points}") if took == 0 else ngettext(
            "{player} bid nil and took {count} trick → {points}", "{player} bid nil and took {count} tricks → {points}", took
        )
    return said.format(player=player, count=took, points=points_text(value))


def _bags_words(bags: int, gathered: int, value: Fraction) -> str:
    # TRANSLATORS: a bag is a trick taken over the side's contract; {total} counts the side's bags so far
    return ngettext(
        "{count} bag ({total} so far) → {points}", "{count} bags ({total} so far) → {points}", bags
    ).format(count=bags, total=gathered, points=points_text(value))


def _bag_penalty_words(reached: int, limit: int, value: Fraction) -> str:
    # TRANSLATORS: {reached} is the side's bag count that reached the limit, e.g. "bags reached 10: 10 taken off → -100"
    return _("bags reached {reached}: {limit} taken off → {points}").format(
        reached=reached, limit=limit, points=points_text(value)
    )


def _euchre_items(rule: rulesets.Euchre, facts: Facts, index: int) -> list[Item]:
    """The side that made trump scores, or the side that euchred it; each of its players gets
    the points (a loner's partner too: the side's score is theirs)."""
    making = facts.making
    if making is None or making.player is None:
        return []  # thrown in: nobody scores
    count = len(facts.players) // 2
    seat = facts.players.index(making.player)
    makers = facts.players[seat % count :: count]
    defenders = [p for p in facts.players if p not in makers]
    took = sum(facts.tricks.get(p, 0) for p in makers)  # the maker's alone, or each player's, card by card
    if took >= 3:
        march = took == 5
        case = ("alone " if making.alone else "") + ("march" if march else "made")
        value = {"made": rule.made, "march": rule.march, "alone made": rule.alone_made, "alone march": rule.alone_march}[case]
        side, reason = makers, Reason(_made_words, making.player, making.alone, took, value)
    else:
        case = "euchred alone" if making.defender else "euchred"
        value = rule.euchred_alone if making.defender else rule.euchred
        side, reason = defenders, Reason(_euchred_words, making.player, making.defender, took, value)
    ref = _ref("scoring", index, case)
    return [new_item((player, value, "euchre", reason, ref)) for player in side]


def _made_words(maker: str, alone: bool, took: int, value: Fraction) -> str:
    if alone:
        said = _("{player} made trump alone and took all 5 tricks: a march → {points}") if took == 5 else _(
            "{player} made trump alone and took {count} tricks → {points}"
        )
    else:
        said = _("{player}'s side made trump and took all 5 tricks: a march → {points}") if took == 5 else _(
            "{player}'s side made trump and took {count} tricks → {points}"
        )
    return said.format(player=maker, count=took, points=points_text(value))


def _euchred_words(maker: str, defender: str | None, took: int, value: Fraction) -> str:
    if defender:
        said = _("{defender}, alone, euchred {player}'s side ({count} of 5 tricks) → {points}")
    else:
        said = _("{player}'s side made trump and was euchred ({count} of 5 tricks) → {points}")
    return said.format(player=maker, defender=defender, count=took, points=points_text(value))


# Each kind of scoring rule's items, by the rule's exact type (a match on pydantic models
# runs an isinstance check in Python for each case it passes)
_ITEMS_BY_KIND = {
    rulesets.ExactBid: _bid_items,
    rulesets.PoisonTally: _poison_items,
    rulesets.PerTrick: _per_trick_items,
    rulesets.CardPoints: _card_items,
    rulesets.TrickPoints: _trick_items,
    rulesets.Spades: _spades_items,
    rulesets.Euchre: _euchre_items,
}


def _penalties_held(phase: rulesets.Phase, facts: Facts, deck: cards.Deck) -> dict[str, int]:
    """How many of the hand's penalties (scoring cards, first/last trick) each player holds."""
    held = {p: 0 for p in facts.players}
    wanted = {c.code for c in scoring_cards(phase, deck, facts.cursed)}
    for p in facts.players:
        held[p] += sum(1 for c in facts.taken.get(p, []) if c.code in wanted)
    for rule in phase.scoring:
        if isinstance(rule, rulesets.TrickPoints):
            winner = facts.first if rule.which == "first" else facts.last
            if winner is not None:
                held[winner] += 1
    return held


def penalty_count(phase: rulesets.Phase, deck: cards.Deck, cursed: str | None) -> int:
    """How many penalties a hand holds: its scoring cards and its scoring tricks."""
    tricks = sum(1 for r in phase.scoring if isinstance(r, rulesets.TrickPoints))
    return len(scoring_cards(phase, deck, cursed)) + tricks


def sweeper(phase: rulesets.Phase, facts: Facts, deck: cards.Deck) -> str | None:
    """The player who took every penalty of the hand (Slippery Paws' all three), if one did."""
    total = penalty_count(phase, deck, facts.cursed)
    held = _penalties_held(phase, facts, deck)
    return next((p for p, n in held.items() if total and n == total), None)


def shooter(phase: rulesets.Phase, facts: Facts, deck: cards.Deck) -> str | None:
    """The player who took every scoring card of the hand, if one did (the moon)."""
    wanted = {c.code for c in scoring_cards(phase, deck, facts.cursed)}
    if not wanted:
        return None  # a hand without scoring cards has no moon to shoot
    return next((p for p in facts.players if wanted <= {c.code for c in facts.taken.get(p, [])}), None)


def verdicts(phase: rulesets.Phase, facts: Facts, deck: cards.Deck) -> list[MoonVerdict | SweepVerdict]:
    """The hand's moon and sweep verdicts, in the order of its adjustments."""
    found: list[MoonVerdict | SweepVerdict] = []
    for index, adjustment in enumerate(phase.adjust):
        if isinstance(adjustment, rulesets.Sweep):
            who = sweeper(phase, facts, deck)
            if who is not None:
                usual = sum(
                    (i.points for n, rule in enumerate(phase.scoring) for i in _rule_items(rule, facts, n) if i.player == who),
                    Fraction(0),
                )
                count = penalty_count(phase, deck, facts.cursed)
                found.append(SweepVerdict(who, count, adjustment.points, usual, index))
            continue
        verdict = moon_verdict(adjustment, phase, facts, deck)
        if verdict is not None:
            found.append(MoonVerdict(verdict[0], verdict[1], adjustment.declared, index))
    return found


def score(phase: rulesets.Phase, facts: Facts, judged: list[MoonVerdict | SweepVerdict]) -> list[Item]:
    """Every item of points this hand's facts earn under this kind of hand's rules: each
    scoring rule's, then the moon or sweep (`judged`: the hand's `verdicts`) in their place."""
    items = [item for index, rule in enumerate(phase.scoring) for item in _rule_items(rule, facts, index)]
    for verdict in judged:
        adjustment = phase.adjust[verdict.adjustment]
        if isinstance(verdict, SweepVerdict):
            kept = [i for i in items if i.player != verdict.player]
            reason = Reason(_sweep_words, verdict.points)
            items = [*kept, Item(verdict.player, verdict.points, "sweep", reason, RuleRef("adjust", verdict.adjustment))]
        else:
            assert isinstance(adjustment, rulesets.Moon)
            outcome = adjustment.success if verdict.made else adjustment.failure
            items = _apply_outcome(items, facts, verdict, outcome)
    return items


def _sweep_words(points: Fraction) -> str:
    return _("took every penalty → {points} instead").format(points=points_text(points))


def moon_verdict(
    moon: rulesets.Moon, phase: rulesets.Phase, facts: Facts, deck: cards.Deck
) -> tuple[str, bool] | None:
    """(who, made it) for a moon this hand: the declarer, judged; or an undeclared shooter."""
    if moon.declared:
        # nobody declared: every card scores as usual, even all of them to one player
        return None if facts.moon is None else (facts.moon, shooter(phase, facts, deck) == facts.moon)
    who = shooter(phase, facts, deck)
    return None if who is None else (who, True)


def announcements(phase: rulesets.Phase, judged: list[MoonVerdict | SweepVerdict]) -> list[Announcement]:
    """What the table hears when a hand closes with a moon or a sweep."""
    news = []
    for verdict in judged:
        if isinstance(verdict, SweepVerdict):
            news.append(Announcement(Reason(_sweep_news, verdict), (verdict.player,)))
            continue
        adjustment = phase.adjust[verdict.adjustment]
        assert isinstance(adjustment, rulesets.Moon)
        outcome = adjustment.success if verdict.made else adjustment.failure
        news.append(Announcement(Reason(_moon_news, verdict, outcome), (verdict.player,)))
    return news


def _sweep_news(verdict: SweepVerdict) -> str:
    return ngettext(
        "SWEEP: {player} took the {count} penalty: {points} instead of {usual}",
        "SWEEP: {player} took all {count} penalties: {points} instead of {usual}",
        verdict.penalties,
    ).format(
        player=verdict.player, count=verdict.penalties, points=points_text(verdict.points),
        usual=points_text(verdict.usual),
    )  # fmt: skip


def _moon_news(verdict: MoonVerdict, outcome: rulesets.Outcome) -> str:
    if verdict.made:
        # TRANSLATORS: {outcome} is how the hand scores, e.g. "Ann 0, each opponent 26"
        said = _("MOON: {player} shot the moon: {outcome}")
    else:
        said = _("MOON: {player} declared the moon and failed: {outcome}")
    return said.format(player=verdict.player, outcome=_outcome_text(verdict.player, outcome))


def _outcome_text(taker: str, outcome: rulesets.Outcome) -> str:
    if outcome.taker is None:
        if outcome.others is None:
            said = _("{player} scores as usual, the others score as usual")
        else:
            said = _("{player} scores as usual, each opponent {others}")
    elif outcome.others is None:
        said = _("{player} {points}, the others score as usual")
    else:
        said = _("{player} {points}, each opponent {others}")
    return said.format(
        player=taker,
        points=None if outcome.taker is None else points_text(outcome.taker),
        others=None if outcome.others is None else points_text(outcome.others),
    )


def _moon_item_words(taker: str | None, made: bool, value: Fraction) -> str:
    """An item a moon gave: to its taker (`taker` None) or, naming the taker, to another."""
    if taker is None:
        said = _("shot the moon → {points}") if made else _("declared the moon and failed → {points}")
    elif made:
        said = _("{player} shot the moon → {points}")
    else:
        said = _("{player} declared the moon and failed → {points}")
    return said.format(player=taker, points=points_text(value))


def _apply_outcome(
    items: list[Item], facts: Facts, verdict: MoonVerdict, outcome: rulesets.Outcome
) -> list[Item]:
    taker = verdict.player
    ref = RuleRef("adjust", verdict.adjustment, "made" if verdict.made else "failed")
    result = []
    for player in facts.players:
        mine = [i for i in items if i.player == player]
        replace = outcome.taker if player == taker else outcome.others
        if replace is None:
            result += mine
        else:
            who = None if player == taker else taker
            result.append(Item(player, replace, "moon", Reason(_moon_item_words, who, verdict.made, replace), ref))
    return result


def totals(items: list[Item], players: list[str]) -> dict[str, Fraction]:
    """Points per player from a list of items: every one of `players` (0 if none), then anyone
    else the items give points to."""
    result: dict[str, Fraction] = dict.fromkeys(players, 0)
    for item in items:
        result[item.player] = result.get(item.player, 0) + item.points
    return result
