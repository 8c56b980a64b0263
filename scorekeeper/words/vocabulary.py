"""The ruleset vocabulary in words: each scoring kind, adjustment and renege is put into
words by one function here, which `rules` (the rulebook), `why` (a point's rule) and the
status line of a hand's game all use, so the three always say the same thing."""

from __future__ import annotations

from typing import Literal

from scorekeeper.core import cards, errors, rulesets, schedule, scoring
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.language import _, pgettext

pts = scoring.points_text


prose = rulesets.prose  # a ruleset's own words in the language in use (see rulesets.prose)


def terms(coefficients: rulesets.Terms) -> str:
    """Bid-score coefficients as a formula: "10 + tricks", "-10 - the miss", "20 + 2 × bid"."""
    named = (
        # TRANSLATORS: the words of a scoring formula, "10 + tricks", "-10 - the miss", "20 + 2 × bid"
        (coefficients.per_trick, _("tricks")),
        (coefficients.per_bid, _("bid")),
        (coefficients.per_off, _("the miss")),
        (coefficients.per_card, _("cards dealt")),
    )
    text = pts(coefficients.base) if coefficients.base or not any(c for c, _word in named) else ""
    for coefficient, word in named:
        if not coefficient:
            continue
        size = abs(coefficient)
        term = word if size == 1 else f"{pts(size)} × {word}"
        if not text:
            text = term if coefficient > 0 else f"-{term}"
        else:
            text += f" {'+' if coefficient > 0 else '-'} {term}"
    return text


# --- the scoring kinds -------------------------------------------------------------------


def exact_bid(rule: rulesets.ExactBid, case: Literal["made", "made zero", "missed"]) -> str:
    """`exact_bid`, one case: "exact bid, made: 10 + tricks"."""
    scored = {"made": rule.made, "made zero": rule.made_zero, "missed": rule.missed}[case]
    said = {
        "made": _("exact bid, made: {terms}"),
        "made zero": _("exact bid, made zero: {terms}"),
        "missed": _("exact bid, missed: {terms}"),
    }[case]
    return said.format(terms=terms(scored or rule.made))


def poison(rule: rulesets.PoisonTally, kind: Literal["bid", "blind", "take"], made: bool = True) -> str:
    """`poison`, one pick and whether it was made: "poison Blind Bid, missed: -2 × the miss"."""
    if kind == "take":
        return _("poison Take: {terms}").format(terms=terms(rule.take))
    bid = rule.bid if kind == "bid" else rule.blind
    if kind == "bid":
        said = _("poison Bid, made: {terms}") if made else _("poison Bid, missed: {terms}")
    else:
        said = _("poison Blind Bid, made: {terms}") if made else _("poison Blind Bid, missed: {terms}")
    return said.format(terms=terms(bid.made if made else bid.missed))


def per_trick(rule: rulesets.PerTrick) -> str:
    """`per_trick`: "1 per trick taken"."""
    return _("{points} per trick taken").format(points=pts(rule.points))


def card_points(rule: rulesets.CardPoints, deck: cards.Deck) -> str:
    """`cards`: whole suits first, then named cards dearest first (in suit order: a stored
    ruleset does not keep the file's order), then the cursed suit: "cards: each ♥ 1, Q♠ 13"."""
    parts = [_("each {suit} {points}").format(suit=cards.suit_symbol(s), points=pts(v)) for s, v in rule.suits.items()]
    named = sorted(rule.cards.items(), key=lambda item: (-item[1], cards.table_order(item[0], deck)))
    parts += [f"{_card_text(code, deck)} {pts(v)}" for code, v in named]
    if rule.cursed is not None:
        parts.append(_("each card bearing the cursed suit {points}").format(points=pts(rule.cursed)))
    return _("cards: {cards}").format(cards=", ".join(parts))


def trick_points(rule: rulesets.TrickPoints) -> str:
    """`trick`: "the last trick: 2 to its winner, 0 to each other player"."""
    if rule.which == "first":
        said = _("the first trick: {winner} to its winner, {others} to each other player")
    else:
        said = _("the last trick: {winner} to its winner, {others} to each other player")
    return said.format(winner=pts(rule.winner), others=pts(rule.others))


def spades(rule: rulesets.Spades, case: str) -> str:
    """`spades`, one case: "spades, a side's contract made: 10 × the contract"."""
    if case == "made":
        said = _("spades, a side's contract made: {points} × the contract").format(points=pts(rule.per_contract))
    elif case == "set":
        said = _("spades, a side's contract set: {points} × the contract").format(points=pts(rule.set_per_contract))
    elif case == "bags":
        if rule.nil_tricks == "bags":
            said = _("spades, bags (tricks over the contract, and a nil bidder's tricks): {points} each")
        else:
            said = _("spades, bags (tricks over the contract): {points} each")
        said = said.format(points=pts(rule.per_bag))
    elif case == "bag penalty":
        said = _("spades, every {limit} bags a side gathers: {points}, and {limit} bags come off").format(
            limit=rule.bag_limit, points=pts(rule.bag_penalty)
        )
    elif case.startswith("blind nil"):
        said = _("spades, blind nil: {points} if the bidder takes no trick, else -{points}").format(points=pts(rule.blind_nil))
    else:
        said = _("spades, nil: {points} if the bidder takes no trick, else -{points}").format(points=pts(rule.nil))
    return said


def spades_lines(rule: rulesets.Spades) -> list[str]:
    """Every case of a `spades` rule, one a line, with what bids it allows."""
    lines = [spades(rule, case) for case in ("made", "set", "bags", "nil", "blind nil")]
    if rule.bag_limit:
        lines.append(spades(rule, "bag penalty"))
    if rule.blind_nil_allowed:
        lines.append(_("blind nil only for a side at least {points} behind").format(points=rule.blind_nil_behind))
    if rule.min_side_bid:
        lines.append(_("a side bids at least {count} together, unless one of them bids nil").format(count=rule.min_side_bid))
    return lines


def euchre(rule: rulesets.Euchre, case: str) -> str:
    """`euchre`, one case: "euchre, the makers take 3 or 4 tricks: 1"."""
    said = {
        "made": _("euchre, the makers take 3 or 4 tricks: {points}"),
        "march": _("euchre, the makers take all 5 (a march): {points}"),
        "alone made": _("euchre, a maker alone takes 3 or 4 tricks: {points}"),
        "alone march": _("euchre, a maker alone takes all 5: {points}"),
        "euchred": _("euchre, the makers take fewer than 3 (euchred): {points} to the other side"),
        "euchred alone": _("euchre, a defender alone euchres the makers: {points} to the defenders"),
    }[case]
    points = {
        "made": rule.made, "march": rule.march, "alone made": rule.alone_made, "alone march": rule.alone_march,
        "euchred": rule.euchred, "euchred alone": rule.euchred_alone,
    }[case]  # fmt: skip
    return said.format(points=pts(points))


def euchre_lines(rule: rulesets.Euchre) -> list[str]:
    """Every case of a `euchre` rule, one a line, and the dealer's duty where it holds."""
    cases = ["made", "march", "alone made", "alone march", "euchred"] + (["euchred alone"] if rule.defend_alone else [])
    lines = [euchre(rule, case) for case in cases]
    if rule.stick_the_dealer:
        lines.append(_("stick the dealer: when all the others have passed twice, the dealer must name a suit"))
    return lines


def scoring_rule(rule: rulesets.ScoringRule, deck: cards.Deck) -> list[str]:
    """Every case of a scoring rule, one a line."""
    match rule:
        case rulesets.ExactBid():
            zero = [exact_bid(rule, "made zero")] if rule.made_zero is not None else []
            return [exact_bid(rule, "made"), *zero, exact_bid(rule, "missed")]
        case rulesets.PoisonTally():
            return [poison(rule, kind, made) for kind in ("bid", "blind") for made in (True, False)] + [
                poison(rule, "take")
            ]
        case rulesets.PerTrick():
            return [per_trick(rule)]
        case rulesets.CardPoints():
            return [card_points(rule, deck)]
        case rulesets.TrickPoints():
            return [trick_points(rule)]
        case rulesets.Spades():
            return spades_lines(rule)
        case rulesets.Euchre():
            return euchre_lines(rule)
    raise AssertionError(f"no words for the scoring kind {rule.kind!r}")


# --- the adjustments ---------------------------------------------------------------------


def sweep(adjustment: rulesets.Sweep) -> str:
    """`sweep`: "sweep: one player taking every penalty scores 4 instead"."""
    return _("sweep: one player taking every penalty scores {points} instead").format(points=pts(adjustment.points))


def moon(adjustment: rulesets.Moon) -> str:
    """`moon`: "moon (taking every scoring card): made → the shooter 0, each other player 26";
    a declared moon says what a failed one scores too."""
    if adjustment.declared:
        # TRANSLATORS: {made} and {failed} are what each player scores, "the shooter 0, each other player 26"
        return _("moon (declared before the first trick): made → {made}; failed → {failed}").format(
            made=_outcome(adjustment.success), failed=_outcome(adjustment.failure)
        )
    return _("moon (taking every scoring card): made → {made}").format(made=_outcome(adjustment.success))


def _outcome(outcome: rulesets.Outcome) -> str:
    parts = []
    if outcome.taker is not None:
        parts.append(_("the shooter {points}").format(points=pts(outcome.taker)))
    if outcome.others is not None:
        parts.append(_("each other player {points}").format(points=pts(outcome.others)))
    return ", ".join(parts) or _("scored as usual")


def adjustment(rule: rulesets.Adjustment) -> str:
    return sweep(rule) if isinstance(rule, rulesets.Sweep) else moon(rule)


def phase(rules: rulesets.Phase, deck: cards.Deck) -> list[str]:
    """A kind of hand's whole scoring: each rule's cases, then its adjustments."""
    return [text for rule in rules.scoring for text in scoring_rule(rule, deck)] + [
        adjustment(a) for a in rules.adjust
    ]


def phase_line(rules: rulesets.Phase, deck: cards.Deck) -> str:
    """A kind of hand's whole scoring in a line, as the status of a Compendium hand shows it."""
    return "; ".join(phase(rules, deck))


# --- who leads, and what may be led ----------------------------------------------------


def first_lead(ruleset: rulesets.Ruleset) -> str:
    """The `leader` or `lead.first` primitive in words."""
    if ruleset.lead.first is not None:
        # TRANSLATORS: {holder} is e.g. "whoever holds 2♣"
        return _("{holder} leads it to the first trick of each hand").format(
            holder=schedule.card_holder(ruleset, ruleset.max_players)
        )
    assert ruleset.leader is not None
    return {
        "dealer": _("the dealer leads the first trick"),
        "left-of-dealer": _("the player left of the dealer leads the first trick"),
        "right-of-dealer": _("the player right of the dealer leads the first trick"),
    }[ruleset.leader]


def must_break(suits: list[str]) -> str:
    """The `lead.must_break` primitive in words."""
    named = all_of([cards.suit_name(s) for s in suits])
    return _(
        "{suits} may not be led until broken (played to a trick led in another suit), unless the leader holds nothing else"
    ).format(suits=named)


def strict_lead() -> str:
    """The `lead.strict` primitive in words."""
    return _(
        "a card bearing a suit not yet broken may not be led at all, not even declared as its other "
        "suit, unless the leader holds nothing else"
    )


def upcard_out() -> str:
    """The `upcard_out` primitive in words."""
    return _("the card turned up (for trump, or flipped for the hand size) is nobody's and is never played to a trick")


def always_trump() -> str:
    """The `trump.always` primitive in words."""
    return _("there is always a trump (no `trump none`)")


# --- reneges -----------------------------------------------------------------------------


def renege_kind(kind: str) -> str:
    """A renege kind's name as a reply or a sheet says it: the shipped rulesets' kinds in the
    language in use ("revoke" is typed as it is, with `renege NAME --kind revoke`); a scorer's
    own ruleset's kinds as it writes them."""
    known = {
        # TRANSLATORS: a renege kind, shown in a reply ("renege by Bob (revoke): -4 points")
        "revoke": pgettext("renege kind", "revoke"),
        # TRANSLATORS: a renege kind: looking at one's cards when forced to bid blind (Pick Your Poison)
        "peek": pgettext("renege kind", "peek"),
    }
    return known.get(kind, kind)


def renege(rule: rulesets.Renege) -> str:
    """A renege kind: "renege 'revoke' (failed to follow suit when able): -10 at once"."""
    if rule.description:
        # TRANSLATORS: {kind} is the renege's name in the ruleset, {description} the ruleset's own words
        return _("renege '{kind}' ({description}): {points} at once").format(
            kind=rule.kind, description=prose(rule.description), points=pts(rule.points)
        )
    return _("renege '{kind}': {points} at once").format(kind=rule.kind, points=pts(rule.points))


# --- cards -------------------------------------------------------------------------------


def _card_text(code: str, deck: cards.Deck) -> str:
    try:
        return str(cards.parse_card(code, deck))
    except errors.UsageError:  # a card of a pack other than the one given
        return code


def forfeit_name(kind: str) -> str:
    """A forfeit as the table reads it ("pants" in the reader's words); a kind this version
    does not name is shown as it is kept."""
    if kind == "pants":
        # TRANSLATORS: the forfeit of the pants rule, in a standings' or a sheet's forfeits column
        return pgettext("forfeit", "pants")
    return kind


def forfeits_named(kinds: list[str]) -> str:
    """A player's forfeits, as the table reads them."""
    return ", ".join(forfeit_name(kind) for kind in kinds)
