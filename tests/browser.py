"""Headless Chromium for the tests, through Playwright for Python driving the system's Chromium
(no browser download): one browser for the whole run (`chromium` fixture), a fresh page per test
sized as a phone or a TV. Tests that need it are skipped, saying why, where there is no Chromium
(.ci/run installs Debian's) or no Playwright.

Debian's chromium-headless-shell is driven where it is installed, else its chromium: the same
build of the same engine, in its headless shell (the one Playwright itself runs headless)
rather than the whole browser run without a window. A fresh context and page cost about 0.06 s
of CPU in the shell and 0.26 s in the whole browser, a page shown and drawn 0.1 s and 0.4 s:
half of the browser tests' CPU."""

from __future__ import annotations

import contextlib
import importlib.util
import os
from collections.abc import Iterator

import pytest

CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM = next((path for path in CHROMIUMS if os.access(path, os.X_OK)), None)
MISSING = (
    f"no Chromium at {' or '.join(CHROMIUMS)} (Debian: apt-get install chromium-headless-shell)"
    if CHROMIUM is None
    else None
)
if MISSING is None and importlib.util.find_spec("playwright") is None:  # found, not loaded (0.12 s a process)
    MISSING = "Playwright for Python is not installed (pip install '.[test]')"
needs_chromium = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    """One headless Chromium for the whole run (for each worker, when the tests run in
    parallel): starting one costs more than most tests. Each test opens its pages in a context
    of its own (see `opened`), so no test sees another's storage or pages."""
    if MISSING is not None:
        pytest.skip(MISSING)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def opened(browser, viewport: dict | None = None, dark: bool = False, **options) -> Iterator:
    """A page in a context of its own (its own storage: another phone), closed afterwards."""
    context = browser.new_context(viewport=viewport or PHONE, color_scheme="dark" if dark else "light", **options)
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone(chromium) -> Iterator:
    """A 390-px phone, fresh for each test."""
    with opened(chromium) as page:
        yield page


def tap(page, text, within="#entry"):
    """Tap the button named `text` (exactly) in `within`, as a person taps it."""
    page.locator(within).get_by_role("button", name=text, exact=True).first.click()


def tap_for(page, player, value, within="#entry"):
    """A value on a player's pad (bids, tricks, poisons)."""
    pad = page.locator(f'{within} .player[data-player="{player}"]')
    pad.get_by_role("button", name=str(value), exact=True).click()
