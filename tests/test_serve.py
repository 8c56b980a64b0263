"""`serve`: the page and its JSON, run as the table runs it (`sk serve` in a process of its
own, on a real port, entries from other processes). The JSON equals the command line's; every
write but the scorer's entry is refused, every other path is 404; it listens on loopback
unless told, and answers only to this computer's names however it listens; Ctrl-C stops it
cleanly. The pages themselves, in a browser, are tested in test_phone_page.py."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
from conftest import Sk, copied_into, played_once
from helpers import load_bench, store_game
from served import HOSTILE, SCRIPT_NAME, Served, enter_game

from scorekeeper.serve import state as serve
from scorekeeper.storage import store


@pytest.fixture(scope="module")
def game_once(tmp_path_factory):
    return played_once(tmp_path_factory, enter_game)


@pytest.fixture
def game(home, game_once):
    """enter_game's game, in the test's own store (a copy of the one played once)."""
    copied_into(home, game_once)


def stopped_cleanly(server):
    code, out, err = server.stop()
    assert (code, err) == (0, "")
    assert out.endswith("Stopped serving.\n")


@pytest.fixture
def served(home, game):
    server = Served(home)
    yield server
    stopped_cleanly(server)


@pytest.fixture(scope="module")
def refusing(tmp_path_factory):
    """One server on the same game for the ~50 refusal tests, which must write nothing (checked
    when the module is done): starting a server costs more than those tests themselves."""
    home = tmp_path_factory.mktemp("refusing")
    sk = Sk()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SCOREKEEPER_HOME", str(home))
        enter_game(sk)
        before = sk("log")
    server = Served(home)
    yield server
    stopped_cleanly(server)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SCOREKEEPER_HOME", str(home))
        assert sk("log") == before


def scores(standings):
    return {p["name"]: p["score"] for p in standings["players"]}


# --- the JSON is the command line's --------------------------------------------------------------


def test_the_json_endpoints_answer_exactly_what_the_command_line_prints(sk, served):
    assert served.get("/api/standings").decode() == sk("standings", "--json")
    assert served.get("/api/status").decode() == sk("status", "--json")
    assert scores(json.loads(served.get("/api/standings"))) == {"Ann": 12, "Bob": -11, SCRIPT_NAME: 13, "Dan": -13}


def test_an_entry_from_another_process_is_served_within_two_seconds(sk, served):
    etag = served.request("GET", "/api/state").headers["ETag"]
    assert served.request("GET", "/api/state", headers={"If-None-Match": etag}).status == 304  # nothing new
    # hand 2 (9 cards): Ann 1/1 11, Bob 2/2 12, the scripted name 3/4 -11, Dan 1/2 -11
    sk("tricks", "1", "2", "4", "2")
    end = time.monotonic() + 2
    while scores(json.loads(served.get("/api/standings")))["Ann"] == 12:
        assert time.monotonic() < end, "the entry did not show within 2 seconds"
        time.sleep(0.05)
    assert scores(json.loads(served.get("/api/standings"))) == {"Ann": 23, "Bob": 1, SCRIPT_NAME: 2, "Dan": -24}
    assert served.get("/api/status").decode() == sk("status", "--json")
    assert served.request("GET", "/api/state", headers={"If-None-Match": etag}).status == 200


def test_without_game_it_follows_the_current_game(sk, served):
    first = json.loads(served.get("/api/standings"))["game"]
    sk("new", "oh-hell-mrpikes", "--players", "Eve,Fay,Gus")
    end = time.monotonic() + 2
    while json.loads(served.get("/api/standings"))["game"] == first:
        assert time.monotonic() < end, "the new game did not show within 2 seconds"
        time.sleep(0.05)
    assert [p["name"] for p in json.loads(served.get("/api/standings"))["players"]] == ["Eve", "Fay", "Gus"]


def test_with_game_it_stays_on_that_game(home, sk, game):
    gid = sk.json("standings")["game"]
    server = Served(home, "--game", gid[:6])
    try:
        assert f"Serving game {gid} at http://127.0.0.1:" in server.lines[0]
        sk("new", "oh-hell-mrpikes", "--players", "Eve,Fay,Gus")
        time.sleep(1)  # four looks at the store
        assert json.loads(server.get("/api/standings"))["game"] == gid
    finally:
        assert server.stop()[0] == 0


def test_the_page_state_carries_each_closed_hands_digest_and_the_chain(home, served):
    state = json.loads(served.get("/api/state"))
    with store.Store(home) as db:
        stored = db.events(state["game"]["id"])
    # hand 1 was closed by entry 3 (its tricks); `verify --digest` takes that hash
    assert state["hands"] == [{"hand": 1, "n": 3, "digest": stored[3].hash}]
    assert state["chain"] == [e.hash for e in stored]
    assert state["head"] == stored[-1].hash
    assert [c["text"] for c in state["comments"]] == [f"Dan: that ace was mine {HOSTILE}"]


@pytest.mark.parametrize("ruleset", load_bench().mix())
@pytest.mark.parametrize("part", ["half", "whole"])
def test_the_page_state_of_every_ruleset_half_played_and_finished(home, ruleset, part):
    bodies = load_bench().random_game(ruleset, seed=3)
    if part == "half":
        bodies = bodies[: len(bodies) // 2]
    gid = store_game(home, bodies)
    with store.Store(home) as db:
        shot = serve.snapshot(db, gid)
        stored = db.events(gid)
    state = json.loads(shot.state)
    assert json.loads(shot.standings) == state["standings"] and json.loads(shot.status) == state["status"]
    assert state["chain"] == [e.hash for e in stored]
    closed = [h["hand"] for h in state["hands"]]
    assert closed == [r["hand"] for r in state["sheet"]["rows"] if r["closed"]]
    assert all(stored[h["n"]].hash == h["digest"] and stored[h["n"]].body.get("hand") == h["hand"] for h in state["hands"])
    assert bool(state["result"]) == state["standings"]["finished"] == (state["status_lines"] == [])
    assert state["chart"].startswith("<svg") == bool(state["sheet"]["rows"])


# --- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"])
@pytest.mark.parametrize("path", ["/", "/api/standings", "/api/state", "/api/events"])
def test_every_write_but_the_scorers_entry_is_refused(refusing, method, path):
    answer = refusing.request(method, path, headers={"Authorization": f"Bearer {refusing.secret}"})
    assert answer.status == 405
    assert answer.headers["Allow"] == "GET, HEAD"
    assert answer.json() == {"error": f"{method} is not taken here (GET, HEAD is)"}


def test_the_scorers_entry_takes_only_post(refusing):
    answer = refusing.request("GET", "/api/entry")
    assert (answer.status, answer.headers["Allow"]) == (405, "POST")


@pytest.mark.parametrize(
    "path",
    [
        "/nope", "/api", "/api/", "/api/games", "/favicon.ico", "/serve_page.html", "/scorekeeper/serve.py",
        "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/api/../../pyproject.toml",
        "/..%2f..%2fetc%2fpasswd", "/index.html/../../scorekeeper.sqlite3", "/scorekeeper.sqlite3",
        "/scorer-secret", "/page/index.html", "/state.py", "/.%2e/scorer-secret",
    ],
)  # fmt: skip
def test_unknown_paths_are_404_and_reach_no_file(refusing, path):
    answer = refusing.request("GET", path)
    assert answer.status == 404
    assert set(answer.json()) == {"error"} and answer.json()["error"].startswith("not found: ")
    assert b"KHlnr" not in answer.body and refusing.secret.encode() not in answer.body


def test_the_page_is_standalone_and_allows_no_other_script(served):
    answer = served.request("GET", "/")
    assert answer.status == 200 and answer.headers["Content-Type"] == "text/html; charset=utf-8"
    page = answer.body.decode()
    # nothing fetched from elsewhere: no external script, style, font or image
    assert not re.search(r"(src|href)=\"(https?:)?//", page) and "@import" not in page and "url(" not in page
    assert HOSTILE not in page  # the page is the same for every game: the data comes as JSON
    assert served.secret not in page  # the secret is only ever in the link's fragment
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert answer.headers["X-Frame-Options"] == "DENY" and answer.headers["Referrer-Policy"] == "no-referrer"


def test_it_listens_on_loopback_unless_told(served):
    assert served.url.startswith("http://127.0.0.1:")
    assert "Only this computer can open these links. To let the phones at the table in" in served.text
    assert "`serve --host 0.0.0.0`" in served.text
    assert "▀" not in served.text and "▄" not in served.text  # no QR code for a link no phone can reach
    try:  # this machine's address on a network, if it has one: nothing listens there
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            outside = probe.getsockname()[0]
    except OSError:
        outside = None
    if outside and not outside.startswith("127."):
        with pytest.raises(OSError):
            socket.create_connection((outside, served.port), timeout=2).close()


REFUSED_HOST = "this server answers only to this computer's own names and addresses (the Host header named another)"
REBINDING = ["evil.example", "127.0.0.1.evil.example", "localhost.evil.example", "attacker.test", "x.nip.io",
             "7f000001.rbndr.us", "0x7f.0.0.1.example", "evil", "[::ffff:7f00:1].example", "local", "example.com"]  # fmt: skip


def test_on_loopback_it_answers_only_to_this_computers_names(served):
    """A site the scorer visits could point a name of its own at 127.0.0.1 (DNS rebinding)."""
    for host in ("localhost", f"localhost:{served.port}", f"127.0.0.1:{served.port}", f"[::1]:{served.port}",
                 socket.gethostname()):  # fmt: skip
        assert served.request("GET", "/api/standings", headers={"Host": host}).status == 200, host
    for name in REBINDING:
        for host in (name, f"{name}:{served.port}"):
            answer = served.request("GET", "/api/standings", headers={"Host": host})
            assert (answer.status, answer.json()) == (403, {"error": REFUSED_HOST}), host
            assert served.enter("undo", headers={"Host": host}).status == 403


def test_every_interface_only_when_asked_with_a_warning_and_the_host_check_still_on(home, game):
    """Outside finding: with --host 0.0.0.0 the Host check was off (11 of 11 rebinding names answered)."""
    server = Served(home, "--host", "0.0.0.0", cold=True)
    try:
        assert "Warning: --host 0.0.0.0 listens on every network this computer is on." in server.text
        assert "read this store's current game: its players' names, scores and comments" in server.text
        assert "Only the scorer's link can change the game; keep it to yourself." in server.text
        for name in REBINDING:
            answer = server.request("GET", "/api/standings", headers={"Host": f"{name}:{server.port}"})
            assert answer.status == 403, name
        # it answers to the names and addresses a phone reaches this computer by
        for host in (f"127.0.0.1:{server.port}", f"{socket.gethostname()}:{server.port}",
                     f"{socket.gethostname()}.local:{server.port}"):  # fmt: skip
            assert server.request("GET", "/api/standings", headers={"Host": host}).status == 200, host
        shown = re.match(r"http://([^/]+):\d+/", server.url).group(1)
        assert server.request("GET", "/api/standings", headers={"Host": f"{shown}:{server.port}"}).status == 200
        if not shown.startswith("127."):  # a phone can reach it: both links get a QR code
            assert server.text.count("▀") > 100 or server.text.count("▄") > 100
    finally:
        code, _, err = server.stop()
    assert (code, err) == (0, "")


def test_a_terminal_that_cannot_draw_the_qr_code_gets_the_address_alone(home, game):
    env = {"PYTHONIOENCODING": "latin-1", "PYTHONUTF8": "0"}
    server = Served(home, "--host", "0.0.0.0", env=env, cold=True)
    code, out, err = server.stop()
    if "no address on a local network" not in server.text:
        assert server.text.count("(this terminal's encoding cannot draw the QR code; type the address instead)\n") == 2
    assert (code, out, err) == (0, "Stopped serving.\n", "")


def test_a_game_it_cannot_show_is_refused_before_it_listens(sk):
    # an empty store is served (the scorer's page starts the first game: see test_phone_start.py)
    assert sk.fails("serve", "--game", "zz", "--port", "0") == "refused: no game 'zz' in the store; `games` lists them"
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    assert sk.fails("serve", "--game", "zz", "--port", "0") == "refused: no game 'zz' in the store; `games` lists them"
    assert sk.fails("serve", "--port", "70000", code=2) == (
        "error: --port 70000 is not a port; give 1024-65535, or 0 for any free one"
    )


def test_a_port_in_use_is_one_line(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert sk.fails("serve", "--port", port, code=2) == (
            f"error: port {port} is already in use on 127.0.0.1; choose another with --port {port + 1}, "
            "or --port 0 for any free one"
        )


def test_twenty_clients_at_once_are_all_answered(sk, served):
    answers = []

    def phone():
        etag = None
        for _ in range(10):
            answer = served.request("GET", "/api/state", headers={"If-None-Match": etag} if etag else {})
            etag = answer.headers.get("ETag", etag)
            answers.append(answer.status)

    phones = [threading.Thread(target=phone) for _ in range(20)]
    for p in phones:
        p.start()
    sk("tricks", "1", "2", "4", "2")  # the scorer carries on meanwhile
    for p in phones:
        p.join()
    assert len(answers) == 200 and set(answers) <= {200, 304}


def test_status_does_not_load_the_server(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    script = (
        "import sys\nfrom scorekeeper import cli\ncli.app(['status'], standalone_mode=False)\n"
        "print(sorted(m for m in ('scorekeeper.serve', 'scorekeeper.interpreter', 'starlette', 'uvicorn', "
        "'anyio', 'segno', 'asyncio') if m in sys.modules))"
    )
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    child = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines()[-1] == "[]"


def test_ctrl_c_with_phones_watching_ends_their_streams_and_stops_cleanly(home, game):
    """Each phone's event stream is ended as a whole answer (the chunked body's last chunk),
    not cut off: a stream never ends by itself, and uvicorn alone waited out its graceful
    deadline, then cancelled the streams with two lines of errors on standard error."""
    server = Served(home)
    phones = []
    for _ in range(3):
        phone = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        phone.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        phones.append(phone)
    heard = [b""] * len(phones)
    for i, phone in enumerate(phones):
        while b"event: state" not in heard[i]:
            heard[i] += phone.recv(65536)
    assert server.stop() == (0, "Stopped serving.\n", "")
    for i, phone in enumerate(phones):
        while chunk := phone.recv(65536):
            heard[i] += chunk
        phone.close()
        assert heard[i].endswith(b"\r\n0\r\n\r\n"), heard[i][-200:]


def test_sigterm_stops_it_as_ctrl_c_does(home, game):
    server = Served(home, cold=True)
    server.proc.send_signal(signal.SIGTERM)
    out, err = server.proc.communicate(timeout=15)
    assert (server.proc.returncode, out, err) == (0, "Stopped serving.\n", "")


@pytest.mark.parametrize(
    ("asked", "part"),
    [(None, None), ("bytes=0-9", (0, 9)), ("bytes=5-", (5, 99)), ("bytes=-10", (90, 99)), ("bytes=0-500", (0, 99)),
     ("bytes=100-", None), ("bytes=1-2,4-5", None), ("bytes=a-b", None), ("items=0-1", None), ("bytes=-", None)],
)  # fmt: skip
def test_a_video_is_served_by_the_byte_range_asked(asked, part):
    from scorekeeper.serve import table_routes

    assert table_routes.byte_range(asked, 100) == part
