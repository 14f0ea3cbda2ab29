"""A witness is played by the rules its card set was checked by: the policies the set, the
configuration or the command line chose are written under its ``policies:`` (Decision
CHECK-WIT), so ``arbiter run`` gives the witness's answer wherever it is run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.model.ruleset import RULESETS, PreventionTiming, Rounding, chosen_policies
from tests.helpers import ROOT, cli

FLAWED = (ROOT / "examples" / "cardsets" / "flawed.yaml").read_text(encoding="utf-8")


def _division_witness(folder: Path, cards: Path, *extra: str) -> Path:
    """Check ``cards`` from ``folder`` and return the witness of the E-DIV ruling."""
    done = cli("check", str(cards), "--format", "json", "--witness-dir", "w", *extra, cwd=folder)
    assert done.returncode in (0, 1), done.stderr
    found = [d for d in json.loads(done.stdout)["diagnostics"] if d["code"] == "ruling-E-DIV"]
    assert len(found) == 1
    return folder / found[0]["witness"]


@pytest.mark.rule("CHECK-WIT", "E-DIV")
def test_a_witness_carries_the_policy_its_card_set_chose(tmp_path: Path) -> None:
    cards = tmp_path / "flawed.yaml"
    cards.write_text(
        FLAWED.replace("ruleset: eredan\n", "ruleset: eredan\npolicies: {division_rounding: up}\n"),
        encoding="utf-8",
    )
    witness = _division_witness(tmp_path, cards)
    assert "division_rounding: up" in witness.read_text(encoding="utf-8")
    ran = cli("run", str(witness), cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.rule("CHECK-WIT", "E-DIV")
def test_a_witness_carries_the_policy_of_the_configuration_when_run_elsewhere(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[tool.arbiter.policies.eredan]\ndivision_rounding = "up"\n', encoding="utf-8"
    )
    cards = project / "flawed.yaml"
    cards.write_text(FLAWED, encoding="utf-8")
    witness = _division_witness(project, cards)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ran = cli("run", str(witness), cwd=elsewhere)  # no configuration there
    assert ran.returncode == 0, ran.stdout + ran.stderr
    # and without the policy the same witness's expectation fails: the line is needed
    plain = elsewhere / "plain.yaml"
    plain.write_text(
        witness.read_text(encoding="utf-8").replace("policies: {division_rounding: up}\n", ""),
        encoding="utf-8",
    )
    assert cli("run", str(plain), cwd=elsewhere).returncode == 1


@pytest.mark.rule("CHECK-WIT")
def test_a_witness_of_the_default_rules_has_no_policies(tmp_path: Path) -> None:
    cards = tmp_path / "flawed.yaml"
    cards.write_text(FLAWED, encoding="utf-8")
    assert "policies:" not in _division_witness(tmp_path, cards).read_text(encoding="utf-8")


@pytest.mark.rule("CHECK-WIT")
def test_chosen_policies_are_the_ones_set_whatever_their_value() -> None:
    riftbound = RULESETS["riftbound"]
    assert chosen_policies(riftbound) == {} and riftbound.chosen == frozenset()
    same = riftbound.with_policies(division_rounding=riftbound.division_rounding)
    assert chosen_policies(same) == {"division_rounding": "down"}  # said, so written
    assert same == riftbound  # and the rules are the same
    changed = same.with_policies(
        prevention_timing=PreventionTiming.BASE_FIRST, division_rounding=Rounding.UP, reaction_cap=3
    )
    assert chosen_policies(changed) == {
        "division_rounding": "up",
        "prevention_timing": "base-first",
        "reaction_cap": 3,
    }
