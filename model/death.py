"""Riftbound death: Cleanups kill units with lethal damage, after "would die" replacement
effects (Core Rules 1.3: 318-323, 369-373, 428). Pure functions of the game state.

A unit with non-zero damage at least its Might dies at a Cleanup (323.5); a Deathknell is
noted first (323.4). Each death is an event that "would die" replacements may replace
(369.1). Who orders the replacements and how far one reaches are ruleset policies:
``replacement_chooser`` (Riftbound 372: the owner of the unit acted on; R-5: the
replacements' controller) and ``replacement_reach`` (Riftbound 373.2: one sequence over
every simultaneous death it qualifies for; R-4: one event of the action). A "once each
turn" replacement that is declined has not been applied this turn (371.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from arbiter.model import might as mt
from arbiter.model import riftbound_attach as attachment
from arbiter.model import riftbound_keywords as rk
from arbiter.model import riftbound_traits as tr
from arbiter.model.might_layers import might_now
from arbiter.model.riftbound_score import board_tasks, victory
from arbiter.model.ruleset import ReplacementChooser, ReplacementReach
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState

TRASH = "trash"
BASE = "base"
BANISHMENT = "banishment"
ONCE = "once_each_turn."  # game counters of the "once each turn" replacements used


PERMANENTS = ("unit", "gear")  # Riftbound 133.4.a.2: the permanent types (428.1)


class Instead(Enum):
    """What a "would die" replacement does instead (369.1: Zhonya's Hourglass, Soraka)."""

    HEAL = "heal"
    EXHAUST = "exhaust"
    RECALL = "recall"
    KILL_SOURCE = "kill_source"  # "kill this instead"
    BANISH_SOURCE = "banish_source"  # "banish me from your trash instead" (370.3)


class Protects(Enum):
    SELF = "self"
    FRIENDLY = "friendly"
    OTHER_FRIENDLY = "other_friendly"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class DeathReplacement(Ability):
    """ "If [a unit] would die, instead …" on a unit or a gear (its ``source``)."""

    protects: Protects = Protects.SELF
    ids: frozenset[str] = frozenset()  # named units (instead of ``protects``)
    here: bool = False  # "here": only units at the source's location
    weaker: bool = False  # "if it has less Might than me"
    instead: tuple[Instead, ...] = (Instead.HEAL, Instead.EXHAUST, Instead.RECALL)
    may: bool = False
    once_each_turn: bool = False  # 371
    next_time: bool = False  # "the next time …": one event, then spent
    text: str = ""
    zone: str = "board"  # where it is active: the Board, or a zone such as "trash" (370.3)


@dataclass(frozen=True)
class CleanupChoices:
    """The players' decisions: each player's order of replacements (ids first in that
    order, the rest oldest first), and the optional replacements they decline."""

    order: Mapping[str, Sequence[str]] = field(default_factory=dict)
    decline: frozenset[str] = frozenset()


def on_board(obj: GameObject) -> bool:
    return obj.zone in mt.BOARD


def lethal(state: GameState, obj: GameObject) -> bool:
    """323.5: non-zero damage equalling or exceeding its Might (or health without Might)."""
    damage = obj.counters.get("damage", 0)
    if damage <= 0 or not on_board(obj):
        return False
    if mt.has_might(obj):
        return damage >= might_now(state, obj)
    health = obj.base.get("health")
    return isinstance(health, int) and damage >= health


def dying(state: GameState) -> list[GameObject]:
    """The units a Cleanup kills, in canonical order (timestamp, then id: ORD-1)."""
    found = [o for o in state.objects.values() if o.kind == "unit" and lethal(state, o)]
    return sorted(found, key=lambda o: (o.timestamp, o.id))


def active(r: DeathReplacement, src: GameObject) -> bool:
    """Whether the replacement's source is where it is active: the Board, or its zone
    (370.3: one entering that zone only with the event does not replace it)."""
    return on_board(src) if r.zone == "board" else src.zone == r.zone


def replacements(state: GameState) -> list[DeathReplacement]:
    out = [
        a
        for o in state.objects.values()
        for a in o.abilities
        if isinstance(a, DeathReplacement) and active(a, o)
    ]
    return sorted(out, key=lambda r: (r.timestamp, r.source, r.id))


def used_key(r: DeathReplacement) -> str:
    return f"{ONCE}{r.source}.{r.id}"


def qualifies(r: DeathReplacement, unit: GameObject, state: GameState) -> bool:
    src = state.objects.get(r.source)
    if src is None or not active(r, src):
        return False
    if r.ids:
        ok = unit.id in r.ids
    elif r.protects is Protects.SELF:
        ok = unit.id == src.id
    elif r.protects is Protects.ANY:
        ok = True
    else:
        ok = unit.controlled_by == src.controlled_by
        if r.protects is Protects.OTHER_FRIENDLY:
            ok = ok and unit.id != src.id
    if ok and r.here:
        ok = unit.zone == src.zone and unit.region == src.region
    if ok and r.weaker:
        ok = might_now(state, unit) < might_now(state, src)
    return ok


def chooser(state: GameState, units: Sequence[GameObject], reps: Sequence[DeathReplacement]) -> str:
    """Riftbound 372 (the owner of the unit acted on) or R-5 (the replacements' controller;
    the active player when both players' could apply)."""
    if state.ruleset.replacement_chooser is ReplacementChooser.AFFECTED_OWNER:
        return units[0].owner
    players = {state.obj(r.source).controlled_by for r in reps}
    return players.pop() if len(players) == 1 else state.active_player


Options = list[tuple[DeathReplacement, list[GameObject]]]


def _turn_order_pool(state: GameState, options: Options) -> tuple[str, Options, list[str]]:
    """373: when the replacements could apply to several simultaneous deaths, each event is
    on its own and each controller orders their own replacements (374: the controller of
    the source); those of different controllers are applied in turn order, the turn
    player's first (373.1). ``each`` is empty when only one death is concerned (372)."""
    if len({u.id for _, us in options for u in us}) < 2:
        return "", options, []
    controllers = {state.obj(r.source).controlled_by for r, _ in options}
    who = next(p for p in state.players if p in controllers)
    pool = [(r, us) for r, us in options if state.obj(r.source).controlled_by == who]
    each = ["Riftbound 373", "Riftbound 374"]
    return who, pool, [*each, "Riftbound 373.1"] if len(controllers) > 1 else each


def _rank(order: Sequence[str], r: DeathReplacement) -> tuple[int, int, str, str]:
    names = (r.id, f"{r.source}.{r.id}")
    listed = [i for i, name in enumerate(order) if name in names]
    return (listed[0] if listed else len(order), r.timestamp, r.source, r.id)


def _save(state: GameState, unit_id: str, r: DeathReplacement) -> GameState:
    obj = state.obj(unit_id)
    counters = dict(obj.counters)
    zone = obj.zone
    for act in r.instead:
        if act is Instead.HEAL:
            counters.pop("damage", None)
        elif act is Instead.EXHAUST:
            counters["exhausted"] = 1
        elif act is Instead.RECALL:
            zone = BASE
    return state.with_object(replace(obj, counters=counters, zone=zone))


def kill(state: GameState, oid: str, why: tuple[str, ...], by: tuple[str, ...] = ()) -> GameState:
    """428.2: the permanent goes from the Board to its owner's trash; off the Board it
    keeps no damage, buff, Might effect or keyword grant (110, 705). The move fires
    "leaves" triggers. ``by``: the objects the kill is attributed to (428.5), reported
    as ``killed_by``."""
    state = attachment.leave_board(state, oid)  # 719.5
    obj = state.obj(oid)
    gone = tr.leave_board(rk.leave_board(mt.leave_board(obj)))
    counters = {k: v for k, v in gone.counters.items() if k not in ("damage", "exhausted")}
    state = state.with_object(replace(gone, zone=TRASH, counters=counters))
    fields: tuple[tuple[str, JSON], ...] = (
        ("target", oid),
        ("from", obj.zone),
        ("to", TRASH),
        ("killed", True),
    )
    if by:
        fields = (*fields, ("killed_by", list(by)))
    return state.with_event(Event("move", fields, why))


def kill_instruction(
    state: GameState,
    oid: str,
    why: tuple[str, ...],
    by: tuple[str, ...] = (),
    choices: CleanupChoices | None = None,
) -> GameState:
    """428.1.a.1: an Active Kill (a Kill Instruction of an effect, or a kill paid as a
    cost). The unit would die, so "would die" replacements apply to it first as to a
    Cleanup's deaths (369.1, RB-REPL-1); a cost whose kill is replaced is still paid
    (357.2.a). A unit that is not saved is killed, its Deathknell noted first
    (428.1.a.1.b, 808)."""
    state, doomed = replace_deaths(state, [state.obj(oid)], choices or CleanupChoices())
    if oid not in doomed:
        return state
    state = note_deathknell(state, oid, "Riftbound 428.1.a.1.b")
    return kill(state, oid, (*why, "Riftbound 428.1.a.1"), by=by)


def note_deathknell(state: GameState, oid: str, rule: str) -> GameState:
    """A unit with Deathknell that is about to die has it noted first (808; ``rule``: a
    Cleanup's 323.4, a Kill Instruction's 428.1.a.1.b)."""
    if "Deathknell" not in state.obj(oid).features:
        return state
    return state.with_event(Event("deathknell", (("target", oid),), (rule, "Riftbound 808")))


def dealt_by(state: GameState, oid: str) -> tuple[str, ...]:
    """428.5.c: a Cleanup's kill is attributed to what dealt damage to the unit last (the
    sources of the latest damage event that damaged it this turn; Decision RB-KILL-BY)."""
    for event in reversed(state.events):
        if event.kind == "phase":
            break
        if event.kind == "damage" and event.get("target") == oid and event.get("damaged"):
            sources = event.get("sources")
            return tuple(str(s) for s in sources) if isinstance(sources, list) else ()
    return ()


def replace_deaths(
    state: GameState, units: list[GameObject], choices: CleanupChoices
) -> tuple[GameState, list[str]]:
    """Apply "would die" replacements to simultaneous deaths; return who still dies."""
    pending = [u.id for u in units]
    tried: set[tuple[str, str]] = set()
    reach = state.ruleset.replacement_reach
    while pending:
        live = [state.obj(p) for p in pending]
        options = [
            (r, [u for u in live if qualifies(r, u, state)])
            for r in replacements(state)
            if (r.source, r.id) not in tried and used_key(r) not in state.counters
        ]
        options = [(r, us) for r, us in options if us]
        if not options:
            break
        by_owner = state.ruleset.replacement_chooser is ReplacementChooser.AFFECTED_OWNER
        who, pool, each = _turn_order_pool(state, options) if by_owner else ("", options, [])
        if not each:
            who = chooser(state, [us[0] for _, us in options], [r for r, _ in options])
        r, targets = min(pool, key=lambda o: _rank(choices.order.get(who, ()), o[0]))
        tried.add((r.source, r.id))
        rules = ["Riftbound 369.1", "Riftbound 372" if by_owner else "R-5", *each]
        if r.may and (r.id in choices.decline or f"{r.source}.{r.id}" in choices.decline):
            note = ["Riftbound 371.2"] if r.once_each_turn else []
            state = state.with_event(
                Event(
                    "declined",
                    (("by", r.id), ("source", r.source), ("chooser", who)),
                    (*rules, *note),
                )
            )
            continue
        if r.next_time or reach is ReplacementReach.ONCE_PER_ACTION:
            targets = targets[:1]
            rules.append("R-4" if reach is ReplacementReach.ONCE_PER_ACTION else "Riftbound 373")
        else:
            rules.append("Riftbound 373.2")
        for u in targets:
            state = _save(state, u.id, r)
            pending.remove(u.id)
        if r.once_each_turn:
            counters = dict(state.counters)
            counters[used_key(r)] = 1
            state = replace(state, counters=counters)
            rules.append("Riftbound 371")
        fields: tuple[tuple[str, JSON], ...] = (
            ("by", r.id),
            ("source", r.source),
            ("chooser", who),
            ("saved", [u.id for u in targets]),
            ("instead", [a.value for a in r.instead]),
        )
        state = state.with_event(Event("replaced", fields, tuple(dict.fromkeys(rules))))
        if Instead.KILL_SOURCE in r.instead and on_board(state.obj(r.source)):
            state = kill(state, r.source, ("Riftbound 428.1.a.1", "Riftbound 369.1"))
        if Instead.BANISH_SOURCE in r.instead:
            src = state.obj(r.source)
            state = state.with_object(replace(src, zone=BANISHMENT, region=None))
            moved: tuple[tuple[str, JSON], ...] = (
                ("target", r.source),
                ("from", src.zone),
                ("to", BANISHMENT),
            )
            state = state.with_event(Event("move", moved, ("Riftbound 369.1", "Riftbound 370.3")))
    return state, pending


def cleanup(state: GameState, choices: CleanupChoices | None = None) -> GameState:
    """A Cleanup (323.3-323.5), repeated while it changes the game (322)."""
    choices = choices or CleanupChoices()
    rounds = 0
    while rounds < 64:
        rounds += 1
        units = dying(state)
        if not units:
            break
        state, doomed = replace_deaths(state, units, choices)
        for oid in doomed:
            state = note_deathknell(state, oid, "Riftbound 323.4")
        for oid in doomed:
            by = dealt_by(state, oid)
            why = ("Riftbound 323.5", "Riftbound 428.1.a.2", "Riftbound 428.2")
            state = kill(state, oid, (*why, "Riftbound 428.5.c") if by else why, by=by)
        if rounds > 1:
            state = state.with_event(Event("cleanup", (("round", rounds),), ("Riftbound 322",)))
    return victory(board_tasks(state))


def end_turn(state: GameState) -> GameState:
    """317.2: heal all units, "this turn" effects expire, "once each turn" uses reset; the
    next player becomes the turn player (317.3), and a new turn starts."""
    state = pass_turn(state)
    return expire_temporary(state, state.players[0])


def pass_turn(state: GameState) -> GameState:
    """``end_turn`` up to the new turn's ``start_of_turn`` event (Temporary not yet)."""
    from arbiter.model.effects.lasting import end_of

    state = end_of(state, "turn")  # 317.2.c: the card language's "this turn" effects too
    objects = {}
    for oid, obj in state.objects.items():
        obj = tr.end_of_turn(rk.end_of_turn(mt.end_of_turn(obj)))
        if obj.kind == "unit" and "damage" in obj.counters:
            obj = replace(obj, counters={k: v for k, v in obj.counters.items() if k != "damage"})
        obj = replace(obj, abilities=tuple(a for a in obj.abilities if not _this_turn(a)))
        objects[oid] = obj
    counters = {k: v for k, v in state.counters.items() if not k.startswith(ONCE)}
    counters["turn"] = state.counters.get("turn", 1) + 1
    players = (*state.players[1:], state.players[0])
    state = replace(state, objects=objects, counters=counters, players=players)
    state = state.with_event(
        Event(
            "phase",
            (("name", "end_of_turn"), ("player", state.players[-1]), ("next", players[0])),
            ("Riftbound 317.2.b", "Riftbound 317.2.c", "Riftbound 317.3", "Riftbound 371"),
        )
    )
    return state.with_event(
        Event("phase", (("name", "start_of_turn"), ("player", players[0])), ("Riftbound 315",))
    )


def expire_temporary(state: GameState, player: str) -> GameState:
    """816.1.b: at the start of its controller's Beginning Phase a Temporary permanent is
    killed (once, however many instances: 816.2)."""
    doomed = sorted(
        (
            o
            for o in state.objects.values()
            if on_board(o) and o.controlled_by == player and "Temporary" in o.features
        ),
        key=lambda o: (o.timestamp, o.id),
    )
    for obj in doomed:
        state = kill(state, obj.id, ("Riftbound 816.1.b", "Riftbound 428.1.a.1"))
    return state


def _this_turn(a: Ability) -> bool:
    """An ability that lasts "this turn" (a prevention shield, …); Might effects apart."""
    return bool(getattr(a, "this_turn", False)) and not isinstance(a, mt.MightEffect)
