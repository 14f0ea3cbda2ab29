"""One result vocabulary: one Status for every solver result, the loop verdict an enum,
frozen records instead of tuples, and every CP-SAT solve through ``cpsat.run`` with the
one seed (DESIGN.md, "Solvers are honest")."""

from __future__ import annotations

import ast
import dataclasses
import typing

import pytest

from arbiter.solver import cpsat
from arbiter.solver.damage.split import Stage
from arbiter.solver.loops.decide import LoopVerdict, Verdict
from arbiter.solver.status import Status
from tests import harness
from tests.helpers import ROOT
from tests.test_solver_limits import watched_cp_sat

SOURCES = sorted(p for f in ("model", "solver") for p in (ROOT / f).rglob("*.py"))


def _classes(name: str, folder: str = "solver") -> list[str]:
    """Where a class of that name is defined among the solver's modules (the model has no
    solver results; its importers' coverage ``Status`` is another vocabulary)."""
    return [
        str(p.relative_to(ROOT))
        for p in SOURCES
        if p.relative_to(ROOT).parts[0] == folder
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.name == name
    ]


def test_one_status_for_every_solver_result() -> None:
    assert _classes("Status") == ["solver/status.py"]
    assert [s.value for s in Status] == ["OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN"]
    assert cpsat.Solved(Status.OPTIMAL, 1, 1, 0.0).status is Status.OPTIMAL


def test_only_the_cpsat_module_makes_a_solver() -> None:
    makers = [
        str(p.relative_to(ROOT))
        for p in SOURCES
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "CpSolver"
    ]
    assert makers == ["solver/cpsat.py"]


@pytest.mark.rule("LOOP-2")
def test_the_loop_verdict_is_an_enum() -> None:
    hints = typing.get_type_hints(Verdict)
    assert hints["verdict"] is LoopVerdict
    assert {v.value for v in LoopVerdict} == {"loop", "terminates", "undetermined"}
    assert _classes("LoopVerdict") == ["solver/loops/decide.py"]


def test_a_stage_of_the_damage_solver_is_a_frozen_record() -> None:
    stage = Stage(Status.UNKNOWN)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stage.status = Status.OPTIMAL  # type: ignore[misc]


@pytest.mark.rule("R-5", "D-DIST-1")
def test_every_solve_of_the_examples_uses_the_one_seed() -> None:
    runs = [
        ["run", "examples/replacement/fixed_choices.yaml", "--json", "--outcomes"],
        ["damage", "examples/damage/volibear_open.yaml", "--json"],
        ["damage", "examples/damage/volibear_open.yaml", "--json", "--all-optimal"],
    ]
    seeds = []
    for argv in runs:
        with watched_cp_sat() as seen:
            outcome = harness.invoke([argv[0], str(ROOT / argv[1]), *argv[2:]])
        assert outcome.code == 0, (argv, outcome.stderr)
        assert seen.calls, argv
        seeds += [c["seed"] for c in seen.calls]
    assert set(seeds) == {cpsat.SEED}
