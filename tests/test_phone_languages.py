"""The phone pages in the table's language: a request is answered in the language its address
names (`?lang=`), else the browser's preferred one (Accept-Language), else English; its page
(`<html lang>`, the translations of the page's own messages), the state it draws, its
stream, the scorer's replies and every refusal. Checked on a real port, and in headless
Chromium with the pseudo-language `qps` (every message marked ⟦…⟧): no English sentence of
the pages reaches a phone unmarked. The data (keys, standings, status) is the same in every
language."""

from __future__ import annotations

import http.client
import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from browser import needs_chromium, opened
from served import Served, sk_process

from scorekeeper.serve import pages, speech
from scorekeeper.words import catalogs

SERVE = Path(pages.__file__).parent
SCRIPTS = sorted(SERVE.rglob("*.js"))
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
q = catalogs.Pseudo().gettext  # a message as the pseudo-language says it


def catalog_of(code):
    """Whether the catalog of `code` is in this tree (the languages' .po files come with the
    catalogs themselves)."""
    return (catalogs.FOLDER / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po").exists() or (
        catalogs.FOLDER / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.mo"
    ).exists()


# --- what a page is given to say -------------------------------------------------------------


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_page_is_given_exactly_the_messages_babel_extracts_from_its_scripts(script):
    with script.open("rb") as file:
        extracted = {
            (m, None) if isinstance(m, str) else (m[0], m[1])
            for _line, m, _comments, _context in extract("javascript", file, keywords={"t": None, "nt": (1, 2)})
        }
    assert extracted, f"{script.name} says nothing through t or nt"
    assert set(speech.messages(script.read_text(encoding="utf-8"))) == extracted


def test_every_sentence_of_the_pages_scripts_goes_through_t_or_nt():
    """No string literal in a script that a person reads outside t/nt: every double-quoted
    literal that holds a sentence (a capital letter, then a space and a word) is a message."""
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        said = {m for m, _plural in speech.messages(text)} | {p for _m, p in speech.messages(text) if p}
        sentences = {s for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text) if re.match(r"^[A-Z][a-z']* [a-z]", s)}
        assert sentences <= said, (script.name, sentences - said)


def test_the_english_page_is_given_nothing_and_the_pseudo_language_every_message():
    script = 't("Hand {hand}", {hand: 3}); nt("{count} card", "{count} cards", n, {count: n}); t("say \\"hi\\"")'
    assert speech.said(catalogs.translations("en"), [script]) == {}
    said = speech.said(catalogs.translations("qps"), [script])
    assert said["t"] == {"Hand {hand}": "⟦Hánd {hand}⟧", 'say "hi"': '⟦sáý "hí"⟧'}
    assert said["nt"] == {"{count} card": ["⟦{count} cárd⟧", "⟦{count} cárds⟧"]}
    assert said["forms"][:3] == [1, 0, 1]  # n != 1: 0 cards, 1 card, 2 cards


def test_plural_forms_follow_the_languages_rule():
    """French says 0 and 1 in the singular (plural=(n > 1)); forms past the table repeat by
    n % 100 (the page reads form 100 + n % 100 there)."""
    catalog = Catalog(locale="fr")
    catalog.add(("{count} card", "{count} cards"), ("{count} carte", "{count} cartes"))
    catalog.add("Hand {hand}", "Donne {hand}")
    import gettext
    import io

    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    said = speech.said(gettext.GNUTranslations(compiled), ['t("Hand {hand}"); nt("{count} card", "{count} cards", 2)'])
    assert said["t"] == {"Hand {hand}": "Donne {hand}"}
    assert said["nt"] == {"{count} card": ["{count} carte", "{count} cartes"]}
    assert said["forms"][:3] == [0, 0, 1] and len(said["forms"]) == speech.FORMS


def test_the_request_names_its_language_else_the_browser_does():
    def scope(query=b"", accept=None):
        headers = [(b"accept-language", accept.encode())] if accept else []
        return {"query_string": query, "headers": headers}

    assert speech.of_request(scope()) == "en"
    assert speech.of_request(scope(accept="fr-CH, de;q=0.5")) == "fr"
    assert speech.of_request(scope(b"lang=es", "fr")) == "es"
    assert speech.of_request(scope(b"lang=qps&x=1", "de")) == "qps"
    assert speech.of_request(scope(b"lang=xx", "de")) == "de"  # a language we lack is passed over
    assert speech.of_request(scope(b"lang=" + b"%" * 5000, "pt")) == "en"


# --- on a real port --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One Oh Hell game with hand 1 bid, served for the module's tests that only read or are refused."""
    home = tmp_path_factory.mktemp("home")
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    sk_process(home, "trump", "h")
    server = Served(home)
    yield server
    code, _out, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def said_block(html):
    return json.loads(re.search(r'<script type="application/json" id="said">(.*?)</script>', html, re.S).group(1) or "{}")


def test_the_address_names_the_pages_language_whatever_the_browser_prefers(served):
    english = served.request("GET", "/")
    assert english.status == 200 and '<html lang="en">' in english.body.decode()
    assert said_block(english.body.decode()) == {}  # English: nothing to translate
    pseudo = served.request("GET", "/?lang=qps", headers={"Accept-Language": "en"})
    html = pseudo.body.decode()
    assert pseudo.status == 200 and '<html lang="qps">' in html
    assert pseudo.headers["Vary"] == "Accept-Language"
    assert pseudo.headers["ETag"] != english.headers["ETag"]
    assert pseudo.headers["Content-Security-Policy"] == english.headers["Content-Security-Policy"]
    said = said_block(html)
    assert said["t"]["Standings"] == q("Standings")
    assert said["t"]["Give every player's tricks ({count} to go)."]  # the scorer's script's too
    assert said["nt"]["{count} hand played"] == [q("{count} hand played"), q("{count} hands played")]
    again = served.request("GET", "/?lang=qps", headers={"If-None-Match": pseudo.headers["ETag"]})
    assert again.status == 304
    league = served.request("GET", "/league?lang=qps").body.decode()
    assert '<html lang="qps">' in league and said_block(league)["t"]["League"] == q("League")


@pytest.mark.skipif(not catalog_of("fr"), reason="no French catalog in this tree yet")
def test_a_browser_preferring_french_gets_the_page_in_french(served):
    answer = served.request("GET", "/", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"})
    html = answer.body.decode()
    assert '<html lang="fr">' in html
    assert said_block(html)["t"]["Standings"] == catalogs.translations("fr").gettext("Standings") != "Standings"


def test_refusals_come_in_the_requests_language(served):
    missing = served.request("GET", "/nowhere?lang=qps")
    assert missing.status == 404
    assert missing.json() == {"error": q("not found: {path} is not a page or an answer of this server").format(path="/nowhere")}
    bad = served.request("POST", "/api/entry?lang=qps", "{", {"Authorization": f"Bearer {served.secret}"})
    assert bad.status == 400 and bad.json() == {"error": q("the body is not JSON; send {example}").format(example='{"line": "…"}')}
    method = served.request("PUT", "/api/entry?lang=qps")
    assert method.status == 405
    assert method.json() == {"error": q("{method} is not taken here ({allowed} is)").format(method="PUT", allowed="POST")}
    locked = served.request("POST", "/api/entry?lang=qps", json.dumps({"line": "undo"}), {"Authorization": "Bearer nope"})
    assert locked.status == 401 and MARKED.fullmatch(locked.json()["error"])
    english = served.request("GET", "/nowhere", headers={"Accept-Language": "xx, en;q=0.5"})
    assert english.json() == {"error": "not found: /nowhere is not a page or an answer of this server"}


def test_the_state_is_said_in_the_pages_language_and_its_data_is_the_same(served):
    english = served.request("GET", "/api/state")
    pseudo = served.request("GET", "/api/state?lang=qps")
    assert english.status == pseudo.status == 200
    assert pseudo.headers["ETag"] != english.headers["ETag"] and pseudo.headers["Vary"] == "Accept-Language"
    plain, said = english.json(), pseudo.json()
    assert plain.keys() == said.keys()
    for data in ("standings", "status", "chain", "head", "witness", "asking", "hands"):
        assert plain[data] == said[data], data
    # a renege's description, like the ruleset's title, is a sentence a person reads
    reneges = [{**r, "description": q(r["description"])} for r in plain["choices"]["reneges"]]
    assert {**plain["choices"], "reneges": reneges} == said["choices"]
    # the game's data too; its ruleset's title is a sentence a person reads, in the page's language
    assert {**plain["game"], "title": q(plain["game"]["title"])} == said["game"]
    assert plain["needs"] == ["the bids", "the tricks taken"]
    assert said["needs"] == [q("the bids"), q("the tricks taken")]
    assert served.request("GET", "/api/state?lang=qps", headers={"If-None-Match": pseudo.headers["ETag"]}).status == 304
    # the data answers are the command line's JSON, in every language
    for path in ("/api/standings", "/api/status"):
        assert served.request("GET", path + "?lang=qps").body == served.request("GET", path).body


def test_the_stream_is_said_in_its_pages_language(served):
    def first_state(path):
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        try:
            conn.request("GET", path)
            stream = conn.getresponse()
            while stream.readline() != b"event: state\n":
                pass
            return json.loads(stream.readline().removeprefix(b"data: "))
        finally:
            conn.close()

    assert first_state("/api/events?lang=qps")["needs"] == [q("the bids"), q("the tricks taken")]
    assert first_state("/api/events")["needs"] == ["the bids", "the tricks taken"]


def test_the_scorers_reply_and_its_state_come_in_the_pages_language_and_the_table_stays_english(home):
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    try:
        refused = server.request("POST", "/api/entry?lang=qps", json.dumps({"line": "help"}),
                                 {"Authorization": f"Bearer {server.secret}"})  # fmt: skip
        assert refused.status == 400
        problem = q("`{word}` is a word of `play` in the terminal; give an answer or a command").format(word="help")
        assert refused.json() == {"error": q("error: {message}").format(message=problem)}
        done = server.request("POST", "/api/entry?lang=qps", json.dumps({"line": "trump h"}),
                              {"Authorization": f"Bearer {server.secret}"})  # fmt: skip
        assert done.status == 200
        assert json.loads(server.get("/api/state?lang=qps"))["needs"] == [q("the bids"), q("the tricks taken")]
        assert server.state()["needs"] == ["the bids", "the tricks taken"]  # every other phone: English
    finally:
        server.stop()


def test_a_nights_pages_and_board_come_in_the_requests_language(home):
    sk_process(home, "seat", "--players", "Ann,Bob,Cat,Dan", "--rounds", 1, "--ruleset", "oh-hell-mrpikes",
               "--night", "Fri")  # fmt: skip
    sk_process(home, "night", "start", "Fri", "--round", 1)
    server = Served(home, "--night", "Fri")
    try:
        for path in ("/night", "/board"):
            html = server.request("GET", path + "?lang=qps").body.decode()
            assert '<html lang="qps">' in html and said_block(html)["t"]["Lobby"] == q("Lobby")
        assert b"function nt(" in server.get("/say.js")
        board = server.request("GET", "/api/board?lang=qps").json()
        english = json.loads(server.get("/api/board"))
        # the same data; the latest entries' words are said again in the language (by the entries' own words)
        assert board["night"] == english["night"] and len(board["tables"]) == len(english["tables"]) == 1
        assert [e["n"] for e in board["tables"][0]["latest"]] == [e["n"] for e in english["tables"][0]["latest"]]
        game = board["tables"][0]["game"]
        assert '<html lang="qps">' in server.request("GET", f"/table/{game}/?lang=qps").body.decode()
        missing = server.request("GET", "/table/abc/?lang=qps")
        assert missing.status == 404 and MARKED.fullmatch(missing.json()["error"])
    finally:
        server.stop()


# --- in headless Chromium --------------------------------------------------------------------

# What the server's words say on the page (the status, the command line's reply, the sheet's
# cells): checked by their own pseudo-language tests of the command line, not here.
WORDS_ELSEWHERE = ["#hand dl", "#hand p.line", "#hand-title", "#reply", "#sheet tbody", "#sheet tfoot", "#corrections", "#result"]


def unmarked(page, names):
    """The words a person sees on the page that are neither marked nor a name, a number or a
    digest."""
    text = page.evaluate(
        """(skipped) => {
             for (const sel of skipped) for (const e of document.querySelectorAll(sel)) e.setAttribute("data-skip", "");
             const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
             const seen = [];
             while (walk.nextNode()) {
               const node = walk.currentNode, e = node.parentElement;
               if (!e || e.closest("[data-skip], script, style, svg, [hidden]") || !e.getClientRects().length) continue;
               seen.push(node.textContent);
             }
             return seen.join("\\n");
           }""",
        WORDS_ELSEWHERE,
    )
    while MARKED.search(text):
        text = MARKED.sub(" ", text)
    for name in names:
        text = text.replace(name, " ")
    text = re.sub(r"\b[0-9a-f]{16,}\b", " ", text)  # chain digests
    return re.findall(r"[A-Za-z]{2,}", text)


@needs_chromium
def test_a_phone_in_the_pseudo_language_shows_no_unmarked_english(sk, home, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--name", "Tuesday")
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")
    sk("comment", "a fine hand")
    sk("trump", "s")
    server = Served(home)
    names = ["Ann", "Bob", "Cat", "Dan", "Tuesday", "a fine hand", "Oh Hell! (MrPikes' house rules)"]
    try:
        with opened(chromium) as page:
            page.goto(server.url + "?lang=qps#scorer=" + server.secret)
            page.locator("#entry h2", has_text=q("Hand {hand}: {what}").format(hand=2, what=q("the bids"))).wait_for()
            assert page.evaluate("document.documentElement.lang") == "qps"
            assert unmarked(page, names) == []
            # its links keep the language its address named (the lobby's, shown at a night's table)
            assert page.evaluate("document.getElementById('lobby').href") == server.url + "night?lang=qps"
            for tool in ("Join", "Leave", "Rename", "Adjust", "Comment", "Why?", "New game", "Past hand"):
                page.locator("#tools").get_by_role("button", name=q(tool), exact=True).click()
                page.locator("#tool > *").first.wait_for()
                assert unmarked(page, names) == [], tool
            page.locator("#tool").get_by_role("button", name="1", exact=True).click()  # correct hand 1
            page.locator("#tool").get_by_role("button", name=q("tricks"), exact=True).click()
            assert unmarked(page, names) == []
            page.screenshot(path=str(home / "qps.png"), full_page=True)
        with opened(chromium) as page:  # a replaced scorer's link: the server's refusal, and the page's
            page.goto(server.url + "?lang=qps#scorer=an-old-link-replaced-since")
            page.locator("#tools").get_by_role("button", name=q("Undo"), exact=True).click()
            page.locator("#tools").get_by_role("button", name=q("Tap again to undo"), exact=True).click()
            page.locator("#entry p.check.bad").wait_for()
            assert page.evaluate("lastReply.text") == q(
                "this link cannot write: open the scorer's link the terminal shows (it may have been replaced)"
            )
            assert unmarked(page, names) == []
        with opened(chromium) as page:  # the table's link: the same page without the controls
            page.goto(server.url + "?lang=qps")
            page.locator("#live", has_text=q("live · {time}").split("{")[0]).wait_for()
            assert unmarked(page, names) == []
    finally:
        server.stop()


@needs_chromium
@pytest.mark.skipif(not catalog_of("de"), reason="no German catalog in this tree yet")
def test_a_german_phone_reads_the_page_and_a_refusal_in_german(sk, home, chromium):
    """A browser whose language is German (Accept-Language: de-DE,de) and no ?lang=."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    german = catalogs.translations("de")
    try:
        with opened(chromium, locale="de-DE") as page:
            page.goto(server.url + "#scorer=an-old-link-replaced-since")
            page.locator("#entry h2").wait_for()
            assert page.evaluate("document.documentElement.lang") == "de"
            assert page.locator("#h-standings").inner_text() == german.gettext("Standings") != "Standings"
            page.locator("#tools").get_by_role("button", name=german.gettext("Undo"), exact=True).click()
            page.locator("#tools").get_by_role("button", name=german.gettext("Tap again to undo"), exact=True).click()
            page.locator("#entry p.check.bad").wait_for()  # the server's refusal, and the page's own words
            refusal = "this link cannot write: open the scorer's link the terminal shows (it may have been replaced)"
            assert page.evaluate("lastReply.text") == german.gettext(refusal) != refusal
            assert page.locator("#entry p.check.bad").inner_text() == german.gettext(
                "This scorer's link is not the current one (a new link was made at the laptop): it can no longer "
                "record. Scan the new scorer's link."
            )
            page.screenshot(path=str(home / "de.png"), full_page=True)
    finally:
        server.stop()


@needs_chromium
def test_long_words_of_a_german_hand_break_between_words_not_inside_them(sk, home, chromium):
    """Pick Your Poison's "may pick" line in German ("Dan Ansage/Blindansage/Sammeln; …") on a
    390-px phone: a line breaks after a slash, never inside a word (it split "Sam-meln"), and
    each player's picks begin a line."""
    sk("new", "pick-your-poison", "--players", "Annemarie,Bartholomäus,Cat,Dan", "--dealer", "Annemarie")
    server = Served(home)
    try:
        with opened(chromium, locale="de-DE") as page:
            page.goto(server.url)
            picks = page.locator("#hand dd").filter(has_text="Blindansage")
            picks.wait_for()
            # each word of it, as laid out: one box per word, so no word runs over two lines
            broken = page.evaluate(
                """(dd) => {
                  const found = [], walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
                  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    for (const word of node.data.matchAll(/[^\\s\\/;]+/g)) {
                      const range = document.createRange();
                      range.setStart(node, word.index);
                      range.setEnd(node, word.index + word[0].length);
                      if (range.getClientRects().length > 1) found.push(word[0]);
                    }
                  }
                  return found;
                }""",
                picks.element_handle(),
            )
            assert broken == []
            assert picks.evaluate("(dd) => dd.getBoundingClientRect().height") > 40  # it does run over several lines
            # and each player's picks begin a line of their own (the parts of a line, split at "; ")
            starts = page.evaluate(
                """(dd) => {
                  const left = dd.getBoundingClientRect().left, found = [];
                  const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
                  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    for (const name of ["Annemarie", "Bartholomäus", "Cat", "Dan"]) {
                      const at = node.data.indexOf(name + " ");
                      if (at < 0) continue;
                      const range = document.createRange();
                      range.setStart(node, at);
                      range.setEnd(node, at + name.length);
                      found.push([name, Math.abs(range.getClientRects()[0].left - left) < 1]);
                    }
                  }
                  return found;
                }""",
                picks.element_handle(),
            )
            assert sorted(starts) == [["Annemarie", True], ["Bartholomäus", True], ["Cat", True], ["Dan", True]]
    finally:
        server.stop()
