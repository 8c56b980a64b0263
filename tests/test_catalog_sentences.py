"""Every message of every catalog rendered with sample values, read as a person would read it:
no word doubled ("dos veces veces", "zweimal-mal"), no number that disagrees with its noun
("1 terminées", "1 terminadas"), and no English left in a translated message. Each message is
one whole sentence with named placeholders, so each check reads a sentence as the program
prints it: a number in each count, a name (a word of its own) in every other placeholder."""

import gettext
import re
import string

import pseudo
import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from scorekeeper.words import catalogs

TRANSLATED = sorted(code for code in catalogs.LANGUAGES if code != "en")

# Counts that may be 1 while the message's own count (the one its plural form follows) is
# not: "{count} games ({finished} finished)". Each is tried at 1 with the rest at 2.
MAY_BE_ONE = {"finished", "shared", "won", "rated", "imported", "updated", "present"}

# Messages rightly the same as in English: the games' own names (their authors'), card names,
# and words the language shares with English. Anything else left as the English msgid is a
# message nobody translated.
GAME_NAMES = {
    "Acorn Hearts", "Compendium", "Cruel Fate", "Finis", "Four Bad Queens", "Four Mad Queens",
    "Pick Your Poison", "Poison Nonesuch", "Slippery Paws", "Snakebit", "Excuse", "Spades", "Euchre",
}  # fmt: skip
SAME_AS_ENGLISH = {
    "de": GAME_NAMES | {"Joker", "Name", "name", "shell", "OK", "live · {time}", "{player}: {points} in {game} ({hands})",
           "Nil"},
    "fr": GAME_NAMES | {
        "Arguments", "Date", "Options", "Place", "Score", "correction", "id", "place", "points", "score", "total", "OK",
        "{total} point", "{count} option", "{count} poison", "poisons", "poisons {values}",
        "[OPTIONS]", "POINTS", "action", "shell", "nil", "Nil", "{points} points",
    },
    "es": GAME_NAMES | {"nil", "Nil", "no", "shell", "(NAME CARD…)", "Total: {sum} = {total}", "error: {message}", "hash", "id", "total"},
}  # fmt: skip

# A number 1 followed by a word in its plural form, in each language ("1 terminées")
PLURAL_AFTER_ONE = {
    "fr": re.compile(r"(?<![\d.,])\b1 (?!fois\b|pas\b|plus\b|sur\b|sans\b|dans\b|sous\b)([a-zà-ÿ]+[sx])\b"),
    "es": re.compile(r"(?<![\d.,])\b1 (?!más\b|mes\b|tras\b|antes\b|es\b)([a-zá-ú]+s)\b"),
    "de": re.compile(r"(?<![\d.,])\b1[ -](Stiche|Spiele|Punkte|Partien|Karten|Runden|Tische|Male)\b"),
}
DOUBLED = re.compile(r"\b([^\W\d_]{2,})\b[\s\-]+\1\b", re.IGNORECASE)
MAL_DOUBLED = re.compile(r"mal-mal|\b(?:ein|zwei|drei)mal-", re.IGNORECASE)
# Doubled words that are the language's grammar: "die Karte, die die Kartenzahl bestimmt"
DOUBLES_ALLOWED = {"de": {"die die"}, "fr": {"en en"}, "es": set()}


def read(path):
    with path.open("rb") as file:
        return read_po(file)


def fields(text):
    return [field for _text, field, _spec, _conv in string.Formatter().parse(text) if field]


def counted(message):
    """The placeholder a plural message's form follows: the one before the first word its
    English singular and plural tell apart ("{hands} hand is" / "{hands} hands are")."""
    singular, plural = re.findall(r"\{\w+\}|\S+", message.id[0]), re.findall(r"\{\w+\}|\S+", message.id[1])
    at = next((i for i, (a, b) in enumerate(zip(singular, plural, strict=False)) if a != b), len(singular))
    before = [word[1:-1] for word in singular[: at + 1] if word.startswith("{") and word.endswith("}")]
    return before[-1] if before else "count"


def sentences(message, choose):
    """The message as printed for each sample: its count at 1, 2 and 5 (the form gettext
    picks for it), and each other count that may be 1 at 1 with the rest at 2."""
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    names = sorted(set().union(*(fields(form) for form in forms)))
    words = {name: f"Q{chr(ord('a') + i)}z" for i, name in enumerate(names)}  # a word of its own each
    count = counted(message) if message.pluralizable else None
    trials = [{count: n} for n in (1, 2, 5)] if count else [{}]
    trials += [{**({count: 2} if count else {}), name: 1} for name in names if name in MAY_BE_ONE and name != count]
    for values in trials:
        n = values.get(count, 2)
        text = forms[min(choose(n), len(forms) - 1)] if message.pluralizable else forms[0]
        filled = {name: values.get(name, 2 if name in MAY_BE_ONE or name == count else words[name]) for name in names}
        try:
            yield text.format(**filled)
        except (KeyError, IndexError, ValueError):
            continue  # test_catalogs.py names a message whose placeholders are wrong


def problems_in(code):
    catalog = read(catalogs.FOLDER / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po")
    choose = gettext.c2py(get_plural(code).plural_expr)
    problems = set()
    for message in catalog:
        if not message.id or not message.string:
            continue
        for said in sentences(message, choose):
            for found in DOUBLED.finditer(said):
                if found.group(0).casefold() not in DOUBLES_ALLOWED[code]:
                    problems.add(f"doubled {found.group(0)!r}: {said!r}")
            if MAL_DOUBLED.search(said):
                problems.add(f"doubled 'mal': {said!r}")
            for found in PLURAL_AFTER_ONE[code].finditer(said):
                problems.add(f"1 with a plural {found.group(0)!r}: {said!r}")
        english = message.id if isinstance(message.id, str) else message.id[0]
        first = message.string if isinstance(message.string, str) else message.string[0]
        has_words = re.search(r"[A-Za-z]{2}", re.sub(r"\{[^}]*\}", "", english))
        if first == english and has_words and english not in SAME_AS_ENGLISH[code]:
            problems.add(f"English left: {english!r}")
    return sorted(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_reads_right_with_sample_values(code):
    assert problems_in(code) == []


# --- the sentences the program prints, in each language ---------------------------------------

NINE = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy"


@pytest.mark.skipif(pseudo.ON, reason="reads the real catalogs")
@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_the_seating_report_says_at_least_for_a_bound_and_doubles_no_word(sk, code):
    """9 players at tables of 5 and 4 over 4 rounds: the bound (some pair meets at least twice)
    is not reached, and a search of every seating shows 3 is the best any can do (RULES §7's
    club night; the report's figures were glued from "twice" into "{most}-mal", "{most} veces")."""
    said = sk("--lang", code, "seat", "--players", NINE, "--rounds", 4, "--ruleset", "oh-hell-mrpikes", "--tables", 2, "--seed", 1)
    report = "\n".join(said.splitlines()[-2:])
    assert not DOUBLED.search(report) and not MAL_DOUBLED.search(report), report
    assert "3" in report.splitlines()[0]
    if code == "en":
        assert "share a table 3 times, the most any pair does" in report
        assert "No seating of this night can do better: a search of every seating finds none better." in report
        data = sk.json("seat", "--players", NINE, "--rounds", 4, "--ruleset", "oh-hell-mrpikes", "--tables", 2, "--seed", 1)
        assert (data["pairs_max"], data["pairs_bound"], data["pairs_least"]) == (3, 2, 3)


@pytest.mark.skipif(pseudo.ON, reason="reads the real catalogs")
def test_the_ruleset_title_the_renege_kind_and_the_usage_line_are_translated(sk):
    sk("new", "oh-hell-office", "--players", "Ann,Bob,Cat")
    assert "Oh Hell (Büroregeln) (oh-hell-office): 1 Partie, 0 beendet" in sk("--lang", "de", "stats")
    assert "Oh Hell (règles du bureau)" in sk("--lang", "fr", "stats")
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat")
    assert "(Bedienfehler)" in sk("--lang", "de", "renege", "Ann")
    assert "(renuncio)" in sk("--lang", "es", "renege", "Bob")
    assert "poison [OPTIONEN] {werte}..." in sk("--lang", "de", "poison", "--help")
    assert "poison [OPCIONES] {valores}..." in sk("--lang", "es", "poison", "--help")
    assert "trick [OPTIONS] {CARTE...}..." in sk("--lang", "fr", "trick", "--help")
