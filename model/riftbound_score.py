"""Riftbound points, XP, draws and Burn Out (Core Rules 1.3: 315.4, 323.1, 431, 462-467,
823). Pure functions of the game state; the steps are in ``model.riftbound_turn``.

Points and XP are game counters ``points.<player>`` and ``xp.<player>``. A battlefield is
an object of kind ``battlefield``; its controller controls it (none: uncontrolled). A unit
is at a battlefield when it is in the zone ``battlefield`` with ``at: <battlefield id>``
(kept in ``GameObject.region``). A player's Main Deck is their objects in ``deck``, top
first in declaration order (timestamp, then id), as for Altered (AL-DRAW-1).
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.riftbound_attach import attached_to
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Move

VICTORY_SCORE = 8  # 480.3, 481.3: the Victory Score of the 1v1 modes of play
BATTLEFIELD = "battlefield"
SCORED = "once_each_turn.scored."  # reset at the end of each turn, like "once each turn"


def points(state: GameState, player: str) -> int:
    return state.counters.get(f"points.{player}", 0)


def xp(state: GameState, player: str) -> int:
    return state.counters.get(f"xp.{player}", 0)


def add_counter(state: GameState, key: str, amount: int) -> GameState:
    return replace(state, counters={**state.counters, key: state.counters.get(key, 0) + amount})


def battlefields(state: GameState) -> list[GameObject]:
    found = (o for o in state.objects.values() if o.kind == BATTLEFIELD)
    return sorted(found, key=lambda o: (o.timestamp, o.id))


def units_at(state: GameState, battlefield: str) -> list[GameObject]:
    """The units at a battlefield (146: a unit's location)."""
    found = (
        o
        for o in state.objects.values()
        if o.kind == "unit" and o.zone == BATTLEFIELD and o.region == battlefield
    )
    return sorted(found, key=lambda o: (o.timestamp, o.id))


def zone_order(state: GameState, player: str, zone: str) -> list[GameObject]:
    """A player's deck-like zone, top first: declaration order (timestamp, id)."""
    cards = [o for o in state.objects.values() if o.zone == zone and o.owner == player]
    return sorted(cards, key=lambda o: (o.timestamp, o.id))


def move(state: GameState, oid: str, zone: str) -> GameState:
    state = Move(target=oid, zone=zone).resolve(state)
    obj = state.obj(oid)
    return state.with_object(replace(obj, region=None)) if obj.region else state


def burn_out(state: GameState, player: str, opponent: str | None) -> GameState:
    """431.2: the trash goes into the Main Deck (in the trash's order, for the
    randomizing: Decision RB-BURN), then a chosen opponent gains 1 point."""
    others = [p for p in state.players if p != player]
    chosen = opponent or (others[0] if others else player)
    if chosen not in others:
        from arbiter.model.errors import IllegalAction

        raise IllegalAction("Riftbound 431.2.c", f"{player} chooses an opponent, not {chosen}")
    trash = zone_order(state, player, "trash")
    for card in trash:
        state = move(state, card.id, "deck")
    state = add_counter(state, f"points.{chosen}", 1)
    fields: tuple[tuple[str, JSON], ...] = (
        ("player", player),
        ("recycled", [c.id for c in trash]),
        ("point_to", chosen),
    )
    return state.with_event(Event("burn_out", fields, ("Riftbound 431.2",)))


def draw(state: GameState, player: str, count: int, opponent: str | None = None) -> GameState:
    """Draw ``count`` (315.4.b): as many as possible, a Burn Out when the Main Deck runs
    out, then the rest (431.1.a, 431.2.d). An empty trash leaves the deck empty: the rest
    is not drawn, one Burn Out per draw asked (431.3)."""
    drawn: list[str] = []
    rules = ["Riftbound 315.4.b"]
    for _ in range(count):
        top = zone_order(state, player, "deck")
        if not top:
            state = burn_out(state, player, opponent)
            rules += ["Riftbound 315.4.b.1", "Riftbound 431.1.a"]
            top = zone_order(state, player, "deck")
            if not top:
                rules.append("Riftbound 431.3")
                continue
        state = move(state, top[0].id, "hand")
        drawn.append(top[0].id)
    fields: tuple[tuple[str, JSON], ...] = (
        ("player", player),
        ("asked", count),
        ("drawn", drawn),
    )
    return state.with_event(Event("draw", fields, tuple(dict.fromkeys(rules))))


def _hunt(state: GameState, player: str, battlefield: str, how: str) -> GameState:
    """823.1.c.1: each unit of the player at the battlefield with Hunt X gains them X XP
    when it conquers or holds (X is 1 when omitted, 823.1.c.2; values add up, 823.2)."""
    for unit in units_at(state, battlefield):
        feature = unit.features.get("Hunt")
        if feature is None or unit.controlled_by != player:
            continue
        amount = feature.number if feature.number is not None else 1
        state = add_counter(state, f"xp.{player}", amount)
        fields: tuple[tuple[str, JSON], ...] = (
            ("player", player),
            ("unit", unit.id),
            ("gained", amount),
            ("because", how),
            ("total", xp(state, player)),
        )
        state = state.with_event(Event("xp", fields, ("Riftbound 823.1.c.1",)))
    return state


def score(state: GameState, player: str, battlefield: str, how: str) -> GameState:
    """464-466: a player scores a battlefield by conquering or holding it, once a turn
    (464.1, 466.2.c). The Winning Point (466.1.b): a Hold gains it; a Conquer only when
    every battlefield was scored this turn, else the player draws a card instead."""
    mark = f"{SCORED}{player}.{battlefield}"
    if mark in state.counters:
        fields0: tuple[tuple[str, JSON], ...] = (
            ("player", player),
            ("battlefield", battlefield),
            ("how", how),
            ("scored", False),
        )
        return state.with_event(Event("score", fields0, ("Riftbound 464.1", "Riftbound 466.2.c")))
    state = add_counter(state, mark, 1)
    rules = ["Riftbound 463.1", "Riftbound 464.2" if how == "hold" else "Riftbound 464.1"]
    point, drew = True, False
    if points(state, player) >= VICTORY_SCORE - 1:
        rules.append("Riftbound 466.1.b")
        every = all(f"{SCORED}{player}.{b.id}" in state.counters for b in battlefields(state))
        point = how == "hold" or every
        drew = not point
    if point:
        state = add_counter(state, f"points.{player}", 1)
    fields: tuple[tuple[str, JSON], ...] = (
        ("player", player),
        ("battlefield", battlefield),
        ("how", how),
        ("scored", True),
        ("point", point),
        ("points", points(state, player)),
    )
    state = state.with_event(Event("score", fields, tuple(rules)))
    if drew:
        state = draw(state, player, 1)
    return _hunt(state, player, battlefield, how)


def _controls(state: GameState, player: str, battlefield: str) -> bool:
    found = state.objects.get(battlefield)
    return found is not None and found.kind == BATTLEFIELD and found.controller == player


def board_tasks(state: GameState) -> GameState:
    """323.6-323.7 at a Cleanup: a battlefield without units becomes uncontrolled (no
    showdown or combat is modelled as ongoing); hidden cards at a battlefield their player
    does not control are removed to the trash (107.3.d). When the states of the turn are
    followed (``turn_states: tracked``), only in an Open State and not where a showdown or
    combat is in progress."""
    turn = state.turn
    going = turn.showdown.battlefield if turn is not None and turn.showdown else None
    for bf in [o for o in state.objects.values() if o.kind == BATTLEFIELD and o.controller]:
        if (turn is not None and turn.chain) or bf.id == going:
            continue
        if not any(
            o.kind == "unit" and o.region == bf.id and o.zone == BATTLEFIELD
            for o in state.objects.values()
        ):
            state = state.with_object(replace(bf, controller=""))
            state = state.with_event(
                Event("uncontrolled", (("battlefield", bf.id),), ("Riftbound 323.6",))
            )
    for gear in sorted(o.id for o in state.objects.values() if o.kind == "gear"):
        obj = state.obj(gear)
        if obj.zone == BATTLEFIELD and attached_to(obj) is None:
            state = state.with_object(replace(obj, zone="base", region=None))
            state = state.with_event(
                Event("move", (("target", gear), ("to", "base")), ("Riftbound 323.7",))
            )
    for card in sorted(o.id for o in state.objects.values() if o.zone == "facedown"):
        obj = state.obj(card)
        if not _controls(state, obj.controlled_by, obj.region or ""):
            state = state.with_object(replace(obj, zone="trash", region=None))
            state = state.with_event(
                Event(
                    "move",
                    (("target", card), ("to", "trash")),
                    ("Riftbound 107.3.d", "Riftbound 323.7"),
                )
            )
    return state


def victory(state: GameState) -> GameState:
    """323.1, 467: at a Cleanup, a player with at least the Victory Score and more points
    than any opponent wins."""
    totals = {p: points(state, p) for p in state.players}
    best = max(totals.values(), default=0)
    leaders = [p for p, v in totals.items() if v == best]
    if best < VICTORY_SCORE or len(leaders) != 1 or "won" in state.counters:
        return state
    state = add_counter(state, "won", 1)
    fields: tuple[tuple[str, JSON], ...] = (("winner", leaders[0]), ("points", totals))
    return state.with_event(Event("victory", fields, ("Riftbound 323.1", "Riftbound 467")))
