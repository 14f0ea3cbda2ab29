"""A scenario: a start state, steps, and what is expected."""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.model.errors import Location
from arbiter.model.state import JSON, GameState
from arbiter.model.steps import Step


@dataclass(frozen=True, slots=True)
class Expectation:
    """``path: value``, checked against the JSON view of the state (docs/format.md)."""

    path: str
    expected: JSON
    where: Location | None = None


@dataclass(frozen=True, kw_only=True)
class Expect(Step):
    """Expectations checked at this point of the scenario."""

    expectations: tuple[Expectation, ...]

    def resolve(self, state: GameState) -> GameState:
        return state  # checked by the engine, which sees the whole view


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario file."""

    source: str
    start: GameState
    steps: tuple[Step, ...]
    expect: tuple[Expectation, ...] = ()
    cards: dict[str, dict[str, JSON]] = field(default_factory=dict)
    extras: dict[str, object] = field(default_factory=dict)  # sections later issues add
