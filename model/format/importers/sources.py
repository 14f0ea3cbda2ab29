"""Readers of the publishers' card JSON into one neutral shape, ``RawCard``.

Both readers are total: a card whose fields are missing or of the wrong type is
skipped with a reason (``Skipped``), never a crash. Field names are the sources'
own (the official Riftbound gallery; the official Altered card API).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from arbiter.model.errors import InputError, Location


class Game(Enum):
    RIFTBOUND = "riftbound"
    ALTERED = "altered"


class Section(Enum):
    """Where a line of text sits on the card."""

    MAIN = "main"
    ECHO = "echo"  # Altered support ability (active in Reserve)


@dataclass(frozen=True, slots=True)
class RawCard:
    game: Game
    id: str  # a stable card id for the card-set file
    name: str
    set_code: str
    set_name: str
    number: str
    kind: str  # unit, spell, gear, legend, battlefield, rune, character, permanent, hero ...
    types: tuple[str, ...]  # printed card types and supertypes (Champion, Token, Landmark ...)
    tags: tuple[str, ...]  # Riftbound tags, Altered subtypes
    factions: tuple[str, ...]  # Riftbound domains, Altered main faction
    rarity: str
    stats: Mapping[str, int]  # might, energy, power; forest, mountain, water, costs ...
    text: Mapping[Section, str]  # the printed text, as published


@dataclass(frozen=True, slots=True)
class Skipped:
    index: int
    reason: str


@dataclass(frozen=True, slots=True)
class Pool:
    game: Game
    cards: tuple[RawCard, ...]
    skipped: tuple[Skipped, ...] = field(default=())


class _Bad(Exception):
    """A card of the pool is malformed (the reason is the message)."""


def _str(card: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = card.get(key, default)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        if default is not None and value is None:
            return default
        raise _Bad(f"{key}: expected a string, got {type(value).__name__}")
    return value


def _strs(card: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = card.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Bad(f"{key}: expected a list of strings")
    return tuple(v.strip() for v in value if v.strip())


def _number(value: Any, key: str) -> int | None:
    """A printed number: an int, or a string of digits ('' and None: absent)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise _Bad(f"{key}: expected a number, got a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        value = value.replace("#", "")  # Altered marks a rare's different number as #2#
        if re.fullmatch(r"\s*-?\d{1,6}\s*", value):
            return int(value)
    raise _Bad(f"{key}: expected a number, got {value!r:.40}")


def slug(text: str) -> str:
    """A card id made of lower-case letters, digits, '_' and '-'."""
    out = re.sub(r"[^a-z0-9_-]+", "_", text.lower()).strip("_")
    return out or "card"


# -- Riftbound ------------------------------------------------------------------------

RIFTBOUND_KINDS = {
    "unit": "unit",
    "spell": "spell",
    "gear": "gear",
    "legend": "legend",
    "battlefield": "battlefield",
    "rune": "rune",
}


def _riftbound_card(card: Mapping[str, Any]) -> RawCard:
    if not isinstance(card, Mapping):
        raise _Bad("expected a mapping")
    name = _str(card, "name").strip()
    if not name:
        raise _Bad("name: expected a card name")
    types = _strs(card, "cardTypes")
    if not types:
        raise _Bad("cardTypes: expected at least one card type")
    kind = RIFTBOUND_KINDS.get(types[0].lower(), slug(types[0]))
    code = _str(card, "publicCode", "")
    set_code = _str(card, "setId", "").strip() or code.split("-")[0] or "SET"
    number = code.split("-", 1)[1].split("/")[0] if "-" in code else _str(card, "id", "")
    stats: dict[str, int] = {}
    for key in ("might", "energy", "power"):
        n = _number(card.get(key), key)
        if n is not None:
            stats[key] = n
    ident = slug(_str(card, "id", "") or f"{set_code}-{number}")
    return RawCard(
        game=Game.RIFTBOUND,
        id=ident,
        name=name,
        set_code=slug(set_code).upper(),
        set_name=_str(card, "set", "") or set_code,
        number=number,
        kind=kind,
        types=types + _strs(card, "superTypes"),
        tags=_strs(card, "tags"),
        factions=_strs(card, "domains"),
        rarity=_str(card, "rarity", ""),
        stats=stats,
        text={Section.MAIN: _str(card, "abilityText", "")},
    )


# -- Altered --------------------------------------------------------------------------

ALTERED_KINDS = {
    "CHARACTER": "character",
    "SPELL": "spell",
    "PERMANENT": "permanent",
    "LANDMARK_PERMANENT": "landmark",
    "EXPEDITION_PERMANENT": "expedition_permanent",
    "HERO": "hero",
    "TOKEN": "token_character",
    "TOKEN_MANA": "mana",
    "FOILER": "foiler",
}
ALTERED_STATS = {
    "MAIN_COST": "hand_cost",
    "RECALL_COST": "reserve_cost",
    "FOREST_POWER": "forest",
    "MOUNTAIN_POWER": "mountain",
    "OCEAN_POWER": "water",
    "RESERVE": "reserve_limit",
    "PERMANENT": "landmark_limit",
}


def _ref(value: Any, key: str) -> tuple[str, str]:
    """An API object {reference, name} (or a plain string): (reference, name)."""
    if isinstance(value, str):
        return value, value
    if isinstance(value, Mapping):
        ref, name = value.get("reference"), value.get("name")
        if isinstance(ref, str) and isinstance(name, str | None):
            return ref, name or ref
    raise _Bad(f"{key}: expected an object with a reference")


def _altered_card(card: Mapping[str, Any]) -> RawCard:
    if not isinstance(card, Mapping):
        raise _Bad("expected a mapping")
    name = _str(card, "name").strip()
    if not name:
        raise _Bad("name: expected a card name")
    type_ref, type_name = _ref(card.get("cardType"), "cardType")
    set_ref, set_name = _ref(card.get("cardSet"), "cardSet")
    elements = card.get("elements") or {}
    if not isinstance(elements, Mapping):
        raise _Bad("elements: expected a mapping")
    stats: dict[str, int] = {}
    for key, stat in ALTERED_STATS.items():
        n = _number(elements.get(key), f"elements.{key}")
        if n is not None:
            stats[stat] = n
    text = {}
    for key, section in (("MAIN_EFFECT", Section.MAIN), ("ECHO_EFFECT", Section.ECHO)):
        value = elements.get(key) or ""
        if not isinstance(value, str):
            raise _Bad(f"elements.{key}: expected a string")
        text[section] = value
    subtypes = card.get("cardSubTypes") or []
    if not isinstance(subtypes, list):
        raise _Bad("cardSubTypes: expected a list")
    faction = card.get("mainFaction")
    factions = (_ref(faction, "mainFaction")[1],) if faction else ()
    rarity = _ref(card.get("rarity"), "rarity")[0] if card.get("rarity") else ""
    reference = _str(card, "reference", "") or _str(card, "id", "") or name
    number = _str(card, "collectorNumber", "") or reference
    return RawCard(
        game=Game.ALTERED,
        id=slug(reference),
        name=name,
        set_code=slug(set_ref).upper(),
        set_name=set_name,
        number=number,
        kind=ALTERED_KINDS.get(type_ref, slug(type_ref)),
        types=(type_name,),
        tags=tuple(_ref(s, "cardSubTypes")[1] for s in subtypes),
        factions=factions,
        rarity=rarity,
        stats=stats,
        text=text,
    )


READERS = {Game.RIFTBOUND: _riftbound_card, Game.ALTERED: _altered_card}


def _entries(game: Game, data: Any) -> list[Any]:
    if isinstance(data, list):
        return data
    if isinstance(data, Mapping) and isinstance(data.get("cards"), list):
        return list(data["cards"])
    raise _Bad("expected a list of cards (or an object with a 'cards' list)")


def read_pool(game: Game, data: Any) -> Pool:
    """Every well-formed card of ``data`` (already decoded JSON); the others are skipped
    with their index and reason. Ids that repeat get a suffix (-2, -3 ...)."""
    cards: list[RawCard] = []
    skipped: list[Skipped] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(_entries(game, data)):
        try:
            card = READERS[game](entry)
        except _Bad as exc:
            skipped.append(Skipped(i, str(exc)))
            continue
        n = seen.get(card.id, 0) + 1
        seen[card.id] = n
        if n > 1:
            card = RawCard(**{**_fields(card), "id": f"{card.id}-{n}"})
        cards.append(card)
    return Pool(game, tuple(cards), tuple(skipped))


def _fields(card: RawCard) -> dict[str, Any]:
    return {name: getattr(card, name) for name in RawCard.__slots__}


def load_pool(game: Game, filename: str) -> Pool:
    """Read a pool file; a file that is not JSON of the expected shape is an InputError."""
    try:
        with open(filename, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise InputError(
            f"expected a readable file ({exc.strerror})", location=Location(filename, 0, 0)
        ) from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", 0)
        col = getattr(exc, "colno", 0)
        raise InputError(
            "expected a JSON file of cards", location=Location(filename, line, col)
        ) from exc
    try:
        pool = read_pool(game, data)
    except _Bad as exc:
        raise InputError(str(exc), location=Location(filename, 1, 1)) from exc
    if pool.skipped and not pool.cards:
        first = pool.skipped[0]
        raise InputError(
            f"expected {game.value} cards: none of the {len(pool.skipped)} entries is one "
            f"(entry {first.index}: {first.reason})",
            location=Location(filename, 1, 1),
        )
    return pool


def sets_of(cards: Iterable[RawCard]) -> list[str]:
    return sorted({c.set_code for c in cards})


def find_realdata(repo_root: str) -> str | None:
    """The folder of published pools for development (``$ARBITER_REALDATA``, else
    ``../shared/realdata`` beside the repository), or None on a user's machine."""
    import os

    for candidate in (
        os.environ.get("ARBITER_REALDATA", ""),
        os.path.join(repo_root, "..", "shared", "realdata"),
    ):
        if candidate and os.path.isdir(candidate):
            return os.path.realpath(candidate)
    return None


def pool_file(realdata: str | None, game: Game) -> str | None:
    if realdata is None:
        return None
    import os

    path = os.path.join(realdata, game.value, "cards.json")
    return path if os.path.isfile(path) else None
