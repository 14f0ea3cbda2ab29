"""Small defects a new user hits first (issue 13): what ``run --explain`` cites, files
refused with a located line rather than guessed, "did you mean" for unknown names, the
``run`` table, and the wording of counts."""

from __future__ import annotations

import pytest

from model.errors import InputError
from tests.helpers import ROOT, cli, run_text, scenario

NAYA = ROOT / "examples" / "seeds" / "eredan_naya.yaml"


@pytest.mark.rule("E-FLOOR-1")
def test_explain_cites_the_floor_where_it_applies_on_the_naya_example() -> None:
    out = cli("run", str(NAYA), "--explain").stdout
    events = out[out.index("events") :]
    first, second = events.split("\n  1. ")
    assert "[E-FLOOR-1] naya.defense shows 0; -1 is remembered" in first
    assert "[E-FLOOR-1] naya.defense starts from the remembered -1" in second
    explanation = out[out.index("explanation") : out.index("events")]
    assert "E-FLOOR-1" in explanation


@pytest.mark.rule("E-FLOOR-1")
def test_the_floor_is_not_cited_when_no_value_goes_below_zero() -> None:
    result = run_text(
        """
        ruleset: eredan
        players: [ana]
        objects:
          naya: {owner: ana, kind: character, base: {defense: 2}}
        steps:
          - modify: {target: naya, stat: defense, op: add, value: -2}
          - modify: {target: naya, stat: defense, op: set, value: 1}
        """
    )
    rules = [r for e in result.as_json()["events"] for r in e["rules"]]
    assert "E-FLOOR-1" not in rules
