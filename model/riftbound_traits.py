"""Riftbound trait-altering and copy effects (Core Rules 1.3: 472.1.a, 472.1.b, 475),
granted and removed rules text (472.2, 135.4.b). Pure functions of objects.

A trait effect sets some traits of an object: its name (the object's ``card``), its type
(``kind``), its tags (the set characteristic ``subtypes``: set, added or removed), its
controller, its cost (the Energy cost ``base.energy``; a copy takes ``base.power`` too)
or its Might (``base.might``: what a copy takes). A copy effect sets every copyable
trait of the original, or those it names (472.1.b.1-2): name, type, tags, cost, printed
Might, keywords and rules text. The copyable traits of an object are its printed ones
changed by the copy effects on it only (472.1.b.3: a copy of a copy copies what the
first copy copied).

The object keeps its printed traits in a ``PrintedTraits`` record from the first trait
effect on; its traits are the printed ones with every ``TraitEffect`` applied in timestamp
order (475). An effect "this turn" ends with the turn (317.2.c), every one when the object
leaves the Board (110); the object's traits are then read again from the record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model import might as mt
from arbiter.model import riftbound_keywords as rk
from arbiter.model.riftbound_attach import Attached, GrantedText, granted_ids
from arbiter.model.state import Ability, BaseValue, GameObject
from arbiter.model.values.features import Feature

TAGS = "subtypes"  # Riftbound tags are the set characteristic ``subtypes`` (RB-TAGS)
COST = "energy"  # the Energy cost (base.energy, model/riftbound_total_cost.py)
POWER = "power"  # the Power cost, copied with it
MIGHT = "might"
# what a copy takes when it names nothing (472.1.b.1), and what it may name (472.1.b.2)
COPYABLE = ("name", "kind", "tags", "cost", "might", "keywords", "text")


@dataclass(frozen=True, slots=True)
class Traits:
    """Traits an effect sets (None: unchanged). ``base`` holds the characteristics it sets
    (tags, cost, Might); ``tags_add`` / ``tags_remove`` change the tags it does not set."""

    card: str | None = None
    kind: str | None = None
    controller: str | None = None
    base: Mapping[str, BaseValue] = field(default_factory=dict)
    base_removed: frozenset[str] = frozenset()  # characteristics a copy takes away
    tags_add: frozenset[str] = frozenset()
    tags_remove: frozenset[str] = frozenset()
    features: Mapping[str, Feature] | None = None
    text: tuple[Ability, ...] | None = None


@dataclass(frozen=True, slots=True)
class PrintedTraits(Ability):
    """The object's traits before its first trait effect (what the effects change)."""

    traits: Traits = Traits()


@dataclass(frozen=True, slots=True)
class TraitEffect(Ability):
    """One trait-altering (``copy_of`` empty) or copy effect on the object."""

    traits: Traits = Traits()
    copy_of: str = ""
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class TextRemoved(Ability):
    """The object lost its rules text (472.2): ``removed`` is kept to come back when the
    effect ends ("this turn") or the object leaves the Board."""

    removed: tuple[Ability, ...] = ()
    this_turn: bool = False


RECORDS = (PrintedTraits, TraitEffect, GrantedText, TextRemoved)


def _is_text(a: Ability) -> bool:
    """Rules text: an ability the card prints or is given, not a record of what happened
    to the object (a Might effect, a keyword grant, an attachment, this module's records)."""
    return not isinstance(a, (*RECORDS, mt.MightEffect, rk.KeywordChange, Attached))


def text_of(obj: GameObject) -> tuple[Ability, ...]:
    return tuple(a for a in obj.abilities if _is_text(a))


def _records(obj: GameObject) -> tuple[Ability, ...]:
    return tuple(a for a in obj.abilities if not _is_text(a))


def snapshot(obj: GameObject) -> Traits:
    return Traits(
        card=obj.card,
        kind=obj.kind,
        controller=obj.controller,
        base=dict(obj.base),
        features=dict(obj.features),
        text=text_of(obj),
    )


def effects(obj: GameObject) -> tuple[TraitEffect, ...]:
    found = (a for a in obj.abilities if isinstance(a, TraitEffect))
    return tuple(sorted(found, key=lambda e: (e.timestamp, e.id)))


def printed(obj: GameObject) -> Traits:
    found = next((a for a in obj.abilities if isinstance(a, PrintedTraits)), None)
    return found.traits if found is not None else snapshot(obj)


def _apply(t: Traits, e: Traits) -> Traits:
    base = {k: v for k, v in {**t.base, **e.base}.items() if k not in e.base_removed}
    if e.tags_add or e.tags_remove:
        tags = base.get(TAGS, frozenset())
        held = tags if isinstance(tags, frozenset) else frozenset()
        base[TAGS] = (held | e.tags_add) - e.tags_remove
    return Traits(
        card=e.card if e.card is not None else t.card,
        kind=e.kind if e.kind is not None else t.kind,
        controller=e.controller if e.controller is not None else t.controller,
        base=base,
        features=e.features if e.features is not None else t.features,
        text=e.text if e.text is not None else t.text,
    )


def _touched(effects: tuple[TraitEffect, ...]) -> tuple[set[str], set[str]]:
    """The object fields and the characteristics some of ``effects`` set."""
    fields: set[str] = set()
    keys: set[str] = set()
    for e in effects:
        t = e.traits
        fields |= {n for n in ("card", "kind", "controller") if getattr(t, n) is not None}
        fields |= {n for n in ("features", "text") if getattr(t, n) is not None}
        keys |= set(t.base) | set(t.base_removed)
        if t.tags_add or t.tags_remove:
            keys.add(TAGS)
    return fields, keys


def _rebuild(
    obj: GameObject,
    first: Traits,
    before: tuple[TraitEffect, ...],
    applied: tuple[TraitEffect, ...],
) -> GameObject:
    """The object with ``applied`` (in timestamp order, 475) over its printed traits;
    ``before``: the effects it had. Only what some of them set is rebuilt: a change made
    since by another rule (a keyword granted, a battlefield conquered, a characteristic
    no trait effect sets) stays."""
    t = first
    for e in applied:
        t = _apply(t, e.traits)
    fields, keys = _touched((*before, *applied))
    records: tuple[Ability, ...] = ()
    if applied:
        records = (PrintedTraits("printed_traits", obj.id, 0, traits=first), *applied)
    kept = tuple(a for a in _records(obj) if not isinstance(a, PrintedTraits | TraitEffect))
    text = text_of(obj)
    if "text" in fields:
        granted = granted_ids(obj)
        extra = tuple(a for a in text if a.id in granted and a not in (t.text or ()))
        text = (*(t.text or ()), *extra)
    base = {k: v for k, v in obj.base.items() if k not in keys}
    base.update({k: v for k, v in t.base.items() if k in keys})
    return replace(
        obj,
        card=t.card if "card" in fields else obj.card,
        kind=(t.kind or obj.kind) if "kind" in fields else obj.kind,
        controller=(t.controller or "") if "controller" in fields else obj.controller,
        base=base,
        features=dict(t.features or {}) if "features" in fields else obj.features,
        abilities=(*text, *kept, *records),
    )


def add(obj: GameObject, effect: TraitEffect) -> GameObject:
    """The object with one more trait or copy effect (472.1)."""
    return _rebuild(obj, printed(obj), effects(obj), (*effects(obj), effect))


def copyable(obj: GameObject) -> Traits:
    """472.1.b.3: the printed traits with the copy effects on the object applied."""
    t = printed(obj)
    for e in effects(obj):
        if e.copy_of:
            t = _apply(t, e.traits)
    return t


def copy_traits(original: GameObject, only: tuple[str, ...], onto: str) -> Traits:
    """The traits the object ``onto`` takes as a copy of ``original``: all copyable ones,
    or those named; the rules text it copies is its own (its effects' source)."""
    t = copyable(original)
    names = only or COPYABLE
    base: dict[str, BaseValue] = {}
    gone: set[str] = set()
    for name, key in (("tags", TAGS), ("cost", COST), ("cost", POWER), ("might", MIGHT)):
        if name in names and key in t.base:
            base[key] = t.base[key]
        elif name in names:
            gone.add(key)  # the original has none: nor has the copy
    return Traits(
        card=t.card if "name" in names else None,
        kind=t.kind if "kind" in names else None,
        base=base,
        base_removed=frozenset(gone),
        features=t.features if "keywords" in names else None,
        text=tuple(replace(a, source=onto) for a in t.text or ()) if "text" in names else None,
    )


def _end(obj: GameObject, ended: list[TraitEffect]) -> GameObject:
    if not ended:
        return obj
    left = tuple(e for e in effects(obj) if e not in ended)
    return _rebuild(obj, printed(obj), effects(obj), left)


def end_of_turn(obj: GameObject) -> GameObject:
    """317.2.c: trait and copy effects "this turn" end; rules text removed this turn
    comes back."""
    obj = _end(obj, [e for e in effects(obj) if e.this_turn])
    return _restore(obj, [r for r in obj.abilities if isinstance(r, TextRemoved) and r.this_turn])


def leave_board(obj: GameObject) -> GameObject:
    """110: off the Board no trait, copy or rules-text effect lasts."""
    obj = _end(obj, list(effects(obj)))
    obj = _restore(obj, [r for r in obj.abilities if isinstance(r, TextRemoved)])
    granted = {i for g in obj.abilities if isinstance(g, GrantedText) for i in g.ids}
    kept = tuple(a for a in obj.abilities if a.id not in granted and not isinstance(a, GrantedText))
    return obj if len(kept) == len(obj.abilities) else replace(obj, abilities=kept)


def _restore(obj: GameObject, records: list[TextRemoved]) -> GameObject:
    if not records:
        return obj
    back = tuple(a for r in records for a in r.removed)
    kept = tuple(a for a in obj.abilities if a not in records)
    return replace(obj, abilities=(*back, *kept))


def grant_text(obj: GameObject, abilities: tuple[Ability, ...], record_id: str) -> GameObject:
    """472.2: rules text given to the object; remembered as granted (135.4.b)."""
    record = GrantedText(record_id, obj.id, 0, ids=tuple(a.id for a in abilities))
    return replace(obj, abilities=(*obj.abilities, *abilities, record))


def remove_text(obj: GameObject, record_id: str, this_turn: bool) -> GameObject:
    """472.2: the object loses its rules text; its continuous effects cease to exist
    (473.1.a)."""
    removed = text_of(obj)
    kept = tuple(a for a in obj.abilities if not _is_text(a))
    record = TextRemoved(record_id, obj.id, 0, removed=removed, this_turn=this_turn)
    return replace(obj, abilities=(*kept, record))
