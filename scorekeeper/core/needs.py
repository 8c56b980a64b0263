"""What the hand in progress needs, as data (`Need`, worked out by `of`): what is still to
record and in what order, who is still to answer and what each may give (the bids the hand
size and the hook allow, the poisons the round's quotas still allow, Spades' nil and blind
nil), the totals the answers must reach, and which answers a hand of this game takes at all.
`play`'s prompts and completions, the phone's pads and buttons, `help` and `status` all draw
from it; words/ says it in a language."""

# No `from __future__ import annotations`: a NamedTuple compiles each string annotation into a
# ForwardRef, at every start-up (see outcomes.py).
from collections.abc import Mapping
from typing import Literal, NamedTuple, cast

from scorekeeper.core import cards, state

# What a hand may still need, each answered by the entry of that name (`bids`: `bid`):
#   flip     the card turned up that sets the hand's size (and trump)
#   cursed   the cursed suit (Snakebit)
#   make     who made trump, and the suit (Euchre)
#   trump    the trump turned up
#   bids     each player's bid                 poisons  each player's pick (Pick Your Poison)
#   tricks   each player's tricks (Euchre: the makers')
#   took     who took the scoring cards (Snakebit: or how many cursed cards each)
#   first    who won the first trick           last     who won the last trick
#   trick    the next trick, card by card (a hand recorded that way)
NeedKind = Literal[
    "flip", "cursed", "make", "trump", "bids", "poisons", "tricks", "took", "first", "last", "trick"
]
# Needs answered with one value for each player, given in the order the players answer
PER_PLAYER: frozenset[str] = frozenset({"bids", "poisons", "tricks"})
# Needs answered by naming a player (`took` with the cards they took)
NAMING_A_PLAYER: frozenset[str] = frozenset({"first", "last", "took"})


class Answerer(NamedTuple):
    """A player still to give their value for a per-player need."""

    name: str
    # the values they may give; () where any is taken and checked on entry
    legal: tuple[int | str, ...] = ()
    # what a bid may be besides a number, as `bid` takes it (Spades: "nil", and "blind-nil")
    words: tuple[str, ...] = ()


class Hook(NamedTuple):
    """The hook rule of the hand in progress: `player` (the dealer, who bids last) may not make
    the bids total `total` (the tricks available)."""

    player: str
    total: int


class Need(NamedTuple):
    """What the hand in progress needs, and what each answer may be."""

    # what is still to record, in order; () once the game is over
    needs: tuple[NeedKind, ...]
    # who bids or picks in turn: from the dealer's left round to the dealer
    order: tuple[str, ...]
    # who is still to give a value for `next` (a per-player need), in the order they answer
    answering: tuple[Answerer, ...]
    # each player's bids the hand size and the hook allow now; {} without bids or a size
    bids: Mapping[str, tuple[int, ...]]
    # each player's poisons the round's quotas still allow; {} without poisons, or once the hand is closed
    poisons: Mapping[str, tuple[str, ...]]
    # Spades: what each player still to bid may say besides a number
    bid_words: Mapping[str, tuple[str, ...]]
    # the hook rule of this hand, if it holds
    hook: Hook | None
    # the hand's size (cards each); None until a flip sets it
    cards: int | None
    # what the tricks must add up to, when `next` is tricks
    tricks_total: int | None
    # Snakebit: `took` may be answered with how many cursed cards each player took
    counts: bool
    # what those counts add up to (the cursed cards in the pack), when they may
    cursed_total: int | None
    # who leads the next trick; None once the game is over, or while nobody is known to
    next_leader: str | None
    # the next trick may be recorded card by card (`trick`): the hand is being so recorded, or
    # nothing of its play is recorded yet, which a trick then begins
    by_card: bool
    # the suits (as typed) the next trick may not be led in unless the leader holds nothing else
    # (`--forced`): trump, the cursed suit or a suit the ruleset names, not yet broken; and
    # whether a card merely bearing one may not be led (`lead.strict`), when `by_card`
    unbroken: tuple[str, ...]
    strict_lead: bool
    # the cards (each as a line names it) the next trick cannot hold, when `by_card`: played
    # already in the hand, or turned up; and those it may hold twice (french-54's Jokers, while
    # neither is played or turned up)
    spent: tuple[str, ...]
    twice: tuple[str, ...]
    # who plays the next trick, in the order they play it (from its leader; not a Euchre
    # loner's partner), when `by_card`; while its leader is not known, round the table from
    # the first player, and `leads_with` is the card (as a line names it) whose holder leads:
    # the scorer says who (`--leader`)
    trick_order: tuple[str, ...]
    leads_with: str | None
    # Euchre: who made trump and how (`make`), then the makers' tricks as one number
    makers_tricks: bool
    # every answer a hand of this game (in its phase) takes, recorded yet or not, in order
    takes: tuple[NeedKind, ...]
    # every hand has a trump suit: no-trump is refused
    trump_always: bool

    @property
    def next(self) -> NeedKind | None:
        """What the hand needs next; None when nothing is."""
        return self.needs[0] if self.needs else None

    @property
    def per_player(self) -> bool:
        """Whether `next` is answered with one value per player (see `answering`)."""
        return self.next in PER_PLAYER

    @property
    def naming_a_player(self) -> bool:
        """Whether `next` is answered by naming a player (first, last, took)."""
        return self.next in NAMING_A_PLAYER

    def answerer(self, player: str) -> Answerer | None:
        """`player`'s part of a per-player answer to `next`; None if they are not still to give it."""
        return next((a for a in self.answering if a.name == player), None)


def of(game: state.Game) -> Need:
    """What the hand in progress of `game` needs now."""
    hand = game.hand
    rules = game.ruleset
    needs = cast(tuple[NeedKind, ...], tuple(still_to_record(game)))
    following = needs[0] if needs else None
    order = tuple(game.order_from_dealer(hand))
    bids = allowed_bids(game, hand)
    poisons = allowed_poisons(game, hand)
    words = bid_words(game)
    answering: tuple[Answerer, ...] = ()
    if following == "bids":
        answering = tuple(Answerer(p, bids.get(p, ()), words.get(p, ())) for p in order if p not in hand.bids)
    elif following == "poisons":
        answering = tuple(Answerer(p, poisons.get(p, ())) for p in order if p not in hand.poisons)
    elif following == "tricks":
        answering = tuple(Answerer(p) for p in order)
    counts = following == "took" and hand.cursed is not None
    by_card = following == "trick" or (following in hand.phase.play_records and not state.play_started(hand))
    spent, twice = _cards_left(game, hand) if by_card else ((), ())
    return Need(
        needs=needs,
        order=order,
        answering=answering,
        bids=bids,
        poisons=poisons,
        bid_words=words,
        hook=hook(game),
        cards=hand.size,
        tricks_total=hand.size if following == "tricks" else None,
        counts=counts,
        cursed_total=_cursed_total(game, hand) if counts else None,
        next_leader=None if game.finished else _next_leader(game, hand),
        by_card=by_card,
        unbroken=_unbroken(game, hand) if by_card else (),
        strict_lead=rules.lead.strict,
        spent=spent,
        twice=twice,
        trick_order=_trick_order(game, hand) if by_card else (),
        leads_with=_leads_with(game, hand) if by_card else None,
        makers_tricks=rules.family == "euchre",
        takes=cast(tuple[NeedKind, ...], rules.before_play + hand.phase.play_records),
        trump_always=rules.trump.always,
    )


def still_to_record(game: state.Game) -> list[str]:
    """What the hand in progress still needs, in order (Game.needs); while it is recorded card
    by card, its totals come from the tricks: it needs the next `trick` instead."""
    hand = game.hand
    needs = game.needs()
    if not hand.played or hand.closed:
        return needs
    from scorekeeper.core.families import card_by_card

    return card_by_card.status_needs(game, needs)


def allowed_bids(game: state.Game, hand: state.Hand) -> dict[str, tuple[int, ...]]:
    """The bids each player may make in `hand`: none to the hand's size, but the one the hook
    forbids the dealer once every other player has bid. {} where nobody bids, or before a flip
    sets the size."""
    if game.ruleset.bidding.kind != "bids" or hand.size is None:
        return {}
    every = tuple(range(hand.size + 1))
    allowed = dict.fromkeys(game.players, every)
    forbidden = game.hook_bid(hand, hand.bids)
    if forbidden is not None:
        dealer = game.players[hand.dealer]
        allowed[dealer] = tuple(b for b in every if b != forbidden)
    return allowed


def allowed_poisons(game: state.Game, hand: state.Hand) -> dict[str, tuple[str, ...]]:
    """The poisons each player may still pick in `hand`, given their picks earlier in its round
    (Pick Your Poison); {} in other games, and once the hand is closed."""
    if "poisons" not in game.families or game.finished or hand.closed:
        return {}
    from scorekeeper.core.families import poisons

    return {p: tuple(poisons.legal(game, hand, p)) for p in game.players}


def bid_words(game: state.Game) -> dict[str, tuple[str, ...]]:
    """Spades: what each player still to bid may say besides a number (`nil`, and `blind-nil`
    where the rules allow it now for their side); {} in other games."""
    if "spades" not in game.families:
        return {}
    from scorekeeper.core.families import spades

    return {p: tuple(words) for p, words in spades.bid_words(game).items()}


def hook(game: state.Game) -> Hook | None:
    """The hook of the hand in progress, when bids are made in turn under it and its size is
    known; None otherwise, and once the game is over."""
    hand = game.hand
    if game.finished or not game.ruleset.bidding.hook or hand.size is None:
        return None
    return Hook(game.order_from_dealer(hand)[-1], hand.size)


def _cursed_total(game: state.Game, hand: state.Hand) -> int:
    from scorekeeper.core.families import snakebit

    return snakebit.cursed_total(game, hand)


def _unbroken(game: state.Game, hand: state.Hand) -> tuple[str, ...]:
    from scorekeeper.core.families import card_by_card

    return tuple(cards.suit_word(s) for s in card_by_card.unbroken(game, hand, len(hand.played) + 1))


def _cards_left(game: state.Game, hand: state.Hand) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards the next trick cannot hold, and those it may hold twice (see Need.spent)."""
    from scorekeeper.core.families import card_by_card

    left = card_by_card.copies_left(game, hand)
    return (
        tuple(card.word for card, count in left.items() if count <= 0),
        tuple(card.word for card, count in left.items() if count >= 2),
    )


def _trick_order(game: state.Game, hand: state.Hand) -> tuple[str, ...]:
    from scorekeeper.core.families import card_by_card

    if game.finished:
        return ()
    leader = card_by_card.next_leader(game, hand)
    return tuple(game.players[s] for s in card_by_card.seats_in_play(game, hand, 0 if leader is None else leader))


def _leads_with(game: state.Game, hand: state.Hand) -> str | None:
    from scorekeeper.core.families import card_by_card

    first = game.ruleset.lead.first
    if first is None or game.finished or card_by_card.next_leader(game, hand) is not None:
        return None
    return cards.parse_card(first, game.deck).word


def _next_leader(game: state.Game, hand: state.Hand) -> str | None:
    """Who leads the next trick: the hand's leader, then (card by card) each trick's winner."""
    seat = hand.leader
    if hand.played:
        from scorekeeper.core.families import card_by_card

        seat = card_by_card.next_leader(game, hand)
    return None if seat is None else game.players[seat]
