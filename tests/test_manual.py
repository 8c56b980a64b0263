"""The user's manual is the repository: docs/commands.md names every command and option that
`--help` shows, the README's examples run as written in a fresh store, and the rules cite
their sources by title, author and where they were published, never by a file a user does
not have."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import warm_start

ROOT = Path(__file__).resolve().parent.parent
MANUAL = ROOT / "docs" / "commands.md"
README = ROOT / "README.md"


def boxed(help_text: str, box: str) -> list[str]:
    """The first word of each entry in one box of typer's help (`Options`, `Commands`)."""
    inside, words = False, []
    for line in help_text.splitlines():
        if line.startswith("╭─"):
            inside = line.startswith(f"╭─ {box} ")
        elif line.startswith("╰─"):
            inside = False
        elif inside and (entry := re.match(r"│ (?:\*\s+|\s{0,3})(\S+)", line)):
            words.append(entry.group(1))
    return words


def sections(text: str) -> dict[str, str]:
    """The manual's text under each `### \\`sk COMMAND …\\`` heading, by command; and the
    basics, under "" (what holds for every command)."""
    parts = re.split(r"^(### .*)$", text, flags=re.MULTILINE)
    found = {"": parts[0]}
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        for name in re.findall(r"`sk ([a-z]+)", heading):
            found[name] = found.get(name, "") + body
    return found


def test_the_manual_documents_every_command_and_option_that_help_shows(sk):
    manual = sections(MANUAL.read_text(encoding="utf-8"))
    top = sk("--help")
    commands = boxed(top, "Commands")
    assert len(commands) >= 30 and "new" in commands and "completion" in commands
    missing = [c for c in commands if c not in manual]
    assert missing == [], "commands with no `### \\`sk COMMAND\\`` section in docs/commands.md"
    assert set(manual) - {""} <= set(commands), "the manual describes commands the program lacks"
    undocumented = [f"{o} (the program's own)" for o in boxed(top, "Options") if o not in manual[""]]
    for command in commands:
        options = boxed(sk(command, "--help"), "Options")
        assert "--help" in options
        undocumented += [
            f"{command} {o}" for o in options if not re.search(rf"`[^`]*{o}\b", manual[command] + manual[""])
        ]
    assert undocumented == []


def test_the_manual_check_sees_a_missing_option():
    trimmed = MANUAL.read_text(encoding="utf-8").replace("--chart", "--plot")
    assert "--chart" not in sections(trimmed)["standings"]
    assert "--format" in sections(trimmed)["sheet"]


def test_the_readme_points_to_the_manual_and_nowhere_outside_the_repository():
    text = README.read_text(encoding="utf-8")
    assert "docs/commands.md" in text
    assert "../" not in text and "shared/" not in text


# --- the README's examples ------------------------------------------------------------------


def examples(text: str) -> list[tuple[str, str]]:
    """(heading, block) for each ```sh block of the README that runs the program: every line
    in it starts with `sk ` or `scorekeeper `. A block that starts the page server is left
    out: it runs until stopped, on port 8000 of every network (tests/test_serve.py runs it)."""
    found, heading = [], ""
    for part in re.split(r"^```sh\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL):
        lines = [line for line in part.splitlines() if line.strip()]
        if "sk serve" in part:
            continue
        if lines and all(line.startswith(("sk ", "scorekeeper ")) for line in lines):
            found.append((heading, part))
        elif part.strip():
            heading = next((h for h in reversed(part.splitlines()) if h.startswith("#")), heading)
    return found


def test_the_readme_has_examples_of_play_and_of_the_referee():
    headings = [heading for heading, _ in examples(README.read_text(encoding="utf-8"))]
    assert "## At the table" in headings and "## The referee" in headings


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    """`sk` and `scorekeeper` as the README's reader has them: commands on the PATH, each
    run a process of its own (started warm: see warm_start.program)."""
    folder = tmp_path_factory.mktemp("bin")
    for name in ("sk", "scorekeeper"):
        warm_start.program(folder / name)
    return folder


@pytest.mark.skipif(shutil.which("bash") is None, reason="the README's examples are for a POSIX shell")
@pytest.mark.parametrize(
    "heading,block", examples(README.read_text(encoding="utf-8")), ids=lambda v: v if v.startswith("#") else ""
)
def test_every_readme_example_runs_as_written_in_a_fresh_store(programs, tmp_path, heading, block):
    """Each block runs line by line in bash, in an empty folder and store; every line, and
    every command in a pipeline, must succeed."""
    environment = {
        **os.environ,
        "PATH": f"{programs}{os.pathsep}{os.environ['PATH']}",
        "SCOREKEEPER_HOME": str(tmp_path / "store"),
    }
    ran = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=environment, capture_output=True, text=True
    )
    assert ran.returncode == 0, f"{heading}: exit {ran.returncode}\n{ran.stdout[-2000:]}\n{ran.stderr}"
    assert ran.stderr == ""


# --- the rules cite their sources -----------------------------------------------------------


def test_the_rules_cite_each_source_by_title_author_and_where_published(sk):
    from scorekeeper.core import rulesets

    for name in rulesets.BUILTIN_NAMES:
        source = next(line for line in sk("rules", name).splitlines() if line.startswith("Source: "))
        assert re.fullmatch(r'Source: "[^"]+", by [^,]+, .+', source), source
        assert not re.search(r"[\\/]\w|\.txt|\.md\b|shared|seeds", source), source
