"""Entries for what players captured in play: the scoring cards each took (`took`), who won
the first and the last trick, and a declared moon. Owns their checks: each scoring card is
taken once, each of those tricks has one winner, a moon is declared once, before play, and
only in a game that has a declared moon. A closed hand's summary shows what each player
captured (its closing facts)."""

from __future__ import annotations

from scorekeeper.core import cards, errors, events, rulesets, scoring, state
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import _, listed

ENTRY_FOR = {"took": "`took NAME CARD…`", "first": "`first NAME`", "last": "`last NAME`"}


# --- building entries from what the scorer typed -------------------------------------


def took(game: state.Game, name: str, texts: list[str]) -> events.CardsTaken:
    if not texts:
        raise errors.UsageError(_("name the cards taken, e.g. `took Bob QS QH`"))
    player = game.player(name)
    codes = [_parse_taken(texts, i, game.deck).code for i in range(len(texts))]
    return events.CardsTaken(hand=game.hand.number, player=player, cards=codes)


def _parse_taken(texts: list[str], i: int, deck: cards.Deck) -> cards.Card:
    """The card texts[i] names; when it is the first word of a card written with spaces
    (Decktet: Chance Meeting, 8 moons/suns) and unquoted, the refusal says to quote it."""
    try:
        return cards.parse_card(texts[i], deck)
    except errors.UsageError:
        for end in range(i + 2, min(i + 4, len(texts)) + 1):
            joined = " ".join(texts[i:end])
            try:
                cards.parse_card(joined, deck)
            except errors.UsageError:
                continue
            raise errors.UsageError(_("'{card}' is one card: put it in quotes, \"{card}\"").format(card=joined)) from None
        raise


def took_said(game: state.Game, name: str, texts: list[str]) -> str:
    """What the scorer hears back: `Bob took Q♠ Q♥.`"""
    shown = " ".join(str(cards.parse_card(text, game.deck)) for text in texts)
    return _("{player} took {cards}.").format(player=game.player(name), cards=shown)


def trick_won(game: state.Game, which: str, name: str) -> events.TrickAwarded:
    return events.TrickAwarded(hand=game.hand.number, which=which, player=game.player(name))


def moon(game: state.Game, name: str) -> events.MoonDeclared:
    """A declaration; `none` (when no player is called that) says nobody declared: with
    `--hand N` it withdraws a declaration recorded for hand N by mistake."""
    if name.strip().casefold() == "none" and not any(p.casefold() == "none" for p in game.players):
        return events.MoonDeclared(hand=game.hand.number, player="")
    return events.MoonDeclared(hand=game.hand.number, player=game.player(name))


# --- words shared by the refusals -----------------------------------------------------


def game_name(game: state.Game, hand: state.Hand) -> str:
    """The game this hand is played as: the ruleset, or the phase of a multi-game ruleset."""
    if game.ruleset.phases:
        # TRANSLATORS: e.g. "Hearts (hand 3 of Compendium)"
        return _("{game} (hand {hand} of {ruleset})").format(
            game=rulesets.prose(hand.phase.title), hand=hand.number, ruleset=rulesets.prose(game.ruleset.title)
        )
    return rulesets.prose(game.ruleset.title)


def what_to_record(hand: state.Hand) -> str:
    """The entries this kind of hand is scored from, e.g. "`took NAME CARD…` and `last NAME`"."""
    wanted = []
    for rule in hand.phase.scoring:
        if isinstance(rule, rulesets.CardPoints):
            wanted.append(ENTRY_FOR["took"])
        elif isinstance(rule, rulesets.TrickPoints):
            wanted.append(ENTRY_FOR[rule.which])
    wanted = list(dict.fromkeys(wanted))
    return listed(wanted) if wanted else _("the tricks")


def _owners(hand: state.Hand) -> dict[str, str]:
    """Who took each card of the hand so far, by the card's code."""
    return {card.code: player for player, got in hand.taken.items() for card in got}


def _require_no_tricks_played(hand: state.Hand, refusal: str) -> None:
    if hand.played:
        raise errors.RuleViolation(refusal)


# --- handlers ---------------------------------------------------------------------------


def _on_took(game: state.Game, hand: state.Hand, event: events.CardsTaken) -> None:
    if not any(isinstance(rule, rulesets.CardPoints) for rule in hand.phase.scoring):
        raise errors.RuleViolation(
            _("no card scores by itself in {game}; record {entries}").format(
                game=game_name(game, hand), entries=what_to_record(hand)
            )
        )
    state.require_ready_for_play(game, hand, "cards taken")
    _require_no_tricks_played(hand, _("this hand is being recorded trick by trick; the cards taken follow from it"))
    if hand.cursed_counts is not None:
        raise errors.RuleViolation(
            _("the cursed cards of this hand were recorded as counts; `undo` them to name cards"),
            page=_("the cursed cards of this hand were recorded as counts; undo them to name cards"),
        )
    scoring_cards = scoring.scoring_cards(hand.phase, game.deck, hand.cursed)
    wanted = {c.code: c for c in scoring_cards}
    seen: set[str] = set()
    owners = _owners(hand)
    for code in event.cards:
        card = cards.parse_card(code, game.deck)
        if code not in wanted and hand.cursed is not None:  # Snakebit: only cursed cards score
            suit = cards.suit_symbol(hand.cursed)
            raise errors.EntryError(
                _("{card} does not bear the cursed suit, {suit}; record only the cards bearing {suit}: {cards}").format(
                    card=card, suit=suit, cards=", ".join(c.name for c in scoring_cards)
                )
            )
        if code not in wanted:
            names = " ".join(
                str(c) for c in sorted(scoring_cards, key=lambda c: cards.table_order(c.code, game.deck))
            )
            raise errors.EntryError(
                _("{card} scores nothing in {game}; record only the scoring cards: {cards}").format(
                    card=card, game=game_name(game, hand), cards=names
                )
            )
        if code in seen:
            raise errors.EntryError(_("{card} is named twice in one entry; name each card once").format(card=card))
        owner = owners.get(code)
        if owner is not None:
            raise errors.RuleViolation(
                _(
                    "{card} was already taken by {player} in hand {hand}; each card is taken once "
                    "(`undo` to correct an entry)"
                ).format(card=card, player=owner, hand=hand.number),
                page=_(
                    "{card} was already taken by {player} in hand {hand}; each card is taken once "
                    "(undo an entry to correct it)"
                ).format(card=card, player=owner, hand=hand.number),
            )
        seen.add(code)
    hand.taken.setdefault(event.player, []).extend(wanted[c] for c in event.cards)


def _on_trick_won(game: state.Game, hand: state.Hand, event: events.TrickAwarded) -> None:
    scored = [r for r in hand.phase.scoring if isinstance(r, rulesets.TrickPoints) and r.which == event.which]
    if not scored:
        if event.which == "first":
            refusal = _("the first trick scores nothing in {game}; record {entries}")
        else:
            refusal = _("the last trick scores nothing in {game}; record {entries}")
        raise errors.RuleViolation(refusal.format(game=game_name(game, hand), entries=what_to_record(hand)))
    state.require_ready_for_play(game, hand, f"{event.which} trick")
    _require_no_tricks_played(hand, _("this hand is being recorded trick by trick; the tricks' winners follow from it"))
    already = getattr(hand, event.which)
    if already is not None:
        if event.which == "first":
            refusal = _("the first trick of hand {hand} is already recorded for {player}; `undo` to correct it")
            on_page = _("the first trick of hand {hand} is already recorded for {player}; undo it to correct it")
        else:
            refusal = _("the last trick of hand {hand} is already recorded for {player}; `undo` to correct it")
            on_page = _("the last trick of hand {hand} is already recorded for {player}; undo it to correct it")
        raise errors.RuleViolation(
            refusal.format(hand=hand.number, player=already), page=on_page.format(hand=hand.number, player=already)
        )
    setattr(hand, event.which, event.player)


def _on_moon(game: state.Game, hand: state.Hand, event: events.MoonDeclared) -> None:
    if not event.player:  # a withdrawal that had nothing to withdraw (see corrections.retell)
        raise errors.RuleViolation(
            _("no moon is declared in hand {hand}, so there is none to withdraw").format(hand=hand.number)
        )
    moons = [a for a in hand.phase.adjust if isinstance(a, rulesets.Moon)]
    name = game_name(game, hand)
    if not moons:
        if game.options.get("moon") == "off":
            raise errors.RuleViolation(
                _(
                    "shooting the moon is switched off in this game (it was started with moon=off); "
                    "record {entries} as usual"
                ).format(entries=what_to_record(hand))
            )
        raise errors.RuleViolation(
            _("shooting the moon is not allowed in {game}; the hand is scored from {entries}").format(
                game=name, entries=what_to_record(hand)
            )
        )
    if not moons[0].declared:
        raise errors.RuleViolation(
            _(
                "the moon is never declared in {game}: it scores by itself when one player is "
                "recorded with {cards}"
            ).format(game=name, cards=scoring_cards_text(hand.phase, game.deck))
        )
    if hand.moon is not None:
        raise errors.RuleViolation(
            _(
                "{player} already declared the moon in hand {hand}; only one declaration "
                "per hand (`undo` it to change who declares)"
            ).format(player=hand.moon, hand=hand.number)
        )
    if state.play_started(hand):
        raise errors.RuleViolation(
            _(
                "the moon is declared before the first trick, but play is already recorded for hand "
                "{hand}; `undo` those entries first"
            ).format(hand=hand.number)
        )
    hand.moon = event.player


# --- the scoring in words ---------------------------------------------------------------


def _card_text(code: str, deck: cards.Deck) -> str:
    return str(cards.parse_card(code, deck))


def scoring_cards_text(phase: rulesets.Phase, deck: cards.Deck) -> str:
    """The scoring cards in words, a whole suit as one: "every ♥ and Q♠", "Q♠ Q♥ Q♦ Q♣"."""
    rules = [r for r in phase.scoring if isinstance(r, rulesets.CardPoints)]
    suits = [_("every {suit}").format(suit=cards.suit_symbol(s)) for r in rules for s in r.suits]
    codes = sorted((code for r in rules for code in r.cards), key=lambda code: cards.table_order(code, deck))
    named = " ".join(_card_text(code, deck) for code in codes)
    return all_of([*suits, named] if named else suits)


FAMILY = Family(
    name="captures",
    entries={
        "took": took,
        "first": lambda game, name: trick_won(game, "first", name),
        "last": lambda game, name: trick_won(game, "last", name),
        "moon": moon,
    },
    handlers={events.CardsTaken: _on_took, events.TrickAwarded: _on_trick_won, events.MoonDeclared: _on_moon},
)
