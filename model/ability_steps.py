"""The scenario steps of triggered abilities and quick actions: ``activate``, ``begin`` and
``effect`` (resolved by :mod:`arbiter.model.abilities`)."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.abilities import activate, apply_effect, begin_phase
from arbiter.model.effects import algebra as fx
from arbiter.model.state import GameState
from arbiter.model.steps import Step


@dataclass(frozen=True, kw_only=True)
class Activate(Step):
    """``activate: {object, action}``: play a quick action (its triggers follow the step)."""

    object: str
    action: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.object,)

    def resolve(self, state: GameState) -> GameState:
        return activate(state, self.object, self.action)[0]


@dataclass(frozen=True, kw_only=True)
class Begin(Step):
    """``begin: <phase>``: "at the start of <phase>" triggers trigger."""

    phase: str

    def resolve(self, state: GameState) -> GameState:
        return begin_phase(state, self.phase)


@dataclass(frozen=True, kw_only=True)
class Apply(Step):
    """``effect: {...}``: one effect of the ability language, from a named source."""

    effect: fx.Effect
    source: str = "effect"

    def resolve(self, state: GameState) -> GameState:
        return apply_effect(state, self.effect, self.source, None)
