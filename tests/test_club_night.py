"""A club night through the command line: 13 players seated for 3 rounds, each round's games
started from the kept seating, played to the end in two rulesets (a latecomer joining one
table), and the room's leaderboard worked out by hand.

The seating comes from the optimiser (seed 5), so who sits where is read from `seat --json`;
what each seat scores is worked out by hand below, the rule named for every number. Entries
are bare values in seating order (CLI.md), so a seat's result does not depend on who sits in it.

Placement points (the night's rule): in each game first place 1, last 0, the rest evenly
between (n players: 1, (n-2)/(n-1), …, 0), players tied on a place sharing the points of the
places they fill; times the share of the game's hands the player was dealt in."""

import re
from fractions import Fraction as F

import pseudo
import pytest
from helpers import tamperable

PLAYERS = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy,Jo,Kim,Lu,Max"
# Oh Hell (MrPikes, RULES §1) cut short: 2 hands of 1 card, no trump, a tie for first shared.
# Made exactly: 10 + tricks; made zero: 10; missed: -(10 + the miss).
OH_HELL = ["--set", "sizes=fixed", "--set", "start=1", "--set", "hands=2", "--set", "trump=none", "--set", "tie_break=false"]


def oh_hell_hand(sk, game, bids, tricks):
    sk("bid", *bids.split(), "--game", game)
    return sk("tricks", *tricks.split(), "--game", game)


def play_oh_hell(sk, game, size):
    """Hand 1: seat 1 bids 1 and takes the one trick (11), the others bid 0 and make it (10).
    Hand 2: the last seat bids 1 and the seat before it takes the trick: both miss by one
    (-11), the rest make 0 (+10).
    5 seats: 21, 20, 20, -1, -1 -> places 1, 2=, 2=, 4=, 4=
             points 1, (3/4 + 1/2)/2 = 5/8 twice, (1/4 + 0)/2 = 1/8 twice.
    4 seats: 21, 20, -1, -1 -> places 1, 2, 3=, 3= -> points 1, 2/3, (1/3 + 0)/2 = 1/6 twice."""
    oh_hell_hand(sk, game, " ".join(["1"] + ["0"] * (size - 1)), " ".join(["1"] + ["0"] * (size - 1)))
    oh_hell_hand(sk, game, " ".join(["0"] * (size - 1) + ["1"]), " ".join(["0"] * (size - 2) + ["1", "0"]))


OH_HELL_POINTS = {5: [F(1), F(5, 8), F(5, 8), F(1, 8), F(1, 8)], 4: [F(1), F(2, 3), F(1, 6), F(1, 6)]}


def play_queens(sk, game, seats):
    """Four Bad Queens (RULES: Q♠ 2, each other Queen 1; lowest total wins), one deal per
    player: in every hand seat 1 takes Q♠ (2) and seat 2 the other three Queens (3).
    5 seats: 10, 15, 0, 0, 0 -> places 4, 5, 1=, 1=, 1=: seats 3-5 share (1 + 3/4 + 1/2)/3 = 3/4,
             seat 1 gets 1/4, seat 2 gets 0.
    4 seats: 8, 12, 0, 0 -> places 3, 4, 1=, 1=: seats 3-4 share (1 + 2/3)/2 = 5/6, seat 1 1/3, seat 2 0."""
    for _ in seats:
        sk("took", seats[0], "QS", "--game", game)
        sk("took", seats[1], "QH", "QD", "QC", "--game", game)


QUEENS_POINTS = {5: [F(1, 4), F(0), F(3, 4), F(3, 4), F(3, 4)], 4: [F(1, 3), F(0), F(5, 6), F(5, 6)]}


def games_of_round(sk, night, round_):
    data = sk.json("night", "standings", night)
    return {g["table"]: g["game"] for g in data["games"] if g["round"] == round_}


def test_a_night_of_three_rounds_for_13_players_in_two_rulesets(sk):
    seating = sk.json("seat", "--players", PLAYERS, "--rounds", 3, "--ruleset", "oh-hell-mrpikes", "--seed", 5)
    kept = sk("seat", "--players", PLAYERS, "--rounds", 3, "--ruleset", "oh-hell-mrpikes", "--seed", 5, "--night", "Club")
    assert "Kept as the seating of night Club" in kept
    assert [sorted(map(len, r["tables"])) for r in seating["rounds"]] == [[4, 4, 5]] * 3  # 13 at about 4 a table
    assert seating["pairs_bound"] == 2 and seating["pairs_max"] == 2  # a table of 5 in round 2 from 3 tables

    expected = {}

    def credit(tables, points_by_size, round_):
        for table in tables:
            for player, points in zip(table, points_by_size[len(table)], strict=True):
                expected[player] = expected.get(player, 0) + points

    # Round 1: Oh Hell at every table, as seated.
    started = sk("night", "start", "Club", "--round", 1, *OH_HELL)
    assert "Night Club, round 1: started 3 games." in started
    tables = seating["rounds"][0]["tables"]
    for t, game in games_of_round(sk, "Club", 1).items():
        assert sk.json("standings", "--game", game)["players"][0]["name"] in tables[t - 1]
        play_oh_hell(sk, game, len(tables[t - 1]))
    credit(tables, OH_HELL_POINTS, 1)

    # Round 2: Four Bad Queens instead of the seating's ruleset.
    sk("night", "start", "Club", "--round", 2, "--ruleset", "four-bad-queens")
    tables = seating["rounds"][1]["tables"]
    for t, game in games_of_round(sk, "Club", 2).items():
        play_queens(sk, game, tables[t - 1])
    credit(tables, QUEENS_POINTS, 2)

    # Round 3: Oh Hell again; Zed arrives late and joins table 3 (a table of 4) for hand 2.
    sk("night", "start", "Club", "--round", 3, *OH_HELL)
    tables = seating["rounds"][2]["tables"]
    round3 = games_of_round(sk, "Club", 3)
    late = next(t for t in sorted(round3) if len(tables[t - 1]) == 4)
    for t, game in round3.items():
        if t != late:
            play_oh_hell(sk, game, len(tables[t - 1]))
    credit([tables[t - 1] for t in round3 if t != late], OH_HELL_POINTS, 3)
    game = round3[late]
    seats = tables[late - 1]
    # Hand 1 (4 seats): seat 1 bids 1 and takes it (11), the others make 0 (10 each).
    oh_hell_hand(sk, game, "1 0 0 0", "1 0 0 0")
    # Zed joins for hand 2 with the last-placed score, 10 (join_score=last, CLI.md), seated last.
    sk("join", "Zed", "--game", game)
    # Hand 2 (5 seats): seat 1 bids 1 and takes nothing (-11 -> 0); Zed bids 1 and takes the
    # trick (11 -> 21); seats 2-4 make 0 (20 each).
    oh_hell_hand(sk, game, "1 0 0 0 1", "0 0 0 0 1")
    # Places: Zed 1; seats 2-4 tied 2nd; seat 1 5th. Five players: 1, 3/4, 1/2, 1/4, 0.
    # Zed: 1 x his share of hands, 1/2; seats 2-4 share (3/4 + 1/2 + 1/4)/3 = 1/2; seat 1: 0.
    expected["Zed"] = F(1, 2)
    for player in seats[1:]:
        expected[player] += F(1, 2)
    expected[seats[0]] += 0

    board = sk.json("night", "standings", "Club")
    assert all(g["finished"] for g in board["games"]) and len(board["games"]) == 9
    got = {p["name"]: p["points"] for p in board["players"]}
    assert got == {name: pytest.approx(float(points), abs=1e-4) for name, points in expected.items()}
    totals = [F(expected[p["name"]]) for p in board["players"]]
    assert totals == sorted(totals, reverse=True)  # best first
    for row, before in zip(board["players"][1:], board["players"], strict=False):
        assert (row["place"] == before["place"]) == (expected[row["name"]] == expected[before["name"]])
    zed = next(p for p in board["players"] if p["name"] == "Zed")
    assert zed["games"] == 1
    late_game = next(g for g in board["games"] if g["round"] == 3 and g["table"] == late)
    assert {p["name"]: p["share"] for p in late_game["players"]}["Zed"] == 0.5

    text = sk("night", "standings", "Club")
    assert text.startswith("Night Club: placement points over the finished games")
    # a person reads the points as their language writes them: 0.500 here, 0,500 in German,
    # French and Spanish; JSON keeps its neutral number
    assert "0.500" in text
    if not pseudo.ON:
        for code in ("de", "fr", "es"):
            said = sk("--lang", code, "night", "standings", "Club")
            assert "0,500" in said and not re.search(r"\d\.\d{3}\b", said), code
        assert sk.json("--lang", "de", "night", "standings", "Club") == board
    assert "A game's own standings: `standings --game ID`." in text
    assert sk.fails("night", "standings", "Club", "--by", "score") == (
        "refused: night Club plays four-bad-queens and oh-hell-mrpikes: scores of different rulesets do not add up; "
        "use --by places"
    )
    assert "All 9 games verify" in sk("verify")


def test_by_score_sums_raw_scores_where_one_ruleset_is_played(sk):
    for players in ("Ann,Bob,Cat", "Ann,Dan,Eve"):
        sk("new", "oh-hell-mrpikes", "--players", players, "--night", "Tuesday", "--round", 1, *OH_HELL)
        game = sk.json("standings")["game"]
        # Hand 1: first seat bids 1 takes 1 (11), others 10; hand 2: last seat bids 1,
        # the middle seat takes the trick: both miss by one (-11); first seat +10.
        oh_hell_hand(sk, game, "1 0 0", "1 0 0")
        oh_hell_hand(sk, game, "0 0 1", "0 1 0")
    board = sk.json("night", "standings", "Tuesday", "--by", "score")
    # Ann 21 + 21; Bob and Dan 10 - 11 = -1; Cat and Eve 10 - 11 = -1
    assert [(p["name"], p["points"], p["place"]) for p in board["players"]] == [
        ("Ann", 42, 1), ("Bob", -1, 2), ("Cat", -1, 2), ("Dan", -1, 2), ("Eve", -1, 2)
    ]


def test_the_leaderboard_reads_cached_outcomes_and_replays_only_a_changed_game(sk, monkeypatch):
    from scorekeeper import night_outcomes

    for players in ("Ann,Bob,Cat", "Dan,Eve,Fay"):
        sk("new", "oh-hell-mrpikes", "--players", players, "--night", "Club", *OH_HELL)
    replayed = []
    real = night_outcomes._replayed
    monkeypatch.setattr(night_outcomes, "_replayed", lambda game: replayed.append(game.id) or real(game))
    sk("night", "standings", "Club")
    assert len(replayed) == 2
    sk("night", "standings", "Club")
    assert len(replayed) == 2  # both chain heads unchanged: nothing replayed
    sk("bid", "1", "0", "0")
    sk("night", "standings", "Club")
    assert replayed[2:] == [sk.json("standings")["game"]]


def test_refusals_of_a_night(sk):
    roster = ["--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--rounds", 2, "--ruleset", "snakebit"]
    assert sk.fails("night", "start", "Nope", "--round", 1) == (
        "refused: no night 'Nope' in the store (nights: none yet); `seat … --night NAME` keeps one"
    )
    sk("new", "snakebit", "--players", "Ann,Bob,Cat", "--night", "Bare")
    assert sk.fails("night", "start", "Bare", "--round", 1) == (
        "refused: night Bare has no seating kept; run `seat … --night Bare` first"
    )
    sk("seat", *roster, "--night", "Fri", "--seed", 1)
    assert sk.fails("night", "start", "Fri", "--round", 3, code=2) == (
        "error: night Fri is seated for rounds 1-2; there is no round 3"
    )
    assert sk.fails("night", "start", "Fri", code=2) == "error: name the round to start: `night start Fri --round 1`"
    sk("night", "start", "Fri", "--round", 1, "--table", 2)
    assert "started 1 game" in sk("night", "start", "Fri", "--round", 1)  # only table 1 was waiting
    assert sk.fails("night", "start", "Fri", "--round", 1).startswith(
        "refused: every table of round 1 of night Fri is already started (game "
    )
    assert sk.fails("seat", *roster, "--night", "fri") == (
        "refused: night Fri has games started from its seating; keep this seating under another night's name"
    )
    assert sk.fails("seat", "--players", "Ann,Bob", "--rounds", 2, "--ruleset", "snakebit") == (
        "refused: 2 players cannot fill a table of at least 3; name at least 3"
    )
    assert sk.fails("night", "standings", "Fri", "--by", "luck", code=2) == (
        "error: --by luck is not a way to rank; use --by places or --by score"
    )
    assert sk.fails("new", "snakebit", "--players", "Ann,Bob,Cat", "--round", 2, code=2) == (
        "error: --round needs --night: name the night the game belongs to"
    )


def test_with_a_nights_tables_and_none_current_a_command_says_so_and_how_to_choose(sk):
    """`night start` starts every table's game and makes none current (no table comes first).
    Before, `status` then said "no game yet" though the night's games were there."""
    sk("seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", 1, "--ruleset", "oh-hell-mrpikes",
       "--night", "Fri", "--seed", 3)  # fmt: skip
    sk("night", "start", "Fri", "--round", 1)
    said = (
        "refused: no game is current, though the store holds 2 games (a night's tables, say); choose one with "
        "`use ID` (`games` lists them), or pass --game ID"
    )
    assert sk.fails("status") == said
    assert sk.fails("trump", "h") == said
    assert "Fri · round 1 · table 1" in sk("games")


def test_a_night_record_altered_in_the_file_fails_verify(sk, home):
    sk("seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--rounds", 2, "--ruleset", "snakebit", "--night", "Fri")
    assert "verify" in sk("verify")
    conn = tamperable(home / "scorekeeper.sqlite3")
    conn.execute("DROP TRIGGER night_events_append_only_update")
    conn.execute("UPDATE night_events SET body = replace(body, 'Ann', 'Zoe') WHERE n = 1")
    conn.close()
    said = sk.fails("verify", code=3)
    assert "night " in said and "entry 1 (night_seated) does not match its hash: it was altered" in said


def test_seat_prints_the_rounds_and_its_json_follows_the_contract(sk):
    """Snakebit is for 3-4 players: 5 make one table of 4 and one sits out, in turn."""
    args = ["seat", "--players", "Ann,Bob,Cat,Dan,Eve", "--rounds", 5, "--ruleset", "snakebit", "--seed", 4]
    data = sk.json(*args)
    assert set(data) >= {"rounds", "pairs_max", "pairs_bound"}
    assert [len(r["tables"]) for r in data["rounds"]] == [1] * 5
    assert sorted(p for r in data["rounds"] for p in r["out"]) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    text = sk(*args)
    assert text.startswith("5 players, 5 rounds of snakebit at 1 table of 4 (seed 4; ")
    assert "  Sitting out: " in text and "Sitting out: Ann, Bob, Cat, Dan, Eve once." in text
    assert f"  Table 1: {', '.join(data['rounds'][0]['tables'][0])}" in text  # the same seed, the same seating
    assert "refused" not in text and not (sk.run(*args).stderr)


def test_a_damaged_cached_outcome_is_replayed_not_trusted(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--night", "Club", *OH_HELL)
    first = sk.json("night", "standings", "Club")
    conn = tamperable(home / "scorekeeper.sqlite3")
    conn.execute("UPDATE derived SET data = replace(data, '\"Ann\",0,1,0', '\"Ann\",\"x\",1,0') WHERE kind LIKE 'night-%'")
    assert "\"x\"" in conn.execute("SELECT data FROM derived WHERE kind LIKE 'night-%'").fetchone()[0]
    conn.close()
    assert sk.json("night", "standings", "Club") == first


def test_an_outcome_edited_by_hand_is_caught_by_verify_and_never_trusted(sk, home):
    from scorekeeper import night_outcomes
    from scorekeeper.storage import store

    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--night", "Club", *OH_HELL)
    first = sk.json("night", "standings", "Club")
    assert "Rebuilt" not in sk("verify", "--replay")  # the cached outcome agrees with a replay
    with store.Store(home) as db:  # well formed, and wrong: Ann's place 1 made 2, the seal left as it was
        ((gid, (head, data)),) = db.derived(night_outcomes.CACHE_KIND).items()
        assert '"Ann",0,1,0' in data
        assert db.put_derived(night_outcomes.CACHE_KIND, [(gid, head, data.replace('"Ann",0,1,0', '"Ann",0,2,0'))])
    assert "Rebuilt 1 cached summary" in sk("verify")  # its seal fails: replayed without --replay
    assert "Rebuilt" not in sk("verify")
    assert sk.json("night", "standings", "Club") == first


def test_a_provisional_board_counts_the_games_in_play_as_if_they_ended_now(sk):
    # Two games of Tuesday night; neither begun: no board, counted or provisional.
    games = []
    for players in ("Ann,Bob,Cat", "Ann,Dan,Eve"):
        sk("new", "oh-hell-mrpikes", "--players", players, "--night", "Tuesday", "--round", 1, *OH_HELL)
        games.append(sk.json("standings")["game"])
    board = sk.json("night", "standings", "Tuesday")
    assert board["players"] == [] and board["provisional"] == []

    # Game 2, hand 1 (RULES §1, made exactly: 10 + tricks): Ann bids 1 takes 1 (11), Dan and
    # Eve bid 0 and make it (10): places 1, 2=, 2= -> placement points 1, (1/2 + 0)/2 = 1/4
    # twice, each times a share of 1/1 hands. Nothing has finished: only a provisional board.
    oh_hell_hand(sk, games[1], "1 0 0", "1 0 0")
    board = sk.json("night", "standings", "Tuesday")
    assert board["players"] == []
    assert [(p["name"], p["points"], p["place"], p["games"]) for p in board["provisional"]] == [
        ("Ann", 1, 1, 1), ("Dan", 0.25, 2, 1), ("Eve", 0.25, 2, 1)
    ]
    text = sk("night", "standings", "Tuesday")
    assert "No game of this night has finished yet.\nIf the games in play ended now:\n" in text

    # Game 1 played to its end: Ann 21, Bob and Cat -1 (both miss by one in hand 2): 1, 1/4, 1/4.
    oh_hell_hand(sk, games[0], "1 0 0", "1 0 0")
    oh_hell_hand(sk, games[0], "0 0 1", "0 1 0")
    board = sk.json("night", "standings", "Tuesday")
    assert [(p["name"], p["points"], p["place"]) for p in board["players"]] == [
        ("Ann", 1, 1), ("Bob", 0.25, 2), ("Cat", 0.25, 2)
    ]
    # As if game 2 ended now too: Ann 1 + 1, everyone else 1/4 from one game.
    assert [(p["name"], p["points"], p["place"], p["games"]) for p in board["provisional"]] == [
        ("Ann", 2, 1, 2), ("Bob", 0.25, 2, 1), ("Cat", 0.25, 2, 1), ("Dan", 0.25, 2, 1), ("Eve", 0.25, 2, 1)
    ]
    text = sk("night", "standings", "Tuesday")
    counted, provisional = text.split("If the games in play ended now:\n")
    assert "Ann" in counted and "Dan" not in counted.split("Games:")[0]
    assert provisional.splitlines()[2].split() == ["1", "Ann", "2.000", "2"]

    # Game 2 ended as well: nothing is in play, so there is no provisional board.
    oh_hell_hand(sk, games[1], "0 0 1", "0 1 0")
    board = sk.json("night", "standings", "Tuesday")
    assert board["provisional"] == [] and (board["players"][0]["name"], board["players"][0]["points"]) == ("Ann", 2)
    assert "If the games in play ended now" not in sk("night", "standings", "Tuesday")
