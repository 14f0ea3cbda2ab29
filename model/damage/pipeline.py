"""Damage through replacement effects (R-2): between ``damage_events`` and ``carry_out_damage``.

A ``damage:`` instruction is one game action (R-4 applies once per instruction).
Each damage event left after bonuses and prevention becomes a proposed event
(``wounded`` under Berserk, ``dealt-damage`` elsewhere) whose source is the card
behind the damage; replacements apply per R-1..R-6 (``arbiter.model.damage.replacement``). The
damage events carried out keep the keys of DESIGN.md (kind ``damage``, target,
amount, prevented, sources, damaged, rules) plus the lineage (``action``,
``event``, ``lineage``). A replaced damage is not done (R-3): its event says
``damaged: false`` and ``replaced_by``, marks nothing and triggers nothing. The
one way of marking damage stays the ``damage`` counter.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace

from arbiter.model.choicepoints import Option
from arbiter.model.damage import instructions as dm
from arbiter.model.damage import prevention_replacement as pr
from arbiter.model.damage import replacement as rp
from arbiter.model.damage.actions import GameAction, ProposedEvent, carry_out
from arbiter.model.state import JSON, Event, GameState
from arbiter.model.trace import RuleStep

WOUND_KINDS = ("wounded", "dealt-damage")


def event_kind(state: GameState) -> str:
    """Berserk wounds; the other games deal damage (the ruleset's ``damage_event``)."""
    return state.ruleset.damage_event.value


def propose(state: GameState, instr: dm.Instruction, events: Sequence[Event]) -> GameAction:
    """The game action of one instruction: one proposed event per damage actually dealt
    after prevention (R-2; an amount of 0 is no event). ``root`` is the index in ``events``."""
    kind = event_kind(state)
    proposed = tuple(
        ProposedEvent(kind, str(e.get("target")), int(e.get("amount") or 0), instr.source.card, i)
        for i, e in enumerate(events)
        if e.kind == "damage" and e.get("damaged") and int(e.get("amount") or 0) > 0
    )
    return GameAction(instr.id, instr.source.card, proposed)


def _with(
    event: Event, extra: Sequence[tuple[str, JSON]], rules: Sequence[str], why: Sequence[RuleStep]
) -> Event:
    new = dict(extra)
    fields = tuple((k, new.pop(k, v)) for k, v in event.fields) + tuple(new.items())
    return Event(
        event.kind,
        fields,
        tuple(dict.fromkeys((*event.rules, *rules))),
        (*event.because, *why),
    )


def final_events(
    events: Sequence[Event], action: GameAction, done: rp.Replaced
) -> tuple[tuple[Event, ...], tuple[ProposedEvent, ...]]:
    """The damage events to carry out (originals, replaced ones, events made instead),
    and the other events made instead (extra lives...) for
    ``arbiter.model.damage.actions.carry_out``."""
    aid = action.id
    kept = {e.node: e for e in done.carry}
    by = {a.event.node: a.by for a in done.log if a.event is not None}
    proposed = {e.root for e in action.events}
    out: list[Event] = []
    others: list[ProposedEvent] = []
    for i, ev in enumerate(events):
        if i not in proposed:
            out.append(ev)
            continue
        node: tuple[int, tuple[()]] = (i, ())
        label = f"{aid}.{i}"
        lineage: list[tuple[str, JSON]] = [("action", aid), ("event", label)]
        if node in kept:
            e = kept[node]
            why = (RuleStep("R-2", "carried out after modifiers and prevention"), *e.because)
            out.append(_with(ev, [*lineage, ("lineage", [])], ["R-2", *(s.rule for s in why)], why))
        else:
            rid = by.get(node, "")
            note = RuleStep("R-3", f"replaced by {rid}: not done, marks nothing, triggers nothing")
            extra = [
                ("amount", 0),
                ("damaged", False),
                *lineage,
                ("lineage", []),
                ("replaced_by", rid),
            ]
            out.append(_with(ev, extra, ["R-2", "R-3"], [note]))
        for e in done.carry:
            if e.root != i or not e.chain:
                continue
            if e.kind not in WOUND_KINDS:
                others.append(e)
                continue
            why = (RuleStep("R-2", "made instead, carried out like any other event"), *e.because)
            fields: tuple[tuple[str, JSON], ...] = (
                ("target", e.target),
                ("amount", e.amount),
                ("prevented", 0),
                ("sources", ev.get("sources")),
                ("damaged", True),
                ("base", e.amount),
                ("bonus", 0),
                ("bonus_from", []),
                ("instruction", ev.get("instruction")),
                ("shields", []),
                ("action", aid),
                ("event", e.label(aid)),
                ("lineage", [link.by for link in e.chain]),
            )
            rules = ("R-2", "R-6", *(s.rule for s in why))
            out.append(Event("damage", fields, tuple(dict.fromkeys(rules)), why))
    return tuple(out), tuple(others)


def carry(
    state: GameState,
    events: Sequence[Event],
    action: GameAction,
    done: rp.Replaced,
    shields: Sequence[pr.Held] = (),
) -> GameState:
    """Carry out what replacement left: damage as the ``damage`` counter, the rest as
    ``arbiter.model.damage.actions`` does. ``done.reported`` already holds the
    replaced/declined reports; ``shields`` that replaced damage (Decision D-PREV-REPL)
    lose what they prevented first (Riftbound 437.3)."""
    damage, others = final_events(events, action, done)
    reported = pr.spend(done.reported, action.id, done.log, shields) if shields else done.reported
    state = dm.carry_out_damage(reported, damage)
    return carry_out(state, action.id, others) if others else state


def deal(
    state: GameState,
    pending: dm.PendingDamage,
    split: dict[str, int] | None = None,
    shield_order: Sequence[str] = (),
) -> GameState:
    """``dm.deal`` with replacement in between, every decision by its default (R-DEFAULT)."""
    r = start(state, pending, split, shield_order)
    while (p := rp.point(r.run)) is not None:
        r = take(r, p.options[0])
    return finish(r)


@dataclass(frozen=True, slots=True)
class DamageRun:
    """A damage step between prevention and carrying-out: its computed events, and the
    replacement run of its game action."""

    events: tuple[Event, ...]
    run: rp.ReplacementRun
    shields: tuple[pr.Held, ...] = ()  # shields taking part as replacements (D-PREV-REPL)

    def key(self) -> Hashable:
        return self.run.key()


def start(
    state: GameState, pending: dm.PendingDamage, split: dict[str, int] | None, order: Sequence[str]
) -> DamageRun:
    instr = pending.instruction
    assert instr is not None
    if not pr.as_replacement(state):
        events = dm.damage_events(state, pending, split, order)
        return DamageRun(events, rp.start_run(propose(state, instr, events), state))
    # Decision D-PREV-REPL (Riftbound 437.7): no prevention before replacement; each shield
    # is one replacement of the damage events to its object
    events = dm.damage_events(state, pending, split, order, prevent=False)
    held = pr.shields_in_play(state, instr)
    extra = pr.replacements(state, held)
    return DamageRun(events, rp.start_run(propose(state, instr, events), state, extra), held)


def finish(r: DamageRun) -> GameState:
    return carry(r.run.state, r.events, r.run.action, rp.result(r.run), r.shields)


def take(r: DamageRun, option: Option) -> DamageRun:
    return replace(r, run=rp.take(r.run, option))
