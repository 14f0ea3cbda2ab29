"""File format of the imported card text the play kernel runs (docs/format.md, "Imported
text the engine runs"): object and card keys ``additional_costs``, ``as_enters``,
``permissions`` (the card language, as a format 2 card set writes them) and ``statics``
(cost changes), and the ``extra:`` key of ``play_card`` (Decisions IMP-EXTRA,
IMP-ENTER, IMP-MAY, IMP-COST)."""

from __future__ import annotations

from arbiter.model import imported_play as ip
from arbiter.model.effects import algebra as a
from arbiter.model.effects import syntax
from arbiter.model.format.context import ObjectKeyParser, ParseContext
from arbiter.model.format.document import Node
from arbiter.model.state import GameObject

_RUN = {
    a.Kind.ADDITIONAL_COST: "an additional cost the engine pays: Energy or Power (counters "
    "mana, a domain or any-domain of you, lowered), exhaust or ready, a zone move, counters",
    a.Kind.AS_ENTERS: "an as-enters effect the engine runs: ready or exhaust, of self or all",
    a.Kind.PERMISSION: "a permission the engine reads: play to open_battlefield or "
    "occupied_enemy_battlefield (Riftbound), or play exhausted cards from the reserve (Altered)",
}


_DOCS = {
    a.Kind.ADDITIONAL_COST: "``additional_costs: [{id, text, cost, may}]``: paid as the card is"
    " played when ``play_card`` names them in ``extra`` (Riftbound 356.2, 357.2).",
    a.Kind.AS_ENTERS: "``as_enters: [{id, text, do}]``: ready or exhaust what enters the Board"
    " (Riftbound 143.4.a, 805.6).",
    a.Kind.PERMISSION: "``permissions: [{id, text, do: {play: {target, to}}}]``: where or what"
    " its player may play although the rules forbid it (Riftbound 169.10, Altered 2.4.5.d).",
}


def _abilities(kind: a.Kind) -> ObjectKeyParser:
    def parse(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
        items = node.seq(f"a list of {kind.value} abilities")
        found = [syntax.ability(n, kind, i) for i, n in enumerate(items)]
        taken = {x.id for x in obj.abilities}
        for n, ab in zip(items, found, strict=True):
            if ab.ident in taken:
                n.fail(f"an ability id not used twice on {obj.id}", got=False)
            taken.add(ab.ident)
            if not ip.runs(ab):
                n.fail(_RUN[kind], got=False)
        out, _ = ip.attach(obj, found)
        return out

    parse.__doc__ = _DOCS[kind]
    return parse


def _statics(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """``statics: [{id, text, do: {cost: {add, of, floor}}}]``: static cost changes (356.4).

    Each is read as a CostModifier of the object (Decision IMP-COST)."""
    found = []
    for i, n in enumerate(node.seq("a list of static abilities")):
        m = n.mapping({"id", "text", "do"}, required=("do",))
        effects = syntax.effects(m["do"])
        ab = a.CardAbility(
            a.Kind.PASSIVE,
            effects,
            ident=m["id"].ident() if "id" in m else f"static{i + 1}",
            text=m["text"].text() if "text" in m else "",
        )
        if ip.cost_modifier(ab, obj) is None:
            m["do"].fail(
                "one cost change by a printed number, of self or of every card of some kinds"
                " and side ({cost: {add: -1, of: {yours: spell}}})",
                got=False,
            )
        found.append(ab)
    out, _ = ip.attach(obj, found)
    return out


def extra_choice(node: Node, ctx: ParseContext) -> ip.ExtraChoice:
    """``extra: true | false | [ids] | [{id, choose: [object ids]}]``: the additional costs
    the player pays as the card is played (356.2)."""
    if isinstance(node.value, bool):
        return ip.ExtraChoice(every=node.boolean())
    paid: list[str] = []
    chosen: list[tuple[str, tuple[str, ...]]] = []
    for item in node.seq("a list of additional cost ids"):
        if isinstance(item.value, dict):
            m = item.mapping({"id", "choose"}, required=("id",))
            ident = m["id"].ident("an additional cost id")
            if "choose" in m:
                picks = m["choose"].seq("a list of object ids")
                chosen.append((ident, tuple(ctx.object_id(p) for p in picks)))
        else:
            ident = item.ident("an additional cost id")
        paid.append(ident)
    return ip.ExtraChoice(tuple(paid), False, tuple(chosen))


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {
    "additional_costs": _abilities(a.Kind.ADDITIONAL_COST),
    "as_enters": _abilities(a.Kind.AS_ENTERS),
    "permissions": _abilities(a.Kind.PERMISSION),
    "statics": _statics,
}
