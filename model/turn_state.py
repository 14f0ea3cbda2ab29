"""The states of a Riftbound turn (Core Rules 1.3, 307-313) as typed data of the game
state: whether a Chain exists (Open or Closed, 309), whether a Showdown or a Combat is in
progress (Neutral or Showdown, 308), who applied Contested where (445), what is Staged
(323.8-323.10), who has Focus (313) and the Attacker and Defender designations (323.2,
459.2.b). ``GameState.turn`` holds one under the policy ``turn_states: tracked``; the
rules that change it are in ``model.riftbound_states``. Plain data: no game rule here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Openness(Enum):
    """309: a Closed State while a Chain exists, else an Open State."""

    OPEN = "open"
    CLOSED = "closed"


class Activity(Enum):
    """308: a Showdown State while a Showdown or a Combat is in progress, else Neutral."""

    NEUTRAL = "neutral"
    SHOWDOWN = "showdown"


class Designation(Enum):
    """323.2, 459.2.b: the designation of a player and of their units in a combat."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class Showdown:
    """A Showdown in progress at ``battlefield`` (341-348); ``combat``: a Combat Showdown
    (316.5.a.1), with ``attacker`` the player who applied Contested (459.2.b.1) and
    ``defender`` the other one (459.2.b.2). ``passed``: the players who passed Focus in
    sequence since the last card played (347.3.a). ``damage_due``: every player passed in
    a Combat Showdown, the Combat Damage Step comes next (348.1, 460)."""

    battlefield: str
    focus: str
    contested_by: str
    combat: bool = False
    attacker: str | None = None
    defender: str | None = None
    passed: tuple[str, ...] = ()
    damage_due: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "battlefield": self.battlefield,
            "kind": "combat" if self.combat else "non-combat",
            "focus": self.focus,
            "contested_by": self.contested_by,
            "attacker": self.attacker,
            "defender": self.defender,
            "passed": list(self.passed),
            "damage_due": self.damage_due,
        }


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the rules of 307-313 and the Cleanup's tasks 323.2 and 323.8-323.14 read.

    ``contested``: battlefield -> the player whose units applied Contested (445);
    ``showdowns`` and ``combats``: the battlefields where a Showdown or a Combat is
    Staged (323.8, 323.9); ``chain``: the number of chain items resolving now (a Closed
    State, 309.1); ``designations``: unit -> its designation (323.2)."""

    contested: Mapping[str, str] = field(default_factory=dict)
    showdowns: tuple[str, ...] = ()
    combats: tuple[str, ...] = ()
    showdown: Showdown | None = None
    designations: Mapping[str, Designation] = field(default_factory=dict)
    chain: int = 0
    # each unit at a battlefield -> that battlefield, at the last Cleanup: the units found
    # elsewhere at the next one have arrived (445); not shown
    seen: Mapping[str, str] = field(default_factory=dict)

    def openness(self, chain_exists: bool = False) -> Openness:
        """309: ``chain_exists``: the game state's Chain (Riftbound 108.1) exists."""
        return Openness.CLOSED if self.chain or chain_exists else Openness.OPEN

    @property
    def activity(self) -> Activity:
        return Activity.NEUTRAL if self.showdown is None else Activity.SHOWDOWN

    def name(self, chain_exists: bool = False) -> str:
        """310: one of the four states, e.g. ``neutral-open``."""
        return f"{self.activity.value}-{self.openness(chain_exists).value}"

    def as_json(self, chain_exists: bool = False) -> dict[str, Any]:
        return {
            "state": self.name(chain_exists),
            "contested": dict(sorted(self.contested.items())),
            "staged": {"showdowns": list(self.showdowns), "combats": list(self.combats)},
            "showdown": None if self.showdown is None else self.showdown.as_json(),
            "designations": {u: d.value for u, d in sorted(self.designations.items())},
        }
