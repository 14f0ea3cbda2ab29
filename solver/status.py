"""The one vocabulary of every solver result (DESIGN.md, "Solvers are honest")."""

from __future__ import annotations

from enum import Enum


class Status(Enum):
    """How far a decision got: proven best (or every case searched), a solution without the
    proof, proven impossible, or nothing known (a time limit ran out first)."""

    OPTIMAL = "OPTIMAL"
    FEASIBLE = "FEASIBLE"
    INFEASIBLE = "INFEASIBLE"
    UNKNOWN = "UNKNOWN"

    @property
    def has_solution(self) -> bool:
        return self in (Status.OPTIMAL, Status.FEASIBLE)
