"""The rules reference in words: a ruleset described with every option and its default, the
list of rulesets, and the verdict of checking a ruleset file (finding, reading and writing
the files is ruleset_files' job)."""

from __future__ import annotations

from scorekeeper.core import cards, errors, rulesets, schedule
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.words import vocabulary

JOKER_WORDS = {
    "jester": N_(
        "jesters: a Joker never wins a trick and may be played at any time; a Joker led leaves the lead to the next card"
    ),
    "high": N_("high: a Joker beats every other card (the first Joker played wins)"),
}


def index(available: list[tuple[str, str]]) -> str:
    """The rulesets there are, by name (see ruleset_files.available)."""
    names = ", ".join(n for n, _title in available)
    return _("Rulesets: {names}.").format(names=names) + "\n" + _("Write `rules NAME` for one of them.")


def catalog_text(found: list[tuple[str, str, rulesets.Ruleset | None]]) -> str:
    """Every ruleset with where it comes from and its game (see ruleset_files.catalog)."""
    from scorekeeper.words import reports

    rows = [
        [name, where, vocabulary.prose(ruleset.title) if ruleset is not None else _("(does not validate: see `rules check`)")]
        for name, where, ruleset in found
    ]
    return reports.table(rows, [_("ruleset"), _("from"), _("game")])


def describe(ruleset: rulesets.Ruleset) -> str:
    """A ruleset in brief, with every option and its default."""
    prose = vocabulary.prose
    lines = [prose(ruleset.title), _("Source: {source}").format(source=prose(ruleset.source)), "", prose(ruleset.summary), ""]
    lines.append(
        _("Players: {least}-{most}; deck: {deck}.").format(least=ruleset.min_players, most=ruleset.max_players, deck=_deck(ruleset))
    )
    if ruleset.partners:
        lines.append(_("Sides: partners sit opposite, the 1st and 3rd players against the 2nd and 4th; each player's score is their side's."))
    lines.append(_("Hand sizes: {sizes}.").format(sizes=_sizes(ruleset)))
    lines.append(_("Dealer: {dealer}; {lead}.").format(dealer=_dealer(ruleset), lead=vocabulary.first_lead(ruleset)))
    lines.append(_("Trump: {trump}.").format(trump=_trump(ruleset.trump)))
    if ruleset.upcard_out:
        lines.append(_("Turned-up card: {rule}.").format(rule=vocabulary.upcard_out()))
    if ruleset.lead.must_break:
        lines.append(_("Leading: {rule}.").format(rule=vocabulary.must_break(ruleset.lead.must_break)))
    if ruleset.lead.strict:
        lines.append(_("Leading: {rule}.").format(rule=vocabulary.strict_lead()))
    if ruleset.deck == "french-54":
        lines.append(_("Jokers: {rule}.").format(rule=_(JOKER_WORDS[ruleset.jokers])))
    if ruleset.cursed is not None:
        lines.append(_("Cursed suit: recorded each hand from the flipped Ace."))
    if ruleset.bidding.kind in ("bids", "make"):
        lines.append(_bidding(ruleset.bidding))
    if ruleset.passing is not None and ruleset.passing.enabled:
        lines.append(_("Passing before the first trick, the direction cycling hand by hand."))
    phases = ruleset.phases or [ruleset.phase(1)]
    deck = _largest_deck(ruleset)
    for phase in phases:
        heading = _("Scoring ({game}):").format(game=prose(phase.title)) if ruleset.phases else _("Scoring:")
        lines.append(heading)
        lines += [f"  - {text}" for text in vocabulary.phase(phase, deck)]
    for renege in ruleset.reneges:
        text = vocabulary.renege(renege)
        lines.append(f"{text[0].upper()}{text[1:]}.")
    if ruleset.pants is not None and ruleset.pants.enabled:
        pants = (
            _("Pants rule: a missed bid of {bid} or more is a forfeit, once per player.")
            if ruleset.pants.once
            else _("Pants rule: a missed bid of {bid} or more is a forfeit.")
        )
        lines.append(pants.format(bid=ruleset.pants.min_bid))
    lines.append(_("End: {end}.").format(end=_end(ruleset)))
    if ruleset.readings:
        lines.append(_("This project's readings of points the source leaves open:"))
        lines += [f"  - {prose(text)}" for text in ruleset.readings]
    if ruleset.options:
        lines.append(_("Options (--set NAME=VALUE at `new`):"))
        for option_name, option in ruleset.options.items():
            default = option.default
            if isinstance(default, bool):
                default = str(default).lower()
            elif isinstance(default, list):
                default = ",".join(map(str, default))
            choices = f" [{'|'.join(option.choices)}]" if option.choices else ""
            lines.append(f"  {option_name}={default}{choices}  {prose(option.description)}")
    return "\n".join(lines)


def _bidding(bidding: rulesets.Bidding) -> str:
    """How bids are made: in turn or all at once, and whether the hook rule holds."""
    if bidding.kind == "make":
        return _(
            "Making trump: from the dealer's left, a player orders up the turned card or, once all have passed, "
            "names another suit (`make PLAYER SUIT`), and may go alone."
        )
    if bidding.order == "in-turn":
        if bidding.hook:
            return _("Bidding: in turn from the dealer's left, the dealer last, hook rule (the dealer may not make the total).")
        return _("Bidding: in turn from the dealer's left, the dealer last.")
    if bidding.hook:
        return _("Bidding: simultaneous, hook rule (the dealer may not make the total).")
    return _("Bidding: simultaneous.")


def _largest_deck(ruleset: rulesets.Ruleset) -> cards.Deck:
    """The pack the ruleset deals to the most players it allows (its cards named by it)."""
    names = {rulesets.deck_name(ruleset.deck, n) for n in range(ruleset.min_players, ruleset.max_players + 1)}
    return max((cards.deck(name) for name in names), key=lambda deck: len(deck.cards))


def _deck(ruleset: rulesets.Ruleset) -> str:
    match ruleset.deck:
        case "french-52":
            return _("52 cards, aces high")
        case "french-54":
            # TRANSLATORS: {jokers} is the ruleset's option value, "jester" or "high"
            return _("52 cards and two Jokers ({jokers})").format(jokers=ruleset.jokers)
        case "piquet":
            return _("32 cards A-7 (30 without the black 7s for 3, 5 or 6 players)")
        case "decktet-24":
            return _("the Decktet's 24 number cards, Aces and Crowns as separate piles")
        case "euchre-24":
            return _("24 cards, A K Q J 10 9 of each suit")
    raise AssertionError(f"no words for the deck {ruleset.deck!r}")


def _sizes(ruleset: rulesets.Ruleset) -> str:
    sizes = ruleset.sizes
    if isinstance(sizes, rulesets.Progression):
        if sizes.shape == "fixed":
            hands = ngettext("{count} hand", "{count} hands", sizes.hands).format(count=sizes.hands)
            # TRANSLATORS: {hands} is e.g. "10 hands"
            return ngettext("{count} card each for {hands}", "{count} cards each for {hands}", sizes.start).format(
                count=sizes.start, hands=hands
            )
        # TRANSLATORS: {shape} is the ruleset's word for the progression ("up-down", "down")
        return _("{shape} from {start} cards (capped by the deck) to {low}").format(
            shape=sizes.shape, start=sizes.start, low=sizes.low
        )
    if isinstance(sizes, rulesets.FlipSize):
        caps = ", ".join(
            _("{size} for {players}").format(size=schedule.size_cap(ruleset, n), players=n)
            for n in range(ruleset.min_players, ruleset.max_players + 1)
        )
        said = {"values": _flip_values(sizes.values), "start": sizes.start, "caps": caps, "hands": sizes.hands}
        if sizes.joker_reflip:
            return _(
                "a card flipped before each deal sets the size ({values}), at most {start} and at most what the deck "
                "deals with one card left ({caps} players); {hands} hands; a flipped Joker may be shuffled back and "
                "another flipped"
            ).format(**said)
        return _(
            "a card flipped before each deal sets the size ({values}), at most {start} and at most what the deck "
            "deals with one card left ({caps} players); {hands} hands"
        ).format(**said)
    if sizes.keep:
        return _("the whole pack dealt out equally, at least {count} left over").format(count=sizes.keep)
    return _("the whole pack dealt out equally")


def _flip_values(values: dict[str, int]) -> str:
    """{"A": 1, "2": 2, …, "J": 10, "JK": 10} → "A 1, 2-10 face value, J/Q/K/JK 10"."""
    faces = [rank for rank, value in values.items() if rank.isdigit() and int(rank) == value]
    parts: dict[int, list[str]] = {}
    for rank, value in values.items():
        if rank not in faces:
            parts.setdefault(value, []).append(_("Joker") if rank == "JK" else rank)
    shown = [f"{'/'.join(ranks)} {value}" for value, ranks in parts.items()]
    if faces:
        shown.insert(
            1 if "A" in values and values["A"] == 1 else 0, _("{low}-{high} face value").format(low=faces[0], high=faces[-1])
        )
    return ", ".join(shown)


def _dealer(ruleset: rulesets.Ruleset) -> str:
    if ruleset.dealer == "lowest-score":
        return _("passes to the lowest total, never straight back to the last dealer")
    return _("passes left (clockwise)")


def _trump(trump: rulesets.Trump) -> str:
    match trump.kind:
        case "turned":
            how = _("recorded each hand")
        case "flip":
            how = _("the suit of the flipped card (a Joker: no trump)")
        case "rotating" if len(trump.cycle) == 1 and trump.cycle[0] != "none":
            how = _("always {suit}").format(suit=cards.suit_symbol(trump.cycle[0]))
        case "rotating":
            # TRANSLATORS: {cycle} is the suits in turn, as the ruleset writes them
            how = _("rotates {cycle}").format(cycle=", ".join(trump.cycle))
        case _none:
            how = _("no trump")
    clauses = [how]
    if trump.always:
        clauses.append(vocabulary.always_trump())
    if trump.kind != "none":
        clauses.append(_("trump may not be led until broken") if trump.must_break else _("trump need not be broken"))
    return "; ".join(clauses)


def _end(ruleset: rulesets.Ruleset) -> str:
    end = ruleset.end
    if end.threshold is not None and end.hands is None:
        if end.reached == "at-or-below":
            length = _("after the hand in which a player reaches {points} or lower").format(points=end.threshold)
        else:
            length = _("after the hand in which a player reaches {points} or higher").format(points=end.threshold)
    elif ruleset.poisons is not None:
        length = _("after the agreed rounds ({hands} hands)").format(hands=",".join(map(str, ruleset.poisons.rounds)))
    elif end.multiple_of_players and end.hands is None:
        length = _("after one deal per player (hands=N, a multiple of the players)")
    else:
        planned = schedule.planned_hands(ruleset, ruleset.min_players)
        if planned:
            length = ngettext("after {count} hand", "after {count} hands", planned).format(count=planned)
        else:
            length = _("after the last hand")
    best = _("highest total wins") if end.winner == "highest" else _("lowest total wins")
    if end.tie_plays_on and end.hands is None:
        tie = _("a tie for first plays another hand, until one leads")
    else:
        tie = _("a tie for first is played off at the final size") if end.tie_break else _("a tie for first is a shared win")
    if end.losing is not None and end.hands is None:
        lost = _("or falls to {points} or lower, and loses").format(points=end.losing)
        return "; ".join([f"{length} {lost}", best, tie])
    return "; ".join([length, best, tie])


def check(origin: str, text: str) -> str:
    """Validate a ruleset file's text: its keys and types, contradictions, every option's
    default against the file, and its worked examples. Returns an 'ok' line, or raises a
    RulesetError with every problem, one a line: `FILE: key.path: message`."""
    document = rulesets.parse_document(origin, text)
    ruleset = rulesets.validate(origin, document)
    from scorekeeper.core import examples

    problems = rulesets.file_problems(origin, ruleset) + rulesets.default_problems(origin, document)
    problems += [f"{origin}: examples.{p}" for p in examples.failures(ruleset, document)]
    if problems:
        raise errors.RulesetError("\n".join(problems))
    options = ngettext("{count} option", "{count} options", len(ruleset.options)).format(count=len(ruleset.options))
    examples = ngettext("{count} example passes", "{count} examples pass", len(ruleset.examples)).format(
        count=len(ruleset.examples)
    )
    # TRANSLATORS: {options} is e.g. "3 options", {examples} e.g. "2 examples pass"
    return _("{file}: ok ({title}, {options}, {examples})").format(
        file=origin, title=vocabulary.prose(ruleset.title), options=options, examples=examples
    )
