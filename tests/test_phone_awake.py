"""The screen stays on without the Screen Wake Lock API (a page served over plain http on the
room's network is not a secure context, where browsers offer it): the first tap starts a
tiny muted, looping video, which keeps a phone's screen on while it plays. In headless
Chromium at 390×844, with navigator.wakeLock taken away."""

from browser import needs_chromium, opened
from served import Served

pytestmark = needs_chromium

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def playing(page):
    return page.evaluate("(() => { const v = document.getElementById('awake'); return v && !v.paused && v.muted && v.loop; })()")


def test_without_the_wake_lock_api_the_first_tap_starts_a_muted_looping_video(sk, home, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.add_init_script(NO_WAKE_LOCK)
            page.goto(server.url)
            page.locator("#live:not(.down)").wait_for()
            assert page.evaluate("'wakeLock' in navigator") is False
            assert page.locator("#awake").count() == 0  # nothing plays before a tap
            page.locator("#s-standings").click()
            page.wait_for_function("(() => { const v = document.getElementById('awake'); return v && !v.paused; })()")
            assert playing(page)
            assert page.evaluate("document.getElementById('awake').currentSrc").endswith(("/awake.webm", "/awake.mp4"))
        video = server.request("GET", "/awake.webm", headers={"Range": "bytes=0-9"})
        assert (video.status, len(video.body), video.headers["Content-Type"]) == (206, 10, "video/webm")
        assert video.headers["Content-Range"].startswith("bytes 0-9/")
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err
