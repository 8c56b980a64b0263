"""Alternatives and lists in words, in the language in use: "A or B or C" (`either`), "A, B
or C" (`one_of`), the "or" beside `language.listed`'s "and", and "A and B and C" (`all_of`:
a tie, a shared win). The one place the command line, the words and the core join names."""

from scorekeeper.core.language import _


def either(items: list[str]) -> str:
    """Each item joined to the next by "or": "0-2 or 4-5", "Ann or Andy or Al"."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = _("{items} or {item}").format(items=joined, item=item)
    return joined


def one_of(items: list[str]) -> str:
    """A list of choices with commas and a last "or": "bid, blind or take"."""
    if len(items) < 2:
        return "".join(items)
    joined = items[0]
    for item in items[1:-1]:
        joined = _("{items}, {item}").format(items=joined, item=item)
    return _("{items} or {item}").format(items=joined, item=items[-1])


def all_of(items: list[str]) -> str:
    """Each item joined to the next by "and": "Ann and Bob and Cat" (as the table says a tie)."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = _("{items} and {last}").format(items=joined, last=item)
    return joined
