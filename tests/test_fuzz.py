"""A bounded fuzz of the whole command line, every run: random command lines (commands,
options and words in any order, control characters, huge numbers, odd paths) and built-in
ruleset files with values swapped for ones no file should hold. Whatever comes in, the
answer is an exit code of 0-3 with each line on stderr a refusal, never a traceback, and the
store still verifies. `python bench/reliability.py fuzz --runs N` runs the longer one."""

import importlib.util
import random

from helpers import ROOT


def reliability():
    spec = importlib.util.spec_from_file_location("bench_reliability", ROOT / "bench" / "reliability.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_command_lines_and_ruleset_files_never_crash(home, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    figures = reliability().fuzz(400, random.Random(2026), home=home)
    assert figures == {"command lines": 400, "ruleset files": 80, "failures": 0, "store verifies": 1}
