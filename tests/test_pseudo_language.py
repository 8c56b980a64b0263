"""The whole-game tests run again in the pseudo-language (see pseudo.py): every message the
program prints is then marked, and a line with English outside the marks fails. The games'
own assertions still hold, on the English the marks are taken off."""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WHOLE_GAMES = [
    "test_evening.py",  # an evening through play: joins, renames, reneges, rulings, tie-breaks
    "test_oh_hell_mrpikes.py",
    "test_pick_your_poison.py",
    "test_avoidance.py",
    "test_snakebit.py",
    "test_trick_by_trick.py",
]


def test_every_sentence_of_a_whole_game_passes_through_the_catalog(tmp_path):
    env = {**os.environ, "SCOREKEEPER_TEST_PSEUDO": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *(str(HERE / m) for m in WHOLE_GAMES)],
        env=env, cwd=HERE.parent, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
