"""The algebra lowered to format 1 data, for the parts of the engine that still read it: a
``do:`` ability becomes ``roles`` + ``effect`` steps, a trigger or quick action the loop
engine runs becomes its format 1 mapping. What format 1 cannot say raises
:class:`~model.effects.upgrade.NotExpressible`; the card then keeps it in the card
language (:mod:`model.format.cards_v2`, Decision CHECK-ALGEBRA)."""

from __future__ import annotations

from arbiter.model.effects import algebra as a
from arbiter.model.effects.upgrade import NotExpressible
from arbiter.model.might import MIGHTY_AT

Data = object

_SIDES = {a.Side.ANY: "any", a.Side.YOURS: "ally", a.Side.ENEMY: "enemy"}
_REFS = {
    a.Pick.SELF: "self",
    a.Pick.IT: "it",
    a.Pick.YOU: "controller",
    a.Pick.OPPONENT: "opponent",
}


def bound_source(d: a.Duration) -> str | None:
    """The card an effect lasts with: "while <card> is in play" (a protection bound to its
    source ends when the source stops applying, B-NAMED-3, P-6)."""
    c = d.condition
    if d.lasts is not a.Lasts.WHILE or c is None or c.test is not a.Test.ZONE:
        return None
    if c.name != "play" or c.selector.pick is not a.Pick.NAMED:
        return None
    return c.selector.name


def _const(x: a.Amount | None) -> Data:
    if not isinstance(x, a.Const):
        raise NotExpressible("an amount computed from the game")
    return list(x.value) if isinstance(x.value, tuple) else x.value


class Roles:
    """The roles a ``do:`` ability chooses, named in order of appearance."""

    def __init__(self) -> None:
        self.specs: dict[str, Data] = {}

    def ref(self, s: a.Selector) -> str:
        if s.pick in _REFS:
            return _REFS[s.pick]
        if s.pick is a.Pick.NAMED and s.name:
            return s.name
        if s.pick is not a.Pick.CHOOSE or s.count != 1 or s.up_to:
            raise NotExpressible("a selector of several objects")
        return self.names(s)[0]

    def names(self, s: a.Selector) -> list[str]:
        if (
            s.has
            or s.subtypes
            or s.other
            or s.here
            or s.zone
            or s.stats
            or s.region
            or len(s.kinds) > 1
            and s.side is not a.Side.ANY
        ):
            raise NotExpressible("a chosen target with filters")
        count = s.count
        if count == a.ANY_NUMBER:
            raise NotExpressible("any number of targets")
        if s.name and s.name in self.specs:
            return [s.name]
        kinds: Data = sorted(s.kinds)[0] if len(s.kinds) == 1 else sorted(s.kinds)
        spec: Data = kinds if s.side is a.Side.ANY else {"kind": kinds, "side": _SIDES[s.side]}
        out = []
        for i in range(count):
            name = s.name if s.name and count == 1 else self._fresh(i)
            self.specs[name] = spec
            out.append(name)
        return out

    def _fresh(self, i: int) -> str:
        n = len(self.specs) + 1
        name = "target" if n == 1 and i == 0 else f"target{n}"
        while name in self.specs:
            n += 1
            name = f"target{n}"
        return name


def _step(e: a.Effect, roles: Roles, card_kind: str, ident: str) -> dict[str, Data]:
    act = e.action
    if e.condition is not None or e.optional:
        raise NotExpressible("a condition or a choice on a one-shot effect")
    if isinstance(act, a.Boost):
        if e.duration.lasts not in (a.Lasts.INSTANT, a.Lasts.WHILE_IN_PLAY):
            raise NotExpressible("a duration")
    elif isinstance(act, a.Protect) and bound_source(e.duration) is not None:
        pass  # a protection that lasts while its source is in play (B-NAMED-3, P-6)
    elif e.duration.lasts is not a.Lasts.INSTANT:
        raise NotExpressible("a duration")
    if isinstance(act, a.DealDamage):
        targets = roles.names(e.selector)
        body: dict[str, Data] = {
            "split" if act.split else "each": _const(e.amount),
            "targets": targets,
        }
        if e.selector.up_to:
            body["max_targets"] = e.selector.count
        body["source"] = (
            {"spell": "self"} if card_kind == "spell" else {"ability": ident, "card": "self"}
        )
        return {"damage": body}
    target = roles.ref(e.selector)
    if isinstance(act, a.ModifyStat):
        body = {"target": target, "stat": act.stat, "op": act.op.value.replace("_", "-")}
        if act.other is not None:
            body["with" if act.op is not a.StatOp.COPY else "from"] = roles.ref(act.other)
        elif act.members:
            body["value"] = sorted(act.members)
        else:
            body["value"] = _const(e.amount)
        if act.component is not None:
            body["component"] = act.component
        if act.rounding is not None:
            body["rounding"] = act.rounding
        return {"modify": body}
    if isinstance(act, a.Protect):
        body = {
            "target": target,
            "stat": sorted(act.stats)[0] if len(act.stats) == 1 else sorted(act.stats),
        }
        if act.guard is not None:
            body["cannot"] = act.guard.value
        if act.limit is not None:
            body["limit"] = act.limit
        if act.scope is not None:
            body["scope"] = act.scope
        source = bound_source(e.duration)
        if source is not None:
            body["source"] = source
        return {"protect": body}
    if isinstance(act, a.Give) and act.grant is a.Grant.FEATURE:
        body = {"target": target, "feature": act.name}
        if e.amount is not None:
            body["number"] = _const(e.amount)
        return {"gain": body}
    if isinstance(act, a.Take) and act.grant is a.Grant.FEATURE:
        return {"lose": {"target": target, "feature": act.name}}
    if isinstance(act, a.Boost):
        body = {"target": target, "feature": act.feature, "amount": _const(e.amount)}
        if e.duration.lasts is a.Lasts.WHILE_IN_PLAY:
            body["constant"] = True
        return {"boost": body}
    if isinstance(act, a.MoveTo) and act.move is a.ZoneMove.TO_ZONE and not act.to.value:
        return {"move": {"target": target, "zone": act.zone}}
    if isinstance(act, a.MoveTo) and act.move is a.ZoneMove.SWITCH:  # Altered 7.4.4.m
        return {"switch": {"target": target}}
    if isinstance(act, a.Prevent) and act.source is None and e.amount is not None:
        return {"prevent": {"target": target, "amount": _const(e.amount)}}
    raise NotExpressible(f"the action {type(act).__name__} as a step")


def lower_do(ab: a.CardAbility, card_kind: str) -> tuple[dict[str, Data], list[Data]]:
    """``roles`` and ``effect`` steps of format 1 for a one-shot ability."""
    roles = Roles()
    steps: list[Data] = [_step(e, roles, card_kind, ab.ident) for e in ab.effects]
    return roles.specs, steps


def _ref(s: a.Selector) -> str:
    if s.pick in _REFS:
        return _REFS[s.pick]
    if s.pick is a.Pick.NAMED and s.name:
        return s.name
    if s == a.Selector(a.Pick.ALL):
        return "any"
    raise NotExpressible("a trigger selector with filters")


def _effect(e: a.Effect) -> dict[str, Data]:
    act, target = e.action, _ref(e.selector)
    if e.condition is not None or e.duration.lasts is not a.Lasts.INSTANT:
        raise NotExpressible("a condition or duration inside a trigger")
    if act == a.Take(a.Grant.STATUS, "exhausted"):
        return {"ready": target}
    if act == a.Give(a.Grant.STATUS, "exhausted"):
        return {"exhaust": target}
    if isinstance(act, a.DealDamage) and not act.split:
        return {"damage": {"target": target, "amount": _const(e.amount)}}
    if isinstance(act, a.AddCounters) and not act.only:  # IMP-SPEND: not in format 1
        return {"counter": {"target": target, "name": act.counter, "add": _const(e.amount)}}
    if isinstance(act, a.ModifyStat) and act.op.op is not None and not act.members:
        return {
            "modify": {
                "target": target,
                "stat": act.stat,
                "op": act.op.value,
                "value": _const(e.amount),
            }
        }
    if isinstance(act, a.Give) and act.grant is a.Grant.FEATURE:
        body: dict[str, Data] = {"target": target, "feature": act.name}
        if e.amount is not None:
            body["number"] = _const(e.amount)
        return {"gain": body}
    if isinstance(act, a.Take) and act.grant is a.Grant.FEATURE:
        return {"lose": {"target": target, "feature": act.name}}
    if isinstance(act, a.MoveTo) and act.move is a.ZoneMove.TO_ZONE and not act.to.value:
        return {"move": {"target": target, "zone": act.zone}}
    raise NotExpressible(f"the action {type(act).__name__} in a trigger")


_ENGINE_EVENTS = {
    a.EventKind.DAMAGED,
    a.EventKind.ENTERS,
    a.EventKind.LEAVES,
    a.EventKind.COUNTER,
    a.EventKind.MODIFIED,
    a.EventKind.PHASE,
    a.EventKind.ACTIVATED,
}


def _condition(c: a.Condition) -> dict[str, Data]:
    parts = c.parts if c.test is a.Test.AND else (c,)
    out: dict[str, Data] = {}
    if c.test is a.Test.HAS:
        return {"has": c.name, "of": _ref(c.selector)}
    mighty = (c.stat, c.compare, c.bound) == ("might", a.Compare.AT_LEAST, MIGHTY_AT)
    if c.test is a.Test.STAT and mighty:  # Riftbound 708
        return {"mighty": _ref(c.selector)}
    for p in parts:
        if p.test is not a.Test.COUNTER or p.compare is a.Compare.EQUAL:
            raise NotExpressible("a condition other than a counter bound")
        out.update({"counter": p.name, "of": _ref(p.selector), p.compare.value: p.bound})
    return out


def _cost(e: a.Effect) -> dict[str, Data]:
    if e.action == a.Give(a.Grant.STATUS, "exhausted"):
        return {"exhaust": _ref(e.selector)}
    if isinstance(e.action, a.AddCounters) and isinstance(e.amount, a.Const):
        value = e.amount.value
        if isinstance(value, int):
            return {"pay": {"counter": e.action.counter, "amount": -value, "of": _ref(e.selector)}}
    raise NotExpressible("a cost")


def lower_trigger(ab: a.CardAbility) -> dict[str, Data]:
    """A trigger or quick action as the format 1 mapping the loop engine reads."""
    out: dict[str, Data] = {"id": ab.ident}
    if ab.text:
        out["text"] = ab.text
    if ab.kind is a.Kind.TRIGGER:
        w = ab.when
        if w is None or w.event not in _ENGINE_EVENTS:
            raise NotExpressible("an event the loop engine does not produce yet")
        if w.at is not a.EventPlace.ANY:
            raise NotExpressible("where an event happens")
        when: dict[str, Data]
        if w.event is a.EventKind.PHASE:
            when = {"phase": w.name}
            if w.subject not in (a.SELF, a.Selector(a.Pick.ALL)):
                when["of"] = _ref(w.subject)
        elif w.event is a.EventKind.COUNTER:
            when = {"counter": w.name}
            if w.subject != a.Selector(a.Pick.ALL):
                when["of"] = _ref(w.subject)
        else:
            when = {w.event.value: _ref(w.subject)}
        if w.zone:
            when["zone"] = w.zone
        if w.event is a.EventKind.MODIFIED and w.name:
            when["stat"] = w.name
        if w.event is a.EventKind.ACTIVATED and w.name:
            when["action"] = w.name
        if w.change != "any":
            when["change"] = w.change
        out["when"] = when
    else:
        out["cost"] = [_cost(c) for c in ab.costs]
    optional = {e.optional for e in ab.effects}
    if len(optional) > 1:
        raise NotExpressible("a trigger with some optional effects")
    if ab.kind is a.Kind.TRIGGER and optional == {True}:
        out["may"] = True
    if ab.condition is not None:
        out["if"] = _condition(ab.condition)
    out["do"] = [_effect(e) for e in ab.effects]
    return out
