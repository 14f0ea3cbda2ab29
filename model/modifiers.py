"""Altered modifiers (Complete Rules 3.0, 6.2) and statuses given by effects (2.4.1).

A step of an effect is a list of atomic actions, written ``verb:object`` (``send_deck:jinn``,
``draw:lithium``). Modifiers change it before it happens: replacing modifiers of the whole
step first, then replacing modifiers of one atomic action, then additive ones (6.2.g); the
step's controller (or the first player) picks among those of one rank (6.2.h); after each
application the step is looked at again (6.2.i); a modifier applies once to a step and
once to an atomic action (6.2.j-k). An optional one may be declined, and "if you don't"
adds a step right after the current one (6.2.d-e). Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.altered.zones import permitted, zone_kind
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep, Trace


class ModKind(Enum):
    REPLACE_STEP = "replace_step"  # 6.2.b, on the whole step
    REPLACE_ACTION = "replace_action"  # 6.2.b, on one atomic action
    ADDITIVE = "additive"  # 6.2.c, "also"


RANK = {ModKind.REPLACE_STEP: 0, ModKind.REPLACE_ACTION: 1, ModKind.ADDITIVE: 2}


@dataclass(frozen=True, slots=True)
class Modifier:
    id: str
    controller: str
    kind: ModKind
    when: str  # the verb it waits for ("send_deck"), or "verb:object"
    actions: tuple[str, ...] = ()  # instead / also
    optional: bool = False
    otherwise: tuple[str, ...] = ()  # "If you don't, [effect]"
    timestamp: int = 0

    def matches(self, action: str) -> bool:
        return action == self.when or action.split(":", 1)[0] == self.when


@dataclass(frozen=True, slots=True)
class ModifiedStep:
    actions: tuple[str, ...]
    added_steps: tuple[tuple[str, ...], ...]
    applied: tuple[str, ...]
    declined: tuple[str, ...]
    chooser: str
    because: Trace


def modify_step(
    actions: Sequence[str],
    modifiers: Sequence[Modifier],
    controller: str | None,
    first_player: str,
    decisions: Mapping[str, bool] | None = None,
    order: Sequence[str] = (),
) -> ModifiedStep:
    """Apply the modifiers to one step (6.2.g-k). ``decisions`` answers optional ones (an
    unanswered one is applied); ``order`` is the chooser's preference within a rank."""
    decisions = decisions or {}
    chooser = controller or first_player  # 6.2.h
    current = list(actions)
    # atomic actions are tracked by identity: (index of origin, text)
    ident = [(i, a) for i, a in enumerate(current)]
    on_step: set[str] = set()
    on_action: set[tuple[str, tuple[int, str]]] = set()
    applied: list[str] = []
    declined: list[str] = []
    added: list[tuple[str, ...]] = []
    why: list[RuleStep] = []
    fresh = len(current)
    for _ in range(4 * len(modifiers) * (len(actions) + 1) + 4):
        options: list[tuple[int, int, Modifier, int | None]] = []
        for m in modifiers:
            if m.id in on_step or m.id in declined:
                continue
            for pos, (key, action) in enumerate(ident):
                if not m.matches(action) or (m.id, (key, action)) in on_action:
                    continue
                where = None if m.kind is ModKind.REPLACE_STEP else pos
                pref = order.index(m.id) if m.id in order else len(order)
                options.append((RANK[m.kind], pref * 10**6 + m.timestamp, m, where))
                break
        if not options:
            break
        _, _, m, where_at = min(options, key=lambda o: (o[0], o[1], o[2].id))
        if m.optional and not decisions.get(m.id, True):
            declined.append(m.id)
            why.append(RuleStep("Altered 6.2.d", f"{m.controller} declines {m.id}"))
            if m.otherwise:
                added.append(m.otherwise)
                why.append(RuleStep("Altered 6.2.e", f"if you don't: {', '.join(m.otherwise)}"))
            continue
        applied.append(m.id)
        if m.kind is ModKind.REPLACE_STEP:
            on_step.add(m.id)
            ident = [(fresh + i, a) for i, a in enumerate(m.actions)]
            fresh += len(m.actions)
            why.append(RuleStep("Altered 6.2.j", f"{m.id} replaces the step"))
        elif m.kind is ModKind.REPLACE_ACTION:
            assert where_at is not None
            key, action = ident[where_at]
            on_action.add((m.id, (key, action)))
            new = [(key, a) for a in m.actions]  # the same atomic action, modified (6.2.k)
            for k2, a2 in new:
                on_action.add((m.id, (k2, a2)))
            ident[where_at : where_at + 1] = new
            why.append(RuleStep("Altered 6.2.k", f"{m.id}: {action} -> {', '.join(m.actions)}"))
        else:
            on_step.add(m.id)
            ident += [(fresh + i, a) for i, a in enumerate(m.actions)]
            fresh += len(m.actions)
            why.append(RuleStep("Altered 6.2.c", f"{m.id} also: {', '.join(m.actions)}"))
        why.append(RuleStep("Altered 6.2.i", "the modified step is looked at again"))
    return ModifiedStep(
        tuple(a for _, a in ident),
        tuple(added),
        tuple(applied),
        tuple(declined),
        chooser,
        tuple(why),
    )


# -- statuses given and removed by effects (2.4.1) ----------------------------------------

STATUSES = ("anchored", "asleep", "exhausted", "fleeting")
MAY_HAVE = frozenset({"adventure", "expedition", "hero", "landmark", "limbo", "mana", "reserve"})
# Altered 2.4.1.g: a passive (``can: [regain_<status>]``) lets an object gain a status it has:
# nothing changes, but the gain happens (it may be modified and trigger Reactions)
G = "Altered 2.4.1.g"


def set_status(state: GameState, target: str, status: str, gain: bool) -> GameState:
    """An effect gives (``gain``) or removes a status: 2.4.1.b-c, f, h; Boosted is never
    given or removed directly (2.4.4.b)."""
    obj = state.obj(target)
    verb = "gain-status" if gain else "lose-status"
    fields = (("target", target), ("status", status))
    has = obj.counters.get(status, 0) > 0
    if status == "boosted":
        return state.with_event(Event(verb, (*fields, ("done", False)), ("Altered 2.4.4.b",)))
    if zone_kind(obj.zone) not in MAY_HAVE:
        return state.with_event(Event(verb, (*fields, ("done", False)), ("Altered 2.4.1.c",)))
    if gain and has and permitted(obj, f"regain_{status}") is not None:  # Altered 2.4.1.g
        return state.with_event(Event(verb, (*fields, ("done", True), ("again", True)), (G,)))
    if gain and has:
        return state.with_event(Event(verb, (*fields, ("done", False)), ("Altered 2.4.1.f",)))
    if not gain and not has:
        return state.with_event(Event(verb, (*fields, ("done", False)), ("Altered 2.4.1.h",)))
    counters = dict(obj.counters)
    if gain:
        counters[status] = 1
    else:
        counters.pop(status, None)
    state = state.with_object(replace(obj, counters=counters))
    return state.with_event(Event(verb, (*fields, ("done", True)), ("Altered 2.4.1.e",)))


# -- scenario steps ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ModifiedStepStep(Step):
    """``modified_step: {id, controller, actions, modifiers, decisions, order}``: one step of
    an effect about to happen, and what the modifiers make of it (an event per result)."""

    id: str
    controller: str | None
    actions: tuple[str, ...]
    modifiers: tuple[Modifier, ...]
    decisions: Mapping[str, bool]
    order: tuple[str, ...]

    def resolve(self, state: GameState) -> GameState:
        out = modify_step(
            self.actions,
            self.modifiers,
            self.controller,
            state.players[0],
            self.decisions,
            self.order,
        )
        rules = tuple(dict.fromkeys(["Altered 6.2.g", *(s.rule for s in out.because)]))
        return state.with_event(
            Event(
                "step",
                (
                    ("id", self.id),
                    ("chooser", out.chooser),
                    ("actions", list(out.actions)),
                    ("added_steps", [list(s) for s in out.added_steps]),
                    ("applied", list(out.applied)),
                    ("declined", list(out.declined)),
                ),
                (*rules, "Altered 6.2.m"),
                out.because,
            )
        )
