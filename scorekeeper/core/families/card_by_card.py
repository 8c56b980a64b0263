"""Hands recorded card by card: the `trick` entry and the referee's eye on it.

Owns the TrickPlayed handler (seat order from the leader, each card checked against the pack
and the hand so far, the led suit the rules allow yet, the winner by `referee`), the totals
a finished hand's scoring needs (tricks per player, first and last trick, the scoring cards
each player captured), revoke flags (a player who showed void in a suit and later plays it)
the facts its status shows, and the `winner` calculator that needs no game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from scorekeeper.core import cards, errors, events, referee, rulesets, schedule, scoring, state
from scorekeeper.core.alternatives import all_of, either
from scorekeeper.core.families.interface import Family
from scorekeeper.core.language import N_, _, ngettext

# Every card of each family, to tell a card that is not in the pack in use (a refusal: it
# does not fit the game) from text that is not a card at all (a usage error).
_EVERY_CARD = {"french": "french-54", "decktet": "decktet-45"}
_TOTALS = ("tricks", "took", "first", "last")


# --- entries --------------------------------------------------------------------------


def parse_card(text: str, deck: cards.Deck) -> cards.Card:
    """A card of the pack in use. A real card that is not in this pack is refused (exit 1)."""
    try:
        return cards.parse_card(text, deck)
    except errors.UsageError as problem:
        try:
            cards.parse_card(text, cards.deck(_EVERY_CARD[deck.kind]))
        except errors.UsageError:
            raise problem from None
        raise errors.EntryError(str(problem)) from None


def parse_led(text: str | None, kind: cards.Kind) -> str | None:
    if text is None:
        return None
    suit = cards.parse_suit(text, kind)
    if suit is None:
        raise errors.UsageError(_("--led names the suit led; 'none' is not a suit"))
    return suit


def trick(
    game: state.Game, texts: list[str], led: str | None, forced: bool = False, leader: str | None = None
) -> events.TrickPlayed:
    """The `trick CARD… [--led SUIT] [--forced] [--leader NAME]` entry: cards in play order
    from the leader."""
    if not texts:
        raise errors.UsageError(_("list the cards played, leader first, e.g. `trick QH 2H 3S`"))
    deck = game.deck
    codes = [parse_card(text, deck).code for text in texts]
    return events.TrickPlayed(
        hand=game.hand.number,
        cards=codes,
        led=parse_led(led, deck.kind),
        forced=forced,
        leader=None if leader is None else game.player(leader),
    )


# --- the handler ----------------------------------------------------------------------


def next_leader(game: state.Game, hand: state.Hand) -> int | None:
    """The seat that leads the next trick: the hand's leader, then each trick's winner; None
    before the first trick of a hand that whoever holds `lead.first` opens."""
    return hand.played[-1].winner if hand.played else hand.leader


def _on_trick(game: state.Game, hand: state.Hand, event: events.TrickPlayed) -> None:
    state.require_ready_for_play(game, hand, "first trick")
    _require_not_by_totals(game, hand)
    names = game.players
    seats = seats_in_play(game, hand, _leader(game, hand, event))
    number = len(hand.played) + 1
    if len(event.cards) != len(seats):
        order = ", ".join(names[s] for s in seats)
        raise errors.EntryError(
            ngettext(
                "{count} card for {players} players; trick {trick} needs one card from each, in the order played: {order}",
                "{count} cards for {players} players; trick {trick} needs one card from each, in the order played: {order}",
                len(event.cards),
            ).format(count=len(event.cards), players=len(seats), trick=number, order=order)
        )
    played = [parse_card(code, game.deck) for code in event.cards]
    _check_opening(game, hand, played, names[seats[0]])
    _check_unplayed(game, hand, played)
    bowers = game.ruleset.trump.bowers
    verdict = referee.trick_winner(played, trump=hand.trump, led=event.led, jokers=game.ruleset.jokers, bowers=bowers)
    at = setter(played)
    _check_lead(game, hand, played[at], verdict.led, names[seats[at]], event.forced, after_joker=at != 0)
    hand.played.append(
        state.PlayedTrick(played, seats, verdict.led, seats[verdict.winner], verdict.why, event.forced)
    )
    if len(hand.played) == hand.size:
        _finish(game, hand)


def seats_in_play(game: state.Game, hand: state.Hand, leader: int) -> list[int]:
    """The seats that play a trick `leader` leads, in the order they play: round the table from
    the leader, without a Euchre loner's partner."""
    out = sitting_out(game, hand)
    return [seat for seat in schedule.seats_from(leader, len(game.players)) if seat != out]


def sitting_out(game: state.Game, hand: state.Hand) -> int | None:
    """The seat that plays no card this hand: a Euchre loner's partner; else None."""
    making = hand.making
    if making is None or not making.alone or making.player is None:
        return None
    seats = len(game.players)
    return (game.seat(making.player) + seats // 2) % seats


def _leader(game: state.Game, hand: state.Hand, event: events.TrickPlayed) -> int:
    """The seat leading this trick: by the rules, or, where the rules name a card (`lead.first`),
    as the scorer says with --leader."""
    seat = next_leader(game, hand)
    if event.leader is None and seat is None:
        raise errors.EntryError(
            # TRANSLATORS: {leader} is e.g. "whoever holds 2♣"
            _("{leader} leads the first trick; say who with --leader NAME, e.g. `trick {cards} --leader {player}`").format(
                leader=schedule.leader_words(game.ruleset, game.players, None),
                cards=" ".join(event.cards),
                player=game.players[0],
            )
        )
    if event.leader is not None and seat is not None:
        raise errors.EntryError(
            _("{player} leads trick {trick} by the rules; leave out --leader").format(
                player=game.players[seat], trick=len(hand.played) + 1
            )
        )
    return game.seat(event.leader) if event.leader is not None else seat  # type: ignore[return-value]


def _check_opening(game: state.Game, hand: state.Hand, played: list[cards.Card], leader: str) -> None:
    """Where the rules name the card that opens a hand (Hearts' 2♣), its holder leads it."""
    first = game.ruleset.lead.first
    if first is None or hand.played or played[0].code == first:
        return
    card = cards.parse_card(first, game.deck)
    raise errors.RuleViolation(
        _(
            "the first trick opens with {card}, led by whoever holds it; list {card} first and name its "
            "holder with --leader (not {played} from {leader})"
        ).format(card=card, played=played[0], leader=leader),
        page=_("the first trick opens with {card}, led by whoever holds it: tap {card} first (not {played})").format(
            card=card, played=played[0]
        ),
    )


def _require_not_by_totals(game: state.Game, hand: state.Hand) -> None:
    """A hand is recorded card by card or by totals, never both."""
    given = [
        _(what)
        for what, value in (
            (N_("tricks"), hand.tricks),
            (N_("cards taken"), hand.taken or None),
            (N_("first trick"), hand.first),
            (N_("last trick"), hand.last),
            (N_("cursed counts"), hand.cursed_counts),
        )
        if value is not None
    ]
    if given:
        rest = [need for need in game.needs(hand) if need in _TOTALS]
        if rest:
            refusal = _(
                "this hand is recorded by totals ({given} already in); finish it with {entries} or "
                "`undo` those entries to record it trick by trick"
            )
        else:
            refusal = _("this hand is recorded by totals ({given} already in); `undo` those entries to record it trick by trick")
        raise errors.RuleViolation(
            refusal.format(given=", ".join(given), entries=", ".join(f"`{n}`" for n in rest)),
            page=_("this hand is recorded by totals ({given} already in); undo those entries to record it trick by trick").format(
                given=", ".join(given)
            ),
        )


def upcards(game: state.Game, hand: state.Hand) -> list[cards.Card]:
    """The cards turned face up beside the deal that are nobody's (`upcard_out`): the card
    turned up for trump, the flip that stands (a Joker flipped back is shuffled in again)."""
    if not game.ruleset.upcard_out:
        return []
    codes = dict.fromkeys(c for c in (hand.trump_card, hand.flips[-1] if hand.flips else None) if c)
    out = []
    for code in codes:
        try:
            out.append(cards.parse_card(code, game.deck))
        except errors.UsageError:  # from a pile beside the pack dealt (Snakebit's Crown)
            continue
    return out


def copies_left(game: state.Game, hand: state.Hand) -> Counter[cards.Card]:
    """How many of each card the hand's next trick may hold, in the pack's order: a card is
    gone once played or turned up (nobody's), and only french-54 holds one twice (its Jokers)."""
    left = Counter(game.deck.cards)
    left.subtract(upcards(game, hand))
    for earlier in hand.played:
        left.subtract(earlier.cards)
    return left


def _check_unplayed(game: state.Game, hand: state.Hand, played: list[cards.Card]) -> None:
    """Each card once a hand (french-54 has two Jokers, so a Joker may come twice), and never
    the card turned up, where it is nobody's."""
    in_pack = Counter(game.deck.cards)
    up = upcards(game, hand)
    in_pack.subtract(up)
    seen: Counter[cards.Card] = Counter()
    where: dict[cards.Card, tuple[int, int]] = {}
    for number, earlier in enumerate(hand.played, start=1):
        for card, seat in zip(earlier.cards, earlier.seats, strict=True):
            seen[card] += 1
            where[card] = (number, seat)
    in_trick: Counter[cards.Card] = Counter()
    for card in played:
        in_trick[card] += 1
        if seen[card] + in_trick[card] <= in_pack[card]:
            continue
        if card in up:
            _refuse_upcard(card, in_pack[card])
        if card in where and in_pack[card] == 1:
            number, seat = where[card]
            raise errors.RuleViolation(
                _(
                    "{card} was already played in trick {trick} (by {player}); each card is played once "
                    "a hand, so check the cards"
                ).format(card=card, trick=number, player=game.players[seat])
            )
        if in_pack[card] > 1:
            raise errors.RuleViolation(
                ngettext(
                    "the pack has {count} {card} and this would be one more; check the cards",
                    "the pack has {count} {card}s and this would be one more; check the cards",
                    in_pack[card],
                ).format(count=in_pack[card], card=card)
            )
        raise errors.EntryError(_("{card} is listed twice in this trick; each player plays one card").format(card=card))


def _refuse_upcard(card: cards.Card, left: int) -> None:
    if left:  # a Joker: the pack has two
        raise errors.RuleViolation(
            _(
                "one {card} is the card turned up for this hand, face up and nobody's, so only {count} may be "
                "played; check the cards"
            ).format(card=card, count=left)
        )
    raise errors.RuleViolation(
        _("{card} is the card turned up for this hand: it is nobody's and is not played to a trick; check the cards")
        .format(card=card)
    )


# --- what may be led ------------------------------------------------------------------


def restricted(game: state.Game, hand: state.Hand) -> dict[str, str]:
    """Suits that may not be led until broken, and what they are ("trump", "the cursed suit";
    "" for a suit the ruleset names itself, Hearts' hearts), in English (`_named` shows them)."""
    out: dict[str, str] = dict.fromkeys(game.ruleset.lead.must_break, "")
    if game.ruleset.cursed is not None and game.ruleset.cursed.must_break and hand.cursed:
        out[hand.cursed] = N_("the cursed suit")
    if game.ruleset.trump.must_break and hand.trump:
        cursed = out.get(hand.trump) == "the cursed suit"
        out[hand.trump] = N_("trump and the cursed suit") if cursed else N_("trump")
    return out


def _named(barred: dict[str, str], suit: str) -> str:
    """A barred suit in words: "trump (hearts)", or just "hearts"."""
    if not barred[suit]:
        return cards.suit_name(suit)
    # TRANSLATORS: e.g. "trump (hearts)", "the cursed suit (moons)"
    return _("{what} ({suit})").format(what=_(barred[suit]), suit=cards.suit_name(suit))


def _one_named(barred: dict[str, str], suit: str) -> bool:
    """Whether a barred suit is named as one thing ("trump is"), not as a suit ("hearts are")."""
    return barred[suit] in ("trump", "the cursed suit")


# The refusals of a lead the rules forbid, by case and by whether the card leads or, after a
# led Joker, sets the led suit: {suits} are the barred suits named ("trump (hearts)", "hearts").
# The strict rule and a card of several suits are the Decktet's, which has no Jokers.
_STRICT = {
    ("one", False): N_(
        "{suits} is not broken yet and {card} bears it, so {leader} may not lead {card} at all (the strict lead "
        "rule); if every card {leader} holds bears it, add --forced"
    ),
    ("suit", False): N_(
        "{suits} are not broken yet and {card} bears it, so {leader} may not lead {card} at all (the strict "
        "lead rule); if every card {leader} holds bears it, add --forced"
    ),
    ("several", False): N_(
        "{suits} are not broken yet and {card} bears them, so {leader} may not lead {card} at all (the strict "
        "lead rule); if every card {leader} holds bears them, add --forced"
    ),
}
_NOT_BROKEN = {
    ("one", False): N_("{suits} is not broken yet, so {leader} may not lead {card}; if {leader} holds only {suit}, add --forced"),
    ("one", True): N_(
        "{suits} is not broken yet, so {leader} may not set the led suit after the Joker lead with {card}; "
        "if {leader} holds only {suit}, add --forced"
    ),
    ("suit", False): N_("{suits} are not broken yet, so {leader} may not lead {card}; if {leader} holds only {suit}, add --forced"),
    ("suit", True): N_(
        "{suits} are not broken yet, so {leader} may not set the led suit after the Joker lead with {card}; "
        "if {leader} holds only {suit}, add --forced"
    ),
    ("several", False): N_(
        "{suits} are not broken yet, so {leader} may not lead {card}; if every card {leader} holds bears "
        "only those suits, add --forced"
    ),
}


# The same refusals, as the scorer's page says them: it has a button for a leader (or a player
# setting the led suit after a led Joker) who held nothing else (`--forced` on the command line).
_STRICT_ON_PAGE = {
    ("one", False): N_(
        "{suits} is not broken yet and {card} bears it, so {leader} may not lead {card} at all (the strict lead "
        "rule), unless every card {leader} held bears it: then tap “{leader} held nothing else”"
    ),
    ("suit", False): N_(
        "{suits} are not broken yet and {card} bears it, so {leader} may not lead {card} at all (the strict "
        "lead rule), unless every card {leader} held bears it: then tap “{leader} held nothing else”"
    ),
    ("several", False): N_(
        "{suits} are not broken yet and {card} bears them, so {leader} may not lead {card} at all (the strict "
        "lead rule), unless every card {leader} held bears them: then tap “{leader} held nothing else”"
    ),
}
_NOT_BROKEN_ON_PAGE = {
    ("one", False): N_(
        "{suits} is not broken yet, so {leader} may not lead {card}, unless {leader} held only {suit}: then tap "
        "“{leader} held nothing else”"
    ),
    ("one", True): N_(
        "{suits} is not broken yet, so {leader} may not set the led suit after the Joker lead with {card}, "
        "unless {leader} held only {suit}: then tap “{leader} held nothing else”"
    ),
    ("suit", False): N_(
        "{suits} are not broken yet, so {leader} may not lead {card}, unless {leader} held only {suit}: then "
        "tap “{leader} held nothing else”"
    ),
    ("suit", True): N_(
        "{suits} are not broken yet, so {leader} may not set the led suit after the Joker lead with {card}, "
        "unless {leader} held only {suit}: then tap “{leader} held nothing else”"
    ),
    ("several", False): N_(
        "{suits} are not broken yet, so {leader} may not lead {card}, unless every card {leader} held bears "
        "only those suits: then tap “{leader} held nothing else”"
    ),
}


def _refused_lead(said: dict, on_page: dict, case: str, after_joker: bool, **facts: str) -> errors.RuleViolation:
    """A lead the rules forbid, in the command line's words and the page's."""
    key = (case, after_joker)
    return errors.RuleViolation(_(said[key]).format(**facts), page=_(on_page[key]).format(**facts))


def setter(played: Sequence[cards.Card]) -> int:
    """Where the card that sets the led suit is: the lead, or after a Joker lead the first
    card with a suit; its player is leading in effect."""
    return next((i for i, card in enumerate(played) if card.suits), 0)


def broken(tricks: Sequence[state.PlayedTrick]) -> set[str]:
    """Suits broken by these tricks: played by someone following or void in the led suit
    (any card but the leader's), or declared led (which only a forced lead can do)."""
    out: set[str] = set()
    for played in tricks:
        if played.led is not None:
            out.add(played.led)
        for card in played.cards[setter(played.cards) + 1 :]:
            out.update(card.suits)
    return out


def unbroken(game: state.Game, hand: state.Hand, before: int) -> dict[str, str]:
    """The restricted suits not yet broken when trick number `before` (1-based) was led; none
    for the hand's last trick, where each player holds one card and so nothing else."""
    if before == hand.size:
        return {}
    done = broken(hand.played[: before - 1])
    return {suit: what for suit, what in restricted(game, hand).items() if suit not in done}


def _check_lead(
    game: state.Game, hand: state.Hand, card: cards.Card, led: str | None, leader: str, forced: bool,
    after_joker: bool = False,
) -> None:
    barred = unbroken(game, hand, len(hand.played) + 1)
    bears = [s for s in card.suits if s in barred]
    if game.ruleset.lead.strict and bears:
        if forced:
            return
        words = all_of(list(dict.fromkeys(_named(barred, s) for s in bears)))
        case = "several" if len(bears) > 1 else "one" if _one_named(barred, bears[0]) else "suit"
        raise _refused_lead(_STRICT, _STRICT_ON_PAGE, case, after_joker, suits=words, card=str(card), leader=leader)
    if not card.suits or led not in barred:
        if forced:
            rules_bar = restricted(game, hand)
            named = either([_named(rules_bar, s) for s in rules_bar])
            if named:
                refusal = _("--forced is for leading {suits} before it is broken; this lead needs no excuse, so leave it out")
            else:
                refusal = _(
                    "--forced is for leading trump or the cursed suit before it is broken; this lead needs no "
                    "excuse, so leave it out"
                )
            raise errors.UsageError(refusal.format(suits=named))
        return
    what = _named(barred, led)
    # "trump is", but "hearts are", and "trump and the cursed suit are" (they may be one suit)
    case = "one" if _one_named(barred, led) else "suit"
    open_suits = [s for s in card.suits if s not in barred]
    if open_suits:
        if case == "one":
            refusal = _("{suits} is not broken yet, so {leader} may not declare it led; {card} also bears {suit}: give --led {typed}")
        else:
            refusal = _("{suits} are not broken yet, so {leader} may not declare it led; {card} also bears {suit}: give --led {typed}")
        raise errors.RuleViolation(
            refusal.format(
                suits=what, leader=leader, card=card, suit=cards.suit_name(open_suits[0]), typed=cards.suit_word(open_suits[0])
            )
        )
    if forced:
        return
    if len(card.suits) == 1:
        suit = cards.suit_name(led)
        raise _refused_lead(_NOT_BROKEN, _NOT_BROKEN_ON_PAGE, case, after_joker, suits=what, leader=leader, card=str(card), suit=suit)
    others = [_named(barred, s) for s in card.suits if s != led]
    words = all_of(list(dict.fromkeys([what, *others])))
    raise _refused_lead(_NOT_BROKEN, _NOT_BROKEN_ON_PAGE, "several", after_joker, suits=words, leader=leader, card=str(card))


# --- the hand's totals ----------------------------------------------------------------


def _finish(game: state.Game, hand: state.Hand) -> None:
    """Every trick is in: derive what scoring needs, so the hand closes by itself."""
    names = game.players
    hand.tricks = {p: 0 for p in names}
    for played in hand.played:
        hand.tricks[names[played.winner]] += 1
    hand.first = names[hand.played[0].winner]
    hand.last = names[hand.played[-1].winner]
    wanted = {c.code for c in scoring.scoring_cards(hand.phase, game.deck, hand.cursed)}
    taken: dict[str, list[cards.Card]] = {}
    for played in hand.played:
        captured = [card for card in played.cards if card.code in wanted]
        if captured:
            taken.setdefault(names[played.winner], []).extend(captured)
    hand.taken = taken


# --- revokes --------------------------------------------------------------------------


@dataclass(frozen=True)
class Flag:
    """A fault the cards prove: a revoke (void shown in a suit, then that suit played) or a
    forced lead of an unbroken suit while holding a card that could have been led."""

    kind: Literal["revoke", "lead"]
    player: str
    hand: int
    trick: int  # where the fault was (1-based)
    card: cards.Card  # what the player played then
    suit: str  # the led suit they showed void in; for a lead, the suit led
    proof_trick: int  # the later trick whose card proves it
    proof: cards.Card

    def text(self) -> str:
        return self.proven().words(self.player, self.card, self.proof)

    def proven(self) -> events.RevokeProof:
        """The fault as facts, for the renege that confirms it to keep."""
        return events.RevokeProof(
            kind=self.kind, trick=self.trick, card=self.card.code, suit=self.suit,
            proof_trick=self.proof_trick, proof=self.proof.code,
        )  # fmt: skip

    def data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "hand": self.hand,
            "trick": self.trick,
            "card": self.card.code,
            "suit": self.suit,
            "proof_trick": self.proof_trick,
            "proof": self.proof.code,
            "text": self.text(),
        }


def flags(game: state.Game, hand: state.Hand) -> list[Flag]:
    """Every fault the tricks recorded so far prove, in the order they came to light.

    Cards are only ever played from the hand dealt, so a card played later was already held
    earlier: a player who failed to follow and later plays the led suit could have followed.
    """
    found: list[Flag] = []
    names = game.players
    trump, bowers = hand.trump, game.ruleset.trump.bowers
    for i, played in enumerate(hand.played):
        led = played.led
        for card, seat in zip(played.cards, played.seats, strict=True):
            void = bool(card.suits) and led is not None and not referee.follows(card, led, trump, bowers)
            if void:
                proof = _later(hand, i, seat, lambda c, led=led: bool(c.suits) and referee.follows(c, led, trump, bowers))
                if proof:
                    found.append(Flag("revoke", names[seat], hand.number, i + 1, card, led, *proof))
        if played.forced and led is not None:
            barred = set(unbroken(game, hand, i + 1))
            strict = game.ruleset.lead.strict
            could = partial(_could_lead, barred=barred, strict=strict)
            at = setter(played.cards)
            proof = _later(hand, i, played.seats[at], could)
            if proof:
                found.append(Flag("lead", names[played.seats[at]], hand.number, i + 1, played.cards[at], led, *proof))
    return sorted(found, key=lambda f: (f.proof_trick, f.trick))


def _could_lead(card: cards.Card, barred: set[str], strict: bool) -> bool:
    """Whether a card could have been led instead of a forced lead of a barred suit: one with a
    suit not barred, or under the strict lead rule one bearing no barred suit at all."""
    return not set(card.suits) & barred if strict else bool(set(card.suits) - barred)


def _later(hand: state.Hand, index: int, seat: int, shows: Any) -> tuple[int, cards.Card] | None:
    """The first trick after `index` where `seat` played a card that `shows` the fault."""
    for j in range(index + 1, len(hand.played)):
        later = hand.played[j]
        card = later.cards[later.seats.index(seat)]
        if shows(card):
            return j + 1, card
    return None


def pending_flags(game: state.Game) -> list[Flag]:
    """Flags of the hand in progress and the one before it that no renege in their own hand
    confirms yet.

    A revoke is never penalised by itself: the scorer confirms it with `renege NAME`, and
    the penalty counts in the hand where the revoke was, even when the trick that proved it
    closed that hand (or the game)."""
    peek_kinds = {r.kind for r in game.ruleset.reneges if r.forced_blind_only}
    pending = []
    for hand in game.hands[-2:]:
        confirmed = Counter(p.item.player for p in hand.penalties if p.kind not in peek_kinds)
        for flag in flags(game, hand):
            if confirmed[flag.player]:
                confirmed[flag.player] -= 1
            else:
                pending.append(flag)
    return pending


# --- reports --------------------------------------------------------------------------


def by_trick(hand: state.Hand) -> bool:
    return bool(hand.played)


def status_needs(game: state.Game, needs: list[str]) -> list[str]:
    """While a hand is recorded card by card, its totals come from the tricks: it needs `trick`."""
    if not by_trick(game.hand) or game.hand.closed:
        return needs
    return [n for n in needs if n not in _TOTALS] + ["trick"]


def status_data(game: state.Game, _need: Any = None) -> dict[str, Any]:
    """What status shows of a hand recorded card by card, and of the flags still pending."""
    hand = game.hand
    # what the hand needs (a `trick` for its totals: status_needs) and who leads next are needs.of's
    return {
        "tricks_played": len(hand.played),
        "revoke_flags": [flag.data() for flag in pending_flags(game)],
    }


def trick_report(game: state.Game, hand: state.Hand) -> dict[str, Any]:
    """What `trick` prints: the trick, its winner and why, who leads next, any new flags."""
    names = game.players
    played = hand.played[-1]
    number = len(hand.played)
    winner = played.cards[played.seats.index(played.winner)]
    # after the last trick the next hand's leader leads next, by the schedule
    after = None if game.finished else schedule.leader_words(game.ruleset, names, game.hand.leader)
    leads_next = after if hand.closed else names[played.winner]
    return {
        "hand": hand.number,
        "trick": number,
        "of": hand.size,
        "cards": [
            {"player": names[s], "card": c.code} for c, s in zip(played.cards, played.seats, strict=True)
        ],
        "led": played.led,
        "winner": names[played.winner],
        "card": winner.code,
        "reason": str(played.reason),
        "leads_next": leads_next,
        "hand_closed": hand.closed,
        "flags": [f.data() for f in flags(game, hand) if f.proof_trick == number],
        "tricks": dict(hand.tricks) if hand.closed and hand.tricks else None,
        "points": {p: scoring.points_json(v) for p, v in hand.points(names).items()} if hand.closed else None,
    }


# --- the calculator -------------------------------------------------------------------


def judge(
    texts: list[str],
    trump: str | None,
    led: str | None,
    source: tuple[str, str] | None,
    settings: list[str],
    jokers: str | None,
) -> dict[str, Any]:
    """`winner`: who wins a trick, with no game. The ruleset (its origin and text; default:
    a plain 52-card pack) gives the pack and the Joker rule; `jokers` overrides the rule."""
    if not texts:
        raise errors.UsageError(_("list the cards played, leader first, e.g. `winner QH 2H 3S --trump clubs`"))
    if jokers is not None and jokers not in ("jester", "high"):
        raise errors.UsageError(_("--jokers is jester or high, not '{jokers}'").format(jokers=jokers))
    if source is not None:
        origin, text = source
        rules = rulesets.apply_options(origin, rulesets.parse_document(origin, text), settings)[2]
        deck = cards.deck(rulesets.deck_name(rules.deck, max(len(texts), rules.min_players)))
        mode = jokers or rules.jokers
        if jokers is not None and not any(c.is_joker for c in deck.cards):
            raise errors.UsageError(_("{ruleset} plays without Jokers; leave out --jokers").format(ruleset=rules.name))
    else:
        if settings:
            raise errors.UsageError(_("--set changes a ruleset's option; name the ruleset with --ruleset"))
        deck = cards.deck("french-54" if jokers else "french-52")
        mode = jokers or "jester"
    played = [parse_card(text, deck) for text in texts]
    trump_suit = cards.parse_suit(trump, deck.kind) if trump is not None else None
    bowers = source is not None and rules.trump.bowers
    verdict = referee.trick_winner(played, trump=trump_suit, led=parse_led(led, deck.kind), jokers=mode, bowers=bowers)  # type: ignore[arg-type]
    return {
        "winner": verdict.winner,
        "card": played[verdict.winner].code,
        "reason": verdict.reason,
        "led": verdict.led,
        "trump": trump_suit,
        "deck": deck.name,
        "jokers": mode,
    }


FAMILY = Family(
    name="card_by_card",
    entries={"trick": trick},
    handlers={events.TrickPlayed: _on_trick},
    status=status_data,
)
