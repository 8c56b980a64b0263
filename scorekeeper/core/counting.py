"""Counting in words, one rule for every message: "1 card", "2 cards", "1 entry"."""


def counted(number: int, plural: str) -> str:
    """`number` and the noun, given in its plural, made singular for exactly one."""
    return f"{number} {singular(plural) if number == 1 else plural}"


def singular(plural: str) -> str:
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    if plural.endswith("s") and not plural.endswith("ss"):
        return plural[:-1]
    return plural
