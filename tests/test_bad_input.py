"""Bad input: one line with file:line:col, the path in the document, what was expected; exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.model.errors import InputError
from tests.helpers import cli, scenario

LINE = re.compile(r"^[^:\n]+:\d+:\d+: .+$")

GOOD = """\
ruleset: eredan
players: [ana, bo]
objects:
  naya: {owner: ana, kind: character, base: {defense: 2}}
steps:
  - modify: {target: naya, stat: defense, op: add, value: -3}
"""


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        scenario(text, "bad.yaml")
    return info.value


@pytest.mark.parametrize(
    ("text", "line", "path", "expected"),
    [
        (
            GOOD.replace("defense: 2}", "defense: two}"),
            4,
            "objects.naya.base.defense",
            "expected an integer, got 'two'",
        ),
        (
            GOOD.replace("value: -3", "value: 10000000000"),
            6,
            "steps[0].modify.value",
            "expected an integer from -1000000000 to 1000000000",
        ),
        (
            GOOD.replace("value: -3", "value: 2.5"),
            6,
            "steps[0].modify.value",
            "expected an integer, got the number 2.5",
        ),
        (
            GOOD.replace("value: -3", "value: true"),
            6,
            "steps[0].modify.value",
            "expected an integer, got the boolean true",
        ),
        (
            GOOD.replace("value: -3", "value: .nan"),
            6,
            "steps[0].modify.value",
            "expected a finite number, got '.nan'",
        ),
        (
            GOOD.replace("target: naya", "target: nobody"),
            6,
            "steps[0].modify.target",
            "expected an object declared under 'objects' (naya)",
        ),
        (
            GOOD.replace("stat: defense", "stat: defence"),
            6,
            "steps[0].modify.stat",
            "expected a characteristic that some object has (defense), got 'defence'",
        ),
        (GOOD.replace("op: add", "op: plus"), 6, "steps[0].modify.op", "expected one of add"),
        (
            GOOD.replace("kind: character,", "kind: character, colour: red,"),
            4,
            "objects.naya.colour",
            "unknown key 'colour'",
        ),
        (
            GOOD.replace("ruleset: eredan", "ruleset: magic"),
            1,
            "ruleset",
            "expected one of altered, berserk, eredan, riftbound",
        ),
        (
            GOOD.replace("owner: ana", "owner: carol"),
            4,
            "objects.naya.owner",
            "expected one of the players ana, bo",
        ),
        (GOOD + "  - shuffle: {target: naya}\n", 7, "steps[1].shuffle", "exactly one step kind"),
        (
            GOOD.replace("players: [ana, bo]", "players: [ana, ana]"),
            2,
            "players",
            "expected distinct player names",
        ),
        (GOOD + "objects: {}\n", 7, "", "duplicate key 'objects'"),
        (GOOD.replace("ruleset: eredan\n", ""), 1, "", "missing required key 'ruleset'"),
    ],
)
def test_bad_value_is_reported_with_line_path_and_expectation(
    text: str, line: int, path: str, expected: str
) -> None:
    err = error_of(text)
    assert err.location is not None and err.location.line == line
    assert err.path == path
    assert expected in err.message
    assert LINE.match(err.one_line()) and "\n" not in err.one_line()


def test_invalid_yaml_points_at_the_problem() -> None:
    err = error_of("ruleset: eredan\nplayers: [ana\nobjects: {}\n")
    assert err.location is not None and err.location.line >= 2
    assert err.message.startswith("invalid YAML")


def test_an_empty_document_is_refused() -> None:
    err = error_of("")
    assert "empty document" in err.message


def test_a_document_that_is_not_a_mapping_is_refused() -> None:
    err = error_of("- just\n- a list\n")
    assert "expected a mapping with ruleset, players, objects, got a list" in err.message


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        (b"\x00\x01binary", "binary"),
        (b"ruleset: \xff\xfe\n", "UTF-8"),
    ],
)
def test_unreadable_files_exit_2_with_one_line(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    target = tmp_path / "scenario.yaml"
    if content is not None:
        target.write_bytes(content)
    done = cli("run", str(target))
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_directory_is_not_a_scenario(tmp_path: Path) -> None:
    done = cli("run", str(tmp_path))
    assert done.returncode == 2 and "directory" in done.stderr


def test_cli_prints_the_located_line_and_exits_2(tmp_path: Path) -> None:
    target = tmp_path / "bad.yaml"
    target.write_text(GOOD.replace("defense: 2}", "defense: two}"), encoding="utf-8")
    done = cli("run", str(target))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"{target}:4:55: objects.naya.base.defense: expected an integer, got 'two'"
    )


def test_unknown_option_is_a_usage_error() -> None:
    done = cli("run", "--no-such-option", "x.yaml")
    assert done.returncode == 2 and "Traceback" not in done.stderr
