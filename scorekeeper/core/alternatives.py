"""Alternatives and lists in words, in the language in use: "A or B or C" (`either`), "A, B
or C" (`one_of`), the "or" beside `language.listed`'s "and", and "A and B and C" (`all_of`:
a tie, a shared win). The one place the command line, the words and the core join names."""

from scorekeeper.core.language import N_, chained


def either(items: list[str]) -> str:
    """Each item joined to the next by "or": "0-2 or 4-5", "Ann or Andy or Al"."""
    return chained(items, N_("{items} or {item}"), N_("{items} or {item}"))


def one_of(items: list[str]) -> str:
    """A list of choices with commas and a last "or": "bid, blind or take"."""
    return chained(items, N_("{items}, {item}"), N_("{items} or {item}"))


def all_of(items: list[str]) -> str:
    """Each item joined to the next by "and": "Ann and Bob and Cat" (as the table says a tie)."""
    return chained(items, N_("{items} and {last}"), N_("{items} and {last}"))
