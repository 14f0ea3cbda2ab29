"""Solving a CP-SAT model honestly: one place that turns a solve into a frozen result.

A command builds its model (its own function), then calls ``solve`` here, which
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
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from arbiter.model.errors import InternalError

SEED = 20240601  # fixed: the same model gives the same answer


class Status(Enum):
    OPTIMAL = "OPTIMAL"
    FEASIBLE = "FEASIBLE"
    INFEASIBLE = "INFEASIBLE"
    UNKNOWN = "UNKNOWN"


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
        return self.status in (Status.OPTIMAL, Status.FEASIBLE)


def new_solver(time_limit: float, workers: int = 1, seed: int = SEED) -> Any:
    """A ``CpSolver`` with the project's settings: a time limit, a fixed seed, ``workers``."""
    from ortools.sat.python import cp_model

    if not time_limit > 0:
        raise InternalError(f"a time limit must be positive, got {time_limit}")
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    return solver


def status_name(solver: Any, code: Any, model: Any, what: str) -> str:
    """CP-SAT's status name for ``code``; MODEL_INVALID raises ``InternalError`` with the
    model's validation message (a bug in the builder of ``what``, never bad input)."""
    name = str(solver.status_name(code))
    if name == "MODEL_INVALID":
        raise InternalError(f"CP-SAT: MODEL_INVALID for {what}: {model.validate() or 'no message'}")
    return name


def solve(
    model: Any,
    variables: Mapping[str, Any],
    *,
    time_limit: float,
    workers: int = 1,
    seed: int = SEED,
) -> Solved:
    """Solve ``model`` (a ``cp_model.CpModel``) and read ``variables`` by name."""
    from ortools.sat.python import cp_model

    if not time_limit > 0:
        raise InternalError(f"a time limit must be positive, got {time_limit}")
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    start = time.perf_counter()
    code = solver.solve(model)
    wall = time.perf_counter() - start
    if code == cp_model.MODEL_INVALID:
        raise InternalError(f"CP-SAT model invalid: {model.validate() or 'no message'}")
    status = {
        cp_model.OPTIMAL: Status.OPTIMAL,
        cp_model.FEASIBLE: Status.FEASIBLE,
        cp_model.INFEASIBLE: Status.INFEASIBLE,
    }.get(code, Status.UNKNOWN)
    if status not in (Status.OPTIMAL, Status.FEASIBLE):
        return Solved(status, None, None, wall)
    objective = bound = None
    if model.has_objective():
        objective = round(solver.objective_value)
        bound = round(solver.best_objective_bound)
    values = {name: int(solver.value(var)) for name, var in variables.items()}
    return Solved(status, objective, bound, wall, values)
