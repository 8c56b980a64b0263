"""How connections are held. The listening socket takes a long queue of phones connecting at
once (BACKLOG; the standard library's server took 5), and has the system probe idle
connections (TCP keepalive) and drop one whose data goes unacknowledged (a phone that left the
network), so a vanished phone does not hold its stream open for hours. `Protocol` is uvicorn's
HTTP/1.1 protocol that also closes a connection which has not sent a whole request's headers
within REQUEST_SECONDS of opening or of its last answer (a half-open or idle connection);
between requests uvicorn's own keep-alive timeout applies as well. Connections that send
nothing never stand in the way of those that do: only requests in progress count toward the
limit (parts.BUSY_MOST, see app.Guard); past CROWDED open connections an idle one (no request in
progress) is closed once it has been idle QUICK_SECONDS, and past OPEN_MOST the one idle
longest makes way for a new one, so a thousand silent connections cost the scorer and the
phones nothing. `Server` is uvicorn's server
that stops the moment it is told to (Ctrl-C, SIGTERM), each connection closed as soon as its
answer is sent, the phones' event streams ended first."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Callable
from types import FrameType

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

BACKLOG = 1024
REQUEST_SECONDS = 10.0
CROWDED = 500  # open connections past which an idle one is closed after QUICK_SECONDS
QUICK_SECONDS = 1.0
OPEN_MOST = 2000  # open connections at most: past it the one idle longest is closed for a new one
KEEPALIVE_IDLE, KEEPALIVE_INTERVAL, KEEPALIVE_COUNT = 30, 10, 3
UNACKNOWLEDGED_MS = 60_000


def fit_to(files: int) -> None:
    """Keep OPEN_MOST (and CROWDED) within the open files the system allows this process,
    leaving room for the store's files and the listening socket: past that, the system would
    refuse to accept any connection at all."""
    global OPEN_MOST, CROWDED
    OPEN_MOST = max(16, min(OPEN_MOST, files - 64))
    CROWDED = min(CROWDED, OPEN_MOST // 2)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port) and listening. OSError as the system gives it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and host in ("::", ""):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        keepalive(sock)  # accepted connections inherit these
        sock.bind((host, port))
        sock.listen(BACKLOG)
        sock.set_inheritable(True)
    except BaseException:
        sock.close()
        raise
    return sock


def keepalive(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # an answer's parts go at once
    for name, value in (("TCP_KEEPIDLE", KEEPALIVE_IDLE), ("TCP_KEEPINTVL", KEEPALIVE_INTERVAL),
                        ("TCP_KEEPCNT", KEEPALIVE_COUNT), ("TCP_USER_TIMEOUT", UNACKNOWLEDGED_MS)):  # fmt: skip
        option = getattr(socket, name, None)
        if option is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


class Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request's headers, and room made for
    new connections by closing idle ones when many are open (see the module's docstring)."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        crowded = len(self.connections) > CROWDED
        self._arm(QUICK_SECONDS if crowded else REQUEST_SECONDS)
        self._idle_now()
        if crowded:
            self._make_room()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:
            self._disarm()  # a whole request's headers arrived
            self._idle().pop(self, None)
        elif self._waiting() and self._deadline is None:
            self._arm()  # the first bytes of a next request: they too must complete in time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle between requests: uvicorn's keep-alive timeout closes it
        self._idle_now()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._idle().pop(self, None)
        super().connection_lost(exc)

    def _idle(self) -> dict[Protocol, float]:
        """The server's idle connections (no request in progress), each with the time it has
        been idle since, the longest idle first."""
        idle = getattr(self.server_state, "idle", None)
        if idle is None:
            idle = self.server_state.idle = {}  # type: ignore[attr-defined]
        return idle

    def _idle_now(self) -> None:
        idle = self._idle()
        idle.pop(self, None)
        idle[self] = time.monotonic()  # the last in the order

    def _make_room(self) -> None:
        """Close idle connections, the longest idle first: past OPEN_MOST open, as many as it
        takes to come back to it; past CROWDED, every one idle for QUICK_SECONDS or more. A
        silent connection costs a new one nothing, and a phone asking again opens another."""
        open_now = len(self.connections)
        idle = self._idle()
        stale = time.monotonic() - QUICK_SECONDS
        closing = []
        for connection, since in idle.items():
            if open_now <= OPEN_MOST and since > stale:
                break
            if connection is not self:
                closing.append(connection)
                open_now -= 1
        for connection in closing:
            idle.pop(connection, None)
            connection.transport.close()

    def _waiting(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self, seconds: float = REQUEST_SECONDS) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._waiting() and not self.transport.is_closing():
            self.transport.close()


class Server(uvicorn.Server):
    """uvicorn's server, stopping at once when told to. uvicorn looks whether it was told to
    stop every tenth of a second, then pauses a tenth of a second more, and then waits for the
    open connections to close, looking every tenth of a second; a phone's event stream never
    ends by itself, so with a phone watching it waited out the whole graceful deadline and then
    cancelled the stream, printing two lines of errors. Here Ctrl-C wakes the server, `ending`
    ends every event stream, and the server stops as soon as the last answer has been sent
    (within `timeout_graceful_shutdown` seconds, as uvicorn's own)."""

    def __init__(self, config: uvicorn.Config, ending: Callable[[], None]) -> None:
        super().__init__(config)
        self._ending = ending
        self._told: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._told = asyncio.get_running_loop(), asyncio.Event()
        await self.on_tick(0)  # the answers' headers, as uvicorn's own loop sets them
        while not self.should_exit:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._told.wait(), 1.0)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self._loop is not None and self._told is not None:
            self._loop.call_soon_threadsafe(self._told.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # no new connection
        for sock in sockets or []:
            sock.close()
        self._ending()
        for connection in list(self.server_state.connections):
            connection.shutdown()  # an idle one closes now, a busy one once its answer is sent
        grace = self.config.timeout_graceful_shutdown
        deadline = None if grace is None else time.monotonic() + grace
        while (self.server_state.connections or self.server_state.tasks) and not self.force_exit:
            if deadline is not None and time.monotonic() >= deadline:
                for task in self.server_state.tasks:
                    task.cancel()
                break
            await asyncio.sleep(0.005)
        for server in self.servers:
            await server.wait_closed()
        if not self.force_exit:
            await self.lifespan.shutdown()
