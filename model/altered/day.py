"""Just enough of the Altered day for the keywords to act (rules 3.0, 4.2.4 and 4.2.5).

Dusk (Progress): each expedition compares its statistics with the expedition facing it and
moves forward if it is greater, and positive, in a terrain of its region; Defender stops it.
Night (Rest): characters of an expedition that moved forward this day go to their owner's
Reserve (a new object: boosts lost, except Seasoned); Eternal ones stay. Simultaneous
decisions and timestamps follow the initiative order (A-GOLD-8, A-TIME-1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from arbiter.model.altered.keywords import (
    TERRAINS,
    expedition_statistics,
    expeditions_of,
    has,
    members,
)
from arbiter.model.altered.zones import (
    EXPEDITIONS,
    ensure_faces,
    is_face_down,
    is_visible,
    move,
    zone_kind,
)
from arbiter.model.passive_order import after_passives
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.trace import RuleStep


def opponent(state: GameState, player: str) -> str:
    return next((p for p in state.players if p != player), player)


def initiative_order(state: GameState, initiative: str | None = None) -> list[str]:
    """A-GOLD-8: the player with the initiative first, then the others in seat order."""
    first = initiative or state.active_player
    i = state.players.index(first)
    return [*state.players[i:], *state.players[:i]]


def position(state: GameState, player: str, expedition: str) -> int:
    return state.counters.get(f"position.{player}.{expedition}", 0)


def moved_today(state: GameState, player: str, expedition: str) -> bool:
    return state.counters.get(f"moved.{player}.{expedition}", 0) > 0


@dataclass(frozen=True, slots=True)
class Progress:
    player: str
    expedition: str
    moves: bool
    because: tuple[RuleStep, ...]
    totals: dict[str, int]
    facing: dict[str, int]
    due_to: tuple[str, ...] = ()  # 4.2.4.j: the terrains it moved forward due to


@dataclass(frozen=True, slots=True)
class TerrainLimits:
    """Effects on one expedition's Progress: terrains it cannot move forward due to
    (4.2.4.c) and the only terrains it can move forward due to (4.2.4.d)."""

    cannot: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None


def counted_terrains(
    terrains: Sequence[str], limits: TerrainLimits
) -> tuple[list[str], list[RuleStep]]:
    """The terrains of the region that Progress compares (4.2.4.c-d)."""
    why: list[RuleStep] = []
    kept = [t for t in terrains if t not in limits.cannot]
    if len(kept) < len(terrains):
        gone = ", ".join(t for t in terrains if t in limits.cannot)
        why.append(RuleStep("Altered 4.2.4.c", f"it cannot move forward due to {gone}: ignored"))
    if limits.only is not None:
        other = [t for t in kept if t not in limits.only]
        kept = [t for t in kept if t in limits.only]
        if other:
            why.append(
                RuleStep(
                    "Altered 4.2.4.d",
                    f"it can only move forward due to {', '.join(limits.only)}: "
                    f"{', '.join(other)} ignored",
                )
            )
    return kept, why


def progress(
    state: GameState,
    player: str,
    expedition: str,
    terrains: Sequence[str] = TERRAINS,
    limits: TerrainLimits | None = None,
) -> Progress:
    """Dusk, Progress (rules 3.0 4.2.4.b-f, j) with Defender (A-KW-DEFENDER).

    Statistics and keywords are read after passives (A-PASS-1)."""
    state = after_passives(state)
    mine = expedition_statistics(state, player, expedition)
    theirs = expedition_statistics(state, opponent(state, player), expedition)
    why = list(mine.because)
    counted, limited = counted_terrains(terrains, limits or TerrainLimits())
    why.extend(limited)
    better = [t for t in counted if mine.totals[t] > theirs.totals[t] and mine.totals[t] > 0]
    moves = bool(better)
    if better:
        why.append(RuleStep("A-DAY-1", f"greater in {', '.join(better)}: it moves forward"))
        if len(better) > 1:
            why.append(RuleStep("Altered 4.2.4.g", "it moves forward once"))
    else:
        why.append(RuleStep("A-DAY-1", "not greater (and positive) in any terrain of its region"))
    defenders = [o.id for o in members(state, player, expedition) if has(o, "Defender")]
    if defenders and moves:
        why.append(
            RuleStep(
                "A-KW-DEFENDER",
                f"{', '.join(defenders)} has Defender: the expedition cannot move forward "
                "and fails to move forward",
            )
        )
        why.append(RuleStep("A-GOLD-1", "cannot beats can: the move forward is not done"))
        moves = False
    elif defenders:
        why.append(RuleStep("A-KW-DEFENDER", f"{', '.join(defenders)}: fails to move forward"))
    due_to = tuple(better) if moves else ()
    return Progress(player, expedition, moves, tuple(why), mine.totals, theirs.totals, due_to)


def dusk(
    state: GameState,
    terrains: Mapping[str, Sequence[str]] | None = None,
    limits: Mapping[str, TerrainLimits] | None = None,
) -> GameState:
    """All expeditions move at once (4.2.4.h), each at most once (4.2.4.g)."""
    state = ensure_faces(state)
    results = [
        progress(
            state, p, e, (terrains or {}).get(f"{p}.{e}", TERRAINS), (limits or {}).get(f"{p}.{e}")
        )
        for p in initiative_order(state)
        for e in EXPEDITIONS
    ]
    counters = dict(state.counters)
    for r in results:
        key = f"{r.player}.{r.expedition}"
        if r.moves:
            counters[f"position.{key}"] = counters.get(f"position.{key}", 0) + 1
            counters[f"moved.{key}"] = 1
    state = replace(state, counters=counters)
    for r in results:
        fields: tuple[tuple[str, JSON], ...] = (
            ("player", r.player),
            ("expedition", r.expedition),
            ("moved", r.moves),
            ("statistics", r.totals),
            ("facing", r.facing),
            ("position", position(state, r.player, r.expedition)),
            ("due_to", list(r.due_to)),
        )
        state = state.with_event(
            Event("progress", fields, tuple(dict.fromkeys(s.rule for s in r.because)), r.because)
        )
    return state


def rest(state: GameState, order: Mapping[str, Sequence[str]] | None = None) -> GameState:
    """Night, Rest: characters of expeditions that moved forward go to the Reserve.

    They move simultaneously; the new objects are stamped in initiative order, each player
    ordering their own (``order``, else by old timestamp) (A-TIME-1, A-GOLD-8). Eternal
    characters stay (A-KW-ETERNAL). Boosts do not follow (A-GOLD-7) unless Seasoned
    (A-KW-SEASONED). A move that cannot happen is skipped, the rest resolves (A-GOLD-3).
    """
    state = ensure_faces(state)
    seen = after_passives(state)  # A-PASS-1: Eternal and Gigantic after passives
    leaving: dict[str, list[GameObject]] = {p: [] for p in state.players}
    for obj in sorted(seen.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if zone_kind(obj.zone) != "expedition" or obj.kind != "character":
            continue
        where = expeditions_of(obj)
        if not any(moved_today(state, obj.controlled_by, e) for e in where):
            continue
        kept = [s for s in ("anchored", "asleep") if obj.counters.get(s, 0)]
        if kept:  # Altered 2.4.2, 2.4.3: not sent to the Reserve (and the status goes below)
            state = state.with_event(
                Event(
                    "rest",
                    (("target", obj.id), ("stays", True), ("because", kept)),
                    tuple(RULE_OF_STATUS[s] for s in kept),
                )
            )
            continue
        if has(obj, "Eternal"):
            state = state.with_event(
                Event(
                    "rest",
                    (("target", obj.id), ("stays", True)),
                    ("A-KW-ETERNAL",),
                    (RuleStep("A-KW-ETERNAL", f"{obj.id} is Eternal: not sent to the Reserve"),),
                )
            )
            continue
        leaving[obj.controlled_by].append(obj)
    for player in initiative_order(state):
        chosen = list((order or {}).get(player, ()))
        mine = sorted(
            leaving[player],
            key=lambda o: (chosen.index(o.id) if o.id in chosen else len(chosen), o.timestamp),
        )
        for obj in mine:
            state = move(state, obj.id, "reserve", cause="rest", rules=("A-DAY-2",)).state
    counters = {k: v for k, v in state.counters.items() if not k.startswith("moved.")}
    return lose_rest_statuses(replace(state, counters=counters))


RULE_OF_STATUS = {"anchored": "Altered 2.4.2", "asleep": "Altered 2.4.3"}


def lose_rest_statuses(state: GameState) -> GameState:
    """Altered 2.4.2, 2.4.3: during Rest every object loses Anchored and Asleep."""
    for obj in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        lost = [s for s in RULE_OF_STATUS if obj.counters.get(s, 0)]
        if not lost:
            continue
        counters = {k: v for k, v in obj.counters.items() if k not in lost}
        state = state.with_object(replace(obj, counters=counters)).with_event(
            Event(
                "lose-status",
                (("target", obj.id), ("statuses", lost)),
                tuple(RULE_OF_STATUS[s] for s in lost),
            )
        )
    return state


# -- simultaneous decisions (A-GOLD-8) ------------------------------------------------------


def decide(
    state: GameState, choices: Mapping[str, Sequence[str]], initiative: str | None = None
) -> GameState:
    """Both players decide at once: the player with the initiative first.

    The opponent knows a chosen object of a visible zone; a card of a hidden zone (or a
    face-down object) is made explicit — which zone, how many — without being revealed.
    """
    for n, player in enumerate(p for p in initiative_order(state, initiative) if p in choices):
        announced: list[JSON] = []
        for oid in choices[player]:
            obj = state.obj(oid)
            if is_visible(obj.zone) and not is_face_down(obj):
                announced.append(oid)
            else:
                announced.append(f"a card of {obj.owner}'s {zone_kind(obj.zone)}")
        state = state.with_event(
            Event(
                "decision",
                (
                    ("player", player),
                    ("order", n + 1),
                    ("chosen", list(choices[player])),
                    ("opponent_sees", announced),
                ),
                ("A-GOLD-8",),
            )
        )
    return state
