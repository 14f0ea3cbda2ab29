"""The dynamic programme for separable splits gives CP-SAT's answer (Decision DMG-DP).

DP = CP-SAT = brute force on random small splits (every objective, either side,
required targets, target-count limits), both ways of computing a stage; DP = CP-SAT
on larger ones, where the brute force cannot follow.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.solver.damage import dp
from arbiter.solver.damage.problem import Method, SplitProblem, Target, brute_force
from arbiter.solver.damage.split import solve
from arbiter.solver.status import Status
from tests.test_damage_solver import problems


def _answer(found: object) -> tuple[object, ...]:
    return (
        found.status,  # type: ignore[attr-defined]
        dict(found.split),  # type: ignore[attr-defined]
        found.destroyed,  # type: ignore[attr-defined]
        found.objective,  # type: ignore[attr-defined]
        found.bound,  # type: ignore[attr-defined]
        found.stages,  # type: ignore[attr-defined]
    )


@pytest.mark.rule("D-DIST-1", "D-LETHAL-1", "D-TIME-3", "D-TIME-4", "DMG-CANON", "DMG-DP")
@settings(max_examples=80, deadline=None)
@given(problems(), st.booleans())
def test_the_programme_finds_the_brute_force_canonical_answer(
    problem: SplitProblem, table: bool
) -> None:
    twin = brute_force(problem)
    found = dp.solve_dp(problem, table=table)
    assert _answer(found) == _answer(twin) or (
        twin.status is Status.INFEASIBLE and found.status is Status.INFEASIBLE
    )
    if found.status is Status.OPTIMAL:
        assert found.canonical and found.bound == found.objective


@pytest.mark.rule("D-DIST-1", "DMG-CANON", "DMG-DP")
@settings(max_examples=40, deadline=None)
@given(problems())
def test_the_programme_and_cp_sat_give_the_same_canonical_split(problem: SplitProblem) -> None:
    cp = solve(problem, time_limit=20, method=Method.CP_SAT)
    found = solve(problem, method=Method.DP)
    assert cp.status in (Status.OPTIMAL, Status.INFEASIBLE)
    assert found.status is cp.status
    if cp.status is Status.OPTIMAL:
        assert cp.canonical
        assert _answer(found) == _answer(cp)


@st.composite
def larger(draw: st.DrawFn) -> SplitProblem:
    """Up to 14 targets and a pool up to 40, sometimes a limit of 1-5 targets."""
    n = draw(st.integers(1, 14))
    targets = tuple(
        Target(
            f"t{i:02d}",
            draw(st.one_of(st.none(), st.integers(0, 12))),
            shield=draw(st.integers(0, 3)),
            weight=draw(st.integers(0, 9)),
            immune=draw(st.integers(0, 9)) == 0,
        )
        for i in range(n)
    )
    limit = draw(st.one_of(st.none(), st.integers(1, 5)))
    objective = draw(st.sampled_from(["kills", "damage", "value"]))
    return SplitProblem(draw(st.integers(0, 40)), targets, limit, objective, draw(st.booleans()))


@pytest.mark.rule("D-DIST-1", "DMG-CANON", "DMG-DP")
@settings(max_examples=25, deadline=None)
@given(larger())
def test_on_larger_splits_both_ways_of_the_programme_agree_with_cp_sat(
    problem: SplitProblem,
) -> None:
    cp = solve(problem, time_limit=30, method=Method.CP_SAT)
    if cp.status is Status.OPTIMAL and not cp.canonical:
        return  # CP-SAT did not reach its canonical answer in time: nothing to compare
    for table in (True, False):
        assert _answer(dp.solve_dp(problem, table=table)) == _answer(cp)


@pytest.mark.rule("DMG-DP")
def test_auto_takes_the_programme_for_a_split_and_the_command_keeps_cp_sat() -> None:
    problem = SplitProblem(6, (Target("w", 4), Target("x", 3), Target("y", 2, shield=1)))
    assert dp.separable(problem)
    auto = solve(problem)
    assert auto.solves == 0  # no CP-SAT call
    cp = solve(problem, method=Method.CP_SAT)
    assert cp.solves >= 1
    assert _answer(auto) == _answer(cp)


@pytest.mark.rule("DMG-DP")
def test_a_split_beyond_the_programme_range_goes_to_cp_sat() -> None:
    heavy = tuple(Target(f"t{i}", 5, weight=10**15) for i in range(3))
    packed_too_wide = SplitProblem(1000, heavy, objective="value")
    many = tuple(Target(f"t{i}", 5) for i in range(10))
    tables_too_large = SplitProblem(10**6, many)
    for problem in (packed_too_wide, tables_too_large):
        assert dp.plan(problem) is None and not dp.separable(problem)
        with pytest.raises(ValueError):
            dp.solve_dp(problem)
    small = replace(packed_too_wide, pool=4, targets=heavy[:1])
    assert dp.separable(small)
    assert _answer(solve(small)) == _answer(brute_force(small))
    assert not dp.separable((small.pool, small.targets))  # not a split at all
