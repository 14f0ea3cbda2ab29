"""Legal and optimal damage splits with CP-SAT (RULES §7, D-DIST-1, D-TIME-3/4, D-LETHAL-1).

``build`` states a ``SplitProblem`` as a CP-SAT model; ``solve`` optimises it
stage by stage (the objective, then its tie-breaks, then the canonical order so
the answer is unique). The caller never sees ``cp_model``. The brute-force twin
is ``damage_problem.brute_force``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from model.errors import InternalError
from solver.damage_problem import (
    STAGES,
    Allocation,
    SplitProblem,
    Status,
    score,
)

SEED = 20240601
COEFF_BITS = 40  # the largest weight of one canonical-order block is below 2**40


@dataclass(frozen=True)
class Built:
    """A CP-SAT model of a split and its expressions (opaque to callers)."""

    model: Any
    alloc: tuple[Any, ...]
    exprs: Mapping[str, Any]


def build(problem: SplitProblem) -> Built:
    """Variables: a_i (allocated), c_i (chosen), d_i (dealt after prevention),
    k_i (destroyed), o_i (overkill), with D-DIST-1, D-TIME-3/4 and D-LETHAL-1."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    cap = problem.cap
    alloc, chosen, dealt, kills, weighted, over = [], [], [], [], [], []
    for i, t in enumerate(problem.targets):
        a = m.new_int_var(0, cap, f"a{i}")
        c = m.new_bool_var(f"c{i}")
        m.add(a >= c)  # a chosen target gets at least 1 (D-DIST-1)
        m.add(a <= cap * c)
        if t.required and not problem.short:
            m.add(c == 1)  # chosen at finalization: no target dropped (D-TIME-2)
        alloc.append(a)
        chosen.append(c)
        need = t.need
        if t.immune:
            continue  # takes nothing from this source: no dealt damage, never destroyed
        d = m.new_int_var(0, cap, f"d{i}")
        m.add_max_equality(d, [a - t.shield, 0])  # prevention first (D-LETHAL-1)
        dealt.append(d)
        if need is None or need > cap:
            continue
        h = need - t.shield
        k = m.new_bool_var(f"k{i}")
        m.add(d >= h).only_enforce_if(k)
        m.add(d <= h - 1).only_enforce_if(~k)
        o = m.new_int_var(0, cap, f"o{i}")
        m.add(o == d - h).only_enforce_if(k)
        m.add(o == 0).only_enforce_if(~k)
        kills.append(k)
        weighted.append(t.weight * k)
        over.append(o)
    m.add(sum(alloc) == problem.pool)
    if problem.max_targets is not None:
        m.add(sum(chosen) <= problem.max_targets)
    exprs = {
        "kills": sum(kills),
        "value": sum(weighted),
        "damage": sum(dealt),
        "-overkill": -sum(over),
    }
    return Built(m, tuple(alloc), exprs)


_STATUS = {"OPTIMAL": Status.OPTIMAL, "FEASIBLE": Status.FEASIBLE}


@dataclass
class _Run:
    """Bookkeeping of one staged solve (local to ``solve``)."""

    built: Built
    workers: int
    deadline: float
    solves: int = 0

    def step(self, maximise: Any | None) -> tuple[str, list[int], float, float]:
        from ortools.sat.python import cp_model

        m = self.built.model
        m.clear_objective()
        if maximise is not None and not isinstance(maximise, int):
            m.maximize(maximise)
        solver = cp_model.CpSolver()
        solver.parameters.random_seed = SEED
        solver.parameters.num_workers = self.workers
        solver.parameters.max_time_in_seconds = max(0.001, self.deadline - time.perf_counter())
        code = solver.solve(m)
        self.solves += 1
        name = solver.status_name(code)
        if name == "MODEL_INVALID":
            raise InternalError(f"CP-SAT rejected the split model: {m.validate()}")
        if name not in _STATUS:
            return name, [], 0.0, 0.0
        values = [solver.value(a) for a in self.built.alloc]
        m.clear_hints()
        for a, v in zip(self.built.alloc, values, strict=True):
            m.add_hint(a, v)
        if maximise is None or isinstance(maximise, int):
            constant = float(maximise or 0)
            return name, values, constant, constant
        return name, values, solver.objective_value, solver.best_objective_bound


def solve(
    problem: SplitProblem,
    *,
    time_limit: float = 10.0,
    workers: int = 1,
    canonical: bool = True,
) -> Allocation:
    """Optimise a split: the objective's stages in turn, each proven before the next."""
    start = time.perf_counter()
    run = _Run(build(problem), workers, start + time_limit)
    exprs = run.built.exprs
    sign = 1 if problem.maximise else -1
    status, values, objective, bound = Status.OPTIMAL, [], 0.0, 0.0
    first_objective: int | None = None
    first_bound: int | None = None
    stages: list[int] = []
    notes: list[str] = []
    for n, name in enumerate(STAGES[problem.objective]):
        code, found, obj, bnd = run.step(sign * exprs[name])
        if not found:
            if n == 0:
                out = Status.INFEASIBLE if code == "INFEASIBLE" else Status.UNKNOWN
                return Allocation(out, {}, frozenset(), None, None, time.perf_counter() - start)
            status = Status.FEASIBLE  # a later stage ran out of time: keep what is proven
            notes.append(f"tie-break '{name}' not proven within the time limit")
            break
        values, objective, bound = found, obj, bnd
        if n == 0:
            first_objective = sign * round(objective)
            first_bound = sign * math.floor(bound + 1e-6)
        if code != "OPTIMAL":
            status = Status.FEASIBLE
            notes.append(f"stage '{name}' not proven optimal within the time limit")
            break
        stages.append(round(objective))
        if not isinstance(exprs[name], int):
            run.built.model.add(sign * exprs[name] == round(objective))
    if status is Status.OPTIMAL and canonical:
        values, proven = _canonical(run, problem, values)
        if not proven:
            status = Status.FEASIBLE
            notes.append("canonical order not proven within the time limit")
    split = {t.id: v for t, v in zip(problem.targets, values, strict=True)}
    s = score(problem, split)
    return Allocation(
        status,
        split,
        s.destroyed,
        first_objective,
        first_bound,
        time.perf_counter() - start,
        stages=tuple(stages),
        solves=run.solves,
        notes=tuple(notes),
    )


def _canonical(run: _Run, problem: SplitProblem, values: list[int]) -> tuple[list[int], bool]:
    """The allocation giving most to the first ids among the optimal ones (unique).

    Maximises blocks of allocations in order with weights (cap+1)^j, each block
    small enough that its weights stay below 2**COEFF_BITS.
    """
    cap = problem.cap
    n = len(values)
    block = max(1, COEFF_BITS // max(1, math.ceil(math.log2(cap + 2))))
    alloc = run.built.alloc
    m = run.built.model
    i = 0
    while i < n - 1:
        if values[i] == _upper(problem, i, sum(values[i:])):
            m.add(alloc[i] == values[i])  # already as large as it can be
            i += 1
            continue
        part = range(i, min(n, i + block))
        expr = sum(alloc[j] * (cap + 1) ** (part[-1] - j) for j in part)
        code, found, _, _ = run.step(expr)
        if code != "OPTIMAL":
            return values, False
        values = found
        for j in part:
            m.add(alloc[j] == values[j])
        i = part[-1] + 1
    return values, True


def _upper(problem: SplitProblem, i: int, rest: int) -> int:
    """The most target i can get when ``rest`` is left for it and the later targets."""
    later = 0 if problem.short else sum(1 for t in problem.targets[i + 1 :] if t.required)
    return min(problem.cap, rest - later)


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

    solver = cp_model.CpSolver()
    solver.parameters.random_seed = SEED
    solver.parameters.num_workers = 1  # enumeration needs a single worker
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.max_time_in_seconds = time_limit
    code = solver.solve(built.model, Collect())
    name = solver.status_name(code)
    if name == "MODEL_INVALID":
        raise InternalError("CP-SAT rejected the enumeration model")
    complete = name in ("OPTIMAL", "INFEASIBLE") and len(found) <= limit
    key = [t.id for t in problem.targets]
    unique = {tuple(sp[k] for k in key): sp for sp in found}
    ordered = sorted(unique, reverse=True)[:limit]
    return tuple(unique[k] for k in ordered), complete
