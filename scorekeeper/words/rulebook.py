"""The rules reference in words: a ruleset described with every option and its default, the
list of rulesets, and the verdict of checking a ruleset file (finding, reading and writing
the files is ruleset_files' job)."""

from __future__ import annotations

from scorekeeper.core import cards, errors, rulesets, schedule
from scorekeeper.core.counting import counted
from scorekeeper.words import vocabulary

JOKER_WORDS = {
    "jester": "jesters: a Joker never wins a trick and may be played at any time; a Joker led leaves the lead to the next card",
    "high": "high: a Joker beats every other card (the first Joker played wins)",
}


def index(available: list[tuple[str, str]]) -> str:
    """The rulesets there are, by name (see ruleset_files.available)."""
    names = ", ".join(n for n, _ in available)
    return f"Rulesets: {names}.\nWrite `rules NAME` for one of them."


def catalog_text(found: list[tuple[str, str, rulesets.Ruleset | None]]) -> str:
    """Every ruleset with where it comes from and its game (see ruleset_files.catalog)."""
    from scorekeeper.words import reports

    rows = [
        [name, where, ruleset.title if ruleset is not None else "(does not validate: see `rules check`)"]
        for name, where, ruleset in found
    ]
    return reports.table(rows, ["ruleset", "from", "game"])


def describe(ruleset: rulesets.Ruleset) -> str:
    """A ruleset in brief, with every option and its default."""
    lines = [ruleset.title, f"Source: {ruleset.source}", "", ruleset.summary, ""]
    lines.append(f"Players: {ruleset.min_players}-{ruleset.max_players}; deck: {_deck(ruleset)}.")
    lines.append(f"Hand sizes: {_sizes(ruleset)}.")
    lines.append(f"Dealer: {_dealer(ruleset)}; {vocabulary.first_lead(ruleset)}.")
    lines.append(f"Trump: {_trump(ruleset.trump)}.")
    if ruleset.upcard_out:
        lines.append(f"Turned-up card: {vocabulary.upcard_out()}.")
    if ruleset.lead.must_break:
        lines.append(f"Leading: {vocabulary.must_break(ruleset.lead.must_break)}.")
    if ruleset.lead.strict:
        lines.append(f"Leading: {vocabulary.strict_lead()}.")
    if ruleset.deck == "french-54":
        lines.append(f"Jokers: {JOKER_WORDS[ruleset.jokers]}.")
    if ruleset.cursed is not None:
        lines.append("Cursed suit: recorded each hand from the flipped Ace.")
    if ruleset.bidding.kind == "bids":
        hook = ", hook rule (the dealer may not make the total)" if ruleset.bidding.hook else ""
        order = "in turn from the dealer's left, the dealer last" if ruleset.bidding.order == "in-turn" else "simultaneous"
        lines.append(f"Bidding: {order}{hook}.")
    if ruleset.passing is not None and ruleset.passing.enabled:
        lines.append("Passing before the first trick, the direction cycling hand by hand.")
    phases = ruleset.phases or [ruleset.phase(1)]
    deck = _largest_deck(ruleset)
    for phase in phases:
        heading = f"Scoring ({phase.title}):" if ruleset.phases else "Scoring:"
        lines.append(heading)
        lines += [f"  - {text}" for text in vocabulary.phase(phase, deck)]
    for renege in ruleset.reneges:
        text = vocabulary.renege(renege)
        lines.append(f"{text[0].upper()}{text[1:]}.")
    if ruleset.pants is not None and ruleset.pants.enabled:
        once = ", once per player" if ruleset.pants.once else ""
        lines.append(f"Pants rule: a missed bid of {ruleset.pants.min_bid} or more is a forfeit{once}.")
    lines.append(f"End: {_end(ruleset)}.")
    if ruleset.readings:
        lines.append("This project's readings of points the source leaves open:")
        lines += [f"  - {text}" for text in ruleset.readings]
    if ruleset.options:
        lines.append("Options (--set NAME=VALUE at `new`):")
        for option_name, option in ruleset.options.items():
            default = option.default
            if isinstance(default, bool):
                default = str(default).lower()
            elif isinstance(default, list):
                default = ",".join(map(str, default))
            choices = f" [{'|'.join(option.choices)}]" if option.choices else ""
            lines.append(f"  {option_name}={default}{choices}  {option.description}")
    return "\n".join(lines)


def _largest_deck(ruleset: rulesets.Ruleset) -> cards.Deck:
    """The pack the ruleset deals to the most players it allows (its cards named by it)."""
    names = {rulesets.deck_name(ruleset.deck, n) for n in range(ruleset.min_players, ruleset.max_players + 1)}
    return max((cards.deck(name) for name in names), key=lambda deck: len(deck.cards))


def _deck(ruleset: rulesets.Ruleset) -> str:
    return {
        "french-52": "52 cards, aces high",
        "french-54": f"52 cards and two Jokers ({ruleset.jokers})",
        "piquet": "32 cards A-7 (30 without the black 7s for 3, 5 or 6 players)",
        "decktet-24": "the Decktet's 24 number cards, Aces and Crowns as separate piles",
    }[ruleset.deck]


def _sizes(ruleset: rulesets.Ruleset) -> str:
    sizes = ruleset.sizes
    if isinstance(sizes, rulesets.Progression):
        if sizes.shape == "fixed":
            return f"{counted(sizes.start, 'cards')} each for {counted(sizes.hands, 'hands')}"
        return f"{sizes.shape} from {sizes.start} cards (capped by the deck) to {sizes.low}"
    if isinstance(sizes, rulesets.FlipSize):
        caps = ", ".join(
            f"{schedule.size_cap(ruleset, n)} for {n}" for n in range(ruleset.min_players, ruleset.max_players + 1)
        )
        reflip = "; a flipped Joker may be shuffled back and another flipped" if sizes.joker_reflip else ""
        return (
            f"a card flipped before each deal sets the size ({_flip_values(sizes.values)}), at most "
            f"{sizes.start} and at most what the deck deals with one card left ({caps} players); "
            f"{sizes.hands} hands{reflip}"
        )
    keep = f", at least {sizes.keep} left over" if sizes.keep else ""
    return f"the whole pack dealt out equally{keep}"


def _flip_values(values: dict[str, int]) -> str:
    """{"A": 1, "2": 2, …, "J": 10, "JK": 10} → "A 1, 2-10 face value, J/Q/K/JK 10"."""
    faces = [rank for rank, value in values.items() if rank.isdigit() and int(rank) == value]
    parts: dict[int, list[str]] = {}
    for rank, value in values.items():
        if rank not in faces:
            parts.setdefault(value, []).append("Joker" if rank == "JK" else rank)
    shown = [f"{'/'.join(ranks)} {value}" for value, ranks in parts.items()]
    if faces:
        shown.insert(1 if "A" in values and values["A"] == 1 else 0, f"{faces[0]}-{faces[-1]} face value")
    return ", ".join(shown)


def _dealer(ruleset: rulesets.Ruleset) -> str:
    if ruleset.dealer == "lowest-score":
        return "passes to the lowest total, never straight back to the last dealer"
    return "passes left (clockwise)"


def _trump(trump: rulesets.Trump) -> str:
    how = {
        "turned": "recorded each hand",
        "flip": "the suit of the flipped card (a Joker: no trump)",
        "rotating": "rotates " + ", ".join(trump.cycle),
        "none": "no trump",
    }[trump.kind]
    if trump.always:
        how += f"; {vocabulary.always_trump()}"
    if trump.kind != "none":
        how += "; trump may not be led until broken" if trump.must_break else "; trump need not be broken"
    return how


def _end(ruleset: rulesets.Ruleset) -> str:
    end = ruleset.end
    best = "highest" if end.winner == "highest" else "lowest"
    if end.threshold is not None:
        side = "lower" if end.reached == "at-or-below" else "higher"
        length = f"after the hand in which a player reaches {end.threshold} or {side}"
    elif ruleset.poisons is not None:
        length = f"after the agreed rounds ({','.join(map(str, ruleset.poisons.rounds))} hands)"
    elif end.multiple_of_players and end.hands is None:
        length = "after one deal per player (hands=N, a multiple of the players)"
    else:
        planned = schedule.planned_hands(ruleset, ruleset.min_players)
        length = f"after {planned} hands" if planned else "after the last hand"
    tie = "; a tie for first is played off at the final size" if end.tie_break else "; a tie for first is a shared win"
    return f"{length}; {best} total wins{tie}"


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
    return f"{origin}: ok ({ruleset.title}, {len(ruleset.options)} options, {len(ruleset.examples)} examples pass)"
