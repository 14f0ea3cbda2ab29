"""File format of the replacement area: ``replacements:`` and ``counters:`` on objects,
the ``game-action`` step, the top-level ``choices:`` (docs/format.md, "Replacement")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.choicepoints import FixedChoice
from arbiter.model.damage.action_step import GameActionStep
from arbiter.model.damage.actions import EVENT_KINDS, GameAction, ProposedEvent
from arbiter.model.damage.prevention import Shield
from arbiter.model.damage.replacement import (
    ANY_OBJECT,
    SIDES,
    Among,
    Pattern,
    Replacement,
    Template,
    among,
    selects,
)
from arbiter.model.effects.algebra import Side
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser, TopKeyParser
from arbiter.model.format.document import Node
from arbiter.model.ruleset import PreventionReading
from arbiter.model.state import JSON, GameObject, GameState
from arbiter.model.steps import Step
from arbiter.model.wording import did_you_mean

COUNTERS = ("damage", "lives")


def _names(node: Node, what: str) -> frozenset[str]:
    if isinstance(node.value, str | int) and not isinstance(node.value, bool):
        return frozenset({node.ident(what)})
    return frozenset(n.ident(what) for n in node.seq(f"{what} or a list of them"))


def parse_selector(node: Node, ctx: ParseContext, *, objects_only: bool = True) -> Among:
    """``self``, an object id, a list of ids, or ``{ids, side, kind, has}``: selectors of
    the card language (``model.damage.replacement.among``)."""
    if not isinstance(node.value, dict):
        named = _ids(node, ctx, objects_only)
        return ANY_OBJECT if named == {"any"} else among(named)
    m = node.mapping({"ids", "id", "side", "kind", "has"})
    ids: frozenset[str] = frozenset()
    for key in ("ids", "id"):
        if key in m:
            ids |= _ids(m[key], ctx, objects_only)
    return among(
        ids,
        side=Side(m["side"].choice(SIDES)) if "side" in m else Side.ANY,
        kinds=_names(m["kind"], "an object kind") if "kind" in m else frozenset(),
        has=_names(m["has"], "a name (subtype, class, feature)") if "has" in m else frozenset(),
    )


def _ids(node: Node, ctx: ParseContext, objects_only: bool) -> frozenset[str]:
    """``self``, ``any``, or ids of objects declared under ``objects``; a source may also
    be a name that is no object (``effect``, ``poison``), matched by name."""
    parts = node.seq() if isinstance(node.value, list) else [node]
    out = set()
    for n in parts:
        name = n.ident("an object id or 'self'")
        if objects_only and name not in ("self", "any") and name not in _object_ids(ctx):
            _declared(n, ctx)
        out.add(name)
    return frozenset(out)


def _object_ids(ctx: ParseContext) -> list[str]:
    """The ids declared anywhere under ``objects`` (objects may name later ones); in a card
    set (no ``objects``) the card ids, which are the objects' ids in its games (LOOP-4)."""
    root = ctx.doc.root
    if not isinstance(root, dict):
        return []
    objects = root.get("objects", root.get("cards"))
    return [str(k) for k in objects] if isinstance(objects, dict) else []


def _declared(node: Node, ctx: ParseContext) -> str:
    """An object id declared anywhere under ``objects`` (or a card id of a card set)."""
    oid = node.ident("an object id")
    known = _object_ids(ctx)
    if oid not in known:
        node.fail(
            f"an object declared under 'objects' ({', '.join(sorted(known)) or 'none'})",
            hint=did_you_mean(oid, known),
        )
    return oid


def _kinds(node: Node) -> frozenset[str]:
    if isinstance(node.value, list):
        return frozenset(n.choice(EVENT_KINDS) for n in node.seq())
    return frozenset({node.choice(EVENT_KINDS)})


def _pattern(node: Node, ctx: ParseContext) -> Pattern:
    m = node.mapping({"event", "object", "source", "source_not", "amount"}, required=("event",))
    lo, hi = 1, None
    if "amount" in m:
        a = m["amount"]
        if isinstance(a.value, dict):
            am = a.mapping({"min", "max"})
            lo = am["min"].integer(1) if "min" in am else 1
            hi = am["max"].integer(lo) if "max" in am else None
        else:
            lo = hi = a.integer(1)
    return Pattern(
        kinds=_kinds(m["event"]),
        affected=parse_selector(m["object"], ctx) if "object" in m else ANY_OBJECT,
        source=parse_selector(m["source"], ctx, objects_only=False) if "source" in m else None,
        source_except=(
            parse_selector(m["source_not"], ctx, objects_only=False) if "source_not" in m else None
        ),
        amount_min=lo,
        amount_max=hi,
    )


def _template(node: Node, ctx: ParseContext) -> Template:
    m = node.mapping({"event", "object", "amount", "add", "source"})
    kind = m["event"].choice(EVENT_KINDS) if "event" in m else None
    target, choose = "same", None
    if "object" in m:
        o = m["object"]
        if isinstance(o.value, dict):
            target, choose = "choose", parse_selector(o, ctx)
        else:
            target = o.ident("same, self, an object id, or a selector mapping")
            if target not in ("same", "self"):
                _declared(o, ctx)
    amount = None
    if "amount" in m and m["amount"].value != "same":
        amount = m["amount"].integer(0)
    source = m["source"].ident("same, self or an object id") if "source" in m else ""
    if not source:  # the same source for the same kind of event, else the card itself
        source = "same" if kind is None else "self"
    return Template(kind, target, choose, amount, m["add"].integer() if "add" in m else 0, source)


def parse_replacement(node: Node, ctx: ParseContext, obj: GameObject, index: int) -> Replacement:
    keys = {"id", "when", "instead", "may", "controller", "text"}
    m = node.mapping(keys | {"no_wounds_from", "wounds_only_from"})
    rid = m["id"].ident("a replacement id") if "id" in m else f"{obj.id}_{index + 1}"
    if "id" in m and node.path[:1] == ("cards",):  # one per object made from the card
        rid = f"{obj.id}_{rid}"
    shorthand = [k for k in ("no_wounds_from", "wounds_only_from") if k in m]
    if shorthand:
        if "when" in m or "instead" in m or len(shorthand) > 1:
            m[shorthand[0]].fail(
                "either no_wounds_from, wounds_only_from, or when/instead", got=False
            )
        sel = parse_selector(m[shorthand[0]], ctx, objects_only=False)
        wounds = frozenset({"wounded", "dealt-damage"})
        me = among(frozenset({"self"}))
        if shorthand[0] == "no_wounds_from":
            pattern = Pattern(wounds, me, source=sel)
        else:
            pattern = Pattern(wounds, me, source_except=sel)
        instead: tuple[Template, ...] = ()
    else:
        if "when" not in m or "instead" not in m:
            node.fail(
                "a replacement with 'when' and 'instead' (or no_wounds_from / wounds_only_from)",
                got=False,
            )
        pattern = _pattern(m["when"], ctx)
        i = m["instead"]
        if i.value == "nothing":
            instead = ()
        elif isinstance(i.value, list):
            instead = tuple(_template(n, ctx) for n in i.seq())
        else:
            instead = (_template(i, ctx),)
    return Replacement(
        rid,
        obj.id,
        obj.timestamp,
        pattern=pattern,
        instead=instead,
        optional=m["may"].boolean() if "may" in m else False,
        controller=ctx.player(m["controller"]) if "controller" in m else "",
        text=m["text"].text() if "text" in m else "",
    )


def _replacements(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    items = node.seq("a list of replacement effects")
    made = tuple(parse_replacement(n, ctx, obj, i) for i, n in enumerate(items))
    seen = {a.id for o in ctx.state.objects.values() for a in o.abilities}
    for n, r in zip(items, made, strict=True):
        if r.id in seen:
            n.fail(f"a replacement id not used before ('{r.id}' is)", got=False)
        seen.add(r.id)
    return replace(obj, abilities=(*obj.abilities, *made))


# -- game actions and fixed choices ----------------------------------------------------------


def _replacement_ids(state: GameState) -> set[str]:
    """Replacements on objects; under ``prevention_as_replacement: replacement`` the
    prevention shields too (Decision D-PREV-REPL, Riftbound 437.7)."""
    kinds: tuple[type, ...] = (Replacement,)
    if state.ruleset.prevention_as_replacement is PreventionReading.REPLACEMENT:
        kinds = (Replacement, Shield)
    return {a.id for o in state.objects.values() for a in o.abilities if isinstance(a, kinds)}


def parse_choice(node: Node, ctx: ParseContext) -> FixedChoice:
    # "step" and "rule" are accepted so that a witness of --outcomes --json can be pasted
    m = node.mapping({"apply", "decline", "event", "target", "by", "step", "rule"})
    if "step" in m:
        m["step"].integer(0)
    if "rule" in m:
        m["rule"].text("a rule id")
    if ("apply" in m) == ("decline" in m):
        node.fail(
            "a choice with exactly one of 'apply: <replacement>' and 'decline: <replacement>'",
            got=False,
        )
    key = "apply" if "apply" in m else "decline"
    known = _replacement_ids(ctx.state)
    rid = m[key].ident("a replacement id")
    if rid not in known:
        m[key].fail("a replacement id declared on an object (" + ", ".join(sorted(known)) + ")")
    data: dict[str, JSON] = {key: rid}
    if "event" in m:
        data["event"] = m["event"].text("an event label (combat.0) or an object id")
    if "target" in m:
        if isinstance(m["target"].value, list):
            data["target"] = [ctx.object_id(n) for n in m["target"].seq()]
        else:
            data["target"] = ctx.object_id(m["target"])
    if "by" in m:
        data["by"] = ctx.player(m["by"])
    if key == "decline" and ("event" in m or "target" in m):
        node.fail("a decline names only the replacement (and 'by')", got=False)
    return FixedChoice(data, node.where)


def _action_id(node: Node) -> str:
    if isinstance(node.value, dict) and "id" in node.value:
        return node.child("id", node.value["id"]).ident("an action id")
    index = node.path[1] if len(node.path) > 1 else 0
    return f"action{index}"


def _fixed_for(ctx: ParseContext, aid: str) -> tuple[FixedChoice, ...]:
    root = ctx.doc.root
    if not isinstance(root, dict) or not isinstance(root.get("choices"), dict):
        return ()
    entries = root["choices"].get(aid)
    if entries is None:
        return ()
    node = Node(ctx.doc, ("choices", aid), entries)
    return tuple(parse_choice(n, ctx) for n in node.seq("a list of choices"))


def _event_targets(node: Node, ctx: ParseContext, source: str) -> list[str]:
    """An object id, a list of ids, or a selector (``side`` relative to the action's source:
    "each of your creatures with Regeneration" is ``{side: yours, kind: creature, has:
    [Regeneration]}``), expanded to the objects in play in declaration order."""
    if isinstance(node.value, list):
        return [ctx.object_id(n) for n in node.seq()]
    if not isinstance(node.value, dict):
        return [ctx.object_id(node)]
    sel = parse_selector(node, ctx)
    src = ctx.state.objects.get(source)
    who = src.controlled_by if src is not None else ctx.state.active_player
    # canonical order (timestamp, then id): the order objects are written in never matters
    found = [
        oid
        for oid, o in sorted(ctx.state.objects.items(), key=lambda kv: (kv[1].timestamp, kv[0]))
        if o.zone == "play" and selects(sel, o, oid, source, who)
    ]
    if not found:
        node.fail("a selector that matches at least one object in play", got=False)
    return found


def _game_action(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"id", "source", "events"}, required=("events",))
    aid = _action_id(node)
    source = m["source"].ident("a source name") if "source" in m else "effect"
    events: list[ProposedEvent] = []
    for n in m["events"].seq("a list of events"):
        em = n.mapping({"event", "object", "amount", "source"}, required=("event", "object"))
        kind = em["event"].choice(EVENT_KINDS)
        amount = em["amount"].integer(0) if "amount" in em else 1
        src = em["source"].ident("a source name") if "source" in em else source
        for target in _event_targets(em["object"], ctx, source):
            events.append(ProposedEvent(kind, target, amount, src, len(events)))
    if not events:
        m["events"].fail("at least one event")
    action = GameAction(aid, source, tuple(events))
    return GameActionStep(action=action, fixed=_fixed_for(ctx, aid))


def _choices(node: Node, ctx: ParseContext) -> dict[str, tuple[FixedChoice, ...]]:
    """``choices: {action id: [choice, ...]}``: validated here, used by each action."""
    root = ctx.doc.root
    steps = root.get("steps") if isinstance(root, dict) else None
    declared = set()
    for i, s in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(s, dict) and "game-action" in s:
            declared.add(_action_id(Node(ctx.doc, ("steps", i, "game-action"), s["game-action"])))
        damage = s.get("damage") if isinstance(s, dict) else None
        if isinstance(damage, dict) and isinstance(damage.get("id"), str):
            declared.add(damage["id"])  # a damage instruction is one game action too
    out = {}
    for aid, entries in node.mapping(
        what="a mapping of game-action ids to lists of choices"
    ).items():
        if aid not in declared:
            entries.fail(
                "a game-action id of a step (" + ", ".join(sorted(declared)) + ")",
                key=True,
                got=False,
            )
        out[aid] = tuple(parse_choice(n, ctx) for n in entries.seq("a list of choices"))
    return out


# -- JSON Schema (for editors) --------------------------------------------------------------

_SELECTOR: dict[str, object] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "string"}},
        {"type": "object"},
    ]
}
_GAME_ACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["events"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string"},
        "source": {"type": "string"},
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["event", "object"],
                "properties": {
                    "event": {"enum": list(EVENT_KINDS)},
                    "object": _SELECTOR,
                    "amount": {"type": "integer", "minimum": 0},
                    "source": {"type": "string"},
                },
            },
        },
    },
}
_COUNTERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {"type": "integer", "minimum": 0},
}


STEPS: dict[str, StepParser] = {
    "game-action": _game_action,
}


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "replacements": _replacements,
}


TOP_KEY_PARSERS: dict[str, TopKeyParser] = {
    "choices": _choices,
}


# The JSON Schema of this area's keys and step kinds (``arbiter schema``).
SCHEMA_STEPS: dict[str, Any] = {"game-action": _GAME_ACTION_SCHEMA}
SCHEMA_OBJECT_PROPERTIES: dict[str, Any] = {
    "replacements": {"type": "array", "items": {"type": "object"}},
    "counters": _COUNTERS_SCHEMA,
}
