"""Decision D-PREV-REPL (Riftbound 437.7): prevention as a replacement of the damage event.

By default (``prevention_as_replacement: pipeline``, R-2) a damage step prevents first
and replacement effects see what is left. Under ``replacement`` the step computes its
events without prevention; each prevention shield that applies (P-6, 437.1.b) becomes
one replacement of the damage events to its object: "instead, that much damage reduced
by the Prevent Value" (437.2, never below 0: 437.2.a; "All": nothing, 437.1.b.1.b,
437.4). The replacement pipeline orders it with the other replacements of the event
(Riftbound 372 / R-5): a prevention applied first makes a later "would be dealt damage"
replacement see the reduced damage, and a replacement applied first (a redirect) leaves
the shield nothing to prevent. Once applied, the shield's Prevent Value goes down by what
it prevented (437.3, 437.3.b, P-4; "All" stays "All", 437.3.c) and a ``prevented``
event says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.model.ability_zones import in_play_in
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention as pv
from arbiter.model.damage import replacement as rp
from arbiter.model.ruleset import PreventionReading
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.trace import RuleStep

# A shield taking part as a replacement: (its id, the object it protects, the shield)
Held = tuple[str, str, pv.Shield]


def as_replacement(state: GameState) -> bool:
    return state.ruleset.prevention_as_replacement is PreventionReading.REPLACEMENT


def shields_in_play(state: GameState, instr: dm.Instruction) -> tuple[Held, ...]:
    """Every shield that could replace damage of ``instr``: its object is in play, its
    source has not left (P-6), it has a Prevent Value left (437.3.a) and it covers the
    kind of what deals the damage (437.1.b). Any object in play counts, not only the
    targets: a redirect may send the damage to another protected object."""
    kinds = dm.source_kinds(instr.source)
    out: list[Held] = []
    for oid in sorted(state.objects):
        obj = state.objects[oid]
        if not in_play_in(state, obj.zone):
            continue
        for s in pv.shields(obj):
            if s.remaining > 0 and pv.applies(s, state) and s.covers(kinds):
                out.append((s.id, oid, s))
    return tuple(out)


def replacements(state: GameState, held: Sequence[Held]) -> tuple[rp.Replacement, ...]:
    """Each shield as one replacement of the damage events to its object (437.7, 437.2)."""
    kind = state.ruleset.damage_event.value
    out = []
    for sid, oid, s in held:
        owner = s.controller or state.objects[oid].controlled_by
        instead = () if s.all_damage else (rp.Template(add=-s.remaining, pool=True),)
        value = "all" if s.all_damage else str(s.remaining)
        out.append(
            rp.Replacement(
                id=sid,
                source=s.source,
                timestamp=s.timestamp,
                pattern=rp.Pattern(frozenset({kind}), affected=rp.among(frozenset({oid}))),
                instead=instead,
                controller=owner,
                text=f"prevent {value} damage that would be dealt to {oid}",
            )
        )
    return tuple(out)


def spend(
    state: GameState, action: str, log: Sequence[rp.Applied], held: Sequence[Held]
) -> GameState:
    """437.3: each shield that replaced a damage event loses what it prevented; a
    ``prevented`` event per application explains it."""
    by_id = {sid: (oid, s) for sid, oid, s in held}
    for a in log:
        if a.by not in by_id or a.event is None or a.made is None:
            continue
        oid, held_shield = by_id[a.by]
        now = {x.id: x for x in pv.shields(state.obj(oid))}
        s = now.get(held_shield.id, held_shield)  # what an earlier event left of it
        amount = a.event.amount
        if s.all_damage:
            use = pv.ShieldUse(s.id, amount, 0 if s.next_hit else s.remaining)
            left_value: JSON = "all" if use.remaining else 0
            rule = "Riftbound 437.1.b.2" if s.next_hit else "Riftbound 437.3.c"
        else:
            used = min(s.remaining, amount)
            use = pv.ShieldUse(s.id, used, s.remaining - used)
            left_value = use.remaining
            rule = "Riftbound 437.3.a" if use.remaining == 0 else "Riftbound 437.3.b"
        dealt = amount - use.used
        why: tuple[RuleStep, ...] = (
            RuleStep(
                "Riftbound 437.7",
                f"{s.id} is a replacement of '{a.event.describe()}', applied in the "
                "order the chooser took",
            ),
            RuleStep("Riftbound 437.2", f"{oid} is dealt {amount} reduced by {use.used}: {dealt}"),
            RuleStep(rule, f"{s.id}'s Prevent Value is now {left_value}"),
        )
        if dealt == 0:
            why = (*why, RuleStep("Riftbound 437.4", f"{oid} is not dealt damage at all"))
        fields: tuple[tuple[str, JSON], ...] = (
            ("action", action),
            ("event", a.event.label(action)),
            ("target", oid),
            ("shield", s.id),
            ("prevented", use.used),
            ("dealt", dealt),
            ("remaining", left_value),
        )
        rules = tuple(dict.fromkeys(step.rule for step in why))
        state = state.with_event(Event("prevented", fields, rules, why))
        state = state.with_object(pv.spend(state.obj(oid), [use]))
    return state
