"""Copies of a frozen ``GameObject`` with one field changed, for the hot paths of passives.

``dataclasses.replace`` looks the fields up, checks each one and calls ``__init__`` by
keyword: about twice the time of calling ``__init__`` with every field in order, which is
what these do (the copies are equal to ``replace``'s: ``tests/test_passive_copies.py``
checks the fields are those named here, in that order, so a new field of ``GameObject``
fails there rather than being dropped).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.model.state import BaseValue, GameObject
from arbiter.model.values.features import Feature
from arbiter.model.values.reading import Modification, SetModification

# The fields of ``GameObject`` in the order of its ``__init__`` (checked by the tests).
FIELDS = (
    "id",
    "owner",
    "kind",
    "zone",
    "controller",
    "card",
    "base",
    "mods",
    "features",
    "protections",
    "timestamp",
    "counters",
    "abilities",
    "region",
)


def with_mods(
    o: GameObject, mods: Mapping[str, tuple[Modification | SetModification, ...]]
) -> GameObject:
    """``replace(o, mods=mods)``."""
    return GameObject(
        o.id,
        o.owner,
        o.kind,
        o.zone,
        o.controller,
        o.card,
        o.base,
        mods,
        o.features,
        o.protections,
        o.timestamp,
        o.counters,
        o.abilities,
        o.region,
    )


def with_base_mods(
    o: GameObject,
    base: Mapping[str, BaseValue],
    mods: Mapping[str, tuple[Modification | SetModification, ...]],
) -> GameObject:
    """``replace(o, base=base, mods=mods)``."""
    return GameObject(
        o.id,
        o.owner,
        o.kind,
        o.zone,
        o.controller,
        o.card,
        base,
        mods,
        o.features,
        o.protections,
        o.timestamp,
        o.counters,
        o.abilities,
        o.region,
    )


def with_features(o: GameObject, features: Mapping[str, Feature]) -> GameObject:
    """``replace(o, features=features)``."""
    return GameObject(
        o.id,
        o.owner,
        o.kind,
        o.zone,
        o.controller,
        o.card,
        o.base,
        o.mods,
        features,
        o.protections,
        o.timestamp,
        o.counters,
        o.abilities,
        o.region,
    )
