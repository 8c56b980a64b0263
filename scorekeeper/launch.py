"""The console script's first step: a Ctrl-C while the program is still loading (typer and
pydantic take a moment) is one line, not a traceback. Imports nothing until it is ready."""

import os
import sys


def main() -> None:
    try:
        from scorekeeper import cli
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted; nothing was recorded\n")
        sys.stderr.flush()
        os._exit(130)
    cli.main()
