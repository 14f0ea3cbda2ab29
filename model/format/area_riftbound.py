"""File format of the Riftbound rulebook area (docs/format.md, "Riftbound: Might, death
and turns"). Object key ``death_replacements``; steps ``might``, ``buff``, ``spend_buff``,
``keyword_change``, ``choose_targets``, ``cleanup``, ``chain_item``, ``end_turn``; JSON
view: per unit ``might``."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import death as dt
from arbiter.model import might_layers as ml
from arbiter.model import riftbound_keywords as rk
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.imported_play import ExtraChoice
from arbiter.model.riftbound_attach import EffectText
from arbiter.model.riftbound_costs import PayChoice
from arbiter.model.riftbound_move import StandardMove
from arbiter.model.riftbound_play import (
    TIMINGS,
    AttachStep,
    DetachStep,
    EquipStep,
    Hide,
    Kill,
    PlayCard,
)
from arbiter.model.riftbound_replace import ReplaceCard, SwapBack
from arbiter.model.riftbound_steps import (
    Buff,
    ChainItem,
    ChooseTargets,
    Cleanup,
    EndTurn,
    Heal,
    Keyword,
    Might,
    SpendBuff,
)
from arbiter.model.riftbound_turn import Conquer
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

LIMIT = 10**6
REPLACEMENT_KEYS = {
    "id",
    "protects",
    "ids",
    "here",
    "weaker",
    "instead",
    "may",
    "once_each_turn",
    "next_time",
    "text",
    "zone",
}


def _items(node: Node) -> list[Node]:
    return node.seq() if isinstance(node.value, list) else [node]


def _death_replacements(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``death_replacements: [{protects, instead: [heal, exhaust, recall, kill_source], …}]``."""
    added: list[dt.DeathReplacement] = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping(REPLACEMENT_KEYS)
        instead = (
            tuple(dt.Instead(i.choice([x.value for x in dt.Instead])) for i in _items(m["instead"]))
            if "instead" in m
            else (dt.Instead.HEAL, dt.Instead.EXHAUST, dt.Instead.RECALL)
        )
        added.append(
            dt.DeathReplacement(
                id=m["id"].ident("a replacement id") if "id" in m else f"would_die{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                protects=dt.Protects(
                    m["protects"].choice([p.value for p in dt.Protects])
                    if "protects" in m
                    else "self"
                ),
                ids=frozenset(i.ident("an object id") for i in _items(m["ids"]))
                if "ids" in m
                else frozenset(),
                here=m["here"].boolean() if "here" in m else False,
                weaker=m["weaker"].boolean() if "weaker" in m else False,
                instead=instead,
                may=m["may"].boolean() if "may" in m else False,
                once_each_turn=m["once_each_turn"].boolean() if "once_each_turn" in m else False,
                next_time=m["next_time"].boolean() if "next_time" in m else False,
                text=m["text"].text() if "text" in m else "",
                zone=m["zone"].choice(["board", "trash"]) if "zone" in m else "board",
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _might_passives(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``might_passives: [{id, add, to: self | friendly | other_friendly | enemy | units,
    while_mighty}]``: continuous Might effects of a unit (Riftbound 473-475)."""
    added = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping({"id", "add", "to", "while_mighty", "text", "level"}, required=("add",))
        added.append(
            ml.MightPassive(
                id=m["id"].ident("an effect id") if "id" in m else f"passive{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                add=m["add"].integer(-LIMIT, LIMIT),
                to=m["to"].choice(list(ml.REACH)) if "to" in m else "self",
                while_mighty=m["while_mighty"].boolean() if "while_mighty" in m else False,
                level=m["level"].integer(0, LIMIT) if "level" in m else 0,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _keyword_passives(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``keyword_passives: [{id, keyword, value, while_mighty}]``: keywords the unit has
    while Mighty (Riftbound 471.3, 472.2; read in combat)."""
    added = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping({"id", "keyword", "value", "while_mighty", "level"}, required=("keyword",))
        added.append(
            rk.KeywordPassive(
                id=m["id"].ident("an effect id") if "id" in m else f"keyword{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                feature=m["keyword"].ident("a keyword name"),
                number=m["value"].integer(-LIMIT, LIMIT) if "value" in m else None,
                while_mighty=m["while_mighty"].boolean() if "while_mighty" in m else True,
                level=m["level"].integer(0, LIMIT) if "level" in m else 0,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _might(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "set", "add", "min", "max", "this_turn", "source"}, required=("target",)
    )
    if ("set" in m) == ("add" in m):
        node.fail("exactly one of 'set: N' and 'add: N'", got=False)
    for key in ("min", "max"):
        if key in m and "set" in m:
            m[key].fail(f"no '{key}' with 'set'", key=True, got=False)
    return Might(
        target=ctx.object_id(m["target"]),
        set_to=m["set"].integer(-LIMIT, LIMIT) if "set" in m else None,
        add=m["add"].integer(-LIMIT, LIMIT) if "add" in m else 0,
        minimum=m["min"].integer(-LIMIT, LIMIT) if "min" in m else None,
        maximum=m["max"].integer(-LIMIT, LIMIT) if "max" in m else None,
        this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
        source=m["source"].ident("a source name") if "source" in m else "effect",
    )


def _buff(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target"}, required=("target",))
    return Buff(target=ctx.object_id(m["target"]))


def _spend_buff(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "by"}, required=("target",))
    return SpendBuff(
        target=ctx.object_id(m["target"]), by=ctx.player(m["by"]) if "by" in m else None
    )


def _keyword(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"target", "gain", "lose", "value", "this_turn", "source"}, required=("target",)
    )
    if ("gain" in m) == ("lose" in m):
        node.fail("exactly one of 'gain: KEYWORD' and 'lose: KEYWORD'", got=False)
    if "value" in m and "lose" in m:
        m["value"].fail("no 'value' with 'lose'", key=True, got=False)
    name = m["gain"] if "gain" in m else m["lose"]
    return Keyword(
        target=ctx.object_id(m["target"]),
        feature=name.ident("a keyword name"),
        grant="gain" in m,
        number=m["value"].integer(-LIMIT, LIMIT) if "value" in m else None,
        this_turn=m["this_turn"].boolean() if "this_turn" in m else False,
        source=m["source"].ident("a source name") if "source" in m else "effect",
    )


def _choose_targets(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"card", "targets"}, required=("card", "targets"))
    targets = tuple(ctx.object_id(t) for t in m["targets"].seq("a list of object ids"))
    return ChooseTargets(card=ctx.object_id(m["card"]), targets=targets)


def _choices(m: dict[str, Node], ctx: ParseContext) -> dt.CleanupChoices:
    order = {}
    if "order" in m:
        for player, ids in m["order"].mapping().items():
            order[ctx.player(Node(ids.doc, ids.path, player))] = tuple(
                i.text("a replacement id") for i in _items(ids)
            )
    decline = (
        frozenset(i.text("a replacement id") for i in _items(m["decline"]))
        if ("decline" in m)
        else frozenset()
    )
    return dt.CleanupChoices(order, decline)


def _trigger_orders(m: dict[str, Node], ctx: ParseContext) -> dict[str, tuple[str, ...]]:
    """``triggers: {player: [source.ability]}``: a controller's order (Riftbound 808.2.a)."""
    out = {}
    if "triggers" in m:
        for player, ids in m["triggers"].mapping().items():
            out[ctx.player(Node(ids.doc, ids.path, player))] = tuple(
                i.text("a trigger label source.ability") for i in _items(ids)
            )
    return out


def _cleanup(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"order", "decline", "triggers"}) if node.value is not None else {}
    return Cleanup(choices=_choices(m, ctx), triggers=_trigger_orders(m, ctx))


def _chain_item(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"steps", "order", "decline", "triggers"}, required=("steps",))
    steps = []
    if ctx.sub_step is None:
        node.fail("a chain item in a scenario (its steps are scenario steps)", got=False)
    for sub in m["steps"].seq("a list of steps"):
        step = ctx.sub_step(sub)
        if isinstance(step, Cleanup):
            step = replace(step, inside_chain_item=True)
        steps.append(step)
    return ChainItem(
        steps=tuple(steps), choices=_choices(m, ctx), triggers=_trigger_orders(m, ctx)
    )


def _heal(node: Node, ctx: ParseContext) -> Step:
    """``heal: {targets: [...]}``: the units' damage is cleared (Riftbound 418)."""
    m = node.mapping({"targets"}, required={"targets"})
    return Heal(targets=tuple(ctx.object_id(t) for t in m["targets"].seq("a list of object ids")))


def _end_turn(node: Node, ctx: ParseContext) -> Step:
    """``end_turn: {phases, burn_out}``: the turn ends; with ``phases: true`` the next one
    plays its Start of Turn (Riftbound 315)."""
    m = node.mapping({"phases", "burn_out"}) if node.value is not None else {}
    return EndTurn(
        phases=m["phases"].boolean() if "phases" in m else False,
        burn_out=ctx.player(m["burn_out"]) if "burn_out" in m else None,
    )


def _conquer(node: Node, ctx: ParseContext) -> Step:
    """``conquer: {battlefield, player}``: the player controls the battlefield and scores
    it once a turn (Riftbound 464.1, 466); its units' Hunt gives XP (823)."""
    m = node.mapping({"battlefield", "player"}, required=("battlefield", "player"))
    return Conquer(battlefield=ctx.object_id(m["battlefield"]), player=ctx.player(m["player"]))


def _standard_move(node: Node, ctx: ParseContext) -> Step:
    """``standard_move: {units, to: base | <battlefield>, by}``: units move at once, each
    exhausted as the cost (Riftbound 144; Ganking 810)."""
    m = node.mapping({"units", "to", "by"}, required=("units", "to"))
    units = tuple(ctx.object_id(u) for u in _items(m["units"]))
    to = m["to"].ident("base or a battlefield id")
    if to != "base":
        to = ctx.object_id(m["to"])
    return StandardMove(units=units, to=to, by=ctx.player(m["by"]) if "by" in m else None)


def _sub_steps(node: Node, ctx: ParseContext) -> tuple[Step, ...]:
    if ctx.sub_step is None:
        node.fail("a card played in a scenario (its steps are scenario steps)", got=False)
    return tuple(ctx.sub_step(sub) for sub in node.seq("a list of steps"))


def _pay_choice(node: Node, ctx: ParseContext) -> PayChoice:
    from arbiter.model.format.area_riftbound_costs import pay_choice

    return pay_choice(node, ctx)


def _play_card(node: Node, ctx: ParseContext) -> Step:
    """``play_card: {card, by, timing: open | showdown | closed, to, accelerate, steps,
    repeats}``: a card is played (Riftbound 143.4, 316.2.b, 805, 806, 811-813, 820, 822)."""
    keys = {"card", "by", "timing", "to", "accelerate", "steps", "repeats", "attach", "equip"}
    keys |= {"vision", "pay", "extra"}
    m = node.mapping(keys, required=("card",))
    to = m["to"].ident("base or a battlefield id") if "to" in m else "base"
    if to != "base":
        to = ctx.object_id(m["to"])
    return PlayCard(
        card=ctx.object_id(m["card"]),
        by=ctx.player(m["by"]) if "by" in m else None,
        timing=m["timing"].choice(list(TIMINGS)) if "timing" in m else "open",
        to=to,
        accelerate=m["accelerate"].boolean() if "accelerate" in m else False,
        steps=_sub_steps(m["steps"], ctx) if "steps" in m else (),
        repeats=tuple(_sub_steps(r, ctx) for r in m["repeats"].seq("a list of step lists"))
        if "repeats" in m
        else (),
        attach=ctx.object_id(m["attach"]) if "attach" in m else None,
        equip=ctx.object_id(m["equip"]) if "equip" in m else None,
        vision=tuple(v.boolean() for v in _items(m["vision"])) if "vision" in m else (),
        pay=_pay_choice(m["pay"], ctx) if "pay" in m else None,
        extra=_extra(m["extra"], ctx) if "extra" in m else None,
    )


def _extra(node: Node, ctx: ParseContext) -> ExtraChoice:
    from arbiter.model.format.area_imported_play import extra_choice

    return extra_choice(node, ctx)


def _attach(node: Node, ctx: ParseContext) -> Step:
    """``attach: {card, to}``: a card attached to a unit (Riftbound 716-719)."""
    m = node.mapping({"card", "to"}, required=("card", "to"))
    return AttachStep(card=ctx.object_id(m["card"]), to=ctx.object_id(m["to"]))


def _equip(node: Node, ctx: ParseContext) -> Step:
    """``equip: {gear, to, pay, timing}``: a gear with Equip attached to a unit (818).

    The unit is one of its controller's; ``pay``: its Equip cost is paid (818.1.c);
    ``timing``: the state of the turn, checked against Equip's timing (381, 818.1.c.5)."""
    m = node.mapping({"gear", "to", "pay", "timing"}, required=("gear", "to"))
    return EquipStep(
        gear=ctx.object_id(m["gear"]),
        to=ctx.object_id(m["to"]),
        pay=_pay_choice(m["pay"], ctx) if "pay" in m else None,
        timing=m["timing"].choice(list(TIMINGS)) if "timing" in m else None,
    )


def _detach(node: Node, ctx: ParseContext) -> Step:
    """``detach: {card}``: an attached card detaches (Riftbound 718.1)."""
    m = node.mapping({"card"}, required=("card",))
    return DetachStep(card=ctx.object_id(m["card"]))


def _effect_text(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``effect_text: {might_passives, keyword_passives}``: the abilities a card gives the
    unit it is attached to, inactive otherwise (Riftbound 136)."""
    m = node.mapping({"might_passives", "keyword_passives"})
    bare = replace(obj, abilities=())
    if "might_passives" in m:
        bare = _might_passives(m["might_passives"], ctx, bare)
    if "keyword_passives" in m:
        bare = _keyword_passives(m["keyword_passives"], ctx, bare)
    text = EffectText("effect_text", obj.id, obj.timestamp, abilities=bare.abilities)
    return replace(obj, abilities=(*obj.abilities, text))


def _replace_card(node: Node, ctx: ParseContext) -> Step:
    """``replace_card: {target, token: {id, kind, might}}``: a token takes the target's
    place, inheriting its statuses and effects (Riftbound 438)."""
    m = node.mapping({"target", "token"}, required=("target", "token"))
    t = m["token"].mapping({"id", "kind", "might"}, required=("id",))
    token = t["id"].ident("a new token id")
    if token in ctx.state.objects or token in ctx.created:
        t["id"].fail("a new object id")
    ctx.created.add(token)
    return ReplaceCard(
        target=ctx.object_id(m["target"]),
        token=token,
        kind=t["kind"].ident("an object kind") if "kind" in t else "unit",
        might=t["might"].integer(-LIMIT, LIMIT) if "might" in t else None,
    )


def _swap_back(node: Node, ctx: ParseContext) -> Step:
    """``swap_back: {token}``: a token made by Replace gives its place back (438.7)."""
    m = node.mapping({"token"}, required=("token",))
    return SwapBack(token=m["token"].ident("a token id"))


def _kill(node: Node, ctx: ParseContext) -> Step:
    """``kill: {target, by}``: a Kill instruction of a spell or ability (Riftbound 428)."""
    m = node.mapping({"target", "by"}, required=("target",))
    by = tuple(ctx.object_id(b) for b in _items(m["by"])) if "by" in m else ()
    return Kill(target=ctx.object_id(m["target"]), by=by)


def _hide(node: Node, ctx: ParseContext) -> Step:
    """``hide: {card, at}``: a card with Hidden goes facedown at a battlefield (811, 107.3)."""
    m = node.mapping({"card", "at"}, required=("card", "at"))
    return Hide(card=ctx.object_id(m["card"]), at=ctx.object_id(m["at"]))


def _at(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``at: <battlefield id>``: the battlefield a unit in the zone ``battlefield`` is at."""
    bid = node.ident("a battlefield object id")
    found = ctx.state.objects.get(bid)
    if found is None or found.kind != "battlefield":
        node.fail("the id of an object of kind battlefield declared earlier under 'objects'")
    if obj.zone not in ("battlefield", "facedown"):
        node.fail("'at' needs the zone battlefield or facedown", key=True, got=False)
    return replace(obj, region=bid)


STEPS: dict[str, StepParser] = {
    "might": _might,
    "buff": _buff,
    "spend_buff": _spend_buff,
    "keyword_change": _keyword,
    "choose_targets": _choose_targets,
    "cleanup": _cleanup,
    "chain_item": _chain_item,
    "end_turn": _end_turn,
    "heal": _heal,
    "conquer": _conquer,
    "standard_move": _standard_move,
    "play_card": _play_card,
    "hide": _hide,
    "attach": _attach,
    "equip": _equip,
    "detach": _detach,
    "replace_card": _replace_card,
    "swap_back": _swap_back,
    "kill": _kill,
}

OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "death_replacements": _death_replacements,
    "might_passives": _might_passives,
    "keyword_passives": _keyword_passives,
    "at": _at,
    "effect_text": _effect_text,
}
