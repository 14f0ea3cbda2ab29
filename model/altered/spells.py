"""Spell text as data: target slots, steps, modes, conditions, internal actions (A-SPELL-1…5).

A spell's text is a list of steps, or a list of modes each holding steps ("Choose one").
Each step does one action, on one target slot (an occurrence of the word "target") or on
no target. A step may be optional ("You may …"), conditional ("If …" / "… unless …") or an
internal action ("You may pay [cost] to …") with its own cost and its own target slots.

This module only describes spells and checks declarations;
:mod:`arbiter.model.altered.play` plays them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arbiter.model.altered.types import is_a, type_of
from arbiter.model.altered.zones import IN_PLAY, prohibited, zone_kind
from arbiter.model.effects.algebra import (
    AddCounters,
    Condition,
    Const,
    Effect,
    ModifyStat,
    MoveTo,
    Pick,
    ZoneMove,
)
from arbiter.model.errors import IllegalAction
from arbiter.model.state import Ability, GameObject, GameState

ACTIONS = ("boost", "send", "modify", "gain", "switch", "mana")
CONDITIONS = ("zone", "has", "mana_at_least", "boosted", "expedition")  # their YAML keys


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """One occurrence of "target": what may be chosen for it and how many distinct objects."""

    name: str
    kind: str | None = None  # character, permanent, spell … (None: any)
    controller: str | None = None  # "you" | "opponent" | None
    zone: str | None = None  # a zone kind; None: in play (expedition or landmark)
    count: int = 1

    def describe(self) -> str:
        who = (
            f"{self.controller}r "
            if self.controller == "you"
            else (f"{self.controller}'s " if self.controller else "")
        )
        return f"{who}{self.kind or 'object'}" + (f" in {self.zone}" if self.zone else "")


MANA_COUNTER = "mana"


def slot_of(effect: Effect) -> str | None:
    """The target slot an effect acts on (a NAMED selector), or None (the controller)."""
    sel = effect.selector
    return sel.name if sel.pick is Pick.NAMED else None


def verb_of(effect: Effect) -> str:
    """The action's name in the spell's events (boost, send, modify, gain, switch, mana)."""
    act = effect.action
    if isinstance(act, AddCounters):
        return "mana" if act.counter == MANA_COUNTER else "boost"  # boosts (zones.BOOSTS)
    if isinstance(act, MoveTo):
        return "switch" if act.move is ZoneMove.SWITCH else "send"
    if isinstance(act, ModifyStat):
        return "modify"
    return "gain"


def amount_of(effect: Effect) -> int:
    x = effect.amount
    return x.value if isinstance(x, Const) and isinstance(x.value, int) else 0


@dataclass(frozen=True, slots=True)
class SpellStep:
    id: str
    action: Effect  # the card language (model.effects): one action on one target slot
    optional: bool = False
    condition: Condition | None = None  # the card language's one Condition
    internal_cost: int | None = None  # an internal action: its own cost …
    internal_targets: tuple[TargetSlot, ...] = ()  # … and its own targets, chosen at resolution

    @property
    def internal(self) -> bool:
        return self.internal_cost is not None


@dataclass(frozen=True, slots=True)
class SpellText(Ability):
    """The effect of a spell card: its target slots and its steps or modes."""

    targets: tuple[TargetSlot, ...] = ()
    steps: tuple[SpellStep, ...] = ()
    modes: tuple[tuple[SpellStep, ...], ...] = ()

    def slot(self, name: str) -> TargetSlot | None:
        return next((s for s in self.targets if s.name == name), None)

    def steps_of(self, mode: int | None) -> tuple[SpellStep, ...]:
        if not self.modes:
            return self.steps
        assert mode is not None
        return self.modes[mode - 1]


def spell_text(obj: GameObject) -> SpellText | None:
    return next((a for a in obj.abilities if isinstance(a, SpellText)), None)


def declared_slots(steps: tuple[SpellStep, ...]) -> list[str]:
    """A-SPELL-1/3/4: the slots chosen at declaration: every step's, optional and
    conditional ones included; never an internal action's (A-SPELL-5)."""
    out: list[str] = []
    for s in steps:
        slot = slot_of(s.action)
        if not s.internal and slot is not None and slot not in out:
            out.append(slot)
    return out


def internal_slots(steps: tuple[SpellStep, ...]) -> set[str]:
    return {t.name for s in steps if s.internal for t in s.internal_targets}


def check_target(
    state: GameState, player: str, slot: TargetSlot, chosen: tuple[str, ...], rule: str
) -> None:
    """A-SPELL-1: one object per choice of the slot, never the same object twice in it."""
    if len(chosen) != slot.count:
        raise IllegalAction(
            rule, f"target '{slot.name}' needs {slot.count} object(s), got {len(chosen)}"
        )
    if len(set(chosen)) != len(chosen):
        raise IllegalAction(
            "A-SPELL-1", f"the same object is chosen twice for the one target '{slot.name}'"
        )
    for oid in chosen:
        obj = state.objects.get(oid)
        if obj is None:
            raise IllegalAction(rule, f"target '{slot.name}': no object {oid!r}")
        legal_target(state, player, slot, obj, rule)


def legal_target(
    state: GameState, player: str, slot: TargetSlot, obj: GameObject, rule: str
) -> None:
    zone = zone_kind(obj.zone)
    if slot.zone is None and zone not in IN_PLAY or slot.zone is not None and zone != slot.zone:
        where = slot.zone or "play"
        raise IllegalAction(rule, f"{obj.id} is in {obj.zone}, not in {where}: not a legal target")
    if slot.kind is not None and not is_a(obj, slot.kind, in_play_only=False):
        raise IllegalAction(rule, f"{obj.id} is a {type_of(obj)}, not a {slot.kind}")
    if slot.controller == "you" and obj.controlled_by != player:
        raise IllegalAction(rule, f"{obj.id} is not controlled by {player}")
    if slot.controller == "opponent" and obj.controlled_by == player:
        raise IllegalAction(rule, f"{obj.id} is controlled by {player}, not an opponent")
    ban = prohibited(state, obj, "be_targeted")
    if ban is not None:
        raise IllegalAction("A-GOLD-1", f"{obj.id} cannot be targeted ({ban.source})")


def check_declaration(
    state: GameState,
    player: str,
    text: SpellText,
    mode: int | None,
    targets: Mapping[str, tuple[str, ...]],
) -> tuple[SpellStep, ...]:
    """Check the declaration of intent; return the steps of the chosen mode.

    A-SPELL-2: a modal spell's mode is chosen now and only its targets are chosen.
    A-SPELL-1/3/4: every target of the mode, optional and conditional steps included.
    A-SPELL-5: an internal action's targets are not chosen now.
    """
    if text.modes:
        if mode is None or not 1 <= mode <= len(text.modes):
            raise IllegalAction(
                "A-SPELL-2", f"a modal spell needs a mode from 1 to {len(text.modes)}"
            )
    elif mode is not None:
        raise IllegalAction("A-SPELL-2", "this spell is not modal: no mode to choose")
    steps = text.steps_of(mode)
    needed = declared_slots(steps)
    later = internal_slots(steps)
    for name in targets:
        if name in later:
            raise IllegalAction(
                "A-SPELL-5",
                f"'{name}' is the target of an internal action: it is chosen at resolution",
            )
        if name not in needed:
            all_slots = {t.name for t in text.targets}
            rule = "A-SPELL-2" if name in all_slots else "A-SPELL-1"
            raise IllegalAction(rule, f"'{name}' is not a target of the chosen mode")
    for name in needed:
        slot = text.slot(name)
        if slot is None:
            raise IllegalAction("A-SPELL-1", f"the spell has no target slot '{name}'")
        rule = _rule_for(steps, name)
        if name not in targets:
            raise IllegalAction(rule, f"target '{name}' must be chosen when the spell is declared")
        check_target(state, player, slot, targets[name], rule)
    return steps


def _rule_for(steps: tuple[SpellStep, ...], slot: str) -> str:
    for s in steps:
        if slot_of(s.action) == slot and s.condition is not None:
            return "A-SPELL-4"
    for s in steps:
        if slot_of(s.action) == slot and s.optional:
            return "A-SPELL-3"
    return "A-SPELL-1"
