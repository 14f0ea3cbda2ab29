"""Riftbound 110: when a game object changes zones to or from a non-Board zone, its
temporary modifications end: damage, buffs, Might effects, granted or removed keywords
(801.3.a.3, 801.3.b.2), and it is ready. A ruleset names its Board's zones
(``Ruleset.board_zones``; none for the games without a Board); the death of a unit
(``model.death.kill``) and the foundation ``move`` both use ``off_board``."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import might as mt
from arbiter.model import riftbound_keywords as rk
from arbiter.model.state import GameObject, GameState

RULES = ("Riftbound 110",)
_CLEARED = ("damage", "exhausted")


def off_board(obj: GameObject) -> GameObject:
    """The object as it is off the Board: no temporary modification tracked (110)."""
    gone = rk.leave_board(mt.leave_board(obj))
    counters = {k: v for k, v in gone.counters.items() if k not in _CLEARED}
    return replace(gone, counters=counters)


def _kind(zone: str) -> str:
    return zone.split(":", 1)[0]


def leaves_board(state: GameState, origin: str, to: str) -> bool:
    """Whether a move from ``origin`` to ``to`` leaves the Board of the state's game."""
    board = state.ruleset.board_zones
    return _kind(origin) in board and _kind(to) not in board
