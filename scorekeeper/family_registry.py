"""Imports every game family's entry module so that each registers its entries with the
engine (`engine.register`). One line per family."""

from scorekeeper import captures  # noqa: F401  took, first, last, moon
from scorekeeper import play  # noqa: F401  trick (hands recorded card by card)
