"""Numbers a person reads (placement points 0.750, ratings 21.3, averages), written as the
language in use writes them: a decimal comma in German, French and Spanish. JSON and CSV keep
their neutral point and never come here. Babel is imported only when another language than
English is spoken, so a command's start-up in English pays nothing for it."""

from __future__ import annotations

from scorekeeper.core import language


def decimal(value: float, places: int, signed: bool = False) -> str:
    """`value` with `places` decimals (and its sign always shown, `signed`): 0.750, +1.5."""
    code = _code()
    if code is None:
        return f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    from babel.numbers import format_decimal

    pattern = "0." + "0" * places if places else "0"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=code)


def _code() -> str | None:
    """The language in use as Babel names it; None for English (and the tests' pseudo-language,
    which has no conventions of its own)."""
    spoken = language.in_use()
    if spoken is language.ENGLISH:
        return None
    info = spoken.info() if hasattr(spoken, "info") else {}
    code = info.get("language") or None
    return code if code and code != "en" else None
