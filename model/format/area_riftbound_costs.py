"""File format of Riftbound costs (docs/format.md, "Riftbound: costs and their payment").
Object keys ``costs`` (what a card prints: play, Equip, Repeat costs) and
``cost_modifiers`` (passives altering costs); steps ``pay`` and ``rune``; the ``pay:`` key
that ``play_card`` and ``equip`` take (``pay_choice``)."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_total_cost as tc
from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.riftbound_payment import PayStep, PlayOnly, RuneStep
from arbiter.model.state import GameObject
from arbiter.model.steps import Step

LIMIT = 1000
POWER_SYMBOLS = (*(d.value for d in rc.Domain), rc.ANY)


def _items(node: Node) -> list[Node]:
    return node.seq() if isinstance(node.value, list) else [node]


def cost(node: Node, card: GameObject | None = None) -> rc.Cost:
    """``{energy: N, power: [fury, A, C], exhaust: true}`` or a number (Energy only);
    ``C`` is the card's own domain (135.2.e.6), so it needs the card."""
    if isinstance(node.value, int) and not isinstance(node.value, bool):
        return rc.Cost.of(node.integer(0, LIMIT))
    m = node.mapping({"energy", "power", "exhaust"})
    energy = m["energy"].integer(0, LIMIT) if "energy" in m else 0
    allowed = [*rc.SYMBOLS] if card is not None else [*POWER_SYMBOLS]
    symbols = tuple(s.choice(allowed) for s in _items(m["power"])) if "power" in m else ()
    holder = card if card is not None else GameObject(id="", owner="", kind="")
    out = rc.symbols_cost(holder, energy, symbols)
    return replace(out, exhaust=m["exhaust"].boolean()) if "exhaust" in m else out


def pay_choice(node: Node, ctx: ParseContext) -> rc.PayChoice:
    """``pay: true`` (runes picked by Decision RB-PAY-1) or ``{exhaust: [runes], recycle:
    [runes], any_from: [domains], order: [discount ids], auto}``."""
    if isinstance(node.value, bool):
        if not node.boolean():
            node.fail("true, or a mapping of the runes that pay")
        return rc.AUTO
    return choice_of(node.mapping(CHOICE_KEYS), ctx)


CHOICE_KEYS = {"exhaust", "recycle", "any_from", "order", "auto"}


def choice_of(m: dict[str, Node], ctx: ParseContext) -> rc.PayChoice:
    exhaust = tuple(ctx.object_id(r) for r in _items(m["exhaust"])) if "exhaust" in m else ()
    recycle = tuple(ctx.object_id(r) for r in _items(m["recycle"])) if "recycle" in m else ()
    any_from = (
        tuple(rc.Domain(d.choice([x.value for x in rc.Domain])) for d in _items(m["any_from"]))
        if "any_from" in m
        else ()
    )
    order = tuple(i.ident("a cost modifier id") for i in _items(m["order"])) if "order" in m else ()
    auto = m["auto"].boolean() if "auto" in m else not (exhaust or recycle)
    return rc.PayChoice(exhaust, recycle, any_from, auto, order)


def _opt(m: dict[str, Node], key: str, options: list[str]) -> str:
    return m[key].choice(options) if key in m else ""


def _costs(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``costs: {play, equip, equip_timing, equip_to, repeat}``: what a card prints (131).

    Its Equip cost and what its Equip text alters (818.1.c), its Repeat costs (820.1.c)."""
    keys = {"play", "equip", "equip_timing", "equip_to", "repeat"}
    m = node.mapping(keys)
    printed = tc.PrintedCosts(
        id="costs",
        source=obj.id,
        timestamp=obj.timestamp,
        play=cost(m["play"], obj) if "play" in m else None,
        equip=cost(m["equip"], obj) if "equip" in m else None,
        equip_timing=_opt(m, "equip_timing", ["action", "reaction"]),
        equip_to=_opt(m, "equip_to", ["base", "battlefield"]),
        repeat=tuple(cost(r, obj) for r in _items(m["repeat"])) if "repeat" in m else (),
    )
    kept = tuple(a for a in obj.abilities if not isinstance(a, tc.PrintedCosts))
    return replace(obj, abilities=(*kept, printed))


MODIFIER_KEYS = {
    "id",
    "energy",
    "power",
    "minimum",
    "use",
    "kinds",
    "whose",
    "self",
    "at_battlefield",
    "highest_might",
    "text",
}


def _cost_modifiers(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``cost_modifiers: [{id, energy, power, minimum, use, …}]``: passives altering costs.

    Keys ``power: {A: -1}``, ``kinds``, ``whose``, ``self``, ``at_battlefield``,
    ``highest_might``, ``text`` (Riftbound 356, 363, 366.2)."""
    added = []
    for n, item in enumerate(_items(node), start=1):
        m = item.mapping(MODIFIER_KEYS)
        power: list[tuple[str, int]] = []
        for symbol, v in m["power"].mapping(POWER_SYMBOLS).items() if "power" in m else ():
            power.append((symbol, v.integer(-LIMIT, LIMIT)))
        added.append(
            tc.CostModifier(
                id=m["id"].ident("a cost modifier id") if "id" in m else f"cost{n}",
                source=obj.id,
                timestamp=obj.timestamp,
                energy=m["energy"].integer(-LIMIT, LIMIT) if "energy" in m else 0,
                power=tuple(power),
                minimum=m["minimum"].integer(0, LIMIT) if "minimum" in m else None,
                use=tc.CostUse(m["use"].choice([u.value for u in tc.CostUse]))
                if "use" in m
                else tc.CostUse.TOTAL,
                kinds=tuple(k.choice(["unit", "gear", "spell"]) for k in _items(m["kinds"]))
                if "kinds" in m
                else (),
                whose=tc.Whose(m["whose"].choice([w.value for w in tc.Whose]))
                if "whose" in m
                else tc.Whose.YOURS,
                self_only=m["self"].boolean() if "self" in m else False,
                at_battlefield=m["at_battlefield"].boolean() if "at_battlefield" in m else False,
                by_highest_might=m["highest_might"].boolean() if "highest_might" in m else False,
            )
        )
    return replace(obj, abilities=(*obj.abilities, *added))


def _play_only(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``play_only: opponents_turn | your_turn``: when the card may be played (366.1).

    "Play me only during an opponent's turn": a passive read where the card is played
    from."""
    turn = {"opponents_turn": "opponents", "your_turn": "yours"}[
        node.choice(["opponents_turn", "your_turn"])
    ]
    only = PlayOnly(id="play_only", source=obj.id, timestamp=obj.timestamp, turn=turn)
    return replace(obj, abilities=(*obj.abilities, only))


def _pay(node: Node, ctx: ParseContext) -> Step:
    """``pay: {player, cost, source, exhaust, recycle, any_from}``: a player pays a cost.

    An ability's cost (Riftbound 403-404)."""
    m = node.mapping({"player", "cost", "source", *CHOICE_KEYS}, required=("player", "cost"))
    source = ctx.object_id(m["source"]) if "source" in m else None
    card = ctx.state.objects.get(source) if source is not None else None
    choice = choice_of({k: v for k, v in m.items() if k in CHOICE_KEYS}, ctx)
    return PayStep(
        player=ctx.player(m["player"]), cost=cost(m["cost"], card), source=source, choice=choice
    )


def _rune(node: Node, ctx: ParseContext) -> Step:
    """``rune: {target, use: exhaust | recycle}``: a rune's ability adds to the pool (163.2)."""
    m = node.mapping({"target", "use"}, required=("target",))
    use = m["use"].choice(["exhaust", "recycle"]) if "use" in m else "exhaust"
    return RuneStep(target=ctx.object_id(m["target"]), use=use)


STEPS: dict[str, StepParser] = {"pay": _pay, "rune": _rune}

OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "costs": _costs,
    "cost_modifiers": _cost_modifiers,
    "play_only": _play_only,
}
