"""Scenario steps of the Riftbound rulebook area (docs/format.md, "Riftbound: Might,
death and turns"): ``might``, ``buff``, ``cleanup``, ``chain_item``, ``end_turn``."""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.model import death as dt
from arbiter.model import might as mt
from arbiter.model.errors import IllegalAction
from arbiter.model.might_layers import might_in
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Step


@dataclass(frozen=True, kw_only=True)
class Might(Step):
    """``might: {target, set | add, min, max, this_turn, source}``: a Might effect."""

    target: str
    set_to: int | None = None
    add: int = 0
    minimum: int | None = None
    maximum: int | None = None
    this_turn: bool = False
    source: str = "effect"

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        obj = state.obj(self.target)
        out = mt.change(
            obj,
            f"might{t}",
            self.source,
            t,
            set_to=self.set_to,
            add=self.add,
            minimum=self.minimum,
            maximum=self.maximum,
            this_turn=self.this_turn,
            current=might_in(state, obj),
        )
        rules = tuple(s.rule for s in out.because) or (
            ("Riftbound 472.1.a.1",) if self.set_to is not None else ("Riftbound 472.3",)
        )
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("before", out.before),
            ("after", out.after),
            ("applied", out.applied if self.set_to is None else None),
            ("became_mighty", out.became_mighty),
        )
        return state.with_object(out.obj).with_event(Event("might", fields, rules, out.because))


@dataclass(frozen=True, kw_only=True)
class Buff(Step):
    """``buff: {target}``: place a buff (one at most, 702.3)."""

    target: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj, why = mt.add_buff(state.obj(self.target))
        event = Event(
            "buff",
            (("target", self.target), ("placed", obj is not state.obj(self.target))),
            tuple(s.rule for s in why),
            why,
        )
        return state.with_object(obj).with_event(event)


@dataclass(frozen=True, kw_only=True)
class Cleanup(Step):
    """``cleanup: {order: {player: [replacement ids]}, decline: [ids]}``: a Cleanup."""

    choices: dt.CleanupChoices = field(default_factory=dt.CleanupChoices)
    inside_chain_item: bool = False

    def resolve(self, state: GameState) -> GameState:
        if self.inside_chain_item:
            raise IllegalAction(
                "Riftbound 321", "no Cleanup while a chain item resolves: it waits for the end"
            )
        return dt.cleanup(state, self.choices)


@dataclass(frozen=True, kw_only=True)
class ChainItem(Step):
    """``chain_item: {steps: [...], order, decline}``: one chain item resolves; no Cleanup
    happens in the middle (321), the one it made outstanding follows (321.1)."""

    steps: tuple[Step, ...]
    choices: dt.CleanupChoices = field(default_factory=dt.CleanupChoices)

    def target_ids(self) -> tuple[str, ...]:
        return tuple(t for s in self.steps for t in s.target_ids())

    def resolve(self, state: GameState) -> GameState:
        for step in self.steps:
            state = step.resolve(state)
        state = state.with_event(
            Event("cleanup", (("after", "chain_item"),), ("Riftbound 321", "Riftbound 321.1"))
        )
        return dt.cleanup(state, self.choices)


@dataclass(frozen=True, kw_only=True)
class EndTurn(Step):
    """``end_turn: {}``: the Ending Phase's expiration, then the next player's turn."""

    def resolve(self, state: GameState) -> GameState:
        return dt.end_turn(state)
