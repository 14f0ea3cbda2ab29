"""Altered types, sub-types and zone types (Complete Rules 3.0, 2.2.1-2.2.3), read from an
object: its ``kind`` is its type, ``base.subtypes`` its sub-types, ``base.zone_type`` the
zone type of a Permanent. Pure functions; the file checks are in
``arbiter.model.format.area_altered_objects``.
"""

from __future__ import annotations

from arbiter.model.altered.zones import zone_kind
from arbiter.model.emblems import EMBLEM, OngoingEmblem
from arbiter.model.state import GameObject

MANA_ORB = "mana_orb"
_CHARACTER_SUBTYPES = (
    "adventurer animal apprentice artist bureaucrat citizen companion deity dragon druid "
    "elemental engineer fairy leviathan mage messenger noble plant robot soldier scholar "
    "spirit titan trainer"
)
# 2.2.1.a: the types, and 2.2.2.d-h the sub-types each may have (2.2.2.b: Heroes none).
SUBTYPES: dict[str, frozenset[str]] = {
    "character": frozenset(_CHARACTER_SUBTYPES.split()),
    "emblem": frozenset({"reaction", "ongoing"}),
    "hero": frozenset(),
    MANA_ORB: frozenset(),
    "permanent": frozenset({"construction", "gear", "site"}),
    "region": frozenset({"forest", "mountain", "water"}),
    "spell": frozenset({"boon", "conjuration", "disruption", "maneuver", "song"}),
}
TYPES = tuple(SUBTYPES)
ZONE_TYPES = ("expedition", "landmark")  # 2.2.3.b: of a Permanent
TOKEN_KIND = "token"  # a token the card language creates without a kind: a Character
# 2.2.2.k: the Hero region, the Companion region and the Arena are all three terrains
PLACES = frozenset({"hero", "companion", "arena"})
TERRAIN_SUBTYPES = frozenset({"forest", "mountain", "water"})


def type_of(obj: GameObject) -> str:
    """2.2.1.b: an object has one type: an object in the Mana zone is a Mana Orb (2.2.1.f,
    3.2.9.c); a token is a Character (2.2.1.d: its kind is ``character``); otherwise its
    kind."""
    if zone_kind(obj.zone) == "mana":
        return MANA_ORB
    return "character" if obj.kind == TOKEN_KIND else obj.kind


def subtypes_of(obj: GameObject) -> frozenset[str]:
    """Its sub-types, lower case: an Emblem's is Ongoing or Reaction by what made it
    (2.2.2.m); a Mana Orb has none (only its type is known: 3.2.9.c); the region a file
    places at ``base.place: [hero | companion | arena]`` is Forest, Mountain and Water
    (2.2.2.k); a token's are those its effect gives (2.2.2.j)."""
    if type_of(obj) == MANA_ORB:
        return frozenset()
    if obj.kind == EMBLEM:
        ongoing = any(isinstance(a, OngoingEmblem) for a in obj.abilities)
        return frozenset({"ongoing" if ongoing else "reaction"})
    from arbiter.model.values import characteristics as ch
    from arbiter.model.values.reading import SetReading

    place = obj.base.get("place")
    if obj.kind == "region" and isinstance(place, frozenset) and place & PLACES:
        return TERRAIN_SUBTYPES
    if "subtypes" not in obj.base and "subtypes" not in obj.mods:
        return frozenset()
    r = ch.read(obj, "subtypes")  # after the effects that add or remove some (2.2.2.p)
    return frozenset(s.lower() for s in r.members) if isinstance(r, SetReading) else frozenset()


def zone_type(obj: GameObject) -> str | None:
    """2.2.3: a Permanent's zone type, Expedition or Landmark (Landmark when none is
    written: the zone the Permanents of earlier files joined)."""
    if obj.kind != "permanent":
        return None
    value = obj.base.get("zone_type")
    if isinstance(value, frozenset) and value:
        return next(iter(value)).lower()
    return "landmark"


def is_a(obj: GameObject, name: str, *, in_play_only: bool) -> bool:
    """Whether ``obj`` is "a [type or sub-type]": a cost or an effect that refers to "a
    [type]" means an object in play unless it names a zone (2.2.1.h, 2.2.2.n); one that
    checks a given object looks at it wherever it is (2.2.1.i, 2.2.2.o)."""
    name = name.lower()
    if in_play_only and zone_kind(obj.zone) not in ("expedition", "landmark"):
        return False
    return type_of(obj) == name or name in subtypes_of(obj)
