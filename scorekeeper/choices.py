"""What a scorer may tap, as data for a front end that builds entry lines: the cards and suits
of the game's pack (with the names a scorer types), whether a hand may have no trump, the hook
(both as needs.Need says), and each closed hand's recorded answers for a correction. It states
what the ruleset and the game already hold; the rules of answering stay with the service, which
refuses the rest."""

from __future__ import annotations

import functools
from typing import Any

from scorekeeper.core import cards, engine, language, needs


def suits(game: engine.Game) -> list[dict[str, str]]:
    """Each suit of the pack: what the line says (`word`) and what a button shows (`symbol`)."""
    return [{"word": cards.suit_word(s), "symbol": cards.suit_symbol(s)} for s in game.deck.suits]


def pack(game: engine.Game) -> list[dict[str, Any]]:
    """Each distinct card once, in the pack's order: `code` is what a line says ("QS", "Diplomat"),
    `name` what a button shows ("Q♠", "Diplomat (8 Moons/Suns)"), `suit` its first suit's word,
    `suits` every suit's word it bears (a Decktet card's two: one of them is led, `--led`)."""
    return [dict(card) for card in _pack(game.deck.name, language.in_use())]


@functools.cache
def _pack(deck: str, said_in: object) -> tuple[tuple[tuple[str, str | tuple[str, ...]], ...], ...]:
    """`pack` of the deck called `deck`, worked out once in each language (`said_in`: the
    catalog in use, as a card's name shows a Joker's, an Excuse's or a Decktet suit's)."""
    seen, out = set(), []
    for card in cards.deck(deck).cards:
        if card.code in seen:
            continue
        seen.add(card.code)
        suit = cards.suit_word(card.suits[0]) if card.suits else ""
        suits = tuple(cards.suit_word(s) for s in card.suits)
        out.append((("code", card.word), ("name", str(card)), ("suit", suit), ("suits", suits)))
    return tuple(out)


def no_trump_allowed(need: needs.Need) -> bool:
    """Whether `trump none` may be recorded: never where every hand has a trump suit."""
    return not need.trump_always


def hook(need: needs.Need) -> dict[str, Any] | None:
    """The hook of the hand in progress, when bids are made in turn under it: the dealer (the last
    to bid) may not make the bids total `total`."""
    return None if need.hook is None else need.hook._asdict()


def closed_hands(game: engine.Game) -> list[dict[str, Any]]:
    """Each closed hand's players in seating order, its size, and what was recorded for it
    that a correction may give again (`trump`, `bids`, `poisons`, `tricks`), as the line says it.
    Its players are named as they were called in that hand (a renamed seat by its name then,
    which a line for that hand takes: see state.DealtIn), unless another of them has that
    name now."""
    out = []
    for hand in game.hands:
        if not hand.closed:
            continue
        now = {p.casefold() for p in hand.seating}
        named = {}
        for p in hand.seating:
            then = game.called(p, hand.number)
            named[p] = then if then == p or then.casefold() not in now else p
        recorded: dict[str, Any] = {}
        if game.ruleset.trump.kind == "turned" and hand.trump_known:
            recorded["trump"] = cards.suit_word(hand.trump) if hand.trump else "none"
        if hand.bids:
            recorded["bids"] = {named.get(p, p): str(b) for p, b in hand.bids.items()}
        if hand.poisons:
            recorded["poisons"] = {
                named.get(p, p): pick.kind if pick.bid is None else f"{pick.kind}:{pick.bid}" for p, pick in hand.poisons.items()
            }
        if hand.tricks:
            recorded["tricks"] = {named.get(p, p): str(t) for p, t in hand.tricks.items()}
        out.append({"hand": hand.number, "players": [named[p] for p in hand.seating], "cards": hand.size,
                    "recorded": recorded})  # fmt: skip
    return out


def page_data(
    game: engine.Game, rulesets: list[tuple[str, str]], need: needs.Need | None = None
) -> dict[str, Any]:
    """Everything above for the scorer's page, with the rulesets a new game may use. `need`:
    what the hand in progress needs (needs.of, worked out here when not given)."""
    need = needs.of(game) if need is None else need
    return {
        "suits": suits(game),
        "pack": pack(game),
        "no_trump": no_trump_allowed(need),
        "hook": hook(need),
        "closed_hands": closed_hands(game),
        "rulesets": [{"name": name, "where": where} for name, where in rulesets],
        "reneges": reneges(game),
    }


def reneges(game: engine.Game) -> list[dict[str, Any]]:
    """The renege kinds the game's ruleset penalises, each with what it is, its points, and
    whether only a player forced to bid blind can commit it (Pick Your Poison's peek)."""
    from scorekeeper.words import vocabulary

    return [
        {
            "kind": r.kind,
            "description": vocabulary.prose(r.description) if r.description else "",
            "points": float(r.points) if int(r.points) != r.points else int(r.points),
            "forced_blind_only": r.forced_blind_only,
        }
        for r in game.ruleset.reneges
    ]


def starting(rulesets: list[tuple[str, str]], home: Any = None) -> list[dict[str, Any]]:
    """What the scorer's page offers to start a game: each ruleset with its title, how many
    may play, and its house options (name, what it does, its default and the values it takes),
    in the language in use. A ruleset file that does not load is offered by name only (`new`
    says what is wrong with it)."""
    from scorekeeper.core import errors
    from scorekeeper.storage import ruleset_files
    from scorekeeper.words import vocabulary

    offered = []
    for name, where in rulesets:
        row: dict[str, Any] = {"name": name, "where": where, "title": name, "options": []}
        try:
            _document, ruleset = ruleset_files.load(name, home)
        except errors.ScorekeeperError:
            offered.append(row)
            continue
        row["title"] = vocabulary.prose(ruleset.title)
        for option_name, option in ruleset.options.items():
            default = option.default
            if isinstance(default, bool):
                kind, values = "yes-no", ["true", "false"]
                default = str(default).lower()
            elif option.choices is not None:
                kind, values = "choice", list(option.choices)
            elif isinstance(default, int):
                kind, values = "number", []
                default = str(default)
            else:
                kind, values = "text", []
                default = ",".join(map(str, default)) if isinstance(default, list) else str(default)
            row["options"].append({"name": option_name, "description": vocabulary.prose(option.description),
                                   "kind": kind, "default": default, "values": values})  # fmt: skip
        offered.append(row)
    return offered
