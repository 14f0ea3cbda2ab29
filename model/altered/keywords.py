"""Altered keywords (RULES.md §6) and statistics with boosts.

Statistics are the numeric characteristics ``forest``, ``mountain`` and ``water``;
reading one adds the object's boosts (rules 3.0, 2.5.1.b: each boost adds 1 to each
statistic). Keywords are named features: ``{"Gigantic": true}``, ``{"Tough": 2}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.altered.zones import BOOSTS, EXPEDITIONS, expedition_of, is_face_down, zone_kind
from arbiter.model.passive_order import after_passives
from arbiter.model.ruleset import ToughVersion
from arbiter.model.state import GameObject, GameState
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading

TERRAINS = ("forest", "mountain", "water")


def boosts(obj: GameObject) -> int:
    return max(0, obj.counters.get(BOOSTS, 0))


def statistic(obj: GameObject, terrain: str) -> int:
    """A statistic as the game reads it: the characteristic (0 if absent, A-CHAR-2) + boosts.

    A-CHAR-3: a face-down object has no statistics at all, boosts included.
    """
    if is_face_down(obj):
        return 0
    r = ch.read(obj, terrain)
    value = r.components[0].shown if isinstance(r, NumberReading) else 0
    return value + boosts(obj)


def statistics(obj: GameObject) -> dict[str, int]:
    return {t: statistic(obj, t) for t in TERRAINS}


def has(obj: GameObject, keyword: str) -> bool:
    return keyword in obj.features


def keyword_number(obj: GameObject, keyword: str) -> int:
    f = obj.features.get(keyword)
    if f is None:
        return 0
    return f.shown or 0


# -- Gigantic (A-KW-GIGANTIC) ----------------------------------------------------------------


def expeditions_of(obj: GameObject) -> tuple[str, ...]:
    """The expeditions an object is present in: both of its controller's if Gigantic."""
    here = expedition_of(obj.zone)
    if here is None:
        return ()
    if has(obj, "Gigantic"):
        return EXPEDITIONS
    return (here,)


def other_expedition(obj: GameObject) -> str | None:
    """A-KW-GIGANTIC: "the other expedition" of a Gigantic object is none."""
    here = expeditions_of(obj)
    if len(here) != 1:
        return None
    return next(e for e in EXPEDITIONS if e != here[0])


def members(state: GameState, player: str, expedition: str) -> list[GameObject]:
    """The characters present in ``player``'s ``expedition`` (Gigantic ones in both)."""
    return [
        o
        for o in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id))
        if zone_kind(o.zone) == "expedition"
        and o.kind == "character"
        and o.controlled_by == player
        and expedition in expeditions_of(o)
    ]


@dataclass(frozen=True, slots=True)
class ExpeditionStats:
    player: str
    expedition: str
    totals: dict[str, int]
    because: tuple[RuleStep, ...]


def expedition_statistics(state: GameState, player: str, expedition: str) -> ExpeditionStats:
    """Sum of the statistics of the characters present (Dusk, rules 4.2.4.b)."""
    totals = dict.fromkeys(TERRAINS, 0)
    why: list[RuleStep] = []
    for o in members(state, player, expedition):
        if o.counters.get("asleep", 0):
            why.append(RuleStep("Altered 2.4.3", f"{o.id} is Asleep: its statistics do not count"))
            continue
        for t in TERRAINS:
            totals[t] += statistic(o, t)
        if has(o, "Gigantic"):
            why.append(RuleStep("A-KW-GIGANTIC", f"{o.id} counts in {player}'s {expedition}"))
    return ExpeditionStats(player, expedition, totals, tuple(why))


# -- Tough (A-KW-TOUGH) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToughCost:
    """The extra mana Tough asks for one effect, and whether "for free" waived it."""

    amount: int
    waived: int
    because: tuple[RuleStep, ...]


def tough_cost(
    state: GameState, controller: str, targets: list[str], *, for_free: bool
) -> ToughCost:
    """A-KW-TOUGH: X more for each distinct opponent's object with Tough X that is targeted.

    Each object counts once per effect, however many "target" occurrences chose it
    (3.0, 7.4.7.f; the glossary is silent and the same count is used). Under the glossary
    version, "for free" waives the extra cost too; under the 3.0 version it does not.
    """
    total = 0
    why: list[RuleStep] = []
    seen = after_passives(state)  # A-PASS-1: Tough as passives leave it
    for oid in dict.fromkeys(targets):
        obj = seen.objects.get(oid)
        if obj is None or not has(obj, "Tough"):
            continue
        x = keyword_number(obj, "Tough")
        if obj.controlled_by == controller:
            why.append(RuleStep("A-KW-TOUGH", f"{oid} is {controller}'s own: Tough {x} costs 0"))
            continue
        total += x
        why.append(RuleStep("A-KW-TOUGH", f"targeting {oid} (Tough {x}) costs {x} more"))
    if for_free and total:
        if state.ruleset.tough_version is ToughVersion.GLOSSARY:
            why.append(RuleStep("A-KW-TOUGH", f"played for free: the Tough cost {total} is waived"))
            return ToughCost(0, total, tuple(why))
        why.append(
            RuleStep("A-KW-TOUGH", f"rules 3.0: for free does not waive Tough; {total} still due")
        )
    return ToughCost(total, 0, tuple(why))
