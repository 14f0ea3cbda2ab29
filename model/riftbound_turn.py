"""The Riftbound Start of Turn (Core Rules 1.3, 315) and scoring steps: ``end_turn: {phases:
true}`` plays the new turn's Awaken, Beginning (with its Scoring Step), Channel and Draw
Phases; ``conquer: {battlefield, player}`` gives a player control of a battlefield and
scores it (464.1). Without ``phases`` a turn starts as before (Decision RB-TURN): only
the ``start_of_turn`` event and the Temporary permanents' deaths."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model import death as dt
from arbiter.model import riftbound_score as rs
from arbiter.model.ability_zones import on_board
from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_teams import disqualify
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.steps import Step

CHANNELED = 2  # 315.3.b
# a player's Rune Pool: game counters energy.<p>, power.<p> (any domain), power_<domain>.<p>
POOLS = ("energy.", "power.", "power_")


def _phase(state: GameState, name: str, player: str, rule: str, **more: JSON) -> GameState:
    fields: tuple[tuple[str, JSON], ...] = (("name", name), ("player", player), *more.items())
    return state.with_event(Event("phase", fields, (rule,)))


def empty_pools(state: GameState, rule: str) -> GameState:
    """315.4.d, 317.2.d: every Rune Pool empties; unspent Energy and Power are lost."""
    lost = {k: v for k, v in state.counters.items() if k.startswith(POOLS) and v}
    counters = {k: v for k, v in state.counters.items() if not k.startswith(POOLS)}
    event = Event("pools_empty", (("lost", lost),), (rule,))
    return replace(state, counters=counters).with_event(event)


def awaken(state: GameState, player: str) -> GameState:
    """315.1: the turn player readies every game object they control on the Board."""
    readied = []
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        there = on_board(state, obj.zone)
        if there and obj.controlled_by == player and obj.counters.get("exhausted", 0):
            counters = {k: v for k, v in obj.counters.items() if k != "exhausted"}
            state = state.with_object(replace(obj, counters=counters))
            readied.append(oid)
    return _phase(state, "awaken", player, "Riftbound 315.1", readied=readied)


def channel(state: GameState, player: str, count: int = CHANNELED) -> GameState:
    """315.3, 430.1: the top runes of the Rune Deck go to the Base, as many as there are
    (315.3.b.1)."""
    runes = rs.zone_order(state, player, "rune_deck")[:count]
    for rune in runes:
        state = rs.move(state, rune.id, dt.BASE)
    return _phase(state, "channel", player, "Riftbound 315.3", channeled=[r.id for r in runes])


def start_of_turn(state: GameState, burn_out_to: str | None = None) -> GameState:
    """315: after ``death.pass_turn``, the turn player's Start of Turn, phase by phase."""
    player = state.players[0]
    state = awaken(state, player)
    state = _phase(state, "beginning", player, "Riftbound 315.2.a.1")
    state = dt.expire_temporary(state, player)
    state = disqualify(state, player)  # 315.2.b.3 (modes with teams)
    held = [b.id for b in rs.battlefields(state) if b.controller == player]
    state = _phase(state, "scoring", player, "Riftbound 315.2.b.2", holds=held)
    for battlefield in held:
        state = rs.score(state, player, battlefield, "hold")
    state = channel(state, player)
    state = _phase(state, "draw", player, "Riftbound 315.4")
    state = rs.draw(state, player, 1, burn_out_to)
    return empty_pools(state, "Riftbound 315.4.d")


def end_turn(state: GameState, *, phases: bool, burn_out_to: str | None = None) -> GameState:
    """``end_turn``: 317.2 then the next turn; with ``phases``, the Rune Pools empty at
    the end (317.2.d) and the new turn plays its Start of Turn (315)."""
    if not phases:
        return dt.end_turn(state)
    state = empty_pools(state, "Riftbound 317.2.d")
    return start_of_turn(dt.pass_turn(state), burn_out_to)


def conquer(state: GameState, battlefield: str, player: str) -> GameState:
    """464.1: the player gains control of the battlefield and scores it if they have not
    scored it this turn; its units' Hunt gives XP (823)."""
    found = state.objects.get(battlefield)
    if found is None or found.kind != rs.BATTLEFIELD:
        raise IllegalAction("Riftbound 464.1", f"{battlefield} is not a battlefield")
    if player not in state.players:
        raise IllegalAction("Riftbound 464.1", f"{player} is not a player")
    if found.controlled_by == player and found.controller:
        raise IllegalAction("Riftbound 464.1", f"{player} controls {battlefield} already")
    state = state.with_object(replace(found, controller=player))
    return rs.score(state, player, battlefield, "conquer")


@dataclass(frozen=True, kw_only=True)
class Conquer(Step):
    """``conquer: {battlefield, player}``."""

    battlefield: str
    player: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.battlefield,)

    def resolve(self, state: GameState) -> GameState:
        return conquer(state, self.battlefield, self.player)
