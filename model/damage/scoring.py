"""How a damage split (``solver/damage/problem.py``) and a combat assignment
(``model/damage/combat.py``) are scored: one score, the same objectives and the same
lexicographic criteria (docs/rules.md: D-DIST-1 objectives, Riftbound 460.2.c).

Each problem says, unit by unit, what is dealt and what is destroyed (its own rules:
prevention, lethal thresholds, exemptions); ``tally`` sums that into a ``Score``, and
``stage_values`` / ``primary`` read it for an objective.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Score:
    """What an allocation achieves."""

    dealt: Mapping[str, int]
    destroyed: frozenset[str]
    kills: int
    value: int
    damage: int
    overkill: int


@dataclass(frozen=True, slots=True)
class Hit:
    """One unit's part of an allocation: what it is dealt, whether that destroys it,
    its value, and what was given beyond lethal (overkill, when destroyed)."""

    id: str
    dealt: int
    destroyed: bool = False
    weight: int = 1
    overkill: int = 0


def tally(hits: Iterable[Hit]) -> Score:
    dealt: dict[str, int] = {}
    destroyed: set[str] = set()
    value = overkill = 0
    for h in hits:
        dealt[h.id] = h.dealt
        if h.destroyed:
            destroyed.add(h.id)
            value += h.weight
            overkill += h.overkill
    return Score(dealt, frozenset(destroyed), len(destroyed), value, sum(dealt.values()), overkill)


# The lexicographic criteria of each objective (a leading "-" is minimised by the side
# that maximises); then the canonical order (the most to the first ids).
STAGES: dict[str, tuple[str, ...]] = {
    "kills": ("kills", "value", "-overkill"),
    "damage": ("damage",),
    "value": ("value", "kills", "-overkill"),
}


def stage_values(objective: str, maximise: bool, s: Score) -> tuple[int, ...]:
    """The lexicographic key (before the canonical order): larger is better."""
    sign = 1 if maximise else -1
    raw = {"kills": s.kills, "value": s.value, "damage": s.damage, "-overkill": -s.overkill}
    return tuple(sign * raw[name] for name in STAGES[objective])


def primary(objective: str, s: Score) -> int:
    """The reported objective: the first criterion, in its own sense (not negated)."""
    name = STAGES[objective][0]
    return {"kills": s.kills, "value": s.value, "damage": s.damage}[name]
