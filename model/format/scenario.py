"""Scenario files (format v1, docs/format.md) validated into a ``Scenario``.

Each top-level section and each step kind has one parser; the parsers of the areas
are listed in ``model/format/areas.py`` (literal tables, nothing registers on import).
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from arbiter.model.errors import InputError
from arbiter.model.format.areas import OBJECT_KEY_PARSERS, STEP_PARSERS, TOP_KEY_PARSERS
from arbiter.model.format.context import (
    CARD_KEYS,
    MAX_OBJECTS,
    MAX_STEPS,
    OBJECT_KEYS,
    STEP_COMMON,
    TOP_KEYS,
    ParseContext,
    _base,
    _counters,
    _features,
    parse_expectations,
    parse_protection,
)
from arbiter.model.format.document import Document, Node, load
from arbiter.model.format.policy_layers import layered
from arbiter.model.ruleset import POLICY_ENUMS, POLICY_INTS, RULESETS, Ruleset
from arbiter.model.scenario import Scenario
from arbiter.model.state import GameObject, GameState
from arbiter.model.steps import (
    Step,
)
from arbiter.model.wording import did_you_mean


def parse_file(filename: str) -> Scenario:
    return parse_document(load(filename))


def parse_document(doc: Document) -> Scenario:
    root = doc.node()
    top = root.mapping(
        TOP_KEYS | set(TOP_KEY_PARSERS),
        required=("ruleset", "players", "objects"),
        what="a mapping with ruleset, players, objects",
    )
    ruleset = _ruleset(top["ruleset"], top.get("policies"))
    players = tuple(n.ident("a player name") for n in top["players"].seq("a list of player names"))
    if not players:
        top["players"].fail("at least one player")
    if len(set(players)) != len(players):
        top["players"].fail("distinct player names")
    cards = _cards(top["cards"]) if "cards" in top else {}
    state = GameState(ruleset, players, {})
    ctx = ParseContext(doc, state)
    ctx.sub_step = lambda n: parse_step(n, ctx)
    if len(top["objects"].mapping(what="a mapping of object ids to objects")) > MAX_OBJECTS:
        top["objects"].fail(f"at most {MAX_OBJECTS} objects", got=False)
    for oid, onode in top["objects"].entries():
        obj = _object(onode, oid, ctx, cards, len(ctx.state.objects) + 1)
        ctx.state = ctx.state.with_object(obj)
    ctx.state = replace(
        ctx.state, clock=max([o.timestamp for o in ctx.state.objects.values()] + [0])
    )
    step_nodes = top["steps"].seq() if "steps" in top else []
    if len(step_nodes) > MAX_STEPS:
        top["steps"].fail(f"at most {MAX_STEPS} steps", got=False)
    steps = tuple(parse_step(n, ctx) for n in step_nodes)
    expect = parse_expectations(top["expect"]) if "expect" in top else ()
    extras: dict[str, object] = {k: n for k, n in top.items() if k == "choices"}
    for key in TOP_KEY_PARSERS:
        if key in top:
            extras[key] = TOP_KEY_PARSERS[key](top[key], ctx)
    return Scenario(doc.name, ctx.state, steps, expect, {k: {} for k in cards}, extras)


def _ruleset(node: Node, policies: Node | None) -> Ruleset:
    name = node.choice(sorted(RULESETS))
    changes: dict[str, object] = {}
    entries = policies.mapping(sorted(POLICY_ENUMS) + sorted(POLICY_INTS)) if policies else {}
    for key, value in entries.items():
        if key in POLICY_INTS:
            changes[key] = value.integer(0, 10**6)
        else:
            enum: type[Enum] = POLICY_ENUMS[key]
            changes[key] = enum(value.choice([m.value for m in enum]))
    return layered(name, RULESETS[name], changes)  # configuration < file < command line


def _cards(node: Node) -> dict[str, dict[str, Node]]:
    keys = CARD_KEYS | set(OBJECT_KEY_PARSERS)
    return {cid: cnode.mapping(keys) for cid, cnode in node.mapping().items()}


def _object(
    node: Node, oid: str, ctx: ParseContext, cards: dict[str, dict[str, Node]], order: int
) -> GameObject:
    Node(node.doc, node.path, oid).ident("an object id")
    m = node.mapping(OBJECT_KEYS | set(OBJECT_KEY_PARSERS), required=("owner",))
    card: dict[str, Node] = {}
    if "card" in m:
        cid = m["card"].ident("a card id")
        if cid not in cards:
            m["card"].fail("a card declared under 'cards'", hint=did_you_mean(cid, cards))
        card = cards[cid]

    def pick(key: str) -> Node | None:
        return m.get(key) or card.get(key)

    kind_node = pick("kind")
    if kind_node is None:
        if "card" in m:  # the object is the card's: say so where the card is written
            Node(node.doc, ("cards", m["card"].ident()), None)._missing("kind")
        node._missing("kind")
    if "zone" not in m and ctx.state.ruleset.objects_need_zone:
        expected, hint = _zone_needed(ctx.state.ruleset)
        node.fail(expected, got=False, hint=hint)
    base_node = pick("base")
    feat_node = pick("features")
    prot_node = pick("protections")
    counters_node = pick("counters")
    obj = GameObject(
        id=oid,
        owner=ctx.player(m["owner"]),
        controller=ctx.player(m["controller"]) if "controller" in m else "",
        kind=kind_node.ident("an object kind"),
        zone=m["zone"].ident("a zone") if "zone" in m else "play",
        card=m["card"].ident() if "card" in m else None,
        base=_base(base_node) if base_node is not None else {},
        features=_features(feat_node) if feat_node is not None else {},
        protections=tuple(parse_protection(p, oid) for p in prot_node.seq()) if prot_node else (),
        timestamp=m["timestamp"].integer(0, 10**6) if "timestamp" in m else order,
        counters=_counters(counters_node) if counters_node is not None else {},
    )
    for key in OBJECT_KEY_PARSERS:
        key_node = pick(key)
        if key_node is not None:
            obj = OBJECT_KEY_PARSERS[key](key_node, ctx, obj)
    return obj


def _zone_needed(ruleset: Ruleset) -> tuple[str, str]:
    """``fail``'s arguments when an object has no ``zone:`` under a ruleset whose objects
    need one (``Ruleset.objects_need_zone``): no default, so the zones it knows."""
    game = ruleset.name.capitalize()
    zones = ", ".join(sorted(ruleset.zones - {"play"}))
    written = " (an expedition: expedition:hero or expedition:companion)" * (
        "expedition" in ruleset.zones
    )
    expected = f"expected a zone ({game} objects have no default zone 'play')"
    return expected, f"; give one of: {zones}{written}"


def parse_step(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(what="a step: a mapping with one step kind")
    kinds = [k for k in m if k not in STEP_COMMON]
    if len(kinds) != 1 or kinds[0] not in STEP_PARSERS:
        options = ", ".join(sorted(STEP_PARSERS))
        bad = next((m[k] for k in kinds if k not in STEP_PARSERS), node)
        hint = did_you_mean(bad.path[-1], STEP_PARSERS) if bad is not node else ""
        bad.fail(
            f"exactly one step kind ({options})", key=bad is not node, got=bad is node, hint=hint
        )
    step = STEP_PARSERS[kinds[0]](m[kinds[0]], ctx)
    illegal = m["illegal"].text("a rule id") if "illegal" in m else None
    return replace(step, where=node.where, illegal=illegal)


def load_scenario(filename: str) -> Scenario:
    """Parse a scenario file; every problem is an InputError with file:line:col and path."""
    try:
        return parse_file(filename)
    except InputError:
        raise
