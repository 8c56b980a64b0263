"""The rules engine: replays a game's events into its state (whose deal, the hand size,
what is recorded, every point) and refuses an entry the rules forbid. Checking an entry is
applying it to the replayed state; nothing here stores anything."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from scorekeeper.core import cards, errors, events, rulesets, schedule, scoring

PRE_PLAY = ("flip", "trump", "cursed", "bids", "poisons")


# Records are NamedTuples and the two state objects plain classes rather than dataclasses:
# making a dataclass costs about a millisecond at import, on every command (see README).


class Penalty(NamedTuple):
    item: scoring.Item
    kind: str
    note: str = ""


class PlayedTrick(NamedTuple):
    cards: list[cards.Card]
    seats: list[int]  # the seat that played each card
    led: str | None
    winner: int  # seat
    reason: str
    forced: bool = False  # the leader said nothing else could be led (an unbroken suit)


class Hand:
    """One deal: what is known of it so far, and its points once it closes."""

    def __init__(
        self,
        number: int,
        dealer: int,
        leader: int,
        size: int | None,
        phase: rulesets.Phase,
        dealer_reason: str,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.leader = leader
        self.size = size
        self.phase = phase
        self.dealer_reason = dealer_reason
        self.trump: str | None = None
        self.trump_known = False
        self.trump_card: str | None = None
        self.flips: list[str] = []
        self.cursed: str | None = None
        self.bids: dict[str, int] = {}
        self.poisons: dict[str, scoring.PoisonPick] = {}
        self.tricks: dict[str, int] | None = None
        self.taken: dict[str, list[cards.Card]] = {}
        self.cursed_counts: dict[str, int] | None = None
        self.first: str | None = None
        self.last: str | None = None
        self.moon: str | None = None
        self.played: list[PlayedTrick] = []
        self.penalties: list[Penalty] = []
        self.comments: list[str] = []
        self.items: list[scoring.Item] = []
        self.announcements: list[str] = []
        self.closed = False

    def facts(self, players: list[str]) -> scoring.Facts:
        return scoring.Facts(
            players=players,
            size=self.size or 0,
            trump=self.trump,
            cursed=self.cursed,
            bids=self.bids,
            poisons=self.poisons,
            tricks=self.tricks or {},
            taken=self.taken,
            cursed_counts=self.cursed_counts or {},
            first=self.first,
            last=self.last,
            moon=self.moon,
        )

    def points(self, players: list[str]) -> dict[str, Fraction]:
        """This hand's points so far: its score once closed, and any penalties at once."""
        return scoring.totals(self.items + [p.item for p in self.penalties], players)


class Game:
    """A game's state, derived by replaying its events."""

    def __init__(
        self,
        id: str,
        ruleset: rulesets.Ruleset,
        document: dict[str, Any],
        options: dict[str, Any],
        players: list[str],
        name: str = "",
        location: str = "",
        scorer: str = "",
    ) -> None:
        self.id = id
        self.ruleset = ruleset
        self.document = document
        self.options = options
        self.players = players
        self.name = name
        self.location = location
        self.scorer = scorer
        self.hands: list[Hand] = []
        self.forfeits: dict[str, list[str]] = {p: [] for p in players}
        self.finished = False
        self.entries: list[tuple[int, events.AnyEvent]] = []  # live entries, in log order
        self.corrections: list[Any] = []  # corrections.Correction, in log order
        self.set_aside: list[tuple[int, events.AnyEvent]] = []  # entries of hands a correction ended the game before
        self.abandoned = False
        self._settled = {p: Fraction(0) for p in players}  # the closed hands' sum (see totals)
        self._settled_hands = 0

    @property
    def deck(self) -> cards.Deck:
        return cards.deck(rulesets.deck_name(self.ruleset.deck, len(self.players)))

    @property
    def hand(self) -> Hand:
        """The hand in progress (the last hand, once the game is over)."""
        return self.hands[-1]

    @property
    def planned_hands(self) -> int | None:
        return schedule.planned_hands(self.ruleset, len(self.players))

    def totals(self) -> dict[str, Fraction]:
        """Each player's points so far. A closed hand never changes again (entries go to
        the hand in progress), so the closed hands' sum is kept and extended, not redone."""
        while self._settled_hands < len(self.hands) and self.hands[self._settled_hands].closed:
            self._add(self._settled, self.hands[self._settled_hands])
            self._settled_hands += 1
        result = dict(self._settled)
        for hand in self.hands[self._settled_hands :]:
            self._add(result, hand)
        return result

    def _add(self, totals: dict[str, Fraction], hand: Hand) -> None:
        for player, value in hand.points(self.players).items():
            totals[player] += value

    def standings(self) -> list[tuple[int, str, Fraction]]:
        """(place, player, total), best first; tied players share a place."""
        totals = self.totals()
        best_first = self.ruleset.end.winner == "highest"
        order = sorted(
            self.players, key=lambda p: (-totals[p] if best_first else totals[p], self.players.index(p))
        )
        rows, place = [], 0
        for i, player in enumerate(order):
            if i == 0 or totals[player] != totals[order[i - 1]]:
                place = i + 1
            rows.append((place, player, totals[player]))
        return rows

    def leaders(self) -> list[str]:
        return [player for place, player, _ in self.standings() if place == 1]

    def winners(self) -> list[str]:
        return self.leaders() if self.finished else []

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def needs(self, hand: Hand | None = None) -> list[str]:
        """What is still to be recorded before the hand can be scored, in the order to
        record it."""
        hand = hand or self.hand
        if self.finished or hand.closed:
            return []
        rules = self.ruleset
        out = []
        if rules.sizes.kind == "flip" and hand.size is None:
            out.append("flip")
        if rules.cursed is not None and hand.cursed is None:
            out.append("cursed")  # Snakebit: the Ace (cursed) and the Crown (trump) turn together
        if rules.trump.kind == "turned" and not hand.trump_known:
            out.append("trump")
        if rules.bidding.kind == "bids" and len(hand.bids) < len(self.players):
            out.append("bids")
        if rules.bidding.kind == "poisons" and len(hand.poisons) < len(self.players):
            out.append("poisons")
        kinds = {type(rule) for rule in hand.phase.scoring}
        if kinds & {rulesets.ExactBid, rulesets.PoisonTally, rulesets.PerTrick} and hand.tricks is None:
            out.append("tricks")
        # before the cursed suit is known no card scores yet, but the cursed cards still will
        cursed_unknown = rules.cursed is not None and hand.cursed is None
        if rulesets.CardPoints in kinds and (self.untaken(hand) or cursed_unknown):
            out.append("took")
        for rule in hand.phase.scoring:
            if isinstance(rule, rulesets.TrickPoints) and getattr(hand, rule.which) is None:
                out.append(rule.which)
        return out

    def untaken(self, hand: Hand) -> list[cards.Card]:
        """Scoring cards of the hand not yet recorded as taken by anyone."""
        if hand.cursed_counts is not None:
            return []
        if hand.played and len(hand.played) == hand.size:
            return []  # played out card by card: what no one captured was never dealt
        taken = {c.code for got in hand.taken.values() for c in got}
        return [c for c in scoring.scoring_cards(hand.phase, self.deck, hand.cursed) if c.code not in taken]

    def player(self, text: str) -> str:
        """The player a name or unique prefix refers to (case-insensitive)."""
        wanted = text.strip().casefold()
        if not wanted:
            raise errors.EntryError("a player name is empty; name one of " + ", ".join(self.players))
        exact = [p for p in self.players if p.casefold() == wanted]
        if exact:
            return exact[0]
        matches = [p for p in self.players if p.casefold().startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise errors.EntryError(
                f"'{text}' could be {' or '.join(matches)}; type more of the name"
            )
        raise errors.EntryError(
            f"no player '{text}' in this game; the players are {', '.join(self.players)}"
        )


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
    _load(_FAMILY_MODULES.get(ruleset.family))
    _open_hand(game, 1, game.players.index(event.dealer), "first dealer")
    return game


def replay(stored: list[events.AnyEvent]) -> Game:
    """The state of a game from its whole log, reversals honoured and corrections told in
    place (see core/corrections.py)."""
    reversed_ = {e.target for e in stored if isinstance(e, events.EntryReversed)}
    first = stored[0]
    assert isinstance(first, events.GameStarted), "a game's log starts with game_started"
    game = start(first)
    live = [
        (n, event) for n, event in enumerate(stored[1:], start=1)
        if not isinstance(event, events.EntryReversed) and n not in reversed_
    ]  # fmt: skip
    game.entries = [(0, first), *live]
    order = live
    retelling = False
    if any(isinstance(event, events.Corrected | events.DealerSet) for _, event in live):
        from scorekeeper.core import corrections

        retold = corrections.retell(live)
        order, game.corrections, retelling = retold.entries, retold.corrections, True
    for n, event in order:
        if isinstance(event, events.GameAbandoned):
            game.abandoned = True
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


def apply(game: Game, event: events.AnyEvent) -> None:
    """Apply one entry to the game, or raise the refusal that says why it cannot be."""
    if isinstance(event, events.EntryReversed | events.GameStarted | events.Corrected | events.GameAbandoned):
        raise AssertionError("reversals, corrections and abandoning are honoured by replay, not applied")
    if game.abandoned:
        raise errors.RuleViolation("this game was abandoned; `undo` takes that back, or start another with `new`")
    if game.finished:
        raise errors.RuleViolation(
            "the game is over; start another with `new`, or `undo` the last entry to correct it"
        )
    hand = game.hand
    if event.hand != hand.number:
        raise errors.EntryError(f"that entry is for hand {event.hand}, but hand {hand.number} is in progress")
    if type(event) not in _HANDLERS:
        _load(_ENTRY_MODULES.get(type(event)))
    handler = _HANDLERS[type(event)]
    handler(game, hand, event)
    for check in _CHECKS:
        check(game, hand, event)
    _close_if_complete(game, hand)


def _require_before_play(game: Game, hand: Hand, what: str) -> None:
    if _play_started(hand):
        raise errors.RuleViolation(
            f"play results are already recorded for hand {hand.number}, so the {what} can no "
            "longer change; `undo` them first"
        )


def _play_started(hand: Hand) -> bool:
    return bool(hand.tricks is not None or hand.taken or hand.first or hand.last or hand.played or hand.cursed_counts)


def _require_ready_for_play(game: Game, hand: Hand, what: str) -> None:
    missing = [need for need in game.needs(hand) if need in PRE_PLAY]
    if missing:
        detail = _missing_detail(game, hand, missing[0])
        noun = "cursed suit" if missing[0] == "cursed" else missing[0]
        raise errors.RuleViolation(f"record the {noun} before the {what}{detail}")


def _missing_detail(game: Game, hand: Hand, need: str) -> str:
    if need == "bids":
        waiting = [p for p in game.players if p not in hand.bids]
        return f": {', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not bid"
    if need == "poisons":
        waiting = [p for p in game.players if p not in hand.poisons]
        return f": {', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not picked"
    return ""


def _on_trump(game: Game, hand: Hand, event: events.TrumpSet) -> None:
    kind = game.ruleset.trump.kind
    if kind != "turned":
        how = {"flip": "the flipped card sets it (use `flip`)", "rotating": "it rotates by itself",
               "none": "this game has no trump"}[kind]  # fmt: skip
        raise errors.RuleViolation(f"trump is not recorded in {game.ruleset.name}: {how}")
    _require_before_play(game, hand, "trump")
    if event.suit is not None and event.suit not in game.deck.suits:
        raise errors.EntryError(f"{event.suit} is not a suit of this pack")
    _check_no_repeat(game, hand, "trump", event.suit, game.ruleset.trump)
    hand.trump, hand.trump_known, hand.trump_card = event.suit, True, event.card


def pile_run(game: Game, hand: Hand) -> tuple[int, int]:
    """The first and last hand of the run through a Decktet pile (six cards, one per suit)
    that `hand` belongs to: hands 1-6, 7-12, …; the pile is reshuffled between runs."""
    run = len(game.deck.suits)
    start = (hand.number - 1) // run * run + 1
    return start, start + run - 1


def _check_no_repeat(game: Game, hand: Hand, what: str, suit: str | None, rule: rulesets.Trump) -> None:
    """Decktet piles: within one run through the six suits, no suit turns up twice."""
    if not rule.no_repeat or suit is None:
        return
    start, end = pile_run(game, hand)
    earlier_hands = game.hands[start - 1 : hand.number - 1]
    for earlier in earlier_hands:
        if getattr(earlier, what) == suit:
            pile = "Ace" if what == "cursed" else "Crown"
            used = {getattr(h, what) for h in earlier_hands}
            left = ", ".join(cards.suit_symbol(s) for s in game.deck.suits if s not in used)
            raise errors.RuleViolation(
                f"{cards.suit_symbol(suit)} was already the {what} suit in hand {earlier.number}, and "
                f"each {pile} turns up once in hands {start}-{end}; check the flipped {pile} "
                f"(still in the pile: {left})"
            )


def _on_flip(game: Game, hand: Hand, event: events.CardFlipped) -> None:
    rules = game.ruleset
    if not isinstance(rules.sizes, rulesets.FlipSize):
        how = "; record the trump with `trump`" if rules.trump.kind == "turned" else ""
        raise errors.RuleViolation(
            f"{rules.name} does not flip a card for the hand size (hand {hand.number} is "
            f"{hand.size} cards each){how}"
        )
    if hand.bids or _play_started(hand):
        raise errors.RuleViolation("bids are already recorded for this hand, so the flip can no longer change; `undo` them first")
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
            f"hand {hand.number} already has its flip ({last}); only a flipped Joker may be "
            "shuffled back and another flipped; `undo` the flip to correct it"
        )
    if not sizes.joker_reflip:
        raise errors.RuleViolation(
            f"hand {hand.number}'s flipped Joker stands ({hand.size} cards, no trump): this game "
            "does not shuffle it back (house option joker_reflip is off); `undo` the flip to correct it"
        )


def _on_cursed(game: Game, hand: Hand, event: events.CursedSet) -> None:
    if game.ruleset.cursed is None:
        raise errors.RuleViolation(f"{game.ruleset.name} has no cursed suit")
    _require_before_play(game, hand, "cursed suit")
    _check_no_repeat(game, hand, "cursed", event.suit, game.ruleset.cursed)
    hand.cursed = event.suit


def _on_bids(game: Game, hand: Hand, event: events.BidsRecorded) -> None:
    rules = game.ruleset
    if rules.bidding.kind != "bids":
        what = "poisons with `poison`" if rules.bidding.kind == "poisons" else "no bids"
        raise errors.RuleViolation(f"{rules.name} has {what}")
    _require_before_play(game, hand, "bids")
    if hand.size is None:
        raise errors.RuleViolation("flip the card that sets the hand size first (`flip CARD`)")
    for player, bid in event.bids.items():
        if not 0 <= bid <= hand.size:
            raise errors.RuleViolation(
                f"{player} bid {bid}, but hand {hand.number} has {hand.size} "
                f"card{'s' if hand.size != 1 else ''} each; bid 0 to {hand.size}"
            )
    merged = {**hand.bids, **event.bids}
    if rules.bidding.order == "in-turn":
        _check_bid_order(game, hand, merged)
    hand.bids = {p: merged[p] for p in game.players if p in merged}


def _check_bid_order(game: Game, hand: Hand, bids: dict[str, int]) -> None:
    n = len(game.players)
    order = [game.players[schedule.seat_left(hand.dealer, n, k)] for k in range(1, n + 1)]
    for i, player in enumerate(order):
        if player in bids and any(p not in bids for p in order[:i]):
            waiting = next(p for p in order[:i] if p not in bids)
            raise errors.RuleViolation(
                f"bids go in turn from the dealer's left ({', '.join(order)}); "
                f"{waiting} bids before {player}"
            )
    dealer = order[-1]
    if game.ruleset.bidding.hook and dealer in bids:
        others = sum(bids[p] for p in order[:-1])
        forbidden = hand.size - others
        if bids[dealer] == forbidden:
            allowed = [str(b) for b in range(hand.size + 1) if b != forbidden]
            raise errors.RuleViolation(
                f"bids would total {hand.size}, the tricks available, and {dealer} bids last "
                f"(hook rule); {dealer} may bid {_ranges(allowed)}"
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
    return " or ".join(parts) if parts else "nothing"


def _on_tricks(game: Game, hand: Hand, event: events.TricksRecorded) -> None:
    _require_ready_for_play(game, hand, "tricks")
    if hand.played:
        raise errors.RuleViolation("this hand is being recorded trick by trick; finish it with `trick`")
    if set(event.tricks) != set(game.players):
        missing = [p for p in game.players if p not in event.tricks]
        raise errors.EntryError(f"give every player's tricks at once; missing: {', '.join(missing)}")
    size = hand.size or 0
    total = sum(event.tricks.values())
    if any(t < 0 for t in event.tricks.values()):
        raise errors.EntryError("a player cannot take fewer than 0 tricks")
    if total != size:
        diff = total - size
        raise errors.RuleViolation(
            f"tricks total {total} but hand {hand.number} has {size} tricks "
            f"({abs(diff)} too {'many' if diff > 0 else 'few'}); check the count"
        )
    hand.tricks = {p: event.tricks[p] for p in game.players}


def _on_comment(game: Game, hand: Hand, event: events.CommentAdded) -> None:
    if not event.text.strip():
        raise errors.EntryError("the comment is empty; write it in quotes after `comment`")
    hand.comments.append(event.text)


def _on_renege(game: Game, hand: Hand, event: events.RenegeRecorded) -> None:
    kinds = {r.kind: r for r in game.ruleset.reneges}
    if not kinds:
        raise errors.RuleViolation(f"{game.ruleset.name} has no renege penalty")
    rule = kinds.get(event.kind)
    if rule is None:
        raise errors.EntryError(f"no renege kind '{event.kind}' here; use --kind {' or '.join(kinds)}")
    if rule.forced_blind_only:
        # Pick Your Poison's peek: only a player forced to bid blind this hand can commit it
        from scorekeeper.core.families import poisons

        poisons.require_forced_blind(game, hand, event.player, rule)
    value = rule.points
    text = f"renege ({rule.kind}: {rule.description}) → {scoring.points_text(value)}"
    hand.penalties.append(Penalty(scoring.Item(event.player, value, "renege", text), rule.kind, event.note))


def _on_dealer(game: Game, hand: Hand, event: events.DealerSet) -> None:
    """A deal out of turn, as it happened (RULES §6): the rotation carries on from this dealer."""
    seat = game.seat(game.player(event.player))
    if seat == hand.dealer:
        return
    hand.dealer_reason = f"dealt out of turn ({game.players[hand.dealer]} was due)"
    hand.dealer = seat
    hand.leader = schedule.leader(game.ruleset, seat, len(game.players))


_HANDLERS: dict[type, Any] = {
    events.DealerSet: _on_dealer,
    events.TrumpSet: _on_trump,
    events.CardFlipped: _on_flip,
    events.CursedSet: _on_cursed,
    events.BidsRecorded: _on_bids,
    events.TricksRecorded: _on_tricks,
    events.CommentAdded: _on_comment,
    events.RenegeRecorded: _on_renege,
}


def register(event_type: type, handler: Any) -> None:
    """Game families add the entries they own (poisons, captured cards, card-by-card tricks)."""
    _HANDLERS[event_type] = handler


# Checks of a hand as a whole, run after every entry and before the hand may close: a
# family's facts that must agree whichever entry arrives last (Snakebit's cursed cards
# against the tricks). Each is check(game, hand, event) and raises to refuse the entry.
_CHECKS: list[Any] = []


def register_check(check: Any) -> None:
    _CHECKS.append(check)


# --- hand closing and the schedule -------------------------------------------------


def _open_hand(game: Game, number: int, dealer: int, reason: str) -> None:
    rules, n = game.ruleset, len(game.players)
    hand = Hand(
        number=number,
        dealer=dealer,
        leader=schedule.leader(rules, dealer, n),
        size=schedule.hand_size(rules, n, number),
        phase=rules.phase(number),
        dealer_reason=reason,
    )
    if rules.trump.kind == "rotating":
        hand.trump, hand.trump_known = schedule.rotating_trump(rules, number), True
    elif rules.trump.kind == "none":
        hand.trump_known = True
    game.hands.append(hand)


def pass_direction(game: Game, hand: Hand) -> str | None:
    passing = game.ruleset.passing
    if passing is None or not hand.phase.passing:
        return None
    return passing.direction(len(game.players), hand.number)


def _close_if_complete(game: Game, hand: Hand) -> None:
    if game.needs(hand):
        return
    facts = hand.facts(game.players)
    hand.items = scoring.score(hand.phase, facts, game.deck)
    hand.announcements += scoring.announcements(hand.phase, facts, game.deck)  # moon, sweep
    hand.closed = True
    _forfeits(game, hand)
    _advance(game, hand)


def _forfeits(game: Game, hand: Hand) -> None:
    pants = game.ruleset.pants
    if pants is None or not pants.enabled or not hand.bids:
        return
    for player in game.players:
        bid, took = hand.bids[player], (hand.tricks or {}).get(player)
        if bid < pants.min_bid or bid == took:
            continue
        if pants.once and "pants" in game.forfeits[player]:
            hand.announcements.append(
                f"{player} bid {bid} and took {took}, but has already paid the pants forfeit"
            )
            continue
        game.forfeits[player].append("pants")
        hand.announcements.append(
            f"PANTS: {player} bid {bid} and took {took}: off with the pants "
            "(or 'Dumbass' on the forehead)"
        )


def _reached(end: rulesets.End, total: Fraction) -> bool:
    assert end.threshold is not None
    return total <= end.threshold if end.reached == "at-or-below" else total >= end.threshold


def _advance(game: Game, hand: Hand) -> None:
    rules, n = game.ruleset, len(game.players)
    end = rules.end
    totals = game.totals()
    if end.threshold is not None and any(_reached(end, t) for t in totals.values()):
        game.finished = True
        return
    planned = game.planned_hands
    if planned is not None and hand.number >= planned:
        if not (end.tie_break and len(game.leaders()) > 1):
            game.finished = True
            return
        hand.announcements.append(
            f"{' and '.join(game.leaders())} tie for the lead: another hand at the final size"
        )
    if rules.dealer == "lowest-score":
        seat, why = schedule.lowest_score_dealer(
            [totals[p] for p in game.players], hand.dealer, end.winner
        )
        reason = f"{why}, {scoring.points_text(totals[game.players[seat]])}"
    else:
        seat, reason = schedule.seat_left(hand.dealer, n), "deal passes left"
    _open_hand(game, hand.number + 1, seat, reason)


# --- game families -------------------------------------------------------------------
# Each family's module registers its entries (and checks) with the engine when imported.
# A module is imported only when a game of its family starts or its entry is applied, so
# a command on an Oh Hell game never pays for the other families.

_FAMILY_MODULES = {"poison": "poisons", "snakebit": "snakebit", "avoidance": "captures"}
_ENTRY_MODULES = {
    events.PoisonsRecorded: "poisons",
    events.CardsTaken: "captures",
    events.TrickAwarded: "captures",
    events.MoonDeclared: "captures",
    events.TrickPlayed: "play",
    events.CursedCounted: "snakebit",
}


def _load(module: str | None) -> None:
    # explicit imports a reader can follow; each family registers itself (see its module)
    if module == "poisons":
        from scorekeeper.core.families import poisons  # noqa: F401
    elif module == "captures":
        from scorekeeper.core.families import captures  # noqa: F401
    elif module == "snakebit":
        from scorekeeper.core.families import snakebit  # noqa: F401
    elif module == "play":
        from scorekeeper.core.families import card_by_card  # noqa: F401
