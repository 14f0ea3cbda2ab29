"""Selectors of the card language: who an effect applies to (a pick and filters).

Part of :mod:`model.effects.algebra`, which re-exports every name here (``algebra.Selector``
…); kept apart only to keep each module small.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

RuleIds = tuple[str, ...]


# -- selectors: who -----------------------------------------------------------------------


class Pick(Enum):
    """How a selector picks its objects or players."""

    SELF = "self"  # the card itself
    IT = "it"  # what the triggering event was about
    ALL = "all"  # every object matching the filters ("all", "each")
    CHOOSE = "choose"  # chosen targets (A-SPELL-1, D-TIME-1)
    NAMED = "named"  # one object named by id (scenario steps, upgraded v1 roles)
    YOU = "you"  # the controller, a player
    OPPONENT = "opponent"  # the opposing player


class Side(Enum):
    """Whose objects: the controller's (yours), the opponent's (enemy), anyone's, or those
    of the player named by ``Selector.name`` (a scenario's passive, A-GOLD-6)."""

    ANY = "any"
    YOURS = "yours"
    ENEMY = "enemy"
    NAMED = "named"


class Compare(Enum):
    """A comparison of a number with a bound ("Might 3 or less", "5 or more")."""

    AT_MOST = "at_most"
    AT_LEAST = "at_least"
    EQUAL = "equal"

    def holds(self, value: int, bound: int) -> bool:
        if self is Compare.AT_MOST:
            return value <= bound
        if self is Compare.AT_LEAST:
            return value >= bound
        return value == bound


@dataclass(frozen=True, slots=True)
class StatTest:
    """A filter on a characteristic's shown value: ``{might: {at_most: 3}}``."""

    stat: str
    compare: Compare
    bound: int

    RULES: ClassVar[RuleIds] = ("A-CHAR-2",)  # an absent characteristic reads 0


ANY_NUMBER = -1  # Selector.count for "any number of"


@dataclass(frozen=True, slots=True)
class Selector:
    """Who an effect applies to: a pick and filters, all of which must hold.

    ``count`` is the number of chosen targets (CHOOSE): exactly ``count`` unless
    ``up_to``; ``ANY_NUMBER`` for "any number of". ``here``: at the same place as the
    card (battlefield, expedition, combat). ``other``: not the card itself.
    """

    pick: Pick
    count: int = 1
    up_to: bool = False
    side: Side = Side.ANY
    kinds: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    has: frozenset[str] = frozenset()  # features, keywords or statuses it must have
    lacks: frozenset[str] = frozenset()  # ... and those it must not have ("non-token")
    other: bool = False
    here: bool = False
    zone: str | None = None
    stats: tuple[StatTest, ...] = ()
    name: str | None = None  # NAMED: an object id; CHOOSE: the role's name; Side.NAMED: a player
    # a region type the region it stands in has ("target Character in {V}", Altered 7.5.7)
    region: str | None = None

    RULES: ClassVar[RuleIds] = ("A-SPELL-1", "D-TIME-1", "A-GOLD-6")

    @property
    def is_player(self) -> bool:
        return self.pick in (Pick.YOU, Pick.OPPONENT)

    @property
    def chosen(self) -> bool:
        return self.pick is Pick.CHOOSE


SELF = Selector(Pick.SELF)
IT = Selector(Pick.IT)
YOU = Selector(Pick.YOU)
OPPONENT = Selector(Pick.OPPONENT)
