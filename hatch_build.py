"""Build step: compiles each language's catalog (scorekeeper/locale/<code>/LC_MESSAGES/
scorekeeper.po) into the .mo that gettext reads, so an installed scorekeeper loads a compiled
catalog and never needs Babel to read one. The .mo files are built output, never kept in
the repository."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompiledCatalogs(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        built = Path(tempfile.mkdtemp(prefix="scorekeeper-catalogs-"))
        for source in sorted(Path(self.root, "scorekeeper", "locale").glob("*/LC_MESSAGES/scorekeeper.po")):
            code = source.parent.parent.name
            with source.open("rb") as file:
                catalog = read_po(file, locale=code)
            target = built / f"{code}.mo"
            with target.open("wb") as file:
                write_mo(file, catalog)
            build_data["force_include"][str(target)] = f"scorekeeper/locale/{code}/LC_MESSAGES/scorekeeper.mo"
