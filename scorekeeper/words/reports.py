"""Reports: the derived state of a game turned into what people read — the status of the
hand in progress, a hand's closing summary, standings, and the score sheet formats."""

from __future__ import annotations

import sys
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any

from scorekeeper.core import cards, engine, families, rulesets, schedule, scoring, state
from scorekeeper.core.counting import counted

if TYPE_CHECKING:
    from scorekeeper.results import Listed

NEED_WORDS = {
    "flip": "the flipped card (`flip CARD`)",
    "trump": "the trump (`trump SUIT`)",
    "cursed": "the cursed suit (`cursed SUIT`)",
    "bids": "the bids (`bid …`)",
    "poisons": "the poisons (`poison …`)",
    "tricks": "the tricks taken (`tricks …`)",
    "took": "who took the scoring cards (`took NAME CARD…`)",
    "first": "who won the first trick (`first NAME`)",
    "last": "who won the last trick (`last NAME`)",
    "trick": "the next trick, card by card (`trick CARD…`)",
}


def phase_text(game: engine.Game, hand: engine.Hand) -> str:
    """The scoring of this hand's game (Compendium), in a line."""
    from scorekeeper.words import vocabulary

    return vocabulary.phase_line(hand.phase, game.deck)


def games_text(listed: list[Listed], more: int = 0) -> str:
    """The games in the store, the current one marked with *; `more`: how many older games
    were left out."""
    if not listed:
        return "No games yet; start one with `new RULESET --players A,B,C`."
    rows = [
        [
            "*" if game.current else "",
            game.id,
            game.name,
            game.ruleset,
            ", ".join(game.players),
            "abandoned" if game.abandoned else "over" if game.finished else f"hand {game.hands + 1}",
            game.started[:16],
        ]
        for game in listed
    ]
    shown = table(rows, ["", "id", "name", "ruleset", "players", "state", "started"])
    if more:
        shown += f"\n{more:,} older game{'s' if more != 1 else ''} not shown; `games --all` lists every game."
    return shown


def table(rows: list[list[Any]], headers: list[str]) -> str:
    wide = any(_wide(str(cell)) for row in [headers, *rows] for cell in row)
    return _tabulate(wide).tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _wide(text: str) -> bool:
    """Whether the text holds characters two columns wide (CJK, most emoji)."""
    import unicodedata

    return any(ord(ch) > 0x10FF and unicodedata.east_asian_width(ch) in "WF" for ch in text)


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
    return "no trump" if suit is None else cards.suit_symbol(suit)


def trump_text(hand: engine.Hand) -> str:
    if not hand.trump_known:
        return "not recorded yet"
    return suit_text(hand.trump) + (f" ({hand.trump_card})" if hand.trump_card else "")


# --- status --------------------------------------------------------------------------


def legal_bids(game: engine.Game, hand: engine.Hand) -> dict[str, list[int]]:
    """Bids each player may still make (the hook rule can forbid one to the dealer)."""
    if game.ruleset.bidding.kind != "bids" or hand.size is None:
        return {}
    legal = {p: list(range(hand.size + 1)) for p in game.players}
    dealer = game.players[hand.dealer]
    forbidden = game.hook_bid(hand, hand.bids)
    legal[dealer] = [b for b in legal[dealer] if b != forbidden]
    return legal


def status_data(game: engine.Game) -> dict[str, Any]:
    hand = game.hand
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
        "order": game.order_from_dealer(hand),
        "needs": game.needs(),
        "bids": hand.bids,
        "legal_bids": legal_bids(game, hand),
        "finished": game.finished,
        # a hand not recorded trick by trick: the card-by-card family's facts, at rest
        "tricks_played": 0,
        "next_leader": None if game.finished or hand.leader is None else players[hand.leader],
        "revoke_flags": [],
        "players": list(players),
        "left": list(game.left),
        "table_changes": table_changes(game),
    }
    for family in families.applying(game):  # e.g. the poison round, the Ace and Crown piles
        if family.status is not None:
            data.update(family.status(game))
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
        who = [f"{', '.join(came)} joined"] * bool(came) + [f"{', '.join(went)} left"] * bool(went)
        size = f", {counted(hand.size, 'cards')} each" if hand.size is not None else ""
        out.append(f"{len(hand.seating)} players from hand {hand.number} ({'; '.join(who)}){size}")
    for event in game.pending:
        if isinstance(event, events.PlayerJoined):
            out.append(f"{event.player} joins from hand {hand.number + 1}")
        else:
            out.append(f"{event.player} leaves after hand {hand.number}")
    return out


def status_text(game: engine.Game, in_turn: bool = False) -> str:
    """The hand in progress in words. Bare values go in seating order on a command line;
    `in_turn`: where they are taken in turn from the dealer's left (`play`, the phone), and
    the status says that order instead."""
    if game.finished:
        return f"{game.ruleset.title}: the game is over.\n" + standings_text(game)
    hand, data = game.hand, status_data(game)
    lines = [f"{game.ruleset.title} — {hand_title(game, hand.number, of=True)}"]
    lines += forced_blind_warnings(data)  # first, and loud: before anyone picks up cards
    lines += [f"Table: {change}." for change in data["table_changes"]]
    if data["phase"]:
        lines.append(f"Game this hand: {data['phase']} — {data['phase_scoring']}")
    size = f"{counted(hand.size, 'cards')} each" if hand.size is not None else "cards set by the flip"
    if game.ruleset.dealer == "lowest-score":
        lines.append(f"{data['dealer']} deals: {hand.dealer_reason}; {size}")
    else:
        lines.append(f"Dealer: {data['dealer']} ({hand.dealer_reason}); {size}")
    if game.ruleset.trump.kind != "none":
        lines.append(f"Trump: {trump_text(hand)}")
    if hand.cursed or game.ruleset.cursed:
        lines.append(f"Cursed: {suit_text(hand.cursed) if hand.cursed else 'not recorded yet'}")
    lines += _pile_lines(data)
    if game.ruleset.deck == "piquet":  # 32 cards, or 30 for 3, 5 or 6 players
        black_sevens = "" if len(game.deck.cards) == 32 else ", without 7♠ and 7♣"
        lines.append(f"Pack: {cards.describe_deck(game.deck)}{black_sevens}")
    if data["pass"]:
        count = f"{data['pass_cards']} cards " if data["pass_cards"] else ""
        lines.append(f"Pass: {count}{data['pass']}")
    if hand.moon:
        lines.append(f"Moon: declared by {hand.moon}")
    if game.ruleset.bidding.kind != "none" and game.ruleset.bidding.order == "in-turn":
        # simultaneous bids have no order; bare values go in seating order on a command line
        verb = "Picking" if game.ruleset.bidding.kind == "poisons" else "Bidding"
        bare = "in this order" if in_turn else f"in seating order: {', '.join(game.players)}"
        lines.append(f"{verb} order: {', '.join(data['order'])} (bare values go {bare})")
    if hand.bids:
        lines.append("Bids: " + ", ".join(f"{p} {b}" for p, b in hand.bids.items()))
    if data["legal_bids"] and "bids" in data["needs"]:
        waiting = [p for p in game.players if p not in hand.bids]
        lines.append("May bid: " + "; ".join(f"{p} {span(data['legal_bids'][p])}" for p in waiting))
    lines += _poison_lines(game, data)
    lines.append(f"Leads: {schedule.leader_words(game.ruleset, game.players, hand.leader)}")
    lines += _by_trick_lines(game, data)  # trick by trick: who leads next; pending revoke flags
    if data["needs"]:
        words = NEED_WORDS
        if game.ruleset.cursed is not None:  # Snakebit's scoring cards are the cursed ones
            words = {**NEED_WORDS, "took": "the cursed cards each player took (`took NAME CARD…` or `counts …`)"}
        said = [words.get(n, n) for n in data["needs"]]
        if "took" in data["needs"] and (hand.taken or hand.played):
            said[data["needs"].index("took")] += f": {unassigned_text(game, hand)}"
        lines.append("To record: " + "; ".join(said))
    return "\n".join(lines)


def unassigned_text(game: engine.Game, hand: engine.Hand) -> str:
    """The scoring cards no one is recorded as taking yet: "Q♣ and 7 hearts not assigned yet";
    in Snakebit "3 cursed cards unassigned"."""
    left = game.untaken(hand)
    if game.ruleset.cursed is not None:
        return f"{counted(len(left), 'cursed cards')} unassigned"
    named = {code for rule in hand.phase.scoring if isinstance(rule, rulesets.CardPoints) for code in rule.cards}
    parts = [str(card) for card in left if card.code in named]
    by_suit: dict[str, int] = {}
    for card in left:
        if card.code not in named and card.suit is not None:
            by_suit[card.suit] = by_suit.get(card.suit, 0) + 1
    for suit, count in by_suit.items():
        parts.append(counted(count, cards.suit_word(suit)))
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)
    return f"{listed} not assigned yet"


def forced_blind_warnings(data: dict[str, Any]) -> list[str]:
    """The loud warning, before the deal, for each forced blind bidder yet to bid (Pick Your Poison)."""
    return [f"WARNING: {p} must bid blind: {p}, do not pick up your cards" for p in data.get("forced_blind", [])]


def pick_text(pick: scoring.PoisonPick) -> str:
    """A poison as the sheet and status write it: "bid 3", "blind 0", "take"."""
    return pick.kind if pick.bid is None else f"{pick.kind} {pick.bid}"


def _poison_lines(game: engine.Game, data: dict[str, Any]) -> list[str]:
    """The round, the picks so far and what each player still to pick may pick."""
    if "legal" not in data:
        return []
    hand, lines = game.hand, []
    where = data["round"]
    if where is not None:
        lines.append(f"Round {where['number']} of {where['of']}: hand {where['hand']} of {where['hands']}")
    if hand.poisons:
        lines.append("Poisons: " + ", ".join(f"{p} {pick_text(k)}" for p, k in hand.poisons.items()))
    if "poisons" in data["needs"]:
        shown = []
        for p in (p for p in data["order"] if p not in hand.poisons):
            allowed = data["legal"][p]
            shown.append(f"{p} {'/'.join(allowed)}" + (" (forced)" if len(allowed) == 1 else ""))
        lines.append("May pick: " + "; ".join(shown))
    return lines


def _pile_lines(data: dict[str, Any]) -> list[str]:
    """What is left in each Decktet pile, when each card turns up once per run (the last hand
    of a run has only one Ace and one Crown left: the scorer can check the flips against it)."""
    piles = data.get("piles")
    if not piles:
        return []
    lines = []
    for what, pile in state.PILES.items():
        suits = ", ".join(cards.suit_symbol(s) for s in piles[what]) or "none (reshuffled for the next hand)"
        lines.append(f"{pile}s left ({what}): {suits}")
    return lines


def _by_trick_lines(game: engine.Game, data: dict[str, Any]) -> list[str]:
    hand, lines = game.hand, []
    if data["tricks_played"] and not game.finished:
        lines.append(
            f"Recorded trick by trick: {data['tricks_played']} of {hand.size} played; "
            f"{data['next_leader']} leads trick {data['tricks_played'] + 1}"
        )
    for flag in data["revoke_flags"]:
        lines.append(f"Revoke flag (hand {flag['hand']}): {flag['text']}; {revoke_hint(game, flag['player'])}")
    return lines


def revoke_hint(game: engine.Game, player: str) -> str:
    """What the scorer may do about a flag: confirm it, where the game has a penalty."""
    if any(not rule.forced_blind_only for rule in game.ruleset.reneges):
        return f"confirm with `renege {player}`"
    return f"{game.ruleset.title} sets no penalty for it: settle it at the table"


def span(values: list[int]) -> str:
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return ",".join(map(str, values))


# --- a hand's name and points, as they were -------------------------------------------


def tie_break_number(game: engine.Game, number: int) -> int | None:
    """Which tie-break hand hand `number` is (1, 2…), or None for a planned hand."""
    planned = game.planned_hands
    return number - planned if planned is not None and number > planned else None


def hand_title(game: engine.Game, number: int, of: bool = False) -> str:
    """A hand as the table names it: "hand 20 (tie-break 1)", never "hand 20 of 19"; with
    `of`, a planned hand is "hand 3 of 19"."""
    extra = tie_break_number(game, number)
    if extra is not None:
        return f"hand {number} (tie-break {extra})"
    planned = game.planned_hands
    return f"hand {number} of {planned}" if of and planned else f"hand {number}"


def points_said(hand: engine.Hand, player: str) -> str:
    """A player's points in a hand as its row says them: what the rules scored, then each
    renege and ruling, then what the hand comes to: "+10, renege -10 → 0" (just "+10"
    without any). A newcomer's starting score is not the hand's and is left out (`start_said`)."""
    scored = sum((i.points for i in hand.items if i.player == player), Fraction(0))
    return breakdown(hand, player) or _signed(scored)


def breakdown(hand: engine.Hand, player: str) -> str | None:
    """A closed hand's points of a player with a renege or a ruling in it, item by item:
    "+10, renege -10 → 0"; None when the rules' points are all there is."""
    extras = [("renege", p.item.points) for p in hand.penalties if p.item.player == player]
    extras += [("ruling", i.points) for i in hand.rulings if i.player == player and i.rule == state.ADJUST_RULE]
    if not extras or not hand.closed:
        return None
    scored = sum((i.points for i in hand.items if i.player == player), Fraction(0))
    net = scored + sum((points for _, points in extras), Fraction(0))
    parts = [_signed(scored), *(f"{what} {_signed(points)}" for what, points in extras)]
    return ", ".join(parts) + f" → {scoring.points_text(net)}"


def start_said(game: engine.Game, hand: engine.Hand, player: str) -> str | None:
    """A newcomer's starting score, a line of its own: "Fay joined with the score of the
    player in last place (Cat, -22)"; None for a player who did not sit down in this hand."""
    reason = next((i.reason for i in hand.rulings if i.player == player and i.rule == state.JOIN_RULE), None)
    return None if reason is None else f"{game.called(player, hand.number)} {reason}"


# --- hand summaries and standings ---------------------------------------------------


def hand_closed_text(game: engine.Game, hand: engine.Hand) -> str:
    totals = game.totals()
    closing = closing_data(game, hand)
    rows = []
    for p in hand.seating:
        rows.append([p, player_facts(game, hand, p), points_said(hand, p), scoring.points_text(totals[p])])
    title = hand_title(game, hand.number)
    lines = [f"{title[0].upper()}{title[1:]} scored:", table(rows, ["player", "", "hand", "total"])]
    lines += [line for p in hand.seating if (line := start_said(game, hand, p))]
    lines += [a.text for a in hand.announcements]
    if game.finished:
        lines.append(final_text(game))
    else:
        lines.append("")
        lines.append(next_text(game))
        lines += upcoming_lines(game)
    if closing.get("round_complete"):
        lines.append(f"Round {closing['round_complete']} is complete; every poison's count starts again.")
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


def player_facts(game: engine.Game, hand: engine.Hand, player: str, style: str = "summary") -> str:
    """What was recorded for one player in one hand, in a few words: the one place that says
    it, in each place's style. "summary" is the closed hand's table (`bid:3 took 2 (1 cursed)`,
    `moon Q♠ Q♥ last`), "sheet" a scorer's cell (`bid 3 took 2, Q♠ Q♥ last`, `took 4, 5
    cursed`) and "why" a sentence (`bid 3, took 2 tricks, captured Q♠, won the last trick`)."""
    why, sheet = style == "why", style == "sheet"
    parts = []
    if player in hand.bids:
        parts.append(f"bid {hand.bids[player]}")
    if player in hand.poisons:
        pick = hand.poisons[player]
        parts.append(pick_text(pick) if sheet else str(pick))
    if hand.tricks is not None:
        took = hand.tricks[player]
        parts.append(f"took {counted(took, 'tricks')}" if why else f"took {took}")
    held = cursed_taken(hand, player)
    shown = []  # the cards: how many cursed ones (Snakebit), else which scoring ones
    if held is not None and (held or style == "summary"):
        shown.append({"why": counted(held, "cursed cards"), "sheet": f"{held} cursed"}.get(style, f"({held} cursed)"))
    if held is None and hand.taken.get(player):
        captured = sorted(hand.taken[player], key=lambda c: cards.table_order(c.code, game.deck))
        shown.append(("captured " if why else "") + " ".join(str(c) for c in captured))
    if style == "summary" and hand.moon == player:
        shown.insert(0, "moon")
    if sheet and shown and hand.tricks is not None:
        parts[-1] += ","
    parts += shown
    scored = tricks_scored(hand)
    for which in ("first", "last"):
        if which in scored and getattr(hand, which) == player:
            parts.append(f"won the {which} trick" if why else "1st" if sheet and which == "first" else which)
    return ", ".join(parts) if why else " ".join(parts)


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
    size = f"{counted(hand.size, 'cards')} each" if hand.size is not None else "size from the flip"
    needs = ", ".join(game.needs())
    leads = schedule.leader_words(game.ruleset, game.players, hand.leader)
    if game.ruleset.dealer == "lowest-score":
        # the deal follows the scores, so why it lands where it does gets a line of its own
        return (
            f"Next: {hand_title(game, hand.number)}, {size}; {leads} leads. Record: {needs}.\n"
            f"{game.players[hand.dealer]} deals: {hand.dealer_reason}."
        )
    return (
        f"Next: {hand_title(game, hand.number)}, {game.players[hand.dealer]} deals ({hand.dealer_reason}), "
        f"{size}; {leads} leads. Record: {needs}."
    )


def upcoming_lines(game: engine.Game) -> list[str]:
    """The next hand's game by name with its scoring (Compendium), and which way to pass."""
    hand, lines = game.hand, []
    lines += [f"Table: {change}." for change in table_changes(game)]
    lines += [f"{line}." for p in hand.seating if (line := start_said(game, hand, p))]
    if game.ruleset.phases:
        lines.append(f"Hand {hand.number}: {hand.phase.title} — {phase_text(game, hand)}")
    direction = engine.pass_direction(game, hand)
    if direction == "hold":
        lines.append("Pass: none this hand (hold).")
    elif direction is not None and game.ruleset.passing is not None:
        lines.append(f"Pass: {game.ruleset.passing.count(len(game.players))} cards {direction}.")
    return lines


def final_text(game: engine.Game) -> str:
    winners = game.winners()
    if len(winners) == 1:
        return f"Game over: {winners[0]} wins."
    return f"Game over: a shared win for {' and '.join(winners)}."


def in_progress_text(game: engine.Game) -> str:
    """Where an unfinished game stands: the hand under way, or the hand to be dealt next."""
    from scorekeeper.core import seating

    hand = game.hand
    title = hand_title(game, hand.number)
    under_way = hand.anything_recorded() or not seating.untouched(game, hand)  # a trump or a flip counts too
    return f"In progress: {title}, under way." if under_way else f"In progress: {title} next."


def standings_line(game: engine.Game, between: str = " · ") -> str:
    """The standings in one line, a player who left marked so: "1. Ann 40 · 2. Dan 55 (left)"."""
    return between.join(
        f"{place}. {player} {scoring.points_text(total)}" + (" (left)" if player in game.left else "")
        for place, player, total in game.standings()
    )


def standings_data(game: engine.Game) -> dict[str, Any]:
    winners = game.winners()
    return {
        "game": game.id,
        "ruleset": game.ruleset.name,
        "hands_played": sum(1 for h in game.hands if h.closed),
        "finished": game.finished,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
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
        [place, player + (" (left)" if player in game.left else ""), scoring.points_text(total), ", ".join(game.forfeits[player])]
        for place, player, total in game.standings()
    ]
    played = sum(1 for h in game.hands if h.closed)
    head = f"{game.ruleset.title} — {played} hand{'s' if played != 1 else ''} played"
    tail = final_text(game) if game.finished else in_progress_text(game)
    return "\n".join([head, table(rows, ["place", "player", "score", "forfeits"]), tail])
