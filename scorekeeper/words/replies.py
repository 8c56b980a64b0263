"""What the scorer hears back after an entry, an undo, a new game, an import or a ruleset
copied: one sentence per kind of entry, written once for every front end (the command line,
the guided session, the live page)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.core import cards, events, identity
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.language import _, ngettext
from scorekeeper.words import vocabulary

if TYPE_CHECKING:
    from scorekeeper import results
    from scorekeeper.core import engine


def said(recorded: results.Recorded, on_page: bool = False) -> str:
    """The confirmation of a recorded entry, e.g. `Hand 2: bids Ann 2, Bob 0, Cat 1 (total 3 for 4 tricks).`
    `on_page`: said on a page, which names no command to type (a revoke flag's hint)."""
    from scorekeeper.words import reports

    game, hand, event = recorded.game, recorded.hand, recorded.event
    match event:
        case events.TrumpSet():
            earlier = [
                e for n, e in game.entries if n < recorded.n and isinstance(e, events.TrumpSet) and e.hand == hand.number
            ]
            if earlier and earlier[-1].suit != event.suit:
                was = reports.suit_text(earlier[-1].suit)
                return _("Hand {hand}: trump changed from {was} to {now}.").format(
                    hand=hand.number, was=was, now=reports.trump_text(hand)
                )
            return _("Hand {hand}: {trump}.").format(hand=hand.number, trump=_trump_words(hand))
        case events.CardFlipped():
            return ngettext("Hand {hand}: {count} card each, {trump}.", "Hand {hand}: {count} cards each, {trump}.", hand.size).format(
                hand=hand.number, count=hand.size, trump=_trump_words(hand)
            )
        case events.CursedSet():
            return _("Hand {hand}: cursed suit {suit}.").format(hand=hand.number, suit=reports.suit_text(hand.cursed))
        case events.BidsRecorded():
            bids = reports.pairs(reports.bids_shown(game, hand))
            if len(hand.bids) == len(game.players):
                return ngettext(
                    "Hand {hand}: bids {bids} (total {total} for {count} trick).",
                    "Hand {hand}: bids {bids} (total {total} for {count} tricks).",
                    hand.size,
                ).format(hand=hand.number, bids=bids, total=sum(hand.bids.values()), count=hand.size)
            return _("Hand {hand}: bids {bids}.").format(hand=hand.number, bids=bids)
        case events.TrumpMade():
            return _("Hand {hand}: {made}.").format(hand=hand.number, made=events.made_words(event, reports.suit_text(event.suit)))
        case events.TricksRecorded():
            return _("Hand {hand}: tricks {tricks}.").format(hand=hand.number, tricks=reports.pairs(hand.tricks or {}))
        case events.RenegeRecorded():
            from scorekeeper.core import scoring

            penalty = hand.penalties[-1]
            points = scoring.points_text(penalty.item.points)
            if game.ruleset.partners:  # the points are a side's: the offender's, or the other (Euchre)
                return ngettext(
                    "Hand {hand}: renege by {player} ({kind}): {points} point for {side}.",
                    "Hand {hand}: renege by {player} ({kind}): {points} points for {side}.",
                    scoring.counted(penalty.item.points),
                ).format(
                    hand=hand.number, player=event.player, kind=penalty.kind, points=points,
                    side=" & ".join(game.side_of(penalty.item.player)),
                )  # fmt: skip
            # TRANSLATORS: {kind} is the renege's name in the ruleset ("revoke")
            return ngettext(
                "Hand {hand}: renege by {player} ({kind}): {points} point.",
                "Hand {hand}: renege by {player} ({kind}): {points} points.",
                scoring.counted(penalty.item.points),
            ).format(hand=hand.number, player=penalty.item.player, kind=vocabulary.renege_kind(penalty.kind), points=points)
        case events.CommentAdded():
            return _("Hand {hand}: comment noted.").format(hand=hand.number)
        case events.CardsTaken():
            from scorekeeper.core.families import captures

            # TRANSLATORS: {took} is a whole sentence, "Bob took Q♠ Q♥."
            return _("Hand {hand}: {took}").format(hand=hand.number, took=captures.took_said(game, event.player, event.cards))
        case events.TrickAwarded():
            if event.which == "first":
                return _("Hand {hand}: first trick to {player}.").format(hand=hand.number, player=hand.first)
            return _("Hand {hand}: last trick to {player}.").format(hand=hand.number, player=hand.last)
        case events.MoonDeclared():
            return _("Hand {hand}: {player} declares shooting the moon.").format(hand=hand.number, player=hand.moon)
        case events.PoisonsRecorded():
            return _poisons_said(game, hand)
        case events.CursedCounted():
            return _("Hand {hand}: cursed cards {counts}.").format(hand=hand.number, counts=reports.pairs(hand.cursed_counts or {}))
        case events.DealerSet():
            # TRANSLATORS: {reason} says why this player deals ("the lowest total")
            return _("Hand {hand}: dealt by {player} ({reason}).").format(
                hand=hand.number, player=event.player, reason=hand.dealer_reason
            )
        case events.PlayerJoined():
            return _joined(game, hand, event)
        case events.PlayerLeft():
            return _left(game, hand, event)
        case events.PlayerRenamed():
            _hand, old, new = game.renames[-1]
            if game.ruleset.partners:
                side = next(name for name, players in game.sides() if new in players)
                return _("{new} takes {old}'s seat; the side {side} keeps its score.").format(old=old, new=new, side=side)
            return _("{old} is now {new}; the seat keeps its score.").format(old=old, new=new)
        case events.PointsAdjusted():
            from scorekeeper.core import scoring

            ruling = hand.rulings[-1]
            # TRANSLATORS: {reason} is the scorer's own text
            return ngettext(
                "Hand {hand}: {player} {points} point ({reason}).",
                "Hand {hand}: {player} {points} points ({reason}).",
                scoring.counted(ruling.points),
            ).format(hand=hand.number, player=ruling.player, points=scoring.points_text(ruling.points), reason=event.reason.strip())
        case events.TrickPlayed():
            from scorekeeper.core.families import card_by_card

            return _trick_text(game, card_by_card.trick_report(game, hand), on_page)
    raise AssertionError(f"no reply for {type(event).__name__}")


def _joined(game: engine.Game, hand: engine.Hand, event: events.PlayerJoined) -> str:
    """Whether the newcomer is in the hand in progress, or waits for the next deal."""
    if event.player in game.players:
        hand = game.hand  # dealt again, to the table with the newcomer
        arrival = next(i for i in hand.rulings if i.player == event.player)
        seat = game.players.index(event.player)
        if len(game.players) > 1:
            # TRANSLATORS: {reason} says what the newcomer starts with
            return _("{player} joins hand {hand}, seated after {neighbour}: {reason}.").format(
                player=event.player, hand=hand.number, neighbour=game.players[seat - 1], reason=arrival.reason
            )
        return _("{player} joins hand {hand}, seated alone: {reason}.").format(
            player=event.player, hand=hand.number, reason=arrival.reason
        )
    return _("{player} joins from hand {hand}, when the next hand is dealt.").format(player=event.player, hand=hand.number + 1)


def _left(game: engine.Game, hand: engine.Hand, event: events.PlayerLeft) -> str:
    if event.player in game.left:
        return _("{player} has left before hand {hand}; their total is kept.").format(player=event.player, hand=hand.number)
    return _("{player} leaves after hand {hand}; their total is kept.").format(player=event.player, hand=hand.number)


def _poisons_said(game: engine.Game, hand: engine.Hand) -> str:
    """What the `poison` command prints: the picks so far and who picks next."""
    from scorekeeper.core.families import poisons
    from scorekeeper.words import reports

    picks = reports.pairs({p: reports.pick_said(k) for p, k in hand.poisons.items()})
    lines = [_("Hand {hand}: poisons {picks}.").format(hand=hand.number, picks=picks)]
    if hand.closed:
        return lines[0]
    data = reports.status_data(game)
    waiting = [p for p in data["order"] if p not in hand.poisons]
    if waiting:
        # TRANSLATORS: {allowed} is what the player may pick ("bid or take")
        lines.append(
            _("{player} picks next ({allowed}).").format(player=waiting[0], allowed=poisons.allowed_text(data["legal"][waiting[0]]))
        )
    lines += reports.forced_blind_warnings(data)
    return "\n".join(lines)


def _trick_text(game: engine.Game, report: dict[str, Any], on_page: bool = False) -> str:
    """What `trick` prints: the trick, its winner and why, who leads next, any new flags."""
    from scorekeeper.words import reports

    played = " ".join(f"{c['player']} {cards.parse_card(c['card'], game.deck)}" for c in report["cards"])
    lines = [
        _("Hand {hand}, trick {trick} of {tricks}: {played}").format(
            hand=report["hand"], trick=report["trick"], tricks=report["of"], played=played
        ),
        # TRANSLATORS: {reason} says why the card wins ("highest trump")
        _("{player} takes it — {reason}.").format(player=report["winner"], reason=report["reason"]),
    ]
    for flag in report["flags"]:
        hint = reports.revoke_hint(game, flag["player"], sentence=True, on_page=on_page)
        if flag["kind"] == "revoke":
            # TRANSLATORS: {flag} says what looks wrong, {hint} what the scorer may do (a sentence)
            lines.append(_("REVOKE? {flag}. {hint}.").format(flag=flag["text"], hint=hint))
        else:
            lines.append(_("ILLEGAL LEAD? {flag}. {hint}.").format(flag=flag["text"], hint=hint))
    if report["hand_closed"]:
        lines.append(ngettext("All {count} trick is in.", "All {count} tricks are in.", report["of"]).format(count=report["of"]))
    else:
        lines.append(_("{player} leads trick {trick}.").format(player=report["leads_next"], trick=report["trick"] + 1))
    return "\n".join(lines)


def reply(recorded: results.Recorded, on_page: bool = False) -> str:
    """All that is said after an entry: its confirmation, then the hand's points and what
    comes next if it closed the hand, else what is still to record. `on_page`: said on the
    scorer's page, which names no command."""
    from scorekeeper.words import reports

    game, hand = recorded.game, recorded.hand
    if recorded.before is not None and isinstance(recorded.event.fact, events.CommentAdded):
        return _("Hand {hand}: comment noted.").format(hand=hand.number)  # a comment changes nothing to re-tell
    if recorded.before is not None:  # a correction of a closed hand re-told the game
        from scorekeeper.words import corrected

        return corrected.reply(recorded, on_page) + digest_line(recorded, on_page)
    lines = [said(recorded, on_page)]
    if isinstance(recorded.event, events.CommentAdded):
        return lines[0]
    if hand.closed:
        lines.append(reports.hand_closed_text(game, hand))
    elif _dealt_again(recorded):
        lines.append(reports.next_text(game))  # who deals it now, and how many cards
    elif game.needs() and not isinstance(recorded.event, events.TrickPlayed):
        lines.append(_("Still to record: {needs}").format(needs=reports.needs_named(game.needs())))
    return "\n".join(lines) + (digest_line(recorded, on_page) if hand.closed else "")


def _dealt_again(recorded: results.Recorded) -> bool:
    """Whether the entry changed the table of the hand in progress (a player left before it or
    joined it), which is then dealt again: perhaps by another dealer, perhaps of another size."""
    event, game = recorded.event, recorded.game
    if isinstance(event, events.PlayerLeft):
        return event.player in game.left
    return isinstance(event, events.PlayerJoined) and event.player in game.players


def digest_line(recorded: results.Recorded, on_page: bool = False) -> str:
    """The chain digest as a hand closes (or a closed hand is corrected), for the table to see
    and keep: a store rewritten afterwards no longer holds it (`verify --digest`)."""
    if not recorded.digest:
        return ""
    # one short line: the standings stay on a small screen
    if on_page:  # the page keeps each hand's digest itself (its witness)
        said = _("Chain digest after hand {hand}: {digest}")
    else:
        said = _("Chain digest after hand {hand}: {digest} (keep it for `verify --digest`)")
    return "\n" + said.format(
        hand=recorded.hand.number, digest=identity.short(recorded.digest)
    )


def undone(undo: results.Undone, in_turn: bool = False, on_page: bool = False) -> str:
    """What an undo took back, then the hand as it now stands (on a page, the entry taken back
    is named by what it said and its hand, not by its number in the log)."""
    from scorekeeper.words import reports, told

    if on_page:
        number = getattr(undo.target, "hand", None)
        hands = undo.game.hands
        seats = hands[number - 1].seating if isinstance(number, int) and 0 < number <= len(hands) else undo.game.players
        undone = told.undone(undo.target, seats)
    else:
        # TRANSLATORS: {entry} is the entry in words ("bids Ann 2, Bob 0")
        undone = _("Undone: entry {n}, {entry}.").format(n=undo.target_n, entry=events.describe(undo.target))
    return undone + "\n" + reports.status_text(undo.game, in_turn, on_page)


def started(game: engine.Game, in_turn: bool = False, on_page: bool = False) -> str:
    """A new game: its id, game and players, then the first hand's status."""
    from scorekeeper.words import reports

    head = _("New game {game}: {title}, players {players}.").format(
        game=game.id, title=vocabulary.prose(game.ruleset.title), players=", ".join(game.players)
    )
    sides = game.sides()
    if len(sides) == 2:  # partners opposite: say who plays with whom
        (first, ours), (second, theirs) = sides
        if game.side_names:
            said = _("Sides: {first} ({ours}) against {second} ({theirs}).")
        else:
            said = _("Sides: {first} against {second}.")
        head += "\n" + said.format(first=first, ours=all_of(ours), second=second, theirs=all_of(theirs))
    return head + "\n" + reports.status_text(game, in_turn, on_page)


def imported(game: engine.Game) -> str:
    """An imported game: its id, game and players, then its standings."""
    from scorekeeper.words import reports

    head = _("Imported game {game}: {title}, players {players}; it is now current.").format(
        game=game.id, title=vocabulary.prose(game.ruleset.title), players=", ".join(game.players)
    )
    return head + "\n" + reports.standings_text(game)


def imported_files(result: results.Imported) -> str:
    """What `import` did: one line per game (imported, brought up to date, already here),
    then the count. A single sheet's new game is shown as `imported` shows it."""
    if result.files == 1 and len(result.added) == 1 and not result.extended and not result.present \
            and result.current == result.added[0].id:  # fmt: skip
        return imported(result.added[0])
    lines = [
        _("Imported game {game}: {title}, players {players}.").format(
            game=game.id, title=vocabulary.prose(game.ruleset.title), players=", ".join(game.roster)
        )
        for game in result.added
    ]
    lines += [
        ngettext(
            "Brought game {game} up to date: {count} later entry added ({title}, players {players}).",
            "Brought game {game} up to date: {count} later entries added ({title}, players {players}).",
            count,
        ).format(game=game.id, count=count, title=vocabulary.prose(game.ruleset.title), players=", ".join(game.roster))
        for game, count in result.extended
    ]
    lines += [_("Game {game} is already in the store: skipped.").format(game=gid) for gid in result.present]
    counts = {"imported": len(result.added), "updated": len(result.extended), "present": len(result.present)}
    if result.current is not None:
        tally = _("{imported} imported, {updated} brought up to date, {present} already there; game {game} is now current.")
        return "\n".join([*lines, tally.format(**counts, game=result.current)])
    tally = _("{imported} imported, {updated} brought up to date, {present} already there.")
    return "\n".join([*lines, tally.format(**counts)])


def ruleset_copied(name: str, path: Path) -> str:
    """Where `rules new` wrote the user's copy, and how to play it."""
    return _("Wrote {path}; start a game with `new {name} --players …`.").format(path=path, name=name)


def _trump_words(hand: engine.Hand) -> str:
    """"trump ♥", or "no trump" (not "trump no trump")."""
    from scorekeeper.words import reports

    trump = reports.trump_text(hand)
    return trump if hand.trump_known and hand.trump is None else _("trump {trump}").format(trump=trump)


def now_current(game_id: str, name: str) -> str:
    """`use`: the game made current, by id and any name."""
    if name:
        return _("Game {game} ({name}) is now current.").format(game=game_id, name=name)
    return _("Game {game} is now current.").format(game=game_id)


def labelled(game: engine.Game) -> str:
    """`label`: the game's name, location and scorer as they now are."""
    named = [
        what.format(value=value)
        for what, value in ((_("name {value}"), game.name), (_("location {value}"), game.location), (_("scorer {value}"), game.scorer))
        if value
    ]
    if not named:
        return _("Game {game}: no name, location or scorer; `undo` takes that back.").format(game=game.id)
    # TRANSLATORS: {labels} is e.g. "name Tuesday; location Ann's kitchen"
    return _("Game {game}: {labels}; `undo` takes that back.").format(game=game.id, labels="; ".join(named))


def abandoned(game: engine.Game) -> str:
    """`abandon`: the game left as it stood, and how to take that back."""
    played = sum(h.closed for h in game.hands)
    return ngettext(
        "Game {game} is abandoned after {count} hand; `undo` takes that back.",
        "Game {game} is abandoned after {count} hands; `undo` takes that back.",
        played,
    ).format(game=game.id, count=played)
