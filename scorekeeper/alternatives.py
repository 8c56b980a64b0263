"""Alternatives in words, in the language in use: "Ann or Bob", "Ann or Bob or Cy" (what a
name typed could mean), beside core.language's `listed` ("Ann, Bob and Cy")."""

from __future__ import annotations

from scorekeeper.core.language import _


def either(items: list[str]) -> str:
    """Names or phrases of which one is meant: "Ann", "Ann or Bob", "Ann or Bob or Cy"."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = _("{items} or {item}").format(items=joined, item=item)
    return joined
