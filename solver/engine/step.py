"""One step of a scenario: resolved by its own pure ``resolve``, or by the solver that
decides what it leaves open; then the triggers its events triggered (TRIG-1).

The wiring is explicit: ``RESOLVERS`` and ``AFTER_STEP`` are literal, nothing registers
itself on import, so no answer depends on which modules were imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arbiter.model.damage.combat_state import Combat
from arbiter.model.damage.steps import DealDamage, ResolveDamage
from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.state import GameState
from arbiter.model.steps import Step
from arbiter.solver.damage import combat_resolve
from arbiter.solver.damage import resolve as damage
from arbiter.solver.engine import triggers
from arbiter.solver.engine.options import RunOptions

Resolver = Callable[[Step, GameState, RunOptions], GameState]
# Steps that need a decision procedure, by step class.
RESOLVERS: Mapping[type[Step], Resolver] = {
    DealDamage: damage.resolve_deal,
    ResolveDamage: damage.resolve_later,
    Combat: combat_resolve.resolve_combat,
}

AfterStep = Callable[[GameState, GameState, RunOptions], GameState]
# Run after every resolved step, in order: (state before, state after, options) -> state.
AFTER_STEP: tuple[AfterStep, ...] = (triggers.after_step,)


def resolve_step(step: Step, state: GameState, options: RunOptions) -> GameState:
    gone = [t for t in step.target_ids() if t not in state.objects and t not in state.players]
    if gone:  # a token that stopped existing (Decision RB-GONE)
        raise IllegalAction("RB-GONE", f"{', '.join(gone)} no longer exists")
    resolver = RESOLVERS.get(type(step))
    if resolver is not None:
        return resolver(step, state, options)
    return step.resolve(state)


def after_step(before: GameState, after: GameState, options: RunOptions) -> GameState:
    for hook in AFTER_STEP:
        after = hook(before, after, options)
    return after


def located(exc: InputError, step: Step, index: int) -> InputError:
    """``exc`` as one located line: a step that found its input out of range (or a solve
    that ran out of time) is reported at the step's place in the scenario file."""
    if exc.location is not None:
        return exc
    return InputError(exc.message, location=step.where, path=exc.path or f"steps[{index}]")
