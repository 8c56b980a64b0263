"""Entries for what players captured in play: scoring cards taken (`took`), who won the
first and the last trick, and a declared moon."""

from __future__ import annotations

from scorekeeper import cards, engine, errors, events, rulesets


def took(game: engine.Game, name: str, texts: list[str]) -> events.CardsTaken:
    if not texts:
        raise errors.UsageError("name the cards taken, e.g. `took Bob QS QH`")
    player = game.player(name)
    codes = [cards.parse_card(text, game.deck).code for text in texts]
    return events.CardsTaken(hand=game.hand.number, player=player, cards=codes)


def trick_won(game: engine.Game, which: str, name: str) -> events.TrickAwarded:
    return events.TrickAwarded(hand=game.hand.number, which=which, player=game.player(name))


def moon(game: engine.Game, name: str) -> events.MoonDeclared:
    return events.MoonDeclared(hand=game.hand.number, player=game.player(name))


def _owner(hand: engine.Hand, code: str) -> str | None:
    return next((p for p, got in hand.taken.items() if any(c.code == code for c in got)), None)


def _on_took(game: engine.Game, hand: engine.Hand, event: events.CardsTaken) -> None:
    phase_name = hand.phase.title or game.ruleset.title
    if not any(isinstance(rule, rulesets.CardPoints) for rule in hand.phase.scoring):
        raise errors.RuleViolation(f"no card scores by itself in {phase_name}; record the tricks instead")
    engine._require_ready_for_play(game, hand, "cards taken")
    if hand.played:
        raise errors.RuleViolation("this hand is being recorded trick by trick; the cards taken follow from it")
    if hand.cursed_counts is not None:
        raise errors.RuleViolation("the cursed cards of this hand were recorded as counts; `undo` them to name cards")
    scoring_cards = engine.scoring.scoring_cards(hand.phase, game.deck, hand.cursed)
    wanted = {c.code: c for c in scoring_cards}
    seen: set[str] = set()
    for code in event.cards:
        card = cards.parse_card(code, game.deck)
        if code not in wanted:
            names = " ".join(str(c) for c in scoring_cards)
            raise errors.EntryError(f"{card} scores nothing in {phase_name}; record only the scoring cards: {names}")
        owner = _owner(hand, code)
        if owner is not None or code in seen:
            raise errors.RuleViolation(
                f"{card} was already taken by {owner or event.player} this hand; each card is taken once "
                "(`undo` to correct an entry)"
            )
        seen.add(code)
    hand.taken.setdefault(event.player, []).extend(wanted[c] for c in event.cards)


def _on_trick_won(game: engine.Game, hand: engine.Hand, event: events.TrickAwarded) -> None:
    scored = [r for r in hand.phase.scoring if isinstance(r, rulesets.TrickPoints) and r.which == event.which]
    if not scored:
        raise errors.RuleViolation(
            f"the {event.which} trick scores nothing in {hand.phase.title or game.ruleset.title}"
        )
    engine._require_ready_for_play(game, hand, f"{event.which} trick")
    if hand.played:
        raise errors.RuleViolation("this hand is being recorded trick by trick; the tricks' winners follow from it")
    already = getattr(hand, event.which)
    if already is not None:
        raise errors.RuleViolation(
            f"the {event.which} trick of hand {hand.number} is already recorded for {already}; `undo` to correct it"
        )
    setattr(hand, event.which, event.player)


def _on_moon(game: engine.Game, hand: engine.Hand, event: events.MoonDeclared) -> None:
    moons = [a for a in hand.phase.adjust if isinstance(a, rulesets.Moon)]
    name = hand.phase.title or game.ruleset.title
    if not moons:
        raise errors.RuleViolation(f"shooting the moon is not allowed in {name}")
    if not moons[0].declared:
        raise errors.RuleViolation(f"the moon is never declared in {name}: it is scored by itself when one player takes every scoring card")
    if hand.moon is not None:
        raise errors.RuleViolation(f"{hand.moon} already declared the moon this hand; only one declaration per hand")
    if engine._play_started(hand):
        raise errors.RuleViolation("the moon is declared before the first trick, and play is already recorded for this hand")
    hand.moon = event.player


engine.register(events.CardsTaken, _on_took)
engine.register(events.TrickAwarded, _on_trick_won)
engine.register(events.MoonDeclared, _on_moon)
