"""The Altered day beyond Dusk and Rest (Complete Rules 3.0, 4.2.1 Morning, 4.2.5 Night:
Clean-up and Check Victory). Pure functions; steps ``morning``, ``clean_up``,
``check_victory``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from arbiter.model.abilities import begin_phase
from arbiter.model.altered.day import position
from arbiter.model.altered.zones import EXPEDITIONS, move, zone_kind
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Step
from arbiter.model.tokens import draw

DEFAULT_LIMIT = 2  # no Hero: reserve and landmark limits of 2 (3.2.7.b, 3.2.10.b)
VICTORY_AT = 7  # 4.2.5.d: expeditions that met (7) or crossed (more)


# a new day begins ("at Morning" triggers, 4.2.b), then the daily effects of 4.2.1.a in order
MORNING_EFFECTS = ("begin", "succeed", "prepare", "draw", "expand")


def morning(state: GameState, expand: Mapping[str, str | None]) -> GameState:
    """4.2.1: a new day (QA-2), then Succeed, Prepare, Draw and Expand, in that order."""
    for effect in MORNING_EFFECTS:
        state = morning_effect(state, effect, expand)
    return state


def morning_effect(state: GameState, effect: str, expand: Mapping[str, str | None]) -> GameState:
    """The Morning's beginning, or one of its daily effects (4.2.1.b-e)."""
    if effect == "begin":
        return begin_phase(state, "morning")
    if effect == "succeed":
        players = (*state.players[1:], state.players[0])
        return replace(state, players=players).with_event(
            Event("succeed", (("first_player", players[0]),), ("Altered 4.2.1.b",))
        )
    if effect == "prepare":
        readied = []
        for oid, obj in sorted(state.objects.items()):
            if obj.counters.get("exhausted", 0):
                counters = {k: v for k, v in obj.counters.items() if k != "exhausted"}
                state = state.with_object(replace(obj, counters=counters))
                readied.append(oid)
        return state.with_event(Event("prepare", (("readied", readied),), ("Altered 4.2.1.c",)))
    if effect == "draw":
        for player in state.players:
            state = draw(state, player, 2)
        return state
    for player in state.players:  # 4.2.1.e: in turn order, each may put a card from Hand in Mana
        card = expand.get(player)
        if card is None:
            continue
        found = state.objects.get(card)
        if found is None or zone_kind(found.zone) != "hand" or found.owner != player:
            raise IllegalAction("Altered 4.2.1.e", f"{player} expands with a card of their Hand")
        state = move(state, card, "mana", player=player, cause="expand").state
        state = state.with_event(
            Event("expand", (("player", player), ("card", card)), ("Altered 4.2.1.e",))
        )
    return state


def limit(state: GameState, player: str, which: str) -> int:
    """A player's reserve or landmark limit: their Hero's, else 2 (2.2.12-13, 3.2.7.b)."""
    for obj in state.objects.values():
        if obj.kind == "hero" and zone_kind(obj.zone) == "hero" and obj.owner == player:
            value = obj.base.get(f"{which}_limit")
            if isinstance(value, int):
                return value
    return DEFAULT_LIMIT


def _mine(state: GameState, player: str, zone: str) -> list[GameObject]:
    return sorted(
        (o for o in state.objects.values() if zone_kind(o.zone) == zone and o.owner == player),
        key=lambda o: (o.timestamp, o.id),
    )


def clean_up(state: GameState, keep: Mapping[str, Sequence[str]]) -> GameState:
    """4.2.5.c: each player keeps as many Reserve objects as their reserve limit and as many
    Landmarks as their landmark limit (the ones ``keep`` names, else the latest); the rest
    are discarded and sacrificed simultaneously (to the Discard pile)."""
    leaving: list[tuple[str, str]] = []
    for player in state.players:
        chosen = list(keep.get(player, ()))
        for zone, which, verb in (
            ("reserve", "reserve", "discard"),
            ("landmark", "landmark", "sacrifice"),
        ):
            objs = _mine(state, player, zone)
            n = limit(state, player, which)
            named = [o for o in objs if o.id in chosen]
            others = [o for o in reversed(objs) if o.id not in chosen]
            kept = {o.id for o in (named + others)[:n]}
            leaving += [(o.id, verb) for o in objs if o.id not in kept]
    for oid, verb in leaving:
        state = move(state, oid, "discard", cause=verb, rules=("Altered 4.2.5.c",)).state
    fields: tuple[tuple[str, JSON], ...] = (("removed", [oid for oid, _ in leaving]),)
    return state.with_event(Event("clean-up", fields, ("Altered 4.2.5.c",)))


def check_victory(state: GameState) -> GameState:
    """4.2.5.d: each player sums the distances of their expeditions; a sum of 7 or more,
    strictly above every other, wins; a tie at the top at 7 or more starts tiebreakers."""
    from arbiter.model import altered_tiebreakers as tb

    if tb.started(state):  # 4.3.f: no effect during tiebreakers
        return state.with_event(Event("check-victory", (("verdict", None),), ("Altered 4.3.f",)))
    sums = {p: sum(position(state, p, e) for e in EXPEDITIONS) for p in state.players}
    best = max(sums.values())
    leaders = [p for p, v in sums.items() if v == best]
    if best < VICTORY_AT:
        verdict: JSON = "next day"
    elif len(leaders) == 1:
        verdict = {"winner": leaders[0]}
    else:
        verdict = {"tiebreakers": leaders}
    if isinstance(verdict, dict) and "tiebreakers" in verdict:
        state = tb.start(state)  # 3.2.1.c, 4.3.a: the Arena replaces the regions
    return state.with_event(
        Event("check-victory", (("sums", sums), ("verdict", verdict)), ("Altered 4.2.5.d",))
    )


@dataclass(frozen=True, kw_only=True)
class Morning(Step):
    expand: Mapping[str, str | None] = field(default_factory=dict)
    effect: str = ""  # one daily effect of the Morning ("": all four)

    def resolve(self, state: GameState) -> GameState:
        if self.effect:
            return morning_effect(state, self.effect, self.expand)
        return morning(state, self.expand)

    def parts(self) -> tuple[Step, ...]:
        """4.2.d: Reactions are checked after each daily effect of the Morning."""
        if self.effect:
            return (self,)
        return tuple(replace(self, effect=e) for e in MORNING_EFFECTS)


@dataclass(frozen=True, kw_only=True)
class CleanUp(Step):
    keep: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def resolve(self, state: GameState) -> GameState:
        return clean_up(state, self.keep)


@dataclass(frozen=True, kw_only=True)
class CheckVictory(Step):
    def resolve(self, state: GameState) -> GameState:
        return check_victory(state)
