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
