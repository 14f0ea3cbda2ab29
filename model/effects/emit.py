"""The algebra written back as the YAML form (format 2): the inverse of
:mod:`model.effects.syntax` (``syntax(emit(x)) == x``), used by ``arbiter upgrade``."""

from __future__ import annotations

from arbiter.model.effects import algebra as a

Data = object

_SCALARS = {a.Pick.SELF: "self", a.Pick.IT: "it", a.Pick.YOU: "you", a.Pick.OPPONENT: "opponent"}


def _names(names: frozenset[str]) -> Data:
    items = sorted(names)
    return items[0] if len(items) == 1 else items


def selector(s: a.Selector) -> Data:
    if s.pick in _SCALARS:
        return _SCALARS[s.pick]
    if s.pick is a.Pick.NAMED:
        return s.name
    out: dict[str, Data] = {}
    if s.pick is a.Pick.CHOOSE:
        if s.count == a.ANY_NUMBER:
            out["choose"] = "any"
        elif s.up_to:
            out["choose"] = {"up_to": s.count}
        else:
            out["choose"] = s.count
    kinds: Data = _names(s.kinds) if s.kinds else True
    if s.side is a.Side.YOURS:
        out["yours"] = kinds
    elif s.side is a.Side.ENEMY:
        out["enemy"] = kinds
    elif s.side is a.Side.NAMED:  # only a scenario's passives name a player (applies_to)
        raise ValueError(f"the objects of the player {s.name}: no card-language form")
    elif s.kinds:
        out["kind"] = _names(s.kinds)
    if s.subtypes:
        out["subtype"] = _names(s.subtypes)
    if s.has:
        out["has"] = _names(s.has)
    if s.lacks:
        out["lacks"] = _names(s.lacks)
    if s.other:
        out["other"] = True
    if s.here:
        out["at"] = "here"
    elif s.zone:
        out["at"] = s.zone
    if s.stats:
        out["with"] = {t.stat: {t.compare.value: t.bound} for t in s.stats}
    if s.region:
        out["region"] = s.region
    if s.name and s.pick is a.Pick.CHOOSE:
        out["as"] = s.name  # a lone default name is left out by ``_lone_default``
    return out


DEFAULT_ROLE = "target"  # the name the lowering gives an unnamed choice first


def _lone_default(data: Data) -> Data:
    """``data`` without ``as: target`` where a single choice carries that name and nothing
    names it: the name is then the default, and leaving it out changes nothing. Where
    several choices carry it (format 1's role ``target`` used by several steps) it stays,
    so that they remain one choice when the text is read again."""
    uses = _count_default(data)
    if uses != 1:
        return data
    return _strip_default(data)


def _count_default(v: Data) -> int:
    if isinstance(v, dict):
        return sum(
            1 if k == "as" and x == DEFAULT_ROLE else _count_default(x) for k, x in v.items()
        )
    if isinstance(v, list):
        return sum(_count_default(x) for x in v)
    return 1 if v == DEFAULT_ROLE else 0  # the name itself, as an object id


def _strip_default(v: Data) -> Data:
    if isinstance(v, dict):
        return {k: _strip_default(x) for k, x in v.items() if not (k == "as" and x == DEFAULT_ROLE)}
    if isinstance(v, list):
        return [_strip_default(x) for x in v]
    return v


def amount(x: a.Amount) -> Data:
    if isinstance(x, a.Const):
        return list(x.value) if isinstance(x.value, tuple) else x.value
    if isinstance(x, a.Per):
        return {"per": selector(x.selector), **({"times": x.times} if x.times != 1 else {})}
    if isinstance(x, a.StatOf):
        return {"stat": x.stat, **({"of": selector(x.selector)} if x.selector != a.SELF else {})}
    if isinstance(x, a.CountOf):
        of = {"of": selector(x.selector)} if x.selector != a.SELF else {}
        return {"counter": x.counter, **of}
    if isinstance(x, a.XValue):
        return x.name
    if isinstance(x, a.That):
        return "that"
    if isinstance(x, a.Times):
        if x.factor == 2:
            return {"twice": amount(x.amount)}
        return {"multiply": amount(x.amount), "by": x.factor}
    return {"sum": [amount(p) for p in x.parts]}


def condition(c: a.Condition) -> Data:
    if c.test in (a.Test.AND, a.Test.OR):
        return {c.test.value: [condition(p) for p in c.parts]}
    if c.test is a.Test.NOT:
        return {"not": condition(c.parts[0])}
    of = {"of": selector(c.selector)} if c.selector != a.SELF else {}
    bound = {c.compare.value: c.bound}
    if c.test is a.Test.STAT:
        return {"stat": c.stat, **of, **bound}
    if c.test is a.Test.COUNT:
        return {"count": selector(c.selector), **bound}
    if c.test is a.Test.COUNTER:
        return {"counter": c.name, **of, **bound}
    if c.test is a.Test.DAY:
        return {"day": True, **bound}
    if c.test is a.Test.SUBTYPE:
        return {"subtype": c.name, **of}
    if c.test is a.Test.KILLED_WITH:
        return {"killed_with": c.name}
    if c.test is a.Test.DONE:
        return {"done": True}
    if c.test is a.Test.PAID:
        return {"paid": True}
    if c.test is a.Test.ROLL:
        return {"roll": True, **bound}
    if c.test is a.Test.CARDS_PLAYED:
        return {"cards_played": True, **bound}
    if c.test is a.Test.TO_VICTORY:
        return {"to_victory": True, **of, **bound}
    key = {
        a.Test.HAS: "has",
        a.Test.ZONE: "in",
        a.Test.REGION: "region",
        a.Test.TURN: "turn",
        a.Test.PHASE: "phase",
        a.Test.EXPEDITION: "expedition",
    }[c.test]
    extra = of if c.test in (a.Test.HAS, a.Test.ZONE, a.Test.REGION, a.Test.EXPEDITION) else {}
    return {key: c.name, **extra}


def duration(d: a.Duration) -> Data:
    if d.lasts is a.Lasts.WHILE and d.condition is not None:
        return {"while": condition(d.condition)}
    return d.lasts.value


def _target(body: dict[str, Data], key: str, s: a.Selector) -> None:
    if s != a.SELF:
        body[key] = selector(s)


def effect(e: a.Effect, *, passive: bool = False) -> dict[str, Data]:
    verb, body = _action(e)
    if isinstance(body, dict) and not _selector_body(e, body):
        if e.condition is not None:
            body["if"] = condition(e.condition)
        lasts = e.duration.lasts
        if lasts is not a.Lasts.INSTANT and not (passive and lasts is a.Lasts.WHILE_IN_PLAY):
            body["until"] = duration(e.duration)
        if e.optional:
            body["may"] = True
        if e.costs:
            body["pay"] = [effect(c) for c in e.costs]
        return {verb: body}
    out: dict[str, Data] = {verb: body}
    if e.condition is not None:
        out["if"] = condition(e.condition)
    lasts = e.duration.lasts
    if lasts is not a.Lasts.INSTANT and not (passive and lasts is a.Lasts.WHILE_IN_PLAY):
        out["until"] = duration(e.duration)
    if e.optional:
        out["may"] = True
    if e.costs:
        out["pay"] = [effect(c) for c in e.costs]
    return out


def _selector_body(e: a.Effect, body: dict[str, Data]) -> bool:
    """The action's body is its selector itself (``exhaust: {choose: 1}``): ``if``,
    ``may``, ``pay`` are then written beside the action, never inside the selector."""
    plain_zone = isinstance(e.action, a.MoveTo) and not e.action.zone and e.amount is None
    status = e.action in (a.Give(a.Grant.STATUS, "exhausted"), a.Take(a.Grant.STATUS, "exhausted"))
    return (plain_zone or status) and body == selector(e.selector)


def _action(e: a.Effect) -> tuple[str, Data]:
    act = e.action
    body: dict[str, Data] = {}
    if isinstance(act, a.DealDamage):
        if e.amount is not None:
            body["split" if act.split else "amount"] = amount(e.amount)
        _target(body, "among" if act.split else "to", e.selector)
        return "damage", body
    if isinstance(act, a.ModifyStat):
        body["stat"] = act.stat
        if act.other is not None:
            body[act.op.value] = selector(act.other)
        elif act.members:
            body[act.op.value] = sorted(act.members)
        elif e.amount is not None:
            body[act.op.value] = amount(e.amount)
        if act.component is not None:
            body["component"] = act.component
        if act.rounding is not None:
            body["rounding"] = act.rounding
        if act.minimum is not None:
            body["minimum"] = act.minimum
        _target(body, "target", e.selector)
        return "modify", body
    if isinstance(act, a.Protect):
        body["stat"] = _names(act.stats)
        if act.guard is not None:
            body["cannot"] = act.guard.value
        if act.limit is not None:
            body["limit"] = act.limit
        if act.scope is not None:
            body["scope"] = act.scope
        _target(body, "target", e.selector)
        return "protect", body
    if isinstance(act, a.Prevent):
        body["amount"] = "all" if e.amount is None else amount(e.amount)
        _target(body, "to", e.selector)
        if act.source is not None:
            body["from"] = selector(act.source)
        return "prevent", body
    if isinstance(act, a.Give | a.Take):
        verb = "give" if isinstance(act, a.Give) else "take"
        body[act.grant.value] = "all" if act.grant is a.Grant.ABILITIES else act.name
        if e.amount is not None:
            body["number"] = amount(e.amount)
        if act == a.Give(a.Grant.STATUS, "exhausted") and e.amount is None:
            return "exhaust", selector(e.selector)
        if act == a.Take(a.Grant.STATUS, "exhausted"):
            return "ready", selector(e.selector)
        _target(body, "to" if verb == "give" else "from", e.selector)
        return verb, body
    if isinstance(act, a.Boost):
        body = {"feature": act.feature, "amount": amount(e.amount) if e.amount else 0}
        _target(body, "to", e.selector)
        return "boost", body
    if isinstance(act, a.MoveTo):
        verb = "move" if act.move is a.ZoneMove.TO_ZONE else act.move.value
        placed = act.zone or act.to.value
        if placed or e.amount is not None or e.selector.is_player or act.exhausted:
            if act.zone:
                body["zone"] = act.zone
            if act.to.value:
                body["to"] = act.to.value
            if act.exhausted:
                body["exhausted"] = True
            if e.amount is not None:
                body["amount"] = amount(e.amount)
            if e.selector.is_player:
                body["player"] = selector(e.selector)
            else:
                _target(body, "target", e.selector)
            return verb, body
        sel = selector(e.selector)
        if isinstance(sel, dict) and not sel.keys() & {"choose", "all", "each", "yours", "enemy"}:
            return verb, {"target": sel}  # read as a selector only under these keys
        return verb, sel
    if isinstance(act, a.CreateToken):
        body = {"token": act.card}
        if act.name:
            body["name"] = act.name
        if act.kind:
            body["kind"] = act.kind
        if act.stats:
            body["stats"] = dict(act.stats)
        if act.subtypes:
            body["subtypes"] = sorted(act.subtypes)
        if act.place is not a.TokenPlace.DEFAULT:
            body["at"] = act.place.value
        if act.enters is not a.TokenEntry.DEFAULT:
            body["enters"] = act.enters.value
        if act.defined_by:
            body["defined_by"] = act.defined_by
        if e.amount is not None and e.amount != a.Const(1):
            body["amount"] = amount(e.amount)
        if e.selector != a.YOU:
            body["for"] = selector(e.selector)
        return "create", body
    if isinstance(act, a.AddCounters):
        body = {"name": act.counter, "add": amount(e.amount) if e.amount else 0}
        if act.most:
            body["most"] = act.most
        if act.only:
            body["only"] = sorted(x.value for x in act.only)
        _target(body, "target", e.selector)
        return "counters", body
    if isinstance(act, a.BonusDamage):
        body = {"amount": amount(e.amount) if e.amount else 0, "from": _names(act.sources)}
        if e.selector != a.YOU:
            body["target"] = selector(e.selector)
        return "bonus_damage", body
    if isinstance(act, a.Restrict):
        body = {"deed": act.deed}
        if act.by is not None:
            body["by"] = selector(act.by)
        if act.what:
            body["what"] = act.what
        _target(body, "target", e.selector)
        return "cannot", body
    if isinstance(act, a.ModifyCost):
        body = {"add": amount(e.amount) if e.amount else 0}
        if act.floor is not None:
            body["floor"] = act.floor
        if act.once:
            body["once"] = True
        if e.selector != a.SELF:
            body["of"] = selector(e.selector)
        return "cost", body
    if isinstance(act, a.EndTurn):
        return "end_turn", selector(e.selector)
    if isinstance(act, a.RollDie):
        return "roll_die", selector(e.selector)
    if isinstance(act, a.Overrule):
        body = {"rule": act.rule.value}
        _target(body, "target", e.selector)
        return "overrule", body
    if isinstance(act, a.Play):
        if act.cost is not a.PlayCost.PAID:
            body["cost"] = act.cost.value
        if act.to is not a.PlayPlace.DEFAULT:
            body["to"] = act.to.value
        if e.amount is not None:
            body["amount"] = amount(e.amount)
        _target(body, "target", e.selector)
        return "play", body
    if isinstance(act, a.Exchange):
        body = {"with": selector(act.other)}
        _target(body, "target", e.selector)
        return "exchange", body
    if isinstance(act, a.Counter):
        return "counter_spell", selector(e.selector)
    if isinstance(act, a.LookTop):
        body = {"amount": amount(e.amount) if e.amount is not None else 1, "keep": act.keep}
        if act.up_to:
            body["up_to"] = True
        if act.kinds:
            body["kinds"] = sorted(act.kinds)
        if act.reveal:
            body["reveal"] = True
        if act.to is not a.Kept.HAND:
            body["to"] = act.to.value
        if act.discount:
            body["discount"] = act.discount
        if act.rest is not a.Rest.RECYCLE:
            body["rest"] = act.rest.value
        if act.here:
            body["here"] = True
        if e.selector != a.YOU:
            body["player"] = selector(e.selector)
        return "look_top", body
    if isinstance(act, a.ChangeTraits):
        body = {}
        for key, value in (("name", act.name), ("kind", act.kind), ("cost", act.cost)):
            if value is not None:
                body[key] = value
        if act.controller is not None:
            body["controller"] = selector(act.controller)
        tags: dict[str, Data] = {}
        if act.tags is not None:
            tags["set"] = sorted(act.tags)
        if act.tags_add:
            tags["add"] = sorted(act.tags_add)
        if act.tags_remove:
            tags["remove"] = sorted(act.tags_remove)
        if tags:
            body["tags"] = tags
        _target(body, "target", e.selector)
        return "change_traits", body
    if isinstance(act, a.BecomeCopy):
        body = {"of": selector(act.of)}
        if act.only:
            body["only"] = list(act.only)
        _target(body, "target", e.selector)
        return "become_copy", body
    if isinstance(act, a.ChooseOne):
        return "choose_one", {"options": [[effect(x) for x in o] for o in act.options]}
    if isinstance(act, a.Delayed):
        verb = "each_time" if act.every else "next"
        return verb, {"when": when(act.event), "do": [effect(x) for x in act.effects]}
    if isinstance(act, a.Activate):
        body = {"when": when(act.event)}
        _target(body, "target", e.selector)
        return "activate", body
    body = {"when": when(act.event)}
    if act.redirect is not None:
        body["redirect"] = selector(act.redirect)
    else:
        body["instead"] = [effect(x) for x in act.instead]
    if act.once:
        body["once"] = True
    return "replace", body


def effects(es: tuple[a.Effect, ...], *, passive: bool = False) -> Data:
    items = [effect(e, passive=passive) for e in es]
    return _lone_default(items[0] if len(items) == 1 else items)


def when(w: a.When) -> dict[str, Data]:
    subject: Data
    if w.event is a.EventKind.PHASE or w.event is a.EventKind.COUNTER:
        subject = w.name
    elif w.subject.pick is a.Pick.ALL and w.subject == a.Selector(a.Pick.ALL):
        subject = "any"
    else:
        subject = selector(w.subject)
    out: dict[str, Data] = {w.event.value: subject}
    if w.event is a.EventKind.COUNTER and w.subject != a.Selector(a.Pick.ALL):
        out["of"] = selector(w.subject)
    if w.event is a.EventKind.MODIFIED and w.name:
        out["stat"] = w.name
    if w.event is a.EventKind.ACTIVATED and w.name:
        out["action"] = w.name
    if w.event is a.EventKind.GAINS_STATUS and w.name:
        out["status"] = w.name
    if w.zone:
        out["from" if w.event in (a.EventKind.PLAYED, a.EventKind.LEAVES) else "zone"] = w.zone
    if w.change != "any":
        out["change"] = w.change
    if w.reaches:
        out["reaches"] = w.reaches
    if w.here:
        out["here"] = True
    if w.nth:
        out["nth"] = w.nth
    if w.by is not a.Side.ANY:
        out["by"] = "you" if w.by is a.Side.YOURS else "opponent"
    if w.origin:
        out["origin"] = w.origin
    if w.batch:
        out["batch"] = True
    if w.at.value:
        out["at"] = w.at.value
    return out


def ability(ab: a.CardAbility, index: int = -1) -> dict[str, Data]:
    """One ability; its id is left out when it is the default of its position."""
    from arbiter.model.effects.syntax import DEFAULT_ID

    out: dict[str, Data] = {}
    if ab.ident and ab.ident != f"{DEFAULT_ID[ab.kind]}{index + 1}":
        out["id"] = ab.ident
    if ab.text:
        out["text"] = ab.text
    if ab.kind is a.Kind.PASSIVE:
        out.update(effect(ab.effects[0], passive=True))
        return _lone_ability(out)
    if ab.when is not None and ab.kind is a.Kind.TRIGGER:
        out["when"] = when(ab.when)
    if ab.costs:
        out["cost"] = [effect(c) for c in ab.costs]
    if ab.kind is a.Kind.ADDITIONAL_COST:
        return _lone_ability(out)
    if ab.timing is not a.Timing.DEFAULT:
        out["timing"] = ab.timing.value
    if ab.condition is not None:
        out["if"] = condition(ab.condition)
    if ab.kind is a.Kind.REPLACEMENT:
        _, body = _action(ab.effects[0])
        assert isinstance(body, dict)
        out.update(body)
        if ab.effects[0].optional:
            out["may"] = True
        return _lone_ability(out)
    done = [effect(e) for e in ab.effects]
    out["do"] = done[0] if len(done) == 1 else done
    return _lone_ability(out)


def _lone_ability(out: dict[str, Data]) -> dict[str, Data]:
    stripped = _lone_default(out)
    assert isinstance(stripped, dict)
    return stripped
