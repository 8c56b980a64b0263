"""Headless Chromium driven through its DevTools pipe (--remote-debugging-pipe: JSON messages
on file descriptors 3 and 4), so tests can keep a page open, run JavaScript in it, wait for
what it shows and take screenshots, without a WebDriver or a websocket library."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
NO_CHROMIUM = "no chromium binary on PATH (Debian: apt-get install chromium)"


class Browser:
    """One headless Chromium with one page (tab). Use as a context manager."""

    def __init__(self, profile: Path, width: int = 1024, height: int = 900) -> None:
        profile.mkdir(parents=True, exist_ok=True)
        log = open(profile / "chromium.log", "wb")  # noqa: SIM115 (kept open by the child)
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def descriptors() -> None:  # in the child: the pipe ends Chromium expects, as fds 3 and 4
            high_r, high_w = os.dup(to_chrome_r) + 100, os.dup(from_chrome_w) + 100
            os.dup2(to_chrome_r, high_r)
            os.dup2(from_chrome_w, high_w)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [
                CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--remote-debugging-pipe", f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
            ],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log,
            close_fds=False, preexec_fn=descriptors,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # it may have gone already
            self.call("Browser.close")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            with contextlib.suppress(OSError):
                os.close(fd)

    def call(self, method: str, session: bool = False, **params: Any) -> dict:
        """Send one DevTools command and wait for its answer (events meanwhile are dropped)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._from_chrome, 1 << 16)
                if not chunk:
                    raise RuntimeError(f"chromium closed its pipe during {method}")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def open(self, url: str) -> None:
        self.call("Page.navigate", session=True, url=url)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """Evaluate until the expression is truthy; its value, or AssertionError after `timeout`."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None  # the page is still loading
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"after {timeout} s, still false: {expression}")
            time.sleep(0.1)

    def size(self, width: int, height: int, scale: float = 1, mobile: bool = False) -> None:
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=scale, mobile=mobile)  # fmt: skip

    def screenshot(self, path: Path, full_page: bool = True) -> None:
        shot = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=full_page)
        path.write_bytes(base64.b64decode(shot["data"]))
