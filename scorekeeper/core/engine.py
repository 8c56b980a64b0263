"""The rules engine: replays a game's events into its state (`state`: whose deal, the hand
size, what is recorded, every point) and refuses an entry the rules forbid. Checking an entry
is applying it to the replayed state: its handler (the engine's own, or its family's from the
table in `families`), then every check of the families that apply. Nothing here stores anything."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorekeeper.core import (
    cards,
    errors,
    events,
    families,
    outcomes,
    rulesets,
    schedule,
    scoring,
    seating,
    state,
)
from scorekeeper.core.alternatives import all_of, either
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.core.outcomes import Penalty
from scorekeeper.core.state import Game, Hand

# --- replay --------------------------------------------------------------------------


def start(event: events.GameStarted) -> Game:
    ruleset = rulesets.stored(event.ruleset)
    game = Game(
        id=event.game_id,
        ruleset=ruleset,
        document=event.ruleset,
        options=event.options,
        players=list(event.players),
        name=event.name,
        location=event.location,
        scorer=event.scorer,
    )
    game.families = families.playing(ruleset)
    game.side_names = list(event.sides)
    _open_hand(game, 1, game.players.index(event.dealer), outcomes.Reason(_, N_("first dealer")))
    return game


def from_log(bodies: list[dict[str, Any]]) -> Game:
    """The game a stored log makes: its entries (their JSON forms) parsed and replayed."""
    return replay(events.parse_all(bodies))


# Entries are told apart here by their exact type (no event type is subclassed): a failed
# isinstance on a pydantic model costs a call into Python (its metaclass is an ABC), and
# replay asks it of every entry.
_RETOLD = frozenset({events.Corrected, events.DealerSet})  # entries that may move others (see core/corrections.py)


def replay(stored: list[events.AnyEvent]) -> Game:
    """The state of a game from its whole log, reversals honoured and corrections told in
    place (see core/corrections.py)."""
    first = stored[0]
    assert isinstance(first, events.GameStarted), "a game's log starts with game_started"
    game = start(first)
    kinds = {type(event) for event in stored}  # the kinds of entry the log holds
    live = live_entries(stored, kinds)
    game.entries = [(0, first), *live]
    order = live
    retelling = False
    if kinds & _RETOLD:
        from scorekeeper.core import corrections

        retold = corrections.retell(live)
        order, game.corrections, retelling = retold.entries, retold.corrections, True
    for n, event in order:
        kind = type(event)
        if kind is events.GameAbandoned:
            game.abandoned = True
            continue
        if kind is events.GameLabelled:
            label(game, event)  # type: ignore[arg-type]
            continue
        if retelling and game.finished and event.hand > game.hand.number:
            game.set_aside.append((n, event))  # a hand the corrected game never reached
            continue
        if not retelling:
            apply(game, event)
            continue
        try:
            apply(game, event)
        except errors.ScorekeeperError as exc:
            raise corrections.NoLongerFits(n, event, exc) from None
    return game


def abandoned() -> errors.RuleViolation:
    """The refusal of an entry for a game set aside, in the command line's words and a page's."""
    return errors.RuleViolation(
        _("this game was abandoned; `undo` takes that back, or start another with `new`"),
        page=_("this game was abandoned; undo takes that back, or start a new game"),
    )


def live_entries(stored: list[events.AnyEvent], kinds: set[type] | None = None) -> list[tuple[int, events.AnyEvent]]:
    """The log's entries after the game's start that stand, each with its place in the log: an
    undo and the entry it takes back both drop out. `kinds`: the kinds of entry the log holds,
    when known."""
    live = list(enumerate(stored[1:], start=1))
    if events.EntryReversed in (kinds if kinds is not None else {type(event) for event in stored}):
        reversed_ = {e.target for e in stored if type(e) is events.EntryReversed}
        live = [(n, event) for n, event in live if type(event) is not events.EntryReversed and n not in reversed_]
    return live


def label(game: Game, event: events.GameLabelled) -> None:
    """The game's name, location and scorer as `label` set them (at any time, even once the
    game is over: they describe the evening, not its play)."""
    for field in ("name", "location", "scorer"):
        value = getattr(event, field)
        if value is not None:
            setattr(game, field, value)


# What replay honours itself, never applied to a hand
_NOT_APPLIED = frozenset(
    {events.EntryReversed, events.GameStarted, events.Corrected, events.GameAbandoned, events.GameLabelled}
)


def apply(game: Game, event: events.AnyEvent) -> None:
    """Apply one entry to the game, or raise the refusal that says why it cannot be."""
    if type(event) in _NOT_APPLIED:
        raise AssertionError("reversals, corrections, labels and abandoning are honoured by replay, not applied")
    if game.abandoned:
        raise abandoned()
    if game.finished:
        raise errors.RuleViolation(
            _("the game is over; start another with `new`, or `undo` the last entry to correct it"),
            page=_("the game is over; start a new game, or undo the last entry to correct it"),
        )
    hand = game.hand
    if event.hand != hand.number:
        raise errors.EntryError(
            _("that entry is for hand {entry}, but hand {hand} is in progress").format(entry=event.hand, hand=hand.number)
        )
    handler = _HANDLERS.get(type(event))
    if handler is None:
        family = families.owner(type(event))
        assert family is not None, f"no handler for {type(event).__name__}"
        handler = family.handlers[type(event)]
    handler(game, hand, event)
    # checks of the hand as a whole: a family's facts that must agree whichever entry comes
    # last (Snakebit's cursed cards against the tricks); the first problem is the refusal
    for family in families.ruling(game) if game.families else ():
        for check in family.checks:
            problems = check(game, hand, event)
            if problems:
                first = problems[0]
                raise first if isinstance(first, errors.RuleViolation) else errors.RuleViolation(first)
    _close_if_complete(game, hand)



def _on_trump(game: Game, hand: Hand, event: events.TrumpSet) -> None:
    rule, suit = game.ruleset.trump, event.suit
    if rule.kind != "turned":
        raise errors.RuleViolation(_(_TRUMP_NOT_RECORDED[rule.kind]).format(ruleset=game.ruleset.name))
    if game.ruleset.bidding.kind == "make":
        raise errors.RuleViolation(
            _("in {ruleset} the trump is made: record it with `make PLAYER SUIT`").format(ruleset=game.ruleset.name),
            page=_("in {ruleset} the trump is made: record who made it").format(ruleset=game.ruleset.name),
        )
    state.require_before_play(game, hand, "trump")
    if suit is None and rule.always:
        raise errors.RuleViolation(
            _(
                "{ruleset} always has a trump, the suit of the card turned up; record it, "
                "e.g. `trump hearts` or `trump 7h`"
            ).format(ruleset=rulesets.prose(game.ruleset.title))
        )
    if suit is not None and suit not in game.deck.suits:
        raise errors.EntryError(_("{suit} is not a suit of this pack").format(suit=suit))
    _check_no_repeat(game, hand, "trump", suit, rule)
    hand.trump, hand.trump_known, hand.trump_card = suit, True, event.card


_TRUMP_NOT_RECORDED = {
    "flip": N_("trump is not recorded in {ruleset}: the flipped card sets it (use `flip`)"),
    "rotating": N_("trump is not recorded in {ruleset}: it rotates by itself"),
    "none": N_("trump is not recorded in {ruleset}: this game has no trump"),
}
# A suit turned up twice in one run through a Decktet pile, by the pile's suit
_REPEATED = {
    "trump": N_(
        "{suit} was already the trump suit in hand {hand}, and each Crown turns up once in hands "
        "{start}-{end}; check the flipped Crown (still in the pile: {left})"
    ),
    "cursed": N_(
        "{suit} was already the cursed suit in hand {hand}, and each Ace turns up once in hands "
        "{start}-{end}; check the flipped Ace (still in the pile: {left})"
    ),
}


def _check_no_repeat(game: Game, hand: Hand, what: str, suit: str | None, rule: rulesets.Trump) -> None:
    """Decktet piles: within one run through the six suits, no suit turns up twice."""
    if not rule.no_repeat or suit is None:
        return
    start, end = state.pile_run(game, hand)
    earlier_hands = game.hands[start - 1 : hand.number - 1]
    for earlier in earlier_hands:
        if getattr(earlier, what) == suit:
            used = {getattr(h, what) for h in earlier_hands}
            left = ", ".join(cards.suit_symbol(s) for s in game.deck.suits if s not in used)
            raise errors.RuleViolation(
                _(_REPEATED[what]).format(
                    suit=cards.suit_symbol(suit), hand=earlier.number, start=start, end=end, left=left
                )
            )


def _on_flip(game: Game, hand: Hand, event: events.CardFlipped) -> None:
    rules = game.ruleset
    if not isinstance(rules.sizes, rulesets.FlipSize):
        size = hand.size or 0
        if rules.trump.kind == "turned":
            refusal = ngettext(
                "{ruleset} does not flip a card for the hand size (hand {hand} is {count} card each); "
                "record the trump with `trump`",
                "{ruleset} does not flip a card for the hand size (hand {hand} is {count} cards each); "
                "record the trump with `trump`",
                size,
            )
        else:
            refusal = ngettext(
                "{ruleset} does not flip a card for the hand size (hand {hand} is {count} card each)",
                "{ruleset} does not flip a card for the hand size (hand {hand} is {count} cards each)",
                size,
            )
        raise errors.RuleViolation(refusal.format(ruleset=rules.name, hand=hand.number, count=hand.size))
    if hand.bids or state.play_started(hand):
        raise errors.RuleViolation(
            _("bids are already recorded for this hand, so the flip can no longer change; `undo` them first"),
            page=_("bids are already recorded for this hand, so the flip can no longer change; undo them first"),
        )
    card = cards.parse_card(event.card, game.deck)
    if hand.flips:
        _check_reflip(game, hand, rules.sizes)
    rank = "JK" if card.is_joker else card.code[:-1]
    hand.flips.append(card.code)
    hand.size = schedule.flip_size(rules, len(game.players), rank)
    if rules.trump.kind == "flip":  # otherwise the flip sets only the size
        hand.trump, hand.trump_known, hand.trump_card = card.suit, True, card.code


def _check_reflip(game: Game, hand: Hand, sizes: rulesets.FlipSize) -> None:
    """A second flip is allowed only for a flipped Joker, under the house option (§2)."""
    last = hand.flips[-1]
    if not cards.parse_card(last, game.deck).is_joker:
        raise errors.RuleViolation(
            _(
                "hand {hand} already has its flip ({card}); only a flipped Joker may be "
                "shuffled back and another flipped; `undo` the flip to correct it"
            ).format(hand=hand.number, card=last)
        )
    if not sizes.joker_reflip:
        raise errors.RuleViolation(
            ngettext(
                "hand {hand}'s flipped Joker stands ({count} card, no trump): this game does not "
                "shuffle it back (house option joker_reflip is off); `undo` the flip to correct it",
                "hand {hand}'s flipped Joker stands ({count} cards, no trump): this game does not "
                "shuffle it back (house option joker_reflip is off); `undo` the flip to correct it",
                hand.size or 0,
            ).format(hand=hand.number, count=hand.size)
        )


def _on_cursed(game: Game, hand: Hand, event: events.CursedSet) -> None:
    if game.ruleset.cursed is None:
        raise errors.RuleViolation(_("{ruleset} has no cursed suit").format(ruleset=game.ruleset.name))
    state.require_before_play(game, hand, "cursed suit")
    _check_no_repeat(game, hand, "cursed", event.suit, game.ruleset.cursed)
    hand.cursed = event.suit


def _on_bids(game: Game, hand: Hand, event: events.BidsRecorded) -> None:
    rules = game.ruleset
    if rules.bidding.kind != "bids":
        if rules.bidding.kind == "poisons":
            raise errors.RuleViolation(
                _("{ruleset} has poisons with `poison`").format(ruleset=rules.name),
                page=_("{ruleset} has poisons, not bids").format(ruleset=rules.name),
            )
        raise errors.RuleViolation(_("{ruleset} has no bids").format(ruleset=rules.name))
    state.require_before_play(game, hand, "bids")
    if hand.size is None:
        raise errors.RuleViolation(
            _("flip the card that sets the hand size first (`flip CARD`)"),
            page=_("flip the card that sets the hand size first"),
        )
    bids = event.bids
    for player, bid in bids.items():
        if not 0 <= bid <= hand.size:
            raise errors.RuleViolation(
                ngettext(
                    "{player} bid {bid}, but hand {hand} has {count} card each; bid 0 to {count}",
                    "{player} bid {bid}, but hand {hand} has {count} cards each; bid 0 to {count}",
                    hand.size,
                ).format(player=player, bid=bid, hand=hand.number, count=hand.size)
            )
    for player in event.blind:
        if bids.get(player) != 0:
            raise errors.EntryError(_("a blind nil is a bid of no trick; {player} bid {bid}").format(player=player, bid=bids.get(player)))
    merged = {**hand.bids, **bids}
    if rules.bidding.order == "in-turn":
        _check_bid_order(game, hand, merged)
    hand.bids = _by_seat(merged, game.players)
    if event.blind or hand.blind:  # a bid given again replaces that player's blind nil too
        hand.blind = [p for p in game.players if p in event.blind or (p in hand.blind and p not in bids)]


def _check_bid_order(game: Game, hand: Hand, bids: dict[str, int]) -> None:
    order = game.order_from_dealer(hand)
    for i, player in enumerate(order):
        if player in bids and any(p not in bids for p in order[:i]):
            waiting = next(p for p in order[:i] if p not in bids)
            raise errors.RuleViolation(
                _("bids go in turn from the dealer's left ({order}); {waiting} bids before {player}").format(
                    order=", ".join(order), waiting=waiting, player=player
                )
            )
    dealer = order[-1]
    forbidden = game.hook_bid(hand, bids)
    if dealer in bids and bids[dealer] == forbidden:
        size = hand.size or 0
        allowed = [str(b) for b in range(size + 1) if b != forbidden]
        raise errors.RuleViolation(
            _(
                "bids would total {total}, the tricks available, and {dealer} bids last "
                "(hook rule); {dealer} may bid {allowed}"
            ).format(total=size, dealer=dealer, allowed=_ranges(allowed))
        )


def _ranges(values: list[str]) -> str:
    """0,1,2,4,5 → '0-2 or 4-5'."""
    numbers = [int(v) for v in values]
    spans: list[tuple[int, int]] = []
    for v in numbers:
        if spans and v == spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], v)
        else:
            spans.append((v, v))
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in spans]
    return either(parts) if parts else _("nothing")


def _on_tricks(game: Game, hand: Hand, event: events.TricksRecorded) -> None:
    if game.ruleset.family == "euchre":  # the makers' tricks
        from scorekeeper.core.families import euchre

        return euchre.on_tricks(game, hand, event)
    state.require_ready_for_play(game, hand, "tricks")
    if hand.played:
        raise state.trick_by_trick_begun()
    tricks = event.tricks
    if tricks.keys() != set(game.players):
        missing = [p for p in game.players if p not in tricks]
        raise errors.EntryError(_("give every player's tricks at once; missing: {players}").format(players=", ".join(missing)))
    size = hand.size or 0
    total = sum(tricks.values())
    if min(tricks.values()) < 0:
        raise errors.EntryError(_("a player cannot take fewer than 0 tricks"))
    if total != size:
        diff = total - size
        if diff > 0:
            refusal = ngettext(
                "tricks total {total} but hand {hand} has {count} trick ({diff} too many); check the count",
                "tricks total {total} but hand {hand} has {count} tricks ({diff} too many); check the count",
                size,
            )
        else:
            refusal = ngettext(
                "tricks total {total} but hand {hand} has {count} trick ({diff} too few); check the count",
                "tricks total {total} but hand {hand} has {count} tricks ({diff} too few); check the count",
                size,
            )
        raise errors.RuleViolation(refusal.format(total=total, hand=hand.number, count=size, diff=abs(diff)))
    hand.tricks = _by_seat(tricks, game.players)


def _by_seat(values: dict[str, int], players: list[str]) -> dict[str, int]:
    """The players' values in seating order (as a sheet shows them): a copy when given so."""
    return dict(values) if list(values) == players else {p: values[p] for p in players if p in values}


def _on_comment(game: Game, hand: Hand, event: events.CommentAdded) -> None:
    if not event.text.strip():
        raise errors.EntryError(_("the comment is empty; write it in quotes after `comment`"))
    hand.comments.append(event.text)


def _on_renege(game: Game, hand: Hand, event: events.RenegeRecorded) -> None:
    kinds = {r.kind: r for r in game.ruleset.reneges}
    index = {r.kind: i for i, r in enumerate(game.ruleset.reneges)}
    if not kinds:
        raise errors.RuleViolation(_("{ruleset} has no renege penalty").format(ruleset=game.ruleset.name))
    rule = kinds.get(event.kind)
    if rule is None:
        raise errors.EntryError(
            _("no renege kind '{kind}' here; use --kind {kinds}").format(kind=event.kind, kinds=either(list(kinds)))
        )
    # a family may judge whether this kind is a renege at all (Pick Your Poison's peek)
    problems = [why for family in families.judging(rule) for why in family.judge_renege(game, hand, event.player, rule)]  # type: ignore[misc]
    if problems:
        raise errors.RuleViolation(problems[0])
    value = rule.points
    text = outcomes.Reason(_renege_words, rule.kind, rule.description, value)
    item = scoring.Item(event.player, value, "renege", text, outcomes.RuleRef("renege", index[rule.kind]))
    note: str | outcomes.Reason = event.note
    if event.proof is not None:  # a revoke the tricks proved: its words made when shown
        note = outcomes.Reason(_proof_words, event.proof, event.player, game.deck)
    paying = [event.player]
    if game.ruleset.partners:  # the side pays, or the other side scores (Euchre)
        side = game.side_of(event.player)
        paying = [p for p in game.players if p not in side] if rule.to_opponents else side
    hand.penalties += [Penalty(item._replace(player=p), rule.kind, note) for p in paying]


def _proof_words(proof: events.RevokeProof, player: str, deck: cards.Deck) -> str:
    # a module's function, not a bound method: a game state keeps it (see storage/states.py)
    return proof.said(player, deck)


def _renege_words(kind: str, description: str, value: Fraction) -> str:
    # TRANSLATORS: {kind} and {description} are the ruleset's own words, e.g. "revoke: failing to follow suit"
    return _("renege ({kind}: {description}) → {points}").format(
        kind=kind, description=rulesets.prose(description), points=scoring.points_text(value)
    )


def _on_dealer(game: Game, hand: Hand, event: events.DealerSet) -> None:
    """A deal out of turn, as it happened: the rotation carries on from this dealer."""
    seat = game.seat(game.player(event.player))
    if seat == hand.dealer:
        return
    hand.dealer_why = outcomes.Reason(_dealt_out_of_turn, game.players[hand.dealer])
    hand.dealer = seat
    hand.leader = schedule.leader(game.ruleset, seat, len(game.players))


def _dealt_out_of_turn(due: str) -> str:
    return _("dealt out of turn; {player} was due").format(player=due)


def _seat_change(game: Game, hand: Hand, event: events.HandEvent, judge: Any) -> None:
    """A player joins or leaves at the next deal; when nothing of the hand in progress is
    recorded yet, that deal is this one: it is dealt again to the table as it is now, its
    dealer chosen again by the ruleset's own rule (RULES.md §6), as if the change had been
    entered before the last hand closed."""
    judge(game, hand, event)
    if not seating.untouched(game, hand):
        return
    previous = game.hands[-2] if len(game.hands) > 1 else None
    out_of_turn = hand.dealer_why.build is _dealt_out_of_turn
    table = seating.take_seats(game)
    seat, reason = seating.deal_again(game, hand, previous, table, out_of_turn)
    game.hands.pop()
    _open_hand(game, hand.number, seat, reason)
    game.hand.comments, game.hand.rulings = hand.comments, hand.rulings + table.arrivals


_HANDLERS: dict[type, Any] = {
    events.DealerSet: _on_dealer,
    events.TrumpSet: _on_trump,
    events.CardFlipped: _on_flip,
    events.CursedSet: _on_cursed,
    events.BidsRecorded: _on_bids,
    events.TricksRecorded: _on_tricks,
    events.CommentAdded: _on_comment,
    events.RenegeRecorded: _on_renege,
    events.PlayerJoined: lambda game, hand, event: _seat_change(game, hand, event, seating.on_join),
    events.PlayerLeft: lambda game, hand, event: _seat_change(game, hand, event, seating.on_leave),
    events.PlayerRenamed: seating.on_rename,
    events.PointsAdjusted: seating.on_adjust,
}


# --- hand closing and the schedule -------------------------------------------------


def _open_hand(game: Game, number: int, dealer: int, reason: outcomes.Reason) -> None:
    hand = state.new_hand(game, number, dealer, reason)
    game.hands.append(hand)
    for family in families.ruling(game) if game.families else ():  # picks the rules force at this deal (Pick Your Poison)
        if family.forced_picks is not None:
            hand.forced.update(family.forced_picks(game, hand))


def pass_direction(game: Game, hand: Hand) -> str | None:
    passing = game.ruleset.passing
    if passing is None or not hand.phase.passing:
        return None
    return passing.direction(len(game.players), hand.number)


def _close_if_complete(game: Game, hand: Hand) -> None:
    if game.needs_in_play(hand) or game.needs_before_play(hand):  # play is usually what is missing
        return
    phase, facts = hand.phase, hand.facts(game.players)
    spades = _spades_rule(phase)
    if spades is not None:  # Spades: the bags each side brings from the hands before
        before = game.hands[hand.number - 2].bags if hand.number > 1 else ()
        facts = facts._replace(bags=before)
        hand.bags = scoring.bags_after(spades, facts)
    judged = scoring.verdicts(phase, facts, game.deck) if phase.adjust else []  # a moon, a sweep
    items = scoring.score(phase, facts, judged)
    forfeits = _forfeits(game, hand)
    moon = sweep = None
    if judged:
        hand.announcements += scoring.announcements(hand.phase, judged)  # moon, sweep
        moon = next((v for v in judged if isinstance(v, outcomes.MoonVerdict)), None)
        sweep = next((v for v in judged if isinstance(v, outcomes.SweepVerdict)), None)
    forced = tuple(outcomes.ForcedPick(p, kind) for p, kind in hand.forced.items()) if hand.forced else ()
    hand.outcome = outcomes.new_outcome((tuple(items), tuple(forfeits), moon, sweep, forced, tuple(hand.penalties)))
    hand.closed = True
    _advance(game, hand)


def _spades_rule(phase: rulesets.Phase) -> rulesets.Spades | None:
    return next((rule for rule in phase.scoring if type(rule) is rulesets.Spades), None)


def _forfeits(game: Game, hand: Hand) -> list[outcomes.Forfeit]:
    """MrPikes' pants: each missed bid of the rule's size pays the forfeit (once a game, if
    the rule says so: a second miss is announced, not paid)."""
    pants = game.ruleset.pants
    if pants is None or not pants.enabled or not hand.bids:
        return []
    found, least, tricks = [], pants.min_bid, hand.tricks or {}
    for player in game.players:
        bid, took = hand.bids[player], tricks.get(player)
        if bid < least or bid == took:
            continue
        if pants.once and "pants" in game.forfeits[player]:
            found.append(outcomes.Forfeit(player, "pants", bid, took, paid=False))
            text = outcomes.Reason(_pants_words, True, player, bid, took)
            hand.announcements.append(outcomes.Announcement(text, (player,)))
            continue
        found.append(outcomes.Forfeit(player, "pants", bid, took))
        game.forfeits[player].append("pants")
        text = outcomes.Reason(_pants_words, False, player, bid, took)
        hand.announcements.append(outcomes.Announcement(text, (player,)))
    return found


def _pants_words(paid_before: bool, player: str, bid: int, took: int | None) -> str:
    if paid_before:
        said = _("{player} bid {bid} and took {took}, but has already paid the pants forfeit")
    else:
        said = _("PANTS: {player} bid {bid} and took {took}: off with the pants (or 'Dumbass' on the forehead)")
    return said.format(player=player, bid=bid, took=took)


def _tie_words(leaders: list[str]) -> str:
    return _("{players} tie for the lead: another hand at the final size").format(players=all_of(leaders))


def _tie_on_words(leaders: list[str]) -> str:
    return _("{players} tie for the lead at the end: another hand").format(players=all_of(leaders))


def _lost(end: rulesets.End, total: Fraction) -> bool:
    return end.losing is not None and total <= end.losing


def _reached(end: rulesets.End, total: Fraction) -> bool:
    assert end.threshold is not None
    return total <= end.threshold if end.reached == "at-or-below" else total >= end.threshold


def _advance(game: Game, hand: Hand) -> None:
    rules = game.ruleset
    end = rules.end
    # a set number of hands (a round of a progressive night) is played out whatever the scores
    to_target = end.threshold is not None and end.hands is None
    if to_target and any(_reached(end, t) or _lost(end, t) for t in game.totals().values()):
        leaders = game.leaders()
        if not (end.tie_plays_on and len(leaders) > len(game.side_of(leaders[0]))):
            game.finished = True
            return
        tied = [name for place, name, _players, _score in game.side_standings() if place == 1] or leaders
        hand.announcements.append(outcomes.Announcement(outcomes.Reason(_tie_on_words, tied), tuple(leaders)))
        seat, reason, arrivals = seating.next_deal(game, hand, by_score=rules.dealer == "lowest-score")
        _open_hand(game, hand.number + 1, seat, reason)
        game.hand.rulings += arrivals
        return
    planned = game.planned_hands
    if planned is not None and hand.number >= planned:
        if not (end.tie_break and len(game.leaders()) > 1):
            game.finished = True
            return
        leaders = game.leaders()
        hand.announcements.append(outcomes.Announcement(outcomes.Reason(_tie_words, leaders), tuple(leaders)))
    seat, reason, arrivals = seating.next_deal(game, hand, by_score=rules.dealer == "lowest-score")
    _open_hand(game, hand.number + 1, seat, reason)
    game.hand.rulings += arrivals
