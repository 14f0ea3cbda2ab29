"""Riftbound attachment (Core Rules 1.3: 135.4, 136, 137, 716-725; Equip 818, Quick-Draw
819, Weaponmaster 821). Pure functions of the game state.

A card attached to a unit (its Top-Most Card) keeps an ``Attached`` record holding its
own abilities, which are Inactive meanwhile (135.4, 718.2, 721.2: no subsystem sees
them); its keywords stay readable (135.4.a, 722.1). Its Effect Text (object key
``effect_text``: ``might_passives`` and ``keyword_passives`` kept in an inert
``EffectText``) is appended to the unit's abilities while attached (136.2.c, 719.1), and
its Might Bonus (``base.might_bonus``) is an addition to the unit's Might (137.3, 472.3.c),
ignored by a unit without Might (137.3.b, as every Might effect). Detaching undoes both;
a unit leaving the Board detaches its cards, which stay where they are (719.5).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.ability_zones import on_board
from arbiter.model.errors import IllegalAction
from arbiter.model.might_layers import MightPassive
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState

BONUS = "might_bonus"


@dataclass(frozen=True, slots=True)
class EffectText(Ability):
    """The Effect Text of a card: abilities it gives the unit it is attached to (136)."""

    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class Attached(Ability):
    """The card is attached to ``to``; ``inactive`` holds its Rules Text meanwhile."""

    to: str = ""
    inactive: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class GrantedText(Ability):
    """Abilities an effect gave the card (``ids``, model/riftbound_traits.py): granted
    rules text, active even while the card is attached to another (135.4.b)."""

    ids: tuple[str, ...] = ()


def granted_ids(obj: GameObject) -> frozenset[str]:
    return frozenset(i for g in obj.abilities if isinstance(g, GrantedText) for i in g.ids)


def attached_to(obj: GameObject) -> str | None:
    return next((a.to for a in obj.abilities if isinstance(a, Attached)), None)


def attached_cards(state: GameState, unit: str) -> list[GameObject]:
    found = (o for o in state.objects.values() if attached_to(o) == unit)
    return sorted(found, key=lambda o: (o.timestamp, o.id))


def _prefix(card: str) -> str:
    return f"{card}:"


def _appended(card: GameObject, unit: GameObject, t: int) -> tuple[Ability, ...]:
    """What the card gives its Top-Most Card: Effect Text, then the Might Bonus."""
    out: list[Ability] = []
    for text in (a for a in card.abilities if isinstance(a, EffectText)):
        out += [
            replace(a, id=f"{_prefix(card.id)}{a.id}", source=unit.id, timestamp=t)
            for a in text.abilities
        ]
    bonus = card.base.get(BONUS)
    if isinstance(bonus, int):
        out.append(MightPassive(f"{_prefix(card.id)}{BONUS}", unit.id, t, add=bonus))
    return tuple(out)


def detach(state: GameState, card_id: str, rule: str) -> GameState:
    card = state.obj(card_id)
    to = attached_to(card)
    if to is None:
        return state
    record = next(a for a in card.abilities if isinstance(a, Attached))
    kept = tuple(a for a in card.abilities if not isinstance(a, Attached))
    state, t = state.tick()  # 475.2: active again, its Rules Text gets a new timestamp
    active = tuple(replace(a, timestamp=t) for a in record.inactive)
    state = state.with_object(replace(card, abilities=(*active, *kept)))
    unit = state.obj(to)
    left = tuple(a for a in unit.abilities if not a.id.startswith(_prefix(card_id)))
    state = state.with_object(replace(unit, abilities=left))
    fields: tuple[tuple[str, JSON], ...] = (("card", card_id), ("from", to))
    return state.with_event(Event("detach", fields, (rule, "Riftbound 718.1")))


def attach(state: GameState, card_id: str, unit_id: str, rules: tuple[str, ...]) -> GameState:
    """434, 717: the card becomes attached to the unit (detached first from another,
    718.5.d) and goes to the unit's location (719.3)."""
    state = detach(state, card_id, "Riftbound 718.5.d")
    card, unit = state.obj(card_id), state.obj(unit_id)
    if unit.kind != "unit" or not on_board(state, unit.zone):
        raise IllegalAction("Riftbound 717", f"{unit_id} is not a unit on the Board")
    if card.kind == "unit":
        raise IllegalAction("Riftbound 717", f"{card_id}, a unit, is not attached")
    state, t = state.tick()
    granted = granted_ids(card)  # 135.4.b: granted rules text stays active
    inactive = tuple(
        a for a in card.abilities if not isinstance(a, EffectText) and a.id not in granted
    )
    texts = tuple(a for a in card.abilities if isinstance(a, EffectText))
    record = Attached("attached", card_id, t, to=unit_id, inactive=inactive)
    active = tuple(a for a in card.abilities if a.id in granted or isinstance(a, GrantedText))
    moved = replace(card, zone=unit.zone, region=unit.region, abilities=(record, *texts, *active))
    state = state.with_object(moved)
    state = state.with_object(replace(unit, abilities=(*unit.abilities, *_appended(card, unit, t))))
    fields: tuple[tuple[str, JSON], ...] = (
        ("card", card_id),
        ("to", unit_id),
        ("equipped", "Equip" in card.features),
    )
    return state.with_event(Event("attach", fields, (*rules, "Riftbound 718.2", "Riftbound 719.1")))


def leave_board(state: GameState, unit_id: str) -> GameState:
    """719.5: the cards attached to a unit leaving the Board detach and stay put (in the
    order of their attachment; the controller's choice, 719.5.a, is not asked)."""
    for card in attached_cards(state, unit_id):
        state = detach(state, card.id, "Riftbound 719.5")
    return state


def follow(state: GameState, unit_id: str) -> GameState:
    """719.3.a: the cards attached to a unit that moved are where it is."""
    unit = state.obj(unit_id)
    for card in attached_cards(state, unit_id):
        state = state.with_object(replace(card, zone=unit.zone, region=unit.region))
    return state


def equip(state: GameState, gear_id: str, unit_id: str) -> GameState:
    """818.1.b-c: a gear with Equip is attached to a unit its controller controls."""
    gear, unit = state.obj(gear_id), state.obj(unit_id)
    if "Equip" not in gear.features:
        raise IllegalAction("Riftbound 818.1.b", f"{gear_id} has no Equip")
    if unit.controlled_by != gear.controlled_by:
        raise IllegalAction(
            "Riftbound 818.1.c.2", f"{gear_id} is attached to a unit {gear.controlled_by} controls"
        )
    return attach(state, gear_id, unit_id, ("Riftbound 818.1.b", "Riftbound 818.2"))
