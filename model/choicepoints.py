"""Choice points: where the rules leave a decision to a player.

A step whose resolution contains decisions (which replacement applies next, R-5;
the order of one player's shields, P-ORDER; which chosen targets get 1 when the
pool is short, D-TIME-4) is a ``ChoosingStep``: a small process with a run state
that stops at ``ChoicePoint``s. The model resolves it with the choices fixed in
the file, then with the default option of every remaining point (the first, in a
canonical order); ``solver/choices/outcomes.py`` searches every option instead.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from arbiter.model.errors import IllegalAction, Location
from arbiter.model.state import JSON, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import Trace


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer at a choice point.

    ``key`` is canonical text, unique within its point; ``data`` is what a file's
    ``choices:`` entry says to pick it.
    """

    key: str
    data: tuple[tuple[str, JSON], ...]

    def as_json(self) -> dict[str, JSON]:
        return dict(self.data)


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """A decision: who takes it (``chooser``), the rule that gives it, the legal options.

    ``options`` are in canonical order; ``options[0]`` is the default.
    """

    chooser: str
    rule: str
    options: tuple[Option, ...]
    because: Trace = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice taken: the option, who took it, by which rule; for witnesses and logs."""

    step: int
    chooser: str
    rule: str
    option: Option

    def as_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"step": self.step, "by": self.chooser, "rule": self.rule}
        out.update(self.option.data)
        return out


@dataclass(frozen=True, slots=True)
class FixedChoice:
    """A ``choices:`` entry of a file: keys and values, and where it was written."""

    data: Mapping[str, JSON]
    where: Location | None = None


R = TypeVar("R")


@dataclass(frozen=True, kw_only=True)
class ChoosingStep(Step, Generic[R]):
    """A step that stops at choice points. Subclasses define the process:

    ``start`` (the run state before any decision), ``point`` (the next decision, or
    ``None`` when the step is finished), ``take`` (a pure transition), ``finish``
    (the game state after the step), ``key`` (a canonical, hashable run state for
    memoised search) and ``match`` (the option a fixed choice names, or IllegalAction
    with the rule it breaks).
    """

    fixed: tuple[FixedChoice, ...] = ()

    def start(self, state: GameState) -> R:
        raise NotImplementedError

    def point(self, run: R) -> ChoicePoint | None:
        raise NotImplementedError

    def take(self, run: R, option: Option) -> R:
        raise NotImplementedError

    def finish(self, run: R) -> GameState:
        raise NotImplementedError

    def key(self, run: R) -> Hashable:
        raise NotImplementedError

    def outcome_key(self, run: R) -> Hashable | None:
        """A cheap canonical key of the finished step's outcome, equal exactly when the
        objects after ``finish`` are equal; None: compare the objects themselves."""
        return None

    def tags(self, run: R) -> frozenset[str]:
        """What was chosen so far, whatever the order (for instance, which replacement
        applied to which event of the action): two sequences with the same tags and
        different outcomes show that the outcome depends on the order."""
        return frozenset()

    def match(self, run: R, point: ChoicePoint, choice: FixedChoice) -> Option:
        raise NotImplementedError

    def leftover(self, run: R, choice: FixedChoice) -> IllegalAction:
        """The refusal of a fixed choice made when no decision is left (subclasses name
        the rule it breaks)."""
        return IllegalAction("R-5", "no decision is left for this choice")

    def begin(self, state: GameState) -> R:
        """The run state after the file's fixed choices (each checked: IllegalAction)."""
        run = self.start(state)
        for choice in self.fixed:
            point = self.point(run)
            if point is None:
                raise self.leftover(run, choice)
            run = self.take(run, self.match(run, point, choice))
        return run

    def resolve(self, state: GameState) -> GameState:
        run = self.begin(state)
        while (point := self.point(run)) is not None:
            run = self.take(run, point.options[0])
        return self.finish(run)
