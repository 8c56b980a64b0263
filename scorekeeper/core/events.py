"""The events: small immutable records of what the scorer entered, the single source of
truth for every game. Pydantic models told apart by `type`; the store keeps them as JSON."""

from typing import Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_serializer

from scorekeeper.core import cards, errors
from scorekeeper.core.language import _, ngettext


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def data(self) -> dict[str, Any]:
        """The JSON form kept in the store."""
        return self.model_dump(mode="json")


class HandEvent(Event):
    hand: int  # the hand it belongs to (1-based); checked against the hand in progress


class GameStarted(Event):
    type: Literal["game_started"] = "game_started"
    game_id: str
    ruleset: dict[str, Any]  # the whole resolved ruleset document, so replays never change
    options: dict[str, Any]  # every option's value as played
    players: list[str]
    dealer: str
    name: str = ""
    location: str = ""
    scorer: str = ""
    sides: list[str] = []  # partnership games: the sides' names, the 1st player's side first ([]: by their players)

    @model_serializer(mode="wrap")
    def _kept(self, handler: Any) -> dict[str, Any]:
        # a game whose sides are not named is kept as every game always was
        found = handler(self)
        if not self.sides:
            found.pop("sides", None)
        return found


class TrumpSet(HandEvent):
    type: Literal["trump"] = "trump"
    suit: str | None  # None: no trump
    card: str | None = None  # the card turned up, when given


class CardFlipped(HandEvent):
    type: Literal["flip"] = "flip"
    card: str


class CursedSet(HandEvent):
    type: Literal["cursed"] = "cursed"
    suit: str


class BidsRecorded(HandEvent):
    type: Literal["bids"] = "bids"
    bids: dict[str, int]  # Spades: 0 is nil
    blind: list[str] = []  # Spades: who of them bid blind nil (their bid is 0)

    @model_serializer(mode="wrap")
    def _kept(self, handler: Any) -> dict[str, Any]:
        # an entry without a blind nil is kept as it always was (in a correction too)
        found = handler(self)
        if not self.blind:
            found.pop("blind", None)
        return found


class Poison(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: Literal["bid", "blind", "take"]
    bid: int | None = None


class PoisonsRecorded(HandEvent):
    type: Literal["poisons"] = "poisons"
    poisons: dict[str, Poison]


class TrumpMade(HandEvent):
    """Euchre: who made trump, the suit, whether the turned card was ordered up (else the suit
    was named) and whether the maker went alone; `player` None: every player passed."""

    type: Literal["make"] = "make"
    player: str | None
    suit: str | None = None
    ordered_up: bool = False
    alone: bool = False
    defender: str | None = None  # a defender who went alone (where the rules allow it)


class TricksRecorded(HandEvent):
    type: Literal["tricks"] = "tricks"
    tricks: dict[str, int]


class CardsTaken(HandEvent):
    type: Literal["took"] = "took"
    player: str
    cards: list[str]


class CursedCounted(HandEvent):
    type: Literal["cursed_counts"] = "cursed_counts"
    counts: dict[str, int]


class TrickAwarded(HandEvent):
    type: Literal["trick_won"] = "trick_won"
    which: Literal["first", "last"]
    player: str


class MoonDeclared(HandEvent):
    type: Literal["moon"] = "moon"
    player: str


class RevokeProof(BaseModel):
    """What the cards recorded trick by trick prove, kept with the renege that confirms it:
    facts, so its words are made in the reader's language when shown (see card_by_card.Flag)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: Literal["revoke", "lead"]
    trick: int  # where the fault was
    card: str  # the card the player played then
    suit: str  # the led suit they showed void in; for a lead, the suit led
    proof_trick: int  # the later trick whose card proves it
    proof: str  # that card

    def words(self, player: str, card: object, proof: object) -> str:
        """The fault in words: `card` and `proof` as shown (a card's name, or its code where
        no pack is at hand)."""
        if self.kind == "revoke":
            text = _(
                "{player} showed void in {suit} in trick {trick} ({card} on a {suit} lead) but plays {proof} in "
                "trick {proof_trick}: a revoke"
            )
        else:
            text = _(
                "{player} led {card} as {suit} in trick {trick} before it was broken, saying nothing else could "
                "be led, but plays {proof} in trick {proof_trick}"
            )
        return text.format(
            player=player, suit=cards.suit_name(self.suit), trick=self.trick, card=card,
            proof=proof, proof_trick=self.proof_trick,
        )  # fmt: skip

    def said(self, player: str, deck: cards.Deck | None = None) -> str:
        """The fault in words, its cards by name in the pack `deck`, else by code (as the log
        names every card)."""
        if deck is None:
            return self.words(player, self.card, self.proof)
        return self.words(player, cards.parse_card(self.card, deck), cards.parse_card(self.proof, deck))


class RenegeRecorded(HandEvent):
    type: Literal["renege"] = "renege"
    player: str
    kind: str
    note: str = ""  # the scorer's words
    proof: RevokeProof | None = None  # a revoke the tricks proved, confirmed


class TrickPlayed(HandEvent):
    type: Literal["trick"] = "trick"
    cards: list[str]  # in play order, from the leader
    led: str | None = None  # the declared led suit (Decktet)
    forced: bool = False  # an unbroken suit led by a player holding nothing else
    leader: str | None = None  # who led, where the rules name a card, not a seat (Hearts' 2♣)


class CommentAdded(HandEvent):
    type: Literal["comment"] = "comment"
    text: str


class DealerSet(HandEvent):
    type: Literal["dealer"] = "dealer"
    player: str  # who actually dealt the hand (a deal out of turn); the rotation goes on from them


class PlayerJoined(HandEvent):
    type: Literal["join"] = "join"
    player: str
    after: str | None = None  # seated after this player (default: last in seating order)
    score: str | None = None  # the starting score given with --score; else the ruleset's join_score


class PlayerLeft(HandEvent):
    type: Literal["leave"] = "leave"
    player: str


class PlayerRenamed(HandEvent):
    type: Literal["rename"] = "rename"
    old: str
    new: str


class PointsAdjusted(HandEvent):
    type: Literal["adjust"] = "adjust"
    player: str
    points: str  # as written: "-5", "2.5"
    reason: str


# The facts a correction may carry: any entry of a hand but a card-by-card trick.
Fact = Annotated[
    Union[
        TrumpSet, CardFlipped, CursedSet, BidsRecorded, PoisonsRecorded, TricksRecorded,
        CardsTaken, CursedCounted, TrickAwarded, MoonDeclared, RenegeRecorded, CommentAdded,
        DealerSet, PointsAdjusted, TrumpMade,
    ],
    Field(discriminator="type"),
]  # fmt: skip


class Corrected(Event):
    """The right fact for a hand that has closed: it supersedes what that hand's entries said
    (see core/corrections.py); the entries it supersedes stay in the log as they were."""

    type: Literal["correction"] = "correction"
    fact: Fact

    @property
    def hand(self) -> int:
        return self.fact.hand


class GameLabelled(Event):
    """The game's name, where it is played and who keeps score, set or changed after `new`
    (`label`); a field left out (None) stays as it was, "" clears it."""

    type: Literal["label"] = "label"
    name: str | None = None
    location: str | None = None
    scorer: str | None = None


class GameAbandoned(Event):
    type: Literal["abandoned"] = "abandoned"


class EntryReversed(Event):
    type: Literal["reversed"] = "reversed"
    target: int  # the position in the game's log of the entry taken back


AnyEvent = Union[
    GameStarted, TrumpSet, CardFlipped, CursedSet, BidsRecorded, PoisonsRecorded,
    TricksRecorded, CardsTaken, CursedCounted, TrickAwarded, MoonDeclared,
    RenegeRecorded, TrickPlayed, CommentAdded, DealerSet, PlayerJoined, PlayerLeft,
    PlayerRenamed, PointsAdjusted, Corrected, GameAbandoned, EntryReversed, GameLabelled, TrumpMade,
]  # fmt: skip

_BY_TYPE: dict[str, type[Event]] = {kind.model_fields["type"].default: kind for kind in get_args(AnyEvent)}


class UnknownEntry(errors.StoreError):
    """A stored entry that is not an entry this version knows (its `position` in the log)."""

    def __init__(self, position: int) -> None:
        super().__init__(
            _(
                "entry {position} of the game is not an entry this scorekeeper knows; "
                "`verify` checks whether the store was altered"
            ).format(position=position)
        )
        self.position = position


# The key of a stored entry's body naming the front end it came from, when not the terminal
# ("phone": the scorer's page). It sits beside the event's own fields, so the chain's hash
# covers it like the rest of the entry; replaying ignores it.
VIA = "via"
VIA_PHONE = "phone"
# The key naming the phone's own id for the entry (its outbox's), beside "via": an entry sent
# again is found by it in the game's chain, so the chain itself remembers what was recorded,
# across restarts, and nothing else can disagree with it.
PHONE_ENTRY = "phone_entry"
_NOT_THE_EVENTS = (VIA, PHONE_ENTRY)


def via(body: dict[str, Any]) -> str | None:
    """Where a stored entry was made: "phone", or None for the terminal."""
    given = body.get(VIA) if isinstance(body, dict) else None
    return given if isinstance(given, str) else None


def phone_entry(body: dict[str, Any]) -> str | None:
    """The phone's id of the entry a stored body was part of, or None."""
    given = body.get(PHONE_ENTRY) if isinstance(body, dict) else None
    return given if isinstance(given, str) else None


def parse_all(bodies: list[dict[str, Any]]) -> list[AnyEvent]:
    """Events from their stored JSON forms. Each is checked by the validator of its own
    type (built once, when first needed), so a command pays only for building the validators
    of the kinds of entry its game has; it is called directly, as `model_validate` would."""
    parsed = []
    for position, body in enumerate(bodies):
        try:
            validate = _VALIDATORS[body["type"]]
        except (KeyError, TypeError):  # a kind not met yet in this process, or not an entry at all
            validate = _validator(body, position)
        if VIA in body or PHONE_ENTRY in body:
            body = {key: value for key, value in body.items() if key not in _NOT_THE_EVENTS}
        try:
            parsed.append(validate(body))
        except ValidationError:
            raise UnknownEntry(position) from None
    return parsed


# Each kind of entry's validator once it is built, by the entry's `type`
_VALIDATORS: dict[str, Any] = {}


def _validator(body: Any, position: int) -> Any:
    """The validator of the kind of entry `body` says it is (built now), or UnknownEntry."""
    tag = body.get("type") if isinstance(body, dict) else None
    kind = _BY_TYPE.get(tag) if isinstance(tag, str) else None
    if kind is None:
        raise UnknownEntry(position)
    validate = _VALIDATORS[tag] = kind.__pydantic_validator__.validate_python
    return validate


def describe(event: AnyEvent, deck: cards.Deck | None = None) -> str:
    """One line for the log: what the entry said (with the game's pack, `deck`, a confirmed
    revoke's cards by name, as the table reads them)."""
    match event:
        case GameStarted():
            return _("new game of {ruleset} for {players}, {dealer} deals").format(
                ruleset=event.ruleset.get("name"), players=", ".join(event.players), dealer=event.dealer
            )
        case TrumpSet():
            if event.suit:
                said = _("trump {suit} ({card})") if event.card else _("trump {suit}")
            else:
                said = _("no trump ({card})") if event.card else _("no trump")
            return said.format(suit=event.suit, card=event.card)
        case CardFlipped():
            return _("flipped {card}").format(card=event.card)
        case CursedSet():
            return _("cursed suit {suit}").format(suit=event.suit)
        case BidsRecorded():
            if event.blind:
                return _("bids {values}, blind nil by {players}").format(
                    values=_pairs(event.bids), players=", ".join(event.blind)
                )
            return _("bids {values}").format(values=_pairs(event.bids))
        case PoisonsRecorded():
            return _("poisons {values}").format(values=_pairs({p: _poison(v) for p, v in event.poisons.items()}))
        case TricksRecorded():
            return _("tricks {values}").format(values=_pairs(event.tricks))
        case TrumpMade():
            return made_words(event, event.suit)
        case CardsTaken():
            return _("{player} took {cards}").format(player=event.player, cards=" ".join(event.cards))
        case CursedCounted():
            return _("cursed cards {values}").format(values=_pairs(event.counts))
        case TrickAwarded():
            said = _("first trick to {player}") if event.which == "first" else _("last trick to {player}")
            return said.format(player=event.player)
        case MoonDeclared():
            return _("{player} shoots the moon").format(player=event.player) if event.player else _("no moon declared")
        case RenegeRecorded():
            note = event.note if event.proof is None else event.proof.said(event.player, deck)
            said = _("renege ({kind}) by {player}: {note}") if note else _("renege ({kind}) by {player}")
            return said.format(kind=event.kind, player=event.player, note=note)
        case TrickPlayed():
            notes = [
                *([_("led {suit}").format(suit=event.led)] if event.led else []),
                *([_("forced lead")] if event.forced else []),
                *([_("led by {player}").format(player=event.leader)] if event.leader else []),
            ]
            return _("trick {cards}").format(cards=" ".join(event.cards)) + "".join(f" ({note})" for note in notes)
        case CommentAdded():
            return _("comment: {text}").format(text=event.text)
        case DealerSet():
            return _("{player} deals").format(player=event.player)
        case PlayerJoined():
            return _joined(event)
        case PlayerLeft():
            return _("{player} leaves").format(player=event.player)
        case PlayerRenamed():
            return _("{old} is now {new}").format(old=event.old, new=event.new)
        case PointsAdjusted():
            # TRANSLATORS: {points} as the scorer wrote them ("-5", "2.5"); {reason} is the scorer's own
            return ngettext("{player} {points} point: {reason}", "{player} {points} points: {reason}", _count(event.points)).format(
                player=event.player, points=event.points, reason=event.reason
            )
        case Corrected():
            return _("correction of hand {hand}: {entry}").format(hand=event.fact.hand, entry=describe(event.fact))
        case GameAbandoned():
            return _("game abandoned")
        case GameLabelled():
            return _("label: {changes}").format(changes=", ".join(_labelled(event)))
        case EntryReversed():
            return _("undo entry {entry}").format(entry=event.target)
    raise AssertionError(event)


def _count(points: str) -> int:
    """How many points the scorer wrote, to choose the plural form (see scoring.counted)."""
    from scorekeeper.core import scoring

    return scoring.counted(points)


def _joined(event: PlayerJoined) -> str:
    # TRANSLATORS: {points} as the scorer wrote them ("-5", "2.5")
    if event.after and event.score is not None:
        said = ngettext(
            "{player} joins after {after} with {points} point", "{player} joins after {after} with {points} points",
            _count(event.score),
        )
    elif event.after:
        said = _("{player} joins after {after}")
    elif event.score is not None:
        said = ngettext("{player} joins with {points} point", "{player} joins with {points} points", _count(event.score))
    else:
        said = _("{player} joins")
    return said.format(player=event.player, after=event.after, points=event.score)


def made_words(event: TrumpMade, suit: str | None) -> str:
    """Who made trump and how, the suit as `suit` shows it (its code in the log)."""
    if event.player is None:
        return _("every player passed: the hand is thrown in")
    if event.ordered_up:
        said = _("{player} orders up {suit}, alone") if event.alone else _("{player} orders up {suit}")
    else:
        said = _("{player} names {suit}, alone") if event.alone else _("{player} names {suit}")
    made = said.format(player=event.player, suit=suit)
    if event.defender:
        return _("{made}; {defender} defends alone").format(made=made, defender=event.defender)
    return made


def _labelled(event: GameLabelled) -> list[str]:
    """What a `label` entry set or cleared, one phrase each."""
    said = []
    if event.name is not None:
        said.append(_("name “{value}”").format(value=event.name) if event.name else _("name cleared"))
    if event.location is not None:
        said.append(_("location “{value}”").format(value=event.location) if event.location else _("location cleared"))
    if event.scorer is not None:
        said.append(_("scorer “{value}”").format(value=event.scorer) if event.scorer else _("scorer cleared"))
    return said


def _pairs(values: dict[str, Any]) -> str:
    return " ".join(f"{name}={value}" for name, value in values.items())


def _poison(poison: Poison) -> str:
    return poison.kind if poison.bid is None else f"{poison.kind}:{poison.bid}"
