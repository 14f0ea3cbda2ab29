"""One step of a scenario: resolved by its own pure ``resolve``, or by the solver that
decides what it leaves open; then the triggers its events triggered (TRIG-1).

The wiring is explicit: ``RESOLVERS`` and ``AFTER_STEP`` are literal, nothing registers
itself on import, so no answer depends on which modules were imported. ``RESOLVERS`` names
each step class by its module and name, with a function importing the solver that resolves
it: a scenario without such a step imports neither the class nor its solver (issue 19).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arbiter.model.errors import InputError
from arbiter.model.ruleset import TurnStates
from arbiter.model.state import GameState
from arbiter.model.steps import Step, refuse_gone
from arbiter.solver.engine import triggers
from arbiter.solver.engine.options import RunOptions

Resolver = Callable[[Step, GameState, RunOptions], GameState]


# Each resolver, imported by a literal import when a step of its class is resolved.
def _deal_damage() -> Resolver:
    from arbiter.solver.damage import resolve

    return resolve.resolve_deal


def _resolve_damage() -> Resolver:
    from arbiter.solver.damage import resolve

    return resolve.resolve_later


def _combat() -> Resolver:
    from arbiter.solver.damage import combat_resolve

    return combat_resolve.resolve_combat


# Steps that need a decision procedure: (module, class name) of the step's exact class ->
# the function returning its resolver. tests/test_step_resolvers.py pins that each names a
# step class and its resolver.
RESOLVERS: Mapping[tuple[str, str], Callable[[], Resolver]] = {
    ("arbiter.model.damage.steps", "DealDamage"): _deal_damage,
    ("arbiter.model.damage.steps", "ResolveDamage"): _resolve_damage,
    ("arbiter.model.damage.combat_state", "Combat"): _combat,
}

AfterStep = Callable[[GameState, GameState, RunOptions], GameState]


def _turn_states(before: GameState, after: GameState, options: RunOptions) -> GameState:
    """Under ``turn_states: tracked`` the Cleanup's tasks of the states of the turn again,
    after what the step's triggers did (Decision RB-STATES)."""
    if after.ruleset.turn_states is not TurnStates.TRACKED:
        return after
    from arbiter.model import riftbound_states

    return riftbound_states.settle(after)


# Run after every resolved step, in order: (state before, state after, options) -> state.
AFTER_STEP: tuple[AfterStep, ...] = (triggers.after_step, _turn_states)


def resolver_of(step_class: type[Step]) -> Resolver | None:
    """The solver that resolves steps of exactly this class, or None (its own ``resolve``)."""
    load = RESOLVERS.get((step_class.__module__, step_class.__qualname__))
    return load() if load is not None else None


def resolve_step(step: Step, state: GameState, options: RunOptions) -> GameState:
    refuse_gone(step, state)  # a token that stopped existing (Decision RB-GONE)
    if state.ruleset.turn_states is TurnStates.TRACKED:  # Decision RB-STATES
        from arbiter.model import riftbound_states

        return riftbound_states.resolve(step, state, lambda s, st: _resolve(s, st, options))
    return _resolve(step, state, options)


def _resolve(step: Step, state: GameState, options: RunOptions) -> GameState:
    resolver = resolver_of(type(step))
    if resolver is not None:
        return resolver(step, state, options)
    return step.resolve_with(state, lambda part, now: resolve_step(part, now, options))


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
