"""Solving a CP-SAT model honestly: one place that turns a solve into a frozen result.

A command builds its model (its own function), then calls ``run`` (or ``solve``, which
reads variables by name) here: the only ``CpSolver`` of arbiter. It
- sets the time limit, a fixed random seed and the number of workers (default 1),
- reports CP-SAT's status as it is: UNKNOWN is never INFEASIBLE, FEASIBLE never OPTIMAL,
- reads values only when there is a solution (after UNKNOWN, CP-SAT's ``value()`` returns
  whatever is in memory rather than failing),
- raises ``InternalError`` with the model's validation message on MODEL_INVALID (a bug in
  the model builder, never bad input).
ortools is imported inside the functions (DESIGN.md: heavy imports stay lazy).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.errors import InternalError
from arbiter.solver.status import Status

SEED = 20240601  # fixed: the same model gives the same answer


@dataclass(frozen=True)
class Solved:
    """The outcome of one solve. ``values`` is empty unless there is a solution;
    ``objective`` and ``bound`` are None for a model without objective or without solution."""

    status: Status
    objective: int | None
    bound: int | None
    wall_time: float
    values: Mapping[str, int] = field(default_factory=dict)

    @property
    def has_solution(self) -> bool:
        return self.status.has_solution


@dataclass(frozen=True)
class Solve:
    """One solve as its caller reads it: the status, the values of ``read`` (empty unless
    there is a solution), the objective and its proven bound (None without a solution or
    without an objective), and the wall time."""

    status: Status
    values: tuple[int, ...]
    objective: float | None
    bound: float | None
    wall_time: float


def run(
    model: Any,
    *,
    time_limit: float,
    read: Sequence[Any] = (),
    what: str = "the model",
    workers: int = 1,
    seed: int = SEED,
    callback: Any = None,
    enumerate_all: bool = False,
    fixed_search: bool = False,
    parameters: Mapping[str, bool | int | float] | None = None,
) -> Solve:
    """The one CP-SAT solve of arbiter: ``model`` with a time limit, the fixed seed and
    ``workers``; ``enumerate_all`` calls ``callback`` on every solution (one worker);
    ``fixed_search`` follows the model's decision strategy exactly (no presolve)."""
    from ortools.sat.python import cp_model

    from arbiter.solver.limits import clamp

    if not time_limit > 0:
        raise InternalError(f"a time limit must be positive, got {time_limit}")
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = 1 if enumerate_all or fixed_search else workers
    if enumerate_all:
        solver.parameters.enumerate_all_solutions = True
    if fixed_search:
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
        solver.parameters.cp_model_presolve = False
    from arbiter.solver.limits import note_cut_solve

    for name, value in (parameters or {}).items():
        setattr(solver.parameters, name, value)  # e.g. cp_model_presolve for tiny models
    solver.parameters.max_time_in_seconds = float(clamp(time_limit))  # the command's limit
    start = time.perf_counter()
    code = solver.solve(model, callback) if callback is not None else solver.solve(model)
    wall = time.perf_counter() - start
    if code == cp_model.MODEL_INVALID:
        raise InternalError(f"CP-SAT: MODEL_INVALID for {what}: {model.validate() or 'no message'}")
    status = {
        cp_model.OPTIMAL: Status.OPTIMAL,
        cp_model.FEASIBLE: Status.FEASIBLE,
        cp_model.INFEASIBLE: Status.INFEASIBLE,
    }.get(code, Status.UNKNOWN)
    if status in (Status.FEASIBLE, Status.UNKNOWN):
        note_cut_solve()
    if not status.has_solution:
        return Solve(status, (), None, None, wall)
    values = tuple(int(solver.value(v)) for v in read)
    if not model.has_objective():
        return Solve(status, values, None, None, wall)
    return Solve(status, values, solver.objective_value, solver.best_objective_bound, wall)


def solve(
    model: Any,
    variables: Mapping[str, Any],
    *,
    time_limit: float,
    workers: int = 1,
    seed: int = SEED,
    parameters: Mapping[str, bool | int | float] | None = None,
) -> Solved:
    """Solve ``model`` (a ``cp_model.CpModel``) and read ``variables`` by name."""
    names = list(variables)
    done = run(
        model,
        time_limit=time_limit,
        read=[variables[n] for n in names],
        workers=workers,
        seed=seed,
        parameters=parameters,
    )
    if not done.status.has_solution:
        return Solved(done.status, None, None, done.wall_time)
    objective = None if done.objective is None else round(done.objective)
    bound = None if done.bound is None else round(done.bound)
    return Solved(
        done.status, objective, bound, done.wall_time, dict(zip(names, done.values, strict=True))
    )
