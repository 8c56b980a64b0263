"""`serve`, the command: checks what it is asked to serve before listening, keeps the scorer's
secret, prints the table's link and the scorer's link (each with a QR code when a phone can
reach it), and runs the application on uvicorn until Ctrl-C or SIGTERM."""

from __future__ import annotations

import contextlib
import errno
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from scorekeeper.core import errors
from scorekeeper.core.language import _


def run(folder: Path, home: Path | None, chosen: str | None, host: str, port: int, read_only: bool,
        new_link: bool, group: Any, out: TextIO = sys.stdout) -> None:  # fmt: skip
    """Serve until Ctrl-C (or SIGTERM). Refuses, before listening, a game it cannot show.
    `group` is the command line's, to parse the words of the scorer's lines."""
    if not 0 <= port <= 65535:
        raise errors.UsageError(not_a_port(port))
    if read_only and new_link:
        raise errors.UsageError(_("--read-only serves no scorer's link, so there is none to replace; give one of them"))
    from scorekeeper import table
    from scorekeeper.storage import paths, ruleset_files, store

    with store.Store(folder) as db:
        if chosen is None and not db.has_games():
            game_id = None  # an empty store: the scorer's page starts the first game
        else:
            game_id = table.resolve_game(db, chosen)
            table.load(db, game_id)  # a game that cannot be replayed is refused here, not on the phones
    from scorekeeper.serve import auth

    secret = None if read_only else auth.ensure(folder, replace=new_link)
    sock = listen(host, port)
    bound_port = sock.getsockname()[1]

    from scorekeeper.serve import app, network, pages, push, scorer
    from scorekeeper.serve.parts import Parts

    parts = Parts(
        pages=pages.Pages(),
        hosts=network.HostCheck(host),
        secret=auth.Scorer(None if read_only else folder),
        scorer=None if read_only else scorer.Scorer(group, folder, home),
    )
    rulesets = ruleset_files.available(paths.home(home))

    def start(hub: push.Hub) -> None:
        parts.watcher = push.Watcher(folder, game_id if chosen is not None else None, rulesets, read_only,
                                     hub.publish_from_thread, home)  # fmt: skip
        parts.watcher.start()
        say_links(out, host, bound_port, game_id, chosen, secret)  # once Ctrl-C stops it cleanly

    def stop() -> None:
        if parts.watcher is not None:
            parts.watcher.stop()
        if parts.scorer is not None:
            parts.scorer.close()

    serve_until_stopped(app.build(parts, start, stop), sock, out)


def serve_until_stopped(application: Any, sock: Any, out: TextIO) -> None:
    """Run an application on uvicorn on the listening socket until Ctrl-C or SIGTERM, then
    say so (`serve`, and `serve --night`)."""
    import uvicorn

    from scorekeeper.serve import connections, push

    config = uvicorn.Config(
        application,
        http=connections.Protocol,
        lifespan="on",
        log_level="warning",
        access_log=False,
        log_config=None,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=1,
        limit_concurrency=None,  # uvicorn's counts idle connections too: see parts.BUSY_MOST
        server_header=False,
        date_header=False,
    )
    quiet_logging()
    server = connections.Server(config, ending=push.end_streams)
    more_files()
    # uvicorn stops on SIGINT or SIGTERM, then raises the signal again under the handler it
    # found: SIGTERM too then ends here as Ctrl-C does, with "Stopped serving."
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    print(_("Stopped serving."), file=out, flush=True)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def listen(host: str, port: int) -> Any:
    from scorekeeper.serve import connections

    try:
        return connections.listening_socket(host, port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise errors.UsageError(
                _(
                    "port {port} is already in use on {host}; choose another with --port {next}, "
                    "or --port 0 for any free one"
                ).format(port=port, host=host, next=port + 1)
            ) from None
        if exc.errno == errno.EACCES:
            raise errors.UsageError(
                _("port {port} needs special rights here; use one above 1023, e.g. --port 8000").format(port=port)
            ) from None
        raise errors.UsageError(
            _("cannot listen on {host} port {port} ({problem}); check --host").format(
                host=host, port=port, problem=exc.strerror or exc
            )
        ) from None


def say_links(
    out: TextIO, host: str, port: int, game_id: str | None, chosen: str | None, secret: str | None
) -> None:
    """The two links, what listening here exposes, and a QR code for each link a phone can reach."""
    from scorekeeper.serve import network

    shown, reachable = network.reachable_host(host)
    table_link = network.url(shown, port)
    if game_id is None:
        print(_("No game yet; the scorer's page starts the first one. Serving at {link}").format(link=table_link), file=out)
    elif chosen is not None:
        print(_("Serving game {game} at {link}").format(game=game_id, link=table_link), file=out)
    else:
        print(_("Serving the current game (now {game}) at {link}").format(game=game_id, link=table_link), file=out)
    for note in network.exposure(host, reachable, secret is not None):
        print(note, file=out)
    print(_("The table's link (read-only, for every phone): {link}").format(link=table_link), file=out)
    if reachable:
        print(network.drawable(network.qr_text(table_link), out), end="", file=out)
    if secret is None:
        print(_("No scorer's link: started with --read-only, so nothing can be entered from a phone."), file=out)
    else:
        scorer_link = network.url(shown, port, f"scorer={secret}")
        print(_("The scorer's link (enters scores; keep it to yourself): {link}").format(link=scorer_link), file=out)
        if reachable:
            print(network.drawable(network.qr_text(scorer_link), out), end="", file=out)
        print(
            _("`serve --new-scorer-link` replaces it: the phones holding this one can then no longer write."),
            file=out,
        )
    print(ctrl_c(), file=out, flush=True)


def not_a_port(port: int) -> str:
    return _("--port {port} is not a port; give 1024-65535, or 0 for any free one").format(port=port)


def ctrl_c() -> str:
    return _("Ctrl-C stops it.")


def quiet_logging() -> None:
    """uvicorn's messages as one line each on standard error, without tracebacks: a phone
    that drops its connection is not the scorer's business; no line per request."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    logger = logging.getLogger("uvicorn")
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.WARNING)
    logging.getLogger("uvicorn.access").disabled = True


def more_files() -> None:
    """Raise the limit of open files to what the system allows (each phone is a connection),
    and hold the open connections within it."""
    try:
        import resource
    except ImportError:  # pragma: no cover (not on Windows)
        return
    from scorekeeper.serve import connections

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections.OPEN_MOST + 64  # the store's files, the listening socket, the watchers
    if soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard) if hard > 0 else wanted, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft > 0:
        connections.fit_to(soft)


class OneLine(logging.Formatter):
    """`serve: <message>` on one line, the exception's name and words appended."""

    def format(self, record: logging.LogRecord) -> str:
        lines = record.getMessage().splitlines()
        message = lines[0] if lines else ""
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            message += f" ({type(exc).__name__}: {exc})"
        return f"serve: {message}"
