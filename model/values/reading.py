"""Characteristic values and the pure fold that reads them (RULES.md §1).

A numeric characteristic is a scalar or a vector (Eredan attack 3/5); each
component is folded on its own. The fold keeps, per component, the
*reference* (the base value, or the value of the latest ``set``) and the
*variation* (the sum of every change since). What the game remembers (raw) is
``reference + variation``; what it shows is
``max(0, reference + clamp(variation, -X, +X))`` under a limit X.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from arbiter.model.ruleset import Rounding
from arbiter.model.trace import RuleStep, Trace


class Op(Enum):
    """E-OPS-1: the kinds of modification, as recorded once accepted."""

    ADD = "add"
    SET = "set"
    MULTIPLY = "multiply"
    DIVIDE = "divide"


class SetOp(Enum):
    """Changes of a set characteristic (subtypes, keywords)."""

    ADD = "add"
    REMOVE = "remove"
    SET = "set"


@dataclass(frozen=True, slots=True)
class SetModification:
    """An accepted change of a set characteristic."""

    op: SetOp
    members: frozenset[str]
    source: str
    timestamp: int


# One number per component; ``None`` leaves that component untouched.
Amounts = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Modification:
    """An accepted modification of one numeric characteristic (E-OPS-2: folded in order).

    Copy, swap and swap-bonus are recorded as ``SET`` with the value they read
    when they resolved (Decision E-COPY).
    """

    op: Op
    amounts: Amounts
    source: str
    timestamp: int
    rounding: Rounding = Rounding.DOWN
    because: Trace = ()
    label: str = ""  # how the step that made it was written: "swap", "copy", ...
    by_passive: bool = False  # made by a passive ability: folded after effects, as listed


def in_order(mods: Sequence[Modification]) -> list[Modification]:
    """The order of the fold (E-OPS-2, A-ORDER-1 for numbers).

    Modifications made by effects apply in timestamp order, however they are listed.
    Those made by passive abilities apply after them (each derivation starts again from
    the stored state, A-PASS-1), one at a time in the order they were applied, which is
    the order of A-ORDER-1 (dependency first, then timestamps), not their sources'
    timestamp order. The sort is stable, so the passives' own order is kept.
    """
    return sorted(mods, key=lambda m: (m.by_passive, 0 if m.by_passive else m.timestamp))


@dataclass(frozen=True, slots=True)
class Component:
    """The remembered state of one component: reference plus variation."""

    reference: int
    variation: int = 0

    @property
    def raw(self) -> int:
        return self.reference + self.variation


def divide(value: int, divisor: int, rounding: Rounding) -> int:
    """Decision E-DIV: integer division with the ruleset's rounding. ``divisor`` != 0."""
    if rounding is Rounding.DOWN:
        return value // divisor
    if rounding is Rounding.UP:
        return -((-value) // divisor)
    # nearest, half away from zero
    q, r = divmod(abs(value), abs(divisor))
    if 2 * r >= abs(divisor):
        q += 1
    return q if (value >= 0) == (divisor > 0) else -q


def apply_to_component(c: Component, op: Op, amount: int, rounding: Rounding) -> Component:
    """Fold one modification into one component (E-OPS-1, E-OPS-2).

    ``set`` makes a new reference (E-LIMIT-3); every other kind is a variation,
    so ``multiply``/``divide`` change the raw value and the difference joins the
    variation (Decision E-MULT, docs/rules.md).
    """
    if op is Op.ADD:
        return Component(c.reference, c.variation + amount)
    if op is Op.SET:
        return Component(amount, 0)
    new_raw = c.raw * amount if op is Op.MULTIPLY else divide(c.raw, amount, rounding)
    return Component(c.reference, c.variation + (new_raw - c.raw))


def fold(base: Sequence[int], mods: Sequence[Modification]) -> tuple[Component, ...]:
    """E-OPS-2: the remembered state after every modification, in the order of ``in_order``."""
    comps = [Component(b) for b in base]
    for m in in_order(mods):
        for i, amount in enumerate(m.amounts):
            if amount is not None and i < len(comps):
                comps[i] = apply_to_component(comps[i], m.op, amount, m.rounding)
    return tuple(comps)


def clamp(value: int, limit: int | None) -> int:
    if limit is None:
        return value
    return max(-limit, min(limit, value))


@dataclass(frozen=True, slots=True)
class Reading:
    """What one component is, and why (E-FLOOR-1, E-LIMIT-1/2, E-BONUS-1/2)."""

    shown: int
    raw: int
    reference: int
    variation: int
    base: int
    bonus: int


def read_component(base: int, c: Component, limit: int | None) -> Reading:
    counted = c.reference + clamp(c.variation, limit)  # E-LIMIT-1: clamped when read
    return Reading(
        shown=max(0, counted),  # E-FLOOR-1 / B-FLOOR-1
        raw=c.raw,  # E-LIMIT-2: the overflow is remembered
        reference=c.reference,
        variation=c.variation,
        base=base,
        bonus=counted - base,  # Decision E-BONUS-2: after limits, before the floor
    )


@dataclass(frozen=True, slots=True)
class NumberReading:
    """A numeric characteristic read: one Reading per component, and the trace."""

    components: tuple[Reading, ...]
    vector: bool
    because: Trace

    def _pick(self, name: str) -> int | list[int]:
        values = [getattr(r, name) for r in self.components]
        return values if self.vector else values[0]

    @property
    def shown(self) -> int | list[int]:
        return self._pick("shown")

    @property
    def raw(self) -> int | list[int]:
        return self._pick("raw")

    @property
    def bonus(self) -> int | list[int]:
        return self._pick("bonus")

    @property
    def base(self) -> int | list[int]:
        return self._pick("base")

    @property
    def reference(self) -> int | list[int]:
        return self._pick("reference")

    @property
    def variation(self) -> int | list[int]:
        return self._pick("variation")

    def bonus_components(self) -> tuple[int, ...]:
        return tuple(r.bonus for r in self.components)

    def shown_components(self) -> tuple[int, ...]:
        return tuple(r.shown for r in self.components)


def read_number(
    base: Sequence[int],
    mods: Sequence[Modification],
    limit: int | None,
    *,
    vector: bool,
    because: Trace = (),
) -> NumberReading:
    """One rules question: what does this characteristic read as now?"""
    comps = fold(base, mods)
    trace: list[RuleStep] = list(because)
    for m in in_order(mods):
        trace.extend(m.because)
    readings = tuple(read_component(b, c, limit) for b, c in zip(base, comps, strict=True))
    if limit is not None:
        for i, c in enumerate(comps):
            if clamp(c.variation, limit) != c.variation:
                where = f" (component {i + 1})" if vector else ""
                trace.append(
                    RuleStep(
                        "E-LIMIT-2",
                        f"variation {c.variation:+d} counted as {clamp(c.variation, limit):+d}"
                        f" under the limit {limit}; {c.variation:+d} is remembered{where}",
                    )
                )
    for i, r in enumerate(readings):
        if r.reference + clamp(r.variation, limit) < 0:
            where = f" (component {i + 1})" if vector else ""
            trace.append(RuleStep("E-FLOOR-1", f"shown 0, remembered {r.raw}{where}"))
    return NumberReading(readings, vector, tuple(trace))


@dataclass(frozen=True, slots=True)
class SetReading:
    """A set characteristic (subtypes, keywords): the members, sorted."""

    members: frozenset[str]
    base: frozenset[str]
    because: Trace = ()

    @property
    def shown(self) -> list[str]:
        return sorted(self.members)
