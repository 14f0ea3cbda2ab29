"""Resolving the steps of a scenario and checking its expectations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.scenario import Expect, Expectation, Scenario
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Step
from arbiter.model.view import Check, check, state_json
from arbiter.solver.dependency import order as dependency  # noqa: F401  (registers the passive-ability derivation)


@dataclass(frozen=True)
class RunOptions:
    """How decisions left open by a scenario are made."""

    time_limit: float = 10.0
    workers: int = 1
    outcomes: bool = False  # also enumerate every legal choice sequence (run --outcomes)


# Steps that need a decision procedure register a resolver here (by step class).
Resolver = Callable[[Step, GameState, RunOptions], GameState]
RESOLVERS: dict[type[Step], Resolver] = {}

# Hooks run after every resolved step, in order: (state before, state after, options) -> state.
# solver/engine/triggers.py resolves the triggers the step's events triggered (TRIG-1).
AfterStep = Callable[[GameState, GameState, RunOptions], GameState]
AFTER_STEP: list[AfterStep] = []

# Hooks run after the last step; each returns keys added to the JSON output and to the
# view the final expectations read (solver/choices/outcomes.py adds "outcomes").
Finisher = Callable[[Scenario, GameState, RunOptions], dict[str, JSON]]
FINISHERS: list[Finisher] = []


@dataclass(frozen=True)
class RunResult:
    """The outcome of running a scenario: final state, checks, and what stopped it."""

    scenario: Scenario
    state: GameState
    checks: tuple[Check, ...]
    stopped_by: IllegalAction | None = None
    stopped_at: int | None = None
    extra: dict[str, JSON] = field(default_factory=dict)

    @property
    def passed(self) -> int:
        return sum(1 for c in self.checks if c.passed)

    @property
    def failed(self) -> int:
        return sum(1 for c in self.checks if not c.passed)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.stopped_by is None

    def as_json(self) -> dict[str, JSON]:
        out = state_json(self.state)
        out["file"] = self.scenario.source
        out["expect"] = {
            "passed": self.passed,
            "failed": self.failed,
            "checks": [c.as_json() for c in self.checks],
        }
        if self.stopped_by is not None:
            out["illegal"] = {
                "rule": self.stopped_by.rule,
                "message": self.stopped_by.message,
                "step": self.stopped_at,
            }
        out.update(self.extra)
        return out


def resolve_step(step: Step, state: GameState, options: RunOptions) -> GameState:
    resolver = RESOLVERS.get(type(step))
    if resolver is not None:
        return resolver(step, state, options)
    return step.resolve(state)


def run(scenario: Scenario, options: RunOptions | None = None) -> RunResult:
    """Resolve every step in order; check expectations where they stand."""
    load_solver_areas()
    options = options or RunOptions()
    state = scenario.start
    checks: list[Check] = []
    for i, step in enumerate(scenario.steps):
        if isinstance(step, Expect):
            view = state_json(state)
            checks.extend(check(view, e, i) for e in step.expectations)
            continue
        try:
            new_state = resolve_step(step, state, options)
        except IllegalAction as exc:
            if step.illegal is None:
                return RunResult(scenario, state, tuple(checks), exc, i)
            expected = Expectation(f"steps[{i}].illegal", step.illegal, step.where)
            passed = exc.rule == step.illegal
            checks.append(Check(expected, exc.rule, passed, f"steps[{i}].illegal", i))
            state = state.with_event(
                Event("refused", (("step", i), ("message", exc.message)), (exc.rule,))
            )
            continue
        except InputError as exc:  # a step found its input out of range: say which step
            if exc.location is not None:
                raise
            raise InputError(
                exc.message, location=step.where, path=exc.path or f"steps[{i}]"
            ) from None
        if step.illegal is not None:
            expected = Expectation(f"steps[{i}].illegal", step.illegal, step.where)
            checks.append(Check(expected, None, False, f"steps[{i}].illegal", i))
        for hook in AFTER_STEP:
            new_state = hook(state, new_state, options)
        state = new_state
    extra: dict[str, JSON] = {}
    for finisher in FINISHERS:
        extra.update(finisher(scenario, state, options))
    if scenario.expect:
        view = state_json(state)
        view.update(extra)
        checks.extend(check(view, e, None) for e in scenario.expect)
    return RunResult(scenario, state, tuple(checks), extra=extra)


_SOLVER_AREAS_LOADED = False
SOLVER_AREAS = (
    "arbiter.solver.engine.triggers",
    "arbiter.solver.choices.hooks",
    "arbiter.solver.damage.resolve",
)


def load_solver_areas() -> None:
    """Import the modules of ``SOLVER_AREAS``, in that order: they register resolvers,
    after-step hooks and finishers. Each must import its
    heavy libraries (ortools, networkx) lazily, so ``arbiter run`` on a stats-only file stays
    light (tests/test_architecture.py)."""
    global _SOLVER_AREAS_LOADED
    if _SOLVER_AREAS_LOADED:
        return
    _SOLVER_AREAS_LOADED = True
    import importlib

    for name in SOLVER_AREAS:
        importlib.import_module(name)
