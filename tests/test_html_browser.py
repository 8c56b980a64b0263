"""The printable HTML sheet in a real browser: headless Chromium (through Playwright) prints a
19-hand game to one A4 page and one Letter page, screenshots it, and its DOM shows hostile names
as text. Skipped, with the reason, only where there is no Chromium (.ci/run installs it)."""

import re
import struct
import zlib

import pytest
from browser import needs_chromium, opened
from helpers import load_bench, store_game

from scorekeeper.core import engine, events

pytestmark = needs_chromium

SCRIPT = "<script>alert(1)</script>"
PLAYERS = ["Ann", SCRIPT, "Cat & Co", 'Dan "the man"', "Eve Longname-Smith"]
COMMENTS = {
    3: 'Cat: "I never bid zero" & then bid zero',
    10: "One card each: three bids of zero and Bob's one, every one made.",
    15: "Dan's pants & <b>forehead</b> rule, again",
}


def nineteen_hands():
    """A finished 4-player Oh Hell game of exactly 19 hands (no tie-break), with comments."""
    bench = load_bench()
    for seed in range(50):
        bodies = bench.random_game("oh-hell-mrpikes", seed, players=PLAYERS, name="Tuesday & <friends>")
        for hand, text in COMMENTS.items():
            closing = next(i for i, b in enumerate(bodies) if b["type"] == "tricks" and b["hand"] == hand)
            bodies.insert(closing, {"type": "comment", "hand": hand, "text": text})
        game = engine.replay(events.parse_all(bodies))
        if game.finished and len(game.hands) == 19:
            return bodies
    raise AssertionError("no seed gave a 19-hand game")


@pytest.fixture
def page(sk, home, tmp_path):
    bodies = nineteen_hands()
    store_game(home, bodies)
    path = tmp_path / "sheet.html"
    sk("sheet", "--format", "html", "--output", path)
    return path


def print_pdf(chromium, tmp_path, html_path, size):
    """Print with an explicit paper size; returns (pages, width pt, height pt)."""
    sized = tmp_path / f"sheet-{size}.html"
    text = html_path.read_text(encoding="utf-8")
    sized.write_text(text.replace("@page { margin: 12mm; }", f"@page {{ size: {size}; margin: 12mm; }}", 1))
    page = chromium.new_page()
    try:
        page.goto(sized.as_uri())
        data = page.pdf(prefer_css_page_size=True)
    finally:
        page.close()
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    return pages, round(float(box.group(1))), round(float(box.group(2)))


def test_a_19_hand_game_prints_on_one_a4_page(chromium, page, tmp_path):
    assert print_pdf(chromium, tmp_path, page, "A4") == (1, 595, 842)


def test_a_19_hand_game_prints_on_one_letter_page(chromium, page, tmp_path):
    assert print_pdf(chromium, tmp_path, page, "letter") == (1, 612, 792)


def test_the_sheet_fits_the_width_of_a_printed_page(chromium, page):
    """At the width an A4 page leaves inside its margins (186 mm, 703 px) nothing sticks out."""
    with opened(chromium, {"width": 703, "height": 1000}) as tab:
        tab.goto(page.as_uri())
        assert tab.evaluate("document.documentElement.scrollWidth") <= 703


def png_pixels(path):
    """(width, height, raw scanlines) of a PNG, without an imaging library."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, pos = [], 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        if kind == b"IDAT":
            chunks.append(data[pos + 8 : pos + 8 + length])
        pos += 12 + length
    return width, height, zlib.decompress(b"".join(chunks))


def test_the_page_renders_a_sheet_and_a_chart(chromium, page, tmp_path):
    shot = tmp_path / "sheet.png"
    with opened(chromium, {"width": 900, "height": 1300}) as tab:
        tab.goto(page.as_uri())
        tab.screenshot(path=shot)
    width, height, raw = png_pixels(shot)
    assert (width, height) == (900, 1300)
    # Not a blank page: text, table rules and the chart's coloured lines give many shades.
    assert len(set(raw)) > 100


def test_the_browser_shows_hostile_names_as_text(chromium, page):
    with opened(chromium) as tab:
        tab.goto(page.as_uri())
        dom = tab.content()
    assert "<script" not in dom.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    assert "Tuesday &amp; &lt;friends&gt;" in dom
    assert "Dan's pants &amp; &lt;b&gt;forehead&lt;/b&gt; rule, again" in dom
    assert dom.count("<polyline") == len(PLAYERS)  # the chart: one running-total line per player
    # every hand is a row of the sheet, numbered 1 to 19
    table = dom[dom.index('<table class="sheet">') : dom.index("</table>")]
    assert re.findall(r'<tr(?: class="open")?><td class="num">(\d+)</td>', table) == [
        str(n) for n in range(1, 20)
    ]
