"""Actions on the top of a player's deck: look at (or reveal) the top cards, keep some,
recycle the rest (Riftbound 416, 424, 431.1.c). Re-exported by ``model.effects.algebra``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

RuleIds = tuple[str, ...]


class Kept(Enum):
    """Where the kept cards go."""

    HAND = "hand"
    PLAY = "play"  # played now, their cost paid (less ``discount``)
    # banished, then played from there (Riftbound 427): one not played stays banished
    BANISH_THEN_PLAY = "banish_then_play"
    TOP = "top"  # back on top of the deck, in the order the player chooses


class Rest(Enum):
    """Where the cards not kept go."""

    RECYCLE = "recycle"  # the bottom of the deck (Riftbound 416.1.a)
    HAND = "hand"  # "draw any you didn't banish"


@dataclass(frozen=True, slots=True)
class LookTop:
    """The selected player looks at the top ``amount`` cards of their Main Deck
    (``reveal``: reveals them to every player, Riftbound 424), puts ``keep`` of them into
    their hand (``up_to``: any number up to ``keep``, none included; ``kinds``: only cards
    of these types may be kept, as many as there are up to ``keep`` without ``up_to``) and
    recycles the others (puts them on the bottom of their deck, Riftbound 416.1.a, in a
    random order, 416.5). ``to``: the kept cards go back on top of the deck in any order,
    or are played instead (their cost less ``discount`` paid), or banished and then played
    (Riftbound 427); ``rest``: the others go to the hand instead; ``here``: a unit played
    this way may be played to the battlefield of the card whose ability it is (not only to
    a base). With fewer cards in the deck, the player looks at as many as there are
    (431.1.c). ``perform`` refuses it as not modelled (the engine does not order a deck
    yet)."""

    keep: int = 1
    up_to: bool = False
    kinds: frozenset[str] = frozenset()
    reveal: bool = False
    to: Kept = Kept.HAND
    discount: int = 0
    rest: Rest = Rest.RECYCLE
    here: bool = False

    RULES: ClassVar[RuleIds] = ("Riftbound 416", "Riftbound 424", "Riftbound 431.1.c")
