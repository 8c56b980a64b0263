"""Imports every game family's entry module so that each registers its entries with the
engine (`engine.register`). One line per family."""

import scorekeeper.poisons  # noqa: F401  poison (Pick Your Poison picks and quotas)
from scorekeeper import captures  # noqa: F401  took, first, last, moon
from scorekeeper import play  # noqa: F401  trick (hands recorded card by card)
from scorekeeper import snakebit  # noqa: F401  counts (cursed cards per player); Snakebit's own checks
