"""Checks of an Altered object as a file gives it (docs/format.md, "Altered: objects"), run
on its ``zone:`` once the object is read, each under a ruleset policy:

- ``type_lists``: its kind is a type, its ``base.subtypes`` are sub-types of that type and
  a Permanent's ``base.zone_type`` is Expedition or Landmark (Altered 2.2.1.a, 2.2.2.a-h,
  2.2.3.a-b);
- ``counterless_zones``: an object in the Discard pile, Deck or Hand has no counter and no
  status (2.5.b, 2.4.1.c);
- ``single_zones``: a player's Hero zone holds one Hero at most (3.2.6.b).

And the steps ``orb`` (a Mana Orb exhausted to ready another, 3.2.9.e) and ``to_deck`` (a
card put at a position of a Deck, 3.2.2.f).
"""

from __future__ import annotations

from arbiter.model.format.context import ObjectKeyParser, ParseContext, StepParser
from arbiter.model.format.document import Node
from arbiter.model.ruleset import TypeLists
from arbiter.model.state import GameObject
from arbiter.model.steps import Step


def _at(node: Node, key: str, value: object) -> Node:
    return Node(node.doc, (*node.path[:-1], key), value)


def _types(node: Node, obj: GameObject) -> None:
    from arbiter.model.altered.types import SUBTYPES, TYPES, ZONE_TYPES

    if obj.kind not in TYPES or obj.kind == "mana_orb":
        kinds = ", ".join(t for t in TYPES if t != "mana_orb")
        _at(node, "kind", obj.kind).fail(
            f"an Altered type ({kinds}; Altered 2.2.1.a: a card in the Mana zone is a Mana "
            "Orb by its zone)"
        )
    subtypes = obj.base.get("subtypes")
    if isinstance(subtypes, frozenset):
        allowed = SUBTYPES[obj.kind]
        listed_elsewhere = frozenset().union(*SUBTYPES.values()) - allowed
        # AL-SUBTYPES: a sub-type of no list (a later set's) is accepted
        wrong = sorted(s for s in subtypes if s.lower() in listed_elsewhere or not allowed)
        if wrong:
            listed = ", ".join(sorted(allowed)) or "none (Altered 2.2.2.b)"
            _at(node, "base", sorted(subtypes)).fail(
                f"sub-types of a {obj.kind} (Altered 2.2.2: {listed}), got {', '.join(wrong)}",
                got=False,
            )
    zone_type = obj.base.get("zone_type")
    if zone_type is not None:
        names = sorted(zone_type) if isinstance(zone_type, frozenset) else [str(zone_type)]
        if obj.kind != "permanent" or len(names) != 1 or names[0].lower() not in ZONE_TYPES:
            _at(node, "base", names).fail(
                "a zone_type of a permanent: [expedition] or [landmark] (Altered 2.2.3.a-b)"
            )


def _zone(node: Node, ctx: ParseContext, obj: GameObject) -> GameObject:
    """The zone the object is in (Altered: its checks, 2.2.1-2.2.3, 2.4.1.c, 2.5.b, 3.2.6.b)."""
    ruleset = ctx.state.ruleset
    if ruleset.type_lists is TypeLists.ALTERED_3_0:
        _types(node, obj)
    zone = obj.zone.split(":", 1)[0]
    if zone in ruleset.counterless_zones and any(obj.counters.values()):
        given = ", ".join(sorted(k for k, v in obj.counters.items() if v))
        node.fail(
            f"no counters or statuses on an object in the {zone} (Altered 2.5.b, 2.4.1.c); "
            f"it has {given}",
            got=False,
        )
    if zone in ruleset.single_zones:
        for other in ctx.state.objects.values():
            same = other.zone.split(":", 1)[0] == zone and other.owner == obj.owner
            if same and other.id != obj.id:
                node.fail(
                    f"one object in {obj.owner}'s {zone} zone ({ruleset.single_zone_rule}); "
                    f"{other.id} is there already",
                    got=False,
                )
    return obj


def _orb(node: Node, ctx: ParseContext) -> Step:
    """Exhaust a ready Mana Orb to ready an exhausted one (Altered 3.2.9.e)."""
    from arbiter.model.altered.mana_orbs import OrbSwap

    m = node.mapping({"player", "exhaust", "ready"}, required=("player", "exhaust", "ready"))
    return OrbSwap(
        player=ctx.player(m["player"]),
        spent=ctx.object_id(m["exhaust"]),
        readied=ctx.object_id(m["ready"]),
    )


def _to_deck(node: Node, ctx: ParseContext) -> Step:
    """Put a card in a Deck, X cards from the top or the bottom (Altered 3.2.2.f)."""
    from arbiter.model.altered.deck import PutInDeck

    m = node.mapping({"card", "player", "top", "bottom"}, required=("card",))
    if ("top" in m) == ("bottom" in m):
        node.fail("exactly one of 'top: X' and 'bottom: X' (X cards above or below it)", got=False)
    key = "top" if "top" in m else "bottom"
    card = ctx.object_id(m["card"])
    return PutInDeck(
        card=card,
        player=ctx.player(m["player"]) if "player" in m else ctx.state.obj(card).owner,
        cards=m[key].integer(0, 10**6),
        from_top=key == "top",
    )


OBJECT_KEY_PARSERS: dict[str, ObjectKeyParser] = {"zone": _zone}
STEPS: dict[str, StepParser] = {"orb": _orb, "to_deck": _to_deck}
