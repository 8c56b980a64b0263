"""What the scorer typed, turned into events: player names resolved, per-player values
read (NAME=VALUE pairs or bare values in seating order), cards and suits parsed against the
pack in use. Refuses malformed text; the engine then judges the entry against the rules."""

from __future__ import annotations

from scorekeeper.core import cards, errors, events, plain, state
from scorekeeper.core.language import N_, _
from scorekeeper.core.values import per_player, whole_number


def bids(game: state.Game, values: list[str]) -> events.BidsRecorded:
    given = per_player(game, values, "bids")
    if game.ruleset.family == "spades":  # nil and blind nil besides numbers
        from scorekeeper.core.families import spades

        return spades.bids(game, given)
    return events.BidsRecorded(
        hand=game.hand.number, bids={p: whole_number(v, p, "bid") for p, v in given.items()}
    )


def tricks(game: state.Game, values: list[str]) -> events.TricksRecorded:
    if game.ruleset.family == "euchre":  # the makers' tricks, one number
        from scorekeeper.core.families import euchre

        return euchre.tricks(game, values)
    given = per_player(game, values, "tricks")
    return events.TricksRecorded(
        hand=game.hand.number, tricks={p: whole_number(v, p, "tricks") for p, v in given.items()}
    )


def unchanged(game: state.Game, hand: state.Hand, event: events.AnyEvent) -> str | None:
    """Why an entry for the hand in progress would store nothing new (the same trump again),
    or None. Such an entry is refused rather than kept as a second, identical fact."""
    if not isinstance(event, events.TrumpSet) or hand.closed or game.ruleset.trump.kind != "turned":
        return None
    if hand.trump_known and event.suit == hand.trump and event.card in (None, hand.trump_card):
        if hand.trump is None:
            return _(
                "hand {hand}'s trump is already no trump, so nothing was recorded; to change it, give the other suit"
            ).format(hand=hand.number)
        return _(
            "hand {hand}'s trump is already {suit}, so nothing was recorded; to change it, give the other suit"
        ).format(hand=hand.number, suit=cards.suit_symbol(hand.trump))
    return None


def make(
    game: state.Game, player: str, suit: str | None, ordered_up: bool, alone: bool, defender: str | None, turned: str | None
) -> events.TrumpMade:
    """Euchre: who made trump and how (`make pass`: every player passed)."""
    if game.ruleset.family != "euchre":
        raise errors.RuleViolation(_("{ruleset} has no making of trump").format(ruleset=game.ruleset.name))
    from scorekeeper.core.families import euchre

    return euchre.make(game, player, suit, ordered_up, alone, defender, turned)


def trump(game: state.Game, text: str) -> events.TrumpSet:
    """A suit (or none), or the card turned up: its suit is trump."""
    deck = game.deck
    try:
        suit = cards.parse_suit(text, deck.kind)
        return events.TrumpSet(hand=game.hand.number, suit=suit)
    except errors.UsageError as not_a_suit:
        try:
            card = cards.parse_card(text, deck)
        except errors.UsageError:
            card = _flipped_decktet(text, deck, cards.CROWN)
            if card is None:
                raise not_a_suit from None
    if card.is_joker:
        return events.TrumpSet(hand=game.hand.number, suit=None, card=card.code)
    if len(card.suits) != 1:
        raise errors.UsageError(
            _("{card} bears {count} suits; name the trump suit itself").format(card=card, count=len(card.suits))
        )
    return events.TrumpSet(hand=game.hand.number, suit=card.suits[0], card=card.code)


def _flipped_decktet(text: str, deck: cards.Deck, rank: int) -> cards.Card | None:
    """The Decktet card flipped from a pile beside the deal (Snakebit's Crowns and Aces), named
    as the scorer saw it (`trump Sea`, `cursed Ace of Moons`); None if `text` names no such card."""
    if deck.kind != "decktet":
        return None
    named = text.strip()
    if named.casefold().startswith("the "):  # "the Sea", as the Crowns are often called
        named = named[4:]
    try:
        card = cards.parse_card(named, cards.deck("decktet-36"))
    except errors.UsageError:
        return None
    if card.rank != rank:
        if card.rank == cards.ACE:
            raise errors.UsageError(
                _("{card} is an Ace: it sets the cursed suit (`cursed {name}`); name the flipped Crown here").format(
                    card=card, name=card.name
                )
            )
        if card.rank == cards.CROWN:
            raise errors.UsageError(
                _("{card} is a Crown: it sets the trump (`trump {name}`); name the flipped Ace here").format(
                    card=card, name=card.name
                )
            )
        return None
    return card


def flip(game: state.Game, text: str) -> events.CardFlipped:
    return events.CardFlipped(hand=game.hand.number, card=cards.parse_card(text, game.deck).code)


def cursed(game: state.Game, text: str) -> events.CursedSet:
    """The cursed suit, or the flipped Ace that sets it (`cursed Ace of Moons`)."""
    try:
        suit = cards.parse_suit(text, game.deck.kind)
    except errors.UsageError:
        ace = _flipped_decktet(text, game.deck, cards.ACE)
        if ace is None:
            raise
        suit = ace.suits[0]
    if suit is None:
        raise errors.UsageError(_("the cursed suit cannot be none; name the suit of the flipped Ace"))
    return events.CursedSet(hand=game.hand.number, suit=suit)


def comment(game: state.Game, text: str) -> events.CommentAdded:
    return events.CommentAdded(hand=game.hand.number, text=plain.check(N_("a comment"), text))


def renege(game: state.Game, name: str, kind: str | None, note: str) -> events.RenegeRecorded:
    plain.check(N_("a renege note"), note)
    kinds = [r.kind for r in game.ruleset.reneges]
    player = game.player(name)
    kind = kind or (kinds[0] if kinds else "revoke")
    if not note:  # confirming a revoke the tricks proved: the note cites them
        from scorekeeper.core.families import card_by_card

        peeks = {r.kind for r in game.ruleset.reneges if r.forced_blind_only}
        flagged = [f for f in card_by_card.pending_flags(game) if f.player == player]
        if flagged and kind not in peeks:
            # the penalty counts in the hand where the revoke was, even if it has closed; what
            # the cards proved is kept as facts, said in the reader's language when shown
            proof = flagged[0].proven()
            return events.RenegeRecorded(hand=flagged[0].hand, player=player, kind=kind, proof=proof)
    return events.RenegeRecorded(hand=game.hand.number, player=player, kind=kind, note=note)


def dealer(game: state.Game, name: str) -> events.DealerSet:
    return events.DealerSet(hand=game.hand.number, player=game.player(name))


def undo(game: state.Game) -> events.EntryReversed:
    if len(game.entries) <= 1:
        raise errors.EntryError(_("nothing to undo: no entry has been recorded in this game yet"))
    return events.EntryReversed(target=game.entries[-1][0])


def join(game: state.Game, name: str, after: str | None, score: str | None) -> events.PlayerJoined:
    from scorekeeper.core import seating

    seating.check_name(game, name.strip(), entered=True)
    if after is not None:  # stored as the player is called, not as typed
        after = game.player(after, among=seating.seated_next(game))
    return events.PlayerJoined(hand=game.hand.number, player=name.strip(), after=after, score=score)


def leave(game: state.Game, name: str) -> events.PlayerLeft:
    from scorekeeper.core import seating

    return events.PlayerLeft(hand=game.hand.number, player=game.player(name, among=seating.seated_next(game)))


def rename(game: state.Game, old: str, new: str) -> events.PlayerRenamed:
    from scorekeeper.core import seating

    seat = game.player(old, among=game.roster)
    seating.check_name(game, new.strip(), entered=True, seat=seat)
    return events.PlayerRenamed(hand=game.hand.number, old=seat, new=new.strip())


def substitute(game: state.Game, seat: str, new: str) -> events.PlayerRenamed:
    """`sub SEAT NEW`: the player now in the seat (named, or the seat's number, 1 for the first)
    gives it to a substitute, who takes over its score (and its side's)."""
    text = seat.strip()
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(game.players):
            raise errors.EntryError(
                _("there is no seat {seat}; the seats are 1 to {count} ({players})").format(
                    seat=number, count=len(game.players), players=", ".join(game.players)
                )
            )
        text = game.players[number - 1]
    return events.PlayerRenamed(hand=game.hand.number, old=game.player(text), new=new.strip())


def adjust(game: state.Game, name: str, points: str, reason: str) -> events.PointsAdjusted:
    player = game.player(name, among=game.roster)
    return events.PointsAdjusted(hand=game.hand.number, player=player, points=points, reason=reason.strip())

