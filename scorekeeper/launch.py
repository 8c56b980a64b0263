"""The console script's first step: Ctrl-C at any moment is one line saying what was
recorded, never a traceback, even while the program is still loading (typer and pydantic
take a moment) or putting its commands together; and the garbage collector is told, before
anything is loaded, that this is a short-lived process. Imports nothing until it is ready
(only the interpreter's own start-up, before this runs, is out of its reach)."""

import gc
import os
import sys

_interrupted = False


def _on_ctrl_c(signum, frame) -> None:
    # Noted as well as raised: a library may turn the KeyboardInterrupt into an error of its
    # own (pydantic reports one that lands while a model is built as a SchemaError).
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def main() -> None:
    # Loading typer, pydantic and our modules makes tens of thousands of objects that all
    # live to the end; at the usual pace (a young collection every 700) the collector walked
    # them ~30 times before the command started (~2.7 ms) and ~50 times during `status`
    # (~4.4 ms). Young objects are collected after 50,000 instead: a long command still
    # collects now and then, and cli.main puts the usual pace back for `play` and `serve`.
    usual = gc.get_threshold()
    gc.set_threshold(50_000, *usual[1:])
    try:
        import signal  # inside: importing it builds enum classes, which an interrupt can hit

        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_ctrl_c)
        from scorekeeper import cli
    except BaseException as exc:
        if not (_interrupted or _by_ctrl_c(exc)):
            raise
        _say("error: interrupted; nothing was recorded")
    try:
        cli.main(usual_gc=usual)
    except BaseException as exc:
        if not (_interrupted or cli.by_ctrl_c(exc)) or isinstance(exc, SystemExit):
            raise
        _say(cli.said_error(cli.interrupted()))


def _by_ctrl_c(exc: BaseException | None) -> bool:
    while exc is not None:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    finally:
        os._exit(130)
