"""Where an ability stands on a card (part of :mod:`model.effects.algebra`, which
re-exports ``Kind`` and ``KIND_RULES``), and the rule ids each kind implements."""

from __future__ import annotations

from enum import Enum

RuleIds = tuple[str, ...]


class Kind(Enum):
    """Where an ability stands on a card."""

    ON_PLAY = "do"  # what the card does once: a spell, or when it is played
    TRIGGER = "trigger"
    QUICK = "quick"  # a quick action: costs -> effects (QA-1)
    PASSIVE = "passive"  # applies while in play (A-PASS-1)
    REPLACEMENT = "replacement"  # "instead"
    # a cost paid as the card is played, beside its own (Riftbound 356.2: "as an
    # additional cost"; optional when its costs are "may", 356.2.b): Decision IMP-EXTRA
    ADDITIONAL_COST = "additional_cost"
    # how objects enter the Board, applied as each one enters, not after (Riftbound 143.4
    # units enter exhausted, 149.1 gear ready; 805.6 "enter ready"): Decision IMP-ENTER
    AS_ENTERS = "as_enters"
    # what the rules forbid and the card allows its controller ("you may play exhausted
    # cards from your Reserve", Altered 2.4.5.c): Decision IMP-MAY
    PERMISSION = "permission"
    # a static ability the passive engine does not run, described and listed by check as
    # not analysed: a discount of the card itself, applied as it is played (Riftbound
    # 356.4.a), a rule of combat ("I don't deal combat damage"): Decision IMP-STATICS
    STATIC = "static"


KIND_RULES: dict[Kind, RuleIds] = {
    Kind.ON_PLAY: ("A-SPELL-1", "A-SPELL-4", "A-SPELL-6"),
    Kind.TRIGGER: ("TRIG-1", "TRIG-2", "TRIG-4"),
    Kind.QUICK: ("QA-1", "A-GOLD-2", "A-GOLD-9"),
    Kind.PASSIVE: ("A-PASS-1", "A-PASS-2", "A-ORDER-1"),
    Kind.REPLACEMENT: ("R-1", "R-2", "R-5"),
    Kind.ADDITIONAL_COST: ("Riftbound 356.2", "Riftbound 356.4.f.1"),
    Kind.AS_ENTERS: ("Riftbound 143.4", "Riftbound 805.6"),
    Kind.PERMISSION: ("Altered 2.4.5.c", "A-GOLD-1"),
    Kind.STATIC: ("Riftbound 364", "Riftbound 356.4.a"),
}
