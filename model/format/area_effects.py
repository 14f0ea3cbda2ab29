"""Steps of the card language (docs/format.md, "The card language"): ``perform`` plays
effects written in the card language for an object, ``end_of`` ends the effects that
last until the end of the turn, day or combat."""

from __future__ import annotations

from typing import Any

from arbiter.model.effects import algebra as a
from arbiter.model.effects import syntax
from arbiter.model.effects.perform import EndOf, Perform
from arbiter.model.format.context import ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.steps import Step

PERFORM_KEYS = {"by", "do", "choose", "x", "split", "may", "trigger", "event"}


def _chosen(
    node: Node, ctx: ParseContext, effects: tuple[a.Effect, ...]
) -> dict[str, tuple[str, ...]]:
    """``choose: [ids]`` (every chosen target of the effects) or ``{name|index: [ids]}``."""

    def ids(n: Node) -> tuple[str, ...]:
        items = n.seq("a list of object ids") if isinstance(n.value, list) else [n]
        return tuple(ctx.object_id(i) for i in items)

    if isinstance(node.value, dict):
        return {str(k): ids(n) for k, n in node.mapping().items()}
    picked = ids(node)
    out = {str(i): picked for i, e in enumerate(effects) if e.selector.chosen}
    for i, e in enumerate(effects):  # "becomes a copy of a chosen unit" (Riftbound 472.1.b)
        if isinstance(e.action, a.BecomeCopy) and e.action.of.chosen:
            out[f"{i}.of"] = picked
    return out


def _perform(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(PERFORM_KEYS, required=("by",))
    if ("do" in m) == ("trigger" in m):
        node.fail("either 'do: effects' or 'trigger: {when, do}' with 'event'", got=False)
    when, event = None, None
    if "trigger" in m:
        ab = syntax.ability(m["trigger"], a.Kind.TRIGGER, 0)
        effects, when = ab.effects, ab.when
        if "event" not in m:
            node._missing("event")
        em = m["event"].mapping({e.value for e in a.EventKind} | {"zone", "from"})
        kinds = [k for k in em if k not in ("zone", "from")]
        if len(kinds) != 1:
            m["event"].fail("one event: {attacks: <object id>} …", got=False)
        about_node = em[kinds[0]]
        about = about_node.ident("an object id or a player")
        if about in ctx.state.players:
            about = "player:" + about
        elif about_node.value != "any":
            about = ctx.object_id(about_node)
        zone = ""
        for key in ("zone", "from"):
            if key in em:
                zone = em[key].ident("a zone")
        event = (a.EventKind(kinds[0]), about, zone)
    else:
        effects = syntax.effects(m["do"])
    x: dict[str, int] = {}
    if "x" in m:
        if isinstance(m["x"].value, dict):
            x = {k: n.integer() for k, n in m["x"].mapping().items()}
        else:
            x = {"X": m["x"].integer()}
    split = {}
    if "split" in m:
        split = {
            ctx.object_id(Node(node.doc, n.path, k)): n.integer(1)
            for k, n in m["split"].mapping().items()
        }
    return Perform(
        by=ctx.object_id(m["by"]),
        effects=effects,
        chosen=_chosen(m["choose"], ctx, effects) if "choose" in m else {},
        x=x,
        split=split,
        accept=m["may"].boolean() if "may" in m else True,
        when=when,
        event=event,
    )


def _end_of(node: Node, ctx: ParseContext) -> Step:
    return EndOf(until=node.choice(("turn", "day", "combat", "afternoon")))


SCHEMA_STEPS: dict[str, Any] = {}
SCHEMA_STEPS["perform"] = {
    "type": "object",
    "description": "effects of the card language played by an object",
    "properties": {
        "by": {"description": "the object whose ability it is (self)"},
        "do": {"description": "one effect or a list (the card language)"},
        "choose": {"description": "the chosen targets: a list, or {as-name | index: [ids]}"},
        "x": {"description": "the value of X (or {name: value})"},
        "split": {"description": "a split's allocation: {object: amount}"},
        "may": {"description": "false: the optional effects are declined"},
        "trigger": {"description": "a trigger {when, do} instead of do"},
        "event": {"description": "the event that happened: {attacks: <object id>, zone}"},
    },
}
SCHEMA_STEPS["end_of"] = {
    "enum": ["turn", "day", "combat", "afternoon"],
    "description": "effects lasting until then end",
}

STEPS: dict[str, StepParser] = {"perform": _perform, "end_of": _end_of}
