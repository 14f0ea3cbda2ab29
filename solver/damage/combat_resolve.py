"""Resolving ``combat`` steps whose assignment is left open: CP-SAT chooses it
(engine.RESOLVERS). ortools is imported only when a side is open."""

from __future__ import annotations

from arbiter.model.damage import combat_state as cs
from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.state import JSON, GameState
from arbiter.model.steps import Step
from arbiter.solver.engine.options import RunOptions


def resolve_combat(step: Step, state: GameState, options: RunOptions) -> GameState:
    """Fixed sides are checked; open sides get the proven optimum of the step's objective
    (both sides in one model), reported on the side's ``combat_assignment`` event."""
    assert isinstance(step, cs.Combat)
    if not step.open_sides:
        return step.resolve(state)
    from arbiter.solver.damage.combat_cpsat import solve
    from arbiter.solver.status import Status

    sides = step.open_sides
    problems = [cs.problem_for(state, step, side) for side in sides]
    answers = solve(problems, time_limit=options.time_limit, workers=options.workers)
    chosen = {s: dict(step.assign[s] or {}) for s in cs.Side if s not in sides}
    reports: dict[cs.Side, dict[str, JSON]] = {}
    for side, problem, answer in zip(sides, problems, answers, strict=True):
        if answer.status is Status.INFEASIBLE:
            raise IllegalAction("Riftbound 460.2.c", f"no legal assignment for the {side.value}")
        if answer.status is Status.UNKNOWN:
            raise InputError(
                f"no combat assignment found within {options.time_limit}s (status UNKNOWN); "
                "raise --time-limit"
            )
        chosen[side] = dict(answer.assignment)
        reports[side] = {
            "status": answer.status.value,
            "objective": problem.objective.value,
            "sense": "maximise" if problem.maximise else "minimise",
            "value": answer.objective,
            "bound": answer.bound,
        }
    return cs.deal(state, step, chosen, reports)

