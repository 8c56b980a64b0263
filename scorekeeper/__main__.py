"""`python -m scorekeeper` runs the command line."""

from scorekeeper.launch import main

main()
