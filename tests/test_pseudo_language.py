"""The whole-game tests run again in the pseudo-language (see pseudo.py): every message the
program prints is then marked, and a line with English outside the marks fails. The games'
own assertions still hold, on the English the marks are taken off.

Not every whole-game test runs again, only the ones in WHOLE_GAMES: together they run every
line of the program and print every message that all the tests of those six modules run and
print in the pseudo-language (measured with coverage, per test, and the messages the catalog
was asked for; the cheapest tests first), at about a third of the cost. After adding a way of
printing to a whole game, add a test that prints it here; to check every test of the six
modules, run them as pseudo.py says (SCOREKEEPER_TEST_PSEUDO=1 pytest tests/test_evening.py …)."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WHOLE_GAMES = {
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


def test_every_sentence_of_a_whole_game_passes_through_the_catalog(tmp_path):
    env = {**os.environ, "SCOREKEEPER_TEST_PSEUDO": "1"}
    chosen = [f"{HERE / module}::{test}" for module, tests in WHOLE_GAMES.items() for test in tests]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-x", *chosen],
        env=env, cwd=HERE.parent, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
