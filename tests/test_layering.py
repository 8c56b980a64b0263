"""The import graph of the package: read from the source (every import, at the top of a module
or inside a function), it has no cycle, nothing is loaded by a name string, every import goes
down the floors (FLOORS) or stays on its own, and the core does no I/O: nothing in
scorekeeper/core/ imports the rest of the project or an I/O library."""

import ast
import functools
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
CORE = {"cards", "rulesets", "engine", "scoring", "schedule", "referee", "entries", "events"}
# Libraries that reach a file, a database, a terminal or the network.
IO_LIBRARIES = {
    "sqlite3", "typer", "click", "tabulate", "platformdirs", "prompt_toolkit", "http", "socket",
    "urllib", "starlette", "uvicorn", "segno", "subprocess", "shutil", "tempfile", "webbrowser",
    "asyncio", "requests", "httpx",
}  # fmt: skip
# Ways to load a module whose name is only known when the program runs.
DYNAMIC_LOADERS = {"import_module", "__import__", "exec_module", "load_module"}
# The floors of the package, top to bottom, each by the parts it holds: a package under the
# package (serve/, words/ …) or a loose top-level module, "" for the package itself (its
# version). A module imports from its own floor and the floors below it, never from one above.
FLOORS = (
    ("the front ends", {"cli", "click_words", "launch", "__main__", "session", "terminal", "serve", "interpreter"}),
    ("the commands", {"commands"}),  # the library of commands: the front ends' one way in
    ("the service", {"table", "nights", "night_outcomes", "stats", "ratings", "replays", "choices", "demo"}),
    ("words and sheets", {"words", "sheets", "results"}),  # results: records the service hands down to words
    ("storage", {"storage"}),
    ("the core", {"core", ""}),
)  # fmt: skip
# Parts that import nothing of the project outside themselves.
ALONE = {"core"}
# Arrows down the floors that are still wrong, and why.
APART: dict[tuple[str, str], str] = {}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package at `root`, by dotted name."""
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


@functools.cache
def parsed(source: str) -> ast.Module:
    """A module's syntax tree, parsed once for all the checks (each reads the whole package;
    none changes a tree)."""
    return ast.parse(source)


def type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """Imports under `if TYPE_CHECKING:`: read by type checkers, never run."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skipped |= set(ast.walk(child))
    return skipped


@functools.cache
def import_statements(source: str) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement of a module's source, and whether it runs: found once for all
    the checks (walking every node of the package was most of their time)."""
    tree = parsed(source)
    skipped = type_checking_only(tree)
    return [(node, node not in skipped) for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def imports(name: str, path: Path, known: set[str]) -> list[tuple[str, bool]]:
    """(imported module, whether it runs) for every import statement in the module: a project
    module by its dotted name (`from a.b import c` is a.b.c when c is a module, else a.b), any
    other by its top-level name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node, runs in import_statements(path.read_text(encoding="utf-8")):
        if isinstance(node, ast.Import):
            found += [(alias.name, runs) for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.append((whole if whole in known else base, runs))
    return found


def graph(root: Path, named: bool = False) -> dict[str, set[str]]:
    """Project module → the project modules it imports when it runs (`named`: also those it
    only names for type checkers, a dependency a reader follows all the same)."""
    known = set(modules(root))
    edges = {}
    for name, path in modules(root).items():
        edges[name] = set()
        for target, runs in imports(name, path, known):
            counts = runs or named
            while counts and target not in known and "." in target:
                target = target.rpartition(".")[0]  # `import a.b.c` of a name inside a.b
            if counts and target in known and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[str]:
    """Each group of modules that import one another, shown as one loop through it
    ("a → b → c → a"); Tarjan's strongly connected components."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges) + 100))
    try:
        for node in sorted(edges):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(" → ".join(loop(group, edges)) for group in groups)


def loop(group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(edges[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"not a cycle: {group}")


def dynamic_loads(root: Path) -> list[str]:
    """Every call that loads a module by a name string, as `module:line name`."""
    found = []
    for name, path in modules(root).items():
        for node in ast.walk(parsed(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if called in DYNAMIC_LOADERS:
                    found.append(f"{name}:{node.lineno} {called}")
            elif isinstance(node, ast.ImportFrom) and node.module == "importlib":
                found += [f"{name}:{node.lineno} {a.name}" for a in node.names if a.name in DYNAMIC_LOADERS]
    return found


def core_leaks(root: Path) -> dict[str, list[str]]:
    """Core module → what it imports from outside the core: the rest of the project, or an
    I/O library (under TYPE_CHECKING too: the core does not even name them)."""
    known = set(modules(root))
    core = f"{root.name}.core"
    leaks = {}
    for name, path in modules(root).items():
        if name != core and not name.startswith(core + "."):
            continue
        outside = sorted(
            {
                target
                for target, _ in imports(name, path, known)
                if target.split(".")[0] in IO_LIBRARIES
                or (target.split(".")[0] == root.name and target != core and not target.startswith(core + "."))
            }
        )
        if outside:
            leaks[name] = outside
    return leaks


def part(module: str) -> str:
    """The part of its package a module belongs to: `pkg.words.audit` → "words", `pkg.cli` →
    "cli", the package itself → ""."""
    return module.split(".")[1] if "." in module else ""


def floor_breaks(root: Path, floors=FLOORS, alone=ALONE, apart=APART) -> list[str]:
    """Every import that breaks the floors, as "importer → imported: why", and every module on
    no floor. Imports inside functions count, and so do those only type checkers read: a reader
    follows them all the same."""
    level = {name: i for i, (_, names) in enumerate(floors) for name in names}
    found = []
    for module, targets in sorted(graph(root, named=True).items()):
        here = part(module)
        if here not in level:
            found.append(f"{module} is on no floor: add {here!r} to FLOORS")
            continue
        for target in sorted(targets):
            there = part(target)
            if there not in level or there == here:
                continue  # a module on no floor is named once, above
            if here in alone:
                found.append(f"{module} → {target}: {here}/ imports nothing of the project outside {here}/")
            elif level[there] < level[here]:
                found.append(f"{module} → {target}: up from {floors[level[here]][0]} to {floors[level[there]][0]}")
            elif (here, there) in apart:
                found.append(f"{module} → {target}: {apart[here, there]}")
    return found


# --- the package -----------------------------------------------------------------------------


def test_the_named_core_modules_exist():
    assert {name.rpartition(".")[2] for name in modules(PACKAGE)} >= CORE
    assert {f"scorekeeper.core.{name}" for name in CORE} <= set(modules(PACKAGE))


def test_the_core_imports_nothing_outside_the_core_and_no_io_library():
    assert core_leaks(PACKAGE) == {}


def test_nothing_is_loaded_by_a_name_string():
    assert dynamic_loads(PACKAGE) == []


def core(module: str) -> bool:
    return module == "scorekeeper.core" or module.startswith("scorekeeper.core.")


def test_the_core_has_no_import_cycle():
    edges = graph(PACKAGE, named=True)
    assert cycles({m: {t for t in targets if core(t)} for m, targets in edges.items() if core(m)}) == []


def test_there_is_no_import_cycle():
    """Not even through imports only type checkers read: words/ names the service's results
    (`results`), not the service; the line editor states what it asks of a session."""
    assert [c for c in cycles(graph(PACKAGE, named=True)) if not core(c.split(" → ")[0])] == []


def test_every_import_goes_down_the_floors():
    """Front ends over the service over words/ and sheets/ over storage/ over core/; the core on
    its own (see FLOORS)."""
    breaks = floor_breaks(PACKAGE)
    assert breaks == [], "imports against the floors:\n  " + "\n  ".join(breaks)


def test_the_graph_sees_imports_inside_functions():
    """The command line imports the library of commands only inside its functions, and the
    library the service only inside its calls (start-up speed); a check that read only the top
    of each module would miss every such import."""
    edges = graph(PACKAGE)
    assert "scorekeeper.commands" in edges["scorekeeper.cli"]
    assert "scorekeeper.table" in edges["scorekeeper.commands.entries"]
    assert any(core(target) for target in edges["scorekeeper.table"])


# --- the checks themselves, on a small package written here ------------------------------------


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def sample(tmp_path):
    return write(
        tmp_path / "pkg",
        {
            "__init__.py": "",
            "core/__init__.py": "",
            "core/a.py": "from pkg.core import b\n",
            "core/b.py": "def later():\n    from . import c\n",
            "core/c.py": "import pkg.core.a\n",
            "core/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import shell\n",
            "core/e.py": "def save():\n    import sqlite3\n",
            "core/f.py": "from pkg.core.a import something\nimport importlib.metadata\n",
            "shell.py": "import importlib\nfrom pkg.core import d\n"
            "def load(name):\n    return importlib.import_module(name)\n",
            "other.py": "from importlib import import_module\nx = __import__('os')\nfrom pkg import shell\n",
        },
    )


def test_the_checks_find_a_cycle_through_an_import_inside_a_function(sample):
    assert graph(sample)["pkg.core.b"] == {"pkg.core.c"}
    assert graph(sample)["pkg.core.f"] == {"pkg.core.a"}
    assert cycles(graph(sample)) == ["pkg.core.a → pkg.core.b → pkg.core.c → pkg.core.a"]


def test_an_import_for_type_checking_only_makes_no_cycle_but_still_leaves_the_core(sample):
    write(sample, {"shell.py": "from pkg.core import d\n"})
    assert "pkg.shell" not in graph(sample)["pkg.core.d"]
    assert cycles(graph(sample)) == ["pkg.core.a → pkg.core.b → pkg.core.c → pkg.core.a"]
    assert core_leaks(sample) == {"pkg.core.d": ["pkg.shell"], "pkg.core.e": ["sqlite3"]}


def test_the_checks_find_loading_by_name(sample):
    assert dynamic_loads(sample) == [
        "pkg.other:1 import_module",
        "pkg.other:2 __import__",
        "pkg.shell:4 import_module",
    ]


def test_the_checks_pass_a_clean_package(tmp_path):
    clean = write(
        tmp_path / "pkg",
        {
            "__init__.py": "",
            "core/__init__.py": "",
            "core/a.py": "import json\nfrom pkg.core import b\n",
            "core/b.py": "from fractions import Fraction\n",
            "shell.py": "import sqlite3\nfrom pkg.core import a\nfrom importlib.metadata import version\n",
        },
    )
    assert cycles(graph(clean)) == []
    assert dynamic_loads(clean) == []
    assert core_leaks(clean) == {}


def test_the_floors_catch_an_import_up_even_inside_a_function(tmp_path):
    layered = write(
        tmp_path / "pkg",
        {
            "__init__.py": "__version__ = '1'\n",
            "core/__init__.py": "",
            "core/a.py": "import json\n",
            "core/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.storage import store\n",
            "storage/__init__.py": "",
            "storage/store.py": "import pkg\nfrom pkg.core import a\n",
            "storage/transfer.py": "def compare():\n    from pkg.words import reports\n",
            "words/__init__.py": "",
            "words/reports.py": "from pkg.core import a\nfrom pkg import results\n",
            "results.py": "from pkg.core import a\n",
            "table.py": "from pkg.storage import store\nfrom pkg.words import reports\n",
            "nights.py": "def check():\n    from pkg.storage import store\n",
            "cli.py": "from pkg import nights, table\n",
            "stray.py": "from pkg import cli\n",
        },
    )
    still_wrong = {("nights", "storage"): "a night reaches the store only through the table"}
    assert floor_breaks(layered, apart=still_wrong) == [
        "pkg.core.b → pkg.storage.store: core/ imports nothing of the project outside core/",
        "pkg.nights → pkg.storage.store: a night reaches the store only through the table",
        "pkg.storage.transfer → pkg.words.reports: up from storage to words and sheets",
        "pkg.stray is on no floor: add 'stray' to FLOORS",
    ]
    write(layered, {"storage/transfer.py": "from pkg.storage import store\n", "core/b.py": "", "stray.py": ""})
    write(layered, {"interpreter.py": "from pkg.core import a\n"})
    assert floor_breaks(layered, floors=(*FLOORS[:-1], ("the core", {"core", "", "stray"}))) == []


# Every place the program opens a file outside SQLite, by module and function. On POSIX, closing
# any descriptor of a file drops every lock the process holds on it, SQLite's included: a
# store file opened this way while a connection to it is open (in `serve`, in `play`) lets
# another process delete the write-ahead log under that connection. Each place here reads or
# writes files that are never the store (the store's own header: only through
# opening.read_start, which refuses while SQLite holds the file). A new one is added here once
# it is known never to open the store, its -wal or its -shm.
OPENS_FILES = {
    ("cli.py", "reader_gone"),  # /dev/null
    ("serve/auth.py", "ensure"), ("serve/auth.py", "read"),  # the scorer's secret
    ("serve/pages.py", "__init__"),  # the shipped pages
    ("storage/output.py", "write"),  # `--output` files: never the store's (output.is_part_of_store)
    ("storage/ruleset_files.py", "_read"), ("storage/settings.py", "load"),
    ("storage/ruleset_files.py", "copy_for_user"),  # `rules new`: a .toml in the rulesets folder
    ("storage/seals.py", "key"), ("storage/seals.py", "_made"),  # the caches' key
    ("storage/opening.py", "read_start"),
    ("storage/transfer.py", "read_bytes"),  # a handed-in sheet; a store file goes to read_start first
    ("words/catalogs.py", "_compiled_from_source"), ("words/catalogs.py", "translations"),
}  # fmt: skip


def _file_openers(package):
    found = set()
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        within = {}
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(function):
                    within.setdefault(id(node), function.name)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = node.func
            if isinstance(called, ast.Name):
                opens = called.id == "open"
            elif isinstance(called, ast.Attribute):
                base = ast.unparse(called.value)
                opens = called.attr in ("fdopen", "read_bytes", "read_text", "write_bytes", "write_text") or (
                    called.attr == "open" and (base in ("os", "io") or any(isinstance(a, ast.Constant) for a in node.args))
                )
            else:
                opens = False
            if opens:
                found.add((path.relative_to(package).as_posix(), within.get(id(node), "<module>")))
    return found


def test_files_are_opened_outside_sqlite_only_where_listed():
    found = _file_openers(PACKAGE)
    assert found - OPENS_FILES == set(), "a new place opens a file outside SQLite: can it ever be the store?"
    assert OPENS_FILES - found == set(), "listed places that no longer open a file: take them off the list"


def test_the_check_of_file_openers_sees_an_open_of_the_store(tmp_path):
    sample = tmp_path / "scorekeeper"
    (sample / "storage").mkdir(parents=True)
    (sample / "storage" / "peek.py").write_text(
        "def header(path):\n    with open(path / 'scorekeeper.sqlite3', 'rb') as file:\n        return file.read(100)\n"
    )
    assert _file_openers(sample) == {("storage/peek.py", "header")}
