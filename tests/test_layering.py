"""The core does no I/O: its modules import none of sqlite3, typer, tabulate, platformdirs."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
IO_LIBRARIES = {"sqlite3", "typer", "tabulate", "platformdirs"}
CORE = {"cards", "rulesets", "engine", "scoring", "schedule", "referee", "entries", "events"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def core_modules() -> list[Path]:
    return list((PACKAGE / "core").rglob("*.py"))


def test_the_named_core_modules_exist():
    assert {p.stem for p in core_modules()} >= CORE


def test_core_modules_import_no_io_library():
    leaks = {p.stem: sorted(imported_modules(p) & IO_LIBRARIES) for p in core_modules()}
    assert {name: libs for name, libs in leaks.items() if libs} == {}


def test_the_check_sees_an_io_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import sqlite3\n")
    assert imported_modules(sample) & IO_LIBRARIES == {"sqlite3"}
