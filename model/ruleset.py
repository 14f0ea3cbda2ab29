"""Rulesets: one core engine, one policy object per game.

Every *Decision* of docs/rules.md is one named field here, so a scenario can
say which reading it wants (``policies:`` in a file) and every setting has a test.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum


class Rounding(Enum):
    """Decision E-DIV: how a division rounds."""

    DOWN = "down"  # toward negative infinity (floor): the default
    UP = "up"  # toward positive infinity (ceiling)
    NEAREST = "nearest"  # half away from zero


class PreventionTiming(Enum):
    """Decision D-PREV-3: what prevention applies to."""

    WITH_BONUS = "with-bonus"  # the source text: prevention counts the bonus (default)
    BASE_FIRST = "base-first"  # Riftbound core rules 1.3, 417.1.e.1


class PreventionOrder(Enum):
    """Decision P-ORDER: order of one player's prevention effects."""

    OLDEST_FIRST = "oldest-first"
    NEWEST_FIRST = "newest-first"
    CHOSEN = "chosen"  # the player chooses: searched by the solver


class ToughVersion(Enum):
    """A-KW-TOUGH: which version of Tough X applies."""

    GLOSSARY = "glossary"  # the seed's glossary: +X, waived by "for free" (default)
    RULES_3_0 = "3.0"  # complete rules 3.0, 7.4.7: not waived


class DamageEvent(Enum):
    """What damage marks on an object: wounds (Berserk) or damage (the other games)."""

    DEALT_DAMAGE = "dealt-damage"
    WOUNDED = "wounded"


class PlayKernel(Enum):
    """How cards are played and objects move: the foundation's zones, or the Altered kernel
    (A-ZONE, A-SPELL: expeditions, reserve, Limbo, statistics with boosts, knowledge)."""

    FOUNDATION = "foundation"
    ALTERED = "altered"


class ShortPool(Enum):
    """Decision D-TIME-4: a split pool smaller than the number of chosen targets."""

    CONTROLLER_CHOOSES = "controller-chooses"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The policies that distinguish one game from another."""

    name: str
    division_rounding: Rounding = Rounding.DOWN
    prevention_timing: PreventionTiming = PreventionTiming.WITH_BONUS
    prevention_order: PreventionOrder = PreventionOrder.OLDEST_FIRST
    tough_version: ToughVersion = ToughVersion.GLOSSARY
    short_pool: ShortPool = ShortPool.CONTROLLER_CHOOSES
    quick_action_cap: int = 100  # A-GOLD-9: activations of one quick action per day
    # What a game is, not a Decision a file may change (not under ``policies:``):
    zones: frozenset[str] = frozenset({"play"})  # the zones it knows
    damage_event: DamageEvent = DamageEvent.DEALT_DAMAGE
    play_kernel: PlayKernel = PlayKernel.FOUNDATION
    # the characteristics every card of the game may have (Decision CHECK-STD): a set that
    # names one of them is never wrong about it, even when none of its own cards has it
    characteristics: frozenset[str] = frozenset()

    def with_policies(self, **changes: object) -> Ruleset:
        return replace(self, **changes)  # type: ignore[arg-type]


# The zones each game knows (A-ZONE-1/2 for Altered); ``play`` is every object's default.
_ZONES: dict[str, frozenset[str]] = {
    "eredan": frozenset({"play", "hand", "deck", "discard"}),
    "berserk": frozenset({"play", "hand", "deck", "graveyard", "squad"}),
    "riftbound": frozenset({"play", "hand", "deck", "trash", "base", "battlefield"}),
    "altered": frozenset({
        "play",
        "adventure",
        "discard",
        "expedition",
        "hero",
        "landmark",
        "limbo",
        "reserve",
        "deck",
        "hand",
        "mana",
    }),
}


RULESETS: dict[str, Ruleset] = {
    "eredan": Ruleset("eredan", zones=_ZONES["eredan"]),
    "berserk": Ruleset("berserk", zones=_ZONES["berserk"], damage_event=DamageEvent.WOUNDED),
    "riftbound": Ruleset(
        "riftbound",
        zones=_ZONES["riftbound"],
        characteristics=frozenset({"might", "energy", "power"}),
    ),
    "altered": Ruleset(
        "altered",
        zones=_ZONES["altered"],
        play_kernel=PlayKernel.ALTERED,
        characteristics=frozenset({"forest", "mountain", "water", "hand_cost", "reserve_cost"}),
    ),
}

# The policy fields a file may set under ``policies:``, with their enum type.
POLICY_ENUMS: dict[str, type[Enum]] = {
    "division_rounding": Rounding,
    "prevention_timing": PreventionTiming,
    "prevention_order": PreventionOrder,
    "tough_version": ToughVersion,
    "short_pool": ShortPool,
}

POLICY_INTS: frozenset[str] = frozenset({"quick_action_cap"})


def policy_names() -> list[str]:
    return [f.name for f in fields(Ruleset) if f.name not in ("name", "characteristics")]
