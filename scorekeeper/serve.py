"""`serve`: the game in progress as a read-only web page for every phone at the table, and its
standings and status as the same JSON the command line prints.

The standard library's ThreadingHTTPServer serves it. One watcher thread reads the store: the
game's chain head, four times a second. When the head moved (an entry from any process), it
replays the game once and keeps every answer ready as bytes. Request threads only hand those
bytes out (or a 304 when a phone already has them), so twenty phones polling cost the store no
more than one, and the scorer's entries never wait for them. The page is one file shipped
beside this module; no URL maps to a file, so no path can reach another one.
"""

from __future__ import annotations

import base64
import errno
import hashlib
import json
import re
import signal
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from scorekeeper import choices, table
from scorekeeper.core import engine, errors, events
from scorekeeper.sheets import charts, score_sheet
from scorekeeper.storage import paths, ruleset_files, store
from scorekeeper.words import reports

PAGE = Path(__file__).with_name("serve_page.html")
WATCH_SECONDS = 0.25  # how often the store's chain head is read: well within the page's 2 s
LOOPBACK = ("127.0.0.1", "localhost", "::1")


# --- what the page is given -----------------------------------------------------------------


class Snapshot(NamedTuple):
    """Every answer for one state of the store, encoded once."""

    etag: str
    state: bytes  # /api/state: everything the page draws
    standings: bytes  # /api/standings, as `standings --json` prints it
    status: bytes  # /api/status, as `status --json` prints it
    ok: bool = True  # False: the store could not be read (the bytes say why)


def cli_json(data: Any) -> bytes:
    """JSON exactly as the command line prints it (`emit_json`)."""
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def failed(message: str) -> Snapshot:
    body = cli_json({"error": message})
    return Snapshot('"error-' + hashlib.sha256(body).hexdigest()[:16] + '"', body, body, body, ok=False)


def hand_digests(game: engine.Game, stored: list[store.StoredEvent]) -> list[dict[str, Any]]:
    """Each closed hand's chain digest: the hash of the entry that closed it, which is the last
    live entry of that hand (entries go to the hand in progress, so nothing of the hand comes
    after it but a correction). `verify --digest` takes it; a phone keeps it as it first saw it."""
    last: dict[int, int] = {}
    for n, event in game.entries:
        number = getattr(event, "hand", None)
        if number is not None:
            last[number] = n
    return [
        {"hand": h.number, "n": last[h.number], "digest": stored[last[h.number]].hash}
        for h in game.hands
        if h.closed and h.number in last
    ]


def entries_data(stored: list[store.StoredEvent]) -> list[dict[str, Any]]:
    """Every entry as the page lists it: its time, hand and what it said. A correction of a past
    hand, any entry for a hand the game had already moved past, and an undo of an entry of a hand
    that had closed are corrections: recorded, not rewritten. An undo in the hand still being
    recorded is not: nobody has read that hand's score yet."""
    parsed = events.parse_all([e.body for e in stored])
    hands = [getattr(e, "hand", None) for e in parsed]
    out, furthest = [], 0
    for entry, event in zip(stored, parsed, strict=True):
        number = hands[entry.n]
        reversal = isinstance(event, events.EntryReversed)
        if reversal and 0 <= event.target < len(hands):
            number = hands[event.target]
        correction = (
            (reversal and _closed_before(parsed, entry.n, number))
            or isinstance(event, events.Corrected)
            or (number is not None and number < furthest)
        )
        if hands[entry.n] is not None:
            furthest = max(furthest, hands[entry.n])
        out.append({"n": entry.n, "at": entry.at, "hand": number, "text": events.describe(event),
                    "correction": correction})  # fmt: skip
    return out


def _closed_before(parsed: list[Any], n: int, number: int | None) -> bool:
    """Whether hand `number` had closed before entry n (replays the entries before it: an undo is
    rare, and this is worked out once per state)."""
    if number is None:
        return True  # an undo of a table change or a setting: said as a correction, to be safe
    game = engine.replay(parsed[:n])
    return any(h.number == number and h.closed for h in game.hands)


def _plain_need(need: str) -> str:
    """What is still to record, for the players: the words without the scorer's command."""
    return re.sub(r" \(`[^`]*`[^)]*\)$", "", reports.NEED_WORDS.get(need, need))


def page_state(
    game: engine.Game, stored: list[store.StoredEvent], standings: dict, status: dict, rulesets: list[tuple[str, str]]
) -> dict:
    sheet = score_sheet.build(game, stored)
    chart = small = ""
    if sheet.rows:
        series = sheet.plotted()
        gone = tuple(game.left)  # who left keeps a line, marked in the legend
        chart = charts.svg(sheet.players, series, width=720, height=300, departed=gone)
        small = charts.svg(sheet.players, series, width=380, height=300, departed=gone)  # a phone's width: legible text
    return {
        "game": {
            "id": game.id,
            "name": game.name,
            "title": game.ruleset.title,
            "location": game.location,
            "scorer": game.scorer,
            "players": game.players,
            "started_at": stored[0].at if stored else "",
        },
        "standings": standings,
        "status": status,
        "status_lines": [] if game.finished else reports.status_text(game).splitlines(),
        "needs": [_plain_need(n) for n in status["needs"]],
        "result": reports.final_text(game) if game.finished else "",
        "sheet": score_sheet.live_json(sheet),
        "chart": chart,
        "chart_small": small,
        "comments": [{"hand": h.number, "text": c} for h in game.hands for c in h.comments][-8:],
        "hands": hand_digests(game, stored),
        "entries": entries_data(stored),
        "chain": [e.hash for e in stored],
        "head": stored[-1].hash if stored else "",
        "choices": choices.page_data(game, rulesets),  # what the scorer's page may tap
    }


def snapshot(db: store.Store, game_id: str, rulesets: list[tuple[str, str]] = ()) -> Snapshot:
    """The game as stored now, every answer encoded: the entries are read once, and the game
    is their replay, so the page, the JSON and the chain always agree."""
    stored = db.events(game_id)
    game = table.replay(stored)
    standings, status = reports.standings_data(game), reports.status_data(game)
    state = json.dumps(page_state(game, stored, standings, status, rulesets), ensure_ascii=False).encode("utf-8")
    return Snapshot(f'"{game_id}-{stored[-1].hash[:32]}"', state, cli_json(standings), cli_json(status))


class Watcher:
    """Follows the store from its own thread (and its own SQLite connection): the pinned game,
    or else whichever game is current, so a `new` game shows up on the phones by itself."""

    def __init__(self, folder: Path, pinned: str | None) -> None:
        self.folder = folder
        self.pinned = pinned
        self.current: Snapshot | None = None
        self._seen: tuple[str, str] | None = None
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="store-watcher", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(30)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        db: store.Store | None = None
        try:
            while not self._stop.is_set():
                try:
                    db = db or store.Store(self.folder)
                    self._refresh(db)
                except errors.ScorekeeperError as exc:
                    self.current, self._seen = failed(str(exc)), None
                    if db is not None:
                        db.close()
                        db = None
                self._ready.set()
                self._stop.wait(WATCH_SECONDS)
        finally:
            if db is not None:
                db.close()

    def _refresh(self, db: store.Store) -> None:
        game_id = table.resolve_game(db, self.pinned)
        seen = (game_id, db.head(game_id))
        if seen != self._seen:
            self.current = snapshot(db, game_id, ruleset_files.available(paths.home(None)))
            self._seen = seen


# --- HTTP -------------------------------------------------------------------------------------


def _inline_hash(page: str, tag: str) -> str:
    """The CSP hash of the page's one inline <script> or <style>, so nothing else may run."""
    body = re.search(rf"<{tag}>(.*?)</{tag}>", page, re.S).group(1)
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"


class Handler(BaseHTTPRequestHandler):
    """GET of four fixed paths; every other method is refused (405) and every other path is 404."""

    server: Server
    protocol_version = "HTTP/1.1"  # phones keep one connection open between polls

    def version_string(self) -> str:
        return "scorekeeper"

    def do_GET(self) -> None:
        if self.server.loopback_only and _host_name(self.headers.get("Host", "")) not in LOOPBACK:
            # a web page the scorer visits could point a name of its own at 127.0.0.1 (DNS
            # rebinding) and read the game; a server only this computer can reach needs no other name
            self._send(403, b"this server answers to 127.0.0.1 and localhost only\n")
            return
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", "/index.html"):
            self._send(200, self.server.page, "text/html; charset=utf-8", {"Content-Security-Policy": self.server.csp})
            return
        answer = {"/api/state": "state", "/api/standings": "standings", "/api/status": "status"}.get(path)
        if answer is None:
            self._send(404, b"not found: this server has the page (/) and /api/standings, /api/status\n")
            return
        shot = self.server.watcher.current
        if shot is None:
            self._send(503, b"starting\n")
        elif not shot.ok:
            self._send(503, shot.state, "application/json")
        elif self.headers.get("If-None-Match") == shot.etag:
            self._send(304, b"", extra={"ETag": shot.etag})
        else:
            self._send(200, getattr(shot, answer), "application/json", {"ETag": shot.etag})

    def refuse(self) -> None:
        self.close_connection = True  # the request's body, if any, is not read
        self._send(405, b"this page is read-only: only GET is served\n", extra={"Allow": "GET", "Connection": "close"})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # POST, PUT, DELETE, HEAD, PATCH, OPTIONS, anything
            return self.refuse
        raise AttributeError(name)

    def _send(self, code: int, body: bytes, kind: str = "text/plain; charset=utf-8", extra: dict | None = None) -> None:
        self.send_response(code)
        headers = {
            "Content-Type": kind,
            "Content-Length": str(len(body)) if code != 304 else None,
            "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
            **(extra or {}),
        }
        for key, value in headers.items():
            if value is not None:
                self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD" and code != 304:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal is the scorer's, and each phone asks every second."""


def _host_name(host: str) -> str:
    """The name in a Host header, without its port: `127.0.0.1`, `localhost`, `::1`."""
    if host.startswith("["):
        return host[1 : host.find("]")]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], watcher: Watcher) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.loopback_only = address[0] in LOOPBACK
        self.watcher = watcher
        text = PAGE.read_text(encoding="utf-8")
        self.page = text.encode("utf-8")
        self.csp = (
            f"default-src 'none'; script-src {_inline_hash(text, 'script')}; "
            f"style-src {_inline_hash(text, 'style')}; connect-src 'self'; img-src data:; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        super().__init__(address, Handler)


# --- the command ------------------------------------------------------------------------------


def lan_address() -> str | None:
    """This computer's address on the local network (what a phone at the table types), if any.
    Connecting a UDP socket sends nothing; it only picks the interface a packet would use."""
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not address.startswith("127."):
            return address
    return None


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def exposure(host: str, port: int) -> tuple[str, list[str]]:
    """The address to give the phones, and what listening on `host` exposes, to whom."""
    if host in LOOPBACK:
        return _url(host, port), [
            "Only this computer can open it. For the phones at the table, start it with "
            "`serve --host 0.0.0.0` (they must be on the same network as this computer)."
        ]
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        where = _url(lan, port) if lan else _url("127.0.0.1", port)
        lines = [
            f"Warning: --host {host or '0.0.0.0'} listens on every network this computer is on. Anyone on "
            "them can open the page and read this store's current game: its players' names, scores and "
            "comments. That is the table's Wi-Fi, but also a cafe's, a hotel's or an office's if this "
            "computer is on one. Nobody can change the game through it (it is read-only). "
            "Stop it with Ctrl-C when the game is over.",
        ]
        if lan is None:
            lines.append("This computer has no address on a local network right now; phones cannot reach it yet.")
        return where, lines
    return _url(host, port), [
        f"Warning: listening on {host}: anyone who can reach that address can read this game's names, "
        "scores and comments (read-only: nobody can change the game through it). Stop it with Ctrl-C."
    ]


def qr_text(url: str) -> str:
    """The address as a QR code drawn with block characters, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def drawable(qr: str, out: TextIO) -> str:
    """The QR code, if the terminal's encoding has its block characters; else a line saying so."""
    try:
        qr.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return "(this terminal's encoding cannot draw the QR code; type the address instead)\n"
    return qr


def run(folder: Path, chosen: str | None, host: str, port: int, out: TextIO = sys.stdout) -> None:
    """Serve until Ctrl-C (or SIGTERM). Refuses, before listening, a game it cannot show."""
    if not 0 <= port <= 65535:
        raise errors.UsageError(f"--port {port} is not a port; give 1024-65535, or 0 for any free one")
    with store.Store(folder) as db:
        game_id = table.resolve_game(db, chosen)
        table.load(db, game_id)  # a game that cannot be replayed is refused here, not on the phones
    watcher = Watcher(folder, game_id if chosen is not None else None)
    try:
        server = Server((host, port), watcher)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise errors.UsageError(
                f"port {port} is already in use on {host}; choose another with --port {port + 1}, "
                "or --port 0 for any free one"
            ) from None
        if exc.errno == errno.EACCES:
            raise errors.UsageError(f"port {port} needs special rights here; use one above 1023, e.g. --port 8000") from None
        raise errors.UsageError(f"cannot listen on {host} port {port} ({exc.strerror or exc}); check --host") from None
    previous = signal.signal(signal.SIGTERM, _interrupt) if threading.current_thread() is threading.main_thread() else None
    try:
        watcher.start()
        url, notes = exposure(host, server.server_address[1])
        which = f"game {game_id}" if chosen is not None else "the current game (now " + game_id + ")"
        print(f"Serving {which}, read-only, at {url}", file=out)
        for note in notes:
            print(note, file=out)
        print(drawable(qr_text(url), out), end="", file=out)
        print("Ctrl-C stops it.", file=out, flush=True)
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        watcher.stop()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    print("Stopped serving.", file=out, flush=True)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt
