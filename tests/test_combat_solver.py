"""The three combat solvers agree: CP-SAT, the exact algorithm by structure, and the
brute-force twin that walks every order (Riftbound 460.2.c.3-9, 437.5, 815, 826)."""

from __future__ import annotations

from itertools import product
from math import comb, factorial

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbiter.model.damage import combat as cb
from arbiter.model.errors import IllegalAction
from arbiter.solver.cpsat import Status
from arbiter.solver.damage import combat_brute as bf
from arbiter.solver.damage import combat_cpsat as cp
from arbiter.solver.damage import combat_exact as ex

RULES = (
    "Riftbound 460.2.c.3",
    "Riftbound 460.2.c.4",
    "Riftbound 460.2.c.5",
    "Riftbound 460.2.c.6",
    "Riftbound 460.2.c.7",
    "Riftbound 460.2.c.8",
    "Riftbound 460.2.c.9",
    "Riftbound 437.5.a",
    "Riftbound 437.5.b",
    "CMB-EXCESS",
    "CMB-EXEMPT",
)


@st.composite
def receivers(draw: st.DrawFn) -> cb.Receiver:
    exempt = draw(st.sampled_from([None, None, None, None, None, cb.CANNOT_BE_DEALT]))
    demand = draw(st.sampled_from(["none", "none", "first", "last", "both"]))
    prevent = draw(st.integers(0, 2))
    return cb.Receiver(
        id="",
        lethal=None if exempt else draw(st.integers(1, 5)) + prevent,  # 437.5.a
        first=cb.TANK if demand in ("first", "both") else None,
        last=cb.BACKLINE if demand in ("last", "both") else None,
        prevent=prevent,
        exempt=exempt,
        weight=draw(st.integers(0, 5)),
    )


@st.composite
def problems(draw: st.DrawFn, most: int = 4, top: int = 12) -> cb.AssignmentProblem:
    units = draw(st.lists(receivers(), min_size=1, max_size=most))
    named = tuple(
        cb.Receiver(f"u{i}", r.lethal, r.first, r.last, r.prevent, r.exempt, r.weight)
        for i, r in enumerate(units)
    )
    problem = cb.AssignmentProblem(
        draw(st.integers(0, top)),
        named,
        draw(st.sampled_from(list(cb.Objective))),
        draw(st.booleans()),
    )
    assume(_walkable(problem))
    return problem


# The brute-force twin walks every order of the units (and every choice of a unit that is
# both Tank and Backline), and every amount for a unit that cannot be dealt damage: its
# leaves grow as 2^duals * n! * (total + 1)^exempt, times the ways to share what is left
# once every unit has lethal damage. Problems are drawn only where the twin stays small
# (a few seconds at most), so the comparison ends in bounded time.
WALK_BUDGET = 2_000_000


def _walkable(problem: cb.AssignmentProblem) -> bool:
    units = problem.receivers
    duals = sum(1 for r in units if r.dual)
    exempt = sum(1 for r in units if r.lethal is None)
    n, total = len(units), problem.total
    leaves = 2**duals * factorial(n) * (total + 1) ** exempt * comb(total + n - 1, n - 1)
    return leaves <= WALK_BUDGET


def _splits(total: int, n: int) -> list[tuple[int, ...]]:
    return [v for v in product(range(total + 1), repeat=n) if sum(v) == total]


def _legal(problem: cb.AssignmentProblem, v: tuple[int, ...]) -> bool:
    try:
        cb.check(problem, dict(zip(problem.ids, v, strict=True)))
    except IllegalAction:
        return False
    return True


@pytest.mark.rule(*RULES)
@settings(max_examples=150, deadline=None)
@given(problems())
def test_the_check_accepts_exactly_the_assignments_some_allowed_order_reaches(
    problem: cb.AssignmentProblem,
) -> None:
    walked = bf.legal_set(problem)
    for v in _splits(problem.total, len(problem.receivers)):
        assert _legal(problem, v) == (v in walked), v


@pytest.mark.rule(*RULES)
@settings(max_examples=150, deadline=None)
@given(problems(most=5, top=14))
def test_the_exact_count_and_list_are_the_assignments_every_order_reaches(
    problem: cb.AssignmentProblem,
) -> None:
    walked = bf.legal_set(problem)
    listed = [tuple(a[r] for r in problem.ids) for a in ex.assignments(problem)]
    assert len(listed) == len(set(listed))  # each legal assignment once
    assert set(listed) == walked
    assert ex.count(problem) == len(walked)


@pytest.mark.rule(*RULES)
@settings(max_examples=120, deadline=None)
@given(problems(most=5, top=14))
def test_cpsat_proves_the_optimum_the_brute_force_finds(problem: cb.AssignmentProblem) -> None:
    expected = bf.best(problem)
    (answer,) = cp.solve([problem], time_limit=20)
    assert answer.status is Status.OPTIMAL
    assert answer.canonical
    assert dict(answer.assignment) == expected
    assert ex.best(problem) == expected
    s = cb.score(problem, answer.assignment)
    assert answer.objective == answer.bound == cb.primary(problem, s)


@pytest.mark.rule(*RULES)
@settings(max_examples=60, deadline=None)
@given(problems(most=4, top=10))
def test_cpsat_enumerates_every_legal_assignment_once(problem: cb.AssignmentProblem) -> None:
    listed, found, complete = cp.enumerate_all(problem, limit=10**6, time_limit=20)
    assert complete
    assert found == len(bf.legal_set(problem))
    assert {tuple(a[r] for r in problem.ids) for a in listed} == bf.legal_set(problem)


@pytest.mark.rule("Riftbound 460.2.c")
@settings(max_examples=40, deadline=None)
@given(problems(), problems())
def test_two_sides_solved_in_one_model_get_each_its_own_optimum(
    one: cb.AssignmentProblem, two: cb.AssignmentProblem
) -> None:
    together = cp.solve([one, two], time_limit=20)
    alone = [cp.solve([p], time_limit=20)[0] for p in (one, two)]
    assert [dict(a.assignment) for a in together] == [dict(a.assignment) for a in alone]


def test_a_time_limit_too_short_is_never_reported_infeasible() -> None:
    units = tuple(
        cb.Receiver(f"u{i:02d}", 1 + i % 5, first=cb.TANK if i % 4 == 0 else None)
        for i in range(40)
    )
    big = cb.AssignmentProblem(200, units, cb.Objective.DAMAGE)
    (answer,) = cp.solve([big], time_limit=0.001)
    assert answer.status in (Status.UNKNOWN, Status.FEASIBLE, Status.OPTIMAL)
    if answer.status is Status.UNKNOWN:
        assert answer.assignment == {} and answer.objective is None
    else:
        cb.check(big, answer.assignment)


def test_no_unit_to_assign_positive_damage_to_is_infeasible_not_unknown() -> None:
    (answer,) = cp.solve([cb.AssignmentProblem(3, ())])
    assert answer.status is Status.INFEASIBLE
    assert ex.count(cb.AssignmentProblem(3, ())) == 0
    assert bf.best(cb.AssignmentProblem(3, ())) is None
    assert ex.best(cb.AssignmentProblem(3, ())) is None
