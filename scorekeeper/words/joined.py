"""Names joined as a sentence says them where "and" stands between each two ("Ann and Cat
and Dan": a shared win, suits that must be broken), in the words of the language in use."""

from __future__ import annotations

from scorekeeper.core.language import _


def each_and(names: list[str]) -> str:
    """Names joined by "and" each time: "Ann and Cat and Dan"."""
    joined = names[0] if names else ""
    for name in names[1:]:
        joined = _("{items} and {last}").format(items=joined, last=name)
    return joined
