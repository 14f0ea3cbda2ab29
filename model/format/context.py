"""What every parser of the file format shares: the parse context, the keys of the
foundation, and the parsers of values (base characteristics, features, protections,
counters, expectations)."""

from __future__ import annotations

from collections.abc import Callable

from arbiter.model.format.document import Document, Node
from arbiter.model.scenario import Expectation
from arbiter.model.state import BaseValue, GameObject, GameState, Guard, Protection
from arbiter.model.steps import (
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
        # parses a step nested in another (a Riftbound ``chain_item``); set by the scenario
        # parser, which owns the table of step kinds
        self.sub_step: Callable[[Node], Step] | None = None
        # ids of objects an earlier step creates (a Riftbound ``replace_card`` token):
        # later steps may name them
        self.created: set[str] = set()

    def known_stats(self) -> set[str]:
        known = set(self.gained_stats)
        for obj in self.state.objects.values():
            known.update(obj.base)
        return known

    def object_id(self, node: Node) -> str:
        oid = node.ident("an object id")
        if oid not in self.state.objects and oid not in self.created:
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
# an object/card key parser returns the object with that key applied;
ObjectKeyParser = Callable[[Node, ParseContext, GameObject], GameObject]
# a top-level key parser's result is stored in ``Scenario.extras``.
TopKeyParser = Callable[[Node, ParseContext], object]


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
