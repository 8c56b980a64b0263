"""Where the store and the user's rulesets live: --home, else $SCOREKEEPER_HOME, else the
platform's user data folder (see docs/commands.md)."""

from __future__ import annotations

import os
from pathlib import Path

HISTORY = "play-history"  # `play`'s history, beside the store: each store keeps its own


def home(option: Path | None) -> Path | None:
    """The folder given with --home or $SCOREKEEPER_HOME, if either is."""
    if option is not None:
        return option
    env = os.environ.get("SCOREKEEPER_HOME")
    return Path(env) if env else None


def store_folder(option: Path | None) -> Path:
    chosen = home(option)
    if chosen is not None:
        return chosen
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper"))


def user_rulesets(option: Path | None) -> Path:
    """The user's own rulesets: `rulesets/` in the home folder, else the user config folder."""
    chosen = home(option)
    if chosen is not None:
        return chosen / "rulesets"
    import platformdirs

    return Path(platformdirs.user_config_dir("scorekeeper")) / "rulesets"
