"""File format of the Riftbound Chain (docs/format.md, "Riftbound: the Chain"). Object
keys ``activated``, ``timing_grants``; steps ``chain_play``, ``activate_ability``,
``chain_trigger``, ``pass_priority``, ``resolve_chain``."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import riftbound_activate as ac
from arbiter.model import riftbound_costs as rc
from arbiter.model.format import area_riftbound_costs as costs
from arbiter.model.format.area_riftbound import LIMIT, _play_card
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.riftbound_chain_steps import (
    ActivateAbility,
    ChainPlay,
    ChainTrigger,
    PassPriority,
    ResolveChain,
    Trigger,
)
from arbiter.model.riftbound_play import TIMINGS, PlayCard
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

PERMISSIONS = [p.value for p in ac.Permission]


def _items(node: Node) -> list[Node]:
    return node.seq() if isinstance(node.value, list) else [node]


def _sub_steps(node: Node, ctx: ParseContext) -> tuple[Step, ...]:
    if ctx.sub_step is None:
        node.fail("chain steps in a scenario (their steps are scenario steps)", got=False)
    return tuple(ctx.sub_step(sub) for sub in node.seq("a list of steps"))


def _ids(node: Node, ctx: ParseContext) -> tuple[str, ...]:
    return tuple(ctx.object_id(t) for t in _items(node))


def _activated(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``activated: [{id, cost: {energy, power: [fury, A, C], exhaust}, keyword: Action |
    Reaction, equip, add, text}]``: the activated abilities of an object (145, 377, 818.4)."""
    added = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping({"id", "cost", "keyword", "equip", "add", "text"})
        added.append(
            ac.ActivatedAbility(
                id=m["id"].ident("an ability id") if "id" in m else f"activated{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                cost=costs.cost(m["cost"], obj) if "cost" in m else rc.FREE,
                keyword=ac.Permission(m["keyword"].choice(PERMISSIONS)) if "keyword" in m else None,
                equip=m["equip"].boolean() if "equip" in m else False,
                add=m["add"].boolean() if "add" in m else False,
                text=m["text"].text() if "text" in m else "",
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _timing_grants(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``timing_grants: [{id, keyword: Action | Reaction, when, ability}]``: the card (or
    its activated ability ``ability``) has the keyword while ``when`` holds (806.4, 813.4)."""
    added = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping({"id", "keyword", "when", "ability"}, required=("keyword", "when"))
        added.append(
            ac.TimingGrant(
                id=m["id"].ident("an ability id") if "id" in m else f"grant{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                keyword=ac.Permission(m["keyword"].choice(PERMISSIONS)),
                when=ac.GrantWhen(m["when"].choice([w.value for w in ac.GrantWhen])),
                ability=m["ability"].ident("an ability id") if "ability" in m else None,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


CHAIN_PLAY_KEYS = {"targets", "weaponmaster", "triggers"}


def _chain_play(node: Node, ctx: ParseContext) -> Step:
    """``chain_play``: ``play_card``'s keys (but ``equip``) plus ``targets``,
    ``weaponmaster`` (one Equipment per instance) and ``triggers`` (made by its choices)."""
    m = node.mapping()
    if "equip" in m:
        m["equip"].fail("'weaponmaster: [gear, ...]' on the Chain", key=True, got=False)
    assert isinstance(node.value, dict)
    kept = {k: v for k, v in node.value.items() if k not in CHAIN_PLAY_KEYS}
    inner = Node(node.doc, node.path, kept)
    play = _play_card(inner, ctx)
    assert isinstance(play, PlayCard)
    return ChainPlay(
        play=play,
        targets=_ids(m["targets"], ctx) if "targets" in m else (),
        weaponmaster=_ids(m["weaponmaster"], ctx) if "weaponmaster" in m else (),
        triggers=tuple(_trigger(t, ctx) for t in m["triggers"].seq()) if "triggers" in m else (),
    )


def _trigger(node: Node, ctx: ParseContext) -> Trigger:
    m = node.mapping({"source", "ability", "targets", "steps"}, required=("source", "ability"))
    return Trigger(
        source=ctx.object_id(m["source"]),
        ability=m["ability"].ident("an ability name"),
        targets=_ids(m["targets"], ctx) if "targets" in m else (),
        steps=_sub_steps(m["steps"], ctx) if "steps" in m else (),
    )


def _activate(node: Node, ctx: ParseContext) -> Step:
    """``activate_ability: {source, ability, by, timing, targets, steps, triggers, pay}``."""
    keys = {"source", "ability", "by", "timing", "targets", "steps", "triggers", "pay"}
    m = node.mapping(keys, required=("source", "ability"))
    return ActivateAbility(
        source=ctx.object_id(m["source"]),
        ability=m["ability"].ident("an ability id"),
        by=ctx.player(m["by"]) if "by" in m else None,
        timing=m["timing"].choice(list(TIMINGS)) if "timing" in m else "open",
        targets=_ids(m["targets"], ctx) if "targets" in m else (),
        steps=_sub_steps(m["steps"], ctx) if "steps" in m else (),
        triggers=tuple(_trigger(t, ctx) for t in m["triggers"].seq()) if "triggers" in m else (),
        pay=costs.pay_choice(m["pay"], ctx) if "pay" in m else None,
    )


def _chain_trigger(node: Node, ctx: ParseContext) -> Step:
    return ChainTrigger(trigger=_trigger(node, ctx))


def _pass_priority(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"by"}) if node.value is not None else {}
    return PassPriority(by=ctx.player(m["by"]) if "by" in m else None)


def _resolve_chain(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"items"}) if node.value is not None else {}
    return ResolveChain(items=m["items"].integer(1, LIMIT) if "items" in m else None)


STEPS: dict[str, StepParser] = {
    "chain_play": _chain_play,
    "activate_ability": _activate,
    "chain_trigger": _chain_trigger,
    "pass_priority": _pass_priority,
    "resolve_chain": _resolve_chain,
}

OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "activated": _activated,
    "timing_grants": _timing_grants,
}
