"""Scenario steps of the Riftbound rulebook area (docs/format.md, "Riftbound: Might,
death and turns"): ``might``, ``buff``, ``spend_buff``, ``keyword_change``,
``choose_targets``, ``cleanup``, ``chain_item``, ``end_turn``, ``heal``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model import death as dt
from arbiter.model import might as mt
from arbiter.model import riftbound_keywords as rk
from arbiter.model import trigger_order as to
from arbiter.model.errors import IllegalAction
from arbiter.model.might_layers import might_in
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Resolve, Step, resolve_part


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
class Heal(Step):
    """``heal: {targets: [...]}``: a Heal instruction (418): the damage marked on each unit
    is cleared (142.4, 418.1), several at once (418.2); a unit without damage is not
    healed (nothing is cleared)."""

    targets: tuple[str, ...]

    def target_ids(self) -> tuple[str, ...]:
        return self.targets

    def resolve(self, state: GameState) -> GameState:
        healed: list[str] = []
        for oid in self.targets:
            obj = state.obj(oid)
            if obj.kind != "unit" or not dt.on_board(obj):  # 142: damage is a unit's value
                raise IllegalAction("Riftbound 142", f"{oid} is not a unit on the Board")
            if obj.counters.get("damage", 0) > 0:
                counters = {k: v for k, v in obj.counters.items() if k != "damage"}
                state = state.with_object(replace(obj, counters=counters))
                healed.append(oid)
        return state.with_event(
            Event("heal", (("targets", healed),), ("Riftbound 418.1", "Riftbound 418.2"))
        )


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
class SpendBuff(Step):
    """``spend_buff: {target, by}``: a player spends the buff of a unit they control
    (702.2.b): there must be one (702.2.b.1) and the unit must be theirs (702.2.b.2)."""

    target: str
    by: str | None = None  # the spending player; the unit's controller by default

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        by = self.by or obj.controlled_by
        if obj.counters.get(mt.BUFF, 0) < 1:
            raise IllegalAction("Riftbound 702.2.b.1", f"{self.target} has no buff to spend")
        if by != obj.controlled_by:
            raise IllegalAction(
                "Riftbound 702.2.b.2", f"{by} does not control {self.target}: no buff to spend"
            )
        counters = {k: v for k, v in obj.counters.items() if k != mt.BUFF}
        event = Event("spend_buff", (("target", self.target), ("by", by)), ("Riftbound 702.2.b",))
        return state.with_object(replace(obj, counters=counters)).with_event(event)


@dataclass(frozen=True, kw_only=True)
class Keyword(Step):
    """``keyword_change: {target, gain | lose: NAME, value, this_turn, source}``: a keyword
    granted or removed, this turn or while the unit stays on the Board (801.3)."""

    target: str
    feature: str
    grant: bool = True
    number: int | None = None
    this_turn: bool = False
    source: str = "effect"

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        out = rk.change(
            state.obj(self.target),
            f"keyword{t}",
            self.source,
            t,
            self.feature,
            grant=self.grant,
            number=self.number,
            this_turn=self.this_turn,
            policy=state.ruleset.numbered_gain,
        )
        after = out.obj.features.get(self.feature)
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", self.target),
            ("feature", self.feature),
            ("change", "gain" if self.grant else "lose"),
            ("this_turn", self.this_turn),
            ("applied", out.applied),
            (
                "now",
                None if after is None else (after.number if after.number is not None else True),
            ),
        )
        event = Event("keyword", fields, tuple(w.rule for w in out.because), out.because)
        return state.with_object(out.obj).with_event(event)


@dataclass(frozen=True, kw_only=True)
class ChooseTargets(Step):
    """``choose_targets: {card, targets}``: a spell or ability (``card``, an object) chooses
    ``targets`` (a permanent chosen twice is listed twice); reports the Power its Deflect
    costs add (809.1.c-d). Paying is not modelled (Riftbound costs are not, 131)."""

    card: str
    targets: tuple[str, ...]

    def target_ids(self) -> tuple[str, ...]:
        return self.targets

    def resolve(self, state: GameState) -> GameState:
        controller = state.obj(self.card).controlled_by
        out = rk.deflect_cost(controller, [state.obj(t) for t in self.targets])
        fields: tuple[tuple[str, JSON], ...] = (
            ("card", self.card),
            ("player", controller),
            ("targets", list(self.targets)),
            ("deflect_power", out.power),
            ("deflect", [{"target": t, "power": n} for t, n in out.per_target]),
            ("domain", "any"),
        )
        rules = tuple(dict.fromkeys(s.rule for s in out.because)) or ("Riftbound 809.1.c",)
        return state.with_event(Event("choose_targets", fields, rules, out.because))


@dataclass(frozen=True, kw_only=True)
class Cleanup(Step):
    """``cleanup: {order: {player: [replacement ids]}, decline: [ids], triggers: {player:
    [source.ability]}}``: a Cleanup; ``triggers`` orders the death triggers (808.2.a)."""

    choices: dt.CleanupChoices = field(default_factory=dt.CleanupChoices)
    inside_chain_item: bool = False
    triggers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def resolve(self, state: GameState) -> GameState:
        if self.inside_chain_item:
            raise IllegalAction(
                "Riftbound 321", "no Cleanup while a chain item resolves: it waits for the end"
            )
        return dt.cleanup(to.record(state, self.triggers), self.choices)


@dataclass(frozen=True, kw_only=True)
class ChainItem(Step):
    """``chain_item: {steps: [...], order, decline}``: one chain item resolves; no Cleanup
    happens in the middle (321), the one it made outstanding follows (321.1)."""

    steps: tuple[Step, ...]
    choices: dt.CleanupChoices = field(default_factory=dt.CleanupChoices)
    triggers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def target_ids(self) -> tuple[str, ...]:
        """What the item names that must exist before it resolves: not the tokens one of
        its own steps creates for a later one (Decision RB-GONE)."""
        made: set[str] = set()
        named: list[str] = []
        for s in self.steps:
            named.extend(t for t in s.target_ids() if t not in made)
            made.update(s.created_ids())
        return tuple(named)

    def created_ids(self) -> tuple[str, ...]:
        return tuple(t for s in self.steps for t in s.created_ids())

    def resolve(self, state: GameState) -> GameState:
        return self.resolve_with(state, resolve_part)

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        for step in self.steps:
            state = resolve(step, state)
        state = state.with_event(
            Event("cleanup", (("after", "chain_item"),), ("Riftbound 321", "Riftbound 321.1"))
        )
        return dt.cleanup(to.record(state, self.triggers), self.choices)


@dataclass(frozen=True, kw_only=True)
class EndTurn(Step):
    """``end_turn: {phases, burn_out}``: the Ending Phase's expiration, then the next
    player's turn; with ``phases`` its Start of Turn (315, ``model.riftbound_turn``)."""

    phases: bool = False
    burn_out: str | None = None  # the opponent a Burn Out gives its point to (431.2.c)

    def resolve(self, state: GameState) -> GameState:
        from arbiter.model.riftbound_turn import end_turn

        return end_turn(state, phases=self.phases, burn_out_to=self.burn_out)
