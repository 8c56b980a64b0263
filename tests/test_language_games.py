"""A whole game in each language, through the command line and through `play`: the scores
are the same as in English, and what the table reads is in that language (a few lines per
language, written out by hand below).

Oh Hell! under MrPikes' house rules (RULES.md §1), two hands of two cards, no tie-break:
a made bid scores 10 + tricks, a missed one -(10 + the difference).
  hand 1, Ann deals, trump ♥: Ann bids 1 takes 0 -11; Bob 1/1 +11; Cat 1/1 +11
  hand 2, Bob deals, trump ♠: Ann bids 1 takes 2 -11 -> -22; Bob 0/0 +10 -> 21; Cat 0/0 +10 -> 21
  Bob and Cat share the win.
"""

import pytest
from test_session import play

NEW = ["new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
       "--set", "sizes=fixed", "--set", "hands=2", "--set", "start=2", "--set", "tie_break=false"]  # fmt: skip
HANDS = [
    ["trump", "h"], ["bid", "Bob=1", "Cat=1", "Ann=1"], ["tricks", "Bob=1", "Cat=1", "Ann=0"],
    ["trump", "s"], ["bid", "Cat=0", "Ann=1", "Bob=0"], ["tricks", "Cat=0", "Ann=2", "Bob=0"],
]  # fmt: skip
# In play, the same hands as bare answers, in the order the prompt names the players.
ANSWERS = ["h", "1 1 1", "1 1 0", "s", "0 1 0", "0 2 0"]
FINAL = [("Bob", 21, 1), ("Cat", 21, 1), ("Ann", -22, 3)]

# What the table reads, by language: lines of the first hand's closing reply, of a refusal,
# of the standings and of `why`.
EXPECTED = {
    "en": {
        "hand": ["Hand 1: tricks Ann 0, Bob 1, Cat 1.", "Hand 1 scored:"],
        "refusal": "refused: Ann bid 5, but hand 1 has 2 cards each; bid 0 to 2",
        "standings": ["Game over: a shared win for Bob and Cat."],
        "why": ["Ann: -22 points in Oh Hell! (MrPikes' house rules) (2 hands scored)"],
    },
    "de": {
        "hand": ["Spiel 1: Stiche Ann 0, Bob 1, Cat 1.", "Spiel 1 gewertet:"],
        "refusal": "abgelehnt: Ann sagt 5 an, aber in Spiel 1 hat jeder nur 2 Karten; sag 0 bis 2 an",
        "standings": ["Partie beendet: geteilter Sieg für Bob und Cat."],
        "why": ["Ann: -22 Punkte in Oh Hell! (MrPikes' Hausregeln) (2 Spiele gewertet)"],
    },
    # French sets a no-break space (written \u00a0 here) before a colon or a semicolon
    "fr": {
        "hand": ["Donne 1\u00a0: plis Ann 0, Bob 1, Cat 1.", "Donne 1 comptée\u00a0:"],
        "refusal": "refusé\u00a0: Ann annonce 5, mais à la donne 1 chacun n'a que 2 cartes\u00a0; annoncez de 0 à 2",
        "standings": ["Partie terminée\u00a0: victoire partagée entre Bob et Cat."],
        "why": ["Ann\u00a0: -22 points à Oh Hell! (règles maison de MrPikes) (2 donnes comptées)"],
    },
    "es": {
        "hand": ["Mano 1: bazas Ann 0, Bob 1, Cat 1.", "Mano 1 puntuada:"],
        "refusal": "rechazado: Ann apuesta 5, pero en la mano 1 cada uno tiene 2 cartas; apuesta de 0 a 2",
        "standings": ["Partida terminada: victoria compartida entre Bob y Cat."],
        "why": ["Ann: -22 puntos en Oh Hell! (reglas de la casa de MrPikes) (2 manos puntuadas)"],
    },
}


def final(sk):
    return [(p["name"], p["score"], p["place"]) for p in sk.json("standings")["players"]]


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_a_whole_game_through_the_command_line_in_each_language(sk, code):
    expected = EXPECTED[code]
    sk("--lang", code, *NEW)
    assert sk.fails("--lang", code, "bid", "Ann=5") == expected["refusal"]  # 2 cards each
    said = [sk("--lang", code, *entry) for entry in HANDS]
    assert all(line in said[2].splitlines() for line in expected["hand"]), said[2]
    assert final(sk) == FINAL  # the same scores in every language (--json is English)
    standings = sk("--lang", code, "standings").splitlines()
    assert all(line in standings for line in expected["standings"]), standings
    why = sk("--lang", code, "why", "Ann").splitlines()
    assert all(line in why for line in expected["why"]), why


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_a_whole_game_through_play_in_each_language(sk, code):
    result = play(" ".join(NEW), *ANSWERS, args=("--lang", code))
    assert result.exit_code == 0, result.stderr
    assert final(sk) == FINAL
    lines = result.stdout.splitlines()
    assert all(line in lines for line in EXPECTED[code]["hand"]), result.stdout


@pytest.mark.parametrize(
    "code, said",
    [
        ("en", "error: Ace of Knots is an Ace"),
        ("de", "Fehler: Ass der Knoten ist ein Ass"),
        ("fr", "erreur\u00a0: As de Nœuds est un As"),
        ("es", "error: As de Nudos es un As"),
    ],
)
def test_a_decktet_ace_is_named_in_the_language_in_use(sk, code, said):
    """Snakebit's Aces (RULES §5) were named in English in every language ("Ace of Knots"); the
    command to type keeps the card's own name (`cursed Ace of Knots`)."""
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    refusal = sk.fails("--lang", code, "trump", "ace of knots", code=2)
    assert refusal.startswith(said) and "`cursed Ace of Knots`" in refusal, refusal
