"""Format 1 card data read into the algebra (in memory), and the algebra lowered back to
format 1 data for the parts of the engine that still take it (``lower_*``).

Format 1 wrote a card's one-shot effect as scenario steps over named *roles*
(``roles: {ally: …}``, ``effect: [modify: {target: ally …}]``), triggers with their own
small effect list, and passives, replacements, prevention and damage bonuses with their
area keys. :func:`card_abilities` reads all of them into :class:`CardAbility` values;
:func:`lower_do` and :func:`lower_trigger` write a format 2 ``do:`` or trigger back as
format 1 data. A card is upgraded in a file only when lowering its upgrade gives back
exactly what it said (:func:`exact`), so the engine's answers cannot change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arbiter.model.effects import algebra as a
from arbiter.model.might import MIGHTY_AT

Data = object
Raw = Mapping[str, object]


class NotExpressible(Exception):
    """A format 1 construct the algebra does not express exactly (yet)."""


# -- references and roles ---------------------------------------------------------------------

_REFS = {"self": a.SELF, "it": a.IT, "controller": a.YOU, "opponent": a.OPPONENT}
_SIDES = {"any": a.Side.ANY, "ally": a.Side.YOURS, "enemy": a.Side.ENEMY}


def _set(v: object) -> frozenset[str]:
    if isinstance(v, str):
        return frozenset({v})
    if isinstance(v, list):
        return frozenset(str(x) for x in v)
    raise NotExpressible(f"a name or a list of names, not {v!r}")


def reference(name: object, roles: Mapping[str, a.Selector] | None = None) -> a.Selector:
    """A format 1 reference (``self``, ``it``, ``controller``, a role, an id)."""
    if not isinstance(name, str):
        raise NotExpressible(f"a reference, not {name!r}")
    if roles and name in roles:
        return roles[name]
    if name == "any":
        return a.Selector(a.Pick.ALL)
    return _REFS.get(name, a.Selector(a.Pick.NAMED, name=name))


def role(name: str, spec: object) -> a.Selector:
    if isinstance(spec, str | list):
        return a.Selector(a.Pick.CHOOSE, kinds=_set(spec), name=name)
    if not isinstance(spec, dict) or "card" in spec:
        raise NotExpressible("a role naming one card")
    kinds = _set(spec["kind"]) if "kind" in spec else frozenset()
    return a.Selector(
        a.Pick.CHOOSE, side=_SIDES[str(spec.get("side", "any"))], kinds=kinds, name=name
    )


# -- one-shot effects (scenario steps over roles) ----------------------------------------------

_OPS = {op.value.replace("_", "-"): op for op in a.StatOp}


def _const(v: object) -> a.Const:
    if isinstance(v, bool) or not isinstance(v, int | list):
        raise NotExpressible(f"a number, not {v!r}")
    if isinstance(v, list):
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            raise NotExpressible("a vector with gaps")
        return a.Const(tuple(int(x) for x in v))
    return a.Const(v)


def step_effect(step: Raw, roles: Mapping[str, a.Selector]) -> tuple[a.Effect, str]:
    """One format 1 step of a card's ``effect:`` as an effect (and the ability id a damage
    source names, or "")."""
    if len(step) != 1:
        raise NotExpressible("a step with one kind")
    ((kind, body),) = step.items()
    if not isinstance(body, dict):
        raise NotExpressible(f"a {kind} step as a mapping")
    keys = set(body)
    target = reference(body.get("target", "self"), roles)
    if kind == "modify" and keys <= {
        "target",
        "stat",
        "op",
        "value",
        "component",
        "with",
        "from",
        "rounding",
    }:
        op = _OPS[str(body.get("op", "add"))]
        comp = body.get("component")
        comp = comp if isinstance(comp, int) else None
        rounding = body.get("rounding")
        rounding = rounding if isinstance(rounding, str) else None
        other = body.get("with", body.get("from"))
        if other is not None:
            act = a.ModifyStat(
                str(body["stat"]), op, comp, other=reference(other, roles), rounding=rounding
            )
            return a.Effect(act, target), ""
        value = body.get("value")
        if isinstance(value, str) or (
            isinstance(value, list) and value and all(isinstance(x, str) for x in value)
        ):
            act = a.ModifyStat(str(body["stat"]), op, comp, members=_set(value), rounding=rounding)
            return a.Effect(act, target), ""
        act = a.ModifyStat(str(body["stat"]), op, comp, rounding=rounding)
        return a.Effect(act, target, _const(value)), ""
    if kind == "protect" and keys <= {"target", "stat", "cannot", "limit", "scope", "source"}:
        guard = a.Guard(body["cannot"]) if "cannot" in body else None
        limit = body.get("limit")
        scope = body.get("scope")
        act2 = a.Protect(
            _set(body["stat"]),
            guard,
            limit if isinstance(limit, int) else None,
            scope if isinstance(scope, str) else None,
        )
        if isinstance(body.get("source"), str):  # lasts while its source is in play
            named = a.Selector(a.Pick.NAMED, name=str(body["source"]))
            within = a.Condition(a.Test.ZONE, selector=named, name="play")
            return a.Effect(act2, target, duration=a.Duration(a.Lasts.WHILE, within)), ""
        return a.Effect(act2, target), ""
    if kind == "gain" and keys <= {"target", "feature", "number"} and "feature" in body:
        number = _const(body["number"]) if "number" in body else None
        return a.Effect(a.Give(a.Grant.FEATURE, str(body["feature"])), target, number), ""
    if kind == "lose" and keys <= {"target", "feature"}:
        return a.Effect(a.Take(a.Grant.FEATURE, str(body["feature"])), target), ""
    if kind == "boost" and keys <= {"target", "feature", "amount", "constant"}:
        lasts = a.Lasts.WHILE_IN_PLAY if body.get("constant") is True else a.Lasts.INSTANT
        return a.Effect(
            a.Boost(str(body["feature"])),
            target,
            _const(body["amount"]),
            duration=a.Duration(lasts),
        ), ""
    if kind == "switch" and keys <= {"target"}:  # Altered 7.4.4.m
        return a.Effect(a.MoveTo(a.ZoneMove.SWITCH), target), ""
    if kind == "move" and keys <= {"target", "zone"}:
        return a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, str(body["zone"])), target), ""
    if kind == "prevent" and keys <= {"target", "amount"} and "amount" in body:
        return a.Effect(a.Prevent(), target, _const(body["amount"])), ""
    if kind == "damage" and keys <= {"each", "split", "targets", "max_targets", "source"}:
        return _damage(body, roles)
    raise NotExpressible(f"the step {kind} with keys {sorted(keys)}")


def _damage(body: Raw, roles: Mapping[str, a.Selector]) -> tuple[a.Effect, str]:
    split = "split" in body
    targets = body.get("targets")
    if not isinstance(targets, list) or not targets:
        raise NotExpressible("damage with its targets")
    chosen = [reference(t, roles) for t in targets]
    first = chosen[0]
    if not all(
        c.pick is a.Pick.CHOOSE and c.kinds == first.kinds and c.side == first.side for c in chosen
    ):
        raise NotExpressible("damage to targets of different kinds")
    most = body.get("max_targets")
    count = most if isinstance(most, int) else len(chosen)
    if isinstance(most, int) and most != len(chosen):
        raise NotExpressible("max_targets other than the number of roles")
    name = first.name if len(chosen) == 1 else None
    sel = a.Selector(
        a.Pick.CHOOSE,
        count=count,
        up_to="max_targets" in body,
        side=first.side,
        kinds=first.kinds,
        name=name,
    )
    source = body.get("source")
    ident = ""
    if isinstance(source, dict) and source.get("card") == "self" and "ability" in source:
        ident = str(source["ability"])
    elif source != {"spell": "self"}:
        raise NotExpressible("a damage source other than the card")
    amt = _const(body["split" if split else "each"])
    return a.Effect(a.DealDamage(split=split), sel, amt), ident


def do_ability(card: Raw) -> a.CardAbility | None:
    """A format 1 card's ``roles`` + ``effect`` as its ``do:`` ability."""
    steps = card.get("effect")
    if not isinstance(steps, list) or not steps:
        return None
    specs = card.get("roles") or {}
    if not isinstance(specs, dict):
        raise NotExpressible("roles as a mapping")
    roles = {str(n): role(str(n), s) for n, s in specs.items()}
    effects, ident = [], ""
    for step in steps:
        if not isinstance(step, dict):
            raise NotExpressible("a step as a mapping")
        e, named = step_effect(step, roles)
        effects.append(e)
        ident = ident or named
    return a.CardAbility(a.Kind.ON_PLAY, tuple(effects), ident=ident or "do")


# -- triggers and quick actions ---------------------------------------------------------------

_EVENTS = {"damaged", "enters", "leaves", "counter", "modified", "phase", "activated"}


def _v1_effect(raw: object) -> a.Effect:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise NotExpressible("an effect with one kind")
    ((kind, body),) = raw.items()
    if kind in ("ready", "exhaust"):
        act: a.Action = (
            a.Take(a.Grant.STATUS, "exhausted")
            if kind == "ready"
            else a.Give(a.Grant.STATUS, "exhausted")
        )
        return a.Effect(act, reference(body))
    if not isinstance(body, dict):
        raise NotExpressible(f"{kind} as a mapping")
    target = reference(body.get("target", "self"))
    keys = set(body)
    if kind == "damage" and keys <= {"target", "amount"}:
        return a.Effect(a.DealDamage(), target, _const(body.get("amount", 0)))
    if kind == "counter" and keys <= {"target", "name", "add"}:
        return a.Effect(a.AddCounters(str(body["name"])), target, _const(body.get("add", 0)))
    if kind == "modify" and keys <= {"target", "stat", "op", "value"}:
        op = _OPS[str(body.get("op", "add"))]
        return a.Effect(a.ModifyStat(str(body["stat"]), op), target, _const(body.get("value", 0)))
    if kind == "gain" and keys <= {"target", "feature", "number"}:
        number = _const(body["number"]) if "number" in body else None
        return a.Effect(a.Give(a.Grant.FEATURE, str(body["feature"])), target, number)
    if kind == "lose" and keys <= {"target", "feature"}:
        return a.Effect(a.Take(a.Grant.FEATURE, str(body["feature"])), target)
    if kind == "move" and keys <= {"target", "zone"}:
        return a.Effect(a.MoveTo(a.ZoneMove.TO_ZONE, str(body["zone"])), target)
    raise NotExpressible(f"the effect {kind} with keys {sorted(keys)}")


def _v1_condition(raw: object) -> a.Condition:
    if isinstance(raw, dict) and set(raw) == {"mighty"}:  # Riftbound 708
        return a.Condition(
            a.Test.STAT,
            selector=reference(raw["mighty"]),
            stat="might",
            compare=a.Compare.AT_LEAST,
            bound=MIGHTY_AT,
        )
    if isinstance(raw, dict) and "has" in raw and set(raw) <= {"has", "of"}:
        return a.Condition(
            a.Test.HAS, selector=reference(raw.get("of", "self")), name=str(raw["has"])
        )
    if not isinstance(raw, dict) or not set(raw) <= {"counter", "of", "at_least", "at_most"}:
        raise NotExpressible("a counter condition")
    of = reference(raw.get("of", "self"))
    parts = [
        a.Condition(
            a.Test.COUNTER,
            selector=of,
            name=str(raw["counter"]),
            compare=a.Compare(key),
            bound=int(raw[key]),
        )
        for key in ("at_least", "at_most")
        if key in raw
    ]
    if len(parts) == 1:
        return parts[0]
    if not parts:
        raise NotExpressible("a condition without bound")
    return a.Condition(a.Test.AND, tuple(parts))


def trigger(raw: Raw, index: int, kind: a.Kind = a.Kind.TRIGGER) -> a.CardAbility:
    allowed = {"id", "text", "when", "may", "if", "do", "cost"}
    if not set(raw) <= allowed:
        raise NotExpressible("trigger keys")
    w = None
    if kind is a.Kind.TRIGGER:
        when = raw.get("when")
        if not isinstance(when, dict):
            raise NotExpressible("when as a mapping")
        events = [k for k in when if k in _EVENTS]
        if len(events) != 1 or not set(when) <= _EVENTS | {
            "zone",
            "of",
            "stat",
            "action",
            "change",
        }:
            raise NotExpressible("when keys")
        ev = events[0]
        subject_raw = when[ev]
        name = ""
        if ev == "phase":
            name = str(subject_raw)  # of: whose phase ("at the start of your turn")
            subject = reference(when["of"]) if "of" in when else a.SELF
        elif ev == "counter":
            name, subject = str(subject_raw), reference(when.get("of", "any"))
        else:
            subject = reference(subject_raw)
        name = str(when.get("stat", when.get("action", name)))
        w = a.When(
            a.EventKind(ev),
            subject,
            str(when.get("zone", "")),
            name,
            str(when.get("change", "any")),
        )
    do = raw.get("do", [])
    effs = tuple(_v1_effect(x) for x in (do if isinstance(do, list) else [do]))
    may = raw.get("may") is True
    if may:
        effs = tuple(
            a.Effect(e.action, e.selector, e.amount, e.condition, e.duration, True) for e in effs
        )
    costs: tuple[a.Effect, ...] = ()
    if "cost" in raw:
        cost = raw["cost"]
        costs = tuple(_v1_cost(c) for c in (cost if isinstance(cost, list) else [cost]))
    prefix = "t" if kind is a.Kind.TRIGGER else "q"  # the format 1 defaults
    return a.CardAbility(
        kind,
        effs,
        when=w,
        costs=costs,
        condition=_v1_condition(raw["if"]) if "if" in raw else None,
        ident=str(raw.get("id", f"{prefix}{index + 1}")),
        text=str(raw.get("text", "")),
    )


def _v1_cost(raw: object) -> a.Effect:
    if isinstance(raw, dict) and set(raw) == {"exhaust"}:
        return a.Effect(a.Give(a.Grant.STATUS, "exhausted"), reference(raw["exhaust"]))
    if isinstance(raw, dict) and set(raw) == {"pay"} and isinstance(raw["pay"], dict):
        p = raw["pay"]
        of = reference(p.get("of", "controller"))
        return a.Effect(a.AddCounters(str(p["counter"])), of, a.Const(-int(p["amount"])))
    raise NotExpressible("a cost")


# -- the other format 1 keys, read for describe (their area parsers still run them) -----------


def _passive(raw: Raw, index: int) -> a.CardAbility:
    applies = raw.get("applies_to") or {}
    eff = raw.get("effect") or {}
    if not isinstance(applies, dict) or not isinstance(eff, dict):
        raise NotExpressible("a passive")
    sel = _applies(applies)
    act: a.Action
    amt: a.Amount | None = None
    if "gain" in eff:
        act = a.Give(a.Grant.KEYWORD, str(eff["gain"]))
        amt = _const(eff["number"]) if "number" in eff else None
    elif "lose" in eff:
        act = a.Take(a.Grant.KEYWORD, str(eff["lose"]))
    elif eff.get("lose_all_abilities") is True:
        act = a.Take(a.Grant.ABILITIES)
    elif "stat" in eff:
        act = a.ModifyStat(str(eff["stat"]), _OPS[str(eff.get("op", "add"))])
        amt = _const(eff.get("value", 0))
    else:
        keys = [k for k in eff]
        if len(keys) != 1:
            raise NotExpressible("a passive effect")
        key = keys[0]
        stat, op = {
            "region_type": ("region type", a.StatOp.SET),
            "add_subtypes": ("subtypes", a.StatOp.ADD),
            "remove_subtypes": ("subtypes", a.StatOp.REMOVE),
            "set_subtypes": ("subtypes", a.StatOp.SET),
        }.get(key, (key, a.StatOp.SET))
        act = a.ModifyStat(stat, op, members=_set(eff[key]))
    cond = None
    c = raw.get("condition")
    if isinstance(c, dict):
        parts = []
        if "region" in c:
            parts.append(a.Condition(a.Test.REGION, name=str(c["region"])))
        if "subtype" in c:
            parts.append(a.Condition(a.Test.SUBTYPE, name=str(c["subtype"])))
        if "keyword" in c:
            parts.append(a.Condition(a.Test.HAS, name=str(c["keyword"])))
        if isinstance(c.get("count"), dict):  # IMP-COUNT
            least = "at_least" in c
            parts.append(a.Condition(
                a.Test.COUNT,
                selector=_applies(c["count"]),
                compare=a.Compare.AT_LEAST if least else a.Compare.AT_MOST,
                bound=int(c["at_least" if least else "at_most"]),
            ))  # fmt: skip
        cond = parts[0] if len(parts) == 1 else a.Condition(a.Test.AND, tuple(parts))
    e = a.Effect(act, sel, amt, cond, a.Duration(a.Lasts.WHILE_IN_PLAY))
    return a.CardAbility(
        a.Kind.PASSIVE,
        (e,),
        ident=str(raw.get("id", f"passive{index + 1}")),
        text=str(raw.get("text", "")),
    )


def _applies(applies: Raw) -> a.Selector:
    """A passive's ``applies_to`` (or a count's selector), as
    ``model.format.area_passives`` reads it (a test compares the two)."""
    who = str(applies["controller"]) if "controller" in applies else None
    side = {None: a.Side.ANY, "you": a.Side.YOURS, "opponent": a.Side.ENEMY}.get(who, a.Side.NAMED)
    return a.Selector(
        a.Pick.SELF if applies.get("self") is True else a.Pick.ALL,
        side=side,
        kinds=_set(applies["kind"]) if "kind" in applies else frozenset(),
        subtypes=_set(applies["subtype"]) if "subtype" in applies else frozenset(),
        has=_set(applies["keyword"]) if "keyword" in applies else frozenset(),
        other=applies.get("other") is True,
        zone=str(applies["zone"]) if "zone" in applies else None,
        name=who if side is a.Side.NAMED else None,
        here=applies.get("here") is True,
    )


def _object_selector(raw: object) -> a.Selector:
    if isinstance(raw, str):
        return reference(raw)
    if not isinstance(raw, dict):
        raise NotExpressible("an object selector")
    side = {"yours": a.Side.YOURS, "ally": a.Side.YOURS, "enemy": a.Side.ENEMY}.get(
        str(raw.get("side", "any")), a.Side.ANY
    )
    return a.Selector(
        a.Pick.ALL,
        side=side,
        kinds=_set(raw["kind"]) if "kind" in raw else frozenset(),
        has=_set(raw["has"]) if "has" in raw else frozenset(),
    )


_REPLACED = {
    "wounded": a.EventKind.WOUNDED,
    "gains-lives": a.EventKind.GAINS_LIVES,
    "damage": a.EventKind.WOUNDED,
    "dies": a.EventKind.WOULD_DIE,
}


def _replacement(raw: Raw, index: int) -> a.CardAbility:
    ident = str(raw.get("id", f"replacement{index + 1}"))
    text = str(raw.get("text", ""))
    for key, kinds in (("no_wounds_from", True), ("wounds_only_from", False)):
        if key in raw:
            src = a.Selector(a.Pick.ALL, kinds=_set(raw[key]))
            if not kinds:
                raise NotExpressible("wounds only from")
            e = a.Effect(a.Prevent(src), a.SELF, None, duration=a.Duration(a.Lasts.WHILE_IN_PLAY))
            return a.CardAbility(a.Kind.REPLACEMENT, (e,), ident=ident, text=text)
    when, instead = raw.get("when"), raw.get("instead")
    if not isinstance(when, dict) or not isinstance(instead, dict):
        raise NotExpressible("a replacement")
    event = _REPLACED.get(str(when.get("event")))
    if event is None:
        raise NotExpressible("a replaced event")
    w = a.When(event, _object_selector(when.get("object", "self")))
    if set(instead) == {"object"}:
        rep = a.Replace(w, redirect=_object_selector(instead["object"]))
    else:
        target = instead.get("object", "same")
        sel = a.IT if target == "same" else _object_selector(target)
        if isinstance(target, dict):
            sel = a.Selector(a.Pick.CHOOSE, side=sel.side, kinds=sel.kinds, has=sel.has)
        amt: a.Amount = (
            a.That() if instead.get("amount", "same") == "same" else _const(instead["amount"])
        )
        rep = a.Replace(w, instead=(a.Effect(a.DealDamage(), sel, amt),))
    e = a.Effect(rep, w.subject, optional=raw.get("may") is True)
    return a.CardAbility(a.Kind.REPLACEMENT, (e,), ident=ident, text=text)


def _prevention(raw: object) -> a.CardAbility:
    items = raw if isinstance(raw, list) else [raw]
    effs = []
    for item in items:
        n = item.get("amount") if isinstance(item, dict) else item
        effs.append(
            a.Effect(a.Prevent(), a.SELF, _const(n), duration=a.Duration(a.Lasts.WHILE_IN_PLAY))
        )
    return a.CardAbility(a.Kind.PASSIVE, tuple(effs), ident="prevention")


def _bonus(raw: object) -> a.CardAbility:
    items = raw if isinstance(raw, list) else [raw]
    effs = []
    for item in items:
        if not isinstance(item, dict):
            raise NotExpressible("a damage bonus")
        srcs = _set(item.get("to", ["spell", "ability", "combat"]))
        effs.append(
            a.Effect(
                a.BonusDamage(srcs),
                a.YOU,
                _const(item["amount"]),
                duration=a.Duration(a.Lasts.WHILE_IN_PLAY),
            )
        )
    return a.CardAbility(a.Kind.PASSIVE, tuple(effs), ident="damage_bonus")


def _protections(raw: object) -> a.CardAbility:
    effs = []
    for p in _list(raw):
        if not isinstance(p, dict) or not set(p) <= {"stat", "cannot", "limit", "scope"}:
            raise NotExpressible("a protection")
        guard = a.Guard(p["cannot"]) if "cannot" in p else None
        act = a.Protect(_set(p["stat"]), guard, p.get("limit"), p.get("scope"))
        effs.append(a.Effect(act, a.SELF, duration=a.Duration(a.Lasts.WHILE_IN_PLAY)))
    return a.CardAbility(a.Kind.PASSIVE, tuple(effs), ident="protections")


def _list(v: object) -> list[Raw]:
    if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
        raise NotExpressible("a list of mappings")
    return v


def card_abilities(card: Raw) -> tuple[tuple[a.CardAbility, ...], tuple[str, ...]]:
    """Every ability of a format 1 card in the algebra, and the keys that could not be read
    (described as "not modelled in the card language")."""
    out: list[a.CardAbility] = []
    missing: list[str] = []
    readers: list[tuple[str, Callable[[object], list[a.CardAbility]]]] = [
        ("protections", lambda v: [_protections(v)]),
        ("effect", lambda v: [x for x in [do_ability(card)] if x is not None]),
        ("triggers", lambda v: [trigger(t, i) for i, t in enumerate(_list(v))]),
        ("quick_actions", lambda v: [trigger(t, i, a.Kind.QUICK) for i, t in enumerate(_list(v))]),
        ("passives", lambda v: [_passive(p, i) for i, p in enumerate(_list(v))]),
        ("replacements", lambda v: [_replacement(r, i) for i, r in enumerate(_list(v))]),
        ("prevention", lambda v: [_prevention(v)]),
        ("damage_bonus", lambda v: [_bonus(v)]),
    ]
    for key, read in readers:
        if key not in card:
            continue
        try:
            out.extend(read(card[key]))
        except (NotExpressible, KeyError, TypeError, ValueError):
            missing.append(key)
    return tuple(out), tuple(missing)
