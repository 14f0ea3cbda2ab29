"""File format of the Altered rulebook area (docs/format.md, "Altered: modifiers and
statuses"): steps ``status`` and ``modified_step``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.altered_day import CheckVictory, CleanUp, Morning
from arbiter.model.emblems import Duration, EmblemStep, OngoingEmblem
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.gigantic import set_gigantic
from arbiter.model.modifiers import STATUSES, ModifiedStepStep, Modifier, ModKind
from arbiter.model.standing_modifiers import StandingModifier, StatusStep
from arbiter.model.state import Ability, GameObject, GameState
from arbiter.model.steps import Step
from arbiter.model.tokens import CreateStep, DrawStep, Where


def _items(node: Node) -> list[Node]:
    return node.seq() if isinstance(node.value, list) else [node]


def _status(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "gain", "lose"}, required=("target",))
    if ("gain" in m) == ("lose" in m):
        node.fail("exactly one of 'gain: <status>' and 'lose: <status>'", got=False)
    key = "gain" if "gain" in m else "lose"
    return StatusStep(
        target=ctx.object_id(m["target"]),
        status=m[key].choice([*STATUSES, "boosted"]),
        gain=key == "gain",
    )


def _actions(node: Node) -> tuple[str, ...]:
    return tuple(a.text("an atomic action 'verb:object'") for a in _items(node))


def _modifier(
    node: Node, ctx: ParseContext, n: int, extra: frozenset[str] = frozenset()
) -> Modifier:
    m = node.mapping(
        {"id", "controller", "kind", "when", "instead", "also", "may", "otherwise", "timestamp"}
        | extra,
        required=("kind", "when"),
    )
    kind = ModKind(m["kind"].choice([k.value for k in ModKind]))
    key = "also" if kind is ModKind.ADDITIVE else "instead"
    if key not in m:
        node._missing(key)
    return Modifier(
        id=m["id"].ident("a modifier id") if "id" in m else f"m{n}",
        controller=ctx.player(m["controller"]) if "controller" in m else ctx.state.players[0],
        kind=kind,
        when=m["when"].text("a verb or 'verb:object'"),
        actions=_actions(m[key]),
        optional=m["may"].boolean() if "may" in m else False,
        otherwise=_actions(m["otherwise"]) if "otherwise" in m else (),
        timestamp=m["timestamp"].integer(0, 10**6) if "timestamp" in m else n,
    )


def _modified_step(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"id", "controller", "actions", "modifiers", "decisions", "order"},
        required=("actions",),
    )
    mods = (
        tuple(_modifier(x, ctx, n) for n, x in enumerate(_items(m["modifiers"]), 1))
        if "modifiers" in m
        else ()
    )
    decisions = (
        {k: v.boolean() for k, v in m["decisions"].mapping().items()} if "decisions" in m else {}
    )
    return ModifiedStepStep(
        id=m["id"].ident("a step id") if "id" in m else "step",
        controller=ctx.player(m["controller"]) if "controller" in m else None,
        actions=_actions(m["actions"]),
        modifiers=mods,
        decisions=decisions,
        order=tuple(x.ident() for x in _items(m["order"])) if "order" in m else (),
    )


@dataclass(frozen=True, kw_only=True)
class GiganticStep(Step):
    """``gigantic: {target, gain | lose: true, source}`` (Altered 7.4.4.n-o)."""

    target: str
    gain: bool
    source: str = "effect"

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        return set_gigantic(state, self.target, self.gain, self.source)


def _gigantic(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "gain", "lose", "source"}, required=("target",))
    if ("gain" in m) == ("lose" in m):
        node.fail("exactly one of 'gain: true' and 'lose: true'", got=False)
    key = "gain" if "gain" in m else "lose"
    if not m[key].boolean():
        m[key].fail("true")
    return GiganticStep(
        target=ctx.object_id(m["target"]),
        gain=key == "gain",
        source=m["source"].ident("a source name") if "source" in m else "effect",
    )


def _emblem(node: Node, ctx: ParseContext) -> Step:
    """An Ongoing Emblem in Limbo (Altered 2.2.14): on the cards its player plays."""
    m = node.mapping(
        {"id", "player", "duration", "cost", "fleeting", "next", "kinds", "text"},
        required=("id", "player"),
    )
    fleeting = None
    if "fleeting" in m:
        fleeting = m["fleeting"].choice(["gain", "lose"]) == "gain"
    return EmblemStep(
        emblem_id=m["id"].ident("an emblem id"),
        ability=OngoingEmblem(
            id="ongoing",
            source="",
            controller=ctx.player(m["player"]),
            duration=Duration(m["duration"].choice([d.value for d in Duration]))
            if "duration" in m
            else Duration.TURN,
            kinds=frozenset(k.ident("a card kind") for k in _items(m["kinds"]))
            if "kinds" in m
            else frozenset(),
            cost=m["cost"].integer(-100, 100) if "cost" in m else 0,
            fleeting=fleeting,
            next_only=m["next"].boolean() if "next" in m else False,
            text=m["text"].text() if "text" in m else "",
        ),
    )


def _create(node: Node, ctx: ParseContext) -> Step:
    """Create Character tokens (Altered 7.3.4)."""
    m = node.mapping(
        {"ids", "player", "base", "name", "in", "of", "other_of", "pick"}
        | {"triggers", "quick_actions"},
        required=("ids", "player"),
    )
    places = [k for k in ("in", "of", "other_of") if k in m]
    if len(places) != 1:
        node.fail("exactly one of 'in: hero | companion', 'of: <object>', 'other_of'", got=False)
    ids = tuple(i.ident("a token id") for i in _items(m["ids"]))
    for i, n in zip(ids, _items(m["ids"]), strict=True):
        if i in ctx.state.objects:
            n.fail("a new object id")
    base = {k: v.integer(-100, 100) for k, v in m["base"].mapping().items()} if "base" in m else {}
    where = Where(
        expedition=m["in"].choice(["hero", "companion"]) if "in" in m else None,
        of=ctx.object_id(m["of"]) if "of" in m else None,
        other_of=ctx.object_id(m["other_of"]) if "other_of" in m else None,
        pick=m["pick"].choice(["hero", "companion"]) if "pick" in m else None,
    )
    step = CreateStep(
        player=ctx.player(m["player"]),
        ids=ids,
        base=base,
        place=where,
        name=m["name"].text() if "name" in m else "",
        abilities=_token_abilities(m, ctx),
    )
    return step


def _token_abilities(m: dict[str, Node], ctx: ParseContext) -> tuple[Ability, ...]:
    """The abilities an effect gives the tokens it creates (Altered 2.2.11.f), read as an
    object's ``triggers`` and ``quick_actions`` (each token gets them as its own)."""
    from arbiter.model.format.area_abilities import parse_quick_actions, parse_triggers

    template = GameObject("token", ctx.state.players[0], "character", zone="limbo")
    if "triggers" in m:
        template = parse_triggers(m["triggers"], ctx, template)
    if "quick_actions" in m:
        template = parse_quick_actions(m["quick_actions"], ctx, template)
    return template.abilities


def _draw(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"player", "count"}, required=("player",))
    return DrawStep(
        player=ctx.player(m["player"]),
        count=m["count"].integer(0, 100) if "count" in m else 1,
    )


def _standing_modifiers(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``modifiers: [{id, kind, when, instead | also, may, otherwise, choice}]`` on an
    object: Altered 6.2 modifiers that act on the steps that happen (``self`` is it)."""
    added = []
    for n, item in enumerate(_items(node), 1):
        mod = _modifier(item, ctx, n, frozenset({"choice"}))
        if "controller" not in item.mapping():
            mod = replace(mod, controller=obj.controlled_by)
        mod = replace(mod, id=f"{obj.id}.{mod.id}")
        choice = (
            item.mapping()["choice"].choice(["apply", "decline"])
            if "choice" in item.mapping()
            else "apply"
        )
        added.append(
            StandingModifier(
                id=mod.id,
                source=obj.id,
                timestamp=obj.timestamp,
                modifier=mod,
                declined=choice == "decline",
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))




def _morning(node: Node, ctx: ParseContext) -> Step:
    """Altered 4.2.1: Succeed, Prepare, Draw, Expand (``expand: {player: card}``)."""
    m = node.mapping({"expand"}) if node.value is not None else {}
    expand: dict[str, str | None] = {}
    if "expand" in m:
        for player, card in m["expand"].mapping().items():
            expand[ctx.player(Node(card.doc, card.path, player))] = ctx.object_id(card)
    return Morning(expand=expand)


def _clean_up(node: Node, ctx: ParseContext) -> Step:
    """Altered 4.2.5.c: ``keep: {player: [ids]}``, the objects each player selects."""
    m = node.mapping({"keep"}) if node.value is not None else {}
    keep: dict[str, tuple[str, ...]] = {}
    if "keep" in m:
        for player, ids in m["keep"].mapping().items():
            keep[ctx.player(Node(ids.doc, ids.path, player))] = tuple(
                ctx.object_id(i) for i in _items(ids)
            )
    return CleanUp(keep=keep)


def _check_victory(node: Node, ctx: ParseContext) -> Step:
    if node.value is not None:
        node.mapping(set())
    return CheckVictory()


STEPS: dict[str, StepParser] = {
    "status": _status,
    "modified_step": _modified_step,
    "gigantic": _gigantic,
    "emblem": _emblem,
    "create": _create,
    "draw": _draw,
    "morning": _morning,
    "clean_up": _clean_up,
    "check_victory": _check_victory,
}

OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {"modifiers": _standing_modifiers}
