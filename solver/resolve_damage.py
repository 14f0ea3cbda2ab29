"""Resolving damage steps whose split is left open: CP-SAT chooses it (engine.RESOLVERS).

Imported by ``engine.load_solver_areas``; ortools is imported only when a split is open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from model import damage as dm
from model import damage_replacement as drp
from model.damage_steps import DealDamage, ResolveDamage, take_pending
from model.errors import IllegalAction, InputError
from model.state import Event, GameState
from model.steps import Step
from model.trace import RuleStep
from solver.engine import RESOLVERS, RunOptions


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
    from solver.damage import solve
    from solver.damage_problem import Status, problem_for

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


RESOLVERS[DealDamage] = resolve_deal
RESOLVERS[ResolveDamage] = resolve_later
