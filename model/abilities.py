"""Triggered abilities and quick actions as data, resolved by pure functions.

A *trigger* waits for an event (``damaged``, ``enters``, ``leaves``, ``counter``, ``modified``,
``phase``, ``activated``), then resolves its effects, perhaps optionally ("may", TRIG-2) and
under a condition checked at resolution (TRIG-4). A *quick action* is ``cost -> effects``,
played by its controller (QA-1), at most ``ruleset.quick_action_cap`` times a day (A-GOLD-9).

Pending triggers form a queue beside the state (TRIG-1); :func:`advance` resolves its head,
:func:`activate` plays a quick action; the engine and the loop search drive them. Damage
here is minimal (Decision DMG-0): added to an object's ``damage`` counter or taken from a
player's ``life``; no bonus, prevention or replacement applies (other areas do that).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from arbiter.model import counter_zones as cz
from arbiter.model import keyword_reads as rk
from arbiter.model import trigger_order as to
from arbiter.model.ability_zones import in_play as in_play
from arbiter.model.ability_zones import is_zone as _is_zone
from arbiter.model.ability_zones import works
from arbiter.model.effects import algebra as fx
from arbiter.model.effects import engine_read as er
from arbiter.model.effects import refs as rf
from arbiter.model.errors import IllegalAction
from arbiter.model.expedition_joins import crosses
from arbiter.model.might_layers import might_in
from arbiter.model.state import Ability, Event, GameObject, GameState
from arbiter.model.steps import GainFeature, LoseFeature, Modify, Move, Step

PLAYER_REFS = frozenset({"controller", "opponent"})
EVENT_KINDS = ("damaged", "enters", "leaves", "counter", "modified", "phase", "activated")
EFFECT_KINDS = ("damage", "counter", "modify", "gain", "lose", "move", "ready", "exhaust")
NEW_DAY_PHASE = "morning"


@dataclass(frozen=True, slots=True)
class Trigger(Ability):
    """A triggered ability in the card language: its event, effects, "may" and "if"."""

    when: fx.When = fx.When(fx.EventKind.PHASE, rf.ANY)
    effects: tuple[fx.Effect, ...] = ()
    optional: bool = False
    condition: fx.Condition | None = None
    text: str = ""
    once_each_turn: bool = False  # Riftbound 383.3.f: resolves once a turn at most
    support: bool = False  # Altered 2.2.11.i: works in the Reserve only


@dataclass(frozen=True, slots=True)
class QuickAction(Ability):
    costs: tuple[fx.Effect, ...] = ()  # exhaust <ref>, or counters of <ref> (-N: pay N)
    effects: tuple[fx.Effect, ...] = ()
    condition: fx.Condition | None = None
    text: str = ""
    support: bool = False  # Altered 2.2.11.i: works in the Reserve only


@dataclass(frozen=True, slots=True)
class Pending:
    """A trigger waiting in the queue: whose, which, and what its event was about."""

    source: str
    ability: str
    it: str | None = None  # object id, or "player:<name>"

    def label(self) -> str:
        return f"{self.source}.{self.ability}"


Queue = tuple[Pending, ...]


# -- references --------------------------------------------------------------------------

PLAYER = "player:"


def is_player(ref: str) -> bool:
    return ref.startswith(PLAYER)


def player_ref(name: str) -> str:
    return PLAYER + name


def resolve(state: GameState, ref: str, source: str, it: str | None = None) -> tuple[str, ...]:
    """The objects (ids) and players (``player:<name>``) a reference names now."""
    src = state.objects.get(source)
    controller = src.controlled_by if src is not None else state.active_player
    if ref == "self":
        return (source,) if src is not None else ()
    if ref == "it":
        return (it,) if it is not None else ()
    if ref == "controller":
        return (player_ref(controller),)
    if ref == "opponent":
        return tuple(player_ref(p) for p in state.players if p != controller)[:1]
    if ref in state.players:
        return (player_ref(ref),)
    if ref in state.objects:
        return (ref,)
    return tuple(sorted(o.id for o in state.objects.values() if o.card == ref))


def counter_key(target: str, name: str) -> str:
    """Where a counter lives: players' in ``GameState.counters`` as ``name.player``."""
    return f"{name}.{target[len(PLAYER) :]}" if is_player(target) else name


def counter_value(state: GameState, target: str, name: str) -> int:
    if is_player(target):
        return state.counters.get(counter_key(target, name), 0)
    obj = state.objects.get(target)
    return obj.counters.get(name, 0) if obj is not None else 0


def with_counter(state: GameState, target: str, name: str, value: int) -> GameState:
    if is_player(target):
        counters = dict(state.counters)
        counters[counter_key(target, name)] = value
        return replace(state, counters=counters)
    obj = state.obj(target)
    oc = dict(obj.counters)
    if value:
        oc[name] = value
    else:
        oc.pop(name, None)
    return state.with_object(replace(obj, counters=oc))


def activation_key(obj: str, action: str) -> str:
    return f"activations.{obj}.{action}"


# -- effects -----------------------------------------------------------------------------


def _impossible(state: GameState, effect: fx.Effect, source: str, why: str) -> GameState:
    return state.with_event(
        Event(
            "impossible",
            (
                ("effect", rf.kind(effect)),
                ("target", rf.ref(effect.selector)),
                ("source", source),
                ("why", why),
            ),
            ("A-GOLD-3",),
        )
    )


def _add_counter(state: GameState, target: str, name: str, amount: int, source: str) -> GameState:
    """CTR-1: object counters never go below 0 (the part that cannot happen is not done);
    player counters (life, mana) are plain integers."""
    before = counter_value(state, target, name)
    after = before + amount
    rules = ["CTR-1"]
    if not is_player(target) and after < 0:
        after = 0
        rules.append("A-GOLD-3")
    state = with_counter(state, target, name, after)
    return state.with_event(
        Event(
            "counter",
            (
                ("target", _shown_target(target)),
                ("counter", name),
                ("amount", after - before),
                ("value", after),
                ("source", source),
            ),
            tuple(rules),
        )
    )


def _shown_target(target: str) -> str:
    return target[len(PLAYER) :] if is_player(target) else target


def apply_effect(state: GameState, effect: fx.Effect, source: str, it: str | None) -> GameState:
    """Apply one effect to every target it names (A-GOLD-3: a missing target is skipped)."""
    reference = rf.ref(effect.selector)
    kind, amount = rf.kind(effect), rf.amount(effect)
    targets = resolve(state, reference, source, it)
    if not er.plain(effect):  # written in the card language only (Decision CHECK-ALGEBRA)
        aimed = er.aim(state, effect, source, it)
        if aimed is None:
            return _impossible(state, effect, source, "its condition does not hold")
        targets, amount = aimed
    if not targets:
        return _impossible(state, effect, source, f"'{reference}' names nothing now")
    for target in targets:
        player = is_player(target)
        if kind == "damage":
            if amount <= 0:
                continue  # D-TIME-3: 0 damage is not dealt
            counter = "life" if player else "damage"
            delta = -amount if player else amount
            state = with_counter(
                state, target, counter, counter_value(state, target, counter) + delta
            )
            state = state.with_event(
                Event(
                    "damage",
                    (
                        ("target", _shown_target(target)),
                        ("amount", amount),
                        ("sources", [source]),
                        ("damaged", True),
                    ),
                    ("DMG-0",),
                )
            )
        elif kind == "counter" and cz.refuses(state, target, amount):  # Altered 2.5.b
            state = cz.refused(state, target, rf.name(effect), amount, source)
        elif kind == "counter":
            state = _add_counter(state, target, rf.name(effect), amount, source)
        elif player:
            state = _impossible(state, effect, source, f"{kind} needs an object")
        elif kind in ("ready", "exhaust"):
            value = 1 if kind == "exhaust" else 0
            if counter_value(state, target, "exhausted") != value:
                state = _add_counter(
                    state,
                    target,
                    "exhausted",
                    value - counter_value(state, target, "exhausted"),
                    source,
                )
        else:
            state = _foundation_step(effect, target, source, amount).resolve(state)
    return state


def _foundation_step(effect: fx.Effect, target: str, source: str, amount: int) -> Step:
    """Effects that are the foundation's steps, aimed at a resolved target."""
    kind, name = rf.kind(effect), rf.name(effect)
    if kind == "modify":
        assert isinstance(effect.action, fx.ModifyStat)
        op = effect.action.op
        return Modify(target=target, stat=name, op=op, value=amount, source=source)
    if kind == "gain":
        number = None if effect.amount is None else amount
        return GainFeature(target=target, feature=name, number=number, source=source)
    if kind == "lose":
        return LoseFeature(target=target, feature=name)
    assert kind == "move", kind
    return Move(target=target, zone=name)


def apply_effects(
    state: GameState, effects: Iterable[fx.Effect], source: str, it: str | None
) -> GameState:
    for effect in effects:
        state = apply_effect(state, effect, source, it)
    return state


# -- triggers ----------------------------------------------------------------------------


def abilities(obj: GameObject) -> tuple[Trigger | QuickAction, ...]:
    return tuple(a for a in obj.abilities if isinstance(a, Trigger | QuickAction))


def find(state: GameState, source: str, ability: str) -> Trigger | QuickAction | None:
    obj = state.objects.get(source)
    if obj is None:
        return None
    return next((a for a in abilities(obj) if a.id == ability), None)


def _subject(event: Event) -> str | None:
    """What an event is about, as a reference target (object id or ``player:<name>``)."""
    target = event.get("target") if event.kind != "activate" else event.get("object")
    if not isinstance(target, str):
        return None
    return target


def _as_target(state: GameState, shown: str) -> str:
    return shown if shown in state.objects else player_ref(shown)


def _touches(event: Event, pattern: fx.When) -> bool:
    """Whether the event is of the kind the pattern waits for (subject aside)."""
    kind, name = rf.event(pattern), rf.event_name(pattern)
    if kind == "damaged":
        return event.kind == "damage" and bool(event.get("damaged"))
    if kind in ("enters", "leaves"):
        if event.kind != "move":
            return False
        here, there = ("to", "from") if kind == "enters" else ("from", "to")
        zone = name or "play"
        return _is_zone(event.get(here), zone) and not _is_zone(event.get(there), zone)
    if kind == "modified":
        return event.kind == "modify" and bool(event.get("applied")) and event.get("stat") == name
    if kind == "phase":
        return event.kind == "phase" and event.get("name") == name
    if kind == "activated":
        return event.kind == "activate" and (not name or event.get("action") == name)
    if kind == "counter" and event.kind == "gain-status":  # a status is a counter (2.4.1.g)
        return bool(event.get("done")) and event.get("status") == name and pattern.change != "down"
    if kind == "counter":
        delta = _counter_delta(event, name)
        if delta == 0:
            return False
        return pattern.change == "any" or (pattern.change == "up") == (delta > 0)
    return False


def _counter_delta(event: Event, name: str) -> int:
    """How much an event changed counter ``name`` of its subject (damage counts too)."""
    if event.kind == "counter" and event.get("counter") == name:
        amount = event.get("amount")
        return amount if isinstance(amount, int) else 0
    if event.kind == "damage":
        amount = event.get("amount")
        if not isinstance(amount, int):
            return 0
        if name == "damage":
            return amount
        if name == "life":
            return -amount
    return 0


def matches(state: GameState, trigger: Trigger, source: str, event: Event) -> bool:
    joined = crosses(state, trigger.when, source, event)  # "my expedition": Altered 7.4.4.i
    if not (_touches(event, trigger.when) if joined is None else joined):
        return False
    watched = rf.subject(trigger.when)
    if rf.event(trigger.when) == "phase":  # "at the start of YOUR turn": the phase's player
        player = event.get("player")
        if watched == "any" or not isinstance(player, str):
            return watched == "any"
        return player_ref(player) in resolve(state, watched, source)
    if watched == "any":
        return True
    subject = _subject(event)
    if subject is None:
        return False
    return _as_target(state, subject) in resolve(state, watched, source)


def _near(obj: GameObject) -> bool:
    return in_play(obj.zone) or obj.zone == "reserve"


def triggered(state: GameState, events: Iterable[Event]) -> Queue:
    """TRIG-1: the triggers these events trigger, in order: event by event, then the
    players in initiative order, then the sources' timestamps, then printed order."""
    order = {p: i for i, p in enumerate(state.players)}
    events = tuple(events)
    # an object that just left play still sees its own leaving ("look back")
    left = {
        e.get("target")
        for e in events
        if e.kind == "move" and in_play(e.get("from")) and not in_play(e.get("to"))
    }
    sources = sorted(
        (o for o in state.objects.values() if o.abilities and (o.id in left or _near(o))),
        key=lambda o: (order.get(o.controlled_by, len(order)), o.timestamp, o.id),
    )
    out: list[Pending] = []
    for event in events:
        subject = _subject(event)
        it = _as_target(state, subject) if subject is not None else None
        for obj in sources:
            looks_back = obj.id in left and not in_play(obj.zone)
            for ab in obj.abilities:
                if not isinstance(ab, Trigger):
                    continue
                if not works(obj, ab.support) and (
                    ab.support or not looks_back or rf.event(ab.when) != "leaves"
                ):
                    continue
                if matches(state, ab, obj.id, event):
                    out.append(Pending(obj.id, ab.id, it))
    orders = to.chosen(events)  # Riftbound 808.2.a: a controller's chosen order
    if orders:
        return to.reorder(tuple(out), {o.id: o.controlled_by for o in sources}, orders)
    return tuple(out)


def condition_holds(
    state: GameState, condition: fx.Condition | None, source: str, it: str | None
) -> bool:
    if condition is None:
        return True
    if not er.plain_condition(condition):  # Decision CHECK-ALGEBRA
        return er.holds(state, condition, source, it)
    targets = resolve(state, rf.condition_target(condition), source, it)
    # a condition about nothing does not hold: "if the Battery has a counter", no Battery
    return bool(targets) and all(
        all(_part_holds(state, t, p) for p in rf.counter_parts(condition)) for t in targets
    )


def _part_holds(state: GameState, target: str, part: fx.Condition) -> bool:
    """One part of a trigger's ``if``: a counter, a characteristic (Riftbound 708: Mighty
    reads Might) or a keyword of ``target``."""
    obj = state.objects.get(target)
    if part.test is fx.Test.HAS:
        return obj is not None and part.name in rk.with_passives(state, obj).features
    if part.test is fx.Test.STAT:
        if obj is not None and part.stat in obj.base and part.stat == "might":
            value = might_in(state, obj)
        else:
            value = counter_value(state, target, part.stat)
        return part.compare.holds(value, part.bound)
    return part.compare.holds(counter_value(state, target, part.name), part.bound)


def resolve_pending(state: GameState, pending: Pending, accept: bool = True) -> GameState:
    """Resolve one pending trigger (TRIG-1); ``accept`` answers a "may" (TRIG-2)."""
    ab = find(state, pending.source, pending.ability)
    if not isinstance(ab, Trigger):  # its source is gone with its abilities (A-GOLD-7)
        return state.with_event(
            Event(
                "trigger",
                (("object", pending.source), ("ability", pending.ability), ("resolved", False)),
                ("TRIG-1", "A-GOLD-7"),
            )
        )
    once = f"once_each_turn.{pending.source}.{ab.id}"
    if ab.once_each_turn:  # Riftbound 383.3.f; end_turn clears the mark (317.2.c)
        if once in state.counters:
            return state.with_event(
                Event(
                    "trigger",
                    (
                        ("object", pending.source),
                        ("ability", ab.id),
                        ("resolved", False),
                        ("once_each_turn", True),
                    ),
                    ("Riftbound 383.3.f",),
                )
            )
        state = replace(state, counters={**state.counters, once: 1})
    cap = state.ruleset.reaction_cap
    if cap:  # Altered 1.4.6.c: a Reaction of an object activates at most ``cap`` times a day
        key = f"activations.{pending.source}.reaction:{ab.id}"
        used = state.counters.get(key, 0)
        if used >= cap:
            return state.with_event(
                Event(
                    "trigger",
                    (
                        ("object", pending.source),
                        ("ability", ab.id),
                        ("resolved", False),
                        ("capped", cap),
                    ),
                    ("Altered 1.4.6.c",),
                )
            )
        state = replace(state, counters={**state.counters, key: used + 1})
    holds = condition_holds(state, ab.condition, pending.source, pending.it)
    done = holds and (accept or not ab.optional)
    rules = ["TRIG-1"] + (["TRIG-2"] if ab.optional else []) + (["TRIG-4"] if ab.condition else [])
    state = state.with_event(
        Event(
            "trigger",
            (
                ("object", pending.source),
                ("ability", ab.id),
                ("optional", ab.optional),
                ("accepted", accept or not ab.optional),
                ("condition", holds),
                ("resolved", done),
            ),
            tuple(rules),
        )
    )
    if not done:
        return state
    return apply_effects(state, ab.effects, pending.source, pending.it)


def advance(state: GameState, queue: Queue, accept: bool = True) -> tuple[GameState, Queue]:
    """Resolve the head of the queue; what it triggers joins the end of the queue."""
    mark = len(state.events)
    state = resolve_pending(state, queue[0], accept)
    return state, queue[1:] + triggered(state, state.events[mark:])


# -- quick actions -----------------------------------------------------------------------


def unpaid(state: GameState, source: str, action: QuickAction) -> tuple[str, str] | None:
    """Why the quick action cannot be played now: (rule id, message), or None."""
    cap = state.ruleset.quick_action_cap
    played = state.counters.get(activation_key(source, action.id), 0)
    if cap and played >= cap:
        return (
            "A-GOLD-9",
            f"nothing is eternal (A-GOLD-9): {source}.{action.id} was already played "
            f"{played} times today, the cap is {cap}",
        )
    obj = state.objects.get(source)
    if obj is None or not works(obj, action.support):
        where = "in the Reserve, ready" if action.support else "in play"
        return ("QA-1", f"{source} is not {where}: its quick actions do not work")
    for cost in action.costs:
        reference = rf.ref(cost.selector)
        targets = resolve(state, reference, source)
        if not targets:
            return ("A-GOLD-2", f"the cost names '{reference}', which names nothing")
        name, amount = rf.name(cost), rf.cost_amount(cost)
        for t in targets:
            if rf.cost_kind(cost) == "exhaust":
                if is_player(t) or counter_value(state, t, "exhausted"):
                    return ("A-GOLD-2", f"cost: exhaust {_shown_target(t)}, which is exhausted")
            elif counter_value(state, t, name) < amount:
                have = counter_value(state, t, name)
                return (
                    "A-GOLD-2",
                    f"cost: pay {amount} {name} of {_shown_target(t)}, which has {have}",
                )
    if not condition_holds(state, action.condition, source, None):
        return ("QA-1", f"the condition of {source}.{action.id} does not hold")
    return None


def quick_actions(state: GameState) -> tuple[tuple[str, QuickAction], ...]:
    """Every quick action of an object in play, sorted by object then printed order."""
    return tuple(
        (oid, ab)
        for oid in sorted(state.objects)
        if in_play(state.objects[oid].zone)
        for ab in state.objects[oid].abilities
        if isinstance(ab, QuickAction)
    )


def activate(state: GameState, source: str, action_id: str) -> tuple[GameState, Queue]:
    """QA-1: pay the cost, count the activation (A-GOLD-9), resolve the effects.

    Raises IllegalAction (A-GOLD-9 at the cap, A-GOLD-2 for a cost that cannot be paid).
    """
    action = find(state, source, action_id)
    if not isinstance(action, QuickAction):
        raise IllegalAction("QA-1", f"{source} has no quick action '{action_id}'")
    refusal = unpaid(state, source, action)
    if refusal is not None:
        raise IllegalAction(*refusal)
    mark = len(state.events)
    key = activation_key(source, action_id)
    counters = dict(state.counters)
    counters[key] = counters.get(key, 0) + 1
    state = replace(state, counters=counters)
    state = state.with_event(
        Event(
            "activate",
            (("object", source), ("action", action_id), ("today", counters[key])),
            ("QA-1", "A-GOLD-9"),
        )
    )
    for cost in action.costs:
        for t in resolve(state, rf.ref(cost.selector), source):
            if rf.cost_kind(cost) == "exhaust":
                state = _add_counter(state, t, "exhausted", 1, source)
            else:
                state = _add_counter(state, t, rf.name(cost), -rf.cost_amount(cost), source)
    state = apply_effects(state, action.effects, source, None)
    return state, triggered(state, state.events[mark:])


def begin_phase(state: GameState, name: str) -> GameState:
    """A phase begins; ``morning`` begins a new day: A-GOLD-9 counts start again (QA-2)."""
    rules: tuple[str, ...] = ("TRIG-1",)
    if name == NEW_DAY_PHASE:
        counters = {k: v for k, v in state.counters.items() if not k.startswith("activations.")}
        counters["day"] = state.counters.get("day", 1) + 1
        state = replace(state, counters=counters)
        rules = ("QA-2", "A-GOLD-9")
    return state.with_event(Event("phase", (("name", name),), rules))
