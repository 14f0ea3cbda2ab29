"""Legal and optimal damage splits with CP-SAT (RULES §7, D-DIST-1, D-TIME-3/4, D-LETHAL-1).

``build`` states a ``SplitProblem`` as a CP-SAT model; ``solve`` optimises it
stage by stage (the objective, then its tie-breaks, then the canonical order so
the answer is unique). The caller never sees ``cp_model``. The brute-force twin
is ``damage_problem.brute_force``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.solver import cpsat
from arbiter.solver.damage.lexico import Term, packs, weighted
from arbiter.solver.damage.problem import (
    STAGES,
    Allocation,
    Method,
    SplitProblem,
    score,
    stage_values,
)
from arbiter.solver.status import Status

PACK_BITS = 40  # one solve optimises terms whose combined weights stay below 2**PACK_BITS
# for the optimisation steps (not the canonical search, whose fixed order they slow
# down): 2-3x faster proofs of 200-target splits with identical optima
# (benchmarks/damage.py --cpsat-params, docs/benchmarks.md)
TUNED: dict[str, int] = {
    "symmetry_level": 0,
    "cp_model_probing_level": 0,
    "linearization_level": 2,
}


@dataclass(frozen=True)
class Built:
    """A CP-SAT model of a split and its expressions (opaque to callers)."""

    model: Any
    alloc: tuple[Any, ...]
    exprs: Mapping[str, Any]
    spans: Mapping[str, int]


def build(problem: SplitProblem) -> Built:
    """Variables a_i (allocated), c_i (chosen), k_i (destroyed), o_i (overkill), d_i (dealt).

    D-DIST-1: a chosen target gets at least 1 and the pool is used up; D-TIME-3/4
    through ``cap``; D-LETHAL-1: destroying a target takes its health plus the
    prevention that applies, stated linearly (a_i >= need_i k_i) so the LP
    relaxation is a knapsack.
    """
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    cap = problem.cap
    alloc, chosen, dealt, kills, weighted, over = [], [], [], [], [], []
    value_span = 1
    for i, t in enumerate(problem.targets):
        a = m.new_int_var(0, cap, f"a{i}")
        c = m.new_bool_var(f"c{i}")
        m.add(a >= c)
        m.add(a <= cap * c)
        if t.required and not problem.short:
            m.add(c == 1)  # chosen at finalization: every one gets at least 1 (D-TIME-2)
        alloc.append(a)
        chosen.append(c)
        if t.immune:
            continue  # takes nothing from this source: never dealt damage, never destroyed
        if t.shield == 0:
            dealt.append(a)
        else:
            # d = max(0, a - shield), stated with "gets through" p so that the LP
            # relaxation is tight in both senses
            top = max(0, cap - t.shield)
            d = m.new_int_var(0, top, f"d{i}")
            p = m.new_bool_var(f"p{i}")
            m.add(a >= t.shield + 1).only_enforce_if(p)
            m.add(a <= t.shield).only_enforce_if(~p)
            m.add(d >= a - t.shield)
            m.add(d <= a - t.shield * p)
            m.add(d <= top * p)
            dealt.append(d)
        need = t.need
        if need is None or need > cap:
            continue
        k = m.new_bool_var(f"k{i}")
        m.add(a >= need * k)
        m.add(a <= need - 1 + (cap - need + 1) * k)
        o = m.new_int_var(0, cap - need, f"o{i}")
        m.add(o == a - need).only_enforce_if(k)
        m.add(o == 0).only_enforce_if(~k)
        kills.append(k)
        weighted.append(t.weight * k)
        value_span += t.weight
        over.append(o)
    m.add(sum(alloc) == problem.pool)
    if problem.max_targets is not None:
        m.add(sum(chosen) <= problem.max_targets)
    exprs = {
        "kills": sum(kills),
        "value": sum(weighted),
        "damage": sum(dealt),
        "overkill": sum(over),
    }
    spans = {
        "kills": len(kills) + 1,
        "value": value_span,
        "damage": problem.pool + 1,
        "overkill": problem.pool + 1,
    }
    return Built(m, tuple(alloc), exprs, spans)


def terms(problem: SplitProblem, built: Built) -> tuple[Term, ...]:
    """The objective's stages as maximised, non-negative terms (the defender negates)."""
    out = []
    sign = 1 if problem.maximise else -1
    for stage in STAGES[problem.objective]:
        name = stage.lstrip("-")
        flip = sign * (-1 if stage.startswith("-") else 1)
        span = built.spans[name]
        expr = built.exprs[name] if flip > 0 else (span - 1) - built.exprs[name]
        out.append(Term(stage, expr, span))
    return tuple(out)


def _fits_one_pack(problem: SplitProblem, criteria: list[Term]) -> bool:
    size: int = math.prod(t.span for t in criteria) * (problem.cap + 1) ** len(problem.targets)
    return bool(size < 2**PACK_BITS)




@dataclass(frozen=True)
class Stage:
    """One solve of a staged optimisation: the allocation found, the objective and bound
    of the stage, and the values the watched criteria reached."""

    status: Status
    values: tuple[int, ...] = ()
    objective: float = 0.0
    bound: float = 0.0
    watched: tuple[int, ...] = ()


@dataclass
class _Run:
    """Bookkeeping of one staged solve (local to ``solve``)."""

    built: Built
    workers: int
    deadline: float
    solves: int = 0

    def _time_left(self) -> float:
        return max(0.001, self.deadline - time.perf_counter())

    def step(self, objective: Any, watch: Sequence[Any] = ()) -> Stage:
        m = self.built.model
        m.clear_objective()
        constant = isinstance(objective, int)
        if not constant:
            m.maximize(objective)
        exprs = [e for e in watch if not isinstance(e, int)]
        alloc = list(self.built.alloc)
        done = cpsat.run(
            m,
            time_limit=self._time_left(),
            read=[*alloc, *exprs],
            what="the split model",
            workers=self.workers,
            parameters=TUNED,
        )
        self.solves += 1
        if not done.status.has_solution:
            return Stage(done.status)
        values = done.values[: len(alloc)]
        reached = iter(done.values[len(alloc) :])
        watched = tuple(e if isinstance(e, int) else next(reached) for e in watch)
        m.clear_hints()
        for a, v in zip(alloc, values, strict=True):
            m.add_hint(a, v)
        if constant or done.objective is None or done.bound is None:
            return Stage(done.status, values, float(objective), float(objective), watched)
        return Stage(done.status, values, done.objective, done.bound, watched)

    def lexmax(self) -> Stage:
        """The canonical optimum: the allocation largest in target order (unique).

        A depth-first search decides a_1, a_2, ... in order, trying the upper half
        of a domain before the lower half (a binary search on each value), so the
        first solution it finds is the lexicographically largest feasible
        allocation; every criterion before it is already fixed as a constraint.
        """
        from ortools.sat.python import cp_model

        m = self.built.model
        m.clear_objective()
        m.clear_hints()  # a hint would be returned as the first solution
        m.add_decision_strategy(
            list(self.built.alloc), cp_model.CHOOSE_FIRST, cp_model.SELECT_UPPER_HALF
        )
        done = cpsat.run(  # the decision order kept exact: fixed search, no presolve
            m,
            time_limit=self._time_left(),
            read=list(self.built.alloc),
            what="the split model",
            fixed_search=True,
        )
        self.solves += 1
        return Stage(done.status, done.values)


def solve(
    problem: SplitProblem,
    *,
    time_limit: float = 10.0,
    workers: int = 1,
    canonical: bool = True,
    method: Method = Method.AUTO,
) -> Allocation:
    """Optimise a split: the objective, its tie-breaks, then the canonical order.

    ``method`` AUTO: a split that separates (``dp.separable``) is solved exactly by
    the dynamic programme (``solves`` 0, the canonical answer always); otherwise, and
    with CP_SAT, the criteria are optimised lexicographically by CP-SAT, packed a few
    at a time into one weighted objective; each pack is proven optimal and fixed
    before the next. The reported ``objective`` and ``bound`` are those of the first
    criterion.
    """
    if method is not Method.CP_SAT:
        from arbiter.solver.damage.dp import separable, solve_dp

        if method is Method.DP or separable(problem):
            return solve_dp(problem)
    from ortools.sat.python import cp_model  # noqa: F401 - loaded before the clock starts

    from arbiter.solver.limits import clamp

    start = time.perf_counter()
    built = build(problem)
    run = _Run(built, workers, start + clamp(time_limit))
    criteria = list(terms(problem, built))
    folded = canonical and _fits_one_pack(problem, criteria)
    if folded:  # small instances: the canonical order joins the one weighted objective
        criteria += [
            Term(f"a[{t.id}]", a, problem.cap + 1)
            for t, a in zip(problem.targets, built.alloc, strict=True)
        ]
    status = Status.OPTIMAL
    values: list[int] = []
    objective: int | None = None
    bound: int | None = None
    notes: list[str] = []
    is_canonical = folded
    for n, pack in enumerate(packs(criteria, PACK_BITS)):
        expr, weights = weighted(pack)
        stage = run.step(expr, [t.expr for t in pack])
        if not stage.status.has_solution:
            if n == 0:
                out = stage.status  # INFEASIBLE or UNKNOWN, as CP-SAT said
                return Allocation(out, {}, frozenset(), None, None, time.perf_counter() - start)
            status = Status.FEASIBLE
            is_canonical = False
            notes.append(f"'{pack[0].name}' not proven within the time limit")
            break
        values = list(stage.values)
        if n == 0:
            objective, bound = _first(
                problem, built, pack[0], weights[0], stage.objective, stage.bound
            )
        if stage.status is not Status.OPTIMAL:
            status = Status.FEASIBLE
            is_canonical = False
            notes.append(f"'{pack[0].name}' not proven optimal within the time limit")
            break
        for t, v in zip(pack, stage.watched, strict=True):
            if not isinstance(t.expr, int):
                built.model.add(t.expr == v)  # proven best: fixed before the next criteria
    if status is Status.OPTIMAL and canonical and not folded:
        last = run.lexmax()
        if last.status.has_solution:
            values = list(last.values)
            is_canonical = True
        else:  # the allocation is still optimal; only the canonical tie-break is missing
            notes.append("the canonical order was not reached within the time limit")
    split = {t.id: v for t, v in zip(problem.targets, values, strict=True)}
    s = score(problem, split)
    return Allocation(
        status,
        split,
        s.destroyed,
        objective,
        bound,
        time.perf_counter() - start,
        stages=stage_values(problem, s),
        solves=run.solves,
        notes=tuple(notes),
        canonical=is_canonical,
    )


def _first(
    problem: SplitProblem, built: Built, term: Term, weight: int, obj: float, bnd: float
) -> tuple[int, int]:
    """The first criterion's value and proven bound, in its own sense (not negated)."""
    top = round(obj) // weight
    best = math.floor(bnd + 1e-6) // weight
    name = term.name.lstrip("-")
    if problem.maximise:
        return top, best
    return (built.spans[name] - 1) - top, (built.spans[name] - 1) - best


def all_optimal(
    problem: SplitProblem,
    objective_value: int,
    *,
    limit: int = 100,
    time_limit: float = 10.0,
    workers: int = 1,
) -> tuple[tuple[dict[str, int], ...], bool]:
    """Every allocation reaching the optimal objective (at most ``limit``), and whether
    that list is complete."""
    from ortools.sat.python import cp_model

    from arbiter.solver.limits import note_cut_solve

    built = build(problem)
    first = STAGES[problem.objective][0]
    if not isinstance(built.exprs[first], int):
        built.model.add(built.exprs[first] == objective_value)
    elif built.exprs[first] != objective_value:
        return (), True
    found: list[dict[str, int]] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            pairs = zip(problem.targets, built.alloc, strict=True)
            found.append({t.id: self.value(a) for t, a in pairs})
            if len(found) > limit:
                self.stop_search()

    done = cpsat.run(  # enumeration: one worker
        built.model,
        time_limit=time_limit,
        what="the enumeration model",
        callback=Collect(),
        enumerate_all=True,
    )
    complete = done.status in (Status.OPTIMAL, Status.INFEASIBLE) and len(found) <= limit
    if done.status not in (Status.OPTIMAL, Status.INFEASIBLE):
        note_cut_solve()
    key = [t.id for t in problem.targets]
    unique = {tuple(sp[k] for k in key): sp for sp in found}
    ordered = sorted(unique, reverse=True)[:limit]
    return tuple(unique[k] for k in ordered), complete
