"""The split a scenario leaves open, as a ``SplitProblem`` (for ``arbiter damage`` and the API).

The file's first ``split`` step whose allocation is left open (or, failing that,
the first fixed one) is found; the steps before it are run; the problem is built
in the state they reach.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from arbiter.model.scenario import Scenario
from arbiter.model.state import GameState
from arbiter.solver.damage.problem import Allocation, SplitProblem


def find_step(steps: tuple[Any, ...], source: str = "<scenario>") -> tuple[int, Any]:
    """The first open split step, else the first fixed one (InputError if there is none)."""
    from arbiter.model.damage import instructions as dm
    from arbiter.model.damage.steps import DealDamage, ResolveDamage

    fixed: tuple[int, Any] | None = None
    for i, step in enumerate(steps):
        if isinstance(step, DealDamage) and step.instruction.mode is dm.Mode.SPLIT:
            if step.is_open:
                return i, step
            fixed = fixed or (i, step)
        elif isinstance(step, ResolveDamage):
            if step.allocation is None:
                return i, step
            fixed = fixed or (i, step)
    if fixed is None:
        from arbiter.model.errors import InputError, Location

        raise InputError(
            "expected a 'damage' step with 'split:' (or 'resolve_damage') to allocate",
            location=Location(source, 1, 1),
        )
    return fixed


def state_before(scenario: Scenario, index: int) -> GameState:
    """The state after the steps before ``index`` (the first refusal is raised)."""
    from arbiter.solver.engine import runner as engine

    before = engine.run(replace(scenario, steps=scenario.steps[:index], expect=()))
    if before.stopped_by is not None:
        raise before.stopped_by
    return before.state


def is_open(step: Any) -> bool:
    from arbiter.model.damage.steps import DealDamage

    return bool(step.is_open if isinstance(step, DealDamage) else step.allocation is None)


@dataclass(frozen=True)
class OpenSplit:
    """An open split: its step, instruction, objective, who it is for, and the problem."""

    index: int
    instruction: str
    objective: str
    for_player: str
    problem: SplitProblem


def open_split(
    state: GameState, index: int, step: Any, objective: str | None, for_player: str | None
) -> OpenSplit:
    """The problem of the open split ``step`` in ``state`` (IllegalAction on bad targets)."""
    from arbiter.model.damage import instructions as dm
    from arbiter.model.damage.steps import DealDamage, take_pending
    from arbiter.solver.damage.problem import problem_for

    chosen = objective or step.objective
    who = for_player or step.for_player
    if isinstance(step, DealDamage):
        instr, targets, candidates = step.instruction, step.targets, step.candidates
        if targets is not None:
            dm.finalize(state, instr, targets)  # D-TIME-1/3: IllegalAction
    else:
        pending = step.pending(state)
        assert pending.instruction is not None
        instr, targets, candidates = pending.instruction, pending.targets, None
        state = take_pending(state, pending)
    problem = problem_for(state, instr, targets, candidates, step.weights, chosen, who)
    return OpenSplit(index, instr.id, chosen, who or instr.controller, problem)


def rows(problem: SplitProblem, result: Allocation) -> list[dict[str, Any]]:
    """One row per target: what it gets, what is prevented and dealt, whether it is destroyed."""
    from arbiter.solver.damage.problem import score

    s = score(problem, result.split)
    out = []
    for t in problem.targets:
        given = result.split.get(t.id, 0)
        out.append(
            {
                "target": t.id,
                "damage": given,
                "dealt": s.dealt[t.id],
                "prevented": 0 if t.immune else min(given, t.shield),
                "destroyed": t.id in s.destroyed,
                "needs": t.need,
                "shield": t.shield,
                "value": t.weight,
            }
        )
    return out
