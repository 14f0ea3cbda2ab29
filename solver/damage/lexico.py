"""Lexicographic objectives for CP-SAT, shared by the damage split
(``solver/damage/split.py``) and combat assignment (``solver/damage/combat_cpsat.py``).

Criteria are maximised one after another; consecutive criteria are packed into one
weighted objective while their combined weights stay below ``2**bits`` (each pack is
then proven optimal and fixed before the next).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Term:
    """One lexicographic criterion, maximised: ``expr`` takes values in [0, span)."""

    name: str
    expr: Any
    span: int


def packs(items: Sequence[Term], bits: int) -> list[list[Term]]:
    """Consecutive terms grouped so that one group's weights stay below ``2**bits``."""
    out: list[list[Term]] = []
    size = 1
    for term in items:
        if out and size * term.span < 2**bits:
            out[-1].append(term)
            size *= term.span
        else:
            out.append([term])
            size = term.span
    return out


def weighted(pack: Sequence[Term]) -> tuple[Any, list[int]]:
    """One pack as one objective: each term weighted by the spans of the terms after it
    (a better earlier term always outweighs every later one); the expression and the
    weights."""
    weights: list[int] = []
    w = 1
    for term in reversed(pack):
        weights.append(w)
        w *= term.span
    weights.reverse()
    return sum(wt * t.expr for wt, t in zip(weights, pack, strict=True)), weights
