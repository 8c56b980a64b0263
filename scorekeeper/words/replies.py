"""What the scorer hears back after an entry, an undo, a new game, an import or a ruleset
copied: one sentence per kind of entry, written once for every front end (the command line,
the guided session, the live page)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.core import cards, events
from scorekeeper.core.counting import counted

if TYPE_CHECKING:
    from scorekeeper import results
    from scorekeeper.core import engine


def said(recorded: results.Recorded) -> str:
    """The confirmation of a recorded entry, e.g. `Hand 2: bids Ann 2, Bob 0, Cat 1 (total 3 for 4 tricks).`"""
    from scorekeeper.words import reports

    game, hand, event = recorded.game, recorded.hand, recorded.event
    match event:
        case events.TrumpSet():
            earlier = [
                e for n, e in game.entries if n < recorded.n and isinstance(e, events.TrumpSet) and e.hand == hand.number
            ]
            if earlier and earlier[-1].suit != event.suit:
                was = reports.suit_text(earlier[-1].suit)
                return f"Hand {hand.number}: trump changed from {was} to {reports.trump_text(hand)}."
            return f"Hand {hand.number}: {_trump_words(hand)}."
        case events.CardFlipped():
            return f"Hand {hand.number}: {counted(hand.size, 'cards')} each, {_trump_words(hand)}."
        case events.CursedSet():
            return f"Hand {hand.number}: cursed suit {reports.suit_text(hand.cursed)}."
        case events.BidsRecorded():
            text = f"Hand {hand.number}: bids " + ", ".join(f"{p} {b}" for p, b in hand.bids.items())
            if len(hand.bids) == len(game.players):
                text += f" (total {sum(hand.bids.values())} for {hand.size} tricks)"
            return text + "."
        case events.TricksRecorded():
            return f"Hand {hand.number}: tricks " + ", ".join(f"{p} {t}" for p, t in (hand.tricks or {}).items()) + "."
        case events.RenegeRecorded():
            from scorekeeper.core import scoring

            penalty = hand.penalties[-1]
            points = scoring.points_text(penalty.item.points)
            return f"Hand {hand.number}: renege by {penalty.item.player} ({penalty.kind}): {points} points."
        case events.CommentAdded():
            return f"Hand {hand.number}: comment noted."
        case events.CardsTaken():
            from scorekeeper.core.families import captures

            return f"Hand {hand.number}: " + captures.took_said(game, event.player, event.cards)
        case events.TrickAwarded():
            return f"Hand {hand.number}: {event.which} trick to {hand.first if event.which == 'first' else hand.last}."
        case events.MoonDeclared():
            return f"Hand {hand.number}: {hand.moon} declares shooting the moon."
        case events.PoisonsRecorded():
            return f"Hand {hand.number}: " + _poisons_said(game, hand)
        case events.CursedCounted():
            return f"Hand {hand.number}: cursed cards " + ", ".join(f"{p} {n}" for p, n in (hand.cursed_counts or {}).items()) + "."
        case events.DealerSet():
            return f"Hand {hand.number}: dealt by {event.player} ({hand.dealer_reason})."
        case events.PlayerJoined():
            return _joined(game, hand, event)
        case events.PlayerLeft():
            return _left(game, hand, event)
        case events.PlayerRenamed():
            _, old, new = game.renames[-1]
            return f"{old} is now {new}; the seat keeps its score."
        case events.PointsAdjusted():
            from scorekeeper.core import scoring

            ruling = hand.rulings[-1]
            return f"Hand {hand.number}: {ruling.player} {scoring.points_text(ruling.points)} points ({event.reason.strip()})."
        case events.TrickPlayed():
            from scorekeeper.core.families import card_by_card

            return _trick_text(game, card_by_card.trick_report(game, hand))
    raise AssertionError(f"no reply for {type(event).__name__}")


def _joined(game: engine.Game, hand: engine.Hand, event: events.PlayerJoined) -> str:
    """Whether the newcomer is in the hand in progress, or waits for the next deal."""
    if event.player in game.players:
        hand = game.hand  # dealt again, to the table with the newcomer
        arrival = next(i for i in hand.rulings if i.player == event.player)
        return f"{event.player} joins hand {hand.number}, seated {_seat_text(game, event.player)}: {arrival.reason}."
    return f"{event.player} joins from hand {hand.number + 1}, when the next hand is dealt."


def _left(game: engine.Game, hand: engine.Hand, event: events.PlayerLeft) -> str:
    if event.player in game.left:
        return f"{event.player} has left before hand {hand.number}; their total is kept."
    return f"{event.player} leaves after hand {hand.number}; their total is kept."


def _seat_text(game: engine.Game, player: str) -> str:
    seat = game.players.index(player)
    return f"after {game.players[seat - 1]}" if len(game.players) > 1 else "alone"


def _poisons_said(game: engine.Game, hand: engine.Hand) -> str:
    """What the `poison` command prints: the picks so far and who picks next."""
    from scorekeeper.core.families import poisons
    from scorekeeper.words import reports

    lines = ["poisons " + ", ".join(f"{p} {reports.pick_text(k)}" for p, k in hand.poisons.items()) + "."]
    if hand.closed:
        return lines[0]
    data = reports.status_data(game)
    waiting = [p for p in data["order"] if p not in hand.poisons]
    if waiting:
        lines.append(f"{waiting[0]} picks next ({poisons.allowed_text(data['legal'][waiting[0]])}).")
    lines += reports.forced_blind_warnings(data)
    return "\n".join(lines)


def _trick_text(game: engine.Game, report: dict[str, Any]) -> str:
    """What `trick` prints: the trick, its winner and why, who leads next, any new flags."""
    from scorekeeper.words import reports

    played = " ".join(f"{c['player']} {cards.parse_card(c['card'], game.deck)}" for c in report["cards"])
    lines = [
        f"Hand {report['hand']}, trick {report['trick']} of {report['of']}: {played}",
        f"{report['winner']} takes it — {report['reason']}.",
    ]
    for flag in report["flags"]:
        hint = reports.revoke_hint(game, flag["player"])
        alarm = "REVOKE?" if flag["kind"] == "revoke" else "ILLEGAL LEAD?"
        lines.append(f"{alarm} {flag['text']}. {hint[0].upper()}{hint[1:]}.")
    if report["hand_closed"]:
        lines.append(f"All {report['of']} tricks are in.")
    else:
        lines.append(f"{report['leads_next']} leads trick {report['trick'] + 1}.")
    return "\n".join(lines)


def reply(recorded: results.Recorded) -> str:
    """All that is said after an entry: its confirmation, then the hand's points and what
    comes next if it closed the hand, else what is still to record."""
    from scorekeeper.words import reports

    game, hand = recorded.game, recorded.hand
    if recorded.before is not None and isinstance(recorded.event.fact, events.CommentAdded):
        return f"Hand {hand.number}: comment noted."  # a comment changes nothing to re-tell
    if recorded.before is not None:  # a correction of a closed hand re-told the game
        from scorekeeper.words import corrected

        return corrected.reply(recorded) + digest_line(recorded)
    lines = [said(recorded)]
    if isinstance(recorded.event, events.CommentAdded):
        return lines[0]
    if hand.closed:
        lines.append(reports.hand_closed_text(game, hand))
    elif game.needs() and not isinstance(recorded.event, events.TrickPlayed):
        lines.append("Still to record: " + ", ".join(game.needs()))
    return "\n".join(lines) + (digest_line(recorded) if hand.closed else "")


def digest_line(recorded: results.Recorded) -> str:
    """The chain digest as a hand closes (or a closed hand is corrected), for the table to see
    and keep: a store rewritten afterwards no longer holds it (`verify --digest`)."""
    if not recorded.digest:
        return ""
    from scorekeeper.storage import digests

    return (
        f"\nChain digest after hand {recorded.hand.number}: {digests.short(recorded.digest)} "
        "(keep it for `verify --digest`)"  # one short line: the standings stay on a small screen
    )


def undone(undo: results.Undone, in_turn: bool = False) -> str:
    """What an undo took back, then the hand as it now stands."""
    from scorekeeper.words import reports

    return f"Undone: entry {undo.target_n}, {events.describe(undo.target)}.\n" + reports.status_text(undo.game, in_turn)


def started(game: engine.Game, in_turn: bool = False) -> str:
    """A new game: its id, game and players, then the first hand's status."""
    from scorekeeper.words import reports

    head = f"New game {game.id}: {game.ruleset.title}, players {', '.join(game.players)}."
    return head + "\n" + reports.status_text(game, in_turn)


def imported(game: engine.Game) -> str:
    """An imported game: its id, game and players, then its standings."""
    from scorekeeper.words import reports

    head = f"Imported game {game.id}: {game.ruleset.title}, players {', '.join(game.players)}; it is now current."
    return head + "\n" + reports.standings_text(game)


def imported_files(result: results.Imported) -> str:
    """What `import` did: one line per game (imported, brought up to date, already here),
    then the count. A single sheet's new game is shown as `imported` shows it."""
    if result.files == 1 and len(result.added) == 1 and not result.extended and not result.present:
        return imported(result.added[0])
    lines = [
        f"Imported game {game.id}: {game.ruleset.title}, players {', '.join(game.roster)}." for game in result.added
    ]
    lines += [
        f"Brought game {game.id} up to date: {counted(count, 'later entries')} added "
        f"({game.ruleset.title}, players {', '.join(game.roster)})."
        for game, count in result.extended
    ]
    lines += [f"Game {gid} is already in the store: skipped." for gid in result.present]
    counts = (
        f"{len(result.added)} imported, {len(result.extended)} brought up to date, "
        f"{len(result.present)} already there"
    )
    current = f"; game {result.added[-1].id} is now current" if result.added else ""
    return "\n".join([*lines, f"{counts}{current}."])


def ruleset_copied(name: str, path: Path) -> str:
    """Where `rules new` wrote the user's copy, and how to play it."""
    return f"Wrote {path}; start a game with `new {name} --players …`."


def _trump_words(hand: engine.Hand) -> str:
    """"trump ♥", or "no trump" (not "trump no trump")."""
    from scorekeeper.words import reports

    trump = reports.trump_text(hand)
    return trump if trump.startswith("no trump") else f"trump {trump}"


def now_current(game_id: str, name: str) -> str:
    """`use`: the game made current, by id and any name."""
    return f"Game {game_id}{f' ({name})' if name else ''} is now current."


def labelled(game: engine.Game) -> str:
    """`label`: the game's name, location and scorer as they now are."""
    said = [f"{what} {value}" for what, value in (("name", game.name), ("location", game.location), ("scorer", game.scorer)) if value]
    return f"Game {game.id}: " + ("; ".join(said) if said else "no name, location or scorer") + "; `undo` takes that back."


def abandoned(game: engine.Game) -> str:
    """`abandon`: the game left as it stood, and how to take that back."""
    played = sum(h.closed for h in game.hands)
    return f"Game {game.id} is abandoned after {played} hand{'' if played == 1 else 's'}; `undo` takes that back."
