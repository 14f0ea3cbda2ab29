"""Scenario steps of the damage area: deal, declare / resolve (D-TIME-1/2), prevent.

A split whose targets or allocation are left open is a decision: the step says
so (``is_open``) and ``arbiter.solver.damage.split`` resolves it (engine.RESOLVERS).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace

from arbiter.model.choicepoints import ChoicePoint, ChoosingStep, FixedChoice, Option
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import pipeline as drp
from arbiter.model.damage import prevention as pv
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.action_step import GameActionStep, match_choice
from arbiter.model.errors import IllegalAction, InternalError
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep

OBJECTIVES = ("kills", "damage", "value")


@dataclass(frozen=True, kw_only=True)
class DealDamage(Step):
    """An instruction finalized and resolved at once (nothing happens in between).

    ``targets`` None: the targets are chosen among ``candidates`` by the solver;
    ``allocation`` None (split): the split is chosen by the solver for ``objective``.
    """

    instruction: dm.Instruction
    targets: tuple[str, ...] | None = None
    allocation: Mapping[str, int] | None = None
    candidates: tuple[str, ...] | None = None
    weights: Mapping[str, int] = field(default_factory=dict)
    shield_order: tuple[str, ...] = ()
    objective: str = "kills"
    for_player: str | None = None

    def target_ids(self) -> tuple[str, ...]:
        return self.targets or ()

    @property
    def is_open(self) -> bool:
        return self.instruction.mode is dm.Mode.SPLIT and (
            self.targets is None or self.allocation is None
        )

    def resolve(self, state: GameState) -> GameState:
        if self.is_open or self.targets is None:
            raise InternalError("an open split is resolved by the solver (solver/damage/)")
        pending = dm.finalize(state, self.instruction, self.targets)
        return drp.deal(state, pending, _split(self.allocation), self.shield_order)


def _split(allocation: Mapping[str, int] | None) -> dict[str, int] | None:
    return None if allocation is None else dict(allocation)


@dataclass(frozen=True, kw_only=True)
class ChoosingDealDamage(ChoosingStep[drp.DamageRun], DealDamage):
    """A ``damage:`` step whose targets and split are known: its damage events pass through
    replacement (R-2) and every decision replacement leaves (R-5, an optional replacement)
    is a choice point, so ``arbiter run --outcomes`` searches them."""

    def start(self, state: GameState) -> drp.DamageRun:
        if self.targets is None:
            raise InternalError("an open split is resolved by the solver (solver/damage/)")
        pending = dm.finalize(state, self.instruction, self.targets)
        return drp.start(state, pending, _split(self.allocation), self.shield_order)

    def point(self, run: drp.DamageRun) -> ChoicePoint | None:
        return rp.point(run.run)

    def take(self, run: drp.DamageRun, option: Option) -> drp.DamageRun:
        return drp.take(run, option)

    def finish(self, run: drp.DamageRun) -> GameState:
        return drp.finish(run)

    def key(self, run: drp.DamageRun) -> Hashable:
        return run.key()

    def tags(self, run: drp.DamageRun) -> frozenset[str]:
        return rp.tags(run.run)

    def match(self, run: drp.DamageRun, point: ChoicePoint, choice: FixedChoice) -> Option:
        return match_choice(run.run, point, choice)

    def leftover(self, run: drp.DamageRun, choice: FixedChoice) -> IllegalAction:
        return GameActionStep(action=run.run.action).leftover(run.run, choice)


def declare_event(pending: dm.PendingDamage) -> Event:
    return Event(
        "declare",
        (
            ("instruction", pending.id),
            ("targets", list(pending.targets)),
            ("pool", pending.pool_then),
        ),
        ("D-TIME-1",),
        (RuleStep("D-TIME-1", "targets chosen at finalization"),),
    )


@dataclass(frozen=True, kw_only=True)
class DeclareDamage(Step):
    """D-TIME-1, D-TIME-3: finalize an instruction; it waits on its card until resolved."""

    instruction: dm.Instruction
    targets: tuple[str, ...]

    def target_ids(self) -> tuple[str, ...]:
        return self.targets

    def resolve(self, state: GameState) -> GameState:
        pending = dm.finalize(state, self.instruction, self.targets)
        holder = state.obj(self.instruction.source.card)
        state = state.with_object(replace(holder, abilities=(*holder.abilities, pending)))
        return state.with_event(declare_event(pending))


def find_pending(state: GameState, instruction_id: str) -> dm.PendingDamage:
    for oid in sorted(state.objects):
        for a in state.objects[oid].abilities:
            if isinstance(a, dm.PendingDamage) and a.id == instruction_id:
                return a
    raise IllegalAction("D-TIME-1", f"no finalized instruction {instruction_id} waits to resolve")


def take_pending(state: GameState, pending: dm.PendingDamage) -> GameState:
    holder = state.obj(pending.source)
    kept = tuple(a for a in holder.abilities if a is not pending)
    return state.with_object(replace(holder, abilities=kept))


@dataclass(frozen=True, kw_only=True)
class ResolveDamage(Step):
    """D-TIME-2 / D-TIME-4: split the total of *now* among the targets chosen then."""

    instruction_id: str
    allocation: Mapping[str, int] | None = None
    weights: Mapping[str, int] = field(default_factory=dict)
    shield_order: tuple[str, ...] = ()
    objective: str = "kills"
    for_player: str | None = None

    def pending(self, state: GameState) -> dm.PendingDamage:
        return find_pending(state, self.instruction_id)

    def is_open_in(self, state: GameState) -> bool:
        instr = self.pending(state).instruction
        assert instr is not None
        return instr.mode is dm.Mode.SPLIT and self.allocation is None

    def resolve(self, state: GameState) -> GameState:
        pending = self.pending(state)
        if self.is_open_in(state):
            raise InternalError("an open split is resolved by the solver (solver/damage/)")
        return drp.deal(
            take_pending(state, pending), pending, _split(self.allocation), self.shield_order
        )


@dataclass(frozen=True, kw_only=True)
class Prevent(Step):
    """P-5: a prevention effect with an amount starts to apply to an object."""

    target: str
    shield: pv.Shield

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        shield = pv.created_by(replace(self.shield, timestamp=t), state)  # P-6b
        state = state.with_object(pv.add_shield(state.obj(self.target), shield))
        return state.with_event(
            Event(
                "prevent",
                (
                    ("target", self.target),
                    ("id", shield.id),
                    ("remaining", shield.remaining),
                    ("source", shield.source),
                    ("controller", shield.controller),
                ),
                ("P-5",),
            )
        )
