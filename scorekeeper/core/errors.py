"""The one error hierarchy: every mistake a user can make ends in one of these, and the CLI
maps each class to its exit code (see docs/commands.md)."""


class ScorekeeperError(Exception):
    """A problem the person at the table can fix; the message says what and how. `page`: the
    same in a page's words where the message names a command or an option to type (the
    scorer's phone has buttons, not a command line); None where the message is the page's too."""

    exit_code = 1

    def __init__(self, *args: object, page: str | None = None) -> None:
        super().__init__(*args)
        self.page = page

    def on_page(self) -> str:
        """What the scorer's page says of it: its own words where they differ."""
        return str(self) if self.page is None else self.page


class RuleViolation(ScorekeeperError):
    """The entry breaks a rule of the game; nothing was recorded."""


class EntryError(ScorekeeperError):
    """The entry does not fit the game or the hand in progress; nothing was recorded."""


class UsageError(ScorekeeperError):
    """A malformed value or an unknown option."""

    exit_code = 2


class RulesetError(ScorekeeperError):
    """A ruleset file or option is wrong; the message names the key."""


class StoreError(ScorekeeperError):
    """The store is damaged, not ours, or its audit chain does not verify."""

    exit_code = 3
