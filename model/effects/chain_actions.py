"""Actions on what waits on the chain: counter a spell (Riftbound 425). Re-exported by
``model.effects.algebra``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

RuleIds = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Counter:
    """The selected spells on the chain are countered: they do nothing and are cleared
    from the chain (Riftbound 425.1.a), a countered card is not considered played
    (425.1.b) and no cost paid for it is refunded (425.1.c). ``perform`` refuses it as not
    modelled (the card language's effects do not reach the chain yet)."""

    RULES: ClassVar[RuleIds] = ("Riftbound 425",)
