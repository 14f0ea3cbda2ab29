"""English for the zone actions of the card language: moves, tokens created, resources
added; where an event happens; rules a static ability changes (part of
:mod:`model.effects.describe`, kept apart only to keep each module small)."""

from __future__ import annotations

from arbiter.model.effects import algebra as a

_SPENDS = {
    a.Spend.PLAY_SPELLS: "to play spells",
    a.Spend.PLAY_GEAR: "to play gear",
    a.Spend.GEAR_ABILITIES: "to use abilities of gear",
}


def only(act: a.AddCounters) -> str:
    """ "Use only to play spells": what the resources added may pay for (IMP-SPEND)."""
    if not act.only:
        return ""
    return f", to be spent only {' or '.join(_SPENDS[x] for x in a.Spend if x in act.only)}"


_TOKEN_PLACES = {
    a.TokenPlace.DEFAULT: "",
    a.TokenPlace.CHOSEN_EXPEDITION: " in an expedition of yours you choose",
    a.TokenPlace.MY_EXPEDITION: " in this card's expedition",
    a.TokenPlace.EACH_EXPEDITION: " in each of your expeditions",
    a.TokenPlace.BASE: " in your base",
    a.TokenPlace.HERE: " here",
    a.TokenPlace.HERO_EXPEDITION: " in your hero expedition",
    a.TokenPlace.COMPANION_EXPEDITION: " in your companion expedition",
}


def create(act: a.CreateToken, n: str, who: str) -> str:
    """``n``: the number of tokens, as ``describe.amount`` words it."""
    many = "token" if n == "1" else "tokens"
    name = act.name or act.card
    parts = [act.kind] if act.kind else []
    parts += [f"{stat} {value}" for stat, value in act.stats]
    parts += sorted(act.subtypes)
    if act.defined_by:
        parts.append(f"as {act.defined_by} defines it")
    spec = f" ({', '.join(parts)})" if parts else ""
    enters = f", {act.enters.value}" if act.enters is not a.TokenEntry.DEFAULT else ""
    verb = "create" if who == "you" else f"{who} creates"
    return f"{verb} {n} {name} {many}{spec}{_TOKEN_PLACES[act.place]}{enters}"


_MOVE_PLACES = {  # Riftbound 442.2, 444.1
    a.MovePlace.BATTLEFIELD: "move {w} to a battlefield",
    a.MovePlace.OPEN_BATTLEFIELD: "move {w} to an open battlefield (unoccupied, uncontrolled)",
    a.MovePlace.HERE: "move {w} to this card's battlefield",
    a.MovePlace.BASE_OR_BATTLEFIELD: "move {w} from a battlefield to its base, or from its base "
    "to a battlefield",
    a.MovePlace.ANY: "move {w} to its base or a battlefield (one it is not at)",
}


def move(act: a.MoveTo, e: a.Effect, who: str, n: str) -> str:
    """``n``: the amount, as ``describe.amount`` words it ("" when there is none)."""
    tired = " exhausted" if act.exhausted else ""
    if act.move is a.ZoneMove.CHANNEL:
        runes = "rune" if n in ("", "1") else "runes"
        return f"{who} channel{'s' if who != 'you' else ''} {n or 1} {runes}{tired}"
    if act.move in (a.ZoneMove.RESUPPLY, a.ZoneMove.EXHAUSTED_RESUPPLY):
        verb = "resupply" if act.move is a.ZoneMove.RESUPPLY else "do an exhausted resupply"
        times = "" if n in ("", "1") else f" {n} times"
        return f"{who} {verb}{times}" if who == "you" else f"{who} does: {verb}{times}"
    if act.move in (a.ZoneMove.DRAW, a.ZoneMove.DISCARD) and e.selector.is_player:
        verb = act.move.value + ("s" if who != "you" else "")
        cards = "card" if n in ("", "1") else "cards"
        return f"{who} {verb} {n or 1} {cards}"
    if act.move is a.ZoneMove.TO_ZONE and act.to is not a.MovePlace.ZONE:
        return _MOVE_PLACES[act.to].format(w=who) + tired
    verb = {
        a.ZoneMove.DISCARD: "discard {w}",
        a.ZoneMove.RECALL: "send {w} to the Reserve",
        a.ZoneMove.RETURN_TO_HAND: "return {w} to its owner's hand",
        a.ZoneMove.DESTROY: "destroy {w}",
        a.ZoneMove.SACRIFICE: "sacrifice {w}",
        a.ZoneMove.TO_ZONE: "move {w} to the " + act.zone.replace("_", " "),
        a.ZoneMove.SWITCH: "{w} switches expeditions",
        a.ZoneMove.RECYCLE: "recycle {w} (to the bottom of its deck)",
    }[act.move]
    return verb.format(w=who) + tired


EVENT_PLACES = {  # When.at
    a.EventPlace.ANY: "",
    a.EventPlace.BATTLEFIELD: " to a battlefield",
    a.EventPlace.YOUR_BATTLEFIELD: " a battlefield you control",
    a.EventPlace.OPEN_BATTLEFIELD: " a battlefield that was open (unoccupied, uncontrolled)",
    a.EventPlace.COMBAT: " in combat",
}

RULES = {  # Overrule: "{w}" is the units it applies to
    a.Rule.ASSIGNED_LAST: "{w} must be assigned combat damage after every unit without this "
    "demand (last)",
    a.Rule.ANY_BUFFS: "{w} can have any number of buffs (not only one)",
}


def paid(c: a.Effect) -> bool:
    """A cost that is a payment of a player's resource ("2 mana")."""
    n = c.amount
    return (
        isinstance(c.action, a.AddCounters)
        and c.selector.pick is a.Pick.YOU
        and isinstance(n, a.Const)
        and isinstance(n.value, int)
        and n.value < 0
    )


def unconditional(e: a.Effect) -> a.Effect:
    from dataclasses import replace

    return replace(e, condition=None)
