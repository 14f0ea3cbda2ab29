"""Scenario syntax of the Altered kernel: object keys, step kinds and JSON view sections.

Under ``ruleset: altered`` the foundation's ``move`` step is the Altered move (A-GOLD-6/7);
under other rulesets it is unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.altered.day import TerrainLimits
from arbiter.model.altered.keywords import TERRAINS
from arbiter.model.altered.play import InternalChoice, PlayChoices
from arbiter.model.altered.spells import (
    ACTIONS,
    MANA_COUNTER,
    SpellStep,
    SpellText,
    TargetSlot,
)
from arbiter.model.altered.steps import (
    Decide,
    Dusk,
    FaceDown,
    GainBoosts,
    Grant,
    Look,
    Play,
    Rest,
    Send,
    SetMana,
    Switch,
    UseCharacteristic,
)
from arbiter.model.altered.zones import (
    BOOSTS,
    EXPEDITIONS,
    STATUSES,
    ZONES,
    Permission,
    Prohibition,
    turn_face_down,
)
from arbiter.model.effects import algebra as fx
from arbiter.model.format import foundation
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.ruleset import PlayKernel
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

ZONE_NAMES = sorted(ZONES) + [f"expedition:{e}" for e in EXPEDITIONS]


def zone_of(node: Node) -> str:
    zone = node.choice(ZONE_NAMES)
    return f"expedition:{EXPEDITIONS[0]}" if zone == "expedition" else zone


# -- object keys ------------------------------------------------------------------------------


def _abilities(node: Node, obj: GameObject, can: bool) -> GameObject:
    items = (
        node.seq("a list of actions (or {action, source})")
        if isinstance(node.value, list)
        else [node]
    )
    out = list(obj.abilities)
    for n in items:
        if isinstance(n.value, dict):
            m = n.mapping({"action", "source"}, required=("action",))
            action = m["action"].text("an action")
            source = m["source"].ident("a source") if "source" in m else obj.id
        else:
            action, source = n.text("an action"), obj.id
        aid = f"{source}:{'can' if can else 'cannot'}:{action}"
        cls = Permission if can else Prohibition
        out.append(cls(id=aid, source=source, timestamp=obj.timestamp, action=action))
    return replace(obj, abilities=tuple(out))


def _cannot(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    return _abilities(node, obj, can=False)


def _can(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    return _abilities(node, obj, can=True)


def _boosts(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    return replace(obj, counters={**obj.counters, BOOSTS: node.integer(0, 10**6)})


def _status(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    counters = dict(obj.counters)
    for n in node.seq("a list of statuses"):
        counters[n.choice(sorted(STATUSES))] = 1
    return replace(obj, counters=counters)


def _face_down(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    return turn_face_down(obj) if node.boolean() else obj


def _slot(name: str, node: Node) -> TargetSlot:
    m = node.mapping({"kind", "controller", "zone", "count"})
    return TargetSlot(
        name=name,
        kind=m["kind"].ident("an object kind") if "kind" in m else None,
        controller=m["controller"].choice(["you", "opponent"]) if "controller" in m else None,
        zone=m["zone"].choice(sorted(ZONES)) if "zone" in m else None,
        count=m["count"].integer(1, 16) if "count" in m else 1,
    )


def _condition(node: Node, unless: bool) -> fx.Condition:
    """``if:`` / ``unless:`` of a spell step, read into the card language's Condition."""
    m = node.mapping({"zone", "has", "mana_at_least", "boosted", "expedition", "of"})
    tests = [k for k in ("zone", "has", "mana_at_least", "boosted", "expedition") if k in m]
    if len(tests) != 1:
        node.fail("one of zone, has, mana_at_least, boosted, expedition", got=False)
    test = tests[0]
    subject = m["of"].ident("a target slot or 'self'") if "of" in m else ""
    cond: fx.Condition
    if test == "expedition":  # "if my expedition is behind" (Altered 7.5.2, 7.4.4.j)
        standing = m["expedition"].choice(["ahead", "behind", "tied"])
        sel = fx.SELF if subject in ("", "self") else fx.Selector(fx.Pick.NAMED, name=subject)
        cond = fx.Condition(fx.Test.EXPEDITION, selector=sel, name=standing)
    elif test == "boosted":
        slot = fx.Selector(fx.Pick.NAMED, name=m["boosted"].ident("a target slot"))
        cond = fx.Condition(fx.Test.COUNTER, selector=slot, name=BOOSTS, bound=1)
    elif test == "mana_at_least":
        bound = m[test].integer(0, 10**6)
        cond = fx.Condition(fx.Test.COUNTER, selector=fx.YOU, name=MANA_COUNTER, bound=bound)
    else:
        sel = {"": fx.Selector(fx.Pick.NAMED), "self": fx.SELF}.get(
            subject, fx.Selector(fx.Pick.NAMED, name=subject)
        )
        kind = fx.Test.ZONE if test == "zone" else fx.Test.HAS
        cond = fx.Condition(kind, selector=sel, name=m[test].ident("a name"))
    return fx.Condition(fx.Test.NOT, (cond,)) if unless else cond


STEP_KEYS = {"id", "target", "may", "if", "unless", "internal", "to", *ACTIONS}


def _spell_step(node: Node, index: int, slots: set[str]) -> SpellStep:
    m = node.mapping(STEP_KEYS)
    verbs = [k for k in ACTIONS if k in m]
    if len(verbs) != 1:
        node.fail("a spell step with exactly one of " + ", ".join(ACTIONS), got=False)
    verb = verbs[0]
    v = m[verb]
    internal_targets: tuple[TargetSlot, ...] = ()
    cost = None
    if "internal" in m:
        im = m["internal"].mapping({"cost", "targets"}, required=("cost",))
        cost = im["cost"].integer(0, 100)
        if "targets" in im:
            internal_targets = tuple(_slot(k, n) for k, n in im["targets"].entries())
    own = slots | {t.name for t in internal_targets}
    target = None
    if "target" in m:
        target = m["target"].ident("a target slot")
        if target not in own:
            m["target"].fail("a target slot declared under 'targets' (or the internal action's)")
    on = fx.Selector(fx.Pick.NAMED, name=target) if target is not None else fx.YOU
    action: fx.Effect
    if verb in ("boost", "mana"):
        counter = BOOSTS if verb == "boost" else MANA_COUNTER
        action = fx.Effect(fx.AddCounters(counter), on, fx.Const(v.integer(0, 10**6)))
    elif verb == "send":
        to = m["to"].choice(["owner", "you", "opponent"]) if "to" in m else "owner"
        whose = {"owner": fx.Side.ANY, "you": fx.Side.YOURS}.get(to, fx.Side.ENEMY)
        action = fx.Effect(fx.MoveTo(fx.ZoneMove.TO_ZONE, zone_of(v), whose), on)
    elif verb == "modify":
        mm = v.mapping({"stat", "add"}, required=("stat", "add"))
        stat = mm["stat"].ident()
        action = fx.Effect(fx.ModifyStat(stat), on, fx.Const(mm["add"].integer()))
    elif verb == "gain":
        number = None
        if isinstance(v.value, dict):
            gm = v.mapping({"feature", "number"}, required=("feature",))
            number = gm["number"].integer() if "number" in gm else None
            feature = gm["feature"].ident()
        else:
            feature = v.ident("a feature name")
        amount = fx.Const(number) if number is not None else None
        action = fx.Effect(fx.Give(fx.Grant.FEATURE, feature), on, amount)
    else:  # switch
        action = fx.Effect(fx.MoveTo(fx.ZoneMove.SWITCH), on)
    if verb not in ("mana",) and target is None:
        node.fail(f"'target: <slot>' for {verb}", got=False)
    condition = None
    if "if" in m:
        condition = _condition(m["if"], unless=False)
    elif "unless" in m:
        condition = _condition(m["unless"], unless=True)
    return SpellStep(
        id=m["id"].ident("a step id") if "id" in m else f"s{index + 1}",
        action=action,
        optional=m["may"].boolean() if "may" in m else False,
        condition=condition,
        internal_cost=cost,
        internal_targets=internal_targets,
    )


def _spell(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    m = node.mapping({"targets", "steps", "modes"})
    slots = tuple(_slot(k, n) for k, n in m["targets"].entries()) if "targets" in m else ()
    names = {s.name for s in slots}
    if ("steps" in m) == ("modes" in m):
        node.fail("exactly one of 'steps' and 'modes'", got=False)
    steps: tuple[SpellStep, ...] = ()
    modes: tuple[tuple[SpellStep, ...], ...] = ()
    if "steps" in m:
        steps = tuple(_spell_step(n, i, names) for i, n in enumerate(m["steps"].seq()))
    else:
        modes = tuple(
            tuple(_spell_step(n, i, names) for i, n in enumerate(mode.seq("a list of steps")))
            for mode in m["modes"].seq("a list of modes")
        )
    text = SpellText(id=f"{obj.id}.text", source=obj.id, targets=slots, steps=steps, modes=modes)
    return replace(obj, abilities=(*obj.abilities, text))


# -- step kinds -------------------------------------------------------------------------------


def _ids(node: Node, ctx: ParseContext) -> tuple[str, ...]:
    if isinstance(node.value, list):
        return tuple(ctx.object_id(n) for n in node.seq())
    return (ctx.object_id(node),)


def _mana(node: Node, ctx: ParseContext) -> Step:
    amounts = {}
    for player, n in node.entries():
        amounts[ctx.player(Node(node.doc, n.path, player))] = n.integer(0, 10**6)
    return SetMana(amounts=amounts)


def _play(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping(
        {"card", "player", "mode", "targets", "may", "internal", "for_free", "into", "tough"}
        | {"scout"},
        required=("card",),
    )
    card = ctx.object_id(m["card"])
    player = ctx.player(m["player"]) if "player" in m else ctx.state.obj(card).owner
    targets = {k: _ids(n, ctx) for k, n in m["targets"].entries()} if "targets" in m else {}
    may = {k: n.boolean() for k, n in m["may"].entries()} if "may" in m else {}
    internal = {}
    if "internal" in m:
        for sid, n in m["internal"].entries():
            chosen = {k: _ids(t, ctx) for k, t in n.entries()} if n.value else {}
            internal[sid] = InternalChoice(chosen)
    choices = PlayChoices(
        player=player,
        mode=m["mode"].integer(1, 16) if "mode" in m else None,
        targets=targets,
        may=may,
        internal=internal,
        for_free=m["for_free"].boolean() if "for_free" in m else False,
        tough={
            ctx.object_id(Node(v.doc, v.path, k)): v.boolean()
            for k, v in m["tough"].mapping().items()
        }
        if "tough" in m
        else {},
        into=m["into"].choice(list(EXPEDITIONS)) if "into" in m else None,
    )
    return Play(card=card, choices=choices, scout=m["scout"].boolean() if "scout" in m else False)


def _send(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "to", "player"}, required=("target", "to"))
    return Send(
        target=ctx.object_id(m["target"]),
        zone=zone_of(m["to"]),
        player=ctx.player(m["player"]) if "player" in m else None,
    )


_FOUNDATION_MOVE = foundation.STEPS["move"]


def _move(node: Node, ctx: ParseContext) -> Step:
    """Under ``ruleset: altered`` a move to an Altered zone is the Altered move; any other
    move (another ruleset, or a zone such as the foundation's ``play``) is the foundation's."""
    zone_value = node.value.get("zone") if isinstance(node.value, dict) else None
    if ctx.state.ruleset.play_kernel is not PlayKernel.ALTERED or zone_value not in ZONE_NAMES:
        return _FOUNDATION_MOVE(node, ctx)
    m = node.mapping({"target", "zone", "player"}, required=("target", "zone"))
    return Send(
        target=ctx.object_id(m["target"]),
        zone=zone_of(m["zone"]),
        player=ctx.player(m["player"]) if "player" in m else None,
    )


def _gain_boosts(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "amount"}, required=("target", "amount"))
    return GainBoosts(target=ctx.object_id(m["target"]), amount=m["amount"].integer(1, 10**6))


def _grant(node: Node, ctx: ParseContext, can: bool) -> Step:
    m = node.mapping({"target", "action", "source"}, required=("target", "action", "source"))
    return Grant(
        target=ctx.object_id(m["target"]),
        action=m["action"].text("an action"),
        source=m["source"].ident("a source"),
        can=can,
    )


def _cannot_step(node: Node, ctx: ParseContext) -> Step:
    return _grant(node, ctx, can=False)


def _can_step(node: Node, ctx: ParseContext) -> Step:
    return _grant(node, ctx, can=True)


def _switch(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target"}, required=("target",))
    return Switch(target=ctx.object_id(m["target"]))


def _face_down_step(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target"}, required=("target",))
    return FaceDown(target=ctx.object_id(m["target"]))


def _look(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"player", "target"}, required=("player", "target"))
    return Look(player=ctx.player(m["player"]), target=ctx.object_id(m["target"]))


def _use(node: Node, ctx: ParseContext) -> Step:
    m = node.mapping({"target", "stat", "player", "gain_mana"}, required=("target", "stat"))
    target = ctx.object_id(m["target"])
    return UseCharacteristic(
        target=target,
        stat=m["stat"].ident("a characteristic"),
        player=ctx.player(m["player"]) if "player" in m else ctx.state.obj(target).owner,
        gain_mana=m["gain_mana"].boolean() if "gain_mana" in m else False,
    )


def _per_expedition(node: Node, ctx: ParseContext) -> dict[str, tuple[str, ...]]:
    """``{<player>-hero: [terrains], <player>-companion: [...]}``."""
    out: dict[str, tuple[str, ...]] = {}
    for key, n in node.entries():
        player, _, exp = key.partition("-")
        if player not in ctx.state.players or exp not in EXPEDITIONS:
            Node(node.doc, n.path, key).fail("<player>-hero or <player>-companion")
        out[f"{player}.{exp}"] = tuple(t.choice(TERRAINS) for t in n.seq())
    return out


def _dusk(node: Node, ctx: ParseContext) -> Step:
    """``dusk: {terrains, cannot, only}``: each a mapping ``<player>-<expedition>: [...]``
    (the region's terrains, A-DAY-1; 4.2.4.c; 4.2.4.d)."""
    terrains: dict[str, tuple[str, ...]] = {}
    limits: dict[str, TerrainLimits] = {}
    if node.value:
        m = node.mapping({"terrains", "cannot", "only"})
        if "terrains" in m:
            terrains = _per_expedition(m["terrains"], ctx)
        cannot = _per_expedition(m["cannot"], ctx) if "cannot" in m else {}
        only = _per_expedition(m["only"], ctx) if "only" in m else {}
        for key in sorted(set(cannot) | set(only)):
            limits[key] = TerrainLimits(cannot.get(key, ()), only.get(key))
    return Dusk(terrains=terrains, limits=limits)


def _rest(node: Node, ctx: ParseContext) -> Step:
    order: dict[str, tuple[str, ...]] = {}
    if node.value:
        m = node.mapping({"order"})
        if "order" in m:
            for player, n in m["order"].entries():
                order[ctx.player(Node(node.doc, n.path, player))] = _ids(n, ctx)
    return Rest(order=order)


def _decide(node: Node, ctx: ParseContext) -> Step:
    choices: dict[str, tuple[str, ...]] = {}
    initiative = None
    for key, n in node.entries():
        if key == "initiative":
            initiative = ctx.player(n)
        else:
            choices[ctx.player(Node(node.doc, n.path, key))] = _ids(n, ctx)
    return Decide(choices=choices, initiative=initiative)


STEPS: dict[str, StepParser] = {
    "mana": _mana,
    "play": _play,
    "send": _send,
    "move": _move,
    "boosts": _gain_boosts,
    "cannot": _cannot_step,
    "can": _can_step,
    "switch": _switch,
    "face_down": _face_down_step,
    "look": _look,
    "use": _use,
    "dusk": _dusk,
    "rest": _rest,
    "decide": _decide,
}


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "spell": _spell,
    "cannot": _cannot,
    "can": _can,
    "boosts": _boosts,
    "status": _status,
    "face_down": _face_down,
}
