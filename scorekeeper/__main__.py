"""`python -m scorekeeper` runs the command line."""

from scorekeeper.cli import main

main()
