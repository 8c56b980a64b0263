"""The phone's outbox, server side, on a real port: an entry carrying the phone's `id` is
recorded once however often it is sent, even after `serve` restarts (the id is kept in the
chain); an entry carrying `after`, the head the phone saw, is refused (409, stale) when
something was recorded since, saying what; without them an entry is taken as before."""

import json

import pytest
from served import Served, sk_process


@pytest.fixture
def oh_hell(sk):
    """MrPikes' Oh Hell, Ann deals 10 cards; bids go in the prompt's order, Bob Cat Dan Ann."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")


def send(server, line, **outbox):
    body = json.dumps({"line": line, **outbox})
    return server.request("POST", "/api/entry", body,
                          {"Content-Type": "application/json", "Authorization": f"Bearer {server.secret}"})  # fmt: skip


def stopped(server):
    code, _, err = server.stop()
    assert (code, err) == (0, "")


def test_an_entry_sent_again_is_recorded_once_even_after_a_restart(home, sk, oh_hell):
    server = Served(home)
    try:
        head = server.state()["head"]
        first = send(server, "h", id="t-1", after=head)
        assert first.status == 200, first
        said = first.json()
        assert (said["hand"], said.get("again")) == (1, None)
        assert said["head"] == server.state()["head"] != head
        again = send(server, "h", id="t-1", after=head)  # the answer was lost: the phone sends it again
        assert again.status == 200, again
        assert again.json()["again"] is True
        assert (again.json()["head"], again.json()["hand"]) == (said["head"], 1)
        bids = send(server, "2 1 0 3", id="b-1", after=said["head"])
        assert bids.status == 200 and bids.json()["hand"] == 1, bids
    finally:
        stopped(server)
    server = Served(home)  # the phone's outbox outlives a restart of serve; so does what it knows
    try:
        for line, entry_id in [("h", "t-1"), ("2 1 0 3", "b-1")]:
            answer = send(server, line, id=entry_id, after="0" * 64)
            assert answer.status == 200 and answer.json()["again"] is True, answer
        log = sk("log")
        assert log.count("trump H") == 1 and log.count("bids ") == 1, log
        undo = send(server, "undo", id="u-1")
        assert undo.status == 200 and undo.json()["hand"] == 1, undo  # the hand of the bids it took back
        assert send(server, "undo", id="u-1").json()["again"] is True  # not a second undo
        assert ": 4 entries;" in sk("log")  # the start, the trump, the bids, one undo
    finally:
        stopped(server)


def test_an_entry_made_before_a_terminal_entry_is_refused_as_stale(home, sk, oh_hell):
    server = Served(home)
    try:
        assert send(server, "h").status == 200  # without id and after: as ever
        seen = server.state()["head"]
        sk_process(home, "bid", "2", "1", "0", "3")  # meanwhile, at the terminal
        late = send(server, "3 1 0 3", id="b-2", after=seen)
        assert late.status == 409, late
        now = late.json().pop("head")  # the head it was refused at, for the page to redo on
        assert late.json() == {
            "error": "refused: the terminal recorded bids Ann 2, Bob 1, Cat 0, Dan 3 for hand 1 since; "
            "redo or drop this entry",
            "stale": True,
            "head": now,
        }
        assert sk("log").count("bids ") == 1  # nothing recorded
        why = send(server, "why Ann", id="w-1", after=seen)  # a question records nothing: never stale
        assert why.status == 200 and "again" not in why.json(), why
        again = send(server, "3 1 0 3", id="b-2", after=seen)  # the same refusal, sent again
        assert (again.status, again.json()) == (409, late.json())
        assert send(server, "tricks 2 1 0 7", id="b-2", after=now).status == 200  # redone, on the head now
    finally:
        stopped(server)


UNFAIR = [
    ({"id": ""}, "an entry's id is 1-64 letters, digits, - or _"),
    ({"id": "x" * 65}, "an entry's id is 1-64 letters, digits, - or _"),
    ({"id": "a b"}, "an entry's id is 1-64 letters, digits, - or _"),
    ({"id": 7}, "an entry's id is 1-64 letters, digits, - or _"),
    ({"after": "abc"}, "an entry's after is a chain head: 64 hexadecimal digits"),
]


def test_an_unfair_id_or_head_is_refused(home, sk, oh_hell):
    server = Served(home)
    try:
        for outbox, error in UNFAIR:
            answer = send(server, "h", **outbox)
            assert (answer.status, answer.json()) == (400, {"error": error}), outbox
        assert "trump" not in sk("log")
    finally:
        stopped(server)


def test_the_head_the_phone_saw_is_checked_under_the_write_lock(tmp_path):
    """Between the page's check and the append another process may write: the store checks
    the head again as it appends the entry's first event, under the lock, and keeps the
    phone's id in every event the entry appends."""
    from scorekeeper.core import events
    from scorekeeper.storage.chain_writer import Stale
    from scorekeeper.storage.store import Store

    with Store(tmp_path) as db:
        with db.writing("g") as w:
            first = w.append({"type": "comment", "hand": 1, "text": "one"})
        with db.writing("g") as w:
            w.append({"type": "comment", "hand": 1, "text": "two"})
        db.after, db.phone_entry = ("g", first.hash), "p-1"
        with pytest.raises(Stale), db.writing("g") as w:
            w.append({"type": "comment", "hand": 1, "text": "late"})
        db.after = ("g", db.head("g"))
        with db.writing("g") as w:
            w.append({"type": "comment", "hand": 1, "text": "three"})
            w.append({"type": "comment", "hand": 1, "text": "four"})  # the same entry's second event
        stored = db.events("g")
    assert [events.phone_entry(e.body) for e in stored] == [None, None, "p-1", "p-1"]
    assert [e.body["text"] for e in stored] == ["one", "two", "three", "four"]


def test_an_entry_overtaken_between_the_check_and_the_append_is_stale(home, sk, oh_hell, monkeypatch):
    """The terminal's entry lands after the scorer's check of the head and before its append:
    the store's check under the write lock refuses it, in the same words."""
    from scorekeeper import cli
    from scorekeeper.serve import scorer
    from scorekeeper.storage import paths

    phone = scorer.Scorer(cli.every_command(), paths.store_folder(home), home)
    try:
        seen = phone.follower.open().head(phone.follower.open().current_game())
        sk("trump", "h")  # the terminal
        monkeypatch.setattr(scorer, "made_on", lambda *args: None)  # as if it had checked just before
        done = phone.enter("comment 'too late'", None, "c-1", seen)
        assert (done.code, done.stale) == (1, True), done
        assert done.error == "refused: the terminal recorded trump ♥ for hand 1 since; redo or drop this entry"
        assert "too late" not in sk("log")
    finally:
        phone.follower.close()
        phone.thread.shutdown()


def test_a_read_after_an_answer_has_the_state_the_entry_left(home, sk, oh_hell):
    """The state after an entry is made after the phone has its answer (it goes to every
    page by the stream), yet any read that comes after the answer has it: each answer's head
    is the state's head at once, entry after entry, and the state's and status's hand agree."""
    server = Served(home)
    try:
        for line in ("h", "2 1 0 3", "3 2 1 4", "s", "1 1 1 1", "2 2 2 3"):
            said = send(server, line, after=server.state()["head"])
            assert said.status == 200, said
            now = server.state()
            assert now["head"] == said.json()["head"], line
            assert now["status"]["hand"] == json.loads(server.get("/api/status"))["hand"]
    finally:
        stopped(server)
