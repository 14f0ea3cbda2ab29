"""Actions of the card language that the games' own words need: keyword actions a player
does (After You), tokens the line describes (their place), "choose one", delayed
triggers, dice, exchanges, cards played by an effect, and the timing of quick actions.

They are members of :mod:`model.effects.algebra`'s ``Action`` union and are re-exported
there (``algebra.Delayed`` …); they live apart only to keep each module small. Each names
the rulebook articles it implements (``RULES``); ``model.effects.perform`` refuses with
its article those the engine cannot carry out yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from arbiter.model.effects.algebra import Effect, Selector, When

RuleIds = tuple[str, ...]


class TokenPlace(Enum):
    """Where tokens are created, when the line says (Altered 7.3.4.b "in [expedition]";
    Riftbound 184 with 107: a unit token is played to a base or a battlefield)."""

    DEFAULT = ""  # the game's default: Altered 7.3.4.a the expedition zone; play
    CHOSEN_EXPEDITION = "chosen_expedition"  # "in target Expedition" (one of yours)
    MY_EXPEDITION = "my_expedition"  # "in my Expedition": the card's own expedition
    EACH_EXPEDITION = "each_expedition"  # "in each of your Expeditions": one in each
    BASE = "base"  # "to your base" (Riftbound)
    HERE = "here"  # "here": the card's own place
    HERO_EXPEDITION = "hero_expedition"  # "in your Hero Expedition" (Altered 3.1)
    COMPANION_EXPEDITION = "companion_expedition"


class MovePlace(Enum):
    """Where a move takes a unit (Riftbound 442.2 its Destination; 444.1 the source of the
    move says which are legal), when it is not the zone ``MoveTo.zone`` names."""

    ZONE = ""  # the zone MoveTo.zone names (a base: "move it to its base")
    BATTLEFIELD = "battlefield"  # "to a battlefield": one its mover chooses
    OPEN_BATTLEFIELD = "open_battlefield"  # unoccupied and uncontrolled (169.10.c)
    HERE = "here"  # "to this battlefield", "to here": the card's own battlefield
    # "to or from its base": from a battlefield to its base, or from its base to a battlefield
    BASE_OR_BATTLEFIELD = "base_or_battlefield"
    ANY = "any"  # "move a unit": any legal destination, its base or a battlefield (444.1)


class EventPlace(Enum):
    """Where an event a trigger waits for happens, when the line says (``When.at``)."""

    ANY = ""
    BATTLEFIELD = "battlefield"  # "when you play me to a battlefield" (not a base, 107)
    YOUR_BATTLEFIELD = "your_battlefield"  # "attacks a battlefield you control"
    OPEN_BATTLEFIELD = "open_battlefield"  # "conquer an open battlefield" (169.10.c)
    COMBAT = "combat"  # "when I die in combat": during a combat (Riftbound 460)


class Spend(Enum):
    """What resources an ability adds may only pay for ("Use only to play spells",
    Riftbound 429 Add with a restriction on its use; Decision IMP-SPEND)."""

    PLAY_SPELLS = "play_spells"
    PLAY_GEAR = "play_gear"
    GEAR_ABILITIES = "gear_abilities"


class TokenEntry(Enum):
    """How a created token enters, when the line says: its type's default (Riftbound
    182.1.d: a unit token enters exhausted), "a ready … token" or "… token exhausted"."""

    DEFAULT = ""
    READY = "ready"
    EXHAUSTED = "exhausted"


class Timing(Enum):
    """When an ability may be used beyond its default (a permission keyword): Riftbound
    806 Action (showdowns, any player's turn), 813 Reaction (also closed states)."""

    DEFAULT = ""
    ACTION = "action"
    REACTION = "reaction"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The selected player ends the turn once no reaction waits in Limbo, without passing
    (Altered 7.3.2 "After You"). The engine does not play turns' initiative: ``perform``
    refuses it as not modelled."""

    RULES: ClassVar[RuleIds] = ("Altered 7.3.2",)


@dataclass(frozen=True, slots=True)
class RollDie:
    """The selected player rolls a six-sided die (Altered 7.3.19); later effects read the
    result (``Test.ROLL``). The engine draws no random numbers: ``perform`` refuses it as
    not modelled."""

    RULES: ClassVar[RuleIds] = ("Altered 7.3.19",)


@dataclass(frozen=True, slots=True)
class Activate:
    """The selected objects' abilities that wait for ``event`` happen as if it occurred
    ("activate the {J} abilities of target Permanent", Altered 7.3.1.b). ``perform``
    refuses it as not modelled."""

    event: When

    RULES: ClassVar[RuleIds] = ("Altered 7.3.1",)


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability: the next time ``event`` happens (once, within the
    effect's duration), ``effects`` happen, "it" being the event's object ("the next
    Character you play this turn gains 1 boost", Riftbound 383 "the next time"; Altered
    6.3); ``every``: each time it happens within the duration, not only the next
    ("when a friendly unit is played this turn, buff it", Riftbound 390.2). ``perform``
    refuses it as not modelled."""

    event: When
    effects: tuple[Effect, ...]
    every: bool = False

    RULES: ClassVar[RuleIds] = ("TRIG-1", "Riftbound 383", "Altered 6.3")


@dataclass(frozen=True, slots=True)
class ChooseOne:
    """ "Choose one: • A • B": the controller chooses one option when it resolves, and its
    effects happen (Altered 2.2.11 modal text; Riftbound 135.2 "choose one"). ``perform``
    refuses it as not modelled (no option is given to it yet)."""

    options: tuple[tuple[Effect, ...], ...]

    RULES: ClassVar[RuleIds] = ("A-SPELL-1", "Riftbound 135.2", "Altered 2.2.11")


@dataclass(frozen=True, slots=True)
class Exchange:
    """The selected object and ``other`` exchange their places (Altered 7.3.9: "exchange
    target card from your Reserve with a card from your hand")."""

    other: Selector

    RULES: ClassVar[RuleIds] = ("Altered 7.3.9",)


@dataclass(frozen=True, slots=True)
class BecomeCopy:
    """The selected objects become copies of ``of``: of its copyable traits, or only the
    ``only`` ones (name, kind, tags, cost, might, keywords, text); "this turn" with
    ``until: end_of_turn`` (Riftbound 472.1.b, Decision RB-COPY)."""

    of: Selector
    only: tuple[str, ...] = ()

    RULES: ClassVar[RuleIds] = ("Riftbound 472.1.b",)


@dataclass(frozen=True, slots=True)
class ChangeTraits:
    """A trait-altering effect on the selected objects (Riftbound 472.1.a, Decision
    RB-TRAITS): a new name, kind (type), controller (a player selector: "gain control of"),
    tags (set, or added and removed: "is a Yordle") or cost; None or empty: unchanged."""

    name: str | None = None
    kind: str | None = None
    controller: Selector | None = None
    tags: frozenset[str] | None = None
    tags_add: frozenset[str] = frozenset()
    tags_remove: frozenset[str] = frozenset()
    cost: int | None = None

    RULES: ClassVar[RuleIds] = ("Riftbound 472.1.a",)


class PlayCost(Enum):
    """What a card played by an effect costs."""

    PAID = "paid"  # its cost (less the effect's amount: "for {1} less")
    FREE = "free"  # "for free" (Altered 7.3.20), "ignoring its cost" (Riftbound 356.1.b.1)
    NO_ENERGY = "no_energy"  # "ignoring its Energy cost" (Riftbound 356.1.b.2)


class PlayPlace(Enum):
    """Where a unit is played, when the line says (Riftbound 169.10: an open battlefield is
    unoccupied and uncontrolled; an occupied enemy one has units and an opponent controls
    it). Default: where the rules allow."""

    DEFAULT = ""
    OPEN_BATTLEFIELD = "open_battlefield"
    OCCUPIED_ENEMY_BATTLEFIELD = "occupied_enemy_battlefield"


@dataclass(frozen=True, slots=True)
class Play:
    """The controller plays the selected card now, from where the rules allow; ``cost``
    says what it costs, the effect's amount changes it ("for {1} less": -1). ``perform``
    refuses it as not modelled (playing a card is the areas' play kernel)."""

    cost: PlayCost = PlayCost.PAID
    to: PlayPlace = PlayPlace.DEFAULT

    RULES: ClassVar[RuleIds] = ("Altered 7.3.20", "Riftbound 356.1")


class Rule(Enum):
    """A rule of the game a static ability changes for the selected units."""

    # "I must be assigned combat damage last": after every unit without that demand
    # (Riftbound 460.2.c.5, 460.2.c.7; the printed text, not the keyword Backline, 826)
    ASSIGNED_LAST = "assigned_last"
    # "I can have any number of buffs": 426.1.b.1 / 702.3 (one buff at a time) do not apply
    ANY_BUFFS = "any_buffs"


@dataclass(frozen=True, slots=True)
class Overrule:
    """A static ability that changes a rule for the selected units (``rule``); described,
    refused by ``perform`` (Decision IMP-STATICS)."""

    rule: Rule

    RULES: ClassVar[RuleIds] = ("Riftbound 460.2.c.5", "Riftbound 426.1.b")
