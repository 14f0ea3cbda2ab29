"""Format of triggered abilities, quick actions and counters (docs/format.md, "Abilities").

Object and card keys: ``triggers:``, ``quick_actions:``, ``counters:``; top-level key
``counters:`` (player counters such as ``life.bo``); step kinds ``activate``,
``begin`` and ``effect``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.abilities import EVENT_KINDS, QuickAction, Trigger
from arbiter.model.ability_steps import Activate, Apply, Begin
from arbiter.model.effects import algebra as fx
from arbiter.model.effects.refs import reference
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser, TopKeyParser
from arbiter.model.format.document import Node
from arbiter.model.might import MIGHTY_AT
from arbiter.model.state import GameObject
from arbiter.model.steps import NUMBER_OPS, Step

MAX_AMOUNT = 10**6
EVENT_EXTRAS = {
    "damaged": set(),
    "enters": {"zone"},
    "leaves": {"zone"},
    "counter": {"of", "change"},  # not "on": YAML 1.1 reads an unquoted on as true
    "modified": {"stat"},
    "phase": {"of"},  # of: controller -- "at the start of your turn"
    "activated": {"action"},
}


def ref(node: Node) -> fx.Selector:
    """A reference, read into the card language's Selector (model.effects.refs)."""
    return reference(
        node.ident("a reference: self, it, controller, opponent, a player, an object or card")
    )


def _when(kind: str, subject: fx.Selector, name: str = "", change: str = "any") -> fx.When:
    if kind in ("enters", "leaves"):
        return fx.When(fx.EventKind(kind), subject, zone=name, change=change)
    return fx.When(fx.EventKind(kind), subject, name=name, change=change)


def parse_pattern(node: Node) -> fx.When:
    m = node.mapping(what="a mapping with one event kind (" + ", ".join(EVENT_KINDS) + ")")
    kinds = [k for k in m if k in EVENT_KINDS]
    if len(kinds) != 1:
        node.fail("exactly one event kind: " + ", ".join(EVENT_KINDS), got=False)
    kind = kinds[0]
    node.mapping({kind} | EVENT_EXTRAS[kind])
    head = m[kind]
    if kind == "phase":
        subject = ref(m["of"]) if "of" in m else reference("any")
        return _when("phase", subject, head.ident("a phase name"))
    if kind == "counter":
        return _when(
            "counter",
            ref(m["of"]) if "of" in m else reference("any"),
            head.ident("a counter name"),
            m["change"].choice(["up", "down", "any"]) if "change" in m else "any",
        )
    name = ""
    if kind in ("enters", "leaves"):
        name = m["zone"].ident("a zone") if "zone" in m else "play"
    elif kind == "modified":
        if "stat" not in m:
            node._missing("stat")
        name = m["stat"].ident("a characteristic name")
    elif kind == "activated" and "action" in m:
        name = m["action"].ident("a quick action id")
    return _when(kind, ref(head), name)


def _amount(node: Node, lo: int = -MAX_AMOUNT) -> int:
    return node.integer(lo, MAX_AMOUNT)


def _const(n: int) -> fx.Const:
    return fx.Const(n)


def parse_effect(node: Node) -> fx.Effect:
    """One effect of a trigger or quick action, read into the card language."""
    m = node.mapping(what="an effect: a mapping with one effect kind")
    if len(m) != 1:
        node.fail(
            "exactly one effect kind (damage, counter, modify, gain, lose, move, ready, exhaust)",
            got=False,
        )
    kind, body = next(iter(m.items()))
    if kind in ("ready", "exhaust"):
        status: fx.Action = fx.Give(fx.Grant.STATUS, "exhausted")
        if kind == "ready":
            status = fx.Take(fx.Grant.STATUS, "exhausted")
        return fx.Effect(status, ref(body))
    if kind == "damage":
        b = body.mapping({"target", "amount"}, required=("target", "amount"))
        return fx.Effect(fx.DealDamage(), ref(b["target"]), _const(_amount(b["amount"], 0)))
    if kind == "counter":
        b = body.mapping({"target", "name", "add"}, required=("target", "name", "add"))
        counters = fx.AddCounters(b["name"].ident())
        return fx.Effect(counters, ref(b["target"]), _const(_amount(b["add"])))
    if kind == "modify":
        b = body.mapping({"target", "stat", "op", "value"}, required=("target", "stat", "value"))
        op = b["op"].choice(sorted(NUMBER_OPS)) if "op" in b else "add"
        action = fx.ModifyStat(b["stat"].ident("a characteristic name"), fx.StatOp(op))
        return fx.Effect(action, ref(b["target"]), _const(_amount(b["value"])))
    if kind in ("gain", "lose"):
        allowed = {"target", "feature"} | ({"number"} if kind == "gain" else set())
        b = body.mapping(allowed, required=("target", "feature"))
        feature = b["feature"].ident()
        if kind == "lose":
            return fx.Effect(fx.Take(fx.Grant.FEATURE, feature), ref(b["target"]))
        number = _const(_amount(b["number"])) if "number" in b else None
        return fx.Effect(fx.Give(fx.Grant.FEATURE, feature), ref(b["target"]), number)
    if kind == "move":
        b = body.mapping({"target", "zone"}, required=("target", "zone"))
        move = fx.MoveTo(fx.ZoneMove.TO_ZONE, b["zone"].ident("a zone"))
        return fx.Effect(move, ref(b["target"]))
    m[kind].fail(
        f"unknown effect kind '{kind}'; expected one of: damage, counter, modify, gain, lose, "
        "move, ready, exhaust",
        key=True,
        got=False,
    )


def parse_cost(node: Node) -> fx.Effect:
    """``exhaust: <ref>`` or ``pay: {counter, amount, of}``: an effect paid first."""
    m = node.mapping({"exhaust", "pay"}, what="a cost: exhaust: <ref> or pay: {...}")
    if len(m) != 1:
        node.fail("exactly one of 'exhaust' and 'pay'", got=False)
    if "exhaust" in m:
        return fx.Effect(fx.Give(fx.Grant.STATUS, "exhausted"), ref(m["exhaust"]))
    b = m["pay"].mapping({"counter", "amount", "of"}, required=("counter", "amount"))
    return fx.Effect(
        fx.AddCounters(b["counter"].ident("a counter name")),
        ref(b["of"]) if "of" in b else reference("controller"),
        _const(-_amount(b["amount"], 0)),
    )


def parse_condition(node: Node) -> fx.Condition:
    """``if: {counter, of, at_least, at_most}``, ``{mighty: X}`` (Riftbound 708: Might
    5 or more) or ``{has: keyword, of: X}``: the card language's Condition."""
    if isinstance(node.value, dict) and "mighty" in node.value:
        mighty = node.mapping({"mighty"})
        return fx.Condition(
            fx.Test.STAT,
            selector=ref(mighty["mighty"]),
            stat="might",
            compare=fx.Compare.AT_LEAST,
            bound=MIGHTY_AT,
        )
    if isinstance(node.value, dict) and "has" in node.value:  # a keyword, referenced
        has = node.mapping({"has", "of"}, required=("has",))
        name = has["has"].ident("a keyword (a named feature)")
        return fx.Condition(
            fx.Test.HAS, selector=ref(has["of"]) if "of" in has else reference("self"), name=name
        )
    m = node.mapping({"counter", "of", "at_least", "at_most"}, required=("counter",))
    if "at_least" not in m and "at_most" not in m:
        node.fail("'at_least' or 'at_most'", got=False)
    of = ref(m["of"]) if "of" in m else reference("self")
    name = m["counter"].ident("a counter name")
    parts = tuple(
        fx.Condition(
            fx.Test.COUNTER, selector=of, name=name, compare=fx.Compare(k), bound=_amount(m[k])
        )
        for k in ("at_least", "at_most")
        if k in m
    )
    return parts[0] if len(parts) == 1 else fx.Condition(fx.Test.AND, parts)


def _effects(node: Node) -> tuple[fx.Effect, ...]:
    return tuple(parse_effect(n) for n in node.seq("a list of effects"))


def _ids(items: list[Node], prefix: str, obj: GameObject) -> list[str]:
    taken = {a.id for a in obj.abilities}
    out: list[str] = []
    for i, n in enumerate(items):
        m = n.mapping()
        aid = m["id"].ident("an ability id") if "id" in m else f"{prefix}{i + 1}"
        if aid in taken:
            (m.get("id") or n).fail(f"an ability id not used twice on {obj.id}", got=False)
        taken.add(aid)
        out.append(aid)
    return out


def parse_triggers(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    items = node.seq("a list of triggered abilities")
    found: list[Trigger] = []
    for aid, n in zip(_ids(items, "t", obj), items, strict=True):
        m = n.mapping(
            {"id", "when", "may", "if", "do", "text", "once_each_turn", "support"},
            required=("when", "do"),
        )
        found.append(
            Trigger(
                id=aid,
                source=obj.id,
                timestamp=obj.timestamp,
                when=parse_pattern(m["when"]),
                effects=_effects(m["do"]),
                optional=m["may"].boolean() if "may" in m else False,
                condition=parse_condition(m["if"]) if "if" in m else None,
                text=m["text"].text() if "text" in m else "",
                once_each_turn=m["once_each_turn"].boolean() if "once_each_turn" in m else False,
                support=m["support"].boolean() if "support" in m else False,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *found))


def parse_quick_actions(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    items = node.seq("a list of quick actions")
    found: list[QuickAction] = []
    for aid, n in zip(_ids(items, "q", obj), items, strict=True):
        m = n.mapping({"id", "cost", "do", "if", "text", "support"}, required=("do",))
        costs = (
            tuple(parse_cost(c) for c in m["cost"].seq("a list of costs")) if "cost" in m else ()
        )
        found.append(
            QuickAction(
                id=aid,
                source=obj.id,
                timestamp=obj.timestamp,
                costs=costs,
                effects=_effects(m["do"]),
                condition=parse_condition(m["if"]) if "if" in m else None,
                text=m["text"].text() if "text" in m else "",
                support=m["support"].boolean() if "support" in m else False,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *found))


def parse_game_counters(node: Node, ctx: ParseContext) -> dict[str, int]:
    """``counters: {life.bo: 20, mana.ana: 3}``: counters of players, set at the start."""
    out: dict[str, int] = {}
    for key, n in node.mapping().items():
        name, _, player = key.partition(".")
        if not name or player not in ctx.state.players:
            n.fail(
                "a key '<counter>.<player>' with one of the players "
                + ", ".join(ctx.state.players),
                key=True,
                got=False,
            )
        out[key] = _amount(n)
    ctx.state = replace(ctx.state, counters={**ctx.state.counters, **out})
    return out


_LIST = {"type": "array", "items": {"type": "object"}}
_COUNTERS = {"type": "object", "additionalProperties": {"type": "integer"}}
# The JSON Schema of this area's keys and step kinds (``arbiter schema``).
SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {
    "triggers": _LIST,
    "quick_actions": _LIST,
    "counters": _COUNTERS,
}
SCHEMA_STEPS: dict[str, Any] = dict(
    activate={
        "type": "object",
        "properties": {"object": {"type": "string"}, "action": {"type": "string"}},
        "required": ["object", "action"],
        "additionalProperties": False,
    },
    begin={"type": "string"},
    effect={"type": "object"},
)


def _activate(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"object", "action"}, required=("object", "action"))
    return Activate(object=ctx.object_id(m["object"]), action=m["action"].ident("an action id"))


def _begin(node: Node, ctx: ParseContext) -> Step:
    return Begin(phase=node.ident("a phase name (morning begins a new day)"))


def _effect(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(what="an effect, with an optional source")
    source = m["source"].ident("a source name") if "source" in m else "effect"
    rest = {k: n.value for k, n in m.items() if k != "source"}
    return Apply(effect=parse_effect(Node(node.doc, node.path, rest)), source=source)


# -- JSON view ---------------------------------------------------------------------------


STEPS: dict[str, StepParser] = {
    "activate": _activate,
    "begin": _begin,
    "effect": _effect,
}


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "triggers": parse_triggers,
    "quick_actions": parse_quick_actions,
}


TOP_KEY_PARSERS: dict[str, TopKeyParser] = {
    "counters": parse_game_counters,
}
