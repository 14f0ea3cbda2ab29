"""Riftbound modes of play with teams, as far as the turn structure reads them (Core Rules
1.3, 315.2.b.3). A team is the game counter ``team.<player>`` (a number, set with the
top-level ``counters:``): players with the same number are teammates; without it a
player has none (Decision RB-TEAMS). At the Scoring Step of a turn every battlefield a
teammate of the turn player controls is disqualified from being scored this turn by the
turn player: neither held nor conquered, it scores nothing for them until the turn ends."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.state import JSON, Event, GameState

TEAM = "team."
DISQUALIFIED = "once_each_turn.disqualified."  # reset at the end of each turn


def teammates(state: GameState, player: str) -> tuple[str, ...]:
    team = state.counters.get(TEAM + player)
    if team is None:
        return ()
    return tuple(p for p in state.players if p != player and state.counters.get(TEAM + p) == team)


def disqualified(state: GameState, player: str, battlefield: str) -> bool:
    return f"{DISQUALIFIED}{player}.{battlefield}" in state.counters


def disqualify(state: GameState, player: str) -> GameState:
    """315.2.b.3: the battlefields the turn player's teammates hold now."""
    mates = teammates(state, player)
    if not mates:
        return state
    found = sorted(
        o.id for o in state.objects.values() if o.kind == "battlefield" and o.controller in mates
    )
    if not found:
        return state
    marks = {f"{DISQUALIFIED}{player}.{b}": 1 for b in found}
    fields: tuple[tuple[str, JSON], ...] = (("player", player), ("battlefields", found))
    state = replace(state, counters={**state.counters, **marks})
    return state.with_event(Event("disqualified", fields, ("Riftbound 315.2.b.3",)))
