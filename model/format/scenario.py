"""Scenario files (format v1, docs/format.md) validated into a ``Scenario``.

Each top-level section and each step kind has one parser; later areas add
step kinds to ``STEP_PARSERS`` and object keys to ``OBJECT_KEY_PARSERS`` rather than
changing this function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import Enum

from arbiter.model.errors import InputError
from arbiter.model.format.document import Document, Node, load
from arbiter.model.ruleset import POLICY_ENUMS, POLICY_INTS, RULESETS, Ruleset
from arbiter.model.scenario import Expect, Expectation, Scenario
from arbiter.model.state import BaseValue, GameObject, GameState, Guard, Protection
from arbiter.model.steps import (
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
from arbiter.model.values.features import Feature
from arbiter.model.wording import did_you_mean

TOP_KEYS = {
    "ruleset",
    "players",
    "policies",
    "cards",
    "objects",
    "steps",
    "expect",
    "description",
    "title",
    "choices",
}
OBJECT_KEYS = {
    "owner",
    "controller",
    "kind",
    "zone",
    "card",
    "base",
    "features",
    "protections",
    "name",
    "timestamp",
    "counters",
}
CARD_KEYS = {"kind", "base", "features", "protections", "name", "text", "counters"}
STEP_COMMON = {"illegal", "note"}
# Bounds that keep every run short (docs/guarantees.md): a scenario is written by hand,
# and each expect step reads the whole state, so steps x objects is the work of a run.
MAX_OBJECTS = 256
MAX_STEPS = 1000


class ParseContext:
    """What step parsers may look at: the objects and players declared so far."""

    def __init__(self, doc: Document, state: GameState) -> None:
        self.doc = doc
        self.state = state
        self.gained_stats: set[str] = set()  # characteristics gained by earlier steps
        # In a scenario a characteristic no object has is a typo (bad input); in a card
        # set it is a diagnostic of ``arbiter check`` (A-CHAR-2), so card sets turn this off.
        self.strict_stats = True

    def known_stats(self) -> set[str]:
        known = set(self.gained_stats)
        for obj in self.state.objects.values():
            known.update(obj.base)
        return known

    def object_id(self, node: Node) -> str:
        oid = node.ident("an object id")
        if oid not in self.state.objects:
            known = ", ".join(sorted(self.state.objects)) or "none"
            hint = did_you_mean(oid, self.state.objects)
            node.fail(f"an object declared under 'objects' ({known})", hint=hint)
        return oid

    def player(self, node: Node) -> str:
        name = node.ident("a player")
        if name not in self.state.players:
            hint = did_you_mean(name, self.state.players)
            node.fail("one of the players " + ", ".join(self.state.players), hint=hint)
        return name

    def stat_of(self, node: Node, target: str) -> str:
        """A characteristic some object has (or gains earlier): a typo is bad input.

        One that this target lacks is not an error: modifying it does nothing (A-CHAR-2).
        """
        stat = node.ident("a characteristic name")
        known = self.known_stats()
        if self.strict_stats and stat not in known:
            node.fail(
                "a characteristic that some object has (" + ", ".join(sorted(known)) + ")",
                hint=did_you_mean(stat, known),
            )
        return stat


StepParser = Callable[[Node, ParseContext], Step]
STEP_PARSERS: dict[str, StepParser] = {}

# Extension points for later areas (each lives in ``model/format/area_*.py``):
# an object/card key parser returns the object with that key applied;
# a top-level key parser stores its result in ``Scenario.extras``.
ObjectKeyParser = Callable[[Node, ParseContext, GameObject], GameObject]
OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {}
TopKeyParser = Callable[[Node, ParseContext], object]
TOP_KEY_PARSERS: dict[str, TopKeyParser] = {}


def step_kind(name: str) -> Callable[[StepParser], StepParser]:
    def register(fn: StepParser) -> StepParser:
        STEP_PARSERS[name] = fn
        return fn

    return register


def parse_file(filename: str) -> Scenario:
    return parse_document(load(filename))


def parse_document(doc: Document) -> Scenario:
    root = doc.node()
    load_areas()
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
    for key, parser in TOP_KEY_PARSERS.items():
        if key in top:
            extras[key] = parser(top[key], ctx)
    return Scenario(doc.name, ctx.state, steps, expect, {k: {} for k in cards}, extras)


def _ruleset(node: Node, policies: Node | None) -> Ruleset:
    name = node.choice(sorted(RULESETS))
    rs = RULESETS[name]
    if policies is None:
        return rs
    changes: dict[str, object] = {}
    for key, value in policies.mapping(sorted(POLICY_ENUMS) + sorted(POLICY_INTS)).items():
        if key in POLICY_INTS:
            changes[key] = value.integer(0, 10**6)
        else:
            enum: type[Enum] = POLICY_ENUMS[key]
            changes[key] = enum(value.choice([m.value for m in enum]))
    return rs.with_policies(**changes)


def _base(node: Node) -> dict[str, BaseValue]:
    out: dict[str, BaseValue] = {}
    for stat, v in node.mapping().items():
        if isinstance(v.value, list) and v.value and all(isinstance(x, str) for x in v.value):
            out[stat] = v.string_set()
        elif isinstance(v.value, list) and not v.value:
            out[stat] = frozenset()
        else:
            out[stat] = v.number_or_vector()
    return out


def _features(node: Node) -> dict[str, Feature]:
    """A mapping ``{Armor: 1, Steadfast: true}``, or a list of flag names and one-entry
    mappings ``[Gigantic, {Tough: 1}]`` (docs/format.md shows both)."""
    out: dict[str, Feature] = {}
    if isinstance(node.value, list):
        for n in node.seq():
            if isinstance(n.value, dict):
                entries = n.mapping(what="a feature name or {Name: number}")
                if len(entries) != 1:
                    n.fail("a feature name or a mapping of one feature {Name: number}")
                ((name, v),) = entries.items()
            else:
                name, v = n.ident("a feature name or {Name: number}"), n.child(0, True)
            _feature_into(out, name, v, n)
        return out
    for name, v in node.mapping().items():
        _feature_into(out, name, v, v)
    return out


def _feature_into(out: dict[str, Feature], name: str, v: Node, where: Node) -> None:
    Node(where.doc, where.path, name).ident("a feature name")
    if name in out:
        where.fail(f"each feature once ('{name}' is named twice)", got=False)
    if v.value is True:
        out[name] = Feature(name)
    elif isinstance(v.value, int) and not isinstance(v.value, bool):
        out[name] = Feature(name, v.integer())
    else:
        v.fail("true (a flag feature) or an integer (a numbered feature)")


def parse_protection(node: Node, default_source: str) -> Protection:
    m = node.mapping({"stat", "stats", "cannot", "limit", "source", "scope"})
    stat_node = m.get("stats") or m.get("stat")
    if stat_node is None:
        node.fail("a protection with 'stat' (a name, a list of names, or \"*\")", got=False)
    stats = stat_node.string_set()
    source = m["source"].ident("a source name") if "source" in m else default_source
    if ("cannot" in m) == ("limit" in m):
        node.fail("exactly one of 'cannot: decrease|modify' and 'limit: X'", got=False)
    if "cannot" in m:
        return Protection(stats, source, guard=Guard(m["cannot"].choice(["decrease", "modify"])))
    return Protection(stats, source, limit=m["limit"].integer(0, 10**9))


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
    for key, parser in OBJECT_KEY_PARSERS.items():
        key_node = pick(key)
        if key_node is not None:
            obj = parser(key_node, ctx, obj)
    return obj


def _counters(node: Node) -> dict[str, int]:
    """Counters on an object (damage, wounds, lives, boosts ...): never below 0 (CTR-1)."""
    out: dict[str, int] = {}
    for name, n in node.mapping(what="a mapping of counter names to whole numbers").items():
        Node(n.doc, n.path, name).ident("a counter name")
        out[name] = n.integer(0)
    return out


def parse_expectations(node: Node) -> tuple[Expectation, ...]:
    return tuple(
        Expectation(path, n.value, node.doc.location(n.path, key=True))
        for path, n in node.mapping(what="a mapping of paths to expected values").items()
    )


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


# -- the step kinds of the foundation ----------------------------------------------------


@step_kind("expect")
def _expect_step(node: Node, ctx: ParseContext) -> Step:
    return Expect(expectations=parse_expectations(node))


@step_kind("modify")
def _modify(node: Node, ctx: ParseContext) -> Step:
    ops = sorted(NUMBER_OPS) + list(READING_OPS) + ["remove"]
    m = node.mapping(
        {"target", "stat", "op", "value", "component", "with", "from", "source", "rounding"},
        required=("target", "stat", "op"),
    )
    target = ctx.object_id(m["target"])
    stat = ctx.stat_of(m["stat"], target)
    op = m["op"].choice(ops)
    other = None
    value: int | tuple[int | None, ...] | frozenset[str] | None = None
    if op in READING_OPS:
        key = "from" if op == "copy" else "with"
        if key not in m:
            node.fail(f"'{key}: <object id>' for {op}", got=False)
        other = ctx.object_id(m[key])
        for bad in ("value", "component", "from" if key == "with" else "with"):
            if bad in m:
                m[bad].fail(f"no '{bad}' with op {op}", key=True, got=False)
    else:
        if "value" not in m:
            node._missing("value")
        v = m["value"]
        base = ctx.state.obj(target).base.get(stat)
        if isinstance(base, frozenset):
            if op not in ("add", "set", "remove"):
                m["op"].fail("add, remove or set for a set characteristic")
            value = v.string_set()
        elif op == "remove":
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


@step_kind("gain")
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


@step_kind("boost")
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


@step_kind("lose")
def _lose(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "feature"}, required=("target", "feature"))
    return LoseFeature(
        target=ctx.object_id(m["target"]), feature=m["feature"].ident("a feature name")
    )


@step_kind("protect")
def _protect(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "stat", "stats", "cannot", "limit", "source", "scope"}, required=("target",)
    )
    target = ctx.object_id(m["target"])
    rest = {k: n.value for k, n in m.items() if k != "target"}
    return Protect(
        target=target, protection=parse_protection(Node(node.doc, node.path, rest), "effect")
    )


@step_kind("end")
def _end(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"source"}, required=("source",))
    return End(source=m["source"].ident("a source name"))


@step_kind("move")
def _move(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "zone"}, required=("target", "zone"))
    return Move(target=ctx.object_id(m["target"]), zone=m["zone"].ident("a zone"))


def load_scenario(filename: str) -> Scenario:
    """Parse a scenario file; every problem is an InputError with file:line:col and path."""
    try:
        return parse_file(filename)
    except InputError:
        raise


_AREAS_LOADED = False


def load_areas() -> None:
    """Import every ``model/format/area_*.py`` (sorted): they register their parsers."""
    global _AREAS_LOADED
    if _AREAS_LOADED:
        return
    _AREAS_LOADED = True
    from arbiter.model.plugins import import_prefixed

    import_prefixed("arbiter.model.format", "area_")
