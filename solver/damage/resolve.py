"""Resolving damage steps whose split is left open: CP-SAT chooses it
(``solver/engine/step.py`` RESOLVERS). ortools is imported only when a split is open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arbiter.model.damage import instructions as dm
from arbiter.model.damage import pipeline as drp
from arbiter.model.damage.steps import DealDamage, ResolveDamage, take_pending
from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep
from arbiter.solver.engine.options import RunOptions


def choose(
    state: GameState,
    instr: dm.Instruction,
    targets: Sequence[str] | None,
    candidates: Sequence[str] | None,
    weights: Mapping[str, int],
    objective: str,
    for_player: str | None,
    options: RunOptions,
) -> tuple[dict[str, int], Event]:
    """The optimal split for the step, and an event that reports the proof."""
    from arbiter.solver.damage.problem import problem_for
    from arbiter.solver.damage.split import solve
    from arbiter.solver.status import Status

    problem = problem_for(state, instr, targets, candidates, weights, objective, for_player)
    result = solve(problem, time_limit=options.time_limit, workers=options.workers)
    if result.status is Status.INFEASIBLE:
        raise IllegalAction("D-DIST-1", f"no legal split of {problem.pool} among the candidates")
    if result.status is Status.UNKNOWN:
        raise InputError(
            f"no split of {instr.id} found within {options.time_limit}s (status UNKNOWN); "
            "raise --time-limit"
        )
    event = Event(
        "optimal_split",
        (
            ("instruction", instr.id),
            ("objective", objective),
            ("for", for_player or instr.controller),
            ("status", result.status.value),
            ("value", result.objective),
            ("bound", result.bound),
            ("allocation", dict(result.split)),
            ("destroyed", sorted(result.destroyed)),
        ),
        ("D-DIST-1", "D-LETHAL-1"),
        (RuleStep("D-LETHAL-1", "lethal damage counts the prevention that applies"),),
    )
    return dict(result.split), event


def resolve_deal(step: Step, state: GameState, options: RunOptions) -> GameState:
    assert isinstance(step, DealDamage)
    if not step.is_open:
        return step.resolve(state)
    split, event = choose(
        state,
        step.instruction,
        step.targets,
        step.candidates,
        step.weights,
        step.objective,
        step.for_player,
        options,
    )
    targets = step.targets
    if targets is None:
        targets = tuple(t for t, n in split.items() if n > 0)
        split = {t: split[t] for t in targets}
    pending = dm.finalize(state, step.instruction, targets)
    state = state.with_event(event)
    return drp.deal(state, pending, split, step.shield_order)


def resolve_later(step: Step, state: GameState, options: RunOptions) -> GameState:
    assert isinstance(step, ResolveDamage)
    if not step.is_open_in(state):
        return step.resolve(state)
    pending = step.pending(state)
    assert pending.instruction is not None
    split, event = choose(
        state,
        pending.instruction,
        pending.targets,
        None,
        step.weights,
        step.objective,
        step.for_player,
        options,
    )
    state = take_pending(state, pending).with_event(event)
    return drp.deal(state, pending, split, step.shield_order)
