"""Rulesets: one core engine, one policy object per game.

Every *Decision* of docs/rules.md is one named field here, so a scenario can
say which reading it wants (``policies:`` in a file) and every setting has a test.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
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


class PreventionReading(Enum):
    """Decision D-PREV-REPL: where a prevention shield acts on a damage event."""

    PIPELINE = "pipeline"  # prevention first, then replacement effects (default)
    # Riftbound 437.7: a shield is one replacement of the damage event, ordered with the
    # others by the chooser (372); its Prevent Value reduces the event (437.2)
    REPLACEMENT = "replacement"


class PreventionOrder(Enum):
    """Decision P-ORDER: order of one player's prevention effects."""

    OLDEST_FIRST = "oldest-first"
    NEWEST_FIRST = "newest-first"
    CHOSEN = "chosen"  # the player chooses: searched by the solver


class ToughVersion(Enum):
    """A-KW-TOUGH: which version of Tough X applies."""

    GLOSSARY = "glossary"  # the seed's glossary: +X, waived by "for free" (default)
    RULES_3_0 = "3.0"  # complete rules 3.0, 7.4.7: not waived


class ReplacementChooser(Enum):
    """Who orders several replacement effects of one event."""

    REPLACEMENT_CONTROLLER = "replacement-controller"  # Berserk 531.4
    AFFECTED_OWNER = "affected-owner"  # Riftbound 372: the owner of the object acted on


class ReplacementReach(Enum):
    """How many simultaneous events one replacement effect may replace."""

    ONCE_PER_ACTION = "once-per-action"  # Berserk 531.3: one event of the action
    ONE_SEQUENCE = "one-sequence"  # Riftbound 373.2: every qualified event, in one sequence


class GiganticVersion(Enum):
    """A-KW-GIGANTIC: what switching a Gigantic character does."""

    GLOSSARY = "glossary"  # the seed: "the other expedition" is none, nothing moves (default)
    RULES_3_0 = "3.0"  # complete rules 3.0, 7.4.4.m: its card switches, it joins nothing


class ToughPayment(Enum):
    """When Tough X is paid: with the cost at declaration (the glossary, the default) or
    before each step that acts on the Tough object, optionally (Altered 3.0, 7.4.7.d-e)."""

    DECLARATION = "declaration"
    EACH_STEP = "each-step"


class NumberedGain(Enum):
    """Gaining a numbered keyword already held."""

    KEEP_LARGER = "keep-larger"  # Berserk 517 (B-NAMED-1): a larger number replaces it
    SUM = "sum"  # Riftbound 807.2, 809.2, 814.2, 823.2: the values are summed


class DamageEvent(Enum):
    """What damage marks on an object: wounds (Berserk) or damage (the other games)."""

    DEALT_DAMAGE = "dealt-damage"
    WOUNDED = "wounded"


class PlayKernel(Enum):
    """How cards are played and objects move: the foundation's zones, or the Altered kernel
    (A-ZONE, A-SPELL: expeditions, reserve, Limbo, statistics with boosts, knowledge)."""

    FOUNDATION = "foundation"
    ALTERED = "altered"


class TriggerOrder(Enum):
    """The order of one controller's triggers that trigger at once."""

    DECLARED = "declared"  # TRIG-1: by the sources' timestamps, then printed order (default)
    # Riftbound 383.3.d, 808.2.a: the controller chooses (a step's ``triggers:``; RB-TRIG-ORDER)
    CONTROLLER_CHOOSES = "controller-chooses"


class ManaPayment(Enum):
    """How an Altered mana cost is paid (Decision AL-MANA-ORBS)."""

    COUNTER = "counter"  # the seed's reading: mana is a number per player (default)
    ORBS = "orbs"  # Altered 3.2.9.f: exhausting that many ready Mana Orbs of the Mana zone


class TypeLists(Enum):
    """Which lists of types, sub-types and zone types a file's objects are checked against."""

    NONE = "none"  # any kind, any sub-type
    ALTERED_3_0 = "altered-3.0"  # Altered 2.2.1-2.2.3 (model/altered/types.py)


class TurnStates(Enum):
    """Decision RB-STATES: who says when a Riftbound showdown or combat happens."""

    SCENARIO = "scenario"  # the scenario: `combat` steps and `play_card`'s `timing` (default)
    # Riftbound 1.3, 307-313, 323.2, 323.8-323.14: the states of the turn are followed,
    # showdowns and combats are staged and begin at Cleanups (model/riftbound_states.py)
    TRACKED = "tracked"


class DestroyMeans(Enum):
    """What the card language's ``destroy`` is in a game (a description of the game, not a
    Decision a file chooses)."""

    MOVE = "move"  # a zone change to the ruleset's ``destroyed_zone`` (A-TIME-1)
    # Riftbound 428.1.a.1: a Kill Instruction of a permanent on the Board: "would die"
    # replacements apply first, Deathknell is noted, the kill is attributed (428.5)
    KILL = "kill"


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
    prevention_as_replacement: PreventionReading = PreventionReading.PIPELINE
    tough_version: ToughVersion = ToughVersion.GLOSSARY
    short_pool: ShortPool = ShortPool.CONTROLLER_CHOOSES
    quick_action_cap: int = 100  # A-GOLD-9: activations of one quick action per day
    reaction_cap: int = 0  # Altered 1.4.6.c: activations of one Reaction per day (0: none)
    numbered_gain: NumberedGain = NumberedGain.KEEP_LARGER
    tough_payment: ToughPayment = ToughPayment.DECLARATION
    gigantic_version: GiganticVersion = GiganticVersion.GLOSSARY
    replacement_chooser: ReplacementChooser = ReplacementChooser.REPLACEMENT_CONTROLLER
    replacement_reach: ReplacementReach = ReplacementReach.ONCE_PER_ACTION
    trigger_order: TriggerOrder = TriggerOrder.DECLARED
    mana_payment: ManaPayment = ManaPayment.COUNTER
    turn_states: TurnStates = TurnStates.SCENARIO
    # What a game is, not a Decision a file may change (not under ``policies:``):
    zones: frozenset[str] = frozenset({"play"})  # the zones it knows
    destroyed_zone: str = "discard"  # where destroyed cards go (Riftbound: trash)
    destroy_means: DestroyMeans = DestroyMeans.MOVE  # Riftbound: a Kill (428.1.a.1)
    damage_event: DamageEvent = DamageEvent.DEALT_DAMAGE
    # zones no object leaves (Riftbound 107.4.d: the Legend zone)
    fixed_zones: frozenset[str] = frozenset()
    # zones that hold one object of each player at most (Riftbound 108.3.c.1: the Champion
    # Zone; Altered 3.2.6.b: the Hero zone), checked when a file is read and on a move; the
    # article the refusal cites
    single_zones: frozenset[str] = frozenset()
    single_zone_rule: str = ""
    play_kernel: PlayKernel = PlayKernel.FOUNDATION
    # every object of a scenario names its zone (A-ZONE-1: Altered has no zone "play" an
    # object could default to); otherwise an object without ``zone:`` is in ``play``
    objects_need_zone: bool = False
    # the characteristics every card of the game may have (Decision CHECK-STD): a set that
    # names one of them is never wrong about it, even when none of its own cards has it
    characteristics: frozenset[str] = frozenset()
    # zones whose objects cannot have or gain counters (Altered 2.5.b; AL-COUNTER-ZONE)
    counterless_zones: frozenset[str] = frozenset()
    # the Board's zones: leaving them ends temporary modifications (Riftbound 110)
    board_zones: frozenset[str] = frozenset()
    # the phases of a day, in order (Altered 4.2.a); empty: phases are not ordered
    day_phases: tuple[str, ...] = ()
    # the types and sub-types objects may have (Altered 2.2.1.a, 2.2.2.d-h)
    type_lists: TypeLists = TypeLists.NONE
    # the policies a file, the configuration or the command line set (``with_policies``):
    # what a witness writes under ``policies:`` to be played by the same rules
    chosen: frozenset[str] = field(default=frozenset(), compare=False)

    def with_policies(self, **changes: object) -> Ruleset:
        settable = {k for k in changes if k in POLICY_ENUMS or k in POLICY_INTS}
        return replace(self, chosen=self.chosen | settable, **changes)  # type: ignore[arg-type]


# The zones each game knows (A-ZONE-1/2 for Altered); ``play`` is every object's default.
_ZONES: dict[str, frozenset[str]] = {
    "eredan": frozenset({"play", "hand", "deck", "discard"}),
    "berserk": frozenset({"play", "hand", "deck", "graveyard", "squad"}),
    # Riftbound 056.1, 108.6: each player's Banishment and Rune Deck are zones too
    "riftbound": frozenset(
        {
            "play",
            "hand",
            "deck",
            "trash",
            "base",
            "battlefield",
            "banishment",
            "rune_deck",
            "facedown",  # 107.3
            "legend",  # 107.4
            "champion",  # 108.3
        }
    ),
    "altered": frozenset(
        {
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
        }
    ),
}


RULESETS: dict[str, Ruleset] = {
    "eredan": Ruleset("eredan", zones=_ZONES["eredan"]),
    "berserk": Ruleset(
        "berserk",
        zones=_ZONES["berserk"],
        destroyed_zone="graveyard",
        damage_event=DamageEvent.WOUNDED,
    ),
    "riftbound": Ruleset(
        "riftbound",
        zones=_ZONES["riftbound"],
        destroyed_zone="trash",
        destroy_means=DestroyMeans.KILL,
        characteristics=frozenset({"might", "energy", "power"}),
        replacement_chooser=ReplacementChooser.AFFECTED_OWNER,
        replacement_reach=ReplacementReach.ONE_SEQUENCE,
        numbered_gain=NumberedGain.SUM,
        trigger_order=TriggerOrder.CONTROLLER_CHOOSES,
        board_zones=frozenset({"play", "base", "battlefield"}),  # Riftbound 107
        fixed_zones=frozenset({"legend"}),
        single_zones=frozenset({"champion"}),
        single_zone_rule="Riftbound 108.3.c.1",
    ),
    "altered": Ruleset(
        "altered",
        zones=_ZONES["altered"],
        play_kernel=PlayKernel.ALTERED,
        objects_need_zone=True,
        characteristics=frozenset({"forest", "mountain", "water", "hand_cost", "reserve_cost"}),
        counterless_zones=frozenset({"discard", "deck", "hand"}),
        day_phases=("morning", "noon", "afternoon", "dusk", "night"),
        single_zones=frozenset({"hero"}),
        single_zone_rule="Altered 3.2.6.b",
        type_lists=TypeLists.ALTERED_3_0,
    ),
}

# The policy fields a file may set under ``policies:``, with their enum type.
POLICY_ENUMS: dict[str, type[Enum]] = {
    "division_rounding": Rounding,
    "prevention_timing": PreventionTiming,
    "prevention_order": PreventionOrder,
    "prevention_as_replacement": PreventionReading,
    "tough_version": ToughVersion,
    "short_pool": ShortPool,
    "replacement_chooser": ReplacementChooser,
    "gigantic_version": GiganticVersion,
    "tough_payment": ToughPayment,
    "numbered_gain": NumberedGain,
    "replacement_reach": ReplacementReach,
    "trigger_order": TriggerOrder,
    "mana_payment": ManaPayment,
    "turn_states": TurnStates,
}

POLICY_INTS: frozenset[str] = frozenset({"quick_action_cap", "reaction_cap"})


def policy_names() -> list[str]:
    return [f.name for f in fields(Ruleset) if f.name not in ("name", "characteristics", "chosen")]


def chosen_policies(ruleset: Ruleset) -> dict[str, str | int]:
    """The policies set on ``ruleset`` (``Ruleset.chosen``) as a file writes them: what a
    scenario needs under ``policies:`` to be played by the same rules."""
    out: dict[str, str | int] = {}
    for key in sorted(ruleset.chosen):
        value = getattr(ruleset, key)
        out[key] = value.value if isinstance(value, Enum) else int(value)
    return out
