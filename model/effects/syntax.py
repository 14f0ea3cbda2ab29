"""The YAML form of the card language (format 2) read into the algebra, with located
errors. The keys and what they mean are listed once, in :mod:`model.effects.keys`, which
also generates the JSON Schema; this module only reads them.

An effect is one action key (``damage``, ``modify`` …) whose body names the objects it
applies to (``target``, or the action's own word: ``to``, ``among``, ``from``) and the
amount, plus optional ``if`` (a condition), ``until`` (a duration) and ``may``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arbiter.model.effects import algebra as a
from arbiter.model.effects import keys as k
from arbiter.model.effects import syntax_values
from arbiter.model.format.document import Node

# the values (selectors, amounts, conditions, durations): model.effects.syntax_values
SCALAR_SELECTORS = syntax_values.SCALAR_SELECTORS
selector = syntax_values.selector
amount = syntax_values.amount
condition = syntax_values.condition
duration = syntax_values.duration
_names = syntax_values.names


# -- effects ---------------------------------------------------------------------------------


def effects(node: Node) -> tuple[a.Effect, ...]:
    """One effect or a list of effects."""
    if isinstance(node.value, list):
        return tuple(effect(n) for n in node.seq())
    return (effect(node),)


def effect(node: Node) -> a.Effect:
    m = node.mapping(set(k.ACTIONS) | k.EFFECT_KEYS, what="an effect: {action: …}")
    verbs = [key for key in m if key in k.ACTIONS]
    if len(verbs) != 1:
        node.fail("exactly one action: " + ", ".join(sorted(k.ACTIONS)), got=False)
    verb = verbs[0]
    body = m[verb]
    e = _ACTION_PARSERS[verb](body)
    # if / until / may: beside the action, or inside its body
    inner = body.mapping() if isinstance(body.value, dict) else {}
    for key in ("if", "until", "may", "pay"):
        src = m if key in m else inner
        if key not in src:
            continue
        if key == "if":
            e = _with(e, condition=condition(src[key]))
        elif key == "until":
            e = _with(e, duration=duration(src[key]))
        elif key == "pay":
            e = _with(e, costs=effects(src[key]))
        else:
            e = _with(e, optional=src[key].boolean())
    return e


def _with(e: a.Effect, **changes: object) -> a.Effect:
    return replace(e, **changes)  # type: ignore[arg-type]


def _body(node: Node, allowed: set[str], required: tuple[str, ...] = ()) -> dict[str, Node]:
    return node.mapping(allowed | k.EFFECT_KEYS, required=required)


def _target(m: dict[str, Node], *names: str) -> a.Selector:
    for name in (*names, "target"):
        if name in m:
            return selector(m[name])
    return a.SELF


def _damage(node: Node) -> a.Effect:
    m = _body(node, {"amount", "split", "to", "among", "target"})
    if ("amount" in m) == ("split" in m):
        node.fail("either 'amount' (to each) or 'split' (divided among the targets)", got=False)
    split = "split" in m
    return a.Effect(
        a.DealDamage(split=split),
        _target(m, "among" if split else "to"),
        amount(m["split" if split else "amount"]),
    )


def _modify(node: Node) -> a.Effect:
    ops = {op.value for op in a.StatOp}
    m = _body(
        node, ops | {"stat", "target", "component", "rounding", "minimum"}, required=("stat",)
    )
    present = [op for op in m if op in ops]
    if len(present) != 1:
        node.fail("exactly one of: " + ", ".join(sorted(ops)), got=False)
    op = a.StatOp(present[0])
    arg = m[present[0]]
    stat = m["stat"].ident("a characteristic")
    component = m["component"].integer(1, 16) if "component" in m else None
    rounding = m["rounding"].choice(("down", "up", "nearest")) if "rounding" in m else None
    target = _target(m)
    if op in (a.StatOp.COPY, a.StatOp.SWAP, a.StatOp.SWAP_BONUS):
        action = a.ModifyStat(stat, op, component, other=selector(arg), rounding=rounding)
        return a.Effect(action, target)
    if (
        op is a.StatOp.REMOVE
        or (
            isinstance(arg.value, list) and arg.value and all(isinstance(x, str) for x in arg.value)
        )
        or (isinstance(arg.value, str) and arg.value not in ("X", "that") and op is a.StatOp.SET)
    ):
        action = a.ModifyStat(stat, op, component, members=_names(arg), rounding=rounding)
        return a.Effect(action, target)
    minimum = m["minimum"].integer() if "minimum" in m else None
    action = a.ModifyStat(stat, op, component, rounding=rounding, minimum=minimum)
    return a.Effect(action, target, amount(arg))


def _protect(node: Node) -> a.Effect:
    m = _body(node, {"stat", "cannot", "limit", "scope", "target"}, required=("stat",))
    if ("cannot" in m) == ("limit" in m):
        node.fail("either 'cannot: decrease|modify' or 'limit: N'", got=False)
    guard = a.Guard(m["cannot"].choice(("decrease", "modify"))) if "cannot" in m else None
    action = a.Protect(
        _names(m["stat"]),
        guard=guard,
        limit=m["limit"].integer(0) if "limit" in m else None,
        scope=m["scope"].text() if "scope" in m else None,
    )
    return a.Effect(action, _target(m))


def _prevent(node: Node) -> a.Effect:
    m = _body(node, {"amount", "to", "from", "target"}, required=("amount",))
    amt = None if m["amount"].value == "all" else amount(m["amount"])
    source = selector(m["from"]) if "from" in m else None
    return a.Effect(a.Prevent(source), _target(m, "to"), amt)


def _grant(node: Node, verb: str) -> a.Effect:
    grants = {g.value for g in a.Grant}
    m = _body(node, grants | {"to", "from", "target", "number"})
    present = [g for g in m if g in grants]
    if len(present) != 1:
        node.fail(
            "exactly one of: status, keyword, feature" + (", abilities" if verb == "take" else ""),
            got=False,
        )
    grant = a.Grant(present[0])
    if verb == "give":
        if grant is a.Grant.ABILITIES:
            m[present[0]].fail("a status, keyword or feature to give", key=True, got=False)
        number = amount(m["number"]) if "number" in m else None
        return a.Effect(a.Give(grant, m[present[0]].text("a name")), _target(m, "to"), number)
    name = "" if grant is a.Grant.ABILITIES else m[present[0]].text("a name")
    return a.Effect(a.Take(grant, name), _target(m, "from"))


def _boost(node: Node) -> a.Effect:
    m = _body(node, {"feature", "amount", "to", "target"}, required=("feature", "amount"))
    return a.Effect(
        a.Boost(m["feature"].text("a feature name")), _target(m, "to"), amount(m["amount"])
    )


def _zone(move: a.ZoneMove) -> Callable[[Node], a.Effect]:
    def parse(node: Node) -> a.Effect:
        counted = move in a.PLAYER_MOVES
        if counted and isinstance(node.value, int) and not isinstance(node.value, bool):
            return a.Effect(a.MoveTo(move), a.YOU, amount(node))
        if (
            not isinstance(node.value, dict)
            or "choose" in node.value
            or "all" in node.value
            or "each" in node.value
            or "yours" in node.value
            or "enemy" in node.value
        ):
            return a.Effect(a.MoveTo(move), selector(node))
        arrive = {"exhausted"} if move in (a.ZoneMove.TO_ZONE, a.ZoneMove.CHANNEL) else set()
        places = {"to"} if move is a.ZoneMove.TO_ZONE else set()
        m = _body(node, {"target", "amount", "player", "zone"} | arrive | places)
        zone = m["zone"].ident("a zone") if "zone" in m else ""
        tired = m["exhausted"].boolean() if "exhausted" in m else False
        to = a.MovePlace.ZONE
        if "to" in m:  # Riftbound 442.2: a destination that is not a zone
            to = a.MovePlace(m["to"].choice([p.value for p in a.MovePlace if p.value]))
        if move is a.ZoneMove.TO_ZONE and bool(zone) == (to is not a.MovePlace.ZONE):
            node.fail("either 'zone' or 'to' for a move", got=False)
        who = _target(m, "player")
        amt = amount(m["amount"]) if "amount" in m else None
        return a.Effect(a.MoveTo(move, zone, exhausted=tired, to=to), who, amt)

    return parse


def _create(node: Node) -> a.Effect:
    m = _body(
        node,
        {"token", "amount", "for", "name", "kind", "stats", "subtypes", "at", "enters",
         "defined_by"},
        required=("token",),
    )  # fmt: skip
    who = selector(m["for"]) if "for" in m else a.YOU
    amt = amount(m["amount"]) if "amount" in m else a.Const(1)
    places = [p.value for p in a.TokenPlace if p is not a.TokenPlace.DEFAULT]
    action = a.CreateToken(
        m["token"].ident("a card id"),
        name=m["name"].text("a name") if "name" in m else "",
        kind=m["kind"].ident("a kind") if "kind" in m else "",
        stats=tuple(
            (stat, n.integer()) for stat, n in m["stats"].entries()
        ) if "stats" in m else (),
        subtypes=_names(m["subtypes"]) if "subtypes" in m else frozenset(),
        place=a.TokenPlace(m["at"].choice(places)) if "at" in m else a.TokenPlace.DEFAULT,
        enters=a.TokenEntry(m["enters"].choice(["ready", "exhausted"]))
        if "enters" in m else a.TokenEntry.DEFAULT,
        defined_by=m["defined_by"].text("an article") if "defined_by" in m else "",
    )  # fmt: skip
    return a.Effect(action, who, amt)


def _counters(node: Node) -> a.Effect:
    m = _body(node, {"name", "add", "target", "most", "only"}, required=("name", "add"))
    most = m["most"].integer(1, 1000) if "most" in m else 0
    spends = [x.value for x in a.Spend]
    only = frozenset(a.Spend(n.choice(spends)) for n in m["only"].seq()) if "only" in m else ()
    action = a.AddCounters(m["name"].ident("a counter name"), most, frozenset(only))
    return a.Effect(action, _target(m), amount(m["add"]))


def _bonus(node: Node) -> a.Effect:
    m = _body(node, {"amount", "from", "target"}, required=("amount", "from"))
    who = selector(m["target"]) if "target" in m else a.YOU
    return a.Effect(a.BonusDamage(_names(m["from"])), who, amount(m["amount"]))


def _cannot(node: Node) -> a.Effect:
    m = _body(node, {"deed", "by", "what", "target"}, required=("deed",))
    action = a.Restrict(
        m["deed"].ident("a deed"),
        by=selector(m["by"]) if "by" in m else None,
        what=m["what"].ident("a name") if "what" in m else "",
    )
    return a.Effect(action, _target(m))


def _cost(node: Node) -> a.Effect:
    m = _body(node, {"add", "floor", "once", "of"}, required=("add",))
    action = a.ModifyCost(
        floor=m["floor"].integer(0) if "floor" in m else None,
        once=m["once"].boolean() if "once" in m else False,
    )
    return a.Effect(action, selector(m["of"]) if "of" in m else a.SELF, amount(m["add"]))


def _status(verb: str) -> Callable[[Node], a.Effect]:
    def parse(node: Node) -> a.Effect:
        action: a.Action = (
            a.Take(a.Grant.STATUS, "exhausted")
            if verb == "ready"
            else a.Give(a.Grant.STATUS, "exhausted")
        )
        return a.Effect(action, selector(node))

    return parse


def _replace(node: Node) -> a.Effect:
    m = _body(node, {"when", "instead", "redirect", "once"}, required=("when",))
    if ("instead" in m) == ("redirect" in m):
        node.fail("either 'instead: effects' or 'redirect: selector'", got=False)
    w = when(m["when"])
    action = a.Replace(
        w,
        instead=effects(m["instead"]) if "instead" in m else (),
        redirect=selector(m["redirect"]) if "redirect" in m else None,
        once=m["once"].boolean() if "once" in m else False,
    )
    return a.Effect(action, w.subject)


_ACTION_PARSERS: dict[str, Callable[[Node], a.Effect]] = {
    "damage": _damage,
    "modify": _modify,
    "protect": _protect,
    "prevent": _prevent,
    "give": lambda n: _grant(n, "give"),
    "take": lambda n: _grant(n, "take"),
    "boost": _boost,
    "draw": _zone(a.ZoneMove.DRAW),
    "discard": _zone(a.ZoneMove.DISCARD),
    "recall": _zone(a.ZoneMove.RECALL),
    "return_to_hand": _zone(a.ZoneMove.RETURN_TO_HAND),
    "destroy": _zone(a.ZoneMove.DESTROY),
    "sacrifice": _zone(a.ZoneMove.SACRIFICE),
    "switch": _zone(a.ZoneMove.SWITCH),
    "recycle": _zone(a.ZoneMove.RECYCLE),
    "move": _zone(a.ZoneMove.TO_ZONE),
    "create": _create,
    "resupply": _zone(a.ZoneMove.RESUPPLY),
    "exhausted_resupply": _zone(a.ZoneMove.EXHAUSTED_RESUPPLY),
    "counters": _counters,
    "ready": _status("ready"),
    "exhaust": _status("exhaust"),
    "bonus_damage": _bonus,
    "cannot": _cannot,
    "cost": _cost,
    "become_copy": lambda n: _become_copy(n),
    "change_traits": lambda n: _change_traits(n),
    "replace": _replace,
    "end_turn": lambda n: a.Effect(a.EndTurn(), _player(n)),
    "channel": _zone(a.ZoneMove.CHANNEL),
    "roll_die": lambda n: a.Effect(a.RollDie(), _player(n)),
    "activate": lambda n: _activate(n),
    "next": lambda n: _next(n),
    "each_time": lambda n: _next(n, every=True),
    "choose_one": lambda n: _choose_one(n),
    "exchange": lambda n: _exchange(n),
    "play": lambda n: _play(n),
    "overrule": lambda n: _overrule(n),
    "look_top": lambda n: _look_top(n),
    "counter_spell": lambda n: a.Effect(a.Counter(), selector(n)),
}


def _overrule(node: Node) -> a.Effect:
    m = _body(node, {"rule", "target"}, required=("rule",))
    rule = a.Rule(m["rule"].choice([r.value for r in a.Rule]))
    return a.Effect(a.Overrule(rule), _target(m))


def _look_top(node: Node) -> a.Effect:
    keys = {"amount", "keep", "up_to", "kinds", "reveal", "player", "to", "discount", "rest"}
    keys |= {"here"}
    m = _body(node, keys, ("amount",))
    action = a.LookTop(
        keep=m["keep"].integer(0, 1000) if "keep" in m else 1,
        up_to=m["up_to"].boolean() if "up_to" in m else False,
        kinds=_names(m["kinds"]) if "kinds" in m else frozenset(),
        reveal=m["reveal"].boolean() if "reveal" in m else False,
        to=a.Kept(m["to"].choice([k.value for k in a.Kept])) if "to" in m else a.Kept.HAND,
        discount=m["discount"].integer(0, 1000) if "discount" in m else 0,
        rest=a.Rest(m["rest"].choice([r.value for r in a.Rest])) if "rest" in m else a.Rest.RECYCLE,
        here=m["here"].boolean() if "here" in m else False,
    )
    return a.Effect(action, _target(m, "player") if "player" in m else a.YOU, amount(m["amount"]))


def _play(node: Node) -> a.Effect:
    m = _body(node, {"target", "cost", "amount", "to"})
    costs = [c.value for c in a.PlayCost]
    cost = a.PlayCost(m["cost"].choice(costs)) if "cost" in m else a.PlayCost.PAID
    places = [p.value for p in a.PlayPlace if p is not a.PlayPlace.DEFAULT]
    to = a.PlayPlace(m["to"].choice(places)) if "to" in m else a.PlayPlace.DEFAULT
    amt = amount(m["amount"]) if "amount" in m else None
    return a.Effect(a.Play(cost, to), _target(m), amt)


def _exchange(node: Node) -> a.Effect:
    m = _body(node, {"target", "with"}, required=("with",))
    return a.Effect(a.Exchange(selector(m["with"])), _target(m))


def _become_copy(node: Node) -> a.Effect:
    from arbiter.model.riftbound_traits import COPYABLE

    m = _body(node, {"target", "of", "only"}, required=("of",))
    only: tuple[str, ...] = ()
    if "only" in m:
        node_only = m["only"]
        items = node_only.seq("a list") if isinstance(node_only.value, list) else [node_only]
        only = tuple(i.choice(COPYABLE) for i in items)
    return a.Effect(a.BecomeCopy(selector(m["of"]), only), _target(m))


def _change_traits(node: Node) -> a.Effect:
    m = _body(node, {"target", "name", "kind", "controller", "tags", "cost"})
    if not set(m) - {"target"}:
        node.fail("a trait to change: name, kind, controller, tags or cost", got=False)
    tags, add, remove = None, frozenset[str](), frozenset[str]()
    if "tags" in m:
        t = m["tags"].mapping({"set", "add", "remove"})
        if not t or ("set" in t and len(t) > 1):
            m["tags"].fail("one of {set: [tags]} or {add: [...], remove: [...]}", got=False)
        tags = _names(t["set"]) if "set" in t else None
        add = _names(t["add"]) if "add" in t else add
        remove = _names(t["remove"]) if "remove" in t else remove
    action = a.ChangeTraits(
        name=m["name"].text("a name") if "name" in m else None,
        kind=m["kind"].ident("a kind") if "kind" in m else None,
        controller=_player(m["controller"]) if "controller" in m else None,
        tags=tags,
        tags_add=add,
        tags_remove=remove,
        cost=m["cost"].integer() if "cost" in m else None,
    )
    return a.Effect(action, _target(m))


def _choose_one(node: Node) -> a.Effect:
    m = _body(node, {"options"}, required=("options",))
    options = tuple(effects(o) for o in m["options"].seq("a list of options"))
    if len(options) < 2:
        m["options"].fail("two or more options", got=False)
    return a.Effect(a.ChooseOne(options), a.YOU)


def _next(node: Node, every: bool = False) -> a.Effect:
    m = _body(node, {"when", "do"}, required=("when", "do"))
    return a.Effect(a.Delayed(when(m["when"]), effects(m["do"]), every), a.YOU)


def _activate(node: Node) -> a.Effect:
    m = _body(node, {"when", "target"}, required=("when",))
    return a.Effect(a.Activate(when(m["when"])), _target(m))


def _player(node: Node) -> a.Selector:
    s = selector(node)
    if not s.is_player:
        node.fail("a player: you or opponent", got=False)
    return s


# -- triggers and abilities --------------------------------------------------------------------


PLAYER_EVENTS = (
    a.EventKind.START_OF_TURN,
    a.EventKind.END_OF_TURN,
    a.EventKind.START_OF_DAY,
    a.EventKind.END_OF_DAY,
)
REQUIRED = {
    a.Kind.TRIGGER: ("when", "do"),
    a.Kind.QUICK: ("do",),
    a.Kind.REPLACEMENT: ("when",),
    a.Kind.ON_PLAY: ("do",),
    a.Kind.ADDITIONAL_COST: ("cost",),
    a.Kind.AS_ENTERS: ("do",),
    a.Kind.PERMISSION: ("do",),
    a.Kind.STATIC: ("do",),
}
REPLACE_KEYS = ("when", "instead", "redirect", "once")
DEFAULT_ID = {  # t1, q1 … as format 1 named them
    a.Kind.TRIGGER: "t",
    a.Kind.QUICK: "q",
    a.Kind.PASSIVE: "passive",
    a.Kind.REPLACEMENT: "replacement",
    a.Kind.ON_PLAY: "do",
    a.Kind.ADDITIONAL_COST: "extra",
    a.Kind.AS_ENTERS: "enters",
    a.Kind.PERMISSION: "may",
    a.Kind.STATIC: "static",
}


def when(node: Node) -> a.When:
    """``{attacks: self}``, ``{played: self, from: reserve}``, ``{phase: dusk}`` …"""
    events = {e.value for e in a.EventKind}
    m = node.mapping(events | k.WHEN_KEYS, what="an event: {attacks: self} …")
    present = [e for e in m if e in events]
    if len(present) != 1:
        node.fail("exactly one event: " + ", ".join(sorted(events)), got=False)
    event = a.EventKind(present[0])
    subj = m[present[0]]
    name = ""
    if event in (a.EventKind.PHASE,):
        name, subject = subj.ident("a phase name"), a.SELF
    elif event is a.EventKind.COUNTER:
        name = subj.ident("a counter name")
        subject = selector(m["of"]) if "of" in m else a.Selector(a.Pick.ALL)
    elif event in (a.EventKind.START_OF_TURN, a.EventKind.END_OF_TURN) and subj.value in (
        "any",
        True,
    ):
        subject = a.Selector(a.Pick.ALL)
    else:
        subject = a.Selector(a.Pick.ALL) if subj.value == "any" else selector(subj)
    if "stat" in m:
        name = m["stat"].ident("a characteristic")
    if "action" in m:
        name = m["action"].ident("a quick action id")
    if "status" in m:
        name = m["status"].text("a status")
    zone = ""
    for key in ("from", "zone"):
        if key in m:
            zone = m[key].ident("a zone")
    change = m["change"].choice(("up", "down", "any")) if "change" in m else "any"
    reaches = m["reaches"].integer(1, 1000) if "reaches" in m else 0
    here = m["here"].boolean() if "here" in m else False
    nth = m["nth"].integer(1, 100) if "nth" in m else 0
    by = {"you": a.Side.YOURS, "opponent": a.Side.ENEMY}[m["by"].choice(("you", "opponent"))] \
        if "by" in m else a.Side.ANY  # fmt: skip
    origin = m["origin"].ident("a zone") if "origin" in m else ""
    batch = m["batch"].boolean() if "batch" in m else False
    at = a.EventPlace.ANY
    if "at" in m:
        at = a.EventPlace(m["at"].choice([p.value for p in a.EventPlace if p.value]))
    return a.When(event, subject, zone, name, change, reaches, here, nth, by, origin, batch, at)


def ability(node: Node, kind: a.Kind, index: int) -> a.CardAbility:
    """One entry of ``triggers:``, ``quick_actions:``, ``passives:`` or ``replacements:``."""
    ident = f"{DEFAULT_ID[kind]}{index + 1}"
    if kind is a.Kind.PASSIVE:
        m = node.mapping(set(k.ACTIONS) | k.EFFECT_KEYS | {"id", "text"})
        body = {key: n.value for key, n in m.items() if key not in ("id", "text")}
        e = effect(Node(node.doc, node.path, body))
        if e.duration.lasts is a.Lasts.INSTANT:
            e = _with(e, duration=a.Duration(a.Lasts.WHILE_IN_PLAY))
        return a.CardAbility(
            kind,
            (e,),
            ident=m["id"].ident() if "id" in m else ident,
            text=m["text"].text() if "text" in m else "",
        )
    allowed = {"id", "text", "if", "may"} | {
        a.Kind.TRIGGER: {"when", "do"},
        a.Kind.QUICK: {"cost", "do", "timing"},
        a.Kind.REPLACEMENT: {"when", "instead", "redirect", "once"},
        a.Kind.ON_PLAY: {"do"},
        a.Kind.ADDITIONAL_COST: {"cost"},
        a.Kind.AS_ENTERS: {"do"},
        a.Kind.PERMISSION: {"do"},
        a.Kind.STATIC: {"do"},
    }[kind]
    required = REQUIRED[kind]
    m = node.mapping(allowed, required=required)
    may = m["may"].boolean() if "may" in m else False
    cond = condition(m["if"]) if "if" in m else None
    w = when(m["when"]) if "when" in m else None
    if kind is a.Kind.REPLACEMENT:
        rep = {
            key: n.value for key, n in m.items() if key in ("when", "instead", "redirect", "once")
        }
        e = _replace(Node(node.doc, node.path, rep))
        effs: tuple[a.Effect, ...] = (_with(e, optional=may),)
    elif kind is a.Kind.ADDITIONAL_COST:  # no effects: the costs, "may" on each (356.2.b)
        effs = ()
    else:
        effs = tuple(_with(e, optional=e.optional or may) for e in effects(m["do"]))
    costs = effects(m["cost"]) if "cost" in m else ()
    if kind is a.Kind.ADDITIONAL_COST and (may or any(c.optional for c in costs)):
        costs = tuple(_with(c, optional=True) for c in costs)  # the whole cost, or none
    timings = [t.value for t in a.Timing if t is not a.Timing.DEFAULT]
    timing = a.Timing(m["timing"].choice(timings)) if "timing" in m else a.Timing.DEFAULT
    return a.CardAbility(
        kind,
        effs,
        when=w,
        costs=costs,
        condition=cond,
        ident=m["id"].ident() if "id" in m else ident,
        text=m["text"].text() if "text" in m else "",
        timing=timing,
    )


def abilities(m: dict[str, Node]) -> tuple[a.CardAbility, ...]:
    """Every ability a v2 card declares (``do``, ``triggers``, ``quick_actions``,
    ``passives``, ``replacements``), in that order."""
    out: list[a.CardAbility] = []
    if "do" in m:
        out.append(a.CardAbility(a.Kind.ON_PLAY, effects(m["do"]), ident="do"))
    for key, kind in k.ABILITY_LISTS.items():
        if key in m:
            for i, n in enumerate(m[key].seq(f"a list of {key}")):
                out.append(ability(n, kind, i))
    return tuple(out)
