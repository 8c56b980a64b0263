"""Reports: the derived state of a game turned into what people read — the status of the
hand in progress, a hand's closing summary, standings, and the score sheet formats."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scorekeeper.core import cards, engine, families, needs, rulesets, schedule, scoring, state
from scorekeeper.core.alternatives import all_of
from scorekeeper.core.language import N_, _, listed, ngettext, pgettext
from scorekeeper.words import vocabulary

if TYPE_CHECKING:
    from scorekeeper.results import Listed

NEED_WORDS = {
    "flip": N_("the flipped card (`flip CARD`)"),
    "trump": N_("the trump (`trump SUIT`)"),
    "cursed": N_("the cursed suit (`cursed SUIT`)"),
    "bids": N_("the bids (`bid …`)"),
    "poisons": N_("the poisons (`poison …`)"),
    "tricks": N_("the tricks taken (`tricks …`)"),
    "took": N_("who took the scoring cards (`took NAME CARD…`)"),
    "first": N_("who won the first trick (`first NAME`)"),
    "last": N_("who won the last trick (`last NAME`)"),
    "trick": N_("the next trick, card by card (`trick CARD…`)"),
    "make": N_("who made trump (`make PLAYER SUIT`, or `make pass`)"),
}
CURSED_TOOK_WORDS = N_("the cursed cards each player took (`took NAME CARD…` or `counts …`)")
# What a hand still needs, as the players' page says it: the same, without the scorer's commands
PLAIN_NEED_WORDS = {
    "flip": N_("the flipped card"),
    "trump": N_("the trump"),
    "cursed": N_("the cursed suit"),
    "bids": N_("the bids"),
    "poisons": N_("the poisons"),
    "tricks": N_("the tricks taken"),
    "took": N_("who took the scoring cards"),
    "first": N_("who won the first trick"),
    "last": N_("who won the last trick"),
    "trick": N_("the next trick, card by card"),
    "make": N_("who made trump"),
}


def need_name(need: str) -> str:
    """What a hand still needs, in a word ("bids", "tricks"), as `Record:` lists it."""
    names = {
        "flip": pgettext("to record", "flip"),
        "trump": pgettext("to record", "trump"),
        "cursed": pgettext("to record", "cursed"),
        "bids": pgettext("to record", "bids"),
        "poisons": pgettext("to record", "poisons"),
        "tricks": pgettext("to record", "tricks"),
        "took": pgettext("to record", "took"),
        "first": pgettext("to record", "first"),
        "last": pgettext("to record", "last"),
        "trick": pgettext("to record", "trick"),
        "make": pgettext("to record", "make"),
    }
    return names.get(need, need)


def plain_need(need: str) -> str:
    """What a hand still needs, for the players ("the bids"): no command in it."""
    return _(PLAIN_NEED_WORDS[need]) if need in PLAIN_NEED_WORDS else need


def needs_named(needs: list[str]) -> str:
    """"bids, tricks": what a hand still needs, in a line."""
    return ", ".join(need_name(n) for n in needs)


def pass_word(direction: str) -> str:
    """Which way the cards are passed, in words: "left", "right", "across", "hold"."""
    words = {
        "left": pgettext("pass", "left"),
        "right": pgettext("pass", "right"),
        "across": pgettext("pass", "across"),
        "hold": pgettext("pass", "hold"),
    }
    return words.get(direction, direction)


def pairs(values: dict[str, Any]) -> str:
    """Each player with their value, as a reply or the status lists them: "Ann 2, Bob 0, Cat 1"."""
    # TRANSLATORS: a player and what was recorded for them: a bid, tricks, a poison
    return ", ".join(_("{player} {value}").format(player=p, value=v) for p, v in values.items())


def bids_shown(game: engine.Game, hand: engine.Hand) -> dict[str, Any]:
    """Each player's bid as the table says it: in Spades a 0 is "nil" (or "blind nil")."""
    if game.ruleset.family != "spades":
        return hand.bids
    return {p: bid_word(hand, p) for p in hand.bids}


def bid_word(hand: engine.Hand, player: str) -> Any:
    """One Spades bid as the table says it: a number, "nil" or "blind nil"."""
    bid = hand.bids[player]
    if bid:
        return bid
    # TRANSLATORS: Spades bids of no trick, as players call them
    return _("blind nil") if player in hand.blind else _("nil")


def cards_each(size: int) -> str:
    """"13 cards each"."""
    return ngettext("{count} card each", "{count} cards each", size).format(count=size)


def phase_text(game: engine.Game, hand: engine.Hand) -> str:
    """The scoring of this hand's game (Compendium), in a line."""
    from scorekeeper.words import vocabulary

    return vocabulary.phase_line(hand.phase, game.deck)


def games_text(listed: list[Listed], more: int = 0) -> str:
    """The games in the store, the current one marked with *; `more`: how many older games
    were left out."""
    if not listed:
        return _("No games yet; start one with `new RULESET --players A,B,C`.")
    rows = [
        [
            "*" if game.current else "",
            game.id,
            game.name,
            game.ruleset,
            ", ".join(game.players),
            _("abandoned") if game.abandoned else _("over") if game.finished else _("hand {hand}").format(hand=game.hands + 1),
            game.started[:16],
        ]
        for game in listed
    ]
    shown = table(rows, ["", _("id"), _("name"), _("ruleset"), _("players"), _("state"), _("started")])
    if more:
        shown += "\n" + ngettext(
            "{count} older game not shown; `games --all` lists every game.",
            "{count} older games not shown; `games --all` lists every game.",
            more,
        ).format(count=f"{more:,}")
    return shown


def table(rows: list[list[Any]], headers: list[str]) -> str:
    wide = any(_wide(str(cell)) for row in [headers, *rows] for cell in row)
    return _tabulate(wide).tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _wide(text: str) -> bool:
    """Whether the text holds characters not one column wide: two (CJK, most emoji), or none
    (a format character: a zero-width joiner, an invisible mark)."""
    import unicodedata

    return any(
        ord(ch) > 0x10FF and (unicodedata.east_asian_width(ch) in "WF" or unicodedata.category(ch) == "Cf")
        for ch in text
    )


def _tabulate(wide: bool) -> ModuleType:
    """tabulate, imported only when a table is printed (it is slow to import). It measures
    text with wcwidth whenever that is installed (prompt_toolkit brings it), and importing
    wcwidth costs more than the rest of a command like `standings`; only text with wide
    characters needs it, so tabulate is loaded without it unless a table has some."""
    if "tabulate" not in sys.modules and "wcwidth" not in sys.modules:
        sys.modules["wcwidth"] = None  # type: ignore[assignment]  # tabulate's `import wcwidth` then fails
        try:
            import tabulate
        finally:
            del sys.modules["wcwidth"]
    import tabulate

    if wide and tabulate.wcwidth is None:
        try:
            import wcwidth
        except ImportError:
            return tabulate
        tabulate.wcwidth, tabulate.WIDE_CHARS_MODE = wcwidth, True
    return tabulate


def suit_text(suit: str | None) -> str:
    return _("no trump") if suit is None else cards.suit_symbol(suit)


def trump_text(hand: engine.Hand) -> str:
    if not hand.trump_known:
        return _("not recorded yet")
    return suit_text(hand.trump) + (f" ({hand.trump_card})" if hand.trump_card else "")


# --- status --------------------------------------------------------------------------


def status_data(game: engine.Game, need: needs.Need | None = None) -> dict[str, Any]:
    """`status --json`: the hand in progress as data. What it needs, in what order, and the
    bids each player may make are `need`'s (needs.of, worked out here when not given)."""
    hand = game.hand
    if need is None:
        need = needs.of(game)
    players = game.players
    passing = engine.pass_direction(game, hand)
    data: dict[str, Any] = {
        "game": game.id,
        "ruleset": game.ruleset.name,
        "hand": hand.number,
        "hand_title": hand_title(game, hand.number, of=True),  # "hand 3 of 19", "hand 20 (tie-break 1)"
        "tie_break": tie_break_number(game, hand.number),
        "hands_planned": game.planned_hands,
        "phase": hand.phase.title if game.ruleset.phases else None,
        "phase_scoring": phase_text(game, hand) if game.ruleset.phases else None,
        "deck": game.deck.name,
        "moon": hand.moon,
        "dealer": players[hand.dealer],
        "dealer_reason": hand.dealer_reason,
        "cards": hand.size,
        "trump": hand.trump if hand.trump_known else None,
        "cursed": hand.cursed,
        "leader": None if hand.leader is None else players[hand.leader],
        "leads_with": game.ruleset.lead.first,
        "pass": passing,
        "pass_cards": game.ruleset.passing.count(len(players)) if passing and passing != "hold" else 0,
        "order": list(need.order),
        "needs": list(need.needs),
        "bids": hand.bids,
        "legal_bids": {p: list(bids) for p, bids in need.bids.items()},
        "finished": game.finished,
        # a hand not recorded trick by trick: the card-by-card family's facts, at rest
        "tricks_played": 0,
        "next_leader": need.next_leader,
        "revoke_flags": [],
        "players": list(players),
        "left": list(game.left),
        "table_changes": table_changes(game),
    }
    for family in families.applying(game):  # e.g. the poison round, the Ace and Crown piles
        if family.status is not None:
            data.update(family.status(game, need))
    return data


def table_changes(game: engine.Game) -> list[str]:
    """What the table needs to know of players coming and going: who sat down or left for
    this hand (and what that changed), and who joins or leaves at the next deal."""
    from scorekeeper.core import events

    hand, out = game.hand, []
    before = game.hands[-2].seating if len(game.hands) > 1 else hand.seating
    came = [p for p in hand.seating if p not in before]
    went = [p for p in before if p not in hand.seating]
    if came or went:
        who = [_("{players} joined").format(players=", ".join(came))] * bool(came)
        who += [_("{players} left").format(players=", ".join(went))] * bool(went)
        seated = len(hand.seating)
        change = ngettext(
            "{count} player from hand {hand} ({changes})", "{count} players from hand {hand} ({changes})", seated
        ).format(count=seated, hand=hand.number, changes="; ".join(who))
        if hand.size is not None:
            # TRANSLATORS: {change} is e.g. "4 players from hand 3 (Dan joined)"
            change = ngettext("{change}, {count} card each", "{change}, {count} cards each", hand.size).format(
                change=change, count=hand.size
            )
        out.append(change)
    for event in game.pending:
        if isinstance(event, events.PlayerJoined):
            out.append(_("{player} joins from hand {hand}").format(player=event.player, hand=hand.number + 1))
        else:
            out.append(_("{player} leaves after hand {hand}").format(player=event.player, hand=hand.number))
    return out


def status_text(game: engine.Game, in_turn: bool = False, on_page: bool = False, need: needs.Need | None = None) -> str:
    """The hand in progress in words. Bare values go in seating order on a command line;
    `in_turn`: where they are taken in turn from the dealer's left (`play`, the phone), and
    the status says that order instead; `on_page`: on a phone's page, where nothing is typed,
    it says the order alone and names no command. `need`: what the hand needs (needs.of,
    worked out here when not given)."""
    if game.finished:
        return _("{title}: the game is over.").format(title=vocabulary.prose(game.ruleset.title)) + "\n" + standings_text(game)
    hand = game.hand
    if need is None:
        need = needs.of(game)
    data = status_data(game, need)
    lines = [f"{vocabulary.prose(game.ruleset.title)} — {hand_title(game, hand.number, of=True)}"]
    lines += forced_blind_warnings(data)  # first, and loud: before anyone picks up cards
    lines += [_("Table: {change}.").format(change=change) for change in data["table_changes"]]
    if data["phase"]:
        # TRANSLATORS: {game} is the name of the game this hand is played as, {scoring} its scoring rules
        lines.append(_("Game this hand: {game} — {scoring}").format(game=vocabulary.prose(data["phase"]), scoring=data["phase_scoring"]))
    size = cards_each(hand.size) if hand.size is not None else _("cards set by the flip")
    if game.ruleset.dealer == "lowest-score":
        # TRANSLATORS: {reason} says why this player deals; {size} is e.g. "7 cards each"
        lines.append(_("{dealer} deals: {reason}; {size}").format(dealer=data["dealer"], reason=hand.dealer_reason, size=size))
    else:
        lines.append(_("Dealer: {dealer} ({reason}); {size}").format(dealer=data["dealer"], reason=hand.dealer_reason, size=size))
    if game.ruleset.trump.kind != "none":
        lines.append(_("Trump: {trump}").format(trump=trump_text(hand)))
    if hand.cursed or game.ruleset.cursed:
        lines.append(_("Cursed: {suit}").format(suit=suit_text(hand.cursed) if hand.cursed else _("not recorded yet")))
    lines += _pile_lines(data)
    if game.ruleset.deck == "piquet":  # 32 cards, or 30 for 3, 5 or 6 players
        deck = cards.describe_deck(game.deck)
        if len(game.deck.cards) == 32:
            lines.append(_("Pack: {deck}").format(deck=deck))
        else:
            lines.append(_("Pack: {deck}, without 7♠ and 7♣").format(deck=deck))
    if data["pass"]:
        if data["pass_cards"]:
            count = data["pass_cards"]
            lines.append(
                ngettext("Pass: {count} card {direction}", "Pass: {count} cards {direction}", count).format(
                    count=count, direction=pass_word(data["pass"])
                )
            )
        else:
            lines.append(_("Pass: {direction}").format(direction=pass_word(data["pass"])))
    if hand.moon:
        lines.append(_("Moon: declared by {player}").format(player=hand.moon))
    if game.ruleset.bidding.kind != "none" and game.ruleset.bidding.order == "in-turn":
        # simultaneous bids have no order; bare values go in seating order on a command line
        lines.append(_order_line(game.ruleset.bidding.kind == "poisons", in_turn, data["order"], game.players, on_page))
    if hand.bids:
        lines.append(_("Bids: {bids}").format(bids=pairs(hand.bids)))
    if need.bids and "bids" in need.needs:
        waiting = [p for p in game.players if p not in hand.bids]
        may = "; ".join(f"{p} {span(need.bids[p])}" for p in waiting)
        lines.append(_("May bid: {bids}").format(bids=may))
    lines += _poison_lines(game, data)
    lines.append(_("Leads: {leader}").format(leader=schedule.leader_words(game.ruleset, game.players, hand.leader)))
    lines += _by_trick_lines(game, data, on_page)  # trick by trick: who leads next; pending revoke flags
    if data["needs"]:
        words = PLAIN_NEED_WORDS if on_page else NEED_WORDS  # a page names no command to type
        if game.ruleset.cursed is not None and not on_page:  # Snakebit's scoring cards are the cursed ones
            words = {**NEED_WORDS, "took": CURSED_TOOK_WORDS}
        said = [_(words[n]) if n in words else n for n in data["needs"]]
        if "took" in data["needs"] and (hand.taken or hand.played):
            where = data["needs"].index("took")
            # TRANSLATORS: {need} is what is still to record, {left} the cards no one took yet
            said[where] = _("{need}: {left}").format(need=said[where], left=unassigned_text(game, hand))
        lines.append(_("To record: {needs}").format(needs="; ".join(said)))
    return "\n".join(lines)


def _order_line(picking: bool, in_turn: bool, order: list[str], seating: list[str], on_page: bool = False) -> str:
    """The order bids or poisons are taken in, and where bare values go (on a page: none are typed)."""
    order_text = ", ".join(order)
    if on_page:
        return (_("Picking order: {order}") if picking else _("Bidding order: {order}")).format(order=order_text)
    if picking and in_turn:
        return _("Picking order: {order} (bare values go in this order)").format(order=order_text)
    if picking:
        return _("Picking order: {order} (bare values go in seating order: {seating})").format(
            order=order_text, seating=", ".join(seating)
        )
    if in_turn:
        return _("Bidding order: {order} (bare values go in this order)").format(order=order_text)
    return _("Bidding order: {order} (bare values go in seating order: {seating})").format(
        order=order_text, seating=", ".join(seating)
    )


def unassigned_text(game: engine.Game, hand: engine.Hand) -> str:
    """The scoring cards no one is recorded as taking yet: "Q♣ and 7 hearts not assigned yet";
    in Snakebit "3 cursed cards unassigned"."""
    left = game.untaken(hand)
    if game.ruleset.cursed is not None:
        return ngettext("{count} cursed card unassigned", "{count} cursed cards unassigned", len(left)).format(
            count=len(left)
        )
    named = {code for rule in hand.phase.scoring if isinstance(rule, rulesets.CardPoints) for code in rule.cards}
    parts = [str(card) for card in left if card.code in named]
    by_suit: dict[str, int] = {}
    for card in left:
        if card.code not in named and card.suit is not None:
            by_suit[card.suit] = by_suit.get(card.suit, 0) + 1
    for suit, count in by_suit.items():
        parts.append(suit_count(suit, count))
    # TRANSLATORS: {cards} is e.g. "Q♣ and 7 hearts"
    return _("{cards} not assigned yet").format(cards=listed(parts))


def suit_count(suit: str, count: int) -> str:
    """"7 hearts", "1 moon": cards of a suit, counted."""
    match suit:
        case "S":
            return ngettext("{count} spade", "{count} spades", count).format(count=count)
        case "H":
            return ngettext("{count} heart", "{count} hearts", count).format(count=count)
        case "D":
            return ngettext("{count} diamond", "{count} diamonds", count).format(count=count)
        case "C":
            return ngettext("{count} club", "{count} clubs", count).format(count=count)
    return ngettext("{count} card of {suit}", "{count} cards of {suit}", count).format(
        count=count, suit=cards.suit_symbol(suit)
    )


def forced_blind_warnings(data: dict[str, Any]) -> list[str]:
    """The loud warning, before the deal, for each forced blind bidder yet to bid (Pick Your Poison)."""
    return [
        _("WARNING: {player} must bid blind: {player}, do not pick up your cards").format(player=p)
        for p in data.get("forced_blind", [])
    ]


def pick_text(pick: scoring.PoisonPick) -> str:
    """A poison as stored data writes it (the CSV and JSON sheets): "bid 3", "blind 0", "take"."""
    return pick.kind if pick.bid is None else f"{pick.kind} {pick.bid}"


def pick_said(pick: scoring.PoisonPick) -> str:
    """A poison as the sheet and status show it: "bid 3", "blind 0", "take"."""
    if pick.bid is None:
        return poison_kind(pick.kind)
    if pick.kind == "blind":
        return _("blind {bid}").format(bid=pick.bid)
    return _("bid {bid}").format(bid=pick.bid)


def pick_typed(pick: scoring.PoisonPick) -> str:
    """A poison as the closed hand's summary writes it, the way it is typed: "bid:3", "take"."""
    return poison_kind(pick.kind) if pick.bid is None else f"{poison_kind(pick.kind)}:{pick.bid}"


def poison_kind(kind: str) -> str:
    """A kind of poison in a word: "bid", "blind", "take"."""
    words = {"bid": pgettext("poison", "bid"), "blind": pgettext("poison", "blind"), "take": pgettext("poison", "take")}
    return words.get(kind, kind)


def _poison_lines(game: engine.Game, data: dict[str, Any]) -> list[str]:
    """The round, the picks so far and what each player still to pick may pick."""
    if "legal" not in data:
        return []
    hand, lines = game.hand, []
    where = data["round"]
    if where is not None:
        lines.append(
            _("Round {round} of {rounds}: hand {hand} of {hands}").format(
                round=where["number"], rounds=where["of"], hand=where["hand"], hands=where["hands"]
            )
        )
    if hand.poisons:
        lines.append(_("Poisons: {picks}").format(picks=pairs({p: pick_said(k) for p, k in hand.poisons.items()})))
    if "poisons" in data["needs"]:
        shown = []
        for p in (p for p in data["order"] if p not in hand.poisons):
            allowed = "/".join(poison_kind(k) for k in data["legal"][p])
            if len(data["legal"][p]) == 1:
                shown.append(_("{player} {allowed} (forced)").format(player=p, allowed=allowed))
            else:
                shown.append(f"{p} {allowed}")
        lines.append(_("May pick: {picks}").format(picks="; ".join(shown)))
    return lines


def _pile_lines(data: dict[str, Any]) -> list[str]:
    """What is left in each Decktet pile, when each card turns up once per run (the last hand
    of a run has only one Ace and one Crown left: the scorer can check the flips against it)."""
    piles = data.get("piles")
    if not piles:
        return []
    lines = []
    for what in state.PILES:
        suits = ", ".join(cards.suit_symbol(s) for s in piles[what]) or _("none (reshuffled for the next hand)")
        left = _("Aces left (cursed): {suits}") if what == "cursed" else _("Crowns left (trump): {suits}")
        lines.append(left.format(suits=suits))
    return lines


def _by_trick_lines(game: engine.Game, data: dict[str, Any], on_page: bool = False) -> list[str]:
    hand, lines = game.hand, []
    if data["tricks_played"] and not game.finished:
        lines.append(
            _("Recorded trick by trick: {played} of {tricks} played; {player} leads trick {next}").format(
                played=data["tricks_played"], tricks=hand.size, player=data["next_leader"], next=data["tricks_played"] + 1
            )
        )
    for flag in data["revoke_flags"]:
        # TRANSLATORS: {flag} says what looks wrong, {hint} what the scorer may do
        lines.append(
            _("Revoke flag (hand {hand}): {flag}; {hint}").format(
                hand=flag["hand"], flag=flag["text"], hint=revoke_hint(game, flag["player"], on_page=on_page)
            )
        )
    return lines


def revoke_hint(game: engine.Game, player: str, sentence: bool = False, on_page: bool = False) -> str:
    """What the scorer may do about a flag: confirm it, where the game has a penalty;
    `sentence`: as a sentence of its own, capitalised; `on_page`: on a page, where no command
    is typed."""
    if any(not rule.forced_blind_only for rule in game.ruleset.reneges):
        if on_page:
            hint = _("Record a renege by {player} to confirm it") if sentence else _("record a renege by {player} to confirm it")
        else:
            hint = _("Confirm with `renege {player}`") if sentence else _("confirm with `renege {player}`")
        return hint.format(player=player)
    return _("{game} sets no penalty for it: settle it at the table").format(game=vocabulary.prose(game.ruleset.title))


def span(values: Sequence[int]) -> str:
    """Numbers as a range where they run without a gap: "0-7", else "0,1,3"."""
    if list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return ",".join(map(str, values))


# --- a hand's name and points, as they were -------------------------------------------


def tie_break_number(game: engine.Game, number: int) -> int | None:
    """Which tie-break hand hand `number` is (1, 2…), or None for a planned hand."""
    planned = game.planned_hands
    return number - planned if planned is not None and number > planned else None


def hand_title(game: engine.Game, number: int, of: bool = False, start: bool = False) -> str:
    """A hand as the table names it: "hand 20 (tie-break 1)", never "hand 20 of 19"; with
    `of`, a planned hand is "hand 3 of 19"; `start`: at the start of a sentence ("Hand 3")."""
    extra = tie_break_number(game, number)
    if extra is not None:
        title = _("Hand {hand} (tie-break {extra})") if start else _("hand {hand} (tie-break {extra})")
        return title.format(hand=number, extra=extra)
    planned = game.planned_hands
    if of and planned:
        title = _("Hand {hand} of {hands}") if start else _("hand {hand} of {hands}")
        return title.format(hand=number, hands=planned)
    return (_("Hand {hand}") if start else _("hand {hand}")).format(hand=number)


def points_said(hand: engine.Hand, player: str) -> str:
    """A player's points in a hand as its row says them: what the rules scored, then each
    renege and ruling, then what the hand comes to: "+10, renege -10 → 0" (just "+10"
    without any). A newcomer's starting score is not the hand's and is left out (`start_said`)."""
    scored = sum((i.points for i in hand.items if i.player == player), Fraction(0))
    return breakdown(hand, player) or _signed(scored)


def breakdown(hand: engine.Hand, player: str) -> str | None:
    """A closed hand's points of a player with a renege or a ruling in it, item by item:
    "+10, renege -10 → 0"; None when the rules' points are all there is."""
    extras = [(_("renege {points}"), p.item.points) for p in hand.penalties if p.item.player == player]
    extras += [
        (_("ruling {points}"), i.points) for i in hand.rulings if i.player == player and i.rule == state.ADJUST_RULE
    ]
    if not extras or not hand.closed:
        return None
    scored = sum((i.points for i in hand.items if i.player == player), Fraction(0))
    net = scored + sum((points for _what, points in extras), Fraction(0))
    parts = [_signed(scored), *(what.format(points=_signed(points)) for what, points in extras)]
    return ", ".join(parts) + f" → {scoring.points_text(net)}"


def start_said(game: engine.Game, hand: engine.Hand, player: str) -> str | None:
    """A newcomer's starting score, a line of its own: "Fay joined with the score of the
    player in last place (Cat, -22)"; None for a player who did not sit down in this hand."""
    reason = next((i.reason for i in hand.rulings if i.player == player and i.rule == state.JOIN_RULE), None)
    # TRANSLATORS: {reason} is e.g. "joined with the score of the player in last place (Cat, -22)"
    return None if reason is None else _("{player} {reason}").format(player=game.called(player, hand.number), reason=reason)


# --- hand summaries and standings ---------------------------------------------------


def hand_closed_text(game: engine.Game, hand: engine.Hand) -> str:
    totals = game.totals()
    closing = closing_data(game, hand)
    rows = []
    for p in hand.seating:
        rows.append([p, player_facts(game, hand, p), points_said(hand, p), scoring.points_text(totals[p])])
    title = hand_title(game, hand.number, start=True)
    lines = [_("{hand} scored:").format(hand=title), table(rows, [_("player"), "", _("hand"), _("total")])]
    lines += [line for p in hand.seating if (line := start_said(game, hand, p))]
    lines += [a.text for a in hand.announcements]
    if game.finished:
        lines.append(final_text(game))
    else:
        lines.append("")
        lines.append(next_text(game))
        lines += upcoming_lines(game)
    if closing.get("round_complete"):
        lines.append(_("Round {round} is complete; every poison's count starts again.").format(round=closing["round_complete"]))
    if not game.finished:
        lines += forced_blind_warnings(status_data(game))
    return "\n".join(lines)


def closing_data(game: engine.Game, hand: engine.Hand) -> dict[str, Any]:
    """What the game's families add to a closed hand's summary (the poison round completed,
    what each player captured), as data."""
    data: dict[str, Any] = {}
    for family in families.applying(game):
        if family.closing is not None:
            data.update(family.closing(game, hand))
    return data


def _sat_out(game: engine.Game, hand: engine.Hand, player: str) -> bool:
    from scorekeeper.core.families import card_by_card

    return player in game.players and card_by_card.sitting_out(game, hand) == game.seat(player)


def player_facts(game: engine.Game, hand: engine.Hand, player: str, style: str = "summary") -> str:
    """What was recorded for one player in one hand, in a few words: the one place that says
    it, in each place's style. "summary" is the closed hand's table (`bid:3 took 2 (1 cursed)`,
    `moon Q♠ Q♥ last`), "sheet" a scorer's cell (`bid 3 took 2, Q♠ Q♥ last`, `took 4, 5
    cursed`) and "why" a sentence (`bid 3, took 2 tricks, captured Q♠, won the last trick`)."""
    why, sheet = style == "why", style == "sheet"
    parts = []
    if player in hand.bids:
        shown = bid_word(hand, player) if game.ruleset.family == "spades" else hand.bids[player]
        parts.append(_("bid {bid}").format(bid=shown))
    if player in hand.poisons:
        pick = hand.poisons[player]
        parts.append(pick_said(pick) if sheet else pick_typed(pick))
    making = hand.making
    if making is not None and making.player == player:  # Euchre: the maker, and the side's tricks after
        said = _("made {suit} alone") if making.alone else _("made {suit}")
        parts.append(said.format(suit=suit_text(making.suit)))
    if hand.tricks is not None and player in hand.tricks:
        took = hand.tricks[player]
        if _sat_out(game, hand, player):  # a Euchre loner's partner, card by card: no card, no trick
            parts.append(_("sat the hand out") if why else _("sat out"))
        elif why:
            parts.append(ngettext("took {count} trick", "took {count} tricks", took).format(count=took))
        else:
            parts.append(_("took {count}").format(count=took))
    held = cursed_taken(hand, player)
    shown = []  # the cards: how many cursed ones (Snakebit), else which scoring ones
    if held is not None and (held or style == "summary"):
        if why:
            shown.append(ngettext("{count} cursed card", "{count} cursed cards", held).format(count=held))
        elif sheet:
            # TRANSLATORS: cursed cards taken, in a cell of the score sheet: "5 cursed"
            shown.append(ngettext("{count} cursed", "{count} cursed", held).format(count=held))
        else:
            shown.append(ngettext("({count} cursed)", "({count} cursed)", held).format(count=held))
    if held is None and hand.taken.get(player):
        captured = " ".join(str(c) for c in sorted(hand.taken[player], key=lambda c: cards.table_order(c.code, game.deck)))
        shown.append(_("captured {cards}").format(cards=captured) if why else captured)
    if style == "summary" and hand.moon == player:
        shown.insert(0, _("moon"))
    if sheet and shown and hand.tricks is not None and player in hand.tricks:
        parts[-1] += ","
    parts += shown
    scored = tricks_scored(hand)
    for which in ("first", "last"):
        if which in scored and getattr(hand, which) == player:
            parts.append(_trick_won(which, why, sheet))
    return ", ".join(parts) if why else " ".join(parts)


def _trick_won(which: str, why: bool, sheet: bool) -> str:
    """The first or last trick a player won, in the style of player_facts."""
    if which == "first":
        if why:
            return _("won the first trick")
        # TRANSLATORS: short for "won the first trick", in a cell of the score sheet
        return _("1st") if sheet else pgettext("trick", "first")
    return _("won the last trick") if why else pgettext("trick", "last")


def tricks_scored(hand: engine.Hand) -> set[str]:
    """Which of the first and the last trick the hand's scoring counts: only those are
    written (card-by-card play knows who won every trick)."""
    return {r.which for r in hand.phase.scoring if isinstance(r, rulesets.TrickPoints)}


def cursed_taken(hand: engine.Hand, player: str) -> int | None:
    """The cursed cards a player took (Snakebit), counted or named; None without a cursed suit."""
    if hand.cursed_counts is not None:
        return hand.cursed_counts.get(player, 0)
    if hand.cursed is None:
        return None
    return sum(1 for c in hand.taken.get(player, []) if c.bears(hand.cursed))


def _signed(value) -> str:
    text = scoring.points_text(value)
    return text if value < 0 else f"+{text}"


def next_text(game: engine.Game) -> str:
    hand = game.hand
    said = {
        "hand": hand_title(game, hand.number),
        "size": cards_each(hand.size) if hand.size is not None else _("size from the flip"),
        "needs": needs_named(game.needs()),
        "leader": schedule.leader_words(game.ruleset, game.players, hand.leader),
        "dealer": game.players[hand.dealer],
        "reason": hand.dealer_reason,
    }
    if game.ruleset.dealer == "lowest-score":
        # the deal follows the scores, so why it lands where it does gets a line of its own
        return (
            _("Next: {hand}, {size}; {leader} leads. Record: {needs}.").format(**said)
            + "\n"
            + _("{dealer} deals: {reason}.").format(**said)
        )
    # TRANSLATORS: {reason} says why this player deals; {size} is e.g. "7 cards each"
    return _("Next: {hand}, {dealer} deals ({reason}), {size}; {leader} leads. Record: {needs}.").format(**said)


def upcoming_lines(game: engine.Game) -> list[str]:
    """The next hand's game by name with its scoring (Compendium), and which way to pass."""
    hand, lines = game.hand, []
    lines += [_("Table: {change}.").format(change=change) for change in table_changes(game)]
    lines += [_("{line}.").format(line=line) for p in hand.seating if (line := start_said(game, hand, p))]
    if game.ruleset.phases:
        lines.append(
            _("Hand {hand}: {game} — {scoring}").format(hand=hand.number, game=vocabulary.prose(hand.phase.title), scoring=phase_text(game, hand))
        )
    direction = engine.pass_direction(game, hand)
    if direction == "hold":
        lines.append(_("Pass: none this hand (hold)."))
    elif direction is not None and game.ruleset.passing is not None:
        count = game.ruleset.passing.count(len(game.players))
        lines.append(
            ngettext("Pass: {count} card {direction}.", "Pass: {count} cards {direction}.", count).format(
                count=count, direction=pass_word(direction)
            )
        )
    return lines


def final_text(game: engine.Game) -> str:
    winners = game.winners()
    if len(winners) == 1:
        return _("Game over: {player} wins.").format(player=winners[0])
    return _("Game over: a shared win for {players}.").format(players=all_of(winners))


def in_progress_text(game: engine.Game) -> str:
    """Where an unfinished game stands: the hand under way, or the hand to be dealt next."""
    from scorekeeper.core import seating

    hand = game.hand
    title = hand_title(game, hand.number)
    under_way = hand.anything_recorded() or not seating.untouched(game, hand)  # a trump or a flip counts too
    return (_("In progress: {hand}, under way.") if under_way else _("In progress: {hand} next.")).format(hand=title)


def standings_line(game: engine.Game, between: str = " · ") -> str:
    """The standings in one line, a player who left marked so: "1. Ann 40 · 2. Dan 55 (left)"."""
    return between.join(
        (_("{place}. {player} {points} (left)") if player in game.left else _("{place}. {player} {points}")).format(
            place=place, player=player, points=scoring.points_text(total)
        )
        for place, player, total in game.standings()
    )


def player_left(game: engine.Game, player: str) -> str:
    """A player as the standings name them: "Dan (left)" for one who left."""
    return _("{player} (left)").format(player=player) if player in game.left else player


def side_bags(game: engine.Game) -> list[int]:
    """Each side's bags now (Spades), by side: what the last closed hand left."""
    closed = [hand for hand in game.hands if hand.closed and hand.bags]
    return list(closed[-1].bags) if closed else [0] * len(game.sides())


def sides_data(game: engine.Game) -> list[dict[str, Any]]:
    """A partnership game's sides, best first: name, players, score, bags, place."""
    bags = side_bags(game)
    names = [name for name, _players in game.sides()]
    return [
        {
            "name": name,
            "players": list(players),
            "score": scoring.points_json(score),
            **({"bags": bags[names.index(name)]} if bags and game.ruleset.family == "spades" else {}),
            "place": place,
        }
        for place, name, players, score in game.side_standings()
    ]


def standings_data(game: engine.Game) -> dict[str, Any]:
    winners = game.winners()
    sides = sides_data(game) if game.ruleset.partners else []
    winner = winners[0] if len(winners) == 1 else None
    if sides and winners:  # one side wins: the winner is its name
        first = [side["name"] for side in sides if side["place"] == 1]
        winner = first[0] if len(first) == 1 else None
    return {
        "game": game.id,
        "ruleset": game.ruleset.name,
        "hands_played": sum(1 for h in game.hands if h.closed),
        "finished": game.finished,
        "winner": winner,
        "winners": winners,
        **({"sides": sides} if sides else {}),
        "players": [
            {
                "name": player,
                "score": scoring.points_json(total),
                "place": place,
                "forfeits": list(game.forfeits[player]),
                **({"left": True} if player in game.left else {}),
            }
            for place, player, total in game.standings()
        ],
    }


def standings_text(game: engine.Game) -> str:
    rows = [
        [place, player_left(game, player), scoring.points_text(total), vocabulary.forfeits_named(game.forfeits[player])]
        for place, player, total in game.standings()
    ]
    played = sum(1 for h in game.hands if h.closed)
    head = ngettext("{game} — {count} hand played", "{game} — {count} hands played", played).format(
        game=vocabulary.prose(game.ruleset.title), count=played
    )
    tail = final_text(game) if game.finished else in_progress_text(game)
    if game.ruleset.partners:  # the sides first: their scores are what the game is about
        bagged = game.ruleset.family == "spades"
        sides = [[side["place"], side["name"], side["score"], *([side["bags"]] if bagged else [])] for side in sides_data(game)]
        sided = table(sides, [_("place"), _("side"), _("score"), *([_("bags")] if bagged else [])])
        return "\n".join([head, sided, "", table(rows, standings_headers()), tail])
    return "\n".join([head, table(rows, standings_headers()), tail])


def standings_headers() -> list[str]:
    """The standings table's headings."""
    return [_("place"), _("player"), _("score"), _("forfeits")]
