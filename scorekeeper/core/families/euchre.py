"""Euchre: making trump (`make PLAYER SUIT [--ordered-up] [--alone]`, or `make pass` when
every player passed) and the makers' tricks (`tricks N`). The scoring itself is the `euchre`
primitive (see scoring._euchre_items)."""

from __future__ import annotations

from scorekeeper.core import cards, errors, events, rulesets, schedule, scoring, state
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import _
from scorekeeper.core.values import per_player, whole_number

PASSED = ("pass", "passed", "none")
TRICKS = 5  # a Euchre hand's tricks


def make(
    game: state.Game, player: str, suit: str | None, ordered_up: bool, alone: bool, defender: str | None, turned: str | None
) -> events.TrumpMade:
    """Who made trump and how, as the scorer typed it; `make pass`: every player passed."""
    number = game.hand.number
    if player.strip().casefold() in PASSED:
        return events.TrumpMade(hand=number, player=None)
    maker = game.player(player)
    if suit is None:
        if turned is None:
            raise errors.UsageError(_("name the trump suit: make {player} SUIT, e.g. make {player} hearts").format(player=maker))
        suit = turned
    named = cards.parse_suit(suit, game.deck.kind)
    if named is None:
        raise errors.UsageError(_("Euchre always has a trump; name its suit, e.g. make {player} hearts").format(player=maker))
    if turned is not None:
        card = cards.parse_card(turned, game.deck)
        if ordered_up and card.suit != named:
            raise errors.RuleViolation(
                _("{player} ordered up {card}, so trump is {suit}; leave the suit out or give {suit}").format(
                    player=maker, card=card, suit=cards.suit_symbol(card.suit)
                )
            )
        if not ordered_up and card.suit == named:
            suit = cards.suit_symbol(named)
            raise errors.RuleViolation(
                _(
                    "{suit} was the turned card's suit and was passed; a suit named afterwards must be another "
                    "(or add --ordered-up)"
                ).format(suit=suit),
                page=_(
                    "{suit} was the turned card's suit and was passed; a suit named afterwards must be another "
                    "(or the turned card was ordered up)"
                ).format(suit=suit),
            )
    return events.TrumpMade(
        hand=number, player=maker, suit=named, ordered_up=ordered_up, alone=alone,
        defender=game.player(defender) if defender else None,
    )  # fmt: skip


def tricks(game: state.Game, values: list[str]) -> events.TricksRecorded:
    """`tricks N`: the tricks the makers took, of 5; or each player's, as in the other games."""
    making = game.hand.making
    if making is None or making.player is None:
        raise made_first()
    if len(values) > 1 or "=" in values[0]:  # each player's
        given = per_player(game, values, "tricks")
        return events.TricksRecorded(
            hand=game.hand.number, tricks={p: whole_number(v, p, "tricks") for p, v in given.items()}
        )
    if len(values) != 1:
        raise errors.UsageError(_("give the makers' tricks as one number, e.g. `tricks 3`"))
    try:
        took = int(values[0])
    except ValueError:
        raise errors.UsageError(_("the makers' tricks '{text}' are not a whole number").format(text=values[0])) from None
    return events.TricksRecorded(hand=game.hand.number, tricks={making.player: took})


def made_first() -> errors.RuleViolation:
    """The refusal of the makers' tricks before the making, in the command line's words and a page's."""
    return errors.RuleViolation(
        _("record who made trump first (`make PLAYER SUIT`), then the makers' tricks"),
        page=_("record who made trump first, then the makers' tricks"),
    )


def _rule(hand: state.Hand) -> rulesets.Euchre | None:
    return next((rule for rule in hand.phase.scoring if type(rule) is rulesets.Euchre), None)


def on_make(game: state.Game, hand: state.Hand, event: events.TrumpMade) -> None:
    rule = _rule(hand)
    if rule is None:
        raise errors.RuleViolation(_("{ruleset} has no making of trump").format(ruleset=game.ruleset.name))
    state.require_before_play(game, hand, "trump")
    if event.player is None:
        if rule.stick_the_dealer:
            dealer = hand.seating[hand.dealer]
            raise errors.RuleViolation(
                _("the dealer may not pass here (stick the dealer): {dealer} names a suit; record `make {dealer} SUIT`").format(
                    dealer=dealer
                ),
                page=_("the dealer may not pass here (stick the dealer): {dealer} must name a suit").format(dealer=dealer),
            )
        hand.making, hand.trump, hand.trump_known = scoring.Making(None), None, True
        return
    if event.defender is not None:
        if not rule.defend_alone:
            raise errors.RuleViolation(
                _("a defender may not go alone in this game (option defend_alone); leave --defender-alone out")
            )
        if event.defender in game.side_of(event.player):
            raise errors.RuleViolation(
                _("{defender} is on {player}'s side; only a player of the other side defends").format(
                    defender=event.defender, player=event.player
                )
            )
    hand.making = scoring.Making(event.player, event.suit, event.ordered_up, event.alone, event.defender)
    hand.trump, hand.trump_known = event.suit, True
    # the player left of the dealer leads, unless sitting out beside a loner: then the next one does
    seats = len(hand.seating)
    lead = schedule.seat_left(hand.dealer, seats)
    if event.alone and hand.seating[(lead + seats // 2) % seats] == event.player:
        lead = schedule.seat_left(lead, seats)
    hand.leader = lead


def on_tricks(game: state.Game, hand: state.Hand, event: events.TricksRecorded) -> None:
    state.require_ready_for_play(game, hand, "tricks")
    if hand.played:
        raise state.trick_by_trick_begun()
    making = hand.making
    if making is None or making.player is None:
        raise made_first()
    if len(event.tricks) > 1:
        _each_players(game, hand, event.tricks)
        return
    # the makers' tricks, whoever made trump: a correction of the maker keeps them
    (took,) = event.tricks.values()
    if not 0 <= took <= TRICKS:
        raise errors.RuleViolation(
            _("the makers took {count} tricks, but a hand has {most}; give 0 to {most}").format(count=took, most=TRICKS)
        )
    hand.tricks = {making.player: took}


def _each_players(game: state.Game, hand: state.Hand, given: dict[str, int]) -> None:
    """Each player's tricks: every player's, 5 in all, none to a loner's partner sitting out."""
    if set(given) != set(game.players):
        missing = [p for p in game.players if p not in given]
        raise errors.EntryError(_("give every player's tricks at once; missing: {players}").format(players=", ".join(missing)))
    if min(given.values()) < 0 or sum(given.values()) != TRICKS:
        raise errors.RuleViolation(
            _("the tricks total {total}, but a hand has {most}; check the count").format(total=sum(given.values()), most=TRICKS)
        )
    making = hand.making
    if making is not None and making.alone and making.player is not None:
        seats = len(game.players)
        partner = game.players[(game.seat(making.player) + seats // 2) % seats]
        if given[partner]:
            raise errors.RuleViolation(
                _("{player} sits out this hand beside {maker}, who goes alone, and took no trick; check the count").format(
                    player=partner, maker=making.player
                )
            )
    hand.tricks = {p: given[p] for p in game.players}


FAMILY = Family(name="euchre", entries={"make": make}, handlers={events.TrumpMade: on_make})
