"""Riftbound keywords granted or removed for a duration, and what leaving the Board undoes
(Core Rules 1.3: 801.3.a-b, 110). Pure functions of objects.

A ``keyword_change`` step grants a keyword (a numbered one adds its value, 807.2, under the
policy ``numbered_gain``) or removes one, either "this turn" or with no duration. Each
change is kept on the object as a ``KeywordChange`` ability that remembers what it did,
so that it can be undone: at the end of the turn for "this turn" (801.3.a.2, 801.3.b.1),
and when the object leaves the Board for every change (801.3.a.3, 801.3.b.2, 110).
Changes are undone newest first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter.model.ruleset import NumberedGain
from arbiter.model.state import Ability, GameObject
from arbiter.model.trace import RuleStep, Trace
from arbiter.model.values import features as ft


@dataclass(frozen=True, slots=True)
class KeywordChange(Ability):
    """One grant or removal of a keyword on an object: ``added`` is the number a grant
    added (0 for a flag), ``created`` whether the keyword was absent before it;
    ``removed`` the keyword a removal took away (None: it had none)."""

    feature: str = ""
    grant: bool = True
    added: int = 0
    created: bool = False
    removed: ft.Feature | None = None
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    obj: GameObject
    applied: bool
    because: Trace


def change(
    obj: GameObject,
    change_id: str,
    source: str,
    timestamp: int,
    feature: str,
    *,
    grant: bool,
    number: int | None,
    this_turn: bool,
    policy: NumberedGain,
) -> Outcome:
    """Grant (or remove) ``feature`` on ``obj`` and remember the change."""
    before = obj.features.get(feature)
    if grant:
        if policy is NumberedGain.SUM and number is not None:
            out = ft.gain_summed(obj.features, feature, number)
        else:
            out = ft.gain(obj.features, feature, number)
        after = out.features.get(feature)
        old = before.number if before is not None and before.number is not None else 0
        new = after.number if after is not None and after.number is not None else 0
        record = KeywordChange(
            change_id,
            source,
            timestamp,
            feature=feature,
            added=new - old,
            created=before is None,
            this_turn=this_turn,
        )
    else:
        out = ft.lose(obj.features, feature)
        record = KeywordChange(
            change_id,
            source,
            timestamp,
            feature=feature,
            grant=False,
            removed=before,
            this_turn=this_turn,
        )
    if grant:
        rule = "Riftbound 801.3.a.2" if this_turn else "Riftbound 801.3.a.3"
    else:
        rule = "Riftbound 801.3.b.1" if this_turn else "Riftbound 801.3.b.2"
    how = "this turn" if this_turn else "while it stays on the Board"
    why = (out.because, RuleStep(rule, f"{'granted' if grant else 'removed'} {how}"))
    if not out.applied:
        return Outcome(replace(obj, features=out.features), False, why)
    return Outcome(
        replace(obj, features=out.features, abilities=(*obj.abilities, record)), True, why
    )


def changes(obj: GameObject) -> list[KeywordChange]:
    return [a for a in obj.abilities if isinstance(a, KeywordChange)]


def _undo(features: ft.Features, c: KeywordChange) -> dict[str, ft.Feature]:
    new = dict(features)
    if not c.grant:
        if c.removed is not None:
            new[c.feature] = c.removed
        return new
    current = new.get(c.feature)
    if current is None:
        return new
    if c.created and (current.number is None or current.number - c.added == 0):
        del new[c.feature]
    elif current.number is not None:
        new[c.feature] = replace(current, number=current.number - c.added)
    return new


def undo(obj: GameObject, which: list[KeywordChange]) -> GameObject:
    """Undo ``which`` (newest first) and drop them from the object."""
    if not which:
        return obj
    features: ft.Features = obj.features
    for c in sorted(which, key=lambda c: (c.timestamp, c.id), reverse=True):
        features = _undo(features, c)
    gone = {id(c) for c in which}
    kept = tuple(a for a in obj.abilities if id(a) not in gone)
    return replace(obj, features=features, abilities=kept)


def end_of_turn(obj: GameObject) -> GameObject:
    """801.3.a.2, 801.3.b.1: the "this turn" grants and removals end with the turn."""
    return undo(obj, [c for c in changes(obj) if c.this_turn])


def leave_board(obj: GameObject) -> GameObject:
    """110, 801.3.a.3, 801.3.b.2: off the Board no grant or removal lasts."""
    return undo(obj, changes(obj))


# -- Deflect (809) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeflectCost:
    """809.1.c-d: the Power a spell or ability pays more for choosing Deflect permanents."""

    power: int
    per_target: tuple[tuple[str, int], ...]  # (permanent, Power added), once per choice
    because: Trace


def deflect_value(obj: GameObject) -> int:
    """809.1.b.3: a Deflect without X is Deflect 1; summed grants are one number (809.2)."""
    feat = obj.features.get("Deflect")
    if feat is None:
        return 0
    return 1 if feat.number is None else max(0, feat.number)


def deflect_cost(controller: str, chosen: list[GameObject]) -> DeflectCost:
    """The additional cost of a spell or ability ``controller`` controls that chooses
    ``chosen`` (a permanent chosen twice is listed twice): each choice of an opponent's
    permanent with Deflect X adds X Power, of any domain (809.1.c.1)."""
    per: list[tuple[str, int],] = []
    why: list[RuleStep] = []
    for obj in chosen:
        value = deflect_value(obj)
        if value and obj.controlled_by != controller:
            per.append((obj.id, value))
            why.append(
                RuleStep("Riftbound 809.1.c", f"{obj.id} has Deflect {value}: +{value} Power")
            )
        elif value:
            why.append(RuleStep("Riftbound 809.1.c", f"{obj.id} is {controller}'s own: no cost"))
    total = sum(v for _, v in per)
    if total:
        why.append(
            RuleStep(
                "Riftbound 809.1.d", f"a mandatory additional cost of {total} Power (any domain)"
            )
        )
    return DeflectCost(total, tuple(per), tuple(why))


# -- keywords a unit has while Mighty (471, 472.2) -------------------------------------------


@dataclass(frozen=True, slots=True)
class KeywordPassive(Ability):
    """ "While I'm Mighty, I have [keyword]" (Fiora, Victorious): an ability-altering
    effect (472.2) whose condition reads Might, applied after the arithmetic layer."""

    feature: str = ""
    number: int | None = None
    while_mighty: bool = True
    level: int = 0  # Level N (824): only while its controller has N XP or more


MIGHTY_AT = 5  # 708


def passive_grants(
    obj: GameObject,
    might_of: Callable[[GameObject], int],
    policy: NumberedGain,
    xp: int = 0,
) -> tuple[GameObject, Trace]:
    """471: the layers are applied again until nothing changes; each keyword passive
    applies once (471.1), as soon as its condition holds on the Might the object has with
    the keywords applied so far (471.2)."""
    left = [a for a in obj.abilities if isinstance(a, KeywordPassive) and xp >= a.level]
    why: list[RuleStep] = []
    while left:
        now = might_of(obj)
        ready = [p for p in left if not p.while_mighty or now >= MIGHTY_AT]
        if not ready:
            break
        for p in ready:
            left.remove(p)
            if policy is NumberedGain.SUM and p.number is not None:
                out = ft.gain_summed(obj.features, p.feature, p.number)
            else:
                out = ft.gain(obj.features, p.feature, p.number)
            obj = replace(obj, features=out.features)
            why.append(
                RuleStep(
                    "Riftbound 471.2",
                    f"{obj.id} is Mighty ({now}): it has {p.feature}"
                    + ("" if p.number is None else f" {p.number}"),
                )
            )
    return obj, tuple(why)
