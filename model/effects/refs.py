"""How the loop engine (:mod:`arbiter.model.abilities`, :mod:`arbiter.solver.loops`) reads
the card language: a selector as a *reference* (``self``, ``it``, ``controller``,
``opponent``, ``any``, an object, player or card id), and an effect, cost, condition or
event as the few names and numbers the engine's rules look at. Pure, lossless views:
``reference(ref(s)) == s`` for every selector the engine's files can write."""

from __future__ import annotations

from arbiter.model.effects import algebra as a

_REFS = {
    a.Pick.SELF: "self",
    a.Pick.IT: "it",
    a.Pick.YOU: "controller",
    a.Pick.OPPONENT: "opponent",
}
_BY_NAME = {v: a.Selector(k) for k, v in _REFS.items()}
ANY = a.Selector(a.Pick.ALL)
EXHAUSTED = "exhausted"


def reference(name: str) -> a.Selector:
    """A reference as a selector (``any``: every object and player)."""
    if name == "any":
        return ANY
    return _BY_NAME.get(name, a.Selector(a.Pick.NAMED, name=name))


def ref(s: a.Selector) -> str:
    if s.pick in _REFS:
        return _REFS[s.pick]
    if s.pick is a.Pick.NAMED and s.name:
        return s.name
    return "any"


def amount(e: a.Effect) -> int:
    x = e.amount
    return x.value if isinstance(x, a.Const) and isinstance(x.value, int) else 0


def kind(e: a.Effect) -> str:
    """damage, counter, modify, gain, lose, move, ready or exhaust."""
    act = e.action
    if act == a.Take(a.Grant.STATUS, EXHAUSTED):
        return "ready"
    if act == a.Give(a.Grant.STATUS, EXHAUSTED):
        return "exhaust"
    if isinstance(act, a.DealDamage):
        return "damage"
    if isinstance(act, a.AddCounters):
        return "counter"
    if isinstance(act, a.ModifyStat):
        return "modify"
    if isinstance(act, a.Give):
        return "gain"
    if isinstance(act, a.Take):
        return "lose"
    return "move"


def name(e: a.Effect) -> str:
    """The counter, characteristic, feature or zone an effect names."""
    act = e.action
    if isinstance(act, a.AddCounters):
        return act.counter
    if isinstance(act, a.ModifyStat):
        return act.stat
    if isinstance(act, a.Give | a.Take):
        return act.name
    if isinstance(act, a.MoveTo):
        return act.zone
    return ""


def number(e: a.Effect) -> int | None:
    return amount(e) if isinstance(e.action, a.Give) and e.amount is not None else None


# -- costs: exhaust <ref>, or pay N of a counter ------------------------------------------


def cost_kind(c: a.Effect) -> str:
    return "exhaust" if c.action == a.Give(a.Grant.STATUS, EXHAUSTED) else "pay"


def cost_amount(c: a.Effect) -> int:
    return -amount(c)


# -- events a trigger waits for --------------------------------------------------------------


def event(w: a.When) -> str:
    return w.event.value


def subject(w: a.When) -> str:
    return ref(w.subject)


def event_name(w: a.When) -> str:
    """The zone (enters / leaves), counter, characteristic, phase or quick action."""
    if w.event in (a.EventKind.ENTERS, a.EventKind.LEAVES):
        return w.zone
    return w.name


# -- conditions: a counter of a reference within bounds ---------------------------------------


def counter_parts(c: a.Condition) -> tuple[a.Condition, ...]:
    return c.parts if c.test is a.Test.AND else (c,)


def condition_target(c: a.Condition) -> str:
    return ref(counter_parts(c)[0].selector)


def condition_counter(c: a.Condition) -> str:
    return counter_parts(c)[0].name


def condition_holds(c: a.Condition, value: int) -> bool:
    return all(p.compare.holds(value, p.bound) for p in counter_parts(c))
