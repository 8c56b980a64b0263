"""The console script's first step: Ctrl-C at any moment is one line saying what was
recorded, never a traceback, even while the program is still loading (typer and pydantic
take a moment) or putting its commands together. Imports nothing until it is ready (only
the interpreter's own start-up, before this runs, is out of its reach)."""

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
        cli.main()
    except BaseException as exc:
        if not (_interrupted or cli.by_ctrl_c(exc)) or isinstance(exc, SystemExit):
            raise
        _say(f"error: {cli.interrupted()}")


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
