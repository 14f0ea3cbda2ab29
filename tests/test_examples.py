"""Golden playthroughs: every scenario in examples/ with an ``expect:`` block passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.model.format.scenario import parse_file
from arbiter.solver.engine.runner import run
from tests.helpers import ROOT

SCENARIOS = sorted(
    p
    for p in (ROOT / "examples").rglob("*.yaml")
    if "cardsets" not in p.parts and "expect:" in p.read_text(encoding="utf-8")
)


def test_there_are_golden_scenarios() -> None:
    assert len(SCENARIOS) >= 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_meets_its_expectations(path: Path) -> None:
    result = run(parse_file(str(path)))
    failed = [c.as_json() for c in result.checks if not c.passed]
    assert result.stopped_by is None, result.stopped_by
    assert not failed
    assert result.passed > 0
