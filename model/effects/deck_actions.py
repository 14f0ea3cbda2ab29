"""Actions on the top of a player's deck: look at (or reveal) the top cards, keep some,
recycle the rest (Riftbound 416, 424, 431.1.c). Re-exported by ``model.effects.algebra``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

RuleIds = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LookTop:
    """The selected player looks at the top ``amount`` cards of their Main Deck
    (``reveal``: reveals them to every player, Riftbound 424), puts ``keep`` of them into
    their hand (``up_to``: any number up to ``keep``, none included; ``kinds``: only cards
    of these types may be kept) and recycles the others (puts them on the bottom of their
    deck, Riftbound 416.1.a, in a random order, 416.5). With fewer cards in the deck, the
    player looks at as many as there are (431.1.c). ``perform`` refuses it as not
    modelled (the engine does not order a deck yet)."""

    keep: int = 1
    up_to: bool = False
    kinds: frozenset[str] = frozenset()
    reveal: bool = False

    RULES: ClassVar[RuleIds] = ("Riftbound 416", "Riftbound 424", "Riftbound 431.1.c")
