"""One step of a scenario: resolved by its own pure ``resolve``, or by the solver that
decides what it leaves open; then the triggers its events triggered (TRIG-1).

The wiring is explicit: ``RESOLVERS`` and ``AFTER_STEP`` are literal, nothing registers
itself on import, so no answer depends on which modules were imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arbiter.model.damage.combat_state import Combat
from arbiter.model.damage.steps import DealDamage, ResolveDamage
from arbiter.model.errors import InputError
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
    resolver = RESOLVERS.get(type(step))
    if resolver is not None:
        return resolver(step, state, options)
    return step.resolve(state)


def resolve_parts(
    step: Step, state: GameState, options: RunOptions
) -> tuple[GameState, GameState]:
    """Resolve a step part by part (``Step.parts``), the triggers of each part but the last
    resolved before the next (Altered 4.2.d); returns the state before the last part and
    the state after it, for the runner's ``after_step``."""
    parts = step.parts()
    before = state
    for n, part in enumerate(parts):
        if n:
            state = after_step(before, state, options)
            before = state
        state = resolve_step(part, state, options)
    return before, state


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
