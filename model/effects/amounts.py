"""Amounts of the card language: how much (a printed number, per object counted, a
characteristic or counter read, X, "that much", multiplied, added). Re-exported by
:mod:`model.effects.algebra`, the card language's vocabulary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from arbiter.model.effects.selectors import RuleIds, Selector


@dataclass(frozen=True, slots=True)
class Const:
    """A printed number, or a vector of numbers (Eredan attack +5/+3)."""

    value: int | tuple[int | None, ...]  # None: that component unchanged (+5/_)

    RULES: ClassVar[RuleIds] = ("E-OPS-1",)


@dataclass(frozen=True, slots=True)
class Per:
    """``times`` for each object the selector counts ("-1 per demon": times -1)."""

    selector: Selector
    times: int = 1

    RULES: ClassVar[RuleIds] = ("B-MOD-1",)


@dataclass(frozen=True, slots=True)
class StatOf:
    """The shown value of a characteristic of one object ("equal to its Might")."""

    selector: Selector
    stat: str

    RULES: ClassVar[RuleIds] = ("A-CHAR-2", "E-COPY")


@dataclass(frozen=True, slots=True)
class CountOf:
    """A counter of an object or player ("the number of charge counters on it")."""

    selector: Selector
    counter: str

    RULES: ClassVar[RuleIds] = ("CTR-1",)


@dataclass(frozen=True, slots=True)
class XValue:
    """X, chosen or paid when the card is played; the scenario gives its value."""

    name: str = "X"

    RULES: ClassVar[RuleIds] = ("A-SPELL-1",)


@dataclass(frozen=True, slots=True)
class That:
    """The amount of the event being replaced or that triggered ("that much", "X" of
    "would gain X extra lives")."""

    RULES: ClassVar[RuleIds] = ("R-1",)


@dataclass(frozen=True, slots=True)
class Times:
    """An amount multiplied ("twice that much": factor 2)."""

    amount: Amount
    factor: int

    RULES: ClassVar[RuleIds] = ("E-OPS-1",)


@dataclass(frozen=True, slots=True)
class Sum:
    """Amounts added together ("2 plus 1 per Beast")."""

    parts: tuple[Amount, ...]

    RULES: ClassVar[RuleIds] = ("B-MOD-1",)


Amount = Const | Per | StatOf | CountOf | XValue | That | Times | Sum
ALL_OF_IT = None  # an amount of None on a prevention: "prevent all damage"
