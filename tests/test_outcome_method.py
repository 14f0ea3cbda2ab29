"""The ``method`` an outcome search reports is the engine that searched: CP-SAT models
the lineage of one game action under R-4 only; under Riftbound 373.2 (``replacement_reach:
one-sequence``) the exhaustive twin decides, and the answer says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.solver import api
from tests.helpers import cli, scenario

TWO_IDOLS = """
ruleset: riftbound
{policies}players: [ana, bo]
objects:
  bolt: {{owner: ana, kind: spell}}
  u: {{owner: bo, kind: unit}}
  ana_idol:
    owner: ana
    kind: gear
    replacements:
      - {{id: ana_take, when: {{event: dealt-damage, object: u}}, instead: {{object: self}}}}
  bo_idol:
    owner: bo
    kind: gear
    replacements:
      - {{id: bo_take, when: {{event: dealt-damage, object: u}}, instead: {{object: self}}}}
steps:
  - game-action: {{id: hit, source: bolt, events: [{{event: dealt-damage, object: u, amount: 1}}]}}
"""
R4 = "policies: {replacement_reach: once-per-action}\n"


@pytest.mark.rule("Riftbound 373.2", "R-5")
def test_one_sequence_is_searched_exhaustively_and_says_so() -> None:
    found = api.outcomes(scenario(TWO_IDOLS.format(policies="")), method="cp-sat")
    assert len(found.outcomes) == 2  # bo chooses which idol takes the damage (372)
    assert found.method == "exhaustive"
    summary = found.summary()
    assert summary["method"] == "exhaustive" and summary["method_requested"] == "cp-sat"


@pytest.mark.rule("R-4", "R-5")
def test_cp_sat_is_reported_where_it_searched_and_the_twins_agree() -> None:
    by_cpsat = api.outcomes(scenario(TWO_IDOLS.format(policies=R4)), method="cp-sat")
    by_search = api.outcomes(scenario(TWO_IDOLS.format(policies=R4)), method="exhaustive")
    assert by_cpsat.method == "cp-sat" and "method_requested" not in by_cpsat.summary()
    assert by_search.method == "exhaustive" and "method_requested" not in by_search.summary()
    assert by_cpsat.fingerprints() == by_search.fingerprints()


def test_a_scenario_without_choices_reports_the_method_asked_for() -> None:
    plain = "ruleset: eredan\nplayers: [ana]\nobjects:\n  x: {owner: ana, kind: character}\n"
    assert api.outcomes(scenario(plain), method="cp-sat").summary()["method"] == "cp-sat"


@pytest.mark.rule("Riftbound 373.2")
def test_run_outcomes_json_names_the_engine_used(tmp_path: Path) -> None:
    path = tmp_path / "idols.yaml"
    path.write_text(TWO_IDOLS.format(policies=""), encoding="utf-8")
    done = cli("run", str(path), "--outcomes", "--json")
    assert done.returncode == 0, done.stderr
    search = json.loads(done.stdout)["outcome_search"]
    assert search["method"] == "exhaustive" and search["method_requested"] == "cp-sat"
