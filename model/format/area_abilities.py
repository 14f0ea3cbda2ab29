"""Format of triggered abilities, quick actions and counters (docs/format.md, "Abilities").

Object and card keys: ``triggers:``, ``quick_actions:``, ``counters:``; top-level key
``counters:`` (player counters such as ``life.bo``); step kinds ``activate``,
``begin`` and ``effect``.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.abilities import (
    EVENT_KINDS,
    Activate,
    Apply,
    Begin,
    Condition,
    Cost,
    Effect,
    Pattern,
    QuickAction,
    Trigger,
)
from arbiter.model.format.document import Node
from arbiter.model.format.scenario import (
    OBJECT_KEY_PARSERS,
    TOP_KEY_PARSERS,
    ParseContext,
    step_kind,
)
from arbiter.model.format.schema import OBJECT_PROPERTIES, STEP_SCHEMAS
from arbiter.model.state import GameObject
from arbiter.model.steps import NUMBER_OPS, Step

MAX_AMOUNT = 10**6
EVENT_EXTRAS = {
    "damaged": set(),
    "enters": {"zone"},
    "leaves": {"zone"},
    "counter": {"of", "change"},  # not "on": YAML 1.1 reads an unquoted on as true
    "modified": {"stat"},
    "phase": set(),
    "activated": {"action"},
}


def ref(node: Node) -> str:
    return node.ident("a reference: self, it, controller, opponent, a player, an object or card")


def parse_pattern(node: Node) -> Pattern:
    m = node.mapping(what="a mapping with one event kind (" + ", ".join(EVENT_KINDS) + ")")
    kinds = [k for k in m if k in EVENT_KINDS]
    if len(kinds) != 1:
        node.fail("exactly one event kind: " + ", ".join(EVENT_KINDS), got=False)
    kind = kinds[0]
    node.mapping({kind} | EVENT_EXTRAS[kind])
    head = m[kind]
    if kind == "phase":
        return Pattern("phase", name=head.ident("a phase name"))
    if kind == "counter":
        return Pattern(
            "counter",
            subject=ref(m["of"]) if "of" in m else "any",
            name=head.ident("a counter name"),
            change=m["change"].choice(["up", "down", "any"]) if "change" in m else "any",
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
    return Pattern(kind, subject=ref(head), name=name)


def _amount(node: Node, lo: int = -MAX_AMOUNT) -> int:
    return node.integer(lo, MAX_AMOUNT)


def parse_effect(node: Node) -> Effect:
    m = node.mapping(what="an effect: a mapping with one effect kind")
    if len(m) != 1:
        node.fail(
            "exactly one effect kind (damage, counter, modify, gain, lose, move, ready, exhaust)",
            got=False,
        )
    kind, body = next(iter(m.items()))
    if kind in ("ready", "exhaust"):
        return Effect(kind, ref(body))
    if kind == "damage":
        b = body.mapping({"target", "amount"}, required=("target", "amount"))
        return Effect("damage", ref(b["target"]), amount=_amount(b["amount"], 0))
    if kind == "counter":
        b = body.mapping({"target", "name", "add"}, required=("target", "name", "add"))
        return Effect("counter", ref(b["target"]), amount=_amount(b["add"]), name=b["name"].ident())
    if kind == "modify":
        b = body.mapping({"target", "stat", "op", "value"}, required=("target", "stat", "value"))
        op = b["op"].choice(sorted(NUMBER_OPS)) if "op" in b else "add"
        return Effect(
            "modify",
            ref(b["target"]),
            amount=_amount(b["value"]),
            name=b["stat"].ident("a characteristic name"),
            op=op,
        )
    if kind in ("gain", "lose"):
        allowed = {"target", "feature"} | ({"number"} if kind == "gain" else set())
        b = body.mapping(allowed, required=("target", "feature"))
        number = _amount(b["number"]) if "number" in b else None
        return Effect(kind, ref(b["target"]), name=b["feature"].ident(), number=number)
    if kind == "move":
        b = body.mapping({"target", "zone"}, required=("target", "zone"))
        return Effect("move", ref(b["target"]), name=b["zone"].ident("a zone"))
    m[kind].fail(
        f"unknown effect kind '{kind}'; expected one of: damage, counter, modify, gain, lose, "
        "move, ready, exhaust",
        key=True,
        got=False,
    )


def parse_cost(node: Node) -> Cost:
    m = node.mapping({"exhaust", "pay"}, what="a cost: exhaust: <ref> or pay: {...}")
    if len(m) != 1:
        node.fail("exactly one of 'exhaust' and 'pay'", got=False)
    if "exhaust" in m:
        return Cost("exhaust", ref(m["exhaust"]))
    b = m["pay"].mapping({"counter", "amount", "of"}, required=("counter", "amount"))
    return Cost(
        "pay",
        ref(b["of"]) if "of" in b else "controller",
        name=b["counter"].ident("a counter name"),
        amount=_amount(b["amount"], 0),
    )


def parse_condition(node: Node) -> Condition:
    m = node.mapping({"counter", "of", "at_least", "at_most"}, required=("counter",))
    if "at_least" not in m and "at_most" not in m:
        node.fail("'at_least' or 'at_most'", got=False)
    return Condition(
        ref(m["of"]) if "of" in m else "self",
        m["counter"].ident("a counter name"),
        _amount(m["at_least"]) if "at_least" in m else None,
        _amount(m["at_most"]) if "at_most" in m else None,
    )


def _effects(node: Node) -> tuple[Effect, ...]:
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
        m = n.mapping({"id", "when", "may", "if", "do", "text"}, required=("when", "do"))
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
            )
        )
    return replace(obj, abilities=(*obj.abilities, *found))


def parse_quick_actions(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    items = node.seq("a list of quick actions")
    found: list[QuickAction] = []
    for aid, n in zip(_ids(items, "q", obj), items, strict=True):
        m = n.mapping({"id", "cost", "do", "if", "text"}, required=("do",))
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
OBJECT_PROPERTIES.update(triggers=_LIST, quick_actions=_LIST, counters=_COUNTERS)
STEP_SCHEMAS.update(
    activate={
        "type": "object",
        "properties": {"object": {"type": "string"}, "action": {"type": "string"}},
        "required": ["object", "action"],
        "additionalProperties": False,
    },
    begin={"type": "string"},
    effect={"type": "object"},
)

OBJECT_KEY_PARSERS["triggers"] = parse_triggers
OBJECT_KEY_PARSERS["quick_actions"] = parse_quick_actions
TOP_KEY_PARSERS["counters"] = parse_game_counters


@step_kind("activate")
def _activate(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"object", "action"}, required=("object", "action"))
    return Activate(object=ctx.object_id(m["object"]), action=m["action"].ident("an action id"))


@step_kind("begin")
def _begin(node: Node, ctx: ParseContext) -> Step:
    return Begin(phase=node.ident("a phase name (morning begins a new day)"))


@step_kind("effect")
def _effect(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(what="an effect, with an optional source")
    source = m["source"].ident("a source name") if "source" in m else "effect"
    rest = {k: n.value for k, n in m.items() if k != "source"}
    return Apply(effect=parse_effect(Node(node.doc, node.path, rest)), source=source)


# -- JSON view ---------------------------------------------------------------------------
