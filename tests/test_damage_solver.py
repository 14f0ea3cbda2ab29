"""The CP-SAT split solver agrees with its brute-force twin; `arbiter damage` proves optima."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.solver.damage.problem import (
    Method,
    SplitProblem,
    Target,
    allocations,
    brute_force,
    legal,
    score,
)
from arbiter.solver.damage.split import all_optimal, solve
from arbiter.solver.status import Status
from tests.helpers import ROOT, cli

OPEN = str(ROOT / "examples" / "damage" / "volibear_open.yaml")


@st.composite
def problems(draw: st.DrawFn, required: bool | None = None) -> SplitProblem:
    """Random small splits: up to 6 targets, a pool up to 12, shields, values, immunities."""
    n = draw(st.integers(0, 6))
    fixed = draw(st.booleans()) if required is None else required
    targets = []
    for i in range(n):
        health = draw(st.one_of(st.none(), st.integers(0, 8)))
        targets.append(
            Target(
                f"t{i}",
                health,
                shield=draw(st.integers(0, 4)),
                weight=draw(st.integers(0, 9)),
                immune=draw(st.integers(0, 7)) == 0,
                required=fixed,
            )
        )
    pool = draw(st.integers(0, 12))
    if fixed and pool < n and draw(st.booleans()):
        pool = draw(st.integers(n, 12)) if n <= 12 else pool
    limit = None if fixed else draw(st.one_of(st.none(), st.integers(0, 6)))
    objective = draw(st.sampled_from(["kills", "damage", "value"]))
    return SplitProblem(pool, tuple(targets), limit, objective, draw(st.booleans()))


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "D-TIME-3", "D-TIME-4", "DMG-CANON")
@settings(max_examples=60)
@given(problems())
def test_cp_sat_and_brute_force_find_the_same_optimum(problem: SplitProblem) -> None:
    """For every objective and either side, both find the same value and, with the
    canonical tie-break, the very same allocation."""
    twin = brute_force(problem)
    found = solve(problem, time_limit=20, method=Method.CP_SAT)
    assert found.status is twin.status
    assert found.objective == twin.objective
    if twin.status is Status.OPTIMAL:
        assert found.bound == found.objective
        assert found.canonical
        assert dict(found.split) == dict(twin.split)
        assert found.destroyed == twin.destroyed
        assert found.stages == twin.stages


@pytest.mark.rule("D-DIST-1")
@settings(max_examples=30)
@given(problems())
def test_every_optimal_allocation_is_listed(problem: SplitProblem) -> None:
    twin = brute_force(problem)
    if twin.objective is None:
        return
    optima, complete = all_optimal(problem, twin.objective, limit=10**4)
    assert complete
    assert [dict(o) for o in optima] == [dict(o) for o in twin.optima]


@pytest.mark.rule("D-DIST-1", "D-TIME-3")
@settings(max_examples=60)
@given(problems())
def test_a_split_sums_to_its_pool_and_chosen_targets_get_at_least_one(
    problem: SplitProblem,
) -> None:
    found = solve(problem)
    if found.status is Status.OPTIMAL:
        assert sum(found.split.values()) == problem.pool
        assert legal(problem, found.split)
        for t in problem.targets:
            if t.required and not problem.short:
                assert found.split[t.id] >= 1


@pytest.mark.rule("D-LETHAL-1")
def test_lethal_damage_counts_the_prevention_that_applies() -> None:
    # y has 2 health and prevents 1: destroying it takes 3, so 6 destroys at most 2 of 4
    problem = SplitProblem(
        6,
        (
            Target("w", 4, weight=4),
            Target("x", 3, weight=3),
            Target("y", 2, shield=1, weight=2),
            Target("z", 1, weight=1),
        ),
    )
    found = solve(problem)
    assert found.status is Status.OPTIMAL
    assert (found.objective, found.bound) == (2, 2)
    assert not any(len(score(problem, s).destroyed) > 2 for s in allocations(problem))
    # ignoring the prevention would claim 3 (z, y and x: 1 + 2 + 3 = 6)
    naive = SplitProblem(6, tuple(Target(t.id, t.health) for t in problem.targets))
    assert solve(naive).objective == 3


@pytest.mark.rule("D-DIST-1")
def test_no_candidate_for_a_positive_pool_is_infeasible_not_unknown() -> None:
    assert solve(SplitProblem(3, ())).status is Status.INFEASIBLE
    empty = solve(SplitProblem(0, ()))
    assert empty.status is Status.OPTIMAL and dict(empty.split) == {}


def test_a_time_limit_too_short_is_never_reported_infeasible() -> None:
    targets = tuple(Target(f"t{i:03d}", 3 + i % 17, shield=i % 3, weight=i % 7) for i in range(150))
    found = solve(
        SplitProblem(1500, targets, objective="value"), time_limit=0.01, method=Method.CP_SAT
    )
    assert found.status is not Status.INFEASIBLE


@pytest.mark.rule("D-DIST-1")
def test_the_defender_minimises() -> None:
    targets = (Target("a", 2), Target("b", 2), Target("c", 5))
    attacker = solve(SplitProblem(4, targets, objective="kills"))
    defender = solve(SplitProblem(4, targets, objective="kills", maximise=False))
    assert attacker.objective == 2
    assert defender.objective == 0  # 4 on c (health 5) destroys nothing


# -- the command ---------------------------------------------------------------------------


@pytest.mark.rule("D-LETHAL-1", "D-DIST-1")
def test_arbiter_damage_proves_at_most_two_kills_on_volibear_open() -> None:
    done = cli("damage", OPEN, "--objective", "kills", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "OPTIMAL"
    assert out["objective"] == 2 and out["bound"] == 2
    assert sum(out["allocation"].values()) == 6
    assert len(out["destroyed"]) == 2
    text = cli("damage", OPEN, "--objective", "kills")
    assert text.returncode == 0 and "OPTIMAL" in text.stdout


def test_arbiter_damage_lists_every_optimum_with_the_count() -> None:
    out = json.loads(cli("damage", OPEN, "--objective", "kills", "--all-optimal", "--json").stdout)
    assert out["optima_count"] == len(out["optima"]) > 1
    assert out["optima_complete"] is True
    assert out["allocation"] in out["optima"]


@pytest.mark.rule("D-TIME-3")
def test_arbiter_damage_checks_a_fixed_split(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = (ROOT / "examples" / "seeds" / "riftbound_volibear.yaml").read_text()
    done = cli("damage", str(ROOT / "examples" / "seeds" / "riftbound_volibear.yaml"), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "LEGAL"
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("allocation: {x: 3, y: 2, z: 1}", "allocation: {x: 4, y: 2, z: 1}"))
    done = cli("damage", str(bad), "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["status"] == "ILLEGAL" and out["rule"] == "D-DIST-1"


def test_arbiter_damage_on_a_file_without_a_split_is_bad_input() -> None:
    done = cli("damage", str(ROOT / "examples" / "seeds" / "berserk_shield.yaml"))
    assert done.returncode == 2
    assert "split" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.rule("D-LETHAL-1")
def test_arbiter_damage_for_the_defender_minimises() -> None:
    # the defender can spread 6 so that nothing dies: w 3, x 2, y 1 + 1 prevented (or 2), z 0
    done = cli("damage", OPEN, "--for", "bo", "--time-limit", "5", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["status"], out["objective"], out["bound"], out["sense"]) == (
        "OPTIMAL",
        0,
        0,
        "minimise",
    )
    assert out["destroyed"] == []
    bad = cli("damage", OPEN, "--for", "nobody")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
