"""The pseudo-language check itself (see pseudo.py): the whole-game tests it chooses are there
to be run in it, and a sentence printed outside the catalog fails it."""

import ast
from pathlib import Path

import pseudo
import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("module", sorted(pseudo.CHOSEN))
def test_every_test_chosen_for_the_pseudo_language_is_there(module):
    # a test renamed or removed would otherwise leave the pseudo-language without a word
    defined = {node.name for node in ast.parse((HERE / module).read_text(encoding="utf-8")).body if isinstance(node, ast.FunctionDef)}
    assert sorted(set(pseudo.CHOSEN[module]) - defined) == []


@pytest.mark.skipif(pseudo.ON, reason="it switches the pseudo-language on and off itself")
def test_a_sentence_outside_the_catalog_fails_and_the_visible_marks_come_back_after(sk):
    from scorekeeper.words import catalogs

    assert not pseudo.speaking  # this test is not one of the chosen
    pseudo.switch_on()
    try:
        assert catalogs.translations("qps").gettext("the bids are in") == f"{pseudo.OPEN}the bids are in{pseudo.CLOSE}"
        # a command's refusal, marked, passes the check, and the test reads its English
        assert sk.fails("status") == "refused: no game yet; start one with `new RULESET --players A,B,C`"
        assert pseudo.unmarked_english(f"{pseudo.OPEN}the bids are in{pseudo.CLOSE}: Ann 3, Bob 0") == []
        # the line's English outside the marks is what fails it
        assert pseudo.unmarked_english(f"{pseudo.OPEN}Hand 1:{pseudo.CLOSE} the bids are in") == ["  the bids are in"]
    finally:
        pseudo.switch_off()
    assert not pseudo.speaking
    # the pseudo-language as a scorer asks for it (`--lang qps`) shows its visible marks again
    assert catalogs.translations("qps").gettext("the bids are in") == "⟦thé bíds áré ín⟧"
