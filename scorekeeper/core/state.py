"""A game's state as replay builds it: the Game and its Hands, what is recorded of each, and
the guards every entry's handler shares (nothing may change once play is recorded; play waits
for what comes before it). Pure data and questions about it; the engine changes it."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from scorekeeper.core import cards, errors, events, names, outcomes, rulesets, schedule, scoring
from scorekeeper.core.alternatives import either
from scorekeeper.core.language import N_, _, ngettext

JOIN_RULE = "join"  # the rule of a newcomer's starting score, an item of the hand they join in
ADJUST_RULE = "adjust"  # the rule of the table's own ruling (`adjust`)

# Records are NamedTuples and the two state objects plain classes rather than dataclasses:
# making a dataclass costs about a millisecond at import, on every command (see README).


class PlayedTrick(NamedTuple):
    cards: list[cards.Card]
    seats: list[int]  # the seat that played each card
    led: str | None
    winner: int  # seat
    reason: outcomes.Reason  # why the winner won, in words when shown (`str`)
    forced: bool = False  # the leader said nothing else could be led (an unbroken suit)


class Hand:
    """One deal: what is known of it so far, and its points once it closes."""

    def __init__(
        self,
        number: int,
        dealer: int,
        leader: int | None,
        size: int | None,
        phase: rulesets.Phase,
        dealer_why: outcomes.Reason,
        seating: list[str],
    ) -> None:
        self.number = number
        self.seating = seating  # who was dealt in, in seating order (dealer and leader are seats of it)
        self.dealer = dealer
        self.leader = leader
        self.size = size
        self.phase = phase
        self.dealer_why = dealer_why  # why this seat deals, in words when shown (`dealer_reason`)
        self.trump: str | None = None
        self.trump_known = False
        self.trump_card: str | None = None
        self.flips: list[str] = []
        self.cursed: str | None = None
        self.bids: dict[str, int] = {}
        self.blind: list[str] = []  # Spades: who bid blind nil
        self.bags: tuple[int, ...] = ()  # Spades: each side's bags after this hand closed, by side
        self.making: scoring.Making | None = None  # Euchre: who made trump, and how
        self.poisons: dict[str, scoring.PoisonPick] = {}
        self.tricks: dict[str, int] | None = None
        self.taken: dict[str, list[cards.Card]] = {}
        self.cursed_counts: dict[str, int] | None = None
        self.first: str | None = None
        self.last: str | None = None
        self.moon: str | None = None
        self.played: list[PlayedTrick] = []
        self.penalties: list[outcomes.Penalty] = []  # reneges, each at once
        self.rulings: list[scoring.Item] = []  # the table's own: adjustments, a joining player's score
        self.comments: list[str] = []
        self.forced: dict[str, str] = {}  # picks the rules leave a player no choice about, known at the deal
        self.outcome: outcomes.Outcome | None = None  # what the hand decided, once it closes
        self.announcements: list[outcomes.Announcement] = []
        self.closed = False

    @property
    def dealer_reason(self) -> str:
        """Why this seat deals ("deal passes left"), in the language in use."""
        return str(self.dealer_why)

    @property
    def items(self) -> tuple[scoring.Item, ...]:
        """Every item of points the hand's scoring gave (none before it closes)."""
        return () if self.outcome is None else self.outcome.items

    def facts(self, players: list[str]) -> scoring.Facts:
        return scoring.new_facts((
            players, self.bids, self.poisons, self.tricks or {}, self.taken, self.cursed_counts or {},
            self.size or 0, self.trump, self.cursed, self.first, self.last, self.moon, tuple(self.blind), (),
            self.making,
        ))  # fmt: skip

    def anything_recorded(self) -> bool:
        """Whether any entry has gone to this hand yet (a sheet shows it from then on)."""
        return bool(
            self.bids or self.poisons or self.tricks is not None or self.taken or self.first
            or self.last or self.moon or self.penalties or self.comments or self.played
            or self.cursed_counts or self.rulings
        )  # fmt: skip

    def points(self, players: list[str]) -> dict[str, Fraction]:
        """This hand's points so far: its score once closed, and penalties and rulings at
        once; every one of `players` is in it (0 if nothing), and anyone else given points."""
        return scoring.totals(self.scored(), players)

    def scored(self) -> Sequence[scoring.Item]:
        """Every item of points the hand has given so far: its score once closed, and
        penalties and rulings at once."""
        if not self.penalties and not self.rulings:
            return self.items
        return [*self.items, *[p.item for p in self.penalties], *self.rulings]

    def starts(self) -> dict[str, Fraction]:
        """The starting score of each player who sat down at this hand: it counts in their
        total, and is not a point the hand scored."""
        return {i.player: i.points for i in self.rulings if i.rule == JOIN_RULE}

    def points_scored(self, players: list[str]) -> dict[str, Fraction]:
        """This hand's points without the newcomers' starting scores (what the hand scored)."""
        starts = self.starts()
        return {p: v - starts.get(p, Fraction(0)) for p, v in self.points(players).items()}


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
        self.side_names: list[str] = []  # partnership games: the sides as the table named them, by side
        self.families: tuple[str, ...] = ()  # the names of the families whose rules this ruleset plays by (set as it starts)
        self.document = document
        self.options = options
        self.players = players  # seated now, in clockwise order
        self.start_players = len(players)  # the count the schedule was planned for
        self.roster = list(players)  # everyone who has played, in order of first sitting down
        self.left: list[str] = []  # who has left, in the order they left
        self.pending: list[Any] = []  # joins and leaves waiting for the next hand (events)
        self.renames: list[tuple[int, str, str]] = []  # (hand, old name, new name)
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
        self._settled = {p: 0 for p in players}  # the closed hands' sum (see totals)
        self._settled_hands = 0

    @property
    def deck(self) -> cards.Deck:
        return cards.deck(rulesets.deck_name(self.ruleset.deck, len(self.players)))

    @property
    def hand(self) -> Hand:
        """The hand in progress (the last hand, once the game is over)."""
        return self.hands[-1]

    @functools.cached_property
    def planned_hands(self) -> int | None:
        """Hands planned at the start (the ruleset and the starting count never change)."""
        return schedule.planned_hands(self.ruleset, self.start_players)

    def totals(self) -> dict[str, Fraction]:
        """Each player's points so far. A closed hand never changes again (entries go to
        the hand in progress), so the closed hands' sum is kept and extended, not redone."""
        while self._settled_hands < len(self.hands) and self.hands[self._settled_hands].closed:
            self._add(self._settled, self.hands[self._settled_hands])
            self._settled_hands += 1
        result = {player: self._settled.get(player, 0) for player in self.roster}
        for hand in self.hands[self._settled_hands :]:
            self._add(result, hand)
        return result

    def _add(self, totals: dict[str, Fraction], hand: Hand) -> None:
        for item in hand.scored():
            totals[item.player] = totals.get(item.player, 0) + item.points

    def sides(self) -> list[tuple[str, list[str]]]:
        """A partnership game's sides, each (name, its players in seating order): partners sit
        opposite, so seats 1 & 3 are one side and 2 & 4 the other. Empty in other games."""
        if not self.ruleset.partners:
            return []
        count = len(self.players) // 2
        seated = [[self.players[seat] for seat in range(first, len(self.players), count)] for first in range(count)]
        named = self.side_names or [" & ".join(players) for players in seated]
        return list(zip(named, seated, strict=True))

    def side_of(self, player: str) -> list[str]:
        """The players whose score is `player`'s: their side's, in a partnership game; else
        `player` alone. Every point a side scores is given to each of its players."""
        return next((players for _name, players in self.sides() if player in players), [player])

    def side_standings(self) -> list[tuple[int, str, list[str], Fraction]]:
        """(place, name, players, score) of each side, best first; tied sides share a place."""
        totals = self.totals()
        scored = [(name, players, totals[players[0]]) for name, players in self.sides()]
        scored.sort(key=lambda side: -side[2])
        return [(1 + sum(1 for other in scored if other[2] > score), name, players, score) for name, players, score in scored]

    def standings(self) -> list[tuple[int, str, Fraction]]:
        """(place, player, total), best first; tied players share a place. Players who left
        keep their totals and are placed after everyone still playing. In a partnership game
        each player has their side's score and place."""
        if self.ruleset.partners:
            return [(place, p, score) for place, _name, players, score in self.side_standings() for p in players]
        totals = self.totals()
        best_first = self.ruleset.end.winner == "highest"
        rows: list[tuple[int, str, Fraction]] = []
        for group in (self.players, self.left):
            order = sorted(group, key=lambda p: (-totals[p] if best_first else totals[p], self.roster.index(p)))
            for i, player in enumerate(order):
                place = rows[-1][0] if i and totals[player] == totals[order[i - 1]] else len(rows) + 1
                rows.append((place, player, totals[player]))
        return rows

    def leaders(self) -> list[str]:
        return [player for place, player, _total in self.standings() if place == 1]

    def winners(self) -> list[str]:
        return self.leaders() if self.finished else []

    def called(self, player: str, number: int) -> str:
        """What `player` (as called now) was called in hand `number`: a rename counts from
        the hand it was made in, and the hands before it keep the name they were played under."""
        for at, old, new in reversed(self.renames):
            if at > number and player == new:
                player = old
        return player

    def names_of(self, player: str) -> list[str]:
        """Every name the seat now called `player` has had, oldest first (a rename, or a
        substitute taking the seat, adds one)."""
        called = [player]
        for _hand, old, new in reversed(self.renames):
            if called[0] == new:
                called.insert(0, old)
        return called

    def seat_called(self, text: str) -> str:
        """The seat (by its name now) a name refers to: a player's name now, as `player` reads
        it against everyone who has played, or else a name a seat had before a rename."""
        try:
            return self.player(text, among=self.roster)
        except errors.EntryError:
            former = {old: self.names_of_seat(old) for _hand, old, _new in self.renames}
            matches = names.matching(text, list(former))
            if len(matches) != 1:
                raise
            return former[matches[0]]

    def names_of_seat(self, old: str) -> str:
        """The name now of the seat once called `old`."""
        for _hand, before, after in self.renames:
            if before == old:
                old = after
        return old

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def order_from_dealer(self, hand: Hand) -> list[str]:
        """Who bids (or picks) in turn: from the dealer's left round to the dealer, last."""
        n = len(self.players)
        return [self.players[seat] for seat in schedule.seats_from(schedule.seat_left(hand.dealer, n), n)]

    def hook_bid(self, hand: Hand, bids: dict[str, int]) -> int | None:
        """The bid the hook rule forbids the dealer once every other player has bid: the one
        that would make the bids total the tricks available. None when no bid is forbidden."""
        if not self.ruleset.bidding.hook or hand.size is None:
            return None
        others = self.order_from_dealer(hand)[:-1]
        if not all(p in bids for p in others):
            return None
        return hand.size - sum(bids[p] for p in others)

    def needs(self, hand: Hand | None = None) -> list[str]:
        """What is still to be recorded before the hand can be scored, in the order to
        record it."""
        hand = hand or self.hand
        if self.finished or hand.closed:
            return []
        return self.needs_before_play(hand) + self.needs_in_play(hand)

    def needs_before_play(self, hand: Hand) -> list[str]:
        """What of an open hand must be recorded before its play (Ruleset.before_play), those
        still missing, in that order."""
        seated = len(self.players)
        missing = {
            "flip": hand.size is None,
            "cursed": hand.cursed is None,  # Snakebit: the Ace (cursed) and the Crown (trump) turn together
            "make": hand.making is None,
            "trump": not hand.trump_known,
            "bids": len(hand.bids) < seated,
            "poisons": len(hand.poisons) < seated,
        }
        return [need for need in self.ruleset.before_play if missing[need]]

    def needs_in_play(self, hand: Hand) -> list[str]:
        """What of an open hand's play is still to be recorded before it can be scored."""
        if hand.making is not None and hand.making.player is None:
            return []  # every player passed: nothing is played
        out = []
        for need in hand.phase.play_records:
            if need == "tricks":
                missing = hand.tricks is None
            elif need == "took":
                # before the cursed suit is known no card scores yet, but the cursed cards still will
                missing = bool(self.untaken(hand)) or (self.ruleset.cursed is not None and hand.cursed is None)
            else:  # first, last
                missing = getattr(hand, need) is None
            if missing:
                out.append(need)
        return out

    def untaken(self, hand: Hand) -> list[cards.Card]:
        """Scoring cards of the hand not yet recorded as taken by anyone."""
        if hand.cursed_counts is not None:
            return []
        if hand.played and len(hand.played) == hand.size:
            return []  # played out card by card: what no one captured was never dealt
        taken = {c for got in hand.taken.values() for c in got}  # a card equals another only if their codes do
        return [c for c in scoring.scoring_cards(hand.phase, self.deck, hand.cursed) if c not in taken]

    def rename(self, old: str, new: str) -> None:
        """Call a seat by a new name everywhere, as if it had always been called that; the
        change itself is kept in `renames` for the sheet."""

        def swap(player: str | None) -> str | None:
            return new if player == old else player

        def keys(values: dict | None) -> dict | None:
            return None if values is None else {swap(k): v for k, v in values.items()}

        self.players = [swap(p) for p in self.players]  # type: ignore[misc]
        self.roster = [swap(p) for p in self.roster]  # type: ignore[misc]
        self.left = [swap(p) for p in self.left]  # type: ignore[misc]
        self.forfeits = keys(self.forfeits)  # type: ignore[assignment]
        self._settled = keys(self._settled)  # type: ignore[assignment]
        for hand in self.hands:
            hand.seating = [swap(p) for p in hand.seating]  # type: ignore[misc]
            hand.bids, hand.poisons, hand.taken = keys(hand.bids), keys(hand.poisons), keys(hand.taken)  # type: ignore[assignment]
            hand.tricks, hand.cursed_counts = keys(hand.tricks), keys(hand.cursed_counts)
            hand.first, hand.last, hand.moon = swap(hand.first), swap(hand.last), swap(hand.moon)
            hand.forced = keys(hand.forced)  # type: ignore[assignment]
            hand.blind = [swap(p) for p in hand.blind]  # type: ignore[misc]
            if hand.making is not None:
                hand.making = hand.making._replace(player=swap(hand.making.player), defender=swap(hand.making.defender))
            if hand.outcome is not None:
                hand.outcome = outcomes.renamed(hand.outcome, swap)
            hand.announcements = [a._replace(about=tuple(swap(p) for p in a.about)) for a in hand.announcements]  # type: ignore[misc]
            hand.rulings = [item._replace(player=swap(item.player)) for item in hand.rulings]
            hand.penalties = [p._replace(item=p.item._replace(player=swap(p.item.player))) for p in hand.penalties]

    def player(self, text: str, among: list[str] | None = None) -> str:
        """The player a name or unique prefix refers to (case-insensitive): one seated now,
        or one of `among` (e.g. the whole roster)."""
        choices = self.players if among is None else among
        if not text.strip():
            raise errors.EntryError(_("a player name is empty; name one of {players}").format(players=", ".join(choices)))
        matches = names.matching(text, choices)
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise errors.EntryError(
                _("'{text}' could be {players}; type more of the name").format(text=text, players=either(matches))
            )
        if among is None and names.matching(text, self.left):
            raise errors.EntryError(
                _("{player} has left this game; the players now are {players}").format(
                    player=text, players=", ".join(choices)
                )
            )
        raise errors.EntryError(
            _("no player '{text}' in this game; the players are {players}").format(text=text, players=", ".join(choices))
        )


class DealtIn:
    """The game as an entry for a closed hand (a correction) sees it: its players are those
    dealt in that hand, in that hand's seating order, called by their names now, a player
    who has left since among them and one who joined since not; everything else is the
    game's. So `tricks 1 0 2 1 --hand 3` gives one value per player of hand 3. A player may
    also be named, in full, by the name they had in that hand (a renamed seat: `Eve=2` for
    hand 3 where Eve is Gus now), unless that is a name one of its players has now."""

    def __init__(self, game: Game, hand: Hand) -> None:
        self._game = game
        self._number = hand.number
        self.players = list(hand.seating)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def player(self, text: str, among: list[str] | None = None) -> str:
        if among is not None:
            return self._game.player(text, among)
        then = self.called_then(text)
        if then is not None:
            return then
        try:
            return self._game.player(text, self.players)
        except errors.EntryError:
            elsewhere = names.matching(text, self._game.roster)
            if len(elsewhere) != 1:
                raise
        raise errors.EntryError(
            _("{player} was not dealt in hand {hand}; name one of its players: {players}").format(
                player=elsewhere[0], hand=self._number, players=", ".join(self.players)
            )
        )


    def called_then(self, text: str) -> str | None:
        """The player (as called now) who had the name `text` in this hand, said in full, if
        none of its players has that name now."""
        wanted = text.strip().casefold()
        if not wanted or any(p.casefold() == wanted for p in self.players):
            return None
        was = [p for p in self.players if self._game.called(p, self._number).casefold() == wanted]
        return was[0] if len(was) == 1 else None


def new_hand(game: Game, number: int, dealer: int, reason: outcomes.Reason) -> Hand:
    """Hand `number` as dealt by seat `dealer` to the players seated now."""
    rules, n = game.ruleset, len(game.players)
    leader, size = schedule.leader(rules, dealer, n), schedule.hand_size(rules, n, number, game.start_players)
    hand = Hand(number, dealer, leader, size, rules.phase(number), reason, list(game.players))
    trump = rules.trump.kind
    if trump == "rotating":
        hand.trump, hand.trump_known = schedule.rotating_trump(rules, number), True
    elif trump == "none":
        hand.trump_known = True
    return hand


# --- guards the handlers share ----------------------------------------------------


# What can no longer change once play is recorded, by what `require_before_play` is told
_FIXED_BEFORE_PLAY = {
    "trump": N_("play results are already recorded for hand {hand}, so the trump can no longer change; `undo` them first"),
    "cursed suit": N_(
        "play results are already recorded for hand {hand}, so the cursed suit can no longer change; `undo` them first"
    ),
    "bids": N_("play results are already recorded for hand {hand}, so the bids can no longer change; `undo` them first"),
    "poisons": N_(
        "play results are already recorded for hand {hand}, so the poisons can no longer change; `undo` them first"
    ),
}
# The entry that waits for what comes before play, by what `require_ready_for_play` is told
_WAITING = {
    "tricks": N_("the tricks"),
    "first trick": N_("the first trick"),
    "last trick": N_("the last trick"),
    "cards taken": N_("the cards taken"),
    "cursed cards": N_("the cursed cards"),
}
# TRANSLATORS: {entry} is what waits, e.g. "the first trick"
_RECORD_FIRST = {
    "flip": N_("record the flip before {entry}"),
    "trump": N_("record the trump before {entry}"),
    "cursed": N_("record the cursed suit before {entry}"),
}


def trick_by_trick_begun() -> errors.RuleViolation:
    """The refusal of totals for a hand whose tricks are being recorded one by one, in the
    command line's words and a page's."""
    return errors.RuleViolation(
        _("this hand is being recorded trick by trick; finish it with `trick`"),
        page=_("this hand is being recorded trick by trick; finish it trick by trick"),
    )


def require_before_play(game: Game, hand: Hand, what: str) -> None:
    if play_started(hand):
        raise errors.RuleViolation(_(_FIXED_BEFORE_PLAY[what]).format(hand=hand.number))


def play_started(hand: Hand) -> bool:
    return bool(hand.tricks is not None or hand.taken or hand.first or hand.last or hand.played or hand.cursed_counts)


def require_ready_for_play(game: Game, hand: Hand, what: str) -> None:
    missing = game.needs_before_play(hand)
    if not missing:
        return
    need, entry = missing[0], _(_WAITING[what])
    if need == "bids":
        waiting = [p for p in game.players if p not in hand.bids]
        refusal = ngettext(
            "record the bids before {entry}: {players} has not bid",
            "record the bids before {entry}: {players} have not bid",
            len(waiting),
        )
    elif need == "poisons":
        waiting = [p for p in game.players if p not in hand.poisons]
        refusal = ngettext(
            "record the poisons before {entry}: {players} has not picked",
            "record the poisons before {entry}: {players} have not picked",
            len(waiting),
        )
    elif need == "make":
        # TRANSLATORS: {entry} is what waits, e.g. "the first trick"
        said = _("record who made trump (`make PLAYER SUIT`) before {entry}").format(entry=entry)
        # TRANSLATORS: as above, on the scorer's phone, which has buttons, not commands
        raise errors.RuleViolation(said, page=_("record who made trump before {entry}").format(entry=entry))
    else:
        waiting, refusal = [], _(_RECORD_FIRST[need])
    raise errors.RuleViolation(refusal.format(entry=entry, players=", ".join(waiting)))


PILES = {"cursed": "Ace", "trump": "Crown"}  # Decktet piles: the hand attribute each one's flip sets


def pile_run(game: Game, hand: Hand) -> tuple[int, int]:
    """The first and last hand of the run through a Decktet pile (six cards, one per suit)
    that `hand` belongs to: hands 1-6, 7-12, …; the pile is reshuffled between runs."""
    run = len(game.deck.suits)
    start = (hand.number - 1) // run * run + 1
    return start, start + run - 1

