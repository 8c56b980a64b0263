"""The scorer's phone, server side, on a real port: POST /api/entry takes what `play` takes
and answers what the command line prints, with the contract's statuses; only the current
secret writes (compared in constant time, failures slowed), never the table's link, never
another site's page; the secret is kept private in the store's folder, survives a restart,
and `--new-scorer-link` locks the old one out at once, even from a server already running."""

import json
import os
import re
import socket
import stat
import threading
import time

import pytest
import typer
import warm_start
from conftest import Sk
from served import Served

from scorekeeper import cli, interpreter
from scorekeeper.serve import auth, parts
from scorekeeper.storage import store


@pytest.fixture
def oh_hell(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")


@pytest.fixture
def served(home, oh_hell):
    server = Served(home)
    yield server
    code, _, err = server.stop()
    assert (code, err) == (0, "")


@pytest.fixture(scope="module")
def refusing(tmp_path_factory):
    """One server for the refusal tests, on a game of its own (each test checks that it wrote
    nothing): starting a server costs more than those tests themselves."""
    home = tmp_path_factory.mktemp("refusing")
    Sk()("--home", home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    yield server
    code, _, err = server.stop()
    assert (code, err) == (0, "")


LINES = ["h", "2 1 0 3", "tricks 3 1 3 3", "undo", "2 1 3 4", "s", "why Ann", "tricks 10 0 0 0 --hand 1"]


def test_a_hand_from_the_phone_is_stored_and_marked_as_from_the_phone(sk, served):
    """MrPikes' Oh Hell, Ann deals 10 cards; bare bids go in the prompt's order, Bob Cat Dan Ann."""
    replies, hands = [], []
    for line in LINES:
        answer = served.enter(line)
        assert answer.status == 200, (line, answer)
        # the answer: the reply, the chain head and the hand; the state comes by every page's stream
        # (and for `why`, the points as data, for the page to lay out)
        kept = {"ok", "reply", "warnings", "head", "hand"} | ({"why"} if line.startswith("why") else set())
        assert set(answer.json()) == kept, answer.json()
        assert answer.json()["head"] == served.state()["head"]  # the state after the entry, by every page
        replies.append(answer.json()["reply"])
        hands.append(answer.json()["hand"])
    assert replies[0] == "Hand 1: trump ♥.\nStill to record: bids, tricks"
    assert hands == [1, 1, 1, 1, 1, 2, 2, 1]  # the undo took back hand 1's tricks; the last corrects hand 1
    assert replies[1].startswith("Hand 1: bids Ann 3, Bob 2, Cat 1, Dan 0")
    # the page's words: the entry taken back by what it said and its hand, a correction player by player
    assert "\nStandings: 1. " in replies[2] and replies[3].startswith("Undone: tricks Ann 3, Bob 1, Cat 3, Dan 3 (hand 1).\n")
    assert replies[6] == "Ann: -11 points in Oh Hell! (MrPikes' house rules) (1 hand scored)"
    assert replies[7].startswith(
        "Hand 1 corrected: Ann's tricks 10, was 4; Bob's tricks 0, was 2; Cat's tricks 0, was 1; Dan's tricks 0, was 3.\n"
    )
    assert sk("log").count("from the phone") == len(LINES) - 1  # `why` records nothing
    assert sk("verify").startswith("The 1 game verifies")
    assert [e["via"] for e in served.state()["entries"]] == [None] + ["phone"] * (len(LINES) - 1)


def test_the_reply_is_plays_reply(home, tmp_path, served):
    """The same lines, typed into `play` on a twin store holding the same game: the same words,
    less what names a command to type (the page has its own witness of each hand's digest)."""
    twin = tmp_path / "twin"
    twin.mkdir()
    (twin / "scorekeeper.sqlite3").write_bytes((home / "scorekeeper.sqlite3").read_bytes())
    env = {**os.environ, "SCOREKEEPER_HOME": str(twin)}
    lines = [*LINES[:3], "standings"]
    out, _ = warm_start.started(["play"], env, input="\n".join(lines) + "\n").communicate(timeout=60)
    replies = [served.enter(line).json()["reply"] for line in lines]
    greeting = out.split("\n" + replies[0])[0]
    digests = lambda text: re.sub(r"\b[0-9a-f]{16}\b", "DIGEST", text)  # noqa: E731 (the times differ, so the hashes)
    on_the_page = out.replace(" (keep it for `verify --digest`)", "")
    assert on_the_page != out  # a hand was closed: the terminal said to keep its digest
    assert digests(on_the_page) == digests(greeting + "\n" + "\n".join(replies) + "\n")


@pytest.mark.parametrize(
    ("line", "status", "error"),
    [
        ("bid 11 0 0 0", 409, "refused: "),
        ("tricks 1 1 1 1", 409, "refused: "),
        ("'unclosed", 400, "error: No closing quotation; close the quote"),
        ("bid --nope", 400, "error: "),
        ("frobnicate", 400, "error: "),
        ("", 400, "error: the line is empty; give an answer or a command"),
        ("quit", 400, "error: `quit` is a word of `play` in the terminal; give an answer or a command"),
        ("import game.json", 403, "refused: `import` is not taken from the phone: it reads a file on the scorer's computer; run it in the terminal"),
        ("serve", 403, "refused: `serve` is not taken from the phone: it starts a server; run it in the terminal"),
        ("play", 403, "refused: `play` is not taken from the phone: it starts a session; run it in the terminal"),
        ("demo", 403, "refused: `demo` is not taken from the phone: it writes a throw-away store; run it in the terminal"),
        ("completion bash --install", 403, "refused: `completion` is not taken from the phone: it writes to the shell's files; run it in the terminal"),
        ("rules new mine --from oh-hell-mrpikes", 403, "refused: `rules new` is not taken from the phone: it reaches a file; run it in the terminal"),
        ("rules check /etc/passwd", 403, "refused: `rules check` is not taken from the phone: it reaches a file; run it in the terminal"),
        ("sheet --output /tmp/x.html", 403, "refused: `sheet --output` is not taken from the phone: it writes a file; run it in the terminal"),
        ("new /tmp/evil.toml --players A,B,C", 403, "refused: a ruleset file is not taken from the phone; name a ruleset (`rulesets` lists them)"),
        ("winner QS 2S --ruleset ../x.toml", 403, "refused: a ruleset file is not taken from the phone; name a ruleset (`rulesets` lists them)"),
        ("status --home /tmp", 403, "refused: --home is not taken from the phone: the server keeps the store it was started on"),
        ("backup /tmp/copy.sqlite3", 403, "refused: `backup` is not taken from the phone: it writes a file on the scorer's computer; run it in the terminal"),
        ("restore /tmp/copy.sqlite3", 403, "refused: `restore` is not taken from the phone: it replaces the store with a file on the scorer's computer; run it in the terminal"),
        ("verify", 403, "refused: `verify` is not taken from the phone; run it in the terminal"),
        ("seat --players A,B,C --rounds 1 --ruleset snakebit", 403, "refused: `seat` is not taken from the phone; run it in the terminal"),
        ("sheet --output=/tmp/x.html", 403, "refused: `sheet --output` is not taken from the phone: it writes a file; run it in the terminal"),
        ("--home=/tmp", 403, "refused: --home is not taken from the phone: the server keeps the store it was started on"),
    ],
)  # fmt: skip
def test_refusals_have_the_contracts_status_and_record_nothing(sk, refusing, line, status, error):
    before = sk("--home", refusing.home, "log")
    answer = refusing.enter(line)
    assert answer.status == status, answer
    assert set(answer.json()) == {"error"} and answer.json()["error"].startswith(error)
    assert sk("--home", refusing.home, "log") == before


def test_a_backup_from_the_phone_writes_no_file(refusing, tmp_path):
    """Before, `backup FILE` was not on the phone's deny-list: a copy of the store went wherever
    the phone said."""
    target = tmp_path / "taken.sqlite3"
    answer = refusing.enter(f"backup {target}")
    assert (answer.status, answer.json()) == (403, {"error": WHY_NOT["backup"]})
    assert not target.exists()


WHY_NOT = {name: "refused: " + reason for name, reason in interpreter.WHY_NOT.items()}


def refused_from_the_phone(name):
    return WHY_NOT.get(name, f"refused: `{name}` is not taken from the phone; run it in the terminal")


def test_the_phone_may_say_only_the_commands_allowed_on_purpose(sk, refusing):
    """Every command of the command line, asked for its help from the phone: one on the phone's
    list answers (200, nothing recorded), any other is refused (403) with its sentence, so a
    command added later stays off the phone until it is allowed on purpose."""
    commands = typer.main.get_command(cli.app).commands
    assert set(interpreter.FROM_THE_PHONE) <= set(commands)
    for name, command in commands.items():  # nothing allowed writes a file: --output is refused
        given = {p.name for p in command.params} - {"game", "ruleset", "args"}
        assert name not in interpreter.FROM_THE_PHONE or not given & {"file", "files", "home", "install"}, name
    before = sk("--home", refusing.home, "log")
    for name in commands:
        answer = refusing.enter(f"{name} --help")
        if name in interpreter.FROM_THE_PHONE:
            assert answer.status == 200, (name, answer)
        else:
            assert (answer.status, answer.json()) == (403, {"error": refused_from_the_phone(name)}), name
    assert sk("--home", refusing.home, "log") == before


# Deadlines made shorter in the server of a test that checks a deadline is kept (see
# Served); the real ones are waited out elsewhere, named where.
QUICK_FAILURES = {"scorekeeper.serve.auth.FAILED_DELAY": 0.3}  # 1 s: test_the_secret_is_private_…
QUICK_BODIES = {"scorekeeper.serve.scorer_routes.BODY_SECONDS": 1.0}  # 10 s: test_serve_faults.py


@pytest.fixture
def quick(home, oh_hell):
    """A server whose deadlines are shorter (QUICK_FAILURES, QUICK_BODIES)."""
    server = Served(home, constants=QUICK_FAILURES | QUICK_BODIES)
    yield server
    code, _, err = server.stop()
    assert (code, err) == (0, "")


def test_only_the_current_secret_writes_and_failures_are_slowed(sk, quick):
    delay = QUICK_FAILURES["scorekeeper.serve.auth.FAILED_DELAY"]
    before = sk("log")
    for headers in ({}, {"Authorization": "Bearer "}, {"Authorization": "Basic " + quick.secret},
                    {"Authorization": "Bearer " + quick.secret[:-1]}):  # fmt: skip
        start = time.monotonic()
        answer = quick.request("POST", "/api/entry", json.dumps({"line": "h"}), headers)
        assert answer.status == 401 and time.monotonic() - start >= delay * 0.9
        assert "this link cannot write" in answer.json()["error"]
    # guesses sent at once wait their turn: one a FAILED_DELAY
    start = time.monotonic()
    guesses = [threading.Thread(target=quick.enter, args=("h", "x" * 22)) for _ in range(3)]
    for g in guesses:
        g.start()
    for g in guesses:
        g.join()
    assert time.monotonic() - start >= 3 * delay * 0.9
    assert sk("log") == before


def test_another_sites_page_cannot_write(sk, served):
    before = sk("log")
    answer = served.enter("h", headers={"Origin": "http://evil.example"})
    assert (answer.status, answer.json()) == (403, {"error": "a page of another site may not write here"})
    assert served.enter("h", headers={"Host": "evil.example"}).status == 403
    assert sk("log") == before
    assert served.enter("h", headers={"Origin": f"http://127.0.0.1:{served.port}"}).status == 200


def test_a_body_over_the_limit_is_refused(served):
    big = json.dumps({"line": "comment " + "x" * parts.BODY_LIMIT})
    answer = served.request("POST", "/api/entry", big, {"Authorization": f"Bearer {served.secret}"})
    assert answer.status == 413 and "over 4096 bytes" in answer.json()["error"]
    for body in ("not json", "[1]", '{"line": 3}', '{"line": "h", "game": 1}'):
        assert served.request("POST", "/api/entry", body, {"Authorization": f"Bearer {served.secret}"}).status == 400


NESTED = "the body is nested too deeply; send {example}".format(example='{"line": "…"}')


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("[" * 1000 + "]" * 1000, NESTED),  # 2 KB, 1,000 deep: a RecursionError, a 500 in text, before
        ('{"line": ' + '{"":' * 1000 + "1" + "}" * 1001, None),  # over the limit: 413
        ('{"line": ' + '{"":' * 800 + "1" + "}" * 801, None),  # 4 KB, 800 deep
        ('{"line": ' + "[" * 1900 + "]" * 1901, NESTED),
    ],
)
def test_a_body_nested_deep_is_refused_in_one_sentence_of_json(sk, served, body, error):
    """However deep a body is nested, the answer is a refusal in JSON, never a 500 and a
    traceback on the scorer's terminal (the fixture checks the server said nothing)."""
    before = sk("log")
    answer = served.request("POST", "/api/entry", body, {"Authorization": f"Bearer {served.secret}"})
    assert answer.status in (400, 413) and set(answer.json()) == {"error"}, answer
    assert answer.status == 413 or answer.json()["error"] in (NESTED, SHAPE)
    if error is not None:
        assert (answer.status, answer.json()["error"]) == (400, error)
    assert sk("log") == before


SHAPE = 'send {"line": "…"} (and optionally "game": ID), each a string'


def test_a_body_sent_in_chunks_is_held_to_the_limit_and_the_time(sk, quick):
    """Without a Content-Length the body is counted as it comes: past the limit, refused (413);
    a body that stops short of its length is refused after BODY_SECONDS (408; here shortened
    to QUICK_BODIES). Nothing written."""
    served, seconds = quick, QUICK_BODIES["scorekeeper.serve.scorer_routes.BODY_SECONDS"]
    before = sk("log")

    def raw(request: bytes, wait: float) -> bytes:
        with socket.create_connection(("127.0.0.1", served.port), timeout=wait) as sock:
            sock.sendall(request)
            return sock.recv(200)

    head = (f"POST /api/entry HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {served.secret}\r\n"
            "Content-Type: application/json\r\n").encode()  # fmt: skip
    chunk = b'{"line": "comment ' + b"x" * 1000
    chunked = head + b"Transfer-Encoding: chunked\r\n\r\n" + (b"%x\r\n%s\r\n" % (len(chunk), chunk)) * 5
    assert raw(chunked, 10).startswith(b"HTTP/1.1 413 ")
    start = time.monotonic()
    assert raw(head + b'Content-Length: 20\r\n\r\n{"line": ', seconds + 5).startswith(b"HTTP/1.1 408 ")
    assert seconds * 0.9 <= time.monotonic() - start < seconds + 4
    assert sk("log") == before


def test_the_secret_is_private_kept_across_a_restart_and_replaced_at_once(home, sk, served):
    path = home / auth.FILENAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(served.secret) >= 22 and path.read_text().strip() == served.secret  # 128 bits, URL-safe
    again = Served(home)  # a second server on another port, same store: the same link
    try:
        assert again.secret == served.secret
    finally:
        again.stop()
    replaced = Served(home, "--new-scorer-link")
    try:
        assert replaced.secret != served.secret
        # the server already running locks the old link out at once, and takes the new one;
        # the failure waits FAILED_DELAY (the real one: other tests shorten it)
        start = time.monotonic()
        assert served.enter("h").status == 401
        assert time.monotonic() - start >= auth.FAILED_DELAY * 0.9
        assert served.enter("h", secret=replaced.secret).status == 200
    finally:
        replaced.stop()


def test_read_only_serves_no_scorers_link(home, oh_hell, sk):
    server = Served(home, "--read-only")
    try:
        assert server.scorer_url is None and "#scorer=" not in server.text
        assert "No scorer's link: started with --read-only" in server.text
        assert server.state()["read_only"] is True
        answer = server.enter("h", secret="anything")
        assert answer.status == 403 and "read-only" in answer.json()["error"]
    finally:
        assert server.stop()[0] == 0
    assert sk.fails("serve", "--read-only", "--new-scorer-link", "--port", "0", code=2).startswith("error: --read-only")


def test_the_state_says_what_the_hand_asks_in_the_prompts_order(sk, served):
    assert served.enter("h").status == 200
    assert served.enter("bid Bob=2 Cat=3").status == 200
    status = sk.json("status")
    asking = served.state()["asking"]
    assert asking["need"] == "bids" and asking["command"] == "bid" and asking["cards_each"] == 10
    assert [p["name"] for p in asking["players"]] == ["Dan", "Ann"]  # the prompt's order, the dealer last
    assert [p["legal"] for p in asking["players"]] == [status["legal_bids"]["Dan"], status["legal_bids"]["Ann"]]
    assert served.enter("1 4").status == 200  # bare values for the players left, in that order
    assert sk.json("status")["bids"] == {"Bob": 2, "Cat": 3, "Dan": 1, "Ann": 4}
    assert served.state()["asking"]["tricks_total"] == 10


def test_a_new_game_started_from_the_phone_is_followed_by_a_server_pinned_to_a_game(home, sk):
    """`serve --game X` shows X; a `new` game from the scorer's phone is what the table plays
    next, so the server moves to it (its reply and every phone), and stays there."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    first = sk.json("standings")["game"]
    server = Served(home, "--game", first[:6])
    try:
        answer = server.enter("new oh-hell-mrpikes --players Eve,Fay,Gus")
        assert answer.status == 200, answer
        second = sk.json("standings")["game"]
        assert second != first and answer.json()["head"] == server.state()["head"]
        assert server.state()["game"]["id"] == second
        sk("use", first[:6])  # the terminal makes the first game current again: the server stays
        time.sleep(0.5)  # five looks at the store
        assert server.state()["game"]["id"] == second
    finally:
        assert server.stop()[0] == 0


def test_a_server_pinned_to_a_game_writes_a_phones_entry_to_that_game(home, sk):
    """`serve --game ID` printed "Serving game ID"; a scorer's entry that names no game goes
    there too. Before, with no game current (the tables of a night), it was refused 409 "no game
    yet", and with another game current it went to that one, which no page showed."""
    sk("seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", "1", "--ruleset", "oh-hell-mrpikes",
       "--seed", "3", "--night", "Fri")  # fmt: skip
    sk("night", "start", "Fri", "--round", "1")
    with store.Store(home) as db:
        one, two = (g.id for g in db.games())
    server = Served(home, "--game", two[:8])
    try:
        assert f"Serving game {two} at" in server.text
        answer = server.enter("h")
        assert answer.status == 200, answer
        # the page shows its game: the reply does not begin with the game's name, as a terminal's does
        assert answer.json()["reply"] == "Hand 1: trump ♥.\nStill to record: bids, tricks"
        assert sk.json("status", "--game", two)["trump"] == "H"
        assert sk.json("status", "--game", one)["trump"] is None
        sk("use", one[:8])  # another game made current at the terminal: the phone's still goes to its own
        assert server.enter("0 0 0 0").status == 200  # bare bids: the hand served asks for them
        assert list(sk.json("status", "--game", two)["bids"].values()) == [0, 0, 0, 0]
        assert sk.json("status", "--game", one)["bids"] == {}
        assert server.enter("comment 'from the phone'").status == 200
        comments = [e for e in sk("log", "--game", two).splitlines() if "comment: from the phone" in e]
        assert len(comments) == 1 and "from the phone" not in sk("log", "--game", one)
    finally:
        assert server.stop()[0] == 0


def test_the_rules_refusals_that_name_a_command_are_said_in_the_pages_words(sk, home):
    """A refusal by a game's own rules that names a command (`undo`, `make PLAYER SUIT`) on the
    command line is said without it to the phone, which has buttons for them; the command line
    keeps its words. Snakebit (3 players, 8 cards, RULES §4): Cat took 1 trick, so holds at most
    3 cursed cards; counts already given are not given again. Euchre (RULES §7): the makers'
    tricks wait for the making."""
    games = {}
    for name, ruleset, players, lines in (
        ("capped", "snakebit", "Ann,Bob,Cat", [("cursed", "moons"), ("trump", "suns"), ("tricks", "4", "3", "1")]),
        ("counted", "snakebit", "Ann,Bob,Cat", [("cursed", "moons"), ("trump", "suns"), ("counts", "Ann=5", "Bob=3")]),
        ("unmade", "euchre", "Ann,Bob,Cat,Dan", []),
    ):
        sk("new", ruleset, "--players", players)
        for line in lines:
            sk(*line)
        games[name] = sk.json("status")["game"]
    cases = [
        ("capped", "counts 2 2 4",
         "Cat would hold 4 cursed cards but took 1 trick, at most 3 cards (3 to a trick); check Cat's tricks and "
         "cursed cards, and {undo} an earlier entry if that one is wrong"),
        ("counted", "counts Ann=4 Bob=4",
         "the cursed cards of hand 1 are already counted (Ann 5, Bob 3, Cat 0); {undo} that entry to change them"),
        ("unmade", "tricks 3", "record who made trump first{make}, then the makers' tricks"),
    ]  # fmt: skip
    server = Served(home)
    try:
        for game, line, said in cases:
            before = sk("log", "--game", games[game])
            answer = server.enter(line, game=games[game])
            assert (answer.status, answer.json()) == (409, {"error": "refused: " + said.format(undo="undo", make="")})
            assert sk.fails(*line.split(), "--game", games[game]) == "refused: " + said.format(
                undo="`undo`", make=" (`make PLAYER SUIT`)"
            )
            assert sk("log", "--game", games[game]) == before
    finally:
        assert server.stop()[0] == 0
