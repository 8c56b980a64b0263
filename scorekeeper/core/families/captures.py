"""Entries for what players captured in play: the scoring cards each took (`took`), who won
the first and the last trick, and a declared moon. Owns their checks: each scoring card is
taken once, each of those tricks has one winner, a moon is declared once, before play, and
only in a game that has a declared moon. A closed hand's summary shows what each player
captured (its closing facts)."""

from __future__ import annotations

from scorekeeper.core import cards, errors, events, rulesets, scoring, state
from scorekeeper.core.families.interface import Family

ENTRY_FOR = {"took": "`took NAME CARD…`", "first": "`first NAME`", "last": "`last NAME`"}


# --- building entries from what the scorer typed -------------------------------------


def took(game: state.Game, name: str, texts: list[str]) -> events.CardsTaken:
    if not texts:
        raise errors.UsageError("name the cards taken, e.g. `took Bob QS QH`")
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
            raise errors.UsageError(f"'{joined}' is one card: put it in quotes, \"{joined}\"") from None
        raise


def took_said(game: state.Game, name: str, texts: list[str]) -> str:
    """What the scorer hears back: `Bob took Q♠ Q♥.`"""
    shown = " ".join(str(cards.parse_card(text, game.deck)) for text in texts)
    return f"{game.player(name)} took {shown}."


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
        return f"{hand.phase.title} (hand {hand.number} of {game.ruleset.title})"
    return game.ruleset.title


def what_to_record(hand: state.Hand) -> str:
    """The entries this kind of hand is scored from, e.g. "`took NAME CARD…` and `last NAME`"."""
    wanted = []
    for rule in hand.phase.scoring:
        if isinstance(rule, rulesets.CardPoints):
            wanted.append(ENTRY_FOR["took"])
        elif isinstance(rule, rulesets.TrickPoints):
            wanted.append(ENTRY_FOR[rule.which])
    wanted = list(dict.fromkeys(wanted))
    if len(wanted) < 2:
        return wanted[0] if wanted else "the tricks"
    return f"{', '.join(wanted[:-1])} and {wanted[-1]}"


def _owner(hand: state.Hand, code: str) -> str | None:
    return next((p for p, got in hand.taken.items() if any(c.code == code for c in got)), None)


def _require_no_tricks_played(hand: state.Hand, what: str) -> None:
    if hand.played:
        raise errors.RuleViolation(f"this hand is being recorded trick by trick; {what} follow from it")


# --- handlers ---------------------------------------------------------------------------


def _on_took(game: state.Game, hand: state.Hand, event: events.CardsTaken) -> None:
    if not any(isinstance(rule, rulesets.CardPoints) for rule in hand.phase.scoring):
        raise errors.RuleViolation(
            f"no card scores by itself in {game_name(game, hand)}; record {what_to_record(hand)}"
        )
    state.require_ready_for_play(game, hand, "cards taken")
    _require_no_tricks_played(hand, "the cards taken")
    if hand.cursed_counts is not None:
        raise errors.RuleViolation(
            "the cursed cards of this hand were recorded as counts; `undo` them to name cards"
        )
    scoring_cards = scoring.scoring_cards(hand.phase, game.deck, hand.cursed)
    wanted = {c.code: c for c in scoring_cards}
    seen: set[str] = set()
    for code in event.cards:
        card = cards.parse_card(code, game.deck)
        if code not in wanted and hand.cursed is not None:  # Snakebit: only cursed cards score
            suit = cards.suit_symbol(hand.cursed)
            raise errors.EntryError(
                f"{card} does not bear the cursed suit, {suit}; record only the cards bearing {suit}: "
                + ", ".join(c.name for c in scoring_cards)
            )
        if code not in wanted:
            names = " ".join(
                str(c) for c in sorted(scoring_cards, key=lambda c: cards.table_order(c.code, game.deck))
            )
            raise errors.EntryError(
                f"{card} scores nothing in {game_name(game, hand)}; record only the scoring cards: {names}"
            )
        if code in seen:
            raise errors.EntryError(f"{card} is named twice in one entry; name each card once")
        owner = _owner(hand, code)
        if owner is not None:
            raise errors.RuleViolation(
                f"{card} was already taken by {owner} in hand {hand.number}; each card is taken once "
                "(`undo` to correct an entry)"
            )
        seen.add(code)
    hand.taken.setdefault(event.player, []).extend(wanted[c] for c in event.cards)


def _on_trick_won(game: state.Game, hand: state.Hand, event: events.TrickAwarded) -> None:
    scored = [r for r in hand.phase.scoring if isinstance(r, rulesets.TrickPoints) and r.which == event.which]
    if not scored:
        raise errors.RuleViolation(
            f"the {event.which} trick scores nothing in {game_name(game, hand)}; record {what_to_record(hand)}"
        )
    state.require_ready_for_play(game, hand, f"{event.which} trick")
    _require_no_tricks_played(hand, "the tricks' winners")
    already = getattr(hand, event.which)
    if already is not None:
        raise errors.RuleViolation(
            f"the {event.which} trick of hand {hand.number} is already recorded for {already}; "
            "`undo` to correct it"
        )
    setattr(hand, event.which, event.player)


def _on_moon(game: state.Game, hand: state.Hand, event: events.MoonDeclared) -> None:
    if not event.player:  # a withdrawal that had nothing to withdraw (see corrections.retell)
        raise errors.RuleViolation(f"no moon is declared in hand {hand.number}, so there is none to withdraw")
    moons = [a for a in hand.phase.adjust if isinstance(a, rulesets.Moon)]
    name = game_name(game, hand)
    if not moons:
        if game.options.get("moon") == "off":
            raise errors.RuleViolation(
                f"shooting the moon is switched off in this game (it was started with moon=off); "
                f"record {what_to_record(hand)} as usual"
            )
        raise errors.RuleViolation(
            f"shooting the moon is not allowed in {name}; the hand is scored from {what_to_record(hand)}"
        )
    if not moons[0].declared:
        raise errors.RuleViolation(
            f"the moon is never declared in {name}: it scores by itself when one player is "
            f"recorded with {scoring_cards_text(hand.phase, game.deck)}"
        )
    if hand.moon is not None:
        raise errors.RuleViolation(
            f"{hand.moon} already declared the moon in hand {hand.number}; only one declaration "
            "per hand (`undo` it to change who declares)"
        )
    if state.play_started(hand):
        raise errors.RuleViolation(
            f"the moon is declared before the first trick, but play is already recorded for hand "
            f"{hand.number}; `undo` those entries first"
        )
    hand.moon = event.player


# --- the scoring in words ---------------------------------------------------------------


def _card_text(code: str, deck: cards.Deck) -> str:
    return str(cards.parse_card(code, deck))


def scoring_cards_text(phase: rulesets.Phase, deck: cards.Deck) -> str:
    """The scoring cards in words, a whole suit as one: "every ♥ and Q♠", "Q♠ Q♥ Q♦ Q♣"."""
    rules = [r for r in phase.scoring if isinstance(r, rulesets.CardPoints)]
    suits = [f"every {cards.suit_symbol(s)}" for r in rules for s in r.suits]
    codes = sorted((code for r in rules for code in r.cards), key=lambda code: cards.table_order(code, deck))
    named = " ".join(_card_text(code, deck) for code in codes)
    return " and ".join([*suits, named] if named else suits)


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
