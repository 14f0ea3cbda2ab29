"""File format of Riftbound trait, copy and rules-text effects and Facedown Zone
occupancy (docs/format.md, "Riftbound: traits, copies and rules text"). Steps
``change_traits``, ``become_copy``, ``grant_text``, ``lose_text``,
``facedown_occupancy``."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import riftbound_traits as tr
from arbiter.model.format.context import ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.riftbound_facedown import Occupancy
from arbiter.model.riftbound_trait_steps import BecomeCopy, ChangeTraits, GrantText, LoseText
from arbiter.model.steps import Step

LIMIT = 10**6


def _names(node: Node) -> frozenset[str]:
    items = node.seq("a list of names") if isinstance(node.value, list) else [node]
    return frozenset(i.ident("a tag") for i in items)


def _change_traits(node: Node, ctx: ParseContext) -> Step:
    """A trait-altering effect: name, type, tags, controller, cost, Might (472.1.a)."""
    m = node.mapping(
        {"target", "name", "kind", "controller", "tags", "cost", "might", "this_turn"},
        required=("target",),
    )
    base: dict[str, int | frozenset[str]] = {}
    add, remove = frozenset[str](), frozenset[str]()
    if "tags" in m:
        t = m["tags"].mapping({"set", "add", "remove"})
        if not t or ("set" in t and len(t) > 1):
            m["tags"].fail("one of {set: [tags]} or {add: [...], remove: [...]}", got=False)
        if "set" in t:
            base[tr.TAGS] = _names(t["set"])
        add = _names(t["add"]) if "add" in t else add
        remove = _names(t["remove"]) if "remove" in t else remove
    for key, stat in (("cost", tr.COST), ("might", tr.MIGHT)):
        if key in m:
            base[stat] = m[key].integer(-LIMIT, LIMIT)
    if len(m) == 1 + ("this_turn" in m):
        node.fail("a trait to change: name, kind, controller, tags, cost or might", got=False)
    return ChangeTraits(
        target=ctx.object_id(m["target"]),
        traits=tr.Traits(
            card=m["name"].text("a name") if "name" in m else None,
            kind=m["kind"].ident("an object kind") if "kind" in m else None,
            controller=ctx.player(m["controller"]) if "controller" in m else None,
            base=base,
            tags_add=add,
            tags_remove=remove,
        ),
        this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
    )


def _become_copy(node: Node, ctx: ParseContext) -> Step:
    """The target becomes a copy of another object, of all or some traits (472.1.b)."""
    m = node.mapping({"target", "of", "only", "this_turn"}, required=("target", "of"))
    only: tuple[str, ...] = ()
    if "only" in m:
        items = (
            m["only"].seq("a list of traits") if isinstance(m["only"].value, list) else [m["only"]]
        )
        only = tuple(i.choice(tr.COPYABLE) for i in items)
    return BecomeCopy(
        target=ctx.object_id(m["target"]),
        of=ctx.object_id(m["of"]),
        only=only,
        this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
    )


def _grant_text(node: Node, ctx: ParseContext) -> Step:
    """Rules text given to an object: might_passives, keyword_passives (472.2, 135.4.b)."""
    from arbiter.model.format.area_riftbound import OBJECT_KEY_PARSERS

    m = node.mapping({"target", "might_passives", "keyword_passives"}, required=("target",))
    target = ctx.object_id(m["target"])
    bare = replace(ctx.state.obj(target), abilities=())
    for key in ("might_passives", "keyword_passives"):
        if key in m:
            bare = OBJECT_KEY_PARSERS[key](m[key], ctx, bare)
    if not bare.abilities:
        node.fail("might_passives or keyword_passives to grant", got=False)
    return GrantText(target=target, abilities=bare.abilities)


def _lose_text(node: Node, ctx: ParseContext) -> Step:
    """The object loses its rules text, this turn or while on the Board (472.2)."""
    m = node.mapping({"target", "this_turn"}, required=("target",))
    return LoseText(
        target=ctx.object_id(m["target"]),
        this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
    )


def _occupancy(node: Node, ctx: ParseContext) -> Step:
    """A Facedown Zone's maximum occupancy changes; the excess goes to the trash (107.3.b)."""
    m = node.mapping({"at", "set", "add", "trash"}, required=("at",))
    if ("set" in m) == ("add" in m):
        node.fail("exactly one of 'set: N' and 'add: N'", got=False)
    trash: tuple[str, ...] = ()
    if "trash" in m:
        items = m["trash"].seq() if isinstance(m["trash"].value, list) else [m["trash"]]
        trash = tuple(ctx.object_id(i) for i in items)
    return Occupancy(
        at=ctx.object_id(m["at"]),
        set_to=m["set"].integer(0, LIMIT) if "set" in m else None,
        add=m["add"].integer(-LIMIT, LIMIT) if "add" in m else 0,
        trash=trash,
    )


STEPS: dict[str, StepParser] = {
    "change_traits": _change_traits,
    "become_copy": _become_copy,
    "grant_text": _grant_text,
    "lose_text": _lose_text,
    "facedown_occupancy": _occupancy,
}
