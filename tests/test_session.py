"""`play`, the session for a whole evening, driven through piped standard input: whole games
answered with bare values, commands typed without the program name, and the standings
checked against scores worked out by hand (the rule cited beside each).
"""

import json
import os
import subprocess
import sys

from conftest import Sk


def play(*lines, args=()):
    """Run `play` with these lines on standard input (not a terminal); returns the result."""
    result = Sk().run("play", *args, input="".join(f"{line}\n" for line in lines))
    assert "Traceback" not in result.stdout + result.stderr
    return result


def scores(sk):
    return {p["name"]: p["score"] for p in sk.json("standings")["players"]}


def test_oh_hell_whole_game_by_bare_answers(sk):
    # RULES.md §1 (oh-hell-mrpikes): made bid -> 10 + tricks, a made zero -> 10,
    # missed -> -(10 + tricks off). Sizes 3, 2, 1 (sizes=down, start=3); no tie-break hands.
    # Bidding order from the dealer's left; the session names the players in that order.
    # The dealer leads the first trick (§1).
    result = play(
        "new oh-hell-mrpikes --players Ann,Bob,Cat --dealer Ann --set sizes=down --set start=3 --set tie_break=false",
        # hand 1, Ann deals 3: Bob, Cat, Ann
        "h",
        "1 0 2",
        "1 0 2",  # all made: Bob 11, Cat 10 (zero), Ann 12
        # hand 2, Bob deals 2: Cat, Ann, Bob; bids as they are made, a few at a time
        "s",
        "1",
        "1 1",
        "0 2 0",  # all missed by 1: -11 each -> Ann 1, Bob 0, Cat -1
        "why Ann --hand 2",
        # hand 3, Cat deals 1: Ann, Bob, Cat; the hand card by card: Cat leads 2♠, Ann's Q♠ takes it
        "c",
        "1 0 0",
        "2S QS 3S",  # Ann 11, Bob 10 (zero), Cat 10 (zero) -> Ann 12, Bob 10, Cat 9
        "standings",
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Hand 1: bids Ann 2, Bob 1, Cat 0 (total 3 for 3 tricks)." in out
    assert "Hand 2: bids Cat 1." in out and "Hand 2: bids Ann 1, Bob 1, Cat 1 (total 3 for 2 tricks)." in out
    assert "Standings: 1. Ann 12 · 2. Bob 11 · 3. Cat 10" in out  # after hand 1
    assert "Standings: 1. Ann 1 · 2. Bob 0 · 3. Cat -1" in out  # after hand 2
    assert "Next: hand 3, Cat deals (deal passes left), 1 card each" in out
    assert "Hand 3, trick 1 of 1: Cat 2♠ Ann Q♠ Bob 3♠\nAnn takes it" in out
    assert "Game over: Ann wins." in out
    assert "Hand 2 (Bob deals, 2 cards, trump ♠): -11 — bid 1, took 2 tricks" in out  # why Ann --hand 2
    assert scores(sk) == {"Ann": 12, "Bob": 10, "Cat": 9}


def test_pick_your_poison_with_the_forced_blind_warning_before_the_deal(sk):
    # RULES.md §3: Bid n made 10 + n, missed -1 per trick off; Blind Bid n made 20 + 2n,
    # missed -2 per trick off; Take +1 per trick. 3 players: 17 cards. One round of 3 hands:
    # each poison exactly once, so hand 3 is forced for everyone. The deal passes to the
    # lowest total, never to the player who just dealt.
    result = play(
        "new pick-your-poison --players Ann,Bob,Cat --dealer Ann --set rounds=3",
        # hand 1, Ann deals: Bob, Cat, Ann pick
        "h",
        "blind:5 take bid:4",
        "5 7 5",  # Bob blind 5 made 30, Cat take 7, Ann bid 4 took 5: -1
        # hand 2: Ann is lowest but just dealt, so Cat (7) deals: Ann, Bob, Cat pick
        "s",
        "take bid:3",
        "blind:2",
        "10 3 4",  # Ann take 10, Bob bid 3 made 13, Cat blind 2 took 4: -4 -> Ann 9, Bob 43, Cat 3
        # hand 3: Cat is lowest but just dealt, so Ann (9) deals, and is forced to Blind Bid
        "c",
        "take bid:6 blind:1",
        "6 10 1",  # order Bob Cat Ann: Bob take 6, Cat bid 6 took 10 (-4), Ann blind 1 made 22
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    warning = "WARNING: Ann must bid blind: Ann, do not pick up your cards"
    assert out.index("Hand 2 scored:") < out.index(warning) < out.index("Hand 3: trump")
    assert "Cat deals: next-lowest score (the lowest just dealt), 7." in out
    assert "Standings: 1. Bob 43 · 2. Ann 9 · 3. Cat 3" in out
    # hand 3: Ann 9 + 22 = 31, Bob 43 + 6 = 49, Cat 3 - 4 = -1
    assert "Game over: Bob wins." in out
    assert scores(sk) == {"Bob": 49, "Ann": 31, "Cat": -1}


def test_four_bad_queens_with_took_answers_and_a_moon(sk):
    # RULES.md §4, Four Bad Queens: Q♠ 2, every other Queen 1; a declared moon that takes all
    # four gives the shooter 0 and each opponent 5. One deal per player; lowest total wins.
    result = play(
        "new four-bad-queens --players Ann,Bob,Cat --dealer Ann",
        "Bob QS QD",
        "Ann QH",
        "Cat QC",  # Ann 1, Bob 3, Cat 1
        "Cat QS",
        "Ann QH QD QC",  # Ann 4, Bob 3, Cat 3
        "moon Cat",
        "Cat QS QH QD QC",  # Cat 0, Ann +5, Bob +5 -> Ann 9, Bob 8, Cat 3
    )
    assert result.exit_code == 0, result.stderr
    assert "Standings: 1. Ann 1 · 1. Cat 1 · 3. Bob 3" in result.stdout
    assert "Game over: Cat wins." in result.stdout
    assert scores(sk) == {"Cat": 3, "Bob": 8, "Ann": 9}


def test_snakebit_with_counts_and_decktet_cards(sk):
    # RULES.md §5: +1 per trick, -1 per card bearing the cursed suit; the game ends after the
    # hand in which a player reaches the threshold (-5 here) or lower; highest total wins.
    # 3 players: 8 cards each. Per-player answers go from the dealer's left.
    result = play(
        "new snakebit --players Ann,Bob,Cat --dealer Ann --set threshold=-5",
        # hand 1, Ann deals: Bob, Cat, Ann
        "wyrms",
        "moons",
        "1 3 4",
        "3 4 1",  # cursed counts: Bob 1-3 = -2, Cat 3-4 = -1, Ann 4-1 = 3
        # hand 2, Bob deals: Cat, Ann, Bob; Bob takes all eight Knots cards
        "knots",
        "suns",
        "2 2 4",
        "Bob Author Painter Battle Soldier Market Castle Betrayal Merchant",
        # Cat 2 -> 1, Ann 2 -> 5, Bob 4-8 = -4 -> -6: at or below -5, the game ends
    )
    assert result.exit_code == 0, result.stderr
    assert "Standings: 1. Ann 3 · 2. Cat -1 · 3. Bob -2" in result.stdout
    assert "Game over: Ann wins." in result.stdout
    assert scores(sk) == {"Ann": 5, "Cat": 1, "Bob": -6}


def test_a_flipped_card_is_answered_by_its_name_in_several_words(sk):
    # seeds/snakebit-decktet.txt: "The Ace card will determine the cursed suit, and the Crown
    # card will determine the trump suit"; the scorer answers with the card seen, as it reads
    # (each word of it was taken for another answer). RULES.md §5: +1 a trick, -1 a cursed card.
    sk("new", "snakebit", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    result = play("Ace of Knots", "the Sea", "3 2 3", "2 5 1")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Hand 1: cursed suit Knots." in out and "Hand 1: trump Waves (Sea)." in out
    # Bob, Cat, Ann: tricks 3, 2, 3; cursed 2, 5, 1
    assert scores(sk) == {"Ann": 2, "Bob": 1, "Cat": -3}


def test_without_a_terminal_the_line_editor_is_not_loaded(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert play("h").exit_code == 0
    assert "prompt_toolkit" not in sys.modules and "scorekeeper.terminal" not in sys.modules


def test_starting_a_game_by_answering_ruleset_players_dealer(sk):
    result = play("oh-hell-mrpikes", "Ann, Bob Cat Dan Eve", "Cat", "Ann's kitchen", "Bob", "h", "2 1 0 3 1", "2 1 1 5 1")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("No game yet: answer the ruleset, the players, the first dealer, the location and the scorer")
    sheet = json.loads(sk("sheet", "--format", "json"))
    assert (sheet["location"], sheet["scorer"]) == ("Ann's kitchen", "Bob")  # asked as the game starts
    assert "players Ann, Bob, Cat, Dan, Eve" in out
    # order Dan Eve Ann Bob Cat: Dan 2/2 12, Eve 1/1 11, Ann 0 took 1 -11, Bob 3 took 5 -12, Cat 1/1 11
    assert scores(sk) == {"Dan": 12, "Eve": 11, "Cat": 11, "Ann": -11, "Bob": -12}


def test_a_wrong_answer_while_starting_a_game_asks_again(sk):
    result = play("oh-hell-mrpike", "snakebit", "Ann,Bob,Cat,Dan,Eve", "", "", "", "snakebit", "Ann,Bob,Cat", "Bob", "", "")
    assert result.exit_code != 0
    assert result.stderr.splitlines() == [
        "error: unknown ruleset 'oh-hell-mrpike'; did you mean oh-hell-mrpikes?",
        "refused: snakebit is for 3-4 players, not 5; name 3 to 4 players with --players",
    ]  # after each, the session asks again from the ruleset
    assert sk.json("status")["dealer"] == "Bob"


def test_the_dealer_defaults_to_the_first_player_on_an_empty_answer(sk):
    assert play("oh-hell-mrpikes", "Ann,Bob,Cat", "", "", "").exit_code == 0  # Enter skips location and scorer too
    assert sk.json("status")["dealer"] == "Ann"
    sheet = json.loads(sk("sheet", "--format", "json"))
    assert (sheet["location"], sheet["scorer"]) == ("", "")


def test_refusals_are_one_line_and_the_session_carries_on(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    result = play("h", "1 0 2 3", "1 0 x", "1 0 2", "bogus --x", "undo", "standings")
    assert result.exit_code == 2  # the worst of the lines: a usage error
    assert result.stderr.splitlines() == [
        "error: 4 bids for 3 players (Bob Cat Ann); give one each in that order, or NAME=VALUE",
        "error: Ann's bid 'x' is not a whole number",
        "error: Bob's tricks 'bogus' is not a whole number",
    ]
    assert "Undone: entry 2, bids" in result.stdout
    assert sk.json("status")["bids"] == {}


def test_a_correction_typed_as_a_command_in_the_session(sk):
    # RULES.md §1: hand 1 (Ann deals 10; bids in order Bob Cat Dan Ann) is corrected after
    # hand 2 began: tricks in seating order Ann 3, Bob 1, Cat 0, Dan 6. Bob made his 1: 11;
    # Ann bid 1 took 3: -12; Cat bid 1 took 0: -11; Dan bid 1 took 6: -15.
    result = play(
        "new oh-hell-mrpikes --players Ann,Bob,Cat,Dan --dealer Ann",
        "h",
        "1 1 1 1",
        "2 3 3 2",
        "s",
        "tricks 3 1 0 6 --hand 1",
    )
    assert result.exit_code == 0, result.stderr
    assert scores(sk) == {"Bob": 11, "Cat": -11, "Ann": -12, "Dan": -15}
    assert sk.json("status")["needs"][0] == "bids"


def test_the_game_over_refuses_bare_answers_and_takes_commands(sk):
    play(
        "new oh-hell-mrpikes --players Ann,Bob,Cat --dealer Ann --set sizes=fixed --set start=1 --set hands=1",
        "h",
        "0 0 1",
        "0 0 1",
    )
    result = play("1 0 0", "standings")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: the game is over; type a command (`standings`, `sheet`, `new …`; `help` lists them)"
    )
    assert "Game over" in result.stdout


def test_quit_leaves_and_later_lines_are_not_read(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    result = play("quit", "h")
    assert result.exit_code == 0
    assert sk.json("status")["needs"][0] == "trump"


def test_help_lists_the_commands_and_the_answers(sk):
    result = play("help", "play")
    assert "Answer the prompt with bare values" in result.stdout
    for name in ("undo", "why", "standings", "sheet", "tricks", "quit"):
        assert f"  {name} " in result.stdout
    assert "  play " not in result.stdout
    assert result.stderr == "error: this is `play` already; type an answer or a command, or `quit`\n"


def test_play_on_a_chosen_game_leaves_the_current_one_alone(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    gid = json.loads(sk("status", "--json"))["game"]
    sk("new", "four-bad-queens", "--players", "Ann,Bob,Cat")
    result = play("h", "status", args=("--game", gid[:4]))
    assert result.exit_code == 0, result.stderr
    assert json.loads(sk("status", "--json", "--game", gid))["trump"] == "H"
    assert sk.json("status")["ruleset"] == "four-bad-queens"


def test_the_installed_program_reads_piped_lines(home):
    """Through the console entry point, as a script would use it (it registers one command)."""
    lines = "new oh-hell-mrpikes --players Ann,Bob,Cat --dealer Bob\nh\n0 1 1\nstandings --json\n"
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    code = "import sys; from scorekeeper.cli import main; sys.argv = ['sk', 'play']; main()"
    done = subprocess.run(
        [sys.executable, "-c", code], input=lines, capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Hand 1: bids Ann 1, Bob 1, Cat 0" in done.stdout  # order Cat Ann Bob
    assert '"hands_played": 0' in done.stdout


def session_on(home):
    """A session object on the store, as `play` makes one (its replies collected)."""
    from scorekeeper import cli, session

    said = []
    return session.Session(cli.every_command(), None, None, said.append), said


def completed(play_session, before):
    return [text for text, _, _ in play_session.completions(before)]


def test_the_session_sees_what_another_sk_recorded_before_its_next_prompt(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    one, said = session_on(home)
    one.sync()
    assert one.prompt() == "hand 1 · Ann deals 10 · trump> "
    sk("trump", "h")  # from another terminal
    sk("bid", "Bob=1")
    one.sync()
    assert said == ["Recorded elsewhere: trump H.", "Recorded elsewhere: bids Bob=1."]
    assert one.prompt() == "hand 1 · Ann deals 10 · bids (Cat Ann)> "
    one.close()


def test_tab_completes_commands_players_suits_cards_options_and_rulesets(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    one, _ = session_on(home)
    one.sync()
    assert completed(one, "un") == ["undo"]
    assert completed(one, "why B") == ["Bob"]
    assert completed(one, "h") == ["hearts", "help"]  # the trump is asked: suits first
    # MrPikes always has a trump: `none` is not offered where it would be refused
    assert completed(one, "trump ") == ["spades", "hearts", "diamonds", "clubs"]
    assert completed(one, "trick Q") == ["QS", "QH", "QD", "QC"]
    assert completed(one, "why Ann --h") == ["--hand"]
    assert "oh-hell-office" in completed(one, "new oh-hell-")
    one.handle("h")
    assert one.prompt() == "hand 1 · Ann deals 10 · bids (Bob Cat Ann)> "
    assert one.toolbar() == "hand 1 of 19 · Ann deals · 1. Ann 0  1. Bob 0  1. Cat 0"
    hints = list(one.completions("3 "))  # the second value is Cat's bid
    assert hints[0][:2] == ("0", "Cat may bid") and len(hints) == 11
    one.close()


def test_decktet_cards_complete_by_name(sk, home):
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    one, _ = session_on(home)
    one.sync()
    assert completed(one, "wy") == ["wyrms"]  # the cursed suit is asked
    assert completed(one, "trick Dip") == ["Diplomat"]
    one.close()


def test_trick_by_trick_the_prompt_names_who_leads(sk, home):
    # RULES.md §1: the dealer leads the first trick; the winner of a trick leads the next.
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--set", "sizes=fixed",
       "--set", "start=2", "--set", "hands=1")  # fmt: skip
    assert play("h", "0 0 1", "2S QS 3S").exit_code == 0  # Ann 2♠, Bob Q♠ wins, Cat 3♠
    one, _ = session_on(home)
    one.sync()
    assert one.prompt() == "hand 1 · Ann deals 2 · trick (Bob leads: CARD…)> "
    one.close()


def test_the_bottom_line_warns_a_forced_blind_bidder(sk, home):
    # RULES.md §3: a 3-hand round takes each poison once; Ann, left with Blind Bid, is warned.
    play(
        "new pick-your-poison --players Ann,Bob,Cat --dealer Ann --set rounds=3",
        "h", "blind:5 take bid:4", "5 7 5",
        "s", "take bid:3 blind:2", "10 3 4",
    )  # fmt: skip
    one, _ = session_on(home)
    one.sync()
    assert one.toolbar().splitlines()[1:] == ["WARNING: Ann must bid blind: Ann, do not pick up your cards"]
    one.close()


def test_a_comment_is_the_rest_of_the_line_without_quotes(sk):
    """`comment great hand by Ann` was a usage error (four words for one argument): a comment
    is the rest of the line, on the command line and in `play`; quotes still work, and an
    apostrophe opens no quote in `play`."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk("comment", "great", "hand", "by", "Ann").startswith("Hand 1: comment")
    sk("comment", "--hand", "1", "two", "words")
    result = play("comment Bob's bid was brave", 'comment "quoted, as before"', "comment a late one --hand 1")
    assert result.exit_code == 0, result.stderr
    assert json.loads(sk("sheet", "--format", "json"))["hands"][0]["comments"] == ["great hand by Ann", "two words", "Bob's bid was brave", "quoted, as before", "a late one"]


def test_a_comment_may_start_with_a_dash(sk):
    """A comment like "-2 for the misdeal" was refused as an unknown option (`-2`): it is the
    comment's first word, on the command line and in `play`; the options are still options."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk("comment", "-2", "for", "the", "misdeal") == "Hand 1: comment noted.\n"
    result = play("comment -5 was a joke", "comment -x --hand 1")
    assert result.exit_code == 0, result.stderr
    assert json.loads(sk("sheet", "--format", "json"))["hands"][0]["comments"] == ["-2 for the misdeal", "-5 was a joke", "-x"]
    assert sk.fails("comment", "--hand", "x", "hi", code=2).startswith("error: Invalid value for '--hand'")
