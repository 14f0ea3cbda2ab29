"""Altered tiebreakers (Complete Rules 3.0, 3.2.1.c and 4.3): when Check Victory finds a tie
at 7 or more, the Adventure's regions are replaced by one region, the Arena, with the three
terrains; expeditions no longer move; Dusk's Progress compares each player's total
statistics terrain by terrain (a Gigantic character counts twice, 7.4.4.l); Check Victory has
no effect any more. The game counter ``tiebreakers`` is 1 once they started. Pure functions.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.altered.zones import zone_kind
from arbiter.model.state import JSON, Event, GameObject, GameState

TIEBREAKERS = "tiebreakers"
ARENA = "arena"
TERRAINS = ("forest", "mountain", "water")


def started(state: GameState) -> bool:
    return state.counters.get(TIEBREAKERS, 0) > 0


def start(state: GameState) -> GameState:
    """4.3.a-c: the regions of the Adventure are discarded; the Arena replaces them."""
    gone = sorted(o.id for o in state.objects.values() if zone_kind(o.zone) == "adventure")
    objects = {k: v for k, v in state.objects.items() if k not in gone}
    arena = ARENA
    while arena in objects:
        arena += "_"
    counters = {**state.counters, TIEBREAKERS: 1}
    state, stamp = replace(state, objects=objects, counters=counters).tick()
    region = GameObject(
        arena,
        state.players[0],
        "region",
        zone="adventure",
        base={"place": frozenset({ARENA})},
        timestamp=stamp,
    )
    state = state.with_object(region)
    fields: tuple[tuple[str, JSON], ...] = (("replaced", gone), ("arena", arena))
    return state.with_event(Event("tiebreakers", fields, ("Altered 3.2.1.c", "Altered 4.3.a")))


def progress(state: GameState) -> GameState:
    """4.3.e: each player's statistics summed over their expeditions; a player with more of
    the Arena's terrains where theirs is greater (and positive) wins; else the game goes
    on. Expeditions do not move (4.3.d)."""
    from arbiter.model.gigantic import total_statistics

    totals = {p: total_statistics(state, p) for p in state.players}
    wins = {p: 0 for p in state.players}
    for terrain in TERRAINS:
        values = sorted(((t[terrain], p) for p, t in totals.items()), reverse=True)
        if values[0][0] > 0 and (len(values) == 1 or values[0][0] > values[1][0]):
            wins[values[0][1]] += 1
    ranked = sorted(wins.items(), key=lambda kv: -kv[1])
    verdict: JSON = "the game goes on"
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        verdict = {"winner": ranked[0][0]}
    fields: tuple[tuple[str, JSON], ...] = (
        ("totals", {p: dict(t) for p, t in totals.items()}),
        ("terrains_won", wins),
        ("verdict", verdict),
    )
    return state.with_event(Event("tiebreak-progress", fields, ("Altered 4.3.e",)))
