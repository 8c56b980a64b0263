"""Imports every game family's entry module so that each registers its entries with the
engine (`engine.register`). One line per family."""

from scorekeeper import (  # noqa: F401
    captures,  # took, first, last, moon
    play,  # trick (hands recorded card by card)
    poisons,  # poison (Pick Your Poison picks and quotas)
    snakebit,  # counts (cursed cards per player); Snakebit's own checks
)
