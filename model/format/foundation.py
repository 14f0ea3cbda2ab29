"""The step kinds of the foundation: expect, modify, gain, boost, lose, protect, end, move."""

from __future__ import annotations

from arbiter.model.format.context import (
    ParseContext,
    StepParser,
    parse_expectations,
    parse_protection,
)
from arbiter.model.format.document import Node
from arbiter.model.scenario import Expect
from arbiter.model.state import BaseValue
from arbiter.model.steps import (
    MODIFY_OPS,
    NUMBER_OPS,
    READING_OPS,
    BoostFeature,
    End,
    GainFeature,
    GainStat,
    LoseFeature,
    Modify,
    Move,
    Protect,
    Step,
)


def _expect_step(node: Node, ctx: ParseContext) -> Step:
    return Expect(expectations=parse_expectations(node))


def _modify(node: Node, ctx: ParseContext) -> Step:
    ops = sorted(NUMBER_OPS) + list(READING_OPS) + ["remove"]
    m = node.mapping(
        {"target", "stat", "op", "value", "component", "with", "from", "source", "rounding"},
        required=("target", "stat", "op"),
    )
    target = ctx.object_id(m["target"])
    stat = ctx.stat_of(m["stat"], target)
    word = m["op"].choice(ops)
    op = MODIFY_OPS[word]
    other = None
    value: int | tuple[int | None, ...] | frozenset[str] | None = None
    if word in READING_OPS:
        key = "from" if word == "copy" else "with"
        if key not in m:
            node.fail(f"'{key}: <object id>' for {word}", got=False)
        other = ctx.object_id(m[key])
        for bad in ("value", "component", "from" if key == "with" else "with"):
            if bad in m:
                m[bad].fail(f"no '{bad}' with op {word}", key=True, got=False)
    else:
        if "value" not in m:
            node._missing("value")
        v = m["value"]
        base = ctx.state.obj(target).base.get(stat)
        if isinstance(base, frozenset):
            if word not in ("add", "set", "remove"):
                m["op"].fail("add, remove or set for a set characteristic")
            value = v.string_set()
        elif word == "remove":
            m["op"].fail("add, set, multiply or divide for a numeric characteristic")
        elif isinstance(v.value, list):
            value = tuple(None if x.value is None else x.integer() for x in v.seq())
        else:
            value = v.integer()
    component = m["component"].integer(1, 16) if "component" in m else None
    rounding = m["rounding"].choice(["down", "up", "nearest"]) if "rounding" in m else None
    source = m["source"].text("a source name") if "source" in m else ""
    return Modify(
        target=target,
        stat=stat,
        op=op,
        value=value,
        component=component,
        other=other,
        source=source,
        rounding=rounding,
    )


def _gain(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "feature", "number", "stat", "value", "source"}, required=("target",)
    )
    target = ctx.object_id(m["target"])
    if "stat" in m:
        if "value" not in m:
            node._missing("value")
        v = m["value"]
        value: BaseValue = (
            v.string_set()
            if isinstance(v.value, list) and v.value and isinstance(v.value[0], str)
            else v.number_or_vector()
        )
        stat = m["stat"].ident("a characteristic name")
        ctx.gained_stats.add(stat)
        return GainStat(target=target, stat=stat, value=value)
    if "feature" not in m:
        node.fail("'feature: <name>' (or 'stat:' and 'value:')", got=False)
    number = m["number"].integer() if "number" in m else None
    return GainFeature(
        target=target,
        feature=m["feature"].ident("a feature name"),
        number=number,
        source=m["source"].text() if "source" in m else "",
    )


def _boost(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "feature", "amount", "source", "constant"},
        required=("target", "feature", "amount"),
    )
    return BoostFeature(
        target=ctx.object_id(m["target"]),
        feature=m["feature"].ident("a feature name"),
        amount=m["amount"].integer(),
        source=m["source"].ident("a source name") if "source" in m else "",
        constant=m["constant"].boolean() if "constant" in m else False,
    )


def _lose(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "feature"}, required=("target", "feature"))
    return LoseFeature(
        target=ctx.object_id(m["target"]), feature=m["feature"].ident("a feature name")
    )


def _protect(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "stat", "stats", "cannot", "limit", "source", "scope"}, required=("target",)
    )
    target = ctx.object_id(m["target"])
    rest = {k: n.value for k, n in m.items() if k != "target"}
    return Protect(
        target=target, protection=parse_protection(Node(node.doc, node.path, rest), "effect")
    )


def _end(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"source"}, required=("source",))
    return End(source=m["source"].ident("a source name"))


def _move(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "zone"}, required=("target", "zone"))
    return Move(target=ctx.object_id(m["target"]), zone=m["zone"].ident("a zone"))


STEPS: dict[str, StepParser] = {
    "expect": _expect_step,
    "modify": _modify,
    "gain": _gain,
    "boost": _boost,
    "lose": _lose,
    "protect": _protect,
    "end": _end,
    "move": _move,
}
