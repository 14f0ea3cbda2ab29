"""The Standard Move of Riftbound units (Core Rules 1.3, 144; Ganking 810): step
``standard_move: {units, to, by}``. ``to`` is ``base`` or the id of a battlefield object;
a unit at a battlefield is in the zone ``battlefield`` with ``at`` (``region``) naming it.

The move is refused (with its article) unless every unit is the mover's, on the Board and
ready (the cost: 144.2), the mover is the turn player (144.1.a: their Main Phase), and the
destination is allowed: base to battlefield (144.4.a) unless units of two other players
are there (144.4.a.1), battlefield to base (144.4.b), battlefield to battlefield only with
Ganking (144.4.c.1, 810). The units move at once to one destination (144.3) and are
exhausted together (144.3.c). Under ``turn_states: tracked`` no unit moves in a Closed
State (144.1.b: while a chain item resolves) or while a showdown or combat is in progress
(144.1.c).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_attach import follow
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Step

BASE = "base"
BATTLEFIELD = "battlefield"


def location(obj: GameObject) -> str | None:
    """``base``, a battlefield's id, or None (not at a location: off the Board)."""
    if obj.zone == BASE:
        return BASE
    if obj.zone == BATTLEFIELD:
        return obj.region or BATTLEFIELD
    return None


def _check_unit(state: GameState, obj: GameObject, by: str, to: str) -> None:
    where = location(obj)
    if obj.kind != "unit" or where is None:
        raise IllegalAction("Riftbound 144", f"{obj.id} is not a unit at a location")
    if obj.controlled_by != by:
        raise IllegalAction("Riftbound 144", f"{by} does not control {obj.id}")
    if obj.counters.get("exhausted", 0):
        raise IllegalAction("Riftbound 144.2", f"{obj.id} is exhausted: it cannot pay the cost")
    if where == to:
        raise IllegalAction("Riftbound 144.4", f"{obj.id} is already there")
    if to == BASE and where == BASE:
        raise IllegalAction("Riftbound 144.4", f"{obj.id} is in its base")
    if to != BASE and where != BASE and "Ganking" not in obj.features:
        raise IllegalAction(
            "Riftbound 144.4.c.1",
            f"{obj.id} moves from a battlefield to another only with Ganking (810)",
        )


def _check_destination(state: GameState, to: str, by: str) -> None:
    if to == BASE:
        return
    found = state.objects.get(to)
    if found is None or found.kind != BATTLEFIELD:
        raise IllegalAction("Riftbound 144.4", f"{to} is neither base nor a battlefield")
    others = {
        o.controlled_by
        for o in state.objects.values()
        if o.kind == "unit" and o.zone == BATTLEFIELD and o.region == to and o.controlled_by != by
    }
    if len(others) >= 2:
        raise IllegalAction(
            "Riftbound 144.4.a.1", f"{to} already has units of two other players: no move there"
        )


def _check_state(state: GameState) -> None:
    """144.1.b-c, under ``turn_states: tracked`` (model/riftbound_states.py)."""
    turn = state.turn
    if turn is not None and (turn.chain or state.chain is not None):
        raise IllegalAction("Riftbound 144.1.b", "no Standard Move in a Closed State")
    if turn is not None and turn.showdown is not None:
        raise IllegalAction(
            "Riftbound 144.1.c",
            f"no Standard Move while a showdown or combat is in progress "
            f"({turn.showdown.battlefield})",
        )


def standard_move(state: GameState, units: tuple[str, ...], to: str, by: str | None) -> GameState:
    _check_state(state)
    if not units:
        raise IllegalAction("Riftbound 144.3", "a standard move moves one unit or more")
    mover = by or state.obj(units[0]).controlled_by
    if mover != state.active_player:
        raise IllegalAction(
            "Riftbound 144.1.a", f"{mover} moves units only in their own Main Phase"
        )
    _check_destination(state, to, mover)
    for oid in units:
        _check_unit(state, state.obj(oid), mover, to)
    origins: list[JSON] = []
    state, t = state.tick()
    for oid in units:  # 144.3.c: the costs are paid at once, then the units move at once
        obj = state.obj(oid)
        origins.append(location(obj))
        counters = {**obj.counters, "exhausted": 1}
        if to == BASE:
            moved = replace(obj, zone=BASE, region=None, counters=counters, timestamp=t)
        else:
            moved = replace(obj, zone=BATTLEFIELD, region=to, counters=counters, timestamp=t)
        state = follow(state.with_object(moved), oid)  # 719.3.a
    opponents = (
        sorted(
            {
                o.controlled_by
                for o in state.objects.values()
                if o.kind == "unit" and o.zone == BATTLEFIELD and o.region == to
            }
            - {mover}
        )
        if to != BASE
        else []
    )
    fields: tuple[tuple[str, JSON], ...] = (
        ("by", mover),
        ("units", list(units)),
        ("from", origins),
        ("to", to),
        ("exhausted", list(units)),
        ("combat_staged", bool(opponents)),
    )
    rules = ["Riftbound 144.2", "Riftbound 144.3"]
    rules.append("Riftbound 144.4.b" if to == BASE else "Riftbound 144.4.a")
    if any(o not in (BASE, None) for o in origins) and to != BASE:
        rules.append("Riftbound 810.1.b")
    if opponents:
        rules.append("Riftbound 316.4.a")
    return state.with_event(Event("standard_move", fields, tuple(rules)))


@dataclass(frozen=True, kw_only=True)
class StandardMove(Step):
    """``standard_move: {units, to, by}``."""

    units: tuple[str, ...]
    to: str
    by: str | None = None

    def target_ids(self) -> tuple[str, ...]:
        return self.units

    def resolve(self, state: GameState) -> GameState:
        return standard_move(state, self.units, self.to, self.by)
