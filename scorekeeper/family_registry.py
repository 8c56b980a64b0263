"""Imports every game family's entry module so that each registers its entries with the
engine (`engine.register`). One line per family."""

from scorekeeper import captures  # noqa: F401  took, first, last, moon
