"""Named features (Berserk 517): Steadfast, Armor X, Fury X, named modifiers.

A feature is a flag (no number) or a number. The number is remembered even when
negative; it *works* as 0 then (B-NAMED-4). ``+Y to [feature]`` from a constant
source is remembered per source, so that −Y follows when the source stops
(B-NAMED-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from arbiter.model.trace import RuleStep, Trace


@dataclass(frozen=True, slots=True)
class Feature:
    name: str
    number: int | None = None  # None: a flag feature such as Steadfast
    boosts: tuple[tuple[str, int], ...] = ()  # (constant source, Y) still applying
    because: Trace = ()

    @property
    def shown(self) -> int | None:
        """B-NAMED-4: a negative number works as 0."""
        return None if self.number is None else max(0, self.number)

    def explain(self, rule: str, note: str) -> Feature:
        return replace(self, because=(*self.because, RuleStep(rule, note)))


Features = Mapping[str, Feature]


@dataclass(frozen=True, slots=True)
class FeatureChange:
    """The result of one feature operation: the new features and what happened."""

    features: dict[str, Feature]
    applied: bool
    because: RuleStep


def gain(features: Features, name: str, number: int | None) -> FeatureChange:
    """B-NAMED-1: gaining a feature already held does nothing, unless a larger number."""
    current = features.get(name)
    new = dict(features)
    if current is None:
        why = RuleStep("B-NAMED-1", f"gains {_label(name, number)}")
        new[name] = Feature(name, number, because=(why,))
        return FeatureChange(new, True, why)
    if number is not None and current.number is not None and number > current.number:
        why = RuleStep(
            "B-NAMED-1", f"{_label(name, number)} replaces {_label(name, current.number)}"
        )
        new[name] = replace(current, number=number, boosts=()).explain(why.rule, why.note)
        return FeatureChange(new, True, why)
    why = RuleStep(
        "B-NAMED-1",
        f"already has {_label(name, current.number)}: gaining {_label(name, number)} does nothing",
    )
    return FeatureChange(new, False, why)


def gain_summed(features: Features, name: str, number: int) -> FeatureChange:
    """Riftbound 807.2 (Assault, and Deflect, Shield, Hunt alike): a numbered keyword
    granted again adds its value to the one held."""
    current = features.get(name)
    if current is None:
        return gain(features, name, number)
    new = dict(features)
    held = 1 if current.number is None else current.number  # 807.1.b.3, 823.1.c.2: X is 1
    total = held + number
    why = RuleStep("Riftbound 807.2", f"{_label(name, held)} + {number}: {name} {total}")
    new[name] = replace(current, number=total).explain(why.rule, why.note)
    return FeatureChange(new, True, why)


def boost(features: Features, name: str, amount: int, source: str, constant: bool) -> FeatureChange:
    """B-NAMED-2: ``+Y to [feature]`` works only on a card that has the feature."""
    current = features.get(name)
    new = dict(features)
    if current is None or current.number is None:
        why = RuleStep("B-NAMED-2", f"{amount:+d} {name} does nothing: no numbered {name}")
        return FeatureChange(new, False, why)
    boosts = (*current.boosts, (source, amount)) if constant else current.boosts
    why = RuleStep(
        "B-NAMED-2",
        f"{name} {current.number} {amount:+d} from {source} -> {current.number + amount}",
    )
    new[name] = replace(current, number=current.number + amount, boosts=boosts).explain(
        why.rule, why.note
    )
    return FeatureChange(new, True, why)


def source_stops(features: Features, source: str) -> tuple[dict[str, Feature], Trace]:
    """B-NAMED-3: when a constant source stops applying, the card gets −Y for each +Y."""
    new = dict(features)
    trace: list[RuleStep] = []
    for name, feat in features.items():
        mine = [y for s, y in feat.boosts if s == source]
        if not mine or feat.number is None:
            continue
        total = sum(mine)
        why = RuleStep(
            "B-NAMED-3", f"{source} stops applying: {name} {-total:+d} -> {feat.number - total}"
        )
        new[name] = replace(
            feat,
            number=feat.number - total,
            boosts=tuple((s, y) for s, y in feat.boosts if s != source),
        ).explain(why.rule, why.note)
        trace.append(why)
    return new, tuple(trace)


def lose(features: Features, name: str) -> FeatureChange:
    new = dict(features)
    if name not in new:
        return FeatureChange(new, False, RuleStep("A-GOLD-3", f"has no {name} to lose"))
    del new[name]
    return FeatureChange(new, True, RuleStep("B-NAMED-1", f"loses {name}"))


def _label(name: str, number: int | None) -> str:
    return name if number is None else f"{name} {number}"
