"""The pseudo-language check. Every command a chosen test runs in-process (CHOSEN, below) speaks
a pseudo-language whose every message is wrapped in two invisible marks. What a command printed
is searched for English outside those marks (a sentence that reached the output without passing
through the catalog), then the marks are taken off, so the test's own assertions on the English
text still hold. The marks take no room in a table (tabulate measures with wcwidth), so tables
line up as they do in English. With SCOREKEEPER_TEST_PSEUDO=1, every test speaks it:

    SCOREKEEPER_TEST_PSEUDO=1 pytest tests/test_evening.py"""

import contextlib
import functools
import itertools
import os
import re
import shlex
from pathlib import Path

ON = os.environ.get("SCOREKEEPER_TEST_PSEUDO") == "1"

# The whole-game tests that speak the pseudo-language in every run (conftest.py switches it on
# around each): together they run every line of the program and print every message that all
# the tests of these six modules run and print in the pseudo-language (measured with coverage,
# per test, and the messages the catalog was asked for; the cheapest tests first). They run
# once, in the pseudo-language, their assertions holding on the English the marks are taken
# off. After adding a way of printing to a whole game, add a test that prints it here; to
# check every test of the six modules, run them with SCOREKEEPER_TEST_PSEUDO=1.
CHOSEN = {
    "test_evening.py": [  # an evening through play: joins, renames, reneges, rulings, tie-breaks
        "test_a_correction_names_the_players_of_the_corrected_hand_as_they_were",
        "test_cruel_fates_sheet_shows_each_hands_points_and_the_pass",
        "test_every_sheet_format_shows_the_evening_as_it_was",
        "test_label_is_an_entry_of_its_own",
        "test_one_order_in_each_front_end_and_the_short_poisons",
        "test_play_says_what_happened_as_it_happens",
        "test_plays_bottom_bar_marks_the_player_who_left",
        "test_the_log_names_each_entry_as_it_was_made",
        "test_why_names_each_hand_as_it_was",
    ],
    "test_oh_hell_mrpikes.py": [
        "test_a_refused_entry_records_none_of_its_values",
        "test_bad_bids_are_refused",
        "test_new_refusals_record_nothing",
        "test_pants_once_per_player_on_a_missed_bid_of_five_or_more",
        "test_simultaneous_bids_have_no_bidding_order",
        "test_the_same_trump_again_is_not_stored_and_a_new_one_says_what_it_replaced",
        "test_the_turned_card_is_nobodys_and_there_is_always_a_trump",
        "test_tie_for_the_lead_is_broken_by_an_extra_hand",
        "test_two_games_switch_with_use",
        "test_undo_with_nothing_to_undo_is_refused",
        "test_unknown_trump_suit_is_a_usage_error",
    ],
    "test_pick_your_poison.py": [
        "test_a_revoke_costs_four_at_once_at_any_time_in_the_hand",
        "test_bare_picks_are_in_seating_order_and_every_reply_says_so",
        "test_each_bad_entry_is_one_line_and_records_nothing",
        "test_every_kind_of_forced_pick_in_a_round_of_four_then_a_round_of_three",
        "test_poisons_belong_to_pick_your_poison_only",
        "test_rounds_are_a_comma_list_of_at_least_three_hands",
        "test_status_text_shows_the_round_the_picking_order_and_what_each_may_pick",
        "test_the_deal_goes_to_the_lowest_score_with_ties_and_the_just_dealt_case",
        "test_the_deal_passing_rule",
    ],
    "test_avoidance.py": [
        "test_a_declared_moon_shows_in_status",
        "test_a_made_and_a_failed_moon_are_announced",
        "test_acorn_hearts_moon_is_never_declared",
        "test_compendium_announces_each_hand_by_name_with_its_scoring",
        "test_compendium_is_always_six_hands",
        "test_compendium_moon_can_be_switched_off",
        "test_compendium_phases_refuse_what_they_do_not_score",
        "test_cruel_fate_four_players_without_passing",
        "test_each_scoring_card_is_taken_once",
        "test_hands_must_be_a_multiple_of_the_players",
        "test_no_card_scores_in_finis_or_cruel_fate",
        "test_one_first_and_one_last_trick_winner",
        "test_one_moon_declaration_a_hand_and_only_before_play",
        "test_only_scoring_cards_are_taken",
        "test_status_says_which_scoring_cards_are_still_unassigned",
        "test_the_sweep_is_announced_and_the_summary_names_what_each_took",
        "test_three_to_six_players",
        "test_tricks_that_score_nothing_are_refused",
    ],
    "test_snakebit.py": [
        "test_a_card_not_bearing_the_cursed_suit_is_refused_naming_it",
        "test_a_count_that_is_not_a_number_is_a_usage_error",
        "test_a_cursed_suit_that_is_not_a_decktet_suit_is_a_usage_error",
        "test_a_tie_for_the_highest_total_is_a_shared_win",
        "test_a_two_word_name_can_be_typed",
        "test_cards_outside_the_24_or_unquoted_are_usage_errors",
        "test_counts_are_given_once",
        "test_counts_in_a_game_without_a_cursed_suit_are_refused",
        "test_counts_must_account_for_all_8_cursed_cards_at_once",
        "test_leader_option_lets_the_dealer_lead",
        "test_named_cards_and_counts_do_not_mix_in_one_hand",
        "test_nobody_holds_more_cursed_cards_than_players_times_tricks",
        "test_play_results_wait_for_the_cursed_suit",
        "test_rules_state_the_readings_and_options",
        "test_status_says_how_many_cursed_cards_are_unassigned",
        "test_the_24_number_cards_are_dealt_8_or_6_each",
        "test_the_crown_always_names_a_trump",
        "test_the_flipped_crown_and_ace_may_be_named_as_turned_up",
        "test_the_hand_waits_for_all_8_cursed_cards",
        "test_the_stricter_lead_reading_is_an_option",
        "test_the_suits_cannot_change_once_play_is_recorded",
        "test_three_player_poison_nonesuch_is_six_hands_whatever_the_scores",
        "test_three_player_snakebit_ends_when_two_players_pass_minus_13_in_one_hand",
    ],
    "test_trick_by_trick.py": [
        "test_a_forced_lead_is_accepted_and_checked_against_later_cards",
        "test_a_fosdick_hand_played_card_by_card",
        "test_a_hand_is_recorded_card_by_card_or_by_totals_never_both",
        "test_a_hand_recorded_by_totals_refuses_tricks",
        "test_a_hand_recorded_by_trick_refuses_totals",
        "test_a_player_who_follows_suit_is_never_flagged",
        "test_a_revoke_in_a_game_without_a_renege_penalty",
        "test_a_revoke_is_flagged_at_once_and_confirmed_by_renege",
        "test_a_snakebit_hand_played_card_by_card",
        "test_a_trick_that_cannot_be_is_refused",
        "test_after_the_first_trick_bids_and_trump_are_fixed",
        "test_high_jokers_win",
        "test_jesters_never_win_and_both_jokers_may_be_played",
        "test_snakebit_refusals",
        "test_snakebit_trump_and_cursed_may_be_one_suit",
        "test_the_card_by_card_refusals_are_entry_errors_not_crashes",
        "test_the_trick_needs_what_comes_before_play",
        "test_trump_that_must_be_broken",
        "test_undo_takes_back_the_last_trick_and_its_leader",
        "test_winner",
        "test_winner_needs_no_game",
        "test_winner_refusals",
    ],
}

OPEN, CLOSE = "\u2062", "\u2063"  # invisible times, invisible separator: zero width

# Words an English sentence can hardly do without; a line with one of them outside a marked
# message printed English that no catalog would translate. Lower case (and a few sentence
# openers), so that proper names ("Pick Your Poison") and cards ("A♥") are not taken for words.
_ENGLISH = (
    "the|a|an|and|or|of|to|in|on|at|for|from|with|by|is|are|was|were|be|been|has|have|had|"
    "not|no|this|that|it|its|you|your|there|here|which|who|what|when|where|after|before|"
    "error|hand|hands|game|games|player|players|points|point|trick|tricks|score|scores|"
    "left|joined|won|wins|win|none|The|No|Error|Hand|Game"
)
_WORD = re.compile(rf"\b({_ENGLISH})\b")
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
# What is not language: a path, a command or a word the scorer types (in backticks or
# quotes), an option and its value, a list of an option's values, a ruleset's or a game's id.
_NOT_WORDS = re.compile(
    r"(/[^\s]+|`[^`]*`|--[a-z-]+|\b[\w-]+=[^\s,;]*|\[[^\]|]*(?:\|[^\]|]*)+\]|\b[a-z]+(?:-[a-z0-9]+)+\b"
    r")"
)
# What a library or the system says, given as the detail of our own message (in English: see
# the TRANSLATORS notes): tomllib where a ruleset file is not TOML, SQLite's and the system's
# words for a failure (`os.strerror`)
_FROM_LIBRARIES = (
    re.compile(r"[^\n:]*\(at line \d+, column \d+\)"),
    re.compile(
        "|".join(
            re.escape(said)
            for said in (
                "database or disk is full", "file is not a database", "database disk image is malformed",
                "unable to open database file", "disk I/O error", "attempt to write a readonly database",
                "database is locked", *(os.strerror(code) for code in range(1, 134)),
            )
        )
    ),
)
# Formats a program reads: written in English whatever the language (see CLI.md).
_MACHINE_FORMATS = {"csv", "json", "grid", "bgstats"}
# What the tests typed (names, notes, comments, reasons): the scorer's own words, shown as typed.
_typed: set[str] = set()


def switch_on() -> None:
    """Mark the pseudo-language's messages invisibly, for the commands run from now on (see
    `in_pseudo`), until `switch_off`."""
    from scorekeeper.words import catalogs

    global speaking
    _VISIBLE.setdefault("marks", _marks(catalogs.Pseudo))
    catalogs.Pseudo.OPEN, catalogs.Pseudo.CLOSE, catalogs.Pseudo.ACCENTED = OPEN, CLOSE, None
    catalogs.Pseudo.PIECEWISE = True  # a value put into a message is checked as well
    catalogs.translations.cache_clear()
    speaking = True


def switch_off() -> None:
    """The commands speak as the tests ask again, and `--lang qps` shows its visible marks."""
    from scorekeeper.words import catalogs

    global speaking
    if "marks" in _VISIBLE:
        pseudo = catalogs.Pseudo
        pseudo.OPEN, pseudo.CLOSE, pseudo.ACCENTED, pseudo.PIECEWISE = _VISIBLE["marks"]
        catalogs.translations.cache_clear()
    speaking = False


def chosen(module: str, test: str) -> bool:
    """True if the test `test` of the file `module` is one of CHOSEN."""
    return test in CHOSEN.get(module, ())


def _marks(pseudo: type) -> tuple:
    return pseudo.OPEN, pseudo.CLOSE, pseudo.ACCENTED, pseudo.PIECEWISE


speaking = False  # True while the commands run in-process speak the pseudo-language
_VISIBLE: dict[str, tuple] = {}  # the pseudo-language's own marks, as `--lang qps` shows them


def in_pseudo(args: tuple) -> tuple:
    """A command's arguments, asking for the pseudo-language (the program a test starts in
    another process speaks English: its output is not taken apart)."""
    from scorekeeper.words import catalogs

    return ("--lang", catalogs.PSEUDO, *args)


def typed(args: tuple, input: str | None) -> None:
    """Remember what a test typed, so that its own words are not taken for ours (a line typed
    into `play` counts word by word as a command line does: `renege Cat --note "a note"`; an
    option's name given with --set counts too)."""
    words = [str(a) for a in args]
    for option, setting in itertools.pairwise(words):
        if option == "--set" and "=" in setting:
            _typed.add(setting.split("=", 1)[0])
    for path in words:  # a ruleset file a test wrote: its prose is the file's author's
        if path.endswith(".toml") and os.path.isfile(path):
            _typed.update(_strings_of(path))
    for said in [*words, *(input or "").splitlines()]:
        try:
            words = shlex.split(said)
        except ValueError:
            words = []
        for piece in [*re.split(r"[=,]", said), *words]:
            if len(piece.strip()) > 2 and " " in piece.strip():
                _typed.add(piece.strip())


def for_a_program(args: tuple) -> bool:
    """True if the command prints a format a program reads (JSON, CSV…), always English."""
    words = [str(a) for a in args]
    return "--json" in words or any(
        word == "--format" and following in _MACHINE_FORMATS for word, following in itertools.pairwise(word.lower() for word in words)
    )


def unmarked_english(text: str) -> list[str]:
    """The lines of `text` that hold English outside every marked message (nothing for a
    document a program reads: JSON, HTML)."""
    if text.lstrip().startswith(("{", "[", "<")):
        return []
    # a command to type, in backticks, is not language, whatever it holds: a message marks
    # its words piece by piece (see switch_on), so a name put into it stands outside the marks
    bare = re.sub(r"`[^`\n]*`", " ", text)
    # a stored entry's type, in parentheses after its number: "entry 3 (tricks)"
    bare = re.sub(rf"\({CLOSE}(?:{'|'.join(_entry_types())}){OPEN}\)", f"({CLOSE}{OPEN})", bare)
    while True:  # a marked message may hold others, and run over several lines
        stripped = _MARKED.sub(" ", bare)
        if stripped == bare:
            break
        bare = stripped
    # a message cut short where shown (a help's first sentence) lost its closing mark: it runs
    # to the end of its line and the deeper-indented lines that carry it on
    bare = re.sub(f"{OPEN}[^\n]*(?:\n│? {{8,}}[^\n]*)*", " ", bare)
    bare = re.sub(r"\b\w+(?:\.\w+)+:", " ", bare)  # a ruleset's key path ("examples.0.hand.bids.Ann:")
    bare = re.sub(r"\\(.)", r"\1", bare)  # the scorer's words as a Markdown sheet escapes them
    for said in sorted(_typed, key=len, reverse=True):
        bare = bare.replace(said, " ")
    bare = _option_lists().sub(" ", bare)
    for said in _FROM_LIBRARIES:
        bare = said.sub(" ", bare)
    # a line left with one lower-case word is a command's name in a list of commands
    lines = [line for line in _NOT_WORDS.sub(" ", bare).splitlines() if not re.fullmatch(r"[\s│]*[a-z]+[\s│]*", line)]
    return [line for line in lines if _WORD.search(line)]


def _strings_of(path: str) -> list[str]:
    """The texts of a TOML file with a space in them, if it reads."""
    import tomllib

    try:
        document = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, OSError):
        return []
    found, pending = [], [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending += value.values()
        elif isinstance(value, list):
            pending += value
        elif isinstance(value, str) and " " in value.strip():
            found.append(value.strip())
    return found


@functools.cache
def _entry_types() -> list[str]:
    from scorekeeper.core import events

    return sorted(events._BY_TYPE)


@functools.cache
def _option_lists() -> re.Pattern:
    """A list of what a ruleset file or `--set` names ("hands, join_score, moon", "exact_bid,
    poison … or trick", the marked commas and "or" already taken out): the names the scorer
    types, the same in every language. The built-in rulesets' options, and the tables' kinds."""
    from scorekeeper.core import rulesets
    from scorekeeper.storage import ruleset_files

    names = set(rulesets._KINDS)
    for name in rulesets.BUILTIN_NAMES:
        origin, text = ruleset_files.find(name, None)
        names |= set(rulesets.parse_document(origin, text).get("options", {}))
    option = "(?:" + "|".join(sorted(map(re.escape, names))) + ")"
    return re.compile(rf"\b{option}(?:(?:,\s*|\s+){option})+\b")


def unmarked(text: str) -> str:
    """The text with the marks taken off: the English the tests expect."""
    return text.replace(OPEN, "").replace(CLOSE, "")


def unmark_written(args: tuple) -> None:
    """Take the marks off a file the command wrote (`--output FILE`), as off what it printed."""
    words = [str(a) for a in args]
    if "--output" in words[:-1]:
        path = Path(words[words.index("--output") + 1])
        if path.is_file():
            with contextlib.suppress(UnicodeDecodeError):  # a picture, say: no words in it
                path.write_text(unmarked(path.read_text(encoding="utf-8")), encoding="utf-8")
