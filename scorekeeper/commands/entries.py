"""The calls that record what happens at the table: the hand's entries (trump, bids, tricks,
captured cards, tricks card by card, reneges, comments), the players' changes (join, leave,
sub, rename), house rulings, and `undo`. Each is judged by the engine and appended under the
store's write lock, or refused with nothing written; it answers with what was recorded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from scorekeeper.commands.desk import Desk
from scorekeeper.commands.said import Said

if TYPE_CHECKING:
    from scorekeeper.core import engine, events


def record(desk: Desk, chosen: str | None, build: Callable[[engine.Game], events.AnyEvent],
           hand: int | None = None) -> Said:  # fmt: skip
    """Record an entry on the chosen game (see table.record): nothing is written if refused.
    With `hand`, the entry is for that hand: a correction if the hand has closed. The reply
    is what was recorded and what follows it (see replies.reply), the game named when
    another game in the store is in progress too."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        gid = table.resolve_game(db, chosen)
        recorded = table.record(db, gid, build, hand)
        label = table.shared_label(db, gid, recorded.game)
    said = Said(label=label, recorded=recorded, game_id=gid)
    said.say(replies.reply(recorded, desk.on_page))
    return said


def trump(desk: Desk, suit: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.trump(g, suit), hand)


def flip(desk: Desk, card: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.flip(g, card), hand)


def cursed(desk: Desk, suit: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.cursed(g, suit), hand)


def bid(desk: Desk, values: Sequence[str], hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.bids(g, list(values)), hand)


def make(desk: Desk, player: str, suit: str | None = None, ordered_up: bool = False, alone: bool = False,
         defender: str | None = None, turned: str | None = None, hand: int | None = None,
         game: str | None = None) -> Said:  # fmt: skip
    from scorekeeper.core import entries

    return record(
        desk, game, lambda g: entries.make(g, player, suit, ordered_up, alone, defender, turned), hand
    )


def tricks(desk: Desk, values: Sequence[str], hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.tricks(g, list(values)), hand)


def renege(desk: Desk, player: str, kind: str | None = None, note: str = "", hand: int | None = None,
           game: str | None = None) -> Said:  # fmt: skip
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.renege(g, player, kind, note), hand)


def comment(desk: Desk, words: Sequence[str], hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    text = " ".join(words)  # a comment is the rest of the line, as the table says it
    return record(desk, game, lambda g: entries.comment(g, text), hand)


def dealer(desk: Desk, player: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.dealer(g, player), hand)


def join(
    desk: Desk, name: str, after: str | None = None, score: str | None = None, game: str | None = None
) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.join(g, name, after, score))


def leave(desk: Desk, name: str, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.leave(g, name))


def sub(desk: Desk, seat: str, new: str, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.substitute(g, seat, new))


def rename(desk: Desk, old: str, new: str, game: str | None = None) -> Said:
    from scorekeeper.core import entries

    return record(desk, game, lambda g: entries.rename(g, old, new))


def adjust(desk: Desk, name: str, points: str, reason: str | None = None, hand: int | None = None,
           game: str | None = None) -> Said:  # fmt: skip
    from scorekeeper.core import entries

    if reason is None or not reason.strip():
        from scorekeeper.core import seating

        raise seating.no_reason()
    return record(desk, game, lambda g: entries.adjust(g, name, points, reason), hand)


def undo(desk: Desk, game: str | None = None) -> Said:
    """Take back the last entry by recording its reversal."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        gid = table.resolve_game(db, game)
        undone = table.undo(db, gid)
        label = table.shared_label(db, gid, undone.game)
    said = Said(label=label, undone=undone, game_id=gid)
    said.say(replies.undone(undone, in_turn=desk.in_turn, on_page=desk.on_page))
    return said


def took(
    desk: Desk, player: str, cards: Sequence[str], hand: int | None = None, game: str | None = None
) -> Said:
    from scorekeeper.core.families import captures

    return record(desk, game, lambda g: captures.took(g, player, list(cards)), hand)


def first(desk: Desk, player: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core.families import captures

    return record(desk, game, lambda g: captures.trick_won(g, "first", player), hand)


def last(desk: Desk, player: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core.families import captures

    return record(desk, game, lambda g: captures.trick_won(g, "last", player), hand)


def moon(desk: Desk, player: str, hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core.families import captures

    return record(desk, game, lambda g: captures.moon(g, player), hand)


def poison(desk: Desk, values: Sequence[str], hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core.families import poisons

    return record(desk, game, lambda g: poisons.entry(g, list(values)), hand)


def counts(desk: Desk, values: Sequence[str], hand: int | None = None, game: str | None = None) -> Said:
    from scorekeeper.core.families import snakebit

    return record(desk, game, lambda g: snakebit.counts(g, list(values)), hand)


def trick(desk: Desk, cards: Sequence[str], led: str | None = None, forced: bool = False, leader: str | None = None,
          game: str | None = None, as_json: bool = False) -> Said:  # fmt: skip
    """The next trick of the hand, card by card: who wins it and who leads next."""
    from scorekeeper.core.families import card_by_card

    said = record(desk, game, lambda g: card_by_card.trick(g, list(cards), led, forced, leader))
    if as_json:
        from scorekeeper.commands.games import worded_for

        assert said.recorded is not None
        with worded_for(as_json):
            data = card_by_card.trick_report(said.recorded.game, said.recorded.hand)
        said.text, said.label = "", None
        said.say_json(data)
    return said
