"""Riftbound Might: layers, snapshotted limits, buffs and Mighty (Core Rules 1.3).

A unit's Might is its printed ``might`` changed by Might effects, kept on the unit as
abilities (``MightEffect``), and by its buff. Reading it follows the layers of 472: the
latest "Might becomes N" first (472.1.a.1, timestamp order within a layer, 475), then the
arithmetic layer, increases before decreases (472.3.d). A change "to a minimum (maximum)
of N" is limited when it is applied and remembered at that level (472.3.b): the effect
stores the change it made. Everything here is a pure function.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.state import JSON, Ability, GameObject
from arbiter.model.trace import RuleStep, Trace

MIGHT = "might"
MIGHTY_AT = 5  # 708
BOARD = frozenset({"play", "base", "battlefield"})  # the Board's zones (107)
BUFF = "buff"


class Layer(Enum):
    """The layers of 472 that act on Might."""

    SET = "set"  # 472.1.a.1: trait-altering, "Might becomes N"
    ARITHMETIC = "add"  # 472.3: increases and decreases


@dataclass(frozen=True, slots=True)
class MightEffect(Ability):
    """One Might effect on a unit. ``amount`` is the value set, or the change as written;
    ``applied`` the change it makes after its limit was snapshotted (472.3.b)."""

    layer: Layer = Layer.ARITHMETIC
    amount: int = 0
    applied: int = 0
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class MightReading:
    shown: int
    printed: int
    set_to: int | None
    increases: int
    decreases: int
    buff: int
    because: Trace

    @property
    def mighty(self) -> bool:
        """708: a unit is Mighty while its Might is 5 or more."""
        return self.shown >= MIGHTY_AT

    def as_json(self) -> dict[str, JSON]:
        return {
            "shown": self.shown,
            "printed": self.printed,
            "set": self.set_to,
            "increases": self.increases,
            "decreases": self.decreases,
            "buff": self.buff,
            "mighty": self.mighty,
        }


def printed(obj: GameObject) -> int:
    value = obj.base.get(MIGHT, 0)
    return value if isinstance(value, int) else 0


def effects(obj: GameObject) -> tuple[MightEffect, ...]:
    return tuple(
        sorted(
            (a for a in obj.abilities if isinstance(a, MightEffect)),
            key=lambda e: (e.timestamp, e.id),
        )
    )


def has_might(obj: GameObject) -> bool:
    return MIGHT in obj.base


def read(obj: GameObject) -> MightReading:
    """A unit's Might now: printed outside the Board (711), else through the layers."""
    base = printed(obj)
    if obj.zone not in BOARD:
        off = RuleStep("Riftbound 711", f"{obj.id} is off the Board: its printed Might counts")
        return MightReading(base, base, None, 0, 0, 0, (off,))
    why: list[RuleStep] = []
    value, set_to = base, None
    for e in effects(obj):
        if e.layer is Layer.SET:
            value = set_to = e.amount
            why.append(RuleStep("Riftbound 472.1.a.1", f"{e.id}: Might becomes {e.amount}"))
    if len([e for e in effects(obj) if e.layer is Layer.SET]) > 1:
        why.append(RuleStep("Riftbound 475.3", "sets in timestamp order: the latest stands"))
    buff = min(1, obj.counters.get(BUFF, 0))
    ups = sum(e.applied for e in effects(obj) if e.layer is Layer.ARITHMETIC and e.applied > 0)
    downs = sum(e.applied for e in effects(obj) if e.layer is Layer.ARITHMETIC and e.applied < 0)
    if buff:
        why.append(RuleStep("Riftbound 703", "its buff gives +1"))
    if ups or downs:
        why.append(
            RuleStep("Riftbound 472.3.d", f"increases +{ups + buff} first, then decreases {downs}")
        )
    return MightReading(
        value + ups + buff + downs, base, set_to, ups + buff, downs, buff, tuple(why)
    )


def might(obj: GameObject) -> int:
    return read(obj).shown


def snapshot(current: int, amount: int, minimum: int | None, maximum: int | None) -> int:
    """472.3.b: the change a limited arithmetic effect makes, fixed when it is applied.

    "-4 to a minimum of 1" on a Might of 2 makes -1; a limit already passed makes 0 (an
    effect never turns a decrease into an increase, nor the reverse)."""
    if amount < 0 and minimum is not None:
        return min(0, max(amount, minimum - current))
    if amount > 0 and maximum is not None:
        return max(0, min(amount, maximum - current))
    return amount


@dataclass(frozen=True, slots=True)
class MightChange:
    """What a Might effect did to a unit: the unit after it, and the events to report."""

    obj: GameObject
    before: int
    after: int
    applied: int
    because: Trace

    @property
    def became_mighty(self) -> bool:
        """709: from less than 5 to 5 or more, at this change."""
        return self.before < MIGHTY_AT <= self.after


def change(
    obj: GameObject,
    effect_id: str,
    source: str,
    timestamp: int,
    *,
    set_to: int | None = None,
    add: int = 0,
    minimum: int | None = None,
    maximum: int | None = None,
    this_turn: bool = False,
    current: int | None = None,
) -> MightChange:
    """Give ``obj`` one Might effect (a set, or a change with an optional limit);
    ``current`` is its Might with the Board's continuous effects (the snapshot's base)."""
    extra = 0 if current is None else current - might(obj)
    before = might(obj) + extra
    if set_to is not None:
        eff = MightEffect(
            effect_id, source, timestamp, layer=Layer.SET, amount=set_to, this_turn=this_turn
        )
        why: Trace = (RuleStep("Riftbound 472.1.a.1", f"Might becomes {set_to}"),)
        applied = 0
    else:
        applied = snapshot(before, add, minimum, maximum)
        eff = MightEffect(
            effect_id, source, timestamp, amount=add, applied=applied, this_turn=this_turn
        )
        why = ()
        if applied != add:
            limit = f"minimum of {minimum}" if add < 0 else f"maximum of {maximum}"
            why = (
                RuleStep(
                    "Riftbound 472.3.b",
                    f"{add:+d} to a {limit} on Might {before} is snapshotted as {applied:+d}",
                ),
            )
    out = replace(obj, abilities=(*obj.abilities, eff))
    after = might(out) + extra
    if before < MIGHTY_AT <= after:
        why = (*why, RuleStep("Riftbound 709", f"{obj.id} becomes Mighty ({before} -> {after})"))
    return MightChange(out, before, after, applied, why)


def add_buff(obj: GameObject) -> tuple[GameObject, Trace]:
    """702.2.a / 702.3.a: a unit holds one buff at most; another is not placed."""
    if obj.counters.get(BUFF, 0) >= 1:
        return obj, (RuleStep("Riftbound 702.3.a", f"{obj.id} already has a buff: none placed"),)
    counters = dict(obj.counters)
    counters[BUFF] = 1
    return replace(obj, counters=counters), (RuleStep("Riftbound 702.2.a", f"{obj.id} is buffed"),)


def end_of_turn(obj: GameObject) -> GameObject:
    """317.2.c: the "this turn" Might effects expire."""
    kept = tuple(a for a in obj.abilities if not (isinstance(a, MightEffect) and a.this_turn))
    return obj if len(kept) == len(obj.abilities) else replace(obj, abilities=kept)


def leave_board(obj: GameObject) -> GameObject:
    """110 and 705: off the Board a unit keeps no Might effect and no buff."""
    counters = {k: v for k, v in obj.counters.items() if k != BUFF}
    kept = tuple(a for a in obj.abilities if not isinstance(a, MightEffect))
    return replace(obj, abilities=kept, counters=counters)
