"""Resolving the steps of a scenario and checking its expectations.

What the expectations read is the view of the state after passive abilities
(``arbiter.model.view.state_json`` derives it explicitly). The finishers that add keys to the
answer are a literal list (``FINISHERS``); the outcome search is imported only when a run
asks for it (issue 19: a stats-only run starts without it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arbiter.model.errors import IllegalAction, InputError
from arbiter.model.scenario import Expect, Expectation, Scenario
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.view import Check, check, state_json
from arbiter.solver.engine.options import RunOptions
from arbiter.solver.engine.step import after_step, located, resolve_step

# Run after the last step, in order; each returns keys added to the JSON output and to the
# view the final expectations read ("outcomes", when --outcomes is given or read).
Finisher = Callable[[Scenario, GameState, RunOptions], dict[str, JSON]]


def outcomes_finisher(scenario: Scenario, state: GameState, options: RunOptions) -> dict[str, JSON]:
    """``outcomes`` and ``outcome_search`` when asked (``--outcomes``) or expected."""
    if not options.wants_outcomes(scenario):
        return {}
    from arbiter.solver.choices import outcomes

    return outcomes.finisher(scenario, state, options)


FINISHERS: tuple[Finisher, ...] = (outcomes_finisher,)


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


def run(scenario: Scenario, options: RunOptions | None = None) -> RunResult:
    """Resolve every step in order; check expectations where they stand."""
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
            raise located(exc, step, i) from None
        if step.illegal is not None:
            expected = Expectation(f"steps[{i}].illegal", step.illegal, step.where)
            checks.append(Check(expected, None, False, f"steps[{i}].illegal", i))
        state = after_step(state, new_state, options)
    extra: dict[str, JSON] = {}
    for finisher in FINISHERS:
        extra.update(finisher(scenario, state, options))
    if scenario.expect:
        view = state_json(state)
        view.update(extra)
        checks.extend(check(view, e, None) for e in scenario.expect)
    return RunResult(scenario, state, tuple(checks), extra=extra)
