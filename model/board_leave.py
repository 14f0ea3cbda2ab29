"""Riftbound 110: when a game object changes zones to or from a non-Board zone, its
temporary modifications end: damage, buffs, Might effects, granted or removed keywords
(801.3.a.3, 801.3.b.2), and it is ready. A ruleset names its Board's zones
(``Ruleset.board_zones``; none for the games without a Board); the death of a unit
(``model.death.kill``) and the foundation ``move`` both use ``off_board``."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import might as mt
from arbiter.model import riftbound_keywords as rk
from arbiter.model import riftbound_traits as tr
from arbiter.model.errors import IllegalAction
from arbiter.model.state import GameObject, GameState

RULES = ("Riftbound 110",)
_CLEARED = ("damage", "exhausted")


def off_board(obj: GameObject) -> GameObject:
    """The object as it is off the Board: no temporary modification tracked (110)."""
    gone = tr.leave_board(rk.leave_board(mt.leave_board(obj)))
    counters = {k: v for k, v in gone.counters.items() if k not in _CLEARED}
    return replace(gone, counters=counters)


def _kind(zone: str) -> str:
    return zone.split(":", 1)[0]


def check_move(state: GameState, obj: GameObject, to: str) -> None:
    """Zones a ruleset fixes: nothing leaves a fixed zone (Riftbound 107.4.d); a single
    zone holds one card of each player (Riftbound 108.3.c.1, Altered 3.2.6.b)."""
    if _kind(obj.zone) in state.ruleset.fixed_zones and to != obj.zone:
        raise IllegalAction("Riftbound 107.4.d", f"{obj.id} cannot leave the zone {obj.zone}")
    check_single(state, obj, to)


def check_single(state: GameState, obj: GameObject, to: str) -> None:
    """A zone of ``Ruleset.single_zones`` holds one object of each player at most
    (Riftbound 108.3.c.1, Altered 3.2.6.b): a move of a second one there is refused."""
    if _kind(to) in state.ruleset.single_zones and any(
        _kind(o.zone) == _kind(to) and o.owner == obj.owner and o.id != obj.id
        for o in state.objects.values()
    ):
        raise IllegalAction(
            state.ruleset.single_zone_rule, f"{obj.owner} has a card in {to} already"
        )


def leaves_board(state: GameState, origin: str, to: str) -> bool:
    """Whether a move from ``origin`` to ``to`` leaves the Board of the state's game."""
    board = state.ruleset.board_zones
    return _kind(origin) in board and _kind(to) not in board
