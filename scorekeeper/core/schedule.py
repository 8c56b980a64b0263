"""The schedule of a game: how many cards each hand, how many hands, who deals and who
leads, which way cards pass and what trump a rotation gives. Pure functions of the ruleset."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.core import cards, errors, rulesets
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.core.outcomes import Reason

FLIP_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def size_cap(ruleset: rulesets.Ruleset, players: int) -> int:
    """The most cards each player can get: deal_out's keep, else one card left to turn up."""
    # (the sizes told apart by their kind: a failed isinstance on a pydantic model is slow, and
    # this is asked at every deal)
    keep = ruleset.sizes.keep if ruleset.sizes.kind == "deal_out" else 1
    return (rulesets.deck_size(ruleset.deck, players, ruleset.jokers) - keep) // players


def progression(sizes: rulesets.Progression, cap: int) -> list[int]:
    """Hand sizes in order: e.g. down-up from 10 is 10, 9, …, 1, …, 10 (19 hands)."""
    return [progression_size(sizes, cap, n) for n in range(1, progression_length(sizes, cap) + 1)]


def progression_length(sizes: rulesets.Progression, cap: int) -> int:
    """How many hands the plan deals, counted, not listed."""
    if sizes.shape == "fixed":
        return sizes.hands
    top = min(sizes.start, cap)
    steps = top - min(sizes.low, top)  # cards between the largest and the smallest hand
    return 2 * steps + 1 if sizes.shape in ("down-up", "up-down") else steps + 1


def progression_size(sizes: rulesets.Progression, cap: int, hand: int) -> int:
    """The cards each player gets in hand `hand` (1-based) of the plan, worked out without
    listing the plan; past its end (tie-breaks) the final size."""
    if sizes.shape == "fixed":
        return sizes.start
    top = min(sizes.start, cap)
    low = min(sizes.low, top)
    k = min(hand, progression_length(sizes, cap)) - 1  # steps taken from the first hand
    match sizes.shape:
        case "down":
            return top - k
        case "up":
            return low + k
        case "down-up":
            return top - k if k <= top - low else low + (k - (top - low))
        case "up-down":
            return low + k if k <= top - low else top - (k - (top - low))
    raise AssertionError(sizes.shape)


def planned_hands(ruleset: rulesets.Ruleset, players: int) -> int | None:
    """Hands in the game before any tie-break; None when it ends on a score threshold."""
    if ruleset.end.hands is not None:
        return ruleset.end.hands
    if isinstance(ruleset.sizes, rulesets.Progression):
        return progression_length(ruleset.sizes, size_cap(ruleset, players))
    if isinstance(ruleset.sizes, rulesets.FlipSize):
        return ruleset.sizes.hands
    if ruleset.poisons is not None:
        return sum(ruleset.poisons.rounds)
    if ruleset.end.multiple_of_players:
        return players
    if ruleset.phases:
        return len(ruleset.phases)
    return None


def check_players(ruleset: rulesets.Ruleset, players: int) -> None:
    """Refuse a player count the ruleset cannot take, or a hand count it forbids."""
    if not ruleset.min_players <= players <= ruleset.max_players:
        counts = {"ruleset": ruleset.name, "low": ruleset.min_players, "high": ruleset.max_players, "players": players}
        raise errors.RuleViolation(
            _("{ruleset} is for {low}-{high} players, not {players}; name {low} to {high} players with --players").format(**counts),
            page=_("{ruleset} is for {low}-{high} players, not {players}; name {low} to {high} players").format(**counts),
        )
    hands = planned_hands(ruleset, players)
    if ruleset.end.multiple_of_players and hands is not None and hands % players:
        lower = max(players, hands - hands % players)
        counts = {"hands": hands, "players": players, "lower": lower, "higher": lower + players}
        raise errors.RuleViolation(
            ngettext(
                "{hands} hand is not a multiple of {players} players, so not everyone deals equally; "
                "use --set hands={lower} or hands={higher}",
                "{hands} hands is not a multiple of {players} players, so not everyone deals equally; "
                "use --set hands={lower} or hands={higher}",
                hands,
            ).format(**counts),
            page=ngettext(
                "{hands} hand is not a multiple of {players} players, so not everyone deals equally; "
                "play {lower} or {higher} hands",
                "{hands} hands is not a multiple of {players} players, so not everyone deals equally; "
                "play {lower} or {higher} hands",
                hands,
            ).format(**counts),
        )
    if isinstance(ruleset.sizes, rulesets.Progression) and ruleset.sizes.shape == "fixed":
        cap = size_cap(ruleset, players)
        if ruleset.sizes.start > cap:
            counts = {"count": ruleset.sizes.start, "players": players, "cap": cap}
            raise errors.RuleViolation(
                ngettext(
                    "{count} card each is too many for {players} players (at most {cap}); use --set start={cap}",
                    "{count} cards each is too many for {players} players (at most {cap}); use --set start={cap}",
                    ruleset.sizes.start,
                ).format(**counts),
                page=ngettext(
                    "{count} card each is too many for {players} players (at most {cap}); deal {cap} or fewer",
                    "{count} cards each is too many for {players} players (at most {cap}); deal {cap} or fewer",
                    ruleset.sizes.start,
                ).format(**counts),
            )


def hand_size(ruleset: rulesets.Ruleset, players: int, hand: int, planned_for: int | None = None) -> int | None:
    """Cards each player gets in hand `hand` (1-based); None when a flip decides it.
    Hands past the planned number (tie-breaks) are dealt at the final size. When players
    have joined or left since the start (`planned_for` players), a progression carries on
    as planned, capped by what the pack deals the players now."""
    known, asked = ruleset.hand_sizes, (players, hand, planned_for)
    if asked not in known:
        known[asked] = _hand_size(ruleset, players, hand, planned_for)
    return known[asked]


def _hand_size(ruleset: rulesets.Ruleset, players: int, hand: int, planned_for: int | None) -> int | None:
    sizes = ruleset.sizes
    if sizes.kind == "flip":
        return None
    if sizes.kind == "deal_out":
        return size_cap(ruleset, players)
    cap = size_cap(ruleset, players)
    planned_cap = cap if planned_for in (None, players) else size_cap(ruleset, planned_for)
    return min(progression_size(sizes, planned_cap, hand), cap)


def flip_size(ruleset: rulesets.Ruleset, players: int, rank_code: str) -> int:
    """The hand size a flipped card gives (by its rank code: A, 2…10, J, Q, K, JK), capped by
    the largest hand (`start`) and by what the deck deals with one card left over: the
    office's min(value, floor(53 / players)) with 54 cards."""
    assert isinstance(ruleset.sizes, rulesets.FlipSize)
    value = ruleset.sizes.values.get(rank_code)
    if value is None:
        raise errors.EntryError(_("the ruleset gives no hand size for a flipped {rank}").format(rank=rank_code))
    return min(value, ruleset.sizes.start, size_cap(ruleset, players))


def rotating_trump(ruleset: rulesets.Ruleset, hand: int) -> str | None:
    """The trump a rotation gives hand `hand`; None for a no-trump hand in the cycle."""
    cycle = ruleset.trump.cycle
    suit = cycle[(hand - 1) % len(cycle)]
    return None if suit == "none" else suit


def seat_left(seat: int, players: int, steps: int = 1) -> int:
    return (seat + steps) % players


def seats_from(first: int, players: int) -> list[int]:
    """Every seat once, going left (clockwise) from `first`: the order of play from a leader,
    and from the dealer's left the order of bidding."""
    return [seat_left(first, players, k) for k in range(players)]


def leader(ruleset: rulesets.Ruleset, dealer: int, players: int) -> int | None:
    """Who leads the first trick, as a seat number; None when it is whoever holds the card
    named by `lead.first`, which only the first trick tells."""
    match ruleset.leader:
        case None:
            return None
        case "dealer":
            return dealer
        case "left-of-dealer":
            return seat_left(dealer, players)
        case "right-of-dealer":
            return seat_left(dealer, players, -1)
    raise AssertionError(ruleset.leader)


def leader_words(ruleset: rulesets.Ruleset, players: list[str], seat: int | None) -> str:
    """Who leads, for the table: a name, or "whoever holds 2♣" where the rules name a card."""
    if seat is not None:
        return players[seat]
    return card_holder(ruleset, len(players))


def card_holder(ruleset: rulesets.Ruleset, players: int) -> str:
    """The player whose card opens each hand (`lead.first`), in words: "whoever holds 2♣"."""
    assert ruleset.lead.first is not None, "only a card that opens the hand names no seat"
    deck = cards.deck(rulesets.deck_name(ruleset.deck, players))
    return _("whoever holds {card}").format(card=cards.parse_card(ruleset.lead.first, deck))


def lowest_score_dealer(
    totals: list[Fraction], last_dealer: int, winner: str, away: frozenset[int] = frozenset()
) -> tuple[int, Reason]:
    """Pick Your Poison: the deal goes to the lowest total (highest, for a game the lowest
    wins) of those still at the table (`away`: the empty seats), never to the player who just
    dealt; ties go to the tied player met first going clockwise from the last dealer's left.
    Returns the seat and the reason in words."""
    players = len(totals)
    order = seats_from(seat_left(last_dealer, players), players)
    # a seat left empty (its player has gone) never deals, nor counts as the lowest
    candidates = [seat for seat in order if seat != last_dealer and seat not in away]
    worst = min if winner == "highest" else max
    target = worst(totals[seat] for seat in candidates)
    seat = next(s for s in candidates if totals[s] == target)
    lowest_all = worst(totals[s] for s in range(players) if s not in away)
    notes = []
    tied = [s for s in candidates if totals[s] == target]
    dealer_tied = last_dealer not in away and totals[last_dealer] == target
    if last_dealer not in away and totals[last_dealer] == lowest_all:
        # the last dealer is passed over whether alone at the bottom or tied there
        notes.append(N_("tied with the last dealer, who just dealt") if dealer_tied else N_("the lowest just dealt"))
    if len(tied) > 1:
        notes.append(N_("first from the last dealer's left") if dealer_tied else N_("tied; first from the last dealer's left"))
    return seat, Reason(_lowest_words, target == lowest_all, notes)


def _lowest_words(lowest: bool, notes: list[str]) -> str:
    """Why the lowest score deals, in words: "lowest score (the lowest just dealt)"."""
    why = _("lowest score") if lowest else _("next-lowest score")
    if not notes:
        return why
    # TRANSLATORS: why a player deals, e.g. "lowest score (the lowest just dealt)"
    return _("{reason} ({notes})").format(reason=why, notes="; ".join(_(note) for note in notes))
