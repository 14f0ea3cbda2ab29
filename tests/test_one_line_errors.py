"""Errors that were not one line (issue: hardening, item 10): YAML standard tags over wrong
values, a range refusal met by the loop search, a malformed or unreachable ``--dask``
address. (Output paths that cannot be written: tests/test_output_files.py.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests import harness
from tests.helpers import ROOT
from tests.outside import EXAMPLE_OF, arbiter

TAGGED = ("!!bool maybe", "!!float abc", "!!timestamp x", "!!timestamp 2020-13-45", "!!int 0x")


@pytest.mark.rule("ROBUST-LIMITS")
@pytest.mark.parametrize("tagged", TAGGED)
@pytest.mark.parametrize("command", sorted(EXAMPLE_OF))
def test_standard_tags_on_wrong_values_are_one_located_line(
    command: str, tagged: str, tmp_path: Path
) -> None:
    text = (ROOT / EXAMPLE_OF[command]).read_text(encoding="utf-8")
    path = tmp_path / "tagged.yaml"
    path.write_text(text + f"title2: {tagged}\n", encoding="utf-8")
    outcome = harness.invoke([command, str(path)])
    harness.judge(outcome, str(path), path.read_text(encoding="utf-8"))
    assert outcome.code == 2 and "unreadable value" in outcome.stderr, outcome.stderr
    assert "title2" in outcome.stderr


GROWING = """\
ruleset: berserk
players: [ana, bo]
cards:
  grow:
    kind: character
    base: {attack: 5}
    triggers:
      - when: {counter: ember, of: self, change: up}
        do:
          - modify: {target: self, stat: attack, op: multiply, value: 1000000}
          - modify: {target: self, stat: attack, op: multiply, value: 1000000}
          - modify: {target: self, stat: attack, op: multiply, value: 1000000}
          - counter: {target: self, name: ember, add: 1}
"""


@pytest.mark.rule("ROBUST-RANGE")
def test_a_range_refusal_in_the_loop_search_is_located(tmp_path: Path) -> None:
    path = tmp_path / "grow.yaml"
    path.write_text(GROWING, encoding="utf-8")
    outcome = harness.invoke(["loops", str(path)])
    harness.judge(outcome, str(path), GROWING)
    assert outcome.code == 2
    assert outcome.stderr.startswith(f"{path}:4:3: cards.grow: multiply takes grow.attack beyond")


@pytest.mark.rule("ROBUST-LIMITS")
@pytest.mark.parametrize("address", ["not a:address:99999", "localhost:70000", "tcp://[::1", ""])
def test_a_malformed_dask_address_fails_at_once_in_one_line(address: str) -> None:
    start = time.perf_counter()
    outcome = harness.invoke(["check", EXAMPLE_OF["check"], "--dask", address])
    assert time.perf_counter() - start < 5
    harness.judge_usage(outcome)
    assert outcome.code == 2 and "--dask" in outcome.stderr


@pytest.mark.rule("ROBUST-LIMITS")
def test_an_unreachable_dask_scheduler_fails_fast_without_a_traceback(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="--dask needs dask[distributed]")
    start = time.perf_counter()
    done = arbiter(
        "check",
        str(ROOT / EXAMPLE_OF["check"]),
        "--dask",
        "tcp://127.0.0.1:1",
        "--witness-dir",
        str(tmp_path),
        cwd=tmp_path,
    )
    assert time.perf_counter() - start < 15
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "cannot reach the Dask scheduler" in done.stderr
