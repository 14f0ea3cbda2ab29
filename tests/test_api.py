"""The public Python API (solver.api) gives what the commands give, and loads lazily."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.errors import InputError
from solver import api
from tests.helpers import ROOT, cli_json

OPEN = ROOT / "examples" / "damage" / "volibear_open.yaml"
CARDSETS = ROOT / "examples" / "cardsets"
LOOPS = sorted((ROOT / "examples" / "loops").glob("*.yaml"))


def test_importing_the_api_loads_no_solver_library() -> None:
    code = (
        "import sys, solver.api; "
        "print(sorted(m for m in ('ortools', 'networkx', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# -- damage ---------------------------------------------------------------------------------


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1")
@pytest.mark.parametrize("objective", ["kills", "damage", "value"])
@pytest.mark.parametrize("for_player", [None, "bo"])
def test_damage_gives_the_allocation_arbiter_damage_prints(
    objective: str, for_player: str | None
) -> None:
    args = ["damage", str(OPEN), "--objective", objective]
    if for_player:
        args += ["--for", for_player]
    out = cli_json(*args)
    result = api.damage(OPEN, objective=objective, for_player=for_player)
    assert result.status == out["status"] == "OPTIMAL"
    assert result.allocation.objective == out["objective"]
    assert result.allocation.bound == out["bound"]
    assert {k: v for k, v in result.split.items() if v} == out["allocation"]
    assert result.rows() == out["targets"]
    assert result.instruction == out["instruction"] and result.for_player == out["for"]
    assert sum(result.split.values()) == result.problem.pool == 6


def _nonzero(split: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((k, v) for k, v in split.items() if v))


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "DMG-CANON")
@pytest.mark.parametrize("objective", ["kills", "damage", "value"])
@pytest.mark.parametrize("for_player", [None, "bo"])
def test_damage_and_its_brute_force_twin_agree(objective: str, for_player: str | None) -> None:
    fast = api.damage(OPEN, objective=objective, for_player=for_player, all_optimal=True)
    slow = api.damage_brute_force(OPEN, objective=objective, for_player=for_player)
    assert fast.split == slow.split
    assert fast.allocation.objective == slow.allocation.objective
    assert {_nonzero(o) for o in fast.optima} == {_nonzero(o) for o in slow.optima}
    assert slow.allocation.wall_time > 0


def test_the_defender_destroys_nothing_that_the_attacker_destroys() -> None:
    attacker = api.damage(OPEN, objective="kills")
    defender = api.damage(OPEN, objective="kills", for_player="bo")
    assert attacker.allocation.objective == 2 and attacker.problem.maximise is True
    assert defender.allocation.objective == 0 and defender.problem.maximise is False


def test_damage_accepts_a_problem_and_the_problem_follows_the_pool() -> None:
    text = OPEN.read_text().replace("split: 5", "split: 9")
    problem = api.damage_problem(api.scenario_from_text(text), objective="kills")
    assert problem.pool == 10  # 9 and Annie's +1
    assert api.damage(problem).allocation.objective == 3  # z 1, y 3, x 3 (w needs 4)


def test_a_problem_takes_a_new_objective_but_not_a_new_side() -> None:
    problem = api.damage_problem(OPEN, objective="kills")
    assert api.damage(problem, objective="damage").allocation.objective == 6
    assert api.damage(problem, objective="damage").objective == "damage"
    with pytest.raises(InputError, match="for_player"):
        api.damage(problem, for_player="bo")


def _open_text(split: int, units: list[tuple[int, int]]) -> str:
    lines = [
        "ruleset: riftbound",
        "players: [ana, bo]",
        "objects:",
        "  volibear: {owner: ana, kind: unit, base: {health: 5}}",
    ]
    lines += [
        f"  u{i}: {{owner: bo, kind: unit, base: {{health: {h}}}, prevention: {p}}}"
        for i, (h, p) in enumerate(units)
    ]
    lines += [
        "steps:",
        f"  - damage: {{split: {split}, source: {{ability: furious, card: volibear}}, "
        "targets: open}",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "DMG-CANON")
@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 8),
    st.lists(st.tuples(st.integers(1, 5), st.integers(0, 2)), min_size=1, max_size=4),
    st.sampled_from(["kills", "damage", "value"]),
    st.sampled_from([None, "bo"]),
)
def test_from_a_scenario_cp_sat_and_brute_force_give_the_same_split(
    split: int, units: list[tuple[int, int]], objective: str, for_player: str | None
) -> None:
    """Whatever the open split of a scenario, both solvers reach the same optimum and,
    with the canonical tie-break, the very same allocation, which uses the whole pool."""
    scenario = api.scenario_from_text(_open_text(split, units))
    fast = api.damage(scenario, objective=objective, for_player=for_player)
    slow = api.damage_brute_force(scenario, objective=objective, for_player=for_player)
    assert fast.status == slow.status == "OPTIMAL"
    assert fast.split == slow.split
    assert fast.allocation.objective == slow.allocation.objective
    assert sum(fast.split.values()) == fast.problem.pool == split


def test_damage_refuses_a_fixed_split_and_an_unknown_objective() -> None:
    fixed = ROOT / "examples" / "seeds" / "riftbound_volibear.yaml"
    with pytest.raises(InputError, match="fixes its allocation"):
        api.damage(fixed)
    with pytest.raises(InputError, match="objective"):
        api.damage(OPEN, objective="glory")
    with pytest.raises(InputError, match="players"):
        api.damage(OPEN, for_player="nobody")


# -- check ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["flawed.yaml", "eredan.yaml"])
def test_check_reports_what_arbiter_check_reports(name: str, tmp_path: Path) -> None:
    out = cli_json("check", str(CARDSETS / name), "--witness-dir", str(tmp_path))
    result = api.check(CARDSETS / name)
    rows = api.diagnostics_table(result)
    assert [(r["code"], r["cards"], r["message"]) for r in rows] == [
        (d["code"], d["cards"], d["message"]) for d in out["diagnostics"]
    ]
    assert result.plan.pairs <= result.all_pairs


def test_check_finds_the_seeded_problems_of_the_flawed_set() -> None:
    codes = {r["code"] for r in api.diagnostics_table(api.check(CARDSETS / "flawed.yaml"))}
    assert {"unknown-characteristic", "useless-named-gain", "ruling-E-DIV"} <= codes


# -- loops ----------------------------------------------------------------------------------


@pytest.mark.rule("LOOP-2")
@pytest.mark.parametrize("path", LOOPS, ids=lambda p: p.name)
def test_loops_gives_the_verdict_of_arbiter_loops(path: Path) -> None:
    out = cli_json("loops", str(path))
    report = api.loops(path)
    assert report.verdict.verdict == out["verdict"]
    assert report.verdict.mandatory == out["mandatory"]
    assert [s["text"] for s in report.verdict.steps] == [s["text"] for s in out["witness"]]


def test_a_small_budget_leaves_a_loop_search_undetermined() -> None:
    report = api.loops(ROOT / "examples" / "loops" / "three_card_loop.yaml", budget=1)
    assert report.verdict.verdict == "undetermined"
    assert "budget of 1" in report.verdict.reason
    assert report.budget == 1
