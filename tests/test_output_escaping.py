"""Output a terminal or a viewer would execute (issue: hardening, items 4 and 5).

Control characters are refused in keys, ids and names when a file is read (exit 2, one
line); what still reaches a report (a file name, free text) is escaped in every text
output, and JSON escapes DEL, the C1 controls, U+2028 and the bidirectional controls too.
Ids that are rich markup (``x[/b]``, ``[link=…]``) are printed as written: never a crash,
never a style or a hyperlink.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
import yaml

from arbiter.solver.cli.escaping import json_text, markup, terminal
from tests import harness
from tests.helpers import ROOT
from tests.outside import (
    CONTROL_TEXTS,
    EXAMPLE_OF,
    MARKUP_IDS,
    arbiter,
    raw_unsafe,
    with_id,
)

TEXT_ARGS = {
    "run": ["--outcomes", "--explain"],
    "check": [],
    "damage": ["--all-optimal"],
    "loops": [],
    "graph": [],
}


@pytest.mark.rule("ROBUST-ESCAPE")
@pytest.mark.parametrize("bad", CONTROL_TEXTS, ids=repr)
@pytest.mark.parametrize("command", sorted(EXAMPLE_OF))
def test_control_characters_in_ids_are_refused_at_load(
    command: str, bad: str, tmp_path: Path
) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(with_id(EXAMPLE_OF[command], "id" + bad), encoding="utf-8")
    outcome = harness.invoke([command, str(path)])
    harness.judge(outcome, str(path))
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "without control characters" in outcome.stderr
    assert not raw_unsafe(outcome.stderr + outcome.stdout)


@pytest.mark.rule("ROBUST-ESCAPE")
@pytest.mark.parametrize("bad", CONTROL_TEXTS, ids=repr)
def test_control_characters_in_free_text_and_names_are_refused(bad: str, tmp_path: Path) -> None:
    """A description may hold line breaks and tabs, nothing else a terminal would execute."""
    scenario = yaml.safe_load((ROOT / EXAMPLE_OF["run"]).read_text(encoding="utf-8"))
    cards = yaml.safe_load((ROOT / EXAMPLE_OF["check"]).read_text(encoding="utf-8"))
    first = next(iter(cards["cards"]))
    cases = [
        ("run", scenario, ("title",)),
        ("run", scenario, ("description",)),
        ("check", cards, ("cards", first, "name")),
    ]
    for command, base, where in cases:
        doc = copy.deepcopy(base)
        inner = doc
        for part in where[:-1]:
            inner = inner[part]
        inner[where[-1]] = "a" + bad + "b\n\tc"
        path = tmp_path / f"{'-'.join(where)}.yaml"
        path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        outcome = harness.invoke([command, str(path)])
        harness.judge(outcome, str(path))
        assert outcome.code == 2 and "control characters" in outcome.stderr, outcome.stderr
        inner[where[-1]] = "a\n\tb"  # line breaks and tabs are ordinary text
        path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        outcome = harness.invoke(
            [command, str(path), "--witness-dir", str(tmp_path / "w")][
                : 2 if command == "run" else 4
            ]
        )
        assert outcome.code in (0, 1), outcome.stderr


@pytest.mark.rule("ROBUST-ESCAPE")
@pytest.mark.parametrize("command", sorted(EXAMPLE_OF))
def test_text_reports_escape_a_file_name_with_terminal_sequences(
    command: str, tmp_path: Path
) -> None:
    """A file name may hold anything but '/' and NUL: every text report shows it escaped."""
    name = "evil\x1b]0;owned\x07\x9b2J\u202e.yaml"
    path = tmp_path / name
    shutil.copy(ROOT / EXAMPLE_OF[command], path)
    args = [command, name, *TEXT_ARGS[command]]
    if command == "check":
        args += ["--witness-dir", str(tmp_path / "w")]
    done = arbiter(*args, cwd=tmp_path, env={"FORCE_COLOR": "1", "COLUMNS": "200"})
    assert done.returncode in (0, 1), done.stderr
    assert not raw_unsafe(done.stdout, colour=True), done.stdout
    assert not raw_unsafe(done.stderr), done.stderr
    assert "\\x1b]0;owned\\x07" in done.stdout or command in ("graph", "damage")


@pytest.mark.rule("ROBUST-ESCAPE")
@pytest.mark.parametrize("command", sorted(EXAMPLE_OF))
def test_json_escapes_del_c1_and_line_separators(command: str, tmp_path: Path) -> None:
    name = "j\x7f\x85\x9b\u2028\u202e.yaml"
    path = tmp_path / name
    shutil.copy(ROOT / EXAMPLE_OF[command], path)
    args = [command, name, "--json"] if command != "graph" else [command, name, "--format", "json"]
    if command == "check":
        args += ["--witness-dir", str(tmp_path / "w")]
    done = arbiter(*args, cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    assert not raw_unsafe(done.stdout), [c for c in raw_unsafe(done.stdout)]
    json.loads(done.stdout)  # still JSON
    if command != "graph":
        assert name in done.stdout.encode().decode("unicode_escape", "ignore") or (
            "\\u007f" in done.stdout
        )


def test_json_text_is_the_same_value() -> None:
    value = {"k\x7f": ["\x1b", "\x85\x9f", "\u2028\u2029", "\u202e\u2066", "é ok"]}
    text = json_text(value)
    assert json.loads(text) == value
    assert not raw_unsafe(text)
    assert "é ok" in text  # printable text stays readable


@pytest.mark.rule("ROBUST-ESCAPE")
@pytest.mark.parametrize("ident", MARKUP_IDS)
@pytest.mark.parametrize("command", sorted(EXAMPLE_OF))
def test_markup_in_ids_is_printed_as_written(command: str, ident: str, tmp_path: Path) -> None:
    path = tmp_path / "markup.yaml"
    path.write_text(with_id(EXAMPLE_OF[command], ident), encoding="utf-8")
    args = [command, str(path), *TEXT_ARGS[command]]
    if command == "check":
        args += ["--witness-dir", str(tmp_path / "w")]
    outcome = harness.invoke(args)
    harness.judge(outcome, str(path))
    assert outcome.code in (0, 1), outcome.stderr
    if command in ("run", "damage", "graph"):
        assert ident in outcome.stdout.replace("\n", ""), outcome.stdout


@pytest.mark.rule("ROBUST-ESCAPE")
def test_a_link_in_an_id_is_never_a_hyperlink(tmp_path: Path) -> None:
    path = tmp_path / "link.yaml"
    path.write_text(with_id(EXAMPLE_OF["damage"], "[link=file:///etc/passwd]y"), encoding="utf-8")
    for command in ("run", "damage"):
        done = arbiter(command, str(path), cwd=tmp_path, env={"FORCE_COLOR": "1", "COLUMNS": "300"})
        assert done.returncode in (0, 1), done.stderr
        assert "\x1b]8;" not in done.stdout  # OSC 8: a terminal hyperlink
        assert "[link=file:///etc/passwd]y" in done.stdout


def test_the_escapes_are_visible_and_inert() -> None:
    assert terminal("a\x1b]0;t\x07b") == "a\\x1b]0;t\\x07b"
    assert terminal("\u202e\u2028") == "\\u202e\\u2028"
    assert terminal("tab\tand\nline") == "tab\tand\nline"
    assert markup("x[/b]") == "x\\[/b]"
